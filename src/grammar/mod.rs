//! Controlled grammars as files (docs/semantics.md §3): the language, its checker and its
//! interpreter.
//!
//! Text flows lexer → parser ([`ast`], spans on every node) → checker ([`check`]: names
//! resolved, types checked, all errors at once) → [`ir::Program`] → derivation ([`mod@derive`])
//! over a [`world::World`] (board, distance kernel, pieces).

pub mod ast;
pub mod builtin;
pub mod check;
pub mod compile;
pub mod derive;
pub mod dump;
pub mod eval;
pub mod forest;
pub mod form;
pub mod inline;
pub mod input_error;
pub mod ir;
pub mod lexer;
pub mod list;
pub mod narrow;
pub mod parser;
mod point_plan;
pub mod print;
pub mod spare;
pub mod stream;
pub mod table;
pub mod tail;
pub mod trace;
pub mod tuples;
pub mod types;
pub mod value;
pub mod vars;
pub mod visit;
pub mod world;

use std::path::{Path, PathBuf};
use std::rc::Rc;

use crate::board::{Point, split_outside_parentheses};
use crate::piece::Side;
use crate::syntax::{Diagnostic, ReadError, SourceErrors, Span, read_source};
pub use derive::{Sentence, Strategy, Sym};
pub use eval::{Limit, Limits, RunError, Shared};
pub use input_error::{Given, InputError, ValueError};
use ir::Program;
pub use stream::Stream;
pub use trace::{Assignment, TraceEvent, Tracer};
use types::Type;
use value::Value;
use world::World;

/// A checked grammar, with the grammars it imports.
#[derive(Clone, Debug)]
pub struct Grammar {
    /// The checked program of the grammar, its imports linked in.
    pub program: Rc<Program>,
}

/// Why a grammar file could not be loaded: its errors and those of the files it imports.
#[derive(Debug)]
pub enum GrammarError {
    /// A file could not be read.
    Io {
        /// The file, as it was named.
        path: String,
        /// Why reading it failed.
        error: std::io::Error,
    },
    /// The files were read but are not valid grammars: every file's errors.
    Invalid(Vec<SourceErrors>),
}

impl GrammarError {
    /// The error as the CLI prints it: every diagnostic with its source line, or the I/O failure.
    pub fn render(&self) -> String {
        match self {
            GrammarError::Io { path, error } => format!("error: cannot read {path}: {error}\n"),
            GrammarError::Invalid(files) => files.iter().map(SourceErrors::render).collect(),
        }
    }
}

impl std::fmt::Display for GrammarError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render())
    }
}

impl std::error::Error for GrammarError {}

impl Grammar {
    /// Loads a grammar file; imports are read relative to its folder.
    pub fn load(path: &Path) -> Result<Grammar, GrammarError> {
        let source = read_source(path).map_err(|e| match e {
            ReadError::Io(error) => GrammarError::Io {
                path: path.display().to_string(),
                error,
            },
            ReadError::NotUtf8(errors) => GrammarError::Invalid(vec![errors]),
        })?;
        Grammar::parse(&path.display().to_string(), &source)
    }

    /// Checks grammar text; `path` names it in messages and locates its imports.
    pub fn parse(path: &str, source: &str) -> Result<Grammar, GrammarError> {
        Loader::load(Path::new(path), source, false)
    }

    /// Checks grammar text without reading any file: an import names one of the shipped
    /// grammars by its file name (`import G1 = "shortest-trajectories.lgg"`) and is read from
    /// the built-in copy; any other import is an error. For text from anywhere (the fuzz
    /// targets), which must not make lingeo read `/dev/zero`.
    pub fn parse_without_files(path: &str, source: &str) -> Result<Grammar, GrammarError> {
        Loader::load(Path::new(path), source, true)
    }

