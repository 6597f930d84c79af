//! `hubgen check`: the whole pipeline without writing, then every internal link and `#anchor` of
//! every page in every locale, and pages nothing links to. Human, JSON or GitHub annotations.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use hubgen_engine::config::Overrides;
use hubgen_engine::diag::{Diagnostic, Pos, code};
use hubgen_engine::pipeline;
use hubgen_engine::render::PageLinks;

/// Every diagnostic of a build of `root`, plus the link and orphan checks when it built. The
/// build keeps no page: only the paths of the outputs and each page's links and anchors.
pub(crate) fn run(
    root: &Path,
    overrides: &Overrides,
    extension: hubgen_engine::extension::Load,
) -> Vec<Diagnostic> {
    let built = pipeline::prepare(root, overrides, extension).and_then(|p| {
        let paths = hubgen_engine::sink::Paths::default();
        let report = pipeline::render_all(&p, &paths, true)?;
        Ok((paths.into_paths(), report))
    });
    match built {
        Err(diags) => diags,
        Ok((paths, report)) => {
            let mut diags = report.warnings;
            diags.extend(links(root, &paths, &report.links, &report.linked));
            diags.sort_by(|a, b| (b.severity, &a.file, a.pos).cmp(&(a.severity, &b.file, b.pos)));
            diags
        }
    }
}

/// Where a link is written in its source: the line and column of `](written`.
fn position(root: &Path, source: &Path, written: &str) -> Option<(Pos, String)> {
    let text = std::fs::read_to_string(root.join(source)).ok()?;
    let needle = format!("]({written}");
    let off = text.find(&needle).map(|o| o + 2)?;
    Some((hubgen_engine::source::pos_of(&text, off), text))
}

/// Checks every body link and anchor against the built paths and the pages' anchors, and finds
/// pages nothing links to.
fn links(
    root: &Path,
    files: &BTreeMap<String, usize>,
    pages: &[PageLinks],
    inbound: &BTreeSet<String>,
) -> Vec<Diagnostic> {
    let ids: BTreeMap<&str, BTreeSet<&str>> = pages
        .iter()
        .map(|p| {
            (
                p.output.as_str(),
                p.ids.iter().map(String::as_str).collect(),
            )
        })
        .collect();
    let mut out = Vec::new();
    let mut seen: BTreeSet<(&Path, &str)> = BTreeSet::new();
    for page in pages {
        for link in &page.links {
            // A link written twice, or a page shown again as another locale's fallback: once.
            if !seen.insert((page.source.as_path(), link.written.as_str())) {
                continue;
            }
            let url = link.url.as_str();
            if url.starts_with("http://")
                || url.starts_with("https://")
                || url.starts_with("mailto:")
                || url.starts_with("//")
            {
                continue;
            }
            let (path_part, anchor) = match url.split_once('#') {
                Some((p, a)) => (p, Some(a)),
                None => (url, None),
            };
            let file = if path_part.is_empty() {
                page.output.clone()
            } else if path_part.starts_with('/') {
                hubgen_engine::render::target_file(path_part)
            } else {
                // Relative links are resolved against the page's own URL.
                hubgen_engine::render::target_file(&format!("{}{path_part}", page.url))
            };
            let problem = if !files.contains_key(&file) {
                Some((
                    code::LINK_BROKEN,
                    format!("link to `{}`: no page or file at {url}", link.written),
                    "link pages by their file, e.g. [text](@/gpu-memory.md#formula)".to_owned(),
                ))
            } else {
                anchor.filter(|a| !a.is_empty()).and_then(|a| {
                    let known = ids.get(file.as_str());
                    (!known.is_some_and(|k| k.contains(a))).then(|| {
                        let hint = known
                            .map(|k| hubgen_engine::diag::unknown_name_hint(a, k.iter().copied()))
                            .unwrap_or_default();
                        (
                            code::ANCHOR_BROKEN,
                            format!("link to `{}`: the page has no anchor `#{a}`", link.written),
                            hint,
                        )
                    })
                })
            };
            if let Some((kind, message, hint)) = problem {
                let mut d = Diagnostic::error(kind, message)
                    .in_file(&page.source)
                    .with_hint(hint);
                if let Some((pos, text)) = position(root, &page.source, &link.written) {
                    d = d.at_in(pos, &text);
                }
                out.push(d);
            }
        }
    }
    // Orphans: pages no other page links to (the language roots and 404 aside).
    for page in pages {
        let depth = page.url.trim_matches('/').split('/').count();
        if depth > 1 && !inbound.contains(&page.output) {
            out.push(
                Diagnostic::warning(code::PAGE_ORPHAN, format!("no page links to {}", page.url))
                    .in_file(&page.source)
                    .with_hint("link it from a section or another page, or remove it"),
            );
        }
    }
    out
}
