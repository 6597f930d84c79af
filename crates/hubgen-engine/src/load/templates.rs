//! Theme files: Tera templates and static assets, from `themes/<name>/` or the built-in theme.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::diag::{Diagnostic, code};
use crate::embedded;
use crate::load::files;

/// A template's name (`page.html`), where it came from, and its source.
pub struct TemplateSource {
    pub name: String,
    pub file: PathBuf,
    pub text: String,
}

/// A static file of the theme or site (`style.css`), relative to the output root.
pub struct StaticFile {
    pub rel: String,
    pub bytes: Vec<u8>,
}

pub struct Theme {
    pub templates: Vec<TemplateSource>,
    pub statics: Vec<StaticFile>,
}

/// Reads the theme and the site's own `static/` folder.
pub fn load(config: &Config) -> (Theme, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut templates = Vec::new();
    let mut statics = Vec::new();
    let root = &config.root;
    // The built-in templates first; a theme's template of the same name replaces one, and a
    // theme need only hold the templates it changes (as Zola's site templates over a theme's).
    for (name, bytes) in embedded::under("builtin/theme/templates/") {
        templates.push(TemplateSource {
            name: name.to_owned(),
            file: PathBuf::from(format!("(built-in) templates/{name}")),
            text: String::from_utf8_lossy(bytes).into_owned(),
        });
    }
    match &config.theme_dir {
        Some(dir) => {
            let (found, d) = files::walk(root, &dir.join("templates"), |_| true);
            diags.extend(d);
            for f in found {
                let file = f.path.strip_prefix(root).unwrap_or(&f.path).to_path_buf();
                match files::read_text(root, &f.path, &file) {
                    Ok(text) => {
                        templates.retain(|t| t.name != f.rel);
                        templates.push(TemplateSource {
                            name: f.rel,
                            file,
                            text,
                        });
                    }
                    Err(d) => diags.push(d),
                }
            }
            read_statics(root, &dir.join("static"), &mut statics, &mut diags);
        }
        None => {
            for (name, bytes) in embedded::under("builtin/theme/static/") {
                statics.push(StaticFile {
                    rel: name.to_owned(),
                    bytes: bytes.to_vec(),
                });
            }
        }
    }
    read_statics(root, &root.join("static"), &mut statics, &mut diags);
    (Theme { templates, statics }, diags)
}

/// A static file's path segment: ASCII letters, digits, `-`, `_` and `.`, not starting with a
/// dot (but `.well-known`), so every output path is a plain, portable, relative one.
pub fn is_static_segment(seg: &str) -> bool {
    (seg == ".well-known" || !seg.starts_with('.'))
        && !seg.is_empty()
        && seg
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

fn read_statics(root: &Path, dir: &Path, out: &mut Vec<StaticFile>, diags: &mut Vec<Diagnostic>) {
    let (found, d) = files::walk(root, dir, |_| true);
    diags.extend(d);
    for f in found {
        let shown = f.path.strip_prefix(root).unwrap_or(&f.path).to_path_buf();
        if let Some(bad) = f.rel.split('/').find(|s| !is_static_segment(s)) {
            diags.push(
                Diagnostic::error(code::URL_SEGMENT, format!("`{bad}` cannot be part of a static file's URL"))
                    .in_file(&shown)
                    .with_hint("static file and folder names use ASCII letters, digits, `-`, `_` and `.`, and do not start with a dot (`.well-known` excepted)"),
            );
            continue;
        }
        match std::fs::read(&f.path) {
            Ok(bytes) => {
                // A site file overrides the theme's file of the same name.
                out.retain(|s| s.rel != f.rel);
                out.push(StaticFile { rel: f.rel, bytes });
            }
            Err(e) => diags.push(
                Diagnostic::error(code::FILE_READ, format!("cannot read: {e}")).in_file(&shown),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn static_segments() {
        for ok in [
            "favicon.svg",
            "style.css",
            ".well-known",
            "Logo_2.PNG",
            "a-b",
        ] {
            assert!(super::is_static_segment(ok), "{ok}");
        }
        for bad in ["", ".", "..", ".env", "a b", "a/b", "ü.png", "x:y", "a\\b"] {
            assert!(!super::is_static_segment(bad), "{bad}");
        }
    }
}
