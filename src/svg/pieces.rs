//! The pieces as labelled discs (pills for long names), and how far a line must stop short of
//! the piece at its end. Shared by the zone picture and the bundle view, whose lines start and
//! end at pieces.

use std::fmt::Write;

use super::geometry::unit;
use super::layout::{Geo, Layout, direction};
use super::{CELL, INK, NODE_R, esc, num, text_width};
use crate::piece::{Side, chess_letter};
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

/// The size of a chess glyph on its square.
const GLYPH_FONT: f64 = 46.0;

/// Whether the scenario is drawn as a chessboard, its pieces as chess glyphs: a position under
/// the rules of chess, or any 8x8 board with pieces, every one of a built-in chess type.
pub(super) fn is_chess(scenario: &Scenario) -> bool {
    let chess_rules = scenario.game.as_ref().is_some_and(|g| g.chess.is_some());
    let eight = scenario.board.dims() == Some([8, 8, 1]) && scenario.board.len() == 64;
    let chess_types = !scenario.pieces.is_empty()
        && scenario
            .pieces
            .iter()
            .all(|p| glyph(scenario, p.type_index, p.side).is_some());
    matches!(scenario.board.dims(), Some([_, _, 1])) && chess_types && (chess_rules || eight)
}

/// The Unicode chess symbol of a built-in chess type (the scenario's first six types, which
/// FEN's letters name): the solid shapes for both sides, filled white or black where drawn.
fn glyph(scenario: &Scenario, type_index: usize, _side: Side) -> Option<char> {
    if type_index > crate::play::chess::PAWN {
        return None;
    }
    Some(match chess_letter(&scenario.types[type_index].name)? {
        'K' => '♚',
        'Q' => '♛',
        'R' => '♜',
        'B' => '♝',
        'N' => '♞',
        _ => '♟',
    })
}

pub(super) fn piece_shapes(scenario: &Scenario, layout: &Layout) -> Vec<PieceShape> {
    let board = &scenario.board;
    let chess = is_chess(scenario);
    let mut out = Vec::new();
    for p in board.points() {
        let here: Vec<usize> = (0..scenario.pieces.len())
            .filter(|&i| scenario.pieces[i].at == p)
            .collect();
        let k = here.len() as f64;
        for (i, &q) in here.iter().enumerate() {
            // A glyph is as wide as it is high, whatever the piece's name.
            let hw = if chess {
                PIECE_R
            } else {
                piece_half_width(&scenario.pieces[q].name)
            };
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
    let chess = is_chess(scenario);
    for s in shapes {
        let piece = &scenario.pieces[s.piece];
        let title = esc(&format!(
            "{} ({}, {}) on {}",
            piece.name,
            piece.side,
            scenario.types[piece.type_index].name,
            scenario.board.name(piece.at)
        ));
        let glyph = glyph(scenario, piece.type_index, piece.side).filter(|_| chess);
        if let Some(glyph) = glyph {
            // The solid shape, white with a dark outline or dark with a light one, so that
            // both read on either square; U+FE0E asks for the text form, not an emoji.
            let (fill, stroke, class) = match piece.side {
                Side::White => ("#FFFFFF", INK, "white"),
                Side::Black => (INK, "#FFFFFF", "black"),
            };
            let size = GLYPH_FONT.min(s.hh * 2.7);
            let _ = writeln!(
                out,
                r#"<text class="piece {class} glyph" x="{}" y="{}" font-size="{}" text-anchor="middle" fill="{fill}" stroke="{stroke}" stroke-width="1.2" paint-order="stroke">{glyph}{text_form}<title>{}</title></text>"#,
                num(s.cx),
                num(s.cy + size * 0.35),
                num(size),
                title,
                text_form = '\u{FE0E}',
            );
            continue;
        }
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
            title,
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

    /// A chess position is drawn as a chessboard: wood squares (a1 dark), the file and rank
    /// letters, a glyph a piece filled by its side; any other scenario as before.
    #[test]
    fn a_chess_position_is_drawn_as_a_chessboard() {
        let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
        let s = Scenario::from_fen(fen).unwrap();
        assert!(is_chess(&s));
        let svg = crate::svg::zone_bundle(&s, &Default::default(), "t");
        assert_eq!(svg.matches(r##"fill="#B58863""##).count(), 32);
        assert_eq!(svg.matches(r##"fill="#F0D9B5""##).count(), 32);
        assert!(
            svg.contains(r##"fill="#B58863"><title>a1</title>"##),
            "a1 is dark"
        );
        assert_eq!(svg.matches(r#"class="piece white glyph""#).count(), 16);
        assert_eq!(svg.matches(r#"class="piece black glyph""#).count(), 16);
        assert_eq!(svg.matches("♛\u{FE0E}").count(), 2);
        assert_eq!(svg.matches("♟\u{FE0E}").count(), 16);
        assert!(svg.contains("<title>WQ (white, queen) on h5</title>"));
        assert!(svg.contains(">a</text>") && svg.contains(">8</text>"));
        assert!(!svg.contains("<rect class=\"piece"), "no discs");
        // Chess types on 8x8 without the rules of chess: a chessboard too (the Réti ending).
        let reti = Scenario::load(std::path::Path::new("examples/reti.scenario")).unwrap();
        assert!(reti.game.as_ref().is_some_and(|g| g.chess.is_none()) && is_chess(&reti));
        // A piece of a type of the scenario's own, an empty board, another size: as before.
        let (fighter, _) = first_zone(SIMPLIFIED, "BOMBER", "h1", 4);
        assert!(!is_chess(&fighter));
        let svg = crate::svg::zone_bundle(&fighter, &Default::default(), "t");
        assert!(svg.contains("<rect class=\"piece") && !svg.contains("glyph"));
        assert!(!svg.contains("#B58863"));
        let empty = Scenario::parse("t.scenario", "board 8x8\n").unwrap();
        assert!(!is_chess(&empty));
        let small = Scenario::parse("t.scenario", "board 6x6\nwhite king at a1 as K\n").unwrap();
        assert!(!is_chess(&small));
    }

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
