//! What each output file is served with, decided from its path alone: content type (with a
//! charset for text), cache policy (header rules from `hubgen.yaml`, first match wins, over
//! defaults), whether its name carries a content hash, its upload phase and its locale. The build
//! manifest records it for `hubgen publish`; `_headers` renders the same rules for hosts that
//! read that file.

use std::collections::BTreeSet;

/// Cache policy of a file whose name changes whenever its bytes change.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Cache policy of everything else: caches keep it but ask the origin before each use.
pub const REVALIDATE: &str = "public, max-age=0, must-revalidate";

/// One header rule: files whose path matches `pattern` get these headers (unset fields keep the
/// defaults).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    /// A URL path pattern: `/data/*.json`, `/**/*.png`, `/robots.txt`. `*` stays inside one
    /// segment, `**` crosses segments.
    pub pattern: String,
    pub cache_control: Option<String>,
    pub content_type: Option<String>,
    /// Stored compressed with this encoding where the target keeps an encoding with each object
    /// (object storage): `gzip`, the one every HTTP client accepts, since a bucket cannot
    /// negotiate.
    pub precompress: Option<Encoding>,
}

/// A content encoding a file is stored with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Gzip,
}

impl Encoding {
    pub const ALL: [Encoding; 1] = [Encoding::Gzip];

    pub fn name(self) -> &'static str {
        match self {
            Encoding::Gzip => "gzip",
        }
    }

    pub fn parse(s: &str) -> Option<Encoding> {
        Encoding::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// When a file is uploaded, in order: each phase finishes before the next starts, so no page is
/// ever online before what it references.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Phase {
    /// Fingerprinted assets (immutable, referenced by pages).
    Asset,
    /// Other non-HTML files: data exports, images, feeds.
    Media,
    /// HTML pages.
    Page,
    /// The entry points: sitemap, robots, 404, the root and the locale roots.
    Meta,
}

impl Phase {
    pub const ALL: [Phase; 4] = [Phase::Asset, Phase::Media, Phase::Page, Phase::Meta];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Asset => "asset",
            Phase::Media => "media",
            Phase::Page => "page",
            Phase::Meta => "meta",
        }
    }

    pub fn parse(s: &str) -> Option<Phase> {
        Phase::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// What a file is served with and when it is uploaded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Class {
    pub content_type: String,
    pub cache_control: String,
    pub fingerprinted: bool,
    pub phase: Phase,
    pub locale: Option<String>,
    /// How the file is stored where the target keeps encodings (`None`: as built).
    pub content_encoding: Option<Encoding>,
}

/// The rules of one build: the config's header rules, the locale codes and the paths the build
/// fingerprinted.
#[derive(Debug, Clone, Default)]
pub struct Policy {
    pub rules: Vec<Rule>,
    pub locales: Vec<String>,
    pub fingerprinted: BTreeSet<String>,
}

impl Policy {
    /// Classifies `rel`, a relative `/`-separated output path.
    pub fn classify(&self, rel: &str) -> Class {
        let url = format!("/{rel}");
        let rule = self.rules.iter().find(|r| matches(&r.pattern, &url));
        let fingerprinted = self.fingerprinted.contains(rel);
        let content_type = rule
            .and_then(|r| r.content_type.clone())
            .unwrap_or_else(|| content_type(rel).to_owned());
        let cache_control = rule
            .and_then(|r| r.cache_control.clone())
            .unwrap_or_else(|| (if fingerprinted { IMMUTABLE } else { REVALIDATE }).to_owned());
        let first = rel.split('/').next().unwrap_or_default();
        let locale = self
            .locales
            .iter()
            .find(|l| rel.contains('/') && l.as_str() == first)
            .cloned();
        let phase = if fingerprinted {
            Phase::Asset
        } else if self.is_entry_point(rel) {
            Phase::Meta
        } else if rel.ends_with(".html") {
            Phase::Page
        } else {
            Phase::Media
        };
        Class {
            content_type,
            cache_control,
            fingerprinted,
            phase,
            locale,
            content_encoding: rule.and_then(|r| r.precompress),
        }
    }

