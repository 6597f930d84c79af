//! GPU Rent Hub's tables and figures, localised: the shortcodes a writer places in Markdown.

use rust_decimal::Decimal;

use super::codes;
use super::compute;
use super::schema::Sharding;
use super::site::{Site, unknown_item};
use super::units::*;

mod calculator;
mod rent;
mod shortcodes;
mod tables;

use hubgen_engine::ext::{Arg, Tracked};
use hubgen_engine::ext::{Args, Call, Error, Output};
use hubgen_engine::ext::{Cell, TableView};
use shortcodes::*;
pub use tables::Table;

pub const CHARTS: [&str; 2] = ["memory", "break-even"];

pub const ASSUMPTIONS: [&str; 19] = [
    "seq-len",
    "batch",
    "lora-rank",
    "adapter-share",
    "context",
    "allocator-share",
    "allocator-floor",
    "reserve",
    "quant-bits",
    "logits-bytes",
    "chunk-tokens",
    "optimizer-bytes",
    "headroom",
    "tight",
    "two-weeks-hours",
    "term-margin",
    "week-usable-hours",
    "qlora-step",
    "weeks-under-month",
];

/// The arguments of a shortcode that places one job's memory: the job, and the settings
/// `Site::memory_with` reads.
const JOB_ARGS: [&str; 7] = [
    "model",
    "method",
    "seq",
    "batch",
    "checkpointing",
    "chunked",
    "cards",
];

pub const MEMORY_TERMS: [&str; 8] = [
    "weights",
    "trainable",
    "activations",
    "logits",
    "buffers",
    "reserve",
    "per-card",
    "total",
];

pub const STORAGE_ITEMS: [&str; 10] = [
    "extra-nvme",
    "extra-nvme-max-tb",
    "network-volume",
    "network-replicas",
    "snapshot",
    "egress-included-tb",
    "egress-overage",
    "wipe-days",
    "renewal-notice-hours",
    "hold-hours",
];

/// Every shortcode this domain answers.
pub fn shortcode_names() -> Vec<&'static str> {
    SHORTCODES.iter().map(|s| s.name).collect()
}

impl Site<'_> {
    /// Answers a shortcode call through the registry.
    pub(super) fn answer(
        &self,
        call: &Call,
        a: &mut Args<'_>,
        l: &Tracked<'_>,
    ) -> Result<Output, Error> {
        match SHORTCODES.iter().find(|sc| sc.name == call.name) {
            Some(sc) => {
                // Unknown argument names are errors with a did-you-mean, before the handler runs.
                let allowed: Vec<&str> = sc.args.iter().map(|x| x.trim_end_matches('?')).collect();
                a.check_names(&allowed)?;
                (sc.run)(self, call, a, l)
            }
            None => Err(Error::new(
                hubgen_engine::ext::code::SHORTCODE_UNKNOWN,
                format!("unknown shortcode `{}`", call.name),
            )),
        }
    }
}

