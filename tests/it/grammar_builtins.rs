//! Every built-in of the table (`lingeo::grammar::builtin`) is type-checked and evaluated on
//! its example: adding a built-in is adding its entry, and the entry's example is its test.
//! (That the built-ins the evaluator computes unboxed give what their entries give is a unit
//! test of `grammar::compile`.) (Here rather than beside the table, because the examples need states
//! of play, which the grammar layer does not import.)

use lingeo::grammar::builtin::Builtin;
use lingeo::grammar::ir::Ex;
use lingeo::grammar::visit::walk;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::play::game::Game;
use lingeo::play::states::GameStates;
use lingeo::scenario::Scenario;

/// The scenario the examples run in: p a white king on a1 whose goal is b2 (reaching it
/// wins at once), q a black king on a6, r a black pawn on h7.
const SCENARIO: &str = "board 8x8\nwhite king at a1\nblack king at a6\nblack pawn at h7\n\
                            goal b2 for WK\ngame {\n  first white\n  goals immediate\n}\n";

/// A grammar deriving `t(expr)`, with the points the examples name as constants.
fn grammar(expr: &str) -> String {
    let points: String = [
        ("a1", 1),
        ("b1", 2),
        ("a2", 9),
        ("b2", 10),
        ("a3", 17),
        ("c3", 19),
        ("a5", 33),
        ("a6", 41),
        ("h6", 48),
        ("h8", 64),
    ]
    .iter()
    .map(|(name, k)| format!("const {name}: point = X[{k}]\n"))
    .collect();
    format!(
        "input p: piece\ninput q: piece\ninput r: piece\n{points}start S()\n\
             terminal t(k: bool)\nnonterminal S()\n\
             productions\n  1 | true | S() -> t({expr}) | | {{}} | {{}}\n"
    )
}

/// Every built-in of the table is type-checked and evaluated, and gives its example's value;
/// the example's IR holds the built-in (a narrowed form included).
#[test]
fn every_builtin_is_checked_and_run() {
    let scenario = Scenario::parse("t.scenario", SCENARIO).unwrap_or_else(|e| panic!("{e:?}"));
    let game = Game::new(scenario.clone()).unwrap_or_else(|e| panic!("{e:?}"));
    let states = GameStates::new(&game);
    let kernel = scenario.kernel();
    let mut world = World::new(&scenario, &kernel).with_states(&states);
    let given: Vec<(String, String)> = [("p", "WK"), ("q", "BK"), ("r", "BP")]
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    for &op in Builtin::ALL {
        let (expr, value) = op.def().example;
        let text = grammar(&format!("({expr}) == ({value})"));
        let g = Grammar::parse("t.lgg", &text)
            .unwrap_or_else(|e| panic!("{op:?}: {expr}: {}", e.render()));
        let mut found = false;
        let mut seen = |e: &Ex| {
            if let Ex::Builtin { op: o, .. } = e {
                found |= std::mem::discriminant(o) == std::mem::discriminant(&op);
            }
        };
        for row in &g.program.rows {
            for (_, args) in &row.rhs {
                args.iter().for_each(|a| walk(a, &mut seen));
            }
        }
        assert!(found, "{op:?}: its example `{expr}` does not use it");
        let inputs = g.bind_inputs(&mut world, &given, None).unwrap();
        let language = g
            .derive(&world, &inputs, &[], Limits::default(), None)
            .unwrap_or_else(|e| panic!("{op:?}: {expr}: {e}"));
        assert_eq!(
            language
                .sentences
                .iter()
                .map(|s| g.show_sentence(&world, s))
                .collect::<Vec<_>>(),
            ["t(true)"],
            "{op:?}: `{expr}` is not `{value}`"
        );
    }
}
