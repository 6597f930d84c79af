//! Model M2 (ARITHMETIC.md §7): the GPU memory of a fine-tuning job, per card and term by term,
//! from the model's architecture. Pure arithmetic: no I/O, no formatting. Every quantity of
//! memory is a [`Bytes`], so a job is never compared with a card in another unit.

use std::iter::Sum;
use std::ops::{Add, Div, Mul, Sub};

/// A quantity of memory, in bytes. Jobs and cards are both counted in it.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd, Default)]
pub struct Bytes(f64);

impl Bytes {
    pub const ZERO: Bytes = Bytes(0.0);
    /// `n` binary mebibytes, as `nvidia-smi` reports a card.
    pub fn from_mib(n: u64) -> Bytes {
        Bytes(n as f64 * 1_048_576.0)
    }
    /// `n` decimal gigabytes (10⁹ bytes).
    pub fn from_gb(n: f64) -> Bytes {
        Bytes(n * 1e9)
    }
    #[cfg(test)]
    pub fn get(self) -> f64 {
        self.0
    }
    /// In GiB = 2³⁰ bytes, the unit vendors rate cards in.
    pub fn gib(self) -> f64 {
        self.0 / 1_073_741_824.0
    }
    /// In GB = 10⁹ bytes, the unit the pages print.
    pub fn gb(self) -> f64 {
        self.0 / 1e9
    }
    /// Whole bytes, as the exports write them.
    pub fn whole(self) -> u64 {
        self.0.round().max(0.0) as u64
    }
    /// Whole GB, rounded up, after rounding to a kilobyte so float noise cannot push an exact
    /// integer up: the figure the pages print.
    pub fn ceil_gb(self) -> u64 {
        let t = (self.0 / 1e3).round() / 1e6;
        t.ceil().max(0.0) as u64
    }
    /// Tenths of a GB, rounded up the same way: the per-card figure of a multi-card job.
    pub fn ceil_tenth_gb(self) -> f64 {
        let t = (self.0 / 1e3).round() / 1e5;
        t.ceil().max(0.0) / 10.0
    }
    /// This as a share of `of` (0.87 for 87%).
    pub fn share_of(self, of: Bytes) -> f64 {
        if of.0 > 0.0 {
            self.0 / of.0
        } else {
            f64::INFINITY
        }
    }
}

impl serde::Serialize for Bytes {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u64(self.whole())
    }
}

impl Add for Bytes {
    type Output = Bytes;
    fn add(self, o: Bytes) -> Bytes {
        Bytes(self.0 + o.0)
    }
}

impl Sub for Bytes {
    type Output = Bytes;
    fn sub(self, o: Bytes) -> Bytes {
        Bytes(self.0 - o.0)
    }
}

impl Mul<f64> for Bytes {
    type Output = Bytes;
    fn mul(self, k: f64) -> Bytes {
        Bytes(self.0 * k)
    }
}

impl Div<f64> for Bytes {
    type Output = Bytes;
    fn div(self, k: f64) -> Bytes {
        Bytes(self.0 / k)
    }
}

impl Sum for Bytes {
    fn sum<I: Iterator<Item = Bytes>>(it: I) -> Bytes {
        Bytes(it.map(|b| b.0).sum())
    }
}

/// A transformer's shapes, as its `config.json` gives them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct Arch {
    pub layers: u32,
    pub hidden: u32,
    pub intermediate: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub vocab: u32,
    /// The output head shares the input embeddings' matrix.
    pub tied_embeddings: bool,
    /// The q, k and v projections carry a bias (Qwen2).
    pub attention_bias: bool,
}

/// A linear layer of a decoder block: what LoRA can target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Module {
    Q,
    K,
    V,
    O,
    Gate,
    Up,
    Down,
}

