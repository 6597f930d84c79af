//! Shortcodes: how a writer places a computed table or figure in Markdown, by name.
//!
//! Syntax: `{{ name(key="text", other=8) }}`. A table stands alone on its line; a figure may sit
//! inside a sentence. What a name means is not the engine's business: a [`Provider`] (the site's
//! domain) answers each call with text or a table. Nothing in code (as CommonMark parses it) is a
//! shortcode, and `{{/* name() */}}` writes `{{ name() }}` as text.

use crate::diag::{Code, code};
use crate::i18n::Tracked;
use crate::view::TableView;

/// One argument value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Str(String),
    Num(f64),
    Bool(bool),
}

/// A parsed call: its name, its arguments, and where it starts in the Markdown body.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub args: Vec<(String, Value)>,
    /// Byte range of the whole `{{ … }}` in the body.
    pub start: usize,
    pub end: usize,
    /// The call is the only thing on its line.
    pub alone: bool,
}

/// What a call gives.
#[derive(Debug, Clone, PartialEq)]
pub enum Output {
    /// Plain text, inserted into the sentence (escaped).
    Text(String),
    /// A table, placed as a block.
    Table(TableView),
    /// Finished HTML (a chart), placed as a block.
    Block(String),
}

/// The provider of a site without an extension (no `data/`): it has no shortcodes.
pub struct NoShortcodes;

impl Provider for NoShortcodes {
    fn names(&self) -> &[&'static str] {
        &[]
    }
    fn call(&self, call: &Call, _: &mut Args<'_>, _: &Tracked<'_>) -> Result<Output, Error> {
        Err(Error::new(
            code::SHORTCODE_UNKNOWN,
            format!("unknown shortcode `{}`", call.name),
        ))
    }
}

/// A call the provider cannot answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Error {
    pub code: Code,
    pub message: String,
    pub hint: Option<String>,
}

impl Error {
    pub fn new(code: Code, message: impl Into<String>) -> Self {
        Error {
            code,
            message: message.into(),
            hint: None,
        }
    }
    pub fn hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// A page the provider makes from its data (a product page per record, say), in one locale.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratedPage {
    /// Path inside the locale folder, as if written there (`gpus/h100-sxm.md`).
    pub rel: String,
    pub title: String,
    pub description: Option<String>,
    pub weight: Option<i64>,
    /// Markdown, shortcodes allowed.
    pub body: String,
    /// The data file it comes from, for diagnostics.
    pub source: std::path::PathBuf,
    /// Free values for templates (`jsonld`, …).
    pub extra: Option<serde_json::Value>,
}

/// A site's data extension as the engine sees it: its shortcodes, the pages its data generates,
/// the files it exports and the strings it needs (see `crate::extension`).
pub trait Provider: Send + Sync {
    /// Every shortcode name, for did-you-mean hints.
    fn names(&self) -> &[&'static str];
    fn call(&self, call: &Call, args: &mut Args<'_>, loc: &Tracked<'_>) -> Result<Output, Error>;
    /// Pages generated from data, in the locale of `loc`. A page written by hand at the same
    /// path wins.
    fn pages(&self, _loc: &Tracked<'_>) -> Vec<GeneratedPage> {
        Vec::new()
    }
    /// Files added to the output as they are (`data/fit.json`, …): path → bytes.
    fn exports(&self) -> Vec<(String, Vec<u8>)> {
        Vec::new()
    }
    /// Values for the theme, as `site.data` in every template (a contact for the footer, …).
    fn template_data(&self) -> serde_json::Value {
        serde_json::Value::Null
    }
    /// Problems in the data that do not stop the build, at their places.
    fn warnings(&self) -> Vec<crate::diag::Diagnostic> {
        Vec::new()
    }
    /// Fluent keys the data names, each with the file and place that names it: the default
    /// locale must define them.
    fn required_strings(&self) -> Vec<(String, std::path::PathBuf, crate::diag::Pos)> {
        Vec::new()
    }
}

/// Arguments taken one by one; anything left over is an error.
pub struct Args<'a> {
    shortcode: &'a str,
    rest: Vec<(String, Value)>,
}

impl<'a> Args<'a> {
    pub fn new(call: &'a Call) -> Self {
        Args {
            shortcode: &call.name,
            rest: call.args.clone(),
        }
    }

    pub fn has(&self, key: &str) -> bool {
        self.rest.iter().any(|(k, _)| k == key)
    }

    fn take(&mut self, key: &str) -> Option<Value> {
        let i = self.rest.iter().position(|(k, _)| k == key)?;
        Some(self.rest.remove(i).1)
    }

