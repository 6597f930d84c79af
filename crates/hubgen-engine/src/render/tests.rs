//! The render plan, without rendering: URLs, fallback pages along each locale's chain, the
//! translations a page advertises (hreflang) and `x-default`, and the pages a section lists; and
//! how an error repeated on many pages is reported.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use super::*;
use crate::config::Locale;
use crate::load::content::FrontMatter;
use crate::shortcode::NoShortcodes;

/// A config with `locales` as (code, fallback chain), the first the default.
fn config(locales: &[(&str, &[&str])], prefix_default_locale: bool) -> Config {
    Config {
        root: PathBuf::from("/nonexistent"),
        title: None,
        base_url: "https://x.example".into(),
        base_url_set: true,
        default_locale: locales[0].0.into(),
        locales: locales
            .iter()
            .map(|(code, chain)| Locale {
                code: (*code).into(),
                tag: (*code).into(),
                fallback: chain.iter().map(|c| (*c).to_owned()).collect(),
                required: None,
                typography: crate::typography::Typography::for_locale(code),
            })
            .collect(),
        theme_dir: None,
        prefix_default_locale,
        minify: false,
        drafts: false,
        headers: Vec::new(),
        publish: crate::config::Publish {
            headers_file: false,
            redirects_file: false,
            grace_days: crate::config::GRACE_DAYS,
            targets: Default::default(),
        },
    }
}

/// A page of `locale` at `rel` with the front matter `yaml`.
fn page(locale: &str, rel: &str, yaml: &str) -> RawPage {
    let file = PathBuf::from(format!("content/{locale}/{rel}"));
    let front: FrontMatter = crate::yaml::parse(&file, yaml, 0).expect("front matter");
    RawPage {
        locale: locale.into(),
        rel: rel.into(),
        file,
        front,
        body: crate::load::content::Body::Text {
            text: String::new(),
            offset: 0,
        },
        aliases: Vec::new(),
    }
}

/// The planned jobs and the plan's diagnostics. The jobs borrow from the inputs, so the strings
/// and templates (empty here) are leaked to live as long as the config and the pages.
fn plan_of<'a>(config: &'a Config, pages: &'a [RawPage]) -> (Vec<Job<'a>>, Vec<Diagnostic>) {
    let i18n: &'static I18n = Box::leak(Box::new(I18n {
        by_code: HashMap::new(),
    }));
    let templates: &'static Templates = Box::leak(Box::new(
        templates(
            &[],
            Arc::new(I18n {
                by_code: HashMap::new(),
            }),
            HashMap::new(),
            false,
        )
        .unwrap_or_else(|_| panic!("no templates load")),
    ));
    let inputs = Inputs {
        config,
        pages,
        i18n,
        templates,
        provider: &NoShortcodes,
        assets: Box::leak(Box::default()),
    };
    plan(&inputs)
}

fn job<'a, 'j>(jobs: &'j [Job<'a>], url: &str) -> &'j Job<'a> {
    jobs.iter()
        .find(|j| j.url == url)
        .unwrap_or_else(|| panic!("no job at {url}: {:?}", urls(jobs)))
}

