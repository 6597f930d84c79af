//! Raw-number JSON exports of the computed tables (`public/data/*.json`).

use serde::Serialize;
use serde_json::{Value, json};

use super::compute::Tables;
use super::model::Catalog;

fn num(d: rust_decimal::Decimal) -> Value {
    serde_json::from_str(&d.normalize().to_string()).unwrap_or(Value::Null)
}

fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// `fit.json`: per row the job, its memory and terms, the pick with prices, the cheapest fit.
pub fn fit(cat: &Catalog, t: &Tables) -> Value {
    let rows: Vec<Value> = t
        .fit
        .iter()
        .map(|f| {
            let row = &cat.fit_rows[f.row];
            let o = &t.offers[f.offer];
            let c = &t.offers[f.cheapest];
            json!({
                "model": cat.models[row.model].id,
                "method": cat.methods[row.method].id,
                "vram_gb": f.need.published_gb(),
                "vram_gb_exact": round2(f.need.total_gb),
                "terms_gb": {
                    "weights": round2(f.need.weights_gb),
                    "trainable": round2(f.need.trainable_gb),
                    "activations": round2(f.need.activations_gb),
                    "reserve": round2(f.need.reserve_gb),
                },
                "card": o.id,
                "cards": o.count,
                "card_vram_gb": o.vram_gb,
                "utilisation": round2(f.utilisation),
                "weekly_usd": num(o.weekly),
                "monthly_usd": num(o.monthly),
                "per_gpu_hour_usd": num(o.per_gpu_hour),
                "cheapest_fit": c.id,
                "cheapest_fit_monthly_usd": num(c.monthly),
            })
        })
        .collect();
    json!({ "headroom": num(cat.headroom), "rows": rows })
}

/// `cards.json`: every priced card with prices and availability per region.
pub fn cards(cat: &Catalog, t: &Tables) -> Value {
    let rows: Vec<Value> = t
        .offers
        .iter()
        .filter(|o| o.count == 1)
        .map(|o| {
            let c = &cat.cards[o.card];
            let available: serde_json::Map<String, Value> = match &c.free_now {
                Some(v) => cat
                    .regions
                    .iter()
                    .zip(v)
                    .map(|(r, n)| (r.id.clone(), json!(n)))
                    .collect(),
                None => serde_json::Map::new(),
            };
            json!({
                "id": c.id,
                "name": c.name,
                "vram_gb": c.vram_gb,
                "weekly_usd": num(o.weekly),
                "monthly_usd": num(o.monthly),
                "per_gpu_hour_usd": num(o.per_gpu_hour),
                "available": available,
            })
        })
        .collect();
    json!({ "hours_per_month": cat.hours_per_month, "cards": rows })
}

/// `bundles.json`: multi-card offers.
pub fn bundles(t: &Tables) -> Value {
    #[derive(Serialize)]
    struct B {
        id: String,
        cards: u32,
        vram_gb: u32,
        discount: Value,
        weekly_usd: Value,
        monthly_usd: Value,
        per_gpu_hour_usd: Value,
    }
    let rows: Vec<B> = t
        .offers
        .iter()
        .filter(|o| o.count > 1)
        .map(|o| B {
            id: o.id.clone(),
            cards: o.count,
            vram_gb: o.vram_gb,
            discount: num(o.discount),
            weekly_usd: num(o.weekly),
            monthly_usd: num(o.monthly),
            per_gpu_hour_usd: num(o.per_gpu_hour),
        })
        .collect();
    json!({ "bundles": rows })
}

fn terms(m: &super::compute::Memory) -> Value {
    json!({
        "weights": round2(m.weights_gb),
        "trainable": round2(m.trainable_gb),
        "activations": round2(m.activations_gb),
        "reserve": round2(m.reserve_gb),
    })
}

