//! End-to-end: a site with no theme and no strings of its own builds with hubgen's built-in,
//! neutral ones: nothing of this repository's site (GPU Rent Hub) shows, the title is the config's.

use std::path::Path;

mod common;
use common::{build_ok, read, tree};

fn write(root: &Path, rel: &str, text: &str) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

/// Every output file whose text names this repository's site or its footer.
fn branded(root: &Path) -> Vec<String> {
    tree(&root.join("public"))
        .into_iter()
        .filter(|(_, bytes)| {
            let text = String::from_utf8_lossy(bytes).to_lowercase();
            [
                "gpu rent hub",
                "gpurenthub",
                "computed from our published data",
            ]
            .iter()
            .any(|b| text.contains(b))
        })
        .map(|(path, _)| path.display().to_string())
        .collect()
}

#[test]
fn a_bare_folder_of_markdown_builds_with_nothing_of_gpu_rent_hub_in_its_output() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    write(
        root,
        "content/en/index.md",
        "---\ntitle: Hello\n---\n\nA page of my own.\n",
    );
    build_ok(root);
    let files = tree(&root.join("public"));
    assert!(files.len() > 3, "{:?}", files.keys().collect::<Vec<_>>());
    assert_eq!(branded(root), Vec::<String>::new());
    let page = read(root, "en/index/index.html");
    assert!(page.contains("<title>Hello</title>"), "{page}");

    // With a title and more locales: the title is the config's, the strings are built in.
    write(
        root,
        "hubgen.yaml",
        "title: Field Notes\nlocales:\n  - code: en\n  - code: uk\n    fallback: [en]\n  - code: ru\n    fallback: [en]\n",
    );
    write(
        root,
        "content/en/_index.md",
        "---\ntitle: Home\n---\n\nWelcome.\n",
    );
    build_ok(root);
    assert_eq!(branded(root), Vec::<String>::new());
    let home = read(root, "en/index.html");
    assert!(home.contains("<title>Home · Field Notes</title>"), "{home}");
    let uk = read(root, "uk/index.html");
    assert!(uk.contains("Перейти до змісту"), "{uk}");
    let chooser = read(root, "index.html");
    assert!(chooser.contains("Field Notes"), "{chooser}");
}

#[test]
fn a_theme_holds_only_the_templates_it_changes_and_takes_the_rest_as_built_in() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let root = tmp.path();
    write(root, "hubgen.yaml", "title: Field Notes\ntheme: mine\n");
    write(
        root,
        "content/en/_index.md",
        "---\ntitle: Home\n---\n\nWelcome.\n",
    );
    write(
        root,
        "content/en/a.md",
        "---\ntitle: A note\n---\n\nText.\n",
    );
    // Only the page template: the section, sitemap, robots and base stay the built-in ones.
    write(
        root,
        "themes/mine/templates/page.html",
        "{% extends \"base.html\" %}{% block content %}<p class=mine>{{ page.title }}</p>{% endblock %}",
    );
    build_ok(root);
    let page = read(root, "en/a/index.html");
    assert!(page.contains("<p class=mine>A note</p>"), "{page}");
    assert!(
        page.contains("Field Notes"),
        "the built-in base.html: {page}"
    );
    let section = read(root, "en/index.html");
    assert!(
        section.contains("/en/a/"),
        "the built-in section.html: {section}"
    );
    assert!(root.join("public/sitemap.xml").is_file());
}
