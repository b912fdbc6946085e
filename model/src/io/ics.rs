//! The plan on a calendar: an iCalendar file (RFC 5545) with one all-day event for each grant's
//! apply-by day, expected approval and expiry, and for each workload's start and end. Every event
//! has a one-line summary, a one-line description ending in the plan's share link, and the link as
//! its `URL`. Pure: the caller passes the share link and the current time, so the same plan and
//! time always give the same bytes.
//!
//! RFC 5545 details kept here: CRLF line endings (3.1), content lines folded at 75 octets without
//! splitting a UTF-8 character (3.1), TEXT escaping of `\ ; , newline` (3.3.11), `DATE` values for
//! all-day events with a non-inclusive `DTEND` the next day (3.6.1, 3.8.2.2), `DTSTAMP` in UTC
//! (3.8.7.2), and a `UID` per event (3.8.4.7) derived from the plan's name and day 0 and the
//! event's place in the plan, so importing the file again updates the events instead of adding
//! copies.

use crate::credits::evaluate::Outcome;
use crate::data::catalog::Catalog;
use crate::document::experiments::ExtraWorkload;
use crate::document::plan::{BillLine, BillPart, GrantState, Plan};
use crate::document::workload::Kind;
use crate::input::calendar::Date;
use crate::io::format::{compact, usd_exact};

/// Longest content line, octets, not counting the CRLF (RFC 5545 section 3.1).
pub const MAX_LINE_OCTETS: usize = 75;

/// The file name when the plan has no name.
pub const DEFAULT_FILE_NAME: &str = "gpu-credit-runway.ics";

/// One all-day event of the plan.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    /// What it is within the plan (`grant-1-aws-activate-apply-by`); part of its UID.
    pub key: String,
    /// The day it falls on.
    pub date: Date,
    /// One line, for the calendar's title.
    pub summary: String,
    /// One sentence or two, one line (the share link is appended when the file is written).
    pub description: String,
}

/// Why a plan cannot be put on a calendar.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CalendarError {
    /// The plan has no date for day 0.
    NoStartDate,
}

impl std::fmt::Display for CalendarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CalendarError::NoStartDate => f.write_str(&crate::tr!("ics.no_start_date")),
        }
    }
}

/// Dollars for a sentence: `$100,000` for whole amounts, `$26.63` otherwise (in Portuguese
/// `US$ 100.000` and `US$ 26,63`: the cents' separator is the language's).
fn dollars(v: f64) -> String {
    let s = usd_exact(v);
    s.strip_suffix(".00")
        .or_else(|| s.strip_suffix(",00"))
        .map_or(s.clone(), str::to_string)
}

/// How the plan's workloads are named in sentences: "the LoRA job" when it is the only LoRA job,
/// "LoRA job 2" among several.
fn job_names(outcome: &Outcome) -> Vec<String> {
    outcome
        .jobs
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let label = j.job.kind.label();
            let same = outcome
                .jobs
                .iter()
                .filter(|o| o.job.kind.label() == label)
                .count();
            if same == 1 {
                crate::tr!("ics.job_only", label = label)
            } else {
                crate::tr!("ics.job_n", label = label, n = i + 1)
            }
        })
        .collect()
}

fn numbered(what: String, index: usize, count: usize) -> String {
    if count == 1 {
        what
    } else {
        format!("{what} {}", index + 1)
    }
}

/// The text with its first letter in capitals, for a name that opens a calendar title ("LoRA job
/// starts"; Portuguese "Tarefa de LoRA começa").
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Whose first day an apply-by date is aimed at, for its sentence.
enum Target {
    Job(String),
    JobStorage(String),
    JobEgress(String),
    Serve(String),
    Experiments(String),
    First,
}

/// Letters, digits and dashes only (for UIDs).
fn slug(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect()
}

