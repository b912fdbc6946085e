//! Which token of a link a message is about. Typed, so each panel picks out its own errors by
//! kind (the comparison panel its `cmp` tokens, the plan its jobs and grants), never by a string
//! prefix; the message is the model's exact text, shown as it is.

use std::fmt;

use crate::input::calendar::DateProblem;
use crate::input::grant_field::GrantError;
use crate::input::parse::InputError;

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
    /// The i-th `api_use=` token (a hosted API).
    Api(usize),
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
            Token::Api(i) => format!("api-use-{i}"),
            Token::Grant(i) => format!("grant-{i}"),
            Token::Cmp(i) => format!("cmp-{i}"),
        }
    }

    /// How a message names it: "Job 2", "Serving 1", "Comparison 3" (grants and day 0 name
    /// themselves in their own messages).
    pub fn label(self) -> String {
        match self {
            Token::Job(i) => crate::tr!("workloads.job_label", n = i + 1),
            Token::Serve(i) => crate::tr!("workloads.serve_label", n = i + 1),
            Token::Work(i) => crate::tr!("plan.work.label", n = i + 1),
            Token::Api(i) => crate::tr!("api_use.label", n = i + 1),
            Token::Cmp(i) => crate::tr!("compare.label", n = i + 1),
            Token::Grant(i) => crate::tr!("plan.grant_n", n = i + 1),
            // Its own messages name it.
            Token::T0 => self.key(),
        }
    }

    /// The message for a token of the wrong shape, with the fields its kind has.
    fn expected(self, got: &str) -> String {
        let label = self.label();
        match self {
            Token::Job(_) => crate::tr!(
                "workloads.job_expected",
                label = label,
                shape = crate::input::field_spec::job_shape(),
                got = got
            ),
            Token::Serve(_) => crate::tr!("workloads.serve_expected", label = label, got = got),
            Token::Work(_) => crate::tr!("plan.work.expected", label = label, got = got),
            Token::Api(_) => crate::tr!("api_use.expected", label = label, got = got),
            Token::Cmp(_) => crate::tr!("compare.expected", label = label, got = got),
            Token::Grant(_) => crate::tr!("plan.too_many_fields", label = label),
            Token::T0 => format!("{label}: {got}"),
        }
    }
}

/// A rejected token: which one, which of its fields (when one field is at fault), and why. Its
/// one [`Display`](fmt::Display) names the token and, for a field's value, the field and what it
/// accepts, in the reader's language when it is shown ("Job 2: MFU: …").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TokenError {
    /// The token.
    pub at: Token,
    /// The field at fault, as the link documents it (`tokens`, `months`, `review days`); `None`
    /// when the token as a whole is wrong (too few fields, an unknown program).
    pub field: Option<&'static str>,
    /// What is wrong.
    pub problem: TokenProblem,
}

/// Why a token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// It does not have the number of fields its kind of token has (`got`: the token, shortened).
    Shape {
        /// The token as given, shortened for quoting.
        got: String,
    },
    /// A field's value: the input table's field, the text given, why, and what it accepts.
    Input(InputError),
    /// A grant's field: the error, and the program's name when known (the message names the
    /// grant by it: "Grant 2 (Modal startup credits)").
    Grant {
        /// The program's display name; empty: not known, the grant is named by its place.
        program: String,
        /// The field's error (boxed: the rarest error keeps every token's result small).
        error: Box<GrantError>,
    },
    /// `t0` is not a date (`got`: the value, shortened).
    Date {
        /// The value as given, shortened.
        got: String,
        /// Why it is not a date.
        problem: DateProblem,
    },
    /// One token more than a plan holds: this one and later ones of its kind are left out.
    TooMany {
        /// The most a plan holds.
        max: usize,
    },
    /// Anything else, already in words and naming the token (an unknown program, a precision
    /// the accelerator lacks).
    Said(String),
}

impl TokenError {
    /// An error about the token as a whole.
    pub fn new(at: Token, message: impl Into<String>) -> Self {
        TokenError {
            at,
            field: None,
            problem: TokenProblem::Said(message.into()),
        }
    }

    /// An error about one field of the token, in words.
    pub fn in_field(at: Token, field: &'static str, message: impl Into<String>) -> Self {
        TokenError {
            at,
            field: Some(field),
            problem: TokenProblem::Said(message.into()),
        }
    }

    /// A field's value refused by the input table's rules.
    pub fn input(at: Token, error: InputError) -> Self {
        TokenError {
            at,
            field: Some(error.field.key()),
            problem: TokenProblem::Input(error),
        }
    }

    /// A grant field's value refused.
    pub fn grant(at: Token, program: &str, error: GrantError) -> Self {
        TokenError {
            at,
            field: Some(error.field.what()),
            problem: TokenProblem::Grant {
                program: program.to_string(),
                error: Box::new(error),
            },
        }
    }

    /// Names the grant a field error is about by its program (no change to other errors).
    pub fn of_program(mut self, name: &str) -> Self {
        if let TokenProblem::Grant { program, .. } = &mut self.problem {
            *program = name.to_string();
        }
        self
    }

    /// A `t0` that is not a date.
    pub fn date(got: &str, problem: DateProblem) -> Self {
        TokenError {
            at: Token::T0,
            field: None,
            problem: TokenProblem::Date {
                got: crate::input::parse::echo(got),
                problem,
            },
        }
    }

    /// A token beyond the most a plan holds (`max`).
    pub fn too_many(at: Token, max: usize) -> Self {
        TokenError {
            at,
            field: None,
            problem: TokenProblem::TooMany { max },
        }
    }

    /// A token without the number of fields its kind has.
    pub fn shape(at: Token, token: &str) -> Self {
        TokenError {
            at,
            field: None,
            problem: TokenProblem::Shape {
                got: crate::input::parse::echo(token),
            },
        }
    }

    /// The test-id key of its message.
    pub fn key(&self) -> String {
        self.at.key()
    }

    /// The message, in the reader's language.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for TokenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.problem {
            TokenProblem::Shape { got } => f.write_str(&self.at.expected(got)),
            TokenProblem::Input(e) => write!(f, "{}: {e}", self.at.label()),
            TokenProblem::TooMany { max } => {
                let label = self.at.label();
                f.write_str(&match self.at {
                    Token::Grant(_) => crate::tr!("plan.too_many_grants", label = label, max = max),
                    Token::Cmp(_) => crate::tr!("plan.too_many_columns", label = label, max = max),
                    _ => crate::tr!("plan.too_many_workloads", label = label, max = max),
                })
            }
            TokenProblem::Grant { program, error } => {
                let label = match self.at {
                    Token::Grant(i) if !program.is_empty() => {
                        crate::tr!("plan.grant_label", n = i + 1, name = program)
                    }
                    at => at.label(),
                };
                f.write_str(&error.message(&label))
            }
            TokenProblem::Date { got, problem } => f.write_str(&crate::tr!(
                "plan.bad_t0",
                got = got,
                why = problem.to_string()
            )),
            TokenProblem::Said(message) => f.write_str(message),
        }
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
