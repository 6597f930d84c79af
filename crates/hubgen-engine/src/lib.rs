//! hubgen's engine: load (config, content, strings, templates), render (Markdown, shortcodes,
//! Tera, in parallel), write (minified, atomically), with diagnostics that name file and line. It
//! knows nothing of GPUs: a site's data extension reaches it through [`ext`] alone.
#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error; builds fail rarely and once"
)]

pub mod config;
pub mod coverage;
pub mod diag;
pub mod embedded;
pub mod ext;
pub mod extension;
#[cfg(test)]
mod fuzz;
pub mod headers;
pub mod i18n;
pub mod load;
pub mod markdown;
pub mod minify;
pub mod output;
pub mod pipeline;
pub mod render;
pub mod shortcode;
pub mod sink;
pub mod slug;
pub mod source;
pub mod typography;
pub mod view;
pub mod yaml;
