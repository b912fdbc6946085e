//! The credit-shape advisor (seed 000): ranks the catalog's programs for a plan by *usable* value,
//! i.e. the amount, capped by what the work needs and by what can be spent between approval and
//! expiry, minus the porting cost of leaving CUDA and the egress of moving the data there. Each
//! rank comes with one line saying why.
//!
//! Groundwork for the decision views; not yet on the page.

use crate::catalog::{Catalog, Program};
use crate::format::usd;

/// The advisor's own inputs, carried by the link (`shape`, `cuda`, `eng_week`); the rest comes
/// from the plan.
#[derive(Clone, Debug, PartialEq)]
pub struct AdvisorKnobs {
    /// Workload shape id (`shape`).
    pub shape: String,
    /// Whether the stack is CUDA-locked (`cuda`, 0 or 1).
    pub cuda_locked: bool,
    /// Loaded cost of an engineer-week, USD (`eng_week`).
    pub weekly_engineer_usd: f64,
}

impl Default for AdvisorKnobs {
    fn default() -> Self {
        AdvisorKnobs {
            shape: "pretraining".into(),
            cuda_locked: true,
            weekly_engineer_usd: 5_000.0,
        }
    }
}

/// The seed's three questions and the plan's numbers.
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
    /// Whether the program fits the workload shape (seed's table).
    pub fits_shape: bool,
    /// Why, in one line.
    pub why: String,
}

/// The advice: programs by usable value (best first), and a flag for buying the wrong layer.
#[derive(Clone, Debug, PartialEq)]
pub struct Advice<'c> {
    /// Ranked programs.
    pub ranked: Vec<Ranked<'c>>,
    /// Set when the workload calls a frontier API: GPU credits are the wrong layer.
    pub wrong_layer: Option<String>,
}

/// Ranks every program in the catalog for these inputs.
pub fn advise<'c>(inputs: &AdvisorInputs, catalog: &'c Catalog) -> Advice<'c> {
    let mut ranked: Vec<Ranked> = Vec::new();
    for p in &catalog.programs {
        let amount = p.expected_usd;
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
        let egress = match inputs.data_on.as_deref() {
            Some(from) if from != p.provider => {
                inputs.dataset_gb * catalog.provider(from).map_or(0.0, |x| x.egress_usd_per_gb)
            }
            _ => 0.0,
        };
        let usable = (spendable - porting - egress).max(0.0);
        let fits_shape = p.fits.iter().any(|f| *f == inputs.shape);
        let mut why = format!(
            "{} of a typical {} (up to {}) usable: approved ~day {approved}, spends {} before it expires on day {expires}",
            usd(usable),
            usd(amount),
            usd(p.ceiling_usd),
            usd(spendable)
        );
        if porting > 0.0 {
            why.push_str(&format!(
                "; porting off CUDA costs {} ({} engineer-weeks)",
                usd(porting),
                p.porting_weeks
            ));
        }
        if egress > 0.0 {
            why.push_str(&format!("; moving the data there costs {}", usd(egress)));
        }
        if spendable < amount.min(inputs.need_usd) {
            why.push_str(&format!(
                "; {} would expire unused",
                usd(amount.min(inputs.need_usd) - spendable)
            ));
        }
        if !fits_shape {
            why.push_str("; not the right shape for this workload");
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
            why,
        };
        // Best first: usable value, programs that fit the shape ahead of equal ones that do not.
        crate::order::insert_by_key(&mut ranked, r, |r| {
            -(r.usable_usd + if r.fits_shape { 0.5 } else { 0.0 })
        });
    }
    let wrong_layer = (inputs.shape == "frontier-api").then(|| {
        "Calling a frontier API: you need model credits, not GPU credits (API credits from the model's vendor or a platform)."
            .to_string()
    });
    Advice {
        ranked,
        wrong_layer,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let get = |id: &str| {
            a.ranked
                .iter()
                .find(|r| r.program.id == id)
                .unwrap_or_else(|| panic!("{id}"))
        };
        // Google Cloud for Startups: expected $200K (ceiling $350K), approved day 14, data ready day
        // 20, valid 730 days: $200K spendable (need $405.8K); data already on GCP: no egress; usable
        // $200K.
        let gcp = get("gcp-startups");
        assert_eq!(
            (
                gcp.amount_usd,
                gcp.spendable_usd,
                gcp.egress_usd,
                gcp.usable_usd
            ),
            (200_000.0, 200_000.0, 0.0, 200_000.0)
        );
        assert!(
            gcp.why
                .starts_with("$200K of a typical $200K (up to $350K) usable"),
            "{}",
            gcp.why
        );
        // AWS Activate expected $100K: 4,000 GB out of GCP at $0.12 = $480 egress: $99,520 usable.
        let activate = get("aws-activate");
        assert_eq!(activate.egress_usd, 480.0);
        assert_eq!(activate.usable_usd, 99_520.0);
        // Trainium (expected $100K, ceiling $300K) on a CUDA-locked stack: 6 weeks x $5,000 =
        // $30,000 porting, plus the $480 egress: $100,000 - 30,480 = $69,520.
        let trainium = get("aws-trainium");
        assert_eq!(trainium.porting_usd, 30_000.0);
        assert_eq!(trainium.usable_usd, 69_520.0);
        assert!(
            trainium
                .why
                .contains("porting off CUDA costs $30K (6 engineer-weeks)"),
            "{}",
            trainium.why
        );
        // AWS GenAI: expected $200K (not the $1M ceiling) less the $480 egress: $199,520. So Google
        // ($200,000, no egress) ranks first and AWS GenAI second.
        assert_eq!(get("aws-genai").usable_usd, 199_520.0);
        assert_eq!(a.ranked[0].program.id, "gcp-startups");
        assert_eq!(a.ranked[1].program.id, "aws-genai");
        // Microsoft Founders Hub counts on the seed's $25,000, not the $150K tier maximum.
        assert_eq!(get("azure-founders").amount_usd, 25_000.0);
        // Every program is valued at its expected amount, never at a larger ceiling.
        for r in &a.ranked {
            assert_eq!(r.amount_usd, r.program.expected_usd, "{}", r.program.id);
        }
        assert!(a.ranked.windows(2).all(|w| w[0].usable_usd
            + 0.5 * f64::from(u8::from(w[0].fits_shape))
            >= w[1].usable_usd + 0.5 * f64::from(u8::from(w[1].fits_shape))));
        assert_eq!(a.wrong_layer, None);
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
