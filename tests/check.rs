//! `hubgen check` on the test fixture (tests/fixtures/site): one planted error per kind, each with
//! the exact file, line, column and message a writer sees; all errors of a stage in one run (its
//! JSON report snapshotted); JSON and GitHub output.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

mod common;
use common::fixture_copy;

fn check(root: &Path, format: &str) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["check", "--format", format, "--root"])
        .arg(root)
        .output()
        .expect("run hubgen check");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The error diagnostics of `check --format json`, as (file, line, column, message, hint).
fn errors(root: &Path) -> Vec<(String, u64, u64, String, String)> {
    let (code, stdout, stderr) = check(root, "json");
    assert_eq!(code, 1, "check must fail:\n{stdout}\n{stderr}");
    let v: Value = serde_json::from_str(&stdout).expect("json");
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            (
                d["file"].as_str().unwrap_or_default().to_owned(),
                d["line"].as_u64().unwrap_or(0),
                d["column"].as_u64().unwrap_or(0),
                d["message"].as_str().unwrap_or_default().to_owned(),
                d["hint"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

/// Replaces `from` with `to` in a file and returns the 1-based line and column where `to` starts.
fn plant(root: &Path, rel: &str, from: &str, to: &str) -> (u64, u64) {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    let at = text
        .find(from)
        .unwrap_or_else(|| panic!("{rel} lacks {from:?}"));
    std::fs::write(&p, text.replacen(from, to, 1)).expect("write");
    let line = text[..at].matches('\n').count() as u64 + 1;
    let col = text[..at].rsplit('\n').next().unwrap_or("").chars().count() as u64 + 1;
    (line, col)
}

#[test]
fn the_fixture_checks_clean() {
    let site = fixture_copy();
    let (code, stdout, stderr) = check(site.path(), "json");
    assert_eq!(code, 0, "{stdout}{stderr}");
    let v: Value = serde_json::from_str(&stdout).expect("json");
    assert_eq!(v["errors"], 0);
    assert_eq!(v["warnings"], 0, "{stdout}");
}

#[test]
fn yaml_in_data() {
    let site = fixture_copy();
    let (line, col) = plant(
        site.path(),
        "data/pricing.yaml",
        "hours_per_month: 720",
        "hours_per_month: many",
    );
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("data/pricing.yaml", line, col + 17)
    );
    assert_eq!(
        e[0].3, "expected a whole number, zero or more, written in digits",
        "{e:?}"
    );
}

#[test]
fn front_matter_yaml_with_the_line_of_the_whole_file() {
    let site = fixture_copy();
    let (line, _) = plant(
        site.path(),
        "content/uk/monthly-vs-hourly.md",
        "weight: 30",
        "weight: [30",
    );
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("content/uk/monthly-vs-hourly.md", line, 9)
    );
}

#[test]
fn unknown_front_matter_key_with_did_you_mean() {
    let site = fixture_copy();
    let (line, col) = plant(site.path(), "content/en/gpu-memory.md", "title:", "titel:");
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("content/en/gpu-memory.md", line, col)
    );
    assert!(e[0].3.starts_with("unknown field `titel`"), "{e:?}");
    assert_eq!(e[0].4, "did you mean `title`?");
}

#[test]
fn shortcode() {
    let site = fixture_copy();
    let (line, col) = plant(
        site.path(),
        "content/zh/gpu-memory.md",
        "{{ weights_gb(",
        "{{ weight_gb(",
    );
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2, e[0].3.as_str()),
        (
            "content/zh/gpu-memory.md",
            line,
            col,
            "unknown shortcode `weight_gb`"
        )
    );
    assert!(e[0].4.starts_with("did you mean `weights_gb`?"), "{e:?}");
}

/// Gives the site's theme its own `page.html` (a copy of the built-in one, which it otherwise
/// takes as it is), for an error to be planted in.
fn theme_page(root: &std::path::Path) {
    std::fs::write(
        root.join("themes/default/templates/page.html"),
        include_str!("../crates/hubgen-engine/builtin/theme/templates/page.html"),
    )
    .expect("write");
}

#[test]
fn template_syntax_at_the_template_line() {
    let site = fixture_copy();
    theme_page(site.path());
    let (line, col) = plant(
        site.path(),
        "themes/default/templates/page.html",
        "{% endblock content %}",
        "{% if %}{% endblock content %}",
    );
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("themes/default/templates/page.html", line, col + 6)
    );
    assert!(e[0].3.starts_with("template: Found `%}`"), "{e:?}");
}