fn urls<'j>(jobs: &'j [Job<'_>]) -> Vec<&'j str> {
    jobs.iter().map(|j| j.url.as_str()).collect()
}

#[test]
fn urls_come_from_folders_slugs_and_the_locale_prefix() {
    let prefixed = config(&[("en", &[]), ("uk", &["en"])], true);
    let bare = config(&[("en", &[]), ("uk", &["en"])], false);
    let cases = [
        (page("en", "_index.md", "title: Home"), "/en/", "/"),
        (page("en", "a.md", "title: A"), "/en/a/", "/a/"),
        (page("en", "g/_index.md", "title: G"), "/en/g/", "/g/"),
        (
            page("en", "g/b.md", "title: B\nslug: bee"),
            "/en/g/bee/",
            "/g/bee/",
        ),
        (page("uk", "g/b.md", "title: B"), "/uk/g/b/", "/uk/g/b/"),
    ];
    for (p, with_prefix, without) in &cases {
        assert_eq!(url_of(&prefixed, p), *with_prefix, "{}", p.rel);
        assert_eq!(url_of(&bare, p), *without, "{}", p.rel);
    }
    // A page shown in another locale keeps its path in that locale's URL space.
    assert_eq!(url_in(&bare, "uk", &cases[3].0), "/uk/g/bee/");
    assert_eq!(url_in(&prefixed, "en", &cases[4].0), "/en/g/b/");
}

#[test]
fn a_missing_page_is_shown_from_the_first_locale_of_the_chain_that_has_it() {
    // `de` falls back to `en`; `uk` to `de`, then `en`. `both` exists in en and de, `only-en`
    // in en alone. In either order of the locales: with `de` before `uk`, de's fallback copy of
    // `only-en` is planned first, and uk must look past it to en's page.
    let pages = [
        page("en", "both.md", "title: Both"),
        page("de", "both.md", "title: Beide"),
        page("en", "only-en.md", "title: Only"),
    ];
    for order in [["uk", "de"], ["de", "uk"]] {
        let chain = |code: &str| -> &'static [&'static str] {
            if code == "uk" { &["de", "en"] } else { &["en"] }
        };
        let c = config(
            &[
                ("en", &[]),
                (order[0], chain(order[0])),
                (order[1], chain(order[1])),
            ],
            true,
        );
        let (jobs, diags) = plan_of(&c, &pages);
        assert!(diags.is_empty(), "{order:?}: {diags:?}");
        // Three real pages, and one fallback per page a locale lacks: uk both, uk only-en, de
        // only-en.
        assert_eq!(jobs.len(), 6, "{order:?}: {:?}", urls(&jobs));
        let uk_both = job(&jobs, "/uk/both/");
        assert_eq!(
            (uk_both.page, uk_both.fallback_of),
            (1, Some(1)),
            "{order:?}: uk shows de's page, the first of its chain"
        );
        let uk_only = job(&jobs, "/uk/only-en/");
        assert_eq!(
            (uk_only.page, uk_only.fallback_of),
            (2, Some(2)),
            "{order:?}: uk shows en's page, not de's copy of it"
        );
        let de_only = job(&jobs, "/de/only-en/");
        assert_eq!(
            (de_only.page, de_only.fallback_of),
            (2, Some(2)),
            "{order:?}"
        );
        // Real pages are no one's fallback.
        assert_eq!(job(&jobs, "/en/both/").fallback_of, None);
        assert_eq!(job(&jobs, "/de/both/").fallback_of, None);
    }
    // A locale with no chain gets no fallback pages.
    let no_chain = config(&[("en", &[]), ("pl", &[])], true);
    let (jobs, _) = plan_of(&no_chain, &pages[2..]);
    assert_eq!(urls(&jobs), ["/en/only-en/"]);
}

#[test]
fn a_chain_through_a_locale_that_lacks_the_page_too_ends_at_the_written_page() {
    // `pl` falls back to `uk`, then `en`; `a` is written in en alone, so uk shows it from en too.
    // Listed as en, uk, pl or as en, pl, uk, pl gets its own page at /pl/a/ showing en's, its
    // notice names en's page, and pl's `@/a.md` links lead there, not to uk's copy.
    let pages = [
        page("en", "_index.md", "title: Home"),
        page("en", "a.md", "title: A"),
    ];
    let chains: [(&str, &[&str]); 3] = [("en", &[]), ("uk", &["en"]), ("pl", &["uk", "en"])];
    for listed in [[0, 1, 2], [0, 2, 1]] {
        let c = config(&listed.map(|i| chains[i]), true);
        let (jobs, diags) = plan_of(&c, &pages);
        assert!(diags.is_empty(), "{listed:?}: {diags:?}");
        for locale in ["uk", "pl"] {
            let j = job(&jobs, &format!("/{locale}/a/"));
            assert_eq!(j.locale, locale);
            assert_eq!(j.page, 1, "{listed:?}: {locale} shows en's page");
            let original = &jobs[j.fallback_of.expect("a fallback page")];
            assert_eq!(
                (original.locale, original.url.as_str()),
                ("en", "/en/a/"),
                "{listed:?}: {locale}'s notice names the original"
            );
        }
        let urls = url_map(&pages, &jobs);
        assert_eq!(
            resolve_link(&c, &urls, "pl", "@/a.md#x").as_deref(),
            Ok("/pl/a/#x"),
            "{listed:?}"
        );
    }
}

