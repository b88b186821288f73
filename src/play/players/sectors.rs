//! The sectors of a board: the areas the Chessmaps heuristic rates (docs/players.md §2).
//!
//! On 8x8 the partition of the seed's figure: eleven sectors, the queen's side and the king's
//! side cut into four bands of two ranks (1, 2, 10, 11 and 3, 4, 8, 9 from the first rank up)
//! and the two centre files into three (5: ranks 1–3, 6: ranks 4–5, 7: ranks 6–8). Other grids
//! scale it: the files split 3 : 2 : 3 (the outer bands ⌈3w/8⌉ files each, the rest the centre),
//! the outer ranks into four equal bands (rank r in band ⌊4r/h⌋), the centre ranks at ⌊3h/8⌋
//! and h − ⌊3h/8⌋, so that 8x8 gives the figure. A 3D grid uses each point's (x, y). A graph
//! board has one sector. A sector may be empty on a small board; it keeps its number.

use crate::board::{Board, Point};

/// The seed's sectors, numbered 1 to 11.
pub const SECTORS: usize = 11;

/// Per point, its sector (1-based), and the points of each sector.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sectors {
    of: Vec<u8>,
    count: usize,
}

impl Sectors {
    /// The partition seen from White's side: the seed's figure, scaled to the board.
    pub fn of(board: &Board) -> Sectors {
        Sectors::partition(board, false)
    }

    /// The partition seen from Black's side: each point gets the sector of its mirror image
    /// across the middle rank, so that Black's first ranks are sectors 1, 3 and 5 as White's are
    /// (the seed's colour flip).
    pub fn flipped(board: &Board) -> Sectors {
        Sectors::partition(board, true)
    }

    fn partition(board: &Board, flip: bool) -> Sectors {
        let Some([w, h, _]) = board.dims() else {
            return Sectors {
                of: vec![1; board.len()],
                count: 1,
            };
        };
        let of = board
            .points()
            .map(|p| {
                let [x, y, _] = board.coords(p).expect("a grid point has coordinates");
                let y = if flip { h as i32 - 1 - y } else { y };
                sector(x as u32, y as u32, w, h)
            })
            .collect();
        Sectors { of, count: SECTORS }
    }

    /// How many sectors there are (11 on grids, 1 on graph boards).
    pub fn count(&self) -> usize {
        self.count
    }

    /// The sector of `p`, 1-based.
    pub fn sector(&self, p: Point) -> usize {
        usize::from(self.of[p.index()])
    }
}

/// The sector of the 0-based file x and rank y on a w x h grid.
fn sector(x: u32, y: u32, w: u32, h: u32) -> u8 {
    let side = (3 * w).div_ceil(8);
    let band = (4 * y / h).min(3) as usize;
    if x < side {
        [1, 2, 10, 11][band]
    } else if x >= w - side {
        [3, 4, 8, 9][band]
    } else {
        let low = 3 * h / 8;
        if y < low {
            5
        } else if y < h - low {
            6
        } else {
            7
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_8x8_partition_is_the_seed_s_figure() {
        let board = Board::grid(8, 8, 1, &[]).unwrap();
        let s = Sectors::of(&board);
        // Ranks 8 down to 1, files a to h, as the figure draws them.
        let rows: Vec<String> = (0..8)
            .rev()
            .map(|y| {
                (0..8)
                    .map(|x| {
                        let p = board.at([x, y, 0]).unwrap();
                        format!("{:>3}", s.sector(p))
                    })
                    .collect()
            })
            .collect();
        assert_eq!(
            rows,
            [
                " 11 11 11  7  7  9  9  9",
                " 11 11 11  7  7  9  9  9",
                " 10 10 10  7  7  8  8  8",
                " 10 10 10  6  6  8  8  8",
                "  2  2  2  6  6  4  4  4",
                "  2  2  2  5  5  4  4  4",
                "  1  1  1  5  5  3  3  3",
                "  1  1  1  5  5  3  3  3",
            ]
        );
        let mut sizes = [0; SECTORS + 1];
        for p in board.points() {
            sizes[s.sector(p)] += 1;
        }
        assert_eq!(sizes, [0, 6, 6, 6, 6, 6, 4, 6, 6, 6, 6, 6]);
    }

    #[test]
    fn other_boards_scale_the_partition() {
        let board = Board::grid(5, 6, 1, &[]).unwrap();
        let s = Sectors::of(&board);
        let row = |y: i32| -> Vec<usize> {
            (0..5)
                .map(|x| s.sector(board.at([x, y, 0]).unwrap()))
                .collect()
        };
        // Files 2 : 1 : 2 (⌈15/8⌉ = 2), outer ranks in four bands, centre split at 2 and 4.
        assert_eq!(row(0), [1, 1, 5, 3, 3]);
        assert_eq!(row(2), [2, 2, 6, 4, 4]);
        assert_eq!(row(3), [10, 10, 6, 8, 8]);
        assert_eq!(row(5), [11, 11, 7, 9, 9]);
        let line = Board::grid(1, 1, 1, &[]).unwrap();
        assert_eq!(Sectors::of(&line).sector(Point(0)), 1);
        // Seen from Black, the top rank is the first: a6 is in sector 1, c1 in sector 7.
        let f = Sectors::flipped(&board);
        assert_eq!(f.sector(board.at([0, 5, 0]).unwrap()), 1);
        assert_eq!(f.sector(board.at([2, 0, 0]).unwrap()), 7);
        let graph = Board::graph(vec!["a".into(), "b".into()]).unwrap();
        let g = Sectors::of(&graph);
        assert_eq!((g.count(), g.sector(Point(1))), (1, 1));
    }
}
