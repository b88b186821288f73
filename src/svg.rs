//! SVG pictures of zones, distance maps and bundles, for papers and slides.
//!
//! Plain string building, no dependency. The output is deterministic (the same input gives the
//! same bytes: coordinates are written with at most two decimals and everything is drawn in
//! enumeration order), valid SVG 1.1, and self-contained (one `<defs>` block with the hatch
//! pattern for removed points and one arrowhead marker per level colour).
//!
//! Layout: 2D grids are drawn top rank first with file and rank labels (`a`–`h`, `1`–`8` on
//! algebraic boards, numbers otherwise); 3D grids as one grid per z-layer, side by side; graph
//! boards as points on a circle in declaration order. The legend stands to the right of the
//! board, the title above it.
//!
//! Elements that tests and readers can find by class: `trajectory level-k` (one `<path>` per
//! zone entry), `trajectory` (one `<polyline>` per bundle trajectory), `cell` (one per point of
//! a heat map), `piece white|black`, `goal`, `origin`; in the bundle view of a language of
//! zones ([`zone_bundle`]) `group level-k` (one `<g>` per attach pair, and one for the main
//! trajectory), `edge` (one `<path>` per move of a group), `stop level-k`, `legend-entry
//! level-k` (one legend line per group), and the layers `moves` and `times`.

use std::collections::BTreeSet;
use std::f64::consts::PI;
use std::fmt::Write;

use crate::board::{Board, Point, Shape};
use crate::kernel::DistanceMap;
use crate::piece::Side;
use crate::scenario::Scenario;
use crate::zone::{self, Zone};

