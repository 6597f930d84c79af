//! Reading the site's files, with one policy for every source folder:
//! - every file is found, in name order; a walk error (permission denied, a vanished entry) is an
//!   error naming the path, never dropped;
//! - a symlink whose target stays inside the site's root is followed (a linked folder is walked
//!   like a real one); a symlink that leaves the site, points nowhere, or loops back into a folder
//!   above it is an error naming it;
//! - anything that is neither a file nor a folder (a socket, a FIFO, a device) is an error;
//! - text must be UTF-8: an invalid byte is reported at its line and column.

use std::path::{Path, PathBuf};

use crate::diag::{Diagnostic, Pos, code};

/// A file found under a source folder.
#[derive(Debug, Clone)]
pub struct Found {
    /// Relative to the walked folder, `/`-separated.
    pub rel: String,
    /// The path to read it from.
    pub path: PathBuf,
}

/// `p` relative to the site root, for messages.
fn shown(root: &Path, p: &Path) -> PathBuf {
    p.strip_prefix(root).unwrap_or(p).to_path_buf()
}

/// Every file under `dir` for which `keep` holds, with the errors of the walk. A missing `dir`
/// gives nothing.
pub fn walk(
    root: &Path,
    dir: &Path,
    keep: impl Fn(&Path) -> bool,
) -> (Vec<Found>, Vec<Diagnostic>) {
    let mut found = Vec::new();
    let mut diags = Vec::new();
    if std::fs::symlink_metadata(dir).is_err() {
        return (found, diags);
    }
    let root_c = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut it = walkdir::WalkDir::new(dir)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter();
    while let Some(entry) = it.next() {
        let e = match entry {
            Ok(e) => e,
            Err(err) => {
                let path = err.path().map(|p| shown(root, p));
                let d = if let Some(ancestor) = err.loop_ancestor() {
                    Diagnostic::error(
                        code::FILE_SYMLINK,
                        format!(
                            "symlink loop: this link leads back to {}",
                            shown(root, ancestor).display()
                        ),
                    )
                    .with_hint("remove the link or point it at a folder that is not above it")
                } else if err
                    .path()
                    .and_then(|p| std::fs::symlink_metadata(p).ok())
                    .is_some_and(|m| m.file_type().is_symlink())
                {
                    Diagnostic::error(
                        code::FILE_SYMLINK,
                        "symlink that cannot be followed: its target does not exist",
                    )
                    .with_hint("fix or remove the link")
                } else {
                    Diagnostic::error(
                        code::FILE_READ,
                        format!(
                            "cannot read: {}",
                            err.io_error()
                                .map_or_else(|| err.to_string(), ToString::to_string)
                        ),
                    )
                    .with_hint("check that the file exists and can be read")
                };
                diags.push(match path {
                    Some(p) => d.in_file(p),
                    None => d,
                });
                continue;
            }
        };
        if e.path_is_symlink() {
            match std::fs::canonicalize(e.path()) {
                Ok(target) if target.starts_with(&root_c) => {}
                Ok(target) => {
                    diags.push(
                        Diagnostic::error(
                            code::FILE_SYMLINK,
                            format!("symlink to {}, which is outside the site", target.display()),
                        )
                        .in_file(shown(root, e.path()))
                        .with_hint("copy the file into the site, or link to a place inside it"),
                    );
                    if e.file_type().is_dir() {
                        it.skip_current_dir();
                    }
                    continue;
                }
                Err(err) => {
                    diags.push(
                        Diagnostic::error(
                            code::FILE_SYMLINK,
                            format!("symlink that cannot be followed: {err}"),
                        )
                        .in_file(shown(root, e.path()))
                        .with_hint("fix or remove the link"),
                    );
                    continue;
                }
            }
        }
        let t = e.file_type();
        if t.is_dir() {
            continue;
        }
        if !t.is_file() {
            diags.push(
                Diagnostic::error(
                    code::FILE_SPECIAL,
                    "not a regular file (a socket, FIFO or device?)",
                )
                .in_file(shown(root, e.path()))
                .with_hint("only files and folders belong in a source folder"),
            );
            continue;
        }
        if !keep(e.path()) {
            continue;
        }
        let Ok(rel) = e.path().strip_prefix(dir) else {
            continue;
        };
        let rel = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        found.push(Found {
            rel,
            path: e.path().to_path_buf(),
        });
    }
    (found, diags)
}

