//! The control map of a position (docs/players.md §1): each point tinted by the side that
//! controls it, the attackers of each side written in its corner, the pieces on top.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::layout::{Geo, Layout, draw_grid, draw_nodes, has_removed};
use super::legend::{LEGEND_GAP, Legend, defs, document};
use super::pieces::{draw_pieces, piece_shapes};
use super::{CELL, INK, PAD, TITLE_H, esc, num};
use crate::board::Point;
use crate::play::players::control::ControlMap;
use crate::scenario::Scenario;

const WHITE_HOLDS: &str = "#F3DFA2";
const BLACK_HOLDS: &str = "#9FB3C8";
const NEITHER: &str = "#FFFFFF";

/// `scenario` is the position (its pieces where they stand), `control` its control map.
pub fn control(scenario: &Scenario, control: &ControlMap, title: &str) -> String {
    let board = &scenario.board;
    let layout = Layout::new(board, PAD + TITLE_H);
    let fill = |p: Point| {
        match control.control(p) {
            1 => WHITE_HOLDS,
            -1 => BLACK_HOLDS,
            _ => NEITHER,
        }
        .to_string()
    };
    let counts = |p: Point| format!("{}:{}", control.white[p.index()], control.black[p.index()]);
    let mut body = String::new();
    match layout.geo {
        Geo::Grid { .. } => {
            draw_grid(&mut body, &layout, board, &fill);
            for p in board.points() {
                let (cx, cy) = layout.centre(board, p);
                let _ = writeln!(
                    body,
                    r#"<text class="attackers" x="{}" y="{}" font-size="11" text-anchor="end" fill="{INK}">{}</text>"#,
                    num(cx + CELL / 2.0 - 4.0),
                    num(cy + CELL / 2.0 - 5.0),
                    esc(&counts(p))
                );
            }
        }
        Geo::Graph { .. } => {
            draw_nodes(&mut body, &layout, board, &fill, &|p| (counts(p), INK));
        }
    }
    draw_pieces(&mut body, scenario, &piece_shapes(scenario, &layout));
    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    legend.heading("Control");
    legend.swatch(WHITE_HOLDS, "White attacks it more");
    legend.swatch(BLACK_HOLDS, "Black attacks it more");
    legend.swatch(NEITHER, "as many attackers each");
    legend.gap();
    legend.heading("w:b  attackers");
    if has_removed(board) {
        legend.hatched("removed point");
    }
    document(&layout, &legend, title, &defs(&BTreeSet::new()), &body)
}
