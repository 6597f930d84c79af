//! Pure arithmetic from the validated catalog to tables of raw numbers. No I/O, no formatting.
//! Rules: ARITHMETIC.md (prices §2, memory §3); money in decimal, rounded half-up at the last step.

use rust_decimal::{Decimal, RoundingStrategy};

use super::memory::Job;
pub use super::memory::Strategy;
pub use super::memory::{Bytes, Memory, Method, Trains, memory};
use super::model::{Catalog, Model, OfferRef, Training};
use super::schema::Vendor;

const HALF_UP: RoundingStrategy = RoundingStrategy::MidpointAwayFromZero;

/// Price per GPU-hour: the monthly price over the month's hours and the cards, to cents, half-up.
pub fn per_gpu_hour(monthly: Decimal, cards: u32, hours_per_month: u32) -> Decimal {
    (monthly / Decimal::from(hours_per_month) / Decimal::from(cards))
        .round_dp_with_strategy(2, HALF_UP)
}

/// `value` to `sig` significant figures, half-up.
pub fn round_significant(value: Decimal, sig: u32) -> Decimal {
    value
        .round_sf_with_strategy(sig, HALF_UP)
        .unwrap_or(value)
        .normalize()
}

/// A bundle's price: single × cards × (1 − discount), to `sig` significant figures, half-up.
pub fn multi_card_price(single: Decimal, cards: u32, discount: Decimal, sig: u32) -> Decimal {
    round_significant(
        single * Decimal::from(cards) * (Decimal::ONE - discount),
        sig,
    )
}

/// GPU-hours a month at which a term costs as much as renting by the hour, to the nearest `step` hours.
pub fn break_even_hours(monthly: Decimal, hourly: Decimal, step: Decimal) -> Decimal {
    ((monthly / hourly) / step).round_dp_with_strategy(0, HALF_UP) * step
}

/// Hours to train: `k·P·tokens / (TFLOPS·1e12·cards·MFU·3600)` (ARITHMETIC.md §4).
pub fn training_hours(k: f64, params: f64, tokens: f64, tflops: f64, cards: u32, mfu: f64) -> f64 {
    k * params * tokens / (tflops * 1e12 * f64::from(cards) * mfu * 3600.0)
}

/// FLOPs per parameter per token for a method, with or without activation recompute.
pub fn flops_per_param_token(training: &Training, method: &Method, checkpointing: bool) -> f64 {
    let k = match method.trains {
        Trains::Full => training.k.full,
        Trains::Adapter => training.k.adapter,
    };
    if checkpointing {
        k.checkpointing
    } else {
        k.no_checkpointing
    }
}

/// Money for `hours` at `rate` per hour per card, to cents, half-up.
pub fn hourly_cost(hours: f64, rate: Decimal, cards: u32) -> Decimal {
    let h = Decimal::from_f64_retain(hours)
        .unwrap_or_default()
        .round_dp_with_strategy(6, HALF_UP);
    (h * rate * Decimal::from(cards)).round_dp_with_strategy(2, HALF_UP)
}

/// A rental term: so many weeks or months.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Term {
    Weekly,
    Monthly,
}

/// A run of rentals bought back to back: whole months, then whole weeks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    pub months: u32,
    pub weeks: u32,
    pub cost: Decimal,
}

impl Run {
    /// The hours the run's terms hold: 168 a week, `hours_per_month` a month.
    pub fn hours(&self, hours_per_month: u32) -> f64 {
        f64::from(self.months) * f64::from(hours_per_month)
            + f64::from(self.weeks) * f64::from(HOURS_PER_WEEK)
    }

    /// The term whose per-GPU-hour prices the run: the month's if it holds one.
    pub fn term(&self) -> Term {
        if self.months > 0 {
            Term::Monthly
        } else {
            Term::Weekly
        }
    }
}

/// The training throughput, in tokens per second rounded up, at which `tokens` fit in `run`
/// with its `margin` left free: what a buyer can measure to see whether the run holds the job.
pub fn throughput_to_fit(tokens: f64, run: &Run, hours_per_month: u32, margin: f64) -> f64 {
    (tokens / (usable_hours(run, hours_per_month, margin) * 3600.0)).ceil()
}

/// The hours a run leaves for the job once `margin` of it is kept free.
pub fn usable_hours(run: &Run, hours_per_month: u32, margin: f64) -> f64 {
    run.hours(hours_per_month) * (1.0 - margin)
}

/// The cheapest run of months and weeks that covers `hours` of round-the-clock use and leaves
/// `margin` of every term free (a share: setup, checkpoints, evaluation, a restart): for each
/// count of whole months up to the all-months run, the weeks that cover the rest; on a tie, the
/// fewer months.
pub fn covering_term(
    hours: f64,
    (weekly, monthly): (Decimal, Decimal),
    hours_per_month: u32,
    margin: f64,
) -> Run {
    // Validated data gives finite hours and a margin under one; anything else would run the
    // count of months below to `u32::MAX`.
    assert!(
        hours.is_finite() && hours >= 0.0 && (0.0..1.0).contains(&margin),
        "covering_term: {hours} h at a {margin} margin"
    );
    let week = 168.0 * (1.0 - margin);
    let month = f64::from(hours_per_month) * (1.0 - margin);
    let all_months = (hours / month).ceil().max(1.0) as u32;
    (0..=all_months)
        .map(|months| {
            let rest = (hours - f64::from(months) * month).max(0.0);
            let weeks = (rest / week).ceil() as u32;
            let weeks = if months == 0 { weeks.max(1) } else { weeks };
            Run {
                months,
                weeks,
                cost: monthly * Decimal::from(months) + weekly * Decimal::from(weeks),
            }
        })
        .min_by_key(|r| (r.cost, r.months))
        .expect("at least the all-months run")
}

/// The most weekly rentals that cost less than one month, if it is the same on every offer in
/// stock (on every one, that many weeks cost less than the month and one more week does not).
pub fn weeks_under_month(offers: &[Offer]) -> Option<u32> {
    // data/ holds a month between one and five weeks' price; the bound keeps a zero week finite.
    let under = |o: &Offer| {
        (1..=10u32)
            .take_while(|n| o.weekly * Decimal::from(*n) < o.monthly)
            .count()
    };
    let mut counts = offers.iter().filter(|o| o.in_stock).map(under);
    let first = counts.next()?;
    counts
        .all(|n| n == first)
        .then(|| u32::try_from(first).ok())
        .flatten()
}

/// Hours in a week: a weekly term's per-GPU-hour is its price over these.
pub const HOURS_PER_WEEK: u32 = 168;

/// Something to rent, priced.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub r: OfferRef,
    pub id: String,
    pub card: usize,
    pub count: u32,
    pub weekly: Decimal,
    pub monthly: Decimal,
    /// The month's price per GPU-hour (monthly / hours in a month / cards).
    pub per_gpu_hour: Decimal,
    /// The week's price per GPU-hour (weekly / 168 / cards).
    pub per_gpu_hour_week: Decimal,
    /// One card's usable memory.
    pub usable: Bytes,
    /// All the offer's cards together, as marketed (GB).
    pub vram_gb: u32,
    /// One card's, as marketed.
    pub card_vram_gb: u32,
    pub discount: Decimal,
    /// Per region: free cards (a single card) or free whole nodes (a bundle).
    pub free: Vec<u32>,
    /// Some region has one free (a bundle: a whole node).
    pub in_stock: bool,
    /// Per region, the free units a rental takes without breaking up a free whole node of a
    /// bundle: a single card's free cards less those in free nodes; a bundle's free nodes.
    pub loose: Vec<u32>,
}

impl Offer {
    /// Whether every card holds `need` within `limit` (the headroom share) of its usable memory,
    /// both as the pages print them (`Memory::shown_share`): the need rounded up, the usable
    /// memory to 0.1 GB. So a reader who divides the printed figures finds every offer shown as
    /// holding a job within the limit, and none left out that would be.
    pub fn holds(&self, need: &Memory, limit: f64) -> bool {
        need.cards == self.count && need.shown_share(self.usable) <= limit
    }
    /// The price per GPU-hour of a term.
    pub fn rate(&self, term: Term) -> Decimal {
        match term {
            Term::Weekly => self.per_gpu_hour_week,
            Term::Monthly => self.per_gpu_hour,
        }
    }
}

/// A job's memory on an offer's cards (`placed`, at the published settings).
pub fn need_on(cat: &Catalog, model: &Model, method: &Method, o: &Offer) -> Memory {
    placed(cat, model, method, o, cat.job_on(o.count))
}

/// How `job` runs on an offer's cards: where one card holds all of it within the headroom,
/// plain data parallel, a whole copy on each card, which exchanges only gradients, so the
/// cards scale as the hours assume; otherwise split the data's way (`multi_card_sharding`).
pub fn placed(cat: &Catalog, model: &Model, method: &Method, o: &Offer, job: Job) -> Memory {
    let k = &cat.memory.constants;
    if o.count > 1 {
        let whole = memory(
            &model.arch,
            method,
            k,
            &Job {
                sharding: Strategy::None,
                ..job
            },
        );
        if o.holds(&whole, cat.headroom_share()) {
            return whole;
        }
    }
    memory(&model.arch, method, k, &job)
}

