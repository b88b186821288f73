//! `lingeo match SCENARIO --white SPEC --black SPEC --games N`: two engines play each other
//! (docs/players.md §4).

use std::path::PathBuf;

use clap::Args;
use lingeo::api::MatchJson;
use lingeo::play::players::matches::{self, EngineSpec, SpecError, SpecFiles};
use lingeo::render;

use super::play::load_game;
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The scenario file; it needs a `game { ... }` block.
    pub scenario: PathBuf,
    /// The first engine: comma-separated `key=value` (eval=material|fuzzy|learned, depth=D or
    /// nodes=N, ordering=none|history|killer|zones|chessmaps|patterns, horizon=H,
    /// rules=FILE with eval=learned, network=FILE with ordering=chessmaps; docs/players.md §4);
    /// it plays White in the first game of each opening. Default:
    /// eval=material,depth=4,ordering=killer.
    #[arg(long, default_value = "")]
    pub white: String,
    /// The second engine, written the same way; it plays Black in the first game of each
    /// opening.
    #[arg(long, default_value = "")]
    pub black: String,
    /// Games to play: the openings in order, each twice with the colours swapped (from the
    /// first again when they run out).
    #[arg(long, default_value_t = 20)]
    pub games: u32,
    /// Play the games on this many threads at once (the output is the same as with one).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    pub jobs: u64,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// The folder a spec's relative `rules=` and `network=` files are read from: empty (the
    /// current folder) on the command line, the case file's folder under `lingeo test`, as for
    /// every other path of a case.
    #[arg(skip)]
    pub base: PathBuf,
    #[command(flatten)]
    pub memory: super::limits::MemoryArg,
}

pub fn run(args: &MatchArgs) -> Result<Report, CliError> {
    // A spec's files are read as `search --rules` and `--network` read theirs.
    let files = SpecFiles {
        rules: &|path| super::files::rules(&args.base.join(path)).map_err(|e| SpecError::File(e.0)),
        network: &|path| {
            super::files::network(&args.base.join(path)).map_err(|e| SpecError::File(e.0))
        },
    };
    let spec = |flag: &str, text: &str| {
        EngineSpec::parse_with(text, &files).map_err(|e| {
            let e = e.to_string();
            CliError(if e.ends_with('\n') {
                // A rules file's rendered diagnostics: which spec named the file on a line of its
                // own, then the diagnostics as they are.
                format!("error: {flag}: in a file the spec names\n{e}")
            } else {
                format!("{flag}: {e}")
            })
        })
    };
    let a = spec("--white", &args.white)?;
    let b = spec("--black", &args.black)?;
    if args.games == 0 {
        return Err(CliError("--games must be at least 1".to_string()));
    }
    let game = load_game(&args.scenario)?;
    let openings = matches::openings(&game).len();
    let total = args.games;
    let bars = super::progress::Bars::new();
    let played = matches::run_jobs(&game, &a, &b, total, &bars, args.jobs as usize)
        .map_err(|e| CliError(e.to_string()))?;
    let score = played.score;
    // A game that could not be finished stops the match: the score is the finished games'.
    let stopped = played.stopped.as_ref().map(super::setup::match_stop_hint);
    let report = |text: String| match &stopped {
        Some(why) => Report::gave_up(
            text,
            format!(
                "{why}; the score is of the {} before it",
                render::counted(u128::from(score.games()), "game", "games")
            ),
        ),
        None => Report::from(text),
    };
    let elo = score.elo();
    if args.json {
        return super::json::to_string(&MatchJson::of(&a, &b, total, openings, &played))
            .map(report);
    }
    let elo_text = match elo {
        Some((e, err)) => format!("{e:+.0} ± {err:.0}"),
        None if score.wins > 0 => "+inf (every game won)".to_string(),
        None if score.losses > 0 => "-inf (every game lost)".to_string(),
        None => "none (no game finished)".to_string(),
    };
    let stopped = stopped.as_ref().map_or_else(String::new, |why| {
        format!(
            "{why}: {} finished\n",
            render::counted(u128::from(score.games()), "game", "games")
        )
    });
    Ok(report(format!(
        "{}: {} {}\n\
         first:  {a}\nsecond: {b}\n\
         {stopped}\
         first engine: {}, {}, {}, score {:.3}\n\
         Elo difference (first - second): {elo_text} (95%)\n",
        args.scenario.display(),
        render::counted(u128::from(total), "game", "games"),
        matches::schedule(total, openings),
        render::counted(u128::from(score.wins), "win", "wins"),
        render::counted(u128::from(score.draws), "draw", "draws"),
        render::counted(u128::from(score.losses), "loss", "losses"),
        score.fraction()
    )))
}
