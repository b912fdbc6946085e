//! The credit-shape advisor (the workload -> credit-shape table of AI Perks' "How Much Free GPU
//! Credit Can a Training Startup Actually Get?"): ranks the catalog's programs for a plan, those
//! that fit the plan's workloads first, then by *usable* value, i.e. the amount, capped by what the
//! work needs and by what can be spent between approval and expiry, minus the porting cost of
//! leaving CUDA and the egress of moving the data there. Programs already in the plan are marked
//! and listed last. Each rank comes with one line saying why, and the program's eligibility.

use crate::data::catalog::{Catalog, Program};
use crate::input::kind::WorkloadKind;
use crate::io::format::usd;

/// The credit shape (a catalog shape id) of a kind of training: pretraining, continued
/// pretraining, or fine-tuning for every fine-tuning and preference-tuning kind.
pub fn shape_of_kind(kind: WorkloadKind) -> &'static str {
    match kind {
        WorkloadKind::Pretrain => "pretraining",
        WorkloadKind::ContinuedPretrain => "continued-pretraining",
        WorkloadKind::FullFinetune
        | WorkloadKind::Lora
        | WorkloadKind::Qlora
        | WorkloadKind::Dpo => "fine-tuning",
        WorkloadKind::Inference | WorkloadKind::Retrieval => "inference",
    }
}

/// The credit shapes of the plan's workloads, each once, in plan order: its training jobs (by
/// kind), then its serving lines (self-hosted inference), then its experiments (sporadic).
pub fn plan_shapes(
    job_kinds: impl IntoIterator<Item = WorkloadKind>,
    serving_lines: usize,
    experiments: usize,
) -> Vec<&'static str> {
    let mut shapes: Vec<&'static str> = Vec::new();
    let jobs = job_kinds.into_iter().map(shape_of_kind);
    let serves = std::iter::repeat_n("inference", serving_lines.min(1));
    let work = std::iter::repeat_n("sporadic", experiments.min(1));
    for s in jobs.chain(serves).chain(work) {
        if !shapes.contains(&s) {
            shapes.push(s);
        }
    }
    shapes
}

/// What the plan already holds and does: set by the page from the plan.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlanFit {
    /// Credit shape ids of the plan's workloads ([`plan_shapes`]); a program fits when it fits
    /// one of these or the workload chosen in the advisor.
    pub shapes: Vec<String>,
    /// Program ids of the grants already in the plan.
    pub in_plan: Vec<String>,
    /// Per program in the plan, the amounts its grants were typed with, summed (USD): what the
    /// advisor values it at, not the catalog's expected amount.
    pub typed: Vec<(String, f64)>,
    /// Providers billing the plan's work ([`PlanFit::billed_by`]); empty when unknown, then every
    /// program is taken to run where its credit is.
    pub providers: Vec<String>,
    /// Per program in the plan, what its grants pay and let expire in the plan's runway
    /// ([`PlanFit::in_runway`]); empty when the runway is not known.
    pub runway: Vec<InRunway>,
}

/// What one program's grants do in the plan's runway, all of them together: the figures the
/// answers and the credits section show, which the advisor's row for it repeats instead of its
/// own quick estimate (a founder read "$92.93 would expire unused" there beside "$41K expires
/// unused" in the answers, for the same grant).
#[derive(Clone, Debug, PartialEq)]
pub struct InRunway {
    /// Catalog program id.
    pub program_id: String,
    /// Bills its grants paid, USD.
    pub paid_usd: f64,
    /// What expired unused, USD.
    pub expired_usd: f64,
}

impl PlanFit {
    /// The plan's workloads (training kinds, how many serving lines and experiments) and the
    /// program ids of its grants. The model's plan type sits above this module, so the page
    /// passes the parts.
    pub fn new(
        job_kinds: impl IntoIterator<Item = WorkloadKind>,
        serving_lines: usize,
        experiments: usize,
        grant_programs: impl IntoIterator<Item = String>,
    ) -> Self {
        PlanFit {
            shapes: plan_shapes(job_kinds, serving_lines, experiments)
                .into_iter()
                .map(String::from)
                .collect(),
            in_plan: grant_programs.into_iter().collect(),
            typed: Vec::new(),
            providers: Vec::new(),
            runway: Vec::new(),
        }
    }

