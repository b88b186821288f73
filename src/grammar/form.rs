//! The sentential form. Rewriting is always of the leftmost occurrence, so terminals left of
//! the first nonterminal can never change again: they are frozen into a persistent list that
//! branches share and that grows in O(1). The live tail, which starts at the first nonterminal,
//! is a [`Tail`]: one symbol inline, or a persistent vector. Finding a production's
//! nonterminal then scans only the tail (one symbol in the trajectory and zone grammars)
//! instead of the whole string.

use std::rc::Rc;

use super::derive::Sym;
use super::tail::Tail;

struct Node {
    sym: Sym,
    prev: Option<Rc<Node>>,
}

/// A sentential form: frozen terminals shared with the forms it came from, and the tail from the first nonterminal on.
#[derive(Clone)]
pub struct Form {
    /// The frozen terminals, last first.
    prefix: Option<Rc<Node>>,
    prefix_len: usize,
    /// Empty, or starting with a nonterminal; its hash made with it ([`Tail`]).
    tail: Tail,
}

impl Form {
    /// The form of the start symbol alone (frozen already if it is a terminal).
    pub fn new(start: Sym, is_terminal: impl Fn(u32) -> bool) -> Form {
        let mut form = Form {
            prefix: None,
            prefix_len: 0,
            tail: Tail::empty(),
        };
        form.set_tail(imbl::Vector::unit(start), is_terminal);
        form
    }

    /// The number of symbols, frozen and in the tail.
    pub fn len(&self) -> usize {
        self.prefix_len + self.tail.len()
    }

    /// True when the form has no symbols.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when no nonterminal is left.
    pub fn is_sentence(&self) -> bool {
        self.tail.is_empty()
    }

    /// The leftmost occurrence of `symbol`, as a position in the tail.
    pub fn find(&self, symbol: u32) -> Option<usize> {
        // The usual tail, one nonterminal, is inline: one comparison.
        match self.tail.front() {
            Some(s) if self.tail.len() == 1 => (s.symbol == symbol).then_some(0),
            _ => self.tail.iter().position(|s| s.symbol == symbol),
        }
    }

    /// The tail symbol at `position`.
    pub fn at(&self, position: usize) -> &Sym {
        self.tail.at(position)
    }

    /// The form with the tail symbol at `position` replaced by the symbols drained from `rhs`.
    pub fn rewrite(
        &self,
        position: usize,
        rhs: &mut Vec<Sym>,
        is_terminal: impl Fn(u32) -> bool,
    ) -> Form {
        let mut form = Form {
            prefix: self.prefix.clone(),
            prefix_len: self.prefix_len,
            tail: Tail::empty(),
        };
        // The leading terminals of the replacement go straight to the prefix.
        let mut rhs = rhs.drain(..).peekable();
        if position == 0 {
            while let Some(s) = rhs.next_if(|s| is_terminal(s.symbol)) {
                form.push_frozen(s);
            }
        }
        if self.tail.len() == 1 {
            // The usual case (one nonterminal left): the new tail is the rest of the
            // replacement, most often one nonterminal, kept inline with no vector built.
            match (rhs.next(), rhs.next()) {
                (None, _) => {}
                (Some(s), None) if !is_terminal(s.symbol) => form.tail = Tail::one(s),
                (Some(s), second) => {
                    let mut tail = imbl::Vector::unit(s);
                    tail.extend(second);
                    tail.extend(rhs);
                    form.set_tail(tail, is_terminal);
                }
            }
        } else if position == 0 {
            // The leftmost symbol (Hanoi's A): pushes at the front, which the persistent vector
            // does in constant time (inserting at an index rebalances the tree each time, and
            // a string that keeps growing at its front then costs more than quadratic time).
            let mut tail = self.tail.to_vector();
            tail.pop_front();
            let rest: Vec<Sym> = rhs.collect();
            for s in rest.into_iter().rev() {
                tail.push_front(s);
            }
            form.set_tail(tail, is_terminal);
        } else {
            let mut tail = self.tail.to_vector();
            let mut right = tail.split_off(position);
            right.pop_front();
            tail.extend(rhs);
            tail.append(right);
            form.set_tail(tail, is_terminal);
        }
        form
    }

    /// Adds a terminal at the end of the prefix.
    fn push_frozen(&mut self, sym: Sym) {
        self.prefix = Some(Rc::new(Node {
            sym,
            prev: self.prefix.take(),
        }));
        self.prefix_len += 1;
    }

    /// Makes `syms` the tail, its terminals at the front moved into the prefix first.
    fn set_tail(&mut self, mut syms: imbl::Vector<Sym>, is_terminal: impl Fn(u32) -> bool) {
        while syms.front().is_some_and(|s| is_terminal(s.symbol)) {
            let sym = syms.pop_front().expect("checked non-empty");
            self.push_frozen(sym);
        }
        self.tail = Tail::from_vector(syms);
    }

    /// The tail's one symbol, taken out, if the tail is one symbol (see [`Tail::take_one`]):
    /// a state being dropped hands its arrays on ([`super::spare`]).
    pub fn take_one(&mut self) -> Option<Sym> {
        self.tail.take_one()
    }