#[test]
fn template_runtime_error_names_the_page_once() {
    let site = fixture_copy();
    theme_page(site.path());
    let (line, col) = plant(
        site.path(),
        "themes/default/templates/page.html",
        "{{ page.content | safe }}",
        "{{ page.content | safe }}{{ page.contnet.text }}",
    );
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "one error for every page it breaks: {e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("themes/default/templates/page.html", line, col + 25 + 8)
    );
    assert!(e[0].3.contains("`contnet` is not defined"), "{e:?}");
    // The hint counts the pages first, then names the first of them.
    let (count, first) = e[0].4.split_once("; ").unwrap_or_default();
    assert!(
        count.ends_with(" pages hit this error")
            && first.starts_with("while rendering content/")
            && first.ends_with(".md"),
        "{e:?}"
    );
}

#[test]
fn fluent_syntax() {
    let site = fixture_copy();
    let (line, _) = plant(site.path(), "i18n/zh/main.ftl", "nav-label =", "nav-label");
    let e = errors(site.path());
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!((e[0].0.as_str(), e[0].1), ("i18n/zh/main.ftl", line));
    assert!(e[0].3.starts_with("Fluent syntax error"), "{e:?}");
}

#[test]
fn broken_link_and_broken_anchor() {
    let site = fixture_copy();
    let root = site.path();
    let p = root.join("content/en/monthly-vs-hourly.md");
    let mut text = std::fs::read_to_string(&p).expect("read");
    let line = text.lines().count() as u64 + 2;
    text.push_str(
        "\nSee [the formula](@/gpu-memory.md#fromula) and [the old page](/en/pricing/).\n",
    );
    std::fs::write(&p, text).expect("write");
    let e = errors(root);
    assert_eq!(e.len(), 2, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("content/en/monthly-vs-hourly.md", line, 19)
    );
    assert_eq!(
        e[0].3,
        "link to `@/gpu-memory.md#fromula`: the page has no anchor `#fromula`"
    );
    assert!(e[0].4.starts_with("did you mean `formula`?"), "{e:?}");
    assert_eq!(
        (e[1].0.as_str(), e[1].1, e[1].2),
        ("content/en/monthly-vs-hourly.md", line, 63)
    );
    assert_eq!(
        e[1].3,
        "link to `/en/pricing/`: no page or file at /en/pricing/"
    );
}

#[test]
fn a_link_to_a_missing_page_or_a_draft_is_an_error_at_its_line() {
    let site = fixture_copy();
    let root = site.path();
    let (line, col) = plant(
        root,
        "content/uk/_index.md",
        "(@/gpus/",
        "(@/gpus-draft.md) (@/gpus/",
    );
    std::fs::write(
        root.join("content/uk/gpus-draft.md"),
        "---\ntitle: Чернетка\ndraft: true\n---\n\nТекст.\n",
    )
    .expect("write");
    let e = errors(root);
    assert_eq!(e.len(), 1, "{e:?}");
    assert_eq!(
        (e[0].0.as_str(), e[0].1, e[0].2),
        ("content/uk/_index.md", line, col + 1)
    );
    assert!(e[0].3.contains("no page content/uk/gpus-draft.md"), "{e:?}");
}

#[test]
fn all_errors_of_the_load_stage_come_in_one_run() {
    let site = fixture_copy();
    let root = site.path();
    plant(root, "content/en/gpu-memory.md", "title:", "titel:");
    plant(
        root,
        "content/uk/monthly-vs-hourly.md",
        "weight: 30",
        "weight: [30",
    );
    plant(
        root,
        "data/pricing.yaml",
        "hours_per_month: 720",
        "hours_per_month: many",
    );
    plant(root, "i18n/zh/main.ftl", "nav-label =", "nav-label");
    let files: Vec<String> = errors(root).into_iter().map(|e| e.0).collect();
    for f in [
        "content/en/gpu-memory.md",
        "content/uk/monthly-vs-hourly.md",
        "data/pricing.yaml",
        "i18n/zh/main.ftl",
    ] {
        assert!(files.iter().any(|x| x == f), "{f} missing from {files:?}");
    }
    // The report a CI job or an editor integration reads, whole.
    let (code, stdout, _) = check(root, "json");
    assert_eq!(code, 1);
    insta::assert_snapshot!("load_stage_errors_json", stdout);
}

#[test]
fn github_annotations_point_at_the_line() {
    let site = fixture_copy();
    let (line, col) = plant(site.path(), "content/en/gpu-memory.md", "title:", "titel:");
    let (code, stdout, _) = check(site.path(), "github");
    assert_eq!(code, 1);
    let first = stdout.lines().next().unwrap_or_default();
    assert!(
        first.starts_with(&format!(
            "::error file=content/en/gpu-memory.md,line={line},col={col},title=hubgen yaml-unknown-key::unknown field `titel`"
        )),
        "{first}"
    );
    assert!(first.contains("%0Ahint: did you mean `title`?"), "{first}");
}

