//! Formatting helpers: numbers, money, memory and units in the page's locale, and the short
//! texts of a card or a link. A leaf: it knows no `Site`.

use rust_decimal::Decimal;
use rust_decimal::prelude::FromPrimitive;

use super::compute;
use super::memory::{Bytes, Memory};
use super::schema::Sharding;
use hubgen_engine::ext::{Arg, Tracked};
use hubgen_engine::ext::{Cell, Column};

/// A money range: cents below $10, whole dollars above (both ends alike).
pub(crate) fn usd_range(l: &Tracked<'_>, a: Decimal, b: Decimal) -> String {
    let frac = if a < Decimal::from(10) { 2 } else { 0 };
    l.usd_range(a, b, frac)
}

/// A range of hours to a tenth each (`15.6–30.3`), as the training table's costs are computed
/// from them; the fit table's picks print theirs the same way (168.3 h reads as past a week).
/// Hours to a tenth, as the training table prints them.
pub(crate) fn hours_tenth(l: &Tracked<'_>, h: f64) -> String {
    l.number(dec(compute::tenth(h)).round_dp(1), 1)
}

pub(crate) fn hours_tenths(l: &Tracked<'_>, a: f64, b: f64) -> String {
    l.range(hours_tenth(l, a), hours_tenth(l, b))
}

/// A discount, or a dash for none (a single card's row).
pub(super) fn discount(l: &Tracked<'_>, share: Decimal) -> String {
    if share.is_zero() {
        "—".into()
    } else {
        l.percent(share)
    }
}

pub(super) fn columns(l: &Tracked<'_>, keys: &[(&str, bool)]) -> Vec<Column> {
    keys.iter()
        .map(|(k, numeric)| Column {
            header: l.s(k),
            numeric: *numeric,
        })
        .collect()
}

pub(super) fn dec(v: f64) -> Decimal {
    Decimal::from_f64_retain(v).unwrap_or_default()
}

/// Whole dollars when the amount is whole, else cents.
pub(super) fn usd_whole(l: &Tracked<'_>, v: Decimal) -> String {
    if v.fract().is_zero() {
        l.usd(v, 0)
    } else {
        l.usd(v, 2)
    }
}

pub(super) fn per_week(l: &Tracked<'_>, v: Decimal) -> String {
    l.t("price-per-week", &[("price", Arg::Str(usd_whole(l, v)))])
        .unwrap_or_default()
}

pub(super) fn per_month(l: &Tracked<'_>, v: Decimal) -> String {
    l.t("price-per-month", &[("price", Arg::Str(usd_whole(l, v)))])
        .unwrap_or_default()
}

pub(super) fn gb(l: &Tracked<'_>, v: u64) -> String {
    l.t("unit-gb", &[("value", Arg::Str(l.int(v as i64)))])
        .unwrap_or_default()
}

/// A marketed memory size, which vendors give in binary units: `80 GiB`.
/// Whole megabytes (10⁶ B), already rounded the way the caller needs.
pub(super) fn mb(l: &Tracked<'_>, v: f64) -> String {
    l.t("unit-mb", &[("value", Arg::Str(l.int(v as i64)))])
        .unwrap_or_default()
}

/// The usable memory in binary gigabytes against the size the card is sold as, which vendors
/// give in GiB: `79.6 of 80 GiB rated`; with ECC on, which keeps part of it back, it says so.
pub(super) fn sold_as(l: &Tracked<'_>, usable: Bytes, rated: u64, ecc_on: bool) -> String {
    let gib = Decimal::from_f64(usable.gib())
        .unwrap_or_default()
        .round_dp(1);
    let key = if ecc_on {
        "vram-of-rated-ecc"
    } else {
        "vram-of-rated"
    };
    l.t(
        key,
        &[
            ("usable", Arg::Str(l.number(gib, 1))),
            ("rated", Arg::Str(l.int(rated as i64))),
        ],
    )
    .unwrap_or_default()
}

/// A rated size in binary gigabytes, labelled so: `48 GiB`.
pub(super) fn rated_gib(l: &Tracked<'_>, v: u64) -> String {
    l.t("unit-gib-rated", &[("value", Arg::Str(l.int(v as i64)))])
        .unwrap_or_default()
}

pub(super) fn gib(l: &Tracked<'_>, v: u64) -> String {
    l.t("unit-gib", &[("value", Arg::Str(l.int(v as i64)))])
        .unwrap_or_default()
}

/// Whole GB, rounded up (as published).
pub(super) fn gb_dec(l: &Tracked<'_>, v: Decimal, frac: u32) -> String {
    let frac = if v.round_dp(frac).fract().is_zero() {
        0
    } else {
        frac
    };
    l.t("unit-gb", &[("value", Arg::Str(l.number(v, frac)))])
        .unwrap_or_default()
}