impl Module {
    pub const ALL: [Module; 7] = [
        Module::Q,
        Module::K,
        Module::V,
        Module::O,
        Module::Gate,
        Module::Up,
        Module::Down,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Module::Q => "q",
            Module::K => "k",
            Module::V => "v",
            Module::O => "o",
            Module::Gate => "gate",
            Module::Up => "up",
            Module::Down => "down",
        }
    }
    pub fn parse(s: &str) -> Option<Module> {
        Module::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// A set of target modules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Targets(u8);

impl Targets {
    pub const ALL_LINEAR: Targets = Targets(0x7f);
    pub fn of(modules: impl IntoIterator<Item = Module>) -> Targets {
        Targets(modules.into_iter().fold(0, |acc, m| acc | (1 << m as u8)))
    }
    pub fn contains(self, m: Module) -> bool {
        self.0 & (1 << m as u8) != 0
    }
    pub fn iter(self) -> impl Iterator<Item = Module> {
        Module::ALL.into_iter().filter(move |m| self.contains(*m))
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// `q,k,v,o,gate,up,down`.
    pub fn names(self) -> String {
        self.iter().map(Module::name).collect::<Vec<_>>().join(",")
    }
}

impl serde::Serialize for Targets {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter().map(Module::name))
    }
}

impl Arch {
    pub fn head_dim(&self) -> f64 {
        f64::from(self.hidden) / f64::from(self.heads.max(1))
    }
    /// Width of the k and v projections: kv heads × head size (smaller than hidden under
    /// grouped-query attention).
    pub fn kv_dim(&self) -> f64 {
        f64::from(self.kv_heads) * self.head_dim()
    }
    /// A module's input and output widths.
    pub fn shape(&self, m: Module) -> (f64, f64) {
        let (h, i, kv) = (
            f64::from(self.hidden),
            f64::from(self.intermediate),
            self.kv_dim(),
        );
        match m {
            Module::Q | Module::O => (h, h),
            Module::K | Module::V => (h, kv),
            Module::Gate | Module::Up => (h, i),
            Module::Down => (i, h),
        }
    }
    /// The parameter count by kind.
    pub fn params(&self) -> Params {
        let (h, l, v) = (
            f64::from(self.hidden),
            f64::from(self.layers),
            f64::from(self.vocab),
        );
        let per_layer: f64 = Module::ALL
            .iter()
            .map(|m| {
                let (a, b) = self.shape(*m);
                a * b
            })
            .sum();
        let bias = if self.attention_bias {
            l * (h + 2.0 * self.kv_dim())
        } else {
            0.0
        };
        Params {
            linear: l * per_layer,
            embeddings: v * h,
            head: if self.tied_embeddings { 0.0 } else { v * h },
            // Two RMSNorm weights per layer and the final norm.
            norms: l * 2.0 * h + h,
            bias,
        }
    }
    /// LoRA parameters: rank × (d_in + d_out) on each target module of every layer.
    pub fn adapter_params(&self, rank: u32, targets: Targets) -> f64 {
        let per_layer: f64 = targets
            .iter()
            .map(|m| {
                let (a, b) = self.shape(m);
                a + b
            })
            .sum();
        f64::from(self.layers) * f64::from(rank) * per_layer
    }
    /// The largest linear layer's weight count (the MLP's).
    pub fn largest_linear(&self) -> f64 {
        Module::ALL
            .iter()
            .map(|m| {
                let (a, b) = self.shape(*m);
                a * b
            })
            .fold(0.0, f64::max)
    }
}

/// Parameter counts by kind.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Params {
    /// The seven projections of every layer.
    pub linear: f64,
    pub embeddings: f64,
    /// The output head (0 when tied to the embeddings).
    pub head: f64,
    pub norms: f64,
    pub bias: f64,
}

impl Params {
    pub fn total(&self) -> f64 {
        self.linear + self.embeddings + self.head + self.norms + self.bias
    }
}

/// How the base model's linear layers are held.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Precision {
    Bf16,
    /// 4-bit NormalFloat with double-quantised constants (bitsandbytes).
    Nf4,
}

/// What trains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Trains {
    /// Every parameter.
    Full,
    /// LoRA adapters on the target modules; the base is frozen.
    Adapter,
}