#[test]
fn only_real_translations_are_advertised_and_x_default_is_the_default_locales() {
    let c = config(&[("en", &[]), ("uk", &["en"]), ("zh", &["en"])], true);
    let pages = [
        page("en", "a.md", "title: A"),
        page("uk", "a.md", "title: А"),
        page("en", "_index.md", "title: Home"),
        page("zh", "_index.md", "title: 首页"),
    ];
    let (jobs, _) = plan_of(&c, &pages);
    let (en, uk, zh) = (
        job(&jobs, "/en/a/"),
        job(&jobs, "/uk/a/"),
        job(&jobs, "/zh/a/"),
    );
    let pairs = |j: &Job| -> Vec<(String, String)> {
        j.translations(&jobs)
            .map(|t| (t.locale.to_owned(), t.url.clone()))
            .collect()
    };
    assert_eq!(pairs(en), [("uk".to_owned(), "/uk/a/".to_owned())]);
    assert_eq!(pairs(uk), [("en".to_owned(), "/en/a/".to_owned())]);
    assert!(zh.fallback_of.is_some());
    assert!(pairs(zh).is_empty(), "a fallback page advertises nothing");
    // Every version, in the config's locale order, fallback included (for the switcher).
    let versions: Vec<&str> = en.versions.iter().map(|&k| jobs[k].locale).collect();
    assert_eq!(versions, ["en", "uk", "zh"]);
    assert_eq!(en.versions, uk.versions);
    // x-default: the default locale's version; none on a fallback page; the root chooser for
    // home pages while every locale has a prefix.
    let x = |j: &Job| x_default(&c, &pages[j.page], &jobs, j, j.fallback_of.is_some());
    assert_eq!(x(en).as_deref(), Some("https://x.example/en/a/"));
    assert_eq!(x(uk).as_deref(), Some("https://x.example/en/a/"));
    assert_eq!(x(zh), None);
    assert_eq!(x(job(&jobs, "/zh/")).as_deref(), Some("https://x.example/"));
    let bare = config(&[("en", &[]), ("uk", &["en"]), ("zh", &["en"])], false);
    let (jobs, _) = plan_of(&bare, &pages);
    let home = job(&jobs, "/");
    let x = |j: &Job| x_default(&bare, &pages[j.page], &jobs, j, j.fallback_of.is_some());
    assert_eq!(x(home).as_deref(), Some("https://x.example/"));
    assert_eq!(
        x(job(&jobs, "/uk/a/")).as_deref(),
        Some("https://x.example/a/")
    );
}

#[test]
fn a_section_lists_the_pages_and_sections_of_its_folder_by_weight_title_and_url() {
    let c = config(&[("en", &[]), ("uk", &["en"])], true);
    let pages = [
        page("en", "_index.md", "title: Home"),
        page("en", "top.md", "title: Top\nweight: 5"),
        page("en", "g/_index.md", "title: Guides\nweight: 1"),
        page("en", "g/b.md", "title: Beta\nweight: 1"),
        page("en", "g/a.md", "title: Alpha\nweight: 1"),
        page("en", "g/z.md", "title: Zed"),
        page("en", "g/deep/_index.md", "title: Deep"),
        page("en", "g/deep/x.md", "title: X"),
        page("uk", "g/a.md", "title: Альфа\nweight: 1"),
    ];
    let (jobs, _) = plan_of(&c, &pages);
    let children = |url: &str| -> Vec<&str> {
        job(&jobs, url)
            .children
            .iter()
            .map(|&k| jobs[k].url.as_str())
            .collect()
    };
    // Weight 0 (none) first, then by weight; equal weights by title.
    assert_eq!(
        children("/en/g/"),
        ["/en/g/deep/", "/en/g/z/", "/en/g/a/", "/en/g/b/"]
    );
    assert_eq!(children("/en/"), ["/en/g/", "/en/top/"]);
    assert_eq!(children("/en/g/deep/"), ["/en/g/deep/x/"]);
    assert_eq!(
        children("/en/top/"),
        Vec::<&str>::new(),
        "a page lists nothing"
    );
    // In uk the section is a fallback page, and it lists uk's jobs: its own translation and the
    // fallback pages, in uk's URL space, sorted by uk's titles.
    assert_eq!(
        children("/uk/g/"),
        ["/uk/g/deep/", "/uk/g/z/", "/uk/g/b/", "/uk/g/a/"]
    );
}

