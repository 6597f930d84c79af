//! The GPU Rent Hub domain: the data schema, its arithmetic and its tables. The generic engine
//! knows it only as a `Provider` (`crate::ext`), which `main` hands in: [`extension`].

pub mod breakdown;
pub mod calibration;
pub mod charts;
pub mod codes;
pub mod compute;
pub mod economics;
pub mod estimate;
pub mod export;
#[cfg(test)]
mod fuzz;
mod load;
pub mod memory;
pub mod model;
pub mod pages;
pub mod present;
pub mod schema;
mod site;
mod terms;
mod units;
mod validate;
#[cfg(test)]
mod vectors;

use hubgen_engine::ext::Diagnostic;
use hubgen_engine::ext::Tracked;
use hubgen_engine::ext::{Args, Call, Error, GeneratedPage, Output};
use hubgen_engine::ext::{Provider, SiteFiles};

/// The loaded and computed domain, ready to answer shortcodes.
pub struct Domain {
    pub catalog: model::Catalog,
    pub tables: compute::Tables,
    names: Vec<&'static str>,
    warnings: Vec<Diagnostic>,
}

impl Domain {
    fn site(&self) -> site::Site<'_> {
        site::Site::view(&self.catalog, &self.tables)
    }
}

/// The engine's hook (`hubgen_engine::ext::Load`): a site with a `data/` folder is a GPU Rent Hub
/// site; its data is loaded, checked and computed.
pub fn extension(files: &SiteFiles<'_>) -> Option<Result<Box<dyn Provider>, Vec<Diagnostic>>> {
    if !files.is_dir("data") {
        return None;
    }
    Some(load(files).map(|d| Box::new(d) as Box<dyn Provider>))
}

impl Provider for Domain {
    fn names(&self) -> &[&'static str] {
        &self.names
    }
    fn call(&self, call: &Call, args: &mut Args<'_>, loc: &Tracked<'_>) -> Result<Output, Error> {
        self.site().answer(call, args, loc)
    }
    fn pages(&self, loc: &Tracked<'_>) -> Vec<GeneratedPage> {
        self.site().generated_pages(loc)
    }
    fn exports(&self) -> Vec<(String, Vec<u8>)> {
        export::all(&self.catalog, &self.tables)
    }
    fn warnings(&self) -> Vec<Diagnostic> {
        self.warnings.clone()
    }
    fn template_data(&self) -> serde_json::Value {
        // The contact as the footer links it: the address of a mailto:, else the URL itself;
        // and the terms of service.
        let mut data = serde_json::Map::new();
        if let Some(url) = &self.catalog.contact {
            data.insert(
                "contact".into(),
                serde_json::json!({
                    "url": url,
                    "text": url.strip_prefix("mailto:").unwrap_or(url),
                }),
            );
        }
        if let Some(url) = &self.catalog.service.terms_url {
            data.insert("terms".into(), serde_json::json!({ "url": url }));
        }
        if data.is_empty() {
            serde_json::Value::Null
        } else {
            serde_json::Value::Object(data)
        }
    }
    fn required_strings(&self) -> Vec<(String, std::path::PathBuf, hubgen_engine::ext::Pos)> {
        self.catalog
            .fluent_keys
            .iter()
            .map(|(k, loc)| (k.clone(), loc.file.clone(), loc.pos))
            .collect()
    }
}

/// Loads `data/` and computes every table; errors point at the data file and row.
pub fn load(files: &SiteFiles<'_>) -> Result<Domain, Vec<Diagnostic>> {
    let (catalog, texts) = load::load(files)?;
    match compute::compute(&catalog) {
        Ok(tables) => Ok(Domain {
            warnings: unset_warnings(&catalog)
                .into_iter()
                .chain(terms_warnings(&catalog))
                .chain(stock_warnings(&catalog, &tables, &texts))
                .collect(),
            catalog,
            tables,
            names: present::shortcode_names(),
        }),
        Err(violations) => Err(violations
            .into_iter()
            .map(|v| {
                let (model, method, loc) = match v.row {
                    compute::Subject::FitRow(i) => {
                        let r = &catalog.fit_rows[i];
                        (r.model, r.method, &r.loc)
                    }
                    compute::Subject::TrainingJob(i) => {
                        let j = &catalog.training.jobs[i];
                        (j.model, j.method, &j.loc)
                    }
                };
                let job = format!(
                    "{} {}",
                    catalog.models[model].name, catalog.methods[method].id
                );
                let share = (catalog.headroom * rust_decimal::Decimal::ONE_HUNDRED).normalize();
                let (message, what) = match &v.offer {
                    Some(id) => (
                        format!(
                            "{job} needs {:.1} GB per card on `{id}`, more than {:.1} GB ({share}% of a card's usable {:.1} GB)",
                            v.need.gb(),
                            v.limit.gb(),
                            v.usable.gb(),
                        ),
                        "override with an offer whose cards hold the job, or drop the override to let the rule pick",
                    ),
                    None => (
                        format!(
                            "{job} needs {:.1} GB on one card, and no offer in stock holds it within {share}% of its cards' usable memory",
                            v.need.gb()
                        ),
                        "add stock (free_now, free_nodes) for an offer with more memory, or change the job",
                    ),
                };
                loc.error(codes::DATA_DOES_NOT_FIT, message, &texts)
                .with_hint(what)
            })
            .collect()),
    }
}

/// A `data-not-set` warning about `file` in `data/`.
fn not_set(file: &str, message: String, hint: &str) -> Diagnostic {
    Diagnostic::warning(codes::DATA_NOT_SET, message)
        .in_file(std::path::Path::new("data").join(file))
        .with_hint(hint)
}