/// Every shortcode: its name, arguments (`?`: optional), what it gives, and its handler. The
/// did-you-mean hints and the list in `content/AUTHORING.md` come from here.
pub const SHORTCODES: &[Shortcode] = &[
    Shortcode {
        name: "table",
        args: &["name", "card?"],
        doc: "a computed table, by `name` (fit, cards, interconnect, storage, service-terms, bundles, memory, break-even, hourly-beat, training, jobs, …); `card` keeps one card's rows",
        run: sc_table,
    },
    Shortcode {
        name: "chart",
        args: &["name", "offer?"],
        doc: "an SVG chart, by `name`: `memory`, or `break-even` of an `offer`",
        run: sc_chart,
    },
    Shortcode {
        name: "price",
        args: &["offer", "term?"],
        doc: "an offer's price for a `term`: weekly, monthly (default) or gpu-hour",
        run: sc_price,
    },
    Shortcode {
        name: "cheapest",
        args: &["term?", "cards?", "model?", "method?"],
        doc: "the cheapest offer's price for a `term`, optionally with that many `cards`, or that fits a `model` × `method` job",
        run: sc_cheapest,
    },
    Shortcode {
        name: "share",
        args: &["a", "b"],
        doc: "a's monthly price as a share of b's (`59%`)",
        run: sc_share,
    },
    Shortcode {
        name: "ratio",
        args: &["a", "b"],
        doc: "a's monthly price over b's, one decimal (`1.9`)",
        run: sc_share,
    },
    Shortcode {
        name: "break_even",
        args: &["offer", "term?"],
        doc: "GPU-hours a month where the offer's month costs the same as its market hourly range; with `term=\"weekly\"`, GPU-hours of a week (of 168) where its week does",
        run: sc_break_even,
    },
    Shortcode {
        name: "break_even_share",
        args: &["offer"],
        doc: "the break-even as a share of a month's hours",
        run: sc_break_even,
    },
    Shortcode {
        name: "market_rate",
        args: &["offer?"],
        doc: "the illustrative market hourly range of an offer (default: the H100 SXM)",
        run: sc_market_rate,
    },
    Shortcode {
        name: "two_weeks",
        args: &["offer"],
        doc: "two weeks of round-the-clock use at the market hourly range",
        run: sc_two_weeks,
    },
    Shortcode {
        name: "memory_term",
        args: &[
            "model",
            "method",
            "term",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
            "cards?",
            "mb?",
        ],
        doc: "one term of a job's memory per card: weights, trainable, activations, logits, buffers, reserve, per-card or total (with `mb=true` in whole MB, rounded up)",
        run: sc_memory_term,
    },
    Shortcode {
        name: "vram_per_card",
        args: &[
            "model",
            "method",
            "cards?",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
        ],
        doc: "memory per card when a job is split the default way (ZeRO-3) over `cards`",
        run: sc_vram_per_card,
    },
    Shortcode {
        name: "breakdown",
        args: &["model", "method", "cards?"],
        doc: "a job's memory term by term, each with its formula and figure (a table)",
        run: sc_breakdown,
    },
    Shortcode {
        name: "params",
        args: &["model"],
        doc: "a model's parameter count from its shapes, in scientific notation",
        run: sc_params,
    },
    Shortcode {
        name: "kv_cache_gb",
        args: &["model", "seq?", "batch?"],
        doc: "the BF16 KV cache of one sequence batch",
        run: sc_kv_cache_gb,
    },
    Shortcode {
        name: "tflops",
        args: &["card"],
        doc: "a card's dense BF16 TFLOPS from its datasheet",
        run: sc_tflops,
    },
    Shortcode {
        name: "card_vram",
        args: &["card"],
        doc: "a card's memory as marketed",
        run: sc_card_vram,
    },
    Shortcode {
        name: "card_usable",
        args: &["card"],
        doc: "a card's usable memory in GB (10⁹ bytes), as nvidia-smi or amd-smi reports it",
        run: sc_card_vram,
    },
    Shortcode {
        name: "card_limit",
        args: &["card", "mb?"],
        doc: "the most a job may need on a card: the headroom share of its usable memory, in GB to the nearest 0.01 (with `mb=true` in whole MB, rounded down)",
        run: sc_card_vram,
    },
    Shortcode {
        name: "bandwidth",
        args: &["card", "cards?"],
        doc: "a card's memory bandwidth as the tables print it, GB/s below 2 TB/s (with `cards=N`, that of N of them together)",
        run: sc_card_vram,
    },
    Shortcode {
        name: "train_input",
        args: &["job", "item"],
        doc: "an input of a training job: examples, epochs or tokens (millions)",
        run: sc_train_input,
    },
    Shortcode {
        name: "speed_ratio",
        args: &["a", "b"],
        doc: "ratio of two cards' dense BF16 TFLOPS, one decimal",
        run: sc_speed_ratio,
    },
    Shortcode {
        name: "train_hours",
        args: &["job", "end?", "offer?"],
        doc: "a training job's hours over the utilization range, or with `end` (`low`, `reference`, `high`) at one end of it; with `offer`, on that card or bundle instead of the table's",
        run: sc_train_hours,
    },
    Shortcode {
        name: "train_cost",
        args: &["job", "term?"],
        doc: "a training job's cost: hours × per-GPU-hour price × cards, or with `term=\"term\"` the cheapest covering term",
        run: sc_train_cost,
    },
    Shortcode {
        name: "mfu",
        args: &["end?"],
        doc: "the range of hardware FLOPs utilization the training table assumes (not MFU: the FLOPs per token include the recomputation); `end=\"low\"` (the slow end, whose hours the term a pick sells must cover), `end=\"high\"` or `end=\"reference\"` (the figure the seed's training rows reproduce) alone",
        run: sc_mfu,
    },
    Shortcode {
        name: "tokens_per_example",
        args: &[],
        doc: "tokens per training example",
        run: sc_tokens_per_example,
    },
    Shortcode {
        name: "assumption",
        args: &["name"],
        doc: "one of the memory model's assumptions, by `name`",
        run: sc_assumption,
    },
    Shortcode {
        name: "vram",
        args: &[
            "model",
            "method",
            "seq?",
            "batch?",
            "checkpointing?",
            "chunked?",
            "cards?",
        ],
        doc: "GPU memory a job needs in all (Model M2, rounded up), optionally with other `seq`, `batch`, `checkpointing`, `chunked`, `cards`",
        run: sc_vram,
    },
    Shortcode {
        name: "calculator",
        args: &[],
        doc: "the sizing calculator: a form for a listed model or a pasted `config.json`, the job's memory term by term, the offers in stock that hold it with their prices and Rent actions, and a training run's hours and cost (needs JavaScript; the page works without it)",
        run: sc_calculator,
    },
    Shortcode {
        name: "min_card_vram",
        args: &["model", "method"],
        doc: "the least usable memory one card needs to hold the job within the headroom: the job's need as printed over the headroom share, rounded up to 0.1 GB (123 GB / 0.9 → 136.7 GB), the line the pick rule draws",
        run: sc_min_card_vram,
    },
    Shortcode {
        name: "bytes_per_param",
        args: &["method"],
        doc: "bytes of training state per parameter of a method",
        run: sc_bytes_per_param,
    },
    Shortcode {
        name: "state_gb",
        args: &["model", "method"],
        doc: "bytes per parameter × parameters of a model",
        run: sc_state_gb,
    },
    Shortcode {
        name: "weights_gb",
        args: &["model", "method?", "bits?"],
        doc: "resident base weights of a job, or weights alone at `bits` 4, 8 or 16",
        run: sc_state_gb,
    },
    Shortcode {
        name: "free_now",
        args: &[],
        doc: "cards free now, all regions",
        run: sc_free_now,
    },
    Shortcode {
        name: "stock_date",
        args: &[],
        doc: "the day the stock counts were taken (`stock_as_of` in data/cards.yaml), as a long date of the page's language",
        run: sc_stock_date,
    },
    Shortcode {
        name: "storage",
        args: &["item"],
        doc: "a storage term, by `item`",
        run: sc_storage,
    },
    Shortcode {
        name: "nvme",
        args: &["offer"],
        doc: "local NVMe included with an offer",
        run: sc_nvme,
    },
    Shortcode {
        name: "calibration",
        args: &["item"],
        doc: "the memory model against the measured runs: `item` `runs`, `median` (|error|), `worst-under`, `worst-over`, or `under-tenth` (runs it comes out more than 10% under)",
        run: sc_calibration,
    },
    Shortcode {
        name: "cache_room",
        args: &["model", "offer", "bits?", "unit?"],
        doc: "serving a model at `bits` (16 or 4) on an offer, its weights split over the cards: the KV cache that fits within the headroom beside them and the runtime context, in all (`unit=\"gb\"`), or as tokens of the model's cache (`unit=\"tokens\"`, to the thousand below)",
        run: sc_cache_room,
    },
    Shortcode {
        name: "fit_cards",
        args: &["nvme"],
        doc: "the cards the fit table offers (its picks and every offer shown under them with its own Rent actions: the cheaper one on another stack, the one passed over), in data order: `nvme=\"listed\"` those whose included local NVMe is set, each with its size; `nvme=\"unlisted\"` the others",
        run: sc_fit_cards,
    },
    Shortcode {
        name: "fit_hours",
        args: &["model", "method", "offer", "end?"],
        doc: "hours of the fit table's reference job for a `model` × `method` on an `offer`, at an `end` of the utilization band: `low` (the slow end, default: what the pick rule's term must cover), `reference` or `high`",
        run: sc_fit_hours,
    },
    Shortcode {
        name: "pick",
        args: &["model", "method", "is", "which?"],
        doc: "the name of the offer the pick rule chooses for a `model` × `method` job at the reference size (the fit table's pick, or with `which=\"other\"` the cheaper offer on another vendor's cards shown under it); `is` names the offer the sentence around it assumes, and any other pick is a build error, so prose that names a pick changes with it",
        run: sc_pick,
    },
    Shortcode {
        name: "coins",
        args: &[],
        doc: "the coins we accept",
        run: sc_coins,
    },
    Shortcode {
        name: "coin_count",
        args: &[],
        doc: "how many coins we accept",
        run: sc_coin_count,
    },
    Shortcode {
        name: "regions",
        args: &[],
        doc: "the regions with their cities",
        run: sc_regions,
    },
    Shortcode {
        name: "max_node_cards",
        args: &[],
        doc: "the most cards in one node",
        run: sc_max_node_cards,
    },
    Shortcode {
        name: "hours_per_month",
        args: &["days?"],
        doc: "the hours in the month prices are quoted for, or with `days=true` that month in days of 24 hours",
        run: sc_hours_per_month,
    },
];

