//! Charts drawn at build time as inline SVG: no JavaScript, a `<title>` and `<desc>` that carry the
//! figures for screen readers, and the table beside each chart holding the same numbers.

use std::fmt::Write as _;

use rust_decimal::prelude::ToPrimitive;

use super::compute::Offer;
use super::site::Site;
use super::units::{dec, gb, per_month};
use hubgen_engine::ext::Error;
use hubgen_engine::ext::escape_html as esc;
use hubgen_engine::ext::{Arg, Tracked};

/// Coordinates with one decimal: short, and identical on every machine.
fn c(v: f64) -> String {
    let r = (v * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Opens the figure and the SVG with its accessible name and description.
fn open(out: &mut String, id: &str, w: u32, h: u32, title: &str, desc: &str) {
    let _ = write!(
        out,
        "<figure class=\"chart chart-{id}\"><svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" \
         width=\"{w}\" height=\"{h}\" role=\"img\" aria-labelledby=\"{id}-title {id}-desc\">\
         <title id=\"{id}-title\">{}</title><desc id=\"{id}-desc\">{}</desc>",
        esc(title),
        esc(desc)
    );
}

fn close(out: &mut String, caption: &str) {
    let _ = write!(
        out,
        "</svg><figcaption>{}</figcaption></figure>",
        esc(caption)
    );
}

fn text(out: &mut String, x: f64, y: f64, class: &str, anchor: &str, s: &str) {
    let _ = write!(
        out,
        "<text x=\"{}\" y=\"{}\" class=\"{class}\" text-anchor=\"{anchor}\">{}</text>",
        c(x),
        c(y),
        esc(s)
    );
}

fn line(out: &mut String, x1: f64, y1: f64, x2: f64, y2: f64, class: &str) {
    let _ = write!(
        out,
        "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" class=\"{class}\"/>",
        c(x1),
        c(y1),
        c(x2),
        c(y2)
    );
}

/// A generous estimate of a label's width in the charts' 12-unit font: wide (CJK) characters
/// take a full em, others at most 0.6 em (proportional sans-serif digits and capitals).
fn label_width(text: &str) -> f64 {
    text.chars()
        .map(|c| if unicode_wide(c) { 12.0 } else { 7.2 })
        .sum()
}

fn unicode_wide(c: char) -> bool {
    matches!(u32::from(c), 0x1100..=0x115F | 0x2E80..=0xA4CF | 0xAC00..=0xD7A3 | 0xF900..=0xFAFF | 0xFE30..=0xFE4F | 0xFF00..=0xFF60 | 0xFFE0..=0xFFE6)
}

/// Memory each job of the memory table needs on one card, against the single cards' usable
/// memory, on a log scale. Bundles have no line: split over their cards a job needs more in all
/// (each card keeps its own activations and reserve), so a bar against a bundle's total would
/// show fits the fit table refutes.
pub fn memory(site: &Site<'_>, l: &Tracked<'_>) -> String {
    let cells = &site.tables.memory;
    // The left margin holds the longest row label (text-anchor end, 8 units before the plot).
    let left = cells
        .iter()
        .map(|m| label_width(&site.job_label(m.model, m.method, l)) + 16.0)
        .fold(150.0_f64, f64::max);
    let (w, right, top, row_h) = (720.0_f64 + left - 150.0, 60.0_f64, 58.0_f64, 22.0_f64);
    let bottom = 40.0;
    let h = top + row_h * cells.len() as f64 + bottom;
    let max_need = cells.iter().map(|m| m.need.total.gb()).fold(1.0, f64::max);
    // What each single card holds, in the jobs' unit (usable GB), in tenths of a GB, with the
    // cards that have it.
    let mut caps: Vec<(u32, String)> = Vec::new();
    for o in site.tables.offers.iter().filter(|o| o.count == 1) {
        let tenths = (o.usable.gb() * 10.0).round() as u32;
        let name = site.offer_name(o, l);
        match caps.iter_mut().find(|(t, _)| *t == tenths) {
            Some((_, names)) => {
                names.push_str(" / ");
                names.push_str(&name);
            }
            None => caps.push((tenths, name)),
        }
    }
    caps.sort_by_key(|(t, _)| *t);
    let tenth = |t: u32| rust_decimal::Decimal::new(i64::from(t), 1);
    let max_cap = f64::from(caps.last().map_or(10, |(t, _)| *t)) / 10.0;
    // Powers of two from below the smallest need to above the largest figure.
    let lo = 8.0_f64
        .min(
            cells
                .iter()
                .map(|m| m.need.total.gb())
                .fold(f64::MAX, f64::min),
        )
        .log2()
        .floor();
    let hi = max_need.max(max_cap).log2().ceil();
    let x = |gbv: f64| left + (gbv.max(1.0).log2() - lo) / (hi - lo) * (w - left - right);
    let plot_bottom = top + row_h * cells.len() as f64;

    let desc: Vec<String> = cells
        .iter()
        .map(|m| {
            l.t(
                "chart-memory-item",
                &[
                    ("job", Arg::Str(site.job_label(m.model, m.method, l))),
                    ("need", Arg::Str(gb(l, m.need.published_total_gb()))),
                ],
            )
            .unwrap_or_default()
        })
        .collect();
    let mut out = String::new();
    open(
        &mut out,
        "chart-memory",
        w as u32,
        h as u32,
        &l.s("chart-memory-title"),
        &l.sentences(
            &l.t(
                "chart-memory-desc",
                &[(
                    "caps",
                    Arg::Str(
                        l.list(
                            &caps
                                .iter()
                                .map(|(t, names)| {
                                    format!("{names} {}", super::units::gb_dec(l, tenth(*t), 1))
                                })
                                .collect::<Vec<_>>(),
                        ),
                    ),
                )],
            )
            .unwrap_or_default(),
            // The items hold commas ("Llama 2 7B, LoRA: 21 GB"): a stronger separator.
            &desc.join(&l.s("chart-items-separator")),
        ),
    );
    let frame = Frame {
        left,
        right,
        top,
        width: w,
        plot_bottom,
    };
    memory_grid(&mut out, l, &x, (lo, hi), &frame, &caps);
    memory_bars(&mut out, site, l, &x, lo, &frame, row_h);
    close(&mut out, &l.s("chart-memory-caption"));
    out
}

/// Where the plot sits in the chart.
struct Frame {
    left: f64,
    right: f64,
    top: f64,
    width: f64,
    plot_bottom: f64,
}

/// The memory chart's grid (powers of two) and the cards' capacities, labelled on two rows so
/// close values do not overlap.
fn memory_grid(
    out: &mut String,
    l: &Tracked<'_>,
    x: &dyn Fn(f64) -> f64,
    (lo, hi): (f64, f64),
    f: &Frame,
    caps: &[(u32, String)],
) {
    let (left, right, top, w, plot_bottom) = (f.left, f.right, f.top, f.width, f.plot_bottom);
    // Grid: powers of two.
    out.push_str("<g class=\"grid\" aria-hidden=\"true\">");
    let mut p = lo;
    while p <= hi {
        let v = 2f64.powf(p);
        line(out, x(v), top, x(v), plot_bottom, "tick");
        text(
            out,
            x(v),
            plot_bottom + 16.0,
            "axis",
            "middle",
            &l.int(v as i64),
        );
        p += 1.0;
    }
    text(
        out,
        (left + w - right) / 2.0,
        plot_bottom + 34.0,
        "axis-title",
        "middle",
        &l.s("chart-memory-axis"),
    );
    out.push_str("</g>");
    // Capacities, labels staggered on two rows so close values do not overlap.
    out.push_str("<g class=\"caps\" aria-hidden=\"true\">");
    for (i, (cap, _)) in caps.iter().enumerate() {
        let gbv = f64::from(*cap) / 10.0;
        let xv = x(gbv);
        line(out, xv, top - 4.0, xv, plot_bottom, "cap");
        let y = if i % 2 == 0 { top - 24.0 } else { top - 10.0 };
        let label = l.number(rust_decimal::Decimal::new(i64::from(*cap), 1), 1);
        text(out, xv, y, "cap-label", "middle", &label);
    }
    text(
        out,
        left - 8.0,
        top - 17.0,
        "axis",
        "end",
        &l.s("chart-memory-caps"),
    );
    out.push_str("</g>");
}

/// One bar per job: its label, its length on the log scale and its figure.
fn memory_bars(
    out: &mut String,
    site: &Site<'_>,
    l: &Tracked<'_>,
    x: &dyn Fn(f64) -> f64,
    lo: f64,
    f: &Frame,
    row_h: f64,
) {
    let (cat, cells) = (site.cat, &site.tables.memory);
    let (left, top) = (f.left, f.top);
    // Bars.
    out.push_str("<g class=\"bars\" aria-hidden=\"true\">");
    for (i, m) in cells.iter().enumerate() {
        let y = top + row_h * i as f64;
        let x0 = x(2f64.powf(lo));
        let x1 = x(m.need.total.gb());
        let method = &cat.methods[m.method].id;
        let _ = write!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" class=\"bar bar-{}\"/>",
            c(x0),
            c(y + 4.0),
            c((x1 - x0).max(1.0)),
            c(row_h - 8.0),
            esc(method)
        );
        text(
            out,
            left - 8.0,
            y + row_h / 2.0 + 4.0,
            "label",
            "end",
            &site.job_label(m.model, m.method, l),
        );
        text(
            out,
            x1 + 4.0,
            y + row_h / 2.0 + 4.0,
            "value",
            "start",
            &gb(l, m.need.published_total_gb()),
        );
    }
    out.push_str("</g>");
}

/// The break-even chart's grid: dollars up the side, hours along the bottom every 120.
fn break_even_grid(
    out: &mut String,
    l: &Tracked<'_>,
    (x, y): (&dyn Fn(f64) -> f64, &dyn Fn(f64) -> f64),
    (y_max, y_step, month): (f64, f64, f64),
    f: &Frame,
    h: f64,
) {
    let (left, right, top, w) = (f.left, f.right, f.top, f.width);
    let bottom = h - f.plot_bottom;
    out.push_str("<g class=\"grid\" aria-hidden=\"true\">");
    let mut v = 0.0;
    while v <= y_max + 0.5 {
        line(out, left, y(v), w - right, y(v), "tick");
        text(
            out,
            left - 6.0,
            y(v) + 4.0,
            "axis",
            "end",
            &l.usd(dec(v), 0),
        );
        v += y_step;
    }
    let mut hv = 0.0;
    while hv <= month + 0.5 {
        line(out, x(hv), top, x(hv), h - bottom, "tick");
        text(
            out,
            x(hv),
            h - bottom + 16.0,
            "axis",
            "middle",
            &l.int(hv as i64),
        );
        hv += 120.0;
    }
    text(
        out,
        (left + w - right) / 2.0,
        h - 12.0,
        "axis-title",
        "middle",
        &l.s("chart-break-even-axis-hours"),
    );
}

/// A round step for an axis that must reach `max` in about `ticks` steps.
fn nice_step(max: f64, ticks: f64) -> f64 {
    let raw = max / ticks;
    let mag = 10f64.powf(raw.log10().floor());
    [1.0, 2.0, 2.5, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|s| *s >= raw)
        .unwrap_or(10.0 * mag)
}

/// The break-even chart's legend: the term's line and the hourly band.
fn break_even_legend(
    out: &mut String,
    l: &Tracked<'_>,
    (left, top): (f64, f64),
    term_text: &str,
    rate_text: &str,
) {
    let ly = top - 18.0;
    line(out, left, ly, left + 24.0, ly, "term");
    text(
        out,
        left + 30.0,
        ly + 4.0,
        "legend",
        "start",
        &l.t(
            "chart-break-even-term",
            &[("term", Arg::Str(term_text.to_owned()))],
        )
        .unwrap_or_default(),
    );
    let _ = write!(
        out,
        "<rect x=\"{}\" y=\"{}\" width=\"24\" height=\"10\" class=\"band\"/>",
        c(left + 330.0),
        c(ly - 5.0)
    );
    text(
        out,
        left + 360.0,
        ly + 4.0,
        "legend",
        "start",
        &l.t(
            "chart-break-even-hourly",
            &[("rate", Arg::Str(rate_text.to_owned()))],
        )
        .unwrap_or_default(),
    );
}

/// A month's cost against GPU-hours used: the flat term and the hourly band, crossing at the
/// break-even.
pub fn break_even(site: &Site<'_>, o: &Offer, l: &Tracked<'_>) -> Result<String, Error> {
    let cat = site.cat;
    let (low, high) = site.market_for(o)?;
    let month = f64::from(cat.hours_per_month);
    let monthly = o.monthly.to_f64().unwrap_or(0.0);
    let (lo, hi): (f64, f64) = (low.to_f64().unwrap_or(0.0), high.to_f64().unwrap_or(0.0));
    let b = site.break_even_for(o)?;
    let (fewer, more) = (b.hours_low, b.hours_high);
    let (w, h) = (720.0_f64, 340.0_f64);
    let (left, right, top, bottom) = (70.0, 30.0, 40.0, 56.0);
    let y_max_raw = (hi * month).max(monthly) * 1.05;
    let y_step = nice_step(y_max_raw, 5.0);
    let y_max = (y_max_raw / y_step).ceil() * y_step;
    let x = |hours: f64| left + hours / month * (w - left - right);
    let y = |usd: f64| top + (1.0 - usd / y_max) * (h - top - bottom);
    let name = site.offer_name(o, l);
    let term_text = per_month(l, o.monthly);
    let rate_text = l.usd_range(low, high, 2);
    let be_text = l.range(l.number(fewer, 0), l.number(more, 0));

    let mut out = String::new();
    open(
        &mut out,
        &format!("chart-break-even-{}", o.id),
        w as u32,
        h as u32,
        &l.t(
            "chart-break-even-title",
            &[("offer", Arg::Str(name.clone()))],
        )
        .unwrap_or_default(),
        &l.t(
            "chart-break-even-desc",
            &[
                ("offer", Arg::Str(name.clone())),
                ("term", Arg::Str(term_text.clone())),
                ("rate", Arg::Str(rate_text.clone())),
                ("hours", Arg::Str(be_text.clone())),
                ("month", Arg::Num(month)),
            ],
        )
        .unwrap_or_default(),
    );
    let frame = Frame {
        left,
        right,
        top,
        width: w,
        plot_bottom: h - bottom,
    };
    break_even_grid(&mut out, l, (&x, &y), (y_max, y_step, month), &frame, h);
    out.push_str("</g><g aria-hidden=\"true\">");
    // The hourly band: from zero to a month at the low and at the high rate.
    let _ = write!(
        out,
        "<polygon class=\"band\" points=\"{},{} {},{} {},{}\"/>",
        c(x(0.0)),
        c(y(0.0)),
        c(x(month)),
        c(y(lo * month)),
        c(x(month)),
        c(y(hi * month))
    );
    line(&mut out, x(0.0), y(0.0), x(month), y(lo * month), "hourly");
    line(&mut out, x(0.0), y(0.0), x(month), y(hi * month), "hourly");
    line(&mut out, x(0.0), y(monthly), x(month), y(monthly), "term");
    for be in [fewer, more] {
        let hv = be.to_f64().unwrap_or(0.0);
        if hv <= month {
            line(&mut out, x(hv), y(monthly), x(hv), h - bottom, "marker");
            text(
                &mut out,
                x(hv),
                y(monthly) - 6.0,
                "marker-label",
                "middle",
                &l.number(be, 0),
            );
        }
    }
    break_even_legend(&mut out, l, (left, top), &term_text, &rate_text);
    out.push_str("</g>");
    close(
        &mut out,
        &l.t("chart-break-even-caption", &[("hours", Arg::Str(be_text))])
            .unwrap_or_default(),
    );
    Ok(out)
}
