//! Helpers shared by the end-to-end tests.
#![allow(dead_code, reason = "each test file uses a subset")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository's own site. Only the smoke test (tests/build.rs) builds it; every other
/// end-to-end test runs on the fixture, so a writer's edit to `content/` or `data/` breaks none
/// of them.
pub(crate) const SITE: [&str; 5] = ["hubgen.yaml", "data", "content", "i18n", "themes"];

/// The test fixture (see its README): a small site of its own, written for the tests.
pub(crate) const FIXTURE: &str = "tests/fixtures/site";

/// What a fixture copy takes from the fixture, and what from the repository (the theme and the
/// strings, which are neither content nor data).
const FIXTURE_OWN: [&str; 3] = ["hubgen.yaml", "data", "content"];
const FIXTURE_FROM_REPO: [&str; 2] = ["themes", "i18n"];

pub(crate) fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A throwaway copy of this repository's own site: for the smoke test only.
pub(crate) fn real_site_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    for item in SITE {
        copy(&repo().join(item), &tmp.path().join(item));
    }
    tmp
}

/// A throwaway copy of the test fixture, with the repository's theme and strings.
pub(crate) fn fixture_copy() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    fixture_into(tmp.path());
    tmp
}

/// Lays the fixture (with the repository's theme and strings) into `dir`.
pub(crate) fn fixture_into(dir: &Path) {
    let fixture = repo().join(FIXTURE);
    for item in FIXTURE_OWN {
        copy(&fixture.join(item), &dir.join(item));
    }
    for item in FIXTURE_FROM_REPO {
        copy(&repo().join(item), &dir.join(item));
    }
}

/// The text of a fixture file as committed (`rel` from the fixture's root), for expected values
/// read from the data rather than from a build.
pub(crate) fn fixture_text(rel: &str) -> String {
    let path = repo().join(FIXTURE).join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `text` with the site's temporary root written `[SITE]`, for snapshots.
pub(crate) fn redact(text: &str, root: &Path) -> String {
    text.replace(&root.display().to_string(), "[SITE]")
}

pub(crate) fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).expect("mkdir");
        for e in std::fs::read_dir(from).expect("read_dir").flatten() {
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        std::fs::copy(from, to).expect("copy");
    }
}

pub(crate) fn hubgen(root: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .arg("build")
        .arg("--root")
        .arg(root)
        .args(extra)
        .output()
        .expect("run hubgen")
}

/// Every file under `dir`: relative path → bytes.
pub(crate) fn tree(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
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

pub(crate) fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join("public").join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

pub(crate) fn edit(root: &Path, rel: &str, from: &str, to: &str) {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    assert!(text.contains(from), "{rel} does not contain {from:?}");
    std::fs::write(&p, text.replacen(from, to, 1)).expect("write");
}

/// Builds the site under `root` into `root/public` and fails the test with stderr if it fails.
pub(crate) fn build_ok(root: &Path) {
    let out = hubgen(root, &[]);
    assert!(
        out.status.success(),
        "build failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every internal `href`/`src` of every HTML file under `public` that names no file of the tree,
/// as "page → target".
pub(crate) fn dangling_links(public: &Path) -> Vec<String> {
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
pub(crate) fn ungrouped(text: &str) -> String {
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

/// The text of the table in `<figure class="table-<name>">` of a page, a row a line and the cells
/// separated by ` | ` (each cell's text pieces joined by one space): what a reader sees, for
/// snapshots.
pub(crate) fn table_text(html: &str, name: &str) -> String {
    let doc = scraper::Html::parse_document(html);
    let sel = |s: &str| scraper::Selector::parse(s).expect("selector");
    let figure = doc
        .select(&sel(&format!("figure.table-{name}")))
        .next()
        .unwrap_or_else(|| panic!("no table {name}"));
    let mut out = String::new();
    for row in figure.select(&sel("tr")) {
        let cells: Vec<String> = row
            .select(&sel("th, td"))
            .map(|c| {
                c.text()
                    .map(str::trim)
                    .filter(|t| !t.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out.push_str(&cells.join(" | "));
        out.push('\n');
    }
    for note in figure.select(&sel("figcaption")) {
        let text: String = note.text().collect();
        out.push_str(&format!("note: {}\n", text.trim()));
    }
    out
}
