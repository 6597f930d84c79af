//! The memory model's files: models.yaml (architectures), methods.yaml (the model's constants
//! and the methods) and calibration.yaml (the measured runs it is held to).

use super::{Check, Index};
use crate::codes;
use crate::memory::{Arch, Bytes, Constants, Job, Method, Module, Strategy, Targets};
use crate::model::{Measured, MemoryModel, Model, Run};
use crate::schema::*;
use hubgen_engine::ext::unknown_name_hint;

/// The shapes of an architecture, each in its range, checked against each other.
fn validate_arch(ck: &mut Check<'_>, f: &str, what: &str, a: &ArchRaw) -> Arch {
    let ArchRaw {
        layers,
        hidden,
        intermediate,
        heads,
        kv_heads,
        vocab,
        tied_embeddings,
        attention_bias,
    } = a;
    let h = ck.range(f, heads, 1, 1024, "heads", "attention heads per layer");
    let kv = ck.range(
        f,
        kv_heads,
        1,
        1024,
        "kv_heads",
        "key/value heads per layer",
    );
    let hid = ck.range(f, hidden, 64, 1_000_000, "hidden", "the hidden size");
    if h > 0 && kv > 0 && (kv > h || !h.is_multiple_of(kv)) {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            kv_heads,
            format!("{what}: {kv} key/value heads do not divide {h} heads"),
            "grouped-query attention shares each key/value head among a whole number of heads",
        );
    }
    if h > 0 && !hid.is_multiple_of(h) {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            hidden,
            format!("{what}: hidden size {hid} is not a multiple of {h} heads"),
            "each head gets hidden / heads dimensions; check both values",
        );
    }
    Arch {
        layers: ck.range(
            f,
            layers,
            1,
            1000,
            "layers",
            "the number of transformer layers",
        ),
        hidden: hid,
        intermediate: ck.range(
            f,
            intermediate,
            1,
            10_000_000,
            "intermediate",
            "the MLP intermediate size",
        ),
        heads: h,
        kv_heads: kv,
        vocab: ck.range(f, vocab, 256, 10_000_000, "vocab", "the vocabulary size"),
        tied_embeddings: *tied_embeddings,
        attention_bias: *attention_bias,
    }
}

pub(super) fn validate_models(ck: &mut Check<'_>, file: ModelsFile) -> (Vec<Model>, Index) {
    let f = "models.yaml";
    let ModelsFile { models } = file;
    let index = Index::new(ck, f, "model", models.iter().map(|m| &m.id));
    let mut out = Vec::new();
    for m in models {
        let ModelRaw {
            id,
            name,
            size,
            params,
            arch,
            // Where the architecture comes from: for the reader of data/models.yaml.
            source: _,
        } = m;
        let arch = validate_arch(ck, f, &format!("model `{}`", id.value), &arch);
        let published = ck.range(
            f,
            &params,
            1e6,
            1e13,
            "params",
            "the checkpoint's published parameter count (6.738e9 for Llama 2 7B)",
        );
        let counted = arch.params().total();
        if published > 0.0 && (counted / published - 1.0).abs() > 0.005 {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &params,
                format!(
                    "model `{}`: the shapes give {counted:.0} parameters, {:+.1}% from `params` {published}",
                    id.value,
                    (counted / published - 1.0) * 100.0
                ),
                "check layers, hidden, intermediate, heads, kv_heads, vocab, tied_embeddings and attention_bias against the config.json",
            );
        }
        out.push(Model {
            id: id.value,
            name,
            size,
            params: counted,
            arch,
        });
    }
    (out, index)
}

