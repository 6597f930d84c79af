//! End-to-end: the test fixture built by the real binary, and every kind of bad input; and one
//! smoke test of this repository's own site.

use std::path::Path;

mod common;
use common::{build_ok, dangling_links, edit, fixture_copy, fixture_text, hubgen, read, tree};

/// A fixture data file as JSON values.
fn data(rel: &str) -> serde_json::Value {
    serde_saphyr::from_str(&fixture_text(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// A locale's `language_tag` labels its pages (`lang`, `hreflang`, the sitemap, the 404 and the
/// root chooser) while its URLs keep the code.
#[test]
fn a_language_tag_labels_every_page_of_its_locale_and_leaves_urls_alone() {
    let site = fixture_copy();
    let root = site.path();
    edit(
        root,
        "hubgen.yaml",
        "  - code: zh\n",
        "  - code: zh\n    language_tag: zh-Hans\n",
    );
    build_ok(root);
    let doc = |rel: &str| scraper::Html::parse_document(&read(root, rel));
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let attrs = |d: &scraper::Html, css: &str, attr: &str| -> Vec<String> {
        d.select(&sel(css))
            .filter_map(|e| e.value().attr(attr).map(str::to_owned))
            .collect()
    };
    let zh = doc("zh/fine-tuning/index.html");
    assert_eq!(attrs(&zh, "html", "lang"), ["zh-Hans"]);
    let en = doc("en/fine-tuning/index.html");
    assert_eq!(attrs(&en, "html", "lang"), ["en"]);
    let mut alternates = attrs(&en, "link[rel=alternate]", "hreflang");
    alternates.sort_unstable();
    assert_eq!(alternates, ["en", "uk", "x-default", "zh-Hans"]);
    let sitemap = read(root, "sitemap.xml");
    assert!(sitemap.contains("hreflang=\"zh-Hans\" href=\"https://hub.example/zh/fine-tuning/\""));
    assert!(!sitemap.contains("hreflang=\"zh\""));
    for page in ["404.html", "index.html"] {
        let d = doc(page);
        assert_eq!(attrs(&d, "li[lang=zh-Hans] a", "href"), ["/zh/"], "{page}");
        assert!(attrs(&d, "[lang=zh]", "lang").is_empty(), "{page}");
    }
}

#[test]
fn the_fixture_builds_in_three_locales_with_every_table_formatted_per_locale() {
    let site = fixture_copy();
    let out = hubgen(site.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root = site.path();
    let doc = |rel: &str| scraper::Html::parse_document(&read(root, rel));
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let fit_rows = data("data/fit.yaml")["rows"]
        .as_array()
        .expect("fit rows")
        .len();
    assert_eq!(fit_rows, 3, "the fixture's fit rows");
    // The H100 SXM's monthly price (data/cards.yaml: 1800), and the 8× H100 SXM node:
    // 1800 × 8 × (1 − 0.10) = 12,960 (four significant figures), each written the locale's way.
    for (lang, money, big) in [
        ("en", "$1,800", "$12,960"),
        ("uk", "1\u{a0}800\u{a0}$", "12\u{a0}960\u{a0}$"),
        ("zh", "$1,800", "$12,960"),
    ] {
        let rel = format!("{lang}/fine-tuning/index.html");
        let html = read(root, &rel);
        let d = doc(&rel);
        let html_el = d.select(&sel("html")).next().expect("html");
        assert_eq!(html_el.value().attr("lang"), Some(lang));
        for table in ["fit", "cards", "interconnect", "storage", "bundles"] {
            let n = d
                .select(&sel(&format!("figure.table-{table} table")))
                .count();
            assert_eq!(n, 1, "{lang}: table {table}");
        }
        assert_eq!(
            d.select(&sel("figure.table-fit tbody tr")).count(),
            fit_rows,
            "{lang}: one fit row per row of data/fit.yaml"
        );
        assert!(html.contains(money), "{lang}: H100 monthly as {money:?}");
        // Each catalogue row names its GPU with a link to that GPU's page, in the same locale.
        let names: Vec<(String, String)> = d
            .select(&sel(
                "figure.table-cards tbody th[scope=row] > a:not(.action)",
            ))
            .map(|a| {
                (
                    a.text().collect(),
                    a.value().attr("href").unwrap_or("").to_owned(),
                )
            })
            .collect();
        assert!(!names.is_empty(), "{lang}: catalogue names are not links");
        // Only the link without peer-to-peer says its bandwidth is the bus's to the host.
        if lang == "en" {
            let staged: Vec<String> = d
                .select(&sel("figure.table-interconnect tbody tr"))
                .map(|r| r.text().collect::<String>())
                .filter(|t| t.contains("bus to the host"))
                .collect();
            assert_eq!(staged.len(), 1, "{staged:?}");
            assert!(staged[0].contains("peer-to-peer is disabled"), "{staged:?}");
        }
        for (name, href) in &names {
            assert!(
                href.starts_with(&format!("/{lang}/gpus/")),
                "{lang}: {name} -> {href}"
            );
            let page = read(root, &format!("{}index.html", href.trim_start_matches('/')));
            assert!(
                page.contains(name.as_str()),
                "{lang}: {href} is not {name}'s page"
            );
        }
        let bundles: String = d
            .select(&sel("figure.table-bundles"))
            .flat_map(|f| f.text())
            .collect();
        assert!(bundles.contains(big), "{lang}: 8× H100 node as {big:?}");
        assert!(
            !html.contains("{{"),
            "{lang}: a shortcode was left unexpanded"
        );
        assert!(
            !html.contains("[col-") && !html.contains("[fit-"),
            "{lang}: a missing string shows as a key"
        );
        // Minified: no indentation left from the templates.
        assert!(!html.contains("\n  <"), "{lang}: not minified");
        // Canonical and alternates for all three locales plus x-default.
        let mut alternates: Vec<&str> = d
            .select(&sel("link[rel=alternate]"))
            .filter_map(|l| l.value().attr("hreflang"))
            .collect();
        alternates.sort_unstable();
        assert_eq!(alternates, ["en", "uk", "x-default", "zh"], "{lang}");
        let canonical = d
            .select(&sel("link[rel=canonical]"))
            .next()
            .expect("canonical");
        assert_eq!(
            canonical.value().attr("href"),
            Some(format!("https://hub.example/{lang}/fine-tuning/").as_str())
        );
    }
    // The root sends visitors to their language without JavaScript.
    let root_page = doc("index.html");
    assert_eq!(root_page.select(&sel("script")).count(), 0);
    let links: Vec<&str> = root_page
        .select(&sel("a[href]"))
        .filter_map(|a| a.value().attr("href"))
        .collect();
    for code in ["en", "uk", "zh"] {
        assert!(
            links.contains(&format!("/{code}/").as_str()),
            "root links {code}: {links:?}"
        );
    }
    assert!(read(root, "index.html").contains("x-default"));
    let sitemap = read(root, "sitemap.xml");
    assert!(sitemap.contains("<loc>https://hub.example/uk/fine-tuning/</loc>"));
    assert!(sitemap.contains("hreflang=\"zh\" href=\"https://hub.example/zh/fine-tuning/\""));
    assert!(read(root, "robots.txt").contains("Sitemap: https://hub.example/sitemap.xml"));
    let not_found = read(root, "404.html");
    assert!(not_found.contains("noindex"));
    // One 404 for the whole site: its heading in the default locale, then a line per locale, in
    // that locale's language, that links to its home page.
    assert!(not_found.contains("<h1>Page not found <small>(404)</small></h1>"));
    let d404 = doc("404.html");
    for (code, text) in [
        ("en", "There is no page at this address."),
        ("uk", "За цією адресою сторінки немає."),
        ("zh", "抱歉，您访问的页面不存在（404）。"),
    ] {
        let li = d404
            .select(&sel(&format!("li[lang={code}]")))
            .next()
            .unwrap_or_else(|| panic!("404 has no line in {code}"));
        assert!(li.text().collect::<String>().starts_with(text), "{code}");
        let a = li.select(&sel("a")).next().expect("a link home");
        assert_eq!(a.value().attr("href"), Some(format!("/{code}/").as_str()));
        assert_eq!(a.value().attr("hreflang"), Some(code));
    }
    let css: Vec<_> = std::fs::read_dir(root.join("public"))
        .expect("public")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("style."))
        .collect();
    assert_eq!(css.len(), 1, "one fingerprinted stylesheet");

    // JSON exports carry raw numbers. Expected figures by the price rules (ARITHMETIC.md §2) from
    // the fixture's data: a100-sxm monthly 1000, h100-sxm 1800, 2-card discount 0.05, 720 h.
    let fit: serde_json::Value =
        serde_json::from_str(&read(root, "data/fit.json")).expect("fit.json");
    let rows = fit["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), fit_rows);
    let row = |model: &str, method: &str| {
        rows.iter()
            .find(|r| r["model"] == model && r["method"] == method)
            .unwrap_or_else(|| panic!("{model} {method}"))
    };
    // 7B full fine-tuning is the fixture's hand override, on the 2-card bundle with its reason.
    let full7 = row("llama2-7b", "full");
    assert_eq!(full7["offer"], "2x-a100-sxm");
    assert_eq!(full7["cards"], 2);
    assert_eq!(full7["override_reason"], "pick-note-cheapest-cuda");
    // 2 × 1000 × 0.95 = 1900 a month; 1900 / 720 / 2 = 1.319… → 1.32 per GPU-hour; the week
    // 2 × 300 × 0.95 = 570, 570 / 168 / 2 = 1.696… → 1.70.
    assert_eq!(full7["monthly_usd"], 1900);
    assert_eq!(full7["per_gpu_hour_month_usd"], serde_json::json!(1.32));
    assert_eq!(full7["per_gpu_hour_week_usd"], serde_json::json!(1.7));
    // One figure per job: the total is the per-card figure on each of the 2 cards.
    let per_card = full7["bytes_per_card"].as_u64().expect("bytes per card");
    assert!(
        full7["bytes_total"]
            .as_u64()
            .expect("total")
            .abs_diff(2 * per_card)
            <= 1
    );
    // 70B QLoRA (P = 68.98e9 from the shapes): the reference job is 20,000 × 3 × 1,300 = 7.8e7
    // tokens, 6 × P × 7.8e7 = 3.23e19 FLOPs; at MFU 0.25 the A100 SXM (312 TFLOPS) takes
    // 3.23e19 / (312e12 × 0.25 × 3600) = 115 h, one week for $300, and the H100 SXM one week
    // for $500: the rule picks the A100 SXM.
    let qlora70 = row("llama2-70b", "qlora");
    assert_eq!(qlora70["offer"], "a100-sxm");
    assert_eq!(qlora70["rule"]["term"], "weekly");
    assert_eq!(qlora70["rule"]["weeks"], 1);
    assert_eq!(qlora70["rule"]["months"], 0);
    assert_eq!(qlora70["rule"]["cost_usd"], 300);
    let hours = |end: &str| {
        qlora70["rule"][format!("hours_at_hfu_{end}")]
            .as_f64()
            .unwrap_or_else(|| panic!("hours at the {end} end"))
    };
    assert!((hours("reference") - 114.95).abs() < 0.5);
    // The term covers the slow end: the same FLOPs at the band's low utilization.
    let mfu = &data("data/training.yaml")["mfu"];
    let f = |k: &str| mfu[k].as_f64().expect("mfu");
    assert!((hours("low") - 114.95 * f("reference") / f("low")).abs() < 0.5);
    assert!((hours("high") - 114.95 * f("reference") / f("high")).abs() < 0.5);
    assert!(qlora70["override_reason"].is_null());
    for key in [
        "bytes_per_card",
        "bytes_total",
        "memory",
        "card_usable_bytes",
        "share_of_usable",
        "weekly_usd",
        "monthly_usd",
        "per_gpu_hour_week_usd",
        "per_gpu_hour_month_usd",
        "rule",
    ] {
        assert!(rows.iter().all(|r| !r[key].is_null()), "fit.json {key}");
    }
    // No row fills more than the headroom of the usable memory, compared in bytes.
    for r in rows {
        let share = r["bytes_per_card"].as_f64().unwrap_or(f64::MAX)
            / r["card_usable_bytes"].as_f64().unwrap_or(1.0);
        assert!(share <= 0.9, "{r}");
    }
    let cards: serde_json::Value =
        serde_json::from_str(&read(root, "data/cards.json")).expect("cards.json");
    let card = |id: &str| {
        cards["cards"]
            .as_array()
            .expect("cards")
            .iter()
            .find(|c| c["id"] == id)
            .unwrap_or_else(|| panic!("{id}"))
            .clone()
    };
    // 1000 / 720 = 1.3888… → 1.39; free now as data/cards.yaml says, 0 where it names no count.
    let a100 = card("a100-sxm");
    assert_eq!(a100["per_gpu_hour_usd"], serde_json::json!(1.39));
    assert_eq!(
        a100["available"],
        serde_json::json!({ "dfw-1": 4, "iad-1": 0 })
    );
    // The card that is not in stock has no availability at all.
    assert_eq!(card("rtx-4090")["available"], serde_json::json!({}));
}

/// The fit table in every locale, and the break-even and training tables in English, as a reader
/// sees them: every figure, unit and note the fixture's data gives. Checked by hand against
/// ARITHMETIC.md's rules when the snapshot was taken: H100 SXM break-even 1800 / 3.60 = 500 and
/// 1800 / 2.40 = 750 h (69%–104% of 720 h), two weeks 336 × 2.40 = $806 to 336 × 3.60 = $1,210;
/// 7B LoRA on the RTX 4090 6 × 7e9 × 19.5e6 / (165.2e12 × MFU × 3600) = 2.8–5.5 h at
/// 360 / 720 = $0.50, so $1.38–$2.75; memory terms as in ARITHMETIC.md §3.2.
#[test]
fn the_computed_tables_of_the_fixture_read_as_snapshotted() {
    let site = fixture_copy();
    common::build_ok(site.path());
    let root = site.path();
    let mut fit = String::new();
    for lang in ["en", "uk", "zh"] {
        let html = read(root, &format!("{lang}/fine-tuning/index.html"));
        fit.push_str(&format!("== {lang}\n{}", common::table_text(&html, "fit")));
    }
    insta::assert_snapshot!("fit_table", fit);
    let html = read(root, "en/monthly-vs-hourly/index.html");
    let text = format!(
        "== break-even\n{}== training\n{}",
        common::table_text(&html, "break-even"),
        common::table_text(&html, "training")
    );
    insta::assert_snapshot!("break_even_and_training_tables_en", text);
}

/// Every page of this repository's own site with its `<title>` and its headings: the one test a
/// writer's heading change breaks (with the reference vectors, which hold data/ to the seeds).
/// Update with `INSTA_UPDATE=always cargo test --release --test build` after such an edit.
#[test]
fn the_real_site_builds_and_checks_clean_and_its_outline_is_as_snapshotted() {
    let site = common::real_site_copy();
    let root = site.path();
    let out = hubgen(root, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    // The one warning allowed: facts the seeds do not give, which the data leaves unset and the
    // pages say are not listed (`data-not-set`).
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning"))
        .collect();
    assert!(
        warnings
            .iter()
            .all(|w| w.starts_with("warning[data-not-set]")),
        "the site builds without other warnings:\n{stderr}"
    );
    let check = std::process::Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", "json", "--root"])
        .arg(root)
        .output()
        .expect("run hubgen check");
    let report: serde_json::Value = serde_json::from_slice(&check.stdout).expect("check json");
    assert_eq!(report["errors"].as_u64(), Some(0), "{report}");
    let unset = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "data-not-set")
        .count();
    assert_eq!(
        report["warnings"].as_u64(),
        Some(unset as u64),
        "only unset facts warn: {report}"
    );
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let text = |e: scraper::ElementRef<'_>| {
        e.text()
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut outline = String::new();
    for (path, bytes) in tree(&root.join("public")) {
        let name = path.display().to_string();
        let is_css = name.starts_with("style.") && name.ends_with(".css");
        outline.push_str(if is_css { "style.[hash].css" } else { &name });
        outline.push('\n');
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let doc = scraper::Html::parse_document(&String::from_utf8_lossy(&bytes));
        for t in doc.select(&sel("head > title")) {
            outline.push_str(&format!("  title: {}\n", text(t)));
        }
        for h in doc.select(&sel("h1, h2, h3, h4, h5, h6")) {
            let level = h.value().name()[1..].parse::<usize>().unwrap_or(1);
            outline.push_str(&format!("  {} {}\n", "#".repeat(level), text(h)));
        }
    }
    card_pages_list_every_fit_row_that_offers_their_card(&root.join("public/en"));
    insta::assert_snapshot!("real_site_outline", outline);
}

/// A card's page lists exactly the fit table's rows that offer that card with a Rent link:
/// as the pick, as the offer the rule passed over, or as the pick on another vendor's cards.
fn card_pages_list_every_fit_row_that_offers_their_card(en: &Path) {
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    // (job, cards offered, the pick's first) of each row of the page's fit table; a bundle
    // `2x-a100-sxm` offers the `a100-sxm`.
    let rows = |file: &Path| -> Vec<(String, Vec<String>)> {
        let html = std::fs::read_to_string(file).expect("read");
        let doc = scraper::Html::parse_document(&html);
        doc.select(&sel("figure.table-fit tbody tr"))
            .map(|tr| {
                let job = tr
                    .select(&sel("th, td"))
                    .next()
                    .map(|c| c.text().collect::<String>().trim().to_owned())
                    .unwrap_or_default();
                let cards = tr
                    .select(&sel("a[href*='offer=']"))
                    .filter_map(|a| a.value().attr("href"))
                    .filter_map(|h| h.split("offer=").nth(1))
                    .map(|o| o.split('&').next().unwrap_or(o))
                    .map(|o| match o.split_once("x-") {
                        Some((n, card)) if n.chars().all(|c| c.is_ascii_digit()) => card,
                        _ => o,
                    })
                    .map(str::to_owned)
                    .collect();
                (job, cards)
            })
            .collect()
    };
    let all = rows(&en.join("fine-tuning/index.html"));
    assert!(all.len() > 10, "{} fit rows", all.len());
    let mut pages = 0;
    let mut alternative_only = 0;
    for e in std::fs::read_dir(en.join("gpus")).expect("gpus").flatten() {
        let page = e.path().join("index.html");
        if !e.path().is_dir() || !page.exists() {
            continue;
        }
        pages += 1;
        let card = e.file_name().to_string_lossy().into_owned();
        let want: Vec<&String> = all
            .iter()
            .filter(|(_, cards)| cards.contains(&card))
            .map(|(job, _)| job)
            .collect();
        let got: Vec<String> = rows(&page).into_iter().map(|(job, _)| job).collect();
        assert_eq!(
            got.iter().collect::<Vec<_>>(),
            want,
            "{card}: the fit rows on its page"
        );
        let picked = all.iter().any(|(_, cards)| cards.first() == Some(&card));
        alternative_only += usize::from(!want.is_empty() && !picked);
    }
    assert!(pages > 8, "{pages} card pages");
    // The data has a card offered only as an alternative (the L40S): its page lists those rows.
    assert!(
        alternative_only > 0,
        "no card is offered only as an alternative"
    );
}

#[test]
fn two_builds_are_byte_identical_with_one_thread_and_with_two() {
    let site = fixture_copy();
    let a = site.path().join("out-1");
    let b = site.path().join("out-2");
    assert!(
        hubgen(
            site.path(),
            &["--out", a.to_str().expect("utf8"), "-j", "1"]
        )
        .status
        .success()
    );
    assert!(
        hubgen(
            site.path(),
            &["--out", b.to_str().expect("utf8"), "-j", "2"]
        )
        .status
        .success()
    );
    let (ta, tb) = (tree(&a), tree(&b));
    assert!(ta.len() > 10);
    assert_eq!(ta.keys().collect::<Vec<_>>(), tb.keys().collect::<Vec<_>>());
    for (k, v) in &ta {
        assert!(v == &tb[k], "{} differs between builds", k.display());
    }
}

/// Where a planted error stops the build.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// Before anything is written (data, front matter, Fluent files, templates): the output was
    /// never opened, so `public/` unchanged proves nothing about atomicity here.
    Load,
    /// While rendering and writing: the staging folder existed and held part of the new site,
    /// so `public/` unchanged and no staging left are the atomicity checks.
    Write,
}

/// Builds once (good), breaks the site with `break_it`, builds again and checks the failure:
/// non-zero exit, every expected fragment in stderr, `public/` byte-identical to before and no
/// staging folder left; and that the error stopped the build at `stage`. The stage is observed,
/// not assumed: a dead build's staging folder is planted beside `public/`, and the write stage
/// starts by removing it (`Staging::begin`), so it is gone exactly when the build got that far.
/// Failures of the disk itself (an injected full disk, a file in the way) are in
/// tests/bad_input.rs, and builds killed while writing in tests/crash.rs.
fn assert_bad_input(stage: Stage, break_it: impl FnOnce(&Path), expected: &[&str]) {
    let site = fixture_copy();
    let good = hubgen(site.path(), &[]);
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    let before = tree(&site.path().join("public"));
    let dead = site.path().join(".public.hubgen-new-999999");
    std::fs::create_dir_all(dead.join("en")).expect("plant a dead build's staging");
    break_it(site.path());
    let bad = hubgen(site.path(), &[]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success(), "the build should fail:\n{stderr}");
    for e in expected {
        assert!(stderr.contains(e), "stderr lacks {e:?}:\n{stderr}");
    }
    let reached_write = !dead.exists();
    assert_eq!(
        reached_write,
        stage == Stage::Write,
        "expected the error at the {stage:?} stage:\n{stderr}"
    );
    let _ = std::fs::remove_dir_all(&dead);
    assert!(
        tree(&site.path().join("public")) == before,
        "public/ changed after a failed build"
    );
    let leftovers: Vec<_> = std::fs::read_dir(site.path())
        .expect("read_dir")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().contains("hubgen-"))
        .collect();
    assert!(leftovers.is_empty(), "staging folders left behind");
}

/// Line and column (1-based) of `target` inside the first `context` in the fixture's `rel`,
/// which every fixture copy starts from: a planted error's place, from the file text rather than
/// typed in.
fn line_col(rel: &str, context: &str, target: &str) -> (usize, usize) {
    let text = fixture_text(rel);
    let start = text
        .find(context)
        .unwrap_or_else(|| panic!("{rel} lacks {context:?}"));
    let at = start
        + context
            .find(target)
            .unwrap_or_else(|| panic!("{context:?} lacks {target:?}"));
    let line = text[..at].matches('\n').count() + 1;
    let col = text[..at].rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// `rel:line:col` of `target` inside the first `context` in `rel` (see `line_col`).
fn place(rel: &str, context: &str, target: &str) -> String {
    let (line, col) = line_col(rel, context, target);
    format!("{rel}:{line}:{col}")
}

#[test]
fn malformed_yaml_names_file_line_and_column() {
    // The unclosed `[` goes where the first card's `80` starts.
    let at = place(
        "data/cards.yaml",
        "    vram_gb: 80\n    usable_mib: 81559\n",
        "80",
    );
    assert_bad_input(
        Stage::Load,
        |root| {
            edit(
                root,
                "data/cards.yaml",
                "    vram_gb: 80\n    usable_mib: 81559\n",
                "    vram_gb: [80\n    usable_mib: 81559\n",
            )
        },
        &[&at],
    );
}

#[test]
fn a_duplicate_key_is_an_error_not_last_wins() {
    // The duplicate goes on the line after `hold_hours: 48`, at its start.
    let (line, _) = line_col("data/storage.yaml", "hold_hours: 48", "hold_hours");
    let at = format!("data/storage.yaml:{}:1", line + 1);
    assert_bad_input(
        Stage::Load,
        |root| {
            edit(
                root,
                "data/storage.yaml",
                "hold_hours: 48",
                "hold_hours: 48\nhold_hours: 36",
            )
        },
        &[&at, "duplicate mapping key: hold_hours"],
    );
}

#[test]
fn an_unknown_card_in_a_fit_row_is_named_with_a_hint() {
    let at = place("data/fit.yaml", "pick: 2x-a100-sxm", "2x-a100-sxm");
    assert_bad_input(
        Stage::Load,
        |root| edit(root, "data/fit.yaml", "pick: 2x-a100-sxm", "pick: rtx-4900"),
        &[
            &at,
            "unknown card or bundle `rtx-4900` in a fit row",
            "did you mean `rtx-4090`?",
        ],
    );
}

#[test]
fn a_pick_that_does_not_fit_fails_the_build() {
    // 7B full on one card by Model M2 (data/methods.yaml), P = 6,738,415,616 from the shapes:
    // weights P × 2 B = 13.48 GB; trainable P × (6 + 8) B = 94.34 GB; activations 2,048 ×
    // (2 × 4096 × 32 + 2 × (6 × 4096 + 2 × 4096 + 4 × 11008)) B = 0.85 GB; logits 2,048 × 32,000
    // × 16 B = 1.05 GB: 109.72 GB live, + 10% and 0.75 GB for the allocator, + 0.75 GB context =
    // 122.2 GB, against 90% of the A100 SXM's usable 81,920 MiB = 85.9 GB.
    let at = place("data/fit.yaml", "pick: 2x-a100-sxm", "2x-a100-sxm");
    assert_bad_input(
        Stage::Load,
        |root| edit(root, "data/fit.yaml", "pick: 2x-a100-sxm", "pick: a100-sxm"),
        &[
            &at,
            "Llama 2 7B full needs 122.2 GB per card on `a100-sxm`, more than 77.3 GB (90% of a card's usable 85.9 GB)",
        ],
    );
}

#[test]
fn an_unknown_table_in_markdown_names_the_page_and_line() {
    assert_bad_input(
        Stage::Write,
        |root| {
            edit(
                root,
                "content/en/fine-tuning.md",
                "{{ table(name=\"fit\") }}",
                "{{ table(name=\"fitt\") }}",
            )
        },
        &[
            "content/en/fine-tuning.md:",
            "unknown table `fitt`",
            "did you mean `fit`?",
        ],
    );
    // The line is the shortcode's line in the file, front matter included.
    let site = fixture_copy();
    let text =
        std::fs::read_to_string(site.path().join("content/en/fine-tuning.md")).expect("read");
    let line = text
        .lines()
        .position(|l| l.contains("{{ table(name=\"fit\") }}"))
        .expect("fit table")
        + 1;
    edit(
        site.path(),
        "content/en/fine-tuning.md",
        "{{ table(name=\"fit\") }}",
        "{{ table(name=\"fitt\") }}",
    );
    let out = hubgen(site.path(), &[]);
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains(&format!("content/en/fine-tuning.md:{line}:1"))
    );
}

/// Removes the message `key` from every locale's strings.
fn drop_string(root: &Path, key: &str) {
    for l in ["en", "uk", "zh"] {
        let p = root.join(format!("i18n/{l}/main.ftl"));
        let text = std::fs::read_to_string(&p).expect("read");
        let kept: Vec<&str> = text
            .lines()
            .filter(|x| !x.starts_with(&format!("{key} =")))
            .collect();
        std::fs::write(&p, kept.join("\n")).expect("write");
    }
}

#[test]
fn a_missing_fluent_key_is_an_error_at_the_place_that_needs_it() {
    // Missing everywhere: the template line that asks for it.
    assert_bad_input(
        Stage::Write,
        |root| drop_string(root, "skip-to-content"),
        &["themes/default/templates/base.html:", "skip-to-content"],
    );
    // A string a table needs: the shortcode's line.
    assert_bad_input(
        Stage::Write,
        |root| drop_string(root, "col-weekly"),
        &[
            "content/en/fine-tuning.md:",
            "needs the string `col-weekly`",
        ],
    );
}

#[test]
fn a_folder_of_markdown_builds_with_the_built_in_theme() {
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(tmp.path().join("content/en/notes")).expect("mkdir");
    std::fs::write(
        tmp.path().join("content/en/notes/_index.md"),
        "---\ntitle: Notes\n---\n",
    )
    .expect("write");
    std::fs::write(
        tmp.path().join("content/en/notes/a.md"),
        "---\ntitle: A note\nweight: 2\n---\n\n# Hi\n\n| a | b |\n|---|--:|\n| x | 1 |\n",
    )
    .expect("write");
    let out = hubgen(tmp.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let section =
        std::fs::read_to_string(tmp.path().join("public/en/notes/index.html")).expect("section");
    assert!(
        section.contains("A note") && section.contains("/en/notes/a/"),
        "{section}"
    );
    let page =
        std::fs::read_to_string(tmp.path().join("public/en/notes/a/index.html")).expect("page");
    assert!(
        page.contains("<div class=\"table-wrap\"><table>")
            || page.contains("<div class=table-wrap><table>"),
        "{page}"
    );
}

#[test]
fn pages_are_as_small_as_minifying_each_whole_page_would_make_them() {
    let site = fixture_copy();
    // A redirect page too.
    edit(
        site.path(),
        "content/en/monthly-vs-hourly.md",
        "weight: 30\n",
        "weight: 30\naliases: [/en/break-even/]\n",
    );
    assert!(hubgen(site.path(), &[]).status.success());
    // The reference: minify-html over each whole page, as configured for the templates.
    let mut cfg = minify_html::Cfg::new();
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    let mut pages = 0;
    for (path, bytes) in tree(&site.path().join("public")) {
        if path.extension().is_some_and(|e| e == "html") {
            let whole = minify_html::minify(&bytes, &cfg);
            // hubgen keeps `&amp;` in attributes, where minify-html writes a bare `&` (a parser
            // other than a browser's reads `&region=` as `®ion=`): four bytes each, allowed.
            let amps = |b: &[u8]| String::from_utf8_lossy(b).matches("&amp;").count();
            let slack = 4 * amps(&bytes).saturating_sub(amps(&whole));
            assert!(
                bytes.len() <= whole.len() + slack,
                "{}: {} bytes, {} when minified whole",
                path.display(),
                bytes.len(),
                whole.len()
            );
            pages += 1;
        }
    }
    assert!(pages > 20, "{pages} pages");
}

#[test]
fn a_fluent_syntax_error_names_file_and_line_and_keeps_public() {
    assert_bad_input(
        Stage::Load,
        |root| {
            let p = root.join("i18n/uk/main.ftl");
            let text = std::fs::read_to_string(&p).expect("read");
            // Line 4 loses its `=`: a message with no value.
            let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
            lines.insert(3, "broken-message no equals sign".to_owned());
            std::fs::write(&p, lines.join("\n") + "\n").expect("write");
        },
        &["i18n/uk/main.ftl:4:", "Fluent syntax error"],
    );
}

#[test]
fn a_file_name_that_cannot_be_a_url_gets_a_suggested_slug() {
    assert_bad_input(
        Stage::Load,
        |root| {
            std::fs::write(
                root.join("content/uk/оренда-gpu.md"),
                "---\ntitle: \"Оренда GPU\"\n---\n\nТекст.\n",
            )
            .expect("write");
        },
        &[
            "content/uk/оренда-gpu.md:1:1",
            "cannot be a URL segment",
            "slug: orenda-gpu",
        ],
    );
    assert_bad_input(
        Stage::Load,
        |root| {
            std::fs::write(
                root.join("content/zh/显存.md"),
                "---\ntitle: \"显存\"\n---\n\n文字。\n",
            )
            .expect("write");
        },
        &["content/zh/显存.md", "with `slug:`"],
    );
}

#[test]
fn two_pages_with_one_url_name_both_files() {
    assert_bad_input(
        Stage::Write,
        |root| {
            std::fs::write(
                root.join("content/en/memory-guide.md"),
                "---\ntitle: \"Another\"\nslug: gpu-memory\n---\n\nText.\n",
            )
            .expect("write");
        },
        &[
            "two pages have the URL /en/gpu-memory/",
            "content/en/gpu-memory.md",
            "content/en/memory-guide.md",
        ],
    );
}

#[test]
fn a_pick_that_no_region_has_free_is_a_warning_at_its_line() {
    let site = fixture_copy();
    // The fixture's RTX 4090 has no `free_now`.
    edit(
        site.path(),
        "data/fit.yaml",
        "{ model: llama2-7b, method: qlora, note: fit-note-4bit-base }",
        "{ model: llama2-7b, method: qlora, pick: rtx-4090, note: fit-note-4bit-base, pick_note: pick-note-cheapest-cuda }",
    );
    assert!(
        hubgen(site.path(), &[]).status.success(),
        "a warning does not stop the build"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", "json", "--root"])
        .arg(site.path())
        .output()
        .expect("run hubgen check");
    assert!(out.status.success(), "a warning is not a check failure");
    let report: serde_json::Value =
        serde_json::from_slice(&out.stdout).expect("one JSON report on stdout");
    let warnings: Vec<&serde_json::Value> = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "data-not-in-stock")
        .collect();
    assert_eq!(warnings.len(), 1, "{report}");
    assert_eq!(warnings[0]["severity"], "warning");
    assert_eq!(warnings[0]["file"], "data/fit.yaml");
    let line = common::fixture_text("data/fit.yaml")
        .lines()
        .position(|l| l.contains("{ model: llama2-7b, method: qlora, note: fit-note-4bit-base }"))
        .expect("the row")
        + 1;
    assert_eq!(warnings[0]["line"], line);
    assert!(
        warnings[0]["message"]
            .as_str()
            .is_some_and(|m| m.contains("`rtx-4090`")),
        "{report}"
    );
}

#[test]
fn without_an_order_url_no_offer_has_a_rent_link_and_check_says_so() {
    let site = fixture_copy();
    std::fs::remove_file(site.path().join("data/ordering.yaml")).expect("remove");
    assert!(hubgen(site.path(), &[]).status.success());
    let page =
        std::fs::read_to_string(site.path().join("public/en/gpus/index.html")).expect("page");
    assert!(!page.contains("class=action"), "{page}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", "json", "--root"])
        .arg(site.path())
        .output()
        .expect("run hubgen check");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(
        report["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .any(|d| d["code"] == "data-not-set" && d["severity"] == "warning"),
        "{report}"
    );
}

#[test]
fn an_order_url_that_is_not_an_absolute_url_or_names_no_offer_is_an_error_at_its_line() {
    for (bad, says) in [
        ("/order?offer={offer}", "is not an absolute http(s) URL"),
        // Absolute, but not a web page: never a Rent link's target.
        (
            "javascript:alert(1)//{offer}",
            "is not an absolute http(s) URL",
        ),
        ("ftp://x.example/{offer}", "is not an absolute http(s) URL"),
        ("https://x.example/order", "does not name the offer"),
        (
            "https://x.example/o?o={offer}&c={card}",
            "`{card}` is not a placeholder",
        ),
    ] {
        let site = fixture_copy();
        let path = site.path().join("data/ordering.yaml");
        let text = std::fs::read_to_string(&path).expect("ordering.yaml");
        let line = text
            .lines()
            .position(|l| l.starts_with("order_url:"))
            .expect("order_url")
            + 1;
        let edited: String = text
            .lines()
            .map(|l| {
                if l.starts_with("order_url:") {
                    format!("order_url: \"{bad}\"\n")
                } else {
                    format!("{l}\n")
                }
            })
            .collect();
        std::fs::write(&path, edited).expect("write");
        let out = hubgen(site.path(), &[]);
        assert!(!out.status.success(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{bad}: {err}");
        assert!(
            err.contains(&format!("data/ordering.yaml:{line}:")),
            "{bad}: {err}"
        );
    }
}

#[test]
fn an_alias_is_a_redirect_page_and_a_redirects_line_when_asked() {
    let site = fixture_copy();
    let root = site.path();
    edit(
        root,
        "content/en/monthly-vs-hourly.md",
        "weight: 30\n",
        "weight: 30\naliases: [/en/break-even/, /old/monthly.html]\n",
    );
    build_ok(root);
    assert!(
        !root.join("public/_redirects").exists(),
        "_redirects is written only when asked"
    );
    let page = read(root, "en/break-even/index.html");
    let doc = scraper::Html::parse_document(&page);
    let attr = |css: &str, name: &str| -> Option<String> {
        let sel = scraper::Selector::parse(css).expect("selector");
        doc.select(&sel)
            .next()
            .and_then(|e| e.value().attr(name).map(str::to_owned))
    };
    assert_eq!(
        attr("meta[http-equiv=refresh]", "content").as_deref(),
        Some("0; url=/en/monthly-vs-hourly/")
    );
    assert_eq!(
        attr("link[rel=canonical]", "href").as_deref(),
        Some("https://hub.example/en/monthly-vs-hourly/")
    );
    assert_eq!(
        attr("meta[name=robots]", "content").as_deref(),
        Some("noindex")
    );
    assert_eq!(attr("html", "lang").as_deref(), Some("en"));
    assert_eq!(
        attr("main a", "href").as_deref(),
        Some("/en/monthly-vs-hourly/")
    );
    assert!(page.contains("Monthly or hourly"), "{page}");
    assert!(root.join("public/old/monthly.html").is_file());
    // Not a page of the site: neither in the sitemap nor a translation of anything.
    let sitemap = read(root, "sitemap.xml");
    assert!(!sitemap.contains("break-even"), "{sitemap}");
    assert!(!root.join("public/uk/break-even").exists());
    assert_eq!(dangling_links(&root.join("public")), Vec::<String>::new());

    let cfg = root.join("hubgen.yaml");
    let text = std::fs::read_to_string(&cfg).expect("read");
    std::fs::write(&cfg, text + "publish:\n  redirects_file: true\n").expect("write");
    build_ok(root);
    assert_eq!(
        read(root, "_redirects"),
        "# written by hubgen from the pages' `aliases`\n\
         /en/break-even/ /en/monthly-vs-hourly/ 301\n\
         /old/monthly.html /en/monthly-vs-hourly/ 301\n"
    );
}

#[test]
fn an_alias_that_is_a_page_or_not_a_path_is_an_error_at_its_place() {
    assert_bad_input(
        Stage::Write,
        |root| {
            edit(
                root,
                "content/en/monthly-vs-hourly.md",
                "weight: 30\n",
                "weight: 30\naliases: [/en/gpu-memory/]\n",
            );
        },
        &[
            "content/en/monthly-vs-hourly.md:5:11",
            "alias `/en/gpu-memory/` is also the URL of content/en/gpu-memory.md",
        ],
    );
    assert_bad_input(
        Stage::Load,
        |root| {
            edit(
                root,
                "content/en/monthly-vs-hourly.md",
                "weight: 30\n",
                "weight: 30\naliases:\n  - /en/ok/\n  - en/../x\n",
            );
        },
        &[
            "content/en/monthly-vs-hourly.md:7:5",
            "alias `en/../x` does not start with `/`",
        ],
    );
}

#[test]
fn a_rented_card_without_its_local_nvme_says_not_listed_and_check_warns() {
    let site = fixture_copy();
    let root = site.path();
    // The fixture's RTX 4090 without its local NVMe and host (the H100 keeps its 2 TB and host).
    edit(root, "data/cards.yaml", "    local_nvme_tb: 0.5\n", "");
    edit(
        root,
        "data/cards.yaml",
        "    host: { cpu_cores: 8, ram_gb: 64, network_gbps: 10 }\n",
        "",
    );
    build_ok(root);
    let spec = |rel: &str, name: &str| {
        let doc = scraper::Html::parse_document(&read(root, rel));
        let sel = scraper::Selector::parse("table tr").expect("selector");
        doc.select(&sel)
            .map(|r| r.text().collect::<Vec<_>>().join(" "))
            .find(|t| t.starts_with(name))
            .unwrap_or_default()
    };
    assert!(spec("en/gpus/rtx-4090/index.html", "Local NVMe").contains("not yet published"));
    assert!(spec("en/gpus/h100-sxm/index.html", "Local NVMe").contains("2 TB"));
    assert!(
        spec("en/gpus/rtx-4090/index.html", "Host CPU, RAM and network")
            .contains("not yet published")
    );
    assert!(spec("en/gpus/h100-sxm/index.html", "Host RAM").contains("240 GB"));
    assert!(spec("en/gpus/h100-sxm/index.html", "Network").contains("100 Gbit/s"));
    assert!(spec("uk/gpus/h100-sxm/index.html", "Мережа").contains("100 Гбіт/с"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", "json", "--root"])
        .arg(root)
        .output()
        .expect("run hubgen check");
    assert!(out.status.success(), "a warning is not a check failure");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("report");
    let unset: Vec<&str> = report["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "data-not-set" && d["file"] == "data/cards.yaml")
        .filter_map(|d| d["message"].as_str())
        .collect();
    assert_eq!(unset.len(), 2, "local NVMe and host: {report}");
    for u in &unset {
        assert!(u.contains("rtx-4090") && !u.contains("h100-sxm"), "{u}");
    }
    // Set, the warning goes.
    edit(
        root,
        "data/cards.yaml",
        "    price: { weekly_usd: 100, monthly_usd: 360 }\n",
        "    price: { weekly_usd: 100, monthly_usd: 360 }\n    local_nvme_tb: 3\n",
    );
    let out = hubgen(root, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(!stderr.contains("local NVMe"), "{stderr}");
    assert!(
        spec("en/gpus/rtx-4090/index.html", "Local NVMe").contains("3 TB"),
        "the set value is on the page"
    );
    // Only the host is still unset, for the RTX 4090 alone.
    let (_, unset) = not_set_warnings(root);
    assert_eq!(unset.len(), 1, "{unset:?}");
    let (file, message) = &unset[0];
    assert_eq!(file, "data/cards.yaml");
    assert!(
        message.contains("rtx-4090") && message.contains("host") && !message.contains("NVMe"),
        "{message}"
    );
}

#[test]
fn the_contact_in_data_is_in_every_footer_and_check_says_when_there_is_none() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let sel = scraper::Selector::parse("footer a[href='mailto:help@hub.example']").expect("sel");
    let mut pages = 0;
    for (path, bytes) in tree(&root.join("public")) {
        let name = path.display().to_string();
        // The pages; the language chooser and the 404 page have no footer.
        if !name.ends_with(".html") || name == "index.html" || name.ends_with("404.html") {
            continue;
        }
        let doc = scraper::Html::parse_document(&String::from_utf8_lossy(&bytes));
        let link = doc.select(&sel).next();
        assert!(
            link.is_some_and(|a| a.text().collect::<String>() == "help@hub.example"),
            "{name} has no contact in its footer"
        );
        pages += 1;
    }
    assert!(pages > 20, "{pages}");
    // Not an address: an error at its place.
    edit(
        root,
        "data/ordering.yaml",
        "contact: mailto:help@hub.example",
        "contact: ftp://help.example",
    );
    let out = hubgen(root, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    let line = read_source(root, "data/ordering.yaml")
        .lines()
        .position(|l| l.starts_with("contact:"))
        .expect("contact line")
        + 1;
    assert!(
        stderr.contains(&format!("data/ordering.yaml:{line}:10"))
            && stderr.contains("is not a mailto: address"),
        "{stderr}"
    );
    // None: the footer has none, and the build says so.
    edit(
        root,
        "data/ordering.yaml",
        "contact: ftp://help.example\n",
        "",
    );
    let out = hubgen(root, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("no contact is set"), "{stderr}");
    assert!(!read(root, "en/index.html").contains("mailto:"));
}

fn read_source(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).expect("read")
}

/// The text of the first table row on a built page that starts with `name`, or "".
fn table_row(root: &Path, rel: &str, name: &str) -> String {
    let doc = scraper::Html::parse_document(&read(root, rel));
    let sel = scraper::Selector::parse("table tr").expect("selector");
    doc.select(&sel)
        .map(|r| r.text().collect::<Vec<_>>().join(" "))
        .find(|t| t.starts_with(name))
        .unwrap_or_default()
}

/// `hubgen check`'s warning count and the (file, message) of each `data-not-set` warning.
fn not_set_warnings(root: &Path) -> (u64, Vec<(String, String)>) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", "json", "--root"])
        .arg(root)
        .output()
        .expect("run hubgen check");
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{report}");
    let v: serde_json::Value = serde_json::from_str(&report).expect("json");
    let unset = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "data-not-set")
        .map(|d| {
            (
                d["file"].as_str().unwrap_or_default().to_owned(),
                d["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    (v["warnings"].as_u64().unwrap_or(u64::MAX), unset)
}

#[test]
fn a_card_page_lists_the_images_of_its_vendor_and_check_warns_without_them() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    // The fixture's two NVIDIA images, not its AMD one, on an NVIDIA card's page.
    let en = table_row(root, "en/gpus/h100-sxm/index.html", "Images and drivers");
    for want in [
        "Ubuntu 22.04 with CUDA (Ubuntu 22.04, driver 550.54.15, CUDA 12.4)",
        "Debian 12 with CUDA (Debian 12, driver 560.35.03, CUDA 12.6)",
    ] {
        assert!(en.contains(want), "{en}");
    }
    assert!(!en.contains("ROCm") && !en.contains("6.10.5"), "{en}");
    let uk = table_row(root, "uk/gpus/h100-sxm/index.html", "Образи й драйвери");
    assert!(uk.contains("драйвер 550.54.15, CUDA 12.4"), "{uk}");
    let zh = table_row(root, "zh/gpus/rtx-4090/index.html", "系统镜像与驱动");
    assert!(zh.contains("驱动 560.35.03"), "{zh}");
    let (warnings, unset) = not_set_warnings(root);
    assert_eq!((warnings, unset.len()), (0, 0), "{unset:?}");
    // The RTX 4090 as an AMD card: its page lists the AMD image only.
    edit(
        root,
        "data/cards.yaml",
        "name: RTX 4090\n    vendor: nvidia",
        "name: RTX 4090\n    vendor: amd",
    );
    build_ok(root);
    let amd = table_row(root, "en/gpus/rtx-4090/index.html", "Images and drivers");
    assert!(
        amd.contains("Ubuntu 22.04 with ROCm (Ubuntu 22.04, driver 6.10.5, ROCm 6.4)")
            && !amd.contains("CUDA"),
        "{amd}"
    );
    // No NVIDIA image: the NVIDIA cards we rent say not listed, and check names them.
    let images = std::fs::read_to_string(root.join("data/images.yaml")).expect("read");
    let amd_only = images
        .find("  - id: ubuntu-2204-rocm-64")
        .map(|i| format!("images:\n{}", &images[i..]))
        .expect("the AMD image");
    std::fs::write(root.join("data/images.yaml"), amd_only).expect("write");
    build_ok(root);
    assert!(
        table_row(root, "en/gpus/h100-sxm/index.html", "Images and drivers")
            .contains("not yet published")
    );
    let (_, unset) = not_set_warnings(root);
    assert_eq!(unset.len(), 1, "{unset:?}");
    assert_eq!(unset[0].0, "data/images.yaml");
    assert!(
        unset[0].1.contains("h100-sxm, a100-sxm") && !unset[0].1.contains("rtx-4090"),
        "{}",
        unset[0].1
    );
    // None at all: one warning, and every card we rent says not listed.
    std::fs::write(root.join("data/images.yaml"), "images: []\n").expect("write");
    build_ok(root);
    assert!(
        table_row(root, "en/gpus/rtx-4090/index.html", "Images and drivers")
            .contains("not yet published")
    );
    let (_, unset) = not_set_warnings(root);
    assert_eq!(unset.len(), 1, "{unset:?}");
    assert!(unset[0].1.contains("no OS image"), "{}", unset[0].1);
}

/// A page in `locale` whose body is the service-terms table.
fn service_terms_page(root: &Path, locale: &str) {
    let dir = root.join("content").join(locale);
    std::fs::write(
        dir.join("renting.md"),
        "---\ntitle: Renting\n---\n\nThe terms.\n\n{{ table(name=\"service-terms\") }}\n",
    )
    .expect("write");
}

#[test]
fn the_service_terms_are_a_table_and_a_footer_link_and_check_names_the_unset_ones() {
    let site = fixture_copy();
    let root = site.path();
    service_terms_page(root, "en");
    service_terms_page(root, "uk");
    build_ok(root);
    let en = "en/renting/index.html";
    let row = |rel: &str, name: &str| table_row(root, rel, name);
    assert!(
        row(en, "Uptime SLA").contains("99.5%"),
        "{}",
        row(en, "Uptime SLA")
    );
    assert!(
        row(en, "If a GPU fails")
            .contains("replaced in the same region, or the lost time credited pro rata")
    );
    assert!(row(en, "Refunds").contains("unused whole days refunded pro rata"));
    assert!(row(en, "Ready after payment").contains("within 30 minutes of a confirmed payment"));
    assert!(row(en, "Terms of service").contains("hub.example/legal/terms"));
    // Where to ask: the contact the footer links, as its address.
    assert!(
        row(en, "Contact").contains("help@hub.example"),
        "{}",
        row(en, "Contact")
    );
    let uk = "uk/renting/index.html";
    assert!(row(uk, "Гарантована доступність (SLA)").contains("99,5\u{a0}%"));
    assert!(row(uk, "Повернення коштів").contains("невикористані повні дні"));
    assert!(
        row(uk, "Час до готовності інстансу після оплати")
            .contains("протягом 30\u{a0}хвилин після підтвердження оплати"),
        "{}",
        row(uk, "Час до готовності інстансу після оплати")
    );
    let link = scraper::Selector::parse("a[href='https://hub.example/legal/terms']").expect("sel");
    let footer =
        scraper::Selector::parse("footer a[href='https://hub.example/legal/terms']").expect("sel");
    let page = scraper::Html::parse_document(&read(root, en));
    assert!(
        page.select(&link).count() == 2,
        "the table's link and the footer's"
    );
    let uk_page = scraper::Html::parse_document(&read(root, "uk/gpu-memory/index.html"));
    assert!(
        uk_page
            .select(&footer)
            .next()
            .is_some_and(|a| a.text().collect::<String>() == "Умови надання послуг")
    );
    // Two unset: their rows say so, the footer has no link, and check names both.
    edit(root, "data/ordering.yaml", "  refund: unused-days\n", "");
    edit(
        root,
        "data/ordering.yaml",
        "  terms_url: https://hub.example/legal/terms\n",
        "",
    );
    build_ok(root);
    assert!(row(en, "Refunds").contains("not yet published"));
    assert!(row(en, "Terms of service").contains("not yet published"));
    assert!(row(uk, "Повернення коштів").contains("ще не опубліковано"));
    assert!(row(en, "Uptime SLA").contains("99.5%"));
    assert!(!read(root, "en/gpu-memory/index.html").contains("legal/terms"));
    let (_, unset) = not_set_warnings(root);
    assert_eq!(unset.len(), 1, "{unset:?}");
    assert_eq!(unset[0].0, "data/ordering.yaml");
    assert!(
        unset[0].1.contains("refund, terms_url") && !unset[0].1.contains("failure"),
        "{}",
        unset[0].1
    );
    // No service block at all: every row says not listed.
    let ordering = std::fs::read_to_string(root.join("data/ordering.yaml")).expect("read");
    let cut = ordering.find("service:").expect("service");
    std::fs::write(root.join("data/ordering.yaml"), &ordering[..cut]).expect("write");
    build_ok(root);
    assert!(row(en, "If a GPU fails").contains("not yet published"));
    let (_, unset) = not_set_warnings(root);
    assert!(
        unset.len() == 1
            && unset[0]
                .1
                .contains("uptime_sla_percent, refund, failure, provisioning_minutes, terms_url"),
        "{unset:?}"
    );
}

/// Each case on a fresh copy of the fixture: `from` replaced by `to` in `data/{file}`, then a
/// build that succeeds (`None`) or exits 1 with the message given.
fn edit_and_build(file: &str, cases: &[(&str, &str, Option<&str>)]) {
    for (from, to, error) in cases {
        let site = fixture_copy();
        let root = site.path();
        let path = root.join("data").join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{from}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
        let out = hubgen(root, &[]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        match error {
            None => assert!(out.status.success(), "{to}: {stderr}"),
            Some(e) => {
                assert_eq!(out.status.code(), Some(1), "{to}: {stderr}");
                assert!(stderr.contains(e), "{to}: {stderr}");
            }
        }
    }
}

#[test]
fn a_market_range_may_be_one_price_and_its_window_a_whole_month_but_no_more() {
    let h100 = "hourly_low_usd: 2.40, hourly_high_usd: 3.60";
    let a100 = "{ card: a100-sxm, hourly_low_usd: 1.25";
    let cases: &[(&str, &str, Option<&str>)] = &[
        (h100, "hourly_low_usd: 2.40, hourly_high_usd: 2.40", None),
        ("window_hours: 336", "window_hours: 720", None),
        (
            h100,
            "hourly_low_usd: 2.40, hourly_high_usd: 2.39",
            Some("market hourly range for `h100-sxm` ends below its start"),
        ),
        (
            "window_hours: 336",
            "window_hours: 721",
            Some("window_hours 721 is longer than a month (720 h)"),
        ),
        (
            a100,
            "{ card: h100-sxm, hourly_low_usd: 1.25",
            Some("card `h100-sxm` has two market rates"),
        ),
        // Busy shares: from 5% to the whole term, highest first, none twice.
        ("busy_shares: [1, 0.5]", "busy_shares: [1, 0.05]", None),
        (
            "busy_shares: [1, 0.5]",
            "busy_shares: [1.01, 0.5]",
            Some("`busy_shares` is 1.01, outside 0.05..=1"),
        ),
        (
            "busy_shares: [1, 0.5]",
            "busy_shares: [1, 0.04]",
            Some("`busy_shares` is 0.04, outside 0.05..=1"),
        ),
        (
            "busy_shares: [1, 0.5]",
            "busy_shares: [0.5, 0.5]",
            Some("busy share 0.5 is not below the one before it"),
        ),
        (
            "busy_shares: [1, 0.5]",
            "busy_shares: [0.5, 1]",
            Some("busy share 1 is not below the one before it"),
        ),
    ];
    edit_and_build("pricing.yaml", cases);
    // A rate for an unknown card is that error alone: not also a duplicate of the first card's.
    let site = fixture_copy();
    let root = site.path();
    let path = root.join("data/pricing.yaml");
    let text = std::fs::read_to_string(&path).expect("read");
    std::fs::write(
        &path,
        text.replacen(a100, "{ card: nope-sxm, hourly_low_usd: 1.25", 1),
    )
    .expect("write");
    let out = hubgen(root, &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("unknown priced card `nope-sxm`"),
        "{stderr}"
    );
    assert!(!stderr.contains("two market rates"), "{stderr}");
}

#[test]
fn a_cards_usable_memory_and_its_prices_are_held_at_their_bounds() {
    // 80 GiB is 81,920 MiB: usable memory may run from 85% of it (69,632) to 102.5% (83,968); a
    // month may cost from one week's price to five weeks'.
    let h100 = "price: { weekly_usd: 500, monthly_usd: 1800 }";
    let cases: &[(&str, &str, Option<&str>)] = &[
        ("usable_mib: 81559", "usable_mib: 69632", None),
        ("usable_mib: 81559", "usable_mib: 83968", None),
        (
            "usable_mib: 81559",
            "usable_mib: 69631",
            Some("`usable_mib` is 69631, outside 69632..=83968"),
        ),
        (
            "usable_mib: 81559",
            "usable_mib: 83969",
            Some("`usable_mib` is 83969, outside 69632..=83968"),
        ),
        (h100, "price: { weekly_usd: 500, monthly_usd: 500 }", None),
        (h100, "price: { weekly_usd: 500, monthly_usd: 2500 }", None),
        (
            h100,
            "price: { weekly_usd: 500, monthly_usd: 499.99 }",
            Some("card `h100-sxm` costs less per month than per week"),
        ),
        (
            h100,
            "price: { weekly_usd: 500, monthly_usd: 2500.01 }",
            Some("card `h100-sxm` costs more per month than five weeks"),
        ),
        // A priced card's usable memory needs its source, even when the figure is there.
        (
            "    capacity_source: \"test fixture\"\n",
            "",
            Some("priced card `h100-sxm` has no `usable_mib` and `capacity_source`"),
        ),
    ];
    edit_and_build("cards.yaml", cases);
}

#[test]
fn the_utilization_band_may_be_one_value_with_its_reference_at_either_end_but_not_run_backwards() {
    let band = "mfu: { low: 0.25, reference: 0.25, high: 0.50 }";
    let cases: &[(&str, Option<&str>)] = &[
        ("mfu: { low: 0.25, reference: 0.50, high: 0.50 }", None),
        ("mfu: { low: 0.50, reference: 0.50, high: 0.50 }", None),
        (
            "mfu: { low: 0.60, reference: 0.55, high: 0.50 }",
            Some("MFU range 0.6–0.5 runs backwards"),
        ),
        (
            "mfu: { low: 0.25, reference: 0.51, high: 0.50 }",
            Some("MFU reference 0.51 lies outside the range 0.25–0.5"),
        ),
    ];
    let cases: Vec<(&str, &str, Option<&str>)> = cases
        .iter()
        .map(|(to, error)| (band, *to, *error))
        .collect();
    edit_and_build("training.yaml", &cases);
}

#[test]
fn a_step_time_factor_multiplies_its_methods_hours_and_is_held_to_its_bounds() {
    let hours = |root: &Path| -> Vec<(String, f64, f64)> {
        let t: serde_json::Value =
            serde_json::from_str(&read(root, "data/training.json")).expect("training.json");
        t["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .map(|r| {
                (
                    r["id"].as_str().expect("id").to_string(),
                    r["hours_at_hfu_low"].as_f64().expect("hours"),
                    r["step_time_factor"].as_f64().expect("factor"),
                )
            })
            .collect()
    };
    let plain = fixture_copy();
    build_ok(plain.path());
    let slowed = fixture_copy();
    let jobs = "jobs:\n";
    edit(
        slowed.path(),
        "data/training.yaml",
        jobs,
        "step_time:\n  - { method: lora, factor: 2, source: \"test\" }\njobs:\n",
    );
    build_ok(slowed.path());
    let (before, after) = (hours(plain.path()), hours(slowed.path()));
    for ((id, h0, f0), (_, h1, f1)) in before.iter().zip(&after) {
        let want = if id.contains("lora") { 2.0 } else { 1.0 };
        assert_eq!((*f0, *f1), (1.0, want), "{id}");
        assert!((h1 - h0 * want).abs() < 0.02, "{id}: {h0} h → {h1} h");
    }
    let step = |f: &str| format!("step_time:\n  - {{ method: {f}, source: \"test\" }}\njobs:\n");
    let cases: &[(&str, &str, Option<&str>)] = &[
        (jobs, &step("qlora, factor: 1"), None),
        (jobs, &step("qlora, factor: 10"), None),
        (
            jobs,
            &step("qlora, factor: 0.99"),
            Some("`factor` is 0.99, outside 1..=10"),
        ),
        (
            jobs,
            &step("qlora, factor: 10.01"),
            Some("`factor` is 10.01, outside 1..=10"),
        ),
        (
            jobs,
            &step("qlara, factor: 1.5"),
            Some("unknown method `qlara`"),
        ),
        (
            jobs,
            "step_time:\n  - { method: qlora, factor: 1.5, source: a }\n  - { method: qlora, factor: 1.6, source: b }\njobs:\n",
            Some("duplicate id `qlora`"),
        ),
    ];
    edit_and_build("training.yaml", cases);
}

#[test]
fn a_pick_named_in_prose_is_the_fit_tables_and_a_build_error_once_the_rule_moves() {
    let site = fixture_copy();
    build_ok(site.path());
    let fit: serde_json::Value =
        serde_json::from_str(&read(site.path(), "data/fit.json")).expect("fit.json");
    let row = |model: &str, method: &str| {
        fit["rows"]
            .as_array()
            .expect("rows")
            .iter()
            .find(|r| r["model"] == model && r["method"] == method)
            .and_then(|r| r["offer"].as_str())
            .map(str::to_string)
            .unwrap_or_else(|| panic!("no {model} {method} row"))
    };
    let ruled = row("llama2-7b", "qlora");
    let overridden = row("llama2-7b", "full");
    let cards = data("data/cards.yaml");
    let name = cards["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|c| c["id"] == ruled.as_str())
        .and_then(|c| c["name"].as_str())
        .expect("the pick's card")
        .to_string();
    let text = format!(
        "---\ntitle: Probe\n---\n\nPut it on {{{{ pick(model=\"llama2-7b\", method=\"qlora\", is=\"{ruled}\") }}}}, \
         the full job on {{{{ pick(model=\"llama2-7b\", method=\"full\", is=\"{overridden}\") }}}}.\n"
    );
    std::fs::write(site.path().join("content/en/probe.md"), &text).expect("write");
    build_ok(site.path());
    let html = read(site.path(), "en/probe/index.html");
    assert!(html.contains(&format!("Put it on {name}, ")), "{html}");
    assert!(
        html.contains("the full job on 2×") && html.contains("A100 SXM."),
        "the hand override is the table's pick too: {html}"
    );
    assert!(!html.contains("{{"), "{html}");

    // Move the row's pick by hand: the sentence no longer holds, and the build says where.
    let other = if ruled == "a100-sxm" {
        "h100-sxm"
    } else {
        "a100-sxm"
    };
    edit(
        site.path(),
        "data/fit.yaml",
        "{ model: llama2-7b, method: qlora, note: fit-note-4bit-base }",
        &format!(
            "{{ model: llama2-7b, method: qlora, pick: {other}, note: fit-note-4bit-base, pick_note: pick-note-cheapest-cuda }}"
        ),
    );
    let before = tree(&site.path().join("public"));
    let out = hubgen(site.path(), &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("pick-changed"), "{err}");
    assert!(err.contains("content/en/probe.md:5:"), "{err}");
    assert!(err.contains(&format!("now gives `{other}`")), "{err}");
    assert_eq!(before, tree(&site.path().join("public")), "nothing lost");
}

#[test]
fn the_stock_date_in_prose_is_the_one_in_data_in_each_locale() {
    let site = common::real_site_copy();
    let root = site.path();
    let cards = root.join("data/cards.yaml");
    let text = std::fs::read_to_string(&cards).expect("cards.yaml");
    assert!(
        text.contains("stock_as_of: 2026-11-30"),
        "the fixture's date"
    );
    std::fs::write(
        &cards,
        text.replace("stock_as_of: 2026-11-30", "stock_as_of: 2027-03-09"),
    )
    .expect("write cards.yaml");
    let out = hubgen(root, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let flat = |rel: &str| common::read(root, rel).replace(['\u{a0}', '\u{202f}'], " ");
    // The home pages' own sentences, placed by stock_date(), follow the data.
    assert!(flat("en/index.html").contains("As of March 9, 2027, we had"));
    assert!(flat("zh/index.html").contains("截至 2027 年 3 月 9 日，共有"));
    // The Russian home page states the date once, in its catalogue's note.
    assert!(flat("ru/index.html").contains("на 9 марта 2027 г."));
    assert!(!flat("ru/index.html").contains("30 ноября 2026"));
    assert!(!flat("en/index.html").contains("November 30, 2026"));
}

/// A fit row's label gives the model's weights whole, even where the pick shards the job over
/// a bundle and the row's memory breakdown is per card (the real site puts 70B QLoRA on two
/// cards: the label must not show half the weights).
#[test]
fn a_sharded_picks_label_gives_the_whole_models_weights() {
    let site = common::real_site_copy();
    let root = site.path();
    build_ok(root);
    let fit: serde_json::Value =
        serde_json::from_str(&read(root, "data/fit.json")).expect("fit.json");
    let row = fit["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["model"] == "llama2-70b" && r["method"] == "qlora")
        .expect("the 70B QLoRA row");
    let memory: serde_json::Value =
        serde_json::from_str(&read(root, "data/memory.json")).expect("memory.json");
    let whole = memory["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["model"] == "llama2-70b" && r["method"] == "qlora")
        .and_then(|r| r["memory"]["weights"].as_f64())
        .expect("its weights, unsharded");
    let cards = row["cards"].as_u64().or(row["memory"]["cards"].as_u64());
    assert!(
        cards.is_some_and(|c| c > 1),
        "the case this covers: the pick shards the job ({row})"
    );
    let label = format!("weights {:.1} GB", whole / 1e9);
    let text = table_row(root, "en/fine-tuning/index.html", "Llama 2 70B, QLoRA");
    assert!(text.contains(&label), "{label:?} in {text:?}");
}
