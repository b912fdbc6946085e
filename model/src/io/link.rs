//! Share links: a plan as a URL query string. The keys are a public,
//! stable interface: `params`, `tokens`, `gpu`, `gpus`, `mfu`, `duty`, `provider`, `price`, `start`,
//! and repeated `grant` and `work` tokens (see [`crate::document::plan`]).
//!
//! Decoding never fails as a whole: each key is validated on its own, a bad value becomes an
//! [`InputError`] and the default for that key, and the rest of the link still applies.

use crate::data::catalog::Catalog;
use crate::document::plan::{encode_grant, parse_grant, Plan, MAX_GRANTS, MAX_WORKLOADS};
use crate::document::workload::Kind;
use crate::input::field_spec::{Field, Origin};
use crate::input::ids::{validate_accelerator, validate_network, validate_provider};
use crate::input::job::Job;
use crate::input::parse::{InputError, Problem};
use crate::input::settings::Settings;
use crate::input::token::{Token, TokenError};
use std::collections::BTreeMap;

/// The result of reading a link: a usable plan, how the reader sees it, every error to show, and
/// the raw text of every key the link carried (so a rejected value can be shown in its field). The
/// page reads its link once, here: plan, uncertainty ranges and view keys.
#[derive(Clone, Debug, PartialEq)]
pub struct DecodedLink {
    /// One error per rejected key, in link-key order.
    pub errors: Vec<InputError>,
    /// The raw (percent-decoded) value of each known key present in the link; the first wins.
    pub raw: BTreeMap<Field, String>,
    /// The credit plan: valid grant and work tokens in link order, and the dataset-ready day.
    pub plan: Plan,
    /// One error per rejected grant or work token.
    pub plan_errors: Vec<TokenError>,
    /// The link described its one training job with the old single-run keys (`params`,
    /// `tokens`, …) rather than `job=` tokens; the page writes the new form.
    pub legacy: bool,
    /// One error per rejected uncertainty range (`mfu_range`, `price_range`); the plan keeps that
    /// range's default.
    pub range_errors: Vec<crate::document::plan::RangeError>,
    /// The view keys (`lang`, `cur`, `fx`): they change no number of the plan.
    pub view: ViewPrefs,
    /// One message per view key that could not be used, in the language of the thread when the
    /// link was read (the page reads it before it applies the link's language).
    pub view_errors: Vec<String>,
}

// A fixed "today" for the tests of links without t0.
#[cfg(test)]
/// Reads a link as opened on `today`: a link without a valid `t0` counts its days from today (the
/// caller's local date; the model reads no clock).
pub fn decode_link_on(
    query: &str,
    catalog: &Catalog,
    today: crate::input::calendar::Date,
) -> DecodedLink {
    let mut d = decode_link(query, catalog);
    d.plan.t0.get_or_insert(today);
    d
}

/// Reads a query string (with or without the leading `?`). `t0` stays `None` when the link has no
/// valid one (see [`decode_link_on`]).
pub fn decode_link(query: &str, catalog: &Catalog) -> DecodedLink {
    decode_link_opening(query, catalog, |_| {})
}

