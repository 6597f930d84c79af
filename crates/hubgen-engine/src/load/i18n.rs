//! Fluent files: `i18n/<locale>/*.ftl`, or the built-in ones when the site has none.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use crate::config::Config;
use crate::diag::{Diagnostic, code};
use crate::embedded;
use crate::i18n::{Bundle, I18n, Localizer, new_bundle};
use crate::load::files;
use crate::source::pos_of;

/// One parsed `.ftl` file.
pub struct FtlFile {
    pub locale: String,
    pub file: PathBuf,
    pub resource: Arc<FluentResource>,
}

impl FtlFile {
    /// Message ids and term ids (`-brand`) defined in the file.
    pub fn ids(&self) -> impl Iterator<Item = String> + '_ {
        self.resource.entries().filter_map(|e| match e {
            ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            ast::Entry::Term(t) => Some(format!("-{}", t.id.name)),
            _ => None,
        })
    }
}

/// Reads and parses the Fluent files of every locale. Syntax errors are errors: a partly parsed
/// file is never used silently.
pub fn load(config: &Config) -> (Vec<FtlFile>, Vec<Diagnostic>) {
    let mut sources: Vec<(String, PathBuf, String)> = Vec::new();
    let mut diags = Vec::new();
    let site_dir = config.root.join("i18n");
    for locale in &config.locales {
        let dir = site_dir.join(&locale.code);
        if dir.is_dir() {
            let (found, d) = files::walk(&config.root, &dir, |p| {
                p.extension().is_some_and(|x| x == "ftl")
            });
            diags.extend(d);
            for f in found {
                let rel = Path::new("i18n").join(&locale.code).join(&f.rel);
                match files::read_text(&config.root, &f.path, &rel) {
                    Ok(t) => sources.push((locale.code.clone(), rel, t)),
                    Err(d) => diags.push(d),
                }
            }
        } else {
            let prefix = format!("i18n/{}/", locale.code);
            for (name, bytes) in embedded::under(&format!("builtin/{prefix}")) {
                let text = String::from_utf8_lossy(bytes).into_owned();
                sources.push((
                    locale.code.clone(),
                    PathBuf::from(format!("(built-in) {prefix}{name}")),
                    text,
                ));
            }
        }
    }
    let mut files = Vec::new();
    for (locale, file, text) in sources {
        match FluentResource::try_new(text) {
            Ok(r) => files.push(FtlFile {
                locale,
                file,
                resource: Arc::new(r),
            }),
            Err((r, errors)) => {
                for e in errors {
                    diags.push(
                        Diagnostic::error(
                            code::FLUENT_SYNTAX,
                            format!("Fluent syntax error: {}", e.kind),
                        )
                        .in_file(&file)
                        .at_in(pos_of(r.source(), e.pos.start), r.source())
                        .with_hint("see https://projectfluent.org/fluent/guide/ for the syntax"),
                    );
                }
            }
        }
    }
    (files, diags)
}

/// Builds one localizer per locale with its fallback chain. Reports duplicate ids and keys that a
/// locale lacks (they fall back along its chain, or fail when nothing in the chain has them).
pub fn localize(config: &Config, files: &[FtlFile]) -> (I18n, Vec<Diagnostic>) {
    let mut diags = Vec::new();
    let mut bundles: BTreeMap<String, Arc<Bundle>> = BTreeMap::new();
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for locale in &config.locales {
        let mut bundle = match new_bundle(&locale.code) {
            Ok(b) => b,
            Err(e) => {
                diags.push(Diagnostic::error(code::LOCALE_STRINGS, e).in_file("hubgen.yaml"));
                continue;
            }
        };
        for f in files.iter().filter(|f| f.locale == locale.code) {
            if let Err(errors) = bundle.add_resource(f.resource.clone()) {
                for e in errors {
                    diags.push(
                        Diagnostic::error(code::FLUENT_SYNTAX, format!("{e}"))
                            .in_file(&f.file)
                            .with_hint(
                                "a message id may be defined once per locale, across all its files",
                            ),
                    );
                }
            }
            ids.entry(locale.code.clone()).or_default().extend(f.ids());
        }
        bundles.insert(locale.code.clone(), Arc::new(bundle));
    }
    let mut by_code = std::collections::HashMap::new();
    for locale in &config.locales {
        let chain: Vec<Arc<Bundle>> = std::iter::once(&locale.code)
            .chain(locale.fallback.iter())
            .filter_map(|c| bundles.get(c).cloned())
            .collect();
        match Localizer::new(&locale.code, chain) {
            Ok(l) => {
                by_code.insert(locale.code.clone(), l);
            }
            Err(e) => diags.push(Diagnostic::error(code::LOCALE_STRINGS, e).in_file("hubgen.yaml")),
        }
    }
    // Keys of the default locale that another locale lacks.
    let empty = BTreeSet::new();
    let reference = ids.get(&config.default_locale).unwrap_or(&empty);
    for locale in config
        .locales
        .iter()
        .filter(|l| l.code != config.default_locale)
    {
        let own = ids.get(&locale.code).unwrap_or(&empty);
        let missing: Vec<&String> = reference.difference(own).collect();
        if missing.is_empty() {
            continue;
        }
        let resolvable = by_code.get(&locale.code);
        let (falls_back, unresolved): (Vec<&String>, Vec<&String>) =
            // A term is private to its locale's messages: it never falls back.
            missing.into_iter().partition(|k| !k.starts_with('-') && resolvable.is_some_and(|l| l.has(k)));
        if !falls_back.is_empty() {
            diags.push(
                Diagnostic::warning(
                    code::STRINGS_FALLBACK,
                    format!(
                        "locale `{}` lacks {} string(s), shown from its fallback: {}",
                        locale.code,
                        falls_back.len(),
                        falls_back
                            .iter()
                            .map(|s| s.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
                .in_file(format!("i18n/{}", locale.code)),
            );
        }
        if !unresolved.is_empty() {
            diags.push(
                Diagnostic::error(code::STRINGS_MISSING, format!(
                    "locale `{}` lacks {} string(s) and its fallback chain has none of them: {}",
                    locale.code,
                    unresolved.len(),
                    unresolved
                        .iter()
                        .map(|s| s.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
                .in_file(format!("i18n/{}", locale.code))
                .with_hint(format!(
                    "translate them, or add `fallback: [{}]` to the locale in hubgen.yaml",
                    config.default_locale
                )),
            );
        }
    }
    (I18n { by_code }, diags)
}