/// The warning for the cards we rent that `lack` something (`what`), if any does.
fn rented_without(
    catalog: &model::Catalog,
    lack: impl Fn(&model::Card) -> bool,
    what: &str,
    file: &str,
    hint: &str,
) -> Option<Diagnostic> {
    let ids: Vec<&str> = catalog
        .cards
        .iter()
        .filter(|c| c.price.is_some() && lack(c))
        .map(|c| c.id.as_str())
        .collect();
    (!ids.is_empty()).then(|| {
        let message = format!(
            "{} card(s) we rent have {what}: {}; their pages say it is not listed",
            ids.len(),
            ids.join(", ")
        );
        not_set(file, message, hint)
    })
}

/// Facts a buyer needs that the data leaves unset: the site shows what is set and says what is
/// not; these say so at build and check time.
fn unset_warnings(catalog: &model::Catalog) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    out.extend(rented_without(
        catalog,
        |c| c.local_nvme_tb.is_none(),
        "no included local NVMe set",
        "cards.yaml",
        "give each `local_nvme_tb: <TB>` (the disk that comes with one card)",
    ));
    out.extend(rented_without(
        catalog,
        |c| c.host.is_none(),
        "no host set (CPU cores, RAM, network)",
        "cards.yaml",
        "give each `host: { cpu_cores: <n>, ram_gb: <GB>, network_gbps: <Gbit/s> }`, per card",
    ));
    if catalog.contact.is_none() {
        out.push(not_set(
            schema::ORDERING_FILE,
            "no contact is set: no page says where to ask before ordering".into(),
            "write `contact: mailto:…` or `contact: https://…` in data/ordering.yaml; every page's footer links it",
        ));
    }
    if catalog.order_url.is_none() {
        out.push(not_set(
            schema::ORDERING_FILE,
            "no order URL is set: no offer has a Rent link".into(),
            "write data/ordering.yaml with `order_url: https://…?offer={offer}&term={term}&region={region}`",
        ));
    }
    out
}

/// The images and drivers, and the operator's service terms, that the data leaves unset.
fn terms_warnings(catalog: &model::Catalog) -> Vec<Diagnostic> {
    let mut out: Vec<Diagnostic> = Vec::new();
    let images_hint = "list each image in data/images.yaml as `{ id, name, os, driver, toolkit, vendor }` (vendor `nvidia` or `amd`)";
    if catalog.images.is_empty() {
        out.push(not_set(
            "images.yaml",
            "no OS image or driver version is listed: the pages of the cards we rent say they are not listed".into(),
            images_hint,
        ));
    } else {
        out.extend(rented_without(
            catalog,
            |c| catalog.images_for(c.vendor).next().is_none(),
            "no image of their vendor listed",
            "images.yaml",
            images_hint,
        ));
    }
    let unset = catalog.service.unset_keys();
    if !unset.is_empty() {
        out.push(not_set(
            schema::ORDERING_FILE,
            format!(
                "service terms not set: {}; the renting page says they are not listed",
                unset.join(", ")
            ),
            "write `service: { uptime_sla_percent, refund, failure, provisioning_minutes, terms_url }` in data/ordering.yaml; its comment gives each key's values",
        ));
    }
    out
}

/// Fit rows and training jobs whose pick no region has free: a reader would be sent to an offer
/// they cannot rent.
fn stock_warnings(
    catalog: &model::Catalog,
    tables: &compute::Tables,
    texts: &model::DataTexts,
) -> Vec<Diagnostic> {
    let out_of_stock = |r: model::OfferRef| tables.offer(r).is_some_and(|o| !o.in_stock);
    // Only a hand override can name an offer out of stock: the rule picks among those in stock.
    let rows = catalog
        .fit_rows
        .iter()
        .filter_map(|r| r.pick.as_ref().map(|(p, _)| (*p, &r.loc, "fit row")))
        .chain(
            catalog
                .training
                .jobs
                .iter()
                .filter_map(|j| j.offer.as_ref().map(|(o, _)| (*o, &j.loc, "training job"))),
        );
    let mut out: Vec<Diagnostic> = Vec::new();
    out.extend(
        rows.filter(|(pick, _, _)| out_of_stock(*pick))
            .map(|(pick, loc, what)| {
                loc.warning(
                    codes::DATA_NOT_IN_STOCK,
                    format!(
                        "this {what} picks `{}`, which has no card free in any region",
                        catalog.offer_id(pick)
                    ),
                    texts,
                )
                .with_hint("drop the override to let the rule pick among offers in stock")
            }),
    );
    out
}

/// Holds the part of a repo file between `<!-- {name}:start -->` and `<!-- {name}:end -->` to
/// `want`, generated from the code; `UPDATE_AUTHORING=1 cargo test` rewrites it instead.
#[cfg(test)]
pub(crate) fn assert_generated_section(file: &str, name: &str, want: &str) {
    let path = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../..")).join(file);
    let text = std::fs::read_to_string(&path).expect(file);
    let (start, end) = (
        format!("<!-- {name}:start -->\n"),
        format!("<!-- {name}:end -->"),
    );
    let a = text.find(&start).expect("start marker") + start.len();
    let b = text.find(&end).expect("end marker");
    if std::env::var_os("UPDATE_AUTHORING").is_some() {
        std::fs::write(&path, format!("{}{want}{}", &text[..a], &text[b..])).expect("write");
        return;
    }
    assert_eq!(
        &text[a..b],
        want,
        "{file}'s {name} list is stale: run UPDATE_AUTHORING=1 cargo test"
    );
}
