//! From the raw data files to the validated catalog: one validator per file, each destructuring
//! its raw records whole (a new YAML field cannot be dropped without the compiler saying so),
//! references resolved through id indices, every value checked against what it means at its
//! file:line:col. Every problem of every file is collected, not only the first.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use rust_decimal::Decimal;
use serde_saphyr::Spanned;

use super::codes;
use super::model::*;
use super::schema::*;
use crate::diag::{Code, Diagnostic, Pos, unknown_name_hint};

/// Where a spanned value was written in `data/<file>`.
pub(super) fn loc_of<T>(file: &str, s: &Spanned<T>) -> Loc {
    Loc {
        file: Path::new("data").join(file),
        pos: Pos {
            line: usize::try_from(s.referenced.line()).unwrap_or(0),
            col: usize::try_from(s.referenced.column()).unwrap_or(0).max(1),
        },
    }
}

fn dec(units: i64, scale: u32) -> Decimal {
    Decimal::new(units, scale)
}

/// The errors found so far, and the file texts for their snippets.
struct Check<'a> {
    texts: &'a DataTexts,
    errors: Vec<Diagnostic>,
    /// Every Fluent key the data names, with where.
    fluent_keys: Vec<(String, Loc)>,
    /// cards.yaml's `stock_as_of`.
    stock_as_of: Option<String>,
}

impl Check<'_> {
    fn error<T>(
        &mut self,
        code: Code,
        file: &str,
        at: &Spanned<T>,
        message: String,
        hint: impl Into<String>,
    ) {
        let d = loc_of(file, at)
            .error(code, message, self.texts)
            .with_hint(hint);
        self.errors.push(d);
    }

    /// Checks `lo <= v <= hi` (NaN fails) and returns the value; `meaning` goes in the hint.
    fn range<T>(&mut self, file: &str, v: &Spanned<T>, lo: T, hi: T, what: &str, meaning: &str) -> T
    where
        T: Copy + PartialOrd + std::fmt::Display,
    {
        if !(v.value >= lo && v.value <= hi) {
            self.error(
                codes::DATA_OUT_OF_RANGE,
                file,
                v,
                format!("`{what}` is {}, outside {lo}..={hi}", v.value),
                format!("`{what}` is {meaning}; check the value and its unit"),
            );
        }
        v.value
    }

    fn opt<T>(
        &mut self,
        file: &str,
        v: Option<&Spanned<T>>,
        lo: T,
        hi: T,
        what: &str,
        meaning: &str,
    ) -> Option<T>
    where
        T: Copy + PartialOrd + std::fmt::Display,
    {
        v.map(|v| self.range(file, v, lo, hi, what, meaning))
    }

    /// An id becomes part of URLs and file names: it must be a URL segment.
    fn id(&mut self, file: &str, id: &Spanned<String>, what: &str) {
        if !crate::slug::is_segment(&id.value) {
            let hint = match crate::slug::suggest(&id.value, "en") {
                Some(s) => {
                    format!(
                        "ids become URLs and file names: use a-z, 0-9 and inner `-`, e.g. `{s}`"
                    )
                }
                None => "ids become URLs and file names: use a-z, 0-9 and inner `-`".to_owned(),
            };
            self.error(
                crate::diag::code::URL_SEGMENT,
                file,
                id,
                format!("{what} id `{}` cannot be part of a URL", id.value),
                hint,
            );
        }
    }

    fn key(&mut self, file: &str, key: &Spanned<String>) {
        self.fluent_keys
            .push((key.value.clone(), loc_of(file, key)));
    }
}

/// The ids of one kind of record, for resolving references by lookup rather than by scan.
struct Index {
    what: &'static str,
    ids: Vec<String>,
    at: HashMap<String, usize>,
}

impl Index {
    /// Indexes `ids` and reports each one written twice or not a URL segment.
    fn new<'a>(
        ck: &mut Check<'_>,
        file: &str,
        what: &'static str,
        ids: impl Iterator<Item = &'a Spanned<String>>,
    ) -> Self {
        let mut index = Index {
            what,
            ids: Vec::new(),
            at: HashMap::new(),
        };
        for id in ids {
            ck.id(file, id, what);
            if index.at.contains_key(&id.value) {
                ck.error(
                    codes::DATA_DUPLICATE_ID,
                    file,
                    id,
                    format!("duplicate id `{}`", id.value),
                    "ids must be unique within a file",
                );
            } else {
                index.at.insert(id.value.clone(), index.ids.len());
            }
            index.ids.push(id.value.clone());
        }
        index
    }

    /// The index of the record `r` names; an error (and 0) when there is none.
    fn get(&self, ck: &mut Check<'_>, file: &str, r: &Ref) -> usize {
        if let Some(i) = self.at.get(&r.value) {
            return *i;
        }
        ck.error(
            codes::DATA_UNKNOWN_REFERENCE,
            file,
            r,
            format!("unknown {} `{}`", self.what, r.value),
            unknown_name_hint(&r.value, self.ids.iter().map(String::as_str)),
        );
        0
    }
}

/// What one can rent: priced cards and bundles, by id.
struct Offers {
    at: HashMap<String, OfferRef>,
    ids: Vec<String>,
}

