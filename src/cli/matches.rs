//! `lingeo match SCENARIO --white SPEC --black SPEC --games N`: two engines play each other
//! (docs/players.md §4).

use std::path::PathBuf;

use clap::Args;
use lingeo::api::{MatchJson, MatchRequest};
use lingeo::play::players::matches::{self, EngineSpec, SpecError, SpecFiles};
use lingeo::render;

use super::play::load_game;
use super::schema_args::{Flags, Options};
use super::{CliError, Report};

#[derive(Args, Debug)]
pub struct MatchArgs {
    /// The position: a scenario file, or --fen.
    #[command(flatten)]
    pub position: super::setup::Position,
    /// Print JSON.
    #[arg(long)]
    pub json: bool,
    /// Write the finished games into FILE as PGN (games under `rules chess` only): the Seven
    /// Tag Roster (Event "lingeo match", Site "lingeo", Date "????.??.??", Round the game's
    /// number in the schedule, White and Black the engines' specs, Result), with SetUp and FEN
    /// where the position is not the standard start, then the moves in SAN.
    #[arg(long = "pgn", id = "pgn_out", value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// The folder a spec's relative `rules=` and `network=` files are read from: empty (the
    /// current folder) on the command line, the case file's folder under `lingeo test`, as for
    /// every other path of a case.
    #[arg(skip)]
    pub base: PathBuf,
    /// The match's options: the fields of `lingeo::api::MatchRequest`, one flag each.
    #[command(flatten)]
    pub options: Options<MatchRequest>,
}

/// What `lingeo match` spells its own way: the request's fields are its flags.
impl Flags for MatchRequest {
    const VALUE_NAMES: &'static [(&'static str, &'static str)] =
        &[("time", "SECONDS"), ("max_memory", "MIB")];
}

pub fn run(args: &MatchArgs) -> Result<Report, CliError> {
    let request = args.options.request()?;
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
    let a = spec("--white", &request.white)?;
    let b = spec("--black", &request.black)?;
    let game = load_game(&args.position)?;
    if args.pgn.is_some() && !lingeo::play::notation::is_chess(&game) {
        return Err(CliError(format!(
            "--pgn: {}",
            lingeo::play::notation::pgn::PgnWriteError::NotChess
        )));
    }
    let openings = matches::openings(&game).len();
    let total = request.games;
    let bars = super::progress::Bars::new();
    // `check` has made sure `first + games` fits.
    let range = request.first..request.first.saturating_add(total);
    let played = lingeo::api::request::within_time_partial(request.time, || {
        matches::run_range(&game, &a, &b, range, &bars, request.jobs)
    })
    .map_err(|e| CliError(e.to_string()))?;
    if let Some(path) = &args.pgn {
        super::files::write("--pgn", path, pgn(&game, &a, &b, &played)?)?;
    }
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
    // A part of a match (`--first`) says which of the schedule's games it played.
    let part = match request.first {
        0 => String::new(),
        first => format!(
            "the games {} to {} of the match's schedule\n",
            first + 1,
            first.saturating_add(total)
        ),
    };
    Ok(report(format!(
        "{}: {} {}\n\
         {part}\
         first:  {a}\nsecond: {b}\n\
         {stopped}\
         first engine: {}, {}, {}, score {:.3}\n\
         Elo difference (first - second): {elo_text} (95%)\n",
        args.position.name(),
        render::counted(u128::from(total), "game", "games"),
        matches::schedule(total, openings),
        render::counted(u128::from(score.wins), "win", "wins"),
        render::counted(u128::from(score.draws), "draw", "draws"),
        render::counted(u128::from(score.losses), "loss", "losses"),
        score.fraction()
    )))
}

/// The finished games of a match as PGN, one after another in the schedule's order.
fn pgn(
    game: &lingeo::play::game::Game,
    a: &EngineSpec,
    b: &EngineSpec,
    played: &matches::Played,
) -> Result<String, CliError> {
    use lingeo::play::notation::pgn;
    let mut out = String::new();
    for g in &played.games {
        let (white, black) = if g.first_white { (a, b) } else { (b, a) };
        let tags = [
            ("Event", "lingeo match".to_string()),
            ("Site", "lingeo".to_string()),
            ("Round", (g.number + 1).to_string()),
            ("White", white.to_string()),
            ("Black", black.to_string()),
        ];
        let text = pgn::write(game, &tags, &g.moves, pgn::result_token(Some(g.value)))
            .map_err(|e| CliError(format!("--pgn: {e}")))?;
        out.push_str(&text);
    }
    Ok(out)
}