    /// One of the grammars shipped in `grammars/` (built into the binary, so that it runs from
    /// any folder): `hanoi`, `shortest-trajectories`, `admissible-trajectories`,
    /// `admissible-trajectories-s06`, `zones`, `zones-filtered`, `search`.
    pub fn shipped(name: &str) -> Result<Grammar, GrammarError> {
        let file = format!("{name}.lgg");
        let Some((_, source)) = SHIPPED.iter().find(|(f, _)| *f == file) else {
            let names: Vec<&str> = SHIPPED
                .iter()
                .map(|(f, _)| f.trim_end_matches(".lgg"))
                .collect();
            return Err(GrammarError::Io {
                path: format!("grammars/{file}"),
                error: std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    format!(
                        "no shipped grammar `{name}` (shipped: {})",
                        names.join(", ")
                    ),
                ),
            });
        };
        Loader::load(&Path::new("grammars").join(&file), source, true)
    }

    /// The grammar's name, as its `grammar` header gives it.
    pub fn name(&self) -> &str {
        &self.program.name
    }

    /// The types of the start parameters, for reading a start such as `S(h8, c6, 6)`.
    pub fn start_types(&self) -> Vec<Type> {
        self.program
            .start
            .params
            .iter()
            .map(|&g| self.program.globals[g as usize].ty.clone())
            .collect()
    }

    /// The inputs: (name, type).
    pub fn inputs(&self) -> Vec<(String, Type)> {
        self.program
            .inputs
            .iter()
            .map(|&g| {
                let g = &self.program.globals[g as usize];
                (g.name.clone(), g.ty.clone())
            })
            .collect()
    }

    /// Reads a start string such as `S(h8, c6, 6)` against the start symbol's parameters.
    pub fn parse_start(&self, world: &mut World<'_>, text: &str) -> Result<Vec<Value>, InputError> {
        let program = &self.program;
        let symbol = &program.symbols[program.start.symbol as usize].name;
        let text = text.trim();
        // `S` alone is `S()`, as in grammar files.
        let inner = text
            .strip_prefix(symbol.as_str())
            .map(str::trim_start)
            .and_then(|t| {
                if t.is_empty() {
                    Some("")
                } else {
                    t.strip_prefix('(').and_then(|t| t.strip_suffix(')'))
                }
            })
            .ok_or_else(|| {
                InputError::new(
                    Given::Start,
                    format!(
                        "expected `{symbol}(...)`, the start symbol of `{}`, found `{text}`",
                        program.name
                    ),
                )
            })?;
        let types = self.start_types();
        let args = split_outside_parentheses(inner);
        if args.len() != types.len() {
            let names: Vec<String> = program
                .start
                .params
                .iter()
                .map(|&g| {
                    let g = &program.globals[g as usize];
                    format!("{}: {}", g.name, g.ty.display(&program.enum_names))
                })
                .collect();
            let plural = if types.len() == 1 { "" } else { "s" };
            return Err(InputError::new(
                Given::Start,
                format!(
                    "`{symbol}` takes {} argument{plural} ({}), found {}",
                    types.len(),
                    names.join(", "),
                    args.len()
                ),
            ));
        }
        args.iter()
            .zip(&types)
            .zip(&program.start.params)
            .enumerate()
            .map(|(k, ((a, t), &g))| {
                self.parse_value(world, t, a).map_err(|e| {
                    let g = &program.globals[g as usize];
                    InputError::new(
                        Given::Start,
                        format!(
                            "argument {} ({}: {}): {e}",
                            k + 1,
                            g.name,
                            t.display(&program.enum_names)
                        ),
                    )
                })
            })
            .collect()
    }

    /// Reads one value of type `ty` from its text (`3`, `true`, `h8`, `pawn:black`, `(a, 2)`).
    pub fn parse_value(
        &self,
        world: &mut World<'_>,
        ty: &Type,
        text: &str,
    ) -> Result<Value, ValueError> {
        let text = text.trim();
        let program = &self.program;
        match ty {
            Type::Int => text
                .parse()
                .map(Value::Int)
                .map_err(|_| ValueError::NotInt(text.to_string())),
            Type::Bool => match text {
                "true" => Ok(Value::Bool(true)),
                "false" => Ok(Value::Bool(false)),
                _ => Err(ValueError::NotBool(text.to_string())),
            },
            Type::Point => world
                .board()
                .parse_point(text)
                .map(Value::Point)
                .map_err(ValueError::Point),
            // A placed piece's name, or a type with an optional side: `king`, `pawn:black`.
            Type::Piece => {
                let (name, side) = match text.split_once(':') {
                    Some((name, side)) => {
                        let side = Side::parse(side.trim())
                            .ok_or_else(|| ValueError::NotSide(side.to_string()))?;
                        (name.trim(), Some(side))
                    }
                    None => (text, None),
                };
                Ok(world.piece(name, side).map(Value::Piece)?)
            }
            Type::Enum(e) => program.enum_values[*e]
                .iter()
                .position(|v| v == text)
                .map(|i| Value::Enum(*e as u16, i as u16))
                .ok_or_else(|| ValueError::NotEnum {
                    text: text.to_string(),
                    values: program.enum_values[*e].join(", "),
                }),
            Type::Tuple(parts) => {
                let inner = text
                    .strip_prefix('(')
                    .and_then(|t| t.strip_suffix(')'))
                    .ok_or_else(|| ValueError::NotTuple(text.to_string()))?;
                let items = split_outside_parentheses(inner);
                if items.len() != parts.len() {
                    return Err(ValueError::TupleLength {
                        count: parts.len(),
                        text: text.to_string(),
                    });
                }
                let values: Result<Vec<Value>, ValueError> = items
                    .iter()
                    .zip(parts)
                    .map(|(i, t)| self.parse_value(world, t, i))
                    .collect();
                Ok(Value::Tuple(values?.into()))
            }
            other => Err(ValueError::NotText(
                other.display(&program.enum_names).to_string(),
            )),
        }
    }

    /// Binds the inputs from `name=value` texts; a piece input may also come from `piece`
    /// (a placed piece's name or a type, with an optional side).
    pub fn bind_inputs(
        &self,
        world: &mut World<'_>,
        given: &[(String, String)],
        piece: Option<(&str, Option<Side>)>,
    ) -> Result<Vec<Value>, InputError> {
        let inputs = self.inputs();
        let mut values = Vec::with_capacity(inputs.len());
        let piece_inputs: Vec<&String> = inputs
            .iter()
            .filter(|(_, t)| *t == Type::Piece)
            .map(|(n, _)| n)
            .collect();
        for (name, _) in given {
            if !inputs.iter().any(|(n, _)| n == name) {
                let names: Vec<&str> = inputs.iter().map(|(n, _)| n.as_str()).collect();
                return Err(InputError::new(
                    Given::Input(name.clone()),
                    format!(
                        "`{}` has no input `{name}` ({})",
                        self.program.name,
                        if names.is_empty() {
                            "it has no inputs".to_string()
                        } else {
                            format!("its inputs: {}", names.join(", "))
                        }
                    ),
                ));
            }
        }
        for (name, ty) in &inputs {
            let text = given
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str());
            let value = match (text, ty, piece) {
                (Some(t), _, _) => self
                    .parse_value(world, ty, t)
                    .map_err(|e| InputError::new(Given::Input(name.clone()), e.to_string()))?,
                (None, Type::Piece, Some((p, side))) if piece_inputs.len() == 1 => world
                    .piece(p, side)
                    .map(Value::Piece)
                    .map_err(|e| InputError::new(Given::Piece, e.to_string()))?,
                (None, Type::Piece, _) if piece_inputs.len() == 1 => {
                    return Err(InputError::new(
                        Given::NoPiece(name.clone()),
                        format!(
                            "`{}` needs a piece for its input `{name}`",
                            self.program.name
                        ),
                    ));
                }
                (None, Type::Piece, _) => {
                    let names: Vec<&str> = piece_inputs.iter().map(|n| n.as_str()).collect();
                    return Err(InputError::new(
                        Given::NoPieces,
                        format!(
                            "`{}` has {} piece inputs ({})",
                            self.program.name,
                            names.len(),
                            names.join(", ")
                        ),
                    ));
                }
                (None, _, _) => {
                    return Err(InputError::new(
                        Given::NoValue(name.clone()),
                        format!(
                            "`{}` needs a value for its input `{name}`",
                            self.program.name
                        ),
                    ));
                }
            };
            values.push(value);
        }
        Ok(values)
    }

    /// Derives the language: every sentence, sorted and without duplicates. States met again
    /// are explored once ([`Strategy::Tabled`]), except in a traced run, which shows every step.
    pub fn derive(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        start: &[Value],
        limits: Limits,
        trace: Option<&mut dyn Tracer>,
    ) -> Result<Language, RunError> {
        self.derive_stream(world, inputs, start, limits, trace)
            .map(Language::from)
    }

    /// [`Grammar::derive`] as a [`Stream`]: the same sentences in the same order, read off the
    /// derivation table one at a time, for a caller that counts, prints or takes the first
    /// few of them without a vector of every sentence.
    pub fn derive_stream(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        start: &[Value],
        limits: Limits,
        trace: Option<&mut dyn Tracer>,
    ) -> Result<Stream, RunError> {
        let shared = Shared::new(world, limits);
        derive::run(
            &shared,
            &self.program,
            inputs,
            start,
            trace,
            Strategy::Tabled,
        )
    }

    /// The tabled derivation as a shared forest ([`forest`]), without listing its sentences:
    /// its count and what a reader of the sentences records come from the forest. The limits
    /// on steps and memory apply; the cap on sentences does not.
    pub fn forest(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        start: &[Value],
        limits: Limits,
    ) -> Result<forest::Forest, RunError> {
        let shared = Shared::new(world, limits);
        derive::forest(&shared, &self.program, inputs, start)
    }

    /// [`Grammar::derive`] without a trace, exploring the choices by `strategy` (both give
    /// the same language; [`Strategy::Plain`] takes every step of every derivation).
    pub fn derive_with(
        &self,
        world: &World<'_>,
        inputs: &[Value],
        start: &[Value],
        limits: Limits,
        strategy: Strategy,
    ) -> Result<Language, RunError> {
        let shared = Shared::new(world, limits);
        derive::run(&shared, &self.program, inputs, start, None, strategy).map(Language::from)
    }

    /// How sentences print: point names, piece names, enum values.
    pub fn show_sentence(&self, world: &World<'_>, sentence: &[Sym]) -> String {
        world.with_names(&self.program.enum_values, |names| {
            derive::show_form(names, &self.program, sentence.iter())
        })
    }

    /// Sentences as [`Grammar::show_sentence`] prints them, a line each, appended to `out`: the
    /// names are gathered once for the whole language.
    pub fn write_sentences(&self, world: &World<'_>, sentences: &[Sentence], out: &mut String) {
        world.with_names(&self.program.enum_values, |names| {
            print::write_sentences(names, &self.program, sentences, out)
        })
    }

    /// [`Grammar::write_sentences`] of a [`Stream`]: the same text, with no sentence built.
    pub fn write_stream(&self, world: &World<'_>, stream: &Stream, out: &mut String) {
        world.with_names(&self.program.enum_values, |names| {
            print::write_stream(names, &self.program, stream, out)
        })
    }
}