/// The events of a plan, in plan order: per grant apply-by (when a workload it can pay exists),
/// expected approval and expiry; then per training job, serving line and experiment its start and
/// end. Dates are `plan.t0` plus the day number; days past the simulated horizon still get dates.
pub fn plan_events(
    plan: &Plan,
    outcome: &Outcome,
    catalog: &Catalog,
) -> Result<Vec<Event>, CalendarError> {
    let t0 = plan.t0.ok_or(CalendarError::NoStartDate)?;
    // Days before day 0 (an apply-by already past) are dated too; outside years 1000–9999 the
    // date saturates (day numbers are at most a few years, so only nonsense input gets there).
    let date = |day: i64| {
        t0.add_days(day)
            .unwrap_or(if day < 0 { t0 } else { t0.plus(u32::MAX) })
    };
    let human = |day: i64| date(day).human();
    let acc_name = |id: &str| {
        catalog
            .accelerator(id)
            .map_or_else(|| id.to_string(), |a| a.name_text().to_string())
    };
    let provider_name = |id: &str| {
        catalog
            .provider(id)
            .map_or_else(|| id.to_string(), |p| p.name.to_string())
    };
    let jobs = job_names(outcome);
    let serve_count = outcome.serves.len();
    let experiment_count = plan.count::<ExtraWorkload>();
    let api_count = outcome.apis.len();
    // Who a bill line belongs to.
    let line_name = |line: Option<&BillLine>| -> Target {
        let Some(l) = line else {
            return Target::First;
        };
        let i = l.index;
        match (l.kind, l.part) {
            (Kind::Train, BillPart::Compute) => {
                jobs.get(i).cloned().map_or(Target::First, Target::Job)
            }
            (Kind::Train, BillPart::Storage) => jobs
                .get(i)
                .cloned()
                .map_or(Target::First, Target::JobStorage),
            (Kind::Train, BillPart::Egress) => jobs
                .get(i)
                .cloned()
                .map_or(Target::First, Target::JobEgress),
            (Kind::Serve, _) => Target::Serve(numbered(
                crate::tr!("ics.serving_line_lower"),
                i,
                serve_count,
            )),
            (Kind::Experiments, _) => Target::Experiments(numbered(
                crate::tr!("ics.experiments_lower"),
                i,
                experiment_count,
            )),
            // "the API line, which starts on …" reads as a serving line's sentence does.
            (Kind::Api, _) => {
                Target::Serve(numbered(crate::tr!("api_use.line_lower"), i, api_count))
            }
        }
    };
    let mut events = Vec::new();

    // Grants: the simulation's grants are the plan's grants whose program is in the catalog.
    let mut sim = 0usize;
    for (k, planned) in plan.grants.iter().enumerate() {
        let Some(program) = catalog.program(&planned.program_id) else {
            continue;
        };
        let gi = sim;
        sim += 1;
        let Some(g) = outcome.inputs.0.get(gi) else {
            continue;
        };
        let name = program.name_text().to_string();
        let amount = dollars(planned.amount_usd);
        let key = format!("grant-{}-{}", k + 1, slug(&planned.program_id));
        // The grant's own days (a grant applied before day 0 counts from its application).
        let approved = planned.approved_day();
        let expires = planned.expires_day();
        let state = planned.state();
        let review = if planned.review_days == program.review_days_typical {
            crate::tr!("ics.review_typical", n = planned.review_days)
        } else {
            crate::tr!("ics.review_planned", n = planned.review_days)
        };
        if let Some(by) = outcome.apply_by.get(gi).copied().flatten() {
            let first = outcome
                .inputs
                .1
                .iter()
                .enumerate()
                .filter(|(_, w)| g.pays_for(w))
                .min_by_key(|(_, w)| w.start_day);
            if let Some((w, line)) = first {
                let day = human(i64::from(line.start_day));
                let (name, amount, review) = (&name, &amount, &review);
                let mut description = match line_name(outcome.lines.get(w)) {
                    Target::Job(job) => crate::tr!(
                        "ics.apply_by.job",
                        name = name,
                        amount = amount,
                        review = review,
                        job = job,
                        day = day
                    ),
                    Target::JobStorage(job) => crate::tr!(
                        "ics.apply_by.storage",
                        name = name,
                        amount = amount,
                        review = review,
                        job = job,
                        day = day
                    ),
                    Target::JobEgress(job) => crate::tr!(
                        "ics.apply_by.egress",
                        name = name,
                        amount = amount,
                        review = review,
                        job = job,
                        day = day
                    ),
                    Target::Serve(line) => crate::tr!(
                        "ics.apply_by.serve",
                        name = name,
                        amount = amount,
                        review = review,
                        line = line,
                        day = day
                    ),
                    Target::Experiments(line) => crate::tr!(
                        "ics.apply_by.experiments",
                        name = name,
                        amount = amount,
                        review = review,
                        line = line,
                        day = day
                    ),
                    Target::First => crate::tr!(
                        "ics.apply_by.first",
                        name = name,
                        amount = amount,
                        review = review,
                        day = day
                    ),
                };
                if by < 0 {
                    description.push_str(&crate::tr!("ics.apply_by.before_day0", day = t0.human()));
                }
                if i64::from(planned.apply_day) > by {
                    description.push_str(&crate::tr!(
                        "ics.apply_by.plan_applies",
                        day = human(i64::from(planned.apply_day)),
                        n = i64::from(planned.apply_day) - by
                    ));
                }
                events.push(Event {
                    key: format!("{key}-apply-by"),
                    date: date(by),
                    summary: crate::tr!("ics.apply_by.summary", name = name, amount = amount),
                    description,
                });
            }
        }
        // A held grant was approved before day 0: nothing to wait for, only its expiry.
        if state != GrantState::Held {
            events.push(Event {
                key: format!("{key}-approved"),
                date: date(approved),
                summary: crate::tr!("ics.approval.summary", name = name, amount = amount),
                description: crate::tr!(
                    "ics.approval.description",
                    name = name,
                    amount = amount,
                    applied = human(i64::from(planned.apply_day)),
                    review = review,
                    expires = human(expires)
                ),
            });
        }
        let mut expiry = crate::tr!(
            "ics.expiry.description",
            name = name,
            amount = amount,
            n = planned.validity_days,
            day = human(approved)
        );
        if let Some(o) = outcome.result.grants.get(gi) {
            if o.unused_usd > 0.005 {
                expiry.push_str(&crate::tr!(
                    "ics.expiry.uses_unused",
                    used = dollars(o.used_usd),
                    expired = dollars(o.expired_usd),
                    unused = dollars(o.unused_usd)
                ));
            } else {
                expiry.push_str(&crate::tr!(
                    "ics.expiry.uses",
                    used = dollars(o.used_usd),
                    expired = dollars(o.expired_usd)
                ));
            }
        }
        events.push(Event {
            key: format!("{key}-expires"),
            date: date(expires),
            summary: crate::tr!("ics.expiry.summary", name = name),
            description: expiry,
        });
    }

    // Training jobs.
    for (i, j) in outcome.jobs.iter().enumerate() {
        let name = &jobs[i];
        let key = format!("job-{}", i + 1);
        let on = crate::tr!(
            "ics.gpus_at",
            gpus = j.job.gpus,
            acc = acc_name(&j.job.accelerator_id),
            provider = provider_name(&j.job.provider_id)
        );
        let start = i64::from(j.start_day);
        let finishes = j.estimate.is_ok()
            && j.overheads
                .as_ref()
                .is_some_and(|o| o.billed_days.is_finite());
        let description = if j.estimate.is_err() {
            crate::tr!("ics.job.unpriced", title = j.job.title(), on = on)
        } else if finishes {
            crate::tr!(
                "ics.job.priced",
                title = j.job.title(),
                on = on,
                h = compact(j.gpu_hours),
                cost = dollars(j.cost_usd),
                day = human(i64::from(j.end_day))
            )
        } else {
            crate::tr!("ics.job.never", title = j.job.title(), on = on)
        };
        events.push(Event {
            key: format!("{key}-start"),
            date: date(start),
            summary: crate::tr!("ics.job.start_summary", name = capitalized(name), on = on),
            description,
        });
        if finishes {
            events.push(Event {
                key: format!("{key}-end"),
                date: date(i64::from(j.end_day)),
                summary: crate::tr!("ics.job.done_summary", name = capitalized(name)),
                description: crate::tr!(
                    "ics.job.done",
                    title = j.job.title(),
                    start = human(start),
                    on = on,
                    cost = dollars(j.cost_usd)
                ),
            });
        }
    }

    // Serving lines.
    for (n, v) in outcome.serves.iter().enumerate() {
        let name = numbered(crate::tr!("ics.serving_line"), n, serve_count);
        let key = format!("serve-{}", n + 1);
        let on = crate::tr!(
            "ics.serve.at",
            acc = acc_name(&v.serve.accelerator_id),
            provider = provider_name(&v.serve.provider_id),
            host = v.serve.host.text()
        );
        let start = i64::from(v.start_day);
        match &v.error {
            Some(e) => events.push(Event {
                key: format!("{key}-start"),
                date: date(start),
                summary: crate::tr!("ics.job.start_summary", name = name, on = on),
                description: crate::tr!(
                    "ics.serve.error",
                    title = v.serve.title(),
                    on = on,
                    error = e
                ),
            }),
            None => {
                let gpus = if v.gpus == 1 {
                    crate::tr!("ics.serve.gpu_one", n = v.gpus)
                } else {
                    crate::tr!("ics.serve.gpu_other", n = v.gpus)
                };
                events.push(Event {
                    key: format!("{key}-start"),
                    date: date(start),
                    summary: crate::tr!("ics.job.start_summary", name = name, on = on),
                    description: crate::tr!(
                        "ics.serve.starts",
                        title = v.serve.title(),
                        on = on,
                        gpus = gpus,
                        monthly = dollars(v.monthly_usd),
                        day = human(i64::from(v.end_day))
                    ),
                });
                events.push(Event {
                    key: format!("{key}-end"),
                    date: date(i64::from(v.end_day)),
                    summary: crate::tr!("ics.serve.ends_summary", name = name),
                    description: crate::tr!(
                        "ics.serve.ends",
                        title = v.serve.title(),
                        on = on,
                        start = human(start),
                        gpus = gpus,
                        total = dollars(v.total_usd)
                    ),
                });
            }
        }
    }

    // Experiments.
    for (k, w) in plan.each::<ExtraWorkload>().enumerate() {
        let name = numbered(crate::tr!("ics.experiments"), k, experiment_count);
        let key = format!("experiment-{}", k + 1);
        let on = crate::tr!(
            "ics.gpus_at",
            gpus = w.gpus,
            acc = acc_name(&w.accelerator_id),
            provider = provider_name(&w.provider_id)
        );
        let start = i64::from(w.start_day);
        let line = outcome
            .lines
            .iter()
            .position(|l| l.is(Kind::Experiments, k, BillPart::Compute))
            .and_then(|p| outcome.inputs.1.get(p));
        let what = crate::tr!(
            "ics.experiments_run.what",
            h = compact(w.gpu_hours),
            on = on,
            duty = crate::io::format::percent(w.duty)
        );
        match line {
            Some(line) => {
                let end = i64::from(line.end_day());
                let cost = dollars(line.gpu_hours * line.usd_per_gpu_hour);
                events.push(Event {
                    key: format!("{key}-start"),
                    date: date(start),
                    summary: crate::tr!("ics.experiments_run.start_summary", name = name, on = on),
                    description: crate::tr!(
                        "ics.experiments_run.start",
                        what = what,
                        cost = cost,
                        day = human(end)
                    ),
                });
                events.push(Event {
                    key: format!("{key}-end"),
                    date: date(end),
                    summary: crate::tr!("ics.experiments_run.done_summary", name = name),
                    description: crate::tr!(
                        "ics.experiments_run.done",
                        what = what,
                        start = human(start),
                        cost = cost
                    ),
                });
            }
            None => events.push(Event {
                key: format!("{key}-start"),
                date: date(start),
                summary: crate::tr!("ics.experiments_run.start_summary", name = name, on = on),
                description: crate::tr!(
                    "ics.experiments_run.unpriced",
                    what = what,
                    provider = provider_name(&w.provider_id)
                ),
            }),
        }
    }
    // The date a founder most needs on the calendar: the first day the credits do not cover.
    if let Some(day) = outcome.result.runway_end_day {
        let day = i64::from(day);
        events.push(Event {
            key: "cash-starts".into(),
            date: date(day),
            summary: crate::tr!("ics.cash.summary"),
            description: crate::tr!(
                "ics.cash.description",
                day = human(day),
                cash = dollars(outcome.result.cash_usd)
            ),
        });
    }
    Ok(events)
}

