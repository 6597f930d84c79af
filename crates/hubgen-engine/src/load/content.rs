//! Markdown pages with YAML front matter, per locale.

use std::path::{Path, PathBuf};

use rayon::prelude::*;
use serde::Deserialize;
use serde_saphyr::Spanned;

use crate::config::Config;
use crate::diag::{Diagnostic, Pos, code};
use crate::source::{pos_of, split_front_matter};
use crate::yaml;

/// Front matter as written. Unknown keys are errors; free-form values go under `extra`.
#[derive(Debug, Clone, Deserialize, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct FrontMatter {
    pub title: String,
    /// A shorter title for menus (Hugo's `linkTitle`).
    #[serde(default)]
    pub link_title: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    /// Boxed, as `slug`: a span is 80 bytes, most pages have neither, and a page's index entry
    /// is held for every page of the site.
    #[serde(default)]
    pub date: Option<Box<Spanned<String>>>,
    #[serde(default)]
    pub weight: Option<i64>,
    #[serde(default)]
    pub draft: bool,
    #[serde(default)]
    pub slug: Option<Box<Spanned<String>>>,
    #[serde(default)]
    pub template: Option<String>,
    /// Old URLs of the page (`/en/old-name/`): each gets a page that redirects here, and a line
    /// of `_redirects` when the config asks for that file. Moved to `RawPage::aliases` on load.
    #[serde(default)]
    pub aliases: Vec<Spanned<String>>,
    #[serde(default)]
    pub extra: Option<serde_json::Value>,
    /// For a translation: the content hash of the source page it was last brought up to date
    /// with (`hubgen i18n stamp` writes it).
    #[serde(default)]
    pub translated_from: Option<String>,
}

/// One Markdown file of one locale: what navigation, lists and links need. The body is not held;
/// it is read again when the page is rendered.
#[derive(Debug, Clone)]
pub struct RawPage {
    pub locale: String,
    /// Path inside the locale folder, `/`-separated (`fine-tuning.md`, `s01/_index.md`): the same
    /// page in every locale has the same one.
    pub rel: String,
    /// Path from the site root, for diagnostics.
    pub file: PathBuf,
    pub front: FrontMatter,
    pub body: Body,
    /// Old URLs that redirect to this page, checked, with where each is written.
    pub aliases: Vec<Alias>,
}

/// An old URL of a page: a root-relative path (`/en/old-name/`), and where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alias {
    pub url: String,
    pub pos: Pos,
}

/// Where a page's text is.
#[derive(Debug, Clone)]
pub enum Body {
    /// In its file, read when the page is rendered (loading reads only the front matter).
    /// `stamp` is the file's size and time when loaded, so a file that changes during the build
    /// is an error rather than a page of two versions. The file is the page's `file` under
    /// `root`, the site's root that every page shares (the index keeps no second path per page).
    File {
        root: std::sync::Arc<Path>,
        offset: usize,
        stamp: crate::load::files::Stamp,
    },
    /// In memory (a page a data provider generated): the whole text and the body's offset.
    Text { text: String, offset: usize },
}

/// The whole text of a page and the byte offset of its body.
pub struct Text<'a> {
    pub text: std::borrow::Cow<'a, str>,
    pub offset: usize,
}

impl Text<'_> {
    pub fn body(&self) -> &str {
        &self.text[self.offset..]
    }

    /// Position of a byte offset of the body, in the whole file.
    pub fn pos_in_body(&self, offset: usize) -> Pos {
        pos_of(&self.text, self.offset + offset)
    }
}

/// The content hash of a page that a translation records: its title, description and body, line
/// endings normalised.
pub fn source_hash(front: &FrontMatter, body: &str) -> u64 {
    let mut text = String::new();
    text.push_str(&front.title);
    text.push('\n');
    text.push_str(front.description.as_deref().unwrap_or(""));
    text.push('\n');
    text.push_str(body.replace("\r\n", "\n").trim_end());
    xxhash_rust::xxh3::xxh3_64(text.as_bytes())
}

