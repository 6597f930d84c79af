//! Output: writing the site so that a failed or killed build never touches the old one, two
//! builds never mix, and nothing lands outside the output folder.
//!
//! The write, step by step (every step holds an exclusive lock on the output's parent folder):
//! 1. leftovers of builds that died (`.<name>.hubgen-new-<pid>`, `.<name>.hubgen-old-<pid>`
//!    beside the output) are removed: under the lock, no live hubgen owns them;
//! 2. a fresh staging folder beside the output takes each file from the render worker that made
//!    it ([`Staging`], a `Sink`), in parallel: each path checked again (no absolute path, no `..`,
//!    no empty or dot segment), created new (two outputs with one path are an error), written and
//!    hashed; only the manifest entries are kept, and the manifest that marks the folder as
//!    hubgen's is written last, in path order;
//! 3. the staging folder and the output are exchanged in one step (`renameat2(RENAME_EXCHANGE)`
//!    on Linux; two renames elsewhere), so a reader sees the old tree or the new one, never none;
//! 4. the old tree, now in the staging name, is removed; if that fails the build still succeeded
//!    and the next build removes it. A build that fails drops its staging folder uncommitted,
//!    which removes it.

pub mod guard;
mod md5x;

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use crate::sink::{Refused, Sink};

/// The file that marks a folder as written by hubgen: every file of the tree with its size and
/// hash, in path order. It is not part of the site.
pub const MANIFEST: &str = ".hubgen-manifest.json";

/// Relative path (`/`-separated) → bytes, in sorted order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct OutputTree {
    pub files: BTreeMap<String, Vec<u8>>,
}

/// How to write: a fault to inject, for tests of the failure path through the binary.
#[derive(Debug, Default, Clone, Copy)]
pub struct WriteOptions {
    /// Fail with an I/O error after this many files are written (`HUBGEN_FAULT=write:N`).
    pub fail_after: Option<usize>,
}

impl WriteOptions {
    /// Reads `HUBGEN_FAULT` (`write:N`): a test hook that makes the N+1-th file write fail as a
    /// full disk would. Anything else in the variable is ignored.
    pub fn from_env() -> Self {
        let fail_after = std::env::var("HUBGEN_FAULT")
            .ok()
            .and_then(|v| v.strip_prefix("write:")?.parse().ok());
        WriteOptions { fail_after }
    }
}

/// What the write left behind that the user may want to know about.
#[derive(Debug, Default)]
pub struct Written {
    /// Leftover folders of killed builds that were removed first.
    pub removed_leftovers: Vec<PathBuf>,
    /// The old tree could not be removed after the swap (the next build removes it).
    pub old_not_removed: Option<(PathBuf, io::Error)>,
    /// The build waited for another build into the same folder.
    pub waited: bool,
}

/// Why a relative output path is refused: the writer's own check, whatever validation ran before.
pub fn check_rel(rel: &str) -> Result<(), String> {
    if rel.is_empty() {
        return Err("an empty path".into());
    }
    if rel.starts_with('/') || rel.contains('\\') || rel.contains('\0') || rel.contains(':') {
        return Err(format!("`{rel}` is not a relative `/`-separated path"));
    }
    for seg in rel.split('/') {
        if seg.is_empty() || seg == "." || seg == ".." {
            return Err(format!("`{rel}` has an empty, `.` or `..` segment"));
        }
    }
    if Path::new(rel).is_absolute() {
        return Err(format!("`{rel}` is absolute"));
    }
    Ok(())
}

impl OutputTree {
    /// Adds a file; returns false when the path is taken already.
    pub fn insert(&mut self, path: String, bytes: Vec<u8>) -> bool {
        if self.files.contains_key(&path) {
            return false;
        }
        self.files.insert(path, bytes);
        true
    }

    /// The bytes of every file in the tree.
    pub fn total_bytes(&self) -> usize {
        self.files.values().map(Vec::len).sum()
    }