/// Reads a query string as the page opens it, once: first its view keys (their messages in the
/// thread's language as it is), then `open` with them (the page applies the language and currency
/// they ask for), then the plan and its ranges, whose messages are in the language `open` set.
pub fn decode_link_opening(
    query: &str,
    catalog: &Catalog,
    open: impl FnOnce(&ViewPrefs),
) -> DecodedLink {
    let query = query.strip_prefix('?').unwrap_or(query);
    let (view, view_errors) = decode_view_prefs(query);
    open(&view);
    let mut raw: BTreeMap<Field, String> = BTreeMap::new();
    let mut plan = Plan::empty();
    let mut plan_errors = Vec::new();
    let mut grant_index = 0;
    // One message for the whole overflow of each kind, not one per extra token.
    let mut grants_overflowed = false;
    let (mut cmp_index, mut columns_overflowed) = (0, false);
    let mut t0_seen = false;
    // Each kind's tokens are numbered apart ("Job 2", "Serving line 1").
    let mut kind_index: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut said_no_job = false;
    let mut workloads_overflowed = false;
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        match k.as_ref() {
            // `job=none`: the plan has no training job, and says so (a link with no workload
            // token at all opens the default job).
            "job" if v.trim() == NO_JOB => said_no_job = true,
            key if Kind::from_link_key(key).is_some() => {
                let Some(kind) = Kind::from_link_key(key) else {
                    continue;
                };
                let index = kind_index.entry(kind).or_insert(0);
                let i = *index;
                *index += 1;
                // Every kind shares one limit.
                if plan.workloads.len() >= MAX_WORKLOADS {
                    if !std::mem::replace(&mut workloads_overflowed, true) {
                        plan_errors.push(TokenError::too_many(kind.token(i), MAX_WORKLOADS));
                    }
                    continue;
                }
                match kind.parse(&v, i, catalog) {
                    Ok(w) => {
                        plan.push(w);
                    }
                    Err(e) => plan_errors.push(e),
                }
            }
            "grant" => {
                if plan.grants.len() == MAX_GRANTS {
                    if !std::mem::replace(&mut grants_overflowed, true) {
                        plan_errors
                            .push(TokenError::too_many(Token::Grant(grant_index), MAX_GRANTS));
                    }
                } else {
                    match parse_grant(&v, grant_index, catalog) {
                        Ok(g) => plan.grants.push(g),
                        Err(e) => plan_errors.push(e),
                    }
                }
                grant_index += 1;
            }
            "cmp" => {
                if plan.compare.len() == crate::document::compare::MAX_COLUMNS {
                    if !std::mem::replace(&mut columns_overflowed, true) {
                        plan_errors.push(TokenError::too_many(
                            Token::Cmp(cmp_index),
                            crate::document::compare::MAX_COLUMNS,
                        ));
                    }
                } else {
                    match crate::document::compare::parse_column(&v, cmp_index) {
                        Ok(c) => plan.compare.push(c),
                        Err(e) => plan_errors.push(e),
                    }
                }
                cmp_index += 1;
            }
            // First wins, like the other keys. A bad date leaves day 0 to the caller (today).
            "t0" if !std::mem::replace(&mut t0_seen, true) => {
                match crate::input::calendar::Date::parse(&v) {
                    Ok(d) => plan.t0 = Some(d),
                    Err(why) => plan_errors.push(TokenError::date(&v, why)),
                }
            }
            "name" if plan.name.is_empty() => {
                plan.name = crate::input::text::clean_text(&v, crate::input::text::MAX_NAME);
            }
            "note" if plan.note.is_empty() => {
                plan.note = crate::input::text::clean_text(&v, crate::input::text::MAX_NOTE);
            }
            _ => {
                if let Some(field) = Field::from_key(&k) {
                    raw.entry(field).or_insert_with(|| v.into_owned());
                }
            }
        }
    }
    // The old single-run keys describe one job; the other keys are the plan's settings.
    let mut s = Job::default();
    let mut settings = Settings::default();
    let mut errors = Vec::new();
    // Every numeric key: a valid value replaces the default, an invalid one is reported. `auto`
    // leaves the checkpoint interval to Daly's optimum (the default).
    for field in Field::ALL {
        let Some(text) = raw.get(&field).filter(|_| field.range().is_some()) else {
            continue;
        };
        if field.accepts_auto() && text.trim().eq_ignore_ascii_case("auto") {
            continue;
        }
        // Parameters may be a mixture of experts' active/total (`37B/671B`).
        if field == Field::Params {
            match crate::input::params::ParamCount::parse(field, text, Origin::Link) {
                Ok(p) => s.set_param_count(p),
                Err(e) => errors.push(e),
            }
            continue;
        }
        match field.parse(text, Origin::Link) {
            Ok(v) => field.set(&mut s, &mut settings, Some(v)),
            Err(e) => errors.push(e),
        }
    }
    if let Some(text) = raw.get(&Field::Gpu) {
        match validate_accelerator(text, catalog) {
            Ok(id) => s.accelerator_id = id,
            Err(e) => errors.push(e),
        }
    }
    let default_provider = catalog
        .default_provider_for(&s.accelerator_id)
        .map(|p| p.id.to_string());
    s.provider_id = default_provider.clone().unwrap_or_default();
    if let Some(text) = raw.get(&Field::Provider) {
        match validate_provider(text, &s.accelerator_id, catalog) {
            Ok(id) => s.provider_id = id,
            Err(e) => errors.push(e),
        }
    }
    if let Some(text) = raw.get(&Field::Kind) {
        match crate::input::kind::WorkloadKind::from_id(text.trim()).filter(|k| k.trains()) {
            Some(kind) => s.kind = kind,
            None => errors.push(InputError::new(
                Field::Kind,
                text,
                Problem::UnknownId,
                Field::Kind.accepted(Origin::Link),
            )),
        }
    }
    // The plan's training jobs: `job=` tokens, else the old single-run keys as one job (a link
    // from before jobs), else none when the link lists only serving lines or experiments.
    let legacy = raw.keys().any(|f| f.is_job_field());
    let job_tokens = kind_index.get(&Kind::Train).copied().unwrap_or(0);
    if plan.count::<Job>() == 0
        && (legacy || job_tokens == 0 && !said_no_job && plan.workloads.is_empty())
    {
        plan.insert(0, s.clone());
    }
    // Networks are checked against the job the page opens (the first), else the link's own.
    let first = plan.nth::<Job>(0).unwrap_or(&s);
    decode_overheads(&raw, first, &mut settings, &mut errors, catalog);
    plan.settings = settings;
    // Plan-wide uncertainty ranges; their messages are shown by the uncertainty panel.
    let (ranges, range_errors) = crate::montecarlo::decode_ranges(query);
    plan.ranges = ranges;
    // Report in link-key order (gpu and provider are validated last because they depend on each other).
    let mut ordered = Vec::with_capacity(errors.len());
    for e in errors {
        crate::io::order::insert_by_key(&mut ordered, e, |e| e.field as u8 as f64);
    }
    let errors = ordered;
    DecodedLink {
        errors,
        legacy: legacy && job_tokens == 0,
        raw,
        plan,
        plan_errors,
        range_errors,
        view,
        view_errors,
    }
}

/// Reads the hidden-cost keys (`mtbf`, `ckpt_write`, `restart`, `ckpt_every`, `network`, `overlap`,
/// `ckpts_kept`, `spot`, `data_on`, `export`) into the plan's settings, once the job the page
/// opens (its provider and accelerator) is known.
/// Checks the hidden-cost id keys (`network`, `data_on`) once the provider is known.
fn decode_overheads(
    raw: &BTreeMap<Field, String>,
    s: &Job,
    settings: &mut Settings,
    errors: &mut Vec<InputError>,
    catalog: &Catalog,
) {
    if let Some(text) = raw.get(&Field::Network) {
        match validate_network(text, &s.provider_id, &s.accelerator_id, catalog) {
            Ok(id) => settings.overheads.network_id = Some(id),
            Err(e) => errors.push(e),
        }
    }
    let api_ids: Vec<&str> = catalog.apis.iter().map(|a| a.id.as_ref()).collect();
    if let Some(id) = known_id(raw, Field::Api, &api_ids, errors) {
        settings.billing.api_id = id;
    }
    let host_ids: Vec<&str> = crate::input::knobs::HostMode::ALL
        .iter()
        .map(|(_, id)| *id)
        .collect();
    if let Some(mode) = known_id(raw, Field::Host, &host_ids, errors)
        .and_then(|id| crate::input::knobs::HostMode::from_id(&id))
    {
        settings.billing.host_mode = mode;
    }
    let shape_ids: Vec<&str> = catalog.shapes.iter().map(|x| x.id.as_ref()).collect();
    if let Some(id) = known_id(raw, Field::Shape, &shape_ids, errors) {
        settings.advisor.shape = id;
    }
    let provider_ids: Vec<&str> = catalog.hosting_providers().map(|p| p.id.as_ref()).collect();
    if let Some(id) = known_id(raw, Field::DataOn, &provider_ids, errors) {
        settings.overheads.data_on_provider = Some(id);
    }
    let format_ids: Vec<&str> = crate::input::knobs::DataFormat::ALL
        .iter()
        .map(|(_, id)| *id)
        .collect();
    if let Some(f) = known_id(raw, Field::DataFormat, &format_ids, errors)
        .and_then(|id| crate::input::knobs::DataFormat::from_id(&id))
    {
        settings.overheads.data_format = f;
    }
}