/// One shortcode of the registry.
pub struct Shortcode {
    pub name: &'static str,
    /// Argument names; a trailing `?` marks an optional one.
    pub args: &'static [&'static str],
    #[cfg_attr(not(test), allow(dead_code, reason = "read by the AUTHORING.md list"))]
    pub doc: &'static str,
    run: Handler,
}

#[cfg(test)]
pub fn shortcode_reference() -> String {
    let mut out =
        String::from("| shortcode | arguments (`?`: optional) | gives |\n|---|---|---|\n");
    for sc in SHORTCODES {
        let args: Vec<String> = sc.args.iter().map(|a| format!("`{a}`")).collect();
        out.push_str(&format!(
            "| `{}` | {} | {} |\n",
            sc.name,
            args.join(", "),
            sc.doc
        ));
    }
    out
}

/// A shortcode handler: the site, the call as written, its arguments and the page's locale.
type Handler = fn(&Site<'_>, &Call, &mut Args<'_>, &Tracked<'_>) -> Result<Output, Error>;

fn text(s: String) -> Result<Output, Error> {
    Ok(Output::Text(s))
}

/// A `YYYY-MM-DD` date as the locale writes it in prose ("30 November 2026", "30 листопада
/// 2026 р.", "2026年11月30日"): the month's name and the order come from the strings.
fn long_date(l: &Tracked<'_>, date: &str) -> String {
    let mut parts = date.splitn(3, '-').map(|p| p.parse::<u32>().ok());
    let (Some(Some(year)), Some(Some(month)), Some(Some(day))) =
        (parts.next(), parts.next(), parts.next())
    else {
        return date.to_owned();
    };
    l.t(
        "date-long",
        &[
            ("day", Arg::Str(day.to_string())),
            ("month", Arg::Str(l.s(&format!("month-of-{month}")))),
            ("monthnum", Arg::Str(month.to_string())),
            ("year", Arg::Str(year.to_string())),
        ],
    )
    .unwrap_or_else(|_| date.to_owned())
}

/// Bytes per parameter when every parameter trains: the weight, its gradient, master copy and
/// optimizer state (16 for mixed-precision AdamW); the weight alone for an adapter method.
fn full_bytes_per_param(cat: &super::model::Catalog, m: &super::memory::Method) -> Decimal {
    let w = super::memory::weight_bytes(m.linear, &cat.memory.constants);
    let state = match m.trains {
        super::memory::Trains::Full => m.state_bytes + cat.memory.defaults.optimizer_bytes,
        super::memory::Trains::Adapter => 0.0,
    };
    dec(w + state).round_dp(3).normalize()
}

#[cfg(test)]
mod registry_tests {
    /// `content/AUTHORING.md` carries the registry's list between its markers;
    /// `UPDATE_AUTHORING=1 cargo test` rewrites it.
    #[test]
    fn authoring_lists_every_shortcode_from_the_registry() {
        let want = super::shortcode_reference();
        crate::assert_generated_section("content/AUTHORING.md", "shortcodes", &want);
        let names: Vec<&str> = super::SHORTCODES.iter().map(|s| s.name).collect();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), names.len(), "a shortcode is registered twice");
    }
}
