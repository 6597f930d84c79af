//! One publish at a time per target: a lock object beside the manifest, created only if none is
//! there (a folder: a file created exclusively; S3: a PUT with `If-None-Match: *`, which S3,
//! R2 and MinIO honour) and read back, holding who took it and when, removed when the publish
//! ends. A second
//! publish finds it and stops before anything is sent. A lock older than the stale limit is
//! taken over, with a message: its holder was killed (a normal failure removes its lock).

use super::remote::{Headers, Remote};
use super::{Error, remote_error};
use hubgen_engine::diag::{Diagnostic, code};

/// The lock's key under the target's prefix.
pub(crate) const LOCK: &str = ".hubgen-publish.lock";

/// What the lock object says.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub(crate) struct Holder {
    /// `host:pid` of the publish that took it.
    pub owner: String,
    /// Unix seconds when it was taken.
    pub since: u64,
    /// Tells this publish's lock from another's with the same owner.
    pub token: String,
}

/// A held lock; dropping it removes the lock object if it is still this publish's.
pub(crate) struct Lock<'a> {
    remote: &'a dyn Remote,
    token: String,
    /// Requests it made, for the report.
    pub requests: u64,
    /// Bytes it sent.
    pub bytes: u64,
}

fn headers() -> Headers {
    Headers {
        content_type: "application/json; charset=utf-8".into(),
        cache_control: "no-store".into(),
        sha256: String::new(),
        content_encoding: None,
    }
}

fn owner() -> String {
    let file = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .ok();
    owner_of(file, std::env::var("HOSTNAME").ok(), std::process::id())
}

/// `host:pid`: the host from its file (trimmed; an empty one does not count), else from the
/// environment, else `unknown-host`.
fn owner_of(file: Option<String>, env: Option<String>, pid: u32) -> String {
    let host = file
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .or(env)
        .unwrap_or_else(|| "unknown-host".to_owned());
    format!("{host}:{pid}")
}

fn token(owner: &str, now: u64) -> String {
    use sha2::Digest as _;
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    let mut h = sha2::Sha256::new();
    h.update(format!("{owner} {now} {nanos}").as_bytes());
    hubgen_engine::output::hex(&h.finalize()[..12])
}

/// Takes the target's lock, or says who holds it. `now` is Unix seconds; a lock older than
/// `stale_secs` is taken over. The lock is read first, created only if absent (`If-None-Match`),
/// then read back: a store that ignores the condition (some S3 emulators do) still cannot let a
/// second publish overwrite a lock it has seen, and the loser of a race that overwrote finds the
/// other's token.
pub(crate) fn acquire(
    remote: &dyn Remote,
    now: u64,
    stale_secs: u64,
    break_lock: bool,
) -> Result<Lock<'_>, Error> {
    let owner = owner();
    let me = Holder {
        token: token(&owner, now),
        owner,
        since: now,
    };
    let body = serde_json::to_vec_pretty(&me).unwrap_or_default();
    let fail = |f| remote_error(remote, &f);
    let read = || -> Result<Option<Option<Holder>>, Error> {
        Ok(remote
            .get(LOCK)
            .map_err(fail)?
            .map(|b| serde_json::from_slice::<Holder>(&b).ok()))
    };
    let mut requests = 1;
    if let Some(holder) = read()? {
        let age = holder.as_ref().map(|h| now.saturating_sub(h.since));
        if let (Some(h), Some(age)) = (&holder, age)
            && age < stale_secs
            && !break_lock
        {
            return Err(locked(remote, h, age, stale_secs));
        }
        let who = holder.as_ref().map_or_else(
            || "an unreadable lock".to_owned(),
            |h| format!("{} (taken {} min ago)", h.owner, age.unwrap_or(0) / 60),
        );
        eprintln!(
            "publish: taking over the {} lock {LOCK} of {who} in {}",
            if break_lock {
                "given up (--break-lock)"
            } else {
                "stale"
            },
            remote.describe()
        );
        requests += 1;
        remote.delete(LOCK).map_err(fail)?;
    }
    requests += 2;
    let bytes = body.len() as u64;
    let created = remote.create(LOCK, body, &headers()).map_err(fail)?;
    match read()? {
        Some(Some(h)) if created && h.token == me.token => Ok(Lock {
            remote,
            token: me.token,
            requests,
            bytes,
        }),
        Some(Some(h)) => Err(locked(remote, &h, now.saturating_sub(h.since), stale_secs)),
        _ => Err(Diagnostic::error(
            code::PUBLISH_LOCKED,
            format!(
                "the lock {LOCK} on {} changed while this publish took it; nothing was sent",
                remote.describe()
            ),
        )
        .with_hint("another publish is starting; wait for it to finish, then publish again")),
    }
}

