//! The sourced catalog: accelerators, providers and on-demand prices. The data lives in the JSON
//! files of `data/`, which build.rs compiles into static tables (no JSON parser ships to the
//! browser). Every entry carries `source` and `as_of`; [`Catalog::validate`] checks the rest.

use std::borrow::Cow;
use std::collections::HashSet;
use std::fmt;

mod generated {
    use super::{
        Accelerator, ApiPrice, BaseModel, CurrencyRate, Instance, Network, Price, Program,
        Provider, Scope, WorkloadShape,
    };
    use std::borrow::Cow;
    include!(concat!(env!("OUT_DIR"), "/catalog_data.rs"));
}

/// Text in the catalog: borrowed from the compiled-in tables, owned when parsed in tests.
pub type Text = Cow<'static, str>;
/// A list of catalog texts.
pub type TextList = Cow<'static, [Text]>;
/// A list of whole numbers in the catalog (an instance's rentable GPU counts): borrowed from the
/// compiled-in tables, owned when parsed in tests.
pub type CountList = Cow<'static, [u32]>;

/// What a credit program pays for (docs/model.md, "The runway").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(test, derive(serde::Deserialize), serde(rename_all = "lowercase"))]
pub enum Scope {
    /// Any line item billed by its provider.
    All,
    /// Accelerator hours only.
    Gpu,
    /// Accelerator hours on the provider's own silicon only (Trainium on AWS, TPU on Google Cloud).
    Silicon,
    /// Anything billed by that platform (Modal, Together).
    Platform,
}

impl Scope {
    /// The scope in words, in the reader's language.
    pub fn describe(self) -> String {
        match self {
            Scope::All => crate::tr!("catalog_texts.scope.all"),
            Scope::Gpu => crate::tr!("catalog_texts.scope.gpu"),
            Scope::Silicon => crate::tr!("catalog_texts.scope.silicon"),
            Scope::Platform => crate::tr!("catalog_texts.scope.platform"),
        }
    }
}

/// A catalog text in the reader's language: the Portuguese sibling on a Portuguese page (the
/// English when an entry has none, which [`Catalog::validate`] rejects for the built-in catalog).
fn in_lang<'a>(en: &'a str, pt: &'a str) -> &'a str {
    match crate::locale::lang() {
        crate::locale::Lang::Pt if !pt.trim().is_empty() => pt,
        _ => en,
    }
}

/// A catalog text cut at its double quotes: `(piece, is_title)` in order, where a title is what a
/// pair of double quotes encloses (a cited publication's title, kept as published: English inside
/// a Portuguese sentence), without the quotes, which stay in the pieces around it. A quote without
/// its pair opens no title. The page marks the titles' language; the wording tests skip them.
pub fn title_pieces(text: &str) -> Vec<(&str, bool)> {
    let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
    let mut out = Vec::new();
    let mut from = 0;
    for pair in quotes.chunks_exact(2) {
        if let [open, close] = *pair {
            out.push((&text[from..=open], false));
            out.push((&text[open + 1..close], true));
            from = close;
        }
    }
    out.push((&text[from..], false));
    out.retain(|(p, _)| !p.is_empty());
    out
}

/// An inter-node network option, with its bandwidth as the source gives it: per card (one network
/// card per GPU) or per node (the instance's whole network).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Network {
    /// Stable id (`ib-ndr-400`).
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// The display name in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub name_pt: Text,
    /// Bandwidth, GB/s, one direction: per card when `per_node` is false, else the node's whole
    /// network.
    pub gb_per_s: f64,
    /// Whether `gb_per_s` is the node's whole network (else one card's, one card per GPU).
    pub per_node: bool,
    /// Where the figure comes from.
    pub source: Text,
    /// Where the figure comes from, in Brazilian Portuguese (cited titles as published).
    #[cfg_attr(test, serde(default))]
    pub source_pt: Text,
    /// When it was read.
    pub as_of: Text,
}

impl Network {
    /// The node's whole network, GB/s: the published per-node figure, or one card's times the
    /// node's `gpus_per_node` GPUs (one card each). Collective libraries all-reduce across nodes
    /// over every card at once (docs/model.md, "Hidden costs"), so this is what the inter-node
    /// phase uses.
    pub fn node_gb_s(&self, gpus_per_node: f64) -> f64 {
        if self.per_node {
            self.gb_per_s
        } else {
            self.gb_per_s * gpus_per_node.max(1.0)
        }
    }

    /// The display name in the reader's language.
    pub fn name_text(&self) -> &str {
        in_lang(&self.name, &self.name_pt)
    }

    /// Where the figure comes from, in the reader's language.
    pub fn source_text(&self) -> &str {
        in_lang(&self.source, &self.source_pt)
    }
}

/// The instance (machine type) a provider rents an accelerator in, and the inter-node networks
/// offered for it (the first is the default).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Instance {
    /// Provider id.
    pub provider: Text,
    /// Accelerator id.
    pub accelerator: Text,
    /// The instance type in the provider's words (`p4d.24xlarge`).
    pub instance: Text,
    /// Accelerators in one instance: up to this many, the accelerator's own link carries the
    /// all-reduce; beyond it, the network.
    pub gpus_per_instance: u32,
    /// Network ids offered for this instance (see `networks.json`); the first is the default.
    /// For accelerators joined in slices (TPUs) these are the slice's own interconnect between
    /// the instance's hosts; `between_slices_network` joins slices.
    pub networks: TextList,
    /// The accelerator counts one machine of this kind can be rented in at this provider,
    /// strictly ascending, the last equal to `gpus_per_instance` (`[8]` where only the whole
    /// 8-GPU machine is sold, `[1, 2, 4, 8]` where 1, 2, 4 or 8 GPUs of it can be had). A job of
    /// fewer accelerators than one instance rents the smallest size that holds it.
    pub rent_sizes: CountList,
    /// Where the rentable sizes come from (the provider's size list or price page), dated.
    pub rent_sizes_source: Text,
    /// The same, in Brazilian Portuguese (the page's address and cited titles as published).
    #[cfg_attr(test, serde(default))]
    pub rent_sizes_source_pt: Text,
    /// The most accelerators one job can get of this instance at this provider, where a source
    /// says it (the reason is in `source`): a cluster product's ceiling (Modal's clusters, 256
    /// GPUs), `gpus_per_instance` itself for an offer that is single-node only, or a sliced
    /// accelerator's multi-slice ceiling; `None` when no source states a limit. Never below
    /// `gpus_per_instance`.
    #[cfg_attr(test, serde(default))]
    pub max_gpus: Option<u32>,
    /// For accelerators joined in slices (TPUs): the most chips one slice holds on the
    /// accelerator's own interconnect (ICI), at least `gpus_per_instance`; a job beyond it spans
    /// slices over `between_slices_network`. `None` for instances without slices.
    #[cfg_attr(test, serde(default))]
    pub slice_gpus: Option<u32>,
    /// The network between slices (a `networks.json` id its provider lists: the data-centre
    /// network, DCN), only with `slice_gpus`; `None` without slices or when no source gives it.
    #[cfg_attr(test, serde(default))]
    pub between_slices_network: Option<Text>,
    /// Whether instances can be had, where a source says ("" when none does): credits pay the
    /// bill, capacity decides whether the instances exist.
    #[cfg_attr(test, serde(default))]
    pub capacity_note: Text,
    /// The capacity note in Brazilian Portuguese ("" when there is no note).
    #[cfg_attr(test, serde(default))]
    pub capacity_note_pt: Text,
    /// The vendor page the instance and its network come from.
    pub source: Text,
    /// The same, in Brazilian Portuguese (the page's address and cited titles as published).
    #[cfg_attr(test, serde(default))]
    pub source_pt: Text,
    /// When it was read.
    pub as_of: Text,
}

impl Instance {
    /// The capacity note in the reader's language ("" when there is none).
    pub fn capacity_note_text(&self) -> &str {
        in_lang(&self.capacity_note, &self.capacity_note_pt)
    }

    /// Where the instance and its network come from, in the reader's language.
    pub fn source_text(&self) -> &str {
        in_lang(&self.source, &self.source_pt)
    }

    /// Where the machine sizes come from, in the reader's language.
    pub fn rent_sizes_source_text(&self) -> &str {
        in_lang(&self.rent_sizes_source, &self.rent_sizes_source_pt)
    }

    /// Whether a source says one job gets no more than one instance of this offer (`max_gpus`
    /// equals `gpus_per_instance`): no network joins instances for a job.
    pub fn is_single_node(&self) -> bool {
        self.max_gpus == Some(self.gpus_per_instance)
    }

    /// Whether `gpus` accelerators fit what a source says one job can get here (always, where
    /// no source states a limit).
    pub fn fits_gpus(&self, gpus: u32) -> bool {
        self.max_gpus.is_none_or(|m| gpus <= m)
    }
}

/// A row of seed 000's workload → credit-shape table.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct WorkloadShape {
    /// Stable id (`pretraining`, `fine-tuning`, …).
    pub id: Text,
    /// The workload in words.
    pub name: Text,
    /// The right credit shape for it.
    pub right_shape: Text,
    /// What to watch out for.
    pub watch_out: Text,
}

impl WorkloadShape {
    /// The workload in the reader's words (the catalog's English for a shape without a text).
    pub fn name_text(&self) -> String {
        self.texts().map_or_else(|| self.name.to_string(), |t| t.0)
    }

    /// The right credit shape, in the reader's words.
    pub fn right_text(&self) -> String {
        self.texts()
            .map_or_else(|| self.right_shape.to_string(), |t| t.1)
    }

    /// What to watch out for, in the reader's words.
    pub fn watch_text(&self) -> String {
        self.texts()
            .map_or_else(|| self.watch_out.to_string(), |t| t.2)
    }

    /// The shape's name, right shape and warning from the locale files (English there is the
    /// catalog's own, a test keeps them equal).
    fn texts(&self) -> Option<(String, String, String)> {
        Some(match self.id.as_ref() {
            "pretraining" => (
                crate::tr!("shapes.pretraining.name"),
                crate::tr!("shapes.pretraining.right"),
                crate::tr!("shapes.pretraining.watch"),
            ),
            "continued-pretraining" => (
                crate::tr!("shapes.continued.name"),
                crate::tr!("shapes.continued.right"),
                crate::tr!("shapes.continued.watch"),
            ),
            "fine-tuning" => (
                crate::tr!("shapes.fine_tuning.name"),
                crate::tr!("shapes.fine_tuning.right"),
                crate::tr!("shapes.fine_tuning.watch"),
            ),
            "sporadic" => (
                crate::tr!("shapes.sporadic.name"),
                crate::tr!("shapes.sporadic.right"),
                crate::tr!("shapes.sporadic.watch"),
            ),
            "inference" => (
                crate::tr!("shapes.inference.name"),
                crate::tr!("shapes.inference.right"),
                crate::tr!("shapes.inference.watch"),
            ),
            "frontier-api" => (
                crate::tr!("shapes.frontier_api.name"),
                crate::tr!("shapes.frontier_api.right"),
                crate::tr!("shapes.frontier_api.watch"),
            ),
            _ => return None,
        })
    }
}

/// A credit program. The ceiling is a tier maximum, never a default grant: a grant added without
/// an amount, and the advisor, use the expected amount.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Program {
    /// Stable id used in links (`aws-activate`).
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// The display name in Brazilian Portuguese, where it has a descriptor to translate ("" when
    /// the name is a product name that reads the same in both languages).
    #[cfg_attr(test, serde(default))]
    pub name_pt: Text,
    /// The provider whose bill the credits pay.
    pub provider: Text,
    /// Which line items the credits pay.
    pub scope: Scope,
    /// Tier maximum ("up to") in USD.
    pub ceiling_usd: f64,
    /// Where the ceiling comes from.
    pub ceiling_source: Text,
    /// Where the ceiling comes from, in Brazilian Portuguese (cited titles as published).
    #[cfg_attr(test, serde(default))]
    pub ceiling_source_pt: Text,
    /// What a seed-stage team is typically offered, USD: the default amount of a grant added to a
    /// plan and what the advisor counts on. Positive and at most the ceiling.
    pub expected_usd: f64,
    /// Where the expected amount comes from (or that it is an estimate).
    pub expected_source: Text,
    /// Where the expected amount comes from, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub expected_source_pt: Text,
    /// The tiers the program publishes, in a sentence ("" when it publishes none).
    #[cfg_attr(test, serde(default))]
    pub tiers: Text,
    /// The tiers in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub tiers_pt: Text,
    /// What the credits cover, in the seed article's words.
    pub covers: Text,
    /// What the credits cover, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub covers_pt: Text,
    /// Fastest review seen, days.
    pub review_days_min: u32,
    /// Typical review, days.
    pub review_days_typical: u32,
    /// Slowest review seen, days.
    pub review_days_max: u32,
    /// Days the credits stay usable after approval.
    pub validity_days: u32,
    /// Where the validity comes from (or that it is an estimate).
    pub validity_source: Text,
    /// Where the validity comes from, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub validity_source_pt: Text,
    /// Eligibility: stage and funding.
    pub stage: Text,
    /// Eligibility in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub stage_pt: Text,
    /// Whether it needs VC or accelerator backing.
    pub needs_backing: bool,
    /// Whether using it means leaving CUDA.
    pub leaves_cuda: bool,
    /// Porting cost away from CUDA, engineer-weeks (0 when not leaving CUDA).
    pub porting_weeks: f64,
    /// Workload shape ids it fits (seed 000's workload → credit-shape table).
    pub fits: TextList,
    /// Why it fits those shapes (and not others), in one or two sentences.
    pub fits_reason: Text,
    /// Why it fits, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub fits_reason_pt: Text,
    /// Where the figures come from.
    pub source: Text,
    /// Where the figures come from, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub source_pt: Text,
    /// When they were read.
    pub as_of: Text,
    /// Chance that a seed-stage team that applies is approved at the expected amount, 0..=1. No
    /// programme publishes an approval rate: most are estimates, and the source says so and why.
    pub approval_chance: f64,
    /// Where the chance comes from (or that it is an estimate, with its reasoning).
    pub approval_source: Text,
    /// Where the chance comes from, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub approval_source_pt: Text,
    /// The programme this one is a tier of (`aws-activate` for AWS Activate Founders); empty: its
    /// own. Tiers of one programme are not granted twice, so the advisor does not suggest a tier
    /// of a programme the plan already holds.
    #[cfg_attr(test, serde(default))]
    pub family: Text,
}

impl Program {
    /// Who can apply, in words: the program's stage and whether it needs VC or accelerator backing
    /// (data/programs.json `stage` or `stage_pt`, `needs_backing`).
    pub fn eligibility(&self) -> String {
        if self.needs_backing {
            crate::tr!("advisor.needs_backing", stage = self.stage_text())
        } else {
            self.stage_text().to_string()
        }
    }

    /// Whether it gives no credits of its own (its perks are partner offers): it cannot be a
    /// grant of the plan.
    pub fn has_no_credits(&self) -> bool {
        self.ceiling_usd == 0.0
    }

    /// The programme this one is a tier of: its `family`, else its own id.
    pub fn family_id(&self) -> &str {
        if self.family.is_empty() {
            &self.id
        } else {
            &self.family
        }
    }

    /// Where the approval chance comes from, in the reader's language.
    pub fn approval_source_text(&self) -> &str {
        in_lang(&self.approval_source, &self.approval_source_pt)
    }

    /// The display name in the reader's language.
    pub fn name_text(&self) -> &str {
        in_lang(&self.name, &self.name_pt)
    }

    /// Where the expected amount comes from, in the reader's language.
    pub fn expected_source_text(&self) -> &str {
        in_lang(&self.expected_source, &self.expected_source_pt)
    }

    /// Where the ceiling comes from, in the reader's language.
    pub fn ceiling_source_text(&self) -> &str {
        in_lang(&self.ceiling_source, &self.ceiling_source_pt)
    }

    /// Where the validity comes from, in the reader's language.
    pub fn validity_source_text(&self) -> &str {
        in_lang(&self.validity_source, &self.validity_source_pt)
    }

    /// Where the figures come from, in the reader's language.
    pub fn source_text(&self) -> &str {
        in_lang(&self.source, &self.source_pt)
    }

    /// The published tiers in the reader's language ("" when the program publishes none).
    pub fn tiers_text(&self) -> &str {
        in_lang(&self.tiers, &self.tiers_pt)
    }

    /// What the credits cover, in the reader's language.
    pub fn covers_text(&self) -> &str {
        in_lang(&self.covers, &self.covers_pt)
    }

    /// Eligibility (stage and funding), in the reader's language.
    pub fn stage_text(&self) -> &str {
        in_lang(&self.stage, &self.stage_pt)
    }

    /// Why it fits its workload shapes, in the reader's language.
    pub fn fits_reason_text(&self) -> &str {
        in_lang(&self.fits_reason, &self.fits_reason_pt)
    }
}

/// One accelerator model, with its DENSE bf16 peak (never the sparse figure).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Accelerator {
    /// Stable id used in links, e.g. `h100-sxm`.
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// The display name in Brazilian Portuguese, where it has a descriptor to translate ("" when
    /// the name is a product name that reads the same in both languages).
    #[cfg_attr(test, serde(default))]
    pub name_pt: Text,
    /// Chip vendor id (`nvidia`, `amd`, `google`, `aws`).
    pub vendor: Text,
    /// Whether CUDA code runs on it unchanged.
    pub cuda: bool,
    /// The provider whose own silicon this is (`aws` for Trainium, `gcp` for TPU), if any.
    pub silicon_of: Option<Text>,
    /// Dense bf16 peak in TFLOP/s per accelerator.
    pub dense_bf16_tflops: f64,
    /// Dense FP8 peak, TFLOP/s, where the accelerator has one and serving in FP8 is offered.
    pub dense_fp8_tflops: Option<f64>,
    /// Where the FP8 figure comes from ("" without one).
    #[cfg_attr(test, serde(default))]
    pub fp8_source: Text,
    /// Memory per accelerator in GB.
    pub memory_gb: f64,
    /// Memory bandwidth in TB/s.
    pub bandwidth_tb_s: f64,
    /// GPU-to-GPU bandwidth inside a node (NVLink, Infinity Fabric, ICI, or PCIe), GB/s per GPU.
    pub intra_node_gb_s: f64,
    /// Where the intra-node figure comes from.
    pub intra_node_source: Text,
    /// Where the intra-node figure comes from, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub intra_node_source_pt: Text,
    /// Where the figures come from.
    pub source: Text,
    /// Where the figures come from, in Brazilian Portuguese (its notes translated, the cited
    /// documents named as published).
    #[cfg_attr(test, serde(default))]
    pub source_pt: Text,
    /// When they were read (ISO date).
    pub as_of: Text,
}