    #[cfg(test)]
    /// Writes the tree to `out` (which the guard has accepted) as described in the module docs.
    /// On error, `out` is as it was and no staging folder is left.
    pub fn write_to(&self, out: &Path, opts: WriteOptions) -> io::Result<Written> {
        for rel in self.files.keys() {
            check_rel(rel).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("refusing to write {e}"),
                )
            })?;
        }
        let staging = Staging::begin(out, opts)?;
        for (rel, bytes) in &self.files {
            staging.put(rel, bytes.clone()).map_err(|r| match r {
                Refused::Taken => io::Error::new(io::ErrorKind::AlreadyExists, rel.clone()),
                Refused::Failed(m) => io::Error::other(m),
            })?;
        }
        staging
            .commit(&crate::headers::Policy::default())
            .map(|(w, _)| w)
    }
}

/// One written file as the manifest lists it: its hashes, taken as the file is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub bytes: u64,
    pub xxh3: u64,
    pub sha256: [u8; 32],
    pub md5: [u8; 16],
}

impl Entry {
    /// The entry of a file whose MD5 is already known (hashed in a batch).
    fn with_md5(path: &str, bytes: &[u8], md5: [u8; 16]) -> Self {
        use sha2::Digest as _;
        Entry {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            xxh3: xxhash_rust::xxh3::xxh3_64(bytes),
            sha256: sha2::Sha256::digest(bytes).into(),
            md5,
        }
    }
}

/// Lowercase hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Standard base64 with padding (Subresource Integrity values).
pub fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ABC[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Writes the manifest: `{"files": [{"bytes", "cache_control", "content_encoding",
/// "content_type", "fingerprinted", "locale", "md5", "path", "phase", "sha256", "xxh3"}…],
/// "generator": "hubgen", "tree_hash", "version": 3}`, in path order whatever order the files
/// were written in, so it is as deterministic as the tree. `tree_hash` is the SHA-256 of every
/// entry's path, SHA-256 and headers, one line each: equal tree hashes mean nothing to publish.
/// No JSON tree of the whole site is built (at 100,000 files that tree was the build's peak
/// memory): rows are formatted a chunk at a time, the rows of a chunk in parallel (formatting
/// them one by one was a serial tail of the build), and written in order.
pub fn write_manifest(
    entries: &mut [Entry],
    policy: &crate::headers::Policy,
    to: &Path,
) -> io::Result<()> {
    use rayon::prelude::*;
    use sha2::Digest as _;
    use std::io::Write;
    /// Rows formatted at once: a few megabytes, however large the site.
    const CHUNK: usize = 4096;
    entries.par_sort_unstable_by(|a, b| a.path.cmp(&b.path));
    let mut file = io::BufWriter::new(std::fs::File::create(to)?);
    let mut tree = sha2::Sha256::new();
    file.write_all(b"{\n  \"files\": [")?;
    for (n, chunk) in entries.chunks(CHUNK).enumerate() {
        let rows: Vec<(Vec<u8>, Vec<u8>)> = chunk
            .par_iter()
            .map(|e| manifest_row(e, policy))
            .collect::<io::Result<_>>()?;
        for (i, (row, line)) in rows.iter().enumerate() {
            file.write_all(if n == 0 && i == 0 { b"\n" } else { b",\n" })?;
            file.write_all(row)?;
            tree.update(line);
        }
    }
    if !entries.is_empty() {
        file.write_all(b"\n  ")?;
    }
    let tree_hash = hex(&tree.finalize());
    write!(
        file,
        "],\n  \"generator\": \"hubgen\",\n  \"tree_hash\": \"{tree_hash}\",\n  \"version\": 3\n}}\n"
    )?;
    file.into_inner().map_err(io::IntoInnerError::into_error)?;
    Ok(())
}

/// One file's row of the manifest, as pretty JSON indented to its place in the `files` list,
/// and its line of the tree hash.
fn manifest_row(e: &Entry, policy: &crate::headers::Policy) -> io::Result<(Vec<u8>, Vec<u8>)> {
    // Keys in alphabetical order, as a JSON object of the manifest has always had them.
    #[derive(serde::Serialize)]
    struct Row<'a> {
        bytes: u64,
        cache_control: &'a str,
        content_encoding: Option<&'static str>,
        content_type: &'a str,
        fingerprinted: bool,
        locale: Option<&'a str>,
        md5: String,
        path: &'a str,
        phase: &'static str,
        sha256: &'a str,
        xxh3: String,
    }
    let c = policy.classify(&e.path);
    let sha256 = hex(&e.sha256);
    let line = format!(
        "{}\0{sha256}\0{}\0{}\0{}\n",
        e.path,
        c.content_type,
        c.cache_control,
        c.content_encoding.map_or("", |e| e.name())
    );
    let json = serde_json::to_vec_pretty(&Row {
        bytes: e.bytes,
        cache_control: &c.cache_control,
        content_encoding: c.content_encoding.map(|e| e.name()),
        content_type: &c.content_type,
        fingerprinted: c.fingerprinted,
        locale: c.locale.as_deref(),
        md5: hex(&e.md5),
        path: &e.path,
        phase: c.phase.name(),
        sha256: &sha256,
        xxh3: format!("{:016x}", e.xxh3),
    })
    .map_err(io::Error::other)?;
    // Two levels in (the document, the list): no line break inside a JSON string to trip on.
    let mut row = Vec::with_capacity(json.len() + 64);
    row.extend_from_slice(b"    ");
    for part in json.split_inclusive(|&b| b == b'\n') {
        row.extend_from_slice(part);
        if part.ends_with(b"\n") {
            row.extend_from_slice(b"    ");
        }
    }
    Ok((row, line.into_bytes()))
}

