//! Badges, the small tags with a time or a count, and where to put them: the spot around a point
//! that hides the least of the lines, pieces and labels already drawn. Every picture that writes
//! numbers on the board (times, counts) places them here.

use std::f64::consts::PI;
use std::fmt::Write;

use super::layout::{Geo, Layout};
use super::pieces::PieceShape;
use super::{CELL, NODE_R, esc, num, text_width};
use crate::board::{Board, Point};

pub(super) const BADGE_H: f64 = 14.0;

pub(super) fn badge_width(text: &str) -> f64 {
    text_width(text, 9.5) + 6.0
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Rect {
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
pub(super) enum Prefer {
    /// The upper right corner, then the other corners and the edges.
    TopRight,
    /// Left or right of the point, then the corners from the lower left.
    Beside,
}

/// A line segment between two points of the picture.
pub(super) type Segment = ((f64, f64), (f64, f64));

/// What labels should not hide: the drawn lines, the pieces and the labels placed so far.
pub(super) struct Obstacles {
    pub(super) segments: Vec<Segment>,
    /// Segments that lie over one another, each once with how many lie there (a bundle's
    /// moves): counted as that many segments, without a test for each.
    pub(super) stacked: Vec<(Segment, usize)>,
    pub(super) rects: Vec<Rect>,
    pub(super) labels: Vec<Rect>,
}

impl Obstacles {
    /// Nothing placed yet but the pieces' discs.
    pub(super) fn around(pieces: &[PieceShape]) -> Obstacles {
        Obstacles {
            segments: Vec::new(),
            stacked: Vec::new(),
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
            + self
                .stacked
                .iter()
                .filter(|((a, b), _)| lines.hit_by(*a, *b))
                .map(|(_, n)| n)
                .sum::<usize>()
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
    pub(super) fn place(
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
pub(super) fn badge(
    out: &mut String,
    x: f64,
    y: f64,
    w: f64,
    text: &str,
    colour: &str,
    framed: bool,
) {
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