impl Offers {
    fn new(cards: &[Card], bundles: &[Bundle]) -> Self {
        let mut o = Offers {
            at: HashMap::new(),
            ids: Vec::new(),
        };
        let priced = cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.price.is_some())
            .map(|(i, c)| (c.id.clone(), OfferRef::Card(i)));
        let bundled = bundles
            .iter()
            .enumerate()
            .map(|(i, b)| (b.id.clone(), OfferRef::Bundle(i)));
        for (id, r) in priced.chain(bundled) {
            o.at.entry(id.clone()).or_insert(r);
            o.ids.push(id);
        }
        o
    }

    fn get(&self, ck: &mut Check<'_>, file: &str, r: &Ref, what: &str) -> OfferRef {
        if let Some(o) = self.at.get(&r.value) {
            return *o;
        }
        ck.error(
            codes::DATA_UNKNOWN_REFERENCE,
            file,
            r,
            format!("unknown card or bundle `{}` in {what}", r.value),
            unknown_name_hint(&r.value, self.ids.iter().map(String::as_str)),
        );
        OfferRef::Card(0)
    }
}

/// The raw files, parsed.
pub(super) struct Raw {
    pub cards: CardsFile,
    pub regions: RegionsFile,
    pub models: ModelsFile,
    pub methods: MethodsFile,
    pub fit: FitFile,
    pub pricing: PricingFile,
    pub interconnects: InterconnectsFile,
    pub storage: StorageFile,
    pub payments: PaymentsFile,
    pub training: TrainingFile,
    pub images: ImagesFile,
}

/// Validates every file and builds the catalog; collects all errors.
pub(super) fn validate(raw: Raw, texts: &DataTexts) -> Result<Catalog, Vec<Diagnostic>> {
    let Raw {
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
        images,
    } = raw;
    let mut ck = Check {
        texts,
        errors: Vec::new(),
        fluent_keys: Vec::new(),
        stock_as_of: None,
    };
    let (regions, region_index) = validate_regions(&mut ck, regions);
    let (interconnects, ic_index) = validate_interconnects(&mut ck, interconnects);
    let cards = validate_cards(&mut ck, cards, &regions, &region_index, &ic_index);
    let (models, model_index) = validate_models(&mut ck, models);
    let (memory, methods, method_index) = validate_methods(&mut ck, methods);
    let pricing = validate_pricing(&mut ck, pricing, &cards);
    let offers = Offers::new(&cards, &pricing.bundles);
    let (headroom, fit_rows) = validate_fit(&mut ck, fit, &model_index, &method_index, &offers);
    let refs = (&model_index, &method_index, &offers);
    let training = validate_training(&mut ck, training, refs, memory.grad_checkpointing);
    let storage = validate_storage(&mut ck, storage);
    let images = validate_images(&mut ck, images);
    let PaymentsFile {
        coins,
        identity_checks: _,
    } = payments;
    if !ck.errors.is_empty() {
        return Err(ck.errors);
    }
    Ok(Catalog {
        cards,
        regions,
        models,
        memory,
        methods,
        headroom,
        fit_rows,
        hours_per_month: pricing.hours_per_month,
        significant_figures: pricing.significant_figures,
        bundles: pricing.bundles,
        market: pricing.market,
        training,
        interconnects,
        storage,
        coins,
        fluent_keys: ck.fluent_keys,
        order_url: None,
        contact: None,
        stock_as_of: ck.stock_as_of,
        images,
        service: Service::default(),
    })
}

/// Checks the order URL template: an absolute http(s) URL once its placeholders are filled in,
/// with `{offer}` and no placeholder but `{offer}`, `{term}` and `{region}`.
pub(super) fn order_url(
    file: &super::schema::OrderingFile,
    path: &std::path::Path,
    text: &str,
) -> Result<String, Vec<Diagnostic>> {
    let template = &file.order_url.value;
    let at = |message: String, hint: &str| {
        let loc = loc_of(super::model::ORDERING_FILE, &file.order_url);
        let mut texts = DataTexts::new();
        texts.insert(path.to_path_buf(), text.to_owned());
        vec![
            loc.error(codes::DATA_OUT_OF_RANGE, message, &texts)
                .with_hint(hint),
        ]
    };
    let mut rest = template.as_str();
    while let Some(open) = rest.find('{') {
        let close = rest[open..].find('}').map(|c| open + c);
        let name = close.map(|c| &rest[open + 1..c]);
        match name {
            Some("offer" | "term" | "region") => {}
            _ => {
                return Err(at(
                    format!(
                        "`{}` is not a placeholder of the order URL",
                        &rest[open..close.map_or(rest.len(), |c| c + 1)]
                    ),
                    "the placeholders are {offer}, {term} and {region}",
                ));
            }
        }
        rest = &rest[close.map_or(rest.len(), |c| c + 1)..];
    }
    if !template.contains("{offer}") {
        return Err(at(
            "the order URL does not name the offer".into(),
            "put {offer} where the ordering system expects the offer's id",
        ));
    }
    let filled = template
        .replace("{offer}", "h100-sxm")
        .replace("{term}", "month")
        .replace("{region}", "dfw-1");
    match url::Url::parse(&filled) {
        Ok(u) if matches!(u.scheme(), "http" | "https") => Ok(template.clone()),
        _ => Err(at(
            format!("`{template}` is not an absolute http(s) URL"),
            "e.g. order_url: https://app.example.com/order?offer={offer}&term={term}&region={region}",
        )),
    }
}

