//! PGN, the files chess games are kept in: tag pairs (`[White "Morphy"]`, `[FEN "..."]`), then
//! the moves in SAN with move numbers, comments (`{...}`, `; ...`), NAGs (`$1`), variations
//! (`( ... )`, skipped) and the result (`1-0`, `0-1`, `1/2-1/2`, `*`). Read into games whose
//! moves are replayed on a game under `rules chess` (every error names its line and column),
//! and written from a game's moves with the Seven Tag Roster (docs/play-and-search.md §1.7).

use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::scenario::Scenario;
use crate::scenario::fen::FenError;

use super::NotationError;

/// The standard start, a PGN's position where it has no `FEN` tag.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// One game of a PGN file: its tags, its moves (the main line) and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in the order written.
    pub tags: Vec<(String, String)>,
    /// Where the tags began (line, column), for an error of the `FEN` tag.
    pub at: (usize, usize),
    /// The moves of the main line in SAN, as written, with where each stands.
    pub moves: Vec<PgnMove>,
    /// The result token (`1-0`, `0-1`, `1/2-1/2`, `*`), where one ends the game.
    pub result: Option<String>,
}

/// A move of a PGN file's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnMove {
    /// The move as written (`Nf3`, `exd5!?`).
    pub text: String,
    /// Its line (from 1).
    pub line: usize,
    /// Its column (from 1, in characters).
    pub column: usize,
}

/// Why a PGN file could not be read or replayed: what, and the line and column where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {problem}")]
pub struct PgnError {
    /// The line (from 1).
    pub line: usize,
    /// The column (from 1, in characters).
    pub column: usize,
    /// What is wrong there.
    pub problem: PgnProblem,
}

/// What is wrong with a PGN file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnProblem {
    /// A comment `{` without its `}`.
    #[error("a comment `{{` that is not closed")]
    OpenComment,
    /// A variation `(` without its `)`.
    #[error("a variation `(` that is not closed")]
    OpenVariation,
    /// A `)` without its `(`.
    #[error("a `)` that closes no variation")]
    StrayClose,
    /// A tag pair that is not `[Name "value"]`.
    #[error("a tag pair is written `[Name \"value\"]`")]
    BadTag,
    /// No game in the file.
    #[error("no game: the file has no tag pair and no move")]
    Empty,
    /// The `FEN` tag's position.
    #[error("the FEN tag: {0}")]
    Fen(FenError),
    /// A move that names no legal move of its position.
    #[error("move {number}: {error}")]
    Move {
        /// The move's number in the game (plies, from 1).
        number: usize,
        /// Why it is not legal there.
        error: NotationError,
    },
}

impl PgnGame {
    /// The value of tag `name`, where the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The position the game starts from: its `FEN` tag's, or the standard start.
    pub fn scenario(&self) -> Result<Scenario, PgnError> {
        let fen = self.tag("FEN").unwrap_or(START_FEN);
        Scenario::from_fen(fen).map_err(|e| PgnError {
            line: self.at.0,
            column: self.at.1,
            problem: PgnProblem::Fen(e),
        })
    }

    /// Replays the main line on `game` (the game of [`PgnGame::scenario`]): the moves, or the
    /// first that is not legal with its line and column.
    pub fn replay(&self, game: &Game) -> Result<Vec<Move>, PgnError> {
        let mut state = State::initial(game);
        let mut played = Vec::with_capacity(self.moves.len());
        for (k, m) in self.moves.iter().enumerate() {
            let mv = super::read_move(game, &state, &m.text).map_err(|error| PgnError {
                line: m.line,
                column: m.column,
                problem: PgnProblem::Move {
                    number: k + 1,
                    error,
                },
            })?;
            state.make(game, mv);
            played.push(mv);
        }
        Ok(played)
    }
}

/// The text read character by character, with the line and column of each.
struct Cursor<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
    column: usize,
}

impl Cursor<'_> {
    fn peek(&mut self) -> Option<char> {
        self.chars.peek().copied()
    }

    fn next(&mut self) -> Option<char> {
        let c = self.chars.next()?;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error(&self, at: (usize, usize), problem: PgnProblem) -> PgnError {
        PgnError {
            line: at.0,
            column: at.1,
            problem,
        }
    }
}

/// Reads every game of a PGN file (a file without one is an error).
pub fn read(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    let mut c = Cursor {
        chars: text.chars().peekable(),
        line: 1,
        column: 1,
    };
    let mut games = Vec::new();
    let mut current: Option<PgnGame> = None;
    let mut depth = 0usize;
    let mut open_at = Vec::new();
    let new_game = |at| PgnGame {
        tags: Vec::new(),
        at,
        moves: Vec::new(),
        result: None,
    };
    while let Some(ch) = c.peek() {
        let at = (c.line, c.column);
        match ch {
            _ if ch.is_whitespace() => {
                c.next();
            }
            // An escape line: `%` in the first column.
            '%' if c.column == 1 => skip_line(&mut c),
            ';' => skip_line(&mut c),
            '{' => {
                let mut closed = false;
                while let Some(x) = c.next() {
                    if x == '}' {
                        closed = true;
                        break;
                    }
                }
                if !closed {
                    return Err(c.error(at, PgnProblem::OpenComment));
                }
            }
            '(' => {
                c.next();
                depth += 1;
                open_at.push(at);
            }
            ')' => {
                c.next();
                if depth == 0 {
                    return Err(c.error(at, PgnProblem::StrayClose));
                }
                depth -= 1;
                open_at.pop();
            }
            '[' if depth == 0 => {
                let (name, value) = tag(&mut c).ok_or_else(|| c.error(at, PgnProblem::BadTag))?;
                // Tags after a game's moves begin the next game.
                if current.as_ref().is_some_and(|g| !g.moves.is_empty()) {
                    games.extend(current.take());
                }
                current
                    .get_or_insert_with(|| new_game(at))
                    .tags
                    .push((name, value));
            }
            _ => {
                let word = token(&mut c);
                if depth > 0 || word.starts_with('$') || is_move_number(&word) {
                    continue;
                }
                let game = current.get_or_insert_with(|| new_game(at));
                if matches!(word.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                    game.result = Some(word);
                    games.extend(current.take());
                    continue;
                }
                // `1.e4`: the number written against its move.
                let digits = word.chars().take_while(char::is_ascii_digit).count();
                let dots = word[digits..].chars().take_while(|&d| d == '.').count();
                let (text, column) = if digits > 0 && dots > 0 {
                    (word[digits + dots..].to_string(), at.1 + digits + dots)
                } else {
                    (word, at.1)
                };
                game.moves.push(PgnMove {
                    text,
                    line: at.0,
                    column,
                });
            }
        }
    }
    if let Some(&at) = open_at.first() {
        return Err(c.error(at, PgnProblem::OpenVariation));
    }
    games.extend(current);
    if games.is_empty() {
        return Err(c.error((1, 1), PgnProblem::Empty));
    }
    Ok(games)
}

