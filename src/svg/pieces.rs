//! The pieces as labelled discs (pills for long names), and how far a line must stop short of
//! the piece at its end. Shared by the zone picture and the bundle view, whose lines start and
//! end at pieces.

use std::fmt::Write;

use super::geometry::unit;
use super::layout::{Geo, Layout, direction};
use super::{CELL, INK, NODE_R, esc, num, text_width};
use crate::piece::Side;
use crate::scenario::Scenario;

/// The radius of a piece disc.
const PIECE_R: f64 = 17.0;
const PIECE_FONT: f64 = 9.0;

/// Where a piece's disc (or pill, for a long name) is drawn: centre and half extents.
pub(super) struct PieceShape {
    piece: usize,
    pub(super) cx: f64,
    pub(super) cy: f64,
    pub(super) hw: f64,
    pub(super) hh: f64,
}

fn piece_half_width(name: &str) -> f64 {
    (text_width(name, PIECE_FONT) / 2.0 + 5.0).max(PIECE_R)
}

pub(super) fn piece_shapes(scenario: &Scenario, layout: &Layout) -> Vec<PieceShape> {
    let board = &scenario.board;
    let mut out = Vec::new();
    for p in board.points() {
        let here: Vec<usize> = (0..scenario.pieces.len())
            .filter(|&i| scenario.pieces[i].at == p)
            .collect();
        let k = here.len() as f64;
        for (i, &q) in here.iter().enumerate() {
            let hw = piece_half_width(&scenario.pieces[q].name);
            match layout.geo {
                Geo::Grid { .. } => {
                    let hh = PIECE_R.min((CELL - 8.0) / k / 2.0);
                    let (cx, cy) = layout.centre(board, p);
                    out.push(PieceShape {
                        piece: q,
                        cx,
                        cy: cy + (i as f64 - (k - 1.0) / 2.0) * (2.0 * hh + 2.0),
                        hw,
                        hh,
                    });
                }
                Geo::Graph { .. } => {
                    let hh = PIECE_R * 0.8;
                    let (x, y) = layout.radial(p, NODE_R + 6.0 + hh + i as f64 * (2.0 * hh + 3.0));
                    // Pills on the sides of the circle are pushed out by their half width.
                    let (dx, _) = direction(p, board.len());
                    out.push(PieceShape {
                        piece: q,
                        cx: x + dx * (hw - hh),
                        cy: y,
                        hw,
                        hh,
                    });
                }
            }
        }
    }
    out
}

pub(super) fn draw_pieces(out: &mut String, scenario: &Scenario, shapes: &[PieceShape]) {
    for s in shapes {
        let piece = &scenario.pieces[s.piece];
        let (fill, stroke, ink, class) = match piece.side {
            Side::White => ("#FFFFFF", INK, INK, "white"),
            Side::Black => (INK, INK, "#FFFFFF", "black"),
        };
        let _ = writeln!(
            out,
            r#"<rect class="piece {class}" x="{}" y="{}" width="{}" height="{}" rx="{r}" ry="{r}" fill="{fill}" stroke="{stroke}" stroke-width="1.8"><title>{}</title></rect>"#,
            num(s.cx - s.hw),
            num(s.cy - s.hh),
            num(2.0 * s.hw),
            num(2.0 * s.hh),
            esc(&format!(
                "{} ({}, {}) on {}",
                piece.name,
                piece.side,
                scenario.types[piece.type_index].name,
                scenario.board.name(piece.at)
            )),
            r = num(s.hh),
        );
        let size = PIECE_FONT.min(s.hh * 1.1);
        let _ = writeln!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" text-anchor="middle" fill="{ink}">{}</text>"#,
            num(s.cx),
            num(s.cy + size * 0.36),
            num(size),
            esc(&piece.name)
        );
    }
}

/// How far from its end point the arrow must stop (or start) to stay clear of the piece drawn
/// there, along the first (`start`) or last segment of `line`.
pub(super) fn extent_gap(shapes: &[PieceShape], line: &[(f64, f64)], start: bool) -> Option<f64> {
    if line.len() < 2 {
        return None;
    }
    let (a, b) = if start {
        (line[0], line[1])
    } else {
        (line[line.len() - 1], line[line.len() - 2])
    };
    // The shapes containing the end point of the line (offset lines stay within a square).
    let (dx, dy) = unit(b.0 - a.0, b.1 - a.1);
    let mut best: Option<f64> = None;
    for s in shapes {
        if (a.0 - s.cx).abs() > CELL / 2.0 || (a.1 - s.cy).abs() > CELL / 2.0 {
            continue;
        }
        // Leave the box [cx ± hw] x [cy ± hh] along (dx, dy), starting from a.
        let exit = |pos: f64, d: f64, c: f64, half: f64| {
            if d.abs() < 1e-9 {
                f64::INFINITY
            } else if d > 0.0 {
                (c + half - pos) / d
            } else {
                (c - half - pos) / d
            }
        };
        let t = exit(a.0, dx, s.cx, s.hw).min(exit(a.1, dy, s.cy, s.hh));
        if t.is_finite() && t > 0.0 {
            best = Some(best.map_or(t + 3.0, |b: f64| b.max(t + 3.0)));
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::geometry::shorten;
    use crate::svg::tests::{SIMPLIFIED, first_zone};
    use crate::svg::{ARROW_LEN, PAD, TITLE_H};

    #[test]
    fn arrows_stop_short_of_the_pieces_they_reach() {
        let (s, z) = first_zone(SIMPLIFIED, "BOMBER", "h1", 4);
        let shapes = piece_shapes(&s, &Layout::new(&s.board, PAD + TITLE_H));
        let layout = Layout::new(&s.board, PAD + TITLE_H);
        let main = &z.entries[0];
        let pts: Vec<(f64, f64)> = main
            .trajectory
            .iter()
            .map(|&p| layout.centre(&s.board, p))
            .collect();
        let h1 = *main.trajectory.last().unwrap();
        // Arriving at h1 from h2 (straight down), the gap is the disc's half height and a margin.
        let gap = extent_gap(&shapes, &pts, false).unwrap();
        assert!((gap - (PIECE_R + 3.0)).abs() < 1e-9, "{gap}");
        let short = shorten(&pts, 0.0, gap + ARROW_LEN);
        let (_, y_end) = *short.last().unwrap();
        let (_, y_h1) = layout.centre(&s.board, h1);
        assert!((y_h1 - y_end - (gap + ARROW_LEN)).abs() < 1e-9);
    }
}
