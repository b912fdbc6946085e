//! A grant's editable fields, in `grant=` token order after the program id, described once: the
//! link's slots, the plan's boxes and the uncertainty panel's boxes read them through this table,
//! so they accept the same values with the same messages. Their values live in the plan's grant
//! (`document::plan`, which reads and writes them); a refusal is a typed [`GrantError`], put in
//! words in the reader's language when it is shown.

use std::fmt;

use crate::input::field_spec::{Field, Need, Origin};
use crate::input::parse::{echo, Problem};

/// One editable field of a grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GrantField {
    /// Amount expected, USD.
    Amount,
    /// Day the application goes out.
    ApplyDay,
    /// Days until approval.
    ReviewDays,
    /// Days usable after approval.
    ValidityDays,
    /// Chance of approval at the amount (the uncertainty bands).
    Approval,
    /// Shortest review; empty: the catalog's.
    ReviewMin,
    /// Longest review; empty: the catalog's.
    ReviewMax,
}

impl GrantField {
    /// Every field, in token order.
    pub const ALL: [GrantField; 7] = [
        GrantField::Amount,
        GrantField::ApplyDay,
        GrantField::ReviewDays,
        GrantField::ValidityDays,
        GrantField::Approval,
        GrantField::ReviewMin,
        GrantField::ReviewMax,
    ];

    /// The field as the link documents it ("review days"): the key of its error.
    pub fn what(self) -> &'static str {
        match self {
            GrantField::Amount => "amount",
            GrantField::ApplyDay => "apply day",
            GrantField::ReviewDays => "review days",
            GrantField::ValidityDays => "validity days",
            GrantField::Approval => "approval chance",
            GrantField::ReviewMin => "shortest review",
            GrantField::ReviewMax => "longest review",
        }
    }

    /// Its row of the input table: its range, its words and how it is typed and read.
    pub const fn field(self) -> Field {
        match self {
            GrantField::Amount => Field::GrantAmount,
            GrantField::ApplyDay => Field::GrantApplyDay,
            GrantField::ReviewDays => Field::GrantReviewDays,
            GrantField::ValidityDays => Field::GrantValidityDays,
            GrantField::Approval => Field::GrantApproval,
            GrantField::ReviewMin => Field::GrantReviewMin,
            GrantField::ReviewMax => Field::GrantReviewMax,
        }
    }

    /// The field in a sentence, in the reader's language (its row's label).
    pub fn what_text(self) -> &'static str {
        self.field().label()
    }

    /// What it accepts, in the reader's language (its row's words).
    pub fn expected(self) -> &'static str {
        self.field().accepted(Origin::Typed)
    }

    /// Reads `raw` by its row, as a link carries it or as the reader typed it (in their language:
    /// "100.000" in Portuguese is 100K); `None` for blank text where blank is the catalog's.
    pub fn read(self, raw: &str, origin: Origin) -> Result<Option<f64>, GrantError> {
        let field = self.field();
        if field.blank_is_default() && raw.trim().is_empty() {
            return Ok(None);
        }
        field
            .parse(raw, origin)
            .map(Some)
            .map_err(|e| GrantError::new(self, raw, e.problem))
    }

    /// When a link writes it: the four dated fields always (a link keeps its meaning when the
    /// catalog's defaults change), the uncertainty fields only when one differs from its default.
    pub const fn need(self) -> Need {
        match self {
            GrantField::Amount
            | GrantField::ApplyDay
            | GrantField::ReviewDays
            | GrantField::ValidityDays => Need::Written,
            GrantField::Approval | GrantField::ReviewMin | GrantField::ReviewMax => Need::WhenSet,
        }
    }
}

/// A grant field's value refused: the field, the text given (shortened), and why. Shown with the
/// grant it belongs to by [`crate::input::token::TokenError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GrantError {
    /// The field.
    pub field: GrantField,
    /// The value as given, shortened; render it as text.
    pub got: String,
    /// Why it was refused ([`Problem::Empty`] for blank text, whatever the reader said).
    pub problem: Problem,
}

impl GrantError {
    /// The error for `raw` in `field`.
    pub fn new(field: GrantField, raw: &str, problem: Problem) -> Self {
        GrantError {
            field,
            got: echo(raw),
            problem: problem.of_text(raw),
        }
    }

    /// The message naming the grant (`label`: "Grant 2 (Modal startup credits)").
    pub fn message(&self, label: &str) -> String {
        let problem = match self.problem {
            Problem::Empty => crate::tr!("plan.is_missing"),
            ref p => p.describe(&self.got),
        };
        crate::tr!(
            "plan.field_error",
            label = label,
            what = self.field.what_text(),
            problem = problem,
            expected = self.field.expected()
        )
    }
}

impl fmt::Display for GrantError {
    /// Without the grant's name; [`GrantError::message`] names it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(&crate::tr!("plan.grant_field.a_grant")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_text_is_missing_whatever_the_reader_said() {
        // A box emptied by the reader: the reader's "not a number" is "missing".
        let e = GrantError::new(GrantField::Amount, "  ", Problem::NotANumber);
        assert_eq!(e.problem, Problem::Empty);
        assert_eq!(
            e.message("Grant 1 (Modal startup credits)"),
            "Grant 1 (Modal startup credits): amount is missing. Expected USD above 0 and at most 1B, like 100K."
        );
    }

    #[test]
    fn only_the_uncertainty_fields_are_left_out_at_their_default() {
        let when_set: Vec<GrantField> = GrantField::ALL
            .into_iter()
            .filter(|f| f.need() == Need::WhenSet)
            .collect();
        assert_eq!(
            when_set,
            [
                GrantField::Approval,
                GrantField::ReviewMin,
                GrantField::ReviewMax
            ]
        );
    }
}
