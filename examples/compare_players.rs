//! The players' comparison of docs/players.md §4: matches between evaluations and between move
//! orderings on Pawned, written as a CSV and a chart.
//!
//! ```text
//! cargo run --release --example compare_players -- --games 200 --out target/players
//! cargo run --release --example compare_players -- --quick        # a few games, for CI
//! ```
//!
//! Pairings, each played by `lingeo match`'s rules (`lingeo::play::players::matches`, the
//! openings in turn, each with both colours):
//! - evaluations at equal depth (`--depth`, default 4, killer ordering): fuzzy against
//!   material, learned against material;
//! - orderings at equal node budget (`--nodes`, default 20000, material evaluation): every
//!   ordering of `Ordering::NAMES` but the default (killer) against the default.
//!
//! `--out DIR` (default `target/players`) receives `players.csv` (one row per pairing: first,
//! second (the specs, quoted: they hold commas), games, wins, draws, losses, score, elo,
//! elo_error; elo empty where unbounded) and
//! `players.svg` (the first engine's points per game, per pairing, with its Elo difference).
//! Progress goes to stderr; stdout holds the table.

use std::fmt::Write as _;
use std::path::PathBuf;

use clap::Parser;
use lingeo::chart::{BarChart, Series, bar_chart};
use lingeo::play::game::Game;
use lingeo::play::players::matches::{self, EngineSpec, Score};
use lingeo::play::search::Ordering;
use lingeo::scenario::Scenario;

#[derive(Parser)]
struct Args {
    #[arg(long, default_value = "examples/pawned.scenario")]
    scenario: PathBuf,
    /// Games per pairing.
    #[arg(long, default_value_t = 200)]
    games: u32,
    /// The depth of the evaluations' matches.
    #[arg(long, default_value_t = 4)]
    depth: u32,
    /// The node budget of the orderings' matches.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// A few short games per pairing (4 games, depth 2, 2000 nodes), for CI.
    #[arg(long)]
    quick: bool,
    /// Only the pairings whose name contains this text.
    #[arg(long)]
    only: Option<String>,
    #[arg(long, default_value = "target/players")]
    out: PathBuf,
}

fn main() -> Result<(), String> {
    let mut args = Args::parse();
    if args.quick {
        (args.games, args.depth, args.nodes) = (4, 2, 2000);
    }
    if args.games == 0 {
        return Err("--games must be at least 1".to_string());
    }
    let scenario = Scenario::load(&args.scenario).map_err(|e| e.to_string())?;
    let game = Game::new(scenario).map_err(|e| e.to_string())?;
    let depth = args.depth;
    let nodes = args.nodes;
    let mut pairings: Vec<(String, String)> = vec![
        (
            format!("eval=fuzzy,depth={depth}"),
            format!("eval=material,depth={depth}"),
        ),
        (
            format!("eval=learned,depth={depth}"),
            format!("eval=material,depth={depth}"),
        ),
    ];
    let default = EngineSpec::default().ordering.name();
    for name in Ordering::NAMES.iter().filter(|n| **n != default) {
        pairings.push((
            format!("eval=material,nodes={nodes},ordering={name}"),
            format!("eval=material,nodes={nodes},ordering={default}"),
        ));
    }
    let mut csv = String::from("first,second,games,wins,draws,losses,score,elo,elo_error\n");
    let mut categories = Vec::new();
    let mut scores = Vec::new();
    let mut notes = Vec::new();
    println!(
        "{:<100} {:>5} {:>13} {:>6} {:>12}",
        "pairing", "games", "+ = -", "score", "Elo"
    );
    for (a, b) in &pairings {
        let spec = |text: &str| EngineSpec::parse(text).map_err(|e| format!("`{text}`: {e}"));
        let (sa, sb) = (spec(a)?, spec(b)?);
        let name = format!("{sa} vs {sb}");
        if args
            .only
            .as_ref()
            .is_some_and(|o| !name.contains(o.as_str()))
        {
            continue;
        }
        eprintln!("{name}");
        let played = matches::run(&game, &sa, &sb, args.games, &GamesBar::new())
            .map_err(|e| e.to_string())?;
        if let Some(why) = played.stopped {
            return Err(format!("{name}: {why}"));
        }
        let score: Score = played.score;
        // `+ 0.0` turns −0 into 0, which prints without its sign.
        let elo = score.elo().map(|(e, err)| (e + 0.0, err));
        let elo_text = elo.map_or("unbounded".to_string(), |(e, err)| {
            format!("{e:+.0} ± {err:.0}")
        });
        println!(
            "{name:<100} {:>5} {:>13} {:>6.3} {elo_text:>12}",
            score.games(),
            format!("{}/{}/{}", score.wins, score.draws, score.losses),
            score.fraction()
        );
        let _ = writeln!(
            csv,
            "\"{sa}\",\"{sb}\",{},{},{},{},{:.4},{},{}",
            score.games(),
            score.wins,
            score.draws,
            score.losses,
            score.fraction(),
            elo.map_or(String::new(), |e| format!("{:.1}", e.0)),
            elo.map_or(String::new(), |e| format!("{:.1}", e.1)),
        );
        categories.push(format!("{} vs {}", short(&sa), short(&sb)));
        scores.push(score.fraction());
        notes.push(format!("Elo {elo_text}"));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let chart = BarChart {
        title: format!("Matches on {}", args.scenario.display()),
        y_label: "points per game of the first engine".to_string(),
        categories,
        series: vec![Series {
            name: "first engine".to_string(),
            values: scores,
        }],
        log_scale: false,
        notes,
        caption: vec![format!(
            "{} games per pairing; evaluations at depth {depth}, orderings at {nodes} nodes \
             (examples/compare_players.rs); 0.5 is an even match",
            args.games
        )],
        compact: false,
    };
    for (file, text) in [("players.csv", csv), ("players.svg", bar_chart(&chart))] {
        let path = args.out.join(file);
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    Ok(())
}

/// An engine in a few words: its evaluation, or its ordering when the evaluation is material
/// and the budget is in nodes.
fn short(spec: &EngineSpec) -> String {
    if spec.nodes.is_some() {
        spec.ordering.name().to_string()
    } else {
        spec.eval.name().to_string()
    }
}

/// The games of one match as a bar on stderr (hidden where stderr is not a terminal).
struct GamesBar(indicatif::ProgressBar);

impl GamesBar {
    fn new() -> GamesBar {
        let bar =
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) = indicatif::ProgressStyle::with_template("  [{bar:30}] {pos}/{len} {msg}")
        {
            bar.set_style(style.progress_chars("=> "));
        }
        GamesBar(bar)
    }
}

impl lingeo::progress::Progress for GamesBar {
    fn start(&self, total: Option<u64>, _what: &str) {
        if let Some(n) = total {
            self.0.set_length(n);
        }
    }
    fn advance(&self, n: u64) {
        self.0.inc(n);
    }
    fn message(&self, text: &str) {
        self.0.set_message(text.to_string());
    }
    fn finish(&self) {
        self.0.finish_and_clear();
    }
}
