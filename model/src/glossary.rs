//! The page's terms of art, each spelled out and explained in one line, in the reader's language.
//! The page spells a term out where it first appears and links it to its entry here.

/// One term: its short form, what it stands for, and a one-line explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Term {
    /// The element id's suffix (`glossary-mfu`) and the code's name for it.
    pub id: &'static str,
    /// The term as the page writes it: "MFU".
    pub short: String,
    /// What it stands for: "model FLOPs utilization" (the same as `short` for a plain word).
    pub spelled: String,
    /// One sentence for a first-time reader.
    pub explain: String,
}

/// Every term, in the glossary's order (roughly the page's order).
pub const IDS: [&str; 27] = [
    "flops",
    "params",
    "tokens",
    "mfu",
    "bf16",
    "gpu_hours",
    "continued",
    "lora",
    "qlora",
    "dpo",
    "eta",
    "checkpoint",
    "mtbf",
    "daly",
    "egress",
    "on_demand",
    "reserved",
    "spot",
    "serverless",
    "duty",
    "batch",
    "prefill",
    "decode",
    "mtok",
    "ceiling",
    "review",
    "runway",
];

/// The term `id` in the thread's language (`None` for an id not in [`IDS`]).
pub fn term(id: &str) -> Option<Term> {
    let id = IDS.into_iter().find(|i| *i == id)?;
    let (short, spelled, explain) = match id {
        "flops" => (
            tr!("glossary.flops.short"),
            tr!("glossary.flops.spelled"),
            tr!("glossary.flops.explain"),
        ),
        "params" => (
            tr!("glossary.params.short"),
            tr!("glossary.params.spelled"),
            tr!("glossary.params.explain"),
        ),
        "tokens" => (
            tr!("glossary.tokens.short"),
            tr!("glossary.tokens.spelled"),
            tr!("glossary.tokens.explain"),
        ),
        "mfu" => (
            tr!("glossary.mfu.short"),
            tr!("glossary.mfu.spelled"),
            tr!("glossary.mfu.explain"),
        ),
        "bf16" => (
            tr!("glossary.bf16.short"),
            tr!("glossary.bf16.spelled"),
            tr!("glossary.bf16.explain"),
        ),
        "gpu_hours" => (
            tr!("glossary.gpu_hours.short"),
            tr!("glossary.gpu_hours.spelled"),
            tr!("glossary.gpu_hours.explain"),
        ),
        "continued" => (
            tr!("glossary.continued.short"),
            tr!("glossary.continued.spelled"),
            tr!("glossary.continued.explain"),
        ),
        "lora" => (
            tr!("glossary.lora.short"),
            tr!("glossary.lora.spelled"),
            tr!("glossary.lora.explain"),
        ),
        "qlora" => (
            tr!("glossary.qlora.short"),
            tr!("glossary.qlora.spelled"),
            tr!("glossary.qlora.explain"),
        ),
        "dpo" => (
            tr!("glossary.dpo.short"),
            tr!("glossary.dpo.spelled"),
            tr!("glossary.dpo.explain"),
        ),
        "eta" => (
            tr!("glossary.eta.short"),
            tr!("glossary.eta.spelled"),
            tr!("glossary.eta.explain"),
        ),
        "checkpoint" => (
            tr!("glossary.checkpoint.short"),
            tr!("glossary.checkpoint.spelled"),
            tr!("glossary.checkpoint.explain"),
        ),
        "mtbf" => (
            tr!("glossary.mtbf.short"),
            tr!("glossary.mtbf.spelled"),
            tr!("glossary.mtbf.explain"),
        ),
        "daly" => (
            tr!("glossary.daly.short"),
            tr!("glossary.daly.spelled"),
            tr!("glossary.daly.explain"),
        ),
        "egress" => (
            tr!("glossary.egress.short"),
            tr!("glossary.egress.spelled"),
            tr!("glossary.egress.explain"),
        ),
        "on_demand" => (
            tr!("glossary.on_demand.short"),
            tr!("glossary.on_demand.spelled"),
            tr!("glossary.on_demand.explain"),
        ),
        "reserved" => (
            tr!("glossary.reserved.short"),
            tr!("glossary.reserved.spelled"),
            tr!("glossary.reserved.explain"),
        ),
        "spot" => (
            tr!("glossary.spot.short"),
            tr!("glossary.spot.spelled"),
            tr!("glossary.spot.explain"),
        ),
        "serverless" => (
            tr!("glossary.serverless.short"),
            tr!("glossary.serverless.spelled"),
            tr!("glossary.serverless.explain"),
        ),
        "duty" => (
            tr!("glossary.duty.short"),
            tr!("glossary.duty.spelled"),
            tr!("glossary.duty.explain"),
        ),
        "batch" => (
            tr!("glossary.batch.short"),
            tr!("glossary.batch.spelled"),
            tr!("glossary.batch.explain"),
        ),
        "prefill" => (
            tr!("glossary.prefill.short"),
            tr!("glossary.prefill.spelled"),
            tr!("glossary.prefill.explain"),
        ),
        "decode" => (
            tr!("glossary.decode.short"),
            tr!("glossary.decode.spelled"),
            tr!("glossary.decode.explain"),
        ),
        "mtok" => (
            tr!("glossary.mtok.short"),
            tr!("glossary.mtok.spelled"),
            tr!("glossary.mtok.explain"),
        ),
        "ceiling" => (
            tr!("glossary.ceiling.short"),
            tr!("glossary.ceiling.spelled"),
            tr!("glossary.ceiling.explain"),
        ),
        "review" => (
            tr!("glossary.review.short"),
            tr!("glossary.review.spelled"),
            tr!("glossary.review.explain"),
        ),
        _ => (
            tr!("glossary.runway.short"),
            tr!("glossary.runway.spelled"),
            tr!("glossary.runway.explain"),
        ),
    };
    Some(Term {
        id,
        short,
        spelled,
        explain,
    })
}

