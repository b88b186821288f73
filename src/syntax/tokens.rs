//! A token stream that nom 8 can parse, for any lexer's token type.
//!
//! nom only implements [`Input`] for `&str` and `&[u8]`, so parsers over lexed tokens need a
//! wrapper. [`Tokens`] views a window of `(token, span)` pairs and keeps the source text, so
//! that errors can quote the offending token and point at the end of the file when input runs
//! out. [`SyntaxError`] is a nom error that carries a ready-made [`Diagnostic`].

use std::fmt;
use std::iter::Enumerate;
use std::slice::Iter;

use nom::error::{ErrorKind, ParseError};
use nom::{Input, Needed};

use super::{Diagnostic, Span};

/// The not-yet-parsed tokens of one source text.
///
/// Keeps the whole token slice (not just the remaining window) so spans can be computed
/// between two positions of the same stream and the previous token stays reachable.
pub struct Tokens<'a, T> {
    all: &'a [(T, Span)],
    start: usize,
    end: usize,
    source: &'a str,
}

// Manual impls: a view is copyable whatever `T` is.
impl<T> Clone for Tokens<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Tokens<'_, T> {}

impl<T: fmt::Debug> fmt::Debug for Tokens<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a, T> Tokens<'a, T> {
    /// All of `tokens`, lexed from `source` (spans are byte ranges into `source`).
    pub fn new(tokens: &'a [(T, Span)], source: &'a str) -> Self {
        Tokens {
            all: tokens,
            start: 0,
            end: tokens.len(),
            source,
        }
    }

    /// The remaining tokens.
    pub fn as_slice(&self) -> &'a [(T, Span)] {
        &self.all[self.start..self.end]
    }

    /// The number of tokens left.
    pub fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether every token has been read.
    pub fn is_empty(&self) -> bool {
        self.start == self.end
    }

    /// The text the tokens were lexed from, for their spans.
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Index of the next token in the whole stream: how far parsing has got.
    pub fn index(&self) -> usize {
        self.start
    }

    /// The next token.
    pub fn peek(&self) -> Option<&'a (T, Span)> {
        self.as_slice().first()
    }

    /// The token `n` places ahead (`peek_nth(0)` is `peek()`).
    pub fn peek_nth(&self, n: usize) -> Option<&'a (T, Span)> {
        self.as_slice().get(n)
    }

    /// The token just before this window, if any.
    pub fn previous(&self) -> Option<&'a (T, Span)> {
        self.start.checked_sub(1).and_then(|i| self.all.get(i))
    }

    /// The next token and the stream after it.
    pub fn split_first(&self) -> Option<(&'a (T, Span), Self)> {
        self.peek().map(|token| (token, self.advance(1)))
    }

    /// The stream without its first `n` tokens (all of them if `n` is too large).
    pub fn advance(&self, n: usize) -> Self {
        Tokens {
            start: (self.start + n).min(self.end),
            ..*self
        }
    }

    /// An empty span at the very end of the source: where "unexpected end of file" points.
    pub fn eof_span(&self) -> Span {
        self.source.len()..self.source.len()
    }

    /// The span of the next token, or [`eof_span`](Self::eof_span) when none is left.
    pub fn next_span(&self) -> Span {
        self.peek()
            .map_or_else(|| self.eof_span(), |(_, span)| span.clone())
    }

    /// The source text under `span` (empty if the span does not fit the source).
    pub fn text(&self, span: &Span) -> &'a str {
        self.source.get(span.clone()).unwrap_or("")
    }

    /// The next token quoted for a message (`` `{` ``), or `end of file`. Long tokens are
    /// cut short so one huge number does not swamp the message.
    pub fn describe_next(&self) -> String {
        match self.peek() {
            None => "end of file".to_string(),
            Some((_, span)) => {
                let text = self.text(span);
                match text.char_indices().nth(24) {
                    Some((cut, _)) => format!("`{}...`", &text[..cut]),
                    None => format!("`{text}`"),
                }
            }
        }
    }

    /// The span from the first token of `self` to the last token before `rest`, where `rest`
    /// is what is left of `self` after parsing something. Empty (at the next token) if
    /// nothing was consumed.
    pub fn span_to(&self, rest: &Self) -> Span {
        let consumed = &self.all[self.start..rest.start.clamp(self.start, self.end)];
        match (consumed.first(), consumed.last()) {
            (Some((_, first)), Some((_, last))) => first.start..last.end,
            _ => {
                let at = self.next_span().start;
                at..at
            }
        }
    }

    /// Whether the next token is the first on its line. Only horizontal whitespace can sit
    /// between it and the newline before it: a comment always ends with a newline, so any
    /// comment between two tokens also leaves one right before the second token.
    pub fn at_line_start(&self) -> bool {
        let Some((_, span)) = self.peek() else {
            return false;
        };
        let before = self.source.get(..span.start).unwrap_or("");
        let before = before.trim_end_matches([' ', '\t', '\r', '\x0c']);
        before.is_empty() || before.ends_with('\n')
    }
}

