//! The GPU Rent Hub domain: the data schema, its arithmetic and its tables. The generic engine
//! knows it only as a `Provider` (`crate::extension`), which `main` hands in: [`extension`].

pub mod charts;
pub mod codes;
pub mod compute;
pub mod economics;
pub mod estimate;
pub mod export;
#[cfg(test)]
mod fuzz;
pub mod model;
pub mod pages;
pub mod present;
pub mod schema;
mod site;
mod units;
mod validate;
#[cfg(test)]
mod vectors;

use crate::diag::Diagnostic;
use crate::extension::{Provider, SiteFiles};
use crate::i18n::Tracked;
use crate::shortcode::{Args, Call, Error, GeneratedPage, Output};

/// The loaded and computed domain, ready to answer shortcodes.
pub struct Domain {
    pub catalog: model::Catalog,
    pub tables: compute::Tables,
    names: Vec<&'static str>,
}

impl Domain {
    fn site(&self) -> site::Site<'_> {
        site::Site::view(&self.catalog, &self.tables)
    }
}

/// The engine's hook (`crate::extension::Load`): a site with a `data/` folder is a GPU Rent Hub
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
    fn required_strings(&self) -> Vec<(String, std::path::PathBuf, crate::diag::Pos)> {
        self.catalog
            .fluent_keys
            .iter()
            .map(|(k, loc)| (k.clone(), loc.file.clone(), loc.pos))
            .collect()
    }
}

/// Loads `data/` and computes every table; errors point at the data file and row.
pub fn load(files: &SiteFiles<'_>) -> Result<Domain, Vec<Diagnostic>> {
    let (catalog, texts) = model::load(files)?;
    match compute::compute(&catalog) {
        Ok(tables) => Ok(Domain {
            catalog,
            tables,
            names: present::shortcode_names(),
        }),
        Err(violations) => Err(violations
            .into_iter()
            .map(|v| {
                let (model, method, pick, loc, what) = match v.row {
                    compute::Subject::FitRow(i) => {
                        let r = &catalog.fit_rows[i];
                        (
                            r.model,
                            r.method,
                            r.pick,
                            &r.loc,
                            "pick a card or bundle with more memory, or change the job",
                        )
                    }
                    compute::Subject::TrainingJob(i) => {
                        let j = &catalog.training.jobs[i];
                        (
                            j.model,
                            j.method,
                            j.offer,
                            &j.loc,
                            "run the job on a card or bundle with more memory",
                        )
                    }
                };
                loc.error(
                    codes::DATA_DOES_NOT_FIT,
                    format!(
                        "{} {} needs {:.1} GB, more than {:.1} GB ({}% of the {} GB of `{}`)",
                        catalog.models[model].size,
                        catalog.methods[method].id,
                        v.need_gb,
                        v.limit_gb,
                        (catalog.headroom * rust_decimal::Decimal::ONE_HUNDRED).normalize(),
                        v.vram_gb,
                        catalog.offer_id(pick),
                    ),
                    &texts,
                )
                .with_hint(what)
            })
            .collect()),
    }
}

/// Holds the part of a repo file between `<!-- {name}:start -->` and `<!-- {name}:end -->` to
/// `want`, generated from the code; `UPDATE_AUTHORING=1 cargo test` rewrites it instead.
#[cfg(test)]
pub(crate) fn assert_generated_section(file: &str, name: &str, want: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
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