/// Checks the contact: a `mailto:` address or an absolute http(s) URL.
pub(super) fn contact(
    file: &super::schema::OrderingFile,
    path: &std::path::Path,
    text: &str,
) -> Result<Option<String>, Vec<Diagnostic>> {
    let Some(c) = &file.contact else {
        return Ok(None);
    };
    match url::Url::parse(&c.value) {
        Ok(u) if matches!(u.scheme(), "mailto" | "http" | "https") => Ok(Some(c.value.clone())),
        _ => {
            let mut texts = DataTexts::new();
            texts.insert(path.to_path_buf(), text.to_owned());
            Err(vec![
                loc_of(super::model::ORDERING_FILE, c)
                    .error(
                        codes::DATA_OUT_OF_RANGE,
                        format!("contact `{}` is not a mailto: address or an http(s) URL", c.value),
                        &texts,
                    )
                    .with_hint("e.g. contact: mailto:support@example.com, or contact: https://example.com/support"),
            ])
        }
    }
}

/// Checks the operator's service terms: each figure in its range, the terms an https URL. Unset
/// keys stay unset.
pub(super) fn service(
    file: &super::schema::OrderingFile,
    path: &std::path::Path,
    text: &str,
) -> Result<Service, Vec<Diagnostic>> {
    let Some(raw) = &file.service else {
        return Ok(Service::default());
    };
    let f = super::model::ORDERING_FILE;
    let mut texts = DataTexts::new();
    texts.insert(path.to_path_buf(), text.to_owned());
    let mut ck = Check {
        texts: &texts,
        errors: Vec::new(),
        fluent_keys: Vec::new(),
        stock_as_of: None,
    };
    let ServiceRaw {
        uptime_sla_percent,
        refund,
        failure,
        provisioning_minutes,
        terms_url,
    } = raw;
    let service = Service {
        uptime_sla_percent: ck.opt(
            f,
            uptime_sla_percent.as_ref(),
            Decimal::from(90),
            Decimal::ONE_HUNDRED,
            "service.uptime_sla_percent",
            "the uptime the operator commits to, in percent (e.g. 99.5)",
        ),
        refund: *refund,
        failure: *failure,
        provisioning_minutes: ck.opt(
            f,
            provisioning_minutes.as_ref(),
            1,
            10_080,
            "service.provisioning_minutes",
            "the minutes from a confirmed payment to a ready instance, at most a week",
        ),
        terms_url: terms_url.as_ref().map(|u| {
            if !url::Url::parse(&u.value).is_ok_and(|p| p.scheme() == "https") {
                ck.error(
                    codes::DATA_OUT_OF_RANGE,
                    f,
                    u,
                    format!("terms_url `{}` is not an absolute https URL", u.value),
                    "e.g. terms_url: https://example.com/terms",
                );
            }
            u.value.clone()
        }),
    };
    if ck.errors.is_empty() {
        Ok(service)
    } else {
        Err(ck.errors)
    }
}

/// The OS images: ids unique and URL segments, the rest as written.
fn validate_images(ck: &mut Check<'_>, file: ImagesFile) -> Vec<Image> {
    let ImagesFile { images } = file;
    let _ = Index::new(ck, "images.yaml", "image", images.iter().map(|i| &i.id));
    images
        .into_iter()
        .map(|i| {
            let ImageRaw {
                id: _,
                name,
                os,
                driver,
                toolkit,
                vendor,
            } = i;
            Image {
                name,
                os,
                driver,
                toolkit,
                vendor,
            }
        })
        .collect()
}

fn validate_regions(ck: &mut Check<'_>, file: RegionsFile) -> (Vec<Region>, Index) {
    let f = "regions.yaml";
    let RegionsFile { regions } = file;
    let index = Index::new(ck, f, "region", regions.iter().map(|r| &r.id));
    let regions = regions
        .into_iter()
        .map(|r| {
            let RegionRaw { id, code, city } = r;
            ck.fluent_keys
                .push((format!("city-{city}"), loc_of(f, &id)));
            Region {
                id: id.value,
                code,
                city,
            }
        })
        .collect();
    (regions, index)
}