/// A build being written: a fresh staging folder beside the output, under the lock, that takes
/// files from every render worker as they are made (each checked, written and hashed) and holds
/// only their manifest entries. `commit` swaps it in; dropping it uncommitted removes it, so a
/// failed build leaves the output as it was.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    _lock: std::fs::File,
    written: Written,
    entries: Mutex<Vec<Entry>>,
    count: AtomicUsize,
    fail_after: Option<usize>,
    failed: AtomicBool,
    /// The first write that failed, quoted by every write refused after it: whichever of them
    /// a build reports first (writes run in parallel) names the cause, a full disk say.
    first_failure: Mutex<Option<String>>,
    committed: bool,
}

/// The size of what a commit put in place.
#[derive(Debug, Default, Clone, Copy)]
pub struct Totals {
    pub files: usize,
    pub bytes: u64,
}

impl Staging {
    /// Takes the lock on the output's parent, removes leftovers of dead builds, and creates the
    /// staging folder.
    pub fn begin(out: &Path, opts: WriteOptions) -> io::Result<Self> {
        let (parent, name) = split_out(out);
        std::fs::create_dir_all(&parent)?;
        let mut written = Written::default();
        let lock = lock_dir(&parent, &mut written.waited)?;
        written.removed_leftovers = remove_leftovers(&parent, &name);
        let dir = parent.join(format!(".{name}.hubgen-new-{}", std::process::id()));
        std::fs::create_dir(&dir)?;
        Ok(Staging {
            out: out.to_path_buf(),
            dir,
            _lock: lock,
            written,
            entries: Mutex::new(Vec::new()),
            count: AtomicUsize::new(0),
            fail_after: opts.fail_after,
            failed: AtomicBool::new(false),
            first_failure: Mutex::new(None),
            committed: false,
        })
    }

