//! The reduced tree the search builds, how its branches end, and the search's result.

use super::proof::{checked_below, proved};
use crate::play::game::Game;
use crate::play::search::SearchResult;
use crate::play::state::{Move, State};

/// How a branch of the reduced tree ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    /// The game is over; the value is its outcome.
    GameOver,
    /// Neither side has a zone move: a static value ([`Leaf`](super::options::Leaf)).
    NoZoneMove,
    /// The depth bound: a static value ([`Leaf`](super::options::Leaf)).
    Depth,
    /// The position was searched before at this ply (another order of the same moves): its
    /// value comes from the table, its moves are shown where it was searched first; `proved`:
    /// that value was forced inside the reduced tree there (it rests on game-ending leaves
    /// only), `checked`: and every legal move its proof needs was answered ([`Tree::checked`]).
    Table {
        /// The table's value was forced inside the reduced tree where it was first searched.
        proved: bool,
        /// The table's value was proved for the game where it was first searched.
        checked: bool,
    },
    /// The side whose better moves could change the value above can no longer win by the
    /// rules ([`State::can_win`]: it has no goal piece left, and no royal piece to mate): its
    /// value is at most a draw, proved without searching on (a bound of the window, or the
    /// exact 0 when neither side can win).
    NoWin,
}

impl End {
    /// How the tree's text and JSON name this way of ending (`depth bound`, `no win left`).
    pub fn name(self) -> &'static str {
        match self {
            End::GameOver => "game over",
            End::NoZoneMove => "no zone move",
            End::Depth => "depth bound",
            End::Table { .. } => "transposition",
            End::NoWin => "no win left",
        }
    }
}

/// A move of the reduced tree with its backed-up value (from White's side) and the moves
/// searched below it; a leaf says why its branch ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TreeNode {
    /// The move, in the game's terms.
    pub mv: Move,
    /// The move in the source's notation (`h8-g7`, `c6:b7`, `pass`); under `rules chess` the
    /// API relabels it in SAN (`play::notation::san::tree`).
    pub text: String,
    /// The value backed up to this move, from White's side (+1, 0, −1).
    pub value: i8,
    /// The moves searched below it, in the order searched.
    pub children: Vec<TreeNode>,
    /// For a leaf, why the branch ends there.
    pub end: Option<End>,
    /// Some moves below were not searched (an alpha-beta cutoff): the value is a bound.
    pub cut: bool,
    /// What the value says of the position's value within the reduced tree: it, or a bound
    /// the search's window left (a cutoff, or every move outside the window).
    pub bound: ValueBound,
}

#[cfg(test)]
impl TreeNode {
    /// A node of a tree written by hand in a test: a pass named `text`, with its value, the
    /// moves below and, for a leaf, why it ends; its value exact, nothing cut.
    pub(crate) fn sample(
        text: &str,
        value: i8,
        children: Vec<TreeNode>,
        end: Option<End>,
    ) -> TreeNode {
        TreeNode {
            mv: Move::Pass,
            text: text.to_string(),
            value,
            children,
            end,
            cut: false,
            bound: ValueBound::Exact,
        }
    }
}

/// What a node's value says of its position's value within the reduced tree.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ValueBound {
    /// It is the value.
    #[default]
    Exact,
    /// The value is at least it (a cutoff above the window).
    AtLeast,
    /// The value is at most it (below the window).
    AtMost,
}

/// The reduced tree below the root.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tree {
    /// The moves from the root, in the order searched.
    pub children: Vec<TreeNode>,
}