/// 64-bit FNV-1a, for UIDs that stay the same across runs and builds.
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The event's UID: the plan (its name and day 0) and the event's key, so the same event of the
/// same plan keeps its UID when dates or amounts change, and a re-import updates it.
pub fn uid(plan: &Plan, key: &str) -> String {
    let t0 = plan.t0.map_or_else(String::new, Date::iso);
    let plan_id = fnv1a(&format!("{}\u{0}{t0}", plan.name.trim()));
    format!("{plan_id:016x}-{key}@gpu-credit-runway")
}

/// TEXT value escaping (RFC 5545 section 3.3.11): `\` `;` `,` and line breaks; other control
/// characters, which TEXT does not allow, become spaces.
pub fn escape_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    for c in normalised.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push('\t'),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// One content line, folded (RFC 5545 section 3.1): at most 75 octets per physical line, each
/// continuation starting with a space (which counts), never inside a UTF-8 character; ends in
/// CRLF.
pub fn fold_line(line: &str) -> String {
    let mut out = String::with_capacity(line.len() + line.len() / 70 * 3 + 2);
    let mut used = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if used + n > MAX_LINE_OCTETS {
            out.push_str("\r\n ");
            used = 1;
        }
        out.push(c);
        used += n;
    }
    out.push_str("\r\n");
    out
}

