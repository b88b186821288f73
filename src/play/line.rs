//! A line of moves as people write it and as the searches print it (`h8-g7, h5-h4`,
//! `WK h8-g7 BP h5-h4`, `(1,1,1)-(1,2,1) pass`), split into one text per move for
//! [`State::parse_move`](crate::play::state::State::parse_move).
//!
//! Moves are separated by commas or white space, but not inside parentheses: a point of a 3D
//! board or of a grid wider than 26 files is written `(x,y)` or `(x,y,z)`, so every move the
//! searches print reads back.

/// The moves of `text`, each `FROM-TO`, `FROM:TO` or `pass`, preceded by the piece's name
/// where one is written (`WK h8-g7`). Space inside parentheses is dropped (`( 1, 2)` is
/// `(1,2)`); a word that is not a move and not followed by one stands alone, so that
/// [`State::parse_move`](crate::play::state::State::parse_move) says what is wrong with it.
pub fn split(text: &str) -> Vec<String> {
    split_naming(text, |_| true)
}

/// [`split`], where a word before a move is taken for the piece's name only when `is_name`
/// says it is one; otherwise it stands alone, as its own move. In a game with placements a
/// placement is a bare point (`d4`), and `d4 a4-b4` is the placement on d4, then the step.
pub fn split_naming(text: &str, is_name: impl Fn(&str) -> bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut name: Option<String> = None;
    for word in words(text) {
        let is_move = word == "pass" || word.contains(['-', ':']);
        if is_move && name.as_deref().is_some_and(|n| !is_name(n)) {
            out.extend(name.take());
        }
        match (is_move, name.take()) {
            (true, Some(n)) => out.push(format!("{n} {word}")),
            (true, None) => out.push(word),
            (false, Some(n)) => {
                out.push(n);
                name = Some(word);
            }
            (false, None) => name = Some(word),
        }
    }
    out.extend(name);
    out
}

/// The words of `text`: separated by commas and white space outside parentheses.
pub(crate) fn words(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => {
                depth += 1;
                word.push(c);
            }
            ')' => {
                depth = depth.saturating_sub(1);
                word.push(c);
            }
            c if depth > 0 && c.is_whitespace() => {}
            c if depth == 0 && (c == ',' || c.is_whitespace()) => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::split;

    /// A word before a move that names no piece is a move of its own (a placement).
    #[test]
    fn a_word_that_names_no_piece_is_a_move_of_its_own() {
        let named = |w: &str| w == "WR";
        assert_eq!(
            super::split_naming("a2 a3, d4 a4-b4 WR b4-b1", named),
            ["a2", "a3", "d4", "a4-b4", "WR b4-b1"]
        );
        assert_eq!(split("d4 a4-b4"), ["d4 a4-b4"]);
    }

    #[test]
    fn moves_split_at_commas_and_spaces_outside_parentheses() {
        assert_eq!(split("h8-g7, h5-h4"), ["h8-g7", "h5-h4"]);
        assert_eq!(split("h8-g7 h5-h4\tpass\n"), ["h8-g7", "h5-h4", "pass"]);
        assert_eq!(split("WK h8-g7, BP h5:g4"), ["WK h8-g7", "BP h5:g4"]);
        assert_eq!(
            split("(1,1,1)-(1,2,1), (1,2,1):(1, 3,1) pass"),
            ["(1,1,1)-(1,2,1)", "(1,2,1):(1,3,1)", "pass"]
        );
        assert_eq!(
            split("A (27,1)-(27,2),(30,30)-(29,30)"),
            ["A (27,1)-(27,2)", "(30,30)-(29,30)"]
        );
        // A word that is no move stays a word of its own, for the error to name.
        assert_eq!(split("WK WQ h8-g7 (1"), ["WK", "WQ h8-g7", "(1"]);
        assert!(split(" , ").is_empty());
    }
}
