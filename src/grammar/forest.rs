//! The tabled derivation as a shared forest: what can be read off the derivation table
//! ([`super::table`]) without listing its sentences (docs/semantics.md §6.11).
//!
//! The table is an acyclic graph: a node is a branching state, an edge the terminals frozen on
//! the way to the next branching state or to the end of a sentence, and every edge lies on a
//! path from the root to an end (dead ends are dropped as the table is built). A path is a
//! derivation and spells a sentence; the language is the set of sentences the paths spell.
//!
//! * **Counting.** The number of paths is a sum over the edges, in the order nodes were closed
//!   (targets first). It is the number of sentences when no two paths spell the same one. That
//!   holds when at every node the edges begin differently: the first terminal each can spell
//!   (its own first terminal, or for an edge with none, the first terminals of the node it
//!   leads to, or the end of the sentence) is never one another edge of the node can begin
//!   with. (Edges of a node that freeze the same terminals to the same node, two productions
//!   that take the derivation to one state, spell the same sentences: they count once.) Two different paths part at some node by two edges, and the strings they spell on
//!   from there differ in their first symbol (or one ends where the other goes on), so they
//!   spell different sentences. Where that check fails the forest may be ambiguous: the
//!   sentences are listed and the repeats removed if the paths are few enough, else the count
//!   is given as what it is, an upper bound (the number of paths).
//! * **Reading.** A reader that goes through a sentence left to right, terminal by terminal,
//!   in a state of its own ([`Forest::read`]): the forest is walked with the pair (node, the
//!   reader's state), each pair once. Every edge lies on a complete path, so every (state,
//!   terminal) the walk meets is met by the reader on some sentence, and every one a sentence
//!   gives is met: the union over the language of what a reader records, without listing it.
//!   The walk costs as many steps as there are distinct pairs; where the reader's state is a
//!   function of the node (the derivation's own state holds it), that is the size of the table.

use std::hash::Hash;

use rustc_hash::{FxHashMap, FxHashSet};

use super::derive::{Sentence, Sym};
use super::table::{Edge, Table};
use crate::natural::Natural;

/// The most first terminals one node's check of ambiguity keeps; a node that can begin with
/// more is taken as possibly ambiguous (its count falls back to listing or an upper bound).
const MAX_FIRST: usize = 4_096;

/// The tabled derivation of a language, with its root (none: the language is empty).
pub struct Forest {
    pub(super) table: Table,
    pub(super) root: Option<Edge>,
}

/// How many sentences a forest derives.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SentenceCount {
    /// Exactly this many distinct sentences.
    Exact(Natural),
    /// At most this many: the number of paths ([`Forest::paths`]), where the forest may
    /// derive a sentence by more than one and listing them to remove repeats would pass the
    /// cap.
    AtMost(Natural),
}

impl SentenceCount {
    /// The count, exact or an upper bound.
    pub fn value(&self) -> &Natural {
        match self {
            SentenceCount::Exact(n) | SentenceCount::AtMost(n) => n,
        }
    }

    /// Whether the count is exact rather than a bound.
    pub fn is_exact(&self) -> bool {
        matches!(self, SentenceCount::Exact(_))
    }
}

/// What a read of the forest met more of than it may.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyStates {
    /// The cap that was passed.
    pub limit: usize,
}

/// The first symbol an edge can spell: a terminal, or the end of the sentence.
type First = Option<Sym>;

impl Forest {
    /// The ways on from `node`, each once: two steps by different productions that freeze the
    /// same terminals and reach the same state (or both end the sentence) are one way on, as
    /// they derive the same sentences.
    fn distinct_edges(&self, node: u32) -> Vec<&Edge> {
        let mut out: Vec<&Edge> = Vec::new();
        let mut seen: FxHashSet<(Option<u32>, &[Sym])> = FxHashSet::default();
        for e in self.table.edges(node) {
            if seen.insert((e.to, self.table.syms_of(e))) {
                out.push(e);
            }
        }
        out
    }

