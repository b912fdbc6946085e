//! Rebuilds the page when a translation changes: rust-i18n reads locales/*.yml inside its macro,
//! which cargo does not watch by itself.
fn main() {
    println!("cargo:rerun-if-changed=locales");
    println!("cargo:rerun-if-changed=model/locales");
}
