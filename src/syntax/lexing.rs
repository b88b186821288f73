//! What the lexers of the file formats share: runs of unrecognised characters, kept as one
//! error token each and reported with the characters shown.

use super::{Diagnostic, Span};

/// Adds the unrecognised characters at `span` as an error token made by `error`, merged with
/// a directly preceding error token (`$$` is one mistake, not two). `span` is widened to whole
/// characters first, so slicing the source with it cannot panic.
pub fn push_error_run<'s, T>(
    tokens: &mut Vec<(T, Span)>,
    source: &'s str,
    span: Span,
    is_error: impl Fn(&T) -> bool,
    error: impl Fn(&'s str) -> T,
) {
    let span = char_boundaries(source, span);
    if let Some((token, prev)) = tokens.last_mut()
        && is_error(token)
        && prev.end == span.start
    {
        prev.end = span.end;
        *token = error(&source[prev.clone()]);
        return;
    }
    tokens.push((error(&source[span.clone()]), span));
}

/// The most runs of unrecognised characters a lexer reports: past them, the rest of the file is
/// one error token, reported by [`rest_not_read`], and not lexed. A file of a megabyte of stray
/// characters held half a million diagnostics (250 MB; 4 GB for the largest file read) to show
/// the first 50 and count the rest.
pub const MAX_ERROR_RUNS: usize = 10_000;

/// Adds the unrecognised characters at `span` as [`push_error_run`] does, counting the runs in
/// `runs`; once there are [`MAX_ERROR_RUNS`], adds instead the rest of the file from `span` as
/// one error token and returns `false`: the lexer stops there.
pub fn push_error_run_counted<'s, T>(
    tokens: &mut Vec<(T, Span)>,
    source: &'s str,
    span: Span,
    runs: &mut usize,
    is_error: impl Fn(&T) -> bool,
    error: impl Fn(&'s str) -> T,
) -> bool {
    let merges = tokens
        .last()
        .is_some_and(|(t, prev)| is_error(t) && prev.end == span.start);
    if !merges && *runs == MAX_ERROR_RUNS {
        let rest = char_boundaries(source, span).start..source.len();
        tokens.push((error(&source[rest.clone()]), rest));
        return false;
    }
    *runs += usize::from(!merges);
    push_error_run(tokens, source, span, is_error, error);
    true
}

/// The diagnostic of the rest of a file that was not lexed, from `start` (after
/// [`MAX_ERROR_RUNS`] runs of unrecognised characters), in a `file`.
pub fn rest_not_read(source: &str, start: usize, file: &str) -> Diagnostic {
    let span = char_boundaries(source, start..start);
    Diagnostic::new(
        format!(
            "more than {MAX_ERROR_RUNS} runs of unexpected characters: the rest of the file is \
             not read"
        ),
        span,
    )
    .with_label("reading stopped here")
    .with_note(format!("is this a {file}?"))
}

/// "unexpected character(s) `…`", with invisible characters (e.g. a no-break space) shown
/// escaped so that the message says something; `file` names the kind of file.
pub fn unexpected_characters(text: &str, span: Span, file: &str) -> Diagnostic {
    let plural = if text.chars().count() > 1 { "s" } else { "" };
    let shown = if text.chars().any(|c| c.is_control() || c.is_whitespace()) {
        text.escape_default().to_string()
    } else {
        text.to_string()
    };
    Diagnostic::new(format!("unexpected character{plural} `{shown}`"), span)
        .with_label(format!("not allowed in a {file}"))
}

/// Widens `span` to whole characters (at least one, where the source has one).
fn char_boundaries(source: &str, span: Span) -> Span {
    let mut start = span.start.min(source.len());
    let mut end = span.end.clamp(start, source.len());
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    while !source.is_char_boundary(end) {
        end += 1;
    }
    if start == end && end < source.len() {
        end += 1;
        while !source.is_char_boundary(end) {
            end += 1;
        }
    }
    start..end
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_runs_merge_and_keep_whole_characters() {
        let source = "a€€b";
        let mut tokens: Vec<(Option<&str>, Span)> = vec![(None, 0..1)];
        // A span in the middle of `€` (bytes 1..4) is widened to the character.
        push_error_run(&mut tokens, source, 2..3, |t| t.is_some(), Some);
        push_error_run(&mut tokens, source, 4..7, |t| t.is_some(), Some);
        assert_eq!(tokens, vec![(None, 0..1), (Some("€€"), 1..7)]);
    }

    #[test]
    fn invisible_characters_are_shown_escaped() {
        let d = unexpected_characters("\u{a0}", 0..2, "grammar file");
        assert!(d.message.contains("\\u{a0}"), "{}", d.message);
        assert!(
            !unexpected_characters("$$", 0..2, "grammar file")
                .message
                .contains('\\')
        );
    }
}
