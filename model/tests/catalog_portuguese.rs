//! The catalog as a Portuguese reader sees it (issue 27, item 7): every text of data/*.json the
//! page shows, taken through the same accessors the page uses (`*_text()`, `name_text()`) on a
//! Portuguese page, is Portuguese: a translation, with no English framing words and with numbers
//! written as pt-BR writes them. What a text cites keeps its published title: a title in double
//! quotes (what the page marks `lang="en"`, [`runway_model::title_pieces`]) and a URL or domain
//! are left out of the checks; so is a quotation in single quotes, which is translated (an English
//! one left in single quotes would not be marked, and is caught).

use runway_model::locale::{with_lang, Lang};
use runway_model::{
    estimate, estimate_overheads, title_pieces, Catalog, HiddenOutput, Job, Output, OverheadInputs,
};

fn catalog() -> Catalog {
    Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
}

/// `(what, English, Portuguese)` for every descriptive catalog text the page shows: the English as
/// an English page shows it, the Portuguese as a Portuguese page shows it. Names are apart
/// ([`names`]): a product name reads the same in both languages.
fn shown_texts(c: &Catalog) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut put = |what: String, text: &dyn Fn() -> String| {
        out.push((what, with_lang(Lang::En, text), with_lang(Lang::Pt, text)));
    };
    for p in &c.programs {
        let id = &p.id;
        put(format!("program {id} covers"), &|| p.covers_text().into());
        put(format!("program {id} stage"), &|| p.stage_text().into());
        put(format!("program {id} fits_reason"), &|| {
            p.fits_reason_text().into()
        });
        put(format!("program {id} tiers"), &|| p.tiers_text().into());
        put(format!("program {id} expected_source"), &|| {
            p.expected_source_text().into()
        });
        put(format!("program {id} ceiling_source"), &|| {
            p.ceiling_source_text().into()
        });
        put(format!("program {id} validity_source"), &|| {
            p.validity_source_text().into()
        });
        put(format!("program {id} source"), &|| p.source_text().into());
    }
    for a in &c.accelerators {
        let id = &a.id;
        put(format!("accelerator {id} source"), &|| {
            a.source_text().into()
        });
        put(format!("accelerator {id} intra_node_source"), &|| {
            a.intra_node_source_text().into()
        });
    }
    for p in &c.providers {
        put(format!("provider {} billing", p.id), &|| {
            p.billing_text().into()
        });
    }
    for p in &c.prices {
        let what = format!("price {}/{} note", p.provider, p.accelerator);
        put(what, &|| p.note_text().into());
    }
    for i in &c.instances {
        let what = format!("instance {}/{} capacity_note", i.provider, i.accelerator);
        put(what, &|| i.capacity_note_text().into());
    }
    out.extend(cited_sources(c));
    out
}

/// `(what, English, Portuguese)` for the sources "Show the math" cites beside a price, a
/// provider's storage, egress and spot figures, a network and an instance (issue 27, item 7).
fn cited_sources(c: &Catalog) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut put = |what: String, text: &dyn Fn() -> String| {
        out.push((what, with_lang(Lang::En, text), with_lang(Lang::Pt, text)));
    };
    for p in &c.prices {
        let what = format!("price {}/{} source", p.provider, p.accelerator);
        put(what, &|| p.source_text().into());
    }
    for p in &c.providers {
        let id = &p.id;
        put(format!("provider {id} storage_egress_source"), &|| {
            p.storage_egress_source_text().into()
        });
        put(format!("provider {id} spot_source"), &|| {
            p.spot_source_text().into()
        });
        if p.preemption_mtbf_gpu_hours.is_some() {
            put(format!("provider {id} preemption_source"), &|| {
                p.preemption_source_text().into()
            });
        }
    }
    for n in &c.networks {
        put(format!("network {} source", n.id), &|| {
            n.source_text().into()
        });
    }
    for i in &c.instances {
        let what = format!("instance {}/{} source", i.provider, i.accelerator);
        put(what, &|| i.source_text().into());
    }
    out
}

