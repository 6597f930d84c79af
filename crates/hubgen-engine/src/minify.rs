//! Minification: templates once at load (keeping Tera's tags), CSS once per build, and a last
//! light pass over each rendered page.

use minify_html::Cfg;

/// Minifies a Tera HTML template's source, keeping `{{ }}`, `{% %}` and `{# #}` intact. Closing
/// and `<html>`/`<head>` tags are kept so blocks of a layout still nest when stitched together.
pub fn template(source: &str) -> String {
    let mut cfg = Cfg::new();
    cfg.preserve_brace_template_syntax = true;
    cfg.keep_closing_tags = true;
    cfg.keep_html_and_head_opening_tags = true;
    cfg.minify_css = true;
    cfg.minify_doctype = false;
    String::from_utf8(minify_html::minify(source.as_bytes(), &cfg))
        .unwrap_or_else(|_| source.to_owned())
}

/// A stylesheet, through the same CSS minifier minify-html uses for `<style>`.
pub fn css(source: &str) -> String {
    let wrapped = format!("<style>{source}</style>");
    let mut cfg = Cfg::new();
    cfg.minify_css = true;
    let out = String::from_utf8(minify_html::minify(wrapped.as_bytes(), &cfg)).unwrap_or_default();
    out.strip_prefix("<style>")
        .and_then(|s| s.strip_suffix("</style>"))
        .map_or_else(|| source.to_owned(), str::to_owned)
}

/// How whitespace in text is treated, by the element the text is in: minify-html's categories
/// (`minify-html-common`'s `spec::tag::whitespace`), so a page comes out as small as minifying it
/// whole would make it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ws {
    /// `pre`, `code` and what is inside them: kept as written.
    Keep,
    /// Inline and unknown elements: runs collapse to one space.
    Collapse,
    /// Content elements (`p`, `li`, `td`, headings…): collapse, and trim the first and last text.
    Trim,
    /// Layout elements (`div`, `ul`, `table`, `head`…) and the document: also drop text that is
    /// only whitespace.
    Destroy,
}

/// What a start tag's name says about the element.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// No end tag and no content (`meta`, `br`, `img`…).
    Void,
    /// Content copied as it is up to the end tag (`script`, `style`, `textarea`, `title`).
    Raw,
    /// Opens an element whose text follows this rule.
    Open(Ws),
}

fn classify(name: &[u8]) -> Kind {
    let mut buf = [0u8; 10];
    if name.len() > buf.len() {
        return Kind::Open(Ws::Collapse);
    }
    let lower = &mut buf[..name.len()];
    lower.copy_from_slice(name);
    lower.make_ascii_lowercase();
    match &*lower {
        b"area" | b"base" | b"br" | b"col" | b"embed" | b"hr" | b"img" | b"input" | b"link"
        | b"meta" | b"param" | b"source" | b"track" | b"wbr" => Kind::Void,
        b"script" | b"style" | b"textarea" | b"title" => Kind::Raw,
        b"pre" | b"code" => Kind::Open(Ws::Keep),
        b"address" | b"audio" | b"button" | b"canvas" | b"caption" | b"figcaption" | b"h1"
        | b"h2" | b"h3" | b"h4" | b"h5" | b"h6" | b"legend" | b"meter" | b"object" | b"option"
        | b"p" | b"summary" | b"video" | b"dd" | b"details" | b"dt" | b"iframe" | b"label"
        | b"li" | b"noscript" | b"output" | b"progress" | b"slot" | b"td" | b"template" | b"th" => {
            Kind::Open(Ws::Trim)
        }
        b"article" | b"aside" | b"blockquote" | b"body" | b"colgroup" | b"datalist" | b"dialog"
        | b"div" | b"dl" | b"fieldset" | b"figure" | b"footer" | b"form" | b"head" | b"header"
        | b"hgroup" | b"html" | b"main" | b"map" | b"menu" | b"nav" | b"ol" | b"optgroup"
        | b"picture" | b"section" | b"select" | b"table" | b"tbody" | b"tfoot" | b"thead"
        | b"tr" | b"ul" => Kind::Open(Ws::Destroy),
        _ => Kind::Open(Ws::Collapse),
    }
}

