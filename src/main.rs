//! hubgen: a static site generator with a build-time data pipeline.
#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error; builds fail rarely and once"
)]

mod cli;
mod config;
mod diag;
mod domain;
mod embedded;
mod i18n;
mod load;
mod markdown;
mod minify;
mod output;
mod pipeline;
mod render;
mod shortcode;
mod source;
mod view;

use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;

use crate::cli::{Cli, Command};
use crate::config::Overrides;

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Build {
            root,
            out,
            base_url,
            drafts,
            jobs,
        } => {
            if let Some(n) = jobs
                && let Err(e) = rayon::ThreadPoolBuilder::new()
                    .num_threads(n.max(1))
                    .build_global()
            {
                eprintln!("error: cannot set up {n} threads: {e}");
                return ExitCode::from(2);
            }
            let start = Instant::now();
            let out = pipeline::out_dir(&root, out);
            let overrides = Overrides { base_url, drafts };
            match pipeline::build_to_disk(&root, &out, &overrides) {
                Ok(report) => {
                    for w in &report.warnings {
                        eprint!("{w}");
                    }
                    let stages: Vec<String> = report
                        .stages
                        .iter()
                        .map(|(n, d)| format!("{n} {:.0} ms", d.as_secs_f64() * 1000.0))
                        .collect();
                    eprintln!(
                        "built {} pages, {} files, {} KB into {} in {:.0} ms ({})",
                        report.pages,
                        report.files,
                        report.bytes / 1024,
                        out.display(),
                        start.elapsed().as_secs_f64() * 1000.0,
                        stages.join(", ")
                    );
                    ExitCode::SUCCESS
                }
                Err(diags) => {
                    let errors = diags.iter().filter(|d| d.is_error()).count();
                    for d in &diags {
                        eprint!("{d}");
                    }
                    eprintln!(
                        "error: build failed with {errors} error(s); {} was left as it was",
                        out.display()
                    );
                    ExitCode::FAILURE
                }
            }
        }
        Command::Estimate(args) => match domain::estimate::estimate(&args) {
            Ok(e) => {
                if args.json {
                    println!("{}", domain::estimate::to_json(&e));
                } else {
                    print!("{}", domain::estimate::to_text(&e));
                }
                ExitCode::SUCCESS
            }
            Err(diags) => {
                for d in &diags {
                    eprint!("{d}");
                }
                ExitCode::FAILURE
            }
        },
    }
}
