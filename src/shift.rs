//! A grid motion as word shifts of bit sets: on a grid the cells one vector reaches from a set
//! of cells are the set shifted by the vector's cell offset (`dx + dy·w + dz·w·h`), once it is
//! masked to the cells whose step lands on a present cell. So one breadth-first layer of a
//! leaping piece costs a few word operations per vector, whatever the number of points in it,
//! where OR-ing one relation row per point costs a row per point. A slide of unlimited range is
//! filled by doubling shifts (Kogge-Stone: shifts by 1, 2, 4, ... steps through the cells a ray
//! may pass), a slide of a short range one step at a time; both stop at the edge, a removed
//! point or a blocker.
//!
//! Sets here are over grid cells (removed ones included, never set), not points: on a grid with
//! removed points the caller maps cells to points.

use crate::bitset::{BitSet, words_for};
use crate::board::{Board, Point, Shape};
use crate::piece::{Motion, Reach};
use crate::relation::DENSE_LIMIT;

/// One basis vector.
#[derive(Clone, Debug)]
struct Move {
    /// The cell offset of one step.
    offset: i64,
    /// The cells from which one step lands on a present cell.
    mask: Vec<u64>,
    ray: Ray,
}

#[derive(Clone, Debug)]
enum Ray {
    /// A leap (1) or a slide of a range shorter than the board, one step at a time.
    Steps(u32),
    /// A slide as far as it goes: per round k, the cells from which `2^k` steps pass only
    /// through cells a ray may go on from (present, and no blocker).
    Fill(Vec<Vec<u64>>),
}

/// The shift plan of one oriented motion on one grid.
#[derive(Clone, Debug)]
pub struct Shifts {
    board: Board,
    /// Words per cell set.
    words: usize,
    moves: Vec<Move>,
    /// Occupied cells, where a slide stops (decision A12).
    blockers: Option<Vec<u64>>,
    /// Steps in the longest line of the grid.
    longest: u32,
    /// Where the leaps with the zero vector are a product of one set of steps per axis (a
    /// king: {-1, 0, 1} on each axis), those steps per axis: a layer is then spread along each
    /// axis in turn, 4 shifts in 2D instead of 8 (6 instead of 26 in 3D). Only on full grids,
    /// where the cell a diagonal leap passes by is always present.
    axes: Option<Vec<Vec<Move>>>,
}

impl Shifts {
    /// The plan for a motion of basis vectors on a grid of at most [`DENSE_LIMIT`] cells (the
    /// boards whose layers the kernel keeps); `None` for graph boards and explicit edges.
    pub fn build(board: &Board, motion: &Motion, blockers: Option<&BitSet>) -> Option<Shifts> {
        let Shape::Grid { dims } = *board.shape() else {
            return None;
        };
        let [w, h, d] = dims.map(i64::from);
        let cells = (w * h * d) as usize;
        // A step over a point depends on the point beyond it, which one mask per vector does
        // not hold: such motions (a jumper's attacks) take the successor lists.
        if !motion.edges.is_empty()
            || cells > DENSE_LIMIT
            || motion.vectors.iter().any(|b| b.reach == Reach::Over)
        {
            return None;
        }
        let words = words_for(cells);
        let blockers = blockers.map(|b| {
            let mut cellset = vec![0u64; words];
            for p in b.iter() {
                let c = board.cell(p).expect("grid points have cells");
                cellset[c / 64] |= 1 << (c % 64);
            }
            cellset
        });
        let mut plan = Shifts {
            board: board.clone(),
            words,
            moves: Vec::new(),
            blockers,
            longest: (w.max(h).max(d) - 1) as u32,
            axes: None,
        };
        for basis in &motion.vectors {
            let [dx, dy, dz] = basis.delta.map(i64::from);
            let offset = dx + dy * w + dz * w * h;
            let mut mask = vec![0u64; words];
            let (xs, ys, zs) = (span(dx, w), span(dy, h), span(dz, d));
            for z in zs.clone() {
                for y in ys.clone() {
                    let row = ((z * h + y) * w) as usize;
                    set_range(&mut mask, row + xs.start as usize, row + xs.end as usize);
                }
            }
            // A step onto a removed cell is no step, and none starts there (the reversed plan's
            // masks are these shifted, so they must hold present cells only).
            if !board.is_full_grid() {
                for cell in (0..cells).filter(|&c| board.point_of_cell(c).is_none()) {
                    let source = cell as i64 - offset;
                    for c in [cell as i64, source] {
                        if (0..cells as i64).contains(&c) {
                            mask[c as usize / 64] &= !(1 << (c % 64));
                        }
                    }
                }
            }
            if mask.iter().any(|&m| m != 0) {
                let range = match basis.reach {
                    Reach::Leap | Reach::Over => Some(1),
                    Reach::Slide { range } => range,
                };
                plan.moves.push(plan.step(offset, mask, range));
            }
        }
        plan.axes = plan.product(motion);
        Some(plan)
    }

