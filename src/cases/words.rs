//! The arguments of a case line split into words as a shell would: whitespace separates,
//! `'...'` is literal, `"..."` takes `\"` and `\\`, a backslash outside quotes escapes the next
//! character, and `#` at the start of a word begins a comment. Unquoted `|` and `||` are not
//! words but separators, so the case parser can tell an agreement case (`||`) from a stray `|`.
//!
//! Hand-written rather than `shlex`, so that every word and every mistake has a byte span for
//! the diagnostics.

use crate::syntax::{Diagnostic, Span};

/// One piece of a split line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Token {
    /// A word, unquoted, with the span of its text as written (quotes included).
    Word(String, Span),
    /// An unquoted `||`.
    Or(Span),
    /// An unquoted lone `|`.
    Bar(Span),
}

/// Splits `text`, which starts at byte `offset` of its file (spans are file offsets).
pub fn split(text: &str, offset: usize) -> Result<Vec<Token>, Diagnostic> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        if c == '#' {
            break;
        }
        if c == '|' {
            chars.next();
            if chars.next_if(|&(_, c)| c == '|').is_some() {
                tokens.push(Token::Or(offset + start..offset + start + 2));
            } else {
                tokens.push(Token::Bar(offset + start..offset + start + 1));
            }
            continue;
        }
        let mut word = String::new();
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || c == '|' {
                break;
            }
            chars.next();
            end = i + c.len_utf8();
            match c {
                '\'' | '"' => {
                    let close = quoted(&mut chars, c, &mut word).ok_or_else(|| {
                        Diagnostic::new("unterminated quote", offset + i..offset + i + 1)
                            .with_label(format!("this {c} is never closed"))
                    })?;
                    end = close + 1;
                }
                '\\' => match chars.next() {
                    Some((j, next)) => {
                        word.push(next);
                        end = j + next.len_utf8();
                    }
                    None => word.push('\\'),
                },
                _ => word.push(c),
            }
        }
        tokens.push(Token::Word(word, offset + start..offset + end));
    }
    Ok(tokens)
}

/// Reads a quoted run up to its closing `quote` into `word`; the closing quote's index, or
/// `None` where the text ends first.
fn quoted(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    quote: char,
    word: &mut String,
) -> Option<usize> {
    while let Some((i, c)) = chars.next() {
        if c == quote {
            return Some(i);
        }
        // Inside double quotes a backslash escapes only `"` and `\`, as in sh.
        if quote == '"'
            && c == '\\'
            && let Some(&(_, next)) = chars.peek()
            && (next == '"' || next == '\\')
        {
            word.push(next);
            chars.next();
            continue;
        }
        word.push(c);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        split(text, 0)
            .unwrap()
            .into_iter()
            .map(|t| match t {
                Token::Word(w, _) => w,
                Token::Or(_) => "||".into(),
                Token::Bar(_) => "|".into(),
            })
            .collect()
    }

    #[test]
    fn quotes_escapes_and_comments() {
        assert_eq!(
            words("run hanoi.lgg --start 'S(3, a, c)'"),
            ["run", "hanoi.lgg", "--start", "S(3, a, c)"]
        );
        assert_eq!(
            words(r#"a"b c"d \"x\" "\"\\" e\ f"#),
            ["ab cd", "\"x\"", "\"\\", "e f"]
        );
        assert_eq!(words("map x # a comment"), ["map", "x"]);
        assert_eq!(words("a#b"), ["a#b"]);
        assert_eq!(words("a || b|c"), ["a", "||", "b", "|", "c"]);
        assert_eq!(words("'a|b'"), ["a|b"]);
    }

    #[test]
    fn spans_cover_the_written_word() {
        let tokens = split("x 'a b' y", 10).unwrap();
        assert_eq!(tokens[1], Token::Word("a b".into(), 12..17));
    }

    #[test]
    fn an_unterminated_quote_is_located() {
        let e = split("run 'S(3", 4).unwrap_err();
        assert_eq!(e.span, 8..9);
        assert_eq!(e.message, "unterminated quote");
    }
}