/// LoRA targets by name, each known and none twice.
fn validate_targets(ck: &mut Check<'_>, f: &str, names: &[Ref]) -> Targets {
    let mut mods = Vec::new();
    for n in names {
        match Module::parse(&n.value) {
            Some(m) if !mods.contains(&m) => mods.push(m),
            Some(_) => ck.error(
                codes::DATA_DUPLICATE_ID,
                f,
                n,
                format!("target module `{}` is listed twice", n.value),
                "list each module once",
            ),
            None => ck.error(
                codes::DATA_UNKNOWN_REFERENCE,
                f,
                n,
                format!("unknown target module `{}`", n.value),
                unknown_name_hint(&n.value, Module::ALL.iter().map(|m| m.name())),
            ),
        }
    }
    Targets::of(mods)
}

fn validate_sharding(ck: &mut Check<'_>, f: &str, r: &Ref) -> Strategy {
    Strategy::parse(&r.value).unwrap_or_else(|| {
        ck.error(
            codes::DATA_UNKNOWN_REFERENCE,
            f,
            r,
            format!("unknown sharding `{}`", r.value),
            unknown_name_hint(&r.value, ["none", "ddp", "zero2", "zero3", "fsdp"]),
        );
        Strategy::None
    })
}

fn optimizer(ck: &mut Check<'_>, f: &str, mm: &[(String, f64)], r: &Ref) -> f64 {
    if let Some((_, b)) = mm.iter().find(|(n, _)| *n == r.value) {
        return *b;
    }
    ck.error(
        codes::DATA_UNKNOWN_REFERENCE,
        f,
        r,
        format!("unknown optimizer `{}`", r.value),
        unknown_name_hint(&r.value, mm.iter().map(|(n, _)| n.as_str())),
    );
    0.0
}

fn validate_constants(ck: &mut Check<'_>, f: &str, c: ConstantsRaw) -> Constants {
    let ConstantsRaw {
        bf16_bytes,
        nf4_bits,
        quant_constant_bits,
        logits_bytes,
        chunk_tokens,
        context_gb,
        allocator_share,
        allocator_floor_gb,
    } = c;
    let bytes = "bytes per element";
    Constants {
        bf16_bytes: ck.range(f, &bf16_bytes, 1.0, 8.0, "bf16_bytes", bytes),
        nf4_bits: ck.range(
            f,
            &nf4_bits,
            1.0,
            16.0,
            "nf4_bits",
            "bits per quantised weight",
        ),
        quant_constant_bits: ck.range(
            f,
            &quant_constant_bits,
            0.0,
            4.0,
            "quant_constant_bits",
            "bits of quantisation constants per weight",
        ),
        logits_bytes: ck.range(
            f,
            &logits_bytes,
            1.0,
            64.0,
            "logits_bytes",
            "bytes per token and vocabulary entry",
        ),
        chunk_tokens: ck.range(
            f,
            &chunk_tokens,
            1,
            1_000_000,
            "chunk_tokens",
            "tokens a chunked cross-entropy holds at once",
        ),
        context: Bytes::from_gb(ck.range(
            f,
            &context_gb,
            0.0,
            64.0,
            "context_gb",
            "the per-card runtime context in GB",
        )),
        allocator_share: ck.range(
            f,
            &allocator_share,
            0.0,
            1.0,
            "allocator_share",
            "the allocator's blocks beyond live tensors, as a share",
        ),
        allocator_floor: Bytes::from_gb(ck.range(
            f,
            &allocator_floor_gb,
            0.0,
            64.0,
            "allocator_floor_gb",
            "the allocator's cached blocks beyond live tensors in GB, whatever the job",
        )),
    }
}

