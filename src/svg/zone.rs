//! The picture of a zone (or of several zones at once, their entries and times united): its
//! trajectories as arrows coloured by negation level, and the legend sections zone pictures
//! share with the bundle view.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::badges::Obstacles;
use super::geometry::{offset_polyline, offset_slots, path_data, shorten};
use super::layout::{Geo, Layout, draw_graph_front, draw_ground, has_removed};
use super::legend::{LEGEND_GAP, Legend, defs, document};
use super::pieces::{PieceShape, draw_pieces, extent_gap, piece_shapes};
use super::times::{end_tags, stop_times};
use super::{
    ARROW_LEN, CELL, LEVEL_COLOURS, NODE_R, PAD, TITLE_H, esc, level_colour, names, num, ordinal,
};
use crate::board::Point;
use crate::piece::Side;
use crate::scenario::Scenario;
use crate::zone::{self, Zone};

/// A zone on its board: the main trajectory and the negation trajectories as arrows coloured by
/// level (slightly offset where they share a move), the pieces as labelled discs, goal points
/// ringed, the allotted time τ at the end of each trajectory, the time at every stop in its
/// level's colour (the TIME of the main trajectory's stops, and at the intermediate stops of
/// each negation level the NEXTTIME it gives them, TIME(y) - len(t) + 1 kept with max: the
/// zone's [`Zone::times`], replayed from the entries when the zone has none), and a legend
/// listing every trajectory as `PIECE: a b c (τ)`. A picture of several zones at once (their
/// entries and times united) shows every time a stop takes, as `1/2`.
pub fn zone(scenario: &Scenario, zone: &Zone, title: &str) -> String {
    let board = &scenario.board;
    let layout = Layout::new(board, PAD + TITLE_H);
    let mut body = String::new();
    let graph = matches!(layout.geo, Geo::Graph { .. });

    if !graph {
        draw_ground(&mut body, &layout, scenario);
    }

    // Where the pieces stand and how much room their discs take, for the arrow ends.
    let pieces = piece_shapes(scenario, &layout);

    let mut obstacles = Obstacles::around(&pieces);
    let paths = trajectory_paths(scenario, zone, &layout, &pieces, &mut obstacles);

    if graph {
        body.push_str(&paths);
        draw_graph_front(&mut body, &layout, scenario, &pieces);
    } else {
        draw_pieces(&mut body, scenario, &pieces);
        body.push_str(&paths);
    }

    // τ at the end of each trajectory (one tag per point, level and value, side by side), and
    // the TIME of the main trajectory's stops, each put where it hides the least.
    let tags = end_tag_list(zone);
    end_tags(&mut body, &mut obstacles, &layout, board, &tags);
    let replayed;
    let times = if zone.times.is_empty() {
        replayed = zone::replay_times(&zone.entries);
        &replayed
    } else {
        &zone.times
    };
    stop_times(&mut body, &mut obstacles, &layout, board, times);

    let levels: BTreeSet<u32> = zone.entries.iter().map(|e| e.level).collect();
    let legend = zone_legend(scenario, zone, &layout, &levels, times.len() > 1);
    let defs = defs(&levels);
    document(&layout, &legend, title, &defs, &body)
}

/// Each trajectory's arrow (offset from the others that share its moves) and its stops; the
/// arrows' segments join `obstacles`, so that labels keep clear of them.
fn trajectory_paths(
    scenario: &Scenario,
    zone: &Zone,
    layout: &Layout,
    pieces: &[PieceShape],
    obstacles: &mut Obstacles,
) -> String {
    let board = &scenario.board;
    let graph = matches!(layout.geo, Geo::Graph { .. });
    let slots = offset_slots(zone);
    let step = if graph { 5.0 } else { CELL * 0.085 };
    let mut paths = String::new();
    for (entry, slot) in zone.entries.iter().zip(&slots) {
        let colour = level_colour(entry.level);
        let centres: Vec<(f64, f64)> = entry
            .trajectory
            .iter()
            .map(|&p| layout.centre(board, p))
            .collect();
        let stops = offset_polyline(&centres, f64::from(*slot) * step);
        let (start_gap, end_gap) = if graph {
            (NODE_R, NODE_R + 2.0)
        } else {
            (
                extent_gap(pieces, &stops, true).unwrap_or(0.0),
                extent_gap(pieces, &stops, false).unwrap_or(CELL * 0.12),
            )
        };
        // What the arrow covers, head included: labels keep clear of it.
        let visible = shorten(&stops, start_gap, end_gap);
        obstacles
            .segments
            .extend(visible.windows(2).map(|w| (w[0], w[1])));
        let line = shorten(&stops, start_gap, end_gap + ARROW_LEN);
        let tip = format!(
            "{}: {} (τ {})",
            scenario.pieces[entry.piece].name,
            names(board, &entry.trajectory),
            entry.time
        );
        let _ = writeln!(
            paths,
            r#"<path class="trajectory level-{level}" d="{d}" fill="none" stroke="{colour}" stroke-width="2.6" stroke-linejoin="round" stroke-linecap="round" marker-end="url(#lg-head-{m})"><title>{tip}</title></path>"#,
            level = entry.level,
            d = path_data(&line),
            m = entry.level.min(4),
            tip = esc(&tip),
        );
        // The intermediate stops, as dots on the (offset) line.
        if !graph && stops.len() > 2 {
            for &(x, y) in &stops[1..stops.len() - 1] {
                let _ = writeln!(
                    paths,
                    r#"<circle class="stop level-{}" cx="{}" cy="{}" r="3" fill="{colour}"/>"#,
                    entry.level,
                    num(x),
                    num(y)
                );
            }
        }
    }
    paths
}

