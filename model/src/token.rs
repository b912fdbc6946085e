//! Which token of a link a message is about. Typed, so each panel picks out its own errors by
//! kind (the comparison panel its `cmp` tokens, the plan its jobs and grants), never by a string
//! prefix; the message is the model's exact text, shown as it is.

use std::fmt;

/// A token of a link: its kind and its 0-based position among tokens of that kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Token {
    /// `t0`, the date of day 0.
    T0,
    /// The i-th `job=` token.
    Job(usize),
    /// The i-th `serve=` token.
    Serve(usize),
    /// The i-th `work=` token (experiments).
    Work(usize),
    /// The i-th `grant=` token.
    Grant(usize),
    /// The i-th `cmp=` token (a compared column).
    Cmp(usize),
}

impl Token {
    /// The test-id key of its message: `error-<key>` (`job-0`, `grant-2`, `t0`).
    pub fn key(self) -> String {
        match self {
            Token::T0 => "t0".into(),
            Token::Job(i) => format!("job-{i}"),
            Token::Serve(i) => format!("serve-{i}"),
            Token::Work(i) => format!("work-{i}"),
            Token::Grant(i) => format!("grant-{i}"),
            Token::Cmp(i) => format!("cmp-{i}"),
        }
    }
}

/// A rejected token: which one, which of its fields (when one field is at fault), and the
/// message naming both and what is accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    /// The token.
    pub at: Token,
    /// The field at fault, as the link documents it (`tokens`, `months`, `review days`); `None`
    /// when the token as a whole is wrong (too few fields, an unknown program).
    pub field: Option<&'static str>,
    /// What is wrong and what is accepted, naming the token ("Job 2: MFU: …").
    pub message: String,
}

impl TokenError {
    /// An error about the token as a whole.
    pub fn new(at: Token, message: impl Into<String>) -> Self {
        TokenError {
            at,
            field: None,
            message: message.into(),
        }
    }

    /// An error about one field of the token.
    pub fn in_field(at: Token, field: &'static str, message: impl Into<String>) -> Self {
        TokenError {
            at,
            field: Some(field),
            message: message.into(),
        }
    }

    /// The test-id key of its message.
    pub fn key(&self) -> String {
        self.at.key()
    }
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TokenError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_the_documented_test_ids() {
        let keys: Vec<String> = [
            Token::T0,
            Token::Job(0),
            Token::Serve(1),
            Token::Work(2),
            Token::Grant(3),
            Token::Cmp(4),
        ]
        .into_iter()
        .map(Token::key)
        .collect();
        assert_eq!(
            keys,
            ["t0", "job-0", "serve-1", "work-2", "grant-3", "cmp-4"]
        );
    }
}
