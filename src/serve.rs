//! `hubgen serve`: build into memory, serve on loopback, watch the sources, rebuild, swap the new
//! site in atomically and reload open pages. A failed rebuild keeps the last good site and shows
//! the errors over every page until the next good build.
//!
//! State is passed explicitly: the server and the watcher share one `Live` handle.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, Uri, header};
use axum::response::Response;
use notify::RecursiveMode;
use notify_debouncer_full::{DebounceEventResult, new_debouncer};

use hubgen_engine::config::Overrides;
use hubgen_engine::diag::Diagnostic;
use hubgen_engine::output::OutputTree;
use hubgen_engine::pipeline;

/// Output files shared between snapshots: a rebuild that changes one page copies pointers only.
pub(crate) type Files = std::collections::BTreeMap<String, Arc<[u8]>>;

fn shared(tree: OutputTree) -> Files {
    tree.files
        .into_iter()
        .map(|(k, v)| (k, Arc::from(v)))
        .collect()
}

/// What the server shows: the last good tree, and the errors of a failed rebuild if any.
#[derive(Default)]
pub(crate) struct Snapshot {
    pub files: Files,
    /// HTML of the error overlay, present while the last build failed.
    pub overlay: Option<String>,
    /// Counts rebuilds, for clients and tests.
    pub generation: u64,
}

/// The state the server and the watcher share.
#[derive(Clone)]
pub(crate) struct Live {
    snapshot: Arc<RwLock<Arc<Snapshot>>>,
}

impl Live {
    fn current(&self) -> Arc<Snapshot> {
        self.snapshot
            .read()
            .map(|s| Arc::clone(&s))
            .unwrap_or_default()
    }

    fn swap(&self, next: Snapshot) {
        if let Ok(mut s) = self.snapshot.write() {
            *s = Arc::new(next);
        }
    }
}

pub(crate) struct Options {
    pub root: PathBuf,
    /// The site's data extension (see `hubgen_engine::extension`).
    pub extension: hubgen_engine::extension::Load,
    pub bind: IpAddr,
    pub port: u16,
    pub drafts: bool,
}

/// What the watcher keeps between rebuilds: the prepared inputs of the last good full build,
/// so an edit to a page's body re-renders only that page.
pub(crate) struct Session {
    prepared: Option<pipeline::Prepared>,
    extension: hubgen_engine::extension::Load,
}

impl Session {
    pub(crate) fn new(extension: hubgen_engine::extension::Load) -> Self {
        Session {
            prepared: None,
            extension,
        }
    }

    /// Rebuilds after `changed` (empty: the first build), swaps the result in, and says what it
    /// did. Body-only edits re-render their pages; anything else is a full in-memory build.
    pub(crate) fn rebuild(
        &mut self,
        root: &Path,
        overrides: &Overrides,
        live: &Live,
        changed: &[PathBuf],
    ) -> String {
        let start = Instant::now();
        let previous = live.current();
        let generation = previous.generation + 1;
        let incremental = match (&mut self.prepared, changed.is_empty()) {
            (Some(p), false) => p
                .apply_body_edits(root, changed)
                .map(|touched| (p, touched)),
            _ => None,
        };
        if let Some((prepared, touched)) = incremental {
            let ms = |s: Instant| s.elapsed().as_secs_f64() * 1000.0;
            return match prepared.render_pages(&touched) {
                Ok(changed_files) => {
                    let mut files = previous.files.clone();
                    let n = changed_files.len();
                    for (path, bytes) in changed_files {
                        files.insert(path, Arc::from(bytes));
                    }
                    live.swap(Snapshot {
                        files,
                        overlay: None,
                        generation,
                    });
                    format!("re-rendered {n} page(s) in {:.0} ms", ms(start))
                }
                Err(diags) => self.failed(&diags, live, &previous, ms(start)),
            };
        }
        let result = pipeline::prepare(root, overrides, self.extension).and_then(|p| {
            let memory = hubgen_engine::sink::Memory::default();
            let report = pipeline::render_all(&p, &memory, false)?;
            let tree = OutputTree {
                files: memory.into_files(),
            };
            Ok((p, (tree, report)))
        });
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        match result {
            Ok((prepared, (tree, report))) => {
                for w in &report.warnings {
                    eprint!("{w}");
                }
                self.prepared = Some(prepared);
                live.swap(Snapshot {
                    files: shared(tree),
                    overlay: None,
                    generation,
                });
                format!("rebuilt {} pages in {ms:.0} ms", report.pages)
            }
            Err(diags) => {
                // Whatever was prepared no longer matches the files: the next change rebuilds all.
                self.prepared = None;
                self.failed(&diags, live, &previous, ms)
            }
        }
    }

    fn failed(&self, diags: &[Diagnostic], live: &Live, previous: &Snapshot, ms: f64) -> String {
        for d in diags {
            eprint!("{d}");
        }
        let errors = diags.iter().filter(|d| d.is_error()).count();
        live.swap(Snapshot {
            files: previous.files.clone(),
            overlay: Some(hubgen_engine::diag::report::overlay(diags)),
            generation: previous.generation + 1,
        });
        format!(
            "build failed with {errors} error(s) in {ms:.0} ms; still serving the last good site"
        )
    }
}

