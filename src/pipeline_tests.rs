//! The pipeline with this binary's extension: an incremental rebuild gives the bytes of a full one.

use std::path::Path;

use hubgen_engine::config::Overrides;
use hubgen_engine::pipeline::*;

fn copy(from: &Path, to: &Path) {
    if from.is_dir() {
        std::fs::create_dir_all(to).unwrap();
        for e in std::fs::read_dir(from).unwrap().flatten() {
            copy(&e.path(), &to.join(e.file_name()));
        }
    } else {
        std::fs::copy(from, to).unwrap();
    }
}

#[test]
fn an_incremental_rebuild_gives_exactly_the_bytes_of_a_full_one() {
    // The test fixture (its config, data and pages) with the repository's theme and strings.
    let tmp = tempfile::tempdir().unwrap();
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fixture = repo.join("tests/fixtures/site");
    for item in ["hubgen.yaml", "data", "content"] {
        copy(&fixture.join(item), &tmp.path().join(item));
    }
    for item in ["i18n", "themes"] {
        copy(&repo.join(item), &tmp.path().join(item));
    }
    let root = tmp.path();
    // A section below the top level, in English only (other locales show it from English).
    std::fs::create_dir_all(root.join("content/en/guides")).unwrap();
    std::fs::write(
        root.join("content/en/guides/_index.md"),
        "---\ntitle: Guides\nweight: 90\n---\n\nGuides.\n",
    )
    .unwrap();
    for (name, w) in [("alpha", 1), ("beta", 2)] {
        std::fs::write(
            root.join(format!("content/en/guides/{name}.md")),
            format!("---\ntitle: {name}\nweight: {w}\n---\n\nAbout {name}.\n"),
        )
        .unwrap();
    }
    let o = Overrides::default();
    let mut prepared = prepare(root, &o, crate::EXTENSION).unwrap();
    let memory = hubgen_engine::sink::Memory::default();
    render_all(&prepared, &memory, false).unwrap();
    let mut tree = hubgen_engine::output::OutputTree {
        files: memory.into_files(),
    };
    // Body edits in two locales, one with a new figure, one with a new FAQ answer.
    let edit = |rel: &str, from: &str, to: &str| {
        let p = root.join(rel);
        let t = std::fs::read_to_string(&p).unwrap();
        assert!(t.contains(from), "{rel}");
        std::fs::write(&p, t.replacen(from, to, 1)).unwrap();
        p
    };
    let changed = vec![
        edit(
            "content/en/gpu-memory.md",
            "## ",
            "A new line with {{ price(offer=\"a100-sxm\") }}.\n\n## ",
        ),
        edit(
            "content/uk/fine-tuning.md",
            "## Часті запитання",
            "Новий абзац.\n\n## Часті запитання",
        ),
    ];
    let touched = prepared
        .apply_body_edits(root, &changed)
        .expect("body-only edits");
    assert_eq!(touched.len(), 2);
    let files = prepared.render_pages(&touched).unwrap();
    assert!(files.len() >= 2, "the pages and their fallback copies");
    for (path, bytes) in files {
        tree.files.insert(path, bytes);
    }
    let (full, _) = hubgen_engine::pipeline::build(root, &o, crate::EXTENSION).unwrap();
    assert!(tree == full, "incremental and full rebuilds differ");
    // A nested page's new title and weight: the page and the section in every locale.
    let nested = edit(
        "content/en/guides/beta.md",
        "title: beta\nweight: 2",
        "title: Beta first\nweight: 0",
    );
    let touched = prepared
        .apply_body_edits(root, &[nested])
        .expect("a listed-field edit");
    assert_eq!(touched.len(), 2, "the page and the one English section");
    for (path, bytes) in prepared.render_pages(&touched).unwrap() {
        tree.files.insert(path, bytes);
    }
    let (full, _) = hubgen_engine::pipeline::build(root, &o, crate::EXTENSION).unwrap();
    assert!(
        tree == full,
        "incremental and full rebuilds differ after a title edit"
    );
    assert!(String::from_utf8_lossy(&tree.files["uk/guides/index.html"]).contains("Beta first"));
    // A top-level page's title is in every menu: a full rebuild.
    let t = edit("content/en/gpu-memory.md", "weight: 20", "weight: 21");
    assert!(prepared.apply_body_edits(root, &[t]).is_none());
    // Nor can a data change.
    assert!(
        prepared
            .apply_body_edits(root, &[root.join("data/cards.yaml")])
            .is_none()
    );
}
