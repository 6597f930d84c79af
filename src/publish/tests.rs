use super::*;

fn file(path: &str, body: &str, cache: &str, fingerprinted: bool, phase: &str) -> File {
    use md5::Digest as _;
    File {
        path: path.into(),
        bytes: body.len() as u64,
        sha256: hubgen_engine::output::hex(&sha2::Sha256::digest(body.as_bytes())),
        md5: hubgen_engine::output::hex(&md5::Md5::digest(body.as_bytes())),
        content_type: hubgen_engine::headers::content_type(path).into(),
        cache_control: cache.into(),
        fingerprinted,
        phase: phase.into(),
        content_encoding: None,
        stored: None,
    }
}

fn listing(files: &[File]) -> Vec<Object> {
    files
        .iter()
        .map(|f| Object {
            key: f.path.clone(),
            size: f.bytes,
            etag: Some(f.md5.clone()),
        })
        .collect()
}

fn opts(now: u64) -> Options {
    Options {
        force: false,
        dry_run: false,
        max_deletes: 256,
        grace_secs: 100,
        now,
        jobs: 2,
        base_url: "https://x.example".into(),
        fail_after: None,
        pause_after: None,
        lock_stale_secs: 7200,
        break_lock: false,
    }
}

/// The plan with no shard known to be unchanged: every file is compared with the listing.
fn plan(
    files: &[File],
    listing: &[Object],
    previous: Option<&RemoteManifest>,
    opts: &Options,
) -> Plan {
    plan_with(files, listing, previous, &BTreeSet::new(), opts)
}

fn site(css: &str, price: &str) -> Vec<File> {
    vec![
        file("index.html", "<p>root", "r", false, "meta"),
        file("en/index.html", &format!("<p>{price}"), "r", false, "meta"),
        file("en/gpus/index.html", "<p>gpus", "r", false, "page"),
        file("data/prices.json", price, "r", false, "media"),
        file(css, css, "i", true, "asset"),
    ]
}

#[test]
fn first_everything_then_nothing_then_only_what_changed() {
    let a = site("style.aaaa.css", "1.99");
    let first = plan(&a, &[], None, &opts(0));
    assert_eq!(first.uploads.len(), 5);
    let order: Vec<&str> = first.uploads.iter().map(|(f, _)| f.path.as_str()).collect();
    assert_eq!(
        order,
        [
            "style.aaaa.css",
            "data/prices.json",
            "en/gpus/index.html",
            "en/index.html",
            "index.html"
        ]
    );
    let second = plan(&a, &listing(&a), Some(&first.manifest), &opts(1));
    assert_eq!((second.uploads.len(), second.unchanged), (0, 5));
    assert_eq!(second.manifest, first.manifest);
    // Same size, other bytes: the MD5 finds it.
    let b = site("style.aaaa.css", "2.49");
    let third = plan(&b, &listing(&a), Some(&first.manifest), &opts(2));
    let changed: Vec<(&str, Reason)> = third
        .uploads
        .iter()
        .map(|(f, r)| (f.path.as_str(), *r))
        .collect();
    assert_eq!(
        changed,
        [
            ("data/prices.json", Reason::Md5),
            ("en/index.html", Reason::Md5)
        ]
    );
    assert_eq!(
        purge_urls(&third, "https://x.example"),
        [
            "https://x.example/data/prices.json",
            "https://x.example/en/"
        ]
    );
}

#[test]
fn files_of_an_unchanged_shard_are_neither_compared_nor_sent_unless_forced() {
    let a = site("style.aaaa.css", "1.99");
    let first = plan(&a, &[], None, &opts(0));
    // A shard the build reproduces: its files are taken as published, even where the listing
    // (here: empty) would say otherwise, and the manifest still lists them.
    let unchanged: BTreeSet<String> = ["en/gpus/index.html", "index.html"]
        .into_iter()
        .map(String::from)
        .collect();
    let p = plan_with(
        &a,
        &listing(&a[..2]),
        Some(&first.manifest),
        &unchanged,
        &opts(1),
    );
    let sent: Vec<&str> = p.uploads.iter().map(|(f, _)| f.path.as_str()).collect();
    assert_eq!(sent, ["style.aaaa.css", "data/prices.json"]);
    assert_eq!(
        p.unchanged, 3,
        "two from the shard, en/index.html from the listing"
    );
    assert_eq!(p.manifest.files.len(), a.len());
    assert!(p.deletes.is_empty());
    // `--force` sends everything, shard or not.
    let forced = Options {
        force: true,
        ..opts(2)
    };
    let p = plan_with(&a, &listing(&a), Some(&first.manifest), &unchanged, &forced);
    assert_eq!(p.uploads.len(), a.len());
    assert!(p.uploads.iter().all(|(_, r)| *r == Reason::Force));
}

#[test]
fn a_changed_header_rule_uploads_without_force() {
    let a = site("style.aaaa.css", "1");
    let first = plan(&a, &[], None, &opts(0));
    let mut b = a.clone();
    b[3].cache_control = "public, max-age=60".into();
    let p = plan(&b, &listing(&a), Some(&first.manifest), &opts(1));
    assert_eq!(p.uploads.len(), 1);
    assert_eq!(
        (p.uploads[0].0.path.as_str(), p.uploads[0].1),
        ("data/prices.json", Reason::Headers)
    );
}

