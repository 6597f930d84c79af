//! `hubgen estimate`: the memory model from the command line, for any architecture.

use serde_json::json;

use super::compute::{self, Job, Memory};
use super::model::{self, Model};
use crate::diag::{Diagnostic, code, unknown_name_hint};

/// The job as estimated, and its memory.
pub struct Estimate {
    pub model: Model,
    pub method: String,
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
    pub method: String,
    pub seq: Option<u32>,
    pub batch: Option<u32>,
    pub no_checkpointing: bool,
    pub lora_rank: Option<u32>,
}

/// Resolves the input against `data/` and computes the memory.
pub fn estimate(args: &Input) -> Result<Estimate, Vec<Diagnostic>> {
    let (cat, _) = model::load(&crate::extension::SiteFiles::new(&args.root))?;
    let method = cat.method_index(&args.method).ok_or_else(|| {
        vec![
            Diagnostic::error(
                code::CLI_INVALID,
                format!("unknown method `{}`", args.method),
            )
            .with_hint(unknown_name_hint(
                &args.method,
                cat.methods.iter().map(|m| m.id.as_str()),
            )),
        ]
    })?;
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
                ("--params", args.params.is_none()),
                ("--layers", args.layers.is_none()),
                ("--hidden", args.hidden.is_none()),
                ("--intermediate", args.intermediate.is_none()),
                ("--vocab", args.vocab.is_none()),
            ]
            .into_iter()
            .filter_map(|(f, miss)| miss.then_some(f))
            .collect();
            if !missing.is_empty() {
                return Err(vec![
                    Diagnostic::error(
                        code::CLI_INVALID,
                        format!(
                            "an architecture needs {} (missing: {})",
                            "--params, --layers, --hidden, --intermediate and --vocab",
                            missing.join(", ")
                        ),
                    )
                    .with_hint("or take one from data/ with --model ID"),
                ]);
            }
            Model {
                id: String::new(),
                name: String::new(),
                size: String::new(),
                params: 0.0,
                layers: 0,
                hidden: 0,
                intermediate: 0,
                heads: 1,
                kv_heads: 1,
                vocab: 0,
            }
        }
    };
    if let Some(p) = args.params {
        m.params = p;
    }
    m.layers = args.layers.unwrap_or(m.layers);
    m.hidden = args.hidden.unwrap_or(m.hidden);
    m.intermediate = args.intermediate.unwrap_or(m.intermediate);
    m.vocab = args.vocab.unwrap_or(m.vocab);
    if !(m.params.is_finite() && m.params > 0.0) {
        return Err(vec![
            Diagnostic::error(
                code::CLI_INVALID,
                format!("--params must be a positive number, not {}", m.params),
            )
            .with_hint("e.g. --params 6.738e9"),
        ]);
    }
    let mut job = Job::published(&m, &cat.memory);
    job.seq_len = args.seq.unwrap_or(job.seq_len);
    job.batch = args.batch.unwrap_or(job.batch);
    job.lora_rank = args.lora_rank.unwrap_or(job.lora_rank);
    if args.no_checkpointing {
        job.grad_checkpointing = false;
    }
    let memory = compute::memory(&m, &cat.methods[method], &cat.memory, job);
    Ok(Estimate {
        model: m,
        method: args.method.clone(),
        job,
        memory,
    })
}

fn r4(v: f64) -> f64 {
    (v * 1e4).round() / 1e4
}

/// One JSON object: the inputs, each term and the total in GB.
pub fn to_json(e: &Estimate) -> serde_json::Value {
    let m = &e.memory;
    json!({
        "model": (!e.model.id.is_empty()).then(|| e.model.id.clone()),
        "method": e.method,
        "params": e.model.params,
        "layers": e.model.layers,
        "hidden": e.model.hidden,
        "intermediate": e.model.intermediate,
        "vocab": e.model.vocab,
        "seq_len": e.job.seq_len,
        "batch": e.job.batch,
        "grad_checkpointing": e.job.grad_checkpointing,
        "lora_rank": e.job.lora_rank,
        "weights_gb": r4(m.weights_gb),
        "trainable_gb": r4(m.trainable_gb),
        "activations_gb": r4(m.activations_gb),
        "reserve_gb": r4(m.reserve_gb),
        "total_gb": r4(m.total_gb),
        "published_gb": m.published_gb(),
    })
}

/// A short human report.
pub fn to_text(e: &Estimate) -> String {
    let m = &e.memory;
    let name = if e.model.name.is_empty() {
        format!("{:.3}B parameters", e.model.params / 1e9)
    } else {
        e.model.name.clone()
    };
    format!(
        "{name}, {method}: sequence {seq}, batch {batch}, checkpointing {ck}, LoRA rank {rank}\n\
         \x20 resident weights        {w:>10.2} GB\n\
         \x20 trainable state (+eta)  {t:>10.2} GB\n\
         \x20 activations             {a:>10.2} GB\n\
         \x20 runtime reserve         {r:>10.2} GB\n\
         \x20 total                   {total:>10.2} GB   (published, rounded up: {p} GB)\n",
        method = e.method,
        seq = e.job.seq_len,
        batch = e.job.batch,
        ck = if e.job.grad_checkpointing {
            "on"
        } else {
            "off"
        },
        rank = e.job.lora_rank,
        w = m.weights_gb,
        t = m.trainable_gb,
        a = m.activations_gb,
        r = m.reserve_gb,
        total = m.total_gb,
        p = m.published_gb(),
    )
}
