//! Where rendered files go as they are made. Rendering hands each file to a `Sink` from the worker
//! that made it and keeps nothing; the sink is a staging folder on disk (`output::Staging`), the
//! memory of `serve`, or only the list of paths (`hubgen check`).

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Why a sink did not take a file.
#[derive(Debug)]
pub enum Refused {
    /// Another output has this path already.
    Taken,
    /// The file could not be written (the message says why); the build must stop.
    Failed(String),
}

/// Takes output files from any thread.
pub trait Sink: Sync {
    /// Takes one file at `path` (relative, `/`-separated).
    fn put(&self, path: &str, bytes: Vec<u8>) -> Result<(), Refused>;

    /// Takes several files, with the result of each in order. A sink that does some work better
    /// in batches overrides it (the staging folder hashes a batch's MD5s side by side).
    fn put_many(&self, files: Vec<(String, Vec<u8>)>) -> Vec<Result<(), Refused>> {
        files
            .into_iter()
            .map(|(path, bytes)| self.put(&path, bytes))
            .collect()
    }

    /// Whether the sink has failed for good (rendering stops starting new pages).
    fn failed(&self) -> bool {
        false
    }
}

/// Files kept in memory, in path order: what `serve` answers from.
#[derive(Debug, Default)]
pub struct Memory {
    files: Mutex<BTreeMap<String, Vec<u8>>>,
}

impl Memory {
    pub fn into_files(self) -> BTreeMap<String, Vec<u8>> {
        self.files.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

impl Sink for Memory {
    fn put(&self, path: &str, bytes: Vec<u8>) -> Result<(), Refused> {
        let mut files = self.files.lock().unwrap_or_else(|e| e.into_inner());
        if files.contains_key(path) {
            return Err(Refused::Taken);
        }
        files.insert(path.to_owned(), bytes);
        Ok(())
    }
}

/// Only the paths and sizes, for checks that need to know what exists but not its bytes.
#[derive(Debug, Default)]
pub struct Paths {
    paths: Mutex<BTreeMap<String, usize>>,
}

impl Paths {
    pub fn into_paths(self) -> BTreeMap<String, usize> {
        self.paths.into_inner().unwrap_or_else(|e| e.into_inner())
    }
}

impl Sink for Paths {
    fn put(&self, path: &str, bytes: Vec<u8>) -> Result<(), Refused> {
        let mut paths = self.paths.lock().unwrap_or_else(|e| e.into_inner());
        if paths.contains_key(path) {
            return Err(Refused::Taken);
        }
        paths.insert(path.to_owned(), bytes.len());
        Ok(())
    }
}
