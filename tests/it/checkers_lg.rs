//! Checkers under LG (issue 48 item 5): a jump is the attack step of the distances and zones
//! (docs/semantics.md §7.4), and the endgames of examples/checkers-endgames/ are searched by
//! the LG search beside alpha-beta, whose values an independent retrograde analysis confirms.

use lingeo::api::{Engine, SearchRequest, Workbench};
use lingeo::board::Point;
use lingeo::piece::{Side, Usage};
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};

use super::common::lingeo;

/// The pieces of examples/checkers.scenario on an 8x8 board, with `pieces` and a game block
/// where `first` moves.
fn checkers(pieces: &str, first: &str) -> Scenario {
    let text = format!(
        "board 8x8\nremoved light\n\
         type MAN {{\n  move leap (1,1) (-1,1)\n  jump (1,1) (-1,1)\n  crown KING\n}}\n\
         type KING {{\n  move leap (1,1) (-1,1) (1,-1) (-1,-1)\n  jump (1,1) (-1,1) (1,-1) (-1,-1)\n}}\n\
         {pieces}\n\
         game {{\n  first {first}\n  capture compulsory\n  stalemate lose\n  limit 120\n}}\n"
    );
    Scenario::parse("checkers-test.scenario", &text).unwrap()
}

fn point(s: &Scenario, name: &str) -> Point {
    s.board.parse_point(name).unwrap()
}

/// A man attacks a piece from the point before it along a jump vector, and only where the
/// point beyond is on the board: a piece on the edge cannot be jumped, so it is no man's
/// target. Its moves are unchanged (the steps onto empty points).
#[test]
fn a_man_attacks_by_the_jump_that_takes() {
    let s = checkers("white MAN at b2 as W\nblack MAN at h8 as B", "white");
    let kernel = s.kernel();
    let man = s.type_index("MAN").unwrap();
    let attack = kernel.motion(man, Side::White, Usage::Attack);
    let moves = kernel.motion(man, Side::White, Usage::Move);
    let names =
        |ps: &[Point]| -> Vec<String> { ps.iter().map(|&p| s.board.name(p).to_string()).collect() };
    // From b2 forward: a3 is on the edge (nothing beyond it), c3 has d4 beyond it.
    assert_eq!(
        names(kernel.relation(attack).successors(point(&s, "b2"))),
        ["c3"]
    );
    assert_eq!(
        names(kernel.relation(moves).successors(point(&s, "b2"))),
        ["a3", "c3"]
    );
    // From g7 nothing is attacked: h8 and f8 are on the far rank.
    assert!(
        kernel
            .relation(attack)
            .successors(point(&s, "g7"))
            .is_empty()
    );
    // A black man attacks downward.
    let black = kernel.motion(man, Side::Black, Usage::Attack);
    let mut down = names(kernel.relation(black).successors(point(&s, "d4")));
    down.sort();
    assert_eq!(down, ["c3", "e3"]);
}

