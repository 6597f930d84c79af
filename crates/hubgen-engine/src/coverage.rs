//! Translation coverage: what each locale lacks against the default locale (Fluent keys per file,
//! pages), what it has that the default no longer does, plural selects missing a CLDR category,
//! and translations whose source page changed since they were last brought up to date.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use fluent_syntax::ast;
use icu_plurals::{PluralCategory, PluralRules};
use serde::Serialize;

use crate::config::Config;
use crate::load::content::RawPage;
use crate::load::i18n::FtlFile;

/// The content hash a translation records in `translated_from`, as text. The page's body is read
/// for it; a file that cannot be read any more gives the reason instead, which no recorded hash
/// matches, so the translation shows as stale with the reason beside it.
pub fn source_hash(page: &RawPage) -> String {
    match page.text() {
        Ok(t) => format!(
            "{:016x}",
            crate::load::content::source_hash(&page.front, t.body())
        ),
        Err(d) => format!("unreadable: {}", d.message),
    }
}

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct PluralGap {
    pub file: PathBuf,
    pub line: usize,
    pub message: String,
    pub missing: Vec<&'static str>,
}

#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct Stale {
    /// The translation's file.
    pub file: PathBuf,
    /// The hash it records, if any.
    pub recorded: Option<String>,
    /// The source page's hash now.
    pub current: String,
}

#[derive(Debug, Serialize)]
pub struct LocaleReport {
    pub locale: String,
    /// Minimum coverage (percent) the config requires, if the locale is required.
    pub required: Option<f64>,
    pub strings_total: usize,
    pub strings_translated: usize,
    /// Keys the default locale defines and this one does not, by the default locale's file.
    pub missing_strings: BTreeMap<PathBuf, Vec<String>>,
    /// Keys this locale defines and the default locale no longer does, by this locale's file.
    pub obsolete_strings: BTreeMap<PathBuf, Vec<String>>,
    pub plural_gaps: Vec<PluralGap>,
    pub pages_total: usize,
    /// Source pages (paths inside the locale folder) with no translation: shown from the fallback.
    pub missing_pages: Vec<String>,
    /// Translations whose source changed since they were stamped (or were never stamped).
    pub stale_pages: Vec<Stale>,
    /// Pages with no source page in the default locale.
    pub orphan_pages: Vec<String>,
    /// Translated strings and up-to-date pages over all strings and pages, in percent.
    pub coverage: f64,
    /// False when the locale is required and below its minimum, or has a plural gap.
    pub passes: bool,
}

#[derive(Debug, Serialize)]
pub struct Report {
    pub default_locale: String,
    pub locales: Vec<LocaleReport>,
}

impl Report {
    pub fn passes(&self) -> bool {
        self.locales.iter().all(|l| l.passes)
    }
}

fn category_name(c: PluralCategory) -> &'static str {
    match c {
        PluralCategory::Zero => "zero",
        PluralCategory::One => "one",
        PluralCategory::Two => "two",
        PluralCategory::Few => "few",
        PluralCategory::Many => "many",
        PluralCategory::Other => "other",
    }
}

/// The CLDR cardinal categories of a locale, in CLDR order.
pub fn plural_categories(code: &str) -> Vec<&'static str> {
    let Ok(locale) = code.parse::<icu_locale_core::Locale>() else {
        return vec!["other"];
    };
    let Ok(rules) = PluralRules::try_new_cardinal((&locale).into()) else {
        return vec!["other"];
    };
    let mut cats: Vec<&'static str> = rules.categories().map(category_name).collect();
    let order = ["zero", "one", "two", "few", "many", "other"];
    cats.sort_by_key(|c| order.iter().position(|o| o == c));
    cats
}

