//! The tables of the MAICS 2013 paper (docs/semantics.md §11.1, §11.2), from the distance
//! kernel: reach-ability, attack-ability and obtain-ability, and shortest paths found by adding
//! tables (the paper's five steps) as a procedure of its own, next to LG's trajectory bundles.

use crate::board::Point;
use crate::budget::{Budget, Exceeded};
use crate::bundle::Trajectory;
use crate::kernel::Kernel;
use crate::piece::{PieceType, Side, Usage};

/// A table over the points of X: the fewest moves, `None` where impossible.
pub type Table = Vec<Option<u32>>;

/// The relations of one piece type seen from one side.
#[derive(Clone, Copy, Debug)]
pub struct Mover {
    /// The relation the piece moves by.
    pub moves: crate::kernel::MotionId,
    /// The relation the piece attacks by (the move relation but for a pawn).
    pub attacks: crate::kernel::MotionId,
    /// The piece attacks with other vectors than it moves (a pawn).
    pub separate: bool,
}

impl Mover {
    /// The relations of `types[type_index]` for `side`, as `kernel` built them.
    pub fn new(kernel: &Kernel, types: &[PieceType], type_index: usize, side: Side) -> Mover {
        Mover {
            moves: kernel.motion(type_index, side, Usage::Move),
            attacks: kernel.motion(type_index, side, Usage::Attack),
            separate: types[type_index].attacks_apart(),
        }
    }
}

fn table(kernel: &Kernel, distances: impl Iterator<Item = u32>) -> Table {
    let unreachable = kernel.unreachable();
    distances.map(|d| (d < unreachable).then_some(d)).collect()
}

/// Reach-ability of a piece on x: the fewest moves to every location.
pub fn reach(kernel: &Kernel, mover: Mover, x: Point) -> Table {
    table(
        kernel,
        kernel.map(mover.moves, x).distances().iter().copied(),
    )
}

/// Attack-ability of a piece on x: the fewest moves to remove a piece on every location, all
/// moves but the last by the move vectors, the last by the attack vectors.
pub fn attack(kernel: &Kernel, mover: Mover, x: Point) -> Table {
    if !mover.separate {
        return reach(kernel, mover, x);
    }
    let from = reach(kernel, mover, x);
    let attackers = kernel.reverse_relation(mover.attacks);
    kernel
        .board()
        .points()
        .map(|y| {
            attackers
                .successors(y)
                .iter()
                .filter_map(|&m| from[m.index()].map(|d| d + 1))
                .min()
        })
        .collect()
}

/// Obtain-ability of location y: for every location v, the fewest moves of the piece from v to
/// y (computed backwards from y over the reversed relation).
pub fn obtain(kernel: &Kernel, mover: Mover, y: Point) -> Table {
    table(
        kernel,
        kernel.map_to(mover.moves, y).distances().iter().copied(),
    )
}

/// The paper's steps 3 and 4: the reach table from x plus the obtain table of y; returns the
/// minimum and the locations that reach it (none when y cannot be reached).
pub fn combined(kernel: &Kernel, mover: Mover, x: Point, y: Point) -> Option<(u32, Vec<Point>)> {
    let from = reach(kernel, mover, x);
    let to = obtain(kernel, mover, y);
    let sums: Vec<Option<u32>> = from
        .iter()
        .zip(&to)
        .map(|(a, b)| Some((*a)? + (*b)?))
        .collect();
    let min = sums.iter().flatten().copied().min()?;
    let points = kernel
        .board()
        .points()
        .filter(|p| sums[p.index()] == Some(min))
        .collect();
    Some((min, points))
}

