//! The `interconnect` table: each link between cards, its bandwidth and what sharding it allows.

use crate::present::*;

impl Site<'_> {
    pub(in crate::present) fn interconnect_table(&self, l: &Tracked<'_>) -> TableView {
        let cat = self.cat;
        let rows = cat
            .interconnects
            .iter()
            .enumerate()
            .map(|(i, ic)| {
                let names: Vec<String> = cat
                    .cards
                    .iter()
                    .filter(|c| c.interconnect == i)
                    .map(|c| c.name.clone())
                    .collect();
                let sharding = sharding_text(ic, l);
                // What a buyer can rent on this link: its cards' offers, single and bundled;
                // a dash when we only describe the link's cards.
                let offers: Vec<String> = self
                    .tables
                    .offers
                    .iter()
                    .filter(|o| cat.cards[o.card].interconnect == i)
                    .map(|o| {
                        let key = match (o.count > 1, o.in_stock) {
                            (true, _) => "offer-as-bundle",
                            (false, true) => "offer-as-single",
                            (false, false) => "offer-as-single-none",
                        };
                        l.t(key, &[("offer", Arg::Str(self.offer_name(o, l)))])
                            .unwrap_or_else(|_| self.offer_name(o, l))
                    })
                    .collect();
                // Sharded work on this link, as we rent it: only the bundles.
                let bundles: Vec<String> = self
                    .tables
                    .bundles()
                    .filter(|o| cat.cards[o.card].interconnect == i)
                    .map(|o| self.offer_name(o, l))
                    .collect();
                // A link that allows sharding, on cards we rent only singly, says so.
                let sharding =
                    if bundles.is_empty() && !offers.is_empty() && ic.sharding.allows_sharding() {
                        l.t(
                            "sharding-not-rented",
                            &[("allowed", Arg::Str(sharding.clone()))],
                        )
                        .unwrap_or(sharding)
                    } else {
                        sharding
                    };
                let offers = if offers.is_empty() {
                    "—".to_owned()
                } else {
                    l.list(&offers)
                };
                let rented_as = self.link_rented_as(i, &bundles, l);
                vec![
                    Cell::header(l.list(&names)).with_sub(ic.group_note.as_ref().map(|k| l.s(k))),
                    Cell::text(l.s(&format!("link-{}", ic.link))),
                    Cell::text(bandwidth(ic, l))
                        .with_sub(ic.host_staged.then(|| l.s("ic-host-staged"))),
                    Cell::text(sharding).with_sub(rented_as),
                    Cell::text(offers),
                ]
            })
            .collect();
        TableView {
            name: "interconnect".into(),
            caption: l.s("table-interconnect-caption"),
            columns: columns(
                l,
                &[
                    ("col-cards", false),
                    ("col-link", false),
                    ("col-bandwidth", true),
                    ("col-sharded", false),
                    ("col-we-rent", false),
                ],
            ),
            rows,
            note: Some(l.s("table-interconnect-note")),
        }
    }
}

/// The shortcode reference for `content/AUTHORING.md`: one row per shortcode, from the registry.
/// What sharding a link allows, in words.
fn sharding_text(ic: &crate::model::Interconnect, l: &Tracked<'_>) -> String {
    match ic.sharding {
        Sharding::UpTo => l
            .t(
                "sharding-up-to",
                &[("n", Arg::Num(f64::from(ic.max_cards.unwrap_or(0))))],
            )
            .unwrap_or_default(),
        Sharding::EightWayOnly => l.s("sharding-eight-way-only"),
        Sharding::Pairs => l.s("sharding-pairs"),
        Sharding::DataParallelOnly => l.s("sharding-data-parallel-only"),
        Sharding::SingleCard => l.s("sharding-single-card"),
    }
}
