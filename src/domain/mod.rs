//! The GPU Rent Hub domain: the data schema, its arithmetic and its tables. The generic engine
//! knows it only through the shortcode `Provider` and the exported files.

pub mod charts;
pub mod compute;
pub mod economics;
pub mod estimate;
pub mod export;
pub mod model;
pub mod pages;
pub mod present;
pub mod schema;
mod validate;
#[cfg(test)]
mod vectors;

use std::path::Path;

use crate::diag::Diagnostic;

/// The loaded and computed domain, ready to answer shortcodes.
pub struct Domain {
    pub catalog: model::Catalog,
    pub tables: compute::Tables,
}

/// Loads `data/` and computes every table; errors point at the data file and row.
pub fn load(root: &Path) -> Result<Domain, Vec<Diagnostic>> {
    let (catalog, texts) = model::load(root)?;
    match compute::compute(&catalog) {
        Ok(tables) => Ok(Domain { catalog, tables }),
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
                    format!(
                        "{} {} needs {:.1} GB, more than {:.1} GB ({}% of the {} GB of `{}`)",
                        catalog.models[model].size,
                        catalog.methods[method].id,
                        v.need_gb,
                        v.limit_gb,
                        (catalog.headroom * rust_decimal::Decimal::ONE_HUNDRED).normalize(),
                        v.vram_gb,
                        present::offer_ref_id(&catalog, pick),
                    ),
                    &texts,
                )
                .with_hint(what)
            })
            .collect()),
    }
}