/// A derived language.
#[derive(Clone, Debug)]
pub struct Language {
    /// The sentences derived, sorted by symbols and without repeats (see [`mod@derive`]).
    pub sentences: Vec<Sentence>,
    /// Derivation steps taken (with imported grammars).
    pub steps: u64,
}

impl From<Stream> for Language {
    fn from(stream: Stream) -> Language {
        let steps = stream.steps();
        Language {
            sentences: stream.into_vec(),
            steps,
        }
    }
}

impl Language {
    /// The sentences as trajectories, when every terminal carries one point (`a(x)`).
    pub fn trajectories(&self) -> Option<Vec<Vec<Point>>> {
        self.sentences
            .iter()
            .map(|s| {
                s.iter()
                    .map(|sym| match sym.args.as_ref() {
                        [Value::Point(p)] => Some(*p),
                        _ => None,
                    })
                    .collect()
            })
            .collect()
    }
}

/// The grammars of `grammars/`, built in: `zones --engine grammar` runs them, and an import
/// names them from anywhere.
const SHIPPED: &[(&str, &str)] = &[
    ("hanoi.lgg", include_str!("../../grammars/hanoi.lgg")),
    (
        "shortest-trajectories.lgg",
        include_str!("../../grammars/shortest-trajectories.lgg"),
    ),
    (
        "admissible-trajectories.lgg",
        include_str!("../../grammars/admissible-trajectories.lgg"),
    ),
    (
        "admissible-trajectories-s06.lgg",
        include_str!("../../grammars/admissible-trajectories-s06.lgg"),
    ),
    ("zones.lgg", include_str!("../../grammars/zones.lgg")),
    (
        "zones-filtered.lgg",
        include_str!("../../grammars/zones-filtered.lgg"),
    ),
    ("search.lgg", include_str!("../../grammars/search.lgg")),
];