fn locked(remote: &dyn Remote, h: &Holder, age: u64, stale_secs: u64) -> Error {
    Diagnostic::error(
        code::PUBLISH_LOCKED,
        format!(
            "another publish is running on {}: {} took its lock {} min ago; nothing was sent",
            remote.describe(),
            h.owner,
            age / 60
        ),
    )
    .with_hint(format!(
        "wait for it to finish; if its publish was killed, run again with --break-lock (a lock older than {} min is taken over by itself)",
        stale_secs / 60
    ))
}

impl Drop for Lock<'_> {
    fn drop(&mut self) {
        // Removed only while it is still ours: a publish that outlived the stale limit must not
        // remove the lock of the one that took over.
        let ours = self
            .remote
            .get(LOCK)
            .ok()
            .flatten()
            .and_then(|b| serde_json::from_slice::<Holder>(&b).ok())
            .is_some_and(|h| h.token == self.token);
        if ours && let Err(f) = self.remote.delete(LOCK) {
            eprintln!(
                "warning: cannot remove the lock {LOCK} from {}: {f}",
                self.remote.describe()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::publish::remote::{Failure, Object};
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// A store in memory. `ignores_condition`: `create` overwrites what is there (as some S3
    /// emulators do); `thief`: a lock another publish writes right after this one's create.
    #[derive(Default)]
    struct Memory {
        objects: Mutex<BTreeMap<String, Vec<u8>>>,
        ignores_condition: bool,
        thief: Option<Vec<u8>>,
        vanish: bool,
    }

    impl Remote for Memory {
        fn describe(&self) -> String {
            "memory".into()
        }
        fn list(&self) -> Result<Vec<Object>, Failure> {
            Ok(Vec::new())
        }
        fn get(&self, key: &str) -> Result<Option<Vec<u8>>, Failure> {
            Ok(self.objects.lock().unwrap().get(key).cloned())
        }
        fn put(&self, key: &str, bytes: Vec<u8>, _: &Headers) -> Result<(), Failure> {
            self.objects.lock().unwrap().insert(key.into(), bytes);
            Ok(())
        }
        fn delete(&self, key: &str) -> Result<(), Failure> {
            self.objects.lock().unwrap().remove(key);
            Ok(())
        }
        fn create(&self, key: &str, bytes: Vec<u8>, _: &Headers) -> Result<bool, Failure> {
            let mut o = self.objects.lock().unwrap();
            let free = !o.contains_key(key);
            if free || self.ignores_condition {
                o.insert(key.into(), bytes);
            }
            if let Some(t) = &self.thief {
                o.insert(key.into(), t.clone());
            }
            if self.vanish {
                o.remove(key);
            }
            Ok(free || self.ignores_condition)
        }
    }

    fn holder(owner: &str, since: u64, token: &str) -> Vec<u8> {
        serde_json::to_vec(&Holder {
            owner: owner.into(),
            since,
            token: token.into(),
        })
        .unwrap()
    }

    fn with_lock(bytes: Vec<u8>) -> Memory {
        let m = Memory::default();
        m.objects.lock().unwrap().insert(LOCK.into(), bytes);
        m
    }

    const NOW: u64 = 1_000_000;
    const STALE: u64 = 7200;

    fn held_by(m: &Memory) -> Option<Holder> {
        m.get(LOCK)
            .unwrap()
            .and_then(|b| serde_json::from_slice(&b).ok())
    }

    #[test]
    fn a_free_target_is_locked_counted_and_unlocked_on_drop() {
        let m = Memory::default();
        let lock = acquire(&m, NOW, STALE, false).expect("free");
        assert_eq!(lock.requests, 3, "read, create, read back");
        let h = held_by(&m).expect("a lock object");
        assert_eq!(h.since, NOW);
        assert!(
            h.owner.ends_with(&format!(":{}", std::process::id())),
            "{}",
            h.owner
        );
        assert_eq!(
            lock.bytes,
            serde_json::to_vec_pretty(&h).unwrap().len() as u64
        );
        drop(lock);
        assert!(m.get(LOCK).unwrap().is_none());
    }

    #[test]
    fn the_owner_names_the_host_from_its_file_then_the_environment() {
        let s = |v: &str| Some(v.to_owned());
        assert_eq!(owner_of(s("ci-7\n"), s("env"), 42), "ci-7:42");
        assert_eq!(owner_of(s("  \n"), s("env"), 42), "env:42", "an empty file");
        assert_eq!(owner_of(None, s("env"), 42), "env:42");
        assert_eq!(owner_of(None, None, 42), "unknown-host:42");
    }

    #[test]
    fn every_lock_gets_its_own_token() {
        // Two publishes by one owner in the same second still hold different tokens, so the
        // read back tells them apart.
        let a = token("ci-7:42", NOW);
        let b = token("ci-7:42", NOW);
        assert_ne!(a, b);
        assert_eq!(a.len(), 24);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit()), "{a}");
        let (m, n) = (Memory::default(), Memory::default());
        let (x, y) = (
            acquire(&m, NOW, STALE, false).expect("free"),
            acquire(&n, NOW, STALE, false).expect("free"),
        );
        assert_ne!(x.token, y.token);
        assert_eq!(held_by(&m).map(|h| h.token), Some(x.token.clone()));
    }

    #[test]
    fn a_live_lock_stops_the_publish_until_it_is_stale_exactly() {
        // One second short of stale: refused, and the other's lock is left as it was.
        let theirs = holder("ci-7:42", NOW - (STALE - 1), "t");
        let m = with_lock(theirs.clone());
        let e = acquire(&m, NOW, STALE, false).err().expect("refused");
        assert_eq!(e.code, code::PUBLISH_LOCKED);
        assert!(
            e.message.contains("ci-7:42 took its lock 119 min ago"),
            "{}",
            e.message
        );
        assert!(
            e.hint
                .as_deref()
                .unwrap_or("")
                .contains("older than 120 min")
        );
        assert_eq!(m.get(LOCK).unwrap(), Some(theirs));
        // Exactly at the limit: taken over (read, delete, create, read back).
        let m = with_lock(holder("ci-7:42", NOW - STALE, "t"));
        let lock = acquire(&m, NOW, STALE, false).expect("stale");
        assert_eq!(lock.requests, 4);
        assert_eq!(held_by(&m).map(|h| h.token), Some(lock.token.clone()));
        // `--break-lock` takes a live one, and an unreadable one is taken like a stale one.
        let m = with_lock(holder("ci-7:42", NOW, "t"));
        assert!(acquire(&m, NOW, STALE, true).is_ok());
        let m = with_lock(b"not json".to_vec());
        assert_eq!(
            acquire(&m, NOW, STALE, false).expect("unreadable").requests,
            4
        );
    }

    #[test]
    fn the_read_back_catches_a_store_that_let_two_publishes_in() {
        // The store ignores the condition and another publish's lock lands after ours.
        let m = Memory {
            ignores_condition: true,
            thief: Some(holder("other:9", NOW, "theirs")),
            ..Memory::default()
        };
        let e = acquire(&m, NOW, STALE, false).err().expect("lost the race");
        assert!(
            e.message.contains("other:9 took its lock 0 min ago"),
            "{}",
            e.message
        );
        assert_eq!(held_by(&m).map(|h| h.token).as_deref(), Some("theirs"));
        // The lock gone between create and read back: refused, nothing sent.
        let m = Memory {
            vanish: true,
            ..Memory::default()
        };
        let e = acquire(&m, NOW, STALE, false).err().expect("changed");
        assert!(
            e.message.contains("changed while this publish took it"),
            "{}",
            e.message
        );
    }

    #[test]
    fn a_lock_taken_over_is_not_removed_by_its_first_holder() {
        let m = Memory::default();
        let lock = acquire(&m, NOW, STALE, false).expect("free");
        let theirs = holder("later:1", NOW + STALE, "later");
        m.put(LOCK, theirs.clone(), &headers()).unwrap();
        drop(lock);
        assert_eq!(m.get(LOCK).unwrap(), Some(theirs));
    }
}