#[test]
fn output_cut_short_by_its_reader_ends_quietly() {
    // `hubgen check --format json | head -1`: the reader may close the pipe before hubgen has
    // written. Here it is closed before hubgen starts, so every write meets a broken pipe. Each
    // command that writes to stdout ends as it would with its output read in full (same exit
    // status, same stderr), with no panic.
    let (clean, broken) = (fixture_copy(), fixture_copy());
    plant(
        broken.path(),
        "content/en/gpu-memory.md",
        "title:",
        "titel:",
    );
    let clean = clean.path().to_str().expect("UTF-8 path");
    let broken = broken.path().to_str().expect("UTF-8 path");
    let commands: [&[&str]; 6] = [
        &["check", "--format", "json", "--root", clean],
        &["check", "--format", "json", "--root", broken],
        &["check", "--format", "github", "--root", broken],
        &["i18n", "--root", clean],
        &["i18n", "--format", "json", "--root", clean],
        &["explain"],
    ];
    for args in commands {
        let read = Command::new(env!("CARGO_BIN_EXE_hubgen"))
            .args(args)
            .output()
            .expect("run hubgen");
        assert!(!read.stdout.is_empty(), "{args:?} writes to stdout");
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let cut = Command::new(env!("CARGO_BIN_EXE_hubgen"))
            .args(args)
            .stdout(writer)
            .output()
            .expect("run hubgen");
        let stderr = String::from_utf8_lossy(&cut.stderr);
        assert_eq!(cut.status.code(), read.status.code(), "{args:?}: {stderr}");
        assert_eq!(stderr, String::from_utf8_lossy(&read.stderr), "{args:?}");
    }
}

#[test]
fn drafts_are_built_only_when_asked_and_never_listed_in_a_normal_build() {
    let site = fixture_copy();
    let root = site.path();
    std::fs::create_dir_all(root.join("content/en/notes")).expect("mkdir");
    std::fs::write(
        root.join("content/en/notes/_index.md"),
        "---\ntitle: Notes\nweight: 99\n---\n\nNotes.\n",
    )
    .expect("write");
    std::fs::write(
        root.join("content/en/notes/secret-launch.md"),
        "---\ntitle: Secret launch\ndraft: true\n---\n\nNot yet.\n",
    )
    .expect("write");
    let build = |extra: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
            .args(["build", "--root"])
            .arg(root)
            .args(extra)
            .output()
            .expect("build");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        common::tree(&root.join("public"))
    };
    let normal = build(&[]);
    assert!(
        !normal
            .keys()
            .any(|k| k.to_string_lossy().contains("secret-launch"))
    );
    for (path, bytes) in &normal {
        assert!(
            !String::from_utf8_lossy(bytes).contains("Secret launch"),
            "{} mentions the draft",
            path.display()
        );
    }
    let drafts = build(&["--drafts"]);
    let page = drafts
        .get(Path::new("en/notes/secret-launch/index.html"))
        .expect("the draft is built with --drafts");
    assert!(String::from_utf8_lossy(page).contains("Secret launch"));
}

#[test]
fn new_writes_a_draft_with_its_front_matter_and_refuses_to_overwrite() {
    let site = fixture_copy();
    let root = site.path();
    let new = |page: &str| {
        Command::new(env!("CARGO_BIN_EXE_hubgen"))
            .args(["new", page, "--root"])
            .arg(root)
            .output()
            .expect("new")
    };
    // A translation of an existing page starts from the source's title (the fixture's
    // content/en/gpu-memory.md).
    std::fs::remove_file(root.join("content/uk/gpu-memory.md")).expect("rm");
    let out = new("uk/gpu-memory");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(root.join("content/uk/gpu-memory.md")).expect("written");
    assert!(text.starts_with("---\ntitle: \"GPU memory\"\n"), "{text}");
    assert!(text.contains("\ndraft: true\n"), "{text}");
    // Dated today (UTC): the written date, counted in days since 1970, is now's day (± 1 for a
    // run across midnight).
    let date = text
        .lines()
        .find_map(|l| l.strip_prefix("date: "))
        .unwrap_or_else(|| panic!("no date in {text}"));
    let today = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .expect("clock")
        .as_secs()
        / 86_400;
    let day = days_since_1970(date).unwrap_or_else(|| panic!("`{date}` is not YYYY-MM-DD"));
    assert!(day.abs_diff(today) <= 1, "dated {date}");
    // A new page gets a title from its name; the site still builds (it is a draft).
    assert!(new("en/gpu-pricing").status.success());
    assert!(
        std::fs::read_to_string(root.join("content/en/gpu-pricing.md"))
            .expect("written")
            .contains("title: \"Gpu pricing\"")
    );
    common::build_ok(root);
    // Never over an existing file; never a URL that cannot be one.
    let again = new("en/gpu-pricing");
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
    let cyrillic = new("uk/оренда");
    assert_eq!(cyrillic.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&cyrillic.stderr).contains("try `orenda`"));
}

