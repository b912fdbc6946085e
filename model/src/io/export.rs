//! The results as CSV: one row per line of the bill (workloads, storage, egress), one row per grant,
//! and a monthly table of spend, credit used and cash. Text cells are quoted as RFC 4180 requires
//! and cannot start a spreadsheet formula.

use crate::credits::runway::{GrantInput, LineItem, RunwayResult, WorkloadInput};
use crate::data::catalog::Catalog;
use crate::document::plan::{BillLine, BillPart, Plan};
use crate::document::workload::Kind;
use crate::estimators::overheads::DAYS_PER_MONTH;

/// A text cell: quoted when it holds a comma, quote or line break; a leading `=`, `+`, `-`, `@`,
/// tab or carriage return is prefixed with `'` so spreadsheets show it instead of evaluating it.
pub fn csv_text(raw: &str) -> String {
    let guarded = if raw.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{raw}")
    } else {
        raw.to_string()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

/// A header row from its locale text: the column names, comma-separated.
fn header(names: String) -> Vec<String> {
    names.split(',').map(|n| csv_text(n.trim())).collect()
}

fn money(v: f64) -> String {
    if v.is_finite() {
        format!("{v:.2}")
    } else {
        String::new()
    }
}

/// The day ranges of billing months: month m is days [⌊m·730/24⌋, ⌊(m+1)·730/24⌋).
pub fn month_bounds(m: u32) -> (u32, u32) {
    let at = |m: u32| (f64::from(m) * DAYS_PER_MONTH).floor() as u32;
    (at(m), at(m + 1))
}

/// Writes the CSV report of a plan's runway.
pub fn results_csv(
    plan: &Plan,
    inputs: &(Vec<GrantInput>, Vec<WorkloadInput>),
    lines: &[BillLine],
    result: &RunwayResult,
    catalog: &Catalog,
) -> String {
    let mut out = String::new();
    // Dates next to day numbers, counted from the plan's day 0 (empty when it has none).
    let date = |day: u32| plan.t0.map_or_else(String::new, |t0| t0.plus(day).iso());
    let mut row = |cells: &[String]| {
        out.push_str(&cells.join(","));
        out.push_str("\r\n");
    };
    if !plan.name.is_empty() {
        row(&[csv_text(&crate::tr!("export.plan")), csv_text(&plan.name)]);
        row(&[]);
    }
    row(&header(crate::tr!("export.header.lines")));
    for (i, (w, spend)) in inputs.1.iter().zip(&result.workload_spend_usd).enumerate() {
        let item = match lines.get(i).map(|l| (l.kind, l.part, l.index + 1)) {
            Some((Kind::Train, BillPart::Compute, n)) => crate::tr!("export.item.job", n = n),
            Some((Kind::Train, BillPart::Storage, n)) => crate::tr!("export.item.storage", n = n),
            Some((Kind::Train, BillPart::Egress, n)) => crate::tr!("export.item.egress", n = n),
            Some((Kind::Serve, _, n)) => crate::tr!("export.item.serve", n = n),
            Some((Kind::Experiments, _, n)) => crate::tr!("export.item.experiments", n = n),
            Some((Kind::Api, _, n)) => crate::tr!("api_use.export_item", n = n),
            None => crate::tr!("export.item.line", n = i + 1),
        };
        let gpus = if w.line == LineItem::Accelerators {
            w.gpus.to_string()
        } else {
            String::new()
        };
        row(&[
            (i + 1).to_string(),
            csv_text(&item),
            csv_text(&w.provider_id),
            gpus,
            format!("{:.3}", w.gpu_hours),
            w.start_day.to_string(),
            date(w.start_day),
            w.end_day().min(result.horizon_days).to_string(),
            date(w.end_day().min(result.horizon_days)),
            money(*spend),
        ]);
    }
    row(&[]);
    row(&header(crate::tr!("export.header.grants")));
    for (i, ((planned, g), o)) in plan
        .grants
        .iter()
        .zip(&inputs.0)
        .zip(&result.grants)
        .enumerate()
    {
        let name = catalog
            .program(&planned.program_id)
            .map_or(planned.program_id.as_str(), |p| p.name_text());
        row(&[
            (i + 1).to_string(),
            csv_text(name),
            csv_text(&g.provider_id),
            money(g.amount_usd),
            g.apply_day.to_string(),
            date(g.apply_day),
            g.usable_from().to_string(),
            date(g.usable_from()),
            g.expires_on().to_string(),
            date(g.expires_on()),
            money(o.used_usd),
            money(o.expired_usd),
            money(o.unused_usd),
        ]);
    }
    row(&[]);
    row(&header(crate::tr!("export.header.months")));
    let days = result.daily_spend_usd.len() as u32;
    let mut m = 0;
    loop {
        let (from, to) = month_bounds(m);
        if from >= days {
            break;
        }
        let to = to.min(days);
        let range = from as usize..to as usize;
        let spend: f64 = result.daily_spend_usd[range.clone()].iter().sum();
        let cash: f64 = result.daily_cash_usd[range].iter().sum();
        row(&[
            (m + 1).to_string(),
            from.to_string(),
            date(from),
            (to - 1).to_string(),
            date(to - 1),
            money(spend),
            money(spend - cash),
            money(cash),
        ]);
        m += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::runway::simulate;

    #[test]
    fn text_cells_are_quoted_and_cannot_be_formulas() {
        assert_eq!(csv_text("AWS Activate"), "AWS Activate");
        assert_eq!(csv_text("a,b"), "\"a,b\"");
        assert_eq!(csv_text("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_text("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_text("-1+2"), "'-1+2");
    }

    #[test]
    fn months_split_the_horizon_in_730_hour_months() {
        // 730 h = 30.4167 days: months start on days 0, 30, 60, 91, 121.
        assert_eq!(month_bounds(0), (0, 30));
        assert_eq!(month_bounds(2), (60, 91));
        assert_eq!(month_bounds(3), (91, 121));
    }

    #[test]
    fn csv_has_a_row_per_line_and_grant_and_monthly_totals_by_hand() {
        // One workload: 1 GPU at $1/h, 24 h a day for 40 days from day 0 = $24/day, $960.
        // One grant: $500, all scope, usable [0, 100): pays days 0-19 ($480) and $20 of day 20.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Day 0 is 2026-12-31, so day 1 is 2027-01-01 and day 40 is 2027-02-09 (31 days of
        // January after day 0, then 9 of February); day 29 is 2027-01-29, day 30 2027-01-30, day 59
        // 2027-02-28, day 60 2027-03-01, day 90 2027-03-31, day 91 2027-04-01, day 99 2027-04-09,
        // day 100 2027-04-10.
        let plan = Plan {
            t0: crate::input::calendar::Date::new(2026, 12, 31),
            name: "Seed, \"v2\"".into(),
            grants: vec![crate::document::plan::PlannedGrant {
                program_id: "aws-activate".into(),
                amount_usd: 500.0,
                apply_day: 0,
                review_days: 0,
                validity_days: 100,
                odds: Default::default(),
            }],
            ..Plan::default()
        };
        let grants = vec![GrantInput {
            provider_id: "aws".into(),
            scope: crate::data::catalog::Scope::All,
            amount_usd: 500.0,
            apply_day: 0,
            review_days: 0,
            validity_days: 100,
        }];
        let work = vec![WorkloadInput {
            provider_id: "aws".into(),
            own_silicon_of: None,
            line: LineItem::Accelerators,
            gpus: 1,
            usd_per_gpu_hour: 1.0,
            duty: 1.0,
            start_day: 0,
            gpu_hours: 960.0,
        }];
        let r = simulate(&grants, &work);
        let csv = results_csv(
            &plan,
            &(grants.clone(), work.clone()),
            &[BillLine {
                workload: 0,
                kind: Kind::Train,
                index: 0,
                part: BillPart::Compute,
            }],
            &r,
            &c,
        );
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "plan,\"Seed, \"\"v2\"\"\"");
        assert_eq!(
            lines[3],
            "1,job 1: GPU-hours with communication and failures,aws,1,960.000,0,2026-12-31,40,2027-02-09,960.00"
        );
        assert_eq!(
            lines[6],
            "1,AWS Activate (general cloud),aws,500.00,0,2026-12-31,0,2026-12-31,100,2027-04-10,500.00,0.00,0.00"
        );
        // The Portuguese export names the program in Portuguese, as the Portuguese page does (its
        // headers are Portuguese too); the provider column stays the id in both.
        let pt = crate::locale::with_lang(crate::locale::Lang::Pt, || {
            results_csv(
                &plan,
                &(grants.clone(), work.clone()),
                &[BillLine {
                    workload: 0,
                    kind: Kind::Train,
                    index: 0,
                    part: BillPart::Compute,
                }],
                &r,
                &c,
            )
        });
        assert!(
            pt.split("\r\n")
                .any(|l| l.starts_with("1,AWS Activate (nuvem em geral),aws,500.00,")),
            "{pt}"
        );
        // Horizon 100 days (the grant's expiry). Month 1 = days 0-29: $720 spent, $500 credit, $220
        // cash; month 2 = days 30-59: days 30-39 spend $240, all cash; months 3-4: nothing.
        assert_eq!(
            lines[9],
            "1,0,2026-12-31,29,2027-01-29,720.00,500.00,220.00"
        );
        assert_eq!(
            lines[10],
            "2,30,2027-01-30,59,2027-02-28,240.00,0.00,240.00"
        );
        assert_eq!(lines[11], "3,60,2027-03-01,90,2027-03-31,0.00,0.00,0.00");
        assert_eq!(lines[12], "4,91,2027-04-01,99,2027-04-09,0.00,0.00,0.00");
        assert_eq!(lines[13], "");
    }
    #[test]
    fn headers_read_in_portuguese_with_the_same_columns() {
        use crate::locale::{with_lang, Lang};
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let plan = Plan::default();
        let r = simulate(&[], &[]);
        let csv = with_lang(Lang::Pt, || {
            results_csv(&plan, &(Vec::new(), Vec::new()), &[], &r, &c)
        });
        let lines: Vec<&str> = csv.split("\r\n").collect();
        // The three header rows, in the order the English ones come: 10, 13 and 8 columns.
        assert_eq!(
            lines[0],
            "linha,item,cobrado_por,gpus,horas,dia_inicio,data_inicio,dia_fim,data_fim,usd_no_horizonte"
        );
        assert_eq!(lines[2], "concessao,programa,provedor,valor_usd,dia_solicitacao,data_solicitacao,dia_aprovacao,data_aprovacao,dia_vencimento,data_vencimento,usado_usd,vencido_usd,sem_uso_usd");
        assert_eq!(
            lines[4],
            "mes,do_dia,da_data,ate_dia,ate_data,gasto_usd,credito_usado_usd,caixa_usd"
        );
        let english = results_csv(&plan, &(Vec::new(), Vec::new()), &[], &r, &c);
        let english: Vec<&str> = english.split("\r\n").collect();
        for i in [0, 2, 4] {
            assert_eq!(
                lines[i].split(',').count(),
                english[i].split(',').count(),
                "row {i}: {} vs {}",
                lines[i],
                english[i]
            );
        }
        assert_eq!(
            with_lang(Lang::Pt, || crate::tr!("export.item.job", n = 2)),
            "tarefa 2: horas de GPU com comunicação e falhas"
        );
    }
}
