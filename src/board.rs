//! The abstract board: the finite point set X and its enumeration.
//!
//! X is enumerated explicitly, and every set or list lingeo prints follows that order
//! (decision A19, docs/semantics.md §10). Grids are numbered row-major from the lower-left corner
//! (a1 = 1, b1 = 2, ...), layer by layer for 3D grids, skipping removed points; graph boards
//! are numbered in the order their points are declared.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::bitset::BitSet;

mod name;

use name::NameTable;
pub use name::PointName;

/// A point of X, by its 0-based position in the enumeration (Stilman's number is `index + 1`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point(pub u32);

impl Point {
    /// The point's place in the enumeration, 0-based: the index into tables over X.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Stilman's 1-based point number.
    pub fn number(self) -> u32 {
        self.0 + 1
    }
}

/// The largest number of grid cells (including removed ones) a board may have.
pub const MAX_CELLS: u64 = 1 << 20;

/// How the points of a board are laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `dims = [width, height, depth]`; depth 1 is a 2D board.
    Grid {
        /// `[width, height, depth]`.
        dims: [u32; 3],
    },
    /// Named points; one-move edges are given per piece type.
    Graph,
}

/// A board is cheap to clone (the kernel and every command keep their own): what is not
/// arithmetic on the coordinates is shared. Grid point names are formatted when asked for, never
/// stored, so a board costs nothing per point until something looks at a point.
#[derive(Clone, Debug)]
pub struct Board {
    shape: Shape,
    len: usize,
    layout: Arc<Layout>,
    /// Every grid name spelled once, on the first [`Board::write_name`] of a board of at most
    /// [`NAME_TABLE_LIMIT`] points: listings print the same few names millions of times.
    names: Arc<OnceLock<NameTable>>,
}

/// The largest board whose names a listing spells once into a table (a 64x64 board's names
/// take about 20 KiB); larger boards spell each name as it is printed.
const NAME_TABLE_LIMIT: usize = 4096;

/// Where the points of X are.
#[derive(Debug)]
enum Layout {
    /// A grid without removed points: point i is cell i.
    Full,
    /// A grid with removed points.
    Holes {
        /// Grid cell index to point index; `NONE` for removed cells.
        points: Vec<u32>,
        /// Point index to grid cell index.
        cells: Vec<u32>,
    },
    Graph {
        names: Vec<String>,
        by_name: HashMap<String, Point>,
    },
}

const NONE: u32 = u32::MAX;

/// Why a board could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardError {
    /// A grid with a dimension of size 0.
    ZeroDimension,
    /// A grid of more cells than [`MAX_CELLS`]; `cells` is how many it asked for.
    TooLarge {
        /// The cells the grid would have (three u32 dimensions can pass a u64).
        cells: u128,
    },
    /// Every point removed, or a graph of no points: a board needs one.
    Empty,
    /// A graph board that names this point twice.
    DuplicatePoint(String),
    /// A removed point that is not a point of the grid.
    BadRemoved(PointError),
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::ZeroDimension => write!(f, "every board dimension must be at least 1"),
            BoardError::TooLarge { cells } => write!(
                f,
                "the board has {cells} cells; lingeo supports at most {MAX_CELLS}"
            ),
            BoardError::Empty => write!(f, "the board has no points left (every point is removed)"),
            BoardError::DuplicatePoint(name) => write!(f, "point `{name}` is declared twice"),
            BoardError::BadRemoved(e) => write!(f, "cannot remove that point: {e}"),
        }
    }
}

impl std::error::Error for BoardError {}

/// Why a written point does not name a point of X.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointError {
    /// The text is not a point in any notation this board understands.
    Malformed(String),
    /// Coordinates outside the grid.
    OffBoard(String),
    /// A removed point (an obstacle, not in X).
    Removed(String),
    /// A name that is not a point of this graph board.
    Unknown(String),
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::Malformed(s) => write!(f, "`{s}` is not a point on this board"),
            PointError::OffBoard(s) => write!(f, "point {s} is off the board"),
            PointError::Removed(s) => write!(f, "point {s} is removed from the board"),
            PointError::Unknown(s) => write!(f, "the board has no point named `{s}`"),
        }
    }
}

impl std::error::Error for PointError {}

