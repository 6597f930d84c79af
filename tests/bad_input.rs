//! The bad-input suite: every kind of wrong input a writer, translator or CI can give, run through
//! the binary over the test fixture (tests/fixtures/site) after it has built once. Each case asserts the exit code, that the message
//! names the file (and line:column where there is one), and that nothing changed on disk: the
//! previous `public/` byte for byte, the sources, and everything beside the site. The full error
//! output of a few representative cases is snapshotted (tests/snapshots/bad_input__human_*.snap).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

/// What a case expects after setting up its site.
struct Expect {
    /// The command line after `hubgen` (`--root <site>` is added for build and check).
    args: Vec<String>,
    exit: i32,
    /// Substrings the error output must contain: the file, `file:line:col`, a word of the message.
    says: Vec<String>,
    env: Vec<(&'static str, String)>,
}

fn build(says: &[&str]) -> Expect {
    Expect {
        args: vec!["build".into()],
        exit: 1,
        says: says.iter().map(|s| (*s).to_owned()).collect(),
        env: Vec::new(),
    }
}

fn refused(out: &str, says: &[&str]) -> Expect {
    Expect {
        args: vec!["build".into(), "--out".into(), out.into()],
        exit: 2,
        says: says
            .iter()
            .map(|s| (*s).to_owned())
            .chain(["nothing was written".to_owned()])
            .collect(),
        env: Vec::new(),
    }
}

/// `refused`, with `--force`: the guard of source folders does not bend to it.
fn refused_forced(out: &str, says: &[&str]) -> Expect {
    let mut e = refused(out, says);
    e.args.push("--force".into());
    e
}

/// `hubgen publish --to file://<dir>`, refused: exit 1, the diagnostic code, `says`, and that
/// nothing was sent.
fn publish_to(dir: &Path, says: &[&str]) -> Expect {
    Expect {
        args: vec![
            "publish".into(),
            "--to".into(),
            format!("file://{}", dir.display()),
        ],
        exit: 1,
        says: says
            .iter()
            .map(|s| (*s).to_owned())
            .chain([
                "error[publish-foreign]".to_owned(),
                "nothing was sent".to_owned(),
            ])
            .collect(),
        env: Vec::new(),
    }
}

/// Gives the site's theme its own `page.html` (a copy of the built-in one, which it otherwise
/// takes as it is), for an error to be planted in.
fn theme_page(root: &Path) {
    std::fs::write(
        root.join("themes/default/templates/page.html"),
        include_str!("../crates/hubgen-engine/builtin/theme/templates/page.html"),
    )
    .expect("write");
}

/// Replaces the first `from` in `rel` with `to`; returns `rel:line:col` of `at` (a substring of
/// `to`) in the new text.
fn plant(root: &Path, rel: &str, from: &str, to: &str, at: &str) -> String {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    let i = text
        .find(from)
        .unwrap_or_else(|| panic!("{rel} lacks {from:?}"));
    let new = format!("{}{}{}", &text[..i], to, &text[i + from.len()..]);
    std::fs::write(&p, &new).expect("write");
    let off = i + to.find(at).unwrap_or_else(|| panic!("{to:?} lacks {at:?}"));
    position(rel, &new, off)
}

/// Sets the first `key: value` in a data file to `value`; returns `rel:line:col` of the value.
fn set(root: &Path, rel: &str, key: &str, value: &str) -> String {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    let k = text
        .find(&format!("{key}: "))
        .unwrap_or_else(|| panic!("{rel} lacks {key}"));
    let start = k + key.len() + 2;
    let end = start
        + text[start..]
            .find([',', '}', '\n'])
            .unwrap_or(text.len() - start);
    let old = format!("{key}: {}", &text[start..end]);
    plant(root, rel, &old, &format!("{key}: {value}"), value)
}

/// `rel:line:col` of the first `needle` in a file.
fn locate(root: &Path, rel: &str, needle: &str) -> String {
    let text = std::fs::read_to_string(root.join(rel)).expect("read");
    let off = text
        .find(needle)
        .unwrap_or_else(|| panic!("{rel} lacks {needle:?}"));
    position(rel, &text, off)
}

/// `rel:line:col` of byte `off` of `text`, the column in characters.
fn position(rel: &str, text: &str, off: usize) -> String {
    let line = text[..off].matches('\n').count() + 1;
    let col = text[..off]
        .rsplit('\n')
        .next()
        .unwrap_or("")
        .chars()
        .count()
        + 1;
    format!("{rel}:{line}:{col}")
}

/// A new page under content/en.
fn page(root: &Path, name: &str, text: &str) -> String {
    let rel = format!("content/en/{name}");
    let p = root.join(&rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
    rel
}

/// A page whose body is `body`; returns the page's path and `path:line:col` of `at` in it.
fn body(root: &Path, body: &str, at: &str) -> String {
    let head = "---\ntitle: Probe\n---\n\nSome text.\n\n";
    let rel = page(root, "probe.md", &format!("{head}{body}\n"));
    let text = format!("{head}{body}");
    let off = text.find(at).expect("at");
    position(&rel, &text, off)
}

type Setup = fn(&Path) -> Expect;

/// The cases whose whole error output is snapshotted: one per kind of source a writer edits
/// (data, content, shortcodes, templates, strings, config) and the output folder.
const SNAPSHOTTED: [&str; 9] = [
    "yaml syntax",
    "unknown data key with a suggestion",
    "monthly below weekly",
    "unknown front-matter key",
    "unknown shortcode",
    "template calling an unknown filter",
    "Fluent syntax error",
    "locale listed twice",
    "--out a folder hubgen did not write",
];

/// The diagnostic code each case must give (README: a stable code per kind of error).
const CODES: &[(&str, &str)] = &[
    ("base_url that is not a URL", "config-invalid"),
    ("yaml syntax", "yaml-syntax"),
    ("unknown data key with a suggestion", "yaml-unknown-key"),
    ("duplicate key", "yaml-duplicate-key"),
    ("wrong type", "yaml-invalid-value"),
    ("card id that climbs out of the output", "url-segment"),
    ("card id in upper case", "url-segment"),
    ("bundle id with a slash", "url-segment"),
    ("region id with a space", "url-segment"),
    ("model id with a dot segment", "url-segment"),
    ("layers 0", "data-out-of-range"),
    ("kv heads that do not divide heads", "data-inconsistent"),
    ("params NaN", "data-out-of-range"),
    ("negative price", "data-out-of-range"),
    ("monthly below weekly", "data-inconsistent"),
    ("discount of 150%", "data-out-of-range"),
    ("MFU above 1", "data-out-of-range"),
    (
        "a term margin of half the term and more",
        "data-out-of-range",
    ),
    ("MFU reference outside the band", "data-inconsistent"),
    ("GPTQ base on a LoRA run", "data-inconsistent"),
    ("hours per month out of a month", "data-out-of-range"),
    ("epochs 0", "data-out-of-range"),
    ("storage days out of range", "data-out-of-range"),
    ("SLA of 120%", "data-out-of-range"),
    ("provisioning time of 0 minutes", "data-out-of-range"),
    ("unknown refund rule", "yaml-invalid-value"),
    ("unknown key in the service terms", "yaml-unknown-key"),
    ("terms URL that is not https", "data-out-of-range"),
    ("duplicate image id", "data-duplicate-id"),
    ("image for an unknown vendor", "yaml-invalid-value"),
    ("missing images file", "data-file-missing"),
    ("unknown region in stock", "data-unknown-reference"),
    ("unknown interconnect", "data-unknown-reference"),
    ("fit row naming an unknown model", "data-unknown-reference"),
    ("missing data file", "data-file-missing"),
    ("data file that is not UTF-8", "file-not-utf8"),
    ("impossible date", "front-matter-invalid"),
    ("29 February of a common year", "front-matter-invalid"),
    ("slug that climbs", "front-matter-invalid"),
    ("slug with a slash", "front-matter-invalid"),
    ("unknown front-matter key", "yaml-unknown-key"),
    ("front matter not closed", "front-matter-unclosed"),
    ("no front matter", "front-matter-missing"),
    ("page that is not UTF-8", "file-not-utf8"),
    ("file name that cannot be a URL", "url-segment"),
    ("folder name that cannot be a URL", "url-segment"),
    ("symlink that leaves the site", "file-symlink"),
    ("symlink loop", "file-symlink"),
    ("unknown shortcode", "shortcode-unknown"),
    ("unknown shortcode argument", "shortcode-args"),
    (
        "shortcode naming an unknown offer",
        "shortcode-unknown-item",
    ),
    (
        "sentence naming a pick the rule does not make",
        "pick-changed",
    ),
    (
        "stock date with no stock_as_of in data",
        "data-missing-value",
    ),
    ("link to a page that does not exist", "link-unresolved"),
    ("template syntax error", "template"),
    ("template calling an unknown filter", "template"),
    ("Fluent syntax error", "fluent-syntax"),
    ("string the data names but English lacks", "strings-missing"),
    ("string with a variable nobody passes", "template"),
    ("unknown config key", "yaml-unknown-key"),
    ("locale code in upper case", "config-invalid"),
    ("locale code that climbs", "config-invalid"),
    ("locale listed twice", "config-invalid"),
    ("fallback to an unknown locale", "config-invalid"),
    ("header value with a CR LF in it", "config-invalid"),
    ("content type that is not a media type", "config-invalid"),
    ("slug longer than a file name may be", "url-segment"),
    (
        "alias with a segment longer than a file name may be",
        "front-matter-invalid",
    ),
    ("slug on a section page", "front-matter-invalid"),
    ("theme that does not exist", "config-invalid"),
    ("static file named like a hidden file", "url-segment"),
    ("--out a source folder", "output-refused"),
    ("--out inside a source folder", "output-refused"),
    ("--out the site root", "output-refused"),
    ("--out a folder above the site", "output-refused"),
    ("--out an existing file", "output-refused"),
    ("--out a folder hubgen did not write", "output-refused"),
    (
        "--out hubgen's folder with a file added to it",
        "output-refused",
    ),
    ("--out a symlink to a source folder", "output-refused"),
    ("--force --out a source folder", "output-refused"),
    ("--force --out the site root", "output-refused"),
    ("--force --out a folder above the site", "output-refused"),
    ("--force --out .git", "output-refused"),
    ("--force --out static", "output-refused"),
    ("--force --out i18n", "output-refused"),
    ("--force --out inside themes", "output-refused"),
    (
        "--force --out a symlink to a source folder",
        "output-refused",
    ),
    ("--out below a file", "write-failed"),
    ("publish into the site's root", "publish-foreign"),
    ("publish into a source folder", "publish-foreign"),
    (
        "publish into a folder inside a source folder",
        "publish-foreign",
    ),
    ("publish into the build it publishes", "publish-foreign"),
    ("publish over files hubgen did not write", "publish-foreign"),
    ("disk full while writing", "write-failed"),
    ("--root that does not exist", "cli-invalid"),
    ("new page outside content", "cli-invalid"),
    ("new page in a locale the site lacks", "cli-invalid"),
    ("stamp of a page that does not exist", "cli-invalid"),
    ("stamp of a path that climbs out", "cli-invalid"),
];

fn cases() -> Vec<(&'static str, Setup)> {
    vec![
        // ---- data/ ----
        ("yaml syntax", |r| {
            let at = set(r, "data/pricing.yaml", "hours_per_month", "[720");
            build(&[&at])
        }),
        ("unknown data key with a suggestion", |r| {
            let at = plant(r, "data/cards.yaml", "vram_gb:", "vram_gbb:", "vram_gbb");
            build(&[&at, "did you mean `vram_gb`"])
        }),
        ("duplicate key", |r| {
            plant(
                r,
                "data/storage.yaml",
                "wipe_days:",
                "hold_hours: 1\nwipe_days:",
                "hold",
            );
            // Reported where the key comes again: the fixture's own `hold_hours` below.
            let again = locate(r, "data/storage.yaml", "hold_hours: 48");
            build(&[&again, "duplicate mapping key: hold_hours"])
        }),
        ("wrong type", |r| {
            let at = set(r, "data/cards.yaml", "vram_gb", "eighty");
            build(&[
                &at,
                "eighty",
                "expected a whole number, zero or more, written in digits",
                "not `eighty` or `80 GB`",
            ])
        }),
        ("card id that climbs out of the output", |r| {
            let at = plant(
                r,
                "data/cards.yaml",
                "id: h100-sxm",
                "id: ../../../../x",
                "../",
            );
            build(&[&at, "cannot be part of a URL"])
        }),
        ("card id in upper case", |r| {
            let at = plant(r, "data/cards.yaml", "id: rtx-4090", "id: RTX-4090", "RTX");
            build(&[&at, "`rtx-4090`"])
        }),
        ("bundle id with a slash", |r| {
            let at = plant(
                r,
                "data/pricing.yaml",
                "id: 8x-h100-sxm",
                "id: 8x/h100-sxm",
                "8x/",
            );
            build(&[&at, "bundle id"])
        }),
        ("region id with a space", |r| {
            let at = plant(r, "data/regions.yaml", "id: dfw-1", "id: dfw 1", "dfw 1");
            build(&[&at, "region id"])
        }),
        ("model id with a dot segment", |r| {
            let at = plant(r, "data/models.yaml", "id: llama2-7b", "id: ..", "..");
            build(&[&at, "model id"])
        }),
        ("layers 0", |r| {
            let at = set(r, "data/models.yaml", "layers", "0");
            build(&[&at, "`layers` is 0"])
        }),
        ("kv heads that do not divide heads", |r| {
            let at = set(r, "data/models.yaml", "kv_heads", "5");
            build(&[&at, "key/value heads"])
        }),
        ("params NaN", |r| {
            let at = set(r, "data/models.yaml", "params", ".nan");
            build(&[&at, "`params`"])
        }),
        ("negative price", |r| {
            let at = set(r, "data/cards.yaml", "weekly_usd", "-5");
            build(&[&at, "`weekly_usd`"])
        }),
        ("monthly below weekly", |r| {
            let at = set(r, "data/cards.yaml", "monthly_usd", "100");
            build(&[&at, "less per month than per week"])
        }),
        ("discount of 150%", |r| {
            let at = plant(r, "data/pricing.yaml", "2: 0.05", "2: 1.5", "1.5");
            build(&[&at, "`discount`"])
        }),
        ("MFU above 1", |r| {
            let at = set(r, "data/training.yaml", "high", "1.5");
            build(&[&at, "`mfu.high`"])
        }),
        ("a term margin of half the term and more", |r| {
            let at = set(r, "data/training.yaml", "term_margin", "0.6");
            build(&[&at, "`term_margin` is 0.6, outside 0..=0.5"])
        }),
        ("MFU reference outside the band", |r| {
            let at = set(r, "data/training.yaml", "reference", "0.9");
            build(&[&at, "outside the range"])
        }),
        ("GPTQ base on a LoRA run", |r| {
            let at = plant(
                r,
                "data/calibration.yaml",
                "    method: lora\n",
                "    method: lora\n    gptq_int4: true\n",
                "lora",
            );
            build(&[&at, "a GPTQ Int4 base belongs to a 4-bit method"])
        }),
        ("hours per month out of a month", |r| {
            let at = set(r, "data/pricing.yaml", "hours_per_month", "7200");
            build(&[&at, "`hours_per_month`"])
        }),
        ("epochs 0", |r| {
            let at = set(r, "data/training.yaml", "epochs", "0");
            build(&[&at, "`epochs`"])
        }),
        ("storage days out of range", |r| {
            let at = set(r, "data/storage.yaml", "wipe_days", "9999");
            build(&[&at, "`wipe_days`"])
        }),
        ("SLA of 120%", |r| {
            let at = set(r, "data/ordering.yaml", "uptime_sla_percent", "120");
            build(&[&at, "`service.uptime_sla_percent` is 120, outside 90..=100"])
        }),
        ("provisioning time of 0 minutes", |r| {
            let at = set(r, "data/ordering.yaml", "provisioning_minutes", "0");
            build(&[&at, "`service.provisioning_minutes`"])
        }),
        ("unknown refund rule", |r| {
            let at = set(r, "data/ordering.yaml", "refund", "sometimes");
            build(&[&at, "unused-days"])
        }),
        ("unknown key in the service terms", |r| {
            let at = plant(
                r,
                "data/ordering.yaml",
                "  refund:",
                "  refunds:",
                "refunds",
            );
            build(&[&at, "did you mean `refund`"])
        }),
        ("terms URL that is not https", |r| {
            let at = set(
                r,
                "data/ordering.yaml",
                "terms_url",
                "http://hub.example/terms",
            );
            build(&[&at, "not an absolute https URL"])
        }),
        ("duplicate image id", |r| {
            let at = plant(
                r,
                "data/images.yaml",
                "id: debian-12-cuda-126",
                "id: ubuntu-2204-cuda-124",
                "ubuntu",
            );
            build(&[&at, "duplicate id `ubuntu-2204-cuda-124`"])
        }),
        ("image for an unknown vendor", |r| {
            let at = set(r, "data/images.yaml", "vendor", "intel");
            build(&[&at, "nvidia"])
        }),
        ("missing images file", |r| {
            std::fs::remove_file(r.join("data/images.yaml")).expect("rm");
            build(&["data/images.yaml", "cannot read"])
        }),
        ("unknown region in stock", |r| {
            plant(r, "data/cards.yaml", "dfw-1: 5", "dfx-1: 5", "dfx");
            // At the stock count the unknown region carries.
            let at = locate(r, "data/cards.yaml", "dfx-1: 5");
            let (file_line, col) = at.rsplit_once(':').expect("col");
            let col: usize = col.parse::<usize>().expect("col") + "dfx-1: ".len();
            build(&[
                &format!("{file_line}:{col}"),
                "unknown region `dfx-1`",
                "dfw-1",
            ])
        }),
        ("unknown interconnect", |r| {
            let at = set(r, "data/cards.yaml", "interconnect", "nvlinq");
            build(&[&at, "unknown interconnect"])
        }),
        ("fit row naming an unknown model", |r| {
            let at = set(r, "data/fit.yaml", "model", "llama9-7b");
            build(&[&at, "unknown model"])
        }),
        ("missing data file", |r| {
            std::fs::remove_file(r.join("data/storage.yaml")).expect("rm");
            build(&["data/storage.yaml", "cannot read"])
        }),
        ("data file that is not UTF-8", |r| {
            let p = r.join("data/payments.yaml");
            let mut b = std::fs::read(&p).expect("read");
            b.extend_from_slice(b"\n# caf\xe9\n");
            std::fs::write(&p, b).expect("write");
            build(&["data/payments.yaml", "UTF-8"])
        }),
        // ---- content ----
        ("impossible date", |r| {
            page(
                r,
                "probe.md",
                "---\ntitle: Probe\ndate: 2024-13-45\n---\nText.\n",
            );
            build(&["content/en/probe.md:3:7", "not a date"])
        }),
        ("29 February of a common year", |r| {
            page(
                r,
                "probe.md",
                "---\ntitle: Probe\ndate: 2023-02-29\n---\nText.\n",
            );
            build(&["content/en/probe.md:3:7", "not a date"])
        }),
        ("slug that climbs", |r| {
            page(r, "probe.md", "---\ntitle: Probe\nslug: ../x\n---\nText.\n");
            build(&["content/en/probe.md:3:7", "slug"])
        }),
        ("slug with a slash", |r| {
            page(r, "probe.md", "---\ntitle: Probe\nslug: a/b\n---\nText.\n");
            build(&["content/en/probe.md:3:7", "slug"])
        }),
        ("unknown front-matter key", |r| {
            page(r, "probe.md", "---\ntitel: Probe\n---\nText.\n");
            build(&["content/en/probe.md:2:1", "did you mean `title`"])
        }),
        ("front matter not closed", |r| {
            page(r, "probe.md", "---\ntitle: Probe\nText.\n");
            build(&["content/en/probe.md:1:1", "not closed"])
        }),
        ("no front matter", |r| {
            page(r, "probe.md", "Just text.\n");
            build(&["content/en/probe.md:1:1", "no front matter"])
        }),
        ("page that is not UTF-8", |r| {
            std::fs::write(
                r.join("content/en/probe.md"),
                b"---\ntitle: Probe\n---\nCaf\xe9\n",
            )
            .expect("write");
            build(&["content/en/probe.md:4:4", "UTF-8"])
        }),
        ("file name that cannot be a URL", |r| {
            page(r, "Оренда.md", "---\ntitle: Оренда\n---\nText.\n");
            build(&["content/en/Оренда.md", "orenda"])
        }),
        ("folder name that cannot be a URL", |r| {
            page(r, "My Guides/a.md", "---\ntitle: A\n---\nText.\n");
            build(&["content/en/My Guides/a.md", "folder `My Guides`"])
        }),
        ("symlink that leaves the site", |r| {
            let outside = r.parent().expect("parent").join("secret.md");
            std::fs::write(&outside, "---\ntitle: Secret\n---\nprivate\n").expect("write");
            std::os::unix::fs::symlink(&outside, r.join("content/en/leak.md")).expect("link");
            build(&["content/en/leak.md", "outside the site"])
        }),
        ("symlink loop", |r| {
            std::fs::create_dir_all(r.join("content/en/a")).expect("mkdir");
            std::os::unix::fs::symlink(r.join("content/en"), r.join("content/en/a/loop"))
                .expect("link");
            build(&["content/en/a/loop", "loop"])
        }),
        // ---- Markdown and shortcodes ----
        ("unknown shortcode", |r| {
            let at = body(r, "Costs {{ cheapset(term=\"monthly\") }}.", "{{");
            build(&[&at, "cheapest"])
        }),
        ("unknown shortcode argument", |r| {
            let at = body(r, "Costs {{ cheapest(trem=\"monthly\") }}.", "{{");
            build(&[&at, "term"])
        }),
        ("shortcode naming an unknown offer", |r| {
            let at = body(r, "{{ price(offer=\"h100-sxn\") }}", "{{");
            build(&[&at, "h100-sxm"])
        }),
        ("sentence naming a pick the rule does not make", |r| {
            let at = body(
                r,
                "Put it on {{ pick(model=\"llama2-7b\", method=\"qlora\", is=\"8x-h100-sxm\") }}.",
                "{{",
            );
            build(&[&at, "8x-h100-sxm", "rewrite the sentence"])
        }),
        ("stock date with no stock_as_of in data", |r| {
            plant(r, "data/cards.yaml", "stock_as_of: 2026-11-30\n", "", "");
            let at = body(r, "Stock as of {{ stock_date() }}.", "{{");
            build(&[&at, "stock_as_of", "data/cards.yaml"])
        }),
        ("link to a page that does not exist", |r| {
            let at = body(r, "See [this](@/no-such-page.md).", "@/");
            build(&[&at, "no-such-page"])
        }),
        // ---- templates ----
        ("template syntax error", |r| {
            theme_page(r);
            let at = plant(
                r,
                "themes/default/templates/page.html",
                "<h1>{{ page.title }}</h1>",
                "<h1>{{ page.title </h1>",
                "</",
            );
            build(&[&at, "expected }}"])
        }),
        ("template calling an unknown filter", |r| {
            theme_page(r);
            let at = plant(
                r,
                "themes/default/templates/page.html",
                "<h1>{{ page.title }}</h1>",
                "<h1>{{ page.title | shout }}</h1>",
                "shout",
            );
            build(&[&at, "Unknown filter `shout`"])
        }),
        // ---- Fluent ----
        ("Fluent syntax error", |r| {
            // The parser notices the unclosed placeable where the next line starts.
            let at = plant(
                r,
                "i18n/en/main.ftl",
                "nav-label = Main",
                "nav-label = { Main",
                "{",
            );
            let line: usize = at.split(':').nth(1).expect("line").parse().expect("line");
            build(&[
                &format!("i18n/en/main.ftl:{}:1", line + 1),
                "Fluent syntax error",
            ])
        }),
        ("string the data names but English lacks", |r| {
            plant(
                r,
                "i18n/en/main.ftl",
                "fit-note-4bit-base =",
                "fit-note-4bit-bse =",
                "bse",
            );
            let at = locate(r, "data/fit.yaml", "fit-note-4bit-base");
            build(&[&at, "fit-note-4bit-base"])
        }),
        ("string with a variable nobody passes", |r| {
            plant(
                r,
                "i18n/en/main.ftl",
                "skip-to-content = Skip to content",
                "skip-to-content = Skip to { $where }",
                "{",
            );
            // Named where a template formats it.
            build(&[
                "templates/base.html:",
                "skip-to-content",
                "cannot be formatted",
                "$where",
            ])
        }),
        // ---- config ----
        ("unknown config key", |r| {
            let at = plant(
                r,
                "hubgen.yaml",
                "theme: default",
                "theme: default\nthem: x",
                "them:",
            );
            build(&[&at, "them"])
        }),
        ("base_url that is not a URL", |r| {
            let at = plant(
                r,
                "hubgen.yaml",
                "base_url: https://hub.example",
                "base_url: hub.example",
                "hub",
            );
            build(&[&at, "base_url"])
        }),
        ("locale code in upper case", |r| {
            let at = plant(r, "hubgen.yaml", "code: uk", "code: UK", "UK");
            build(&[&at, "`uk`"])
        }),
        ("locale code that climbs", |r| {
            let at = plant(r, "hubgen.yaml", "code: uk", "code: ../uk", "../");
            build(&[&at, "locale code"])
        }),
        ("locale listed twice", |r| {
            // One error at the second entry, not one per string the locale's files then define
            // twice.
            let at = plant(
                r,
                "hubgen.yaml",
                "  - code: zh",
                "  - code: uk\n  - code: zh",
                "uk",
            );
            build(&[
                &at,
                "locale `uk` is listed twice",
                "build failed with 1 error(s)",
            ])
        }),
        ("fallback to an unknown locale", |r| {
            let at = plant(r, "hubgen.yaml", "fallback: [en]", "fallback: [pl]", "pl");
            build(&[&at, "`pl`"])
        }),
        ("header value with a CR LF in it", |r| {
            let at = plant(
                r,
                "hubgen.yaml",
                "theme: default",
                "theme: default\nheaders:\n  - pattern: /**/*.html\n    cache_control: \"no-cache\\r\\nSet-Cookie: pwned=1\"",
                "\"no-cache",
            );
            build(&[&at, "error[config-invalid]", "carriage return"])
        }),
        ("content type that is not a media type", |r| {
            let at = plant(
                r,
                "hubgen.yaml",
                "theme: default",
                "theme: default\nheaders:\n  - pattern: /data/*.json\n    content_type: text/",
                "text/",
            );
            build(&[&at, "error[config-invalid]", "not a media type"])
        }),
        ("slug longer than a file name may be", |r| {
            let long = "a".repeat(300);
            let rel = page(
                r,
                "long.md",
                &format!("---\ntitle: Long\nslug: {long}\n---\n\nText.\n"),
            );
            build(&[&format!("{rel}:3:7"), "error[url-segment]", "300 bytes"])
        }),
        ("alias with a segment longer than a file name may be", |r| {
            let long = "b".repeat(256);
            let rel = page(
                r,
                "aliased.md",
                &format!("---\ntitle: Aliased\naliases: [/en/{long}/]\n---\n\nText.\n"),
            );
            build(&[&format!("{rel}:3:11"), "255 bytes"])
        }),
        ("slug on a section page", |r| {
            let rel = page(
                r,
                "sec/_index.md",
                "---\ntitle: Section\nslug: other\n---\n\nText.\n",
            );
            build(&[
                &format!("{rel}:3:7"),
                "error[front-matter-invalid]",
                "section",
            ])
        }),
        ("theme that does not exist", |r| {
            let at = plant(r, "hubgen.yaml", "theme: default", "theme: fancy", "fancy");
            build(&[&at, "themes/fancy"])
        }),
        // ---- static files ----
        ("static file named like a hidden file", |r| {
            std::fs::create_dir_all(r.join("static")).expect("mkdir");
            std::fs::write(r.join("static/.env"), "SECRET=1").expect("write");
            build(&["static/.env", "static file"])
        }),
        // ---- the output folder ----
        ("--out a source folder", |_| {
            refused("content", &["source folder `content`"])
        }),
        ("--out inside a source folder", |_| {
            refused("data/site", &["inside the source folder `data`"])
        }),
        ("--out the site root", |_| {
            refused(".", &["site's root folder"])
        }),
        ("--out a folder above the site", |_| {
            refused("..", &["holds the site's root folder"])
        }),
        ("--out an existing file", |r| {
            std::fs::write(r.join("notes.txt"), "mine").expect("write");
            refused("notes.txt", &["is a file"])
        }),
        ("--out a folder hubgen did not write", |r| {
            std::fs::create_dir_all(r.join("www/.well-known")).expect("mkdir");
            std::fs::write(r.join("www/CNAME"), "example.org").expect("write");
            refused("www", &["CNAME", "--force"])
        }),
        ("--out hubgen's folder with a file added to it", |r| {
            std::fs::write(r.join("public/en/notes.md"), "a note").expect("write");
            refused("public", &["en/notes.md", "not written by hubgen"])
        }),
        ("--out a symlink to a source folder", |r| {
            std::os::unix::fs::symlink(r.join("content"), r.join("deploy")).expect("link");
            refused("deploy", &["source folder `content`"])
        }),
        // `--force` takes over a foreign folder, never a source folder or the site itself.
        ("--force --out a source folder", |_| {
            refused_forced("content", &["source folder `content`"])
        }),
        ("--force --out the site root", |_| {
            refused_forced(".", &["site's root folder"])
        }),
        ("--force --out a folder above the site", |_| {
            refused_forced("..", &["holds the site's root folder"])
        }),
        ("--force --out .git", |r| {
            std::fs::create_dir_all(r.join(".git")).expect("mkdir");
            std::fs::write(r.join(".git/HEAD"), "ref: refs/heads/main\n").expect("write");
            refused_forced(".git", &["source folder `.git`"])
        }),
        ("--force --out static", |r| {
            std::fs::create_dir_all(r.join("static")).expect("mkdir");
            std::fs::write(r.join("static/robots.txt"), "User-agent: *\n").expect("write");
            refused_forced("static", &["source folder `static`"])
        }),
        ("--force --out i18n", |_| {
            refused_forced("i18n", &["source folder `i18n`"])
        }),
        ("--force --out inside themes", |_| {
            refused_forced("themes/x", &["inside the source folder `themes`"])
        }),
        ("--force --out a symlink to a source folder", |r| {
            std::os::unix::fs::symlink(r.join("data"), r.join("deploy")).expect("link");
            refused_forced("deploy", &["source folder `data`"])
        }),
        ("--out below a file", |r| {
            std::fs::write(r.join("notes.txt"), "mine").expect("write");
            Expect {
                args: vec!["build".into(), "--out".into(), "notes.txt/public".into()],
                exit: 1,
                says: vec!["cannot write notes.txt/public".into()],
                env: Vec::new(),
            }
        }),
        // ---- the publish target ----
        ("publish into the site's root", |r| {
            publish_to(r, &["site's root folder"])
        }),
        ("publish into a source folder", |r| {
            publish_to(&r.join("content"), &["source folder `content`"])
        }),
        ("publish into a folder inside a source folder", |r| {
            std::fs::create_dir_all(r.join("data/www")).expect("mkdir");
            publish_to(&r.join("data/www"), &["inside the source folder `data`"])
        }),
        ("publish into the build it publishes", |r| {
            publish_to(&r.join("public"), &["public"])
        }),
        ("publish over files hubgen did not write", |r| {
            std::fs::create_dir_all(r.join("www")).expect("mkdir");
            std::fs::write(r.join("www/index.html"), "keep me").expect("write");
            publish_to(
                &r.join("www"),
                &["index.html", "not written by hubgen", "--force"],
            )
        }),
        ("disk full while writing", |_| Expect {
            args: vec!["build".into()],
            exit: 1,
            says: vec!["cannot write".into(), "no space left".into()],
            env: vec![("HUBGEN_FAULT", "write:7".into())],
        }),
        ("--root that does not exist", |_| Expect {
            args: vec!["build".into(), "--root".into(), "no-such-site".into()],
            exit: 2,
            says: vec!["no-such-site".into(), "not a folder".into()],
            env: Vec::new(),
        }),
        // ---- other commands that write ----
        ("new page outside content", |_| Expect {
            args: vec!["new".into(), "en/../../x".into()],
            exit: 2,
            says: vec!["cannot be part of a URL".into()],
            env: Vec::new(),
        }),
        ("new page in a locale the site lacks", |_| Expect {
            args: vec!["new".into(), "pl/probe".into()],
            exit: 2,
            says: vec!["`pl` is not a locale".into()],
            env: Vec::new(),
        }),
        ("stamp of a page that does not exist", |_| Expect {
            args: vec!["i18n".into(), "stamp".into(), "uk/no-such.md".into()],
            exit: 2,
            says: vec!["no translated page `content/uk/no-such.md`".into()],
            env: Vec::new(),
        }),
        ("stamp of a path that climbs out", |_| Expect {
            args: vec!["i18n".into(), "stamp".into(), "uk/../../x.md".into()],
            exit: 2,
            says: vec!["no translated page `content/uk/../../x.md`".into()],
            env: Vec::new(),
        }),
    ]
}

/// Every file and folder under `dir` (symlinks as their target path), with contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    for e in walkdir::WalkDir::new(dir).sort_by_file_name() {
        let e = e.expect("walk");
        let rel = e.path().strip_prefix(dir).expect("prefix").to_path_buf();
        let t = e.file_type();
        let bytes = if t.is_symlink() {
            let mut b = b"-> ".to_vec();
            b.extend_from_slice(
                std::fs::read_link(e.path())
                    .expect("link")
                    .to_string_lossy()
                    .as_bytes(),
            );
            b
        } else if t.is_dir() {
            b"(dir)".to_vec()
        } else {
            std::fs::read(e.path()).expect("read")
        };
        out.insert(rel, bytes);
    }
    out
}

