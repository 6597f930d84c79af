//! End-to-end: the real site built by the real binary, and every kind of bad input.

use std::path::Path;

mod common;
use common::{edit, hubgen, read, site_copy, tree};

#[test]
fn the_site_builds_in_four_locales_with_every_table_formatted_per_locale() {
    let site = site_copy();
    let out = hubgen(site.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let root = site.path();
    let doc = |rel: &str| scraper::Html::parse_document(&read(root, rel));
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    for (lang, money, big) in [
        ("en", "$1,690", "1,536"),
        ("uk", "1\u{a0}690\u{a0}$", "1\u{a0}536"),
        ("zh", "$1,690", "1,536"),
        ("ru", "1\u{a0}690\u{a0}$", "1\u{a0}536"),
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
            10,
            "{lang}: ten fit rows"
        );
        assert!(html.contains(money), "{lang}: H100 monthly as {money:?}");
        assert!(html.contains(big), "{lang}: 8× MI300X memory as {big:?}");
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
        // Canonical and alternates for all four locales plus x-default.
        let alternates: Vec<&str> = d
            .select(&sel("link[rel=alternate]"))
            .filter_map(|l| l.value().attr("hreflang"))
            .collect();
        for code in ["en", "uk", "zh", "ru", "x-default"] {
            assert!(alternates.contains(&code), "{lang}: no hreflang {code}");
        }
        let canonical = d
            .select(&sel("link[rel=canonical]"))
            .next()
            .expect("canonical");
        assert_eq!(
            canonical.value().attr("href"),
            Some(format!("https://gpurenthub.com/{lang}/fine-tuning/").as_str())
        );
    }
    // The root sends visitors to their language without JavaScript.
    let root_page = read(root, "index.html");
    assert!(!root_page.contains("<script"));
    for code in ["en", "uk", "zh", "ru"] {
        assert!(
            root_page.contains(&format!("href=\"/{code}/\""))
                || root_page.contains(&format!("href=/{code}/")),
            "root links {code}"
        );
    }
    assert!(root_page.contains("x-default"));
    let sitemap = read(root, "sitemap.xml");
    assert!(sitemap.contains("<loc>https://gpurenthub.com/uk/fine-tuning/</loc>"));
    assert!(sitemap.contains("hreflang=\"zh\" href=\"https://gpurenthub.com/zh/fine-tuning/\""));
    assert!(read(root, "robots.txt").contains("Sitemap: https://gpurenthub.com/sitemap.xml"));
    assert!(read(root, "404.html").contains("noindex"));
    let css: Vec<_> = std::fs::read_dir(root.join("public"))
        .expect("public")
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("style."))
        .collect();
    assert_eq!(css.len(), 1, "one fingerprinted stylesheet");

    // JSON exports carry raw numbers.
    let fit: serde_json::Value =
        serde_json::from_str(&read(root, "data/fit.json")).expect("fit.json");
    let rows = fit["rows"].as_array().expect("rows");
    assert_eq!(rows.len(), 10);
    let full7 = rows
        .iter()
        .find(|r| r["model"] == "llama2-7b" && r["method"] == "full")
        .expect("7B full");
    assert_eq!(full7["card"], "2x-a100-sxm");
    assert_eq!(full7["cards"], 2);
    assert_eq!(full7["monthly_usd"], 1881);
    assert_eq!(full7["per_gpu_hour_usd"], serde_json::json!(1.31));
    assert_eq!(full7["cheapest_fit"], "mi300x");
    for key in [
        "vram_gb",
        "terms_gb",
        "card_vram_gb",
        "weekly_usd",
        "monthly_usd",
        "per_gpu_hour_usd",
        "cheapest_fit",
    ] {
        assert!(rows.iter().all(|r| !r[key].is_null()), "fit.json {key}");
    }
    let cards: serde_json::Value =
        serde_json::from_str(&read(root, "data/cards.json")).expect("cards.json");
    let a100 = cards["cards"]
        .as_array()
        .expect("cards")
        .iter()
        .find(|c| c["id"] == "a100-sxm")
        .expect("a100");
    assert_eq!(a100["per_gpu_hour_usd"], serde_json::json!(1.38));
    assert_eq!(a100["available"]["dfw-1"], 30);
}

