//! A start or an input value that does not fit a grammar, in the library's words: which of
//! the run's givens is at fault and what is wrong with it. A front end (the command line, the
//! server, Python) says how that given is written on its side.

use std::fmt;

/// Which of a run's givens an [`InputError`] is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Given {
    /// The start: the start symbol with a value for each of its parameters.
    Start,
    /// The value given for the input of this name (or a name the grammar has no input of).
    Input(String),
    /// The piece given for the grammar's one piece input.
    Piece,
    /// The grammar's one piece input, of this name, was given no piece.
    NoPiece(String),
    /// The grammar has several piece inputs and one of them was given no piece: each must be
    /// given by its name.
    NoPieces,
    /// The input of this name was given no value.
    NoValue(String),
}

/// A start or input value that does not fit the grammar: `given` says which, `message` what
/// is wrong, without naming the given (the [`fmt::Display`] form names it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The given at fault.
    pub given: Given,
    /// What is wrong with it.
    pub message: String,
}

impl InputError {
    /// An error of `given`.
    pub fn new(given: Given, message: impl Into<String>) -> InputError {
        InputError {
            given,
            message: message.into(),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let message = &self.message;
        match &self.given {
            Given::Start => write!(f, "the start: {message}"),
            Given::Input(name) => write!(f, "input `{name}`: {message}"),
            Given::Piece => write!(f, "the piece: {message}"),
            Given::NoPiece(_) | Given::NoValue(_) => f.write_str(message),
            Given::NoPieces => write!(
                f,
                "{message}: give each by its name (a placed piece, or a type such as `pawn:black`)"
            ),
        }
    }
}

impl std::error::Error for InputError {}

/// Callers whose errors are text take the library's words.
impl From<InputError> for String {
    fn from(e: InputError) -> String {
        e.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_name_the_given_and_no_option() {
        let e = InputError::new(Given::Input("n".into()), "`x` is not a whole number");
        assert_eq!(e.to_string(), "input `n`: `x` is not a whole number");
        let e = InputError::new(Given::Start, "`S` takes 1 argument (n: int), found 2");
        assert_eq!(
            String::from(e),
            "the start: `S` takes 1 argument (n: int), found 2"
        );
        let e = InputError::new(Given::NoPieces, "`g` has 2 piece inputs (a, b)");
        assert!(!e.to_string().contains("--"), "{e}");
    }
}

/// A value's text that does not read as a value of its type (a start's argument, an input).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ValueError {
    /// Not a whole number.
    #[error("`{0}` is not a whole number")]
    NotInt(String),
    /// Neither `true` nor `false`.
    #[error("`{0}` is not true or false")]
    NotBool(String),
    /// Not a point of the board.
    #[error(transparent)]
    Point(#[from] crate::board::PointError),
    /// A side that is neither `white` nor `black`.
    #[error("`{0}` is not white or black")]
    NotSide(String),
    /// Not a placed piece or a piece type.
    #[error(transparent)]
    Piece(#[from] super::world::PieceError),
    /// Not one of the enumeration's values (listed).
    #[error("`{text}` is not one of {values}")]
    NotEnum {
        /// The text.
        text: String,
        /// The enumeration's values, comma-separated.
        values: String,
    },
    /// Not a tuple `(…)`.
    #[error("expected a tuple `(…)`, found `{0}`")]
    NotTuple(String),
    /// A tuple of another length.
    #[error("expected a tuple of {count} values, found `{text}`")]
    TupleLength {
        /// The values the type has.
        count: usize,
        /// The text.
        text: String,
    },
    /// A type no text gives (sets, states, ...), as it is written.
    #[error("a value of type {0} cannot be given as text")]
    NotText(String),
}
