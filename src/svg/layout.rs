//! Where the points of a board go on the picture (2D grids, 3D grids layer by layer, graph
//! boards on a circle), and the ground drawn under everything: the squares with their labels,
//! the nodes of a graph board, the goal rings. Every picture starts from a `Layout`.

use std::f64::consts::PI;
use std::fmt::Write;

use super::pieces::{PieceShape, draw_pieces};
use super::{CELL, GOAL, INK, MUTED, NODE_R, PAD, esc, num};
use crate::board::{Board, Point, Shape};
use crate::scenario::Scenario;

/// The width of the rank labels left of a grid and the height of the file labels below it.
const LABEL: f64 = 22.0;
/// The height of the `z = k` line above each layer of a 3D grid.
const LAYER_LABEL: f64 = 24.0;
/// The space between two layers of a 3D grid.
const LAYER_GAP: f64 = 30.0;
/// The room left around the circle of a graph board for pieces and names.
const GRAPH_MARGIN: f64 = 84.0;
const LIGHT_SQUARE: &str = "#F5F5F5";
const DARK_SQUARE: &str = "#DCDCDC";
/// A chess position's squares: the wood colours of a chessboard, a1 dark.
const CHESS_LIGHT: &str = "#F0D9B5";
const CHESS_DARK: &str = "#B58863";

pub(super) enum Geo {
    /// `left`/`top`: the upper-left corner of the first layer's squares.
    Grid {
        w: u32,
        h: u32,
        d: u32,
        left: f64,
        top: f64,
    },
    Graph {
        n: usize,
        cx: f64,
        cy: f64,
        r: f64,
    },
}

pub(super) struct Layout {
    pub(super) geo: Geo,
    /// The top of the board drawing (labels included).
    pub(super) top: f64,
    /// The right and bottom edges of the board drawing (labels included).
    pub(super) right: f64,
    pub(super) bottom: f64,
}

impl Layout {
    pub(super) fn new(board: &Board, top: f64) -> Layout {
        match *board.shape() {
            Shape::Grid { dims: [w, h, d] } => {
                let cells_top = top + if d > 1 { LAYER_LABEL } else { 0.0 };
                let left = PAD + LABEL;
                let layer = f64::from(w) * CELL;
                let right = left + f64::from(d) * layer + f64::from(d - 1) * (LAYER_GAP + LABEL);
                Layout {
                    geo: Geo::Grid {
                        w,
                        h,
                        d,
                        left,
                        top: cells_top,
                    },
                    top,
                    right,
                    bottom: cells_top + f64::from(h) * CELL + LABEL,
                }
            }
            Shape::Graph => {
                let n = board.len();
                let r = if n <= 1 {
                    0.0
                } else {
                    (32.0 / (PI / n as f64).sin()).max(110.0)
                };
                let outer = r + GRAPH_MARGIN;
                Layout {
                    geo: Geo::Graph {
                        n,
                        cx: PAD + outer,
                        cy: top + outer,
                        r,
                    },
                    top,
                    right: PAD + 2.0 * outer,
                    bottom: top + 2.0 * outer,
                }
            }
        }
    }

    /// The left edge of layer z's squares.
    fn layer_left(&self, z: u32) -> f64 {
        match self.geo {
            Geo::Grid { w, left, .. } => {
                left + f64::from(z) * (f64::from(w) * CELL + LAYER_GAP + LABEL)
            }
            Geo::Graph { .. } => 0.0,
        }
    }

    /// The upper-left corner of a grid square (0-based coordinates).
    fn square(&self, c: [i32; 3]) -> (f64, f64) {
        match self.geo {
            Geo::Grid { h, top, .. } => (
                self.layer_left(c[2] as u32) + f64::from(c[0]) * CELL,
                top + f64::from(h as i32 - 1 - c[1]) * CELL,
            ),
            Geo::Graph { .. } => (0.0, 0.0),
        }
    }

    pub(super) fn centre(&self, board: &Board, p: Point) -> (f64, f64) {
        match self.geo {
            Geo::Grid { .. } => {
                let (x, y) = self.square(board.coords(p).unwrap_or([0, 0, 0]));
                (x + CELL / 2.0, y + CELL / 2.0)
            }
            Geo::Graph { .. } => self.radial(p, 0.0),
        }
    }

    /// A graph point's position pushed `extra` outward from the circle.
    pub(super) fn radial(&self, p: Point, extra: f64) -> (f64, f64) {
        match self.geo {
            Geo::Graph { n, cx, cy, r } => {
                if n <= 1 && extra == 0.0 {
                    return (cx, cy);
                }
                let (dx, dy) = direction(p, n);
                (cx + (r + extra) * dx, cy + (r + extra) * dy)
            }
            Geo::Grid { .. } => (0.0, 0.0),
        }
    }
}

/// The unit vector from the centre of a graph board's circle to point p (the first point on top,
/// the others clockwise).
pub(super) fn direction(p: Point, n: usize) -> (f64, f64) {
    let angle = -PI / 2.0 + 2.0 * PI * p.index() as f64 / n.max(1) as f64;
    (angle.cos(), angle.sin())
}

