//! End-to-end: what writers type in Markdown, built by the real binary. Shortcode syntax inside
//! code stays as written, an escaped shortcode shows its text.

use std::path::Path;

mod common;
use common::{build_ok, fixture_copy, read};

/// The text of every element of `html` matching `selector`, whitespace as parsed.
fn texts(html: &str, selector: &str) -> Vec<String> {
    let doc = scraper::Html::parse_document(html);
    let sel = scraper::Selector::parse(selector).expect("selector");
    doc.select(&sel).map(|e| e.text().collect()).collect()
}

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

#[test]
fn shortcodes_in_code_are_left_as_written_and_an_escaped_one_shows_its_text() {
    let site = fixture_copy();
    let root = site.path();
    // `nope` is no shortcode: were any of these called, the build would fail.
    write(
        root,
        "content/en/shown.md",
        "---\ntitle: Shortcodes shown\n---\n\n\
         Indented:\n\n    {{ nope(n=1) }}\n\n\
         - A list item with code:\n\n      {{ nope(n=2) }}\n\n\
         > A quote with code:\n>\n> ```\n> {{ nope(n=3) }}\n> ```\n\n\
         > ~~~\n>     {{ nope(n=4) }}\n> ~~~\n\n\
         Escaped: {{/* cheapest(term=\"monthly\") */}} and {{/* nope(x='--', y=\"...\") */}}.\n\n\
         Called: {{ cheapest(term=\"monthly\") }}. Tera is text: {% if x %}{# c #}.\n",
    );
    build_ok(root);
    let html = read(root, "en/shown/index.html");
    let code = texts(&html, "article pre code");
    assert_eq!(
        code,
        [
            "{{ nope(n=1) }}\n",
            "{{ nope(n=2) }}\n",
            "{{ nope(n=3) }}\n",
            "    {{ nope(n=4) }}\n"
        ],
        "{html}"
    );
    let paragraphs = texts(&html, "article p");
    let escaped = paragraphs
        .iter()
        .find(|p| p.starts_with("Escaped:"))
        .unwrap_or_else(|| panic!("{paragraphs:?}"));
    // Exactly as typed, smart punctuation included: no “ ” – or … in a literal.
    assert_eq!(
        escaped,
        "Escaped: {{ cheapest(term=\"monthly\") }} and {{ nope(x='--', y=\"...\") }}."
    );
    let called = paragraphs
        .iter()
        .find(|p| p.starts_with("Called:"))
        .unwrap_or_else(|| panic!("{paragraphs:?}"));
    assert!(!called.contains("{{") && called.contains('$'), "{called}");
    assert!(
        called.ends_with("Tera is text: {% if x %}{# c #}."),
        "{called}"
    );
}

#[test]
fn typed_quotes_become_the_marks_of_the_pages_locale_unless_smart_punctuation_is_off() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    let page = "---\ntitle: Quotes\n---\n\nShe said \"it's 'fine'\" -- twice...\n";
    for l in ["en", "ru", "uk"] {
        write(root, &format!("content/{l}/quotes.md"), page);
    }
    build_ok(root);
    let said = |l: &str| texts(&read(root, &format!("{l}/quotes/index.html")), "article p");
    assert_eq!(said("en"), ["She said “it’s ‘fine’” – twice…"]);
    assert_eq!(said("ru"), ["She said «it’s „fine“» – twice…"]);
    assert_eq!(said("uk"), ["She said «it’s „fine“» – twice…"]);
    // Off for the site, on again for one locale, with marks of the config's choosing.
    write(
        root,
        "hubgen.yaml",
        "smart_punctuation: false\nlocales:\n  - code: en\n  - code: ru\n  - code: uk\n    smart_punctuation: true\n    quotes: \"„“‚‘\"\n",
    );
    build_ok(root);
    assert_eq!(said("en"), ["She said \"it's 'fine'\" -- twice..."]);
    assert_eq!(said("ru"), ["She said \"it's 'fine'\" -- twice..."]);
    assert_eq!(said("uk"), ["She said „it’s ‚fine‘“ – twice…"]);
}
