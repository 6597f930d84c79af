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

/// `fit.json`: per row the job, its memory per card and in total with every term (bytes), the
/// card's usable bytes and the share, and the pick with both terms' prices.
pub fn fit(cat: &Catalog, t: &Tables) -> Value {
    let rows: Vec<Value> = t
        .fit
        .iter()
        .map(|f| {
            let row = &cat.fit_rows[f.row];
            let o = &t.offers[f.offer];
            json!({
                "model": cat.models[row.model].id,
                "method": cat.methods[row.method].id,
                "bytes_per_card": f.need.per_card,
                "bytes_total": f.need.total,
                "gb_total": f.need.published_total_gb(),
                // As the page prints it: on several cards, the printed per-card figure × cards.
                "gb_total_printed": f.need.shown_total_gb(),
                "memory": serde_json::to_value(f.need).unwrap_or(Value::Null),
                "offer": o.id,
                "cards": o.count,
                "card_usable_bytes": o.usable,
                "share_of_usable": round4(f.need.per_card.share_of(o.usable)),
                // The share as the page prints it: the printed need over the printed usable memory.
                "share_printed": round4(f.share),
                "tight": f.tight,
                "weekly_usd": num(o.weekly),
                "monthly_usd": num(o.monthly),
                "per_gpu_hour_week_usd": num(o.per_gpu_hour_week),
                "per_gpu_hour_month_usd": num(o.per_gpu_hour),
                "rule": {
                    "reference_tokens": super::compute::reference_tokens(cat),
                    // The term covers the slow end; the reference is the band's middle.
                    "hours_at_hfu_low": round2(f.choice.hours_slow),
                    "hours_at_hfu_reference": round2(f.choice.hours),
                    "hours_at_hfu_high": round2(f.choice.hours_fast),
                    "term": f.choice.run.term(),
                    "months": f.choice.run.months,
                    "weeks": f.choice.run.weeks,
                    "cost_usd": num(f.choice.run.cost),
                    // A job that leaves most of its run idle: below this rate per GPU-hour, one
                    // run of it alone costs less by the hour (null for a run that uses most of it).
                    "one_run_hourly_below_usd": super::compute::one_run_rate(
                        &f.choice, o.count, cat.hours_per_month
                    ).map(num),
                    // The same at the fast end's hours: the top of the range.
                    "one_run_hourly_below_usd_fast_end": super::compute::one_run_rate_fast(
                        &f.choice, o.count, cat.hours_per_month
                    ).map(num),
                    // Where the pick wins on paper TFLOPS only: the rival that would cost less
                    // if the pick were faster only by their memory bandwidth.
                    "bandwidth_check": f.bandwidth.as_ref().map(|b| json!({
                        "rival": t.offers[b.rival.offer].id,
                        "bandwidth_ratio": round2(b.ratio),
                        "tflops_ratio": round2(b.tflops_ratio),
                        "hours_at_hfu_low": round2(b.hours_slow),
                        "cost_usd": num(b.run.cost),
                        "rival_cost_usd": num(b.rival.run.cost),
                    })),
                    // The pick's own hours and cost if its speed follows memory bandwidth,
                    // where that costs more than its price.
                    "bandwidth_bound": f.bandwidth_bound.as_ref().map(|b| json!({
                        "rival": t.offers[b.rival.offer].id,
                        "bandwidth_ratio": round2(b.ratio),
                        "tflops_ratio": round2(b.tflops_ratio),
                        "hours_at_hfu_low": round2(b.hours_slow),
                        "cost_usd": num(b.run.cost),
                        "rival_cost_usd": num(b.rival.run.cost),
                    })),
                    // The offer cheaper on paper TFLOPS that the rule passed over: what it costs
                    // on paper, and its hours and cost if its speed follows memory bandwidth.
                    "passed_over": f.passed_over.as_ref().map(|p| passed_over_json(cat, t, p)),
                },
                "override_reason": f.override_reason,
            })
        })
        .collect();
    json!({ "headroom": num(cat.headroom), "tight_share": num(cat.tight_share), "rows": rows })
}

/// The offer cheaper on paper TFLOPS that the rule passed over: what it costs on paper, and its
/// hours and cost if its speed follows memory bandwidth.
fn passed_over_json(cat: &Catalog, t: &Tables, p: &super::compute::PassedOver) -> Value {
    let margin = cat.training.term_margin;
    json!({
        "offer": t.offers[p.choice.offer].id,
        "cost_usd": num(p.choice.run.cost),
        "rival": t.offers[p.check.rival.offer].id,
        "bandwidth_ratio": round2(p.check.ratio),
        "tflops_ratio": round2(p.check.tflops_ratio),
        "hours_at_hfu_low_bandwidth_bound": round2(p.check.hours_slow),
        "cost_usd_bandwidth_bound": num(p.check.run.cost),
        // The throughput at which its paper-TFLOPS run holds the reference job, and the hours
        // that run leaves the job once its margin is kept free.
        "tokens_per_s_to_fit": super::compute::throughput_to_fit(
            super::compute::reference_tokens(cat),
            &p.choice.run,
            cat.hours_per_month,
            margin,
        ),
        "usable_hours": round2(super::compute::usable_hours(&p.choice.run, cat.hours_per_month, margin)),
        // The rival's own week costs less than this run: at the same throughput it holds the job
        // too, so this offer is cheaper only while the rival is slower.
        "cheaper_only_if_rival_slower": super::compute::rival_week_undercuts(p, &t.offers),
    })
}

