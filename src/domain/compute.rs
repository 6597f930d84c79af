//! Pure arithmetic from the validated catalog to tables of raw numbers. No I/O, no formatting.
//! Rules: ARITHMETIC.md (prices §2, memory §3); money in decimal, rounded half-up at the last step.

use rust_decimal::{Decimal, RoundingStrategy};

use super::model::MemoryModel;
use super::model::{Catalog, Method, Model, OfferRef, Training};
use super::schema::Trains;

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

/// The cheapest run of weekly or monthly terms that covers `hours` of round-the-clock use.
pub fn covering_term(
    hours: f64,
    weekly: Decimal,
    monthly: Decimal,
    hours_per_month: u32,
) -> (Term, u32, Decimal) {
    let count = |per: f64| (hours / per).ceil().max(1.0) as u32;
    let weeks = count(168.0);
    let months = count(f64::from(hours_per_month));
    let by_week = weekly * Decimal::from(weeks);
    let by_month = monthly * Decimal::from(months);
    if by_week <= by_month {
        (Term::Weekly, weeks, by_week)
    } else {
        (Term::Monthly, months, by_month)
    }
}

/// GB of the BF16 key/value cache: 2 tensors × layers × KV heads × head size × tokens × 2 bytes.
pub fn kv_cache_gb(model: &Model, seq: u32, batch: u32) -> f64 {
    let head = f64::from(model.hidden) / f64::from(model.heads.max(1));
    2.0 * f64::from(model.layers)
        * f64::from(model.kv_heads)
        * head
        * f64::from(seq)
        * f64::from(batch)
        * 2.0
        / 1e9
}

/// Memory per card when ZeRO-3 shards weights and trainable state over `cards`; activations and
/// the reserve stay per card.
pub fn per_card_gb(m: &Memory, cards: u32) -> f64 {
    (m.weights_gb + m.trainable_gb) / f64::from(cards.max(1)) + m.activations_gb + m.reserve_gb
}

/// Memory of the whole job on `cards` cards: the sharded weights and trainable state once, and
/// every card's own activations and runtime reserve (each card runs its own micro-batch and
/// has its own CUDA or ROCm context). On one card, the job's total.
pub fn placed_total_gb(m: &Memory, cards: u32) -> f64 {
    m.weights_gb + m.trainable_gb + f64::from(cards.max(1)) * (m.activations_gb + m.reserve_gb)
}

/// A job whose memory is estimated.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Job {
    /// Parameters counted (nominal for the published tables, exact for a real checkpoint).
    pub params: f64,
    pub seq_len: u32,
    pub batch: u32,
    pub grad_checkpointing: bool,
    pub lora_rank: u32,
}

impl Job {
    /// The published tables' job: the model's nominal size and the memory model's defaults.
    pub fn published(model: &Model, mm: &MemoryModel) -> Job {
        Job {
            params: model.params,
            seq_len: mm.seq_len,
            batch: mm.batch,
            grad_checkpointing: mm.grad_checkpointing,
            lora_rank: mm.lora_rank,
        }
    }
}

/// Model M's terms, in GB (1e9 bytes).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Memory {
    /// Resident base weights: P × base bytes.
    pub weights_gb: f64,
    /// Gradients, master copy and optimizer state of what trains, with the overhead η.
    pub trainable_gb: f64,
    /// Activations kept for the backward pass (and the logits).
    pub activations_gb: f64,
    /// Fixed runtime safety reserve.
    pub reserve_gb: f64,
    pub total_gb: f64,
}

impl Memory {
    /// The published figure: whole GB, rounded up.
    pub fn published_gb(&self) -> u64 {
        ceil_gb(self.total_gb)
    }
}

/// A memory figure as the site publishes it: rounded up to the whole GB, after rounding to a
/// micro-GB so binary noise cannot push an exact integer up.
pub fn ceil_gb(v: f64) -> u64 {
    let t = (v * 1e6).round() / 1e6;
    t.ceil().max(0.0) as u64
}

