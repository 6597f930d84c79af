//! Render: plan every page of every locale as a flat job list, then render Markdown and Tera in
//! parallel over shared, read-only state. The only module that knows Tera.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;

use rayon::prelude::*;
use serde::Serialize;
use tera::{Context, Kwargs, State, Tera, Value};

use crate::config::Config;
use crate::diag::{Diagnostic, Pos, code};
use crate::i18n::{Arg, I18n};
use crate::load::content::RawPage;
use crate::load::templates::TemplateSource;
use crate::markdown;
use crate::shortcode::Provider;
use crate::sink::{Refused, Sink};
use crate::source::pos_of;
use crate::typography::Typography;
use crate::view::TableView;

/// The Tera instance and where each template came from.
pub struct Templates {
    tera: Tera,
    /// Template name → (file, original source, the source Tera was given).
    files: HashMap<String, (PathBuf, String, String)>,
    /// Whether whole pages get the last minification pass.
    minify: bool,
}

/// Registers `t()` and the `lang_tag` filter and loads every template (minified once, here,
/// when `minify` is on). `tags` maps each locale code to the BCP 47 tag its pages carry.
pub fn templates(
    sources: &[TemplateSource],
    i18n: Arc<I18n>,
    tags: HashMap<String, String>,
    minify: bool,
) -> Result<Templates, Vec<Diagnostic>> {
    let mut tera = Tera::new();
    tera.autoescape_on(vec![".html", ".xml"]);
    // `{{ lang | lang_tag }}`: a locale code as `lang`/`hreflang` want it (`zh` → `zh-Hans`);
    // a value that is no locale's code stays as it is.
    tera.register_filter("lang_tag", move |code: &str, _: Kwargs, _: &State| {
        tags.get(code).cloned().unwrap_or_else(|| code.to_owned())
    });
    let strings = i18n.clone();
    tera.register_function(
        "t",
        move |kwargs: Kwargs, state: &State| -> tera::TeraResult<String> {
            let key: String = kwargs.must_get("key")?;
            let lang: String = match kwargs.get::<String>("lang")? {
                Some(l) => l,
                None => state.get::<String>("lang")?.unwrap_or_default(),
            };
            let loc = strings.get(&lang).ok_or_else(|| {
                tera::Error::message(format!("`t()` called for unknown locale `{lang}`"))
            })?;
            let args = fluent_args(&kwargs);
            let args: Vec<(&str, Arg)> =
                args.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
            loc.t(&key, &args)
                .map_err(|m| tera::Error::message(m.to_string()))
        },
    );
    let mut files = HashMap::new();
    let mut raw: Vec<(String, String)> = Vec::new();
    for s in sources {
        let text = if minify && s.name.ends_with(".html") {
            crate::minify::template(&s.text)
        } else {
            s.text.clone()
        };
        files.insert(
            s.name.clone(),
            (s.file.clone(), s.text.clone(), text.clone()),
        );
        raw.push((s.name.clone(), text));
    }
    if let Err(e) = tera.add_raw_templates(raw.iter().map(|(n, t)| (n.as_str(), t.as_str()))) {
        // Positions in a minified template do not map back reliably: parse the originals, as
        // written, to point at the right line.
        let mut plain = Tera::new();
        // The same functions as the real one, so only the real error is reported.
        plain.register_function("t", |_: Kwargs, _: &State| -> tera::TeraResult<String> {
            Ok(String::new())
        });
        plain.register_filter("lang_tag", |code: &str, _: Kwargs, _: &State| {
            code.to_owned()
        });
        let originals: Vec<(String, String)> = sources
            .iter()
            .map(|s| (s.name.clone(), s.text.clone()))
            .collect();
        let e = match plain
            .add_raw_templates(originals.iter().map(|(n, t)| (n.as_str(), t.as_str())))
        {
            Err(original) => original,
            Ok(()) => e,
        };
        let files = files
            .into_iter()
            .map(|(k, (f, original, _))| (k, (f, original.clone(), original)))
            .collect();
        let t = Templates {
            tera: Tera::new(),
            files,
            minify,
        };
        return Err(t.reference_diagnostics(&e));
    }
    Ok(Templates {
        tera,
        files,
        minify,
    })
}

fn fluent_args(kwargs: &Kwargs) -> Vec<(String, Arg)> {
    kwargs
        .iter()
        .filter_map(|(k, v)| {
            let k = k.as_str()?;
            if k == "key" || k == "lang" {
                return None;
            }
            let arg = if v.is_number() {
                Arg::Num(v.as_f64().unwrap_or_default())
            } else {
                Arg::Str(v.as_str().map_or_else(|| v.to_string(), str::to_owned))
            };
            Some((k.to_owned(), arg))
        })
        .collect()
}

impl Templates {
    /// A Tera error as a diagnostic at the template's file and line (the source is shown minified
    /// only if the error is in a minified template; the line is mapped to the original when found).
    fn diagnostic(&self, e: &tera::Error, page: Option<&RawPage>) -> Diagnostic {
        let (message, report) = match e.kind() {
            tera::ErrorKind::SyntaxError(r) | tera::ErrorKind::RenderingError(r) => {
                (r.message().to_owned(), Some(r))
            }
            _ => (e.to_string(), None),
        };
        let mut message = message;
        if let Some(src) = std::error::Error::source(e) {
            message = format!("{message}: {src}");
        }
        let mut d = Diagnostic::error(code::TEMPLATE, format!("template: {message}"));
        if let Some(r) = report {
            if let Some((file, original, given)) = self.files.get(r.filename()) {
                d = d.in_file(file);
                let span = r.span();
                let pos = Pos {
                    line: span.start_line,
                    col: span.start_col + 1,
                };
                // Templates are minified before Tera sees them: find the failing text in the original.
                let failing = given.get(span.range.clone()).filter(|f| !f.is_empty());
                let exact = (given == original).then_some(span.range.start);
                match exact.or_else(|| failing.and_then(|f| original.find(f))) {
                    Some(off) => d = d.at_in(pos_of(original, off), original),
                    None => d = d.at(pos),
                }
            } else {
                d = d.in_file(r.filename());
            }
        }
        if let Some(p) = page {
            d = d.with_hint(format!("while rendering {}", p.file.display()));
        }
        d
    }

