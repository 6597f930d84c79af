//! GPU Rent Hub's tables and figures, localised: the shortcodes a writer places in Markdown.

use rust_decimal::Decimal;

use super::codes;
use super::compute;
use super::schema::Sharding;
use super::site::{Site, unknown_item};
use super::units::*;
use hubgen_engine::ext::{Arg, Tracked};
use hubgen_engine::ext::{Args, Call, Error, Output};
use hubgen_engine::ext::{Cell, TableView};

pub const TABLES: [&str; 15] = [
    "fit",
    "calibration",
    "cards",
    "interconnect",
    "storage",
    "bundles",
    "memory",
    "break-even",
    "hourly-beat",
    "training",
    "jobs",
    "card-specs",
    "card-prices",
    "card-availability",
    "service-terms",
];

pub const CHARTS: [&str; 2] = ["memory", "break-even"];

pub const ASSUMPTIONS: [&str; 19] = [
    "seq-len",
    "batch",
    "lora-rank",
    "adapter-share",
    "context",
    "allocator-share",
    "allocator-floor",
    "reserve",
    "quant-bits",
    "logits-bytes",
    "chunk-tokens",
    "optimizer-bytes",
    "headroom",
    "tight",
    "two-weeks-hours",
    "term-margin",
    "week-usable-hours",
    "qlora-step",
    "weeks-under-month",
];

/// The arguments of a shortcode that places one job's memory: the job, and the settings
/// `Site::memory_with` reads.
const JOB_ARGS: [&str; 7] = [
    "model",
    "method",
    "seq",
    "batch",
    "checkpointing",
    "chunked",
    "cards",
];

pub const MEMORY_TERMS: [&str; 8] = [
    "weights",
    "trainable",
    "activations",
    "logits",
    "buffers",
    "reserve",
    "per-card",
    "total",
];

pub const STORAGE_ITEMS: [&str; 10] = [
    "extra-nvme",
    "extra-nvme-max-tb",
    "network-volume",
    "network-replicas",
    "snapshot",
    "egress-included-tb",
    "egress-overage",
    "wipe-days",
    "renewal-notice-hours",
    "hold-hours",
];

/// Every shortcode this domain answers.
pub fn shortcode_names() -> Vec<&'static str> {
    SHORTCODES.iter().map(|s| s.name).collect()
}

