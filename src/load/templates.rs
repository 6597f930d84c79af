//! Theme files: Tera templates and static assets, from `themes/<name>/` or the built-in theme.

use std::path::{Path, PathBuf};

use crate::config::Config;
use crate::diag::Diagnostic;
use crate::embedded;

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
    match &config.theme_dir {
        Some(dir) => {
            for (rel, path) in walk(&dir.join("templates")) {
                let file = path
                    .strip_prefix(&config.root)
                    .unwrap_or(&path)
                    .to_path_buf();
                match std::fs::read_to_string(&path) {
                    Ok(text) => templates.push(TemplateSource {
                        name: rel,
                        file,
                        text,
                    }),
                    Err(e) => {
                        diags.push(Diagnostic::error(format!("cannot read: {e}")).in_file(&file))
                    }
                }
            }
            read_statics(&dir.join("static"), &mut statics, &mut diags);
        }
        None => {
            for (name, bytes) in embedded::under("themes/default/templates/") {
                templates.push(TemplateSource {
                    name: name.to_owned(),
                    file: PathBuf::from(format!("(built-in) themes/default/templates/{name}")),
                    text: String::from_utf8_lossy(bytes).into_owned(),
                });
            }
            for (name, bytes) in embedded::under("themes/default/static/") {
                statics.push(StaticFile {
                    rel: name.to_owned(),
                    bytes: bytes.to_vec(),
                });
            }
        }
    }
    read_statics(&config.root.join("static"), &mut statics, &mut diags);
    (Theme { templates, statics }, diags)
}

fn read_statics(dir: &Path, out: &mut Vec<StaticFile>, diags: &mut Vec<Diagnostic>) {
    for (rel, path) in walk(dir) {
        match std::fs::read(&path) {
            Ok(bytes) => {
                // A site file overrides the theme's file of the same name.
                out.retain(|s| s.rel != rel);
                out.push(StaticFile { rel, bytes });
            }
            Err(e) => diags.push(Diagnostic::error(format!("cannot read: {e}")).in_file(&path)),
        }
    }
}

/// Files under `dir`, sorted, as (`/`-separated relative path, full path).
fn walk(dir: &Path) -> Vec<(String, PathBuf)> {
    if !dir.is_dir() {
        return Vec::new();
    }
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(dir).ok()?;
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy())
                .collect::<Vec<_>>()
                .join("/");
            Some((rel, e.path().to_path_buf()))
        })
        .collect()
}
