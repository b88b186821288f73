//! The bundle view of a language of zones: per attach pair the union of its alternatives'
//! moves as single steps (Group, Flow), each move as wide as the number of alternatives making
//! it, the groups that share moves shifted apart.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::badges::Obstacles;
use super::geometry::{path_data, shorten, unit};
use super::layout::{Geo, Layout, draw_graph_front, draw_ground};
use super::legend::{LEGEND_GAP, Legend, defs, document};
use super::pieces::{PieceShape, draw_pieces, extent_gap, piece_shapes};
use super::times::{end_tags, stop_time_rows};
use super::zone::{level_key, zone_key};
use super::{ARROW_LEN, CELL, LEVEL_COLOURS, NODE_R, PAD, TITLE_H, esc, level_colour, names, num};
use crate::board::{Board, Point};
use crate::scenario::Scenario;
use crate::zone::ZoneSummary;

/// The bundle view of a language of zones as one picture: the main trajectory (several, when
/// the language has several, drawn as one group), then per attach pair (piece, start point, end
/// point, level) the union of the moves of its alternatives, each move drawn once per group, as
/// wide as the number of alternatives making it (paler where few of the group's alternatives
/// make it), with one arrowhead per direction of arrival at the attach point and the τ badge
/// there. Slides are split into single steps, so alternatives that share part of a slide share
/// that part of the line. Groups that share a move are drawn side by side, each shifted as a
/// whole by at most [`MAX_SHIFT`], so nothing leaves its square. The stops show every time
/// they take across the zones (as `1/2`), and the legend lists one line per group:
/// `PIECE: a b c (τ)` for a single alternative, `PIECE x → y: n alternatives (τ t)` otherwise.
///
/// The moves and dots are in `<g class="moves">`, one `<g class="group level-k">` per group;
/// the tags and times in `<g class="times">`; the legend lines of the groups have the class
/// `legend-entry level-k`.
pub fn zone_bundle(scenario: &Scenario, summary: &ZoneSummary, title: &str) -> String {
    let board = &scenario.board;
    let layout = Layout::new(board, PAD + TITLE_H);
    let graph = matches!(layout.geo, Geo::Graph { .. });
    let groups = bundle_groups(summary);
    let flows: Vec<Flow> = groups.iter().map(|g| Flow::new(board, g)).collect();
    let shifts = group_shifts(&layout, board, &groups, &flows);
    let pieces = piece_shapes(scenario, &layout);

    let mut body = String::new();
    if !graph {
        draw_ground(&mut body, &layout, scenario);
        draw_pieces(&mut body, scenario, &pieces);
    }
    let mut obstacles = Obstacles::around(&pieces);
    // The negation groups from the largest (drawn first, underneath), the main last, on top.
    let mut order: Vec<usize> = (0..groups.len()).filter(|&i| groups[i].level > 0).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(groups[i].alternatives.len()));
    order.extend((0..groups.len()).filter(|&i| groups[i].level == 0));
    body.push_str("<g class=\"moves\">\n");
    for i in order {
        draw_group(
            &mut body,
            &mut obstacles,
            scenario,
            &layout,
            &pieces,
            &groups[i],
            &flows[i],
            shifts[i],
        );
    }
    body.push_str("</g>\n");
    if graph {
        draw_graph_front(&mut body, &layout, scenario, &pieces);
    }

    body.push_str("<g class=\"times\">\n");
    let mut tags: Vec<(Point, u32, u32)> = Vec::new();
    for g in &groups {
        for time in g.times() {
            if !tags.contains(&(g.to, g.level, time)) {
                tags.push((g.to, g.level, time));
            }
        }
    }
    end_tags(&mut body, &mut obstacles, &layout, board, &tags);
    // Counted without listing the zones, the stop times are not known: none are drawn.
    let times = summary.times.as_deref().unwrap_or_default();
    stop_time_rows(&mut body, &mut obstacles, &layout, board, times);
    body.push_str("</g>\n");

    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    let levels: BTreeSet<u32> = groups.iter().map(|g| g.level).collect();
    level_key(&mut legend, &levels);
    legend.heading("Trajectories by attach pair (τ = allotted time)");
    for g in &groups {
        legend.entry(g.level, &group_text(board, scenario, g));
    }
    if groups.iter().any(|g| g.alternatives.len() > 1) {
        legend.gap();
        legend.heading("Moves of the alternatives of a pair");
        let colour = LEVEL_COLOURS[1];
        legend.line(colour, flow_width(1), "made by 1 alternative");
        legend.line(colour, flow_width(4), "made by 4");
        legend.line(colour, flow_width(16), "made by 16 or more");
        legend.line(
            &tint(colour, 1, 8),
            flow_width(1),
            "paler: by few of the pair's alternatives",
        );
    }
    legend.gap();
    zone_key(&mut legend, scenario, times.len() > 1);

    let defs = defs(&levels);
    document(&layout, &legend, title, &defs, &body)
}

