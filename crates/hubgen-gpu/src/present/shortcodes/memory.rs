//! Memory shortcodes: one term of a job's memory, a card's usable memory, bytes per parameter,
//! the state a method keeps.

use crate::present::*;

pub(in crate::present) fn sc_memory_term(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let (m, me) = s.model_method(a)?;
        let term = a.str("term")?;
        let mb = a.opt_bool("mb")?.unwrap_or(false);
        let mem = s.memory_with(a, m, me)?;
        a.finish(&[JOB_ARGS.as_slice(), &["term", "mb"]].concat())?;
        let v = match term.as_str() {
            "weights" => mem.weights,
            "trainable" => mem.trainable,
            "activations" => mem.activations,
            "logits" => mem.logits,
            "buffers" => mem.buffers,
            "reserve" => mem.reserve(),
            "per-card" => mem.per_card,
            "total" => mem.total,
            other => {
                return Err(unknown_item("memory term", other, MEMORY_TERMS));
            }
        };
        if mb {
            // Whole MB, rounded up: beside a limit in MB (rounded down) it shows which is larger.
            return text(crate::units::mb(l, (v.gb() * 1000.0).ceil()));
        }
        // Up to two decimals, no trailing zeros: 1.51 GB, 4.5 GB, 140 GB.
        let v = dec(v.gb()).round_dp(2).normalize();
        gb_dec(l, v, v.scale())
    };
    text(out)
}

pub(in crate::present) fn sc_breakdown(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let (m, me) = s.model_method(a)?;
    let mem = s.memory_with(a, m, me)?;
    a.finish(&["model", "method", "cards"])?;
    Ok(Output::Table(s.breakdown_table(m, me, &mem, l)))
}

pub(in crate::present) fn sc_vram_per_card(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let (m, me) = s.model_method(a)?;
        let mem = s.memory_with(a, m, me)?;
        a.finish(&JOB_ARGS)?;
        if mem.cards > 1 {
            // To a tenth, so per card × cards reads as the total (rounded up) the pages print.
            gb_tenth(l, mem.per_card.ceil_tenth_gb())
        } else {
            gb(l, mem.per_card.ceil_gb())
        }
    };
    text(out)
}

pub(in crate::present) fn sc_params(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let mi = s.model_index(&a.str("model")?)?;
    a.finish(&["model"])?;
    text(scientific(l, s.cat.models[mi].arch.params().total()))
}

pub(in crate::present) fn sc_kv_cache_gb(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let model = a.str("model")?;
        let mi = s.model_index(&model)?;
        let seq = a.opt_u32("seq")?.unwrap_or(cat.memory.defaults.seq_len);
        let batch = a.opt_u32("batch")?.unwrap_or(1);
        a.finish(&["model", "seq", "batch"])?;
        let kv = crate::memory::kv_cache(&cat.models[mi].arch, seq, batch, &cat.memory.constants);
        gb_dec(l, dec(kv.gb()), 2)
    };
    text(out)
}

pub(in crate::present) fn sc_calibration(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let item = a.str("item")?;
    a.finish(&["item"])?;
    let c = s.tables.calibration_summary;
    // Errors as the calibration table prints them: to a tenth of a percent.
    let pct = |e: f64| l.percent_frac(dec(e.abs()).round_dp(3), 1);
    let out = match item.as_str() {
        "runs" => l.int(c.runs as i64),
        "median" => l.percent_frac(dec(c.median_abs).round_dp(3), 1),
        "worst-under" => pct(c.worst_under),
        "worst-over" => pct(c.worst_over),
        "under-tenth" => l.int(c.under_tenth as i64),
        other => {
            return Err(unknown_item(
                "calibration item",
                other,
                ["runs", "median", "worst-under", "worst-over", "under-tenth"],
            ));
        }
    };
    text(out)
}

pub(in crate::present) fn sc_cache_room(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let model = a.str("model")?;
    let mi = s.model_index(&model)?;
    let o = s.offer(&a.str("offer")?)?;
    let bits = a.opt_u32("bits")?.unwrap_or(16);
    let unit = a.opt_str("unit")?.unwrap_or_else(|| "gb".into());
    a.finish(&["model", "offer", "bits", "unit"])?;
    let k = &cat.memory.constants;
    let arch = &cat.models[mi].arch;
    let weights = crate::memory::serving_weights(arch, bits, k);
    let room = crate::memory::cache_room(weights, o.count, o.usable, cat.headroom_share(), k);
    let out = match unit.as_str() {
        "gb" => gb_dec(l, dec(room.gb()), 1),
        // To the thousand below: a count of tokens that surely fits.
        "tokens" => l.int((crate::memory::cache_tokens(arch, room, k) / 1000 * 1000) as i64),
        other => {
            return Err(unknown_item("unit", other, ["gb", "tokens"]));
        }
    };
    text(out)
}

