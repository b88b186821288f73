//! Play and search (docs/play-and-search.md): the rules of the game block, and the full-width
//! searches against each other and against the values the sources and the issue state.

use lingeo::play::game::{Game, GameError};
use lingeo::play::search::{Ordering, SearchOptions, SearchResult, alphabeta, minimax};
use lingeo::play::state::{Move, Reason, State};
use lingeo::scenario::Scenario;
use proptest::prelude::*;

fn game(text: &str) -> Game {
    Game::new(Scenario::parse("t.scenario", text).expect("scenario parses")).expect("a game")
}

fn example(name: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name);
    Game::new(Scenario::load(&path).expect("example loads")).expect("a game")
}

/// Pawned on another board: the shipped file with its board line changed, nothing else.
fn pawned(board: &str) -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/pawned.scenario");
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains("\nboard 5x6\n"));
    game(&text.replace("\nboard 5x6\n", &format!("\nboard {board}\n")))
}

/// Plays a line of moves, each checked legal.
fn play(g: &Game, moves: &str) -> State {
    let mut s = State::initial(g);
    for m in moves.split_whitespace() {
        let mv = s.parse_move(g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        s.make(g, mv);
    }
    s
}

fn solve(g: &Game, ordering: Ordering, tt_mb: usize) -> SearchResult {
    let options = SearchOptions {
        ordering,
        tt_mb,
        ..SearchOptions::default()
    };
    alphabeta::search(g, &State::initial(g), &options)
}

fn shown(g: &Game, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|m| m.show(g)).collect()
}

#[test]
fn ranks_place_one_piece_a_point_and_follow_the_board_line() {
    for (board, files) in [("5x6", 5), ("3x3", 3), ("6x6", 6)] {
        let g = pawned(board);
        let s = &g.scenario;
        assert_eq!(s.pieces.len(), 2 * files, "{board}");
        let last = s.board.dims().unwrap()[1] as i32 - 1;
        for p in &s.pieces {
            let rank = s.board.coords(p.at).unwrap()[1];
            let want = if p.side == lingeo::piece::Side::White {
                0
            } else {
                last
            };
            assert_eq!(rank, want, "{} on {board}", p.name);
        }
        assert_eq!(s.pieces[0].name, "WP1");
        assert_eq!(s.goals.len(), 2 * files);
    }
}

#[test]
fn pawns_step_forward_onto_empty_points_and_capture_diagonally() {
    let g = pawned("3x3");
    let s = play(&g, "a1-a2");
    let mut moves = Vec::new();
    s.moves(&g, &mut moves);
    // Black: a3 is blocked by a2; b3 captures a2 or steps to b2; c3 steps to c2.
    assert_eq!(shown(&g, &moves), ["b3-b2", "b3:a2", "c3-c2"]);
    assert!(s.parse_move(&g, "a3-a2").is_err());
    let e = s.parse_move(&g, "a1-a2").unwrap_err();
    assert!(
        matches!(e, lingeo::play::state::MoveError::NoPiece { .. }),
        "{e:?}"
    );
    assert!(e.to_string().contains("no piece"), "{e}");
}

#[test]
fn a_pawn_on_the_far_rank_wins_at_once() {
    let g = pawned("3x3");
    let s = play(&g, "a1-a2 b3-b2 c1:b2 c3-c2 b2:a3");
    let o = s.outcome.expect("game over");
    assert_eq!(o.value, 1);
    assert_eq!(o.describe(&g), "White wins (WP3 reached its goal)");
}

#[test]
fn a_side_without_a_move_passes_and_a_deadlock_counts_the_pawns() {
    // 3x3: after a1-a2 b3:a2 b1:a2 c3-c2 White has no move and passes; then Black has none
    // either, with two pawns each: a draw.
    let g = pawned("3x3");
    let mut s = play(&g, "a1-a2 b3:a2 b1:a2 c3-c2");
    let mut moves = Vec::new();
    s.successors(&g, &mut moves);
    assert_eq!(moves, [Move::Pass]);
    s.make(&g, Move::Pass);
    s.successors(&g, &mut moves);
    assert!(moves.is_empty());
    let o = s.outcome.unwrap();
    assert_eq!((o.value, o.reason), (0, Reason::Deadlock));
    // A pass is only for a side without a move.
    let g = game(
        "board 2x3\nwhite pawn at a1 as A\nwhite pawn at b1 as B\nblack pawn at a3\n\
         goal rank last for white\ngoal rank 1 for black\n\
         game { deadlock count }\n",
    );
    let mut s = play(&g, "a1-a2");
    s.successors(&g, &mut moves);
    assert_eq!(moves, [Move::Pass], "a3 is blocked and b2 is empty");
    s.make(&g, Move::Pass);
    s.successors(&g, &mut moves);
    assert_eq!(shown(&g, &moves), ["b1-b2"]);
}