impl Site<'_> {
    fn table(&self, name: &str, card: Option<usize>, l: &Tracked<'_>) -> Result<TableView, Error> {
        match name {
            "fit" => Ok(self.fit_table(l, card)),
            "calibration" => Ok(self.calibration_table(l)),
            "cards" => Ok(self.cards_table(l)),
            "interconnect" => Ok(self.interconnect_table(l)),
            "storage" => Ok(self.storage_table(l)),
            "service-terms" => Ok(self.service_terms_table(l)),
            "bundles" => Ok(self.bundles_table(l)),
            "memory" => Ok(self.memory_table(l)),
            "break-even" => Ok(self.break_even_table(l, card)),
            "hourly-beat" => Ok(self.beat_table(l, card)),
            "training" => Ok(self.training_table(l, card)),
            "jobs" => Ok(self.jobs_table(l, self.card_required(card, name)?)),
            "card-specs" => Ok(self.card_specs_table(l, self.card_required(card, name)?)),
            "card-prices" => Ok(self.card_prices_table(l, self.card_required(card, name)?)),
            "card-availability" => {
                Ok(self.card_availability_table(l, self.card_required(card, name)?))
            }
            other => Err(unknown_item("table", other, TABLES)),
        }
    }

    fn fit_table(&self, l: &Tracked<'_>, card: Option<usize>) -> TableView {
        let cat = self.cat;
        let rows = self
            .tables
            .fit
            .iter()
            .filter(|f| {
                card.is_none_or(|c| {
                    let on = |i: usize| self.tables.offers[i].card == c;
                    on(f.offer) || f.other.as_ref().is_some_and(|o| on(o.offer))
                })
            })
            .map(|f| {
                let row = &cat.fit_rows[f.row];
                let model = &cat.models[row.model];
                let method = &cat.methods[row.method];
                let o = &self.tables.offers[f.offer];
                let note = row.note.as_ref().map(|k| {
                    // The model's weights, whole: on a sharded bundle `f.need` is per card.
                    let weights = super::compute::need_alone(cat, model, method).weights;
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
                        Arg::Str(millions(l, super::compute::reference_tokens(cat))),
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
    /// a hand override's reason), a warning where renting it breaks up a free node, its Rent
    /// actions, and under it a cheaper offer on another stack.
    fn fit_pick_cell(&self, f: &super::compute::Fit, l: &Tracked<'_>) -> Cell {
        let cat = self.cat;
        let o = &self.tables.offers[f.offer];
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
                    (None, Some(_)) => "fit-rule-safe",
                    (None, None) => "fit-rule",
                };
                l.t(key, &args).map(|why| self.with_unmeasured(why, o, l))
            }
        }
        .unwrap_or_default();
        let mut why = self.with_short_run(why, &f.choice, l);
        // A Rent action buys one term: where the run needs more, it buys the first of them.
        let run = &f.choice.run;
        if run.months + run.weeks > 1 {
            let hours = i64::from(cat.storage.renewal_notice_hours);
            if let Ok(first) = l.t("fit-rent-first-term", &[("hours", Arg::Str(l.int(hours)))]) {
                why = l.sentences(&why, &first);
            }
        }
        if let Some(b) = &f.bandwidth {
            let extra = vec![("pick", Arg::Str(self.offer_name(o, l)))];
            if let Some(c) = self.check_text("fit-bandwidth", b, extra, l) {
                why = l.sentences(&why, &c);
            }
        }

        if let Some(c) = f
            .bandwidth_bound
            .as_ref()
            .and_then(|b| self.bound_text(b, o, l))
        {
            why = l.sentences(&why, &c);
        }
        Cell::text(self.offer_name(o, l))
            .with_sub(Some(match self.breaks_node(o, l) {
                Some(w) => l.sentences(&why, &w),
                None => why,
            }))
            .with_actions(self.rent_terms_named(o, l))
            .with_alt(f.passed_over.as_ref().map(|p| self.fit_co_pick(p, l)))
            .with_alt(f.other.as_ref().map(|c| self.fit_alt(c, l)))
    }

    /// The offer the pick rule passed over, under the pick with its own Rent actions: what it
    /// costs on paper TFLOPS, the throughput at which that price holds (something a buyer can
    /// measure), and what it costs if the whole step waits on memory bandwidth.
    fn fit_co_pick(&self, p: &super::compute::PassedOver, l: &Tracked<'_>) -> Cell {
        let skipped = &self.tables.offers[p.choice.offer];
        let tokens = super::compute::reference_tokens(self.cat);
        let usable = super::compute::usable_hours(
            &p.choice.run,
            self.cat.hours_per_month,
            self.cat.training.term_margin,
        );
        let rate = super::compute::throughput_to_fit(
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
        let mut why = self
            .check_text("fit-co-pick-why", &p.check, extra, l)
            .unwrap_or_default();
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
            why = l.sentences(&why, &both);
        }
        // Where the pick's own week would then cost less, the skipped offer is cheaper only while
        // the pick falls short of the same throughput, and the label says so.
        let key = if super::compute::rival_week_undercuts(p, &self.tables.offers) {
            "fit-co-pick-unless"
        } else {
            "fit-co-pick"
        };
        Cell::text(l.t(key, &paper).unwrap_or_default())
            .with_sub(Some(match self.breaks_node(skipped, l) {
                Some(w) => l.sentences(&why, &w),
                None => why,
            }))
            .with_actions(self.rent_terms_named(skipped, l))
    }

    /// The pick's own hours and price if its speed follows memory bandwidth (see
    /// `compute::bandwidth_bound`).
    fn bound_text(
        &self,
        b: &super::compute::BandwidthCheck,
        pick: &super::compute::Offer,
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
        b: &super::compute::BandwidthCheck,
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

    /// `why`, and for an offer off the first vendor's stack, that its hours take the stack to
    /// reach the same share of its paper TFLOPS as the first one, unmeasured.
    fn with_unmeasured(&self, why: String, o: &super::compute::Offer, l: &Tracked<'_>) -> String {
        let stack = self.cat.cards[o.card].vendor;
        let Some(first) = self.cat.pick_vendor.filter(|&v| v != stack) else {
            return why;
        };
        match l.t(
            "fit-unmeasured",
            &[
                ("stack", Arg::Str(stack.stack().into())),
                ("first", Arg::Str(first.stack().into())),
            ],
        ) {
            Ok(caveat) => l.sentences(&why, &caveat),
            Err(_) => why,
        }
    }

    /// `why`, and for a job that leaves most of its run idle, the hourly rate below which one run
    /// of it alone costs less by the hour.
    fn with_short_run(&self, why: String, c: &super::compute::Choice, l: &Tracked<'_>) -> String {
        let o = &self.tables.offers[c.offer];
        let Some(rate) = super::compute::one_run_rate(c, o.count, self.cat.hours_per_month) else {
            return why;
        };
        let used = c.hours_slow / c.run.hours(self.cat.hours_per_month);
        let fast =
            super::compute::one_run_rate_fast(c, o.count, self.cat.hours_per_month).unwrap_or(rate);
        match l.t(
            "fit-short-run",
            &[
                ("used", Arg::Str(l.percent(dec(used).round_dp(2)))),
                ("rate", Arg::Str(per_gpu_hour_text(l, rate))),
                ("rate_fast", Arg::Str(per_gpu_hour_text(l, fast))),
            ],
        ) {
            Ok(short) => l.sentences(&why, &short),
            Err(_) => why,
        }
    }

    /// What a pick weighed, as Fluent arguments: its software stack, the job's hours across the
    /// MFU band, and the run of terms that covers the slow end.
    fn choice_args(&self, c: &super::compute::Choice, l: &Tracked<'_>) -> Vec<(&'static str, Arg)> {
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
    fn fit_alt(&self, c: &super::compute::Choice, l: &Tracked<'_>) -> Cell {
        let o = &self.tables.offers[c.offer];
        let share = c.need.shown_share(o.usable);
        let mut args = self.choice_args(c, l);
        args.push(("offer", Arg::Str(self.offer_name(o, l))));
        args.push(("share", Arg::Str(l.percent(dec(share).round_dp(2)))));
        args.push(("usable", Arg::Str(gb1(l, o.usable.gb()))));
        let key = if super::compute::is_tight(self.cat, share) {
            "fit-other-tight"
        } else {
            "fit-other-why"
        };
        let why = l.t(key, &args).unwrap_or_default();
        let why = self.with_short_run(self.with_unmeasured(why, o, l), c, l);
        Cell::text(l.t("fit-other", &args).unwrap_or_default())
            .with_sub(Some(match self.breaks_node(o, l) {
                Some(w) => l.sentences(&why, &w),
                None => why,
            }))
            .with_actions(self.rent_terms_named(o, l))
    }

    /// The Rent action of an offer for `term` (`week` or `month`) in `region`, or in the first
    /// region (data order) with enough of its cards free; none when the site has no order URL
    /// or no region has the cards.
    pub(super) fn rent(
        &self,
        o: &super::compute::Offer,
        term: &str,
        region: Option<usize>,
        l: &Tracked<'_>,
    ) -> Option<hubgen_engine::ext::Action> {
        let template = self.cat.order_url.as_ref()?;
        // Free cards of a single card, free whole nodes of a bundle.
        let free = &o.free;
        let chosen = region.is_none();
        let region = match region {
            Some(r) => (free.get(r).copied().unwrap_or(0) >= 1).then_some(r)?,
            None => super::compute::Tables::rent_region(o)?,
        };
        let r = &self.cat.regions[region];
        // Ids are URL segments (validated), so they go in as they are.
        let href = template
            .replace("{offer}", &o.id)
            .replace("{term}", term)
            .replace("{region}", &r.id);
        let args = [
            ("offer", Arg::Str(self.offer_name(o, l))),
            ("region", Arg::Str(r.code.clone())),
        ];
        // Where the region was chosen here (the first with the cards), the text names it.
        let key = if chosen {
            format!("rent-{term}-in")
        } else {
            format!("rent-{term}")
        };
        Some(hubgen_engine::ext::Action {
            text: l.t(&key, &args).unwrap_or_default(),
            href,
            label: l.t(&format!("{key}-label"), &args).unwrap_or_default(),
        })
    }

    /// A warning for the Rent actions of a single card whose every free card, in the region the
    /// actions order from, is in a free node of a bundle: renting one breaks that node up.
    pub(super) fn breaks_node(&self, o: &super::compute::Offer, l: &Tracked<'_>) -> Option<String> {
        let region = super::compute::Tables::rent_region(o)?;
        let bundle = self.tables.node_broken_by(o, region)?;
        l.t(
            "rent-breaks-node",
            &[
                ("region", Arg::Str(self.cat.regions[region].code.clone())),
                ("bundle", Arg::Str(self.offer_name(bundle, l))),
                (
                    "nodes",
                    Arg::Num(f64::from(bundle.free.get(region).copied().unwrap_or(0))),
                ),
            ],
        )
        .ok()
    }

    /// A week and a month of an offer, in `region` or in the first region with its cards free.
    pub(super) fn rent_terms<'s>(
        &'s self,
        o: &'s super::compute::Offer,
        region: Option<usize>,
        l: &'s Tracked<'_>,
    ) -> impl Iterator<Item = hubgen_engine::ext::Action> + 's {
        ["week", "month"]
            .into_iter()
            .filter_map(move |term| self.rent(o, term, region, l))
    }

    /// The Rent actions of an offer named in their text (`Rent H100 SXM for a week in DFW-1`):
    /// for a cell that offers more than one offer, such as a fit row's pick and the cheaper
    /// offer beside it.
    pub(super) fn rent_terms_named<'s>(
        &'s self,
        o: &'s super::compute::Offer,
        l: &'s Tracked<'_>,
    ) -> impl Iterator<Item = hubgen_engine::ext::Action> + 's {
        let region = super::compute::Tables::rent_region(o);
        ["week", "month"].into_iter().filter_map(move |term| {
            let r = region?;
            let mut a = self.rent(o, term, Some(r), l)?;
            let args = [
                ("offer", Arg::Str(self.offer_name(o, l))),
                ("region", Arg::Str(self.cat.regions[r].code.clone())),
            ];
            a.text = l
                .t(&format!("rent-offer-{term}-label"), &args)
                .unwrap_or(a.text);
            // The text names the offer and the region: it is the accessible name as it stands.
            a.label = a.text.clone();
            Some(a)
        })
    }

    fn cards_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        // Largest usable memory first (memory decides what a card holds), then the cheaper
        // month; the caption says so.
        let mut stocked: Vec<&super::compute::Offer> = self
            .tables
            .offers
            .iter()
            .filter(|o| o.count == 1 && cat.cards[o.card].free_now.is_some())
            .collect();
        stocked.sort_by(|a, b| {
            b.usable
                .partial_cmp(&a.usable)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.monthly.cmp(&b.monthly))
        });
        let rows = stocked
            .into_iter()
            .map(|o| {
                let c = &cat.cards[o.card];
                let ic = &cat.interconnects[c.interconnect];
                let free = c.free_now.clone().unwrap_or_default();
                let total: u32 = free.iter().sum();
                let per_region = cat
                    .regions
                    .iter()
                    .zip(&free)
                    .map(|(r, n)| format!("{} {}", r.code, l.int(i64::from(*n))))
                    .collect::<Vec<_>>();
                let name = c.name.clone();
                vec![
                    Cell::header(name)
                        .with_link(format!("@/{}/{}.md", super::pages::SECTION, c.id))
                        .with_sub(Some(match self.breaks_node(o, l) {
                            Some(w) => l.sentences(&card_spec(c, l), &w),
                            None => card_spec(c, l),
                        }))
                        .with_actions(self.rent_terms(o, None, l)),
                    // The memory a job is compared with first; the size it is sold as below.
                    Cell::text(usable_text(l, o.usable)).with_sub(Some(sold_as(
                        l,
                        o.usable,
                        u64::from(c.vram_gb),
                        c.ecc_on,
                    ))),
                    Cell::text(link_text(ic, l)).with_sub(Some(self.link_use(o.card, l))),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour))),
                    Cell::text(l.int(i64::from(total))).with_details(per_region),
                ]
            })
            .collect();
        TableView {
            name: "cards".into(),
            caption: l.s("table-cards-caption"),
            columns: columns(
                l,
                &[
                    ("col-gpu", false),
                    ("col-vram", true),
                    ("col-interconnect", false),
                    ("col-weekly", true),
                    ("col-monthly", true),
                    ("col-free-now", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-cards-note",
                    &[("hours", Arg::Num(f64::from(cat.hours_per_month)))],
                )
                .ok()
                .map(|n| self.with_stock_date(l, n)),
        }
    }

    /// "Stock as of 30 November 2026." when data says when the stock was counted (the date as
    /// the locale writes it; in ru and uk it ends with the abbreviation of "year" and its dot).
    pub(super) fn stock_as_of(&self, l: &Tracked<'_>) -> Option<String> {
        let date = self.cat.stock_as_of.as_ref()?;
        l.t("stock-as-of", &[("date", Arg::Str(long_date(l, date)))])
            .ok()
    }

    /// Under a link's sharding: the bundles we rent on it, and its cards we rent only singly.
    fn link_rented_as(&self, i: usize, bundles: &[String], l: &Tracked<'_>) -> Option<String> {
        let cat = self.cat;
        // Cards of the link we rent, but never in a bundle: rented singly only.
        let singles: Vec<String> = cat
            .cards
            .iter()
            .enumerate()
            .filter(|(ci, c)| {
                c.interconnect == i
                    && self.tables.offers.iter().any(|o| o.card == *ci)
                    && !self.tables.bundles().any(|o| o.card == *ci)
            })
            .map(|(_, c)| c.name.clone())
            .collect();
        (!bundles.is_empty()).then(|| {
            let bundles = Arg::Str(l.list(bundles));
            if singles.is_empty() {
                l.t("sharding-rented-as", &[("bundles", bundles)])
            } else {
                l.t(
                    "sharding-rented-as-some",
                    &[
                        ("bundles", bundles),
                        ("singles", Arg::Str(l.list(&singles))),
                    ],
                )
            }
            .unwrap_or_default()
        })
    }

    fn interconnect_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let rows = cat
            .interconnects
            .iter()
            .enumerate()
            .map(|(i, ic)| {
                let names: Vec<String> = cat
                    .cards
                    .iter()
                    .filter(|c| c.interconnect == i)
                    .map(|c| c.name.clone())
                    .collect();
                let sharding = sharding_text(ic, l);
                // What a buyer can rent on this link: its cards' offers, single and bundled;
                // a dash when we only describe the link's cards.
                let offers: Vec<String> = self
                    .tables
                    .offers
                    .iter()
                    .filter(|o| cat.cards[o.card].interconnect == i)
                    .map(|o| {
                        let key = match (o.count > 1, o.in_stock) {
                            (true, _) => "offer-as-bundle",
                            (false, true) => "offer-as-single",
                            (false, false) => "offer-as-single-none",
                        };
                        l.t(key, &[("offer", Arg::Str(self.offer_name(o, l)))])
                            .unwrap_or_else(|_| self.offer_name(o, l))
                    })
                    .collect();
                // Sharded work on this link, as we rent it: only the bundles.
                let bundles: Vec<String> = self
                    .tables
                    .bundles()
                    .filter(|o| cat.cards[o.card].interconnect == i)
                    .map(|o| self.offer_name(o, l))
                    .collect();
                // A link that allows sharding, on cards we rent only singly, says so.
                let sharding =
                    if bundles.is_empty() && !offers.is_empty() && ic.sharding.allows_sharding() {
                        l.t(
                            "sharding-not-rented",
                            &[("allowed", Arg::Str(sharding.clone()))],
                        )
                        .unwrap_or(sharding)
                    } else {
                        sharding
                    };
                let offers = if offers.is_empty() {
                    "—".to_owned()
                } else {
                    l.list(&offers)
                };
                let rented_as = self.link_rented_as(i, &bundles, l);
                vec![
                    Cell::header(l.list(&names)).with_sub(ic.group_note.as_ref().map(|k| l.s(k))),
                    Cell::text(l.s(&format!("link-{}", ic.link))),
                    Cell::text(bandwidth(ic, l))
                        .with_sub(ic.host_staged.then(|| l.s("ic-host-staged"))),
                    Cell::text(sharding).with_sub(rented_as),
                    Cell::text(offers),
                ]
            })
            .collect();
        TableView {
            name: "interconnect".into(),
            caption: l.s("table-interconnect-caption"),
            columns: columns(
                l,
                &[
                    ("col-cards", false),
                    ("col-link", false),
                    ("col-bandwidth", true),
                    ("col-sharded", false),
                    ("col-we-rent", false),
                ],
            ),
            rows,
            note: Some(l.s("table-interconnect-note")),
        }
    }

    fn storage_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let s = &cat.storage;
        let included = included_nvme(cat, l);
        let per_tb = |v: Decimal| {
            l.t(
                "price-per-tb-month",
                &[("price", Arg::Str(usd_whole(l, v)))],
            )
            .unwrap_or_default()
        };
        let rows = vec![
            vec![
                Cell::header(l.s("storage-local-nvme")),
                Cell::text(l.s("storage-included")),
                Cell::text(
                    l.t(
                        "storage-local-nvme-terms",
                        &[
                            ("encryption", Arg::Str(s.encryption.clone())),
                            ("days", Arg::Num(f64::from(s.wipe_days))),
                            ("hold", Arg::Num(f64::from(s.hold_hours))),
                        ],
                    )
                    .unwrap_or_default(),
                )
                .with_details(included),
            ],
            vec![
                Cell::header(l.s("storage-extra-nvme")),
                Cell::text(per_tb(s.extra_nvme.usd_per_tb_month)),
                Cell::text(
                    l.t(
                        "storage-extra-nvme-terms",
                        &[(
                            "max",
                            Arg::Str(tb(l, Decimal::from(s.extra_nvme.max_tb_per_node))),
                        )],
                    )
                    .unwrap_or_default(),
                ),
            ],
            vec![
                Cell::header(l.s("storage-network-volume")),
                Cell::text(per_tb(s.network_volume.usd_per_tb_month)),
                Cell::text(
                    l.t(
                        "storage-network-volume-terms",
                        &[("replicas", Arg::Num(f64::from(s.network_volume.replicas)))],
                    )
                    .unwrap_or_default(),
                ),
            ],
            vec![
                Cell::header(l.s("storage-snapshots")),
                Cell::text(per_tb(s.snapshots.usd_per_tb_month)),
                Cell::text(l.s("storage-snapshots-terms")),
            ],
            vec![
                Cell::header(l.s("storage-egress")),
                Cell::text(
                    l.t(
                        "price-per-tb",
                        &[("price", Arg::Str(usd_whole(l, s.egress.usd_per_tb_over)))],
                    )
                    .unwrap_or_default(),
                ),
                Cell::text(
                    l.t(
                        "storage-egress-terms",
                        &[(
                            "included",
                            Arg::Str(tb(l, Decimal::from(s.egress.included_tb_per_month))),
                        )],
                    )
                    .unwrap_or_default(),
                ),
            ],
        ];
        TableView {
            name: "storage".into(),
            caption: l.s("table-storage-caption"),
            columns: columns(
                l,
                &[
                    ("col-storage", false),
                    ("col-price", true),
                    ("col-terms", false),
                ],
            ),
            rows,
            note: None,
        }
    }

    fn bundles_table(&self, l: &Tracked<'_>) -> TableView {
        let rows = self
            .tables
            .offers
            .iter()
            .filter(|o| o.count > 1)
            .map(|o| {
                let single = self
                    .tables
                    .offers
                    .iter()
                    .find(|s| s.count == 1 && s.card == o.card);
                let list = single.map(|s| {
                    l.t(
                        "bundle-list-price",
                        &[(
                            "price",
                            Arg::Str(per_month(l, s.monthly * Decimal::from(o.count))),
                        )],
                    )
                    .unwrap_or_default()
                });
                vec![
                    Cell::header(self.offer_name(o, l)).with_actions(self.rent_terms(o, None, l)),
                    Cell::text(usable_text(l, o.usable * f64::from(o.count))).with_sub(Some(
                        sold_as(
                            l,
                            o.usable * f64::from(o.count),
                            u64::from(o.vram_gb),
                            self.cat.cards[o.card].ecc_on,
                        ),
                    )),
                    Cell::text(l.percent(o.discount)),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly)).with_sub(Some(match list {
                        Some(list) => format!("{} · {list}", per_gpu_hour_text(l, o.per_gpu_hour)),
                        None => per_gpu_hour_text(l, o.per_gpu_hour),
                    })),
                ]
            })
            .collect();
        TableView {
            name: "bundles".into(),
            caption: l.s("table-bundles-caption"),
            columns: columns(
                l,
                &[
                    ("col-bundle", false),
                    ("col-vram", true),
                    ("col-discount", true),
                    ("col-weekly", true),
                    ("col-monthly", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-bundles-note",
                    &[("sig", Arg::Num(f64::from(self.cat.significant_figures)))],
                )
                .ok()
                .map(|n| self.with_stock_date(l, n)),
        }
    }

    fn storage_item(&self, item: &str, l: &Tracked<'_>) -> Result<String, Error> {
        let s = &self.cat.storage;
        Ok(match item {
            "extra-nvme" => usd_whole(l, s.extra_nvme.usd_per_tb_month),
            "extra-nvme-max-tb" => tb(l, Decimal::from(s.extra_nvme.max_tb_per_node)),
            "network-volume" => usd_whole(l, s.network_volume.usd_per_tb_month),
            "network-replicas" => l.int(i64::from(s.network_volume.replicas)),
            "snapshot" => usd_whole(l, s.snapshots.usd_per_tb_month),
            "egress-included-tb" => tb(l, Decimal::from(s.egress.included_tb_per_month)),
            "egress-overage" => usd_whole(l, s.egress.usd_per_tb_over),
            "wipe-days" => l.int(i64::from(s.wipe_days)),
            "renewal-notice-hours" => l.int(i64::from(s.renewal_notice_hours)),
            "hold-hours" => l.int(i64::from(s.hold_hours)),
            other => {
                return Err(unknown_item("storage item", other, STORAGE_ITEMS));
            }
        })
    }
}

