//! The LG search (docs/lg-search.md): its values on the 2D/4A robot
//! problem and the Réti endgame, the reduced tree of 2D/4A (snapshotted), the CLI's tree
//! outputs, the node limit, and on random small 2D/4A-like games its value against alpha-beta's,
//! agreements and disagreements counted over a fixed set of seeds; and the search grammar
//! (grammars/search.lgg), which must build the native engine's tree move for move.

use std::path::PathBuf;

use crate::common::lingeo as run;

use lingeo::grammar::{Grammar, Limits};
use lingeo::play::agreement::{self, Family};
use lingeo::play::game::Game;
use lingeo::play::search::SearchOptions;
use lingeo::play::search::lg::{self, LgOptions, LgResult};
use lingeo::play::search::lg_grammar;
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

/// The LG search with leaves scored 0 (`--leaf zero`), the tree these tests have followed
/// since before zone-valued leaves.
fn lg_search(game: &Game, options: &SearchOptions) -> LgResult {
    let root = State::initial(game);
    let zero = LgOptions {
        leaf: lg::Leaf::Zero,
        product_zones: true,
        ..LgOptions::default()
    };
    lg::search(game, &root, options, &zero).unwrap_or_else(|e| panic!("{e}"))
}

/// With zone-valued leaves (the default: domination zones, the race extension along the goal
/// zones past the depth bound, goals waiting for their reply played out; docs/lg-search.md)
/// the 2D/4A root is the solver's draw, found by the fighter's double threat (g7-f6 and the
/// guard e5-d6 are domination moves) past the depth bound; the value rests on static leaves
/// and says so.
#[test]
fn zone_valued_leaves_find_the_robot_problem_s_draw() {
    let g = game("robot-2d4a.scenario");
    let root = State::initial(&g);
    let r = lg::search(&g, &root, &SearchOptions::default(), &LgOptions::default()).unwrap();
    assert_eq!(r.result.value, Some(0));
    assert!(!r.proved);
    assert!(r.tree.leaves()[3] > 0, "the table shares transpositions");
    assert_eq!(r.depth, 6);
    // The default tree at depth 4: the leaves' static values, the bundles' zone moves.
    let shallow = SearchOptions {
        depth: Some(4),
        ..SearchOptions::default()
    };
    let no_race = LgOptions {
        race: Some(0),
        ..LgOptions::default()
    };
    let d4 = lg::search(&g, &root, &shallow, &no_race).unwrap();
    assert_eq!(d4.tree.moves(), 60);
    settings().bind(|| insta::assert_snapshot!("lg-robot-2d4a-zone-leaves-depth4", d4.tree.text()));
    // Zero leaves give the solver's 0, by the depth bound: an estimate as well.
    let zero = lg_search(&g, &SearchOptions::default());
    assert_eq!(zero.result.value, Some(0));
    assert!(!zero.proved);
    // c6-c7 loses: after it, the zone-valued search answers -1.
    let mut after = root.clone();
    let mv = after.parse_move(&g, "c6-c7").unwrap();
    after.make(&g, mv);
    let r = lg::search(&g, &after, &SearchOptions::default(), &LgOptions::default()).unwrap();
    assert_eq!(r.result.value, Some(-1));
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
    // No race extension: the whole tree with it is tens of thousands of moves.
    let plain = LgOptions {
        race: Some(0),
        ..LgOptions::default()
    };
    let pruned = lg::search(&g, &root, &options, &plain).unwrap();
    let full = LgOptions {
        full_tree: true,
        ..plain
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
    // The library's words, without the CLI's option.
    assert_eq!(
        r.result
            .stopped
            .as_ref()
            .map(ToString::to_string)
            .as_deref(),
        Some("stopped at the node limit (10 positions)")
    );
    assert!(r.tree.children.is_empty());
}

/// A deepening search (`deepen`, the API's under a time limit) stopped by a limit keeps the
/// deepest pass it completed: that pass's tree and value are those of the search asked for at
/// that depth bound, and the limit's reason comes with them. Unstopped, it ends with the
/// search asked for, having visited the positions of every pass.
#[test]
fn a_deepening_search_keeps_its_deepest_completed_pass() {
    let g = game("robot-2d4a.scenario");
    let root = State::initial(&g);
    let at = |depth: u32, max_nodes: Option<u64>, deepen: bool| {
        let options = SearchOptions {
            depth: Some(depth),
            max_nodes,
            ..SearchOptions::default()
        };
        let lg = LgOptions {
            deepen,
            ..LgOptions::default()
        };
        lg::search(&g, &root, &options, &lg).unwrap_or_else(|e| panic!("{e}"))
    };
    let whole = at(6, None, false);
    let deepened = at(6, None, true);
    assert_eq!(deepened.result.stopped, None);
    assert_eq!((deepened.depth, deepened.depth_asked), (6, 6));
    assert_eq!(deepened.tree.text(), whole.tree.text());
    assert_eq!(deepened.result.value, whole.result.value);
    assert!(deepened.result.nodes > whole.result.nodes);
    // The passes to depth 3 fit in a budget that depth 4's pass passes.
    let to_3: u64 = (1..=3).map(|d| at(d, None, false).result.nodes).sum();
    let to_4 = to_3 + at(4, None, false).result.nodes;
    let stopped = at(6, Some(to_3 + (to_4 - to_3) / 2), true);
    let three = at(3, None, false);
    assert_eq!((stopped.depth, stopped.depth_asked), (3, 6));
    assert_eq!(stopped.tree.text(), three.tree.text());
    assert_eq!(stopped.result.value, three.result.value);
    assert_eq!(
        stopped.result.stopped.as_ref().map(ToString::to_string),
        Some(format!(
            "stopped at the node limit ({} positions)",
            to_3 + (to_4 - to_3) / 2
        ))
    );
    // A bound of 0 (the race alone) is one pass, as asked.
    let zero = at(0, None, true);
    assert_eq!((zero.depth, zero.depth_asked), (0, 0));
    assert_eq!(zero.tree.text(), at(0, None, false).tree.text());
    // Stopped in its first pass, it has no result, as a search that does not deepen.
    let none = at(6, Some(3), true);
    assert_eq!(none.result.value, None);
    assert!(none.tree.children.is_empty());
}

/// The race line says the budget that stopped the race, as the search ran under it.
#[test]
fn the_race_line_names_the_budget_that_stopped_it() {
    let (out, err, code) = run(&[
        "search",
        "examples/reti.scenario",
        "--engine",
        "lg",
        "--race-budget",
        "3000",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(
            "race: 4 plies past the depth bound (of 8: a deeper pass would pass the race \
             budget of 3000 positions)"
        ),
        "{out}"
    );
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

#[test]
fn the_cli_prints_the_tree_as_text_json_and_svg() {
    let svg_path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lg-tree-test.svg");
    let svg_arg = svg_path.to_string_lossy().into_owned();
    let dot_path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("lg-tree-test.dot");
    let dot_arg = dot_path.to_string_lossy().into_owned();
    let (out, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "3",
        "--leaf",
        "zero",
        "--tree",
        "--json",
        "--svg",
        &svg_arg,
        "--dot",
        &dot_arg,
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
    // The same tree as DOT: a node per move and the root, an edge per move.
    let dot = std::fs::read_to_string(&dot_path).unwrap();
    assert!(dot.starts_with("digraph lg_tree {"), "{dot}");
    assert_eq!(dot.matches(" -> ").count() as u64, count(tree));
    assert_eq!(dot.matches(" [label=").count() as u64, count(tree) + 1);
    assert!(dot.contains("\"h8-g7\\n"), "{dot}");

    let (out, _, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "2",
        "--leaf",
        "zero",
        "--tree",
    ]);
    assert_eq!(code, 0);
    assert!(out.contains("\nh8-g7  0\n  "), "{out}");

    let (_, err, code) = run(&["search", "examples/robot-2d4a.scenario", "--tree"]);
    assert_eq!(code, 2);
    assert!(err.contains("--tree needs --engine lg"), "{err}");
}

/// SplitMix64, for reproducible random positions.
/// The 2D/4A-like random game `seed` (`lingeo::play::agreement`, where the agreement
/// measurements of docs/lg-search.md take it from).
fn random_game(seed: u64) -> String {
    agreement::random_game(Family::Robot, seed)
}

/// The quick agreement set of `examples/lg_agreement.rs --quick`'s random part: 10 games of
/// each family, LG (defaults) against the solver, within small budgets. The floor is what the
/// zone-valued leaves reach (docs/lg-search.md "Agreement with the solver"); the old leaves
/// scored 0 agree on about half of these.
#[test]
fn on_random_small_games_lg_agrees_with_the_solver_above_a_floor() {
    let budgets = agreement::Budgets {
        solve_nodes: 60_000,
        lg_nodes: 20_000,
        // Stops by the node and zone budgets only, the same on every machine.
        lg_time: std::time::Duration::from_secs(3600),
        max_zones: Some(2_000),
    };
    let families: Vec<_> = Family::all()
        .into_iter()
        .map(|f| {
            (
                f,
                agreement::random_rows(f, 0..10, &LgOptions::default(), &budgets),
            )
        })
        .collect();
    let report = agreement::random_table(&families);
    let all: Vec<_> = families
        .iter()
        .flat_map(|(_, r)| r.iter().cloned())
        .collect();
    let tally = agreement::Tally::of(&all);
    assert!(tally.agree + tally.disagree >= 27, "{report}");
    assert!(tally.rate() >= 90.0, "{report}");
    let zero = LgOptions {
        leaf: lg::Leaf::Zero,
        product_zones: true,
        ..LgOptions::default()
    };
    let old = agreement::Tally::of(&agreement::random_rows(
        Family::Robot,
        0..10,
        &zero,
        &budgets,
    ));
    let new = agreement::Tally::of(&families[0].1);
    assert!(new.agree > old.agree, "zones {new:?}, zero {old:?}");
    settings().bind(|| insta::assert_snapshot!("lg-random-agreement", report));
    // On two threads: the same rows, in the same order.
    let robot_on_two =
        agreement::random_rows_jobs(Family::Robot, 0..10, &LgOptions::default(), &budgets, 2);
    let two = agreement::random_table(&[
        (Family::Robot, robot_on_two),
        families[1].clone(),
        families[2].clone(),
    ]);
    assert_eq!(two, report);
}

/// The search grammar (grammars/search.lgg) and the native engine on one position: the same
/// value and the same tree, move for move; the tree's text for the shared snapshot.
fn both_engines(
    name: &str,
    g: &Game,
    depth: Option<u32>,
    full_tree: bool,
    zones: lg::Zones,
) -> String {
    let root = State::initial(g);
    let options = SearchOptions {
        depth,
        ..SearchOptions::default()
    };
    // The search grammar scores leaves 0 only.
    let lg_options = LgOptions {
        full_tree,
        zones,
        leaf: lg::Leaf::Zero,
        product_zones: true,
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
    // The moves, values, ends and cutoffs; not the bounds of the values, which the native
    // search reads off its window and the grammar, which keeps none, off its cutoffs alone.
    assert_eq!(
        without_bounds(&derived.tree),
        without_bounds(&native.tree),
        "{name}: the moves behind the text"
    );
    assert_eq!(derived.result.pv, native.result.pv, "{name}: the line");
    format!(
        "## {name}: depth {}{}{}, horizon {}, value {}, {} moves, {} states\n{}",
        depth.unwrap_or(native.horizon + 2),
        if full_tree { ", full tree" } else { "" },
        if zones == lg::Zones::Translate {
            ", zones translated"
        } else {
            ""
        },
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
/// random 2D/4A-like games at depth 3 (their boards, distances and horizons differ); each with
/// the zones generated anew at every state and carried by the translations (the robot and
/// Réti also at depth 5, where zones end and are generated anew inside the tree).
#[test]
fn the_search_grammar_builds_the_native_engine_s_tree() {
    let mut positions: Vec<(String, Game, Option<u32>, bool)> = Vec::new();
    for name in ["robot-2d4a.scenario", "reti.scenario", "pawned.scenario"] {
        positions.push((name.to_string(), game(name), Some(3), false));
    }
    positions.push((
        "robot-2d4a.scenario".to_string(),
        game("robot-2d4a.scenario"),
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
        positions.push((format!("Pawned {board}"), g, None, false));
    }
    for seed in [0u64, 3, 4, 5, 11] {
        let text = random_game(seed);
        let s = Scenario::parse("random.scenario", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let g = Game::new(s).unwrap();
        positions.push((format!("random game {seed}"), g, Some(3), false));
    }
    let mut report = Vec::new();
    for zones in [lg::Zones::Regenerate, lg::Zones::Translate] {
        for (name, g, depth, full) in &positions {
            report.push(both_engines(name, g, *depth, *full, zones));
        }
    }
    for name in ["robot-2d4a.scenario", "reti.scenario"] {
        report.push(both_engines(
            name,
            &game(name),
            Some(5),
            false,
            lg::Zones::Translate,
        ));
    }
    settings().bind(|| insta::assert_snapshot!("search-grammar-trees", report.join("\n")));
}

/// Random 2D/4A-like games, the zones carried by the translations to depth 4: the grammar's
/// tree is the native engine's on every one. The levels of a zone's symbols are replayed from
/// their times in the grammar and kept by the native generator; this is where the two would
/// part if the replay were wrong.
#[test]
fn the_search_grammar_translates_zones_as_the_native_engine_does_on_random_games() {
    let mut moves = 0;
    // Seeds 20 to 59 whose trees the grammar builds in well under a second (optimised); on the
    // others it takes seconds, or the zone grammar passes its limits (docs/lg-search.md).
    for seed in [
        22u64, 24, 30, 31, 35, 36, 38, 39, 43, 45, 46, 47, 50, 52, 56, 57,
    ] {
        let text = random_game(seed);
        let s = Scenario::parse("random.scenario", &text).unwrap_or_else(|e| panic!("{e:?}"));
        let g = Game::new(s).unwrap();
        let report = both_engines(
            &format!("random game {seed}"),
            &g,
            Some(4),
            false,
            lg::Zones::Translate,
        );
        moves += report.lines().count() - 1;
    }
    assert_eq!(moves, 331, "moves in all the trees");
}

fn lg_with(game: &Game, depth: Option<u32>, zones: lg::Zones, domination: bool) -> LgResult {
    let root = State::initial(game);
    let options = SearchOptions {
        depth,
        ..SearchOptions::default()
    };
    let lg = LgOptions {
        zones,
        domination: Some(domination),
        leaf: lg::Leaf::Zero,
        product_zones: true,
        ..LgOptions::default()
    };
    lg::search(game, &root, &options, &lg).unwrap_or_else(|e| panic!("{e}"))
}

/// The default search (zone-valued leaves, domination zones, the race) of `file` at `horizon`
/// with the zones of `zones`.
fn default_search(file: &str, horizon: u32, depth: Option<u32>, zones: lg::Zones) -> LgResult {
    let g = game(file);
    let options = SearchOptions {
        depth,
        ..SearchOptions::default()
    };
    let lg = LgOptions {
        horizon: Some(horizon),
        zones,
        ..LgOptions::default()
    };
    lg::search(&g, &State::initial(&g), &options, &lg).unwrap_or_else(|e| panic!("{e}"))
}

/// Zones updated across each move are those generated afresh (the property test in
/// `src/play/search/lg/update.rs`), so the searches are the same: tree, value, positions,
/// principal variation, the race run, and the states whose zones were listed.
#[test]
fn updated_zones_give_the_regenerated_search() {
    assert_eq!(lg::LgOptions::default().zones, lg::Zones::Update);
    for (file, horizon, depth) in [
        ("robot-2d4a.scenario", 4, None),
        ("pawned.scenario", 4, Some(6)),
        ("reti.scenario", 4, None),
        ("race10.scenario", 3, None),
        ("race10.scenario", 4, Some(4)),
    ] {
        let updated = default_search(file, horizon, depth, lg::Zones::Update);
        let regenerated = default_search(file, horizon, depth, lg::Zones::Regenerate);
        assert_eq!(updated.tree, regenerated.tree, "{file}");
        let (u, r) = (&updated.result, &regenerated.result);
        assert_eq!(
            (u.value, u.score, &u.pv, u.nodes, u.tt_hits, u.depth),
            (r.value, r.score, &r.pv, r.nodes, r.tt_hits, r.depth),
            "{file}"
        );
        assert_eq!(
            (updated.race, updated.proved, updated.generated),
            (regenerated.race, regenerated.proved, regenerated.generated),
            "{file}"
        );
        assert!(u.nodes > 100, "{file}: {} positions", u.nodes);
    }
}

#[test]
fn translated_zones_give_the_regenerated_tree_where_translation_is_exact() {
    // A bomber out of every opposing piece's reach: its zone is its main trajectory alone, and
    // the translation of it (shortened, its time one less) is the zone generated afresh.
    let text = "board 8x8\n\
        type FIGHTER {\n  like king\n}\n\
        type BOMBER {\n  move leap (0,1)\n  attack leap (1,1) (-1,1)\n}\n\
        white BOMBER at a3 as WB\nblack FIGHTER at h1 as BF\ngoal a8 for WB\n\
        game {\n  first white\n  goals immediate\n  stalemate pass\n  limit 30\n}\n";
    let g = Game::new(Scenario::parse("alone.scenario", text).unwrap()).unwrap();
    let regenerated = lg_with(&g, Some(9), lg::Zones::Regenerate, false);
    let translated = lg_with(&g, Some(9), lg::Zones::Translate, false);
    assert_eq!(regenerated.result.value, Some(1));
    assert_eq!(translated.tree, regenerated.tree);
    assert_eq!(
        translated.tree.text().lines().next(),
        Some("a3-a4  1"),
        "{}",
        translated.tree.text()
    );
    // Zones generated afresh: every state for Regenerate; for Translate the root and each
    // state where Black, without a zone move in the carried zones, has them looked at anew.
    assert_eq!(regenerated.generated, 9);
    assert_eq!(translated.generated, 5);
}

#[test]
fn translated_zones_keep_the_values_on_the_shipped_games() {
    for name in ["robot-2d4a.scenario", "reti.scenario", "pawned.scenario"] {
        let g = game(name);
        let regenerated = lg_with(&g, None, lg::Zones::Regenerate, false);
        let translated = lg_with(&g, None, lg::Zones::Translate, false);
        assert_eq!(translated.result.value, regenerated.result.value, "{name}");
        assert!(
            translated.generated < regenerated.generated,
            "{name}: {} zones generated against {}",
            translated.generated,
            regenerated.generated
        );
    }
    // 2D/4A at depth 4: the regenerated tree less four of Black's replies at the last ply,
    // which only zones generated afresh after g7-f6 hold.
    let g = game("robot-2d4a.scenario");
    let translated = lg_with(&g, Some(4), lg::Zones::Translate, false);
    assert_eq!(translated.tree.moves(), 43);
    settings().bind(|| {
        insta::assert_snapshot!("lg-robot-2d4a-translated-depth4", translated.tree.text())
    });
}

#[test]
fn a_guard_covers_only_the_points_where_the_goal_piece_can_be_intercepted() {
    use lg::{Regenerate, ZoneKind, ZoneSource};
    // The white bomber passes c5, c6, c7 to c8; Black's fighter on a8 reaches c6 (after the
    // bomber's second move), c7 and c8 in time, c5 (three moves, the bomber's first) not.
    let text = "board 8x8\n\
        type FIGHTER {\n like king\n value 3\n}\n\
        type BOMBER {\n move leap (0,1)\n attack leap (1,1) (-1,1)\n value 5\n}\n\
        white FIGHTER at h8 as WF\nwhite BOMBER at c4 as WB\n\
        black FIGHTER at a8 as BF\nblack BOMBER at h7 as BB\n\
        goal c8 for WB\ngoal h1 for BB\n\
        game {\n first white\n goals survive\n safe FIGHTER\n limit 30\n}\n";
    let g = Game::new(Scenario::parse("guard.scenario", text).unwrap()).unwrap();
    let b = &g.scenario.board;
    let state = State::initial(&g);
    let mut source = Regenerate::new(&g, 4);
    source.domination = true;
    let attacks = source.zones(&g, &state).unwrap();
    let guarded: Vec<String> = attacks
        .iter()
        .filter(|a| a.kind == ZoneKind::Domination && g.scenario.pieces[a.piece].name == "WF")
        .map(|a| b.name(a.target).to_string())
        .collect();
    // c5 is on the bomber's path and within the fighter's reach (h8 to d6 in four moves),
    // but no interceptor reaches it in time: guarding it would stop nothing.
    assert_eq!(guarded, ["c6", "c7", "c8"]);
    // Past the depth bound a domination zone gives only its guard's approach, an attack its
    // main trajectories and their interceptions.
    for a in attacks.iter() {
        for step in &a.race_steps {
            assert!(a.steps.contains(step));
        }
        let levels = |(piece, from, to): (usize, _, _)| {
            a.zones
                .iter()
                .flat_map(|z| &z.entries)
                .filter(move |e| e.piece == piece && e.trajectory[..2] == [from, to])
                .map(|e| e.level)
                .min()
                .unwrap()
        };
        let deepest = match a.kind {
            ZoneKind::Attack => 1,
            ZoneKind::Domination => 0,
        };
        assert!(a.race_steps.iter().all(|&s| levels(s) <= deepest));
        assert!(
            a.steps
                .iter()
                .filter(|s| !a.race_steps.contains(s))
                .all(|&s| levels(s) > deepest)
        );
    }
}

#[test]
fn the_fighter_guards_the_bomber_s_path_with_domination_zones() {
    use lg::{Regenerate, ZoneKind, ZoneSource};
    use std::collections::BTreeSet;
    let g = game("robot-2d4a.scenario");
    let b = &g.scenario.board;
    let name = |p| b.name(p).to_string();
    let mut state = State::initial(&g);
    let mut source = Regenerate::new(&g, 4);
    source.domination = true;
    // By default a domination zone is its guard's approach alone (the main trajectory).
    let mains_only = source.zones(&g, &state).unwrap();
    assert!(
        mains_only
            .iter()
            .filter(|a| a.kind == ZoneKind::Domination)
            .flat_map(|a| a.zones.iter())
            .all(|z| z.entries.len() == 1 && z.entries[0].level == 0)
    );
    let mut source = Regenerate::new(&g, 4);
    source.domination = true;
    source.guard_negations = true;
    let attacks = source.zones(&g, &state).unwrap();
    let guards: Vec<String> = attacks
        .iter()
        .filter(|a| a.kind == ZoneKind::Domination)
        .map(|a| format!("{} {}", g.scenario.pieces[a.piece].name, name(a.target)))
        .collect();
    // White's fighter guards the points its bomber still has to pass; Black's fighter is
    // too far from h4-h1.
    assert_eq!(guards, ["WF c7", "WF c8"]);
    let c8 = attacks
        .iter()
        .find(|a| a.kind == ZoneKind::Domination && name(a.target) == "c8")
        .unwrap();
    // One zone (a bundle) per shortest trajectory of the king-like fighter h8 -> c8.
    assert_eq!(c8.zones.len(), 21);
    let mut second = BTreeSet::new();
    for z in c8.zones.iter() {
        let main = &z.entries[0];
        assert_eq!(g.scenario.pieces[main.piece].name, "WF");
        assert_eq!(main.trajectory.len(), 6, "5 moves, the last onto c8");
        assert_eq!(name(main.trajectory[0]), "h8");
        assert_eq!(name(*main.trajectory.last().unwrap()), "c8");
        second.insert(name(main.trajectory[1]));
        // Black's fighter can reach the path in time: its negations are in every bundle.
        assert!(
            z.entries
                .iter()
                .any(|e| e.level == 1 && g.scenario.pieces[e.piece].name == "BF")
        );
    }
    assert_eq!(second, BTreeSet::from(["g7".to_string(), "g8".to_string()]));

    // h8-g7 serves three zones (the attack on the black bomber and both dominations): the
    // tree tries it first.
    let r = lg_with(&g, Some(4), lg::Zones::Regenerate, true);
    assert_eq!(r.result.value, Some(0));
    assert_eq!(r.tree.children[0].text, "h8-g7");

    // After h8-g7 the translated domination of c8 is the fresh one: the same main
    // trajectories, g7 -> c8 in 4 moves.
    let mv = state.parse_move(&g, "h8-g7").unwrap();
    let parent = attacks.clone();
    state.make(&g, mv);
    let (carried, ended) = lg::translate_attacks(&g, &parent, mv, &state);
    assert!(!ended);
    let fresh = source.zones(&g, &state).unwrap();
    let mains = |attacks: &[lg::Attack], target: &str| -> BTreeSet<Vec<String>> {
        attacks
            .iter()
            .filter(|a| a.kind == ZoneKind::Domination && name(a.target) == target)
            .flat_map(|a| a.zones.iter())
            .map(|z| z.entries[0].trajectory.iter().map(|&p| name(p)).collect())
            .collect()
    };
    for target in ["c7", "c8"] {
        let m = mains(&fresh, target);
        assert!(!m.is_empty() && m.iter().all(|t| t.len() == 5 && t[0] == "g7"));
        assert_eq!(mains(&carried, target), m, "{target}");
    }
}

/// The CLI's text output without its time line.
fn untimed(out: &str) -> String {
    out.lines()
        .filter(|l| !l.starts_with("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_cli_searches_with_translated_and_domination_zones() {
    for (flags, snapshot) in [
        (
            &["--zones", "translate"][..],
            "lg-cli-robot-2d4a-translate-depth4",
        ),
        (&["--domination"][..], "lg-cli-robot-2d4a-domination-depth4"),
    ] {
        let mut args = vec![
            "search",
            "examples/robot-2d4a.scenario",
            "--engine",
            "lg",
            "--depth",
            "4",
            "--leaf",
            "zero",
            "--tree",
        ];
        args.extend_from_slice(flags);
        let (out, err, code) = run(&args);
        assert_eq!(code, 0, "{err}");
        settings().bind(|| insta::assert_snapshot!(snapshot, untimed(&out)));
        args.push("--json");
        let (out, _, code) = run(&args);
        assert_eq!(code, 0);
        let json: serde_json::Value = serde_json::from_str(&out).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        assert_eq!(
            keys,
            [
                "engine",
                "ordering",
                "value",
                "score",
                "pv",
                "nodes",
                "tt_hits",
                "depth",
                "time_ms",
                "cpu_time_ms",
                "horizon",
                "proved",
                "forced_in_tree",
                "race",
                "race_asked",
                "depth_bound",
                "depth_asked",
                "moves",
                "tree"
            ]
        );
        // Leaves scored 0 have no race extension.
        assert_eq!((&json["race"], &json["race_asked"]), (&0.into(), &0.into()));
        assert_eq!(
            (&json["depth_bound"], &json["depth_asked"]),
            (&4.into(), &4.into())
        );
        assert_eq!(json["value"], 0);
        assert_eq!(json["proved"], false);
    }
    for flags in [&["--zones", "translate"][..], &["--domination"][..]] {
        let mut args = vec!["search", "examples/robot-2d4a.scenario"];
        args.extend_from_slice(flags);
        let (_, err, code) = run(&args);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("needs --engine lg"), "{err}");
    }
    let (_, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--zones",
        "fresh",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("invalid value 'fresh'"), "{err}");
}

#[test]
fn on_random_small_games_translated_zones_keep_the_value() {
    let mut rows = Vec::new();
    let mut same = 0;
    for seed in 0..16u64 {
        let s = Scenario::parse("random.scenario", &random_game(seed)).unwrap();
        let g = Game::new(s).unwrap();
        let root = State::initial(&g);
        let options = SearchOptions {
            max_nodes: Some(300),
            ..SearchOptions::default()
        };
        let [regenerated, translated] =
            [lg::Zones::Regenerate, lg::Zones::Translate].map(|zones| {
                let lg = LgOptions {
                    zones,
                    leaf: lg::Leaf::Zero,
                    product_zones: true,
                    ..LgOptions::default()
                };
                lg::search(&g, &root, &options, &lg).unwrap()
            });
        let (a, b) = (regenerated.result.value, translated.result.value);
        same += usize::from(a == b);
        rows.push(format!(
            "seed {seed:2}: regenerate {a:?} ({} moves, {} generated), translate {b:?} ({} moves, {} generated){}",
            regenerated.tree.moves(),
            regenerated.generated,
            translated.tree.moves(),
            translated.generated,
            if a == b { "" } else { "  DIFFERENT" }
        ));
    }
    let report = format!("same value {same} of 16\n{}\n", rows.join("\n"));
    settings().bind(|| insta::assert_snapshot!("lg-random-translated", report));
}

/// The lines of the source's 2D/4A tree quoted in the spec (tests/data/source-2d4a-lines.txt):
/// each is legal under the shipped rules and lies in lingeo's whole reduced tree at its default
/// depth 6 (the one 7-move line up to its 6th move), without the race extension past it.
#[test]
fn the_source_s_quoted_lines_are_legal_and_in_the_whole_reduced_tree() {
    let g = game("robot-2d4a.scenario");
    let root = State::initial(&g);
    let whole = LgOptions {
        full_tree: true,
        race: Some(0),
        ..LgOptions::default()
    };
    let r = lg::search(&g, &root, &SearchOptions::default(), &whole).unwrap();
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/source-2d4a-lines.txt"),
    )
    .unwrap();
    let lines = agreement::source_lines(&g, &r.tree, &text);
    assert_eq!(lines.len(), 9);
    for l in &lines {
        assert_eq!(l.illegal, None, "{l:?}");
        assert_eq!(l.contained, l.moves.min(6), "{l:?}");
    }
    settings()
        .bind(|| insta::assert_snapshot!("lg-source-lines-2d4a", agreement::source_table(&lines)));
}

/// A side the rules leave no way to win (its goal piece taken, no royal piece to mate) is not
/// searched for a win: after `b6:c6` (the black fighter takes the white bomber) White cannot
/// win, the tree ends such lines as `(no win left)`, and the value stays the solver's.
#[test]
fn a_side_that_cannot_win_is_not_searched_for_a_win() {
    let g = game("robot-2d4a.scenario");
    let mut state = State::initial(&g);
    assert!(state.can_win(&g, lingeo::piece::Side::White));
    for mv in ["h8-g7", "a6-b6", "g7-f6", "b6:c6"] {
        let m = state.parse_move(&g, mv).unwrap();
        state.make(&g, m);
    }
    assert!(!state.can_win(&g, lingeo::piece::Side::White));
    assert!(state.can_win(&g, lingeo::piece::Side::Black));
    let root = State::initial(&g);
    let r = lg::search(&g, &root, &SearchOptions::default(), &LgOptions::default()).unwrap();
    assert_eq!(r.result.value, Some(0));
    let no_win = r.tree.leaves()[4];
    assert!(no_win > 0, "no `no win left` leaf: {:?}", r.tree.leaves());
    assert!(r.tree.text().contains("(no win left)"));
    // The plain reduced tree the search grammar derives is drawn as searched: no such leaf.
    let zero = lg_search(&g, &SearchOptions::default());
    assert_eq!(zero.tree.leaves()[4], 0);
}

/// The lost first moves of 2D/4A are proved lost by trees of a few hundred moves (the target of
/// issue 27): the first pass orders the second, and the side without a win left stops at its
/// first draw. Each used to take 1,500 or more moves. Forced inside the reduced tree (zone
/// moves only) they take under 500; proved for the game, every legal move of White's answered
/// where its zone moves lose (issue 50), under 1,000.
#[test]
fn the_lost_first_moves_are_proved_with_a_few_hundred_moves() {
    let g = game("robot-2d4a.scenario");
    let narrow = LgOptions {
        zone_moves_only: true,
        ..LgOptions::default()
    };
    for mv in ["h8-g8", "h8-h7", "c6-c7"] {
        let mut after = State::initial(&g);
        let m = after.parse_move(&g, mv).unwrap();
        after.make(&g, m);
        for (lg, most) in [(&narrow, 500), (&LgOptions::default(), 1_000)] {
            let r = lg::search(&g, &after, &SearchOptions::default(), lg).unwrap();
            assert_eq!(r.result.value, Some(-1), "{mv}");
            assert!(r.forced, "{mv}");
            assert_eq!(r.proved, !lg.zone_moves_only, "{mv}");
            let moves = r.tree.moves();
            assert!(moves <= most, "{mv}: {moves} moves");
            // Both passes' positions are counted: more than the tree shows.
            assert!(r.result.nodes as usize > moves + 1, "{mv}");
        }
    }
}

#[test]
fn the_race_reads_the_goal_zones_of_all_the_zones_and_guards_that_arrive_in_time() {
    use lg::{Regenerate, ZoneKind, ZoneSource};
    for (name, moves) in [
        ("robot-2d4a.scenario", &["h8-g7", "a6-b6"][..]),
        ("race10.scenario", &["d4-e5", "g7-f6"][..]),
    ] {
        let g = game(name);
        let mut state = State::initial(&g);
        for k in 0..=moves.len() {
            let mut all = Regenerate::new(&g, 4);
            all.domination = true;
            let mut goals = Regenerate::new(&g, 4);
            goals.domination = true;
            let full = all.zones(&g, &state).unwrap();
            let race = goals.goal_zones(&g, &state).unwrap();
            // The race's zones are the goal zones among all of them, generated alone (in
            // these games a goal point is attacked only by the piece whose goal it is).
            let goal = |a: &lg::Attack| g.scenario.goals.iter().any(|o| o.point == a.target);
            let expected: Vec<lg::Attack> = full
                .iter()
                .filter(|a| a.kind == ZoneKind::Domination || goal(a))
                .cloned()
                .collect();
            assert_eq!(*race, expected, "{name} after {k} moves");
            assert!(race.len() < full.len(), "{name}: other attacks left out");
            if let Some(mv) = moves.get(k) {
                let mv = state.parse_move(&g, mv).unwrap();
                state.make(&g, mv);
            }
        }
    }

    // A guard's approach waits on the moves left in the race: the fighter's dominations of
    // c7 and c8 guard from the next-to-last point, 3 and 4 moves from h8.
    let g = game("robot-2d4a.scenario");
    let mut source = Regenerate::new(&g, 4);
    source.domination = true;
    let attacks = source.zones(&g, &State::initial(&g)).unwrap();
    let name = |p| g.scenario.board.name(p).to_string();
    for (target, moves) in [("c7", 4), ("c8", 4)] {
        let a = attacks
            .iter()
            .find(|a| a.kind == ZoneKind::Domination && name(a.target) == target)
            .unwrap();
        assert!(!a.race_moves.is_empty());
        assert!(a.race_moves.iter().all(|&n| n == moves), "{target}");
    }
    // An attack's race steps are taken whatever is left.
    assert!(
        attacks
            .iter()
            .filter(|a| a.kind == ZoneKind::Attack)
            .all(|a| a.race_moves.iter().all(|&n| n == 0))
    );
}

#[test]
fn the_negations_of_domination_zones_need_domination_zones() {
    for flags in [&["--no-domination"][..], &["--leaf", "zero"][..]] {
        let mut args = vec!["search", "examples/robot-2d4a.scenario", "--engine", "lg"];
        args.extend(flags);
        args.push("--guard-negations");
        let (_, err, code) = run(&args);
        assert_ne!(code, 0, "{flags:?}");
        assert!(err.contains("domination"), "{flags:?}: {err}");
    }
    // With them, the search still answers the draw.
    let (out, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "4",
        "--guard-negations",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("value: 0"), "{out}");
}

/// A pawn's way shut by a pawn in front of it is not a goal reached: zones take no piece as an
/// obstacle, so before the static value checked the way, Pawned's race counted such pawns as
/// arriving unopposed, and the LG value of the start swung with the race's length (0 with 2
/// plies, +1 with 4, −1 with the default 10) where the solver proves 0. A king in the way does
/// not shut it: it can be driven off (the 2D/4A-like games keep their values).
#[test]
fn a_pawn_shut_in_by_a_pawn_does_not_reach_its_goal() {
    let g = game("pawned.scenario");
    let root = State::initial(&g);
    for race in [0, 2, 4] {
        let options = LgOptions {
            race: Some(race),
            ..LgOptions::default()
        };
        let r = lg::search(&g, &root, &SearchOptions::default(), &options).unwrap();
        assert_eq!(r.result.value, Some(0), "race {race}");
    }
    // Head on: white a3 and black a4, the goals at the far ends of the file; each
    // pawn's only zone runs through the other. Neither arrives: 0. With the black pawn two files
    // over (c5, no capture in reach of a3's way), White's pawn arrives first: +1.
    for (black, value) in [("a4", 0), ("c5", 1)] {
        let text = format!(
            "board 3x6\nwhite pawn at a3 as W\nblack pawn at {black} as B\n\
             goal a6 for W\ngoal {}1 for B\n\
             game {{\n  first white\n  goals immediate\n  stalemate pass\n}}\n",
            &black[..1]
        );
        let s = Scenario::parse("shut.scenario", &text).unwrap_or_else(|e| panic!("{e}"));
        let g = Game::new(s).unwrap();
        let state = State::initial(&g);
        let mut source = lg::Regenerate::new(&g, 4);
        let attacks = lg::ZoneSource::zones(&mut source, &g, &state).unwrap();
        assert_eq!(
            lg::static_value(&g, &state, &attacks),
            value,
            "black pawn on {black}"
        );
    }
}

/// The race follows each side's leading goal pieces: after c1-c2 on Pawned, White's only goal
/// attacks in the race are the c-pawn's (four moves from a capture on the last rank, the others
/// five), Black's those of the four pawns whose ways are open; the domination zones stay.
#[test]
fn the_race_follows_each_side_s_leading_goal_pieces() {
    use lg::{Regenerate, ZoneKind, ZoneSource};
    let g = game("pawned.scenario");
    let mut state = State::initial(&g);
    let mv = state.parse_move(&g, "c1-c2").unwrap();
    state.make(&g, mv);
    let mut source = Regenerate::new(&g, 5);
    source.domination = true;
    let zones = source.goal_zones(&g, &state).unwrap();
    let race = lg::race_zones(&g, &state, &zones);
    let name = |a: &lg::Attack| g.scenario.pieces[a.piece].name.clone();
    let white = g
        .scenario
        .pieces
        .iter()
        .position(|p| p.side == lingeo::piece::Side::White);
    let pawns = |side| {
        let mut names: Vec<String> = race
            .iter()
            .filter(|a| a.kind == ZoneKind::Attack && g.scenario.pieces[a.piece].side == side)
            .map(|a| name(a))
            .collect();
        names.sort();
        names.dedup();
        names
    };
    assert!(white.is_some());
    let c2 = state
        .piece_at(g.scenario.board.parse_point("c2").unwrap())
        .unwrap();
    assert_eq!(
        pawns(lingeo::piece::Side::White),
        vec![g.scenario.pieces[c2].name.clone()]
    );
    // Black's c-pawn is left out too: each of its ways to rank 1 runs into the white c-pawn,
    // which can only come on along it (shut, as the static value reads it).
    let c6 = state
        .piece_at(g.scenario.board.parse_point("c6").unwrap())
        .unwrap();
    let black = pawns(lingeo::piece::Side::Black);
    assert_eq!(black.len(), 4, "{black:?}");
    assert!(!black.contains(&g.scenario.pieces[c6].name));
    let dominations = |list: &[&lg::Attack]| {
        list.iter()
            .filter(|a| a.kind == ZoneKind::Domination)
            .count()
    };
    let all: Vec<&lg::Attack> = zones.iter().collect();
    assert_eq!(dominations(&race), dominations(&all));
    assert!(race.len() < zones.len(), "slower pawns' attacks left out");
}

/// A side that wins the race as it stands runs: White's bomber two moves from c8 with no
/// opposing piece able to stop it in time, Black's four moves from h1, so White's race moves
/// are its bomber's alone (its fighter could intercept Black's bomber, and does not). Where
/// Black's fighter can reach c8 in time, White's lead is no longer secure and its fighter's
/// interceptions come back.
#[test]
fn the_side_ahead_in_the_race_runs() {
    use lg::{Regenerate, ZoneSource};
    let text = |black_fighter: &str| {
        format!(
            "board 8x8\n\
             type FIGHTER {{\n  like king\n  value 3\n}}\n\
             type BOMBER {{\n  move leap (0,1)\n  attack leap (1,1) (-1,1)\n  value 5\n}}\n\
             white FIGHTER at e4 as WF\nwhite BOMBER at c6 as WB\n\
             black FIGHTER at {black_fighter} as BF\nblack BOMBER at h5 as BB\n\
             goal c8 for WB\ngoal h1 for BB\n\
             game {{\n  first white\n  goals survive\n  stalemate pass\n  safe FIGHTER\n  limit 60\n}}\n"
        )
    };
    let moves_of = |black_fighter: &str| {
        let s = Scenario::parse("race.scenario", &text(black_fighter)).unwrap();
        let g = Game::new(s).unwrap();
        let state = State::initial(&g);
        let mut source = Regenerate::new(&g, 4);
        source.domination = true;
        source.product = false;
        let attacks = source.goal_zones(&g, &state).unwrap();
        let moves: Vec<String> = lg::race_moves(&g, &state, &attacks, 8)
            .iter()
            .map(|m| m.show(&g))
            .collect();
        moves
    };
    let far = moves_of("a1");
    assert!(!far.is_empty());
    assert!(
        far.iter().all(|m| m.starts_with("c6")),
        "White is ahead and runs: {far:?}"
    );
    let near = moves_of("a8");
    assert!(
        near.iter().any(|m| m.starts_with("e4")),
        "White's lead is not secure, its fighter intercepts: {near:?}"
    );
}

/// The race deepens under its budget: with the default race on 2D/4A and a budget too small
/// for the last passes, the tree shown is an earlier pass's (a shorter race, said so); with
/// room for them, the tree is the one the unbudgeted race of the same length builds, move for
/// move; a budget the race-less pass alone passes is an honest failure.
#[test]
fn the_race_deepens_within_its_budget() {
    let g = game("robot-2d4a.scenario");
    let root = State::initial(&g);
    let options = SearchOptions::default();
    let default = lg::search(&g, &root, &options, &LgOptions::default()).unwrap();
    assert_eq!(default.race, default.race_asked);
    assert_eq!(default.race_asked, 8);
    assert_eq!(default.result.value, Some(0));
    let asked = LgOptions {
        race: Some(default.race_asked),
        ..LgOptions::default()
    };
    let unbudgeted = lg::search(&g, &root, &options, &asked).unwrap();
    assert_eq!(unbudgeted.tree, default.tree);
    // The probe pass (race 0) comes on top.
    assert!(default.result.nodes > unbudgeted.result.nodes);

    let small = LgOptions {
        race_budget: Some(600),
        ..LgOptions::default()
    };
    let short = lg::search(&g, &root, &options, &small).unwrap();
    assert!(short.race < short.race_asked, "race {}", short.race);
    assert!(short.result.value.is_some());
    assert!(
        short.result.nodes <= 600,
        "{} positions",
        short.result.nodes
    );

    let tiny = LgOptions {
        race_budget: Some(20),
        ..LgOptions::default()
    };
    let failed = lg::search(&g, &root, &options, &tiny).unwrap();
    assert_eq!(failed.result.value, None);
    match failed.result.stopped {
        Some(lingeo::play::search::StopReason::Failed(why)) => {
            assert!(why.contains("race budget of 20 positions"), "{why}")
        }
        other => panic!("{other:?}"),
    }
}

/// `--proof-tree` (issue 49, item 5): the proof tree is part of the tree searched (every move
/// of it there, with the same value), it shows the root's value, and on 2D/4A at depth 4 it
/// leaves out moves the search visited; JSON carries it with its size, and the option is the
/// LG search's only.
#[test]
fn the_proof_tree_is_the_part_of_the_searched_tree_that_shows_the_value() {
    let args = [
        "search",
        "examples/robot-2d4a.scenario",
        "--engine",
        "lg",
        "--depth",
        "4",
        "--tree",
        "--proof-tree",
        "--json",
    ];
    let (out, err, code) = run(&args);
    assert_eq!(code, 0, "{err}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let (tree, proof) = (&json["tree"], &json["proof_tree"]);
    fn within(proof: &serde_json::Value, tree: &serde_json::Value) -> usize {
        let mut moves = 0;
        for p in proof.as_array().unwrap() {
            let t = tree
                .as_array()
                .unwrap()
                .iter()
                .find(|t| t["move"] == p["move"])
                .unwrap_or_else(|| panic!("{} is not searched there", p["move"]));
            assert_eq!(p["value"], t["value"]);
            moves += 1 + within(&p["children"], &t["children"]);
        }
        moves
    }
    let moves = within(proof, tree);
    assert_eq!(json["proof_moves"], moves);
    assert!(moves < json["moves"].as_u64().unwrap() as usize, "{out}");
    // White's best line keeps the root's value; each other first move is kept with one
    // reply at most (its refutation), or none where it needs none.
    let value = &json["value"];
    let first = proof.as_array().unwrap();
    assert!(first.iter().any(|m| &m["value"] == value));
    let (text, _, _) = run(&args[..args.len() - 1]);
    assert!(
        text.contains(&format!("proof tree: {moves} moves, "))
            && text.contains(&format!("deep (of the {} searched)", json["moves"])),
        "{text}"
    );
    let (_, err, code) = run(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--depth",
        "2",
        "--proof-tree",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--proof-tree needs --engine lg"), "{err}");
}

/// `tree` with every value's bound set to exact (the part of a tree the search grammar and the
/// native search build alike).
fn without_bounds(tree: &lg::Tree) -> lg::Tree {
    fn strip(nodes: &[lg::TreeNode]) -> Vec<lg::TreeNode> {
        nodes
            .iter()
            .map(|n| lg::TreeNode {
                children: strip(&n.children),
                bound: lg::ValueBound::Exact,
                ..n.clone()
            })
            .collect()
    }
    lg::Tree {
        children: strip(&tree.children),
    }
}
