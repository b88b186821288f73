//! `check`: scenarios and grammars read and checked, each file's diagnostics (errors, and the
//! lint warnings of a valid scenario) as data, with their severity and place, and the text
//! `lingeo check` prints. The CLI prints [`CheckResult::output`]; `lingeo serve` sends the
//! result to the page, which draws each diagnostic at its place.

use std::path::Path;

use serde::Serialize;

use crate::grammar::{Grammar, GrammarError};
use crate::scenario::{GoalOwner, Scenario};
use crate::syntax::diagnostic::{Diagnostic, MAX_RENDERED, SourceErrors};
use crate::syntax::read::{ReadError, read_source};

/// A text to check, by name: a name ending in `.lgg` is a grammar, any other a scenario.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
pub struct SourceText {
    /// Its name, for its diagnostics (`.lgg` at the end: a grammar).
    pub name: String,
    /// Its text.
    pub text: String,
}

/// The texts to check, in order ([`check_texts`]; [`check_files`] reads them from the disk).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
pub struct CheckRequest {
    /// The texts, in order.
    pub files: Vec<SourceText>,
}

/// How bad a diagnostic is: an error makes the file invalid; a warning (a lint) is on a valid
/// file, and is likely a mistake.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// The file is not valid.
    Error,
    /// A lint of a valid file.
    Warning,
}

/// Where a diagnostic is: its file, its span (byte offsets into the text), and the 1-based line
/// and column (in characters) where the span starts and ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Place {
    /// The file's name, as given.
    pub file: String,
    /// The line where the span starts, 1-based.
    pub line: usize,
    /// The column where the span starts, 1-based, in characters.
    pub column: usize,
    /// The line where the span ends.
    pub end_line: usize,
    /// The column where the span ends (just past its last character).
    pub end_column: usize,
    /// Byte offsets of the span, `[start, end)`.
    pub span: [usize; 2],
}

/// One diagnostic of a checked file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckDiagnostic {
    /// An error or a warning.
    pub severity: Severity,
    /// One line saying what is wrong (cut as `check` cuts it).
    pub message: String,
    /// The text under the caret (may be empty).
    pub label: String,
    /// Hints, each cut as the message is.
    pub notes: Vec<String>,
    /// Where it is.
    #[serde(flatten)]
    pub place: Place,
}

/// What a checked file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    /// A scenario (`.scenario`).
    Scenario,
    /// A grammar (`.lgg`).
    Grammar,
}

/// One file checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckedFile {
    /// Its name, as given.
    pub name: String,
    /// A scenario or a grammar.
    pub kind: SourceKind,
    /// Valid (it may still have warnings).
    pub ok: bool,
    /// Its diagnostics, errors or warnings: the first [`MAX_RENDERED`] of each kind, those the
    /// text shows.
    pub diagnostics: Vec<CheckDiagnostic>,
    /// How many more there are than are listed.
    pub omitted: usize,
}

/// The files checked, and what `lingeo check` prints of them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckResult {
    /// Every file is valid.
    pub ok: bool,
    /// Each file, in order.
    pub files: Vec<CheckedFile>,
    /// The text `lingeo check` prints: each valid file's summary and warnings, then the errors
    /// (on stdout when every file is valid, else all of it on stderr).
    pub output: String,
}

impl CheckResult {
    /// Every file's diagnostics, in order.
    pub fn diagnostics(&self) -> impl Iterator<Item = &CheckDiagnostic> {
        self.files.iter().flat_map(|f| f.diagnostics.iter())
    }

    /// How many diagnostics are not listed, over every file.
    pub fn omitted(&self) -> usize {
        self.files.iter().map(|f| f.omitted).sum()
    }
}

/// One file read and checked, before the report is put together.
enum Checked {
    Grammar(Result<Grammar, GrammarError>),
    /// A scenario with its lints (and its text, which they point into), or why it is not one.
    Scenario(Result<(Box<Scenario>, String, Vec<Diagnostic>), ScenarioFailure>),
}

