//! `hubgen serve` as a writer meets it, on the test fixture (tests/fixtures/site): edit, see the
//! page change; break it, see the error over the last good page; fix it, see the page again.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod common;
use common::fixture_copy;

/// The server process, stopped when the test ends however it ends.
struct Server {
    child: Child,
    addr: String,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(root: &std::path::Path) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hubgen"))
        .args(["serve", "--port", "0", "--root"])
        .arg(root)
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("start hubgen serve");
    let stderr = child.stderr.take().expect("stderr");
    let log = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&log);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            sink.lock().expect("log").push(line);
        }
    });
    let mut server = Server {
        child,
        addr: String::new(),
        log,
    };
    let found = wait_for(Duration::from_secs(30), || {
        server
            .log
            .lock()
            .expect("log")
            .iter()
            .find_map(|l| l.strip_prefix("serving on http://"))
            .map(|rest| {
                rest.trim_end_matches(|c| c != '/')
                    .trim_end_matches('/')
                    .to_owned()
            })
    });
    server.addr =
        found.unwrap_or_else(|| panic!("no address in {:?}", server.log.lock().expect("log")));
    assert!(
        server.addr.starts_with("127.0.0.1:"),
        "loopback only: {}",
        server.addr
    );
    server
}

fn wait_for<T>(limit: Duration, mut probe: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if let Some(v) = probe() {
            return Some(v);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    None
}

/// One GET over HTTP/1.0 (the body ends when the connection closes): status and body, or why
/// it failed.
fn try_get(addr: &str, path: &str) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(5)))?;
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n")?;
    let mut raw = Vec::new();
    s.read_to_end(&mut raw)?;
    let text = String::from_utf8_lossy(&raw).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_owned())
        .unwrap_or_default();
    Ok((status, body))
}

/// GET, retried while a connection or read fails (a loaded machine), within 15 s overall.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut last = None;
    wait_for(Duration::from_secs(15), || match try_get(addr, path) {
        Ok(r) => Some(r),
        Err(e) => {
            last = Some(e);
            None
        }
    })
    .unwrap_or_else(|| panic!("GET {path} kept failing: {last:?}"))
}

/// Waits (15 s) until `path` answers 200 with `needle` in the body; failed requests are retried.
fn page_with(server: &Server, path: &str, needle: &str) -> String {
    wait_for(Duration::from_secs(15), || {
        let (status, body) = try_get(&server.addr, path).ok()?;
        (status == 200 && body.contains(needle)).then_some(body)
    })
    .unwrap_or_else(|| {
        panic!(
            "{path} never showed {needle:?}; server said {:?}",
            server.log.lock().expect("log")
        )
    })
}

/// Replaces the first `from` with `to` the way an editor saves atomically: the new text goes to a
/// dot-file in the same folder (which the server ignores), then is renamed over the file, so the
/// watcher never sees it empty or half written. Returns the 1-based line and column of `marker`
/// in the new text.
fn edit(root: &Path, rel: &str, from: &str, to: &str, marker: &str) -> (usize, usize) {
    let p = root.join(rel);
    let text = std::fs::read_to_string(&p).expect("read");
    assert!(text.contains(from), "{rel} does not contain {from:?}");
    let new = text.replacen(from, to, 1);
    let name = p.file_name().expect("file name").to_string_lossy();
    let tmp = p.with_file_name(format!(".{name}.hubgen-test"));
    std::fs::write(&tmp, &new).expect("write");
    std::fs::rename(&tmp, &p).expect("rename");
    let at = new
        .find(marker)
        .unwrap_or_else(|| panic!("{rel} lacks {marker:?}"));
    let line = new[..at].matches('\n').count() + 1;
    let col = new[..at].rsplit('\n').next().unwrap_or("").chars().count() + 1;
    (line, col)
}

/// The server's log from line `from` on.
fn log_since(server: &Server, from: usize) -> Vec<String> {
    server.log.lock().expect("log")[from..].to_vec()
}

fn log_len(server: &Server) -> usize {
    server.log.lock().expect("log").len()
}