#[test]
fn pre_compressed_files_are_compared_as_stored() {
    let body = "<p>".repeat(200);
    let mut a = vec![file("a.html", &body, "r", false, "page")];
    a[0].content_encoding = Some("gzip".into());
    // A folder keeps no encoding: stored as built.
    let plain = encode(a.clone(), None, false);
    assert_eq!(plain[0].content_encoding, None);
    let gz = gzip(body.as_bytes());
    assert_eq!(gz, gzip(body.as_bytes()), "gzip output is deterministic");
    // Deterministic across time too (RFC 1952): no modification time, no file name or comment
    // in the header (the same call a second later would give other bytes).
    assert_eq!(&gz[..3], &[0x1f, 0x8b, 8], "gzip magic and deflate");
    assert_eq!(gz[3] & (0x08 | 0x10), 0, "FLG has no FNAME or FCOMMENT");
    assert_eq!(&gz[4..8], &[0; 4], "MTIME is zero");
    let mut d = flate2::read::GzDecoder::new(gz.as_slice());
    let mut back = String::new();
    std::io::Read::read_to_string(&mut d, &mut back).unwrap();
    assert_eq!(back, body);
    // New: how it is stored is not known before it is sent; it goes up even over an object.
    let enc = encode(a.clone(), None, true);
    assert_eq!(enc[0].stored, None);
    let object = Object {
        key: "a.html".into(),
        size: gz.len() as u64,
        etag: Some(hubgen_engine::output::hex(
            &<md5::Md5 as md5::Digest>::digest(&gz),
        )),
    };
    let first = plan(&enc, std::slice::from_ref(&object), None, &opts(0));
    assert_eq!(first.uploads[0].1, Reason::Md5);
    // Published: the last manifest says how it was stored, and the bucket's object is that.
    let mut last = first.manifest.clone();
    last.files[0].stored = Some(Stored {
        bytes: gz.len() as u64,
        md5: object.etag.clone().unwrap(),
    });
    let again = encode(a.clone(), Some(&last), true);
    let p = plan(&again, std::slice::from_ref(&object), Some(&last), &opts(1));
    assert_eq!((p.uploads.len(), p.unchanged), (0, 1));
    // Changed bytes: sent again.
    let mut b = vec![file("a.html", &format!("{body}!"), "r", false, "page")];
    b[0].content_encoding = Some("gzip".into());
    let changed = encode(b, Some(&last), true);
    let p = plan(
        &changed,
        std::slice::from_ref(&object),
        Some(&last),
        &opts(2),
    );
    assert_eq!(p.uploads.len(), 1);
    // The rule dropped: uploaded again, as built.
    let off = encode(
        vec![file("a.html", &body, "r", false, "page")],
        Some(&last),
        true,
    );
    let p = plan(&off, &[object], Some(&last), &opts(3));
    assert_eq!(p.uploads[0].1, Reason::Size);
}

#[test]
fn old_assets_stay_for_the_grace_period_and_deletes_are_all_or_nothing() {
    let a = site("style.aaaa.css", "1");
    let first = plan(&a, &[], None, &opts(0));
    let mut b = site("style.bbbb.css", "1");
    b.retain(|f| f.path != "en/gpus/index.html");
    let mut remote = listing(&a);
    remote.push(Object {
        key: "not-ours.txt".into(),
        size: 1,
        etag: None,
    });
    let p = plan(&b, &remote, Some(&first.manifest), &opts(10));
    assert_eq!(p.deletes, ["en/gpus/index.html"]);
    assert_eq!(p.kept, ["style.aaaa.css"]);
    // Within the grace period the asset stays, with the time it left the build.
    let mut remote2 = listing(&b);
    remote2.push(remote[4].clone());
    let later = plan(&b, &remote2, Some(&p.manifest), &opts(50));
    assert_eq!((later.kept.len(), later.deletes.len()), (1, 0));
    let after = plan(&b, &remote2, Some(&later.manifest), &opts(111));
    assert_eq!(after.deletes, ["style.aaaa.css"]);
    // Over the limit: nothing is deleted, and the keys stay known for the next publish.
    let mut o = opts(10);
    o.max_deletes = 0;
    let refused = plan(&b, &remote, Some(&first.manifest), &o);
    assert!(refused.deletes_refused);
    assert!(
        refused
            .manifest
            .retired
            .iter()
            .any(|r| r.path == "en/gpus/index.html")
    );
}

#[test]
fn targets() {
    let named: BTreeMap<String, String> = [("prod".to_owned(), "s3://site/www".to_owned())].into();
    assert_eq!(
        Target::parse("prod", &named).unwrap(),
        Target::S3 {
            bucket: "site".into(),
            prefix: "www/".into()
        }
    );
    assert_eq!(
        Target::parse("s3://site", &named).unwrap(),
        Target::S3 {
            bucket: "site".into(),
            prefix: String::new()
        }
    );
    assert_eq!(
        Target::parse("file:///srv/www", &named).unwrap(),
        Target::Folder("/srv/www".into())
    );
    for bad in [
        "s3://",
        "s3://Site",
        "s3://b/../x",
        "file://rel",
        "ftp://x",
        "staging",
    ] {
        assert!(Target::parse(bad, &named).is_err(), "{bad}");
    }
}
