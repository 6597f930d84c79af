//! The module layering, checked on the source: the engine never names the GPU-rental domain (only
//! `main`, the composition root, does); the domain names the engine only through `crate::ext`,
//! the seam's one module; config does not reach into the loaders; render
//! does not reach into the writer; inside the domain, formatting helpers know no `Site`, and the
//! lookups know no tables, charts, pages or shortcodes. The module graph (parsed with `syn`:
//! every `use` form and every `crate::`/`super::` path) has no cycle, and no function is longer
//! than 100 lines, whatever its qualifiers.

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

/// Lines of code that name `what` (comments left out).
fn naming(file: &Path, what: &[&str]) -> Vec<String> {
    std::fs::read_to_string(file)
        .expect("read")
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim_start().starts_with("//"))
        .filter(|(_, l)| what.iter().any(|w| l.contains(w)))
        .map(|(i, l)| format!("{}:{}: {}", file.display(), i + 1, l.trim()))
        .collect()
}

/// Lines of `file` (comments left out) with a `crate::` path into the engine other than
/// `crate::ext` (and the domain's own `crate::domain`).
fn engine_paths_outside_ext(file: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(file).expect("read");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("//") {
            continue;
        }
        for (at, _) in line.match_indices("crate::") {
            let rest = &line[at + "crate::".len()..];
            let seg: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{')
                .collect();
            if seg != "ext" && seg != "domain" {
                out.push(format!("{}:{}: {}", file.display(), i + 1, line.trim()));
            }
        }
    }
    out
}

#[test]
fn the_layers_import_only_downwards() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 20, "{} source files", files.len());
    let mut bad = Vec::new();
    for f in &files {
        let rel = f
            .strip_prefix(&src)
            .expect("prefix")
            .to_string_lossy()
            .replace('\\', "/");
        let in_domain = rel.starts_with("domain/");
        if !in_domain && rel != "main.rs" {
            bad.extend(naming(f, &["crate::domain", "domain::"]));
        }
        if in_domain {
            // The domain sees the engine through `crate::ext` alone.
            bad.extend(engine_paths_outside_ext(f));
        }
        match rel.as_str() {
            "config.rs" => bad.extend(naming(f, &["crate::load"])),
            "render.rs" => bad.extend(naming(f, &["crate::output"])),
            "domain/units.rs" => bad.extend(naming(f, &["Site", "super::site", "super::present"])),
            "domain/site.rs" => bad.extend(naming(
                f,
                &[
                    "super::present",
                    "super::economics",
                    "super::charts",
                    "super::pages",
                ],
            )),
            "domain/economics.rs" | "domain/charts.rs" | "domain/pages.rs" => {
                bad.extend(naming(f, &["super::present"]));
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
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let mut long = Vec::new();
    let mut seen = 0;
    for f in &files {
        for (line, len, head) in function_lengths(f) {
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
/// `domain/mod.rs` is `domain`, `main.rs` the crate root (empty).
fn module_of(rel: &str) -> Vec<String> {
    let stem = rel.strip_suffix(".rs").unwrap_or(rel);
    let mut parts: Vec<String> = stem.split('/').map(str::to_owned).collect();
    if parts.last().is_some_and(|p| p == "mod" || p == "main") {
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

/// The module graph of `src/`: each module file → the module files it names, leaving out a
/// module's own line of ancestors and descendants (a parent declares its children, a child
/// reaches its parent's items with `super::`: that pair is one unit).
fn module_graph() -> std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<Vec<String>>>
{
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let rel = |f: &Path| {
        f.strip_prefix(&src)
            .expect("prefix")
            .to_string_lossy()
            .replace('\\', "/")
    };
    let modules: std::collections::BTreeSet<Vec<String>> =
        files.iter().map(|f| module_of(&rel(f))).collect();
    let mut graph = std::collections::BTreeMap::new();
    for f in &files {
        let m = module_of(&rel(f));
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
fn the_module_graph_has_no_cycle() {
    let graph = module_graph();
    assert!(graph.len() > 20, "{} modules", graph.len());
    let found = cycles(&graph);
    assert!(
        found.is_empty(),
        "module cycles (each one strongly connected set of modules): {found:?}"
    );
}
