//! The memory page's tables: a job's memory term by term with each formula beside its figure,
//! and the model held against published measured peaks.

use super::memory::{Memory, Precision, Strategy, Trains};
use super::site::Site;
use super::units::*;
use hubgen_engine::ext::{Action, Cell, TableView};
use hubgen_engine::ext::{Arg, Tracked};

impl Site<'_> {
    /// Every term of `mem` (model `m`, method `me`) with its formula and figure.
    pub(super) fn breakdown_table(
        &self,
        m: usize,
        me: usize,
        mem: &Memory,
        l: &Tracked<'_>,
    ) -> TableView {
        let value = |b: super::memory::Bytes| gb_dec(l, dec(b.gb()).round_dp(2), 2);
        let rows = self.formulas(m, me, mem, l);
        let job_name = self.job_label(m, me, l);
        TableView {
            name: "breakdown".into(),
            caption: l
                .t("table-breakdown-caption", &[("job", Arg::Str(job_name))])
                .unwrap_or_default(),
            columns: columns(
                l,
                &[
                    ("col-term", false),
                    ("col-formula", false),
                    ("col-figure", true),
                ],
            ),
            rows: rows
                .into_iter()
                .map(|(key, formula, v)| {
                    vec![
                        Cell::header(l.s(key)),
                        Cell::text(formula),
                        Cell::text(value(v)),
                    ]
                })
                .collect(),
            note: None,
        }
    }

    /// Each term of `mem` with its Fluent key and its formula, the job's numbers filled in.
    fn formulas(
        &self,
        m: usize,
        me: usize,
        mem: &Memory,
        l: &Tracked<'_>,
    ) -> Vec<(&'static str, String, super::memory::Bytes)> {
        let cat = self.cat;
        let model = &cat.models[m];
        let method = &cat.methods[me];
        let a = &model.arch;
        let k = &cat.memory.constants;
        let job = super::memory::Job {
            sharding: mem.sharding,
            ..cat.job_on(mem.cards)
        };
        let n = f64::from(mem.cards);
        let b = l.s("unit-byte");
        let num = |v: f64, frac: u32| {
            let d = dec(v).round_dp(frac).normalize();
            l.number(d, d.scale())
        };
        let split = |text: String, on: bool| {
            if on && mem.cards > 1 {
                format!("({text}) ÷ {}", mem.cards)
            } else {
                text
            }
        };
        let (weights, trained) = weight_formulas(l, a, method, &job, k);
        let trainable = format!(
            "{trained} × ({} + {}) {b}",
            num(method.state_bytes, 0),
            num(job.optimizer_bytes, 0)
        );
        let (activations, logits) = activation_formulas(a, &job, k, l);
        let mut buffers = Vec::new();
        if method.linear == Precision::Nf4 {
            buffers.push(format!(
                "{} × {} × {} {b}",
                num(f64::from(a.hidden), 0),
                num(a.largest_linear() / f64::from(a.hidden), 0),
                num(k.bf16_bytes, 0)
            ));
        }
        if job.sharding == Strategy::Zero3 && n > 1.0 {
            // Two whole layers: the whole model's weights (every card's share together) over
            // the layers.
            buffers.push(format!(
                "2 × {} ÷ {}",
                gb_short(l, mem.weights * n),
                a.layers
            ));
        }
        let reserve = format!(
            "{} × {} + {} + {}",
            l.percent(dec(k.allocator_share)),
            l.s("term-live"),
            gb_short(l, k.allocator_floor),
            gb_short(l, k.context)
        );
        let mut rows = vec![
            (
                "term-weights",
                split(weights, job.sharding == Strategy::Zero3),
                mem.weights,
            ),
            (
                "term-trainable",
                split(trainable, job.sharding != Strategy::None),
                mem.trainable,
            ),
            ("term-activations", activations, mem.activations),
            ("term-logits", logits, mem.logits),
        ];
        if !buffers.is_empty() {
            rows.push(("term-buffers", buffers.join(" + "), mem.buffers));
        }
        rows.push(("term-reserve", reserve, mem.reserve()));
        rows.push(("term-per-card", l.s("term-sum"), mem.per_card));
        if mem.cards > 1 {
            rows.push((
                "term-total",
                format!("{} × {}", l.s("term-per-card"), mem.cards),
                mem.total,
            ));
        }
        rows
    }

    /// The model against every published measured peak of data/calibration.yaml.
    pub(super) fn calibration_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let checks = &self.tables.calibration;
        let rows = checks
            .iter()
            .map(|c| {
                let r = &cat.calibration[c.run];
                let method = &cat.methods[r.method];
                let job = l
                    .t(
                        "calibration-job",
                        &[
                            ("model", Arg::Str(r.model.clone())),
                            ("method", Arg::Str(l.s(&format!("method-{}", method.id)))),
                        ],
                    )
                    .unwrap_or_default();
                let settings = calibration_settings(l, r);
                let measured = l.s(match r.measured {
                    super::model::Measured::Allocated => "calibration-allocated",
                    super::model::Measured::Reserved => "calibration-reserved",
                    super::model::Measured::NvidiaSmi => "calibration-nvidia-smi",
                    super::model::Measured::Unstated => "calibration-unstated",
                });
                vec![
                    Cell::header(job).with_sub(Some(run_settings(l, r, settings))),
                    Cell::text(gb_tenth(l, r.peak.gb())).with_sub(Some(measured)),
                    Cell::text(gb_tenth(l, c.estimate.gb())),
                    Cell::text(signed_percent(l, c.error))
                        .with_sub(r.under_estimate.as_ref().map(|k| l.s(k))),
                    Cell::text(r.author.clone())
                        .with_sub(Some(run_stack(l, r)))
                        .with_actions([Action {
                            text: l.s("calibration-source"),
                            href: r.url.clone(),
                            label: l
                                .t(
                                    "calibration-source-label",
                                    &[("source", Arg::Str(r.source.clone()))],
                                )
                                .unwrap_or_default(),
                        }]),
                ]
            })
            .collect();
        let summary = self.tables.calibration_summary;
        TableView {
            name: "calibration".into(),
            caption: l.s("table-calibration-caption"),
            columns: columns(
                l,
                &[
                    ("col-run", false),
                    ("col-measured", true),
                    ("col-estimate", true),
                    ("col-error", true),
                    ("col-source", false),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-calibration-note",
                    &[
                        ("runs", Arg::Num(summary.runs as f64)),
                        (
                            "median",
                            Arg::Str(l.percent_frac(dec(summary.median_abs).round_dp(3), 1)),
                        ),
                        ("under", Arg::Str(signed_percent(l, summary.worst_under))),
                        ("over", Arg::Str(signed_percent(l, summary.worst_over))),
                    ],
                )
                .ok(),
        }
    }
}

