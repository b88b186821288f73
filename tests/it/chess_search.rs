//! Alpha-beta on real chess (issue 47 item 5): the classic test positions of a chess program's
//! search, each under the full rules from its FEN, with the answer its literature gives.
//! The depths are the smallest at which lingeo's search (material evaluation, killer ordering,
//! its table) gives the answer; docs/play-and-search.md §3.4 has the positions and times.

use lingeo::api::{SearchRequest, Workbench};
use lingeo::scenario::Scenario;

fn bench(fen: &str) -> Workbench {
    Workbench::new(Scenario::from_fen(fen).unwrap(), "fen").unwrap()
}

/// The first move of the principal variation, the white-side score and the value of a search
/// to `depth` after `moves`.
fn searched(fen: &str, moves: &str, depth: u32) -> (String, i32, Option<i8>) {
    let request = SearchRequest {
        depth: Some(depth),
        moves: moves.to_string(),
        tt_mb: Some(64),
        ..SearchRequest::default()
    };
    let found = bench(fen).search(&request).unwrap().json;
    (found.pv[0].clone(), found.score, found.value)
}

/// Fine's position 70 (Lasker–Reichhelm 1901; R. Fine, *Basic Chess Endings*, 1941): White
/// wins only by 1.Kb1, whose gain (Black's f5 pawn) lies 26 plies deep and is reached in time
/// only because the table merges the king walks' transpositions. A draw by repetition on one
/// line used to be kept in the table as the value of its position on every line, so that the
/// search to 26 plies and beyond settled on a1-a2 shuffles worth a pawn.
#[test]
fn fine_70_is_won_by_kb1_only() {
    let fine = "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1";
    let (first, score, _) = searched(fine, "", 26);
    assert_eq!(first, "a1-b1");
    assert!(score >= 200, "a pawn won: {score}");
}

/// Saavedra's study (G. Barbier and F. Saavedra, 1895): 1.c7 first, and in the position
/// after 1...Rd6+ 2.Kb5 Rd5+ 3.Kb4 Rd4+ 4.Kb3 Rd3+ 5.Kc2 Rd4 the underpromotion 6.c8=R, which
/// wins (6...Ra4 7.Kb3), where 6.c8=Q is a stalemate after 6...Rc4+ 7.Qxc4.
#[test]
fn saavedra_is_won_by_the_underpromotion() {
    let saavedra = "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1";
    let (first, score, _) = searched(saavedra, "", 8);
    assert_eq!(first, "c6-c7");
    assert!(score > 0, "{score}");
    let played = "c6-c7 d5-d6 b6-b5 d6-d5 b5-b4 d5-d4 b4-b3 d4-d3 b3-c2 d3-d4";
    let (first, _, value) = searched(saavedra, played, 12);
    assert_eq!(first, "c7-c8=R");
    assert_eq!(value, Some(1), "a proven win");
    // The queen is the stalemate: after it the best White has is a draw.
    let (_, score, _) = searched(saavedra, &format!("{played} c7-c8=Q"), 11);
    assert!(score <= 0, "{score}");
}

/// Réti's study (R. Réti, 1921) under the real rules, promotion included: 1.Kg7 is the only
/// move that draws; after each of the other three, Black wins a queen's worth.
#[test]
fn reti_is_drawn_by_kg7_only() {
    let reti = "7K/8/k1P5/7p/8/8/8/8 w - - 0 1";
    let (first, score, _) = searched(reti, "", 16);
    assert_eq!(first, "h8-g7");
    assert_eq!(score, 0);
    for other in ["h8-h7", "h8-g8", "c6-c7"] {
        let (_, score, _) = searched(reti, other, 15);
        assert!(score <= -800, "{other}: {score}");
    }
}

/// The depth bound ends in a quiescence search: the queen does not take a pawn the other pawn
/// defends, which a search scoring the position after 1.Qxd5 as it stands would (a pawn up
/// at depth 1).
#[test]
fn the_depth_bound_does_not_stop_inside_an_exchange() {
    let defended = "4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1";
    let (first, score, _) = searched(defended, "", 1);
    assert_ne!(first, "d1:d5");
    assert_eq!(score, 700, "the queen against two pawns");
    // A capture that wins keeps its gain: the pawn on d5 undefended.
    let (first, score, _) = searched("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1", "", 1);
    assert_eq!((first.as_str(), score), ("d1:d5", 900));
}

