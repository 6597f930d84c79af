//! Localisation: Fluent bundles per locale with fallback chains, and ICU4X number formatting.

use std::collections::HashMap;
use std::sync::Arc;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use icu_decimal::DecimalFormatter;
use icu_decimal::input::Decimal as IcuDecimal;
use intl_memoizer::Memoizable;
use rust_decimal::Decimal;
use unic_langid::LanguageIdentifier;

pub type Bundle = FluentBundle<Arc<FluentResource>>;

/// One locale's strings and formatters; looks a key up along the locale's fallback chain.
pub struct Localizer {
    pub code: String,
    /// The locale's own bundle first, then the bundles of its fallback chain.
    chain: Vec<Arc<Bundle>>,
    decimal: DecimalFormatter,
}

/// A message that no bundle in the chain has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub key: String,
    pub locale: String,
    /// Set when the message exists but could not be formatted (an argument nobody passes, a
    /// reference to a message that does not exist): what Fluent said.
    pub problem: Option<String>,
}

impl Missing {
    /// Its kind: a string no locale of the chain has, or one that cannot be formatted.
    pub fn code(&self) -> crate::diag::Code {
        match self.problem {
            Some(_) => crate::diag::code::STRINGS_FORMAT,
            None => crate::diag::code::STRINGS_MISSING,
        }
    }

    /// What to do about it.
    pub fn hint(&self) -> String {
        match &self.problem {
            Some(_) => format!(
                "check the variables and message references of `{}` in i18n/{}/",
                self.key, self.locale
            ),
            None => format!(
                "add `{} = …` to a .ftl file under i18n/{}/",
                self.key, self.locale
            ),
        }
    }
}

impl std::fmt::Display for Missing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.problem {
            Some(p) => write!(
                f,
                "the string `{}` of locale `{}` cannot be formatted: {p}",
                self.key, self.locale
            ),
            None => write!(
                f,
                "no translation `{}` for locale `{}` or its fallbacks",
                self.key, self.locale
            ),
        }
    }
}

/// An argument to a message.
#[derive(Debug, Clone)]
pub enum Arg {
    Str(String),
    Num(f64),
}

impl Localizer {
    pub fn new(code: &str, chain: Vec<Arc<Bundle>>) -> Result<Self, String> {
        Ok(Localizer {
            code: code.to_owned(),
            chain,
            decimal: decimal_formatter(code)?,
        })
    }

    pub fn has(&self, key: &str) -> bool {
        self.chain.iter().any(|b| b.has_message(key))
    }

    /// Formats message `key` with `args`, from the first bundle in the chain that has it.
    pub fn t(&self, key: &str, args: &[(&str, Arg)]) -> Result<String, Missing> {
        let (id, attr) = key
            .split_once('.')
            .map_or((key, None), |(m, a)| (m, Some(a)));
        for bundle in &self.chain {
            let Some(msg) = bundle.get_message(id) else {
                continue;
            };
            let pattern = match attr {
                Some(a) => msg.get_attribute(a).map(|a| a.value()),
                None => msg.value(),
            };
            let Some(pattern) = pattern else { continue };
            let mut fargs = FluentArgs::new();
            for (name, v) in args {
                match v {
                    Arg::Str(s) => fargs.set(*name, FluentValue::from(s.as_str())),
                    Arg::Num(n) => fargs.set(*name, FluentValue::from(*n)),
                }
            }
            let mut errors = Vec::new();
            let out = bundle.format_pattern(pattern, Some(&fargs), &mut errors);
            if let Some(e) = errors.first() {
                // A message that references an argument nobody passes would render `{$x}`.
                return Err(Missing {
                    key: key.to_owned(),
                    locale: self.code.clone(),
                    problem: Some(e.to_string()),
                });
            }
            return Ok(out.into_owned());
        }
        Err(Missing {
            key: key.to_owned(),
            locale: self.code.clone(),
            problem: None,
        })
    }

