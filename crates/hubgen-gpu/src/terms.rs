//! The operator's service terms as a table: what each set term says, localised, and "not listed
//! yet" for each one the data leaves unset.

use rust_decimal::Decimal;

use super::model::Service;
use super::schema::{Failure, Refund};
use super::site::Site;
use super::units::*;
use hubgen_engine::ext::{Action, Cell, TableView};
use hubgen_engine::ext::{Arg, Tracked};

impl Site<'_> {
    /// Uptime SLA, what happens when a card fails, refunds, time to a ready instance and the
    /// terms of service, as `data/ordering.yaml`'s `service` sets them.
    pub(super) fn service_terms_table(&self, l: &Tracked<'_>) -> TableView {
        let Service {
            uptime_sla_percent,
            refund,
            failure,
            provisioning_minutes,
            terms_url,
        } = &self.cat.service;
        let unset = || Cell::text(l.s("service-not-listed"));
        let row = |key: &str, value: Option<Cell>| {
            vec![Cell::header(l.s(key)), value.unwrap_or_else(unset)]
        };
        let rows = vec![
            row(
                "service-uptime",
                uptime_sla_percent.map(|p| Cell::text(sla(l, p))),
            ),
            row(
                "service-failure",
                failure.map(|f| {
                    Cell::text(l.s(match f {
                        Failure::Replace => "service-failure-replace",
                        Failure::ReplaceOrCredit => "service-failure-replace-or-credit",
                    }))
                }),
            ),
            row(
                "service-refund",
                refund.map(|r| {
                    Cell::text(l.s(match r {
                        Refund::None => "service-refund-none",
                        Refund::UnusedDays => "service-refund-unused-days",
                        Refund::BeforeStart => "service-refund-before-start",
                    }))
                }),
            ),
            row(
                "service-ready",
                provisioning_minutes.map(|m| Cell::text(ready_after(l, m))),
            ),
            row(
                "service-terms",
                terms_url.as_ref().map(|url| {
                    Cell::text("").with_actions([Action {
                        text: url.strip_prefix("https://").unwrap_or(url).to_owned(),
                        href: url.clone(),
                        label: l.s("service-terms-label"),
                    }])
                }),
            ),
            // Where to ask, as every page's footer links it.
            vec![
                Cell::header(l.s("service-contact")),
                self.cat.contact.as_ref().map_or_else(
                    || Cell::text(l.s("spec-not-listed")),
                    |url| {
                        let text = url.strip_prefix("mailto:").unwrap_or(url);
                        Cell::text("").with_actions([Action {
                            text: text.to_owned(),
                            href: url.clone(),
                            label: l.s("service-contact-label"),
                        }])
                    },
                ),
            ],
        ];
        TableView {
            name: "service-terms".into(),
            caption: l.s("table-service-terms-caption"),
            columns: columns(l, &[("col-service", false), ("col-value", false)]),
            rows,
            note: None,
        }
    }
}

/// An uptime percentage with the digits it was written with (99.5 %, 99.95 %).
fn sla(l: &Tracked<'_>, percent: Decimal) -> String {
    let p = percent.normalize();
    l.percent_frac(p / Decimal::ONE_HUNDRED, p.scale())
}

/// The time from a confirmed payment to a ready instance, in the largest whole unit.
fn ready_after(l: &Tracked<'_>, minutes: u32) -> String {
    let (key, n) = match minutes {
        m if m % 1440 == 0 => ("service-ready-days", m / 1440),
        m if m % 60 == 0 => ("service-ready-hours", m / 60),
        m => ("service-ready-minutes", m),
    };
    l.t(key, &[("n", Arg::Num(f64::from(n)))])
        .unwrap_or_default()
}
