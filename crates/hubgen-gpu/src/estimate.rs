//! `hubgen estimate`: the memory model from the command line, for any architecture.

use serde_json::json;

use super::memory::{self, Arch, Job, Memory, Module, Strategy, Targets};
use super::model::{self, Model};
use hubgen_engine::ext::{Diagnostic, code, unknown_name_hint};

/// The job as estimated, and its memory.
pub struct Estimate {
    pub model: Model,
    /// The published count given with `--params`, if any.
    pub params_given: Option<f64>,
    pub method: String,
    pub optimizer: String,
    pub job: Job,
    pub memory: Memory,
}

/// What to estimate: a model from `data/` or an architecture given by its numbers (which override
/// the model's), a method, and the job's settings (default: the site's).
pub struct Input {
    /// The site whose `data/` holds the methods and models.
    pub root: std::path::PathBuf,
    pub model: Option<String>,
    pub params: Option<f64>,
    pub layers: Option<u32>,
    pub hidden: Option<u32>,
    pub intermediate: Option<u32>,
    pub vocab: Option<u32>,
    pub heads: Option<u32>,
    pub kv_heads: Option<u32>,
    pub tied_embeddings: bool,
    pub attention_bias: bool,
    pub method: String,
    pub seq: Option<u32>,
    pub batch: Option<u32>,
    pub no_checkpointing: bool,
    pub chunked_ce: bool,
    pub lora_rank: Option<u32>,
    pub targets: Option<String>,
    pub optimizer: Option<String>,
    pub cards: Option<u32>,
    pub sharding: Option<String>,
}

fn invalid(message: String, hint: impl Into<String>) -> Vec<Diagnostic> {
    vec![Diagnostic::error(code::CLI_INVALID, message).with_hint(hint)]
}

/// The architecture: a model of `data/`, or every shape given on the command line.
fn arch_of(cat: &model::Catalog, args: &Input) -> Result<Model, Vec<Diagnostic>> {
    let mut m = match &args.model {
        Some(id) => cat
            .model_index(id)
            .map(|i| cat.models[i].clone())
            .ok_or_else(|| {
                vec![
                    Diagnostic::error(code::CLI_INVALID, format!("unknown model `{id}`"))
                        .in_file("data/models.yaml")
                        .with_hint(unknown_name_hint(
                            id,
                            cat.models.iter().map(|m| m.id.as_str()),
                        )),
                ]
            })?,
        None => {
            let missing: Vec<&str> = [
                ("--layers", args.layers.is_none()),
                ("--hidden", args.hidden.is_none()),
                ("--intermediate", args.intermediate.is_none()),
                ("--vocab", args.vocab.is_none()),
            ]
            .into_iter()
            .filter_map(|(f, miss)| miss.then_some(f))
            .collect();
            if !missing.is_empty() {
                return Err(invalid(
                    format!(
                        "an architecture needs --layers, --hidden, --intermediate and --vocab (missing: {})",
                        missing.join(", ")
                    ),
                    "or take one from data/ with --model ID; without --heads and --kv-heads the attention is multi-head (k and v as wide as hidden)",
                ));
            }
            Model {
                id: String::new(),
                name: String::new(),
                size: String::new(),
                params: 0.0,
                arch: Arch {
                    layers: 0,
                    hidden: 0,
                    intermediate: 0,
                    heads: 1,
                    kv_heads: 0,
                    vocab: 0,
                    tied_embeddings: false,
                    attention_bias: false,
                },
            }
        }
    };
    let a = &mut m.arch;
    a.layers = args.layers.unwrap_or(a.layers);
    a.hidden = args.hidden.unwrap_or(a.hidden);
    a.intermediate = args.intermediate.unwrap_or(a.intermediate);
    a.vocab = args.vocab.unwrap_or(a.vocab);
    // Without heads, multi-head attention: k and v as wide as the hidden size (any head count
    // with as many kv heads gives that).
    a.heads = args.heads.unwrap_or(a.heads.max(1));
    a.kv_heads = args
        .kv_heads
        .unwrap_or(if a.kv_heads == 0 { a.heads } else { a.kv_heads });
    a.tied_embeddings |= args.tied_embeddings;
    a.attention_bias |= args.attention_bias;
    let positive = [
        ("--layers", a.layers),
        ("--hidden", a.hidden),
        ("--intermediate", a.intermediate),
        ("--vocab", a.vocab),
        ("--heads", a.heads),
        ("--kv-heads", a.kv_heads),
    ];
    if let Some((flag, _)) = positive.iter().find(|(_, v)| *v == 0) {
        return Err(invalid(
            format!("{flag} must be a positive whole number"),
            "e.g. --layers 32 --hidden 4096 --heads 32",
        ));
    }
    if !a.heads.is_multiple_of(a.kv_heads) || !a.hidden.is_multiple_of(a.heads) {
        return Err(invalid(
            format!(
                "{} heads, {} key/value heads and hidden size {} do not divide",
                a.heads, a.kv_heads, a.hidden
            ),
            "kv-heads must divide heads, and heads must divide hidden",
        ));
    }
    m.params = a.params().total();
    if let Some(p) = args.params
        && !(p.is_finite() && p > 0.0)
    {
        return Err(invalid(
            format!("--params must be a positive number, not {p}"),
            "e.g. --params 6.738e9",
        ));
    }
    Ok(m)
}