    /// The steps per axis of a motion of leaps whose vectors and the zero vector are the
    /// product of a set of steps per axis (each set with 0), on a full grid; `None` otherwise.
    fn product(&self, motion: &Motion) -> Option<Vec<Vec<Move>>> {
        if !self.board.is_full_grid()
            || motion.vectors.is_empty()
            || motion
                .vectors
                .iter()
                .any(|b| !matches!(b.reach, Reach::Leap | Reach::Slide { range: Some(1) }))
        {
            return None;
        }
        let Shape::Grid { dims } = *self.board.shape() else {
            return None;
        };
        let deltas: std::collections::BTreeSet<[i32; 3]> = motion
            .vectors
            .iter()
            .map(|b| b.delta)
            .filter(|d| *d != [0, 0, 0])
            .collect();
        let per_axis: Vec<std::collections::BTreeSet<i32>> = (0..3)
            .map(|a| {
                let mut steps: std::collections::BTreeSet<i32> =
                    deltas.iter().map(|d| d[a]).collect();
                steps.insert(0);
                steps
            })
            .collect();
        let product = per_axis.iter().map(|s| s.len()).product::<usize>() - 1;
        if product != deltas.len() || product < 2 {
            return None;
        }
        // Every vector of the product is a vector of the motion: same count, and each delta
        // is in the product, so the sets are equal.
        let [w, h, _] = dims.map(i64::from);
        let stride = [1, w, w * h];
        let mut axes = Vec::new();
        for (a, steps) in per_axis.iter().enumerate() {
            let mut moves = Vec::new();
            for &step in steps.iter().filter(|&&x| x != 0) {
                let mut delta = [0i64; 3];
                delta[a] = i64::from(step);
                let mask = self.mask_of(delta, dims);
                moves.push(Move {
                    offset: i64::from(step) * stride[a],
                    mask,
                    ray: Ray::Steps(1),
                });
            }
            axes.push(moves);
        }
        Some(axes)
    }

    /// The cells of a full grid from which a step of `delta` lands on the grid.
    fn mask_of(&self, delta: [i64; 3], dims: [u32; 3]) -> Vec<u64> {
        let [w, h, d] = dims.map(i64::from);
        let mut mask = vec![0u64; self.words];
        let (xs, ys, zs) = (span(delta[0], w), span(delta[1], h), span(delta[2], d));
        for z in zs.clone() {
            for y in ys.clone() {
                let row = ((z * h + y) * w) as usize;
                set_range(&mut mask, row + xs.start as usize, row + xs.end as usize);
            }
        }
        mask
    }

    /// A move of `offset` from the cells of `mask`, repeated up to `range` times (`None`: as
    /// far as the board goes).
    fn step(&self, offset: i64, mask: Vec<u64>, range: Option<u32>) -> Move {
        let w = self.words;
        let ray = match range {
            Some(r) if r < self.longest => Ray::Steps(r),
            _ => {
                // The cells a ray may go on from: landed on by a step, and not occupied.
                let mut pass = vec![0u64; w];
                shift_or(&mask, &vec![u64::MAX; w], offset, &mut pass, 0, w);
                if let Some(b) = &self.blockers {
                    pass.iter_mut().zip(b).for_each(|(p, b)| *p &= !b);
                }
                let mut rounds = Vec::new();
                let mut k = 0;
                while (1u64 << k) <= u64::from(self.longest) {
                    let s = offset << k;
                    // Round k moves a ray 2^k steps: from the cells whose landing is passable.
                    let mut from = vec![0u64; w];
                    shift_or(&pass, &vec![u64::MAX; w], -s, &mut from, 0, w);
                    rounds.push(from);
                    let mut both = vec![0u64; w];
                    shift_or(&pass, &vec![u64::MAX; w], s, &mut both, 0, w);
                    pass.iter_mut().zip(&both).for_each(|(p, b)| *p &= b);
                    k += 1;
                }
                Ray::Fill(rounds)
            }
        };
        Move { offset, mask, ray }
    }