    pub fn opt_str(&mut self, key: &str) -> Result<Option<String>, Error> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Str(s)) => Ok(Some(s)),
            Some(other) => Err(Error::new(
                code::SHORTCODE_ARGS,
                format!(
                    "argument `{key}` of `{}` must be a quoted string, not {other:?}",
                    self.shortcode
                ),
            )
            .hint(format!("write {key}=\"…\""))),
        }
    }

    pub fn str(&mut self, key: &str) -> Result<String, Error> {
        self.opt_str(key)?.ok_or_else(|| {
            Error::new(
                code::SHORTCODE_ARGS,
                format!("`{}` needs the argument `{key}`", self.shortcode),
            )
            .hint(format!("write {}({key}=\"…\")", self.shortcode))
        })
    }

    pub fn opt_u32(&mut self, key: &str) -> Result<Option<u32>, Error> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Num(n)) if n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX) => {
                Ok(Some(n as u32))
            }
            Some(other) => Err(Error::new(
                code::SHORTCODE_ARGS,
                format!(
                    "argument `{key}` of `{}` must be a whole number, not {other:?}",
                    self.shortcode
                ),
            )),
        }
    }

    pub fn opt_bool(&mut self, key: &str) -> Result<Option<bool>, Error> {
        match self.take(key) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(b)),
            Some(other) => Err(Error::new(
                code::SHORTCODE_ARGS,
                format!(
                    "argument `{key}` of `{}` must be true or false, not {other:?}",
                    self.shortcode
                ),
            )),
        }
    }

    /// Fails on the first argument whose name is not in `allowed`, before any is taken.
    pub fn check_names(&self, allowed: &[&str]) -> Result<(), Error> {
        match self
            .rest
            .iter()
            .find(|(k, _)| !allowed.contains(&k.as_str()))
        {
            None => Ok(()),
            Some((k, _)) => Err(Error::new(
                code::SHORTCODE_ARGS,
                format!("`{}` has no argument `{k}`", self.shortcode),
            )
            .hint(crate::diag::unknown_name_hint(k, allowed.iter().copied()))),
        }
    }

    /// Fails on any argument not taken.
    pub fn finish(&self, allowed: &[&str]) -> Result<(), Error> {
        match self.rest.first() {
            None => Ok(()),
            Some((k, _)) => Err(Error::new(
                code::SHORTCODE_ARGS,
                format!("`{}` has no argument `{k}`", self.shortcode),
            )
            .hint(crate::diag::unknown_name_hint(k, allowed.iter().copied()))),
        }
    }
}

/// A syntax error in a shortcode, at a byte offset of the body.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub offset: usize,
    pub message: String,
}

/// What the scanner found in a body, in the order written.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A shortcode to call.
    Call(Call),
    /// An escaped shortcode, `{{/* name() */}}`: its range in the body and the text it stands
    /// for, `{{ name() }}`, written as it is.
    Literal {
        start: usize,
        end: usize,
        text: String,
    },
}

/// Opens an escaped shortcode: `{{/* table(name="fit") */}}` writes `{{ table(name="fit") }}`.
pub const ESCAPE_OPEN: &str = "{{/*";
/// Closes an escaped shortcode.
pub const ESCAPE_CLOSE: &str = "*/}}";

/// Finds every `{{ … }}` outside code (see [`scan_items`]), escaped ones left out.
/// The Markdown hubgen reads: CommonMark with tables, footnotes, strikethrough and heading
/// attributes, and smart punctuation when `smart`. The shortcode scanner parses with them and the
/// renderer takes them from here, so what it takes for code is what renders as code.
pub(crate) fn markdown_options(smart: bool) -> pulldown_cmark::Options {
    use pulldown_cmark::Options;
    let base = Options::ENABLE_TABLES
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_HEADING_ATTRIBUTES;
    if smart {
        base | Options::ENABLE_SMART_PUNCTUATION
    } else {
        base
    }
}

/// The calls in `body` (its text between them left out), and its syntax errors.
pub fn scan(body: &str) -> (Vec<Call>, Vec<SyntaxError>) {
    let (items, errors) = scan_items(body);
    let calls = items
        .into_iter()
        .filter_map(|i| match i {
            Item::Call(c) => Some(c),
            Item::Literal { .. } => None,
        })
        .collect();
    (calls, errors)
}