/// Refuses a symlink that leaves the site (or cannot be followed).
fn check_symlink(root: &Path, path: &Path, shown_as: &Path) -> Result<(), Diagnostic> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        let root_c = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
        match std::fs::canonicalize(path) {
            Ok(t) if t.starts_with(&root_c) => {}
            Ok(t) => {
                return Err(Diagnostic::error(
                    code::FILE_SYMLINK,
                    format!("symlink to {}, which is outside the site", t.display()),
                )
                .in_file(shown_as)
                .with_hint("copy the file into the site, or link to a place inside it"));
            }
            Err(e) => {
                return Err(Diagnostic::error(
                    code::FILE_SYMLINK,
                    format!("symlink that cannot be followed: {e}"),
                )
                .in_file(shown_as)
                .with_hint("fix or remove the link"));
            }
        }
    }
    Ok(())
}

fn read_error(shown_as: &Path, e: &std::io::Error) -> Diagnostic {
    Diagnostic::error(code::FILE_READ, format!("cannot read: {e}"))
        .in_file(shown_as)
        .with_hint("check that the file exists and can be read")
}

/// Reads a text file of the site: UTF-8 required, with the position of the first invalid byte;
/// a symlink that leaves the site is refused. `shown_as` names it in messages.
pub fn read_text(root: &Path, path: &Path, shown_as: &Path) -> Result<String, Diagnostic> {
    check_symlink(root, path, shown_as)?;
    let bytes = std::fs::read(path).map_err(|e| read_error(shown_as, &e))?;
    utf8(bytes, shown_as)
}

/// Bytes as text, or the position of the first invalid byte.
pub fn utf8(bytes: Vec<u8>, shown_as: &Path) -> Result<String, Diagnostic> {
    if simdutf8::basic::from_utf8(&bytes).is_ok() {
        // SAFETY: just validated as UTF-8 (by a vectorised validator; std's finds the error's
        // position below when there is one).
        return Ok(unsafe { String::from_utf8_unchecked(bytes) });
    }
    String::from_utf8(bytes).map_err(|e| {
        let valid = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let good = String::from_utf8_lossy(&bytes[..valid]);
        let pos = crate::source::pos_of(&good, good.len());
        Diagnostic::error(
            code::FILE_NOT_UTF8,
            format!("invalid UTF-8 (byte 0x{:02x})", bytes[valid]),
        )
        .in_file(shown_as)
        .at(Pos {
            line: pos.line,
            col: pos.col,
        })
        .with_hint("save the file as UTF-8")
    })
}

/// The size and modification time of a file, to tell later whether it changed.
pub type Stamp = (u64, Option<std::time::SystemTime>);

/// Reads the start of a text file, in growing chunks, until `enough` says the text read so far
/// (whole lines of valid UTF-8) is enough, or the file ends. For a page, that is its front
/// matter: the body is read when the page is rendered. Returns the text read and the file's
/// stamp.
pub fn read_head(
    root: &Path,
    path: &Path,
    shown_as: &Path,
    enough: impl Fn(&str) -> bool,
) -> Result<(String, Stamp), Diagnostic> {
    use std::io::Read;
    check_symlink(root, path, shown_as)?;
    let mut file = std::fs::File::open(path).map_err(|e| read_error(shown_as, &e))?;
    let meta = file.metadata().map_err(|e| read_error(shown_as, &e))?;
    let stamp = (meta.len(), meta.modified().ok());
    let mut buf = Vec::new();
    let mut chunk = 4096u64;
    loop {
        // Room for the whole chunk first, so it comes in one read rather than in the small,
        // growing reads `read_to_end` probes with.
        buf.reserve(usize::try_from(chunk.min(meta.len() + 1)).unwrap_or(0));
        let n = (&mut file)
            .take(chunk)
            .read_to_end(&mut buf)
            .map_err(|e| read_error(shown_as, &e))?;
        let eof = n == 0 || buf.len() as u64 >= meta.len();
        if eof {
            return utf8(buf, shown_as).map(|t| (t, stamp));
        }
        // Only whole lines of the valid part: a chunk may end inside a character or a line.
        // simdutf8's `compat` validator: std's error type (where the valid part ends), several
        // times faster on CJK text, where std's was a measurable part of loading.
        let valid = match simdutf8::compat::from_utf8(&buf) {
            Ok(t) => t,
            Err(e) if e.error_len().is_none() => {
                simdutf8::compat::from_utf8(&buf[..e.valid_up_to()]).unwrap_or_default()
            }
            Err(_) => return utf8(buf, shown_as).map(|t| (t, stamp)),
        };
        let lines = valid.rfind('\n').map_or("", |i| &valid[..=i]);
        if enough(lines) {
            return Ok((lines.to_owned(), stamp));
        }
        chunk *= 2;
    }
}