/// How a job is spread over several cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// Every card holds everything (one card, or plain data parallel).
    None,
    /// ZeRO stage 2: gradients and optimizer state split over the cards.
    Zero2,
    /// ZeRO stage 3 / FSDP full shard: the weights split too.
    Zero3,
}

impl Strategy {
    pub fn parse(s: &str) -> Option<Strategy> {
        match s {
            "none" | "ddp" => Some(Strategy::None),
            "zero2" => Some(Strategy::Zero2),
            "zero3" | "fsdp" => Some(Strategy::Zero3),
            _ => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Strategy::None => "none",
            Strategy::Zero2 => "zero2",
            Strategy::Zero3 => "zero3",
        }
    }
}

/// A fine-tuning method's precisions and state (data/methods.yaml).
#[derive(Debug, Clone, PartialEq)]
pub struct Method {
    pub id: String,
    pub trains: Trains,
    /// The base model's linear layers.
    pub linear: Precision,
    /// Bytes per trained parameter beyond the optimizer's: for full fine-tuning the BF16
    /// gradient and the FP32 master copy (2 + 4); for adapters their FP32 weight and gradient
    /// (4 + 4).
    pub state_bytes: f64,
}

/// The model's constants (data/methods.yaml's `memory_model`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Constants {
    /// Bytes of an unquantised weight and of an activation element (BF16: 2).
    pub bf16_bytes: f64,
    /// NF4: bits per weight, and the quantisation constants' bits per weight.
    pub nf4_bits: f64,
    pub quant_constant_bits: f64,
    /// Per token and vocabulary entry: the FP32 logits, their shifted copy, the log-softmax and
    /// the gradient (the transformers path).
    pub logits_bytes: f64,
    /// Tokens whose logits a chunked cross-entropy materialises at once.
    pub chunk_tokens: u32,
    /// The CUDA or ROCm context, library workspaces and communication buffers of one card.
    pub context: Bytes,
    /// What the caching allocator holds beyond the live tensors: a share of them and a floor.
    pub allocator_share: f64,
    pub allocator_floor: Bytes,
}

/// A job's settings.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Job {
    pub seq_len: u32,
    /// Sequences per card per step.
    pub batch: u32,
    pub grad_checkpointing: bool,
    /// A cross-entropy that never holds all the logits at once (Liger, Apple's CCE).
    pub chunked_ce: bool,
    pub lora_rank: u32,
    pub targets: Targets,
    /// Optimizer state per trained parameter (AdamW: 8; 8-bit AdamW: 2).
    pub optimizer_bytes: f64,
    pub cards: u32,
    pub sharding: Strategy,
}

/// The terms of a job's memory on one card. `total` is `per_card` × `cards`.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Memory {
    pub params: f64,
    pub adapter_params: f64,
    /// The base weights this card holds.
    pub weights: Bytes,
    /// Gradients, master copy or adapter weights, and optimizer state this card holds.
    pub trainable: Bytes,
    /// Activations kept for the backward pass (without the logits).
    pub activations: Bytes,
    /// The logits and their cross-entropy.
    pub logits: Bytes,
    /// Transient buffers: a dequantised layer (QLoRA) and the gathered layers (ZeRO-3).
    pub buffers: Bytes,
    /// The caching allocator's blocks beyond the live tensors.
    pub allocator: Bytes,
    /// The card's runtime context.
    pub context: Bytes,
    pub per_card: Bytes,
    pub cards: u32,
    /// How the job is spread over its cards.
    pub sharding: Strategy,
    pub total: Bytes,
}

