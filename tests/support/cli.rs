//! The CLI as a child process run from the repository root, and the tables of its cases
//! (`tests/cli.cases`, `tests/play.cases`). Shared by the trials (tests/trials/cli.rs and
//! tests/trials/play.rs: one trial per case) and tests/it/cli.rs (two runs of each grammar case
//! agree).

use std::path::Path;
use std::process::Command;

/// `lingeo ARGS` from the repository root: the command line, its exit code, stdout and stderr.
pub fn run(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the lingeo binary runs");
    format!(
        "$ lingeo {}\nexit: {}\n--- stdout\n{}--- stderr\n{}",
        args.join(" "),
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Splits a case's arguments at spaces, keeping `'quoted parts'` together.
pub fn split(args: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for ch in args.chars() {
        match ch {
            '\'' => quoted = !quoted,
            ' ' if !quoted => {
                if !current.is_empty() {
                    out.push(std::mem::take(&mut current));
                }
            }
            _ => current.push(ch),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// A line of a table of cases (`tests/cli.cases`, `tests/play.cases`).
#[allow(dead_code)] // tests/it/cli.rs reads only the arguments
pub struct Case {
    /// The snapshot's name.
    pub name: String,
    pub code: i32,
    pub args: String,
}

/// The cases of `tests/cli.cases`, in file order; a malformed line panics with its number.
pub fn cases() -> Vec<Case> {
    cases_in("tests/cli.cases")
}

/// The cases of the table `file` (a path from the repository root), in file order; a malformed
/// line panics with its place.
pub fn cases_in(file: &str) -> Vec<Case> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.trim_start().starts_with('#') {
            continue;
        }
        let at = format!("{file}:{}", i + 1);
        let mut cols = line.splitn(3, '|').map(str::trim);
        let (Some(name), Some(code), Some(args)) = (cols.next(), cols.next(), cols.next()) else {
            panic!("{at}: three columns, `name | exit code | arguments`");
        };
        let code = code
            .parse()
            .unwrap_or_else(|_| panic!("{at}: exit code {code:?}"));
        assert!(
            cases.iter().all(|c| c.name != name),
            "{at}: `{name}` twice (it names a snapshot)"
        );
        cases.push(Case {
            name: name.to_string(),
            code,
            args: args.to_string(),
        });
    }
    cases
}
