//! The grammar layer stands alone (issue 30, item 5): nothing under src/grammar reaches a module
//! that uses the grammar (the zones, play, the API, the CLI, the server, ...). It may read only
//! the foundation modules listed in [`FOUNDATION`]; the users adapt the grammar's output next
//! to themselves (as `zone::zone_of_sentence` does), and what both need (the targets of
//! decision A14) lives on the scenario they share.
//!
//! The test reads the source: every `crate::NAME` path, every `crate::{...}` group, and every
//! chain of `super::` that climbs out of the grammar module to the crate root, in code (not in
//! comments), must name a foundation module.

use std::path::{Path, PathBuf};

/// The crate modules the grammar engine may import (`budget` is `memory` and `deadline`
/// together: what a structure holds, checked as it grows).
const FOUNDATION: &[&str] = &[
    "grammar", "board", "kernel", "piece", "scenario", "syntax", "natural", "bitset", "deadline",
    "memory", "budget", "relation",
];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a source file under src/: `src/grammar/check/mod.rs` is
/// `grammar::check`.
fn module_path(src: &Path, file: &Path) -> Vec<String> {
    let mut parts: Vec<String> = file
        .strip_prefix(src)
        .expect("under src")
        .with_extension("")
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.last().is_some_and(|p| p == "mod") {
        parts.pop();
    }
    parts
}

fn identifier(s: &str) -> &str {
    let end = s
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(s.len());
    &s[..end]
}

/// The crate-level module names a line of code reaches from a file at `module`.
fn crate_modules(line: &str, module: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        let after = &rest[i + "crate::".len()..];
        // `$crate::` in a macro is the crate root as well; a longer word ending in `crate`
        // (`lingeo_crate::`) is not.
        let before = rest[..i].chars().last();
        if before.is_none_or(|c| !(c.is_alphanumeric() || c == '_')) {
            if let Some(group) = after.strip_prefix('{') {
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let name = identifier(item.trim());
                    if !name.is_empty() {
                        out.push(name.to_string());
                    }
                }
            } else {
                out.push(identifier(after).to_string());
            }
        }
        rest = after;
    }
    // `super::super::x` from a module `depth` deep reaches the crate root after `depth` supers.
    let mut rest = line;
    while let Some(i) = rest.find("super::") {
        let mut chain = &rest[i..];
        let mut supers = 0;
        while let Some(next) = chain.strip_prefix("super::") {
            supers += 1;
            chain = next;
        }
        // A glob (`use super::*;`) is the parent of an inline `mod tests`, which the file's
        // path does not count: never a crate-level module by name.
        let name = identifier(chain);
        if supers >= module.len() && !name.is_empty() {
            out.push(name.to_string());
        }
        rest = chain;
    }
    out
}

/// Every import of a crate module outside [`FOUNDATION`] under src/grammar, as
/// `file:line: module`.
fn foreign_imports() -> Vec<String> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("grammar"), &mut files);
    assert!(
        files.len() > 10,
        "found only {} files under src/grammar",
        files.len()
    );
    let mut found = Vec::new();
    for file in &files {
        let module = module_path(&src, file);
        let text = std::fs::read_to_string(file).expect("a readable source file");
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for name in crate_modules(code, &module) {
                if !FOUNDATION.contains(&name.as_str()) {
                    found.push(format!(
                        "{}:{}: crate::{name}",
                        file.strip_prefix(&src).expect("under src").display(),
                        n + 1
                    ));
                }
            }
        }
    }
    found
}

#[test]
fn the_grammar_layer_imports_no_module_that_uses_it() {
    let found = foreign_imports();
    assert!(
        found.is_empty(),
        "src/grammar must import only {FOUNDATION:?}; these lines reach other modules (give \
         the grammar what it needs through its world, or move the code next to its user):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_scan_sees_every_form_of_import() {
    let at = |p: &str| p.split("::").map(String::from).collect::<Vec<_>>();
    assert_eq!(
        crate_modules(
            "        Some(i) => crate::zone::is_target(s, i, y),",
            &at("grammar::eval")
        ),
        ["zone"]
    );
    assert_eq!(
        crate_modules(
            "use crate::{board::Point, play::Game};",
            &at("grammar::eval")
        ),
        ["board", "play"]
    );
    assert_eq!(
        crate_modules("use super::super::zone::Zone;", &at("grammar::check")),
        ["zone"]
    );
    // Inside the grammar module: not a crate-level name.
    assert!(
        crate_modules(
            "use super::super::value::Value;",
            &at("grammar::check::expr")
        )
        .is_empty()
    );
    assert!(crate_modules("use super::value::Value;", &at("grammar::eval")).is_empty());
    assert!(crate_modules("    use super::*;", &at("grammar")).is_empty());
    assert!(crate_modules("let my_crate::zone = 1;", &at("grammar::eval")).is_empty());
}
