//! Reading a page's front matter from its file: YAML between `---` fences (TOML's `+++` is not
//! read), LF or CRLF line endings, with or without a byte-order mark, and errors at the line of the
//! whole file.

use std::path::{Path, PathBuf};

use super::*;

/// Writes `text` as `content/en/<name>` under a new site root and reads it as a page.
fn read(name: &str, text: &[u8]) -> Result<RawPage, Diagnostic> {
    let tmp = tempfile::tempdir().expect("tempdir");
    let file = PathBuf::from("content/en").join(name);
    std::fs::create_dir_all(tmp.path().join("content/en")).expect("mkdir");
    std::fs::write(tmp.path().join(&file), text).expect("write");
    let mut page = read_page(
        &std::sync::Arc::from(tmp.path()),
        "en".into(),
        name.into(),
        file,
    )?;
    // The folder goes with this function: keep the text in memory, as it was read.
    let t = page.text()?;
    let (text, offset) = (t.text.into_owned(), t.offset);
    page.body = super::Body::Text { text, offset };
    Ok(page)
}

#[test]
fn lf_crlf_and_a_byte_order_mark_read_the_same() {
    let variants: [&[u8]; 4] = [
        b"---\ntitle: A page\nweight: 3\n---\nBody.\n",
        b"---\r\ntitle: A page\r\nweight: 3\r\n---\r\nBody.\r\n",
        b"\xef\xbb\xbf---\ntitle: A page\nweight: 3\n---\nBody.\n",
        b"\xef\xbb\xbf---\r\ntitle: A page\r\nweight: 3\r\n---\r\nBody.\r\n",
    ];
    for text in variants {
        let p = read("a.md", text).unwrap_or_else(|d| panic!("{text:?}: {d}"));
        assert_eq!(p.front.title, "A page", "{text:?}");
        assert_eq!(p.front.weight, Some(3), "{text:?}");
        let t = p.text().expect("read");
        assert_eq!(t.body().trim_end(), "Body.", "{text:?}");
        // The body starts on line 5 of the file, whatever the line endings.
        assert_eq!(t.pos_in_body(0), Pos { line: 5, col: 1 }, "{text:?}");
    }
}

#[test]
fn a_yaml_error_points_at_its_line_in_the_whole_file() {
    for text in [
        "---\ntitle: A\nweight: [3\n---\nBody.\n",
        "---\r\ntitle: A\r\nweight: [3\r\n---\r\nBody.\r\n",
        "\u{feff}---\ntitle: A\nweight: [3\n---\nBody.\n",
    ] {
        let d = read("a.md", text.as_bytes()).unwrap_err();
        assert_eq!(d.file.as_deref(), Some(Path::new("content/en/a.md")));
        assert_eq!(d.pos.map(|p| p.line), Some(3), "{text:?}: {d}");
    }
    // A bad date is reported where the value starts.
    let d = read("a.md", b"---\r\ntitle: A\r\ndate: 2023-02-29\r\n---\r\n").unwrap_err();
    assert_eq!(d.location(), "content/en/a.md:3:7", "{d}");
}

#[test]
fn a_page_without_a_yaml_fence_has_no_front_matter() {
    // No fence at all, and TOML front matter, which hubgen does not read.
    for text in [
        "Just text.\n",
        "+++\ntitle = \"A\"\n+++\nBody.\n",
        "\n---\ntitle: A\n---\n",
    ] {
        let d = read("a.md", text.as_bytes()).unwrap_err();
        assert_eq!(d.message, "the page has no front matter", "{text:?}");
        assert_eq!(d.location(), "content/en/a.md:1:1");
        assert!(
            d.hint.as_deref().is_some_and(|h| h.contains("`---`")),
            "{d}"
        );
    }
}

#[test]
fn an_unclosed_or_empty_front_matter_is_an_error() {
    let d = read("a.md", b"---\ntitle: A\nBody.\n").unwrap_err();
    assert_eq!(d.message, "the front matter is not closed");
    let d = read("a.md", b"---\r\ntitle: A\r\n").unwrap_err();
    assert_eq!(d.message, "the front matter is not closed");
    // Fences with nothing between them: no title, so no page (the parser words it as the YAML
    // ending early).
    let d = read("a.md", b"---\n---\nBody.\n").unwrap_err();
    assert_eq!(d.file.as_deref(), Some(Path::new("content/en/a.md")), "{d}");
}

#[test]
fn the_closing_fence_is_a_line_of_three_dashes_or_dots_only() {
    // `...` closes YAML too; a `----` line inside a block scalar is text, not a fence.
    let p = read("a.md", b"---\ntitle: A\n...\nBody.\n").expect("dots close");
    assert_eq!(
        (p.front.title.as_str(), p.text().expect("read").body()),
        ("A", "Body.\n")
    );
    let p = read(
        "a.md",
        b"---\ntitle: A\ndescription: |\n  ----\n  more\n---\nBody.\n",
    )
    .expect("a dashed line inside YAML");
    assert_eq!(p.front.description.as_deref(), Some("----\nmore\n"));
    assert_eq!(p.text().expect("read").body(), "Body.\n");
    // Trailing spaces after a fence are allowed.
    let p = read("a.md", b"--- \ntitle: A\n---  \nBody.\n").expect("spaces");
    assert_eq!(p.text().expect("read").body(), "Body.\n");
}

#[test]
fn only_the_front_matter_is_read_and_a_long_one_is_read_whole() {
    // A front matter longer than the first chunk read, and a body with an invalid byte: loading
    // reads the front matter only, so the body's problem shows when the page is rendered.
    let long = "x".repeat(10_000);
    let body = "y".repeat(100_000);
    let mut text = format!("---\ntitle: A\ndescription: {long}\n---\nBody.\n{body}\n").into_bytes();
    text.extend_from_slice(b"\xff\n");
    let tmp = tempfile::tempdir().expect("tempdir");
    std::fs::create_dir_all(tmp.path().join("content/en")).expect("mkdir");
    let file = PathBuf::from("content/en/a.md");
    std::fs::write(tmp.path().join(&file), &text).expect("write");
    let page = read_page(
        &std::sync::Arc::from(tmp.path()),
        "en".into(),
        "a.md".into(),
        file.clone(),
    )
    .expect("loads");
    assert_eq!(page.front.description.as_deref(), Some(long.as_str()));
    let e = page
        .text()
        .err()
        .expect("the invalid byte is found when the body is read");
    assert_eq!(e.code.name, "file-not-utf8");
    assert_eq!(e.pos.map(|p| p.line), Some(7));
    // A file changed after loading is an error, not a page of two versions.
    std::fs::write(tmp.path().join(&file), "---\ntitle: A\n---\nOther.\n").expect("write");
    let e = page.text().err().expect("changed");
    assert!(e.message.contains("changed"), "{}", e.message);
}
