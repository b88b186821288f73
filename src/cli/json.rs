//! JSON output (`--json`): [`lingeo::json`]'s text, its failures as the CLI reports them.

use lingeo::json::Unprinted;
use serde::Serialize;

use super::CliError;

/// Why a value was not printed, as the CLI reports it: past the memory limit, with the option
/// that raises it.
fn unprinted(e: Unprinted) -> CliError {
    match e {
        Unprinted::Exceeded(e) => super::setup::exceeded(e),
        Unprinted::Invalid(e) => CliError(e),
    }
}

/// `value` as the CLI prints it, with a final newline.
pub fn to_string(value: &impl Serialize) -> Result<String, CliError> {
    lingeo::json::print(value).map_err(unprinted)
}
