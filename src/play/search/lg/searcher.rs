//! The search of one pass: alpha-beta (or the whole tree) over the reduced tree, the node's plan
//! of moves (zone moves, a reduced pass, tempo moves, every legal move), the refutation check, the
//! table of positions and the ordering by the pass before and killers.

use rustc_hash::FxHashMap;
use std::rc::Rc;

use super::attack::{Attack, Attacks};
use super::error::LgError;
use super::moves::{has_waiting_move, ordered, pending_replies, with_captures, zone_moves};
use super::options::{Leaf, LgOptions};
use super::proof::{backed_up_proved, proof_holds};
use super::race::{Race, other_side_moves};
use super::static_value::{chess_leaf_value, static_value};
use super::tree::{End, TreeNode, ValueBound};
use super::zone_source::{Parent, ZoneSource};
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::search::{Budget, GROW_EVERY, SearchOptions, StopReason};
use crate::play::state::{Move, State};

/// A position's value in the LG search's table: exact, or a bound where an alpha-beta cutoff
/// stopped its search, and whether it was proved ([`End::Table`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct TableEntry {
    value: i8,
    bound: Bound,
    proved: bool,
    checked: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// At least `value` (a cutoff above beta).
    Lower,
    /// At most `value` (every move at or below alpha).
    Upper,
}

/// The table's entries at most (a bound on its memory): it is cleared when full.
pub const TABLE_ENTRIES: usize = 1 << 20;

pub(super) struct Node {
    pub(super) value: i8,
    pub(super) children: Vec<TreeNode>,
    pub(super) end: Option<End>,
    pub(super) cut: bool,
    pub(super) bound: ValueBound,
    /// The value rests on game-ending leaves only ([`Tree::proved`](super::tree::Tree::proved)), worked out as the search
    /// backs up so that the table need not walk the subtree again.
    pub(super) proved: bool,
    /// The value is proved for the game ([`Tree::checked`](super::tree::Tree::checked)): `proved`, and every legal move
    /// the proof needs was answered.
    pub(super) checked: bool,
}

/// The moves a node of the reduced tree searches ([`Searcher::plan`]).
struct Plan {
    /// The moves searched first: the zone moves, a pass, or every legal move.
    moves: Vec<Move>,
    /// The legal moves outside `moves`, searched only by the refutation check
    /// ([`LgOptions::widens`](super::options::LgOptions::widens)): after the zone moves where they lose, or where their value is
    /// forced inside the tree and short of the side's best.
    beyond: Vec<Move>,
    /// The legal moves of the node's state (what a proof must answer, [`proof_holds`]).
    legal: Vec<Move>,
}

pub(super) struct Searcher<'g, 's> {
    pub(super) game: &'g Game,
    pub(super) source: &'s mut dyn ZoneSource,
    pub(super) budget: Budget,
    pub(super) max_depth: u32,
    pub(super) full: bool,
    pub(super) leaf: Leaf,
    /// Plies past `max_depth` along the goal zones ([`LgOptions::race`](super::options::LgOptions::race)).
    pub(super) race: u32,
    /// The values of the positions searched, by key and ply ([`TableEntry`]); `None` with
    /// `Leaf::Zero`, the plain reduced tree the search grammar derives.
    pub(super) table: Option<FxHashMap<(u64, u32), TableEntry>>,
    pub(super) table_hits: u64,
    pub(super) max_ply: u32,
    pub(super) generated: u64,
    /// Per position (its key), the move that gave its value in this pass.
    pub(super) best: FxHashMap<u64, Move>,
    /// The same of the pass before, which orders this one's moves.
    pub(super) prior: FxHashMap<u64, Move>,
    /// Per ply, the last move that cut its node short (a refutation that often refutes the
    /// siblings too).
    pub(super) killers: Vec<Option<Move>>,
    /// The race budget's positions in all ([`LgOptions::race_budget`](super::options::LgOptions::race_budget)): a pass that reaches
    /// it stops (`over_budget`), and the pass before stands.
    pub(super) soft_limit: Option<u64>,
    pub(super) over_budget: bool,
    /// Search beyond zone moves where they do not decide the value ([`LgOptions::widens`](super::options::LgOptions::widens)).
    pub(super) widen: bool,
}

