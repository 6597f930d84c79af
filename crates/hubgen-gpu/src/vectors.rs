//! The reference vectors (`tests/fixtures/vectors.yaml`, from the shared ARITHMETIC reference).
//! 43 of the 51 go through the functions and shortcodes that build the site, 39 of those also
//! against the site's own `data/`; the 8 RUB costs test only the rounding rule (see
//! `rub_cost_vectors_test_only_the_two_significant_figure_rule`).

use std::path::Path;
use std::sync::Arc;

use rust_decimal::Decimal;
use serde_json::Value;

use super::compute;
use super::memory::{Arch, Job, Method, Precision, Strategy, Trains, memory};
use super::model;
use super::site::Site;
use hubgen_engine::ext::{Args, Output};
use hubgen_engine::ext::{Localizer, Tracked};

fn vectors() -> Vec<Value> {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .join("tests/fixtures/vectors.yaml");
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

/// A whole-number input: a missing or renamed key fails, it never takes a default.
fn int(i: &Value, key: &str) -> u32 {
    i[key]
        .as_u64()
        .and_then(|n| u32::try_from(n).ok())
        .unwrap_or_else(|| panic!("input `{key}` is not a whole number: {}", i[key]))
}

/// A yes/no input: a missing or renamed key fails.
fn flag(i: &Value, key: &str) -> bool {
    i[key]
        .as_bool()
        .unwrap_or_else(|| panic!("input `{key}` is not true or false: {}", i[key]))
}

/// A text input: a missing or renamed key fails.
fn name<'a>(i: &'a Value, key: &str) -> &'a str {
    i[key]
        .as_str()
        .unwrap_or_else(|| panic!("input `{key}` is not a text: {}", i[key]))
}

/// An amount as the English pages print it (`$0.26/GPU-hr`, `$1,881/mo`) read back as a number.
fn printed_usd(text: &str) -> Decimal {
    let amount: String = text
        .strip_prefix('$')
        .unwrap_or_else(|| panic!("not an amount in dollars: {text:?}"))
        .split('/')
        .next()
        .unwrap_or_default()
        .chars()
        .filter(|c| *c != ',')
        .collect();
    amount
        .parse()
        .unwrap_or_else(|_| panic!("not an amount: {text:?}"))
}

fn site() -> (model::Catalog, compute::Tables) {
    let (cat, _) = super::load::load(&hubgen_engine::ext::SiteFiles::new(Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../.."
    ))))
    .expect("data/ loads");
    let tables = compute::compute(&cat).expect("data/ computes");
    (cat, tables)
}

/// The site's English strings (i18n/en), so shortcodes print units as on the pages.
fn english() -> Localizer {
    let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("i18n/en/main.ftl");
    let text = std::fs::read_to_string(path).expect("i18n/en/main.ftl");
    let resource = fluent_bundle::FluentResource::try_new(text).expect("en strings parse");
    let mut bundle = hubgen_engine::ext::new_bundle("en").expect("en bundle");
    bundle
        .add_resource(Arc::new(resource))
        .expect("en strings load");
    Localizer::new("en", vec![Arc::new(bundle)]).expect("en localizer")
}

/// What one shortcode, written as in a page (`share(a="x", b="y")`), prints in English.
fn shortcode(site: &Site<'_>, loc: &Localizer, source: &str) -> String {
    let body = format!("{{{{ {source} }}}}");
    let (calls, errors) = hubgen_engine::ext::scan(&body);
    assert!(
        errors.is_empty() && calls.len() == 1,
        "{source}: {errors:?}"
    );
    let l = Tracked::new(loc);
    let out = site.answer(&calls[0], &mut Args::new(&calls[0]), &l);
    let misses: Vec<String> = l.into_misses().iter().map(ToString::to_string).collect();
    assert_eq!(misses, Vec::<String>::new(), "{source}: strings");
    match out {
        Ok(Output::Text(s)) => s,
        other => panic!("{source}: {other:?}"),
    }
}

/// A figure as the English pages print it (`59%`, `1.9`, `112 GB`) read back as a number.
fn printed(text: &str) -> Decimal {
    let digits: String = text
        .trim_end_matches('%')
        .trim_end_matches(" GB")
        .chars()
        .filter(|c| *c != ',')
        .collect();
    let value: Decimal = digits
        .parse()
        .unwrap_or_else(|_| panic!("not a figure: {text:?}"));
    if text.ends_with('%') {
        value / Decimal::ONE_HUNDRED
    } else {
        value
    }
}