pub(in crate::present) fn sc_tflops(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let card = s.card_arg(a)?.ok_or_else(|| {
            Error::new(
                hubgen_engine::ext::code::SHORTCODE_ARGS,
                "`tflops` needs the argument `card`",
            )
        })?;
        a.finish(&["card"])?;
        let v = s.card_tflops(&cat.cards[card])?;
        l.number(v, u32::from(!v.fract().is_zero()))
    };
    text(out)
}

pub(in crate::present) fn sc_card_vram(
    s: &Site<'_>,
    call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let card = s.card_arg(a)?.ok_or_else(|| {
            Error::new(
                hubgen_engine::ext::code::SHORTCODE_ARGS,
                format!("`{}` needs the argument `card`", call.name),
            )
        })?;
        let mb = call.name == "card_limit" && a.opt_bool("mb")?.unwrap_or(false);
        let cards = if call.name == "bandwidth" {
            a.opt_u32("cards")?.unwrap_or(1).max(1)
        } else {
            1
        };
        a.finish(match call.name.as_str() {
            "card_limit" => &["card", "mb"],
            "bandwidth" => &["card", "cards"],
            _ => &["card"],
        })?;
        let c = &cat.cards[card];
        if call.name == "card_vram" {
            gb(l, u64::from(c.vram_gb))
        } else if call.name == "card_usable" || call.name == "card_limit" {
            let u = c.usable.ok_or_else(|| {
                Error::new(
                    codes::DATA_MISSING_VALUE,
                    format!("card `{}` has no usable_mib in data", c.id),
                )
            })?;
            if call.name == "card_usable" {
                gb_dec(l, dec(u.gb()).round_dp(1), 1)
            } else if mb {
                crate::units::mb(l, (u.gb() * cat.headroom_share() * 1000.0).floor())
            } else {
                // To the nearest hundredth, as a reader gets it from the usable figure printed
                // beside it (0.9 × 85.9 = 77.31).
                let limit = dec(u.gb() * cat.headroom_share()).round_dp_with_strategy(
                    2,
                    rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                );
                gb_dec(l, limit, 2)
            }
        } else {
            let bw = c.bandwidth_tbs.ok_or_else(|| {
                Error::new(
                    codes::DATA_MISSING_VALUE,
                    format!("card `{}` has no bandwidth_tbs in data", c.id),
                )
            })?;
            // As the tables print it: GB/s below 2 TB/s, TB/s from there.
            crate::units::memory_bandwidth(l, bw * Decimal::from(cards))
        }
    };
    text(out)
}

pub(in crate::present) fn sc_vram(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let (m, me) = s.model_method(a)?;
        let mem = s.memory_with(a, m, me)?;
        a.finish(&JOB_ARGS)?;
        if mem.cards > 1 {
            gb_tenth(l, mem.shown_total_gb())
        } else {
            gb(l, mem.published_total_gb())
        }
    };
    text(out)
}

pub(in crate::present) fn sc_min_card_vram(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let (m, me) = s.model_method(a)?;
        a.finish(&["model", "method"])?;
        // The rule's own threshold (`Offer::holds`): the need as printed over the headroom
        // share, rounded up to the 0.1 GB usable memory is printed to, so a GPU offering this
        // much holds the job, and 123 GB / 0.9 reads 136.7 GB, as a reader works it out.
        let need = s.memory(m, me).shown_per_card();
        gb_tenth(l, (need / s.cat.headroom_share()).ceil_tenth_gb())
    };
    text(out)
}

pub(in crate::present) fn sc_bytes_per_param(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    let out = {
        let method = a.str("method")?;
        a.finish(&["method"])?;
        let me = cat.method_index(&method).ok_or_else(|| {
            Error::new(
                codes::SHORTCODE_UNKNOWN_ITEM,
                format!("unknown method `{method}`"),
            )
            .hint(hubgen_engine::ext::unknown_name_hint(
                &method,
                cat.methods.iter().map(|m| m.id.as_str()),
            ))
        })?;
        {
            let b = full_bytes_per_param(cat, &cat.methods[me]);
            l.number(b, b.scale())
        }
    };
    text(out)
}

pub(in crate::present) fn sc_state_gb(
    s: &Site<'_>,
    call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let cat = s.cat;
    if call.name == "weights_gb" && a.has("bits") {
        // Weights alone at a given precision (inference).
        let model = a.str("model")?;
        let mi = s.model_index(&model)?;
        let bits = a.opt_u32("bits")?.unwrap_or(16);
        a.finish(&["model", "bits"])?;
        let w = crate::memory::serving_weights(&cat.models[mi].arch, bits, &cat.memory.constants);
        return text(gb_dec(l, dec(w.gb()), 1));
    }
    let out = {
        let (m, me) = s.model_method(a)?;
        a.finish(&["model", "method"])?;
        let mem = s.memory(m, me);
        let bytes = if call.name == "state_gb" {
            mem.weights + mem.trainable
        } else {
            mem.weights
        };
        gb_dec(l, dec(bytes.gb()), 1)
    };
    text(out)
}
