//! The source a diagnostic's excerpt is drawn from, with long lines clipped around the places
//! it shows. A file of one 10 MB line with 50 mistakes on it echoed the whole line under each
//! (500 MB of diagnostics): now each excerpt shows its line's parts around the places it
//! points at, `...` where the rest is left out, so its size does not grow with the line.
//!
//! Lines keep their numbers: the excerpt's source has every line up to the last one shown
//! (those before the first shown are left empty, and ariadne does not print them), so that
//! the line numbers ariadne prints are the file's. Columns within a clipped line are not, and
//! the caller writes the true column into the excerpt's heading ([`Clipped::heading`]).

use super::Span;

/// The longest line, in bytes, an excerpt shows whole.
pub const MAX_LINE: usize = 240;

/// The bytes an excerpt shows on each side of a place on a clipped line.
pub const CONTEXT: usize = 60;

/// What marks the parts of a line left out.
pub const ELLIPSIS: &str = "...";

/// Where the lines of a source start: the excerpts look lines up here, not by scanning the
/// source from its start for each (50 diagnostics on a 10 MB file).
pub struct Lines {
    starts: Vec<usize>,
    len: usize,
    /// Whether a line is longer than [`MAX_LINE`]: only then is any excerpt clipped.
    any_long: bool,
}

impl Lines {
    pub fn of(source: &str) -> Lines {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        let any_long = starts
            .iter()
            .zip(
                starts
                    .iter()
                    .skip(1)
                    .chain(std::iter::once(&(source.len() + 1))),
            )
            .any(|(a, b)| b - a - 1 > MAX_LINE);
        Lines {
            starts,
            len: source.len(),
            any_long,
        }
    }

    /// The line (0-based) holding byte `at`.
    fn line_of(&self, at: usize) -> usize {
        self.starts.partition_point(|&s| s <= at) - 1
    }

    /// The bytes of line `k`, without its newline.
    fn range(&self, k: usize) -> Span {
        let start = self.starts[k];
        let end = self.starts.get(k + 1).map_or(self.len, |&next| next - 1);
        start..end
    }
}

/// A diagnostic's excerpt source with its long lines clipped.
pub struct Clipped {
    /// The text ariadne is given.
    pub source: String,
    /// The spans, in the order given, as offsets into `source`.
    pub spans: Vec<Span>,
    /// The lines clipped: their number (1-based) and length in characters, for the note.
    pub lines: Vec<(usize, usize)>,
    /// The primary place's line (1-based), its column in `source` and in the file (both
    /// 1-based, in characters).
    primary: (usize, usize, usize),
}

impl Clipped {
    /// The heading ariadne writes for the clipped source (`path:line:column`), and the one
    /// with the file's column.
    pub fn heading(&self, path: &str) -> (String, String) {
        let (line, shown, true_column) = self.primary;
        (
            format!("[ {path}:{line}:{shown} ]"),
            format!("[ {path}:{line}:{true_column} ]"),
        )
    }
}

/// The source of an excerpt showing `spans` (the primary first, each within `source` on
/// character boundaries), with the long lines among those it shows clipped; `None` when none
/// of them is long (the excerpt is drawn from the whole source as it is).
pub fn clip(source: &str, lines: &Lines, spans: &[Span]) -> Option<Clipped> {
    if !lines.any_long || spans.is_empty() {
        return None;
    }
    let first = spans.iter().map(|s| lines.line_of(s.start)).min()?;
    let last = spans.iter().map(|s| lines.line_of(s.end)).max()?;
    if (first..=last).all(|k| lines.range(k).len() <= MAX_LINE) {
        return None;
    }
    // Lines before the first shown are empty: ariadne numbers lines by counting them.
    let mut out = "\n".repeat(first);
    let mut clipped = Vec::new();
    // Per line shown, its windows of the file (merged, in order) and where each starts in `out`.
    let mut windows: Vec<(Span, usize)> = Vec::new();
    for k in first..=last {
        let line = lines.range(k);
        if line.len() <= MAX_LINE {
            windows.push((line.clone(), out.len()));
            out.push_str(&source[line]);
            out.push('\n');
            continue;
        }
        clipped.push((k + 1, source[line.clone()].chars().count()));
        let mut anchors: Vec<usize> = spans
            .iter()
            .flat_map(|s| [s.start, s.end])
            .filter(|a| line.contains(a) || *a == line.end)
            .collect();
        if anchors.is_empty() {
            // A line between the places shown: its start.
            anchors.push(line.start);
        }
        anchors.sort_unstable();
        let mut merged: Vec<Span> = Vec::new();
        for a in anchors {
            let from = floor(source, a.saturating_sub(CONTEXT).max(line.start));
            let to = ceil(source, (a + CONTEXT).min(line.end));
            match merged.last_mut() {
                // Windows that touch, or whose gap is no longer than the ellipsis, are one.
                Some(w) if from <= w.end + ELLIPSIS.len() => w.end = w.end.max(to),
                _ => merged.push(from..to),
            }
        }
        let mut at = line.start;
        for w in merged {
            if w.start > at {
                out.push_str(ELLIPSIS);
            }
            windows.push((w.clone(), out.len()));
            out.push_str(&source[w.clone()]);
            at = w.end;
        }
        if at < line.end {
            out.push_str(ELLIPSIS);
        }
        out.push('\n');
    }
    let map = |o: usize| -> usize {
        windows
            .iter()
            .find(|(w, _)| w.start <= o && o <= w.end)
            .map_or(out.len(), |(w, at)| at + (o - w.start))
    };
    let mapped: Vec<Span> = spans.iter().map(|s| map(s.start)..map(s.end)).collect();
    let primary_line = lines.line_of(spans[0].start);
    let line_start = lines.range(primary_line).start;
    let shown_start = out[..mapped[0].start].rfind('\n').map_or(0, |i| i + 1);
    let primary = (
        primary_line + 1,
        out[shown_start..mapped[0].start].chars().count() + 1,
        source[line_start..spans[0].start].chars().count() + 1,
    );
    Some(Clipped {
        source: out,
        spans: mapped,
        lines: clipped,
        primary,
    })
}

