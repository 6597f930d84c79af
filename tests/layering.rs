//! The layering, checked on the source. The workspace has three crates: `hubgen-engine` (the
//! generic engine), `hubgen-gpu` (the GPU-rental domain) and the binary at the root, which
//! composes them. Cargo keeps the engine from depending on the domain (checked on `cargo
//! metadata`); the domain names the engine only through `hubgen_engine::ext`, the seam's one
//! module; inside the engine, config does not reach into the loaders and render does not reach
//! into the writer; inside the domain, formatting helpers know no `Site`, and the lookups know
//! no tables, charts, pages or shortcodes. Each crate's module graph (parsed with `syn`: every
//! `use` form and every `crate::`/`super::` path) has no cycle, and no function in any crate is
//! longer than 100 lines, whatever its qualifiers.

use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).expect("read_dir").flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The `src/` folders of the workspace's crates: the binary, the engine, the domain.
const CRATES: [&str; 3] = ["src", "crates/hubgen-engine/src", "crates/hubgen-gpu/src"];
const ENGINE: &str = "crates/hubgen-engine/src";
const DOMAIN: &str = "crates/hubgen-gpu/src";

/// Every source file of one crate, with its path relative to the crate's `src/`.
fn crate_files(src: &str) -> Vec<(PathBuf, String)> {
    let dir = root().join(src);
    let mut files = Vec::new();
    sources(&dir, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let rel = f
                .strip_prefix(&dir)
                .expect("prefix")
                .to_string_lossy()
                .replace('\\', "/");
            (f, rel)
        })
        .collect()
}

/// The lines of code of `file` (comment lines left out), numbered from 1.
fn code_lines(file: &Path) -> Vec<(usize, String)> {
    std::fs::read_to_string(file)
        .expect("read")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .map(|(i, l)| (i + 1, l.to_owned()))
        .collect()
}

/// Lines of code that name any of `what`.
fn naming(file: &Path, what: &[&str]) -> Vec<String> {
    code_lines(file)
        .into_iter()
        .filter(|(_, l)| what.iter().any(|w| l.contains(w)))
        .map(|(n, l)| format!("{}:{n}: {}", file.display(), l.trim()))
        .collect()
}