/// Select expressions whose variants are plural categories and lack some of the locale's.
pub fn plural_gaps(file: &FtlFile, categories: &[&'static str]) -> Vec<PluralGap> {
    let mut out = Vec::new();
    let source = file.resource.source();
    for entry in file.resource.entries() {
        let (id, patterns): (String, Vec<&ast::Pattern<&str>>) = match entry {
            ast::Entry::Message(m) => (
                m.id.name.to_owned(),
                m.value
                    .iter()
                    .chain(m.attributes.iter().map(|a| &a.value))
                    .collect(),
            ),
            ast::Entry::Term(t) => (
                format!("-{}", t.id.name),
                std::iter::once(&t.value)
                    .chain(t.attributes.iter().map(|a| &a.value))
                    .collect(),
            ),
            _ => continue,
        };
        let mut missing: BTreeSet<&'static str> = BTreeSet::new();
        for p in patterns {
            walk_pattern(p, categories, &mut missing);
        }
        if !missing.is_empty() {
            let line = source
                .lines()
                .position(|l| {
                    l.strip_prefix(id.as_str())
                        .is_some_and(|rest| rest.trim_start().starts_with('='))
                })
                .map_or(0, |i| i + 1);
            let mut missing: Vec<&'static str> = missing.into_iter().collect();
            missing.sort_by_key(|c| categories.iter().position(|x| x == c));
            out.push(PluralGap {
                file: file.file.clone(),
                line,
                message: id,
                missing,
            });
        }
    }
    out
}

fn walk_pattern(
    p: &ast::Pattern<&str>,
    cats: &[&'static str],
    missing: &mut BTreeSet<&'static str>,
) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            walk_expression(expression, cats, missing);
        }
    }
}