impl Accelerator {
    /// The display name in the reader's language.
    pub fn name_text(&self) -> &str {
        in_lang(&self.name, &self.name_pt)
    }

    /// Where the figures come from, in the reader's language.
    pub fn source_text(&self) -> &str {
        in_lang(&self.source, &self.source_pt)
    }

    /// Where the intra-node figure comes from, in the reader's language.
    pub fn intra_node_source_text(&self) -> &str {
        in_lang(&self.intra_node_source, &self.intra_node_source_pt)
    }

    /// Dense bf16 peak in FLOP/s.
    pub fn peak_flops_per_s(&self) -> f64 {
        self.dense_bf16_tflops * 1e12
    }

    /// Dense FP8 peak in FLOP/s, where the catalog has one.
    pub fn fp8_peak_flops_per_s(&self) -> Option<f64> {
        self.dense_fp8_tflops.map(|t| t * 1e12)
    }
}

/// One tier of a provider's monthly internet-egress prices (`Provider::egress_tiers`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct EgressTier {
    /// Where the tier ends, in GB of the month's total egress; `None` for the last, unbounded
    /// tier.
    pub up_to_gb: Option<f64>,
    /// USD per GB inside the tier.
    pub usd_per_gb: f64,
}

/// A provider's egress tiers: borrowed from the compiled-in tables, owned when parsed in tests.
pub type EgressTiers = Cow<'static, [EgressTier]>;

/// One line of a storage or egress bill: `gb` GB at `usd_per_gb` (0 for a free allowance).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BilledBand {
    /// GB billed at this price.
    pub gb: f64,
    /// USD per GB (per GB-month for storage).
    pub usd_per_gb: f64,
    /// Whether these GB are a free allowance (then `usd_per_gb` is 0).
    pub free: bool,
}

impl BilledBand {
    /// What the band costs, USD: `gb × usd_per_gb`.
    pub fn usd(&self) -> f64 {
        self.gb * self.usd_per_gb
    }
}

/// A company that rents accelerators.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Provider {
    /// Stable id used in links, e.g. `coreweave`.
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// `hyperscaler`, `gpu-cloud`, `cloud`, `serverless`, `platform`, or [`API_KIND`] for a
    /// hosted model API billed per token (OpenAI, Anthropic): it rents no accelerators, so it has
    /// no prices, instances, networks, spot or reserved terms, and no storage or egress bill.
    pub kind: Text,
    /// How it bills, in words.
    pub billing: Text,
    /// How it bills, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub billing_pt: Text,
    /// Object storage list price of the tier a training run reads (hot or standard storage: the
    /// dataset and checkpoints are read all the time), USD per GB-month (0 where not itemised).
    /// Prices published per GiB are used as they are, per catalog GB, like every price here.
    pub storage_usd_per_gb_month: f64,
    /// Internet egress list price of the first paid GB, USD per GB (0 where free): the first
    /// of `egress_tiers` where there are tiers.
    pub egress_usd_per_gb: f64,
    /// Storage held free of charge, GB (Modal's 1 TiB = 1,024 GiB of Volumes): only what is
    /// stored above it is billed. `None` without a free allowance.
    #[cfg_attr(test, serde(default))]
    pub storage_free_gb: Option<f64>,
    /// Internet egress free each month, GB (AWS's 100 GB, Oracle's 10 TB = 10,240 GB): the
    /// month's first GB, before any tier is billed. `None` without a free allowance.
    #[cfg_attr(test, serde(default))]
    pub egress_free_gb_month: Option<f64>,
    /// The monthly internet-egress price tiers, ascending, in GB of the month's total egress (the
    /// free allowance included): each tier prices the GB from the previous tier's end up to its
    /// own `up_to_gb`, the last is unbounded, the first's price is `egress_usd_per_gb`. Providers
    /// count a TB as 1,024 GB on these pages (they bill in binary gigabytes). Empty where one
    /// flat price, `egress_usd_per_gb`, applies to every GB.
    #[cfg_attr(test, serde(default))]
    pub egress_tiers: EgressTiers,
    /// Ids of the inter-node network options it offers (see `networks.json`).
    pub networks: TextList,
    /// Where the storage, egress and network figures come from.
    pub storage_egress_source: Text,
    /// The same, in Brazilian Portuguese (cited titles as published).
    #[cfg_attr(test, serde(default))]
    pub storage_egress_source_pt: Text,
    /// Spot/preemptible discount off the on-demand price, a fraction in [0, 1); `None` when the
    /// provider sells no spot capacity.
    pub spot_discount: Option<f64>,
    /// Spot interruptions expressed like hardware MTBF: GPU-hours between reclaims, per GPU
    /// (730 h / monthly interruption rate × GPUs per instance).
    pub spot_mtbf_gpu_hours: Option<f64>,
    /// The most spot accelerators one can expect to hold at once (beyond it the page warns that
    /// capacity of that size is unlikely); `None` without spot.
    pub spot_capacity_gpus: Option<f64>,
    /// Minutes spent waiting for replacement capacity after each spot reclaim, on top of the
    /// restart; `None` without spot.
    pub spot_wait_minutes: Option<f64>,
    /// Where the spot figures come from.
    pub spot_source: Text,
    /// The same, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub spot_source_pt: Text,
    /// Interruptions at the LIST price, without asking for spot (a platform that preempts its
    /// on-demand work by default, as Modal does), like `spot_mtbf_gpu_hours`: GPU-hours between
    /// preemptions per GPU. `None` where on-demand capacity is not preempted.
    #[cfg_attr(test, serde(default))]
    pub preemption_mtbf_gpu_hours: Option<f64>,
    /// Where the preemption figure comes from (or that it is an estimate, and why); "" without
    /// one.
    #[cfg_attr(test, serde(default))]
    pub preemption_source: Text,
    /// The same, in Brazilian Portuguese.
    #[cfg_attr(test, serde(default))]
    pub preemption_source_pt: Text,
    /// Reserved (1-year committed) discount off on-demand, a fraction in [0, 1); `None` when the
    /// provider only bills per use.
    pub reserved_discount: Option<f64>,
    /// Where the reserved figure comes from.
    pub reserved_source: Text,
    /// Where the description comes from.
    pub source: Text,
    /// When it was read (ISO date).
    pub as_of: Text,
}

/// The `kind` of a provider that is a hosted model API billed per token (OpenAI, Anthropic).
pub const API_KIND: &str = "api";

impl Provider {
    /// Whether it is a hosted model API billed per token ([`API_KIND`]): no accelerators to
    /// rent, so no job, storage or egress can be placed on it.
    pub fn is_api(&self) -> bool {
        self.kind == API_KIND
    }

    /// How it bills, in the reader's language.
    pub fn billing_text(&self) -> &str {
        in_lang(&self.billing, &self.billing_pt)
    }

    /// Where the storage, egress and network figures come from, in the reader's language.
    pub fn storage_egress_source_text(&self) -> &str {
        in_lang(&self.storage_egress_source, &self.storage_egress_source_pt)
    }

    /// Where the spot figures come from, in the reader's language.
    pub fn spot_source_text(&self) -> &str {
        in_lang(&self.spot_source, &self.spot_source_pt)
    }

    /// Where the list-price preemption figure comes from, in the reader's language ("" when
    /// the provider does not preempt on-demand work).
    pub fn preemption_source_text(&self) -> &str {
        in_lang(&self.preemption_source, &self.preemption_source_pt)
    }

    /// The month's free egress allowance, GB (0 without one).
    pub fn egress_free_gb(&self) -> f64 {
        self.egress_free_gb_month.unwrap_or(0.0).max(0.0)
    }

    /// The storage held free, GB (0 without an allowance).
    pub fn storage_free(&self) -> f64 {
        self.storage_free_gb.unwrap_or(0.0).max(0.0)
    }

    /// The bill for the GB from `from_gb` to `to_gb` of one month's internet egress out of this
    /// provider: the part inside the month's free allowance as one free band, then each price
    /// tier it crosses (one flat band at `egress_usd_per_gb` without tiers). Empty when nothing
    /// moves. Pricing a stretch that starts above 0 bills a second transfer in a month that
    /// already moved `from_gb` (it gets what is left of the allowance and the tiers).
    pub fn egress_bands_between(&self, from_gb: f64, to_gb: f64) -> Vec<BilledBand> {
        let flat = [EgressTier {
            up_to_gb: None,
            usd_per_gb: self.egress_usd_per_gb,
        }];
        let tiers: &[EgressTier] = if self.egress_tiers.is_empty() {
            &flat
        } else {
            &self.egress_tiers
        };
        let (from, to) = (from_gb.max(0.0), to_gb.max(0.0));
        let free_end = self.egress_free_gb();
        let mut out = Vec::new();
        let free = (to.min(free_end) - from).max(0.0);
        if free > 0.0 {
            out.push(BilledBand {
                gb: free,
                usd_per_gb: 0.0,
                free: true,
            });
        }
        let mut lo = 0.0_f64;
        for t in tiers {
            let hi = t.up_to_gb.unwrap_or(f64::INFINITY);
            let gb = (to.min(hi) - lo.max(from).max(free_end)).max(0.0);
            if gb > 0.0 {
                out.push(BilledBand {
                    gb,
                    usd_per_gb: t.usd_per_gb,
                    free: false,
                });
            }
            lo = hi;
        }
        out
    }

    /// The bill for `gb` GB of internet egress in one month ([`Self::egress_bands_between`]
    /// from 0).
    pub fn egress_bands(&self, gb: f64) -> Vec<BilledBand> {
        self.egress_bands_between(0.0, gb)
    }

    /// USD for `gb` GB of internet egress out of this provider in one month: the free allowance
    /// first, then each tier's price for the GB inside it. A one-off transfer (a dataset moved
    /// once, weights exported once) is one month's egress: its GB are not spread over months.
    pub fn egress_usd(&self, gb: f64) -> f64 {
        self.egress_bands(gb).iter().map(BilledBand::usd).sum()
    }

    /// The GB of `gb` stored that are billed: those above the free allowance.
    pub fn storage_billed_gb(&self, gb: f64) -> f64 {
        (gb - self.storage_free()).max(0.0)
    }

    /// USD for keeping `gb` GB in this provider's storage for `months` months: the GB above the
    /// free allowance × the storage price × months.
    pub fn storage_usd(&self, gb: f64, months: f64) -> f64 {
        self.storage_billed_gb(gb) * self.storage_usd_per_gb_month * months.max(0.0)
    }
}

/// An on-demand list price of one accelerator at one provider.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct Price {
    /// Provider id.
    pub provider: Text,
    /// Accelerator id.
    pub accelerator: Text,
    /// USD per accelerator-hour (per GPU, TPU chip or Trainium chip).
    pub usd_per_gpu_hour: f64,
    /// Where the price comes from.
    pub source: Text,
    /// Where the price comes from, in Brazilian Portuguese (cited titles as published, the same
    /// machine and GPU count).
    #[cfg_attr(test, serde(default))]
    pub source_pt: Text,
    /// When it was read (ISO date).
    pub as_of: Text,
    /// Caveats ("estimate", region), possibly empty.
    #[cfg_attr(test, serde(default))]
    pub note: Text,
    /// The caveats in Brazilian Portuguese ("" when there are none).
    #[cfg_attr(test, serde(default))]
    pub note_pt: Text,
    /// The date the provider's price page was seen without this accelerator ("" while it is
    /// listed): the price is its last published figure, not a current one.
    #[cfg_attr(test, serde(default))]
    pub delisted: Text,
    /// Where that was seen ("" while listed).
    #[cfg_attr(test, serde(default))]
    pub delisted_source: Text,
}

impl Price {
    /// Whether the provider no longer lists this accelerator on its price page.
    pub fn is_delisted(&self) -> bool {
        !self.delisted.is_empty()
    }

    /// The caveats in the reader's language ("" when there are none).
    pub fn note_text(&self) -> &str {
        in_lang(&self.note, &self.note_pt)
    }

    /// Where the price comes from, in the reader's language.
    pub fn source_text(&self) -> &str {
        in_lang(&self.source, &self.source_pt)
    }
}

/// Why the compiled-in catalog could not be used. Caught by the catalog test before it ships.
#[derive(Clone, Debug, PartialEq)]
pub struct CatalogError(pub String);

impl fmt::Display for CatalogError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "catalog data is invalid: {}", self.0)
    }
}

/// An open-weight base model to fine-tune or continue pretraining.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct BaseModel {
    /// Stable id, e.g. `llama-3.1-8b`.
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// Total parameters.
    pub params: f64,
    /// Parameters active per token (equal to `params` for a dense model).
    pub active_params: f64,
    /// Transformer layers (`num_hidden_layers` in config.json).
    pub layers: f64,
    /// Key/value heads per layer (`num_key_value_heads`; grouped-query attention).
    pub kv_heads: f64,
    /// Dimension of one head.
    pub head_dim: f64,
    /// Hidden size (`hidden_size`).
    pub hidden: f64,
    /// Width of the query projection: attention heads × their dimension.
    pub q_dim: f64,
    /// Attention (query) heads (`num_attention_heads`): a tensor-parallel degree must divide them.
    pub attention_heads: f64,
    /// Width of the MLP's gate and up projections (`intermediate_size`, per expert for a mixture).
    pub intermediate: f64,
    /// MLPs in each layer (1 dense; routed plus shared experts for a mixture).
    pub experts: f64,
    /// Routed experts per MoE layer (`n_routed_experts`, `num_local_experts`; 1 for a dense model).
    pub routed_experts: f64,
    /// Routed experts each token goes to (`num_experts_per_tok`; 1 for a dense model).
    pub experts_per_token: f64,
    /// Layers with experts (0 for a dense model; DeepSeek-V3's first 3 of 61 are dense).
    pub moe_layers: f64,
    /// Nodes a token may be dispatched to at most (DeepSeek-V3's node-limited routing, 4); 0 when
    /// the routing sets no limit.
    pub max_nodes_per_token: f64,
    /// Where the attention shape comes from (the model's config.json).
    pub arch_source: Text,
    /// The model card.
    pub source: Text,
    /// When it was read (ISO date).
    pub as_of: Text,
}

/// A hosted model API's list price.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(test, derive(serde::Deserialize))]
pub struct ApiPrice {
    /// Stable id used in links, e.g. `gpt-4o-mini`.
    pub id: Text,
    /// Display name.
    pub name: Text,
    /// USD per million input tokens.
    pub input_usd_per_mtok: f64,
    /// USD per million output tokens.
    pub output_usd_per_mtok: f64,
    /// USD per million input tokens through the vendor's Batch API (asynchronous, results within
    /// a day; commonly half the list price), `None` where the source gives no batch price.
    pub batch_input_usd_per_mtok: Option<f64>,
    /// USD per million output tokens through the Batch API, `None` where there is none.
    pub batch_output_usd_per_mtok: Option<f64>,
    /// The provider whose bill the usage lands on, a providers.json id: `openai`, `anthropic`,
    /// `gcp` (the Gemini API bills to a Google Cloud billing account), `together`. A credit
    /// programme of that provider whose scope covers the API pays it.
    pub provider: Text,
    /// The open-weight model it serves, a base_models.json id (`llama-3.1-70b`): self-hosting
    /// that model is its alternative. `None` for a closed model.
    #[cfg_attr(test, serde(default))]
    pub base_model: Option<Text>,
    /// Where it comes from.
    pub source: Text,
    /// When it was read (ISO date).
    pub as_of: Text,
}

/// A display currency's default rate (data/currencies.json): a cross rate through the euro from
/// one day's ECB reference rates, dated and sourced; the reader edits it.
#[derive(Clone, Debug, PartialEq)]
pub struct CurrencyRate {
    /// The link's currency code: `brl`, `eur`.
    pub code: Text,
    /// Units of the currency per euro, as the ECB publishes it.
    pub per_eur: f64,
    /// US dollars per euro, the same day.
    pub usd_per_eur: f64,
    /// Where it comes from.
    pub source: Text,
    /// The same in Brazilian Portuguese.
    pub source_pt: Text,
    /// The day of the rates (ISO date).
    pub as_of: Text,
}

impl CurrencyRate {
    /// Units of the currency per US dollar: `per_eur / usd_per_eur`.
    pub fn per_usd(&self) -> f64 {
        self.per_eur / self.usd_per_eur
    }

    /// The source in the reader's language.
    pub fn source_text(&self) -> &str {
        match crate::locale::lang() {
            crate::locale::Lang::Pt => &self.source_pt,
            crate::locale::Lang::En => &self.source,
        }
    }
}

/// The default rate of a display currency other than the dollar (`None` for the dollar, or a
/// currency the data has no rate for).
pub fn default_rate(code: crate::locale::CurrencyCode) -> Option<&'static CurrencyRate> {
    generated::CURRENCY_RATES
        .iter()
        .find(|r| r.code == code.code())
}

/// A display currency at its dated default rate (`None` for the dollar, or a currency without
/// one): what choosing it, or a link's `cur` without `fx`, shows.
pub fn default_currency(
    code: crate::locale::CurrencyCode,
) -> Option<crate::locale::DisplayCurrency> {
    default_rate(code).and_then(|r| crate::locale::DisplayCurrency::new(code, r.per_usd()))
}

/// Every display currency but the dollar has one default rate, finite and above zero, sourced and
/// dated (a plain ISO date), with its source in Portuguese.
fn validate_rates(rates: &[CurrencyRate]) -> Result<(), CatalogError> {
    use crate::locale::CurrencyCode;
    for code in CurrencyCode::ALL {
        let n = rates.iter().filter(|r| r.code == code.code()).count();
        let want = usize::from(code != CurrencyCode::Usd);
        if n != want {
            return Err(CatalogError(format!(
                "currencies.json: {n} rates for {} (want {want})",
                code.code()
            )));
        }
    }
    for r in rates {
        let ok = |v: f64| v.is_finite() && v > 0.0;
        if !ok(r.per_eur) || !ok(r.usd_per_eur) || !ok(r.per_usd()) {
            return Err(CatalogError(format!(
                "currencies.json: {}: a rate is not above 0",
                r.code
            )));
        }
        if r.source.trim().is_empty() || r.source_pt.trim().is_empty() {
            return Err(CatalogError(format!(
                "currencies.json: {}: no source",
                r.code
            )));
        }
        if crate::input::calendar::Date::parse(&r.as_of).is_err() {
            return Err(CatalogError(format!(
                "currencies.json: {}: as_of {:?} is not a date",
                r.code, r.as_of
            )));
        }
    }
    Ok(())
}

