//! The states of a game as the grammar language sees them: the play layer's side of the
//! [`States`] interface, through which `START`, `TRANSITION`, `PASS`, `MOVES` and `within s:`
//! reach play (docs/grammar-language.md §8; the grammar engine imports no play module).
//!
//! States are numbered in the order a run first reaches them, and a state reached again (the
//! same position, side to move, moves played, pass flag and goal waiting) gets its old
//! number, so that the grammar's memo tables and imported languages serve it again.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::board::Point;
use crate::grammar::world::{States, TransitionError, World};
use crate::kernel::Kernel;
use crate::piece::Side;
use crate::play::game::Game;
use crate::play::state::{Move, State};

/// The states of one game reached by a grammar run.
pub struct GameStates<'g> {
    game: &'g Game,
    /// The kernel every state shares when distances do not depend on where pieces stand (the
    /// scenario's `blocking` is off); otherwise each state's world computes its own.
    kernel: Option<Rc<Kernel>>,
    inner: RefCell<Inner>,
}

#[derive(Default)]
struct Inner {
    entries: Vec<Entry>,
    /// State keys to the numbers of the states with that key.
    by_key: HashMap<u64, Vec<u32>>,
}

struct Entry {
    state: State,
    /// What may be played: the legal moves, or the rules' pass; empty when the game is over.
    legal: Vec<Move>,
    world: Option<Rc<World<'static>>>,
}

impl<'g> GameStates<'g> {
    /// The states of `game`, with its start as state 0 (`START`).
    pub fn new(game: &'g Game) -> GameStates<'g> {
        GameStates::with_start(game, State::initial(game))
    }

    /// The states of `game`, with `start` as state 0 (`START`).
    pub fn with_start(game: &'g Game, start: State) -> GameStates<'g> {
        let states = GameStates {
            game,
            kernel: (!game.scenario.blocking).then(|| Rc::new(game.scenario.kernel())),
            inner: RefCell::new(Inner::default()),
        };
        states.intern(start);
        states
    }

    /// State number `s` (a copy).
    pub fn state(&self, s: u32) -> State {
        self.inner.borrow().entries[s as usize].state.clone()
    }

    /// How many states the run reached.
    pub fn len(&self) -> usize {
        self.inner.borrow().entries.len()
    }

    /// Whether the run has reached no state yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of `state`, numbering it if it is new; its outcome is decided here (a side
    /// without a move may end the game).
    fn intern(&self, mut state: State) -> u32 {
        let mut legal = Vec::new();
        state.successors(self.game, &mut legal);
        let key = state.hash(self.game);
        let mut inner = self.inner.borrow_mut();
        if let Some(ids) = inner.by_key.get(&key)
            && let Some(&id) = ids
                .iter()
                .find(|&&id| inner.entries[id as usize].state == state)
        {
            return id;
        }
        let id = inner.entries.len() as u32;
        inner.entries.push(Entry {
            state,
            legal,
            world: None,
        });
        inner.by_key.entry(key).or_default().push(id);
        id
    }

    fn with<R>(&self, s: u32, f: impl FnOnce(&Entry) -> R) -> R {
        f(&self.inner.borrow().entries[s as usize])
    }

    /// The state after `mv` from state `s`.
    fn play(&self, s: u32, mv: Move) -> u32 {
        let mut next = self.state(s);
        next.make(self.game, mv);
        self.intern(next)
    }

    fn over(&self, s: u32) -> Option<TransitionError> {
        self.with(s, |e| e.state.outcome)
            .map(|o| TransitionError::Over(o.describe(self.game)))
    }
}

impl States for GameStates<'_> {
    fn start(&self) -> u32 {
        0
    }

    fn turn(&self, s: u32) -> Side {
        self.with(s, |e| e.state.to_move)
    }

    fn outcome(&self, s: u32) -> Option<i64> {
        self.with(s, |e| e.state.outcome.map(|o| i64::from(o.value)))
    }

    fn moves(&self, s: u32) -> Vec<(u32, Point, Point)> {
        self.with(s, |e| {
            e.legal
                .iter()
                .filter_map(|m| match *m {
                    Move::Step {
                        piece, from, to, ..
                    } => Some((u32::from(piece), from, to)),
                    Move::Pass => None,
                })
                .collect()
        })
    }

    fn must_pass(&self, s: u32) -> bool {
        self.with(s, |e| e.legal == [Move::Pass])
    }

    fn passed(&self, s: u32) -> bool {
        self.with(s, |e| e.state.passed)
    }

    fn transition(
        &self,
        s: u32,
        piece: u32,
        from: Point,
        to: Point,
    ) -> Result<u32, TransitionError> {
        if let Some(why) = self.over(s) {
            return Err(why);
        }
        let mv = self.with(s, |e| {
            e.legal.iter().copied().find(|m| {
                matches!(*m, Move::Step { piece: p, from: f, to: t, .. }
                    if u32::from(p) == piece && f == from && t == to)
            })
        });
        match mv {
            Some(mv) => Ok(self.play(s, mv)),
            None => {
                let scenario = &self.game.scenario;
                let name = scenario
                    .pieces
                    .get(piece as usize)
                    .map_or("a piece given by type", |p| p.name.as_str());
                Err(TransitionError::Illegal {
                    piece: name.to_string(),
                    from: scenario.board.name(from).to_string(),
                    to: scenario.board.name(to).to_string(),
                    to_move: self.turn(s),
                })
            }
        }
    }

    fn pass(&self, s: u32) -> Result<u32, TransitionError> {
        match self.over(s) {
            Some(why) => Err(why),
            None => Ok(self.play(s, Move::Pass)),
        }
    }

    fn world(&self, s: u32) -> Rc<World<'static>> {
        if let Some(w) = self.with(s, |e| e.world.clone()) {
            return w;
        }
        let (scenario, map) = self.state(s).scenario(self.game);
        let kernel = match &self.kernel {
            Some(k) => k.clone(),
            None => Rc::new(scenario.kernel()),
        };
        let world = Rc::new(World::of_state(
            &self.game.scenario,
            Rc::new(scenario),
            kernel,
            map,
            s + 1,
        ));
        self.inner.borrow_mut().entries[s as usize].world = Some(world.clone());
        world
    }
}