impl Site<'_> {
    /// Answers a shortcode call through the registry.
    pub(super) fn answer(
        &self,
        call: &Call,
        a: &mut Args<'_>,
        l: &Tracked<'_>,
    ) -> Result<Output, Error> {
        match SHORTCODES.iter().find(|sc| sc.name == call.name) {
            Some(sc) => {
                // Unknown argument names are errors with a did-you-mean, before the handler runs.
                let allowed: Vec<&str> = sc.args.iter().map(|x| x.trim_end_matches('?')).collect();
                a.check_names(&allowed)?;
                (sc.run)(self, call, a, l)
            }
            None => Err(Error::new(
                hubgen_engine::ext::code::SHORTCODE_UNKNOWN,
                format!("unknown shortcode `{}`", call.name),
            )),
        }
    }
}

/// Every shortcode: its name, arguments (`?`: optional), what it gives, and its handler. The
/// did-you-mean hints and the list in `content/AUTHORING.md` come from here.
pub const SHORTCODES: &[Shortcode] = &[
    Shortcode {
        name: "table",
        args: &["name", "card?"],
        doc: "a computed table, by `name` (fit, cards, interconnect, storage, service-terms, bundles, memory, break-even, hourly-beat, training, jobs, …); `card` keeps one card's rows",
        run: sc_table,
    },
    Shortcode {
        name: "chart",
        args: &["name", "offer?"],
        doc: "an SVG chart, by `name`: `memory`, or `break-even` of an `offer`",
        run: sc_chart,
    },
    Shortcode {
        name: "price",
        args: &["offer", "term?"],
        doc: "an offer's price for a `term`: weekly, monthly (default) or gpu-hour",
        run: sc_price,
    },
    Shortcode {
        name: "cheapest",
        args: &["term?", "cards?", "model?", "method?"],
        doc: "the cheapest offer's price for a `term`, optionally with that many `cards`, or that fits a `model` × `method` job",
        run: sc_cheapest,
    },
    Shortcode {
        name: "share",
        args: &["a", "b"],
        doc: "a's monthly price as a share of b's (`59%`)",
        run: sc_share,
    },
    Shortcode {
        name: "ratio",
        args: &["a", "b"],
        doc: "a's monthly price over b's, one decimal (`1.9`)",
        run: sc_share,
    },
    Shortcode {
        name: "break_even",
        args: &["offer", "term?"],
        doc: "GPU-hours a month where the offer's month costs the same as its market hourly range; with `term=\"weekly\"`, GPU-hours of a week (of 168) where its week does",
        run: sc_break_even,
    },
    Shortcode {
        name: "break_even_share",
        args: &["offer"],
        doc: "the break-even as a share of a month's hours",
        run: sc_break_even,
    },
    Shortcode {
        name: "market_rate",
        args: &["offer?"],
        doc: "the illustrative market hourly range of an offer (default: the H100 SXM)",
        run: sc_market_rate,
    },
    Shortcode {
        name: "two_weeks",
        args: &["offer"],
        doc: "two weeks of round-the-clock use at the market hourly range",
        run: sc_two_weeks,
    },
    Shortcode {
        name: "memory_term",
        args: &[
            "model",
            "method",
            "term",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
            "cards?",
            "mb?",
        ],
        doc: "one term of a job's memory per card: weights, trainable, activations, logits, buffers, reserve, per-card or total (with `mb=true` in whole MB, rounded up)",
        run: sc_memory_term,
    },
    Shortcode {
        name: "vram_per_card",
        args: &[
            "model",
            "method",
            "cards?",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
        ],
        doc: "memory per card when a job is split the default way (ZeRO-3) over `cards`",
        run: sc_vram_per_card,
    },
    Shortcode {
        name: "breakdown",
        args: &["model", "method", "cards?"],
        doc: "a job's memory term by term, each with its formula and figure (a table)",
        run: sc_breakdown,
    },
    Shortcode {
        name: "params",
        args: &["model"],
        doc: "a model's parameter count from its shapes, in scientific notation",
        run: sc_params,
    },
    Shortcode {
        name: "kv_cache_gb",
        args: &["model", "seq?", "batch?"],
        doc: "the BF16 KV cache of one sequence batch",
        run: sc_kv_cache_gb,
    },
    Shortcode {
        name: "tflops",
        args: &["card"],
        doc: "a card's dense BF16 TFLOPS from its datasheet",
        run: sc_tflops,
    },
    Shortcode {
        name: "card_vram",
        args: &["card"],
        doc: "a card's memory as marketed",
        run: sc_card_vram,
    },
    Shortcode {
        name: "card_usable",
        args: &["card"],
        doc: "a card's usable memory in GB (10⁹ bytes), as nvidia-smi or amd-smi reports it",
        run: sc_card_vram,
    },
    Shortcode {
        name: "card_limit",
        args: &["card", "mb?"],
        doc: "the most a job may need on a card: the headroom share of its usable memory, in GB to the nearest 0.01 (with `mb=true` in whole MB, rounded down)",
        run: sc_card_vram,
    },
    Shortcode {
        name: "bandwidth",
        args: &["card", "cards?"],
        doc: "a card's memory bandwidth as the tables print it, GB/s below 2 TB/s (with `cards=N`, that of N of them together)",
        run: sc_card_vram,
    },
    Shortcode {
        name: "train_input",
        args: &["job", "item"],
        doc: "an input of a training job: examples, epochs or tokens (millions)",
        run: sc_train_input,
    },
    Shortcode {
        name: "speed_ratio",
        args: &["a", "b"],
        doc: "ratio of two cards' dense BF16 TFLOPS, one decimal",
        run: sc_speed_ratio,
    },
    Shortcode {
        name: "train_hours",
        args: &["job", "end?", "offer?"],
        doc: "a training job's hours over the utilization range, or with `end` (`low`, `reference`, `high`) at one end of it; with `offer`, on that card or bundle instead of the table's",
        run: sc_train_hours,
    },
    Shortcode {
        name: "train_cost",
        args: &["job", "term?"],
        doc: "a training job's cost: hours × per-GPU-hour price × cards, or with `term=\"term\"` the cheapest covering term",
        run: sc_train_cost,
    },
    Shortcode {
        name: "mfu",
        args: &["end?"],
        doc: "the range of hardware FLOPs utilization the training table assumes (not MFU: the FLOPs per token include the recomputation); `end=\"low\"` (the slow end, whose hours the term a pick sells must cover), `end=\"high\"` or `end=\"reference\"` (the figure the seed's training rows reproduce) alone",
        run: sc_mfu,
    },
    Shortcode {
        name: "tokens_per_example",
        args: &[],
        doc: "tokens per training example",
        run: sc_tokens_per_example,
    },
    Shortcode {
        name: "assumption",
        args: &["name"],
        doc: "one of the memory model's assumptions, by `name`",
        run: sc_assumption,
    },
    Shortcode {
        name: "vram",
        args: &[
            "model",
            "method",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
            "cards?",
        ],
        doc: "GPU memory a job needs in all (Model M2, rounded up), optionally with other `seq`, `batch`, `checkpointing`, `chunked`, `cards`",
        run: sc_vram,
    },
    Shortcode {
        name: "min_card_vram",
        args: &["model", "method"],
        doc: "the least memory one card needs to hold the job within the headroom (the job's need as printed, in whole GB, over the headroom share, rounded up)",
        run: sc_min_card_vram,
    },
    Shortcode {
        name: "bytes_per_param",
        args: &["method"],
        doc: "bytes of training state per parameter of a method",
        run: sc_bytes_per_param,
    },
    Shortcode {
        name: "state_gb",
        args: &["model", "method"],
        doc: "bytes per parameter × parameters of a model",
        run: sc_state_gb,
    },
    Shortcode {
        name: "weights_gb",
        args: &["model", "method?", "bits?"],
        doc: "resident base weights of a job, or weights alone at `bits` 4, 8 or 16",
        run: sc_state_gb,
    },
    Shortcode {
        name: "free_now",
        args: &[],
        doc: "cards free now, all regions",
        run: sc_free_now,
    },
    Shortcode {
        name: "stock_date",
        args: &[],
        doc: "the day the stock counts were taken (`stock_as_of` in data/cards.yaml), as a long date of the page's language",
        run: sc_stock_date,
    },
    Shortcode {
        name: "storage",
        args: &["item"],
        doc: "a storage term, by `item`",
        run: sc_storage,
    },
    Shortcode {
        name: "nvme",
        args: &["offer"],
        doc: "local NVMe included with an offer",
        run: sc_nvme,
    },
    Shortcode {
        name: "calibration",
        args: &["item"],
        doc: "the memory model against the measured runs: `item` `runs`, `median` (|error|), `worst-under`, `worst-over`, or `under-tenth` (runs it comes out more than 10% under)",
        run: sc_calibration,
    },
    Shortcode {
        name: "cache_room",
        args: &["model", "offer", "bits?", "unit?"],
        doc: "serving a model at `bits` (16 or 4) on an offer, its weights split over the cards: the KV cache that fits within the headroom beside them and the runtime context, in all (`unit=\"gb\"`), or as tokens of the model's cache (`unit=\"tokens\"`, to the thousand below)",
        run: sc_cache_room,
    },
    Shortcode {
        name: "fit_cards",
        args: &["nvme"],
        doc: "the cards the fit table offers (its picks and every offer shown under them with its own Rent actions: the cheaper one on another stack, the one passed over), in data order: `nvme=\"listed\"` those whose included local NVMe is set, each with its size; `nvme=\"unlisted\"` the others",
        run: sc_fit_cards,
    },
    Shortcode {
        name: "fit_hours",
        args: &["model", "method", "offer", "end?"],
        doc: "hours of the fit table's reference job for a `model` × `method` on an `offer`, at an `end` of the utilization band: `low` (the slow end, default: what the pick rule's term must cover), `reference` or `high`",
        run: sc_fit_hours,
    },
    Shortcode {
        name: "pick",
        args: &["model", "method", "is", "which?"],
        doc: "the name of the offer the pick rule chooses for a `model` × `method` job at the reference size (the fit table's pick, or with `which=\"other\"` the cheaper offer on another vendor's cards shown under it); `is` names the offer the sentence around it assumes, and any other pick is a build error, so prose that names a pick changes with it",
        run: sc_pick,
    },
    Shortcode {
        name: "coins",
        args: &[],
        doc: "the coins we accept",
        run: sc_coins,
    },
    Shortcode {
        name: "coin_count",
        args: &[],
        doc: "how many coins we accept",
        run: sc_coin_count,
    },
    Shortcode {
        name: "regions",
        args: &[],
        doc: "the regions with their cities",
        run: sc_regions,
    },
    Shortcode {
        name: "max_node_cards",
        args: &[],
        doc: "the most cards in one node",
        run: sc_max_node_cards,
    },
    Shortcode {
        name: "hours_per_month",
        args: &["days?"],
        doc: "the hours in the month prices are quoted for, or with `days=true` that month in days of 24 hours",
        run: sc_hours_per_month,
    },
];

