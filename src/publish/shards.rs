//! The remote manifest, split so a publish reads and writes only the part that changed. The
//! index (`.hubgen-publish.json`) is small: for each shard, a digest of what the build says about
//! its files (bytes, hashes, headers); the shards (`.hubgen-publish/<count>-<n>.json.gz`) hold
//! the files' entries, with how each was stored. A file belongs to the shard its path hashes to.
//! A shard whose digest the build reproduces was published as it is: its entries are not read,
//! and it is not written again. A one-page edit reads and writes one shard and the index.

use std::collections::BTreeSet;

use super::File;

/// The folder of the shards under the target's prefix.
pub const SHARD_DIR: &str = ".hubgen-publish/";

/// Shards for `n` files: a power of two, about 256 files each, 1 to 256.
pub fn count_for(n: usize) -> usize {
    n.div_ceil(256).next_power_of_two().clamp(1, 256)
}

/// The shard count to use, given the last publish's: kept while within a factor of four of the
/// ideal, so a site that grows a little does not rewrite every shard.
pub fn keep_or_choose(previous: usize, n: usize) -> usize {
    let ideal = count_for(n);
    if previous > 0 && previous * 4 >= ideal && ideal * 4 >= previous {
        previous
    } else {
        ideal
    }
}

/// The shard `path` belongs to.
pub fn shard_of(path: &str, count: usize) -> usize {
    use sha2::Digest as _;
    let h = sha2::Sha256::digest(path.as_bytes());
    usize::from(u16::from_be_bytes([h[0], h[1]])) % count.max(1)
}

/// The key of shard `n` of `count`.
pub fn key(n: usize, count: usize) -> String {
    format!("{SHARD_DIR}{count}-{n:03}.json.gz")
}

/// What the build says about a shard's files, as a hex SHA-256: how they were stored is left
/// out (the build cannot know it), everything that decides an upload is in.
pub fn digest(files: &[&File]) -> String {
    use sha2::Digest as _;
    let mut h = sha2::Sha256::new();
    for f in files {
        let mut f = (*f).clone();
        f.stored = None;
        h.update(serde_json::to_vec(&f).unwrap_or_default());
        h.update(b"\n");
    }
    crate::output::hex(&h.finalize())
}

#[derive(serde::Serialize, serde::Deserialize)]
struct Shard {
    files: Vec<File>,
}

/// A shard's bytes: its entries as compact JSON, gzip-compressed.
pub fn encode(files: Vec<File>) -> Vec<u8> {
    super::gzip(&serde_json::to_vec(&Shard { files }).unwrap_or_default())
}

/// A shard's entries from its bytes.
pub fn decode(bytes: &[u8]) -> Result<Vec<File>, String> {
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
pub fn group(files: &[File], count: usize) -> Vec<Vec<usize>> {
    let mut groups = vec![Vec::new(); count];
    for (i, f) in files.iter().enumerate() {
        groups[shard_of(&f.path, count)].push(i);
    }
    groups
}

/// Whether a key is one of hubgen's manifest shards.
pub fn is_shard_key(key: &str) -> bool {
    key.starts_with(SHARD_DIR)
}

/// The shard keys a manifest index refers to.
pub fn keys_of(count: usize, digests: &[String]) -> BTreeSet<String> {
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
}