#[test]
fn every_bad_input_is_named_exits_non_zero_and_changes_nothing() {
    // One good build, copied into every case: the previous output the case must leave alone.
    let template = tempfile::tempdir().expect("tempdir");
    let site = template.path().join("site");
    std::fs::create_dir(&site).expect("mkdir");
    common::fixture_into(&site);
    common::build_ok(&site);
    let cases = cases();
    assert!(cases.len() >= 40, "{} cases", cases.len());
    let mut failures = Vec::new();
    let mut human = Vec::new();
    for (name, setup) in &cases {
        let tmp = tempfile::tempdir().expect("tempdir");
        common::copy(template.path(), tmp.path());
        let root = tmp.path().join("site");
        let expect = setup(&root);
        let before = snapshot(tmp.path());
        assert!(before.contains_key(Path::new("site/public/en/index.html")));
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hubgen"));
        cmd.current_dir(&root).args(&expect.args);
        if matches!(expect.args[0].as_str(), "build" | "check")
            && !expect.args.iter().any(|a| a == "--root")
        {
            cmd.args(["--root", "."]);
        }
        for (k, v) in &expect.env {
            cmd.env(k, v);
        }
        let out = cmd.output().expect("run hubgen");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let after = snapshot(tmp.path());
        let mut problems = Vec::new();
        if out.status.code() != Some(expect.exit) {
            problems.push(format!(
                "exit {:?}, expected {}",
                out.status.code(),
                expect.exit
            ));
        }
        for s in &expect.says {
            if !stderr.contains(s.as_str()) {
                problems.push(format!("does not say {s:?}"));
            }
        }
        // Every case names its kind of error by its stable code.
        let codes: Vec<&str> = stderr
            .match_indices("error[")
            .filter_map(|(i, _)| stderr[i + 6..].split_once(']').map(|(c, _)| c))
            .collect();
        match CODES.iter().find(|(n, _)| n == name) {
            Some((_, c)) if codes.contains(c) => {}
            Some((_, c)) => problems.push(format!("code: expected {c}, got {codes:?}")),
            None => problems.push(format!("no expected code listed; it gives {codes:?}")),
        }
        if before != after {
            let changed: Vec<String> = before
                .keys()
                .chain(after.keys())
                .filter(|k| before.get(*k) != after.get(*k))
                .map(|k| k.display().to_string())
                .collect();
            problems.push(format!("changed on disk: {changed:?}"));
        }
        if !problems.is_empty() {
            failures.push(format!("{name}: {}\n{stderr}", problems.join("; ")));
        }
        if SNAPSHOTTED.contains(name) {
            let text = common::redact(&common::redact(&stderr, &root), tmp.path());
            human.push((*name, text));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    // What a writer reads, whole, for a few representative cases.
    assert_eq!(human.len(), SNAPSHOTTED.len(), "every snapshotted case ran");
    for (name, text) in human {
        let slug = name
            .split(|c: char| !c.is_ascii_alphanumeric())
            .filter(|w| !w.is_empty())
            .collect::<Vec<_>>()
            .join("_")
            .to_lowercase();
        insta::assert_snapshot!(format!("human_{slug}"), text);
    }
}