/// `at`, moved back to a character boundary.
fn floor(source: &str, mut at: usize) -> usize {
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// `at`, moved on to a character boundary.
fn ceil(source: &str, mut at: usize) -> usize {
    while !source.is_char_boundary(at) {
        at += 1;
    }
    at
}

/// `text` cut to at most `max` bytes (on a character boundary) with [`ELLIPSIS`] after it,
/// when it is longer: a message that quotes what the file holds (`unexpected characters
/// `$$$...``, `unknown item `zzz...``) stays short whatever the file holds.
pub fn shorten(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if text.len() <= max {
        return text.into();
    }
    format!("{}{ELLIPSIS}", &text[..floor(text, max)]).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clipped(source: &str, spans: &[Span]) -> Clipped {
        clip(source, &Lines::of(source), spans).expect("a long line")
    }

    #[test]
    fn short_lines_are_not_clipped() {
        let source = "board 8x8\nremoved z9\n";
        assert!(clip(source, &Lines::of(source), std::slice::from_ref(&(18..20))).is_none());
        // A long line elsewhere in the file does not clip an excerpt that does not show it.
        let source = format!("board 8x8\n{}\nremoved z9\n", "x".repeat(1000));
        let at = source.find("z9").unwrap();
        assert!(
            clip(
                &source,
                &Lines::of(&source),
                std::slice::from_ref(&(at..at + 2))
            )
            .is_none()
        );
    }

    #[test]
    fn a_long_line_is_shown_around_its_places() {
        let source = format!("board 8x8\n{}@{}\n", "a ".repeat(5000), "b ".repeat(5000));
        let at = source.find('@').unwrap();
        let c = clipped(&source, std::slice::from_ref(&(at..at + 1)));
        // Line 2 keeps its number (line 1 is left empty), and is cut on both sides.
        let lines: Vec<&str> = c.source.lines().collect();
        assert_eq!(lines.len(), 2, "{}", c.source);
        assert_eq!(lines[0], "");
        assert!(lines[1].starts_with(ELLIPSIS) && lines[1].ends_with(ELLIPSIS));
        assert!(lines[1].len() <= 2 * CONTEXT + 1 + 2 * ELLIPSIS.len());
        assert_eq!(&c.source[c.spans[0].clone()], "@");
        assert_eq!(c.lines, vec![(2, 20_001)]);
        assert_eq!(
            c.heading("f").1,
            "[ f:2:10001 ]",
            "the file's column is the heading's"
        );
    }

    #[test]
    fn places_far_apart_on_one_line_get_a_window_each() {
        let source = format!(
            "{}<{}>{}",
            "é".repeat(3000),
            "x".repeat(3000),
            "y".repeat(10)
        );
        let (a, b) = (source.find('<').unwrap(), source.find('>').unwrap());
        let c = clipped(&source, &[b..b + 1, a..a + 1]);
        assert_eq!(&c.source[c.spans[0].clone()], ">");
        assert_eq!(&c.source[c.spans[1].clone()], "<");
        // Two windows, the text between them and before the first left out; the end is near.
        assert_eq!(c.source.matches(ELLIPSIS).count(), 2, "{}", c.source);
        assert!(c.source.trim_end().ends_with(">yyyyyyyyyy"), "{}", c.source);
        // The heading's column counts characters (é is two bytes).
        assert_eq!(c.heading("f").1, "[ f:1:6002 ]");
    }

    #[test]
    fn a_place_that_spans_a_long_line_shows_both_ends() {
        let source = format!("ab{}cd\n", "$".repeat(10_000));
        let c = clipped(&source, std::slice::from_ref(&(2..10_002)));
        let shown = &c.source[c.spans[0].clone()];
        assert!(shown.starts_with('$') && shown.ends_with('$') && shown.contains(ELLIPSIS));
        assert!(c.source.len() < 300, "{}", c.source.len());
    }

    #[test]
    fn long_texts_are_shortened_on_a_character_boundary() {
        assert_eq!(shorten("short", 10), "short");
        assert_eq!(shorten("ééééé", 5), "éé...");
    }
}