fn is_html_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0c')
}

/// An element still open: its name, and the rule for text in it (`Keep` inside `pre` or
/// `code`, whatever the element).
struct Open<'a> {
    name: &'a [u8],
    ws: Ws,
}

/// The last pass over a rendered page, when minifying: what template-time minification cannot
/// do because the values were not there yet. Whitespace between and inside elements is treated
/// as minify-html treats it (template indentation around `{% %}` tags, the newlines the Markdown
/// renderer puts between blocks), and attribute values filled in by the template lose their
/// quotes where HTML allows. Scripts, styles, `pre` and `code` are copied as they are. One pass
/// with no tree, a few times faster than rendering: whole-page minify-html costs more than the
/// rest of the build.
pub fn page(src: &[u8]) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::with_capacity(src.len());
    let mut open: Vec<Open<'_>> = Vec::new();
    let mut scratch = Vec::new();
    // The last token was the start tag of the element the next text is in (or the document's
    // start): that text is the element's first child.
    let mut first = true;
    let mut i = 0;
    let mut text_start = 0;
    let rule = |open: &[Open<'_>]| open.last().map_or(Ws::Destroy, |o| o.ws);
    while let Some(lt) = memchr::memchr(b'<', &src[i..]).map(|p| i + p) {
        let next = src.get(lt + 1).copied().unwrap_or(0);
        let end_tag = match next {
            b'a'..=b'z' | b'A'..=b'Z' => false,
            b'/' if src.get(lt + 2).is_some_and(u8::is_ascii_alphabetic) => true,
            b'!' | b'?' => {
                // A comment, doctype or processing instruction: copied, and transparent to the
                // text around it.
                let end = if src[lt..].starts_with(b"<!--") {
                    find(src, lt + 4, b"-->").map_or(src.len(), |p| p + 3)
                } else {
                    memchr::memchr(b'>', &src[lt..]).map_or(src.len(), |p| lt + p + 1)
                };
                text(src, text_start..lt, rule(&open), first, false, &mut out);
                out.extend_from_slice(&src[lt..end]);
                i = end;
                text_start = end;
                continue;
            }
            _ => {
                // A `<` that starts no tag is text.
                i = lt + 1;
                continue;
            }
        };
        if end_tag {
            let name = tag_name(&src[lt + 2..]);
            let closes_parent = open
                .last()
                .is_some_and(|p| p.name.eq_ignore_ascii_case(name));
            text(
                src,
                text_start..lt,
                rule(&open),
                first,
                closes_parent,
                &mut out,
            );
            out.extend_from_slice(b"</");
            out.extend_from_slice(name);
            out.push(b'>');
            if let Some(at) = open.iter().rposition(|p| p.name.eq_ignore_ascii_case(name)) {
                open.truncate(at);
            }
            first = false;
            i = memchr::memchr(b'>', &src[lt..]).map_or(src.len(), |p| lt + p + 1);
        } else {
            text(src, text_start..lt, rule(&open), first, false, &mut out);
            let name = tag_name(&src[lt + 1..]);
            let (end, self_closing) = start_tag(src, lt, name, &mut out, &mut scratch);
            i = end;
            first = false;
            match classify(name) {
                _ if self_closing => {}
                Kind::Void => {}
                Kind::Raw => {
                    let close = find_end_tag(src, end, name).unwrap_or(src.len());
                    if name.eq_ignore_ascii_case(b"title") || name.eq_ignore_ascii_case(b"textarea")
                    {
                        // Escapable raw text: references still mean characters there.
                        unescape(&src[end..close], &mut out);
                    } else {
                        out.extend_from_slice(&src[end..close]);
                    }
                    i = close;
                }
                Kind::Open(ws) => {
                    let ws = if rule(&open) == Ws::Keep {
                        Ws::Keep
                    } else {
                        ws
                    };
                    open.push(Open { name, ws });
                    first = true;
                }
            }
        }
        text_start = i;
    }
    let last = open.is_empty();
    text(
        src,
        text_start.min(src.len())..src.len(),
        rule(&open),
        first,
        last,
        &mut out,
    );
    out
}