/// The side of a grid square.
const CELL: f64 = 60.0;
/// The outer margin.
const PAD: f64 = 16.0;
/// The band the title takes above the board.
const TITLE_H: f64 = 40.0;
/// The width of the rank labels left of a grid and the height of the file labels below it.
const LABEL: f64 = 22.0;
/// The height of the `z = k` line above each layer of a 3D grid.
const LAYER_LABEL: f64 = 24.0;
/// The space between two layers of a 3D grid.
const LAYER_GAP: f64 = 30.0;
/// The radius of a point of a graph board.
const NODE_R: f64 = 18.0;
/// The room left around the circle of a graph board for pieces and names.
const GRAPH_MARGIN: f64 = 84.0;
/// The length of an arrowhead, in user units.
const ARROW_LEN: f64 = 9.0;
/// The radius of a piece disc.
const PIECE_R: f64 = 17.0;
const PIECE_FONT: f64 = 9.0;
const LEGEND_GAP: f64 = 28.0;
const LEGEND_LINE: f64 = 19.0;
pub(crate) const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Negation levels 0–3, then grey: dark red, blue, bluish green, orange (Okabe–Ito hues,
/// distinguishable with the common colour-vision deficiencies).
const LEVEL_COLOURS: [&str; 5] = ["#A50026", "#0072B2", "#009E73", "#E69F00", "#7F7F7F"];
const LIGHT_SQUARE: &str = "#F5F5F5";
const DARK_SQUARE: &str = "#DCDCDC";
const UNREACHABLE: &str = "#ECECEC";
pub(crate) const INK: &str = "#222222";
pub(crate) const MUTED: &str = "#555555";
const GOAL: &str = "#D55E00";
const START: &str = "#009E73";
const FLOW: &str = "#0072B2";
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
                extent_gap(&pieces, &stops, true).unwrap_or(0.0),
                extent_gap(&pieces, &stops, false).unwrap_or(CELL * 0.12),
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

    if graph {
        body.push_str(&paths);
        draw_graph_front(&mut body, &layout, scenario, &pieces);
    } else {
        draw_pieces(&mut body, scenario, &pieces);
        body.push_str(&paths);
    }

    // τ at the end of each trajectory (one tag per point, level and value, side by side), and
    // the TIME of the main trajectory's stops, each put where it hides the least.
    let mut tags: Vec<(Point, u32, u32)> = Vec::new();
    for e in &zone.entries {
        let end = *e.trajectory.last().unwrap_or(&e.trajectory[0]);
        if !tags.contains(&(end, e.level, e.time)) {
            tags.push((end, e.level, e.time));
        }
    }
    end_tags(&mut body, &mut obstacles, &layout, board, &tags);
    let replayed;
    let times = if zone.times.is_empty() {
        replayed = zone::replay_times(&zone.entries);
        &replayed
    } else {
        &zone.times
    };
    stop_times(&mut body, &mut obstacles, &layout, board, times);

    // The legend.
    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    let levels: BTreeSet<u32> = zone.entries.iter().map(|e| e.level).collect();
    level_key(&mut legend, &levels);
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
    zone_key(&mut legend, scenario, times.len() > 1);

    let defs = defs(&levels);
    document(&layout, &legend, title, &defs, &body)
}

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
pub fn zone_bundle(scenario: &Scenario, zones: &[Zone], title: &str) -> String {
    let board = &scenario.board;
    let layout = Layout::new(board, PAD + TITLE_H);
    let graph = matches!(layout.geo, Geo::Graph { .. });
    let groups = bundle_groups(zones);
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
    let times = united_times(zones);
    stop_time_rows(&mut body, &mut obstacles, &layout, board, &times);
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

/// The groups of the bundle view of `zones`: the main trajectories first, then by level, end
/// point, start point and piece.
fn bundle_groups(zones: &[Zone]) -> Vec<Group> {
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
    for (main, attaches) in zone::bundle_view(zones) {
        add(0, main.piece, &main.trajectory, main.time);
        for a in &attaches {
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
        // A stop where a piece stands is hidden by its disc, which the lines stop short of.
        for &p in flow
            .stops
            .iter()
            .filter(|&&p| !scenario.pieces.iter().any(|q| q.at == p))
        {
            let (x, y) = at(p);
            let _ = writeln!(
                out,
                r#"<circle class="stop level-{}" cx="{}" cy="{}" r="3" fill="{colour}"/>"#,
                g.level,
                num(x),
                num(y)
            );
        }
    }
    out.push_str("</g>\n");
}

/// The marked times of several zones at once: per level every (point, time) some zone has
/// (replayed from the entries for zones that carry none), in order.
fn united_times(zones: &[Zone]) -> Vec<Vec<(Point, i64)>> {
    let mut times: Vec<Vec<(Point, i64)>> = Vec::new();
    for z in zones {
        let replayed;
        let marks = if z.times.is_empty() {
            replayed = zone::replay_times(&z.entries);
            &replayed
        } else {
            &z.times
        };
        for (level, marks) in marks.iter().enumerate() {
            if times.len() <= level {
                times.push(Vec::new());
            }
            times[level].extend(marks.iter().copied());
        }
    }
    for marks in &mut times {
        marks.sort();
        marks.dedup();
    }
    times
}

/// The τ tags at the ends of trajectories, `(point, level, τ)`: one row of tags per point, side
/// by side, where it hides the least.
fn end_tags(
    body: &mut String,
    obstacles: &mut Obstacles,
    layout: &Layout,
    board: &Board,
    tags: &[(Point, u32, u32)],
) {
    for p in board.points() {
        let here: Vec<(String, u32)> = tags
            .iter()
            .filter(|t| t.0 == p)
            .map(|&(_, level, time)| (format!("τ{time}"), level))
            .collect();
        if here.is_empty() {
            continue;
        }
        let widths: Vec<f64> = here.iter().map(|(t, _)| badge_width(t)).collect();
        let total = widths.iter().sum::<f64>() + 2.0 * (here.len() - 1) as f64;
        let (mut x, y) = obstacles.place(layout, board, p, total, BADGE_H, Prefer::TopRight);
        for ((text, level), w) in here.iter().zip(&widths) {
            badge(body, x, y, *w, text, level_colour(*level), true);
            x += w + 2.0;
        }
    }
}

/// The time at each stop, level by level (main first: its labels matter most), every value a
/// stop takes as `1/2`.
fn stop_times(
    body: &mut String,
    obstacles: &mut Obstacles,
    layout: &Layout,
    board: &Board,
    times: &[Vec<(Point, i64)>],
) {
    for (level, marks) in times.iter().enumerate() {
        let mut points: Vec<Point> = marks.iter().map(|m| m.0).collect();
        points.sort();
        points.dedup();
        for p in points {
            let text = times_at(marks, p);
            let w = badge_width(&text);
            let (x, y) = obstacles.place(layout, board, p, w, BADGE_H, Prefer::Beside);
            badge(body, x, y, w, &text, level_colour(level as u32), false);
        }
    }
}

/// The distinct times `marks` give point `p`, in increasing order, as `1/2` (empty if none).
fn times_at(marks: &[(Point, i64)], p: Point) -> String {
    let mut values: Vec<i64> = marks.iter().filter(|m| m.0 == p).map(|m| m.1).collect();
    values.sort_unstable();
    values.dedup();
    values
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

/// The times at the stops of several levels, one row of tags per point (the levels side by
/// side, main first), each value a stop takes across zones as `1/2`.
fn stop_time_rows(
    body: &mut String,
    obstacles: &mut Obstacles,
    layout: &Layout,
    board: &Board,
    times: &[Vec<(Point, i64)>],
) {
    let mut points: Vec<Point> = times.iter().flatten().map(|m| m.0).collect();
    points.sort();
    points.dedup();
    for p in points {
        let here: Vec<(String, u32)> = times
            .iter()
            .enumerate()
            .filter_map(|(level, marks)| {
                let text = times_at(marks, p);
                (!text.is_empty()).then_some((text, level as u32))
            })
            .collect();
        let widths: Vec<f64> = here.iter().map(|(t, _)| badge_width(t)).collect();
        let total = widths.iter().sum::<f64>() + 2.0 * (here.len() - 1) as f64;
        let (mut x, y) = obstacles.place(layout, board, p, total, BADGE_H, Prefer::Beside);
        for ((text, level), w) in here.iter().zip(&widths) {
            badge(body, x, y, *w, text, level_colour(*level), false);
            x += w + 2.0;
        }
    }
}

/// The key of a zone picture: the pieces, goal and removed points, and the time tags.
fn zone_key(legend: &mut Legend, scenario: &Scenario, negation_times: bool) {
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
                    esc(board.name(p))
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

/// A bundle of trajectories as a flow: every trajectory a thin translucent line, so the moves
/// many trajectories share read darker; the start and end points highlighted.
pub fn bundle(board: &Board, trajectories: &[Vec<Point>], title: &str) -> String {
    let layout = Layout::new(board, PAD + TITLE_H);
    let graph = matches!(layout.geo, Geo::Graph { .. });
    let mut body = String::new();
    if !graph {
        draw_grid(&mut body, &layout, board, &|p| {
            checker(board, p).to_string()
        });
    }
    let count = trajectories.len();
    // The lines lie on top of each other: the opacity is such that a move every trajectory
    // makes is nearly opaque, and one that a single trajectory makes still shows.
    let alpha = if count == 0 {
        1.0
    } else {
        (1.0 - 0.03f64.powf(1.0 / count as f64)).clamp(0.08, 0.85)
    };
    for t in trajectories {
        let pts: Vec<(f64, f64)> = t.iter().map(|&p| layout.centre(board, p)).collect();
        let _ = writeln!(
            body,
            r#"<polyline class="trajectory" points="{}" fill="none" stroke="{FLOW}" stroke-opacity="{}" stroke-width="3.5" stroke-linejoin="round" stroke-linecap="round"><title>{}</title></polyline>"#,
            points_attr(&pts),
            num(alpha),
            esc(&names(board, t))
        );
    }
    if graph {
        draw_nodes(
            &mut body,
            &layout,
            board,
            &|_| "#FFFFFF".to_string(),
            &|p| (board.name(p).to_string(), INK),
        );
    }
    let mut starts: Vec<Point> = trajectories
        .iter()
        .filter_map(|t| t.first().copied())
        .collect();
    let mut ends: Vec<Point> = trajectories
        .iter()
        .filter_map(|t| t.last().copied())
        .collect();
    starts.sort();
    starts.dedup();
    ends.sort();
    ends.dedup();
    for (points, colour, class) in [(&starts, START, "start"), (&ends, GOAL, "end")] {
        for &p in points {
            let (cx, cy) = layout.centre(board, p);
            let r = if graph { NODE_R + 3.0 } else { CELL * 0.3 };
            let _ = writeln!(
                body,
                r#"<circle class="{class}" cx="{}" cy="{}" r="{}" fill="none" stroke="{colour}" stroke-width="4"/>"#,
                num(cx),
                num(cy),
                num(r)
            );
        }
    }
    // How many trajectories pass through each point, where it hides the least.
    let mut through = vec![0usize; board.len()];
    for t in trajectories {
        let mut seen: Vec<Point> = t.clone();
        seen.sort();
        seen.dedup();
        for p in seen {
            through[p.index()] += 1;
        }
    }
    let mut obstacles = Obstacles {
        segments: trajectories
            .iter()
            .flat_map(|t| {
                t.windows(2)
                    .map(|w| (layout.centre(board, w[0]), layout.centre(board, w[1])))
                    .collect::<Vec<_>>()
            })
            .collect(),
        rects: Vec::new(),
        labels: Vec::new(),
    };
    if count > 0 {
        for p in board.points() {
            if through[p.index()] == 0 {
                continue;
            }
            let text = through[p.index()].to_string();
            let w = badge_width(&text);
            let (x, y) = obstacles.place(&layout, board, p, w, BADGE_H, Prefer::Beside);
            badge(&mut body, x, y, w, &text, MUTED, false);
        }
    }

    let mut legend = Legend::new(layout.right + LEGEND_GAP, layout.top);
    legend.heading("Bundle");
    let noun = if count == 1 {
        "trajectory"
    } else {
        "trajectories"
    };
    legend.flow(&format!("{count} {noun}"));
    if count > 0 {
        legend.badge(
            &count.to_string(),
            MUTED,
            false,
            "trajectories through the point",
        );
    }
    let list = |ps: &[Point]| {
        ps.iter()
            .map(|&p| board.name(p))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if !starts.is_empty() {
        legend.ring(START, &format!("start {}", list(&starts)));
        legend.ring(GOAL, &format!("end {}", list(&ends)));
    }
    if has_removed(board) {
        legend.hatched("removed point");
    }
    document(&layout, &legend, title, &defs(&BTreeSet::new()), &body)
}

// ------------------------------------------------------------------------------------------
// Layout

enum Geo {
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

struct Layout {
    geo: Geo,
    /// The top of the board drawing (labels included).
    top: f64,
    /// The right and bottom edges of the board drawing (labels included).
    right: f64,
    bottom: f64,
}

impl Layout {
    fn new(board: &Board, top: f64) -> Layout {
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

    fn centre(&self, board: &Board, p: Point) -> (f64, f64) {
        match self.geo {
            Geo::Grid { .. } => {
                let (x, y) = self.square(board.coords(p).unwrap_or([0, 0, 0]));
                (x + CELL / 2.0, y + CELL / 2.0)
            }
            Geo::Graph { .. } => self.radial(p, 0.0),
        }
    }

    /// A graph point's position pushed `extra` outward from the circle.
    fn radial(&self, p: Point, extra: f64) -> (f64, f64) {
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
fn direction(p: Point, n: usize) -> (f64, f64) {
    let angle = -PI / 2.0 + 2.0 * PI * p.index() as f64 / n.max(1) as f64;
    (angle.cos(), angle.sin())
}

fn checker(board: &Board, p: Point) -> &'static str {
    match board.coords(p) {
        Some([x, y, z]) if (x + y + z) % 2 == 0 => DARK_SQUARE,
        _ => LIGHT_SQUARE,
    }
}

fn has_removed(board: &Board) -> bool {
    match board.dims() {
        Some([w, h, d]) => (w as usize) * (h as usize) * (d as usize) > board.len(),
        None => false,
    }
}

// ------------------------------------------------------------------------------------------
// Drawing

/// The squares (filled by `fill`, removed ones hatched), each layer's frame, the rank and file
/// labels and the layer labels.
fn draw_grid(out: &mut String, layout: &Layout, board: &Board, fill: &dyn Fn(Point) -> String) {
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
                            esc(board.name(p))
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
fn draw_nodes(
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
            esc(board.name(p))
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

/// A dashed ring around a goal point.
/// The squares of a grid board and the rings of its goal points, under everything else.
fn draw_ground(out: &mut String, layout: &Layout, scenario: &Scenario) {
    let board = &scenario.board;
    draw_grid(out, layout, board, &|p| checker(board, p).to_string());
    for g in &scenario.goals {
        goal_ring(out, layout, board, g.point);
    }
}

/// A graph board's nodes, goal rings and pieces, drawn over the moves (the nodes are the
/// points, so they go on top of the lines that join them).
fn draw_graph_front(out: &mut String, layout: &Layout, scenario: &Scenario, pieces: &[PieceShape]) {
    let board = &scenario.board;
    draw_nodes(out, layout, board, &|_| "#FFFFFF".to_string(), &|p| {
        (board.name(p).to_string(), INK)
    });
    for g in &scenario.goals {
        goal_ring(out, layout, board, g.point);
    }
    draw_pieces(out, scenario, pieces);
}

/// The legend's first section: an arrow in each negation level's colour.
fn level_key(legend: &mut Legend, levels: &BTreeSet<u32>) {
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
        esc(board.name(p))
    );
}

/// Where a piece's disc (or pill, for a long name) is drawn: centre and half extents.
struct PieceShape {
    piece: usize,
    cx: f64,
    cy: f64,
    hw: f64,
    hh: f64,
}

fn piece_half_width(name: &str) -> f64 {
    (text_width(name, PIECE_FONT) / 2.0 + 5.0).max(PIECE_R)
}

fn piece_shapes(scenario: &Scenario, layout: &Layout) -> Vec<PieceShape> {
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

fn draw_pieces(out: &mut String, scenario: &Scenario, shapes: &[PieceShape]) {
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
fn extent_gap(shapes: &[PieceShape], line: &[(f64, f64)], start: bool) -> Option<f64> {
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

const BADGE_H: f64 = 14.0;

fn badge_width(text: &str) -> f64 {
    text_width(text, 9.5) + 6.0
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Rect {
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

impl Rect {
    fn overlaps(&self, o: &Rect) -> bool {
        self.x < o.x + o.w && o.x < self.x + self.w && self.y < o.y + o.h && o.y < self.y + self.h
    }

    fn grown(&self, by: f64) -> Rect {
        Rect {
            x: self.x - by,
            y: self.y - by,
            w: self.w + 2.0 * by,
            h: self.h + 2.0 * by,
        }
    }

    /// Whether the segment a–b crosses the rectangle (Liang–Barsky clipping).
    fn hit_by(&self, a: (f64, f64), b: (f64, f64)) -> bool {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let mut t0: f64 = 0.0;
        let mut t1: f64 = 1.0;
        for (p, q) in [
            (-dx, a.0 - self.x),
            (dx, self.x + self.w - a.0),
            (-dy, a.1 - self.y),
            (dy, self.y + self.h - a.1),
        ] {
            if p.abs() < 1e-12 {
                if q < 0.0 {
                    return false;
                }
            } else {
                let t = q / p;
                if p < 0.0 {
                    t0 = t0.max(t);
                } else {
                    t1 = t1.min(t);
                }
                if t0 > t1 {
                    return false;
                }
            }
        }
        true
    }
}

/// Where a label would prefer to go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefer {
    /// The upper right corner, then the other corners and the edges.
    TopRight,
    /// Left or right of the point, then the corners from the lower left.
    Beside,
}

/// What labels should not hide: the drawn lines, the pieces and the labels placed so far.
struct Obstacles {
    segments: Vec<((f64, f64), (f64, f64))>,
    rects: Vec<Rect>,
    labels: Vec<Rect>,
}

impl Obstacles {
    /// Nothing placed yet but the pieces' discs.
    fn around(pieces: &[PieceShape]) -> Obstacles {
        Obstacles {
            segments: Vec::new(),
            rects: pieces
                .iter()
                .map(|s| Rect {
                    x: s.cx - s.hw,
                    y: s.cy - s.hh,
                    w: 2.0 * s.hw,
                    h: 2.0 * s.hh,
                })
                .collect(),
            labels: Vec::new(),
        }
    }

    fn cost(&self, r: &Rect) -> usize {
        let lines = r.grown(2.0);
        self.segments
            .iter()
            .filter(|(a, b)| lines.hit_by(*a, *b))
            .count()
            + 2 * self.rects.iter().filter(|o| o.overlaps(r)).count()
            + 4 * self
                .labels
                .iter()
                .filter(|o| o.overlaps(&r.grown(1.0)))
                .count()
            // A label right beside another reads as part of it.
            + self
                .labels
                .iter()
                .filter(|o| o.overlaps(&r.grown(8.0)))
                .count()
    }

    /// The upper-left corner for a `w` x `h` label at point p: the first of the candidate spots
    /// (corners, then edge middles, starting at `prefer`) that hides the least; it becomes an
    /// obstacle for the next labels.
    fn place(
        &mut self,
        layout: &Layout,
        board: &Board,
        p: Point,
        w: f64,
        h: f64,
        prefer: Prefer,
    ) -> (f64, f64) {
        let (cx, cy) = layout.centre(board, p);
        let spots: Vec<(f64, f64)> = match layout.geo {
            Geo::Grid { .. } => {
                let (l, t) = (cx - CELL / 2.0, cy - CELL / 2.0);
                let m = 2.0;
                let (left, right, mid) = (l + m, l + CELL - m - w, l + (CELL - w) / 2.0);
                let (top, bottom) = (t + m, t + CELL - m - h);
                let (upper, lower) = (t + CELL * 0.25 - h / 2.0, t + CELL * 0.75 - h / 2.0);
                match prefer {
                    Prefer::TopRight => vec![
                        (right, top),
                        (left, top),
                        (right, bottom),
                        (left, bottom),
                        (mid, top),
                        (mid, bottom),
                        (right, upper),
                        (left, upper),
                        (right, lower),
                        (left, lower),
                    ],
                    Prefer::Beside => vec![
                        (left, t + (CELL - h) / 2.0),
                        (right, t + (CELL - h) / 2.0),
                        (left, bottom),
                        (right, bottom),
                        (left, top),
                        (right, top),
                        (mid, bottom),
                        (mid, top),
                        (left, lower),
                        (right, lower),
                        (left, upper),
                        (right, upper),
                    ],
                }
            }
            Geo::Graph { .. } => {
                // Eight spots around the point, from the upper right (or the left) clockwise.
                let first = match prefer {
                    Prefer::TopRight => -1,
                    Prefer::Beside => 4,
                };
                (0..8)
                    .map(|k| {
                        let a = f64::from(first + k) * PI / 4.0;
                        let (dx, dy) = (a.cos(), a.sin());
                        (
                            cx + dx * (NODE_R + 4.0 + w / 2.0) - w / 2.0,
                            cy + dy * (NODE_R + 4.0 + h / 2.0) - h / 2.0,
                        )
                    })
                    .collect()
            }
        };
        let mut best = spots[0];
        let mut best_cost = usize::MAX;
        for &(x, y) in &spots {
            let cost = self.cost(&Rect { x, y, w, h });
            if cost < best_cost {
                best = (x, y);
                best_cost = cost;
            }
        }
        self.labels.push(Rect {
            x: best.0,
            y: best.1,
            w,
            h,
        });
        best
    }
}

/// A small framed tag, e.g. `τ5`, with its upper-left corner at (x, y).
fn badge(out: &mut String, x: f64, y: f64, w: f64, text: &str, colour: &str, framed: bool) {
    let stroke = if framed {
        format!(r#" stroke="{colour}" stroke-width="1""#)
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        r##"<rect class="tag" x="{}" y="{}" width="{}" height="{}" rx="3" ry="3" fill="#FFFFFF" fill-opacity="0.9"{stroke}/>"##,
        num(x),
        num(y),
        num(w),
        num(BADGE_H)
    );
    let _ = writeln!(
        out,
        r#"<text x="{}" y="{}" font-size="9.5" font-weight="bold" text-anchor="middle" fill="{colour}">{}</text>"#,
        num(x + w / 2.0),
        num(y + 10.5),
        esc(text)
    );
}

// ------------------------------------------------------------------------------------------
// Trajectory geometry

/// Per zone entry, the offset slot (0, 1, -1, 2, -2, ...) of its line: the smallest slot that
/// no earlier entry uses on any of the moves it shares with it. A move a→b at slot s and b→a at
/// slot -s coincide, so the slot is compared in the direction of increasing point number.
fn offset_slots(zone: &Zone) -> Vec<i32> {
    let mut used: BTreeSet<(Point, Point, i32)> = BTreeSet::new();
    let mut slots = Vec::new();
    for e in &zone.entries {
        let segments: Vec<(Point, Point, i32)> = e
            .trajectory
            .windows(2)
            .map(|w| {
                if w[0] <= w[1] {
                    (w[0], w[1], 1)
                } else {
                    (w[1], w[0], -1)
                }
            })
            .collect();
        let slot = (0..)
            .map(|k: i32| if k % 2 == 1 { k / 2 + 1 } else { -(k / 2) })
            .find(|&s| {
                segments
                    .iter()
                    .all(|&(a, b, sign)| !used.contains(&(a, b, s * sign)))
            })
            .unwrap_or(0);
        for &(a, b, sign) in &segments {
            used.insert((a, b, slot * sign));
        }
        slots.push(slot);
    }
    slots
}

fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        (0.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}

/// The polyline moved `d` to the left of its direction of travel (mitred joints).
fn offset_polyline(pts: &[(f64, f64)], d: f64) -> Vec<(f64, f64)> {
    if pts.len() < 2 || d == 0.0 {
        return pts.to_vec();
    }
    let normals: Vec<(f64, f64)> = pts
        .windows(2)
        .map(|w| {
            let (ux, uy) = unit(w[1].0 - w[0].0, w[1].1 - w[0].1);
            (uy, -ux)
        })
        .collect();
    let mut out = Vec::with_capacity(pts.len());
    for (i, &(x, y)) in pts.iter().enumerate() {
        let (nx, ny) = if i == 0 {
            normals[0]
        } else if i == pts.len() - 1 {
            normals[i - 1]
        } else {
            let a = normals[i - 1];
            let b = normals[i];
            let (mx, my) = unit(a.0 + b.0, a.1 + b.1);
            let cos = mx * b.0 + my * b.1;
            if (mx == 0.0 && my == 0.0) || cos < 0.4 {
                b
            } else {
                (mx / cos, my / cos)
            }
        };
        out.push((x + d * nx, y + d * ny));
    }
    out
}

/// The polyline without its first `start` and last `end` units (each cut at most to 40% of the
/// end segment).
fn shorten(pts: &[(f64, f64)], start: f64, end: f64) -> Vec<(f64, f64)> {
    let mut out = pts.to_vec();
    let n = out.len();
    if n < 2 {
        return out;
    }
    let cut = |from: (f64, f64), to: (f64, f64), by: f64, other: f64| {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-9 {
            return from;
        }
        // On a single segment both cuts share it.
        let limit = if other > 0.0 {
            len * by / (by + other) * 0.9
        } else {
            len * 0.6
        };
        let t = by.min(limit).min(len * 0.6) / len;
        (from.0 + dx * t, from.1 + dy * t)
    };
    let single = n == 2;
    out[0] = cut(pts[0], pts[1], start, if single { end } else { 0.0 });
    out[n - 1] = cut(
        pts[n - 1],
        pts[n - 2],
        end,
        if single { start } else { 0.0 },
    );
    out
}

fn path_data(pts: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (i, &(x, y)) in pts.iter().enumerate() {
        let _ = write!(
            d,
            "{}{} {}",
            if i == 0 { "M" } else { " L" },
            num(x),
            num(y)
        );
    }
    d
}

fn points_attr(pts: &[(f64, f64)]) -> String {
    pts.iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

// ------------------------------------------------------------------------------------------
// Colours

fn level_colour(level: u32) -> &'static str {
    LEVEL_COLOURS[(level as usize).min(LEVEL_COLOURS.len() - 1)]
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

fn defs(levels: &BTreeSet<u32>) -> String {
    let mut out = String::new();
    out.push_str("<defs>\n");
    out.push_str(
        r##"<pattern id="lg-hatch" patternUnits="userSpaceOnUse" width="8" height="8"><rect width="8" height="8" fill="#C4C4C4"/><path d="M-2,2 L2,-2 M0,8 L8,0 M6,10 L10,6" stroke="#707070" stroke-width="1.6"/></pattern>"##,
    );
    out.push('\n');
    let markers: BTreeSet<u32> = levels.iter().map(|&l| l.min(4)).collect();
    for m in markers {
        let _ = writeln!(
            out,
            r#"<marker id="lg-head-{m}" markerUnits="userSpaceOnUse" viewBox="0 0 10 8" refX="1" refY="4" markerWidth="{}" markerHeight="{}" orient="auto"><path d="M0,0 L10,4 L0,8 z" fill="{}"/></marker>"#,
            num(ARROW_LEN + 1.0),
            num((ARROW_LEN + 1.0) * 0.8),
            level_colour(m)
        );
    }
    out.push_str("</defs>\n");
    out
}

// ------------------------------------------------------------------------------------------
// Legend and document

/// The legend column, built top down; it knows its own width and height.
struct Legend {
    x: f64,
    y: f64,
    width: f64,
    out: String,
}

impl Legend {
    fn new(x: f64, top: f64) -> Legend {
        Legend {
            x,
            y: top,
            width: 0.0,
            out: String::new(),
        }
    }

    fn text(&mut self, dx: f64, text: &str, size: f64, bold: bool) {
        let weight = if bold { r#" font-weight="bold""# } else { "" };
        let _ = writeln!(
            self.out,
            r#"<text x="{}" y="{}" font-size="{}"{weight} fill="{INK}">{}</text>"#,
            num(self.x + dx),
            num(self.y + 13.0),
            num(size),
            esc(text)
        );
        self.width = self.width.max(dx + text_width(text, size));
        self.y += LEGEND_LINE;
    }

    fn heading(&mut self, text: &str) {
        self.text(0.0, text, 13.0, true);
        self.y += 2.0;
    }

    fn gap(&mut self) {
        self.y += 10.0;
    }

    fn arrow(&mut self, level: u32, text: &str) {
        self.arrow_glyph(level);
        self.text(38.0, text, 12.0, false);
    }

    /// The short arrow in a level's colour at the start of a legend line.
    fn arrow_glyph(&mut self, level: u32) {
        let y = self.y + 9.0;
        let _ = writeln!(
            self.out,
            r#"<path d="M{} {y} L{} {y}" stroke="{}" stroke-width="2.6" stroke-linecap="round" marker-end="url(#lg-head-{})"/>"#,
            num(self.x + 1.0),
            num(self.x + 30.0 - ARROW_LEN),
            level_colour(level),
            level.min(4),
            y = num(y)
        );
    }

    /// An arrow in a level's colour and a text with the class `legend-entry level-k`.
    fn entry(&mut self, level: u32, text: &str) {
        self.arrow_glyph(level);
        let _ = writeln!(
            self.out,
            r#"<text class="legend-entry level-{level}" x="{}" y="{}" font-size="12" fill="{INK}">{}</text>"#,
            num(self.x + 38.0),
            num(self.y + 13.0),
            esc(text)
        );
        self.width = self.width.max(38.0 + text_width(text, 12.0));
        self.y += LEGEND_LINE;
    }

    /// A line of the given colour and width, and a text.
    fn line(&mut self, colour: &str, width: f64, text: &str) {
        let y = num(self.y + 9.0);
        let _ = writeln!(
            self.out,
            r#"<path d="M{} {y} L{} {y}" stroke="{colour}" stroke-width="{}" stroke-linecap="round"/>"#,
            num(self.x + 4.0),
            num(self.x + 26.0),
            num(width)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn flow(&mut self, text: &str) {
        let y = num(self.y + 9.0);
        let _ = writeln!(
            self.out,
            r#"<path d="M{} {y} L{} {y}" stroke="{FLOW}" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>"#,
            num(self.x + 1.0),
            num(self.x + 29.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn swatch(&mut self, fill: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r##"<rect x="{}" y="{}" width="30" height="16" fill="{fill}" stroke="#8C8C8C" stroke-width="0.8"/>"##,
            num(self.x),
            num(self.y + 1.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn hatched(&mut self, text: &str) {
        self.swatch("url(#lg-hatch)", text);
    }

    fn origin(&mut self, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="28" height="14" fill="none" stroke="{GOAL}" stroke-width="3"/>"#,
            num(self.x + 1.0),
            num(self.y + 2.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn ring(&mut self, colour: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="7" fill="none" stroke="{colour}" stroke-width="3"/>"#,
            num(self.x + 15.0),
            num(self.y + 9.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn goal(&mut self, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="8" fill="none" stroke="{GOAL}" stroke-width="2.5" stroke-dasharray="5 3"/>"#,
            num(self.x + 15.0),
            num(self.y + 9.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn piece(&mut self, side: Side, text: &str) {
        let fill = match side {
            Side::White => "#FFFFFF",
            Side::Black => INK,
        };
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="8" fill="{fill}" stroke="{INK}" stroke-width="1.8"/>"#,
            num(self.x + 15.0),
            num(self.y + 9.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    fn badge(&mut self, tag: &str, colour: &str, framed: bool, text: &str) {
        let w = badge_width(tag);
        badge(
            &mut self.out,
            self.x + 15.0 - w / 2.0,
            self.y + 2.0,
            w,
            tag,
            colour,
            framed,
        );
        self.text(38.0, text, 12.0, false);
    }

    fn bottom(&self) -> f64 {
        self.y
    }
}

/// The whole document: white background, title, definitions, board and legend.
fn document(layout: &Layout, legend: &Legend, title: &str, defs: &str, body: &str) -> String {
    let title_w = PAD * 2.0 + text_width(title, 17.0);
    let width = (legend.x + legend.width + PAD)
        .max(title_w)
        .max(layout.right + PAD)
        .ceil();
    let height = (layout.bottom.max(legend.bottom()) + PAD).ceil();
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="{FONT}">"#,
        w = num(width),
        h = num(height)
    );
    let _ = writeln!(out, "<title>{}</title>", esc(title));
    out.push_str(defs);
    let _ = writeln!(
        out,
        r##"<rect width="{}" height="{}" fill="#FFFFFF"/>"##,
        num(width),
        num(height)
    );
    let _ = writeln!(
        out,
        r#"<text class="title" x="{}" y="{}" font-size="17" font-weight="bold" fill="{INK}">{}</text>"#,
        num(PAD),
        num(PAD + 18.0),
        esc(title)
    );
    out.push_str(body);
    out.push_str(&legend.out);
    out.push_str("</svg>\n");
    out
}

// ------------------------------------------------------------------------------------------
// Text

/// Escapes text for element content and attribute values.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Characters XML 1.0 does not allow.
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

/// A number with at most two decimals and no trailing zeros (`12`, `12.5`, `-3.25`).
pub(crate) fn num(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" || s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// A generous estimate of the rendered width of `text` (no font metrics at hand).
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| {
            if c.is_ascii_uppercase() || c == 'm' || c == 'w' {
                0.74
            } else if c == ' ' || c == '.' || c == ',' || c == ':' || c == 'i' || c == 'l' {
                0.34
            } else {
                0.6
            }
        })
        .sum::<f64>()
        * size
}

fn names(board: &Board, t: &[Point]) -> String {
    t.iter()
        .map(|&p| board.name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

fn ordinal(k: u32) -> String {
    let suffix = match (k % 10, k % 100) {
        (1, n) if n != 11 => "st",
        (2, n) if n != 12 => "nd",
        (3, n) if n != 13 => "rd",
        _ => "th",
    };
    format!("{k}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::{Bundle, BundleOptions};
    use crate::piece::Usage;
    use crate::zone::{ZoneGenerator, ZoneOptions};

    const SIMPLIFIED: &str = "board 8x8\nremoved g3 g4\n\
        type BOMBER {\n move leap (0,1)\n value 5\n}\n\
        type FIGHTER {\n like king\n value 3\n}\n\
        type TARGET {\n move leap (0,1)\n value 10\n}\n\
        black BOMBER at h5\nwhite FIGHTER at f6\nwhite TARGET at h1\n";

    fn first_zone(source: &str, piece: &str, target: &str, horizon: u32) -> (Scenario, Zone) {
        let s = Scenario::parse("t.scenario", source).unwrap();
        let k = s.kernel();
        let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
        let y0 = s.board.parse_point(target).unwrap();
        let options = ZoneOptions {
            f1: true,
            f2: true,
            ..ZoneOptions::default()
        };
        let zones = ZoneGenerator::new(&s, &k, options)
            .zones(p0, y0, horizon)
            .unwrap();
        let z = zones.into_iter().next().expect("a zone");
        (s, z)
    }

    fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    fn assert_well_formed(svg: &str) {
        assert!(svg.starts_with("<?xml"));
        assert!(svg.contains(r#"xmlns="http://www.w3.org/2000/svg""#));
        assert!(svg.contains("viewBox=\"0 0 "));
        assert!(svg.ends_with("</svg>\n"));
        // A crude balance check (the integration test parses): every element but the `<?xml`
        // declaration is either closed by `</x>` or ends in `/>`.
        let closes = svg.matches("</").count();
        let elements = svg.matches('<').count() - 1 - closes;
        assert_eq!(elements, closes + svg.matches("/>").count());
    }

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

    #[test]
    fn overlapping_trajectories_get_different_offsets() {
        let (_, z) = first_zone(SIMPLIFIED, "BOMBER", "h1", 4);
        let mut z2 = z.clone();
        // The same trajectory twice, and once reversed: all three on different lines.
        let mut e = z.entries[1].clone();
        z2.entries.push(e.clone());
        e.trajectory.reverse();
        z2.entries.push(e);
        let slots = offset_slots(&z2);
        assert_eq!(slots[0], 0);
        assert_eq!(slots[1], 0, "no move shared with the main trajectory");
        assert_eq!(slots[3], 1);
        // Reversed with slot s lies where the forward one lies with -s: neither 0 nor -1.
        assert_ne!(slots[4], 0);
        assert_ne!(slots[4], -1);
        let left = offset_polyline(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0)], 2.0);
        assert_eq!(left, vec![(0.0, -2.0), (12.0, -2.0), (12.0, 10.0)]);
    }

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
        let svg = zone_bundle(&s, &zones, "Bundle view");
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
        let groups = bundle_groups(&zones);
        let flows: Vec<Flow> = groups.iter().map(|g| Flow::new(&s.board, g)).collect();
        let layout = Layout::new(&s.board, PAD + TITLE_H);
        let shifts = group_shifts(&layout, &s.board, &groups, &flows);
        assert_eq!(shifts[0], (0.0, 0.0));
        assert_ne!(shifts[1], shifts[2]);
        for (x, y) in shifts {
            assert!((x * x + y * y).sqrt() <= MAX_SHIFT + 1e-9);
        }
        assert_eq!(svg, zone_bundle(&s, &zones, "Bundle view"));
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

    #[test]
    fn bundle_draws_every_trajectory_and_the_count() {
        let s = Scenario::parse(
            "t.scenario",
            "board 8x8\nremoved f7 g7 d6 e6 d5 e5 d4 e4 d3 e3\n\
             type ROBOT {\n like king\n value 5\n}\nwhite ROBOT at h8 as K\n",
        )
        .unwrap();
        let k = s.kernel();
        let robot = s.piece("K").unwrap();
        let m = s.motion_of(&k, robot, Usage::Move);
        let c6 = s.board.parse_point("c6").unwrap();
        let ts = Bundle::new(&k, m, robot.at, c6, Some(6), BundleOptions::default())
            .collect(100)
            .unwrap();
        let svg = bundle(&s.board, &ts, "K & co");
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"<polyline class="trajectory""#), ts.len());
        assert!(svg.contains(&format!("{} trajectories", ts.len())));
        assert!(svg.contains("start h8") && svg.contains("end c6"));
        assert!(svg.contains("K &amp; co"));
        assert_eq!(count(&svg, r#"class="start""#), 1);
        let empty = bundle(&s.board, &[], "none");
        assert!(empty.contains("0 trajectories"));
    }

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
            type TARGET { move edges 5 -> 4 }\n\
            white P0 at 1 as p0\nwhite P1 at 13 as p1\nwhite P2 at 10 as p2\n\
            black Q1 at 11 as q1\nblack Q2 at 8 as q2\nblack Q3 at 6 as q3\n\
            black TARGET at 5 as target\n";
        let s = Scenario::parse("t.scenario", source).unwrap();
        let k = s.kernel();
        let zones = ZoneGenerator::new(&s, &k, ZoneOptions::default())
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

    #[test]
    fn text_is_escaped_and_numbers_are_fixed() {
        assert_eq!(
            esc(r#"a & b <c> "d" 'e'"#),
            "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;"
        );
        assert_eq!(esc("x\u{1}y"), "x\u{FFFD}y");
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(12), "12th");
        assert_eq!(ordinal(23), "23rd");
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
