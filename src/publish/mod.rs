//! `hubgen publish`: the built folder to object storage, uploading only what changed, in an
//! order that never puts a page online before what it references, deleting last.
//!
//! 1. The build manifest (`.hubgen-manifest.json`) says what the site is; every listed file must
//!    be in the folder with its size (an uploaded file is hashed again and must match).
//! 2. The remote is listed once; the last publish's manifest (`.hubgen-publish.json` under the
//!    prefix) says which keys hubgen wrote and with which headers.
//! 3. A file is uploaded when it is missing, its size or MD5 (the ETag) differs, or its headers
//!    changed since the last publish; `--force` uploads everything.
//! 4. Uploads go by phase (fingerprinted assets, other non-HTML files, pages, entry points), each
//!    finished before the next starts; a failure stops before the next phase. Then the new remote
//!    manifest.
//! 5. Deletes come last, only of keys an earlier publish wrote, all or none under
//!    `--max-deletes`; fingerprinted assets stay for the grace period after the build stopped
//!    making them, so a visitor holding an old page still gets its stylesheet.

pub(crate) mod lock;
pub(crate) mod remote;
#[cfg(feature = "s3")]
pub(crate) mod s3;
pub(crate) mod shards;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

use hubgen_engine::diag::{Diagnostic, code};
use hubgen_engine::headers::Phase;
use remote::{Failure, Headers, Object, Remote};

/// The last publish's manifest, under the target's prefix.
pub(crate) const REMOTE_MANIFEST: &str = ".hubgen-publish.json";

/// One file of the build manifest.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub(crate) struct File {
    pub path: String,
    pub bytes: u64,
    pub sha256: String,
    pub md5: String,
    pub content_type: String,
    pub cache_control: String,
    pub fingerprinted: bool,
    pub phase: String,
    /// The encoding a header rule stores it with (`gzip`), where the target keeps encodings.
    #[serde(default)]
    pub content_encoding: Option<String>,
    /// Size and MD5 of the bytes as stored, when they are not the built file's (compressed).
    /// Filled in by the publish; the remote manifest keeps it, so an unchanged file is not
    /// compressed again to be compared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<Stored>,
}

/// What an object holds when it is stored encoded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub(crate) struct Stored {
    pub bytes: u64,
    pub md5: String,
}

impl File {
    /// Size and MD5 of the object this file becomes (the built file's until a compressed one has
    /// been stored).
    fn as_stored(&self) -> (u64, &str) {
        self.stored
            .as_ref()
            .map_or((self.bytes, self.md5.as_str()), |s| {
                (s.bytes, s.md5.as_str())
            })
    }

    fn same_headers(&self, other: &File) -> bool {
        self.content_type == other.content_type
            && self.cache_control == other.cache_control
            && self.content_encoding == other.content_encoding
    }
}

#[derive(Debug, serde::Deserialize)]
struct BuildManifest {
    files: Vec<File>,
}

/// A key an earlier publish wrote that the current build no longer has, kept until `since` plus
/// the grace period (fingerprinted) or deleted at once (the rest).
#[derive(Debug, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub(crate) struct Retired {
    pub path: String,
    /// Unix seconds of the first publish without it.
    pub since: u64,
    pub fingerprinted: bool,
}

/// What the bucket keeps about the last publish.
#[derive(Debug, Default, Clone, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
pub(crate) struct RemoteManifest {
    pub generator: String,
    /// Every file's entry, in a manifest written before shards (read, never written now).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<File>,
    /// The shards the entries are split into (`shards.rs`); 0 in an old whole manifest.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub shard_count: usize,
    /// Each shard's digest of what the build said about its files; empty for an empty shard.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shards: Vec<String>,
    #[serde(default)]
    pub retired: Vec<Retired>,
    /// Keys a publish was about to write for the first time, recorded before its first upload:
    /// a publish stopped half-way leaves them hubgen's, not a stranger's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<String>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl RemoteManifest {
    /// Every key hubgen wrote or started to write under the prefix, the manifest itself among
    /// them.
    pub(crate) fn owned(m: Option<&RemoteManifest>) -> BTreeSet<&str> {
        let mut keys: BTreeSet<&str> = [REMOTE_MANIFEST, lock::LOCK].into();
        if let Some(m) = m {
            keys.extend(m.files.iter().map(|f| f.path.as_str()));
            keys.extend(m.retired.iter().map(|r| r.path.as_str()));
            keys.extend(m.pending.iter().map(String::as_str));
        }
        keys
    }
}

