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
//! A chess position (a scenario under `rules chess`, or an 8x8 board whose every piece is of a
//! built-in chess type) is drawn as a chessboard: wood-coloured light and dark squares (a1
//! dark) and each piece as its Unicode chess glyph (`♚♛♜♝♞♟`, filled white or dark by side,
//! class `piece white|black glyph`, its name in the tooltip) instead of a labelled disc; the
//! zones, trajectories and tags are drawn over it as on any board.
//!
//! Elements that tests and readers can find by class: `trajectory level-k` (one `<path>` per
//! zone entry), `trajectory` (one `<polyline>` per bundle trajectory), `cell` (one per point of
//! a heat map), `piece white|black`, `goal`, `origin`; in the bundle view of a language of
//! zones ([`zone_bundle`]) `group level-k` (one `<g>` per attach pair, and one for the main
//! trajectory), `edge` (one `<path>` per move of a group), `stop level-k`, `legend-entry
//! level-k` (one legend line per group), and the layers `moves` and `times`.
//!
//! `control` draws the control map of a position (classes `cell`, `attackers`, `piece`).
//!
//! `tree` draws the reduced tree of the LG search (no board: moves as labelled nodes in layers by
//! depth, classes `node`, `edge`, `value-1|0|-1`).
//!
//! The files: `zone` and `bundle_view` draw zones (one zone, or the bundle view of a language of
//! zones), `map` and `bundle` a MAP table and a bundle of trajectories; they share `layout`
//! (where the points go, the squares and nodes under everything), `pieces`, `geometry` (the
//! lines), `badges` (the tags and where they hide the least), `times` (the τ tags and the times
//! at the stops), and `legend` (the legend column and the document around it). This file holds
//! what all of them use: the sizes, the colours and the text helpers.

mod badges;
mod bundle;
mod bundle_view;
mod control;
mod geometry;
mod layout;
mod legend;
mod map;
mod pieces;
mod times;
mod tree;
mod zone;

pub use bundle::bundle;
pub use bundle_view::{MAX_SHIFT, zone_bundle};
pub use control::control;
pub use map::map;
pub use tree::tree;
pub use zone::zone;

use crate::board::{Board, Point};

/// The side of a grid square.
const CELL: f64 = 60.0;
/// The outer margin.
const PAD: f64 = 16.0;
/// The band the title takes above the board.
const TITLE_H: f64 = 40.0;
/// The radius of a point of a graph board.
const NODE_R: f64 = 18.0;
/// The length of an arrowhead, in user units.
const ARROW_LEN: f64 = 9.0;
pub(crate) const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// Negation levels 0–3, then grey: dark red, blue, bluish green, orange (Okabe–Ito hues,
/// distinguishable with the common colour-vision deficiencies).
const LEVEL_COLOURS: [&str; 5] = ["#A50026", "#0072B2", "#009E73", "#E69F00", "#7F7F7F"];
pub(crate) const INK: &str = "#222222";
pub(crate) const MUTED: &str = "#555555";
const GOAL: &str = "#D55E00";
const FLOW: &str = "#0072B2";

fn level_colour(level: u32) -> &'static str {
    LEVEL_COLOURS[(level as usize).min(LEVEL_COLOURS.len() - 1)]
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
    use crate::scenario::Scenario;
    use crate::zone::{Zone, ZoneGenerator, ZoneOptions};

    // What the tests of the files below share.

    pub(super) const SIMPLIFIED: &str = "board 8x8\nremoved g3 g4\n\
        type BOMBER {\n move leap (0,1)\n value 5\n}\n\
        type FIGHTER {\n like king\n value 3\n}\n\
        type TARGET {\n value 10\n}\n\
        black BOMBER at h5\nwhite FIGHTER at f6\nwhite TARGET at h1\n";

    pub(super) fn first_zone(
        source: &str,
        piece: &str,
        target: &str,
        horizon: u32,
    ) -> (Scenario, Zone) {
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

    pub(super) fn count(svg: &str, needle: &str) -> usize {
        svg.matches(needle).count()
    }

    pub(super) fn assert_well_formed(svg: &str) {
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
}