/// Days from 1970-01-01 to a `YYYY-MM-DD` date, by counting whole years and months.
fn days_since_1970(date: &str) -> Option<u64> {
    let mut parts = date.split('-').map(|p| p.parse::<u64>().ok());
    let (y, m, d) = (parts.next()??, parts.next()??, parts.next()??);
    if parts.next().is_some() || y < 1970 || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let leap = |y: u64| (y.is_multiple_of(4) && !y.is_multiple_of(100)) || y.is_multiple_of(400);
    let mut days: u64 = (1970..y).map(|y| if leap(y) { 366 } else { 365 }).sum();
    let months = [
        31,
        if leap(y) { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    days += months[..usize::try_from(m - 1).ok()?].iter().sum::<u64>();
    Some(days + d - 1)
}

#[test]
fn one_check_names_the_errors_of_every_stage_that_can_run() {
    // A data error, a page's front-matter error and a template error: before strings and
    // templates were checked only when data and content loaded, a writer fixed one, ran check
    // again, and met the next.
    let site = fixture_copy();
    let root = site.path();
    theme_page(root);
    let (dl, dc) = plant(
        root,
        "data/pricing.yaml",
        "hours_per_month: 720",
        "hours_per_month: many",
    );
    let (tl, tc) = plant(
        root,
        "themes/default/templates/page.html",
        "{% endblock content %}",
        "{% if %}{% endblock content %}",
    );
    let e = errors(root);
    let at: Vec<(&str, u64, u64)> = e.iter().map(|e| (e.0.as_str(), e.1, e.2)).collect();
    assert_eq!(
        at,
        [
            ("data/pricing.yaml", dl, dc + 17),
            ("themes/default/templates/page.html", tl, tc + 6)
        ],
        "{e:?}"
    );
}

/// `--deny CODE` makes that code's warnings errors: an operator's CI fails while a fact the
/// pages need is unset, and says which. The fixture checks clean until a fact is removed; a
/// code that does not exist is a usage error (2), with the nearest name as a hint.
#[test]
fn deny_turns_a_code_s_warnings_into_errors_and_rejects_an_unknown_code() {
    let site = fixture_copy();
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_hubgen"))
            .args(["check", "--format", "json", "--root"])
            .arg(site.path())
            .args(args)
            .output()
            .expect("run hubgen check");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, stdout, _) = run(&["--deny", "data-not-set"]);
    assert_eq!(code, 0, "nothing to deny yet: {stdout}");
    // Remove the contact: a data-not-set warning, an error under --deny.
    let p = site.path().join("data/ordering.yaml");
    let text = std::fs::read_to_string(&p).expect("ordering.yaml");
    let kept: String = text
        .lines()
        .filter(|l| !l.starts_with("contact:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_ne!(kept, text, "the fixture sets a contact");
    std::fs::write(&p, kept).expect("write");
    let (code, stdout, _) = run(&[]);
    assert_eq!(code, 0, "a warning alone passes: {stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("json");
    let warned = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .any(|d| {
            d["code"] == "data-not-set"
                && d["severity"] == "warning"
                && d["file"] == "data/ordering.yaml"
        });
    assert!(warned, "{stdout}");
    let (code, stdout, _) = run(&["--deny", "strings-plural", "--deny", "data-not-set"]);
    assert_eq!(code, 1, "{stdout}");
    let v: Value = serde_json::from_str(&stdout).expect("json");
    let denied: Vec<&Value> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .filter(|d| d["code"] == "data-not-set")
        .collect();
    assert!(!denied.is_empty() && denied.iter().all(|d| d["severity"] == "error"));
    assert_eq!(v["errors"].as_u64(), Some(denied.len() as u64));
    let (code, _, stderr) = run(&["--deny", "data-not-st"]);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("error[cli-invalid]") && stderr.contains("`data-not-set`"),
        "{stderr}"
    );
}
