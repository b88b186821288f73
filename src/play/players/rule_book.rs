//! Learned rules (docs/players.md §7): the generalised explanations of Cazenave's
//! explanation-based learning (seed 002), one per goal of a piece, kept in a readable text file.
//!
//! A rule says: a piece of this type, with this side to move and this race, whose path to a
//! goal and the points around it (its **region**: wherever a piece of the other side could stop
//! the path in time) hold these pieces, reaches its goal with this degree. Every point is an
//! offset from the piece in the piece's own frame, `dx,dy` with `dy` forward (toward Black for
//! White, toward White for Black), so a rule applies wherever the pattern appears, translated,
//! and to both sides, mirrored front to back. Mirroring is sound because a Black piece moves by
//! its type's vectors mirrored front to back (`Side::orient`), so a pattern and its mirror have
//! the same trajectories; a rule is never mirrored left to right (a type need not be symmetric).
//!
//! The file, line by line (`#` starts a comment; indentation is free):
//!
//! ```text
//! rule 3
//!   piece pawn
//!   to-move own
//!   race ahead
//!   path 0,1 empty; 0,2 empty
//!   enemy 1,3 pawn
//!   clear -1,2; 1,2; -1,3
//!   won 12 of 12
//!   example c1-c2 c6-c5
//! ```
//!
//! `path`: the stops after the piece's point, each `empty`, `own TYPE` or `enemy TYPE`; the last
//! is one of the piece's goals. `enemy`: region points holding an enemy piece; `clear`: region
//! points holding none (a point off the board is clear). `race ahead`: no enemy piece is as
//! close to its own goals (by its move distance) as the path is long, counting who moves first;
//! `behind` otherwise. `won W of N`: in N positions with this pattern that the solver decided,
//! the piece's side won W; the rule's degree is W / N. `example`: the moves that lead from the
//! scenario's start to the first of them.

use std::fmt::{self, Write};

use crate::board::Point;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::State;
use crate::syntax::{Diagnostic, SourceErrors, Span, suggest};

/// A point relative to a piece, in the piece's frame (`dy` forward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Offset {
    /// Sideways, in files: the same for both sides (a rule is mirrored front to back only).
    pub dx: i32,
    /// Forward from the piece: toward Black for White, toward White for Black.
    pub dy: i32,
}

impl fmt::Display for Offset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.dx, self.dy)
    }
}

/// What a point of a path holds.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Content {
    /// No piece (`empty`).
    Empty,
    /// A piece of the same side as the rule's piece, of this type (`own TYPE`).
    Own(String),
    /// A piece of the other side, of this type (`enemy TYPE`).
    Enemy(String),
}

impl fmt::Display for Content {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Content::Empty => f.write_str("empty"),
            Content::Own(t) => write!(f, "own {t}"),
            Content::Enemy(t) => write!(f, "enemy {t}"),
        }
    }
}

/// One learned rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rule {
    /// Its number in the file, named by the explanation when it fires.
    pub number: u32,
    /// The piece's type, by name.
    pub piece: String,
    /// `to-move own`: the piece's side moves first (else the other side does).
    pub own_to_move: bool,
    /// `race ahead`: no enemy piece is as close to its own goals as the path is long.
    pub race_ahead: bool,
    /// The stops after the piece's point and what each holds; the last is a goal.
    pub path: Vec<(Offset, Content)>,
    /// Region points holding an enemy piece, with its type.
    pub enemies: Vec<(Offset, String)>,
    /// Region points holding no enemy piece (or off the board).
    pub clear: Vec<Offset>,
    /// The positions with this pattern that the piece's side won ...
    pub won: u32,
    /// ... of this many the solver decided.
    pub of: u32,
    /// The moves from the scenario's start to the first position it was learned from.
    pub example: String,
}

impl Rule {
    /// The degree: the share of the positions it was learned from that the piece's side won.
    pub fn degree(&self) -> f64 {
        f64::from(self.won) / f64::from(self.of.max(1))
    }

