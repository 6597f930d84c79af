//! The site's data and computed tables, and the lookups every table, chart, page and
//! shortcode shares: offers, models and methods by id, market rates, break-even, memory.

use rust_decimal::Decimal;

use super::codes;
use super::compute::{self, Memory, Offer, Tables};
use super::model::{Card, Catalog};
use super::units::usd_whole;
use hubgen_engine::ext::{Arg, Tracked};
use hubgen_engine::ext::{Args, Error};

/// The site's data and computed tables, answering shortcodes.
pub struct Site<'a> {
    pub cat: &'a Catalog,
    pub tables: &'a Tables,
}

impl<'a> Site<'a> {
    /// The site over a catalog and its tables.
    pub fn view(cat: &'a Catalog, tables: &'a Tables) -> Self {
        Site { cat, tables }
    }

    pub(super) fn headroom(&self) -> f64 {
        self.cat.headroom_share()
    }

    /// The market hourly range for an offer: its card's range, times its cards.
    pub(super) fn market_for(&self, o: &Offer) -> Result<(Decimal, Decimal), Error> {
        let c = &self.cat.cards[o.card];
        let r = self.cat.market.rate_for(o.card).ok_or_else(|| {
            Error::new(
                codes::DATA_MISSING_VALUE,
                format!("card `{}` has no market hourly range in data", c.id),
            )
            .hint("add it under market.rates in data/pricing.yaml")
        })?;
        let n = Decimal::from(o.count);
        Ok((r.low * n, r.high * n))
    }

    /// The computed break-even of a single card with a market rate.
    pub(super) fn break_even_for(&self, o: &Offer) -> Result<&compute::BreakEven, Error> {
        self.tables.break_even_of(o.r).ok_or_else(|| {
            Error::new(codes::DATA_MISSING_VALUE, format!(
                "`{}` has no break-even: it is computed for single cards with a market hourly range",
                o.id
            ))
            .hint("name a single card listed under market.rates in data/pricing.yaml")
        })
    }

    pub(super) fn offer(&self, id: &str) -> Result<&Offer, Error> {
        self.cat
            .offer(id)
            .and_then(|r| self.tables.offer(r))
            .ok_or_else(|| unknown_item("offer", id, self.cat.offer_ids()))
    }

    pub(super) fn model_index(&self, model: &str) -> Result<usize, Error> {
        self.cat.model_index(model).ok_or_else(|| {
            unknown_item(
                "model",
                model,
                self.cat.models.iter().map(|m| m.id.as_str()),
            )
        })
    }

    pub(super) fn model_method(&self, args: &mut Args<'_>) -> Result<(usize, usize), Error> {
        let model = args.str("model")?;
        let method = args.str("method")?;
        let mi = self.model_index(&model)?;
        let me = self.cat.method_index(&method).ok_or_else(|| {
            Error::new(
                codes::SHORTCODE_UNKNOWN_ITEM,
                format!("unknown method `{method}`"),
            )
            .hint(hubgen_engine::ext::unknown_name_hint(
                &method,
                self.cat.methods.iter().map(|m| m.id.as_str()),
            ))
        })?;
        Ok((mi, me))
    }

    /// A job's memory on one card at the published settings.
    pub(super) fn memory(&self, model: usize, method: usize) -> compute::Memory {
        compute::need_alone(self.cat, &self.cat.models[model], &self.cat.methods[method])
    }

    /// `H100 SXM` or `2× A100 SXM`.
    pub fn offer_name(&self, o: &Offer, l: &Tracked<'_>) -> String {
        let card = &self.cat.cards[o.card].name;
        if o.count == 1 {
            card.clone()
        } else {
            l.t(
                "offer-bundle",
                &[
                    ("count", Arg::Num(f64::from(o.count))),
                    ("card", Arg::Str(card.clone())),
                ],
            )
            .unwrap_or_else(|_| format!("{}× {card}", o.count))
        }
    }

    pub(super) fn term_price(o: &Offer, term: &str) -> Result<Decimal, Error> {
        match term {
            "weekly" => Ok(o.weekly),
            "monthly" => Ok(o.monthly),
            "gpu-hour" => Ok(o.per_gpu_hour),
            "gpu-hour-week" => Ok(o.per_gpu_hour_week),
            other => Err(unknown_item(
                "term",
                other,
                ["weekly", "monthly", "gpu-hour"],
            )),
        }
    }