fn tag_name(from: &[u8]) -> &[u8] {
    let len = from
        .iter()
        .position(|&b| is_html_space(b) || b == b'/' || b == b'>')
        .unwrap_or(from.len());
    &from[..len]
}

/// Where `needle` first occurs in `src` from `from` on: its first byte by `memchr`, then the
/// rest compared (`memmem::find` builds a searcher on every call, which on a page's short
/// needles and texts costs more than the search).
fn find(src: &[u8], from: usize, needle: &[u8]) -> Option<usize> {
    let (&first, rest) = needle.split_first()?;
    let mut at = from;
    while let Some(p) = memchr::memchr(first, &src[at..]) {
        let start = at + p;
        if src[start + 1..].starts_with(rest) {
            return Some(start);
        }
        at = start + 1;
    }
    None
}

/// Where the end tag `</name` of a raw-text element starts, from `from` on.
fn find_end_tag(src: &[u8], from: usize, name: &[u8]) -> Option<usize> {
    let mut at = from;
    while let Some(p) = find(src, at, b"</") {
        let rest = &src[p + 2..];
        if rest.len() >= name.len() && rest[..name.len()].eq_ignore_ascii_case(name) {
            return Some(p);
        }
        at = p + 2;
    }
    None
}

/// Writes the text `src[range]` between two tags as minify-html would: `first` and `last` say
/// whether it is its element's first or last child.
fn text(
    src: &[u8],
    range: std::ops::Range<usize>,
    rule: Ws,
    first: bool,
    last: bool,
    out: &mut Vec<u8>,
) {
    let (mut start, mut end) = (range.start, range.end);
    if start >= end {
        return;
    }
    if rule == Ws::Keep {
        unescape(&src[start..end], out);
        return;
    }
    if rule != Ws::Collapse {
        if first {
            while start < end && is_html_space(src[start]) {
                start += 1;
            }
        }
        if last {
            while end > start && is_html_space(src[end - 1]) {
                end -= 1;
            }
        }
    }
    let before = out.len();
    collapse(src, start, end, out);
    // Text that was only whitespace comes out as one space: none in a layout element.
    if rule == Ws::Destroy && out.len() == before + 1 && out[before] == b' ' {
        out.truncate(before);
    }
}

/// Copies the text `src[start..end]` with each run of whitespace as one space and the
/// references of `NEEDLESS_IN_TEXT` as their characters, in one pass: the runs in between are
/// found by `special` and copied whole.
fn collapse(src: &[u8], start: usize, end: usize, out: &mut Vec<u8>) {
    let t = &src[..end];
    let mut i = start;
    loop {
        let j = special(src, i, end);
        out.extend_from_slice(&t[i..j]);
        let Some(&b) = t.get(j) else { return };
        if b == b'&' {
            match NEEDLESS_IN_TEXT.iter().find(|(e, _)| t[j..].starts_with(e)) {
                Some((e, c)) => {
                    out.push(*c);
                    i = j + e.len();
                }
                None => {
                    out.push(b'&');
                    i = j + 1;
                }
            }
        } else {
            out.push(b' ');
            i = j + t[j..].iter().take_while(|&&b| is_html_space(b)).count();
        }
    }
}