/// Lines of code with a path `prefix…` whose next segment is not one of `allowed`: the
/// domain's `hubgen_engine::` paths other than `hubgen_engine::ext`.
fn paths_outside(file: &Path, prefix: &str, allowed: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for (n, line) in code_lines(file) {
        for (at, _) in line.match_indices(prefix) {
            let seg: String = line[at + prefix.len()..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !allowed.contains(&seg.as_str()) {
                out.push(format!("{}:{n}: {}", file.display(), line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_seam_scan_catches_a_path_around_ext() {
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("probe.rs");
    std::fs::write(
        &file,
        "use hubgen_engine::ext::Call;\n// hubgen_engine::view in a comment\nuse hubgen_engine::{ext, view};\nfn f() { hubgen_engine::view::Cell::new(); }\n",
    )
    .expect("write");
    let found = paths_outside(&file, "hubgen_engine::", &["ext"]);
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with(":3: use hubgen_engine::{ext, view};"));
    assert!(found[1].contains(":4: "));
}

/// `cargo metadata`: the engine's dependencies name no other crate of the workspace, and the
/// domain's name the engine.
#[test]
fn the_engine_crate_does_not_depend_on_the_domain() {
    let out = std::process::Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(root())
        .output()
        .expect("cargo metadata");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let deps = |name: &str| -> Vec<String> {
        let pkg = meta["packages"]
            .as_array()
            .expect("packages")
            .iter()
            .find(|p| p["name"] == name)
            .unwrap_or_else(|| panic!("package {name}"));
        pkg["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .map(|d| d["name"].as_str().expect("name").to_owned())
            .collect()
    };
    let engine = deps("hubgen-engine");
    assert!(engine.len() > 10, "{engine:?}");
    assert!(
        !engine.iter().any(|d| d.starts_with("hubgen")),
        "the engine depends on {engine:?}"
    );
    let domain = deps("hubgen-gpu");
    assert!(domain.iter().any(|d| d == "hubgen-engine"), "{domain:?}");
    assert!(!domain.iter().any(|d| d == "hubgen"), "{domain:?}");
}

#[test]
fn the_layers_import_only_downwards() {
    let mut bad = Vec::new();
    let engine = crate_files(ENGINE);
    assert!(engine.len() > 20, "{} engine files", engine.len());
    for (f, rel) in &engine {
        // Belt and braces to Cargo: not even a comment-free mention of the domain crate.
        bad.extend(naming(f, &["hubgen_gpu", "hubgen-gpu"]));
        match rel.as_str() {
            "config.rs" => bad.extend(naming(f, &["crate::load"])),
            "render.rs" => bad.extend(naming(f, &["crate::output"])),
            _ => {}
        }
    }
    let domain = crate_files(DOMAIN);
    assert!(domain.len() > 20, "{} domain files", domain.len());
    for (f, rel) in &domain {
        // The domain sees the engine through `hubgen_engine::ext` alone.
        bad.extend(paths_outside(f, "hubgen_engine::", &["ext"]));
        match rel.as_str() {
            "units.rs" => bad.extend(naming(
                f,
                &[
                    "Site",
                    "super::site",
                    "super::present",
                    "crate::site",
                    "crate::present",
                ],
            )),
            "site.rs" => bad.extend(naming(
                f,
                &[
                    "super::present",
                    "super::economics",
                    "super::charts",
                    "super::pages",
                    "crate::present",
                    "crate::economics",
                    "crate::charts",
                    "crate::pages",
                ],
            )),
            "economics.rs" | "charts.rs" | "pages.rs" => {
                bad.extend(naming(f, &["super::present", "crate::present"]));
            }
            _ => {}
        }
    }
    assert!(
        bad.is_empty(),
        "imports against the layering:\n{}",
        bad.join("\n")
    );
}

/// The first line of every function with a body (free, in an `impl`, a trait's default, nested,
/// `unsafe`, `async`, `const`, `extern`: whatever its qualifiers) and its length in lines, from
/// the line of its `fn` to its closing brace, as the parser sees them.
fn function_lengths(file: &Path) -> Vec<(usize, usize, String)> {
    use syn::visit::Visit;
    struct V(Vec<(usize, usize, String)>);
    fn record(v: &mut V, sig: &syn::Signature, block: &syn::Block) {
        let start = sig.fn_token.span.start().line;
        let end = block.brace_token.span.close().end().line;
        v.0.push((start, end - start + 1, format!("fn {}", sig.ident)));
    }
    impl<'a> Visit<'a> for V {
        fn visit_item_fn(&mut self, f: &'a syn::ItemFn) {
            record(self, &f.sig, &f.block);
            syn::visit::visit_item_fn(self, f);
        }
        fn visit_impl_item_fn(&mut self, f: &'a syn::ImplItemFn) {
            record(self, &f.sig, &f.block);
            syn::visit::visit_impl_item_fn(self, f);
        }
        fn visit_trait_item_fn(&mut self, f: &'a syn::TraitItemFn) {
            if let Some(b) = &f.default {
                record(self, &f.sig, b);
            }
            syn::visit::visit_trait_item_fn(self, f);
        }
    }
    let text = std::fs::read_to_string(file).expect("read");
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut v = V(Vec::new());
    v.visit_file(&ast);
    v.0
}

#[test]
fn the_function_scan_counts_every_form_of_fn() {
    let dir = tempfile::tempdir().expect("tempdir");
    let body = |n: usize| "    let _x = 1;\n".repeat(n);
    let file = dir.path().join("probe.rs");
    std::fs::write(
        &file,
        format!(
            "pub unsafe fn a() {{\n{}}}\nimpl S {{\n    pub(crate) async fn b(&self) {{\n{}    }}\n    const fn c() {{}}\n}}\ntrait T {{\n    fn d() {{\n{}    }}\n    fn e();\n}}\nfn f() {{\n    fn g() {{\n{}    }}\n}}\npub extern \"C\" fn h() {{}}\n",
            body(121),
            body(3),
            body(2),
            body(1)
        ),
    )
    .expect("write");
    let found: Vec<(String, usize)> = function_lengths(&file)
        .into_iter()
        .map(|(_, len, head)| (head, len))
        .collect();
    assert_eq!(
        found,
        [
            ("fn a".to_owned(), 123),
            ("fn b".to_owned(), 5),
            ("fn c".to_owned(), 1),
            ("fn d".to_owned(), 4),
            ("fn f".to_owned(), 5),
            ("fn g".to_owned(), 3),
            ("fn h".to_owned(), 1),
        ]
    );
}

#[test]
fn no_function_is_longer_than_100_lines() {
    let mut long = Vec::new();
    let mut seen = 0;
    for (f, _) in CRATES.iter().flat_map(|c| crate_files(c)) {
        for (line, len, head) in function_lengths(&f) {
            seen += 1;
            if len > 100 {
                long.push(format!("{}:{line}: {len} lines: {head}", f.display()));
            }
        }
    }
    assert!(
        seen > 300,
        "only {seen} functions found: the scan is broken"
    );
    assert!(
        long.is_empty(),
        "functions over 100 lines:\n{}",
        long.join("\n")
    );
}

/// A source file's module path: `domain/validate/memory.rs` is `domain::validate::memory`,
/// `domain/mod.rs` is `domain`, `main.rs` and `lib.rs` the crate root (empty).
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "main" || p == "lib")
    {
        parts.pop();
    }
    parts
}

/// The modules a file names: every `use` (grouped, renamed, globbed) and every path in its code
/// that starts at `crate`, `self`, `super` or a child module, resolved to the longest prefix
/// that is a module file. Test-only modules (`#[cfg(test)] mod …`) are left out: the graph is
/// the program's.
fn names(
    file: &Path,
    here: &[String],
    modules: &std::collections::BTreeSet<Vec<String>>,
) -> std::collections::BTreeSet<Vec<String>> {
    use syn::visit::Visit;
    struct V<'m> {
        here: Vec<String>,
        modules: &'m std::collections::BTreeSet<Vec<String>>,
        out: std::collections::BTreeSet<Vec<String>>,
    }
    impl V<'_> {
        fn resolve(&mut self, segs: &[String]) {
            let Some(first) = segs.first() else { return };
            let mut abs = match first.as_str() {
                "crate" => Vec::new(),
                "self" => self.here.clone(),
                "super" => {
                    let mut h = self.here.clone();
                    let mut rest = segs;
                    while rest.first().is_some_and(|s| s == "super") {
                        h.pop();
                        rest = &rest[1..];
                    }
                    let mut abs = h;
                    abs.extend(rest.iter().cloned());
                    return self.push(abs);
                }
                _ => {
                    // A child module named without `self::`.
                    let mut child = self.here.clone();
                    child.push(first.clone());
                    if self.modules.contains(&child) {
                        self.here.clone()
                    } else {
                        return;
                    }
                }
            };
            let skip = usize::from(matches!(first.as_str(), "crate" | "self"));
            abs.extend(segs[skip..].iter().cloned());
            self.push(abs);
        }
        fn push(&mut self, abs: Vec<String>) {
            if let Some(m) = (1..=abs.len())
                .rev()
                .map(|n| abs[..n].to_vec())
                .find(|p| self.modules.contains(p))
            {
                self.out.insert(m);
            }
        }
    }
    fn flatten(t: &syn::UseTree, prefix: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
        match t {
            syn::UseTree::Path(p) => {
                prefix.push(p.ident.to_string());
                flatten(&p.tree, prefix, out);
                prefix.pop();
            }
            syn::UseTree::Name(n) => {
                let mut v = prefix.clone();
                if n.ident != "self" {
                    v.push(n.ident.to_string());
                }
                out.push(v);
            }
            syn::UseTree::Rename(r) => {
                let mut v = prefix.clone();
                if r.ident != "self" {
                    v.push(r.ident.to_string());
                }
                out.push(v);
            }
            syn::UseTree::Glob(_) => out.push(prefix.clone()),
            syn::UseTree::Group(g) => {
                for t in &g.items {
                    flatten(t, prefix, out);
                }
            }
        }
    }
    impl<'a> Visit<'a> for V<'_> {
        fn visit_item_mod(&mut self, m: &'a syn::ItemMod) {
            let test_only = m.attrs.iter().any(|a| {
                a.path().is_ident("cfg") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "test")
            });
            if test_only {
                return;
            }
            if m.content.is_some() {
                self.here.push(m.ident.to_string());
                syn::visit::visit_item_mod(self, m);
                self.here.pop();
            }
        }
        fn visit_item_use(&mut self, u: &'a syn::ItemUse) {
            let mut paths = Vec::new();
            flatten(&u.tree, &mut Vec::new(), &mut paths);
            for p in paths {
                self.resolve(&p);
            }
        }
        fn visit_path(&mut self, p: &'a syn::Path) {
            if p.segments.len() > 1 {
                let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
                self.resolve(&segs);
            }
            syn::visit::visit_path(self, p);
        }
    }
    let text = std::fs::read_to_string(file).expect("read");
    let ast = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let mut v = V {
        here: here.to_vec(),
        modules,
        out: Default::default(),
    };
    v.visit_file(&ast);
    v.out
}

/// The module graph of one crate: each module file → the module files it names, leaving out a
/// module's own line of ancestors and descendants (a parent declares its children, a child
/// reaches its parent's items with `super::`: that pair is one unit).
fn module_graph(
    src: &str,
) -> std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<Vec<String>>> {
    let files = crate_files(src);
    let modules: std::collections::BTreeSet<Vec<String>> =
        files.iter().map(|(_, rel)| module_of(rel)).collect();
    let mut graph = std::collections::BTreeMap::new();
    for (f, rel) in &files {
        let m = module_of(rel);
        let edges = names(f, &m, &modules)
            .into_iter()
            .filter(|t| !t.starts_with(&m) && !m.starts_with(t))
            .collect();
        graph.insert(m, edges);
    }
    graph
}

/// The cycles of a graph: its strongly connected components of more than one node (Tarjan).
fn cycles(
    graph: &std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<Vec<String>>>,
) -> Vec<Vec<String>> {
    struct T<'g> {
        g: &'g std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<Vec<String>>>,
        index: std::collections::BTreeMap<&'g [String], (usize, usize)>,
        stack: Vec<&'g [String]>,
        on: std::collections::BTreeSet<&'g [String]>,
        next: usize,
        out: Vec<Vec<String>>,
    }
    fn visit<'g>(t: &mut T<'g>, v: &'g [String]) {
        t.index.insert(v, (t.next, t.next));
        t.next += 1;
        t.stack.push(v);
        t.on.insert(v);
        for w in t.g.get(v).into_iter().flatten() {
            let w: &'g [String] = w;
            if !t.index.contains_key(w) {
                visit(t, w);
                let low = t.index[w].1.min(t.index[v].1);
                t.index.get_mut(v).expect("v").1 = low;
            } else if t.on.contains(w) {
                let low = t.index[w].0.min(t.index[v].1);
                t.index.get_mut(v).expect("v").1 = low;
            }
        }
        if t.index[v].0 == t.index[v].1 {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                comp.push(w.join("::"));
                if w == v {
                    break;
                }
            }
            if comp.len() > 1 {
                comp.sort();
                t.out.push(comp);
            }
        }
    }
    let mut t = T {
        g: graph,
        index: Default::default(),
        stack: Vec::new(),
        on: Default::default(),
        next: 0,
        out: Vec::new(),
    };
    for v in graph.keys() {
        if !t.index.contains_key(v.as_slice()) {
            visit(&mut t, v);
        }
    }
    t.out.sort();
    t.out
}