/// A catalog id from the link for `field`, if present and one of `ids`; an error otherwise.
fn known_id(
    raw: &BTreeMap<Field, String>,
    field: Field,
    ids: &[&str],
    errors: &mut Vec<InputError>,
) -> Option<String> {
    let text = raw.get(&field)?;
    let id = text.trim();
    if ids.contains(&id) {
        return Some(id.to_string());
    }
    errors.push(InputError::new(
        field,
        text,
        Problem::UnknownId,
        format!("one of {}", ids.join(", ")),
    ));
    None
}

/// The `job` value of a plan that has no training job (and no serving line or experiment).
pub const NO_JOB: &str = "none";

/// Writes the whole plan as a query string (without `?`), in the documented key order,
/// numbers in a form that reads back bit for bit. `price` appears only when overriding, `start` only
/// when not 0.
pub fn encode_link(plan: &Plan) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    let (job, defaults) = (Job::default(), Settings::default());
    // The jobs' own fields are in their `job=` tokens; the shared knobs are written only when
    // they differ from the default, so short links stay short and absent keys read back as
    // defaults.
    for field in Field::calculator() {
        if field.is_job_field() {
            continue;
        }
        let value = field.link_value(&job, &plan.settings);
        if value.is_some() && value != field.link_value(&job, &defaults) {
            out.append_pair(field.key(), value.as_deref().unwrap_or_default());
        }
    }
    if let Some(t0) = plan.t0 {
        out.append_pair("t0", &t0.iso());
    }
    for c in &plan.compare {
        out.append_pair("cmp", &crate::document::compare::encode_column(c));
    }
    // The boxes keep what is typed ("My " on the way to "My plan"); the link holds it trimmed.
    let (name, note) = (plan.name.trim(), plan.note.trim());
    if !name.is_empty() {
        out.append_pair("name", name);
    }
    if !note.is_empty() {
        out.append_pair("note", note);
    }
    // Every workload in plan order, each under its kind's key.
    for w in &plan.workloads {
        out.append_pair(w.work.kind().link_key(), &w.work.encode());
    }
    // A plan without any workload would read back with the default job: it says it has none.
    if plan.workloads.is_empty() {
        out.append_pair("job", NO_JOB);
    }
    for g in &plan.grants {
        out.append_pair("grant", &encode_grant(g));
    }
    for key in crate::document::plan::RangeKey::ALL {
        let span = key.get(&plan.ranges);
        if !span.is_fixed() {
            out.append_pair(key.key(), &span.encode());
        }
    }
    out.finish()
}

/// Whether a query string carries a plan: any key but the view keys (`lang`, `cur`, `fx`). A
/// link without one opens the page's example.
pub fn query_has_plan(query: &str) -> bool {
    let query = query.strip_prefix('?').unwrap_or(query);
    form_urlencoded::parse(query.as_bytes())
        .any(|(k, _)| !matches!(k.as_ref(), "lang" | "cur" | "fx"))
}

/// How the page is shown, carried by a link beside the plan: `lang=en|pt`, `cur=usd|brl|eur` and
/// `fx=<units per US dollar>`. They change no number of the plan (amounts stay in US dollars,
/// as providers bill), so they are written apart from [`encode_link`]; [`decode_link`] reads them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ViewPrefs {
    /// The language the link asks for (`None`: the page chooses).
    pub lang: Option<crate::locale::Lang>,
    /// The display currency and its rate (`None`: US dollars, or the page's choice).
    pub currency: Option<crate::locale::DisplayCurrency>,
}

/// Reads `lang`, `cur` and `fx` from a query string (with or without the leading `?`); the
/// first of each key wins. A bad value is left out with a message naming the key and what it
/// accepts; the rest of the link still applies. `fx` without a currency other than `usd` is
/// ignored.
pub(crate) fn decode_view_prefs(query: &str) -> (ViewPrefs, Vec<String>) {
    use crate::locale::{CurrencyCode, DisplayCurrency, Lang};
    let query = query.strip_prefix('?').unwrap_or(query);
    let (mut lang, mut cur, mut fx) = (None, None, None);
    for (k, v) in form_urlencoded::parse(query.as_bytes()) {
        match k.as_ref() {
            "lang" if lang.is_none() => lang = Some(v.into_owned()),
            "cur" if cur.is_none() => cur = Some(v.into_owned()),
            "fx" if fx.is_none() => fx = Some(v.into_owned()),
            _ => {}
        }
    }
    let mut prefs = ViewPrefs::default();
    let mut messages = Vec::new();
    if let Some(v) = lang {
        match Lang::from_code(&v) {
            Some(l) => prefs.lang = Some(l),
            None => messages.push(crate::tr!(
                "numbers.view.bad_lang",
                got = crate::input::parse::echo(&v)
            )),
        }
    }
    match cur.as_deref().map(|v| (v, CurrencyCode::from_code(v))) {
        None => {}
        Some((_, Some(CurrencyCode::Usd))) => prefs.currency = Some(DisplayCurrency::USD),
        Some((_, Some(code))) => match fx.as_deref() {
            // No rate: the currency's dated default (data/currencies.json), as choosing it does.
            None => match crate::data::catalog::default_currency(code) {
                Some(c) => prefs.currency = Some(c),
                None => messages.push(crate::tr!("numbers.view.no_rate", iso = code.iso())),
            },
            Some(raw) => match Field::Rate.parse(raw, Origin::Link) {
                Ok(rate) => prefs.currency = DisplayCurrency::new(code, rate),
                Err(e) => messages.push(crate::tr!(
                    "numbers.view.bad_rate",
                    problem = e.problem.describe(&e.got)
                )),
            },
        },
        Some((v, None)) => messages.push(crate::tr!(
            "numbers.view.bad_currency",
            got = crate::input::parse::echo(v)
        )),
    }
    (prefs, messages)
}

