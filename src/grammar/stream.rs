//! A derived language as a stream of sentences, sorted and without repeats, read off the
//! derivation table ([`super::table`]) one at a time instead of gathered into a vector and
//! sorted (issue 30, item 4).
//!
//! Listing a trajectory grammar's language used to cost most of its derivation: a king on 15x15
//! has 113,634 sentences of 15 symbols, and each was copied into its own vector, checked for
//! order, then freed. A caller that counts the sentences, takes the first few, prints them or
//! builds its own structure from them needs none of those vectors. [`Stream::iter`] hands out
//! each sentence as a slice of one buffer that changes only where the next sentence differs.
//!
//! # Why the stream is sorted and has no repeats
//!
//! The table is an acyclic graph whose edges carry terminals (see [`super::forest`]); the
//! language is the set of strings its paths from the root to an end spell. The stream walks
//! the trie of that set depth first, children in increasing order: at a point of the walk
//! (the prefix in the buffer) it keeps the set of places in the graph that prefix can reach,
//! each an edge and how far along it (`Pos`). The prefix is a sentence if one of them is an
//! end; the ways on are the distinct next terminals, taken in increasing order, each with the
//! places that move past it. A sentence is handed out before the ways on (a prefix sorts
//! before its extensions) and each distinct terminal is followed once, so every string comes
//! out once, in the order of [`Sentence`]'s `Ord`, whatever the order or the overlaps of the
//! table's edges. That is the order and the set the old sort and `dedup` gave.
//!
//! # Why it is cheap
//!
//! * A set of one place needs no choice: the rest of its edge is copied into the buffer at once.
//! * A node whose edges are already in order is the usual case, and is taken as it is: every
//!   string one edge spells sorts before every string the next one spells. Edges are compared
//!   by their terminals up to where they differ, and where one's terminals begin the other's,
//!   by the least and greatest first symbol their nodes can go on with (computed once per
//!   stream, targets first). A trajectory grammar's state `A(x, ...)` has edges that all
//!   freeze `a(x)` and lead to the states of the next points, in the order of the points: in
//!   order by their nodes. The walk then takes the edges one place at a time, as the old
//!   depth-first listing did, and no repeat can come from the node (its edges' strings part).
//! * Only other nodes (edges out of order, or two that can spell a common prefix and go on
//!   alike, or a repeat) are expanded into a set of places, sorted by their next terminal and
//!   grouped, in one arena of places reused across the walk.
//! * The buffer keeps the symbols the next sentence repeats (they are compared, not copied),
//!   which also tells a printer how much of the previous line to copy
//!   ([`Cursor::next_shared`]).
//!
//! A node reached by several paths is walked once per distinct prefix, as the old listing
//! walked it once per path; no sentence is built unless the caller asks ([`Stream::to_vec`]).

use rustc_hash::FxHashMap;

use super::derive::{Sentence, Sym, sentence_bytes};
use super::forest::Forest;
use super::table::{Edge, Table};
use crate::budget::{Budget, Exceeded};

/// A derived language: its sentences as a stream (sorted, without repeats) and the derivation
/// steps taken. From a tabled derivation it holds the table and lists nothing until read;
/// from a plain one (every derivation in turn, as a traced run takes) it holds the sorted list.
pub struct Stream {
    repr: Repr,
    steps: u64,
}

enum Repr {
    /// Sorted, without repeats.
    Listed(Vec<Sentence>),
    Tabled {
        forest: Forest,
        /// Per node: whether its edges begin with strictly increasing terminals (an end of
        /// the sentence first, if any), so that the walk takes them as they are.
        in_order: Vec<bool>,
        /// Whether every node is in order: then no two paths spell the same sentence, and the
        /// number of sentences is the table's count of paths.
        all_in_order: bool,
    },
}

impl Stream {
    /// The language of a plain derivation: `sentences` sorted, without repeats.
    pub(super) fn listed(sentences: Vec<Sentence>, steps: u64) -> Stream {
        debug_assert!(sentences.windows(2).all(|w| w[0] < w[1]));
        Stream {
            repr: Repr::Listed(sentences),
            steps,
        }
    }

