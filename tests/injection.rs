//! Text from data, front matter and strings cannot break out of where it is placed: `<title>`,
//! attributes, JSON-LD, SVG text, the sitemap's XML. Markup characters go into every such field
//! and come out as the same text, with every document still well-formed. On the test fixture
//! (tests/fixtures/site).

use std::path::Path;

use scraper::{Html, Selector};

mod common;

/// Closes the script and the title, opens markup, quotes both ways, ends a CDATA section and
/// opens a comment.
const P: &str = "X</script><script>alert(1)</script></title><b>b</b> & &amp; \"q\" 'a' ]]> <!--";

fn sel(s: &str) -> Selector {
    Selector::parse(s).expect("selector")
}

fn yaml_string(s: &str) -> String {
    serde_json::to_string(s).expect("json string")
}

/// The payload `p` in every planted field: a page's front matter (title, link title,
/// description, an `extra.jsonld` object) and an FAQ question; a card's and a model's name in
/// data; the brand and the main menu's `aria-label` in the Fluent strings.
fn plant(root: &Path, p: &str) {
    // The FAQ question is escaped in Markdown, so it is text there; it is the same in both builds.
    std::fs::write(
        root.join("content/en/probe.md"),
        format!(
            "---\ntitle: {}\nlink_title: {}\ndescription: {}\nextra: {{ faq: \"faq\", jsonld: {{ \"@context\": \"https://schema.org\", \"@type\": \"Thing\", \"name\": {} }} }}\n---\n\nBody.\n\n## FAQ {{#faq}}\n\n### Q \\</script\\> \\<!-- \\]\\]\\> & \"q\" {{#faq-q}}\n\nAn answer with \\</script\\>.\n",
            yaml_string(&format!("T {p}")),
            yaml_string(&format!("L {p}")),
            yaml_string(&format!("D {p}")),
            yaml_string(&format!("J {p}")),
        ),
    )
    .expect("write page");
    common::edit(
        root,
        "data/cards.yaml",
        "name: H100 SXM\n",
        &format!("name: {}\n", yaml_string(&format!("Card {p}"))),
    );
    common::edit(
        root,
        "data/models.yaml",
        "name: Llama 2 7B,",
        &format!("name: {},", yaml_string(&format!("Model {p}"))),
    );
    common::edit(
        root,
        "i18n/en/main.ftl",
        "-brand = GPU Rent Hub",
        &format!("-brand = Brand {p}"),
    );
    common::edit(
        root,
        "i18n/en/main.ftl",
        "nav-label = Main",
        &format!("nav-label = N {p}"),
    );
}

/// The fixture with `p` planted, built with a base URL holding `&`: the folder and its files.
fn build_with(
    p: &str,
) -> (
    tempfile::TempDir,
    std::collections::BTreeMap<std::path::PathBuf, Vec<u8>>,
) {
    let site = common::fixture_copy();
    plant(site.path(), p);
    let out = common::hubgen(site.path(), &["--base-url", "https://x.example/a&b"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let files = common::tree(&site.path().join("public"));
    (site, files)
}

/// A page's element tree: each element's name and attribute names, in document order.
fn shape(doc: &Html) -> Vec<String> {
    doc.root_element()
        .descendants()
        .filter_map(scraper::ElementRef::wrap)
        .map(|e| {
            let mut attrs: Vec<&str> = e.value().attrs().map(|(n, _)| n).collect();
            attrs.sort_unstable();
            format!("{} {}", e.value().name(), attrs.join(","))
        })
        .collect()
}

/// The text of the first element matching `css`.
fn text_of(doc: &Html, css: &str) -> String {
    doc.select(&sel(css))
        .next()
        .unwrap_or_else(|| panic!("no {css}"))
        .text()
        .collect()
}

/// An attribute of the first element matching `css`.
fn attr_of<'a>(doc: &'a Html, css: &str, attr: &str) -> &'a str {
    doc.select(&sel(css))
        .next()
        .unwrap_or_else(|| panic!("no {css}"))
        .value()
        .attr(attr)
        .unwrap_or_else(|| panic!("{css} has no {attr}"))
}