/// The 2D/4A robot problem's rules of scoring (docs/play-and-search.md §1.2).
#[test]
fn a_goal_counts_once_it_survives_the_reply() {
    let g = example("robot-2d4a.scenario");
    // The white bomber reaches c8 and Black does not answer: White wins.
    let s = play(&g, "c6-c7 h5-h4 c7-c8 h4-h3");
    assert_eq!(s.outcome.map(|o| o.value), Some(1));
    // Captured at once, the goal counts for nothing and the game goes on.
    let s = play(&g, "c6-c7 a6-b7 c7-c8 b7:c8");
    assert_eq!(s.outcome, None);
    assert_eq!(s.at[1], None, "the white bomber is gone");
}

#[test]
fn a_goal_answered_at_once_by_a_goal_that_survives_is_a_draw() {
    let g = game(
        "board 4x4\ntype BOMBER { move leap (0,1)  attack leap (1,1) (-1,1) }\n\
         white BOMBER at a3 as WB\nblack BOMBER at d2 as BB\n\
         goal a4 for WB\ngoal d1 for BB\ngame { goals survive }\n",
    );
    let mut s = play(&g, "a3-a4 d2-d1");
    assert_eq!(s.outcome, None, "the answer must survive too");
    let mut moves = Vec::new();
    s.successors(&g, &mut moves);
    assert_eq!(moves, [Move::Pass]);
    s.make(&g, Move::Pass);
    let o = s.outcome.unwrap();
    assert_eq!((o.value, o.reason), (0, Reason::GoalsTraded));
}

#[test]
fn an_answer_captured_at_once_leaves_the_first_goal_standing() {
    // White's bomber hits a4; Black's answers on d1, where a white fighter takes it.
    let g = game(
        "board 4x4\ntype BOMBER { move leap (0,1)  attack leap (1,1) (-1,1) }\n\
         type FIGHTER { like king }\n\
         white BOMBER at a3 as WB\nblack BOMBER at d2 as BB\nwhite FIGHTER at c1 as WF\n\
         goal a4 for WB\ngoal d1 for BB\ngame { goals survive }\n",
    );
    let s = play(&g, "a3-a4 d2-d1 c1:d1");
    let o = s.outcome.unwrap();
    assert_eq!(o.value, 1);
    assert_eq!(
        o.describe(&g),
        "White wins (WB reached its goal and survived)"
    );
}

#[test]
fn safe_pieces_never_step_onto_attacked_points_and_royal_ones_are_never_left_attacked() {
    let safe = example("robot-2d4a.scenario");
    let plain = {
        let mut s = safe.scenario.clone();
        s.game.as_mut().unwrap().safe.clear();
        Game::new(s).unwrap()
    };
    let mut moves = Vec::new();
    // g3 is attacked by the black bomber on h4: a safe fighter on f4 may not go there.
    let line = "h8-g7 h5-h4 g7-f6 a6-a7 f6-f5 a7-a6 f5-f4 a6-a7";
    let s = play(&safe, line);
    s.moves(&safe, &mut moves);
    assert!(!shown(&safe, &moves).contains(&"f4-g3".to_string()));
    let s = play(&plain, line);
    s.moves(&plain, &mut moves);
    assert!(shown(&plain, &moves).contains(&"f4-g3".to_string()));
    // Réti: the kings are royal, so the white king may not step next to the black one.
    let g = example("reti.scenario");
    let s = play(&g, "h8-g7 a6-b6 g7-f6 b6-c7 f6-e6");
    s.moves(&g, &mut moves);
    let shown_moves = shown(&g, &moves);
    assert!(
        !shown_moves.contains(&"c7-d7".to_string()),
        "{shown_moves:?}"
    );
    assert!(shown_moves.contains(&"c7:c6".to_string()));
}