    /// The language of a tabled derivation, read off its table.
    pub(super) fn tabled(forest: Forest, steps: u64) -> Stream {
        let table = &forest.table;
        let mut in_order = vec![false; table.node_count()];
        // Per node, the least and the greatest first symbol its strings begin with (`None`:
        // the end of the sentence, which sorts first), computed targets first.
        let mut bounds: Vec<Option<(First<'_>, First<'_>)>> = vec![None; table.node_count()];
        for &n in table.closed() {
            let edges = table.edges(n);
            in_order[n as usize] = edges_in_order(table, edges, &bounds);
            let mut firsts = edges
                .iter()
                .map(|e| match (table.syms_of(e).first(), e.to) {
                    (Some(s), _) => Some((Some(s), Some(s))),
                    (None, None) => Some((None, None)),
                    (None, Some(to)) => bounds[to as usize],
                });
            bounds[n as usize] = firsts.next().flatten().and_then(|first| {
                firsts.try_fold(first, |(lo, hi), b| b.map(|(l, h)| (lo.min(l), hi.max(h))))
            });
        }
        let all_in_order = table.closed().iter().all(|&n| in_order[n as usize]);
        Stream {
            repr: Repr::Tabled {
                forest,
                in_order,
                all_in_order,
            },
            steps,
        }
    }

    /// Derivation steps taken (with imported grammars).
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// The sentences in order, one at a time.
    pub fn iter(&self) -> Cursor<'_> {
        match &self.repr {
            Repr::Listed(sentences) => Cursor::new(Source::Listed { sentences, next: 0 }),
            Repr::Tabled {
                forest, in_order, ..
            } => {
                let mut cursor = Cursor::new(Source::Tabled {
                    table: &forest.table,
                    in_order,
                });
                if let Some(root) = &forest.root {
                    cursor.enter(0, Pos::of(root));
                }
                cursor
            }
        }
    }

    /// How many sentences: the table's count of paths where no two can spell the same
    /// sentence (every node in order), else by walking the stream (no sentence is built).
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Listed(sentences) => sentences.len(),
            Repr::Tabled {
                forest,
                all_in_order: true,
                ..
            } => match &forest.root {
                None => 0,
                Some(root) => usize::try_from(forest.table.paths(root)).unwrap_or(usize::MAX),
            },
            Repr::Tabled { .. } => {
                let mut cursor = self.iter();
                let mut n = 0;
                while cursor.next().is_some() {
                    n += 1;
                }
                n
            }
        }
    }

    /// The number of sentences where it is known without a walk.
    pub(super) fn known_len(&self) -> Option<usize> {
        match &self.repr {
            Repr::Listed(sentences) => Some(sentences.len()),
            Repr::Tabled {
                all_in_order: true, ..
            } => Some(self.len()),
            Repr::Tabled { .. } => None,
        }
    }

    /// Whether the language has no sentence.
    pub fn is_empty(&self) -> bool {
        match &self.repr {
            Repr::Listed(sentences) => sentences.is_empty(),
            Repr::Tabled { forest, .. } => forest.root.is_none(),
        }
    }

    /// Calls `f` with each sentence in order.
    pub fn for_each(&self, mut f: impl FnMut(&[Sym])) {
        let mut cursor = self.iter();
        while let Some(sentence) = cursor.next() {
            f(sentence);
        }
    }

    /// The first `n` sentences, in order.
    pub fn first(&self, n: usize) -> Vec<Sentence> {
        let mut out = Vec::with_capacity(n.min(1024));
        let mut cursor = self.iter();
        while out.len() < n {
            match cursor.next() {
                Some(sentence) => out.push(sentence.to_vec()),
                None => break,
            }
        }
        out
    }

    /// Every sentence, in order (what [`super::Language`] holds).
    pub fn to_vec(&self) -> Vec<Sentence> {
        match &self.repr {
            Repr::Listed(sentences) => sentences.clone(),
            Repr::Tabled { .. } => {
                let mut out = Vec::with_capacity(self.known_len().unwrap_or(0));
                self.for_each(|sentence| out.push(sentence.to_vec()));
                out
            }
        }
    }

    /// [`Stream::into_vec`], each sentence held in `budget` before it is built (those of a
    /// plain derivation, built already, counted as they are): a language of millions of long
    /// sentences stops at the memory limit as it is listed.
    pub fn into_vec_within(self, budget: &mut Budget) -> Result<Vec<Sentence>, Exceeded> {
        let what = || "the sentences listed".to_string();
        match self.repr {
            Repr::Listed(sentences) => {
                // Built already: counted, and the growths that follow are checked with them.
                budget.keep(sentences.iter().map(|s| sentence_bytes(s)).sum());
                Ok(sentences)
            }
            Repr::Tabled { .. } => {
                let mut out = Vec::new();
                let mut cursor = self.iter();
                while let Some(sentence) = cursor.next() {
                    budget.hold(sentence_bytes(sentence), what)?;
                    out.push(sentence.to_vec());
                }
                Ok(out)
            }
        }
    }

    /// Every sentence, in order; a listed language gives up its vector without a copy.
    pub fn into_vec(self) -> Vec<Sentence> {
        match self.repr {
            Repr::Listed(sentences) => sentences,
            Repr::Tabled { .. } => self.to_vec(),
        }
    }
}

