//! Property test of data loading: a real data file with random cuts and YAML syntax inserted
//! loads or fails with errors that name their file; it never panics.

use std::path::Path;

use proptest::prelude::*;

proptest! {
    // Each case copies the data set and loads it whole: fewer, larger cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn data_loading(
        which in 0..super::load::DATA_FILES.len(),
        seed in any::<prop::sample::Index>(),
    ) {
        let tmp = tempfile::tempdir().expect("tempdir");
        let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
        std::fs::create_dir(tmp.path().join("data")).expect("mkdir");
        for name in super::load::DATA_FILES {
            std::fs::copy(repo.join("data").join(name), tmp.path().join("data").join(name))
                .expect("copy");
        }
        // Mutate one real file: a cut and an insertion of YAML syntax, placed by `seed`.
        let name = super::load::DATA_FILES[which];
        let path = tmp.path().join("data").join(name);
        let text = std::fs::read_to_string(&path).expect("read");
        let mut s = text;
        let mut i = seed.index(s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        let mut j = (i + seed.index(8)).min(s.len());
        while !s.is_char_boundary(j) {
            j -= 1;
        }
        let inserts = [": ", "- ", "{", "}", "[", "]", "\n", "0", "-1", ".nan", "é", "\"", "&a", "*a", "!!str ", "~"];
        s.replace_range(i..j.max(i), inserts[seed.index(inserts.len())]);
        std::fs::write(&path, &s).expect("write");
        if let Err(diags) = super::load::load(&crate::extension::SiteFiles::new(tmp.path())) {
            prop_assert!(!diags.is_empty());
            for d in diags {
                prop_assert!(d.file.is_some(), "no file: {d}");
            }
        }
    }

}
