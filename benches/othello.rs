//! Othello perft (issue 48 item 3) beside a specialised generator: lingeo's one move model
//! (placements along the placed type's rays over an occupancy array, pieces by index, flips
//! kept per line) against a plain 8x8 bitboard Othello written here (the shift-and-mask
//! generator every Othello program uses), which also checks the count.
//!
//! Beside them the placement rule compiled to masks from the same scenario
//! (`PlacementBits`, docs/play-and-search.md §3.7), which the solver of a counted placement
//! game runs on; and the solve of a 6x6 position with 18 empty points by the play layer's
//! loop and by the compiled rule (same value and margin, asserted).
//!
//! Run with `cargo bench --bench othello`. Before criterion's runs, depth 9 is timed once on
//! its own (after one warm-up run) and the ratios printed:
//! `othello perft 9: lingeo 0.700 s, compiled 0.090 s, bitboards 0.050 s, ratios 14.0 and
//! 1.8 (3005288 leaves)`, and the solve's
//! `othello 6x6 solve, 18 empty: play layer 2.1 s (3100000 positions), compiled 0.3 s
//! (4100000 positions), ratio 7.0`.

use std::hint::black_box;
use std::time::Duration;

mod common;
use common::timed_once;
use criterion::{Criterion, criterion_group, criterion_main};
use lingeo::play::game::Game;
use lingeo::play::perft::perft;
use lingeo::play::placement_bits::PlacementBits;
use lingeo::play::search::{Ordering, SearchOptions, alphabeta, final_margin};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

const NOT_FILE_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_FILE_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions as shifts of a bitboard whose bit `x + 8y` is the point of file x and
/// rank y (a1 = bit 0), masked so that nothing wraps around an edge.
fn shifts(b: u64) -> [u64; 8] {
    [
        (b << 1) & NOT_FILE_A,
        (b >> 1) & NOT_FILE_H,
        b << 8,
        b >> 8,
        (b << 9) & NOT_FILE_A,
        (b << 7) & NOT_FILE_H,
        (b >> 7) & NOT_FILE_A,
        (b >> 9) & NOT_FILE_H,
    ]
}

fn shift(b: u64, d: usize) -> u64 {
    shifts(b)[d]
}

fn moves(own: u64, opp: u64) -> u64 {
    let empty = !(own | opp);
    let mut out = 0;
    for d in 0..8 {
        let mut x = shift(own, d) & opp;
        for _ in 0..5 {
            x |= shift(x, d) & opp;
        }
        out |= shift(x, d) & empty;
    }
    out
}

fn flips(own: u64, opp: u64, mv: u64) -> u64 {
    let mut out = 0;
    for d in 0..8 {
        let mut run = 0;
        let mut x = shift(mv, d);
        while x & opp != 0 {
            run |= x;
            x = shift(x, d);
        }
        if x & own != 0 {
            out |= run;
        }
    }
    out
}

/// Leaves to `depth` with the side `own` to move: a pass is a move where a side has none and
/// the other has one; the game ends where neither has.
fn bitboard_perft(own: u64, opp: u64, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut m = moves(own, opp);
    if m == 0 {
        return if moves(opp, own) == 0 {
            0
        } else {
            bitboard_perft(opp, own, depth - 1)
        };
    }
    if depth == 1 {
        return u64::from(m.count_ones());
    }
    let mut n = 0;
    while m != 0 {
        let mv = m & m.wrapping_neg();
        m ^= mv;
        let f = flips(own, opp, mv);
        n += bitboard_perft(opp ^ f, own | f | mv, depth - 1);
    }
    n
}

/// The start: White on d4 and e5, Black on d5 and e4, Black to move.
const BLACK: u64 = (1 << 35) | (1 << 28);
const WHITE: u64 = (1 << 27) | (1 << 36);

fn othello_perft(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/othello.scenario");
    let game = Game::new(Scenario::load(std::path::Path::new(path)).unwrap()).unwrap();
    let root = State::initial(&game);
    let ours = |depth| perft(&game, &root, depth).unwrap().nodes;
    let bits = PlacementBits::compile(&game).expect("Othello compiles to masks");
    let discs = bits.discs(&game, &root).unwrap();
    let compiled = |depth| bits.perft(discs, depth);
    let depth = 9;
    // Each run behind `black_box`, so that the second is not folded into the first.
    let (n, ours_time) = timed_once(|| ours(black_box(depth)));
    let (masks, masks_time) = timed_once(|| compiled(black_box(depth)));
    let (theirs, theirs_time) =
        timed_once(|| bitboard_perft(black_box(BLACK), black_box(WHITE), black_box(depth)));
    assert_eq!(n, 3_005_288, "the published table");
    assert_eq!(n, theirs, "perft {depth} differs");
    assert_eq!(n, masks, "the compiled perft {depth} differs");
    println!(
        "othello perft {depth}: lingeo {:.3} s, compiled {:.3} s, bitboards {:.3} s, ratios \
         {:.1} and {:.1} ({n} leaves)",
        ours_time.as_secs_f64(),
        masks_time.as_secs_f64(),
        theirs_time.as_secs_f64(),
        ours_time.as_secs_f64() / theirs_time.as_secs_f64(),
        masks_time.as_secs_f64() / theirs_time.as_secs_f64()
    );
    solves();
    let mut group = c.benchmark_group("othello perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("lingeo 8", |b| b.iter(|| ours(black_box(8))));
    group.bench_function("compiled 8", |b| b.iter(|| compiled(black_box(8))));
    group.bench_function("bitboards 8", |b| {
        b.iter(|| bitboard_perft(black_box(BLACK), black_box(WHITE), black_box(8)))
    });
    group.finish();
}

/// A 6x6 position with 18 empty points (a line of 14 placements from the start, each the
/// first legal one in the play layer's order after the first three), solved both ways.
fn solves() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/othello-6x6.scenario");
    let game = Game::new(Scenario::load(std::path::Path::new(path)).unwrap()).unwrap();
    let mut state = State::initial(&game);
    let line = [
        "c2", "b4", "b5", "d2", "a4", "c1", "e1", "a6", "d5", "e2", "c5", "a5", "b2", "b3",
    ];
    for text in line {
        let mv = state.parse_move(&game, text).expect("the line is legal");
        state.make(&game, mv);
    }
    let solve = |compiled: bool| {
        let options = SearchOptions {
            ordering: Ordering::Mobility,
            tt_mb: 64,
            compiled,
            ..Default::default()
        };
        let r = alphabeta::search(&game, &state, &options);
        (r.value, final_margin(r.score), r.nodes)
    };
    let (play, play_time) = timed_once(|| {
        let r = solve(false);
        r.2
    });
    let (masks, masks_time) = timed_once(|| {
        let r = solve(true);
        r.2
    });
    let (a, b) = (solve(false), solve(true));
    assert_eq!((a.0, a.1), (b.0, b.1), "the two solves differ");
    println!(
        "othello 6x6 solve, 18 empty: play layer {:.3} s ({play} positions), compiled {:.3} s \
         ({masks} positions), ratio {:.1}; value {:?}, margin {}",
        play_time.as_secs_f64(),
        masks_time.as_secs_f64(),
        play_time.as_secs_f64() / masks_time.as_secs_f64(),
        a.0,
        a.1
    );
}

criterion_group!(benches, othello_perft);
criterion_main!(benches);