/// A job's memory on one card at the published settings.
pub fn need_alone(cat: &Catalog, model: &Model, method: &Method) -> Memory {
    memory(&model.arch, method, &cat.memory.constants, &cat.job_on(1))
}

/// What the pick rule weighed for one offer.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// Index into `Tables::offers`.
    pub offer: usize,
    pub need: Memory,
    /// Hours of the job at the high, the reference and the low MFU.
    pub hours_fast: f64,
    pub hours: f64,
    pub hours_slow: f64,
    /// The cheapest run of terms that covers the slow end's hours: the job is paid for even
    /// if it runs at the band's low utilization.
    pub run: Run,
}

/// Hours of `tokens` of training on an offer at `mfu`.
fn hours_on(
    cat: &Catalog,
    model: &Model,
    method: &Method,
    o: &Offer,
    tokens: f64,
    mfu: f64,
) -> f64 {
    let k = flops_per_param_token(
        &cat.training,
        method,
        cat.memory.defaults.grad_checkpointing,
    );
    let tflops = tflops_of(cat, o.card);
    training_hours(k, model.params, tokens, tflops, o.count, mfu)
        * cat.training.step_factor(&method.id)
}

fn tflops_of(cat: &Catalog, card: usize) -> f64 {
    cat.cards[card]
        .bf16_tflops
        .as_ref()
        .and_then(|s| rust_decimal::prelude::ToPrimitive::to_f64(&s.value))
        .unwrap_or(0.0)
}

/// What finishing `tokens` of training on offer `i` takes and costs: its hours across the MFU
/// band, bought as the cheapest run of weekly or monthly terms that covers the slow end.
pub fn choice_on(
    cat: &Catalog,
    offers: &[Offer],
    i: usize,
    (model, method): (&Model, &Method),
    tokens: f64,
) -> Choice {
    let o = &offers[i];
    let t = &cat.training;
    let hours = |mfu| hours_on(cat, model, method, o, tokens, mfu);
    let hours_slow = hours(t.mfu_low);
    let run = covering_term(
        hours_slow,
        (o.weekly, o.monthly),
        cat.hours_per_month,
        t.term_margin,
    );
    Choice {
        offer: i,
        need: need_on(cat, model, method, o),
        hours_fast: hours(t.mfu_high),
        hours: hours(t.mfu_ref),
        hours_slow,
        run,
    }
}

/// Every offer in stock (on `vendor`'s cards, if given) whose every card holds the job within
/// the headroom, with what finishing `tokens` of training on it takes and costs, cheapest
/// first: by the run of terms that covers the slow end of the MFU band, then the lower monthly
/// price, then data order.
fn candidates(
    cat: &Catalog,
    offers: &[Offer],
    (model, method): (&Model, &Method),
    tokens: f64,
    vendor: Option<Vendor>,
) -> Vec<Choice> {
    let limit = cat.headroom_share();
    let mut out: Vec<Choice> = offers
        .iter()
        .enumerate()
        .filter(|(_, o)| o.in_stock && tflops_of(cat, o.card) > 0.0)
        .filter(|(_, o)| vendor.is_none_or(|v| cat.cards[o.card].vendor == v))
        .filter(|(_, o)| o.holds(&need_on(cat, model, method, o), limit))
        .map(|(i, _)| choice_on(cat, offers, i, (model, method), tokens))
        .collect();
    out.sort_by_key(|c| (c.run.cost, offers[c.offer].monthly, c.offer));
    out
}

/// The pick rule (ARITHMETIC.md §7.5): among the candidates (see `candidates`), the cheapest
/// whose lead does not rest on paper TFLOPS alone: one that no rival would undercut if the
/// pick were faster than it only by their memory bandwidth ratio (`bandwidth_check`), so the
/// pick costs least whichever of the two its speed follows. Where every candidate rests on
/// paper TFLOPS, the cheapest. Beside the pick, the cheaper-looking candidate it passed over,
/// if any, with the check that set it aside. `None` when no offer holds the job.
pub fn pick(
    cat: &Catalog,
    offers: &[Offer],
    job: (&Model, &Method),
    tokens: f64,
    vendor: Option<Vendor>,
) -> Option<(Choice, Option<PassedOver>)> {
    let all = candidates(cat, offers, job, tokens, vendor);
    let cheapest = all.first()?;
    let robust = all
        .iter()
        .find(|c| bandwidth_check(cat, offers, c, job, tokens).is_none());
    match robust {
        Some(c) if c.offer != cheapest.offer => {
            let passed =
                bandwidth_check(cat, offers, cheapest, job, tokens).map(|check| PassedOver {
                    choice: cheapest.clone(),
                    check,
                });
            Some((c.clone(), passed))
        }
        Some(c) => Some((c.clone(), None)),
        None => Some((cheapest.clone(), None)),
    }
}

/// Whether the pick's own week costs less than the run of the offer it passed over: at the
/// throughput that run needs, one week of the pick holds the job too (the throughput is the
/// job's, the same on any GPU), so the passed-over offer is cheaper only while the pick falls
/// short of it.
pub fn rival_week_undercuts(p: &PassedOver, offers: &[Offer]) -> bool {
    offers[p.check.rival.offer].weekly < p.choice.run.cost
}

/// An offer the pick rule passed over: the cheapest on paper TFLOPS, set aside because at its
/// bandwidth-capped speed (`check`) a rival costs less.
#[derive(Debug, Clone, PartialEq)]
pub struct PassedOver {
    pub choice: Choice,
    pub check: BandwidthCheck,
}

/// The table's picks for a job: the rule's pick among the first vendor's offers (where none
/// holds it, among all), and beside it the cheaper pick on another vendor's cards, if there is
/// one.
pub fn picks(
    cat: &Catalog,
    offers: &[Offer],
    job: (&Model, &Method),
    tokens: f64,
) -> Option<(Choice, Option<Choice>)> {
    picks_passed(cat, offers, job, tokens).map(|(c, other, _)| (c, other))
}

/// `picks`, with the cheaper-looking offer the first pick passed over (see `pick`).
pub fn picks_passed(
    cat: &Catalog,
    offers: &[Offer],
    job: (&Model, &Method),
    tokens: f64,
) -> Option<(Choice, Option<Choice>, Option<PassedOver>)> {
    let (any, any_passed) = pick(cat, offers, job, tokens, None)?;
    let Some((first, first_passed)) = cat
        .pick_vendor
        .and_then(|v| pick(cat, offers, job, tokens, Some(v)))
    else {
        return Some((any, None, any_passed));
    };
    let vendor = |c: &Choice| cat.cards[offers[c.offer].card].vendor;
    let other = (vendor(&any) != vendor(&first)).then_some(any);
    Some((first, other, first_passed))
}

/// A job that, at the slow end, uses less than this share of its run of terms (leaves three
/// quarters of it idle) is a short run: one of it alone may cost less by the hour, and the fit
/// table says below what rate.
pub const SHORT_RUN_SHARE: f64 = 0.25;

/// For a short run (see `SHORT_RUN_SHARE`): the hourly rate per GPU below which one run of the
/// job by the hour costs less than the terms `c` buys, at the slow end's hours as the cell prints
/// them (to 0.1 h, so the reader can redo the division), to cents, rounded down. `None` for a
/// run that uses most of its terms.
pub fn one_run_rate(c: &Choice, cards: u32, hours_per_month: u32) -> Option<Decimal> {
    let held = c.run.hours(hours_per_month);
    if !(c.hours_slow > 0.0 && c.hours_slow < SHORT_RUN_SHARE * held) {
        return None;
    }
    rate_over(c.run.cost, c.hours_slow, cards)
}

/// The same rate at the fast end's hours, for the same short runs only: the top of the range
/// (a run that goes at the fast end is shorter, so hourly billing wins up to a higher rate).
pub fn one_run_rate_fast(c: &Choice, cards: u32, hours_per_month: u32) -> Option<Decimal> {
    one_run_rate(c, cards, hours_per_month)?;
    rate_over(c.run.cost, c.hours_fast, cards)
}

/// `cost` over `hours` (as printed, to 0.1 h) on `cards` GPUs, rounded down to two significant
/// figures (never finer than a cent): below it, hourly billing is cheaper for certain, and a
/// threshold from a modelled run has no more digits worth printing ($173.08 → $170).
fn rate_over(cost: Decimal, hours: f64, cards: u32) -> Option<Decimal> {
    use rust_decimal::prelude::FromPrimitive;
    let gpu_hours = Decimal::from_f64(hours)?.round_dp(1) * Decimal::from(cards);
    if gpu_hours.is_zero() {
        return None;
    }
    Some(floor_two_figures(cost / gpu_hours))
}

/// `v` rounded down to two significant figures, or to the cent below 0.10.
pub fn floor_two_figures(v: Decimal) -> Decimal {
    let ten = Decimal::TEN;
    let mut step = Decimal::new(1, 2);
    while v >= step * ten * ten {
        step *= ten;
    }
    ((v / step).floor() * step).normalize()
}