/// What to do and how.
#[derive(Debug, Clone)]
pub(crate) struct Options {
    pub force: bool,
    pub dry_run: bool,
    pub max_deletes: usize,
    pub grace_secs: u64,
    /// Unix seconds now (the grace period counts from it).
    pub now: u64,
    /// Parallel uploads within a phase.
    pub jobs: usize,
    /// The site's base URL, for the purge list.
    pub base_url: String,
    /// Stop with an error after this phase (a test hook: `HUBGEN_FAULT=publish:<phase>`).
    pub fail_after: Option<Phase>,
    /// Wait after this phase, to be killed (a test hook: `HUBGEN_FAULT=publish-pause:<phase>`).
    pub pause_after: Option<Phase>,
    /// A lock older than this is a killed publish's, and taken over.
    pub lock_stale_secs: u64,
    /// Take over the target's lock whoever holds it.
    pub break_lock: bool,
}

/// Why a file is uploaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Reason {
    Missing,
    Size,
    Md5,
    Headers,
    Force,
}

/// The plan: uploads by phase, unchanged files, deletes and kept old keys.
#[derive(Debug, Default, Clone, serde::Serialize)]
pub(crate) struct Plan {
    pub uploads: Vec<(File, Reason)>,
    pub unchanged: usize,
    pub deletes: Vec<String>,
    /// Old fingerprinted assets within their grace period.
    pub kept: Vec<String>,
    /// Deletes over `--max-deletes`: none of them is made.
    pub deletes_refused: bool,
    /// The remote manifest to write.
    #[serde(skip)]
    pub manifest: RemoteManifest,
}

/// What a publish did.
#[derive(Debug, Default, Clone)]
pub(crate) struct Outcome {
    pub plan: Plan,
    pub uploaded: usize,
    pub deleted: usize,
    pub bytes_sent: u64,
    /// What the publish read: the last manifest (a listing's bytes are not counted).
    pub bytes_received: u64,
    pub requests: u64,
    /// URLs whose content changed or went away: what a CDN must purge.
    pub purge: Vec<String>,
    pub seconds: f64,
    /// Keys hubgen did not write that `--force` let it replace.
    pub replaced_foreign: Vec<String>,
}

/// A publish failure: one diagnostic. Nothing was deleted.
pub(crate) type Error = Diagnostic;

/// Reads the build manifest of `out`.
pub(crate) fn read_build_manifest(out: &Path) -> Result<Vec<File>, Error> {
    let path = out.join(hubgen_engine::output::MANIFEST);
    let text = std::fs::read(&path).map_err(|e| {
        Diagnostic::error(
            code::PUBLISH_NO_MANIFEST,
            format!("{} is not a hubgen build: cannot read {}: {e}", out.display(), hubgen_engine::output::MANIFEST),
        )
        .with_hint("run `hubgen build` first (publish sends what the build wrote, as its manifest lists it)")
    })?;
    let m: BuildManifest = serde_json::from_slice(&text).map_err(|e| {
        Diagnostic::error(
            code::PUBLISH_NO_MANIFEST,
            format!(
                "the manifest of {} is not one this hubgen reads: {e}",
                out.display()
            ),
        )
        .with_hint("build again with this version of hubgen")
    })?;
    Ok(m.files)
}

/// Every listed file present with its listed size.
pub(crate) fn check_folder(out: &Path, files: &[File]) -> Result<(), Error> {
    for f in files {
        let size = std::fs::metadata(out.join(&f.path)).map(|m| m.len());
        if size.as_ref().ok() != Some(&f.bytes) {
            return Err(mismatch(out, &f.path, "missing or of another size"));
        }
    }
    Ok(())
}

fn mismatch(out: &Path, path: &str, what: &str) -> Error {
    Diagnostic::error(
        code::PUBLISH_MISMATCH,
        format!(
            "{} does not match its manifest: `{path}` is {what}",
            out.display()
        ),
    )
    .with_hint("the folder changed after the build; build again, then publish")
}

