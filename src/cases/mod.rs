//! Case files for `lingeo test` (docs/testing-grammars.md): one case a line, `name | arguments`,
//! or `name | arguments || arguments` for an agreement case, whose two command lines must print
//! the same. Blank lines and `#` comments are allowed. The arguments are a lingeo command line
//! without the program name; this module splits them and checks the line's shape, the command
//! names included, but knows nothing of the commands themselves (the CLI runs them).
//!
//! Every mistake of a file is reported at once, as diagnostics with their line and column.

pub mod diff;
pub mod inside;
pub mod run;
pub mod snapshot;
pub mod words;

use std::path::{Component, Path, PathBuf};

use crate::syntax::{Diagnostic, SourceErrors, Span, suggest};
use words::Token;

/// A parsed case file.
#[derive(Clone, Debug)]
pub struct CaseFile {
    /// The file's path, as given.
    pub path: PathBuf,
    /// Its text, for diagnostics about its lines found later (the CLI checks each command
    /// line's arguments).
    pub source: String,
    /// Its cases, in file order.
    pub cases: Vec<Case>,
}

/// One case: a name and one command line, or two that must agree.
#[derive(Clone, Debug)]
pub struct Case {
    /// The case's name, unique in its file.
    pub name: String,
    /// The case's line (1-based).
    pub line: usize,
    /// One command line (a snapshot case) or two (an agreement case).
    pub commands: Vec<CommandLine>,
}

/// A lingeo command line without the program name.
#[derive(Clone, Debug)]
pub struct CommandLine {
    /// The arguments, split as a shell would (quotes removed).
    pub words: Vec<String>,
    /// Where it is written in the file (byte offsets), for diagnostics.
    pub span: Span,
}

impl CommandLine {
    /// The line as it could be typed again: words with spaces or quotes get single quotes.
    pub fn display(&self) -> String {
        let quote = |w: &String| {
            if !w.is_empty()
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || "-_./:=,@+%()".contains(c))
            {
                w.clone()
            } else {
                format!("'{}'", w.replace('\'', r"'\''"))
            }
        };
        self.words.iter().map(quote).collect::<Vec<_>>().join(" ")
    }
}

/// A case file that cannot be read as one.
#[derive(Debug, thiserror::Error)]
pub enum CaseFileError {
    /// A name whose stem gives the snapshots no folder of their own (`...cases`).
    #[error(
        "{path}: the case file's name gives its snapshots no folder of their own \
         (snapshots/{stem}/); rename it (`NAME.cases`, NAME not `.` or `..`)"
    )]
    Name {
        /// The path as given.
        path: String,
        /// Its stem.
        stem: String,
    },
    /// The file could not be read.
    #[error("{path}: {message}")]
    Io {
        /// The path as given.
        path: String,
        /// What the system said.
        message: String,
    },
    /// The file is not UTF-8: a diagnostic at the first invalid byte (rendered with its place).
    #[error("{}", .0.render())]
    NotUtf8(crate::syntax::diagnostic::SourceErrors),
}

impl CaseFile {
    /// Reads and parses the case file at `path`; `commands` are the command names a case may
    /// run. The cases that parsed come with the mistakes of the lines that did not, so that a
    /// caller can check the good lines further and report everything at once; a file that
    /// cannot be read is an error (rendered).
    pub fn load(
        path: &Path,
        commands: &[&str],
    ) -> Result<(CaseFile, Vec<Diagnostic>), CaseFileError> {
        // `...cases` has the stem `..`: its snapshots would be the case folder's own files.
        let stem = path.file_stem().map(Path::new);
        if !stem.is_some_and(|s| {
            matches!(
                s.components().collect::<Vec<_>>()[..],
                [Component::Normal(_)]
            )
        }) {
            return Err(CaseFileError::Name {
                path: path.display().to_string(),
                stem: stem.unwrap_or(Path::new("")).display().to_string(),
            });
        }
        let text = crate::syntax::read_source(path).map_err(|e| match e {
            crate::syntax::ReadError::Io(e) => CaseFileError::Io {
                path: path.display().to_string(),
                message: e.to_string(),
            },
            crate::syntax::ReadError::NotUtf8(e) => CaseFileError::NotUtf8(e),
        })?;
        let (cases, errors) = parse_all(&text, commands);
        let file = CaseFile {
            path: path.to_path_buf(),
            source: text,
            cases,
        };
        Ok((file, errors))
    }