fn validate_interconnects(
    ck: &mut Check<'_>,
    file: InterconnectsFile,
) -> (Vec<Interconnect>, Index) {
    let f = "interconnects.yaml";
    let InterconnectsFile { interconnects } = file;
    let index = Index::new(ck, f, "interconnect", interconnects.iter().map(|i| &i.id));
    let mut out = Vec::new();
    for i in interconnects {
        let InterconnectRaw {
            id,
            link,
            bandwidth,
            sharding,
            max_cards,
            group_note,
        } = i;
        ck.fluent_keys
            .push((format!("link-{link}"), loc_of(f, &id)));
        if let Some(g) = &group_note {
            ck.key(f, g);
        }
        if sharding == Sharding::UpTo && max_cards.is_none() {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &id,
                format!(
                    "interconnect `{}` shards `up-to` but has no max_cards",
                    id.value
                ),
                "give the largest number of cards the link joins, e.g. `max_cards: 8`",
            );
        }
        if bandwidth.is_empty() {
            ck.error(
                codes::DATA_MISSING_VALUE,
                f,
                &id,
                format!("interconnect `{}` has no bandwidth", id.value),
                "list at least one `{ gbs: … }`",
            );
        }
        let bandwidth = bandwidth
            .into_iter()
            .map(|b| {
                let BandwidthRaw { gbs, approx, label } = b;
                Bandwidth {
                    gbs: ck.range(
                        f,
                        &gbs,
                        dec(1, 1),
                        Decimal::from(100_000),
                        "gbs",
                        "link bandwidth in GB/s",
                    ),
                    approx,
                    label,
                }
            })
            .collect();
        let max_cards = ck.opt(
            f,
            max_cards.as_ref(),
            2,
            1024,
            "max_cards",
            "how many cards the link joins",
        );
        out.push(Interconnect {
            link,
            bandwidth,
            sharding,
            max_cards,
            group_note: group_note.map(|g| g.value),
        });
    }
    (out, index)
}

fn validate_price(ck: &mut Check<'_>, card: &str, price: PriceRaw) -> Price {
    let f = "cards.yaml";
    let PriceRaw {
        weekly_usd,
        monthly_usd,
    } = price;
    let (lo, hi) = (dec(1, 2), Decimal::from(1_000_000));
    let weekly = ck.range(
        f,
        &weekly_usd,
        lo,
        hi,
        "weekly_usd",
        "the price of one week in US dollars",
    );
    let monthly = ck.range(
        f,
        &monthly_usd,
        lo,
        hi,
        "monthly_usd",
        "the price of one month in US dollars",
    );
    if monthly < weekly {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            &monthly_usd,
            format!("card `{card}` costs less per month than per week"),
            "weekly_usd and monthly_usd may be swapped",
        );
    } else if monthly > weekly * Decimal::from(5) {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            &monthly_usd,
            format!("card `{card}` costs more per month than five weeks"),
            "a month is about 4.3 weeks; check for a typo",
        );
    }
    Price {
        weekly_usd: weekly,
        monthly_usd: monthly,
    }
}

/// cards.yaml's `stock_as_of`: a real day, kept for the pages.
fn validate_stock_as_of(ck: &mut Check<'_>, stock_as_of: Option<S<String>>) {
    if let Some(d) = &stock_as_of
        && !crate::source::is_date(&d.value)
    {
        ck.errors.push(
            loc_of("cards.yaml", d)
                .error(
                    codes::DATA_OUT_OF_RANGE,
                    format!("`{}` is not a date", d.value),
                    ck.texts,
                )
                .with_hint("write the day the stock was counted as YYYY-MM-DD"),
        );
    }
    ck.stock_as_of = stock_as_of.map(|d| d.value);
}

/// A card's free counts per region id, as a count per region index.
fn validate_stock(
    ck: &mut Check<'_>,
    f: &str,
    id: &str,
    stock: &BTreeMap<String, S<u32>>,
    regions: usize,
    region_index: &Index,
) -> Vec<u32> {
    let mut per_region = vec![0; regions];
    for (region, n) in stock {
        let n_value = ck.range(
            f,
            n,
            0,
            100_000,
            "free_now",
            "how many cards are free in that region",
        );
        match region_index.at.get(region) {
            Some(i) => per_region[*i] = n_value,
            None => ck.error(
                codes::DATA_UNKNOWN_REFERENCE,
                f,
                n,
                format!("card `{id}` lists unknown region `{region}`"),
                unknown_name_hint(region, region_index.ids.iter().map(String::as_str)),
            ),
        }
    }
    per_region
}

/// The host one rented card comes with, each figure in its range.
fn validate_host(ck: &mut Check<'_>, f: &str, h: &super::schema::HostRaw) -> super::model::Host {
    super::model::Host {
        cpu_cores: ck.range(
            f,
            &h.cpu_cores,
            1,
            1024,
            "host.cpu_cores",
            "CPU cores per card",
        ),
        ram_gb: ck.range(
            f,
            &h.ram_gb,
            1,
            16_384,
            "host.ram_gb",
            "host RAM per card in GB",
        ),
        network_gbps: ck.range(
            f,
            &h.network_gbps,
            1,
            3_200,
            "host.network_gbps",
            "network per card in Gbit/s",
        ),
    }
}