enum ScenarioFailure {
    /// The text has errors.
    Invalid(SourceErrors),
    /// The file could not be read.
    Unreadable(String),
}

/// Checks texts given by name; nothing is read from the disk (a grammar's imports are of the
/// shipped grammars only).
pub fn check_texts(request: &CheckRequest) -> CheckResult {
    report(request.files.iter().map(|f| {
        let checked = if f.name.ends_with(".lgg") {
            Checked::Grammar(Grammar::parse_without_files(&f.name, &f.text))
        } else {
            Checked::Scenario(lint(&f.name, &f.text))
        };
        (f.name.clone(), checked)
    }))
}

/// Checks files on the disk (a grammar with its imports), named as their paths are written.
pub fn check_files(paths: &[impl AsRef<Path>]) -> CheckResult {
    report(paths.iter().map(|path| {
        let path = path.as_ref();
        let name = path.display().to_string();
        let checked = if path.extension().is_some_and(|e| e == "lgg") {
            Checked::Grammar(Grammar::load(path))
        } else {
            Checked::Scenario(match read_source(path) {
                Ok(text) => lint(&name, &text),
                Err(ReadError::NotUtf8(errors)) => Err(ScenarioFailure::Invalid(errors)),
                Err(other) => Err(ScenarioFailure::Unreadable(format!(
                    "cannot read {name}: {other}"
                ))),
            })
        };
        (name, checked)
    }))
}

fn lint(
    name: &str,
    text: &str,
) -> Result<(Box<Scenario>, String, Vec<Diagnostic>), ScenarioFailure> {
    Scenario::parse_and_lint(name, text)
        .map(|(s, warnings)| (Box::new(s), text.to_string(), warnings))
        .map_err(ScenarioFailure::Invalid)
}

/// The summaries and warnings of the valid files, then the errors.
fn report(files: impl Iterator<Item = (String, Checked)>) -> CheckResult {
    let mut out = String::new();
    let mut errors = String::new();
    let mut checked = Vec::new();
    for (name, file) in files {
        let (kind, ok, diagnostics, omitted) = match file {
            Checked::Grammar(Ok(g)) => {
                out.push_str(&grammar_summary(&name, &g));
                (SourceKind::Grammar, true, Vec::new(), 0)
            }
            Checked::Grammar(Err(GrammarError::Invalid(files))) => {
                let mut placed = Vec::new();
                let mut omitted = 0;
                for f in &files {
                    errors.push_str(&f.render());
                    placed.extend(place_all(
                        Severity::Error,
                        &f.path,
                        &f.source,
                        &f.diagnostics,
                    ));
                    omitted += f.diagnostics.len().saturating_sub(MAX_RENDERED);
                }
                (SourceKind::Grammar, false, placed, omitted)
            }
            Checked::Grammar(Err(e @ GrammarError::Io { .. })) => {
                errors.push_str(&e.render());
                let GrammarError::Io { path, error } = e else {
                    unreachable!("matched as Io")
                };
                let message = format!("cannot read {path}: {error}");
                (
                    SourceKind::Grammar,
                    false,
                    vec![unplaced(&path, message)],
                    0,
                )
            }
            Checked::Scenario(Ok((s, text, warnings))) => {
                out.push_str(&summary(&name, &s));
                if !warnings.is_empty() {
                    out.push_str(&crate::syntax::render_warnings(&name, &text, &warnings));
                }
                let placed = place_all(Severity::Warning, &name, &text, &warnings);
                let omitted = warnings.len().saturating_sub(MAX_RENDERED);
                (SourceKind::Scenario, true, placed, omitted)
            }
            Checked::Scenario(Err(ScenarioFailure::Invalid(e))) => {
                errors.push_str(&e.render());
                let placed = place_all(Severity::Error, &e.path, &e.source, &e.diagnostics);
                let omitted = e.diagnostics.len().saturating_sub(MAX_RENDERED);
                (SourceKind::Scenario, false, placed, omitted)
            }
            Checked::Scenario(Err(ScenarioFailure::Unreadable(message))) => {
                errors.push_str(&format!("error: {message}\n"));
                (
                    SourceKind::Scenario,
                    false,
                    vec![unplaced(&name, message)],
                    0,
                )
            }
        };
        checked.push(CheckedFile {
            name,
            kind,
            ok,
            diagnostics,
            omitted,
        });
    }
    let ok = errors.is_empty();
    out.push_str(&errors);
    CheckResult {
        ok,
        files: checked,
        output: out,
    }
}