/// The activations' and the logits' formulas of `job` on `a`, its numbers filled in.
fn activation_formulas(
    a: &super::memory::Arch,
    job: &super::memory::Job,
    k: &super::memory::Constants,
    l: &Tracked<'_>,
) -> (String, String) {
    let b = l.s("unit-byte");
    let num = |v: f64, frac: u32| {
        let d = dec(v).round_dp(frac).normalize();
        l.number(d, d.scale())
    };
    let tokens = f64::from(job.batch) * f64::from(job.seq_len);
    let layer = format!(
        "{} {b} × (6 × {} + 2 × {} + 4 × {})",
        num(k.bf16_bytes, 0),
        num(f64::from(a.hidden), 0),
        num(a.kv_dim(), 0),
        num(f64::from(a.intermediate), 0)
    );
    let activations = if job.grad_checkpointing {
        format!(
            "{} × ({} × {} × {} {b} + {layer})",
            num(tokens, 0),
            a.layers,
            num(f64::from(a.hidden), 0),
            num(k.bf16_bytes, 0)
        )
    } else {
        format!("{} × {} × {layer}", num(tokens, 0), a.layers)
    };
    let logit_tokens = if job.chunked_ce {
        tokens.min(f64::from(k.chunk_tokens))
    } else {
        tokens
    };
    let logits = format!(
        "{} × {} × {} {b}",
        num(logit_tokens, 0),
        num(f64::from(a.vocab), 0),
        num(k.logits_bytes, 0)
    );
    (activations, logits)
}

/// `+12%`, `−8%`.
/// To a tenth of a percent: a count of runs "more than 10% under" can be checked against it.
fn signed_percent(l: &Tracked<'_>, v: f64) -> String {
    let p = l.percent_frac(dec(v.abs()).round_dp(3), 1);
    if v < 0.0 {
        format!("−{p}")
    } else {
        format!("+{p}")
    }
}

/// ` (text)` in the locale's brackets and spacing (`（text）` in Chinese).
fn aside(l: &Tracked<'_>, text: &str) -> String {
    l.t("fmt-aside", &[("text", Arg::Str(text.to_owned()))])
        .unwrap_or_else(|_| format!(" ({text})"))
}

/// A run's settings, with what sets it apart from the method's defaults.
fn run_settings(l: &Tracked<'_>, r: &super::model::Run, settings: String) -> String {
    let mut out = settings;
    for (on, key) in [
        (r.pure_bf16, "calibration-pure-bf16"),
        (r.gptq_int4, "calibration-gptq-int4"),
    ] {
        if on {
            out = l
                .t(
                    "fmt-clauses",
                    &[
                        ("first", Arg::Str(out.clone())),
                        ("second", Arg::Str(l.s(key))),
                    ],
                )
                .unwrap_or_else(|_| format!("{out}; {}", l.s(key)));
        }
    }
    out
}

