//! perft beside shakmaty's (issue 47 item 4): the price of lingeo's generic move model (rays per
//! class and point, pieces by index, legality by make and ask) against a chess-only generator
//! with bitboards. shakmaty is a dev-dependency, an oracle only (GPL: it never ships).
//!
//! Run with `cargo bench --bench perft`. Before criterion's runs, each perft is timed once on
//! its own (after one warm-up run) and the ratio printed, with the leaves, so that the figure
//! of docs/play-and-search.md §1.6 is read off the output:
//! `perft 5 start: lingeo 0.512 s, shakmaty 0.061 s, ratio 8.4 (4865609 leaves)`.

use std::hint::black_box;
use std::time::Duration;

mod common;
use common::timed_once;
use criterion::{Criterion, criterion_group, criterion_main};
use lingeo::play::game::Game;
use lingeo::play::perft::perft;
use lingeo::play::state::State;
use lingeo::scenario::Scenario;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess};

const POSITIONS: [(&str, &str, u32); 2] = [
    (
        "start",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        5,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        4,
    ),
];

fn lingeo_perft(game: &Game, root: &State, depth: u32) -> u64 {
    perft(game, root, depth).unwrap().nodes
}

fn shakmaty_perft(position: &Chess, depth: u32) -> u64 {
    shakmaty::perft(position, depth)
}

fn perft_beside_shakmaty(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    for (name, fen, depth) in POSITIONS {
        let game = Game::new(Scenario::from_fen(fen).unwrap()).unwrap();
        let root = State::initial(&game);
        let position: Chess = fen
            .parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        let (ours, ours_time) = timed_once(|| lingeo_perft(&game, &root, depth));
        let (theirs, theirs_time) = timed_once(|| shakmaty_perft(&position, depth));
        assert_eq!(ours, theirs, "{name}: perft {depth} differs");
        println!(
            "perft {depth} {name}: lingeo {:.3} s, shakmaty {:.3} s, ratio {:.1} ({ours} leaves)",
            ours_time.as_secs_f64(),
            theirs_time.as_secs_f64(),
            ours_time.as_secs_f64() / theirs_time.as_secs_f64()
        );
        group.bench_function(format!("lingeo {name} {depth}"), |b| {
            b.iter(|| lingeo_perft(&game, black_box(&root), depth))
        });
        group.bench_function(format!("shakmaty {name} {depth}"), |b| {
            b.iter(|| shakmaty_perft(black_box(&position), depth))
        });
    }
    group.finish();
}

/// Checkers from the start (issue 48, docs/semantics.md §7.4): the same move loop with the jumps
/// of `examples/checkers.scenario`; depth 10, the published table's last, is timed once and
/// printed, depth 9 measured. `benches/checkers.rs` sets it beside a specialised generator.
fn checkers(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/checkers.scenario");
    let game = Game::new(Scenario::load(std::path::Path::new(path)).unwrap()).unwrap();
    let root = State::initial(&game);
    let (leaves, time) = timed_once(|| lingeo_perft(&game, &root, 10));
    assert_eq!(
        leaves, 18_391_564,
        "checkers perft 10 differs from the published table"
    );
    println!(
        "perft 10 checkers: lingeo {:.3} s ({leaves} leaves)",
        time.as_secs_f64()
    );
    let mut group = c.benchmark_group("perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("lingeo checkers 9", |b| {
        b.iter(|| lingeo_perft(&game, black_box(&root), 9))
    });
    group.finish();
}

criterion_group!(benches, perft_beside_shakmaty, checkers);
criterion_main!(benches);