    /// A number with exactly `frac` fraction digits (rounded half away from zero), grouped per locale.
    pub fn number(&self, value: Decimal, frac: u32) -> String {
        let rounded = value
            .round_dp_with_strategy(frac, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
        let mut d: IcuDecimal = match rounded.to_string().parse() {
            Ok(d) => d,
            Err(_) => return rounded.to_string(),
        };
        let frac = i16::try_from(frac).unwrap_or(0);
        d.pad_end(-frac);
        self.decimal.format_to_string(&d)
    }

    /// A whole number, grouped per locale.
    pub fn int(&self, value: i64) -> String {
        self.decimal.format_to_string(&IcuDecimal::from(value))
    }

    /// Money in US dollars through the locale's `fmt-usd` pattern.
    pub fn usd(&self, value: Decimal, frac: u32) -> String {
        let amount = self.number(value, frac);
        self.t("fmt-usd", &[("amount", Arg::Str(amount.clone()))])
            .unwrap_or_else(|_| format!("${amount}"))
    }

    /// A share as a percentage, whole percent.
    pub fn percent(&self, share: Decimal) -> String {
        self.percent_frac(share, 0)
    }

    /// A share as a percentage with `frac` fraction digits.
    pub fn percent_frac(&self, share: Decimal, frac: u32) -> String {
        let value = self.number(share * Decimal::ONE_HUNDRED, frac);
        self.t("fmt-percent", &[("value", Arg::Str(value.clone()))])
            .unwrap_or_else(|_| format!("{value}%"))
    }

    /// A range such as `480–680` with the locale's range pattern.
    pub fn range(&self, low: String, high: String) -> String {
        self.t(
            "fmt-range",
            &[
                ("low", Arg::Str(low.clone())),
                ("high", Arg::Str(high.clone())),
            ],
        )
        .unwrap_or_else(|_| format!("{low}–{high}"))
    }

    /// A money range through the locale's `fmt-usd-range`, which writes the unit twice
    /// (`$2.49–$3.49`) or once (`2,49–3,49 $`).
    pub fn usd_range(&self, low: Decimal, high: Decimal, frac: u32) -> String {
        let (low, high) = (self.number(low, frac), self.number(high, frac));
        self.unit_range("fmt-usd-range", low, high)
    }

    /// A range of shares in whole percent through `fmt-percent-range` (`25%–50%`, `25–50 %`).
    pub fn percent_range(&self, low: Decimal, high: Decimal) -> String {
        let pct = |v: Decimal| self.number(v * Decimal::ONE_HUNDRED, 0);
        self.unit_range("fmt-percent-range", pct(low), pct(high))
    }

    fn unit_range(&self, key: &str, low: String, high: String) -> String {
        self.t(
            key,
            &[
                ("low", Arg::Str(low.clone())),
                ("high", Arg::Str(high.clone())),
            ],
        )
        .unwrap_or_else(|_| format!("{low}–{high}"))
    }

    /// A list joined the locale's way (`a, b, c`).
    pub fn list(&self, items: &[String]) -> String {
        let sep = self
            .t("fmt-list-separator", &[])
            .unwrap_or_else(|_| ", ".into());
        items.join(&sep)
    }
}

/// A localizer that remembers which keys it could not find, so the caller can report them where
/// they were asked for (a shortcode's line) instead of printing `[key]` silently.
pub struct Tracked<'a> {
    pub loc: &'a Localizer,
    misses: std::cell::RefCell<Vec<Missing>>,
}

impl<'a> Tracked<'a> {
    pub fn new(loc: &'a Localizer) -> Self {
        Tracked {
            loc,
            misses: std::cell::RefCell::new(Vec::new()),
        }
    }

    pub fn t(&self, key: &str, args: &[(&str, Arg)]) -> Result<String, Missing> {
        let r = self.loc.t(key, args);
        if let Err(m) = &r {
            self.misses.borrow_mut().push(m.clone());
        }
        r
    }

    pub fn s(&self, key: &str) -> String {
        self.t(key, &[]).unwrap_or_else(|_| format!("[{key}]"))
    }

