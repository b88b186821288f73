//! The defaults of the `game` block are those docs/play-and-search.md §1 shows: its example
//! block, which writes every rule out with its default, is the same game as an empty block; and
//! a deadlock is a draw unless the block says `deadlock count` (Pawned's rule).

use lingeo::play::game::Game;
use lingeo::play::rules::{Deadlock, Rules};
use lingeo::play::search::{SearchOptions, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn game(text: &str) -> Game {
    Game::new(Scenario::parse("t.scenario", text).expect("scenario parses")).expect("a game")
}

#[test]
fn the_documented_defaults_are_the_defaults() {
    let doc = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/play-and-search.md"),
    )
    .unwrap();
    let section = &doc[doc.find("## 1. Rules of play").unwrap()..];
    assert!(section.contains("the defaults are those of\nthe first column"));
    let block = section
        .split("```scenario\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .unwrap();
    let start = block.find("game {").unwrap();
    let end = start + block[start..].find("\n}").unwrap() + 2;
    let written = game(block);
    let empty = game(&format!("{}game {{}}{}", &block[..start], &block[end..]));
    assert_eq!(written.rules, empty.rules);
    assert_eq!(empty.rules, Rules::default());
    assert_eq!(empty.rules.deadlock, Deadlock::Draw);
}

#[test]
fn a_deadlock_draws_unless_the_block_counts_the_pieces() {
    // Neither side can move from the start: White's pawn is blocked, its target never moves,
    // Black's pawn is blocked. White has two pieces, Black one.
    let position = "board 1x3\ntype TARGET { value 1 }\nwhite pawn at a1\nblack pawn at a2\n\
                    white TARGET at a3\ngoal a3 for black\n";
    for (block, value) in [("game {}", 0), ("game { deadlock count }", 1)] {
        let g = game(&format!("{position}{block}\n"));
        let r = alphabeta::search(&g, &State::initial(&g), &SearchOptions::default());
        assert_eq!(r.value, Some(value), "{block}");
    }
}
