//! Diagnostics as data: what went wrong, where, and a hint. Rendering is in `report`.

pub mod code;
pub mod report;

pub use code::Code;

use std::path::{Path, PathBuf};

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Severity {
    Warning,
    Error,
}

/// A place in a file: 1-based line and column (in characters).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Pos {
    pub line: usize,
    pub col: usize,
}

/// One finding about the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// The kind, stable across versions.
    pub code: Code,
    /// The file, relative to the site root where possible.
    pub file: Option<PathBuf>,
    pub pos: Option<Pos>,
    pub message: String,
    pub hint: Option<String>,
    /// The source lines around the position (number, text): up to two before, the line itself and
    /// one after, for the caret display.
    pub context: Vec<(usize, String)>,
}

impl Diagnostic {
    pub fn error(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            file: None,
            pos: None,
            message: message.into(),
            hint: None,
            context: Vec::new(),
        }
    }

    pub fn warning(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    pub fn in_file(mut self, file: impl AsRef<Path>) -> Self {
        self.file = Some(file.as_ref().to_path_buf());
        self
    }

    pub fn at(mut self, pos: Pos) -> Self {
        self.pos = Some(pos);
        self
    }

    /// Sets the position and takes the matching source line from `text`.
    pub fn at_in(mut self, pos: Pos, text: &str) -> Self {
        let first = pos.line.saturating_sub(2).max(1);
        self.context = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l))
            .skip(first - 1)
            .take_while(|(n, _)| *n <= pos.line + 1)
            .map(|(n, l)| (n, l.to_owned()))
            .collect();
        self.pos = Some(pos);
        self
    }

    /// The source line the position points into.
    pub fn snippet(&self) -> Option<&str> {
        let line = self.pos?.line;
        self.context
            .iter()
            .find(|(n, _)| *n == line)
            .map(|(_, l)| l.as_str())
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }

    /// `file:line:col` as a CI log or an editor expects it.
    pub fn location(&self) -> String {
        match (&self.file, self.pos) {
            (Some(f), Some(p)) => format!("{}:{}:{}", f.display(), p.line, p.col),
            (Some(f), None) => f.display().to_string(),
            (None, _) => String::new(),
        }
    }
}

/// The diagnostics of one run, in a stable order.
#[derive(Debug, Default, Clone)]
pub struct Diagnostics(Vec<Diagnostic>);

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        self.0.push(d);
    }

    pub fn extend(&mut self, other: impl IntoIterator<Item = Diagnostic>) {
        self.0.extend(other);
    }

    pub fn has_errors(&self) -> bool {
        self.0.iter().any(Diagnostic::is_error)
    }

    /// Sorted by file and position so output does not depend on thread timing.
    pub fn into_sorted(mut self) -> Vec<Diagnostic> {
        self.0.sort_by(|a, b| {
            (&a.file, a.pos, &a.message, b.severity).cmp(&(&b.file, b.pos, &b.message, a.severity))
        });
        self.0.dedup();
        self.0
    }
}

impl IntoIterator for Diagnostics {
    type Item = Diagnostic;
    type IntoIter = std::vec::IntoIter<Diagnostic>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// Did-you-mean: the closest candidate by edit distance, if it is close enough.
pub fn did_you_mean<'a>(
    word: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::levenshtein(word, c), c))
        .filter(|(d, c)| *d <= (c.chars().count().max(3) / 3).max(1) + 1)
        .min()
        .map(|(_, c)| c)
}

/// A hint listing the known names, with a did-you-mean when one is close.
pub fn unknown_name_hint<'a>(
    word: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> String {
    let list: Vec<&str> = known.clone().into_iter().collect();
    match did_you_mean(word, known) {
        Some(m) => format!("did you mean `{m}`? known: {}", list.join(", ")),
        None => format!("known: {}", list.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names_only() {
        assert_eq!(did_you_mean("fti", ["fit", "cards"]), Some("fit"));
        assert_eq!(did_you_mean("carsd", ["fit", "cards"]), Some("cards"));
        assert_eq!(did_you_mean("zzzzzz", ["fit", "cards"]), None);
    }

    #[test]
    fn renders_location_caret_and_hint() {
        let d = Diagnostic::error(code::SHORTCODE_ARGS, "unknown table `fitt`")
            .in_file("content/en/a.md")
            .at_in(Pos { line: 2, col: 4 }, "first\nab {{ x }}\n")
            .with_hint("did you mean `fit`?");
        let s = d.to_string();
        assert!(
            s.starts_with(
                "error[shortcode-args]: unknown table `fitt`\n  --> content/en/a.md:2:4\n"
            ),
            "{s}"
        );
        assert!(s.contains("2 | ab {{ x }}\n  |    ^\n"), "{s}");
        assert!(s.ends_with("= hint: did you mean `fit`?\n"), "{s}");
        let json = report::to_json(std::slice::from_ref(&d));
        assert_eq!(json["diagnostics"][0]["code"], "shortcode-args");
        assert!(report::to_github(&[d]).contains(",title=hubgen shortcode-args::"));
    }
}
