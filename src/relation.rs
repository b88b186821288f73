//! A one-move relation R_p over the points of a board, as adjacency lists and (for boards up to
//! [`DENSE_LIMIT`] points) as one bit-set row per point, which is what makes the distance
//! kernel's breadth-first layers cheap: a layer's successors are the OR of its rows.

use std::sync::OnceLock;

use crate::bitset::{BitSet, words_for};
use crate::board::{Board, Point, Shape};
use crate::memory::{self, TooLarge};
use crate::piece::{Motion, Reach};
use crate::shift::Shifts;

/// Boards up to this many points get bit-set rows (n²/8 bytes per relation: 2 MiB at 4096).
pub const DENSE_LIMIT: usize = 4096;

/// One piece relation R_p over X: the points reachable in one move from each point, as
/// sorted successor lists, with bit-set rows on boards up to [`DENSE_LIMIT`] points.
#[derive(Clone, Debug)]
pub struct Relation {
    n: usize,
    words: usize,
    /// The adjacency lists; built on first use from `source` where there is one, since the
    /// distance kernel does without them on grids (`shifts`).
    lists: OnceLock<Lists>,
    source: Option<Source>,
    /// Built on first use: the distance kernel does without them where `shifts` exist.
    rows: OnceLock<Option<Vec<u64>>>,
    shifts: Option<Shifts>,
    /// Whether the lists were found to fit before they were built ([`Relation::checked`]):
    /// then they are built without a second look at the limit.
    checked: bool,
}

/// Successor lists, flat: the successors of point i are `targets[offsets[i]..offsets[i + 1]]`.
#[derive(Clone, Debug)]
struct Lists {
    offsets: Vec<u32>,
    targets: Vec<Point>,
}

/// What a relation built from a motion is built from.
#[derive(Clone, Debug)]
struct Source {
    board: Board,
    motion: Motion,
    blockers: Option<BitSet>,
    /// The reverse relation of the motion's.
    reversed: bool,
}

impl Relation {
    /// R_p for an oriented motion. With `blockers`, a slider stops at the first occupied point
    /// (it may enter it, but not pass it): decision A12's optional chess realism
    /// (docs/semantics.md §10).
    pub fn build(board: &Board, motion: &Motion, blockers: Option<&BitSet>) -> Relation {
        let n = board.len();
        Relation {
            n,
            words: words_for(n),
            lists: OnceLock::new(),
            source: Some(Source {
                board: board.clone(),
                motion: motion.clone(),
                blockers: blockers.cloned(),
                reversed: false,
            }),
            rows: OnceLock::new(),
            shifts: Shifts::build(board, motion, blockers),
            checked: false,
        }
    }

    /// The relation, its lists found to fit already ([`crate::kernel::Kernel::check`]): built
    /// on first use whatever a job holds by then, rather than refused with a panic.
    pub fn checked(self) -> Relation {
        Relation {
            checked: true,
            ..self
        }
    }

