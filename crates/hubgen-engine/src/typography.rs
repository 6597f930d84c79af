//! Typography of a locale's Markdown: whether smart punctuation is on, and the quotation marks
//! typed `"…"` and `'…'` become.
//!
//! The defaults are CLDR's `delimiters` (quotationStart/End, alternateQuotationStart/End) for the
//! languages below. No well-kept crate ships that data (ICU4X 2.x has no delimiters component), so
//! the few values are written here and a site sets any other language's in `hubgen.yaml`
//! (`quotes: "«»„“"` on the locale).

/// The quotation marks of a language: primary and nested (alternate).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quotes {
    pub open: char,
    pub close: char,
    pub open_nested: char,
    pub close_nested: char,
}

impl Quotes {
    /// English marks, “…” and ‘…’: what CommonMark's smart punctuation types.
    pub const ENGLISH: Quotes = Quotes::from_chars(['“', '”', '‘', '’']);

    const fn from_chars(c: [char; 4]) -> Quotes {
        Quotes {
            open: c[0],
            close: c[1],
            open_nested: c[2],
            close_nested: c[3],
        }
    }

    /// `"«»„“"`: the four marks in the order open, close, nested open, nested close.
    pub fn parse(text: &str) -> Result<Quotes, String> {
        let chars: Vec<char> = text.chars().collect();
        match <[char; 4]>::try_from(chars) {
            Ok(c) if c.iter().all(|c| !c.is_whitespace() && !c.is_control()) => {
                Ok(Quotes::from_chars(c))
            }
            _ => Err(format!(
                "`{text}` is not four quotation marks (open, close, nested open, nested close)"
            )),
        }
    }

    /// CLDR's marks for a locale code (`uk`, `pt-pt`), by the whole code, then its language;
    /// English ones for a language not listed.
    pub fn for_locale(code: &str) -> Quotes {
        let language = code.split('-').next().unwrap_or(code);
        CLDR.iter()
            .find(|(c, _)| *c == code)
            .or_else(|| CLDR.iter().find(|(c, _)| *c == language))
            .map_or(Quotes::ENGLISH, |(_, q)| Quotes::from_chars(*q))
    }
}

/// CLDR 48 `delimiters` of common languages.
const CLDR: &[(&str, [char; 4])] = &[
    ("be", ['«', '»', '„', '“']),
    ("cs", ['„', '“', '‚', '‘']),
    ("de", ['„', '“', '‚', '‘']),
    ("en", ['“', '”', '‘', '’']),
    ("es", ['«', '»', '“', '”']),
    ("fr", ['«', '»', '«', '»']),
    ("it", ['«', '»', '“', '”']),
    ("ja", ['「', '」', '『', '』']),
    ("nl", ['‘', '’', '“', '”']),
    ("pl", ['„', '”', '«', '»']),
    ("pt", ['“', '”', '‘', '’']),
    ("pt-pt", ['«', '»', '“', '”']),
    ("ru", ['«', '»', '„', '“']),
    ("uk", ['«', '»', '„', '“']),
    ("zh", ['“', '”', '‘', '’']),
    ("zh-hant", ['「', '」', '『', '』']),
];

/// How a locale's Markdown is typeset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Typography {
    /// Straight quotes, `--`, `---` and `...` become typographic ones.
    pub smart_punctuation: bool,
    pub quotes: Quotes,
}

impl Typography {
    /// Smart punctuation on, with the locale's quotation marks.
    pub fn for_locale(code: &str) -> Typography {
        Typography {
            smart_punctuation: true,
            quotes: Quotes::for_locale(code),
        }
    }

    /// No replacement: the text as typed, as the CommonMark specification renders it.
    #[cfg(test)]
    pub const PLAIN: Typography = Typography {
        smart_punctuation: false,
        quotes: Quotes::ENGLISH,
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_come_per_language_with_english_for_the_rest() {
        assert_eq!(Quotes::for_locale("uk").open, '«');
        assert_eq!(Quotes::for_locale("ru").close_nested, '“');
        assert_eq!(Quotes::for_locale("de").open, '„');
        assert_eq!(Quotes::for_locale("pt-br").open, '“');
        assert_eq!(Quotes::for_locale("pt-pt").open, '«');
        assert_eq!(Quotes::for_locale("zh-hans").open, '“');
        assert_eq!(Quotes::for_locale("xx"), Quotes::ENGLISH);
    }

    #[test]
    fn quotes_parse_four_marks_or_say_why_not() {
        assert_eq!(
            Quotes::parse("«»„“"),
            Ok(Quotes::from_chars(['«', '»', '„', '“']))
        );
        for bad in ["", "«»", "«»„“x", "« »„"] {
            assert!(Quotes::parse(bad).is_err(), "{bad}");
        }
    }
}
