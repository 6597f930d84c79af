//! Embeds the built-in theme and UI strings (`builtin/`: neutral, no site's own), so a folder of
//! Markdown builds with no theme or strings of its own.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let mut out = String::from(
        "/// (path relative to the repo, bytes) of every built-in file.\npub static FILES: &[(&str, &[u8])] = &[\n",
    );
    for top in ["builtin/theme", "builtin/i18n"] {
        println!("cargo:rerun-if-changed={top}");
        let mut files = Vec::new();
        collect(Path::new(top), &mut files);
        files.sort();
        for f in files {
            println!("cargo:rerun-if-changed={f}");
            let abs = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join(&f);
            writeln!(
                out,
                "    ({f:?}, include_bytes!({:?})),",
                abs.display().to_string()
            )
            .ok();
        }
    }
    out.push_str("];\n");
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("embedded.rs");
    std::fs::write(dest, out).unwrap_or_else(|e| panic!("cannot write embedded.rs: {e}"));
}

fn collect(dir: &Path, files: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, files);
        } else if let Some(s) = p.to_str() {
            files.push(s.replace('\\', "/"));
        }
    }
}
