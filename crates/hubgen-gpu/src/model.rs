//! The validated GPU Rent Hub catalog: every reference resolved, every value checked, with the
//! place each record came from so later checks can point back at it.

use std::collections::HashMap;
use std::path::PathBuf;

use rust_decimal::Decimal;

use super::schema::*;
use hubgen_engine::ext::{Code, Diagnostic, Pos};

/// Where a record or value was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loc {
    pub file: PathBuf,
    pub pos: Pos,
}

impl Loc {
    pub fn error(&self, code: Code, message: impl Into<String>, texts: &DataTexts) -> Diagnostic {
        self.place(Diagnostic::error(code, message), texts)
    }

    pub fn warning(&self, code: Code, message: impl Into<String>, texts: &DataTexts) -> Diagnostic {
        self.place(Diagnostic::warning(code, message), texts)
    }

    fn place(&self, d: Diagnostic, texts: &DataTexts) -> Diagnostic {
        let d = d.in_file(&self.file);
        match texts.get(&self.file) {
            Some(t) => d.at_in(self.pos, t),
            None => d.at(self.pos),
        }
    }
}

/// The text of each data file, for error snippets.
pub type DataTexts = HashMap<PathBuf, String>;

/// A card's weekly and monthly price, checked.
#[derive(Debug, Clone, Copy)]
pub struct Price {
    pub weekly_usd: Decimal,
    pub monthly_usd: Decimal,
}

/// A figure with where it comes from.
#[derive(Debug, Clone)]
pub struct Sourced {
    pub value: Decimal,
    pub source: String,
}

#[derive(Debug, Clone)]
pub struct Region {
    pub id: String,
    /// The code readers see (`DFW-1`).
    pub code: String,
    /// Fluent key suffix of the city name: `city-<city>`.
    pub city: String,
}

/// The memory model (ARITHMETIC.md §7, Model M2), checked: its constants, the published tables'
/// job, and the optimizers a job may name.
#[derive(Debug, Clone)]
pub struct MemoryModel {
    pub constants: Constants,
    /// The published tables' job on one card.
    pub defaults: Job,
    /// The name of the default optimizer.
    pub optimizer: String,
    /// How a job on a bundle is split over its cards.
    pub multi_card_sharding: Strategy,
    /// Optimizer state bytes per trained parameter, by name, in data order.
    pub optimizers: Vec<(String, f64)>,
}

impl MemoryModel {
    pub fn optimizer_bytes(&self, name: &str) -> Option<f64> {
        self.optimizers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, b)| *b)
    }
}

pub use super::memory::{Arch, Bytes, Constants, Job, Method, Strategy};

/// FLOPs per parameter per token, by what trains.
#[derive(Debug, Clone, Copy)]
pub struct Flops {
    pub full: K,
    pub adapter: K,
}

#[derive(Debug, Clone, Copy)]
pub struct K {
    pub checkpointing: f64,
    pub no_checkpointing: f64,
}

#[derive(Debug, Clone)]
pub struct Bandwidth {
    pub gbs: Decimal,
    pub approx: bool,
    pub label: Option<String>,
    /// The total split over this many equal links.
    pub links: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct Storage {
    pub extra_nvme: ExtraNvme,
    pub network_volume: NetworkVolume,
    pub snapshots: Snapshots,
    pub egress: Egress,
    pub encryption: String,
    pub wipe_days: u32,
    pub renewal_notice_hours: u32,
    pub hold_hours: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct ExtraNvme {
    pub usd_per_tb_month: Decimal,
    pub max_tb_per_node: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct NetworkVolume {
    pub usd_per_tb_month: Decimal,
    pub replicas: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct Snapshots {
    pub usd_per_tb_month: Decimal,
}

#[derive(Debug, Clone, Copy)]
pub struct Egress {
    pub included_tb_per_month: u32,
    pub usd_per_tb_over: Decimal,
}

#[derive(Debug, Clone)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub vendor: super::schema::Vendor,
    pub vram_gb: u32,
    pub memory: Option<String>,
    pub bandwidth_tbs: Option<Decimal>,
    pub fp8: bool,
    pub ecc: bool,
    /// ECC is on as rented.
    pub ecc_on: bool,
    pub software: Option<String>,
    pub tdp_w: Option<u32>,
    pub interconnect: usize,
    pub bf16_tflops: Option<Sourced>,
    pub price: Option<Price>,
    /// Per region index.
    pub free_now: Option<Vec<u32>>,
    pub local_nvme_tb: Option<Decimal>,
    pub host: Option<Host>,
    /// What the card offers a job, in bytes (`nvidia-smi` / `amd-smi`); set on every priced card.
    pub usable: Option<Bytes>,
    pub capacity_source: Option<String>,
}

/// What the machine around one rented card comes with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Host {
    pub cpu_cores: u32,
    pub ram_gb: u32,
    pub network_gbps: u32,
}

#[derive(Debug, Clone)]
pub struct Model {
    pub id: String,
    pub name: String,
    #[cfg_attr(
        not(test),
        allow(dead_code, reason = "the vectors test matches jobs by it")
    )]
    pub size: String,
    /// Parameters, counted from the shapes (checked against the published count).
    pub params: f64,
    pub arch: Arch,
}

