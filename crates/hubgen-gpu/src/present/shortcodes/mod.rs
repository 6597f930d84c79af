//! The shortcode handlers, one file per kind of figure; `table` and `chart` place a whole
//! table or chart.

mod facts;
mod memory;
mod prices;
mod training;

pub(super) use facts::*;
pub(super) use memory::*;
pub(super) use prices::*;
pub(super) use training::*;

use crate::present::*;

pub(in crate::present) fn sc_table(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let name = a.str("name")?;
    let card = s.card_arg(a)?;
    a.finish(&["name", "card"])?;
    Ok(Output::Table(s.table(Table::parse(&name)?, card, l)?))
}

pub(in crate::present) fn sc_calculator(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    a.finish(&[])?;
    Ok(Output::Block(s.calculator(l)))
}

pub(in crate::present) fn sc_chart(
    s: &Site<'_>,
    _call: &Call,
    a: &mut Args<'_>,
    l: &Tracked<'_>,
) -> Result<Output, Error> {
    let name = a.str("name")?;
    let out = match name.as_str() {
        "memory" => {
            a.finish(&["name"])?;
            crate::charts::memory(s, l)
        }
        "break-even" => {
            let o = s.offer(&a.opt_str("offer")?.unwrap_or_else(|| "h100-sxm".into()))?;
            a.finish(&["name", "offer"])?;
            crate::charts::break_even(s, o, l)?
        }
        other => {
            return Err(unknown_item("chart", other, CHARTS));
        }
    };
    Ok(Output::Block(out))
}
