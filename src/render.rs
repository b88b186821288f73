//! Plain-text pictures of boards, distance tables, point sets and trajectories, as the CLI
//! prints them. Deterministic: the same input gives the same bytes.

use std::fmt::Write;

use crate::bitset::BitSet;
use crate::board::{Board, Point, Shape};
use crate::kernel::DistanceMap;

/// A count and the noun agreeing with it: `counted(1, "trajectory", "trajectories")` is
/// `1 trajectory`, and every other number takes `many`.
pub fn counted(n: u128, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// [`counted`] for a count that saturates at `u128::MAX` (the bundle and pattern counts): there
/// it reads `more than N`, never as an exact number it is not.
pub fn counted_saturating(n: u128, one: &str, many: &str) -> String {
    let text = counted(n, one, many);
    if n == u128::MAX {
        format!("more than {text}")
    } else {
        text
    }
}

/// A MAP table drawn as the board: top rank first, unreachable points as `.`, removed as `#`.
/// 3D boards are drawn one layer at a time; graph boards as `point: distance` lines.
pub fn map_table(board: &Board, map: &DistanceMap) -> String {
    let widest = board
        .points()
        .filter(|&p| map.is_reachable(p))
        .map(|p| map.get(p))
        .max();
    let width = widest.map_or(1, |d| d.to_string().len());
    picture(board, width, &|p, out| {
        if map.is_reachable(p) {
            push_decimal(out, map.get(p));
        } else {
            out.push('.');
        }
    })
}

/// `n` in decimal, without the formatting machinery: a MAP picture has a number per point.
fn push_decimal(out: &mut String, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut v = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    digits[i..].iter().for_each(|&d| out.push(d as char));
}

/// Any per-point labelling drawn as the board (see [`map_table`]).
pub fn grid_picture(board: &Board, cell: &dyn Fn(Point) -> String) -> String {
    let labels: Vec<String> = board.points().map(cell).collect();
    let width = labels.iter().map(String::len).max().unwrap_or(1);
    picture(board, width, &|p, out| out.push_str(&labels[p.index()]))
}

/// `label` right-aligned to `width` characters, as `{label:>width$}` pads it.
fn pad(out: &mut String, label: &str, width: usize) {
    out.extend(std::iter::repeat_n(
        ' ',
        width.saturating_sub(label.chars().count()),
    ));
    out.push_str(label);
}

/// The board with each point's label, written by `cell` and right-aligned to `width` (at
/// least 1) characters: one buffer for the whole picture, no string per point.
fn picture(board: &Board, width: usize, cell: &dyn Fn(Point, &mut String)) -> String {
    let mut out = String::new();
    let mut label = String::new();
    let Shape::Grid { dims: [w, h, d] } = *board.shape() else {
        let names = board
            .points()
            .map(|p| board.name(p).len())
            .max()
            .unwrap_or(1);
        for p in board.points() {
            pad(&mut out, &board.name(p), names);
            out.push_str(": ");
            cell(p, &mut out);
            out.push('\n');
        }
        return out;
    };
    let mut width = width.max(1);
    let algebraic = board.algebraic();
    if !algebraic {
        width = width.max(w.to_string().len());
    }
    let margin = h.to_string().len();
    let row = margin + 2 + w as usize * (width + 1);
    out.reserve(row * (h as usize + 2) * d as usize);
    for z in 0..d {
        if d > 1 {
            let _ = writeln!(out, "z = {}", z + 1);
        }
        for y in (0..h).rev() {
            let _ = write!(out, "{:>margin$} ", y + 1);
            for x in 0..w {
                out.push(' ');
                label.clear();
                match board.at([x as i32, y as i32, z as i32]) {
                    Some(p) => cell(p, &mut label),
                    None => label.push('#'),
                }
                pad(&mut out, &label, width);
            }
            out.push('\n');
        }
        let _ = write!(out, "{:>margin$} ", "");
        for x in 0..w {
            out.push(' ');
            label.clear();
            if algebraic {
                label.push((b'a' + x as u8) as char);
            } else {
                let _ = write!(label, "{}", x + 1);
            }
            pad(&mut out, &label, width);
        }
        out.push('\n');
        if z + 1 < d {
            out.push('\n');
        }
    }
    out
}

/// `{e5, f5, g5}` in enumeration order.
pub fn point_set(board: &Board, set: &BitSet) -> String {
    let mut out = String::from("{");
    for (i, p) in set.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        board.write_name(p, &mut out);
    }
    out.push('}');
    out
}

/// `a5 b4 c3 ...`
pub fn trajectory(board: &Board, t: &[Point]) -> String {
    let mut out = String::new();
    write_trajectory(board, t, &mut out);
    out
}

/// [`trajectory`] appended to `out`: listings write every trajectory into one buffer.
pub fn write_trajectory(board: &Board, t: &[Point], out: &mut String) {
    for (i, &p) in t.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        board.write_name(p, out);
    }
}

/// Stilman's form `a(a5)a(b4)...`.
pub fn trajectory_string(board: &Board, t: &[Point]) -> String {
    t.iter().map(|&p| format!("a({})", board.name(p))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernel::Kernel;
    use crate::piece::{Side, Usage, chess_types};

    #[test]
    fn map_table_draws_removed_and_unreachable_points() {
        let board = Board::grid(3, 2, 1, &[[2, 1, 1]]).unwrap();
        let k = Kernel::new(&board, &chess_types(), None);
        let pawn = k.motion(5, Side::White, Usage::Move);
        let a1 = board.parse_point("a1").unwrap();
        assert_eq!(
            map_table(&board, k.map(pawn, a1)),
            "2  1 . .\n1  0 # .\n   a b c\n"
        );
    }
}
