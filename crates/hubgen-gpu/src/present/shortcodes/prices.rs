//! Price shortcodes: an offer's price, the cheapest offer, a bundle's share, break-even,
//! the market rate, two weeks against a month.

use crate::present::*;

pub(in crate::present) fn sc_price(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let o = s.offer(&a.str("offer")?)?;
    let term = a.opt_str("term")?.unwrap_or_else(|| "monthly".into());
    a.finish(&["offer", "term"])?;
    text(Site::money(o, &term, l)?)
}

pub(in crate::present) fn sc_cheapest(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let term = a.opt_str("term")?.unwrap_or_else(|| "monthly".into());
        let cards = a.opt_u32("cards")?;
        let job = if a.has("model") || a.has("method") {
            Some(s.model_method(a)?)
        } else {
            None
        };
        a.finish(&["term", "cards", "model", "method"])?;
        let headroom = cat.headroom_share();
        // As the tables choose: each card holding its share of the job, among offers in stock;
        // among all offers only when none in stock matches (a stock change never breaks a page).
        let matching: Vec<_> = s
            .tables
            .offers
            .iter()
            .filter(|o| cards.is_none_or(|n| o.count == n))
            .filter(|o| {
                job.is_none_or(|(m, me)| {
                    let need = compute::need_on(cat, &cat.models[m], &cat.methods[me], o);
                    o.holds(&need, headroom)
                })
            })
            .collect();
        let in_stock = matching.iter().any(|o| o.in_stock);
        let best = matching
            .into_iter()
            .filter(|o| o.in_stock || !in_stock)
            .min_by_key(|o| Site::term_price(o, &term).unwrap_or(Decimal::MAX))
            .ok_or_else(|| Error::new(codes::DATA_MISSING_VALUE, "no offer matches"))?;
        Site::money(best, &term, l)?
    };
    text(out)
}

pub(in crate::present) fn sc_share(
    s: &Site<'_>,
    call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out =
        {
            let x = s.offer(&a.str("a")?)?.monthly;
            let y = s.offer(&a.str("b")?)?.monthly;
            a.finish(&["a", "b"])?;
            if call.name == "share" {
                l.percent((x / y).round_dp_with_strategy(
                    2,
                    rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                ))
            } else {
                l.number(x / y, 1)
            }
        };
    text(out)
}

pub(in crate::present) fn sc_break_even(
    s: &Site<'_>,
    call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let o = s.offer(&a.str("offer")?)?;
        let weekly = match a.opt_str("term")?.as_deref() {
            None | Some("monthly") => false,
            Some("weekly") => true,
            Some(other) => {
                return Err(unknown_item("term", other, ["weekly", "monthly"]));
            }
        };
        a.finish(if call.name == "break_even" {
            &["offer", "term"]
        } else {
            &["offer"]
        })?;
        let b = s.break_even_for(o)?;
        // Hours of the week's 168 (or of the month's) at which the term costs what those hours
        // cost by the hour; past the whole term, that end of the range never comes.
        let range = |low, high, whole| s.break_even_range(low, high, whole, false, l);
        if weekly {
            range(
                b.week_hours_low,
                b.week_hours_high,
                crate::compute::HOURS_PER_WEEK,
            )
        } else if call.name == "break_even" {
            range(b.hours_low, b.hours_high, s.cat.hours_per_month)
        } else {
            l.percent_range(b.share_low, b.share_high)
        }
    };
    text(out)
}

pub(in crate::present) fn sc_market_rate(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let o = s.offer(&a.opt_str("offer")?.unwrap_or_else(|| "h100-sxm".into()))?;
        a.finish(&["offer"])?;
        let (low, high) = s.market_for(o)?;
        l.usd_range(low, high, 2)
    };
    text(out)
}

pub(in crate::present) fn sc_two_weeks(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let o = s.offer(&a.str("offer")?)?;
        a.finish(&["offer"])?;
        let b = s.break_even_for(o)?;
        usd_range(l, b.window_low, b.window_high)
    };
    text(out)
}
