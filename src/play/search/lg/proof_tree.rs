//! The proof tree of a searched reduced tree ([`Tree::proof_tree`]): the smallest part of what
//! the search visited that shows the root's value, as the source draws its trees (one
//! refutation per rejected move, the best line kept).
//!
//! A value v (from White's side) at a node is two claims: White can get at least v, and Black
//! can hold White to at most v. Where White is to move, the first needs one move of value
//! at least v and the second every move searched, each shown at most v; where Black is to
//! move, the other way round. A claim that holds at every node (at least −1, at most +1)
//! needs nothing. So a win is its winning line with every defence answered once, a loss the
//! same for the other side, and a draw both: each side's best line, and each alternative of
//! each side refuted by one reply. Where one move is enough, the one whose own proof is the
//! smallest is kept. Leaves stay leaves: a transposition's proof is where it was first
//! searched, which need not be in the proof tree (its leaf says so).

use super::tree::{Tree, TreeNode, ValueBound};

/// Which of the two claims about a node's value is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Claim {
    /// White gets at least the value.
    AtLeast,
    /// Black holds White to at most the value.
    AtMost,
}

impl Claim {
    /// Whether a move's value `v` meets the claim about `bound`.
    fn met(self, v: i8, bound: i8) -> bool {
        match self {
            Claim::AtLeast => v >= bound,
            Claim::AtMost => v <= bound,
        }
    }

    /// Whether the claim holds of any value (nothing to show): at least −1, at most +1.
    fn trivial(self, bound: i8) -> bool {
        match self {
            Claim::AtLeast => bound <= -1,
            Claim::AtMost => bound >= 1,
        }
    }

    /// Whether the move `n` shows the claim about `bound`: its value meets it, and it is the
    /// value or a bound on the claim's side (the search's window leaves bounds: a cutoff's
    /// value is at least it where White moves below, at most where Black does).
    fn shown_by(self, n: &TreeNode, bound: i8) -> bool {
        let side = match self {
            Claim::AtLeast => ValueBound::AtLeast,
            Claim::AtMost => ValueBound::AtMost,
        };
        self.met(n.value, bound) && (n.bound == ValueBound::Exact || n.bound == side)
    }

    /// Whether the side to move (White when `white`) shows the claim by one move (it is
    /// the side the claim favours), rather than by every move it has.
    fn by_one_move(self, white: bool) -> bool {
        (self == Claim::AtLeast) == white
    }
}

/// Which moves of a searched tree the proof keeps, node by node (mirroring the tree).
#[derive(Clone, Debug, Default)]
struct Kept {
    /// Per child, whether it is kept, and what is kept below it.
    children: Vec<Option<Kept>>,
}

impl Kept {
    fn of(nodes: &[TreeNode]) -> Kept {
        Kept {
            children: vec![None; nodes.len()],
        }
    }
}

/// The moves the claim about `bound` needs at a node whose moves searched are `nodes`, White
/// to move when `white`: how many.
fn size(nodes: &[TreeNode], white: bool, claim: Claim, bound: i8) -> usize {
    if nodes.is_empty() || claim.trivial(bound) {
        return 0;
    }
    if claim.by_one_move(white) {
        nodes
            .iter()
            .filter(|n| claim.shown_by(n, bound))
            .map(|n| 1 + size(&n.children, !white, claim, bound))
            .min()
            // No move meets it (a bound the search's cutoff left): every move is kept.
            .unwrap_or_else(|| every(nodes, white, claim, bound))
    } else {
        every(nodes, white, claim, bound)
    }
}

fn every(nodes: &[TreeNode], white: bool, claim: Claim, bound: i8) -> usize {
    nodes
        .iter()
        .map(|n| 1 + size(&n.children, !white, claim, bound))
        .sum()
}