    /// The live tail: empty, or starting with a nonterminal. Together with the vars and the
    /// permissible set it decides everything the derivation does next.
    pub fn tail(&self) -> &Tail {
        &self.tail
    }

    /// How many terminals are frozen.
    pub fn frozen_len(&self) -> usize {
        self.prefix_len
    }

    /// Appends to `out`, left to right, the terminals frozen after the first `older` ones.
    pub fn frozen_since(&self, older: usize, out: &mut Vec<Sym>) {
        let start = out.len();
        let mut node = self.prefix.as_deref();
        for _ in older..self.prefix_len {
            let n = node.expect("older than the prefix");
            out.push(n.sym.clone());
            node = n.prev.as_deref();
        }
        out[start..].reverse();
    }

    /// Every symbol, left to right.
    pub fn to_vec(&self) -> Vec<Sym> {
        let mut out = Vec::with_capacity(self.len());
        let mut node = self.prefix.as_deref();
        while let Some(n) = node {
            out.push(n.sym.clone());
            node = n.prev.as_deref();
        }
        out.reverse();
        out.extend(self.tail.iter().cloned());
        out
    }
}

impl Drop for Form {
    // A long prefix dropped recursively could overflow the stack: unlink it iteratively.
    fn drop(&mut self) {
        let mut node = self.prefix.take();
        while let Some(rc) = node {
            match Rc::try_unwrap(rc) {
                Ok(mut n) => node = n.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewriting_freezes_leading_terminals_and_branches_share_them() {
        let terminal = |s: u32| s == 0; // symbol 0 is terminal, 1 is a nonterminal
        let f = Form::new(Sym::int(1, 0), terminal);
        assert!(!f.is_sentence());
        let g = f.rewrite(0, &mut vec![Sym::int(0, 1), Sym::int(1, 2)], terminal);
        assert_eq!(g.len(), 2);
        assert_eq!(g.find(1), Some(0));
        // A one-symbol tail that is another nonterminal.
        assert_eq!(g.find(2), None);
        let h1 = g.rewrite(0, &mut vec![Sym::int(0, 2)], terminal);
        let h2 = g.rewrite(
            0,
            &mut vec![Sym::int(0, 3), Sym::int(1, 4), Sym::int(0, 5)],
            terminal,
        );
        // A rewrite inside a longer tail.
        let h3 = h2.rewrite(0, &mut vec![Sym::int(1, 6), Sym::int(0, 7)], terminal);
        assert_eq!(
            h3.to_vec(),
            vec![
                Sym::int(0, 1),
                Sym::int(0, 3),
                Sym::int(1, 6),
                Sym::int(0, 7),
                Sym::int(0, 5)
            ]
        );
        assert!(h1.is_sentence());
        assert_eq!(h1.to_vec(), vec![Sym::int(0, 1), Sym::int(0, 2)]);
        assert_eq!(
            h2.to_vec(),
            vec![
                Sym::int(0, 1),
                Sym::int(0, 3),
                Sym::int(1, 4),
                Sym::int(0, 5)
            ]
        );
        assert_eq!(h2.find(1), Some(0));
        assert_eq!(h2.at(0), &Sym::int(1, 4));
    }

    #[test]
    fn rewriting_inside_the_tail_keeps_the_rest_in_place() {
        let terminal = |s: u32| s == 0; // 0 is terminal; 1 and 2 are nonterminals
        let f = Form::new(Sym::int(1, 0), terminal);
        let g = f.rewrite(
            0,
            &mut vec![
                Sym::int(1, 1),
                Sym::int(0, 2),
                Sym::int(2, 3),
                Sym::int(0, 4),
            ],
            terminal,
        );
        assert_eq!(g.find(2), Some(2));
        let h = g.rewrite(
            2,
            &mut vec![Sym::int(0, 5), Sym::int(2, 6), Sym::int(0, 7)],
            terminal,
        );
        assert_eq!(
            h.to_vec(),
            vec![
                Sym::int(1, 1),
                Sym::int(0, 2),
                Sym::int(0, 5),
                Sym::int(2, 6),
                Sym::int(0, 7),
                Sym::int(0, 4)
            ]
        );
        // At the front, with more symbols behind: the leading terminals are frozen.
        let k = h.rewrite(0, &mut vec![Sym::int(0, 8), Sym::int(1, 9)], terminal);
        assert_eq!(
            k.to_vec(),
            vec![
                Sym::int(0, 8),
                Sym::int(1, 9),
                Sym::int(0, 2),
                Sym::int(0, 5),
                Sym::int(2, 6),
                Sym::int(0, 7),
                Sym::int(0, 4)
            ]
        );
        assert_eq!(k.frozen_len(), 1);
        // The old forms are unchanged (persistence).
        assert_eq!(g.len(), 4);
        assert_eq!(h.len(), 6);
    }

    #[test]
    fn a_long_prefix_drops_without_recursion() {
        let terminal = |s: u32| s == 0;
        let mut f = Form::new(Sym::int(1, 0), terminal);
        for i in 0..200_000 {
            f = f.rewrite(0, &mut vec![Sym::int(0, i), Sym::int(1, 0)], terminal);
        }
        assert_eq!(f.len(), 200_001);
    }
}