    /// Tera reports unknown filters, tests and functions of all templates as one message of
    /// `error: …` / `--> name:line:col` blocks: one diagnostic per block, at the template's file.
    fn reference_diagnostics(&self, e: &tera::Error) -> Vec<Diagnostic> {
        let tera::ErrorKind::Msg(text) = e.kind() else {
            return vec![self.diagnostic(e, None)];
        };
        let mut out = Vec::new();
        let mut message: Option<&str> = None;
        for line in text.lines() {
            if let Some(m) = line.trim_start().strip_prefix("error: ") {
                message = Some(m);
            } else if let (Some(m), Some(loc)) = (message, line.trim_start().strip_prefix("--> ")) {
                let mut parts = loc.rsplitn(3, ':');
                let col = parts.next().and_then(|c| c.parse::<usize>().ok());
                let line_no = parts.next().and_then(|l| l.parse::<usize>().ok());
                let name = parts.next().unwrap_or(loc);
                let mut d = Diagnostic::error(code::TEMPLATE, format!("template: {m}"));
                match (self.files.get(name), line_no, col) {
                    (Some((file, original, _)), Some(line), Some(col)) => {
                        d = d.in_file(file).at_in(Pos { line, col }, original);
                    }
                    _ => d = d.in_file(name),
                }
                out.push(d);
                message = None;
            }
        }
        if out.is_empty() {
            out.push(self.diagnostic(e, None));
        }
        out
    }

    fn render(
        &self,
        name: &str,
        ctx: &Context,
        page: Option<&RawPage>,
    ) -> Result<String, Diagnostic> {
        self.tera
            .render(name, ctx)
            .map_err(|e| self.diagnostic(&e, page))
    }

    /// Renders a whole HTML page, as bytes (Tera's `render` would check the page's UTF-8 once
    /// more only to hand it back as a `String`): through the last minification pass when
    /// minifying.
    /// `size_hint` is what the page's content will take: the layout is added to it.
    fn render_html(
        &self,
        name: &str,
        ctx: &Context,
        page: Option<&RawPage>,
        size_hint: usize,
    ) -> Result<Vec<u8>, Diagnostic> {
        let mut html = Vec::with_capacity(size_hint + 16 * 1024);
        self.tera
            .render_to(name, ctx, &mut html)
            .map_err(|e| self.diagnostic(&e, page))?;
        Ok(if self.minify {
            crate::minify::page(&html)
        } else {
            html
        })
    }

    pub fn has(&self, name: &str) -> bool {
        self.tera.get_template_names().any(|n| n == name)
    }
}

/// One page to write, planned before any rendering.
struct Job<'a> {
    /// Index into the page list: the content shown.
    page: usize,
    /// The locale whose URL space and interface the page belongs to (borrowed, as the template's
    /// name, from the config and the pages: one job is held for every page of the site).
    locale: &'a str,
    url: String,
    template: &'a str,

    /// For sections: the jobs listed, as indices into the job list.
    children: Vec<usize>,
    /// For a page missing in `locale` and shown from a locale of its fallback chain: the job of
    /// the original page.
    fallback_of: Option<usize>,
    /// This page in every locale that has it (a translation or a fallback), as jobs in the
    /// config's locale order; one list shared by all of them.
    versions: Arc<[usize]>,
}

impl<'a> Job<'a> {
    /// Other locales' real translations of this page. None for a fallback page, which is never
    /// advertised as a translation.
    fn translations<'b>(&'b self, jobs: &'b [Job<'a>]) -> impl Iterator<Item = &'b Job<'a>> + 'b {
        let real = self.fallback_of.is_none();
        self.versions
            .iter()
            .map(move |&k| &jobs[k])
            .filter(move |v| real && v.url != self.url && v.fallback_of.is_none())
    }
}

#[derive(Serialize)]
struct Link {
    lang: String,
    name: String,
    url: String,
    permalink: String,
    current: bool,
    /// The page in that locale is shown from another language.
    fallback: bool,
}

#[derive(Serialize)]
struct Child<'a> {
    title: &'a str,
    description: Option<&'a str>,
    url: String,
    date: Option<&'a str>,
    /// The language of the child's content (another locale's when it is a fallback page).
    lang: &'a str,
}

#[derive(Serialize)]
struct PageCtx<'a> {
    title: &'a str,
    description: Option<&'a str>,
    date: Option<&'a str>,
    url: &'a str,
    permalink: String,
    /// The original page's address for a fallback page, else the page's own.
    canonical: String,
    /// The language of the content.
    lang: &'a str,
    /// For a page shown from another locale: where the original lives, and its language.
    fallback: Option<Link>,
    /// The `x-default` alternate: the language chooser for home pages when every locale has a
    /// prefix, else the default locale's version. None on a fallback page.
    x_default: Option<String>,
    kind: &'static str,
    content: Value,
    headings: &'a [markdown::Heading],
    translations: Vec<Link>,
    children: Vec<Child<'a>>,
    extra: Option<&'a serde_json::Value>,
    /// Structured data blocks, each a JSON text safe inside `<script>`.
    jsonld: Vec<String>,
}

/// Everything rendering reads, shared by all workers.
pub struct Inputs<'a> {
    pub config: &'a Config,
    pub pages: &'a [RawPage],
    pub i18n: &'a I18n,
    pub templates: &'a Templates,
    pub provider: &'a dyn Provider,
    /// The stylesheet's and the other fingerprinted assets' URLs.
    pub assets: &'a Assets,
}

/// The URLs of the theme's and the site's static assets as templates use them.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Assets {
    /// `/style.<hash>.css`.
    pub css: String,
    /// Subresource Integrity of the stylesheet: `sha384-<base64>`.
    pub css_integrity: String,
    /// Static path (`favicon.svg`) → its fingerprinted URL (`/favicon.<hash>.svg`).
    pub urls: std::collections::BTreeMap<String, String>,
}

impl Assets {
    /// The URL of a static file: its fingerprinted one when there is one.
    pub fn url(&self, rel: &str) -> String {
        self.urls
            .get(rel)
            .cloned()
            .unwrap_or_else(|| format!("/{rel}"))
    }
}

/// What rendering keeps once the files are in the sink: per page, what the link checker needs
/// (empty unless asked for), and how many pages there were.
#[derive(Debug, Default)]
pub struct Rendered {
    pub pages: usize,
    pub index: Vec<PageLinks>,
    /// With `index`: every output file an `<a href>` of another output points at.
    pub linked: std::collections::BTreeSet<String>,
}

