//! The engine as a site extension sees it: the only path the GPU-rental domain may name
//! (`tests/layering.rs` holds it to that). Everything here is re-exported from the engine's own
//! modules; an extension needs nothing else to read and validate its data, answer shortcodes,
//! add generated pages and exported files, and localise what it prints.
//!
//! - the seam itself: [`Load`], [`SiteFiles`], [`Provider`];
//! - shortcodes: [`Call`], [`Args`], [`Output`], [`Error`], [`GeneratedPage`];
//! - localisation: [`Tracked`], [`Arg`];
//! - table views: [`TableView`], [`Column`], [`Cell`], [`Action`], [`escape_html`];
//! - diagnostics: [`Diagnostic`], [`Code`], [`Pos`], [`code`], [`unknown_name_hint`];
//! - data helpers under the engine's policy: [`yaml`], [`is_date`], [`is_segment`], [`suggest`].

pub use crate::codes;
pub use crate::diag::{Code, Diagnostic, Pos, code, unknown_name_hint};
pub use crate::extension::{Load, Provider, SiteFiles};
pub use crate::i18n::{Arg, Tracked};
pub use crate::shortcode::{Args, Call, Error, GeneratedPage, Output};
pub use crate::slug::{is_segment, suggest};
pub use crate::source::is_date;
pub use crate::view::{Action, Cell, Column, Menu, MenuItem, TableView, escape_html};
pub use crate::yaml;

/// For the extension's own tests: a localiser and a Fluent bundle for a locale, and the
/// shortcode scanner.
pub use crate::{
    i18n::{Localizer, new_bundle},
    shortcode::{Value, scan},
};

/// The number of property-test cases: `PROPTEST_CASES` when it is a positive number, else
/// `default`. (`ProptestConfig::with_cases(n)` would overwrite what `Config::default()` read
/// from the variable, so every block takes its count from here.)
pub fn proptest_cases(default: u32) -> u32 {
    proptest_cases_from(std::env::var("PROPTEST_CASES").ok().as_deref(), default)
}

pub(crate) fn proptest_cases_from(var: Option<&str>, default: u32) -> u32 {
    var.and_then(|v| v.trim().parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(default)
}