/// Finds every `{{ … }}` and escaped `{{/* … */}}` of `body` that is not code. What is code is
/// CommonMark's block and inline structure as pulldown-cmark parses it with hubgen's options:
/// fenced and indented code blocks (also inside list items and block quotes) and code spans,
/// which are written out as they are.
pub fn scan_items(body: &str) -> (Vec<Item>, Vec<SyntaxError>) {
    let mut items = Vec::new();
    let mut errors = Vec::new();
    if !body.contains("{{") {
        // Most pages have no shortcode: one fast search instead of a parse.
        return (items, errors);
    }
    let code = code_ranges(body);
    let mut line_start = 0;
    for line in body.split_inclusive('\n') {
        scan_line(line, line_start, &code, &mut items, &mut errors);
        line_start += line.len();
    }
    (items, errors)
}

/// Byte ranges of the code blocks and code spans of `body`, in order.
fn code_ranges(body: &str) -> Vec<std::ops::Range<usize>> {
    use pulldown_cmark::{Event, Parser, Tag};
    Parser::new_ext(body, markdown_options(false))
        .into_offset_iter()
        .filter_map(|(e, range)| match e {
            Event::Start(Tag::CodeBlock(_)) | Event::Code(_) => Some(range),
            _ => None,
        })
        .collect()
}

/// The end of the code range holding byte `at`, if `at` is code.
fn code_end(code: &[std::ops::Range<usize>], at: usize) -> Option<usize> {
    let i = code.partition_point(|r| r.end <= at);
    code.get(i).filter(|r| r.start <= at).map(|r| r.end)
}

fn scan_line(
    line: &str,
    base: usize,
    code: &[std::ops::Range<usize>],
    items: &mut Vec<Item>,
    errors: &mut Vec<SyntaxError>,
) {
    let mut i = 0;
    while let Some(found) = line[i..].find("{{") {
        i += found;
        if let Some(end) = code_end(code, base + i) {
            // Code is written out as it is: go on after it.
            i = (end - base).min(line.len()).max(i + 2);
            continue;
        }
        if let Some(rest) = line[i..].strip_prefix(ESCAPE_OPEN) {
            let Some(close) = rest.find(ESCAPE_CLOSE) else {
                errors.push(SyntaxError {
                    offset: base + i,
                    message: format!(
                        "an escaped shortcode opened with `{ESCAPE_OPEN}` is not closed with `{ESCAPE_CLOSE}` on the same line"
                    ),
                });
                return;
            };
            let end = i + ESCAPE_OPEN.len() + close + ESCAPE_CLOSE.len();
            items.push(Item::Literal {
                start: base + i,
                end: base + end,
                text: format!("{{{{{}}}}}", &rest[..close]),
            });
            i = end;
            continue;
        }
        let Some(close) = line[i + 2..].find("}}") else {
            errors.push(SyntaxError {
                offset: base + i,
                message: "a shortcode opened with `{{` is not closed with `}}` on the same line"
                    .into(),
            });
            return;
        };
        let inner = &line[i + 2..i + 2 + close];
        let end = i + 2 + close + 2;
        match parse_call(inner) {
            Ok((name, args)) => {
                let alone = line[..i].trim().is_empty() && line[end..].trim().is_empty();
                items.push(Item::Call(Call {
                    name,
                    args,
                    start: base + i,
                    end: base + end,
                    alone,
                }));
            }
            Err(message) => errors.push(SyntaxError {
                offset: base + i,
                message,
            }),
        }
        i = end;
    }
}