impl RawPage {
    /// A page a data provider generated, as if it had been written in the locale folder.
    pub fn generated(locale: &str, g: crate::shortcode::GeneratedPage) -> Self {
        let front = FrontMatter {
            title: g.title,
            description: g.description,
            weight: g.weight,
            extra: g.extra,
            ..FrontMatter::default()
        };
        RawPage {
            locale: locale.to_owned(),
            rel: g.rel,
            file: g.source,
            front,
            body: Body::Text {
                text: g.body,
                offset: 0,
            },
            aliases: Vec::new(),
        }
    }

    /// A page in the file `file` under `root`, its body at `offset`, the file as `stamp` says.
    pub fn on_disk(
        locale: String,
        rel: String,
        file: PathBuf,
        front: FrontMatter,
        (root, offset, stamp): (std::sync::Arc<Path>, usize, crate::load::files::Stamp),
    ) -> Self {
        RawPage {
            locale,
            rel,
            file,
            front,
            body: Body::File {
                root,
                offset,
                stamp,
            },
            aliases: Vec::new(),
        }
    }

    /// The page's text, read again from its file if it is on disk.
    pub fn text(&self) -> Result<Text<'_>, Diagnostic> {
        match &self.body {
            Body::Text { text, offset } => Ok(Text {
                text: std::borrow::Cow::Borrowed(text),
                offset: *offset,
            }),
            Body::File {
                root,
                offset,
                stamp,
            } => {
                let path = root.join(&self.file);
                let (bytes, now) = crate::load::files::read_stamped(&path).map_err(|e| {
                    Diagnostic::error(code::FILE_READ, format!("cannot read: {e}"))
                        .in_file(&self.file)
                        .with_hint("the file was readable when the build started")
                })?;
                if &now != stamp || bytes.len() as u64 != stamp.0 || bytes.len() < *offset {
                    return Err(Diagnostic::error(
                        code::FILE_READ,
                        "the file changed while the site was being built",
                    )
                    .in_file(&self.file)
                    .with_hint("build again"));
                }
                let text = crate::load::files::utf8(bytes, &self.file)?;
                Ok(Text {
                    text: std::borrow::Cow::Owned(text),
                    offset: *offset,
                })
            }
        }
    }

    /// A section index (`_index.md`) lists the pages beside it.
    pub fn is_section(&self) -> bool {
        self.rel == "_index.md" || self.rel.ends_with("/_index.md")
    }
}

/// Reads every `content/<locale>/**/*.md` of the configured locales, in parallel.
pub fn load(config: &Config) -> (Vec<RawPage>, Vec<Diagnostic>) {
    // The locales' folders are walked side by side, and joined in the config's order.
    let walked: Vec<_> = config
        .locales
        .par_iter()
        .map(|locale| {
            let dir = config.root.join("content").join(&locale.code);
            let found = crate::load::files::walk(&config.root, &dir, |p| {
                p.extension().is_some_and(|x| x == "md")
            });
            (locale, found)
        })
        .collect();
    let mut files: Vec<(String, String, PathBuf)> = Vec::new();
    let mut diags = Vec::new();
    for (locale, (found, d)) in walked {
        diags.extend(d);
        for f in found {
            let file = Path::new("content").join(&locale.code).join(&f.rel);
            files.push((locale.code.clone(), f.rel, file));
        }
    }
    let root: std::sync::Arc<Path> = std::sync::Arc::from(config.root.as_path());
    let results: Vec<Result<RawPage, Diagnostic>> = files
        .into_par_iter()
        .map(|(locale, rel, file)| read_page(&root, locale, rel, file))
        .collect();
    // Sized once: a vector that doubles as it fills would copy every page and hold both copies.
    let mut pages = Vec::with_capacity(results.len());
    for r in results {
        match r {
            Ok(p) if p.front.draft && !config.drafts => {}
            Ok(p) => pages.push(p),
            Err(d) => diags.push(d),
        }
    }
    (pages, diags)
}

