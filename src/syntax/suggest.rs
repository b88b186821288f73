//! "Did you mean" support shared by the file formats.

/// Levenshtein distance between two words, for did-you-mean notes.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = diagonal + usize::from(ca != *cb);
            diagonal = row[j + 1];
            row[j + 1] = substitution.min(row[j] + 1).min(row[j + 1] + 1);
        }
    }
    row[b.len()]
}

/// The candidate nearest to `word` (edit distance at most 2, or at most a third of the
/// word's length for longer words; the first on a tie), for a did-you-mean note.
pub fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Option<&'c str> {
    let limit = (word.chars().count() / 3).max(2);
    candidates
        .into_iter()
        .map(|c| (edit_distance(word, c), c))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, c)| c)
}

#[cfg(test)]
mod tests {
    use super::{closest, edit_distance};

    #[test]
    fn closest_candidates() {
        assert_eq!(closest("WQ", ["WR", "WB", "BK", "BQ"]), Some("WR"));
        assert_eq!(closest("BKK", ["WR", "BK"]), Some("BK"));
        assert_eq!(closest("queen", ["WR", "BK"]), None);
    }

    #[test]
    fn distances() {
        assert_eq!(edit_distance("bord", "board"), 1);
        assert_eq!(edit_distance("kinght", "knight"), 2);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("same", "same"), 0);
    }
}