/// The plan, from the build manifest, the remote listing and the last publish's manifest, where the files of `unchanged` (in a shard the build reproduces, all in the
/// listing) are known to be published as they are.
pub(crate) fn plan_with(
    files: &[File],
    listing: &[Object],
    previous: Option<&RemoteManifest>,
    unchanged: &BTreeSet<String>,
    opts: &Options,
) -> Plan {
    let remote: BTreeMap<&str, &Object> = listing.iter().map(|o| (o.key.as_str(), o)).collect();
    let before: BTreeMap<&str, &File> = previous
        .map(|m| m.files.iter().map(|f| (f.path.as_str(), f)).collect())
        .unwrap_or_default();
    let mut p = Plan::default();
    for f in files {
        if !opts.force && unchanged.contains(&f.path) {
            p.unchanged += 1;
            continue;
        }
        let (size, md5) = f.as_stored();
        let reason = match remote.get(f.path.as_str()) {
            _ if opts.force => Some(Reason::Force),
            None => Some(Reason::Missing),
            // Stored compressed, and new or changed since the last publish.
            Some(_) if f.content_encoding.is_some() && f.stored.is_none() => Some(Reason::Md5),
            Some(o) if o.size != size => Some(Reason::Size),
            Some(o) => {
                let etag_is_md5 = o.etag.as_deref().is_some_and(|t| t.len() == 32);
                let prev = before.get(f.path.as_str());
                // The ETag is the MD5 of a single PUT; where it is not one (multipart, some
                // providers), the SHA-256 the last publish recorded decides.
                let bytes_differ = if etag_is_md5 {
                    o.etag.as_deref() != Some(md5)
                } else {
                    prev.is_none_or(|p| p.sha256 != f.sha256)
                };
                if bytes_differ {
                    Some(Reason::Md5)
                } else if prev.is_none_or(|p| !p.same_headers(f)) {
                    Some(Reason::Headers)
                } else {
                    None
                }
            }
        };
        match reason {
            Some(r) => p.uploads.push((f.clone(), r)),
            None => p.unchanged += 1,
        }
    }
    p.uploads
        .sort_by_key(|(f, _)| (phase_of(f), f.path.clone()));
    let current: BTreeSet<&str> = files.iter().map(|f| f.path.as_str()).collect();
    // Keys hubgen wrote before and the build no longer has, with when they left it.
    let gone = gone_since(previous, opts.now);
    let mut retired = Vec::new();
    for (path, r) in gone {
        // The remote manifest is read from the bucket: a key that is not a plain relative path
        // is never acted on.
        if current.contains(path.as_str())
            || !remote.contains_key(path.as_str())
            || hubgen_engine::output::check_rel(&path).is_err()
        {
            continue;
        }
        if r.fingerprinted && opts.now < r.since.saturating_add(opts.grace_secs) {
            p.kept.push(path);
        } else {
            p.deletes.push(path);
        }
        retired.push(r);
    }
    if p.deletes.len() > opts.max_deletes {
        p.deletes_refused = true;
    }
    p.manifest = RemoteManifest {
        generator: "hubgen".into(),
        files: files.to_vec(),
        retired,
        ..RemoteManifest::default()
    };
    p
}

/// What the last publish wrote or retired, each with when it left the build (`now` for those
/// that leave it now); the caller drops those the build still has.
fn gone_since(previous: Option<&RemoteManifest>, now: u64) -> BTreeMap<String, Retired> {
    let mut gone: BTreeMap<String, Retired> = BTreeMap::new();
    if let Some(m) = previous {
        for r in &m.retired {
            gone.insert(r.path.clone(), r.clone());
        }
        for f in &m.files {
            gone.entry(f.path.clone()).or_insert(Retired {
                path: f.path.clone(),
                since: now,
                fingerprinted: f.fingerprinted,
            });
        }
        // Written by a publish that stopped before its manifest: hubgen's, kept for the grace
        // period (a page of that publish may be online and reference it), then deleted.
        for k in &m.pending {
            gone.entry(k.clone()).or_insert(Retired {
                path: k.clone(),
                since: now,
                fingerprinted: true,
            });
        }
    }
    gone
}

fn phase_of(f: &File) -> Phase {
    Phase::parse(&f.phase).unwrap_or(Phase::Page)
}

/// Counts requests and bytes for the closing figures, and notes how each file sent compressed
/// was stored, for the remote manifest.
#[derive(Default)]
struct Meter {
    requests: AtomicU64,
    bytes: AtomicU64,
    stored: Mutex<BTreeMap<String, Stored>>,
}

