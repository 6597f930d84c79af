//! The build: load → compute → render → write, each stage timed, all errors collected.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::config::{Config, Overrides};
use crate::diag::{Diagnostic, Diagnostics, code};
use crate::extension::{self, SiteFiles};
use crate::load;
use crate::output::OutputTree;
use crate::render;
use crate::shortcode::{NoShortcodes, Provider};
use crate::sink::Sink;

/// What a build did.
#[derive(Debug, Default)]
pub struct Report {
    pub pages: usize,
    pub files: usize,
    pub bytes: usize,
    pub stages: Vec<(&'static str, Duration)>,
    pub warnings: Vec<Diagnostic>,
    /// Each page's source, body links and anchors, for `hubgen check` (empty otherwise).
    pub links: Vec<render::PageLinks>,
    /// Every output file another output's `<a href>` points at, for `hubgen check`.
    pub linked: std::collections::BTreeSet<String>,
}

/// Everything loaded and checked, ready to render: what `serve` keeps between rebuilds.
pub struct Prepared {
    pub config: Config,
    /// The site's data extension, if it has one.
    extension: Option<Box<dyn Provider>>,
    /// Every page, generated ones included.
    pub pages: Vec<load::content::RawPage>,
    i18n: Arc<crate::i18n::I18n>,
    templates: render::Templates,
    assets: render::Assets,
    /// Static files (the fingerprinted stylesheet among them).
    statics: OutputTree,
    /// How each output file is served: the config's header rules and the fingerprinted paths.
    pub policy: crate::headers::Policy,
    warnings: Vec<Diagnostic>,
    stages: Vec<(&'static str, Duration)>,
}

impl Prepared {
    /// Runs `f` with the shortcode provider and the render inputs.
    fn with_inputs<T>(&self, f: impl FnOnce(&render::Inputs<'_>) -> T) -> T {
        let provider: &dyn Provider = self.extension.as_deref().unwrap_or(&NoShortcodes);
        f(&render::Inputs {
            config: &self.config,
            pages: &self.pages,
            i18n: &self.i18n,
            templates: &self.templates,
            provider,
            assets: &self.assets,
        })
    }

    /// Takes edited Markdown files into the pages when the edit cannot move anything else, and
    /// says which pages to re-render: a body edit re-renders the page (and its copies in locales
    /// that fall back to it); a new title, description, weight or `extra` of a page below the top
    /// level also re-renders the sections that list it. `None` when a full rebuild is the only
    /// right answer: a new or removed file, a changed URL, date, template or draft flag, a top-level
    /// page (the menus list those), or any change outside `content/`.
    pub fn apply_body_edits(
        &mut self,
        root: &Path,
        changed: &[PathBuf],
    ) -> Option<std::collections::HashSet<usize>> {
        let mut edits = Vec::new();
        for path in changed {
            let rel = path.strip_prefix(root).ok()?;
            if !rel.starts_with("content") || rel.extension().is_none_or(|e| e != "md") {
                return None;
            }
            let i = self.pages.iter().position(|p| p.file == rel)?;
            let stamp = crate::load::files::stamp(path).ok()?;
            let text = std::fs::read_to_string(path).ok()?;
            let split = crate::source::split_front_matter(&text).ok()?;
            let front: load::content::FrontMatter =
                crate::yaml::parse(rel, split.front_matter, split.front_matter_line).ok()?;
            let old = &self.pages[i].front;
            let listed = front.title != old.title
                || front.description != old.description
                || front.weight != old.weight
                || front.link_title != old.link_title;
            // Values, not places: a longer title moves the later keys without changing them.
            let value = |v: &Option<Box<serde_saphyr::Spanned<String>>>| {
                v.as_ref().map(|s| s.value.clone())
            };
            let same_place = value(&front.slug) == value(&old.slug)
                && value(&front.date) == value(&old.date)
                && front.draft == old.draft
                && front.template == old.template;
            let page_rel = &self.pages[i].rel;
            let top_level = !page_rel.contains('/')
                || (page_rel.matches('/').count() == 1 && page_rel.ends_with("/_index.md"));
            // Aliases are checked against every URL and written as pages of their own: a page
            // that has or had one is a full build.
            let aliases = !front.aliases.is_empty() || !self.pages[i].aliases.is_empty();
            if !same_place || aliases || (listed && (top_level || self.pages[i].is_section())) {
                return None;
            }
            let parent = listed.then(|| {
                let dir = page_rel.rsplit_once('/').map_or("", |(d, _)| d);
                format!("{dir}/_index.md")
            });
            let offset = split.body_offset;
            edits.push((i, stamp, offset, front, parent));
        }
        let mut touched = std::collections::HashSet::new();
        for (i, stamp, offset, front, parent) in edits {
            let old = &self.pages[i];
            self.pages[i] = load::content::RawPage::on_disk(
                old.locale.clone(),
                old.rel.clone(),
                old.file.clone(),
                front,
                (std::sync::Arc::from(root), offset, stamp),
            );
            touched.insert(i);
            if let Some(section) = parent {
                // The section in every locale: a locale without this page lists the fallback.
                touched.extend(
                    self.pages
                        .iter()
                        .enumerate()
                        .filter(|(_, p)| p.rel == section)
                        .map(|(j, _)| j),
                );
            }
        }
        Some(touched)
    }

    /// Re-renders the pages at `indices` (after their bodies changed): the new bytes of every
    /// output that shows them. Nothing else can depend on a page's body.
    pub fn render_pages(
        &self,
        indices: &std::collections::HashSet<usize>,
    ) -> Result<Vec<(String, Vec<u8>)>, Vec<Diagnostic>> {
        let memory = crate::sink::Memory::default();
        let diags = self.with_inputs(|i| render::render_pages(i, indices, &memory));
        if diags.iter().any(Diagnostic::is_error) {
            return Err(diags);
        }
        Ok(memory.into_files().into_iter().collect())
    }
}

/// Runs the pipeline into an in-memory tree. On error, nothing is written anywhere.
pub fn build(
    root: &Path,
    overrides: &Overrides,
    load_extension: extension::Load,
) -> Result<(OutputTree, Report), Vec<Diagnostic>> {
    let prepared = prepare(root, overrides, load_extension)?;
    let memory = crate::sink::Memory::default();
    let mut report = render_all(&prepared, &memory, false)?;
    let tree = OutputTree {
        files: memory.into_files(),
    };
    report.files = tree.files.len();
    report.bytes = tree.total_bytes();
    Ok((tree, report))
}

/// Load and compute: every input read and checked, generated pages added.
pub fn prepare(
    root: &Path,
    overrides: &Overrides,
    load_extension: extension::Load,
) -> Result<Prepared, Vec<Diagnostic>> {
    let start = Instant::now();
    let config = Config::load(root, overrides)?;
    prepare_loaded(root, config, load_extension, start)
}

/// `prepare` with the config already loaded (once per build), timed from `start`.
fn prepare_loaded(
    root: &Path,
    config: Config,
    load_extension: extension::Load,
    start: Instant,
) -> Result<Prepared, Vec<Diagnostic>> {
    let mut report = Report::default();
    let mut diags = Diagnostics::new();
    let mut t = start;
    let mut lap = |name: &'static str, report: &mut Report| {
        report.stages.push((name, t.elapsed()));
        t = Instant::now();
    };

