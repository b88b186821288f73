//! The times written on a zone picture: the τ tags at the ends of trajectories and the time at
//! each stop, every value a stop takes as `1/2`, each tag put where it hides the least. Shared by
//! the zone picture and the bundle view.

use super::badges::{BADGE_H, Obstacles, Prefer, badge, badge_width};
use super::layout::Layout;
use super::level_colour;
use crate::board::{Board, Point};

/// The τ tags at the ends of trajectories, `(point, level, τ)`: one row of tags per point, side
/// by side, where it hides the least.
pub(super) fn end_tags(
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
pub(super) fn stop_times(
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
pub(super) fn stop_time_rows(
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