/// Model M (ARITHMETIC.md §3.1): P·b_w + (1+η)·S + A + C_rt.
pub fn memory(model: &Model, method: &Method, mm: &MemoryModel, job: Job) -> Memory {
    let p = job.params;
    let weights = p * method.base_bytes;
    let state = match method.trains {
        Trains::Full => p * method.state_bytes_total(),
        Trains::Adapter => {
            let fraction = mm.adapter_fraction * f64::from(job.lora_rank) / f64::from(mm.lora_rank);
            fraction * p * mm.adapter_bytes_per_param
        }
    };
    let trainable = (1.0 + mm.eta) * state;
    let (h, l, i, v) = (
        f64::from(model.hidden),
        f64::from(model.layers),
        f64::from(model.intermediate),
        f64::from(model.vocab),
    );
    let tokens = f64::from(job.batch) * f64::from(job.seq_len);
    let per_layer = 16.0 * h + 8.0 * i;
    let activations = if job.grad_checkpointing {
        tokens * (2.0 * h * l + per_layer + 10.0 * v)
    } else {
        tokens * (l * per_layer + 10.0 * v)
    };
    let gb = |b: f64| b / 1e9;
    let total = gb(weights) + gb(trainable) + gb(activations) + mm.runtime_reserve_gb;
    Memory {
        weights_gb: gb(weights),
        trainable_gb: gb(trainable),
        activations_gb: gb(activations),
        reserve_gb: mm.runtime_reserve_gb,
        total_gb: total,
    }
}

/// Bytes of training state per parameter when every parameter trains (weights + state): 16 for Adam.
pub fn bytes_per_param(method: &Method) -> f64 {
    method.base_bytes
        + match method.trains {
            Trains::Full => method.state_bytes_total(),
            Trains::Adapter => 0.0,
        }
}

/// Something to rent, priced.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub r: OfferRef,
    pub id: String,
    pub card: usize,
    pub count: u32,
    pub weekly: Decimal,
    pub monthly: Decimal,
    pub per_gpu_hour: Decimal,
    /// All the offer's cards together.
    pub vram_gb: u32,
    /// One card's.
    pub card_vram_gb: u32,
    pub discount: Decimal,
    /// Some region has this many of the card free (`free_now` in the data).
    pub in_stock: bool,
}

impl Offer {
    /// Whether a job fits within `limit` (the headroom share) of each card's memory.
    pub fn holds(&self, need: &Memory, limit: f64) -> bool {
        per_card_gb(need, self.count) <= limit * f64::from(self.card_vram_gb)
    }
}

/// One fit-table row, computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub row: usize,
    pub need: Memory,
    /// The job on its pick's cards: per card, and all cards together.
    pub per_card_gb: f64,
    pub total_gb: f64,
    /// Index into `Tables::offers`.
    pub offer: usize,
    /// Per-card need / one card's memory.
    pub utilisation: f64,
    /// The cheapest offer in stock (monthly) whose memory holds the need within the headroom;
    /// the pick itself when none is.
    pub cheapest: usize,
}

/// One card's monthly term against its market hourly range.
#[derive(Debug, Clone, PartialEq)]
pub struct BreakEven {
    /// Index into `Tables::offers` (single cards).
    pub offer: usize,
    /// Index into the market rates.
    pub rate: usize,
    /// Break-even against the high hourly rate (fewer hours) and the low one (more hours).
    pub hours_low: Decimal,
    pub hours_high: Decimal,
    /// Those hours as a share of the month.
    pub share_low: Decimal,
    pub share_high: Decimal,
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
    /// Hours × per-GPU-hour price × cards.
    pub cost_fast: Decimal,
    pub cost_slow: Decimal,
    /// The cheapest weekly or monthly terms that cover the slow hours.
    pub term: Term,
    pub term_count: u32,
    pub term_cost: Decimal,
}

