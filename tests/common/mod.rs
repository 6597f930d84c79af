//! Helpers shared by the end-to-end tests.
#![allow(dead_code, reason = "each test file uses a subset")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub const SITE: [&str; 5] = ["hubgen.yaml", "data", "content", "i18n", "themes"];

/// A throwaway copy of this repository's site.
pub fn site_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    for item in SITE {
        copy(&repo.join(item), &tmp.path().join(item));
    }
    tmp
}

pub fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).expect("mkdir");
        for e in std::fs::read_dir(from).expect("read_dir").flatten() {
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        std::fs::copy(from, to).expect("copy");
    }
}

pub fn hubgen(root: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .arg("build")
        .arg("--root")
        .arg(root)
        .args(extra)
        .output()
        .expect("run hubgen")
}

/// Every file under `dir`: relative path → bytes.
pub fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    fn walk(base: &Path, dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        for e in std::fs::read_dir(dir).expect("read_dir").flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(base, &p, out);
            } else {
                out.insert(
                    p.strip_prefix(base).expect("prefix").to_path_buf(),
                    std::fs::read(&p).expect("read"),
                );
            }
        }
    }
    walk(dir, dir, &mut out);
    out
}

pub fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join("public").join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

pub fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    assert!(text.contains(from), "{rel} does not contain {from:?}");
    std::fs::write(&p, text.replacen(from, to, 1)).expect("write");
}

/// Builds the site under `root` into `root/public` and fails the test with stderr if it fails.
pub fn build_ok(root: &Path) {
    let out = hubgen(root, &[]);
    assert!(
        out.status.success(),
        "build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every internal `href`/`src` of every HTML file under `public` that names no file of the tree,
/// as "page → target".
pub fn dangling_links(public: &Path) -> Vec<String> {
    let files = tree(public);
    let mut out = Vec::new();
    for (path, bytes) in &files {
        if path.extension().is_none_or(|e| e != "html") {
            continue;
        }
        let html = String::from_utf8_lossy(bytes);
        for attr in ["href=\"", "src=\"", "href=", "src="] {
            for (i, _) in html.match_indices(attr) {
                let rest = &html[i + attr.len()..];
                let end = rest
                    .find(|c: char| c == '"' || c == '>' || (!attr.ends_with('"') && c == ' '))
                    .unwrap_or(rest.len());
                let target = &rest[..end];
                if !target.starts_with('/') || target.starts_with("//") {
                    continue;
                }
                let path_part = target.split('#').next().unwrap_or("");
                let rel = path_part.trim_start_matches('/');
                let candidate = if rel.is_empty() || rel.ends_with('/') {
                    PathBuf::from(format!("{rel}index.html"))
                } else {
                    PathBuf::from(rel)
                };
                if !files.contains_key(&candidate) {
                    out.push(format!("{} → {target}", path.display()));
                }
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Text with digit-group separators (`,`, no-break spaces) removed between digits: `1,010` and
/// `1 010` both read `1010`.
pub fn ungrouped(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    for (i, c) in chars.iter().enumerate() {
        let between_digits = i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit);
        if between_digits && matches!(c, ',' | '\u{a0}' | '\u{202f}' | ' ') {
            continue;
        }
        out.push(*c);
    }
    out
}