    fn write_file(&self, rel: &str, bytes: &[u8]) -> Result<(), Refused> {
        use std::io::Write;
        check_rel(rel).map_err(|e| Refused::Failed(format!("refusing to write {e}")))?;
        let n = self.count.fetch_add(1, Ordering::Relaxed);
        if self.fail_after.is_some_and(|limit| n >= limit) {
            return Err(Refused::Failed(
                "no space left on device (injected by HUBGEN_FAULT)".into(),
            ));
        }
        let path = self.dir.join(rel);
        // A page is most often the first file of its own folder (`a/b/index.html`): make the
        // folder first rather than fail to open the file and then make it.
        if rel.ends_with("/index.html")
            && let Some(p) = path.parent()
        {
            match std::fs::create_dir(p) {
                Err(e)
                    if e.kind() != io::ErrorKind::AlreadyExists
                        && e.kind() != io::ErrorKind::NotFound =>
                {
                    return Err(Refused::Failed(format!("{rel}: {e}")));
                }
                _ => {}
            }
        }
        let open = || {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&path)
        };
        let file = match open() {
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                if let Some(p) = path.parent() {
                    std::fs::create_dir_all(p).map_err(|e| Refused::Failed(e.to_string()))?;
                }
                open()
            }
            other => other,
        };
        let mut file = match file {
            Ok(f) => f,
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => return Err(Refused::Taken),
            Err(e) => return Err(Refused::Failed(format!("{rel}: {e}"))),
        };
        file.write_all(bytes)
            .map_err(|e| Refused::Failed(format!("{rel}: {e}")))
    }

    /// Writes the manifest (each file classified by `policy`), swaps the staging folder in and
    /// removes the old tree.
    pub fn commit(mut self, policy: &crate::headers::Policy) -> io::Result<(Written, Totals)> {
        let mut entries =
            std::mem::take(&mut *self.entries.lock().unwrap_or_else(|e| e.into_inner()));
        let totals = Totals {
            files: entries.len(),
            bytes: entries.iter().map(|e| e.bytes).sum(),
        };
        write_manifest(&mut entries, policy, &self.dir.join(MANIFEST))?;
        swap(&self.dir, &self.out)?;
        self.committed = true;
        // The staging name now holds the old tree, if there was one.
        let mut written = std::mem::take(&mut self.written);
        if self.dir.exists()
            && let Err(e) = std::fs::remove_dir_all(&self.dir)
        {
            written.old_not_removed = Some((self.dir.clone(), e));
        }
        Ok((written, totals))
    }
}

impl Sink for Staging {
    fn put(&self, path: &str, bytes: Vec<u8>) -> Result<(), Refused> {
        self.put_many(vec![(path.to_owned(), bytes)])
            .pop()
            .unwrap_or(Ok(()))
    }

    fn put_many(&self, files: Vec<(String, Vec<u8>)>) -> Vec<Result<(), Refused>> {
        let mut results = Vec::with_capacity(files.len());
        let mut written: Vec<(String, Vec<u8>)> = Vec::with_capacity(files.len());
        for (path, bytes) in files {
            let r = if self.failed.load(Ordering::Relaxed) {
                let first = self.first_failure.lock().unwrap_or_else(|e| e.into_inner());
                Err(Refused::Failed(match first.as_deref() {
                    Some(m) => format!("an earlier write failed ({m})"),
                    None => "an earlier write failed".into(),
                }))
            } else {
                self.write_file(&path, &bytes)
            };
            match r {
                Ok(()) => written.push((path, bytes)),
                Err(Refused::Failed(m)) => {
                    {
                        let mut first =
                            self.first_failure.lock().unwrap_or_else(|e| e.into_inner());
                        if first.is_none() {
                            *first = Some(m.clone());
                        }
                    }
                    self.failed.store(true, Ordering::Relaxed);
                    results.push(Err(Refused::Failed(m)));
                    continue;
                }
                Err(e) => {
                    results.push(Err(e));
                    continue;
                }
            }
            results.push(Ok(()));
        }
        // The written files' MD5s side by side, then each one's other hashes.
        let md5s = md5x::md5_many(
            &written
                .iter()
                .map(|(_, b)| b.as_slice())
                .collect::<Vec<_>>(),
        );
        let entries: Vec<Entry> = written
            .iter()
            .zip(md5s)
            .map(|((path, bytes), md5)| Entry::with_md5(path, bytes, md5))
            .collect();
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend(entries);
        results
    }

    fn failed(&self) -> bool {
        self.failed.load(Ordering::Relaxed)
    }
}

