//! The build: load → compute → render → write, each stage timed, all errors collected.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::config::{Config, Overrides};
use crate::diag::{Diagnostic, Diagnostics};
use crate::domain::{self, Domain, present::Site};
use crate::load;
use crate::output::OutputTree;
use crate::render;
use crate::shortcode::{self, Provider};

/// A site without `data/` has no shortcodes.
struct NoShortcodes;

impl Provider for NoShortcodes {
    fn names(&self) -> &[&'static str] {
        &[]
    }
    fn call(
        &self,
        call: &shortcode::Call,
        _: &mut shortcode::Args<'_>,
        _: &crate::i18n::Tracked<'_>,
    ) -> Result<shortcode::Output, shortcode::Error> {
        Err(shortcode::Error::new(format!(
            "unknown shortcode `{}`",
            call.name
        )))
    }
}

/// What a build did.
#[derive(Debug, Default)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub bytes: usize,
    pub stages: Vec<(&'static str, Duration)>,
    pub warnings: Vec<Diagnostic>,
    /// Each page's source and body links, for `hubgen check`.
    pub links: Vec<render::PageLinks>,
}

/// Runs the pipeline up to an in-memory tree. On error, nothing is written anywhere.
pub fn build(root: &Path, overrides: &Overrides) -> Result<(OutputTree, Report), Vec<Diagnostic>> {
    let mut report = Report::default();
    let mut diags = Diagnostics::new();
    let mut t = Instant::now();
    let mut lap = |name: &'static str, report: &mut Report| {
        report.stages.push((name, t.elapsed()));
        t = Instant::now();
    };

    let config = Config::load(root, overrides)?;

    // Load: every input, every error.
    let domain: Option<Domain> = if root.join("data").is_dir() {
        match domain::load(root) {
            Ok(d) => Some(d),
            Err(e) => {
                diags.extend(e);
                None
            }
        }
    } else {
        None
    };
    let (mut pages, d) = load::content::load(&config);
    diags.extend(d);
    let (ftl, d) = load::i18n::load(&config);
    diags.extend(d);
    // A plural select without every CLDR category of its locale: the default variant stands in
    // for the missing forms, which reads wrong ("5 тижні"); say where.
    for locale in &config.locales {
        let cats = crate::coverage::plural_categories(&locale.code);
        for f in ftl.iter().filter(|f| f.locale == locale.code) {
            for g in crate::coverage::plural_gaps(f, &cats) {
                diags.push(
                    Diagnostic::warning(format!(
                        "`{}` selects on a number but lacks the plural categor{} {} of `{}`",
                        g.message,
                        if g.missing.len() == 1 { "y" } else { "ies" },
                        g.missing.join(", "),
                        locale.code
                    ))
                    .in_file(&g.file)
                    .at(crate::diag::Pos {
                        line: g.line,
                        col: 1,
                    })
                    .with_hint(format!(
                        "`{}` needs [{}]",
                        locale.code,
                        cats.join("], [")
                    )),
                );
            }
        }
    }
    let (theme, d) = load::templates::load(&config);
    diags.extend(d);
    lap("load", &mut report);
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }

    let (i18n, d) = load::i18n::localize(&config, &ftl);
    diags.extend(d);
    if let (Some(dom), Some(default)) = (&domain, i18n.get(&config.default_locale)) {
        for (key, loc) in &dom.catalog.fluent_keys {
            if !default.has(key) {
                diags.push(
                    Diagnostic::error(format!(
                        "data names the string `{key}`, which i18n/{} does not define",
                        config.default_locale
                    ))
                    .in_file(&loc.file)
                    .at(loc.pos)
                    .with_hint("add it to a .ftl file of the default locale"),
                );
            }
        }
    }
    let i18n = Arc::new(i18n);
    let templates = match render::templates(&theme.templates, i18n.clone(), config.minify) {
        Ok(t) => Some(t),
        Err(e) => {
            diags.extend(e);
            None
        }
    };
    lap("compute", &mut report);
    let Some(templates) = templates else {
        return Err(diags.into_sorted());
    };
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }

    // Static files: the stylesheet is minified once and fingerprinted for long CDN caching.
    let mut tree = OutputTree::default();
    let mut css_url = String::from("/style.css");
    for s in &theme.statics {
        if s.rel == "style.css" {
            let text = String::from_utf8_lossy(&s.bytes);
            let css = if config.minify {
                crate::minify::css(&text)
            } else {
                text.into_owned()
            };
            let hash = xxhash_rust::xxh3::xxh3_64(css.as_bytes());
            let name = format!("style.{:08x}.css", hash >> 32);
            css_url = format!("/{name}");
            tree.insert(name, css.into_bytes());
        } else {
            tree.insert(s.rel.clone(), s.bytes.clone());
        }
    }

    let site_provider;
    let provider: &dyn Provider = match &domain {
        Some(d) => {
            site_provider = Site::new(&d.catalog, &d.tables);
            &site_provider
        }
        None => &NoShortcodes,
    };
    // Pages the data generates, per locale; a page written by hand at the same path wins.
    for locale in &config.locales {
        let Some(loc) = i18n.get(&locale.code) else {
            continue;
        };
        let tracked = crate::i18n::Tracked::new(loc);
        let generated = provider.pages(&tracked);
        for key in tracked.into_misses() {
            diags.push(
                Diagnostic::error(format!(
                    "generated pages need the string `{key}`, which locale `{}` and its fallbacks lack",
                    locale.code
                ))
                .with_hint(format!("add `{key} = …` to a .ftl file under i18n/{}/", locale.code)),
            );
        }
        for g in generated {
            if pages
                .iter()
                .any(|p| p.locale == locale.code && p.rel == g.rel)
            {
                continue;
            }
            pages.push(load::content::RawPage::generated(&locale.code, g));
        }
    }
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }
    let inputs = render::Inputs {
        config: &config,
        pages: &pages,
        i18n: &i18n,
        templates: &templates,
        provider,
        css_url: &css_url,
    };
    let (rendered, d) = render::render(&inputs);
    diags.extend(d);
    lap("render", &mut report);
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }
    report.pages = pages.len();
    report.links = rendered.pages;
    for (path, bytes) in rendered.files {
        if !tree.insert(path.clone(), bytes) {
            diags.push(
                Diagnostic::error(format!("two outputs want the path {path}"))
                    .with_hint("a page's URL collides with a static file"),
            );
        }
    }
    if let Some(d) = &domain {
        for (path, bytes) in domain::export::all(&d.catalog, &d.tables) {
            tree.insert(path, bytes);
        }
    }
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }
    report.files = tree.files.len();
    report.bytes = tree.total_bytes();
    report.warnings = diags.into_sorted();
    Ok((tree, report))
}

/// Builds and writes to `out`; a failed build leaves `out` as it was.
pub fn build_to_disk(
    root: &Path,
    out: &Path,
    overrides: &Overrides,
) -> Result<Report, Vec<Diagnostic>> {
    let (tree, mut report) = build(root, overrides)?;
    let t = Instant::now();
    tree.write_to(out).map_err(|e| {
        vec![
            Diagnostic::error(format!("cannot write {}: {e}", out.display()))
                .with_hint("check that the output folder's parent exists and is writable"),
        ]
    })?;
    report.stages.push(("write", t.elapsed()));
    Ok(report)
}

/// The output folder: `--out`, else `public/` under the root.
pub fn out_dir(root: &Path, out: Option<PathBuf>) -> PathBuf {
    out.unwrap_or_else(|| root.join("public"))
}