/// The display currency that view keys name (`cur=brl&fx=5.4`, `cur=usd`: a stored preference, or
/// a saved plan's query, which carries its view keys): `None` when they name none, or any of them
/// is bad (what the page stored itself is read back; anything else falls back to the page's
/// choice rather than a message).
pub fn view_currency(query: &str) -> Option<crate::locale::DisplayCurrency> {
    match decode_view_prefs(query) {
        (prefs, errors) if errors.is_empty() => prefs.currency,
        _ => None,
    }
}

/// The view keys of a display currency alone: "cur=brl&fx=5.4", "cur=usd" (what
/// [`view_currency`] reads back).
pub fn currency_keys(currency: crate::locale::DisplayCurrency) -> String {
    encode_view_prefs(&ViewPrefs {
        lang: None,
        currency: Some(currency),
    })
}

/// Writes the view keys set in `prefs`, canonical and locale-free: "lang=pt&cur=brl&fx=5.4"
/// (empty when none is set; `fx` only for a currency other than US dollars). Append it to
/// [`encode_link`]'s output with `&` when both are non-empty.
pub fn encode_view_prefs(prefs: &ViewPrefs) -> String {
    let mut out = form_urlencoded::Serializer::new(String::new());
    if let Some(l) = prefs.lang {
        out.append_pair("lang", l.code());
    }
    if let Some(c) = prefs.currency {
        out.append_pair("cur", c.code.code());
        if c.code != crate::locale::CurrencyCode::Usd {
            // The shortest text that reads back to the same rate: "5.4", "0.925", "1000000".
            let rate = format!("{:?}", c.per_usd);
            out.append_pair("fx", rate.strip_suffix(".0").unwrap_or(&rate));
        }
    }
    out.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_stored_currency_reads_back_and_a_bad_one_is_ignored() {
        use crate::locale::{CurrencyCode, DisplayCurrency};
        let brl = DisplayCurrency::new(CurrencyCode::Brl, 5.4);
        let keys = brl.map(currency_keys);
        assert_eq!(keys.as_deref(), Some("cur=brl&fx=5.4"));
        assert_eq!(keys.as_deref().and_then(view_currency), brl);
        assert_eq!(currency_keys(DisplayCurrency::USD), "cur=usd");
        assert_eq!(view_currency("cur=usd"), Some(DisplayCurrency::USD));
        // A saved plan's query with its view keys at the end names its currency.
        assert_eq!(
            view_currency("job=lora:8B&cur=eur&fx=0.9").map(|c| c.code),
            Some(CurrencyCode::Eur)
        );
        // Nothing named, a bad rate, an unknown currency: the page's own choice applies.
        assert_eq!(view_currency("job=lora:8B"), None);
        assert_eq!(view_currency("cur=brl&fx=abc"), None);
        assert_eq!(view_currency("cur=xyz"), None);
        assert_eq!(view_currency("cur=brl&fx=0"), None);
        // Any bad key, even another than the currency's: not the page's own, ignored.
        assert_eq!(view_currency("lang=xx&cur=brl&fx=5.4"), None);
    }

    #[test]
    fn only_view_keys_carry_no_plan() {
        assert!(!query_has_plan(""));
        assert!(!query_has_plan("?lang=pt&cur=brl&fx=5.3"));
        assert!(query_has_plan("?lang=pt&job=none"));
        assert!(query_has_plan("t0=2027-01-04"));
        // An old one-run key is a plan.
        assert!(query_has_plan("params=7B"));
    }

    #[test]
    fn empty_link_is_the_default_scenario() {
        let d = decode_link("", &catalog());
        assert_eq!(d.plan, Plan::default());
        assert!(d.errors.is_empty());
        assert_eq!(decode_link("?", &catalog()).plan, Plan::default());
    }

    #[test]
    fn full_link_is_read_exactly() {
        let d = decode_link("?params=70b&tokens=1.5T&gpu=a100-40gb&gpus=8&mfu=0.37&duty=50%25&provider=azure&price=3.1", &catalog());
        assert!(d.errors.is_empty(), "{:?}", d.errors);
        let s = &d.plan.jobs()[0];
        assert_eq!(
            (s.params, s.tokens, s.gpus, s.mfu, s.duty),
            (70e9, 1.5e12, 8, 0.37, 0.5)
        );
        assert_eq!(
            (s.accelerator_id.as_str(), s.provider_id.as_ref()),
            ("a100-40gb", "azure")
        );
        assert_eq!(s.price_override_usd_per_gpu_hour, Some(3.1));
    }

    #[test]
    fn hidden_cost_keys_are_read_exactly() {
        let d = decode_link("provider=lambda&mtbf=20000&ckpt_write=2.5&restart=0&ckpt_every=90&network=eth-25&overlap=25%25&ckpts_kept=0&spot=1&data_on=gcp&export=1", &catalog());
        assert!(d.errors.is_empty(), "{:?}", d.errors);
        let o = &d.plan.settings.overheads;
        assert_eq!(
            (
                o.mtbf_gpu_hours,
                o.checkpoint_write_minutes,
                o.restart_minutes,
                o.checkpoint_every_minutes,
                o.overlap,
                o.checkpoints_kept
            ),
            (20_000.0, 2.5, 0.0, Some(90.0), 0.25, 0)
        );
        assert_eq!(o.network_id.as_deref(), Some("eth-25"));
        assert_eq!(o.data_on_provider.as_deref(), Some("gcp"));
        assert!(o.spot && o.export_weights);
        // Defaults are left out of links; `auto` is the default interval.
        assert_eq!(
            decode_link("ckpt_every=AUTO&restart=-0", &catalog()).plan,
            Plan {
                settings: Settings {
                    overheads: crate::input::knobs::OverheadInputs {
                        restart_minutes: 0.0,
                        ..Default::default()
                    },
                    ..Settings::default()
                },
                ..Plan::default()
            }
        );
        assert_eq!(
            encode_link(&Plan::default()),
            "job=pretrain%3A7B%3A2T%3Aaws%3Ah100-sxm%3A64%3A0%3A1%3A1%3A0.4%3A1"
        );
    }

    #[test]
    fn name_and_note_travel_as_cleaned_text() {
        let d = decode_link(
            "name=%3Cimg+src%3Dx+onerror%3Dalert(1)%3E%07&note=line+1%0Aline+2&name=second",
            &catalog(),
        );
        // Control characters are dropped (newlines kept in notes); markup stays text; first wins.
        assert_eq!(d.plan.name, "<img src=x onerror=alert(1)>");
        assert_eq!(d.plan.note, "line 1\nline 2");
        let q = encode_link(&d.plan);
        assert!(
            q.starts_with(
                "name=%3Cimg+src%3Dx+onerror%3Dalert%281%29%3E&note=line+1%0Aline+2&job="
            ),
            "{q}"
        );
        assert_eq!(decode_link(&q, &catalog()).plan, d.plan);
        // A name being typed keeps its spaces on the page; the link holds it trimmed.
        let typing = Plan {
            name: "My plan ".into(),
            note: "line 1\n".into(),
            ..Plan::default()
        };
        let q = encode_link(&typing);
        assert!(q.starts_with("name=My+plan&note=line+1&"), "{q}");
        let long = decode_link(&format!("name={}", "x".repeat(500)), &catalog());
        assert_eq!(long.plan.name.len(), crate::input::text::MAX_NAME);
    }

    #[test]
    fn billing_keys_are_read_and_written() {
        let q = "api=gpt-4o&api_price=1.5&reserved=3.1&tokens_month=5B&infer_params=70B&user_speed=40&util=80%25&budget=100K";
        let d = decode_link(q, &catalog());
        assert!(d.errors.is_empty(), "{:?}", d.errors);
        let b = &d.plan.settings.billing;
        assert_eq!(b.api_id, "gpt-4o");
        assert_eq!(
            (b.api_usd_per_mtok, b.reserved_usd_per_hour),
            (Some(1.5), Some(3.1))
        );
        assert_eq!(
            (
                b.tokens_per_month,
                b.infer_params,
                b.user_tokens_per_s,
                b.utilisation,
                b.budget_usd
            ),
            (5e9, 70e9, 40.0, 0.8, 1e5)
        );
        // Links written before the serving model sized its own batch still open: `batch` is
        // no longer a key, so it is passed over like any unknown key.
        let old = decode_link("batch=64&tokens_month=5B", &catalog());
        assert!(old.errors.is_empty(), "{:?}", old.errors);
        assert_eq!(old.plan.settings.billing.tokens_per_month, 5e9);
        assert_eq!(decode_link(&encode_link(&d.plan), &catalog()).plan, d.plan);
        let advisor = decode_link("shape=fine-tuning&cuda=0&eng_week=8K", &catalog());
        assert!(advisor.errors.is_empty(), "{:?}", advisor.errors);
        let a = &advisor.plan.settings.advisor;
        assert_eq!(
            (a.shape.as_str(), a.cuda_locked, a.weekly_engineer_usd),
            ("fine-tuning", false, 8000.0)
        );
        assert_eq!(
            encode_link(&advisor.plan),
            // The job's own fields travel in its `job=` token (kind:params:tokens:provider:accelerator:
            // gpus:start:epochs:runs:mfu:duty, every field written).
            "shape=fine-tuning&cuda=0&eng_week=8K&job=pretrain%3A7B%3A2T%3Aaws%3Ah100-sxm%3A64%3A0%3A1%3A1%3A0.4%3A1"
        );
        let host = decode_link("host=reserved", &catalog());
        assert_eq!(
            host.plan.settings.billing.host_mode,
            crate::input::knobs::HostMode::Reserved
        );
        assert!(encode_link(&host.plan).starts_with("host=reserved&"));
        let context = decode_link("context=8192", &catalog());
        assert!(context.errors.is_empty(), "{:?}", context.errors);
        assert_eq!(context.plan.settings.billing.context_tokens, 8192.0);
        assert!(encode_link(&context.plan).starts_with("context=8192&"));
        assert!(!encode_link(&host.plan).contains("context="));
        let bad_context = decode_link("context=2K5", &catalog());
        assert_eq!(bad_context.errors[0].to_string(), "Tokens per request: \"2K5\" is not a number. Expected a whole number of tokens from 1 to 1,000,000, like 2048.");
        let zero_context = decode_link("context=0", &catalog());
        assert_eq!(zero_context.plan.settings.billing.context_tokens, 2048.0);
        let bad_host = decode_link("host=cheap", &catalog());
        assert_eq!(bad_host.errors[0].to_string(), "Inference GPUs billed: \"cheap\" is not in the catalog. Expected one of on-demand, reserved, spot.");
        let bad = decode_link("api=gpt-9&user_speed=0.5&util=0", &catalog());
        let msgs: Vec<String> = bad.errors.iter().map(ToString::to_string).collect();
        // Every catalog API, in catalog order (data/api_prices.json).
        let ids: Vec<String> = catalog().apis.iter().map(|a| a.id.to_string()).collect();
        assert!(ids.starts_with(&["gpt-4o-mini".to_string(), "gpt-4o".to_string()]));
        assert_eq!(
            msgs[0],
            format!(
                "API: \"gpt-9\" is not in the catalog. Expected one of {}.",
                ids.join(", ")
            )
        );
        assert_eq!(msgs[1], "Speed each user sees: \"0.5\" is below the accepted range. Expected output tokens a second from 1 to 1,000, like 25.");
        assert_eq!(msgs[2], "Utilisation: \"0\" must be greater than zero. Expected a fraction from 0.0001 to 1, like 0.6 (or 60%).");
    }

    #[test]
    fn comparison_columns_travel_in_links() {
        let q = "cmp=pretrain:7B:1T&cmp=continued:8B:50B&cmp=lora:8B:200M:1:10&cmp=qlora:70B:1B:2&cmp=dpo:8B:1B&cmp=x";
        let d = decode_link(q, &catalog());
        assert_eq!(d.plan.compare.len(), 4);
        assert_eq!(
            d.plan.compare[..3],
            crate::document::compare::train_vs_finetune()[..]
        );
        let keys: Vec<String> = d.plan_errors.iter().map(|e| e.key()).collect();
        assert_eq!(keys, ["cmp-4"]);
        assert!(d.plan_errors[0].message().contains("at most 4 columns"));
        let again = decode_link(&encode_link(&d.plan), &catalog());
        assert_eq!(again.plan, d.plan);
    }

    #[test]
    fn bad_hidden_cost_keys_say_what_is_accepted() {
        let d = decode_link("mtbf=0&ckpt_write=0&restart=2000&ckpt_every=soon&network=ib-ndr-400&overlap=1.5&ckpts_kept=2.5&spot=yes&data_on=<b>&export=2", &catalog());
        assert_eq!(d.plan, Plan::default());
        let messages: Vec<String> = d.errors.iter().map(ToString::to_string).collect();
        assert_eq!(
            messages,
            [
                "MTBF per GPU: \"0\" must be greater than zero. Expected hours per GPU from 10 to 100M, like 50677 (Llama 3 405B).",
                "Checkpoint write: \"0\" must be greater than zero. Expected minutes from 0.01 to 1,440, like 5.",
                "Restart after a failure: \"2000\" is above the accepted range. Expected minutes from 0 to 1,440, like 10.",
                "Checkpoint every: \"soon\" is not a number. Expected minutes from 1 to 100,000, like 60, or auto for Daly's optimum.",
                "Inter-node network: Amazon Web Services (p5.48xlarge) does not offer \"ib-ndr-400\". Expected one of aws-efa-3200, eth-100.",
                "Communication overlap: \"1.5\" is above the accepted range. Expected a fraction from 0 to 1, like 0.5 (or 50%).",
                "Checkpoints kept: \"2.5\" is not a whole number. Expected a whole number of checkpoints from 0 to 1,000.",
                "Spot capacity: \"yes\" is not a number. Expected 1 for spot/preemptible capacity or 0 for on-demand.",
                "Training data lives on: \"<b>\" is not in the catalog. Expected one of aws, gcp, azure, oracle, coreweave, lambda, together, modal, runpod, nvidia, voltage-park, nebius, scaleway, ovhcloud, crusoe, vast.",
                "Export final weights: \"2\" is above the accepted range. Expected 1 to move the final weights out at the end, or 0.",
            ]
        );
    }

    #[test]
    fn bad_keys_fall_back_and_the_rest_still_applies() {
        let d = decode_link(
            "params=abc&tokens=300B&gpus=0&mfu=1e400&gpu=<script>&provider=x&price=-2",
            &catalog(),
        );
        let s = &d.plan.jobs()[0];
        assert_eq!(s.tokens, 300e9);
        assert_eq!(s.params, Job::default().params);
        assert_eq!(s.gpus, Job::default().gpus);
        assert_eq!(s.accelerator_id, "h100-sxm");
        assert_eq!(s.provider_id, "aws");
        assert_eq!(s.price_override_usd_per_gpu_hour, None);
        let keys: Vec<&str> = d.errors.iter().map(|e| e.field.key()).collect();
        assert_eq!(keys, ["params", "gpu", "gpus", "mfu", "provider", "price"]);
        assert_eq!(d.errors[1].got, "<script>");
    }

    #[test]
    fn provider_that_does_not_rent_the_accelerator() {
        let d = decode_link("gpu=tpu-v5e&provider=coreweave", &catalog());
        assert_eq!(d.plan.jobs()[0].provider_id, "gcp");
        assert_eq!(d.errors.len(), 1);
        assert_eq!(
            d.errors[0].to_string(),
            "Provider: \"coreweave\" does not rent the Google TPU v5e (per chip). Expected one of gcp."
        );
        let d = decode_link("provider=acme", &catalog());
        assert_eq!(d.errors[0].problem, Problem::UnknownId);
        assert!(d.errors[0]
            .to_string()
            // Providers of the default H100, cheapest first: Voltage Park $1.99, Vast.ai $2.6661
            // (marketplace average, renshuBTC/compute-screener, 2026-10-24), RunPod $2.69, …
            .starts_with(
                "Provider: \"acme\" is not in the catalog. Expected one of voltage-park, vast, runpod, "
            ));
    }

    #[test]
    fn unknown_accelerator_lists_the_catalog() {
        let d = decode_link("gpu=h100", &catalog());
        assert!(d.errors[0].to_string().starts_with("Accelerator: \"h100\" is not in the catalog. Expected one of a100-40gb, a100-80gb, h100-sxm"));
    }

    #[test]
    fn empty_values_are_reported_and_unknown_keys_ignored() {
        let d = decode_link("params=&tokens&=5&utm_source=x&gpus=16", &catalog());
        let msgs: Vec<String> = d.errors.iter().map(ToString::to_string).collect();
        assert_eq!(msgs.len(), 2);
        assert!(msgs[0].starts_with("Model parameters: no value given."));
        assert!(msgs[1].starts_with("Training tokens: no value given."));
        assert_eq!(d.plan.jobs()[0].gpus, 16);
    }

    #[test]
    fn first_occurrence_wins_like_url_search_params_get() {
        let d = decode_link("gpus=8&gpus=16", &catalog());
        assert_eq!(d.plan.jobs()[0].gpus, 8);
    }

    #[test]
    fn encoding_is_readable_and_round_trips() {
        let s = Plan {
            workloads: crate::document::workload::numbered([Job {
                price_override_usd_per_gpu_hour: Some(2.5),
                ..Job::default()
            }
            .into()]),
            ..Plan::default()
        };
        let q = encode_link(&s);
        assert_eq!(
            q,
            "job=pretrain%3A7B%3A2T%3Aaws%3Ah100-sxm%3A64%3A0%3A1%3A1%3A0.4%3A1%3A2.5"
        );
        assert_eq!(decode_link(&q, &catalog()).plan, s);
    }

    #[test]
    fn oversized_plans_are_capped_with_one_message() {
        let c = catalog();
        let q: Vec<String> = (0..1000)
            .map(|_| "grant=modal".to_string())
            .chain((0..100).map(|_| "work=modal:l4:1:10:0".to_string()))
            .collect();
        let d = decode_link(&q.join("&"), &c);
        assert_eq!(d.plan.grants.len(), MAX_GRANTS);
        assert_eq!(d.plan.experiments().len(), MAX_WORKLOADS);
        assert_eq!(d.plan_errors.len(), 2);
        assert_eq!(
            d.plan_errors[0].message(),
            "Grant 41: a plan holds at most 40 grants; this one and later ones are left out."
        );
        assert_eq!(d.plan_errors[1].key(), "work-20");
        // An earlier error whose text happens to say "at most" must not hide the overflow message.
        let q = std::iter::once("grant=modal:abc".to_string())
            .chain((0..50).map(|_| "grant=modal".to_string()))
            .collect::<Vec<_>>();
        let d = decode_link(&q.join("&"), &c);
        assert_eq!(d.plan.grants.len(), MAX_GRANTS);
        let keys: Vec<String> = d.plan_errors.iter().map(|e| e.key()).collect();
        assert_eq!(keys, ["grant-0", "grant-41"]);
    }

    #[test]
    fn plans_travel_in_the_link_and_bad_tokens_do_not_lose_the_rest() {
        let c = catalog();
        let d = decode_link("start=30&grant=aws-activate:100K&grant=nope:5&grant=modal:5000:20&work=modal:h100-sxm:8:2K:0:0.25", &c);
        assert_eq!(d.plan.jobs()[0].start_day, 30);
        let ids: Vec<&str> = d
            .plan
            .grants
            .iter()
            .map(|g| g.program_id.as_str())
            .collect();
        assert_eq!(ids, ["aws-activate", "modal"]);
        assert_eq!(d.plan_errors.len(), 1);
        assert_eq!(d.plan_errors[0].key(), "grant-1");
        assert_eq!(d.plan.experiments().len(), 1);
        let q = encode_link(&d.plan);
        // Every workload in plan order, then the grants.
        // aws-activate:100K takes the catalog's review (12) and validity (365 days, data/programs.json).
        assert_eq!(
            q,
            "job=pretrain%3A7B%3A2T%3Aaws%3Ah100-sxm%3A64%3A30%3A1%3A1%3A0.4%3A1&work=modal%3Ah100-sxm%3A8%3A2K%3A0%3A0.25&grant=aws-activate%3A100K%3A0%3A12%3A365&grant=modal%3A5K%3A20%3A3%3A365"
        );
        let again = decode_link(&q, &c);
        assert_eq!(again.plan, d.plan);
        let bad = decode_link("start=-1", &c);
        assert_eq!(bad.errors[0].to_string(), "Starts on day: \"-1\" is negative. Expected a whole day from 0 (today) to 1826 (five years).");
    }

    #[test]
    fn day_zero_travels_in_the_link_and_defaults_to_the_opening_day() {
        use crate::input::calendar::Date;
        let c = catalog();
        let today = Date::new(2026, 12, 8).unwrap_or_else(|| panic!());
        let d = decode_link_on("t0=2026-12-01&start=20", &c, today);
        assert!(d.plan_errors.is_empty(), "{:?}", d.plan_errors);
        assert_eq!(d.plan.t0, Date::new(2026, 12, 1));
        let q = encode_link(&d.plan);
        assert!(
            q.starts_with("t0=2026-12-01&job=pretrain%3A7B%3A2T%3Aaws%3Ah100-sxm%3A64%3A20%3A"),
            "{q}"
        );
        assert_eq!(decode_link(&q, &c).plan, d.plan);
        // Without t0 (every link written before it existed): the opening day.
        let d = decode_link_on("start=20", &c, today);
        assert_eq!(d.plan.t0, Some(today));
        assert_eq!(decode_link("start=20", &c).plan.t0, None);
        // First wins; a bad one is reported by key and today is used.
        let d = decode_link_on("t0=2027-02-29&t0=2027-03-01", &c, today);
        assert_eq!(d.plan.t0, Some(today));
        assert_eq!(d.plan_errors.len(), 1);
        assert_eq!(d.plan_errors[0].key(), "t0");
        assert_eq!(d.plan_errors[0].message(), "Day 0 date (t0): \"2027-02-29\" is not a calendar date (Feb has 28 days). Expected a date YYYY-MM-DD, like 2026-12-01; today is used instead.");
        let d = decode_link_on("t0=%3Cb%3Enext+week", &c, today);
        assert_eq!(d.plan_errors[0].message(), "Day 0 date (t0): \"<b>next week\" is not a date in the form YYYY-MM-DD. Expected a date YYYY-MM-DD, like 2026-12-01; today is used instead.");
    }

    #[test]
    fn dataset_format_corpus_out_and_instance_networks_in_links() {
        let c = catalog();
        let d = decode_link("data_format=tokens&corpus_out=1", &c);
        assert!(d.errors.is_empty(), "{:?}", d.errors);
        assert_eq!(
            d.plan.settings.overheads.data_format,
            crate::input::knobs::DataFormat::Tokens
        );
        assert!(d.plan.settings.overheads.corpus_out);
        // Written back only when not the default (raw, 0).
        let q = encode_link(&d.plan);
        assert!(
            q.contains("data_format=tokens") && q.contains("corpus_out=1"),
            "{q}"
        );
        let q = encode_link(&Plan::default());
        assert!(
            !q.contains("data_format") && !q.contains("corpus_out"),
            "{q}"
        );
        let d = decode_link("data_format=csv&corpus_out=yes", &c);
        let texts: Vec<String> = d.errors.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            texts,
            [
                "Dataset format: \"csv\" is not in the catalog. Expected one of raw, tokens.",
                "Move the corpus out later: \"yes\" is not a number. Expected 1 to move the corpus out of the training cloud at the end, or 0.",
            ]
        );
        assert_eq!(
            d.plan.settings.overheads.data_format,
            crate::input::knobs::DataFormat::Raw
        );
        // p5's EFA is not offered for A100s at AWS (p4d.24xlarge has its own 400 Gb/s EFA).
        let d = decode_link("gpu=a100-40gb&network=aws-efa-3200", &c);
        assert_eq!(
            d.errors[0].to_string(),
            "Inter-node network: Amazon Web Services (p4d.24xlarge) does not offer \"aws-efa-3200\". Expected one of aws-efa-400."
        );
        assert_eq!(d.plan.settings.overheads.network_id, None);
        // The old A3 Mega id is no longer offered for Google Cloud's (a3-high) H100s.
        let d = decode_link("provider=gcp&network=gcp-a3-mega", &c);
        assert_eq!(
            d.errors[0].problem,
            Problem::NotOffered("Google Cloud (a3-highgpu-8g)".into())
        );
    }
}

