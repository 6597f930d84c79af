//! Command-line arguments.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "hubgen",
    version,
    about = "A static site generator with a build-time data pipeline"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
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
    },
}
