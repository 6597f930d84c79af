//! The CommonMark specification's examples through hubgen's Markdown path: the shortcode scanner,
//! then pulldown-cmark with hubgen's options and its heading ids.
//!
//! The examples come from the npm package `commonmark-spec`, which `scripts/test.sh` installs and
//! writes out as JSON; `HUBGEN_TEST_COMMONMARK` names that file. Without it the tests say so and
//! pass, except on CI (`CI=true`), where they fail.

use serde::Deserialize;

use super::{Env, render};
use crate::i18n::Localizer;
use crate::shortcode::NoShortcodes;
use crate::typography::Typography;

/// The examples of the specification the package holds.
const EXAMPLES: usize = 652;

/// The examples that smart punctuation changes (README: 25), by number.
const SMART_DIFFERING: &[usize] = &[
    14, 46, 55, 87, 91, 106, 197, 209, 210, 343, 352, 359, 363, 380, 385, 395, 508, 590, 619, 620,
    622, 624, 626, 632, 650,
];

#[derive(Deserialize)]
struct Example {
    markdown: String,
    html: String,
    number: usize,
    section: String,
}

/// The examples, or `None` (with a note) when the file is not given outside CI.
fn examples() -> Option<Vec<Example>> {
    let Some(path) = std::env::var_os("HUBGEN_TEST_COMMONMARK") else {
        assert!(
            std::env::var("CI").as_deref() != Ok("true"),
            "HUBGEN_TEST_COMMONMARK is not set: on CI the CommonMark examples must run (scripts/test.sh sets it)"
        );
        eprintln!(
            "note: HUBGEN_TEST_COMMONMARK is not set, CommonMark examples skipped (scripts/test.sh sets it)"
        );
        return None;
    };
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", std::path::Path::new(&path).display()));
    let mut examples: Vec<Example> = serde_json::from_str(&text).expect("the examples' JSON");
    // The specification writes a tab as `→`.
    for e in &mut examples {
        e.markdown = e.markdown.replace('→', "\t");
        e.html = e.html.replace('→', "\t");
    }
    assert_eq!(examples.len(), EXAMPLES, "examples in {path:?}");
    Some(examples)
}

/// An example's Markdown as hubgen renders a page body (no shortcodes are defined, so a
/// shortcode the scanner found would be a problem).
fn through_hubgen(markdown: &str, typography: &Typography) -> Result<String, String> {
    let loc = Localizer::new("en", Vec::new()).expect("en");
    let env = Env {
        table_html: &|_| Err("no tables here".into()),
        resolve: &|d: &str| Ok(d.to_owned()),
        faq: None,
        typography,
    };
    let (rendered, problems) = render(markdown, &NoShortcodes, &loc, &env);
    match problems.first() {
        Some(p) => Err(format!("{} at byte {}", p.message, p.offset)),
        None => Ok(rendered.html),
    }
}

/// What the comparison ignores, as the specification's own test runner does (its
/// `normalize.py` compares parsed HTML): the `id` hubgen gives every heading (the specification's
/// headings have none); `"` written as `&quot;` in text, outside tags (pulldown-cmark escapes it
/// only in attributes, where it must stay escaped: `title="a"b"` is not `title="a&quot;b"`); a
/// line break between `<li>` and a block's tag.
fn normalise(html: &str) -> String {
    let html = without_heading_ids(html).replace("<li>\n<", "<li><");
    let mut out = String::with_capacity(html.len());
    for (i, part) in tags_and_text(&html).into_iter().enumerate() {
        // Even parts are text, odd ones tags.
        if i % 2 == 0 {
            out.push_str(&part.replace("&quot;", "\""));
        } else {
            out.push_str(part);
        }
    }
    out
}

/// The HTML cut into text and tags, alternately (text first, maybe empty): a tag runs from `<`
/// to the first `>` outside a quoted attribute value.
fn tags_and_text(html: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut start, mut in_tag, mut quote) = (0, false, None);
    for (i, c) in html.char_indices() {
        match (in_tag, quote, c) {
            (false, _, '<') => {
                parts.push(&html[start..i]);
                (start, in_tag) = (i, true);
            }
            (true, None, '"' | '\'') => quote = Some(c),
            (true, Some(q), c) if c == q => quote = None,
            (true, None, '>') => {
                parts.push(&html[start..=i]);
                (start, in_tag) = (i + 1, false);
            }
            _ => {}
        }
    }
    if in_tag {
        parts.push("");
    }
    parts.push(&html[start..]);
    parts
}