/// The first symbol of a string, `None` for the empty one (the end of a sentence, which sorts
/// before any symbol).
type First<'a> = Option<&'a Sym>;

/// Whether every string `edges` spell through their nodes sorts before every string the next
/// edge spells, so that taking them as they are gives their strings in order and no two edges
/// spell a common one. Two edges are compared by their terminals up to where they differ; when
/// one's terminals begin the other's (or equal them), by the first symbols their nodes can
/// go on with (`bounds`: the least and greatest of them per node). The usual node of a
/// trajectory grammar, `A(x, ...)`, has edges that all freeze `a(x)` and lead to the nodes of
/// the next points, in the order of the points: in order by their nodes' bounds.
fn edges_in_order(
    table: &Table,
    edges: &[Edge],
    bounds: &[Option<(First<'_>, First<'_>)>],
) -> bool {
    // The least and greatest first symbol of what follows an edge's terminals.
    let after = |e: &Edge| match e.to {
        None => Some((None, None)),
        Some(n) => bounds.get(n as usize).copied().flatten(),
    };
    edges.windows(2).all(|pair| {
        let (a, b) = (&pair[0], &pair[1]);
        let (x, y) = (table.syms_of(a), table.syms_of(b));
        let common = x.iter().zip(y).take_while(|(p, q)| p == q).count();
        // What follows the common part on each side: a terminal of the edge, or the first
        // symbols of its node.
        let greatest_of_a = match x.get(common) {
            Some(s) => Some(Some(s)),
            None => after(a).map(|(_, hi)| hi),
        };
        let least_of_b = match y.get(common) {
            Some(s) => Some(Some(s)),
            None => after(b).map(|(lo, _)| lo),
        };
        match (greatest_of_a, least_of_b) {
            (Some(hi), Some(lo)) => hi < lo,
            _ => false,
        }
    })
}

/// The branchings a cursor makes before it keeps what each gave (see `Cursor::branches`): a
/// small language is listed before keeping them pays (a robot King's nine admissible
/// trajectories cost 2.5% more with them kept from the first).
const KEEP_BRANCHES_AFTER: usize = 64;

/// A place in the table: the terminals of an edge not yet read (`start..end` in the table's
/// list of terminals), then the node the edge leads to (`None`: the end of the sentence).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Pos {
    start: u32,
    end: u32,
    to: Option<u32>,
}

impl Pos {
    fn of(edge: &Edge) -> Pos {
        let range = edge.range();
        Pos {
            start: range.start,
            end: range.end,
            to: edge.to,
        }
    }
}

enum Source<'a> {
    Listed {
        sentences: &'a [Sentence],
        next: usize,
    },
    Tabled {
        table: &'a Table,
        in_order: &'a [bool],
    },
}