fn validate_cards(
    ck: &mut Check<'_>,
    file: CardsFile,
    regions: &[Region],
    region_index: &Index,
    ic_index: &Index,
) -> Vec<Card> {
    let f = "cards.yaml";
    let CardsFile { stock_as_of, cards } = file;
    validate_stock_as_of(ck, stock_as_of);
    let _ = Index::new(ck, f, "card", cards.iter().map(|c| &c.id));
    let mut out = Vec::new();
    for c in cards {
        let CardRaw {
            id,
            name,
            vendor,
            vram_gb,
            memory,
            bandwidth_tbs,
            fp8,
            ecc,
            software,
            tdp_w,
            interconnect,
            bf16_tflops,
            price,
            free_now,
            local_nvme_tb,
            host,
            pick,
        } = c;
        let host = host.map(|h| validate_host(ck, f, &h));
        let interconnect = ic_index.get(ck, f, &interconnect);
        let price = price.map(|p| validate_price(ck, &id.value, p));
        let free_now = free_now
            .map(|stock| validate_stock(ck, f, &id.value, &stock, regions.len(), region_index));
        let bf16_tflops = bf16_tflops.map(|s| {
            let SourcedRaw { value, source } = s;
            Sourced {
                value: ck.range(
                    f,
                    &value,
                    Decimal::ONE,
                    Decimal::from(100_000),
                    "bf16_tflops.value",
                    "the card's dense BF16 throughput in TFLOPS",
                ),
                source,
            }
        });
        out.push(Card {
            id: id.value,
            name,
            vendor,
            vram_gb: ck.range(f, &vram_gb, 1, 1024, "vram_gb", "the card's memory in GB"),
            memory,
            bandwidth_tbs: ck.opt(
                f,
                bandwidth_tbs.as_ref(),
                dec(1, 2),
                Decimal::from(100),
                "bandwidth_tbs",
                "memory bandwidth in TB/s",
            ),
            fp8,
            ecc,
            software,
            tdp_w: ck.opt(
                f,
                tdp_w.as_ref(),
                1,
                5000,
                "tdp_w",
                "the board power in watts",
            ),
            interconnect,
            bf16_tflops,
            price,
            free_now,
            local_nvme_tb: ck.opt(
                f,
                local_nvme_tb.as_ref(),
                dec(1, 1),
                Decimal::from(1000),
                "local_nvme_tb",
                "local NVMe per node in TB",
            ),
            host,
            pick,
        });
    }
    out
}

fn validate_models(ck: &mut Check<'_>, file: ModelsFile) -> (Vec<Model>, Index) {
    let f = "models.yaml";
    let ModelsFile { models } = file;
    let index = Index::new(ck, f, "model", models.iter().map(|m| &m.id));
    let mut out = Vec::new();
    for m in models {
        let ModelRaw {
            id,
            name,
            size,
            params,
            params_exact,
            layers,
            hidden,
            intermediate,
            heads,
            kv_heads,
            vocab,
            // Where the architecture comes from: for the reader of data/models.yaml.
            source: _,
        } = m;
        let p = ck.range(
            f,
            &params,
            1e6,
            1e13,
            "params",
            "the nominal parameter count (7e9 for a 7B model)",
        );
        let exact = ck.range(
            f,
            &params_exact,
            1e6,
            1e13,
            "params_exact",
            "the checkpoint's exact parameter count",
        );
        if p > 0.0 && !(0.75..=1.25).contains(&(exact / p)) {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &params_exact,
                format!(
                    "model `{}`: params_exact {exact} is far from params {p}",
                    id.value
                ),
                "the exact count should be within 25% of the nominal size; check the exponent",
            );
        }
        let h = ck.range(f, &heads, 1, 1024, "heads", "attention heads per layer");
        let kv = ck.range(
            f,
            &kv_heads,
            1,
            1024,
            "kv_heads",
            "key/value heads per layer",
        );
        let hid = ck.range(f, &hidden, 64, 1_000_000, "hidden", "the hidden size");
        if h > 0 && kv > 0 && (kv > h || !h.is_multiple_of(kv)) {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &kv_heads,
                format!(
                    "model `{}`: {kv} key/value heads do not divide {h} heads",
                    id.value
                ),
                "grouped-query attention shares each key/value head among a whole number of heads",
            );
        }
        if h > 0 && !hid.is_multiple_of(h) {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &hidden,
                format!(
                    "model `{}`: hidden size {hid} is not a multiple of {h} heads",
                    id.value
                ),
                "each head gets hidden / heads dimensions; check both values",
            );
        }
        out.push(Model {
            id: id.value,
            name,
            size,
            params: p,
            layers: ck.range(
                f,
                &layers,
                1,
                1000,
                "layers",
                "the number of transformer layers",
            ),
            hidden: hid,
            intermediate: ck.range(
                f,
                &intermediate,
                1,
                10_000_000,
                "intermediate",
                "the MLP intermediate size",
            ),
            heads: h,
            kv_heads: kv,
            vocab: ck.range(f, &vocab, 256, 10_000_000, "vocab", "the vocabulary size"),
        });
    }
    (out, index)
}

