//! Diagnostics shared by every file format lingeo reads (scenarios, grammars).
//!
//! A [`Diagnostic`] holds byte-offset spans into one source text; [`render`] turns a list of
//! them into the text a user sees, with line, column and a caret under the offending text.
//! Rendering never uses colour, so the output is stable enough to snapshot.

use std::ops::Range;

use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind, Source};

use super::excerpt;

/// A byte range into a source text.
pub type Span = Range<usize>;

/// One problem found in a source file, with where it is and what to do about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// One line saying what is wrong.
    pub message: String,
    /// The offending text.
    pub span: Span,
    /// Short text printed under the caret.
    pub label: String,
    /// Other places that explain the error (e.g. the first definition of a duplicate).
    pub related: Vec<(Span, String)>,
    /// Hints printed after the source excerpt.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// An error with `message` at `span`, without label, related places or notes.
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            message: message.into(),
            span,
            label: String::new(),
            related: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The text shown under the main span.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// Another place of the file that explains the error (a first declaration), with its label.
    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    /// A hint printed after the excerpt.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// The message as it is shown: cut at [`MAX_MESSAGE`] bytes, with `...` after it, when it
    /// quotes more of the file than that.
    pub fn shown_message(&self) -> std::borrow::Cow<'_, str> {
        excerpt::shorten(&self.message, MAX_MESSAGE)
    }

    /// The label as it is shown (cut as [`Diagnostic::shown_message`] is).
    pub fn shown_label(&self) -> std::borrow::Cow<'_, str> {
        excerpt::shorten(&self.label, MAX_MESSAGE)
    }

    /// The notes as they are shown (each cut as [`Diagnostic::shown_message`] is).
    pub fn shown_notes(&self) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
        self.notes.iter().map(|n| excerpt::shorten(n, MAX_MESSAGE))
    }
}

/// The most diagnostics [`render`] shows for one file. A file that is not lingeo's at all (a lock
/// file read as a scenario) has an error on nearly every line; past the first screens they only
/// bury the first one, which is the one to read.
pub const MAX_RENDERED: usize = 50;

/// The longest message, label or note shown, in bytes: longer ones (a message that quotes a
/// megabyte of the file) are cut, with `...` after them.
pub const MAX_MESSAGE: usize = 400;

/// Renders diagnostics for the file `path` whose text is `source`, in order, without colour:
/// the first [`MAX_RENDERED`], then a line saying how many more there are.
pub fn render(path: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    render_as(ReportKind::Error, path, source, diagnostics)
}

/// Renders diagnostics as [`render`] does, each headed as a warning: the file is valid, and
/// each is likely a mistake (the lints of `lingeo check`).
pub fn render_warnings(path: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    render_as(ReportKind::Warning, path, source, diagnostics)
}

/// [`render`] or [`render_warnings`]: each diagnostic headed as `kind`, at most
/// [`MAX_RENDERED`] of them, and how many more there are.
fn render_as(
    kind: ReportKind<'static>,
    path: &str,
    source: &str,
    diagnostics: &[Diagnostic],
) -> String {
    let mut text = String::new();
    let mut whole = (path, Source::from(source));
    let lines = excerpt::Lines::of(source);
    for d in diagnostics.iter().take(MAX_RENDERED) {
        text.push_str(&render_one(kind, &mut whole, &lines, d));
    }
    if let Some(more) = diagnostics
        .len()
        .checked_sub(MAX_RENDERED)
        .filter(|&m| m > 0)
    {
        text.push_str(&format!(
            "{path}: {more} more {}{} not shown (the first {MAX_RENDERED} are above)\n",
            if kind == ReportKind::Error {
                "error"
            } else {
                "warning"
            },
            if more == 1 { "" } else { "s" }
        ));
    }
    text
}

/// One diagnostic as ariadne draws it from the file `whole` (its path and text): its
/// message, its places labelled in one excerpt, its notes; on a long line only the parts
/// around the places, with a note saying so and the heading's column the file's.
fn render_one(
    kind: ReportKind<'static>,
    whole: &mut (&str, Source<&str>),
    lines: &excerpt::Lines,
    d: &Diagnostic,
) -> String {
    let (path, source) = (whole.0, whole.1.text());
    let config = Config::default()
        .with_color(false)
        .with_char_set(CharSet::Ascii)
        .with_index_type(IndexType::Byte);
    let places = places(d, source);
    // On a long line, the excerpt shows the parts around the places (`excerpt.rs`).
    let spans: Vec<Span> = places.iter().map(|(s, _)| s.clone()).collect();
    let clipped = excerpt::clip(source, lines, &spans);
    let mut labels: Vec<(Span, &str)> = match &clipped {
        Some(c) => c
            .spans
            .iter()
            .cloned()
            .zip(places.iter().map(|p| p.1))
            .collect(),
        None => places,
    };
    let primary_span = labels[0].0.clone();
    // Every label in the order of its place in the file: ariadne starts a new excerpt (headed
    // by the primary's location) whenever a label comes before the one it follows, so labels
    // in file order make one excerpt that shows each place once.
    labels.sort_by_key(|(s, _)| (s.start, s.end));
    let mut report = Report::build(kind, (path, primary_span))
        .with_config(config)
        .with_message(d.shown_message());
    for (i, (span, label)) in labels.into_iter().enumerate() {
        let label = excerpt::shorten(label, MAX_MESSAGE);
        report = report.with_label(labelled(Label::new((path, span)), &label).with_order(i as i32));
    }
    for note in d.shown_notes() {
        report = report.with_note(note);
    }
    let mut out = Vec::new();
    match &clipped {
        None => report.finish().write(&mut *whole, &mut out),
        Some(c) => {
            let lines: Vec<String> = c
                .lines
                .iter()
                .map(|(line, chars)| format!("line {line} ({chars} characters)"))
                .collect();
            report
                .with_note(format!(
                    "the excerpt shows only the parts of {} around the error; `{}` marks \
                     what it leaves out",
                    lines.join(", "),
                    excerpt::ELLIPSIS
                ))
                .finish()
                .write((path, Source::from(c.source.as_str())), &mut out)
        }
    }
    .expect("writing to a Vec cannot fail");
    let mut one = String::from_utf8(out).expect("ariadne writes UTF-8");
    // ariadne's heading counts the columns of the clipped line: the file's column instead.
    if let Some(c) = &clipped {
        let (shown, true_heading) = c.heading(path);
        one = one.replacen(&shown, &true_heading, 1);
    }
    one
}

