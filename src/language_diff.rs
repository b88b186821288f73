//! Two languages side by side (`lingeo compare`): which sentences only one of them has, and
//! which symbols (a zone's `t(piece, trajectory, time)`) occur in the sentences of only one.
//! The sentences are compared as text, sorted as text, so that the first differences printed
//! are the same on every run.

use std::collections::BTreeSet;

use crate::budget::{Budget, Exceeded};

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
    /// allowed). The sentences only one side has are a result's text: each is counted in
    /// `budget` ([`Budget::output`]) before it is copied, so a diff of millions of sentences
    /// stops at the memory limit or the cap on a result's text as it is built.
    pub fn new(a: &[String], b: &[String], budget: &mut Budget) -> Result<LanguageDiff, Exceeded> {
        let a: BTreeSet<&String> = a.iter().collect();
        let b: BTreeSet<&String> = b.iter().collect();
        Ok(LanguageDiff {
            count_a: a.len(),
            count_b: b.len(),
            common: a.intersection(&b).count(),
            only_a: listed(a.difference(&b), budget)?,
            only_b: listed(b.difference(&a), budget)?,
        })
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
    /// The symbols of the sentences of `a` and of `b` compared; those only one side has
    /// counted in `budget` as [`LanguageDiff::new`] counts its sentences.
    pub fn new(a: &[String], b: &[String], budget: &mut Budget) -> Result<SymbolDiff, Exceeded> {
        fn all(language: &[String]) -> BTreeSet<&str> {
            language.iter().flat_map(|s| symbols(s)).collect()
        }
        let (a, b) = (all(a), all(b));
        Ok(SymbolDiff {
            only_a: listed(a.difference(&b), budget)?,
            only_b: listed(b.difference(&a), budget)?,
        })
    }

    /// Whether the two languages use the same symbols.
    pub fn equal(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }
}

/// `texts` copied, each counted as a result's text in `budget` first.
fn listed<S: AsRef<str>>(
    texts: impl Iterator<Item = S>,
    budget: &mut Budget,
) -> Result<Vec<String>, Exceeded> {
    let mut out = Vec::new();
    for text in texts {
        let text = text.as_ref();
        budget.output(crate::budget::text_bytes(text.len()), || {
            "the sentences only one side has".into()
        })?;
        out.push(text.to_string());
    }
    Ok(out)
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
    use crate::budget::{self, Budget, Exceeded};

    fn diff(a: &[String], b: &[String]) -> LanguageDiff {
        LanguageDiff::new(a, b, &mut Budget::new()).unwrap()
    }

    /// The sentences only one side has stop at the cap on a result's text as they are
    /// copied, not after the whole diff is built (issue 45: 1.3 GB for a 64 MB answer).
    #[test]
    fn the_differing_sentences_stop_at_the_cap_on_the_text() {
        let a: Vec<String> = (0..100_000).map(|i| format!("a({i}) b({i})")).collect();
        let mut budget = Budget::new();
        let e = budget::with_output_cap(100_000, || LanguageDiff::new(&a, &[], &mut budget))
            .unwrap_err();
        assert!(matches!(e, Exceeded::Output { cap: 100_000, .. }), "{e}");
        // It stopped at the cap, a small part of the 100,000 sentences.
        assert!(budget.held() <= 100_000, "{}", budget.held());
    }

    #[test]
    fn sides_and_duplicates() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let d = diff(&s(&["b", "a", "c", "a"]), &s(&["c", "d", "b"]));
        assert_eq!((d.count_a, d.count_b, d.common), (3, 3, 2));
        assert_eq!(d.only_a, ["a"]);
        assert_eq!(d.only_b, ["d"]);
        assert!(!d.equal());
        assert!(diff(&s(&["x"]), &s(&["x", "x"])).equal());
        assert!(!d.a_within_b() && !d.b_within_a());
        let within = diff(&s(&["b"]), &s(&["b", "c"]));
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
        assert_eq!(diff(&a, &b).only_a.len(), 2);
        let d = SymbolDiff::new(&a, &b, &mut Budget::new()).unwrap();
        assert_eq!(d.only_a, ["x2"]);
        assert!(d.only_b.is_empty());
    }
}