/// Where a pick's lead over a cheaper-looking rival rests on paper TFLOPS alone: the rival, the
/// ratio of their memory bandwidth (all cards together), and what the pick would cost if it
/// were faster than the rival only by that ratio.
#[derive(Debug, Clone, PartialEq)]
pub struct BandwidthCheck {
    pub rival: Choice,
    /// The pick's bandwidth over the rival's, and its dense TFLOPS over the rival's (the larger).
    pub ratio: f64,
    pub tflops_ratio: f64,
    /// The pick's slow-end hours at that lead, and the run of terms that would cover them.
    pub hours_slow: f64,
    pub run: Run,
}

/// Bandwidth of all an offer's cards together, in TB/s; `None` where data gives none.
fn bandwidth_of(cat: &Catalog, o: &Offer) -> Option<f64> {
    let bw = cat.cards[o.card].bandwidth_tbs?;
    rust_decimal::prelude::ToPrimitive::to_f64(&bw).map(|b| b * f64::from(o.count))
}

/// The pick rule's speeds come from dense TFLOPS; a step that waits on memory (QLoRA's
/// dequantisation, small batches) speeds up only by the bandwidth ratio. For each rival on the
/// pick's vendor that holds the job and whose TFLOPS lead is smaller than the pick's bandwidth
/// lead would suggest, this re-prices the pick with its lead capped at the bandwidth ratio;
/// the cheapest rival that would then cost less than the pick, if any.
pub fn bandwidth_check(
    cat: &Catalog,
    offers: &[Offer],
    pick: &Choice,
    job: (&Model, &Method),
    tokens: f64,
) -> Option<BandwidthCheck> {
    capped_by_bandwidth(cat, offers, pick, job, tokens)
        .into_iter()
        .filter(|b| b.run.cost > b.rival.run.cost)
        .min_by_key(|b| (b.rival.run.cost, b.rival.offer))
}

/// What the pick costs if its speed follows memory bandwidth rather than paper TFLOPS: its lead
/// over each slower rival capped at their bandwidth ratio, the one that leaves it the most
/// hours. Only where that run costs more than the pick's; the pick may still be the cheapest
/// (`bandwidth_check` finds none cheaper), but its price then does not hold either way.
pub fn bandwidth_bound(
    cat: &Catalog,
    offers: &[Offer],
    pick: &Choice,
    job: (&Model, &Method),
    tokens: f64,
) -> Option<BandwidthCheck> {
    capped_by_bandwidth(cat, offers, pick, job, tokens)
        .into_iter()
        .filter(|b| b.run.cost > pick.run.cost)
        .max_by(|a, b| {
            (a.run.cost, a.hours_slow)
                .partial_cmp(&(b.run.cost, b.hours_slow))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
}

/// For each rival on the pick's vendor, in stock and holding the job, whose TFLOPS lead is
/// smaller than the pick's bandwidth lead would suggest: the pick re-priced with its lead capped
/// at the bandwidth ratio.
fn capped_by_bandwidth(
    cat: &Catalog,
    offers: &[Offer],
    pick: &Choice,
    (model, method): (&Model, &Method),
    tokens: f64,
) -> Vec<BandwidthCheck> {
    let limit = cat.headroom_share();
    let p = &offers[pick.offer];
    let vendor = cat.cards[p.card].vendor;
    let Some(p_bw) = bandwidth_of(cat, p) else {
        return Vec::new();
    };
    let p_tf = tflops_of(cat, p.card) * f64::from(p.count);
    offers
        .iter()
        .enumerate()
        .filter(|(i, o)| *i != pick.offer && o.in_stock && cat.cards[o.card].vendor == vendor)
        .filter(|(_, o)| tflops_of(cat, o.card) > 0.0)
        .filter(|(_, o)| o.holds(&need_on(cat, model, method, o), limit))
        .filter_map(|(i, o)| {
            let ratio = p_bw / bandwidth_of(cat, o)?;
            let tf_ratio = p_tf / (tflops_of(cat, o.card) * f64::from(o.count));
            if tf_ratio <= ratio {
                return None;
            }
            let rival = choice_on(cat, offers, i, (model, method), tokens);
            let hours_slow = (rival.hours_slow / ratio).max(pick.hours_slow);
            let run = covering_term(
                hours_slow,
                (p.weekly, p.monthly),
                cat.hours_per_month,
                cat.training.term_margin,
            );
            Some(BandwidthCheck {
                rival,
                ratio,
                tflops_ratio: tf_ratio,
                hours_slow,
                run,
            })
        })
        .collect()
}

/// Whether a job filling `share` of a card is tight: above `tight_share`, so within the
/// model's error of the headroom. Compared as printed, in whole percent: a row that reads 80%
/// is not marked tight against an 80% line.
pub fn is_tight(cat: &Catalog, share: f64) -> bool {
    use rust_decimal::prelude::FromPrimitive;
    Decimal::from_f64(share).is_some_and(|d| d.round_dp(2) > cat.tight_share)
}

/// The tokens of the fit table's reference job.
pub fn reference_tokens(cat: &Catalog) -> f64 {
    let (examples, epochs) = cat.reference_job;
    f64::from(examples) * f64::from(epochs) * f64::from(cat.training.tokens_per_example)
}

/// One fit-table row, computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub row: usize,
    /// The job on its offer's cards: per card and in total.
    pub need: Memory,
    /// Index into `Tables::offers`.
    pub offer: usize,
    /// Per-card need / one card's usable memory.
    pub share: f64,
    /// The share is above `tight_share`: within the model's error of the headroom.
    pub tight: bool,
    /// The rule's pick and what it weighed (the pick itself unless overridden).
    pub choice: Choice,
    /// A cheaper pick on another vendor's cards (another software stack), shown beside it.
    pub other: Option<Choice>,
    /// The Fluent key of a hand override's reason.
    pub override_reason: Option<String>,
    /// Where the rule's pick wins only on paper TFLOPS (see `bandwidth_check`): only when every
    /// candidate does.
    pub bandwidth: Option<BandwidthCheck>,
    /// The cheaper-looking offer the rule passed over because its lead rests on paper TFLOPS.
    pub passed_over: Option<PassedOver>,
    /// The pick's own price if its speed follows memory bandwidth, where that costs more (see
    /// `bandwidth_bound`); not where the row already names an offer passed over.
    pub bandwidth_bound: Option<BandwidthCheck>,
}

impl Fit {
    /// Every offer the row names with a Rent action: the pick, the offer the rule passed over,
    /// and the pick on another vendor's cards. A card's page lists the rows that name it.
    pub fn offers(&self) -> impl Iterator<Item = usize> + '_ {
        std::iter::once(self.offer)
            .chain(self.passed_over.as_ref().map(|p| p.choice.offer))
            .chain(self.other.as_ref().map(|o| o.offer))
    }
}

/// The hourly rate a term must beat: its price over the GPU-hours used in it (`hours` × the
/// share of them the card is busy × the cards), to cents, half-up. Below this rate, hourly
/// billing for the same use costs less.
pub fn rate_to_beat(price: Decimal, hours: u32, busy: Decimal, cards: u32) -> Decimal {
    (price / (Decimal::from(hours) * busy * Decimal::from(cards)))
        .round_dp_with_strategy(2, HALF_UP)
}

/// One offer's week and month against hourly billing: the rate each must beat at each busy share.
#[derive(Debug, Clone, PartialEq)]
pub struct Beat {
    /// Index into `Tables::offers`.
    pub offer: usize,
    /// By `Market::busy_shares`, in order.
    pub month: Vec<Decimal>,
    pub week: Vec<Decimal>,
}

/// Every offer's rates to beat, in offer order.
pub fn beats(cat: &Catalog, offers: &[Offer]) -> Vec<Beat> {
    let shares = &cat.market.busy_shares;
    offers
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let at = |price, hours| {
                shares
                    .iter()
                    .map(|b| rate_to_beat(price, hours, *b, o.count))
                    .collect()
            };
            Beat {
                offer: i,
                month: at(o.monthly, cat.hours_per_month),
                week: at(o.weekly, HOURS_PER_WEEK),
            }
        })
        .collect()
}

/// One card's terms against its market hourly range.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakEven {
    /// Index into `Tables::offers` (single cards).
    pub offer: usize,
    /// Index into the market rates.
    pub rate: usize,
    /// Monthly break-even against the high hourly rate (fewer hours) and the low one (more).
    pub hours_low: Decimal,
    pub hours_high: Decimal,
    /// Those hours (as rounded) as a share of the month.
    pub share_low: Decimal,
    pub share_high: Decimal,
    /// The weekly term's break-even, in whole hours of the week's 168 (a week is short: ten-hour
    /// steps would hide whether it fits in it).
    pub week_hours_low: Decimal,
    pub week_hours_high: Decimal,
    /// The window (two weeks) round the clock at the low and high hourly rates.
    pub window_low: Decimal,
    pub window_high: Decimal,
    /// Weekly terms covering the window.
    pub window_weeks: u32,
    pub window_weekly: Decimal,
}