/// Where an imported grammar found among the built-in ones is said to come from (it is not
/// read from there).
const BUILT_IN: &str = "<built-in>";

/// The built-in grammar of this file name, if `written` is a bare name such as
/// `shortest-trajectories.lgg`.
fn built_in(written: &str) -> Option<&'static str> {
    SHIPPED
        .iter()
        .find(|(f, _)| Path::new(written) == Path::new(f))
        .map(|(_, text)| *text)
}

/// Reads grammar files and their imports, detecting import cycles.
struct Loader {
    stack: Vec<PathBuf>,
    errors: Vec<SourceErrors>,
}

impl Loader {
    /// The checked grammar of `source` (named `path`), or every error of it and its imports;
    /// `built_in` as for [`Loader::program`].
    fn load(path: &Path, source: &str, built_in: bool) -> Result<Grammar, GrammarError> {
        let mut loader = Loader {
            stack: Vec::new(),
            errors: Vec::new(),
        };
        match loader.program(path, source, built_in) {
            Some(program) if loader.errors.is_empty() => Ok(Grammar { program }),
            _ => Err(GrammarError::Invalid(loader.errors)),
        }
    }

    /// Checks the grammar `source` read from `path`; a `built_in` grammar imports only built-in
    /// grammars, any other file first relative to its folder and then among the built-in ones.
    fn program(&mut self, path: &Path, source: &str, built_in: bool) -> Option<Rc<Program>> {
        let name = path.display().to_string();
        let fail = |diagnostics: Vec<Diagnostic>| SourceErrors {
            path: name.clone(),
            source: source.to_string(),
            diagnostics,
        };
        let (ast, mut syntax) = parser::parse(source);
        // The items that parsed are checked even when others did not, so that a file's
        // mistakes are reported together; the names of the broken items are not reported
        // again (see `ast::Broken`).
        self.stack.push(normalise(path));
        let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let mut import = |written: &str, span: &Span| self.import(&dir, written, span, built_in);
        let result = check::check(&ast, &name, &mut import);
        self.stack.pop();
        if !syntax.is_empty() {
            if let Err(checked) = result {
                syntax.extend(checked);
                syntax.sort_by_key(|d| d.span.start);
            }
            self.errors.push(fail(syntax));
            return None;
        }
        match result {
            Ok(mut program) => {
                inline::inline_small_functions(&mut program);
                narrow::narrow_comprehensions(&mut program);
                program.source = Rc::from(source);
                Some(Rc::new(program))
            }
            Err(diagnostics) => {
                self.errors.push(fail(diagnostics));
                None
            }
        }
    }

