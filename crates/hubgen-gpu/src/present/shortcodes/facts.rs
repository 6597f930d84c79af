//! Facts a writer places in prose: an assumption of the model, stock, storage, NVMe, payment
//! coins, regions, node sizes, hours per month.

use crate::present::*;

pub(in crate::present) fn sc_assumption(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let name = a.str("name")?;
        a.finish(&["name"])?;
        let mm = &cat.memory;
        let d = &mm.defaults;
        let k = &mm.constants;
        match name.as_str() {
            "seq-len" => l.int(i64::from(d.seq_len)),
            "batch" => l.int(i64::from(d.batch)),
            "lora-rank" => l.int(i64::from(d.lora_rank)),
            "adapter-share" => {
                // The range over the listed models: the share follows from the shapes.
                let shares: Vec<f64> = cat
                    .models
                    .iter()
                    .map(|m| m.arch.adapter_params(d.lora_rank, d.targets) / m.params)
                    .collect();
                let lo = shares.iter().copied().fold(f64::INFINITY, f64::min);
                let hi = shares.iter().copied().fold(0.0, f64::max);
                l.range(
                    l.number(dec(lo * 100.0).round_dp(1), 1),
                    l.percent_frac(dec(hi).round_dp(3), 1),
                )
            }
            "context" => gb_short(l, k.context),
            "allocator-share" => l.percent(dec(k.allocator_share)),
            "allocator-floor" => gb_short(l, k.allocator_floor),
            "reserve" => gb_short(l, k.context + k.allocator_floor),
            "quant-bits" => l.number(dec(k.nf4_bits + k.quant_constant_bits).round_dp(3), 3),
            "logits-bytes" => l.number(dec(k.logits_bytes), 0),
            "chunk-tokens" => l.int(i64::from(k.chunk_tokens)),
            "optimizer-bytes" => l.number(dec(d.optimizer_bytes), 0),
            "headroom" => l.percent(cat.headroom),
            "tight" => l.percent(cat.tight_share),
            "two-weeks-hours" => l.int(i64::from(cat.market.window_hours)),
            "term-margin" => l.percent(dec(cat.training.term_margin).round_dp(3)),
            // The hours a week leaves a job after its margin (151.2 of 168).
            "week-usable-hours" => l.number(
                dec(f64::from(crate::compute::HOURS_PER_WEEK) * (1.0 - cat.training.term_margin))
                    .round_dp(1),
                1,
            ),
            // How much slower than its FLOPs QLoRA's step runs (1.56 measured).
            "qlora-step" => l.number(dec(cat.training.step_factor("qlora")).round_dp(2), 2),
            // The most weeks that cost less than a month, the same on every offer.
            "weeks-under-month" => match s.tables.weeks_under_month {
                Some(n) => l.int(i64::from(n)),
                None => {
                    return Err(Error::new(
                        codes::DATA_INCONSISTENT,
                        "the offers differ in how many weekly rentals cost less than a month, so no one number holds on every card; word the rule per card",
                    ));
                }
            },
            other => {
                return Err(unknown_item("assumption", other, ASSUMPTIONS));
            }
        }
    };
    text(out)
}

pub(in crate::present) fn sc_free_now(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        let total: u32 = cat
            .cards
            .iter()
            .filter_map(|c| c.free_now.as_ref())
            .flatten()
            .sum();
        l.int(i64::from(total))
    };
    text(out)
}

pub(in crate::present) fn sc_stock_date(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    a.finish(&[])?;
    let date = s.cat.stock_as_of.as_ref().ok_or_else(|| {
        Error::new(
            codes::DATA_MISSING_VALUE,
            "no `stock_as_of` is set in data, so there is no stock date to print",
        )
        .hint("set `stock_as_of: YYYY-MM-DD` in data/cards.yaml to the day the stock was counted")
    })?;
    text(long_date(l, date))
}

pub(in crate::present) fn sc_storage(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let item = a.str("item")?;
        a.finish(&["item"])?;
        s.storage_item(&item, l)?
    };
    text(out)
}

pub(in crate::present) fn sc_nvme(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let o = s.offer(&a.str("offer")?)?;
        a.finish(&["offer"])?;
        let c = &cat.cards[o.card];
        let size = c.local_nvme_tb.ok_or_else(|| {
            Error::new(
                codes::DATA_MISSING_VALUE,
                format!("card `{}` has no local_nvme_tb in data", c.id),
            )
        })?;
        tb(l, size * Decimal::from(o.count))
    };
    text(out)
}

pub(in crate::present) fn sc_coins(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        l.list(&cat.coins.iter().map(|c| c.code.clone()).collect::<Vec<_>>())
    };
    text(out)
}

pub(in crate::present) fn sc_coin_count(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        l.int(cat.coins.len() as i64)
    };
    text(out)
}

pub(in crate::present) fn sc_regions(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        let items: Vec<String> = cat
            .regions
            .iter()
            .map(|r| {
                l.t(
                    "region-with-city",
                    &[
                        ("id", Arg::Str(r.code.clone())),
                        ("city", Arg::Str(l.s(&format!("city-{}", r.city)))),
                    ],
                )
                .unwrap_or_else(|_| r.code.clone())
            })
            .collect();
        l.list(&items)
    };
    text(out)
}

pub(in crate::present) fn sc_max_node_cards(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        let max = cat.bundles.iter().map(|b| b.count).max().unwrap_or(1);
        l.int(i64::from(max))
    };
    text(out)
}

pub(in crate::present) fn sc_hours_per_month(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let days = a.opt_bool("days")?.unwrap_or(false);
    a.finish(&["days"])?;
    // The month the prices divide by, in hours, or in whole days of 24 hours.
    let out = if days {
        let d = Decimal::from(cat.hours_per_month) / Decimal::from(24);
        l.number(d, u32::from(!d.fract().is_zero()))
    } else {
        l.int(i64::from(cat.hours_per_month))
    };
    text(out)
}
