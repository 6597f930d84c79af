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
use hubgen_engine::ext::{Code, Diagnostic, Pos, unknown_name_hint};

mod memory;

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
        if !hubgen_engine::ext::is_segment(&id.value) {
            let hint = match hubgen_engine::ext::suggest(&id.value, "en") {
                Some(s) => {
                    format!(
                        "ids become URLs and file names: use a-z, 0-9 and inner `-`, e.g. `{s}`"
                    )
                }
                None => "ids become URLs and file names: use a-z, 0-9 and inner `-`".to_owned(),
            };
            self.error(
                hubgen_engine::ext::code::URL_SEGMENT,
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
    pub calibration: CalibrationFile,
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
        calibration,
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
    let (models, model_index) = memory::validate_models(&mut ck, models);
    let (memory, methods, method_index) = memory::validate_methods(&mut ck, methods);
    let calibration =
        memory::validate_calibration(&mut ck, calibration, (&method_index, &methods), &memory);
    let pricing = validate_pricing(&mut ck, pricing, &cards, &region_index);
    let offers = Offers::new(&cards, &pricing.bundles);
    let Fit {
        headroom,
        tight_share,
        pick_vendor,
        reference_job,
        rows: fit_rows,
    } = validate_fit(&mut ck, fit, &model_index, &method_index, &offers);
    let refs = (&model_index, &method_index, &offers);
    let training = validate_training(&mut ck, training, refs, memory.defaults.grad_checkpointing);
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
        tight_share,
        pick_vendor,
        reference_job,
        fit_rows,
        calibration,
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
        let loc = loc_of(super::schema::ORDERING_FILE, &file.order_url);
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
                loc_of(super::schema::ORDERING_FILE, c)
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
    let f = super::schema::ORDERING_FILE;
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
            host_staged,
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
                let BandwidthRaw {
                    gbs,
                    approx,
                    label,
                    links,
                } = b;
                let links = ck.opt(
                    f,
                    links.as_ref(),
                    2,
                    64,
                    "links",
                    "links the total is split over",
                );
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
                    links,
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
            host_staged,
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
        && !hubgen_engine::ext::is_date(&d.value)
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

/// A card's usable memory: within 85% to 102.5% of its marketed size in binary units (ECC on
/// GDDR6 takes 1/16, and nvidia-smi reports a little less than the nominal GiB); required, with
/// its source, on a priced card.
fn validate_usable(
    ck: &mut Check<'_>,
    id: &Spanned<String>,
    vram_gb: u32,
    usable_mib: Option<&S<u64>>,
    (priced, sourced): (bool, bool),
) -> Option<Bytes> {
    let f = "cards.yaml";
    let nominal = u64::from(vram_gb) * 1024;
    let usable = usable_mib.map(|u| {
        Bytes::from_mib(ck.range(
            f,
            u,
            nominal * 85 / 100,
            nominal * 1025 / 1000,
            "usable_mib",
            "the card's memory in MiB as nvidia-smi or amd-smi reports it (80 GB: about 81,920)",
        ))
    });
    if priced && (usable.is_none() || !sourced) {
        ck.error(
            codes::DATA_MISSING_VALUE,
            f,
            id,
            format!(
                "priced card `{}` has no `usable_mib` and `capacity_source`",
                id.value
            ),
            "jobs are compared with what the card really offers: give nvidia-smi's memory.total in MiB and where it was read",
        );
    }
    usable
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

/// A card's dense BF16 TFLOPS, with its source.
fn validate_tflops(ck: &mut Check<'_>, f: &str, s: SourcedRaw) -> Sourced {
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
            ecc_on,
            software,
            tdp_w,
            interconnect,
            bf16_tflops,
            price,
            free_now,
            local_nvme_tb,
            host,
            usable_mib,
            capacity_source,
        } = c;
        let usable = validate_usable(
            ck,
            &id,
            vram_gb.value,
            usable_mib.as_ref(),
            (price.is_some(), capacity_source.is_some()),
        );
        let host = host.map(|h| validate_host(ck, f, &h));
        let interconnect = ic_index.get(ck, f, &interconnect);
        let price = price.map(|p| validate_price(ck, &id.value, p));
        let free_now = free_now
            .map(|stock| validate_stock(ck, f, &id.value, &stock, regions.len(), region_index));
        let bf16_tflops = bf16_tflops.map(|s| validate_tflops(ck, f, s));
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
            ecc_on,
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
            usable,
            capacity_source,
        });
    }
    out
}

/// What `pricing.yaml` gives the catalog.
struct Pricing {
    hours_per_month: u32,
    significant_figures: u32,
    bundles: Vec<Bundle>,
    market: Market,
}