/// The first byte of the text `src[from..end]` that cannot be copied as it is: a `&`, or
/// whitespace other than a single space (a tab, a line break, or a space before more
/// whitespace); `end` if none.
fn special(src: &[u8], from: usize, end: usize) -> usize {
    // SAFETY: SSE2 is part of the x86-64 baseline: every processor that runs this has it.
    #[cfg(target_arch = "x86_64")]
    let from = unsafe { sse2::skip_plain(src, from, end) };
    let t = &src[..end];
    let mut i = from;
    while i < end {
        let b = t[i];
        if b == b'&'
            || (is_html_space(b) && (b != b' ' || t.get(i + 1).is_some_and(|&n| is_html_space(n))))
        {
            return i;
        }
        i += 1;
    }
    end
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    //! Sixteen bytes at a time with SSE2, which every x86-64 processor has.
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };

    #[target_feature(enable = "sse2")]
    fn eq(v: __m128i, b: u8) -> __m128i {
        _mm_cmpeq_epi8(v, _mm_set1_epi8(b as i8))
    }

    /// Whitespace other than the space: tab, line feed, form feed, carriage return.
    #[target_feature(enable = "sse2")]
    fn control_space(v: __m128i) -> __m128i {
        _mm_or_si128(
            _mm_or_si128(eq(v, b'\t'), eq(v, b'\n')),
            _mm_or_si128(eq(v, b'\r'), eq(v, b'\x0c')),
        )
    }

    /// Where `special` needs to look from: the first special byte of `src[from..end]`, found
    /// sixteen bytes at a time, or `end`. Each block is read with the byte after it (a space is
    /// special when whitespace follows it in the text), and may run past `end` but not past
    /// `src`: the lanes past `end` are masked out. Near the end of `src` it stops early, and
    /// the caller looks at the rest byte by byte.
    #[target_feature(enable = "sse2")]
    pub(super) fn skip_plain(src: &[u8], from: usize, end: usize) -> usize {
        let mut i = from;
        while i < end {
            let Some(block) = src.get(i..i + 17) else {
                break;
            };
            // SAFETY: each load reads 16 bytes inside `block`, which has 17.
            let (v, next) = unsafe {
                (
                    _mm_loadu_si128(block.as_ptr().cast()),
                    _mm_loadu_si128(block[1..].as_ptr().cast()),
                )
            };
            let left = end - i;
            // Lanes inside the text, and lanes whose next byte is inside it too.
            let lanes = |n: usize| if n >= 16 { 0xffff } else { (1u32 << n) - 1 };
            let always = _mm_movemask_epi8(_mm_or_si128(eq(v, b'&'), control_space(v))) as u32;
            let space_before_space = _mm_movemask_epi8(_mm_and_si128(
                eq(v, b' '),
                _mm_or_si128(eq(next, b' '), control_space(next)),
            )) as u32;
            let hit = (always & lanes(left)) | (space_before_space & lanes(left - 1));
            if hit != 0 {
                return i + hit.trailing_zeros() as usize;
            }
            if left <= 16 {
                return end;
            }
            i += 16;
        }
        i
    }
}

/// Character references that text needs no more than the character itself (escapers write them
/// because the same function serves attribute values).
const NEEDLESS_IN_TEXT: &[(&[u8], u8)] = &[
    (b"&#39;", b'\''),
    (b"&#x27;", b'\''),
    (b"&quot;", b'"'),
    (b"&#34;", b'"'),
    (b"&gt;", b'>'),
];

/// Copies text, writing the characters of `NEEDLESS_IN_TEXT` references as themselves.
fn unescape(t: &[u8], out: &mut Vec<u8>) {
    unescape_some(t, &[NEEDLESS_IN_TEXT], out);
}

/// Copies `t`, writing the references of `sets` as their characters.
fn unescape_some(t: &[u8], sets: &[&[(&[u8], u8)]], out: &mut Vec<u8>) {
    let mut rest = t;
    while let Some(p) = memchr::memchr(b'&', rest) {
        out.extend_from_slice(&rest[..p]);
        let at = &rest[p..];
        match sets
            .iter()
            .flat_map(|s| s.iter())
            .find(|(e, _)| at.starts_with(e))
        {
            Some((e, c)) => {
                out.push(*c);
                rest = &at[e.len()..];
            }
            None => {
                out.push(b'&');
                rest = &at[1..];
            }
        }
    }
    out.extend_from_slice(rest);
}

/// What a byte of an attribute value asks for: `NEEDS_QUOTES` (a byte that ends an unquoted
/// value: whitespace, quotes, `=`, `<`, `>`, backtick), `AMPERSAND`.
const VALUE_BYTE: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        if matches!(
            c,
            b' ' | b'\t' | b'\n' | b'\r' | b'\x0c' | b'"' | b'\'' | b'=' | b'<' | b'>' | b'`'
        ) {
            t[b] |= NEEDS_QUOTES;
        }
        if c == b'&' {
            t[b] |= AMPERSAND;
        }
        b += 1;
    }
    t
};
const NEEDS_QUOTES: u8 = 1;
const AMPERSAND: u8 = 2;