/// The τ tags at the trajectories' ends: one per point, level and value.
fn end_tag_list(zone: &Zone) -> Vec<(Point, u32, u32)> {
    let mut tags: Vec<(Point, u32, u32)> = Vec::new();
    for e in &zone.entries {
        let end = *e.trajectory.last().unwrap_or(&e.trajectory[0]);
        if !tags.contains(&(end, e.level, e.time)) {
            tags.push((end, e.level, e.time));
        }
    }
    tags
}

/// The legend: the levels' colours, each trajectory with its τ, and the zone's key.
fn zone_legend(
    scenario: &Scenario,
    zone: &Zone,
    layout: &Layout,
    levels: &BTreeSet<u32>,
    timed: bool,
) -> Legend {
    let board = &scenario.board;
    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    level_key(&mut legend, levels);
    legend.heading("Trajectories (τ = allotted time)");
    for e in &zone.entries {
        let text = format!(
            "{}: {} ({})",
            scenario.pieces[e.piece].name,
            names(board, &e.trajectory),
            e.time
        );
        legend.arrow(e.level, &text);
    }
    legend.gap();
    zone_key(&mut legend, scenario, timed);
    legend
}

/// The legend's first section: an arrow in each negation level's colour.
pub(super) fn level_key(legend: &mut Legend, levels: &BTreeSet<u32>) {
    legend.heading("Negation levels");
    for &level in levels {
        let text = if level == 0 {
            "0  main trajectory".to_string()
        } else {
            format!("{level}  {} negation", ordinal(level))
        };
        legend.arrow(level, &text);
    }
    legend.gap();
}

/// The key of a zone picture: the pieces, goal and removed points, and the time tags.
pub(super) fn zone_key(legend: &mut Legend, scenario: &Scenario, negation_times: bool) {
    legend.heading("Key");
    if !scenario.pieces.is_empty() {
        if scenario.pieces.iter().any(|p| p.side == Side::White) {
            legend.piece(Side::White, "white piece");
        }
        if scenario.pieces.iter().any(|p| p.side == Side::Black) {
            legend.piece(Side::Black, "black piece");
        }
    }
    if !scenario.goals.is_empty() {
        legend.goal("goal point");
    }
    if has_removed(&scenario.board) {
        legend.hatched("removed point");
    }
    legend.badge(
        "τ5",
        LEVEL_COLOURS[1],
        true,
        "τ of the trajectory ending here",
    );
    legend.badge(
        "3",
        LEVEL_COLOURS[0],
        false,
        "TIME of a main-trajectory stop",
    );
    if negation_times {
        legend.badge(
            "2",
            LEVEL_COLOURS[1],
            false,
            "time at a stop of a negation (NEXTTIME)",
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::tests::{SIMPLIFIED, assert_well_formed, count, first_zone};

    #[test]
    fn zone_has_one_arrow_per_entry_and_names_every_piece() {
        let (s, z) = first_zone(SIMPLIFIED, "BOMBER", "h1", 4);
        assert_eq!(z.entries.len(), 3);
        let svg = zone(&s, &z, "Zone");
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"class="trajectory level-"#), z.entries.len());
        assert_eq!(count(&svg, r#"class="trajectory level-0""#), 1);
        assert_eq!(count(&svg, r#"class="trajectory level-1""#), 2);
        for e in &z.entries {
            let name = &s.pieces[e.piece].name;
            let line = format!("{name}: {} ({})", names(&s.board, &e.trajectory), e.time);
            assert!(svg.contains(&line), "legend lacks {line}");
        }
        assert!(svg.contains("BOMBER: h5 h4 h3 h2 h1 (5)"));
        assert!(svg.contains("FIGHTER: f6 g5 h4 (2)"));
        // One marker per level colour used, and the arrows refer to them.
        assert_eq!(count(&svg, "<marker "), 2);
        assert!(svg.contains(r#"marker-end="url(#lg-head-1)""#));
        // Two removed squares, hatched; one disc per piece.
        assert_eq!(count(&svg, r#"class="removed""#), 2);
        assert_eq!(count(&svg, r#"class="piece "#), 3);
        assert_eq!(count(&svg, r#"class="piece black""#), 1);
        // Files and ranks.
        assert!(svg.contains(">a</text>") && svg.contains(">h</text>"));
        assert!(svg.contains(">8</text>"));
        // τ of the short negation at h4.
        assert!(svg.contains(">τ2</text>"));
        // Same input, same bytes.
        assert_eq!(svg, zone(&s, &z, "Zone"));
    }
}