/// One branching point of the walk, with the buffer's length there.
enum Level {
    /// A node in order: its edges are taken one after another.
    Edges { node: u32, next: usize, base: usize },
    /// A set of places sorted by their next terminal (`places[start..end]` of the cursor's
    /// arena): each run of places with the same one is a way on, taken once.
    Places {
        start: usize,
        end: usize,
        next: usize,
        base: usize,
    },
}

/// Reads a [`Stream`]'s sentences in order: [`Cursor::next`] lends each one until the next
/// call (a lending iterator: the sentence is the cursor's buffer, not a vector of its own).
pub struct Cursor<'a> {
    source: Source<'a>,
    buffer: Vec<Sym>,
    stack: Vec<Level>,
    /// The buffer holds a sentence not handed out yet.
    pending: bool,
    /// The shortest the buffer has been since the last sentence was handed out.
    low: usize,
    /// The places of every `Places` level on the stack, one level's after another's, and
    /// scratch space for a new level: kept across levels, so that a node out of order costs
    /// no allocation once the walk has been as deep.
    arena: Vec<Pos>,
    work: Vec<Pos>,
    expanded: Vec<u32>,
    /// What [`Cursor::branch`] made of each set of places it was given (once it has branched
    /// [`KEEP_BRANCHES_AFTER`] times): the places sorted and without repeats
    /// (`branched[start..end]`) and whether the prefix is a sentence. That depends on the set
    /// only, not on the prefix before it, and a node out of order reached by several prefixes
    /// (the usual node of the admissible-trajectories grammar, whose edges all begin with the
    /// same terminal) is branched once per prefix: sorting its places again each time by
    /// their symbols cost a third of the language's listing.
    branches: FxHashMap<Box<[Pos]>, (u32, u32, bool)>,
    branched: Vec<Pos>,
    key: Vec<Pos>,
    /// How many times the cursor has branched.
    branchings: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor over `source`, at its start, with nothing read and no scratch space yet.
    fn new(source: Source<'a>) -> Self {
        Cursor {
            source,
            buffer: Vec::new(),
            stack: Vec::new(),
            pending: false,
            low: 0,
            arena: Vec::new(),
            work: Vec::new(),
            expanded: Vec::new(),
            branches: FxHashMap::default(),
            branched: Vec::new(),
            key: Vec::new(),
            branchings: 0,
        }
    }
}