pub(super) fn validate_methods(
    ck: &mut Check<'_>,
    file: MethodsFile,
) -> (MemoryModel, Vec<Method>, Index) {
    let f = "methods.yaml";
    let MethodsFile {
        memory_model,
        methods,
    } = file;
    let MemoryModelRaw {
        constants,
        optimizers,
        defaults,
    } = memory_model;
    let constants = validate_constants(ck, f, constants);
    let optimizers: Vec<(String, f64)> = optimizers
        .iter()
        .map(|(k, v)| {
            let b = ck.range(
                f,
                v,
                0.0,
                64.0,
                k,
                "optimizer state bytes per trained parameter",
            );
            (k.clone(), b)
        })
        .collect();
    let JobDefaultsRaw {
        seq_len,
        batch,
        grad_checkpointing,
        chunked_ce,
        lora_rank,
        targets,
        optimizer: opt,
        multi_card_sharding,
    } = defaults;
    let job = Job {
        seq_len: ck.range(
            f,
            &seq_len,
            1,
            10_000_000,
            "seq_len",
            "the sequence length in tokens",
        ),
        batch: ck.range(f, &batch, 1, 65_536, "batch", "the micro-batch size"),
        grad_checkpointing,
        chunked_ce,
        lora_rank: ck.range(f, &lora_rank, 1, 65_536, "lora_rank", "the LoRA rank"),
        targets: validate_targets(ck, f, &targets),
        optimizer_bytes: optimizer(ck, f, &optimizers, &opt),
        cards: 1,
        sharding: Strategy::None,
    };
    let multi = validate_sharding(ck, f, &multi_card_sharding);
    if multi == Strategy::None {
        ck.error(
            codes::DATA_OUT_OF_RANGE,
            f,
            &multi_card_sharding,
            "a bundle's job must be split over its cards".to_owned(),
            "use zero2 or zero3",
        );
    }
    let memory = MemoryModel {
        constants,
        defaults: job,
        optimizer: opt.value,
        multi_card_sharding: multi,
        optimizers,
    };
    let index = Index::new(ck, f, "method", methods.iter().map(|m| &m.id));
    let methods = methods
        .into_iter()
        .map(|m| {
            let MethodRaw {
                id,
                trains,
                linear,
                state_bytes,
            } = m;
            let state_bytes = state_bytes
                .iter()
                .map(|(k, v)| ck.range(f, v, 0.0, 64.0, k, "bytes per trained parameter"))
                .sum();
            Method {
                id: id.value,
                trains,
                linear,
                state_bytes,
            }
        })
        .collect();
    (memory, methods, index)
}

pub(super) fn validate_calibration(
    ck: &mut Check<'_>,
    file: CalibrationFile,
    (methods, method_list): (&Index, &[Method]),
    mm: &MemoryModel,
) -> Vec<Run> {
    let f = "calibration.yaml";
    let CalibrationFile { runs } = file;
    let _ = Index::new(ck, f, "run", runs.iter().map(|r| &r.id));
    let mut out = Vec::new();
    for r in runs {
        out.push(validate_run(ck, f, r, (methods, method_list), mm));
    }
    out
}

/// A run's source must be an https address.
fn check_run_url(ck: &mut Check<'_>, f: &str, id: &str, url: &serde_saphyr::Spanned<String>) {
    if !url.value.starts_with("https://") {
        ck.error(
            codes::DATA_OUT_OF_RANGE,
            f,
            url,
            format!("run `{id}`: the source is not an https URL"),
            "give the address of the page the measurement is printed on",
        );
    }
}

/// A GPTQ Int4 base on a method whose linear layers are not 4-bit.
fn gptq_on_16_bits(ck: &mut Check<'_>, f: &str, id: &str, method: &Ref) {
    ck.error(
        codes::DATA_INCONSISTENT,
        f,
        method,
        format!("run `{id}`: a GPTQ Int4 base belongs to a 4-bit method"),
        "use `method: qlora` with `gptq_int4: true`, or drop `gptq_int4`",
    );
}

