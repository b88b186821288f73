//! Property tests of the distance kernel and the bundle generators against oracles written here,
//! independently of the library: a successor function walked from the board and the basis
//! vectors, a plain breadth-first search over it, a layer-by-layer count of shortest paths,
//! a constructive enumeration of admissible trajectories (concatenated shortest halves) and a
//! brute-force enumeration of all walks filtered by the definition of docs/semantics.md §4.1.
//!
//! Case counts (`cargo test --test properties`, debug build: about 6 s on 2 cores, most of it
//! the sparse-board test):
//! * `map_agrees_with_bfs`: 128 cases, 2D boards 1x1..16x16;
//! * `helper_sets_agree_with_definitions`: 96 cases, 1x1..12x12;
//! * `shortest_bundles_agree_with_layer_counts`: 256 cases, 1x1..16x16;
//! * `admissible_bundles_agree_with_definition`: 512 cases, 1x1..6x6, l ≤ 6;
//!
//! plus deterministic tests (graph boards, a 3D board, a sparse board, known counts).

use std::collections::{BTreeSet, VecDeque};

use lingeo::bitset::BitSet;
use lingeo::board::{Board, Point};
use lingeo::bundle::{AdmissibleRule, Bundle, BundleOptions, Listing, TooMany, Trajectory};
use lingeo::kernel::{Kernel, MotionId, Route};
use lingeo::piece::{Basis, Motion, PieceType, Reach, Side, Usage, chess_types};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ------------------------------------------------------------------------------------------------
// The oracle: successors, distances, path counts and path enumerations, from first principles.

/// R_p as successor lists, all-pairs distances (`2n` when unreachable) from plain BFS.
struct Oracle {
    n: usize,
    succ: Vec<BTreeSet<Point>>,
    /// `dist[x][y]` = MAP_{x,p}(y).
    dist: Vec<Vec<u32>>,
}

/// The motion of a piece type for a usage, read from its data (not through `PieceType::motion`).
fn raw_motion(ty: &PieceType, usage: Usage) -> &Motion {
    match usage {
        Usage::Move => &ty.moves,
        Usage::Attack => ty.attacks.as_ref().unwrap_or(&ty.moves),
    }
}

/// One-move successors, walked directly from the coordinates: a leap lands on `c + d` if that is
/// a point; a slide reaches `c + k·d` (k up to its range) when every cell `c + j·d`, `1 ≤ j ≤ k`,
/// is a point and none of the cells before the target (`j < k`) holds a blocker.
fn oracle_successors(
    board: &Board,
    motion: &Motion,
    side: Side,
    blocked: &[bool],
) -> Vec<BTreeSet<Point>> {
    let bound = board
        .dims()
        .map_or(0, |d| d.iter().copied().max().unwrap_or(0) as i32);
    let cell = |c: [i32; 3], d: [i32; 3], j: i32| {
        board.at([c[0] + j * d[0], c[1] + j * d[1], c[2] + j * d[2]])
    };
    board
        .points()
        .map(|p| {
            let mut out = BTreeSet::new();
            if let Some(c) = board.coords(p) {
                for b in &motion.vectors {
                    let dy = if side == Side::Black {
                        -b.delta[1]
                    } else {
                        b.delta[1]
                    };
                    let d = [b.delta[0], dy, b.delta[2]];
                    let max_k = match b.reach {
                        Reach::Leap => 1,
                        Reach::Slide { range } => range.map_or(bound, |r| (r as i32).min(bound)),
                        Reach::Over => {
                            // Onto the next point when the one beyond is on the board and free.
                            if let (Some(onto), Some(beyond)) = (cell(c, d, 1), cell(c, d, 2))
                                && !blocked[beyond.index()]
                            {
                                out.insert(onto);
                            }
                            continue;
                        }
                    };
                    for k in 1..=max_k {
                        let present = (1..=k).all(|j| cell(c, d, j).is_some());
                        if !present {
                            break; // and so for every larger k
                        }
                        if (1..k).all(|j| !blocked[cell(c, d, j).unwrap().index()]) {
                            out.insert(cell(c, d, k).unwrap());
                        }
                    }
                }
            }
            for &(a, b) in &motion.edges {
                if a == p && a != b {
                    out.insert(b);
                }
            }
            out
        })
        .collect()
}

/// Plain breadth-first search from `origin`; unreachable points get `unreachable`.
fn bfs(succ: &[BTreeSet<Point>], origin: Point, unreachable: u32) -> Vec<u32> {
    let mut d = vec![unreachable; succ.len()];
    d[origin.index()] = 0;
    let mut queue = VecDeque::from([origin]);
    while let Some(u) = queue.pop_front() {
        for &v in &succ[u.index()] {
            if d[v.index()] == unreachable && v != origin {
                d[v.index()] = d[u.index()] + 1;
                queue.push_back(v);
            }
        }
    }
    d
}

impl Oracle {
    fn new(n: usize, succ: Vec<BTreeSet<Point>>) -> Oracle {
        Oracle::with_sources(n, succ, &(0..n as u32).map(Point).collect::<Vec<_>>())
    }

    /// Distances from `sources` only (the other rows are left empty).
    fn with_sources(n: usize, succ: Vec<BTreeSet<Point>>, sources: &[Point]) -> Oracle {
        let mut dist = vec![Vec::new(); n];
        for &x in sources {
            dist[x.index()] = bfs(&succ, x, 2 * n as u32);
        }
        Oracle { n, succ, dist }
    }

    fn unreachable(&self) -> u32 {
        2 * self.n as u32
    }

