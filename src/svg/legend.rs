//! The legend column to the right of the board, the `<defs>` block (hatch pattern and
//! arrowheads), and the document that puts title, board and legend together: how every picture
//! ends.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::badges::{badge, badge_width};
use super::layout::Layout;
use super::{ARROW_LEN, FLOW, FONT, GOAL, INK, PAD, esc, level_colour, num, text_width};
use crate::piece::Side;

pub(super) const LEGEND_GAP: f64 = 28.0;
const LEGEND_LINE: f64 = 19.0;

pub(super) fn defs(levels: &BTreeSet<u32>) -> String {
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

/// The legend column, built top down; it knows its own width and height.
pub(super) struct Legend {
    x: f64,
    y: f64,
    width: f64,
    out: String,
}

impl Legend {
    pub(super) fn new(x: f64, top: f64) -> Legend {
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

    pub(super) fn heading(&mut self, text: &str) {
        self.text(0.0, text, 13.0, true);
        self.y += 2.0;
    }

    pub(super) fn gap(&mut self) {
        self.y += 10.0;
    }

    pub(super) fn arrow(&mut self, level: u32, text: &str) {
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
    pub(super) fn entry(&mut self, level: u32, text: &str) {
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
    pub(super) fn line(&mut self, colour: &str, width: f64, text: &str) {
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

    /// A box with a dashed border, and a text.
    pub(super) fn dashed(&mut self, text: &str) {
        let _ = writeln!(
            self.out,
            r##"<rect x="{}" y="{}" width="30" height="16" rx="4" fill="#ECECEC" stroke="#555555" stroke-width="1.2" stroke-dasharray="4 2"/>"##,
            num(self.x),
            num(self.y + 1.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn flow(&mut self, text: &str) {
        let y = num(self.y + 9.0);
        let _ = writeln!(
            self.out,
            r#"<path d="M{} {y} L{} {y}" stroke="{FLOW}" stroke-opacity="0.6" stroke-width="3" stroke-linecap="round"/>"#,
            num(self.x + 1.0),
            num(self.x + 29.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn swatch(&mut self, fill: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r##"<rect x="{}" y="{}" width="30" height="16" fill="{fill}" stroke="#8C8C8C" stroke-width="0.8"/>"##,
            num(self.x),
            num(self.y + 1.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn hatched(&mut self, text: &str) {
        self.swatch("url(#lg-hatch)", text);
    }

    pub(super) fn origin(&mut self, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<rect x="{}" y="{}" width="28" height="14" fill="none" stroke="{GOAL}" stroke-width="3"/>"#,
            num(self.x + 1.0),
            num(self.y + 2.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn ring(&mut self, colour: &str, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="7" fill="none" stroke="{colour}" stroke-width="3"/>"#,
            num(self.x + 15.0),
            num(self.y + 9.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn goal(&mut self, text: &str) {
        let _ = writeln!(
            self.out,
            r#"<circle cx="{}" cy="{}" r="8" fill="none" stroke="{GOAL}" stroke-width="2.5" stroke-dasharray="5 3"/>"#,
            num(self.x + 15.0),
            num(self.y + 9.0)
        );
        self.text(38.0, text, 12.0, false);
    }

    pub(super) fn piece(&mut self, side: Side, text: &str) {
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

    pub(super) fn badge(&mut self, tag: &str, colour: &str, framed: bool, text: &str) {
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
pub(super) fn document(
    layout: &Layout,
    legend: &Legend,
    title: &str,
    defs: &str,
    body: &str,
) -> String {
    document_sized(layout.right, layout.bottom, legend, title, defs, body)
}

/// The document around a drawing whose right and bottom edges are `right` and `bottom` (a
/// picture without a board: the search tree).
pub(super) fn document_sized(
    right: f64,
    bottom: f64,
    legend: &Legend,
    title: &str,
    defs: &str,
    body: &str,
) -> String {
    let title_w = PAD * 2.0 + text_width(title, 17.0);
    let width = (legend.x + legend.width + PAD)
        .max(title_w)
        .max(right + PAD)
        .ceil();
    let height = (bottom.max(legend.bottom()) + PAD).ceil();
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
