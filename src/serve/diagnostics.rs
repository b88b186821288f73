//! A text's diagnostics for the page's editors: each with its file, message, label and notes,
//! and the line and column (1-based, columns in characters) where its span starts and ends.
//! The text a user reads is the CLI's (`check`'s output); these place it in the editor.

use lingeo::grammar::{Grammar, GrammarError};
use lingeo::scenario::Scenario;
use lingeo::syntax::SourceErrors;
use lingeo::syntax::diagnostic::MAX_RENDERED;
use serde_json::{Value, json};

/// The diagnostics of `source`, a scenario (`kind` "scenario") or a grammar ("lgg", imports of
/// the shipped grammars only), named `name`, and how many more there are than are placed.
pub fn of(name: &str, source: &str, kind: &str) -> (Vec<Value>, usize) {
    let files = if kind == "lgg" {
        match Grammar::parse_without_files(name, source) {
            Ok(_) => Vec::new(),
            Err(GrammarError::Invalid(files)) => files,
            Err(GrammarError::Io { path, error }) => {
                let d = json!({
                    "file": path, "message": error.to_string(), "label": "", "notes": [],
                    "line": 1, "column": 1, "end_line": 1, "end_column": 1,
                });
                return (vec![d], 0);
            }
        }
    } else {
        match Scenario::parse(name, source) {
            Ok(_) => Vec::new(),
            Err(errors) => vec![errors],
        }
    };
    let placed = files.iter().flat_map(placed).collect();
    let omitted = files
        .iter()
        .map(|f| f.diagnostics.len().saturating_sub(MAX_RENDERED))
        .sum();
    (placed, omitted)
}

/// The diagnostics placed: the first [`MAX_RENDERED`] of a file (those `output` shows), their
/// texts cut as it cuts them. A file of a megabyte of stray characters has half a million,
/// each placed by counting from the start of the file: the editors get the first, and how
/// many more there are (`omitted`).
fn placed(errors: &SourceErrors) -> Vec<Value> {
    errors
        .diagnostics
        .iter()
        .take(MAX_RENDERED)
        .map(|d| {
            let (line, column) = line_column(&errors.source, d.span.start);
            let (end_line, end_column) = line_column(&errors.source, d.span.end);
            json!({
                "file": errors.path,
                "message": d.shown_message(),
                "label": d.shown_label(),
                "notes": d.shown_notes().collect::<Vec<_>>(),
                "line": line,
                "column": column,
                "end_line": end_line,
                "end_column": end_column,
            })
        })
        .collect()
}

/// The 1-based line and character column of byte `at` (clamped into the text).
pub fn line_column(source: &str, at: usize) -> (usize, usize) {
    let mut at = at.min(source.len());
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let before = &source[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, source[start..at].chars().count() + 1)
}

#[cfg(test)]
mod tests {
    use super::line_column;

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\nçd\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 5), (2, 2));
        assert_eq!(line_column(text, 4), (2, 1));
        assert_eq!(line_column(text, 99), (3, 1));
    }
}