    /// Sitemaps, robots.txt, 404 pages, the root page and the locale roots: what a crawler or a
    /// visitor reaches first, uploaded last.
    fn is_entry_point(&self, rel: &str) -> bool {
        let name = rel.rsplit('/').next().unwrap_or(rel);
        let top = !rel.contains('/');
        (top && (name == "robots.txt" || name == "index.html"))
            || (name.starts_with("sitemap") && name.ends_with(".xml"))
            || name == "404.html"
            || self
                .locales
                .iter()
                .any(|l| rel.strip_prefix(l.as_str()) == Some("/index.html"))
    }

    /// The rules as a `_headers` file (Cloudflare Pages, Netlify): each configured rule, then the
    /// fingerprinted files (immutable). No catch-all `/*` for the revalidated default: those hosts
    /// join the headers of every rule a request matches, so it would add a second Cache-Control
    /// to the immutable files; their own default already revalidates.
    pub fn headers_file(&self) -> String {
        let mut out = String::from("# written by hubgen from hubgen.yaml `headers`\n");
        for r in &self.rules {
            // Those hosts' `*` takes any run, `/` included, so `**/` (zero or more folders) is
            // `*` with its slash dropped: `/**/*.html` is `/*.html`.
            out.push_str(&format!(
                "{}\n",
                r.pattern.replace("**/", "*").replace("**", "*")
            ));
            if let Some(c) = &r.cache_control {
                out.push_str(&format!("  Cache-Control: {c}\n"));
            }
            if let Some(t) = &r.content_type {
                out.push_str(&format!("  Content-Type: {t}\n"));
            }
        }
        for f in &self.fingerprinted {
            out.push_str(&format!("/{f}\n  Cache-Control: {IMMUTABLE}\n"));
        }
        out
    }
}

/// Whether `path` (starting with `/`) matches `pattern`: `*` is any run of characters but `/`,
/// `**/` zero or more folders, `**` elsewhere any run including `/`, everything else itself.
pub fn matches(pattern: &str, path: &str) -> bool {
    fn go(p: &[u8], s: &[u8]) -> bool {
        match p {
            [] => s.is_empty(),
            // `**/` is zero or more whole folders, as in gitignore: `/**/*.html` takes
            // `/index.html` too.
            [b'*', b'*', b'/', rest @ ..] => {
                go(rest, s) || (0..s.len()).any(|i| s[i] == b'/' && go(rest, &s[i + 1..]))
            }
            [b'*', b'*', rest @ ..] => (0..=s.len()).any(|i| go(rest, &s[i..])),
            [b'*', rest @ ..] => {
                let seg = s.iter().position(|&b| b == b'/').unwrap_or(s.len());
                (0..=seg).any(|i| go(rest, &s[i..]))
            }
            [c, rest @ ..] => s.first() == Some(c) && go(rest, &s[1..]),
        }
    }
    go(pattern.as_bytes(), path.as_bytes())
}

/// Whether a header rule's pattern is one `matches` reads as meant.
pub fn valid_pattern(pattern: &str) -> Result<(), String> {
    if !pattern.starts_with('/') {
        return Err(format!("`{pattern}` does not start with `/`"));
    }
    if pattern.contains("***") {
        return Err(format!("`{pattern}` has `***`; use `*` or `**`"));
    }
    Ok(())
}

/// Whether `v` is a header field value as RFC 9110 (section 5.5) has it: visible ASCII or
/// other non-control bytes, with spaces and tabs only inside; no CR, LF, NUL or other control.
pub fn valid_field_value(v: &str) -> Result<(), String> {
    if v.is_empty() {
        return Err("is empty".to_owned());
    }
    if let Some(c) = v.chars().find(|&c| c != '\t' && c.is_control()) {
        let name = match c {
            '\r' => "a carriage return (CR)".to_owned(),
            '\n' => "a line feed (LF)".to_owned(),
            '\0' => "a NUL".to_owned(),
            c => format!("the control character U+{:04X}", u32::from(c)),
        };
        return Err(format!("`{}` holds {name}", v.escape_debug()));
    }
    if v.starts_with([' ', '\t']) || v.ends_with([' ', '\t']) {
        return Err(format!("`{v}` starts or ends with a space"));
    }
    Ok(())
}

