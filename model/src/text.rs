//! A plan's own words (its name and note): what is kept of text typed or carried by a link.
//! Rendered as text, never as markup.

/// Longest name kept, in characters.
pub const MAX_NAME: usize = 80;
/// Longest note kept, in characters.
pub const MAX_NOTE: usize = 2_000;

/// Text as it is being typed: control characters removed (newlines kept), at most `max`
/// characters, spaces kept where the founder put them (a name is typed one space at a time).
pub fn typed_text(raw: &str, max: usize) -> String {
    raw.chars()
        .filter(|c| !c.is_control() || *c == '\n')
        .take(max)
        .collect()
}

/// Text for storage: [`typed_text`], trimmed.
pub fn clean_text(raw: &str, max: usize) -> String {
    typed_text(raw.trim(), max).trim().to_string()
}