/// Marks in `kept` the moves the claim about `bound` needs (as [`size`] counts them).
fn mark(nodes: &[TreeNode], white: bool, claim: Claim, bound: i8, kept: &mut Kept) {
    if nodes.is_empty() || claim.trivial(bound) {
        return;
    }
    let one = claim
        .by_one_move(white)
        .then(|| {
            nodes
                .iter()
                .enumerate()
                .filter(|(_, n)| claim.shown_by(n, bound))
                .min_by_key(|(_, n)| size(&n.children, !white, claim, bound))
                .map(|(i, _)| i)
        })
        .flatten();
    for (i, n) in nodes.iter().enumerate() {
        if one.is_some_and(|o| o != i) {
            continue;
        }
        let below = kept.children[i].get_or_insert_with(|| Kept::of(&n.children));
        mark(&n.children, !white, claim, bound, below);
    }
}

/// The nodes of `nodes` that `kept` keeps, in the order searched.
fn build(nodes: &[TreeNode], kept: &Kept) -> Vec<TreeNode> {
    nodes
        .iter()
        .zip(&kept.children)
        .filter_map(|(n, k)| {
            k.as_ref().map(|k| TreeNode {
                children: build(&n.children, k),
                ..n.clone()
            })
        })
        .collect()
}

impl Tree {
    /// The proof tree of this searched tree, whose root has the value `value` (from White's
    /// side) with White to move there when `white`: each side's best line, and each
    /// alternative that a side's value rests on refuted by one reply (module docs).
    pub fn proof_tree(&self, white: bool, value: i8) -> Tree {
        let mut kept = Kept::of(&self.children);
        for claim in [Claim::AtLeast, Claim::AtMost] {
            mark(&self.children, white, claim, value, &mut kept);
        }
        Tree {
            children: build(&self.children, &kept),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(text: &str, value: i8, children: Vec<TreeNode>) -> TreeNode {
        TreeNode::sample(text, value, children, None)
    }

    /// White wins with `a` (Black's two defences each answered once); `b` draws; the proof
    /// keeps `a` and, below it, both defences with one answer each, not `b`.
    #[test]
    fn a_win_keeps_the_winning_line_and_one_answer_to_each_defence() {
        let tree = Tree {
            children: vec![
                node("b", 0, vec![node("b1", 0, vec![])]),
                node(
                    "a",
                    1,
                    vec![
                        node("x", 1, vec![node("x1", 1, vec![]), node("x2", 1, vec![])]),
                        node("y", 1, vec![node("y1", 0, vec![]), node("y2", 1, vec![])]),
                    ],
                ),
            ],
        };
        let proof = tree.proof_tree(true, 1);
        assert_eq!(proof.text(), "a  1\n  x  1\n    x1  1\n  y  1\n    y2  1\n");
        assert_eq!(proof.moves(), 5);
    }

    /// A draw: White's best line, and each White alternative refuted by one Black reply (the
    /// smallest); Black's alternatives below the best line answered once.
    #[test]
    fn a_draw_keeps_both_sides_best_lines_and_refutes_every_alternative_once() {
        let tree = Tree {
            children: vec![
                node(
                    "a",
                    0,
                    vec![
                        node("a1", 0, vec![]),
                        node("a2", 1, vec![node("a2w", 1, vec![])]),
                    ],
                ),
                node(
                    "b",
                    -1,
                    vec![
                        node(
                            "b1",
                            -1,
                            vec![node("b1w", -1, vec![]), node("b1v", -1, vec![])],
                        ),
                        node("b2", -1, vec![]),
                    ],
                ),
            ],
        };
        let proof = tree.proof_tree(true, 0);
        // Below a, every Black reply shown at least 0 (a1, and a2 with White's line after
        // it) and one shown at most 0 (a1); b refuted by its smaller refutation, b2.
        assert_eq!(
            proof.text(),
            "a  0\n  a1  0\n  a2  1\n    a2w  1\nb  -1\n  b2  -1\n"
        );
    }
}