/// A rendered page as the link checker sees it: the links its body makes, and from its HTML the
/// ids it holds and the site paths its `<a href>`s point at (scanned, not parsed into a DOM).
#[derive(Debug, Clone)]
pub struct PageLinks {
    pub output: String,
    pub url: String,
    pub source: PathBuf,
    pub links: Vec<markdown::Link>,
    pub ids: Vec<String>,
}

/// URL path of a page (`/uk/fine-tuning/`), from its locale folder path and slug.
pub fn url_of(config: &Config, page: &RawPage) -> String {
    let prefix = config.locale_prefix(&page.locale);
    let rel = page.rel.strip_suffix(".md").unwrap_or(&page.rel);
    let mut parts: Vec<&str> = rel.split('/').collect();
    if parts.last() == Some(&"_index") {
        parts.pop();
    } else if let (Some(slug), Some(last)) = (
        page.front.slug.as_ref().map(|s| s.value.as_str()),
        parts.last_mut(),
    ) {
        *last = slug;
    }
    let mut url = prefix;
    url.push('/');
    for p in parts {
        url.push_str(p);
        url.push('/');
    }
    url
}

fn dir_of(rel: &str) -> &str {
    rel.rsplit_once('/').map_or("", |(d, _)| d)
}

/// URL of `page` inside `locale`'s URL space (a fallback page keeps the original's path).
fn url_in(config: &Config, locale: &str, page: &RawPage) -> String {
    let own = url_of(config, page);
    let prefix = config.locale_prefix(&page.locale);
    let rest = own.strip_prefix(&prefix).unwrap_or(&own);
    format!("{}{rest}", config.locale_prefix(locale))
}

/// The directory whose section lists this page: its own folder, or for a section its parent's.
fn parent_dir(rel: &str) -> Option<&str> {
    if rel == "_index.md" {
        None
    } else if rel.ends_with("/_index.md") {
        Some(dir_of(dir_of(rel)))
    } else {
        Some(dir_of(rel))
    }
}

/// Plans the jobs: one per page per locale, then one per page a locale lacks, taken from the
/// first locale of its fallback chain that has it written (never another locale's fallback
/// copy); then translations, versions and children.
fn plan<'a>(inputs: &Inputs<'a>) -> (Vec<Job<'a>>, Vec<Diagnostic>) {
    let config = inputs.config;
    let pages = inputs.pages;
    let mut diags = Vec::new();
    let template_of = |p: &'a RawPage| {
        p.front.template.as_deref().unwrap_or(if p.is_section() {
            "section.html"
        } else {
            "page.html"
        })
    };
    let mut jobs: Vec<Job> = pages
        .iter()
        .enumerate()
        .map(|(i, p)| Job {
            page: i,
            locale: &p.locale,
            url: url_of(config, p),
            template: template_of(p),
            children: Vec::new(),
            fallback_of: None,
            versions: Arc::from([]),
        })
        .collect();
    // (rel, locale) → page, for the pages written in each locale (a page's job has its index).
    let mut by_rel: HashMap<(&str, &str), usize> = HashMap::new();
    for (i, p) in pages.iter().enumerate() {
        by_rel.insert((p.rel.as_str(), p.locale.as_str()), i);
    }
    let mut rels: Vec<&str> = pages.iter().map(|p| p.rel.as_str()).collect();
    rels.sort_unstable();
    rels.dedup();
    for locale in &config.locales {
        for rel in &rels {
            if by_rel.contains_key(&(*rel, locale.code.as_str())) {
                continue;
            }
            // `by_rel` holds written pages only: a chain never stops at another locale's
            // fallback copy, whatever order the locales are listed in.
            let Some(orig) = locale
                .fallback
                .iter()
                .find_map(|f| by_rel.get(&(*rel, f.as_str())).copied())
            else {
                continue;
            };
            let p = &pages[orig];
            jobs.push(Job {
                page: orig,
                locale: &locale.code,
                url: url_in(config, &locale.code, p),
                template: template_of(p),
                children: Vec::new(),
                fallback_of: Some(orig),
                versions: Arc::from([]),
            });
        }
    }
    diags.extend(url_clashes(pages, &jobs));
    diags.extend(alias_clashes(pages, &jobs));
    let order = |l: &str| config.locales.iter().position(|x| x.code == l);
    let mut versions_of: HashMap<&str, Vec<usize>> = HashMap::new();
    for (j, job) in jobs.iter().enumerate() {
        versions_of
            .entry(pages[job.page].rel.as_str())
            .or_default()
            .push(j);
    }
    let shared: HashMap<&str, Arc<[usize]>> = versions_of
        .into_iter()
        .map(|(rel, mut v)| {
            v.sort_by_key(|&k| order(jobs[k].locale));
            (rel, Arc::from(v))
        })
        .collect();
    let all_children = section_children(pages, &jobs);
    for (job, children) in jobs.iter_mut().zip(all_children) {
        job.versions = Arc::clone(&shared[pages[job.page].rel.as_str()]);
        job.children = children;
    }
    (jobs, diags)
}

/// Two jobs with one URL: an error naming both files.
fn url_clashes(pages: &[RawPage], jobs: &[Job]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let mut by_url: HashMap<&str, usize> = HashMap::new();
    for (i, job) in jobs.iter().enumerate() {
        if let Some(j) = by_url.insert(job.url.as_str(), i) {
            let (a, b) = (&pages[jobs[j].page], &pages[job.page]);
            diags.push(
                Diagnostic::error(
                    code::URL_CLASH,
                    format!("two pages have the URL {}", job.url),
                )
                .in_file(&b.file)
                .with_hint(format!(
                    "the other is {}; give one a different `slug`",
                    a.file.display()
                )),
            );
        }
    }
    diags
}

/// An alias that is another page's URL or another page's alias: an error at the alias.
fn alias_clashes(pages: &[RawPage], jobs: &[Job]) -> Vec<Diagnostic> {
    let mut diags = Vec::new();
    let urls: HashMap<&str, usize> = jobs.iter().map(|j| (j.url.as_str(), j.page)).collect();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for (i, p) in pages.iter().enumerate() {
        for a in &p.aliases {
            let other = urls
                .get(a.url.as_str())
                .map(|&o| ("the URL", o))
                .or_else(|| seen.insert(&a.url, i).map(|o| ("an alias", o)));
            if let Some((what, o)) = other {
                diags.push(
                    Diagnostic::error(
                        code::URL_CLASH,
                        format!(
                            "alias `{}` is also {what} of {}",
                            a.url,
                            pages[o].file.display()
                        ),
                    )
                    .in_file(&p.file)
                    .at(a.pos)
                    .with_hint("an alias is an old URL no page has now; remove it or the other"),
                );
            }
        }
    }
    diags
}