impl Cursor<'_> {
    /// The next sentence, or `None` at the end of the language.
    #[allow(clippy::should_implement_trait)] // lends its buffer: not an `Iterator`
    pub fn next(&mut self) -> Option<&[Sym]> {
        self.next_shared().map(|(_, sentence)| sentence)
    }

    /// The next sentence with how many first symbols it shares with the one before it (0 for
    /// the first): a printer copies that much of the previous line.
    pub fn next_shared(&mut self) -> Option<(usize, &[Sym])> {
        if let Source::Listed { sentences, next } = &mut self.source {
            let sentence = sentences.get(*next)?;
            let shared = match next.checked_sub(1) {
                Some(previous) => common_prefix(&sentences[previous], sentence),
                None => 0,
            };
            *next += 1;
            return Some((shared, sentence));
        }
        loop {
            if self.pending {
                self.pending = false;
                let shared = self.low;
                self.low = self.buffer.len();
                return Some((shared, &self.buffer));
            }
            let Source::Tabled { table, .. } = self.source else {
                unreachable!("a listed language returned above")
            };
            match self.stack.last_mut()? {
                Level::Edges { node, next, base } => {
                    let edges = table.edges(*node);
                    let Some(edge) = edges.get(*next) else {
                        self.stack.pop();
                        continue;
                    };
                    *next += 1;
                    let base = *base;
                    self.enter(base, Pos::of(edge));
                }
                Level::Places {
                    start,
                    end,
                    next,
                    base,
                } => {
                    let (i, end, base) = (*next, *end, *base);
                    if i == end {
                        let start = *start;
                        self.stack.pop();
                        self.arena.truncate(start);
                        continue;
                    }
                    let syms = table.all_syms();
                    let sym = &syms[self.arena[i].start as usize];
                    let j = i + self.arena[i..end]
                        .iter()
                        .take_while(|p| &syms[p.start as usize] == sym)
                        .count();
                    *next = j;
                    if j == i + 1 {
                        let place = self.arena[i];
                        self.enter(base, place);
                    } else {
                        self.work.clear();
                        self.work.extend(self.arena[i..j].iter().map(|p| Pos {
                            start: p.start + 1,
                            ..*p
                        }));
                        self.put(base, std::slice::from_ref(sym));
                        self.branch();
                    }
                }
            }
        }
    }

    /// Makes the buffer its first `base` symbols followed by `syms`. The symbols already there
    /// are kept as far as they agree (the next sentence often repeats the edge the previous
    /// one took, as a trajectory grammar's nodes all begin with the same point), so that the
    /// prefix shared with the previous sentence is known exactly and costs no copy.
    fn put(&mut self, base: usize, syms: &[Sym]) {
        let keep = self.buffer[base..]
            .iter()
            .zip(syms)
            .take_while(|(a, b)| a == b)
            .count();
        if base + keep < self.buffer.len() {
            self.buffer.truncate(base + keep);
            self.low = self.low.min(base + keep);
        }
        self.buffer.extend_from_slice(&syms[keep..]);
    }

    /// Goes on from one place after the buffer's first `base` symbols: the rest of its edge,
    /// then its node.
    fn enter(&mut self, base: usize, place: Pos) {
        let Source::Tabled { table, in_order } = self.source else {
            unreachable!("only a tabled language is walked")
        };
        self.put(
            base,
            &table.all_syms()[place.start as usize..place.end as usize],
        );
        match place.to {
            None => self.pending = true,
            Some(node) if in_order[node as usize] => self.stack.push(Level::Edges {
                node,
                next: 0,
                base: self.buffer.len(),
            }),
            Some(node) => {
                self.work.clear();
                self.work.push(Pos {
                    start: place.end,
                    end: place.end,
                    to: Some(node),
                });
                self.branch();
            }
        }
    }

    /// Goes on from the set of places the buffer's prefix reaches (in `work`): the places with
    /// no terminal left are replaced by their node's edges (or mark the prefix a sentence),
    /// the rest are sorted by their next terminal and become one level of the walk.
    fn branch(&mut self) {
        let start = self.arena.len();
        // A small language lists in fewer branchings than keeping them would cost.
        self.branchings += 1;
        let end = if self.branchings <= KEEP_BRANCHES_AFTER {
            self.expand_places(start)
        } else {
            // The set as a key: a place with no terminal left stands for its node, however
            // it was reached; the order of the set does not matter.
            self.key.clear();
            self.key.extend(self.work.iter().map(|p| {
                if p.start < p.end {
                    *p
                } else {
                    Pos {
                        start: 0,
                        end: 0,
                        to: p.to,
                    }
                }
            }));
            if self.key.len() > 1 {
                self.key.sort_unstable();
                self.key.dedup();
            }
            match self.branches.get(self.key.as_slice()) {
                Some(&(from, to, end)) => {
                    self.work.clear();
                    self.arena
                        .extend_from_slice(&self.branched[from as usize..to as usize]);
                    end
                }
                None => {
                    let end = self.expand_places(start);
                    let from = self.branched.len() as u32;
                    self.branched.extend_from_slice(&self.arena[start..]);
                    let entry = (from, self.branched.len() as u32, end);
                    self.branches.insert(self.key.as_slice().into(), entry);
                    end
                }
            }
        };
        let kept = self.arena.len();
        if !end && kept == start + 1 {
            let place = self.arena.pop().expect("one place");
            self.enter(self.buffer.len(), place);
            return;
        }
        if kept > start {
            self.stack.push(Level::Places {
                start,
                end: kept,
                next: start,
                base: self.buffer.len(),
            });
        }
        self.pending = end;
    }

    /// [`Cursor::branch`] on a set of places not met before: the places of `work` with no
    /// terminal left replaced by their node's edges, the rest sorted by their next terminal
    /// and without repeats in `arena[start..]`. Whether one of them ends the sentence.
    fn expand_places(&mut self, start: usize) -> bool {
        let Source::Tabled { table, .. } = self.source else {
            unreachable!("only a tabled language is walked")
        };
        let syms = table.all_syms();
        self.expanded.clear();
        let mut end = false;
        while let Some(p) = self.work.pop() {
            if p.start < p.end {
                self.arena.push(p);
                continue;
            }
            match p.to {
                None => end = true,
                // Edges with no terminals form no cycle (the table merges the states of one),
                // and each node is expanded once, so this ends.
                Some(node) if !self.expanded.contains(&node) => {
                    self.expanded.push(node);
                    self.work.extend(table.edges(node).iter().map(Pos::of));
                }
                Some(_) => {}
            }
        }
        let places = &mut self.arena[start..];
        places.sort_unstable_by(|a, b| {
            syms[a.start as usize]
                .cmp(&syms[b.start as usize])
                .then_with(|| (a.start, a.end, a.to).cmp(&(b.start, b.end, b.to)))
        });
        // The same place reached twice (two productions to one state) is one way on.
        let mut kept = start;
        for r in start..self.arena.len() {
            if kept == start || self.arena[r] != self.arena[kept - 1] {
                self.arena[kept] = self.arena[r];
                kept += 1;
            }
        }
        self.arena.truncate(kept);
        end
    }
}

