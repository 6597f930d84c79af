//! Source text with positions: byte offset → line:column, and front-matter splitting that keeps offsets.

use crate::diag::Pos;

/// Line:column of a byte offset in `text` (1-based; column counts characters).
pub fn pos_of(text: &str, offset: usize) -> Pos {
    let offset = offset.min(text.len());
    let before = &text[..floor_char_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    Pos { line, col }
}

fn floor_char_boundary(text: &str, mut i: usize) -> usize {
    while i > 0 && !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A Markdown file split into its YAML front matter and body, with the line offsets of each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split<'a> {
    /// The YAML between the `---` fences (empty when the file has none).
    pub front_matter: &'a str,
    /// Lines before the front matter's first line (1 when it follows the opening fence).
    pub front_matter_line: usize,
    pub body: &'a str,
    /// Byte offset of the body in the whole file.
    pub body_offset: usize,
}

/// Splits `---\nyaml\n---\nbody`. A file that does not start with `---` is all body.
/// Returns `Err(line)` when an opening fence has no closing one.
pub fn split_front_matter(text: &str) -> Result<Split<'_>, usize> {
    let text_no_bom = text.strip_prefix('\u{feff}').unwrap_or(text);
    let bom = text.len() - text_no_bom.len();
    let first_line_end = text_no_bom.find('\n').unwrap_or(text_no_bom.len());
    if text_no_bom[..first_line_end].trim_end() != "---" {
        return Ok(Split {
            front_matter: "",
            front_matter_line: 1,
            body: text,
            body_offset: 0,
        });
    }
    let fm_start = bom + first_line_end + 1;
    let mut at = fm_start;
    while at <= text.len() {
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
        let line = text[at..end].trim_end();
        if line == "---" || line == "..." {
            let body_offset = (end + 1).min(text.len());
            return Ok(Split {
                front_matter: &text[fm_start..at],
                front_matter_line: 1,
                body: &text[body_offset..],
                body_offset,
            });
        }
        if end == text.len() {
            break;
        }
        at = end + 1;
    }
    Err(1)
}

/// A real calendar date written `YYYY-MM-DD` (leap years included).
pub fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if !(b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit()))
    {
        return false;
    }
    let num = |r: std::ops::Range<usize>| s[r].parse::<u32>().unwrap_or(0);
    let (y, m, d) = (num(0..4), num(5..7), num(8..10));
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters_not_bytes() {
        let t = "ab\nпри{x";
        assert_eq!(pos_of(t, 0), Pos { line: 1, col: 1 });
        assert_eq!(pos_of(t, 3), Pos { line: 2, col: 1 });
        let brace = t.find('{').unwrap();
        assert_eq!(pos_of(t, brace), Pos { line: 2, col: 4 });
    }

    #[test]
    fn splits_front_matter_and_keeps_body_offset() {
        let t = "---\ntitle: x\n---\n# Hi\n";
        let s = split_front_matter(t).unwrap();
        assert_eq!(s.front_matter, "title: x\n");
        assert_eq!(s.body, "# Hi\n");
        assert_eq!(pos_of(t, s.body_offset).line, 4);
    }

    #[test]
    fn no_front_matter_is_all_body_and_unclosed_is_an_error() {
        assert_eq!(split_front_matter("# Hi").unwrap().body, "# Hi");
        assert!(split_front_matter("---\ntitle: x\n").is_err());
    }
}