/// The redirects of the pages' aliases, `(alias, the page's URL, its title)`, by alias: only a
/// page's own version has them (a fallback copy is another URL of the same text).
fn redirects<'p>(pages: &'p [RawPage], jobs: &[Job]) -> Vec<(&'p str, String, &'p str)> {
    let mut out: Vec<(&str, String, &str)> = jobs
        .iter()
        .filter(|j| j.fallback_of.is_none())
        .flat_map(|j| {
            let p = &pages[j.page];
            p.aliases
                .iter()
                .map(move |a| (a.url.as_str(), j.url.clone(), p.front.title.as_str()))
        })
        .collect();
    out.sort();
    out
}

/// A page that sends visitors and crawlers from an old URL to the page's URL: a refresh, a
/// canonical link and a plain link for anything that follows neither. Not indexed.
fn redirect_page(base_url: &str, to: &str, title: &str, lang: &str) -> Vec<u8> {
    use pulldown_cmark_escape::{escape_href, escape_html};
    let (mut href, mut text) = (String::new(), String::new());
    let _ = escape_href(&mut href, to);
    let _ = escape_html(&mut text, title);
    format!(
        "<!doctype html><html lang={lang}><head><meta charset=utf-8><title>{text}</title>\
         <meta name=robots content=noindex><link rel=canonical href=\"{base_url}{href}\">\
         <meta http-equiv=refresh content=\"0; url={href}\"></head><body><main><h1>\
         <a href=\"{href}\">{text}</a></h1></main></body></html>\n"
    )
    .into_bytes()
}

/// Each section's children: the jobs of its locale whose parent folder is the section's, by
/// weight, title and URL.
fn section_children(pages: &[RawPage], jobs: &[Job]) -> Vec<Vec<usize>> {
    let mut by_parent: HashMap<(&str, &str), Vec<usize>> = HashMap::new();
    for (j, job) in jobs.iter().enumerate() {
        if let Some(dir) = parent_dir(&pages[job.page].rel) {
            by_parent.entry((job.locale, dir)).or_default().push(j);
        }
    }
    let mut all_children: Vec<Vec<usize>> = Vec::with_capacity(jobs.len());
    for (j, job) in jobs.iter().enumerate() {
        let p = &pages[job.page];
        let mut c = if p.is_section() {
            by_parent
                .get(&(job.locale, dir_of(&p.rel)))
                .map(|v| v.iter().copied().filter(|&k| k != j).collect())
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        c.sort_by(|a, b| {
            let (pa, pb) = (&pages[jobs[*a].page], &pages[jobs[*b].page]);
            (pa.front.weight.unwrap_or(0), &pa.front.title, &jobs[*a].url).cmp(&(
                pb.front.weight.unwrap_or(0),
                &pb.front.title,
                &jobs[*b].url,
            ))
        });
        all_children.push(c);
    }
    all_children
}

/// Site-wide values per locale: navigation and locale names, built once and shared by all pages.
fn site_values(inputs: &Inputs<'_>, jobs: &[Job]) -> HashMap<String, Value> {
    #[derive(Serialize)]
    struct NavItem {
        title: String,
        url: String,
    }
    #[derive(Serialize)]
    struct LocaleInfo {
        code: String,
        name: String,
        home: String,
        /// The locale has its own home page (not one shown from its fallback).
        translated: bool,
    }
    #[derive(Serialize)]
    struct SiteCtx<'a> {
        /// The site's name from `hubgen.yaml`, if it has one.
        title: Option<&'a str>,
        base_url: &'a str,
        css: &'a str,
        css_integrity: &'a str,
        favicon: String,
        assets: &'a std::collections::BTreeMap<String, String>,
        default_locale: &'a str,
        home: String,
        nav: Vec<NavItem>,
        locales: Vec<LocaleInfo>,
        /// What the data extension gives the theme (`Provider::template_data`).
        data: &'a serde_json::Value,
    }
    let config = inputs.config;
    let data = inputs.provider.template_data();
    let mut out = HashMap::new();
    for locale in &config.locales {
        let Some(loc) = inputs.i18n.get(&locale.code) else {
            continue;
        };
        // Top-level pages of the locale, its fallback pages included.
        let mut top: Vec<(&RawPage, &str)> = jobs
            .iter()
            .filter(|j| j.locale == locale.code)
            .map(|j| (&inputs.pages[j.page], j.url.as_str()))
            .filter(|(p, _)| p.rel != "_index.md")
            .filter(|(p, _)| {
                let depth = p.rel.matches('/').count();
                (depth == 0 && !p.is_section()) || (depth == 1 && p.is_section())
            })
            .collect();
        top.sort_by(|(a, au), (b, bu)| {
            (a.front.weight.unwrap_or(0), &a.front.title, au).cmp(&(
                b.front.weight.unwrap_or(0),
                &b.front.title,
                bu,
            ))
        });
        let ctx = SiteCtx {
            title: config.title.as_deref(),
            base_url: &config.base_url,
            css: &inputs.assets.css,
            css_integrity: &inputs.assets.css_integrity,
            favicon: inputs.assets.url("favicon.svg"),
            assets: &inputs.assets.urls,
            default_locale: &config.default_locale,
            home: format!("{}/", config.locale_prefix(&locale.code)),
            nav: top
                .into_iter()
                .map(|(p, url)| NavItem {
                    title: p
                        .front
                        .link_title
                        .clone()
                        .unwrap_or_else(|| p.front.title.clone()),
                    url: url.to_owned(),
                })
                .collect(),
            locales: config
                .locales
                .iter()
                .map(|l| LocaleInfo {
                    code: l.code.clone(),
                    name: loc_name(inputs.i18n, &l.code),
                    home: format!("{}/", config.locale_prefix(&l.code)),
                    translated: inputs
                        .pages
                        .iter()
                        .any(|p| p.locale == l.code && p.rel == "_index.md"),
                })
                .collect(),
            data: &data,
        };
        let _ = loc;
        out.insert(locale.code.clone(), Value::from_serializable(&ctx));
    }
    out
}

/// A language's name in itself (`Українська`), from its own strings.
fn loc_name(i18n: &I18n, code: &str) -> String {
    i18n.get(code)
        .and_then(|l| l.t("language-name", &[]).ok())
        .unwrap_or_else(|| code.to_owned())
}