/// Step 5: every shortest path from x to y through the locations of the minimum, each step a
/// legal move and each next location one move closer to y; in lexicographic order. Their
/// number grows exponentially with the distance (a king's between two corners of a large
/// board pass any memory), so each path is held in `budget` before it is listed: the listing
/// stops with [`Exceeded`] at the memory limit or the thread's deadline.
pub fn shortest_paths(
    kernel: &Kernel,
    mover: Mover,
    x: Point,
    y: Point,
    budget: &mut Budget,
) -> Result<Vec<Trajectory>, Exceeded> {
    let Some((min, on_paths)) = combined(kernel, mover, x, y) else {
        return Ok(Vec::new());
    };
    if x == y || min == 0 {
        return Ok(Vec::new());
    }
    let to = obtain(kernel, mover, y);
    let rel = kernel.relation(mover.moves);
    let mut out = Vec::new();
    let mut path = vec![x];
    struct Walk<'a> {
        rel: &'a crate::relation::Relation,
        to: &'a Table,
        on: &'a [Point],
        y: Point,
    }
    fn extend(
        walk: &Walk<'_>,
        path: &mut Vec<Point>,
        out: &mut Vec<Trajectory>,
        budget: &mut Budget,
    ) -> Result<(), Exceeded> {
        let here = *path.last().expect("a path has a start");
        if here == walk.y {
            budget.hold(path_bytes(path.len()), || {
                "the shortest paths listed".into()
            })?;
            out.push(path.clone());
            return Ok(());
        }
        let left = walk.to[here.index()].expect("stops lie on shortest paths");
        for &next in walk.rel.successors(here) {
            if walk.on.binary_search(&next).is_ok() && walk.to[next.index()] == Some(left - 1) {
                path.push(next);
                extend(walk, path, out, budget)?;
                path.pop();
            }
        }
        Ok(())
    }
    let walk = Walk {
        rel,
        to: &to,
        on: &on_paths,
        y,
    };
    extend(&walk, &mut path, &mut out, budget)?;
    Ok(out)
}

/// What a listed path of `len` points holds: its points, and its slot in the list.
fn path_bytes(len: usize) -> usize {
    crate::budget::points_bytes(len)
}

/// Attack-obtain-ability of location y: for every location v, the fewest moves of the piece
/// from v to remove a piece on y, all moves but the last by the move vectors and the last by the
/// attack vectors (the obtain-ability of attack-ability); y itself gets 0. Equal to
/// [`obtain`] for pieces that attack as they move.
pub fn attack_obtain(kernel: &Kernel, mover: Mover, y: Point) -> Table {
    if !mover.separate {
        return obtain(kernel, mover, y);
    }
    let mut out: Table = vec![None; kernel.n()];
    for &m in kernel.reverse_relation(mover.attacks).successors(y) {
        let to_m = obtain(kernel, mover, m);
        for (o, d) in out.iter_mut().zip(&to_m) {
            if let Some(d) = d {
                *o = Some(o.map_or(d + 1, |v: u32| v.min(d + 1)));
            }
        }
    }
    out[y.index()] = Some(0);
    out
}

/// The shortest paths of x removing a piece on y (by attack-ability): the moves of a shortest
/// path to a point m from which the attack vectors reach y, then the capture m -> y. For pieces
/// that attack as they move these are [`shortest_paths`]. Sorted, in lexicographic order;
/// each held in `budget` as [`shortest_paths`] holds them.
pub fn attack_paths(
    kernel: &Kernel,
    mover: Mover,
    x: Point,
    y: Point,
    budget: &mut Budget,
) -> Result<Vec<Trajectory>, Exceeded> {
    if !mover.separate {
        return shortest_paths(kernel, mover, x, y, budget);
    }
    let Some(d) = attack(kernel, mover, x)[y.index()] else {
        return Ok(Vec::new());
    };
    let from = reach(kernel, mover, x);
    let mut paths: Vec<Trajectory> = Vec::new();
    for &m in kernel.reverse_relation(mover.attacks).successors(y) {
        if from[m.index()] != Some(d - 1) {
            continue;
        }
        let mut to_m = if m == x {
            budget.hold(path_bytes(1), || "the shortest paths listed".into())?;
            vec![vec![m]]
        } else {
            shortest_paths(kernel, mover, x, m, budget)?
        };
        for t in &mut to_m {
            t.push(y);
        }
        paths.append(&mut to_m);
    }
    paths.sort();
    paths.dedup();
    Ok(paths)
}

/// The number of [`shortest_paths`] from x to y, by a dynamic program over the minimum set of
/// the combined tables (nothing is listed); saturating at `u128::MAX`.
pub fn count_paths(kernel: &Kernel, mover: Mover, x: Point, y: Point) -> u128 {
    if x == y {
        return 0;
    }
    let from = reach(kernel, mover, x);
    let to = obtain(kernel, mover, y);
    let Some(l) = from[y.index()] else { return 0 };
    let rel = kernel.relation(mover.moves);
    // ways[v]: shortest continuations from v to y, for v on the minimum set.
    let mut on: Vec<Point> = kernel
        .board()
        .points()
        .filter(|p| {
            from[p.index()]
                .zip(to[p.index()])
                .is_some_and(|(a, b)| a + b == l)
        })
        .collect();
    on.sort_by_key(|p| to[p.index()]);
    let mut ways = vec![0u128; kernel.n()];
    for &v in &on {
        ways[v.index()] = if v == y {
            1
        } else {
            let left = to[v.index()].expect("on the minimum set");
            rel.successors(v)
                .iter()
                .filter(|w| {
                    to[w.index()] == Some(left - 1)
                        && from[w.index()] == from[v.index()].map(|f| f + 1)
                })
                .fold(0u128, |acc, w| acc.saturating_add(ways[w.index()]))
        };
    }
    ways[x.index()]
}