/// A file's bytes and its stamp, from one open: its size and time as the open file has them.
pub fn read_stamped(path: &Path) -> std::io::Result<(Vec<u8>, Stamp)> {
    use std::io::Read;
    let mut file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    // Read straight into room for the known size and one byte more, so that the second read
    // sees the end: `read_to_end` would stat and seek for the size again, and read in pieces.
    let mut bytes = vec![0u8; usize::try_from(meta.len()).unwrap_or(0) + 1];
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            // The file grew since it was opened: the stamp tells the caller.
            bytes.resize(bytes.len() * 2, 0);
        }
        match file.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok((bytes, (meta.len(), meta.modified().ok())))
}

/// The stamp of a file now.
pub fn stamp(path: &Path) -> std::io::Result<Stamp> {
    let meta = std::fs::metadata(path)?;
    Ok((meta.len(), meta.modified().ok()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_inside_are_followed_links_outside_loops_and_fifos_are_errors() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("site");
        let dir = root.join("content");
        std::fs::create_dir_all(dir.join("en/real")).unwrap();
        std::fs::create_dir_all(root.join("shared")).unwrap();
        std::fs::write(dir.join("en/real/a.md"), "a").unwrap();
        std::fs::write(root.join("shared/b.md"), "b").unwrap();
        std::fs::write(tmp.path().join("secret.md"), "outside").unwrap();
        let link = std::os::unix::fs::symlink;
        link(root.join("shared"), dir.join("en/shared")).unwrap();
        link(tmp.path().join("secret.md"), dir.join("en/secret.md")).unwrap();
        link(dir.join("en"), dir.join("en/real/loop")).unwrap();
        link(tmp.path().join("gone"), dir.join("en/dangling.md")).unwrap();
        let (found, diags) = walk(&root, &dir, |p| p.extension().is_some_and(|e| e == "md"));
        let rels: Vec<&str> = found.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["en/real/a.md", "en/shared/b.md"]);
        let msgs: Vec<String> = diags
            .iter()
            .map(|d| format!("{} {}", d.location(), d.message))
            .collect();
        assert_eq!(msgs.len(), 3, "{msgs:?}");
        assert!(
            msgs.iter().any(
                |m| m.starts_with("content/en/dangling.md") && m.contains("cannot be followed")
            ),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("content/en/real/loop") && m.contains("loop")),
            "{msgs:?}"
        );
        assert!(
            msgs.iter()
                .any(|m| m.starts_with("content/en/secret.md") && m.contains("outside the site")),
            "{msgs:?}"
        );
    }

    #[test]
    fn invalid_utf8_is_reported_at_its_line_and_column() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("x.md");
        std::fs::write(&p, b"---\ntitle: caf\xe9\n---\n").unwrap();
        let d = read_text(tmp.path(), &p, Path::new("content/en/x.md")).unwrap_err();
        assert_eq!(d.location(), "content/en/x.md:2:11");
        assert!(d.message.contains("0xe9"), "{}", d.message);
    }
}