/// One shortcode of the registry.
pub struct Shortcode {
    pub name: &'static str,
    /// Argument names; a trailing `?` marks an optional one.
    pub args: &'static [&'static str],
    #[cfg_attr(not(test), allow(dead_code, reason = "read by the AUTHORING.md list"))]
    pub doc: &'static str,
    run: Handler,
}

/// The shortcode reference for `content/AUTHORING.md`: one row per shortcode, from the registry.
/// What sharding a link allows, in words.
fn sharding_text(ic: &super::model::Interconnect, l: &Tracked<'_>) -> String {
    match ic.sharding {
        Sharding::UpTo => l
            .t(
                "sharding-up-to",
                &[("n", Arg::Num(f64::from(ic.max_cards.unwrap_or(0))))],
            )
            .unwrap_or_default(),
        Sharding::EightWayOnly => l.s("sharding-eight-way-only"),
        Sharding::Pairs => l.s("sharding-pairs"),
        Sharding::DataParallelOnly => l.s("sharding-data-parallel-only"),
        Sharding::SingleCard => l.s("sharding-single-card"),
    }
}

/// The included local NVMe, one line per size, largest first, naming its cards.
fn included_nvme(cat: &super::model::Catalog, l: &Tracked<'_>) -> Vec<String> {
    // Included NVMe, grouped by size, largest first.
    let mut sizes: Vec<Decimal> = cat.cards.iter().filter_map(|c| c.local_nvme_tb).collect();
    sizes.sort_by(|a, b| b.cmp(a));
    sizes.dedup();
    sizes
        .iter()
        .map(|size| {
            let names: Vec<String> = cat
                .cards
                .iter()
                .filter(|c| c.local_nvme_tb == Some(*size))
                .map(|c| c.name.clone())
                .collect();
            l.t(
                "storage-size-cards",
                &[
                    ("size", Arg::Str(tb(l, *size))),
                    ("cards", Arg::Str(l.list(&names))),
                ],
            )
            .unwrap_or_default()
        })
        .collect()
}