    /// The grammar imported as `written` by a file in `dir`: the file `dir/written` if there is
    /// one, else the built-in grammar of that name (a built-in importer only looks there).
    fn import(
        &mut self,
        dir: &Path,
        written: &str,
        span: &Span,
        from_built_in: bool,
    ) -> Result<Rc<Program>, Diagnostic> {
        let near = dir.join(written);
        let (path, source, is_built_in) = if from_built_in {
            let text = built_in(written).ok_or_else(|| not_found(written, &near, span, true))?;
            (near, text.to_string(), true)
        } else {
            match read_source(&near) {
                Ok(text) => (near, text, false),
                Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                    let text =
                        built_in(written).ok_or_else(|| not_found(written, &near, span, false))?;
                    (Path::new(BUILT_IN).join(written), text.to_string(), true)
                }
                Err(ReadError::Io(e)) => {
                    return Err(Diagnostic::new(
                        format!("cannot read `{}`: {e}", near.display()),
                        span.clone(),
                    )
                    .with_label("imported here"));
                }
                Err(ReadError::NotUtf8(errors)) => {
                    self.errors.push(errors);
                    return Err(has_errors(written, span));
                }
            }
        };
        if self.stack.contains(&normalise(&path)) {
            return Err(Diagnostic::new(
                format!("`{written}` imports itself (an import cycle)"),
                span.clone(),
            )
            .with_label("cycle"));
        }
        self.program(&path, &source, is_built_in)
            .ok_or_else(|| has_errors(written, span))
    }
}

