//! A one-move relation R_p over the points of a board, as adjacency lists and (for boards up to
//! [`DENSE_LIMIT`] points) as one bit-set row per point, which is what makes the distance
//! kernel's breadth-first layers cheap: a layer's successors are the OR of its rows.

use crate::bitset::{BitSet, words_for};
use crate::board::{Board, Point};
use crate::piece::{Motion, Reach};

/// Boards up to this many points get bit-set rows (n²/8 bytes per relation: 2 MiB at 4096).
pub const DENSE_LIMIT: usize = 4096;

#[derive(Clone, Debug)]
pub struct Relation {
    n: usize,
    words: usize,
    offsets: Vec<u32>,
    targets: Vec<Point>,
    rows: Option<Vec<u64>>,
}

impl Relation {
    /// R_p for an oriented motion. With `blockers`, a slider stops at the first occupied point
    /// (it may enter it, but not pass it): decision A12's optional chess realism
    /// (docs/semantics.md §10).
    pub fn build(board: &Board, motion: &Motion, blockers: Option<&BitSet>) -> Relation {
        let n = board.len();
        let mut lists: Vec<Vec<Point>> = vec![Vec::new(); n];
        for p in board.points() {
            let Some(c) = board.coords(p) else { continue };
            for basis in &motion.vectors {
                let d = basis.delta;
                let limit = match basis.reach {
                    Reach::Leap => 1,
                    Reach::Slide { range } => range.unwrap_or(u32::MAX),
                };
                let mut at = c;
                for _ in 0..limit {
                    at = [at[0] + d[0], at[1] + d[1], at[2] + d[2]];
                    let Some(q) = board.at(at) else { break };
                    lists[p.index()].push(q);
                    if blockers.is_some_and(|b| b.contains(q)) {
                        break;
                    }
                }
            }
        }
        for &(a, b) in &motion.edges {
            if a != b {
                lists[a.index()].push(b);
            }
        }
        Relation::from_lists(lists)
    }

    /// A relation from successor lists (sorted and de-duplicated here).
    pub fn from_lists(mut lists: Vec<Vec<Point>>) -> Relation {
        let n = lists.len();
        let mut offsets = Vec::with_capacity(n + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for list in &mut lists {
            list.sort_unstable();
            list.dedup();
            targets.extend_from_slice(list);
            offsets.push(targets.len() as u32);
        }
        let words = words_for(n);
        let rows = (n <= DENSE_LIMIT).then(|| {
            let mut rows = vec![0u64; n * words];
            for (p, list) in lists.iter().enumerate() {
                for q in list {
                    rows[p * words + q.index() / 64] |= 1 << (q.index() % 64);
                }
            }
            rows
        });
        Relation {
            n,
            words,
            offsets,
            targets,
            rows,
        }
    }

    /// The reverse relation: `R'(a, b) = R(b, a)` (decision A1, docs/semantics.md §10).
    pub fn reversed(&self) -> Relation {
        let mut lists = vec![Vec::new(); self.n];
        for a in 0..self.n {
            for &b in self.successors(Point(a as u32)) {
                lists[b.index()].push(Point(a as u32));
            }
        }
        Relation::from_lists(lists)
    }

    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Words per bit-set row.
    pub fn words(&self) -> usize {
        self.words
    }

    /// ST_1(p): one-move successors in enumeration order.
    #[inline]
    pub fn successors(&self, p: Point) -> &[Point] {
        let i = p.index();
        &self.targets[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }

    /// The successors of `p` as bit-set words, on boards up to [`DENSE_LIMIT`] points.
    #[inline]
    pub fn row(&self, p: Point) -> Option<&[u64]> {
        let w = self.words;
        self.rows
            .as_ref()
            .map(|r| &r[p.index() * w..(p.index() + 1) * w])
    }

    /// All bit-set rows, `words()` words per point, on boards up to [`DENSE_LIMIT`] points.
    #[inline]
    pub fn rows(&self) -> Option<&[u64]> {
        self.rows.as_deref()
    }

    pub fn contains(&self, a: Point, b: Point) -> bool {
        self.successors(a).binary_search(&b).is_ok()
    }

    pub fn edge_count(&self) -> usize {
        self.targets.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::{Basis, Side, chess_types};

    #[test]
    fn sliders_stop_at_removed_points_and_blockers() {
        let board = Board::grid(8, 8, 1, &[[4, 1, 1]]).unwrap(); // d1 removed
        let rook = chess_types().remove(2).moves.oriented(Side::White);
        let a1 = board.parse_point("a1").unwrap();
        let r = Relation::build(&board, &rook, None);
        let names: Vec<_> = r.successors(a1).iter().map(|&p| board.name(p)).collect();
        assert_eq!(
            names,
            ["b1", "c1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"]
        );
        let blockers = BitSet::from_points(board.len(), [board.parse_point("a4").unwrap()]);
        let r = Relation::build(&board, &rook, Some(&blockers));
        assert_eq!(r.successors(a1).len(), 5); // b1 c1 a2 a3 a4
    }

    #[test]
    fn ranges_and_reverse() {
        let board = Board::grid(5, 1, 1, &[]).unwrap();
        let m = crate::piece::Motion::vectors(vec![Basis {
            delta: [1, 0, 0],
            reach: Reach::Slide { range: Some(2) },
        }]);
        let r = Relation::build(&board, &m, None);
        assert_eq!(r.successors(Point(0)), &[Point(1), Point(2)]);
        assert_eq!(r.successors(Point(4)), &[] as &[Point]);
        let rev = r.reversed();
        assert_eq!(rev.successors(Point(2)), &[Point(0), Point(1)]);
        assert!(rev.contains(Point(4), Point(3)) && !rev.contains(Point(3), Point(4)));
        assert_eq!(r.row(Point(0)).unwrap(), &[0b110]);
    }
}