impl<'g, 's> Searcher<'g, 's> {
    /// A searcher of `game` over the zones of `source`, with the limits of `options` and the
    /// LG options `lg`, before its first pass.
    pub(super) fn new(
        game: &'g Game,
        source: &'s mut dyn ZoneSource,
        options: &SearchOptions,
        lg: &LgOptions,
    ) -> Searcher<'g, 's> {
        Searcher {
            game,
            source,
            budget: Budget::new(options).every_node(),
            max_depth: options.depth.unwrap_or(u32::MAX),
            full: lg.full_tree,
            leaf: lg.leaf,
            race: match lg.leaf {
                Leaf::Zero => 0,
                Leaf::Zones => lg.race.unwrap_or(0),
            },
            // The whole tree (`full_tree`) is drawn as searched, every transposition in full.
            table: (lg.leaf == Leaf::Zones && !lg.full_tree).then(FxHashMap::default),
            table_hits: 0,
            max_ply: 0,
            generated: 0,
            best: FxHashMap::default(),
            prior: FxHashMap::default(),
            killers: Vec::new(),
            soft_limit: None,
            over_budget: false,
            widen: lg.widens(),
        }
    }
}

impl Searcher<'_, '_> {
    fn leaf_value(&self, state: &State, attacks: &[Attack]) -> i8 {
        match self.leaf {
            Leaf::Zero => 0,
            Leaf::Zones => match self.game.rules.chess {
                None => static_value(self.game, state, attacks),
                Some(_) => chess_leaf_value(self.game, state, attacks),
            },
        }
    }