/// The zones of a checkers attack: the main trajectory steps to the point before the target
/// and ends by the jump onto it; the opposing man that can take the attacker on its way is a
/// negation; a piece on the edge is attacked by nobody. The grammar of zones derives the same
/// zone as the native generator.
#[test]
fn a_checkers_zone_ends_with_the_jump() {
    let s = checkers(
        "white MAN at c1 as W\nblack MAN at f6 as B\nblack MAN at a5 as E",
        "white",
    );
    let kernel = s.kernel();
    let generator = ZoneGenerator::new(&s, &kernel, ZoneOptions::default());
    let w = s.pieces.iter().position(|p| p.name == "W").unwrap();
    let attacks = generator.attacks(6);
    let targets: Vec<String> = attacks
        .iter()
        .filter(|&&(p, _)| p == w)
        .map(|&(_, y)| s.board.name(y).to_string())
        .collect();
    assert_eq!(targets, ["f6"], "a5 is on the edge: no man can jump it");
    // c1 to f6: four steps to e5 or g5, the points before f6, and the jump onto it.
    let mut generator = ZoneGenerator::new(&s, &kernel, ZoneOptions::default());
    let zones = generator.bundles(w, point(&s, "f6"), 5).unwrap();
    let mains: Vec<Vec<String>> = zones
        .iter()
        .map(|z| {
            z.entries[0]
                .trajectory
                .iter()
                .map(|&p| s.board.name(p).to_string())
                .collect()
        })
        .collect();
    for main in &mains {
        assert_eq!(main.len(), 6, "five moves: four steps, the jump: {main:?}");
        assert_eq!(main.last().unwrap(), "f6");
        assert!(
            ["e5", "g5"].contains(&main[4].as_str()),
            "the jump starts next to f6: {main:?}"
        );
    }
    assert!(!mains.is_empty());
    // Black's man on a5 can take White's on c3, jumping from b4 onto d2: a negation at level
    // 1 that ends on c3 by its jump, on the mains through c3 only.
    let e = s.pieces.iter().position(|p| p.name == "E").unwrap();
    for (zone, main) in zones.iter().zip(&mains) {
        let negations: Vec<Vec<String>> = zone
            .entries
            .iter()
            .filter(|x| x.piece == e && x.level == 1)
            .map(|x| {
                x.trajectory
                    .iter()
                    .map(|&p| s.board.name(p).to_string())
                    .collect()
            })
            .collect();
        let through_c3 = main.contains(&"c3".to_string());
        assert_eq!(
            negations,
            if through_c3 {
                vec![vec!["a5", "b4", "c3"]]
            } else {
                vec![]
            },
            "{main:?}"
        );
    }

    // The same zones from the grammar of zones, from the command line.
    let dir = std::env::temp_dir().join(format!("lingeo-checkers-zone-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("jump.scenario");
    std::fs::write(
        &file,
        "board 8x8\nremoved light\n\
         type MAN {\n  move leap (1,1) (-1,1)\n  jump (1,1) (-1,1)\n  crown KING\n}\n\
         type KING {\n  move leap (1,1) (-1,1) (1,-1) (-1,-1)\n  jump (1,1) (-1,1) (1,-1) (-1,-1)\n}\n\
         white MAN at c1 as W\nblack MAN at f6 as B\nblack MAN at a5 as E\n",
    )
    .unwrap();
    let file = file.to_str().unwrap();
    let zones = |engine: &str| {
        let (out, err, code) = lingeo(&[
            "zones",
            file,
            "--piece",
            "W",
            "--to",
            "f6",
            "--horizon",
            "5",
            "--all-zones",
            "--no-source",
            "--engine",
            engine,
        ]);
        assert_eq!(code, 0, "{err}");
        out
    };
    let native = zones("native");
    assert!(native.contains("f6"), "{native}");
    assert_eq!(native, zones("grammar"));
}

/// King against king, solved by an independent retrograde analysis written here (the kings'
/// diagonal steps, the compulsory jump, a side without a piece loses; no move limit): the
/// solver's value equals it on positions drawn across the whole table, wins, losses and draws.
#[test]
fn the_solver_agrees_with_a_retrograde_analysis_of_king_against_king() {
    let dark: Vec<(i32, i32)> = (0..8)
        .flat_map(|x| (0..8).map(move |y| (x, y)))
        .filter(|(x, y)| (x + y) % 2 == 0)
        .collect();
    let on = |(x, y): (i32, i32)| (0..8).contains(&x) && (0..8).contains(&y);
    let diagonals = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    // Moves of the king on `me` against the one on `them`: the jumps if any (each wins at
    // once: the other side has no piece left), else the steps.
    let moves = |me: (i32, i32), them: (i32, i32)| -> (bool, Vec<(i32, i32)>) {
        let jumps: Vec<_> = diagonals
            .iter()
            .filter(|(dx, dy)| (me.0 + dx, me.1 + dy) == them && on((me.0 + 2 * dx, me.1 + 2 * dy)))
            .map(|(dx, dy)| (me.0 + 2 * dx, me.1 + 2 * dy))
            .collect();
        if !jumps.is_empty() {
            return (true, jumps);
        }
        let steps = diagonals
            .iter()
            .map(|(dx, dy)| (me.0 + dx, me.1 + dy))
            .filter(|&q| on(q) && q != them)
            .collect();
        (false, steps)
    };
    // value[(mover, other)] from the mover's side: 1 won, -1 lost; absent: drawn.
    type Square = (i32, i32);
    let mut value: std::collections::HashMap<(Square, Square), i8> = Default::default();
    loop {
        let mut changed = false;
        for &a in &dark {
            for &b in &dark {
                if a == b || value.contains_key(&(a, b)) {
                    continue;
                }
                let (jumps, to) = moves(a, b);
                let v = if jumps || to.iter().any(|&q| value.get(&(b, q)) == Some(&-1)) {
                    Some(1)
                } else if to.iter().all(|&q| value.get(&(b, q)) == Some(&1)) {
                    Some(-1)
                } else {
                    None
                };
                if let Some(v) = v {
                    value.insert((a, b), v);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    let name = |(x, y): (i32, i32)| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let mut seen = [0; 3];
    let mut k = 0;
    for &w in &dark {
        for &b in &dark {
            if w == b {
                continue;
            }
            k += 1;
            if k % 61 != 0 {
                continue;
            }
            for first in ["white", "black"] {
                let (mover, other) = if first == "white" { (w, b) } else { (b, w) };
                let mover_value = value.get(&(mover, other)).copied().unwrap_or(0);
                let white_value = if first == "white" {
                    mover_value
                } else {
                    -mover_value
                };
                let s = checkers(
                    &format!(
                        "white KING at {} as WK\nblack KING at {} as BK",
                        name(w),
                        name(b)
                    ),
                    first,
                );
                let request = SearchRequest {
                    tt_mb: Some(16),
                    ..SearchRequest::default()
                };
                let found = Workbench::new(s, "kk")
                    .unwrap()
                    .search(&request)
                    .unwrap()
                    .json;
                assert_eq!(
                    found.value,
                    Some(white_value),
                    "white king {}, black king {}, {first} to move",
                    name(w),
                    name(b)
                );
                seen[(white_value + 1) as usize] += 1;
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "losses, draws and wins all drawn: {seen:?}"
    );
}

/// Where the LG search proves a value on a checkers ending, it is the solver's: two kings
/// against one king in the open are won within LG's tree (each move of the defender runs into
/// a jump the zones hold), with a small fraction of the solver's positions.
#[test]
fn lg_proves_two_kings_against_one_in_the_open() {
    let s = checkers(
        "white KING at c3 as WK1\nwhite KING at e3 as WK2\nblack KING at f6 as BK",
        "white",
    );
    let bench = Workbench::new(s, "two kings").unwrap();
    let lg = bench
        .search(&SearchRequest {
            engine: Engine::Lg,
            ..SearchRequest::default()
        })
        .unwrap()
        .json;
    let solved = bench
        .search(&SearchRequest {
            tt_mb: Some(16),
            ..SearchRequest::default()
        })
        .unwrap()
        .json;
    assert_eq!(solved.value, Some(1));
    assert_eq!(lg.value, Some(1));
    assert_eq!(lg.proved, Some(true));
    assert!(
        lg.nodes * 20 < solved.nodes,
        "{} against {}",
        lg.nodes,
        solved.nodes
    );
}
