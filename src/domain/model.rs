//! The validated GPU Rent Hub catalog: every reference resolved, every value checked, with the
//! place each record came from so later checks can point back at it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use rust_decimal::Decimal;
use serde_saphyr::Spanned;

use super::schema::*;
use crate::diag::{Diagnostic, Pos, unknown_name_hint};
use crate::load::yaml;

/// Where a record or value was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loc {
    pub file: PathBuf,
    pub pos: Pos,
}

impl Loc {
    pub fn error(&self, message: impl Into<String>, texts: &DataTexts) -> Diagnostic {
        let d = Diagnostic::error(message).in_file(&self.file);
        match texts.get(&self.file) {
            Some(t) => d.at_in(self.pos, t),
            None => d.at(self.pos),
        }
    }
}

/// The text of each data file, for error snippets.
pub type DataTexts = HashMap<PathBuf, String>;

#[derive(Debug, Clone)]
#[allow(
    dead_code,
    reason = "fields the training-time tables and card pages (issue 3) read"
)]
pub struct Card {
    pub id: String,
    pub name: String,
    pub vendor: String,
    pub vram_gb: u32,
    pub memory: Option<String>,
    pub bandwidth_tbs: Option<Decimal>,
    pub fp8: bool,
    pub ecc: bool,
    pub software: Option<String>,
    pub tdp_w: Option<u32>,
    pub interconnect: usize,
    pub bf16_tflops: Option<Sourced>,
    pub price: Option<PriceRaw>,
    /// Per region index.
    pub free_now: Option<Vec<u32>>,
    pub local_nvme_tb: Option<Decimal>,
    pub pick: bool,
}

#[derive(Debug, Clone)]
#[allow(
    dead_code,
    reason = "fields the memory guide and `estimate` (issue 3) read"
)]
pub struct Model {
    pub id: String,
    pub name: String,
    pub size: String,
    pub params: f64,
    pub params_exact: f64,
    pub layers: u32,
    pub hidden: u32,
    pub intermediate: u32,
    pub heads: u32,
    pub kv_heads: u32,
    pub vocab: u32,
    pub source: String,
}

#[derive(Debug, Clone)]
pub struct Method {
    pub id: String,
    pub base_bytes: f64,
    pub trains: Trains,
    pub state_bytes: BTreeMap<String, f64>,
}

impl Method {
    /// Bytes of training state per trained parameter beyond the weights (14 for Adam mixed precision).
    pub fn state_bytes_total(&self) -> f64 {
        self.state_bytes.values().sum()
    }
}

#[derive(Debug, Clone)]
pub struct FitRow {
    pub model: usize,
    pub method: usize,
    pub pick: OfferRef,
    pub note: Option<String>,
    pub pick_note: Option<String>,
    pub loc: Loc,
}

/// Something one can rent: one card or a bundle of several.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OfferRef {
    Card(usize),
    Bundle(usize),
}

#[derive(Debug, Clone)]
pub struct Bundle {
    pub id: String,
    pub card: usize,
    pub count: u32,
    pub discount: Decimal,
}

#[derive(Debug, Clone)]
pub struct Market {
    pub round_hours: Decimal,
    /// Hours of round-the-clock use the break-even is judged over.
    pub window_hours: u32,
    /// In data order; at most one per card.
    pub rates: Vec<MarketRate>,
}

impl Market {
    pub fn rate_for(&self, card: usize) -> Option<&MarketRate> {
        self.rates.iter().find(|r| r.card == card)
    }
}

/// An illustrative on-demand hourly range for a card.
#[derive(Debug, Clone)]
pub struct MarketRate {
    pub card: usize,
    pub low: Decimal,
    pub high: Decimal,
    pub source: String,
}

/// The training-time model and the default jobs.
#[derive(Debug, Clone)]
pub struct Training {
    pub mfu_low: f64,
    pub mfu_high: f64,
    pub tokens_per_example: u32,
    pub k: FlopsRaw,
    pub jobs: Vec<TrainingJob>,
}