/// Every page's URL by (locale, path in the locale folder), for `@/` links.
/// (locale, path in the locale folder) → URL, borrowed from the plan: no copy per page.
type UrlMap<'a> = HashMap<(&'a str, &'a str), &'a str>;

/// The URL of every job, fallback pages included, by (locale, path in the locale folder).
fn url_map<'a>(pages: &'a [RawPage], jobs: &'a [Job]) -> UrlMap<'a> {
    jobs.iter()
        .map(|j| ((j.locale, pages[j.page].rel.as_str()), j.url.as_str()))
        .collect()
}

/// Resolves `@/path.md#anchor` from a page of `locale`: that locale's page, else the first page
/// along the locale's fallback chain.
/// `view` with every `@/` cell link resolved to its URL, or `None` when it has none (the common
/// case, which then costs no copy).
fn resolve_cell_links(
    view: &TableView,
    resolve: &dyn Fn(&str) -> Result<String, String>,
) -> Result<Option<TableView>, String> {
    let internal = |c: &crate::view::Cell| c.link.as_deref().is_some_and(|l| l.starts_with("@/"));
    if !view.rows.iter().flatten().any(internal) {
        return Ok(None);
    }
    let mut out = view.clone();
    for cell in out.rows.iter_mut().flatten() {
        if let Some(link) = cell.link.as_mut().filter(|l| l.starts_with("@/")) {
            *link = resolve(link)?;
        }
    }
    Ok(Some(out))
}

fn resolve_link(
    config: &Config,
    urls: &UrlMap<'_>,
    locale: &str,
    dest: &str,
) -> Result<String, String> {
    let target = dest.trim_start_matches("@/");
    let (path, anchor) = match target.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (target, None),
    };
    let fallback = config
        .locales
        .iter()
        .find(|l| l.code == locale)
        .map(|l| l.fallback.as_slice())
        .unwrap_or_default();
    let chain = std::iter::once(locale).chain(fallback.iter().map(String::as_str));
    for code in chain {
        if let Some(url) = urls.get(&(code, path)) {
            return Ok(match anchor {
                Some(a) => format!("{url}#{a}"),
                None => (*url).to_owned(),
            });
        }
    }
    Err(format!(
        "link to `{dest}`: there is no page content/{locale}/{path} (nor in its fallback locales)"
    ))
}

/// JSON for a `<script type="application/ld+json">`: `<` escaped so the text cannot close the tag.
fn script_json(v: &serde_json::Value) -> String {
    serde_json::to_string(v)
        .unwrap_or_default()
        .replace('<', "\\u003c")
}

/// Renders every page, the root, 404, sitemap and robots into `sink`, each page by the worker that
/// rendered it. Collects every error; keeps each page's links only when `index` is set.
pub fn render(inputs: &Inputs<'_>, sink: &dyn Sink, index: bool) -> (Rendered, Vec<Diagnostic>) {
    render_where(inputs, None, sink, index)
}

/// Renders only the jobs that show one of `pages` (indices into the page list): what a change to
/// those pages' bodies can affect. The site files (root, 404, sitemap) are left out.
pub fn render_pages(
    inputs: &Inputs<'_>,
    pages: &std::collections::HashSet<usize>,
    sink: &dyn Sink,
) -> Vec<Diagnostic> {
    render_where(inputs, Some(pages), sink, false).1
}

fn render_where(
    inputs: &Inputs<'_>,
    only: Option<&std::collections::HashSet<usize>>,
    sink: &dyn Sink,
    index: bool,
) -> (Rendered, Vec<Diagnostic>) {
    let (jobs, mut diags) = plan(inputs);
    let sites = site_values(inputs, &jobs);
    let urls = url_map(inputs.pages, &jobs);
    let linked = std::sync::Mutex::new(std::collections::BTreeSet::new());
    // One per job, held until every page is done: boxed, so a build without an index keeps a
    // word or two per page rather than a whole `PageLinks`.
    type PageResult = Result<Option<Box<PageLinks>>, Vec<Diagnostic>>;
    let selected: Vec<&Job> = jobs
        .iter()
        .filter(|job| only.is_none_or(|o| o.contains(&job.page)))
        .collect();
    // Pages go to the sink a few at a time, so that it can hash their MD5s side by side.
    let pages = || -> Vec<PageResult> {
        selected
            .par_chunks(PUT_BATCH)
            .flat_map_iter(|chunk| {
                let mut results: Vec<PageResult> = Vec::with_capacity(chunk.len());
                let (mut files, mut slots) = (Vec::new(), Vec::new());
                for &job in chunk {
                    if sink.failed() {
                        results.push(Ok(None));
                        continue;
                    }
                    match render_page(inputs, &sites, &urls, &jobs, job) {
                        Err(d) => results.push(Err(d)),
                        Ok((path, bytes, mut links)) => {
                            if index {
                                let hrefs;
                                (links.ids, hrefs) = scan_html(&String::from_utf8_lossy(&bytes));
                                note_links(&linked, &path, &hrefs);
                            }
                            slots.push((results.len(), path.clone()));
                            results.push(Ok(index.then(|| Box::new(links))));
                            files.push((path, bytes));
                        }
                    }
                }
                for ((slot, path), r) in slots.into_iter().zip(sink.put_many(files)) {
                    if let Err(refused) = r {
                        results[slot] = Err(vec![refused_diagnostic(&path, refused)]);
                    }
                }
                results
            })
            .collect()
    };
    // The site files (root, 404, sitemaps, robots, redirects) need the job list only: rendered
    // beside the pages, so the sitemap of a large site is not a serial tail of the build, and
    // written as each is made (a build with a failed page is discarded whole, and its site
    // files' diagnostics are left out).
    let site_files = || {
        let mut put_errors = Vec::new();
        let mut errors = render_site_files(inputs, &sites, &jobs, &mut |path, bytes| {
            if index && path.ends_with(".html") {
                let (_, hrefs) = scan_html(&String::from_utf8_lossy(&bytes));
                note_links(&linked, &path, &hrefs);
            }
            if let Err(d) = put(sink, &path, bytes) {
                put_errors.push(d);
            }
        });
        errors.extend(put_errors);
        errors
    };
    let (results, site_files) = if only.is_none() {
        let (results, files) = rayon::join(pages, site_files);
        (results, Some(files))
    } else {
        (pages(), None)
    };
    let mut rendered = Rendered::default();
    let mut per_page: Vec<Diagnostic> = Vec::new();
    for r in results {
        match r {
            Ok(links) => {
                rendered.pages += 1;
                rendered.index.extend(links.map(|l| *l));
            }
            Err(d) => per_page.extend(d),
        }
    }
    diags.extend(merge_repeats(per_page));
    if let Some(errors) = site_files
        && !diags.iter().any(Diagnostic::is_error)
    {
        diags.extend(errors);
    }
    rendered.linked = linked.into_inner().unwrap_or_else(|e| e.into_inner());
    (rendered, diags)
}