impl Memory {
    /// Live tensors at the peak: what `torch.cuda.max_memory_allocated()` reports.
    pub fn allocated(&self) -> Bytes {
        self.weights + self.trainable + self.activations + self.logits + self.buffers
    }
    /// What PyTorch's allocator holds: `max_memory_reserved()`.
    pub fn reserved(&self) -> Bytes {
        self.allocated() + self.allocator
    }
    /// The printed total: the exact total (per card × cards), rounded up to whole GB.
    pub fn published_total_gb(&self) -> u64 {
        self.total.ceil_gb()
    }
    /// One card's figure as the pages print it, rounded up: whole GB on one card, a tenth of a
    /// GB each on several (see `need_cell`).
    pub fn shown_per_card(&self) -> Bytes {
        if self.cards < 2 {
            Bytes::from_gb(self.published_total_gb() as f64)
        } else {
            Bytes::from_gb(self.per_card.ceil_tenth_gb())
        }
    }
    /// All the cards' figure as the pages print it: on one card the whole GB rounded up; on
    /// several, the printed per-card figure times the cards, so the two printed figures multiply.
    pub fn shown_total_gb(&self) -> f64 {
        if self.cards < 2 {
            self.published_total_gb() as f64
        } else {
            (self.per_card.ceil_tenth_gb() * f64::from(self.cards) * 10.0).round() / 10.0
        }
    }
    /// The share of `usable` that the printed figure fills, against the usable memory as printed
    /// (to 0.1 GB), so a reader who divides one printed figure by the other gets the percentage
    /// printed beside them.
    pub fn shown_share(&self, usable: Bytes) -> f64 {
        let printed = (usable.gb() * 10.0).round() / 10.0;
        self.shown_per_card().gb() / printed
    }
    /// The runtime reserve: allocator blocks and context.
    pub fn reserve(&self) -> Bytes {
        self.allocator + self.context
    }
}

/// Bytes of one base weight held at `p`.
pub fn weight_bytes(p: Precision, k: &Constants) -> f64 {
    match p {
        Precision::Bf16 => k.bf16_bytes,
        Precision::Nf4 => (k.nf4_bits + k.quant_constant_bits) / 8.0,
    }
}

/// Model M2: the job's memory on each of its cards.
pub fn memory(arch: &Arch, method: &Method, k: &Constants, job: &Job) -> Memory {
    let p = arch.params();
    let n = f64::from(job.cards.max(1));
    let bf16 = k.bf16_bytes;
    // Weights: linear layers at the method's precision; embeddings, head, norms and biases in
    // BF16 (bitsandbytes quantises only the linear layers of the blocks).
    let base = p.linear * weight_bytes(method.linear, k)
        + (p.embeddings + p.head + p.norms + p.bias) * bf16;
    let weights = Bytes(
        base / if job.sharding == Strategy::Zero3 {
            n
        } else {
            1.0
        },
    );
    let adapter_params = match method.trains {
        Trains::Full => 0.0,
        Trains::Adapter => arch.adapter_params(job.lora_rank, job.targets),
    };
    let trained = match method.trains {
        Trains::Full => p.total(),
        Trains::Adapter => adapter_params,
    };
    // Gradients, master/adapter weights and optimizer state: split under ZeRO-2 and ZeRO-3.
    let state = trained * (method.state_bytes + job.optimizer_bytes);
    let trainable = Bytes(
        state
            / if job.sharding == Strategy::None {
                1.0
            } else {
                n
            },
    );
    let tokens = f64::from(job.batch) * f64::from(job.seq_len);
    let (h, l) = (f64::from(arch.hidden), f64::from(arch.layers));
    // One layer's saved tensors per token: 6 of hidden width (two norms' inputs and outputs,
    // q, the attention output), k and v at kv width, 4 of MLP width (gate, up, the activation,
    // their product).
    let layer = bf16 * (6.0 * h + 2.0 * arch.kv_dim() + 4.0 * f64::from(arch.intermediate));
    let activations = Bytes(if job.grad_checkpointing {
        // Every layer's input, and one layer recomputed at a time.
        tokens * (bf16 * h * l + layer)
    } else {
        tokens * l * layer
    });
    let logit_tokens = if job.chunked_ce {
        tokens.min(f64::from(k.chunk_tokens))
    } else {
        tokens
    };
    let logits = Bytes(logit_tokens * f64::from(arch.vocab) * k.logits_bytes);
    let mut buffers = 0.0;
    if method.linear == Precision::Nf4 {
        // The layer being multiplied, dequantised to BF16.
        buffers += arch.largest_linear() * bf16;
    }
    if job.sharding == Strategy::Zero3 && n > 1.0 {
        // The layer in use and the one prefetched, gathered whole.
        buffers += 2.0 * (base / l.max(1.0)).min(base);
    }
    let buffers = Bytes(buffers);
    let live = weights + trainable + activations + logits + buffers;
    let allocator = live * k.allocator_share + k.allocator_floor;
    let per_card = live + allocator + k.context;
    Memory {
        params: p.total(),
        adapter_params,
        weights,
        trainable,
        activations,
        logits,
        buffers,
        allocator,
        context: k.context,
        per_card,
        cards: job.cards.max(1),
        sharding: if n > 1.0 {
            job.sharding
        } else {
            Strategy::None
        },
        total: per_card * n,
    }
}

