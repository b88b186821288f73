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

/// A MAP table drawn as the board: top rank first, unreachable points as `.`, removed as `#`.
/// 3D boards are drawn one layer at a time; graph boards as `point: distance` lines.
pub fn map_table(board: &Board, map: &DistanceMap) -> String {
    let cell = |p: Point| {
        if map.is_reachable(p) {
            map.get(p).to_string()
        } else {
            ".".to_string()
        }
    };
    grid_picture(board, &cell)
}

/// Any per-point labelling drawn as the board (see [`map_table`]).
pub fn grid_picture(board: &Board, cell: &dyn Fn(Point) -> String) -> String {
    let mut out = String::new();
    let Shape::Grid { dims: [w, h, d] } = *board.shape() else {
        let width = board
            .points()
            .map(|p| board.name(p).len())
            .max()
            .unwrap_or(1);
        for p in board.points() {
            let _ = writeln!(out, "{:>width$}: {}", board.name(p), cell(p));
        }
        return out;
    };
    let mut width = 1;
    for p in board.points() {
        width = width.max(cell(p).len());
    }
    let algebraic = board.algebraic();
    if !algebraic {
        width = width.max(w.to_string().len());
    }
    let margin = h.to_string().len();
    for z in 0..d {
        if d > 1 {
            let _ = writeln!(out, "z = {}", z + 1);
        }
        for y in (0..h).rev() {
            let _ = write!(out, "{:>margin$} ", y + 1);
            for x in 0..w {
                let text = match board.at([x as i32, y as i32, z as i32]) {
                    Some(p) => cell(p),
                    None => "#".to_string(),
                };
                let _ = write!(out, " {text:>width$}");
            }
            out.push('\n');
        }
        let _ = write!(out, "{:>margin$} ", "");
        for x in 0..w {
            let label = if algebraic {
                ((b'a' + x as u8) as char).to_string()
            } else {
                (x + 1).to_string()
            };
            let _ = write!(out, " {label:>width$}");
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
    let names: Vec<&str> = set.iter().map(|p| board.name(p)).collect();
    format!("{{{}}}", names.join(", "))
}

/// `a5 b4 c3 ...`
pub fn trajectory(board: &Board, t: &[Point]) -> String {
    let names: Vec<&str> = t.iter().map(|&p| board.name(p)).collect();
    names.join(" ")
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