/// Adds the output files that the root-relative `hrefs` of the output at `from` point at (other
/// than itself) to `linked`.
fn note_links(
    linked: &std::sync::Mutex<std::collections::BTreeSet<String>>,
    from: &str,
    hrefs: &[String],
) {
    let mut targets: Vec<String> = hrefs
        .iter()
        .filter(|h| h.starts_with('/'))
        .map(|h| target_file(h.split('#').next().unwrap_or("")))
        .filter(|t| t != from)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    linked
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .extend(targets);
}

/// The output file a root-relative URL names.
pub fn target_file(url_path: &str) -> String {
    let rel = url_path.trim_start_matches('/');
    if rel.is_empty() || rel.ends_with('/') {
        format!("{rel}index.html")
    } else {
        rel.to_owned()
    }
}

/// Hands one file to the sink; a refusal becomes the diagnostic that says why.
pub fn put(sink: &dyn Sink, path: &str, bytes: Vec<u8>) -> Result<(), Diagnostic> {
    sink.put(path, bytes)
        .map_err(|r| refused_diagnostic(path, r))
}

/// How many rendered pages a worker hands the sink at once (`Sink::put_many`): the lanes of
/// the staging folder's side-by-side MD5.
const PUT_BATCH: usize = 16;

fn refused_diagnostic(path: &str, r: Refused) -> Diagnostic {
    match r {
        Refused::Taken => Diagnostic::error(code::URL_CLASH, format!("two outputs want the path {path}"))
            .with_hint("a page's URL collides with a static file or another output"),
        Refused::Failed(m) => Diagnostic::error(code::WRITE_FAILED, format!("cannot write: {m}"))
            .with_hint(
                "nothing was replaced; check the free space and the permissions of the output's parent folder",
            ),
    }
}

/// The `id`s of every element and the `href`s of every `<a>` in a page, from a scan of its tags
/// (comments, scripts and styles skipped; quoted and unquoted values; `&amp;` and friends
/// decoded).
pub fn scan_html(html: &str) -> (Vec<String>, Vec<String>) {
    let (mut ids, mut hrefs) = (Vec::new(), Vec::new());
    let b = html.as_bytes();
    let mut i = 0;
    while let Some(lt) = html[i..].find('<').map(|o| o + i) {
        i = lt + 1;
        // `<` not followed by a letter, `/` or `!` is text (`a < b`), not a tag.
        if !b
            .get(i)
            .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'/' || *c == b'!')
        {
            continue;
        }
        if html[i..].starts_with("!--") {
            i = html[i..].find("-->").map_or(b.len(), |o| i + o + 3);
            continue;
        }
        let name_end = html[i..]
            .find(|c: char| c.is_ascii_whitespace() || c == '>' || c == '/')
            .map_or(b.len(), |o| i + o);
        let tag = html[i..name_end].to_ascii_lowercase();
        i = name_end;
        // Attributes up to the end of the tag.
        while i < b.len() && b[i] != b'>' {
            if b[i].is_ascii_whitespace() || b[i] == b'/' {
                i += 1;
                continue;
            }
            let key_end = html[i..]
                .find(|c: char| c.is_ascii_whitespace() || c == '=' || c == '>')
                .map_or(b.len(), |o| i + o);
            let key = html[i..key_end].to_ascii_lowercase();
            i = key_end;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            if i >= b.len() || b[i] != b'=' {
                continue;
            }
            i += 1;
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            let value = match b.get(i) {
                Some(&q @ (b'"' | b'\'')) => {
                    let end = html[i + 1..].find(q as char).map_or(b.len(), |o| i + 1 + o);
                    let v = &html[i + 1..end];
                    i = (end + 1).min(b.len());
                    v
                }
                _ => {
                    let end = html[i..]
                        .find(|c: char| c.is_ascii_whitespace() || c == '>')
                        .map_or(b.len(), |o| i + o);
                    let v = &html[i..end];
                    i = end;
                    v
                }
            };
            if key == "id" {
                ids.push(decode_entities(value));
            } else if key == "href" && tag == "a" {
                hrefs.push(decode_entities(value));
            }
        }
        if tag == "script" || tag == "style" {
            let close = format!("</{tag}");
            i = html[i..]
                .to_ascii_lowercase()
                .find(&close)
                .map_or(b.len(), |o| i + o);
        }
    }
    (ids, hrefs)
}