    pub(super) fn money(o: &Offer, term: &str, l: &Tracked<'_>) -> Result<String, Error> {
        let v = Self::term_price(o, term)?;
        Ok(if term == "gpu-hour" {
            l.usd(v, 2)
        } else {
            usd_whole(l, v)
        })
    }
    /// The card of `card="…"`, when given.
    pub(super) fn card_arg(&self, a: &mut Args<'_>) -> Result<Option<usize>, Error> {
        let Some(id) = a.opt_str("card")? else {
            return Ok(None);
        };
        self.cat.card_index(&id).map(Some).ok_or_else(|| {
            Error::new(
                codes::SHORTCODE_UNKNOWN_ITEM,
                format!("unknown card `{id}`"),
            )
            .hint(hubgen_engine::ext::unknown_name_hint(
                &id,
                self.cat.cards.iter().map(|c| c.id.as_str()),
            ))
        })
    }

    pub(super) fn card_required(&self, card: Option<usize>, table: &str) -> Result<usize, Error> {
        card.ok_or_else(|| {
            Error::new(
                hubgen_engine::ext::code::SHORTCODE_ARGS,
                format!("table `{table}` needs a card"),
            )
            .hint(format!("write table(name=\"{table}\", card=\"h100-sxm\")"))
        })
    }

    /// A job's need in the published settings.
    pub(super) fn job_label(&self, model: usize, method: usize, l: &Tracked<'_>) -> String {
        l.t(
            "fit-job",
            &[
                ("size", Arg::Str(self.cat.models[model].name.clone())),
                (
                    "method",
                    Arg::Str(l.s(&format!("method-{}", self.cat.methods[method].id))),
                ),
            ],
        )
        .unwrap_or_default()
    }

    /// A job's memory with the published settings, changed by the optional arguments.
    pub(super) fn memory_with(
        &self,
        a: &mut Args<'_>,
        model: usize,
        method: usize,
    ) -> Result<Memory, Error> {
        let m = &self.cat.models[model];
        let cards = a.opt_u32("cards")?.unwrap_or(1).max(1);
        let mut job = self.cat.job_on(cards);
        if let Some(seq) = a.opt_u32("seq")? {
            job.seq_len = seq;
        }
        if let Some(batch) = a.opt_u32("batch")? {
            job.batch = batch;
        }
        if let Some(ck) = a.opt_bool("checkpointing")? {
            job.grad_checkpointing = ck;
        }
        if let Some(c) = a.opt_bool("chunked")? {
            job.chunked_ce = c;
        }
        Ok(compute::memory(
            &m.arch,
            &self.cat.methods[method],
            &self.cat.memory.constants,
            &job,
        ))
    }

    pub(super) fn training_job(&self, id: &str) -> Result<&compute::TrainingRow, Error> {
        let t = &self.cat.training;
        t.jobs
            .iter()
            .position(|j| j.id == id)
            .and_then(|j| self.tables.training.iter().find(|r| r.job == j))
            .ok_or_else(|| unknown_item("training job", id, t.jobs.iter().map(|j| j.id.as_str())))
    }

    pub(super) fn card_tflops(&self, c: &Card) -> Result<Decimal, Error> {
        c.bf16_tflops.as_ref().map(|s| s.value).ok_or_else(|| {
            Error::new(
                codes::DATA_MISSING_VALUE,
                format!("card `{}` has no bf16_tflops in data", c.id),
            )
            .hint("add bf16_tflops: { value: …, source: \"…\" } to data/cards.yaml")
        })
    }
}

/// A shortcode argument naming nothing the data knows: "unknown <what> `word`", with the nearest
/// known name as the hint.
pub(super) fn unknown_item<'a>(
    what: &str,
    word: &str,
    known: impl IntoIterator<Item = &'a str> + Clone,
) -> Error {
    Error::new(
        codes::SHORTCODE_UNKNOWN_ITEM,
        format!("unknown {what} `{word}`"),
    )
    .hint(hubgen_engine::ext::unknown_name_hint(word, known))
}
