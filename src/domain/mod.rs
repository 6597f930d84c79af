//! The GPU Rent Hub domain: the data schema, its arithmetic and its tables. The generic engine
//! knows it only through the shortcode `Provider` and the exported files.

pub mod compute;
pub mod export;
pub mod model;
pub mod present;
pub mod schema;
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
                let row = &catalog.fit_rows[v.row];
                let model = &catalog.models[row.model];
                let method = &catalog.methods[row.method];
                row.loc
                    .error(
                        format!(
                            "{} {} needs {:.1} GB, more than {:.1} GB ({}% of the {} GB of `{}`)",
                            model.size,
                            method.id,
                            v.need_gb,
                            v.limit_gb,
                            (catalog.headroom * rust_decimal::Decimal::ONE_HUNDRED).normalize(),
                            v.vram_gb,
                            present::offer_ref_id(&catalog, row.pick),
                        ),
                        &texts,
                    )
                    .with_hint("pick a card or bundle with more memory, or change the job")
            })
            .collect()),
    }
}