/// `(what, English, Portuguese)` for the names of programs, accelerators and networks.
fn names(c: &Catalog) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let mut put = |what: String, text: &dyn Fn() -> String| {
        out.push((what, with_lang(Lang::En, text), with_lang(Lang::Pt, text)));
    };
    for p in &c.programs {
        put(format!("program {}", p.id), &|| p.name_text().into());
    }
    for a in &c.accelerators {
        put(format!("accelerator {}", a.id), &|| a.name_text().into());
    }
    for n in &c.networks {
        put(format!("network {}", n.id), &|| n.name_text().into());
    }
    out
}

/// The text a reader reads as prose: without double-quoted titles, single-quoted ones ('Get More
/// Benefits FAQs'), URLs and bare domains or paths (`cloudcredits.co/...`, `stas00/ml-engineering`).
fn prose(text: &str) -> String {
    let plain: String = title_pieces(text)
        .into_iter()
        .filter(|(_, title)| !title)
        .map(|(piece, _)| piece)
        .collect::<Vec<_>>()
        .join(" ");
    let chars: Vec<char> = plain.chars().collect();
    let mut kept = String::new();
    let mut i = 0;
    for (open, close) in single_quoted(&chars) {
        kept.extend(&chars[i..open]);
        kept.push(' ');
        i = close + 1;
    }
    kept.extend(&chars[i..]);
    kept.split_whitespace()
        .filter(|w| !(w.contains("://") || w.contains('/') || is_domain(w)))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `(open, close)` positions of each single-quoted span: a single quote opens after a
/// non-letter and closes before one (an apostrophe sits between letters: "AWS's").
fn single_quoted(chars: &[char]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let opens = chars[i] == '\''
            && (i == 0 || !chars[i - 1].is_alphanumeric())
            && chars.get(i + 1).is_some_and(|c| !c.is_whitespace());
        let close = opens
            .then(|| {
                (i + 1..chars.len()).find(|&j| {
                    chars[j] == '\'' && chars.get(j + 1).is_none_or(|c| !c.is_alphanumeric())
                })
            })
            .flatten();
        match close {
            Some(j) => {
                out.push((i, j));
                i = j + 1;
            }
            None => i += 1,
        }
    }
    out
}

/// The quotations of a Portuguese text left in single quotes as its English twin writes them:
/// English words quoted as published, which the page marks `lang="en"` only in double quotes
/// ([`title_pieces`]). A quotation translated into Portuguese ('até US$ 100.000') may stay in
/// single quotes, and so may a figure quoted as published, with no word ('US$ 10.000').
fn english_in_single_quotes(en: &str, pt: &str) -> Vec<String> {
    let chars: Vec<char> = pt.chars().collect();
    single_quoted(&chars)
        .into_iter()
        .map(|(open, close)| chars[open + 1..close].iter().collect::<String>())
        .filter(|q| en.contains(&format!("'{q}'")))
        .filter(|q| {
            q.split(|c: char| !c.is_alphabetic())
                .any(|w| w.len() > 1 && w.chars().any(char::is_lowercase))
        })
        .collect()
}

/// `getaiperks.com`, `aicredits.dev,`: a word ending in a domain suffix.
fn is_domain(word: &str) -> bool {
    let w = word.trim_end_matches([',', ';', ')', ':', '.']);
    [".com", ".dev", ".co", ".ai", ".io", ".guru", ".net", ".org"]
        .iter()
        .any(|tld| w.contains(tld) && w.ends_with(tld) && w.len() > tld.len())
}

