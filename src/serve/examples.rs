//! The shipped examples and grammars, built into the binary: the page offers them one click
//! away, and no request ever names a file to read.

use serde_json::{Value, json};

const SCENARIOS: &[(&str, &str)] = &[
    (
        "examples/robot-zone-simplified.scenario",
        include_str!("../../examples/robot-zone-simplified.scenario"),
    ),
    (
        "examples/robot-zone-full.scenario",
        include_str!("../../examples/robot-zone-full.scenario"),
    ),
    (
        "examples/robot-fighter.scenario",
        include_str!("../../examples/robot-fighter.scenario"),
    ),
    (
        "examples/robot-king.scenario",
        include_str!("../../examples/robot-king.scenario"),
    ),
    (
        "examples/robot-2d4a.scenario",
        include_str!("../../examples/robot-2d4a.scenario"),
    ),
    (
        "examples/reti.scenario",
        include_str!("../../examples/reti.scenario"),
    ),
    (
        "examples/pawned.scenario",
        include_str!("../../examples/pawned.scenario"),
    ),
    (
        "examples/abstract-zone.scenario",
        include_str!("../../examples/abstract-zone.scenario"),
    ),
    (
        "examples/chess-zone.scenario",
        include_str!("../../examples/chess-zone.scenario"),
    ),
    (
        "examples/chess-empty.scenario",
        include_str!("../../examples/chess-empty.scenario"),
    ),
    (
        "examples/middlegame.scenario",
        include_str!("../../examples/middlegame.scenario"),
    ),
    (
        "examples/figure2.scenario",
        include_str!("../../examples/figure2.scenario"),
    ),
    (
        "examples/board16.scenario",
        include_str!("../../examples/board16.scenario"),
    ),
    (
        "examples/cube.scenario",
        include_str!("../../examples/cube.scenario"),
    ),
    (
        "examples/checkers.scenario",
        include_str!("../../examples/checkers.scenario"),
    ),
    (
        "examples/othello.scenario",
        include_str!("../../examples/othello.scenario"),
    ),
    (
        "examples/othello-6x6.scenario",
        include_str!("../../examples/othello-6x6.scenario"),
    ),
    (
        "examples/othello-4x4.scenario",
        include_str!("../../examples/othello-4x4.scenario"),
    ),
];

const GRAMMARS: &[(&str, &str)] = &[
    (
        "grammars/zones-filtered.lgg",
        include_str!("../../grammars/zones-filtered.lgg"),
    ),
    (
        "grammars/zones.lgg",
        include_str!("../../grammars/zones.lgg"),
    ),
    (
        "grammars/shortest-trajectories.lgg",
        include_str!("../../grammars/shortest-trajectories.lgg"),
    ),
    (
        "grammars/admissible-trajectories.lgg",
        include_str!("../../grammars/admissible-trajectories.lgg"),
    ),
    (
        "grammars/admissible-trajectories-s06.lgg",
        include_str!("../../grammars/admissible-trajectories-s06.lgg"),
    ),
    (
        "grammars/hanoi.lgg",
        include_str!("../../grammars/hanoi.lgg"),
    ),
    (
        "grammars/search.lgg",
        include_str!("../../grammars/search.lgg"),
    ),
];

/// Runs worth a click: the README's, as the page's fields.
const RUNS: &[(&str, &str, &str, &str)] = &[
    (
        "grammars/zones-filtered.lgg",
        "examples/robot-zone-simplified.scenario",
        "BOMBER",
        "S(h5, h1, 4)",
    ),
    (
        "grammars/shortest-trajectories.lgg",
        "examples/robot-fighter.scenario",
        "FIGHTER",
        "S(f6, h1, 5)",
    ),
    (
        "grammars/admissible-trajectories.lgg",
        "examples/robot-king.scenario",
        "K",
        "S(h8, c6, 6)",
    ),
    ("grammars/hanoi.lgg", "", "", "S(3, a, c)"),
];

/// `GET /api/examples`.
pub fn all() -> Value {
    let files = |list: &[(&str, &str)]| -> Vec<Value> {
        list.iter()
            .map(|(name, text)| json!({"name": name, "text": text}))
            .collect()
    };
    let runs: Vec<Value> = RUNS
        .iter()
        .map(|(grammar, scenario, piece, start)| {
            json!({
                "grammar": grammar,
                "scenario": (!scenario.is_empty()).then_some(scenario),
                "piece": (!piece.is_empty()).then_some(piece),
                "start": start,
            })
        })
        .collect();
    json!({"scenarios": files(SCENARIOS), "grammars": files(GRAMMARS), "runs": runs})
}
