//! Where a publish goes: an S3 bucket (`s3.rs`) or a plain folder (`Folder`), behind one small
//! synchronous trait. Keys are relative to the target's prefix, `/`-separated.

use std::path::{Path, PathBuf};

/// One object as the listing shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Object {
    pub key: String,
    pub size: u64,
    /// The ETag without quotes: the MD5 of the bytes for a single PUT.
    pub etag: Option<String>,
}

/// The headers an object is stored with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Headers {
    pub content_type: String,
    pub cache_control: String,
    /// Hex SHA-256 of the bytes, kept as object metadata (`x-amz-meta-sha256`).
    pub sha256: String,
    /// `Content-Encoding` of the stored bytes (`gzip`), where the target keeps one.
    pub content_encoding: Option<String>,
}

/// Why a remote operation failed, sorted by what the user can do about it.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    not(feature = "s3"),
    expect(
        dead_code,
        reason = "only the S3 client reports credentials and reachability"
    )
)]
pub(crate) enum Failure {
    /// The credentials were refused (401/403).
    Credentials(String),
    /// The bucket (or folder) does not exist.
    NoBucket(String),
    /// The endpoint cannot be reached (connection refused, DNS, timeout), after retries.
    Unreachable(String),
    /// Anything else, after retries.
    Other(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Credentials(m)
            | Failure::NoBucket(m)
            | Failure::Unreachable(m)
            | Failure::Other(m) => f.write_str(m),
        }
    }
}

/// A publish target. Every method may be called from several threads at once.
pub(crate) trait Remote: Sync {
    /// The target as the user wrote it, for messages.
    fn describe(&self) -> String;
    /// Whether objects keep a `Content-Encoding` (object storage does; a plain folder does not,
    /// and its web server compresses), so files a rule pre-compresses are stored compressed.
    fn stores_encoding(&self) -> bool {
        false
    }
    /// Every object under the prefix, in one listing.
    fn list(&self) -> Result<Vec<Object>, Failure>;
    /// The requests a listing of `n` objects took on the wire (a folder's: none, counted as one).
    fn list_requests(&self, n: usize) -> u64 {
        let _ = n;
        1
    }
    /// One object's bytes, `None` when there is none.
    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, Failure>;
    /// Stores `bytes` at `key` with `headers`, in a single request.
    fn put(&self, key: &str, bytes: Vec<u8>, headers: &Headers) -> Result<(), Failure>;
    fn delete(&self, key: &str) -> Result<(), Failure>;
    /// Stores `bytes` at `key` only if nothing is there (a folder: a file created exclusively;
    /// S3: a PUT with `If-None-Match: *`). `false`: something was.
    fn create(&self, key: &str, bytes: Vec<u8>, headers: &Headers) -> Result<bool, Failure>;
}

/// A plain folder (`file:///DIR`): for an nginx host or a mounted volume. The folder must exist;
/// headers are not stored (the web server decides them), the ETag is the MD5 of the file.
pub(crate) struct Folder {
    pub dir: PathBuf,
}

impl Folder {
    fn path(&self, key: &str) -> Result<PathBuf, Failure> {
        hubgen_engine::output::check_rel(key)
            .map_err(|e| Failure::Other(format!("refusing {e}")))?;
        Ok(self.dir.join(key))
    }

    fn io(&self, what: &str, e: &std::io::Error) -> Failure {
        Failure::Other(format!("{what} in {}: {e}", self.dir.display()))
    }
}

impl Remote for Folder {
    fn describe(&self) -> String {
        format!("file://{}", self.dir.display())
    }

    fn list(&self) -> Result<Vec<Object>, Failure> {
        use md5::Digest as _;
        if !self.dir.is_dir() {
            return Err(Failure::NoBucket(format!(
                "the folder {} does not exist",
                self.dir.display()
            )));
        }
        let mut out = Vec::new();
        for e in walkdir::WalkDir::new(&self.dir).sort_by_file_name() {
            let e =
                e.map_err(|e| Failure::Other(format!("cannot list {}: {e}", self.dir.display())))?;
            if !e.file_type().is_file() {
                continue;
            }
            let Some(key) = rel_key(&self.dir, e.path()) else {
                continue;
            };
            let bytes =
                std::fs::read(e.path()).map_err(|err| self.io("cannot read a file", &err))?;
            out.push(Object {
                key,
                size: bytes.len() as u64,
                etag: Some(hubgen_engine::output::hex(&md5::Md5::digest(&bytes))),
            });
        }
        Ok(out)
    }

