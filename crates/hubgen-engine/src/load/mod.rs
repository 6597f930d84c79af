//! Load: read config, data, content, translations and templates from disk into typed values.

pub mod content;
pub mod files;
pub mod i18n;
pub mod templates;
