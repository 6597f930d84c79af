//! The site config (`hubgen.yaml`): a strict file format, then a validated, resolved `Config`.

use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::diag::{Diagnostic, Pos, code};
use crate::typography::{Quotes, Typography};
use crate::yaml;

pub const CONFIG_FILE: &str = "hubgen.yaml";

/// The address `serve` listens on by default, and the base URL when none is set.
pub const DEV_BASE_URL: &str = "http://127.0.0.1:1111";

/// The file as written. Unknown keys are errors.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    /// The site's name, for templates (`site.title`); the built-in theme shows it.
    title: Option<String>,
    base_url: Option<Spanned<String>>,
    default_locale: Option<Spanned<String>>,
    #[serde(default)]
    locales: Vec<LocaleFile>,
    theme: Option<Spanned<String>>,
    prefix_default_locale: Option<bool>,
    minify: Option<bool>,
    /// Straight quotes, `--`, `---` and `...` typeset in every locale's Markdown (default on);
    /// a locale may say otherwise.
    smart_punctuation: Option<bool>,
    /// Header rules, first match wins: `- {pattern: /data/*.json, cache_control: …}`.
    #[serde(default)]
    headers: Vec<HeaderFile>,
    publish: Option<PublishFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct HeaderFile {
    pattern: Spanned<String>,
    cache_control: Option<Spanned<String>>,
    content_type: Option<Spanned<String>>,
    /// `gzip`: stored compressed on object storage, served with `Content-Encoding: gzip`.
    precompress: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PublishFile {
    /// Write the header rules as `_headers` at the output's root too.
    headers_file: Option<bool>,
    /// Write the pages' aliases as `_redirects` (301s) at the output's root too.
    redirects_file: Option<bool>,
    /// Days a fingerprinted asset stays published after the build stopped making it.
    grace_days: Option<u32>,
    /// Named targets: `production: s3://bucket/prefix`.
    #[serde(default)]
    targets: std::collections::BTreeMap<String, Spanned<String>>,
}

/// `publish` settings of `hubgen.yaml`.
#[derive(Debug, Clone, PartialEq)]
pub struct Publish {
    pub headers_file: bool,
    pub redirects_file: bool,
    pub grace_days: u32,
    pub targets: std::collections::BTreeMap<String, String>,
}

/// Days an old fingerprinted asset stays published by default.
pub const GRACE_DAYS: u32 = 7;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LocaleFile {
    code: Spanned<String>,
    #[serde(default)]
    fallback: Vec<Spanned<String>>,
    /// Minimum translation coverage in percent that `hubgen i18n` enforces.
    required: Option<Spanned<f64>>,
    /// Overrides the site's `smart_punctuation` for this locale.
    smart_punctuation: Option<bool>,
    /// The quotation marks typed quotes become: open, close, nested open, nested close
    /// (`"«»„“"`); by default CLDR's for the language.
    quotes: Option<Spanned<String>>,
    /// The BCP 47 tag pages carry in `lang` and `hreflang` (`zh-Hans`), where it says more than
    /// the code in URLs; by default the code.
    language_tag: Option<Spanned<String>>,
}

/// A locale of the site and where its missing strings and pages come from.
#[derive(Debug, Clone, PartialEq)]
pub struct Locale {
    pub code: String,
    /// Fallback chain, nearest first; never includes the locale itself.
    pub fallback: Vec<String>,
    /// Minimum coverage (percent of strings and up-to-date pages) that `hubgen i18n` enforces.
    pub required: Option<f64>,
    /// How its Markdown is typeset: smart punctuation, quotation marks.
    pub typography: Typography,
    /// Its BCP 47 tag in `lang` and `hreflang` attributes: `language_tag`, or the code.
    pub tag: String,
}

/// The resolved configuration every later stage reads.
#[derive(Debug, Clone)]
pub struct Config {
    pub root: PathBuf,
    /// The site's name from `title`, if it has one.
    pub title: Option<String>,
    /// Without a trailing slash, e.g. `https://example.org`.
    pub base_url: String,
    /// Whether `base_url` came from the config or the command line (else it is the
    /// development address, and a production build warns).
    pub base_url_set: bool,
    pub default_locale: String,
    /// The default locale first, then the others in the order given.
    pub locales: Vec<Locale>,
    /// `None` means the built-in default theme.
    pub theme_dir: Option<PathBuf>,
    /// Whether the default locale lives under `/<code>/` too (the root then links to every locale).
    pub prefix_default_locale: bool,
    pub minify: bool,
    pub drafts: bool,
    /// Header rules in the order written (first match wins).
    pub headers: Vec<crate::headers::Rule>,
    pub publish: Publish,
}

/// Overrides from the command line.
#[derive(Debug, Default, Clone)]
pub struct Overrides {
    pub base_url: Option<String>,
    pub drafts: bool,
}

impl Config {
    /// Reads `hubgen.yaml` from `root` if there is one, else derives the defaults from the tree.
    pub fn load(root: &Path, overrides: &Overrides) -> Result<Config, Vec<Diagnostic>> {
        let path = root.join(CONFIG_FILE);
        let file = if path.is_file() {
            let text = std::fs::read_to_string(&path).map_err(|e| {
                vec![
                    Diagnostic::error(code::CONFIG_READ, format!("cannot read the config: {e}"))
                        .in_file(CONFIG_FILE),
                ]
            })?;
            let f: ConfigFile =
                yaml::parse(Path::new(CONFIG_FILE), &text, 0).map_err(|d| vec![d])?;
            Some((f, text))
        } else {
            None
        };
        Self::resolve(root, file, overrides)
    }

    fn resolve(
        root: &Path,
        file: Option<(ConfigFile, String)>,
        overrides: &Overrides,
    ) -> Result<Config, Vec<Diagnostic>> {
        let (file, text) = file.unwrap_or_else(|| {
            let empty = ConfigFile {
                title: None,
                base_url: None,
                default_locale: None,
                locales: Vec::new(),
                theme: None,
                prefix_default_locale: None,
                minify: None,
                smart_punctuation: None,
                headers: Vec::new(),
                publish: None,
            };
            (empty, String::new())
        });
        let ConfigFile {
            title,
            base_url,
            default_locale,
            locales,
            theme,
            prefix_default_locale,
            minify,
            smart_punctuation,
            headers,
            publish,
        } = file;
        let at = At { text: &text };
        let mut errors = Vec::new();
        let (locales, default_locale) = resolve_locales(
            root,
            locales,
            default_locale,
            smart_punctuation,
            &at,
            &mut errors,
        );
        let base_url_set = base_url.is_some() || overrides.base_url.is_some();
        let base_url = resolve_base_url(base_url, overrides, &at, &mut errors);
        let theme_dir = resolve_theme(root, theme, &at, &mut errors);
        let headers = resolve_headers(headers, &at, &mut errors);
        let publish = resolve_publish(publish, &at, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Config {
            root: root.to_path_buf(),
            title: title.filter(|t| !t.trim().is_empty()),
            base_url: base_url.trim_end_matches('/').to_owned(),
            base_url_set,
            default_locale,
            locales,
            theme_dir,
            prefix_default_locale: prefix_default_locale.unwrap_or(true),
            minify: minify.unwrap_or(true),
            drafts: overrides.drafts,
            headers,
            publish,
        })
    }

    /// The folders a build reads and must never write into: content, data, themes (and the
    /// theme in use, wherever it is), strings, static files, and the repository.
    pub fn source_dirs(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = ["content", "data", "themes", "i18n", "static", ".git"]
            .iter()
            .map(|d| self.root.join(d))
            .collect();
        dirs.extend(self.theme_dir.clone());
        dirs
    }

    /// The URL path prefix of a locale: `/uk` or, for an unprefixed default locale, ``.
    pub fn locale_prefix(&self, code: &str) -> String {
        if code == self.default_locale && !self.prefix_default_locale {
            String::new()
        } else {
            format!("/{code}")
        }
    }
}

/// Errors at the place the YAML parser recorded for a value of the config.
struct At<'a> {
    text: &'a str,
}