fn decode_entities(v: &str) -> String {
    if !v.contains('&') {
        return v.to_owned();
    }
    v.replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

fn output_path(url: &str) -> String {
    format!("{}index.html", url.trim_start_matches('/'))
}

fn render_page(
    inputs: &Inputs<'_>,
    sites: &HashMap<String, Value>,
    urls: &UrlMap<'_>,
    jobs: &[Job],
    job: &Job,
) -> Result<(String, Vec<u8>, PageLinks), Vec<Diagnostic>> {
    let page = &inputs.pages[job.page];
    // The content keeps its own language (a fallback page shows another locale's page whole);
    // the interface around it speaks the locale of the URL.
    let loc = inputs.i18n.get(&page.locale).ok_or_else(|| {
        vec![Diagnostic::error(
            code::LOCALE_STRINGS,
            format!("no strings for locale `{}`", page.locale),
        )]
    })?;
    let md = render_body(inputs, urls, job, loc)?;
    let extra = page.front.extra.as_ref();
    let config = inputs.config;
    let link = |lang: &str, url: &str, current: bool, fallback: bool| Link {
        lang: lang.to_owned(),
        name: loc_name(inputs.i18n, lang),
        url: url.to_owned(),
        permalink: format!("{}{url}", config.base_url),
        current,
        fallback,
    };
    let original = job.fallback_of.map(|j| &jobs[j]);
    let ctx_page = PageCtx {
        title: &page.front.title,
        description: page.front.description.as_deref(),
        date: page.front.date.as_ref().map(|d| d.value.as_str()),
        url: &job.url,
        permalink: format!("{}{}", config.base_url, job.url),
        canonical: format!(
            "{}{}",
            config.base_url,
            original.map_or(job.url.as_str(), |o| o.url.as_str())
        ),
        lang: &page.locale,
        fallback: original.map(|o| link(o.locale, &o.url, false, false)),
        x_default: x_default(config, page, jobs, job, original.is_some()),
        kind: if page.is_section() { "section" } else { "page" },
        content: Value::safe_string(&md.html),
        headings: &md.headings,
        translations: job
            .translations(jobs)
            .map(|t| link(t.locale, &t.url, false, false))
            .collect(),
        children: job
            .children
            .iter()
            .map(|&c| {
                let p = &inputs.pages[jobs[c].page];
                Child {
                    title: &p.front.title,
                    description: p.front.description.as_deref(),
                    url: jobs[c].url.clone(),
                    date: p.front.date.as_ref().map(|d| d.value.as_str()),
                    lang: &p.locale,
                }
            })
            .collect(),
        extra,
        jsonld: jsonld(&md.faq, extra),
    };
    let page_value = Value::from_serializable(&ctx_page);
    let switcher = switcher(config, jobs, job, &link);
    let mut ctx = Context::new();
    ctx.insert("lang", &job.locale);
    ctx.insert_value(
        "site",
        sites
            .get(job.locale)
            .cloned()
            .unwrap_or_else(|| Value::from_serializable(&())),
    );
    ctx.insert_value("page", page_value);
    ctx.insert("switcher", &switcher);
    let html = inputs
        .templates
        .render_html(job.template, &ctx, Some(page), md.html.len())
        .map_err(|d| vec![d])?;
    let links = PageLinks {
        output: output_path(&job.url),
        url: job.url.clone(),
        source: page.file.clone(),
        links: md.links,
        ids: Vec::new(),
    };
    Ok((output_path(&job.url), html, links))
}

/// The page's body through shortcodes and Markdown, its problems as diagnostics at their lines.
fn render_body(
    inputs: &Inputs<'_>,
    urls: &UrlMap<'_>,
    job: &Job,
    loc: &crate::i18n::Localizer,
) -> Result<markdown::Rendered, Vec<Diagnostic>> {
    let page = &inputs.pages[job.page];
    let resolve = |dest: &str| resolve_link(inputs.config, urls, job.locale, dest);
    let table_html = |view: &TableView| -> Result<String, String> {
        let resolved = resolve_cell_links(view, &resolve)?;
        let mut ctx = Context::new();
        ctx.insert("lang", &page.locale);
        ctx.insert("table", resolved.as_ref().unwrap_or(view));
        inputs
            .templates
            .render("partials/table.html", &ctx, Some(page))
            .map_err(|d| d.message)
    };
    let extra = page.front.extra.as_ref();
    let typography = inputs
        .config
        .locales
        .iter()
        .find(|l| l.code == job.locale)
        .map_or_else(|| Typography::for_locale(job.locale), |l| l.typography);
    let env = markdown::Env {
        table_html: &table_html,
        resolve: &resolve,
        faq: extra.and_then(|e| e.get("faq")).and_then(|f| f.as_str()),
        typography: &typography,
    };
    let text = page.text().map_err(|d| vec![d])?;
    let (md, problems) = markdown::render(text.body(), inputs.provider, loc, &env);
    if !problems.is_empty() {
        return Err(problems
            .into_iter()
            .map(|p| {
                let pos = text.pos_in_body(p.offset);
                let d = Diagnostic::error(p.code, p.message)
                    .in_file(&page.file)
                    .at_in(pos, &text.text);
                match p.hint {
                    Some(h) => d.with_hint(h),
                    None => d,
                }
            })
            .collect());
    }
    Ok(md)
}

/// The `x-default` alternate: the language chooser for the home, else the default locale's
/// version; none on a fallback page.
fn x_default(
    config: &Config,
    page: &RawPage,
    jobs: &[Job],
    job: &Job,
    is_fallback: bool,
) -> Option<String> {
    if is_fallback {
        None
    } else if page.rel == "_index.md" && config.prefix_default_locale {
        Some(format!("{}/", config.base_url))
    } else if job.locale == config.default_locale {
        Some(format!("{}{}", config.base_url, job.url))
    } else {
        job.translations(jobs)
            .find(|t| t.locale == config.default_locale)
            .map(|t| format!("{}{}", config.base_url, t.url))
    }
}

/// The switcher: every locale, to this page there (a translation, or a fallback page, marked) or
/// else that locale's home.
fn switcher(
    config: &Config,
    jobs: &[Job],
    job: &Job,
    link: &dyn Fn(&str, &str, bool, bool) -> Link,
) -> Vec<Link> {
    config
        .locales
        .iter()
        .map(
            |l| match job.versions.iter().find(|&&k| jobs[k].locale == l.code) {
                Some(&k) => {
                    let v = &jobs[k];
                    link(&l.code, &v.url, v.url == job.url, v.fallback_of.is_some())
                }
                None => link(
                    &l.code,
                    &format!("{}/", config.locale_prefix(&l.code)),
                    false,
                    false,
                ),
            },
        )
        .collect()
}

/// One error hit by many pages (a template error, or a page's error shown again in each locale
/// that falls back to it) is one diagnostic: the first page's, with the count leading its hint
/// (after the hint, it would read as part of the hint's last item, such as a list of names).
fn merge_repeats(diags: Vec<Diagnostic>) -> Vec<Diagnostic> {
    let mut out: Vec<(Diagnostic, usize)> = Vec::new();
    for d in diags {
        match out
            .iter_mut()
            .find(|(o, _)| o.file == d.file && o.pos == d.pos && o.message == d.message)
        {
            Some((_, n)) => *n += 1,
            None => out.push((d, 0)),
        }
    }
    out.into_iter()
        .map(|(d, more)| {
            if more == 0 {
                return d;
            }
            let count = format!("{} pages hit this error", more + 1);
            match d.hint.clone() {
                Some(h) => d.with_hint(format!("{count}; {h}")),
                None => d.with_hint(count),
            }
        })
        .collect()
}

/// FAQPage data from the page's questions, and any `extra.jsonld` objects the page carries.
fn jsonld(faq: &[markdown::Faq], extra: Option<&serde_json::Value>) -> Vec<String> {
    let mut out = Vec::new();
    if !faq.is_empty() {
        let items: Vec<serde_json::Value> = faq
            .iter()
            .map(|f| {
                serde_json::json!({
                    "@type": "Question",
                    "name": f.question,
                    "acceptedAnswer": { "@type": "Answer", "text": f.answer },
                })
            })
            .collect();
        out.push(script_json(&serde_json::json!({
            "@context": "https://schema.org",
            "@type": "FAQPage",
            "mainEntity": items,
        })));
    }
    match extra.and_then(|e| e.get("jsonld")) {
        Some(serde_json::Value::Array(items)) => out.extend(items.iter().map(script_json)),
        Some(v @ serde_json::Value::Object(_)) => out.push(script_json(v)),
        _ => {}
    }
    out
}

/// The root language chooser, 404, sitemap and robots.txt, each handed to `emit` as soon as it
/// is rendered.
fn render_site_files(
    inputs: &Inputs<'_>,
    sites: &HashMap<String, Value>,
    jobs: &[Job],
    emit: &mut dyn FnMut(String, Vec<u8>),
) -> Vec<Diagnostic> {
    let config = inputs.config;
    let default = &config.default_locale;
    let site = sites
        .get(default)
        .cloned()
        .unwrap_or_else(|| Value::from_serializable(&()));
    let mut errors = Vec::new();
    let mut base_ctx = Context::new();
    base_ctx.insert("lang", default);
    base_ctx.insert_value("site", site);

    if config.prefix_default_locale && inputs.templates.has("root.html") {
        match inputs
            .templates
            .render_html("root.html", &base_ctx, None, 0)
        {
            Ok(h) => emit("index.html".to_owned(), h),
            Err(d) => errors.push(d),
        }
    }
    if inputs.templates.has("404.html") {
        match inputs.templates.render_html("404.html", &base_ctx, None, 0) {
            Ok(h) => emit("404.html".to_owned(), h),
            Err(d) => errors.push(d),
        }
    }
    // Only real pages go in the sitemap; a fallback page is a copy whose canonical is the original.
    let mut real: Vec<&Job> = jobs.iter().filter(|j| j.fallback_of.is_none()).collect();
    real.sort_by(|a, b| a.url.cmp(&b.url));
    if inputs.templates.has("sitemap.xml")
        && let Err(d) = sitemaps(inputs, &base_ctx, jobs, &real, emit)
    {
        errors.push(d);
    }
    if inputs.templates.has("robots.txt") {
        match inputs.templates.render("robots.txt", &base_ctx, None) {
            Ok(h) => emit("robots.txt".to_owned(), h.into_bytes()),
            Err(d) => errors.push(d),
        }
    }
    let moves = redirects(inputs.pages, jobs);
    let mut lines = String::from("# written by hubgen from the pages' `aliases`\n");
    for (from, to, title) in &moves {
        let lang = from
            .trim_start_matches('/')
            .split('/')
            .next()
            .and_then(|l| config.locales.iter().find(|c| c.code == l))
            .or_else(|| config.locales.iter().find(|c| c.code == *default))
            .map_or(default.as_str(), |c| c.tag.as_str());
        let html = redirect_page(&config.base_url, to, title, lang);
        let html = if config.minify {
            crate::minify::page(&html)
        } else {
            html
        };
        emit(target_file(from), html);
        lines.push_str(&format!("{from} {to} 301\n"));
    }
    if config.publish.redirects_file {
        emit("_redirects".to_owned(), lines.into_bytes());
    }
    errors
}

/// URLs in one sitemap file. The protocol allows 50,000, but the template's data for a file
/// is held while it renders (about 3 KB per URL), so a larger site gets an index of files this
/// size, rendered and written one after the other: memory stays flat whatever the site's size.
const SITEMAP_CHUNK_URLS: usize = 5_000;

/// `sitemap.xml` through the theme's template: one file up to `SITEMAP_CHUNK_URLS` URLs; above
/// that, `sitemap.xml` is an index of `sitemap-1.xml`, `sitemap-2.xml`… of that many URLs each.
fn sitemaps(
    inputs: &Inputs<'_>,
    base_ctx: &Context,
    jobs: &[Job],
    real: &[&Job],
    emit: &mut dyn FnMut(String, Vec<u8>),
) -> Result<(), Diagnostic> {
    let config = inputs.config;
    #[derive(Serialize)]
    struct Alt {
        lang: String,
        href: String,
    }
    #[derive(Serialize)]
    struct Entry {
        loc: String,
        lastmod: Option<String>,
        alternates: Vec<Alt>,
    }
    let entry = |j: &Job| {
        let mut alternates: Vec<Alt> = std::iter::once((j.locale, j.url.as_str()))
            .chain(j.translations(jobs).map(|t| (t.locale, t.url.as_str())))
            .map(|(lang, url)| Alt {
                lang: lang.to_owned(),
                href: format!("{}{url}", config.base_url),
            })
            .collect();
        alternates.sort_by_key(|a| config.locales.iter().position(|l| l.code == a.lang));
        if alternates.len() == 1 {
            alternates.clear();
        }
        Entry {
            loc: format!("{}{}", config.base_url, j.url),
            lastmod: inputs.pages[j.page]
                .front
                .date
                .as_ref()
                .map(|d| d.value.clone()),
            alternates,
        }
    };
    let render = |jobs: &[&Job]| {
        let entries: Vec<Entry> = jobs.iter().map(|j| entry(j)).collect();
        let mut ctx = base_ctx.clone();
        ctx.insert("entries", &entries);
        inputs
            .templates
            .render("sitemap.xml", &ctx, None)
            .map(String::into_bytes)
    };
    if real.len() <= SITEMAP_CHUNK_URLS {
        emit("sitemap.xml".to_owned(), render(real)?);
        return Ok(());
    }
    let mut index = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for (i, chunk) in real.chunks(SITEMAP_CHUNK_URLS).enumerate() {
        let name = format!("sitemap-{}.xml", i + 1);
        index.push_str(&format!(
            "<sitemap><loc>{}/{name}</loc></sitemap>\n",
            crate::view::escape_html(&config.base_url)
        ));
        let file = render(chunk)?;
        emit(name, file);
    }
    index.push_str("</sitemapindex>\n");
    emit("sitemap.xml".to_owned(), index.into_bytes());
    Ok(())
}

#[cfg(test)]
mod tests;
