//! Learns the rules of the learned evaluation (docs/players.md §7) on Pawned and writes them:
//! explanations of the fuzzy evaluation generalised into rules, with degrees read off positions
//! the solver decides. Seeded, so every run writes the same bytes; the repository ships its
//! output, `learned/pawned.rules`, and a test checks that it is this program's.
//!
//! ```text
//! cargo run --release --example learn_rules                      # writes learned/pawned.rules
//! cargo run --release --example learn_rules -- --out other.rules --games 100
//! ```

use std::path::PathBuf;

use clap::Parser;
use lingeo::play::game::Game;
use lingeo::play::players::learned::SHIPPED_PATH;
use lingeo::play::players::learning::{LearnOptions, learn, origin};
use lingeo::scenario::Scenario;

#[derive(Parser)]
struct Args {
    /// The scenario to learn on.
    #[arg(long, default_value = "examples/pawned.scenario")]
    scenario: PathBuf,
    /// Where to write the rules.
    #[arg(long, default_value = SHIPPED_PATH)]
    out: PathBuf,
    /// Random games, one position taken from each.
    #[arg(long, default_value_t = LearnOptions::default().games)]
    games: u32,
    #[arg(long, default_value_t = LearnOptions::default().seed)]
    seed: u64,
}

fn main() -> Result<(), String> {
    let args = Args::parse();
    let scenario = Scenario::load(&args.scenario).map_err(|e| e.to_string())?;
    let game = Game::new(scenario).map_err(|e| e.to_string())?;
    let options = LearnOptions {
        games: args.games,
        seed: args.seed,
        ..LearnOptions::default()
    };
    let (book, report) = learn(&game, &options);
    let source = origin(&args.scenario.display().to_string(), &options);
    std::fs::write(&args.out, book.to_text(&source))
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    eprintln!(
        "{} positions, {} solved, {} explanations, {} rules written to {}",
        report.positions,
        report.solved,
        report.explanations,
        book.rules.len(),
        args.out.display()
    );
    Ok(())
}