fn validate_pricing(
    ck: &mut Check<'_>,
    file: PricingFile,
    cards: &[Card],
    regions: &Index,
) -> Pricing {
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
        bundles: validate_bundles(ck, bundles, &discounts, &priced, (cards, regions)),
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
    (cards, regions): (&[Card], &Index),
) -> Vec<Bundle> {
    let f = "pricing.yaml";
    let _ = Index::new(ck, f, "bundle", bundles.iter().map(|b| &b.id));
    let mut out = Vec::new();
    for b in bundles {
        let BundleRaw {
            id,
            card,
            count,
            free_nodes,
        } = b;
        // An unknown card is that one error: its stock is not checked against another card's.
        let known = priced.at.contains_key(card.value.as_str());
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
        let nodes = free_nodes
            .map(|m| validate_stock(ck, f, &id.value, &m, regions.ids.len(), regions))
            .unwrap_or_else(|| vec![0; regions.ids.len()]);
        let free = cards[card].free_now.clone().unwrap_or_default();
        for (ri, &k) in nodes.iter().enumerate().filter(|_| known) {
            let have = free.get(ri).copied().unwrap_or(0);
            if k.saturating_mul(n) > have {
                ck.error(
                    codes::DATA_INCONSISTENT,
                    f,
                    &id,
                    format!(
                        "bundle `{}`: {k} free {n}-card node(s) in `{}` need {} free cards, and cards.yaml has {have}",
                        id.value,
                        regions.ids[ri],
                        k.saturating_mul(n)
                    ),
                    "a free node is free cards: raise free_now in cards.yaml or lower free_nodes",
                );
            }
        }
        out.push(Bundle {
            id: id.value,
            card,
            count: n,
            discount,
            free_nodes: nodes,
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
        busy_shares,
        rates,
    } = market;
    let busy_shares = validate_busy_shares(ck, f, busy_shares);
    let mut out: Vec<MarketRate> = Vec::new();
    // The ids named so far: a duplicate is two rows naming one card, known or not (an unknown
    // card's index is a placeholder, which must not collide with a known card's).
    let mut named: Vec<String> = Vec::new();
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
        if named.contains(&card.value) {
            ck.error(
                codes::DATA_DUPLICATE_ID,
                f,
                &card,
                format!("card `{}` has two market rates", card.value),
                "keep one range per card",
            );
        }
        named.push(card.value.clone());
        out.push(MarketRate {
            card: index,
            low,
            high,
            source,
        });
    }
    let window = validate_window(ck, f, &window_hours, hours);
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
        busy_shares,
    }
}

/// The break-even window: some hours of use, no longer than a month.
fn validate_window(ck: &mut Check<'_>, f: &str, window_hours: &S<u32>, hours: u32) -> u32 {
    let window = ck.range(
        f,
        window_hours,
        1,
        744,
        "window_hours",
        "the hours of use the break-even is judged over",
    );
    if window > hours {
        ck.error(
            codes::DATA_OUT_OF_RANGE,
            f,
            window_hours,
            format!("window_hours {window} is longer than a month ({hours} h)"),
            "the break-even window is part of a month, e.g. 336 (two weeks)",
        );
    }
    window
}

/// The busy shares a term's rate to beat is shown at: each a share of the term from 5% to 100%,
/// highest first, none twice.
fn validate_busy_shares(ck: &mut Check<'_>, f: &str, shares: Vec<S<Decimal>>) -> Vec<Decimal> {
    let mut out: Vec<Decimal> = Vec::new();
    for share in &shares {
        let v = ck.range(
            f,
            share,
            dec(5, 2),
            Decimal::ONE,
            "busy_shares",
            "a share of the term the card is busy",
        );
        if out.last().is_some_and(|last| v >= *last) {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                share,
                format!("busy share {v} is not below the one before it"),
                "list busy_shares from the highest down, each once, e.g. [1, 0.5]",
            );
        }
        out.push(v);
    }
    out
}

