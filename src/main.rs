//! hubgen: a static site generator with a build-time data pipeline.
#![allow(
    clippy::result_large_err,
    reason = "a Diagnostic is the error; builds fail rarely and once"
)]

mod check;
mod cli;
#[cfg(test)]
mod pipeline_tests;
mod publish;
mod publish_command;
mod serve;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use hubgen_engine::{config, coverage, diag, ext, load, output, pipeline, slug, source};
use hubgen_gpu as domain;

use crate::cli::{Cli, Command};
use hubgen_engine::config::Overrides;

/// The data extension this binary is built with: GPU Rent Hub's domain. The composition root is
/// the only place that names it; the engine takes it as an `ext::Load`.
const EXTENSION: ext::Load = domain::extension;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let root = match &cli.command {
        Command::Build { root, .. }
        | Command::Serve { root, .. }
        | Command::Check { root, .. }
        | Command::New { root, .. } => Some(root),
        Command::I18n(a) => Some(&a.root),
        Command::Publish(a) => Some(&a.root),
        Command::Estimate(_) | Command::Explain { .. } => None,
    };
    if let Some(root) = root
        && !root.is_dir()
    {
        eprint!(
            "{}",
            diag::Diagnostic::error(
                diag::code::CLI_INVALID,
                format!("the site root `{}` is not a folder", root.display())
            )
            .with_hint("run hubgen in the site's folder, or pass --root <folder>")
        );
        return ExitCode::from(2);
    }
    match cli.command {
        Command::Build {
            root,
            out,
            base_url,
            drafts,
            jobs,
            force,
        } => build_command(root, out, base_url, drafts, jobs, force),
        Command::Estimate(args) => match domain::estimate::estimate(&estimate_input(&args)) {
            Ok(e) => {
                let text = if args.json {
                    format!("{}\n", domain::estimate::to_json(&e))
                } else {
                    domain::estimate::to_text(&e)
                };
                stdout(&text, ExitCode::SUCCESS)
            }
            Err(diags) => {
                for d in &diags {
                    eprint!("{d}");
                }
                ExitCode::FAILURE
            }
        },
        Command::I18n(args) => i18n_command(&args),
        Command::Publish(args) => publish_command::run(&args),
        Command::Explain { code } => explain(code.as_deref()),
        Command::Check {
            root,
            drafts,
            format,
            deny,
        } => check_command(&root, drafts, format, &deny),
        Command::New { page, root } => match new_page(&root, &page) {
            Ok(path) => {
                eprintln!("wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprint!("{}", diag::Diagnostic::error(diag::code::CLI_INVALID, e));
                ExitCode::from(2)
            }
        },
        Command::Serve {
            root,
            port,
            bind,
            drafts,
        } => match serve::run(serve::Options {
            root,
            extension: EXTENSION,
            bind,
            port,
            drafts,
        }) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        },
    }
}