/// GB of the BF16 key/value cache: 2 tensors × layers × kv width × tokens × 2 bytes.
pub fn kv_cache(arch: &Arch, seq: u32, batch: u32, k: &Constants) -> Bytes {
    Bytes(
        2.0 * f64::from(arch.layers)
            * arch.kv_dim()
            * f64::from(seq)
            * f64::from(batch)
            * k.bf16_bytes,
    )
}

/// A model's weights for serving at `bits`: the linear layers at that precision (4 bits: NF4
/// with its quantisation constants), embeddings, head, norms and biases at 16 bits, as the
/// quantisers leave them.
pub fn serving_weights(arch: &Arch, bits: u32, k: &Constants) -> Bytes {
    let p = arch.params();
    let per = match bits {
        16 => k.bf16_bytes,
        4 => (k.nf4_bits + k.quant_constant_bits) / 8.0,
        b => f64::from(b) / 8.0,
    };
    Bytes(p.linear * per + (p.total() - p.linear) * k.bf16_bytes)
}

/// What `cards` cards of `usable` memory each leave for the KV cache when serving `weights`
/// split evenly over them (tensor parallelism) within `limit` (the headroom share) of each:
/// per card, the limit less its share of the weights and the fixed part of the runtime reserve
/// (context and allocator floor; the share of the tensors is a training allocator's, while a
/// serving engine allocates its cache up front); in all, that times the cards. Zero where the
/// weights and the reserve alone pass the limit.
pub fn cache_room(weights: Bytes, cards: u32, usable: Bytes, limit: f64, k: &Constants) -> Bytes {
    let n = f64::from(cards.max(1));
    let per_card = usable.0 * limit - weights.0 / n - (k.context.0 + k.allocator_floor.0);
    Bytes(per_card.max(0.0) * n)
}

