//! Property tests of every parser that reads user input: on any input, no panic, no hang (each
//! case is bounded in size and the suite in cases; `PROPTEST_CASES` raises it), and a failure is
//! an error that names its file and, where the parser knows it, the line.

use std::path::{Component, Path};

use proptest::prelude::*;

use crate::config::{Config, Overrides};
use crate::load::content::FrontMatter;

/// Text made mostly of the characters that matter to YAML, Markdown, Fluent and shortcodes.
fn syntaxy(max: usize) -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            8 => proptest::sample::select(vec![
                '-', '-', '\n', '\n', ' ', ' ', ':', '{', '}', '[', ']', '(', ')', '"', '\'', '=',
                ',', '#', '|', '>', '*', '&', '!', '%', '@', '/', '\\', '.', '`', '~', '\t',
                '\r', '\u{feff}', 'é', 'я', '中', '0', '1', '9', 'a', 'k', 'x',
            ]),
            1 => any::<char>(),
        ],
        0..max,
    )
    .prop_map(|v| v.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn front_matter_splitting_and_parsing(text in syntaxy(200)) {
        match crate::source::split_front_matter(&text) {
            Ok(split) => {
                prop_assert!(split.body_offset <= text.len());
                prop_assert_eq!(split.body, &text[split.body_offset..]);
                if let Err(d) = crate::yaml::parse::<FrontMatter>(
                    Path::new("content/en/x.md"),
                    split.front_matter,
                    split.front_matter_line,
                ) {
                    prop_assert_eq!(d.file.as_deref(), Some(Path::new("content/en/x.md")));
                }
            }
            Err(line) => prop_assert!(line >= 1 && line <= text.lines().count() + 1),
        }
    }

    #[test]
    fn shortcode_scanning(body in syntaxy(300)) {
        let (calls, errors) = crate::shortcode::scan(&body);
        for c in &calls {
            prop_assert!(c.start < c.end && c.end <= body.len());
            prop_assert!(body.is_char_boundary(c.start) && body.is_char_boundary(c.end));
        }
        for e in &errors {
            prop_assert!(e.offset <= body.len());
            let _ = crate::source::pos_of(&body, e.offset);
        }
    }

    #[test]
    fn markdown_rendering(body in syntaxy(300)) {
        let r = crate::markdown::to_html(&body);
        for h in &r.headings {
            prop_assert!(h.id.chars().all(|c| !c.is_whitespace()));
        }
    }

    #[test]
    fn segments_never_leave_their_folder(s in syntaxy(12)) {
        if crate::slug::is_segment(&s) {
            prop_assert!(crate::output::check_rel(&s).is_ok());
            let parts: Vec<Component> = Path::new(&s).components().collect();
            prop_assert!(matches!(parts.as_slice(), [Component::Normal(_)]));
        }
        if let Some(suggested) = crate::slug::suggest(&s, "uk") {
            prop_assert!(crate::slug::is_segment(&suggested));
        }
    }

    #[test]
    fn the_writer_accepts_only_paths_inside_its_folder(
        parts in proptest::collection::vec(syntaxy(6), 1..5)
    ) {
        let rel = parts.join("/");
        if crate::output::check_rel(&rel).is_ok() {
            for c in Path::new(&rel).components() {
                prop_assert!(matches!(c, Component::Normal(_)), "{rel:?} has {c:?}");
            }
        }
    }

    #[test]
    fn dates(s in syntaxy(12)) {
        let _ = crate::source::is_date(&s);
    }
}

proptest! {
    // Each case writes a file and loads it: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn fluent_loading(text in syntaxy(200)) {
        let tmp = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir_all(tmp.path().join("i18n/en")).expect("mkdir");
        std::fs::write(tmp.path().join("i18n/en/main.ftl"), &text).expect("write");
        let config = Config::load(tmp.path(), &Overrides::default()).expect("config");
        let (_, diags) = crate::load::i18n::load(&config);
        for d in diags {
            prop_assert_eq!(d.file.as_deref(), Some(Path::new("i18n/en/main.ftl")));
            prop_assert!(d.pos.is_some(), "no line: {}", d);
        }
    }
}
