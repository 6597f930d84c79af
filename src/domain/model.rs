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

/// A card's weekly and monthly price, checked.
#[derive(Debug, Clone, Copy)]
pub struct Price {
    pub weekly_usd: Decimal,
    pub monthly_usd: Decimal,
}

/// A figure with where it comes from.
#[derive(Debug, Clone)]
pub struct Sourced {
    pub value: Decimal,
    pub source: String,
}

#[derive(Debug, Clone)]
pub struct Region {
    pub id: String,
    /// The code readers see (`DFW-1`).
    pub code: String,
    /// Fluent key suffix of the city name: `city-<city>`.
    pub city: String,
}

/// The memory model's constants (ARITHMETIC.md, Model M), checked.
#[derive(Debug, Clone, Copy)]
pub struct MemoryModel {
    pub eta: f64,
    pub runtime_reserve_gb: f64,
    pub adapter_fraction: f64,
    pub lora_rank: u32,
    pub adapter_bytes_per_param: f64,
    pub seq_len: u32,
    pub batch: u32,
    pub grad_checkpointing: bool,
}

/// FLOPs per parameter per token, by what trains.
#[derive(Debug, Clone, Copy)]
pub struct Flops {
    pub full: K,
    pub adapter: K,
}

#[derive(Debug, Clone, Copy)]
pub struct K {
    pub checkpointing: f64,
    pub no_checkpointing: f64,
}