    /// The plan's grants as (program id, amount typed), one grant at a time; a program's grants
    /// are summed.
    pub fn typed<'a>(mut self, grants: impl IntoIterator<Item = (&'a str, f64)>) -> Self {
        for (id, amount) in grants {
            match self.typed.iter_mut().find(|(p, _)| p == id) {
                Some((_, a)) => *a += amount,
                None => self.typed.push((id.to_string(), amount)),
            }
        }
        self
    }

    /// The runway's figures of the plan's grants, as (program id, paid, expired unused) one grant
    /// at a time; a program's grants are summed.
    pub fn in_runway<'a>(mut self, grants: impl IntoIterator<Item = (&'a str, f64, f64)>) -> Self {
        for (id, paid, expired) in grants {
            match self.runway.iter_mut().find(|r| r.program_id == id) {
                Some(r) => {
                    r.paid_usd += paid;
                    r.expired_usd += expired;
                }
                None => self.runway.push(InRunway {
                    program_id: id.to_string(),
                    paid_usd: paid,
                    expired_usd: expired,
                }),
            }
        }
        self
    }

    /// The providers billing the plan's work. A grant pays only its own provider's bill
    /// ([`crate::credits::runway::GrantInput::pays_for`]): a program of a provider the plan does
    /// not use pays nothing until work moves there, and the advisor says so.
    pub fn billed_by(mut self, providers: impl IntoIterator<Item = String>) -> Self {
        for p in providers {
            if !self.providers.contains(&p) {
                self.providers.push(p);
            }
        }
        self
    }
}

/// The advisor's own inputs, carried by the link (`shape`, `cuda`, `eng_week`); the rest comes
/// from the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct AdvisorKnobs {
    /// Workload shape id (`shape`); empty: the plan's own workloads' shapes.
    pub shape: String,
    /// Whether the stack is CUDA-locked (`cuda`, 0 or 1).
    pub cuda_locked: bool,
    /// Loaded cost of an engineer-week, USD (`eng_week`).
    pub weekly_engineer_usd: f64,
}

impl Default for AdvisorKnobs {
    fn default() -> Self {
        AdvisorKnobs {
            shape: String::new(),
            cuda_locked: true,
            weekly_engineer_usd: 5_000.0,
        }
    }
}

/// The three questions of the workload -> credit-shape table and the plan's numbers.
#[derive(Clone, Debug, PartialEq)]
pub struct AdvisorInputs {
    /// Workload shape id (`pretraining`, `fine-tuning`, `sporadic`, `inference`,
    /// `continued-pretraining`, `frontier-api`).
    pub shape: String,
    /// Is the stack CUDA-locked? Then non-CUDA silicon costs its porting weeks.
    pub cuda_locked: bool,
    /// Where the training data lives (provider id); moving it elsewhere is billed egress.
    pub data_on: Option<String>,
    /// Dataset size, GB.
    pub dataset_gb: f64,
    /// Loaded cost of an engineer-week, USD.
    pub weekly_engineer_usd: f64,
    /// Day the dataset is ready (spending starts then, or at approval if later).
    pub dataset_ready_day: u32,
    /// What the work costs in all, USD (a grant is worth at most this).
    pub need_usd: f64,
    /// What the work spends a day once running, USD.
    pub daily_burn_usd: f64,
}

/// One program, ranked.
#[derive(Clone, Debug, PartialEq)]
pub struct Ranked<'c> {
    /// The program.
    pub program: &'c Program,
    /// Amount assumed: the program's expected grant for a seed-stage team (never its ceiling).
    pub amount_usd: f64,
    /// What can be spent before expiry (capped by the need), USD.
    pub spendable_usd: f64,
    /// Porting cost, USD.
    pub porting_usd: f64,
    /// Egress to move the dataset to the program's cloud, USD.
    pub egress_usd: f64,
    /// spendable − porting − egress, never below 0.
    pub usable_usd: f64,
    /// Whether the program fits the workload chosen or one of the plan's workloads (the
    /// workload -> credit-shape table).
    pub fits_shape: bool,
    /// Whether the plan already holds a grant of this program.
    pub in_plan: bool,
    /// Whether the plan holds another tier of the same programme (AWS Activate beside Activate
    /// Founders): one programme grants one tier, so it is not suggested again.
    pub tier_in_plan: bool,
    /// Chance of approval at the amount (the program's; 1 for one already in the plan, which the
    /// runway counts as typed).
    pub chance: f64,
    /// For a program in the plan: what its grants pay and let expire in the plan's runway (the
    /// figures the answers and the credits section show); `None` when the runway is not known.
    pub in_runway: Option<InRunway>,
    /// Whether the plan runs work on the program's provider (or the plan's providers are not
    /// known): if not, the usable value is what it would pay once work moves there, and the plan
    /// as it stands gets nothing from it.
    pub runs_there: bool,
    /// Who can apply ([`eligibility`]).
    pub eligibility: String,
    /// Why, in one line.
    pub why: String,
}