fn validate_methods(ck: &mut Check<'_>, file: MethodsFile) -> (MemoryModel, Vec<Method>, Index) {
    let f = "methods.yaml";
    let MethodsFile {
        memory_model,
        methods,
    } = file;
    let MemoryModelRaw {
        eta,
        runtime_reserve_gb,
        adapter_fraction,
        lora_rank,
        adapter_bytes_per_param,
        seq_len,
        batch,
        grad_checkpointing,
    } = memory_model;
    let memory = MemoryModel {
        eta: ck.range(
            f,
            &eta,
            0.0,
            1.0,
            "eta",
            "overhead on trainable state as a share",
        ),
        runtime_reserve_gb: ck.range(
            f,
            &runtime_reserve_gb,
            0.0,
            256.0,
            "runtime_reserve_gb",
            "the per-card runtime reserve in GB",
        ),
        adapter_fraction: ck.range(
            f,
            &adapter_fraction,
            1e-6,
            0.5,
            "adapter_fraction",
            "adapter parameters as a share of the model",
        ),
        lora_rank: ck.range(f, &lora_rank, 1, 65_536, "lora_rank", "the LoRA rank"),
        adapter_bytes_per_param: ck.range(
            f,
            &adapter_bytes_per_param,
            1.0,
            64.0,
            "adapter_bytes_per_param",
            "bytes per adapter parameter",
        ),
        seq_len: ck.range(
            f,
            &seq_len,
            1,
            10_000_000,
            "seq_len",
            "the sequence length in tokens",
        ),
        batch: ck.range(f, &batch, 1, 65_536, "batch", "the micro-batch size"),
        grad_checkpointing,
    };
    let index = Index::new(ck, f, "method", methods.iter().map(|m| &m.id));
    let methods = methods
        .into_iter()
        .map(|m| {
            let MethodRaw {
                id,
                base_bytes,
                trains,
                state_bytes,
            } = m;
            let state_bytes: BTreeMap<String, f64> = state_bytes
                .iter()
                .map(|(k, v)| {
                    (
                        k.clone(),
                        ck.range(f, v, 0.0, 64.0, k, "bytes of training state per parameter"),
                    )
                })
                .collect();
            Method {
                id: id.value,
                base_bytes: ck.range(
                    f,
                    &base_bytes,
                    0.1,
                    16.0,
                    "base_bytes",
                    "bytes per base-model parameter",
                ),
                trains,
                state_bytes,
            }
        })
        .collect();
    (memory, methods, index)
}

/// What `pricing.yaml` gives the catalog.
struct Pricing {
    hours_per_month: u32,
    significant_figures: u32,
    bundles: Vec<Bundle>,
    market: Market,
}

fn validate_pricing(ck: &mut Check<'_>, file: PricingFile, cards: &[Card]) -> Pricing {
    let f = "pricing.yaml";
    let PricingFile {
        hours_per_month,
        multi_card,
        bundles,
        market,
    } = file;
    let MultiCardRaw {
        discounts,
        significant_figures,
    } = multi_card;
    let hours = ck.range(
        f,
        &hours_per_month,
        672,
        744,
        "hours_per_month",
        "the hours in the month prices are quoted for (28 to 31 days)",
    );
    let significant_figures = ck.range(
        f,
        &significant_figures,
        1,
        10,
        "significant_figures",
        "how many significant figures multi-card prices keep",
    );
    let discounts = validate_discounts(ck, &discounts);
    let priced = Priced::new(cards);
    Pricing {
        hours_per_month: hours,
        significant_figures,
        bundles: validate_bundles(ck, bundles, &discounts, &priced),
        market: validate_market(ck, market, &priced, hours),
    }
}

/// Priced cards by id: bundles and market rates name them.
struct Priced<'c> {
    at: HashMap<&'c str, usize>,
    ids: Vec<&'c str>,
}

impl<'c> Priced<'c> {
    fn new(cards: &'c [Card]) -> Self {
        let priced: Vec<(usize, &str)> = cards
            .iter()
            .enumerate()
            .filter(|(_, c)| c.price.is_some())
            .map(|(i, c)| (i, c.id.as_str()))
            .collect();
        Priced {
            at: priced.iter().map(|(i, id)| (*id, *i)).collect(),
            ids: priced.iter().map(|(_, id)| *id).collect(),
        }
    }

    fn get(&self, ck: &mut Check<'_>, r: &Ref) -> usize {
        if let Some(i) = self.at.get(r.value.as_str()) {
            return *i;
        }
        ck.error(
            codes::DATA_UNKNOWN_REFERENCE,
            "pricing.yaml",
            r,
            format!("unknown priced card `{}`", r.value),
            unknown_name_hint(&r.value, self.ids.iter().copied()),
        );
        0
    }
}

fn validate_discounts(
    ck: &mut Check<'_>,
    discounts: &BTreeMap<u32, Spanned<Decimal>>,
) -> BTreeMap<u32, Decimal> {
    let f = "pricing.yaml";
    let mut out = BTreeMap::new();
    for (count, d) in discounts {
        let v = ck.range(
            f,
            d,
            Decimal::ZERO,
            dec(99, 2),
            "discount",
            "a share of the price taken off, e.g. 0.05",
        );
        if !(2..=1024).contains(count) {
            ck.error(
                codes::DATA_OUT_OF_RANGE,
                f,
                d,
                format!("a discount for {count} cards: counts start at 2"),
                "key discounts by the number of cards, 2 to 1024",
            );
        }
        out.insert(*count, v);
    }
    out
}