impl Board {
    /// A rectangular 2D (`depth = 1`) or 3D grid with the given cells removed (1-based coordinates).
    pub fn grid(
        width: u32,
        height: u32,
        depth: u32,
        removed: &[[i64; 3]],
    ) -> Result<Board, BoardError> {
        if width == 0 || height == 0 || depth == 0 {
            return Err(BoardError::ZeroDimension);
        }
        // Three u32 factors overflow a u64 (a fuzzed `board 7x777777777x77777777...`): the
        // product is taken in u128, where it fits.
        let cells = u128::from(width) * u128::from(height) * u128::from(depth);
        if cells > u128::from(MAX_CELLS) {
            return Err(BoardError::TooLarge { cells });
        }
        let cells = cells as u64;
        let shape = Shape::Grid {
            dims: [width, height, depth],
        };
        // A full grid needs no table: nothing per cell is allocated.
        let layout = if removed.is_empty() {
            Layout::Full
        } else {
            let mut present = vec![true; cells as usize];
            for &c in removed {
                let cell = cell_of(&shape, c).ok_or_else(|| {
                    BoardError::BadRemoved(PointError::OffBoard(format_coords(&shape, c)))
                })?;
                present[cell] = false;
            }
            let mut points = vec![NONE; cells as usize];
            let mut cells = Vec::new();
            for (cell, _) in present.iter().enumerate().filter(|(_, p)| **p) {
                points[cell] = cells.len() as u32;
                cells.push(cell as u32);
            }
            if cells.is_empty() {
                return Err(BoardError::Empty);
            }
            Layout::Holes { points, cells }
        };
        let len = match &layout {
            Layout::Holes { cells, .. } => cells.len(),
            _ => cells as usize,
        };
        Ok(Board {
            shape,
            len,
            layout: Arc::new(layout),
            names: Arc::default(),
        })
    }

