//! Diagnostics shared by every file format lingeo reads (scenarios, grammars).
//!
//! A [`Diagnostic`] holds byte-offset spans into one source text; [`render`] turns a list of
//! them into the text a user sees, with line, column and a caret under the offending text.
//! Rendering never uses colour, so the output is stable enough to snapshot.

use std::ops::Range;

use ariadne::{CharSet, Config, IndexType, Label, Report, ReportKind, Source};

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
    pub fn new(message: impl Into<String>, span: Span) -> Self {
        Diagnostic {
            message: message.into(),
            span,
            label: String::new(),
            related: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    pub fn with_related(mut self, span: Span, label: impl Into<String>) -> Self {
        self.related.push((span, label.into()));
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }
}

/// Renders diagnostics for the file `path` whose text is `source`, in order, without colour.
pub fn render(path: &str, source: &str, diagnostics: &[Diagnostic]) -> String {
    let mut out = Vec::new();
    let config = Config::default()
        .with_color(false)
        .with_char_set(CharSet::Ascii)
        .with_index_type(IndexType::Byte);
    let cache = Source::from(source);
    for d in diagnostics {
        let span = clamp(&d.span, source.len());
        let mut report = Report::build(ReportKind::Error, (path, span.clone()))
            .with_config(config)
            .with_message(&d.message)
            .with_label(
                Label::new((path, span))
                    .with_message(&d.label)
                    .with_order(0),
            );
        for (i, (span, label)) in d.related.iter().enumerate() {
            report = report.with_label(
                labelled(Label::new((path, clamp(span, source.len()))), label)
                    .with_order(i as i32 + 1),
            );
        }
        for note in &d.notes {
            report = report.with_note(note);
        }
        report
            .finish()
            .write((path, cache.clone()), &mut out)
            .expect("writing to a Vec cannot fail");
    }
    String::from_utf8(out).expect("ariadne writes UTF-8")
}

/// A label with its text, or a bare caret when there is none to say.
fn labelled<'a>(label: Label<(&'a str, Span)>, text: &str) -> Label<(&'a str, Span)> {
    if text.is_empty() {
        label
    } else {
        label.with_message(text)
    }
}

fn clamp(span: &Span, len: usize) -> Span {
    let start = span.start.min(len);
    start..span.end.clamp(start, len)
}

/// Errors found while reading one file: the diagnostics plus what is needed to render them.
#[derive(Clone, Debug)]
pub struct SourceErrors {
    pub path: String,
    pub source: String,
    pub diagnostics: Vec<Diagnostic>,
}

impl SourceErrors {
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
}