/// The whole catalog, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalog {
    /// Accelerators, in display order.
    pub accelerators: Vec<Accelerator>,
    /// Providers, in display order.
    pub providers: Vec<Provider>,
    /// Prices, in file order.
    pub prices: Vec<Price>,
    /// Credit programs, in display order.
    pub programs: Vec<Program>,
    /// The workload → credit-shape table.
    pub shapes: Vec<WorkloadShape>,
    /// Inter-node network options.
    pub networks: Vec<Network>,
    /// The instance of each priced provider × accelerator, with its networks.
    pub instances: Vec<Instance>,
    /// Hosted model API prices.
    pub apis: Vec<ApiPrice>,
    /// Open-weight base models.
    pub base_models: Vec<BaseModel>,
}

/// The provider a plan uses unless a link or the user says otherwise, when it rents the accelerator.
pub const DEFAULT_PROVIDER: &str = "aws";

/// The display name of a provider of the built-in catalog ("Modal" for `modal`), or the id itself
/// when the catalog has no such provider: for sentences built without a catalog at hand.
pub fn provider_name(id: &str) -> String {
    generated::PROVIDERS
        .iter()
        .find(|p| p.id == id)
        .map_or_else(|| id.to_string(), |p| p.name.to_string())
}

/// The name of the built-in catalog's open-weight model with exactly these active and total
/// parameters ("Llama 3.1 70B" for 70.6B), so a workload picked from the list keeps its name in
/// titles; `None` for any other size.
pub fn base_model_name(active: f64, total: f64) -> Option<String> {
    generated::BASE_MODELS
        .iter()
        .find(|m| m.active_params == active && m.params == total)
        .map(|m| m.name.to_string())
}

/// The display name of an accelerator of the built-in catalog ("NVIDIA H100 SXM" for
/// `h100-sxm`), or the id itself when the catalog has no such accelerator.
pub fn accelerator_name(id: &str) -> String {
    generated::ACCELERATORS
        .iter()
        .find(|a| a.id == id)
        .map_or_else(|| id.to_string(), |a| a.name_text().to_string())
}

impl Catalog {
    /// The validated catalog compiled into the binary from `data/*.json`.
    ///
    /// The release WebAssembly build skips the check: its tables are the ones every native build
    /// and test checks here (the same data files compiled by the same build script), so at a
    /// phone's start it could only ever pass, and it cost 18 KB of code on the critical path and
    /// a pass over every entry before the controls work (issue 46). A debug build still checks.
    pub fn builtin() -> Result<Catalog, CatalogError> {
        let catalog = Catalog {
            accelerators: generated::ACCELERATORS.to_vec(),
            providers: generated::PROVIDERS.to_vec(),
            prices: generated::PRICES.to_vec(),
            programs: generated::PROGRAMS.to_vec(),
            shapes: generated::SHAPES.to_vec(),
            networks: generated::NETWORKS.to_vec(),
            instances: generated::INSTANCES.to_vec(),
            apis: generated::API_PRICES.to_vec(),
            base_models: generated::BASE_MODELS.to_vec(),
        };
        if cfg!(any(debug_assertions, not(target_arch = "wasm32"))) {
            catalog.validate()?;
            validate_rates(generated::CURRENCY_RATES)?;
        }
        Ok(catalog)
    }

    /// Checks ids are unique, figures positive and finite, every price names a known provider and
    /// accelerator (at most once per pair), every accelerator is rented somewhere, and every entry is
    /// sourced and dated.
    pub fn validate(&self) -> Result<(), CatalogError> {
        let fail = |m: String| Err(CatalogError(m));
        let mut ids = HashSet::new();
        for a in &self.accelerators {
            if !ids.insert(a.id.as_ref()) {
                return fail(format!("duplicate accelerator id {}", a.id));
            }
            for (what, v) in [
                ("dense_bf16_tflops", a.dense_bf16_tflops),
                ("memory_gb", a.memory_gb),
                ("bandwidth_tb_s", a.bandwidth_tb_s),
                ("intra_node_gb_s", a.intra_node_gb_s),
            ] {
                if !(v.is_finite() && v > 0.0) {
                    return fail(format!(
                        "accelerator {}: {what} must be positive, got {v}",
                        a.id
                    ));
                }
            }
            if let Some(owner) = &a.silicon_of {
                if self.provider(owner).is_none() {
                    return fail(format!(
                        "accelerator {}: silicon_of names unknown provider {owner}",
                        a.id
                    ));
                }
            }
            let what = format!("accelerator {}", a.id);
            check_sourced(&what, &a.source, &a.as_of)?;
            check_translated(&what, "source", &a.source, &a.source_pt)?;
            check_translated(
                &what,
                "intra_node_source",
                &a.intra_node_source,
                &a.intra_node_source_pt,
            )?;
            check_named(&what, &a.name, &a.name_pt)?;
        }
        let mut ids = HashSet::new();
        for p in &self.providers {
            if !ids.insert(p.id.as_ref()) {
                return fail(format!("duplicate provider id {}", p.id));
            }
            check_sourced(&format!("provider {}", p.id), &p.source, &p.as_of)?;
            let what = format!("provider {}", p.id);
            check_translated(&what, "billing", &p.billing, &p.billing_pt)?;
            check_translated(
                &what,
                "storage_egress_source",
                &p.storage_egress_source,
                &p.storage_egress_source_pt,
            )?;
            check_translated(&what, "spot_source", &p.spot_source, &p.spot_source_pt)?;
            let prices = [p.storage_usd_per_gb_month, p.egress_usd_per_gb];
            if prices.iter().any(|v| !(v.is_finite() && *v >= 0.0))
                || p.storage_egress_source.trim().is_empty()
            {
                return fail(format!("provider {}: storage and egress prices must be sourced, finite and not negative", p.id));
            }
            check_egress_terms(p)?;
            if p.reserved_discount
                .is_some_and(|d| !(0.0..1.0).contains(&d) || p.reserved_source.trim().is_empty())
            {
                return fail(format!(
                    "provider {}: reserved discount must be in [0, 1), with a source",
                    p.id
                ));
            }
            match (
                p.spot_discount,
                p.spot_mtbf_gpu_hours,
                p.spot_capacity_gpus,
                p.spot_wait_minutes,
            ) {
                (None, None, None, None) => {}
                (Some(d), Some(m), Some(cap), Some(wait))
                    if (0.0..1.0).contains(&d)
                        && m.is_finite()
                        && m > 0.0
                        && cap.is_finite()
                        && cap >= 1.0
                        && cap.fract() == 0.0
                        && wait.is_finite()
                        && wait >= 0.0
                        && !p.spot_source.trim().is_empty() => {}
                _ => {
                    return fail(format!("provider {}: spot needs a discount in [0, 1), a positive MTBF, a whole capacity of at least 1 GPU and a wait of at least 0 minutes, with a source", p.id));
                }
            }
            match p.preemption_mtbf_gpu_hours {
                Some(m) if !(m.is_finite() && m > 0.0) || p.preemption_source.trim().is_empty() => {
                    return fail(format!(
                        "provider {}: preemption needs a positive MTBF with a source",
                        p.id
                    ));
                }
                None if !p.preemption_source.trim().is_empty() => {
                    return fail(format!(
                        "provider {}: preemption_source without a preemption MTBF",
                        p.id
                    ));
                }
                _ => {}
            }
            check_translated(
                &what,
                "preemption_source",
                &p.preemption_source,
                &p.preemption_source_pt,
            )?;
            if let Some(bad) = p
                .networks
                .iter()
                .find(|n| !self.networks.iter().any(|x| x.id == **n))
            {
                return fail(format!("provider {}: unknown network {bad}", p.id));
            }
            if p.is_api() {
                self.validate_api_provider(p)?;
            }
        }
        let mut ids = HashSet::new();
        for n in &self.networks {
            if !ids.insert(n.id.as_ref()) {
                return fail(format!("duplicate network id {}", n.id));
            }
            if !(n.gb_per_s.is_finite() && n.gb_per_s > 0.0) {
                return fail(format!("network {}: bandwidth must be positive", n.id));
            }
            let what = format!("network {}", n.id);
            check_sourced(&what, &n.source, &n.as_of)?;
            check_translated(&what, "name", &n.name, &n.name_pt)?;
            check_translated(&what, "source", &n.source, &n.source_pt)?;
        }
        let mut ids = HashSet::new();
        for m in &self.base_models {
            if !ids.insert(m.id.as_ref()) {
                return fail(format!("duplicate base model id {}", m.id));
            }
            if !(m.active_params > 0.0 && m.active_params <= m.params && m.params.is_finite()) {
                return fail(format!(
                    "base model {}: active parameters must be positive and at most the total",
                    m.id
                ));
            }
            if ![
                m.layers,
                m.kv_heads,
                m.head_dim,
                m.hidden,
                m.q_dim,
                m.attention_heads,
                m.intermediate,
                m.experts,
            ]
            .iter()
            .all(|v| v.is_finite() && *v >= 1.0 && v.fract() == 0.0)
                || m.arch_source.is_empty()
            {
                return fail(format!(
                    "base model {}: layers, KV heads and head dimension must be whole and positive, with a source",
                    m.id
                ));
            }
            if m.attention_heads < m.kv_heads || m.attention_heads % m.kv_heads != 0.0 {
                return fail(format!(
                    "base model {}: attention heads must be a multiple of the KV heads",
                    m.id
                ));
            }
            check_sourced(&format!("base model {}", m.id), &m.source, &m.as_of)?;
        }
        let mut ids = HashSet::new();
        for a in &self.apis {
            if !ids.insert(a.id.as_ref()) {
                return fail(format!("duplicate API id {}", a.id));
            }
            let prices = [a.input_usd_per_mtok, a.output_usd_per_mtok];
            if prices.iter().any(|v| !(v.is_finite() && *v > 0.0)) {
                return fail(format!("API {}: prices must be positive", a.id));
            }
            // A batch price, where sold, is positive and never above the list price it discounts;
            // input and output are sold in batch together or not at all.
            let batch =
                |b: Option<f64>, list: f64| b.is_none_or(|v| v.is_finite() && v > 0.0 && v <= list);
            if !batch(a.batch_input_usd_per_mtok, a.input_usd_per_mtok)
                || !batch(a.batch_output_usd_per_mtok, a.output_usd_per_mtok)
                || a.batch_input_usd_per_mtok.is_some() != a.batch_output_usd_per_mtok.is_some()
            {
                return fail(format!(
                    "API {}: batch prices come in pairs, positive and at most the list prices",
                    a.id
                ));
            }
            if !a
                .id
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
            {
                return fail(format!(
                    "API {}: ids are lowercase letters, digits, '-' and '.'",
                    a.id
                ));
            }
            // The usage is billed to a provider of the catalog, so its credit programmes can
            // pay it; an open model it hosts is one the catalog can self-host instead.
            if self.provider(&a.provider).is_none() {
                return fail(format!("API {}: unknown provider {}", a.id, a.provider));
            }
            if let Some(m) = a
                .base_model
                .as_deref()
                .filter(|m| self.base_model(m).is_none())
            {
                return fail(format!("API {}: unknown base model {m}", a.id));
            }
            check_sourced(&format!("API {}", a.id), &a.source, &a.as_of)?;
        }
        let mut pairs = HashSet::new();
        for pr in &self.prices {
            let what = format!("price {}/{}", pr.provider, pr.accelerator);
            if self.provider(&pr.provider).is_none() {
                return fail(format!("{what}: unknown provider"));
            }
            if self.accelerator(&pr.accelerator).is_none() {
                return fail(format!("{what}: unknown accelerator"));
            }
            if !(pr.usd_per_gpu_hour.is_finite() && pr.usd_per_gpu_hour > 0.0) {
                return fail(format!(
                    "{what}: price must be positive, got {}",
                    pr.usd_per_gpu_hour
                ));
            }
            if !pairs.insert((pr.provider.as_ref(), pr.accelerator.as_ref())) {
                return fail(format!("{what}: listed twice"));
            }
            check_sourced(&what, &pr.source, &pr.as_of)?;
            check_translated(&what, "source", &pr.source, &pr.source_pt)?;
            check_translated(&what, "note", &pr.note, &pr.note_pt)?;
            if pr.is_delisted() {
                check_sourced(
                    &format!("{what}: delisted"),
                    &pr.delisted_source,
                    &pr.delisted,
                )?;
            }
            // Both languages quote the instance's machine and GPU count: a Portuguese reader is
            // shown the same price.
            if let Some(i) = self.instance(&pr.provider, &pr.accelerator) {
                for (field, source) in [("source", &pr.source), ("source_pt", &pr.source_pt)] {
                    if let Some(why) = machine_mismatch(source, i) {
                        return fail(format!("{what}: {field}: {why}"));
                    }
                }
            }
        }
        for a in &self.accelerators {
            if self.offers(&a.id).next().is_none() {
                return fail(format!("accelerator {} is rented by no provider", a.id));
            }
            // A dense FP8 peak is sourced and above the bf16 one (twice it on every part listed).
            if let Some(f) = a.dense_fp8_tflops {
                if !(f.is_finite() && f > a.dense_bf16_tflops) || a.fp8_source.trim().is_empty() {
                    return fail(format!(
                        "accelerator {}: an FP8 peak must be sourced and above the bf16 peak",
                        a.id
                    ));
                }
            }
        }
        self.validate_instances()?;
        let mut ids = HashSet::new();
        for s in &self.shapes {
            if !ids.insert(s.id.as_ref()) {
                return fail(format!("duplicate workload shape {}", s.id));
            }
        }
        let mut ids = HashSet::new();
        for p in &self.programs {
            let what = format!("program {}", p.id);
            if !ids.insert(p.id.as_ref()) {
                return fail(format!("duplicate program id {}", p.id));
            }
            if self.provider(&p.provider).is_none() {
                return fail(format!("{what}: unknown provider {}", p.provider));
            }
            // A programme with no credits of its own (NVIDIA Inception: partner offers) has
            // both figures 0 and says "no credits" in its expected amount's source.
            let no_credits = p.ceiling_usd == 0.0 && p.expected_usd == 0.0;
            if no_credits && !p.expected_source.contains("no credits") {
                return fail(format!(
                    "{what}: a programme without credits says \"no credits\" in expected_source"
                ));
            }
            let positive = |v: f64| v.is_finite() && v > 0.0;
            if !no_credits && !positive(p.ceiling_usd) {
                return fail(format!("{what}: ceiling must be positive"));
            }
            let in_range = positive(p.expected_usd) && p.expected_usd <= p.ceiling_usd;
            if !no_credits && !in_range {
                return fail(format!(
                    "{what}: expected amount must be positive and at most the ceiling"
                ));
            }
            if p.expected_source.trim().is_empty() {
                return fail(format!("{what}: expected amount needs a source"));
            }
            if !(p.approval_chance > 0.0 && p.approval_chance <= 1.0) {
                return fail(format!(
                    "{what}: approval chance must be above 0 and at most 1"
                ));
            }
            if p.approval_source.trim().is_empty() {
                return fail(format!(
                    "{what}: approval chance needs a source or an estimate's reasoning"
                ));
            }
            check_translated(
                &what,
                "approval_source",
                &p.approval_source,
                &p.approval_source_pt,
            )?;
            if !p.family.is_empty() && p.family == p.id {
                return fail(format!(
                    "{what}: family names the program itself; leave it empty"
                ));
            }
            if p.ceiling_source.trim().is_empty() || p.validity_source.trim().is_empty() {
                return fail(format!(
                    "{what}: the ceiling and the validity need a source"
                ));
            }
            // A ceiling is never the default: only a program that publishes one fixed amount may
            // expect it, and its source says so.
            if !no_credits
                && p.expected_usd == p.ceiling_usd
                && !p.expected_source.contains("fixed amount")
            {
                return fail(format!(
                    "{what}: expected amount equals the ceiling without a fixed amount"
                ));
            }
            check_translated(&what, "tiers", &p.tiers, &p.tiers_pt)?;
            if p.fits_reason.trim().is_empty() {
                return fail(format!("{what}: fits needs a reason"));
            }
            if !(p.review_days_min <= p.review_days_typical
                && p.review_days_typical <= p.review_days_max)
            {
                return fail(format!("{what}: review days must be min <= typical <= max"));
            }
            if p.validity_days == 0 {
                return fail(format!("{what}: validity must be at least one day"));
            }
            if p.leaves_cuda != (p.porting_weeks > 0.0)
                || p.porting_weeks.is_nan()
                || p.porting_weeks < 0.0
            {
                return fail(format!(
                    "{what}: porting weeks must be positive exactly when it leaves CUDA"
                ));
            }
            if p.scope == Scope::Silicon
                && !self
                    .accelerators
                    .iter()
                    .any(|a| a.silicon_of.as_deref() == Some(p.provider.as_ref()))
            {
                return fail(format!(
                    "{what}: silicon scope but {} has no own silicon in the catalog",
                    p.provider
                ));
            }
            if let Some(bad) = p
                .fits
                .iter()
                .find(|f| !self.shapes.iter().any(|s| s.id == **f))
            {
                return fail(format!("{what}: unknown workload shape {bad}"));
            }
            check_sourced(&what, &p.source, &p.as_of)?;
            check_translated(&what, "covers", &p.covers, &p.covers_pt)?;
            check_translated(&what, "stage", &p.stage, &p.stage_pt)?;
            check_translated(&what, "fits_reason", &p.fits_reason, &p.fits_reason_pt)?;
            check_translated(&what, "source", &p.source, &p.source_pt)?;
            check_translated(
                &what,
                "expected_source",
                &p.expected_source,
                &p.expected_source_pt,
            )?;
            check_translated(
                &what,
                "ceiling_source",
                &p.ceiling_source,
                &p.ceiling_source_pt,
            )?;
            check_translated(
                &what,
                "validity_source",
                &p.validity_source,
                &p.validity_source_pt,
            )?;
            check_named(&what, &p.name, &p.name_pt)?;
        }
        if self.provider(DEFAULT_PROVIDER).is_none() {
            return fail(format!("default provider {DEFAULT_PROVIDER} missing"));
        }
        Ok(())
    }

    /// A hosted-API provider ([`API_KIND`]) rents nothing: no accelerator prices or instances,
    /// no networks, no spot, preemption or reserved terms, and storage and egress at 0.
    fn validate_api_provider(&self, p: &Provider) -> Result<(), CatalogError> {
        let rents = self.prices.iter().any(|x| x.provider == p.id)
            || self.instances.iter().any(|i| i.provider == p.id)
            || !p.networks.is_empty();
        let terms = p.spot_discount.is_some()
            || p.preemption_mtbf_gpu_hours.is_some()
            || p.reserved_discount.is_some()
            || p.storage_usd_per_gb_month != 0.0
            || p.egress_usd_per_gb != 0.0
            || p.storage_free_gb.is_some()
            || p.egress_free_gb_month.is_some()
            || !p.egress_tiers.is_empty();
        if rents || terms {
            return Err(CatalogError(format!(
                "provider {}: an API provider rents no accelerators: no prices, instances, networks, spot, reserved, storage or egress terms",
                p.id
            )));
        }
        Ok(())
    }