    /// Records `key` as missing when no bundle of the chain has it.
    fn need(&self, key: &str) {
        if !self.loc.has(key) {
            self.misses.borrow_mut().push(Missing {
                key: key.to_owned(),
                locale: self.loc.code.clone(),
                problem: None,
            });
        }
    }

    /// Money through `fmt-usd`, recording the pattern when the locale lacks it (the English
    /// fallback would print `$1,234` in a locale that writes `1 234 $`).
    pub fn usd(&self, value: Decimal, frac: u32) -> String {
        self.need("fmt-usd");
        self.loc.usd(value, frac)
    }

    /// A percentage through `fmt-percent`, recording the pattern when missing.
    pub fn percent(&self, share: Decimal) -> String {
        self.need("fmt-percent");
        self.loc.percent(share)
    }

    /// A percentage with `frac` digits through `fmt-percent`, recording the pattern when missing.
    pub fn percent_frac(&self, share: Decimal, frac: u32) -> String {
        self.need("fmt-percent");
        self.loc.percent_frac(share, frac)
    }

    /// A range through `fmt-range`, recording the pattern when missing.
    pub fn range(&self, low: String, high: String) -> String {
        self.need("fmt-range");
        self.loc.range(low, high)
    }

    /// A money range (see `Localizer::usd_range`), recording its pattern when missing.
    pub fn usd_range(&self, low: Decimal, high: Decimal, frac: u32) -> String {
        self.need("fmt-usd-range");
        self.loc.usd_range(low, high, frac)
    }

    /// A range of percentages (see `Localizer::percent_range`).
    pub fn percent_range(&self, low: Decimal, high: Decimal) -> String {
        self.need("fmt-percent-range");
        self.loc.percent_range(low, high)
    }

    /// Two sentences one after the other, the locale's way (`fmt-sentences`: a space, or none
    /// after a full-width full stop).
    pub fn sentences(&self, first: &str, second: &str) -> String {
        // A first part that is not a sentence yet (a spec list) gets the locale's full stop.
        let ended = first
            .trim_end()
            .ends_with(['.', '!', '?', '…', ':', '。', '！', '？', '：']);
        let first = if ended || first.trim().is_empty() {
            first.to_owned()
        } else {
            format!("{}{}", first.trim_end(), self.s("fmt-sentence-end"))
        };
        let first = first.as_str();
        self.t(
            "fmt-sentences",
            &[
                ("first", Arg::Str(first.to_owned())),
                ("second", Arg::Str(second.to_owned())),
            ],
        )
        .unwrap_or_else(|_| format!("{first} {second}"))
    }

    /// A list through `fmt-list-separator`, recording the separator when missing.
    pub fn list(&self, items: &[String]) -> String {
        self.need("fmt-list-separator");
        self.loc.list(items)
    }

    /// The strings asked for and not found or not formattable, each once, in order.
    pub fn into_misses(self) -> Vec<Missing> {
        let mut m = self.misses.into_inner();
        let mut seen = std::collections::HashSet::new();
        m.retain(|k| seen.insert(k.key.clone()));
        m
    }
}

impl std::ops::Deref for Tracked<'_> {
    type Target = Localizer;
    fn deref(&self) -> &Localizer {
        self.loc
    }
}

/// An ICU4X decimal formatter for a locale code.
pub fn decimal_formatter(code: &str) -> Result<DecimalFormatter, String> {
    let locale: icu_locale_core::Locale = code
        .parse()
        .map_err(|e| format!("`{code}` is not a locale ICU4X knows: {e:?}"))?;
    DecimalFormatter::try_new((&locale).into(), Default::default())
        .map_err(|e| format!("no number format for `{code}`: {e}"))
}