    /// The pattern, without the counts and the example: two explanations that generalise to
    /// the same pattern are one rule.
    pub fn pattern(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "  piece {}", self.piece);
        let _ = writeln!(
            out,
            "  to-move {}",
            if self.own_to_move { "own" } else { "other" }
        );
        let _ = writeln!(
            out,
            "  race {}",
            if self.race_ahead { "ahead" } else { "behind" }
        );
        let path: Vec<String> = self.path.iter().map(|(o, c)| format!("{o} {c}")).collect();
        let _ = writeln!(out, "  path {}", path.join("; "));
        if !self.enemies.is_empty() {
            let e: Vec<String> = self
                .enemies
                .iter()
                .map(|(o, t)| format!("{o} {t}"))
                .collect();
            let _ = writeln!(out, "  enemy {}", e.join("; "));
        }
        if !self.clear.is_empty() {
            let c: Vec<String> = self.clear.iter().map(Offset::to_string).collect();
            let _ = writeln!(out, "  clear {}", c.join("; "));
        }
        out
    }

    /// The point at `offset` from a piece of `side` at `at`: `None` off the board (or where the
    /// board is not a grid).
    fn point(game: &Game, side: Side, at: Point, offset: Offset) -> Option<Point> {
        let c = game.scenario.board.coords(at)?;
        let dy = match side {
            Side::White => offset.dy,
            Side::Black => -offset.dy,
        };
        game.scenario.board.at([c[0] + offset.dx, c[1] + dy, c[2]])
    }

    /// Whether the rule fires for `piece` in `state`.
    pub fn fires(&self, game: &Game, state: &State, piece: usize) -> bool {
        let Some(at) = state.at[piece] else {
            return false;
        };
        // Each piece's side and type now: a flip or a promotion changes them.
        let side = state.side(game, piece);
        let type_name = |q: usize| game.scenario.types[state.kind(game, q)].name.as_str();
        if type_name(piece) != self.piece
            || (state.to_move == side) != self.own_to_move
            || race_ahead(game, state, side, self.path.len() as u32) != self.race_ahead
        {
            return false;
        }
        let holds = |p: Point, c: &Content| match (state.piece_at(p), c) {
            (None, Content::Empty) => true,
            (Some(q), Content::Own(t)) => state.side(game, q) == side && type_name(q) == t,
            (Some(q), Content::Enemy(t)) => state.side(game, q) != side && type_name(q) == t,
            _ => false,
        };
        for (i, (o, c)) in self.path.iter().enumerate() {
            match Rule::point(game, side, at, *o) {
                Some(p) if holds(p, c) => {
                    if i + 1 == self.path.len() && !game.goals[piece][p.index()] {
                        return false;
                    }
                }
                _ => return false,
            }
        }
        for (o, t) in &self.enemies {
            match Rule::point(game, side, at, *o) {
                Some(p) if holds(p, &Content::Enemy(t.clone())) => {}
                _ => return false,
            }
        }
        self.clear.iter().all(|o| {
            Rule::point(game, side, at, *o)
                .and_then(|p| state.piece_at(p))
                .is_none_or(|q| state.side(game, q) == side)
        })
    }
}

/// Whether a piece of `side` that needs `moves` moves to its goal gets there before any enemy
/// piece can reach one of its own goals (by its move distance, a lower bound): with its side to
/// move it arrives first when no enemy needs fewer moves, otherwise when every enemy needs more.
pub fn race_ahead(game: &Game, state: &State, side: Side, moves: u32) -> bool {
    let enemy = (0..game.piece_count())
        .filter(|&q| state.side(game, q) != side && game.owns_goal[q])
        .filter_map(|q| state.at[q].map(|p| game.goal_distance[q][p.index()]))
        .min();
    match enemy {
        None => true,
        Some(e) if state.to_move == side => moves <= e,
        Some(e) => moves < e,
    }
}

/// The largest `dx` or `dy` of an offset, either way: farther than any board a rule is learned
/// on, and small enough that arithmetic on points never overflows.
pub const MAX_OFFSET: i32 = 64;

/// A file of learned rules.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleBook {
    /// The rules in file order, each with its number.
    pub rules: Vec<Rule>,
}

/// The header of a rules file that lingeo writes.
pub const HEADER: &str = "# lingeo learned rules (docs/players.md §7): generalised explanations of the fuzzy\n\
# evaluation, each with the share of solved positions its piece's side won.\n";

