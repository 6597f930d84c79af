//! The `storage` table and the storage facts a writer places one by one (`storage(item=…)`).

use crate::present::*;

impl Site<'_> {
    pub(in crate::present) fn storage_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let s = &cat.storage;
        let included = included_nvme(cat, l);
        let per_tb = |v: Decimal| {
            l.t(
                "price-per-tb-month",
                &[("price", Arg::Str(usd_whole(l, v)))],
            )
            .unwrap_or_default()
        };
        let rows = vec![
            vec![
                Cell::header(l.s("storage-local-nvme")),
                Cell::text(l.s("storage-included")),
                Cell::text(
                    l.t(
                        "storage-local-nvme-terms",
                        &[
                            ("encryption", Arg::Str(s.encryption.clone())),
                            ("days", Arg::Num(f64::from(s.wipe_days))),
                            ("hold", Arg::Num(f64::from(s.hold_hours))),
                        ],
                    )
                    .unwrap_or_default(),
                )
                .with_details(included),
            ],
            vec![
                Cell::header(l.s("storage-extra-nvme")),
                Cell::text(per_tb(s.extra_nvme.usd_per_tb_month)),
                Cell::text(
                    l.t(
                        "storage-extra-nvme-terms",
                        &[(
                            "max",
                            Arg::Str(tb(l, Decimal::from(s.extra_nvme.max_tb_per_node))),
                        )],
                    )
                    .unwrap_or_default(),
                ),
            ],
            vec![
                Cell::header(l.s("storage-network-volume")),
                Cell::text(per_tb(s.network_volume.usd_per_tb_month)),
                Cell::text(
                    l.t(
                        "storage-network-volume-terms",
                        &[("replicas", Arg::Num(f64::from(s.network_volume.replicas)))],
                    )
                    .unwrap_or_default(),
                ),
            ],
            vec![
                Cell::header(l.s("storage-snapshots")),
                Cell::text(per_tb(s.snapshots.usd_per_tb_month)),
                Cell::text(l.s("storage-snapshots-terms")),
            ],
            vec![
                Cell::header(l.s("storage-egress")),
                Cell::text(
                    l.t(
                        "price-per-tb",
                        &[("price", Arg::Str(usd_whole(l, s.egress.usd_per_tb_over)))],
                    )
                    .unwrap_or_default(),
                ),
                Cell::text(
                    l.t(
                        "storage-egress-terms",
                        &[(
                            "included",
                            Arg::Str(tb(l, Decimal::from(s.egress.included_tb_per_month))),
                        )],
                    )
                    .unwrap_or_default(),
                ),
            ],
        ];
        TableView {
            name: "storage".into(),
            caption: l.s("table-storage-caption"),
            columns: columns(
                l,
                &[
                    ("col-storage", false),
                    ("col-price", true),
                    ("col-terms", false),
                ],
            ),
            rows,
            note: None,
        }
    }

    pub(in crate::present) fn storage_item(
        &self,
        item: &str,
        l: &Tracked<'_>,
    ) -> Result<String, Error> {
        let s = &self.cat.storage;
        Ok(match item {
            "extra-nvme" => usd_whole(l, s.extra_nvme.usd_per_tb_month),
            "extra-nvme-max-tb" => tb(l, Decimal::from(s.extra_nvme.max_tb_per_node)),
            "network-volume" => usd_whole(l, s.network_volume.usd_per_tb_month),
            "network-replicas" => l.int(i64::from(s.network_volume.replicas)),
            "snapshot" => usd_whole(l, s.snapshots.usd_per_tb_month),
            "egress-included-tb" => tb(l, Decimal::from(s.egress.included_tb_per_month)),
            "egress-overage" => usd_whole(l, s.egress.usd_per_tb_over),
            "wipe-days" => l.int(i64::from(s.wipe_days)),
            "renewal-notice-hours" => l.int(i64::from(s.renewal_notice_hours)),
            "hold-hours" => l.int(i64::from(s.hold_hours)),
            other => {
                return Err(unknown_item("storage item", other, STORAGE_ITEMS));
            }
        })
    }
}

/// The included local NVMe, one line per size, largest first, naming its cards.
fn included_nvme(cat: &crate::model::Catalog, l: &Tracked<'_>) -> Vec<String> {
    // Included NVMe, grouped by size, largest first.
    let mut sizes: Vec<Decimal> = cat.cards.iter().filter_map(|c| c.local_nvme_tb).collect();
    sizes.sort_by(|a, b| b.cmp(a));
    sizes.dedup();
    sizes
        .iter()
        .map(|size| {
            let names: Vec<String> = cat
                .cards
                .iter()
                .filter(|c| c.local_nvme_tb == Some(*size))
                .map(|c| c.name.clone())
                .collect();
            l.t(
                "storage-size-cards",
                &[
                    ("size", Arg::Str(tb(l, *size))),
                    ("cards", Arg::Str(l.list(&names))),
                ],
            )
            .unwrap_or_default()
        })
        .collect()
}
