//! The plan's one list of workloads: every line of work a plan holds is a [`Workload`], a stable
//! id and one [`Work`] of one [`Kind`]. A kind is described once, here: its link key, its
//! message label, how it reads and writes its token, its title. The plan edits the list with
//! [`Plan::upsert`], [`Plan::remove`] and [`Plan::restore`] (undo), by id; the page calls those and
//! nothing else to change the list.

use crate::data::catalog::Catalog;
use crate::document::api_use::ApiUse;
use crate::document::experiments::ExtraWorkload;
use crate::document::workloads::Serve;
use crate::input::job::Job;
use crate::input::token::{Token, TokenError};

/// A workload's handle: stable while the page adds, edits, removes and restores lines. Not part
/// of a link: a link reopens the same work in the same order, numbered again from 0.
pub type WorkloadId = u32;

/// One line of work of the plan.
#[derive(Clone, Debug)]
pub struct Workload {
    /// Its handle for the session.
    pub id: WorkloadId,
    /// What it is.
    pub work: Work,
}

/// Two workloads are the same work whatever handles the session gave them (a plan reopened from
/// its link equals the plan that wrote it).
impl PartialEq for Workload {
    fn eq(&self, other: &Self) -> bool {
        self.work == other.work
    }
}

/// What a workload is.
#[derive(Clone, Debug, PartialEq)]
pub enum Work {
    /// A training run of any kind (pretraining, continued pretraining, fine-tunes).
    Train(Job),
    /// A model served on always-on accelerators.
    Serve(Serve),
    /// Experiments: a GPU-hour budget at a duty cycle.
    Experiments(ExtraWorkload),
    /// A hosted API used at a monthly volume.
    Api(ApiUse),
}

/// The kinds of work, in the order the runway lists their bills.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// `job=`.
    Train,
    /// `serve=`.
    Serve,
    /// `work=`.
    Experiments,
    /// `api_use=`.
    Api,
}

impl Kind {
    /// Every kind, in bill order.
    pub const ALL: [Kind; 4] = [Kind::Train, Kind::Serve, Kind::Experiments, Kind::Api];

    /// Its link key.
    pub fn link_key(self) -> &'static str {
        match self {
            Kind::Train => "job",
            Kind::Serve => "serve",
            Kind::Experiments => "work",
            Kind::Api => "api_use",
        }
    }

    /// The kind a link key names.
    pub fn from_link_key(key: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.link_key() == key)
    }

    /// The `i`-th token of this kind in a link, as messages name it.
    pub fn token(self, i: usize) -> Token {
        match self {
            Kind::Train => Token::Job(i),
            Kind::Serve => Token::Serve(i),
            Kind::Experiments => Token::Work(i),
            Kind::Api => Token::Api(i),
        }
    }

    /// Reads the `i`-th token of this kind.
    pub fn parse(self, token: &str, i: usize, catalog: &Catalog) -> Result<Work, TokenError> {
        Ok(match self {
            Kind::Train => Work::Train(crate::document::workloads::parse_job(token, i, catalog)?),
            Kind::Serve => Work::Serve(crate::document::workloads::parse_serve(token, i, catalog)?),
            Kind::Experiments => {
                Work::Experiments(crate::document::experiments::parse_work(token, i, catalog)?)
            }
            Kind::Api => Work::Api(crate::document::api_use::parse_api_use(token, i, catalog)?),
        })
    }
}

impl Work {
    /// Its kind.
    pub fn kind(&self) -> Kind {
        match self {
            Work::Train(_) => Kind::Train,
            Work::Serve(_) => Kind::Serve,
            Work::Experiments(_) => Kind::Experiments,
            Work::Api(_) => Kind::Api,
        }
    }

    /// The provider billing it.
    pub fn provider_id(&self) -> &str {
        match self {
            Work::Train(j) => &j.provider_id,
            Work::Serve(v) => &v.provider_id,
            Work::Experiments(w) => &w.provider_id,
            Work::Api(a) => &a.provider_id,
        }
    }

    /// Its first day.
    pub fn start_day(&self) -> u32 {
        match self {
            Work::Train(j) => j.start_day,
            Work::Serve(v) => v.start_day,
            Work::Experiments(w) => w.start_day,
            Work::Api(a) => a.start_day,
        }
    }

    /// Its token's value (what follows `<key>=`).
    pub fn encode(&self) -> String {
        match self {
            Work::Train(j) => crate::document::workloads::encode_job(j),
            Work::Serve(v) => crate::document::workloads::encode_serve(v),
            Work::Experiments(w) => crate::document::experiments::encode_work(w),
            Work::Api(a) => crate::document::api_use::encode_api_use(a),
        }
    }
}

/// A record of one kind, reached through the one list.
pub trait KindOf: Sized {
    /// Its kind.
    const KIND: Kind;
    /// The record, when the work is of this kind.
    fn of(w: &Work) -> Option<&Self>;
    /// The record, mutably.
    fn of_mut(w: &mut Work) -> Option<&mut Self>;
    /// As work.
    fn into_work(self) -> Work;
}

