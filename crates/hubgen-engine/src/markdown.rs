//! Markdown → HTML for one page: shortcodes expanded, heading ids, tables in scroll containers.

use std::collections::HashSet;

use pulldown_cmark::{CowStr, Event, HeadingLevel, Parser, Tag, TagEnd, html};

use crate::diag::{Code, code};
use crate::i18n::{Localizer, Tracked};
use crate::shortcode::{self, Args, Call, Item, Output, Provider};
use crate::typography::{Quotes, Typography};
use crate::view::TableView;

/// A heading of the page, for anchors and tables of contents.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Heading {
    pub level: u8,
    pub id: String,
    pub text: String,
}

/// A question and its answer, as plain text, for FAQPage structured data.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Faq {
    pub question: String,
    pub answer: String,
}

/// What the renderer needs from the page around the Markdown.
pub struct Env<'a> {
    /// Turns a computed table into HTML (the theme's table template).
    pub table_html: &'a dyn Fn(&TableView) -> Result<String, String>,
    /// Resolves an internal link `@/path.md#anchor` to a URL, or says why not.
    pub resolve: &'a dyn Fn(&str) -> Result<String, String>,
    /// The id of the level-2 heading whose level-3 headings are questions.
    pub faq: Option<&'a str>,
    /// Smart punctuation on or off, and the locale's quotation marks.
    pub typography: &'a Typography,
}

#[derive(Debug, Clone, Default)]
pub struct Rendered {
    pub html: String,
    pub headings: Vec<Heading>,
    pub faq: Vec<Faq>,
    /// Every link of the body: as written and as it points in the output, for `hubgen check`.
    pub links: Vec<Link>,
}

/// A link of the body.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub written: String,
    pub url: String,
}

/// A problem in the body, at a byte offset of the body.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    pub code: Code,
    pub offset: usize,
    pub message: String,
    pub hint: Option<String>,
}

const BLOCK_MARK: &str = "<!--hubgen-block-";

/// Renders `body`: shortcodes through `provider`, links and tables through `env`.
pub fn render(
    body: &str,
    provider: &dyn Provider,
    loc: &Localizer,
    env: &Env<'_>,
) -> (Rendered, Vec<Problem>) {
    let (items, syntax) = shortcode::scan_items(body);
    let mut problems: Vec<Problem> = syntax
        .into_iter()
        .map(|e| Problem {
            offset: e.offset,
            code: code::SHORTCODE_SYNTAX,
            message: e.message,
            hint: Some("shortcodes look like {{ table(name=\"fit\") }}".into()),
        })
        .collect();

    let mut source = String::with_capacity(body.len() + 64);
    let mut blocks: Vec<String> = Vec::new();
    let mut at = 0;
    for item in &items {
        match item {
            Item::Call(call) => {
                source.push_str(&body[at..call.start]);
                at = call.end;
                let out = Expanded {
                    source: &mut source,
                    blocks: &mut blocks,
                    problems: &mut problems,
                };
                expand(call, provider, loc, env.table_html, out);
            }
            Item::Literal { start, end, text } => {
                source.push_str(&body[at..*start]);
                at = *end;
                escape_literal(text, &mut source);
            }
        }
    }
    source.push_str(&body[at..]);

    let mut rendered = to_html_with(&source, env.faq, env.typography, &mut |dest: &str| {
        match (env.resolve)(dest) {
            Ok(url) => Some(url),
            Err(message) => {
                // Offsets moved when shortcodes were expanded: find the link as written.
                let offset = body.find(&format!("({dest}")).map_or(0, |o| o + 1);
                problems.push(Problem {
                    offset,
                    code: code::LINK_UNRESOLVED,
                    message,
                    hint: Some(
                        "links to pages are written as @/<path>.md, relative to the locale folder"
                            .into(),
                    ),
                });
                None
            }
        }
    });
    if !blocks.is_empty() {
        for (i, b) in blocks.iter().enumerate() {
            rendered.html = rendered.html.replacen(&format!("{BLOCK_MARK}{i}-->"), b, 1);
        }
    }
    (rendered, problems)
}

/// Where an expanded shortcode goes: Markdown, blocks placed after rendering, problems.
struct Expanded<'o> {
    source: &'o mut String,
    blocks: &'o mut Vec<String>,
    problems: &'o mut Vec<Problem>,
}