/// English words and phrases that frame a figure or a source ("Estimate: $200K, the low end of
/// ...", "read 2026-12-01", "up to", "with sparsity") or describe it, as whole words,
/// case-insensitive. Product and program names (Reserved Clusters, Investor Network, Capacity
/// Blocks, Founders Hub) are names, not framing, and are not listed; nor are loanwords a Brazilian
/// engineer uses (serverless, endpoints, cluster, startup, datasheet is not one: "ficha técnica").
const ENGLISH: [&str; 38] = [
    "estimate",
    "the low end",
    "read",
    "up to",
    "per chip",
    "per second",
    "general cloud",
    "with sparsity",
    "typical",
    "typically",
    "datasheet",
    "data sheet",
    "page",
    "docs",
    "documentation",
    "table",
    "tracked",
    "ceiling",
    "credits",
    "grant",
    "grants",
    "award",
    "tier",
    "tiers",
    "dense",
    "bidirectional",
    "business days",
    "third-party",
    "citing",
    "quote",
    "our",
    "the",
    "and",
    "of",
    "is",
    "with",
    "valid",
    "half",
];

/// The English words of [`ENGLISH`] in a text's prose.
fn english_words(text: &str) -> Vec<&'static str> {
    let p = format!(" {} ", prose(text).to_lowercase());
    ENGLISH
        .iter()
        .copied()
        .filter(|w| {
            p.match_indices(w).any(|(i, _)| {
                let before = p[..i].chars().last().is_some_and(|c| !c.is_alphanumeric());
                let after = p[i + w.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| !c.is_alphanumeric());
                before && after
            })
        })
        .collect()
}

/// The numbers of a text's prose not written as pt-BR writes them. The rule, and what it cannot
/// tell apart:
/// - a number starts at a digit with no letter, digit, `.`, `,`, `-`, `_` or `/` before it, so
///   names and identifiers ("H100", "v5e", "inf2.48xlarge", "GPT-4o") and the later parts of ISO
///   dates ("2026-12-01") are not numbers; it runs over digits, `.` and `,` and ends at a digit;
/// - English thousands: a `,` followed by exactly three digits ("1,979"; a pt-BR decimal with
///   three decimals reads the same: [`untranslated_numbers`] tells them apart by the English twin);
/// - an English decimal point: a `.` followed by one, two or four or more digits ("1.8"; "1.555"
///   with three decimals reads as pt-BR thousands and cannot be caught; a version number standing
///   alone, "Llama 3.1", would be caught, and belongs in a name or a title); a number of two or
///   more dots that are not all thousands ("3.3.4") is a section or version number, not a decimal;
/// - "mil"/"milhão"/"milhões" after a number: the page writes "US$ 50K", "US$ 1M" in both
///   languages (model/tests/page_wording.rs keeps the same rule for the locale files).
fn english_numbers(text: &str) -> Vec<String> {
    let p = prose(text);
    let chars: Vec<char> = p.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts = chars[i].is_ascii_digit()
            && (i == 0 || !(chars[i - 1].is_alphanumeric() || ".,-_/".contains(chars[i - 1])));
        if !starts {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < chars.len() && (chars[end].is_ascii_digit() || ".,".contains(chars[end])) {
            end += 1;
        }
        while end > i && !chars[end - 1].is_ascii_digit() {
            end -= 1;
        }
        let number: String = chars[i..end].iter().collect();
        let groups_after = |mark: char| -> Vec<usize> {
            number
                .split(mark)
                .skip(1)
                .map(|g| g.chars().take_while(char::is_ascii_digit).count())
                .collect()
        };
        let comma_thousands = groups_after(',').contains(&3);
        let dots = groups_after('.');
        let dot_decimal = dots.len() == 1 && dots.iter().any(|&n| n != 3);
        let rest: String = chars[end..].iter().take(8).collect();
        let mil = ["mil", "milhão", "milhões"].iter().any(|w| {
            rest.strip_prefix(' ')
                .and_then(|r| r.strip_prefix(w))
                .is_some_and(|r| r.chars().next().is_none_or(|c| !c.is_alphabetic()))
        });
        if comma_thousands || dot_decimal || mil {
            out.push(number);
        }
        i = end.max(i + 1);
    }
    out
}

/// English descriptors that must not be left in a Portuguese name ("AWS Activate (general cloud)",
/// "Google TPU v5e (per chip)", "AWS Trainium credits").
const DESCRIPTORS: [&str; 8] = [
    "per chip",
    "general cloud",
    "tier",
    "credits",
    "programs",
    "generative",
    "startup credits",
    "per node",
];

