//! `hubgen serve` as a writer meets it: edit, see the page change; break it, see the error over
//! the last good page; fix it, see the page again.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

mod common;
use common::{edit, site_copy};

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

/// GET over HTTP/1.0 (the body ends when the connection closes): status and body.
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(s, "GET {path} HTTP/1.0\r\nHost: {addr}\r\n\r\n").expect("send");
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).expect("read");
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
    (status, body)
}

fn page_with(server: &Server, path: &str, needle: &str) -> String {
    wait_for(Duration::from_secs(15), || {
        let (status, body) = get(&server.addr, path);
        (status == 200 && body.contains(needle)).then_some(body)
    })
    .unwrap_or_else(|| {
        panic!(
            "{path} never showed {needle:?}; server said {:?}",
            server.log.lock().expect("log")
        )
    })
}

#[test]
fn serve_rebuilds_on_edits_shows_errors_over_the_last_good_page_and_recovers() {
    let site = site_copy();
    let root = site.path();
    let server = start(root);

    let first = page_with(&server, "/en/fine-tuning/", "Every recommendation below");
    assert!(
        first.contains("_tower-livereload"),
        "pages carry the reload client"
    );
    assert!(!first.contains("hubgen-error-overlay"));
    assert_eq!(get(&server.addr, "/en/no-such-page/").0, 404);

    // A Markdown edit.
    edit(
        root,
        "content/en/fine-tuning.md",
        "Every recommendation below",
        "Each recommendation below",
    );
    page_with(&server, "/en/fine-tuning/", "Each recommendation below");
    // A price in data: every page that shows it follows.
    edit(
        root,
        "data/cards.yaml",
        "monthly_usd: 990 }",
        "monthly_usd: 1010 }",
    );
    page_with(&server, "/en/gpus/a100-sxm/", "$1,010");
    page_with(&server, "/uk/fine-tuning/", "1\u{a0}010");

    // Broken: the overlay names the file and line over the last good page.
    edit(
        root,
        "content/en/fine-tuning.md",
        "Each recommendation below",
        "Each {{ nope() }} recommendation below",
    );
    let broken = page_with(&server, "/en/fine-tuning/", "hubgen-error-overlay");
    assert!(
        broken.contains("content/en/fine-tuning.md:11:6"),
        "{broken}"
    );
    assert!(broken.contains("unknown shortcode `nope`"));
    assert!(
        broken.contains("Each recommendation below"),
        "the last good content stays served"
    );
    // Every page shows it, not only the broken one.
    page_with(&server, "/uk/gpu-memory/", "hubgen-error-overlay");

    // Fixed: the page is back, without the overlay.
    edit(
        root,
        "content/en/fine-tuning.md",
        "Each {{ nope() }} recommendation below",
        "Each fixed recommendation below",
    );
    let fixed = page_with(
        &server,
        "/en/fine-tuning/",
        "Each fixed recommendation below",
    );
    assert!(!fixed.contains("hubgen-error-overlay"));
    let log = server.log.lock().expect("log").join("\n");
    assert!(log.contains("re-rendered 1 page(s) in"), "{log}");
    assert!(log.contains("rebuilt 76 pages in"), "{log}");
    assert!(log.contains("build failed with 1 error(s)"), "{log}");
}
