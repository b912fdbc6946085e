//! Entry point: install the panic hook (a visible banner, not a blank page) and mount the app.

mod app;
mod browser;
mod state;
mod storage;
mod ui;

fn main() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        browser::show_fatal_banner(&format!(
            "Something went wrong: {info}. Reload the page; your inputs are in the link."
        ));
    }));
    leptos::mount::mount_to_body(app::App);
}