/// The term a typed field's label names, by field key (`mfu` → MFU): the page spells it out next
/// to the label and links it to its entry.
pub fn term_of_field(key: &str) -> Option<&'static str> {
    Some(match key {
        "mfu" => "mfu",
        "duty" => "duty",
        "mtbf" => "mtbf",
        "ckpt_every" => "daly",
        "ckpt_write" => "checkpoint",
        "params" => "params",
        "tokens" => "tokens",
        "api_price" => "mtok",
        "reserved" => "reserved",
        "batch_tokens" => "batch",
        _ => return None,
    })
}

/// Every term in the thread's language.
pub fn all() -> Vec<Term> {
    IDS.into_iter().filter_map(term).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::locale::{with_lang, Lang};

    #[test]
    fn every_term_is_spelled_out_and_explained_in_both_languages() {
        for lang in Lang::ALL {
            let terms = with_lang(lang, all);
            assert_eq!(terms.len(), IDS.len(), "{lang:?}: an id without a text");
            for t in &terms {
                assert!(
                    !t.short.is_empty() && !t.spelled.is_empty(),
                    "{lang:?} {}",
                    t.id
                );
                // One sentence for a first-time reader: ends like one, and is more than the term.
                assert!(t.explain.ends_with('.'), "{lang:?} {}: {}", t.id, t.explain);
                assert!(t.explain.len() > t.spelled.len() + 10, "{lang:?} {}", t.id);
            }
            let mut shorts: Vec<&str> = terms.iter().map(|t| t.short.as_str()).collect();
            shorts.sort_unstable();
            shorts.dedup();
            assert_eq!(shorts.len(), IDS.len(), "{lang:?}: two terms share a name");
        }
    }

    #[test]
    fn typed_fields_name_terms_the_glossary_has() {
        // The fields whose labels are abbreviations or terms of art: each is a real field key (a
        // renamed field would silently lose its link) and names a term the glossary has.
        let keys: Vec<&str> = crate::input::field_spec::Field::ALL
            .iter()
            .map(|f| f.key())
            .collect();
        let named = [
            "mfu",
            "duty",
            "mtbf",
            "ckpt_every",
            "ckpt_write",
            "params",
            "tokens",
            "api_price",
            "reserved",
        ];
        for key in named {
            assert!(keys.contains(&key), "{key} is not a field key");
            let id = term_of_field(key).unwrap_or_else(|| panic!("{key} names no term"));
            assert!(term(id).is_some(), "{key} → {id}");
        }
        assert_eq!(term_of_field("gpus"), None);
        // The batch's field names the batch term.
        assert_eq!(term_of_field("batch_tokens"), Some("batch"));
    }

    #[test]
    fn the_abbreviations_the_issue_names_are_spelled_out() {
        // Issue 14: "MFU is spelled out nowhere but a chart axis; η, Daly, MTBF, duty cycle, bf16
        // and Mtok appear without explanation".
        let mfu = with_lang(Lang::En, || term("mfu")).expect("MFU is a term");
        assert_eq!(mfu.short, "MFU");
        assert_eq!(mfu.spelled, "model FLOPs utilization");
        let mfu_pt = with_lang(Lang::Pt, || term("mfu")).expect("MFU is a term");
        assert_eq!(
            mfu_pt.short, "MFU",
            "the abbreviation stays; its expansion is translated"
        );
        assert_ne!(mfu_pt.explain, mfu.explain);
        for id in ["eta", "daly", "mtbf", "duty", "bf16", "mtok"] {
            assert!(term(id).is_some(), "{id}");
        }
        assert_eq!(term("nope"), None);
    }
}