#[test]
fn two_pages_with_one_url_are_an_error_naming_both_files() {
    let c = config(&[("en", &[])], true);
    let pages = [
        page("en", "a.md", "title: A"),
        page("en", "b.md", "title: B\nslug: a"),
    ];
    let (_, diags) = plan_of(&c, &pages);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert_eq!(diags[0].message, "two pages have the URL /en/a/");
    assert_eq!(
        diags[0].file.as_deref(),
        Some(std::path::Path::new("content/en/b.md"))
    );
    assert!(
        diags[0]
            .hint
            .as_deref()
            .is_some_and(|h| h.contains("content/en/a.md")),
        "{:?}",
        diags[0].hint
    );
}

#[test]
fn an_error_repeated_on_several_pages_is_one_diagnostic_that_counts_them() {
    let at = |hint: Option<&str>| {
        let d = Diagnostic::error(
            crate::diag::code::SHORTCODE_UNKNOWN,
            "unknown shortcode `cheapset`",
        )
        .in_file("content/en/a.md")
        .at(crate::diag::Pos { line: 3, col: 7 });
        match hint {
            Some(h) => d.with_hint(h),
            None => d,
        }
    };
    let known = "did you mean `cheapest`? known: price, cheapest";
    let other = at(Some(known)).at(crate::diag::Pos { line: 4, col: 1 });
    let merged = merge_repeats(vec![
        at(Some(known)),
        other.clone(),
        at(Some(known)),
        at(Some(known)),
    ]);
    assert_eq!(merged.len(), 2, "{merged:?}");
    // The count comes first, a clause of its own; the message and the advice stay whole (the
    // advice may end in a list of names).
    assert_eq!(merged[0].message, "unknown shortcode `cheapset`");
    assert_eq!(
        merged[0].hint.as_deref(),
        Some("3 pages hit this error; did you mean `cheapest`? known: price, cheapest")
    );
    assert_eq!(merged[1], other, "an error on one page is left as it is");
    let merged = merge_repeats(vec![at(None), at(None)]);
    assert_eq!(merged.len(), 1, "{merged:?}");
    assert_eq!(merged[0].hint.as_deref(), Some("2 pages hit this error"));
}

