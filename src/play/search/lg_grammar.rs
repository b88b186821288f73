//! The LG search run by a grammar: `grammars/search.lgg` (or a user's grammar of the same
//! shape) derived on the game's states, its one sentence read back as the reduced tree
//! (docs/lg-search.md, "The search grammar"). The shipped grammar builds the tree the native
//! engine ([`super::lg`]) builds, and `tests/it/lg_search.rs` holds the two to one snapshot.
//!
//! The sentence is the tree in preorder: `m((piece, from, to))` or `pass()` opens a move,
//! `v(value, how)` closes it with the value backed up to it (White's side) and how its node
//! ended (`inner`, `cut`, `over`, `nozone`, `depth`); the last `v` is the root's.

use std::time::Instant;

use crate::grammar::{InputError, RunError};

use super::lg::{End, LgOptions, LgResult, Tree, TreeNode, ValueBound, default_horizon};
use super::{SearchOptions, SearchResult, WIN};
use crate::grammar::derive::Sym;
use crate::grammar::types::Type;
use crate::grammar::value::Value;
use crate::grammar::world::World;
use crate::grammar::{Grammar, Limits};
use crate::play::game::Game;
use crate::play::state::{Move, State};
use crate::play::states::GameStates;

/// What the grammar run took beside the tree.
#[derive(Clone, Debug)]
pub struct GrammarRun {
    /// The search's result and tree, as the native LG search gives them.
    pub result: LgResult,
    /// Derivation steps, with the zone grammar's.
    pub steps: u64,
    /// States of play the grammar reached.
    pub states: usize,
}

/// Why the search grammar gave no tree: options it cannot take, a grammar that is not a search
/// grammar, its derivation failing (with its place in the grammar), or a sentence that is not
/// a search tree.
#[derive(Clone, Debug, thiserror::Error)]
pub enum SearchGrammarError {
    /// An option of the search the grammar cannot take (`field`: the request's field at fault,
    /// `leaf`, `domination`, `horizon`, `depth`, `zones`).
    #[error("{message}")]
    Option {
        /// The request's field at fault.
        field: &'static str,
        /// What is wrong.
        message: String,
    },
    /// A grammar that does not keep the search grammar's contract (its inputs, its start).
    #[error("{0}")]
    Contract(String),
    /// The derivation failed, at its place in the grammar, or at one of its limits.
    #[error("{}", .0.render())]
    Run(Box<RunError>),
    /// The grammar derived other than one sentence.
    #[error("the search grammar `{grammar}` derived {count} sentences; a search tree is one")]
    NotOneSentence {
        /// The grammar's name.
        grammar: String,
        /// The sentences it derived.
        count: usize,
    },
    /// The sentence stops being a tree of legal moves at symbol `at` (of `of`).
    #[error("the search grammar's sentence is not a search tree: {what} (symbol {at} of {of})")]
    NotATree {
        /// What is wrong there.
        what: String,
        /// The symbol, counted from 1 (0: before the first).
        at: usize,
        /// The sentence's symbols.
        of: usize,
    },
}

impl From<InputError> for SearchGrammarError {
    /// The inputs the engine gives (`H`, `DEPTH`, `FULL`, `TRANSLATE`) that do not fit the
    /// grammar: its contract, not a given of the caller's.
    fn from(e: InputError) -> Self {
        SearchGrammarError::Contract(e.to_string())
    }
}

