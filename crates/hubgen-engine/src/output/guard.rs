//! Where hubgen may write. An output folder is refused (nothing touched, exit 2) when it is
//! the site's root or a folder above it; a source folder (`content/`, `data/`, `themes/`,
//! `i18n/`, `static/`, the theme in use, `.git/`) or anything inside one, or a folder holding
//! one; an existing file; or an existing folder holding anything hubgen did not write: a folder
//! without hubgen's manifest, or with files its manifest does not list. `--force` takes over such
//! a folder; nothing takes over a source folder. A symlink as the output is resolved and its
//! target judged by the same rules, so a deploy link keeps pointing at the new tree.

use std::collections::BTreeSet;
use std::path::{Component, Path, PathBuf};

use super::MANIFEST;

/// Why an output folder is refused, and what to do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub message: String,
    pub hint: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "error[{}]: {}\n  = hint: {}\n",
            crate::diag::code::OUTPUT_REFUSED.name,
            self.message,
            self.hint
        )
    }
}

/// Checks `out` against the rules above. `sources` are the site's source folders (they need not
/// exist). Returns the folder to write to: `out`, or the target of `out` when it is a symlink.
pub fn check(
    root: &Path,
    sources: &[PathBuf],
    out: &Path,
    force: bool,
) -> Result<PathBuf, Refusal> {
    let shown = out.display().to_string();
    let refuse = |message: String, hint: &str| Refusal {
        message,
        hint: hint.to_owned(),
    };
    let target = place(
        root,
        sources,
        out,
        &Place {
            verb: "write into",
            other: "build into a folder of its own, such as `public/` (the default) or a new folder",
            replaces: "a build replaces its output folder whole",
        },
    )?;
    let Ok(meta) = std::fs::metadata(&target) else {
        // Nothing there yet: the build creates it.
        return Ok(target);
    };
    if !meta.is_dir() {
        return Err(refuse(
            format!("refusing to write into `{shown}`: it is a file, not a folder"),
            "give --out a folder path; hubgen never replaces a file",
        ));
    }
    if force {
        return Ok(target);
    }
    let take_over = "if this folder is meant to be the site's output, run again with --force \
                     (its current content will be replaced); otherwise choose another --out";
    let present = files_under(&target);
    if present.is_empty() {
        return Ok(target);
    }
    let listed = match manifest_paths(&target) {
        Some(l) => l,
        None => {
            return Err(refuse(
                format!(
                    "refusing to write into `{shown}`: it holds files hubgen did not write ({}; no {MANIFEST})",
                    sample(&present)
                ),
                take_over,
            ));
        }
    };
    let foreign: Vec<String> = present
        .into_iter()
        .filter(|p| p != MANIFEST && !listed.contains(p))
        .collect();
    if !foreign.is_empty() {
        return Err(refuse(
            format!(
                "refusing to replace `{shown}`: {} file(s) in it were not written by hubgen ({})",
                foreign.len(),
                sample(&foreign)
            ),
            "move them into `static/` (copied into every build) or out of the folder; --force replaces them",
        ));
    }
    Ok(target)
}

/// What a command writing into a folder calls it in a refusal.
pub struct Place<'a> {
    /// `write into`, `publish into`.
    pub verb: &'a str,
    /// What to do instead.
    pub other: &'a str,
    /// Why the site's root is never the folder.
    pub replaces: &'a str,
}

