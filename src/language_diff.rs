//! Two languages side by side (`lingeo compare`): which sentences only one of them has, and
//! which symbols (a zone's `t(piece, trajectory, time)`) occur in the sentences of only one.
//! The sentences are compared as text, sorted as text, so that the first differences printed
//! are the same on every run.

use std::collections::BTreeSet;

/// Two languages' sentences compared: how many each has, how many both, and which only one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageDiff {
    /// The sentences of each side, without duplicates.
    pub count_a: usize,
    /// The number of B's sentences, without duplicates.
    pub count_b: usize,
    /// The sentences both have.
    pub common: usize,
    /// The sentences only A has, sorted; the same for B.
    pub only_a: Vec<String>,
    /// The sentences only B has, sorted.
    pub only_b: Vec<String>,
}

impl LanguageDiff {
    /// The comparison of languages `a` and `b`, each a list of printed sentences (duplicates
    /// allowed).
    pub fn new(a: &[String], b: &[String]) -> LanguageDiff {
        let a: BTreeSet<&String> = a.iter().collect();
        let b: BTreeSet<&String> = b.iter().collect();
        LanguageDiff {
            count_a: a.len(),
            count_b: b.len(),
            common: a.intersection(&b).count(),
            only_a: a.difference(&b).map(|s| s.to_string()).collect(),
            only_b: b.difference(&a).map(|s| s.to_string()).collect(),
        }
    }

    /// Whether the two languages have the same sentences.
    pub fn equal(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }

    /// Whether every sentence of A is one of B's.
    pub fn a_within_b(&self) -> bool {
        self.only_a.is_empty()
    }

    /// Whether every sentence of B is one of A's.
    pub fn b_within_a(&self) -> bool {
        self.only_b.is_empty()
    }
}

/// The symbols that occur in some sentence of one language and in none of the other's: where
/// two languages of zones differ by one trajectory, this names it, where the sentences that
/// differ are every zone holding it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SymbolDiff {
    /// Sorted, without duplicates.
    pub only_a: Vec<String>,
    /// The symbols only B's sentences hold, sorted, without duplicates.
    pub only_b: Vec<String>,
}

impl SymbolDiff {
    /// The symbols of the sentences of `a` and of `b` compared.
    pub fn new(a: &[String], b: &[String]) -> SymbolDiff {
        let symbols = |language: &[String]| -> BTreeSet<String> {
            language
                .iter()
                .flat_map(|s| symbols(s))
                .map(str::to_string)
                .collect()
        };
        let (a, b) = (symbols(a), symbols(b));
        SymbolDiff {
            only_a: a.difference(&b).cloned().collect(),
            only_b: b.difference(&a).cloned().collect(),
        }
    }

    /// Whether the two languages use the same symbols.
    pub fn equal(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }
}

/// The symbols of a printed sentence: `t(BOMBER, h5 h4, 5) t(FIGHTER, e6 f5, 4)` has two, split
/// at the spaces outside parentheses.
pub fn symbols(sentence: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in sentence.char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            ' ' if depth == 0 => {
                if i > start {
                    out.push(&sentence[start..i]);
                }
                start = i + 1;
            }
            _ => {}
        }
    }
    if start < sentence.len() {
        out.push(&sentence[start..]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{LanguageDiff, SymbolDiff, symbols};

    #[test]
    fn sides_and_duplicates() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let d = LanguageDiff::new(&s(&["b", "a", "c", "a"]), &s(&["c", "d", "b"]));
        assert_eq!((d.count_a, d.count_b, d.common), (3, 3, 2));
        assert_eq!(d.only_a, ["a"]);
        assert_eq!(d.only_b, ["d"]);
        assert!(!d.equal());
        assert!(LanguageDiff::new(&s(&["x"]), &s(&["x", "x"])).equal());
        assert!(!d.a_within_b() && !d.b_within_a());
        let within = LanguageDiff::new(&s(&["b"]), &s(&["b", "c"]));
        assert!(within.a_within_b() && !within.b_within_a());
    }

    #[test]
    fn symbols_split_outside_parentheses() {
        assert_eq!(
            symbols("t(BOMBER, h5 h4, 5) t(F, (1,2) (2,2), 4)"),
            ["t(BOMBER, h5 h4, 5)", "t(F, (1,2) (2,2), 4)"]
        );
        assert_eq!(symbols("a(h5) a(h4)"), ["a(h5)", "a(h4)"]);
        assert!(symbols("").is_empty());
    }

    #[test]
    fn a_symbol_difference_names_the_trajectory_not_every_zone() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let a = s(&["m x1 y1", "m x1 y2", "m x2 y1", "m x2 y2"]);
        let b = s(&["m x1 y1", "m x1 y2"]);
        assert_eq!(LanguageDiff::new(&a, &b).only_a.len(), 2);
        let d = SymbolDiff::new(&a, &b);
        assert_eq!(d.only_a, ["x2"]);
        assert!(d.only_b.is_empty());
    }
}
