//! Pure arithmetic from the validated catalog to tables of raw numbers. No I/O, no formatting.
//! Rules: ARITHMETIC.md (prices §2, memory §3); money in decimal, rounded half-up at the last step.

use rust_decimal::{Decimal, RoundingStrategy};

use super::model::{Catalog, Method, Model, OfferRef};
use super::schema::{MemoryModelRaw, Trains};

const HALF_UP: RoundingStrategy = RoundingStrategy::MidpointAwayFromZero;

/// Price per GPU-hour: the monthly price over the month's hours and the cards, to cents, half-up.
pub fn per_gpu_hour(monthly: Decimal, cards: u32, hours_per_month: u32) -> Decimal {
    (monthly / Decimal::from(hours_per_month) / Decimal::from(cards))
        .round_dp_with_strategy(2, HALF_UP)
}

/// A bundle's price: single × cards × (1 − discount), to `sig` significant figures, half-up.
pub fn multi_card_price(single: Decimal, cards: u32, discount: Decimal, sig: u32) -> Decimal {
    let exact = single * Decimal::from(cards) * (Decimal::ONE - discount);
    exact
        .round_sf_with_strategy(sig, HALF_UP)
        .unwrap_or(exact)
        .normalize()
}

/// GPU-hours a month at which a term costs as much as renting by the hour, to the nearest `step` hours.
pub fn break_even_hours(monthly: Decimal, hourly: Decimal, step: Decimal) -> Decimal {
    ((monthly / hourly) / step).round_dp_with_strategy(0, HALF_UP) * step
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
    pub fn published(model: &Model, mm: &MemoryModelRaw) -> Job {
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
        // Rounded to a micro-GB first so binary noise cannot push an exact integer up.
        let t = (self.total_gb * 1e6).round() / 1e6;
        t.ceil().max(0.0) as u64
    }
}

/// Model M (ARITHMETIC.md §3.1): P·b_w + (1+η)·S + A + C_rt.
pub fn memory(model: &Model, method: &Method, mm: &MemoryModelRaw, job: Job) -> Memory {
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
    pub vram_gb: u32,
    pub discount: Decimal,
}

/// One fit-table row, computed.
#[derive(Debug, Clone, PartialEq)]
pub struct Fit {
    pub row: usize,
    pub need: Memory,
    /// Index into `Tables::offers`.
    pub offer: usize,
    /// need / offer memory.
    pub utilisation: f64,
    /// The cheapest offer (monthly) whose memory holds the need within the headroom.
    pub cheapest: usize,
}

/// A pick that does not fit its card.
#[derive(Debug, Clone, PartialEq)]
pub struct FitViolation {
    pub row: usize,
    pub need_gb: f64,
    pub vram_gb: u32,
    pub limit_gb: f64,
}

/// Every computed table of the site.
#[derive(Debug, Clone, PartialEq)]
pub struct Tables {
    /// Priced single cards in data order, then bundles.
    pub offers: Vec<Offer>,
    pub fit: Vec<Fit>,
}

impl Tables {
    pub fn offer(&self, r: OfferRef) -> Option<&Offer> {
        self.offers.iter().find(|o| o.r == r)
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
                discount: Decimal::ZERO,
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
            discount: b.discount,
        });
    }
    out
}

fn headroom(cat: &Catalog) -> f64 {
    cat.headroom.to_string().parse().unwrap_or(0.9)
}

/// The cheapest offer (by monthly price, then data order) whose memory holds `need_gb`.
pub fn cheapest_fit(cat: &Catalog, offers: &[Offer], need_gb: f64) -> Option<usize> {
    let limit = headroom(cat);
    offers
        .iter()
        .enumerate()
        .filter(|(_, o)| need_gb <= limit * f64::from(o.vram_gb))
        .min_by_key(|(i, o)| (o.monthly, *i))
        .map(|(i, _)| i)
}

/// Computes every table. Fails with every fit row whose pick cannot hold its job.
pub fn compute(cat: &Catalog) -> Result<Tables, Vec<FitViolation>> {
    let offers = offers(cat);
    let limit = headroom(cat);
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
        let vram = offers[offer].vram_gb;
        if need.total_gb > limit * f64::from(vram) {
            violations.push(FitViolation {
                row,
                need_gb: need.total_gb,
                vram_gb: vram,
                limit_gb: limit * f64::from(vram),
            });
            continue;
        }
        let cheapest = cheapest_fit(cat, &offers, need.total_gb).unwrap_or(offer);
        fit.push(Fit {
            row,
            need,
            offer,
            utilisation: need.total_gb / f64::from(vram),
            cheapest,
        });
    }
    if violations.is_empty() {
        Ok(Tables { offers, fit })
    } else {
        Err(violations)
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

    #[test]
    fn break_even_rounds_to_ten_hours() {
        assert_eq!(break_even_hours(d("1690"), d("3.49"), d("10")), d("480"));
        assert_eq!(break_even_hours(d("1690"), d("2.49"), d("10")), d("680"));
    }
}
