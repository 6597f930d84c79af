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

pub(crate) use crate::diag::{Code, Diagnostic, Pos, code, unknown_name_hint};
pub(crate) use crate::extension::{Load, Provider, SiteFiles};
pub(crate) use crate::i18n::{Arg, Tracked};
pub(crate) use crate::shortcode::{Args, Call, Error, GeneratedPage, Output};
pub(crate) use crate::slug::{is_segment, suggest};
pub(crate) use crate::source::is_date;
pub(crate) use crate::view::{Action, Cell, Column, TableView, escape_html};
pub(crate) use crate::yaml;

/// For the extension's own tests: a localiser and a Fluent bundle for a locale, the shortcode
/// scanner, and proptest's case count.
#[cfg(test)]
pub(crate) use crate::{
    fuzz::config as fuzz_config,
    i18n::{Localizer, new_bundle},
    shortcode::{Value, scan},
};
