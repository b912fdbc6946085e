//! The plan's editing rules: what the page's calculator does to the plan when it opens, adds,
//! edits or removes a job, when it moves a job to another accelerator or provider, and when the
//! first workload replaces the example. The page keeps which job it edits (`selected`, an index
//! among the plan's jobs) and the draft it shows while the plan has none; these rules decide, the
//! page only stores what they return in its signals.

use crate::data::catalog::Catalog;
use crate::document::plan::Plan;
use crate::input::calendar::Date;
use crate::input::job::Job;
use crate::input::settings::Settings;

/// The editor after a job was removed ([`Plan::remove_job_and_reselect`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Reselection {
    /// The job it edits now (`None`: the plan has no training job left).
    pub editing: Option<usize>,
    /// The removed job when it was the last one and was being edited: the calculator keeps it as
    /// its draft, so it can be added again. `None`: the draft stays as it is.
    pub draft: Option<Job>,
}

impl Plan {
    /// A plan opened without a day 0 counts its days from `today` (asked only then); the date is
    /// then part of the plan like any other key.
    pub fn date_from_today(&mut self, today: impl FnOnce() -> Option<Date>) {
        if self.t0.is_none() {
            self.t0 = today();
        }
    }

    /// The job the editor opens on a plan just loaded: its first training job, if it has one.
    pub fn first_edited(&self) -> Option<usize> {
        (self.count::<Job>() > 0).then_some(0)
    }

    /// The draft the calculator shows on a plan just loaded: a copy of its first training job,
    /// else the default job.
    pub fn opening_draft(&self) -> Job {
        self.nth::<Job>(0).cloned().unwrap_or_default()
    }

    /// Empties the plan's workloads before the first one is added to the example: its settings,
    /// day 0, grants, name, note, compared columns and ranges stay. The editor then edits no job.
    pub fn clear_workloads(&mut self) {
        self.workloads.clear();
    }

    /// The job of the plan an edit of the calculator applies to: `selected` while the plan still
    /// has it, else none (the edit goes to the draft).
    pub fn edit_target(&self, selected: Option<usize>) -> Option<usize> {
        selected.filter(|&i| i < self.count::<Job>())
    }

    /// Applies an edit of the calculator: to the job [`Plan::edit_target`] picks and the plan's
    /// settings, else to `draft` and the plan's settings. `f` runs exactly once. Returns whether the
    /// plan must notify its readers: always after an edit of one of its jobs, and after an edit of
    /// the draft only when the settings changed (the draft itself is not part of the plan).
    pub fn apply_edit(
        &mut self,
        selected: Option<usize>,
        draft: &mut Job,
        f: impl FnOnce(&mut Job, &mut Settings),
    ) -> bool {
        let target = self.edit_target(selected);
        if let Some((j, settings)) = target.and_then(|i| self.nth_with_settings::<Job>(i)) {
            f(j, settings);
            return true;
        }
        let mut settings = self.settings.clone();
        f(draft, &mut settings);
        if settings == self.settings {
            return false;
        }
        self.settings = settings;
        true
    }

    /// The job to open in the editor for "Edit" on job `index` (plan order): `None` when the plan
    /// has no such job or it is the one `selected` already (nothing to do).
    pub fn job_to_open(&self, index: usize, selected: Option<usize>) -> Option<&Job> {
        let job = self.nth::<Job>(index)?;
        (selected != Some(index)).then_some(job)
    }

    /// Drops the plan's network choice when `provider_id` does not offer it (the provider's
    /// default applies). Returns whether it dropped it (whether the plan changed).
    pub fn keep_offered_network(&mut self, provider_id: &str, catalog: &Catalog) -> bool {
        if self.settings.offers_network(provider_id, catalog) {
            return false;
        }
        self.settings.keep_offered_network(provider_id, catalog);
        true
    }

    /// Adds a job at the end of the plan, dropping a network its provider does not offer; returns
    /// its index among the plan's jobs (the one the editor opens).
    pub fn add_job(&mut self, job: Job, catalog: &Catalog) -> usize {
        let provider = job.provider_id.clone();
        self.push(job);
        self.keep_offered_network(&provider, catalog);
        self.count::<Job>().saturating_sub(1)
    }