/// The shortcode a page places for each ratio vector (content/en/fine-tuning.md): the vector's
/// figure must come out of the site's own `share`/`ratio` code and prices.
const RATIO_CALLS: [(&str, &str); 3] = [
    (
        "ratio/a100-vs-h100-59pct",
        r#"share(a="a100-sxm", b="h100-sxm")"#,
    ),
    (
        "ratio/7b-full-vs-70b-qlora-twice",
        r#"ratio(a="2x-a100-sxm", b="a100-sxm")"#,
    ),
    (
        "ratio/h100-vs-a5000-nine",
        r#"ratio(a="h100-sxm", b="rtx-a5000")"#,
    ),
];

/// Per-GPU-hour vectors whose id names no offer in `data/`, so there is nothing to cross-check:
/// `tie-a100` is the rounding tie 990/720 = 1.375, not a card. Any other id must be an offer.
const PER_HOUR_WITHOUT_OFFER: [&str; 1] = ["tie-a100"];

#[test]
fn vectors_through_the_site_code_and_data() {
    let (cat, tables) = site();
    let en = english();
    let mut cx = Cx {
        cat: &cat,
        tables: &tables,
        site: Site::view(&cat, &tables),
        en: &en,
        without_offer: Vec::new(),
    };
    let mut checked = 0;
    for v in vectors() {
        let i = &v["inputs"];
        let id = v["id"].as_str().unwrap_or_default();
        let check: fn(&str, &Value, &Value, &mut Cx<'_>) = match v["kind"].as_str() {
            Some("per_gpu_hour") => per_gpu_hour,
            Some("multi_card_price") => multi_card_price,
            Some("break_even_hours") => break_even_hours,
            Some("price_ratio") => price_ratio,
            Some("state_bytes_gb") => state_bytes_gb,
            Some("vram_gb") => vram_gb,
            Some("training_hours") => training_hours,
            Some("rub_cost") => continue, // rub_cost_vectors_test_only_the_two_significant_figure_rule
            other => panic!("{id}: unknown kind {other:?}"),
        };
        check(id, i, &v, &mut cx);
        checked += 1;
    }
    // 14 per-hour, 6 multi-card, 3 break-even, 3 ratios, 3 byte rules, 10 memory rows,
    // 4 training times. 39 of them are also checked against data/: every per-hour figure but
    // the ones listed, the bundles, ratios, byte rules, memory rows and training times.
    assert_eq!(checked, 43);
    assert_eq!(cx.without_offer, PER_HOUR_WITHOUT_OFFER);
}

/// What every vector check reads, and the per-hour vectors with no offer in data/.
struct Cx<'a> {
    cat: &'a model::Catalog,
    tables: &'a compute::Tables,
    site: Site<'a>,
    en: &'a Localizer,
    without_offer: Vec<String>,
}