    fn get(&self, key: &str) -> Result<Option<Vec<u8>>, Failure> {
        match std::fs::read(self.path(key)?) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(self.io("cannot read", &e)),
        }
    }

    fn put(&self, key: &str, bytes: Vec<u8>, _headers: &Headers) -> Result<(), Failure> {
        let path = self.path(key)?;
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| self.io("cannot create a folder", &e))?;
        }
        // A new file beside the old one, renamed over it: a reader sees one or the other.
        hubgen_engine::output::replace_file(&path, &bytes).map_err(|e| self.io("cannot write", &e))
    }

    fn create(&self, key: &str, bytes: Vec<u8>, _headers: &Headers) -> Result<bool, Failure> {
        if !self.dir.is_dir() {
            return Err(Failure::NoBucket(format!(
                "the folder {} does not exist",
                self.dir.display()
            )));
        }
        self.create_new(key, &bytes)
    }

    fn delete(&self, key: &str) -> Result<(), Failure> {
        let path = self.path(key)?;
        match std::fs::remove_file(&path) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(self.io("cannot delete", &e)),
        }
        // Empty folders left behind go too, up to the target's root.
        let mut dir = path.parent();
        while let Some(d) = dir {
            if d == self.dir || std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
        Ok(())
    }
}

impl Folder {
    /// Creates `key` with `bytes` if no file is there, in one step the file system makes
    /// exclusive.
    fn create_new(&self, key: &str, bytes: &[u8]) -> Result<bool, Failure> {
        use std::io::Write as _;
        let path = self.path(key)?;
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(bytes)
                    .and_then(|()| f.sync_all())
                    .map_err(|e| self.io("cannot write", &e))?;
                Ok(true)
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(e) => Err(self.io("cannot create", &e)),
        }
    }
}

/// `path` under `dir` as a `/`-separated key; `None` for a path that is not valid UTF-8.
fn rel_key(dir: &Path, path: &Path) -> Option<String> {
    let rel = path.strip_prefix(dir).ok()?;
    let parts: Option<Vec<&str>> = rel.components().map(|c| c.as_os_str().to_str()).collect();
    Some(parts?.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder() -> (tempfile::TempDir, Folder) {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("site");
        std::fs::create_dir(&dir).expect("target folder");
        (tmp, Folder { dir })
    }

    fn headers() -> Headers {
        Headers {
            content_type: "text/html".into(),
            cache_control: "no-cache".into(),
            sha256: String::new(),
            content_encoding: None,
        }
    }

    #[test]
    fn a_folder_names_itself_as_a_file_url_and_its_listing_is_one_request() {
        let (_tmp, f) = folder();
        assert_eq!(f.describe(), format!("file://{}", f.dir.display()));
        // A folder listing goes over no wire: the report counts it as one request, whatever its size.
        assert_eq!(f.list_requests(0), 1);
        assert_eq!(f.list_requests(11_000), 1);
        assert_eq!(
            Failure::Credentials("refused by the endpoint".into()).to_string(),
            "refused by the endpoint"
        );
    }

    #[test]
    fn get_says_none_for_a_missing_file_and_fails_on_one_it_cannot_read() {
        let (_tmp, f) = folder();
        f.put("a/index.html", b"hello".to_vec(), &headers())
            .expect("put");
        assert_eq!(f.get("a/index.html").expect("get"), Some(b"hello".to_vec()));
        assert_eq!(
            f.get("missing.html").expect("missing is not an error"),
            None
        );
        // A folder where a file was asked for is a failure, not "nothing there".
        assert!(f.get("a").is_err(), "reading a folder as a file must fail");
    }

    #[test]
    fn delete_removes_the_file_and_the_folders_it_empties_but_never_the_target() {
        let (_tmp, f) = folder();
        f.put("keep.html", b"k".to_vec(), &headers()).expect("put");
        f.put("a/b/c.html", b"c".to_vec(), &headers()).expect("put");
        f.put("a/d.html", b"d".to_vec(), &headers()).expect("put");
        f.delete("a/b/c.html").expect("delete");
        assert!(!f.dir.join("a/b").exists(), "the emptied folder goes");
        assert!(
            f.dir.join("a/d.html").is_file(),
            "a folder still holding a file stays"
        );
        f.delete("a/d.html").expect("delete");
        assert!(!f.dir.join("a").exists(), "the emptied parent goes too");
        f.delete("keep.html").expect("delete");
        assert!(f.dir.is_dir(), "the target itself stays, even empty");
        // A file already gone is not an error (a publish may retry a delete) ...
        f.delete("keep.html")
            .expect("deleting a missing file succeeds");
        // ... but a key that names a folder with files in it is.
        f.put("x/y.html", b"y".to_vec(), &headers()).expect("put");
        assert!(f.delete("x").is_err(), "a folder is not deleted as a file");
        assert!(f.dir.join("x/y.html").is_file(), "and what it holds stays");
    }

    #[test]
    fn create_writes_only_where_nothing_is_and_fails_where_it_cannot_write() {
        let (_tmp, f) = folder();
        assert!(
            f.create("lock", b"first".to_vec(), &headers())
                .expect("create")
        );
        assert!(
            !f.create("lock", b"second".to_vec(), &headers())
                .expect("second create")
        );
        assert_eq!(std::fs::read(f.dir.join("lock")).expect("read"), b"first");
        // No folder for the key: an error, not "someone else holds it".
        assert!(
            f.create("no/such/folder", b"x".to_vec(), &headers())
                .is_err()
        );
        let gone = Folder {
            dir: f.dir.join("missing"),
        };
        assert!(matches!(
            gone.create("lock", Vec::new(), &headers()),
            Err(Failure::NoBucket(_))
        ));
    }
}