#[cfg(test)]
pub fn shortcode_reference() -> String {
    let mut out =
        String::from("| shortcode | arguments (`?`: optional) | gives |\n|---|---|---|\n");
    for sc in SHORTCODES {
        let args: Vec<String> = sc.args.iter().map(|a| format!("`{a}`")).collect();
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            sc.name,
            args.join(", "),
            sc.doc
        ));
    }
    out
}

/// A shortcode handler: the site, the call as written, its arguments and the page's locale.
type Handler = fn(&Site<'_>, &Call, &mut Args<'_>, &Tracked<'_>) -> Result<Output, Error>;

fn text(s: String) -> Result<Output, Error> {
    Ok(Output::Text(s))
}

fn sc_table(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let name = a.str("name")?;
    let card = s.card_arg(a)?;
    a.finish(&["name", "card"])?;
    Ok(Output::Table(s.table(&name, card, l)?))
}

fn sc_chart(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let name = a.str("name")?;
    let out = match name.as_str() {
        "memory" => {
            a.finish(&["name"])?;
            super::charts::memory(s, l)
        }
        "break-even" => {
            let o = s.offer(&a.opt_str("offer")?.unwrap_or_else(|| "h100-sxm".into()))?;
            a.finish(&["name", "offer"])?;
            super::charts::break_even(s, o, l)?
        }
        other => {
            return Err(unknown_item("chart", other, CHARTS));
        }
    };
    Ok(Output::Block(out))
}

fn sc_price(
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

fn sc_cheapest(
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

fn sc_share(s: &Site<'_>, call: &Call, a: &mut Args<'_>, l: &Tracked<'_>) -> Result<Output, Error> {
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

fn sc_break_even(
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
                super::compute::HOURS_PER_WEEK,
            )
        } else if call.name == "break_even" {
            range(b.hours_low, b.hours_high, s.cat.hours_per_month)
        } else {
            l.percent_range(b.share_low, b.share_high)
        }
    };
    text(out)
}

fn sc_market_rate(
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

fn sc_two_weeks(
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

fn sc_memory_term(
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
            return text(super::units::mb(l, (v.gb() * 1000.0).ceil()));
        }
        // Up to two decimals, no trailing zeros: 1.51 GB, 4.5 GB, 140 GB.
        let v = dec(v.gb()).round_dp(2).normalize();
        gb_dec(l, v, v.scale())
    };
    text(out)
}

fn sc_breakdown(
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

fn sc_vram_per_card(
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

fn sc_params(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let mi = s.model_index(&a.str("model")?)?;
    a.finish(&["model"])?;
    text(scientific(l, s.cat.models[mi].arch.params().total()))
}

fn sc_kv_cache_gb(
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
        let kv = super::memory::kv_cache(&cat.models[mi].arch, seq, batch, &cat.memory.constants);
        gb_dec(l, dec(kv.gb()), 2)
    };
    text(out)
}

fn sc_calibration(
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

fn sc_cache_room(
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
    let weights = super::memory::serving_weights(arch, bits, k);
    let room = super::memory::cache_room(weights, o.count, o.usable, cat.headroom_share(), k);
    let out = match unit.as_str() {
        "gb" => gb_dec(l, dec(room.gb()), 1),
        // To the thousand below: a count of tokens that surely fits.
        "tokens" => l.int((super::memory::cache_tokens(arch, room, k) / 1000 * 1000) as i64),
        other => {
            return Err(unknown_item("unit", other, ["gb", "tokens"]));
        }
    };
    text(out)
}

fn sc_tflops(
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

fn sc_card_vram(
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
                super::units::mb(l, (u.gb() * cat.headroom_share() * 1000.0).floor())
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
            super::units::memory_bandwidth(l, bw * Decimal::from(cards))
        }
    };
    text(out)
}

fn sc_train_input(
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

fn sc_speed_ratio(
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

fn sc_train_hours(
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
            None => super::units::hours_tenths(l, fast, slow),
            Some(end) => super::units::hours_tenth(l, band_end(end, (fast, reference, slow))?),
        }
    };
    text(out)
}

fn sc_train_cost(
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

fn sc_mfu(s: &Site<'_>, _call: &Call, a: &mut Args<'_>, l: &Tracked<'_>) -> Result<Output, Error> {
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

fn sc_tokens_per_example(
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

fn sc_assumption(
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
                dec(f64::from(super::compute::HOURS_PER_WEEK) * (1.0 - cat.training.term_margin))
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

fn sc_vram(s: &Site<'_>, _call: &Call, a: &mut Args<'_>, l: &Tracked<'_>) -> Result<Output, Error> {
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

fn sc_min_card_vram(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let out = {
        let (m, me) = s.model_method(a)?;
        a.finish(&["model", "method"])?;
        // From the need as printed, so the reader's division gives the same figure.
        let need = s.memory(m, me).shown_per_card();
        gb(l, (need / s.cat.headroom_share()).ceil_gb())
    };
    text(out)
}

fn sc_bytes_per_param(
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

fn sc_state_gb(
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
        let w = super::memory::serving_weights(&cat.models[mi].arch, bits, &cat.memory.constants);
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

fn sc_free_now(
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

fn sc_stock_date(
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

fn sc_storage(
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

fn sc_nvme(s: &Site<'_>, _call: &Call, a: &mut Args<'_>, l: &Tracked<'_>) -> Result<Output, Error> {
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

fn sc_fit_cards(
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

fn sc_fit_hours(
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
    text(super::units::hours_tenth(
        l,
        band_end(&end, (c.hours_fast, c.hours, c.hours_slow))?,
    ))
}

fn sc_pick(s: &Site<'_>, _call: &Call, a: &mut Args<'_>, l: &Tracked<'_>) -> Result<Output, Error> {
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

fn sc_coins(
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

fn sc_coin_count(
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

fn sc_regions(
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

fn sc_max_node_cards(
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

fn sc_hours_per_month(
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

/// A `YYYY-MM-DD` date as the locale writes it in prose ("30 November 2026", "30 листопада
/// 2026 р.", "2026年11月30日"): the month's name and the order come from the strings.
fn long_date(l: &Tracked<'_>, date: &str) -> String {
    let mut parts = date.splitn(3, '-').map(|p| p.parse::<u32>().ok());
    let (Some(Some(year)), Some(Some(month)), Some(Some(day))) =
        (parts.next(), parts.next(), parts.next())
    else {
        return date.to_owned();
    };
    l.t(
        "date-long",
        &[
            ("day", Arg::Str(day.to_string())),
            ("month", Arg::Str(l.s(&format!("month-of-{month}")))),
            ("monthnum", Arg::Str(month.to_string())),
            ("year", Arg::Str(year.to_string())),
        ],
    )
    .unwrap_or_else(|_| date.to_owned())
}

/// Bytes per parameter when every parameter trains: the weight, its gradient, master copy and
/// optimizer state (16 for mixed-precision AdamW); the weight alone for an adapter method.
fn full_bytes_per_param(cat: &super::model::Catalog, m: &super::memory::Method) -> Decimal {
    let w = super::memory::weight_bytes(m.linear, &cat.memory.constants);
    let state = match m.trains {
        super::memory::Trains::Full => m.state_bytes + cat.memory.defaults.optimizer_bytes,
        super::memory::Trains::Adapter => 0.0,
    };
    dec(w + state).round_dp(3).normalize()
}

#[cfg(test)]
mod registry_tests {
    /// `content/AUTHORING.md` carries the registry's list between its markers;
    /// `UPDATE_AUTHORING=1 cargo test` rewrites it.
    #[test]
    fn authoring_lists_every_shortcode_from_the_registry() {
        let want = super::shortcode_reference();
        crate::assert_generated_section("content/AUTHORING.md", "shortcodes", &want);
        let names: Vec<&str> = super::SHORTCODES.iter().map(|s| s.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "a shortcode is registered twice");
    }
}
