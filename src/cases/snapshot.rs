//! A case's snapshot: the text file its output is held to, compared or (with `--bless`)
//! written.

use std::io;
use std::path::Path;

/// How an output stands against its snapshot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The output is the snapshot.
    Same,
    /// There is no snapshot yet.
    Missing,
    /// The unified diff from the snapshot to the output.
    Differs(String),
}

/// Compares `output` with the snapshot at `path`.
pub fn check(path: &Path, output: &str) -> io::Result<Check> {
    match std::fs::read_to_string(path) {
        Ok(old) if old == output => Ok(Check::Same),
        Ok(old) => Ok(Check::Differs(super::diff::unified(
            &old, output, "snapshot", "output",
        ))),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Check::Missing),
        Err(e) => Err(e),
    }
}

/// Writes the snapshot, making its folder.
pub fn write(path: &Path, output: &str) -> io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    std::fs::write(path, output)
}