/// `name(key="v", n=8)` → name and arguments.
fn parse_call(inner: &str) -> Result<(String, Vec<(String, Value)>), String> {
    let s = inner.trim();
    let open = s
        .find('(')
        .ok_or_else(|| format!("`{s}` is not a shortcode call; write `name(key=\"value\")`"))?;
    let name = s[..open].trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("`{name}` is not a shortcode name"));
    }
    let rest = s[open + 1..]
        .strip_suffix(')')
        .ok_or_else(|| format!("the arguments of `{name}` are not closed with `)`"))?;
    let mut args = Vec::new();
    let mut p = rest.trim_start();
    while !p.is_empty() {
        let eq = p
            .find('=')
            .ok_or_else(|| format!("argument `{}` of `{name}` has no `=value`", p.trim()))?;
        let key = p[..eq].trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!("`{key}` is not an argument name"));
        }
        if args.iter().any(|(k, _)| k == key) {
            return Err(format!("argument `{key}` is given twice"));
        }
        let v = p[eq + 1..].trim_start();
        let (value, after) = if let Some(q) = v.strip_prefix('"') {
            let close = q
                .find('"')
                .ok_or_else(|| format!("the string of `{key}` is not closed with `\"`"))?;
            (Value::Str(q[..close].to_owned()), &q[close + 1..])
        } else {
            let stop = v.find(',').unwrap_or(v.len());
            let word = v[..stop].trim();
            let value = match word {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                _ => Value::Num(word.parse().map_err(|_| {
                    format!("the value of `{key}` must be a quoted string, a number or true/false, not `{word}`")
                })?),
            };
            (value, &v[stop..])
        };
        args.push((key.to_owned(), value));
        let after = after.trim_start();
        p = match after.strip_prefix(',') {
            Some(more) => more.trim_start(),
            None if after.is_empty() => after,
            None => return Err(format!("expected `,` or `)` after `{key}`")),
        };
    }
    Ok((name.to_owned(), args))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_calls_and_skips_code() {
        let body = "A {{ price(offer=\"h100\", term=\"monthly\") }} b `{{ no() }}`\n\n{{ table(name=\"fit\") }}\n```\n{{ nope() }}\n```\n";
        let (calls, errors) = scan(body);
        assert!(errors.is_empty(), "{errors:?}");
        assert_eq!(calls.len(), 2);
        assert_eq!(calls[0].name, "price");
        assert_eq!(
            calls[0].args[1],
            ("term".into(), Value::Str("monthly".into()))
        );
        assert!(!calls[0].alone);
        assert_eq!(calls[1].name, "table");
        assert!(calls[1].alone);
        assert_eq!(
            &body[calls[1].start..calls[1].end],
            "{{ table(name=\"fit\") }}"
        );
    }

    /// The names of the calls `scan` finds in `body`, syntax errors failing the test.
    fn names(body: &str) -> Vec<String> {
        let (calls, errors) = scan(body);
        assert!(errors.is_empty(), "{errors:?}");
        calls.into_iter().map(|c| c.name).collect()
    }

    #[test]
    fn nothing_in_code_is_a_shortcode_by_commonmark_block_structure() {
        let cases = [
            // an indented code block, after a blank line
            "Text.\n\n    {{ nope() }}\n\n{{ yes() }}\n",
            // a list item's indented code block (2 for the item + 4)
            "- item\n\n      {{ nope() }}\n\n{{ yes() }}\n",
            // a list item's fenced code block
            "1. item\n\n   ```\n   {{ nope() }}\n   ```\n\n{{ yes() }}\n",
            // a block quote's indented code block
            ">     {{ nope() }}\n\n{{ yes() }}\n",
            // a block quote's fenced code block, closed by the end of the quote
            "> ~~~\n> {{ nope() }}\n\n{{ yes() }}\n",
            // a longer fence holds a shorter one
            "````\n```\n{{ nope() }}\n````\n{{ yes() }}\n",
            // a code span over two lines, and one of double backticks
            "a `x\n{{ nope() }}` b ``{{ nope() }}`` {{ yes() }}\n",
        ];
        for body in cases {
            assert_eq!(names(body), ["yes"], "{body:?}");
        }
        // Not code: four spaces that continue a paragraph, a fence in a code span, an
        // unclosed backtick.
        assert_eq!(names("Text\n    {{ yes() }}\n"), ["yes"]);
        assert_eq!(names("`` ``` `` {{ yes() }}\n"), ["yes"]);
        assert_eq!(names("a ` b {{ yes() }}\n"), ["yes"]);
        // A shortcode inside a list item or a quote, outside code, is one.
        assert_eq!(names("- {{ yes() }}\n\n> {{ yes() }}\n"), ["yes", "yes"]);
    }

    #[test]
    fn an_escaped_shortcode_is_a_literal_with_its_text() {
        let body = "Write {{/* table(name=\"fit\") */}} alone; {{ yes() }} `{{/* kept */}}`\n";
        let (items, errors) = scan_items(body);
        assert!(errors.is_empty(), "{errors:?}");
        let Item::Literal { start, end, text } = &items[0] else {
            panic!("{items:?}");
        };
        assert_eq!(text, "{{ table(name=\"fit\") }}");
        assert_eq!(&body[*start..*end], "{{/* table(name=\"fit\") */}}");
        assert!(matches!(&items[1], Item::Call(c) if c.name == "yes"));
        assert_eq!(items.len(), 2, "code is left as written: {items:?}");
        let (_, errors) = scan_items("x {{/* table() }}\n");
        assert!(errors[0].message.contains("*/}}"), "{errors:?}");
        assert_eq!(errors[0].offset, 2);
    }

    #[test]
    fn numbers_and_errors() {
        let (calls, _) = scan("{{ cheapest(term=\"monthly\", cards=8) }}");
        assert_eq!(calls[0].args[1].1, Value::Num(8.0));
        let (_, errors) = scan("x {{ table(name=fit) }}");
        assert!(errors[0].message.contains("quoted string"), "{errors:?}");
        assert_eq!(errors[0].offset, 2);
        let (_, errors) = scan("{{ table(name=\"fit\") ");
        assert!(errors[0].message.contains("not closed"));
    }
}
