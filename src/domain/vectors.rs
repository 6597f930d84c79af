//! The reference vectors (`tests/fixtures/vectors.yaml`, from the shared ARITHMETIC reference)
//! reproduced through the functions that build the site, and through the site's own `data/`.

use std::path::Path;

use rust_decimal::Decimal;
use serde_json::Value;

use super::compute::{self, Job};
use super::model::{self, Method, Model};
use super::schema::Trains;

fn vectors() -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vectors.yaml");
    let text = std::fs::read_to_string(path).expect("vectors.yaml");
    let doc: Value = serde_saphyr::from_str(&text).expect("vectors parse");
    doc["vectors"].as_array().expect("vectors list").clone()
}

fn dec(v: &Value) -> Decimal {
    match v {
        Value::Number(n) => n.to_string().parse().expect("decimal"),
        other => panic!("not a number: {other}"),
    }
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or_else(|| panic!("not a number: {v}"))
}

fn site() -> (model::Catalog, compute::Tables) {
    let (cat, _) = model::load(Path::new(env!("CARGO_MANIFEST_DIR"))).expect("data/ loads");
    let tables = compute::compute(&cat).expect("data/ computes");
    (cat, tables)
}

#[test]
fn price_vectors() {
    let (cat, tables) = site();
    let mut checked = 0;
    for v in vectors() {
        let i = &v["inputs"];
        let id = v["id"].as_str().unwrap_or_default();
        match v["kind"].as_str() {
            Some("per_gpu_hour") => {
                let got = compute::per_gpu_hour(
                    dec(&i["monthly_usd"]),
                    u32::try_from(i["gpus"].as_u64().unwrap_or(1)).unwrap_or(1),
                    u32::try_from(i["hours_per_month"].as_u64().unwrap_or(720)).unwrap_or(720),
                );
                assert_eq!(got, dec(&v["expected"]), "{id}");
                // The same figure comes out of the site's data for the offer named in the id.
                let offer = id.trim_start_matches("per_gpu_hour/");
                if let Some(o) = tables.offers.iter().find(|o| o.id == offer) {
                    assert_eq!(o.per_gpu_hour, got, "{id} from data/");
                    assert_eq!(o.monthly, dec(&i["monthly_usd"]), "{id} monthly in data/");
                }
                checked += 1;
            }
            Some("multi_card_price") => {
                let got = compute::multi_card_price(
                    dec(&i["single_card_price_usd"]),
                    u32::try_from(i["cards"].as_u64().unwrap_or(1)).unwrap_or(1),
                    dec(&i["discount"]),
                    cat.significant_figures,
                );
                assert_eq!(got, dec(&v["expected"]), "{id}");
                let mut parts = id.split('/');
                let bundle = parts.nth(1).unwrap_or_default();
                let term = parts.next().unwrap_or_default();
                let o = tables
                    .offers
                    .iter()
                    .find(|o| o.id == bundle)
                    .expect("bundle in data/");
                let from_data = if term == "weekly" {
                    o.weekly
                } else {
                    o.monthly
                };
                assert_eq!(from_data, got, "{id} from data/");
                checked += 1;
            }
            Some("break_even_hours") => {
                let got = compute::break_even_hours(
                    dec(&i["monthly_usd"]),
                    dec(&i["hourly_usd"]),
                    Decimal::TEN,
                );
                assert_eq!(got, dec(&v["expected"]), "{id}");
                checked += 1;
            }
            Some("price_ratio") => {
                let ratio = dec(&i["numerator_monthly_usd"]) / dec(&i["denominator_monthly_usd"]);
                let expected = dec(&v["expected"]);
                let tol = v["tolerance"].as_f64().unwrap_or(0.0);
                let rounding = v["rounding"].as_str().unwrap_or_default();
                let got = if rounding.starts_with("whole percent") {
                    ratio.round_dp(2)
                } else if rounding.starts_with("one decimal") {
                    ratio.round_dp(1)
                } else {
                    ratio.round_dp(0)
                };
                let diff: f64 = (got - expected)
                    .abs()
                    .to_string()
                    .parse()
                    .unwrap_or(f64::MAX);
                assert!(diff <= tol + 1e-9, "{id}: {got} vs {expected}");
                checked += 1;
            }
            Some("state_bytes_gb") => {
                let method = cat
                    .methods
                    .iter()
                    .find(|m| {
                        let b = compute::bytes_per_param(m);
                        (b - f(&i["bytes_per_param"])).abs() < 1e-9
                    })
                    .expect("a method with these bytes per parameter");
                let got = compute::bytes_per_param(method) * f(&i["params_b"]);
                assert!((got - f(&v["expected"])).abs() < 1e-9, "{id}: {got}");
                checked += 1;
            }
            Some("vram_gb") => {
                let model = Model {
                    id: i["model"].as_str().unwrap_or_default().into(),
                    name: String::new(),
                    size: String::new(),
                    params: f(&i["params_b_nominal"]) * 1e9,
                    params_exact: f(&i["params_real"]),
                    layers: i["layers"].as_u64().unwrap_or(0) as u32,
                    hidden: i["hidden"].as_u64().unwrap_or(0) as u32,
                    intermediate: i["intermediate"].as_u64().unwrap_or(0) as u32,
                    heads: i["heads"].as_u64().unwrap_or(0) as u32,
                    kv_heads: i["kv_heads"].as_u64().unwrap_or(0) as u32,
                    vocab: i["vocab"].as_u64().unwrap_or(0) as u32,
                    source: String::new(),
                };
                let method: &Method = cat
                    .methods
                    .iter()
                    .find(|m| Some(m.id.as_str()) == i["method"].as_str())
                    .expect("method in data/");
                let job = Job {
                    params: model.params,
                    seq_len: i["seq_len"].as_u64().unwrap_or(0) as u32,
                    batch: i["batch"].as_u64().unwrap_or(0) as u32,
                    grad_checkpointing: i["grad_checkpointing"].as_bool().unwrap_or(true),
                    lora_rank: i["lora_rank"].as_u64().unwrap_or(16) as u32,
                };
                let m = compute::memory(&model, method, &cat.memory, job);
                let expected = f(&v["expected"]);
                let rel = f(&v["model_M_tolerance_rel"]);
                assert!(
                    (m.total_gb / expected - 1.0).abs() <= rel,
                    "{id}: {} vs {expected}",
                    m.total_gb
                );
                assert!(
                    (m.total_gb - f(&v["model_M_value"])).abs() < 0.01,
                    "{id}: {}",
                    m.total_gb
                );
                // And the site's fit table, computed from data/, carries the same figure.
                let row = tables
                    .fit
                    .iter()
                    .find(|r| {
                        let fr = &cat.fit_rows[r.row];
                        cat.models[fr.model].id == model.id
                            && cat.methods[fr.method].id == method.id
                    })
                    .expect("fit row in data/");
                assert!(
                    (row.need.total_gb - m.total_gb).abs() < 1e-9,
                    "{id} from data/"
                );
                if method.trains == Trains::Full {
                    assert!(row.need.trainable_gb > row.need.weights_gb);
                }
                checked += 1;
            }
            Some("training_hours") => {
                let method = cat
                    .methods
                    .iter()
                    .find(|m| Some(m.id.as_str()) == i["method"].as_str())
                    .expect("method in data/");
                let k = compute::flops_per_param_token(
                    &cat.training,
                    method,
                    i["grad_checkpointing"].as_bool().unwrap_or(true),
                );
                assert_eq!(k, f(&i["flops_per_param_token"]), "{id}: k from data/");
                let tokens = f(&i["examples"]) * f(&i["epochs"]) * f(&i["tokens_per_example"]);
                let params = f(&i["params_b"]) * 1e9;
                let got = compute::training_hours(
                    k,
                    params,
                    tokens,
                    f(&i["dense_bf16_tflops"]),
                    1,
                    f(&i["mfu"]),
                );
                assert!((got - f(&v["formula_value_h"])).abs() < 0.01, "{id}: {got}");
                let range = v["expected_range_h"].as_array().expect("range");
                assert!(got >= f(&range[0]) && got <= f(&range[1]), "{id}: {got}");
                // The site's training table, from data/, runs the same job at the low MFU: on
                // more cards it takes proportionally less time.
                let row = tables
                    .training
                    .iter()
                    .find(|r| {
                        let j = &cat.training.jobs[r.job];
                        cat.models[j.model].params == params
                            && cat.methods[j.method].id == method.id
                            && f64::from(j.examples) == f(&i["examples"])
                            && f64::from(j.epochs) == f(&i["epochs"])
                    })
                    .expect("the job in data/training.yaml");
                let o = &tables.offers[row.offer];
                let tflops: f64 = cat.cards[o.card]
                    .bf16_tflops
                    .as_ref()
                    .map(|s| s.value.to_string().parse().unwrap_or(0.0))
                    .unwrap_or(0.0);
                assert_eq!(tflops, f(&i["dense_bf16_tflops"]), "{id}: TFLOPS in data/");
                assert_eq!(cat.training.mfu_low, f(&i["mfu"]), "{id}: MFU in data/");
                let job = &cat.training.jobs[row.job];
                assert_eq!(
                    f64::from(job.tokens_per_example),
                    f(&i["tokens_per_example"])
                );
                assert_eq!(
                    job.checkpointing,
                    i["grad_checkpointing"].as_bool().unwrap_or(true)
                );
                assert!(
                    (row.hours_slow * f64::from(o.count) - got).abs() < 1e-9,
                    "{id} from data/: {} h on {} card(s)",
                    row.hours_slow,
                    o.count
                );
                checked += 1;
            }
            Some("rub_cost") => {
                let exact = dec(&i["hours"]) * dec(&i["rub_per_hour_min"]);
                let got = compute::round_significant(exact, 2);
                assert_eq!(got, dec(&v["rule_value"]), "{id}");
                let expected = dec(&v["expected"]);
                let rel: f64 = ((got - expected) / expected)
                    .abs()
                    .to_string()
                    .parse()
                    .unwrap_or(f64::MAX);
                assert!(
                    rel <= f(&v["tolerance_rel"]) + 1e-12,
                    "{id}: {got} vs {expected}"
                );
                assert_eq!(
                    got == expected,
                    v["matches_rule"].as_bool() == Some(true),
                    "{id}"
                );
                checked += 1;
            }
            _ => {}
        }
    }
    // 14 per-hour, 6 multi-card, 3 break-even, 3 ratios, 3 byte rules, 10 memory rows,
    // 4 training times, 8 cost roundings: every vector of the reference.
    assert_eq!(checked, 51);
}
