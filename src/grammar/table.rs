//! The derivation table: sub-derivations memoised by state (tabling).
//!
//! What a derivation does from a state depends only on the live tail of its string (from the
//! first nonterminal), the vars and the permissible set; the frozen terminals before the tail
//! are never read again. So the sentences derivable from a state are its frozen prefix
//! followed by the sentences of `(tail, vars, permissible)`, and two branches that reach the
//! same such state (a trajectory grammar reaches `A(x, y, l)` from every shortest path to x)
//! share one exploration. The table records every branching state as a node whose edges carry
//! the terminals frozen along the way; the language is the set of strings the paths from the
//! root to an end spell, read off in order by [`super::stream`]. Dead ends (halts with nonterminals left)
//! are dropped, so every listed path is a sentence.

use std::borrow::Borrow;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use super::derive::Sym;
use super::ir::Choice;
use super::tail::Tail;
use super::value::Value;
use super::vars::Vars;

/// States whose tail is longer than this are not keyed: hashing the tail at every step would
/// make a string that keeps growing cost quadratic time, and such states rarely meet again.
pub const MAX_KEYED_TAIL: usize = 64;

/// A state as the rest of the derivation sees it. Values are compared by content, as the
/// language does: vectors and sets (G_Z's TIME, w, the zone so far) keep their hashes, so
/// two built apart are told apart by those in O(1), and a shared one is equal to itself
/// without a pass over it (`Value`'s equality). So a value served from a memo can be shared
/// with the state it came from.
#[derive(Clone)]
pub struct Key {
    tail: Tail,
    vars: Rc<[Value]>,
    /// The permissible set by its address: every permissible set is one of the program's
    /// (the initial set, a production's F_T or F_F), which outlives the tables of a run, so
    /// the address names one set without the key holding it (8 bytes, no count to update).
    permissible: usize,
    hash: u64,
}

/// A state's key borrowed from the state: what a step looks up in the table. Most states a
/// walk meets are looked up once and never kept (a chain of steps with one successor), so
/// the owned [`Key`], a copy of the tail and a count on the vars, is made only for the states
/// the table keeps ([`KeyRef::owned`]); copying and dropping it at every step cost more
/// than hashing it (issue 30, item 2).
#[derive(Clone, Copy)]
pub struct KeyRef<'a> {
    tail: &'a Tail,
    vars: &'a Rc<[Value]>,
    permissible: usize,
    hash: u64,
}

impl<'a> KeyRef<'a> {
    /// The key of a state. The tail and the vars bring their hashes along ([`Tail`], made
    /// with the tail; [`Vars`], kept up to date slot by slot), so nothing is hashed again
    /// here: a failure successor shares both with the state before it.
    pub fn new(tail: &'a Tail, vars: &'a Vars, permissible: &Rc<[Choice]>) -> KeyRef<'a> {
        let permissible = Rc::as_ptr(permissible) as *const Choice as usize;
        if cfg!(debug_assertions) {
            check_kept_hashes(tail, vars);
        }
        KeyRef {
            tail,
            vars: vars.values(),
            permissible,
            hash: state_hash(permissible, tail.hash(), vars.hash()),
        }
    }

    /// The key kept in a table: the tail shared, the vars counted.
    pub fn owned(self) -> Key {
        Key {
            tail: self.tail.clone(),
            vars: self.vars.clone(),
            permissible: self.permissible,
            hash: self.hash,
        }
    }
}

impl Key {
    /// The key of a state, owned (see [`KeyRef::new`]).
    pub fn new(tail: &Tail, vars: &Vars, permissible: &Rc<[Choice]>) -> Key {
        KeyRef::new(tail, vars, permissible).owned()
    }

    /// The key borrowed.
    pub fn borrowed(&self) -> KeyRef<'_> {
        KeyRef {
            tail: &self.tail,
            vars: &self.vars,
            permissible: self.permissible,
            hash: self.hash,
        }
    }
}