/// How far a group of the bundle view may be shifted off the centres of its squares.
pub const MAX_SHIFT: f64 = 10.5;

/// The alternatives of one attach pair of the bundle view, or the main trajectories (level 0).
struct Group {
    level: u32,
    piece: usize,
    from: Point,
    to: Point,
    /// Each alternative once, with its τ, in order.
    alternatives: Vec<(Vec<Point>, u32)>,
}

impl Group {
    /// The τ its alternatives get, in increasing order.
    fn times(&self) -> Vec<u32> {
        let set: BTreeSet<u32> = self.alternatives.iter().map(|a| a.1).collect();
        set.into_iter().collect()
    }
}

/// The groups of the bundle view of a language: the main trajectories first, then by level,
/// end point, start point and piece.
fn bundle_groups(summary: &ZoneSummary) -> Vec<Group> {
    let mut groups: Vec<Group> = Vec::new();
    let mut add = |level: u32, piece: usize, t: &[Point], time: u32| {
        let (Some(&from), Some(&to)) = (t.first(), t.last()) else {
            return;
        };
        let i = match groups
            .iter()
            .position(|g| (g.level, g.piece, g.from, g.to) == (level, piece, from, to))
        {
            Some(i) => i,
            None => {
                groups.push(Group {
                    level,
                    piece,
                    from,
                    to,
                    alternatives: Vec::new(),
                });
                groups.len() - 1
            }
        };
        let alternative = (t.to_vec(), time);
        if !groups[i].alternatives.contains(&alternative) {
            groups[i].alternatives.push(alternative);
        }
    };
    for (main, attaches) in &summary.view {
        add(0, main.piece, &main.trajectory, main.time);
        for a in attaches {
            for (q, t, time) in &a.alternatives {
                add(a.level, *q, t, *time);
            }
        }
    }
    groups.sort_by_key(|g| (g.level, g.to, g.from, g.piece));
    for g in &mut groups {
        g.alternatives.sort();
    }
    groups
}

/// A group's legend line.
fn group_text(board: &Board, scenario: &Scenario, g: &Group) -> String {
    let name = &scenario.pieces[g.piece].name;
    let times = g
        .times()
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("/");
    match g.alternatives.as_slice() {
        [(t, time)] => format!("{name}: {} ({time})", names(board, t)),
        many => format!(
            "{name} {} → {}: {} alternatives (τ {times})",
            board.name(g.from),
            board.name(g.to),
            many.len()
        ),
    }
}

