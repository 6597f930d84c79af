//! The remote manifest, split so a publish reads and writes only the part that changed. The
//! index (`.hubgen-publish.json`) is small: for each shard, a digest of what the build says about
//! its files (bytes, hashes, headers); the shards (`.hubgen-publish/<count>-<n>.json.gz`) hold
//! the files' entries, with how each was stored. A file belongs to the shard its path hashes to.
//! A shard whose digest the build reproduces was published as it is: its entries are not read,
//! and it is not written again. A one-page edit reads and writes one shard and the index.

use std::collections::BTreeSet;

use super::File;

/// The folder of the shards under the target's prefix.
pub(crate) const SHARD_DIR: &str = ".hubgen-publish/";

/// Shards for `n` files: a power of two, about 256 files each, 1 to 256.
pub(crate) fn count_for(n: usize) -> usize {
    n.div_ceil(256).next_power_of_two().clamp(1, 256)
}

/// The shard count to use, given the last publish's: kept while within a factor of four of the
/// ideal, so a site that grows a little does not rewrite every shard.
pub(crate) fn keep_or_choose(previous: usize, n: usize) -> usize {
    let ideal = count_for(n);
    if previous > 0 && previous * 4 >= ideal && ideal * 4 >= previous {
        previous
    } else {
        ideal
    }
}

/// The shard `path` belongs to.
pub(crate) fn shard_of(path: &str, count: usize) -> usize {
    use sha2::Digest as _;
    let h = sha2::Sha256::digest(path.as_bytes());
    usize::from(u16::from_be_bytes([h[0], h[1]])) % count.max(1)
}

/// The key of shard `n` of `count`.
pub(crate) fn key(n: usize, count: usize) -> String {
    format!("{SHARD_DIR}{count}-{n:03}.json.gz")
}