/// One training job, computed.
#[derive(Debug, Clone, PartialEq)]
pub struct TrainingRow {
    pub job: usize,
    /// Index into `Tables::offers`.
    pub offer: usize,
    pub need: Memory,
    pub tokens: f64,
    pub flops: f64,
    /// At the high MFU (fast) and the low MFU (slow).
    pub hours_fast: f64,
    pub hours_slow: f64,
    /// At the reference MFU (step factor included, like every figure here).
    pub hours_ref: f64,
    /// Hours × the per-GPU-hour of the term that covers them × cards.
    pub cost_fast: Decimal,
    pub cost_slow: Decimal,
    /// The cheapest run of months and weeks that covers the slow hours (its term prices the
    /// hours per GPU-hour).
    pub run: Run,
    /// The Fluent key of a hand override's reason.
    pub override_reason: Option<String>,
}

/// One cell of the memory table: a model trained with a method.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryCell {
    pub model: usize,
    pub method: usize,
    /// On one card.
    pub need: Memory,
    /// The rule's pick for the reference job, if an offer in stock holds it.
    pub pick: Option<Choice>,
    /// A cheaper pick on another vendor's cards.
    pub other: Option<Choice>,
}

/// What a violation is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    FitRow(usize),
    TrainingJob(usize),
}

/// A job that no offer holds, or that does not fit its hand-picked offer.
#[derive(Debug, Clone, PartialEq)]
pub struct FitViolation {
    pub row: Subject,
    /// Per card, on the offer (or on one card when nothing holds it).
    pub need: Bytes,
    /// The offer's id, when one was named.
    pub offer: Option<String>,
    /// One card's usable memory and the share allowed of it.
    pub usable: Bytes,
    pub limit: Bytes,
}

/// Every computed table of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// Priced single cards in data order, then bundles.
    pub offers: Vec<Offer>,
    pub fit: Vec<Fit>,
    pub memory: Vec<MemoryCell>,
    pub break_even: Vec<BreakEven>,
    /// Every offer's rates to beat.
    pub beat: Vec<Beat>,
    /// The most weekly rentals that cost less than a month, when every offer in stock agrees.
    pub weeks_under_month: Option<u32>,
    pub training: Vec<TrainingRow>,
    /// The model against every measured run, and the bands' figures over them: computed once,
    /// for the memory page's table, its shortcode and the export.
    pub calibration: Vec<super::calibration::Check>,
    pub calibration_summary: super::calibration::Summary,
}

impl Tables {
    pub fn offer(&self, r: OfferRef) -> Option<&Offer> {
        self.offers.iter().find(|o| o.r == r)
    }

    /// The bundles (offers of several cards), in data order.
    pub fn bundles(&self) -> impl Iterator<Item = &Offer> {
        self.offers.iter().filter(|o| o.count > 1)
    }

    /// The bundle whose free whole node renting one `o` in `region` breaks up: where every free
    /// card of a single card there is in free nodes. `None` for bundles and loose cards.
    pub fn node_broken_by(&self, o: &Offer, region: usize) -> Option<&Offer> {
        let free = o.free.get(region).copied().unwrap_or(0);
        if o.count > 1 || free == 0 || o.loose.get(region).copied().unwrap_or(0) > 0 {
            return None;
        }
        self.bundles()
            .find(|b| b.card == o.card && b.free.get(region).copied().unwrap_or(0) > 0)
    }

    /// For a single card none of which is in stock, the one to rent instead: a single card in
    /// stock whose usable memory, as printed, is at least this one's, so it holds every job this
    /// card holds (`Offer::holds` compares printed figures too); on the same vendor's stack where
    /// one qualifies, as the fit table prefers it; then the cheapest month, then week.
    pub fn nearest_in_stock(&self, cat: &Catalog, o: &Offer) -> Option<&Offer> {
        let printed = |x: &Offer| (x.usable.gb() * 10.0).round() as i64;
        let vendor = |x: &Offer| cat.cards[x.card].vendor;
        if o.in_stock || o.count != 1 {
            return None;
        }
        self.offers
            .iter()
            .filter(|x| x.count == 1 && x.in_stock && printed(x) >= printed(o))
            .min_by_key(|x| (vendor(x) != vendor(o), x.monthly, x.weekly))
    }

    /// The region a Rent action without a chosen region orders from: the first (data order)
    /// with a loose unit free, else the first with any.
    pub fn rent_region(o: &Offer) -> Option<usize> {
        o.loose
            .iter()
            .position(|&n| n >= 1)
            .or_else(|| o.free.iter().position(|&n| n >= 1))
    }

    /// The break-even of an offer: computed once, here, for every single card with a market
    /// rate; the table, the shortcodes and the chart all read it.
    pub fn break_even_of(&self, r: OfferRef) -> Option<&BreakEven> {
        self.break_even.iter().find(|b| self.offers[b.offer].r == r)
    }
}

/// All offers with their prices.
pub fn offers(cat: &Catalog) -> Vec<Offer> {
    let hours = cat.hours_per_month;
    let mut out = Vec::new();
    for (i, c) in cat.cards.iter().enumerate() {
        if let (Some(p), Some(usable)) = (c.price, c.usable) {
            let free = c.free_now.clone().unwrap_or_default();
            out.push(Offer {
                r: OfferRef::Card(i),
                id: c.id.clone(),
                card: i,
                count: 1,
                weekly: p.weekly_usd,
                monthly: p.monthly_usd,
                per_gpu_hour: per_gpu_hour(p.monthly_usd, 1, hours),
                per_gpu_hour_week: per_gpu_hour(p.weekly_usd, 1, HOURS_PER_WEEK),
                usable,
                vram_gb: c.vram_gb,
                card_vram_gb: c.vram_gb,
                discount: Decimal::ZERO,
                in_stock: free.iter().any(|&n| n > 0),
                loose: free.clone(),
                free,
            });
        }
    }
    for (i, b) in cat.bundles.iter().enumerate() {
        let card = &cat.cards[b.card];
        let (Some(p), Some(usable)) = (card.price, card.usable) else {
            continue;
        };
        let sig = cat.significant_figures;
        let monthly = multi_card_price(p.monthly_usd, b.count, b.discount, sig);
        let weekly = multi_card_price(p.weekly_usd, b.count, b.discount, sig);
        out.push(Offer {
            r: OfferRef::Bundle(i),
            id: b.id.clone(),
            card: b.card,
            count: b.count,
            weekly,
            monthly,
            per_gpu_hour: per_gpu_hour(monthly, b.count, hours),
            per_gpu_hour_week: per_gpu_hour(weekly, b.count, HOURS_PER_WEEK),
            usable,
            vram_gb: card.vram_gb * b.count,
            card_vram_gb: card.vram_gb,
            discount: b.discount,
            in_stock: b.free_nodes.iter().any(|&n| n > 0),
            loose: b.free_nodes.clone(),
            free: b.free_nodes.clone(),
        });
    }
    // A single card's cards in free whole nodes are not loose.
    let nodes: Vec<(usize, u32, Vec<u32>)> = out
        .iter()
        .filter(|b| b.count > 1)
        .map(|b| (b.card, b.count, b.free.clone()))
        .collect();
    for o in out.iter_mut().filter(|o| o.count == 1) {
        for (_, count, free) in nodes.iter().filter(|(c, _, _)| *c == o.card) {
            for (loose, n) in o.loose.iter_mut().zip(free) {
                *loose = loose.saturating_sub(count * n);
            }
        }
    }
    out
}

/// Computes every table. Fails with every job no offer holds, and every hand-picked offer that
/// cannot hold its job.
pub fn compute(cat: &Catalog) -> Result<Tables, Vec<FitViolation>> {
    let offers = offers(cat);
    let mut violations = Vec::new();
    let fit = fit_table(cat, &offers, &mut violations);
    let training = training_table(cat, &offers, &mut violations);
    if !violations.is_empty() {
        return Err(violations);
    }
    let reference = reference_tokens(cat);
    let calibration = super::calibration::check(cat);
    Ok(Tables {
        beat: beats(cat, &offers),
        weeks_under_month: weeks_under_month(&offers),
        memory: memory_grid(cat, &offers, reference),
        break_even: break_even_rows(cat, &offers),
        offers,
        fit,
        training,
        calibration_summary: super::calibration::summary(&calibration),
        calibration,
    })
}