    /// The nodes sentences come from (branching states that are not dead ends).
    fn live(&self) -> impl Iterator<Item = u32> + '_ {
        self.table
            .closed()
            .iter()
            .copied()
            .filter(|&n| !self.table.edges(n).is_empty())
    }

    /// How many nodes the forest has (branching states that sentences come from).
    pub fn nodes(&self) -> usize {
        self.live().count()
    }

    /// How many distinct ways on its nodes have (the root's edge not counted).
    pub fn edges(&self) -> usize {
        self.live().map(|n| self.distinct_edges(n).len()).sum()
    }

    /// The number of paths from the root to an end, over the distinct ways on: derivations,
    /// those that differ only in which production took a step to the same state taken as one.
    pub fn paths(&self) -> Natural {
        let Some(root) = &self.root else {
            return Natural::zero();
        };
        let mut paths: FxHashMap<u32, Natural> = FxHashMap::default();
        for node in self.live() {
            let mut sum = Natural::zero();
            for e in self.distinct_edges(node) {
                match e.to {
                    None => sum.add(&Natural::one()),
                    Some(n) => sum.add(&paths[&n]),
                }
            }
            paths.insert(node, sum);
        }
        match root.to {
            None => Natural::one(),
            Some(n) => paths[&n].clone(),
        }
    }

    /// Whether no two paths spell the same sentence, by the check of the module's comment
    /// (false where it cannot tell).
    pub fn is_unambiguous(&self) -> bool {
        // Per node, the first symbols its paths can spell (None: more than MAX_FIRST).
        let mut firsts: FxHashMap<u32, Option<Vec<First>>> = FxHashMap::default();
        for node in self.live() {
            let mut seen: FxHashSet<&First> = FxHashSet::default();
            let mut all: Vec<First> = Vec::new();
            let end: First = None;
            for e in self.distinct_edges(node) {
                let own: Vec<First>;
                let of_edge: &[First] = match (self.table.syms_of(e).first(), e.to) {
                    (Some(s), _) => {
                        own = vec![Some(s.clone())];
                        &own
                    }
                    (None, None) => std::slice::from_ref(&end),
                    (None, Some(n)) => match &firsts[&n] {
                        Some(f) => f,
                        None => return false,
                    },
                };
                for f in of_edge {
                    all.push(f.clone());
                }
            }
            for f in &all {
                if !seen.insert(f) {
                    return false;
                }
            }
            firsts.insert(node, (all.len() <= MAX_FIRST).then_some(all));
        }
        true
    }

    /// The number of sentences: exact where the forest is unambiguous or its paths number at
    /// most `max_listing` (then listed, and repeats removed), else at most the paths.
    pub fn count(&self, max_listing: usize) -> SentenceCount {
        let paths = self.paths();
        if self.is_unambiguous() {
            return SentenceCount::Exact(paths);
        }
        match self.sentences(max_listing) {
            Some(listed) => SentenceCount::Exact(Natural::from(listed.len() as u64)),
            None => SentenceCount::AtMost(paths),
        }
    }

    /// Every sentence, sorted and without repeats, or `None` past `max_paths` paths (the
    /// listing goes path by path: a language of few sentences may have many).
    pub fn sentences(&self, max_paths: usize) -> Option<Vec<Sentence>> {
        let mut out = Vec::new();
        let Some(root) = &self.root else {
            return Some(out);
        };
        let mut buffer: Vec<Sym> = self.table.syms_of(root).to_vec();
        // Per node on the path: its distinct ways on, the next to take, the buffer's length.
        let mut stack: Vec<(Vec<&Edge>, usize, usize)> = Vec::new();
        match root.to {
            None => out.push(buffer.clone()),
            Some(n) => stack.push((self.distinct_edges(n), 0, buffer.len())),
        }
        while let Some((edges, next, base)) = stack.last_mut() {
            let Some(&e) = edges.get(*next) else {
                stack.pop();
                continue;
            };
            *next += 1;
            buffer.truncate(*base);
            buffer.extend_from_slice(self.table.syms_of(e));
            match e.to {
                None => {
                    if out.len() >= max_paths {
                        return None;
                    }
                    out.push(buffer.clone());
                }
                Some(n) => {
                    let len = buffer.len();
                    stack.push((self.distinct_edges(n), 0, len));
                }
            }
        }
        out.sort();
        out.dedup();
        Some(out)
    }

    /// Walks the forest with a reader that starts in `start` and reads each terminal of a
    /// sentence in turn (`read(state, terminal)`, which may record what it meets), each (node,
    /// reader's state) once: see the module's comment. Stops past `max_states` such pairs.
    pub fn read<S: Clone + Eq + Hash>(
        &self,
        start: S,
        mut read: impl FnMut(&mut S, &Sym),
        max_states: usize,
    ) -> Result<usize, TooManyStates> {
        let Some(root) = &self.root else {
            return Ok(0);
        };
        let mut seen: FxHashSet<(u32, S)> = FxHashSet::default();
        let mut stack: Vec<(&Edge, S)> = vec![(root, start)];
        while let Some((edge, mut state)) = stack.pop() {
            for s in self.table.syms_of(edge) {
                read(&mut state, s);
            }
            let Some(node) = edge.to else { continue };
            if seen.contains(&(node, state.clone())) {
                continue;
            }
            if seen.len() >= max_states {
                return Err(TooManyStates { limit: max_states });
            }
            seen.insert((node, state.clone()));
            // Reversed, so that edges are read in the table's order.
            for e in self.table.edges(node).iter().rev() {
                stack.push((e, state.clone()));
            }
        }
        Ok(seen.len())
    }
}