/// Under the rules of chess a goal (a pawn's promotion point in the studies' files) ends
/// nothing: the game goes on after the promotion, where under the source's rules it is won.
#[test]
fn a_goal_ends_nothing_under_the_rules_of_chess() {
    let bench = Workbench::load("examples/studies/reti.scenario").unwrap();
    let request = SearchRequest {
        depth: Some(1),
        moves: "c6-c7 a6-b6 c7-c8=Q".to_string(),
        ..SearchRequest::default()
    };
    let after = bench.search(&request).unwrap().json;
    assert_eq!(after.value, None, "no ending yet: {:?}", after.pv);
    assert!(!after.pv.is_empty(), "Black moves on");
}

/// The LG search answers the Réti study under the rules of chess with 1.Kg7, as the source's
/// model does (examples/reti.scenario), the only move that does not lose; and no line of its tree leaves a king in check: a side
/// in check without a zone move answers it by its legal moves instead of making the reduced
/// pass, after which the Lucena position's tree took the black king (c1-c7 a2-b2 c7-c8 pass
/// c8:d8).
#[test]
fn the_lg_search_plays_by_the_rules_of_chess_on_the_studies() {
    use lingeo::api::Engine;
    let lg = |file: &str| {
        let bench = Workbench::load(file).unwrap();
        let request = SearchRequest {
            engine: Engine::Lg,
            ..SearchRequest::default()
        };
        (bench.clone(), bench.search(&request).unwrap().json)
    };
    let (reti_bench, reti) = lg("examples/studies/reti.scenario");
    assert_eq!(reti.pv[0], "h8-g7");
    assert_eq!(reti.value, Some(0));
    // 1.Kg7 is the only move that does not lose (issue 47, item 6): after each of White's
    // other three the LG search gives Black the win. Before the leaf read material under the
    // rules of chess, a leaf where Black had queened and White had not was a draw, and all
    // four moves were.
    for (first, value) in [("h8-g7", 0), ("h8-h7", -1), ("h8-g8", -1), ("c6-c7", -1)] {
        let request = SearchRequest {
            engine: Engine::Lg,
            moves: first.to_string(),
            ..SearchRequest::default()
        };
        let after = reti_bench.search(&request).unwrap().json;
        assert_eq!(after.value, Some(value), "after {first}: {:?}", after.pv);
    }
    let (bench, lucena) = lg("examples/studies/lucena.scenario");
    assert!(!lucena.pv.contains(&"c8:d8".to_string()), "{:?}", lucena.pv);
    // The line up to its first reduced pass (the LG search's own, no move of the rules)
    // replays under the rules: an illegal move would be an error. The checking move c7-c8
    // is answered by the king, not by a pass.
    let moves: Vec<&str> = lucena
        .pv
        .iter()
        .map(String::as_str)
        .take_while(|m| *m != "pass")
        .collect();
    assert!(moves.len() >= 4, "{:?}", lucena.pv);
    assert_eq!(moves[2], "c7-c8");
    let replay = SearchRequest {
        depth: Some(1),
        moves: moves.join(" "),
        ..SearchRequest::default()
    };
    bench.search(&replay).unwrap();
}

/// The orderings change the positions visited, never the score: on a middlegame at depth 4
/// every one scores 1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 alike, and MVV-LVA (captures by the most
/// valuable victim) visits fewer positions than generation order.
#[test]
fn the_orderings_agree_on_a_middlegame() {
    use lingeo::play::search::Ordering;
    let ruy = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let searched = |ordering: Ordering| {
        let request = SearchRequest {
            depth: Some(4),
            ordering: Some(ordering),
            tt_mb: Some(16),
            ..SearchRequest::default()
        };
        let found = bench(ruy).search(&request).unwrap().json;
        (found.score, found.nodes)
    };
    let (score, none) = searched(Ordering::None);
    for ordering in [Ordering::History, Ordering::Killer, Ordering::Chessmaps] {
        assert_eq!(searched(ordering).0, score, "{}", ordering.name());
    }
    let (mvv_score, mvv) = searched(Ordering::MvvLva);
    assert_eq!(mvv_score, score);
    assert!(mvv < none, "mvv-lva {mvv}, none {none}");
}