#[test]
fn a_large_sitemap_becomes_an_index_of_small_files_written_one_by_one() {
    let cfg = config(&[("en", &[])], false);
    let pages: Vec<RawPage> = (0..=5 * SITEMAP_CHUNK_URLS)
        .map(|i| page("en", &format!("p{i:05}.md"), "title: P"))
        .collect();
    let i18n = I18n {
        by_code: HashMap::new(),
    };
    // The built-in theme's sitemap template alone.
    let sitemap = crate::embedded::under("builtin/theme/templates/")
        .find(|(n, _)| *n == "sitemap.xml")
        .map(|(_, b)| String::from_utf8_lossy(b).into_owned())
        .expect("the built-in theme has a sitemap");
    let source = crate::load::templates::TemplateSource {
        name: "sitemap.xml".into(),
        file: PathBuf::from("themes/default/templates/sitemap.xml"),
        text: sitemap,
    };
    let templates = templates(
        &[source],
        Arc::new(I18n {
            by_code: HashMap::new(),
        }),
        HashMap::new(),
        false,
    )
    .unwrap_or_else(|_| panic!("no templates load"));
    let inputs = Inputs {
        config: &cfg,
        pages: &pages,
        i18n: &i18n,
        templates: &templates,
        provider: &NoShortcodes,
        assets: &crate::render::Assets::default(),
    };
    let (jobs, _) = plan(&inputs);
    let mut real: Vec<&Job> = jobs.iter().collect();
    real.sort_by(|a, b| a.url.cmp(&b.url));
    let ctx = Context::new();
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    sitemaps(&inputs, &ctx, &jobs, &real, &mut |n, b| files.push((n, b))).expect("renders");
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    // Five full files, one with the last URL, then the index: in the order they were written.
    assert_eq!(names.len(), 7, "{names:?}");
    assert_eq!(names[0], "sitemap-1.xml");
    assert_eq!(names[5], "sitemap-6.xml");
    let text = |n: &str| {
        String::from_utf8(files.iter().find(|(f, _)| f == n).expect(n).1.clone()).expect("utf-8")
    };
    let index = text("sitemap.xml");
    assert!(index.contains("<sitemapindex"), "{index}");
    assert_eq!(
        index
            .matches("<sitemap><loc>https://x.example/sitemap-")
            .count(),
        6
    );
    let locs: usize = (1..=6)
        .map(|i| text(&format!("sitemap-{i}.xml")).matches("<loc>").count())
        .sum();
    assert_eq!(locs, real.len(), "every URL once");
    assert!(text("sitemap-6.xml").matches("<loc>").count() <= SITEMAP_CHUNK_URLS);
    assert_eq!(names[6], "sitemap.xml");
    // Up to one file's worth, one plain sitemap.
    let mut files: Vec<(String, Vec<u8>)> = Vec::new();
    sitemaps(
        &inputs,
        &ctx,
        &jobs,
        &real[..SITEMAP_CHUNK_URLS],
        &mut |n, b| files.push((n, b)),
    )
    .expect("renders");
    assert_eq!(files.len(), 1);
    assert!(String::from_utf8_lossy(&files[0].1).contains("<urlset"));
}

#[test]
fn the_link_scan_finds_ids_and_anchor_hrefs_as_a_parser_would() {
    let html = concat!(
        "<!doctype html><h2 id=intro>a < b</h2><p id=\"q\">x</p>",
        "<a href=/en/a/>A</a><a class=x href='/en/b/#top'>B</a>",
        "<link href=/style.css rel=stylesheet><!-- <a href=/hidden/> -->",
        "<script>var s = '<a href=/js/>';</script>",
        "<a href=\"/q?x=1&amp;y=2\">Q</a><div id=last></div>"
    );
    let (ids, hrefs) = scan_html(html);
    assert_eq!(ids, ["intro", "q", "last"]);
    assert_eq!(hrefs, ["/en/a/", "/en/b/#top", "/q?x=1&y=2"]);
}

#[test]
fn a_table_cells_content_path_link_is_resolved_and_a_missing_page_fails() {
    use crate::view::{Cell, TableView};
    let view = |link: &str| TableView {
        name: "t".into(),
        caption: "c".into(),
        columns: Vec::new(),
        rows: vec![vec![
            Cell::header("H100").with_link(link),
            Cell::text("x").with_link("https://elsewhere.example/"),
        ]],
        note: None,
    };
    let resolve = |dest: &str| match dest {
        "@/gpus/h100.md" => Ok("/en/gpus/h100/".to_owned()),
        _ => Err(format!("no page {dest}")),
    };
    let out = resolve_cell_links(&view("@/gpus/h100.md"), &resolve)
        .unwrap()
        .unwrap();
    assert_eq!(out.rows[0][0].link.as_deref(), Some("/en/gpus/h100/"));
    // A URL that is not a content path is kept as it is.
    assert_eq!(
        out.rows[0][1].link.as_deref(),
        Some("https://elsewhere.example/")
    );
    assert_eq!(
        resolve_cell_links(&view("@/gpus/b300.md"), &resolve).unwrap_err(),
        "no page @/gpus/b300.md"
    );
    // A table with no content path is not copied.
    let plain = TableView {
        rows: vec![vec![Cell::text("x")]],
        ..view("@/gpus/h100.md")
    };
    assert!(resolve_cell_links(&plain, &resolve).unwrap().is_none());
}