fn validate_bundles(
    ck: &mut Check<'_>,
    bundles: Vec<BundleRaw>,
    discounts: &BTreeMap<u32, Decimal>,
    priced: &Priced<'_>,
) -> Vec<Bundle> {
    let f = "pricing.yaml";
    let _ = Index::new(ck, f, "bundle", bundles.iter().map(|b| &b.id));
    let mut out = Vec::new();
    for b in bundles {
        let BundleRaw { id, card, count } = b;
        let card = priced.get(ck, &card);
        let n = ck.range(
            f,
            &count,
            2,
            1024,
            "count",
            "the number of cards in the bundle",
        );
        let discount = match discounts.get(&n) {
            Some(d) => *d,
            None => {
                ck.error(
                    codes::DATA_MISSING_VALUE,
                    f,
                    &count,
                    format!(
                        "bundle `{}` has {n} cards, and no discount is set for that count",
                        id.value
                    ),
                    "add the count under multi_card.discounts",
                );
                Decimal::ZERO
            }
        };
        out.push(Bundle {
            id: id.value,
            card,
            count: n,
            discount,
        });
    }
    out
}

fn validate_market(
    ck: &mut Check<'_>,
    market: MarketRaw,
    priced: &Priced<'_>,
    hours: u32,
) -> Market {
    let f = "pricing.yaml";
    let MarketRaw {
        break_even_round_hours,
        window_hours,
        rates,
    } = market;
    let mut out: Vec<MarketRate> = Vec::new();
    for r in rates {
        let MarketRateRaw {
            card,
            hourly_low_usd,
            hourly_high_usd,
            source,
        } = r;
        let index = priced.get(ck, &card);
        let (lo, hi) = (dec(1, 2), Decimal::from(1000));
        let low = ck.range(
            f,
            &hourly_low_usd,
            lo,
            hi,
            "hourly_low_usd",
            "an hourly price of one card in US dollars",
        );
        let high = ck.range(
            f,
            &hourly_high_usd,
            lo,
            hi,
            "hourly_high_usd",
            "an hourly price of one card in US dollars",
        );
        if high < low {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &hourly_high_usd,
                format!(
                    "market hourly range for `{}` ends below its start",
                    card.value
                ),
                "hourly_low_usd must be ≤ hourly_high_usd",
            );
        }
        if out.iter().any(|x| x.card == index) {
            ck.error(
                codes::DATA_DUPLICATE_ID,
                f,
                &card,
                format!("card `{}` has two market rates", card.value),
                "keep one range per card",
            );
        }
        out.push(MarketRate {
            card: index,
            low,
            high,
            source,
        });
    }
    let window = ck.range(
        f,
        &window_hours,
        1,
        744,
        "window_hours",
        "the hours of use the break-even is judged over",
    );
    if window > hours {
        ck.error(
            codes::DATA_OUT_OF_RANGE,
            f,
            &window_hours,
            format!("window_hours {window} is longer than a month ({hours} h)"),
            "the break-even window is part of a month, e.g. 336 (two weeks)",
        );
    }
    Market {
        round_hours: ck.range(
            f,
            &break_even_round_hours,
            dec(1, 2),
            Decimal::from(100),
            "break_even_round_hours",
            "the step break-even hours are rounded to",
        ),
        window_hours: window,
        rates: out,
    }
}

fn validate_fit(
    ck: &mut Check<'_>,
    file: FitFile,
    models: &Index,
    methods: &Index,
    offers: &Offers,
) -> (Decimal, Vec<FitRow>) {
    let f = "fit.yaml";
    let FitFile { headroom, rows } = file;
    let mut out = Vec::new();
    for r in rows {
        let FitRowRaw {
            model,
            method,
            pick,
            note,
            pick_note,
        } = r;
        for key in [&note, &pick_note].into_iter().flatten() {
            ck.key(f, key);
        }
        out.push(FitRow {
            model: models.get(ck, f, &model),
            method: methods.get(ck, f, &method),
            pick: offers.get(ck, f, &pick, "a fit row"),
            note: note.map(|n| n.value),
            pick_note: pick_note.map(|n| n.value),
            loc: loc_of(f, &pick),
        });
    }
    let headroom = ck.range(
        f,
        &headroom,
        dec(1, 2),
        Decimal::ONE,
        "headroom",
        "the share of a card's memory a job may fill, e.g. 0.9",
    );
    (headroom, out)
}