impl RuleBook {
    /// The rules that fire for `piece` in `state`, in file order.
    pub fn firing<'b>(
        &'b self,
        game: &'b Game,
        state: &'b State,
        piece: usize,
    ) -> impl Iterator<Item = &'b Rule> + 'b {
        self.rules
            .iter()
            .filter(move |r| r.fires(game, state, piece))
    }

    /// The file's text; [`RuleBook::parse`] reads it back.
    pub fn to_text(&self, source: &str) -> String {
        let mut out = String::from(HEADER);
        let _ = writeln!(out, "# {source}");
        for r in &self.rules {
            let _ = writeln!(out, "\nrule {}", r.number);
            out.push_str(&r.pattern());
            let _ = writeln!(out, "  won {} of {}", r.won, r.of);
            if !r.example.is_empty() {
                let _ = writeln!(out, "  example {}", r.example);
            }
        }
        out
    }

    /// Parses a rules file; every problem is reported with its place.
    pub fn parse(path: &str, text: &str) -> Result<RuleBook, SourceErrors> {
        let mut parser = Parser::default();
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            parser.line(line, offset);
            offset += line.len();
        }
        parser.finish(text.len());
        if parser.errors.is_empty() {
            Ok(RuleBook {
                rules: parser.rules,
            })
        } else {
            Err(SourceErrors {
                path: path.to_string(),
                source: text.to_string(),
                diagnostics: parser.errors,
            })
        }
    }
}

const KEYS: [&str; 9] = [
    "rule", "piece", "to-move", "race", "path", "enemy", "clear", "won", "example",
];

/// A rule being read: its fields as they come, with the span of its `rule` line.
struct Open {
    span: Span,
    rule: Rule,
    seen: Vec<&'static str>,
}

#[derive(Default)]
struct Parser {
    rules: Vec<Rule>,
    open: Option<Open>,
    errors: Vec<Diagnostic>,
    numbers: Vec<(u32, Span)>,
}

/// The words of a line with their byte spans in the file.
fn words(line: &str, base: usize) -> Vec<(&str, Span)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, ch) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        let space = ch.is_whitespace() || ch == ';';
        match (start, space) {
            (None, false) => start = Some(i),
            (Some(s), true) => {
                out.push((&line[s..i], base + s..base + i));
                start = None;
            }
            _ => {}
        }
    }
    out
}

fn offset(word: &str, span: &Span) -> Result<Offset, Diagnostic> {
    let bad = || {
        Diagnostic::new(format!("`{word}` is not an offset"), span.clone())
            .with_label("expected dx,dy, two whole numbers such as -1,2")
    };
    let (x, y) = word.split_once(',').ok_or_else(bad)?;
    // Parsed wider than they are kept, so that no value wraps on the way to the range check.
    match (x.parse::<i64>(), y.parse::<i64>()) {
        (Ok(dx), Ok(dy)) => {
            let range = -i64::from(MAX_OFFSET)..=i64::from(MAX_OFFSET);
            if range.contains(&dx) && range.contains(&dy) {
                Ok(Offset {
                    dx: dx as i32,
                    dy: dy as i32,
                })
            } else {
                Err(
                    Diagnostic::new(format!("the offset `{word}` is out of range"), span.clone())
                        .with_label(format!(
                            "each of dx and dy is from -{MAX_OFFSET} to {MAX_OFFSET}"
                        )),
                )
            }
        }
        _ => Err(bad()),
    }
}

fn count(word: Option<&(&str, Span)>, at: &Span, what: &str) -> Result<u32, Diagnostic> {
    match word {
        Some((w, s)) => w.parse::<u32>().map_err(|_| {
            Diagnostic::new(format!("`{w}` is not a count"), s.clone())
                .with_label(format!("expected the number of {what}"))
        }),
        None => Err(
            Diagnostic::new(format!("missing the number of {what}"), at.clone())
                .with_label("expected `won W of N`"),
        ),
    }
}

