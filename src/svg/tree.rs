//! The reduced tree of the LG search (docs/lg-search.md) as a
//! layered drawing: the start on the left, one column per depth, each move a labelled box with
//! its value, leaves one a row in the order of the tree, a parent halfway between its first and
//! last child, elbow lines from parent to child.

use std::collections::BTreeSet;
use std::fmt::Write;

use super::legend::{LEGEND_GAP, Legend, defs, document_sized};
use super::{INK, MUTED, PAD, TITLE_H, esc, num, text_width};
use crate::play::search::lg::{End, Tree, TreeNode};

const ROW: f64 = 24.0;
const BOX_H: f64 = 18.0;
const GAP_X: f64 = 26.0;
const FONT_SIZE: f64 = 12.0;

fn value_colour(value: i8) -> &'static str {
    match value {
        1 => "#0072B2",
        -1 => "#A50026",
        _ => MUTED,
    }
}

fn value_fill(value: i8) -> &'static str {
    match value {
        1 => "#DCEBF5",
        -1 => "#F4DCDF",
        _ => "#ECECEC",
    }
}

/// A node placed: its column, its centre row, its label and value.
struct Placed {
    depth: usize,
    y: f64,
    label: String,
    value: Option<i8>,
    dashed: bool,
    parent: Option<usize>,
}

/// Places `nodes` below `parent` from row `next` on; returns the centre of the first and last.
fn place(
    nodes: &[TreeNode],
    depth: usize,
    parent: Option<usize>,
    next: &mut f64,
    out: &mut Vec<Placed>,
) -> Option<(f64, f64)> {
    let mut span: Option<(f64, f64)> = None;
    for n in nodes {
        let index = out.len();
        out.push(Placed {
            depth,
            y: 0.0,
            label: n.text.clone(),
            value: Some(n.value),
            dashed: matches!(n.end, Some(End::NoZoneMove | End::Depth)),
            parent,
        });
        let y = match place(&n.children, depth + 1, Some(index), next, out) {
            Some((a, b)) => (a + b) / 2.0,
            None => {
                let y = *next;
                *next += ROW;
                y
            }
        };
        out[index].y = y;
        span = Some(span.map_or((y, y), |(a, _)| (a, y)));
    }
    span
}

fn label_width(p: &Placed) -> f64 {
    let value = p
        .value
        .map_or(0.0, |v| text_width(&v.to_string(), FONT_SIZE) + 8.0);
    text_width(&p.label, FONT_SIZE) + value + 12.0
}

/// The reduced tree as an SVG document titled `title`.
pub fn tree(tree: &Tree, title: &str) -> String {
    let top = TITLE_H + PAD + BOX_H / 2.0;
    let mut placed = vec![Placed {
        depth: 0,
        y: 0.0,
        label: "start".to_string(),
        value: None,
        dashed: false,
        parent: None,
    }];
    let mut next = top;
    let root_y = match place(&tree.children, 1, Some(0), &mut next, &mut placed) {
        Some((a, b)) => (a + b) / 2.0,
        None => {
            next += ROW;
            top
        }
    };
    placed[0].y = root_y;
    let columns = placed.iter().map(|p| p.depth).max().unwrap_or(0) + 1;
    let mut widths = vec![0.0f64; columns];
    for p in &placed {
        widths[p.depth] = widths[p.depth].max(label_width(p));
    }
    let mut xs = Vec::with_capacity(columns);
    let mut x = PAD;
    for w in &widths {
        xs.push(x);
        x += w + GAP_X;
    }
    let right = x - GAP_X;
    let bottom = next - ROW + BOX_H / 2.0;

    let mut body = String::new();
    draw_edges(&mut body, &placed, &xs);
    draw_nodes(&mut body, &placed, &xs);

    let mut legend = Legend::new(right + LEGEND_GAP, TITLE_H + PAD);
    legend.heading("Values (White's side)");
    legend.swatch(value_fill(1), "1: White wins");
    legend.swatch(value_fill(0), "0: draw, or a static leaf");
    legend.swatch(value_fill(-1), "-1: Black wins");
    legend.gap();
    legend.line(MUTED, 1.0, "a move of the reduced tree");
    legend.dashed("a leaf that does not end the game (value 0)");
    document_sized(
        right,
        bottom,
        &legend,
        title,
        &defs(&BTreeSet::new()),
        &body,
    )
}

