//! The `bundles` table: multi-card bundles, their prices per week, month and GPU-hour.

use crate::present::*;

impl Site<'_> {
    pub(in crate::present) fn bundles_table(&self, l: &Tracked<'_>) -> TableView {
        let rows = self
            .tables
            .offers
            .iter()
            .filter(|o| o.count > 1)
            .map(|o| {
                let single = self
                    .tables
                    .offers
                    .iter()
                    .find(|s| s.count == 1 && s.card == o.card);
                let list = single.map(|s| {
                    l.t(
                        "bundle-list-price",
                        &[(
                            "price",
                            Arg::Str(per_month(l, s.monthly * Decimal::from(o.count))),
                        )],
                    )
                    .unwrap_or_default()
                });
                vec![
                    Cell::header(self.offer_name(o, l)).with_menu(self.rent_menu(o, None, l)),
                    // Per GPU, times the GPUs: a reader multiplies the printed figures and gets
                    // the node's, which a total rounded on its own would not give.
                    Cell::text(per_gpu_usable(l, o)).with_sub(Some(sold_as(
                        l,
                        o.usable,
                        u64::from(o.card_vram_gb),
                        self.cat.cards[o.card].ecc_on,
                    ))),
                    Cell::text(l.percent(o.discount)),
                    Cell::text(per_week(l, o.weekly))
                        .with_sub(Some(per_gpu_hour_text(l, o.per_gpu_hour_week))),
                    Cell::text(per_month(l, o.monthly)).with_sub(Some(match list {
                        Some(list) => format!("{} · {list}", per_gpu_hour_text(l, o.per_gpu_hour)),
                        None => per_gpu_hour_text(l, o.per_gpu_hour),
                    })),
                ]
            })
            .collect();
        TableView {
            name: "bundles".into(),
            caption: l.s("table-bundles-caption"),
            columns: columns(
                l,
                &[
                    ("col-bundle", false),
                    ("col-vram", true),
                    ("col-discount", true),
                    ("col-weekly", true),
                    ("col-monthly", true),
                ],
            ),
            rows,
            note: l
                .t(
                    "table-bundles-note",
                    &[("sig", Arg::Num(f64::from(self.cat.significant_figures)))],
                )
                .ok()
                .map(|n| self.with_stock_date(l, n)),
        }
    }
}