#[test]
fn two_builds_are_byte_identical_with_one_thread_and_with_two() {
    let site = site_copy();
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

/// Builds once (good), breaks the site with `break_it`, builds again and checks the failure:
/// non-zero exit, every expected fragment in stderr, and `public/` byte-identical to before.
/// Every error planted here is found before the write stage; failures *during* the write (an
/// injected full disk, a file in the way) are in tests/bad_input.rs, and builds killed while
/// writing in tests/crash.rs.
fn assert_bad_input(break_it: impl FnOnce(&Path), expected: &[&str]) {
    let site = site_copy();
    let good = hubgen(site.path(), &[]);
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    let before = tree(&site.path().join("public"));
    break_it(site.path());
    let bad = hubgen(site.path(), &[]);
    let stderr = String::from_utf8_lossy(&bad.stderr);
    assert!(!bad.status.success(), "the build should fail:\n{stderr}");
    for e in expected {
        assert!(stderr.contains(e), "stderr lacks {e:?}:\n{stderr}");
    }
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

/// Line and column (1-based) of `target` inside the first `context` in this repository's `rel`,
/// which every site copy starts from: a planted error's place, from the file text rather than
/// typed in, so an ordinary edit to the data does not break the test.
fn line_col(rel: &str, context: &str, target: &str) -> (usize, usize) {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(rel))
        .unwrap_or_else(|e| panic!("{rel}: {e}"));
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
        "    vram_gb: 80\n    memory: HBM3\n",
        "80",
    );
    assert_bad_input(
        |root| {
            edit(
                root,
                "data/cards.yaml",
                "    vram_gb: 80\n    memory: HBM3\n",
                "    vram_gb: [80\n    memory: HBM3\n",
            )
        },
        &[&at],
    );
}

#[test]
fn a_duplicate_key_is_an_error_not_last_wins() {
    // The duplicate goes on the line after `hold_hours: 72`, at its start.
    let (line, _) = line_col("data/storage.yaml", "hold_hours: 72", "hold_hours");
    let at = format!("data/storage.yaml:{}:1", line + 1);
    assert_bad_input(
        |root| {
            edit(
                root,
                "data/storage.yaml",
                "hold_hours: 72",
                "hold_hours: 72\nhold_hours: 48",
            )
        },
        &[&at, "duplicate mapping key: hold_hours"],
    );
}

#[test]
fn an_unknown_card_in_a_fit_row_is_named_with_a_hint() {
    let at = place("data/fit.yaml", "pick: rtx-3090", "rtx-3090");
    assert_bad_input(
        |root| edit(root, "data/fit.yaml", "pick: rtx-3090", "pick: rtx-3900"),
        &[
            &at,
            "unknown card or bundle `rtx-3900`",
            "did you mean `rtx-3090`?",
        ],
    );
}

#[test]
fn a_pick_that_does_not_fit_fails_the_build() {
    let at = place("data/fit.yaml", "pick: 8x-mi300x", "8x-mi300x");
    assert_bad_input(
        |root| {
            edit(
                root,
                "data/fit.yaml",
                "pick: 8x-mi300x",
                "pick: 8x-h100-sxm",
            )
        },
        &[
            &at,
            "70B full needs 1265.8 GB, more than 576.0 GB (90% of the 640 GB of `8x-h100-sxm`)",
        ],
    );
}

#[test]
fn an_unknown_table_in_markdown_names_the_page_and_line() {
    assert_bad_input(
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
    let site = site_copy();
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
    for l in ["en", "uk", "zh", "ru"] {
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
        |root| drop_string(root, "skip-to-content"),
        &["themes/default/templates/base.html:", "skip-to-content"],
    );
    // A string a table needs: the shortcode's line.
    assert_bad_input(
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
    let site = site_copy();
    assert!(hubgen(site.path(), &[]).status.success());
    let mut cfg = minify_html::Cfg::new();
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    let (mut ours, mut whole) = (0usize, 0usize);
    for (path, bytes) in tree(&site.path().join("public")) {
        if path.extension().is_some_and(|e| e == "html") {
            ours += bytes.len();
            whole += minify_html::minify(&bytes, &cfg).len();
        }
    }
    assert!(whole > 0);
    // Template-time minification leaves at most 2% on the table.
    assert!(
        ours as f64 <= whole as f64 * 1.02,
        "ours {ours} bytes, whole-page minified {whole}"
    );
    eprintln!("html bytes: ours {ours}, whole-page minified {whole}");
}

#[test]
fn a_fluent_syntax_error_names_file_and_line_and_keeps_public() {
    assert_bad_input(
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