/// The advice: programs ranked (best first), and a flag for buying the wrong layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<'c> {
    /// Ranked programs.
    pub ranked: Vec<Ranked<'c>>,
    /// Set when the workload calls a frontier API: GPU credits are the wrong layer.
    pub wrong_layer: Option<String>,
}

/// Ranks every program in the catalog for these inputs, knowing nothing of the plan's grants.
pub fn advise<'c>(inputs: &AdvisorInputs, catalog: &'c Catalog) -> Advice<'c> {
    advise_plan(inputs, &PlanFit::default(), catalog)
}

/// The shape names of these ids, joined with "or" ("Pretraining from scratch or Fine-tuning
/// open models").
fn shape_names(ids: &[&str], catalog: &Catalog) -> String {
    let names: Vec<String> = ids
        .iter()
        .map(|id| {
            catalog
                .shapes
                .iter()
                .find(|s| s.id == *id)
                .map_or_else(|| id.to_string(), |s| s.name_text())
        })
        .collect();
    names.join(&crate::tr!("advisor.or"))
}

/// Ranks every program in the catalog for these inputs and this plan: programs that fit the
/// plan's workloads (or the workload chosen) first, then those that do not, then those already in
/// the plan; by usable value within each group.
pub fn advise_plan<'c>(inputs: &AdvisorInputs, plan: &PlanFit, catalog: &'c Catalog) -> Advice<'c> {
    // The workload chosen, else the plan's own workloads (a plan of nothing yet: pretraining, the
    // seed's first shape).
    let mut wanted: Vec<&str> = Vec::new();
    if !inputs.shape.is_empty() {
        wanted.push(inputs.shape.as_str());
    }
    for s in &plan.shapes {
        if !wanted.contains(&s.as_str()) {
            wanted.push(s.as_str());
        }
    }
    if wanted.is_empty() {
        wanted.push("pretraining");
    }
    // The programmes the plan holds a tier of.
    let families: Vec<&str> = plan
        .in_plan
        .iter()
        .filter_map(|id| catalog.program(id))
        .map(|p| p.family_id())
        .collect();
    let mut ranked: Vec<Ranked> = Vec::new();
    for p in &catalog.programs {
        let in_plan = plan.in_plan.iter().any(|id| *id == p.id);
        let tier_in_plan = !in_plan && families.contains(&p.family_id());
        // A program in the plan is worth what the plan typed, not the catalog's typical amount.
        let amount = plan
            .typed
            .iter()
            .find(|(id, _)| *id == p.id)
            .map_or(p.expected_usd, |&(_, a)| a);
        let chance = if in_plan { 1.0 } else { p.approval_chance };
        let approved = p.review_days_typical;
        let start = approved.max(inputs.dataset_ready_day);
        let expires = approved.saturating_add(p.validity_days);
        let window_days = f64::from(expires.saturating_sub(start));
        let spendable = amount
            .min(inputs.need_usd.max(0.0))
            .min(inputs.daily_burn_usd.max(0.0) * window_days);
        let porting = if inputs.cuda_locked && p.leaves_cuda {
            p.porting_weeks * inputs.weekly_engineer_usd
        } else {
            0.0
        };
        // Moving the dataset once is one month's egress where it lives: free allowance, tiers.
        let egress = match inputs.data_on.as_deref() {
            Some(from) if from != p.provider => catalog
                .provider(from)
                .map_or(0.0, |x| x.egress_usd(inputs.dataset_gb)),
            _ => 0.0,
        };
        let usable = (spendable - porting - egress).max(0.0);
        let fits_shape = p.fits.iter().any(|f| wanted.contains(&f.as_ref()));
        let runs_there =
            plan.providers.is_empty() || plan.providers.iter().any(|x| *x == p.provider);
        // A program in the plan: what its grants do in the runway, not the quick estimate that
        // ranks it (the two disagree whenever the plan's dates or amounts are not the catalog's).
        let in_runway = plan.runway.iter().find(|r| r.program_id == p.id);
        let mut why = match in_runway {
            Some(r) if r.expired_usd > 0.0 => {
                crate::tr!("advisor.why.runway_expires", expired = usd(r.expired_usd))
            }
            Some(_) => crate::tr!("advisor.why.runway_all_used"),
            None => crate::tr!(
                "advisor.why.usable",
                usable = usd(usable),
                amount = usd(amount),
                ceiling = usd(p.ceiling_usd),
                approved = approved,
                spendable = usd(spendable),
                expires = expires
            ),
        };
        if porting > 0.0 {
            why.push_str(&crate::tr!(
                "advisor.why.porting",
                cost = usd(porting),
                weeks = p.porting_weeks
            ));
        }
        if egress > 0.0 {
            why.push_str(&crate::tr!("advisor.why.egress", cost = usd(egress)));
        }
        if in_runway.is_none() && spendable < amount.min(inputs.need_usd) {
            why.push_str(&crate::tr!(
                "advisor.why.expires",
                amount = usd(amount.min(inputs.need_usd) - spendable)
            ));
        }
        if !in_plan && chance < 1.0 {
            why.push_str(&crate::tr!(
                "advisor.why.chance",
                chance = crate::io::format::percent(chance),
                expected = usd(usable * chance)
            ));
        }
        if !fits_shape {
            why.push_str(&crate::tr!(
                "advisor.why.wrong_shape",
                shapes = shape_names(&wanted, catalog)
            ));
        }
        if !runs_there {
            let provider = catalog
                .provider(&p.provider)
                .map_or_else(|| p.provider.to_string(), |x| x.name.to_string());
            // In the plan, the row says what the runway pays, not what it would pay elsewhere.
            why.push_str(&if in_runway.is_some() {
                crate::tr!("advisor.why.runs_nothing_there", provider = provider)
            } else {
                crate::tr!("advisor.why.moves", provider = provider)
            });
        }
        if in_plan {
            why.push_str(&crate::tr!("advisor.why.in_plan"));
        }
        if tier_in_plan {
            let held = plan
                .in_plan
                .iter()
                .filter_map(|id| catalog.program(id))
                .find(|h| h.family_id() == p.family_id())
                .map_or_else(String::new, |h| h.name_text().to_string());
            why.push_str(&crate::tr!("advisor.why.tier_in_plan", held = held));
        }
        why.push('.');
        let r = Ranked {
            program: p,
            amount_usd: amount,
            spendable_usd: spendable,
            porting_usd: porting,
            egress_usd: egress,
            usable_usd: usable,
            fits_shape,
            in_plan,
            tier_in_plan,
            chance,
            in_runway: in_runway.cloned(),
            runs_there,
            eligibility: p.eligibility(),
            why,
        };
        crate::io::order::insert_by_key(&mut ranked, r, rank_key);
    }
    let wrong_layer = (inputs.shape == "frontier-api").then(|| crate::tr!("advisor.wrong_layer"));
    Advice {
        ranked,
        wrong_layer,
    }
}