/// One cell of the memory table: a model trained with a method.
#[derive(Debug, Clone, PartialEq)]
pub struct MemoryCell {
    pub model: usize,
    pub method: usize,
    pub need: Memory,
    /// The cheapest offer that holds it within the headroom.
    pub cheapest: Option<usize>,
}

/// What a violation is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subject {
    FitRow(usize),
    TrainingJob(usize),
}

/// A pick that does not fit its card.
#[derive(Debug, Clone, PartialEq)]
pub struct FitViolation {
    pub row: Subject,
    /// Per card.
    pub need_gb: f64,
    /// One card's memory, and the cards.
    pub vram_gb: u32,
    pub cards: u32,
    pub limit_gb: f64,
}

/// Every computed table of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// Priced single cards in data order, then bundles.
    pub offers: Vec<Offer>,
    pub fit: Vec<Fit>,
    pub memory: Vec<MemoryCell>,
    pub break_even: Vec<BreakEven>,
    pub training: Vec<TrainingRow>,
}

impl Tables {
    pub fn offer(&self, r: OfferRef) -> Option<&Offer> {
        self.offers.iter().find(|o| o.r == r)
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
        if let Some(p) = c.price {
            out.push(Offer {
                r: OfferRef::Card(i),
                id: c.id.clone(),
                card: i,
                count: 1,
                weekly: p.weekly_usd,
                monthly: p.monthly_usd,
                per_gpu_hour: per_gpu_hour(p.monthly_usd, 1, hours),
                vram_gb: c.vram_gb,
                card_vram_gb: c.vram_gb,
                discount: Decimal::ZERO,
                in_stock: stocked(c, 1),
            });
        }
    }
    for (i, b) in cat.bundles.iter().enumerate() {
        let card = &cat.cards[b.card];
        let Some(p) = card.price else { continue };
        let sig = cat.significant_figures;
        let monthly = multi_card_price(p.monthly_usd, b.count, b.discount, sig);
        out.push(Offer {
            r: OfferRef::Bundle(i),
            id: b.id.clone(),
            card: b.card,
            count: b.count,
            weekly: multi_card_price(p.weekly_usd, b.count, b.discount, sig),
            monthly,
            per_gpu_hour: per_gpu_hour(monthly, b.count, hours),
            vram_gb: card.vram_gb * b.count,
            card_vram_gb: card.vram_gb,
            discount: b.discount,
            in_stock: stocked(card, b.count),
        });
    }
    out
}

/// Whether some region has `count` of the card free.
fn stocked(card: &crate::domain::model::Card, count: u32) -> bool {
    card.free_now
        .as_ref()
        .is_some_and(|free| free.iter().any(|&n| n >= count))
}

/// The cheapest offer in stock (by monthly price, then data order) whose cards hold `need`.
pub fn cheapest_fit(cat: &Catalog, offers: &[Offer], need: &Memory) -> Option<usize> {
    let limit = cat.headroom_share();
    offers
        .iter()
        .enumerate()
        .filter(|(_, o)| o.in_stock && o.holds(need, limit))
        .min_by_key(|(i, o)| (o.monthly, *i))
        .map(|(i, _)| i)
}

