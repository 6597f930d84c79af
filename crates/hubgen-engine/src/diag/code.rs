//! Stable codes: one per kind of diagnostic. A code is shown as `error[yaml-unknown-key]`, given
//! as `code` in JSON and in GitHub annotations, and listed with its meaning in README (generated
//! from these lists). Codes are never renamed or reused; a retired kind keeps its name unused.

/// One kind of diagnostic: its stable name and a one-line meaning.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Code {
    pub name: &'static str,
    pub summary: &'static str,
}

/// Declares codes as constants, each with its doc line as its summary, and `ALL`, the list of them.
#[macro_export]
macro_rules! codes {
    ($( #[doc = $doc:literal] $name:ident = $id:literal; )*) => {
        $(
            #[doc = $doc]
            pub const $name: $crate::diag::Code = $crate::diag::Code {
                name: $id,
                summary: $doc,
            };
        )*
        /// Every code declared here, in order.
        pub const ALL: &[$crate::diag::Code] = &[$($name),*];
    };
}

codes! {
    /// The config file cannot be read.
    CONFIG_READ = "config-read";
    /// A value in `hubgen.yaml` is not valid (a locale code, the base URL, a fallback chain).
    CONFIG_INVALID = "config-invalid";
    /// An option given on the command line is not valid.
    CLI_INVALID = "cli-invalid";
    /// YAML that does not parse.
    YAML_SYNTAX = "yaml-syntax";
    /// A key that the schema does not know (often a typo).
    YAML_UNKNOWN_KEY = "yaml-unknown-key";
    /// A key that the schema requires is absent.
    YAML_MISSING_KEY = "yaml-missing-key";
    /// A key written twice in one mapping.
    YAML_DUPLICATE_KEY = "yaml-duplicate-key";
    /// A value of the wrong type or form for its key.
    YAML_INVALID_VALUE = "yaml-invalid-value";
    /// A source file that cannot be read.
    FILE_READ = "file-read";
    /// A source file that is not UTF-8.
    FILE_NOT_UTF8 = "file-not-utf8";
    /// A symlink that leaves the site, loops or leads nowhere.
    FILE_SYMLINK = "file-symlink";
    /// Something in a source folder that is neither a file nor a folder.
    FILE_SPECIAL = "file-special";
    /// A data file the site needs is absent.
    DATA_FILE_MISSING = "data-file-missing";
    /// A page without front matter.
    FRONT_MATTER_MISSING = "front-matter-missing";
    /// Front matter whose closing fence is missing.
    FRONT_MATTER_UNCLOSED = "front-matter-unclosed";
    /// A front-matter value that is not valid (a date, a slug).
    FRONT_MATTER_INVALID = "front-matter-invalid";
    /// A file or folder name that cannot be part of a URL.
    URL_SEGMENT = "url-segment";
    /// Two outputs that want one URL.
    URL_CLASH = "url-clash";
    /// A Fluent file that does not parse, or a message defined twice.
    FLUENT_SYNTAX = "fluent-syntax";
    /// A locale with no usable strings, or one the number formatter does not know.
    LOCALE_STRINGS = "locale-strings";
    /// Strings a locale lacks and none of its fallbacks has.
    STRINGS_MISSING = "strings-missing";
    /// Strings a locale lacks, shown from its fallback.
    STRINGS_FALLBACK = "strings-fallback";
    /// A plural selector without every category the locale's plural rules use.
    STRINGS_PLURAL = "strings-plural";
    /// A string that cannot be formatted: a variable nobody passes, a missing pattern.
    STRINGS_FORMAT = "strings-format";
    /// A template that does not parse or fails to render.
    TEMPLATE = "template";
    /// A shortcode that is not written as one.
    SHORTCODE_SYNTAX = "shortcode-syntax";
    /// A shortcode name that nothing provides.
    SHORTCODE_UNKNOWN = "shortcode-unknown";
    /// A shortcode argument that is missing, unknown or of the wrong type.
    SHORTCODE_ARGS = "shortcode-args";
    /// A block shortcode that does not stand alone on its line.
    SHORTCODE_PLACEMENT = "shortcode-placement";
    /// An internal link (`@/page.md`) to a page that does not exist.
    LINK_UNRESOLVED = "link-unresolved";
    /// A link in the built site to a page or file that is not there.
    LINK_BROKEN = "link-broken";
    /// A link to an anchor the target page does not have.
    ANCHOR_BROKEN = "anchor-broken";
    /// A page no other page links to.
    PAGE_ORPHAN = "page-orphan";
    /// No `base_url` is set, so absolute links point at the development address.
    BASE_URL_UNSET = "base-url-unset";
    /// The output could not be written; nothing was replaced.
    WRITE_FAILED = "write-failed";
    /// Leftovers of a build that did not finish were removed.
    WRITE_LEFTOVER = "write-leftover";
    /// The new site is in place but the old one could not be removed.
    WRITE_OLD_KEPT = "write-old-kept";
    /// `build --out` names a folder hubgen may not write into (nothing was written).
    OUTPUT_REFUSED = "output-refused";
    /// `publish --to` names no target hubgen can publish to.
    PUBLISH_TARGET = "publish-target";
    /// The folder to publish has no build manifest (not built, or not by hubgen).
    PUBLISH_NO_MANIFEST = "publish-no-manifest";
    /// The folder to publish does not match its build manifest.
    PUBLISH_MISMATCH = "publish-mismatch";
    /// The publish target holds files hubgen did not write, or is the site or a source folder.
    PUBLISH_FOREIGN = "publish-foreign";
    /// Another publish holds the target's lock.
    PUBLISH_LOCKED = "publish-locked";
    /// The object store refused the credentials.
    PUBLISH_CREDENTIALS = "publish-credentials";
    /// The bucket (or target folder) does not exist.
    PUBLISH_NO_BUCKET = "publish-no-bucket";
    /// The object store's endpoint cannot be reached.
    PUBLISH_UNREACHABLE = "publish-unreachable";
    /// A publish request failed after its retries; nothing was deleted.
    PUBLISH_FAILED = "publish-failed";
    /// More deletes than `--max-deletes`: none was made.
    PUBLISH_DELETES_REFUSED = "publish-deletes-refused";
}

/// The README table of codes: engine codes, then the extension's.
pub fn reference(extension: &[Code]) -> String {
    let mut out = String::from("| code | meaning |\n|---|---|\n");
    for c in ALL.iter().chain(extension) {
        out.push_str(&format!("| `{}` | {} |\n", c.name, c.summary.trim()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_kebab_case_and_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|c| c.name).collect();
        for n in &names {
            assert!(
                n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
                    && !n.starts_with('-'),
                "{n}"
            );
        }
        names.sort_unstable();
        let len = names.len();
        names.dedup();
        assert_eq!(names.len(), len, "a code is declared twice");
    }
}