#[test]
fn the_cycle_finder_finds_cycles_and_the_resolver_reads_every_use_form() {
    let g = |edges: &[(&str, &str)]| {
        let mut m: std::collections::BTreeMap<
            Vec<String>,
            std::collections::BTreeSet<Vec<String>>,
        > = Default::default();
        for (a, b) in edges {
            m.entry(vec![(*a).to_owned()])
                .or_default()
                .insert(vec![(*b).to_owned()]);
            m.entry(vec![(*b).to_owned()]).or_default();
        }
        m
    };
    assert!(cycles(&g(&[("a", "b"), ("b", "c")])).is_empty());
    assert_eq!(
        cycles(&g(&[("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")])),
        [["a", "b", "c"]]
    );
    assert_eq!(
        cycles(&g(&[("a", "b"), ("b", "a"), ("c", "d"), ("d", "c")])).len(),
        2
    );
    let dir = tempfile::tempdir().expect("tempdir");
    let file = dir.path().join("probe.rs");
    std::fs::write(
        &file,
        "use crate::{x::y::{self, Z}, w as ww};\nuse super::sib::*;\nfn f() { crate::v::g(); child::h(); }\n#[cfg(test)]\nmod tests { use crate::t; }\n",
    )
    .expect("write");
    let modules: std::collections::BTreeSet<Vec<String>> = [
        vec!["x".into(), "y".into()],
        vec!["w".into()],
        vec!["p".into(), "sib".into()],
        vec!["v".into()],
        vec!["p".into(), "q".into(), "child".into()],
        vec!["t".into()],
    ]
    .into();
    let found = names(&file, &["p".into(), "q".into()], &modules);
    let want: std::collections::BTreeSet<Vec<String>> = [
        vec!["x".to_owned(), "y".to_owned()],
        vec!["w".to_owned()],
        vec!["p".to_owned(), "sib".to_owned()],
        vec!["v".to_owned()],
        vec!["p".to_owned(), "q".to_owned(), "child".to_owned()],
    ]
    .into();
    assert_eq!(found, want);
}

#[test]
fn no_crate_has_a_module_cycle() {
    let mut found = Vec::new();
    for src in CRATES {
        let graph = module_graph(src);
        assert!(graph.len() > 5, "{src}: {} modules", graph.len());
        found.extend(cycles(&graph).into_iter().map(|c| (src, c)));
    }
    assert!(
        found.is_empty(),
        "module cycles (each one strongly connected set of modules of a crate): {found:?}"
    );
}