/// A diagnostic's places with their labels, its primary place first, each within the text.
/// The primary place has a text whenever another place is shown, so the two are told apart.
fn places<'d>(d: &'d Diagnostic, source: &str) -> Vec<(Span, &'d str)> {
    let primary = match d.label.as_str() {
        "" if !d.related.is_empty() => "here",
        label => label,
    };
    std::iter::once((clamp(&d.span, source), primary))
        .chain(
            d.related
                .iter()
                .map(|(s, l)| (clamp(s, source), l.as_str())),
        )
        .collect()
}

/// A label with its text, or a bare caret when there is none to say.
fn labelled<'a>(label: Label<(&'a str, Span)>, text: &str) -> Label<(&'a str, Span)> {
    if text.is_empty() {
        label
    } else {
        label.with_message(text)
    }
}

/// The span within the source, widened to whole characters: ariadne slices the source by it.
fn clamp(span: &Span, source: &str) -> Span {
    let len = source.len();
    let mut start = span.start.min(len);
    while !source.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = span.end.clamp(start, len);
    while !source.is_char_boundary(end) {
        end += 1;
    }
    start..end
}

/// Errors found while reading one file: the diagnostics plus what is needed to render them.
#[derive(Clone, Debug)]
pub struct SourceErrors {
    /// The file's name, as the excerpt heads it.
    pub path: String,
    /// The file's text, which the spans index.
    pub source: String,
    /// The problems found, in the order they are rendered.
    pub diagnostics: Vec<Diagnostic>,
}

impl SourceErrors {
    /// Every diagnostic with its excerpt of the source, as `lingeo check` prints them.
    pub fn render(&self) -> String {
        render(&self.path, &self.source, &self.diagnostics)
    }
}

impl std::fmt::Display for SourceErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for SourceErrors {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A span that ends or starts inside a character (such as `0..1` for "the whole file"
    /// when it starts with `ӄ`) is widened to the character, not a panic in ariadne.
    #[test]
    fn spans_inside_a_character_are_widened_to_it() {
        let src = "ӄ ok";
        assert_eq!(clamp(&(0..1), src), 0..2);
        assert_eq!(clamp(&(1..1), src), 0..2);
        assert_eq!(clamp(&(1..3), src), 0..3);
        assert_eq!(clamp(&(9..12), src), 5..5);
        let out = render("f", src, &[Diagnostic::new("whole file", 0..1)]);
        assert!(out.contains("whole file"), "{out}");
    }

    #[test]
    fn render_points_at_line_and_column() {
        let src = "board 8x8\nremoved z9\n";
        let d = Diagnostic::new("point z9 is off the board", 18..20).with_label("off the board");
        let text = render("t.scenario", src, &[d]);
        assert!(text.contains("t.scenario:2:9"), "{text}");
        assert!(text.contains("point z9 is off the board"), "{text}");
        assert!(text.contains(" 2 | removed z9\n"), "{text}");
        assert!(text.contains("        ^"), "{text}");
    }

    #[test]
    fn render_shows_each_place_of_a_two_place_error_once_with_its_text() {
        let src = "board 8x8\nboard 4x4\n";
        let d = Diagnostic::new("two boards", 10..19)
            .with_label("second board")
            .with_related(0..9, "first board");
        let text = render("t.scenario", src, &[d]);
        // One excerpt, headed by the primary place, showing both lines in file order.
        assert_eq!(text.matches("t.scenario:").count(), 1, "{text}");
        assert!(text.contains("t.scenario:2:1"), "{text}");
        let first = text.find("first board").expect("first label");
        let second = text.find("second board").expect("second label");
        assert!(first < second, "{text}");
        assert_eq!(text.matches(" 1 | board 8x8").count(), 1, "{text}");
        assert_eq!(text.matches(" 2 | board 4x4").count(), 1, "{text}");
        // A primary place without a text still gets one when another place is shown.
        let text = render(
            "t.scenario",
            src,
            &[Diagnostic::new("two boards", 10..19).with_related(0..9, "first board")],
        );
        assert!(text.contains("here\n"), "{text}");
    }

    #[test]
    fn render_shows_the_first_diagnostics_and_counts_the_rest() {
        let src = "x\n".repeat(MAX_RENDERED + 3);
        let all: Vec<_> = (0..MAX_RENDERED + 3)
            .map(|i| Diagnostic::new(format!("error number {i}"), 2 * i..2 * i + 1))
            .collect();
        let text = render("t.lgg", &src, &all);
        assert!(
            text.contains(&format!("error number {}\n", MAX_RENDERED - 1)),
            "{text}"
        );
        assert!(
            !text.contains(&format!("error number {}\n", MAX_RENDERED)),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(
                "t.lgg: 3 more errors not shown (the first {MAX_RENDERED} are above)\n"
            )),
            "{text}"
        );
        let exactly = render("t.lgg", &src, &all[..MAX_RENDERED]);
        assert!(!exactly.contains("not shown"), "{exactly}");
    }
}