#[test]
fn the_move_limit_ends_every_game_in_a_draw() {
    let g = game("board 3x3\nwhite king at a1\nblack king at c3\ngame { limit 4 }\n");
    let s = play(&g, "a1-a2 c3-c2 a2-a1 c2-c3");
    let o = s.outcome.unwrap();
    assert_eq!((o.value, o.reason), (0, Reason::Limit));
    assert_eq!(solve(&g, Ordering::History, 1).value, Some(0));
}

#[test]
fn a_scenario_without_rules_or_with_two_pieces_on_a_point_is_not_a_game() {
    let s = Scenario::parse("t", "board 3x3\nwhite king at a1\n").unwrap();
    assert_eq!(Game::new(s).unwrap_err(), GameError::NoRules);
    let s = Scenario::parse(
        "t",
        "board 3x3\nwhite king at a1\nblack king at a1\ngame { first black }\n",
    )
    .unwrap();
    let e = Game::new(s).unwrap_err();
    assert!(
        e.to_string()
            .contains("WK and BK stand on the same point a1"),
        "{e}"
    );
}

/// The values the issue states, each proven by alpha-beta: the 2D/4A problem is a draw with the
/// chess king's restriction and a win for Black without it; the Réti endgame is a draw.
#[test]
fn the_robot_problem_and_the_reti_endgame() {
    let g = example("robot-2d4a.scenario");
    assert_eq!(solve(&g, Ordering::Killer, 16).value, Some(0));
    let mut s = g.scenario.clone();
    s.game.as_mut().unwrap().safe.clear();
    let plain = Game::new(s).unwrap();
    let r = solve(&plain, Ordering::Killer, 16);
    assert_eq!(r.value, Some(-1));
    let g = example("reti.scenario");
    assert_eq!(solve(&g, Ordering::Killer, 16).value, Some(0));
    // Zones first: the same value from fewer positions (the measured counts,
    // docs/play-and-search.md §3.1).
    let zones = solve(&g, Ordering::Zones, 16);
    assert_eq!(zones.value, Some(0));
    assert!(zones.nodes < solve(&g, Ordering::Killer, 16).nodes);
}

/// The zones ordering's steps: the robot problem's zones within 4 moves hold both bombers'
/// runs and the fighters' ways to intercept them.
#[test]
fn zone_steps_of_the_robot_problem() {
    use lingeo::play::search::zone_steps::ZoneSteps;
    let g = example("robot-2d4a.scenario");
    let root = State::initial(&g);
    let steps = ZoneSteps::of(&g, &root, 4);
    let has =
        |text: &str| steps.contains(root.parse_move(&g, text).unwrap_or_else(|e| panic!("{e}")));
    assert!(has("c6-c7"), "the white bomber's run to c8");
    assert!(
        has("h8-g7"),
        "the white fighter toward the black bomber's path"
    );
    assert!(!has("h8-g8"));
    let after = play(&g, "h8-g7");
    let mv = after.parse_move(&g, "h5-h4").unwrap();
    assert!(steps.contains(mv), "the black bomber's run to h1");
    assert!(steps.attacks >= 2);
    assert_eq!(steps.skipped, 0);
}

/// Pawned on the small boards: every ordering, with and without the table, agrees with plain
/// minimax, and the values are those measured (the 5x6 value is in the benchmarks and the CLI
/// tests, too slow for a debug build's full-width check).
#[test]
fn pawned_on_small_boards() {
    for (board, want) in [("3x2", 1), ("3x3", 0), ("3x4", 0), ("4x3", 0), ("4x4", 0)] {
        let g = pawned(board);
        let exact = minimax::search(&g, &State::initial(&g), &SearchOptions::default());
        assert_eq!(exact.value, Some(want), "minimax on {board}");
        for ordering in [
            Ordering::None,
            Ordering::History,
            Ordering::Killer,
            Ordering::Zones,
        ] {
            for tt in [0, 1] {
                let r = solve(&g, ordering, tt);
                assert_eq!(r.value, exact.value, "{board} {ordering:?} tt {tt}");
                assert!(
                    r.nodes <= exact.nodes,
                    "{board}: pruning visits fewer positions"
                );
            }
        }
    }
    let r = solve(&pawned("5x5"), Ordering::Killer, 16);
    assert_eq!(r.value, Some(1));
}

