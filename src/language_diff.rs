//! Two languages side by side (`lingeo compare`): which sentences only one of them has. The
//! sentences are compared as text, sorted as text, so that the first differences printed are
//! the same on every run.

use std::collections::BTreeSet;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LanguageDiff {
    /// The sentences of each side, without duplicates.
    pub count_a: usize,
    pub count_b: usize,
    /// The sentences both have.
    pub common: usize,
    /// The sentences only A has, sorted; the same for B.
    pub only_a: Vec<String>,
    pub only_b: Vec<String>,
}

impl LanguageDiff {
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

    pub fn equal(&self) -> bool {
        self.only_a.is_empty() && self.only_b.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::LanguageDiff;

    #[test]
    fn sides_and_duplicates() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let d = LanguageDiff::new(&s(&["b", "a", "c", "a"]), &s(&["c", "d", "b"]));
        assert_eq!((d.count_a, d.count_b, d.common), (3, 3, 2));
        assert_eq!(d.only_a, ["a"]);
        assert_eq!(d.only_b, ["d"]);
        assert!(!d.equal());
        assert!(LanguageDiff::new(&s(&["x"]), &s(&["x", "x"])).equal());
    }
}