/// Runs the whole publish of `out` to `remote`.
pub(crate) fn publish(
    out: &Path,
    remote: &dyn Remote,
    opts: &Options,
    progress: &(dyn Fn(Event<'_>) + Sync),
) -> Result<Outcome, Error> {
    let t = std::time::Instant::now();
    let files = read_build_manifest(out)?;
    check_folder(out, &files)?;
    let meter = Meter::default();
    let fail = |f: Failure| remote_error(remote, &f);
    // Held to the end of the publish: dropping it releases the lock.
    let _lock = take_lock(remote, opts, &meter)?;
    let listing = remote.list().map_err(fail)?;
    // The listing's pages and the manifest's GET.
    meter
        .requests
        .fetch_add(remote.list_requests(listing.len()) + 1, Ordering::Relaxed);
    let (previous, bytes_received) = read_previous(remote)?;
    let view = read_shards(remote, files, &listing, previous.as_ref(), &meter)?;
    // What is there and hubgen did not write: refused, or with --force replaced by name.
    let mut owned = RemoteManifest::owned(view.previous.as_ref());
    owned.extend(view.unchanged.iter().map(String::as_str));
    let foreign: BTreeSet<&str> = listing
        .iter()
        .map(|o| o.key.as_str())
        .filter(|k| !owned.contains(k) && !shards::is_shard_key(k))
        .collect();
    if !foreign.is_empty() && !opts.force {
        return Err(foreign_error(remote, previous.is_some(), &foreign));
    }
    let files = &view.files;
    let mut plan = plan_with(
        files,
        &listing,
        view.previous.as_ref(),
        &view.unchanged,
        opts,
    );
    let mut outcome = Outcome {
        purge: purge_urls(&plan, &opts.base_url),
        bytes_received: bytes_received + view.bytes,
        replaced_foreign: plan
            .uploads
            .iter()
            .filter(|(f, _)| foreign.contains(f.path.as_str()))
            .map(|(f, _)| f.path.clone())
            .collect(),
        ..Outcome::default()
    };
    let new_keys: Vec<String> = plan
        .uploads
        .iter()
        .filter(|(f, _)| !owned.contains(f.path.as_str()))
        .map(|(f, _)| f.path.clone())
        .collect();
    if opts.dry_run {
        outcome.plan = plan;
        outcome.requests = meter.requests.load(Ordering::Relaxed);
        outcome.seconds = t.elapsed().as_secs_f64();
        return Ok(outcome);
    }
    for key in &outcome.replaced_foreign {
        progress(Event::ReplacingForeign(key));
    }
    let manifest_headers = manifest_headers();
    if !new_keys.is_empty() {
        write_journal(
            remote,
            previous.as_ref(),
            new_keys,
            &meter,
            &manifest_headers,
        )?;
    }
    outcome.uploaded += upload_phases(out, remote, &plan, opts, &meter, progress)?;
    record_stored(&mut plan, &meter);
    write_manifest(remote, &plan, &view, previous.as_ref(), &meter)?;
    if !plan.deletes_refused {
        for key in &plan.deletes {
            meter.requests.fetch_add(1, Ordering::Relaxed);
            remote.delete(key).map_err(fail)?;
            outcome.deleted += 1;
            progress(Event::Deleted(key));
        }
    }
    outcome.plan = plan;
    outcome.requests = meter.requests.load(Ordering::Relaxed);
    outcome.bytes_sent = meter.bytes.load(Ordering::Relaxed);
    outcome.seconds = t.elapsed().as_secs_f64();
    Ok(outcome)
}

/// One publish at a time; a dry run changes nothing and takes no lock. The lock's requests
/// (and its release's) are counted.
fn take_lock<'r>(
    remote: &'r dyn Remote,
    opts: &Options,
    meter: &Meter,
) -> Result<Option<lock::Lock<'r>>, Error> {
    let lock = if opts.dry_run {
        None
    } else {
        Some(lock::acquire(
            remote,
            opts.now,
            opts.lock_stale_secs,
            opts.break_lock,
        )?)
    };
    meter.requests.fetch_add(
        lock.as_ref().map_or(0, |l| l.requests + 2),
        Ordering::Relaxed,
    );
    meter
        .bytes
        .fetch_add(lock.as_ref().map_or(0, |l| l.bytes), Ordering::Relaxed);
    Ok(lock)
}

/// The stored (compressed) forms the uploads recorded, into the manifest's rows.
fn record_stored(plan: &mut Plan, meter: &Meter) {
    let mut stored = std::mem::take(&mut *meter.stored.lock().unwrap_or_else(|e| e.into_inner()));
    for f in &mut plan.manifest.files {
        if let Some(s) = stored.remove(&f.path) {
            f.stored = Some(s);
        }
    }
}