/// A run's framework (with its versions, or what is known of them) and optimizer.
fn run_stack(l: &Tracked<'_>, r: &super::model::Run) -> String {
    // Versions the source gives are in the framework's text already.
    let versions = match r.versions {
        super::schema::Versions::Stated => String::new(),
        super::schema::Versions::Minimums => aside(l, &l.s("calibration-versions-minimums")),
        super::schema::Versions::Unstated => aside(l, &l.s("calibration-versions-unstated")),
    };
    format!(
        "{}{versions} · {}",
        r.framework,
        optimizer_name(&r.optimizer)
    )
}

/// An optimizer's key in data (`adamw`) as its papers and frameworks write it.
fn optimizer_name(key: &str) -> &str {
    match key {
        "adamw" => "AdamW",
        "adam" => "Adam",
        "adamw-8bit" | "adamw_8bit" => "8-bit AdamW",
        "paged-adamw-8bit" | "paged_adamw_8bit" => "paged 8-bit AdamW",
        "sgd" => "SGD",
        "adafactor" => "Adafactor",
        other => other,
    }
}

/// The resident weights' formula (by precision) and the trained parameters' count (all of
/// them, or the adapters' rank × layers × the targets' summed shapes).
fn weight_formulas(
    l: &Tracked<'_>,
    a: &super::memory::Arch,
    method: &super::memory::Method,
    job: &super::memory::Job,
    k: &super::memory::Constants,
) -> (String, String) {
    let b = l.s("unit-byte");
    let num = |v: f64, frac: u32| {
        let d = dec(v).round_dp(frac).normalize();
        l.number(d, d.scale())
    };
    let sci = |v: f64| scientific(l, v);
    let p = a.params();
    let other = p.embeddings + p.head + p.norms + p.bias;
    let weights = match method.linear {
        Precision::Bf16 => format!("{} × {} {b}", sci(p.total()), num(k.bf16_bytes, 0)),
        Precision::Nf4 => format!(
            "{} × {}/8 {b} + {} × {} {b}",
            sci(p.linear),
            num(k.nf4_bits + k.quant_constant_bits, 3),
            sci(other),
            num(k.bf16_bytes, 0)
        ),
    };
    let targets: f64 = job
        .targets
        .iter()
        .map(|t| {
            let (i, o) = a.shape(t);
            i + o
        })
        .sum();
    let trained = match method.trains {
        Trains::Full => sci(p.total()),
        Trains::Adapter => format!("{} × {} × {}", job.lora_rank, a.layers, num(targets, 0)),
    };
    (weights, trained)
}

/// A calibration run's settings: sequence, batch, cards, sharding and checkpointing.
fn calibration_settings(l: &Tracked<'_>, r: &super::model::Run) -> String {
    let settings = l
        .t(
            "calibration-settings",
            &[
                ("seq", Arg::Str(l.int(i64::from(r.job.seq_len)))),
                ("batch", Arg::Num(f64::from(r.job.batch))),
                ("cards", Arg::Num(f64::from(r.job.cards))),
                (
                    "sharding",
                    Arg::Str(
                        match r.job.sharding {
                            super::memory::Strategy::None => "DDP",
                            super::memory::Strategy::Zero2 => "ZeRO-2",
                            super::memory::Strategy::Zero3 => "ZeRO-3 / FSDP",
                        }
                        .into(),
                    ),
                ),
                (
                    "checkpointing",
                    Arg::Str(l.s(if r.job.grad_checkpointing {
                        "calibration-on"
                    } else {
                        "calibration-off"
                    })),
                ),
            ],
        )
        .unwrap_or_default();
    // An adapter run's rank and target modules, which differ from the site's defaults in most
    // runs: a reader compares a job of their own with the run as it was, not as we default it.
    if r.as_trained.trains != Trains::Adapter {
        return settings;
    }
    let targets = if r.job.targets == super::memory::Targets::ALL_LINEAR {
        l.s("calibration-all-linear")
    } else {
        r.job.targets.names().replace(',', ", ")
    };
    match l.t(
        "calibration-adapters",
        &[
            ("rank", Arg::Num(f64::from(r.job.lora_rank))),
            ("targets", Arg::Str(targets)),
        ],
    ) {
        // The string brings its own separator (a comma, or a full-width one).
        Ok(a) => format!("{settings}{a}"),
        Err(_) => settings,
    }
}