/// Sort key, smallest first: programs not yet in the plan that fit and pay where the plan runs,
/// then those that fit once work moves to their provider, then those that do not fit, then those
/// already in the plan (or a tier of a programme in it); within a group, the larger expected
/// value (usable × chance of approval) first. Usable values are below 10^12 (a grant is at most
/// what the plan needs), so each group's offset keeps groups apart.
fn rank_key(r: &Ranked) -> f64 {
    let group = if r.in_plan || r.tier_in_plan {
        3.0
    } else if r.fits_shape && r.runs_there {
        0.0
    } else if r.fits_shape {
        1.0
    } else {
        2.0
    };
    group * 1e15 - (r.usable_usd * r.chance).min(1e14)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The row of program `id` (every program is ranked).
    fn ranked<'a, 'c>(a: &'a Advice<'c>, id: &str) -> &'a Ranked<'c> {
        a.ranked
            .iter()
            .find(|r| r.program.id == id)
            .unwrap_or_else(|| panic!("{id}"))
    }

    fn inputs() -> AdvisorInputs {
        AdvisorInputs {
            shape: "pretraining".into(),
            cuda_locked: true,
            data_on: Some("gcp".into()),
            dataset_gb: 4000.0,
            weekly_engineer_usd: 5000.0,
            dataset_ready_day: 20,
            need_usd: 405_797.10,
            daily_burn_usd: 10_567.68,
        }
    }

    #[test]
    fn usable_value_by_hand() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let a = advise(&inputs(), &c);
        let get = |id: &str| ranked(&a, id);
        // Google Cloud for Startups: expected $100K (ceiling $350K), approved day 14, data ready day
        // 20, valid 730 days: $100K spendable (need $405.8K); data already on GCP: no egress; usable
        // $100K.
        let gcp = get("gcp-startups");
        assert_eq!(
            (
                gcp.amount_usd,
                gcp.spendable_usd,
                gcp.egress_usd,
                gcp.usable_usd
            ),
            (100_000.0, 100_000.0, 0.0, 100_000.0)
        );
        assert!(
            gcp.why
                .starts_with("$100K of a typical $100K (up to $350K) usable"),
            "{}",
            gcp.why
        );
        // AWS Activate expected $100K: 4,000 GB out of GCP in one month, billed by its tiers: 100 GB
        // free + 924 GB (to 1,024) x $0.12 + 2,976 GB (to 4,000) x $0.11 = $110.88 + $327.36 =
        // $438.24 egress (flat at $0.12 it was $480): $99,561.76 usable.
        let activate = get("aws-activate");
        assert!((activate.egress_usd - 438.24).abs() < 1e-9);
        assert!((activate.usable_usd - 99_561.76).abs() < 1e-9);
        // Trainium (expected $100K, ceiling $300K) on a CUDA-locked stack: 6 weeks x $5,000 =
        // $30,000 porting, plus the $438.24 egress: $100,000 - 30,438.24 = $69,561.76.
        let trainium = get("aws-trainium");
        assert_eq!(trainium.porting_usd, 30_000.0);
        assert!((trainium.usable_usd - 69_561.76).abs() < 1e-9);
        assert!(
            trainium
                .why
                .contains("porting off CUDA costs $30K (6 engineer-weeks)"),
            "{}",
            trainium.why
        );
        // AWS GenAI: expected $200K (not the $1M ceiling) less the $438.24 egress: $199,561.76.
        assert!((get("aws-genai").usable_usd - 199_561.76).abs() < 1e-9);
        // Ranked by what they are worth times their chance of approval (data/programs.json):
        // Activate 99,561.76 × 0.7 = $69,693; Google 100,000 × 0.5 = $50,000; Trainium 69,561.76 ×
        // 0.2 = $13,912; GenAI, a selective cohort, 199,561.76 × 0.05 = $9,978: the largest usable
        // value ranks fourth.
        let top: Vec<&str> = a.ranked[..4]
            .iter()
            .map(|r| r.program.id.as_ref())
            .collect();
        assert_eq!(
            top,
            ["aws-activate", "gcp-startups", "aws-trainium", "aws-genai"]
        );
        assert!(
            get("aws-genai")
                .why
                .contains("; 5% likely to be approved, so $9,978 expected"),
            "{}",
            get("aws-genai").why
        );
        // Microsoft Founders Hub counts on the $5,000 its FAQ gives after verification, not the
        // seed's $25,000 ceiling.
        assert_eq!(get("azure-founders").amount_usd, 5_000.0);
        // Every program is valued at its expected amount, never at a larger ceiling.
        for r in &a.ranked {
            assert_eq!(r.amount_usd, r.program.expected_usd, "{}", r.program.id);
        }
        // Within a group (fitting, not fitting), the larger expected value first.
        assert!(a
            .ranked
            .windows(2)
            .all(|w| w[0].fits_shape != w[1].fits_shape
                || w[0].usable_usd * w[0].chance >= w[1].usable_usd * w[1].chance));
        assert_eq!(a.wrong_layer, None);
    }

    #[test]
    fn a_program_that_fits_outranks_a_bigger_one_that_does_not() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Sporadic experimentation, data nowhere else: fits Modal (typical $25K, up to $50K),
        // Google's Start tier ($2K) and AWS Activate Founders ($1K) (data/programs.json `fits`).
        // AWS Activate (typical $100K) does not fit; it is worth more ($100K usable: below the
        // $405.8K need, spent at $10,567.68 a day well before day 12 + 365; 70 % likely, the most
        // expected of those that do not fit) but ranks after all three.
        let a = advise(
            &AdvisorInputs {
                shape: "sporadic".into(),
                data_on: None,
                ..inputs()
            },
            &c,
        );
        let ids: Vec<&str> = a.ranked.iter().map(|r| r.program.id.as_ref()).collect();
        assert_eq!(
            ids[..4],
            [
                "modal",
                "gcp-startups-start",
                "aws-activate-founders",
                "aws-activate"
            ]
        );
        assert!(a.ranked[..3].iter().all(|r| r.fits_shape));
        let activate = &a.ranked[3];
        assert!(!activate.fits_shape);
        assert_eq!(activate.usable_usd, 100_000.0);
        assert!(activate.usable_usd > a.ranked[0].usable_usd);
        // The reason names the workload by its name, never its id.
        assert!(
            activate
                .why
                .ends_with("; not the right shape for Sporadic experimentation."),
            "{}",
            activate.why
        );
        // Eligibility from the catalog: stage, and the backing it needs.
        let genai = a
            .ranked
            .iter()
            .find(|r| r.program.id == "aws-genai")
            .unwrap_or_else(|| panic!("aws-genai"));
        assert_eq!(
            genai.eligibility,
            "seed to Series A, selected cohort; needs VC or accelerator backing"
        );
        assert_eq!(a.ranked[0].eligibility, "seed and Series A");
    }

    #[test]
    fn programs_in_the_plan_are_marked_and_listed_last() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Google Cloud for Startups ranks second ($100K usable × 0.5, see usable_value_by_hand);
        // in the plan it is marked and comes after every program not in the plan, and so does its
        // Start tier (one programme grants one tier: not suggested again).
        let plan = PlanFit {
            shapes: vec!["pretraining".into()],
            in_plan: vec!["gcp-startups".into()],
            typed: vec![("gcp-startups".into(), 60_000.0)],
            providers: Vec::new(),
            runway: Vec::new(),
        };
        let a = advise_plan(&inputs(), &plan, &c);
        let n = a.ranked.len();
        let tail: Vec<&str> = a.ranked[n - 2..]
            .iter()
            .map(|r| r.program.id.as_ref())
            .collect();
        // In the plan it counts as typed and certain: $60K (not the catalog's $100K), then the
        // Start tier's $2K × 0.8.
        assert_eq!(tail, ["gcp-startups", "gcp-startups-start"]);
        let held = &a.ranked[n - 2];
        assert!(held.in_plan && held.amount_usd == 60_000.0 && held.usable_usd == 60_000.0);
        assert!(
            held.why.ends_with("; already in your plan."),
            "{}",
            held.why
        );
        let tier = &a.ranked[n - 1];
        assert!(tier.tier_in_plan && !tier.in_plan);
        assert!(
            tier.why.ends_with("; a tier of a programme already in your plan (Google for Startups Cloud Program (AI tier)): one programme grants one tier."),
            "{}",
            tier.why
        );
        assert_eq!(a.ranked.iter().filter(|r| r.in_plan).count(), 1);
        // AWS Activate (99,520 × 0.7) is first.
        assert_eq!(a.ranked[0].program.id, "aws-activate");
    }

    #[test]
    fn porting_costs_only_a_cuda_locked_stack() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // The same inputs as usable_value_by_hand, but a stack that is not locked to CUDA: moving
        // to Trainium costs no porting weeks, only the $438.24 of egress ($100,000 − 438.24).
        let a = advise(
            &AdvisorInputs {
                cuda_locked: false,
                ..inputs()
            },
            &c,
        );
        let trainium = ranked(&a, "aws-trainium");
        assert_eq!(trainium.porting_usd, 0.0);
        assert!((trainium.usable_usd - 99_561.76).abs() < 1e-9);
        assert!(!trainium.why.contains("porting"), "{}", trainium.why);
    }

    #[test]
    fn a_program_in_the_runway_says_what_expires_there() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Google's grant is all spent in the runway (paid $60K, nothing expired); Activate's two
        // grants leave $70K + $5K = $75K unused. Each row says the runway's figure instead of
        // the quick estimate, and only a program with something expired says an amount.
        let plan = PlanFit::new(
            [],
            0,
            0,
            ["gcp-startups".to_string(), "aws-activate".into()],
        )
        .in_runway([
            ("gcp-startups", 60_000.0, 0.0),
            ("aws-activate", 30_000.0, 70_000.0),
            ("aws-activate", 10_000.0, 5_000.0),
        ]);
        let a = advise_plan(&inputs(), &plan, &c);
        let gcp = ranked(&a, "gcp-startups");
        assert!(
            gcp.why
                .starts_with("In the runway, none of it expires unused"),
            "{}",
            gcp.why
        );
        let activate = ranked(&a, "aws-activate");
        assert!(
            activate
                .why
                .starts_with("In the runway, $75K of it expires unused"),
            "{}",
            activate.why
        );
        let runway = activate
            .in_runway
            .as_ref()
            .map(|r| (r.paid_usd, r.expired_usd));
        assert_eq!(runway, Some((40_000.0, 75_000.0)));
        // The data is on Google Cloud (inputs()): moving it costs nothing there, and is said
        // only for Activate ($438.24 of egress out of Google Cloud, usable_value_by_hand).
        assert!(!gcp.why.contains("moving the data"), "{}", gcp.why);
        assert!(
            activate.why.contains("; moving the data there costs $438"),
            "{}",
            activate.why
        );
    }

    #[test]
    fn only_what_can_go_wrong_is_said() {
        let mut c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Google Cloud (usable_value_by_hand): $100K spendable of its $100K, so nothing expires
        // and the row does not say "$0 would expire unused".
        let a = advise(&inputs(), &c);
        let gcp = ranked(&a, "gcp-startups");
        assert_eq!(gcp.spendable_usd, gcp.amount_usd);
        assert!(!gcp.why.contains("would expire"), "{}", gcp.why);
        // A program sure to be approved (no catalog program is; one made so here) says no
        // chance: "100% likely" would be noise. One with a chance says it (Google, 50%).
        assert!(
            gcp.why.contains("; 50% likely to be approved"),
            "{}",
            gcp.why
        );
        if let Some(p) = c.programs.iter_mut().find(|p| p.id == "gcp-startups") {
            p.approval_chance = 1.0;
        }
        let sure = advise(&inputs(), &c);
        let gcp = ranked(&sure, "gcp-startups");
        assert_eq!(gcp.chance, 1.0);
        assert!(!gcp.why.contains("likely"), "{}", gcp.why);
    }

    #[test]
    fn a_program_s_typed_grants_are_summed() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // Two Google Cloud grants of $40K and $20K, with an AWS grant typed between them: the
        // program counts $60K, the sum of its own grants (not $40K, the first; not $45K, the
        // first plus the other program's $5K; not $20K, their difference).
        let plan = PlanFit::new(
            [],
            0,
            0,
            ["gcp-startups".to_string(), "aws-activate".into()],
        )
        .typed([
            ("gcp-startups", 40_000.0),
            ("aws-activate", 5_000.0),
            ("gcp-startups", 20_000.0),
        ]);
        let a = advise_plan(&inputs(), &plan, &c);
        assert_eq!(ranked(&a, "gcp-startups").amount_usd, 60_000.0);
        assert_eq!(ranked(&a, "aws-activate").amount_usd, 5_000.0);
    }

    #[test]
    fn without_a_chosen_workload_the_plan_s_own_workloads_decide() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // No `shape` in the link (empty): a plan of serving only is self-hosted inference, not
        // the old default, pretraining. AWS Trainium fits pretraining and continued pretraining
        // only: off shape here. Together fits inference: on shape.
        let plan = PlanFit::new([], 1, 0, []);
        let a = advise_plan(
            &AdvisorInputs {
                shape: String::new(),
                ..inputs()
            },
            &plan,
            &c,
        );
        let get = |id: &str| ranked(&a, id);
        assert!(!get("aws-trainium").fits_shape);
        assert!(get("together").fits_shape);
        assert!(
            get("aws-trainium")
                .why
                .ends_with("; not the right shape for Self-hosted inference."),
            "{}",
            get("aws-trainium").why
        );
        // A plan with no workload at all: pretraining, the seed's first shape.
        let empty = advise_plan(
            &AdvisorInputs {
                shape: String::new(),
                ..inputs()
            },
            &PlanFit::default(),
            &c,
        );
        assert!(empty
            .ranked
            .iter()
            .any(|r| r.program.id == "aws-trainium" && r.fits_shape));
    }

    #[test]
    fn the_plans_workloads_decide_what_fits() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // A LoRA job is fine-tuning, a DPO one too (preference tuning), continued pretraining its
        // own shape; serving lines are self-hosted inference, experiments sporadic; each once.
        assert_eq!(plan_shapes([WorkloadKind::Lora], 0, 0), ["fine-tuning"]);
        assert_eq!(
            plan_shapes(
                [
                    WorkloadKind::ContinuedPretrain,
                    WorkloadKind::Dpo,
                    WorkloadKind::Qlora
                ],
                2,
                3
            ),
            [
                "continued-pretraining",
                "fine-tuning",
                "inference",
                "sporadic"
            ]
        );
        // Chosen workload "sporadic", plan fine-tuning: Together fits (fine-tuning, inference in
        // data/programs.json), though not sporadic; AWS GenAI (pretraining, continued, inference)
        // fits neither and is named against both.
        let a = advise_plan(
            &AdvisorInputs {
                shape: "sporadic".into(),
                ..inputs()
            },
            &PlanFit::new([WorkloadKind::Lora], 0, 0, Vec::new()),
            &c,
        );
        let get = |id: &str| ranked(&a, id);
        assert!(get("together").fits_shape);
        assert!(!get("aws-genai").fits_shape);
        assert!(
            get("aws-genai").why.contains(
                "not the right shape for Sporadic experimentation or Fine-tuning open models"
            ),
            "{}",
            get("aws-genai").why
        );
    }

    #[test]
    fn a_program_of_a_provider_the_plan_does_not_use_is_said_to_need_a_move_and_ranks_after() {
        // A LoRA plan billed by AWS alone. Google Cloud's AI tier fits fine-tuning too
        // (data/programs.json), but its credit pays only Google Cloud bills
        // (GrantInput::pays_for): it is ranked after every fitting AWS program and says why.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let inputs = AdvisorInputs {
            shape: "fine-tuning".into(),
            data_on: None,
            ..inputs()
        };
        let fit = PlanFit::new([WorkloadKind::Lora], 0, 0, Vec::new())
            .billed_by(["aws".to_string(), "aws".to_string()]);
        assert_eq!(fit.providers, vec!["aws".to_string()]);
        let a = advise_plan(&inputs, &fit, &c);
        let pos = |id: &str| {
            a.ranked
                .iter()
                .position(|r| r.program.id == id)
                .unwrap_or_else(|| panic!("{id}"))
        };
        let gcp = &a.ranked[pos("gcp-startups")];
        assert!(gcp.fits_shape && !gcp.runs_there);
        assert!(
            gcp.why.contains("the plan runs nothing on Google Cloud, so this is what it would pay once work moves there"),
            "{}",
            gcp.why
        );
        let activate = &a.ranked[pos("aws-activate")];
        assert!(activate.runs_there && !activate.why.contains("moves there"));
        // Every fitting program where the plan runs comes before every fitting one elsewhere.
        for r in a.ranked.iter().filter(|r| r.fits_shape && !r.in_plan) {
            for o in a
                .ranked
                .iter()
                .filter(|o| o.fits_shape && !o.in_plan && o.runs_there != r.runs_there)
            {
                let (first, second) = if r.runs_there { (r, o) } else { (o, r) };
                assert!(
                    pos(&first.program.id) < pos(&second.program.id),
                    "{} before {}",
                    first.program.id,
                    second.program.id
                );
            }
        }
        // Without the providers (the plain `advise`), nothing is said to need a move.
        assert!(advise(&inputs, &c).ranked.iter().all(|r| r.runs_there));
    }

    #[test]
    fn a_slow_burn_leaves_credits_to_expire() {
        // Modal's typical $25K (review 3, valid 365) expires on day 368. From day 20 a $10 a day
        // burn spends (368 - 20) * $10 = $3,480; the other $21,520 expires unused.
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        let slow = AdvisorInputs {
            shape: "sporadic".into(),
            daily_burn_usd: 10.0,
            data_on: None,
            ..inputs()
        };
        let a = advise(&slow, &c);
        let modal = a
            .ranked
            .iter()
            .find(|r| r.program.id == "modal")
            .unwrap_or_else(|| panic!("modal"));
        assert_eq!(modal.spendable_usd, 3_480.0);
        assert!(
            modal.why.contains("$22K would expire unused"),
            "{}",
            modal.why
        );
        let api = advise(
            &AdvisorInputs {
                shape: "frontier-api".into(),
                ..inputs()
            },
            &c,
        );
        assert!(api
            .wrong_layer
            .is_some_and(|m| m.contains("model credits, not GPU credits")));
    }
}