impl Tree {
    /// The moves of `value` from the root: at each node the first child of that value.
    pub fn principal_variation(&self, value: i8) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut nodes = &self.children;
        while let Some(best) = nodes.iter().find(|n| n.value == value) {
            pv.push(best.mv);
            nodes = &best.children;
        }
        pv
    }

    /// The number of moves in the tree.
    pub fn moves(&self) -> usize {
        fn count(nodes: &[TreeNode]) -> usize {
            nodes.iter().map(|n| 1 + count(&n.children)).sum()
        }
        count(&self.children)
    }

    /// The longest line, in moves.
    pub fn depth(&self) -> usize {
        fn depth(nodes: &[TreeNode]) -> usize {
            nodes
                .iter()
                .map(|n| 1 + depth(&n.children))
                .max()
                .unwrap_or(0)
        }
        depth(&self.children)
    }

    /// The leaves per way their branch ends, in the order of [`End`].
    pub fn leaves(&self) -> [usize; 5] {
        fn walk(nodes: &[TreeNode], out: &mut [usize; 5]) {
            for n in nodes {
                match n.end {
                    Some(End::GameOver) => out[0] += 1,
                    Some(End::NoZoneMove) => out[1] += 1,
                    Some(End::Depth) => out[2] += 1,
                    Some(End::Table { .. }) => out[3] += 1,
                    Some(End::NoWin) => out[4] += 1,
                    None => {}
                }
                walk(&n.children, out);
            }
        }
        let mut out = [0; 5];
        walk(&self.children, &mut out);
        out
    }

    /// Whether the value `value` backed up to the root (whose side to move is White when
    /// `white`) is proved inside the reduced tree: it rests only on leaves that end the game.
    /// A leaf is proved when it ends the game; a node when a proved child has its value and
    /// either that value is the best its side can have (1 for White, −1 for Black) or every
    /// child searched is proved (a child left unsearched by a cutoff cannot change the
    /// choice above). An empty tree proves nothing.
    pub fn proved(&self, white: bool, value: i8) -> bool {
        !self.children.is_empty() && proved(&self.children, white, value)
    }

    /// Whether the value `value` backed up to `root` is proved for the game, read off the tree
    /// as the search works it out ([`LgResult::proved`]): at every node of its proof a proved
    /// legal move reaches the value where it is a cutoff's bound or the best its side can
    /// have, and every legal move was answered, each proved, where it is not. Leaves that end
    /// the game and `(no win left)` are proved, a transposition as where it was first
    /// searched, a static value not. A reduced pass proves nothing; an empty tree neither.
    pub fn checked(&self, game: &Game, root: &State, value: i8) -> bool {
        let mut state = root.clone();
        checked_below(game, &mut state, &self.children, value, false)
    }

    /// One move a line, indented two spaces a level, the value after it (`h8-g7  0`); a leaf
    /// that does not end the game is marked `(no zone move)` or `(depth bound)`, a node whose
    /// search was cut `(cut)`.
    pub fn text(&self) -> String {
        fn walk(nodes: &[TreeNode], depth: usize, out: &mut String) {
            for n in nodes {
                let indent = "  ".repeat(depth);
                out.push_str(&format!("{indent}{}  {}", n.text, n.value));
                match n.end {
                    Some(End::GameOver) | None => {}
                    Some(e) => out.push_str(&format!("  ({})", e.name())),
                }
                if n.cut {
                    out.push_str("  (cut)");
                }
                out.push('\n');
                walk(&n.children, depth + 1, out);
            }
        }
        let mut out = String::new();
        walk(&self.children, 0, &mut out);
        out
    }
}

/// What the LG search found: the result (value and score from White's side, the principal
/// variation, positions visited, time) and the reduced tree.
#[derive(Clone, Debug)]
pub struct LgResult {
    /// The value, score, principal variation and positions visited.
    pub result: SearchResult,
    /// The reduced tree the value was backed up from.
    pub tree: Tree,
    /// The horizon of the zones (the default's when none was asked).
    pub horizon: u32,
    /// The states whose zones were generated afresh (with [`Zones::Regenerate`](super::options::Zones::Regenerate), every state
    /// that is not the end of the game).
    pub generated: u64,
    /// The depth bound the tree was built to, in moves.
    pub depth: u32,
    /// Whether the value is proved for the game ([`Tree::checked`]): it rests on leaves that
    /// end the game (or that the rules decide, `(no win left)`), and at every node of its
    /// proof where the side to move does not reach its best, every legal move of that side was
    /// answered, not only its zone moves.
    pub proved: bool,
    /// Whether the value is forced inside the reduced tree ([`Tree::proved`]): it rests on
    /// leaves that end the game, every move of the tree answered; where it is not also
    /// `proved`, a move outside the tree may change it ("forced within LG's tree; outside it
    /// not checked").
    pub forced: bool,
    /// How the root itself ends where the tree is empty at a position that goes on: `(no zone
    /// move)` where the search keeps to zone moves ([`LgOptions::zone_moves_only`](super::options::LgOptions::zone_moves_only), or the
    /// plain tree's `Leaf::Zero`) and neither side has one; its value is then the root's
    /// static value.
    pub root_end: Option<End>,
    /// The race extension of the tree shown, in plies past the depth bound.
    pub race: u32,
    /// The race asked for ([`LgOptions::race`](super::options::LgOptions::race), or the default one): more than `race` where
    /// the race budget ([`LgOptions::race_budget`](super::options::LgOptions::race_budget)) stopped the deepening short.
    pub race_asked: u32,
    /// The race budget the search ran under ([`LgOptions::race_budget`](super::options::LgOptions::race_budget), or the default one),
    /// which is what stopped the race short where `race` < `race_asked`.
    pub race_budget: Option<u64>,
    /// The depth bound asked for (the option, or the horizon + 2): more than `depth` where a
    /// deepening search ([`LgOptions::deepen`](super::options::LgOptions::deepen)) was stopped before its last pass.
    pub depth_asked: u32,
}
