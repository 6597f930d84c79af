//! Pages generated from `data/`: one page per priced card per locale, and the card index.

use std::fmt::Write as _;

use std::path::PathBuf;

use serde_json::json;

use super::compute::Offer;
use super::model::Card;

use super::site::Site;
use super::units::{gb1, gib, per_month, usd_whole};
use hubgen_engine::ext::GeneratedPage;
use hubgen_engine::ext::{Arg, Tracked};

/// Where the card pages come from, for diagnostics.
const SOURCE: &str = "data/cards.yaml";

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
    /// The card index and one page per single card, in the locale of `l`.
    pub(super) fn generated_pages(&self, l: &Tracked<'_>) -> Vec<GeneratedPage> {
        let mut out = vec![GeneratedPage {
            rel: format!("{SECTION}/_index.md"),
            title: l.s("gpus-title"),
            description: Some(l.s("gpus-description")),
            weight: Some(15),
            body: format!(
                "{}\n\n{{{{ table(name=\"cards\") }}}}\n",
                md(&l.s("gpus-intro"))
            ),
            source: PathBuf::from(SOURCE),
            // The list below the table is of cards, not guides.
            extra: Some(serde_json::json!({ "list_title": l.s("gpus-list-title") })),
        }];
        for (weight, o) in self
            .tables
            .offers
            .iter()
            .filter(|o| o.count == 1)
            .enumerate()
        {
            out.push(self.card_page(o, weight, l));
        }
        out
    }

    /// A card's page: its figures, then a section per table that has rows for it.
    fn card_page(&self, o: &Offer, weight: usize, l: &Tracked<'_>) -> GeneratedPage {
        let c = &self.cat.cards[o.card];
        let id = &c.id;
        let card_vram = gib(l, u64::from(c.vram_gb));
        // Out of stock everywhere: a price the card is listed at, not an offer to rent it now.
        let intro = if o.in_stock {
            "card-page-intro"
        } else {
            "card-page-intro-out"
        };
        let mut body = md(&l
            .t(
                intro,
                &[
                    ("card", Arg::Str(c.name.clone())),
                    ("vram", Arg::Str(card_vram.clone())),
                    ("weekly", Arg::Str(usd_whole(l, o.weekly))),
                    ("monthly", Arg::Str(per_month(l, o.monthly))),
                    // The bare amount, for a sentence that says "a month" in words.
                    ("monthly_amount", Arg::Str(usd_whole(l, o.monthly))),
                    ("hourly", Arg::Str(l.usd(o.per_gpu_hour, 2))),
                ],
            )
            .unwrap_or_default());
        // None in stock: the card to rent instead, by the memory it offers, not a dead end.
        if let Some(alt) = self.alternative(o, l) {
            body.push_str(&alt);
        }
        body.push('\n');
        for (key, anchor, table) in self.card_sections(o) {
            section(
                &mut body,
                l,
                key,
                anchor,
                &format!("table(name=\"{table}\", card=\"{id}\")"),
            );
            // The fit table covers the jobs we list; the calculator sizes the reader's own.
            if table == "fit" {
                let _ = write!(
                    body,
                    "\n[{}](@/gpu-memory.md#calculator)\n",
                    md(&l.s("calc-link"))
                );
            }
        }
        let _ = write!(
            body,
            "\n[{}](@/{SECTION}/_index.md)\n",
            md(&l.s("card-page-back"))
        );
        // A card with none free anywhere is not offered as rentable, here or in search results.
        let in_stock = c
            .free_now
            .as_ref()
            .is_some_and(|f| f.iter().sum::<u32>() > 0);
        let description = l
            .t(
                if in_stock {
                    "card-page-description"
                } else {
                    "card-page-description-out"
                },
                &[
                    ("card", Arg::Str(c.name.clone())),
                    ("vram", Arg::Str(card_vram)),
                    ("monthly", Arg::Str(per_month(l, o.monthly))),
                ],
            )
            .unwrap_or_default();
        let title = l
            .t("card-page-title", &[("card", Arg::Str(c.name.clone()))])
            .unwrap_or_default();
        let product = product_jsonld(c, o, &title, &description);
        GeneratedPage {
            rel: format!("{SECTION}/{id}.md"),
            title,
            description: Some(description),
            weight: Some(weight as i64),
            body,
            source: PathBuf::from(SOURCE),
            extra: Some(json!({ "jsonld": product })),
        }
    }

    /// For a card none of which is in stock: a paragraph naming the card to rent instead
    /// (`Tables::nearest_in_stock`), its memory, prices and paper speed, linked to its page.
    fn alternative(&self, o: &Offer, l: &Tracked<'_>) -> Option<String> {
        let c = &self.cat.cards[o.card];
        let alt = self.tables.nearest_in_stock(self.cat, o)?;
        let a = &self.cat.cards[alt.card];
        // Its speed on paper beside this card's: the same memory is not the same speed.
        let tflops = |c: &Card| {
            Arg::Str(c.bf16_tflops.as_ref().map_or_else(String::new, |t| {
                l.number(t.value, u32::from(!t.value.fract().is_zero()))
            }))
        };
        let text = l
            .t(
                "card-page-alternative",
                &[
                    ("card", Arg::Str(c.name.clone())),
                    ("alt", Arg::Str(a.name.clone())),
                    ("usable", Arg::Str(gb1(l, alt.usable.gb()))),
                    ("weekly", Arg::Str(usd_whole(l, alt.weekly))),
                    ("monthly", Arg::Str(usd_whole(l, alt.monthly))),
                    ("alt_tflops", tflops(a)),
                    ("tflops", tflops(c)),
                ],
            )
            .ok()?;
        Some(format!("\n\n[{}](@/{SECTION}/{}.md)", md(&text), a.id))
    }

    /// The sections of a card's page, as (heading key, anchor, table): the specs, prices and
    /// availability always; fit, jobs, rates to beat, break-even and training when they have rows for
    /// the card.
    fn card_sections(&self, o: &Offer) -> Vec<(&'static str, &'static str, &'static str)> {
        let c = &self.cat.cards[o.card];
        let offers_of_card = |r: usize| self.tables.offers[r].card == o.card;
        let usable = c.usable.unwrap_or_default();
        let limit = usable * self.headroom();
        let mut out = vec![
            ("card-page-specs", "specs", "card-specs"),
            ("card-page-prices", "prices", "card-prices"),
            (
                "card-page-availability",
                "availability",
                "card-availability",
            ),
        ];
        if self
            .tables
            .fit
            .iter()
            .any(|f| f.offers().any(offers_of_card))
        {
            out.push(("card-page-fit", "fit", "fit"));
        }
        if self.tables.memory.iter().any(|m| m.need.per_card <= limit) {
            out.push(("card-page-jobs", "jobs", "jobs"));
        }
        if self.tables.beat.iter().any(|b| offers_of_card(b.offer)) {
            out.push(("card-page-beat", "hourly-beat", "hourly-beat"));
        }
        if self
            .tables
            .break_even
            .iter()
            .any(|b| offers_of_card(b.offer))
        {
            out.push(("card-page-break-even", "break-even", "break-even"));
        }
        if self.tables.training.iter().any(|t| offers_of_card(t.offer)) {
            out.push(("card-page-training", "training", "training"));
        }
        out
    }
}

/// Product structured data for a card's page: the weekly and the monthly offer.
fn product_jsonld(c: &Card, o: &Offer, title: &str, description: &str) -> serde_json::Value {
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
    json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": title,
        "description": description,
        "sku": c.id,
        "brand": { "@type": "Brand", "name": c.vendor.brand() },
        "offers": [price(o.weekly, "WEE"), price(o.monthly, "MON")],
    })
}
