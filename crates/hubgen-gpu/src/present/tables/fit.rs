//! The `fit` table: each job of `data/fit.yaml`, its memory, the card picked for it by the
//! one rule of `compute`, and the alternatives passed over.

use crate::present::*;

impl Site<'_> {
    pub(in crate::present) fn fit_table(&self, l: &Tracked<'_>, card: Option<usize>) -> TableView {
        let cat = self.cat;
        let rows = self
            .tables
            .fit
            .iter()
            .filter(|f| card.is_none_or(|c| f.offers().any(|i| self.tables.offers[i].card == c)))
            .map(|f| {
                let row = &cat.fit_rows[f.row];
                let model = &cat.models[row.model];
                let method = &cat.methods[row.method];
                let o = &self.tables.offers[f.offer];
                let note = row.note.as_ref().map(|k| {
                    // The model's weights, whole: on a sharded bundle `f.need` is per card.
                    let weights = crate::compute::need_alone(cat, model, method).weights;
                    l.t(
                        k,
                        &[
                            ("weights", Arg::Str(gb1(l, weights.gb()))),
                            (
                                "bytes",
                                Arg::Str({
                                    let b = full_bytes_per_param(cat, method);
                                    l.number(b, b.scale())
                                }),
                            ),
                            ("rank", Arg::Num(f64::from(cat.memory.defaults.lora_rank))),
                        ],
                    )
                    .unwrap_or_default()
                });
                let job = l.t(
                    "fit-job",
                    &[
                        ("size", Arg::Str(model.name.clone())),
                        ("method", Arg::Str(l.s(&format!("method-{}", method.id)))),
                    ],
                );
                vec![
                    Cell::header(job.unwrap_or_default()).with_sub(note),
                    // Per card, as every other memory figure; on several cards, the total
                    // under it.
                    need_cell(l, &f.need, o.count, None).with_details(memory_terms(l, &f.need)),
                    self.fit_pick_cell(f, l),
                    Cell::text(l.percent(dec(f.share).round_dp(2))).with_sub(Some({
                        let of = l
                            .t(
                                "fit-of-usable",
                                &[("usable", Arg::Str(gb1(l, o.usable.gb())))],
                            )
                            .unwrap_or_default();
                        // Within the model's error of the line: worth a measured run first.
                        if f.tight {
                            l.t("fit-tight", &[("of", Arg::Str(of.clone()))])
                                .unwrap_or(of)
                        } else {
                            of
                        }
                    })),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour))),
                ]
            })
            .collect();
        TableView {
            name: "fit".into(),
            // The picks are for the reference job: its size says why another table, with other
            // jobs, may pick another card.
            caption: l
                .t(
                    "table-fit-caption",
                    &[(
                        "tokens",
                        Arg::Str(millions(l, crate::compute::reference_tokens(cat))),
                    )],
                )
                .unwrap_or_default(),
            columns: columns(
                l,
                &[
                    ("col-job", false),
                    ("col-vram-needed", true),
                    ("col-card-that-fits", false),
                    ("col-card-share", true),
                    ("col-weekly", true),
                    ("col-monthly", true),
                ],
            ),
            rows,
            note: self.assumptions_note(l, "table-fit-note"),
        }
    }

    /// A fit row's pick: the offer, why it is the pick (the rule's cost of the reference job, or
    /// a hand override's reason) in a line under it, its Rent menu, and behind the offer's name
    /// the rest of what a careful buyer weighs: the stack's unmeasured speed, a short run's
    /// hourly threshold, the bandwidth checks, a node it breaks up. Under it, the offer the rule
    /// passed over and a cheaper offer on another stack, each with its own Rent menu.
    fn fit_pick_cell(&self, f: &crate::compute::Fit, l: &Tracked<'_>) -> Cell {
        let cat = self.cat;
        let o = &self.tables.offers[f.offer];
        let mut more = Vec::new();
        let why = match &f.override_reason {
            Some(k) => l.t("fit-override", &[("reason", Arg::Str(l.s(k)))]),
            None => {
                let mut args = self.choice_args(&f.choice, l);
                // No offer on the first vendor's cards holds the job.
                let first = cat.pick_vendor.filter(|&v| cat.cards[o.card].vendor != v);
                if let Some(v) = first {
                    args.push(("first", Arg::Str(v.stack().into())));
                }
                // Where the rule passed a cheaper offer over, the pick is not the cheapest on
                // paper, and its label says what it is instead.
                let key = match (first, &f.passed_over) {
                    (Some(_), _) => "fit-rule-only",
                    (None, Some(p)) => {
                        // The label names the offer passed over: several may be listed below.
                        let passed = &self.tables.offers[p.choice.offer];
                        args.push(("passed", Arg::Str(self.offer_name(passed, l))));
                        "fit-rule-safe"
                    }
                    (None, None) => "fit-rule",
                };
                more.extend(self.unmeasured_text(o, l));
                l.t(key, &args)
            }
        }
        .unwrap_or_default();
        more.extend(self.short_run_text(&f.choice, l));
        if let Some(b) = &f.bandwidth {
            let extra = vec![("pick", Arg::Str(self.offer_name(o, l)))];
            more.extend(self.check_text("fit-bandwidth", b, extra, l));
        }
        more.extend(
            f.bandwidth_bound
                .as_ref()
                .and_then(|b| self.bound_text(b, o, l)),
        );
        more.extend(self.breaks_node(o, l));
        Cell::text(self.offer_name(o, l))
            .with_sub(Some(why))
            .with_details(more)
            .with_menu(self.rent_menu(o, Some(&f.choice.run), l))
            .with_alt(f.passed_over.as_ref().map(|p| self.fit_co_pick(p, l)))
            .with_alt(f.other.as_ref().map(|c| self.fit_alt(c, l)))
    }

    /// The offer the pick rule passed over, under the pick with its own Rent menu: the
    /// throughput at which it is the cheaper rental (something a buyer can measure), and behind
    /// that label what it costs on paper TFLOPS and if the whole step waits on memory bandwidth.
    fn fit_co_pick(&self, p: &crate::compute::PassedOver, l: &Tracked<'_>) -> Cell {
        let skipped = &self.tables.offers[p.choice.offer];
        let tokens = crate::compute::reference_tokens(self.cat);
        let usable = crate::compute::usable_hours(
            &p.choice.run,
            self.cat.hours_per_month,
            self.cat.training.term_margin,
        );
        let rate = crate::compute::throughput_to_fit(
            tokens,
            &p.choice.run,
            self.cat.hours_per_month,
            self.cat.training.term_margin,
        );
        let paper = [
            ("offer", Arg::Str(self.offer_name(skipped, l))),
            ("tokens_per_s", Arg::Str(l.number(dec(rate), 0))),
            (
                "rival",
                Arg::Str(self.offer_name(&self.tables.offers[p.check.rival.offer], l)),
            ),
        ];
        let extra = vec![
            ("offer", Arg::Str(self.offer_name(skipped, l))),
            ("paper_cost", Arg::Str(usd_whole(l, p.choice.run.cost))),
            ("paper_run", Arg::Str(run_text(l, &p.choice.run))),
            (
                "paper_hours",
                Arg::Str(hours_tenths(l, p.choice.hours_fast, p.choice.hours_slow)),
            ),
            ("tokens_per_s", Arg::Str(l.number(dec(rate), 0))),
            ("tokens", Arg::Str(l.number(dec(tokens), 0))),
            ("usable_hours", Arg::Str(l.number(dec(usable), 1))),
        ];
        let mut more: Vec<String> = self
            .check_text("fit-co-pick-why", &p.check, extra, l)
            .into_iter()
            .collect();
        // Where the pick needs more than one week, the same throughput buys it one week too.
        let rival = &self.tables.offers[p.check.rival.offer];
        let longer = p.check.rival.run.months > 0 || p.check.rival.run.weeks > 1;
        let both = l.t(
            "fit-co-pick-rival-week",
            &[
                ("rival", Arg::Str(self.offer_name(rival, l))),
                ("rival_week", Arg::Str(usd_whole(l, rival.weekly))),
                ("tokens_per_s", Arg::Str(l.number(dec(rate), 0))),
            ],
        );
        if let (true, Ok(both)) = (longer, both) {
            more.push(both);
        }
        more.extend(self.breaks_node(skipped, l));
        // Where the pick's own week would then cost less, the skipped offer is cheaper only while
        // the pick falls short of the same throughput, and the label says so.
        let key = if crate::compute::rival_week_undercuts(p, &self.tables.offers) {
            "fit-co-pick-unless"
        } else {
            "fit-co-pick"
        };
        Cell::text(l.t(key, &paper).unwrap_or_default())
            .with_details(more)
            .with_menu(self.rent_menu(skipped, Some(&p.choice.run), l))
    }

    /// The pick's own hours and price if its speed follows memory bandwidth (see
    /// `compute::bandwidth_bound`).
    fn bound_text(
        &self,
        b: &crate::compute::BandwidthCheck,
        pick: &crate::compute::Offer,
        l: &Tracked<'_>,
    ) -> Option<String> {
        let extra = vec![("pick", Arg::Str(self.offer_name(pick, l)))];
        self.check_text("fit-bandwidth-bound", b, extra, l)
    }

    /// A bandwidth check as the Fluent string `key` words it: the rival, both ratios, and the
    /// capped hours and run with their cost, then `extra`.
    fn check_text(
        &self,
        key: &str,
        b: &crate::compute::BandwidthCheck,
        mut extra: Vec<(&str, Arg)>,
        l: &Tracked<'_>,
    ) -> Option<String> {
        let one = |v: f64| Arg::Str(l.number(dec(v).round_dp(1), 1));
        let rival = &self.tables.offers[b.rival.offer];
        extra.extend([
            ("rival", Arg::Str(self.offer_name(rival, l))),
            ("ratio", one(b.ratio)),
            ("tflops_ratio", one(b.tflops_ratio)),
            ("hours", one(b.hours_slow)),
            ("cost", Arg::Str(usd_whole(l, b.run.cost))),
            ("run", Arg::Str(run_text(l, &b.run))),
            ("rival_cost", Arg::Str(usd_whole(l, b.rival.run.cost))),
            ("rival_run", Arg::Str(run_text(l, &b.rival.run))),
            (
                "margin",
                Arg::Str(l.percent(dec(self.cat.training.term_margin).round_dp(2))),
            ),
        ]);
        l.t(key, &extra).ok()
    }

    /// For an offer off the first vendor's stack: its hours take the stack to reach the same
    /// share of its paper TFLOPS as the first one, unmeasured.
    fn unmeasured_text(&self, o: &crate::compute::Offer, l: &Tracked<'_>) -> Option<String> {
        let stack = self.cat.cards[o.card].vendor;
        let first = self.cat.pick_vendor.filter(|&v| v != stack)?;
        l.t(
            "fit-unmeasured",
            &[
                ("stack", Arg::Str(stack.stack().into())),
                ("first", Arg::Str(first.stack().into())),
            ],
        )
        .ok()
    }

    /// For a job that leaves most of its run idle: the hourly rate below which one run of it
    /// alone costs less by the hour.
    fn short_run_text(&self, c: &crate::compute::Choice, l: &Tracked<'_>) -> Option<String> {
        let o = &self.tables.offers[c.offer];
        let rate = crate::compute::one_run_rate(c, o.count, self.cat.hours_per_month)?;
        let used = c.hours_slow / c.run.hours(self.cat.hours_per_month);
        let fast =
            crate::compute::one_run_rate_fast(c, o.count, self.cat.hours_per_month).unwrap_or(rate);
        l.t(
            "fit-short-run",
            &[
                ("used", Arg::Str(l.percent(dec(used).round_dp(2)))),
                ("rate", Arg::Str(per_gpu_hour_whole(l, rate))),
                ("rate_fast", Arg::Str(per_gpu_hour_whole(l, fast))),
            ],
        )
        .ok()
    }

    /// What a pick weighed, as Fluent arguments: its software stack, the job's hours across the
    /// MFU band, and the run of terms that covers the slow end.
    fn choice_args(&self, c: &crate::compute::Choice, l: &Tracked<'_>) -> Vec<(&'static str, Arg)> {
        let o = &self.tables.offers[c.offer];
        vec![
            (
                "stack",
                Arg::Str(self.cat.cards[o.card].vendor.stack().into()),
            ),
            (
                "hours",
                Arg::Str(hours_tenths(l, c.hours_fast, c.hours_slow)),
            ),
            ("cost", Arg::Str(usd_whole(l, c.run.cost))),
            ("run", Arg::Str(run_text(l, &c.run))),
        ]
    }

    /// A cheaper offer on another software stack, under a fit row's pick: what it costs, how
    /// full it is, and its own Rent actions.
    fn fit_alt(&self, c: &crate::compute::Choice, l: &Tracked<'_>) -> Cell {
        let o = &self.tables.offers[c.offer];
        let share = c.need.shown_share(o.usable);
        let mut args = self.choice_args(c, l);
        args.push(("offer", Arg::Str(self.offer_name(o, l))));
        args.push(("share", Arg::Str(l.percent(dec(share).round_dp(2)))));
        args.push(("usable", Arg::Str(gb1(l, o.usable.gb()))));
        let key = if crate::compute::is_tight(self.cat, share) {
            "fit-other-tight"
        } else {
            "fit-other-why"
        };
        let why = l.t(key, &args).unwrap_or_default();
        let more = [
            self.unmeasured_text(o, l),
            self.short_run_text(c, l),
            self.breaks_node(o, l),
        ];
        Cell::text(l.t("fit-other", &args).unwrap_or_default())
            .with_sub(Some(why))
            .with_details(more.into_iter().flatten().collect())
            .with_menu(self.rent_menu(o, Some(&c.run), l))
    }
}