#[cfg(test)]
mod view_prefs_tests {
    use super::*;
    use crate::locale::{CurrencyCode, DisplayCurrency, Lang};

    #[test]
    fn one_decode_reads_the_plan_the_ranges_and_the_view() {
        // One read of the link: a bad range and a bad view key each give their message, beside
        // the plan's own, and the good values apply.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let link = "gpus=8&mfu_range=2:1&lang=pt&cur=gbp&price_range=0.9:1.2&cuda=2";
        // Opened as the page does: the view keys read in the language the thread had (English),
        // the link's language applied, then the plan read in it.
        let mut opened = Vec::new();
        let d = crate::locale::with_lang(Lang::En, || {
            decode_link_opening(link, &c, |v| {
                opened.push(*v);
                crate::locale::set_lang(v.lang.unwrap_or(Lang::En));
            })
        });
        assert_eq!(opened.len(), 1);
        assert_eq!(opened[0], d.view);
        assert_eq!(
            d.view_errors,
            crate::locale::with_lang(Lang::En, || decode_view_prefs("cur=gbp").1)
        );
        assert_ne!(
            d.view_errors,
            crate::locale::with_lang(Lang::Pt, || decode_view_prefs("cur=gbp").1)
        );
        assert_eq!(
            d.errors,
            crate::locale::with_lang(Lang::Pt, || decode_link(link, &c).errors)
        );
        assert_ne!(
            d.errors,
            crate::locale::with_lang(Lang::En, || decode_link(link, &c).errors)
        );
        let d = decode_link(link.replace("&cuda=2", "").as_str(), &c);
        assert!(d.errors.is_empty() && d.plan_errors.is_empty());
        assert_eq!(d.range_errors.len(), 1);
        assert_eq!(d.range_errors[0].key, crate::document::plan::RangeKey::Mfu);
        assert!(d.plan.ranges.mfu.is_fixed());
        assert_eq!(d.plan.ranges.price.low, 0.9);
        assert_eq!(d.view.lang, Some(Lang::Pt));
        assert_eq!(d.view.currency, None);
        assert_eq!(d.view_errors, decode_view_prefs("cur=gbp").1);
        assert_eq!(d.view_errors.len(), 1);
        // A link without those keys has none of their errors.
        let d = decode_link("gpus=8", &c);
        assert!(d.range_errors.is_empty() && d.view_errors.is_empty());
        assert_eq!(d.view, ViewPrefs::default());
    }

