//! Rent actions: the order links of an offer for a week or a month, in a region with the
//! cards free.

use crate::present::*;

impl Site<'_> {
    /// The Rent action of an offer for `term` (`week` or `month`) in `region`, or in the first
    /// region (data order) with enough of its cards free; none when the site has no order URL
    /// or no region has the cards.
    pub(crate) fn rent(
        &self,
        o: &crate::compute::Offer,
        term: &str,
        region: Option<usize>,
        l: &Tracked<'_>,
    ) -> Option<hubgen_engine::ext::Action> {
        let template = self.cat.order_url.as_ref()?;
        // Free cards of a single card, free whole nodes of a bundle.
        let free = &o.free;
        let chosen = region.is_none();
        let region = match region {
            Some(r) => (free.get(r).copied().unwrap_or(0) >= 1).then_some(r)?,
            None => crate::compute::Tables::rent_region(o)?,
        };
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
        // Where the region was chosen here (the first with the cards), the text names it.
        let key = if chosen {
            format!("rent-{term}-in")
        } else {
            format!("rent-{term}")
        };
        Some(hubgen_engine::ext::Action {
            text: l.t(&key, &args).unwrap_or_default(),
            href,
            label: l.t(&format!("{key}-label"), &args).unwrap_or_default(),
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

    /// A week and a month of an offer, in `region` or in the first region with its cards free.
    pub(crate) fn rent_terms<'s>(
        &'s self,
        o: &'s crate::compute::Offer,
        region: Option<usize>,
        l: &'s Tracked<'_>,
    ) -> impl Iterator<Item = hubgen_engine::ext::Action> + 's {
        ["week", "month"]
            .into_iter()
            .filter_map(move |term| self.rent(o, term, region, l))
    }

    /// The Rent actions of an offer named in their text (`Rent H100 SXM for a week in DFW-1`):
    /// for a cell that offers more than one offer, such as a fit row's pick and the cheaper
    /// offer beside it. Where `run` needs more than one of a term (two weeks, say), that term's
    /// action says it orders the first of them (`… for week 1 of 2 …`).
    pub(crate) fn rent_terms_named<'s>(
        &'s self,
        o: &'s crate::compute::Offer,
        run: &'s crate::compute::Run,
        l: &'s Tracked<'_>,
    ) -> impl Iterator<Item = hubgen_engine::ext::Action> + 's {
        let region = crate::compute::Tables::rent_region(o);
        ["week", "month"].into_iter().filter_map(move |term| {
            let r = region?;
            let mut a = self.rent(o, term, Some(r), l)?;
            let mut args = vec![
                ("offer", Arg::Str(self.offer_name(o, l))),
                ("region", Arg::Str(self.cat.regions[r].code.clone())),
            ];
            // A run of one kind of term only, more than one of them: the first of the run.
            let first = match term {
                "week" if run.months == 0 && run.weeks > 1 => Some(("weeks", run.weeks)),
                "month" if run.weeks == 0 && run.months > 1 => Some(("months", run.months)),
                _ => None,
            };
            let key = match first {
                Some((name, n)) => {
                    args.push((name, Arg::Num(f64::from(n))));
                    format!("rent-offer-{term}-first-label")
                }
                None => format!("rent-offer-{term}-label"),
            };
            a.text = l.t(&key, &args).unwrap_or(a.text);
            // The text names the offer and the region: it is the accessible name as it stands.
            a.label = a.text.clone();
            Some(a)
        })
    }
}