/// The `per_gpu_hour` vectors.
fn per_gpu_hour(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let tables = cx.tables;
    let got = compute::per_gpu_hour(
        dec(&i["monthly_usd"]),
        int(i, "gpus"),
        int(i, "hours_per_month"),
    );
    assert_eq!(got, dec(&v["expected"]), "{id}");
    // The same figure comes out of the site's data for the offer named in the id.
    let offer = id.trim_start_matches("per_gpu_hour/");
    let listed = PER_HOUR_WITHOUT_OFFER.contains(&offer);
    match tables.offers.iter().find(|o| o.id == offer) {
        Some(o) => {
            assert!(
                !listed,
                "{id}: data/ has an offer `{offer}` now; take it off PER_HOUR_WITHOUT_OFFER"
            );
            // The offer in data/ has the vector's inputs, and a page prints the vector's figure
            // (`price(term="gpu-hour")`, what the tables put under each monthly price).
            assert_eq!(o.monthly, dec(&i["monthly_usd"]), "{id} monthly in data/");
            assert_eq!(o.count, int(i, "gpus"), "{id} cards in data/");
            assert_eq!(
                cx.cat.hours_per_month,
                int(i, "hours_per_month"),
                "{id} hours a month in data/"
            );
            let call = format!(r#"price(offer="{offer}", term="gpu-hour")"#);
            let shown = shortcode(&cx.site, cx.en, &call);
            assert_eq!(printed_usd(&shown), got, "{id}: {call} prints {shown}");
        }
        None => {
            assert!(
                listed,
                "{id}: no offer `{offer}` in data/ (renamed or removed?), so the \
                 figure cannot be checked against the site"
            );
            cx.without_offer.push(offer.to_owned());
        }
    }
}

/// The `multi_card_price` vectors.
fn multi_card_price(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let (cat, tables) = (cx.cat, cx.tables);
    let got = compute::multi_card_price(
        dec(&i["single_card_price_usd"]),
        int(i, "cards"),
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
    let from_data = match term {
        "weekly" => o.weekly,
        "monthly" => o.monthly,
        other => panic!("{id}: term `{other}`"),
    };
    assert_eq!(from_data, got, "{id} from data/");
    // And as a page prints it.
    let call = format!(r#"price(offer="{bundle}", term="{term}")"#);
    let shown = shortcode(&cx.site, cx.en, &call);
    assert_eq!(printed_usd(&shown), got, "{id}: {call} prints {shown}");
}

/// The `break_even_hours` vectors.
fn break_even_hours(id: &str, i: &Value, v: &Value, _cx: &mut Cx<'_>) {
    let got =
        compute::break_even_hours(dec(&i["monthly_usd"]), dec(&i["hourly_usd"]), Decimal::TEN);
    assert_eq!(got, dec(&v["expected"]), "{id}");
}

/// The `price_ratio` vectors.
fn price_ratio(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let (tables, site, en) = (cx.tables, &cx.site, cx.en);
    let call = RATIO_CALLS
        .iter()
        .find(|(vector, _)| *vector == id)
        .map(|(_, c)| *c)
        .unwrap_or_else(|| panic!("{id}: which shortcode places it? (RATIO_CALLS)"));
    // The prices the shortcode divides are the vector's, in data/.
    let (calls, _) = hubgen_engine::ext::scan(&format!("{{{{ {call} }}}}"));
    let arg = |k: &str| match calls[0].args.iter().find(|(n, _)| n == k) {
        Some((_, hubgen_engine::ext::Value::Str(s))) => s.clone(),
        other => panic!("{call}: argument {k}: {other:?}"),
    };
    let monthly = |offer: &str| {
        tables
            .offers
            .iter()
            .find(|o| o.id == offer)
            .unwrap_or_else(|| panic!("{id}: offer `{offer}` in data/"))
            .monthly
    };
    assert_eq!(
        monthly(&arg("a")),
        dec(&i["numerator_monthly_usd"]),
        "{id}: numerator in data/"
    );
    assert_eq!(
        monthly(&arg("b")),
        dec(&i["denominator_monthly_usd"]),
        "{id}: denominator in data/"
    );
    let text = shortcode(site, en, call);
    let got = printed(&text);
    let abs = |x: Decimal| -> f64 { x.abs().to_string().parse().unwrap_or(f64::MAX) };
    // The published figure, within the vector's tolerance.
    let tol = v["tolerance"].as_f64().unwrap_or(0.0);
    assert!(
        abs(got - dec(&v["expected"])) <= tol + 1e-9,
        "{id}: {call} prints {text:?}, the reference says {}",
        v["expected"]
    );
    // And the exact ratio, to the digits the shortcode prints (half a unit of the last).
    let unit = 0.5 * 10f64.powi(-i32::try_from(got.scale()).unwrap_or(0));
    assert!(
        abs(got - dec(&v["exact"])) <= unit + 1e-9,
        "{id}: {call} prints {text:?}, the exact ratio is {}",
        v["exact"]
    );
}

/// The `state_bytes_gb` vectors.
fn state_bytes_gb(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let cat = cx.cat;
    // `bytes_rule/<method>-<size>-…`: the method's precisions and state in data/methods.yaml
    // give the vector's bytes per parameter (`…-base`: the resident base weights at the
    // method's precision, without NF4's constants; otherwise weights and all training state).
    let rule = id.trim_start_matches("bytes_rule/");
    let method_id = rule.split('-').next().unwrap_or_default();
    let method = cat
        .methods
        .iter()
        .find(|m| m.id == method_id)
        .unwrap_or_else(|| panic!("{id}: method `{method_id}` in data/methods.yaml"));
    let k = &cat.memory.constants;
    let base = match method.linear {
        Precision::Bf16 => k.bf16_bytes,
        Precision::Nf4 => k.nf4_bits / 8.0,
    };
    let bytes = if rule.ends_with("-base") {
        base
    } else {
        assert_eq!(method.trains, Trains::Full, "{id}");
        base + method.state_bytes + cat.memory.defaults.optimizer_bytes
    };
    assert_eq!(
        bytes,
        f(&i["bytes_per_param"]),
        "{id}: bytes per parameter of `{method_id}` in data/methods.yaml"
    );
    let got = bytes * f(&i["params_b"]);
    let tol = v["tolerance"].as_f64().unwrap_or(0.0);
    assert!((got - f(&v["expected"])).abs() <= tol + 1e-9, "{id}: {got}");
}

/// The `vram_gb` vectors: Model M2 on the seed's jobs within `model_M2_tolerance_rel` of the
/// seed's printed figure (all the job's cards together), and the site's fit row of the same job
/// prints the same figure per card and in total.
fn vram_gb(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let (cat, tables) = (cx.cat, cx.tables);
    let arch = Arch {
        layers: int(i, "layers"),
        hidden: int(i, "hidden"),
        intermediate: int(i, "intermediate"),
        heads: int(i, "heads"),
        kv_heads: int(i, "kv_heads"),
        vocab: int(i, "vocab"),
        tied_embeddings: false,
        attention_bias: false,
    };
    // The shapes give the checkpoint's real count.
    assert!(
        (arch.params().total() / f(&i["params_real"]) - 1.0).abs() < 1e-3,
        "{id}: {} parameters from the shapes",
        arch.params().total()
    );
    let method: &Method = cat
        .methods
        .iter()
        .find(|m| m.id == name(i, "method"))
        .expect("method in data/");
    let cards = int(i, "gpus");
    let mut job = cat.job_on(cards);
    job.seq_len = int(i, "seq_len");
    job.batch = int(i, "batch");
    job.grad_checkpointing = flag(i, "grad_checkpointing");
    // A rank where the method trains adapters; null (written so) where it trains every weight.
    if method.trains == Trains::Adapter {
        job.lora_rank = int(i, "lora_rank");
    } else {
        assert!(
            i.get("lora_rank").is_some_and(Value::is_null),
            "{id}: lora_rank must be null for `{}`",
            method.id
        );
    }
    let m = memory(&arch, method, &cat.memory.constants, &job);
    let expected = f(&v["expected"]);
    let rel = f(&v["model_M2_tolerance_rel"]);
    assert!(
        (m.total.gb() / expected - 1.0).abs() <= rel,
        "{id}: {} GB vs {expected}",
        m.total.gb()
    );
    // And the site's fit row of the same model and method, computed from data/, carries the
    // figure of its own placement: the same model on the offer's cards.
    let row = tables
        .fit
        .iter()
        .find(|r| {
            let fr = &cat.fit_rows[r.row];
            cat.models[fr.model].id == name(i, "model") && cat.methods[fr.method].id == method.id
        })
        .expect("fit row in data/");
    let o = &tables.offers[row.offer];
    let on = |sharding| {
        memory(
            &cat.models[cat.fit_rows[row.row].model].arch,
            method,
            &cat.memory.constants,
            &Job {
                sharding,
                ..cat.job_on(o.count)
            },
        )
    };
    // A bundle runs data parallel where one card holds the whole job, sharded otherwise.
    let whole = on(Strategy::None);
    let placed = if o.holds(&whole, cat.headroom_share()) {
        whole
    } else {
        on(cat.memory.multi_card_sharding)
    };
    assert_eq!(row.need, placed, "{id} from data/");
    if method.trains == Trains::Full {
        assert!(row.need.trainable > row.need.weights);
    }
}

/// The `training_hours` vectors.
fn training_hours(id: &str, i: &Value, v: &Value, cx: &mut Cx<'_>) {
    let (cat, tables) = (cx.cat, cx.tables);
    let method = cat
        .methods
        .iter()
        .find(|m| m.id == name(i, "method"))
        .expect("method in data/");
    let k = compute::flops_per_param_token(&cat.training, method, flag(i, "grad_checkpointing"));
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
    // The site's training table, from data/, runs the same job at the reference MFU: on more cards,
    // or on a faster card, it takes proportionally less time. (The seed ran the 7B LoRA job on
    // an RTX 4090, which the site does not stock; the site runs it on a card it rents.)
    let row = tables
        .training
        .iter()
        .find(|r| {
            let j = &cat.training.jobs[r.job];
            cat.models[j.model].size == format!("{}B", f(&i["params_b"]))
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
    assert!(tflops > 0.0, "{id}: TFLOPS in data/");
    // The site counts the checkpoint's real parameters (from the shapes), the seed its nominal size.
    let card_scale = tflops / f(&i["dense_bf16_tflops"]) * params
        / cat.models[cat.training.jobs[row.job].model].params;
    assert_eq!(cat.training.mfu_ref, f(&i["mfu"]), "{id}: MFU in data/");
    let job = &cat.training.jobs[row.job];
    assert_eq!(
        f64::from(job.tokens_per_example),
        f(&i["tokens_per_example"])
    );
    assert_eq!(job.checkpointing, flag(i, "grad_checkpointing"));
    // A method whose step data/ measures as slower (QLoRA) runs that much longer than the formula:
    // the seed's range is for the formula alone.
    let step = cat.training.step_factor(&method.id);
    assert!(
        (row.hours_ref * f64::from(o.count) * card_scale / step - got).abs() < 1e-9,
        "{id} from data/: {} h on {} card(s) of {tflops} TFLOPS, step × {step}",
        row.hours_ref,
        o.count
    );
}

/// The 8 RUB costs of seed 003 test one rule only: hours × the vector's rate, to 2 significant
/// figures with `compute::round_significant`. The site shows no RUB figure, so no site figure or
/// `data/` value is involved; they guard the rounding helper and record where the seed's
/// published figures break the rule (`matches_rule: false`).
#[test]
fn rub_cost_vectors_test_only_the_two_significant_figure_rule() {
    let mut checked = 0;
    for v in vectors()
        .into_iter()
        .filter(|v| v["kind"].as_str() == Some("rub_cost"))
    {
        let i = &v["inputs"];
        let id = v["id"].as_str().unwrap_or_default();
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
    // With the 43 of the test above: every vector of the reference.
    assert_eq!(checked, 8);
    assert_eq!(vectors().len(), 43 + 8);
}

#[test]
fn the_least_card_memory_for_a_job_is_its_printed_need_over_the_headroom() {
    // Llama 2 7B, full fine-tuning on one card: its need as printed (122.19 GB rounded up to
    // 123) over the 90% headroom, rounded up to the 0.1 GB usable memory is printed to, is the
    // least usable memory a card must have: 123 / 0.9 = 136.67, so 136.7, as a reader redoes it
    // from the page (R30 ru A3: "136" came from the unprinted exact figure). The H200's 150.8 GB
    // (143,771 MiB) holds it, and a card with 0.1 GB less than the threshold would not.
    let (cat, tables) = site();
    let en = english();
    let site = Site::view(&cat, &tables);
    let text = shortcode(
        &site,
        &en,
        r#"min_card_vram(model="llama2-7b", method="full")"#,
    );
    let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
    let method = &cat.methods[cat.method_index("full").expect("method")];
    let need = compute::need_alone(&cat, model, method);
    assert_eq!(need.published_total_gb(), 123);
    assert_eq!(text, "136.7 GB");
    let h200 = cat.cards[cat.card_index("h200-sxm").expect("card")]
        .usable
        .expect("usable");
    assert!(
        h200.gb() >= 136.7,
        "136.7 GB against the H200's {}",
        h200.gb()
    );
    // The rule (`Offer::holds`) draws the same line: an offer of exactly the threshold holds the
    // job, one 0.1 GB short does not.
    let mut o = tables.offers[0].clone();
    o.count = 1;
    o.usable = crate::memory::Bytes::from_gb(136.7);
    assert!(o.holds(&need, cat.headroom_share()));
    o.usable = crate::memory::Bytes::from_gb(136.6);
    assert!(!o.holds(&need, cat.headroom_share()));
}

#[test]
fn a_passed_over_offer_is_cheaper_only_while_the_pick_is_slower_where_its_week_costs_less() {
    // On the site's data: for Code Llama 34B QLoRA the L40S's week ($148) is passed over for the
    // RTX A6000 (two weeks, $164), whose own week ($82) holds the job at the same throughput; for
    // Llama 2 70B QLoRA the H100 SXM's week ($475) costs less than the 2x A100 SXM's ($532).
    let (cat, tables) = site();
    let passed = |model: &str, method: &str| {
        tables
            .fit
            .iter()
            .find(|f| {
                let r = &cat.fit_rows[f.row];
                cat.models[r.model].id == model && cat.methods[r.method].id == method
            })
            .and_then(|f| f.passed_over.clone())
            .expect("a passed-over offer")
    };
    let h100 = passed("llama2-70b", "qlora");
    assert_eq!(tables.offers[h100.choice.offer].id, "h100-sxm");
    assert!(!compute::rival_week_undercuts(&h100, &tables.offers));
    let l40s = passed("codellama-34b", "qlora");
    assert_eq!(tables.offers[l40s.choice.offer].id, "l40s");
    assert!(compute::rival_week_undercuts(&l40s, &tables.offers));
    assert_eq!(tables.offers[l40s.check.rival.offer].id, "rtx-a6000");
}

/// `memory-model.json` and the calculator's data give a reader everything the build computes
/// with: from their constants alone, Model M2 rebuilds every row of `memory.json` to the byte
/// (the allocator's fixed part was once left out of the export, and the totals did not add up).
#[test]
fn the_exported_model_rebuilds_every_memory_figure() {
    use crate::memory::Constants;
    let (cat, tables) = site();
    let exported = super::export::memory_model(&cat);
    let k = &exported["constants"];
    let constants = Constants {
        bf16_bytes: f(&k["bf16_bytes"]),
        nf4_bits: f(&k["nf4_bits"]),
        quant_constant_bits: f(&k["quant_constant_bits"]),
        logits_bytes: f(&k["logits_bytes"]),
        chunk_tokens: int(k, "chunk_tokens"),
        context: crate::memory::Bytes::from_gb(f(&k["context_bytes"]) / 1e9),
        allocator_share: f(&k["allocator_share"]),
        allocator_floor: crate::memory::Bytes::from_gb(f(&k["allocator_floor_bytes"]) / 1e9),
    };
    let en = english();
    let l = Tracked::new(&en);
    let site = Site::view(&cat, &tables);
    let html = site.calculator(&l);
    let start = html.find(r#"id="calc-data">"#).expect("calculator data") + 15;
    let end = html[start..].find("</script>").expect("data closes") + start;
    assert!(
        !html[start..end].contains("</"),
        "the data cannot close its script"
    );
    let calc: Value = serde_json::from_str(&html[start..end]).expect("calculator data parses");
    assert_eq!(f(&calc["k"]["alloc_floor"]), f(&k["allocator_floor_bytes"]));
    assert_eq!(f(&calc["k"]["context"]), f(&k["context_bytes"]));
    let in_stock = tables.offers.iter().filter(|o| o.in_stock).count();
    assert_eq!(calc["offers"].as_array().map(Vec::len), Some(in_stock));
    for row in &tables.memory {
        let model = &cat.models[row.model];
        let method = &cat.methods[row.method];
        let m = memory(&model.arch, method, &constants, &cat.job_on(1));
        assert_eq!(m.per_card, row.need.per_card, "{} {}", model.id, method.id);
        assert!(m.allocator > constants.allocator_floor);
    }
}

/// An out-of-stock card's page names a card to rent instead: one in stock, on the same stack,
/// with at least its usable memory as printed (so it holds every job this one holds), and no
/// such card costs less a month. On the site's data the RTX 4090 and the A40 have none in stock.
#[test]
fn an_out_of_stock_card_points_to_the_cheapest_in_stock_card_that_holds_what_it_holds() {
    let (cat, tables) = site();
    let printed = |o: &compute::Offer| (o.usable.gb() * 10.0).round() as i64;
    let out: Vec<_> = tables
        .offers
        .iter()
        .filter(|o| o.count == 1 && !o.in_stock)
        .collect();
    assert!(out.iter().any(|o| o.id == "rtx-4090") && out.iter().any(|o| o.id == "a40"));
    for o in out {
        let alt = tables.nearest_in_stock(&cat, o).expect("an alternative");
        assert!(alt.in_stock && alt.count == 1, "{} → {}", o.id, alt.id);
        assert!(printed(alt) >= printed(o), "{} → {}", o.id, alt.id);
        assert_eq!(cat.cards[alt.card].vendor, cat.cards[o.card].vendor);
        for x in tables.offers.iter().filter(|x| x.count == 1 && x.in_stock) {
            let holds_as_much = printed(x) >= printed(o);
            let same_stack = cat.cards[x.card].vendor == cat.cards[o.card].vendor;
            assert!(
                !(holds_as_much && same_stack && x.monthly < alt.monthly),
                "{} is cheaper than {} for {}",
                x.id,
                alt.id,
                o.id
            );
        }
    }
    // A card in stock, or a bundle, has none.
    for o in tables.offers.iter().filter(|o| o.in_stock || o.count > 1) {
        assert!(tables.nearest_in_stock(&cat, o).is_none(), "{}", o.id);
    }
}
