//! A catalog source as the page shows it: in the reader's language, the publications it quotes
//! by their published titles.

use leptos::prelude::*;

/// A source in the reader's language, the titles it quotes marked as English (`lang="en"`), so a
/// screen reader reads them in English and a translator leaves them as published.
pub fn cited(text: &str) -> impl IntoView {
    runway_model::title_pieces(text)
        .into_iter()
        .map(|(piece, title)| {
            let piece = piece.to_string();
            if title {
                view! { <span lang="en">{piece}</span> }.into_any()
            } else {
                piece.into_any()
            }
        })
        .collect_view()
}
