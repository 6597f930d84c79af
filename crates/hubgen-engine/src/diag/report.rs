//! Every way a diagnostic is shown: the human form (`Display`: message, location, the lines
//! around it with a caret, the hint), JSON and GitHub annotations for CI, and the HTML overlay
//! `serve` puts over the last good page.

use std::fmt;

use super::{Diagnostic, Severity};
use crate::view::escape_html as esc;

impl fmt::Display for Diagnostic {
    /// Human form: `error[code]: message`, ` --> file:line:col`, the line with a caret, and the hint.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        writeln!(f, "{sev}[{}]: {}", self.code.name, self.message)?;
        let loc = self.location();
        if !loc.is_empty() {
            writeln!(f, "  --> {loc}")?;
        }
        if let Some(pos) = self.pos.filter(|_| !self.context.is_empty()) {
            let width = self
                .context
                .iter()
                .map(|(n, _)| n.to_string().len())
                .max()
                .unwrap_or(1);
            let pad = " ".repeat(width);
            writeln!(f, "{pad} |")?;
            for (n, line) in &self.context {
                writeln!(f, "{n:>width$} | {line}")?;
                if *n == pos.line {
                    let caret_at: String = line
                        .chars()
                        .take(pos.col.saturating_sub(1))
                        .map(|c| if c == '\t' { '\t' } else { ' ' })
                        .collect();
                    writeln!(f, "{pad} | {caret_at}^")?;
                }
            }
        }
        if let Some(hint) = &self.hint {
            writeln!(f, "  = hint: {hint}")?;
        }
        Ok(())
    }
}

/// JSON: counts and every diagnostic with its location.
pub fn to_json(diags: &[Diagnostic]) -> serde_json::Value {
    let items: Vec<serde_json::Value> = diags
        .iter()
        .map(|d| {
            serde_json::json!({
                "severity": if d.is_error() { "error" } else { "warning" },
                "code": d.code.name,
                "file": d.file.as_ref().map(|f| f.display().to_string()),
                "line": d.pos.map(|p| p.line),
                "column": d.pos.map(|p| p.col),
                "message": d.message,
                "hint": d.hint,
                "source_line": d.snippet(),
            })
        })
        .collect();
    serde_json::json!({
        "errors": diags.iter().filter(|d| d.severity == Severity::Error).count(),
        "warnings": diags.iter().filter(|d| d.severity == Severity::Warning).count(),
        "diagnostics": items,
    })
}

/// GitHub Actions workflow commands: one annotation per diagnostic, on its file and line.
pub fn to_github(diags: &[Diagnostic]) -> String {
    let esc_data = |s: &str| {
        s.replace('%', "%25")
            .replace('\r', "%0D")
            .replace('\n', "%0A")
    };
    let esc_prop = |s: &str| esc_data(s).replace(':', "%3A").replace(',', "%2C");
    let mut out = String::new();
    for d in diags {
        let kind = if d.is_error() { "error" } else { "warning" };
        let mut props = Vec::new();
        if let Some(f) = &d.file {
            props.push(format!("file={}", esc_prop(&f.display().to_string())));
        }
        if let Some(p) = d.pos {
            props.push(format!("line={}", p.line));
            props.push(format!("col={}", p.col));
        }
        props.push(format!("title=hubgen {}", d.code.name));
        let mut message = d.message.clone();
        if let Some(h) = &d.hint {
            message.push_str("\nhint: ");
            message.push_str(h);
        }
        out.push_str(&format!(
            "::{kind} {}::{}\n",
            props.join(","),
            esc_data(&message)
        ));
    }
    out
}

/// The overlay for a failed build: every diagnostic with its location and source lines.
pub fn overlay(diags: &[Diagnostic]) -> String {
    let errors = diags.iter().filter(|d| d.is_error()).count();
    let mut items = String::new();
    for d in diags {
        items.push_str("<pre>");
        items.push_str(&esc(&d.to_string()));
        items.push_str("</pre>");
    }
    format!(
        "<div id=\"hubgen-error-overlay\" role=\"alert\" style=\"position:fixed;inset:0;z-index:2147483647;\
         overflow:auto;background:rgba(20,22,26,.96);color:#f3f4f6;padding:1.5rem;font:14px/1.45 \
         ui-monospace,SFMono-Regular,Menlo,Consolas,monospace\"><h2 style=\"color:#ff8a80;margin:0 0 1rem;\
         font:600 18px/1.3 system-ui,sans-serif\">hubgen: the last change broke the build \
         ({errors} error(s)); the page below is from the last good build</h2>{items}</div>"
    )
}