/// How many first symbols two sentences share.
fn common_prefix(a: &[Sym], b: &[Sym]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stream of the forest made of `table` and `root`, and what the old listing gives for
    /// it (the expected sentences).
    fn stream_of(table: Table, root: Edge, steps: u64) -> (Stream, Vec<Sentence>) {
        let forest = Forest {
            table,
            root: Some(root),
        };
        let expected = by_paths(&forest);
        (Stream::tabled(forest, steps), expected)
    }

    /// The old listing: every path depth first, then sorted and de-duplicated.
    fn by_paths(forest: &Forest) -> Vec<Sentence> {
        let mut out = Vec::new();
        let mut walk = vec![(forest.root.clone().expect("a root"), Vec::new())];
        while let Some((edge, mut prefix)) = walk.pop() {
            prefix.extend_from_slice(forest.table.syms_of(&edge));
            match edge.to {
                None => out.push(prefix),
                Some(n) => {
                    for e in forest.table.edges(n) {
                        walk.push((e.clone(), prefix.clone()));
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out
    }

    fn collect(stream: &Stream) -> (Vec<Sentence>, Vec<usize>) {
        let mut out = Vec::new();
        let mut shared = Vec::new();
        let mut cursor = stream.iter();
        while let Some((n, s)) = cursor.next_shared() {
            out.push(s.to_vec());
            shared.push(n);
        }
        (out, shared)
    }

    /// A hand-made table: node 0 is shared by two edges of node 2 that begin alike and come
    /// out of order, one edge carries no terminal, node 1 repeats a string node 0 spells and
    /// ends a sentence after its first edge. The stream is the sorted set, each sentence once,
    /// with the prefix it shares with the one before it.
    #[test]
    fn shared_and_unsorted_edges_give_the_sorted_set_once() {
        let mut table = Table::default();
        let (n0, n1, n2) = (table.open(None), table.open(None), table.open(None));
        let e = |t: &mut Table, syms: &[Sym], to| t.edge(syms, to);
        // Node 0: "3 4", "2" (out of order).
        let a = e(&mut table, &[Sym::int(0, 3), Sym::int(0, 4)], None);
        let b = e(&mut table, &[Sym::int(0, 2)], None);
        table.close(n0, vec![a, b], 2);
        // Node 1: "2" (again, as node 0 spells after the same prefix), then the end, then "5".
        let c = e(&mut table, &[Sym::int(0, 2)], None);
        let d = e(&mut table, &[], None);
        let f = e(&mut table, &[Sym::int(0, 5)], None);
        table.close(n1, vec![c, d, f], 3);
        // Node 2: "9" then node 0; "1" then node 0; no terminal then node 1; "1" then node 0
        // again (a second production to the same state).
        let g = e(&mut table, &[Sym::int(0, 9)], Some(n0));
        let h = e(&mut table, &[Sym::int(0, 1)], Some(n0));
        let i = e(&mut table, &[], Some(n1));
        let j = e(&mut table, &[Sym::int(0, 1)], Some(n0));
        table.close(n2, vec![g, h, i, j], 9);
        let root = table.edge(&[Sym::int(1, 0)], Some(n2));
        let (stream, expected) = stream_of(table, root, 0);
        let (listed, shared) = collect(&stream);
        let show = |s: &Sentence| {
            s.iter()
                .map(|y| format!("{}{:?}", y.symbol, y.args[0]))
                .collect::<Vec<_>>()
                .join(" ")
        };
        let shown: Vec<String> = listed.iter().map(show).collect();
        assert_eq!(
            shown,
            [
                "1Int(0)",
                "1Int(0) 0Int(1) 0Int(2)",
                "1Int(0) 0Int(1) 0Int(3) 0Int(4)",
                "1Int(0) 0Int(2)",
                "1Int(0) 0Int(5)",
                "1Int(0) 0Int(9) 0Int(2)",
                "1Int(0) 0Int(9) 0Int(3) 0Int(4)",
            ]
        );
        assert_eq!(listed, expected);
        assert_eq!(shared, [0, 1, 2, 1, 1, 1, 2]);
        assert_eq!(stream.len(), 7);
        assert_eq!(stream.first(2), expected[..2]);
        assert_eq!(stream.to_vec(), expected);
    }

    /// A node whose edges begin in increasing order is taken as it is, and the count is the
    /// table's count of paths.
    #[test]
    fn nodes_in_order_are_counted_by_paths() {
        let mut table = Table::default();
        let n0 = table.open(None);
        let end = table.edge(&[], None);
        let a = table.edge(&[Sym::int(0, 1), Sym::int(0, 7)], None);
        let b = table.edge(&[Sym::int(0, 2)], None);
        table.close(n0, vec![end, a, b], 3);
        let root = table.edge(&[Sym::int(1, 0)], Some(n0));
        let (stream, expected) = stream_of(table, root, 5);
        assert!(matches!(
            stream.repr,
            Repr::Tabled {
                all_in_order: true,
                ..
            }
        ));
        assert_eq!(collect(&stream).0, expected);
        assert_eq!(collect(&stream).1, [0, 1, 1]);
        assert_eq!(stream.len(), 3);
        assert_eq!(stream.steps(), 5);
        assert!(!stream.is_empty());
    }

    /// The trajectory grammar's shape: every edge of a node freezes the same terminal and the
    /// edges differ by the node they lead to. In the order of those nodes' first symbols the
    /// node is taken as it is; out of it (or with two nodes that can begin alike) it is
    /// sorted and merged, and the stream is the same sorted set either way.
    #[test]
    fn edges_alike_are_ordered_by_their_nodes() {
        // Leaves: node 0 spells "1" or "2", node 1 "3", node 2 "2 5" or "4"; node 3 reaches
        // them by "0". Only 0 then 1 is in order: node 2 can begin with "2" as node 0 can,
        // and with less than node 1.
        let build = |order: &[usize]| {
            let mut table = Table::default();
            let leaves: Vec<u32> = (0..3).map(|_| table.open(None)).collect();
            let spells: [&[&[i64]]; 3] = [&[&[1], &[2]], &[&[3]], &[&[2, 5], &[4]]];
            for (&n, strings) in leaves.iter().zip(spells) {
                let edges: Vec<Edge> = strings
                    .iter()
                    .map(|w| {
                        let syms: Vec<Sym> = w.iter().map(|&k| Sym::int(0, k)).collect();
                        table.edge(&syms, None)
                    })
                    .collect();
                let paths = edges.len() as u64;
                table.close(n, edges, paths);
            }
            let top = table.open(None);
            let edges: Vec<Edge> = order
                .iter()
                .map(|&i| table.edge(&[Sym::int(0, 0)], Some(leaves[i])))
                .collect();
            let paths = order.iter().map(|&i| [2, 1, 2][i]).sum();
            table.close(top, edges, paths);
            let root = table.edge(&[], Some(top));
            stream_of(table, root, 0)
        };
        let in_order = |stream: &Stream, node: usize| match &stream.repr {
            Repr::Tabled { in_order, .. } => in_order[node],
            Repr::Listed(_) => unreachable!(),
        };
        let (stream, expected) = build(&[0, 1]);
        assert!(in_order(&stream, 3));
        assert_eq!(collect(&stream), (expected, vec![0, 1, 1]));
        for order in [&[1, 0][..], &[0, 2], &[2, 0, 1], &[1, 2]] {
            let (stream, expected) = build(order);
            assert!(!in_order(&stream, 3), "{order:?}");
            assert_eq!(collect(&stream).0, expected, "{order:?}");
            assert_eq!(stream.len(), expected.len());
        }
    }

    /// Nodes out of order met again after many prefixes, past the branchings after which the
    /// cursor keeps what each branching gave: the kept expansions (of a node, and of the
    /// places after a terminal two edges share) give the sorted set, each sentence once.
    #[test]
    fn kept_branchings_give_the_sorted_set_once() {
        // Node k goes on to node k - 1 by "5 1", "5" and "3" (out of order, and two edges
        // that share "5"); node 0 ends by "2" or "1". Every node is reached by 3^(depth - k)
        // prefixes, and "5 1 ..." and "5 ..." can spell the same sentence.
        let depth = 6;
        let mut table = Table::default();
        let leaf = table.open(None);
        let a = table.edge(&[Sym::int(0, 2)], None);
        let b = table.edge(&[Sym::int(0, 1)], None);
        table.close(leaf, vec![a, b], 2);
        let (mut below, mut paths) = (leaf, 2);
        for k in 1..=depth {
            let node = table.open(None);
            let c = table.edge(&[Sym::int(0, 10 * k + 5), Sym::int(0, 1)], Some(below));
            let d = table.edge(&[Sym::int(0, 10 * k + 5)], Some(below));
            let e = table.edge(&[Sym::int(0, 10 * k + 3)], Some(below));
            paths *= 3;
            table.close(node, vec![c, d, e], paths);
            below = node;
        }
        let root = table.edge(&[Sym::int(1, 0)], Some(below));
        let (stream, expected) = stream_of(table, root, 0);
        let mut cursor = stream.iter();
        let mut listed = Vec::new();
        while let Some(s) = cursor.next() {
            listed.push(s.to_vec());
        }
        assert!(cursor.branchings > 2 * KEEP_BRANCHES_AFTER);
        // Both kinds of set were kept and met again.
        assert!(cursor.branches.keys().any(|k| k.len() == 1));
        assert!(cursor.branches.keys().any(|k| k.len() > 1));
        assert!(cursor.branches.len() < cursor.branchings - KEEP_BRANCHES_AFTER);
        assert_eq!(listed, expected);
        assert!(listed.len() > 100);
        assert_eq!(stream.len(), expected.len());
        assert_eq!(stream.to_vec(), expected);
    }

    /// A language with no sentence, and a listed one.
    #[test]
    fn empty_and_listed_languages() {
        let empty = Stream::tabled(
            Forest {
                table: Table::default(),
                root: None,
            },
            0,
        );
        assert!(empty.is_empty());
        assert_eq!(empty.len(), 0);
        assert!(empty.iter().next().is_none());
        let listed = Stream::listed(
            vec![vec![Sym::int(0, 1)], vec![Sym::int(0, 1), Sym::int(0, 2)]],
            2,
        );
        let (out, shared) = collect(&listed);
        assert_eq!(out, listed.to_vec());
        assert_eq!(shared, [0, 1]);
        assert_eq!(listed.len(), 2);
        assert_eq!(listed.first(1), [vec![Sym::int(0, 1)]]);
    }
}
