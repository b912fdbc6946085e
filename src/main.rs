//! Entry point: install the panic hook (a visible banner, not a blank page) and mount the app.

mod app;
mod details;
mod lang;
mod platform;
mod sections;
mod state;
mod widgets;

// The page's words (locales/*.yml) in English and Portuguese; English is the fallback.
rust_i18n::i18n!("locales", fallback = "en");
runway_model::tr_lookup!();

fn main() {
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        platform::browser::show_fatal_banner(&runway_model::tr!(
            "app.panic",
            info = info.to_string()
        ));
    }));
    lang::mount(true, app::page);
}
