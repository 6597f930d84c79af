//! YAML into typed structs, with the file, line and column of any error.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::diag::{Code, Diagnostic, Pos, code};

/// Parses `text` (the contents of `file`) as `T`. `line_offset` shifts reported lines, for YAML
/// embedded in another file (front matter).
pub fn parse<T: DeserializeOwned>(
    file: &Path,
    text: &str,
    line_offset: usize,
) -> Result<T, Diagnostic> {
    // Budgets stay at serde-saphyr's defaults, which stop alias bombs; duplicate keys are errors.
    serde_saphyr::from_str::<T>(text).map_err(|err| to_diagnostic(file, text, line_offset, &err))
}

fn to_diagnostic(
    file: &Path,
    text: &str,
    line_offset: usize,
    err: &serde_saphyr::Error,
) -> Diagnostic {
    let message = clean_message(&err.without_snippet().to_string());
    let hint = hint_for(&message);
    let mut d = Diagnostic::error(code_for(err), message).in_file(file);
    if let Some(loc) = err.location() {
        let line = usize::try_from(loc.line()).unwrap_or(0);
        let col = usize::try_from(loc.column()).unwrap_or(0);
        if line > 0 {
            let pos = Pos {
                line,
                col: col.max(1),
            };
            d = d.at_in(pos, text);
            d.pos = Some(Pos {
                line: line + line_offset,
                col: col.max(1),
            });
        }
    }
    if let Some(h) = hint {
        d = d.with_hint(h);
    }
    d
}

/// The kind of a parse error, from serde-saphyr's error variant.
fn code_for(err: &serde_saphyr::Error) -> Code {
    use serde_saphyr::Error as E;
    match err.without_snippet() {
        E::DuplicateMappingKey { .. } => code::YAML_DUPLICATE_KEY,
        E::SerdeUnknownField { .. } => code::YAML_UNKNOWN_KEY,
        E::SerdeMissingField { .. } => code::YAML_MISSING_KEY,
        E::InvalidScalar { .. }
        | E::NonFiniteFloat { .. }
        | E::InvalidBooleanStrict { .. }
        | E::NullIntoString { .. }
        | E::SerdeInvalidType { .. }
        | E::SerdeInvalidValue { .. }
        | E::SerdeInvalidLength { .. }
        | E::SerdeUnknownVariant { .. }
        // What a type's own `Deserialize` rejects (`serde::de::Error::custom`); the scanner's
        // syntax errors come as other variants.
        | E::Message { .. } => code::YAML_INVALID_VALUE,
        _ => code::YAML_SYNTAX,
    }
}

/// serde-saphyr appends " at line X column Y"; we report the position separately.
fn clean_message(raw: &str) -> String {
    let first = raw.lines().next().unwrap_or(raw).trim();
    let cut = first.find(" at line ").map_or(first, |i| &first[..i]);
    // The parser's advice to its own API user is not the writer's.
    let cut = cut
        .split_once(", set DuplicateKeyPolicy")
        .map_or(cut, |(m, _)| m);
    let cut = cut.trim_end_matches(':').trim();
    // The parser names Rust's types ("invalid u32"); the writer wants what to write.
    match cut {
        "invalid u8" | "invalid u16" | "invalid u32" | "invalid u64" | "invalid usize" => {
            "expected a whole number, zero or more, written in digits".to_owned()
        }
        "invalid i8" | "invalid i16" | "invalid i32" | "invalid i64" | "invalid isize" => {
            "expected a whole number, written in digits".to_owned()
        }
        "invalid f32" | "invalid f64" => "expected a number, written in digits".to_owned(),
        _ => cut.to_owned(),
    }
}

fn hint_for(message: &str) -> Option<String> {
    let m = message.to_ascii_lowercase();
    if m.contains("duplicate") {
        Some("each key may appear once in a mapping; remove or rename one of them".into())
    } else if m.contains("unknown field") {
        // "unknown field `titel`, expected one of `title`, `slug`" (quotes vary by version).
        let clean = |t: &str| {
            t.trim()
                .trim_matches(|c| c == '`' || c == '\'' || c == '"')
                .to_owned()
        };
        let field = message.split('`').nth(1).map(clean);
        let known: Vec<String> = message
            .split_once("expected one of")
            .or_else(|| message.split_once("expected"))
            .map(|(_, rest)| {
                rest.split(',')
                    .map(clean)
                    .filter(|k| !k.is_empty())
                    .collect()
            })
            .unwrap_or_default();
        match field
            .as_deref()
            .and_then(|f| crate::diag::did_you_mean(f, known.iter().map(String::as_str)))
        {
            Some(m) => Some(format!("did you mean `{m}`?")),
            None => Some("check the spelling; the allowed keys are listed above".into()),
        }
    } else if m.contains("missing field") {
        Some("add the field; it has no default".into())
    } else if m.contains("written in digits") {
        Some(
            "write the figure alone, without words or units (e.g. `80`, not `eighty` or `80 GB`)"
                .into(),
        )
    } else if m.contains("budget") {
        Some("the document expands too much (aliases?); simplify it".into())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code, reason = "only parsed")]
    struct Card {
        id: String,
        vram_gb: u32,
    }

    fn code_of(text: &str) -> (&'static str, Option<Pos>) {
        let d = parse::<Vec<Card>>(Path::new("data/cards.yaml"), text, 0).expect_err(text);
        (d.code.name, d.pos)
    }

    #[test]
    fn each_kind_of_yaml_error_has_its_code_and_position() {
        let cases = [
            (
                "- id: a\n  vram_gb: 80\n  vram_gb: 40\n",
                "yaml-duplicate-key",
                3,
            ),
            (
                "- id: a\n  vram_gb: 80\n  vramgb: 40\n",
                "yaml-unknown-key",
                3,
            ),
            ("- id: a\n", "yaml-missing-key", 1),
            ("- id: a\n  vram_gb: lots\n", "yaml-invalid-value", 2),
            ("- id: a\n  vram_gb: [80\n", "yaml-syntax", 2),
            ("- id: a\n   vram_gb: 80\n", "yaml-syntax", 2),
        ];
        for (text, code, line) in cases {
            let (got, pos) = code_of(text);
            assert_eq!(got, code, "{text}");
            assert_eq!(pos.map(|p| p.line), Some(line), "{text}");
        }
    }
}
