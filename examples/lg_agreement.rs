//! LG against the solver (issue 27; docs/lg-search.md "Agreement with the solver"): on the
//! shipped games (the start and every first move) and on random small games, the LG search's
//! value beside the value alpha-beta proves, with the sizes of both searches, as Markdown.
//!
//! ```text
//! cargo run --release --example lg_agreement                 # the tables of docs/lg-search.md
//! cargo run --release --example lg_agreement -- --quick      # a small set (seconds)
//! cargo run --release --example lg_agreement -- --seeds 50 --leaf zero
//! ```
//!
//! Options: `--quick` (shipped games without the deep column, 10 random games a family, small
//! budgets), `--seeds N` (random games per family, default 120), `--deep D` (the second LG
//! depth, default 14; 0: none), `--leaf zero|zones` (how LG values leaves that do not end the
//! game), `--no-domination` (attack zones only), `--jobs N` (the positions and games on N
//! threads; the same tables), `--no-games` (the random games only), `--family NAME` (that
//! family's random games only; repeatable: `2D/4A-like`, `Pawned-like`, `Pawned-files`),
//! `--show SEED` (print the scenario of the random game SEED of each family asked, and stop),
//! `--zone-moves-only` (LG as before issue 50: zone moves only, no refutation check).

use std::time::Duration;

use lingeo::play::agreement::{self, Budgets, Family};
use lingeo::play::search::lg::{Leaf, LgOptions};

fn main() {
    let mut quick = false;
    let mut seeds: u64 = 120;
    let mut deep: u32 = 14;
    let mut jobs: usize = 1;
    let mut lg = LgOptions::default();
    let mut skip_games = false;
    let mut only: Vec<Family> = Vec::new();
    let mut show: Option<u64> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut number = |what: &str| -> u64 {
            args.next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| fail(&format!("{what} needs a number")))
        };
        match a.as_str() {
            "--quick" => quick = true,
            "--seeds" => seeds = number("--seeds"),
            "--jobs" => jobs = number("--jobs") as usize,
            "--deep" => deep = number("--deep") as u32,
            "--no-domination" => lg.domination = Some(false),
            "--domination" => lg.domination = Some(true),
            "--race" => lg.race = Some(number("--race") as u32),
            "--no-games" => skip_games = true,
            "--zone-moves-only" => lg.zone_moves_only = true,
            "--show" => show = Some(number("--show")),
            "--family" => {
                let name = args.next().unwrap_or_default();
                match Family::all().into_iter().find(|f| f.name() == name) {
                    Some(f) => only.push(f),
                    None => fail(&format!(
                        "--family needs one of {}",
                        Family::all().map(Family::name).join(", ")
                    )),
                }
            }
            "--leaf" => {
                lg.leaf = match args.next().as_deref() {
                    Some("zero") => Leaf::Zero,
                    Some("zones") => Leaf::Zones,
                    _ => fail("--leaf needs zero or zones"),
                }
            }
            other => fail(&format!("unknown argument {other}")),
        }
    }
    if let Some(seed) = show {
        for f in Family::all()
            .into_iter()
            .filter(|f| only.is_empty() || only.contains(f))
        {
            println!("# {} seed {seed}", f.name());
            print!("{}", agreement::random_game(f, seed));
        }
        return;
    }
    let budgets = if quick {
        Budgets {
            solve_nodes: 300_000,
            lg_nodes: 5_000,
            lg_time: Duration::from_secs(5),
            max_zones: None,
        }
    } else {
        Budgets {
            solve_nodes: 3_000_000,
            lg_nodes: 100_000,
            lg_time: Duration::from_secs(20),
            max_zones: None,
        }
    };
    let (seeds, deep) = if quick {
        (10, None)
    } else {
        (seeds, (deep > 0).then_some(deep))
    };
    let games = ["examples/robot-2d4a.scenario", "examples/reti.scenario"];
    for path in games.into_iter().filter(|_| !skip_games) {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
        let game = agreement::game_of(path, &text).unwrap_or_else(|e| fail(&e.to_string()));
        let rows = agreement::game_rows_jobs(&game, deep, &lg, &budgets, jobs);
        println!("### `{path}`\n");
        print!("{}", agreement::game_table(&rows, deep));
        println!();
    }
    // The source's quoted lines against the whole reduced tree (no pruning) at the default depth.
    let path = "examples/robot-2d4a.scenario";
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| fail(&format!("{path}: {e}")));
    let game = agreement::game_of(path, &text).unwrap_or_else(|e| fail(&e.to_string()));
    let lines = std::fs::read_to_string("tests/data/source-2d4a-lines.txt")
        .unwrap_or_else(|e| fail(&format!("tests/data/source-2d4a-lines.txt: {e}")));
    // Without the race extension: with it the whole tree is tens of thousands of moves.
    let whole = LgOptions {
        full_tree: true,
        race: Some(0),
        ..lg.clone()
    };
    let root = lingeo::play::state::State::initial(&game);
    let options = lingeo::play::search::SearchOptions::default();
    let whole_tree =
        (!skip_games).then(|| lingeo::play::search::lg::search(&game, &root, &options, &whole));
    match whole_tree {
        None => {}
        Some(Ok(r)) => {
            println!(
                "### The source's lines in the whole reduced tree of `{path}` ({} moves, depth {})\n",
                r.tree.moves(),
                r.depth
            );
            print!(
                "{}",
                agreement::source_table(&agreement::source_lines(&game, &r.tree, &lines))
            );
            println!();
        }
        Some(Err(e)) => fail(&e.to_string()),
    }
    let families: Vec<_> = Family::all()
        .into_iter()
        .filter(|f| only.is_empty() || only.contains(f))
        .map(|f| {
            (
                f,
                agreement::random_rows_jobs(f, 0..seeds, &lg, &budgets, jobs),
            )
        })
        .collect();
    let boards: Vec<String> = families
        .iter()
        .map(|(f, _)| format!("{} {}", f.name(), f.boards()))
        .collect();
    println!(
        "### Random small games (seeds 0..{seeds}; boards: {})\n",
        boards.join(", ")
    );
    print!("{}", agreement::random_table(&families));
}

fn fail(why: &str) -> ! {
    eprintln!("lg_agreement: {why}");
    std::process::exit(2)
}
