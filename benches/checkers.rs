//! Checkers perft (issue 48 item 3) beside a specialised generator: lingeo's one move model
//! (steps and jump chains along the types' rays over an occupancy array, pieces by index)
//! against a plain American-checkers generator written here (bitboards of men and kings per
//! side, the quiet moves of the last ply counted by shifts, jump chains by a walk over
//! neighbour tables), which also checks the count.
//!
//! Run with `cargo bench --bench checkers`. Before criterion's runs, depth 10 (the published
//! table's last) is timed once on its own, after one warm-up run, and the ratio printed:
//! `checkers perft 10: lingeo 1.2 s, bitboards 0.3 s, ratio 4.0 (18391564 leaves)`.

use std::hint::black_box;
use std::sync::OnceLock;
use std::time::Duration;

mod common;
use common::timed_once;
use criterion::{Criterion, criterion_group, criterion_main};
use lingeo::play::game::Game;
use lingeo::play::perft::perft;
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

/// The point of file x and rank y is bit `x + 8y` (a1 = bit 0); only the dark points, where
/// x + y is even, are played. White moves up, Black down; Black moves first.
const WHITE: usize = 0;
const BLACK: usize = 1;
const NONE: u8 = 64;

/// The diagonals: up-right, up-left, down-right, down-left. White's men use the first two,
/// Black's the last two, kings all four.
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
const MEN_DIAGONALS: [&[usize]; 2] = [&[0, 1], &[2, 3]];
const KING_DIAGONALS: &[usize] = &[0, 1, 2, 3];

/// `NEIGHBOUR[d][s]`: the point one step from s along diagonal d, or [`NONE`].
fn neighbour() -> &'static [[u8; 64]; 4] {
    static TABLE: OnceLock<[[u8; 64]; 4]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [[NONE; 64]; 4];
        for (d, (dx, dy)) in DIAGONALS.iter().enumerate() {
            for s in 0..64i32 {
                let (x, y) = (s % 8 + dx, s / 8 + dy);
                if (0..8).contains(&x) && (0..8).contains(&y) {
                    t[d][s as usize] = (x + 8 * y) as u8;
                }
            }
        }
        t
    })
}

#[derive(Clone, Copy)]
struct Position {
    men: [u64; 2],
    kings: [u64; 2],
}

impl Position {
    fn start() -> Position {
        let rows = |ys: std::ops::Range<u32>| -> u64 {
            let mut b = 0;
            for y in ys {
                for x in 0..8 {
                    if (x + y) % 2 == 0 {
                        b |= 1u64 << (x + 8 * y);
                    }
                }
            }
            b
        };
        Position {
            men: [rows(0..3), rows(5..8)],
            kings: [0, 0],
        }
    }

    fn pieces(&self, side: usize) -> u64 {
        self.men[side] | self.kings[side]
    }

    fn occupied(&self) -> u64 {
        self.pieces(WHITE) | self.pieces(BLACK)
    }
}

/// A move: from, to, the pieces taken, and whether a man is crowned.
#[derive(Clone, Copy)]
struct Move {
    from: u8,
    to: u8,
    taken: u64,
    crown: bool,
}

const FAR_RANK: [u64; 2] = [0xff << 56, 0xff];

/// The jump chains of the piece on `from`, continued from `at`: every chain is a move, and a
/// man crowned on the far rank stops there.
#[allow(clippy::too_many_arguments)]
fn chains(
    p: &Position,
    side: usize,
    king: bool,
    from: u8,
    at: u8,
    taken: u64,
    occupied: u64,
    out: &mut Vec<Move>,
) {
    let nb = neighbour();
    let theirs = p.pieces(1 - side);
    let diagonals = if king {
        KING_DIAGONALS
    } else {
        MEN_DIAGONALS[side]
    };
    let mut went_on = false;
    for &d in diagonals {
        let over = nb[d][at as usize];
        if over == NONE {
            continue;
        }
        let land = nb[d][over as usize];
        let over_bit = 1u64 << over;
        if land == NONE || theirs & over_bit == 0 || taken & over_bit != 0 {
            continue;
        }
        if occupied & (1u64 << land) != 0 {
            continue;
        }
        went_on = true;
        let taken = taken | over_bit;
        if !king && FAR_RANK[side] & (1u64 << land) != 0 {
            out.push(Move {
                from,
                to: land,
                taken,
                crown: true,
            });
        } else {
            chains(p, side, king, from, land, taken, occupied, out);
        }
    }
    if !went_on && taken != 0 {
        out.push(Move {
            from,
            to: at,
            taken,
            crown: false,
        });
    }
}

