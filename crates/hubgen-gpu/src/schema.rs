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
    pub vendor: Vendor,
    pub vram_gb: S<u32>,
    pub memory: Option<String>,
    pub bandwidth_tbs: Option<S<Decimal>>,
    #[serde(default)]
    pub fp8: bool,
    #[serde(default)]
    pub ecc: bool,
    /// ECC is on as the card is rented (the datasheet default); `usable_mib` is read in that state.
    #[serde(default)]
    pub ecc_on: bool,
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
    /// What the card offers a job, in MiB, as `nvidia-smi` or `amd-smi` reports it (required
    /// for a priced card).
    pub usable_mib: Option<S<u64>>,
    /// Where `usable_mib` comes from.
    pub capacity_source: Option<String>,
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
    /// The checkpoint's published parameter count; the build checks the count from the shapes
    /// against it.
    pub params: S<f64>,
    /// The shapes, as the model's config.json gives them.
    pub arch: ArchRaw,
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
    /// The model's constants.
    pub constants: ConstantsRaw,
    /// Optimizer state bytes per trained parameter, by optimizer name.
    pub optimizers: BTreeMap<String, S<f64>>,
    /// The published tables' job.
    pub defaults: JobDefaultsRaw,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ConstantsRaw {
    /// Bytes of a BF16 weight or activation element.
    pub bf16_bytes: S<f64>,
    /// NF4: bits per weight, and the double-quantised constants' bits per weight.
    pub nf4_bits: S<f64>,
    pub quant_constant_bits: S<f64>,
    /// Per token and vocabulary entry: FP32 logits, shifted copy, log-softmax, FP32 gradient.
    pub logits_bytes: S<f64>,
    /// Tokens a chunked cross-entropy holds logits for at once.
    pub chunk_tokens: S<u32>,
    /// Per card: CUDA or ROCm context, library workspaces, communication buffers, GB.
    pub context_gb: S<f64>,
    /// The caching allocator's blocks beyond live tensors: a share of them, and a floor in GB.
    pub allocator_share: S<f64>,
    pub allocator_floor_gb: S<f64>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct JobDefaultsRaw {
    pub seq_len: S<u32>,
    pub batch: S<u32>,
    pub grad_checkpointing: bool,
    pub chunked_ce: bool,
    pub lora_rank: S<u32>,
    /// LoRA target modules: q, k, v, o, gate, up, down.
    pub targets: Vec<Spanned<String>>,
    /// A key of `optimizers`.
    pub optimizer: Ref,
    /// How a job on a bundle is split over its cards: zero2 or zero3.
    pub multi_card_sharding: Ref,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MethodRaw {
    pub id: Spanned<String>,
    /// `full`: every parameter trains; `adapter`: only the adapters do.
    pub trains: Trains,
    /// How the base model's linear layers are held: bf16 or nf4.
    pub linear: Precision,
    /// Bytes per trained parameter beyond the optimizer's, by what they hold.
    pub state_bytes: BTreeMap<String, S<f64>>,
}

pub use super::memory::{Precision, Trains};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitFile {
    /// A pick fits when the need is at most this share of the card's usable memory.
    pub headroom: S<Decimal>,
    /// Above this share a fit is marked tight: within the model's error of the headroom.
    pub tight_share: S<Decimal>,
    /// The job whose cost picks the offer: examples × epochs × training.yaml's tokens per example.
    pub reference_job: ReferenceJobRaw,
    /// The vendor whose cards the table picks among first; another's cheaper offer goes beside.
    #[serde(default)]
    pub pick_vendor: Option<Vendor>,
    pub rows: Vec<FitRowRaw>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReferenceJobRaw {
    pub examples: S<u32>,
    pub epochs: S<u32>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FitRowRaw {
    pub model: Ref,
    pub method: Ref,
    /// A hand override of the computed pick: a card id or a bundle id.
    pub pick: Option<Ref>,
    /// Fluent key of a note under the job.
    pub note: Option<Ref>,
    /// Fluent key of the reason for a hand override (required with `pick`).
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
    /// Whole nodes free now per region id (each holds `count` free cards). Absent: none.
    pub free_nodes: Option<BTreeMap<String, S<u32>>>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MarketRaw {
    pub break_even_round_hours: S<Decimal>,
    /// The utilisation window the break-even is judged over (two weeks: 336 h).
    pub window_hours: S<u32>,
    /// The shares of a term the card is busy at which the rate a term must beat is shown.
    pub busy_shares: Vec<S<Decimal>>,
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
    /// Utilisation: the low end gives the long time, the high end the short one, the reference
    /// the figure the pick rule weighs.
    pub mfu: MfuRaw,
    /// The share of every term a job leaves free (setup, checkpoints, evaluation, a restart):
    /// a term covers a job that runs, at the slow end, within the rest of it.
    pub term_margin: S<f64>,
    pub tokens_per_example: S<u32>,
    /// FLOPs per parameter per token, by what trains and whether activations are recomputed.
    pub flops_per_param_token: FlopsRaw,
    /// A method whose step runs slower than its FLOPs say (QLoRA's dequantisation): its hours
    /// are multiplied by the measured factor.
    #[serde(default)]
    pub step_time: Vec<StepTimeRaw>,
    pub jobs: Vec<TrainingJobRaw>,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct StepTimeRaw {
    pub method: Ref,
    /// Time per step against the same job's FLOP count at the same utilisation.
    pub factor: S<f64>,
    /// Where the factor was measured.
    pub source: String,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct MfuRaw {
    pub low: S<f64>,
    pub reference: S<f64>,
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
    /// A hand override of the computed offer: a card id or a bundle id.
    pub offer: Option<Ref>,
    /// Fluent key of the reason for a hand override (required with `offer`).
    pub offer_note: Option<Ref>,
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
    /// Peer-to-peer is off: traffic between cards is staged through host memory, and
    /// `bandwidth` is the bus's to the host, not a card-to-card rate (GeForce RTX 40 and 50).
    #[serde(default)]
    pub host_staged: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct BandwidthRaw {
    pub gbs: S<Decimal>,
    #[serde(default)]
    pub approx: bool,
    pub label: Option<String>,
    /// The total is this many equal links (MI300X: 7 × 128 GB/s); printed beside it.
    pub links: Option<S<u32>>,
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
    /// The vendor's name, as its brand writes it (the same in every language).
    pub fn brand(self) -> &'static str {
        match self {
            Vendor::Nvidia => "NVIDIA",
            Vendor::Amd => "AMD",
        }
    }
    /// The software stack a training job on its cards runs on.
    pub fn stack(self) -> &'static str {
        match self {
            Vendor::Nvidia => "CUDA",
            Vendor::Amd => "ROCm",
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

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CalibrationFile {
    pub runs: Vec<RunRaw>,
}

/// A published measured peak of a fine-tuning run.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunRaw {
    pub id: Spanned<String>,
    pub source: String,
    pub url: Spanned<String>,
    pub author: String,
    pub framework: String,
    /// stated, minimums or unstated.
    pub versions: Versions,
    pub model: String,
    pub arch: ArchRaw,
    /// A method id of methods.yaml.
    pub method: Ref,
    pub lora_rank: Option<S<u32>>,
    /// all-linear, or the modules comma-separated (q,k,v,o,gate,up,down); null: all-linear.
    pub targets: Option<Ref>,
    pub seq_len: S<u32>,
    pub batch: S<u32>,
    pub grad_checkpointing: bool,
    /// A key of methods.yaml's `optimizers`.
    pub optimizer: Ref,
    /// Trained weights, gradients and optimizer moments all in BF16.
    #[serde(default)]
    pub pure_bf16: bool,
    pub gpus: S<u32>,
    /// none, ddp, zero2, zero3 or fsdp.
    pub sharding: Ref,
    /// allocated, reserved, nvidia-smi or unstated.
    pub measured: Ref,
    /// Per GPU, in 10⁹ bytes.
    pub peak_gb: S<f64>,
    /// Why the model is known to come out more than 10% under this run: the Fluent key suffix
    /// `calibration-why-<value>`, shown on the memory page.
    pub under_estimate: Option<Ref>,
    #[allow(
        dead_code,
        reason = "what the source printed, for the reader of the file"
    )]
    pub notes: Option<String>,
    /// A cross-entropy that never holds all logits at once.
    #[serde(default)]
    pub chunked_ce: bool,
    /// A QLoRA run on a GPTQ Int4 checkpoint rather than bitsandbytes NF4 (about 4.16 bits per
    /// weight with group-128 scales and zeros, against NF4's 4.127: under 0.1 GB apart at 7B, so
    /// the estimate stays NF4's; the table says which base the run had).
    #[serde(default)]
    pub gptq_int4: bool,
}

#[derive(Debug, Deserialize, Clone)]
#[serde(deny_unknown_fields)]
pub struct ArchRaw {
    pub layers: S<u32>,
    /// The output head shares the embeddings' matrix (`tied_embeddings`); the q, k and v
    /// projections carry biases (`attention_bias`, Qwen2).
    pub hidden: S<u32>,
    pub intermediate: S<u32>,
    pub heads: S<u32>,
    pub kv_heads: S<u32>,
    pub vocab: S<u32>,
    #[serde(default)]
    pub tied_embeddings: bool,
    #[serde(default)]
    pub attention_bias: bool,
}

/// The optional file of where Rent actions lead.
pub const ORDERING_FILE: &str = "ordering.yaml";

/// How a source gives the versions of the tools it ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Versions {
    /// Exact versions.
    Stated,
    /// Lower bounds (`bitsandbytes>=0.43.0`).
    Minimums,
    /// None.
    Unstated,
}