#[derive(Debug, Clone)]
pub struct FitRow {
    pub model: usize,
    pub method: usize,
    /// A hand override of the computed pick, with its reason's Fluent key.
    pub pick: Option<(OfferRef, String)>,
    pub note: Option<String>,
    pub loc: Loc,
}

/// Something one can rent: one card or a bundle of several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferRef {
    Card(usize),
    Bundle(usize),
}

#[derive(Debug, Clone)]
pub struct Bundle {
    pub id: String,
    pub card: usize,
    pub count: u32,
    pub discount: Decimal,
    /// Whole nodes free now, per region index.
    pub free_nodes: Vec<u32>,
}

#[derive(Debug, Clone)]
pub struct Market {
    pub round_hours: Decimal,
    /// Hours of round-the-clock use the break-even is judged over.
    pub window_hours: u32,
    /// In data order; at most one per card.
    pub rates: Vec<MarketRate>,
    /// The shares of a term the card is busy at which the rate to beat is shown, highest first.
    pub busy_shares: Vec<Decimal>,
}

impl Market {
    pub fn rate_for(&self, card: usize) -> Option<&MarketRate> {
        self.rates.iter().find(|r| r.card == card)
    }
}

/// An illustrative on-demand hourly range for a card.
#[derive(Debug, Clone)]
pub struct MarketRate {
    pub card: usize,
    pub low: Decimal,
    pub high: Decimal,
    pub source: String,
}

/// The training-time model and the default jobs.
#[derive(Debug, Clone)]
pub struct Training {
    pub mfu_low: f64,
    /// The utilisation the pick rule weighs, inside the band.
    pub mfu_ref: f64,
    pub mfu_high: f64,
    /// The share of a term left free; a term covers a job within the rest.
    pub term_margin: f64,
    pub tokens_per_example: u32,
    pub k: Flops,
    /// Measured step-time factors by method id (a method not listed: 1).
    pub step_time: Vec<StepTime>,
    pub jobs: Vec<TrainingJob>,
}

impl Training {
    /// How much slower than its FLOPs a method's step runs: 1 unless `data/` measures it.
    pub fn step_factor(&self, method: &str) -> f64 {
        self.step_time
            .iter()
            .find(|s| s.method == method)
            .map_or(1.0, |s| s.factor)
    }
}

/// A method's measured step time against its FLOP count.
#[derive(Debug, Clone)]
pub struct StepTime {
    pub method: String,
    pub factor: f64,
    pub source: String,
}

#[derive(Debug, Clone)]
pub struct TrainingJob {
    pub id: String,
    pub model: usize,
    pub method: usize,
    pub examples: u32,
    pub epochs: u32,
    pub tokens_per_example: u32,
    pub checkpointing: bool,
    /// A hand override of the computed offer, with its reason's Fluent key.
    pub offer: Option<(OfferRef, String)>,
    pub source: String,
    pub loc: Loc,
}

#[derive(Debug, Clone)]
pub struct Interconnect {
    pub link: String,
    pub bandwidth: Vec<Bandwidth>,
    pub sharding: Sharding,
    pub max_cards: Option<u32>,
    pub group_note: Option<String>,
    /// `bandwidth` is the bus's to the host; cards talk through host memory.
    pub host_staged: bool,
}

/// Everything in `data/`, validated.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub cards: Vec<Card>,
    pub regions: Vec<Region>,
    pub models: Vec<Model>,
    pub memory: MemoryModel,
    pub methods: Vec<Method>,
    pub headroom: Decimal,
    /// Above this share of a card a fit is marked tight.
    pub tight_share: Decimal,
    /// The vendor whose cards the pick rule weighs first (the stack most buyers run); `None`:
    /// every vendor's at once.
    pub pick_vendor: Option<super::schema::Vendor>,
    /// The job whose cost picks an offer: examples and epochs (tokens per example: training's).
    pub reference_job: (u32, u32),
    pub fit_rows: Vec<FitRow>,
    /// Published measured peaks the model is held to (data/calibration.yaml).
    pub calibration: Vec<Run>,
    pub hours_per_month: u32,
    pub significant_figures: u32,
    pub bundles: Vec<Bundle>,
    pub market: Market,
    pub training: Training,
    pub interconnects: Vec<Interconnect>,
    pub storage: Storage,
    /// The coins we accept, in data order.
    pub coins: Vec<Coin>,
    /// Every Fluent key the data names, with where, so the i18n check can find missing ones.
    pub fluent_keys: Vec<(String, Loc)>,
    /// The order URL template of `data/ordering.yaml`, if the site has one.
    pub order_url: Option<String>,
    /// Where a buyer asks before ordering (`data/ordering.yaml`'s `contact`), if it is set.
    pub contact: Option<String>,
    /// The day the stock counts were taken (cards.yaml).
    pub stock_as_of: Option<String>,
    /// The OS images the operator offers (`data/images.yaml`), in data order.
    pub images: Vec<Image>,
    /// The operator's service terms (`data/ordering.yaml`'s `service`), each unset until given.
    pub service: Service,
}

