//! `lingeo perft --fen FEN --depth D [--divide] [--json]`, or `lingeo perft SCENARIO --depth D`:
//! the leaves of the tree of legal moves to a depth (docs/play-and-search.md §1.6), with the
//! leaves under each first move (`--divide`).

use std::path::PathBuf;

use clap::Args;
use lingeo::api::PerftRequest;
use lingeo::api::perft::{perft_game, perft_of};

use super::schema_args::{Flags, Options};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The scenario file, with a `game { ... }` block (or give the position with --fen).
    pub scenario: Option<PathBuf>,
    /// Print JSON: `{"nodes": N, "depth": D, "fen": ..., "divide": [{"move": ..., "nodes": N}]}`.
    #[arg(long)]
    pub json: bool,
    /// The count's options: the fields of `lingeo::api::PerftRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<PerftRequest>,
}

/// What `lingeo perft` spells its own way: the request's fields are its flags.
impl Flags for PerftRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("time", "SECONDS"), ("fen", "FEN"), ("depth", "PLIES")];
}

pub fn run(args: &PerftArgs) -> Result<Report, CliError> {
    let request = args.options.request()?;
    let spell =
        |e: lingeo::api::ApiError| CliError(PerftRequest::spell(&super::setup::api_error(e).0));
    let scenario = match &args.scenario {
        Some(path) => Some(super::setup::load(path)?),
        None => None,
    };
    let game = perft_game(&request, scenario.as_ref()).map_err(spell)?;
    let result = perft_of(&game, &request).map_err(spell)?;
    if args.json {
        return super::json::to_string(&result).map(Report::from);
    }
    let mut out = String::new();
    for row in &result.divide {
        out.push_str(&format!("{}: {}\n", row.mv, row.nodes));
    }
    if !result.divide.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!(
        "perft {}: {} {}\n",
        result.depth,
        result.nodes,
        if result.nodes == 1 { "leaf" } else { "leaves" }
    ));
    Ok(Report::from(out))
}
