//! Rent actions: the order links of an offer for a week or a month, in a region with the
//! cards free.

use crate::present::*;

impl Site<'_> {
    /// The Rent action of an offer for `term` (`week` or `month`) in `region`; none when the site
    /// has no order URL or the region has none of the offer free (cards of a single card, whole
    /// nodes of a bundle).
    pub(crate) fn rent(
        &self,
        o: &crate::compute::Offer,
        term: &str,
        region: usize,
        l: &Tracked<'_>,
    ) -> Option<hubgen_engine::ext::Action> {
        let template = self.cat.order_url.as_ref()?;
        if o.free.get(region).copied().unwrap_or(0) < 1 {
            return None;
        }
        let r = &self.cat.regions[region];
        // Ids are URL segments (validated), so they go in as they are.
        let href = template
            .replace("{offer}", &o.id)
            .replace("{term}", term)
            .replace("{region}", &r.id);
        let args = [
            ("offer", Arg::Str(self.offer_name(o, l))),
            ("region", Arg::Str(r.code.clone())),
        ];
        Some(hubgen_engine::ext::Action {
            text: l.t(&format!("rent-{term}"), &args).unwrap_or_default(),
            href,
            label: l
                .t(&format!("rent-{term}-label"), &args)
                .unwrap_or_default(),
        })
    }

    /// A warning for the Rent actions of a single card whose every free card, in the region the
    /// actions order from, is in a free node of a bundle: renting one breaks that node up.
    pub(crate) fn breaks_node(&self, o: &crate::compute::Offer, l: &Tracked<'_>) -> Option<String> {
        let region = crate::compute::Tables::rent_region(o)?;
        let bundle = self.tables.node_broken_by(o, region)?;
        l.t(
            "rent-breaks-node",
            &[
                ("region", Arg::Str(self.cat.regions[region].code.clone())),
                ("bundle", Arg::Str(self.offer_name(bundle, l))),
                (
                    "nodes",
                    Arg::Num(f64::from(bundle.free.get(region).copied().unwrap_or(0))),
                ),
            ],
        )
        .ok()
    }

    /// One Rent action for an offer, the region the buyer's choice: a menu of every region with
    /// the offer free (cards of a single card, whole nodes of a bundle), each with its week and
    /// month. Where `run` needs more than one of a term (two weeks, say), that term's link says
    /// it orders the first of them (`Rent week 1 of 2`). None without an order URL or stock.
    pub(crate) fn rent_menu(
        &self,
        o: &crate::compute::Offer,
        run: Option<&crate::compute::Run>,
        l: &Tracked<'_>,
    ) -> Option<hubgen_engine::ext::Menu> {
        let items: Vec<hubgen_engine::ext::MenuItem> = self
            .cat
            .regions
            .iter()
            .enumerate()
            .filter(|(i, _)| o.free.get(*i).copied().unwrap_or(0) >= 1)
            .map(|(i, r)| {
                let actions = ["week", "month"]
                    .into_iter()
                    .filter_map(|term| self.rent_first_of(o, term, i, run, l))
                    .collect();
                let key = if o.count > 1 {
                    "rent-menu-region-nodes"
                } else {
                    "rent-menu-region"
                };
                let text = l
                    .t(
                        key,
                        &[
                            ("region", Arg::Str(r.code.clone())),
                            ("city", Arg::Str(l.s(&format!("city-{}", r.city)))),
                            ("free", Arg::Num(f64::from(o.free[i]))),
                            // A bundle's unit: a pair, or a whole node of this many GPUs.
                            ("cards", Arg::Num(f64::from(o.count))),
                        ],
                    )
                    .unwrap_or_else(|_| r.code.clone());
                hubgen_engine::ext::MenuItem { text, actions }
            })
            .filter(|item| !item.actions.is_empty())
            .collect();
        if items.is_empty() {
            return None;
        }
        let offer = [("offer", Arg::Str(self.offer_name(o, l)))];
        Some(hubgen_engine::ext::Menu {
            summary: l.t("rent-menu", &offer).unwrap_or_default(),
            items,
        })
    }

    /// The Rent link of `o` for `term` in region `r`; for a run of more than one such term
    /// (and of no other), the link to its first.
    fn rent_first_of(
        &self,
        o: &crate::compute::Offer,
        term: &str,
        r: usize,
        run: Option<&crate::compute::Run>,
        l: &Tracked<'_>,
    ) -> Option<hubgen_engine::ext::Action> {
        let mut a = self.rent(o, term, r, l)?;
        let first = run.and_then(|run| match term {
            "week" if run.months == 0 && run.weeks > 1 => Some(("weeks", run.weeks)),
            "month" if run.weeks == 0 && run.months > 1 => Some(("months", run.months)),
            _ => None,
        });
        if let Some((name, n)) = first {
            let args = [
                ("offer", Arg::Str(self.offer_name(o, l))),
                ("region", Arg::Str(self.cat.regions[r].code.clone())),
                (name, Arg::Num(f64::from(n))),
            ];
            a.text = l.t(&format!("rent-{term}-first"), &args).unwrap_or(a.text);
            a.label = l
                .t(&format!("rent-{term}-first-label"), &args)
                .unwrap_or(a.label);
        }
        Some(a)
    }
}
