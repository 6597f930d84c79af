//! `hubgen publish`: the command line around `publish`: the target, the progress display (a bar
//! on a terminal, plain lines in CI), the report (human or one JSON object) and the purge list.

use std::process::ExitCode;

use crate::cli::{PublishArgs, ReportFormat};
use crate::publish::{self, Event, Outcome, Target, remote::Remote};
use hubgen_engine::config::{Config, Overrides};
use hubgen_engine::diag::{Diagnostic, code};
use hubgen_engine::headers::Phase;

pub(crate) fn run(args: &PublishArgs) -> ExitCode {
    let config = match Config::load(&args.root, &Overrides::default()) {
        Ok(c) => c,
        Err(diags) => return fail(&diags),
    };
    let target = match Target::parse(&args.to, &config.publish.targets) {
        Ok(t) => t,
        Err(d) => return fail(&[d]),
    };
    let out = hubgen_engine::pipeline::out_dir(&args.root, args.out.clone());
    let target = match guard(args, &config, &out, target) {
        Ok(t) => t,
        Err(d) => return fail(&[d]),
    };
    let remote: Box<dyn Remote> = match connect(&target) {
        Ok(r) => r,
        Err(d) => return fail(&[d]),
    };
    let opts = options(args, &config);
    let bar = progress_bar();
    let show = |e: Event<'_>| match (&bar, e) {
        (Some(b), Event::Phase(p, n)) => {
            b.set_length(b.length().unwrap_or(0) + n as u64);
            b.set_message(p.name());
        }
        (Some(b), Event::Uploaded(path)) => {
            b.inc(1);
            b.set_message(path.to_owned());
        }
        (_, Event::Deleted(key)) if args.format == ReportFormat::Human => {
            eprintln!("publish: deleted {key}");
        }
        // Named in every format: the one thing --force does that cannot be undone.
        (_, Event::ReplacingForeign(key)) => {
            eprintln!("publish: replacing {key}, which hubgen did not write (--force)");
        }
        (None, Event::Phase(p, n)) if n > 0 && args.format == ReportFormat::Human => {
            eprintln!("publish: {} phase, {n} file(s)", p.name());
        }
        _ => {}
    };
    let result = publish::publish(&out, remote.as_ref(), &opts, &show);
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let outcome = match result {
        Ok(o) => o,
        Err(d) => return fail(&[d]),
    };
    if let Some(path) = &args.purge_list {
        let mut text = outcome.purge.join("\n");
        if !text.is_empty() {
            text.push('\n');
        }
        if let Err(e) = std::fs::write(path, text) {
            eprintln!("error: cannot write the purge list {}: {e}", path.display());
            return ExitCode::from(2);
        }
    }
    let refused = outcome.plan.deletes_refused.then(|| {
        Diagnostic::error(
            code::PUBLISH_DELETES_REFUSED,
            format!(
                "{} deletes are due, more than --max-deletes {}: none was made",
                outcome.plan.deletes.len(),
                args.max_deletes
            ),
        )
        .with_hint("every upload is done; check the plan (--dry-run), then publish again with a higher --max-deletes")
    });
    let status = if refused.is_some() {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    };
    match args.format {
        ReportFormat::Json => {
            if let Some(d) = &refused {
                eprint!("{d}");
            }
            crate::stdout(
                &format!("{}\n", to_json(&outcome, &*remote, args.dry_run)),
                status,
            )
        }
        ReportFormat::Human => {
            eprint!("{}", human(&outcome, &*remote, args.dry_run));
            if let Some(d) = &refused {
                eprint!("{d}");
            }
            status
        }
    }
}

/// The publish's options from the command line, the config's defaults and the clock.
fn options(args: &PublishArgs, config: &Config) -> publish::Options {
    publish::Options {
        force: args.force,
        dry_run: args.dry_run,
        max_deletes: args.max_deletes,
        grace_secs: u64::from(args.grace_days.unwrap_or(config.publish.grace_days)) * 86_400,
        now: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        jobs: args.jobs.max(1),
        base_url: config.base_url.clone(),
        fail_after: fault("publish:"),
        pause_after: fault("publish-pause:"),
        lock_stale_secs: u64::from(args.lock_stale_minutes) * 60,
        break_lock: args.break_lock,
    }
}

/// A folder target obeys the rules of every folder hubgen writes: never the site, its sources
/// or the build being published; a symlink is judged (and written) by its target.
fn guard(
    args: &PublishArgs,
    config: &Config,
    out: &std::path::Path,
    target: Target,
) -> Result<Target, Diagnostic> {
    let Target::Folder(dir) = target else {
        return Ok(target);
    };
    let mut keep_out = config.source_dirs();
    keep_out.push(out.to_path_buf());
    let how = hubgen_engine::output::guard::Place {
        verb: "publish into",
        other: "publish into a folder outside the site, such as file:///srv/www",
        replaces: "a publish would put the site's files among its sources",
    };
    hubgen_engine::output::guard::place(&args.root, &keep_out, &dir, &how)
        .map(Target::Folder)
        .map_err(|r| {
            Diagnostic::error(
                code::PUBLISH_FOREIGN,
                format!("{}; nothing was sent", r.message),
            )
            .with_hint(r.hint)
        })
}