/// The error at an import found neither next to the importing file nor among the built-in
/// grammars: where it was looked for.
fn not_found(written: &str, near: &Path, span: &Span, from_built_in: bool) -> Diagnostic {
    let names: Vec<&str> = SHIPPED.iter().map(|(f, _)| *f).collect();
    let names = names.join(", ");
    let note = if from_built_in {
        format!("only built-in grammars are imported here (no file is read): {names}")
    } else if Path::new(written).components().count() == 1 {
        format!(
            "looked for `{}` (relative to the importing file), then for a built-in grammar of that name: {names}",
            near.display()
        )
    } else {
        format!(
            "looked for `{}` (relative to the importing file); only a bare file name is also looked for among the built-in grammars: {names}",
            near.display()
        )
    };
    Diagnostic::new(format!("cannot find the grammar `{written}`"), span.clone())
        .with_label("imported here")
        .with_note(note)
}

/// The error at an import whose file has errors of its own, which are reported for that file.
fn has_errors(written: &str, span: &Span) -> Diagnostic {
    Diagnostic::new(
        format!("`{written}` has errors (reported for that file)"),
        span.clone(),
    )
    .with_label("imported here")
}

fn normalise(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    const IMPORTING: &str = "start S(x0: point)
import G1 = \"IMPORT\"
terminal a(x: point)
nonterminal S(x: point)
productions
  1 | true | S(x) -> a(x) | | {} | {}
";

    #[test]
    fn without_files_imports_only_the_shipped_grammars() {
        let shipped = IMPORTING.replace("IMPORT", "shortest-trajectories.lgg");
        let g = Grammar::parse_without_files("fuzz.lgg", &shipped).expect("a shipped import");
        assert_eq!(g.program.imports.len(), 1);
        // A file that exists is not read.
        let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/grammars/hanoi.lgg");
        for written in [manifest, "grammars/hanoi.lgg", "/dev/zero"] {
            let text = IMPORTING.replace("IMPORT", written);
            let e = Grammar::parse_without_files("fuzz.lgg", &text).unwrap_err();
            assert!(
                e.render()
                    .contains("only built-in grammars are imported here (no file is read)"),
                "{written}: {e}"
            );
            if written == manifest {
                assert!(Grammar::parse("fuzz.lgg", &text).is_ok(), "{e}");
            }
        }
    }
}