/// The number of [`attack_paths`] of x to y, counted without listing them.
pub fn count_attack_paths(kernel: &Kernel, mover: Mover, x: Point, y: Point) -> u128 {
    if !mover.separate {
        return count_paths(kernel, mover, x, y);
    }
    let Some(d) = attack(kernel, mover, x)[y.index()] else {
        return 0;
    };
    let from = reach(kernel, mover, x);
    let mut penultimate: Vec<Point> = kernel
        .reverse_relation(mover.attacks)
        .successors(y)
        .iter()
        .copied()
        .filter(|m| from[m.index()] == Some(d - 1))
        .collect();
    penultimate.sort();
    penultimate.dedup();
    penultimate.iter().fold(0u128, |acc, &m| {
        acc.saturating_add(if m == x {
            1
        } else {
            count_paths(kernel, mover, x, m)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::piece::chess_types;

    #[test]
    fn paper_figure_8_rook_to_king() {
        // White rook (8,1) = a1, black king (5,8) = d8: minimum 2, paths via d1 and via a8.
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let types = chess_types();
        let k = Kernel::new(&board, &types, None);
        let rook = Mover::new(&k, &types, 2, Side::White);
        let p = |s: &str| board.parse_point(s).unwrap();
        let (min, points) = combined(&k, rook, p("a1"), p("d8")).unwrap();
        assert_eq!(min, 2);
        let names: Vec<_> = points.iter().map(|&q| board.name(q)).collect();
        assert_eq!(names, ["a1", "d1", "a8", "d8"]);
        let paths: Vec<String> = shortest_paths(&k, rook, p("a1"), p("d8"), &mut Budget::new())
            .unwrap()
            .iter()
            .map(|t| {
                t.iter()
                    .map(|&q| board.name(q))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        assert_eq!(paths, ["a1 d1 d8", "a1 a8 d8"]);
    }

    /// A king's shortest paths across a large board are past listing (4 * 10^17 from (1,1) to
    /// (25,49) on 50x50): the listing stops at the memory limit, where it took the machine's
    /// memory before (issue 45).
    #[test]
    fn a_listing_of_shortest_paths_stops_at_the_memory_limit() {
        let board = Board::grid(50, 50, 1, &[]).unwrap();
        let types = chess_types();
        let k = Kernel::new(&board, &types, None);
        let king = Mover::new(&k, &types, 0, Side::White);
        let p = |s: &str| board.parse_point(s).unwrap();
        let (from, to) = (p("(1,1)"), p("(25,49)"));
        assert!(count_paths(&k, king, from, to) > 1 << 58);
        let mut budget = Budget::new();
        let e =
            crate::memory::with_limit(8 << 20, || shortest_paths(&k, king, from, to, &mut budget))
                .unwrap_err();
        match e {
            Exceeded::Memory(e) => {
                assert_eq!(e.limit, 8 << 20);
                assert!(e.what.contains("shortest paths"), "{e}");
            }
            other => panic!("{other}"),
        }
        assert!(budget.held() <= 8 << 20);
    }

    #[test]
    fn pawns_attack_diagonally_and_obtain_reverses() {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let types = chess_types();
        let k = Kernel::new(&board, &types, None);
        let pawn = Mover::new(&k, &types, 5, Side::White);
        let p = |s: &str| board.parse_point(s).unwrap();
        let r = reach(&k, pawn, p("e2"));
        let a = attack(&k, pawn, p("e2"));
        assert_eq!(r[p("e4").index()], Some(2));
        assert_eq!(
            a[p("e4").index()],
            None,
            "a pawn never captures straight ahead"
        );
        assert_eq!(a[p("d3").index()], Some(1));
        assert_eq!(a[p("f5").index()], Some(3));
        let o = obtain(&k, pawn, p("e5"));
        assert_eq!(o[p("e2").index()], Some(3));
        assert_eq!(o[p("e6").index()], None);
    }
}