/// The English descriptors of [`DESCRIPTORS`] in a name.
fn descriptors(name: &str) -> Vec<&'static str> {
    let lower = format!(" {} ", name.to_lowercase().replace(['(', ')', ','], " "));
    DESCRIPTORS
        .iter()
        .copied()
        .filter(|d| lower.contains(&format!(" {d} ")))
        .collect()
}

/// The numbers of a Portuguese text not written as pt-BR writes them ([`english_numbers`]), except
/// a decimal of three places ("US$ 6,155") whose English twin writes it with a point ("$6.155"):
/// translated, not English thousands left in place.
fn untranslated_numbers(en: &str, pt: &str) -> Vec<String> {
    english_numbers(pt)
        .into_iter()
        .filter(|n| {
            !(n.contains(',') && !en.contains(n.as_str()) && en.contains(&n.replace(',', ".")))
        })
        .collect()
}

#[test]
fn every_catalog_text_shown_in_english_has_its_portuguese_twin() {
    let c = catalog();
    let texts = shown_texts(&c);
    assert!(texts.len() > 150, "read only {} texts", texts.len());
    let bad: Vec<String> = texts
        .iter()
        .filter(|(_, en, pt)| !en.trim().is_empty() && (pt.trim().is_empty() || pt == en))
        .map(|(what, en, _)| format!("{what}: no Portuguese for {en:?}"))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// Fails listing each Portuguese text in which `found` finds something (given the English twin
/// and the Portuguese text).
fn assert_none_found<T: std::fmt::Debug>(
    texts: &[(String, String, String)],
    found: impl Fn(&str, &str) -> Vec<T>,
) {
    let bad: Vec<String> = texts
        .iter()
        .filter_map(|(what, en, pt)| {
            let found = found(en, pt);
            (!found.is_empty()).then(|| format!("{what}: {found:?} in {pt:?}"))
        })
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn portuguese_catalog_texts_have_no_english_framing_words() {
    assert_none_found(&shown_texts(&catalog()), |_, pt| english_words(pt));
}

#[test]
fn numbers_in_portuguese_catalog_texts_are_written_as_in_brazil() {
    let c = catalog();
    let mut texts = shown_texts(&c);
    texts.extend(names(&c));
    assert_none_found(&texts, untranslated_numbers);
}

#[test]
fn portuguese_names_have_no_english_descriptor() {
    let c = catalog();
    assert_none_found(&names(&c), |_, pt| descriptors(pt));
    // Providers, APIs and base models are shown by their product names, with no descriptor.
    let products: Vec<(String, String, String)> = (c.providers.iter().map(|p| &p.name))
        .chain(c.apis.iter().map(|a| &a.name))
        .chain(c.base_models.iter().map(|m| &m.name))
        .map(|n| (n.to_string(), n.to_string(), n.to_string()))
        .collect();
    assert_none_found(&products, |_, name| descriptors(name));
    // Only the display text changes: the ids in links stay.
    assert!(c.program("aws-activate").is_some() && c.accelerator("tpu-v5e").is_some());
}

/// `(what, English, Portuguese)` for every source "Show the math" cites, on a plan for each priced
/// provider × accelerator on two instances (so the network is cited), on spot where the provider
/// sells it, with the data on another provider (so egress is cited): what the page shows, taken
/// through the explanations the page renders.
fn cited_in_show_the_math(c: &Catalog) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    for p in &c.prices {
        let Some(i) = c.instance(&p.provider, &p.accelerator) else {
            continue;
        };
        let job = Job {
            provider_id: p.provider.to_string(),
            accelerator_id: p.accelerator.to_string(),
            gpus: 2 * i.gpus_per_instance,
            ..Job::default()
        };
        let knobs = OverheadInputs {
            spot: c
                .provider(&p.provider)
                .is_some_and(|x| x.spot_discount.is_some()),
            data_on_provider: Some(if p.provider == "aws" { "gcp" } else { "aws" }.into()),
            ..OverheadInputs::default()
        };
        let Ok(e) = estimate(&job, c) else { continue };
        let sources = |lang: Lang| -> Vec<String> {
            with_lang(lang, || {
                let o = estimate_overheads(&job, &knobs, &e, c);
                Output::ALL
                    .iter()
                    .map(|x| x.explain(&job, &e))
                    .chain(
                        HiddenOutput::ALL
                            .iter()
                            .map(|x| x.explain(&job, &knobs, &e, &o, c)),
                    )
                    .flat_map(|x| x.citations)
                    .map(|c| c.source)
                    .collect()
            })
        };
        let (en, pt) = (sources(Lang::En), sources(Lang::Pt));
        assert_eq!(en.len(), pt.len(), "{}/{}", p.provider, p.accelerator);
        let what = format!("show the math, {}/{}", p.provider, p.accelerator);
        for (en, pt) in en.into_iter().zip(pt) {
            // Each source once, at the first plan that cites it.
            if !out
                .iter()
                .any(|(_, e, p): &(String, String, String)| *e == en && *p == pt)
            {
                out.push((what.clone(), en, pt));
            }
        }
    }
    out
}

#[test]
fn show_the_math_cites_its_sources_in_portuguese() {
    let c = catalog();
    let cited = cited_in_show_the_math(&c);
    assert!(cited.len() > 100, "read only {} sources", cited.len());
    let untranslated: Vec<String> = cited
        .iter()
        .filter(|(_, en, pt)| pt.trim().is_empty() || pt == en)
        .map(|(what, en, _)| format!("{what}: no Portuguese for {en:?}"))
        .collect();
    assert!(untranslated.is_empty(), "{}", untranslated.join("\n"));
    assert_none_found(&cited, |_, pt| english_words(pt));
    assert_none_found(&cited, untranslated_numbers);
}

#[test]
fn english_quotations_in_portuguese_texts_are_double_quoted() {
    // So the page marks them `lang="en"` (issue 27, item 7): a title or a quoted phrase kept as
    // published, in a source, a capacity note or a price's note.
    let c = catalog();
    let mut texts = shown_texts(&c);
    texts.extend(cited_in_show_the_math(&c));
    assert_none_found(&texts, english_in_single_quotes);
}

#[test]
fn portuguese_catalog_texts_call_a_grant_a_credit() {
    // As the page's own texts do (page_wording.rs): "crédito", never "concessão".
    let c = catalog();
    let mut texts = shown_texts(&c);
    texts.extend(names(&c));
    assert_none_found(&texts, |_, pt| {
        let pt = pt.to_lowercase();
        ["concessão", "concessões"]
            .into_iter()
            .filter(|w| pt.contains(w))
            .collect()
    });
}

#[test]
fn the_checks_catch_what_they_are_for() {
    // The complaint of issue 27, word for word, and its translation.
    let en = "Estimate: $200K, the low end of the $200K-$1M packages the AWS Generative AI Accelerator awards to selected cohorts (cloudroutehq.com/aws-credits/150k-aws-credits, third-party, read 2026-11)";
    assert!(english_words(en).contains(&"estimate"));
    assert!(english_words(en).contains(&"the low end"));
    assert!(english_words(en).contains(&"read"));
    let pt = "Estimativa: US$ 200K, o piso dos pacotes de US$ 200K a US$ 1M (cloudroutehq.com/aws-credits/150k-aws-credits, fonte de terceiros, consultada em 2026-11)";
    assert_eq!(english_words(pt), Vec::<&str>::new());
    assert_eq!(english_numbers(pt), Vec::<String>::new());
    // A cited title and a URL may stay in English; the sentence around them may not.
    let cited = "AI Perks, \"How Much Free GPU Credit Can a Training Startup Actually Get?\" (getaiperks.com), tabela de tetos acompanhados; 'Get More Benefits FAQs', https://learn.microsoft.com/en-us/page";
    assert_eq!(english_words(cited), Vec::<&str>::new());
    assert_eq!(
        english_words("\"A title\", table of tracked ceilings"),
        ["table", "tracked", "of"]
    );
    // An English quotation is double-quoted in Portuguese; a translated one may stay single.
    let en = "(AWS Machine Learning blog, 'Secure short-term GPU capacity', 2026-05-07; AWS's page); 'up to $100,000'; 'US$ 10.000' for Oracle";
    assert_eq!(
        english_in_single_quotes(en, "(blog AWS Machine Learning, 'Secure short-term GPU capacity', 7 de maio de 2026); 'até US$ 100.000'; 'US$ 10.000' para a Oracle"),
        ["Secure short-term GPU capacity"]
    );
    assert_eq!(
        english_in_single_quotes(en, "(blog AWS Machine Learning, \"Secure short-term GPU capacity\", 7 de maio de 2026; a página da AWS); 'até US$ 100.000'"),
        Vec::<String>::new()
    );
    // Numbers: English marks are caught, pt-BR ones, dates and identifiers are not.
    assert_eq!(
        english_numbers("1,979 TFLOPS is with sparsity; NVLink 5 1.8 TB/s; US$ 50 mil"),
        ["1,979", "1.8", "50"]
    );
    assert_eq!(
        english_numbers("1.979 TFLOPS; 2.614,9 denso; 1,8 TB/s; US$ 1.000.000; 2026-12-01; H100, TPU v5e, inf2.48xlarge, GPT-4o; 'até $1,000'; seção 3.3.4"),
        Vec::<String>::new()
    );
    // Three decimal places: translated when the English writes them with a point, English
    // thousands left in place when the English writes the same.
    let en = "HGX H100 8-GPU node $49.24/h / 8 = $6.155; 29,200 GPU-hours";
    assert_eq!(
        untranslated_numbers(
            en,
            "nó HGX H100 de 8 GPUs a US$ 49,24/h / 8 = US$ 6,155; 29.200 horas de GPU"
        ),
        Vec::<String>::new()
    );
    assert_eq!(
        untranslated_numbers(
            en,
            "nó de 8 GPUs a US$ 49.24 por hora / 8 = US$ 6,155; 29,200 horas de GPU"
        ),
        ["49.24", "29,200"]
    );
}

/// The ISO dates (`2026-11-09`) written inside a text, outside a URL or an identifier (a date
/// joined to letters, digits, `-` or `/`, like `gpt-4o-2024-08-06` or `/2026-05-07/`).
fn iso_dates(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let joined = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'/' || c == b'_';
    (0..b.len().saturating_sub(9))
        .filter(|&i| {
            let d = &b[i..i + 10];
            let shape = d.iter().enumerate().all(|(k, &c)| match k {
                4 | 7 => c == b'-',
                _ => c.is_ascii_digit(),
            });
            shape && (i == 0 || !joined(b[i - 1])) && b.get(i + 10).is_none_or(|&c| !joined(c))
        })
        .map(|i| text[i..i + 10].to_string())
        .collect()
}

#[test]
fn catalog_texts_write_their_dates_in_words_in_both_languages() {
    // Issue 47: "consultada em 2026-12-01" inside a Portuguese sentence. A text's dates are
    // written as the page writes dates ("1 de dez. de 2026", "1 Dec 2026"); only the `as_of`
    // fields are ISO, and the page writes those in words (`date_in_words`).
    assert_eq!(
        iso_dates("read 2026-11-09; gpt-4o-2024-08-06, /2026-05-07/"),
        ["2026-11-09"]
    );
    let texts = shown_texts(&catalog());
    assert_none_found(&texts, |_, pt| iso_dates(pt));
    let english: Vec<(String, String, String)> = texts
        .into_iter()
        .map(|(what, en, _)| (what, String::new(), en))
        .collect();
    assert_none_found(&english, |_, en| iso_dates(en));
    with_lang(Lang::Pt, || {
        assert_eq!(
            runway_model::date_in_words("2026-11-09"),
            "9 de nov. de 2026"
        );
    });
    assert_eq!(runway_model::date_in_words("2026-11-09"), "9 Nov 2026");
    assert_eq!(runway_model::date_in_words("not a date"), "not a date");
}