/// Waits (15 s) until a log line from line `from` on satisfies `pred`: the server logs a rebuild
/// after it serves the result, so a page can change before its line arrives.
fn wait_log(server: &Server, from: usize, what: &str, pred: impl Fn(&str) -> bool) {
    wait_for(Duration::from_secs(15), || {
        log_since(server, from)
            .iter()
            .any(|l| pred(l))
            .then_some(())
    })
    .unwrap_or_else(|| panic!("no log line {what} in {:?}", log_since(server, from)));
}

/// `N` of the log lines `rebuilt N pages in …` (full builds).
fn full_builds(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .filter_map(|l| {
            l.strip_prefix("rebuilt ")?
                .split_once(" pages in ")?
                .0
                .parse()
                .ok()
        })
        .collect()
}

#[test]
fn serve_rebuilds_on_edits_shows_errors_over_the_last_good_page_and_recovers() {
    let site = fixture_copy();
    let root = site.path();
    let server = start(root);
    // The startup build: a full build, logged before "serving on".
    let startup = full_builds(&log_since(&server, 0));
    assert_eq!(startup.len(), 1, "{:?}", log_since(&server, 0));
    let pages = startup[0];
    assert!(pages > 0);

    let first = page_with(&server, "/en/fine-tuning/", "Every recommendation below");
    assert!(
        first.contains("_tower-livereload"),
        "pages carry the reload client"
    );
    assert!(!first.contains("hubgen-error-overlay"));
    assert_eq!(get(&server.addr, "/en/no-such-page/").0, 404);
    assert_nothing_written(root);

    // A Markdown edit: only that page is rendered again.
    let mark = log_len(&server);
    edit(
        root,
        "content/en/fine-tuning.md",
        "Every recommendation below",
        "Each recommendation below",
        "Each",
    );
    page_with(&server, "/en/fine-tuning/", "Each recommendation below");
    wait_log(&server, mark, "re-rendered 1 page(s)", |l| {
        l.starts_with("re-rendered 1 page(s) in")
    });
    // A price in data: a full rebuild, and every page that shows it follows.
    let mark = log_len(&server);
    edit(
        root,
        "data/cards.yaml",
        "monthly_usd: 1000 }",
        "monthly_usd: 1010 }",
        "1010",
    );
    page_with(&server, "/en/gpus/a100-sxm/", "$1,010");
    page_with(&server, "/uk/fine-tuning/", "1\u{a0}010");
    // Only the edit can have logged this: the startup build's line came before `mark`.
    wait_log(&server, mark, &format!("rebuilt {pages} pages"), |l| {
        full_builds(&[l.to_owned()]) == [pages]
    });

    // Broken: the overlay names the file, line and column over the last good page.
    let mark = log_len(&server);
    let (line, col) = edit(
        root,
        "content/en/fine-tuning.md",
        "Each recommendation below",
        "Each {{ nope() }} recommendation below",
        "{{ nope() }}",
    );
    let place = format!("content/en/fine-tuning.md:{line}:{col}");
    let broken = page_with(&server, "/en/fine-tuning/", &place);
    assert!(broken.contains("hubgen-error-overlay"), "{broken}");
    assert!(broken.contains("unknown shortcode `nope`"));
    assert!(
        broken.contains("Each recommendation below"),
        "the last good content stays served"
    );
    // Every page shows it, not only the broken one.
    let other = page_with(&server, "/uk/gpu-memory/", "hubgen-error-overlay");
    assert!(other.contains(&place), "{other}");
    wait_log(&server, mark, "build failed with 1 error(s)", |l| {
        l.starts_with("build failed with 1 error(s)")
    });

    // Fixed: the page is back, without the overlay.
    edit(
        root,
        "content/en/fine-tuning.md",
        "Each {{ nope() }} recommendation below",
        "Each fixed recommendation below",
        "Each fixed",
    );
    let fixed = page_with(
        &server,
        "/en/fine-tuning/",
        "Each fixed recommendation below",
    );
    assert!(!fixed.contains("hubgen-error-overlay"));
    assert_nothing_written(root);
}