    /// A graph board whose points are `names`, enumerated in that order.
    pub fn graph(names: Vec<String>) -> Result<Board, BoardError> {
        if names.is_empty() {
            return Err(BoardError::Empty);
        }
        if names.len() as u64 > MAX_CELLS {
            return Err(BoardError::TooLarge {
                cells: names.len() as u128,
            });
        }
        let mut by_name = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            if by_name.insert(name.clone(), Point(i as u32)).is_some() {
                return Err(BoardError::DuplicatePoint(name.clone()));
            }
        }
        Ok(Board {
            shape: Shape::Graph,
            len: names.len(),
            layout: Arc::new(Layout::Graph { names, by_name }),
            names: Arc::default(),
        })
    }

    /// Whether the board is a grid (with its dimensions) or a graph of named points.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }

    /// `[width, height, depth]` of a grid board.
    pub fn dims(&self) -> Option<[u32; 3]> {
        match self.shape {
            Shape::Grid { dims } => Some(dims),
            Shape::Graph => None,
        }
    }

    /// n = |X|.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether X has no point (never, for a board that was built: kept for `len`'s sake).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// All points in enumeration order.
    pub fn points(&self) -> impl ExactSizeIterator<Item = Point> + Clone {
        (0..self.len() as u32).map(Point)
    }

    /// X as a bit set: every point of the board.
    pub fn full_set(&self) -> BitSet {
        BitSet::from_points(self.len(), self.points())
    }

    /// The name used everywhere a point is printed: `a1`, `(x,y)`, `(x,y,z)` or the graph name.
    pub fn name(&self, p: Point) -> PointName<'_> {
        match &*self.layout {
            Layout::Graph { names, .. } => PointName::graph(&names[p.index()]),
            _ => PointName::grid(&self.shape, self.one_based(p)),
        }
    }

    /// Appends the point's name (as [`Board::name`] spells it) to `out`: what printers of many
    /// points call, with no name built apart.
    pub fn write_name(&self, p: Point, out: &mut String) {
        match &*self.layout {
            Layout::Graph { names, .. } => out.push_str(&names[p.index()]),
            _ if self.len <= NAME_TABLE_LIMIT => {
                let table = self.names.get_or_init(|| {
                    NameTable::new(&self.shape, self.points().map(|p| self.one_based(p)))
                });
                out.push_str(table.get(p.index()));
            }
            _ => name::write_coords(&self.shape, self.one_based(p), out),
        }
    }

    /// 0-based grid coordinates of a point (graph boards have none).
    pub fn coords(&self, p: Point) -> Option<[i32; 3]> {
        let Shape::Grid { dims: [w, h, _] } = self.shape else {
            return None;
        };
        let cell = match &*self.layout {
            Layout::Holes { cells, .. } => *cells.get(p.index())?,
            _ if p.index() < self.len => p.0,
            _ => return None,
        };
        Some([
            (cell % w) as i32,
            (cell / w % h) as i32,
            (cell / (w * h)) as i32,
        ])
    }

    /// The grid cell of a point, row-major from a1 counting removed cells (graph boards have none).
    pub fn cell(&self, p: Point) -> Option<usize> {
        match &*self.layout {
            Layout::Full => Some(p.index()),
            Layout::Holes { cells, .. } => Some(cells[p.index()] as usize),
            Layout::Graph { .. } => None,
        }
    }

    /// The point on a grid cell, if the cell is not removed.
    pub fn point_of_cell(&self, cell: usize) -> Option<Point> {
        match &*self.layout {
            Layout::Full => (cell < self.len).then_some(Point(cell as u32)),
            Layout::Holes { points, .. } => match points.get(cell) {
                Some(&p) if p != NONE => Some(Point(p)),
                _ => None,
            },
            Layout::Graph { .. } => None,
        }
    }

    /// Whether the board is a grid with no removed point (point i is cell i).
    pub fn is_full_grid(&self) -> bool {
        matches!(*self.layout, Layout::Full)
    }

    fn one_based(&self, p: Point) -> [i64; 3] {
        let c = self.coords(p).expect("grid points have coordinates");
        [c[0] as i64 + 1, c[1] as i64 + 1, c[2] as i64 + 1]
    }

    /// True when points are printed algebraically (2D grids up to 26 files).
    pub fn algebraic(&self) -> bool {
        matches!(self.shape, Shape::Grid { dims: [w, _, 1] } if w <= 26)
    }

    /// The point at 0-based grid coordinates, if it is on the board and not removed.
    pub fn at(&self, c: [i32; 3]) -> Option<Point> {
        let cell = cell_of(
            &self.shape,
            [c[0] as i64 + 1, c[1] as i64 + 1, c[2] as i64 + 1],
        )?;
        self.point_of_cell(cell)
    }

    /// Whether 1-based coordinates lie on the grid (removed or not).
    pub fn on_grid(&self, c: [i64; 3]) -> bool {
        cell_of(&self.shape, c).is_some()
    }

    /// The point at 1-based coordinates (`(1,1)` = a1); a 2D board takes `z = 1`.
    pub fn point_at(&self, c: [i64; 3]) -> Result<Point, PointError> {
        let cell =
            cell_of(&self.shape, c).ok_or_else(|| PointError::OffBoard(self.format_coords(c)))?;
        self.point_of_cell(cell)
            .ok_or_else(|| PointError::Removed(self.format_coords(c)))
    }

    /// A point written as text: `a1` (2D grids up to 26 files), `(x,y)` or `(x,y,z)` (1-based),
    /// or a graph point's name. Grid points are read by arithmetic on the coordinates.
    pub fn parse_point(&self, text: &str) -> Result<Point, PointError> {
        let t = text.trim();
        match (&self.shape, &*self.layout) {
            (_, Layout::Graph { by_name, .. }) => by_name
                .get(t)
                .copied()
                .ok_or_else(|| PointError::Unknown(t.to_string())),
            (Shape::Grid { dims }, _) => {
                let c = parse_tuple(t)
                    .or_else(|| self.parse_algebraic(t))
                    .ok_or_else(|| PointError::Malformed(t.to_string()))?;
                let c = match c.as_slice() {
                    [x, y] => [*x, *y, 1],
                    [x, y, z] => [*x, *y, *z],
                    _ => return Err(PointError::Malformed(t.to_string())),
                };
                if dims[2] == 1 && c[2] != 1 {
                    return Err(PointError::OffBoard(t.to_string()));
                }
                self.point_at(c)
            }
            (Shape::Graph, _) => unreachable!("graph boards have a graph layout"),
        }
    }

    /// Parses a comma-separated list of points: `b2,c2` or `(2,2),(3,2)`.
    pub fn parse_points(&self, text: &str) -> Result<Vec<Point>, PointError> {
        split_outside_parentheses(text)
            .into_iter()
            .filter(|t| !t.is_empty())
            .map(|t| self.parse_point(t))
            .collect()
    }

    /// The point's name for a 1-based coordinate triple, whether or not the cell is present.
    pub fn format_coords(&self, c: [i64; 3]) -> String {
        format_coords(&self.shape, c)
    }

    /// A short description such as `8x8`, `4x4x4` or `graph of 13 points`.
    pub fn describe(&self) -> String {
        match self.shape {
            Shape::Grid { dims: [w, h, 1] } => format!("{w}x{h}"),
            Shape::Grid { dims: [w, h, d] } => format!("{w}x{h}x{d}"),
            Shape::Graph => format!("graph of {} points", self.len()),
        }
    }

    fn parse_algebraic(&self, t: &str) -> Option<Vec<i64>> {
        if !self.algebraic() {
            return None;
        }
        let mut chars = t.chars();
        let file = chars.next().filter(|c| c.is_ascii_lowercase())?;
        let rank = chars.as_str();
        if rank.is_empty() || !rank.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(vec![(file as u8 - b'a' + 1) as i64, rank.parse().ok()?])
    }
}

fn format_coords(shape: &Shape, c: [i64; 3]) -> String {
    let mut out = String::new();
    name::write_coords(shape, c, &mut out);
    out
}

