//! Property test of data loading: every data file of data/ (`ordering.yaml` too), each with a
//! random cut and YAML syntax inserted, loads or fails with errors of which one names that
//! file (or, where the edit renamed a record, references to it from other files); it never panics.

use std::path::{Path, PathBuf};

use proptest::prelude::*;

/// Every file the data loader reads.
fn all_files() -> Vec<&'static str> {
    let mut files = super::load::DATA_FILES.to_vec();
    files.push(super::schema::ORDERING_FILE);
    files
}

const INSERTS: [&str; 16] = [
    ": ", "- ", "{", "}", "[", "]", "\n", "0", "-1", ".nan", "é", "\"", "&a", "*a", "!!str ", "~",
];

/// `text` with the `len` bytes at `at` (both moved back to character boundaries) replaced.
fn mutate(text: &str, at: prop::sample::Index, len: usize, insert: &str) -> String {
    let mut s = text.to_owned();
    let mut i = at.index(s.len() + 1);
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    let mut j = (i + len).min(s.len());
    while !s.is_char_boundary(j) {
        j -= 1;
    }
    s.replace_range(i..j.max(i), insert);
    s
}

proptest! {
    // Each case loads the data set once per file: fewer, larger cases.
    #![proptest_config(ProptestConfig {
        cases: hubgen_engine::ext::proptest_cases(16),
        ..ProptestConfig::default()
    })]

    #[test]
    fn data_loading(
        at in any::<prop::sample::Index>(),
        len in 0usize..8,
        insert in proptest::sample::select(INSERTS.to_vec()),
    ) {
        let tmp = tempfile::tempdir().expect("tempdir");
        let repo = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        std::fs::create_dir(tmp.path().join("data")).expect("mkdir");
        let files = all_files();
        for name in &files {
            std::fs::copy(repo.join("data").join(name), tmp.path().join("data").join(name))
                .expect("copy");
        }
        // Every file in turn, with the same cut and insertion; the others as they are.
        for name in &files {
            let path = tmp.path().join("data").join(name);
            let text = std::fs::read_to_string(&path).expect("read");
            std::fs::write(&path, mutate(&text, at, len, insert)).expect("write");
            if let Err(diags) = super::load::load(&hubgen_engine::ext::SiteFiles::new(tmp.path())) {
                prop_assert!(!diags.is_empty());
                let mutated = PathBuf::from("data").join(name);
                for d in &diags {
                    prop_assert!(d.file.is_some(), "no file: {d}");
                }
                // One error is at the mutated file; or the mutation was a valid edit that renamed a
                // record (`llama2-13b` to `0llama2-13b`), and every error is a reference to it
                // from another file.
                let here = diags.iter().any(|d| d.file.as_deref() == Some(mutated.as_path()));
                let renamed = diags
                    .iter()
                    .all(|d| d.code == super::codes::DATA_UNKNOWN_REFERENCE);
                prop_assert!(
                    here || renamed,
                    "{name} was mutated, the errors name other files: {diags:?}"
                );
            }
            std::fs::write(&path, &text).expect("restore");
        }
    }
}

#[test]
fn every_data_file_is_fuzzed() {
    let mut on_disk: Vec<String> =
        std::fs::read_dir(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join("data"))
            .expect("data/")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.ends_with(".yaml"))
            .collect();
    on_disk.sort();
    let mut fuzzed: Vec<String> = all_files().iter().map(|s| (*s).to_owned()).collect();
    fuzzed.sort();
    assert_eq!(fuzzed, on_disk);
}
