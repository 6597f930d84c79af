//! Output: the rendered tree in memory, and writing it so a failed build never touches the old one.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

/// Relative path (`/`-separated) → bytes, in sorted order.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct OutputTree {
    pub files: BTreeMap<String, Vec<u8>>,
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

    pub fn total_bytes(&self) -> usize {
        self.files.values().map(Vec::len).sum()
    }

    /// Writes the tree to `out` atomically as far as the filesystem allows: everything goes to a
    /// sibling staging folder first; only when all of it is written is the old tree moved aside and
    /// the new one renamed into place, then the old one removed. A failure before the swap leaves
    /// `out` exactly as it was.
    pub fn write_to(&self, out: &Path) -> io::Result<()> {
        let parent = match out.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        std::fs::create_dir_all(&parent)?;
        let name = out
            .file_name()
            .map_or_else(|| "public".into(), |n| n.to_string_lossy().into_owned());
        let pid = std::process::id();
        let staging = parent.join(format!(".{name}.hubgen-new-{pid}"));
        let old = parent.join(format!(".{name}.hubgen-old-{pid}"));
        let _ = std::fs::remove_dir_all(&staging);
        let result = self.write_all(&staging);
        if let Err(e) = result {
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
        let had_old = out.exists();
        if had_old {
            std::fs::rename(out, &old)?;
        }
        if let Err(e) = std::fs::rename(&staging, out) {
            if had_old {
                let _ = std::fs::rename(&old, out);
            }
            let _ = std::fs::remove_dir_all(&staging);
            return Err(e);
        }
        if had_old {
            std::fs::remove_dir_all(&old)?;
        }
        Ok(())
    }

    fn write_all(&self, dir: &Path) -> io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for (rel, bytes) in &self.files {
            let path = dir.join(rel);
            if let Some(p) = path.parent() {
                std::fs::create_dir_all(p)?;
            }
            std::fs::write(&path, bytes)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_old_tree_whole() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        std::fs::create_dir_all(out.join("stale")).unwrap();
        std::fs::write(out.join("stale/index.html"), "old").unwrap();
        let mut t = OutputTree::default();
        assert!(t.insert("en/index.html".into(), b"new".to_vec()));
        assert!(!t.insert("en/index.html".into(), b"again".to_vec()));
        t.write_to(&out).unwrap();
        assert_eq!(std::fs::read(out.join("en/index.html")).unwrap(), b"new");
        assert!(!out.join("stale").exists());
        let leftovers: Vec<_> = std::fs::read_dir(tmp.path()).unwrap().collect();
        assert_eq!(leftovers.len(), 1, "no staging folders left behind");
    }
}
