//! Counting analyses of the MAICS 2013 paper (docs/semantics.md §11.5).
//!
//! Figure 12 estimates the average number of patterns per piece with a formula: averaged over
//! the start squares, the sum over distances j of `j · L_j / r` (`L_j` squares at distance j,
//! `r` reachable squares), which takes the number of shortest paths to a square at distance j
//! to be j. That is exact for the rook (and its value 1.778 holds on any start square); for the
//! other pieces the paper used estimates. Beside it we compute the exact average number of
//! shortest paths per (start, reachable end) pair, and the savings of fuzzy patterns that
//! follow (one fuzzy pattern per pair instead of one pattern per shortest path, Figure 13).

use crate::board::Board;
use crate::bundle::{Bundle, BundleOptions};
use crate::chart::{BarChart, Series};
use crate::kernel::Kernel;
use crate::piece::{Side, Usage, chess_types};
use crate::progress::{Progress, Silent, Task};

/// One row of Figure 12 for one piece on an empty board.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure12Row {
    /// The piece type's name.
    pub piece: &'static str,
    /// The value printed in the paper (8x8 board), if any.
    pub paper: Option<f64>,
    /// The paper's formula, computed on this board.
    pub formula: f64,
    /// The exact average number of shortest paths per (start, reachable end) pair.
    pub exact: f64,
    /// 1 - 1 / exact: the share of patterns that fuzzy patterns save.
    pub savings: f64,
}

/// The pieces of Figure 12, with the values the paper prints.
pub const FIGURE_12: [(&str, f64); 6] = [
    ("pawn", 1.0),
    ("rook", 1.778),
    ("bishop", 1.718),
    ("knight", 5.167),
    ("queen", 3.681),
    ("king", 4.475),
];

/// Figure 12 on an empty `width` x `height` board (white pieces; pawns move one step forward).
pub fn figure12(width: u32, height: u32) -> Result<Vec<Figure12Row>, crate::board::BoardError> {
    figure12_observed(width, height, &Silent)
}

/// [`figure12`], telling `progress` of each start point of each piece (a task of six times
/// the board's points, `"starts"`, the piece as its message): on large boards it takes minutes.
pub fn figure12_observed(
    width: u32,
    height: u32,
    progress: &dyn Progress,
) -> Result<Vec<Figure12Row>, crate::board::BoardError> {
    let board = Board::grid(width, height, 1, &[])?;
    let task = Task::start(
        progress,
        Some(FIGURE_12.len() as u64 * board.len() as u64),
        "starts",
    );
    let types = chess_types();
    let kernel = Kernel::new(&board, &types, None);
    let eight = width == 8 && height == 8;
    Ok(FIGURE_12
        .iter()
        .map(|&(name, paper)| {
            let t = types
                .iter()
                .position(|ty| ty.name == name)
                .expect("a chess type");
            task.message(name);
            let m = kernel.motion(t, Side::White, Usage::Move);
            let unreachable = kernel.unreachable();
            let (mut formula_sum, mut starts) = (0.0, 0u64);
            let (mut paths, mut pairs) = (0u128, 0u128);
            for x in board.points() {
                task.advance(1);
                let map = kernel.map(m, x);
                let reachable: Vec<_> = board
                    .points()
                    .filter(|&y| y != x && map.get(y) < unreachable)
                    .collect();
                if reachable.is_empty() {
                    continue;
                }
                let r = reachable.len() as f64;
                formula_sum += reachable
                    .iter()
                    .map(|&y| f64::from(map.get(y)))
                    .sum::<f64>()
                    / r;
                starts += 1;
                for &y in &reachable {
                    paths += Bundle::new(&kernel, m, x, y, None, BundleOptions::default()).count();
                    pairs += 1;
                }
            }
            let exact = if pairs == 0 {
                0.0
            } else {
                paths as f64 / pairs as f64
            };
            Figure12Row {
                piece: name,
                paper: eight.then_some(paper),
                formula: if starts == 0 {
                    0.0
                } else {
                    formula_sum / starts as f64
                },
                exact,
                savings: if exact > 0.0 { 1.0 - 1.0 / exact } else { 0.0 },
            }
        })
        .collect())
}

/// Figure 12 (and 13) as a bar chart: per piece the paper's value (8x8 only), the formula and
/// the exact average, with the savings of fuzzy patterns under each piece.
pub fn figure12_chart(width: u32, height: u32, rows: &[Figure12Row]) -> BarChart {
    let mut series = vec![
        Series {
            name: "the paper's formula".into(),
            values: rows.iter().map(|r| r.formula).collect(),
        },
        Series {
            name: "exact shortest paths per pair".into(),
            values: rows.iter().map(|r| r.exact).collect(),
        },
    ];
    if rows.iter().all(|r| r.paper.is_some()) {
        series.insert(
            0,
            Series {
                name: "printed in the paper".into(),
                values: rows.iter().map(|r| r.paper.unwrap_or(0.0)).collect(),
            },
        );
    }
    BarChart {
        title: format!("Figure 12 on an empty {width}x{height} board: patterns per piece"),
        y_label: "average patterns per (start, end) pair".into(),
        categories: rows.iter().map(|r| r.piece.to_string()).collect(),
        series,
        log_scale: false,
        notes: rows
            .iter()
            .map(|r| format!("saves {:.0}%", 100.0 * r.savings))
            .collect(),
        caption: vec![
            "formula: sum of j * L_j / r over distances j, averaged over start squares.".into(),
            "exact: shortest paths averaged over every (start, reachable end) pair; \
             savings: 1 - 1 / exact (Figure 13)."
                .into(),
        ],
        compact: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_formula_gives_its_rook_and_bishop_values() {
        let rows = figure12(8, 8).unwrap();
        let row = |p: &str| rows.iter().find(|r| r.piece == p).unwrap().clone();
        assert_eq!(format!("{:.3}", row("rook").formula), "1.778");
        assert_eq!(format!("{:.3}", row("bishop").formula), "1.718");
        // For the rook the formula is exact: 2 paths to every square at distance 2.
        assert!((row("rook").exact - row("rook").formula).abs() < 1e-12);
        // Pawns have one path to every square ahead.
        assert_eq!(row("pawn").exact, 1.0);
        assert_eq!(format!("{:.0}%", 100.0 * row("rook").savings), "44%");
    }
}