/// Resolves the input against `data/` and computes the memory.
pub fn estimate(args: &Input) -> Result<Estimate, Vec<Diagnostic>> {
    let (cat, _) = super::load::load(&hubgen_engine::ext::SiteFiles::new(&args.root))?;
    let method = cat.method_index(&args.method).ok_or_else(|| {
        invalid(
            format!("unknown method `{}`", args.method),
            unknown_name_hint(&args.method, cat.methods.iter().map(|m| m.id.as_str())),
        )
    })?;
    let m = arch_of(&cat, args)?;
    let cards = args.cards.unwrap_or(1);
    if cards == 0 {
        return Err(invalid(
            "--cards must be at least 1".into(),
            "e.g. --cards 8",
        ));
    }
    let mut job = cat.job_on(cards);
    if let Some(s) = &args.sharding {
        job.sharding = Strategy::parse(s).ok_or_else(|| {
            invalid(
                format!("unknown sharding `{s}`"),
                unknown_name_hint(s, ["none", "ddp", "zero2", "zero3", "fsdp"]),
            )
        })?;
    }
    let optimizer = args
        .optimizer
        .clone()
        .unwrap_or_else(|| cat.memory.optimizer.clone());
    job.optimizer_bytes = cat.memory.optimizer_bytes(&optimizer).ok_or_else(|| {
        invalid(
            format!("unknown optimizer `{optimizer}`"),
            unknown_name_hint(
                &optimizer,
                cat.memory.optimizers.iter().map(|(n, _)| n.as_str()),
            ),
        )
    })?;
    if let Some(t) = &args.targets {
        let mut mods = Vec::new();
        for name in t.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            mods.push(Module::parse(name).ok_or_else(|| {
                invalid(
                    format!("unknown target module `{name}`"),
                    unknown_name_hint(name, Module::ALL.iter().map(|m| m.name())),
                )
            })?);
        }
        job.targets = Targets::of(mods);
        if job.targets.is_empty() {
            return Err(invalid(
                "--targets names no module".into(),
                "e.g. --targets q,k,v,o",
            ));
        }
    }
    job.seq_len = args.seq.unwrap_or(job.seq_len);
    job.batch = args.batch.unwrap_or(job.batch);
    job.lora_rank = args.lora_rank.unwrap_or(job.lora_rank);
    if job.seq_len == 0 || job.batch == 0 || job.lora_rank == 0 {
        return Err(invalid(
            "--seq, --batch and --lora-rank must be at least 1".into(),
            "e.g. --seq 2048 --batch 1 --lora-rank 16",
        ));
    }
    if args.no_checkpointing {
        job.grad_checkpointing = false;
    }
    if args.chunked_ce {
        job.chunked_ce = true;
    }
    let memory = memory::memory(&m.arch, &cat.methods[method], &cat.memory.constants, &job);
    Ok(Estimate {
        model: m,
        params_given: args.params,
        method: args.method.clone(),
        optimizer,
        job,
        memory,
    })
}

