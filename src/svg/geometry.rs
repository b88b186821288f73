//! The geometry of the trajectory lines: offset slots for entries that share moves, offset and
//! shortened polylines, and their SVG path data. Pure functions of points and coordinates: they
//! draw nothing.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::num;
use crate::board::Point;
use crate::zone::Zone;

/// Per zone entry, the offset slot (0, 1, -1, 2, -2, ...) of its line: the smallest slot that
/// no earlier entry uses on any of the moves it shares with it. A move a→b at slot s and b→a at
/// slot -s coincide, so the slot is compared in the direction of increasing point number.
pub(super) fn offset_slots(zone: &Zone) -> Vec<i32> {
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

pub(super) fn unit(dx: f64, dy: f64) -> (f64, f64) {
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1e-9 {
        (0.0, 0.0)
    } else {
        (dx / len, dy / len)
    }
}

/// The polyline moved `d` to the left of its direction of travel (mitred joints).
pub(super) fn offset_polyline(pts: &[(f64, f64)], d: f64) -> Vec<(f64, f64)> {
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
pub(super) fn shorten(pts: &[(f64, f64)], start: f64, end: f64) -> Vec<(f64, f64)> {
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

pub(super) fn path_data(pts: &[(f64, f64)]) -> String {
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

pub(super) fn points_attr(pts: &[(f64, f64)]) -> String {
    pts.iter()
        .map(|&(x, y)| format!("{},{}", num(x), num(y)))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::svg::tests::{SIMPLIFIED, first_zone};

    #[test]
    fn overlapping_trajectories_get_different_offsets() {
        let (_, z) = first_zone(SIMPLIFIED, "BOMBER", "h1", 4);
        let mut z2 = z.clone();
        // The same trajectory twice, and once reversed: all three on different lines.
        let mut e = z.entries[1].clone();
        z2.entries.push(e.clone());
        e.trajectory = e.trajectory.iter().rev().copied().collect();
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
}