fn skip_line(c: &mut Cursor) {
    while let Some(x) = c.next() {
        if x == '\n' {
            break;
        }
    }
}

/// A word of movetext: up to white space or a character PGN gives a meaning of its own.
fn token(c: &mut Cursor) -> String {
    let mut word = String::new();
    while let Some(x) = c.peek() {
        if x.is_whitespace() || "{}()[];".contains(x) || (x == '$' && !word.is_empty()) {
            break;
        }
        word.push(x);
        c.next();
    }
    if word.is_empty() {
        // A character no word holds (a stray `]`): taken as a word of its own, for the move
        // reader to refuse.
        word.extend(c.next());
    }
    word
}

/// `12.` or `12...` alone.
fn is_move_number(word: &str) -> bool {
    let digits = word.chars().take_while(char::is_ascii_digit).count();
    digits > 0 && digits < word.len() && word[digits..].chars().all(|d| d == '.')
}

/// `[Name "value"]`, the cursor on its `[`; `None` when it is not one.
fn tag(c: &mut Cursor) -> Option<(String, String)> {
    c.next();
    while c.peek().is_some_and(char::is_whitespace) {
        c.next();
    }
    let mut name = String::new();
    while let Some(x) = c.peek().filter(|x| x.is_alphanumeric() || *x == '_') {
        name.push(x);
        c.next();
    }
    while c.peek().is_some_and(char::is_whitespace) {
        c.next();
    }
    if name.is_empty() || c.next()? != '"' {
        return None;
    }
    let mut value = String::new();
    loop {
        match c.next()? {
            '\\' => value.push(c.next()?),
            '"' => break,
            '\n' => return None,
            x => value.push(x),
        }
    }
    while c.peek().is_some_and(char::is_whitespace) {
        c.next();
    }
    (c.next()? == ']').then_some((name, value))
}

/// Why a game cannot be written as PGN.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PgnWriteError {
    /// PGN is for chess.
    #[error("PGN is written for games under `rules chess` on 8x8 boards only")]
    NotChess,
}

/// The result token of an outcome's value from White's side; `*` for a game not finished.
pub fn result_token(value: Option<i8>) -> &'static str {
    match value {
        Some(1) => "1-0",
        Some(-1) => "0-1",
        Some(_) => "1/2-1/2",
        None => "*",
    }
}

/// A game as PGN: the Seven Tag Roster (`Event`, `Site`, `Date`, `Round`, `White`, `Black`,
/// `Result`, in that order, from `tags` with `?` for those missing; `Date` `????.??.??`), then
/// `SetUp` and `FEN` where the game does not start from the standard position, the other tags
/// of `tags`, and the moves in numbered SAN, lines at most 79 characters, ending with
/// `result`.
pub fn write(
    game: &Game,
    tags: &[(&str, String)],
    moves: &[Move],
    result: &str,
) -> Result<String, PgnWriteError> {
    if !super::is_chess(game) {
        return Err(PgnWriteError::NotChess);
    }
    let start = State::initial(game);
    let fen = start
        .scenario(game)
        .0
        .to_fen()
        .map_err(|_| PgnWriteError::NotChess)?;
    const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];
    let mut out = String::new();
    let escape = |v: &str| v.replace('\\', "\\\\").replace('"', "\\\"");
    for name in ROSTER {
        let value = match name {
            "Result" => result.to_string(),
            _ => tags.iter().find(|(n, _)| *n == name).map_or_else(
                || if name == "Date" { "????.??.??" } else { "?" }.to_string(),
                |(_, v)| v.clone(),
            ),
        };
        out.push_str(&format!("[{name} \"{}\"]\n", escape(&value)));
    }
    if fen != START_FEN {
        out.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    for (name, value) in tags {
        if !ROSTER.contains(name) && *name != "SetUp" && *name != "FEN" {
            out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
        }
    }
    out.push('\n');
    let text = super::san::numbered(game, &start, moves);
    // A move number stays on the line of its move: `12. Nf3` is one unit.
    let mut units: Vec<String> = Vec::new();
    for word in text
        .split(' ')
        .filter(|w| !w.is_empty())
        .chain(std::iter::once(result))
    {
        match units.last_mut() {
            Some(last) if last.ends_with('.') => {
                last.push(' ');
                last.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
    }
    let mut line = String::new();
    for word in &units {
        if !line.is_empty() && line.len() + 1 + word.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    Ok(out)
}