fn round4(v: f64) -> f64 {
    (v * 1e4).round() / 1e4
}

/// `calibration.json`: every published run, what was measured, our estimate of it and the error,
/// with the reason where the model is known to come out under.
pub fn calibration(cat: &Catalog, t: &Tables) -> Value {
    let checks = &t.calibration;
    let s = t.calibration_summary;
    let rows: Vec<Value> = checks
        .iter()
        .map(|c| {
            let r = &cat.calibration[c.run];
            json!({
                "id": r.id,
                "source": r.source,
                "url": r.url,
                "author": r.author,
                "framework": r.framework,
                "versions": r.versions,
                "model": r.model,
                "method": cat.methods[r.method].id,
                "job": r.job,
                "optimizer": r.optimizer,
                "measured": r.measured,
                "measured_bytes": r.peak,
                "estimate_bytes": c.estimate,
                "error": round4(c.error),
                "under_estimate": r.under_estimate,
            })
        })
        .collect();
    json!({
        "median_abs_error": round4(s.median_abs),
        "worst_under": round4(s.worst_under),
        "worst_over": round4(s.worst_over),
        "runs": rows,
    })
}

/// `memory-model.json`: the memory model's constants and the published job, for a reader (or a
/// calculator) to compute with the same numbers as the build.
pub fn memory_model(cat: &Catalog) -> Value {
    let mm = &cat.memory;
    let k = &mm.constants;
    json!({
        "constants": {
            "bf16_bytes": k.bf16_bytes,
            "nf4_bits": k.nf4_bits,
            "quant_constant_bits": k.quant_constant_bits,
            "logits_bytes": k.logits_bytes,
            "chunk_tokens": k.chunk_tokens,
            "context_bytes": k.context,
            "allocator_share": k.allocator_share,
            // Added to every job's allocator share: without it the totals do not add up.
            "allocator_floor_bytes": k.allocator_floor,
        },
        "optimizers": mm.optimizers.iter().map(|(n, b)| json!({"name": n, "bytes": b})).collect::<Vec<_>>(),
        "defaults": mm.defaults,
        "optimizer": mm.optimizer,
        "multi_card_sharding": mm.multi_card_sharding,
        "headroom": num(cat.headroom),
        "methods": cat.methods.iter().map(|m| json!({
            "id": m.id, "trains": m.trains, "linear": m.linear, "state_bytes": m.state_bytes,
        })).collect::<Vec<_>>(),
        "models": cat.models.iter().map(|m| json!({
            "id": m.id, "name": m.name, "params": m.params, "arch": m.arch,
        })).collect::<Vec<_>>(),
    })
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
                "usable_bytes": o.usable,
                "capacity_source": c.capacity_source,
                // What the training hours and the bandwidth checks are computed from.
                "dense_bf16_tflops": c.bf16_tflops.as_ref().map(|t| num(t.value)),
                "memory_bandwidth_tbs": c.bandwidth_tbs.map(num),
                "weekly_usd": num(o.weekly),
                "monthly_usd": num(o.monthly),
                "per_gpu_hour_week_usd": num(o.per_gpu_hour_week),
                "per_gpu_hour_usd": num(o.per_gpu_hour),
                "available": available,
            })
        })
        .collect();
    json!({
        "hours_per_month": cat.hours_per_month,
        "stock_as_of": cat.stock_as_of,
        "cards": rows,
    })
}

/// `storage.json`: storage and egress prices and the term rules of `data/storage.yaml`, so a
/// reader can check every storage figure a page prints.
pub fn storage(cat: &Catalog) -> Value {
    let s = &cat.storage;
    json!({
        "extra_nvme": {
            "usd_per_tb_month": num(s.extra_nvme.usd_per_tb_month),
            "max_tb_per_node": s.extra_nvme.max_tb_per_node,
        },
        "network_volume": {
            "usd_per_tb_month": num(s.network_volume.usd_per_tb_month),
            "replicas": s.network_volume.replicas,
        },
        "snapshots": { "usd_per_tb_month": num(s.snapshots.usd_per_tb_month) },
        "egress": {
            "included_tb_per_month": s.egress.included_tb_per_month,
            "usd_per_tb_over": num(s.egress.usd_per_tb_over),
        },
        "encryption": s.encryption,
        "wipe_days": s.wipe_days,
        "renewal_notice_hours": s.renewal_notice_hours,
        "hold_hours": s.hold_hours,
    })
}

