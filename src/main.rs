//! hubgen: a static site generator with a build-time data pipeline.
#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error; builds fail rarely and once"
)]

mod cli;
mod config;
mod coverage;
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
mod slug;
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
        Command::I18n(args) => i18n_command(&args),
    }
}

/// `hubgen i18n`: the coverage report, or `stamp`.
fn i18n_command(args: &cli::I18nArgs) -> ExitCode {
    let print = |diags: &[diag::Diagnostic]| {
        for d in diags {
            eprint!("{d}");
        }
    };
    let config = match config::Config::load(&args.root, &Overrides::default()) {
        Ok(c) => c,
        Err(d) => {
            print(&d);
            return ExitCode::from(2);
        }
    };
    let (pages, mut diags) = load::content::load(&config);
    let (ftl, d) = load::i18n::load(&config);
    diags.extend(d);
    if diags.iter().any(diag::Diagnostic::is_error) {
        print(&diags);
        return ExitCode::from(2);
    }
    match &args.action {
        Some(cli::I18nAction::Stamp { pages: targets }) => {
            match coverage::stamp(&config, &pages, targets) {
                Ok(written) => {
                    for f in &written {
                        eprintln!("stamped {}", f.display());
                    }
                    eprintln!("{} translation(s) stamped", written.len());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("error: {e}");
                    ExitCode::from(2)
                }
            }
        }
        None => {
            let report = coverage::report(&config, &pages, &ftl);
            match args.format.as_str() {
                "json" => println!(
                    "{}",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                ),
                "human" => print!("{}", coverage::to_text(&report)),
                other => {
                    eprintln!("error: unknown format `{other}`; use human or json");
                    return ExitCode::from(2);
                }
            }
            if report.passes() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
    }
}
