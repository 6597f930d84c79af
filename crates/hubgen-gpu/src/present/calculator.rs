//! The sizing calculator: a form, localised here, and the model's constants, the methods, the
//! listed models and the offers in stock as JSON beside it. `calc.js` holds only the formula
//! (`memory::memory`, `compute::training_hours`, `compute::covering_term`), so the figures it
//! shows are the build's; the browser suite checks it against `hubgen estimate --json`.

use hubgen_engine::ext::escape_html as esc;
use serde_json::{Value, json};

use crate::present::*;

/// The most weeks or months a run's text is given for; a longer run prints its hours alone.
const MAX_TERMS: u32 = 12;

impl Site<'_> {
    /// The calculator's HTML: the form (hidden until the script shows it), a note for readers
    /// without JavaScript, the output region, and the data.
    pub(crate) fn calculator(&self, l: &Tracked<'_>) -> String {
        let s = |k: &str| esc(&l.s(k));
        let num = |name: &str, key: &str, min: u32, max: u32, value: u32| {
            format!(
                r#"<label>{} <input name="{name}" type="number" inputmode="numeric" min="{min}" max="{max}" step="1" value="{value}" required></label>"#,
                s(key)
            )
        };
        let check = |name: &str, key: &str, on: bool| {
            format!(
                r#"<label class="calc-check"><input name="{name}" type="checkbox"{}> {}</label>"#,
                if on { " checked" } else { "" },
                s(key)
            )
        };
        let cat = self.cat;
        let d = &cat.memory.defaults;
        let first = cat.models.first();
        let arch = first.map(|m| m.arch);
        let a = |f: fn(&crate::memory::Arch) -> u32| arch.as_ref().map_or(1, f);
        let models = options(
            cat.models
                .iter()
                .enumerate()
                .map(|(i, m)| (m.id.clone(), m.name.clone(), i == 0)),
        );
        let methods = options(cat.methods.iter().map(|m| {
            let name = l.s(&format!("method-{}", m.id));
            (m.id.clone(), name, m.id == "qlora")
        }));
        let tokens = crate::compute::reference_tokens(cat) / 1e6;
        // JSON inside `<script>`: no `<`, `>` or `&` left for the HTML parser to read (a model's
        // name is text a data file gives), the same string once JSON-decoded.
        let data = serde_json::to_string(&self.calculator_data(l))
            .unwrap_or_default()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026");
        format!(
            concat!(
                r#"<section class="calc" id="calculator" aria-labelledby="calc-h">"#,
                r#"<h2 id="calc-h">{title}</h2><p>{intro}</p>"#,
                r#"<noscript><p>{noscript}</p></noscript>"#,
                r#"<form id="calc" class="calc-form" hidden novalidate>"#,
                r#"<fieldset><legend>{model}</legend>"#,
                r#"<label>{pick} <select name="model">{models}<option value="">{custom}</option></select></label>"#,
                r#"<label class="calc-wide">{config} <textarea name="config" rows="3" spellcheck="false" placeholder='{{"hidden_size": 4096, …}}'></textarea></label>"#,
                r#"<div class="calc-grid">{hidden}{layers}{heads}{kv}{inter}{vocab}</div>{tied}{bias}</fieldset>"#,
                r#"<fieldset><legend>{job}</legend>"#,
                r#"<div class="calc-grid"><label>{method} <select name="method">{methods}</select></label>{seq}{batch}{rank}"#,
                r#"<label>{tokens} <input name="tokens" type="number" inputmode="decimal" min="0.001" max="1000000" step="any" value="{tokens_v}" required></label></div>"#,
                r#"{ckpt}{chunked}</fieldset>"#,
                r#"<p class="calc-error" role="alert"></p></form>"#,
                r#"<div class="calc-out" aria-live="polite"></div>"#,
                r#"<script type="application/json" id="calc-data">{data}</script></section>"#,
            ),
            title = s("calc-title"),
            intro = s("calc-intro"),
            noscript = s("calc-noscript"),
            model = s("calc-model"),
            pick = s("calc-model-pick"),
            models = models,
            custom = s("calc-custom"),
            config = s("calc-config"),
            hidden = num("hidden", "calc-hidden", 1, 1 << 20, a(|a| a.hidden)),
            layers = num("layers", "calc-layers", 1, 1000, a(|a| a.layers)),
            heads = num("heads", "calc-heads", 1, 4096, a(|a| a.heads)),
            kv = num("kv_heads", "calc-kv-heads", 1, 4096, a(|a| a.kv_heads)),
            inter = num(
                "intermediate",
                "calc-intermediate",
                1,
                1 << 22,
                a(|a| a.intermediate)
            ),
            vocab = num("vocab", "calc-vocab", 1, 1 << 24, a(|a| a.vocab)),
            tied = check("tied", "calc-tied", arch.is_some_and(|a| a.tied_embeddings)),
            bias = check("bias", "calc-bias", arch.is_some_and(|a| a.attention_bias)),
            job = s("calc-job"),
            method = s("calc-method"),
            methods = methods,
            seq = num("seq", "calc-seq", 1, 1 << 20, d.seq_len),
            batch = num("batch", "calc-batch", 1, 4096, d.batch),
            rank = num("rank", "calc-rank", 1, 4096, d.lora_rank),
            tokens = s("calc-tokens"),
            tokens_v = tokens,
            ckpt = check("ckpt", "calc-checkpointing", d.grad_checkpointing),
            chunked = check("chunked", "calc-chunked", d.chunked_ce),
            data = data,
        )
    }

    /// One offer in stock as the calculator shows it: its memory and speed to compute with, its
    /// prices as the tables print them, and its Rent menu.
    fn calculator_offer(&self, o: &crate::compute::Offer, l: &Tracked<'_>) -> Value {
        let cat = self.cat;
        let c = &cat.cards[o.card];
        let tflops = c
            .bf16_tflops
            .as_ref()
            .and_then(|s| rust_decimal::prelude::ToPrimitive::to_f64(&s.value));
        json!({
            "id": o.id,
            "name": self.offer_name(o, l),
            // Off the first vendor's stack, its hours are not measured: named under it.
            "stack": cat.pick_vendor.filter(|&v| v != c.vendor).map(|_| c.vendor.stack()),
            "count": o.count,
            "usable": o.usable.whole(),
            "usable_text": gb1(l, o.usable.gb()),
            "tflops": tflops,
            "weekly_cents": (o.weekly * Decimal::ONE_HUNDRED).round().to_string(),
            "monthly_cents": (o.monthly * Decimal::ONE_HUNDRED).round().to_string(),
            "week": per_week(l, o.weekly),
            "month": per_month(l, o.monthly),
            "week_hour": per_gpu_hour_text(l, o.per_gpu_hour_week),
            "month_hour": per_gpu_hour_text(l, o.per_gpu_hour),
            "rent": self.rent_menu(o, None, l).map(|m| menu_html(&m)),
        })
    }

    /// What `calc.js` computes with: the constants, methods, models and offers in stock, with
    /// every text it prints already localised (placeholders in braces).
    fn calculator_data(&self, l: &Tracked<'_>) -> Value {
        let cat = self.cat;
        let mm = &cat.memory;
        let k = &mm.constants;
        let t = &cat.training;
        let offers: Vec<Value> = self
            .tables
            .offers
            .iter()
            .filter(|o| o.in_stock)
            .map(|o| self.calculator_offer(o, l))
            .collect();
        let terms = |key: &str| -> Vec<String> {
            (1..=MAX_TERMS)
                .map(|n| {
                    l.t(key, &[("count", Arg::Num(f64::from(n)))])
                        .unwrap_or_default()
                })
                .collect()
        };
        let msg = calculator_messages(l);
        json!({
            "k": {
                "bf16": k.bf16_bytes,
                "nf4_bits": k.nf4_bits,
                "qc_bits": k.quant_constant_bits,
                "logits": k.logits_bytes,
                "chunk": k.chunk_tokens,
                "context": k.context.whole(),
                "alloc_share": k.allocator_share,
                "alloc_floor": k.allocator_floor.whole(),
            },
            "headroom": cat.headroom_share(),
            "sharding": mm.multi_card_sharding.name(),
            "targets": mm.defaults.targets,
            "optimizer_bytes": mm.defaults.optimizer_bytes,
            "methods": cat.methods.iter().map(|m| json!({
                "id": m.id, "trains": m.trains, "linear": m.linear, "state_bytes": m.state_bytes,
                "step": t.step_factor(&m.id),
            })).collect::<Vec<_>>(),
            "models": cat.models.iter().map(|m| json!({
                "id": m.id, "params": m.params, "arch": m.arch,
            })).collect::<Vec<_>>(),
            "flops": {
                "full": [t.k.full.checkpointing, t.k.full.no_checkpointing],
                "adapter": [t.k.adapter.checkpointing, t.k.adapter.no_checkpointing],
            },
            "mfu": [t.mfu_high, t.mfu_low],
            "margin": t.term_margin,
            "hours_per_month": cat.hours_per_month,
            "offers": offers,
            "weeks": terms("term-weeks"),
            "months": terms("term-months"),
            "msg": msg,
        })
    }
}

