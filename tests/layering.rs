//! The module layering, checked on the source: the engine never names the GPU-rental domain (only
//! `main`, the composition root, does); the domain names neither the command line nor the
//! engine's loaders, pipeline, renderer or writer; config does not reach into the loaders; render
//! does not reach into the writer; inside the domain, formatting helpers know no `Site`, and the
//! lookups know no tables, charts, pages or shortcodes.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Lines of code that name `what` (comments left out).
fn naming(file: &Path, what: &[&str]) -> Vec<String> {
    std::fs::read_to_string(file)
        .expect("read")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .filter(|(_, l)| what.iter().any(|w| l.contains(w)))
        .map(|(i, l)| format!("{}:{}: {}", file.display(), i + 1, l.trim()))
        .collect()
}

#[test]
fn the_layers_import_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 20, "{} source files", files.len());
    let mut bad = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&src)
            .expect("prefix")
            .to_string_lossy()
            .replace('\\', "/");
        let in_domain = rel.starts_with("domain/");
        if !in_domain && rel != "main.rs" {
            bad.extend(naming(f, &["crate::domain", "domain::"]));
        }
        if in_domain {
            bad.extend(naming(
                f,
                &[
                    "crate::cli",
                    "crate::load",
                    "crate::pipeline",
                    "crate::render",
                    "crate::output",
                    "crate::config",
                    "crate::serve",
                    "crate::check",
                ],
            ));
        }
        match rel.as_str() {
            "config.rs" => bad.extend(naming(f, &["crate::load"])),
            "render.rs" => bad.extend(naming(f, &["crate::output"])),
            "domain/units.rs" => bad.extend(naming(f, &["Site", "super::site", "super::present"])),
            "domain/site.rs" => bad.extend(naming(
                f,
                &[
                    "super::present",
                    "super::economics",
                    "super::charts",
                    "super::pages",
                ],
            )),
            "domain/economics.rs" | "domain/charts.rs" | "domain/pages.rs" => {
                bad.extend(naming(f, &["super::present"]));
            }
            _ => {}
        }
    }
    assert!(
        bad.is_empty(),
        "imports against the layering:\n{}",
        bad.join("\n")
    );
}

/// The first line of every `fn` item with its length in lines, up to its closing brace at the
/// same indentation.
fn function_lengths(file: &Path) -> Vec<(usize, usize, String)> {
    let text = std::fs::read_to_string(file).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        let t = l.trim_start();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(super) fn ",
            "pub(crate) fn ",
            "async fn ",
        ]
        .iter()
        .any(|p| t.starts_with(p));
        if is_fn && !l.trim_end().ends_with(';') {
            let indent = l.len() - t.len();
            let close = format!("{}}}", " ".repeat(indent));
            if let Some(end) = (i + 1..lines.len()).find(|&k| lines[k].trim_end() == close) {
                out.push((i + 1, end - i + 1, t.chars().take(60).collect()));
                i = end;
            }
        }
        i += 1;
    }
    out
}

#[test]
fn no_function_is_longer_than_120_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut long = Vec::new();
    let mut seen = 0;
    for f in &files {
        for (line, len, head) in function_lengths(f) {
            seen += 1;
            if len > 120 {
                long.push(format!("{}:{line}: {len} lines: {head}", f.display()));
            }
        }
    }
    assert!(
        seen > 300,
        "only {seen} functions found: the scan is broken"
    );
    assert!(
        long.is_empty(),
        "functions over 120 lines:\n{}",
        long.join("\n")
    );
}