    /// The plan of the reverse relation: every vector negated. A reversed slide stops at the
    /// same blockers, since `b` reaches `a` when no cell strictly between them is occupied.
    pub fn reversed(&self) -> Shifts {
        let w = self.words;
        let mut plan = Shifts {
            board: self.board.clone(),
            words: w,
            moves: Vec::with_capacity(self.moves.len()),
            blockers: self.blockers.clone(),
            longest: self.longest,
            // A product of steps per axis negated is the product of the negated steps.
            axes: self.axes.as_ref().map(|axes| {
                axes.iter()
                    .map(|moves| moves.iter().map(|m| self.negated(m)).collect())
                    .collect()
            }),
        };
        for m in &self.moves {
            let back = self.negated(m);
            let range = match m.ray {
                Ray::Steps(r) => Some(r),
                Ray::Fill(_) => None,
            };
            plan.moves.push(plan.step(back.offset, back.mask, range));
        }
        plan
    }

    /// One step of `-v` for a move of `v`: its sources are the targets of v, the forward mask
    /// shifted by v.
    fn negated(&self, m: &Move) -> Move {
        let w = self.words;
        let mut back = vec![0u64; w];
        shift_or(&m.mask, &vec![u64::MAX; w], m.offset, &mut back, 0, w);
        Move {
            offset: -m.offset,
            mask: back,
            ray: Ray::Steps(1),
        }
    }

    /// Whether a layer is spread axis by axis (see `axes`).
    pub fn spreads_by_axis(&self) -> bool {
        self.axes.is_some()
    }

    /// Words per cell set.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The cell of a point.
    pub fn cell(&self, p: Point) -> usize {
        self.board.cell(p).expect("grid points have cells")
    }

    /// The point on a present cell.
    pub fn point(&self, cell: usize) -> Point {
        self.board
            .point_of_cell(cell)
            .expect("cell sets hold present cells only")
    }

    /// Whether cells and points coincide (no removed points), so cell sets are point sets.
    pub fn cells_are_points(&self) -> bool {
        self.board.is_full_grid()
    }

    /// ORs into `next` the cells one move reaches from `from`, and for a motion spread axis by
    /// axis (see `axes`) the cells of `from` too, which a breadth-first search has visited;
    /// `scratch` holds `2 * words()` words for the rays of sliders and the spreads.
    pub fn expand(&self, from: &[u64], next: &mut [u64], scratch: &mut [u64]) {
        let w = self.words;
        // Leaps shift only the words that hold cells.
        let Some(lo) = from.iter().position(|&x| x != 0) else {
            return;
        };
        let hi = w - from.iter().rev().position(|&x| x != 0).unwrap_or(0);
        let (ray, step) = scratch.split_at_mut(w);
        if let Some(axes) = &self.axes {
            // The set spread along each axis in turn, each spread growing the words it covers
            // by the words its steps cross.
            ray.copy_from_slice(from);
            let (mut lo, mut hi) = (lo, hi);
            for moves in axes {
                step[lo..hi].copy_from_slice(&ray[lo..hi]);
                let reach = moves
                    .iter()
                    .map(|m| m.offset.unsigned_abs() as usize / 64 + 1)
                    .max()
                    .unwrap_or(0);
                let (new_lo, new_hi) = (lo.saturating_sub(reach), (hi + reach).min(w));
                step[new_lo..lo].fill(0);
                step[hi..new_hi].fill(0);
                for m in moves {
                    shift_or(ray, &m.mask, m.offset, step, lo, hi);
                }
                (lo, hi) = (new_lo, new_hi);
                ray[lo..hi].copy_from_slice(&step[lo..hi]);
            }
            next[lo..hi]
                .iter_mut()
                .zip(&ray[lo..hi])
                .for_each(|(n, r)| *n |= r);
            return;
        }
        for m in &self.moves {
            match &m.ray {
                Ray::Steps(1) => shift_or(from, &m.mask, m.offset, next, lo, hi),
                Ray::Steps(steps) => {
                    ray.copy_from_slice(from);
                    for _ in 0..*steps {
                        step.fill(0);
                        shift_or(ray, &m.mask, m.offset, step, 0, w);
                        let mut any = 0;
                        for (n, s) in next.iter_mut().zip(step.iter()) {
                            *n |= s;
                            any |= s;
                        }
                        if any == 0 {
                            break;
                        }
                        match &self.blockers {
                            Some(b) => {
                                for ((r, s), b) in ray.iter_mut().zip(step.iter()).zip(b) {
                                    *r = s & !b;
                                }
                            }
                            None => ray.copy_from_slice(step),
                        }
                    }
                }
                Ray::Fill(rounds) => {
                    // `ray`: the origins and every cell a ray passes on from; then one more
                    // step from them all reaches every cell of the slide.
                    ray.copy_from_slice(from);
                    for (k, round) in rounds.iter().enumerate() {
                        step.fill(0);
                        shift_or(ray, round, m.offset << k, step, 0, w);
                        ray.iter_mut().zip(step.iter()).for_each(|(r, s)| *r |= s);
                    }
                    shift_or(ray, &m.mask, m.offset, next, 0, w);
                }
            }
        }
    }
}