#[derive(Debug, Clone)]
pub struct TrainingJob {
    pub id: String,
    pub model: usize,
    pub method: usize,
    pub examples: u32,
    pub epochs: u32,
    pub tokens_per_example: u32,
    pub checkpointing: bool,
    pub offer: OfferRef,
    pub source: String,
    pub loc: Loc,
}

#[derive(Debug, Clone)]
#[allow(dead_code, reason = "the id names rows in exports and checks")]
pub struct Interconnect {
    pub id: String,
    pub link: String,
    pub bandwidth: Vec<BandwidthRaw>,
    pub sharding: Sharding,
    pub max_cards: Option<u32>,
    pub group_note: Option<String>,
}

/// Everything in `data/`, validated.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub cards: Vec<Card>,
    pub regions: Vec<RegionRaw>,
    pub models: Vec<Model>,
    pub memory: MemoryModelRaw,
    pub methods: Vec<Method>,
    pub headroom: Decimal,
    pub fit_rows: Vec<FitRow>,
    pub hours_per_month: u32,
    pub significant_figures: u32,
    pub bundles: Vec<Bundle>,
    pub market: Market,
    pub training: Training,
    pub interconnects: Vec<Interconnect>,
    pub storage: StorageFile,
    pub payments: PaymentsFile,
    /// Every Fluent key the data names, with where, so the i18n check can find missing ones.
    pub fluent_keys: Vec<(String, Loc)>,
}

impl Catalog {
    /// The headroom as a share for float comparisons with memory figures.
    pub fn headroom_share(&self) -> f64 {
        use rust_decimal::prelude::ToPrimitive;
        self.headroom.to_f64().unwrap_or(0.9)
    }
    pub fn card_index(&self, id: &str) -> Option<usize> {
        self.cards.iter().position(|c| c.id == id)
    }
    pub fn model_index(&self, id: &str) -> Option<usize> {
        self.models.iter().position(|m| m.id == id)
    }
    pub fn method_index(&self, id: &str) -> Option<usize> {
        self.methods.iter().position(|m| m.id == id)
    }
    /// A card id or a bundle id.
    pub fn offer(&self, id: &str) -> Option<OfferRef> {
        self.card_index(id).map(OfferRef::Card).or_else(|| {
            self.bundles
                .iter()
                .position(|b| b.id == id)
                .map(OfferRef::Bundle)
        })
    }
    pub fn offer_ids(&self) -> Vec<&str> {
        self.cards
            .iter()
            .filter(|c| c.price.is_some())
            .map(|c| c.id.as_str())
            .chain(self.bundles.iter().map(|b| b.id.as_str()))
            .collect()
    }
}

pub const DATA_FILES: [&str; 10] = [
    "cards.yaml",
    "regions.yaml",
    "models.yaml",
    "methods.yaml",
    "fit.yaml",
    "pricing.yaml",
    "interconnects.yaml",
    "storage.yaml",
    "payments.yaml",
    "training.yaml",
];

/// Raw files, parsed.
struct Raw {
    cards: CardsFile,
    regions: RegionsFile,
    models: ModelsFile,
    methods: MethodsFile,
    fit: FitFile,
    pricing: PricingFile,
    interconnects: InterconnectsFile,
    storage: StorageFile,
    payments: PaymentsFile,
    training: TrainingFile,
}