/// A `style` attribute of plain declarations (`text-align: right`, as the Markdown renderer
/// writes for aligned table columns) without the spaces after `:` and `;` and the last `;`.
/// Anything with quotes, parentheses, escapes or comments is left to the template.
/// It is written to `out` (cleared first); false if the style is not that simple.
fn simple_style(value: &[u8], out: &mut Vec<u8>) -> bool {
    if value
        .iter()
        .any(|&b| matches!(b, b'(' | b'"' | b'\'' | b'\\' | b'/' | b'&'))
    {
        return false;
    }
    out.clear();
    let mut after_punct = true;
    for &b in value {
        if is_html_space(b) && after_punct {
            continue;
        }
        after_punct = matches!(b, b':' | b';');
        out.push(b);
    }
    while out.last().is_some_and(|&b| b == b';' || is_html_space(b)) {
        out.pop();
    }
    true
}

/// Copies the start tag at `lt` (whose name is `name`) with its attributes one space apart and
/// quoted values unquoted where HTML allows; returns the index after it and whether it ended
/// with `/>`. `scratch` is room for a value being rewritten.
fn start_tag(
    src: &[u8],
    lt: usize,
    name: &[u8],
    out: &mut Vec<u8>,
    scratch: &mut Vec<u8>,
) -> (usize, bool) {
    out.push(b'<');
    out.extend_from_slice(name);
    let skip_space = |mut i: usize| {
        while i < src.len() && is_html_space(src[i]) {
            i += 1;
        }
        i
    };
    let mut i = lt + 1 + name.len();
    // The previous value was written unquoted: a `/>` right after it would become part of it.
    let mut bare = false;
    loop {
        i = skip_space(i);
        match src.get(i) {
            None => return (src.len(), false),
            Some(b'>') => {
                out.push(b'>');
                return (i + 1, false);
            }
            Some(b'/') if src.get(i + 1) == Some(&b'>') => {
                if bare {
                    out.push(b' ');
                }
                out.extend_from_slice(b"/>");
                return (i + 2, true);
            }
            Some(_) => {}
        }
        // The attribute's name: up to a space, `=`, `>` or a `/` after its first character.
        let start = i;
        i += 1;
        while i < src.len() && !is_html_space(src[i]) && !matches!(src[i], b'=' | b'>' | b'/') {
            i += 1;
        }
        out.push(b' ');
        out.extend_from_slice(&src[start..i]);
        bare = false;
        let j = skip_space(i);
        if src.get(j) != Some(&b'=') {
            continue;
        }
        let j = skip_space(j + 1);
        out.push(b'=');
        match src.get(j) {
            Some(&q @ (b'"' | b'\'')) => {
                let close = memchr::memchr(q, &src[j + 1..]).map_or(src.len(), |p| j + 1 + p);
                let mut value = &src[j + 1..close];
                if src[start..i].eq_ignore_ascii_case(b"style") && simple_style(value, scratch) {
                    value = scratch;
                }
                let flags = value.iter().fold(0, |f, &b| f | VALUE_BYTE[usize::from(b)]);
                // HTML's unquoted attribute value: not empty, none of the bytes that end one.
                let unquotable = flags & NEEDS_QUOTES == 0 && !value.is_empty();
                if unquotable {
                    // `&amp;` stays as written: a parser other than a browser's reads
                    // `&region=` in a query string as `®ion=`.
                    out.extend_from_slice(value);
                    bare = true;
                } else if flags & AMPERSAND == 0 {
                    // Nothing to decode: copied as it is, with its quotes.
                    out.push(q);
                    out.extend_from_slice(value);
                    out.push(q);
                } else {
                    // Quoted: the references of the other quote character and of `>` are
                    // written as the characters.
                    out.push(q);
                    let other: &[(&[u8], u8)] = if q == b'"' {
                        &NEEDLESS_IN_TEXT[..2]
                    } else {
                        &NEEDLESS_IN_TEXT[2..4]
                    };
                    unescape_some(value, &[other, &NEEDLESS_IN_TEXT[4..]], out);
                    out.push(q);
                }
                i = close + 1;
            }
            _ => {
                let end = src[j..]
                    .iter()
                    .position(|&b| is_html_space(b) || b == b'>')
                    .map_or(src.len(), |p| j + p);
                out.extend_from_slice(&src[j..end]);
                bare = true;
                i = end;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn template_tags_survive_minification() {
        let src = "<ul>\n  {% for x in xs %}\n    <li class=\"a\">  {{ x | upper }} </li>\n  {% endfor %}\n</ul>\n";
        let out = super::template(src);
        assert!(
            out.contains("{% for x in xs %}") && out.contains("{{ x | upper }}"),
            "{out}"
        );
        assert!(out.len() < src.len());
    }

    fn page(html: &str) -> String {
        String::from_utf8(super::page(html.as_bytes())).unwrap()
    }

    #[test]
    fn whitespace_goes_where_html_ignores_it_and_stays_where_it_shows() {
        // Indentation between layout elements and at the edges of content elements goes.
        assert_eq!(
            page("<ul>\n  <li> a </li>\n  <li>b\n</li>\n</ul>\n"),
            "<ul><li>a</li><li>b</li></ul>"
        );
        // Between inline elements and inside text, a run becomes one space.
        assert_eq!(
            page("<p>one  <b>two</b>\n<i>three</i>\tfour</p>"),
            "<p>one <b>two</b> <i>three</i> four</p>"
        );
        // The Markdown renderer's newlines between blocks go.
        assert_eq!(
            page(
                "<main><h2 id=\"a\">A</h2>\n<p>x\ny</p>\n<blockquote>\n<p>q</p>\n</blockquote>\n</main>"
            ),
            "<main><h2 id=a>A</h2><p>x y</p><blockquote><p>q</p></blockquote></main>"
        );
    }

    #[test]
    fn preformatted_code_scripts_and_comments_are_copied_as_they_are() {
        let pre = "<div><pre><code class=\"language-yaml\">a:\n  b:  1\n</code></pre></div>";
        assert_eq!(
            page(pre),
            "<div><pre><code class=language-yaml>a:\n  b:  1\n</code></pre></div>"
        );
        assert_eq!(
            page("<p>x <code>a  b</code> y</p>"),
            "<p>x <code>a  b</code> y</p>"
        );
        let script = "<head>\n<script>if (a  <b) {\n  x(\"</p>\");\n}</script>\n</head>";
        assert_eq!(
            page(script),
            "<head><script>if (a  <b) {\n  x(\"</p>\");\n}</script></head>"
        );
        assert_eq!(
            page("<div><!--  keep  --> <p>a</p></div>"),
            "<div><!--  keep  --><p>a</p></div>"
        );
    }

    #[test]
    fn attribute_values_lose_their_quotes_only_where_html_allows() {
        assert_eq!(
            page("<a href=\"/en/\" class=\"a b\" title=\"x=y\" data-e=\"\">t</a>"),
            "<a href=/en/ class=\"a b\" title=\"x=y\" data-e=\"\">t</a>"
        );
        // A `/>` right after an unquoted value would join it: `class=tick/` is not `tick`.
        assert_eq!(
            page("<svg><line class=\"tick\"/><path d=\"M0 0\"/></svg>"),
            "<svg><line class=tick /><path d=\"M0 0\"/></svg>"
        );
        // A query string's `&amp;` stays a reference: `&region=` bare would read as `®ion=`
        // to a parser that decodes legacy entities without their `;`.
        assert_eq!(
            page("<a href=\"/o?a=1&amp;region=2&amp;x&amp;amp;=3\">o</a>"),
            "<a href=\"/o?a=1&amp;region=2&amp;x&amp;amp;=3\">o</a>"
        );
        assert_eq!(
            page("<a href=/o?a=1&amp;reg=2>o</a>"),
            "<a href=/o?a=1&amp;reg=2>o</a>"
        );
        // Aligned table cells, as the Markdown renderer writes them.
        assert_eq!(
            page("<td style=\"text-align: right\">1</td>"),
            "<td style=text-align:right>1</td>"
        );
        assert_eq!(
            page("<p style=\"background: url('a b')\">x</p>"),
            "<p style=\"background: url('a b')\">x</p>"
        );
    }

    #[test]
    fn text_keeps_only_the_character_references_it_needs() {
        assert_eq!(
            page("<p>the card&#39;s &quot;memory&quot; &gt; 1 &amp; &lt;2</p>"),
            "<p>the card's \"memory\" > 1 &amp; &lt;2</p>"
        );
        // In an attribute the reference stays (a character reference is fine unquoted).
        assert_eq!(
            page("<a title=\"it&#39;s\">x</a>"),
            "<a title=it&#39;s>x</a>"
        );
        // Quoted, the other quote character and `>` need no reference.
        assert_eq!(
            page("<a title=\"it&#39;s &quot;x&quot; &gt; y\" data-x='&quot;a b&#39;'>x</a>"),
            "<a title=\"it's &quot;x&quot; > y\" data-x='\"a b&#39;'>x</a>"
        );
    }

    #[test]
    fn the_last_pass_matches_minify_html_on_pages_of_every_shape() {
        // The reference: minify-html on the whole page, as configured for the templates.
        let mut cfg = minify_html::Cfg::new();
        cfg.keep_closing_tags = true;
        cfg.keep_html_and_head_opening_tags = true;
        cfg.minify_css = true;
        let pages = [
            "<!doctype html><html lang=\"en\">\n<head>\n  <meta charset=\"utf-8\">\n  <title>T</title>\n</head>\n<body>\n  <nav><ul>\n    <li><a href=\"/a/\">A</a></li>\n  </ul></nav>\n  <main>\n<h1>Title</h1>\n<p>Text with <em>emphasis</em>\nand a <a href=\"/b/\">link</a>.</p>\n<table>\n<thead><tr><th style=\"text-align: right\">n</th></tr></thead><tbody>\n<tr><td style=\"text-align: right\">1</td></tr>\n</tbody></table>\n  </main>\n</body>\n</html>\n",
            "<div>\n  <span>a</span> <span>b</span>\n  <p> lead </p>\n</div>",
        ];
        for p in pages {
            let ours = page(p);
            let whole = String::from_utf8(minify_html::minify(p.as_bytes(), &cfg)).unwrap();
            assert_eq!(ours.len(), whole.len(), "\nours:  {ours}\nwhole: {whole}");
        }
    }

    /// `special` by its definition, one byte at a time.
    fn special_by_definition(src: &[u8], from: usize, end: usize) -> usize {
        (from..end)
            .find(|&i| {
                let b = src[i];
                b == b'&'
                    || matches!(b, b'\t' | b'\n' | b'\r' | b'\x0c')
                    || (b == b' ' && i + 1 < end && super::is_html_space(src[i + 1]))
            })
            .unwrap_or(end)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(2000))]
        /// The vectorised search finds what the definition does, wherever the text starts and
        /// ends in the page (the blocks read past the text's end, and the page's end stops them).
        #[test]
        fn the_vectorised_search_for_special_bytes_agrees_with_its_definition(
            page in proptest::collection::vec(
                // Mostly letters, so that plain runs reach the ends of blocks and texts.
                proptest::sample::select(b"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab    \t\n\r\x0c\x0b&<".to_vec()),
                0..80,
            ),
            from in 0usize..80,
            len in 0usize..80,
        ) {
            let from = from.min(page.len());
            let end = (from + len).min(page.len());
            proptest::prop_assert_eq!(
                super::special(&page, from, end),
                special_by_definition(&page, from, end)
            );
        }
    }

    #[test]
    fn css_is_minified() {
        assert_eq!(super::css("body {\n  color: red;\n}\n"), "body{color:red}");
    }
}