/// Calls one shortcode and writes what it gives (or why not) to `out`.
fn expand(
    call: &Call,
    provider: &dyn Provider,
    loc: &Localizer,
    table_html: &dyn Fn(&TableView) -> Result<String, String>,
    out: Expanded<'_>,
) {
    let mut args = Args::new(call);
    if !provider.names().contains(&call.name.as_str()) {
        out.problems.push(Problem {
            offset: call.start,
            code: code::SHORTCODE_UNKNOWN,
            message: format!("unknown shortcode `{}`", call.name),
            hint: Some(crate::diag::unknown_name_hint(
                &call.name,
                provider.names().iter().copied(),
            )),
        });
        return;
    }
    let tracked = Tracked::new(loc);
    let result = provider.call(call, &mut args, &tracked);
    for miss in tracked.into_misses() {
        out.problems.push(Problem {
            offset: call.start,
            code: miss.code(),
            message: match &miss.problem {
                Some(_) => format!("`{}`: {miss}", call.name),
                None => format!(
                    "`{}` needs the string `{}`, which locale `{}` and its fallbacks lack",
                    call.name, miss.key, loc.code
                ),
            },
            hint: Some(miss.hint()),
        });
    }
    match result {
        Ok(Output::Text(t)) => escape_markdown(&t, out.source),
        Ok(Output::Table(view)) if call.alone => match table_html(&view) {
            Ok(h) => {
                out.source
                    .push_str(&format!("\n{BLOCK_MARK}{}-->\n", out.blocks.len()));
                out.blocks.push(h);
            }
            Err(e) => out.problems.push(Problem {
                offset: call.start,
                code: code::TEMPLATE,
                message: format!("the table template failed: {e}"),
                hint: None,
            }),
        },
        Ok(Output::Block(h)) if call.alone => {
            out.source
                .push_str(&format!("\n{BLOCK_MARK}{}-->\n", out.blocks.len()));
            out.blocks.push(h);
        }
        Ok(Output::Table(_) | Output::Block(_)) => out.problems.push(Problem {
            offset: call.start,
            code: code::SHORTCODE_PLACEMENT,
            message: format!(
                "`{}` places a block and must stand alone on its line",
                call.name
            ),
            hint: Some("put the shortcode on a line of its own, with blank lines around it".into()),
        }),
        Err(e) => out.problems.push(Problem {
            offset: call.start,
            code: e.code,
            message: e.message,
            hint: e.hint,
        }),
    }
}

