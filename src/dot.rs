//! Graphviz DOT text for other tools (`search --engine lg --dot FILE`): the LG search's reduced
//! tree as a directed graph, nodes numbered in preorder so that the same tree gives the same
//! bytes.

use crate::play::search::lg::{End, Tree, TreeNode};

/// The reduced tree below a root node labelled `title`: each move a node with its value (and
/// how a leaf ends), an edge from the position before it; a node whose search was cut dashed.
pub fn tree(tree: &Tree, title: &str) -> String {
    fn walk(nodes: &[TreeNode], parent: usize, next: &mut usize, out: &mut String) {
        for n in nodes {
            *next += 1;
            let id = *next;
            let mut label = format!("{}\\n{}", escape(&n.text), n.value);
            match n.end {
                Some(End::GameOver) | None => {}
                Some(e) => label.push_str(&format!("\\n({})", e.name())),
            }
            let style = if n.cut { ", style=dashed" } else { "" };
            out.push_str(&format!("  n{id} [label=\"{label}\"{style}];\n"));
            out.push_str(&format!("  n{parent} -> n{id};\n"));
            walk(&n.children, id, next, out);
        }
    }
    let mut out = String::from("digraph lg_tree {\n  node [shape=box, fontname=\"monospace\"];\n");
    out.push_str(&format!(
        "  n0 [label=\"{}\", shape=ellipse];\n",
        escape(title)
    ));
    let mut next = 0;
    walk(&tree.children, 0, &mut next, &mut out);
    out.push_str("}\n");
    out
}

/// A label's text inside double quotes: backslashes and quotes escaped, newlines as `\n`.
fn escape(text: &str) -> String {
    text.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(text: &str, value: i8, children: Vec<TreeNode>, end: Option<End>) -> TreeNode {
        TreeNode::sample(text, value, children, end)
    }

    #[test]
    fn nodes_in_preorder_with_their_values_and_ends() {
        let t = Tree {
            children: vec![
                node(
                    "h8-g7",
                    0,
                    vec![node("a6-b6", 0, Vec::new(), Some(End::Depth))],
                    None,
                ),
                node("c6-c7", -1, Vec::new(), Some(End::GameOver)),
            ],
        };
        let dot = tree(&t, "2D/4A \"start\"");
        assert_eq!(
            dot,
            "digraph lg_tree {\n  node [shape=box, fontname=\"monospace\"];\n  \
             n0 [label=\"2D/4A \\\"start\\\"\", shape=ellipse];\n  \
             n1 [label=\"h8-g7\\n0\"];\n  n0 -> n1;\n  \
             n2 [label=\"a6-b6\\n0\\n(depth bound)\"];\n  n1 -> n2;\n  \
             n3 [label=\"c6-c7\\n-1\"];\n  n0 -> n3;\n}\n"
        );
    }
}