/// `memory.json`: every model × method at the published settings, with its terms.
pub fn memory(cat: &Catalog, t: &Tables) -> Value {
    let mm = &cat.memory;
    let rows: Vec<Value> = t
        .memory
        .iter()
        .map(|m| {
            json!({
                "model": cat.models[m.model].id,
                "method": cat.methods[m.method].id,
                "params": cat.models[m.model].params,
                "vram_gb": m.need.published_gb(),
                "vram_gb_exact": round2(m.need.total_gb),
                "terms_gb": terms(&m.need),
                "cheapest_fit": m.cheapest.map(|o| t.offers[o].id.clone()),
            })
        })
        .collect();
    json!({
        "assumptions": {
            "seq_len": mm.seq_len,
            "batch": mm.batch,
            "grad_checkpointing": mm.grad_checkpointing,
            "lora_rank": mm.lora_rank,
            "adapter_fraction": mm.adapter_fraction,
            "eta": mm.eta,
            "runtime_reserve_gb": mm.runtime_reserve_gb,
            "headroom": num(cat.headroom),
        },
        "rows": rows,
    })
}

/// `break-even.json`: each card's term against its market hourly range.
pub fn break_even(cat: &Catalog, t: &Tables) -> Value {
    let rows: Vec<Value> = t
        .break_even
        .iter()
        .map(|b| {
            let o = &t.offers[b.offer];
            let r = &cat.market.rates[b.rate];
            json!({
                "card": o.id,
                "monthly_usd": num(o.monthly),
                "weekly_usd": num(o.weekly),
                "hourly_low_usd": num(r.low),
                "hourly_high_usd": num(r.high),
                "hourly_source": r.source,
                "break_even_hours_low": num(b.hours_low),
                "break_even_hours_high": num(b.hours_high),
                "share_of_month_low": num(b.share_low),
                "share_of_month_high": num(b.share_high),
                "window_hourly_low_usd": num(b.window_low),
                "window_hourly_high_usd": num(b.window_high),
                "window_weeks": b.window_weeks,
                "window_weekly_usd": num(b.window_weekly),
            })
        })
        .collect();
    json!({
        "hours_per_month": cat.hours_per_month,
        "round_hours": num(cat.market.round_hours),
        "window_hours": cat.market.window_hours,
        "rows": rows,
    })
}

/// `training.json`: the default jobs with FLOPs, hours over the MFU range and costs.
pub fn training(cat: &Catalog, t: &Tables) -> Value {
    let tr = &cat.training;
    let rows: Vec<Value> = t
        .training
        .iter()
        .map(|r| {
            let j = &tr.jobs[r.job];
            let o = &t.offers[r.offer];
            json!({
                "id": j.id,
                "source": j.source,
                "model": cat.models[j.model].id,
                "method": cat.methods[j.method].id,
                "examples": j.examples,
                "epochs": j.epochs,
                "tokens_per_example": j.tokens_per_example,
                "grad_checkpointing": j.checkpointing,
                "offer": o.id,
                "cards": o.count,
                "vram_gb": r.need.published_gb(),
                "tokens": r.tokens,
                "flops": r.flops,
                "hours_at_mfu_high": round2(r.hours_fast),
                "hours_at_mfu_low": round2(r.hours_slow),
                "cost_usd_at_mfu_high": num(r.cost_fast),
                "cost_usd_at_mfu_low": num(r.cost_slow),
                "per_gpu_hour_usd": num(o.per_gpu_hour),
                "term": r.term,
                "term_count": r.term_count,
                "term_cost_usd": num(r.term_cost),
            })
        })
        .collect();
    json!({
        "mfu": { "low": tr.mfu_low, "high": tr.mfu_high },
        "tokens_per_example": tr.tokens_per_example,
        "rows": rows,
    })
}

/// All exports as (path under the output root, pretty JSON bytes).
pub fn all(cat: &Catalog, t: &Tables) -> Vec<(String, Vec<u8>)> {
    [
        ("data/fit.json", fit(cat, t)),
        ("data/cards.json", cards(cat, t)),
        ("data/bundles.json", bundles(t)),
        ("data/memory.json", memory(cat, t)),
        ("data/break-even.json", break_even(cat, t)),
        ("data/training.json", training(cat, t)),
    ]
    .into_iter()
    .map(|(p, v)| {
        let mut bytes = serde_json::to_vec_pretty(&v).unwrap_or_default();
        bytes.push(b'\n');
        (p.to_owned(), bytes)
    })
    .collect()
}