/// The elbow lines from each node to its children.
fn draw_edges(out: &mut String, placed: &[Placed], xs: &[f64]) {
    out.push_str("<g class=\"edges\">\n");
    for p in placed {
        let Some(parent) = p.parent else { continue };
        let q = &placed[parent];
        let x0 = xs[q.depth] + label_width(q);
        let x1 = xs[p.depth];
        let mid = x1 - GAP_X / 2.0;
        let _ = writeln!(
            out,
            r#"<path class="edge" d="M{} {} H{} V{} H{}" fill="none" stroke="{MUTED}" stroke-width="1"/>"#,
            num(x0),
            num(q.y),
            num(mid),
            num(p.y),
            num(x1)
        );
    }
    out.push_str("</g>\n");
}

/// Each node's box, its move and its value.
fn draw_nodes(out: &mut String, placed: &[Placed], xs: &[f64]) {
    out.push_str("<g class=\"nodes\">\n");
    for p in placed {
        let x = xs[p.depth];
        let w = label_width(p);
        let (class, fill, stroke) = match p.value {
            Some(v) => (format!("node value-{v}"), value_fill(v), value_colour(v)),
            None => ("node root".to_string(), "#FFFFFF", INK),
        };
        let dash = if p.dashed {
            r#" stroke-dasharray="4 2""#
        } else {
            ""
        };
        let _ = writeln!(
            out,
            r#"<g class="{class}"><rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="{fill}" stroke="{stroke}" stroke-width="1.2"{dash}/>"#,
            num(x),
            num(p.y - BOX_H / 2.0),
            num(w),
            num(BOX_H)
        );
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="{}" fill="{INK}">{}</text>"#,
            num(x + 6.0),
            num(p.y + 4.0),
            num(FONT_SIZE),
            esc(&p.label)
        );
        if let Some(v) = p.value {
            let _ = write!(
                out,
                r#"<text x="{}" y="{}" font-size="{}" font-weight="bold" fill="{}">{v}</text>"#,
                num(x + 6.0 + text_width(&p.label, FONT_SIZE) + 6.0),
                num(p.y + 4.0),
                num(FONT_SIZE),
                value_colour(v)
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(text: &str, value: i8, children: Vec<TreeNode>) -> TreeNode {
        let end = children.is_empty().then_some(End::GameOver);
        TreeNode::sample(text, value, children, end)
    }

    #[test]
    fn every_move_is_a_node_with_an_edge() {
        let t = Tree {
            children: vec![
                node(
                    "h8-g7",
                    0,
                    vec![node("h5-h4", 0, vec![]), node("a6-b6", 1, vec![])],
                ),
                node("c6-c7", -1, vec![node("a6-b7", -1, vec![])]),
            ],
        };
        let svg = tree(&t, "a <tree>");
        super::super::tests::assert_well_formed(&svg);
        assert_eq!(svg.matches("class=\"node value-").count(), 5);
        assert_eq!(svg.matches("class=\"edge\"").count(), 5);
        assert!(svg.contains("a &lt;tree&gt;"));
        assert!(svg.contains(">h8-g7<"));
    }

    #[test]
    fn an_empty_tree_is_the_start_alone() {
        let svg = tree(&Tree::default(), "empty");
        super::super::tests::assert_well_formed(&svg);
        assert_eq!(svg.matches("class=\"node root\"").count(), 1);
        assert_eq!(svg.matches("class=\"edge\"").count(), 0);
    }
}