    /// A relation from successor lists (sorted and de-duplicated here).
    pub fn from_lists(lists: Vec<Vec<Point>>) -> Relation {
        let mut offsets = Vec::with_capacity(lists.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for mut list in lists {
            push_list(&mut list, &mut targets, &mut offsets);
        }
        Relation::given(Lists { offsets, targets })
    }

    /// The relation over `n` points without a move.
    pub fn empty(n: usize) -> Relation {
        Relation::given(Lists {
            offsets: vec![0; n + 1],
            targets: Vec::new(),
        })
    }

    fn given(lists: Lists) -> Relation {
        let n = lists.offsets.len() - 1;
        Relation {
            n,
            words: words_for(n),
            lists: OnceLock::from(lists),
            source: None,
            rows: OnceLock::new(),
            shifts: None,
            checked: true,
        }
    }

    /// The reverse relation: `R'(a, b) = R(b, a)` (decision A1, docs/semantics.md §10).
    pub fn reversed(&self) -> Relation {
        match &self.source {
            Some(source) => Relation {
                lists: OnceLock::new(),
                source: Some(Source {
                    reversed: !source.reversed,
                    ..source.clone()
                }),
                rows: OnceLock::new(),
                shifts: self.shifts.as_ref().map(Shifts::reversed),
                ..*self
            },
            None => Relation::given(self.lists().reversed()),
        }
    }

    /// An upper bound on the bytes of the successor lists still to be built (0 once built):
    /// what [`Relation::check`] holds against the memory limit.
    pub fn lists_bytes(&self) -> u64 {
        match (&self.source, self.lists.get()) {
            (Some(source), None) => lists_bytes(&source.board, &source.motion),
            _ => 0,
        }
    }

    /// Whether the successor lists, still to be built, fit in the thread's memory limit
    /// ([`memory::check`]); `what` names the relation in the error.
    pub fn check(&self, what: impl FnOnce() -> String) -> Result<(), TooLarge> {
        memory::check(self.lists_bytes(), || {
            format!("the successor lists of {}", what())
        })
    }

    fn lists(&self) -> &Lists {
        self.lists.get_or_init(|| {
            let source = self
                .source
                .as_ref()
                .expect("a relation has lists or a source");
            // The kernel's callers check the lists of the motions they use first
            // (`Kernel::check`); one that did not gets this rather than an aborted allocation.
            if !self.checked
                && let Err(e) = self.check(|| "a relation".into())
            {
                panic!("{e}");
            }
            source
                .lists(Watch::Nothing)
                .expect("a build that does not watch the deadline ends")
        })
    }

    /// Builds the successor lists now, unless they are built already, looking at the thread's
    /// deadline ([`crate::deadline`]) as it goes: false when the deadline passed first, and
    /// then nothing is kept (the next call builds them afresh). A slider's lists on a large
    /// board take a second to build; the kernel builds them through this, so that a run the
    /// server has stopped waiting for stops building too.
    pub(crate) fn prepare_within_deadline(&self) -> bool {
        if self.lists.get().is_some() {
            return true;
        }
        let Some(source) = &self.source else {
            return true;
        };
        if !self.checked
            && let Err(e) = self.check(|| "a relation".into())
        {
            panic!("{e}");
        }
        match source.lists(Watch::Deadline) {
            Some(lists) => {
                // Another thread may have built them meanwhile: either is the same.
                let _ = self.lists.set(lists);
                true
            }
            None => false,
        }
    }

    /// n, the number of points the relation is over.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the relation is over no point.
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
        let lists = self.lists();
        &lists.targets[lists.offsets[i] as usize..lists.offsets[i + 1] as usize]
    }

    /// The successors of `p` as bit-set words, on boards up to [`DENSE_LIMIT`] points.
    #[inline]
    pub fn row(&self, p: Point) -> Option<&[u64]> {
        let w = self.words;
        self.rows().map(|r| &r[p.index() * w..(p.index() + 1) * w])
    }

    /// All bit-set rows, `words()` words per point, on boards up to [`DENSE_LIMIT`] points.
    #[inline]
    pub fn rows(&self) -> Option<&[u64]> {
        self.rows
            .get_or_init(|| {
                (self.n <= DENSE_LIMIT).then(|| {
                    let mut rows = vec![0u64; self.n * self.words];
                    for p in 0..self.n {
                        for q in self.successors(Point(p as u32)) {
                            rows[p * self.words + q.index() / 64] |= 1 << (q.index() % 64);
                        }
                    }
                    rows
                })
            })
            .as_deref()
    }

    /// R_p as word shifts of bit sets, for grid motions without explicit edges.
    pub fn shifts(&self) -> Option<&Shifts> {
        self.shifts.as_ref()
    }

    /// Whether one move takes a piece from `a` to `b`.
    pub fn contains(&self, a: Point, b: Point) -> bool {
        self.successors(a).binary_search(&b).is_ok()
    }

    /// The number of pairs (a, b) in the relation: every one-move step.
    pub fn edge_count(&self) -> usize {
        self.lists().targets.len()
    }
}