/// The points a move from a to b passes over, a and b included: on a grid, every point of the
/// straight line between them when all of them are points of the board (a slide, which then
/// shares its steps with the moves over part of it), otherwise a and b.
fn line_points(board: &Board, a: Point, b: Point) -> Vec<Point> {
    if let (Some(ca), Some(cb)) = (board.coords(a), board.coords(b)) {
        let d = [cb[0] - ca[0], cb[1] - ca[1], cb[2] - ca[2]];
        let g = gcd(gcd(d[0].abs(), d[1].abs()), d[2].abs());
        if g > 1 {
            let step = d.map(|v| v / g);
            let line: Option<Vec<Point>> = (0..=g)
                .map(|k| {
                    board.at([
                        ca[0] + k * step[0],
                        ca[1] + k * step[1],
                        ca[2] + k * step[2],
                    ])
                })
                .collect();
            if let Some(line) = line {
                return line;
            }
        }
    }
    vec![a, b]
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The moves of a group as single steps.
struct Flow {
    /// Each step once (the smaller point first), with the number of alternatives making it.
    steps: Vec<((Point, Point), usize)>,
    /// Each step (as in `steps`) in the direction the first alternative making it travels.
    travel: std::collections::BTreeMap<(Point, Point), (Point, Point)>,
    /// The points from which the alternatives make their last step, onto the attach point.
    arrivals: BTreeSet<Point>,
    /// The intermediate stops of the alternatives (not the start or end point).
    stops: BTreeSet<Point>,
}

impl Flow {
    fn new(board: &Board, g: &Group) -> Flow {
        let mut steps: std::collections::BTreeMap<(Point, Point), usize> = Default::default();
        let mut travel = std::collections::BTreeMap::new();
        let mut arrivals = BTreeSet::new();
        let mut stops = BTreeSet::new();
        for (t, _) in &g.alternatives {
            let mut mine: BTreeSet<(Point, Point)> = BTreeSet::new();
            let mut last = None;
            for w in t.windows(2) {
                for s in line_points(board, w[0], w[1]).windows(2) {
                    let key = (s[0].min(s[1]), s[0].max(s[1]));
                    mine.insert(key);
                    travel.entry(key).or_insert((s[0], s[1]));
                    last = Some(s[0]);
                }
            }
            for s in mine {
                *steps.entry(s).or_default() += 1;
            }
            if let Some(p) = last {
                arrivals.insert(p);
            }
            if t.len() > 2 {
                stops.extend(
                    t[1..t.len() - 1]
                        .iter()
                        .filter(|&&p| p != g.from && p != g.to),
                );
            }
        }
        Flow {
            steps: steps.into_iter().collect(),
            travel,
            arrivals,
            stops,
        }
    }
}

/// The width of a move made by `count` alternatives: 2.6 for one (as a zone's arrows), wider
/// by 0.8 per doubling, at most 6.6.
fn flow_width(count: usize) -> f64 {
    (2.6 + 0.8 * (count.max(1) as f64).log2()).min(6.6)
}

/// A level colour, paler for a move that few of the group's alternatives make: full for all
/// of them, 35% for none.
fn tint(colour: &str, count: usize, of: usize) -> String {
    let share = if of == 0 {
        1.0
    } else {
        count as f64 / of as f64
    };
    let strength = 0.35 + 0.65 * share.clamp(0.0, 1.0);
    let channel = |i: usize| {
        let c = u8::from_str_radix(&colour[i..i + 2], 16).unwrap_or(0);
        (255.0 - (255.0 - f64::from(c)) * strength).round() as u8
    };
    format!("#{:02X}{:02X}{:02X}", channel(1), channel(3), channel(5))
}

/// The shift of each group: none for the main trajectory; for the others, from the largest,
/// the smallest shift (up to [`MAX_SHIFT`], in 16 directions) that keeps its lines clear of the
/// groups placed before on the steps they share.
fn group_shifts(
    layout: &Layout,
    board: &Board,
    groups: &[Group],
    flows: &[Flow],
) -> Vec<(f64, f64)> {
    let mut order: Vec<usize> = (0..groups.len())
        .filter(|&i| groups[i].level == 0)
        .collect();
    let mut rest: Vec<usize> = (0..groups.len()).filter(|&i| groups[i].level > 0).collect();
    rest.sort_by_key(|&i| std::cmp::Reverse(groups[i].alternatives.len()));
    order.extend(rest);
    // Unit vectors every 22.5 degrees, written out (no trigonometry, so the choice is the same
    // on every platform).
    const C1: f64 = 0.9239;
    const C2: f64 = std::f64::consts::FRAC_1_SQRT_2;
    const C3: f64 = 0.3827;
    let quarter = [(1.0, 0.0), (C1, C3), (C2, C2), (C3, C1)];
    let mut candidates = vec![(0.0, 0.0)];
    for k in 1..=3 {
        let r = MAX_SHIFT * f64::from(k) / 3.0;
        for turn in 0..4 {
            for &(x, y) in &quarter {
                // Rotated by `turn` quarter turns.
                let (x, y) = match turn {
                    0 => (x, y),
                    1 => (-y, x),
                    2 => (-x, -y),
                    _ => (y, -x),
                };
                candidates.push((r * x, r * y));
            }
        }
    }
    let mut shifts = vec![(0.0, 0.0); groups.len()];
    let mut placed: Vec<usize> = Vec::new();
    for i in order {
        if groups[i].level > 0 {
            let mut best = (f64::INFINITY, (0.0, 0.0));
            for &t in &candidates {
                let mut cost = 0.01 * (t.0 * t.0 + t.1 * t.1).sqrt();
                for &(step, count) in &flows[i].steps {
                    let (a, b) = (layout.centre(board, step.0), layout.centre(board, step.1));
                    let (ux, uy) = unit(b.0 - a.0, b.1 - a.1);
                    for &h in &placed {
                        let Ok(k) = flows[h].steps.binary_search_by_key(&step, |s| s.0) else {
                            continue;
                        };
                        let (dx, dy) = (t.0 - shifts[h].0, t.1 - shifts[h].1);
                        let apart = (dx * uy - dy * ux).abs();
                        let need =
                            (flow_width(count) + flow_width(flows[h].steps[k].1)) / 2.0 + 1.5;
                        if apart < need {
                            cost += need - apart;
                        }
                    }
                }
                if cost < best.0 - 1e-9 {
                    best = (cost, t);
                }
            }
            shifts[i] = best.1;
        }
        placed.push(i);
    }
    shifts
}

/// One group of the bundle view: its steps (the last ones onto the attach point as arrows), and
/// its stops as dots.
#[allow(clippy::too_many_arguments)]
fn draw_group(
    out: &mut String,
    obstacles: &mut Obstacles,
    scenario: &Scenario,
    layout: &Layout,
    pieces: &[PieceShape],
    g: &Group,
    flow: &Flow,
    shift: (f64, f64),
) {
    let board = &scenario.board;
    let graph = matches!(layout.geo, Geo::Graph { .. });
    let colour = level_colour(g.level);
    let n = g.alternatives.len();
    let at = |p: Point| {
        let (x, y) = layout.centre(board, p);
        (x + shift.0, y + shift.1)
    };
    let text = group_text(board, scenario, g);
    let _ = writeln!(
        out,
        r#"<g class="group level-{}"><title>{}</title>"#,
        g.level,
        esc(&text)
    );
    // Where a line must stop short of point p on its way from `other`: clear of the piece there
    // (or the node of a graph board), and of the arrowhead at the attach point.
    let gap = |p: Point, from: (f64, f64), to: (f64, f64), arrow: bool| -> f64 {
        let clear = if graph {
            if p == g.from {
                NODE_R
            } else if p == g.to {
                NODE_R + 2.0
            } else {
                0.0
            }
        } else {
            let piece = extent_gap(pieces, &[from, to], true);
            if p == g.to {
                piece.unwrap_or(CELL * 0.12)
            } else {
                piece.unwrap_or(0.0)
            }
        };
        clear + if arrow { ARROW_LEN } else { 0.0 }
    };
    let mut steps: Vec<&((Point, Point), usize)> = flow.steps.iter().collect();
    steps.sort_by_key(|s| (s.1, s.0));
    for &&((p, q), count) in &steps {
        // Arrows run onto the attach point; other steps the way the alternatives travel.
        let arrow =
            (q == g.to && flow.arrivals.contains(&p)) || (p == g.to && flow.arrivals.contains(&q));
        let (a, b) = if arrow {
            if p == g.to { (q, p) } else { (p, q) }
        } else {
            flow.travel.get(&(p, q)).copied().unwrap_or((p, q))
        };
        let (pa, pb) = (at(a), at(b));
        let start = gap(a, pa, pb, false);
        let end_clear = gap(b, pb, pa, false);
        let visible = shorten(&[pa, pb], start, end_clear);
        obstacles.segments.push((visible[0], visible[1]));
        let line = if arrow {
            shorten(&[pa, pb], start, gap(b, pb, pa, true))
        } else {
            visible
        };
        let marker = if arrow {
            format!(r#" marker-end="url(#lg-head-{})""#, g.level.min(4))
        } else {
            String::new()
        };
        let tip = format!(
            "{} {} → {}: {}–{} in {count} of {n} alternative{}",
            scenario.pieces[g.piece].name,
            board.name(g.from),
            board.name(g.to),
            board.name(a),
            board.name(b),
            if n == 1 { "" } else { "s" }
        );
        let _ = writeln!(
            out,
            r#"<path class="edge" d="{}" fill="none" stroke="{}" stroke-width="{}" stroke-linecap="round"{marker}><title>{}</title></path>"#,
            path_data(&line),
            if g.level == 0 {
                colour.to_string()
            } else {
                tint(colour, count, n)
            },
            num(flow_width(count)),
            esc(&tip)
        );
    }
    if !graph {
        draw_stops(out, scenario, flow, g.level, &at);
    }
    out.push_str("</g>\n");
}

/// A dot at each stop of the group's alternatives; a stop where a piece stands is hidden by its
/// disc, which the lines stop short of.
fn draw_stops(
    out: &mut String,
    scenario: &Scenario,
    flow: &Flow,
    level: u32,
    at: &dyn Fn(Point) -> (f64, f64),
) {
    let colour = level_colour(level);
    for &p in flow
        .stops
        .iter()
        .filter(|&&p| !scenario.pieces.iter().any(|q| q.at == p))
    {
        let (x, y) = at(p);
        let _ = writeln!(
            out,
            r#"<circle class="stop level-{level}" cx="{}" cy="{}" r="3" fill="{colour}"/>"#,
            num(x),
            num(y)
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::tests::{SIMPLIFIED, assert_well_formed, count};
    use crate::zone::{ZoneGenerator, ZoneOptions};

    #[test]
    fn the_bundle_view_draws_one_group_per_attach_pair() {
        let s = Scenario::parse("t.scenario", SIMPLIFIED).unwrap();
        let k = s.kernel();
        let options = ZoneOptions {
            f1: true,
            f2: true,
            ..ZoneOptions::default()
        };
        let zones = ZoneGenerator::new(&s, &k, options)
            .zones(0, s.board.parse_point("h1").unwrap(), 4)
            .unwrap();
        assert_eq!(zones.len(), 5);
        let summary = ZoneSummary::of_zones(&zones);
        let svg = zone_bundle(&s, &summary, "Bundle view");
        assert_well_formed(&svg);
        // The main trajectory, the FIGHTER's five alternatives to h1, its one to h4.
        assert_eq!(count(&svg, r#"<g class="group level-"#), 3);
        assert_eq!(count(&svg, r#"class="legend-entry level-"#), 3);
        assert!(svg.contains("BOMBER: h5 h4 h3 h2 h1 (5)"));
        assert!(svg.contains("FIGHTER f6 → h1: 5 alternatives (τ 5)"));
        assert!(svg.contains("FIGHTER: f6 g5 h4 (2)"));
        // One arrowhead per group (the legend has one per level and one per group).
        let board_part = &svg[..svg.find("Negation levels").unwrap()];
        assert_eq!(count(board_part, "marker-end="), 3);
        // f3 g2 h1 is a move of all five alternatives: full colour, the widest line.
        assert!(svg.contains(&format!(
            r#"stroke="{}" stroke-width="{}" stroke-linecap="round" marker-end"#,
            LEVEL_COLOURS[1],
            num(flow_width(5))
        )));
        // The main trajectory is drawn as in a zone: full colour, its stops dotted.
        assert_eq!(count(&svg, r#"class="stop level-0""#), 3);
        // Groups sharing f6 g5 are drawn apart, within bounds.
        let groups = bundle_groups(&summary);
        let flows: Vec<Flow> = groups.iter().map(|g| Flow::new(&s.board, g)).collect();
        let layout = Layout::new(&s.board, PAD + TITLE_H);
        let shifts = group_shifts(&layout, &s.board, &groups, &flows);
        assert_eq!(shifts[0], (0.0, 0.0));
        assert_ne!(shifts[1], shifts[2]);
        for (x, y) in shifts {
            assert!((x * x + y * y).sqrt() <= MAX_SHIFT + 1e-9);
        }
        assert_eq!(svg, zone_bundle(&s, &summary, "Bundle view"));
    }

    #[test]
    fn slides_are_split_into_steps_over_points_of_the_board() {
        let s = Scenario::parse("t.scenario", "board 8x8\nremoved d4\n").unwrap();
        let b = &s.board;
        let p = |n: &str| b.parse_point(n).unwrap();
        assert_eq!(
            line_points(b, p("a1"), p("c3")),
            [p("a1"), p("b2"), p("c3")]
        );
        assert_eq!(
            line_points(b, p("h1"), p("h3")),
            [p("h1"), p("h2"), p("h3")]
        );
        // Over a removed point, and a knight's leap: one line.
        assert_eq!(line_points(b, p("a1"), p("e5")), [p("a1"), p("e5")]);
        assert_eq!(line_points(b, p("b1"), p("c3")), [p("b1"), p("c3")]);
        assert_eq!(
            line_points(b, p("c3"), p("a1")),
            [p("c3"), p("b2"), p("a1")]
        );
    }

    #[test]
    fn moves_few_alternatives_make_are_paler() {
        assert_eq!(tint("#0072B2", 4, 4), "#0072B2");
        assert_eq!(tint("#0072B2", 0, 4), "#A6CEE4");
        assert_eq!(tint("#0072B2", 1, 1), "#0072B2");
        assert_eq!(flow_width(1), 2.6);
        assert!(flow_width(2) > flow_width(1) && flow_width(1000) == 6.6);
    }
}