/// What smart punctuation must never change: every tag whole (names, attribute values, URLs)
/// and the text inside `<code>` and `<pre>`.
fn untouchable(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut code = 0usize;
    for (i, part) in tags_and_text(html).into_iter().enumerate() {
        if i % 2 == 1 {
            let lower = part.to_ascii_lowercase();
            if lower.starts_with("<code") || lower.starts_with("<pre") {
                code += 1;
            } else if (lower.starts_with("</code") || lower.starts_with("</pre")) && code > 0 {
                code -= 1;
            }
            out.push(part.to_owned());
        } else if code > 0 {
            out.push(part.to_owned());
        }
    }
    out
}

/// `<h2 id="x">` as `<h2>`.
fn without_heading_ids(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<h") {
        let (before, tag) = rest.split_at(i);
        out.push_str(before);
        let level = tag.as_bytes().get(2).copied();
        match (level, tag.get(3..8)) {
            (Some(b'1'..=b'6'), Some(" id=\"")) => {
                out.push_str(&tag[..3]);
                let close = tag[8..].find('"').map_or(tag.len(), |c| 8 + c + 1);
                rest = &tag[close..];
            }
            _ => {
                out.push_str(&tag[..2]);
                rest = &tag[2..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Smart punctuation undone: each typographic mark back to what was typed.
fn untypeset(html: &str, quotes: &crate::typography::Quotes) -> String {
    let mut out = String::with_capacity(html.len());
    for c in html.chars() {
        match c {
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            '…' => out.push_str("..."),
            c if c == quotes.open || c == quotes.close => out.push('"'),
            c if c == quotes.open_nested || c == quotes.close_nested || c == '’' => {
                out.push('\'')
            }
            c => out.push(c),
        }
    }
    out
}

#[test]
fn every_commonmark_example_renders_as_the_specification_says_with_smart_punctuation_off() {
    let Some(examples) = examples() else { return };
    let mut failed = Vec::new();
    for e in &examples {
        match through_hubgen(&e.markdown, &Typography::PLAIN) {
            Ok(html) if normalise(&html) == normalise(&e.html) => {}
            Ok(html) => failed.push(format!(
                "example {} ({}):\n{:?}\nexpected {:?}\ngot      {:?}",
                e.number, e.section, e.markdown, e.html, html
            )),
            Err(problem) => failed.push(format!("example {}: {problem}", e.number)),
        }
    }
    let exact = examples
        .iter()
        .filter(|e| {
            through_hubgen(&e.markdown, &Typography::PLAIN)
                .is_ok_and(|html| without_heading_ids(&html) == e.html)
        })
        .count();
    eprintln!(
        "CommonMark: {}/{} examples pass with smart punctuation off ({exact} without normalising more than heading ids)",
        examples.len() - failed.len(),
        examples.len()
    );
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
    // README: 630 as they are, 22 once normalised. More normalised means an output changed.
    assert_eq!(
        exact, 630,
        "examples matching with heading ids alone normalised"
    );
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}

#[test]
fn with_smart_punctuation_on_the_examples_differ_only_by_typographic_marks() {
    let Some(examples) = examples() else { return };
    for code in ["en", "ru"] {
        let typography = Typography::for_locale(code);
        assert!(typography.smart_punctuation);
        let mut differing = Vec::new();
        let mut failed = Vec::new();
        for e in &examples {
            let (Ok(on), Ok(off)) = (
                through_hubgen(&e.markdown, &typography),
                through_hubgen(&e.markdown, &Typography::PLAIN),
            ) else {
                failed.push(format!("example {}: a problem", e.number));
                continue;
            };
            if on != off {
                differing.push(e.number);
            }
            // Never inside a tag, an attribute value, a URL or code.
            assert_eq!(
                untouchable(&on),
                untouchable(&off),
                "example {} ({code}): smart punctuation inside a tag or code:\non  {on:?}\noff {off:?}",
                e.number
            );
            // Undoing the marks is exact when the example types none of them itself (one types
            // `«`): then both sides are compared with them undone.
            let typed = untypeset(&e.markdown, &typography.quotes) != e.markdown;
            let off = if typed {
                untypeset(&off, &typography.quotes)
            } else {
                off
            };
            if untypeset(&on, &typography.quotes) != off {
                failed.push(format!("example {}: on {on:?}\noff {off:?}", e.number));
            }
        }
        eprintln!(
            "CommonMark with smart punctuation on ({code}): {} of {} examples differ, every one only by typographic marks",
            differing.len(),
            examples.len()
        );
        assert!(failed.is_empty(), "{}", failed.join("\n\n"));
        // README: the 25 that change; a new one is smart punctuation reaching somewhere new.
        assert_eq!(
            differing, SMART_DIFFERING,
            "{code}: the examples smart punctuation changes"
        );
    }
}