/// An upper bound on the points the rays of `motion` reach from every point of `board`,
/// counted on the grid as if no point were removed and nothing blocked (which only shortens
/// rays), plus the explicit edges: the length of the successor lists before duplicates go, and
/// of the rays of play. A pass over the points, arithmetic per vector: it costs nothing beside
/// the billions of points a slider on a large board would store.
pub fn ray_points_bound(board: &Board, motion: &Motion) -> u64 {
    let mut total = motion.edges.len() as u64;
    let Shape::Grid { dims } = *board.shape() else {
        return total;
    };
    let dims = dims.map(i64::from);
    for basis in &motion.vectors {
        let d = basis.delta.map(i64::from);
        let range = match basis.reach {
            Reach::Leap | Reach::Over => 1,
            Reach::Slide { range } => range.map_or(i64::MAX, i64::from),
        };
        if d == [0, 0, 0] {
            continue;
        }
        for p in board.points() {
            let c = board.coords(p).expect("grid points have coordinates");
            let mut steps = range;
            for axis in 0..3 {
                let room = match d[axis] {
                    0 => continue,
                    x if x > 0 => (dims[axis] - 1 - i64::from(c[axis])) / x,
                    x => i64::from(c[axis]) / -x,
                };
                steps = steps.min(room);
            }
            total += steps.max(0) as u64;
        }
    }
    total
}

/// An upper bound on the bytes of a motion's successor lists on `board`.
pub(crate) fn lists_bytes(board: &Board, motion: &Motion) -> u64 {
    let point = std::mem::size_of::<Point>() as u64;
    (board.len() as u64 + 1) * 4 + ray_points_bound(board, motion) * point
}

/// Whether a build of successor lists looks at the thread's deadline.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Watch {
    Nothing,
    Deadline,
}

/// How many points' lists are built between two looks at the deadline: a look costs a
/// thread-local read and a clock read, a point's list of a queen on 344x166 about 0.1 µs a
/// successor.
const POINTS_BETWEEN_LOOKS: usize = 1024;

impl Source {
    /// The lists this source describes; `None` when `watch` is the deadline and it passed.
    fn lists(&self, watch: Watch) -> Option<Lists> {
        let lists = Lists::build(&self.board, &self.motion, self.blockers.as_ref(), watch)?;
        if self.reversed {
            if watch == Watch::Deadline && crate::deadline::passed().is_some() {
                return None;
            }
            Some(lists.reversed())
        } else {
            Some(lists)
        }
    }
}

impl Lists {
    fn build(
        board: &Board,
        motion: &Motion,
        blockers: Option<&BitSet>,
        watch: Watch,
    ) -> Option<Lists> {
        let mut edges = motion.edges.clone();
        edges.sort_unstable();
        let mut edges = edges.into_iter().peekable();
        let mut offsets = Vec::with_capacity(board.len() + 1);
        let mut targets = Vec::new();
        let mut list = Vec::new();
        offsets.push(0);
        for p in board.points() {
            if watch == Watch::Deadline
                && p.index() % POINTS_BETWEEN_LOOKS == 0
                && crate::deadline::passed().is_some()
            {
                return None;
            }
            list.clear();
            if let Some(c) = board.coords(p) {
                for basis in &motion.vectors {
                    let d = basis.delta;
                    let limit = match basis.reach {
                        Reach::Leap => 1,
                        Reach::Slide { range } => range.unwrap_or(u32::MAX),
                        Reach::Over => {
                            // Over the point onto the one beyond: the step is there when both
                            // are points, and (with blockers) the one beyond is empty.
                            let onto = [c[0] + d[0], c[1] + d[1], c[2] + d[2]];
                            let beyond = [onto[0] + d[0], onto[1] + d[1], onto[2] + d[2]];
                            if let (Some(q), Some(b)) = (board.at(onto), board.at(beyond))
                                && !blockers.is_some_and(|set| set.contains(b))
                            {
                                list.push(q);
                            }
                            continue;
                        }
                    };
                    let mut at = c;
                    for _ in 0..limit {
                        at = [at[0] + d[0], at[1] + d[1], at[2] + d[2]];
                        let Some(q) = board.at(at) else { break };
                        list.push(q);
                        if blockers.is_some_and(|b| b.contains(q)) {
                            break;
                        }
                    }
                }
            }
            while let Some((_, b)) = edges.next_if(|&(a, _)| a <= p) {
                if b != p {
                    list.push(b);
                }
            }
            push_list(&mut list, &mut targets, &mut offsets);
        }
        Some(Lists { offsets, targets })
    }