/// Escapes every ASCII punctuation character (CommonMark lets each be escaped), so the text is
/// neither Markdown nor smart punctuation: an escaped shortcode reads exactly as typed.
fn escape_literal(text: &str, out: &mut String) {
    for c in text.chars() {
        if c.is_ascii_punctuation() {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Escapes the characters that would change a figure's meaning in Markdown.
fn escape_markdown(text: &str, out: &mut String) {
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '&' | '|' | '~' | '#'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Plain Markdown → HTML with heading ids and wrapped tables.
#[cfg(test)]
pub fn to_html(source: &str) -> Rendered {
    to_html_with(
        source,
        None,
        &Typography::for_locale("en"),
        &mut |d: &str| Some(d.to_owned()),
    )
}

/// Markdown → HTML; `@/` links go through `resolve`, and the FAQ under heading `faq` is collected.
/// The events stream from the parser through `Pass` to the HTML writer, unless a heading may
/// carry an explicit id (`{#id}`): then they are gathered first, so the generated ids avoid the
/// explicit ones wherever these stand.
pub fn to_html_with(
    source: &str,
    faq: Option<&str>,
    typography: &Typography,
    resolve: &mut dyn FnMut(&str) -> Option<String>,
) -> Rendered {
    let parser = Parser::new_ext(
        source,
        shortcode::markdown_options(typography.smart_punctuation),
    );
    // An attribute block always has its `}`.
    let gather = memchr::memchr(b'}', source.as_bytes()).is_some();
    // Room for the HTML: tags and escapes make it longer than the Markdown.
    let size = source.len() * 2;
    let faq = faq.map(FaqCollector::new);
    if typography.smart_punctuation && typography.quotes != Quotes::ENGLISH {
        let mut nested_open = false;
        let events = parser.into_offset_iter().map(move |(e, range)| {
            localize_quote(e, &source[range], &typography.quotes, &mut nested_open)
        });
        write_html(events, gather, size, faq, resolve)
    } else {
        write_html(parser, gather, size, faq, resolve)
    }
}

/// The events through `Pass` into HTML; `gather`: first collect them and reserve their
/// explicit heading ids.
fn write_html<'a, I: Iterator<Item = Event<'a>>>(
    events: I,
    gather: bool,
    size: usize,
    faq: Option<FaqCollector>,
    resolve: &mut dyn FnMut(&str) -> Option<String>,
) -> Rendered {
    fn run<'a, I: Iterator<Item = Event<'a>>>(mut pass: Pass<'a, '_, I>, size: usize) -> Rendered {
        let mut html_out = String::with_capacity(size);
        html::push_html(&mut html_out, &mut pass);
        Rendered {
            html: html_out,
            headings: pass.headings,
            faq: pass.faq.map(FaqCollector::finish).unwrap_or_default(),
            links: pass.links,
        }
    }
    if gather {
        let all: Vec<Event<'a>> = events.collect();
        let used = all
            .iter()
            .filter_map(|e| match e {
                Event::Start(Tag::Heading { id: Some(id), .. }) => Some(id.to_string()),
                _ => None,
            })
            .collect();
        run(Pass::new(all.into_iter(), used, faq, resolve), size)
    } else {
        run(Pass::new(events, HashSet::new(), faq, resolve), size)
    }
}

/// The events of a page on their way to the HTML writer: headings get their ids, `@/` links
/// their URLs, tables a scroll container; headings, links and the FAQ are noted on the way.
struct Pass<'a, 'r, I> {
    events: I,
    /// Events already passed, waiting to be handed on.
    queue: std::collections::VecDeque<Event<'a>>,
    /// The heading ids given so far (and the explicit ones, when known in advance).
    used: HashSet<String>,
    headings: Vec<Heading>,
    links: Vec<Link>,
    faq: Option<FaqCollector>,
    resolve: &'r mut dyn FnMut(&str) -> Option<String>,
}

impl<'a, I: Iterator<Item = Event<'a>>> Iterator for Pass<'a, '_, I> {
    type Item = Event<'a>;

    fn next(&mut self) -> Option<Event<'a>> {
        let e = match self.queue.pop_front() {
            Some(e) => e,
            None => match self.events.next()? {
                e @ Event::Start(Tag::Heading { .. }) => {
                    self.heading(e);
                    self.queue.pop_front()?
                }
                e
                @ (Event::Start(Tag::Table(_) | Tag::Link { .. }) | Event::End(TagEnd::Table)) => {
                    self.pass(e);
                    self.queue.pop_front()?
                }
                // Most events pass as they are, without the queue.
                e => e,
            },
        };
        if let Some(f) = &mut self.faq {
            f.see(&e);
        }
        Some(e)
    }
}

impl<'a, 'r, I: Iterator<Item = Event<'a>>> Pass<'a, 'r, I> {
    fn new(
        events: I,
        used: HashSet<String>,
        faq: Option<FaqCollector>,
        resolve: &'r mut dyn FnMut(&str) -> Option<String>,
    ) -> Self {
        Pass {
            events,
            queue: std::collections::VecDeque::new(),
            used,
            headings: Vec::new(),
            links: Vec::new(),
            faq,
            resolve,
        }
    }

    /// A heading: its events up to its end are read, for its text and its id.
    fn heading(&mut self, start: Event<'a>) {
        let Event::Start(Tag::Heading {
            level,
            id,
            classes,
            attrs,
        }) = start
        else {
            return;
        };
        let mut inside = Vec::new();
        for e in self.events.by_ref() {
            let end = matches!(e, Event::End(TagEnd::Heading(_)));
            inside.push(e);
            if end {
                break;
            }
        }
        let text: String = inside
            .iter()
            .filter_map(|e| match e {
                Event::Text(t) | Event::Code(t) => Some(t.as_ref()),
                _ => None,
            })
            .collect();
        let id = match id {
            Some(id) => {
                self.used.insert(id.to_string());
                id.to_string()
            }
            None => unique_id(&slugify(&text), &mut self.used),
        };
        self.headings.push(Heading {
            level: level_num(level),
            id: id.clone(),
            text: text.trim().to_owned(),
        });
        self.queue.push_back(Event::Start(Tag::Heading {
            level,
            id: Some(CowStr::from(id)),
            classes,
            attrs,
        }));
        for e in inside {
            self.pass(e);
        }
    }

    /// Any other event.
    fn pass(&mut self, e: Event<'a>) {
        match e {
            Event::Start(Tag::Table(_)) => {
                self.queue
                    .push_back(Event::Html(CowStr::Borrowed("<div class=\"table-wrap\">")));
                self.queue.push_back(e);
            }
            Event::End(TagEnd::Table) => {
                self.queue.push_back(e);
                self.queue
                    .push_back(Event::Html(CowStr::Borrowed("</div>")));
            }
            Event::Start(Tag::Link {
                link_type,
                dest_url,
                title,
                id,
            }) => {
                let url = if dest_url.starts_with("@/") {
                    (self.resolve)(&dest_url).map_or(dest_url.clone(), CowStr::from)
                } else {
                    dest_url.clone()
                };
                self.links.push(Link {
                    written: dest_url.to_string(),
                    url: url.to_string(),
                });
                self.queue.push_back(Event::Start(Tag::Link {
                    link_type,
                    dest_url: url,
                    title,
                    id,
                }));
            }
            e => self.queue.push_back(e),
        }
    }
}

/// A quotation mark smart punctuation typed (English, as CommonMark's smart punctuation has it)
/// as the locale's mark. pulldown-cmark gives each mark it types as an event of its own whose
/// source is the straight quote; a nested `‘` always comes with its `’`, the next single quote
/// typed after it, so the `’` of an apostrophe (`don’t`) stays one.
fn localize_quote<'a>(
    e: Event<'a>,
    typed: &str,
    quotes: &Quotes,
    nested_open: &mut bool,
) -> Event<'a> {
    let Event::Text(text) = &e else { return e };
    // The mark's source starts with its straight quote; pulldown-cmark can give a wider range
    // (`"\r:` at the end of a heading line ending in a bare `\r`). A curly mark typed as such
    // starts with itself, and stays.
    let typed = match typed.chars().next() {
        Some('"') => "\"",
        Some('\'') => "'",
        _ => typed,
    };
    let mark = match (typed, text.as_ref()) {
        ("\"", "“") => quotes.open,
        ("\"", "”") => quotes.close,
        ("'", "‘") => {
            *nested_open = true;
            quotes.open_nested
        }
        ("'", "’") if *nested_open => {
            *nested_open = false;
            quotes.close_nested
        }
        _ => return e,
    };
    Event::Text(CowStr::from(mark))
}