    // Load: every input, every error.
    let ext: Option<Box<dyn Provider>> = match load_extension(&SiteFiles::new(root)) {
        Some(Ok(p)) => {
            diags.extend(p.warnings());
            Some(p)
        }
        Some(Err(e)) => {
            diags.extend(e);
            None
        }
        None => None,
    };
    // The extension reads, validates and computes its data: every table is ready after this.
    lap("data", &mut report);
    let (mut pages, d) = load::content::load(&config);
    diags.extend(d);
    let (ftl, d) = load::i18n::load(&config);
    // Strings that failed to parse would be reported again as missing: stop at them.
    let strings_failed = d.iter().any(Diagnostic::is_error);
    diags.extend(d);
    diags.extend(plural_warnings(&config, &ftl));
    let (theme, d) = load::templates::load(&config);
    diags.extend(d);
    lap("content", &mut report);
    if strings_failed {
        return Err(diags.into_sorted());
    }
    // Strings and templates are checked even when data or content failed, so one run names the
    // errors of every stage that can run; rendering needs them all and waits.
    let (i18n, d) = load::i18n::localize(&config, &ftl);
    diags.extend(d);
    if let Some(ext) = &ext {
        diags.extend(missing_strings(&config, &i18n, ext.as_ref()));
    }
    let i18n = Arc::new(i18n);
    let tags = config
        .locales
        .iter()
        .map(|l| (l.code.clone(), l.tag.clone()))
        .collect();
    let templates = match render::templates(&theme.templates, i18n.clone(), tags, config.minify) {
        Ok(t) => Some(t),
        Err(e) => {
            diags.extend(e);
            None
        }
    };
    lap("strings and templates", &mut report);
    let Some(templates) = templates else {
        return Err(diags.into_sorted());
    };
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }

    let (mut tree, assets) = statics(&theme.statics, config.minify);
    let policy = crate::headers::Policy {
        rules: config.headers.clone(),
        locales: config.locales.iter().map(|l| l.code.clone()).collect(),
        fingerprinted: std::iter::once(&assets.css)
            .chain(assets.urls.values())
            .map(|u| u.trim_start_matches('/').to_owned())
            .collect(),
    };
    if config.publish.headers_file {
        tree.insert("_headers".into(), policy.headers_file().into_bytes());
    }

    let provider: &dyn Provider = ext.as_deref().unwrap_or(&NoShortcodes);
    diags.extend(add_generated_pages(&config, &i18n, provider, &mut pages));
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }
    Ok(Prepared {
        config,
        extension: ext,
        pages,
        i18n,
        templates,
        assets,
        statics: tree,
        policy,
        warnings: diags.into_sorted(),
        stages: report.stages,
    })
}

/// A plural select without every CLDR category of its locale: the default variant stands in for
/// the missing forms, which reads wrong ("5 тижні"); say where.
fn plural_warnings(config: &Config, ftl: &[load::i18n::FtlFile]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for locale in &config.locales {
        let cats = crate::coverage::plural_categories(&locale.code);
        for f in ftl.iter().filter(|f| f.locale == locale.code) {
            for g in crate::coverage::plural_gaps(f, &cats) {
                diags.push(
                    Diagnostic::warning(
                        code::STRINGS_PLURAL,
                        format!(
                            "`{}` selects on a number but lacks the plural categor{} {} of `{}`",
                            g.message,
                            if g.missing.len() == 1 { "y" } else { "ies" },
                            g.missing.join(", "),
                            locale.code
                        ),
                    )
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
    diags
}

/// The strings the extension's data names that the default locale does not define.
fn missing_strings(
    config: &Config,
    i18n: &crate::i18n::I18n,
    ext: &dyn Provider,
) -> Vec<Diagnostic> {
    let Some(default) = i18n.get(&config.default_locale) else {
        return Vec::new();
    };
    ext.required_strings()
        .into_iter()
        .filter(|(key, _, _)| !default.has(key))
        .map(|(key, file, pos)| {
            Diagnostic::error(
                code::STRINGS_MISSING,
                format!(
                    "data names the string `{key}`, which i18n/{} does not define",
                    config.default_locale
                ),
            )
            .in_file(&file)
            .at(pos)
            .with_hint("add it to a .ftl file of the default locale")
        })
        .collect()
}

/// Static files: the stylesheet is minified once and fingerprinted for long CDN caching, with its
/// Subresource Integrity; images, icons, fonts and scripts get a fingerprinted copy too (the
/// templates use it), and keep their own name for what links to them from outside or from
/// Markdown. `favicon.ico` (browsers ask for it by name) and `.well-known/` keep their name only.
fn statics(files: &[load::templates::StaticFile], minify: bool) -> (OutputTree, render::Assets) {
    use sha2::Digest as _;
    let mut tree = OutputTree::default();
    let mut assets = render::Assets {
        css: String::from("/style.css"),
        ..render::Assets::default()
    };
    for s in files {
        if s.rel == "style.css" {
            let text = String::from_utf8_lossy(&s.bytes);
            let css = if minify {
                crate::minify::css(&text)
            } else {
                text.into_owned()
            };
            let name = fingerprinted_name(&s.rel, css.as_bytes());
            assets.css = format!("/{name}");
            assets.css_integrity = format!(
                "sha384-{}",
                crate::output::base64(&sha2::Sha384::digest(css.as_bytes()))
            );
            tree.insert(name, css.into_bytes());
            continue;
        }
        if fingerprints(&s.rel) {
            let name = fingerprinted_name(&s.rel, &s.bytes);
            assets.urls.insert(s.rel.clone(), format!("/{name}"));
            tree.insert(name, s.bytes.clone());
        }
        tree.insert(s.rel.clone(), s.bytes.clone());
    }
    (tree, assets)
}

/// Whether a static file gets a fingerprinted copy.
fn fingerprints(rel: &str) -> bool {
    let ext = rel.rsplit_once('.').map_or("", |(_, e)| e);
    let kinds = [
        "svg", "png", "jpg", "jpeg", "gif", "webp", "avif", "woff", "woff2", "ttf", "otf", "js",
    ];
    kinds.contains(&ext.to_ascii_lowercase().as_str())
        && !rel.starts_with(".well-known/")
        && rel != "favicon.ico"
}

/// `dir/name.<8 hex of the content hash>.ext`.
fn fingerprinted_name(rel: &str, bytes: &[u8]) -> String {
    let hash = xxhash_rust::xxh3::xxh3_64(bytes) >> 32;
    match rel.rsplit_once('.') {
        Some((stem, ext)) if !stem.ends_with('/') && !stem.is_empty() => {
            format!("{stem}.{hash:08x}.{ext}")
        }
        _ => format!("{rel}.{hash:08x}"),
    }
}

/// Adds the pages the extension generates, per locale; a page written by hand at the same path
/// wins. Returns the strings the generated pages needed and no locale had.
fn add_generated_pages(
    config: &Config,
    i18n: &crate::i18n::I18n,
    provider: &dyn Provider,
    pages: &mut Vec<load::content::RawPage>,
) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    for locale in &config.locales {
        let Some(loc) = i18n.get(&locale.code) else {
            continue;
        };
        let tracked = crate::i18n::Tracked::new(loc);
        let generated = provider.pages(&tracked);
        for miss in tracked.into_misses() {
            let message = match &miss.problem {
                Some(_) => format!("generated pages: {miss}"),
                None => format!(
                    "generated pages need the string `{}`, which locale `{}` and its fallbacks lack",
                    miss.key, locale.code
                ),
            };
            diags.push(Diagnostic::error(miss.code(), message).with_hint(miss.hint()));
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
    diags
}

/// Render into `sink`: the statics, every page (each handed over by the worker that rendered it),
/// the site files and the domain's exports. `index` keeps each page's links and anchors for the
/// link checker. On error the sink may hold part of the site; the caller throws it away.
pub fn render_all(p: &Prepared, sink: &dyn Sink, index: bool) -> Result<Report, Vec<Diagnostic>> {
    let t = Instant::now();
    let mut report = Report {
        stages: p.stages.clone(),
        pages: p.pages.len(),
        ..Report::default()
    };
    let mut diags = Diagnostics::new();
    diags.extend(p.warnings.iter().cloned());
    for (path, bytes) in &p.statics.files {
        if let Err(d) = render::put(sink, path, bytes.clone()) {
            diags.push(d);
        }
    }
    if !diags.has_errors() {
        let (rendered, d) = p.with_inputs(|i| render::render(i, sink, index));
        diags.extend(d);
        report.links = rendered.index;
        report.linked = rendered.linked;
    }
    if !diags.has_errors()
        && let Some(ext) = &p.extension
    {
        for (path, bytes) in ext.exports() {
            if let Err(d) = render::put(sink, &path, bytes) {
                diags.push(d);
            }
        }
    }
    report.stages.push(("render and write", t.elapsed()));
    if diags.has_errors() {
        return Err(diags.into_sorted());
    }
    report.warnings = diags.into_sorted();
    Ok(report)
}

/// Why `build_to_disk` wrote nothing.
pub enum Failure {
    /// The output folder is not one hubgen may write into (exit 2).
    Refused(crate::output::guard::Refusal),
    /// The build or the write failed (exit 1).
    Diagnostics(Vec<Diagnostic>),
}

/// Builds and writes to `out`; a refused output or a failed build or write leaves `out` as it
/// was. `force` lets the build take over a folder hubgen did not write (never a source folder).
pub fn build_to_disk(
    root: &Path,
    out: &Path,
    overrides: &Overrides,
    force: bool,
    opts: crate::output::WriteOptions,
    load_extension: extension::Load,
) -> Result<Report, Failure> {
    let start = Instant::now();
    let config = Config::load(root, overrides).map_err(Failure::Diagnostics)?;
    let target = crate::output::guard::check(root, &config.source_dirs(), out, force)
        .map_err(Failure::Refused)?;
    let base_url_set = config.base_url_set;
    let mut prepared =
        prepare_loaded(root, config, load_extension, start).map_err(Failure::Diagnostics)?;
    let write_failed = |e: std::io::Error| {
        Failure::Diagnostics(vec![
            Diagnostic::error(code::WRITE_FAILED, format!("cannot write {}: {e}", out.display())).with_hint(
                "nothing was replaced; check the free space and the permissions of the output's parent folder",
            ),
        ])
    };
    let staging = crate::output::Staging::begin(&target, opts).map_err(write_failed)?;
    // On error `staging` is dropped uncommitted, which removes it: the output stays as it was.
    let mut report = render_all(&prepared, &staging, false).map_err(Failure::Diagnostics)?;
    let policy = std::mem::take(&mut prepared.policy);
    drop(prepared);
    if !base_url_set {
        report.warnings.push(
            Diagnostic::warning(
                code::BASE_URL_UNSET,
                format!(
                    "no base_url is set: canonical links, the sitemap and Open Graph point at {}",
                    crate::config::DEV_BASE_URL
                ),
            )
            .in_file(crate::config::CONFIG_FILE)
            .with_hint("set `base_url: https://your.site` in hubgen.yaml, or pass --base-url"),
        );
    }
    let t = Instant::now();
    let (written, totals) = staging.commit(&policy).map_err(write_failed)?;
    report.files = totals.files;
    report.bytes = usize::try_from(totals.bytes).unwrap_or(usize::MAX);
    for p in &written.removed_leftovers {
        report.warnings.push(Diagnostic::warning(
            code::WRITE_LEFTOVER,
            format!(
                "removed {}, left by a build that did not finish",
                p.display()
            ),
        ));
    }
    if let Some((p, e)) = &written.old_not_removed {
        report.warnings.push(
            Diagnostic::warning(
                code::WRITE_OLD_KEPT,
                format!(
                    "the new site is in place, but the old one could not be removed from {}: {e}",
                    p.display()
                ),
            )
            .with_hint("the next build removes it"),
        );
    }
    report.stages.push(("swap", t.elapsed()));
    Ok(report)
}

/// The output folder: `--out`, else `public/` under the root.
pub fn out_dir(root: &Path, out: Option<PathBuf>) -> PathBuf {
    out.unwrap_or_else(|| root.join("public"))
}
