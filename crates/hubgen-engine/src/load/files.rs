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

/// A walk's error as a diagnostic: a symlink loop, a dangling link or a file that cannot be read.
fn walk_error(root: &Path, err: &walkdir::Error) -> Diagnostic {
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
    match path {
        Some(p) => d.in_file(p),
        None => d,
    }
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
                diags.push(walk_error(root, &err));
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
    let mut file = std::fs::File::open(path)?;
    let meta = file.metadata()?;
    let bytes = read_all(&mut file, meta.len())?;
    Ok((bytes, (meta.len(), meta.modified().ok())))
}

/// Everything `r` gives, read straight into room for `len` bytes and one more, so that the
/// second read sees the end (`read_to_end` would stat and seek for the size again, and read in
/// pieces); more room when it gives more; an interrupted read is tried again.
fn read_all(r: &mut impl std::io::Read, len: u64) -> std::io::Result<Vec<u8>> {
    let mut bytes = vec![0u8; usize::try_from(len).unwrap_or(0) + 1];
    let mut filled = 0;
    loop {
        if filled == bytes.len() {
            // The file grew since it was opened: the stamp tells the caller.
            bytes.resize(bytes.len() * 2, 0);
        }
        match r.read(&mut bytes[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    bytes.truncate(filled);
    Ok(bytes)
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
        // A FIFO among the pages: neither a file nor a folder. (Opening it would block.)
        let fifo =
            std::ffi::CString::new(dir.join("en/pipe.md").as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid, NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        let (found, diags) = walk(&root, &dir, |p| p.extension().is_some_and(|e| e == "md"));
        let rels: Vec<&str> = found.iter().map(|f| f.rel.as_str()).collect();
        assert_eq!(rels, ["en/real/a.md", "en/shared/b.md"]);
        let msgs: Vec<String> = diags
            .iter()
            .map(|d| format!("{} {}", d.location(), d.message))
            .collect();
        assert_eq!(msgs.len(), 4, "{msgs:?}");
        let special: Vec<_> = diags
            .iter()
            .filter(|d| d.code == code::FILE_SPECIAL)
            .map(Diagnostic::location)
            .collect();
        assert_eq!(special, ["content/en/pipe.md"]);
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

    #[test]
    fn a_read_file_that_is_a_link_must_stay_inside_the_site() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("site");
        std::fs::create_dir_all(root.join("data")).unwrap();
        std::fs::write(root.join("data/real.yaml"), "a: 1\n").unwrap();
        std::fs::write(tmp.path().join("secret.yaml"), "outside\n").unwrap();
        let link = std::os::unix::fs::symlink;
        link(root.join("data/real.yaml"), root.join("data/inside.yaml")).unwrap();
        link(
            tmp.path().join("secret.yaml"),
            root.join("data/outside.yaml"),
        )
        .unwrap();
        link(tmp.path().join("gone"), root.join("data/dangling.yaml")).unwrap();
        let read = |name: &str| {
            let p = root.join("data").join(name);
            read_text(&root, &p, Path::new(name))
        };
        assert_eq!(read("inside.yaml").unwrap(), "a: 1\n");
        let out = read("outside.yaml").unwrap_err();
        assert_eq!(out.code, code::FILE_SYMLINK);
        assert!(out.message.contains("outside the site"), "{}", out.message);
        assert_eq!(out.location(), "outside.yaml");
        let gone = read("dangling.yaml").unwrap_err();
        assert_eq!(gone.code, code::FILE_SYMLINK);
        assert!(
            gone.message.contains("cannot be followed"),
            "{}",
            gone.message
        );
        // The same rule for a page's head.
        let head = read_head(
            &root,
            &root.join("data/outside.yaml"),
            Path::new("outside.yaml"),
            |_| true,
        )
        .unwrap_err();
        assert_eq!(head.code, code::FILE_SYMLINK);
    }

    /// A page of `size` bytes: front matter, then a body of `fill`.
    fn page(dir: &Path, name: &str, head: &str, body: &[u8]) -> PathBuf {
        let p = dir.join(name);
        let mut bytes = head.as_bytes().to_vec();
        bytes.extend_from_slice(body);
        std::fs::write(&p, bytes).unwrap();
        p
    }

    #[test]
    fn the_head_of_a_page_is_read_in_whole_lines_until_it_is_enough() {
        let tmp = tempfile::tempdir().unwrap();
        let d = tmp.path();
        let closed = |t: &str| t.matches("---\n").count() >= 2;
        // An empty file and one without a final newline come back whole.
        let empty = page(d, "empty.md", "", b"");
        assert_eq!(read_head(d, &empty, Path::new("e"), closed).unwrap().0, "");
        let short = page(d, "short.md", "a\nb", b"");
        let (text, stamp) = read_head(d, &short, Path::new("s"), |_| true).unwrap();
        assert_eq!(text, "a\nb");
        assert_eq!(stamp.0, 3);
        // Front matter that ends past the first chunk: read on until it closes, then stop at a
        // whole line, before the body (whose invalid byte is never read).
        let long_value = "x".repeat(6000);
        let head = format!("---\ntitle: {long_value}\n---\n");
        let mut body = "é".repeat(5000).into_bytes();
        body.extend_from_slice(b"\xff tail\n");
        let big = page(d, "big.md", &head, &body);
        let (text, stamp) = read_head(d, &big, Path::new("b"), closed).unwrap();
        assert!(text.starts_with(&head), "{}", &text[..40]);
        assert!(text.ends_with('\n'));
        assert!(!text.contains('\u{fffd}'));
        assert_eq!(stamp.0, (head.len() + body.len()) as u64);
        // A chunk that ends inside a two-byte character: the head is still read, not refused.
        let split = format!("---\ntitle: {}\n", "é".repeat(2100));
        assert!(split.len() > 4096);
        let p = page(d, "split.md", &split, b"---\nbody\n");
        let (text, _) = read_head(d, &p, Path::new("p"), closed).unwrap();
        assert!(text.starts_with(&split), "{}", text.len());
        // An invalid byte in the first chunk is an error at once, even in the body: the page is
        // refused at load, not when it is rendered.
        let mut body = b"body \xff\n".to_vec();
        body.extend_from_slice("x".repeat(5000).as_bytes());
        let p = page(d, "body.md", "---\ntitle: t\n---\n", &body);
        let e = read_head(d, &p, Path::new("content/en/body.md"), closed).unwrap_err();
        assert_eq!(e.location(), "content/en/body.md:4:6");
        // An invalid byte inside the head is an error at its line and column.
        let bad = page(d, "bad.md", "---\ntitle: caf", b"\xe9\n---\n");
        let e = read_head(d, &bad, Path::new("content/en/bad.md"), closed).unwrap_err();
        assert_eq!(e.code, code::FILE_NOT_UTF8);
        assert_eq!(e.location(), "content/en/bad.md:2:11");
    }

    /// A reader that is interrupted before every other read and gives `data` a few bytes at a time.
    struct Flaky<'a> {
        data: &'a [u8],
        interrupt: bool,
    }
    impl std::io::Read for Flaky<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(std::io::ErrorKind::Interrupted.into());
            }
            let n = buf.len().min(self.data.len()).min(7);
            buf[..n].copy_from_slice(&self.data[..n]);
            self.data = &self.data[n..];
            Ok(n)
        }
    }

    #[test]
    fn an_interrupted_read_is_tried_again_and_other_errors_end_it() {
        let data: Vec<u8> = (0..100u8).collect();
        let mut r = Flaky {
            data: &data,
            interrupt: false,
        };
        assert_eq!(read_all(&mut r, 10).unwrap(), data);
        struct Broken;
        impl std::io::Read for Broken {
            fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
                Err(std::io::ErrorKind::PermissionDenied.into())
            }
        }
        assert_eq!(
            read_all(&mut Broken, 10).unwrap_err().kind(),
            std::io::ErrorKind::PermissionDenied
        );
    }

    #[test]
    fn a_stamped_read_returns_every_byte_even_of_a_file_that_grows() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("a.bin");
        let bytes: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        std::fs::write(&p, &bytes).unwrap();
        let (got, stamp) = read_stamped(&p).unwrap();
        assert_eq!(got, bytes);
        assert_eq!(stamp, super::stamp(&p).unwrap());
        // A FIFO says it is empty when opened and then delivers more: the buffer must grow.
        let fifo = tmp.path().join("fifo");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid, NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let writer = {
            let fifo = fifo.clone();
            let bytes = bytes.clone();
            std::thread::spawn(move || std::fs::write(fifo, bytes).unwrap())
        };
        let (got, stamp) = read_stamped(&fifo).unwrap();
        writer.join().unwrap();
        assert_eq!(got.len(), bytes.len());
        assert_eq!(got, bytes);
        assert_eq!(stamp.0, 0, "the size the FIFO had when opened");
        // A read error other than an interruption is returned, not retried for ever.
        let e = read_stamped(tmp.path()).unwrap_err();
        assert_eq!(e.raw_os_error(), Some(libc::EISDIR));
    }
}
