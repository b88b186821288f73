//! Patterns of the MAICS 2013 paper (docs/semantics.md §11.3) on its Figure 2.

use std::path::Path;

use lingeo::pattern::Family;
use lingeo::render;
use lingeo::scenario::Scenario;

/// The pattern families, under the default memory limit (Figure 2 has seven patterns).
fn families(s: &Scenario, k: &lingeo::kernel::Kernel, x: usize, y: usize, h: u32) -> Vec<Family> {
    lingeo::pattern::families(s, k, x, y, h, &mut lingeo::budget::Budget::new()).unwrap()
}

#[test]
fn figure_2_rook_against_king_has_seven_patterns() {
    let s =
        Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/figure2.scenario"))
            .unwrap();
    let k = s.kernel();
    let index = |name: &str| s.pieces.iter().position(|p| p.name == name).unwrap();
    let fams = families(&s, &k, index("WR"), index("BK"), 1);
    let mains: Vec<String> = fams
        .iter()
        .map(|f| render::trajectory(&s.board, &f.main))
        .collect();
    assert_eq!(mains, ["a1 d1 d8", "a1 a8 d8"]);
    // Via d1 the queen meets the path at d4, b1, d6; via a8 at a7, a6, a5, b8.
    let meets = |f: &lingeo::pattern::Family| -> Vec<String> {
        let mut z: Vec<String> = f
            .attack
            .iter()
            .flat_map(|(_, o)| o.iter().map(|(z, _)| s.board.name(*z).to_string()))
            .collect();
        z.sort();
        z
    };
    assert_eq!(meets(&fams[0]), ["b1", "d4", "d6"]);
    assert_eq!(meets(&fams[1]), ["a5", "a6", "a7", "b8"]);
    for f in &fams {
        assert_eq!(f.attack.len(), 1, "only the queen attacks");
        assert_eq!(s.pieces[f.attack[0].0].name, "BQ");
        // The bishop reaches d8 in one move in every pattern.
        assert_eq!(f.block.len(), 1);
        assert_eq!(s.pieces[f.block[0].0].name, "WB");
        assert_eq!(
            f.block[0]
                .1
                .iter()
                .map(|t| render::trajectory(&s.board, t))
                .collect::<Vec<_>>(),
            ["g5 d8"]
        );
    }
    let total: u128 = fams.iter().map(|f| f.patterns()).sum();
    assert_eq!(total, 7);
}

/// A block piece must be able to *remove* y: a pawn's options end with its diagonal capture,
/// not with a move (issue: they used to be move paths, which never reach y's point).
#[test]
fn pawns_block_by_capturing() {
    let s = Scenario::parse(
        "t.scenario",
        "board 8x8\nwhite rook at a1\nwhite pawn at e4\nblack king at d6\n",
    )
    .unwrap();
    let k = s.kernel();
    let fams = families(&s, &k, 0, 2, 2);
    assert_eq!(fams.len(), 2);
    for f in &fams {
        assert_eq!(f.block.len(), 1, "the pawn supports in two moves");
        let paths: Vec<String> = f.block[0]
            .1
            .iter()
            .map(|t| render::trajectory(&s.board, t))
            .collect();
        assert_eq!(paths, ["e4 e5 d6"]);
    }
    // Within one move the pawn cannot capture on d6.
    assert!(families(&s, &k, 0, 2, 1).iter().all(|f| f.block.is_empty()));
}

/// The main path of a pawn ends with its capture; ranks follow docs/semantics.md §11.3.
#[test]
fn pawn_main_paths_and_ranks() {
    let s = Scenario::parse(
        "t.scenario",
        "board 8x8\nwhite pawn at c2\nwhite knight at e4\nblack rook at d4\nblack bishop at a5\n",
    )
    .unwrap();
    let k = s.kernel();
    let fams = families(&s, &k, 0, 2, 1);
    let mains: Vec<String> = fams
        .iter()
        .map(|f| render::trajectory(&s.board, &f.main))
        .collect();
    assert_eq!(mains, ["c2 c3 d4"]);
    let f = &fams[0];
    // The bishop meets c3 in one move (a5-c3); the knight cannot take d4 in one move.
    assert_eq!(f.patterns(), 1);
    let p = f.pattern(0).unwrap();
    assert_eq!(p.attack.len(), 1);
    assert!(p.block.is_empty());
    // rank = v(rook) / 2 - v(bishop) / 1 = 5/2 - 3.
    assert_eq!(lingeo::pattern::rank(&s, 2, &p), -0.5);
    assert_eq!(f.iter().count(), 1);
    assert!(f.pattern(1).is_none());
}

/// The paper lists the reachable (white, black) pairs of Figure 2; the placement of its
/// illegible pieces in `examples/figure2.scenario` must give exactly those.
#[test]
fn figure_2_white_pairs_are_the_papers_ten() {
    let s =
        Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/figure2.scenario"))
            .unwrap();
    let k = s.kernel();
    let kind = |i: usize| {
        let p = &s.pieces[i];
        format!("{} {}", p.side, s.types[p.type_index].name)
    };
    let mut got: Vec<String> = Vec::new();
    for x in 0..s.pieces.len() {
        for y in 0..s.pieces.len() {
            if s.pieces[x].side == lingeo::piece::Side::White
                && s.pieces[y].side == lingeo::piece::Side::Black
                && lingeo::pattern::attack_distance(&s, &k, x, y).is_some()
            {
                got.push(format!("({}, {})", kind(x), kind(y)));
            }
        }
    }
    got.sort();
    let mut want = [
        "(white rook, black knight)",
        "(white rook, black queen)",
        "(white rook, black king)",
        "(white pawn, black queen)",
        "(white pawn, black king)",
        "(white bishop, black queen)",
        "(white bishop, black king)",
        "(white king, black knight)",
        "(white king, black queen)",
        "(white king, black king)",
    ];
    want.sort();
    assert_eq!(got, want);
}