/// One measured run of calibration.yaml.
fn validate_run(
    ck: &mut Check<'_>,
    f: &str,
    r: RunRaw,
    (methods, method_list): (&Index, &[Method]),
    mm: &MemoryModel,
) -> Run {
    let RunRaw {
        id,
        source,
        url,
        author,
        framework,
        versions,
        model,
        arch,
        method,
        lora_rank,
        targets,
        seq_len,
        batch,
        grad_checkpointing,
        optimizer: opt,
        pure_bf16,
        gpus,
        sharding,
        measured,
        peak_gb,
        under_estimate,
        notes: _,
        chunked_ce,
        gptq_int4,
    } = r;
    check_run_url(ck, f, &id.value, &url);
    let arch = validate_arch(ck, f, &format!("run `{}`", id.value), &arch);
    let targets = run_targets(ck, f, targets.as_ref());
    let cards = ck.range(f, &gpus, 1, 4096, "gpus", "cards in the run");
    let measured_kind = measured_of(ck, f, &measured);
    let method_ref = method.clone();
    let method = methods.get(ck, f, &method);
    let mut as_trained = method_list.get(method).cloned().unwrap_or_else(|| Method {
        id: String::new(),
        trains: crate::memory::Trains::Full,
        linear: crate::memory::Precision::Bf16,
        state_bytes: 0.0,
    });
    if gptq_int4 && as_trained.linear != crate::memory::Precision::Nf4 {
        gptq_on_16_bits(ck, f, &id.value, &method_ref);
    }
    let mut optimizer_bytes = optimizer(ck, f, &mm.optimizers, &opt);
    if pure_bf16 {
        // BF16 gradients (and BF16 adapters), no FP32 master; the moments at half size.
        as_trained.state_bytes = match as_trained.trains {
            crate::memory::Trains::Full => mm.constants.bf16_bytes,
            crate::memory::Trains::Adapter => 2.0 * mm.constants.bf16_bytes,
        };
        optimizer_bytes /= 2.0;
    }
    let job = Job {
        seq_len: ck.range(f, &seq_len, 1, 10_000_000, "seq_len", "tokens per sequence"),
        batch: ck.range(f, &batch, 1, 65_536, "batch", "sequences per card per step"),
        grad_checkpointing,
        chunked_ce,
        lora_rank: lora_rank
            .map(|r| ck.range(f, &r, 1, 65_536, "lora_rank", "the LoRA rank"))
            .unwrap_or(mm.defaults.lora_rank),
        targets,
        optimizer_bytes,
        cards,
        sharding: validate_sharding(ck, f, &sharding),
    };
    Run {
        id: id.value,
        source,
        url: url.value,
        author,
        framework,
        versions,
        model,
        arch,
        method,
        as_trained,
        pure_bf16,
        gptq_int4,
        job,
        optimizer: opt.value,
        measured: measured_kind,
        under_estimate: under_estimate.map(|k| {
            let key = serde_saphyr::Spanned {
                value: format!("calibration-why-{}", k.value),
                ..k
            };
            ck.key(f, &key);
            key.value
        }),
        peak: Bytes::from_gb(ck.range(f, &peak_gb, 0.1, 10_000.0, "peak_gb", "GB per card")),
    }
}

/// A run's LoRA targets: all-linear, or the modules comma-separated.
fn run_targets(ck: &mut Check<'_>, f: &str, targets: Option<&Ref>) -> Targets {
    match targets {
        None => Targets::ALL_LINEAR,
        Some(t) if t.value == "all-linear" => Targets::ALL_LINEAR,
        Some(t) => {
            let names: Vec<Ref> = t
                .value
                .split(',')
                .map(|n| serde_saphyr::Spanned {
                    value: n.trim().to_owned(),
                    ..t.clone()
                })
                .collect();
            validate_targets(ck, f, &names)
        }
    }
}

/// What a run's peak counts.
fn measured_of(ck: &mut Check<'_>, f: &str, measured: &Ref) -> Measured {
    match measured.value.as_str() {
        "allocated" => Measured::Allocated,
        "reserved" => Measured::Reserved,
        "nvidia-smi" => Measured::NvidiaSmi,
        "unstated" => Measured::Unstated,
        other => {
            ck.error(
                codes::DATA_UNKNOWN_REFERENCE,
                f,
                measured,
                format!("unknown measurement `{other}`"),
                "allocated (max_memory_allocated), reserved (max_memory_reserved), nvidia-smi or unstated",
            );
            Measured::NvidiaSmi
        }
    }
}