/// The level-3 headings under the level-2 heading `id`, with the text below each as the answer,
/// gathered from the events as they pass.
struct FaqCollector {
    id: String,
    out: Vec<Faq>,
    inside: bool,
    in_question: bool,
}

impl FaqCollector {
    fn new(id: &str) -> Self {
        FaqCollector {
            id: id.to_owned(),
            out: Vec::new(),
            inside: false,
            in_question: false,
        }
    }

    fn see(&mut self, e: &Event<'_>) {
        match e {
            Event::Start(Tag::Heading { level, id: hid, .. }) => {
                let level = level_num(*level);
                if level <= 2 {
                    self.inside = hid.as_deref() == Some(self.id.as_str());
                    self.in_question = false;
                } else if self.inside && level == 3 {
                    self.in_question = true;
                    self.out.push(Faq {
                        question: String::new(),
                        answer: String::new(),
                    });
                } else {
                    self.in_question = false;
                }
            }
            Event::End(TagEnd::Heading(_)) => self.in_question = false,
            Event::Text(t) | Event::Code(t) if self.inside => {
                if let Some(last) = self.out.last_mut() {
                    let target = if self.in_question {
                        &mut last.question
                    } else {
                        &mut last.answer
                    };
                    target.push_str(t);
                }
            }
            Event::SoftBreak | Event::HardBreak | Event::End(TagEnd::Paragraph | TagEnd::Item)
                if self.inside =>
            {
                if let Some(last) = self.out.last_mut()
                    && !self.in_question
                    && !last.answer.ends_with(' ')
                    && !last.answer.is_empty()
                {
                    last.answer.push(' ');
                }
            }
            _ => {}
        }
    }

    fn finish(self) -> Vec<Faq> {
        let mut out = self.out;
        for f in &mut out {
            f.question = f.question.trim().to_owned();
            f.answer = f.answer.trim().to_owned();
        }
        out.retain(|f| !f.question.is_empty() && !f.answer.is_empty());
        out
    }
}

fn level_num(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

/// A Unicode-preserving anchor: lowercase letters and digits, other runs become one `-`.
pub fn slugify(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    let mut dash = false;
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            if dash && !s.is_empty() {
                s.push('-');
            }
            dash = false;
            s.push(c);
        } else {
            dash = true;
        }
    }
    if s.is_empty() { "section".into() } else { s }
}