/// `hubgen build`: build and write, with the refusal rules of `output::guard`.
fn build_command(
    root: std::path::PathBuf,
    out: Option<std::path::PathBuf>,
    base_url: Option<String>,
    drafts: bool,
    jobs: Option<usize>,
    force: bool,
) -> ExitCode {
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
    let opts = output::WriteOptions::from_env();
    match pipeline::build_to_disk(&root, &out, &overrides, force, opts, EXTENSION) {
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
        Err(pipeline::Failure::Refused(r)) => {
            eprint!("{r}");
            eprintln!("nothing was written");
            ExitCode::from(2)
        }
        Err(pipeline::Failure::Diagnostics(diags)) => {
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

/// `hubgen check`: every diagnostic, links and anchors, in the chosen format.
fn check_command(
    root: &std::path::Path,
    drafts: bool,
    format: cli::CheckFormat,
    deny: &[String],
) -> ExitCode {
    let all = || diag::code::ALL.iter().chain(domain::codes::ALL);
    if let Some(name) = deny.iter().find(|n| !all().any(|c| c.name == n.as_str())) {
        eprint!(
            "{}",
            diag::Diagnostic::error(
                diag::code::CLI_INVALID,
                format!("--deny {name}: there is no diagnostic code `{name}`")
            )
            .with_hint(diag::unknown_name_hint(name, all().map(|c| c.name)))
        );
        return ExitCode::from(2);
    }
    let overrides = Overrides {
        base_url: None,
        drafts,
    };
    let mut diags = check::run(root, &overrides, EXTENSION);
    // A denied warning is reported as an error, and fails the check like one.
    for d in &mut diags {
        if deny.iter().any(|n| n == d.code.name) {
            d.severity = diag::Severity::Error;
        }
    }
    let status = if diags.iter().any(diag::Diagnostic::is_error) {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    match format {
        cli::CheckFormat::Human => {
            for d in &diags {
                eprint!("{d}");
            }
            let errors = diags.iter().filter(|d| d.is_error()).count();
            eprintln!(
                "check: {errors} error(s), {} warning(s)",
                diags.len() - errors
            );
            status
        }
        cli::CheckFormat::Json => stdout(
            &format!(
                "{}\n",
                serde_json::to_string_pretty(&diag::report::to_json(&diags)).unwrap_or_default()
            ),
            status,
        ),
        cli::CheckFormat::Github => stdout(&diag::report::to_github(&diags), status),
    }
}

/// Writes a command's output to stdout, then ends with `status`. Every stdout write of hubgen
/// goes through here, not `print!`, which panics when the reader has gone: a reader that
/// closed the pipe early (`hubgen check --format json | head -1`) took what it wanted, so the
/// rest is dropped quietly and the command keeps its own status, as ripgrep does. Another write
/// error (a full disk) is reported, with status 2.
///
/// SIGPIPE stays ignored (Rust's default) rather than restored to terminate the process:
/// `hubgen serve` writes to sockets in the same process, and a browser that drops a connection
/// must not kill it.
fn stdout(text: &str, status: ExitCode) -> ExitCode {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => status,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => status,
        Err(e) => {
            eprintln!("error: cannot write the output: {e}");
            ExitCode::from(2)
        }
    }
}

/// The command line's `estimate` arguments as the domain's input.
/// `hubgen explain`: one code's meaning, or the table of every code.
fn explain(code: Option<&str>) -> ExitCode {
    let all = || diag::code::ALL.iter().chain(domain::codes::ALL);
    match code {
        None => stdout(
            &diag::code::reference(domain::codes::ALL),
            ExitCode::SUCCESS,
        ),
        Some(name) => match all().find(|c| c.name == name) {
            Some(c) => stdout(
                &format!("{}: {}\n", c.name, c.summary.trim()),
                ExitCode::SUCCESS,
            ),
            None => {
                eprintln!(
                    "error: no diagnostic code `{name}`\n  = hint: {}",
                    diag::unknown_name_hint(name, all().map(|c| c.name))
                );
                ExitCode::from(2)
            }
        },
    }
}

fn estimate_input(a: &cli::EstimateArgs) -> domain::estimate::Input {
    domain::estimate::Input {
        root: a.root.clone(),
        model: a.model.clone(),
        params: a.params,
        layers: a.layers,
        hidden: a.hidden,
        intermediate: a.intermediate,
        vocab: a.vocab,
        heads: a.heads,
        kv_heads: a.kv_heads,
        tied_embeddings: a.tied_embeddings,
        attention_bias: a.attention_bias,
        method: a.method.clone(),
        seq: a.seq,
        batch: a.batch,
        no_checkpointing: a.no_checkpointing,
        chunked_ce: a.chunked_ce,
        lora_rank: a.lora_rank,
        targets: a.targets.clone(),
        optimizer: a.optimizer.clone(),
        cards: a.cards,
        sharding: a.sharding.clone(),
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
                    eprint!("{}", diag::Diagnostic::error(diag::code::CLI_INVALID, e));
                    ExitCode::from(2)
                }
            }
        }
        None => {
            let report = coverage::report(&config, &pages, &ftl);
            let text = match args.format {
                cli::ReportFormat::Json => format!(
                    "{}\n",
                    serde_json::to_string_pretty(&report).unwrap_or_default()
                ),
                cli::ReportFormat::Human => coverage::to_text(&report),
            };
            let status = if report.passes() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            };
            stdout(&text, status)
        }
    }
}

/// `hubgen new <locale>/<path>`: a page with its front matter filled in, as a draft. A translation
/// of an existing page starts from the source's title and description.
fn new_page(root: &std::path::Path, page: &str) -> Result<std::path::PathBuf, String> {
    let config = config::Config::load(root, &Overrides::default()).map_err(|d| {
        d.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("")
    })?;
    let page = page.trim_start_matches("content/").trim_end_matches(".md");
    let (locale, rel) = page
        .split_once('/')
        .ok_or_else(|| format!("`{page}`: write <locale>/<path>, e.g. uk/gpu-pricing"))?;
    if !config.locales.iter().any(|l| l.code == locale) {
        return Err(format!("`{locale}` is not a locale of this site"));
    }
    for seg in rel.split('/') {
        if seg != "_index" && !slug::is_segment(seg) {
            let hint = slug::suggest(seg, locale)
                .map(|s| format!(" (try `{s}`)"))
                .unwrap_or_default();
            return Err(format!(
                "`{seg}` cannot be part of a URL: use a-z, 0-9 and `-`{hint}"
            ));
        }
    }
    let file = std::path::Path::new("content")
        .join(locale)
        .join(format!("{rel}.md"));
    let path = root.join(&file);
    if path.exists() {
        return Err(format!("{} exists already", file.display()));
    }
    let source = root
        .join("content")
        .join(&config.default_locale)
        .join(format!("{rel}.md"));
    let (title, description) = std::fs::read_to_string(&source)
        .ok()
        .and_then(|t| {
            let s = source::split_front_matter(&t).ok()?;
            let f: load::content::FrontMatter = serde_saphyr::from_str(s.front_matter).ok()?;
            Some((f.title, f.description.unwrap_or_default()))
        })
        .unwrap_or_else(|| {
            let last = rel.rsplit('/').next().unwrap_or(rel);
            let mut t = last.replace('-', " ");
            if let Some(c) = t.get(0..1) {
                t.replace_range(0..1, &c.to_uppercase());
            }
            (t, String::new())
        });
    let today = today();
    let text = format!(
        "---\ntitle: {}\ndescription: {}\ndate: {today}\ndraft: true\n---\n\n",
        serde_json::Value::String(title),
        serde_json::Value::String(description),
    );
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    output::create_new_file(&path, text.as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    Ok(file)
}

/// Today's date (UTC) as YYYY-MM-DD, from the system clock.
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    // Civil-from-days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
