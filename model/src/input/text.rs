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

/// A file name stem from a plan name: its letters and digits, each run of anything else as one
/// dash, at most 60 characters; `None` when nothing is left (the caller's default name then).
pub fn file_stem(name: &str) -> Option<String> {
    let stem: String = name
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { '-' })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
        .chars()
        .take(60)
        .collect();
    (!stem.is_empty()).then_some(stem)
}

/// Text for storage: [`typed_text`], trimmed.
pub fn clean_text(raw: &str, max: usize) -> String {
    typed_text(raw.trim(), max).trim().to_string()
}

thread_local! {
    static INTERNED: std::cell::RefCell<std::collections::HashSet<&'static str>> =
        std::cell::RefCell::new(std::collections::HashSet::new());
}

/// A translated text as `&'static str`, for the labels callers keep as `&'static str` (component
/// props, tables). Each distinct text is stored once per thread and then reused, so the memory is
/// bounded by the number of labels in both languages, not by how often they are asked for.
pub fn interned(text: String) -> &'static str {
    INTERNED.with(|set| {
        let mut set = set.borrow_mut();
        if let Some(found) = set.get(text.as_str()) {
            return *found;
        }
        let leaked: &'static str = Box::leak(text.into_boxed_str());
        set.insert(leaked);
        leaked
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn interned_texts_are_stored_once() {
        let a = interned("Compute cost".to_string());
        let b = interned(String::from("Compute cost"));
        assert_eq!(a, "Compute cost");
        // The same text comes back as the same stored copy, not a second one.
        assert!(std::ptr::eq(a, b));
    }
}
