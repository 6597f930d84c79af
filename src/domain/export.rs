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

/// All exports as (path under the output root, pretty JSON bytes).
pub fn all(cat: &Catalog, t: &Tables) -> Vec<(String, Vec<u8>)> {
    [
        ("data/fit.json", fit(cat, t)),
        ("data/cards.json", cards(cat, t)),
        ("data/bundles.json", bundles(t)),
    ]
    .into_iter()
    .map(|(p, v)| {
        let mut bytes = serde_json::to_vec_pretty(&v).unwrap_or_default();
        bytes.push(b'\n');
        (p.to_owned(), bytes)
    })
    .collect()
}
