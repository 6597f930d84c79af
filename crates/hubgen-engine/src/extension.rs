//! The one seam between the generic engine and a site's data extension (GPU Rent Hub's domain
//! lives behind it). `main` hands the engine a [`Load`] function; the engine calls it in its load
//! stage with [`SiteFiles`], the extension reads and validates its own data through it, and the
//! engine then knows it only as a [`Provider`]: shortcodes, generated pages, exported files and
//! the strings it needs. No module of the engine names the domain.

use std::path::Path;

use crate::diag::{Diagnostic, code};
pub use crate::shortcode::Provider;

/// Loads a site's extension: `None` when the site has none (a plain folder of Markdown), else
/// the provider or every error found in its data.
pub type Load = fn(&SiteFiles<'_>) -> Option<Result<Box<dyn Provider>, Vec<Diagnostic>>>;

/// Read access to the site's files under the engine's policy (symlinks, UTF-8 with positions).
pub struct SiteFiles<'a> {
    root: &'a Path,
}

impl<'a> SiteFiles<'a> {
    pub fn new(root: &'a Path) -> Self {
        SiteFiles { root }
    }

    /// Whether `rel` (from the site root) is a folder.
    pub fn is_dir(&self, rel: &str) -> bool {
        self.root.join(rel).is_dir()
    }

    /// Whether `rel` (from the site root) exists.
    pub fn exists(&self, rel: &Path) -> bool {
        self.root.join(rel).exists()
    }

    /// The text of `rel` (from the site root); errors name `rel`.
    pub fn read_text(&self, rel: &Path) -> Result<String, Diagnostic> {
        let path = self.root.join(rel);
        if !path.exists() {
            return Err(Diagnostic::error(
                code::DATA_FILE_MISSING,
                format!("cannot read {}: there is no such file", rel.display()),
            )
            .in_file(rel));
        }
        crate::load::files::read_text(self.root, &path, rel)
    }
}