/// Every text `calc.js` prints, localised, with its placeholders in braces (`{value}`).
fn calculator_messages(l: &Tracked<'_>) -> Value {
    let hole = |name: &str| Arg::Str(format!("{{{name}}}"));
    let tpl = |key: &str, args: &[&str]| {
        let args: Vec<(&str, Arg)> = args.iter().map(|a| (*a, hole(a))).collect();
        l.t(key, &args).unwrap_or_default()
    };
    json!({
        "usd": usd_whole(l, Decimal::from(7)),
        "pct": l.percent(Decimal::new(7, 2)),
        "gb": tpl("unit-gb", &["value"]),
        "terms": tpl("calc-terms-caption", &["job"]),
        "offers": tpl("calc-offers-caption", &["headroom"]),
        "offers_note": l.s("calc-offers-note"),
        "none": tpl("calc-none", &["headroom"]),
        "run": tpl("calc-run", &["fast", "slow", "cost", "run"]),
        "long": tpl("calc-run-long", &["fast", "slow"]),
        "sharded": tpl("calc-sharded", &["need"]),
        "invalid": tpl("calc-invalid", &["field", "min", "max"]),
        "kv_over": l.s("calc-kv-over"),
        "config_error": tpl("calc-config-error", &["error"]),
        "term": l.s("col-term"),
        "formula": l.s("col-formula"),
        "figure": l.s("col-figure"),
        "offer": l.s("col-offer"),
        "need": l.s("calc-col-need"),
        "share_of": tpl("calc-share-of", &["share", "usable"]),
        "weekly": l.s("col-weekly"),
        "monthly": l.s("col-monthly"),
        "training": tpl("calc-col-run", &["tokens"]),
        "names": {
            "weights": l.s("term-weights"),
            "trainable": l.s("term-trainable"),
            "activations": l.s("term-activations"),
            "logits": l.s("term-logits"),
            "buffers": l.s("term-buffers"),
            "allocator": l.s("calc-term-allocator"),
            "context": l.s("calc-term-context"),
            "per_card": l.s("term-per-card"),
        },
    })
}

/// `<option>`s of (value, text, selected).
fn options(items: impl Iterator<Item = (String, String, bool)>) -> String {
    items
        .map(|(value, text, on)| {
            format!(
                r#"<option value="{}"{}>{}</option>"#,
                esc(&value),
                if on { " selected" } else { "" },
                esc(&text)
            )
        })
        .collect()
}

/// A Rent menu as the table partial writes it: a disclosure, a line per region with its links.
fn menu_html(m: &hubgen_engine::ext::Menu) -> String {
    let items: String = m
        .items
        .iter()
        .map(|i| {
            let links: String = i
                .actions
                .iter()
                .map(|a| {
                    format!(
                        r#" <a href="{}" aria-label="{}">{}</a>"#,
                        esc(&a.href),
                        esc(&a.label),
                        esc(&a.text)
                    )
                })
                .collect();
            format!("<li>{}{links}</li>", esc(&i.text))
        })
        .collect();
    format!(
        r#"<details class="menu"><summary>{}</summary><ul>{items}</ul></details>"#,
        esc(&m.summary)
    )
}