/// A concurrent bundle whose NUMBER() and numeric arguments are formatted by ICU4X, with no
/// bidi isolation marks (all our locales are left-to-right).
pub fn new_bundle(code: &str) -> Result<Bundle, String> {
    let langid: LanguageIdentifier = code
        .parse()
        .map_err(|e| format!("`{code}` is not a language identifier: {e}"))?;
    let mut bundle = FluentBundle::new_concurrent(vec![langid]);
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(format_number));
    bundle
        .add_builtins()
        .map_err(|e| format!("cannot add Fluent builtins: {e:?}"))?;
    Ok(bundle)
}

/// The ICU formatter, memoized per bundle locale.
struct IcuNumbers(DecimalFormatter);

impl Memoizable for IcuNumbers {
    type Args = ();
    type Error = String;
    fn construct(lang: LanguageIdentifier, _args: ()) -> Result<Self, String> {
        decimal_formatter(&lang.to_string()).map(IcuNumbers)
    }
}

fn format_number(
    value: &FluentValue,
    memo: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(FluentNumber { value, options }) = value else {
        return None;
    };
    let mut d = IcuDecimal::try_from_f64(*value, fixed_decimal::FloatPrecision::RoundTrip).ok()?;
    if let Some(max) = options.maximum_fraction_digits {
        d.round(-i16::try_from(max).ok()?);
    }
    if let Some(min) = options.minimum_fraction_digits {
        d.pad_end(-i16::try_from(min).ok()?);
    }
    memo.with_try_get::<IcuNumbers, _, _>((), |f| f.0.format_to_string(&d))
        .ok()
}

/// All locales' localizers, by code.
pub struct I18n {
    pub by_code: HashMap<String, Localizer>,
}