/// Reads and validates `data/`. Reports every problem found, not only the first.
pub fn load(root: &Path) -> Result<(Catalog, DataTexts), Vec<Diagnostic>> {
    let mut texts = DataTexts::new();
    let mut errors = Vec::new();
    for name in DATA_FILES {
        let rel = Path::new("data").join(name);
        match std::fs::read_to_string(root.join(&rel)) {
            Ok(t) => {
                texts.insert(rel, t);
            }
            Err(e) => errors.push(
                Diagnostic::error(format!("cannot read {}: {e}", rel.display()))
                    .in_file(&rel)
                    .with_hint(format!(
                        "the GPU Rent Hub site needs data/{name}; see the README for its schema"
                    )),
            ),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let raw = parse_all(&texts)?;
    let catalog = validate(raw, &texts)?;
    Ok((catalog, texts))
}

fn parse_all(texts: &DataTexts) -> Result<Raw, Vec<Diagnostic>> {
    let mut errors = Vec::new();
    macro_rules! parse {
        ($name:literal) => {{
            let rel = Path::new("data").join($name);
            let text = texts.get(&rel).map(String::as_str).unwrap_or("");
            match yaml::parse(&rel, text, 0) {
                Ok(v) => Some(v),
                Err(d) => {
                    errors.push(d);
                    None
                }
            }
        }};
    }
    let cards = parse!("cards.yaml");
    let regions = parse!("regions.yaml");
    let models = parse!("models.yaml");
    let methods = parse!("methods.yaml");
    let fit = parse!("fit.yaml");
    let pricing = parse!("pricing.yaml");
    let interconnects = parse!("interconnects.yaml");
    let storage = parse!("storage.yaml");
    let payments = parse!("payments.yaml");
    let training = parse!("training.yaml");
    match (
        cards,
        regions,
        models,
        methods,
        fit,
        pricing,
        interconnects,
        storage,
        payments,
        training,
    ) {
        (
            Some(cards),
            Some(regions),
            Some(models),
            Some(methods),
            Some(fit),
            Some(pricing),
            Some(interconnects),
            Some(storage),
            Some(payments),
            Some(training),
        ) if errors.is_empty() => Ok(Raw {
            cards,
            regions,
            models,
            methods,
            fit,
            pricing,
            interconnects,
            storage,
            payments,
            training,
        }),
        _ => Err(errors),
    }
}

fn loc_of<T>(file: &str, s: &Spanned<T>) -> Loc {
    Loc {
        file: Path::new("data").join(file),
        pos: Pos {
            line: usize::try_from(s.referenced.line()).unwrap_or(0),
            col: usize::try_from(s.referenced.column()).unwrap_or(0).max(1),
        },
    }
}

/// Resolves ids into indices and checks each value; collects all errors.
fn validate(raw: Raw, texts: &DataTexts) -> Result<Catalog, Vec<Diagnostic>> {
    let mut errors: Vec<Diagnostic> = Vec::new();
    let mut fluent_keys = Vec::new();

    let unique = |file: &str, ids: Vec<&Spanned<String>>, errors: &mut Vec<Diagnostic>| {
        let mut seen = HashSet::new();
        for id in ids {
            if !seen.insert(id.value.clone()) {
                errors.push(
                    loc_of(file, id)
                        .error(format!("duplicate id `{}`", id.value), texts)
                        .with_hint("ids must be unique within a file"),
                );
            }
        }
    };
    unique(
        "cards.yaml",
        raw.cards.cards.iter().map(|c| &c.id).collect(),
        &mut errors,
    );
    unique(
        "models.yaml",
        raw.models.models.iter().map(|c| &c.id).collect(),
        &mut errors,
    );
    unique(
        "methods.yaml",
        raw.methods.methods.iter().map(|c| &c.id).collect(),
        &mut errors,
    );
    unique(
        "interconnects.yaml",
        raw.interconnects
            .interconnects
            .iter()
            .map(|c| &c.id)
            .collect(),
        &mut errors,
    );
    unique(
        "pricing.yaml",
        raw.pricing.bundles.iter().map(|c| &c.id).collect(),
        &mut errors,
    );

    let ic_ids: Vec<&str> = raw
        .interconnects
        .interconnects
        .iter()
        .map(|i| i.id.value.as_str())
        .collect();
    let region_ids: Vec<&str> = raw.regions.regions.iter().map(|r| r.id.as_str()).collect();
    let resolve =
        |file: &str, r: &Ref, known: &[&str], what: &str, errors: &mut Vec<Diagnostic>| -> usize {
            match known.iter().position(|k| *k == r.value) {
                Some(i) => i,
                None => {
                    errors.push(
                        loc_of(file, r)
                            .error(format!("unknown {what} `{}`", r.value), texts)
                            .with_hint(unknown_name_hint(&r.value, known.iter().copied())),
                    );
                    0
                }
            }
        };

    let mut cards = Vec::new();
    for c in &raw.cards.cards {
        let interconnect = resolve(
            "cards.yaml",
            &c.interconnect,
            &ic_ids,
            "interconnect",
            &mut errors,
        );
        let loc = loc_of("cards.yaml", &c.id);
        if let Some(p) = c.price {
            if p.weekly_usd <= Decimal::ZERO || p.monthly_usd <= Decimal::ZERO {
                errors.push(loc.error(
                    format!("card `{}` has a price that is not positive", c.id.value),
                    texts,
                ));
            } else if p.monthly_usd < p.weekly_usd {
                errors.push(
                    loc.error(
                        format!("card `{}` costs less per month than per week", c.id.value),
                        texts,
                    )
                    .with_hint("weekly_usd and monthly_usd may be swapped"),
                );
            }
        }
        let free_now = c.free_now.as_ref().map(|m| {
            for k in m.keys() {
                if !region_ids.contains(&k.as_str()) {
                    errors.push(
                        loc.error(
                            format!("card `{}` lists unknown region `{k}`", c.id.value),
                            texts,
                        )
                        .with_hint(unknown_name_hint(k, region_ids.iter().copied())),
                    );
                }
            }
            region_ids
                .iter()
                .map(|r| m.get(*r).copied().unwrap_or(0))
                .collect()
        });
        if c.vram_gb == 0 {
            errors.push(loc.error(
                format!("card `{}` has no memory (vram_gb: 0)", c.id.value),
                texts,
            ));
        }
        cards.push(Card {
            id: c.id.value.clone(),
            name: c.name.clone(),
            vendor: c.vendor.clone(),
            vram_gb: c.vram_gb,
            memory: c.memory.clone(),
            bandwidth_tbs: c.bandwidth_tbs,
            fp8: c.fp8,
            ecc: c.ecc,
            software: c.software.clone(),
            tdp_w: c.tdp_w,
            interconnect,
            bf16_tflops: c.bf16_tflops.clone(),
            price: c.price,
            free_now,
            local_nvme_tb: c.local_nvme_tb,
            pick: c.pick,
        });
    }
    let card_ids: Vec<&str> = cards.iter().map(|c| c.id.as_str()).collect();
    let priced: Vec<&str> = cards
        .iter()
        .filter(|c| c.price.is_some())
        .map(|c| c.id.as_str())
        .collect();

    let mut bundles = Vec::new();
    for b in &raw.pricing.bundles {
        let card = resolve("pricing.yaml", &b.card, &priced, "priced card", &mut errors);
        let card = card_ids
            .iter()
            .position(|c| *c == priced.get(card).copied().unwrap_or(""))
            .unwrap_or(0);
        let discount = match raw.pricing.multi_card.discounts.get(&b.count) {
            Some(d) => *d,
            None => {
                errors.push(
                    loc_of("pricing.yaml", &b.id)
                        .error(
                            format!(
                                "bundle `{}` has {} cards, and no discount is set for that count",
                                b.id.value, b.count
                            ),
                            texts,
                        )
                        .with_hint("add the count under multi_card.discounts"),
                );
                Decimal::ZERO
            }
        };
        bundles.push(Bundle {
            id: b.id.value.clone(),
            card,
            count: b.count,
            discount,
        });
    }
    for (count, d) in &raw.pricing.multi_card.discounts {
        if *count < 2 || *d < Decimal::ZERO || *d >= Decimal::ONE {
            errors.push(
                Diagnostic::error(format!("discount {d} for {count} cards is out of range"))
                    .in_file("data/pricing.yaml")
                    .with_hint(
                        "counts start at 2; a discount is a share between 0 and 1, e.g. 0.05",
                    ),
            );
        }
    }

    let model_ids: Vec<&str> = raw
        .models
        .models
        .iter()
        .map(|m| m.id.value.as_str())
        .collect();
    let method_ids: Vec<&str> = raw
        .methods
        .methods
        .iter()
        .map(|m| m.id.value.as_str())
        .collect();
    let mut offer_ids: Vec<&str> = priced.clone();
    offer_ids.extend(raw.pricing.bundles.iter().map(|b| b.id.value.as_str()));

    let resolve_offer =
        |file: &str, r: &Ref, what: &str, errors: &mut Vec<Diagnostic>| -> OfferRef {
            match offer_ids.iter().position(|o| *o == r.value) {
                Some(i) if i < priced.len() => {
                    OfferRef::Card(card_ids.iter().position(|c| *c == priced[i]).unwrap_or(0))
                }
                Some(i) => OfferRef::Bundle(i - priced.len()),
                None => {
                    errors.push(
                        loc_of(file, r)
                            .error(
                                format!("unknown card or bundle `{}` in {what}", r.value),
                                texts,
                            )
                            .with_hint(unknown_name_hint(&r.value, offer_ids.iter().copied())),
                    );
                    OfferRef::Card(0)
                }
            }
        };
    let mut fit_rows = Vec::new();
    for r in &raw.fit.rows {
        let model = resolve("fit.yaml", &r.model, &model_ids, "model", &mut errors);
        let method = resolve("fit.yaml", &r.method, &method_ids, "method", &mut errors);
        let pick = resolve_offer("fit.yaml", &r.pick, "a fit row", &mut errors);
        for key in [&r.note, &r.pick_note].into_iter().flatten() {
            fluent_keys.push((key.value.clone(), loc_of("fit.yaml", key)));
        }
        fit_rows.push(FitRow {
            model,
            method,
            pick,
            note: r.note.as_ref().map(|n| n.value.clone()),
            pick_note: r.pick_note.as_ref().map(|n| n.value.clone()),
            loc: loc_of("fit.yaml", &r.pick),
        });
    }
    if raw.fit.headroom <= Decimal::ZERO || raw.fit.headroom > Decimal::ONE {
        errors.push(
            Diagnostic::error(format!(
                "headroom {} is not a share of the card's memory",
                raw.fit.headroom
            ))
            .in_file("data/fit.yaml")
            .with_hint("use a value in (0, 1], e.g. 0.9"),
        );
    }
    let mut rates: Vec<MarketRate> = Vec::new();
    for r in &raw.pricing.market.rates {
        let card = resolve("pricing.yaml", &r.card, &priced, "priced card", &mut errors);
        let card = card_ids
            .iter()
            .position(|c| *c == priced.get(card).copied().unwrap_or(""))
            .unwrap_or(0);
        let loc = loc_of("pricing.yaml", &r.card);
        if r.hourly_low_usd <= Decimal::ZERO || r.hourly_high_usd < r.hourly_low_usd {
            errors.push(
                loc.error(
                    format!(
                        "market hourly range for `{}` is empty or not positive",
                        r.card.value
                    ),
                    texts,
                )
                .with_hint("hourly_low_usd must be > 0 and ≤ hourly_high_usd"),
            );
        }
        if rates.iter().any(|x| x.card == card) {
            errors.push(
                loc.error(
                    format!("card `{}` has two market rates", r.card.value),
                    texts,
                )
                .with_hint("keep one range per card"),
            );
        }
        rates.push(MarketRate {
            card,
            low: r.hourly_low_usd,
            high: r.hourly_high_usd,
            source: r.source.clone(),
        });
    }
    if raw.pricing.market.break_even_round_hours <= Decimal::ZERO {
        errors.push(
            Diagnostic::error("break_even_round_hours must be positive")
                .in_file("data/pricing.yaml")
                .with_hint("e.g. 10 rounds break-even hours to the nearest 10"),
        );
    }
    let t = &raw.training;
    if !(t.mfu.low > 0.0 && t.mfu.low <= t.mfu.high && t.mfu.high <= 1.0) {
        errors.push(
            Diagnostic::error(format!(
                "MFU range {}–{} is not a share in (0, 1] with low ≤ high",
                t.mfu.low, t.mfu.high
            ))
            .in_file("data/training.yaml")
            .with_hint("e.g. mfu: { low: 0.25, high: 0.50 }"),
        );
    }
    unique(
        "training.yaml",
        t.jobs.iter().map(|j| &j.id).collect(),
        &mut errors,
    );
    let mut jobs = Vec::new();
    for j in &t.jobs {
        let model = resolve("training.yaml", &j.model, &model_ids, "model", &mut errors);
        let method = resolve(
            "training.yaml",
            &j.method,
            &method_ids,
            "method",
            &mut errors,
        );
        let offer = resolve_offer("training.yaml", &j.offer, "a training job", &mut errors);
        if j.examples == 0 || j.epochs == 0 {
            errors.push(loc_of("training.yaml", &j.id).error(
                format!("training job `{}` has no examples or epochs", j.id.value),
                texts,
            ));
        }
        jobs.push(TrainingJob {
            id: j.id.value.clone(),
            model,
            method,
            examples: j.examples,
            epochs: j.epochs,
            tokens_per_example: j.tokens_per_example.unwrap_or(t.tokens_per_example),
            checkpointing: j
                .grad_checkpointing
                .unwrap_or(raw.methods.memory_model.grad_checkpointing),
            offer,
            source: j.source.clone(),
            loc: loc_of("training.yaml", &j.offer),
        });
    }
    let training = Training {
        mfu_low: t.mfu.low,
        mfu_high: t.mfu.high,
        tokens_per_example: t.tokens_per_example,
        k: t.flops_per_param_token,
        jobs,
    };
    if raw.pricing.hours_per_month == 0 {
        errors.push(Diagnostic::error("hours_per_month is 0").in_file("data/pricing.yaml"));
    }
    for r in &raw.regions.regions {
        fluent_keys.push((
            format!("city-{}", r.city),
            Loc {
                file: "data/regions.yaml".into(),
                pos: Pos { line: 1, col: 1 },
            },
        ));
    }
    for i in &raw.interconnects.interconnects {
        fluent_keys.push((
            format!("link-{}", i.link),
            loc_of("interconnects.yaml", &i.id),
        ));
        if let Some(g) = &i.group_note {
            fluent_keys.push((g.value.clone(), loc_of("interconnects.yaml", g)));
        }
        if i.sharding == Sharding::UpTo && i.max_cards.is_none() {
            errors.push(loc_of("interconnects.yaml", &i.id).error(
                format!(
                    "interconnect `{}` shards `up-to` but has no max_cards",
                    i.id.value
                ),
                texts,
            ));
        }
    }

    if !errors.is_empty() {
        return Err(errors);
    }
    let models = raw
        .models
        .models
        .into_iter()
        .map(|m| Model {
            id: m.id.value,
            name: m.name,
            size: m.size,
            params: m.params,
            params_exact: m.params_exact,
            layers: m.layers,
            hidden: m.hidden,
            intermediate: m.intermediate,
            heads: m.heads,
            kv_heads: m.kv_heads,
            vocab: m.vocab,
            source: m.source,
        })
        .collect();
    let methods = raw
        .methods
        .methods
        .into_iter()
        .map(|m| Method {
            id: m.id.value,
            base_bytes: m.base_bytes,
            trains: m.trains,
            state_bytes: m.state_bytes,
        })
        .collect();
    let interconnects = raw
        .interconnects
        .interconnects
        .into_iter()
        .map(|i| Interconnect {
            id: i.id.value,
            link: i.link,
            bandwidth: i.bandwidth,
            sharding: i.sharding,
            max_cards: i.max_cards,
            group_note: i.group_note.map(|g| g.value),
        })
        .collect();
    Ok(Catalog {
        cards,
        regions: raw.regions.regions,
        models,
        memory: raw.methods.memory_model,
        methods,
        headroom: raw.fit.headroom,
        fit_rows,
        hours_per_month: raw.pricing.hours_per_month,
        significant_figures: raw.pricing.multi_card.significant_figures,
        bundles,
        market: Market {
            round_hours: raw.pricing.market.break_even_round_hours,
            window_hours: raw.pricing.market.window_hours,
            rates,
        },
        training,
        interconnects,
        storage: raw.storage,
        payments: raw.payments,
        fluent_keys,
    })
}