impl Parser {
    fn line(&mut self, line: &str, base: usize) {
        let content = line.split('#').next().unwrap_or("");
        let words = words(content, base);
        let Some(((key, key_span), rest)) = words.split_first() else {
            return;
        };
        if *key == "rule" {
            self.close();
            let number = match rest {
                [(n, s)] => match n.parse::<u32>() {
                    Ok(n) => {
                        if let Some((_, first)) = self.numbers.iter().find(|(m, _)| *m == n) {
                            self.errors.push(
                                Diagnostic::new(format!("rule {n} is defined twice"), s.clone())
                                    .with_label("second definition")
                                    .with_related(first.clone(), "first definition"),
                            );
                        }
                        self.numbers.push((n, s.clone()));
                        n
                    }
                    Err(_) => {
                        self.errors.push(
                            Diagnostic::new(format!("`{n}` is not a rule number"), s.clone())
                                .with_label("expected a whole number"),
                        );
                        0
                    }
                },
                _ => {
                    self.errors.push(
                        Diagnostic::new("a rule needs one number", key_span.clone())
                            .with_label("expected `rule N`"),
                    );
                    0
                }
            };
            self.open = Some(Open {
                span: key_span.start..base + content.trim_end().len(),
                rule: Rule {
                    number,
                    piece: String::new(),
                    own_to_move: true,
                    race_ahead: true,
                    path: Vec::new(),
                    enemies: Vec::new(),
                    clear: Vec::new(),
                    won: 0,
                    of: 0,
                    example: String::new(),
                },
                seen: Vec::new(),
            });
            return;
        }
        let Some(known) = KEYS.iter().copied().find(|k| k == key) else {
            let mut d = Diagnostic::new(format!("unknown field `{key}`"), key_span.clone())
                .with_label("not a field of a rule");
            if let Some(s) = suggest::closest(key, KEYS) {
                d = d.with_note(format!("did you mean `{s}`?"));
            }
            self.errors.push(d);
            return;
        };
        let Some(open) = self.open.as_mut() else {
            self.errors.push(
                Diagnostic::new(format!("`{key}` outside a rule"), key_span.clone())
                    .with_label("start a rule with `rule N` first"),
            );
            return;
        };
        if open.seen.contains(&known) {
            self.errors.push(
                Diagnostic::new(format!("`{key}` given twice in one rule"), key_span.clone())
                    .with_label("second time")
                    .with_related(open.span.clone(), "in this rule"),
            );
            return;
        }
        open.seen.push(known);
        let whole = key_span.start..rest.last().map_or(key_span.end, |(_, s)| s.end);
        if let Err(d) = Parser::field(&mut open.rule, known, rest, &whole, content, base) {
            self.errors.push(d);
        }
    }

    fn field(
        rule: &mut Rule,
        key: &str,
        rest: &[(&str, Span)],
        whole: &Span,
        content: &str,
        base: usize,
    ) -> Result<(), Diagnostic> {
        let one = |what: &str, choices: &[&str]| -> Result<String, Diagnostic> {
            match rest {
                [(w, s)] if choices.is_empty() || choices.contains(w) => {
                    let _ = s;
                    Ok(w.to_string())
                }
                [(w, s)] => Err(Diagnostic::new(
                    format!("{key} is {}, not `{w}`", choices.join(" or ")),
                    s.clone(),
                )
                .with_label(format!("expected {}", choices.join(" or ")))),
                _ => Err(
                    Diagnostic::new(format!("{key} takes one {what}"), whole.clone())
                        .with_label(format!("expected `{key} {what}`")),
                ),
            }
        };
        match key {
            "piece" => rule.piece = one("type name", &[])?,
            "to-move" => rule.own_to_move = one("side", &["own", "other"])? == "own",
            "race" => rule.race_ahead = one("word", &["ahead", "behind"])? == "ahead",
            "path" | "enemy" => {
                let mut words = rest.iter();
                while let Some((w, s)) = words.next() {
                    let o = offset(w, s)?;
                    let missing = || {
                        Diagnostic::new(format!("missing what {w} holds"), s.clone()).with_label(
                            if key == "path" {
                                "expected empty, own TYPE or enemy TYPE after the offset"
                            } else {
                                "expected the enemy's type after the offset"
                            },
                        )
                    };
                    if key == "enemy" {
                        let (t, _) = words.next().ok_or_else(missing)?;
                        rule.enemies.push((o, t.to_string()));
                        continue;
                    }
                    let (what, ws) = words.next().ok_or_else(missing)?;
                    let c = match *what {
                        "empty" => Content::Empty,
                        "own" | "enemy" => {
                            let (t, _) = words.next().ok_or_else(missing)?;
                            if *what == "own" {
                                Content::Own(t.to_string())
                            } else {
                                Content::Enemy(t.to_string())
                            }
                        }
                        _ => {
                            return Err(Diagnostic::new(
                                format!("a stop holds empty, own TYPE or enemy TYPE, not `{what}`"),
                                ws.clone(),
                            )
                            .with_label("expected empty, own or enemy"));
                        }
                    };
                    rule.path.push((o, c));
                }
                if key == "path" && rule.path.is_empty() {
                    return Err(
                        Diagnostic::new("a path needs at least one stop", whole.clone())
                            .with_label("expected `path dx,dy empty; ...`"),
                    );
                }
            }
            "clear" => {
                for (w, s) in rest {
                    rule.clear.push(offset(w, s)?);
                }
            }
            "won" => {
                let won = count(rest.first(), whole, "positions won")?;
                match rest.get(1) {
                    Some(("of", _)) => {}
                    _ => {
                        return Err(Diagnostic::new("expected `won W of N`", whole.clone())
                            .with_label("the word `of` is missing"));
                    }
                }
                let of = count(rest.get(2), whole, "positions seen")?;
                if of == 0 || won > of || rest.len() > 3 {
                    return Err(Diagnostic::new(
                        format!("`won {won} of {of}` is not a share of positions"),
                        whole.clone(),
                    )
                    .with_label("expected W at most N, and N at least 1"));
                }
                rule.won = won;
                rule.of = of;
            }
            "example" => {
                let start = rest.first().map_or(whole.end, |(_, s)| s.start);
                rule.example = content[start - base..].trim().to_string();
            }
            _ => unreachable!("every key of KEYS is handled"),
        }
        Ok(())
    }

