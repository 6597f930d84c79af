//! Config resolution beyond the file's own checks: what a site without `hubgen.yaml` gets, which
//! theme is used, and how command-line overrides combine with the file.

use std::path::Path;

use super::*;

/// A site folder with `dirs` created under it and `hubgen.yaml` holding `config` (if any).
fn site(dirs: &[&str], config: Option<&str>) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tempdir");
    for d in dirs {
        std::fs::create_dir_all(tmp.path().join(d)).expect("mkdir");
    }
    if let Some(text) = config {
        std::fs::write(tmp.path().join(CONFIG_FILE), text).expect("write");
    }
    tmp
}

fn codes(c: &Config) -> Vec<&str> {
    c.locales.iter().map(|l| l.code.as_str()).collect()
}

#[test]
fn without_a_config_the_locales_are_the_content_folders_with_en_first() {
    let s = site(
        &[
            "content/uk",
            "content/de",
            "content/en",
            "content/Notes",
            "content/x_y",
        ],
        None,
    );
    std::fs::write(s.path().join("content/readme.md"), "not a locale").expect("write");
    let c = Config::load(s.path(), &Overrides::default()).expect("defaults");
    // Folders that cannot be locale codes, and files, are not locales.
    assert_eq!(codes(&c), ["en", "de", "uk"]);
    assert_eq!(c.default_locale, "en");
    assert!(
        c.locales
            .iter()
            .all(|l| l.fallback.is_empty() && l.required.is_none())
    );
    assert_eq!(c.base_url, DEV_BASE_URL);
    assert!(!c.base_url_set, "a production build warns");
    assert!(c.prefix_default_locale && c.minify && !c.drafts);
    assert_eq!(c.theme_dir, None, "the built-in theme");
    assert_eq!(c.locale_prefix("en"), "/en");
}

#[test]
fn without_en_the_first_folder_is_the_default_and_without_content_it_is_en() {
    let s = site(&["content/uk", "content/de"], None);
    let c = Config::load(s.path(), &Overrides::default()).expect("defaults");
    assert_eq!(
        (codes(&c), c.default_locale.as_str()),
        (vec!["de", "uk"], "de")
    );
    let empty = site(&[], None);
    let c = Config::load(empty.path(), &Overrides::default()).expect("defaults");
    assert_eq!((codes(&c), c.default_locale.as_str()), (vec!["en"], "en"));
    // A config without `locales` derives them the same way.
    let s = site(
        &["content/zh", "content/en"],
        Some("base_url: https://x.org\n"),
    );
    let c = Config::load(s.path(), &Overrides::default()).expect("config");
    assert_eq!(codes(&c), ["en", "zh"]);
    assert!(c.base_url_set);
}

#[test]
fn the_theme_is_the_named_folder_else_themes_default_else_built_in() {
    let with_default = site(&["themes/default/templates"], None);
    let c = Config::load(with_default.path(), &Overrides::default()).expect("config");
    assert_eq!(
        c.theme_dir,
        Some(with_default.path().join("themes/default"))
    );
    assert!(
        c.source_dirs()
            .contains(&with_default.path().join("themes/default"))
    );
    // `theme: default` with no such folder is the built-in theme, not an error.
    let none = site(&[], Some("theme: default\n"));
    let c = Config::load(none.path(), &Overrides::default()).expect("config");
    assert_eq!(c.theme_dir, None);
    let named = site(&["themes/dark"], Some("theme: dark\n"));
    let c = Config::load(named.path(), &Overrides::default()).expect("config");
    assert_eq!(c.theme_dir, Some(named.path().join("themes/dark")));
    let missing = site(&["themes/default"], Some("theme: dark\n"));
    let e = Config::load(missing.path(), &Overrides::default()).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(e[0].message, "theme `dark` not found at themes/dark");
    assert_eq!(e[0].location(), "hubgen.yaml:1:8");
}

#[test]
fn command_line_overrides_win_over_the_file_and_are_checked_too() {
    let s = site(
        &[],
        Some("base_url: https://site.example\nprefix_default_locale: false\nminify: false\n"),
    );
    let c = Config::load(s.path(), &Overrides::default()).expect("config");
    assert_eq!(c.base_url, "https://site.example");
    assert!(!c.prefix_default_locale && !c.minify);
    assert_eq!(
        (c.locale_prefix("en"), c.locale_prefix("uk")),
        (String::new(), "/uk".into())
    );
    let preview = Overrides {
        base_url: Some("https://preview.example/pr-7/".into()),
        drafts: true,
    };
    let c = Config::load(s.path(), &preview).expect("config");
    assert_eq!(
        c.base_url, "https://preview.example/pr-7",
        "trailing slash trimmed"
    );
    assert!(c.base_url_set && c.drafts);
    // Without a file, --base-url still counts as set.
    let bare = site(&[], None);
    assert!(
        Config::load(bare.path(), &preview)
            .expect("config")
            .base_url_set
    );
    let bad = Overrides {
        base_url: Some("preview.example".into()),
        drafts: false,
    };
    let e = Config::load(s.path(), &bad).unwrap_err();
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].message
            .starts_with("--base-url `preview.example` is not valid"),
        "{}",
        e[0]
    );
    assert_eq!(
        e[0].file, None,
        "it comes from the command line, not the file"
    );
}

#[test]
fn a_config_that_is_not_yaml_or_lacks_its_default_locale_is_reported() {
    let s = site(&[], Some("base_url: [https://x.org\n"));
    let e = Config::load(s.path(), &Overrides::default()).unwrap_err();
    assert_eq!(e[0].file.as_deref(), Some(Path::new(CONFIG_FILE)));
    assert_eq!(e[0].pos.map(|p| p.line), Some(1));
    let s = site(&[], Some("default_locale: uk\nlocales:\n  - code: en\n"));
    let e = Config::load(s.path(), &Overrides::default()).unwrap_err();
    assert_eq!(e[0].message, "default_locale `uk` is not in `locales`");
    assert_eq!(e[0].location(), "hubgen.yaml:1:17");
}