#[derive(Debug, Clone)]
pub struct Bandwidth {
    pub gbs: Decimal,
    pub approx: bool,
    pub label: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Storage {
    pub extra_nvme: ExtraNvme,
    pub network_volume: NetworkVolume,
    pub snapshots: Snapshots,
    pub egress: Egress,
    pub encryption: String,
    pub wipe_days: u32,
    pub renewal_notice_hours: u32,
    pub hold_hours: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct ExtraNvme {
    pub usd_per_tb_month: Decimal,
    pub max_tb_per_node: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct NetworkVolume {
    pub usd_per_tb_month: Decimal,
    pub replicas: u32,
}

#[derive(Debug, Clone, Copy)]
pub struct Snapshots {
    pub usd_per_tb_month: Decimal,
}

#[derive(Debug, Clone, Copy)]
pub struct Egress {
    pub included_tb_per_month: u32,
    pub usd_per_tb_over: Decimal,
}

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
    pub price: Option<Price>,
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
    pub k: Flops,
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
    pub bandwidth: Vec<Bandwidth>,
    pub sharding: Sharding,
    pub max_cards: Option<u32>,
    pub group_note: Option<String>,
}

/// Everything in `data/`, validated.
#[derive(Debug, Clone)]
pub struct Catalog {
    pub cards: Vec<Card>,
    pub regions: Vec<Region>,
    pub models: Vec<Model>,
    pub memory: MemoryModel,
    pub methods: Vec<Method>,
    pub headroom: Decimal,
    pub fit_rows: Vec<FitRow>,
    pub hours_per_month: u32,
    pub significant_figures: u32,
    pub bundles: Vec<Bundle>,
    pub market: Market,
    pub training: Training,
    pub interconnects: Vec<Interconnect>,
    pub storage: Storage,
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
        let path = root.join(&rel);
        if !path.exists() {
            errors.push(
                Diagnostic::error(format!(
                    "cannot read {}: there is no such file",
                    rel.display()
                ))
                .in_file(&rel)
                .with_hint(format!(
                    "the GPU Rent Hub site needs data/{name}; see the README for its schema"
                )),
            );
            continue;
        }
        match crate::load::files::read_text(root, &path, &rel) {
            Ok(t) => {
                texts.insert(rel, t);
            }
            Err(d) => errors.push(d),
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

/// Range and id checks that point at the value: each adds an error at the value's
/// file:line:col and returns the value, so validation goes on and reports every problem.
struct Check<'a> {
    texts: &'a DataTexts,
    errors: Vec<Diagnostic>,
}

impl Check<'_> {
    /// `what` is the key as written, `meaning` what it measures (for the hint).
    fn range<T>(&mut self, file: &str, v: &Spanned<T>, lo: T, hi: T, what: &str, meaning: &str) -> T
    where
        T: Copy + PartialOrd + std::fmt::Display,
    {
        // Written so that NaN fails too.
        if !(v.value >= lo && v.value <= hi) {
            self.errors.push(
                loc_of(file, v)
                    .error(
                        format!("`{what}` is {}, outside {lo}..={hi}", v.value),
                        self.texts,
                    )
                    .with_hint(format!(
                        "`{what}` is {meaning}; check the value and its unit"
                    )),
            );
        }
        v.value
    }

    fn opt<T>(
        &mut self,
        file: &str,
        v: &Option<Spanned<T>>,
        lo: T,
        hi: T,
        what: &str,
        meaning: &str,
    ) -> Option<T>
    where
        T: Copy + PartialOrd + std::fmt::Display,
    {
        v.as_ref()
            .map(|v| self.range(file, v, lo, hi, what, meaning))
    }

    /// An id that may become part of a URL or a file name must be a URL segment.
    fn id(&mut self, file: &str, id: &Spanned<String>, what: &str) {
        if !crate::slug::is_segment(&id.value) {
            let hint = match crate::slug::suggest(&id.value, "en") {
                Some(s) => format!(
                    "ids become URLs and file names: use a-z, 0-9 and inner `-`, e.g. `{s}`"
                ),
                None => "ids become URLs and file names: use a-z, 0-9 and inner `-`".to_owned(),
            };
            self.errors.push(
                loc_of(file, id)
                    .error(
                        format!("{what} id `{}` cannot be part of a URL", id.value),
                        self.texts,
                    )
                    .with_hint(hint),
            );
        }
    }

    fn push(&mut self, d: Diagnostic) {
        self.errors.push(d);
    }
}

fn dec(units: i64, scale: u32) -> Decimal {
    Decimal::new(units, scale)
}

/// Resolves ids into indices and checks each value; collects all errors.
fn validate(raw: Raw, texts: &DataTexts) -> Result<Catalog, Vec<Diagnostic>> {
    let mut ck = Check {
        texts,
        errors: Vec::new(),
    };
    let mut fluent_keys = Vec::new();

    let unique = |file: &str, ids: Vec<&Spanned<String>>, ck: &mut Check<'_>| {
        let mut seen = HashSet::new();
        for id in ids {
            if !seen.insert(id.value.clone()) {
                ck.push(
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
        &mut ck,
    );
    unique(
        "models.yaml",
        raw.models.models.iter().map(|c| &c.id).collect(),
        &mut ck,
    );
    unique(
        "methods.yaml",
        raw.methods.methods.iter().map(|c| &c.id).collect(),
        &mut ck,
    );
    unique(
        "interconnects.yaml",
        raw.interconnects
            .interconnects
            .iter()
            .map(|c| &c.id)
            .collect(),
        &mut ck,
    );
    unique(
        "pricing.yaml",
        raw.pricing.bundles.iter().map(|c| &c.id).collect(),
        &mut ck,
    );
    unique(
        "regions.yaml",
        raw.regions.regions.iter().map(|r| &r.id).collect(),
        &mut ck,
    );
    for c in &raw.cards.cards {
        ck.id("cards.yaml", &c.id, "card");
    }
    for m in &raw.models.models {
        ck.id("models.yaml", &m.id, "model");
    }
    for m in &raw.methods.methods {
        ck.id("methods.yaml", &m.id, "method");
    }
    for i in &raw.interconnects.interconnects {
        ck.id("interconnects.yaml", &i.id, "interconnect");
    }
    for b in &raw.pricing.bundles {
        ck.id("pricing.yaml", &b.id, "bundle");
    }
    for r in &raw.regions.regions {
        ck.id("regions.yaml", &r.id, "region");
    }
    for j in &raw.training.jobs {
        ck.id("training.yaml", &j.id, "training job");
    }

    let ic_ids: Vec<&str> = raw
        .interconnects
        .interconnects
        .iter()
        .map(|i| i.id.value.as_str())
        .collect();
    let region_ids: Vec<&str> = raw
        .regions
        .regions
        .iter()
        .map(|r| r.id.value.as_str())
        .collect();
    let resolve = |file: &str, r: &Ref, known: &[&str], what: &str, ck: &mut Check<'_>| -> usize {
        match known.iter().position(|k| *k == r.value) {
            Some(i) => i,
            None => {
                ck.push(
                    loc_of(file, r)
                        .error(format!("unknown {what} `{}`", r.value), texts)
                        .with_hint(unknown_name_hint(&r.value, known.iter().copied())),
                );
                0
            }
        }
    };

    let f = "cards.yaml";
    let mut cards = Vec::new();
    for c in &raw.cards.cards {
        let interconnect = resolve(f, &c.interconnect, &ic_ids, "interconnect", &mut ck);
        let price = c.price.as_ref().map(|p| {
            let lo = dec(1, 2);
            let hi = Decimal::from(1_000_000);
            let weekly_usd = ck.range(
                f,
                &p.weekly_usd,
                lo,
                hi,
                "weekly_usd",
                "the price of one week in US dollars",
            );
            let monthly_usd = ck.range(
                f,
                &p.monthly_usd,
                lo,
                hi,
                "monthly_usd",
                "the price of one month in US dollars",
            );
            if monthly_usd < weekly_usd {
                ck.push(
                    loc_of(f, &p.monthly_usd)
                        .error(
                            format!("card `{}` costs less per month than per week", c.id.value),
                            texts,
                        )
                        .with_hint("weekly_usd and monthly_usd may be swapped"),
                );
            } else if monthly_usd > weekly_usd * Decimal::from(5) {
                ck.push(
                    loc_of(f, &p.monthly_usd)
                        .error(
                            format!("card `{}` costs more per month than five weeks", c.id.value),
                            texts,
                        )
                        .with_hint("a month is about 4.3 weeks; check for a typo"),
                );
            }
            Price {
                weekly_usd,
                monthly_usd,
            }
        });
        let free_now = c.free_now.as_ref().map(|m| {
            for (k, n) in m {
                if !region_ids.contains(&k.as_str()) {
                    ck.push(
                        loc_of(f, n)
                            .error(
                                format!("card `{}` lists unknown region `{k}`", c.id.value),
                                texts,
                            )
                            .with_hint(unknown_name_hint(k, region_ids.iter().copied())),
                    );
                }
                ck.range(
                    f,
                    n,
                    0,
                    100_000,
                    "free_now",
                    "how many cards are free in that region",
                );
            }
            region_ids
                .iter()
                .map(|r| m.get(*r).map_or(0, |n| n.value))
                .collect()
        });
        let bf16_tflops = c.bf16_tflops.as_ref().map(|s| Sourced {
            value: ck.range(
                f,
                &s.value,
                Decimal::ONE,
                Decimal::from(100_000),
                "bf16_tflops.value",
                "the card's dense BF16 throughput in TFLOPS",
            ),
            source: s.source.clone(),
        });
        cards.push(Card {
            id: c.id.value.clone(),
            name: c.name.clone(),
            vendor: c.vendor.clone(),
            vram_gb: ck.range(f, &c.vram_gb, 1, 1024, "vram_gb", "the card's memory in GB"),
            memory: c.memory.clone(),
            bandwidth_tbs: ck.opt(
                f,
                &c.bandwidth_tbs,
                dec(1, 2),
                Decimal::from(100),
                "bandwidth_tbs",
                "memory bandwidth in TB/s",
            ),
            fp8: c.fp8,
            ecc: c.ecc,
            software: c.software.clone(),
            tdp_w: ck.opt(f, &c.tdp_w, 1, 5000, "tdp_w", "the board power in watts"),
            interconnect,
            bf16_tflops,
            price,
            free_now,
            local_nvme_tb: ck.opt(
                f,
                &c.local_nvme_tb,
                dec(1, 1),
                Decimal::from(1000),
                "local_nvme_tb",
                "local NVMe per node in TB",
            ),
            pick: c.pick,
        });
    }
    let card_ids: Vec<&str> = cards.iter().map(|c| c.id.as_str()).collect();
    let priced: Vec<&str> = cards
        .iter()
        .filter(|c| c.price.is_some())
        .map(|c| c.id.as_str())
        .collect();

    let f = "pricing.yaml";
    let hours_per_month = ck.range(
        f,
        &raw.pricing.hours_per_month,
        672,
        744,
        "hours_per_month",
        "the hours in the month prices are quoted for (28 to 31 days)",
    );
    let significant_figures = ck.range(
        f,
        &raw.pricing.multi_card.significant_figures,
        1,
        10,
        "significant_figures",
        "how many significant figures multi-card prices keep",
    );
    let mut discounts: BTreeMap<u32, Decimal> = BTreeMap::new();
    for (count, d) in &raw.pricing.multi_card.discounts {
        let v = ck.range(
            f,
            d,
            Decimal::ZERO,
            dec(99, 2),
            "discount",
            "a share of the price taken off, e.g. 0.05",
        );
        if !(2..=1024).contains(count) {
            ck.push(
                loc_of(f, d)
                    .error(
                        format!("a discount for {count} cards: counts start at 2"),
                        texts,
                    )
                    .with_hint("key discounts by the number of cards, 2 to 1024"),
            );
        }
        discounts.insert(*count, v);
    }
    let mut bundles = Vec::new();
    for b in &raw.pricing.bundles {
        let card = resolve(f, &b.card, &priced, "priced card", &mut ck);
        let card = card_ids
            .iter()
            .position(|c| *c == priced.get(card).copied().unwrap_or(""))
            .unwrap_or(0);
        let count = ck.range(
            f,
            &b.count,
            2,
            1024,
            "count",
            "the number of cards in the bundle",
        );
        let discount = match discounts.get(&count) {
            Some(d) => *d,
            None => {
                ck.push(
                    loc_of(f, &b.count)
                        .error(
                            format!(
                                "bundle `{}` has {count} cards, and no discount is set for that count",
                                b.id.value
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
            count,
            discount,
        });
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

    let resolve_offer = |file: &str, r: &Ref, what: &str, ck: &mut Check<'_>| -> OfferRef {
        match offer_ids.iter().position(|o| *o == r.value) {
            Some(i) if i < priced.len() => {
                OfferRef::Card(card_ids.iter().position(|c| *c == priced[i]).unwrap_or(0))
            }
            Some(i) => OfferRef::Bundle(i - priced.len()),
            None => {
                ck.push(
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
    let f = "fit.yaml";
    let mut fit_rows = Vec::new();
    for r in &raw.fit.rows {
        let model = resolve(f, &r.model, &model_ids, "model", &mut ck);
        let method = resolve(f, &r.method, &method_ids, "method", &mut ck);
        let pick = resolve_offer(f, &r.pick, "a fit row", &mut ck);
        for key in [&r.note, &r.pick_note].into_iter().flatten() {
            fluent_keys.push((key.value.clone(), loc_of(f, key)));
        }
        fit_rows.push(FitRow {
            model,
            method,
            pick,
            note: r.note.as_ref().map(|n| n.value.clone()),
            pick_note: r.pick_note.as_ref().map(|n| n.value.clone()),
            loc: loc_of(f, &r.pick),
        });
    }
    let headroom = ck.range(
        f,
        &raw.fit.headroom,
        dec(1, 2),
        Decimal::ONE,
        "headroom",
        "the share of a card's memory a job may fill, e.g. 0.9",
    );

    let f = "pricing.yaml";
    let mut rates: Vec<MarketRate> = Vec::new();
    for r in &raw.pricing.market.rates {
        let card = resolve(f, &r.card, &priced, "priced card", &mut ck);
        let card = card_ids
            .iter()
            .position(|c| *c == priced.get(card).copied().unwrap_or(""))
            .unwrap_or(0);
        let low = ck.range(
            f,
            &r.hourly_low_usd,
            dec(1, 2),
            Decimal::from(1000),
            "hourly_low_usd",
            "an hourly price of one card in US dollars",
        );
        let high = ck.range(
            f,
            &r.hourly_high_usd,
            dec(1, 2),
            Decimal::from(1000),
            "hourly_high_usd",
            "an hourly price of one card in US dollars",
        );
        if high < low {
            ck.push(
                loc_of(f, &r.hourly_high_usd)
                    .error(
                        format!(
                            "market hourly range for `{}` ends below its start",
                            r.card.value
                        ),
                        texts,
                    )
                    .with_hint("hourly_low_usd must be ≤ hourly_high_usd"),
            );
        }
        if rates.iter().any(|x| x.card == card) {
            ck.push(
                loc_of(f, &r.card)
                    .error(
                        format!("card `{}` has two market rates", r.card.value),
                        texts,
                    )
                    .with_hint("keep one range per card"),
            );
        }
        rates.push(MarketRate {
            card,
            low,
            high,
            source: r.source.clone(),
        });
    }
    let window_hours = ck.range(
        f,
        &raw.pricing.market.window_hours,
        1,
        744,
        "window_hours",
        "the hours of use the break-even is judged over",
    );
    let round_hours = ck.range(
        f,
        &raw.pricing.market.break_even_round_hours,
        dec(1, 2),
        Decimal::from(100),
        "break_even_round_hours",
        "the step break-even hours are rounded to",
    );

    let f = "training.yaml";
    let t = &raw.training;
    let mfu_low = ck.range(
        f,
        &t.mfu.low,
        0.01,
        1.0,
        "mfu.low",
        "model-FLOPs utilisation, a share",
    );
    let mfu_high = ck.range(
        f,
        &t.mfu.high,
        0.01,
        1.0,
        "mfu.high",
        "model-FLOPs utilisation, a share",
    );
    if mfu_low > mfu_high {
        ck.push(
            loc_of(f, &t.mfu.low)
                .error(
                    format!("MFU range {mfu_low}–{mfu_high} runs backwards"),
                    texts,
                )
                .with_hint("e.g. mfu: { low: 0.25, high: 0.50 }"),
        );
    }
    let tokens_per_example = ck.range(
        f,
        &t.tokens_per_example,
        1,
        10_000_000,
        "tokens_per_example",
        "tokens in one training example",
    );
    let k = |r: &KRaw, ck: &mut Check<'_>| K {
        checkpointing: ck.range(
            f,
            &r.checkpointing,
            1.0,
            100.0,
            "checkpointing",
            "FLOPs per parameter per token",
        ),
        no_checkpointing: ck.range(
            f,
            &r.no_checkpointing,
            1.0,
            100.0,
            "no_checkpointing",
            "FLOPs per parameter per token",
        ),
    };
    let flops = Flops {
        full: k(&t.flops_per_param_token.full, &mut ck),
        adapter: k(&t.flops_per_param_token.adapter, &mut ck),
    };
    unique(
        "training.yaml",
        t.jobs.iter().map(|j| &j.id).collect(),
        &mut ck,
    );
    let mut jobs = Vec::new();
    for j in &t.jobs {
        let model = resolve(f, &j.model, &model_ids, "model", &mut ck);
        let method = resolve(f, &j.method, &method_ids, "method", &mut ck);
        let offer = resolve_offer(f, &j.offer, "a training job", &mut ck);
        jobs.push(TrainingJob {
            id: j.id.value.clone(),
            model,
            method,
            examples: ck.range(
                f,
                &j.examples,
                1,
                u32::MAX,
                "examples",
                "the number of training examples",
            ),
            epochs: ck.range(f, &j.epochs, 1, 1000, "epochs", "passes over the data"),
            tokens_per_example: ck
                .opt(
                    f,
                    &j.tokens_per_example,
                    1,
                    10_000_000,
                    "tokens_per_example",
                    "tokens in one training example",
                )
                .unwrap_or(tokens_per_example),
            checkpointing: j
                .grad_checkpointing
                .unwrap_or(raw.methods.memory_model.grad_checkpointing),
            offer,
            source: j.source.clone(),
            loc: loc_of(f, &j.offer),
        });
    }
    let training = Training {
        mfu_low,
        mfu_high,
        tokens_per_example,
        k: flops,
        jobs,
    };
    for r in &raw.regions.regions {
        fluent_keys.push((format!("city-{}", r.city), loc_of("regions.yaml", &r.id)));
    }
    let f = "interconnects.yaml";
    let mut interconnects = Vec::new();
    for i in &raw.interconnects.interconnects {
        fluent_keys.push((format!("link-{}", i.link), loc_of(f, &i.id)));
        if let Some(g) = &i.group_note {
            fluent_keys.push((g.value.clone(), loc_of(f, g)));
        }
        if i.sharding == Sharding::UpTo && i.max_cards.is_none() {
            ck.push(loc_of(f, &i.id).error(
                format!(
                    "interconnect `{}` shards `up-to` but has no max_cards",
                    i.id.value
                ),
                texts,
            ));
        }
        if i.bandwidth.is_empty() {
            ck.push(loc_of(f, &i.id).error(
                format!("interconnect `{}` has no bandwidth", i.id.value),
                texts,
            ));
        }
        let bandwidth = i
            .bandwidth
            .iter()
            .map(|b| Bandwidth {
                gbs: ck.range(
                    f,
                    &b.gbs,
                    dec(1, 1),
                    Decimal::from(100_000),
                    "gbs",
                    "link bandwidth in GB/s",
                ),
                approx: b.approx,
                label: b.label.clone(),
            })
            .collect();
        interconnects.push(Interconnect {
            id: i.id.value.clone(),
            link: i.link.clone(),
            bandwidth,
            sharding: i.sharding,
            max_cards: ck.opt(
                f,
                &i.max_cards,
                2,
                1024,
                "max_cards",
                "how many cards the link joins",
            ),
            group_note: i.group_note.as_ref().map(|g| g.value.clone()),
        });
    }

    let f = "models.yaml";
    let mut models = Vec::new();
    for m in &raw.models.models {
        let params = ck.range(
            f,
            &m.params,
            1e6,
            1e13,
            "params",
            "the nominal parameter count (7e9 for a 7B model)",
        );
        let params_exact = ck.range(
            f,
            &m.params_exact,
            1e6,
            1e13,
            "params_exact",
            "the checkpoint's exact parameter count",
        );
        if params > 0.0 && !(0.75..=1.25).contains(&(params_exact / params)) {
            ck.push(
                loc_of(f, &m.params_exact)
                    .error(format!("model `{}`: params_exact {params_exact} is far from params {params}", m.id.value), texts)
                    .with_hint("the exact count should be within 25% of the nominal size; check the exponent"),
            );
        }
        let heads = ck.range(f, &m.heads, 1, 1024, "heads", "attention heads per layer");
        let kv_heads = ck.range(
            f,
            &m.kv_heads,
            1,
            1024,
            "kv_heads",
            "key/value heads per layer",
        );
        let hidden = ck.range(f, &m.hidden, 64, 1_000_000, "hidden", "the hidden size");
        if heads > 0 && kv_heads > 0 && (kv_heads > heads || !heads.is_multiple_of(kv_heads)) {
            ck.push(
                loc_of(f, &m.kv_heads)
                    .error(format!("model `{}`: {kv_heads} key/value heads do not divide {heads} heads", m.id.value), texts)
                    .with_hint("grouped-query attention shares each key/value head among a whole number of heads"),
            );
        }
        if heads > 0 && !hidden.is_multiple_of(heads) {
            ck.push(
                loc_of(f, &m.hidden)
                    .error(
                        format!(
                            "model `{}`: hidden size {hidden} is not a multiple of {heads} heads",
                            m.id.value
                        ),
                        texts,
                    )
                    .with_hint("each head gets hidden / heads dimensions; check both values"),
            );
        }
        models.push(Model {
            id: m.id.value.clone(),
            name: m.name.clone(),
            size: m.size.clone(),
            params,
            params_exact,
            layers: ck.range(
                f,
                &m.layers,
                1,
                1000,
                "layers",
                "the number of transformer layers",
            ),
            hidden,
            intermediate: ck.range(
                f,
                &m.intermediate,
                1,
                10_000_000,
                "intermediate",
                "the MLP intermediate size",
            ),
            heads,
            kv_heads,
            vocab: ck.range(f, &m.vocab, 256, 10_000_000, "vocab", "the vocabulary size"),
            source: m.source.clone(),
        });
    }

    let f = "methods.yaml";
    let mm = &raw.methods.memory_model;
    let memory = MemoryModel {
        eta: ck.range(
            f,
            &mm.eta,
            0.0,
            1.0,
            "eta",
            "overhead on trainable state as a share",
        ),
        runtime_reserve_gb: ck.range(
            f,
            &mm.runtime_reserve_gb,
            0.0,
            256.0,
            "runtime_reserve_gb",
            "the per-card runtime reserve in GB",
        ),
        adapter_fraction: ck.range(
            f,
            &mm.adapter_fraction,
            1e-6,
            0.5,
            "adapter_fraction",
            "adapter parameters as a share of the model",
        ),
        lora_rank: ck.range(f, &mm.lora_rank, 1, 65_536, "lora_rank", "the LoRA rank"),
        adapter_bytes_per_param: ck.range(
            f,
            &mm.adapter_bytes_per_param,
            1.0,
            64.0,
            "adapter_bytes_per_param",
            "bytes per adapter parameter",
        ),
        seq_len: ck.range(
            f,
            &mm.seq_len,
            1,
            10_000_000,
            "seq_len",
            "the sequence length in tokens",
        ),
        batch: ck.range(f, &mm.batch, 1, 65_536, "batch", "the micro-batch size"),
        grad_checkpointing: mm.grad_checkpointing,
    };
    let methods = raw
        .methods
        .methods
        .iter()
        .map(|m| Method {
            id: m.id.value.clone(),
            base_bytes: ck.range(
                f,
                &m.base_bytes,
                0.1,
                16.0,
                "base_bytes",
                "bytes per base-model parameter",
            ),
            trains: m.trains,
            state_bytes: m
                .state_bytes
                .iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        ck.range(f, v, 0.0, 64.0, k, "bytes of training state per parameter"),
                    )
                })
                .collect(),
        })
        .collect();

    let f = "storage.yaml";
    let st = &raw.storage;
    let usd = |ck: &mut Check<'_>, v: &Spanned<Decimal>, what: &str| {
        ck.range(
            f,
            v,
            Decimal::ZERO,
            Decimal::from(100_000),
            what,
            "a price in US dollars per TB per month",
        )
    };
    let storage = Storage {
        extra_nvme: ExtraNvme {
            usd_per_tb_month: usd(&mut ck, &st.extra_nvme.usd_per_tb_month, "usd_per_tb_month"),
            max_tb_per_node: ck.range(
                f,
                &st.extra_nvme.max_tb_per_node,
                1,
                1000,
                "max_tb_per_node",
                "extra NVMe per node in TB",
            ),
        },
        network_volume: NetworkVolume {
            usd_per_tb_month: usd(
                &mut ck,
                &st.network_volume.usd_per_tb_month,
                "usd_per_tb_month",
            ),
            replicas: ck.range(
                f,
                &st.network_volume.replicas,
                1,
                16,
                "replicas",
                "copies kept of each block",
            ),
        },
        snapshots: Snapshots {
            usd_per_tb_month: usd(&mut ck, &st.snapshots.usd_per_tb_month, "usd_per_tb_month"),
        },
        egress: Egress {
            included_tb_per_month: ck.range(
                f,
                &st.egress.included_tb_per_month,
                0,
                100_000,
                "included_tb_per_month",
                "free egress per month in TB",
            ),
            usd_per_tb_over: ck.range(
                f,
                &st.egress.usd_per_tb_over,
                Decimal::ZERO,
                Decimal::from(100_000),
                "usd_per_tb_over",
                "the price of egress beyond the included amount, USD per TB",
            ),
        },
        encryption: st.encryption.clone(),
        wipe_days: ck.range(
            f,
            &st.wipe_days,
            0,
            365,
            "wipe_days",
            "days after a term ends before local NVMe is wiped",
        ),
        renewal_notice_hours: ck.range(
            f,
            &st.renewal_notice_hours,
            0,
            8760,
            "renewal_notice_hours",
            "hours before a term ends that the renewal invoice is issued",
        ),
        hold_hours: ck.range(
            f,
            &st.hold_hours,
            0,
            8760,
            "hold_hours",
            "hours an unpaid slot is held",
        ),
    };
    if window_hours > hours_per_month {
        ck.push(
            loc_of("pricing.yaml", &raw.pricing.market.window_hours)
                .error(
                    format!(
                        "window_hours {window_hours} is longer than a month ({hours_per_month} h)"
                    ),
                    texts,
                )
                .with_hint("the break-even window is part of a month, e.g. 336 (two weeks)"),
        );
    }

    if !ck.errors.is_empty() {
        return Err(ck.errors);
    }
    Ok(Catalog {
        cards,
        regions: raw
            .regions
            .regions
            .into_iter()
            .map(|r| Region {
                id: r.id.value,
                code: r.code,
                city: r.city,
            })
            .collect(),
        models,
        memory,
        methods,
        headroom,
        fit_rows,
        hours_per_month,
        significant_figures,
        bundles,
        market: Market {
            round_hours,
            window_hours,
            rates,
        },
        training,
        interconnects,
        storage,
        payments: raw.payments,
        fluent_keys,
    })
}
