//! Every computed table a page can place, by the name writers use: the `Table` enum, whose
//! `match` the compiler keeps complete, and one file per table of this module.

mod bundles;
mod cards;
mod fit;
mod interconnect;
mod storage;

use crate::present::*;

/// A computed table, as `table(name=…)` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    Fit,
    Calibration,
    Cards,
    Interconnect,
    Storage,
    Bundles,
    Memory,
    BreakEven,
    HourlyBeat,
    Training,
    Jobs,
    CardSpecs,
    CardPrices,
    CardAvailability,
    ServiceTerms,
}

impl Table {
    /// Every table, in the order the did-you-mean hint lists them.
    pub const ALL: [Table; 15] = [
        Table::Fit,
        Table::Calibration,
        Table::Cards,
        Table::Interconnect,
        Table::Storage,
        Table::Bundles,
        Table::Memory,
        Table::BreakEven,
        Table::HourlyBeat,
        Table::Training,
        Table::Jobs,
        Table::CardSpecs,
        Table::CardPrices,
        Table::CardAvailability,
        Table::ServiceTerms,
    ];

    /// The name a writer gives in `table(name=…)`.
    pub const fn name(self) -> &'static str {
        match self {
            Table::Fit => "fit",
            Table::Calibration => "calibration",
            Table::Cards => "cards",
            Table::Interconnect => "interconnect",
            Table::Storage => "storage",
            Table::Bundles => "bundles",
            Table::Memory => "memory",
            Table::BreakEven => "break-even",
            Table::HourlyBeat => "hourly-beat",
            Table::Training => "training",
            Table::Jobs => "jobs",
            Table::CardSpecs => "card-specs",
            Table::CardPrices => "card-prices",
            Table::CardAvailability => "card-availability",
            Table::ServiceTerms => "service-terms",
        }
    }

    /// The table a writer names, or an error listing the names.
    pub fn parse(name: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|t| t.name() == name)
            .ok_or_else(|| unknown_item("table", name, Self::ALL.map(Table::name)))
    }
}

impl Site<'_> {
    /// The table `t`, in the locale of `l`; `card` keeps one card's rows (and is required by the
    /// card-page tables).
    pub(in crate::present) fn table(
        &self,
        t: Table,
        card: Option<usize>,
        l: &Tracked<'_>,
    ) -> Result<TableView, Error> {
        let name = t.name();
        match t {
            Table::Fit => Ok(self.fit_table(l, card)),
            Table::Calibration => Ok(self.calibration_table(l)),
            Table::Cards => Ok(self.cards_table(l)),
            Table::Interconnect => Ok(self.interconnect_table(l)),
            Table::Storage => Ok(self.storage_table(l)),
            Table::ServiceTerms => Ok(self.service_terms_table(l)),
            Table::Bundles => Ok(self.bundles_table(l)),
            Table::Memory => Ok(self.memory_table(l)),
            Table::BreakEven => Ok(self.break_even_table(l, card)),
            Table::HourlyBeat => Ok(self.beat_table(l, card)),
            Table::Training => Ok(self.training_table(l, card)),
            Table::Jobs => Ok(self.jobs_table(l, self.card_required(card, name)?)),
            Table::CardSpecs => Ok(self.card_specs_table(l, self.card_required(card, name)?)),
            Table::CardPrices => Ok(self.card_prices_table(l, self.card_required(card, name)?)),
            Table::CardAvailability => {
                Ok(self.card_availability_table(l, self.card_required(card, name)?))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn every_table_is_found_by_its_name_and_a_near_miss_gets_a_hint() {
        let mut names: Vec<&str> = Table::ALL.iter().map(|t| t.name()).collect();
        for t in Table::ALL {
            assert_eq!(Table::parse(t.name()).ok(), Some(t), "{}", t.name());
        }
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), Table::ALL.len(), "two tables share a name");
        let e = Table::parse("hourly-bet").expect_err("not a table");
        assert_eq!(e.message, "unknown table `hourly-bet`");
        assert!(
            e.hint.as_deref().is_some_and(|h| h.contains("hourly-beat")),
            "{:?}",
            e.hint
        );
    }
}