/// Tokens of KV cache (all sequences together) that fit in `room`.
pub fn cache_tokens(arch: &Arch, room: Bytes, k: &Constants) -> u64 {
    let per_token = kv_cache(arch, 1, 1, k).0;
    if per_token > 0.0 {
        (room.0 / per_token).floor() as u64
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn llama2_7b() -> Arch {
        Arch {
            layers: 32,
            hidden: 4096,
            intermediate: 11008,
            heads: 32,
            kv_heads: 32,
            vocab: 32000,
            tied_embeddings: false,
            attention_bias: false,
        }
    }

    fn consts() -> Constants {
        Constants {
            bf16_bytes: 2.0,
            nf4_bits: 4.0,
            quant_constant_bits: 0.127,
            logits_bytes: 10.0,
            chunk_tokens: 1024,
            context: Bytes::from_gb(1.0),
            allocator_share: 0.1,
            allocator_floor: Bytes::from_gb(0.5),
        }
    }

    fn job(cards: u32, sharding: Strategy) -> Job {
        Job {
            seq_len: 2048,
            batch: 1,
            grad_checkpointing: true,
            chunked_ce: false,
            lora_rank: 16,
            targets: Targets::ALL_LINEAR,
            optimizer_bytes: 8.0,
            cards,
            sharding,
        }
    }

    #[test]
    fn serving_room_is_the_limit_less_the_weights_share_and_the_fixed_reserve() {
        let k = consts();
        let arch = llama2_7b();
        let w16 = serving_weights(&arch, 16, &k);
        // Every parameter at 2 bytes.
        assert!((w16.gb() - 6_738_415_616.0 * 2.0 / 1e9).abs() < 1e-9);
        // At 4 bits the linear layers shrink, the embeddings and head stay at 16.
        let w4 = serving_weights(&arch, 4, &k);
        let p = arch.params();
        let want = p.linear * 4.127 / 8.0 + (p.total() - p.linear) * 2.0;
        assert!((w4.0 - want).abs() < 1.0);
        // 40 GB usable, 90%: 36 GB a card, less half of 20 GB and the 1.5 GB reserve, twice.
        let room = cache_room(Bytes::from_gb(20.0), 2, Bytes::from_gb(40.0), 0.9, &k);
        assert!((room.gb() - 2.0 * (36.0 - 10.0 - 1.5)).abs() < 1e-9);
        // Weights past the limit leave nothing, never a negative room.
        assert_eq!(
            cache_room(Bytes::from_gb(80.0), 1, Bytes::from_gb(40.0), 0.9, &k),
            Bytes::ZERO
        );
        // Llama 2 7B's cache: 2 × 32 layers × 4096 × 2 bytes = 524,288 bytes a token.
        assert_eq!(cache_tokens(&arch, Bytes(524_288.0 * 1000.5), &k), 1000);
    }

    #[test]
    fn parameter_counts_follow_from_the_shapes() {
        // Llama 2 7B: 6,738,415,616 parameters (its published count).
        assert_eq!(llama2_7b().params().total(), 6_738_415_616.0);
        // Qwen2.5 7B: 7,615,616,512, with q/k/v biases and grouped-query k and v.
        let qwen = Arch {
            layers: 28,
            hidden: 3584,
            intermediate: 18944,
            heads: 28,
            kv_heads: 4,
            vocab: 152_064,
            tied_embeddings: false,
            attention_bias: true,
        };
        assert_eq!(qwen.params().total(), 7_615_616_512.0);
    }

    #[test]
    fn rank_16_on_all_linear_layers_is_a_share_set_by_the_shapes() {
        // Llama 2 7B: 16 × 32 × (3 × 8192 + 8192 + 3 × 15104) = 39,976,960 (0.59%).
        let a = llama2_7b().adapter_params(16, Targets::ALL_LINEAR);
        assert_eq!(a, 39_976_960.0);
        // Grouped-query 70B: about 0.3%.
        let l70 = Arch {
            layers: 80,
            hidden: 8192,
            intermediate: 28672,
            heads: 64,
            kv_heads: 8,
            vocab: 32000,
            tied_embeddings: false,
            attention_bias: false,
        };
        let share = l70.adapter_params(16, Targets::ALL_LINEAR) / l70.params().total();
        assert!((0.0029..0.0031).contains(&share), "{share}");
        // q and v only: 16 × 32 × (8192 + 8192).
        let qv = Targets::of([Module::Q, Module::V]);
        assert_eq!(llama2_7b().adapter_params(16, qv), 8_388_608.0);
    }

    #[test]
    fn qlora_keeps_embeddings_and_head_in_16_bits() {
        let k = consts();
        let m = Method {
            id: "qlora".into(),
            trains: Trains::Adapter,
            linear: Precision::Nf4,
            state_bytes: 8.0,
        };
        let a = llama2_7b();
        let got = memory(&a, &m, &k, &job(1, Strategy::None));
        let p = a.params();
        let expect = p.linear * 4.127 / 8.0 + (p.embeddings + p.head + p.norms) * 2.0;
        assert!((got.weights.get() - expect).abs() < 1.0);
        // 16 bytes per adapter parameter: FP32 weight and gradient, and AdamW's two moments.
        assert!((got.trainable.get() - 39_976_960.0 * 16.0).abs() < 1.0);
        // The dequantised MLP matrix: 4096 × 11008 × 2 bytes.
        assert!((got.buffers.get() - 4096.0 * 11008.0 * 2.0).abs() < 1.0);
    }

    #[test]
    fn sharding_splits_what_it_says_and_the_total_is_every_card() {
        let k = consts();
        let full = Method {
            id: "full".into(),
            trains: Trains::Full,
            linear: Precision::Bf16,
            state_bytes: 6.0,
        };
        let a = llama2_7b();
        let one = memory(&a, &full, &k, &job(1, Strategy::None));
        let z2 = memory(&a, &full, &k, &job(8, Strategy::Zero2));
        let z3 = memory(&a, &full, &k, &job(8, Strategy::Zero3));
        assert_eq!(z2.weights, one.weights);
        assert!((z2.trainable.get() * 8.0 - one.trainable.get()).abs() < 1.0);
        assert!((z3.weights.get() * 8.0 - one.weights.get()).abs() < 1.0);
        assert!(z3.buffers > Bytes::ZERO && one.buffers == Bytes::ZERO);
        assert!((z3.total.get() - 8.0 * z3.per_card.get()).abs() < 1e-3);
        assert!(z3.per_card < z2.per_card && z2.per_card < one.per_card);
    }

    #[test]
    fn the_printed_share_is_the_printed_need_over_the_printed_usable_memory() {
        let k = consts();
        let lora = Method {
            id: "lora".into(),
            trains: Trains::Adapter,
            linear: Precision::Bf16,
            state_bytes: 8.0,
        };
        let one = memory(&llama2_7b(), &lora, &k, &job(1, Strategy::None));
        // One card: the need in whole GB, rounded up; against 25.757 GB usable, printed 25.8.
        let whole = one.per_card.ceil_gb() as f64;
        assert!((one.shown_per_card().gb() - whole).abs() < 1e-9);
        let usable = Bytes::from_gb(25.757);
        assert!((one.shown_share(usable) - whole / 25.8).abs() < 1e-12);
        // Several cards: the per-card figure to the next 0.1 GB.
        let two = memory(&llama2_7b(), &lora, &k, &job(2, Strategy::Zero3));
        assert!((two.shown_per_card().gb() - two.per_card.ceil_tenth_gb()).abs() < 1e-9);
        assert!(two.shown_per_card() >= two.per_card);
    }

    #[test]
    fn checkpointing_and_chunked_cross_entropy_cut_what_they_say() {
        let k = consts();
        let lora = Method {
            id: "lora".into(),
            trains: Trains::Adapter,
            linear: Precision::Bf16,
            state_bytes: 8.0,
        };
        let a = llama2_7b();
        let mut j = job(1, Strategy::None);
        let with = memory(&a, &lora, &k, &j);
        // 2,048 × (2 × 4096 × 32 + 2 × (6 × 4096 + 2 × 4096 + 4 × 11008)).
        let layer = 2.0 * (6.0 * 4096.0 + 2.0 * 4096.0 + 4.0 * 11008.0);
        assert!((with.activations.get() - 2048.0 * (2.0 * 4096.0 * 32.0 + layer)).abs() < 1.0);
        assert!((with.logits.get() - 2048.0 * 32000.0 * 10.0).abs() < 1.0);
        j.grad_checkpointing = false;
        let without = memory(&a, &lora, &k, &j);
        assert!((without.activations.get() - 2048.0 * 32.0 * layer).abs() < 1.0);
        j.chunked_ce = true;
        let chunked = memory(&a, &lora, &k, &j);
        assert!((chunked.logits.get() - 1024.0 * 32000.0 * 10.0).abs() < 1.0);
    }

    #[test]
    fn bytes_round_up_to_whole_gb_without_float_noise() {
        assert_eq!(Bytes::from_gb(24.0).ceil_gb(), 24);
        assert_eq!(Bytes::from_gb(24.001).ceil_gb(), 25);
        assert_eq!(Bytes::from_mib(81_920).whole(), 85_899_345_920);
        assert!((Bytes::from_gb(1.0).share_of(Bytes::from_gb(4.0)) - 0.25).abs() < 1e-12);
    }
}
