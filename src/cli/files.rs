//! Where a command's input files come from and where its pictures go: the disk. (`lingeo
//! serve` calls `lingeo::api` and draws its own pictures, src/serve/answer.rs.)

use std::path::Path;

use lingeo::grammar::{Grammar, GrammarError};
use lingeo::play::players::chessmaps::Network;
use lingeo::play::players::rule_book::RuleBook;
use lingeo::scenario::{LoadError, Scenario};
use lingeo::syntax::read::read_source;

use super::CliError;

/// A scenario file, its diagnostics rendered.
pub fn scenario(path: &Path) -> Result<Scenario, CliError> {
    Scenario::load(path).map_err(|e| match e {
        LoadError::Invalid(errors) => CliError(errors.render()),
        other => CliError(other.to_string()),
    })
}

/// A file of learned rules (docs/players.md §7), its diagnostics rendered.
pub fn rules(path: &Path) -> Result<RuleBook, CliError> {
    let name = path.display().to_string();
    let text = lingeo::syntax::read_source(path).map_err(|e| match e {
        lingeo::syntax::ReadError::NotUtf8(errors) => CliError(errors.render()),
        other => CliError(format!("{name}: {other}")),
    })?;
    RuleBook::parse(&name, &text).map_err(|e| CliError(e.render()))
}

/// The weights of a Chessmaps network (`--network FILE`), its mistakes with their line.
pub fn network(path: &Path) -> Result<Network, CliError> {
    let text = read_source(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    Network::parse(&text).map_err(|e| CliError(format!("{}: {e}", path.display())))
}

/// A grammar file with its imports.
pub fn grammar(path: &Path) -> Result<Grammar, GrammarError> {
    Grammar::load(path)
}

/// Writes an output file given by `option` (`--svg FILE`, `--dot FILE`), which an error names.
pub fn write(option: &str, path: &Path, contents: String) -> Result<(), CliError> {
    std::fs::write(path, contents)
        .map_err(|e| CliError(format!("{option}: cannot write {}: {e}", path.display())))
}