fn validate_fit(
    ck: &mut Check<'_>,
    file: FitFile,
    models: &Index,
    methods: &Index,
    offers: &Offers,
) -> Fit {
    let f = "fit.yaml";
    let FitFile {
        headroom,
        tight_share,
        reference_job,
        pick_vendor,
        rows,
    } = file;
    let ReferenceJobRaw { examples, epochs } = reference_job;
    let reference = (
        ck.range(
            f,
            &examples,
            1,
            u32::MAX,
            "examples",
            "the reference job's examples",
        ),
        ck.range(
            f,
            &epochs,
            1,
            1000,
            "epochs",
            "the reference job's passes over the data",
        ),
    );
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
        // A problem with the row is reported at its override's offer, or at its model.
        let loc = pick
            .as_ref()
            .map_or_else(|| loc_of(f, &model), |p| loc_of(f, p));
        let pick = override_of(ck, f, pick, pick_note, offers, ("a fit row", "pick_note"));
        out.push(FitRow {
            model: models.get(ck, f, &model),
            method: methods.get(ck, f, &method),
            pick,
            note: note.map(|n| n.value),
            loc,
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
    let tight = ck.range(
        f,
        &tight_share,
        dec(1, 2),
        headroom.max(dec(1, 2)),
        "tight_share",
        "the share above which a fit is marked tight, at most the headroom, e.g. 0.8",
    );
    Fit {
        headroom,
        tight_share: tight,
        pick_vendor,
        reference_job: reference,
        rows: out,
    }
}

/// fit.yaml, checked.
struct Fit {
    headroom: Decimal,
    tight_share: Decimal,
    pick_vendor: Option<super::schema::Vendor>,
    reference_job: (u32, u32),
    rows: Vec<FitRow>,
}

/// A hand override of a computed offer and its reason: both or neither.
fn override_of(
    ck: &mut Check<'_>,
    f: &str,
    offer: Option<Ref>,
    reason: Option<Ref>,
    offers: &Offers,
    (what, key): (&str, &str),
) -> Option<(OfferRef, String)> {
    match (offer, reason) {
        (Some(o), Some(r)) => Some((offers.get(ck, f, &o, what), r.value)),
        (None, None) => None,
        (Some(o), None) => {
            ck.error(
                codes::DATA_MISSING_VALUE,
                f,
                &o,
                format!(
                    "{what} overrides the computed offer with `{}` and gives no reason",
                    o.value
                ),
                format!("add `{key}`: the Fluent key of the reason, shown beside the override"),
            );
            None
        }
        (None, Some(r)) => {
            ck.error(
                codes::DATA_INCONSISTENT,
                f,
                &r,
                format!("{what} gives `{key}` without an override"),
                "the reason belongs to a hand-picked offer; remove it, or name the offer",
            );
            None
        }
    }
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
        term_margin,
        tokens_per_example,
        flops_per_param_token,
        step_time,
        jobs,
    } = file;
    let (mfu_low, mfu_ref, mfu_high) = validate_mfu(ck, f, mfu);
    let step_time = validate_step_time(ck, f, step_time, methods);
    let term_margin = ck.range(
        f,
        &term_margin,
        0.0,
        0.5,
        "term_margin",
        "the share of a term a job leaves free",
    );
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
        mfu_ref,
        mfu_high,
        term_margin,
        tokens_per_example: tokens,
        k: flops,
        step_time,
        jobs,
    }
}

/// Step-time factors: each of a known method, once, at least 1 (a factor under 1 would make a
/// method faster than its FLOPs allow) and at most 10.
fn validate_step_time(
    ck: &mut Check<'_>,
    f: &str,
    rows: Vec<StepTimeRaw>,
    methods: &Index,
) -> Vec<StepTime> {
    let _ = Index::new(ck, f, "step_time method", rows.iter().map(|r| &r.method));
    rows.into_iter()
        .map(|r| {
            let StepTimeRaw {
                method,
                factor,
                source,
            } = r;
            let _ = methods.get(ck, f, &method);
            StepTime {
                factor: ck.range(
                    f,
                    &factor,
                    1.0,
                    10.0,
                    "factor",
                    "a step's time against its FLOP count",
                ),
                method: method.value,
                source,
            }
        })
        .collect()
}

/// The utilisation band: each end a share, the reference inside it.
fn validate_mfu(ck: &mut Check<'_>, f: &str, mfu: MfuRaw) -> (f64, f64, f64) {
    let MfuRaw {
        low,
        reference,
        high,
    } = mfu;
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
    let mfu_ref = ck.range(
        f,
        &reference,
        0.01,
        1.0,
        "mfu.reference",
        "the utilisation the pick rule weighs, a share",
    );
    if mfu_ref < mfu_low || mfu_ref > mfu_high {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            &reference,
            format!("MFU reference {mfu_ref} lies outside the range {mfu_low}–{mfu_high}"),
            "e.g. mfu: { low: 0.18, reference: 0.25, high: 0.35 }",
        );
    }
    if mfu_low > mfu_high {
        ck.error(
            codes::DATA_INCONSISTENT,
            f,
            &low,
            format!("MFU range {mfu_low}–{mfu_high} runs backwards"),
            "e.g. mfu: { low: 0.18, reference: 0.25, high: 0.35 }",
        );
    }
    (mfu_low, mfu_ref, mfu_high)
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
            offer_note,
            source,
        } = j;
        if let Some(k) = &offer_note {
            ck.key(f, k);
        }
        let loc = offer
            .as_ref()
            .map_or_else(|| loc_of(f, &id), |o| loc_of(f, o));
        let offer = override_of(
            ck,
            f,
            offer,
            offer_note,
            offers,
            ("a training job", "offer_note"),
        );
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
            offer,
            source,
            loc,
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