/// `serve` builds into memory: no `public/`, no staging folder, nothing hubgen names as its own,
/// anywhere under the root.
fn assert_nothing_written(root: &Path) {
    assert!(!root.join("public").exists(), "serve wrote public/");
    let ours: Vec<_> = walkdir::WalkDir::new(root)
        .into_iter()
        .flatten()
        .map(|e| e.path().to_owned())
        .filter(|p| {
            let n = p.file_name().unwrap_or_default().to_string_lossy();
            n.contains(".hubgen-new-") || n.contains(".hubgen-old-") || n == ".hubgen-manifest.json"
        })
        .collect();
    assert!(ours.is_empty(), "serve left {ours:?}");
}

/// The `Content-Type` header of a GET, retried like `get`.
fn content_type_of(addr: &str, path: &str) -> String {
    wait_for(Duration::from_secs(15), || {
        let mut s = TcpStream::connect(addr).ok()?;
        s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
        write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").ok()?;
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).ok()?;
        let text = String::from_utf8_lossy(&raw).into_owned();
        let head = text.split_once("\r\n\r\n")?.0.to_owned();
        head.lines()
            .find_map(|l| {
                l.split_once(':')
                    .filter(|(k, _)| k.eq_ignore_ascii_case("content-type"))
            })
            .map(|(_, v)| v.trim().to_owned())
    })
    .unwrap_or_else(|| panic!("GET {path}: no Content-Type"))
}

#[test]
fn serve_gives_static_files_the_content_type_the_published_site_has() {
    let site = fixture_copy();
    let root = site.path();
    std::fs::create_dir_all(root.join("static/media")).expect("mkdir");
    for name in [
        "f.woff",
        "f.woff2",
        "f.ttf",
        "a.gif",
        "a.avif",
        "a.webp",
        "m.webmanifest",
    ] {
        std::fs::write(root.join("static/media").join(name), b"x").expect("write");
    }
    let server = start(root);
    page_with(&server, "/en/fine-tuning/", "Every recommendation below");
    for (name, ctype) in [
        ("f.woff", "font/woff"),
        ("f.woff2", "font/woff2"),
        ("f.ttf", "font/ttf"),
        ("a.gif", "image/gif"),
        ("a.avif", "image/avif"),
        ("a.webp", "image/webp"),
        ("m.webmanifest", "application/manifest+json; charset=utf-8"),
    ] {
        assert_eq!(
            content_type_of(&server.addr, &format!("/media/{name}")),
            ctype,
            "{name}"
        );
    }
    assert_eq!(
        content_type_of(&server.addr, "/en/fine-tuning/"),
        "text/html; charset=utf-8"
    );
    assert_nothing_written(root);
}

#[test]
fn an_alias_added_or_removed_while_serving_is_served_or_gone() {
    let site = fixture_copy();
    let root = site.path();
    let server = start(root);
    page_with(&server, "/en/fine-tuning/", "Every recommendation below");
    assert_eq!(get(&server.addr, "/en/old-tables/").0, 404);
    // Added: the old URL now leads to the page.
    edit(
        root,
        "content/en/fine-tuning.md",
        "weight: 10\n",
        "weight: 10\naliases: [/en/old-tables/]\n",
        "aliases",
    );
    let redirect = page_with(&server, "/en/old-tables/", "/en/fine-tuning/");
    assert!(redirect.contains("http-equiv=refresh"), "{redirect}");
    // A body edit of the page with the alias keeps it.
    edit(
        root,
        "content/en/fine-tuning.md",
        "Every recommendation below",
        "Each recommendation below",
        "Each",
    );
    page_with(&server, "/en/fine-tuning/", "Each recommendation below");
    assert_eq!(get(&server.addr, "/en/old-tables/").0, 200);
    // Removed: the old URL is gone again.
    edit(
        root,
        "content/en/fine-tuning.md",
        "aliases: [/en/old-tables/]\n",
        "",
        "weight",
    );
    wait_for(Duration::from_secs(15), || {
        (get(&server.addr, "/en/old-tables/").0 == 404).then_some(())
    })
    .expect("the alias's page is gone once the alias is");
    assert_nothing_written(root);
}