    /// Removes job `index` (plan order) while the editor edits `selected`: the editor opens the
    /// job after it when it was the edited one (the one before when it was the last), and keeps
    /// the last job removed as its draft. `None`: the plan has no job `index` (nothing changed).
    pub fn remove_job_and_reselect(
        &mut self,
        index: usize,
        selected: Option<usize>,
    ) -> Option<Reselection> {
        let removed = self.nth::<Job>(index).cloned()?;
        let editing = self.remove_job(index, selected);
        let draft = (editing.is_none() && selected.is_some()).then_some(removed);
        Some(Reselection { editing, draft })
    }
}

/// Puts a job on `provider_id`, dropping the plan's network choice when that provider does not
/// offer it.
pub fn move_to_provider(
    job: &mut Job,
    settings: &mut Settings,
    provider_id: String,
    catalog: &Catalog,
) {
    job.provider_id = provider_id;
    settings.keep_offered_network(&job.provider_id, catalog);
}

/// Puts a job on the accelerator `accelerator_id`: it keeps its provider when that provider rents
/// the accelerator, else moves to the catalog's default provider for it
/// ([`Catalog::default_provider_for`], with [`move_to_provider`]'s network rule). Returns whether
/// the job moved to another provider.
pub fn switch_accelerator(
    job: &mut Job,
    settings: &mut Settings,
    accelerator_id: &str,
    catalog: &Catalog,
) -> bool {
    let moved_to = match catalog.price(&job.provider_id, accelerator_id) {
        Some(_) => None,
        None => catalog
            .default_provider_for(accelerator_id)
            .map(|p| p.id.to_string()),
    };
    job.accelerator_id = accelerator_id.to_string();
    match moved_to {
        Some(p) => {
            move_to_provider(job, settings, p, catalog);
            true
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::workloads::Serve;

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    fn job_at(provider: &str, gpus: u32) -> Job {
        Job {
            provider_id: provider.into(),
            gpus,
            ..Job::default()
        }
    }

    /// A plan with jobs on `providers` (GPUs 1, 2, 3, … to tell them apart) and a serving line
    /// between the first and the second job, so job indices are not workload indices.
    fn plan_with_jobs(providers: &[&str]) -> Plan {
        let mut p = Plan::empty();
        for (i, provider) in providers.iter().enumerate() {
            p.push(job_at(provider, i as u32 + 1));
            if i == 0 {
                p.push(Serve::blank());
            }
        }
        p
    }

    fn gpus(p: &Plan) -> Vec<u32> {
        p.jobs().iter().map(|j| j.gpus).collect()
    }

    #[test]
    fn a_plan_without_day_0_counts_from_today_and_one_with_it_keeps_it() {
        let today = Date::new(2026, 3, 14);
        let mut p = Plan::default();
        p.date_from_today(|| today);
        assert_eq!(p.t0, today);
        // A plan with its own day 0 does not even ask for today.
        let own = Date::new(2025, 1, 1);
        let mut q = Plan {
            t0: own,
            ..Plan::default()
        };
        q.date_from_today(|| panic!("today asked for a dated plan"));
        assert_eq!(q.t0, own);
    }

    #[test]
    fn a_loaded_plan_opens_on_its_first_job_and_copies_it_as_the_draft() {
        let p = plan_with_jobs(&["aws", "gcp"]);
        assert_eq!(p.first_edited(), Some(0));
        assert_eq!(p.opening_draft(), job_at("aws", 1));
        // Without a training job (a serving line only): no job edited, the default job drafted.
        let mut serving = Plan::empty();
        serving.push(Serve::blank());
        assert_eq!(serving.first_edited(), None);
        assert_eq!(serving.opening_draft(), Job::default());
    }

    #[test]
    fn clearing_the_example_keeps_everything_but_its_workloads() {
        let mut p = plan_with_jobs(&["aws", "gcp"]);
        p.t0 = Date::new(2026, 1, 1);
        p.name = "Seed".into();
        p.settings.overheads.spot = true;
        let before = p.clone();
        p.clear_workloads();
        assert!(p.workloads.is_empty());
        assert_eq!(
            p,
            Plan {
                workloads: Vec::new(),
                ..before
            }
        );
    }

    #[test]
    fn an_edit_goes_to_the_selected_job_while_the_plan_has_it_else_to_the_draft() {
        // Two jobs: index 1 is in the plan, 2 is not (stale), `None` is no selection.
        let p = plan_with_jobs(&["aws", "gcp"]);
        assert_eq!(p.edit_target(Some(1)), Some(1));
        assert_eq!(p.edit_target(Some(2)), None);
        assert_eq!(p.edit_target(None), None);

        // The selected job: edited in place (its GPUs 2 -> 64), the draft untouched; notifies.
        let mut edited = p.clone();
        let mut draft = job_at("lambda", 9);
        let notify = edited.apply_edit(Some(1), &mut draft, |j, k| {
            j.gpus = 64;
            k.overheads.spot = true;
        });
        assert!(notify);
        assert_eq!(gpus(&edited), [1, 64]);
        assert!(edited.settings.overheads.spot);
        assert_eq!(draft, job_at("lambda", 9));

        // An edit of the job that changes nothing still notifies (as an edit of the plan does).
        let mut same = p.clone();
        assert!(same.apply_edit(Some(0), &mut draft, |_, _| {}));

        // A stale selection: the draft takes the job's part, the plan the settings' part.
        let mut stale = p.clone();
        let notify = stale.apply_edit(Some(2), &mut draft, |j, k| {
            j.gpus = 16;
            k.overheads.spot = true;
        });
        assert!(notify);
        assert_eq!(gpus(&stale), [1, 2]);
        assert!(stale.settings.overheads.spot);
        assert_eq!(draft.gpus, 16);

        // An edit of the draft alone leaves the plan as it was and does not notify.
        let mut untouched = p.clone();
        let notify = untouched.apply_edit(None, &mut draft, |j, _| j.gpus = 32);
        assert!(!notify);
        assert_eq!(untouched, p);
        assert_eq!(draft.gpus, 32);
    }

    #[test]
    fn edit_opens_a_job_of_the_plan_unless_it_is_already_open() {
        let p = plan_with_jobs(&["aws", "gcp"]);
        assert_eq!(p.job_to_open(1, Some(0)), Some(&job_at("gcp", 2)));
        assert_eq!(p.job_to_open(1, None), Some(&job_at("gcp", 2)));
        assert_eq!(p.job_to_open(1, Some(1)), None);
        assert_eq!(p.job_to_open(2, Some(0)), None);
    }

    #[test]
    fn a_network_the_provider_does_not_offer_is_dropped() {
        let c = catalog();
        let offered = |provider: &str, id: &str| {
            c.provider(provider)
                .is_some_and(|p| p.networks.iter().any(|n| n == id))
        };
        // AWS's EFA is offered by AWS only.
        assert!(offered("aws", "aws-efa-3200") && !offered("gcp", "aws-efa-3200"));
        let mut p = Plan::default();
        p.settings.overheads.network_id = Some("aws-efa-3200".into());
        assert!(!p.keep_offered_network("aws", &c));
        assert_eq!(
            p.settings.overheads.network_id.as_deref(),
            Some("aws-efa-3200")
        );
        assert!(p.keep_offered_network("gcp", &c));
        assert_eq!(p.settings.overheads.network_id, None);
        // No choice: nothing to drop.
        assert!(!p.keep_offered_network("gcp", &c));
    }

    #[test]
    fn an_added_job_goes_last_among_the_jobs_and_keeps_only_an_offered_network() {
        let c = catalog();
        // Jobs 1, 2 (and a serving line after job 1): the new job is job 2 (third), 4th workload.
        let mut p = plan_with_jobs(&["aws", "aws"]);
        p.settings.overheads.network_id = Some("aws-efa-3200".into());
        assert_eq!(p.add_job(job_at("aws", 3), &c), 2);
        assert_eq!(gpus(&p), [1, 2, 3]);
        assert_eq!(p.workloads.len(), 4);
        assert_eq!(
            p.settings.overheads.network_id.as_deref(),
            Some("aws-efa-3200")
        );
        // A job on GCP: AWS's EFA is dropped.
        assert_eq!(p.add_job(job_at("gcp", 4), &c), 3);
        assert_eq!(p.settings.overheads.network_id, None);
        // Into a plan without jobs: index 0.
        let mut empty = Plan::empty();
        assert_eq!(empty.add_job(Job::default(), &c), 0);
    }

    #[test]
    fn removing_a_job_reselects_and_keeps_the_last_one_as_the_draft() {
        // Jobs 1, 2, 3; editing job 1 (the second).
        let p = plan_with_jobs(&["aws", "gcp", "lambda"]);
        // Removing the edited job: the next one (now at index 1) opens.
        let mut q = p.clone();
        assert_eq!(
            q.remove_job_and_reselect(1, Some(1)),
            Some(Reselection {
                editing: Some(1),
                draft: None
            })
        );
        assert_eq!(gpus(&q), [1, 3]);
        // Removing the last job while it is edited: the one before opens.
        let mut q = p.clone();
        let r = q.remove_job_and_reselect(2, Some(2));
        assert_eq!(r.map(|r| r.editing), Some(Some(1)));
        // A job before the edited one: the edited job moves up an index.
        let mut q = p.clone();
        let r = q.remove_job_and_reselect(0, Some(2));
        assert_eq!(r.map(|r| r.editing), Some(Some(1)));
        // No such job: nothing changes.
        let mut q = p.clone();
        assert_eq!(q.remove_job_and_reselect(3, Some(0)), None);
        assert_eq!(q, p);
        // The only job, edited: none left, it becomes the draft.
        let mut one = plan_with_jobs(&["gcp"]);
        assert_eq!(
            one.remove_job_and_reselect(0, Some(0)),
            Some(Reselection {
                editing: None,
                draft: Some(job_at("gcp", 1))
            })
        );
        assert_eq!(one.count::<Job>(), 0);
        // The only job, not edited (the calculator shows its draft): the draft stays.
        let mut one = plan_with_jobs(&["gcp"]);
        assert_eq!(
            one.remove_job_and_reselect(0, None),
            Some(Reselection {
                editing: None,
                draft: None
            })
        );
    }

    #[test]
    fn a_new_accelerator_keeps_a_provider_that_rents_it_else_takes_the_default_one() {
        let c = catalog();
        // AWS rents the H100 and not the TPU v5e, which GCP rents.
        assert!(c.price("aws", "h100-sxm").is_some() && c.price("aws", "tpu-v5e").is_none());
        let gcp = c.default_provider_for("tpu-v5e").map(|p| p.id.to_string());
        assert_eq!(gcp.as_deref(), Some("gcp"));
        let mut k = Settings::default();
        k.overheads.network_id = Some("aws-efa-3200".into());
        let mut j = Job {
            accelerator_id: "a100-80gb".into(),
            ..job_at("aws", 8)
        };
        assert!(!switch_accelerator(&mut j, &mut k, "h100-sxm", &c));
        assert_eq!(
            (j.accelerator_id.as_str(), j.provider_id.as_str()),
            ("h100-sxm", "aws")
        );
        assert_eq!(k.overheads.network_id.as_deref(), Some("aws-efa-3200"));
        assert!(switch_accelerator(&mut j, &mut k, "tpu-v5e", &c));
        assert_eq!(
            (j.accelerator_id.as_str(), j.provider_id.as_str()),
            ("tpu-v5e", "gcp")
        );
        assert_eq!(k.overheads.network_id, None);
    }

    #[test]
    fn moving_to_a_provider_drops_a_network_it_does_not_offer() {
        let c = catalog();
        let mut k = Settings::default();
        k.overheads.network_id = Some("aws-efa-3200".into());
        let mut j = job_at("aws", 8);
        move_to_provider(&mut j, &mut k, "aws".into(), &c);
        assert_eq!(k.overheads.network_id.as_deref(), Some("aws-efa-3200"));
        move_to_provider(&mut j, &mut k, "gcp".into(), &c);
        assert_eq!(j.provider_id, "gcp");
        assert_eq!(k.overheads.network_id, None);
    }
}