pub(super) fn gb1(l: &Tracked<'_>, v: f64) -> String {
    gb_dec(l, dec(v), 1)
}

/// GB to exactly one decimal (`169.0 GB`): a multi-card job's per-card figure, always printed to
/// the tenth it is rounded up to, so that figures side by side read alike.
pub(super) fn gb_tenth(l: &Tracked<'_>, v: f64) -> String {
    l.t(
        "unit-gb",
        &[("value", Arg::Str(l.number(dec(v).round_dp(1), 1)))],
    )
    .unwrap_or_default()
}

/// `85.9 GB usable`: what a card (or a node) really offers, under its marketed size.
pub(super) fn usable_text(l: &Tracked<'_>, v: compute::Bytes) -> String {
    l.t("usable-gb", &[("value", Arg::Str(gb1(l, v.gb())))])
        .unwrap_or_default()
}

/// An offer's usable memory: one GPU's (`85.9 GB usable`), or a bundle's as its GPUs' count
/// times one GPU's (`8 × 85.5 GB usable`), so the printed figures multiply.
pub(super) fn per_gpu_usable(l: &Tracked<'_>, o: &compute::Offer) -> String {
    if o.count < 2 {
        return usable_text(l, o.usable);
    }
    let each = l
        .t(
            "fmt-links",
            &[
                ("links", Arg::Str(l.int(i64::from(o.count)))),
                ("each", Arg::Str(gb1(l, o.usable.gb()))),
            ],
        )
        .unwrap_or_default();
    l.t("usable-gb", &[("value", Arg::Str(each))])
        .unwrap_or_default()
}

/// GB with up to two decimals and no trailing zeros: 0.75 GB, 1.5 GB, 140 GB.
pub(super) fn gb_short(l: &Tracked<'_>, v: compute::Bytes) -> String {
    let d = dec(v.gb()).round_dp(2).normalize();
    gb_dec(l, d, d.scale())
}

/// Terabytes, or gigabytes below one TB.
pub(super) fn tb(l: &Tracked<'_>, v: Decimal) -> String {
    if v < Decimal::ONE {
        gb_dec(l, v * Decimal::from(1000), 0)
    } else {
        let frac = if v.fract().is_zero() { 0 } else { 1 };
        l.t("unit-tb", &[("value", Arg::Str(l.number(v, frac)))])
            .unwrap_or_default()
    }
}

/// The terms of a job's memory on each of its cards, one line each, then what each card holds
/// and (on several cards) what they hold together.
pub(super) fn memory_terms(l: &Tracked<'_>, m: &compute::Memory) -> Vec<String> {
    // Every term with two decimals, so the column of figures reads alike (14.00, 3.50).
    let value = |v: compute::Bytes| {
        let gb = l
            .t("unit-gb", &[("value", Arg::Str(l.number(dec(v.gb()), 2)))])
            .unwrap_or_default();
        ("value", Arg::Str(gb))
    };
    let line = |k: &str, args: &[(&str, Arg)]| l.t(k, args).unwrap_or_default();
    let mut out = vec![
        line("memory-weights", &[value(m.weights)]),
        line("memory-trainable", &[value(m.trainable)]),
        line("memory-activations", &[value(m.activations)]),
        line("memory-logits", &[value(m.logits)]),
    ];
    if m.buffers > compute::Bytes::ZERO {
        out.push(line("memory-buffers", &[value(m.buffers)]));
    }
    out.push(line("memory-reserve", &[value(m.reserve())]));
    if m.cards > 1 {
        out.push(line(
            match m.sharding {
                compute::Strategy::None => "memory-plan-none",
                compute::Strategy::Zero2 => "memory-plan-zero2",
                compute::Strategy::Zero3 => "memory-plan-zero3",
            },
            &[],
        ));
        out.push(line(
            "memory-per-card",
            &[value(m.per_card), ("cards", Arg::Num(f64::from(m.cards)))],
        ));
    }
    out.push(line("memory-total", &[value(m.total)]));
    out
}

/// `$2.83/GPU-h`: a term's price per GPU-hour, under the term's price.
pub(super) fn per_gpu_hour_text(l: &Tracked<'_>, v: Decimal) -> String {
    l.t("price-per-gpu-hour", &[("price", Arg::Str(l.usd(v, 2)))])
        .unwrap_or_default()
}

/// A per-GPU-hour rate with no cents where it has none (`$25/GPU-hr`, `$6.20/GPU-hr`), for a
/// threshold rounded to two figures.
pub(super) fn per_gpu_hour_whole(l: &Tracked<'_>, v: Decimal) -> String {
    l.t(
        "price-per-gpu-hour",
        &[("price", Arg::Str(usd_whole(l, v)))],
    )
    .unwrap_or_default()
}