#[test]
fn markup_in_every_text_field_stays_text() {
    let title = format!("T {P}");
    let link = format!("L {P}");
    let description = format!("D {P}");
    let card = format!("Card {P}");
    let model = format!("Model {P}");
    let brand = format!("Brand {P}");
    let nav_label = format!("N {P}");
    // The same site with plain text in every field: the payload must change text, never the
    // element tree, nor the parser's error count (the HTML parser recovers from anything, so
    // "it parses" proves nothing; the tree it builds does).
    let (_plain_site, plain) = build_with("X plain");
    let (site, files) = build_with(P);
    let root = site.path();
    assert_eq!(
        plain.keys().collect::<Vec<_>>(),
        files.keys().collect::<Vec<_>>(),
        "the same files"
    );

    let (mut titles, mut descriptions, mut svg_found, mut html_pages) = (0, 0, 0, 0);
    let (mut card_ld, mut brands, mut english, mut menus) = (0, 0, 0, 0);
    let mut canonicals = 0;
    for (path, bytes) in &files {
        let name = path.display().to_string();
        let text = String::from_utf8_lossy(bytes);
        match path.extension().and_then(|e| e.to_str()) {
            Some("html") => {
                html_pages += 1;
                assert!(
                    !text.contains("<script>alert(1)"),
                    "{name}: the payload became a script"
                );
                let doc = Html::parse_document(&text);
                let before = Html::parse_document(&String::from_utf8_lossy(&plain[path]));
                let (got, want) = (shape(&doc), shape(&before));
                if got != want {
                    let at = got.iter().zip(&want).take_while(|(a, b)| a == b).count();
                    panic!(
                        "{name}: the payload changed the element tree at element {at}: {:?} instead of {:?}",
                        got.get(at),
                        want.get(at)
                    );
                }
                assert_eq!(
                    doc.errors.len(),
                    before.errors.len(),
                    "{name}: the payload adds parse errors: {:?}",
                    doc.errors
                );
                for s in doc.select(&sel("script")) {
                    let body: String = s.text().collect();
                    if s.value().attr("type") == Some("application/ld+json") {
                        let v: serde_json::Value = serde_json::from_str(&body)
                            .unwrap_or_else(|e| panic!("{name}: JSON-LD does not parse: {e}"));
                        if v["@type"] == "Product" && v["name"] == format!("{card} rental") {
                            card_ld += 1;
                        }
                    } else if s.value().attr("type") == Some("application/json") {
                        // Data for a script (the calculator's): never run, and it must still
                        // parse, the payload in it as text.
                        serde_json::from_str::<serde_json::Value>(&body)
                            .unwrap_or_else(|e| panic!("{name}: script data does not parse: {e}"));
                        assert!(!body.contains('<'), "{name}: `<` left in script data");
                    } else {
                        assert!(!body.contains("alert"), "{name}: a script runs the payload");
                    }
                }
                assert_eq!(
                    doc.select(&sel("b")).count(),
                    0,
                    "{name}: markup from text became elements"
                );
                // Canonical, og:url and every alternate: the base URL's `&` as text, exactly.
                for c in doc.select(&sel("link[rel=canonical]")) {
                    let canonical = c.value().attr("href").unwrap_or_default();
                    assert!(
                        canonical.starts_with("https://x.example/a&b/"),
                        "{name}: {canonical}"
                    );
                    if let Some(og) = doc.select(&sel("meta[property='og:url']")).next() {
                        assert_eq!(og.value().attr("content"), Some(canonical), "{name}");
                    }
                    canonicals += 1;
                }
                for l in doc.select(&sel("link[rel=alternate]")) {
                    let href = l.value().attr("href").unwrap_or_default();
                    assert!(href.starts_with("https://x.example/a&b/"), "{name}: {href}");
                }
                // The link title is the menu entry's text and nothing else's, on every page
                // whose menu lists the probe.
                let whole: String = doc.root_element().text().collect();
                let entries: Vec<String> = doc
                    .select(&sel("header nav:not(.langs) a[href$='/probe/']"))
                    .map(|a| a.text().collect())
                    .collect();
                if !entries.is_empty() {
                    menus += 1;
                    assert_eq!(
                        entries,
                        std::slice::from_ref(&link),
                        "{name}: the menu entry"
                    );
                }
                assert_eq!(
                    whole.matches(&link).count(),
                    entries.len(),
                    "{name}: the link title outside the menu"
                );
                if name.starts_with("en/") {
                    english += 1;
                    assert_eq!(
                        attr_of(&doc, "header nav:not(.langs)", "aria-label"),
                        nav_label,
                        "{name}: a Fluent string in an attribute"
                    );
                }
                for t in doc.select(&sel("head > title")) {
                    let t: String = t.text().collect();
                    if t.ends_with(&format!(" · {brand}")) && name.starts_with("en/") {
                        brands += 1;
                    }
                    if t == format!("{title} · {brand}") {
                        titles += 1;
                    }
                }
                for m in doc.select(&sel(
                    "meta[name=description], meta[property='og:description']",
                )) {
                    if m.value().attr("content") == Some(description.as_str()) {
                        descriptions += 1;
                    }
                }
                // Inline SVG, read as a browser reads it: the card's name is its text.
                for svg in doc.select(&sel("svg desc")) {
                    if svg
                        .text()
                        .any(|t| t.contains(&format!(", {card} 85.5 GB,")))
                    {
                        svg_found += 1;
                    }
                }
            }
            Some("xml") => {
                let doc = roxmltree::Document::parse(&text)
                    .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
                let locs: Vec<&str> = doc
                    .descendants()
                    .filter(|n| n.has_tag_name("loc"))
                    .filter_map(|n| n.text())
                    .collect();
                assert!(!locs.is_empty(), "{name}: no <loc>");
                for l in locs {
                    assert!(l.starts_with("https://x.example/a&b/"), "{name}: {l}");
                }
            }
            Some("json") if !name.starts_with('.') => {
                serde_json::from_slice::<serde_json::Value>(bytes)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            _ => {}
        }
    }
    assert!(html_pages > 20, "{html_pages} pages");
    assert!(canonicals > 20, "{canonicals} canonical links");
    // The probe in en, and its fallback copies in uk and zh, carry the title whole.
    assert_eq!(titles, 1, "the page title with the payload intact");
    assert!(english >= 5, "{english} English pages");
    assert_eq!(
        brands, english,
        "the site title (a Fluent string) intact in every English page's title"
    );
    assert!(menus >= english, "{menus} menus list the probe");
    assert!(
        descriptions >= 2,
        "description and og:description intact: {descriptions}"
    );
    assert_eq!(
        card_ld, 1,
        "the English card page's Product JSON-LD names the card"
    );
    assert!(svg_found >= 1, "a chart shows the card name as text");
    assert_eq!(
        read(root, "public/robots.txt")
            .lines()
            .find(|l| l.starts_with("Sitemap:")),
        Some("Sitemap: https://x.example/a&b/sitemap.xml")
    );

    // The probe page: each field exactly where it lands.
    let doc = Html::parse_document(&read(root, "public/en/probe/index.html"));
    assert_eq!(text_of(&doc, "head > title"), format!("{title} · {brand}"));
    assert_eq!(text_of(&doc, "h1"), title);
    assert_eq!(
        attr_of(&doc, "meta[name=description]", "content"),
        description
    );
    assert_eq!(attr_of(&doc, "meta[property='og:title']", "content"), title);
    assert_eq!(
        attr_of(&doc, "link[rel=canonical]", "href"),
        "https://x.example/a&b/en/probe/"
    );
    // JSON-LD: one FAQPage whose question is the heading's text, and the planted object as it
    // was written, each once.
    let blocks: Vec<serde_json::Value> = doc
        .select(&sel("script[type='application/ld+json']"))
        .map(|s| serde_json::from_str(&s.text().collect::<String>()).expect("JSON-LD"))
        .collect();
    let question = text_of(&doc, "h3#faq-q");
    assert!(question.starts_with("Q </script> <!"), "{question}");
    let faq: Vec<_> = blocks.iter().filter(|b| b["@type"] == "FAQPage").collect();
    assert_eq!(faq.len(), 1, "{blocks:?}");
    assert_eq!(faq[0]["mainEntity"][0]["name"], question.as_str());
    assert_eq!(
        faq[0]["mainEntity"][0]["acceptedAnswer"]["text"],
        "An answer with </script>."
    );
    let planted = serde_json::json!({
        "@context": "https://schema.org", "@type": "Thing", "name": format!("J {P}")
    });
    assert_eq!(
        blocks.iter().filter(|b| **b == planted).count(),
        1,
        "{blocks:?}"
    );
    assert_eq!(blocks.len(), 2, "{blocks:?}");

    // The card's page: its name in the heading, a caption and a Rent link's label.
    let doc = Html::parse_document(&read(root, "public/en/gpus/h100-sxm/index.html"));
    assert_eq!(text_of(&doc, "h1"), format!("{card} rental"));
    assert_eq!(
        text_of(&doc, "figure.table-card-specs caption"),
        format!("{card} specifications")
    );
    assert!(
        doc.select(&sel("a.action, details.menu a"))
            .any(|a| a.value().attr("aria-label")
                == Some(&format!("Rent for a week: {card} in DFW-1"))),
        "a Rent link's aria-label names the card"
    );
    assert!(
        doc.select(&sel("details.menu > summary"))
            .any(|s| s.text().collect::<String>() == format!("Rent {card}")),
        "a Rent menu names the card"
    );
    // The model's name: a table's row heading and a chart's bar label.
    let doc = Html::parse_document(&read(root, "public/en/gpu-memory/index.html"));
    let row_heads: Vec<String> = doc
        .select(&sel("tbody th"))
        // The heading's own text, before the space that sets its small print apart.
        .filter_map(|th| th.text().next().map(|t| t.trim_end().to_owned()))
        .collect();
    assert!(row_heads.contains(&model), "{row_heads:?}");
    let labels: Vec<String> = doc
        .select(&sel("svg text"))
        .map(|t| t.text().collect())
        .collect();
    assert!(
        labels.contains(&format!("{model}, full fine-tuning")),
        "{labels:?}"
    );
}

fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}