/// `20270112`.
fn ics_date(d: Date) -> String {
    d.iso().replace('-', "")
}

/// `20261201T115900Z` for seconds since 1970-01-01 UTC.
fn ics_utc(unix_seconds: i64) -> String {
    let days = unix_seconds.div_euclid(86_400);
    let secs = unix_seconds.rem_euclid(86_400);
    let epoch = Date::new(1970, 1, 1);
    let day = epoch.and_then(|e| e.add_days(days)).or(epoch);
    let date = day.map_or_else(|| "19700101".to_string(), ics_date);
    format!(
        "{date}T{:02}{:02}{:02}Z",
        secs / 3600,
        secs % 3600 / 60,
        secs % 60
    )
}

/// A URI value: written as given, without control characters or spaces (they cannot be in a
/// link, and a line break would end the property).
fn clean_uri(uri: &str) -> String {
    uri.chars()
        .filter(|c| !c.is_control() && !c.is_whitespace())
        .collect()
}

/// The plan as an iCalendar file: `share_url` is the link that reopens the plan, `now_unix_seconds`
/// the time of the export (UTC), for every event's `DTSTAMP`.
pub fn plan_calendar(
    plan: &Plan,
    outcome: &Outcome,
    catalog: &Catalog,
    share_url: &str,
    now_unix_seconds: i64,
) -> Result<String, CalendarError> {
    let events = plan_events(plan, outcome, catalog)?;
    let url = clean_uri(share_url);
    let stamp = ics_utc(now_unix_seconds);
    let mut out = String::new();
    let mut line = |text: String| out.push_str(&fold_line(&text));
    line("BEGIN:VCALENDAR".into());
    line("VERSION:2.0".into());
    line("PRODID:-//GPU Credit Runway//Plan calendar//EN".into());
    line("CALSCALE:GREGORIAN".into());
    line("METHOD:PUBLISH".into());
    let title = if plan.name.trim().is_empty() {
        crate::tr!("ics.calendar_name")
    } else {
        format!("GPU Credit Runway: {}", plan.name.trim())
    };
    line(format!("X-WR-CALNAME:{}", escape_text(&title)));
    for e in &events {
        line("BEGIN:VEVENT".into());
        line(format!("UID:{}", uid(plan, &e.key)));
        line(format!("DTSTAMP:{stamp}"));
        line(format!("DTSTART;VALUE=DATE:{}", ics_date(e.date)));
        line(format!("DTEND;VALUE=DATE:{}", ics_date(e.date.plus(1))));
        line(format!("SUMMARY:{}", escape_text(&e.summary)));
        let description = if url.is_empty() {
            e.description.clone()
        } else {
            crate::tr!("ics.with_link", description = e.description, url = url)
        };
        line(format!("DESCRIPTION:{}", escape_text(&description)));
        if !url.is_empty() {
            line(format!("URL:{url}"));
        }
        line("TRANSP:TRANSPARENT".into());
        line("END:VEVENT".into());
    }
    line("END:VCALENDAR".into());
    Ok(out)
}