    /// The lists of the reverse relation, each sorted since sources are taken in order.
    fn reversed(&self) -> Lists {
        let n = self.offsets.len() - 1;
        let mut counts = vec![0u32; n + 1];
        for &b in &self.targets {
            counts[b.index() + 1] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let offsets = counts.clone();
        let mut targets = vec![Point(0); self.targets.len()];
        for a in 0..n {
            for &b in &self.targets[self.offsets[a] as usize..self.offsets[a + 1] as usize] {
                let slot = &mut counts[b.index()];
                targets[*slot as usize] = Point(a as u32);
                *slot += 1;
            }
        }
        Lists { offsets, targets }
    }
}

/// Appends one successor list, sorted and de-duplicated, to the flat lists.
fn push_list(list: &mut [Point], targets: &mut Vec<Point>, offsets: &mut Vec<u32>) {
    // The stable sort, as a slider's list is a few runs, one a ray, each ascending or
    // descending in point order, which it finds and merges: a queen's MAP on 344x166 took
    // 1.01 s with the unstable sort, 0.93 s with this (a rook's 0.51 s, 0.43 s).
    list.sort();
    let mut last = None;
    for &q in list.iter() {
        if last != Some(q) {
            targets.push(q);
            last = Some(q);
        }
    }
    offsets.push(targets.len() as u32);
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
    fn the_bound_is_exact_on_full_grids_and_above_elsewhere() {
        for (board, blockers) in [
            (Board::grid(8, 8, 1, &[]).unwrap(), None),
            (Board::grid(7, 5, 3, &[]).unwrap(), None),
            (Board::grid(8, 8, 1, &[[4, 4, 1], [2, 7, 1]]).unwrap(), None),
            (
                Board::grid(8, 8, 1, &[]).unwrap(),
                Some(BitSet::from_points(64, [Point(20), Point(35)])),
            ),
        ] {
            for ty in chess_types() {
                let m = ty.moves.oriented(Side::Black);
                let r = Relation::build(&board, &m, blockers.as_ref());
                let bound = ray_points_bound(&board, &m) as usize;
                if board.is_full_grid() && blockers.is_none() {
                    assert_eq!(bound, r.edge_count(), "{}", ty.name);
                } else {
                    assert!(bound >= r.edge_count(), "{}", ty.name);
                }
            }
        }
    }

    #[test]
    fn lists_past_the_limit_are_an_error_before_they_are_built() {
        let board = Board::grid(1024, 1024, 1, &[]).unwrap();
        let queen = chess_types().remove(1).moves.oriented(Side::White);
        let r = Relation::build(&board, &queen, None);
        // Every point reaches the 2·1023 of its row and column, and its diagonals.
        assert!(r.lists_bytes() > 8 << 30, "{}", r.lists_bytes());
        let err = r.check(|| "the queen".into()).unwrap_err();
        assert!(
            err.to_string().starts_with(
                "the successor lists of the queen would take up to 13.3 GiB, more than the memory limit"
            ),
            "{err}"
        );
        let rook = chess_types().remove(2).moves.oriented(Side::White);
        let small = Board::grid(8, 8, 1, &[]).unwrap();
        let r = Relation::build(&small, &rook, None);
        r.check(String::new).unwrap();
        assert_eq!(r.successors(Point(0)).len(), 14);
        assert_eq!(r.lists_bytes(), 0);
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
        assert_eq!(ray_points_bound(&board, &m), 2 + 2 + 2 + 1);
        let rev = r.reversed();
        assert_eq!(rev.successors(Point(2)), &[Point(0), Point(1)]);
        assert!(rev.contains(Point(4), Point(3)) && !rev.contains(Point(3), Point(4)));
        assert_eq!(r.row(Point(0)).unwrap(), &[0b110]);
    }
}