pub(super) fn checker(board: &Board, p: Point) -> &'static str {
    match board.coords(p) {
        Some([x, y, z]) if (x + y + z) % 2 == 0 => DARK_SQUARE,
        _ => LIGHT_SQUARE,
    }
}

pub(super) fn has_removed(board: &Board) -> bool {
    match board.dims() {
        Some([w, h, d]) => (w as usize) * (h as usize) * (d as usize) > board.len(),
        None => false,
    }
}

// ------------------------------------------------------------------------------------------
// Drawing

/// The squares (filled by `fill`, removed ones hatched), each layer's frame, the rank and file
/// labels and the layer labels.
pub(super) fn draw_grid(
    out: &mut String,
    layout: &Layout,
    board: &Board,
    fill: &dyn Fn(Point) -> String,
) {
    let Geo::Grid { w, h, d, top, .. } = layout.geo else {
        return;
    };
    let algebraic = board.algebraic();
    for z in 0..d {
        let left = layout.layer_left(z);
        if d > 1 {
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="14" font-weight="bold" fill="{INK}">z = {}</text>"#,
                num(left),
                num(top - 8.0),
                z + 1
            );
        }
        for y in (0..h).rev() {
            for x in 0..w {
                let c = [x as i32, y as i32, z as i32];
                let (sx, sy) = layout.square(c);
                match board.at(c) {
                    Some(p) => {
                        let _ = writeln!(
                            out,
                            r#"<rect class="cell" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"><title>{}</title></rect>"#,
                            num(sx),
                            num(sy),
                            fill(p),
                            esc(&board.name(p))
                        );
                    }
                    None => {
                        let _ = writeln!(
                            out,
                            r#"<rect class="removed" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="url(#lg-hatch)"/>"#,
                            num(sx),
                            num(sy)
                        );
                    }
                }
            }
        }
        let _ = writeln!(
            out,
            r##"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#8C8C8C" stroke-width="1"/>"##,
            num(left),
            num(top),
            num(f64::from(w) * CELL),
            num(f64::from(h) * CELL)
        );
        for y in 0..h {
            let (_, sy) = layout.square([0, y as i32, z as i32]);
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="13" text-anchor="end" fill="{MUTED}">{}</text>"#,
                num(left - 7.0),
                num(sy + CELL / 2.0 + 4.5),
                y + 1
            );
        }
        for x in 0..w {
            let (sx, _) = layout.square([x as i32, 0, z as i32]);
            let label = if algebraic {
                ((b'a' + x as u8) as char).to_string()
            } else {
                (x + 1).to_string()
            };
            let _ = writeln!(
                out,
                r#"<text x="{}" y="{}" font-size="13" text-anchor="middle" fill="{MUTED}">{}</text>"#,
                num(sx + CELL / 2.0),
                num(top + f64::from(h) * CELL + 16.0),
                label
            );
        }
    }
}

