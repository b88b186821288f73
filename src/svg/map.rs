//! A MAP table (the distances from one point) as a heat map, and its colours.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::layout::{Geo, Layout, draw_grid, draw_nodes, has_removed};
use super::legend::{LEGEND_GAP, Legend, defs, document};
use super::{CELL, GOAL, INK, MUTED, NODE_R, PAD, TITLE_H, esc, num};
use crate::board::{Board, Point};
use crate::kernel::DistanceMap;

const UNREACHABLE: &str = "#ECECEC";
/// A sequential palette from light to dark (ColorBrewer YlGnBu, 9 classes).
const HEAT: [(u8, u8, u8); 9] = [
    (0xff, 0xff, 0xd9),
    (0xed, 0xf8, 0xb1),
    (0xc7, 0xe9, 0xb4),
    (0x7f, 0xcd, 0xbb),
    (0x41, 0xb6, 0xc4),
    (0x1d, 0x91, 0xc0),
    (0x22, 0x5e, 0xa8),
    (0x25, 0x34, 0x94),
    (0x08, 0x1d, 0x58),
];

/// A MAP table as a heat map: each point coloured by its distance (light to dark) with the
/// distance written in it, unreachable points pale grey without a number, removed points
/// hatched, the origin outlined.
pub fn map(board: &Board, map: &DistanceMap, title: &str) -> String {
    let layout = Layout::new(board, PAD + TITLE_H);
    let depth = board
        .points()
        .filter(|&p| map.is_reachable(p))
        .map(|p| map.get(p))
        .max()
        .unwrap_or(0);
    let fill = |p: Point| {
        if map.is_reachable(p) {
            heat(map.get(p), depth)
        } else {
            UNREACHABLE.to_string()
        }
    };
    let ink = |p: Point| {
        if map.is_reachable(p) && heat_is_dark(map.get(p), depth) {
            "#FFFFFF"
        } else {
            INK
        }
    };
    let label = |p: Point| {
        if map.is_reachable(p) {
            map.get(p).to_string()
        } else {
            String::new()
        }
    };
    let mut body = String::new();
    match layout.geo {
        Geo::Grid { .. } => {
            draw_grid(&mut body, &layout, board, &fill);
            for p in board.points() {
                let (cx, cy) = layout.centre(board, p);
                let text = label(p);
                if !text.is_empty() {
                    let _ = writeln!(
                        body,
                        r#"<text x="{}" y="{}" font-size="17" text-anchor="middle" fill="{}">{}</text>"#,
                        num(cx),
                        num(cy + 6.0),
                        ink(p),
                        esc(&text)
                    );
                }
            }
            let (cx, cy) = layout.centre(board, map.origin());
            let h = CELL / 2.0 - 2.0;
            let _ = writeln!(
                body,
                r#"<rect class="origin" x="{}" y="{}" width="{w}" height="{w}" fill="none" stroke="{GOAL}" stroke-width="4"/>"#,
                num(cx - h),
                num(cy - h),
                w = num(2.0 * h)
            );
        }
        Geo::Graph { .. } => {
            draw_nodes(&mut body, &layout, board, &fill, &|p| (label(p), ink(p)));
            // The names outside the circle.
            for p in board.points() {
                let (x, y) = layout.radial(p, NODE_R + 16.0);
                let _ = writeln!(
                    body,
                    r#"<text x="{}" y="{}" font-size="12" text-anchor="middle" fill="{MUTED}">{}</text>"#,
                    num(x),
                    num(y + 4.0),
                    esc(&board.name(p))
                );
            }
            let (cx, cy) = layout.centre(board, map.origin());
            let _ = writeln!(
                body,
                r#"<circle class="origin" cx="{}" cy="{}" r="{}" fill="none" stroke="{GOAL}" stroke-width="4"/>"#,
                num(cx),
                num(cy),
                num(NODE_R + 3.0)
            );
        }
    }

    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    legend.heading("Distance");
    for d in legend_values(depth) {
        legend.swatch(&heat(d, depth), &d.to_string());
    }
    legend.gap();
    legend.swatch(UNREACHABLE, "unreachable");
    if has_removed(board) {
        legend.hatched("removed point");
    }
    legend.origin(&format!("origin {}", board.name(map.origin())));
    document(&layout, &legend, title, &defs(&BTreeSet::new()), &body)
}

fn heat_position(d: u32, depth: u32) -> f64 {
    if depth == 0 {
        0.0
    } else {
        f64::from(d) / f64::from(depth)
    }
}

fn heat(d: u32, depth: u32) -> String {
    let t = heat_position(d, depth) * (HEAT.len() - 1) as f64;
    let i = (t.floor() as usize).min(HEAT.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * f).round() as u8;
    let (a, b) = (HEAT[i], HEAT[i + 1]);
    format!(
        "#{:02X}{:02X}{:02X}",
        mix(a.0, b.0),
        mix(a.1, b.1),
        mix(a.2, b.2)
    )
}

fn heat_is_dark(d: u32, depth: u32) -> bool {
    heat_position(d, depth) > 0.5
}

/// The distances shown in a heat map's legend: all of them, or ten evenly spread.
fn legend_values(depth: u32) -> Vec<u32> {
    if depth < 12 {
        return (0..=depth).collect();
    }
    let mut v: Vec<u32> = (0..10)
        .map(|i| ((f64::from(depth) * f64::from(i) / 9.0).round()) as u32)
        .collect();
    v.dedup();
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::Usage;
    use crate::scenario::Scenario;
    use crate::svg::tests::{assert_well_formed, count};

    #[test]
    fn heat_map_has_a_cell_per_point_and_no_number_where_unreachable() {
        let s = Scenario::parse("t.scenario", "board 3x2\nremoved b1\nwhite pawn at a1\n").unwrap();
        let k = s.kernel();
        let pawn = s.piece("WP").unwrap();
        let m = k.map(s.motion_of(&k, pawn, Usage::Move), pawn.at);
        let svg = map(&s.board, m, "Pawn <a1>");
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"class="cell""#), s.board.len());
        assert_eq!(count(&svg, r#"class="removed""#), 1);
        assert_eq!(count(&svg, r#"class="origin""#), 1);
        // a1 = 0, a2 = 1; b2, c1 and c2 are unreachable and pale, without numbers.
        assert!(svg.contains(">0</text>") && svg.contains(">1</text>"));
        assert_eq!(count(&svg, &format!(r#"fill="{UNREACHABLE}""#)), 3 + 1);
        assert!(svg.contains("Pawn &lt;a1&gt;"));
        assert!(!svg.contains("Pawn <a1>"));
    }

    #[test]
    fn heat_palette_runs_light_to_dark() {
        assert_eq!(heat(0, 8), "#FFFFD9");
        assert_eq!(heat(8, 8), "#081D58");
        assert_eq!(heat(0, 0), "#FFFFD9");
        assert!(!heat_is_dark(1, 8) && heat_is_dark(7, 8));
        assert_eq!(legend_values(3), [0, 1, 2, 3]);
        assert_eq!(legend_values(30).len(), 10);
        assert_eq!(legend_values(30)[9], 30);
    }
}
