//! The `cards` table: the catalogue, one row per card, its name linked to its page.

use crate::present::*;

impl Site<'_> {
    pub(in crate::present) fn cards_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        // Largest usable memory first (memory decides what a card holds), then the cheaper
        // month; the caption says so.
        let mut stocked: Vec<&crate::compute::Offer> = self
            .tables
            .offers
            .iter()
            .filter(|o| o.count == 1 && cat.cards[o.card].free_now.is_some())
            .collect();
        stocked.sort_by(|a, b| {
            b.usable
                .partial_cmp(&a.usable)
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(a.monthly.cmp(&b.monthly))
        });
        let rows = stocked
            .into_iter()
            .map(|o| {
                let c = &cat.cards[o.card];
                let ic = &cat.interconnects[c.interconnect];
                let free = c.free_now.clone().unwrap_or_default();
                let total: u32 = free.iter().sum();
                let per_region = cat
                    .regions
                    .iter()
                    .zip(&free)
                    .map(|(r, n)| format!("{} {}", r.code, l.int(i64::from(*n))))
                    .collect::<Vec<_>>();
                let name = c.name.clone();
                vec![
                    Cell::header(name)
                        .with_link(format!("@/{}/{}.md", crate::pages::SECTION, c.id))
                        .with_sub(Some(match self.breaks_node(o, l) {
                            Some(w) => l.sentences(&card_spec(c, l), &w),
                            None => card_spec(c, l),
                        }))
                        .with_menu(self.rent_menu(o, None, l)),
                    // The memory a job is compared with first; the size it is sold as below.
                    Cell::text(usable_text(l, o.usable)).with_sub(Some(sold_as(
                        l,
                        o.usable,
                        u64::from(c.vram_gb),
                        c.ecc_on,
                    ))),
                    Cell::text(link_text(ic, l)).with_sub(Some(self.link_use(o.card, l))),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour))),
                    Cell::text(l.int(i64::from(total))).with_details(per_region),
                ]
            })
            .collect();
        TableView {
            name: "cards".into(),
            caption: l.s("table-cards-caption"),
            columns: columns(
                l,
                &[
                    ("col-gpu", false),
                    ("col-vram", true),
                    ("col-interconnect", false),
                    ("col-weekly", true),
                    ("col-monthly", true),
                    ("col-free-now", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-cards-note",
                    &[("hours", Arg::Num(f64::from(cat.hours_per_month)))],
                )
                .ok()
                .map(|n| self.with_stock_date(l, n)),
        }
    }

    /// "Stock as of 30 November 2026." when data says when the stock was counted (the date as
    /// the locale writes it; in ru and uk it ends with the abbreviation of "year" and its dot).
    pub(crate) fn stock_as_of(&self, l: &Tracked<'_>) -> Option<String> {
        let date = self.cat.stock_as_of.as_ref()?;
        l.t("stock-as-of", &[("date", Arg::Str(long_date(l, date)))])
            .ok()
    }

    /// Under a link's sharding: the bundles we rent on it, and its cards we rent only singly.
    pub(in crate::present) fn link_rented_as(
        &self,
        i: usize,
        bundles: &[String],
        l: &Tracked<'_>,
    ) -> Option<String> {
        let cat = self.cat;
        // Cards of the link we rent, but never in a bundle: rented singly only.
        let singles: Vec<String> = cat
            .cards
            .iter()
            .enumerate()
            .filter(|(ci, c)| {
                c.interconnect == i
                    && self.tables.offers.iter().any(|o| o.card == *ci)
                    && !self.tables.bundles().any(|o| o.card == *ci)
            })
            .map(|(_, c)| c.name.clone())
            .collect();
        (!bundles.is_empty()).then(|| {
            let bundles = Arg::Str(l.list(bundles));
            if singles.is_empty() {
                l.t("sharding-rented-as", &[("bundles", bundles)])
            } else {
                l.t(
                    "sharding-rented-as-some",
                    &[
                        ("bundles", bundles),
                        ("singles", Arg::Str(l.list(&singles))),
                    ],
                )
            }
            .unwrap_or_default()
        })
    }
}