fn validate_training(
    ck: &mut Check<'_>,
    file: TrainingFile,
    (models, methods, offers): (&Index, &Index, &Offers),
    default_checkpointing: bool,
) -> Training {
    let f = "training.yaml";
    let TrainingFile {
        mfu,
        tokens_per_example,
        flops_per_param_token,
        jobs,
    } = file;
    let RangeRaw { low, high } = mfu;
    let mfu_low = ck.range(
        f,
        &low,
        0.01,
        1.0,
        "mfu.low",
        "model-FLOPs utilisation, a share",
    );
    let mfu_high = ck.range(
        f,
        &high,
        0.01,
        1.0,
        "mfu.high",
        "model-FLOPs utilisation, a share",
    );
    if mfu_low > mfu_high {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            &low,
            format!("MFU range {mfu_low}–{mfu_high} runs backwards"),
            "e.g. mfu: { low: 0.25, high: 0.50 }",
        );
    }
    let tokens = ck.range(
        f,
        &tokens_per_example,
        1,
        10_000_000,
        "tokens_per_example",
        "tokens in one training example",
    );
    let k = |ck: &mut Check<'_>, r: KRaw| {
        let KRaw {
            checkpointing,
            no_checkpointing,
        } = r;
        K {
            checkpointing: ck.range(
                f,
                &checkpointing,
                1.0,
                100.0,
                "checkpointing",
                "FLOPs per parameter per token",
            ),
            no_checkpointing: ck.range(
                f,
                &no_checkpointing,
                1.0,
                100.0,
                "no_checkpointing",
                "FLOPs per parameter per token",
            ),
        }
    };
    let FlopsRaw { full, adapter } = flops_per_param_token;
    let flops = Flops {
        full: k(ck, full),
        adapter: k(ck, adapter),
    };
    let jobs = validate_jobs(
        ck,
        jobs,
        (models, methods, offers),
        tokens,
        default_checkpointing,
    );
    Training {
        mfu_low,
        mfu_high,
        tokens_per_example: tokens,
        k: flops,
        jobs,
    }
}

fn validate_jobs(
    ck: &mut Check<'_>,
    jobs: Vec<TrainingJobRaw>,
    (models, methods, offers): (&Index, &Index, &Offers),
    tokens: u32,
    default_checkpointing: bool,
) -> Vec<TrainingJob> {
    let f = "training.yaml";
    let _ = Index::new(ck, f, "training job", jobs.iter().map(|j| &j.id));
    let mut out = Vec::new();
    for j in jobs {
        let TrainingJobRaw {
            id,
            model,
            method,
            examples,
            epochs,
            tokens_per_example,
            grad_checkpointing,
            offer,
            source,
        } = j;
        out.push(TrainingJob {
            id: id.value,
            model: models.get(ck, f, &model),
            method: methods.get(ck, f, &method),
            examples: ck.range(
                f,
                &examples,
                1,
                u32::MAX,
                "examples",
                "the number of training examples",
            ),
            epochs: ck.range(f, &epochs, 1, 1000, "epochs", "passes over the data"),
            tokens_per_example: ck
                .opt(
                    f,
                    tokens_per_example.as_ref(),
                    1,
                    10_000_000,
                    "tokens_per_example",
                    "tokens in one training example",
                )
                .unwrap_or(tokens),
            checkpointing: grad_checkpointing.unwrap_or(default_checkpointing),
            offer: offers.get(ck, f, &offer, "a training job"),
            source,
            loc: loc_of(f, &offer),
        });
    }
    out
}

fn validate_storage(ck: &mut Check<'_>, file: StorageFile) -> Storage {
    let f = "storage.yaml";
    let StorageFile {
        extra_nvme,
        network_volume,
        snapshots,
        egress,
        encryption,
        wipe_days,
        renewal_notice_hours,
        hold_hours,
    } = file;
    let usd = |ck: &mut Check<'_>, v: &Spanned<Decimal>, what: &str| {
        ck.range(
            f,
            v,
            Decimal::ZERO,
            Decimal::from(100_000),
            what,
            "a price in US dollars per TB",
        )
    };
    let ExtraNvmeRaw {
        usd_per_tb_month: nvme_usd,
        max_tb_per_node,
    } = extra_nvme;
    let NetworkVolumeRaw {
        usd_per_tb_month: volume_usd,
        replicas,
    } = network_volume;
    let SnapshotsRaw {
        usd_per_tb_month: snapshot_usd,
    } = snapshots;
    let EgressRaw {
        included_tb_per_month,
        usd_per_tb_over,
    } = egress;
    Storage {
        extra_nvme: ExtraNvme {
            usd_per_tb_month: usd(ck, &nvme_usd, "usd_per_tb_month"),
            max_tb_per_node: ck.range(
                f,
                &max_tb_per_node,
                1,
                1000,
                "max_tb_per_node",
                "extra NVMe per node in TB",
            ),
        },
        network_volume: NetworkVolume {
            usd_per_tb_month: usd(ck, &volume_usd, "usd_per_tb_month"),
            replicas: ck.range(f, &replicas, 1, 16, "replicas", "copies kept of each block"),
        },
        snapshots: Snapshots {
            usd_per_tb_month: usd(ck, &snapshot_usd, "usd_per_tb_month"),
        },
        egress: Egress {
            included_tb_per_month: ck.range(
                f,
                &included_tb_per_month,
                0,
                100_000,
                "included_tb_per_month",
                "free egress per month in TB",
            ),
            usd_per_tb_over: usd(ck, &usd_per_tb_over, "usd_per_tb_over"),
        },
        encryption,
        wipe_days: ck.range(
            f,
            &wipe_days,
            0,
            365,
            "wipe_days",
            "days after a term ends before local NVMe is wiped",
        ),
        renewal_notice_hours: ck.range(
            f,
            &renewal_notice_hours,
            0,
            8760,
            "renewal_notice_hours",
            "hours before a term ends that the renewal invoice is issued",
        ),
        hold_hours: ck.range(
            f,
            &hold_hours,
            0,
            8760,
            "hold_hours",
            "hours an unpaid slot is held",
        ),
    }
}