    /// Ends the open rule: every field but `enemy`, `clear` and `example` must have come.
    fn close(&mut self) {
        let Some(open) = self.open.take() else {
            return;
        };
        let missing: Vec<&str> = ["piece", "to-move", "race", "path", "won"]
            .into_iter()
            .filter(|k| !open.seen.contains(k))
            .collect();
        if missing.is_empty() {
            self.rules.push(open.rule);
        } else {
            self.errors.push(
                Diagnostic::new(
                    format!("rule {} lacks {}", open.rule.number, missing.join(", ")),
                    open.span,
                )
                .with_label("this rule is incomplete"),
            );
        }
    }

    fn finish(&mut self, _len: usize) {
        self.close();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ONE: &str = "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path 0,1 empty; 0,2 empty\n  enemy 1,3 pawn\n  clear -1,2; 1,2\n  won 3 of 4\n  example c1-c2 c6-c5\n";

    #[test]
    fn a_rule_reads_back_as_it_was_written() {
        let book = RuleBook::parse("t.rules", ONE).unwrap();
        let r = &book.rules[0];
        assert_eq!(r.path.len(), 2);
        assert_eq!(
            r.enemies,
            vec![(Offset { dx: 1, dy: 3 }, "pawn".to_string())]
        );
        assert_eq!(r.clear.len(), 2);
        assert_eq!(r.example, "c1-c2 c6-c5");
        assert_eq!(r.degree(), 0.75);
        let text = book.to_text("test");
        assert_eq!(RuleBook::parse("t.rules", &text).unwrap(), book);
    }

    #[test]
    fn mistakes_are_located() {
        for (text, line, message) in [
            (
                "rule 1\n  piece pawn\n  speed 3\n",
                3,
                "unknown field `speed`",
            ),
            (
                "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path 0;1 empty\n  won 1 of 1\n",
                5,
                "not an offset",
            ),
            // The range is the same both ways: -2147483648 does not wrap into it.
            (
                "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path -2147483648,1 empty\n",
                5,
                "the offset `-2147483648,1` is out of range",
            ),
            (
                "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path 0,2147483647 empty\n",
                5,
                "the offset `0,2147483647` is out of range",
            ),
            (
                "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path 0,65 empty\n",
                5,
                "out of range",
            ),
            (
                "rule 1\n  piece pawn\n  to-move own\n  race ahead\n  path 0,1 empty\n  won 3 of 2\n",
                6,
                "not a share",
            ),
            (
                "rule 1\n  piece pawn\n  race ahead\n",
                1,
                "lacks to-move, path, won",
            ),
            ("piece pawn\n", 1, "outside a rule"),
            ("rule 1\n  to-move mine\n", 2, "to-move is own or other"),
        ] {
            let e = RuleBook::parse("bad.rules", text).unwrap_err().render();
            assert!(e.contains(message), "{text}: {e}");
            assert!(e.contains(&format!("bad.rules:{line}:")), "{text}: {e}");
        }
    }
}
