//! Move orderings on chess middlegames (issue 47 item 7, docs/players.md §6): alpha-beta's
//! positions at a fixed depth on a fixed set of middlegame positions from lingeo's own games,
//! by ordering: none, history, killer, MVV-LVA, and Chessmaps with the seeds' network and with
//! the network trained on chess (`lingeo-train --chess`, the one `--ordering chessmaps` takes on
//! chess positions).
//!
//! ```text
//! cargo run --release --example chess_orderings                 # the table (Markdown)
//! cargo run --release --example chess_orderings -- --positions  # the positions, one FEN a line
//! cargo run --release --example chess_orderings -- --depth 5
//! ```
//!
//! The positions: 60 games from the start position, seed 47; at each ply the side to move
//! plays alpha-beta's best move at depth 2 (material, quiescence, killer) three times in four
//! and a random legal move otherwise, for 20 to 30 plies; the position reached is kept when the
//! game is not over, the side to move is not in check and each side has at least 10 pieces.
//! Same seed, same positions. Every ordering must reach the same score on each position (the
//! example stops otherwise); the table gives the positions visited in all and the positions on
//! which each ordering visited the fewest.

use std::sync::Arc;

use lingeo::play::game::Game;
use lingeo::play::players::chessmaps::Network;
use lingeo::play::search::{Ordering, SearchOptions, alphabeta};
use lingeo::play::state::{Move, State};
use lingeo::random::SplitMix;
use lingeo::scenario::Scenario;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const GAMES: usize = 60;
const SEED: u64 = 47;

/// The middlegame positions of the set.
fn positions(game: &Game) -> Vec<State> {
    let mut rng = SplitMix(SEED);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let options = SearchOptions {
        depth: Some(2),
        ordering: Ordering::Killer,
        tt_mb: 1,
        ..SearchOptions::default()
    };
    for _ in 0..GAMES {
        let mut state = State::initial(game);
        let plies = 20 + rng.below(11) as usize;
        let mut over = false;
        for _ in 0..plies {
            state.successors(game, &mut moves);
            if state.outcome.is_some() || moves.is_empty() {
                over = true;
                break;
            }
            let mv: Move = if rng.below(4) < 3 {
                let r = alphabeta::search(game, &state, &options);
                r.pv.first().copied().unwrap_or(moves[0])
            } else {
                moves[rng.below(moves.len() as u64) as usize]
            };
            state.make(game, mv);
        }
        state.successors(game, &mut moves);
        let pieces = |side| {
            (0..game.piece_count())
                .filter(|&i| state.at[i].is_some() && game.scenario.pieces[i].side == side)
                .count()
        };
        let in_check = state.royal_attacked(game, state.to_move);
        if !over
            && state.outcome.is_none()
            && !in_check
            && pieces(lingeo::piece::Side::White) >= 10
            && pieces(lingeo::piece::Side::Black) >= 10
        {
            out.push(state);
        }
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args
        .iter()
        .position(|a| a == "--depth")
        .and_then(|i| args.get(i + 1))
        .map(|d| d.parse().expect("--depth N"))
        .unwrap_or(4);
    let game = Game::new(Scenario::from_fen(START).unwrap()).unwrap();
    let set = positions(&game);
    if args.iter().any(|a| a == "--positions") {
        for state in &set {
            let (scenario, _) = state.scenario(&game);
            println!("{}", scenario.to_fen().unwrap());
        }
        return;
    }
    let seeds = Network::shipped();
    let chess = Network::shipped_for(&game);
    let orderings: [(&str, Ordering, Option<Arc<Network>>); 6] = [
        ("none", Ordering::None, None),
        ("history", Ordering::History, None),
        ("killer", Ordering::Killer, None),
        ("mvv-lva", Ordering::MvvLva, None),
        (
            "chessmaps (seeds' network)",
            Ordering::Chessmaps,
            Some(seeds),
        ),
        (
            "chessmaps (chess network)",
            Ordering::Chessmaps,
            Some(chess),
        ),
    ];
    let mut totals = [0u64; 6];
    let mut fewest = [0usize; 6];
    let mut cpu = [0f64; 6];
    for (k, state) in set.iter().enumerate() {
        let mut nodes = [0u64; 6];
        let mut score = None;
        for (o, (name, ordering, network)) in orderings.iter().enumerate() {
            let options = SearchOptions {
                depth: Some(depth),
                ordering: *ordering,
                network: network.clone(),
                tt_mb: 16,
                ..SearchOptions::default()
            };
            let r = alphabeta::search(&game, state, &options);
            match score {
                None => score = Some(r.score),
                Some(s) => assert_eq!(s, r.score, "position {k}: {name} scores otherwise"),
            }
            nodes[o] = r.nodes;
            totals[o] += r.nodes;
            cpu[o] += r.cpu_time.unwrap_or(r.time).as_secs_f64();
        }
        let min = *nodes.iter().min().unwrap();
        for o in 0..6 {
            if nodes[o] == min {
                fewest[o] += 1;
            }
        }
    }
    println!(
        "{} middlegame positions (seed {SEED}), alpha-beta to depth {depth} (material, \
         quiescence), 16 MiB table:\n",
        set.len()
    );
    println!("| ordering | positions visited, in all | against killer | fewest on | CPU s |");
    println!("|---|---:|---:|---:|---:|");
    for (o, (name, _, _)) in orderings.iter().enumerate() {
        println!(
            "| {name} | {} | {:+.1}% | {} | {:.2} |",
            totals[o],
            100.0 * (totals[o] as f64 / totals[2] as f64 - 1.0),
            fewest[o],
            cpu[o]
        );
    }
}