/// The rules on where a folder is, for every command that writes one (`build --out`, `publish
/// --to file://`): never the site's root or a folder above it, a source folder, anything inside
/// one or a folder holding one. A symlink is judged by its target, which is returned.
pub fn place(
    root: &Path,
    sources: &[PathBuf],
    out: &Path,
    how: &Place<'_>,
) -> Result<PathBuf, Refusal> {
    let shown = out.display().to_string();
    let verb = how.verb;
    let refuse = |message: String, hint: &str| Refusal {
        message,
        hint: hint.to_owned(),
    };
    let other = how.other;
    let is_link = std::fs::symlink_metadata(out).is_ok_and(|m| m.file_type().is_symlink());
    let target = if is_link {
        std::fs::canonicalize(out).map_err(|e| {
            refuse(
                format!(
                    "refusing to {verb} `{shown}`: it is a symlink that cannot be followed ({e})"
                ),
                "point the link at an existing folder, or remove it",
            )
        })?
    } else {
        resolve(out)
    };
    let root_c = resolve(root);
    if target == root_c {
        return Err(refuse(
            format!(
                "refusing to {verb} `{shown}`: it is the site's root folder, and {}",
                how.replaces
            ),
            other,
        ));
    }
    if root_c.starts_with(&target) {
        return Err(refuse(
            format!("refusing to {verb} `{shown}`: it holds the site's root folder"),
            other,
        ));
    }
    for s in sources {
        let s_c = resolve(s);
        let name = s.strip_prefix(root).unwrap_or(s).display().to_string();
        if target == s_c {
            return Err(refuse(
                format!(
                    "refusing to {verb} `{shown}`: it is the source folder `{name}`, which it would overwrite"
                ),
                other,
            ));
        }
        if target.starts_with(&s_c) {
            return Err(refuse(
                format!("refusing to {verb} `{shown}`: it is inside the source folder `{name}`"),
                other,
            ));
        }
        if s_c.starts_with(&target) {
            return Err(refuse(
                format!("refusing to {verb} `{shown}`: it holds the source folder `{name}`"),
                other,
            ));
        }
    }
    Ok(target)
}

/// The first few names, for a message.
fn sample(names: &[String]) -> String {
    let mut s: Vec<&str> = names.iter().take(5).map(String::as_str).collect();
    if names.len() > 5 {
        s.push("…");
    }
    s.join(", ")
}

/// The paths the folder's manifest lists, or `None` without a readable hubgen manifest.
fn manifest_paths(dir: &Path) -> Option<BTreeSet<String>> {
    let bytes = std::fs::read(dir.join(MANIFEST)).ok()?;
    let doc: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    if doc["generator"] != "hubgen" {
        return None;
    }
    Some(
        doc["files"]
            .as_array()?
            .iter()
            .filter_map(|f| f["path"].as_str().map(str::to_owned))
            .collect(),
    )
}

/// Every entry under `dir` that is not a folder (files, links, anything else), `/`-separated.
fn files_under(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        match e {
            Ok(e) if e.file_type().is_dir() => {}
            Ok(e) => out.push(rel_name(dir, e.path())),
            // Something unreadable is something hubgen cannot vouch for.
            Err(e) => out.push(
                e.path()
                    .map_or_else(|| "(unreadable)".to_owned(), |p| rel_name(dir, p)),
            ),
        }
    }
    out
}