fn unique_id(base: &str, used: &mut HashSet<String>) -> String {
    let mut id = base.to_owned();
    let mut n = 1;
    while !used.insert(id.clone()) {
        id = format!("{base}-{n}");
        n += 1;
    }
    id
}

#[cfg(test)]
mod spec_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heading_ids_are_generated_unique_and_explicit_ones_kept() {
        let r = to_html("# Привіт, світ\n\n## Привіт, світ\n\n## Kept {#kept}\n\n## Kept\n");
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["привіт-світ", "привіт-світ-1", "kept", "kept-1"]);
        assert!(r.html.contains("<h2 id=\"kept\">Kept</h2>"), "{}", r.html);
        // An explicit id further down is reserved before the headings above it are named.
        let r = to_html("## Later\n\n## Other {#later}\n");
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["later-1", "later"]);
        // Without any explicit id the events stream: repeats are still numbered.
        let r = to_html("## Same\n\nText [a](/a/).\n\n## Same\n");
        let ids: Vec<&str> = r.headings.iter().map(|h| h.id.as_str()).collect();
        assert_eq!(ids, ["same", "same-1"]);
        assert_eq!(r.links.len(), 1);
    }

    #[test]
    fn typed_quotes_become_the_locales_marks_and_apostrophes_stay() {
        let md = "He said \"it's 'fine' -- really...\" and left.\n\n`\"code\"` \"a\"\n";
        let html = |code: &str| {
            to_html_with(md, None, &Typography::for_locale(code), &mut |d: &str| {
                Some(d.to_owned())
            })
            .html
        };
        assert_eq!(
            html("en"),
            "<p>He said “it’s ‘fine’ – really…” and left.</p>\n<p><code>\"code\"</code> “a”</p>\n"
        );
        assert_eq!(
            html("uk"),
            "<p>He said «it’s „fine“ – really…» and left.</p>\n<p><code>\"code\"</code> «a»</p>\n"
        );
        assert_eq!(
            html("de"),
            "<p>He said „it’s ‚fine‘ – really…“ and left.</p>\n<p><code>\"code\"</code> „a“</p>\n"
        );
        let plain = to_html_with(md, None, &Typography::PLAIN, &mut |d: &str| {
            Some(d.to_owned())
        });
        assert_eq!(
            plain.html,
            "<p>He said \"it's 'fine' -- really...\" and left.</p>\n<p><code>\"code\"</code> \"a\"</p>\n"
        );
    }

    #[test]
    fn tables_are_wrapped_and_links_collected() {
        let r = to_html("| a | b |\n|---|--:|\n| x | 1 |\n\n[t](/en/x/#y)\n");
        assert!(
            r.html.contains("<div class=\"table-wrap\"><table>"),
            "{}",
            r.html
        );
        let urls: Vec<&str> = r.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["/en/x/#y"]);
    }

    #[test]
    fn faq_is_collected_under_its_heading_only() {
        let md = "## Intro\n\n### Not a question\n\nText.\n\n## FAQ {#faq}\n\n### How much?\n\nFrom `$190`,\nsee [the table](#t).\n\n- one\n- two\n\n### Empty?\n\n## After {#after}\n\n### Also not\n\nNo.\n";
        let r = to_html_with(
            md,
            Some("faq"),
            &Typography::for_locale("en"),
            &mut |d: &str| Some(d.to_owned()),
        );
        assert_eq!(
            r.faq,
            [Faq {
                question: "How much?".into(),
                answer: "From $190, see the table. one two".into()
            }]
        );
    }

    #[test]
    fn internal_links_are_resolved_and_failures_reported() {
        let mut seen = Vec::new();
        let en = Typography::for_locale("en");
        let r = to_html_with("[a](@/x.md#y) [b](@/gone.md)", None, &en, &mut |d: &str| {
            seen.push(d.to_owned());
            (d == "@/x.md#y").then(|| "/en/x/#y".to_owned())
        });
        assert_eq!(seen, ["@/x.md#y", "@/gone.md"]);
        assert!(r.html.contains("href=\"/en/x/#y\""), "{}", r.html);
        let urls: Vec<&str> = r.links.iter().map(|l| l.url.as_str()).collect();
        assert_eq!(urls, ["/en/x/#y", "@/gone.md"]);
        assert_eq!(r.links[0].written, "@/x.md#y");
    }
}