/// `child_key` is the key `make` leads to, for every move along a game (the table's cutoffs
/// before a move is made rely on it), and declines under `goals survive`.
#[test]
fn a_child_key_is_the_key_after_the_move() {
    let limited = "board 4x4\nwhite pawn at rank 1\nblack pawn at rank last\n\
                   goal rank last for white\ngoal rank 1 for black\n\
                   game { goals immediate  stalemate pass  deadlock count  limit 9 }\n";
    let mut checked = 0;
    for g in [pawned("5x6"), pawned("6x6"), game(limited)] {
        let mut s = State::initial(&g);
        let mut moves = Vec::new();
        for turn in 0.. {
            s.successors(&g, &mut moves);
            if moves.is_empty() {
                break;
            }
            for &mv in &moves {
                let mut after = s.clone();
                after.make(&g, mv);
                assert_eq!(
                    s.child_key(&g, mv, false),
                    Some(after.hash(&g)),
                    "{}",
                    mv.show(&g)
                );
                assert_eq!(
                    s.child_key(&g, mv, true),
                    Some(after.table_key(&g).0),
                    "{}",
                    mv.show(&g)
                );
                checked += 1;
            }
            // A fixed, varied line: captures and passes included.
            let mv = moves[(turn * 7 + 3) % moves.len()];
            s.make(&g, mv);
        }
    }
    assert!(checked > 100, "{checked}");
    let robot = example("robot-2d4a.scenario");
    let s = State::initial(&robot);
    let mut moves = Vec::new();
    s.clone().successors(&robot, &mut moves);
    assert_eq!(s.child_key(&robot, moves[0], true), None);
}

/// A depth-limited search reports a value only when it is proven, and the same best score as
/// minimax to that depth.
#[test]
fn depth_limited_alphabeta_equals_minimax_at_each_depth() {
    let g = pawned("4x4");
    for depth in 1..=6 {
        let options = SearchOptions {
            depth: Some(depth),
            tt_mb: 0,
            ..SearchOptions::default()
        };
        let a = alphabeta::search(&g, &State::initial(&g), &options);
        let m = minimax::search(&g, &State::initial(&g), &options);
        assert_eq!(a.score, m.score, "depth {depth}");
        assert_eq!(a.value, m.value, "depth {depth}");
        assert!(a.nodes <= m.nodes);
    }
}

#[test]
fn node_and_time_limits_stop_cleanly() {
    let g = pawned("5x5");
    let options = SearchOptions {
        max_nodes: Some(1000),
        ..SearchOptions::default()
    };
    let r = alphabeta::search(&g, &State::initial(&g), &options);
    assert_eq!(r.value, None);
    // The anytime solve: the deepest iteration completed within the budget, not a proof.
    assert!(r.depth > 0 && !r.pv.is_empty() && r.has_result(), "{r:?}");
    // The library's words: the limit and its value, no command-line option.
    let why = r.stopped.unwrap();
    assert_eq!(
        why.to_string(),
        "stopped at the node limit (1000 positions)"
    );
    assert_eq!(why, lingeo::play::search::StopReason::Nodes(1000));
    assert_eq!(why.limit(), Some(lingeo::play::search::SearchLimit::Nodes));
    let r = minimax::search(&g, &State::initial(&g), &options);
    assert_eq!(r.value, None);
    assert!(r.stopped.is_some());
    assert!(!r.has_result());
}