/// What the build says about a shard's files, as a hex SHA-256: how they were stored is left
/// out (the build cannot know it), everything that decides an upload is in.
pub(crate) fn digest(files: &[&File]) -> String {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    for f in files {
        let mut f = (*f).clone();
        f.stored = None;
        h.update(serde_json::to_vec(&f).unwrap_or_default());
        h.update(b"\n");
    }
    hubgen_engine::output::hex(&h.finalize())
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Shard {
    files: Vec<File>,
}

/// A shard's bytes: its entries as compact JSON, gzip-compressed.
pub(crate) fn encode(files: Vec<File>) -> Vec<u8> {
    super::gzip(&serde_json::to_vec(&Shard { files }).unwrap_or_default())
}

/// A shard's entries from its bytes.
pub(crate) fn decode(bytes: &[u8]) -> Result<Vec<File>, String> {
    use std::io::Read as _;
    let mut json = Vec::new();
    flate2::read::GzDecoder::new(bytes)
        .read_to_end(&mut json)
        .map_err(|e| format!("not gzip: {e}"))?;
    serde_json::from_slice::<Shard>(&json)
        .map(|s| s.files)
        .map_err(|e| e.to_string())
}

/// The files of the build, shard by shard: indices into `files`.
pub(crate) fn group(files: &[File], count: usize) -> Vec<Vec<usize>> {
    let mut groups = vec![Vec::new(); count];
    for (i, f) in files.iter().enumerate() {
        groups[shard_of(&f.path, count)].push(i);
    }
    groups
}

/// Whether a key is one of hubgen's manifest shards.
pub(crate) fn is_shard_key(key: &str) -> bool {
    key.starts_with(SHARD_DIR)
}

/// The shard keys a manifest index refers to.
pub(crate) fn keys_of(count: usize, digests: &[String]) -> BTreeSet<String> {
    (0..count)
        .filter(|n| digests.get(*n).is_some_and(|d| !d.is_empty()))
        .map(|n| key(n, count))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_paths_and_digests() {
        assert_eq!(count_for(0), 1);
        assert_eq!(count_for(256), 1);
        assert_eq!(count_for(257), 2);
        assert_eq!(count_for(10_000), 64);
        assert_eq!(count_for(1_000_000), 256);
        assert_eq!(keep_or_choose(64, 10_500), 64);
        assert_eq!(keep_or_choose(4, 10_000), 64);
        assert_eq!(keep_or_choose(0, 95), 1);
        let s = shard_of("en/index.html", 64);
        assert!(s < 64);
        assert_eq!(s, shard_of("en/index.html", 64));
        assert_eq!(key(3, 64), ".hubgen-publish/64-003.json.gz");
        assert!(is_shard_key(&key(3, 64)) && !is_shard_key("en/index.html"));
    }

    fn file(path: &str) -> File {
        File {
            path: path.into(),
            bytes: 1,
            sha256: "0".repeat(64),
            md5: "0".repeat(32),
            content_type: "text/html; charset=utf-8".into(),
            cache_control: "public, max-age=0".into(),
            fingerprinted: false,
            phase: "page".into(),
            content_encoding: None,
            stored: None,
        }
    }

    #[test]
    fn the_shard_count_is_kept_within_a_factor_of_four_of_the_ideal_and_no_further() {
        // 10,000 files: ideal 64. Kept from 16 to 256, both edges included.
        assert_eq!(count_for(10_000), 64);
        for (previous, kept) in [
            (16, 16),
            (256, 256),
            (8, 64),
            (512, 64),
            (32, 32),
            (128, 128),
        ] {
            assert_eq!(keep_or_choose(previous, 10_000), kept, "from {previous}");
        }
        // No previous count: the ideal.
        assert_eq!(keep_or_choose(0, 10_000), 64);
    }

    #[test]
    fn every_path_lands_in_one_shard_and_the_shards_spread() {
        let files: Vec<File> = (0..2000)
            .map(|i| file(&format!("en/p{i}/index.html")))
            .collect();
        let groups = group(&files, 8);
        assert_eq!(groups.len(), 8);
        let mut all: Vec<usize> = groups.iter().flatten().copied().collect();
        all.sort_unstable();
        assert_eq!(all, (0..2000).collect::<Vec<_>>());
        // A hash, not a count: every shard gets a fair share.
        assert!(
            groups.iter().all(|g| (150..350).contains(&g.len())),
            "{:?}",
            groups.iter().map(Vec::len).collect::<Vec<_>>()
        );
        assert!(
            groups
                .iter()
                .enumerate()
                .all(|(n, g)| g.iter().all(|&i| shard_of(&files[i].path, 8) == n))
        );
    }

    #[test]
    fn a_digest_follows_what_decides_an_upload_and_not_how_it_was_stored() {
        let a = file("en/index.html");
        let mut stored = a.clone();
        stored.stored = Some(super::super::Stored {
            bytes: 7,
            md5: "2".repeat(32),
        });
        assert_eq!(digest(&[&a]), digest(&[&stored]));
        let mut other = a.clone();
        other.md5 = "1".repeat(32);
        assert_ne!(digest(&[&a]), digest(&[&other]));
        let mut headers = a.clone();
        headers.cache_control = "no-cache".into();
        assert_ne!(digest(&[&a]), digest(&[&headers]));
        // Order and count matter.
        assert_ne!(digest(&[&a, &other]), digest(&[&other, &a]));
        assert_ne!(digest(&[&a]), digest(&[&a, &a]));
        assert_eq!(digest(&[&a]).len(), 64);
    }

    #[test]
    fn shards_round_trip_and_a_broken_one_is_an_error() {
        let files = vec![file("en/index.html")];
        let bytes = encode(files.clone());
        assert_eq!(decode(&bytes).unwrap(), files);
        assert!(decode(b"not gzip").unwrap_err().starts_with("not gzip"));
        assert!(decode(&super::super::gzip(b"{}")).is_err());
    }

    #[test]
    fn an_index_refers_only_to_shards_it_has_a_digest_for() {
        let digests = vec!["a".to_owned(), String::new(), "c".to_owned()];
        let keys: Vec<String> = keys_of(4, &digests).into_iter().collect();
        assert_eq!(keys, [key(0, 4), key(2, 4)]);
        assert!(keys_of(2, &[]).is_empty());
    }
}
