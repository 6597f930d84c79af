//! Reading `data/`: every file parsed (all errors collected), then validated into the catalog.

use std::path::Path;

use super::model::{Catalog, DataTexts};
use super::schema::{ORDERING_FILE, OrderingFile};
use super::validate::{self, Raw};
use hubgen_engine::ext::Diagnostic;
use hubgen_engine::ext::yaml;

pub(crate) const DATA_FILES: [&str; 12] = [
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
    "images.yaml",
    "calibration.yaml",
];

/// Reads and validates `data/`. Reports every problem found, not only the first.
pub(crate) fn load(
    files: &hubgen_engine::ext::SiteFiles<'_>,
) -> Result<(Catalog, DataTexts), Vec<Diagnostic>> {
    let mut texts = DataTexts::new();
    let mut errors = Vec::new();
    for name in DATA_FILES {
        let rel = Path::new("data").join(name);
        match files.read_text(&rel) {
            Ok(t) => {
                texts.insert(rel, t);
            }
            Err(d) if d.hint.is_none() => errors.push(d.with_hint(format!(
                "the GPU Rent Hub site needs data/{name}; see the README for its schema"
            ))),
            Err(d) => errors.push(d),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let raw = parse_all(&texts)?;
    let mut catalog = validate::validate(raw, &texts)?;
    let ordering = Path::new("data").join(ORDERING_FILE);
    if files.exists(&ordering) {
        let text = files.read_text(&ordering).map_err(|d| vec![d])?;
        let file: OrderingFile = yaml::parse(&ordering, &text, 0).map_err(|d| vec![d])?;
        catalog.order_url = Some(validate::order_url(&file, &ordering, &text)?);
        catalog.contact = validate::contact(&file, &ordering, &text)?;
        catalog.service = validate::service(&file, &ordering, &text)?;
        texts.insert(ordering, text);
    }
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
    // Every file parsed, so every file's errors are reported; the record only when all parse.
    macro_rules! raw {
        ($($field:ident = $name:literal),* $(,)?) => {{
            $(let $field = parse!($name);)*
            match ($($field,)*) {
                ($(Some($field),)*) if errors.is_empty() => Ok(Raw { $($field),* }),
                _ => Err(errors),
            }
        }};
    }
    raw!(
        cards = "cards.yaml",
        regions = "regions.yaml",
        models = "models.yaml",
        methods = "methods.yaml",
        fit = "fit.yaml",
        pricing = "pricing.yaml",
        interconnects = "interconnects.yaml",
        storage = "storage.yaml",
        payments = "payments.yaml",
        training = "training.yaml",
        images = "images.yaml",
        calibration = "calibration.yaml",
    )
}
