//! The GPU Rent Hub data files as written in `data/`: strict keys, no meaning checked yet.

use std::collections::BTreeMap;

use rust_decimal::Decimal;
use serde::Deserialize;
use serde_saphyr::Spanned;

/// A reference to another record, with where it was written.
pub type Ref = Spanned<String>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardsFile {
    pub cards: Vec<CardRaw>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardRaw {
    pub id: Spanned<String>,
    pub name: String,
    pub vendor: String,
    pub vram_gb: u32,
    pub memory: Option<String>,
    pub bandwidth_tbs: Option<Decimal>,
    #[serde(default)]
    pub fp8: bool,
    #[serde(default)]
    pub ecc: bool,
    /// Software stack worth naming (e.g. `ROCm 6.4`).
    pub software: Option<String>,
    pub tdp_w: Option<u32>,
    pub interconnect: Ref,
    pub bf16_tflops: Option<Sourced>,
    pub price: Option<PriceRaw>,
    /// Cards free now per region id. Absent: not stocked in the catalog.
    pub free_now: Option<BTreeMap<String, u32>>,
    pub local_nvme_tb: Option<Decimal>,
    /// The catalog's pick badge.
    #[serde(default)]
    pub pick: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct Sourced {
    pub value: Decimal,
    pub source: String,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct PriceRaw {
    pub weekly_usd: Decimal,
    pub monthly_usd: Decimal,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegionsFile {
    pub regions: Vec<RegionRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct RegionRaw {
    pub id: String,
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
    pub params: f64,
    /// The exact parameter count of the checkpoint.
    pub params_exact: f64,
    pub layers: u32,
    pub hidden: u32,
    pub intermediate: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub vocab: u32,
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
    pub eta: f64,
    /// Fixed per-job safety reserve, GB.
    pub runtime_reserve_gb: f64,
    /// Adapter parameters as a share of the model at `lora_rank`.
    pub adapter_fraction: f64,
    pub lora_rank: u32,
    /// Bytes per adapter parameter: weight 2 + grad 2 + master 4 + Adam 8.
    pub adapter_bytes_per_param: f64,
    pub seq_len: u32,
    pub batch: u32,
    pub grad_checkpointing: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MethodRaw {
    pub id: Spanned<String>,
    /// Resident base-weight bytes per parameter.
    pub base_bytes: f64,
    /// `full`: every parameter trains; `adapter`: only the adapters do.
    pub trains: Trains,
    /// Bytes per trainable parameter beyond the weights, by what they hold (full training).
    #[serde(default)]
    pub state_bytes: BTreeMap<String, f64>,
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
    pub headroom: Decimal,
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
    pub hours_per_month: u32,
    pub multi_card: MultiCardRaw,
    pub bundles: Vec<BundleRaw>,
    pub market: MarketRaw,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MultiCardRaw {
    /// Discount by card count.
    pub discounts: BTreeMap<u32, Decimal>,
    pub significant_figures: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BundleRaw {
    pub id: Spanned<String>,
    pub card: Ref,
    pub count: u32,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MarketRaw {
    pub break_even_round_hours: Decimal,
    /// The utilisation window the break-even is judged over (two weeks: 336 h).
    pub window_hours: u32,
    pub rates: Vec<MarketRateRaw>,
}

/// An illustrative on-demand hourly range for one card, with where it comes from.
#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MarketRateRaw {
    pub card: Ref,
    pub hourly_low_usd: Decimal,
    pub hourly_high_usd: Decimal,
    pub source: String,
}

/// `data/training.yaml`: the training-time model (ARITHMETIC.md §4) and the default jobs.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingFile {
    /// Model-FLOPs utilisation: the low end gives the long time, the high end the short one.
    pub mfu: RangeRaw,
    pub tokens_per_example: u32,
    /// FLOPs per parameter per token, by what trains and whether activations are recomputed.
    pub flops_per_param_token: FlopsRaw,
    pub jobs: Vec<TrainingJobRaw>,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct RangeRaw {
    pub low: f64,
    pub high: f64,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct FlopsRaw {
    pub full: KRaw,
    pub adapter: KRaw,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct KRaw {
    pub checkpointing: f64,
    pub no_checkpointing: f64,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingJobRaw {
    pub id: Spanned<String>,
    pub model: Ref,
    pub method: Ref,
    pub examples: u32,
    pub epochs: u32,
    /// Overrides the file's `tokens_per_example` for this job.
    pub tokens_per_example: Option<u32>,
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
    pub max_cards: Option<u32>,
    /// Fluent key of a note under the cards' names (B200: "2-, 4- or 8-way").
    pub group_note: Option<Ref>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct BandwidthRaw {
    pub gbs: Decimal,
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

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct StorageFile {
    pub extra_nvme: ExtraNvme,
    pub network_volume: NetworkVolume,
    pub snapshots: Snapshots,
    pub egress: Egress,
    pub encryption: String,
    pub wipe_days: u32,
    pub renewal_notice_hours: u32,
    pub hold_hours: u32,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct ExtraNvme {
    pub usd_per_tb_month: Decimal,
    pub max_tb_per_node: u32,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct NetworkVolume {
    pub usd_per_tb_month: Decimal,
    pub replicas: u32,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Snapshots {
    pub usd_per_tb_month: Decimal,
}

#[derive(Debug, Deserialize, Clone, Copy)]
#[serde(deny_unknown_fields)]
pub struct Egress {
    pub included_tb_per_month: u32,
    pub usd_per_tb_over: Decimal,
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