impl<'a, T> Input for Tokens<'a, T> {
    type Item = &'a (T, Span);
    type Iter = Iter<'a, (T, Span)>;
    type IterIndices = Enumerate<Iter<'a, (T, Span)>>;

    fn input_len(&self) -> usize {
        self.len()
    }

    fn take(&self, index: usize) -> Self {
        assert!(index <= self.len(), "take past the end of a token stream");
        Tokens {
            end: self.start + index,
            ..*self
        }
    }

    fn take_from(&self, index: usize) -> Self {
        assert!(
            index <= self.len(),
            "take_from past the end of a token stream"
        );
        self.advance(index)
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.as_slice().iter().position(predicate)
    }

    fn iter_elements(&self) -> Self::Iter {
        self.as_slice().iter()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.as_slice().iter().enumerate()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        if count <= self.len() {
            Ok(count)
        } else {
            Err(Needed::new(count - self.len()))
        }
    }
}

/// A nom error over [`Tokens`] that already says what went wrong, for the user.
///
/// Parsers build it with a specific message; the nom-generated fallback only says which
/// token was unexpected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError(pub Diagnostic);

impl SyntaxError {
    /// "expected {what}, found {next token}", pointing at the next token.
    pub fn expected<T>(input: &Tokens<'_, T>, what: &str) -> Self {
        SyntaxError(
            Diagnostic::new(
                format!("expected {what}, found {}", input.describe_next()),
                input.next_span(),
            )
            .with_label(format!("expected {what}")),
        )
    }
}

impl<T> ParseError<Tokens<'_, T>> for SyntaxError {
    fn from_error_kind(input: Tokens<'_, T>, _kind: ErrorKind) -> Self {
        SyntaxError(
            Diagnostic::new(
                format!("unexpected {}", input.describe_next()),
                input.next_span(),
            )
            .with_label("unexpected"),
        )
    }

    fn append(_input: Tokens<'_, T>, _kind: ErrorKind, other: Self) -> Self {
        other
    }

    /// Between failed alternatives, the one that got furthest explains the most.
    fn or(self, other: Self) -> Self {
        if self.0.span.start > other.0.span.start {
            self
        } else {
            other
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nom::Parser;
    use nom::multi::many1;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Tok {
        Word,
        Comma,
    }

    /// "ab, cd\n  ef" lexed by hand.
    const SOURCE: &str = "ab, cd\n  ef";
    fn tokens() -> Vec<(Tok, Span)> {
        vec![
            (Tok::Word, 0..2),
            (Tok::Comma, 2..3),
            (Tok::Word, 4..6),
            (Tok::Word, 9..11),
        ]
    }

    fn word(i: Tokens<'_, Tok>) -> nom::IResult<Tokens<'_, Tok>, Span, SyntaxError> {
        match i.split_first() {
            Some(((Tok::Word, span), rest)) => Ok((rest, span.clone())),
            _ => Err(nom::Err::Error(SyntaxError::expected(&i, "a word"))),
        }
    }

    #[test]
    fn input_splits_like_a_slice() {
        let toks = tokens();
        let input = Tokens::new(&toks, SOURCE);
        assert_eq!(input.input_len(), 4);
        let (suffix, prefix) = input.take_split(1);
        assert_eq!(prefix.as_slice(), &toks[..1]);
        assert_eq!(suffix.as_slice(), &toks[1..]);
        assert_eq!(Input::position(&input, |(t, _)| *t == Tok::Comma), Some(1));
        assert_eq!(input.slice_index(5), Err(Needed::new(1)));
        assert_eq!(
            input.iter_indices().nth(2).map(|(i, t)| (i, t.1.clone())),
            Some((2, 4..6))
        );
    }

    #[test]
    fn spans_between_positions_and_at_end_of_file() {
        let toks = tokens();
        let input = Tokens::new(&toks, SOURCE);
        let rest = input.advance(3);
        assert_eq!(&SOURCE[input.span_to(&rest)], "ab, cd");
        assert_eq!(input.span_to(&input), 0..0);
        let end = input.advance(10);
        assert!(end.is_empty());
        assert_eq!(end.next_span(), 11..11);
        assert_eq!(end.describe_next(), "end of file");
        assert_eq!(rest.describe_next(), "`ef`");
        assert_eq!(rest.previous().map(|t| t.1.clone()), Some(4..6));
    }

    #[test]
    fn line_starts() {
        let toks = tokens();
        let input = Tokens::new(&toks, SOURCE);
        assert!(input.at_line_start());
        assert!(!input.advance(2).at_line_start());
        assert!(input.advance(3).at_line_start());
        assert!(!input.advance(4).at_line_start());
    }

    #[test]
    fn nom_combinators_run_over_tokens() {
        let toks = tokens();
        let input = Tokens::new(&toks, SOURCE);
        let (rest, words) = many1(word).parse(input).unwrap();
        assert_eq!(words, vec![0..2]);
        assert_eq!(rest.index(), 1);
        let Err(nom::Err::Error(SyntaxError(d))) = word(rest) else {
            panic!("a comma is not a word");
        };
        assert_eq!(d.message, "expected a word, found `,`");
        assert_eq!(d.span, 2..3);
    }
}