/// The fit table's rows; a row whose job no offer holds, or whose hand pick cannot hold it, is
/// a violation instead.
fn fit_table(cat: &Catalog, offers: &[Offer], violations: &mut Vec<FitViolation>) -> Vec<Fit> {
    let limit = cat.headroom_share();
    let reference = reference_tokens(cat);
    let mut fit = Vec::new();
    for (row, r) in cat.fit_rows.iter().enumerate() {
        let model = &cat.models[r.model];
        let method = &cat.methods[r.method];
        let found = picks_passed(cat, offers, (model, method), reference);
        let (choice, other, passed_over) = match found {
            Some((c, o, p)) => (Some(c), o, p),
            None => (None, None, None),
        };
        let chosen = match (&r.pick, &choice) {
            (Some((pick, reason)), _) => offers
                .iter()
                .position(|o| o.r == *pick)
                .map(|i| (i, Some(reason.clone()))),
            (None, Some(c)) => Some((c.offer, None)),
            (None, None) => None,
        };
        let Some((offer, override_reason)) = chosen else {
            violations.push(unheld(cat, Subject::FitRow(row), model, method));
            continue;
        };
        let o = &offers[offer];
        let need = need_on(cat, model, method, o);
        if !o.holds(&need, limit) {
            violations.push(violation(Subject::FitRow(row), &need, o, limit));
            continue;
        }
        let choice =
            choice.unwrap_or_else(|| choice_on(cat, offers, offer, (model, method), reference));
        let bandwidth = override_reason
            .is_none()
            .then(|| bandwidth_check(cat, offers, &choice, (model, method), reference))
            .flatten();
        let bound = (override_reason.is_none() && bandwidth.is_none() && passed_over.is_none())
            .then(|| bandwidth_bound(cat, offers, &choice, (model, method), reference))
            .flatten();
        // Of the figure as printed, so the reader's division gives the page's percentage.
        let share = need.shown_share(o.usable);
        fit.push(Fit {
            row,
            need,
            offer,
            share,
            tight: is_tight(cat, share),
            choice,
            other,
            passed_over: passed_over.filter(|_| override_reason.is_none()),
            override_reason,
            bandwidth,
            bandwidth_bound: bound,
        });
    }
    fit
}

/// The training table's rows, each on its hand-picked offer or the one the fit rule picks; a
/// job no offer holds is a violation instead.
fn training_table(
    cat: &Catalog,
    offers: &[Offer],
    violations: &mut Vec<FitViolation>,
) -> Vec<TrainingRow> {
    let limit = cat.headroom_share();
    let mut training = Vec::new();
    for (j, job) in cat.training.jobs.iter().enumerate() {
        let model = &cat.models[job.model];
        let method = &cat.methods[job.method];
        let offer = match &job.offer {
            Some((r, reason)) => offers
                .iter()
                .position(|o| o.r == *r)
                .map(|i| (i, Some(reason.clone()))),
            None => {
                picks(cat, offers, (model, method), job_tokens(job)).map(|(c, _)| (c.offer, None))
            }
        };
        let Some((offer, reason)) = offer else {
            violations.push(unheld(cat, Subject::TrainingJob(j), model, method));
            continue;
        };
        let mut row = training_row(cat, offers, j, offer);
        row.override_reason = reason;
        let o = &offers[offer];
        if !o.holds(&row.need, limit) {
            violations.push(violation(Subject::TrainingJob(j), &row.need, o, limit));
        }
        training.push(row);
    }
    training
}

/// A job that no offer in the catalogue holds.
fn unheld(cat: &Catalog, row: Subject, model: &Model, method: &Method) -> FitViolation {
    FitViolation {
        row,
        need: need_alone(cat, model, method).per_card,
        offer: None,
        usable: Bytes::ZERO,
        limit: Bytes::ZERO,
    }
}

fn violation(row: Subject, need: &Memory, o: &Offer, limit: f64) -> FitViolation {
    FitViolation {
        row,
        need: need.per_card,
        offer: Some(o.id.clone()),
        usable: o.usable,
        limit: o.usable * limit,
    }
}

fn job_tokens(job: &super::model::TrainingJob) -> f64 {
    f64::from(job.examples) * f64::from(job.epochs) * f64::from(job.tokens_per_example)
}

/// Every model with every method, at the published job settings.
fn memory_grid(cat: &Catalog, offers: &[Offer], reference: f64) -> Vec<MemoryCell> {
    let mut out = Vec::new();
    for (mi, model) in cat.models.iter().enumerate() {
        for (me, method) in cat.methods.iter().enumerate() {
            let (pick, other) = picks(cat, offers, (model, method), reference).unzip();
            out.push(MemoryCell {
                model: mi,
                method: me,
                need: need_alone(cat, model, method),
                pick,
                other: other.flatten(),
            });
        }
    }
    out
}

/// Each single card with a market rate: its terms against the hourly range.
fn break_even_rows(cat: &Catalog, offers: &[Offer]) -> Vec<BreakEven> {
    let m = &cat.market;
    let month = Decimal::from(cat.hours_per_month);
    let window = Decimal::from(m.window_hours);
    offers
        .iter()
        .enumerate()
        .filter(|(_, o)| o.count == 1)
        .filter_map(|(i, o)| {
            let rate = m.rates.iter().position(|r| r.card == o.card)?;
            let r = &m.rates[rate];
            let hours_low = break_even_hours(o.monthly, r.high, m.round_hours);
            let hours_high = break_even_hours(o.monthly, r.low, m.round_hours);
            // Of the month, from the hours as printed, so a reader who divides the figure
            // beside it by the month gets the same share.
            let share = |hours: Decimal| (hours / month).round_dp_with_strategy(2, HALF_UP);
            let weeks = m.window_hours.div_ceil(HOURS_PER_WEEK).max(1);
            Some(BreakEven {
                offer: i,
                rate,
                hours_low,
                hours_high,
                share_low: share(hours_low),
                share_high: share(hours_high),
                // The week's to the same step as the month's.
                week_hours_low: break_even_hours(o.weekly, r.high, m.round_hours),
                week_hours_high: break_even_hours(o.weekly, r.low, m.round_hours),
                window_low: (window * r.low).round_dp_with_strategy(2, HALF_UP),
                window_high: (window * r.high).round_dp_with_strategy(2, HALF_UP),
                window_weeks: weeks,
                window_weekly: o.weekly * Decimal::from(weeks),
            })
        })
        .collect()
}

/// Hours to a tenth, half away from zero: as the training table prints them.
pub fn tenth(hours: f64) -> f64 {
    (hours * 10.0).round() / 10.0
}