/// One JSON object: the inputs, each term per card in bytes, the per-card figure and the total.
pub fn to_json(e: &Estimate) -> serde_json::Value {
    let m = &e.memory;
    let a = &e.model.arch;
    json!({
        "model": (!e.model.id.is_empty()).then(|| e.model.id.clone()),
        "method": e.method,
        "params": e.model.params,
        "params_given": e.params_given,
        "adapter_params": m.adapter_params,
        "layers": a.layers,
        "hidden": a.hidden,
        "intermediate": a.intermediate,
        "heads": a.heads,
        "kv_heads": a.kv_heads,
        "vocab": a.vocab,
        "tied_embeddings": a.tied_embeddings,
        "attention_bias": a.attention_bias,
        "seq_len": e.job.seq_len,
        "batch": e.job.batch,
        "grad_checkpointing": e.job.grad_checkpointing,
        "chunked_ce": e.job.chunked_ce,
        "lora_rank": e.job.lora_rank,
        "targets": e.job.targets,
        "optimizer": e.optimizer,
        "cards": e.job.cards,
        "sharding": e.job.sharding,
        "bytes": {
            "weights": m.weights,
            "trainable": m.trainable,
            "activations": m.activations,
            "logits": m.logits,
            "buffers": m.buffers,
            "allocator": m.allocator,
            "context": m.context,
            "per_card": m.per_card,
            "total": m.total,
        },
        "allocated_bytes": m.allocated(),
        "reserved_bytes": m.reserved(),
        // GB = 10⁹ bytes, per card: each term, and the per-card and whole figures.
        "weights_gb": r4(m.weights.gb()),
        "trainable_gb": r4(m.trainable.gb()),
        "activations_gb": r4(m.activations.gb()),
        "logits_gb": r4(m.logits.gb()),
        "buffers_gb": r4(m.buffers.gb()),
        "reserve_gb": r4(m.reserve().gb()),
        "per_card_gb": r4(m.per_card.gb()),
        "total_gb": r4(m.total.gb()),
        // The figure the pages print: the total, rounded up to whole GB.
        "published_gb": m.published_total_gb(),
    })
}

fn r4(v: f64) -> f64 {
    (v * 1e4).round() / 1e4
}

/// A short human report.
pub fn to_text(e: &Estimate) -> String {
    let m = &e.memory;
    let name = if e.model.name.is_empty() {
        format!("{:.3}B parameters", e.model.params / 1e9)
    } else {
        e.model.name.clone()
    };
    let gb = |b: memory::Bytes| format!("{:>10.2} GB", b.gb());
    let mut out = format!(
        "{name}, {method}: sequence {seq}, batch {batch}, checkpointing {ck}, LoRA rank {rank} on {targets}, {opt}, {cards} card(s), sharding {sh}\n",
        method = e.method,
        seq = e.job.seq_len,
        batch = e.job.batch,
        ck = if e.job.grad_checkpointing {
            "on"
        } else {
            "off"
        },
        rank = e.job.lora_rank,
        targets = e.job.targets.names(),
        opt = e.optimizer,
        cards = e.job.cards,
        sh = e.job.sharding.name(),
    );
    if let Some(p) = e.params_given {
        let off = e.model.params / p - 1.0;
        if off.abs() > 0.005 {
            out.push_str(&format!(
                "  note: the shapes give {:.0} parameters, {:+.1}% from --params {p}\n",
                e.model.params,
                off * 100.0
            ));
        }
    }
    for (label, v) in [
        ("resident weights", m.weights),
        ("trainable state", m.trainable),
        ("activations", m.activations),
        ("logits", m.logits),
        ("buffers", m.buffers),
        ("allocator", m.allocator),
        ("runtime context", m.context),
        ("per card", m.per_card),
    ] {
        out.push_str(&format!("  {label:<22}{}\n", gb(v)));
    }
    out.push_str(&format!(
        "  {:<22}{}   (published, rounded up: {} GB; 1 GB = 10^9 bytes)\n",
        "total",
        gb(m.total),
        m.published_total_gb()
    ));
    out
}
