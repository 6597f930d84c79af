//! The memory, break-even and training tables, the tables of a card's own page, and the inline
//! figures they share: localised views of what `compute` produced.

use rust_decimal::Decimal;

use super::compute;
use super::model::Card;
use super::schema::Sharding;
use super::site::Site;
use super::units::*;
use hubgen_engine::ext::{Arg, Tracked};

use hubgen_engine::ext::{Cell, TableView};

impl Site<'_> {
    /// What a card's link is used for in what we rent: the bundles it joins, or nothing.
    pub(super) fn link_use(&self, card: usize, l: &Tracked<'_>) -> String {
        let bundles: Vec<String> = self
            .tables
            .bundles()
            .filter(|o| o.card == card)
            .map(|o| self.offer_name(o, l))
            .collect();
        if bundles.is_empty() {
            l.s("catalog-link-single")
        } else {
            l.t(
                "catalog-link-in-bundles",
                &[("bundles", Arg::Str(l.list(&bundles)))],
            )
            .unwrap_or_default()
        }
    }

    pub(super) fn memory_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let rows = cat
            .models
            .iter()
            .enumerate()
            .map(|(mi, m)| {
                let mut row = vec![
                    Cell::header(m.name.clone()).with_sub(Some(
                        l.t(
                            "memory-model-arch",
                            &[
                                ("layers", Arg::Num(f64::from(m.arch.layers))),
                                ("hidden", Arg::Str(l.int(i64::from(m.arch.hidden)))),
                                ("vocab", Arg::Str(l.int(i64::from(m.arch.vocab)))),
                            ],
                        )
                        .unwrap_or_default(),
                    )),
                ];
                for cell in self.tables.memory.iter().filter(|c| c.model == mi) {
                    let sub = self.memory_pick_text(cell, l);
                    row.push(
                        Cell::text(gb(l, cell.need.published_total_gb()))
                            .with_details(memory_terms(l, &cell.need))
                            .with_sub(Some(sub)),
                    );
                }
                row
            })
            .collect();
        let mut cols: Vec<(String, bool)> = vec![(l.s("col-model"), false)];
        for m in &cat.methods {
            // A method's name heads its column, so it starts with a capital where the
            // locale's name of it does not ("полное дообучение").
            cols.push((upper_first(&l.s(&format!("method-{}", m.id))), true));
        }
        TableView {
            name: "memory".into(),
            caption: l.s("table-memory-caption"),
            columns: cols
                .into_iter()
                .map(|(header, numeric)| hubgen_engine::ext::Column { header, numeric })
                .collect(),
            rows,
            note: self.assumptions_note(l, "table-memory-note"),
        }
    }

    /// Under a memory-table figure: the offer the rule picks for it (per card on several cards,
    /// tight if so), or that none holds it, and a cheaper offer on another stack beside it.
    fn memory_pick_text(&self, cell: &compute::MemoryCell, l: &Tracked<'_>) -> String {
        let cat = self.cat;
        let sub = match &cell.pick {
            Some(c) => {
                let pick = l
                    .t(
                        if c.need.cards > 1 {
                            "memory-pick-per-card"
                        } else {
                            "memory-pick"
                        },
                        &[
                            (
                                "offer",
                                Arg::Str(self.offer_name(&self.tables.offers[c.offer], l)),
                            ),
                            ("gb", Arg::Str(gb_tenth(l, c.need.per_card.ceil_tenth_gb()))),
                        ],
                    )
                    .unwrap_or_default();
                let o = &self.tables.offers[c.offer];
                let share = c.need.shown_share(o.usable);
                if super::compute::is_tight(cat, share) {
                    l.t(
                        "memory-pick-tight",
                        &[
                            ("pick", Arg::Str(pick.clone())),
                            ("share", Arg::Str(l.percent(dec(share).round_dp(2)))),
                        ],
                    )
                    .unwrap_or(pick)
                } else {
                    pick
                }
            }
            None => l.s("memory-no-fit"),
        };
        // A cheaper offer on another stack, named beside the pick.
        match &cell.other {
            Some(c) => {
                let o = &self.tables.offers[c.offer];
                // Tight as the fit table marks it: the same share against the same line.
                let share = c.need.shown_share(o.usable);
                let key = if super::compute::is_tight(cat, share) {
                    "memory-pick-other-tight"
                } else {
                    "memory-pick-other"
                };
                l.t(
                    key,
                    &[
                        ("pick", Arg::Str(sub.clone())),
                        ("stack", Arg::Str(cat.cards[o.card].vendor.stack().into())),
                        ("offer", Arg::Str(self.offer_name(o, l))),
                        ("share", Arg::Str(l.percent(dec(share).round_dp(2)))),
                    ],
                )
                .unwrap_or(sub)
            }
            None => sub,
        }
    }

    /// The memory model's assumptions, under every table of memory figures (`key`: the fit
    /// table's note, or the memory table's, which has no prices and says its figures are one
    /// card's).
    pub(super) fn assumptions_note(&self, l: &Tracked<'_>, key: &str) -> Option<String> {
        let mm = &self.cat.memory;
        let d = &mm.defaults;
        let k = &mm.constants;
        let args = [
            ("seq", Arg::Str(l.int(i64::from(d.seq_len)))),
            ("batch", Arg::Num(f64::from(d.batch))),
            ("rank", Arg::Num(f64::from(d.lora_rank))),
            // Context and the allocator's floor; the share comes on top.
            (
                "reserve",
                Arg::Str(gb_short(l, k.context + k.allocator_floor)),
            ),
            ("allocator", Arg::Str(l.percent(dec(k.allocator_share)))),
            ("headroom", Arg::Str(l.percent(self.cat.headroom))),
            ("examples", Arg::Num(f64::from(self.cat.reference_job.0))),
            ("epochs", Arg::Num(f64::from(self.cat.reference_job.1))),
            (
                "tpe",
                Arg::Num(f64::from(self.cat.training.tokens_per_example)),
            ),
            (
                "tokens",
                Arg::Str(millions(l, compute::reference_tokens(self.cat))),
            ),
            ("mfu", Arg::Str(l.percent(dec(self.cat.training.mfu_ref)))),
            ("low", Arg::Str(l.percent(dec(self.cat.training.mfu_low)))),
            ("high", Arg::Str(l.percent(dec(self.cat.training.mfu_high)))),
            (
                "first",
                Arg::Str(self.cat.pick_vendor.map_or("", |v| v.stack()).into()),
            ),
            ("hours", Arg::Num(f64::from(self.cat.hours_per_month))),
            (
                "margin",
                Arg::Str(l.percent(dec(self.cat.training.term_margin).round_dp(3))),
            ),
        ];
        let note = l.t(key, &args).ok()?;
        if key != "table-fit-note" {
            return Some(note);
        }
        // The fit table's note goes on with the vendor weighed first, where data names one, and
        // ends with how its figures are rounded.
        let note = l.sentences(&note, &l.t("table-fit-note-bandwidth", &args).ok()?);
        let note = match self.cat.pick_vendor {
            Some(_) => l.sentences(&note, &l.t("table-fit-note-first", &args).ok()?),
            None => note,
        };
        let note = l.sentences(&note, &l.t("table-fit-note-end", &args).ok()?);
        // Its picks are among offers in stock: say when the stock was counted.
        Some(self.with_stock_date(l, note))
    }

    /// A note that rests on stock counts, ending with the day they were taken (when data says).
    pub(super) fn with_stock_date(&self, l: &Tracked<'_>, note: String) -> String {
        match self.stock_as_of(l) {
            Some(asof) => l.sentences(&note, &asof),
            None => note,
        }
    }

    /// A break-even range in hours of a term of `whole` hours: past the whole term, that end
    /// of the range never comes, and the text says so (`short` in a table cell).
    pub(super) fn break_even_range(
        &self,
        low: Decimal,
        high: Decimal,
        whole: u32,
        short: bool,
        l: &Tracked<'_>,
    ) -> String {
        if high > Decimal::from(whole) {
            let key = if short {
                "break-even-cell-over"
            } else {
                "break-even-range-over"
            };
            l.t(
                key,
                &[
                    ("low", Arg::Str(l.number(low, 0))),
                    ("hours", Arg::Num(f64::from(whole))),
                ],
            )
            .unwrap_or_default()
        } else {
            l.range(l.number(low, 0), l.number(high, 0))
        }
    }

    pub(super) fn break_even_table(&self, l: &Tracked<'_>, card: Option<usize>) -> TableView {
        let cat = self.cat;
        let month = cat.hours_per_month;
        let rows = self
            .tables
            .break_even
            .iter()
            .filter(|b| card.is_none_or(|c| self.tables.offers[b.offer].card == c))
            .map(|b| {
                let o = &self.tables.offers[b.offer];
                let r = &cat.market.rates[b.rate];
                let week = compute::HOURS_PER_WEEK;
                vec![
                    Cell::header(cat.cards[o.card].name.clone())
                        .with_sub((!o.in_stock).then(|| l.s("stock-none-short"))),
                    Cell::text(per_month(l, o.monthly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour))),
                    // What the range is, in the reader's language; `source` in data records
                    // where it comes from, for the data exports.
                    Cell::text(l.usd_range(r.low, r.high, 2)).with_details(vec![
                        l.t(
                            "market-rate-note",
                            &[("card", Arg::Str(cat.cards[o.card].name.clone()))],
                        )
                        .unwrap_or_default(),
                    ]),
                    Cell::text(self.break_even_range(b.hours_low, b.hours_high, month, true, l)),
                    // Of the hours as printed; past the whole month, that end never comes.
                    Cell::text(if b.hours_high > Decimal::from(month) {
                        l.t(
                            "break-even-cell-over",
                            &[("low", Arg::Str(l.percent(b.share_low)))],
                        )
                        .unwrap_or_default()
                    } else {
                        l.percent_range(b.share_low, b.share_high)
                    }),
                    // The weekly term the same way, in hours of the week's 168, with the
                    // week's own per-GPU-hour, against which the hourly rates are weighed.
                    Cell::text(self.break_even_range(
                        b.week_hours_low,
                        b.week_hours_high,
                        week,
                        true,
                        l,
                    ))
                    .with_sub(Some(
                        l.t(
                            "break-even-of-week",
                            &[
                                ("hours", Arg::Num(f64::from(week))),
                                ("price", Arg::Str(usd_whole(l, o.weekly))),
                                ("rate", Arg::Str(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                            ],
                        )
                        .unwrap_or_default(),
                    )),
                    Cell::text(usd_range(l, b.window_low, b.window_high)),
                    Cell::text(usd_whole(l, b.window_weekly)).with_sub(Some(
                        l.t(
                            "term-weeks",
                            &[("count", Arg::Num(f64::from(b.window_weeks)))],
                        )
                        .unwrap_or_default(),
                    )),
                ]
            })
            .collect();
        TableView {
            name: "break-even".into(),
            caption: l.s("table-break-even-caption"),
            columns: columns(
                l,
                &[
                    ("col-gpu", false),
                    ("col-monthly", true),
                    ("col-market-hourly", true),
                    ("col-break-even-hours", true),
                    ("col-share-of-month", true),
                    ("col-week-break-even", true),
                    ("col-window-hourly", true),
                    ("col-window-weekly", true),
                ],
            ),
            rows,
            note: self.break_even_note(l),
        }
    }

    /// Every offer's week and month against hourly billing: the hourly rate each must beat when
    /// the card is busy for each of the market's busy shares of the term.
    pub(super) fn beat_table(&self, l: &Tracked<'_>, card: Option<usize>) -> TableView {
        let cat = self.cat;
        let shares = &cat.market.busy_shares;
        let header = |key: &str, share: &Decimal| hubgen_engine::ext::Column {
            header: l
                .t(key, &[("share", Arg::Str(l.percent(*share)))])
                .unwrap_or_default(),
            numeric: true,
        };
        let mut cols = columns(l, &[("col-gpu", false), ("col-monthly", true)]);
        cols.extend(shares.iter().map(|s| header("col-beat-month", s)));
        cols.extend(columns(l, &[("col-weekly", true)]));
        cols.extend(shares.iter().map(|s| header("col-beat-week", s)));
        let rates = |v: &[Decimal]| {
            v.iter()
                .map(|r| Cell::text(per_gpu_hour_text(l, *r)))
                .collect::<Vec<_>>()
        };
        let rows = self
            .tables
            .beat
            .iter()
            .filter(|b| card.is_none_or(|c| self.tables.offers[b.offer].card == c))
            .map(|b| {
                let o = &self.tables.offers[b.offer];
                let mut row = vec![
                    Cell::header(self.offer_name(o, l))
                        .with_sub((!o.in_stock).then(|| l.s("stock-none-short"))),
                    Cell::text(per_month(l, o.monthly)),
                ];
                row.extend(rates(&b.month));
                row.push(Cell::text(per_week(l, o.weekly)));
                row.extend(rates(&b.week));
                row
            })
            .collect();
        TableView {
            name: "hourly-beat".into(),
            caption: l.s("table-beat-caption"),
            columns: cols,
            rows,
            note: l
                .t(
                    "table-beat-note",
                    &[("month", Arg::Num(f64::from(cat.hours_per_month)))],
                )
                .ok(),
        }
    }

    /// The break-even table's note: its rounding, the month's hours, the two-week window and how
    /// many weeks cost less than a month on every card.
    fn break_even_note(&self, l: &Tracked<'_>) -> Option<String> {
        let cat = self.cat;
        let weeks = self.tables.weeks_under_month.unwrap_or(0);
        l.t(
            "table-break-even-note",
            &[
                ("hours", Arg::Num(f64::from(cat.hours_per_month))),
                ("round", Arg::Str(l.number(cat.market.round_hours, 0))),
                ("window", Arg::Num(f64::from(cat.market.window_hours))),
                ("weeks", Arg::Num(f64::from(weeks))),
            ],
        )
        .ok()
    }

    pub(super) fn training_table(&self, l: &Tracked<'_>, card: Option<usize>) -> TableView {
        let cat = self.cat;
        let t = &cat.training;
        let rows = self
            .tables
            .training
            .iter()
            .filter(|r| card.is_none_or(|c| self.tables.offers[r.offer].card == c))
            .map(|r| self.training_row_cells(r, l))
            .collect();
        TableView {
            name: "training".into(),
            caption: l.s("table-training-caption"),
            columns: columns(
                l,
                &[
                    ("col-job", false),
                    ("col-offer", false),
                    ("col-vram-needed", true),
                    ("col-hours", true),
                    ("col-cost-hourly", true),
                    ("col-cost-term", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-training-note",
                    &[
                        ("tokens", Arg::Str(l.int(i64::from(t.tokens_per_example)))),
                        (
                            "mfu",
                            Arg::Str(l.percent_range(dec(t.mfu_low), dec(t.mfu_high))),
                        ),
                        ("hours", Arg::Num(f64::from(cat.hours_per_month))),
                        (
                            "margin",
                            Arg::Str(l.percent(dec(t.term_margin).round_dp(3))),
                        ),
                        (
                            "qlora",
                            Arg::Str(l.number(dec(t.step_factor("qlora")).round_dp(2), 2)),
                        ),
                    ],
                )
                .ok(),
        }
    }

    /// The hours' breakdown of a training row: FLOPs per token × parameters, the FLOPs in all,
    /// and the rate they run at.
    fn training_details(
        &self,
        r: &compute::TrainingRow,
        k: f64,
        tflops: Decimal,
        l: &Tracked<'_>,
    ) -> Vec<String> {
        let cat = self.cat;
        let t = &cat.training;
        let job = &t.jobs[r.job];
        let o = &self.tables.offers[r.offer];
        let mut lines = vec![
            l.t(
                "training-term-k",
                &[
                    ("k", Arg::Num(k)),
                    (
                        "params",
                        // The checkpoint's count from its shapes: 6.74 for Llama 2 7B.
                        Arg::Str(l.number(dec(cat.models[job.model].params / 1e9).round_dp(2), 2)),
                    ),
                ],
            )
            .unwrap_or_default(),
            l.t(
                "training-term-flops",
                &[("flops", Arg::Str(scientific(l, r.flops)))],
            )
            .unwrap_or_default(),
            l.t(
                "training-term-rate",
                &[
                    (
                        "tflops",
                        Arg::Str(l.number(tflops, u32::from(!tflops.fract().is_zero()))),
                    ),
                    ("cards", Arg::Num(f64::from(o.count))),
                    (
                        "mfu",
                        Arg::Str(l.percent_range(dec(t.mfu_low), dec(t.mfu_high))),
                    ),
                ],
            )
            .unwrap_or_default(),
        ];
        let method = &cat.methods[job.method];
        let step = t.step_factor(&method.id);
        if step != 1.0 {
            lines.push(
                l.t(
                    "training-term-step",
                    &[
                        ("factor", Arg::Str(l.number(dec(step).round_dp(2), 2))),
                        ("method", Arg::Str(l.s(&format!("method-{}", method.id)))),
                    ],
                )
                .unwrap_or_default(),
            );
        }
        lines
    }

    /// One row of the training table: the job, the offer, the memory, hours, cost and the term.
    fn training_row_cells(&self, r: &compute::TrainingRow, l: &Tracked<'_>) -> Vec<Cell> {
        let cat = self.cat;
        let t = &cat.training;
        let job = &t.jobs[r.job];
        let o = &self.tables.offers[r.offer];
        let c = &cat.cards[o.card];
        let method = &cat.methods[job.method];
        let k = compute::flops_per_param_token(t, method, job.checkpointing);
        let tflops = c.bf16_tflops.as_ref().map_or(Decimal::ZERO, |s| s.value);
        let job_sub = l
            .t(
                "training-job-size",
                &[
                    ("examples", Arg::Num(f64::from(job.examples))),
                    ("epochs", Arg::Num(f64::from(job.epochs))),
                    ("tokens", Arg::Str(millions(l, r.tokens))),
                ],
            )
            .unwrap_or_default();
        let details = self.training_details(r, k, tflops, l);
        vec![
            Cell::header(self.job_label(job.model, job.method, l)).with_sub(Some(job_sub)),
            Cell::text(self.offer_name(o, l)).with_sub(Some(
                l.t(
                    "training-offer-rate",
                    &[(
                        "tflops",
                        Arg::Str(l.number(tflops, u32::from(!tflops.fract().is_zero()))),
                    )],
                )
                .unwrap_or_default(),
            )),
            // Per card, as in the fit table; on several cards, the total beside the card's usable.
            need_cell(
                l,
                &r.need,
                o.count,
                l.t(
                    "fit-of-usable",
                    &[("usable", Arg::Str(gb1(l, o.usable.gb())))],
                )
                .ok(),
            ),
            Cell::text(hours_tenths(l, r.hours_fast, r.hours_slow)).with_details(details),
            Cell::text(l.usd_range(r.cost_fast, r.cost_slow, 2)).with_sub(Some(
                l.t(
                    "training-at-rate",
                    &[("rate", Arg::Str(l.usd(o.rate(r.run.term()), 2)))],
                )
                .unwrap_or_default(),
            )),
            Cell::text(usd_whole(l, r.run.cost)).with_sub(Some(run_text(l, &r.run))),
        ]
    }

    /// The jobs of the memory table that one card holds within the headroom.
    pub(super) fn jobs_table(&self, l: &Tracked<'_>, card: usize) -> TableView {
        let c = &self.cat.cards[card];
        let usable = c.usable.unwrap_or_default();
        let limit = usable * self.headroom();
        let rows = self
            .tables
            .memory
            .iter()
            .filter(|m| m.need.per_card <= limit)
            .map(|m| {
                vec![
                    Cell::header(self.job_label(m.model, m.method, l)),
                    Cell::text(gb(l, m.need.published_total_gb()))
                        .with_details(memory_terms(l, &m.need)),
                    {
                        let share = m.need.shown_share(usable);
                        Cell::text(l.percent(dec(share).round_dp(2))).with_sub(
                            super::compute::is_tight(self.cat, share).then(|| l.s("share-tight")),
                        )
                    },
                ]
            })
            .collect();
        TableView {
            name: "jobs".into(),
            caption: l
                .t("table-jobs-caption", &[("card", Arg::Str(c.name.clone()))])
                .unwrap_or_default(),
            columns: columns(
                l,
                &[
                    ("col-job", false),
                    ("col-vram-needed", true),
                    ("col-share-of-card", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-jobs-note",
                    &[
                        ("headroom", Arg::Str(l.percent(self.cat.headroom))),
                        ("usable", Arg::Str(gb1(l, usable.gb()))),
                        (
                            "limit",
                            Arg::Str(gb_dec(
                                l,
                                // To the nearest hundredth, as a reader gets it from the
                                // usable figure printed beside it.
                                dec(usable.gb() * self.headroom()).round_dp_with_strategy(
                                    2,
                                    rust_decimal::RoundingStrategy::MidpointAwayFromZero,
                                ),
                                2,
                            )),
                        ),
                        ("tight", Arg::Str(l.percent(self.cat.tight_share))),
                    ],
                )
                .ok(),
        }
    }

    pub(super) fn card_specs_table(&self, l: &Tracked<'_>, card: usize) -> TableView {
        let c = &self.cat.cards[card];
        let ic = &self.cat.interconnects[c.interconnect];
        let mut rows = memory_rows(l, c);
        if let Some(bw) = c.bandwidth_tbs {
            rows.push(spec_row(l, "spec-bandwidth", memory_bandwidth(l, bw), None));
        }
        if let Some(s) = &c.bf16_tflops {
            rows.push(spec_row(
                l,
                "spec-bf16-tflops",
                l.number(s.value, u32::from(!s.value.fract().is_zero())),
                l.t("spec-source", &[("title", Arg::Str(s.source.clone()))])
                    .ok(),
            ));
        }
        rows.push(spec_row(
            l,
            "spec-fp8",
            l.s(if c.fp8 { "spec-yes" } else { "spec-no" }),
            None,
        ));
        // A link a single rental does not use: the card is rented on its own.
        let bundled = self
            .tables
            .offers
            .iter()
            .any(|o| o.card == card && o.count > 1);
        // A card with no link between cards gets no "the card supports it" note; a bundled
        // card's says which bundles use it.
        let note = match ic.sharding {
            _ if bundled => Some(self.link_use(card, l)),
            Sharding::SingleCard => Some(l.s("spec-link-none")),
            _ => Some(l.s("spec-link-single")),
        };
        rows.push(spec_row(l, "spec-interconnect", link_text(ic, l), note));
        if let Some(sw) = &c.software {
            // The stack the card runs; what image comes with it is the image row's, and until
            // one is listed, the note says so rather than implying it is preinstalled.
            let note = self
                .cat
                .images_for(c.vendor)
                .next()
                .is_none()
                .then(|| l.s("spec-software-no-image"));
            rows.push(spec_row(l, "spec-software", sw.clone(), note));
        }
        if let Some(w) = c.tdp_w {
            rows.push(spec_row(
                l,
                "spec-power",
                l.t("unit-watt", &[("value", Arg::Str(l.int(i64::from(w))))])
                    .unwrap_or_default(),
                None,
            ));
        }
        match c.local_nvme_tb {
            Some(nvme) => rows.push(spec_row(l, "spec-local-nvme", tb(l, nvme), None)),
            // A card we rent without the figure: say so rather than leave the reader to guess.
            None if c.price.is_some() => {
                rows.push(spec_row(l, "spec-local-nvme", l.s("spec-not-listed"), None))
            }
            None => {}
        }
        rows.extend(host_rows(l, c));
        rows.extend(self.image_rows(l, c));
        TableView {
            name: "card-specs".into(),
            caption: l
                .t(
                    "table-card-specs-caption",
                    &[("card", Arg::Str(c.name.clone()))],
                )
                .unwrap_or_default(),
            columns: columns(l, &[("col-spec", false), ("col-value", false)]),
            rows,
            note: None,
        }
    }

    /// The images offered for the card's vendor, one line each; "not listed yet" for a card we
    /// rent that has none.
    fn image_rows(&self, l: &Tracked<'_>, c: &Card) -> Option<Vec<Cell>> {
        let images: Vec<String> = self
            .cat
            .images_for(c.vendor)
            .map(|i| {
                l.t(
                    "spec-image",
                    &[
                        ("name", Arg::Str(i.name.clone())),
                        ("os", Arg::Str(i.os.clone())),
                        ("driver", Arg::Str(i.driver.clone())),
                        ("toolkit", Arg::Str(i.toolkit.clone())),
                    ],
                )
                .unwrap_or_default()
            })
            .collect();
        if !images.is_empty() {
            Some(spec_row(l, "spec-images", l.list(&images), None))
        } else if c.price.is_some() {
            Some(spec_row(l, "spec-images", l.s("spec-not-listed"), None))
        } else {
            None
        }
    }

    pub(super) fn card_prices_table(&self, l: &Tracked<'_>, card: usize) -> TableView {
        let c = &self.cat.cards[card];
        let rows = self
            .tables
            .offers
            .iter()
            .filter(|o| o.card == card)
            .map(|o| {
                vec![
                    Cell::header(self.offer_name(o, l)).with_menu(self.rent_menu(o, None, l)),
                    Cell::text(per_gpu_usable(l, o)).with_sub(Some(sold_as(
                        l,
                        o.usable,
                        u64::from(o.card_vram_gb),
                        c.ecc_on,
                    ))),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour))),
                    Cell::text(discount(l, o.discount)),
                ]
            })
            .collect();
        TableView {
            name: "card-prices".into(),
            caption: l
                .t(
                    "table-card-prices-caption",
                    &[("card", Arg::Str(c.name.clone()))],
                )
                .unwrap_or_default(),
            columns: columns(
                l,
                &[
                    ("col-offer", false),
                    ("col-vram", true),
                    ("col-weekly", true),
                    ("col-monthly", true),
                    ("col-discount", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-card-prices-note",
                    &[("hours", Arg::Num(f64::from(self.cat.hours_per_month)))],
                )
                .ok(),
        }
    }

    /// Under a region's free count: the bundles' free whole nodes there, and whether a single
    /// rental would break one up.
    fn region_stock_note(
        &self,
        offers: &[&compute::Offer],
        i: usize,
        free_here: u32,
        l: &Tracked<'_>,
    ) -> Option<String> {
        // A bundle is a whole node: how many of them are free here, said only where the free
        // cards could make one (no "no whole node" under a region with fewer cards than that).
        let nodes: Vec<String> = offers
            .iter()
            .filter(|o| o.count > 1 && free_here >= o.count)
            .map(|o| {
                let free_nodes = o.free.get(i).copied().unwrap_or(0);
                // Where the free nodes are all the free cards, "including" would count them twice.
                let key = if free_nodes > 0 && free_nodes * o.count == free_here {
                    "free-nodes-exact"
                } else {
                    "free-nodes"
                };
                l.t(
                    key,
                    &[
                        ("cards", Arg::Num(f64::from(o.count))),
                        ("nodes", Arg::Num(f64::from(free_nodes))),
                    ],
                )
                .unwrap_or_default()
            })
            .collect();
        // Every free card here is in a free node: a single rental breaks one.
        let broken = offers
            .iter()
            .find(|o| o.count == 1)
            .and_then(|o| self.tables.node_broken_by(o, i))
            .map(|b| {
                l.t(
                    "free-nodes-all",
                    &[
                        ("offer", Arg::Str(self.offer_name(b, l))),
                        (
                            "nodes",
                            Arg::Num(f64::from(b.free.get(i).copied().unwrap_or(0))),
                        ),
                    ],
                )
                .unwrap_or_default()
            });
        match (nodes.is_empty(), broken) {
            (true, None) => None,
            (false, None) => Some(l.list(&nodes)),
            (true, Some(w)) => Some(w),
            (false, Some(w)) => Some(l.sentences(&l.list(&nodes), &w)),
        }
    }

    pub(super) fn card_availability_table(&self, l: &Tracked<'_>, card: usize) -> TableView {
        let c = &self.cat.cards[card];
        let free = c.free_now.clone().unwrap_or_default();
        let offers: Vec<_> = self
            .tables
            .offers
            .iter()
            .filter(|o| o.card == card)
            .collect();
        let rows = self
            .cat
            .regions
            .iter()
            .enumerate()
            .map(|(i, r)| {
                // Where the card is free: a week or a month in that region, of the card alone
                // and of every bundle of it that the region has enough cards for.
                let actions = offers.iter().flat_map(|o| {
                    ["week", "month"].into_iter().filter_map(move |term| {
                        let mut a = self.rent(o, term, i, l)?;
                        if o.count > 1 {
                            let args = [
                                ("offer", Arg::Str(self.offer_name(o, l))),
                                ("region", Arg::Str(r.code.clone())),
                            ];
                            a.text = l.t(&format!("rent-offer-{term}"), &args).unwrap_or(a.text);
                            a.label = l
                                .t(&format!("rent-offer-{term}-label"), &args)
                                .unwrap_or(a.label);
                        }
                        Some(a)
                    })
                });
                let stock_note =
                    self.region_stock_note(&offers, i, free.get(i).copied().unwrap_or(0), l);
                vec![
                    Cell::header(r.code.clone()),
                    Cell::text(l.s(&format!("city-{}", r.city))),
                    Cell::text(l.int(i64::from(free.get(i).copied().unwrap_or(0))))
                        .with_sub(stock_note)
                        .with_actions(actions),
                ]
            })
            .collect();
        TableView {
            name: "card-availability".into(),
            caption: l
                .t(
                    "table-card-availability-caption",
                    &[("card", Arg::Str(c.name.clone()))],
                )
                .unwrap_or_default(),
            columns: columns(
                l,
                &[
                    ("col-region", false),
                    ("col-city", false),
                    ("col-free-now", true),
                ],
            ),
            rows,
            note: match (c.free_now.is_none(), self.stock_as_of(l)) {
                (true, Some(asof)) => Some(l.sentences(&l.s("card-not-stocked"), &asof)),
                (true, None) => Some(l.s("card-not-stocked")),
                (false, asof) => asof,
            },
        }
    }
}

/// The host around one card: CPU cores, RAM and network; "not listed yet" for a card we rent
/// without it.
fn host_rows(l: &Tracked<'_>, c: &Card) -> Vec<Vec<Cell>> {
    match c.host {
        Some(h) => {
            let unit = |k: &str, v: u32| {
                l.t(k, &[("value", Arg::Str(l.int(i64::from(v))))])
                    .unwrap_or_default()
            };
            vec![
                spec_row(l, "spec-host-cpu", l.int(i64::from(h.cpu_cores)), None),
                spec_row(l, "spec-host-ram", unit("unit-gb", h.ram_gb), None),
                spec_row(l, "spec-network", unit("unit-gbits", h.network_gbps), None),
            ]
        }
        None if c.price.is_some() => {
            vec![spec_row(l, "spec-host", l.s("spec-not-listed"), None)]
        }
        None => Vec::new(),
    }
}

/// A card's memory rows: the rated size, the usable size and its source, the memory type.
fn memory_rows(l: &Tracked<'_>, c: &Card) -> Vec<Vec<Cell>> {
    let mut rows = vec![spec_row(
        l,
        "spec-vram",
        rated_gib(l, u64::from(c.vram_gb)),
        Some(l.s("spec-vram-marketed")),
    )];
    if let Some(u) = c.usable {
        let tool = if c.vendor == super::schema::Vendor::Amd {
            "amd-smi"
        } else {
            "nvidia-smi"
        };
        let mib = (u.gb() * 1e9 / 1_048_576.0).round() as i64;
        let key = if c.ecc_on {
            "spec-usable-source-ecc"
        } else {
            "spec-usable-source"
        };
        rows.push(spec_row(
            l,
            "spec-usable",
            gb1(l, u.gb()),
            l.t(
                key,
                &[
                    ("mib", Arg::Str(l.int(mib))),
                    ("tool", Arg::Str(tool.into())),
                    ("of", Arg::Str(sold_as(l, u, u64::from(c.vram_gb), false))),
                ],
            )
            .ok(),
        ));
    }
    if let Some(m) = &c.memory {
        let kind = memory_kind(l, m, (c.ecc, c.ecc_on));
        rows.push(spec_row(l, "spec-memory", kind, None));
    }
    rows
}