/// Computes every table. Fails with every fit row whose pick cannot hold its job.
pub fn compute(cat: &Catalog) -> Result<Tables, Vec<FitViolation>> {
    let offers = offers(cat);
    let limit = cat.headroom_share();
    let mut fit = Vec::new();
    let mut violations = Vec::new();
    for (row, r) in cat.fit_rows.iter().enumerate() {
        let model = &cat.models[r.model];
        let method = &cat.methods[r.method];
        let need = memory(
            model,
            method,
            &cat.memory,
            Job::published(model, &cat.memory),
        );
        let Some(offer) = offers.iter().position(|o| o.r == r.pick) else {
            continue;
        };
        let o = &offers[offer];
        let per_card = per_card_gb(&need, o.count);
        if !o.holds(&need, limit) {
            violations.push(FitViolation {
                row: Subject::FitRow(row),
                need_gb: per_card,
                vram_gb: o.card_vram_gb,
                cards: o.count,
                limit_gb: limit * f64::from(o.card_vram_gb),
            });
            continue;
        }
        let cheapest = cheapest_fit(cat, &offers, &need).unwrap_or(offer);
        fit.push(Fit {
            row,
            need,
            per_card_gb: per_card,
            total_gb: placed_total_gb(&need, o.count),
            offer,
            utilisation: per_card / f64::from(o.card_vram_gb),
            cheapest,
        });
    }
    let memory = memory_grid(cat, &offers);
    let break_even = break_even_rows(cat, &offers);
    let mut training = Vec::new();
    for (j, job) in cat.training.jobs.iter().enumerate() {
        let Some(offer) = offers.iter().position(|o| o.r == job.offer) else {
            continue;
        };
        let row = training_row(cat, &offers, j, offer);
        let o = &offers[offer];
        if !o.holds(&row.need, limit) {
            violations.push(FitViolation {
                row: Subject::TrainingJob(j),
                need_gb: per_card_gb(&row.need, o.count),
                vram_gb: o.card_vram_gb,
                cards: o.count,
                limit_gb: limit * f64::from(o.card_vram_gb),
            });
        }
        training.push(row);
    }
    if violations.is_empty() {
        Ok(Tables {
            offers,
            fit,
            memory,
            break_even,
            training,
        })
    } else {
        Err(violations)
    }
}

/// Every model with every method, at the published job settings.
fn memory_grid(cat: &Catalog, offers: &[Offer]) -> Vec<MemoryCell> {
    let mut out = Vec::new();
    for (mi, model) in cat.models.iter().enumerate() {
        for (me, method) in cat.methods.iter().enumerate() {
            let need = memory(
                model,
                method,
                &cat.memory,
                Job::published(model, &cat.memory),
            );
            out.push(MemoryCell {
                model: mi,
                method: me,
                need,
                cheapest: cheapest_fit(cat, offers, &need),
            });
        }
    }
    out
}

/// Each single card with a market rate: its term against the hourly range.
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
            let share = |h: Decimal| (h / month).round_dp_with_strategy(2, HALF_UP);
            let weeks = m.window_hours.div_ceil(168).max(1);
            Some(BreakEven {
                offer: i,
                rate,
                hours_low,
                hours_high,
                share_low: share(hours_low),
                share_high: share(hours_high),
                window_low: (window * r.low).round_dp_with_strategy(2, HALF_UP),
                window_high: (window * r.high).round_dp_with_strategy(2, HALF_UP),
                window_weeks: weeks,
                window_weekly: o.weekly * Decimal::from(weeks),
            })
        })
        .collect()
}