/// Searches the reduced tree of `root` with `grammar` (inputs `H`, `DEPTH`, `FULL` and, for
/// zones carried by the translations, `TRANSLATE`; start `S()`), to `options.depth` plies (default: the horizon + 2, as the native engine).
pub fn search(
    game: &Game,
    root: &State,
    grammar: &Grammar,
    options: &SearchOptions,
    lg: &LgOptions,
    limits: Limits,
) -> Result<GrammarRun, SearchGrammarError> {
    let started = Instant::now();
    let horizon = grammar_options(game, root, lg)?;
    let depth =
        super::lg::depth_bound(options.depth, horizon).map_err(|e| SearchGrammarError::Option {
            field: "depth",
            message: e.to_string(),
        })?;
    let states = GameStates::with_start(game, root.clone());
    let kernel = game.scenario.kernel();
    let mut world = World::new(&game.scenario, &kernel).with_states(&states);
    let translate = lg.zones == super::lg::Zones::Translate;
    let given = engine_inputs(grammar, horizon, depth, lg.full_tree, translate)?;
    let inputs = grammar.bind_inputs(&mut world, &given, None)?;
    if !grammar.start_types().is_empty() {
        return Err(SearchGrammarError::Contract(format!(
            "the search grammar `{}` must start from S(), without parameters",
            grammar.name()
        )));
    }
    let cpu_start = super::thread_cpu_time();
    let cpu_time = || Some(super::thread_cpu_time()?.saturating_sub(cpu_start?));
    // `--time` as the thread's deadline, which the evaluator looks at where it looks at memory
    // (unless the thread has a sooner one: `lingeo serve`'s).
    let derive = || {
        let language = grammar.derive(&world, &inputs, &[], limits, None);
        (language, crate::deadline::passed())
    };
    let (language, passed) = match options.time {
        Some(time) => crate::deadline::within_at_most(time, derive),
        None => derive(),
    };
    let language = match language {
        Ok(language) => language,
        // Stopped by `--time`: no tree, and the words of every engine's stop at it.
        Err(_) if options.time.is_some() && passed == options.time => {
            let time = options.time.unwrap_or_default();
            let stop = super::time_stop(time, options.time_shown.as_deref());
            let result = SearchResult::nothing(stop, started.elapsed(), cpu_time());
            return Ok(GrammarRun {
                result: no_tree(result, horizon, depth),
                steps: 0,
                states: states.len(),
            });
        }
        Err(e) => return Err(SearchGrammarError::Run(Box::new(e))),
    };
    let [sentence] = &language.sentences[..] else {
        return Err(SearchGrammarError::NotOneSentence {
            grammar: grammar.name().to_string(),
            count: language.sentences.len(),
        });
    };
    let (value, root_end, tree) = read_tree(game, root, grammar, sentence)?;
    let generated = zones_asked(root_end, &tree);
    let pv = tree.principal_variation(value);
    let moves = tree.moves() as u64;
    let depth_reached = tree.depth() as u32;
    Ok(GrammarRun {
        result: LgResult {
            result: SearchResult {
                value: Some(value),
                score: i32::from(value) * WIN,
                pv,
                nodes: moves + 1,
                tt_hits: 0,
                depth: depth_reached,
                time: started.elapsed(),
                cpu_time: cpu_time(),
                stopped: None,
                compiled: false,
            },
            proved: tree.checked(game, root, value),
            forced: tree.proved(root.to_move == crate::piece::Side::White, value),
            root_end: root_end.filter(|&e| tree.children.is_empty() && e != End::GameOver),
            race: 0,
            race_asked: 0,
            race_budget: None,
            tree,
            horizon,
            generated,
            depth,
            depth_asked: depth,
        },
        steps: language.steps,
        states: states.len(),
    })
}

/// The horizon of a grammar search, once the LG options it cannot follow are refused: its
/// leaves score 0 and it has attack zones only.
fn grammar_options(game: &Game, root: &State, lg: &LgOptions) -> Result<u32, SearchGrammarError> {
    let option = |field, message: &str| SearchGrammarError::Option {
        field,
        message: message.to_string(),
    };
    if lg.leaf != super::lg::Leaf::Zero {
        return Err(option(
            "leaf",
            "the search grammar scores every leaf that does not end the game 0; \
             leaves scored by their zones are the native engine's",
        ));
    }
    if lg.dominates() {
        return Err(option(
            "domination",
            "the search grammar has attack zones only; domination zones are the native engine's",
        ));
    }
    match lg.horizon {
        Some(0) => Err(option("horizon", "the horizon must be at least 1 move")),
        Some(h) => Ok(h),
        None => Ok(default_horizon(game, root)),
    }
}

