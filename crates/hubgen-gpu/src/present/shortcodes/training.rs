//! Training shortcodes: the time and cost of a run, the MFU range, the cards a job fits and
//! the card picked for it.

use crate::present::*;

pub(in crate::present) fn sc_train_input(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let r = s.training_job(&a.str("job")?)?;
        let item = a.str("item")?;
        a.finish(&["job", "item"])?;
        let j = &cat.training.jobs[r.job];
        match item.as_str() {
            "examples" => l.int(i64::from(j.examples)),
            "epochs" => l.int(i64::from(j.epochs)),
            "tokens" => l.number(dec(r.tokens / 1e6), 1),
            other => {
                return Err(unknown_item(
                    "training input",
                    other,
                    ["examples", "epochs", "tokens"],
                ));
            }
        }
    };
    text(out)
}

pub(in crate::present) fn sc_speed_ratio(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let x = s.offer(&a.str("a")?)?;
        let y = s.offer(&a.str("b")?)?;
        a.finish(&["a", "b"])?;
        let tx = s.card_tflops(&cat.cards[x.card])? * Decimal::from(x.count);
        let ty = s.card_tflops(&cat.cards[y.card])? * Decimal::from(y.count);
        l.number(tx / ty, 1)
    };
    text(out)
}

pub(in crate::present) fn sc_train_hours(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let r = s.training_job(&a.str("job")?)?;
        let end = a.opt_str("end")?;
        let offer = a.opt_str("offer")?;
        a.finish(&["job", "end", "offer"])?;
        // On another offer than the table's: the same job, the same rule of hours.
        let (fast, reference, slow) = match offer {
            None => (r.hours_fast, r.hours_ref, r.hours_slow),
            Some(id) => {
                let want = s.offer(&id)?.r;
                let t = &s.tables;
                let i = t.offers.iter().position(|o| o.r == want).ok_or_else(|| {
                    Error::new(codes::DATA_MISSING_VALUE, "the offer is not priced")
                })?;
                let job = &s.cat.training.jobs[r.job];
                let job = (&s.cat.models[job.model], &s.cat.methods[job.method]);
                let c = compute::choice_on(s.cat, &t.offers, i, job, r.tokens);
                (c.hours_fast, c.hours, c.hours_slow)
            }
        };
        match end.as_deref() {
            None => crate::units::hours_tenths(l, fast, slow),
            Some(end) => crate::units::hours_tenth(l, band_end(end, (fast, reference, slow))?),
        }
    };
    text(out)
}

pub(in crate::present) fn sc_train_cost(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let r = s.training_job(&a.str("job")?)?;
        let term = a.opt_str("term")?.unwrap_or_else(|| "gpu-hour".into());
        a.finish(&["job", "term"])?;
        match term.as_str() {
            // In cents, as the training table gives it.
            "gpu-hour" => l.usd_range(r.cost_fast, r.cost_slow, 2),
            "term" => usd_whole(l, r.run.cost),
            other => {
                return Err(unknown_item("term", other, ["gpu-hour", "term"]));
            }
        }
    };
    text(out)
}

pub(in crate::present) fn sc_mfu(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let end = a.opt_str("end")?;
        a.finish(&["end"])?;
        let t = &cat.training;
        match end.as_deref() {
            None => l.percent_range(dec(t.mfu_low), dec(t.mfu_high)),
            Some("low") => l.percent(dec(t.mfu_low)),
            Some("reference") => l.percent(dec(t.mfu_ref)),
            Some("high") => l.percent(dec(t.mfu_high)),
            Some(other) => {
                return Err(Error::new(
                    codes::SHORTCODE_UNKNOWN_ITEM,
                    format!("unknown end `{other}` of the utilization band"),
                )
                .hint(hubgen_engine::ext::unknown_name_hint(
                    other,
                    ["low", "reference", "high"],
                )));
            }
        }
    };
    text(out)
}

pub(in crate::present) fn sc_tokens_per_example(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        a.finish(&[])?;
        l.int(i64::from(cat.training.tokens_per_example))
    };
    text(out)
}

