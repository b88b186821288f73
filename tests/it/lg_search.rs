//! The LG search (docs/lg-search.md): its values on the 2D/4A robot
//! problem and the Réti endgame, the reduced tree of 2D/4A (snapshotted), the CLI's tree
//! outputs, the node limit, and on random small 2D/4A-like games its value against alpha-beta's,
//! agreements and disagreements counted over a fixed set of seeds; and the search grammar
//! (grammars/search.lgg), which must build the native engine's tree move for move.

use std::path::PathBuf;
use std::process::Command;

use lingeo::grammar::{Grammar, Limits};
use lingeo::play::game::Game;
use lingeo::play::search::lg::{self, LgOptions, LgResult};
use lingeo::play::search::lg_grammar;
use lingeo::play::search::{SearchOptions, alphabeta};
use lingeo::play::state::State;
use lingeo::scenario::{GoalOwner, Scenario};

fn settings() -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.set_snapshot_path("../../snapshots");
    s.set_prepend_module_to_snapshot(false);
    s
}

fn game(name: &str) -> Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    let s = Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"));
    Game::new(s).unwrap_or_else(|e| panic!("{e}"))
}

fn lg_search(game: &Game, options: &SearchOptions) -> LgResult {
    let root = State::initial(game);
    lg::search(game, &root, options, &LgOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_robot_problem_is_a_draw_with_h8_g7_among_white_s_alternatives() {
    let g = game("robot-2d4a.scenario");
    let r = lg_search(&g, &SearchOptions::default());
    assert_eq!(r.result.value, Some(0));
    assert_eq!(r.horizon, 4);
    let top: Vec<&str> = r.tree.children.iter().map(|n| n.text.as_str()).collect();
    assert!(top.contains(&"h8-g7"), "{top:?}");
    assert!(top.contains(&"c6-c7"), "{top:?}");
    // Black's replies to h8-g7 include the source's a6-b6, h5-h4 and a6-b5.
    let h8g7 = r.tree.children.iter().find(|n| n.text == "h8-g7").unwrap();
    let replies: Vec<&str> = h8g7.children.iter().map(|n| n.text.as_str()).collect();
    for reply in ["a6-b6", "h5-h4", "a6-b5"] {
        assert!(replies.contains(&reply), "{replies:?}");
    }
    assert_eq!(r.result.nodes as usize, r.tree.moves() + 1);
    settings().bind(|| insta::assert_snapshot!("lg-robot-2d4a-tree", r.tree.text()));
}

#[test]
fn the_reti_endgame_is_a_draw() {
    let g = game("reti.scenario");
    let r = lg_search(&g, &SearchOptions::default());
    assert_eq!(r.result.value, Some(0));
}

#[test]
fn the_whole_reduced_tree_is_larger_and_has_the_same_value() {
    let g = game("robot-2d4a.scenario");
    let root = State::initial(&g);
    let options = SearchOptions {
        depth: Some(4),
        ..SearchOptions::default()
    };
    let pruned = lg::search(&g, &root, &options, &LgOptions::default()).unwrap();
    let full = LgOptions {
        full_tree: true,
        ..LgOptions::default()
    };
    let whole = lg::search(&g, &root, &options, &full).unwrap();
    assert_eq!(pruned.result.value, whole.result.value);
    assert!(whole.tree.moves() > pruned.tree.moves());
}

#[test]
fn the_node_limit_stops_the_search_cleanly() {
    let g = game("robot-2d4a.scenario");
    let r = lg_search(
        &g,
        &SearchOptions {
            max_nodes: Some(10),
            ..SearchOptions::default()
        },
    );
    assert_eq!(r.result.value, None);
    assert!(r.result.stopped.as_deref().unwrap().contains("--max-nodes"));
    assert!(r.tree.children.is_empty());
}

#[test]
fn a_captured_piece_s_goal_leaves_the_state_s_scenario() {
    let g = game("robot-2d4a.scenario");
    let mut state = State::initial(&g);
    for text in ["c6-c7", "a6-b7", "c7-c8", "b7:c8"] {
        let mv = state.parse_move(&g, text).unwrap();
        state.make(&g, mv);
    }
    let (s, map) = state.scenario(&g);
    assert_eq!(map[1], None, "WB was captured");
    let owners: Vec<(String, &str)> = s
        .goals
        .iter()
        .map(|goal| {
            let owner = match goal.owner {
                GoalOwner::Piece(i) => s.pieces[i].name.as_str(),
                _ => "?",
            };
            (s.board.name(goal.point).to_string(), owner)
        })
        .collect();
    assert_eq!(owners, [("h1".to_string(), "BB")]);
}

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the lingeo binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn the_cli_prints_the_tree_as_text_json_and_svg() {
    let svg_path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/lg-tree-test.svg");
    let svg_arg = svg_path.to_string_lossy().into_owned();
    let (out, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "3",
        "--tree",
        "--json",
        "--svg",
        &svg_arg,
    ]);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(json["engine"], "lg");
    assert_eq!(json["value"], 0);
    let tree = json["tree"].as_array().unwrap();
    fn count(nodes: &[serde_json::Value]) -> u64 {
        nodes
            .iter()
            .map(|n| 1 + count(n["children"].as_array().unwrap()))
            .sum()
    }
    assert_eq!(json["moves"].as_u64(), Some(count(tree)));
    assert!(tree.iter().any(|n| n["move"] == "h8-g7"));
    let svg = std::fs::read_to_string(&svg_path).unwrap();
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let nodes = doc
        .descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.starts_with("node value-"))
        })
        .count();
    assert_eq!(nodes as u64, count(tree));

    let (out, _, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "2",
        "--tree",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\nh8-g7  0\n  "), "{out}");

    let (_, err, code) = run(&["search", "examples/robot-2d4a.scenario", "--tree"]);
    assert_eq!(code, 2);
    assert!(err.contains("--tree needs --engine lg"), "{err}");
}