/// The download's name: the plan's name as letters, digits and dashes, or
/// [`DEFAULT_FILE_NAME`].
pub fn file_name(plan_name: &str) -> String {
    crate::input::text::file_stem(plan_name)
        .map_or_else(|| DEFAULT_FILE_NAME.to_string(), |s| format!("{s}.ics"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::evaluate::evaluate;
    use crate::document::experiments::ExtraWorkload;
    use crate::document::plan::PlannedGrant;
    use std::collections::HashMap;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    fn d(s: &str) -> Date {
        Date::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    /// Splits a file into physical lines, checking each ends in CRLF and has at most 75 octets,
    /// then unfolds them (a line starting with a space or tab continues the one before).
    fn unfold(text: &str) -> Vec<String> {
        assert!(text.ends_with("\r\n"), "the file ends with CRLF");
        let mut physical: Vec<&str> = text.split("\r\n").collect();
        assert_eq!(physical.pop(), Some(""));
        let mut lines: Vec<String> = Vec::new();
        for p in physical {
            assert!(p.len() <= 75, "{} octets: {p:?}", p.len());
            assert!(!p.contains(['\r', '\n']), "bare CR or LF in {p:?}");
            match p.strip_prefix([' ', '\t']) {
                Some(rest) => lines
                    .last_mut()
                    .unwrap_or_else(|| panic!("continuation first"))
                    .push_str(rest),
                None => lines.push(p.to_string()),
            }
        }
        lines
    }

    /// Reverses TEXT escaping, rejecting an escape RFC 5545 does not define.
    fn unescape(v: &str) -> String {
        let mut out = String::new();
        let mut chars = v.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                assert!(c != ';' && c != ',', "unescaped {c:?} in {v:?}");
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('\\') => out.push('\\'),
                Some(';') => out.push(';'),
                Some(',') => out.push(','),
                Some('n' | 'N') => out.push('\n'),
                other => panic!("bad escape {other:?} in {v:?}"),
            }
        }
        out
    }

    /// `(name with parameters, raw value)` of each unfolded line.
    fn properties(text: &str) -> Vec<(String, String)> {
        unfold(text)
            .into_iter()
            .map(|l| {
                let (name, value) = l
                    .split_once(':')
                    .unwrap_or_else(|| panic!("no colon in {l:?}"));
                (name.to_string(), value.to_string())
            })
            .collect()
    }

    /// The VEVENTs, each a map from property (with parameters) to raw value.
    fn vevents(text: &str) -> Vec<HashMap<String, String>> {
        let mut out = Vec::new();
        let mut current: Option<HashMap<String, String>> = None;
        for (name, value) in properties(text) {
            match (name.as_str(), value.as_str()) {
                ("BEGIN", "VEVENT") => current = Some(HashMap::new()),
                ("END", "VEVENT") => {
                    out.push(current.take().unwrap_or_else(|| panic!("END first")))
                }
                _ => {
                    if let Some(e) = current.as_mut() {
                        assert!(e.insert(name.clone(), value).is_none(), "{name} twice");
                    }
                }
            }
        }
        out
    }

    /// A grant of `program` with these numbers (the rest at the program's defaults).
    fn grant(
        program: &str,
        amount_usd: f64,
        apply: i32,
        review: u32,
        validity: u32,
    ) -> PlannedGrant {
        let cat = catalog();
        let p = cat
            .program(program)
            .unwrap_or_else(|| panic!("{program} in the catalog"));
        PlannedGrant {
            amount_usd,
            apply_day: apply,
            review_days: review,
            validity_days: validity,
            ..PlannedGrant::from_program(p)
        }
    }

    /// The hand-built plan: day 0 = 2027-01-04; AWS Activate $100,000 applied on day 0 with a
    /// 12-day review, valid 365 days; one AWS job (1 × H100 SXM, all day, at a $10 price override,
    /// 240 GPU-hours = 10 days of 24 h) from day 20; a Modal grant that pays nothing in the plan.
    fn hand_plan() -> Plan {
        Plan {
            t0: Some(d("2027-01-04")),
            grants: vec![
                grant("aws-activate", 100_000.0, 0, 12, 365),
                grant("modal", 25_000.0, 0, 3, 3650),
            ],
            workloads: crate::document::workload::numbered([ExtraWorkload {
                provider_id: "aws".into(),
                accelerator_id: "h100-sxm".into(),
                gpus: 1,
                gpu_hours: 240.0,
                start_day: 20,
                duty: 1.0,
                price_override_usd_per_gpu_hour: Some(10.0),
            }
            .into()]),
            name: "Seed; round, A\\B".into(),
            ..Plan::default()
        }
    }

    const URL: &str =
        "https://example.test/runway/?t0=2027-01-04&grant=aws-activate:100K:0:12:365&name=Seed";
    // 2026-12-01T11:59:00Z: 1970–2025 is 56 years with 14 leap days (1972…2024), 56 · 365 + 14 =
    // 20,454 days; Jan–Nov 2026 is 334 days; 20,788 days · 86,400 s + 11 h 59 min (43,140 s).
    const NOW: i64 = 20_788 * 86_400 + 43_140;

    fn hand_file() -> String {
        let cat = catalog();
        let plan = hand_plan();
        let outcome = evaluate(&plan, &cat);
        plan_calendar(&plan, &outcome, &cat, URL, NOW).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_day_cash_starts_is_an_event() {
        // The hand plan with the AWS grant cut to $1,000: the experiments cost $10 × 24 = $240 a day
        // from day 20, approved on day 12, so the grant pays days 20, 21, 22 and 23 ($960) and $40 of
        // day 24, whose other $200 is cash: cash starts on day 24 = 4 Jan + 24 = 28 Jan 2027. Cash in
        // all: $2,400 − $1,000 = $1,400.
        let cat = catalog();
        let mut plan = hand_plan();
        plan.grants[0].amount_usd = 1_000.0;
        let outcome = evaluate(&plan, &cat);
        let events = plan_events(&plan, &outcome, &cat).unwrap_or_else(|e| panic!("{e}"));
        let cash: Vec<&Event> = events.iter().filter(|e| e.key == "cash-starts").collect();
        assert_eq!(cash.len(), 1);
        assert_eq!(cash[0].date, d("2027-01-28"));
        assert!(
            cash[0].description.contains("$1,400"),
            "{}",
            cash[0].description
        );
        // The hand plan itself: the credits pay everything, no such event.
        let full = evaluate(&hand_plan(), &cat);
        let none = plan_events(&hand_plan(), &full, &cat).unwrap_or_else(|e| panic!("{e}"));
        assert!(none.iter().all(|e| e.key != "cash-starts"));
    }

    #[test]
    fn hand_built_plan_gives_the_hand_computed_events() {
        let text = hand_file();
        let events = vevents(&text);
        let by_key: Vec<(String, String, String)> = events
            .iter()
            .map(|e| {
                let uid = e["UID"].clone();
                (
                    uid.split_once('-')
                        .map(|(_, k)| k.trim_end_matches("@gpu-credit-runway").to_string())
                        .unwrap_or_default(),
                    e["DTSTART;VALUE=DATE"].clone(),
                    e["DTEND;VALUE=DATE"].clone(),
                )
            })
            .collect();
        let expect = |k: &str, start: &str, end: &str| (k.to_string(), start.into(), end.into());
        assert_eq!(
            by_key,
            vec![
                // Apply by: the job starts on day 20, review 12 → day 8 = 4 Jan + 8 = 12 Jan 2027.
                expect("grant-1-aws-activate-apply-by", "20270112", "20270113"),
                // Approval: day 0 + 12 = day 12 = 16 Jan 2027.
                expect("grant-1-aws-activate-approved", "20270116", "20270117"),
                // Expiry: day 12 + 365 = day 377 = 16 Jan 2028 (no 29 Feb between: 2028's is after).
                expect("grant-1-aws-activate-expires", "20280116", "20280117"),
                // Modal pays no AWS work: no apply-by. Approval day 3 = 7 Jan 2027.
                expect("grant-2-modal-approved", "20270107", "20270108"),
                // Expiry day 3 + 3,650 = day 3,653, past the 5-year horizon but dated: day 0 (4 Jan
                // 2027) + 3,653 days = 4 Jan 2037 (ten years of 365 days plus the leap days of 2028,
                // 2032 and 2036).
                expect("grant-2-modal-expires", "20370104", "20370105"),
                // Job start: day 20 = 4 Jan + 20 = 24 Jan 2027.
                expect("experiment-1-start", "20270124", "20270125"),
                // Done by: 240 GPU-hours at 24 a day is 10 days, days 20–29; day 30 = 4 Jan + 30 =
                // 3 Feb 2027 (27 days to 31 Jan, 3 more). DTEND is the day after (exclusive).
                expect("experiment-1-end", "20270203", "20270204"),
            ]
        );
        let e = &events[0];
        assert_eq!(
            unescape(&e["SUMMARY"]),
            "Apply by: AWS Activate (general cloud) ($100,000)"
        );
        assert_eq!(
            unescape(&e["DESCRIPTION"]),
            format!("Apply for AWS Activate (general cloud) ($100,000) by this day: with a typical review of 12 days, approval lands in time for the experiments, which start on 24 Jan 2027. Plan: {URL}")
        );
        // Expiry: 240 h × $10 = $2,400 paid by the grant; $100,000 − $2,400 = $97,600 expires.
        assert!(unescape(&events[2]["DESCRIPTION"])
            .contains("The plan uses $2,400 of it and lets $97,600 expire unused."));
        // Display names, not ids.
        assert_eq!(
            unescape(&events[5]["SUMMARY"]),
            "Experiments start (1 × NVIDIA H100 SXM at Amazon Web Services)"
        );
        for e in &events {
            assert_eq!(e["URL"], URL);
            assert_eq!(e["DTSTAMP"], "20261201T115900Z");
            let description = unescape(&e["DESCRIPTION"]);
            assert!(
                description.ends_with(&format!(" Plan: {URL}")),
                "{description}"
            );
            assert!(!description.contains('\n') && !unescape(&e["SUMMARY"]).contains('\n'));
            assert!(!description.contains("aws-activate:") || description.contains(URL));
        }
        // UIDs: distinct across events, the same on a second export (a later time too).
        let uids: Vec<&String> = events.iter().map(|e| &e["UID"]).collect();
        let mut unique = uids.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), uids.len());
        let cat = catalog();
        let plan = hand_plan();
        let outcome = evaluate(&plan, &cat);
        let again =
            plan_calendar(&plan, &outcome, &cat, URL, NOW + 3600).unwrap_or_else(|e| panic!("{e}"));
        let again_uids: Vec<String> = vevents(&again)
            .into_iter()
            .map(|e| e["UID"].clone())
            .collect();
        assert_eq!(uids.into_iter().cloned().collect::<Vec<_>>(), again_uids);
        // Another plan (another name) gets other UIDs for the same events.
        let mut other = plan.clone();
        other.name = "Plan B".into();
        let third =
            plan_calendar(&other, &outcome, &cat, URL, NOW).unwrap_or_else(|e| panic!("{e}"));
        assert_ne!(vevents(&third)[0]["UID"], events[0]["UID"]);
    }

    #[test]
    fn apply_by_says_when_the_plan_applies_late_or_before_day_0() {
        let cat = catalog();
        let apply_by = |plan: &Plan| {
            let outcome = evaluate(plan, &cat);
            let events = plan_events(plan, &outcome, &cat).unwrap_or_else(|e| panic!("{e}"));
            events
                .into_iter()
                .find(|e| e.key == "grant-1-aws-activate-apply-by")
                .unwrap_or_else(|| panic!("no apply-by event"))
        };
        // The hand plan with AWS Activate applied on day 15: the job starts on day 20, review 12,
        // so apply by day 8 (12 Jan 2027); the plan applies on day 15 = 4 Jan + 15 = 19 Jan 2027,
        // 15 − 8 = 7 days later.
        let mut late = hand_plan();
        late.grants[0].apply_day = 15;
        let e = apply_by(&late);
        assert_eq!(e.date, d("2027-01-12"));
        assert_eq!(
            e.description,
            "Apply for AWS Activate (general cloud) ($100,000) by this day: with a typical review of 12 days, approval lands in time for the experiments, which start on 24 Jan 2027. The plan applies on 19 Jan 2027, 7 days later."
        );
        // The job from day 5 instead: apply by 5 − 12 = day −7 = 4 Jan − 7 = 28 Dec 2026, before
        // day 0 (4 Jan 2027); the plan applies on day 0, 0 − (−7) = 7 days later.
        let mut early = hand_plan();
        if let Some(w) = early.nth_mut::<ExtraWorkload>(0) {
            w.start_day = 5;
        }
        let e = apply_by(&early);
        assert_eq!(e.date, d("2026-12-28"));
        assert_eq!(
            e.description,
            "Apply for AWS Activate (general cloud) ($100,000) by this day: with a typical review of 12 days, approval lands in time for the experiments, which start on 9 Jan 2027. This is before the plan's day 0 (4 Jan 2027): apply as soon as you can. The plan applies on 4 Jan 2027, 7 days later."
        );
        assert_eq!(
            crate::locale::with_lang(crate::locale::Lang::Pt, || apply_by(&late).description),
            "Solicite AWS Activate (nuvem em geral) (US$\u{a0}100.000) até este dia: com uma análise típica de 12 dias, a aprovação sai a tempo para os experimentos, que começam em 24 de jan. de 2027. O plano solicita em 19 de jan. de 2027, 7 dias depois."
        );
    }

    #[test]
    fn calendar_envelope() {
        let text = hand_file();
        let props = properties(&text);
        let head: Vec<(&str, &str)> = props
            .iter()
            .take(6)
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            head,
            vec![
                ("BEGIN", "VCALENDAR"),
                ("VERSION", "2.0"),
                ("PRODID", "-//GPU Credit Runway//Plan calendar//EN"),
                ("CALSCALE", "GREGORIAN"),
                ("METHOD", "PUBLISH"),
                ("X-WR-CALNAME", "GPU Credit Runway: Seed\\; round\\, A\\\\B"),
            ]
        );
        assert_eq!(
            props.last().map(|(n, v)| (n.as_str(), v.as_str())),
            Some(("END", "VCALENDAR"))
        );
        // Every line of the file is at most 75 octets and ends in CRLF (checked by `unfold`), and
        // the long descriptions were folded.
        assert!(text.contains("\r\n "));
    }

    #[test]
    fn folding_never_splits_a_character_and_round_trips() {
        // 12 octets of "DESCRIPTION:" + 62 × "a" = 74; "€" is 3 octets and would end at 77, so
        // the first line stops before it at 74 octets.
        let line = format!("DESCRIPTION:{}€ and more", "a".repeat(62));
        let folded = fold_line(&line);
        assert!(folded.starts_with(&format!("DESCRIPTION:{}\r\n €", "a".repeat(62))));
        // A long mixed line (1-, 2-, 3- and 4-octet characters).
        let long = format!("DESCRIPTION:{}", "Crédits € 日本 🚀 München; ".repeat(20));
        let folded = fold_line(&long);
        let lines = unfold(&folded);
        assert_eq!(lines, vec![long.clone()]);
        // Continuation lines use their 74 octets after the space: 75 exactly where the next
        // character fits (an ASCII line of 200 octets folds into 75 + (1 + 74) + (1 + 51)).
        let ascii = "x".repeat(200);
        let parts: Vec<usize> = fold_line(&ascii).split("\r\n").map(str::len).collect();
        assert_eq!(parts, vec![75, 75, 52, 0]);
        // Exactly 75 octets: not folded.
        assert_eq!(
            fold_line(&"y".repeat(75)),
            format!("{}\r\n", "y".repeat(75))
        );
    }

    #[test]
    fn escaping_round_trips() {
        assert_eq!(escape_text("a;b,c\\d"), "a\\;b\\,c\\\\d");
        assert_eq!(unescape(&escape_text("a;b,c\\d")), "a;b,c\\d");
        assert_eq!(escape_text("line 1\nline 2"), "line 1\\nline 2");
        assert_eq!(unescape(&escape_text("line 1\nline 2")), "line 1\nline 2");
        // CRLF and a lone CR are line breaks too; other control characters are not TEXT.
        assert_eq!(escape_text("a\r\nb\rc\u{7}d"), "a\\nb\\nc d");
        // A plan name with every special character survives the whole file.
        let cat = catalog();
        let mut plan = hand_plan();
        plan.name = "a;b,c\\d: \"e\"".into();
        let outcome = evaluate(&plan, &cat);
        let text = plan_calendar(&plan, &outcome, &cat, URL, NOW).unwrap_or_else(|e| panic!("{e}"));
        let name = properties(&text)
            .into_iter()
            .find(|(n, _)| n == "X-WR-CALNAME")
            .map(|(_, v)| unescape(&v));
        assert_eq!(name.as_deref(), Some("GPU Credit Runway: a;b,c\\d: \"e\""));
    }

    #[test]
    fn a_training_job_gets_dated_start_and_end_events() {
        // The editor's default job (an open plan has one), on the same day 0.
        let cat = catalog();
        let plan = Plan {
            t0: Some(d("2027-01-04")),
            ..Plan::default()
        };
        let outcome = evaluate(&plan, &cat);
        let job = &outcome.jobs[0];
        let events = plan_events(&plan, &outcome, &cat).unwrap_or_else(|e| panic!("{e}"));
        let start = events.iter().find(|e| e.key == "job-1-start");
        let end = events.iter().find(|e| e.key == "job-1-end");
        // The events fall on the days the page shows for the job (t0 + its start and end day).
        assert_eq!(
            start.map(|e| e.date),
            Some(d("2027-01-04").plus(job.start_day))
        );
        assert_eq!(end.map(|e| e.date), Some(d("2027-01-04").plus(job.end_day)));
        let acc = cat
            .accelerator(&job.job.accelerator_id)
            .map(|a| a.name_text().to_string())
            .unwrap_or_default();
        assert!(start.is_some_and(|e| e.summary.contains(&acc) && !acc.is_empty()));
    }

    #[test]
    fn no_start_date_is_a_message() {
        let cat = catalog();
        let mut plan = hand_plan();
        plan.t0 = None;
        let outcome = evaluate(&plan, &cat);
        let e = plan_calendar(&plan, &outcome, &cat, URL, NOW);
        assert_eq!(e, Err(CalendarError::NoStartDate));
        assert!(CalendarError::NoStartDate
            .to_string()
            .contains("start date"));
    }

    #[test]
    fn file_names() {
        assert_eq!(file_name("Seed; round, A"), "Seed-round-A.ics");
        assert_eq!(file_name("Über plan"), "Über-plan.ics");
        assert_eq!(file_name(""), "gpu-credit-runway.ics");
        assert_eq!(file_name(" ;/.. "), "gpu-credit-runway.ics");
        assert_eq!(
            file_name(&"z".repeat(100)),
            format!("{}.ics", "z".repeat(60))
        );
    }
}
