//! The GPU Rent Hub data files as written in `data/`: strict keys, no meaning checked yet.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_saphyr::Spanned;

/// A reference to another record, with where it was written.
pub type Ref = Spanned<String>;

/// A value with where it was written, so its range check can point at it.
pub type S<T> = Spanned<T>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    /// The day the `free_now` counts were taken (YYYY-MM-DD): shown beside every stock figure,
    /// so a static page never passes a snapshot off as live.
    pub stock_as_of: Option<S<String>>,
    pub cards: Vec<CardRaw>,
}

/// The host one rented card comes with: CPU cores, RAM and network, per card.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HostRaw {
    pub cpu_cores: S<u32>,
    pub ram_gb: S<u32>,
    pub network_gbps: S<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRaw {
    pub id: Spanned<String>,
    pub name: String,
    pub vendor: String,
    pub vram_gb: S<u32>,
    pub memory: Option<String>,
    pub bandwidth_tbs: Option<S<Decimal>>,
    #[serde(default)]
    pub fp8: bool,
    #[serde(default)]
    pub ecc: bool,
    /// Software stack worth naming (e.g. `ROCm 6.4`).
    pub software: Option<String>,
    pub tdp_w: Option<S<u32>>,
    pub interconnect: Ref,
    pub bf16_tflops: Option<SourcedRaw>,
    pub price: Option<PriceRaw>,
    /// Cards free now per region id. Absent: not stocked in the catalog.
    pub free_now: Option<BTreeMap<String, S<u32>>>,
    pub local_nvme_tb: Option<S<Decimal>>,
    /// What the machine around one card comes with. The seeds give none of it.
    pub host: Option<HostRaw>,
    /// The catalog's pick badge.
    #[serde(default)]
    pub pick: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SourcedRaw {
    pub value: S<Decimal>,
    pub source: String,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PriceRaw {
    pub weekly_usd: S<Decimal>,
    pub monthly_usd: S<Decimal>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionsFile {
    pub regions: Vec<RegionRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RegionRaw {
    pub id: Spanned<String>,
    /// The code readers see (`DFW-1`).
    pub code: String,
    /// Fluent key suffix of the city name: `city-<city>`.
    pub city: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModelsFile {
    pub models: Vec<ModelRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ModelRaw {
    pub id: Spanned<String>,
    pub name: String,
    /// Size class shown to readers (`7B`).
    pub size: String,
    /// Parameters used by the published tables: the nominal size (7e9 for a "7B").
    pub params: S<f64>,
    /// The exact parameter count of the checkpoint.
    pub params_exact: S<f64>,
    pub layers: S<u32>,
    pub hidden: S<u32>,
    pub intermediate: S<u32>,
    pub heads: S<u32>,
    pub kv_heads: S<u32>,
    pub vocab: S<u32>,
    #[allow(
        dead_code,
        reason = "where the architecture comes from: required in data, for its reader"
    )]
    pub source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MethodsFile {
    pub memory_model: MemoryModelRaw,
    pub methods: Vec<MethodRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MemoryModelRaw {
    /// Overhead on trainable state: gradient buckets, partition buffers, fragmentation.
    pub eta: S<f64>,
    /// Fixed per-job safety reserve, GB.
    pub runtime_reserve_gb: S<f64>,
    /// Adapter parameters as a share of the model at `lora_rank`.
    pub adapter_fraction: S<f64>,
    pub lora_rank: S<u32>,
    /// Bytes per adapter parameter: weight 2 + grad 2 + master 4 + Adam 8.
    pub adapter_bytes_per_param: S<f64>,
    pub seq_len: S<u32>,
    pub batch: S<u32>,
    pub grad_checkpointing: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MethodRaw {
    pub id: Spanned<String>,
    /// Resident base-weight bytes per parameter.
    pub base_bytes: S<f64>,
    /// `full`: every parameter trains; `adapter`: only the adapters do.
    pub trains: Trains,
    /// Bytes per trainable parameter beyond the weights, by what they hold (full training).
    #[serde(default)]
    pub state_bytes: BTreeMap<String, S<f64>>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Trains {
    Full,
    Adapter,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitFile {
    /// A pick fits when the need is at most this share of the card's memory.
    pub headroom: S<Decimal>,
    pub rows: Vec<FitRowRaw>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitRowRaw {
    pub model: Ref,
    pub method: Ref,
    /// A card id or a bundle id.
    pub pick: Ref,
    /// Fluent key of a note under the job.
    pub note: Option<Ref>,
    /// Fluent key of a note under the pick.
    pub pick_note: Option<Ref>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PricingFile {
    pub hours_per_month: S<u32>,
    pub multi_card: MultiCardRaw,
    pub bundles: Vec<BundleRaw>,
    pub market: MarketRaw,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiCardRaw {
    /// Discount by card count.
    pub discounts: BTreeMap<u32, S<Decimal>>,
    pub significant_figures: S<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BundleRaw {
    pub id: Spanned<String>,
    pub card: Ref,
    pub count: S<u32>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MarketRaw {
    pub break_even_round_hours: S<Decimal>,
    /// The utilisation window the break-even is judged over (two weeks: 336 h).
    pub window_hours: S<u32>,
    pub rates: Vec<MarketRateRaw>,
}

/// An illustrative on-demand hourly range for one card, with where it comes from.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MarketRateRaw {
    pub card: Ref,
    pub hourly_low_usd: S<Decimal>,
    pub hourly_high_usd: S<Decimal>,
    pub source: String,
}

/// `data/training.yaml`: the training-time model (ARITHMETIC.md §4) and the default jobs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingFile {
    /// Model-FLOPs utilisation: the low end gives the long time, the high end the short one.
    pub mfu: RangeRaw,
    pub tokens_per_example: S<u32>,
    /// FLOPs per parameter per token, by what trains and whether activations are recomputed.
    pub flops_per_param_token: FlopsRaw,
    pub jobs: Vec<TrainingJobRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RangeRaw {
    pub low: S<f64>,
    pub high: S<f64>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct FlopsRaw {
    pub full: KRaw,
    pub adapter: KRaw,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct KRaw {
    pub checkpointing: S<f64>,
    pub no_checkpointing: S<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingJobRaw {
    pub id: Spanned<String>,
    pub model: Ref,
    pub method: Ref,
    pub examples: S<u32>,
    pub epochs: S<u32>,
    /// Overrides the file's `tokens_per_example` for this job.
    pub tokens_per_example: Option<S<u32>>,
    /// Gradient checkpointing for this job (default: the memory model's setting).
    pub grad_checkpointing: Option<bool>,
    /// A card id or a bundle id.
    pub offer: Ref,
    /// Where the job comes from.
    pub source: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterconnectsFile {
    pub interconnects: Vec<InterconnectRaw>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InterconnectRaw {
    pub id: Spanned<String>,
    /// Fluent key suffix of the link's name: `link-<link>`.
    pub link: String,
    /// Bandwidth options, GB/s, with an optional label (`Gen4 x16`).
    pub bandwidth: Vec<BandwidthRaw>,
    pub sharding: Sharding,
    /// Card count for `up-to`.
    pub max_cards: Option<S<u32>>,
    /// Fluent key of a note under the cards' names (B200: "2-, 4- or 8-way").
    pub group_note: Option<Ref>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct BandwidthRaw {
    pub gbs: S<Decimal>,
    #[serde(default)]
    pub approx: bool,
    pub label: Option<String>,
}

#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Sharding {
    UpTo,
    EightWayOnly,
    Pairs,
    DataParallelOnly,
    SingleCard,
}

impl Sharding {
    /// Whether the link lets a job's weights and state be split over several cards.
    pub fn allows_sharding(self) -> bool {
        matches!(
            self,
            Sharding::UpTo | Sharding::EightWayOnly | Sharding::Pairs
        )
    }
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct StorageFile {
    pub extra_nvme: ExtraNvmeRaw,
    pub network_volume: NetworkVolumeRaw,
    pub snapshots: SnapshotsRaw,
    pub egress: EgressRaw,
    pub encryption: String,
    pub wipe_days: S<u32>,
    pub renewal_notice_hours: S<u32>,
    pub hold_hours: S<u32>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ExtraNvmeRaw {
    pub usd_per_tb_month: S<Decimal>,
    pub max_tb_per_node: S<u32>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct NetworkVolumeRaw {
    pub usd_per_tb_month: S<Decimal>,
    pub replicas: S<u32>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct SnapshotsRaw {
    pub usd_per_tb_month: S<Decimal>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct EgressRaw {
    pub included_tb_per_month: S<u32>,
    pub usd_per_tb_over: S<Decimal>,
}

/// `data/images.yaml`: the OS images the operator offers, each with its driver and toolkit. The
/// seeds name none; an empty list leaves every card page saying so, and check warns.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImagesFile {
    pub images: Vec<ImageRaw>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ImageRaw {
    pub id: Spanned<String>,
    /// The image's name as the ordering system shows it.
    pub name: String,
    /// The operating system and its version (`Ubuntu 22.04`).
    pub os: String,
    /// The GPU driver version.
    pub driver: String,
    /// The GPU toolkit it comes with (`CUDA 12.4`, `ROCm 6.4`).
    pub toolkit: String,
    /// The cards it is for: those of this vendor.
    pub vendor: Vendor,
}

/// A GPU vendor, as cards.yaml writes it.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Vendor {
    Nvidia,
    Amd,
}

impl Vendor {
    /// As cards.yaml's `vendor` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Vendor::Nvidia => "nvidia",
            Vendor::Amd => "amd",
        }
    }
}

/// The operator's service terms (in ordering.yaml): each key optional, since the seeds give none;
/// what is unset, the renting page says is not listed, and check warns.
#[derive(Debug, Deserialize, Clone, Default)]
#[serde(deny_unknown_fields)]
pub struct ServiceRaw {
    /// The uptime the operator commits to, in percent (90..=100).
    pub uptime_sla_percent: Option<S<Decimal>>,
    pub refund: Option<Refund>,
    pub failure: Option<Failure>,
    /// Minutes from a confirmed payment to a ready instance.
    pub provisioning_minutes: Option<S<u32>>,
    /// The terms of service: an absolute https URL.
    pub terms_url: Option<S<String>>,
}

/// What is refunded when a rental ends early.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Refund {
    /// Nothing.
    None,
    /// Unused whole days, pro rata.
    UnusedDays,
    /// Only before the term starts.
    BeforeStart,
}

/// What happens when a rented card fails.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Failure {
    /// Replaced in the same region.
    Replace,
    /// Replaced, or the lost time credited pro rata.
    ReplaceOrCredit,
}

/// `data/ordering.yaml` (optional): where a Rent action leads. The ordering system is not this
/// site; without the file, no offer has a Rent link and the build warns.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct OrderingFile {
    /// An absolute http(s) URL with `{offer}` and optionally `{term}` (`week` or `month`) and
    /// `{region}` (a region id), filled in for each offer.
    pub order_url: S<String>,
    /// Where a buyer asks before ordering: `mailto:…` or an http(s) URL, shown in every page's
    /// footer. The seeds give none; without it, check warns.
    #[serde(default)]
    pub contact: Option<S<String>>,
    /// The operator's service terms; without them, check warns.
    #[serde(default)]
    pub service: Option<ServiceRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct PaymentsFile {
    pub coins: Vec<Coin>,
    #[allow(
        dead_code,
        reason = "documents the terms; the pages state them in prose"
    )]
    pub identity_checks: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Coin {
    pub code: String,
    #[allow(dead_code, reason = "the coin's full name, kept with its code in data")]
    pub name: String,
}