    /// The snapshot of the case `name`: `snapshots/<stem>/<name>.txt` beside the file.
    pub fn snapshot_path(&self, name: &str) -> PathBuf {
        self.dir().join(self.snapshot_in_folder(name))
    }

    /// The snapshot of the case `name` from the case file's folder: `snapshots/<stem>/<name>.txt`.
    pub fn snapshot_in_folder(&self, name: &str) -> PathBuf {
        let stem = self.path.file_stem().unwrap_or_default();
        Path::new("snapshots")
            .join(stem)
            .join(format!("{name}.txt"))
    }

    /// The folder the case file's relative paths start from.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new(""))
    }
}

/// Parses the text of a case file named `path`, collecting every mistake.
pub fn parse(path: &str, text: &str, commands: &[&str]) -> Result<Vec<Case>, SourceErrors> {
    let (cases, errors) = parse_all(text, commands);
    if errors.is_empty() {
        Ok(cases)
    } else {
        Err(SourceErrors {
            path: path.to_string(),
            source: text.to_string(),
            diagnostics: errors,
        })
    }
}

/// The cases of the lines that parse, and the mistakes of those that do not.
fn parse_all(text: &str, commands: &[&str]) -> (Vec<Case>, Vec<Diagnostic>) {
    let mut cases: Vec<Case> = Vec::new();
    let mut names: Vec<Span> = Vec::new();
    let mut errors = Vec::new();
    let mut offset = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let start = offset;
        offset += line.len();
        let line = line.trim_end_matches(['\n', '\r']);
        let body = line.trim_start();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        match parse_line(line, start, commands) {
            Ok((name, name_span, commands)) => {
                if let Some(first) = cases.iter().position(|c| c.name == name) {
                    errors.push(
                        Diagnostic::new(format!("case `{name}` is defined twice"), name_span)
                            .with_label("second definition")
                            .with_related(names[first].clone(), "first definition")
                            .with_note("each case has its own snapshot, named after it"),
                    );
                    continue;
                }
                names.push(name_span);
                cases.push(Case {
                    name,
                    line: i + 1,
                    commands,
                });
            }
            Err(mut e) => errors.append(&mut e),
        }
    }
    (cases, errors)
}

/// The words of one command line of a case, and the `||` before it (none for the first).
type Side = (Vec<(String, Span)>, Option<Span>);

