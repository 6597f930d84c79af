//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "hubgen",
    version,
    about = "A static site generator with a build-time data pipeline"
)]
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Build the site into a folder (default: public/).
    Build {
        /// The site's root folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where to write the site (default: <root>/public).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Override the config's base_url (e.g. for a preview deploy).
        #[arg(long)]
        base_url: Option<String>,
        /// Include pages marked `draft: true`.
        #[arg(long)]
        drafts: bool,
        /// Worker threads for rendering (default: one per core).
        #[arg(long, short = 'j')]
        jobs: Option<usize>,
        /// Take over an output folder that holds files hubgen did not write (they are replaced).
        /// Never allows the site's root, a folder above it or a source folder.
        #[arg(long)]
        force: bool,
    },
    /// Serve the site from memory on loopback, rebuild on every change and reload open pages.
    Serve {
        /// The site's root folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Port (0: any free one; the address is printed).
        #[arg(long, default_value_t = 1111)]
        port: u16,
        /// Address to listen on.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Include pages marked `draft: true`.
        #[arg(long)]
        drafts: bool,
    },
    /// Run the whole build without writing, check every internal link and anchor, and report
    /// every diagnostic; exits 1 when there is an error.
    Check {
        /// The site's root folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Check pages marked `draft: true` too.
        #[arg(long)]
        drafts: bool,
        /// human, json or github (annotations on the changed lines).
        #[arg(long, value_enum, default_value_t = CheckFormat::Human)]
        format: CheckFormat,
        /// Treat warnings of this code as errors, so the exit status fails (repeatable), e.g.
        /// `--deny data-not-set` in an operator's CI while a fact the pages need is missing.
        /// `hubgen explain` lists the codes.
        #[arg(long, value_name = "CODE")]
        deny: Vec<String>,
    },
    /// Publish the built folder to object storage or a folder: only what changed, assets before
    /// the pages that use them, deletes last. Endpoint, region and credentials come from AWS_*
    /// variables (AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY;
    /// AWS_ALLOW_HTTP=true for a plain-HTTP endpoint).
    Publish(PublishArgs),
    /// Write a new page with its front matter filled in: `hubgen new uk/gpu-pricing`.
    New {
        /// `<locale>/<path>` under content/ (`.md` optional).
        page: String,
        /// The site's root folder.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Estimate the GPU memory of a fine-tuning job with the site's memory model.
    ///
    /// Give an architecture by its numbers, or `--model ID` to take it from data/models.yaml
    /// (numbers given beside it override the model's). The method's constants come from
    /// data/methods.yaml under --root.
    Estimate(EstimateArgs),
    /// Translation coverage per locale: missing and obsolete strings, missing and stale pages,
    /// plural categories; exits 1 when a `required` locale is below its minimum.
    I18n(I18nArgs),
    /// What a diagnostic code means (`hubgen explain yaml-unknown-key`); every code without one.
    Explain {
        /// A code as shown in `error[code]`.
        code: Option<String>,
    },
}

/// How `hubgen check` reports: checked by clap before any work starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum CheckFormat {
    Human,
    Json,
    /// GitHub Actions annotations.
    Github,
}

/// How `hubgen i18n` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ReportFormat {
    Human,
    Json,
}

#[derive(Debug, clap::Args)]
pub(crate) struct PublishArgs {
    /// s3://BUCKET[/PREFIX], file:///FOLDER, or a target named under `publish: targets:`.
    #[arg(long)]
    pub to: String,
    /// The site's root folder (its hubgen.yaml has the header rules and targets).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// The built folder (default: <root>/public).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the plan and change nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Upload every file, changed or not; and publish into a target that holds files hubgen did
    /// not write there, replacing (and naming) those the build also has.
    #[arg(long)]
    pub force: bool,
    /// A target's lock older than this many minutes belongs to a killed publish and is taken
    /// over.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..))]
    pub lock_stale_minutes: u32,
    /// Take over the target's lock whoever holds it: after a publish you know was killed.
    #[arg(long)]
    pub break_lock: bool,
    /// Make no delete at all when more than this many are due.
    #[arg(long, default_value_t = 256)]
    pub max_deletes: usize,
    /// Days an old fingerprinted asset stays after the build stopped making it (default: the
    /// config's `publish: grace_days`, else 7).
    #[arg(long)]
    pub grace_days: Option<u32>,
    /// Parallel uploads.
    #[arg(long, short = 'j', default_value_t = 8)]
    pub jobs: usize,
    /// human or json (one object: counts, plan, purge list).
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    pub format: ReportFormat,
    /// Write the URLs a CDN must purge to this file, one a line.
    #[arg(long)]
    pub purge_list: Option<PathBuf>,
}