/// The inputs the engine gives the grammar (`H`, `DEPTH`, `FULL`, and `TRANSLATE` where the
/// grammar declares it), checked against the grammar's declarations here so that the error
/// names the contract, not a command-line `--set` the user never wrote. TRANSLATE is optional:
/// a grammar that only generates its zones anew need not declare it.
fn engine_inputs(
    grammar: &Grammar,
    horizon: u32,
    depth: u32,
    full: bool,
    translate: bool,
) -> Result<Vec<(String, String)>, SearchGrammarError> {
    let mut given = vec![
        ("H".to_string(), horizon.to_string()),
        ("DEPTH".to_string(), depth.to_string()),
        ("FULL".to_string(), full.to_string()),
    ];
    let have = grammar.inputs();
    let want = [("H", Type::Int), ("DEPTH", Type::Int), ("FULL", Type::Bool)];
    let has = |name: &str, ty: &Type| have.iter().any(|(n, t)| (n.as_str(), t) == (name, ty));
    let takes_translate = has("TRANSLATE", &Type::Bool);
    if have.len() != want.len() + usize::from(takes_translate)
        || !want.iter().all(|w| has(w.0, &w.1))
    {
        let listed: Vec<String> = have
            .iter()
            .map(|(n, t)| format!("{n}: {}", t.display(&[])))
            .collect();
        return Err(SearchGrammarError::Contract(format!(
            "the search grammar `{}` must have the inputs H: int, DEPTH: int and FULL: bool, \
             and may have TRANSLATE: bool, and no others (it has {})",
            grammar.name(),
            if listed.is_empty() {
                "none".to_string()
            } else {
                listed.join(", ")
            }
        )));
    }
    if takes_translate {
        given.push(("TRANSLATE".to_string(), translate.to_string()));
    } else if translate {
        return Err(SearchGrammarError::Option {
            field: "zones",
            message: format!(
                "the search grammar `{}` has no input TRANSLATE: bool, so it cannot carry its \
                 zones by the translations",
                grammar.name()
            ),
        });
    }
    Ok(given)
}

/// A grammar search's result without a tree (its derivation stopped): `result`'s stop.
fn no_tree(result: SearchResult, horizon: u32, depth: u32) -> LgResult {
    LgResult {
        result,
        tree: Tree::default(),
        horizon,
        // The search grammar has no race extension.
        race: 0,
        race_asked: 0,
        race_budget: None,
        generated: 0,
        depth: 0,
        depth_asked: depth,
        proved: false,
        forced: false,
        root_end: None,
    }
}

/// The positions whose zones the grammar asked for: those that neither end the game nor sit
/// at the depth bound (counted per position of the tree, as the native engine counts).
fn zones_asked(root_end: Option<End>, tree: &Tree) -> u64 {
    fn count(nodes: &[TreeNode]) -> u64 {
        nodes
            .iter()
            .map(|n| u64::from(asks(n.end)) + count(&n.children))
            .sum()
    }
    fn asks(end: Option<End>) -> bool {
        !matches!(end, Some(End::GameOver | End::Depth))
    }
    u64::from(asks(root_end)) + count(&tree.children)
}

/// The value of the root, how the root's node ended, and the tree, read off the grammar's sentence by replaying its moves
/// from `root`; an error names the symbol where the sentence stops being a tree of legal moves.
pub fn read_tree(
    game: &Game,
    root: &State,
    grammar: &Grammar,
    sentence: &[Sym],
) -> Result<(i8, Option<End>, Tree), SearchGrammarError> {
    let mut reader = Reader {
        game,
        grammar,
        symbols: sentence,
        next: 0,
    };
    let mut state = root.clone();
    let (children, value, end, cut) = reader.node(&mut state)?;
    if reader.next != sentence.len() {
        return Err(reader.bad("symbols after the root's value"));
    }
    let _ = cut;
    Ok((value, end, Tree { children }))
}