impl PartialEq for KeyRef<'_> {
    fn eq(&self, other: &KeyRef<'_>) -> bool {
        self.hash == other.hash
            && self.permissible == other.permissible
            && self.tail.len() == other.tail.len()
            && self.tail.iter().zip(other.tail.iter()).all(|(a, b)| {
                a.symbol == b.symbol && a.args.len() == b.args.len() && a.args[..] == b.args[..]
            })
            && (Rc::ptr_eq(self.vars, other.vars) || self.vars[..] == other.vars[..])
    }
}

impl Eq for KeyRef<'_> {}

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.borrowed() == other.borrowed()
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash)
    }
}

/// What a table's index is looked up by: an owned key, or one borrowed from a state. The
/// index holds owned keys and lends them as `dyn Keyed` (the `Borrow` below), so a borrowed
/// key finds them with no owned copy made; both hash as their precomputed hash.
pub trait Keyed {
    /// The key, borrowed.
    fn key(&self) -> KeyRef<'_>;
}

impl Keyed for Key {
    fn key(&self) -> KeyRef<'_> {
        self.borrowed()
    }
}

impl Keyed for KeyRef<'_> {
    fn key(&self) -> KeyRef<'_> {
        *self
    }
}

impl<'a> Borrow<dyn Keyed + 'a> for Key {
    fn borrow(&self) -> &(dyn Keyed + 'a) {
        self
    }
}

impl Hash for dyn Keyed + '_ {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.key().hash)
    }
}

impl PartialEq for dyn Keyed + '_ {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}

impl Eq for dyn Keyed + '_ {}

/// Checks that the hashes a state's tail and vars carry from step to step are the hashes
/// recomputed from their contents (every lookup of a debug build does).
fn check_kept_hashes(tail: &Tail, vars: &Vars) {
    assert_eq!(
        tail.hash(),
        tail.hash_now(),
        "a tail's kept hash is the hash of its symbols"
    );
    assert_eq!(
        vars.hash(),
        Vars::new(vars.values().clone()).hash(),
        "the vars' kept hash is the hash of their values"
    );
    #[cfg(test)]
    KEYS_CHECKED.with(|n| n.set(n.get() + 1));
}