fn fail(diags: &[Diagnostic]) -> ExitCode {
    for d in diags {
        eprint!("{d}");
    }
    ExitCode::FAILURE
}

fn connect(target: &Target) -> Result<Box<dyn Remote>, Diagnostic> {
    match target {
        Target::Folder(dir) => Ok(Box::new(publish::remote::Folder { dir: dir.clone() })),
        // A CI secret that is not set arrives as an empty variable: say so before any request.
        Target::S3 { .. }
            if ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]
                .iter()
                .any(|k| std::env::var_os(k).is_some_and(|v| v.is_empty())) =>
        {
            Err(Diagnostic::error(
                code::PUBLISH_CREDENTIALS,
                "AWS_ACCESS_KEY_ID or AWS_SECRET_ACCESS_KEY is set but empty",
            )
            .with_hint("in CI, check that the secrets exist and are passed to this step; nothing was sent"))
        }
        #[cfg(feature = "s3")]
        Target::S3 { bucket, prefix } => match publish::s3::S3::new(bucket, prefix) {
            Ok(s) => Ok(Box::new(s)),
            Err(f) => Err(Diagnostic::error(code::PUBLISH_TARGET, f.to_string())
                .with_hint("check the AWS_* variables (AWS_ENDPOINT_URL, AWS_REGION)")),
        },
        #[cfg(not(feature = "s3"))]
        Target::S3 { .. } => Err(Diagnostic::error(
            code::PUBLISH_TARGET,
            "this hubgen is built without S3 support",
        )
        .with_hint("build with the default features (`cargo build --release`), or publish to file:///FOLDER")),
    }
}

/// A bar on a terminal outside CI; `None` means plain lines.
fn progress_bar() -> Option<indicatif::ProgressBar> {
    use std::io::IsTerminal as _;
    if std::env::var_os("CI").is_some() || !std::io::stderr().is_terminal() {
        return None;
    }
    let bar = indicatif::ProgressBar::new(0);
    if let Ok(style) = indicatif::ProgressStyle::with_template("[{bar:30}] {pos}/{len} {wide_msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    Some(bar)
}

fn human(o: &Outcome, remote: &dyn Remote, dry_run: bool) -> String {
    let p = &o.plan;
    let mut s = String::new();
    if dry_run {
        s.push_str(&format!("dry run: nothing sent to {}\n", remote.describe()));
        for (f, r) in &p.uploads {
            s.push_str(&format!("  upload {} ({})\n", f.path, reason(*r)));
        }
        for k in &p.deletes {
            s.push_str(&format!("  delete {k}\n"));
        }
        for k in &p.kept {
            s.push_str(&format!("  keep {k} (grace period)\n"));
        }
    }
    let verb = if dry_run { "would upload" } else { "uploaded" };
    let deleted = if dry_run { p.deletes.len() } else { o.deleted };
    s.push_str(&format!(
        "{verb} {}, unchanged {}, deleted {deleted}, kept {} in {}: {} requests, {} KB sent, {:.2} s\n",
        p.uploads.len(),
        p.unchanged,
        p.kept.len(),
        remote.describe(),
        o.requests,
        o.bytes_sent / 1024,
        o.seconds
    ));
    if !o.purge.is_empty() {
        s.push_str(&format!("to purge from a CDN ({}):\n", o.purge.len()));
        for u in &o.purge {
            s.push_str(&format!("  {u}\n"));
        }
    }
    s
}

fn reason(r: publish::Reason) -> &'static str {
    match r {
        publish::Reason::Missing => "missing",
        publish::Reason::Size => "size",
        publish::Reason::Md5 => "md5",
        publish::Reason::Headers => "headers",
        publish::Reason::Force => "force",
    }
}

fn to_json(o: &Outcome, remote: &dyn Remote, dry_run: bool) -> String {
    let p = &o.plan;
    let uploads: Vec<serde_json::Value> = p
        .uploads
        .iter()
        .map(|(f, r)| {
            serde_json::json!({
                "path": f.path, "reason": reason(*r), "phase": f.phase,
                "bytes": f.bytes, "content_type": f.content_type, "cache_control": f.cache_control,
            })
        })
        .collect();
    let doc = serde_json::json!({
        "target": remote.describe(),
        "dry_run": dry_run,
        "uploaded": if dry_run { 0 } else { o.uploaded },
        "unchanged": p.unchanged,
        "deleted": o.deleted,
        "kept": p.kept.len(),
        "deletes_refused": p.deletes_refused,
        "requests": o.requests,
        "bytes_sent": o.bytes_sent,
        "bytes_received": o.bytes_received,
        "seconds": o.seconds,
        "plan": { "uploads": uploads, "deletes": p.deletes, "kept": p.kept },
        "purge": o.purge,
        "replaced_foreign": o.replaced_foreign,
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// The phase a test hook names: `HUBGEN_FAULT=publish:<phase>` stops with an error after it,
/// `HUBGEN_FAULT=publish-pause:<phase>` waits there to be killed.
fn fault(prefix: &str) -> Option<Phase> {
    std::env::var("HUBGEN_FAULT")
        .ok()
        .and_then(|v| Phase::parse(v.strip_prefix(prefix)?))
}