/// The points of a graph board as discs on a circle, with a text inside each (`label` gives the
/// text and its colour).
pub(super) fn draw_nodes(
    out: &mut String,
    layout: &Layout,
    board: &Board,
    fill: &dyn Fn(Point) -> String,
    label: &dyn Fn(Point) -> (String, &'static str),
) {
    for p in board.points() {
        let (cx, cy) = layout.centre(board, p);
        let _ = writeln!(
            out,
            r##"<circle class="cell" cx="{}" cy="{}" r="{NODE_R}" fill="{}" stroke="#8C8C8C" stroke-width="1.5"><title>{}</title></circle>"##,
            num(cx),
            num(cy),
            fill(p),
            esc(&board.name(p))
        );
        let (text, ink) = label(p);
        let size = if text.chars().count() > 3 { 9.0 } else { 12.0 };
        let _ = writeln!(
            out,
            r#"<text class="node-label" x="{}" y="{}" font-size="{size}" text-anchor="middle" fill="{ink}">{}</text>"#,
            num(cx),
            num(cy + size * 0.36),
            esc(&text)
        );
    }
}

/// The squares of a grid board and the rings of its goal points, under everything else.
pub(super) fn draw_ground(out: &mut String, layout: &Layout, scenario: &Scenario) {
    let board = &scenario.board;
    if super::pieces::is_chess(scenario) {
        draw_grid(out, layout, board, &|p| {
            match checker(board, p) {
                DARK_SQUARE => CHESS_DARK,
                _ => CHESS_LIGHT,
            }
            .to_string()
        });
    } else {
        draw_grid(out, layout, board, &|p| checker(board, p).to_string());
    }
    for g in &scenario.goals {
        goal_ring(out, layout, board, g.point);
    }
}

/// A graph board's nodes, goal rings and pieces, drawn over the moves (the nodes are the
/// points, so they go on top of the lines that join them).
pub(super) fn draw_graph_front(
    out: &mut String,
    layout: &Layout,
    scenario: &Scenario,
    pieces: &[PieceShape],
) {
    let board = &scenario.board;
    draw_nodes(out, layout, board, &|_| "#FFFFFF".to_string(), &|p| {
        (board.name(p).to_string(), INK)
    });
    for g in &scenario.goals {
        goal_ring(out, layout, board, g.point);
    }
    draw_pieces(out, scenario, pieces);
}

/// A dashed ring around a goal point.
fn goal_ring(out: &mut String, layout: &Layout, board: &Board, p: Point) {
    let (cx, cy) = layout.centre(board, p);
    let r = match layout.geo {
        Geo::Grid { .. } => CELL * 0.44,
        Geo::Graph { .. } => NODE_R + 5.0,
    };
    let _ = writeln!(
        out,
        r#"<circle class="goal" cx="{}" cy="{}" r="{}" fill="none" stroke="{GOAL}" stroke-width="2.5" stroke-dasharray="5 3"><title>goal {}</title></circle>"#,
        num(cx),
        num(cy),
        num(r),
        esc(&board.name(p))
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Usage;
    use crate::svg::tests::{assert_well_formed, count};
    use crate::svg::{bundle, map, zone};
    use crate::zone::{ZoneGenerator, ZoneOptions};

    #[test]
    fn three_d_boards_draw_one_grid_per_layer() {
        let s = Scenario::parse(
            "t.scenario",
            "board 3x3x3\nremoved (2,2,2)\n\
             type DRONE {\n move leap (1,0,0) (0,1,0) (0,0,1)\n}\nwhite DRONE at (1,1,1)\n",
        )
        .unwrap();
        let k = s.kernel();
        let drone = &s.pieces[0];
        let m = k.map(s.motion_of(&k, drone, Usage::Move), drone.at);
        let svg = map(&s.board, m, "3D");
        assert_well_formed(&svg);
        for z in 1..=3 {
            assert!(svg.contains(&format!(">z = {z}</text>")));
        }
        assert_eq!(count(&svg, r#"class="cell""#), 26);
        assert_eq!(count(&svg, r#"class="removed""#), 1);
        // The far corner is 6 moves away.
        assert!(svg.contains(">6</text>"));
        let far = s.board.parse_point("(3,3,3)").unwrap();
        let path = vec![
            drone.at,
            s.board.parse_point("(1,1,2)").unwrap(),
            s.board.parse_point("(1,1,3)").unwrap(),
        ];
        let svg = bundle(&s.board, &[path], "one");
        assert!(svg.contains("1 trajectory"));
        let _ = far;
    }

    #[test]
    fn graph_boards_lay_points_on_a_circle() {
        let source = "board graph { 1 2 3 4 5 6 7 8 9 10 11 12 13 }\n\
            type P0 { move edges 1 -> 2 -> 3 -> 4 -> 5 }\n\
            type Q3 { move edges 6 -> 7 -> 4 }\n\
            type Q2 { move edges 8 -> 9 -> 4 }\n\
            type P1 { move edges 13 -> 9 }\n\
            type Q1 { move edges 11 -> 12 -> 9 }\n\
            type P2 { move edges 10 -> 12 }\n\
            type TARGET { }\n\
            white P0 at 1 as p0\nwhite P1 at 13 as p1\nwhite P2 at 10 as p2\n\
            black Q1 at 11 as q1\nblack Q2 at 8 as q2\nblack Q3 at 6 as q3\n\
            black TARGET at 5 as target\n";
        let s = Scenario::parse("t.scenario", source).unwrap();
        let k = s.kernel();
        let literal = ZoneOptions {
            f1: false,
            f2: false,
            ..ZoneOptions::default()
        };
        let zones = ZoneGenerator::new(&s, &k, literal)
            .zones(0, s.board.parse_point("5").unwrap(), 4)
            .unwrap();
        let z = &zones[0];
        let svg = zone(&s, z, "Abstract zone");
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"class="trajectory level-"#), z.entries.len());
        assert_eq!(count(&svg, r#"<circle class="cell""#), 13);
        assert!(svg.contains("p0: 1 2 3 4 5 (5)"));
        for p in &s.pieces {
            assert!(svg.contains(&format!(">{}</text>", p.name)), "{}", p.name);
        }
        // The first point is on top, straight above the centre.
        let Geo::Graph { cx, cy, r, .. } = Layout::new(&s.board, 0.0).geo else {
            panic!("a graph layout");
        };
        let (x, y) = Layout::new(&s.board, 0.0).centre(&s.board, Point(0));
        assert!((x - cx).abs() < 1e-9 && (y - (cy - r)).abs() < 1e-9);
        let m = k.map(s.motion_of(&k, &s.pieces[0], Usage::Move), s.pieces[0].at);
        let heat = map(&s.board, m, "MAP");
        assert_eq!(count(&heat, r#"class="cell""#), 13);
        assert!(heat.contains(r##"fill="#FFFFFF">4</text>"##));
    }
}