#[derive(Debug, clap::Args)]
pub(crate) struct I18nArgs {
    /// The site's root folder.
    #[arg(long, default_value = ".", global = true)]
    pub root: PathBuf,
    /// human or json.
    #[arg(long, value_enum, default_value_t = ReportFormat::Human)]
    pub format: ReportFormat,
    #[command(subcommand)]
    pub action: Option<I18nAction>,
}

#[derive(Debug, Subcommand)]
pub(crate) enum I18nAction {
    /// Record that translations are up to date with their source: writes
    /// `translated_from: <hash>` into each one's front matter.
    Stamp {
        /// `<locale>/<path>.md` under content/, or a locale code for all its pages.
        #[arg(required = true)]
        pages: Vec<String>,
    },
}

#[derive(Debug, clap::Args)]
pub(crate) struct EstimateArgs {
    /// The site's root folder (its data/ holds the methods and models).
    #[arg(long, default_value = ".")]
    pub root: PathBuf,
    /// A model id from data/models.yaml.
    #[arg(long)]
    pub model: Option<String>,
    /// The published parameter count, e.g. 6.738e9: checked against the count from the shapes
    /// (which the estimate uses).
    #[arg(long)]
    pub params: Option<f64>,
    /// Transformer layers.
    #[arg(long)]
    pub layers: Option<u32>,
    /// Hidden size.
    #[arg(long)]
    pub hidden: Option<u32>,
    /// MLP intermediate size.
    #[arg(long)]
    pub intermediate: Option<u32>,
    /// Vocabulary size.
    #[arg(long)]
    pub vocab: Option<u32>,
    /// Attention heads.
    #[arg(long)]
    pub heads: Option<u32>,
    /// Key/value heads (fewer than heads under grouped-query attention).
    #[arg(long)]
    pub kv_heads: Option<u32>,
    /// The output head shares the embeddings' matrix.
    #[arg(long)]
    pub tied_embeddings: bool,
    /// The q, k and v projections carry biases (Qwen2).
    #[arg(long)]
    pub attention_bias: bool,
    /// full, lora or qlora (any method in data/methods.yaml).
    #[arg(long)]
    pub method: String,
    /// Sequence length in tokens (default: the site's).
    #[arg(long)]
    pub seq: Option<u32>,
    /// Micro-batch size (default: the site's).
    #[arg(long)]
    pub batch: Option<u32>,
    /// Keep every layer's activations instead of recomputing them.
    #[arg(long)]
    pub no_checkpointing: bool,
    /// LoRA rank (adapter size scales with it).
    #[arg(long)]
    pub lora_rank: Option<u32>,
    /// LoRA target modules, comma-separated: q,k,v,o,gate,up,down (default: the site's).
    #[arg(long)]
    pub targets: Option<String>,
    /// Optimizer, a name in data/methods.yaml's `optimizers` (default: the site's).
    #[arg(long)]
    pub optimizer: Option<String>,
    /// Cards the job runs on (default 1).
    #[arg(long)]
    pub cards: Option<u32>,
    /// How the job is split over its cards: none (DDP), zero2, zero3 or fsdp (default on
    /// several cards: the site's).
    #[arg(long)]
    pub sharding: Option<String>,
    /// A chunked cross-entropy that never holds all the logits at once.
    #[arg(long)]
    pub chunked_ce: bool,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}