/// SplitMix64, for reproducible random positions.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

fn point(x: u32, y: u32) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

/// A 2D/4A-like game on a random board of 5x5 to 8x8: a fighter and a bomber a side, each
/// bomber with the far rank of its file as its goal, 2 to 4 moves away, the rules of
/// examples/robot-2d4a.scenario with a limit of 16 moves (the bombers' runs take at most 8), so
/// that alpha-beta solves most positions within its budget.
fn random_game(seed: u64) -> String {
    let mut rng = Rng(seed);
    let (w, h) = (5 + rng.below(4), 5 + rng.below(4));
    let mut taken: Vec<(u32, u32)> = Vec::new();
    let mut free = |rng: &mut Rng, xs: (u32, u32), ys: (u32, u32)| loop {
        let p = (xs.0 + rng.below(xs.1 - xs.0), ys.0 + rng.below(ys.1 - ys.0));
        if !taken.contains(&p) {
            taken.push(p);
            return p;
        }
    };
    let wb = free(&mut rng, (0, w), (h - 5, h - 2));
    let bb = free(&mut rng, (0, w), (1, 4));
    let wf = free(&mut rng, (0, w), (0, h));
    let bf = free(&mut rng, (0, w), (0, h));
    format!(
        "board {w}x{h}\n\
         type FIGHTER {{\n  like king\n  value 3\n}}\n\
         type BOMBER {{\n  move leap (0,1)\n  attack leap (1,1) (-1,1)\n  value 5\n}}\n\
         white FIGHTER at {} as WF\nwhite BOMBER at {} as WB\n\
         black FIGHTER at {} as BF\nblack BOMBER at {} as BB\n\
         goal {} for WB\ngoal {} for BB\n\
         game {{\n  first white\n  goals survive\n  stalemate pass\n  safe FIGHTER\n  limit 16\n}}\n",
        point(wf.0, wf.1),
        point(wb.0, wb.1),
        point(bf.0, bf.1),
        point(bb.0, bb.1),
        point(wb.0, h - 1),
        point(bb.0, 0),
    )
}