/// What a measured peak counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Measured {
    /// `torch.cuda.max_memory_allocated()`: live tensors.
    Allocated,
    /// `torch.cuda.max_memory_reserved()`: what PyTorch's allocator holds.
    Reserved,
    /// The whole card, as `nvidia-smi` shows it.
    NvidiaSmi,
    /// Not said by the source: compared with what the allocator holds.
    Unstated,
}

/// A published measured peak of a fine-tuning run, resolved.
#[derive(Debug, Clone)]
pub struct Run {
    pub id: String,
    pub source: String,
    pub url: String,
    pub author: String,
    pub framework: String,
    pub versions: Versions,
    pub model: String,
    pub arch: Arch,
    pub method: usize,
    /// The method as the run trained: its state bytes in BF16 for a pure-BF16 run.
    pub as_trained: Method,
    /// Trained weights, gradients and moments all in BF16 (no FP32 master).
    pub pure_bf16: bool,
    /// A GPTQ Int4 base, not bitsandbytes NF4 (estimated as NF4: under 0.1 GB apart at 7B).
    pub gptq_int4: bool,
    pub job: Job,
    pub optimizer: String,
    pub measured: Measured,
    /// Per card.
    pub peak: Bytes,
    /// Why the model is known to come out more than 10% under this run.
    pub under_estimate: Option<String>,
}

/// An OS image the operator offers for the cards of one vendor.
#[derive(Debug, Clone)]
pub struct Image {
    pub name: String,
    pub os: String,
    pub driver: String,
    pub toolkit: String,
    pub vendor: Vendor,
}

/// The operator's service terms, checked; `None` where the data does not set one.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Service {
    /// Percent, 90..=100.
    pub uptime_sla_percent: Option<Decimal>,
    pub refund: Option<Refund>,
    pub failure: Option<Failure>,
    /// Minutes from a confirmed payment to a ready instance.
    pub provisioning_minutes: Option<u32>,
    /// An absolute https URL.
    pub terms_url: Option<String>,
}

impl Service {
    /// The keys of `service:` the data leaves unset, as written in ordering.yaml.
    pub fn unset_keys(&self) -> Vec<&'static str> {
        let Service {
            uptime_sla_percent,
            refund,
            failure,
            provisioning_minutes,
            terms_url,
        } = self;
        [
            ("uptime_sla_percent", uptime_sla_percent.is_none()),
            ("refund", refund.is_none()),
            ("failure", failure.is_none()),
            ("provisioning_minutes", provisioning_minutes.is_none()),
            ("terms_url", terms_url.is_none()),
        ]
        .into_iter()
        .filter(|(_, unset)| *unset)
        .map(|(k, _)| k)
        .collect()
    }
}

impl Catalog {
    /// The memory model's defaults on `cards` cards (split the default way when more than one).
    pub fn job_on(&self, cards: u32) -> Job {
        Job {
            cards: cards.max(1),
            sharding: if cards > 1 {
                self.memory.multi_card_sharding
            } else {
                Strategy::None
            },
            ..self.memory.defaults
        }
    }
    /// The headroom as a share for float comparisons with memory figures.
    pub fn headroom_share(&self) -> f64 {
        use rust_decimal::prelude::ToPrimitive;
        self.headroom.to_f64().unwrap_or(0.9)
    }
    /// The images for the cards of `vendor`, in data order.
    pub fn images_for(&self, vendor: super::schema::Vendor) -> impl Iterator<Item = &Image> + '_ {
        self.images.iter().filter(move |i| i.vendor == vendor)
    }
    pub fn card_index(&self, id: &str) -> Option<usize> {
        self.cards.iter().position(|c| c.id == id)
    }
    pub fn model_index(&self, id: &str) -> Option<usize> {
        self.models.iter().position(|m| m.id == id)
    }
    pub fn method_index(&self, id: &str) -> Option<usize> {
        self.methods.iter().position(|m| m.id == id)
    }
    /// The id of an offer.
    pub fn offer_id(&self, r: OfferRef) -> &str {
        match r {
            OfferRef::Card(i) => &self.cards[i].id,
            OfferRef::Bundle(i) => &self.bundles[i].id,
        }
    }
    /// A card id or a bundle id.
    pub fn offer(&self, id: &str) -> Option<OfferRef> {
        self.card_index(id).map(OfferRef::Card).or_else(|| {
            self.bundles
                .iter()
                .position(|b| b.id == id)
                .map(OfferRef::Bundle)
        })
    }
    pub fn offer_ids(&self) -> Vec<&str> {
        self.cards
            .iter()
            .filter(|c| c.price.is_some())
            .map(|c| c.id.as_str())
            .chain(self.bundles.iter().map(|b| b.id.as_str()))
            .collect()
    }
}
