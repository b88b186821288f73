//! The learned evaluation (docs/players.md §7): the fuzzy evaluation, with the degree of every
//! goal for which a learned rule fires set by the rule (the largest degree where several fire,
//! Cazenave's max), and the explanation naming the rule.

use std::sync::OnceLock;

use super::fuzzy_evaluation::{self, Aim, Evaluation, FiredRule};
use super::rule_book::RuleBook;
use crate::play::game::Game;
use crate::play::state::State;

/// The rules the repository ships, learned on Pawned by `examples/learn_rules.rs`.
pub const SHIPPED: &str = include_str!("../../../learned/pawned.rules");
/// Where the shipped rules live in the repository.
pub const SHIPPED_PATH: &str = "learned/pawned.rules";

/// The shipped rules, parsed once.
pub fn shipped() -> &'static RuleBook {
    static BOOK: OnceLock<RuleBook> = OnceLock::new();
    BOOK.get_or_init(|| {
        RuleBook::parse(SHIPPED_PATH, SHIPPED).unwrap_or_else(|e| {
            panic!("the shipped rules do not parse (a test checks they do):\n{e}")
        })
    })
}

/// Evaluates `state` as [`fuzzy_evaluation::evaluate`] does, then applies `book`.
pub fn evaluate(game: &Game, state: &State, horizon: u32, book: &RuleBook) -> Evaluation {
    apply(
        game,
        state,
        fuzzy_evaluation::evaluate(game, state, horizon),
        book,
    )
}

/// The fuzzy evaluation `e` of `state` with `book` applied: each goal's degree is that of the
/// firing rule with the highest degree, where one fires.
pub fn apply(game: &Game, state: &State, mut e: Evaluation, book: &RuleBook) -> Evaluation {
    for g in &mut e.goals {
        if g.aim != Aim::Goal {
            continue;
        }
        let best = book.firing(game, state, g.piece).fold(
            None,
            |best: Option<&super::rule_book::Rule>, r| match best {
                Some(b) if b.degree() >= r.degree() => Some(b),
                _ => Some(r),
            },
        );
        if let Some(r) = best {
            g.rule = Some(FiredRule {
                number: r.number,
                won: r.won,
                of: r.of,
                fuzzy_degree: g.degree,
            });
            g.degree = r.degree();
        }
    }
    e.value = e.material + e.goals.iter().map(|g| g.weighted()).sum::<f64>();
    e
}