    #[test]
    fn view_keys_round_trip_canonically() {
        let (p, m) = decode_view_prefs("?lang=pt&cur=brl&fx=5.4");
        assert!(m.is_empty(), "{m:?}");
        assert_eq!(p.lang, Some(Lang::Pt));
        assert_eq!(
            p.currency,
            Some(DisplayCurrency {
                code: CurrencyCode::Brl,
                per_usd: 5.4
            })
        );
        assert_eq!(encode_view_prefs(&p), "lang=pt&cur=brl&fx=5.4");
        // Links are locale-free: "5,4" is not a rate (a comma only groups thousands in links).
        let (p, m) = decode_view_prefs("cur=eur&fx=0.925&params=7B");
        assert_eq!(encode_view_prefs(&p), "cur=eur&fx=0.925");
        assert!(m.is_empty());
        assert_eq!(encode_view_prefs(&ViewPrefs::default()), "");
        let (p, _) = decode_view_prefs("cur=usd&fx=5");
        assert_eq!(encode_view_prefs(&p), "cur=usd");
        // A rate of exactly 1,000,000 is accepted and written plainly.
        let (p, m) = decode_view_prefs("cur=brl&fx=1e6");
        assert!(m.is_empty());
        assert_eq!(encode_view_prefs(&p), "cur=brl&fx=1000000");
    }

