//! The data pipeline end to end, on the test fixture (tests/fixtures/site): figures that follow
//! `data/`, pages generated from it, the `estimate` command, charts and structured data.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

mod common;
use common::{build_ok, dangling_links, edit, fixture_copy, read, tree, ungrouped};

const LOCALES: [&str; 3] = ["en", "uk", "zh"];

fn json(root: &Path, rel: &str) -> Value {
    serde_json::from_str(&read(root, rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

fn estimate(root: &Path, args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .arg("estimate")
        .arg("--root")
        .arg(root)
        .args(args)
        .arg("--json")
        .output()
        .expect("run hubgen estimate");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("estimate prints one JSON object")
}

/// A YAML text as JSON values.
fn yaml(rel: &str, text: &str) -> Value {
    serde_saphyr::from_str(text).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

#[test]
fn estimate_matches_the_reference_memory_figures_typed_in_by_architecture() {
    // Every memory vector of the shared reference (tests/fixtures/vectors.yaml), typed into
    // `hubgen estimate` by its architecture and job as a writer would: Model M2 (the fixture's
    // data/methods.yaml holds the repo's constants) stays within the vector's
    // `model_M2_tolerance_rel` of the seed's printed figure, counted over all the job's cards.
    let site = fixture_copy();
    let root = site.path();
    let rel = "tests/fixtures/vectors.yaml";
    let text = std::fs::read_to_string(common::repo().join(rel)).expect("vectors.yaml");
    let vectors = yaml(rel, &text);
    let mut checked = 0;
    for v in vectors["vectors"].as_array().expect("vectors") {
        if v["kind"] != "vram_gb" {
            continue;
        }
        let id = v["id"].as_str().unwrap_or_default();
        let i = &v["inputs"];
        let text = |k: &str| {
            i[k].as_u64()
                .map(|n| n.to_string())
                .or_else(|| i[k].as_str().map(str::to_owned))
                .unwrap_or_else(|| panic!("{id}: {k}"))
        };
        let keys = [
            "layers",
            "hidden",
            "intermediate",
            "vocab",
            "heads",
            "kv_heads",
            "method",
            "seq_len",
            "batch",
            "gpus",
        ];
        let vals: Vec<String> = keys.iter().map(|k| text(k)).collect();
        let flags = [
            "--layers",
            "--hidden",
            "--intermediate",
            "--vocab",
            "--heads",
            "--kv-heads",
            "--method",
            "--seq",
            "--batch",
            "--cards",
        ];
        let mut args: Vec<&str> = Vec::new();
        for (f, v) in flags.iter().zip(&vals) {
            args.extend([*f, v.as_str()]);
        }
        let rank = i["lora_rank"].as_u64().map(|r| r.to_string());
        if let Some(r) = &rank {
            args.extend(["--lora-rank", r.as_str()]);
        }
        if i["grad_checkpointing"] == false {
            args.push("--no-checkpointing");
        }
        let e = estimate(root, &args);
        let total = e["total_gb"].as_f64().expect("total_gb");
        let per_card = e["per_card_gb"].as_f64().expect("per_card_gb");
        let cards = e["cards"].as_f64().expect("cards");
        assert!((total - per_card * cards).abs() < 1e-3, "{id}: {e}");
        let published = v["expected"].as_f64().expect("expected");
        let rel = v["model_M2_tolerance_rel"].as_f64().expect("tolerance");
        assert!(
            (total / published - 1.0).abs() <= rel,
            "{id}: {total} GB against the seed's {published} GB"
        );
        let shown = e["published_gb"].as_f64().expect("published_gb");
        assert!(
            shown.fract() == 0.0 && shown >= total - 1e-6 && shown < total + 1.0,
            "{id}: {total} GB published as {shown}, not rounded up to whole GB"
        );
        // The bytes are whole and add up to the per-card figure.
        let b = &e["bytes"];
        let sum: u64 = [
            "weights",
            "trainable",
            "activations",
            "logits",
            "buffers",
            "allocator",
            "context",
        ]
        .iter()
        .map(|k| b[*k].as_u64().unwrap_or_else(|| panic!("{id}: bytes.{k}")))
        .sum();
        let pc = b["per_card"].as_u64().expect("per_card bytes");
        assert!(sum.abs_diff(pc) <= 7, "{id}: {sum} vs {pc}");
        checked += 1;
    }
    assert_eq!(checked, 10, "the reference's ten memory rows");
}

#[test]
fn estimate_cli_agrees_with_the_memory_and_fit_tables_for_every_model_of_the_data() {
    // Plumbing, not arithmetic: both sides come from the same memory model, so this shows that a
    // model id and a typed-in architecture reach it with the same numbers as the published tables
    // and exports, byte for byte. The figures themselves are checked in vectors.rs and memory.rs.
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let memory = json(root, "data/memory.json");
    let fit = json(root, "data/fit.json");
    // The fixture's two architectures, as a writer would type them (their HF configs).
    let archs = [
        ("llama2-7b", "32", "4096", "11008", "32", "32"),
        ("llama2-70b", "80", "8192", "28672", "64", "8"),
    ];
    let mut checked = 0;
    for (id, layers, hidden, inter, heads, kv) in archs {
        let typed = |method: &str, extra: &[&str]| {
            let mut args = vec![
                "--layers",
                layers,
                "--hidden",
                hidden,
                "--intermediate",
                inter,
                "--heads",
                heads,
                "--kv-heads",
                kv,
                "--vocab",
                "32000",
                "--method",
                method,
                "--seq",
                "2048",
                "--batch",
                "1",
            ];
            args.extend_from_slice(extra);
            estimate(root, &args)
        };
        for method in ["full", "lora", "qlora"] {
            let row = memory["rows"]
                .as_array()
                .expect("rows")
                .iter()
                .find(|r| r["model"] == id && r["method"] == method)
                .unwrap_or_else(|| panic!("memory.json has {id} {method}"));
            let by_id = estimate(root, &["--model", id, "--method", method]);
            let by_arch = typed(method, &[]);
            for e in [&by_id, &by_arch] {
                for term in ["weights", "trainable", "activations", "logits", "buffers"] {
                    assert_eq!(
                        e["bytes"][term], row["memory"][term],
                        "{id} {method} {term}"
                    );
                }
                assert_eq!(
                    e["bytes"]["per_card"], row["memory"]["per_card"],
                    "{id} {method}"
                );
            }
            // A fit row's job on its offer's cards, typed in with those cards and the split.
            if let Some(f) = fit["rows"]
                .as_array()
                .expect("fit rows")
                .iter()
                .find(|r| r["model"] == id && r["method"] == method)
            {
                let cards = f["cards"].to_string();
                let on = typed(method, &["--cards", cards.as_str()]);
                assert_eq!(
                    on["bytes"]["per_card"], f["bytes_per_card"],
                    "fit row {id} {method}"
                );
                assert_eq!(
                    on["bytes"]["total"], f["bytes_total"],
                    "fit row {id} {method}"
                );
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 6);
    // Changing the job changes the answer the way the model says.
    let short = estimate(root, &["--model", "llama2-7b", "--method", "lora"]);
    let long = estimate(
        root,
        &["--model", "llama2-7b", "--method", "lora", "--seq", "8192"],
    );
    let no_ck = estimate(
        root,
        &[
            "--model",
            "llama2-7b",
            "--method",
            "lora",
            "--no-checkpointing",
        ],
    );
    let act = |v: &Value| v["bytes"]["activations"].as_f64().expect("activations");
    assert!((act(&long) / act(&short) - 4.0).abs() < 1e-6);
    assert!(act(&no_ck) > 5.0 * act(&short));
    assert_eq!(long["weights_gb"], short["weights_gb"]);
}

#[test]
fn estimate_names_what_is_missing() {
    let site = fixture_copy();
    let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["estimate", "--root"])
        .arg(site.path())
        .args(["--params", "7e9", "--method", "qlora"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("--layers, --hidden, --intermediate and --vocab"),
        "{err}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["estimate", "--root"])
        .arg(site.path())
        .args(["--model", "llama2-7b", "--method", "qlroa"])
        .output()
        .expect("run");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown method `qlroa`") && err.contains("qlora"),
        "{err}"
    );
}

const NEW_CARD: &str = "  - id: l4-test
    name: L4 Test Edition
    vendor: nvidia
    vram_gb: 48
    memory: GDDR6
    ecc: true
    interconnect: pcie-consumer
    bf16_tflops: { value: 364.2, source: \"test fixture\" }
    price: { weekly_usd: 160, monthly_usd: 560 }
    free_now: { dfw-1: 3, iad-1: 2 }
    local_nvme_tb: 1
    usable_mib: 46068
    capacity_source: \"test fixture\"
";

#[test]
fn a_card_added_to_data_appears_everywhere_and_leaves_no_trace_when_removed() {
    let site = fixture_copy();
    let root = site.path();
    let cards = root.join("data/cards.yaml");
    let original = std::fs::read_to_string(&cards).expect("cards.yaml");
    std::fs::write(&cards, format!("{}\n{NEW_CARD}", original.trim_end())).expect("write");
    build_ok(root);
    for l in LOCALES {
        let page = read(root, &format!("{l}/gpus/l4-test/index.html"));
        assert!(page.contains("L4 Test Edition"), "{l}: the card's name");
        let doc = scraper::Html::parse_document(&page);
        let html_lang = scraper::Selector::parse("html").expect("selector");
        assert_eq!(
            doc.select(&html_lang)
                .next()
                .and_then(|h| h.value().attr("lang")),
            Some(l),
            "{l}: the page is in its locale"
        );
        // Its week and month prices, each with its per-GPU-hour price (160 / 168 h, 560 / 720 h),
        // in the card's row of its price table, as the locale writes them.
        let (week, month) = match l {
            "en" => ("$160/wk $0.95/GPU-hr", "$560/mo $0.78/GPU-hr"),
            "uk" => ("160 $/тиж. 0,95 $/GPU-год", "560 $/міс. 0,78 $/GPU-год"),
            _ => ("$160/周 $0.95/卡时", "$560/月 $0.78/卡时"),
        };
        let prices = common::table_text(&page, "card-prices").replace(['\u{a0}', '\u{202f}'], " ");
        let row: Vec<&str> = prices
            .lines()
            .find(|r| r.starts_with("L4 Test Edition"))
            .unwrap_or_else(|| panic!("{l}: no row for the card:\n{prices}"))
            .split(" | ")
            .collect();
        assert_eq!(row.get(2..4), Some(&[week, month][..]), "{l}:\n{prices}");
        let index = read(root, &format!("{l}/gpus/index.html"));
        assert!(
            index.contains("/gpus/l4-test/"),
            "{l}: listed in the card index"
        );
        assert!(
            index.contains("L4 Test Edition"),
            "{l}: row in the catalogue table"
        );
    }
    let sitemap = read(root, "sitemap.xml");
    assert_eq!(
        sitemap.matches("/gpus/l4-test/</loc>").count(),
        LOCALES.len()
    );
    let cards_json = json(root, "data/cards.json");
    let row = cards_json["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|c| c["id"] == "l4-test")
        .expect("cards.json row");
    assert_eq!(row["per_gpu_hour_usd"], serde_json::json!(0.78));
    assert_eq!(dangling_links(&root.join("public")), Vec::<String>::new());

    // Removed again: gone from every page, the sitemap and the exports, and no link dangles.
    std::fs::write(&cards, original).expect("restore");
    build_ok(root);
    for (path, bytes) in tree(&root.join("public")) {
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains("l4-test") && !text.contains("L4 Test Edition"),
            "{} still mentions the removed card",
            path.display()
        );
    }
    assert_eq!(dangling_links(&root.join("public")), Vec::<String>::new());
}

/// Every leaf that differs between two JSON values, by path.
fn json_diff(a: &Value, b: &Value, path: &str, out: &mut Vec<String>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            let keys: BTreeSet<&String> = x.keys().chain(y.keys()).collect();
            for k in keys {
                json_diff(
                    x.get(k).unwrap_or(&Value::Null),
                    y.get(k).unwrap_or(&Value::Null),
                    &format!("{path}.{k}"),
                    out,
                );
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (p, q)) in x.iter().zip(y).enumerate() {
                // Name a row by its id when it has one.
                let name = ["id", "card", "offer", "model"]
                    .iter()
                    .find_map(|k| p.get(*k).and_then(Value::as_str))
                    .map_or(i.to_string(), str::to_owned);
                json_diff(p, q, &format!("{path}[{name}]"), out);
            }
        }
        _ if a != b => out.push(path.to_owned()),
        _ => {}
    }
}

#[test]
fn one_price_changes_every_figure_that_depends_on_it_and_nothing_else() {
    let before = fixture_copy();
    let after = fixture_copy();
    edit(
        after.path(),
        "data/cards.yaml",
        "price: { weekly_usd: 300, monthly_usd: 1000 }",
        "price: { weekly_usd: 300, monthly_usd: 1100 }",
    );
    build_ok(before.path());
    build_ok(after.path());
    let a = tree(&before.path().join("public"));
    let b = tree(&after.path().join("public"));
    assert_eq!(
        a.keys().collect::<Vec<_>>(),
        b.keys().collect::<Vec<_>>(),
        "the same files"
    );
    // The manifest lists every file's hash, so it changes with any of them; it is not the site.
    let changed: BTreeSet<&PathBuf> = a
        .keys()
        .filter(|k| a[*k] != b[*k] && **k != Path::new(".hubgen-manifest.json"))
        .collect();
    // The pages that show an A100 SXM price, in every locale, and no other page: the catalogue
    // (home and card index), the fine-tuning tables (cards, fit, bundles), the A100 SXM's own page
    // and the break-even and training tables; the memory page's calculator, which lists every
    // offer in stock with its prices; and the out-of-stock RTX 4090's page, which names the
    // A100 SXM as the card to rent instead, with its price. (The price also enters the pick
    // rule; the picks stay where they were, so no other page changes.)
    let pages = [
        "index.html",
        "fine-tuning/index.html",
        "gpu-memory/index.html",
        "gpus/index.html",
        "gpus/a100-sxm/index.html",
        "gpus/rtx-4090/index.html",
        "monthly-vs-hourly/index.html",
    ];
    let expected_html: BTreeSet<PathBuf> = LOCALES
        .iter()
        .flat_map(|l| pages.iter().map(move |p| PathBuf::from(format!("{l}/{p}"))))
        .collect();
    let changed_html: BTreeSet<PathBuf> = changed
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .map(|p| (*p).clone())
        .collect();
    assert_eq!(changed_html, expected_html);
    for p in &expected_html {
        let text = ungrouped(&String::from_utf8_lossy(&b[p]));
        assert!(text.contains("1100"), "{} shows the new price", p.display());
    }
    // By the price rules (ARITHMETIC.md §2): 1100 / 720 = 1.527… → 1.53 per GPU-hour; the 2-card
    // bundle 2 × 1100 × 0.95 = 2090; written the locale's way.
    let money = [
        ("en", "$1,000", "$1.53"),
        ("uk", "1\u{a0}000\u{a0}$", "1,53\u{a0}$"),
        ("zh", "$1,000", "$1.53"),
    ];
    for (l, old, hourly) in money {
        let raw =
            String::from_utf8_lossy(&b[&PathBuf::from(format!("{l}/gpus/a100-sxm/index.html"))])
                .into_owned();
        assert!(
            !raw.contains(old),
            "{l}: the old price is gone from the A100 page"
        );
        assert!(ungrouped(&raw).contains("2090"), "{l}: the bundle follows");
        // The per-GPU-hour cell of the A100 row in the price table, exactly.
        let doc = scraper::Html::parse_document(&raw);
        let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
        let cells: Vec<String> = doc
            .select(&sel("figure.table-card-prices tbody tr"))
            .filter(|tr| {
                tr.select(&sel("th"))
                    .next()
                    .is_some_and(|th| th.text().next().map(str::trim) == Some("A100 SXM"))
            })
            .flat_map(|tr| {
                tr.select(&sel("td small"))
                    .map(|td| td.text().collect::<String>())
                    .collect::<Vec<_>>()
            })
            .collect();
        // Under the monthly price: its per-GPU-hour (the week's is under the weekly price).
        assert!(
            cells
                .iter()
                .any(|c| c.starts_with(hourly) || c.ends_with(hourly)),
            "{l}: per GPU-hour follows as {hourly:?}; the A100 row's notes read {cells:?}"
        );
    }
    // The A100's share of the H100's price: 1000 / 1800 = 56% becomes 1100 / 1800 = 61%.
    let page = |t: &std::collections::BTreeMap<PathBuf, Vec<u8>>| {
        String::from_utf8_lossy(&t[&PathBuf::from("en/fine-tuning/index.html")]).into_owned()
    };
    assert!(page(&a).contains("56%") && !page(&a).contains("61%"));
    assert!(page(&b).contains("61%") && !page(&b).contains("56%"));
    // In the exports, exactly the figures that follow from the A100 SXM's monthly price change.
    let mut diffs = Vec::new();
    for p in &changed {
        match p.extension().and_then(|e| e.to_str()) {
            Some("html") => {}
            Some("json") => {
                let (x, y): (Value, Value) = (
                    serde_json::from_slice(&a[*p]).expect("json"),
                    serde_json::from_slice(&b[*p]).expect("json"),
                );
                let mut d = Vec::new();
                json_diff(&x, &y, "", &mut d);
                diffs.extend(d.into_iter().map(|d| format!("{}{d}", p.display())));
            }
            _ => panic!("{} changed", p.display()),
        }
    }
    diffs.sort();
    assert_eq!(
        diffs,
        [
            // the hourly rates its month must beat (busy all the time, half), and the bundle's
            "data/break-even.json.rates_to_beat[2x-a100-sxm].month_rate_to_beat_usd[0]",
            "data/break-even.json.rates_to_beat[2x-a100-sxm].month_rate_to_beat_usd[1]",
            "data/break-even.json.rates_to_beat[2x-a100-sxm].monthly_usd",
            "data/break-even.json.rates_to_beat[a100-sxm].month_rate_to_beat_usd[0]",
            "data/break-even.json.rates_to_beat[a100-sxm].month_rate_to_beat_usd[1]",
            "data/break-even.json.rates_to_beat[a100-sxm].monthly_usd",
            // its break-even hours and their share of a month
            "data/break-even.json.rows[a100-sxm].break_even_hours_high",
            "data/break-even.json.rows[a100-sxm].break_even_hours_low",
            "data/break-even.json.rows[a100-sxm].monthly_usd",
            "data/break-even.json.rows[a100-sxm].share_of_month_high",
            "data/break-even.json.rows[a100-sxm].share_of_month_low",
            // the 2-card bundle built from it
            "data/bundles.json.bundles[2x-a100-sxm].monthly_usd",
            "data/bundles.json.bundles[2x-a100-sxm].per_gpu_hour_usd",
            "data/cards.json.cards[a100-sxm].monthly_usd",
            "data/cards.json.cards[a100-sxm].per_gpu_hour_usd",
            // the fit rows on the bundle and on the card (the rule puts both QLoRA jobs on it)
            "data/fit.json.rows[2x-a100-sxm].monthly_usd",
            "data/fit.json.rows[2x-a100-sxm].per_gpu_hour_month_usd",
            "data/fit.json.rows[a100-sxm].monthly_usd",
            "data/fit.json.rows[a100-sxm].monthly_usd",
            "data/fit.json.rows[a100-sxm].per_gpu_hour_month_usd",
            "data/fit.json.rows[a100-sxm].per_gpu_hour_month_usd",
            // and not the training jobs: they run under a week, bought at the weekly price
        ]
    );
}

/// Every `<svg …>…</svg>` of a page as its bytes have it (charts do not nest).
fn raw_svgs(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(start) = rest.find("<svg") {
        let end = rest[start..]
            .find("</svg>")
            .map(|e| start + e + "</svg>".len())
            .expect("an <svg> without </svg>");
        out.push(&rest[start..end]);
        rest = &rest[end..];
    }
    out
}

/// Markup written in HTML's tag syntax as XML: each attribute value HTML lets go unquoted (up to
/// whitespace or `>`, as HTML reads it) is quoted. Nothing else changes, so whatever else is not
/// well-formed XML stays so.
fn xml_of_html_tag_syntax(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut chars = text.chars().peekable();
    let mut in_tag = false;
    while let Some(c) = chars.next() {
        out.push(c);
        match c {
            '<' if !in_tag => in_tag = true,
            '>' if in_tag => in_tag = false,
            '"' | '\'' if in_tag => {
                for q in chars.by_ref() {
                    out.push(q);
                    if q == c {
                        break;
                    }
                }
            }
            '=' if in_tag && chars.peek().is_some_and(|n| !matches!(n, '"' | '\'')) => {
                out.push('"');
                while let Some(&n) = chars.peek() {
                    if n.is_whitespace() || n == '>' {
                        break;
                    }
                    if n == '"' {
                        out.push_str("&quot;");
                    } else {
                        out.push(n);
                    }
                    chars.next();
                }
                out.push('"');
            }
            _ => {}
        }
    }
    out
}

#[test]
fn charts_are_well_formed_svg_with_text_alternatives_beside_their_tables() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let mut charts = 0;
    for (path, bytes) in tree(&root.join("public")) {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = String::from_utf8_lossy(&bytes);
        // Read as a browser reads inline SVG: with the HTML parser (attributes may be unquoted).
        let doc = scraper::Html::parse_document(&html);
        let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
        // And as XML: the HTML parser repairs anything (an unclosed or misnested element, a
        // stray `&`), so each chart as the page has it must also parse as XML, its unquoted
        // attribute values aside, into the same elements the HTML parser saw.
        let raw = raw_svgs(&html);
        assert_eq!(
            raw.len(),
            doc.select(&sel("svg")).count(),
            "{}",
            path.display()
        );
        for (svg, text) in doc.select(&sel("svg")).zip(&raw) {
            let xml = xml_of_html_tag_syntax(text);
            let parsed = roxmltree::Document::parse(&xml)
                .unwrap_or_else(|e| panic!("{}: a chart is not well-formed: {e}", path.display()));
            let root_el = parsed.root_element();
            assert_eq!(
                (root_el.tag_name().namespace(), root_el.tag_name().name()),
                (Some("http://www.w3.org/2000/svg"), "svg"),
                "{}",
                path.display()
            );
            let as_xml: Vec<(String, Vec<(String, String)>)> = root_el
                .descendants()
                .filter(roxmltree::Node::is_element)
                .map(|n| {
                    let mut attrs: Vec<(String, String)> = n
                        .attributes()
                        .map(|a| (a.name().to_owned(), a.value().to_owned()))
                        .collect();
                    attrs.sort();
                    (n.tag_name().name().to_owned(), attrs)
                })
                .collect();
            let as_html: Vec<(String, Vec<(String, String)>)> = std::iter::once(svg)
                .chain(
                    svg.descendants()
                        .skip(1)
                        .filter_map(scraper::ElementRef::wrap),
                )
                .map(|e| {
                    let mut attrs: Vec<(String, String)> = e
                        .value()
                        .attrs()
                        .filter(|(k, _)| *k != "xmlns")
                        .map(|(k, v)| (k.to_owned(), v.to_owned()))
                        .collect();
                    attrs.sort();
                    (e.value().name().to_owned(), attrs)
                })
                .collect();
            assert_eq!(
                as_xml,
                as_html,
                "{}: the HTML parser repaired a chart",
                path.display()
            );
        }
        for svg in doc.select(&sel("svg")) {
            let el = svg.value();
            assert_eq!(el.attr("role"), Some("img"), "{}", path.display());
            assert!(el.attr("viewBox").is_some(), "{}", path.display());
            let labelled = el.attr("aria-labelledby").expect("aria-labelledby");
            for id in labelled.split_whitespace() {
                let target = svg
                    .descendants()
                    .filter_map(scraper::ElementRef::wrap)
                    .find(|n| n.value().id() == Some(id))
                    .unwrap_or_else(|| panic!("{}: no element #{id}", path.display()));
                let name = target.value().name();
                assert!(matches!(name, "title" | "desc"), "{name}");
                let text: String = target.text().collect();
                assert!(text.trim().len() > 10, "{}: #{id} is empty", path.display());
                // The description carries the figures: digits for a screen reader.
                if name == "desc" {
                    assert!(
                        text.chars().any(|c| c.is_ascii_digit()),
                        "{}",
                        path.display()
                    );
                }
                assert_eq!(
                    doc.select(&sel(&format!("[id=\"{id}\"]"))).count(),
                    1,
                    "{}: id {id} is unique in the page",
                    path.display()
                );
            }
            assert!(svg.select(&sel("script")).next().is_none());
            charts += 1;
        }
    }
    // One chart per `{{ chart(…) }}` in the fixture's pages: the memory chart and the break-even
    // chart in each locale.
    let written: usize = LOCALES
        .iter()
        .flat_map(|l| {
            [
                "_index.md",
                "fine-tuning.md",
                "gpu-memory.md",
                "monthly-vs-hourly.md",
            ]
            .map(|p| common::fixture_text(&format!("content/{l}/{p}")))
        })
        .map(|t| t.matches("{{ chart(").count())
        .sum();
    assert_eq!(written, 2 * LOCALES.len());
    assert_eq!(charts, written, "{charts} charts");
    for l in LOCALES {
        let page = read(root, &format!("{l}/gpu-memory/index.html"));
        assert!(
            page.contains("table-memory"),
            "{l}: the memory table sits beside its chart"
        );
    }
}

#[test]
fn faq_and_product_pages_carry_structured_data_that_matches_the_page() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    // Every JSON-LD block of a page; one that does not parse fails the test.
    let blocks = |html: &str| -> Vec<Value> {
        let doc = scraper::Html::parse_document(html);
        let sel =
            scraper::Selector::parse("script[type=\"application/ld+json\"]").expect("selector");
        doc.select(&sel)
            .map(|s| {
                let text: String = s.text().collect();
                serde_json::from_str(&text)
                    .unwrap_or_else(|e| panic!("JSON-LD that does not parse ({e}): {text}"))
            })
            .collect()
    };
    let cards = json(root, "data/cards.json");
    let cards_yaml = yaml("data/cards.yaml", &common::fixture_text("data/cards.yaml"));
    for l in LOCALES {
        let page = read(root, &format!("{l}/fine-tuning/index.html"));
        let data = blocks(&page);
        let faq = data
            .iter()
            .find(|v| v["@type"] == "FAQPage")
            .unwrap_or_else(|| panic!("{l}: FAQPage"));
        let questions = faq["mainEntity"].as_array().expect("questions");
        // The h3 headings between the FAQ's h2 and the next h2, in document order.
        let doc = scraper::Html::parse_document(&page);
        let headings = scraper::Selector::parse("h2, h3").expect("selector");
        let h3_under_faq = doc
            .select(&headings)
            .skip_while(|h| h.value().id() != Some("faq"))
            .skip(1)
            .take_while(|h| h.value().name() == "h3")
            .count();
        assert_eq!(
            questions.len(),
            h3_under_faq,
            "{l}: one question per FAQ heading"
        );
        for q in questions {
            let answer = q["acceptedAnswer"]["text"].as_str().unwrap_or_default();
            assert!(answer.len() > 20, "{l}: {q}");
            assert!(
                !answer.contains("{{"),
                "{l}: shortcodes are expanded in answers"
            );
        }
        let product_page = read(root, &format!("{l}/gpus/h100-sxm/index.html"));
        let product = blocks(&product_page)
            .into_iter()
            .find(|v| v["@type"] == "Product")
            .unwrap_or_else(|| panic!("{l}: Product"));
        let monthly = cards["cards"]
            .as_array()
            .expect("cards")
            .iter()
            .find(|c| c["id"] == "h100-sxm")
            .map(|c| c["monthly_usd"].to_string())
            .expect("h100 in cards.json");
        let offers = product["offers"].as_array().expect("offers");
        assert!(
            offers
                .iter()
                .any(|o| o["price"] == monthly.as_str() && o["priceCurrency"] == "USD")
        );
        // And the price typed into the fixture's data/cards.yaml, read here, not from the build.
        let typed = cards_yaml["cards"]
            .as_array()
            .expect("cards in data/cards.yaml")
            .iter()
            .find(|c| c["id"] == "h100-sxm")
            .map(|c| c["price"]["monthly_usd"].clone())
            .expect("h100-sxm in data/cards.yaml");
        assert!(typed.is_number(), "{typed}");
        assert!(
            offers
                .iter()
                .any(|o| o["price"] == typed.to_string().as_str() && o["priceCurrency"] == "USD"),
            "{l}: Product offers {offers:?}, data/cards.yaml says {typed}"
        );
    }
}

#[test]
fn every_page_keeps_its_skeleton_through_template_minification() {
    // The templates are minified before Tera sees them; a branch that opens a tag in one arm and
    // closes it after `endif` once made the minifier drop `</ul></nav></header>`, putting <main>
    // inside the menu. The browser suite validates whole pages; this guards the skeleton here.
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let mut pages = BTreeSet::new();
    for (path, bytes) in tree(&root.join("public")) {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let doc = scraper::Html::parse_document(&String::from_utf8_lossy(&bytes));
        let p = path.display();
        assert_eq!(
            doc.select(&sel("body > main")).count(),
            1,
            "{p}: one <main>, a child of <body>"
        );
        assert_eq!(
            doc.select(&sel("header main, nav main, li main, header footer"))
                .count(),
            0,
            "{p}"
        );
        for li in doc.select(&sel("nav li")) {
            assert!(
                li.select(&sel("li, nav")).next().is_none(),
                "{p}: menu items do not nest"
            );
        }
        pages.insert(path);
    }
    // Not vacuous: every page the sitemap lists was among those checked.
    let sitemap = read(root, "sitemap.xml");
    let listed: Vec<PathBuf> = roxmltree::Document::parse(&sitemap)
        .expect("sitemap.xml parses")
        .descendants()
        .filter(|n| n.tag_name().name() == "loc")
        .filter_map(|n| n.text())
        .map(|url| {
            let path = url.split_once("://").map_or(url, |(_, rest)| rest);
            let path = path.split_once('/').map_or("", |(_, p)| p);
            PathBuf::from(format!("{path}index.html"))
        })
        .collect();
    assert!(!listed.is_empty(), "the sitemap lists pages");
    for p in &listed {
        assert!(
            pages.contains(p),
            "{} is in the sitemap, not checked",
            p.display()
        );
    }
}

#[test]
fn every_offer_in_stock_has_its_rent_link_with_its_offer_term_and_region() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    // The fixture's stock (data/cards.yaml): H100 SXM 5 in DFW-1 and 3 in IAD-1, A100 SXM 4 in
    // DFW-1, RTX 4090 none. Bundles (pricing.yaml): 2× A100 SXM (DFW-1 has 4), 8× H100 SXM (no
    // region has 8, so no link).
    let free = |card: &str, region: &str| -> u32 {
        match (card, region) {
            ("h100-sxm", "dfw-1") => 5,
            ("h100-sxm", "iad-1") => 3,
            ("a100-sxm", "dfw-1") => 4,
            _ => 0,
        }
    };
    let cards_of = |offer: &str| -> (String, u32) {
        match offer.split_once("x-") {
            Some((n, card)) if n.parse::<u32>().is_ok() => {
                (card.to_owned(), n.parse().unwrap_or(0))
            }
            _ => (offer.to_owned(), 1),
        }
    };
    // A Rent link: a table's or card page's action link, or a link in a Rent menu.
    let sel = scraper::Selector::parse("a.action, details.menu a").expect("selector");
    // Anything that sends the reader to the order site, whatever its element or class.
    let to_order =
        scraper::Selector::parse("[href^=\"https://order.hub.example/\"]").expect("selector");
    // (page, offer, term, region) for every Rent link of the site.
    let mut links: BTreeSet<(String, String, String, String)> = BTreeSet::new();
    for (path, bytes) in tree(&root.join("public")) {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let doc = scraper::Html::parse_document(&String::from_utf8_lossy(&bytes));
        // Every link to the order site is a Rent action, and every Rent action such a link:
        // the two selections are the same elements.
        let rent: BTreeSet<_> = doc.select(&sel).map(|a| a.id()).collect();
        for a in doc.select(&to_order) {
            assert!(
                a.value().name() == "a" && rent.contains(&a.id()),
                "{}: a link to the order site that is not a Rent action: {}",
                path.display(),
                a.html()
            );
        }
        assert_eq!(
            doc.select(&to_order).map(|a| a.id()).collect::<Vec<_>>(),
            doc.select(&sel).map(|a| a.id()).collect::<Vec<_>>(),
            "{}",
            path.display()
        );
        for a in doc.select(&sel) {
            let href = a.value().attr("href").expect("href");
            let query = href
                .strip_prefix("https://order.hub.example/new?")
                .unwrap_or_else(|| panic!("{}: {href} is not the order URL", path.display()));
            let arg = |k: &str| {
                query
                    .split('&')
                    .find_map(|p| p.strip_prefix(&format!("{k}=")))
                    .unwrap_or_else(|| panic!("{href}: no {k}"))
                    .to_owned()
            };
            let (offer, term, region) = (arg("offer"), arg("term"), arg("region"));
            assert!(term == "week" || term == "month", "{href}");
            let (card, count) = cards_of(&offer);
            assert!(
                free(&card, &region) >= count,
                "{}: {href} sends the reader to a region without the cards",
                path.display()
            );
            // The accessible name starts with the visible text and names the region.
            let label = a.value().attr("aria-label").expect("aria-label");
            let text: String = a.text().collect();
            assert!(label.starts_with(&text), "{label} / {text}");
            assert!(label.contains(&region.to_uppercase()), "{label}");
            links.insert((path.display().to_string(), offer, term, region));
        }
    }
    for l in LOCALES {
        let on = |page: &str| -> Vec<(String, String, String)> {
            links
                .iter()
                .filter(|(p, ..)| p == &format!("{l}/{page}"))
                .map(|(_, o, t, r)| (o.clone(), t.clone(), r.clone()))
                .collect()
        };
        let month = |o: &str| (o.to_owned(), "month".to_owned(), "dfw-1".to_owned());
        let week = |o: &str| (o.to_owned(), "week".to_owned(), "dfw-1".to_owned());
        let iad = |o: &str, t: &str| (o.to_owned(), t.to_owned(), "iad-1".to_owned());
        // The catalogue: each card in stock, a week and a month in every region that has it,
        // for the buyer to choose (never only the first).
        assert_eq!(
            on("gpus/index.html"),
            [
                month("a100-sxm"),
                week("a100-sxm"),
                month("h100-sxm"),
                iad("h100-sxm", "month"),
                week("h100-sxm"),
                iad("h100-sxm", "week")
            ],
            "{l}"
        );
        // The home page: the catalogue's links.
        assert_eq!(on("index.html"), on("gpus/index.html"), "{l}");
        // Fine-tuning: the catalogue, the fit picks and the bundles, a week and a month each in
        // every region with them free; never the 8-card H100 node nor the RTX 4090 (none free).
        assert_eq!(
            on("fine-tuning/index.html"),
            [
                month("2x-a100-sxm"),
                week("2x-a100-sxm"),
                month("a100-sxm"),
                week("a100-sxm"),
                month("h100-sxm"),
                iad("h100-sxm", "month"),
                week("h100-sxm"),
                iad("h100-sxm", "week")
            ],
            "{l}"
        );
        // A card's page: a week and a month in every region that has it free.
        assert_eq!(
            on("gpus/h100-sxm/index.html"),
            [
                month("h100-sxm"),
                iad("h100-sxm", "month"),
                week("h100-sxm"),
                iad("h100-sxm", "week")
            ],
            "{l}"
        );
        // The A100's page also rents its 2-card bundle where a region has two free (DFW-1).
        assert_eq!(
            on("gpus/a100-sxm/index.html"),
            [
                month("2x-a100-sxm"),
                week("2x-a100-sxm"),
                month("a100-sxm"),
                week("a100-sxm")
            ],
            "{l}"
        );
        // No Rent link where nothing can be rented.
        for page in ["gpus/rtx-4090/index.html", "monthly-vs-hourly/index.html"] {
            assert!(on(page).is_empty(), "{l}: {page}: {:?}", on(page));
        }
    }
    // The pages with Rent links are those above, and no other.
    let pages: BTreeSet<&str> = links.iter().map(|(p, ..)| p.as_str()).collect();
    let want: BTreeSet<String> = LOCALES
        .iter()
        .flat_map(|l| {
            [
                "index.html",
                "gpus/index.html",
                "fine-tuning/index.html",
                "gpus/h100-sxm/index.html",
                "gpus/a100-sxm/index.html",
            ]
            .map(|p| format!("{l}/{p}"))
        })
        .collect();
    assert_eq!(
        pages,
        want.iter().map(String::as_str).collect::<BTreeSet<_>>()
    );
}

/// One Rent action per offer in the tables: a disclosure whose summary names the offer and which
/// lists every region with the offer free, each with its week and month, so the buyer chooses the
/// region; no Rent link in a table stands outside one, except in a card page's region table.
#[test]
fn each_offer_has_one_rent_menu_listing_every_region_with_it_in_stock() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let arg = |href: &str, k: &str| -> String {
        href.split(['?', '&'])
            .find_map(|p| p.strip_prefix(&format!("{k}=")))
            .unwrap_or_else(|| panic!("{href}: no {k}"))
            .to_owned()
    };
    for l in LOCALES {
        let rel = format!("public/{l}/fine-tuning/index.html");
        let doc =
            scraper::Html::parse_document(&std::fs::read_to_string(root.join(&rel)).expect("page"));
        let mut regions_of: BTreeMap<String, BTreeSet<Vec<String>>> = BTreeMap::new();
        let menus: Vec<_> = doc.select(&sel("details.menu")).collect();
        assert!(!menus.is_empty(), "{l}: no Rent menu");
        for m in menus {
            let summary = m.select(&sel("summary")).next().expect("summary");
            // Its visible text names it: "Rent H100 SXM" and the like, never empty.
            assert!(
                summary.text().collect::<String>().trim().len() > 4,
                "{l}: {}",
                summary.html()
            );
            let mut offers = BTreeSet::new();
            let mut regions = Vec::new();
            for li in m.select(&sel("li")) {
                let links: Vec<(String, String, String)> = li
                    .select(&sel("a"))
                    .map(|a| {
                        let h = a.value().attr("href").expect("href");
                        (arg(h, "offer"), arg(h, "term"), arg(h, "region"))
                    })
                    .collect();
                // A region's line: its week and its month, in that region.
                let terms: Vec<&str> = links.iter().map(|(_, t, _)| t.as_str()).collect();
                assert_eq!(terms, ["week", "month"], "{l}: {}", li.html());
                assert!(links.iter().all(|(_, _, r)| *r == links[0].2), "{l}");
                offers.extend(links.iter().map(|(o, ..)| o.clone()));
                regions.push(links[0].2.clone());
            }
            assert_eq!(offers.len(), 1, "{l}: one offer per menu: {offers:?}");
            let offer = offers.into_iter().next().unwrap_or_default();
            regions_of.entry(offer).or_default().insert(regions);
        }
        // The fixture's stock: H100 SXM in DFW-1 and IAD-1, A100 SXM (and its pair) in DFW-1.
        let want: BTreeMap<String, BTreeSet<Vec<String>>> = [
            ("2x-a100-sxm", vec!["dfw-1"]),
            ("a100-sxm", vec!["dfw-1"]),
            ("h100-sxm", vec!["dfw-1", "iad-1"]),
        ]
        .into_iter()
        .map(|(o, r)| {
            (
                o.to_owned(),
                BTreeSet::from([r.into_iter().map(str::to_owned).collect()]),
            )
        })
        .collect();
        assert_eq!(regions_of, want, "{l}");
        // Every Rent link of a table is in a menu.
        let loose = doc
            .select(&sel("figure.table a[href^=\"https://order.hub.example/\"]"))
            .filter(|a| {
                !a.ancestors()
                    .filter_map(scraper::ElementRef::wrap)
                    .any(|e| e.value().name() == "details")
            })
            .count();
        assert_eq!(loose, 0, "{l}: a Rent link outside a menu");
    }
}

/// The footer says every price and stock count can be checked against the published data: the
/// storage and egress prices and the stock date are exported, and follow `data/` when it changes.
#[test]
fn storage_prices_and_the_stock_date_are_published_and_follow_the_data() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let storage = json(root, "data/storage.json");
    assert_eq!(
        storage["network_volume"]["usd_per_tb_month"],
        serde_json::json!(15)
    );
    assert_eq!(
        storage["egress"]["included_tb_per_month"],
        serde_json::json!(10)
    );
    assert_eq!(storage["egress"]["usd_per_tb_over"], serde_json::json!(3));
    assert_eq!(storage["wipe_days"], serde_json::json!(5));
    assert_eq!(
        json(root, "data/cards.json")["stock_as_of"],
        serde_json::json!("2026-11-30")
    );
    let footer = read(root, "en/index.html");
    assert!(
        footer.contains("href=/data/storage.json>"),
        "footer links it"
    );
    // And what the training hours are computed from: each card's TFLOPS and bandwidth.
    let cards = json(root, "data/cards.json");
    let a100 = cards["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|c| c["id"] == "a100-sxm")
        .expect("the A100 row");
    assert_eq!(a100["dense_bf16_tflops"], serde_json::json!(312));
    assert_eq!(a100["memory_bandwidth_tbs"], serde_json::json!(2.04));

    edit(
        root,
        "data/storage.yaml",
        "usd_per_tb_month: 15",
        "usd_per_tb_month: 17",
    );
    edit(
        root,
        "data/storage.yaml",
        "usd_per_tb_over: 3",
        "usd_per_tb_over: 2.5",
    );
    edit(
        root,
        "data/cards.yaml",
        "stock_as_of: 2026-11-30",
        "stock_as_of: 2026-12-02",
    );
    build_ok(root);
    let storage = json(root, "data/storage.json");
    assert_eq!(
        storage["network_volume"]["usd_per_tb_month"],
        serde_json::json!(17)
    );
    assert_eq!(storage["egress"]["usd_per_tb_over"], serde_json::json!(2.5));
    assert_eq!(
        json(root, "data/cards.json")["stock_as_of"],
        serde_json::json!("2026-12-02")
    );
}