    /// Every priced provider × accelerator has exactly one instance, and every instance is priced,
    /// holds at least one accelerator, offers at least one known network that its provider lists,
    /// and is sourced and dated.
    fn validate_instances(&self) -> Result<(), CatalogError> {
        let fail = |m: String| Err(CatalogError(m));
        let mut pairs = HashSet::new();
        for i in &self.instances {
            let what = format!("instance {}/{}", i.provider, i.accelerator);
            if !pairs.insert((i.provider.as_ref(), i.accelerator.as_ref())) {
                return fail(format!("{what}: listed twice"));
            }
            if self.price(&i.provider, &i.accelerator).is_none() {
                return fail(format!("{what}: no price in prices.json for this pair"));
            }
            if i.gpus_per_instance == 0 || i.instance.trim().is_empty() {
                return fail(format!(
                    "{what}: needs an instance name and at least one accelerator per instance"
                ));
            }
            if i.networks.is_empty() {
                return fail(format!("{what}: offers no network"));
            }
            for n in i.networks.iter() {
                if self.network(n).is_none() {
                    return fail(format!("{what}: unknown network {n}"));
                }
                if !self
                    .provider(&i.provider)
                    .is_some_and(|p| p.networks.iter().any(|x| x == n))
                {
                    return fail(format!(
                        "{what}: network {n} is not in provider {}'s networks list",
                        i.provider
                    ));
                }
            }
            self.validate_capacity(i, &what)?;
            validate_rent_sizes(i, &what)?;
            check_sourced(&what, &i.source, &i.as_of)?;
            check_translated(&what, "source", &i.source, &i.source_pt)?;
            check_translated(
                &what,
                "capacity_note",
                &i.capacity_note,
                &i.capacity_note_pt,
            )?;
        }
        if let Some(pr) = self
            .prices
            .iter()
            .find(|pr| self.instance(&pr.provider, &pr.accelerator).is_none())
        {
            return fail(format!(
                "price {}/{} has no instance in instances.json: add the instance type and the networks offered for it",
                pr.provider, pr.accelerator
            ));
        }
        Ok(())
    }

    /// An instance's job-size limits: `max_gpus` at least one instance (and at least a slice),
    /// `slice_gpus` at least one instance, and a between-slices network only with slices, known
    /// and listed by the provider.
    fn validate_capacity(&self, i: &Instance, what: &str) -> Result<(), CatalogError> {
        let fail = |m: String| Err(CatalogError(m));
        if let Some(m) = i.max_gpus.filter(|m| *m < i.gpus_per_instance) {
            return fail(format!(
                "{what}: max_gpus {m} is below gpus_per_instance {}",
                i.gpus_per_instance
            ));
        }
        if let Some(s) = i.slice_gpus {
            if s < i.gpus_per_instance {
                return fail(format!(
                    "{what}: slice_gpus {s} is below gpus_per_instance {}",
                    i.gpus_per_instance
                ));
            }
            if let Some(m) = i.max_gpus.filter(|m| *m < s) {
                return fail(format!("{what}: max_gpus {m} is below slice_gpus {s}"));
            }
        }
        if let Some(n) = &i.between_slices_network {
            if i.slice_gpus.is_none() {
                return fail(format!(
                    "{what}: between_slices_network {n} without slice_gpus"
                ));
            }
            if self.network(n).is_none() {
                return fail(format!("{what}: unknown between-slices network {n}"));
            }
            if !self
                .provider(&i.provider)
                .is_some_and(|p| p.networks.iter().any(|x| x == n))
            {
                return fail(format!(
                    "{what}: between-slices network {n} is not in provider {}'s networks list",
                    i.provider
                ));
            }
        }
        Ok(())
    }

    /// The network between slices of an accelerator at a provider (TPUs' data-centre network),
    /// where the catalog has one.
    pub fn between_slices_network(&self, provider: &str, accelerator: &str) -> Option<&Network> {
        self.instance(provider, accelerator)
            .and_then(|i| i.between_slices_network.as_deref())
            .and_then(|id| self.network(id))
    }

    /// The accelerator counts one machine can be rented in at a provider, ascending, the last
    /// being a whole instance (`[1, 8]` for AWS's H100: p5.4xlarge or p5.48xlarge). Empty when the
    /// provider does not rent the accelerator; [`Catalog::validate`] holds every priced pair to an
    /// instance with at least one size.
    pub fn rent_sizes(&self, provider: &str, accelerator: &str) -> &[u32] {
        self.instance(provider, accelerator)
            .map_or(&[], |i| i.rent_sizes.as_ref())
    }

    /// The instance a provider rents an accelerator in, if it rents it.
    pub fn instance(&self, provider: &str, accelerator: &str) -> Option<&Instance> {
        self.instances
            .iter()
            .find(|i| i.provider == provider && i.accelerator == accelerator)
    }

    /// The accelerator with this id.
    pub fn accelerator(&self, id: &str) -> Option<&Accelerator> {
        self.accelerators.iter().find(|a| a.id == id)
    }

    /// The provider with this id.
    pub fn provider(&self, id: &str) -> Option<&Provider> {
        self.providers.iter().find(|p| p.id == id)
    }

    /// The display name of the accelerator `id` in the reader's language, or the id itself when
    /// this catalog has no such accelerator.
    pub fn accelerator_name(&self, id: &str) -> String {
        self.accelerator(id)
            .map_or_else(|| id.to_string(), |a| a.name_text().to_string())
    }

    /// The display name of the provider `id`, or the id itself when this catalog has none.
    pub fn provider_name(&self, id: &str) -> String {
        self.provider(id)
            .map_or_else(|| id.to_string(), |p| p.name.to_string())
    }

    /// The list price of an accelerator at a provider, if it rents it.
    pub fn price(&self, provider: &str, accelerator: &str) -> Option<&Price> {
        self.prices
            .iter()
            .find(|p| p.provider == provider && p.accelerator == accelerator)
    }

    /// Every provider's price for an accelerator, cheapest first (ties: catalog order).
    pub fn offers<'a>(&'a self, accelerator: &'a str) -> impl Iterator<Item = &'a Price> + 'a {
        // Cheapest first among the prices a provider still lists; a delisted GPU's last price after
        // them (it is no offer one can take today).
        let mut listed: Vec<&Price> = Vec::new();
        let mut delisted: Vec<&Price> = Vec::new();
        for p in self.prices.iter().filter(|p| p.accelerator == accelerator) {
            let into = if p.is_delisted() {
                &mut delisted
            } else {
                &mut listed
            };
            crate::io::order::insert_by_key(into, p, |p| p.usd_per_gpu_hour);
        }
        listed.into_iter().chain(delisted)
    }

    /// The base model with this id.
    pub fn base_model(&self, id: &str) -> Option<&BaseModel> {
        self.base_models.iter().find(|m| m.id == id)
    }

    /// The API price with this id.
    pub fn api(&self, id: &str) -> Option<&ApiPrice> {
        self.apis.iter().find(|a| a.id == id)
    }

    /// Providers that rent machines (every kind but an API-only provider, which bills tokens):
    /// where data can live and where a job, a serving line or experiments can run.
    pub fn hosting_providers(&self) -> impl Iterator<Item = &Provider> + '_ {
        self.providers.iter().filter(|p| !p.is_api())
    }

    /// The network option with this id.
    pub fn network(&self, id: &str) -> Option<&Network> {
        self.networks.iter().find(|n| n.id == id)
    }

    /// The program with this id.
    pub fn program(&self, id: &str) -> Option<&Program> {
        self.programs.iter().find(|p| p.id == id)
    }

    /// Every accelerator a provider rents, in catalog price order.
    pub fn offers_by<'a>(&'a self, provider: &'a str) -> impl Iterator<Item = &'a Price> + 'a {
        self.prices.iter().filter(move |p| p.provider == provider)
    }

    /// The provider chosen when an accelerator is picked without one: [`DEFAULT_PROVIDER`] when it
    /// rents the accelerator, otherwise the cheapest that does.
    pub fn default_provider_for(&self, accelerator: &str) -> Option<&Provider> {
        if self.price(DEFAULT_PROVIDER, accelerator).is_some() {
            return self.provider(DEFAULT_PROVIDER);
        }
        self.offers(accelerator)
            .next()
            .and_then(|p| self.provider(&p.provider))
    }
}

/// An instance's rentable sizes: at least one, each at least 1 accelerator, strictly ascending,
/// the largest the whole instance (`gpus_per_instance`), with a source in both languages.
fn validate_rent_sizes(i: &Instance, what: &str) -> Result<(), CatalogError> {
    let fail = |m: String| Err(CatalogError(m));
    let sizes = i.rent_sizes.as_ref();
    if sizes.is_empty() {
        return fail(format!("{what}: rent_sizes is empty"));
    }
    if sizes.contains(&0) {
        return fail(format!("{what}: rent_sizes holds a size of 0"));
    }
    if sizes.windows(2).any(|w| w[0] >= w[1]) {
        return fail(format!(
            "{what}: rent_sizes {sizes:?} is not strictly ascending"
        ));
    }
    if sizes.last() != Some(&i.gpus_per_instance) {
        return fail(format!(
            "{what}: the largest of rent_sizes {sizes:?} is not gpus_per_instance {}",
            i.gpus_per_instance
        ));
    }
    if i.rent_sizes_source.trim().is_empty() {
        return fail(format!("{what}: rent_sizes needs a source"));
    }
    check_translated(
        what,
        "rent_sizes_source",
        &i.rent_sizes_source,
        &i.rent_sizes_source_pt,
    )
}

/// A Portuguese name, where given, is not the English copied (a name without a descriptor to
/// translate has none, and reads the same in both languages).
fn check_named(what: &str, en: &str, pt: &str) -> Result<(), CatalogError> {
    if pt.trim() == en.trim() {
        return Err(CatalogError(format!(
            "{what}: name_pt is the English name copied: leave it out when there is nothing to translate"
        )));
    }
    Ok(())
}

/// A descriptive text the page shows has its Brazilian Portuguese sibling (`<field>_pt`), and the
/// sibling is a translation, not the English copied; an absent text has no sibling either.
fn check_translated(what: &str, field: &str, en: &str, pt: &str) -> Result<(), CatalogError> {
    let (en, pt) = (en.trim(), pt.trim());
    if en.is_empty() && pt.is_empty() {
        return Ok(());
    }
    if pt.is_empty() {
        return Err(CatalogError(format!(
            "{what}: {field} has no Portuguese text: add {field}_pt next to it"
        )));
    }
    if en.is_empty() {
        return Err(CatalogError(format!(
            "{what}: {field}_pt has no English {field} beside it"
        )));
    }
    if en == pt {
        return Err(CatalogError(format!(
            "{what}: {field}_pt is the English text copied, not a translation"
        )));
    }
    Ok(())
}

