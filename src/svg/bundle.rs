//! A bundle of trajectories as a flow of translucent lines, with the number of trajectories
//! through each point.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use super::badges::{BADGE_H, Obstacles, Prefer, badge, badge_width};
use super::geometry::points_attr;
use super::layout::{Geo, Layout, checker, draw_grid, draw_nodes, has_removed};
use super::legend::{LEGEND_GAP, Legend, defs, document};
use super::{CELL, FLOW, GOAL, INK, MUTED, NODE_R, PAD, TITLE_H, esc, names, num};
use crate::board::{Board, Point};

const START: &str = "#009E73";

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
    draw_lines(&mut body, &layout, board, trajectories);
    if graph {
        draw_nodes(
            &mut body,
            &layout,
            board,
            &|_| "#FFFFFF".to_string(),
            &|p| (board.name(p).to_string(), INK),
        );
    }
    let starts = distinct(trajectories.iter().filter_map(|t| t.first().copied()));
    let ends = distinct(trajectories.iter().filter_map(|t| t.last().copied()));
    for (points, colour, class) in [(&starts, START, "start"), (&ends, GOAL, "end")] {
        draw_rings(&mut body, &layout, board, graph, points, colour, class);
    }
    draw_through_counts(&mut body, &layout, board, trajectories);
    let legend = legend(&layout, board, trajectories.len(), &starts, &ends);
    document(&layout, &legend, title, &defs(&BTreeSet::new()), &body)
}

/// The trajectories' polylines, one over another.
fn draw_lines(body: &mut String, layout: &Layout, board: &Board, trajectories: &[Vec<Point>]) {
    let count = trajectories.len();
    // The lines lie on top of each other: the opacity is such that a move every trajectory
    // makes is nearly opaque, and one that a single trajectory makes still shows.
    let alpha = if count == 0 {
        1.0
    } else {
        (1.0 - 0.03f64.powf(1.0 / count as f64)).clamp(0.08, 0.85)
    };
    if count > ONE_BY_ONE {
        draw_moves(body, layout, board, trajectories);
        return;
    }
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
}

/// The most trajectories drawn one line each; a larger bundle is drawn as its moves
/// ([`draw_moves`]): thousands of lines one over another show nothing more and make a picture
/// of tens of megabytes.
const ONE_BY_ONE: usize = 1_000;

/// A large bundle's moves, each once, in order, with the number of trajectories making it.
fn moves(trajectories: &[Vec<Point>]) -> BTreeMap<(Point, Point), usize> {
    let mut moves = BTreeMap::new();
    for t in trajectories {
        for w in t.windows(2) {
            *moves.entry((w[0], w[1])).or_insert(0) += 1;
        }
    }
    moves
}

/// A large bundle drawn as its moves: each a line as opaque as the share of the trajectories
/// making it (at least faintly visible), its count in its title.
fn draw_moves(body: &mut String, layout: &Layout, board: &Board, trajectories: &[Vec<Point>]) {
    let count = trajectories.len() as f64;
    for ((a, b), n) in moves(trajectories) {
        let pts = [layout.centre(board, a), layout.centre(board, b)];
        let _ = writeln!(
            body,
            r#"<polyline class="move" points="{}" fill="none" stroke="{FLOW}" stroke-opacity="{}" stroke-width="3.5" stroke-linecap="round"><title>{}-{}: {n} of {} trajectories</title></polyline>"#,
            points_attr(&pts),
            num((0.08 + 0.77 * n as f64 / count).min(0.85)),
            esc(board.name(a).as_ref()),
            esc(board.name(b).as_ref()),
            trajectories.len()
        );
    }
}

/// The points, sorted and each once.
fn distinct(points: impl Iterator<Item = Point>) -> Vec<Point> {
    let mut points: Vec<Point> = points.collect();
    points.sort();
    points.dedup();
    points
}

/// A ring round each of `points` (the bundle's starts or its ends).
fn draw_rings(
    body: &mut String,
    layout: &Layout,
    board: &Board,
    graph: bool,
    points: &[Point],
    colour: &str,
    class: &str,
) {
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

/// How many trajectories pass through each point, in a badge where it hides the least.
fn draw_through_counts(
    body: &mut String,
    layout: &Layout,
    board: &Board,
    trajectories: &[Vec<Point>],
) {
    if trajectories.is_empty() {
        return;
    }
    let mut through = vec![0usize; board.len()];
    for t in trajectories {
        for p in distinct(t.iter().copied()) {
            through[p.index()] += 1;
        }
    }
    let mut obstacles = Obstacles {
        segments: Vec::new(),
        // Each move once, with the number of trajectories making it: the badges' placement
        // weighs the moves as before, at the cost of the distinct moves, not of every
        // trajectory's (a bundle of 16,215 trajectories of 46 moves on 344x8 took seconds).
        stacked: moves(trajectories)
            .into_iter()
            .map(|((a, b), n)| ((layout.centre(board, a), layout.centre(board, b)), n))
            .collect(),
        rects: Vec::new(),
        labels: Vec::new(),
    };
    for p in board.points() {
        if through[p.index()] == 0 {
            continue;
        }
        let text = through[p.index()].to_string();
        let w = badge_width(&text);
        let (x, y) = obstacles.place(layout, board, p, w, BADGE_H, Prefer::Beside);
        badge(body, x, y, w, &text, MUTED, false);
    }
}

/// The legend: the count of trajectories, the badges, the starts and the ends.
fn legend(
    layout: &Layout,
    board: &Board,
    count: usize,
    starts: &[Point],
    ends: &[Point],
) -> Legend {
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
        legend.ring(START, &format!("start {}", list(starts)));
        legend.ring(GOAL, &format!("end {}", list(ends)));
    }
    if has_removed(board) {
        legend.hatched("removed point");
    }
    legend
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::{Bundle, BundleOptions};
    use crate::piece::Usage;
    use crate::scenario::Scenario;
    use crate::svg::tests::{assert_well_formed, count};

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

    /// A bundle past [`ONE_BY_ONE`] trajectories is drawn as its distinct moves, each once:
    /// 16,215 bishop trajectories on 344x8 drew 16,215 lines of 46 moves, megabytes, in
    /// seconds (the fuzz target serve_request found it 5 s past its deadline).
    #[test]
    fn a_large_bundle_is_drawn_as_its_moves() {
        let board = Board::grid(40, 3, 1, &[]).unwrap();
        let p = |x: u32, y: u32| board.parse_point(&format!("({x},{y})")).unwrap();
        // Every choice of row (1, 2 or 3) at x = 2..=8 between (1,2) and (9,2): 3^7 paths.
        let mut ts = Vec::new();
        for code in 0..3u32.pow(7) {
            let mut t = vec![p(1, 2)];
            let mut c = code;
            for x in 2..=8 {
                t.push(p(x, 1 + c % 3));
                c /= 3;
            }
            t.push(p(9, 2));
            ts.push(t);
        }
        let svg = bundle(&board, &ts, "many");
        assert_well_formed(&svg);
        assert_eq!(count(&svg, r#"<polyline class="trajectory""#), 0);
        // From (1,2) 3 moves, 9 between each two of the 6 middle columns, 3 into (9,2).
        assert_eq!(count(&svg, r#"<polyline class="move""#), 3 + 6 * 9 + 3);
        assert!(
            svg.contains("(1,2)-(2,1): 729 of 2187 trajectories"),
            "{svg}"
        );
        assert!(svg.contains("2187 trajectories"));
    }
}