#[test]
fn on_random_small_games_lg_agrees_with_alpha_beta_where_it_can() {
    let mut rows = Vec::new();
    let (mut agree, mut disagree, mut skipped) = (0, 0, 0);
    for seed in 0..16u64 {
        let text = random_game(seed);
        let s = Scenario::parse("random.scenario", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let g = Game::new(s).unwrap();
        let root = State::initial(&g);
        let exact = alphabeta::search(
            &g,
            &root,
            &SearchOptions {
                max_nodes: Some(150_000),
                ordering: lingeo::play::search::Ordering::Zones,
                ..SearchOptions::default()
            },
        );
        let Some(truth) = exact.value else {
            skipped += 1;
            rows.push(format!(
                "seed {seed:2}: alpha-beta unsolved within 150000 nodes"
            ));
            continue;
        };
        let r = lg::search(
            &g,
            &root,
            &SearchOptions {
                max_nodes: Some(1_200),
                ..SearchOptions::default()
            },
            &LgOptions::default(),
        )
        .unwrap();
        let Some(value) = r.result.value else {
            skipped += 1;
            rows.push(format!("seed {seed:2}: lg stopped at 1200 nodes"));
            continue;
        };
        if value == truth {
            agree += 1;
        } else {
            disagree += 1;
        }
        rows.push(format!(
            "seed {seed:2}: alpha-beta {truth:2} ({} nodes), lg {value:2} ({} moves, horizon {}){}",
            exact.nodes,
            r.tree.moves(),
            r.horizon,
            if value == truth { "" } else { "  DISAGREE" }
        ));
    }
    let report = format!(
        "agree {agree}, disagree {disagree}, skipped {skipped}\n{}\n",
        rows.join("\n")
    );
    settings().bind(|| insta::assert_snapshot!("lg-random-agreement", report));
}

/// The search grammar (grammars/search.lgg) and the native engine on one position: the same
/// value and the same tree, move for move; the tree's text for the shared snapshot.
fn both_engines(name: &str, g: &Game, depth: Option<u32>, full_tree: bool) -> String {
    let root = State::initial(g);
    let options = SearchOptions {
        depth,
        ..SearchOptions::default()
    };
    let lg_options = LgOptions {
        full_tree,
        ..LgOptions::default()
    };
    let native = lg::search(g, &root, &options, &lg_options).unwrap();
    let grammar = Grammar::shipped("search").unwrap_or_else(|e| panic!("{}", e.render()));
    let run = lg_grammar::search(g, &root, &grammar, &options, &lg_options, Limits::default())
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let derived = &run.result;
    assert_eq!(
        derived.result.value, native.result.value,
        "{name}: the value"
    );
    assert_eq!(derived.horizon, native.horizon, "{name}: the horizon");
    assert_eq!(
        derived.tree.text(),
        native.tree.text(),
        "{name}: the grammar's tree (left) and the native one"
    );
    assert_eq!(
        derived.tree, native.tree,
        "{name}: the moves behind the text"
    );
    assert_eq!(derived.result.pv, native.result.pv, "{name}: the line");
    format!(
        "## {name}: depth {}{}, horizon {}, value {}, {} moves, {} states\n{}",
        depth.unwrap_or(native.horizon + 2),
        if full_tree { ", full tree" } else { "" },
        native.horizon,
        native.result.value.expect("a value"),
        native.tree.moves(),
        run.states,
        native.tree.text()
    )
}

/// Every position through both engines, one shared snapshot: agreement by construction. The
/// shipped games at depth 3 (the robot also as the whole tree at depth 2), Pawned on 3x3 and 4x4
/// to their default depth (games that end inside the tree, and nodes without a zone move), and
/// random 2D/4A-like games at depth 3 (their boards, distances and horizons differ).
#[test]
fn the_search_grammar_builds_the_native_engine_s_tree() {
    let mut report = Vec::new();
    for name in ["robot-2d4a.scenario", "reti.scenario", "pawned.scenario"] {
        report.push(both_engines(name, &game(name), Some(3), false));
    }
    report.push(both_engines(
        "robot-2d4a.scenario",
        &game("robot-2d4a.scenario"),
        Some(2),
        true,
    ));
    for board in ["3x3", "4x4"] {
        let text = std::fs::read_to_string(
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/pawned.scenario"),
        )
        .unwrap()
        .replace("board 5x6", &format!("board {board}"));
        assert!(
            text.contains(&format!("board {board}\n")),
            "the board line changed"
        );
        let s = Scenario::parse("pawned.scenario", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let g = Game::new(s).unwrap();
        report.push(both_engines(&format!("Pawned {board}"), &g, None, false));
    }
    for seed in [0u64, 3, 4, 5, 11] {
        let text = random_game(seed);
        let s = Scenario::parse("random.scenario", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let g = Game::new(s).unwrap();
        report.push(both_engines(
            &format!("random game {seed}"),
            &g,
            Some(3),
            false,
        ));
    }
    settings().bind(|| insta::assert_snapshot!("search-grammar-trees", report.join("\n")));
}