/// One training job on its offer.
pub fn training_row(cat: &Catalog, offers: &[Offer], j: usize, offer: usize) -> TrainingRow {
    let t = &cat.training;
    let job = &t.jobs[j];
    let model = &cat.models[job.model];
    let method = &cat.methods[job.method];
    let o = &offers[offer];
    let mut settings = Job::published(model, &cat.memory);
    settings.grad_checkpointing = job.checkpointing;
    let need = memory(model, method, &cat.memory, settings);
    let tokens =
        f64::from(job.examples) * f64::from(job.epochs) * f64::from(job.tokens_per_example);
    let k = flops_per_param_token(t, method, job.checkpointing);
    let tflops = cat.cards[o.card]
        .bf16_tflops
        .as_ref()
        .and_then(|s| rust_decimal::prelude::ToPrimitive::to_f64(&s.value))
        .unwrap_or(0.0);
    let hours = |mfu: f64| training_hours(k, model.params, tokens, tflops, o.count, mfu);
    let (fast, slow) = (hours(t.mfu_high), hours(t.mfu_low));
    let (term, term_count, term_cost) =
        covering_term(slow, o.weekly, o.monthly, cat.hours_per_month);
    TrainingRow {
        job: j,
        offer,
        need,
        tokens,
        flops: k * model.params * tokens,
        hours_fast: fast,
        hours_slow: slow,
        cost_fast: hourly_cost(fast, o.per_gpu_hour, o.count),
        cost_slow: hourly_cost(slow, o.per_gpu_hour, o.count),
        term,
        term_count,
        term_cost,
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
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/site");
        let (cat, _) = super::super::model::load(&crate::extension::SiteFiles::new(&root))
            .expect("the fixture's data/ loads");
        cat
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
        let o = offers
            .iter()
            .position(|o| o.r == cat.training.jobs[j].offer)
            .expect("offer");
        let with = training_row(&cat, &offers, j, o);
        cat.training.jobs[j].checkpointing = false;
        cat.training.jobs[j].tokens_per_example *= 2;
        let without = training_row(&cat, &offers, j, o);
        // k goes from 6 to 4 (no recompute) while the tokens double: 2 × 4/6 of the time.
        assert!((without.hours_slow / with.hours_slow - 2.0 * 4.0 / 6.0).abs() < 1e-9);
        assert!(without.need.activations_gb > 5.0 * with.need.activations_gb);
        assert!(without.cost_slow > with.cost_slow);
    }

    #[test]
    fn training_cost_of_the_fixtures_two_jobs_derived_by_hand() {
        // From the fixture's data (tests/fixtures/site/data; derived by hand, not by this code):
        // 7b-full-a100 (training.yaml): llama2-7b, P = 7.0e9 (models.yaml), method full with
        // checkpointing → k = 8; tokens = 50,000 examples × 2 epochs × 1,300 = 1.3e8; offer
        // 2x-a100-sxm: 2 cards × 312 dense BF16 TFLOPS (cards.yaml), monthly 2 × 1000 × 0.95
        // = 1,900 → 1900 / 720 / 2 = 1.319444 → $1.32 per GPU-hour.
        //   slow (MFU 0.25): 8 × 7e9 × 1.3e8 / (312e12 × 2 × 0.25 × 3600) = 7.28e18 / 5.616e17
        //     = 12.962963 h; × 1.32 × 2 cards = 34.222222 → $34.22
        //   fast (MFU 0.50): 6.481481 h × 1.32 × 2 = 17.111111 → $17.11
        // 7b-lora-a100: llama2-7b, lora with checkpointing → k = 6; tokens = 5,000 × 3 × 1,300
        // = 1.95e7; a100-sxm: 1 card × 312 TFLOPS, 1000 / 720 = 1.3889 → $1.39 per GPU-hour.
        //   slow: 6 × 7e9 × 1.95e7 / (312e12 × 0.25 × 3600) = 8.19e17 / 2.808e17
        //     = 2.916667 h × 1.39 = 4.054167 → $4.05
        //   fast: 1.458333 h × 1.39 = 2.027083 → $2.03
        let cat = fixture_catalog();
        let tables = compute(&cat).expect("the fixture's data/ computes");
        let row = |id: &str| {
            tables
                .training
                .iter()
                .find(|r| cat.training.jobs[r.job].id == id)
                .unwrap_or_else(|| panic!("job {id} in the fixture's training.yaml"))
        };
        let full = row("7b-full-a100");
        assert_eq!(tables.offers[full.offer].id, "2x-a100-sxm");
        assert!(
            (full.hours_slow - 12.962_963).abs() < 1e-6,
            "{}",
            full.hours_slow
        );
        assert_eq!(full.cost_slow, d("34.22"));
        assert_eq!(full.cost_fast, d("17.11"));
        let lora = row("7b-lora-a100");
        assert_eq!(tables.offers[lora.offer].id, "a100-sxm");
        assert!(
            (lora.hours_slow - 2.916_667).abs() < 1e-6,
            "{}",
            lora.hours_slow
        );
        assert_eq!(lora.cost_slow, d("4.05"));
        assert_eq!(lora.cost_fast, d("2.03"));
    }

    #[test]
    fn the_cheapest_fit_is_chosen_among_offers_in_stock() {
        // The fixture's RTX 4090 ($360 a month, 24 GB) has no `free_now`: 7B QLoRA (10.15 GB)
        // fits it, but the cheapest offer in stock that holds it is the A100 SXM ($1,000).
        let cat = fixture_catalog();
        let offers = offers(&cat);
        let by_id = |id: &str| offers.iter().position(|o| o.id == id).expect(id);
        assert!(!offers[by_id("rtx-4090")].in_stock);
        assert!(offers[by_id("a100-sxm")].in_stock);
        let model = &cat.models[cat.model_index("llama2-7b").expect("model")];
        let method = &cat.methods[cat.method_index("qlora").expect("method")];
        let need = memory(
            model,
            method,
            &cat.memory,
            Job::published(model, &cat.memory),
        );
        assert!(offers[by_id("rtx-4090")].holds(&need, cat.headroom_share()));
        assert_eq!(cheapest_fit(&cat, &offers, &need), Some(by_id("a100-sxm")));
    }

    #[test]
    fn a_job_on_several_cards_counts_activations_and_reserve_on_each() {
        // 7B full fine-tuning (the fixture's fit row on 2x-a100-sxm): weights 14 GB, trainable
        // 111.72 GB, activations 1.51 GB, reserve 4.5 GB; 131.73 GB as one job.
        // On 2 cards: (14 + 111.72) / 2 + 1.51 + 4.5 = 68.87 GB per card, and
        // 14 + 111.72 + 2 × (1.51 + 4.5) = 137.74 GB in all (= 2 × 68.87).
        let cat = fixture_catalog();
        let tables = compute(&cat).expect("computes");
        let f = tables
            .fit
            .iter()
            .find(|f| tables.offers[f.offer].id == "2x-a100-sxm")
            .expect("the bundle's fit row");
        assert!(
            (f.need.total_gb - 131.73).abs() < 0.01,
            "{}",
            f.need.total_gb
        );
        assert!((f.per_card_gb - 68.87).abs() < 0.01, "{}", f.per_card_gb);
        assert!((f.total_gb - 2.0 * f.per_card_gb).abs() < 1e-9);
        assert_eq!(ceil_gb(f.total_gb), 138);
        assert!((f.utilisation - f.per_card_gb / 80.0).abs() < 1e-12);
    }

    #[test]
    fn covering_term_takes_the_cheaper_of_weeks_and_months() {
        // 100 h: one week ($280) beats one month ($990).
        assert_eq!(
            covering_term(100.0, d("280"), d("990"), 720),
            (Term::Weekly, 1, d("280"))
        );
        // 600 h: four weeks ($1,120) lose to one month ($990).
        assert_eq!(
            covering_term(600.0, d("280"), d("990"), 720),
            (Term::Monthly, 1, d("990"))
        );
        // 800 h: five weeks ($1,400) beat two months ($1,980).
        assert_eq!(
            covering_term(800.0, d("280"), d("990"), 720),
            (Term::Weekly, 5, d("1400"))
        );
    }

    #[test]
    fn kv_cache_counts_grouped_query_heads() {
        let m = |heads, kv| Model {
            id: String::new(),
            name: String::new(),
            size: String::new(),
            params: 7e9,
            layers: 32,
            hidden: 4096,
            intermediate: 11008,
            heads,
            kv_heads: kv,
            vocab: 32000,
        };
        // 2 × 32 layers × 32 heads × 128 × 4,096 tokens × 2 bytes = 2.147 GB.
        assert!((kv_cache_gb(&m(32, 32), 4096, 1) - 2.147_483_648).abs() < 1e-9);
        assert!(
            (kv_cache_gb(&m(32, 8), 4096, 1) * 4.0 - kv_cache_gb(&m(32, 32), 4096, 1)).abs() < 1e-9
        );
    }

    #[test]
    fn break_even_rounds_to_ten_hours() {
        assert_eq!(break_even_hours(d("1690"), d("3.49"), d("10")), d("480"));
        assert_eq!(break_even_hours(d("1690"), d("2.49"), d("10")), d("680"));
    }
}