/// The cell index of 1-based coordinates on a grid, removed or not.
fn cell_of(shape: &Shape, c: [i64; 3]) -> Option<usize> {
    let Shape::Grid { dims } = *shape else {
        return None;
    };
    let [w, h, d] = dims.map(i64::from);
    let [x, y, z] = c;
    if !(1..=w).contains(&x) || !(1..=h).contains(&y) || !(1..=d).contains(&z) {
        return None;
    }
    Some((((z - 1) * h + (y - 1)) * w + (x - 1)) as usize)
}

/// `(1,2)` or `(1, 2, 3)` as numbers.
fn parse_tuple(t: &str) -> Option<Vec<i64>> {
    let inner = t.strip_prefix('(')?.strip_suffix(')')?;
    inner.split(',').map(|s| s.trim().parse().ok()).collect()
}

/// Splits `a, (b, c), d` at the commas outside parentheses, each part trimmed; empty text has
/// no parts. Point lists (`b2,c2`, `(2,2),(3,2)`) and the arguments of `--start` are read so.
pub(crate) fn split_outside_parentheses(text: &str) -> Vec<&str> {
    if text.trim().is_empty() {
        return Vec::new();
    }
    let mut out = Vec::new();
    let (mut depth, mut from) = (0i32, 0);
    for (i, ch) in text.char_indices() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(text[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    out.push(text[from..].trim());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_at_commas_outside_parentheses() {
        assert_eq!(
            split_outside_parentheses(" a1, (2, 3) ,((1,2),x) "),
            vec!["a1", "(2, 3)", "((1,2),x)"]
        );
        assert_eq!(split_outside_parentheses("a,,b"), vec!["a", "", "b"]);
        assert!(split_outside_parentheses("  ").is_empty());
        assert_eq!(split_outside_parentheses("é,(ü)"), vec!["é", "(ü)"]);
    }

    #[test]
    fn grid_enumeration_is_row_major_from_a1_skipping_removed() {
        let b = Board::grid(8, 8, 1, &[[7, 3, 1], [7, 4, 1]]).unwrap();
        assert_eq!(b.len(), 62);
        assert_eq!(b.parse_point("a1").unwrap().number(), 1);
        assert_eq!(b.parse_point("h1").unwrap().number(), 8);
        // The numbers used in docs/semantics.md §6.5 (g3 and g4 removed).
        assert_eq!(b.parse_point("f3").unwrap().number(), 22);
        assert_eq!(b.parse_point("h5").unwrap().number(), 38);
        assert_eq!(b.parse_point("f6").unwrap().number(), 44);
        assert_eq!(b.parse_point("h8").unwrap().number(), 62);
        assert_eq!(b.parse_point("g3"), Err(PointError::Removed("g3".into())));
        assert_eq!(
            b.parse_point("(7,3)"),
            Err(PointError::Removed("g3".into()))
        );
        assert_eq!(b.parse_point("i1"), Err(PointError::OffBoard("i1".into())));
        assert_eq!(
            b.parse_point("(2, 2)").unwrap(),
            b.parse_point("b2").unwrap()
        );
        assert!(matches!(b.parse_point("zz"), Err(PointError::Malformed(_))));
    }

    #[test]
    fn names_follow_the_board_size() {
        let b = Board::grid(30, 2, 1, &[]).unwrap();
        assert_eq!(b.name(Point(0)), "(1,1)");
        let c = Board::grid(2, 2, 2, &[]).unwrap();
        assert_eq!(c.name(Point(7)), "(2,2,2)");
        assert_eq!(c.parse_point("(1,2,2)").unwrap(), Point(6));
        assert!(c.parse_point("a1").is_err());
    }

    #[test]
    fn impossible_boards_are_errors() {
        assert_eq!(
            Board::grid(0, 8, 1, &[]).unwrap_err(),
            BoardError::ZeroDimension
        );
        assert!(matches!(
            Board::grid(2048, 2048, 1, &[]),
            Err(BoardError::TooLarge { .. })
        ));
        // Three factors whose product passes a u64 (a fuzzed scenario): refused, not an
        // overflow.
        assert!(matches!(
            Board::grid(u32::MAX, u32::MAX, u32::MAX, &[]),
            Err(BoardError::TooLarge { cells }) if cells == u128::from(u32::MAX).pow(3)
        ));
        assert_eq!(
            Board::grid(1, 1, 1, &[[1, 1, 1]]).unwrap_err(),
            BoardError::Empty
        );
        assert_eq!(
            Board::graph(vec!["1".into(), "1".into()]).unwrap_err(),
            BoardError::DuplicatePoint("1".into())
        );
    }

    #[test]
    fn point_lists_split_outside_parentheses() {
        let b = Board::grid(8, 8, 1, &[]).unwrap();
        let pts = b.parse_points("b2, (3,2)").unwrap();
        assert_eq!(
            pts.iter().map(|&p| b.name(p)).collect::<Vec<_>>(),
            ["b2", "c2"]
        );
    }
}