/// A file's problem that has no place in its text (it could not be read): at its start.
fn unplaced(file: &str, message: String) -> CheckDiagnostic {
    CheckDiagnostic {
        severity: Severity::Error,
        message,
        label: String::new(),
        notes: Vec::new(),
        place: Place {
            file: file.to_string(),
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            span: [0, 0],
        },
    }
}

/// The diagnostics placed: the first [`MAX_RENDERED`] (those the text shows), their texts cut
/// as it cuts them. A file of a megabyte of stray characters has half a million, each placed
/// by counting from the start of the file: the first are listed, and how many more there are.
fn place_all(
    severity: Severity,
    file: &str,
    source: &str,
    diagnostics: &[Diagnostic],
) -> Vec<CheckDiagnostic> {
    diagnostics
        .iter()
        .take(MAX_RENDERED)
        .map(|d| {
            let (line, column) = line_column(source, d.span.start);
            let (end_line, end_column) = line_column(source, d.span.end);
            CheckDiagnostic {
                severity,
                message: d.shown_message().into_owned(),
                label: d.shown_label().into_owned(),
                notes: d.shown_notes().map(|n| n.into_owned()).collect(),
                place: Place {
                    file: file.to_string(),
                    line,
                    column,
                    end_line,
                    end_column,
                    span: [d.span.start, d.span.end],
                },
            }
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

/// What `check` prints for a valid scenario.
fn summary(path: &str, s: &Scenario) -> String {
    let builtin = crate::piece::chess_types().len();
    let board = &s.board;
    let mut out = format!(
        "{path}: ok\n  board: {} ({} points)\n",
        board.describe(),
        board.len()
    );
    if s.blocking {
        out.push_str("  occupied points block sliders\n");
    }
    let own: Vec<String> = s.types[builtin..]
        .iter()
        .map(|t| {
            if t.never_moves() {
                format!("{} (never moves)", t.name)
            } else {
                t.name.clone()
            }
        })
        .collect();
    if !own.is_empty() {
        out.push_str(&format!("  piece types: {}\n", own.join(", ")));
    }
    for p in &s.pieces {
        out.push_str(&format!(
            "  piece {}: {} {} at {}\n",
            p.name,
            p.side,
            s.types[p.type_index].name,
            board.name(p.at)
        ));
    }
    for g in &s.goals {
        let owner = match &g.owner {
            GoalOwner::Both => "both sides".to_string(),
            GoalOwner::Side(side) => side.to_string(),
            GoalOwner::Piece(i) => s.pieces[*i].name.clone(),
        };
        out.push_str(&format!("  goal {} for {owner}\n", board.name(g.point)));
    }
    if let Some(rules) = &s.game {
        out.push_str(&format!("  game: {}\n", rules_summary(s, rules)));
    }
    out
}

/// The rules of play in one line: `white first, goals immediate, stalemate pass, ...`.
pub fn rules_summary(s: &Scenario, r: &crate::play::rules::Rules) -> String {
    use crate::play::rules::{Deadlock, GoalRule, Stalemate};
    let mut out = format!(
        "{} first, goals {}, stalemate {}, deadlock {}, {}",
        r.first,
        // Under the rules of chess a goal ends nothing (the LG search's targets only).
        match (r.chess.is_some(), r.goals) {
            (true, _) => "end nothing",
            (false, GoalRule::Immediate) => "immediate",
            (false, GoalRule::Survive) => "survive",
        },
        match r.stalemate {
            Stalemate::Pass => "pass",
            Stalemate::Draw => "draw",
            Stalemate::Lose => "lose",
        },
        match r.deadlock {
            Deadlock::Count => "count",
            Deadlock::Draw => "draw",
        },
        // `rules chess` without a `limit` line has none.
        match r.limit {
            u32::MAX => "no limit".to_string(),
            n => format!("limit {n}"),
        }
    );
    for (word, types) in [("safe", &r.safe), ("royal", &r.royal)] {
        for &t in types {
            out.push_str(&format!(", {word} {}", s.types[t].name));
        }
    }
    if let Some(chess) = &r.chess {
        out.push_str(&format!(", rules chess, castling {}", chess.castling.fen()));
    }
    if let Some(t) = r.place {
        out.push_str(&format!(", place {}", s.types[t].name));
    }
    if r.compulsory_capture {
        out.push_str(", capture compulsory");
    }
    out
}

/// What `check` prints for a valid grammar.
fn grammar_summary(path: &str, g: &Grammar) -> String {
    let p = &g.program;
    let start = &p.symbols[p.start.symbol as usize].name;
    let params: Vec<String> = p
        .start
        .params
        .iter()
        .map(|&i| {
            format!(
                "{}: {}",
                p.globals[i as usize].name,
                p.globals[i as usize].ty.display(&p.enum_names)
            )
        })
        .collect();
    let inputs: Vec<String> = g
        .inputs()
        .iter()
        .map(|(n, t)| format!("{n}: {}", t.display(&p.enum_names)))
        .collect();
    let labels: Vec<&str> = p.rows.iter().map(|r| r.label.as_str()).collect();
    let mut out = format!(
        "{path}: ok\n  grammar {}: start {start}({})\n",
        p.name,
        params.join(", ")
    );
    if !inputs.is_empty() {
        out.push_str(&format!("  inputs: {}\n", inputs.join(", ")));
    }
    out.push_str(&format!("  productions: {}\n", labels.join(", ")));
    for i in &p.imports {
        out.push_str(&format!("  imports {} ({})\n", i.name, i.program.path));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(name: &str, text: &str) -> SourceText {
        SourceText {
            name: name.into(),
            text: text.into(),
        }
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\nçd\n";
        assert_eq!(line_column(text, 0), (1, 1));
        assert_eq!(line_column(text, 3), (2, 1));
        assert_eq!(line_column(text, 5), (2, 2));
        assert_eq!(line_column(text, 4), (2, 1));
        assert_eq!(line_column(text, 99), (3, 1));
    }

    #[test]
    fn an_error_has_its_place_and_severity() {
        let result = check_texts(&CheckRequest {
            files: vec![text("bad.scenario", "board 8x8\nwhite kong at a1\n")],
        });
        assert!(!result.ok);
        let d: Vec<_> = result.diagnostics().collect();
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].severity, Severity::Error);
        assert_eq!((d[0].place.line, d[0].place.column), (2, 7));
        assert_eq!(d[0].place.file, "bad.scenario");
        assert!(
            result.output.contains("bad.scenario:2:7"),
            "{}",
            result.output
        );
    }

    #[test]
    fn a_lint_is_a_warning_on_a_valid_file() {
        let source = "board 6x6\ntype ROBOT {\n  value 3\n}\nwhite ROBOT at a1\nblack pawn at f1\n";
        let result = check_texts(&CheckRequest {
            files: vec![text("immobile.scenario", source)],
        });
        assert!(result.ok, "{}", result.output);
        assert!(result.files[0].ok);
        let d: Vec<_> = result.diagnostics().collect();
        assert!(!d.is_empty(), "{}", result.output);
        assert!(d.iter().all(|d| d.severity == Severity::Warning));
        // The warning is placed where the text shows it.
        let shown = format!(
            "immobile.scenario:{}:{}",
            d[0].place.line, d[0].place.column
        );
        assert!(
            result.output.contains(&shown),
            "{shown} in {}",
            result.output
        );
        assert!(result.output.starts_with("immobile.scenario: ok\n"));
    }
}