macro_rules! kind_of {
    ($t:ty, $variant:ident) => {
        impl KindOf for $t {
            const KIND: Kind = Kind::$variant;
            fn of(w: &Work) -> Option<&Self> {
                match w {
                    Work::$variant(x) => Some(x),
                    _ => None,
                }
            }
            fn of_mut(w: &mut Work) -> Option<&mut Self> {
                match w {
                    Work::$variant(x) => Some(x),
                    _ => None,
                }
            }
            fn into_work(self) -> Work {
                Work::$variant(self)
            }
        }
        impl From<$t> for Work {
            fn from(x: $t) -> Work {
                Work::$variant(x)
            }
        }
    };
}
kind_of!(Job, Train);
kind_of!(Serve, Serve);
kind_of!(ExtraWorkload, Experiments);
kind_of!(ApiUse, Api);

/// Work as a plan's list, numbered from 0 in order.
#[cfg(test)]
pub(crate) fn numbered(works: impl IntoIterator<Item = Work>) -> Vec<Workload> {
    works
        .into_iter()
        .enumerate()
        .map(|(i, work)| Workload {
            id: i as WorkloadId,
            work,
        })
        .collect()
}

/// A removed workload, for undo: where it was and what it was.
#[derive(Clone, Debug, PartialEq)]
pub struct Removed {
    /// Its position in the list.
    pub index: usize,
    /// The workload, with its id.
    pub workload: Workload,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::plan::Plan;

    fn serve() -> Serve {
        Serve {
            params: 70e9,
            params_total: None,
            precision: crate::input::knobs::Precision::Bf16,
            tokens_per_month: 500e6,
            provider_id: "aws".into(),
            accelerator_id: "h100".into(),
            start_day: 0,
            months: 12,
            host: crate::input::knobs::HostMode::OnDemand,
            price_override_usd_per_gpu_hour: None,
        }
    }

    fn api() -> ApiUse {
        ApiUse {
            api_id: "together-llama-70b".into(),
            provider_id: "together".into(),
            tokens_per_month: 500e6,
            start_day: 0,
            months: 12,
            replaces: None,
        }
    }

    #[test]
    fn upsert_replaces_in_place_across_kinds_and_appends_otherwise() {
        let mut p = Plan::empty();
        let a = p.push(Job::default());
        let b = p.push(serve());
        let c = p.push(Job::default());
        assert_eq!((a, b, c), (0, 1, 2));
        assert_eq!(p.count::<Job>(), 2);
        // The serving line becomes an API line where it stood, with its id.
        assert_eq!(p.upsert(Some(b), api()), b);
        assert_eq!(p.workloads[1].work.kind(), Kind::Api);
        assert_eq!(p.count::<Serve>(), 0);
        assert_eq!(p.nth::<ApiUse>(0), Some(&api()));
        // An unknown id appends.
        assert_eq!(p.upsert(Some(99), serve()), 3);
        assert_eq!(p.workloads.len(), 4);
        assert_eq!(p.index_in_kind(c), Some(1));
        assert_eq!(p.id_of::<Job>(1), Some(c));
    }

    #[test]
    fn remove_then_restore_puts_the_line_back_where_it_was() {
        let mut p = Plan::empty();
        let ids: Vec<_> = (0..3).map(|_| p.push(serve())).collect();
        if let Some(v) = p.nth_mut::<Serve>(1) {
            v.months = 7;
        }
        let before = p.clone();
        let r = p.remove(ids[1]).unwrap_or_else(|| panic!("present"));
        assert_eq!(r.index, 1);
        assert_eq!(p.workloads.len(), 2);
        assert!(p.remove(ids[1]).is_none());
        assert_eq!(p.restore(r), ids[1]);
        assert_eq!(p, before);
        assert_eq!(p.nth::<Serve>(1).map(|v| v.months), Some(7));
    }

    #[test]
    fn a_restored_line_whose_id_was_given_away_gets_a_new_one() {
        let mut p = Plan::empty();
        let a = p.push(serve());
        let r = p.remove(a).unwrap_or_else(|| panic!("present"));
        // The list is empty, so the next line takes id 0 again.
        assert_eq!(p.push(Job::default()), 0);
        assert_eq!(p.restore(r), 1);
        assert_eq!(p.workloads[0].work.kind(), Kind::Serve);
    }

    #[test]
    fn ids_do_not_make_plans_differ() {
        let mut a = Plan::empty();
        a.push(serve());
        let mut b = Plan::empty();
        b.push(Job::default());
        b.push(serve());
        let first = b.workloads[0].id;
        b.remove(first);
        assert_ne!(a.workloads[0].id, b.workloads[0].id);
        assert_eq!(a, b);
    }

    #[test]
    fn every_kind_has_its_own_link_key() {
        for k in Kind::ALL {
            assert_eq!(Kind::from_link_key(k.link_key()), Some(k));
        }
        assert_eq!(Kind::from_link_key("grant"), None);
    }
}