impl At<'_> {
    fn error<T>(&self, v: &Spanned<T>, message: String, hint: &str) -> Diagnostic {
        let pos = Pos {
            line: usize::try_from(v.referenced.line()).unwrap_or(1).max(1),
            col: usize::try_from(v.referenced.column()).unwrap_or(1).max(1),
        };
        Diagnostic::error(code::CONFIG_INVALID, message)
            .in_file(CONFIG_FILE)
            .at_in(pos, self.text)
            .with_hint(hint)
    }
}

/// A locale's `quotes`, or an error where they are written.
fn parse_quotes(
    code: &str,
    quotes: &Spanned<String>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Option<Quotes> {
    Quotes::parse(&quotes.value)
        .map_err(|why| {
            errors.push(at.error(
                quotes,
                format!("locale `{code}`: {why}"),
                "write the four marks in one string, e.g. `quotes: \"«»„“\"`; leave `quotes` out for CLDR's marks of the language",
            ));
        })
        .ok()
}

/// A locale's `language_tag`, if it is a well-formed BCP 47 tag (`zh-Hans`, `pt-BR`) of the
/// locale's language: a tag of another language would mislabel every page.
fn check_language_tag(
    code: &str,
    tag: &Spanned<String>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Option<String> {
    let hint = "write a BCP 47 tag of the locale's language, e.g. `language_tag: zh-Hans` for `zh`";
    let parsed = match icu_locale_core::LanguageIdentifier::try_from_str(&tag.value) {
        Ok(t) => t,
        Err(e) => {
            errors.push(at.error(
                tag,
                format!("locale `{code}`: `{}` is not a BCP 47 tag ({e})", tag.value),
                hint,
            ));
            return None;
        }
    };
    let language = code.split('-').next().unwrap_or(code);
    if parsed.language.as_str() != language {
        errors.push(at.error(
            tag,
            format!(
                "locale `{code}`: `{}` is a tag of another language (`{}`)",
                tag.value,
                parsed.language.as_str()
            ),
            hint,
        ));
        return None;
    }
    Some(tag.value.clone())
}

/// A locale's `required` coverage is a percentage; each of its fallbacks another locale.
fn check_required_and_fallback(
    code: &Spanned<String>,
    required: Option<&Spanned<f64>>,
    fallback: &[Spanned<String>],
    codes: &[String],
    (at, errors): (&At<'_>, &mut Vec<Diagnostic>),
) {
    if let Some(r) = required
        && !(0.0..=100.0).contains(&r.value)
    {
        errors.push(at.error(
            r,
            format!("locale `{}` requires a coverage outside 0–100%", code.value),
            "`required: 95` asks for 95% of strings and pages translated and up to date",
        ));
    }
    for f in fallback {
        if f.value == code.value || !codes.contains(&f.value) {
            errors.push(at.error(
                f,
                format!(
                    "locale `{}` falls back to `{}`, which is not another locale of the site",
                    code.value, f.value
                ),
                "a fallback names one of the other `locales` codes",
            ));
        }
    }
}

/// The locales, the default one first, and the default locale's code; every code, fallback and
/// coverage checked where it is written. No `locales`: the folders under `content/`, else `en`.
fn resolve_locales(
    root: &Path,
    locales: Vec<LocaleFile>,
    default_locale: Option<Spanned<String>>,
    smart_punctuation: Option<bool>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> (Vec<Locale>, String) {
    let typography = |code: &str, smart: Option<bool>, quotes: Option<Quotes>| Typography {
        smart_punctuation: smart.or(smart_punctuation).unwrap_or(true),
        quotes: quotes.unwrap_or_else(|| Quotes::for_locale(code)),
    };
    let codes: Vec<String> = locales.iter().map(|l| l.code.value.clone()).collect();
    let mut locs: Vec<Locale> = Vec::new();
    // The line each code is first listed at.
    let mut first_at: Vec<(String, u64)> = Vec::new();
    for l in locales {
        let LocaleFile {
            code,
            fallback,
            required,
            smart_punctuation: locale_smart,
            quotes,
            language_tag,
        } = l;
        if let Some((_, line)) = first_at.iter().find(|(c, _)| *c == code.value) {
            // One error here; nothing later sees the locale twice (its strings would each be
            // defined twice, its pages planned twice).
            errors.push(at.error(
                &code,
                format!("locale `{}` is listed twice in `locales`", code.value),
                &format!(
                    "it is first listed at line {line}; keep one entry for `{}`, with the `fallback` and `required` it needs",
                    code.value
                ),
            ));
            continue;
        }
        first_at.push((code.value.clone(), code.referenced.line()));
        if let Err(why) = check_locale_code(&code.value) {
            errors.push(at.error(
                &code,
                format!("`{}` cannot be a locale code: {why}", code.value),
                "a locale code is a BCP 47 tag written in lowercase, as it appears in URLs: `en`, `uk`, `zh-hans`, `pt-br`",
            ));
        }
        check_required_and_fallback(&code, required.as_ref(), &fallback, &codes, (at, errors));
        let quotes = quotes.and_then(|q| parse_quotes(&code.value, &q, at, errors));
        let tag = language_tag
            .and_then(|t| check_language_tag(&code.value, &t, at, errors))
            .unwrap_or_else(|| code.value.clone());
        locs.push(Locale {
            typography: typography(&code.value, locale_smart, quotes),
            tag,
            code: code.value,
            fallback: fallback.into_iter().map(|f| f.value).collect(),
            required: required.map(|r| r.value),
        });
    }
    if locs.is_empty() {
        locs = locales_from_content(root)
            .into_iter()
            .map(|code| Locale {
                typography: typography(&code, None, None),
                tag: code.clone(),
                code,
                fallback: Vec::new(),
                required: None,
            })
            .collect();
    }
    if locs.is_empty() {
        locs.push(Locale {
            code: "en".into(),
            tag: "en".into(),
            fallback: Vec::new(),
            required: None,
            typography: typography("en", None, None),
        });
    }
    let default = match default_locale {
        Some(d) => {
            if !locs.iter().any(|l| l.code == d.value) {
                errors.push(at.error(
                    &d,
                    format!("default_locale `{}` is not in `locales`", d.value),
                    "add it to `locales` or pick one of them",
                ));
            }
            d.value
        }
        None if locs.iter().any(|l| l.code == "en") => "en".into(),
        None => locs[0].code.clone(),
    };
    // The default locale first, the rest in the order given.
    locs.sort_by_key(|l| l.code != default);
    (locs, default)
}

/// The header rules, each pattern checked where it is written.
fn resolve_headers(
    headers: Vec<HeaderFile>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Vec<crate::headers::Rule> {
    let mut rules = Vec::new();
    for h in headers {
        let HeaderFile {
            pattern,
            cache_control,
            content_type,
            precompress,
        } = h;
        if let Err(why) = crate::headers::valid_pattern(&pattern.value) {
            errors.push(at.error(
                &pattern,
                format!("header rule pattern {why}"),
                "a pattern is a URL path: `/data/*.json` (`*` within a folder), `/**/*.png` (`**` across folders)",
            ));
        }
        // A value goes verbatim into `_headers` and object metadata: a CR or LF in it would
        // start a header of its own.
        for (v, name) in [
            (&cache_control, "cache_control"),
            (&content_type, "content_type"),
        ] {
            if let Some(v) = v
                && let Err(why) = crate::headers::valid_field_value(&v.value)
            {
                errors.push(at.error(
                    v,
                    format!("header rule {name} {why}"),
                    "a header value is one line of visible characters and inner spaces, e.g. `public, max-age=300`",
                ));
            }
        }
        if let Some(t) = &content_type
            && crate::headers::valid_field_value(&t.value).is_ok()
            && let Err(why) = crate::headers::valid_media_type(&t.value)
        {
            errors.push(at.error(
                t,
                format!("header rule content_type {why}"),
                "a media type is `type/subtype`, with optional `; name=value` parameters: `text/html; charset=utf-8`",
            ));
        }
        let precompress = precompress.and_then(|p| {
            let e = crate::headers::Encoding::parse(&p.value);
            if e.is_none() {
                errors.push(at.error(
                    &p,
                    format!("header rule precompress `{}` is not an encoding hubgen stores", p.value),
                    "write `precompress: gzip` (a bucket cannot negotiate an encoding, so hubgen stores the one every client accepts), or leave it out",
                ));
            }
            e
        });
        rules.push(crate::headers::Rule {
            pattern: pattern.value,
            cache_control: cache_control.map(|v| v.value),
            content_type: content_type.map(|v| v.value),
            precompress,
        });
    }
    rules
}

/// The publish settings; each named target's address checked where it is written.
fn resolve_publish(
    publish: Option<PublishFile>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Publish {
    let Some(PublishFile {
        headers_file,
        redirects_file,
        grace_days,
        targets,
    }) = publish
    else {
        return Publish {
            headers_file: false,
            redirects_file: false,
            grace_days: GRACE_DAYS,
            targets: Default::default(),
        };
    };
    for (name, to) in &targets {
        let ok = ["s3://", "file:///"]
            .iter()
            .any(|s| to.value.starts_with(s) && to.value.len() > s.len());
        if !ok {
            errors.push(at.error(
                to,
                format!("publish target `{name}` is `{}`, not an s3:// or file:/// address", to.value),
                "write `s3://BUCKET` or `s3://BUCKET/PREFIX` (endpoint and credentials come from AWS_* variables), or `file:///absolute/folder`",
            ));
        }
    }
    Publish {
        headers_file: headers_file.unwrap_or(false),
        redirects_file: redirects_file.unwrap_or(false),
        grace_days: grace_days.unwrap_or(GRACE_DAYS),
        targets: targets.into_iter().map(|(k, v)| (k, v.value)).collect(),
    }
}

/// `--base-url`, else the config's `base_url`, else the development address; each checked.
fn resolve_base_url(
    base_url: Option<Spanned<String>>,
    overrides: &Overrides,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> String {
    if let Some(b) = &base_url
        && let Err(why) = check_base_url(&b.value)
    {
        errors.push(at.error(
            b,
            format!("base_url `{}` is not valid: {why}", b.value),
            "write the address the site is served from, e.g. `https://example.org` or `https://example.org/docs`",
        ));
    }
    if let Some(b) = &overrides.base_url
        && let Err(why) = check_base_url(b)
    {
        errors.push(
            Diagnostic::error(
                code::CLI_INVALID,
                format!("--base-url `{b}` is not valid: {why}"),
            )
            .with_hint("e.g. --base-url https://preview.example.org"),
        );
    }
    overrides
        .base_url
        .clone()
        .or(base_url.map(|b| b.value))
        .unwrap_or_else(|| DEV_BASE_URL.into())
}

/// The theme folder: `themes/<theme>`, `themes/default` when there is one, else the built-in
/// theme (`None`).
fn resolve_theme(
    root: &Path,
    theme: Option<Spanned<String>>,
    at: &At<'_>,
    errors: &mut Vec<Diagnostic>,
) -> Option<PathBuf> {
    match theme {
        None if root.join("themes/default").is_dir() => Some(root.join("themes/default")),
        None => None,
        Some(t) if t.value == "default" && !root.join("themes/default").is_dir() => None,
        Some(t) => {
            let dir = root.join("themes").join(&t.value);
            if !dir.is_dir() {
                errors.push(at.error(
                    &t,
                    format!("theme `{}` not found at themes/{}", t.value, t.value),
                    "create the folder or remove `theme` to use the built-in theme",
                ));
            }
            Some(dir)
        }
    }
}

/// A locale code names a folder and a URL prefix, so it is a URL segment (lowercase ASCII,
/// digits, inner `-`), and it is a well-formed BCP 47 language tag (ICU4X parses it).
fn check_locale_code(code: &str) -> Result<(), String> {
    if code.chars().any(|c| c.is_ascii_uppercase())
        && crate::slug::is_segment(&code.to_ascii_lowercase())
    {
        return Err(format!(
            "write it in lowercase, `{}`",
            code.to_ascii_lowercase()
        ));
    }
    if !crate::slug::is_segment(code) {
        return Err("only a-z, 0-9 and inner `-` can appear in a URL".into());
    }
    icu_locale_core::LanguageIdentifier::try_from_str(code)
        .map(|_| ())
        .map_err(|e| format!("not a BCP 47 tag ({e})"))
}

fn is_locale_code(code: &str) -> bool {
    check_locale_code(code).is_ok()
}

/// An absolute http(s) URL with a host and nothing after the path.
fn check_base_url(s: &str) -> Result<(), String> {
    let u = url::Url::parse(s).map_err(|e| e.to_string())?;
    if !matches!(u.scheme(), "http" | "https") {
        return Err(format!("the scheme is `{}`, not http or https", u.scheme()));
    }
    if u.host_str().is_none_or(str::is_empty) {
        return Err("it has no host".into());
    }
    if u.query().is_some() || u.fragment().is_some() {
        return Err("it has a query or fragment".into());
    }
    if !u.username().is_empty() || u.password().is_some() {
        return Err("it carries a user name or password".into());
    }
    Ok(())
}

/// Locale codes from the folders under `content/`, sorted, `en` first.
fn locales_from_content(root: &Path) -> Vec<String> {
    let mut codes: Vec<String> = std::fs::read_dir(root.join("content"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().to_str().map(str::to_owned))
        .filter(|c| is_locale_code(c))
        .collect();
    codes.sort_by(|a, b| (a != "en", a).cmp(&(b != "en", b)));
    codes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, Vec<Diagnostic>> {
        let f: ConfigFile = yaml::parse(Path::new(CONFIG_FILE), text, 0).map_err(|d| vec![d])?;
        Config::resolve(
            Path::new("/nonexistent"),
            Some((f, text.to_owned())),
            &Overrides::default(),
        )
    }

    #[test]
    fn default_locale_comes_first_and_fallbacks_are_checked() {
        let c = parse("base_url: https://x.org/\ndefault_locale: uk\nlocales:\n  - code: en\n  - code: uk\n    fallback: [en]\n").unwrap();
        assert_eq!(c.locales[0].code, "uk");
        assert_eq!(c.base_url, "https://x.org");
        let e = parse("locales:\n  - code: en\n  - code: uk\n    fallback: [pl]\n").unwrap_err();
        assert!(e[0].message.contains("`pl`"), "{:?}", e);
        assert_eq!(e[0].pos.map(|p| p.line), Some(4));
    }

    #[test]
    fn typography_is_site_wide_with_locale_overrides_and_cldr_quotes_by_default() {
        let c = parse("smart_punctuation: false\nlocales:\n  - code: en\n  - code: uk\n    smart_punctuation: true\n  - code: de\n    quotes: \"»«›‹\"\n").unwrap();
        let t: Vec<(&str, bool, char)> = c
            .locales
            .iter()
            .map(|l| {
                (
                    l.code.as_str(),
                    l.typography.smart_punctuation,
                    l.typography.quotes.open,
                )
            })
            .collect();
        assert_eq!(
            t,
            [("en", false, '“'), ("uk", true, '«'), ("de", false, '»')]
        );
        // On unless turned off.
        let c = parse("locales:\n  - code: ru\n").unwrap();
        assert!(c.locales[0].typography.smart_punctuation);
        assert_eq!(c.locales[0].typography.quotes.close, '»');
        let e = parse("locales:\n  - code: en\n    quotes: \"«»\"\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:13", "{e:?}");
        assert!(e[0].message.contains("four quotation marks"), "{e:?}");
        let e = parse("locales:\n  - code: en\n    smart_quotes: true\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:5", "{e:?}");
        assert!(e[0].message.contains("smart_quotes"), "{e:?}");
    }

    #[test]
    fn a_language_tag_labels_pages_and_must_be_a_tag_of_the_locales_language() {
        let c = parse("locales:\n  - code: en\n  - code: zh\n    language_tag: zh-Hans\n").unwrap();
        let tags: Vec<(&str, &str)> = c
            .locales
            .iter()
            .map(|l| (l.code.as_str(), l.tag.as_str()))
            .collect();
        // Without one, the tag is the code.
        assert_eq!(tags, [("en", "en"), ("zh", "zh-Hans")]);
        let e = parse("locales:\n  - code: zh\n    language_tag: ja-Jpan\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:19", "{e:?}");
        assert!(e[0].message.contains("another language (`ja`)"), "{e:?}");
        let e = parse("locales:\n  - code: pt-br\n    language_tag: pt_BR!\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:19", "{e:?}");
        assert!(e[0].message.contains("not a BCP 47 tag"), "{e:?}");
        // A region subtag on the code: the language is what must agree.
        let c = parse("locales:\n  - code: pt-br\n    language_tag: pt-BR\n").unwrap();
        assert_eq!(c.locales[0].tag, "pt-BR");
    }

    #[test]
    fn each_bad_value_is_reported_where_it_is_written() {
        let e = parse("default_locale: de\nlocales:\n  - code: en\n    fallback: [xx]\n  - code: uk\n    fallback: [en, yy]\n    required: 150\ntheme: fancy\n").unwrap_err();
        let at: Vec<String> = e.iter().map(Diagnostic::location).collect();
        assert_eq!(
            at,
            [
                "hubgen.yaml:4:16",
                "hubgen.yaml:7:15",
                "hubgen.yaml:6:20",
                "hubgen.yaml:1:17",
                "hubgen.yaml:8:8"
            ],
            "{e:?}"
        );
    }

    #[test]
    fn header_rules_and_publish_targets_are_read_in_order_and_checked_where_written() {
        let c = parse("headers:\n  - pattern: /data/*.json\n    cache_control: public, max-age=300\n  - pattern: /**/*.png\n    content_type: image/png\npublish:\n  grace_days: 2\n  headers_file: true\n  targets:\n    production: s3://site/www\n").unwrap();
        let patterns: Vec<&str> = c.headers.iter().map(|r| r.pattern.as_str()).collect();
        assert_eq!(patterns, ["/data/*.json", "/**/*.png"]);
        assert_eq!(
            c.headers[0].cache_control.as_deref(),
            Some("public, max-age=300")
        );
        assert_eq!((c.publish.grace_days, c.publish.headers_file), (2, true));
        assert_eq!(c.publish.targets["production"], "s3://site/www");
        let e =
            parse("headers:\n  - pattern: data/*.json\npublish:\n  targets:\n    prod: ftp://x\n")
                .unwrap_err();
        let at: Vec<String> = e.iter().map(Diagnostic::location).collect();
        assert_eq!(at, ["hubgen.yaml:2:14", "hubgen.yaml:5:11"], "{e:?}");
        let e = parse("headers:\n  - pattern: /x\n    cache: no-store\n").unwrap_err();
        assert_eq!(e[0].pos.map(|p| p.line), Some(3), "{}", e[0]);
        let c = parse("headers:\n  - pattern: /**/*.html\n    precompress: gzip\n").unwrap();
        assert_eq!(
            c.headers[0].precompress,
            Some(crate::headers::Encoding::Gzip)
        );
        let e = parse("headers:\n  - pattern: /**/*.html\n    precompress: br\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:18", "{}", e[0]);
        assert!(e[0].message.contains("`br`"), "{}", e[0]);
    }

    #[test]
    fn a_locale_listed_twice_is_one_error_at_the_second_entry() {
        let e = parse("locales:\n  - code: en\n  - code: uk\n    fallback: [en]\n  - code: uk\n")
            .unwrap_err();
        assert_eq!(e.len(), 1, "{e:?}");
        assert_eq!(e[0].code, code::CONFIG_INVALID);
        assert_eq!(e[0].location(), "hubgen.yaml:5:11", "{}", e[0]);
        assert!(e[0].message.contains("`uk` is listed twice"), "{}", e[0]);
        assert!(
            e[0].hint.as_deref().is_some_and(|h| h.contains("line 3")),
            "{}",
            e[0]
        );
    }

    #[test]
    fn unknown_keys_are_errors_with_a_line() {
        let e = parse("base_url: https://x.org\nlocale: en\n").unwrap_err();
        assert!(e[0].message.contains("locale"), "{}", e[0]);
        assert_eq!(e[0].pos.map(|p| p.line), Some(2));
    }

    #[test]
    fn locale_codes_are_lowercase_bcp47_url_segments() {
        for ok in ["en", "uk", "pt-br", "zh-hans", "sr-latn-rs", "es-419"] {
            assert!(is_locale_code(ok), "{ok}");
        }
        for bad in [
            "English",
            "e",
            "pt-BR",
            "../x",
            "en_US",
            "en-",
            "toolonglanguage",
            "x-y-z-",
        ] {
            assert!(!is_locale_code(bad), "{bad}");
        }
        assert!(check_locale_code("pt-BR").unwrap_err().contains("`pt-br`"));
        let e = parse("locales:\n  - code: en\n  - code: ../../x\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:3:11", "{}", e[0]);
    }

    #[test]
    fn base_url_must_be_an_absolute_http_url() {
        for ok in [
            "https://example.org",
            "http://127.0.0.1:1111",
            "https://x.org/docs/",
        ] {
            assert!(check_base_url(ok).is_ok(), "{ok}");
        }
        for bad in [
            "example.org",
            "ftp://x.org",
            "https://",
            "https://x.org/?a=1",
            "https://u:p@x.org",
            "https://exa mple.org",
            "/docs",
        ] {
            assert!(check_base_url(bad).is_err(), "{bad}");
        }
        let e = parse("base_url: htps//x\n").unwrap_err();
        assert_eq!(e[0].location(), "hubgen.yaml:1:11", "{}", e[0]);
    }
}

#[cfg(test)]
mod resolve_tests;
