//! Pages generated from `data/`: one page per priced card per locale, and the card index.

use std::fmt::Write as _;

use serde_json::json;

use super::site::Site;
use super::units::{gb, per_month, usd_whole};
use crate::i18n::{Arg, Tracked};
use crate::shortcode::GeneratedPage;

/// Where the card pages live inside each locale folder.
pub const SECTION: &str = "gpus";

/// Escapes text from strings and data for a Markdown heading or paragraph.
fn md(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if matches!(
            c,
            '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '#' | '|' | '{' | '}'
        ) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn section(body: &mut String, l: &Tracked<'_>, key: &str, anchor: &str, call: &str) {
    let _ = write!(
        body,
        "\n## {} {{#{anchor}}}\n\n{{{{ {call} }}}}\n",
        md(&l.s(key))
    );
}

impl Site<'_> {
    pub(super) fn generated_pages(&self, l: &Tracked<'_>) -> Vec<GeneratedPage> {
        let cat = self.cat;
        let source = std::path::PathBuf::from("data/cards.yaml");
        let mut out = vec![GeneratedPage {
            rel: format!("{SECTION}/_index.md"),
            title: l.s("gpus-title"),
            description: Some(l.s("gpus-description")),
            weight: Some(15),
            body: format!(
                "{}\n\n{{{{ table(name=\"cards\") }}}}\n",
                md(&l.s("gpus-intro"))
            ),
            source: source.clone(),
            extra: None,
        }];
        for (weight, o) in self
            .tables
            .offers
            .iter()
            .filter(|o| o.count == 1)
            .enumerate()
        {
            let c = &cat.cards[o.card];
            let id = &c.id;
            let mut body = md(&l
                .t(
                    "card-page-intro",
                    &[
                        ("card", Arg::Str(c.name.clone())),
                        ("vram", Arg::Str(gb(l, u64::from(c.vram_gb)))),
                        ("weekly", Arg::Str(usd_whole(l, o.weekly))),
                        ("monthly", Arg::Str(per_month(l, o.monthly))),
                        ("hourly", Arg::Str(l.usd(o.per_gpu_hour, 2))),
                    ],
                )
                .unwrap_or_default());
            body.push('\n');
            section(
                &mut body,
                l,
                "card-page-specs",
                "specs",
                &format!("table(name=\"card-specs\", card=\"{id}\")"),
            );
            section(
                &mut body,
                l,
                "card-page-prices",
                "prices",
                &format!("table(name=\"card-prices\", card=\"{id}\")"),
            );
            section(
                &mut body,
                l,
                "card-page-availability",
                "availability",
                &format!("table(name=\"card-availability\", card=\"{id}\")"),
            );
            let offers_of_card = |r: usize| self.tables.offers[r].card == o.card;
            if self.tables.fit.iter().any(|f| offers_of_card(f.offer)) {
                section(
                    &mut body,
                    l,
                    "card-page-fit",
                    "fit",
                    &format!("table(name=\"fit\", card=\"{id}\")"),
                );
            }
            let limit = self.headroom() * f64::from(c.vram_gb);
            if self.tables.memory.iter().any(|m| m.need.total_gb <= limit) {
                section(
                    &mut body,
                    l,
                    "card-page-jobs",
                    "jobs",
                    &format!("table(name=\"jobs\", card=\"{id}\")"),
                );
            }
            if self
                .tables
                .break_even
                .iter()
                .any(|b| offers_of_card(b.offer))
            {
                section(
                    &mut body,
                    l,
                    "card-page-break-even",
                    "break-even",
                    &format!("table(name=\"break-even\", card=\"{id}\")"),
                );
            }
            if self.tables.training.iter().any(|t| offers_of_card(t.offer)) {
                section(
                    &mut body,
                    l,
                    "card-page-training",
                    "training",
                    &format!("table(name=\"training\", card=\"{id}\")"),
                );
            }
            let _ = write!(
                body,
                "\n[{}](@/{SECTION}/_index.md)\n",
                md(&l.s("card-page-back"))
            );
            let description = l
                .t(
                    "card-page-description",
                    &[
                        ("card", Arg::Str(c.name.clone())),
                        ("vram", Arg::Str(gb(l, u64::from(c.vram_gb)))),
                        ("monthly", Arg::Str(per_month(l, o.monthly))),
                    ],
                )
                .unwrap_or_default();
            let price = |amount: rust_decimal::Decimal, unit: &str| {
                json!({
                    "@type": "Offer",
                    "price": amount.normalize().to_string(),
                    "priceCurrency": "USD",
                    "availability": if c.free_now.as_ref().is_some_and(|f| f.iter().sum::<u32>() > 0) {
                        "https://schema.org/InStock"
                    } else {
                        "https://schema.org/OutOfStock"
                    },
                    "priceSpecification": {
                        "@type": "UnitPriceSpecification",
                        "price": amount.normalize().to_string(),
                        "priceCurrency": "USD",
                        "unitCode": unit,
                        "referenceQuantity": { "@type": "QuantitativeValue", "value": 1, "unitCode": unit },
                    },
                })
            };
            let product = json!({
                "@context": "https://schema.org",
                "@type": "Product",
                "name": l.t("card-page-title", &[("card", Arg::Str(c.name.clone()))]).unwrap_or_default(),
                "description": description,
                "sku": id,
                "brand": { "@type": "Brand", "name": vendor_name(&c.vendor) },
                "offers": [price(o.weekly, "WEE"), price(o.monthly, "MON")],
            });
            out.push(GeneratedPage {
                rel: format!("{SECTION}/{id}.md"),
                title: l
                    .t("card-page-title", &[("card", Arg::Str(c.name.clone()))])
                    .unwrap_or_default(),
                description: Some(description),
                weight: Some(weight as i64),
                body,
                source: source.clone(),
                extra: Some(json!({ "jsonld": product })),
            });
        }
        out
    }
}

fn vendor_name(vendor: &str) -> &str {
    match vendor {
        "nvidia" => "NVIDIA",
        "amd" => "AMD",
        other => other,
    }
}