/// Why a price's source quotes another machine than the instance it is paired with, if it does: a
/// price is per GPU of the instance named in instances.json (the machine's hourly price ÷ its
/// GPUs), so a source naming another machine type (`g6e.xlarge` for a `g6e.48xlarge` instance)
/// or another GPU count (`1x`, `4-GPU`, `for 1 L4`, in Portuguese `para 1 L4`) prices a different
/// machine.
fn machine_mismatch(source: &str, instance: &Instance) -> Option<String> {
    let name = instance.instance.replace('_', " ");
    let tokens: Vec<&str> = source
        .split(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_')))
        .map(|t| t.trim_end_matches(['.', '-']))
        .filter(|t| !t.is_empty())
        .collect();
    let is_count = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    for (k, t) in tokens.iter().enumerate() {
        let aws = t.split_once('.').is_some_and(|(family, size)| {
            family.starts_with(|c: char| c.is_ascii_lowercase())
                && family
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
                && size.ends_with("large")
                && is_count(size.trim_end_matches("xlarge").trim_end_matches("large"))
                    | matches!(size, "xlarge" | "large")
        });
        let gcp = [
            "g2-standard-",
            "a2-highgpu",
            "a2-ultragpu",
            "a3-highgpu",
            "a3-megagpu",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        let oci = t.starts_with("BM.GPU");
        let azure = t.starts_with("ND") && t.contains("_v");
        if (aws || gcp || oci || azure) && !name.contains(&t.replace('_', " ")) {
            return Some(format!(
                "the source prices {t}, the instance is {}",
                instance.instance
            ));
        }
        let count = t
            .strip_suffix('x')
            .filter(|n| is_count(n))
            .or_else(|| t.strip_suffix("-GPU").filter(|n| is_count(n)))
            .or_else(|| {
                let after = |w: &str| k > 0 && tokens[k - 1].eq_ignore_ascii_case(w);
                ((after("for") || after("para")) && is_count(t)).then_some(*t)
            })
            .and_then(|n| n.parse::<u32>().ok());
        if let Some(n) = count.filter(|n| *n != instance.gpus_per_instance) {
            return Some(format!(
                "the source prices a machine of {n}, the instance {} holds {}",
                instance.instance, instance.gpus_per_instance
            ));
        }
    }
    None
}

/// A provider's free allowances are finite and not negative; its egress tiers, where it has
/// them, end at strictly ascending positive volumes, the last unbounded and only the last, with
/// finite prices not below 0, the first equal to `egress_usd_per_gb`.
fn check_egress_terms(p: &Provider) -> Result<(), CatalogError> {
    let fail = |m: &str| Err(CatalogError(format!("provider {}: {m}", p.id)));
    for v in [p.storage_free_gb, p.egress_free_gb_month]
        .into_iter()
        .flatten()
    {
        if !(v.is_finite() && v >= 0.0) {
            return fail("free allowances must be finite and not negative");
        }
    }
    let Some((last, rest)) = p.egress_tiers.split_last() else {
        return Ok(());
    };
    if last.up_to_gb.is_some() {
        return fail("the last egress tier must be unbounded (up_to_gb null)");
    }
    let mut below = 0.0;
    for t in rest {
        match t.up_to_gb {
            Some(end) if end.is_finite() && end > below => below = end,
            _ => {
                return fail("egress tiers must end at ascending volumes, only the last unbounded")
            }
        }
    }
    if p.egress_tiers
        .iter()
        .any(|t| !(t.usd_per_gb.is_finite() && t.usd_per_gb >= 0.0))
    {
        return fail("egress tier prices must be finite and not negative");
    }
    if p.egress_tiers[0].usd_per_gb != p.egress_usd_per_gb {
        return fail("the first egress tier's price must be egress_usd_per_gb");
    }
    Ok(())
}

fn check_sourced(what: &str, source: &str, as_of: &str) -> Result<(), CatalogError> {
    if source.trim().is_empty() {
        return Err(CatalogError(format!("{what}: missing source")));
    }
    // A real calendar date (2024-02-30 is rejected too): catalog_age.rs ages figures by it.
    if crate::input::calendar::Date::parse(as_of).is_err() {
        return Err(CatalogError(format!(
            "{what}: as_of must be an ISO date YYYY-MM-DD, got {as_of:?}"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_provider_name_has_its_portuguese_article() {
        // "na Modal", "no Google Cloud": the contraction needs each name's article.
        let c = Catalog::builtin().expect("catalog");
        crate::locale::with_lang(crate::locale::Lang::Pt, || {
            for p in &c.providers {
                let name = c.provider_name(&p.id);
                assert!(
                    crate::locale::PT_ARTICLES.iter().any(|(n, _)| *n == name),
                    "{name}: add it to locale::PT_ARTICLES"
                );
            }
        });
    }

    #[test]
    fn names_by_id_fall_back_to_the_id() {
        let c = Catalog::builtin().expect("catalog");
        crate::locale::with_lang(crate::locale::Lang::En, || {
            assert_eq!(c.accelerator_name("h100-sxm"), "NVIDIA H100 SXM");
            assert_eq!(c.provider_name("modal"), "Modal");
        });
        assert_eq!(c.accelerator_name("no-such-gpu"), "no-such-gpu");
        assert_eq!(c.provider_name("nobody"), "nobody");
    }

    #[test]
    fn the_workload_shapes_english_texts_are_the_catalogs() {
        // The locale files carry each shape's words in both languages; in English they must be
        // data/programs.json's, or the catalog and the page would say different things.
        let c = Catalog::builtin().expect("catalog");
        assert_eq!(c.shapes.len(), 6);
        for s in &c.shapes {
            crate::locale::with_lang(crate::locale::Lang::En, || {
                assert_eq!(s.name_text(), s.name.as_ref(), "{}", s.id);
                assert_eq!(s.right_text(), s.right_shape.as_ref(), "{}", s.id);
                assert_eq!(s.watch_text(), s.watch_out.as_ref(), "{}", s.id);
            });
            let pt = crate::locale::with_lang(crate::locale::Lang::Pt, || s.name_text());
            assert_ne!(pt, s.name.as_ref(), "{}: no Portuguese name", s.id);
        }
    }

    use super::*;

    #[derive(serde::Deserialize)]
    struct AcceleratorsFile {
        accelerators: Vec<Accelerator>,
    }
    #[derive(serde::Deserialize)]
    struct ProvidersFile {
        providers: Vec<Provider>,
    }
    #[derive(serde::Deserialize)]
    struct PricesFile {
        prices: Vec<Price>,
    }
    #[derive(serde::Deserialize)]
    struct NetworksFile {
        networks: Vec<Network>,
    }
    #[derive(serde::Deserialize)]
    struct InstancesFile {
        instances: Vec<Instance>,
    }
    #[derive(serde::Deserialize)]
    struct ApisFile {
        apis: Vec<ApiPrice>,
    }
    #[derive(serde::Deserialize)]
    struct ModelsFile {
        models: Vec<BaseModel>,
    }
    #[derive(serde::Deserialize)]
    struct ProgramsFile {
        programs: Vec<Program>,
        shapes: Vec<WorkloadShape>,
    }

    /// Parses and validates a catalog from three JSON documents, the way a reviewer reads the files.
    fn from_json(
        accelerators: &str,
        providers: &str,
        prices: &str,
    ) -> Result<Catalog, CatalogError> {
        from_json_with_instances(
            accelerators,
            providers,
            prices,
            r#"{"programs": [], "shapes": []}"#,
            TEST_INSTANCES,
        )
    }

    /// The instance of the one-pair catalogs of `validation_rejects_bad_data` (aws/x).
    const TEST_INSTANCES: &str = r#"{"instances":[{"provider":"aws","accelerator":"x","instance":"x.8","gpus_per_instance":8,"networks":["eth-25"],"rent_sizes":[8],"rent_sizes_source":"s","rent_sizes_source_pt":"s (pt)","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;

    fn from_json_with_programs(
        accelerators: &str,
        providers: &str,
        prices: &str,
        programs: &str,
    ) -> Result<Catalog, CatalogError> {
        from_json_with_instances(
            accelerators,
            providers,
            prices,
            programs,
            include_str!("../../../data/instances.json"),
        )
    }

    fn from_json_with_instances(
        accelerators: &str,
        providers: &str,
        prices: &str,
        programs: &str,
        instances: &str,
    ) -> Result<Catalog, CatalogError> {
        let parse_err = |file: &str, e: serde_json::Error| CatalogError(format!("{file}: {e}"));
        let a: AcceleratorsFile =
            serde_json::from_str(accelerators).map_err(|e| parse_err("accelerators.json", e))?;
        let p: ProvidersFile =
            serde_json::from_str(providers).map_err(|e| parse_err("providers.json", e))?;
        let pr: PricesFile =
            serde_json::from_str(prices).map_err(|e| parse_err("prices.json", e))?;
        let programs: ProgramsFile =
            serde_json::from_str(programs).map_err(|e| parse_err("programs.json", e))?;
        let networks: NetworksFile =
            serde_json::from_str(include_str!("../../../data/networks.json"))
                .map_err(|e| parse_err("networks.json", e))?;
        let instances: InstancesFile =
            serde_json::from_str(instances).map_err(|e| parse_err("instances.json", e))?;
        let mut apis: ApisFile =
            serde_json::from_str(include_str!("../../../data/api_prices.json"))
                .map_err(|e| parse_err("api_prices.json", e))?;
        // The built-in APIs whose provider the catalog under test has (a one-provider fragment
        // has none of the API providers): the rest are checked against the built-in catalog.
        apis.apis
            .retain(|a| p.providers.iter().any(|x| x.id == a.provider));
        let models: ModelsFile =
            serde_json::from_str(include_str!("../../../data/base_models.json"))
                .map_err(|e| parse_err("base_models.json", e))?;
        let catalog = Catalog {
            accelerators: a.accelerators,
            providers: p.providers,
            prices: pr.prices,
            programs: programs.programs,
            shapes: programs.shapes,
            networks: networks.networks,
            instances: instances.instances,
            apis: apis.apis,
            base_models: models.models,
        };
        catalog.validate()?;
        Ok(catalog)
    }

    /// A built-in provider by id, straight from the compiled tables (no whole-catalog check).
    fn built_in_provider(id: &str) -> Provider {
        generated::PROVIDERS
            .iter()
            .find(|p| p.id == id)
            .cloned()
            .unwrap_or_else(|| panic!("{id}"))
    }

    fn near(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9 * b.abs().max(1.0)
    }

    #[test]
    fn egress_is_billed_by_tier_after_the_free_allowance() {
        // Google Cloud, 40 TB = 40,000 GB out in one month (issue 44's example). Its tiers: 100 GB
        // free (Always Free, from North America), $0.12/GB to 1,024 GB, $0.11 to 10,240 GB, $0.08
        // above:
        //     100 GB (0 to 100) free                    $0
        //     924 GB (100 to 1,024) x $0.12           $110.88
        //   9,216 GB (1,024 to 10,240) x $0.11      $1,013.76
        //  29,760 GB (10,240 to 40,000) x $0.08     $2,380.80
        //                                           $3,505.44
        // (the issue's ~$3,510; $3,517.44 without the free 100 GB). The flat model billed 40,000 x
        // $0.12 = $4,800.
        let gcp = built_in_provider("gcp");
        assert!(near(gcp.egress_usd(40_000.0), 3_505.44));
        assert!(!near(
            gcp.egress_usd(40_000.0),
            40_000.0 * gcp.egress_usd_per_gb
        ));
        let bands: Vec<(f64, f64, bool)> = gcp
            .egress_bands(40_000.0)
            .iter()
            .map(|b| (b.gb, b.usd_per_gb, b.free))
            .collect();
        assert_eq!(
            bands,
            [
                (100.0, 0.0, true),
                (924.0, 0.12, false),
                (9_216.0, 0.11, false),
                (29_760.0, 0.08, false)
            ]
        );
        // Oracle: the first 10 TB = 10,240 GB a month free, then $0.0085/GB. 10,240 GB cost $0
        // (the flat model: 10,240 x $0.0085 = $87.04); 20,000 GB: (20,000 - 10,240) x $0.0085 =
        // 9,760 x $0.0085 = $82.96 (flat: $170).
        let oracle = built_in_provider("oracle");
        assert_eq!(oracle.egress_usd(10_240.0), 0.0);
        assert!(near(oracle.egress_usd(20_000.0), 82.96));
        // AWS, 200,000 GB in a month: 100 GB free, then
        //   10,140 GB (100 to 10,240) x $0.09       $912.60
        //   40,960 GB (to 51,200) x $0.085        $3,481.60
        //  102,400 GB (to 153,600) x $0.07        $7,168.00
        //   46,400 GB (to 200,000) x $0.05        $2,320.00
        //                                        $13,882.20 (flat: $18,000).
        let aws = built_in_provider("aws");
        assert!(near(aws.egress_usd(200_000.0), 13_882.2));
        // Azure: 100 GB free, then its flat $0.087 (its lower tiers are not sourced): 1,000 GB =
        // 900 x $0.087 = $78.30.
        assert!(near(built_in_provider("azure").egress_usd(1_000.0), 78.3));
        // Two transfers in one month share it: the second is billed where the first stopped.
        let second: f64 = aws
            .egress_bands_between(14.0, 8_014.0)
            .iter()
            .map(BilledBand::usd)
            .sum();
        // 86 GB of the allowance left, then 7,914 GB x $0.09 = $712.26.
        assert!(near(second, 712.26));
        assert!(near(aws.egress_usd(14.0) + second, aws.egress_usd(8_014.0)));
        // Nothing moved, nothing billed; a provider without tiers or allowance is flat.
        assert!(gcp.egress_bands(0.0).is_empty());
        let lambda = built_in_provider("lambda");
        assert_eq!(lambda.egress_usd(50_000.0), 0.0);
    }

    #[test]
    fn storage_is_billed_above_the_free_allowance_at_the_tier_training_reads() {
        // Modal Volumes: 1 TiB = 1,024 GB free, then $0.09/GB-month. 1,024 GB for 3 months: $0;
        // 2,000 GB for 2 months: (2,000 - 1,024) x $0.09 x 2 = 976 x $0.18 = $175.68 (the old
        // catalog priced Modal storage at $0: $0).
        let modal = built_in_provider("modal");
        assert_eq!(modal.storage_usd(1_024.0, 3.0), 0.0);
        assert!(near(modal.storage_usd(2_000.0, 2.0), 175.68));
        assert_eq!(modal.storage_billed_gb(500.0), 0.0);
        // CoreWeave: a dataset training reads is Hot, $0.06/GB-month: 1,000 GB for a month = $60
        // (the old Warm rate, $0.03, billed $30).
        let coreweave = built_in_provider("coreweave");
        assert!(near(coreweave.storage_usd(1_000.0, 1.0), 60.0));
        // Without an allowance: GB x price x months. S3 Standard, 1,000 GB for half a month at
        // $0.023 = $11.50.
        assert!(near(
            built_in_provider("aws").storage_usd(1_000.0, 0.5),
            11.5
        ));
    }

    #[test]
    fn egress_terms_are_validated() {
        let refused = |edit: &dyn Fn(&mut Provider)| {
            let mut p = built_in_provider("aws");
            edit(&mut p);
            check_egress_terms(&p)
                .err()
                .map(|e| e.0)
                .unwrap_or_default()
        };
        let tiers = |t: &[(Option<f64>, f64)]| -> EgressTiers {
            Cow::Owned(
                t.iter()
                    .map(|&(up_to_gb, usd_per_gb)| EgressTier {
                        up_to_gb,
                        usd_per_gb,
                    })
                    .collect(),
            )
        };
        // Every built-in provider passes, AWS's four tiers included.
        for p in generated::PROVIDERS {
            assert_eq!(check_egress_terms(p).err().map(|e| e.0), None, "{}", p.id);
        }
        assert_eq!(refused(&|_| {}), "");
        // Tiers out of order.
        assert_eq!(
            refused(&|p| p.egress_tiers =
                tiers(&[(Some(10_240.0), 0.09), (Some(5_000.0), 0.085), (None, 0.05)])),
            "provider aws: egress tiers must end at ascending volumes, only the last unbounded"
        );
        // An unbounded tier before the last.
        assert_eq!(
            refused(&|p| p.egress_tiers = tiers(&[(None, 0.09), (None, 0.05)])),
            "provider aws: egress tiers must end at ascending volumes, only the last unbounded"
        );
        // The last tier bounded: volume past it would have no price.
        assert_eq!(
            refused(&|p| p.egress_tiers = tiers(&[(Some(10_240.0), 0.09), (Some(51_200.0), 0.085)])),
            "provider aws: the last egress tier must be unbounded (up_to_gb null)"
        );
        // A negative price.
        assert_eq!(
            refused(&|p| p.egress_tiers = tiers(&[(Some(10_240.0), 0.09), (None, -0.01)])),
            "provider aws: egress tier prices must be finite and not negative"
        );
        // The first tier disagreeing with egress_usd_per_gb.
        assert_eq!(
            refused(&|p| p.egress_usd_per_gb = 0.1),
            "provider aws: the first egress tier's price must be egress_usd_per_gb"
        );
        // A negative allowance.
        assert_eq!(
            refused(&|p| p.egress_free_gb_month = Some(-1.0)),
            "provider aws: free allowances must be finite and not negative"
        );
        assert_eq!(
            refused(&|p| p.storage_free_gb = Some(f64::NAN)),
            "provider aws: free allowances must be finite and not negative"
        );
    }

    #[test]
    fn storage_egress_and_networks_match_the_domain_brief() {
        // The providers' pricing pages (data/providers.json `storage_egress_source`): S3
        // $0.023/GB-month, GCS $0.020, Azure Blob hot ~$0.018; internet egress AWS $0.09/GB, GCP
        // ~$0.12, Azure ~$0.087; CoreWeave and Lambda egress free.
        let c = catalog();
        let get = |id: &str| {
            c.provider(id)
                .map(|p| (p.storage_usd_per_gb_month, p.egress_usd_per_gb))
        };
        assert_eq!(get("aws"), Some((0.023, 0.09)));
        assert_eq!(get("gcp"), Some((0.020, 0.12)));
        assert_eq!(get("azure"), Some((0.018, 0.087)));
        assert_eq!(get("coreweave").map(|p| p.1), Some(0.0));
        assert_eq!(get("lambda").map(|p| p.1), Some(0.0));
        // InfiniBand NDR 400 Gb/s = 50 GB/s per card, 8 cards = 400 GB/s per 8-GPU node; plain
        // Ethernet 25 Gb/s = 3.125 GB/s per card; p5's EFA is published per node: 3,200 Gb/s.
        let node = |id: &str, g: f64| c.network(id).map(|n| n.node_gb_s(g));
        assert_eq!(node("ib-ndr-400", 8.0), Some(400.0));
        assert_eq!(node("eth-25", 8.0), Some(25.0));
        assert_eq!(node("aws-efa-3200", 8.0), Some(400.0));
        // A per-node figure does not grow with the node's GPUs.
        assert_eq!(node("aws-efa-3200", 16.0), Some(400.0));
        // Every provider that rents GPUs offers at least one network (a hosted API rents none);
        // H100 SXM has 900 GB/s NVLink.
        assert!(c
            .providers
            .iter()
            .all(|p| p.is_api() == p.networks.is_empty()));
        assert_eq!(
            c.accelerator("h100-sxm").map(|a| a.intra_node_gb_s),
            Some(900.0)
        );
    }

    #[test]
    fn programs_from_the_seed_are_in_the_catalog() {
        // Seed 000's table of tracked ceilings.
        let c = catalog();
        let expected = [
            ("aws-genai", "aws", Scope::All, 1_000_000.0),
            ("gcp-startups", "gcp", Scope::All, 350_000.0),
            // AWS states "Up to 200,000 USD" for Activate Portfolio today (issue 42), not the
            // seed's $300K.
            ("aws-activate", "aws", Scope::All, 200_000.0),
            ("aws-trainium", "aws", Scope::Silicon, 300_000.0),
            ("modal", "modal", Scope::Platform, 50_000.0),
            ("together", "together", Scope::Platform, 50_000.0),
            // Inception grants no credits of its own (issue 42): its partners' offers have
            // their own cards.
            ("nvidia-inception", "nvidia", Scope::Gpu, 0.0),
            ("oracle", "oracle", Scope::All, 10_000.0),
        ];
        for (id, provider, scope, ceiling) in expected {
            let p = c.program(id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!(
                (p.provider.as_ref(), p.scope, p.ceiling_usd),
                (provider, scope, ceiling),
                "{id}"
            );
        }
        // Microsoft (its own FAQ): $1,000 on joining, up to $5,000 after verification, expiring
        // 180 days after verification; its own "up to $150K" is the ceiling (the seed tracked
        // $25,000); the Investor Network's tiers (up to $150K, 2 years) are a note, not the
        // default.
        let ms = c
            .program("azure-founders")
            .unwrap_or_else(|| panic!("azure-founders"));
        assert_eq!(
            (ms.expected_usd, ms.ceiling_usd, ms.validity_days),
            (5_000.0, 150_000.0, 180)
        );
        assert!(ms.tiers.contains("Investor Network") && ms.tiers.contains("$150,000"));
        assert!(ms
            .validity_source
            .contains("180 days after successful verification"));
        // Together: its lowest tier is the default; the card lists the tiers and what they pay.
        let t = c.program("together").unwrap_or_else(|| panic!("together"));
        assert_eq!((t.expected_usd, t.ceiling_usd), (15_000.0, 50_000.0));
        assert!(t.tiers.contains("$15K") && t.tiers.contains("$30K") && t.tiers.contains("$50K"));
        assert!(t.covers.contains("not Reserved Clusters"));
        // Oracle publishes no typical award: an estimate below its $10,000 ceiling, saying why.
        let o = c.program("oracle").unwrap_or_else(|| panic!("oracle"));
        assert!(o.expected_usd < o.ceiling_usd && o.ceiling_usd == 10_000.0);
        assert!(o.expected_source.starts_with("Estimate"));
        // Every program: an expected amount in (0, ceiling] with a source, and a reason for its
        // shapes; only a program with no credits of its own (NVIDIA Inception) expects $0. Only a
        // fixed-amount program (Google's Start tier $2,000) expects its ceiling.
        for p in &c.programs {
            let no_credits = p.covers.starts_with("No credits of its own");
            assert!(
                (p.expected_usd > 0.0 || no_credits) && p.expected_usd <= p.ceiling_usd,
                "{}",
                p.id
            );
            assert!(!p.expected_source.trim().is_empty(), "{}", p.id);
            assert!(!p.fits_reason.trim().is_empty(), "{}", p.id);
            if p.expected_usd == p.ceiling_usd && !no_credits {
                assert!(
                    ["gcp-startups-start"].contains(&p.id.as_ref()),
                    "{} expects its ceiling",
                    p.id
                );
            }
        }
        // Shapes follow seed 000's workload -> credit-shape table (issue 12): Modal is serverless
        // per-second (sporadic, fine-tuning), not self-hosted inference; Oracle bills by the hour,
        // so not sporadic; a $15K Inception grant is no pretraining grant.
        let fits = |id: &str| {
            c.program(id)
                .map(|p| p.fits.iter().map(|f| f.to_string()).collect::<Vec<_>>())
                .unwrap_or_default()
        };
        assert_eq!(fits("modal"), ["sporadic", "fine-tuning"]);
        assert!(!fits("oracle").contains(&"sporadic".to_string()));
        assert!(!fits("nvidia-inception").contains(&"pretraining".to_string()));
        assert!(!fits("together").contains(&"sporadic".to_string()));
        // Validity: Together's grant no longer "never expires" (1,826 days); AWS Activate plans on
        // the bottom of its 12-24 month range.
        assert_eq!(c.program("together").map(|p| p.validity_days), Some(365));
        assert_eq!(
            c.program("aws-activate").map(|p| p.validity_days),
            Some(365)
        );
        // Validation rejects an expected amount above the ceiling, or without a source.
        let mut bad = c.clone();
        if let Some(p) = bad.programs.iter_mut().find(|p| p.id == "modal") {
            p.expected_usd = 60_000.0;
        }
        assert_eq!(
            bad.validate().map_err(|e| e.0),
            Err("program modal: expected amount must be positive and at most the ceiling".into())
        );
        let mut bad = c.clone();
        if let Some(p) = bad.programs.iter_mut().find(|p| p.id == "modal") {
            p.expected_source = " ".into();
        }
        assert_eq!(
            bad.validate().map_err(|e| e.0),
            Err("program modal: expected amount needs a source".into())
        );
        assert!(c
            .program("aws-trainium")
            .is_some_and(|p| p.leaves_cuda && p.porting_weeks > 0.0));
        assert_eq!(c.shapes.len(), 6);
    }

    #[test]
    fn typical_amounts_approval_chances_and_the_new_programs_are_sourced() {
        // Issue 42, items 2, 4 and 5.
        let c = catalog();
        let get = |id: &str| c.program(id).unwrap_or_else(|| panic!("{id}"));
        // No programme publishes an approval rate: every chance is an estimate that says so and
        // why, in both languages, and none is certain.
        for p in &c.programs {
            assert!(
                p.approval_chance > 0.0 && p.approval_chance < 1.0,
                "{}",
                p.id
            );
            assert!(p.approval_source.starts_with("Estimate: "), "{}", p.id);
            assert!(p.approval_source_pt.starts_with("Estimativa: "), "{}", p.id);
        }
        // A selective cohort is well below a programme open to every startup of a partner VC.
        assert!(get("aws-genai").approval_chance <= 0.1);
        assert!(get("aws-genai").approval_chance < get("aws-activate").approval_chance);
        // Google: the default is a labelled estimate below the "up to" figures; the ceiling is
        // the AI-first tier, named in the tiers.
        let gcp = get("gcp-startups");
        assert_eq!((gcp.expected_usd, gcp.ceiling_usd), (100_000.0, 350_000.0));
        assert!(gcp.expected_source.starts_with("Estimate: "));
        assert!(gcp
            .tiers
            .contains("AI: up to $350,000 for AI-first startups"));
        assert!(gcp.tiers.contains("Scale: up to $200,000"));
        // AWS GenAI: AWS publishes only "up to $1M"; the default is an estimate, far below it.
        let genai = get("aws-genai");
        assert!(genai.expected_source.starts_with("Estimate: "));
        assert!(genai.expected_usd <= genai.ceiling_usd / 5.0);
        // AWS Activate: the ceiling AWS states today, and its Founders tier from the same page.
        let activate = get("aws-activate");
        assert_eq!(
            (activate.expected_usd, activate.ceiling_usd),
            (100_000.0, 200_000.0)
        );
        assert!(activate
            .ceiling_source
            .contains("Up to 200,000 USD in Activate Credits"));
        let founders = get("aws-activate-founders");
        assert_eq!(
            (founders.expected_usd, founders.ceiling_usd),
            (1_000.0, 5_000.0)
        );
        assert!(founders
            .ceiling_source
            .contains("aws.amazon.com/startups/credits"));
        // NVIDIA Inception: an honest card with no credits of its own, pointing at the partner
        // offer that has one (Nebius AI Lift, a Nebius card).
        let inception = get("nvidia-inception");
        assert_eq!((inception.expected_usd, inception.ceiling_usd), (0.0, 0.0));
        assert!(inception.covers.starts_with("No credits of its own"));
        assert!(inception.tiers.starts_with("No credits of its own"));
        assert!(inception.tiers.contains("Nebius AI Lift"));
        assert!(inception.fits.is_empty());
        // At least four new programmes that pay GPU compute, none certain, each with a provider
        // that rents GPUs in the catalog (priced, on an instance with a network), sourced and
        // dated.
        let new = [
            ("nebius-startups", "nebius"),
            ("nebius-ai-lift", "nebius"),
            ("scaleway-startups", "scaleway"),
            ("ovhcloud-startups", "ovhcloud"),
        ];
        for (id, provider) in new {
            let p = get(id);
            assert_eq!(p.provider.as_ref(), provider, "{id}");
            assert!(p.approval_chance < 1.0, "{id}");
            assert!(
                p.expected_usd > 0.0 && p.expected_usd < p.ceiling_usd,
                "{id}: a typical amount, not the ceiling"
            );
            assert!(p.as_of.starts_with("2026-"), "{id}");
            for text in [
                &p.source,
                &p.ceiling_source,
                &p.expected_source,
                &p.validity_source,
            ] {
                assert!(text.contains("read 6 Dec 2026"), "{id}: {text}");
            }
            assert!(!p.tiers.is_empty() && !p.tiers_pt.is_empty(), "{id}");
            let priced: Vec<_> = c.offers_by(provider).collect();
            assert!(!priced.is_empty(), "{provider} rents nothing");
            for pr in priced {
                let i = c
                    .instance(provider, &pr.accelerator)
                    .unwrap_or_else(|| panic!("{provider}/{}", pr.accelerator));
                assert!(!i.networks.is_empty());
            }
        }
        // A tier of a programme the plan holds is not suggested twice.
        assert_eq!(get("nebius-ai-lift").family_id(), "nebius-startups");
        assert!(get("nebius-startups").needs_backing);
        // Nebius's list prices from 1 October 2026, per GPU of its 8-GPU InfiniBand presets.
        let usd = |provider: &str, acc: &str| c.price(provider, acc).map(|p| p.usd_per_gpu_hour);
        assert_eq!(usd("nebius", "h100-sxm"), Some(4.5));
        assert_eq!(usd("nebius", "h200"), Some(5.4));
        assert_eq!(
            c.instance("nebius", "h100-sxm")
                .map(|i| (i.gpus_per_instance, i.networks.to_vec())),
            Some((8, vec![Cow::Borrowed("ib-ndr-400")]))
        );
        // Scaleway bills in euros: EUR 25.3308 an hour for 8 H100 SXM at 1.1269 USD/EUR.
        assert!(
            usd("scaleway", "h100-sxm").is_some_and(|u| (u - 25.3308 / 8.0 * 1.1269).abs() < 1e-4)
        );
        // Microsoft's own "up to $150K" is its ceiling.
        assert_eq!(get("azure-founders").ceiling_usd, 150_000.0);
    }

    #[test]
    fn every_api_is_billed_to_a_provider_and_names_the_open_model_it_hosts() {
        let c = catalog();
        let api = |id: &str| c.api(id).unwrap_or_else(|| panic!("{id}"));
        // Who bills it: OpenAI and Anthropic directly, the Gemini API to a Google Cloud billing
        // account (so Google Cloud credits pay it), Together its own.
        for (id, provider) in [
            ("gpt-4o-mini", "openai"),
            ("gpt-5-mini", "openai"),
            ("claude-haiku", "anthropic"),
            ("claude-sonnet", "anthropic"),
            ("gemini-flash", "gcp"),
            ("together-llama-70b", "together"),
        ] {
            assert_eq!(api(id).provider.as_ref(), provider, "{id}");
        }
        assert!(api("gemini-flash").source.contains("Cloud Billing"));
        // Open models name the base model they serve; closed ones none.
        assert_eq!(
            api("together-llama-70b").base_model.as_deref(),
            Some("llama-3.1-70b")
        );
        assert_eq!(
            api("together-llama-8b").base_model.as_deref(),
            Some("llama-3.1-8b")
        );
        assert_eq!(api("gpt-4o").base_model, None);
        for a in &c.apis {
            let p = c
                .provider(&a.provider)
                .unwrap_or_else(|| panic!("{}", a.id));
            // A closed model's own vendor is an API provider; an open model's host serves a
            // base model of the catalog.
            assert_eq!(
                a.base_model.is_none(),
                p.is_api() || p.id == "gcp",
                "{}: {}",
                a.id,
                p.id
            );
            if let Some(m) = &a.base_model {
                assert!(c.base_model(m).is_some(), "{}: {m}", a.id);
            }
        }
        // The API providers rent nothing: no accelerator, instance, network, spot or reserved
        // terms, no storage or egress bill; their sources say why.
        for id in ["openai", "anthropic"] {
            let p = c.provider(id).unwrap_or_else(|| panic!("{id}"));
            assert!(p.is_api(), "{id}");
            assert!(c.offers_by(id).next().is_none(), "{id}");
            assert!(c.instances.iter().all(|i| i.provider != id), "{id}");
            assert_eq!((p.storage_usd(1e3, 1.0), p.egress_usd(1e3)), (0.0, 0.0));
            assert!(p.spot_discount.is_none() && p.reserved_discount.is_none());
            assert!(p.storage_egress_source.contains("tokens only"), "{id}");
            assert!(!p.spot_source.is_empty() && !p.reserved_source.is_empty());
        }
        // Google's credits pay the Gemini API, not third-party models: a note on the programme,
        // not a second programme.
        let gcp = c
            .program("gcp-startups")
            .unwrap_or_else(|| panic!("gcp-startups"));
        assert!(gcp.covers.contains("Gemini API") && gcp.covers.contains("not third-party"));
        assert!(gcp.source.contains("can be used towards Gemini API usage"));
        assert!(gcp.fits.iter().any(|f| f == "frontier-api"));
        assert_eq!(c.programs.iter().filter(|p| p.provider == "gcp").count(), 2);
    }

    #[test]
    fn validation_rejects_an_api_billed_to_no_provider_or_hosting_no_known_model() {
        let c = catalog();
        let refused = |edit: &dyn Fn(&mut Catalog)| {
            let mut bad = c.clone();
            edit(&mut bad);
            bad.validate().err().map(|e| e.0).unwrap_or_default()
        };
        let api = |c: &mut Catalog, id: &str| -> usize {
            c.apis
                .iter()
                .position(|a| a.id == id)
                .unwrap_or_else(|| panic!("{id}"))
        };
        assert_eq!(refused(&|_| {}), "");
        assert_eq!(
            refused(&|c| {
                let k = api(c, "gpt-4o");
                c.apis[k].provider = Cow::Borrowed("no-such-provider");
            }),
            "API gpt-4o: unknown provider no-such-provider"
        );
        assert_eq!(
            refused(&|c| {
                let k = api(c, "together-llama-70b");
                c.apis[k].base_model = Some(Cow::Borrowed("llama-9"));
            }),
            "API together-llama-70b: unknown base model llama-9"
        );
        assert_eq!(
            refused(&|c| {
                let k = api(c, "gpt-4o");
                c.apis[k].id = Cow::Borrowed("GPT 4o");
            }),
            "API GPT 4o: ids are lowercase letters, digits, '-' and '.'"
        );
        // An API provider that rents something (a network, a spot discount) is refused.
        let api_provider = "provider openai: an API provider rents no accelerators: no prices, instances, networks, spot, reserved, storage or egress terms";
        let openai = |c: &mut Catalog| -> usize {
            c.providers
                .iter()
                .position(|p| p.id == "openai")
                .unwrap_or_else(|| panic!("openai"))
        };
        assert_eq!(
            refused(&|c| {
                let k = openai(c);
                c.providers[k].networks = Cow::Owned(vec![Cow::Borrowed("eth-25")]);
            }),
            api_provider
        );
        assert_eq!(
            refused(&|c| {
                let k = openai(c);
                c.providers[k].egress_usd_per_gb = 0.01;
            }),
            api_provider
        );
    }

    #[test]
    fn networks_and_capacity_follow_their_sources() {
        // Issue 43, item 5: networks and job sizes as Modal's, RunPod's, NVIDIA's and Google's
        // pages give them (read 2026-12-06).
        let c = catalog();
        let inst = |p: &str, a: &str| c.instance(p, a).unwrap_or_else(|| panic!("{p}/{a}"));
        let first = |i: &Instance| {
            i.networks
                .first()
                .and_then(|n| c.network(n))
                .unwrap_or_else(|| panic!("{}/{}", i.provider, i.accelerator))
        };
        // Modal clusters: 3,200 Gb/s RDMA per 8-GPU node (400 GB/s), up to 256 GPUs, the default
        // on H100, H200 and B200; the other GPUs are single-node, joined only over i6pn.
        for acc in ["h100-sxm", "h200", "b200"] {
            let i = inst("modal", acc);
            assert_eq!(first(i).id, "modal-rdma-3200", "{acc}");
            assert_eq!(first(i).node_gb_s(8.0), 400.0);
            assert_eq!(i.max_gpus, Some(256), "{acc}");
            assert!(!i.networks.iter().any(|n| n == "eth-25"), "{acc}");
        }
        for acc in ["a100-80gb", "l40s", "l4"] {
            let i = inst("modal", acc);
            assert!(i.is_single_node() && i.max_gpus == Some(8), "{acc}");
            assert!(!i.fits_gpus(16) && i.fits_gpus(8), "{acc}");
            assert_eq!(first(i).id, "modal-i6pn-50");
        }
        let modal = c.provider("modal").unwrap_or_else(|| panic!("modal"));
        assert!(!modal.storage_egress_source.contains("single-node"));
        assert!(modal.storage_egress_source.contains("256 GPUs"));
        // RunPod: H100 Instant Clusters of up to 64 GPUs at 3,200 Gb/s per node; pods elsewhere,
        // joined only by 100 Mb/s global networking.
        let rp = inst("runpod", "h100-sxm");
        assert_eq!(
            (first(rp).id.as_ref(), rp.max_gpus),
            ("runpod-cluster-3200", Some(64))
        );
        for acc in ["l40s", "l4", "mi300x"] {
            assert!(inst("runpod", acc).is_single_node(), "{acc}");
        }
        assert_eq!(
            c.network("runpod-global-100m").map(|n| n.node_gb_s(8.0)),
            Some(0.0125)
        );
        // DGX Cloud A100: a DGX A100's eight HDR 200 Gb/s cluster ports, 25 GB/s per GPU.
        let dgx = first(inst("nvidia", "a100-80gb"));
        assert_eq!(
            (dgx.id.as_ref(), dgx.gb_per_s, dgx.per_node),
            ("ib-hdr-200", 25.0, false)
        );
        assert!(inst("nvidia", "a100-80gb")
            .source
            .contains("DGX A100 User Guide"));
        // TPUs: Google gives bidirectional ICI per chip; the accelerator keeps it (the model
        // halves it), the per-chip network is one direction, half of it.
        for (acc, bidi, slice, dcn, max) in [
            ("tpu-v5e", 400.0, 256, ("tpu-v5e-dcn", 25.0, true), None),
            (
                "tpu-v5p",
                1200.0,
                6144,
                ("tpu-v5p-dcn", 6.25, false),
                Some(18_432),
            ),
            ("tpu-v6e", 800.0, 256, ("tpu-v6e-dcn", 12.5, false), None),
        ] {
            let a = c.accelerator(acc).unwrap_or_else(|| panic!("{acc}"));
            assert_eq!(a.intra_node_gb_s, bidi, "{acc}");
            let i = inst("gcp", acc);
            let ici = first(i);
            assert_eq!((ici.gb_per_s, ici.per_node), (bidi / 2.0, false), "{acc}");
            assert!(ici.source.contains("one direction per chip"), "{acc}");
            assert_eq!((i.slice_gpus, i.max_gpus), (Some(slice), max), "{acc}");
            let between = c
                .between_slices_network("gcp", acc)
                .unwrap_or_else(|| panic!("{acc}: DCN"));
            assert_eq!(
                (between.id.as_ref(), between.gb_per_s, between.per_node),
                dcn,
                "{acc}"
            );
        }
        // Per host, the DCN is 25 GB/s on v5e (8 chips) and v5p (4 chips x 6.25).
        assert_eq!(
            c.between_slices_network("gcp", "tpu-v5p")
                .map(|n| n.node_gb_s(4.0)),
            Some(25.0)
        );
        assert!(c.between_slices_network("aws", "h100-sxm").is_none());
        // Only Modal preempts at the list price; its GPU Functions cannot opt out.
        for p in &c.providers {
            assert_eq!(
                p.preemption_mtbf_gpu_hours.is_some(),
                p.id == "modal",
                "{}",
                p.id
            );
        }
        assert_eq!(modal.preemption_mtbf_gpu_hours, Some(29_200.0));
        assert!(modal
            .preemption_source
            .contains("is not supported for GPU Functions"));
        assert!(modal.preemption_source.contains("(estimate)"));
        assert!(modal.preemption_source_pt.contains("(estimativa)"));
        assert!(modal.spot_discount.is_none());
        // RunPod's interruptible pods: every figure an estimate, labelled so.
        let runpod = c.provider("runpod").unwrap_or_else(|| panic!("runpod"));
        assert_eq!(
            (
                runpod.spot_discount,
                runpod.spot_mtbf_gpu_hours,
                runpod.spot_capacity_gpus,
                runpod.spot_wait_minutes
            ),
            (Some(0.4), Some(5_840.0), Some(8.0), Some(30.0))
        );
        assert!(runpod.spot_source.contains("are all estimates"));
        assert!(runpod.spot_source_pt.contains("são todas estimativas"));
    }

    #[test]
    fn validation_rejects_bad_capacity_and_preemption() {
        let refused = |edit: &dyn Fn(&mut Catalog)| {
            let mut c = catalog();
            edit(&mut c);
            c.validate().err().map(|e| e.0).unwrap_or_default()
        };
        let at = |c: &mut Catalog, p: &str, a: &str| -> usize {
            c.instances
                .iter()
                .position(|i| i.provider == p && i.accelerator == a)
                .unwrap_or_else(|| panic!("{p}/{a}"))
        };
        // max_gpus below one instance.
        let e = refused(&|c| {
            let k = at(c, "modal", "h100-sxm");
            c.instances[k].max_gpus = Some(4);
        });
        assert_eq!(
            e,
            "instance modal/h100-sxm: max_gpus 4 is below gpus_per_instance 8"
        );
        // A slice smaller than a host, or a multi-slice ceiling below one slice.
        let e = refused(&|c| {
            let k = at(c, "gcp", "tpu-v5e");
            c.instances[k].slice_gpus = Some(4);
        });
        assert_eq!(
            e,
            "instance gcp/tpu-v5e: slice_gpus 4 is below gpus_per_instance 8"
        );
        let e = refused(&|c| {
            let k = at(c, "gcp", "tpu-v5p");
            c.instances[k].max_gpus = Some(1024);
        });
        assert_eq!(
            e,
            "instance gcp/tpu-v5p: max_gpus 1024 is below slice_gpus 6144"
        );
        // A between-slices network needs slices, a known id and the provider's list.
        let e = refused(&|c| {
            let k = at(c, "gcp", "tpu-v6e");
            c.instances[k].slice_gpus = None;
        });
        assert_eq!(
            e,
            "instance gcp/tpu-v6e: between_slices_network tpu-v6e-dcn without slice_gpus"
        );
        let e = refused(&|c| {
            let k = at(c, "gcp", "tpu-v6e");
            c.instances[k].between_slices_network = Some(Cow::Borrowed("no-such-net"));
        });
        assert_eq!(
            e,
            "instance gcp/tpu-v6e: unknown between-slices network no-such-net"
        );
        let e = refused(&|c| {
            let k = at(c, "gcp", "tpu-v6e");
            c.instances[k].between_slices_network = Some(Cow::Borrowed("ib-ndr-400"));
        });
        assert_eq!(
            e,
            "instance gcp/tpu-v6e: between-slices network ib-ndr-400 is not in provider gcp's networks list"
        );
        // Preemption at the list price: a positive MTBF, with a source in both languages, and
        // no source without an MTBF.
        let modal = |c: &mut Catalog| -> usize {
            c.providers
                .iter()
                .position(|p| p.id == "modal")
                .unwrap_or_else(|| panic!("modal"))
        };
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            let e = refused(&|c| {
                let k = modal(c);
                c.providers[k].preemption_mtbf_gpu_hours = Some(bad);
            });
            assert_eq!(
                e, "provider modal: preemption needs a positive MTBF with a source",
                "{bad}"
            );
        }
        let e = refused(&|c| {
            let k = modal(c);
            c.providers[k].preemption_source = Cow::Borrowed(" ");
        });
        assert_eq!(
            e,
            "provider modal: preemption needs a positive MTBF with a source"
        );
        let e = refused(&|c| {
            let k = modal(c);
            c.providers[k].preemption_mtbf_gpu_hours = None;
        });
        assert_eq!(
            e,
            "provider modal: preemption_source without a preemption MTBF"
        );
        let e = refused(&|c| {
            let k = modal(c);
            c.providers[k].preemption_source_pt = Cow::Borrowed("");
        });
        assert_eq!(
            e,
            "provider modal: preemption_source has no Portuguese text: add preemption_source_pt next to it"
        );
        // The catalog as built passes.
        assert_eq!(refused(&|_| {}), "");
    }

    #[test]
    fn generated_tables_equal_the_json_files() {
        // build.rs output must be exactly what serde reads from the same files.
        let parsed = from_json_with_programs(
            include_str!("../../../data/accelerators.json"),
            include_str!("../../../data/providers.json"),
            include_str!("../../../data/prices.json"),
            include_str!("../../../data/programs.json"),
        );
        assert_eq!(parsed, Catalog::builtin());
    }

    fn catalog() -> Catalog {
        Catalog::builtin().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_catalogs_descriptions_read_in_both_languages() {
        use crate::locale::{with_lang, Lang};
        let c = catalog();
        // The accessors follow the reader's language. Expected texts as written in data/*.json.
        let modal = c.program("modal").unwrap_or_else(|| panic!("modal"));
        assert_eq!(
            with_lang(Lang::En, || modal.covers_text().to_string()),
            "Serverless GPU and CPU compute, billed per second"
        );
        assert_eq!(
            with_lang(Lang::Pt, || modal.covers_text().to_string()),
            "Computação serverless em GPU e CPU, cobrada por segundo"
        );
        let ndr = c
            .network("ib-ndr-400")
            .unwrap_or_else(|| panic!("ib-ndr-400"));
        assert_eq!(
            with_lang(Lang::Pt, || ndr.name_text().to_string()),
            "InfiniBand NDR, 400 Gb/s por placa, uma placa por GPU"
        );
        assert_eq!(
            with_lang(Lang::Pt, || Scope::Platform.describe()),
            "qualquer coisa cobrada pela plataforma"
        );
        assert_eq!(
            with_lang(Lang::En, || Scope::Platform.describe()),
            "anything billed by the platform"
        );
        // Every descriptive text has a Portuguese sibling that differs from the English.
        for p in &c.programs {
            for (en, pt) in [
                (&p.covers, &p.covers_pt),
                (&p.stage, &p.stage_pt),
                (&p.fits_reason, &p.fits_reason_pt),
            ] {
                assert!(!pt.is_empty() && pt != en, "{}: {en}", p.id);
            }
            assert_eq!(
                with_lang(Lang::Pt, || p.fits_reason_text().to_string()),
                p.fits_reason_pt.to_string()
            );
        }
        // An empty note stays empty in both languages.
        let cw = c
            .instance("coreweave", "h100-sxm")
            .unwrap_or_else(|| panic!("coreweave"));
        assert_eq!(
            with_lang(Lang::Pt, || cw.capacity_note_text().to_string()),
            ""
        );
    }

    #[test]
    fn validation_rejects_a_text_without_portuguese_or_with_the_english_copied() {
        // Each descriptive field: removing its Portuguese sibling, or copying the English into it,
        // fails validation and names the entry and the field.
        type Edit = fn(&mut Catalog, bool);
        let cases: [(&str, Edit); 7] = [
            ("program aws-genai: covers", |c, copy| {
                let p = &mut c.programs[0];
                p.covers_pt = if copy {
                    p.covers.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
            ("program aws-genai: stage", |c, copy| {
                let p = &mut c.programs[0];
                p.stage_pt = if copy {
                    p.stage.clone()
                } else {
                    Cow::Borrowed(" ")
                };
            }),
            ("program aws-genai: fits_reason", |c, copy| {
                let p = &mut c.programs[0];
                p.fits_reason_pt = if copy {
                    p.fits_reason.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
            ("provider aws: billing", |c, copy| {
                let p = &mut c.providers[0];
                p.billing_pt = if copy {
                    p.billing.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
            ("network ib-ndr-400: name", |c, copy| {
                let n = &mut c.networks[0];
                n.name_pt = if copy {
                    n.name.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
            ("price coreweave/a100-40gb: note", |c, copy| {
                let p = &mut c.prices[0];
                p.note_pt = if copy {
                    p.note.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
            ("instance aws/a100-40gb: capacity_note", |c, copy| {
                let i = &mut c.instances[0];
                i.capacity_note_pt = if copy {
                    i.capacity_note.clone()
                } else {
                    Cow::Borrowed("")
                };
            }),
        ];
        for (what, edit) in cases {
            let (entry, field) = what.split_once(": ").unwrap_or_else(|| panic!("{what}"));
            for copy in [false, true] {
                let mut c = catalog();
                edit(&mut c, copy);
                let expected = if copy {
                    format!("{entry}: {field}_pt is the English text copied, not a translation")
                } else {
                    format!("{entry}: {field} has no Portuguese text: add {field}_pt next to it")
                };
                assert_eq!(
                    c.validate(),
                    Err(CatalogError(expected)),
                    "{what}, copy {copy}"
                );
            }
        }
        // A Portuguese note where the English has none is a text nobody reads in English.
        let mut c = catalog();
        let i = c
            .instances
            .iter_mut()
            .find(|i| i.capacity_note.is_empty())
            .unwrap_or_else(|| panic!("an instance without a note"));
        i.capacity_note_pt = Cow::Borrowed("nota");
        let what = format!("instance {}/{}", i.provider, i.accelerator);
        assert_eq!(
            c.validate(),
            Err(CatalogError(format!(
                "{what}: capacity_note_pt has no English capacity_note beside it"
            )))
        );
    }

    #[test]
    fn builtin_catalog_is_valid_and_complete() {
        let c = catalog();
        // Ids the foundation issue requires.
        for id in [
            "a100-40gb",
            "a100-80gb",
            "h100-sxm",
            "h100-pcie",
            "h200",
            "b200",
            "l40s",
            "l4",
            "mi300x",
            "tpu-v5e",
            "tpu-v5p",
            "tpu-v6e",
            "trn1",
            "trn2",
            "inferentia2",
        ] {
            assert!(c.accelerator(id).is_some(), "missing accelerator {id}");
        }
        for id in [
            "aws",
            "gcp",
            "azure",
            "oracle",
            "coreweave",
            "lambda",
            "together",
            "modal",
            "runpod",
            "nvidia",
            "voltage-park",
        ] {
            assert!(c.provider(id).is_some(), "missing provider {id}");
        }
    }

    #[test]
    fn dense_peaks_match_the_domain_brief() {
        // The vendors' data sheets (data/accelerators.json `source`): dense bf16 peak TFLOP/s and
        // memory GB. The sparse H100 figure is 1,979.
        let c = catalog();
        let expected = [
            ("a100-40gb", 312.0, 40.0),
            ("a100-80gb", 312.0, 80.0),
            ("h100-sxm", 989.0, 80.0),
            ("h100-pcie", 756.0, 80.0),
            ("h200", 989.0, 141.0),
            ("b200", 2250.0, 180.0),
            ("l40s", 362.0, 48.0),
            ("l4", 121.0, 24.0),
            ("mi300x", 1307.0, 192.0),
            ("tpu-v5e", 197.0, 16.0),
            ("tpu-v5p", 459.0, 95.0),
            ("tpu-v6e", 918.0, 32.0),
            ("trn1", 190.0, 32.0),
            ("trn2", 667.0, 96.0),
        ];
        for (id, tflops, mem) in expected {
            let a = c.accelerator(id).unwrap_or_else(|| panic!("{id}"));
            assert_eq!((a.dense_bf16_tflops, a.memory_gb), (tflops, mem), "{id}");
        }
    }

    #[test]
    fn seed_article_a100_prices_are_in_the_catalog() {
        // Seed 003 (TechCrunch, 2024): A100 40GB at CoreWeave $2.39/h, Azure $3.40/h, Google Cloud $3.67/h.
        let c = catalog();
        for (provider, usd) in [("coreweave", 2.39), ("azure", 3.40), ("gcp", 3.67)] {
            let p = c
                .price(provider, "a100-40gb")
                .unwrap_or_else(|| panic!("{provider}"));
            assert_eq!(p.usd_per_gpu_hour, usd);
        }
        // CoreWeave's and Google's figures were not re-verified: they keep the article's date. Azure's
        // ND96asr_A100_v4 still lists $3.3996 per GPU (27.197 / 8) on 2026-11-09, so it carries that date.
        for provider in ["coreweave", "gcp"] {
            assert!(c
                .price(provider, "a100-40gb")
                .is_some_and(|p| p.as_of == "2024-05-01"));
        }
        assert_eq!(
            c.price("azure", "a100-40gb").map(|p| p.as_of.as_ref()),
            Some("2026-11-09")
        );
    }

    /// Every text a page can cite comes from a data file: none may name an internal file (a
    /// design note kept outside the repository, a seed article by number, a Markdown file, a path
    /// in this repository).
    /// Returns each offending JSON string with its file.
    fn internal_references(files: &[(&str, &str)]) -> Vec<String> {
        const FORBIDDEN: [&str; 9] = [
            "domain.md",
            "seed 0",
            "seeds/",
            ".md",
            "/work/",
            "data/",
            "model/src",
            "src/ui",
            "src/sections",
        ];
        let mut found = Vec::new();
        for (file, text) in files {
            // Each JSON string value or key: the text between unescaped quotes.
            for piece in text.split('"') {
                let lower = piece.to_lowercase();
                if FORBIDDEN.iter().any(|f| lower.contains(f)) {
                    found.push(format!("{file}: {piece}"));
                }
            }
        }
        found
    }

    #[test]
    fn display_names_replace_ids_in_sentences() {
        // data/providers.json and data/accelerators.json `name`; an unknown id reads as itself.
        assert_eq!(provider_name("modal"), "Modal");
        assert_eq!(provider_name("azure"), "Microsoft Azure");
        assert_eq!(accelerator_name("h100-sxm"), "NVIDIA H100 SXM");
        assert_eq!(accelerator_name("no-such-gpu"), "no-such-gpu");
    }

    #[test]
    fn no_source_names_an_internal_file() {
        let files = [
            (
                "accelerators.json",
                include_str!("../../../data/accelerators.json"),
            ),
            (
                "api_prices.json",
                include_str!("../../../data/api_prices.json"),
            ),
            (
                "base_models.json",
                include_str!("../../../data/base_models.json"),
            ),
            (
                "instances.json",
                include_str!("../../../data/instances.json"),
            ),
            ("networks.json", include_str!("../../../data/networks.json")),
            ("prices.json", include_str!("../../../data/prices.json")),
            ("programs.json", include_str!("../../../data/programs.json")),
            (
                "providers.json",
                include_str!("../../../data/providers.json"),
            ),
        ];
        let found = internal_references(&files);
        assert!(found.is_empty(), "{found:#?}");
        // The check catches what the page used to show.
        for bad in [
            "Seed 000 (AI Perks ceilings)",
            "DOMAIN.md section 4 (Founders up to $5K)",
            "see docs/sources.md",
            "from data/prices.json",
        ] {
            let json = format!("{{\"source\": \"{bad}\"}}");
            assert_eq!(internal_references(&[("x.json", &json)]).len(), 1, "{bad}");
        }
        // Publications and vendor pages pass.
        let good = "{\"source\": \"AI Perks (getaiperks.com), read 2026-12-01; https://modal.com/startups\"}";
        assert!(internal_references(&[("x.json", good)]).is_empty());
    }

    #[test]
    fn corrected_prices_match_their_instance_prices() {
        let c = catalog();
        let usd = |provider: &str, accelerator: &str| {
            c.price(provider, accelerator)
                .map(|p| p.usd_per_gpu_hour)
                .unwrap_or_else(|| panic!("{provider}/{accelerator}"))
        };
        // AWS p4d.24xlarge (8 A100 40GB) after the June 2025 P4/P5 cut: $21.957642/h on demand in
        // us-east-1 (AWS price list via the datareceipts 109-gpu-pricing tracker, read 2026-11-09).
        // 21.957642 / 8 = 2.7447 per GPU-hour. The pre-cut $32.77/h gave $4.10.
        assert!((usd("aws", "a100-40gb") - 21.957642 / 8.0).abs() < 1e-4);
        // p4de.24xlarge (8 A100 80GB): $27.44705/h / 8 = 3.4309; the 40GB part must not cost more.
        assert!((usd("aws", "a100-80gb") - 27.44705 / 8.0).abs() < 0.001);
        assert!(usd("aws", "a100-40gb") <= usd("aws", "a100-80gb"));
        // p5.48xlarge (8 H100): $55.04/h / 8 = 6.88.
        assert!((usd("aws", "h100-sxm") - 55.04 / 8.0).abs() < 1e-9);
        // DGX Cloud at launch: $36,999 per month for 8 A100 80GB; 36,999 / 730 h / 8 = 6.3355.
        // It is an A100 80GB price, not an H100 one.
        assert!((usd("nvidia", "a100-80gb") - 36_999.0 / 730.0 / 8.0).abs() < 0.005);
        assert!(c.price("nvidia", "h100-sxm").is_none());
        // CoreWeave HGX H100 node $49.24/h / 8 = 6.155; HGX H200 $50.44/h / 8 = 6.305.
        assert!((usd("coreweave", "h100-sxm") - 6.155).abs() < 1e-9);
        assert!((usd("coreweave", "h200") - 6.305).abs() < 1e-9);
        // inf2.48xlarge $12.9813/h for 12 Inferentia2 chips: 1.0818 per chip.
        assert!((usd("aws", "inferentia2") - 12.9813 / 12.0).abs() < 1e-4);
        // Per GPU of the 8-GPU machine the instance names, not the 1-GPU size's price (AWS Price
        // List via the SkyPilot catalog, us-east-1): g6e.48xlarge $30.13118/h / 8 = 3.7664 (was
        // g6e.xlarge's $1.86, 2.0x low); g6.48xlarge $13.3504/h / 8 = 1.6688 (was g6.xlarge's
        // $0.80, 2.1x low). Google g2-standard-96: $3.52301 + 8 x $0.56004 = $8.00333/h / 8 =
        // 1.0004 (was g2-standard-4's $0.71, 1.4x low).
        assert!((usd("aws", "l40s") - 30.13118 / 8.0).abs() < 1e-4);
        assert!((usd("aws", "l4") - 13.3504 / 8.0).abs() < 1e-4);
        assert!((usd("gcp", "l4") - (3.52301 + 8.0 * 0.56004) / 8.0).abs() < 1e-4);
        // trn2.48xlarge: $85.964/h for 16 chips in us-east-2 (its only on-demand region) = 5.3728.
        assert!((usd("aws", "trn2") - 85.964 / 16.0).abs() < 1e-4);
        let trn2 = c.price("aws", "trn2").map(|p| p.note.to_string());
        assert!(trn2.is_some_and(|n| n.contains("Capacity Blocks")));
    }

    #[test]
    fn a_price_whose_source_names_another_machine_size_is_refused() {
        let c = catalog();
        // The English source, or with `pt` its Portuguese twin, replaced.
        let refused_in = |pt: bool, provider: &str, acc: &str, source: &'static str| {
            let mut bad = c.clone();
            let p = bad
                .prices
                .iter_mut()
                .find(|p| p.provider == provider && p.accelerator == acc)
                .unwrap_or_else(|| panic!("{provider}/{acc}"));
            *(if pt { &mut p.source_pt } else { &mut p.source }) = Cow::Borrowed(source);
            bad.validate().err().map(|e| e.to_string())
        };
        let refused = |provider: &str, acc: &str, source: &'static str| {
            refused_in(false, provider, acc, source)
        };
        // The rows this catalog had: a 1-GPU machine's price beside an 8-GPU instance.
        let e = refused(
            "aws",
            "l40s",
            "AWS EC2 g6e.xlarge on-demand (1 L40S), 2025 reading (estimate)",
        );
        assert!(
            e.as_deref()
                .is_some_and(|e| e.contains("g6e.xlarge") && e.contains("g6e.48xlarge")),
            "{e:?}"
        );
        let e = refused(
            "gcp",
            "l4",
            "Google Cloud g2-standard-4 on-demand (1 L4), 2025 reading (estimate)",
        );
        assert!(e.is_some(), "{e:?}");
        // A GPU count that is not the instance's: 1x, 4-GPU, "for 1 ...".
        for source in [
            "https://lambda.ai/instances: 1x H100 SXM $4.29 per GPU-hour",
            "CoreWeave H100 4-GPU node $25/h / 4",
            "AWS EC2 p5.48xlarge on-demand $55.04/h for 1 H100",
        ] {
            let provider = if source.starts_with("https://lambda") {
                "lambda"
            } else if source.starts_with("Core") {
                "coreweave"
            } else {
                "aws"
            };
            let e = refused(provider, "h100-sxm", source);
            assert!(
                e.as_deref().is_some_and(|e| e.contains("machine of")),
                "{source}: {e:?}"
            );
        }
        // The same machine or its count passes.
        assert_eq!(
            refused(
                "aws",
                "l40s",
                "AWS EC2 g6e.48xlarge on-demand $30.13118/h for 8 L40S / 8"
            ),
            None
        );
        assert_eq!(
            refused(
                "lambda",
                "h100-sxm",
                "https://lambda.ai/instances: 8x H100 SXM $3.99"
            ),
            None
        );
        // The Portuguese twin is held to the same machine and count (issue 27, item 7): "para 1"
        // is "for 1".
        for (provider, acc, source) in [
            (
                "aws",
                "l40s",
                "AWS EC2 g6e.xlarge sob demanda (1 L40S), leitura de 2025",
            ),
            (
                "aws",
                "h100-sxm",
                "AWS EC2 p5.48xlarge sob demanda a US$ 55,04/h para 1 H100",
            ),
            (
                "lambda",
                "h100-sxm",
                "https://lambda.ai/instances: 1x H100 SXM a US$ 4,29",
            ),
        ] {
            let e = refused_in(true, provider, acc, source);
            assert!(
                e.as_deref().is_some_and(|e| e.contains("source_pt: ")),
                "{source}: {e:?}"
            );
        }
        assert_eq!(
            refused_in(
                true,
                "aws",
                "l40s",
                "AWS EC2 g6e.48xlarge sob demanda a US$ 30,13118/h para 8 L40S / 8"
            ),
            None
        );
    }

    #[test]
    fn delisted_gpus_are_marked_apart_from_stale_ones() {
        // CoreWeave's price page as recorded on 2026-10-07 lists only the 80 GB A100 and the HGX
        // (SXM) H100: the A100 40GB and the H100 PCIe rows are last published figures.
        let c = catalog();
        let delisted: Vec<String> = c
            .prices
            .iter()
            .filter(|p| p.is_delisted())
            .map(|p| format!("{}/{} {}", p.provider, p.accelerator, p.delisted))
            .collect();
        assert_eq!(
            delisted,
            [
                "coreweave/a100-40gb 2026-10-07",
                "coreweave/h100-pcie 2026-10-07"
            ]
        );
        // A delisting needs its source and a real date.
        let mut bad = c.clone();
        bad.prices[0].delisted_source = Cow::Borrowed("");
        assert!(bad.validate().is_err());
    }

    #[test]
    fn seed_content_voltage_park_and_inferentia2_are_sourced() {
        let c = catalog();
        // Voltage Park (seed 003): a GPU cloud renting H100 SXM with InfiniBand, sourced and dated.
        let vp = c
            .provider("voltage-park")
            .unwrap_or_else(|| panic!("voltage-park"));
        assert_eq!(vp.kind, "gpu-cloud");
        assert!(vp.networks.iter().any(|n| n == "ib-ndr-400"));
        assert!(!vp.billing.is_empty() && vp.source.contains("voltagepark.com"));
        let p = c
            .price("voltage-park", "h100-sxm")
            .unwrap_or_else(|| panic!("voltage-park/h100-sxm"));
        assert!(p.usd_per_gpu_hour > 0.0 && p.source.contains("estimate"));
        // AWS Inferentia2: AWS's own silicon, not CUDA; per chip 190 dense BF16 TFLOP/s
        // (2,280 / 12 on inf2.48xlarge), 32 GiB (384 / 12), 820 GiB/s (9,840 / 12), NeuronLink-v2 192.
        let inf = c
            .accelerator("inferentia2")
            .unwrap_or_else(|| panic!("inferentia2"));
        assert_eq!(inf.silicon_of.as_deref(), Some("aws"));
        assert!(!inf.cuda);
        assert_eq!(
            (
                inf.dense_bf16_tflops,
                inf.memory_gb,
                inf.bandwidth_tb_s,
                inf.intra_node_gb_s
            ),
            (190.0, 32.0, 0.82, 192.0)
        );
        assert!(inf.source.contains("Inf2"));
        // Only AWS rents it, 12 chips per inf2.48xlarge; the note says which credits pay for it.
        assert!(c.offers("inferentia2").all(|p| p.provider == "aws"));
        assert_eq!(
            c.instance("aws", "inferentia2")
                .map(|i| i.gpus_per_instance),
            Some(12)
        );
        assert!(c
            .price("aws", "inferentia2")
            .is_some_and(|p| p.note.contains("Trainium credits") && p.usd_per_gpu_hour > 0.0));
    }

    #[test]
    fn default_rates_are_the_ecb_cross_rates_by_hand() {
        use crate::locale::CurrencyCode;
        // ECB reference rates of 30 Oct 2026: EUR 1 = USD 1.1172 = BRL 6.0692. A dollar is
        // 6.0692 / 1.1172 = 5.43251 reais and 1 / 1.1172 = 0.895095 euros.
        let brl = default_rate(CurrencyCode::Brl).map(CurrencyRate::per_usd);
        let eur = default_rate(CurrencyCode::Eur).map(CurrencyRate::per_usd);
        assert!(brl.is_some_and(|r| (r - 5.432_51).abs() < 1e-5), "{brl:?}");
        assert!(eur.is_some_and(|r| (r - 0.895_095).abs() < 1e-6), "{eur:?}");
        assert!(default_rate(CurrencyCode::Usd).is_none());
        assert_eq!(
            default_rate(CurrencyCode::Brl).map(|r| r.as_of.as_ref()),
            Some("2026-10-30")
        );
        // The checks refuse what they should.
        let good = generated::CURRENCY_RATES.to_vec();
        assert!(validate_rates(&good).is_ok());
        let mut bad = good.clone();
        bad[0].usd_per_eur = 0.0;
        assert!(validate_rates(&bad).is_err());
        let mut bad = good.clone();
        bad[0].as_of = "9 Oct 2025".into();
        assert!(validate_rates(&bad).is_err());
        let mut bad = good.clone();
        bad[0].source_pt = " ".into();
        assert!(validate_rates(&bad).is_err());
        assert!(
            validate_rates(&good[..1]).is_err(),
            "a currency without a rate"
        );
    }

    #[test]
    fn api_prices_name_live_models_and_their_dates() {
        let c = catalog();
        let api = |id: &str| c.api(id).unwrap_or_else(|| panic!("{id}"));
        // Link ids stay; the retired models are replaced by their successors.
        // Claude 3.5 Haiku was retired 2026-02-19: Claude Haiku 4.5 at $1 / $5 per MTok.
        let haiku = api("claude-haiku");
        assert_eq!(
            (
                haiku.name.as_ref(),
                haiku.input_usd_per_mtok,
                haiku.output_usd_per_mtok
            ),
            ("Anthropic Claude Haiku 4.5", 1.0, 5.0)
        );
        // Gemini 1.5 Flash retired: Gemini 2.5 Flash-Lite at $0.10 / $0.40.
        let flash = api("gemini-flash");
        assert!(flash.name.contains("2.5 Flash-Lite"));
        assert_eq!(
            (flash.input_usd_per_mtok, flash.output_usd_per_mtok),
            (0.1, 0.4)
        );
        // GPT-4o mini $0.15 / $0.60 (OpenAI list price). No entry carries the old pasted date.
        assert_eq!(api("gpt-4o-mini").output_usd_per_mtok, 0.6);
        assert!(c.apis.iter().all(|a| a.as_of != "2026-11-01"));
    }

    #[test]
    fn silicon_belongs_to_its_cloud() {
        let c = catalog();
        assert_eq!(
            c.accelerator("trn2").and_then(|a| a.silicon_of.as_deref()),
            Some("aws")
        );
        assert_eq!(
            c.accelerator("tpu-v5p")
                .and_then(|a| a.silicon_of.as_deref()),
            Some("gcp")
        );
        assert!(!c.accelerator("tpu-v5p").map(|a| a.cuda).unwrap_or(true));
        // TPUs are rented only by Google Cloud.
        assert!(c.offers("tpu-v5e").all(|p| p.provider == "gcp"));
    }

    #[test]
    fn default_provider_is_aws_when_it_rents_else_cheapest() {
        let c = catalog();
        assert_eq!(
            c.default_provider_for("h100-sxm").map(|p| p.id.as_ref()),
            Some("aws")
        );
        assert_eq!(
            c.default_provider_for("tpu-v6e").map(|p| p.id.as_ref()),
            Some("gcp")
        );
        // MI300X: Oracle $6.00, RunPod $2.49 -> RunPod.
        assert_eq!(
            c.default_provider_for("mi300x").map(|p| p.id.as_ref()),
            Some("runpod")
        );
    }

    #[test]
    fn base_models_carry_active_parameters() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // DeepSeek-V3: 671B total, 37B active (its technical report, arXiv 2412.19437).
        let ds = c
            .base_model("deepseek-v3")
            .unwrap_or_else(|| panic!("deepseek-v3"));
        assert_eq!((ds.params, ds.active_params), (671e9, 37e9));
        assert!(c
            .base_models
            .iter()
            .all(|m| m.active_params <= m.params && m.source.starts_with("https://")));
    }

    #[test]
    fn validation_rejects_bad_data() {
        let ok_acc = r#"{"accelerators":[{"id":"x","name":"X","vendor":"v","cuda":true,"silicon_of":null,"dense_bf16_tflops":1,"memory_gb":1,"bandwidth_tb_s":1,"intra_node_gb_s":1,"intra_node_source":"s","intra_node_source_pt":"s (pt)","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;
        let ok_prov = r#"{"providers":[{"id":"aws","name":"A","kind":"k","billing":"b","billing_pt":"b (pt)","storage_usd_per_gb_month":0.02,"egress_usd_per_gb":0.09,"networks":["eth-25"],"storage_egress_source":"s","storage_egress_source_pt":"s (pt)","spot_discount":null,"spot_mtbf_gpu_hours":null,"spot_source":"s","spot_source_pt":"s (pt)","reserved_discount":null,"reserved_source":"s","source":"s","as_of":"2024-01-01"}]}"#;
        let price = |usd: &str, as_of: &str| {
            format!(
                r#"{{"prices":[{{"provider":"aws","accelerator":"x","usd_per_gpu_hour":{usd},"source":"s","source_pt":"s (pt)","as_of":"{as_of}"}}]}}"#
            )
        };
        assert!(from_json(ok_acc, ok_prov, &price("1.5", "2024-01-01")).is_ok());
        let e = from_json(ok_acc, ok_prov, &price("-1", "2024-01-01")).unwrap_err();
        assert_eq!(e.0, "price aws/x: price must be positive, got -1");
        let e = from_json(ok_acc, ok_prov, &price("1", "last year")).unwrap_err();
        assert_eq!(
            e.0,
            "price aws/x: as_of must be an ISO date YYYY-MM-DD, got \"last year\""
        );
        // Shaped like a date but not on the calendar: rejected too (staleness needs real dates).
        let e = from_json(ok_acc, ok_prov, &price("1", "2024-02-30")).unwrap_err();
        assert_eq!(
            e.0,
            "price aws/x: as_of must be an ISO date YYYY-MM-DD, got \"2024-02-30\""
        );
        let e = from_json(ok_acc, ok_prov, r#"{"prices":[]}"#).unwrap_err();
        assert_eq!(e.0, "accelerator x is rented by no provider");
        assert!(from_json("{", ok_prov, &price("1", "2024-01-01")).is_err());
    }

    #[test]
    fn capacity_notes_are_sourced_where_given() {
        let c = Catalog::builtin().unwrap_or_else(|e| panic!("{e}"));
        // AWS's P instances: the ML blog of 7 May 2026 on Capacity Blocks.
        for acc in ["a100-40gb", "a100-80gb", "h100-sxm", "h200"] {
            let i = c
                .instance("aws", acc)
                .unwrap_or_else(|| panic!("aws/{acc}"));
            assert!(i.capacity_note.contains("Capacity Blocks"), "aws/{acc}");
            assert!(
                i.capacity_note.contains("7 May 2026"),
                "aws/{acc}: dated source"
            );
        }
        // No source, no note: a note is never made up for the other instances.
        assert!(c
            .instance("coreweave", "h100-sxm")
            .is_some_and(|i| i.capacity_note.is_empty()));
    }

    #[test]
    fn every_priced_pair_has_an_instance_and_a_missing_one_is_named() {
        let c = catalog();
        for p in &c.prices {
            assert!(
                c.instance(&p.provider, &p.accelerator).is_some(),
                "{}/{}",
                p.provider,
                p.accelerator
            );
        }
        // AWS p4 page: p4d.24xlarge, 400 Gbps EFA per 8 A100s = 50 GB/s per node.
        let p4d = c.instance("aws", "a100-40gb");
        assert_eq!(p4d.map(|i| i.instance.as_ref()), Some("p4d.24xlarge"));
        assert_eq!(
            p4d.and_then(|i| i.networks.first())
                .and_then(|n| c.network(n))
                .map(|n| (n.gb_per_s, n.per_node)),
            Some((50.0, true))
        );
        let acc = r#"{"accelerators":[{"id":"x","name":"X","vendor":"v","cuda":true,"silicon_of":null,"dense_bf16_tflops":1,"memory_gb":1,"bandwidth_tb_s":1,"intra_node_gb_s":1,"intra_node_source":"s","intra_node_source_pt":"s (pt)","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;
        let prov = r#"{"providers":[{"id":"aws","name":"A","kind":"k","billing":"b","billing_pt":"b (pt)","storage_usd_per_gb_month":0.02,"egress_usd_per_gb":0.09,"networks":["eth-25"],"storage_egress_source":"s","storage_egress_source_pt":"s (pt)","spot_discount":null,"spot_mtbf_gpu_hours":null,"spot_source":"s","spot_source_pt":"s (pt)","reserved_discount":null,"reserved_source":"s","source":"s","as_of":"2024-01-01"}]}"#;
        let price = r#"{"prices":[{"provider":"aws","accelerator":"x","usd_per_gpu_hour":1,"source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;
        let programs = r#"{"programs": [], "shapes": []}"#;
        let with =
            |instances: &str| from_json_with_instances(acc, prov, price, programs, instances);
        assert!(with(TEST_INSTANCES).is_ok());
        assert_eq!(
            with(r#"{"instances":[]}"#).unwrap_err().0,
            "price aws/x has no instance in instances.json: add the instance type and the networks offered for it"
        );
        let net = |n: &str| {
            format!(
                r#"{{"instances":[{{"provider":"aws","accelerator":"x","instance":"x.8","gpus_per_instance":8,"networks":[{n}],"rent_sizes":[8],"rent_sizes_source":"s","rent_sizes_source_pt":"s (pt)","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}}]}}"#
            )
        };
        assert_eq!(
            with(&net(r#""eth-100""#)).unwrap_err().0,
            "instance aws/x: network eth-100 is not in provider aws's networks list"
        );
        assert_eq!(
            with(&net("")).unwrap_err().0,
            "instance aws/x: offers no network"
        );
        // The job-size fields as the JSON file spells them (issue 43, item 5).
        let sized = |extra: &str| {
            format!(
                r#"{{"instances":[{{"provider":"aws","accelerator":"x","instance":"x.8","gpus_per_instance":8,"networks":["eth-25"],"rent_sizes":[8],"rent_sizes_source":"s","rent_sizes_source_pt":"s (pt)",{extra}"source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}}]}}"#
            )
        };
        let parsed = with(&sized(r#""max_gpus":64,"#)).map(|c| c.instances[0].max_gpus);
        assert_eq!(parsed, Ok(Some(64)));
        assert_eq!(
            with(&sized(r#""max_gpus":4,"#)).unwrap_err().0,
            "instance aws/x: max_gpus 4 is below gpus_per_instance 8"
        );
        assert_eq!(
            with(&sized(r#""between_slices_network":"eth-25","#))
                .unwrap_err()
                .0,
            "instance aws/x: between_slices_network eth-25 without slice_gpus"
        );
        let sliced = with(&sized(
            r#""slice_gpus":256,"between_slices_network":"eth-25","#,
        ))
        .map(|c| {
            (
                c.instances[0].slice_gpus,
                c.instances[0].between_slices_network.clone(),
            )
        });
        assert_eq!(sliced, Ok((Some(256), Some(Cow::Borrowed("eth-25")))));
        // List-price preemption as the JSON file spells it.
        let preempting = |mtbf: &str| {
            prov.replace(
                r#""reserved_discount":null"#,
                &format!(
                    r#""preemption_mtbf_gpu_hours":{mtbf},"preemption_source":"s","preemption_source_pt":"s (pt)","reserved_discount":null"#
                ),
            )
        };
        assert_eq!(
            from_json_with_instances(acc, &preempting("100"), price, programs, TEST_INSTANCES)
                .map(|c| c.providers[0].preemption_mtbf_gpu_hours),
            Ok(Some(100.0))
        );
        assert_eq!(
            from_json_with_instances(acc, &preempting("0"), price, programs, TEST_INSTANCES)
                .unwrap_err()
                .0,
            "provider aws: preemption needs a positive MTBF with a source"
        );
        // Spot needs its capacity and wait too.
        let half_spot = prov.replace(
            r#""spot_discount":null,"spot_mtbf_gpu_hours":null"#,
            r#""spot_discount":0.5,"spot_mtbf_gpu_hours":1000"#,
        );
        assert!(
            from_json_with_instances(acc, &half_spot, price, programs, TEST_INSTANCES)
                .unwrap_err()
                .0
                .starts_with("provider aws: spot needs")
        );
    }

    #[test]
    fn rent_sizes_are_validated_and_follow_their_sources() {
        let acc = r#"{"accelerators":[{"id":"x","name":"X","vendor":"v","cuda":true,"silicon_of":null,"dense_bf16_tflops":1,"memory_gb":1,"bandwidth_tb_s":1,"intra_node_gb_s":1,"intra_node_source":"s","intra_node_source_pt":"s (pt)","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;
        let prov = r#"{"providers":[{"id":"aws","name":"A","kind":"k","billing":"b","billing_pt":"b (pt)","storage_usd_per_gb_month":0.02,"egress_usd_per_gb":0.09,"networks":["eth-25"],"storage_egress_source":"s","storage_egress_source_pt":"s (pt)","spot_discount":null,"spot_mtbf_gpu_hours":null,"spot_source":"s","spot_source_pt":"s (pt)","reserved_discount":null,"reserved_source":"s","source":"s","as_of":"2024-01-01"}]}"#;
        let price = r#"{"prices":[{"provider":"aws","accelerator":"x","usd_per_gpu_hour":1,"source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}]}"#;
        let programs = r#"{"programs": [], "shapes": []}"#;
        let sized = |sizes: &str, source_pt: &str| {
            let instances = format!(
                r#"{{"instances":[{{"provider":"aws","accelerator":"x","instance":"x.8","gpus_per_instance":8,"networks":["eth-25"],"rent_sizes":{sizes},"rent_sizes_source":"s","rent_sizes_source_pt":"{source_pt}","source":"s","source_pt":"s (pt)","as_of":"2024-01-01"}}]}}"#
            );
            from_json_with_instances(acc, prov, price, programs, &instances)
        };
        let ok = sized("[1, 2, 4, 8]", "s (pt)");
        assert_eq!(
            ok.as_ref().map(|c| c.rent_sizes("aws", "x").to_vec()),
            Ok(vec![1, 2, 4, 8])
        );
        assert_eq!(ok.map(|c| c.rent_sizes("aws", "y").len()), Ok(0));
        let what = "instance aws/x";
        let refused = [
            ("[]", format!("{what}: rent_sizes is empty")),
            ("[0, 8]", format!("{what}: rent_sizes holds a size of 0")),
            (
                "[4, 2, 8]",
                format!("{what}: rent_sizes [4, 2, 8] is not strictly ascending"),
            ),
            (
                "[1, 1, 8]",
                format!("{what}: rent_sizes [1, 1, 8] is not strictly ascending"),
            ),
            (
                "[1, 4]",
                format!("{what}: the largest of rent_sizes [1, 4] is not gpus_per_instance 8"),
            ),
            (
                "[1, 16]",
                format!("{what}: the largest of rent_sizes [1, 16] is not gpus_per_instance 8"),
            ),
        ];
        for (sizes, want) in refused {
            assert_eq!(sized(sizes, "s (pt)").unwrap_err().0, want, "{sizes}");
        }
        assert_eq!(
            sized("[8]", "").unwrap_err().0,
            format!("{what}: rent_sizes_source has no Portuguese text: add rent_sizes_source_pt next to it")
        );
        // The built-in catalog, as the sources give it (issue 44): AWS rents one H100
        // (p5.4xlarge, 2025) or eight; Modal any count up to 8; the 8-GPU-only machines [8].
        let c = catalog();
        assert_eq!(c.rent_sizes("aws", "h100-sxm"), [1, 8]);
        assert_eq!(c.rent_sizes("aws", "a100-40gb"), [8]);
        assert_eq!(c.rent_sizes("aws", "l40s"), [1, 4, 8]);
        assert_eq!(c.rent_sizes("modal", "h100-sxm"), [1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(c.rent_sizes("lambda", "b200"), [1, 2, 4, 8]);
        assert_eq!(c.rent_sizes("nosuch", "h100-sxm"), [0_u32; 0]);
        for i in &c.instances {
            assert_eq!(
                c.rent_sizes(&i.provider, &i.accelerator).last(),
                Some(&i.gpus_per_instance),
                "{}/{}",
                i.provider,
                i.accelerator
            );
        }
        // The check could fail on the built-in catalog too.
        let mut bad = c.clone();
        bad.instances[0].rent_sizes = Cow::Owned(vec![8, 1]);
        assert!(bad.validate().is_err());
    }
}