#[cfg(test)]
thread_local! {
    /// How many keys [`check_kept_hashes`] checked on this thread (for the tests).
    static KEYS_CHECKED: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// How many keys had their kept hashes checked on this thread.
#[cfg(test)]
pub(super) fn keys_checked() -> u64 {
    KEYS_CHECKED.with(std::cell::Cell::get)
}

/// The hash of a state from the hashes of its parts (the permissible set's address, the
/// tail's hash, the vars' hash): three words, where the state's symbols and values were
/// hashed at each lookup before.
fn state_hash(permissible: usize, tail: u64, vars: u64) -> u64 {
    let mut h = rustc_hash::FxHasher::default();
    permissible.hash(&mut h);
    tail.hash(&mut h);
    vars.hash(&mut h);
    h.finish()
}

/// A value's hash as the table sees it: by content, from the hashes compound values keep
/// (O(1) once a node's hash is known), so equal values hash alike whatever their nodes.
pub(super) fn hash_value<H: Hasher>(v: &Value, h: &mut H) {
    v.hash(h)
}

/// What a node's edges hold, in their own block.
fn edges_bytes(edges: &[Edge]) -> usize {
    if edges.is_empty() {
        0
    } else {
        crate::budget::HEAP_BLOCK + std::mem::size_of_val(edges)
    }
}

/// A way on from a state: the terminals frozen on the way, then a node, or the end of a
/// sentence.
#[derive(Clone)]
pub struct Edge {
    syms: Range<u32>,
    /// `None`: the derivation halts here with a sentence.
    pub to: Option<u32>,
}

impl Edge {
    /// Where its terminals are in the table's list of them ([`Table::all_syms`]).
    pub fn range(&self) -> Range<u32> {
        self.syms.clone()
    }
}

enum Node {
    /// Being explored: meeting it again means the derivation returns to a state it was in.
    Open,
    /// Explored; no edges means no sentence comes from it. `paths`: how many sentences
    /// (with repeats) come from it, at most `u64::MAX`.
    Done { edges: Vec<Edge>, paths: u64 },
}

/// What the table knows of a state.
pub enum Lookup {
    /// Never met: to be explored.
    New,
    /// A state being explored (on the current path, or merged into one that is): the
    /// derivation has come back to it.
    Open(u32),
    /// Explored before; `Some` when sentences come from it.
    Done(Option<u32>),
}

/// The derivation table: every branching state as a node, with the edges to the states it leads to.
#[derive(Default)]
pub struct Table {
    index: FxHashMap<Key, u32>,
    nodes: Vec<Node>,
    /// The terminals of every edge, one after another.
    syms: Vec<Sym>,
    /// The nodes in the order they were closed: an edge leads to a node closed before the
    /// one it leaves (a topological order, targets first).
    closed: Vec<u32>,
    /// What the keys and the nodes' edges hold beyond the table's own arrays ([`Table::bytes`]).
    held: usize,
}

/// About what a key holds beside its slot in the index: the state's symbols and vars, which
/// the state it was taken from made for it (the arguments of new symbols, the vars' array),
/// each block with the allocator's words around it.
fn key_bytes(key: &Key) -> usize {
    let block = crate::budget::HEAP_BLOCK;
    key.tail.len() * (std::mem::size_of::<Sym>() + std::mem::size_of::<Value>() + 2 * block)
        + block
        + key.vars.len() * std::mem::size_of::<Value>()
}

impl Table {
    /// What the table knows of the state `key`.
    pub fn lookup(&self, key: KeyRef<'_>) -> Lookup {
        match self.index.get(&key as &dyn Keyed) {
            None => Lookup::New,
            Some(&id) => match &self.nodes[id as usize] {
                Node::Open => Lookup::Open(id),
                Node::Done { edges, .. } if edges.is_empty() => Lookup::Done(None),
                Node::Done { .. } => Lookup::Done(Some(id)),
            },
        }
    }

    /// A branching state, to be explored; without a key it cannot be met again.
    pub fn open(&mut self, key: Option<Key>) -> u32 {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::Open);
        if let Some(key) = key {
            self.held += key_bytes(&key);
            self.index.insert(key, id);
        }
        id
    }

    /// Records that node `id` is explored: its `edges` and how many sentences come from it.
    pub fn close(&mut self, id: u32, edges: Vec<Edge>, paths: u64) {
        self.held += edges_bytes(&edges);
        self.nodes[id as usize] = Node::Done { edges, paths };
        self.closed.push(id);
    }

    /// Closes `ids` with one set of ways on: states that reach each other without freezing a
    /// terminal (a cycle) derive the same sentences.
    pub fn close_all(&mut self, ids: &[u32], edges: Vec<Edge>, paths: u64) {
        for &id in ids {
            self.held += edges_bytes(&edges);
            self.nodes[id as usize] = Node::Done {
                edges: edges.clone(),
                paths,
            };
            self.closed.push(id);
        }
    }

    /// About what the table holds: its arrays as allocated (the index's slots with their
    /// control bytes), and what its keys and edges hold beyond them. Measured as the
    /// derivation grows, so that its memory limit holds without a counting allocator.
    pub fn bytes(&self) -> usize {
        use std::mem::size_of;
        self.index.capacity() * (size_of::<(Key, u32)>() + 1)
            + self.nodes.capacity() * size_of::<Node>()
            + self.syms.capacity() * size_of::<Sym>()
            + self.closed.capacity() * size_of::<u32>()
            + self.held
    }

    /// How many sentences an edge leads to (with repeats).
    pub fn paths(&self, edge: &Edge) -> u64 {
        match edge.to {
            None => 1,
            Some(id) => match &self.nodes[id as usize] {
                Node::Done { paths, .. } => *paths,
                Node::Open => unreachable!("edges lead to closed nodes"),
            },
        }
    }

    /// The ways on from a closed node (none: no sentence comes from it).
    pub fn edges(&self, node: u32) -> &[Edge] {
        match &self.nodes[node as usize] {
            Node::Done { edges, .. } => edges,
            Node::Open => unreachable!("the forest is read once every node is closed"),
        }
    }

    /// The terminals an edge carries.
    pub fn syms_of(&self, edge: &Edge) -> &[Sym] {
        &self.syms[edge.syms.start as usize..edge.syms.end as usize]
    }

    /// The terminals of every edge, one after another ([`Edge::range`] indexes them).
    pub fn all_syms(&self) -> &[Sym] {
        &self.syms
    }

    /// Whether node `id` is explored.
    pub fn is_closed(&self, id: u32) -> bool {
        matches!(self.nodes.get(id as usize), Some(Node::Done { .. }))
    }

    /// The closed nodes, targets before the nodes whose edges lead to them.
    pub fn closed(&self) -> &[u32] {
        &self.closed
    }

    /// How many nodes the table holds (closed or not).
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// An edge carrying `syms`.
    pub fn edge(&mut self, syms: &[Sym], to: Option<u32>) -> Edge {
        let start = self.syms.len() as u32;
        self.syms.extend_from_slice(syms);
        Edge {
            syms: start..self.syms.len() as u32,
            to,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::value::Hashed;

    /// A state's key borrowed from it finds the owned key of an equal state (built apart),
    /// for the one-symbol tail and a longer one, and only that.
    #[test]
    fn a_borrowed_key_finds_the_owned_key_of_an_equal_state() {
        let permissible: Rc<[Choice]> = vec![Choice::Row(0)].into();
        let other_set: Rc<[Choice]> = vec![Choice::Row(0)].into();
        let set = Value::set_from(vec![Value::Int(1)]);
        let vars = |n: i64| Vars::new(vec![Value::Int(n), set.clone()].into());
        let tuple = |n: i64| Value::Tuple(vec![Value::Int(n), Value::Int(2)].into());
        let one = |n: i64| Tail::one(Sym::of(1, &[tuple(n)]));
        let two =
            |n: i64| Tail::from_vector(imbl::vector![Sym::of(1, &[tuple(n)]), Sym::int(0, n)]);
        let mut table = Table::default();
        let (v, w) = (vars(3), vars(3));
        let a = table.open(Some(Key::new(&one(1), &v, &permissible)));
        let b = table.open(Some(Key::new(&two(1), &v, &permissible)));
        let found = |table: &Table, tail: &Tail, vars: &Vars, p: &Rc<[Choice]>| match table
            .lookup(KeyRef::new(tail, vars, p))
        {
            Lookup::Open(id) => Some(id),
            _ => None,
        };
        assert_eq!(found(&table, &one(1), &w, &permissible), Some(a));
        assert_eq!(found(&table, &two(1), &w, &permissible), Some(b));
        // Another argument, another var, another permissible set (by identity): another state.
        assert_eq!(found(&table, &one(2), &w, &permissible), None);
        assert_eq!(found(&table, &one(1), &vars(4), &permissible), None);
        assert_eq!(found(&table, &one(1), &w, &other_set), None);
        // The set var an equal set built apart, or a vector var an equal vector built apart:
        // the same state (values by content), and another content another state.
        let apart = Vars::new(vec![Value::Int(3), Value::set_from(vec![Value::Int(1)])].into());
        assert_eq!(found(&table, &one(1), &apart, &permissible), Some(a));
        let other = Vars::new(vec![Value::Int(3), Value::set_from(vec![Value::Int(2)])].into());
        assert_eq!(found(&table, &one(1), &other, &permissible), None);
        let vector =
            |items: imbl::Vector<Value>| Vars::new(vec![Value::Vector(Hashed::new(items))].into());
        let c = table.open(Some(Key::new(
            &one(1),
            &vector(imbl::vector![Value::Int(5)]),
            &permissible,
        )));
        let again = vector(imbl::vector![Value::Int(5)]);
        assert_eq!(found(&table, &one(1), &again, &permissible), Some(c));
        assert_eq!(
            found(
                &table,
                &one(1),
                &vector(imbl::vector![Value::Int(6)]),
                &permissible
            ),
            None
        );
        // The owned key is the borrowed one kept.
        let (tail, p) = (one(1), permissible.clone());
        let borrowed = KeyRef::new(&tail, &w, &p);
        assert!(borrowed.owned().borrowed() == borrowed);
    }
}