impl I18n {
    pub fn get(&self, code: &str) -> Option<&Localizer> {
        self.by_code.get(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn localizer(code: &str, ftl: &str) -> Localizer {
        let mut b = new_bundle(code).unwrap();
        b.add_resource(Arc::new(FluentResource::try_new(ftl.to_owned()).unwrap()))
            .unwrap();
        Localizer::new(code, vec![Arc::new(b)]).unwrap()
    }

    #[test]
    fn tracked_formatting_records_missing_patterns_and_unformattable_strings() {
        let uk = localizer("uk", "fmt-usd = { $amount } $\nbad = Hi { $who }\n");
        let l = Tracked::new(&uk);
        assert_eq!(l.usd(Decimal::from(1690), 0), "1\u{a0}690 $");
        let _ = l.range("1".into(), "2".into());
        let _ = l.percent(Decimal::ONE);
        assert!(
            l.t("bad", &[]).is_err(),
            "a variable nobody passes is an error"
        );
        let misses: Vec<(String, bool)> = l
            .into_misses()
            .into_iter()
            .map(|m| (m.key, m.problem.is_some()))
            .collect();
        assert_eq!(
            misses,
            [
                ("fmt-range".to_owned(), false),
                ("fmt-percent".to_owned(), false),
                ("bad".to_owned(), true)
            ]
        );
    }

    #[test]
    fn numbers_are_grouped_per_locale() {
        let d: Decimal = "1288.5".parse().unwrap();
        assert_eq!(localizer("en", "").number(d, 1), "1,288.5");
        assert_eq!(localizer("uk", "").number(d, 1), "1\u{a0}288,5");
        assert_eq!(localizer("ru", "").number(d, 1), "1\u{a0}288,5");
        assert_eq!(localizer("zh", "").number(d, 1), "1,288.5");
        assert_eq!(
            localizer("en", "").number("0.4".parse().unwrap(), 2),
            "0.40"
        );
    }

    #[test]
    fn plurals_and_numbers_inside_messages_use_icu() {
        let ftl =
            "cards = { $n ->\n [one] { $n } карта\n [few] { $n } карти\n *[many] { $n } карт\n}\n";
        let l = localizer("uk", ftl);
        let n = |v: f64| l.t("cards", &[("n", Arg::Num(v))]).unwrap();
        assert_eq!(n(1.0), "1 карта");
        assert_eq!(n(2.0), "2 карти");
        assert_eq!(n(5.0), "5 карт");
        assert_eq!(n(21.0), "21 карта");
        assert_eq!(n(1288.0), "1\u{a0}288 карт");
    }

    /// The site's own strings of one locale.
    fn site_strings(code: &str) -> Localizer {
        let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("i18n")
            .join(code)
            .join("main.ftl");
        localizer(code, &std::fs::read_to_string(path).unwrap())
    }

    #[test]
    fn the_sites_plurals_pick_the_cldr_form_for_1_2_5_21_in_each_locale() {
        let weeks = |l: &Localizer, n: f64| l.t("term-weeks", &[("count", Arg::Num(n))]).unwrap();
        let cases: [(&str, [&str; 5]); 4] = [
            (
                "en",
                [
                    "one week",
                    "two weeks",
                    "5 weeks",
                    "21 weeks",
                    "1,288 weeks",
                ],
            ),
            (
                "uk",
                [
                    "тиждень",
                    "два тижні",
                    "5 тижнів",
                    "21 тиждень",
                    "1\u{a0}288 тижнів",
                ],
            ),
            (
                "ru",
                [
                    "неделя",
                    "2\u{a0}недели",
                    "5\u{a0}недель",
                    "21\u{a0}неделя",
                    "1\u{a0}288\u{a0}недель",
                ],
            ),
            ("zh", ["1 周", "2 周", "5 周", "21 周", "1,288 周"]),
        ];
        for (code, expected) in cases {
            let l = site_strings(code);
            let got: Vec<String> = [1.0, 2.0, 5.0, 21.0, 1288.0]
                .into_iter()
                .map(|n| weeks(&l, n))
                .collect();
            assert_eq!(got, expected, "{code}");
        }
    }

    #[test]
    fn the_sites_money_and_percent_patterns_per_locale() {
        let d: Decimal = "1288.5".parse().unwrap();
        let share: Decimal = "0.59".parse().unwrap();
        let (low, high): (Decimal, Decimal) = ("2.49".parse().unwrap(), "3.49".parse().unwrap());
        // Ranges: en writes the dollar sign on both ends and the percent sign once; zh the
        // currency once before and the percent sign on both ends, with a full-width tilde; uk and
        // ru each unit once, after the range.
        let expect = [
            ("en", "$1,288.50", "59%", "$2.49–$3.49", "59–100%"),
            (
                "uk",
                "1\u{a0}288,50\u{a0}$",
                "59\u{a0}%",
                "2,49–3,49\u{a0}$",
                "59–100\u{a0}%",
            ),
            (
                "ru",
                "1\u{a0}288,50\u{a0}$",
                "59\u{a0}%",
                "2,49–3,49\u{a0}$",
                "59–100\u{a0}%",
            ),
            ("zh", "$1,288.50", "59%", "$2.49～$3.49", "59%～100%"),
        ];
        for (code, money, pct, money_range, pct_range) in expect {
            let l = site_strings(code);
            assert_eq!(l.usd(d, 2), money, "{code}");
            assert_eq!(l.percent(share), pct, "{code}");
            assert_eq!(l.usd_range(low, high, 2), money_range, "{code}");
            assert_eq!(l.percent_range(share, Decimal::ONE), pct_range, "{code}");
            // No bidi isolation marks anywhere.
            assert!(!l.usd(d, 2).contains(['\u{2068}', '\u{2069}']));
        }
    }

    #[test]
    fn missing_keys_fall_back_along_the_chain_then_fail() {
        let mut en = new_bundle("en").unwrap();
        en.add_resource(Arc::new(
            FluentResource::try_new("a = A\nb = B\n".into()).unwrap(),
        ))
        .unwrap();
        let mut uk = new_bundle("uk").unwrap();
        uk.add_resource(Arc::new(FluentResource::try_new("a = А\n".into()).unwrap()))
            .unwrap();
        let l = Localizer::new("uk", vec![Arc::new(uk), Arc::new(en)]).unwrap();
        assert_eq!(l.t("a", &[]).unwrap(), "А");
        assert_eq!(l.t("b", &[]).unwrap(), "B");
        assert!(l.t("c", &[]).is_err());
    }
}