fn rel_name(dir: &Path, p: &Path) -> String {
    p.strip_prefix(dir)
        .unwrap_or(p)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// An absolute path with `.` and `..` resolved and the symlinks of its longest existing prefix
/// followed, so two spellings of one folder compare equal.
pub fn resolve(p: &Path) -> PathBuf {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    let mut lexical = PathBuf::new();
    for c in abs.components() {
        match c {
            Component::ParentDir => {
                lexical.pop();
            }
            Component::CurDir => {}
            other => lexical.push(other.as_os_str()),
        }
    }
    let mut rest = Vec::new();
    let mut head = lexical.as_path();
    loop {
        if let Ok(c) = std::fs::canonicalize(head) {
            let mut out = c;
            for r in rest.iter().rev() {
                out.push(r);
            }
            return out;
        }
        match (head.parent(), head.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_owned());
                head = parent;
            }
            _ => return lexical,
        }
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_sample_names_five_and_says_when_there_are_more() {
        let names = |n: usize| (1..=n).map(|i| format!("f{i}")).collect::<Vec<_>>();
        assert_eq!(sample(&names(0)), "");
        assert_eq!(sample(&names(4)), "f1, f2, f3, f4");
        assert_eq!(sample(&names(5)), "f1, f2, f3, f4, f5");
        assert_eq!(sample(&names(6)), "f1, f2, f3, f4, f5, …");
    }

    use super::*;

    struct Site {
        tmp: tempfile::TempDir,
    }

    impl Site {
        fn new() -> Self {
            let tmp = tempfile::tempdir().unwrap();
            for d in ["content/en", "data", "themes/default", "i18n/en"] {
                std::fs::create_dir_all(tmp.path().join("site").join(d)).unwrap();
            }
            Site { tmp }
        }
        fn root(&self) -> PathBuf {
            self.tmp.path().join("site")
        }
        fn sources(&self) -> Vec<PathBuf> {
            ["content", "data", "themes", "i18n", "static", ".git"]
                .iter()
                .map(|s| self.root().join(s))
                .collect()
        }
        fn check(&self, out: &Path, force: bool) -> Result<PathBuf, Refusal> {
            check(&self.root(), &self.sources(), out, force)
        }
    }

    #[test]
    fn the_root_folders_above_and_sources_are_refused_even_with_force() {
        let s = Site::new();
        let r = s.root();
        for (out, why) in [
            (r.clone(), "root folder"),
            (r.join("."), "root folder"),
            (r.join("content/.."), "root folder"),
            (s.tmp.path().to_path_buf(), "holds the site"),
            (PathBuf::from("/"), "holds the site"),
            (r.join("content"), "is the source folder `content`"),
            (r.join("data"), "source folder `data`"),
            (r.join("content/en/x"), "inside the source folder `content`"),
            (r.join("static/new"), "source folder `static`"),
            (r.join(".git"), "source folder `.git`"),
        ] {
            for force in [false, true] {
                let e = s.check(&out, force).unwrap_err();
                assert!(e.message.contains(why), "{}: {}", out.display(), e.message);
            }
        }
    }

    #[test]
    fn files_and_folders_hubgen_did_not_write_need_force() {
        let s = Site::new();
        let file = s.root().join("notes.txt");
        std::fs::write(&file, "mine").unwrap();
        let e = s.check(&file, true).unwrap_err();
        assert!(e.message.contains("is a file"), "{}", e.message);

        let www = s.tmp.path().join("www");
        std::fs::create_dir_all(www.join(".well-known")).unwrap();
        std::fs::write(www.join("CNAME"), "example.org").unwrap();
        let e = s.check(&www, false).unwrap_err();
        assert!(e.message.contains("CNAME"), "{}", e.message);
        assert!(e.hint.contains("--force"));
        assert_eq!(s.check(&www, true).unwrap(), resolve(&www));

        // An empty folder and a folder that is not there yet are fine.
        let empty = s.tmp.path().join("empty");
        std::fs::create_dir(&empty).unwrap();
        assert!(s.check(&empty, false).is_ok());
        assert!(s.check(&s.root().join("public"), false).is_ok());
    }

    #[test]
    fn a_marked_folder_is_replaced_unless_something_was_added_to_it() {
        let s = Site::new();
        let out = s.root().join("public");
        let mut t = super::super::OutputTree::default();
        t.insert("en/index.html".into(), b"x".to_vec());
        t.write_to(&out, super::super::WriteOptions::default())
            .unwrap();
        assert!(s.check(&out, false).is_ok());
        std::fs::write(out.join("en/notes.md"), "a writer's note").unwrap();
        let e = s.check(&out, false).unwrap_err();
        assert!(e.message.contains("en/notes.md"), "{}", e.message);
        assert!(s.check(&out, true).is_ok());
    }

    #[test]
    fn a_symlinked_output_is_judged_by_its_target() {
        let s = Site::new();
        let target = s.tmp.path().join("deploy");
        std::fs::create_dir(&target).unwrap();
        let link = s.root().join("public");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        assert_eq!(s.check(&link, false).unwrap(), resolve(&target));
        let bad = s.root().join("to-content");
        std::os::unix::fs::symlink(s.root().join("content"), &bad).unwrap();
        assert!(s.check(&bad, true).is_err());
        let dangling = s.root().join("dangling");
        std::os::unix::fs::symlink(s.tmp.path().join("nowhere"), &dangling).unwrap();
        assert!(s.check(&dangling, true).is_err());
    }
}