/// One case line (at byte `start` of the file): its name, the name's span, its command lines.
fn parse_line(
    line: &str,
    start: usize,
    known: &[&str],
) -> Result<(String, Span, Vec<CommandLine>), Vec<Diagnostic>> {
    let Some(bar) = line.find('|') else {
        let text = line.trim();
        let at = start + line.len() - line.trim_start().len();
        return Err(vec![
            Diagnostic::new("a case line is `name | arguments`", at..at + text.len())
                .with_label("no `|` on this line"),
        ]);
    };
    let mut errors = Vec::new();
    let raw_name = &line[..bar];
    let name = raw_name.trim();
    let name_at = start + (raw_name.len() - raw_name.trim_start().len());
    let name_span = name_at..name_at + name.len();
    if name.is_empty() {
        errors.push(
            Diagnostic::new(
                "a case needs a name before the `|`",
                start + bar..start + bar + 1,
            )
            .with_label("no name before this"),
        );
    } else if let Some(bad) = name
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || "-_.".contains(c)))
        .or_else(|| name.starts_with('.').then_some('.'))
    {
        errors.push(
            Diagnostic::new(format!("case name `{name}` has `{bad}`"), name_span.clone())
                .with_label("not a snapshot file name")
                .with_note("names are letters, digits, `-`, `_` and `.` (not first): the snapshot is snapshots/<file>/<name>.txt"),
        );
    }
    let rest = &line[bar + 1..];
    let tokens = match words::split(rest, start + bar + 1) {
        Ok(t) => t,
        Err(e) => {
            errors.push(e);
            return Err(errors);
        }
    };
    // Command lines separated by `||`.
    let mut sides: Vec<Side> = vec![(Vec::new(), None)];
    for token in tokens {
        match token {
            Token::Word(w, span) => sides.last_mut().expect("one side").0.push((w, span)),
            Token::Or(span) => sides.push((Vec::new(), Some(span))),
            Token::Bar(span) => errors.push(
                Diagnostic::new("a `|` in the arguments", span)
                    .with_label("quote it, or write `||` for an agreement case"),
            ),
        }
    }
    if sides.len() > 2 {
        let span = sides[2].1.clone().expect("a later side follows a `||`");
        errors.push(
            Diagnostic::new("a case has at most two command lines", span)
                .with_label("a second `||`"),
        );
    }
    let mut commands = Vec::new();
    for (words, or) in sides.iter().take(2) {
        let Some((first, first_span)) = words.first() else {
            let span = or.clone().unwrap_or(start + bar..start + bar + 1);
            errors.push(
                Diagnostic::new("no command after this", span)
                    .with_label("expected a lingeo command line, such as `run FILE --start ...`"),
            );
            continue;
        };
        if !known.contains(&first.as_str()) {
            let mut d = Diagnostic::new(format!("unknown command `{first}`"), first_span.clone())
                .with_label("not a lingeo command a case can run");
            if let Some(near) = suggest::closest(first, known.iter().copied()) {
                d = d.with_note(format!("did you mean `{near}`?"));
            }
            errors.push(d.with_note(format!("the commands: {}", known.join(", "))));
        }
        let span = first_span.start..words.last().expect("not empty").1.end;
        commands.push(CommandLine {
            words: words.iter().map(|(w, _)| w.clone()).collect(),
            span,
        });
    }
    if errors.is_empty() {
        Ok((name.to_string(), name_span, commands))
    } else {
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KNOWN: &[&str] = &["run", "zones"];

    #[test]
    fn cases_comments_and_agreement() {
        let text = "# a comment\n\nhanoi | run hanoi.lgg --start 'S(3, a, c)'\n  two|zones a || zones b # why\n";
        let cases = parse("t.cases", text, KNOWN).unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].name, "hanoi");
        assert_eq!(cases[0].line, 3);
        assert_eq!(
            cases[0].commands[0].words,
            ["run", "hanoi.lgg", "--start", "S(3, a, c)"]
        );
        assert_eq!(cases[1].commands.len(), 2);
        assert_eq!(cases[1].commands[1].words, ["zones", "b"]);
        assert_eq!(&text[cases[1].commands[1].span.clone()], "zones b");
        assert_eq!(
            cases[0].commands[0].display(),
            "run hanoi.lgg --start 'S(3, a, c)'"
        );
    }

    #[test]
    fn every_mistake_is_reported_with_its_place() {
        let text = "ok | run x\nno bar here\n | run x\nok | zones y\nq | runn x\nw | run 'x\nv | run a | b\nu | run a || zones b || run c\nt | run a ||\nbad/name | run x\n";
        let e = parse("t.cases", text, KNOWN).unwrap_err();
        let messages: Vec<&str> = e.diagnostics.iter().map(|d| d.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "a case line is `name | arguments`",
                "a case needs a name before the `|`",
                "case `ok` is defined twice",
                "unknown command `runn`",
                "unterminated quote",
                "a `|` in the arguments",
                "a case has at most two command lines",
                "no command after this",
                "case name `bad/name` has `/`",
            ]
        );
        let rendered = e.render();
        assert!(rendered.contains("t.cases:2:1"), "{rendered}");
        assert!(rendered.contains("t.cases:5:5"), "{rendered}");
        assert!(rendered.contains("did you mean `run`?"), "{rendered}");
    }
}