impl Drop for Staging {
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// Replaces one source file the user asked hubgen to edit (`hubgen i18n stamp`): the new text
/// goes to a temporary file beside it and is renamed over it, so a crash leaves the old file or
/// the new one, never half of it.
pub fn replace_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let (parent, name) = split_out(path);
    let tmp = parent.join(format!(".{name}.hubgen-tmp-{}", std::process::id()));
    let result = std::fs::write(&tmp, bytes).and_then(|()| std::fs::rename(&tmp, path));
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// Creates a new file and fails if anything is at `path` already (`hubgen new`).
pub fn create_new_file(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?;
    f.write_all(bytes)
}

/// The output's parent folder and its name.
fn split_out(out: &Path) -> (PathBuf, String) {
    let parent = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = out
        .file_name()
        .map_or_else(|| "public".into(), |n| n.to_string_lossy().into_owned());
    (parent, name)
}

/// An exclusive lock on the output's parent folder, held until dropped. A second build into
/// the same place waits for the first.
fn lock_dir(parent: &Path, waited: &mut bool) -> io::Result<std::fs::File> {
    let dir = std::fs::File::open(parent)?;
    match dir.try_lock() {
        Ok(()) => Ok(dir),
        Err(std::fs::TryLockError::WouldBlock) => {
            eprintln!(
                "waiting for another hubgen build into {} to finish…",
                parent.display()
            );
            *waited = true;
            dir.lock()?;
            Ok(dir)
        }
        Err(std::fs::TryLockError::Error(e)) => Err(e),
    }
}

/// Removes staging and old folders of builds that died. Called under the lock, so no live
/// build owns them; only names of exactly our pattern are touched.
fn remove_leftovers(parent: &Path, name: &str) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    let Ok(entries) = std::fs::read_dir(parent) else {
        return removed;
    };
    for e in entries.flatten() {
        let file_name = e.file_name();
        let Some(n) = file_name.to_str() else {
            continue;
        };
        let ours = [".hubgen-new-", ".hubgen-old-"].iter().any(|tag| {
            n.strip_prefix(&format!(".{name}{tag}"))
                .is_some_and(|pid| !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit()))
        });
        let is_dir = e.file_type().is_ok_and(|t| t.is_dir());
        if ours && is_dir && std::fs::remove_dir_all(e.path()).is_ok() {
            removed.push(e.path());
        }
    }
    removed.sort();
    removed
}

/// Puts `staging` at `out`; the old `out`, if any, ends up at `staging`.
fn swap(staging: &Path, out: &Path) -> io::Result<()> {
    if std::fs::symlink_metadata(out).is_err() {
        return std::fs::rename(staging, out);
    }
    #[cfg(target_os = "linux")]
    {
        match exchange(staging, out) {
            Ok(()) => return Ok(()),
            // Filesystems without RENAME_EXCHANGE: fall back to two renames.
            Err(e) if matches!(e.raw_os_error(), Some(libc::EINVAL | libc::ENOSYS)) => {}
            Err(e) => return Err(e),
        }
    }
    swap_by_renames(staging, out)
}

/// The swap where `RENAME_EXCHANGE` is missing: `out` aside, `staging` in, the old tree to
/// `staging`'s name; if the second rename fails, `out` is put back.
fn swap_by_renames(staging: &Path, out: &Path) -> io::Result<()> {
    let pid = std::process::id();
    let (parent, name) = split_out(out);
    let old = parent.join(format!(".{name}.hubgen-old-{pid}"));
    std::fs::rename(out, &old)?;
    if let Err(e) = std::fs::rename(staging, out) {
        let _ = std::fs::rename(&old, out);
        return Err(e);
    }
    std::fs::rename(&old, staging)
}

