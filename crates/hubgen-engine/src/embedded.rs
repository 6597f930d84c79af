//! The built-in theme and UI strings, compiled into the binary from `builtin/theme/` and
//! `builtin/i18n/`: neutral ones (the site's title comes from `hubgen.yaml`), for a site with no
//! theme or strings of its own. This repository's site has its own, in `themes/` and `i18n/`.

include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Built-in files under `prefix` (e.g. `builtin/theme/templates/`), as (path below prefix, bytes).
pub fn under(prefix: &str) -> impl Iterator<Item = (&'static str, &'static [u8])> + '_ {
    FILES
        .iter()
        .filter_map(move |(p, b)| p.strip_prefix(prefix).map(|rest| (rest, *b)))
}