    #[test]
    fn bad_view_values_name_the_key_and_the_rest_applies() {
        let (p, m) = decode_view_prefs("lang=de&cur=brl&fx=5.4");
        assert_eq!(p.lang, None);
        assert_eq!(p.currency.map(|c| c.code), Some(CurrencyCode::Brl));
        assert_eq!(
            m,
            ["Language (lang): \"de\" is not a language of this page. Expected en or pt."]
        );
        let (p, m) = decode_view_prefs("lang=pt&cur=gbp&fx=0.8");
        assert_eq!((p.lang, p.currency), (Some(Lang::Pt), None));
        assert_eq!(m, ["Display currency (cur): \"gbp\" is not a currency this page shows. Expected usd, brl or eur; amounts are shown in US dollars."]);
        // No rate: the currency's dated default (6.0692 / 1.1172 reais a dollar, the ECB's rates
        // of 30 Oct 2026), written back into the link so it reopens at that rate whatever the
        // default becomes.
        let (p, m) = decode_view_prefs("cur=brl");
        let rate = p.currency.map(|c| c.per_usd).unwrap_or_default();
        assert!((rate - 6.0692 / 1.1172).abs() < 1e-12, "{rate}");
        assert!(m.is_empty(), "{m:?}");
        let again = encode_view_prefs(&p);
        assert!(again.starts_with("cur=brl&fx=5.4325"), "{again}");
        assert_eq!(decode_view_prefs(&again).0, p);
        for (fx, why) in [
            ("0", "\"0\" must be greater than zero"),
            ("-2", "\"-2\" is negative"),
            ("1000001", "\"1000001\" is above the accepted range"),
            ("5,4", "\"5,4\" is not a number"),
            ("NaN", "\"NaN\" is not a number"),
            ("", "no value given"),
        ] {
            let (p, m) = decode_view_prefs(&format!("cur=eur&fx={fx}"));
            assert_eq!(p.currency, None, "{fx}");
            assert_eq!(m.len(), 1, "{fx}");
            assert!(
                m[0].starts_with(&format!("Exchange rate (fx): {why}. Expected")),
                "{fx}: {m:?}"
            );
        }
    }

    #[test]
    fn plan_links_are_unchanged_by_view_keys() {
        let cat = crate::data::catalog::Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let plain = decode_link("params=13B", &cat);
        let viewed = decode_link("params=13B&lang=pt&cur=brl&fx=5.4", &cat);
        assert_eq!(plain.plan, viewed.plan);
        assert!(viewed.errors.is_empty() && viewed.plan_errors.is_empty());
    }
}
