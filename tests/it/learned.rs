//! Learned rules (docs/players.md §7): a rule generalised from one position fires on its
//! translates and mirror and not where a point it depends on differs; the shipped rules are the
//! learner's output, byte for byte; the rules that the passed-pawn argument proves are sound.

use lingeo::play::game::Game;
use lingeo::play::players::fuzzy_evaluation::{self, Aim};
use lingeo::play::players::learned;
use lingeo::play::players::learning::{LearnOptions, generalise, learn, origin};
use lingeo::play::players::rule_book::{Content, Rule, RuleBook};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;

fn pawns(pieces: &str, first: &str) -> (Game, State) {
    let text = format!(
        "board 5x6\n{pieces}\ngoal rank last for white\ngoal rank 1 for black\n\
         game {{\n  first {first}\n  goals immediate\n  stalemate pass\n  deadlock count\n}}\n"
    );
    let game = Game::new(Scenario::parse("t.scenario", &text).unwrap()).unwrap();
    let state = State::initial(&game);
    (game, state)
}

fn piece(game: &Game, name: &str) -> usize {
    game.scenario
        .pieces
        .iter()
        .position(|p| p.name == name)
        .unwrap()
}

/// The rule generalised from `name`'s way to a goal in the position.
fn rule_of(game: &Game, state: &State, name: &str) -> Rule {
    let p = piece(game, name);
    let e = fuzzy_evaluation::evaluate(game, state, 4);
    let term = e
        .goals
        .iter()
        .find(|g| g.piece == p && g.aim == Aim::Goal)
        .unwrap_or_else(|| panic!("no goal of {name}: {}", e.explain(game)));
    generalise(game, state, p, term.best.as_ref().unwrap()).unwrap()
}

#[test]
fn a_rule_fires_on_its_translate_and_mirror_and_not_where_a_point_differs() {
    // A white pawn two steps from the last rank, nothing near it, White to move.
    let (g, s) = pawns("white pawn at b4 as W\nblack pawn at e6 as B", "white");
    let rule = rule_of(&g, &s, "W");
    assert_eq!(rule.path.len(), 2);
    assert!(rule.path.iter().all(|(_, c)| *c == Content::Empty));
    assert!(rule.enemies.is_empty() && rule.own_to_move && rule.race_ahead);
    assert!(rule.fires(&g, &s, piece(&g, "W")));
    // Translated two files to the right, the black pawn elsewhere but out of the region.
    let (g2, s2) = pawns("white pawn at d4 as W\nblack pawn at a6 as B", "white");
    assert!(rule.fires(&g2, &s2, piece(&g2, "W")));
    // Mirrored: a black pawn two steps from rank 1, Black to move.
    let (g3, s3) = pawns("black pawn at c3 as W\nwhite pawn at a1 as B", "black");
    assert!(rule.fires(&g3, &s3, piece(&g3, "W")));
    // A black pawn on c6 attacks c5... and b5 from c6: a point of the region differs.
    let (g4, s4) = pawns("white pawn at b4 as W\nblack pawn at c6 as B", "white");
    assert!(!rule.fires(&g4, &s4, piece(&g4, "W")));
    // The path blocked by an own pawn.
    let (g5, s5) = pawns(
        "white pawn at b4 as W\nwhite pawn at b5 as V\nblack pawn at e6 as B",
        "white",
    );
    assert!(!rule.fires(&g5, &s5, piece(&g5, "W")));
    // The other side to move.
    let (g6, s6) = pawns("white pawn at b4 as W\nblack pawn at e6 as B", "black");
    assert!(!rule.fires(&g6, &s6, piece(&g6, "W")));
    // Too close to the edge for the path: the translate's path leaves the board.
    let (g7, s7) = pawns("white pawn at b5 as W\nblack pawn at e6 as B", "white");
    assert!(!rule.fires(&g7, &s7, piece(&g7, "W")));
}

#[test]
fn a_firing_rule_sets_the_degree_and_is_named_by_the_explanation() {
    let (g, s) = pawns("white pawn at b4 as W\nblack pawn at c6 as B", "white");
    // Learned from a position where the white pawn was passed (degree 1), with a made-up
    // count; here a black pawn stands in its region, so that rule does not fire and the
    // fuzzy degree stays.
    let (g1, s1) = pawns("white pawn at b4 as W\nblack pawn at e6 as B", "white");
    let mut rule = rule_of(&g1, &s1, "W");
    (rule.number, rule.won, rule.of) = (7, 1, 4);
    let book = RuleBook { rules: vec![rule] };
    let e = learned::evaluate(&g, &s, 4, &book);
    let w = e
        .goals
        .iter()
        .find(|t| t.piece == 0 && t.aim == Aim::Goal)
        .unwrap();
    assert!(w.rule.is_none());
    let e = learned::evaluate(&g1, &s1, 4, &book);
    let w = e
        .goals
        .iter()
        .find(|t| t.piece == 0 && t.aim == Aim::Goal)
        .unwrap();
    assert_eq!(w.degree, 0.25);
    assert_eq!(w.rule.as_ref().unwrap().fuzzy_degree, 1.0);
    let sum: f64 = e.goals.iter().map(|t| t.weighted()).sum();
    assert!((e.value - (e.material + sum)).abs() < 1e-12);
    assert!(
        e.explain(&g1).contains(
            "learned rule 7 fired: degree 1 won / 4 seen = 0.25 (the fuzzy degree was 1.00)"
        ),
        "{}",
        e.explain(&g1)
    );
}

#[test]
fn the_shipped_rules_are_the_learners_output() {
    let root = env!("CARGO_MANIFEST_DIR");
    let scenario = Scenario::load(std::path::Path::new(&format!(
        "{root}/examples/pawned.scenario"
    )))
    .unwrap();
    let game = Game::new(scenario).unwrap();
    let options = LearnOptions::default();
    let (book, _) = learn(&game, &options);
    let text = book.to_text(&origin("examples/pawned.scenario", &options));
    assert!(
        text == learned::SHIPPED,
        "learned/pawned.rules is not what examples/learn_rules.rs writes: run \
         `cargo run --release --example learn_rules`"
    );
    assert_eq!(learned::shipped(), &book);
}

#[test]
fn the_passed_pawn_rules_always_won() {
    // A path of empty points, no enemy in its region and the race ahead: the pawn walks to its
    // goal, nothing can stop it in time and nothing wins before it (docs/players.md §7). Every
    // such shipped rule must say so.
    let book = learned::shipped();
    let passed: Vec<&Rule> = book
        .rules
        .iter()
        .filter(|r| {
            r.race_ahead && r.enemies.is_empty() && r.path.iter().all(|(_, c)| *c == Content::Empty)
        })
        .collect();
    assert!(passed.len() >= 2);
    for r in passed {
        assert_eq!(r.won, r.of, "rule {}", r.number);
    }
}
