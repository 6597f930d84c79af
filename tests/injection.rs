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

/// Every string value in a JSON document.
fn strings_in<'a>(v: &'a serde_json::Value, out: &mut Vec<&'a String>) {
    match v {
        serde_json::Value::String(s) => out.push(s),
        serde_json::Value::Array(a) => a.iter().for_each(|x| strings_in(x, out)),
        serde_json::Value::Object(o) => o.values().for_each(|x| strings_in(x, out)),
        _ => {}
    }
}

#[test]
fn markup_in_every_text_field_stays_text() {
    let site = common::fixture_copy();
    let root = site.path();
    let title = format!("T {P}");
    let description = format!("D {P}");
    let card = format!("Card {P}");
    let brand = format!("Brand {P}");
    // A page with the payload in its front matter, an FAQ question (escaped in Markdown, so it is
    // text there) and an `extra.jsonld` object.
    std::fs::write(
        root.join("content/en/probe.md"),
        format!(
            "---\ntitle: {}\nlink_title: {}\ndescription: {}\nextra: {{ faq: \"faq\", jsonld: {{ \"@context\": \"https://schema.org\", \"@type\": \"Thing\", \"name\": {} }} }}\n---\n\nBody.\n\n## FAQ {{#faq}}\n\n### Q \\</script\\> \\<!-- \\]\\]\\> & \"q\" {{#faq-q}}\n\nAn answer with \\</script\\>.\n",
            yaml_string(&title),
            yaml_string(&title),
            yaml_string(&description),
            yaml_string(&format!("J {P}")),
        ),
    )
    .expect("write page");
    common::edit(
        root,
        "data/cards.yaml",
        "name: H100 SXM\n",
        &format!("name: {}\n", yaml_string(&card)),
    );
    common::edit(
        root,
        "i18n/en/main.ftl",
        "-brand = GPU Rent Hub",
        &format!("-brand = {brand}"),
    );
    let out = common::hubgen(root, &["--base-url", "https://x.example/a&b"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let public = root.join("public");
    let files = common::tree(&public);

    let (mut titles, mut descriptions, mut ld_found, mut svg_found) = (0, 0, 0, 0);
    let (mut card_ld, mut brands, mut english) = (0, 0, 0);
    for (path, bytes) in &files {
        let name = path.display().to_string();
        let text = String::from_utf8_lossy(bytes);
        match path.extension().and_then(|e| e.to_str()) {
            Some("html") => {
                assert!(
                    !text.contains("<script>alert(1)"),
                    "{name}: the payload became a script"
                );
                let doc = Html::parse_document(&text);
                for s in doc.select(&sel("script")) {
                    let body: String = s.text().collect();
                    if s.value().attr("type") == Some("application/ld+json") {
                        let v: serde_json::Value = serde_json::from_str(&body)
                            .unwrap_or_else(|e| panic!("{name}: JSON-LD does not parse: {e}"));
                        let mut strings = Vec::new();
                        strings_in(&v, &mut strings);
                        // Smart punctuation may curl the FAQ's quotes; the markup stays text.
                        if strings
                            .iter()
                            .any(|t| **t == format!("J {P}") || t.starts_with("Q </script> <!"))
                        {
                            ld_found += 1;
                        }
                        if strings.iter().any(|t| t.starts_with(&card)) {
                            card_ld += 1;
                        }
                    } else {
                        assert!(!body.contains("alert"), "{name}: a script runs the payload");
                    }
                }
                assert_eq!(
                    doc.select(&sel("head b, title b, svg b")).count(),
                    0,
                    "{name}: markup from text became elements"
                );
                if name.starts_with("en/") {
                    english += 1;
                }
                for t in doc.select(&sel("head > title")) {
                    let t: String = t.text().collect();
                    if t.contains(&brand) && name.starts_with("en/") {
                        brands += 1;
                    }
                    if t.contains(&title) {
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
                // Inline SVG, read as a browser reads it: the card's name is its text, not markup.
                for svg in doc.select(&sel("svg")) {
                    if svg.text().any(|t| t.contains(&card)) {
                        svg_found += 1;
                    }
                }
            }
            Some("xml") => {
                let doc = roxmltree::Document::parse(&text)
                    .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
                assert!(
                    doc.descendants()
                        .filter_map(|n| n.text())
                        .any(|t| t.starts_with("https://x.example/a&b/")),
                    "{name}: the base URL's & did not round-trip"
                );
            }
            Some("json") if !name.starts_with('.') => {
                serde_json::from_slice::<serde_json::Value>(bytes)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
            _ => {}
        }
    }
    assert!(
        titles >= 1,
        "the page title with the payload was not found intact"
    );
    assert!(english >= 5, "{english} English pages");
    assert_eq!(
        brands, english,
        "the site title (a Fluent string) intact in every English page's title"
    );
    assert!(
        descriptions >= 2,
        "description and og:description intact: {descriptions}"
    );
    assert!(
        ld_found >= 2,
        "the FAQ and extra.jsonld carry the text intact: {ld_found}"
    );
    assert!(
        card_ld >= 1,
        "the Product JSON-LD carries the card name intact"
    );
    assert!(svg_found >= 1, "a chart shows the card name as text");
    // The menu shows the link title as text.
    let page = String::from_utf8_lossy(&files[Path::new("en/probe/index.html")]).into_owned();
    let doc = Html::parse_document(&page);
    let h1: String = doc.select(&sel("h1")).next().expect("h1").text().collect();
    assert_eq!(h1, title);
}