/// `bundles.json`: multi-card offers.
pub fn bundles(t: &Tables) -> Value {
    #[derive(Serialize)]
    struct B {
        id: String,
        cards: u32,
        vram_gb: u32,
        usable_bytes_per_card: u64,
        discount: Value,
        weekly_usd: Value,
        monthly_usd: Value,
        per_gpu_hour_week_usd: Value,
        per_gpu_hour_usd: Value,
        /// Whole nodes free per region, in regions.yaml's order.
        free_nodes: Vec<u32>,
    }
    let rows: Vec<B> = t
        .offers
        .iter()
        .filter(|o| o.count > 1)
        .map(|o| B {
            id: o.id.clone(),
            cards: o.count,
            vram_gb: o.vram_gb,
            usable_bytes_per_card: o.usable.whole(),
            discount: num(o.discount),
            weekly_usd: num(o.weekly),
            monthly_usd: num(o.monthly),
            per_gpu_hour_week_usd: num(o.per_gpu_hour_week),
            per_gpu_hour_usd: num(o.per_gpu_hour),
            free_nodes: o.free.clone(),
        })
        .collect();
    json!({ "bundles": rows })
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
                "gb_per_card": m.need.per_card.ceil_gb(),
                "memory": serde_json::to_value(m.need).unwrap_or(Value::Null),
                "pick": m.pick.as_ref().map(|c| t.offers[c.offer].id.clone()),
            })
        })
        .collect();
    json!({
        "job": mm.defaults,
        "headroom": num(cat.headroom),
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
                "week_break_even_hours_low": num(b.week_hours_low),
                "week_break_even_hours_high": num(b.week_hours_high),
                "share_of_month_low": num(b.share_low),
                "share_of_month_high": num(b.share_high),
                "window_hourly_low_usd": num(b.window_low),
                "window_hourly_high_usd": num(b.window_high),
                "window_weeks": b.window_weeks,
                "window_weekly_usd": num(b.window_weekly),
            })
        })
        .collect();
    // Every offer's hourly rate to beat, by busy share, for a month and a week.
    let beat: Vec<Value> = t
        .beat
        .iter()
        .map(|b| {
            let o = &t.offers[b.offer];
            let nums = |v: &[rust_decimal::Decimal]| v.iter().map(|d| num(*d)).collect::<Vec<_>>();
            json!({
                "offer": o.id,
                "cards": o.count,
                "monthly_usd": num(o.monthly),
                "weekly_usd": num(o.weekly),
                "month_rate_to_beat_usd": nums(&b.month),
                "week_rate_to_beat_usd": nums(&b.week),
            })
        })
        .collect();
    json!({
        "hours_per_month": cat.hours_per_month,
        "busy_shares": cat.market.busy_shares.iter().map(|d| num(*d)).collect::<Vec<_>>(),
        "rates_to_beat": beat,
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
                "bytes_per_card": r.need.per_card,
                "bytes_total": r.need.total,
                "tokens": r.tokens,
                "flops": r.flops,
                "step_time_factor": tr.step_factor(&cat.methods[j.method].id),
                "hours_at_hfu_high": round2(r.hours_fast),
                "hours_at_hfu_low": round2(r.hours_slow),
                "hours_at_hfu_reference": round2(r.hours_ref),
                "cost_usd_at_hfu_high": num(r.cost_fast),
                "cost_usd_at_hfu_low": num(r.cost_slow),
                "per_gpu_hour_usd": num(o.rate(r.run.term())),
                "term": r.run.term(),
                "months": r.run.months,
                "weeks": r.run.weeks,
                "term_cost_usd": num(r.run.cost),
            })
        })
        .collect();
    json!({
        "hfu": { "low": tr.mfu_low, "reference": tr.mfu_ref, "high": tr.mfu_high },
        "tokens_per_example": tr.tokens_per_example,
        "term_margin": tr.term_margin,
        "step_time": tr.step_time.iter().map(|s| json!({
            "method": s.method, "factor": s.factor, "source": s.source,
        })).collect::<Vec<_>>(),
        "rows": rows,
    })
}

/// All exports as (path under the output root, pretty JSON bytes).
pub fn all(cat: &Catalog, t: &Tables) -> Vec<(String, Vec<u8>)> {
    [
        ("data/fit.json", fit(cat, t)),
        ("data/cards.json", cards(cat, t)),
        ("data/bundles.json", bundles(t)),
        ("data/storage.json", storage(cat)),
        ("data/memory.json", memory(cat, t)),
        ("data/memory-model.json", memory_model(cat)),
        ("data/calibration.json", calibration(cat, t)),
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