/// The 0-based coordinates along one axis of length `len` from which a step of `delta` stays
/// on the axis.
fn span(delta: i64, len: i64) -> std::ops::Range<i64> {
    let (lo, hi) = ((-delta).max(0), (len - delta).min(len));
    lo..hi.max(lo)
}

/// Sets bits `from..to` of a word slice, a word at a time.
fn set_range(words: &mut [u64], from: usize, to: usize) {
    let mut bit = from;
    while bit < to {
        let (i, b) = (bit / 64, bit % 64);
        let n = (64 - b).min(to - bit);
        words[i] |= (u64::MAX >> (64 - n)) << b;
        bit += n;
    }
}

/// `dst |= (src & mask)` shifted by `offset` bits (towards higher cells when positive), for the
/// source words `from..to` (the others being empty). Bits shifted past either end are dropped;
/// the masks keep only bits whose target is a cell. Each part of a word (the bits staying in
/// the word they land in, and those crossing into the next) is one pass of zipped slices, which
/// the compiler turns into vector instructions.
fn shift_or(src: &[u64], mask: &[u64], offset: i64, dst: &mut [u64], from: usize, to: usize) {
    let w = src.len();
    let q = (offset.unsigned_abs() / 64) as usize;
    let r = (offset.unsigned_abs() % 64) as u32;
    if offset >= 0 {
        // Word j lands in words j + q and j + q + 1.
        let to = to.min(w.saturating_sub(q));
        if from >= to {
            return;
        }
        let (s, m) = (&src[from..to], &mask[from..to]);
        let d = &mut dst[from + q..to + q];
        d.iter_mut()
            .zip(s)
            .zip(m)
            .for_each(|((d, s), m)| *d |= (s & m) << r);
        if r != 0 {
            let cross = to.min(w - q - 1).saturating_sub(from);
            let d = &mut dst[from + q + 1..from + q + 1 + cross];
            let tail = |x: u64| x >> (64 - r);
            d.iter_mut()
                .zip(&s[..cross])
                .zip(&m[..cross])
                .for_each(|((d, s), m)| *d |= tail(s & m));
        }
    } else {
        // Word j lands in words j - q and j - q - 1.
        let from = from.max(q);
        if from >= to {
            return;
        }
        let (s, m) = (&src[from..to], &mask[from..to]);
        let d = &mut dst[from - q..to - q];
        d.iter_mut()
            .zip(s)
            .zip(m)
            .for_each(|((d, s), m)| *d |= (s & m) >> r);
        if r != 0 {
            let skip = usize::from(from == q);
            let d = &mut dst[from + skip - q - 1..to - q - 1];
            let head = |x: u64| x << (64 - r);
            d.iter_mut()
                .zip(&s[skip..])
                .zip(&m[skip..])
                .for_each(|((d, s), m)| *d |= head(s & m));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_carry_bits_across_words_both_ways() {
        let mut src = vec![0u64; 3];
        src[0] = 1 << 63;
        src[1] = 1;
        let all = vec![u64::MAX; 3];
        let mut up = vec![0u64; 3];
        shift_or(&src, &all, 65, &mut up, 0, 3);
        assert_eq!(up, [0, 0, 0b11]);
        let mut down = vec![0u64; 3];
        shift_or(&src, &all, -1, &mut down, 0, 3);
        assert_eq!(down, [1 << 62 | 1 << 63, 0, 0]);
    }

    #[test]
    fn masks_stop_wrapping_at_the_edges() {
        let board = Board::grid(3, 3, 1, &[[2, 2, 1]]).unwrap();
        let east = Motion::vectors(vec![crate::piece::Basis::leap(1, 0)]);
        let s = Shifts::build(&board, &east, None).unwrap();
        // Cells a1 b1 a3 b3 (a2 -> b2 is removed, b2 itself is, and c-file cells would wrap).
        assert_eq!(s.moves[0].mask, [0b011_000_011]);
        assert_eq!(s.reversed().moves[0].mask, [0b110_000_110]);
    }
}