/// Checks that the page's URL is made of valid segments (see `crate::slug`): its folders, and its
/// file name unless `slug` replaces it.
fn url_segments(
    file: &Path,
    text: &str,
    fm_line: usize,
    rel: &str,
    locale: &str,
    front: &FrontMatter,
) -> Result<(), Diagnostic> {
    let last_part = rel.rsplit('/').next().unwrap_or(rel);
    if let Some(slug) = &front.slug
        && last_part == "_index.md"
    {
        return Err(Diagnostic::error(
            code::FRONT_MATTER_INVALID,
            "`slug` has no effect on a section's page: a section's URL is its folder's name",
        )
        .in_file(file)
        .at_in(pos_in_file(slug, fm_line), text)
        .with_hint("rename the folder to change the URL (an alias keeps the old one working), and remove `slug:`"));
    }
    if let Some(slug) = &front.slug
        && slug.value.len() > crate::slug::MAX_SEGMENT_BYTES
    {
        return Err(Diagnostic::error(
            code::URL_SEGMENT,
            format!(
                "slug is {} bytes long; a URL segment becomes a folder name, which file systems cap at {} bytes",
                slug.value.len(),
                crate::slug::MAX_SEGMENT_BYTES
            ),
        )
        .in_file(file)
        .at_in(pos_in_file(slug, fm_line), text)
        .with_hint("shorten the slug; a few words are enough for a readable URL"));
    }
    if let Some(slug) = &front.slug
        && !crate::slug::is_segment(&slug.value)
    {
        let hint = match crate::slug::suggest(&slug.value, locale) {
            Some(s) => format!("a slug is made of a-z, 0-9 and inner `-`: try `slug: {s}`"),
            None => {
                "a slug is made of a-z, 0-9 and inner `-` (for a Chinese title, pinyin or English)"
                    .to_owned()
            }
        };
        return Err(Diagnostic::error(
            code::FRONT_MATTER_INVALID,
            format!("slug `{}` is not lowercase ASCII", slug.value),
        )
        .in_file(file)
        .at_in(pos_in_file(slug, fm_line), text)
        .with_hint(hint));
    }
    let stem = rel.strip_suffix(".md").unwrap_or(rel);
    let mut parts: Vec<&str> = stem.split('/').collect();
    let last = parts.pop().unwrap_or("");
    for dir in parts {
        if !crate::slug::is_segment(dir) {
            let hint = match crate::slug::suggest(dir, locale) {
                Some(s) => {
                    format!("folder names are URL segments (a-z, 0-9, `-`): rename it `{s}`")
                }
                None => "folder names are URL segments (a-z, 0-9, `-`): rename it".to_owned(),
            };
            return Err(Diagnostic::error(
                code::URL_SEGMENT,
                format!("folder `{dir}` cannot be part of a URL"),
            )
            .in_file(file)
            .with_hint(hint));
        }
    }
    if last != "_index" && front.slug.is_none() && !crate::slug::is_segment(last) {
        let hint = match crate::slug::suggest(last, locale)
            .or_else(|| crate::slug::suggest(&front.title, locale))
        {
            Some(s) => format!("give the page its URL in the front matter, e.g. `slug: {s}`, or rename the file"),
            None => "give the page its URL in the front matter with `slug:` (a-z, 0-9, `-`), or rename the file".to_owned(),
        };
        return Err(Diagnostic::error(
            code::URL_SEGMENT,
            format!("the file name `{last}` cannot be a URL segment (only a-z, 0-9 and `-`)"),
        )
        .in_file(file)
        .at_in(Pos { line: 1, col: 1 }, text)
        .with_hint(hint));
    }
    Ok(())
}

/// Whether `head` (whole lines of a file's start) holds the whole front matter, or shows there is
/// none: then the rest of the file is not needed to load the page.
fn front_matter_read(head: &str) -> bool {
    let no_bom = head.strip_prefix('\u{feff}').unwrap_or(head);
    match no_bom.find('\n') {
        None => false,
        Some(first) if no_bom[..first].trim_end() != "---" => true,
        Some(_) => split_front_matter(head).is_ok(),
    }
}