/// The jump chains of `side`.
fn captures(p: &Position, side: usize, out: &mut Vec<Move>) {
    out.clear();
    let occupied = p.occupied();
    for (pieces, king) in [(p.men[side], false), (p.kings[side], true)] {
        let mut b = pieces;
        while b != 0 {
            let s = b.trailing_zeros() as u8;
            b &= b - 1;
            chains(p, side, king, s, s, 0, occupied & !(1u64 << s), out);
        }
    }
}

/// The legal moves of `side`: its jump chains where it has one (a capture is compulsory),
/// else its steps.
fn moves(p: &Position, side: usize, out: &mut Vec<Move>) {
    captures(p, side, out);
    if !out.is_empty() {
        return;
    }
    let occupied = p.occupied();
    let nb = neighbour();
    for (pieces, king) in [(p.men[side], false), (p.kings[side], true)] {
        let diagonals = if king {
            KING_DIAGONALS
        } else {
            MEN_DIAGONALS[side]
        };
        let mut b = pieces;
        while b != 0 {
            let s = b.trailing_zeros() as u8;
            b &= b - 1;
            for &d in diagonals {
                let to = nb[d][s as usize];
                if to != NONE && occupied & (1u64 << to) == 0 {
                    out.push(Move {
                        from: s,
                        to,
                        taken: 0,
                        crown: !king && FAR_RANK[side] & (1u64 << to) != 0,
                    });
                }
            }
        }
    }
}

/// The quiet moves of `side` by shifts of whole bitboards (the last ply's count, where no
/// jump is there).
fn count_steps(p: &Position, side: usize) -> u64 {
    const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
    const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    let empty = !p.occupied();
    let up =
        |b: u64| ((b & NOT_H) << 9 & empty).count_ones() + ((b & NOT_A) << 7 & empty).count_ones();
    let down =
        |b: u64| ((b & NOT_A) >> 9 & empty).count_ones() + ((b & NOT_H) >> 7 & empty).count_ones();
    let men = if side == WHITE {
        up(p.men[side])
    } else {
        down(p.men[side])
    };
    u64::from(men + up(p.kings[side]) + down(p.kings[side]))
}

fn make(p: &Position, side: usize, m: Move) -> Position {
    let mut q = *p;
    let (from, to) = (1u64 << m.from, 1u64 << m.to);
    if q.kings[side] & from != 0 || m.crown {
        q.men[side] &= !from;
        q.kings[side] = (q.kings[side] & !from) | to;
    } else {
        q.men[side] = (q.men[side] & !from) | to;
    }
    q.men[1 - side] &= !m.taken;
    q.kings[1 - side] &= !m.taken;
    q
}

/// Leaves at `depth` below `p` with `side` to move; a side without a move has lost, and
/// nothing lies below.
fn bitboard_perft(p: &Position, side: usize, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = Vec::with_capacity(32);
    if depth == 1 {
        captures(p, side, &mut list);
        return if list.is_empty() {
            count_steps(p, side)
        } else {
            list.len() as u64
        };
    }
    moves(p, side, &mut list);
    list.iter()
        .map(|&m| bitboard_perft(&make(p, side, m), 1 - side, depth - 1))
        .sum()
}

fn checkers_perft(c: &mut Criterion) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/checkers.scenario");
    let game = Game::new(Scenario::load(std::path::Path::new(path)).unwrap()).unwrap();
    let root = State::initial(&game);
    let ours = |depth| perft(&game, &root, depth).unwrap().nodes;
    let start = Position::start();
    let published = [
        7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564,
    ];
    for (d, &n) in published.iter().enumerate().take(8) {
        let depth = d as u32 + 1;
        assert_eq!(
            bitboard_perft(&start, BLACK, depth),
            n,
            "the bitboards at {depth}"
        );
        assert_eq!(ours(depth), n, "lingeo at {depth}");
    }
    let depth = 10;
    // Each run behind `black_box`, so that the second is not folded into the first.
    let (n, ours_time) = timed_once(|| ours(black_box(depth)));
    let (theirs, theirs_time) =
        timed_once(|| bitboard_perft(black_box(&start), black_box(BLACK), black_box(depth)));
    assert_eq!(n, 18_391_564, "the published table");
    assert_eq!(n, theirs, "perft {depth} differs");
    println!(
        "checkers perft {depth}: lingeo {:.3} s, bitboards {:.3} s, ratio {:.1} ({n} leaves)",
        ours_time.as_secs_f64(),
        theirs_time.as_secs_f64(),
        ours_time.as_secs_f64() / theirs_time.as_secs_f64()
    );
    let mut group = c.benchmark_group("checkers perft");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(10));
    group.bench_function("lingeo 9", |b| b.iter(|| ours(black_box(9))));
    group.bench_function("bitboards 9", |b| {
        b.iter(|| bitboard_perft(black_box(&start), black_box(BLACK), black_box(9)))
    });
    group.finish();
}

criterion_group!(benches, checkers_perft);
criterion_main!(benches);