struct Reader<'r> {
    game: &'r Game,
    grammar: &'r Grammar,
    symbols: &'r [Sym],
    next: usize,
}

type Node = (Vec<TreeNode>, i8, Option<End>, bool);

impl Reader<'_> {
    fn bad(&self, what: &str) -> SearchGrammarError {
        SearchGrammarError::NotATree {
            what: what.to_string(),
            at: self.next,
            of: self.symbols.len(),
        }
    }

    /// The moves below `state` up to the `v` that closes its node.
    fn node(&mut self, state: &mut State) -> Result<Node, SearchGrammarError> {
        let mut children = Vec::new();
        loop {
            let Some(sym) = self.symbols.get(self.next) else {
                return Err(self.bad("the sentence ends before the node's value"));
            };
            self.next += 1;
            let name = self.grammar.program.symbols[sym.symbol as usize]
                .name
                .as_str();
            match (name, &sym.args[..]) {
                ("v", [Value::Int(v), Value::Enum(e, i)]) => {
                    let value = i8::try_from(*v)
                        .ok()
                        .filter(|v| (-1..=1).contains(v))
                        .ok_or_else(|| self.bad(&format!("the value {v} is not -1, 0 or 1")))?;
                    let how = self.grammar.program.enum_values[*e as usize][*i as usize].as_str();
                    let (end, cut) = match how {
                        "inner" => (None, false),
                        "cut" => (None, true),
                        "over" => (Some(End::GameOver), false),
                        "nozone" => (Some(End::NoZoneMove), false),
                        "depth" => (Some(End::Depth), false),
                        other => return Err(self.bad(&format!("unknown ending `{other}`"))),
                    };
                    if end.is_some() != children.is_empty() {
                        return Err(self.bad(&format!(
                            "a node {} moves that ends `{how}`",
                            if children.is_empty() {
                                "without"
                            } else {
                                "with"
                            }
                        )));
                    }
                    return Ok((children, value, end, cut));
                }
                ("m", [Value::Tuple(t)]) => {
                    let [Value::Piece(p), Value::Point(from), Value::Point(to)] = t[..] else {
                        return Err(self.bad("m(...) must hold (piece, from, to)"));
                    };
                    let mv = self.legal(state, |m| {
                        matches!(*m, Move::Step { piece, from: f, to: t, .. }
                            if u32::from(piece) == p && f == from && t == to)
                    })?;
                    children.push(self.child(state, mv)?);
                }
                ("pass", []) => {
                    // A reduced pass is a pass the rules may not allow: any state not over.
                    if state.outcome.is_some() {
                        return Err(self.bad("a pass after the end of the game"));
                    }
                    children.push(self.child(state, Move::Pass)?);
                }
                _ => return Err(self.bad(&format!("unexpected symbol `{name}`"))),
            }
        }
    }

    fn legal(
        &self,
        state: &mut State,
        pick: impl Fn(&Move) -> bool,
    ) -> Result<Move, SearchGrammarError> {
        let mut legal = Vec::new();
        state.successors(self.game, &mut legal);
        legal
            .into_iter()
            .find(|m| pick(m))
            .ok_or_else(|| self.bad("a move that is not legal where it is played"))
    }

    fn child(&mut self, state: &mut State, mv: Move) -> Result<TreeNode, SearchGrammarError> {
        let undo = state.make(self.game, mv);
        let below = self.node(state);
        // A cutoff below is the side to move there finding a move good enough: White's
        // value is then at least it, Black's at most.
        let white_below = state.to_move == crate::piece::Side::White;
        state.unmake(self.game, undo);
        let (children, value, end, cut) = below?;
        Ok(TreeNode {
            mv,
            text: mv.show(self.game),
            value,
            children,
            end,
            cut,
            bound: match (cut, white_below) {
                (false, _) => ValueBound::Exact,
                (true, true) => ValueBound::AtLeast,
                (true, false) => ValueBound::AtMost,
            },
        })
    }
}