/// One training job on an offer.
pub fn training_row(cat: &Catalog, offers: &[Offer], j: usize, offer: usize) -> TrainingRow {
    let t = &cat.training;
    let job = &t.jobs[j];
    let model = &cat.models[job.model];
    let method = &cat.methods[job.method];
    let o = &offers[offer];
    let mut settings = cat.job_on(o.count);
    settings.grad_checkpointing = job.checkpointing;
    let need = placed(cat, model, method, o, settings);
    let tokens = job_tokens(job);
    let k = flops_per_param_token(t, method, job.checkpointing);
    let tflops = tflops_of(cat, o.card);
    let step = t.step_factor(&method.id);
    let hours = |mfu: f64| training_hours(k, model.params, tokens, tflops, o.count, mfu) * step;
    let (fast, slow) = (hours(t.mfu_high), hours(t.mfu_low));
    let cover =
        |h: f64| covering_term(h, (o.weekly, o.monthly), cat.hours_per_month, t.term_margin);
    let run = cover(slow);
    let term = run.term();
    let term_fast = cover(fast).term();
    TrainingRow {
        job: j,
        offer,
        need,
        tokens,
        flops: k * model.params * tokens,
        hours_fast: fast,
        hours_slow: slow,
        hours_ref: hours(t.mfu_ref),
        // Of the hours as the table prints them, to a tenth, so hours × rate × cards is the cost.
        cost_fast: hourly_cost(tenth(fast), o.rate(term_fast), o.count),
        cost_slow: hourly_cost(tenth(slow), o.rate(term), o.count),
        run,
        override_reason: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        s.parse().unwrap()
    }

    #[test]
    fn per_gpu_hour_rounds_half_up_in_decimal() {
        assert_eq!(per_gpu_hour(d("990"), 1, 720), d("1.38")); // 1.375 exactly: a tie
        assert_eq!(per_gpu_hour(d("190"), 1, 720), d("0.26"));
        assert_eq!(per_gpu_hour(d("1881"), 2, 720), d("1.31"));
        // 0.125 is a tie that half-even would send down.
        assert_eq!(per_gpu_hour(d("90"), 1, 720), d("0.13"));
    }

    #[test]
    fn multi_card_prices_keep_four_significant_figures() {
        assert_eq!(multi_card_price(d("1590"), 8, d("0.1"), 4), d("11450"));
        assert_eq!(multi_card_price(d("990"), 2, d("0.05"), 4), d("1881"));
        assert_eq!(multi_card_price(d("1690"), 8, d("0.1"), 4), d("12170"));
    }

    /// The test fixture's data (tests/fixtures/site/data), not the real site's: a writer's price
    /// edit must not break these tests.
    fn fixture_catalog() -> Catalog {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
            .join("tests/fixtures/site");
        let (cat, _) = crate::load::load(&hubgen_engine::ext::SiteFiles::new(&root))
            .expect("the fixture's data/ loads");
        cat
    }

    fn by_id(offers: &[Offer], id: &str) -> usize {
        offers.iter().position(|o| o.id == id).expect(id)
    }

    #[test]
    fn a_job_without_checkpointing_trains_faster_and_needs_more_memory() {
        let mut cat = fixture_catalog();
        let offers = offers(&cat);
        let j = cat
            .training
            .jobs
            .iter()
            .position(|j| j.id == "7b-lora-a100")
            .expect("job");
        let o = by_id(&offers, "a100-sxm");
        let with = training_row(&cat, &offers, j, o);
        cat.training.jobs[j].checkpointing = false;
        cat.training.jobs[j].tokens_per_example *= 2;
        let without = training_row(&cat, &offers, j, o);
        // k goes from 6 to 4 (no recompute) while the tokens double: 2 × 4/6 of the time.
        assert!((without.hours_slow / with.hours_slow - 2.0 * 4.0 / 6.0).abs() < 1e-9);
        assert!(without.need.activations.gb() > 5.0 * with.need.activations.gb());
        assert!(without.cost_slow > with.cost_slow);
    }

    #[test]
    fn training_cost_of_the_fixtures_two_jobs_derived_by_hand() {
        // From the fixture's data (derived by hand, not by this code): P = 6,738,415,616, the
        // count from Llama 2 7B's shapes (models.yaml).
        // 7b-full-a100: full with checkpointing → k = 8; tokens = 50,000 × 2 × 1,300 = 1.3e8;
        // override 2x-a100-sxm: 2 × 312 TFLOPS; weekly 2 × 300 × 0.95 = 570 → 570 / 168 / 2 =
        // 1.696 → $1.70 per GPU-hour for a week (the term that covers the job).
        // The cost is of the hours as printed, to a tenth:
        //   slow (MFU 0.25): 8 × P × 1.3e8 / (312e12 × 2 × 0.25 × 3600) = 12.4785 h → 12.5 h;
        //     × 1.70 × 2 = $42.50
        //   fast (MFU 0.50): 6.2390 h → 6.2 h × 1.70 × 2 = $21.08
        // 7b-lora-a100 on a100-sxm (k = 6, tokens 1.95e7, 312 TFLOPS): weekly 300 / 168 = 1.7857
        // → $1.79 per GPU-hour.
        //   slow: 6 × P × 1.95e7 / (312e12 × 0.25 × 3600) = 2.8076 h → 2.8 h × 1.79 = 5.012 → $5.01
        //   fast: 1.4038 h → 1.4 h × 1.79 = 2.506 → $2.51
        let cat = fixture_catalog();
        let offers = offers(&cat);
        let row = |id: &str, offer: &str| {
            let j = cat.training.jobs.iter().position(|j| j.id == id).expect(id);
            training_row(&cat, &offers, j, by_id(&offers, offer))
        };
        let full = row("7b-full-a100", "2x-a100-sxm");
        assert!(
            (full.hours_slow - 12.477_9).abs() < 1e-3,
            "{}",
            full.hours_slow
        );
        assert_eq!(full.run.term(), Term::Weekly);
        assert_eq!(full.cost_slow, d("42.50"));
        assert_eq!(full.cost_fast, d("21.08"));
        let lora = row("7b-lora-a100", "a100-sxm");
        assert!(
            (lora.hours_slow - 2.807_6).abs() < 1e-3,
            "{}",
            lora.hours_slow
        );
        assert_eq!(lora.cost_slow, d("5.01"));
        assert_eq!(lora.cost_fast, d("2.51"));
        // The computed table keeps the override of the full job and its reason.
        let tables = compute(&cat).expect("the fixture's data/ computes");
        let t = tables
            .training
            .iter()
            .find(|r| cat.training.jobs[r.job].id == "7b-full-a100")
            .expect("row");
        assert_eq!(tables.offers[t.offer].id, "2x-a100-sxm");
        assert_eq!(
            t.override_reason.as_deref(),
            Some("pick-note-cheapest-cuda")
        );
    }

    #[test]
    fn a_bundle_runs_data_parallel_where_one_card_holds_the_job_and_shards_otherwise() {
        let cat = fixture_catalog();
        let offers = offers(&cat);
        let pair = &offers[by_id(&offers, "2x-a100-sxm")];
        let job = |model: &str, method: &str| {
            (
                &cat.models[cat.model_index(model).expect("model")],
                &cat.methods[cat.method_index(method).expect("method")],
            )
        };
        // 70B QLoRA (51 GB) fits one A100 whole: a full copy on each card, the one-card figure
        // per card, twice that in all.
        let (model, method) = job("llama2-70b", "qlora");
        let alone = need_alone(&cat, model, method);
        let on_pair = need_on(&cat, model, method, pair);
        assert!(alone.per_card <= pair.usable * cat.headroom_share());
        assert_eq!(on_pair.sharding, Strategy::None);
        assert_eq!(on_pair.per_card, alone.per_card);
        assert_eq!(on_pair.cards, 2);
        assert!((on_pair.total.get() - 2.0 * alone.per_card.get()).abs() < 1.0);
        // 7B full fine-tuning (123 GB) does not: split the data's way, less on each card.
        let (model, method) = job("llama2-7b", "full");
        let alone = need_alone(&cat, model, method);
        let on_pair = need_on(&cat, model, method, pair);
        assert!(alone.per_card > pair.usable * cat.headroom_share());
        assert_eq!(on_pair.sharding, cat.memory.multi_card_sharding);
        assert_eq!(on_pair.sharding, Strategy::Zero3);
        assert!(on_pair.per_card < alone.per_card);
        // One card is never "sharded".
        assert_eq!(alone.sharding, Strategy::None);
    }

    #[test]
    fn the_pick_is_the_cheapest_to_finish_among_offers_in_stock_that_hold_the_job() {
        // The fixture's RTX 4090 ($100 a week, 24 GB) holds 7B QLoRA but has no `free_now`;
        // of the offers in stock, the A100 SXM finishes the reference job in a week for $300.
        let cat = fixture_catalog();
        let offers = offers(&cat);
        assert!(!offers[by_id(&offers, "rtx-4090")].in_stock);
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let need = need_on(&cat, model, method, &offers[by_id(&offers, "rtx-4090")]);
        assert!(offers[by_id(&offers, "rtx-4090")].holds(&need, cat.headroom_share()));
        let (c, _) =
            pick(&cat, &offers, (model, method), reference_tokens(&cat), None).expect("a pick");
        assert_eq!(offers[c.offer].id, "a100-sxm");
        assert_eq!(
            (c.run.term(), c.run.weeks, c.run.cost),
            (Term::Weekly, 1, d("300"))
        );
        // With the 4090 in stock, it wins: it finishes the same job in a week for $100.
        let mut stocked = offers.clone();
        let i = by_id(&stocked, "rtx-4090");
        stocked[i].in_stock = true;
        let (c, _) = pick(
            &cat,
            &stocked,
            (model, method),
            reference_tokens(&cat),
            None,
        )
        .expect("a pick");
        assert_eq!(stocked[c.offer].id, "rtx-4090");
        // A bundle with no whole node free is not in stock, whatever its cards' stock.
        assert!(!offers[by_id(&offers, "8x-h100-sxm")].in_stock);
        assert!(offers[by_id(&offers, "2x-a100-sxm")].in_stock);
    }

    #[test]
    fn the_term_bought_covers_the_job_at_the_slow_end_of_the_band() {
        let mut cat = fixture_catalog();
        let offers = offers(&cat);
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let a100 = by_id(&offers, "a100-sxm");
        let tokens = reference_tokens(&cat);
        let c = choice_on(&cat, &offers, a100, (model, method), tokens);
        assert!(c.hours_fast < c.hours && c.hours <= c.hours_slow, "{c:?}");
        assert!(
            c.hours_slow <= 168.0,
            "the fixture's job fits a week: {c:?}"
        );
        assert_eq!((c.run.term(), c.run.weeks), (Term::Weekly, 1));
        // Slow the low end until the job no longer fits a week there: the term grows with it,
        // though the reference hours have not moved.
        let model = model.clone();
        let method = method.clone();
        cat.training.mfu_low = cat.training.mfu_ref * c.hours / 170.0;
        let slow = choice_on(&cat, &offers, a100, (&model, &method), tokens);
        assert!((slow.hours - c.hours).abs() < 1e-9);
        assert!(slow.hours_slow > 168.0, "{slow:?}");
        assert_eq!(
            (slow.run.term(), slow.run.weeks, slow.run.cost),
            (Term::Weekly, 2, d("600"))
        );
        // 160 h at the slow end fit a week, but not the 151.2 h its tenth's margin leaves.
        cat.training.mfu_low = cat.training.mfu_ref * c.hours / 160.0;
        assert_eq!(cat.training.term_margin, 0.1, "the fixture's margin");
        let tight = choice_on(&cat, &offers, a100, (&model, &method), tokens);
        assert!((tight.hours_slow - 160.0).abs() < 1e-6, "{tight:?}");
        assert_eq!((tight.run.term(), tight.run.weeks), (Term::Weekly, 2));
        cat.training.term_margin = 0.0;
        let bare = choice_on(&cat, &offers, a100, (&model, &method), tokens);
        assert_eq!((bare.run.term(), bare.run.weeks), (Term::Weekly, 1));
    }

    #[test]
    fn a_short_run_gets_the_hourly_rate_one_run_must_beat_and_a_long_one_none() {
        let cat = fixture_catalog();
        let offers = offers(&cat);
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let base = choice_on(&cat, &offers, 0, (model, method), 1e6);
        let choice = |hours_slow: f64, weeks: u32, cost: &str| Choice {
            hours_slow,
            run: Run {
                months: 0,
                weeks,
                cost: d(cost),
            },
            ..base.clone()
        };
        // $500 for a week, a 10 h job on one card: by the hour, below $50 it costs less.
        assert_eq!(one_run_rate(&choice(10.0, 1, "500"), 1, 720), Some(d("50")));
        // On 8 cards the same run is 80 GPU-hours: $6.25, to two figures $6.2.
        assert_eq!(
            one_run_rate(&choice(10.0, 1, "500"), 8, 720),
            Some(d("6.2"))
        );
        // Rounded down (11.93 → 11), so the rate printed is one below which hourly billing
        // always wins; never up (to 12).
        assert_eq!(one_run_rate(&choice(41.9, 1, "500"), 1, 720), Some(d("11")));
        // Two figures at any size: $173.08 → $170, $0.5678 → $0.56, $0.0467 → $0.04.
        assert_eq!(floor_two_figures(d("173.08")), d("170"));
        assert_eq!(floor_two_figures(d("99.99")), d("99"));
        assert_eq!(floor_two_figures(d("100")), d("100"));
        assert_eq!(floor_two_figures(d("0.5678")), d("0.56"));
        assert_eq!(floor_two_figures(d("0.0467")), d("0.04"));
        assert_eq!(floor_two_figures(d("1.0")), d("1"));
        // From the hours as printed: a 4.96 h run reads "5.0 h", so $450 over it is $90.
        assert_eq!(one_run_rate(&choice(4.96, 1, "450"), 1, 720), Some(d("90")));
        // A quarter of the week or more is not a short run.
        assert_eq!(one_run_rate(&choice(42.0, 1, "500"), 1, 720), None);
        // Two weeks hold 336 h: 80 h is under a quarter of them.
        assert_eq!(one_run_rate(&choice(80.0, 2, "900"), 1, 720), Some(d("11")));
        assert_eq!(one_run_rate(&choice(0.0, 1, "500"), 1, 720), None);
        // The fast end's rate: the same cost over the fast end's hours, for short runs only.
        let fast = Choice {
            hours_fast: 5.0,
            ..choice(10.0, 1, "500")
        };
        assert_eq!(one_run_rate_fast(&fast, 1, 720), Some(d("100")));
        assert_eq!(one_run_rate_fast(&fast, 2, 720), Some(d("50")));
        let long = Choice {
            hours_fast: 5.0,
            ..choice(42.0, 1, "500")
        };
        assert_eq!(one_run_rate_fast(&long, 1, 720), None);
        let month = Run {
            months: 1,
            weeks: 1,
            cost: d("1"),
        };
        assert_eq!(month.hours(720), 888.0);
    }

    #[test]
    fn a_pick_that_wins_only_on_paper_tflops_names_the_rival_that_bandwidth_would_favour() {
        let cat = fixture_catalog();
        let mut offers = offers(&cat);
        let (h100, a100) = (by_id(&offers, "h100-sxm"), by_id(&offers, "a100-sxm"));
        // The two cards alone: a bundle or another card is no part of this comparison.
        for (i, o) in offers.iter_mut().enumerate() {
            o.in_stock = i == h100 || i == a100;
        }
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let job = (model, method);
        let base = reference_tokens(&cat);
        let on_a100 = choice_on(&cat, &offers, a100, job, base);
        // Tokens for which the A100 needs `hours` at the slow end.
        let tokens = |hours: f64| base * hours / on_a100.hours_slow;
        let bw = 3.35 / 2.04;
        // 280 h on the A100: two weeks ($600), so the H100's week ($500) is the pick. At the
        // bandwidth ratio alone the H100 would need 280 / 1.64 = 170.5 h: two weeks, $1,000.
        let t = tokens(280.0);
        let paper = choice_on(&cat, &offers, h100, job, t);
        let b = bandwidth_check(&cat, &offers, &paper, job, t).expect("the H100 rests on TFLOPS");
        assert_eq!(b.rival.offer, a100);
        assert!((b.ratio - bw).abs() < 1e-9, "{b:?}");
        assert!((b.tflops_ratio - 989.0 / 312.0).abs() < 1e-9, "{b:?}");
        assert!((b.hours_slow - 280.0 / bw).abs() < 1e-6, "{b:?}");
        assert_eq!((b.run.weeks, b.run.cost), (2, d("1000")));
        assert_eq!(b.rival.run.cost, d("600"));
        // So the rule passes the H100 over and picks the A100, which costs least whichever of
        // the two the speed follows, and says what it passed over.
        let (pick, passed) = pick(&cat, &offers, job, t, None).expect("pick");
        assert_eq!(pick.offer, a100);
        let passed = passed.expect("the H100 passed over");
        assert_eq!(passed.choice.offer, h100);
        assert_eq!(passed.choice.run.cost, d("500"));
        assert_eq!(passed.check, b);
        // 200 h on the A100: the H100 at the bandwidth ratio needs 121.8 h, still one week,
        // so its week stays the cheaper buy and nothing is flagged.
        let t = tokens(200.0);
        let (pick, passed) = super::pick(&cat, &offers, job, t, None).expect("pick");
        assert_eq!((pick.offer, passed), (h100, None));
        assert_eq!(bandwidth_check(&cat, &offers, &pick, job, t), None);
        // Nor is its price any higher at that speed: nothing to disclose.
        assert_eq!(bandwidth_bound(&cat, &offers, &pick, job, t), None);
        // Where the capped speed costs the H100 more than its price, but still no more than the
        // A100 would cost, the H100 stays the pick and its capped price is disclosed: exactly
        // the A100's slow-end hours over the bandwidth ratio, covered by whole terms.
        let disclosed = (100..1400)
            .map(|h| tokens(f64::from(h)))
            .filter_map(|t| {
                let (p, _) = super::pick(&cat, &offers, job, t, None)?;
                let b = bandwidth_bound(&cat, &offers, &p, job, t)?;
                Some((t, p, b))
            })
            .find(|(_, p, _)| p.offer == h100);
        let (t, p, b) =
            disclosed.expect("a job size where the H100's price does not hold either way");
        assert_eq!(bandwidth_check(&cat, &offers, &p, job, t), None);
        assert!(b.run.cost > p.run.cost, "{b:?}");
        assert!(b.run.cost <= b.rival.run.cost, "{b:?}");
        assert!(
            (b.hours_slow - b.rival.hours_slow / b.ratio).abs() < 1e-6,
            "{b:?}"
        );
        // The rival itself is never its own rival.
        let t = tokens(280.0);
        let as_pick = choice_on(&cat, &offers, a100, job, t);
        assert!(
            bandwidth_check(&cat, &offers, &as_pick, job, t).is_none_or(|b| b.rival.offer != a100)
        );
    }

    #[test]
    fn the_first_vendors_pick_leads_and_a_cheaper_one_on_another_stack_goes_beside_it() {
        use super::super::schema::Vendor;
        let mut cat = fixture_catalog();
        let i = cat.card_index("rtx-4090").expect("card");
        cat.cards[i].vendor = Vendor::Amd;
        let mut offers = offers(&cat);
        let j = by_id(&offers, "rtx-4090");
        offers[j].in_stock = true;
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let tokens = reference_tokens(&cat);
        let name = |o: &[Offer], c: &Choice| o[c.offer].id.clone();
        // Every vendor at once: the cheapest, whatever its stack, alone.
        let (first, other) = picks(&cat, &offers, (model, method), tokens).expect("picks");
        assert_eq!(
            (name(&offers, &first), other.map(|c| name(&offers, &c))),
            ("rtx-4090".into(), None)
        );
        // NVIDIA first: its cheapest leads, and the cheaper AMD card goes beside it.
        cat.pick_vendor = Some(Vendor::Nvidia);
        let (first, other) = picks(&cat, &offers, (model, method), tokens).expect("picks");
        assert_eq!(name(&offers, &first), "a100-sxm");
        assert_eq!(
            other.map(|c| name(&offers, &c)).as_deref(),
            Some("rtx-4090")
        );
        // Where the first vendor's cheapest is the cheapest of all, nothing goes beside it.
        offers[j].in_stock = false;
        let (first, other) = picks(&cat, &offers, (model, method), tokens).expect("picks");
        assert_eq!(
            (name(&offers, &first), other.is_none()),
            ("a100-sxm".into(), true)
        );
        // Where no first-vendor offer holds the job, the other vendor's pick leads, alone.
        offers[j].in_stock = true;
        cat.pick_vendor = Some(Vendor::Amd);
        for o in offers.iter_mut().filter(|o| o.id != "rtx-4090") {
            o.in_stock = false;
        }
        let (first, other) = picks(&cat, &offers, (model, method), tokens).expect("picks");
        assert_eq!(
            (name(&offers, &first), other.is_none()),
            ("rtx-4090".into(), true)
        );
        cat.pick_vendor = Some(Vendor::Nvidia);
        let (first, other) = picks(&cat, &offers, (model, method), tokens).expect("picks");
        assert_eq!(
            (name(&offers, &first), other.is_none()),
            ("rtx-4090".into(), true)
        );
    }

    #[test]
    fn a_single_card_from_a_free_node_is_flagged_and_rented_where_loose_cards_are() {
        // The fixture: 4 free A100s in DFW-1, one free 2× A100 node there. Two cards are loose.
        let mut cat = fixture_catalog();
        let a100 = cat
            .cards
            .iter()
            .position(|c| c.id == "a100-sxm")
            .expect("a100");
        let t = compute(&cat).expect("tables");
        let single = &t.offers[by_id(&t.offers, "a100-sxm")];
        assert_eq!(single.loose, [2, 0]);
        assert!(t.node_broken_by(single, 0).is_none());
        assert_eq!(Tables::rent_region(single), Some(0));
        // The bundle's own loose stock is its free nodes, and it breaks nothing.
        let bundle = &t.offers[by_id(&t.offers, "2x-a100-sxm")];
        assert_eq!(bundle.loose, bundle.free);
        assert!(t.node_broken_by(bundle, 0).is_none());
        // Two free cards, both in the node: a single rental breaks it.
        cat.cards[a100].free_now = Some(vec![2, 0]);
        let t = compute(&cat).expect("tables");
        let single = &t.offers[by_id(&t.offers, "a100-sxm")];
        assert_eq!(single.loose, [0, 0]);
        let broken = t.node_broken_by(single, 0).expect("the node");
        assert_eq!(broken.id, "2x-a100-sxm");
        assert!(t.node_broken_by(single, 1).is_none(), "no free card there");
        // A region with loose cards comes first for a Rent action without a chosen region.
        cat.cards[a100].free_now = Some(vec![2, 1]);
        let t = compute(&cat).expect("tables");
        let single = &t.offers[by_id(&t.offers, "a100-sxm")];
        assert_eq!(Tables::rent_region(single), Some(1));
        assert!(t.node_broken_by(single, 1).is_none());
        assert!(t.node_broken_by(single, 0).is_some());
    }

    #[test]
    fn a_share_above_the_tight_line_is_tight_and_the_line_itself_is_not() {
        let cat = fixture_catalog();
        let line: f64 = cat.tight_share.to_string().parse().expect("a share");
        // Whole percent, as the tables print it: 80.4% reads 80% and is not tight, 80.6% is.
        assert!(is_tight(&cat, line + 0.006));
        assert!(!is_tight(&cat, line + 0.004));
        assert!(!is_tight(&cat, line));
        assert!(!is_tight(&cat, line - 0.01));
        assert!(is_tight(&cat, 0.95));
        assert!(!is_tight(&cat, f64::NAN));
    }

    #[test]
    fn one_job_has_one_figure_per_card_and_in_total_compared_in_bytes() {
        let cat = fixture_catalog();
        let tables = compute(&cat).expect("computes");
        for f in &tables.fit {
            let o = &tables.offers[f.offer];
            assert_eq!(f.need.cards, o.count);
            assert!((f.need.total.get() - f64::from(o.count) * f.need.per_card.get()).abs() < 1.0);
            assert!((f.share - f.need.shown_share(o.usable)).abs() < 1e-12);
            assert!(f.need.per_card.share_of(o.usable) <= 0.9);
        }
        // Week and month per-GPU-hour of every offer.
        let a100 = &tables.offers[by_id(&tables.offers, "a100-sxm")];
        assert_eq!(a100.per_gpu_hour_week, d("1.79"));
        assert_eq!(a100.per_gpu_hour, d("1.39"));
    }

    fn run(months: u32, weeks: u32, cost: &str) -> Run {
        Run {
            months,
            weeks,
            cost: d(cost),
        }
    }

    #[test]
    fn covering_term_takes_the_cheapest_run_of_months_and_weeks() {
        let terms = (d("280"), d("990"));
        // 100 h: one week ($280) beats one month ($990).
        assert_eq!(covering_term(100.0, terms, 720, 0.0), run(0, 1, "280"));
        // 600 h: four weeks ($1,120) lose to one month ($990).
        assert_eq!(covering_term(600.0, terms, 720, 0.0), run(1, 0, "990"));
        // 800 h: a month and a week ($1,270) beat five weeks ($1,400) and two months ($1,980).
        assert_eq!(covering_term(800.0, terms, 720, 0.0), run(1, 1, "1270"));
        assert_eq!(run(1, 1, "1270").term(), Term::Monthly);
        assert_eq!(run(0, 5, "1400").term(), Term::Weekly);
        // 2,000 h: two months and four weeks ($3,100) lose to three months ($2,970).
        assert_eq!(covering_term(2000.0, terms, 720, 0.0), run(3, 0, "2970"));
        // On a tie the fewer months: three weeks at $330 = one month at $990.
        assert_eq!(
            covering_term(400.0, (d("330"), d("990")), 720, 0.0),
            run(0, 3, "990")
        );
    }

    #[test]
    fn a_term_covers_a_job_only_within_what_its_margin_leaves() {
        let terms = (d("280"), d("990"));
        // A tenth of a week kept free leaves 151.2 h: 151 h fit in one week, 152 h take two.
        assert_eq!(covering_term(151.0, terms, 720, 0.1), run(0, 1, "280"));
        assert_eq!(covering_term(152.0, terms, 720, 0.1), run(0, 2, "560"));
        // Without the margin 160 h is one week; with it, two.
        assert_eq!(covering_term(160.0, terms, 720, 0.0).weeks, 1);
        assert_eq!(covering_term(160.0, terms, 720, 0.1).weeks, 2);
        // The margin is a share of every term: a month leaves 648 h, so 800 h take a month and
        // two weeks ($1,550), not six weeks ($1,680) or two months ($1,980).
        assert_eq!(covering_term(800.0, terms, 720, 0.1), run(1, 2, "1550"));
        // 650 h fit in a month only without the margin (648 h left with it): a week more.
        assert_eq!(
            covering_term(650.0, (d("500"), d("990")), 720, 0.1),
            run(1, 1, "1490")
        );
    }

    #[test]
    fn the_throughput_to_fit_a_run_leaves_its_margin_free() {
        // 78 million tokens in one week less a tenth: 78e6 / (151.2 h × 3,600 s) = 143.3 → 144.
        let week = run(0, 1, "475");
        assert_eq!(throughput_to_fit(78e6, &week, 720, 0.1), 144.0);
        // Without the margin, 168 h: 128.97 → 129; a month and a week, 888 h less a tenth.
        assert_eq!(throughput_to_fit(78e6, &week, 720, 0.0), 129.0);
        assert_eq!(throughput_to_fit(78e6, &run(1, 1, "0"), 720, 0.1), 28.0);
    }

    #[test]
    fn the_rate_to_beat_is_the_price_over_the_gpu_hours_used() {
        // A month of $990 busy all the time: its own $1.375 → $1.38 per GPU-hour; half the time $2.75.
        assert_eq!(rate_to_beat(d("990"), 720, d("1"), 1), d("1.38"));
        assert_eq!(rate_to_beat(d("990"), 720, d("0.5"), 1), d("2.75"));
        // A week of $3,420 on 8 cards, busy half the week: 3420 / (168 × 0.5 × 8) = 5.089 → $5.09.
        assert_eq!(rate_to_beat(d("3420"), 168, d("0.5"), 8), d("5.09"));
    }

    fn test_offer() -> Offer {
        Offer {
            r: OfferRef::Card(0),
            id: "card".into(),
            card: 0,
            count: 1,
            weekly: Decimal::ZERO,
            monthly: Decimal::ZERO,
            per_gpu_hour: Decimal::ZERO,
            per_gpu_hour_week: Decimal::ZERO,
            usable: Bytes::ZERO,
            vram_gb: 0,
            card_vram_gb: 0,
            discount: Decimal::ZERO,
            free: vec![1],
            in_stock: true,
            loose: vec![1],
        }
    }

    #[test]
    fn weeks_under_month_holds_only_when_every_offer_agrees() {
        let offer = |weekly: &str, monthly: &str, in_stock: bool| Offer {
            weekly: d(weekly),
            monthly: d(monthly),
            in_stock,
            ..test_offer()
        };
        // 3 × $280 < $990 < 4 × $280 on both: 3.
        let both = [offer("280", "990", true), offer("475", "1690", true)];
        assert_eq!(weeks_under_month(&both), Some(3));
        // $330 × 3 = $990 is not less than the month: 2 there, so no one number.
        let split = [offer("280", "990", true), offer("330", "990", true)];
        assert_eq!(weeks_under_month(&split), None);
        // An offer out of stock does not count.
        let out = [offer("280", "990", true), offer("330", "990", false)];
        assert_eq!(weeks_under_month(&out), Some(3));
        assert_eq!(weeks_under_month(&[]), None);
    }

    #[test]
    fn break_even_rounds_to_ten_hours() {
        assert_eq!(break_even_hours(d("1690"), d("3.49"), d("10")), d("480"));
        assert_eq!(break_even_hours(d("1690"), d("2.49"), d("10")), d("680"));
    }
}