/// A run of rentals as a buyer reads it: "one month + one week", "2 weeks".
pub(super) fn run_text(l: &Tracked<'_>, run: &compute::Run) -> String {
    let part = |key: &str, n: u32| {
        (n > 0).then(|| {
            l.t(key, &[("count", Arg::Num(f64::from(n)))])
                .unwrap_or_default()
        })
    };
    [
        part("term-months", run.months),
        part("term-weeks", run.weeks),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" + ")
}

/// Memory bandwidth as datasheets write it: TB/s from 2 TB/s up (HBM cards: 3.35 TB/s), GB/s below
/// (936 GB/s, 1,008 GB/s).
pub(super) fn memory_bandwidth(l: &Tracked<'_>, tbs: Decimal) -> String {
    if tbs >= Decimal::TWO {
        l.t(
            "unit-tbs",
            &[("value", Arg::Str(l.number(tbs, 2.min(tbs.scale()))))],
        )
    } else {
        l.t(
            "unit-gbs",
            &[("value", Arg::Str(l.number(tbs * Decimal::from(1000), 0)))],
        )
    }
    .unwrap_or_default()
}

/// The memory's kind (`GDDR6`), with its ECC state where the card has ECC, the locale's way:
/// on as rented, or off by default (its usable memory is read in that state).
pub(super) fn memory_kind(l: &Tracked<'_>, memory: &str, (ecc, on): (bool, bool)) -> String {
    let key = match (ecc, on) {
        (false, _) => return memory.to_owned(),
        (true, true) => "memory-ecc",
        (true, false) => "memory-ecc-off",
    };
    l.t(key, &[("memory", Arg::Str(memory.to_owned()))])
        .unwrap_or_else(|_| format!("{memory} ECC"))
}

pub(super) fn card_spec(c: &super::model::Card, l: &Tracked<'_>) -> String {
    let mut parts: Vec<String> = Vec::new();
    if let Some(m) = &c.memory {
        parts.push(memory_kind(l, m, (c.ecc, c.ecc_on)));
    }
    if let Some(sw) = &c.software {
        // The stack that supports the card, not a promise of what an image installs.
        parts.push(
            l.t("spec-stack-support", &[("stack", Arg::Str(sw.clone()))])
                .unwrap_or_else(|_| sw.clone()),
        );
    }
    if let Some(bw) = c.bandwidth_tbs {
        parts.push(memory_bandwidth(l, bw));
    }
    if c.fp8 {
        parts.push("FP8".into());
    } else if c.vendor == super::schema::Vendor::Nvidia
        && c.memory.as_deref().is_some_and(|m| m.starts_with("HBM"))
    {
        parts.push(l.s("spec-no-fp8"));
    }
    if let Some(w) = c.tdp_w {
        parts.push(
            l.t("unit-watt", &[("value", Arg::Str(l.int(i64::from(w))))])
                .unwrap_or_default(),
        );
    }
    l.list(&parts)
}

pub(super) fn link_text(ic: &super::model::Interconnect, l: &Tracked<'_>) -> String {
    let name = l.s(&format!("link-{}", ic.link));
    // The link and its bandwidth; what may be joined, and what we rent joined, is the
    // interconnect table's to say.
    match ic.sharding {
        Sharding::DataParallelOnly | Sharding::SingleCard => name,
        _ => l
            .t(
                "link-with-bandwidth",
                &[
                    ("link", Arg::Str(name)),
                    ("bandwidth", Arg::Str(bandwidth(ic, l))),
                ],
            )
            .unwrap_or_default(),
    }
}

pub(super) fn bandwidth(ic: &super::model::Interconnect, l: &Tracked<'_>) -> String {
    let parts: Vec<String> = ic
        .bandwidth
        .iter()
        .map(|b| {
            let value = if b.gbs >= Decimal::from(1000) {
                let tbs = b.gbs / Decimal::from(1000);
                l.t(
                    "unit-tbs",
                    &[(
                        "value",
                        Arg::Str(l.number(tbs, u32::from(!tbs.fract().is_zero()))),
                    )],
                )
            } else {
                l.t("unit-gbs", &[("value", Arg::Str(l.number(b.gbs, 0)))])
            }
            .unwrap_or_default();
            let value = if b.approx {
                l.t("fmt-approx", &[("value", Arg::Str(value.clone()))])
                    .unwrap_or(value)
            } else {
                value
            };
            // An equal split names its per-link rate in the locale's unit (MI300X: 7 × 128 GB/s).
            let split = b.links.map(|n| {
                l.t(
                    "fmt-links",
                    &[
                        ("links", Arg::Str(l.int(i64::from(n)))),
                        (
                            "each",
                            Arg::Str(
                                l.t(
                                    "unit-gbs",
                                    &[("value", Arg::Str(l.number(b.gbs / Decimal::from(n), 0)))],
                                )
                                .unwrap_or_default(),
                            ),
                        ),
                    ],
                )
                .unwrap_or_default()
            });
            match split.as_ref().or(b.label.as_ref()) {
                Some(label) => l
                    .t(
                        "fmt-value-label",
                        &[
                            ("value", Arg::Str(value.clone())),
                            ("label", Arg::Str(label.clone())),
                        ],
                    )
                    .unwrap_or_else(|_| format!("{value} ({label})")),
                None => value,
            }
        })
        .collect();
    parts.join(&l.s("fmt-alternatives-separator"))
}