fn walk_expression(
    e: &ast::Expression<&str>,
    cats: &[&'static str],
    missing: &mut BTreeSet<&'static str>,
) {
    match e {
        ast::Expression::Select { variants, .. } => {
            let keys: Vec<&str> = variants
                .iter()
                .filter_map(|v| match &v.key {
                    ast::VariantKey::Identifier { name } => Some(*name),
                    ast::VariantKey::NumberLiteral { .. } => None,
                })
                .collect();
            let all = ["zero", "one", "two", "few", "many", "other"];
            // A select on plural categories (as opposed to one on a string such as a gender).
            if !keys.is_empty() && keys.iter().all(|k| all.contains(k)) {
                for c in cats {
                    if !keys.contains(c) {
                        missing.insert(c);
                    }
                }
            }
            for v in variants {
                walk_pattern(&v.value, cats, missing);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            walk_expression(expression, cats, missing);
        }
        ast::Expression::Inline(_) => {}
    }
}

/// Message ids (not terms: a term is private to its locale) defined per file.
fn message_ids(files: &[&FtlFile]) -> BTreeMap<PathBuf, BTreeSet<String>> {
    files
        .iter()
        .map(|f| {
            (
                f.file.clone(),
                f.ids().filter(|id| !id.starts_with('-')).collect(),
            )
        })
        .collect()
}

/// Per file, the message ids of `ids` that `other` lacks (files with none left out).
fn absent_from(
    ids: &BTreeMap<PathBuf, BTreeSet<String>>,
    other: &BTreeSet<&String>,
) -> BTreeMap<PathBuf, Vec<String>> {
    ids.iter()
        .filter_map(|(file, ids)| {
            let m: Vec<String> = ids
                .iter()
                .filter(|id| !other.contains(id))
                .cloned()
                .collect();
            (!m.is_empty()).then(|| (file.clone(), m))
        })
        .collect()
}

/// The coverage of every locale but the default one (the default is checked for plural gaps).
pub fn report(config: &Config, pages: &[RawPage], ftl: &[FtlFile]) -> Report {
    let default = &config.default_locale;
    let files_of = |code: &str| ftl.iter().filter(|f| f.locale == code).collect::<Vec<_>>();
    let reference = message_ids(&files_of(default));
    let reference_all: BTreeSet<&String> = reference.values().flatten().collect();
    let sources: BTreeMap<&str, &RawPage> = pages
        .iter()
        .filter(|p| &p.locale == default)
        .map(|p| (p.rel.as_str(), p))
        .collect();
    let mut locales = Vec::new();
    for locale in &config.locales {
        let cats = plural_categories(&locale.code);
        let own_files = files_of(&locale.code);
        let plural_gaps: Vec<PluralGap> = own_files
            .iter()
            .flat_map(|f| plural_gaps(f, &cats))
            .collect();
        let own = message_ids(&own_files);
        let own_all: BTreeSet<&String> = own.values().flatten().collect();
        let is_default = &locale.code == default;
        let mut missing_strings = BTreeMap::new();
        let mut obsolete_strings = BTreeMap::new();
        let mut missing_pages = Vec::new();
        let mut stale_pages = Vec::new();
        let mut orphan_pages = Vec::new();
        if !is_default {
            missing_strings = absent_from(&reference, &own_all);
            obsolete_strings = absent_from(&own, &reference_all);
            let translated: BTreeMap<&str, &RawPage> = pages
                .iter()
                .filter(|p| p.locale == locale.code)
                .map(|p| (p.rel.as_str(), p))
                .collect();
            for (rel, source) in &sources {
                match translated.get(rel) {
                    None => missing_pages.push((*rel).to_owned()),
                    Some(t) => {
                        let current = source_hash(source);
                        if t.front.translated_from.as_deref() != Some(current.as_str()) {
                            stale_pages.push(Stale {
                                file: t.file.clone(),
                                recorded: t.front.translated_from.clone(),
                                current,
                            });
                        }
                    }
                }
            }
            orphan_pages = translated
                .keys()
                .filter(|rel| !sources.contains_key(*rel))
                .map(|rel| (*rel).to_owned())
                .collect();
        }
        let strings_total = reference_all.len();
        let strings_missing: usize = missing_strings.values().map(Vec::len).sum();
        let strings_translated = strings_total - strings_missing.min(strings_total);
        let pages_total = if is_default { 0 } else { sources.len() };
        let pages_fresh = pages_total - missing_pages.len() - stale_pages.len();
        let total = strings_total + pages_total;
        let coverage = if is_default || total == 0 {
            100.0
        } else {
            ((strings_translated + pages_fresh) as f64 * 1000.0 / total as f64).floor() / 10.0
        };
        let required = locale.required;
        let passes = match required {
            Some(min) => coverage >= min && plural_gaps.is_empty(),
            None => true,
        };
        locales.push(LocaleReport {
            locale: locale.code.clone(),
            required,
            strings_total,
            strings_translated,
            missing_strings,
            obsolete_strings,
            plural_gaps,
            pages_total,
            missing_pages,
            stale_pages,
            orphan_pages,
            coverage,
            passes,
        });
    }
    Report {
        default_locale: default.clone(),
        locales,
    }
}

/// The report for people.
pub fn to_text(r: &Report) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for l in &r.locales {
        let gate = match (l.required, l.passes) {
            (Some(min), true) => format!("required ≥ {min}%: passes"),
            (Some(min), false) => format!("required ≥ {min}%: FAILS"),
            (None, _) => "not required".to_owned(),
        };
        if l.locale == r.default_locale {
            let _ = writeln!(out, "{} (default locale) — {gate}", l.locale);
        } else {
            let _ = writeln!(
                out,
                "{} — {:.1}% covered ({}/{} strings, {}/{} pages up to date) — {gate}",
                l.locale,
                l.coverage,
                l.strings_translated,
                l.strings_total,
                l.pages_total - l.missing_pages.len() - l.stale_pages.len(),
                l.pages_total
            );
        }
        for (file, keys) in &l.missing_strings {
            let _ = writeln!(
                out,
                "  missing strings ({}) from {}: {}",
                keys.len(),
                file.display(),
                keys.join(", ")
            );
        }
        for (file, keys) in &l.obsolete_strings {
            let _ = writeln!(
                out,
                "  obsolete strings ({}) in {}: {}",
                keys.len(),
                file.display(),
                keys.join(", ")
            );
        }
        for g in &l.plural_gaps {
            let _ = writeln!(
                out,
                "  plural categories missing: {}:{}: `{}` lacks {}",
                g.file.display(),
                g.line,
                g.message,
                g.missing.join(", ")
            );
        }
        for p in &l.missing_pages {
            let _ = writeln!(
                out,
                "  missing page: content/{}/{p} (shown from the fallback)",
                l.locale
            );
        }
        for s in &l.stale_pages {
            match &s.recorded {
                Some(h) => {
                    let _ = writeln!(
                        out,
                        "  stale page: {} (translated from {h}, source is now {})",
                        s.file.display(),
                        s.current
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "  unstamped page: {} (no translated_from; source is {})",
                        s.file.display(),
                        s.current
                    );
                }
            }
        }
        for p in &l.orphan_pages {
            let _ = writeln!(out, "  page with no source: content/{}/{p}", l.locale);
        }
    }
    out
}

/// Writes `translated_from: <hash of the source>` into the front matter of each translation.
/// `targets` are `<locale>/<path>` files under `content/`, or a bare `<locale>` for all its pages.
pub fn stamp(
    config: &Config,
    pages: &[RawPage],
    targets: &[String],
) -> Result<Vec<PathBuf>, String> {
    let default = &config.default_locale;
    let sources: BTreeMap<&str, &RawPage> = pages
        .iter()
        .filter(|p| &p.locale == default)
        .map(|p| (p.rel.as_str(), p))
        .collect();
    let mut chosen: Vec<&RawPage> = Vec::new();
    for t in targets {
        let t = t.trim_start_matches("content/").trim_end_matches('/');
        let (locale, rel) = t.split_once('/').unwrap_or((t, ""));
        if !config.locales.iter().any(|l| l.code == locale) {
            return Err(format!(
                "`{locale}` is not a locale of this site (in `{t}`)"
            ));
        }
        if locale == default {
            return Err(format!(
                "`{t}` is in the default locale, which is the source"
            ));
        }
        let matched: Vec<&RawPage> = pages
            .iter()
            .filter(|p| p.locale == locale && (rel.is_empty() || p.rel == rel))
            .filter(|p| sources.contains_key(p.rel.as_str()))
            .collect();
        if matched.is_empty() {
            return Err(format!(
                "no translated page `content/{t}` with a source in content/{default}/"
            ));
        }
        chosen.extend(matched);
    }
    let mut written = Vec::new();
    for page in chosen {
        let hash = source_hash(sources[page.rel.as_str()]);
        let path = config.root.join(&page.file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", page.file.display()))?;
        let updated = with_front_matter_key(&text, "translated_from", &hash)
            .ok_or_else(|| format!("{} has no front matter", page.file.display()))?;
        if updated != text {
            crate::output::replace_file(&path, updated.as_bytes())
                .map_err(|e| format!("cannot write {}: {e}", page.file.display()))?;
            written.push(page.file.clone());
        }
    }
    Ok(written)
}

/// Sets `key: value` in a file's YAML front matter, replacing the line if there is one.
/// `text` with `key: value` set in its front matter (replaced, or added last), everything else
/// byte for byte: the same splitter as the build (BOM and CRLF accepted), the file's own line
/// endings kept.
fn with_front_matter_key(text: &str, key: &str, value: &str) -> Option<String> {
    let split = crate::source::split_front_matter(text).ok()?;
    if split.body_offset == 0 {
        return None;
    }
    let start = split.front_matter.as_ptr() as usize - text.as_ptr() as usize;
    let end = start + split.front_matter.len();
    let eol = if split.front_matter.contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let line = format!("{key}: {value}{eol}");
    let mut out = String::with_capacity(text.len() + line.len());
    out.push_str(&text[..start]);
    let mut replaced = false;
    for l in split.front_matter.split_inclusive('\n') {
        if !replaced && l.starts_with(&format!("{key}:")) {
            out.push_str(&line);
            replaced = true;
        } else {
            out.push_str(l);
        }
    }
    if !replaced {
        if !out.ends_with('\n') && !out.ends_with("---") {
            out.push_str(eol);
        }
        out.push_str(&line);
    }
    out.push_str(&text[end..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cldr_categories_per_locale() {
        assert_eq!(plural_categories("en"), ["one", "other"]);
        assert_eq!(plural_categories("uk"), ["one", "few", "many", "other"]);
        assert_eq!(plural_categories("ru"), ["one", "few", "many", "other"]);
        assert_eq!(plural_categories("pl"), ["one", "few", "many", "other"]);
        assert_eq!(plural_categories("zh"), ["other"]);
    }

    #[test]
    fn front_matter_key_is_replaced_or_added() {
        let t = "---\ntitle: A\n---\nbody\n";
        assert_eq!(
            with_front_matter_key(t, "translated_from", "ab").as_deref(),
            Some("---\ntitle: A\ntranslated_from: ab\n---\nbody\n")
        );
        let t2 = "---\ntitle: A\ntranslated_from: old\nweight: 3\n---\nbody\n";
        assert_eq!(
            with_front_matter_key(t2, "translated_from", "ab").as_deref(),
            Some("---\ntitle: A\ntranslated_from: ab\nweight: 3\n---\nbody\n")
        );
        assert_eq!(with_front_matter_key("no front matter", "k", "v"), None);
        // CRLF and a byte-order mark, as the build accepts them; the rest stays byte for byte.
        let crlf = "\u{feff}---\r\ntitle: A\r\n---\r\nbody\r\n";
        assert_eq!(
            with_front_matter_key(crlf, "translated_from", "ab").as_deref(),
            Some("\u{feff}---\r\ntitle: A\r\ntranslated_from: ab\r\n---\r\nbody\r\n")
        );
        // A `----` line inside the YAML is not the fence.
        let dashes = "---\ntitle: A\nnote: |\n  ----\n---\nbody\n";
        assert_eq!(
            with_front_matter_key(dashes, "translated_from", "ab").as_deref(),
            Some("---\ntitle: A\nnote: |\n  ----\ntranslated_from: ab\n---\nbody\n")
        );
    }
}