/// Uploads the plan phase by phase, each finished before the next; returns how many went up.
fn upload_phases(
    out: &Path,
    remote: &dyn Remote,
    plan: &Plan,
    opts: &Options,
    meter: &Meter,
    progress: &(dyn Fn(Event<'_>) + Sync),
) -> Result<usize, Error> {
    let mut uploaded = 0;
    for phase in Phase::ALL {
        let batch: Vec<&File> = plan
            .uploads
            .iter()
            .filter(|(f, _)| phase_of(f) == phase)
            .map(|(f, _)| f)
            .collect();
        progress(Event::Phase(phase, batch.len()));
        upload_all(out, remote, &batch, opts.jobs, meter, progress)?;
        uploaded += batch.len();
        if opts.pause_after == Some(phase) {
            eprintln!("paused after the {} phase (HUBGEN_FAULT)", phase.name());
            std::thread::sleep(std::time::Duration::from_secs(600));
        }
        if opts.fail_after == Some(phase) {
            return Err(Diagnostic::error(
                code::PUBLISH_FAILED,
                format!("stopped after the {} phase (HUBGEN_FAULT)", phase.name()),
            ));
        }
    }
    Ok(uploaded)
}

/// The build's files and what the last publish's manifest says about them, read shard by shard:
/// only the shards whose digest the build does not reproduce.
struct View {
    /// The build's files, with how each was stored where the last publish recorded it.
    files: Vec<File>,
    /// The last manifest's index, with the entries of the shards read (an old whole manifest:
    /// all of them).
    previous: Option<RemoteManifest>,
    /// Files of the shards published as they are, every one in the listing.
    unchanged: BTreeSet<String>,
    count: usize,
    digests: Vec<String>,
    /// Per shard: published as it is.
    same: Vec<bool>,
    /// Bytes read.
    bytes: u64,
}

fn read_shards(
    remote: &dyn Remote,
    files: Vec<File>,
    listing: &[Object],
    previous: Option<&RemoteManifest>,
    meter: &Meter,
) -> Result<View, Error> {
    let stores = remote.stores_encoding();
    let files = encode(files, None, stores);
    let count = shards::keep_or_choose(previous.map_or(0, |p| p.shard_count), files.len());
    let groups = shards::group(&files, count);
    let digests: Vec<String> = groups
        .iter()
        .map(|g| {
            if g.is_empty() {
                String::new()
            } else {
                shards::digest(&g.iter().map(|&i| &files[i]).collect::<Vec<_>>())
            }
        })
        .collect();
    let listed: BTreeMap<&str, &Object> = listing.iter().map(|o| (o.key.as_str(), o)).collect();
    // As stored: there, and (unless stored encoded) of its size and, for a single PUT, its MD5.
    let online = |f: &File| {
        listed.get(f.path.as_str()).is_some_and(|o| {
            f.content_encoding.is_some()
                || (o.size == f.bytes
                    && o.etag
                        .as_deref()
                        .is_none_or(|t| t.len() != 32 || t == f.md5))
        })
    };
    let same: Vec<bool> = (0..count)
        .map(|k| {
            previous.is_some_and(|p| {
                p.files.is_empty()
                    && p.shard_count == count
                    && p.shards.get(k) == Some(&digests[k])
                    && groups[k].iter().all(|&i| online(&files[i]))
            })
        })
        .collect();
    let mut bytes = 0;
    let previous = match previous {
        None => None,
        Some(p) => {
            let mut view = p.clone();
            for n in 0..p.shard_count {
                let published_as_is = p.shard_count == count && same.get(n) == Some(&true);
                let wanted = p.shards.get(n).is_some_and(|d| !d.is_empty()) && !published_as_is;
                if !wanted {
                    continue;
                }
                let key = shards::key(n, p.shard_count);
                meter.requests.fetch_add(1, Ordering::Relaxed);
                let got = remote.get(&key).map_err(|f| remote_error(remote, &f))?;
                let Some(b) = got else {
                    // Gone: its files are compared with the listing, as on a first publish.
                    continue;
                };
                bytes += b.len() as u64;
                view.files.extend(shards::decode(&b).map_err(|e| {
                    Diagnostic::error(
                        code::PUBLISH_FAILED,
                        format!("the manifest shard {key} in {} cannot be read: {e}", remote.describe()),
                    )
                    .with_hint(format!("it is hubgen's; remove {REMOTE_MANIFEST} and {} from the target and publish with --force", shards::SHARD_DIR))
                })?);
            }
            Some(view)
        }
    };
    let unchanged = (0..count)
        .filter(|&k| same[k])
        .flat_map(|k| groups[k].iter().map(|&i| files[i].path.clone()))
        .collect();
    Ok(View {
        files: encode(files, previous.as_ref(), stores),
        previous,
        unchanged,
        count,
        digests,
        same,
        bytes,
    })
}

/// The new manifest: the shards that changed, then the index, then the old shards no index
/// refers to any more.
fn write_manifest(
    remote: &dyn Remote,
    plan: &Plan,
    view: &View,
    previous: Option<&RemoteManifest>,
    meter: &Meter,
) -> Result<(), Error> {
    let fail = |f: Failure| remote_error(remote, &f);
    let put = |key: &str, bytes: Vec<u8>, headers: &Headers| {
        meter.requests.fetch_add(1, Ordering::Relaxed);
        meter.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        remote.put(key, bytes, headers).map_err(fail)
    };
    let shard_headers = Headers {
        content_type: "application/gzip".into(),
        cache_control: "no-store".into(),
        sha256: String::new(),
        content_encoding: None,
    };
    let mut by_shard: Vec<Vec<File>> = vec![Vec::new(); view.count];
    for f in &plan.manifest.files {
        by_shard[shards::shard_of(&f.path, view.count)].push(f.clone());
    }
    for (k, entries) in by_shard.into_iter().enumerate() {
        if !view.same[k] && !entries.is_empty() {
            put(
                &shards::key(k, view.count),
                shards::encode(entries),
                &shard_headers,
            )?;
        }
    }
    let index = RemoteManifest {
        generator: "hubgen".into(),
        retired: plan.manifest.retired.clone(),
        shard_count: view.count,
        shards: view.digests.clone(),
        ..RemoteManifest::default()
    };
    if previous != Some(&index) {
        put(
            REMOTE_MANIFEST,
            serde_json::to_vec_pretty(&index).unwrap_or_default(),
            &manifest_headers(),
        )?;
    }
    if let Some(p) = previous {
        let now = shards::keys_of(view.count, &view.digests);
        for old in shards::keys_of(p.shard_count, &p.shards).difference(&now) {
            meter.requests.fetch_add(1, Ordering::Relaxed);
            remote.delete(old).map_err(fail)?;
        }
    }
    Ok(())
}

/// How the remote manifest is stored: never cached.
fn manifest_headers() -> Headers {
    Headers {
        content_type: "application/json; charset=utf-8".into(),
        cache_control: "no-store".into(),
        sha256: String::new(),
        content_encoding: None,
    }
}

/// The last publish's manifest, if any, and its size.
fn read_previous(remote: &dyn Remote) -> Result<(Option<RemoteManifest>, u64), Error> {
    let Some(bytes) = remote
        .get(REMOTE_MANIFEST)
        .map_err(|f| remote_error(remote, &f))?
    else {
        return Ok((None, 0));
    };
    let m = serde_json::from_slice::<RemoteManifest>(&bytes).map_err(|e| {
        Diagnostic::error(
            code::PUBLISH_FAILED,
            format!(
                "the last publish's manifest ({REMOTE_MANIFEST}) in {} cannot be read: {e}",
                remote.describe()
            ),
        )
        .with_hint(format!(
            "it is hubgen's; remove {REMOTE_MANIFEST} from the target and publish with --force"
        ))
    })?;
    Ok((Some(m), bytes.len() as u64))
}

/// The journal, before the first upload of a new key: the last manifest with the keys about to
/// be written for the first time, so a publish stopped half-way leaves them hubgen's.
fn write_journal(
    remote: &dyn Remote,
    previous: Option<&RemoteManifest>,
    new_keys: Vec<String>,
    meter: &Meter,
    headers: &Headers,
) -> Result<(), Error> {
    let mut journal = previous.cloned().unwrap_or_else(|| RemoteManifest {
        generator: "hubgen".into(),
        ..RemoteManifest::default()
    });
    let mut pending: BTreeSet<String> = journal.pending.into_iter().collect();
    pending.extend(new_keys);
    journal.pending = pending.into_iter().collect();
    let bytes = serde_json::to_vec_pretty(&journal).unwrap_or_default();
    meter.requests.fetch_add(1, Ordering::Relaxed);
    meter.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
    remote
        .put(REMOTE_MANIFEST, bytes, headers)
        .map_err(|f| remote_error(remote, &f))
}

/// What the progress display hears about.
pub(crate) enum Event<'a> {
    Phase(Phase, usize),
    Uploaded(&'a str),
    Deleted(&'a str),
    /// A key hubgen did not write, about to be replaced under `--force`.
    ReplacingForeign(&'a str),
}

/// The refusal of a target holding keys hubgen did not write.
fn foreign_error(remote: &dyn Remote, has_manifest: bool, foreign: &BTreeSet<&str>) -> Error {
    let mut sample: Vec<&str> = foreign.iter().take(5).copied().collect();
    if foreign.len() > 5 {
        sample.push("…");
    }
    let why = if has_manifest {
        format!("its {REMOTE_MANIFEST} does not list them")
    } else {
        format!("no {REMOTE_MANIFEST}: hubgen never published there")
    };
    Diagnostic::error(
        code::PUBLISH_FOREIGN,
        format!(
            "refusing to publish into {}: {} file(s) there were not written by hubgen ({}; {why}); nothing was sent",
            remote.describe(),
            foreign.len(),
            sample.join(", ")
        ),
    )
    .with_hint("publish into an empty folder or prefix of its own; or run again with --force, which replaces those the build also has (naming each) and leaves the others")
}

/// Uploads `batch` with `jobs` workers; the first failure stops new uploads, and the phase fails.
fn upload_all(
    out: &Path,
    remote: &dyn Remote,
    batch: &[&File],
    jobs: usize,
    meter: &Meter,
    progress: &(dyn Fn(Event<'_>) + Sync),
) -> Result<(), Error> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let first_error: Mutex<Option<Error>> = Mutex::new(None);
    std::thread::scope(|s| {
        for _ in 0..jobs.clamp(1, batch.len().max(1)) {
            s.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(f) = batch.get(i) else { break };
                    match upload_one(out, remote, f, meter) {
                        Ok(()) => progress(Event::Uploaded(&f.path)),
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            first_error
                                .lock()
                                .unwrap_or_else(|e| e.into_inner())
                                .get_or_insert(e);
                        }
                    }
                }
            });
        }
    });
    match first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Fills in how each pre-compressed file is stored, from the last publish when the file and its
/// encoding are unchanged; otherwise it is left unknown, and the file goes up (compressed once,
/// as it is sent). Where the target keeps no encoding the files are stored as built.
fn encode(
    mut files: Vec<File>,
    previous: Option<&RemoteManifest>,
    stores_encoding: bool,
) -> Vec<File> {
    let before: BTreeMap<&str, &File> = previous
        .map(|m| m.files.iter().map(|f| (f.path.as_str(), f)).collect())
        .unwrap_or_default();
    for f in &mut files {
        f.stored = None;
        if !stores_encoding {
            f.content_encoding = None;
        } else if f.content_encoding.is_some()
            && let Some(p) = before.get(f.path.as_str())
            && p.sha256 == f.sha256
            && p.content_encoding == f.content_encoding
        {
            f.stored.clone_from(&p.stored);
        }
    }
    files
}

/// The bytes `f` is stored as: the built file, checked against its SHA-256, compressed when it
/// is stored encoded.
fn read_stored(out: &Path, f: &File) -> Result<Vec<u8>, Error> {
    use sha2::Digest as _;
    let bytes = std::fs::read(out.join(&f.path))
        .map_err(|e| mismatch(out, &f.path, &format!("unreadable ({e})")))?;
    if hubgen_engine::output::hex(&sha2::Sha256::digest(&bytes)) != f.sha256 {
        return Err(mismatch(
            out,
            &f.path,
            "changed since the build (its SHA-256 differs)",
        ));
    }
    match f.content_encoding.as_deref() {
        None => Ok(bytes),
        Some(e) => match hubgen_engine::headers::Encoding::parse(e) {
            Some(hubgen_engine::headers::Encoding::Gzip) => Ok(gzip(&bytes)),
            None => Err(Diagnostic::error(
                code::PUBLISH_NO_MANIFEST,
                format!("`{}` is to be stored with the encoding `{e}`, which this hubgen does not write", f.path),
            )
            .with_hint("build again with this version of hubgen")),
        },
    }
}

/// Deterministic gzip (no file name, no time stamp), at zlib's default level: on HTML within 1%
/// of the best level's size, at a third of its time (a changed file is compressed twice per
/// publish: to compare, then to send).
pub(crate) fn gzip(bytes: &[u8]) -> Vec<u8> {
    use std::io::Write as _;
    let mut e = flate2::GzBuilder::new().write(
        Vec::with_capacity(bytes.len() / 3 + 64),
        flate2::Compression::default(),
    );
    // Writing to a Vec cannot fail.
    let _ = e.write_all(bytes);
    e.finish().unwrap_or_default()
}

fn upload_one(out: &Path, remote: &dyn Remote, f: &File, meter: &Meter) -> Result<(), Error> {
    let bytes = read_stored(out, f)?;
    if f.content_encoding.is_some() {
        let stored = Stored {
            bytes: bytes.len() as u64,
            md5: hubgen_engine::output::hex(&<md5::Md5 as md5::Digest>::digest(&bytes)),
        };
        meter
            .stored
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(f.path.clone(), stored);
    }
    let headers = Headers {
        content_type: f.content_type.clone(),
        cache_control: f.cache_control.clone(),
        sha256: f.sha256.clone(),
        content_encoding: f.content_encoding.clone(),
    };
    meter.requests.fetch_add(1, Ordering::Relaxed);
    meter.bytes.fetch_add(bytes.len() as u64, Ordering::Relaxed);
    remote
        .put(&f.path, bytes, &headers)
        .map_err(|e| remote_error(remote, &e))
}

/// One diagnostic for a remote failure, with what to check.
pub(crate) fn remote_error(remote: &dyn Remote, f: &Failure) -> Error {
    let target = remote.describe();
    let (c, what, hint) = match f {
        Failure::Credentials(_) => (
            code::PUBLISH_CREDENTIALS,
            "the credentials were refused",
            "check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary credentials) and the key's rights on the bucket",
        ),
        Failure::NoBucket(_) => (
            code::PUBLISH_NO_BUCKET,
            "the bucket or folder does not exist",
            "create it first, or check the name in --to and AWS_ENDPOINT_URL / AWS_REGION",
        ),
        Failure::Unreachable(_) => (
            code::PUBLISH_UNREACHABLE,
            "the endpoint cannot be reached",
            "check AWS_ENDPOINT_URL and the network; for a plain-HTTP endpoint set AWS_ALLOW_HTTP=true",
        ),
        Failure::Other(_) => (
            code::PUBLISH_FAILED,
            "a request failed",
            "retried with backoff and still failing; publishing again resumes where this one stopped",
        ),
    };
    Diagnostic::error(c, format!("publish to {target}: {what}: {f}"))
        .with_hint(format!("{hint}; nothing was deleted"))
}

/// URLs a CDN must purge: every changed or deleted file that is not fingerprinted (a
/// fingerprinted name never changes content), a page by its folder URL.
fn purge_urls(plan: &Plan, base_url: &str) -> Vec<String> {
    let mut urls: Vec<String> = plan
        .uploads
        .iter()
        .filter(|(f, r)| !f.fingerprinted && *r != Reason::Missing)
        .map(|(f, _)| f.path.as_str())
        .chain(
            if plan.deletes_refused {
                &[][..]
            } else {
                &plan.deletes[..]
            }
            .iter()
            .map(String::as_str),
        )
        .map(|p| {
            let url = if p == "index.html" {
                String::new()
            } else {
                p.strip_suffix("/index.html")
                    .map_or(p.to_owned(), |d| format!("{d}/"))
            };
            format!("{base_url}/{url}")
        })
        .collect();
    urls.sort();
    urls.dedup();
    urls
}

/// The target named by `--to`: `s3://BUCKET[/PREFIX]`, `file:///DIR`, or a target's name in
/// `hubgen.yaml`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Target {
    S3 { bucket: String, prefix: String },
    Folder(PathBuf),
}

impl Target {
    pub(crate) fn parse(to: &str, named: &BTreeMap<String, String>) -> Result<Target, Error> {
        let address = named.get(to).map_or(to, String::as_str);
        if let Some(rest) = address.strip_prefix("s3://") {
            let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
            let prefix = prefix.trim_matches('/');
            let ok_bucket = !bucket.is_empty()
                && bucket.bytes().all(|b| {
                    b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.'
                });
            if !ok_bucket
                || (!prefix.is_empty() && hubgen_engine::output::check_rel(prefix).is_err())
            {
                return Err(bad_target(address));
            }
            let prefix = if prefix.is_empty() {
                String::new()
            } else {
                format!("{prefix}/")
            };
            return Ok(Target::S3 {
                bucket: bucket.to_owned(),
                prefix,
            });
        }
        if let Some(dir) = address.strip_prefix("file://")
            && dir.starts_with('/')
        {
            return Ok(Target::Folder(PathBuf::from(dir)));
        }
        Err(bad_target(address))
    }
}

fn bad_target(to: &str) -> Error {
    Diagnostic::error(
        code::PUBLISH_TARGET,
        format!("`{to}` is not a publish target"),
    )
    .with_hint("use s3://BUCKET[/PREFIX], file:///ABSOLUTE/FOLDER, or the name of a target under `publish: targets:` in hubgen.yaml")
}

#[cfg(test)]
mod tests;