pub(super) fn spec_row(
    l: &Tracked<'_>,
    key: &str,
    value: String,
    sub: Option<String>,
) -> Vec<Cell> {
    vec![Cell::header(l.s(key)), Cell::text(value).with_sub(sub)]
}

/// A large count (tokens) in millions with at most one decimal (`39M`, `19.5M`). The message
/// also gets the count in myriads (`$wan`, `$yi`, and `$scale` naming the one to use), for a
/// locale that groups so, as Chinese does (3,900 万, 1.3 亿).
pub(super) fn millions(l: &Tracked<'_>, v: f64) -> String {
    let short = |v: f64| {
        let d = dec(v).round_dp(1);
        l.number(d, u32::from(!d.fract().is_zero()))
    };
    let scale = if v >= 1e8 { "yi" } else { "wan" };
    l.t(
        "unit-million",
        &[
            ("value", Arg::Str(short(v / 1e6))),
            // Myriad counts are written without grouping (1950 万): below 10,000 by construction.
            (
                "wan",
                Arg::Str(dec(v / 1e4).round_dp(1).normalize().to_string()),
            ),
            ("yi", Arg::Str(short(v / 1e8))),
            ("scale", Arg::Str(scale.into())),
        ],
    )
    .unwrap_or_default()
}

/// The text with its first letter in upper case.
pub(super) fn upper_first(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A large figure in scientific notation, three significant digits: `8.19 × 10¹⁷`.
pub(super) fn scientific(l: &Tracked<'_>, v: f64) -> String {
    if !(v.is_finite() && v > 0.0) {
        return l.number(dec(v), 0);
    }
    let mut exp = v.log10().floor() as i32;
    let mut mantissa = (v / 10f64.powi(exp) * 100.0).round() / 100.0;
    if mantissa >= 10.0 {
        mantissa /= 10.0;
        exp += 1;
    }
    const SUPERSCRIPT: [char; 10] = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];
    let digits: String = exp
        .unsigned_abs()
        .to_string()
        .chars()
        .filter_map(|d| d.to_digit(10).map(|d| SUPERSCRIPT[d as usize]))
        .collect();
    let sign = if exp < 0 { "⁻" } else { "" };
    format!("{} × 10{sign}{digits}", l.number(dec(mantissa), 2))
}

/// A job's memory cell: one card's figure in whole GB; on several cards the per-card figure to a
/// tenth (so per card × cards gives the total), with the total under it, after `of` if given.
pub(super) fn need_cell(l: &Tracked<'_>, need: &Memory, cards: u32, of: Option<String>) -> Cell {
    if cards < 2 {
        return Cell::text(gb(l, need.published_total_gb())).with_sub(of);
    }
    let per_card = gb_tenth(l, need.per_card.ceil_tenth_gb());
    let all = l
        .t(
            "fit-all-cards",
            &[
                ("gb", Arg::Str(gb_tenth(l, need.shown_total_gb()))),
                ("cards", Arg::Num(f64::from(cards))),
            ],
        )
        .unwrap_or_default();
    Cell::text(
        l.t("fit-per-card", &[("gb", Arg::Str(per_card))])
            .unwrap_or_default(),
    )
    .with_sub(Some(match of {
        Some(of) => format!("{of} · {all}"),
        None => all,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use hubgen_engine::ext::Localizer;

    #[test]
    fn scientific_notation_keeps_the_mantissa_between_one_and_ten() {
        let loc = Localizer::new("en", Vec::new()).expect("en");
        let l = Tracked::new(&loc);
        // 0.819 × 10¹⁸ is written 8.19 × 10¹⁷; 9.996 rounds up into the next power.
        assert_eq!(scientific(&l, 8.19e17), "8.19 × 10¹⁷");
        assert_eq!(scientific(&l, 7.28e18), "7.28 × 10¹⁸");
        assert_eq!(scientific(&l, 9.996e18), "1.00 × 10¹⁹");
        assert_eq!(scientific(&l, 1.5e-3), "1.50 × 10⁻³");
    }
}
