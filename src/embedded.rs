//! The built-in default theme and UI strings, compiled into the binary from the repo's own
//! `themes/default/` and `i18n/`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Built-in files under `prefix` (e.g. `themes/default/templates/`), as (path below prefix, bytes).
pub fn under(prefix: &str) -> impl Iterator<Item = (&'static str, &'static [u8])> + '_ {
    FILES
        .iter()
        .filter_map(move |(p, b)| p.strip_prefix(prefix).map(|rest| (rest, *b)))
}
