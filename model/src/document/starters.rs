//! Starting points a first visit offers instead of a plan nobody made (issue 27, item 2): each is
//! a plan written as a link query, read by the same decoder as any shared link, so a starting
//! point is data a test can read, and opening one is opening a link.

use crate::input::parse::format_number_exact;

/// A starting point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Starter {
    /// LoRA-tune an open 8B model on one GPU, then serve it for a year.
    FineTuneAndServe,
    /// Pretrain a 1.3B model on its compute-optimal 26B tokens (20 per parameter, Hoffmann et
    /// al. 2022) on 8 GPUs.
    PretrainSmall,
    /// Experiments on a serverless provider, paid by its startup credits.
    Experiments,
    /// Nothing: the reader adds their own work.
    Blank,
}

impl Starter {
    /// Every starting point, in the order the page offers them.
    pub const ALL: [Starter; 4] = [
        Starter::FineTuneAndServe,
        Starter::PretrainSmall,
        Starter::Experiments,
        Starter::Blank,
    ];

    /// Its test id's key (`starter-<key>`).
    pub fn key(self) -> &'static str {
        match self {
            Starter::FineTuneAndServe => "finetune-serve",
            Starter::PretrainSmall => "pretrain-small",
            Starter::Experiments => "experiments",
            Starter::Blank => "blank",
        }
    }

    /// Its button, in the reader's language.
    pub fn label(self) -> String {
        match self {
            Starter::FineTuneAndServe => crate::tr!("plan.starter.finetune_serve"),
            Starter::PretrainSmall => crate::tr!("plan.starter.pretrain_small"),
            Starter::Experiments => crate::tr!("plan.starter.experiments"),
            Starter::Blank => crate::tr!("plan.starter.blank"),
        }
    }

    /// The plan as a link query, without `t0` (it starts today).
    pub fn query(self) -> String {
        match self {
            // LoRA on 8B for 3 epochs of 200M tokens on one H100 (4·N·D·3 = 1.9e19 FLOP, about
            // 13 GPU-hours at 40 % MFU), then the model served from day 7 for 12 months at 1B
            // tokens a month on one always-on H100.
            Starter::FineTuneAndServe => {
                "job=lora:8B:200M:aws:h100-sxm:1:0:3&serve=8B:1B:aws:h100-sxm:7:12".to_string()
            }
            Starter::PretrainSmall => {
                format!(
                    "job=pretrain:1.3B:{}:aws:h100-sxm:8",
                    format_number_exact(1.3e9 * 20.0)
                )
            }
            // 2,000 GPU-hours of experiments on 8 H100s at a quarter duty, on Modal's startup
            // credits (the catalog's expected amount).
            Starter::Experiments => "work=modal:h100-sxm:8:2K:0:0.25&grant=modal".to_string(),
            Starter::Blank => format!("job={}", crate::io::link::NO_JOB),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::credits::evaluate::evaluate;
    use crate::data::catalog::Catalog;
    use crate::io::link::decode_link;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn every_starting_point_opens_without_an_error_and_holds_what_it_says() {
        let c = catalog();
        let counts: Vec<(usize, usize, usize, usize)> = Starter::ALL
            .into_iter()
            .map(|s| {
                let d = decode_link(&s.query(), &c);
                assert!(d.errors.is_empty(), "{s:?}: {:?}", d.errors);
                assert!(d.plan_errors.is_empty(), "{s:?}: {:?}", d.plan_errors);
                let p = &d.plan;
                (
                    p.jobs().len(),
                    p.serves().len(),
                    p.experiments().len(),
                    p.grants.len(),
                )
            })
            .collect();
        assert_eq!(
            counts,
            [(1, 1, 0, 0), (1, 0, 0, 0), (0, 0, 1, 1), (0, 0, 0, 0)]
        );
    }

    #[test]
    fn the_fine_tune_is_a_plausible_size_for_its_one_gpu() {
        // 4 x 8e9 x 2e8 x 3 epochs = 1.92e19 FLOP; at 40 % of the H100's 989 TFLOPS that is
        // 1.92e19 / 3.956e14 = 48,534 s = 13.5 GPU-hours: more than an hour on its GPU (no sanity
        // warning), less than a day.
        let c = catalog();
        let d = decode_link(&Starter::FineTuneAndServe.query(), &c);
        let o = evaluate(&d.plan, &c);
        let e = o.jobs[0]
            .estimate
            .as_ref()
            .unwrap_or_else(|e| panic!("{e:?}"));
        assert!((e.train_flops - 1.92e19).abs() < 1e16, "{}", e.train_flops);
        assert!((12.0..15.0).contains(&e.gpu_hours), "{}", e.gpu_hours);
    }

    #[test]
    fn the_small_pretraining_run_is_compute_optimal() {
        let c = catalog();
        let d = decode_link(&Starter::PretrainSmall.query(), &c);
        let j = &d.plan.jobs()[0];
        // Hoffmann et al. 2022: about 20 tokens per parameter.
        assert_eq!(j.tokens / j.params, 20.0);
    }
}