/// Random positions of pawns and a king or two on small boards: the alpha-beta solve (every
/// ordering, with a tiny table so that entries are overwritten) equals plain minimax.
fn random_position() -> impl Strategy<Value = String> {
    (
        2u32..=4,
        2u32..=4,
        proptest::collection::vec((0u32..16, 0u32..16, 0u8..4), 2..5),
        any::<bool>(),
    )
        .prop_map(|(w, h, pieces, survive)| {
            let mut text = format!("board {w}x{h}\n");
            let mut used = Vec::new();
            for (k, (x, y, kind)) in pieces.into_iter().enumerate() {
                let (x, y) = (x % w, y % h);
                if used.contains(&(x, y)) {
                    continue;
                }
                used.push((x, y));
                let side = if k % 2 == 0 { "white" } else { "black" };
                let t = if kind == 0 { "king" } else { "pawn" };
                text.push_str(&format!("{side} {t} at ({},{}) as P{k}\n", x + 1, y + 1));
            }
            // Both goal rules: under `goals immediate` the solve also takes its enhanced
            // transposition cutoffs (docs/play-and-search.md §3).
            let goals = if survive { "survive" } else { "immediate" };
            text.push_str(&format!(
                "goal rank last for white\ngoal rank 1 for black\n\
                 game {{ goals {goals}  deadlock count  limit 8 }}\n"
            ));
            text
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn alphabeta_equals_minimax_on_random_positions(text in random_position()) {
        let g = game(&text);
        let exact = minimax::search(&g, &State::initial(&g), &SearchOptions::default());
        for ordering in [Ordering::None, Ordering::History, Ordering::Killer, Ordering::Zones] {
            let r = solve(&g, ordering, 1);
            prop_assert_eq!(r.value, exact.value, "{:?}\n{}", ordering, text);
            // Under a budget it does not reach, the solve deepens iteratively (the anytime
            // solve) and proves the same value.
            let options = SearchOptions {
                ordering,
                tt_mb: 1,
                max_nodes: Some(u64::MAX),
                ..SearchOptions::default()
            };
            let r = alphabeta::search(&g, &State::initial(&g), &options);
            prop_assert_eq!(r.stopped, None);
            prop_assert_eq!(r.value, exact.value, "anytime {:?}\n{}", ordering, text);
        }
    }
}

/// `search --eval learned --rules FILE` scores the leaves of alpha-beta and minimax with the
/// file's rules: a book without rules is the fuzzy evaluation (at depth 2 on Pawned's start it
/// plays a1-a2 where the shipped rules play c1-c2), and a copy of the shipped rules is them.
#[test]
fn search_scores_with_the_rules_of_its_rules_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("lingeo-search-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let none = dir.join("none.rules");
    std::fs::write(&none, lingeo::play::players::rule_book::HEADER).unwrap();
    let copy = dir.join("copy.rules");
    std::fs::copy(root.join("learned/pawned.rules"), &copy).unwrap();
    let search = |engine: &str, eval: &str, rules: Option<&std::path::Path>| {
        let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_lingeo"));
        cmd.args(["search", "examples/pawned.scenario", "--depth", "2"])
            .args(["--engine", engine, "--eval", eval])
            .current_dir(root);
        if let Some(rules) = rules {
            cmd.arg("--rules").arg(rules);
        }
        let out = cmd.output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (head, rest) = stdout.split_once('\n').unwrap();
        // The score, the line and the nodes, the name of the evaluation left out.
        let result: Vec<String> = rest
            .lines()
            .filter(|l| !l.starts_with("time: "))
            .map(|l| l.replace("fuzzy evaluation", "learned evaluation"))
            .collect();
        (head.to_string(), result.join("\n"))
    };
    for engine in ["alphabeta", "minimax"] {
        let (_, shipped) = search(engine, "learned", None);
        let (head, own) = search(engine, "learned", Some(&none));
        let (_, fuzzy) = search(engine, "fuzzy", None);
        let (copy_head, copied) = search(engine, "learned", Some(&copy));
        assert!(
            shipped
                .contains("score: 13 (learned evaluation x 100, White's side)\npv: c1-c2 b6-b5\n"),
            "{engine}: {shipped}"
        );
        assert!(
            own.contains("score: -313 (learned evaluation x 100, White's side)\npv: a1-a2 b6-b5\n"),
            "{engine}: {own}"
        );
        assert_eq!(own, fuzzy, "{engine}");
        assert_eq!(copied, shipped, "{engine}");
        assert!(
            head.ends_with(&format!(
                "eval learned (horizon 4, rules {})",
                none.display()
            )),
            "{head}"
        );
        assert!(copy_head.contains("rules "), "{copy_head}");
    }
    // --json names the evaluation and the rules file.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args([
            "search",
            "examples/pawned.scenario",
            "--depth",
            "2",
            "--json",
        ])
        .args(["--eval", "learned", "--rules"])
        .arg(&none)
        .current_dir(root)
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["eval"], "learned");
    assert_eq!(json["rules"], none.display().to_string());
    assert_eq!(json["score"], -313);
    assert!(json.get("network").is_none(), "{json}");
    std::fs::remove_dir_all(&dir).unwrap();
}