/// Serves a file of the current snapshot; HTML gets the overlay while the last build failed.
async fn serve_file(State(live): State<Live>, uri: Uri) -> Response {
    let snap = live.current();
    let path = uri.path().trim_start_matches('/');
    let candidates = if path.is_empty() || path.ends_with('/') {
        vec![format!("{path}index.html")]
    } else {
        vec![path.to_owned(), format!("{path}/index.html")]
    };
    let found = candidates
        .iter()
        .find_map(|p| snap.files.get(p).map(|b| (p.as_str(), b)));
    let (status, name, bytes) = match found {
        Some((p, b)) => (StatusCode::OK, p, &b[..]),
        None => match snap.files.get("404.html") {
            Some(b) => (StatusCode::NOT_FOUND, "404.html", &b[..]),
            None => (StatusCode::NOT_FOUND, "404.txt", &b"not found"[..]),
        },
    };
    // One MIME table for `serve`, the manifest and publish.
    let ctype = hubgen_engine::headers::content_type(name);
    let body = match (&snap.overlay, ctype.starts_with("text/html")) {
        (Some(o), true) => {
            let html = String::from_utf8_lossy(bytes);
            match html.rfind("</body>") {
                Some(i) => format!("{}{o}{}", &html[..i], &html[i..]).into_bytes(),
                None => format!("{html}{o}").into_bytes(),
            }
        }
        _ => bytes.to_vec(),
    };
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(ctype));
    r.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if let Ok(v) = HeaderValue::from_str(&snap.generation.to_string()) {
        r.headers_mut().insert("x-hubgen-generation", v);
    }
    r
}

/// The folders and files a change in which rebuilds the site (never the output).
fn watched(root: &Path) -> Vec<PathBuf> {
    [
        "content",
        "data",
        "themes",
        "i18n",
        "static",
        hubgen_engine::config::CONFIG_FILE,
    ]
    .iter()
    .map(|p| root.join(p))
    .filter(|p| p.exists())
    .collect()
}

/// Runs the server until Ctrl-C.
pub(crate) fn run(opts: Options) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server runtime: {e}"))?;
    runtime.block_on(serve(opts))
}

/// Editors' scratch files (`.x.md.swp`, `x.md~`, `4913`): never a reason to rebuild.
fn is_scratch(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    name.starts_with('.')
        || name.ends_with('~')
        || name.ends_with(".swp")
        || name.ends_with(".tmp")
        || (!path.exists() && path.extension().is_none())
}

async fn serve(mut opts: Options) -> Result<(), String> {
    // Absolute, so the watcher's paths can be matched to pages.
    opts.root = opts
        .root
        .canonicalize()
        .map_err(|e| format!("cannot open {}: {e}", opts.root.display()))?;
    let addr = SocketAddr::new(opts.bind, opts.port);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("no local address: {e}"))?;
    let overrides = Overrides {
        base_url: Some(format!("http://{local}")),
        drafts: opts.drafts,
    };
    let live = Live {
        snapshot: Arc::new(RwLock::new(Arc::new(Snapshot::default()))),
    };
    let mut session = Session::new(opts.extension);
    let first = session.rebuild(&opts.root, &overrides, &live, &[]);
    eprintln!("{first}");

    let livereload = tower_livereload::LiveReloadLayer::new();
    let reloader = livereload.reloader();
    let app = axum::Router::new()
        .fallback(serve_file)
        .with_state(live.clone())
        .layer(livereload);

    // The watcher: a debounced burst of saves → one rebuild on the debouncer's own thread (rayon
    // must not run on the runtime's workers) → swap → reload the open pages.
    let root = opts.root.clone();
    let watch_live = live.clone();
    let mut debouncer = new_debouncer(
        Duration::from_millis(40),
        None,
        move |result: DebounceEventResult| {
            let Ok(events) = result else { return };
            let mut changed: Vec<PathBuf> = events
                .iter()
                .filter(|e| !e.kind.is_access())
                .flat_map(|e| e.paths.iter().cloned())
                .filter(|p| !is_scratch(p))
                .collect();
            if changed.is_empty() {
                return;
            }
            changed.sort();
            changed.dedup();
            let line = session.rebuild(&root, &overrides, &watch_live, &changed);
            eprintln!("{line}");
            reloader.reload();
        },
    )
    .map_err(|e| format!("cannot watch the site: {e}"))?;
    for path in watched(&opts.root) {
        debouncer
            .watch(&path, RecursiveMode::Recursive)
            .map_err(|e| format!("cannot watch {}: {e}", path.display()))?;
    }
    eprintln!("serving on http://{local}/ (Ctrl-C to stop)");
    axum::serve(listener, app)
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| format!("server error: {e}"))?;
    drop(debouncer);
    Ok(())
}