fn read_page(
    root: &std::sync::Arc<Path>,
    locale: String,
    rel: String,
    file: PathBuf,
) -> Result<RawPage, Diagnostic> {
    let path = root.join(&file);
    let (text, stamp) = crate::load::files::read_head(root, &path, &file, front_matter_read)?;
    let split = split_front_matter(&text).map_err(|line| {
        Diagnostic::error(
            code::FRONT_MATTER_UNCLOSED,
            "the front matter is not closed",
        )
        .in_file(&file)
        .at_in(Pos { line, col: 1 }, &text)
        .with_hint("end the YAML front matter with a line holding only `---`")
    })?;
    if split.front_matter.is_empty() && split.body_offset == 0 {
        return Err(
            Diagnostic::error(code::FRONT_MATTER_MISSING, "the page has no front matter")
                .in_file(&file)
                .at_in(Pos { line: 1, col: 1 }, &text)
                .with_hint("start the file with `---`, a `title:` line and `---`"),
        );
    }
    let mut front: FrontMatter = yaml::parse(&file, split.front_matter, split.front_matter_line)
        .map_err(|mut d| {
            // Show the line of the whole file, not of the front matter alone.
            if let Some(p) = d.pos {
                d = d.at_in(p, &text);
            }
            d
        })?;
    if let Some(date) = &front.date
        && !crate::source::is_date(&date.value)
    {
        return Err(Diagnostic::error(
            code::FRONT_MATTER_INVALID,
            format!("`{}` is not a date", date.value),
        )
        .in_file(&file)
        .at_in(pos_in_file(date, split.front_matter_line), &text)
        .with_hint("write a real calendar date as YYYY-MM-DD, e.g. 2026-03-01"));
    }
    url_segments(&file, &text, split.front_matter_line, &rel, &locale, &front)?;
    let mut aliases = Vec::new();
    for a in std::mem::take(&mut front.aliases) {
        let pos = pos_in_file(&a, split.front_matter_line);
        if let Err(why) = alias_path(&a.value) {
            return Err(Diagnostic::error(
                code::FRONT_MATTER_INVALID,
                format!("alias `{}` {why}", a.value),
            )
            .in_file(&file)
            .at_in(pos, &text)
            .with_hint(
                "an alias is the page's old URL from the site's root, e.g. `/en/old-name/`",
            ));
        }
        aliases.push(Alias { url: a.value, pos });
    }
    let offset = split.body_offset;
    let mut page = RawPage::on_disk(locale, rel, file, front, (root.clone(), offset, stamp));
    page.aliases = aliases;
    Ok(page)
}

/// Whether an alias is a plain root-relative path a redirect page can be written at.
fn alias_path(url: &str) -> Result<(), &'static str> {
    let Some(rest) = url.strip_prefix('/') else {
        return Err("does not start with `/`");
    };
    if rest.is_empty() {
        return Err("is the site's root");
    }
    if url.contains(['?', '#', '\\', '%']) || url.chars().any(char::is_whitespace) {
        return Err("has a query, a fragment, an escape, a backslash or a space");
    }
    let segments: Vec<&str> = rest.strip_suffix('/').unwrap_or(rest).split('/').collect();
    if segments
        .iter()
        .any(|s| s.is_empty() || *s == "." || *s == "..")
    {
        return Err("has an empty, `.` or `..` segment");
    }
    if segments
        .iter()
        .any(|s| s.len() > crate::slug::MAX_SEGMENT_BYTES)
    {
        return Err(
            "has a segment longer than the 255 bytes a file system allows in a folder name",
        );
    }
    Ok(())
}

/// Where a front-matter value was written, in the whole file: the parser's position shifted by
/// the lines before the front matter.
fn pos_in_file(v: &Spanned<String>, fm_line: usize) -> Pos {
    Pos {
        line: usize::try_from(v.referenced.line()).unwrap_or(1).max(1) + fm_line,
        col: usize::try_from(v.referenced.column()).unwrap_or(1).max(1),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_are_real_calendar_days() {
        for ok in ["2024-02-29", "2000-02-29", "2026-12-31", "1999-01-01"] {
            assert!(crate::source::is_date(ok), "{ok}");
        }
        for bad in [
            "2024-13-45",
            "2023-02-29",
            "1900-02-29",
            "2026-04-31",
            "2026-00-10",
            "2026-1-01",
            "2026-01-00",
            "２０２６-01-01",
        ] {
            assert!(!crate::source::is_date(bad), "{bad}");
        }
    }
}

#[cfg(test)]
mod front_matter_tests;
