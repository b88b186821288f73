//! Facts stated in the sources (docs/semantics.md §4.3, §5.4, §8; the MAICS paper's Figure 1),
//! checked on the shipped example scenarios through the public API.

use lingeo::bitset::BitSet;
use lingeo::board::Point;
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::kernel::{Kernel, MotionId, Route};
use lingeo::piece::Usage;
use lingeo::render;
use lingeo::scenario::Scenario;

fn load(name: &str) -> Scenario {
    let path = format!("{}/examples/{name}", env!("CARGO_MANIFEST_DIR"));
    Scenario::load(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{e}"))
}

fn setup(file: &str, piece: &str) -> (Scenario, Kernel, MotionId, Point) {
    let s = load(file);
    let k = s.kernel();
    let p = s.piece(piece).expect("piece").clone();
    let m = s.motion_of(&k, &p, Usage::Move);
    (s, k, m, p.at)
}

fn set(s: &Scenario, names: &str) -> BitSet {
    BitSet::from_points(
        s.board.len(),
        names
            .split_whitespace()
            .map(|n| s.board.parse_point(n).unwrap()),
    )
}

/// The MAP table as rows 8 → 1 with `#` for removed points.
fn table(s: &Scenario, k: &Kernel, m: MotionId, from: Point) -> String {
    render::map_table(&s.board, k.map(m, from))
        .lines()
        .take(8)
        .map(|l| l.split_whitespace().skip(1).collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn fighter_map_from_f6_matches_the_slide() {
    let (s, k, m, f6) = setup("robot-fighter.scenario", "FIGHTER");
    let want = "\
5 4 3 2 2 2 2 2
5 4 3 2 1 # 1 2
5 4 3 2 # 0 1 2
5 4 3 # 1 1 1 2
5 4 3 2 2 2 # 2
5 4 3 3 3 3 # 3
5 4 4 4 4 4 4 4
5 5 5 5 5 5 5 5";
    assert_eq!(table(&s, &k, m, f6), want);
}

#[test]
fn fighter_sum_move_and_bundle() {
    let (s, k, m, f6) = setup("robot-fighter.scenario", "FIGHTER");
    let h1 = s.board.parse_point("h1").unwrap();
    let e5 = s.board.parse_point("e5").unwrap();
    assert_eq!(k.distance(m, f6, h1), 5);
    // MAP from h1 (derived in docs/semantics.md §4.3; the slide's e8 = 6 is a typo, decision A21).
    let to_h1 = k.map_to(m, h1);
    assert_eq!(to_h1.get(s.board.parse_point("e8").unwrap()), 7);
    assert_eq!(
        k.sum(m, f6, h1, 5),
        set(&s, "f6 e5 f5 g5 e4 f4 h4 f3 h3 g2 h2 h1")
    );
    assert_eq!(
        k.move_set(m, Route::new(f6, h1, 5), f6, 5),
        set(&s, "e5 f5 g5")
    );
    assert_eq!(
        k.move_set(m, Route::new(f6, h1, 5), e5, 4),
        set(&s, "e4 f4")
    );
    assert_eq!(
        k.next(m, Route::new(f6, h1, 5), f6, 5, 1),
        s.board.parse_point("e5").unwrap()
    );
    assert_eq!(
        k.next(m, Route::new(f6, h1, 5), f6, 5, 3),
        s.board.parse_point("g5").unwrap()
    );
    let bundle = Bundle::new(&k, m, f6, h1, None, BundleOptions::default());
    let ts: Vec<String> = bundle
        .collect(100)
        .unwrap()
        .iter()
        .map(|t| render::trajectory(&s.board, t))
        .collect();
    // Seven by the definitions (decision A9 of docs/semantics.md §10; the slide's "3 + 1" is an
    // undercount), and the source's derived trajectory is among them.
    assert_eq!(ts.len(), 7);
    assert!(ts.contains(&"f6 e5 e4 f3 g2 h1".to_string()));
    assert!(ts.contains(&"f6 g5 h4 h3 h2 h1".to_string()));
}

#[test]
fn robot_king_map_from_h8_matches_the_slide() {
    let (s, k, m, h8) = setup("robot-king.scenario", "K");
    let want = "\
7 6 5 4 3 2 1 0
7 6 5 4 3 # # 1
7 6 5 # # 3 2 2
7 6 6 # # 3 3 3
7 7 7 # # 4 4 4
8 8 8 # # 5 5 5
9 9 8 7 6 6 6 6
10 9 8 7 7 7 7 7";
    assert_eq!(table(&s, &k, m, h8), want);
    // MAP from c6 (derived; the slide's f1 = 7 is a typo).
    let c6 = s.board.parse_point("c6").unwrap();
    assert_eq!(k.distance(m, c6, s.board.parse_point("f1").unwrap()), 6);
}

#[test]
fn robot_king_shortest_and_admissible_h8_c6() {
    let (s, k, m, h8) = setup("robot-king.scenario", "K");
    let c6 = s.board.parse_point("c6").unwrap();
    let f8 = s.board.parse_point("f8").unwrap();
    assert_eq!(k.distance(m, h8, c6), 5);
    assert_eq!(k.sum(m, h8, c6, 5), set(&s, "h8 g8 f8 e8 e7 d7 c6"));
    assert_eq!(k.st(m, f8, 1), set(&s, "e7 e8 g8"));
    assert_eq!(k.st(m, h8, 3), set(&s, "e7 e8 f5 f6 g5 h5"));
    assert_eq!(
        k.move_set(m, Route::new(h8, c6, 5), f8, 3),
        set(&s, "e7 e8")
    );
    let names = |l: Option<u32>| -> Vec<String> {
        Bundle::new(&k, m, h8, c6, l, BundleOptions::default())
            .collect(1000)
            .unwrap()
            .iter()
            .map(|t| render::trajectory_string(&s.board, t))
            .collect()
    };
    assert_eq!(
        names(None),
        [
            "a(h8)a(g8)a(f8)a(e7)a(d7)a(c6)",
            "a(h8)a(g8)a(f8)a(e8)a(d7)a(c6)"
        ]
    );
    // Length 6: DOCK and lmed as in the source (lmed derived in docs/semantics.md §5.4).
    let dock = k.dock(m, h8, c6, 6);
    assert_eq!(dock, set(&s, "f6 g6 c7 d8 h7"));
    let lmed: Vec<(String, u32)> = dock
        .iter()
        .map(|v| (s.board.name(v).to_string(), k.distance(m, h8, v)))
        .collect();
    let want: Vec<(String, u32)> = [("f6", 3), ("g6", 2), ("c7", 5), ("h7", 1), ("d8", 4)]
        .iter()
        .map(|(n, d)| (n.to_string(), *d))
        .collect();
    assert_eq!(lmed, want);
    assert_eq!(k.med(m, h8, c6, 6, 4), s.board.parse_point("h7").unwrap());
    assert_eq!(k.lmed(m, h8, c6, 6, 4), 1);
    let admissible = names(Some(6));
    assert!(admissible.contains(&"a(h8)a(h7)a(g6)a(f6)a(e7)a(d7)a(c6)".to_string()));
    assert_eq!(admissible.len(), 9);
    // Segment-local next (decision A4, docs/semantics.md §5.3): inside A(h8, h7, 1) the next stop
    // is h7.
    assert_eq!(
        k.local_move_set(m, h8, s.board.parse_point("h7").unwrap(), 1),
        set(&s, "h7")
    );
}

#[test]
fn paper_figure_1_rook_on_e3() {
    // MAICS 2013 Figure 1: the rook at paper (4,3) = e3 (paper columns run 8..1 from the left).
    let (s, k, m, _) = {
        let s = load("chess-empty.scenario");
        let k = s.kernel();
        let m = k.motion(
            s.type_index("rook").unwrap(),
            lingeo::piece::Side::White,
            Usage::Move,
        );
        (s, k, m, ())
    };
    let e3 = s.board.parse_point("e3").unwrap();
    let want = "\
2 2 2 2 1 2 2 2
2 2 2 2 1 2 2 2
2 2 2 2 1 2 2 2
2 2 2 2 1 2 2 2
2 2 2 2 1 2 2 2
1 1 1 1 0 1 1 1
2 2 2 2 1 2 2 2
2 2 2 2 1 2 2 2";
    assert_eq!(table(&s, &k, m, e3), want);
}

#[test]
fn simplified_zone_board_numbers_points_as_s08() {
    // S-08 numbers the 62 points of the board without g3 and g4: h1 = 8, g2 = 15, h2 = 16,
    // f3 = 22, h3 = 23, e4 = 28, h4 = 30, e5 = 35, h5 = 38, f6 = 44.
    let s = load("robot-zone-simplified.scenario");
    assert_eq!(s.board.len(), 62);
    for (name, number) in [
        ("h1", 8),
        ("g2", 15),
        ("h2", 16),
        ("f3", 22),
        ("h3", 23),
        ("e4", 28),
        ("h4", 30),
        ("e5", 35),
        ("h5", 38),
        ("f6", 44),
    ] {
        assert_eq!(
            s.board.parse_point(name).unwrap().number(),
            number,
            "{name}"
        );
    }
    // The BOMBER is black, so its forward vector (0,1) runs down the file.
    let k = s.kernel();
    let bomber = s.piece("BOMBER").unwrap();
    let m = s.motion_of(&k, bomber, Usage::Move);
    let h1 = s.board.parse_point("h1").unwrap();
    assert_eq!(k.distance(m, bomber.at, h1), 4);
}

#[test]
fn full_zone_missile_moves_like_a_bishop_around_restricted_points() {
    let (s, k, m, d7) = setup("robot-zone-full.scenario", "MISSILE");
    let p = |n: &str| s.board.parse_point(n).unwrap();
    // tM = d7 b5 f1 g2 h1 and tM1 = d7 b5 f1 h3 are trajectories of the MISSILE.
    for path in [
        ["d7", "b5", "f1", "g2", "h1"].as_slice(),
        &["d7", "b5", "f1", "h3"],
    ] {
        for w in path.windows(2) {
            assert!(
                k.relation(m).contains(p(w[0]), p(w[1])),
                "{} -> {}",
                w[0],
                w[1]
            );
        }
    }
    // tM (4 moves) and tM1 (3 moves) are shortest: d5 and e6 cut the short diagonals.
    assert_eq!(k.distance(m, d7, p("h1")), 4);
    let shortest = Bundle::new(&k, m, d7, p("h3"), None, BundleOptions::default());
    assert_eq!(shortest.distance(), 3);
    // e6 is removed, so the MISSILE cannot slide from d7 through e6 to f5.
    assert!(!k.relation(m).contains(d7, p("f5")));
}