/// Whether `v` parses as a media type (RFC 9110 section 8.3.1): `type/subtype` of token
/// characters, then `; name=value` parameters whose value is a token or a quoted string.
pub fn valid_media_type(v: &str) -> Result<(), String> {
    fn token(s: &str) -> bool {
        !s.is_empty()
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
    }
    fn quoted(s: &str) -> bool {
        s.len() >= 2
            && s.starts_with('"')
            && s.ends_with('"')
            && !s[1..s.len() - 1].replace("\\\"", "").contains('"')
    }
    let bad = |what: &str| Err(format!("`{v}` is not a media type: {what}"));
    let mut parts = v.split(';');
    let essence = parts
        .next()
        .unwrap_or_default()
        .trim_end_matches([' ', '\t']);
    match essence.split_once('/') {
        Some((t, sub)) if token(t) && token(sub) => {}
        _ => return bad("it does not start with `type/subtype`"),
    }
    for p in parts {
        let p = p.trim_matches([' ', '\t']);
        match p.split_once('=') {
            Some((n, val)) if token(n) && (token(val) || quoted(val)) => {}
            _ => return bad(&format!("`{p}` is not a `name=value` parameter")),
        }
    }
    Ok(())
}

/// The content type of a file by its extension, with `charset=utf-8` for text.
pub fn content_type(rel: &str) -> &'static str {
    let ext = rel.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "json" => "application/json; charset=utf-8",
        "webmanifest" => "application/manifest+json; charset=utf-8",
        "xml" => "application/xml; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "csv" => "text/csv; charset=utf-8",
        "svg" => "image/svg+xml; charset=utf-8",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "avif" => "image/avif",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "ttf" => "font/ttf",
        "otf" => "font/otf",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> Policy {
        Policy {
            rules: vec![Rule {
                pattern: "/data/*.json".into(),
                cache_control: Some("public, max-age=300".into()),
                content_type: None,
                precompress: Some(Encoding::Gzip),
            }],
            locales: vec!["en".into(), "uk".into()],
            fingerprinted: ["style.0123abcd.css".to_owned()].into(),
        }
    }

    #[test]
    fn globs() {
        assert!(matches("/data/*.json", "/data/prices.json"));
        assert!(!matches("/data/*.json", "/data/x/prices.json"));
        assert!(matches("/**/*.png", "/a/b/c.png"));
        assert!(matches("/**.png", "/c.png"));
        assert!(matches("/robots.txt", "/robots.txt"));
        assert!(!matches("/robots.txt", "/robots.txt.bak"));
        assert!(matches("/*", "/x.html"));
        assert!(!matches("/*", "/en/x.html"));
        assert!(valid_pattern("data/*.json").is_err());
        // `**/` is zero or more folders: the root's files too.
        assert!(matches("/**/*.html", "/index.html"));
        assert!(matches("/**/*.html", "/en/index.html"));
        assert!(matches("/**/*.html", "/en/a/b/index.html"));
        assert!(!matches("/**/*.html", "/index.css"));
        assert!(!matches("/**/*.html", "/en/index.html.gz"));
        assert!(matches("/en/**/index.html", "/en/index.html"));
        assert!(matches("/en/**/index.html", "/en/a/index.html"));
        assert!(!matches("/en/**/index.html", "/en/aindex.html"));
        assert!(!matches("/en/**/index.html", "/uk/index.html"));
        // `**` elsewhere: any run, `/` included; `*`: within a folder; a literal is itself.
        assert!(matches("/en/**", "/en/a/b.css"));
        assert!(!matches("/en/**", "/uk/a.css"));
        assert!(matches("/data/*", "/data/x.json"));
        assert!(!matches("/data/*", "/data/x/y.json"));
        assert!(matches("/*.txt", "/robots.txt"));
        assert!(!matches("/*.txt", "/a/robots.txt"));
    }

    #[test]
    fn header_values_are_one_line_of_visible_characters() {
        assert!(valid_field_value("public, max-age=300").is_ok());
        assert!(valid_field_value("a\tb").is_ok());
        let crlf = valid_field_value("no-cache\r\nSet-Cookie: pwned=1").unwrap_err();
        assert!(crlf.contains("carriage return"), "{crlf}");
        assert!(valid_field_value("a\nb").unwrap_err().contains("line feed"));
        assert!(valid_field_value("a\0b").unwrap_err().contains("NUL"));
        assert!(
            valid_field_value("a\u{7f}b")
                .unwrap_err()
                .contains("U+007F")
        );
        assert!(valid_field_value("").is_err());
        assert!(valid_field_value(" x").is_err());
        assert!(valid_field_value("x ").is_err());
    }

    #[test]
    fn content_types_parse_as_media_types() {
        for ok in [
            "text/html",
            "text/html; charset=utf-8",
            "text/html;charset=utf-8",
            "application/manifest+json; charset=\"utf-8\"",
            "multipart/form-data; boundary=x; a=b",
        ] {
            assert!(valid_media_type(ok).is_ok(), "{ok}");
        }
        for bad in [
            "text",
            "text/",
            "/html",
            "text/html; charset",
            "text/html; =utf-8",
            "text/ht ml",
            "text/html; charset=\"utf-8",
            "text/html, text/css",
        ] {
            assert!(valid_media_type(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_headers_file_keeps_what_a_double_star_means() {
        // Each pattern form as the hosts' `_headers` writes it (their `*` takes `/` too).
        for (ours, theirs) in [
            ("/**/*.html", "/*.html"),
            ("/en/**/*.html", "/en/*.html"),
            ("/en/**", "/en/*"),
            ("/**", "/*"),
            ("/data/*.json", "/data/*.json"),
            ("/404.html", "/404.html"),
        ] {
            let p = Policy {
                rules: vec![Rule {
                    pattern: ours.into(),
                    cache_control: Some("no-cache".into()),
                    content_type: Some("text/html; charset=utf-8".into()),
                    precompress: None,
                }],
                locales: vec![],
                fingerprinted: ["style.0123abcd.css".to_owned()].into_iter().collect(),
            };
            assert_eq!(
                p.headers_file(),
                format!(
                    "# written by hubgen from hubgen.yaml `headers`\n{theirs}\n  \
                     Cache-Control: no-cache\n  Content-Type: text/html; charset=utf-8\n\
                     /style.0123abcd.css\n  Cache-Control: {IMMUTABLE}\n"
                ),
                "{ours}"
            );
            // Where hubgen's own matching applies the rule, so does the host's pattern.
            let host = theirs.replace('*', "**");
            for path in ["/index.html", "/en/index.html", "/en/gpus/h100/index.html"] {
                if matches(ours, path) {
                    assert!(
                        matches(&host, path),
                        "{ours} takes {path}; {theirs} must too"
                    );
                }
            }
        }
    }

    #[test]
    fn defaults_phases_and_locales() {
        let p = policy();
        let css = p.classify("style.0123abcd.css");
        assert_eq!(
            (css.phase, css.cache_control.as_str()),
            (Phase::Asset, IMMUTABLE)
        );
        assert_eq!(css.content_type, "text/css; charset=utf-8");
        let data = p.classify("data/prices.json");
        assert_eq!(data.phase, Phase::Media);
        assert_eq!(data.cache_control, "public, max-age=300");
        assert_eq!(data.content_encoding, Some(Encoding::Gzip));
        assert_eq!(p.classify("data/x/prices.json").content_encoding, None);
        let page = p.classify("uk/gpus/h100/index.html");
        assert_eq!(
            (page.phase, page.locale.as_deref()),
            (Phase::Page, Some("uk"))
        );
        assert_eq!(page.cache_control, REVALIDATE);
        for meta in [
            "index.html",
            "uk/index.html",
            "robots.txt",
            "sitemap.xml",
            "404.html",
            "en/404.html",
        ] {
            assert_eq!(p.classify(meta).phase, Phase::Meta, "{meta}");
        }
        assert_eq!(p.classify("favicon.svg").phase, Phase::Media);
        assert_eq!(p.classify("en.html").locale, None);
        let h = p.headers_file();
        assert!(
            h.contains("/data/*.json\n  Cache-Control: public, max-age=300\n"),
            "{h}"
        );
        assert!(h.contains(&format!(
            "/style.0123abcd.css\n  Cache-Control: {IMMUTABLE}"
        )));
    }
}