pub(in crate::present) fn sc_fit_cards(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let listed = match a.str("nvme")?.as_str() {
        "listed" => true,
        "unlisted" => false,
        other => {
            return Err(unknown_item("`nvme` value", other, ["listed", "unlisted"]));
        }
    };
    a.finish(&["nvme"])?;
    let t = &s.tables;
    let picked: std::collections::BTreeSet<usize> = t
        .fit
        .iter()
        .flat_map(|f| {
            std::iter::once(f.offer)
                .chain(f.other.as_ref().map(|c| c.offer))
                .chain(f.passed_over.as_ref().map(|p| p.choice.offer))
        })
        .map(|i| t.offers[i].card)
        .collect();
    let items: Vec<String> = picked
        .into_iter()
        .map(|i| &s.cat.cards[i])
        .filter(|c| c.local_nvme_tb.is_some() == listed)
        .map(|c| match c.local_nvme_tb {
            Some(size) => l
                .t(
                    "fit-card-nvme",
                    &[
                        ("card", Arg::Str(c.name.clone())),
                        ("size", Arg::Str(tb(l, size))),
                    ],
                )
                .unwrap_or_default(),
            None => c.name.clone(),
        })
        .collect();
    if items.is_empty() {
        return Err(Error::new(
            codes::DATA_MISSING_VALUE,
            format!(
                "no card the fit table picks has its local NVMe {}",
                if listed { "set" } else { "unset" }
            ),
        )
        .hint("the sentence around this call no longer holds: rewrite it"));
    }
    text(l.list(&items))
}

/// One end of an hours band (fast, reference, slow) by the name a page gives it.
fn band_end(end: &str, (fast, reference, slow): (f64, f64, f64)) -> Result<f64, Error> {
    match end {
        "low" => Ok(slow),
        "reference" => Ok(reference),
        "high" => Ok(fast),
        other => Err(unknown_item(
            "`end` value",
            other,
            ["low", "reference", "high"],
        )),
    }
}

pub(in crate::present) fn sc_fit_hours(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let (mi, me) = s.model_method(a)?;
    let offer = s.offer(&a.str("offer")?)?.r;
    let end = a.opt_str("end")?.unwrap_or_else(|| "low".into());
    a.finish(&["model", "method", "offer", "end"])?;
    let t = &s.tables;
    let i = t
        .offers
        .iter()
        .position(|o| o.r == offer)
        .ok_or_else(|| Error::new(codes::DATA_MISSING_VALUE, "the offer is not priced"))?;
    let job = (&s.cat.models[mi], &s.cat.methods[me]);
    let c = compute::choice_on(s.cat, &t.offers, i, job, compute::reference_tokens(s.cat));
    text(crate::units::hours_tenth(
        l,
        band_end(&end, (c.hours_fast, c.hours, c.hours_slow))?,
    ))
}

pub(in crate::present) fn sc_pick(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let (mi, me) = s.model_method(a)?;
    let is = a.str("is")?;
    let which = a.opt_str("which")?.unwrap_or_else(|| "pick".into());
    a.finish(&["model", "method", "is", "which"])?;
    let expected = s.offer(&is)?;
    let t = &s.tables;
    // The fit table's row for the job (its pick, hand overrides included), else the same rule
    // at the same reference size.
    let (first, other) = match t.fit.iter().find(|f| {
        let r = &s.cat.fit_rows[f.row];
        (r.model, r.method) == (mi, me)
    }) {
        Some(f) => (Some(f.offer), f.other.as_ref().map(|c| c.offer)),
        None => {
            let job = (&s.cat.models[mi], &s.cat.methods[me]);
            compute::picks(s.cat, &t.offers, job, compute::reference_tokens(s.cat))
                .map_or((None, None), |(p, o)| (Some(p.offer), o.map(|c| c.offer)))
        }
    };
    let got = match which.as_str() {
        "pick" => first,
        "other" => other,
        x => return Err(unknown_item("`which` value", x, ["pick", "other"])),
    };
    match got.map(|i| &t.offers[i]) {
        Some(o) if o.r == expected.r => text(s.offer_name(o, l)),
        got => Err(Error::new(
            codes::PICK_CHANGED,
            format!(
                "the sentence names `{is}` as the {} for {} {}, but the rule now gives {}",
                if which == "other" {
                    "offer under the pick"
                } else {
                    "pick"
                },
                s.cat.models[mi].id,
                s.cat.methods[me].id,
                got.map_or_else(|| "none".to_string(), |o| format!("`{}`", o.id)),
            ),
        )
        .hint("rewrite the sentence for the new pick, then set `is` to it")),
    }
}