    /// The zones of `state`: afresh at the root, else from its parent's (`from`: the parent's
    /// attacks and the move made); and whether they were generated afresh.
    fn zones(
        &mut self,
        state: &State,
        from: Option<(Parent<'_>, Move)>,
        racing: bool,
    ) -> Result<(Attacks, bool), LgError> {
        let out = match (from, racing) {
            (None, false) => (self.source.zones(self.game, state)?, true),
            (None, true) => (self.source.goal_zones(self.game, state)?, true),
            (Some((parent, mv)), false) => self.source.child(self.game, &parent, mv, state)?,
            (Some((parent, mv)), true) => self.source.goal_child(self.game, &parent, mv, state)?,
        };
        self.generated += u64::from(out.1);
        Ok(out)
    }

    /// The value of `state` (White's side) in the reduced tree, with the moves searched below;
    /// `None` once the search must stop. `from`: the parent and the move to `state`.
    pub(super) fn node(
        &mut self,
        state: &mut State,
        from: Option<(Parent<'_>, Move)>,
        ply: u32,
        alpha: i8,
        beta: i8,
    ) -> Option<Node> {
        if self.soft_limit.is_some_and(|m| self.budget.nodes >= m) {
            self.over_budget = true;
            return None;
        }
        if !self.budget.visit(ply as usize) {
            return None;
        }
        self.max_ply = self.max_ply.max(ply);
        let mut legal = Vec::new();
        state.successors(self.game, &mut legal);
        if let Some(o) = state.outcome {
            return Some(leaf(o.value, End::GameOver));
        }
        if let Some(node) = self.transposition(state, ply, alpha, beta) {
            return Some(node);
        }
        if let Some(node) = self.no_win(state, alpha, beta) {
            return Some(node);
        }
        if let Some(pending) = state.pending.filter(|_| self.leaf == Leaf::Zones) {
            // A goal waits for its reply: the rules decide it within two plies, so the tree
            // plays it out instead of valuing it statically.
            let plan = Plan {
                moves: pending_replies(self.game, pending, &legal),
                beyond: Vec::new(),
                legal,
            };
            return self.children(state, None, plan, ply, alpha, beta);
        }
        if ply >= self.max_depth && self.race == 0 && self.leaf == Leaf::Zero {
            // A leaf valued 0 needs no zones.
            return Some(leaf(0, End::Depth));
        }
        // Past the depth bound, the race extension: only the goal zones' moves.
        let racing = ply >= self.max_depth;
        let (mut attacks, fresh) = match self.zones(state, from, racing) {
            Ok(a) => a,
            Err(e) => {
                self.budget.stopped = Some(StopReason::Failed(e.to_string()));
                return None;
            }
        };
        if ply >= self.max_depth.saturating_add(self.race) {
            return Some(leaf(self.leaf_value(state, &attacks), End::Depth));
        }
        // In the race, the moves the side to move has left before its end.
        let limit = self.max_depth.saturating_add(self.race);
        let left = racing.then(|| limit.saturating_sub(ply).div_ceil(2));
        // The race of this state, read once for its moves and for a pass (a race never takes
        // the zones afresh below, so it stays this state's).
        let race_attacks = Rc::clone(&attacks);
        let race = racing.then(|| Race::of(self.game, state, &race_attacks));
        let racing_moves = race.as_ref().zip(left);
        let mut moves = zone_moves(self.game, state, &legal, &attacks, racing_moves);
        if racing && self.widen {
            // A capture is the last step of an attack zone of length 1, a zone move before the
            // depth bound: the race takes it too. It changes the race's pieces, and with them
            // who arrives first (a pawn taken on its way, a blocker taken off a shut file).
            moves = with_captures(moves, &legal);
        }
        if moves.is_empty() && !fresh && !racing {
            // The carried zones' branch ends here: the zones of this state enter afresh.
            attacks = match self.zones(state, None, racing) {
                Ok((a, _)) => a,
                Err(e) => {
                    self.budget.stopped = Some(StopReason::Failed(e.to_string()));
                    return None;
                }
            };
            moves = zone_moves(self.game, state, &legal, &attacks, racing_moves);
        }
        self.order_by_passes(state, ply, &mut moves);
        match self.plan(state, legal, moves, &attacks, race.as_ref()) {
            Some(plan) => self.children(state, Some(&attacks), plan, ply, alpha, beta),
            None => Some(leaf(self.leaf_value(state, &attacks), End::NoZoneMove)),
        }
    }

    /// The value of `state` at `ply` from the table, where its entry decides it within the
    /// window (`alpha`, `beta`): exact, or a bound beyond the window.
    fn transposition(&mut self, state: &State, ply: u32, alpha: i8, beta: i8) -> Option<Node> {
        let key = (state.hash(self.game), ply);
        let e = self.table.as_ref().and_then(|t| t.get(&key)).copied()?;
        let usable = match e.bound {
            Bound::Exact => true,
            Bound::Lower => e.value >= beta,
            Bound::Upper => e.value <= alpha,
        };
        if !usable {
            return None;
        }
        self.table_hits += 1;
        Some(Node {
            value: e.value,
            children: Vec::new(),
            end: Some(End::Table {
                proved: e.proved,
                checked: e.checked,
            }),
            cut: e.bound != Bound::Exact,
            bound: match e.bound {
                Bound::Exact => ValueBound::Exact,
                Bound::Lower => ValueBound::AtLeast,
                Bound::Upper => ValueBound::AtMost,
            },
            proved: e.proved,
            checked: e.checked,
        })
    }

    /// Puts first among `moves` the best move of the pass before at this position, else the
    /// last move that cut at this ply (the killer); not in the plain reduced tree (no table),
    /// which keeps the order the search grammar derives.
    fn order_by_passes(&self, state: &State, ply: u32, moves: &mut [Move]) {
        let hash = state.hash(self.game);
        let first = self
            .prior
            .get(&hash)
            .or_else(|| self.best.get(&hash))
            .copied();
        let killer = self.killers.get(ply as usize).copied().flatten();
        for m in [killer, first]
            .into_iter()
            .flatten()
            .filter(|_| self.table.is_some())
        {
            if let Some(i) = moves.iter().position(|&n| n == m) {
                moves[..=i].rotate_right(1);
            }
        }
    }

    /// The moves the node of `state` searches, given its legal moves and its zone moves
    /// (`moves`, in order) and the race where the node is in it: the zone moves, the
    /// rules' pass, every legal move (tempo moves, or neither side with a zone move), or a
    /// reduced pass; `None` where the node is a leaf without a zone move.
    fn plan(
        &self,
        state: &State,
        legal: Vec<Move>,
        moves: Vec<Move>,
        attacks: &[Attack],
        race: Option<&Race>,
    ) -> Option<Plan> {
        let racing = race.is_some();
        Some(if !moves.is_empty() {
            let beyond = ordered(legal.iter().copied().filter(|m| !moves.contains(m)));
            Plan {
                moves,
                beyond,
                legal,
            }
        } else if legal == [Move::Pass] {
            // The rules' pass.
            Plan {
                moves: legal.clone(),
                beyond: Vec::new(),
                legal,
            }
        } else if self.game.any_royal && state.royal_attacked(self.game, state.to_move) {
            // In check, with no zone move: a pass would leave the royal piece to be taken (the
            // Lucena position's LG tree took the black king after a reduced pass), so the side
            // answers the check by one of its legal moves, every one searched.
            Plan {
                moves: ordered(legal.iter().copied()),
                beyond: Vec::new(),
                legal,
            }
        } else if self.widen && !has_waiting_move(self.game, state, &legal) {
            // No zone move, and no move the side could take back: each of its moves changes
            // the position for good (a pawn's step), so it cannot wait, and which one it makes
            // decides who moves when a zone's timing is decided (tempo moves; a side in
            // zugzwang has only bad ones). Every legal move is searched.
            Plan {
                moves: ordered(legal.iter().copied()),
                beyond: Vec::new(),
                legal,
            }
        } else if !state.passed && other_side_moves(self.game, state, attacks, race) {
            // A reduced pass (not twice in a row): the side's moves lie outside every zone, and
            // it has one it can take back, a waiting move, which the tree treats as changing
            // nothing the zones see. Where its value is forced, the legal moves take its place
            // ([`Searcher::children`]): a pass is no move of the rules.
            Plan {
                moves: vec![Move::Pass],
                beyond: if self.widen {
                    ordered(legal.iter().copied())
                } else {
                    Vec::new()
                },
                legal,
            }
        } else if self.widen && !racing {
            // Neither side has a zone move, and the game goes on: its value comes from its own
            // rules (deadlock, count, moves left), so every legal move is searched until zone
            // moves appear again or the game ends, within the depth bound and the race. In the
            // race, where neither side has a move along the goal zones and the side to move can
            // wait, the race has nothing left to decide: the leaf's static value stands (going
            // on there made race10 at horizon 3 forty times larger, for two 2D/4A-like games of
            // 110).
            Plan {
                moves: ordered(legal.iter().copied()),
                beyond: Vec::new(),
                legal,
            }
        } else {
            return None;
        })
    }

    /// The node of `state` when a side that cannot win ([`State::can_win`]) decides it: White
    /// unable to win and the window already at least a draw for Black (`alpha` ≥ 0), Black
    /// alike (`beta` ≤ 0), or neither able to win (exactly 0). Only with leaves valued by
    /// their zones and alpha-beta pruning: the plain reduced tree (`Leaf::Zero`, the search
    /// grammar's) and the whole tree are drawn as searched.
    fn no_win(&self, state: &State, alpha: i8, beta: i8) -> Option<Node> {
        if self.leaf != Leaf::Zones || self.full {
            return None;
        }
        let white = state.can_win(self.game, Side::White);
        let black = state.can_win(self.game, Side::Black);
        // White unable to win is held to at most a draw, Black unable to win to at least one.
        let (value, bound) = match (white, black) {
            (false, false) => (0, ValueBound::Exact),
            (false, true) if alpha >= 0 => (0, ValueBound::AtMost),
            (true, false) if beta <= 0 => (0, ValueBound::AtLeast),
            _ => return None,
        };
        Some(Node {
            value,
            children: Vec::new(),
            end: Some(End::NoWin),
            cut: bound != ValueBound::Exact,
            bound,
            proved: true,
            checked: true,
        })
    }

    /// The best value the side to move in `state` can have: a win, or a draw when it cannot
    /// win ([`State::can_win`]); with `Leaf::Zero` none (a value out of range), so that the
    /// plain reduced tree stays the one the search grammar derives.
    fn cap(&self, state: &State) -> i8 {
        let white = state.to_move == Side::White;
        if self.leaf != Leaf::Zones {
            return if white { 3 } else { -3 };
        }
        if !state.can_win(self.game, state.to_move) {
            0
        } else if white {
            1
        } else {
            -1
        }
    }

    /// The node of `state` whose moves `plan` gives, each searched below with `attacks` as
    /// its parent's zones; with the refutation check ([`LgOptions::widens`](super::options::LgOptions::widens)), the legal moves
    /// beyond them where the value is forced inside the tree and short of the side's best.
    /// `attacks`: the state's zones, `None` where it was searched without them.
    fn children(
        &mut self,
        state: &mut State,
        attacks: Option<&[Attack]>,
        plan: Plan,
        ply: u32,
        alpha: i8,
        beta: i8,
    ) -> Option<Node> {
        let white = state.to_move == Side::White;
        let mut acc = Backup::new(white, alpha, beta);
        let mut stopped = self.search_moves(state, attacks, &plan.moves, ply, &mut acc)?;
        let mut beyond_searched = plan.beyond.is_empty();
        let reduced_pass = plan.moves == [Move::Pass] && plan.legal != [Move::Pass];
        if reduced_pass && !beyond_searched && acc.children.iter().all(|c| c.0) {
            // A reduced pass whose value is forced (a cutoff's bound too): the side's legal
            // moves are searched in its place, so that the value rests on moves of the rules
            // (a side in zugzwang, or one whose waiting move realises the wait).
            acc = Backup::new(white, alpha, beta);
            beyond_searched = true;
            stopped = self.search_moves(state, attacks, &plan.beyond, ply, &mut acc)?;
        } else if !reduced_pass
            && self.widen
            && stopped.is_none()
            && !beyond_searched
            && acc.best != self.cap(state)
        {
            // The refutation check. Where every zone move of the side loses, its other legal
            // moves (tempo moves, defences that are no interception in a zone's timing) are
            // its only hope; where its value is forced inside the tree and short of its best,
            // they must be answered before the value is proved. Either way they are searched.
            let worst = if white { -1 } else { 1 };
            let forced = acc.children.iter().all(|c| c.0);
            if forced || acc.best == worst {
                beyond_searched = true;
                stopped = self.search_moves(state, attacks, &plan.beyond, ply, &mut acc)?;
            }
        }
        let Backup {
            best,
            alpha0,
            beta0,
            nodes,
            children: flags,
            ..
        } = acc;
        // Moves left unsearched by a cutoff: those of the list it stopped in, and the legal
        // moves beyond the zone moves that the check would have searched.
        let cut = match stopped {
            Some(left) => left || (self.widen && !beyond_searched && !reduced_pass),
            None => false,
        };
        if self.table.is_some()
            && let Some(c) = nodes.iter().find(|c| c.value == best)
        {
            if self.best.len() >= TABLE_ENTRIES {
                self.best.clear();
            }
            self.best.insert(state.hash(self.game), c.mv);
        }
        let values = nodes.iter().map(|c| c.value);
        let proved = backed_up_proved(values.zip(flags.iter().map(|f| f.0)), white, best);
        let searched: Vec<(Move, i8, bool)> = nodes
            .iter()
            .zip(&flags)
            .map(|(c, f)| (c.mv, c.value, f.2))
            .collect();
        let checked = proof_holds(self.game, state, &plan.legal, &searched, best, cut);
        let cap = self.cap(state);
        let bound = if self.full || best == cap || (best > alpha0 && best < beta0) {
            Bound::Exact
        } else if best >= beta0 {
            Bound::Lower
        } else {
            Bound::Upper
        };
        if let Some(table) = &mut self.table {
            if table.len() >= TABLE_ENTRIES {
                table.clear();
            }
            table.insert(
                (state.hash(self.game), ply),
                TableEntry {
                    value: best,
                    bound,
                    proved,
                    checked,
                },
            );
        }
        Some(Node {
            value: best,
            children: nodes,
            end: None,
            cut,
            bound: match bound {
                Bound::Exact => ValueBound::Exact,
                Bound::Lower => ValueBound::AtLeast,
                Bound::Upper => ValueBound::AtMost,
            },
            proved,
            checked,
        })
    }

    /// Searches `moves` of `state` in order into `acc`, until a cutoff: `None` once the
    /// search must stop, else whether a cutoff stopped it (`Some(true)` with moves of the list
    /// left unsearched, `Some(false)` at its last move) or not (`Some(None)`).
    fn search_moves(
        &mut self,
        state: &mut State,
        attacks: Option<&[Attack]>,
        moves: &[Move],
        ply: u32,
        acc: &mut Backup,
    ) -> Option<Option<bool>> {
        // The best the side to move can have: once reached, no other move can do better.
        let cap = self.cap(state);
        // Where the pieces stand before the moves: a source may update the children's zones
        // from the state's ([`Parent`]).
        let (at, classes) = (state.at.clone(), state.classes().to_vec());
        for (k, &mv) in moves.iter().enumerate() {
            let (alpha, beta) = (acc.alpha, acc.beta);
            let parent = Parent {
                attacks: attacks.unwrap_or(&[]),
                position: attacks.map(|_| (&at[..], &classes[..])),
            };
            let undo = state.make(self.game, mv);
            let child = if ply as usize % GROW_EVERY == GROW_EVERY - 1 {
                crate::memory::grow(|| self.node(state, Some((parent, mv)), ply + 1, alpha, beta))
            } else {
                self.node(state, Some((parent, mv)), ply + 1, alpha, beta)
            };
            state.unmake(self.game, undo);
            let child = child?;
            let v = child.value;
            acc.children.push((child.proved, v, child.checked));
            acc.nodes.push(TreeNode {
                mv,
                text: mv.show(self.game),
                value: v,
                children: child.children,
                end: child.end,
                cut: child.cut,
                bound: child.bound,
            });
            if acc.white {
                acc.best = acc.best.max(v);
                acc.alpha = acc.alpha.max(v);
            } else {
                acc.best = acc.best.min(v);
                acc.beta = acc.beta.min(v);
            }
            if !self.full && (acc.alpha >= acc.beta || acc.best == cap) {
                if self.killers.len() <= ply as usize {
                    self.killers.resize(ply as usize + 1, None);
                }
                self.killers[ply as usize] = Some(mv);
                return Some(Some(k + 1 < moves.len()));
            }
        }
        Some(None)
    }
}

/// A node's moves searched so far ([`Searcher::search_moves`]): the window, the best value,
/// and per move its tree and its flags (forced inside the tree, value, proved for the game).
struct Backup {
    white: bool,
    alpha: i8,
    beta: i8,
    /// The window the node was searched with.
    alpha0: i8,
    beta0: i8,
    best: i8,
    nodes: Vec<TreeNode>,
    children: Vec<(bool, i8, bool)>,
}

impl Backup {
    fn new(white: bool, alpha: i8, beta: i8) -> Backup {
        Backup {
            white,
            alpha,
            beta,
            alpha0: alpha,
            beta0: beta,
            best: if white { -2 } else { 2 },
            nodes: Vec::new(),
            children: Vec::new(),
        }
    }
}

/// A leaf valued `value` whose branch ends as `end`: proved where the game is over.
fn leaf(value: i8, end: End) -> Node {
    Node {
        value,
        children: Vec::new(),
        end: Some(end),
        cut: false,
        bound: ValueBound::Exact,
        proved: end == End::GameOver,
        checked: end == End::GameOver,
    }
}