#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    let c = |p: &Path| {
        CString::new(p.as_os_str().as_bytes())
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidInput, "a path with a NUL byte"))
    };
    let (a, b) = (c(a)?, c(b)?);
    // SAFETY: both are valid NUL-terminated paths relative to the current directory.
    let r = unsafe {
        libc::renameat2(
            libc::AT_FDCWD,
            a.as_ptr(),
            libc::AT_FDCWD,
            b.as_ptr(),
            libc::RENAME_EXCHANGE,
        )
    };
    if r == 0 {
        Ok(())
    } else {
        Err(io::Error::last_os_error())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains("hubgen-"))
            .collect()
    }

    #[test]
    fn replaces_the_old_tree_whole_and_marks_it() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        std::fs::create_dir_all(out.join("stale")).unwrap();
        std::fs::write(out.join("stale/index.html"), "old").unwrap();
        let mut t = OutputTree::default();
        assert!(t.insert("en/index.html".into(), b"new".to_vec()));
        assert!(!t.insert("en/index.html".into(), b"again".to_vec()));
        t.write_to(&out, WriteOptions::default()).unwrap();
        assert_eq!(std::fs::read(out.join("en/index.html")).unwrap(), b"new");
        assert!(!out.join("stale").exists());
        let m: serde_json::Value =
            serde_json::from_slice(&std::fs::read(out.join(MANIFEST)).unwrap()).unwrap();
        assert_eq!(m["files"][0]["path"], "en/index.html");
        assert_eq!(m["files"][0]["bytes"], 3);
        assert_eq!(
            m["files"][0]["sha256"],
            "11507a0e2f5e69d5dfa40a62a1bd7b6ee57e6bcd85c67c9b8431b36fff21c437"
        );
        assert_eq!(m["files"][0]["md5"], "22af645d1859cb5ca6da0c484f1f37ea");
        assert_eq!(m["files"][0]["content_type"], "text/html; charset=utf-8");
        assert_eq!(m["files"][0]["phase"], "page");
        assert_eq!(m["tree_hash"].as_str().map(str::len), Some(64));
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn the_writer_refuses_paths_that_leave_the_folder_even_unvalidated() {
        // Straight to the production writer, `Staging` (what `render_all` writes into), with no
        // validation before it: its own check must refuse each path once the staging folder
        // exists, and nothing may land in it, beside it or above it.
        for bad in [
            "../x.html",
            "a/../../x",
            "ABS",
            "a//b",
            "./a",
            "",
            "a\\..\\b",
            "c:x",
        ] {
            let tmp = tempfile::tempdir().unwrap();
            // An absolute path inside the temporary folder (so a broken check writes nowhere else).
            let abs = tmp.path().join("abs.html").to_string_lossy().into_owned();
            let bad = if bad == "ABS" { abs.as_str() } else { bad };
            assert!(check_rel(bad).is_err(), "{bad:?} accepted");
            let out = tmp.path().join("site/public");
            let staging = Staging::begin(&out, WriteOptions::default()).unwrap();
            assert!(staging.dir.is_dir());
            assert!(staging.put("ok.html", b"ok".to_vec()).is_ok());
            match staging.put(bad, b"escaped".to_vec()) {
                Err(Refused::Failed(m)) => assert!(m.contains("refusing to write"), "{bad:?}: {m}"),
                other => panic!("{bad:?} was not refused: {other:?}"),
            }
            assert!(Sink::failed(&staging), "{bad:?}: the build must stop");
            // Inside the staging folder only the good file; beside and above it nothing.
            let mut inside: Vec<_> = walkdir::WalkDir::new(&staging.dir)
                .min_depth(1)
                .into_iter()
                .map(|e| {
                    e.unwrap()
                        .path()
                        .strip_prefix(&staging.dir)
                        .unwrap()
                        .to_owned()
                })
                .collect();
            inside.sort();
            assert_eq!(inside, [PathBuf::from("ok.html")], "{bad:?}");
            let beside: Vec<_> = std::fs::read_dir(tmp.path().join("site"))
                .unwrap()
                .flatten()
                .map(|e| e.file_name())
                .collect();
            assert_eq!(beside.len(), 1, "{bad:?}: {beside:?}");
            drop(staging);
            // Dropped uncommitted: no staging folder, no output, nothing above.
            assert_eq!(
                std::fs::read_dir(tmp.path().join("site")).unwrap().count(),
                0,
                "{bad:?}"
            );
            let top: Vec<_> = std::fs::read_dir(tmp.path())
                .unwrap()
                .flatten()
                .map(|e| e.file_name())
                .collect();
            assert_eq!(top, ["site"], "{bad:?}");
        }
        assert!(check_rel("en/gpus/h100-sxm/index.html").is_ok());
    }

    #[test]
    fn a_fault_while_writing_leaves_the_old_tree_and_no_staging() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        let mut old = OutputTree::default();
        old.insert("a.html".into(), b"old a".to_vec());
        old.write_to(&out, WriteOptions::default()).unwrap();
        let before = std::fs::read(out.join(MANIFEST)).unwrap();
        let mut new = OutputTree::default();
        for i in 0..10 {
            new.insert(format!("p{i}/index.html"), vec![b'x'; i]);
        }
        let e = new
            .write_to(
                &out,
                WriteOptions {
                    fail_after: Some(4),
                },
            )
            .unwrap_err();
        assert!(e.to_string().contains("no space left"), "{e}");
        assert_eq!(std::fs::read(out.join("a.html")).unwrap(), b"old a");
        assert_eq!(std::fs::read(out.join(MANIFEST)).unwrap(), before);
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn leftovers_of_dead_builds_are_removed_and_nothing_else() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        for n in [
            ".public.hubgen-new-999999",
            ".public.hubgen-old-123",
            ".public.hubgen-new-x",
            ".other.hubgen-new-5",
        ] {
            std::fs::create_dir_all(tmp.path().join(n).join("en")).unwrap();
        }
        std::fs::write(tmp.path().join(".public.hubgen-old-7"), "a file, not ours").unwrap();
        let mut t = OutputTree::default();
        t.insert("index.html".into(), b"x".to_vec());
        let w = t.write_to(&out, WriteOptions::default()).unwrap();
        assert_eq!(w.removed_leftovers.len(), 2, "{:?}", w.removed_leftovers);
        let mut left = leftovers(tmp.path());
        left.sort();
        assert_eq!(
            left,
            [
                ".other.hubgen-new-5",
                ".public.hubgen-new-x",
                ".public.hubgen-old-7"
            ]
        );
    }

    #[test]
    fn base64_as_rfc_4648() {
        for (i, o) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
        ] {
            assert_eq!(base64(i.as_bytes()), o);
        }
    }

    /// Two folders `a` and `b` holding a file `f` with "new" and "old".
    fn two_trees(tmp: &Path) -> (PathBuf, PathBuf) {
        let a = tmp.join("a");
        let b = tmp.join("b");
        std::fs::create_dir(&a).unwrap();
        std::fs::create_dir(&b).unwrap();
        std::fs::write(a.join("f"), "new").unwrap();
        std::fs::write(b.join("f"), "old").unwrap();
        (a, b)
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn the_swap_exchanges_in_one_step() {
        // `RENAME_EXCHANGE` itself, not `swap` (whose two-rename fallback gives the same trees):
        // it must succeed here (ext4, tmpfs, btrfs, xfs all have it).
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = two_trees(tmp.path());
        exchange(&a, &b).unwrap();
        assert_eq!(std::fs::read(b.join("f")).unwrap(), b"new");
        assert_eq!(std::fs::read(a.join("f")).unwrap(), b"old");
        let mut names: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        names.sort();
        assert_eq!(names, ["a", "b"]);
        // And `swap` takes that path: the same result, nothing left beside.
        swap(&a, &b).unwrap();
        assert_eq!(std::fs::read(b.join("f")).unwrap(), b"old");
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn the_two_rename_fallback_swaps_and_puts_out_back_when_the_second_rename_fails() {
        let tmp = tempfile::tempdir().unwrap();
        let (a, b) = two_trees(tmp.path());
        swap_by_renames(&a, &b).unwrap();
        assert_eq!(std::fs::read(b.join("f")).unwrap(), b"new");
        assert_eq!(std::fs::read(a.join("f")).unwrap(), b"old");
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
        // The staging folder is gone by the time of the second rename: that rename fails, and
        // `out` must be back where it was with its own tree, nothing left under the old name.
        std::fs::remove_dir_all(&a).unwrap();
        let e = swap_by_renames(&a, &b).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound, "{e}");
        assert_eq!(std::fs::read(b.join("f")).unwrap(), b"new");
        assert!(!a.exists());
        assert_eq!(leftovers(tmp.path()), Vec::<String>::new());
    }

    #[test]
    fn staging_writes_up_to_the_fault_limit_and_refuses_the_next() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        let staging = Staging::begin(
            &out,
            WriteOptions {
                fail_after: Some(2),
            },
        )
        .unwrap();
        assert!(staging.write_file("a.html", b"a").is_ok());
        assert!(staging.write_file("b/index.html", b"b").is_ok());
        match staging.write_file("c.html", b"c") {
            Err(Refused::Failed(m)) => assert!(m.contains("no space left"), "{m}"),
            other => panic!("the third write: {other:?}"),
        }
        assert_eq!(
            std::fs::read(staging.dir.join("b/index.html")).unwrap(),
            b"b"
        );
        assert!(!staging.dir.join("c.html").exists());
    }

    #[test]
    fn a_path_taken_is_a_clash_and_a_file_in_a_folders_way_is_a_failure() {
        let tmp = tempfile::tempdir().unwrap();
        let staging = Staging::begin(&tmp.path().join("public"), WriteOptions::default()).unwrap();
        staging.write_file("a", b"a file").unwrap();
        // The same path again: another output has it.
        assert!(matches!(
            staging.write_file("a", b"again"),
            Err(Refused::Taken)
        ));
        // Under a file, as a page or as any other file: the write fails, naming the path; it
        // is no clash of two outputs.
        for rel in ["a/index.html", "a/b.css", "a/c/index.html"] {
            match staging.write_file(rel, b"x") {
                Err(Refused::Failed(m)) => assert!(m.starts_with(rel), "{rel}: {m}"),
                other => panic!("{rel}: {other:?}"),
            }
        }
        assert_eq!(std::fs::read(staging.dir.join("a")).unwrap(), b"a file");
    }

    #[test]
    fn the_manifest_keeps_its_layout_empty_or_not() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        OutputTree::default()
            .write_to(&out, WriteOptions::default())
            .unwrap();
        let empty = std::fs::read_to_string(out.join(MANIFEST)).unwrap();
        assert!(
            empty.starts_with("{\n  \"files\": [],\n  \"generator\""),
            "{empty}"
        );
        let mut t = OutputTree::default();
        t.insert("a.html".into(), b"a".to_vec());
        t.insert("b/index.html".into(), b"b".to_vec());
        t.write_to(&out, WriteOptions::default()).unwrap();
        let m = std::fs::read_to_string(out.join(MANIFEST)).unwrap();
        assert!(m.starts_with("{\n  \"files\": [\n    {\n      \""), "{m}");
        assert!(m.contains("\n    },\n    {\n      \""), "{m}");
        assert!(
            m.contains("\n    }\n  ],\n  \"generator\": \"hubgen\""),
            "{m}"
        );
        // Every line of a row is indented two levels in, so no row line starts a line alone.
        let rows: Vec<&str> = m.lines().skip(2).take_while(|l| *l != "  ],").collect();
        assert!(rows.len() > 4);
        assert!(rows.iter().all(|l| l.starts_with("    ")), "{rows:?}");
    }

    #[test]
    fn a_replaced_file_has_the_new_bytes_and_a_new_file_never_replaces_one() {
        let tmp = tempfile::tempdir().unwrap();
        let p = tmp.path().join("page.md");
        std::fs::write(&p, "old").unwrap();
        replace_file(&p, b"new").unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), b"new");
        let names: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(names, ["page.md"], "no temporary file left");
        let q = tmp.path().join("new.md");
        create_new_file(&q, b"first").unwrap();
        assert_eq!(std::fs::read(&q).unwrap(), b"first");
        let e = create_new_file(&q, b"second").unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(std::fs::read(&q).unwrap(), b"first");
    }

    #[test]
    fn a_bare_output_name_lives_in_the_current_folder() {
        assert_eq!(
            split_out(Path::new("public")),
            (PathBuf::from("."), "public".to_owned())
        );
        assert_eq!(
            split_out(Path::new("site/out")),
            (PathBuf::from("site"), "out".to_owned())
        );
        assert_eq!(split_out(Path::new("/")).1, "public");
    }
}