    fn d(&self, a: Point, b: Point) -> u32 {
        self.dist[a.index()][b.index()]
    }

    fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.n as u32).map(Point)
    }

    fn filter(&self, f: impl Fn(Point) -> bool) -> Vec<Point> {
        self.points().filter(|&v| f(v)).collect()
    }

    /// The number of shortest x→y paths by dynamic programming over the BFS layers from x
    /// (0 for x = y or y unreachable, as the bundle is empty then).
    fn shortest_count(&self, x: Point, y: Point) -> u128 {
        let target = self.d(x, y);
        if x == y || target >= self.unreachable() {
            return 0;
        }
        let from = &self.dist[x.index()];
        let mut layers: Vec<Vec<usize>> = vec![Vec::new(); target as usize + 1];
        for (v, &d) in from.iter().enumerate() {
            if d <= target {
                layers[d as usize].push(v);
            }
        }
        let mut count = vec![0u128; self.n];
        count[x.index()] = 1;
        for (k, layer) in layers.iter().enumerate().take(target as usize) {
            for &u in layer {
                for v in &self.succ[u] {
                    if from[v.index()] == k as u32 + 1 {
                        count[v.index()] = count[v.index()].saturating_add(count[u]);
                    }
                }
            }
        }
        count[y.index()]
    }

    /// All shortest a→b paths (a ≠ b reachable), in no particular order.
    fn shortest_paths(&self, a: Point, b: Point) -> Vec<Trajectory> {
        fn go(o: &Oracle, path: &mut Vec<Point>, b: Point, out: &mut Vec<Trajectory>) {
            let cur = *path.last().unwrap();
            if cur == b {
                out.push(path.clone());
                return;
            }
            let rest = o.d(cur, b);
            for &v in &o.succ[cur.index()] {
                if o.d(v, b) + 1 == rest {
                    path.push(v);
                    go(o, path, b, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        if a != b && self.d(a, b) < self.unreachable() {
            go(self, &mut vec![a], b, &mut out);
        }
        out
    }

    fn is_walk(&self, t: &[Point]) -> bool {
        t.windows(2)
            .all(|s| self.succ[s[0].index()].contains(&s[1]))
    }

    /// A shortest trajectory: a walk of length `MAP` between its distinct ends.
    fn is_shortest(&self, t: &[Point]) -> bool {
        t.len() >= 2 && self.is_walk(t) && (t.len() - 1) as u32 == self.d(t[0], t[t.len() - 1])
    }

    /// The definition of an admissible trajectory of degree 2 (docs/semantics.md §4.1): a walk x →
    /// y of length l that is shortest, or that splits at some 0 < i < l into two shortest halves.
    fn is_admissible(&self, t: &[Point], x: Point, y: Point, l: u32) -> bool {
        t.len() == l as usize + 1
            && t[0] == x
            && t[l as usize] == y
            && self.is_walk(t)
            && (self.is_shortest(t)
                || (1..l as usize).any(|i| self.is_shortest(&t[..=i]) && self.is_shortest(&t[i..])))
    }

    /// Admissible trajectories of length l, built as concatenations of shortest halves over
    /// every split, plus the shortest ones when l = MAP. `None` if there could be more than `cap`.
    fn admissible_by_splits(
        &self,
        x: Point,
        y: Point,
        l: u32,
        cap: u128,
    ) -> Option<BTreeSet<Trajectory>> {
        let mut bound = 0u128;
        if l == self.d(x, y) {
            bound += self.shortest_count(x, y);
        }
        let docks: Vec<(usize, Point)> = (1..l as usize)
            .flat_map(|i| {
                self.points()
                    .filter(move |&v| self.d(x, v) == i as u32 && self.d(v, y) == l - i as u32)
                    .map(move |v| (i, v))
            })
            .collect();
        for &(_, v) in &docks {
            bound += self.shortest_count(x, v) * self.shortest_count(v, y);
        }
        if bound > cap {
            return None;
        }
        let mut out: BTreeSet<Trajectory> = BTreeSet::new();
        if l == self.d(x, y) {
            out.extend(self.shortest_paths(x, y));
        }
        for &(_, v) in &docks {
            let suffixes = self.shortest_paths(v, y);
            for prefix in self.shortest_paths(x, v) {
                for suffix in &suffixes {
                    let mut t = prefix.clone();
                    t.extend_from_slice(&suffix[1..]);
                    out.insert(t);
                }
            }
        }
        Some(out)
    }

    /// Every walk x → y of length l, by brute force, if there are at most `cap` of them.
    fn all_walks(&self, x: Point, y: Point, l: u32, cap: u128) -> Option<Vec<Trajectory>> {
        // walks[j][v]: the number of walks of length j from v to y.
        let mut walks = vec![vec![0u128; self.n]];
        walks[0][y.index()] = 1;
        for j in 1..=l as usize {
            let row = (0..self.n)
                .map(|v| {
                    self.succ[v]
                        .iter()
                        .map(|w| walks[j - 1][w.index()])
                        .fold(0u128, u128::saturating_add)
                })
                .collect();
            walks.push(row);
        }
        if walks[l as usize][x.index()] > cap {
            return None;
        }
        fn go(
            o: &Oracle,
            walks: &[Vec<u128>],
            path: &mut Vec<Point>,
            rest: usize,
            out: &mut Vec<Trajectory>,
        ) {
            if rest == 0 {
                out.push(path.clone());
                return;
            }
            let cur = *path.last().unwrap();
            for &v in &o.succ[cur.index()] {
                if walks[rest - 1][v.index()] > 0 {
                    path.push(v);
                    go(o, walks, path, rest - 1, out);
                    path.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(self, &walks, &mut vec![x], l as usize, &mut out);
        Some(out)
    }
}

fn is_simple(t: &[Point]) -> bool {
    t.iter().collect::<BTreeSet<_>>().len() == t.len()
}

// ------------------------------------------------------------------------------------------------
// Random cases.

#[derive(Clone, Debug)]
struct RawPiece {
    moves: Vec<Basis>,
    attacks: Option<Vec<Basis>>,
    /// Extra explicit edges, as point seeds taken modulo n.
    edges: Vec<(u32, u32)>,
}

#[derive(Clone, Debug)]
struct Case {
    width: u32,
    height: u32,
    /// Per grid cell (row-major from a1): removed?
    removed: Vec<bool>,
    /// Per grid cell: occupied (sliders stop there, decision A12 of docs/semantics.md §10)? `None`:
    /// no blockers.
    blockers: Option<Vec<bool>>,
    piece: RawPiece,
    /// 0..6: the chess types; 6: the random piece.
    type_index: usize,
    side: Side,
    usage: Usage,
    /// Seeds for choosing points.
    seeds: Vec<u32>,
}

struct Setup {
    board: Board,
    kernel: Kernel,
    m: MotionId,
    oracle: Oracle,
}

impl Case {
    fn setup(&self) -> Setup {
        let mut removed = self.removed.clone();
        if removed.iter().all(|&r| r) {
            removed[0] = false;
        }
        let cells: Vec<[i64; 3]> = (0..removed.len())
            .filter(|&i| removed[i])
            .map(|i| {
                [
                    (i as u32 % self.width) as i64 + 1,
                    (i as u32 / self.width) as i64 + 1,
                    1,
                ]
            })
            .collect();
        let board = Board::grid(self.width, self.height, 1, &cells).expect("a valid board");
        let n = board.len() as u32;
        let edges = self
            .piece
            .edges
            .iter()
            .map(|&(a, b)| (Point(a % n), Point(b % n)))
            .filter(|(a, b)| a != b)
            .collect();
        let mut types = chess_types();
        types.push(PieceType {
            name: "random".into(),
            moves: Motion {
                vectors: self.piece.moves.clone(),
                edges,
            },
            attacks: self.piece.attacks.clone().map(Motion::vectors),
            value: 1.0,
            jumps: Vec::new(),
            crown: None,
        });
        let mut blocked = vec![false; board.len()];
        if let Some(cells) = &self.blockers {
            for p in board.points() {
                let c = board.coords(p).unwrap();
                blocked[p.index()] = cells[(c[1] as u32 * self.width + c[0] as u32) as usize];
            }
        }
        let blockers = self.blockers.as_ref().map(|_| {
            BitSet::from_points(board.len(), board.points().filter(|p| blocked[p.index()]))
        });
        let kernel = Kernel::new(&board, &types, blockers);
        let m = kernel.motion(self.type_index, self.side, self.usage);
        let motion = raw_motion(&types[self.type_index], self.usage);
        let oracle = Oracle::new(
            board.len(),
            oracle_successors(&board, motion, self.side, &blocked),
        );
        Setup {
            board,
            kernel,
            m,
            oracle,
        }
    }

    fn point(&self, n: usize, i: usize) -> Point {
        Point(self.seeds[i % self.seeds.len()] % n as u32)
    }
}

fn basis() -> impl Strategy<Value = Basis> {
    (
        (-3i32..=3, -3i32..=3).prop_filter("a basis vector is not (0,0)", |&d| d != (0, 0)),
        any::<bool>(),
        prop::option::of(1u32..=4),
    )
        .prop_map(|((dx, dy), slide, range)| Basis {
            delta: [dx, dy, 0],
            reach: if slide {
                Reach::Slide { range }
            } else {
                Reach::Leap
            },
        })
}

fn piece() -> impl Strategy<Value = RawPiece> {
    let fixed = |moves: Vec<Basis>| RawPiece {
        moves,
        attacks: None,
        edges: Vec::new(),
    };
    prop_oneof![
        6 => (
            prop::collection::vec(basis(), 1..=4),
            prop::option::weighted(0.3, prop::collection::vec(basis(), 1..=3)),
            prop_oneof![3 => Just(Vec::new()), 1 => prop::collection::vec((any::<u32>(), any::<u32>()), 1..=4)],
        )
            .prop_map(|(moves, attacks, edges)| RawPiece { moves, attacks, edges }),
        // Asymmetric sets.
        1 => Just(fixed(vec![Basis::leap(1, 0), Basis::leap(0, 1)])),
        1 => Just(fixed(vec![Basis::slide(1, 0), Basis::leap(-1, 1)])),
        1 => Just(fixed(vec![Basis::leap(2, 1), Basis::leap(-1, -1)])),
    ]
}

fn case(max_side: u32) -> impl Strategy<Value = Case> {
    (1..=max_side, 1..=max_side)
        .prop_flat_map(|(width, height)| {
            let cells = (width * height) as usize;
            (
                Just(width),
                Just(height),
                0u8..=35,
                prop::collection::vec(0u8..100, cells),
                prop::option::weighted(
                    0.2,
                    prop::collection::vec(prop::bool::weighted(0.15), cells),
                ),
                piece(),
                prop_oneof![1 => 0usize..6, 2 => Just(6usize)],
                prop_oneof![Just(Side::White), Just(Side::Black)],
                prop_oneof![3 => Just(Usage::Move), 1 => Just(Usage::Attack)],
                prop::collection::vec(any::<u32>(), 8),
            )
        })
        .prop_map(
            |(width, height, density, cells, blockers, piece, type_index, side, usage, seeds)| {
                Case {
                    width,
                    height,
                    removed: cells.iter().map(|&c| c < density).collect(),
                    blockers,
                    piece,
                    type_index,
                    side,
                    usage,
                    seeds,
                }
            },
        )
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

// ------------------------------------------------------------------------------------------------
// Properties.

fn check_map(case: &Case) -> Result<(), TestCaseError> {
    let Setup {
        board,
        kernel,
        m,
        oracle,
    } = case.setup();
    let n = board.len();
    prop_assert_eq!(kernel.unreachable(), 2 * n as u32);
    for x in board.points() {
        let want: Vec<Point> = oracle.succ[x.index()].iter().copied().collect();
        prop_assert_eq!(
            kernel.relation(m).successors(x),
            &want[..],
            "R_p({})",
            board.name(x)
        );
        let map = kernel.map(m, x);
        prop_assert_eq!(map.origin(), x);
        prop_assert_eq!(map.unreachable(), 2 * n as u32);
        prop_assert_eq!(
            map.distances(),
            &oracle.dist[x.index()][..],
            "MAP from {}",
            board.name(x)
        );
        let depth = oracle.dist[x.index()]
            .iter()
            .copied()
            .filter(|&d| d < oracle.unreachable())
            .max()
            .unwrap();
        prop_assert_eq!(map.depth(), depth);
        for y in board.points() {
            prop_assert_eq!(map.is_reachable(y), oracle.d(x, y) < oracle.unreachable());
        }
    }
    for y in board.points() {
        let want: Vec<Point> = oracle.filter(|a| oracle.succ[a.index()].contains(&y));
        prop_assert_eq!(kernel.reverse_relation(m).successors(y), &want[..]);
        let to = kernel.map_to(m, y);
        for x in board.points() {
            prop_assert_eq!(
                to.get(x),
                oracle.d(x, y),
                "distance {} -> {}",
                board.name(x),
                board.name(y)
            );
            prop_assert_eq!(to.get(x), kernel.distance(m, x, y));
        }
    }
    Ok(())
}

fn check_helper_sets(case: &Case) -> Result<(), TestCaseError> {
    let Setup {
        board,
        kernel,
        m,
        oracle,
    } = case.setup();
    let n = board.len();
    let two_n = oracle.unreachable();
    // ST_k for k up to one past the depth, and ST_2n (the unreachable points).
    for i in 0..4 {
        let x = case.point(n, i);
        let depth = oracle.dist[x.index()]
            .iter()
            .copied()
            .filter(|&d| d < two_n)
            .max()
            .unwrap();
        for k in (0..=depth + 1).chain([two_n]) {
            prop_assert_eq!(
                kernel.st(m, x, k).to_vec(),
                oracle.filter(|v| oracle.d(x, v) == k),
                "ST_{}({})",
                k,
                board.name(x)
            );
        }
    }
    for i in 0..3 {
        let (x0, y0) = (case.point(n, 2 * i), case.point(n, 2 * i + 1));
        let d = oracle.d(x0, y0);
        let sum_def = |l0: u32| oracle.filter(|v| oracle.d(x0, v) + oracle.d(v, y0) == l0);
        let mut lengths: BTreeSet<u32> = (0..=d.min(2 * n as u32) + 3).collect();
        lengths.extend([two_n, 2 * two_n]);
        for &l0 in &lengths {
            prop_assert_eq!(
                kernel.sum(m, x0, y0, l0).to_vec(),
                sum_def(l0),
                "SUM l0 = {}",
                l0
            );
            prop_assert_eq!(
                kernel.dock(m, x0, y0, l0).to_vec(),
                sum_def(l0),
                "DOCK l = {}",
                l0
            );
        }
        // The segment-local MOVE of decision A4 (docs/semantics.md §5.3) for every stop, including
        // l − 1 = 2n (unreachable successors).
        for x in board.points() {
            for l in (0..=oracle.d(x, y0).min(n as u32) + 2).chain([two_n + 1]) {
                let want: Vec<Point> = oracle.succ[x.index()]
                    .iter()
                    .copied()
                    .filter(|&v| l >= 1 && oracle.d(v, y0) == l - 1)
                    .collect();
                prop_assert_eq!(
                    kernel.local_move_set(m, x, y0, l).to_vec(),
                    want,
                    "local MOVE_{}({})",
                    l,
                    board.name(x)
                );
            }
        }
        // MOVE_l(x) = ST_1(x) ∩ ST_{l0−l+1}(x0) ∩ SUM literally, and next_i; for l0 = MAP.
        if d < two_n {
            let l0 = d;
            for x in board.points() {
                let on_sum = oracle.d(x0, x) + oracle.d(x, y0) == l0;
                let ls: Vec<u32> = if on_sum {
                    let l = l0 - oracle.d(x0, x);
                    (l.saturating_sub(1)..=l + 1).collect()
                } else {
                    vec![1]
                };
                for l in ls {
                    let want = oracle.filter(|v| {
                        oracle.d(x, v) == 1
                            && (l0 + 1).checked_sub(l) == Some(oracle.d(x0, v))
                            && oracle.d(x0, v) + oracle.d(v, y0) == l0
                    });
                    let got = kernel.move_set(m, Route::new(x0, y0, l0), x, l).to_vec();
                    prop_assert_eq!(&got, &want, "MOVE_{}({})", l, board.name(x));
                    // docs/semantics.md §2.3: on a shortest path with MAP(x0, x) = l0 − l, MOVE
                    // equals the local form.
                    if on_sum && oracle.d(x0, x) + l == l0 {
                        prop_assert_eq!(&got, &kernel.local_move_set(m, x, y0, l).to_vec());
                    }
                    for i in 1..=want.len() + 1 {
                        let next = want.get(i - 1).or(want.last()).copied().unwrap_or(x);
                        prop_assert_eq!(kernel.next(m, Route::new(x0, y0, l0), x, l, i), next);
                    }
                }
            }
        }
        // med_i and lmed_i.
        for l in d.min(n as u32)..=d.min(n as u32) + 2 {
            let dock = sum_def(l);
            for i in 1..=dock.len() + 1 {
                let med = dock.get(i - 1).or(dock.last()).copied().unwrap_or(x0);
                prop_assert_eq!(kernel.med(m, x0, y0, l, i), med);
                prop_assert_eq!(kernel.lmed(m, x0, y0, l, i), oracle.d(x0, med));
            }
        }
    }
    Ok(())
}

/// `collect(limit)` fails exactly when the bundle has more than `limit` trajectories.
fn check_collect(
    bundle: &Bundle,
    all: &[Trajectory],
    simple_only: bool,
) -> Result<(), TestCaseError> {
    let c = all.len();
    for limit in [0, c.saturating_sub(1), c, c + 1, c / 2] {
        match bundle.collect(limit) {
            Ok(ts) => {
                prop_assert!(
                    c <= limit,
                    "collect({}) of {} trajectories succeeded",
                    limit,
                    c
                );
                prop_assert_eq!(&ts[..], all);
            }
            Err(TooMany {
                count,
                limit: l,
                counting,
            }) => {
                prop_assert!(c > limit, "collect({}) of {} trajectories failed", limit, c);
                prop_assert_eq!(l, limit);
                prop_assert!(!counting);
                if !simple_only {
                    prop_assert_eq!(count, Some(c as u128));
                }
            }
        }
        // The count is exact, and bounded by the limit only where it lists (simple ones).
        match bundle.count_up_to(limit) {
            Ok(n) => {
                prop_assert_eq!(n, c as u128);
                prop_assert!(!simple_only || c <= limit);
            }
            Err(Listing::TooMany(e)) => {
                prop_assert!(simple_only && c > limit && e.counting, "{} of {}", limit, c);
            }
            Err(e) => prop_assert!(false, "{}", e),
        }
    }
    Ok(())
}

fn strictly_sorted(ts: &[Trajectory]) -> bool {
    ts.windows(2).all(|w| w[0] < w[1])
}

fn check_shortest_bundles(case: &Case) -> Result<(), TestCaseError> {
    let Setup {
        board,
        kernel,
        m,
        oracle,
    } = case.setup();
    let n = board.len();
    for i in 0..4 {
        let (x, y) = (case.point(n, 2 * i), case.point(n, 2 * i + 1));
        let d = oracle.d(x, y);
        let b = Bundle::new(&kernel, m, x, y, None, BundleOptions::default());
        prop_assert_eq!(b.distance(), d);
        prop_assert_eq!((b.from(), b.to()), (x, y));
        if x == y || d == oracle.unreachable() {
            prop_assert_eq!(b.length(), None);
            prop_assert_eq!(b.count(), 0);
            prop_assert_eq!(b.iter().next(), None);
            check_collect(&b, &[], false)?;
            continue;
        }
        prop_assert_eq!(b.length(), Some(d));
        let want = oracle.shortest_count(x, y);
        prop_assert!(want >= 1);
        prop_assert_eq!(b.count(), want, "{} -> {}", board.name(x), board.name(y));
        let cap = 3000;
        let ts: Vec<Trajectory> = b.iter().take(cap).collect();
        for t in &ts {
            prop_assert!(
                t.len() == d as usize + 1 && t[0] == x && t[d as usize] == y,
                "{:?}",
                t
            );
            prop_assert!(oracle.is_walk(t), "not a walk: {:?}", t);
        }
        prop_assert!(strictly_sorted(&ts), "not distinct and sorted");
        if want <= cap as u128 {
            prop_assert_eq!(ts.len() as u128, want);
            let mut all = oracle.shortest_paths(x, y);
            all.sort();
            prop_assert_eq!(&ts, &all);
            check_collect(&b, &ts, false)?;
        }
    }
    Ok(())
}

fn check_admissible_bundles(case: &Case) -> Result<(), TestCaseError> {
    const MAX_L: u32 = 6;
    let Setup {
        board,
        kernel,
        m,
        oracle,
    } = case.setup();
    let n = board.len();
    let two_n = oracle.unreachable();
    let rules = [AdmissibleRule::S16, AdmissibleRule::S06];
    for i in 0..3 {
        let (x, y) = (case.point(n, 2 * i), case.point(n, 2 * i + 1));
        let d = oracle.d(x, y);
        if x == y || d == two_n {
            for l in [0, 1, 2, d.min(two_n - 1)] {
                for rule in rules {
                    let b = Bundle::new(
                        &kernel,
                        m,
                        x,
                        y,
                        Some(l),
                        BundleOptions {
                            rule,
                            simple_only: false,
                        },
                    );
                    prop_assert_eq!(b.length(), None);
                    prop_assert_eq!(b.count(), 0);
                    prop_assert_eq!(b.iter().next(), None);
                }
            }
            continue;
        }
        // Too short, at or beyond 2·MAP under S-16, and at 2n: nothing.
        for (l, rule) in [
            (d - 1, AdmissibleRule::S06),
            (2 * d, AdmissibleRule::S16),
            (two_n, AdmissibleRule::S06),
        ] {
            let b = Bundle::new(
                &kernel,
                m,
                x,
                y,
                Some(l),
                BundleOptions {
                    rule,
                    simple_only: false,
                },
            );
            prop_assert_eq!(b.length(), None, "l = {} under {:?}", l, rule);
            prop_assert_eq!(b.count(), 0);
            prop_assert_eq!(b.iter().next(), None);
        }
        for l in d..=(d + 2).min(MAX_L) {
            let Some(expected) = oracle.admissible_by_splits(x, y, l, 20_000) else {
                continue;
            };
            // Cross-check the constructive set against brute force over all walks.
            if let Some(walks) = oracle.all_walks(x, y, l, 4_000) {
                let filtered: BTreeSet<Trajectory> = walks
                    .into_iter()
                    .filter(|t| oracle.is_admissible(t, x, y, l))
                    .collect();
                prop_assert_eq!(&filtered, &expected, "brute force vs splits, l = {}", l);
            }
            let expected: Vec<Trajectory> = expected.into_iter().collect();
            for rule in rules {
                let allowed = rule == AdmissibleRule::S06 || l < 2 * d;
                for simple_only in [false, true] {
                    let b = Bundle::new(
                        &kernel,
                        m,
                        x,
                        y,
                        Some(l),
                        BundleOptions { rule, simple_only },
                    );
                    let want: Vec<Trajectory> = if allowed {
                        expected
                            .iter()
                            .filter(|t| !simple_only || is_simple(t))
                            .cloned()
                            .collect()
                    } else {
                        Vec::new()
                    };
                    let ctx = format!(
                        "{} -> {}, l = {l}, {rule:?}, simple_only = {simple_only}",
                        board.name(x),
                        board.name(y)
                    );
                    prop_assert_eq!(b.length(), allowed.then_some(l), "{}", ctx);
                    prop_assert_eq!(b.distance(), d);
                    let got: Vec<Trajectory> = b.iter().collect();
                    for t in &got {
                        prop_assert!(
                            oracle.is_admissible(t, x, y, l),
                            "not admissible: {:?} ({})",
                            t,
                            ctx
                        );
                        prop_assert!(!simple_only || is_simple(t), "not simple: {:?}", t);
                    }
                    prop_assert!(strictly_sorted(&got), "not distinct and sorted ({})", ctx);
                    prop_assert_eq!(&got, &want, "{}", ctx);
                    prop_assert_eq!(b.count(), want.len() as u128, "count ({})", ctx);
                    check_collect(&b, &got, simple_only)?;
                }
            }
            if l == d {
                let shortest = Bundle::new(&kernel, m, x, y, None, BundleOptions::default());
                prop_assert_eq!(shortest.iter().collect::<Vec<_>>(), expected);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(config(128))]
    #[test]
    fn map_agrees_with_bfs(case in case(16)) {
        check_map(&case)?;
    }
}

proptest! {
    #![proptest_config(config(96))]
    #[test]
    fn helper_sets_agree_with_definitions(case in case(12)) {
        check_helper_sets(&case)?;
    }
}

proptest! {
    #![proptest_config(config(256))]
    #[test]
    fn shortest_bundles_agree_with_layer_counts(case in case(16)) {
        check_shortest_bundles(&case)?;
    }
}

proptest! {
    #![proptest_config(config(512))]
    #[test]
    fn admissible_bundles_agree_with_definition(case in case(6)) {
        check_admissible_bundles(&case)?;
    }
}

// ------------------------------------------------------------------------------------------------
// Deterministic tests.

fn edge_type(name: &str, edges: &[(u32, u32)]) -> PieceType {
    PieceType {
        name: name.into(),
        moves: Motion {
            vectors: Vec::new(),
            edges: edges.iter().map(|&(a, b)| (Point(a), Point(b))).collect(),
        },
        attacks: None,
        value: 1.0,
        jumps: Vec::new(),
        crown: None,
    }
}

fn graph(names: &[&str]) -> Board {
    Board::graph(names.iter().map(|s| s.to_string()).collect()).unwrap()
}

fn all(b: &Bundle) -> Vec<Vec<u32>> {
    b.iter().map(|t| t.iter().map(|p| p.0).collect()).collect()
}

#[test]
fn directed_cycle_on_a_graph_board() {
    // 0 → 1 → 2 → 3 → 4 → 0, and an isolated point 5.
    let board = graph(&["p0", "p1", "p2", "p3", "p4", "q"]);
    let ty = edge_type("cycle", &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0)]);
    let k = Kernel::new(&board, &[ty], None);
    let m = k.motion(0, Side::White, Usage::Move);
    assert_eq!(
        k.motion(0, Side::Black, Usage::Attack),
        m,
        "edges are absolute"
    );
    for x in 0..5u32 {
        for y in 0..5u32 {
            let want = (y + 5 - x) % 5;
            assert_eq!(k.distance(m, Point(x), Point(y)), want);
            assert_eq!(k.map_to(m, Point(y)).get(Point(x)), want);
        }
        assert_eq!(k.distance(m, Point(x), Point(5)), 12);
        assert_eq!(k.distance(m, Point(5), Point(x)), 12);
        assert_eq!(
            k.reverse_relation(m).successors(Point(x)),
            &[Point((x + 4) % 5)]
        );
    }
    assert_eq!(k.map(m, Point(5)).depth(), 0);
    let s16 = BundleOptions::default();
    let s06 = BundleOptions {
        rule: AdmissibleRule::S06,
        simple_only: false,
    };
    let b = Bundle::new(&k, m, Point(0), Point(3), None, s16);
    assert_eq!(all(&b), [[0, 1, 2, 3]]);
    // Length 4: allowed by S-16 (4 < 6) but no walk of that length exists.
    let b = Bundle::new(&k, m, Point(0), Point(3), Some(4), s16);
    assert_eq!((b.length(), b.count()), (Some(4), 0));
    // Length 8 = once round plus the path: split at p4 (0 1 2 3 4 | 4 0 1 2 3); only S-06 allows it.
    assert_eq!(
        Bundle::new(&k, m, Point(0), Point(3), Some(8), s16).length(),
        None
    );
    let b = Bundle::new(&k, m, Point(0), Point(3), Some(8), s06);
    assert_eq!(all(&b), [[0, 1, 2, 3, 4, 0, 1, 2, 3]]);
    assert_eq!(b.count(), 1);
    let simple = Bundle::new(
        &k,
        m,
        Point(0),
        Point(3),
        Some(8),
        BundleOptions {
            simple_only: true,
            ..s06
        },
    );
    assert_eq!(simple.count(), 0);
    // Backwards is the long way round; the isolated point is unreachable.
    assert_eq!(
        all(&Bundle::new(&k, m, Point(3), Point(0), None, s16)),
        [[3, 4, 0]]
    );
    assert_eq!(
        Bundle::new(&k, m, Point(0), Point(5), None, s16).length(),
        None
    );
    assert_eq!(
        Bundle::new(&k, m, Point(0), Point(5), Some(3), s06).count(),
        0
    );
}

#[test]
fn dag_on_a_graph_board() {
    // s → a, s → b, a → c, b → c, c → t, b → t.
    let board = graph(&["s", "a", "b", "c", "t"]);
    let ty = edge_type("dag", &[(0, 1), (0, 2), (1, 3), (2, 3), (3, 4), (2, 4)]);
    let k = Kernel::new(&board, &[ty], None);
    let m = k.motion(0, Side::White, Usage::Move);
    let p = |s: &str| board.parse_point(s).unwrap();
    let from_s: Vec<u32> = board.points().map(|v| k.distance(m, p("s"), v)).collect();
    assert_eq!(from_s, [0, 1, 1, 2, 2]);
    // Distances to t over the reversed relation; nothing but s reaches s.
    assert_eq!(k.map_to(m, p("t")).distances(), &[2, 2, 1, 1, 0]);
    assert_eq!(k.map_to(m, p("s")).distances(), &[0, 10, 10, 10, 10]);
    assert_eq!(k.map(m, p("t")).distances(), &[10, 10, 10, 10, 0]);
    assert_eq!(k.reverse_relation(m).successors(p("c")), &[p("a"), p("b")]);
    assert_eq!(k.reverse_relation(m).successors(p("t")), &[p("b"), p("c")]);
    assert_eq!(k.reverse_relation(m).successors(p("s")), &[] as &[Point]);
    let opts = BundleOptions::default();
    assert_eq!(
        all(&Bundle::new(&k, m, p("s"), p("t"), None, opts)),
        [[0, 2, 4]]
    );
    // Length 3: s a c t (split at a) and s b c t (split at c).
    let b = Bundle::new(&k, m, p("s"), p("t"), Some(3), opts);
    assert_eq!(all(&b), [[0, 1, 3, 4], [0, 2, 3, 4]]);
    assert_eq!(b.count(), 2);
    assert_eq!(k.sum(m, p("s"), p("t"), 3).to_vec(), [p("a"), p("c")]);
    assert_eq!(
        k.dock(m, p("s"), p("t"), 2).to_vec(),
        [p("s"), p("b"), p("t")]
    );
    // No walk of length 4; nothing back from t.
    let s06 = BundleOptions {
        rule: AdmissibleRule::S06,
        simple_only: false,
    };
    assert_eq!(Bundle::new(&k, m, p("s"), p("t"), Some(4), s06).count(), 0);
    assert_eq!(
        Bundle::new(&k, m, p("t"), p("s"), None, opts).length(),
        None
    );
}

#[test]
fn three_dimensional_king_distance_is_chebyshev() {
    let board = Board::grid(3, 3, 3, &[]).unwrap();
    let mut deltas = Vec::new();
    for dx in -1..=1 {
        for dy in -1..=1 {
            for dz in -1..=1 {
                if (dx, dy, dz) != (0, 0, 0) {
                    deltas.push(Basis {
                        delta: [dx, dy, dz],
                        reach: Reach::Leap,
                    });
                }
            }
        }
    }
    assert_eq!(deltas.len(), 26);
    let king = PieceType {
        name: "king3".into(),
        moves: Motion::vectors(deltas),
        attacks: None,
        value: 1.0,
        jumps: Vec::new(),
        crown: None,
    };
    let k = Kernel::new(&board, &[king], None);
    let m = k.motion(0, Side::Black, Usage::Move);
    for x in board.points() {
        for y in board.points() {
            let (a, b) = (board.coords(x).unwrap(), board.coords(y).unwrap());
            let cheb = (0..3).map(|i| (a[i] - b[i]).unsigned_abs()).max().unwrap();
            assert_eq!(
                k.distance(m, x, y),
                cheb,
                "{} -> {}",
                board.name(x),
                board.name(y)
            );
        }
    }
    let p = |s: &str| board.parse_point(s).unwrap();
    // Corner to corner only through the centre; along an edge of the cube through the 4 cells
    // (2, y, z) with y, z ≤ 2.
    let opts = BundleOptions::default();
    let b = Bundle::new(&k, m, p("(1,1,1)"), p("(3,3,3)"), None, opts);
    assert_eq!(
        b.collect(10).unwrap(),
        [vec![p("(1,1,1)"), p("(2,2,2)"), p("(3,3,3)")]]
    );
    assert_eq!(
        Bundle::new(&k, m, p("(1,1,1)"), p("(3,1,1)"), None, opts).count(),
        4
    );
}

#[test]
fn sparse_boards_agree_with_the_oracle() {
    // 65 x 65 = 4225 points > DENSE_LIMIT: the kernel uses adjacency-list BFS.
    let removed: Vec<[i64; 3]> = (2..64).map(|y| [33, y, 1]).collect();
    let board = Board::grid(65, 65, 1, &removed).unwrap();
    assert!(board.len() > lingeo::relation::DENSE_LIMIT);
    let types = chess_types();
    let k = Kernel::new(&board, &types, None);
    for t in [0, 2, 4, 5] {
        let m = k.motion(t, Side::Black, Usage::Move);
        let succ = oracle_successors(
            &board,
            raw_motion(&types[t], Usage::Move),
            Side::Black,
            &vec![false; board.len()],
        );
        let x = board.parse_point("(1,30)").unwrap();
        let y = board.parse_point("(64,31)").unwrap();
        // One BFS from x, and one into y over lists reversed here.
        let mut reversed = vec![BTreeSet::new(); board.len()];
        for (a, list) in succ.iter().enumerate() {
            for b in list {
                reversed[b.index()].insert(Point(a as u32));
            }
        }
        let to_y = bfs(&reversed, y, 2 * board.len() as u32);
        let oracle = Oracle::with_sources(board.len(), succ, &[x]);
        assert_eq!(
            k.map(m, x).distances(),
            &oracle.dist[x.index()][..],
            "type {t}"
        );
        assert_eq!(k.map_to(m, y).distances(), &to_y[..], "type {t}");
        let b = Bundle::new(&k, m, x, y, None, BundleOptions::default());
        assert_eq!(b.count(), oracle.shortest_count(x, y), "type {t}");
    }
}

#[test]
fn known_king_bundle_sizes() {
    let types = chess_types();
    let board = Board::grid(8, 8, 1, &[]).unwrap();
    let k = Kernel::new(&board, &types, None);
    let m = k.motion(0, Side::White, Usage::Move);
    let p = |s: &str| board.parse_point(s).unwrap();
    let b = Bundle::new(&k, m, p("a5"), p("h5"), None, BundleOptions::default());
    assert_eq!((b.count(), b.iter().count()), (393, 393));
    // Length 8: 1844 admissible trajectories (also by brute force over walks, outside this file).
    let b = Bundle::new(&k, m, p("a5"), p("h5"), Some(8), BundleOptions::default());
    assert_eq!((b.count(), b.iter().count()), (1844, 1844));
    let succ = oracle_successors(&board, &types[0].moves, Side::White, &[false; 64]);
    let oracle = Oracle::new(board.len(), succ);
    let by_splits = oracle
        .admissible_by_splits(p("a5"), p("h5"), 8, 10_000)
        .unwrap();
    assert_eq!(b.iter().collect::<BTreeSet<_>>(), by_splits);

    // 15x15, (1,1) -> (15,1): the Motzkin number M_14.
    let board = Board::grid(15, 15, 1, &[]).unwrap();
    let k = Kernel::new(&board, &types, None);
    let m = k.motion(0, Side::White, Usage::Move);
    let (x, y) = (
        board.parse_point("(1,1)").unwrap(),
        board.parse_point("(15,1)").unwrap(),
    );
    let b = Bundle::new(&k, m, x, y, None, BundleOptions::default());
    assert_eq!(b.count(), 113_634);
    assert_eq!(b.iter().count(), 113_634);
    let succ = oracle_successors(
        &board,
        &types[0].moves,
        Side::White,
        &vec![false; board.len()],
    );
    assert_eq!(Oracle::new(board.len(), succ).shortest_count(x, y), 113_634);

    // 64x64, (1,1) -> (64,1): M_63, counted only.
    let board = Board::grid(64, 64, 1, &[]).unwrap();
    let k = Kernel::new(&board, &types, None);
    let m = k.motion(0, Side::Black, Usage::Move);
    let (x, y) = (
        board.parse_point("(1,1)").unwrap(),
        board.parse_point("(64,1)").unwrap(),
    );
    let b = Bundle::new(&k, m, x, y, None, BundleOptions::default());
    assert_eq!(b.count(), 3_229_547_920_421_385_142_120_565_580);
}

/// docs/semantics.md §2.3 defines `ST_k(x) = {v | MAP_{x,p}(v) = k}` and MAP gives unreachable
/// points 2n, so ST_2n(x) is the set of points unreachable from x.
#[test]
fn st_of_two_n_is_the_unreachable_set() {
    let board = Board::grid(2, 1, 1, &[]).unwrap();
    let types = chess_types();
    let k = Kernel::new(&board, &types, None);
    let m = k.motion(5, Side::White, Usage::Move); // a pawn: a1 cannot reach b1
    let (a1, b1) = (
        board.parse_point("a1").unwrap(),
        board.parse_point("b1").unwrap(),
    );
    assert_eq!(k.distance(m, a1, b1), 4);
    assert_eq!(k.st(m, a1, 4).to_vec(), [b1]);
}
