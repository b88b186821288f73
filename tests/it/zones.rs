//! Zones (docs/semantics.md §6): the source zones reproduced from the example scenarios. The
//! native generator and the grammar of zones agreeing zone for zone through shared snapshots,
//! one trial per case of `tests/zone.cases`, is in tests/trials/zones.rs.

use lingeo::board::Point;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone;

use super::zone_engines::{listing, load, native, show};

#[test]
fn simplified_robot_zone_of_the_source() {
    // docs/semantics.md §6.5 (S-08): with the filters F1 and F2 the first zone is the slide's.
    let s = load("examples/robot-zone-simplified.scenario");
    let zones = native(&s, "BOMBER", "h1", 4, true);
    assert_eq!(
        show(&s, &zones[0]),
        "t(BOMBER, h5 h4 h3 h2 h1, 5) t(FIGHTER, f6 e5 e4 f3 g2 h1, 5) t(FIGHTER, f6 g5 h4, 2)"
    );
    // Five FIGHTER trajectories to h1 survive F1 (decision A9, docs/semantics.md §10), one zone
    // each.
    assert_eq!(zones.len(), 5);
    // Literally (no filters) the grammar adds self-supporting trajectories
    // (docs/semantics.md §6.5).
    let literal = native(&s, "BOMBER", "h1", 4, false);
    assert_eq!(literal.len(), 7);
    assert!(show(&s, &literal[0]).contains("t(FIGHTER, f6 g5 h4 h3 h2, 4)"));
    // S-08 steps 2-9: TIME of the main trajectory's stops, then NEXTTIME after the first level.
    let times = |level: usize| -> Vec<(String, i64)> {
        zones[0].times[level]
            .iter()
            .map(|(p, t)| (s.board.name(*p).to_string(), *t))
            .collect()
    };
    let want0: Vec<(String, i64)> = [("h1", 5), ("h2", 4), ("h3", 3), ("h4", 2)]
        .iter()
        .map(|(p, t)| (p.to_string(), *t))
        .collect();
    assert_eq!(times(0), want0);
    // tF's stops get 5 - 5 + 1 = 1, tF1's g5 gets 2 - 2 + 1 = 1 (step 7).
    assert!(times(1).iter().all(|(_, t)| *t == 1), "{:?}", times(1));
}

#[test]
fn full_robot_zone_of_the_source_is_in_the_language() {
    // docs/semantics.md §6.6: the zone printed in S-07 p.13 / S-08 p.1, symbol for symbol and in
    // order.
    let s = load("examples/robot-zone-full.scenario");
    let zones = native(&s, "BOMBER", "h1", 4, true);
    let source = "t(BOMBER, h5 h4 h3 h2 h1, 5) t(FIGHTER, f6 e5 e4 f3 g2 h1, 5) t(MISSILE, d7 b5 f1 g2 h1, 5) \
                  t(MISSILE, d7 b5 f1 h3, 3) t(FIGHTER, f6 g5 h4, 2)";
    let source = source.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(zones.iter().any(|z| show(&s, z) == source));
    // First-level times h1 -> 5, h3 -> 3, h4 -> 2 in every zone.
    for z in &zones {
        for e in z.entries.iter().filter(|e| e.level == 1) {
            let end = s.board.name(*e.trajectory.last().unwrap()).to_string();
            let want = match end.as_str() {
                "h1" => 5,
                "h3" => 3,
                "h4" => 2,
                other => panic!("unexpected attach point {other}"),
            };
            assert_eq!(e.time, want);
        }
    }
}

#[test]
fn abstract_zone_of_the_source_with_its_times() {
    // docs/semantics.md §6.1 (S-P12 Tables 1 and 6), on a graph board of 13 points.
    let s = load("examples/abstract-zone.scenario");
    let zones = native(&s, "p0", "5", 4, true);
    assert_eq!(zones.len(), 1);
    let mut got: Vec<String> = show(&s, &zones[0])
        .split(") ")
        .map(|x| x.trim_end_matches(')').to_string())
        .collect();
    let mut want: Vec<String> = [
        "t(p0, 1 2 3 4 5, 5",
        "t(q3, 6 7 4, 4",
        "t(q2, 8 9 4, 4",
        "t(p1, 13 9, 3",
        "t(q1, 11 12 9, 3",
        "t(p2, 10 12, 2",
    ]
    .iter()
    .map(|x| x.to_string())
    .collect();
    // The order inside a level follows the scanner (docs/semantics.md §6.4): compare as multisets.
    got.sort();
    want.sort();
    assert_eq!(got, want);
    let at = |level: usize| -> Vec<(String, i64)> {
        zones[0].times[level]
            .iter()
            .map(|(p, t)| (s.board.name(*p).to_string(), *t))
            .collect()
    };
    let pairs = |v: &[(&str, i64)]| -> Vec<(String, i64)> {
        v.iter().map(|(p, t)| (p.to_string(), *t)).collect()
    };
    assert_eq!(at(0), pairs(&[("2", 2), ("3", 3), ("4", 4), ("5", 5)]));
    assert_eq!(at(1), pairs(&[("7", 3), ("9", 3)]));
    assert_eq!(at(2), pairs(&[("12", 2)]));
    let levels: Vec<u32> = zones[0].entries.iter().map(|e| e.level).collect();
    assert_eq!(levels, [0, 1, 1, 2, 2, 3]);
}

#[test]
fn chess_zone_has_the_single_attack_of_the_source() {
    // docs/semantics.md §7.1 / S-07 p.14: with horizon 2 the only attacker/target pair is Bf2/Pe5.
    let s = load("examples/chess-zone.scenario");
    let k = s.kernel();
    let mut attacks = Vec::new();
    for (i, p) in s.pieces.iter().enumerate() {
        let m = k.motion(p.type_index, p.side, lingeo::piece::Usage::Move);
        for y in s.board.points() {
            if k.distance(m, p.at, y) <= 2 && zone::is_target(&s, i, y) {
                attacks.push(format!("{} {}", p.name, s.board.name(y)));
            }
        }
    }
    assert_eq!(attacks, ["WB e5"]);
    let zones = native(&s, "WB", "e5", 2, true);
    let mains: Vec<String> = zone::bundle_view(&zones)
        .iter()
        .map(|(m, _)| render::trajectory(&s.board, &m.trajectory))
        .collect();
    // The white pawn h2 guards g3 by its diagonal capture: the source's a(h2)a(g3) (decision A13,
    // docs/semantics.md §10).
    assert!(zones.iter().all(|z| {
        let via_g3 = render::trajectory(&s.board, &z.entries[0].trajectory) == "f2 g3 e5";
        let pawn = z.entries.iter().any(|e| {
            s.pieces[e.piece].name == "WPh2"
                && render::trajectory(&s.board, &e.trajectory) == "h2 g3"
        });
        via_g3 == pawn
    }));
    // In enumeration order: g3 comes before d4.
    assert_eq!(mains, ["f2 g3 e5", "f2 d4 e5"]);
    let _ = Point(0);
}

/// The native generator's recursion follows the choices, not the scan: a level's scan visits
/// every (start, end) pair of a 40x40 board, and it must not nest once per pair (it used to
/// overflow the stack on boards of about 28x28).
#[test]
fn a_large_board_does_not_exhaust_the_stack() {
    let s = Scenario::parse(
        "large.scenario",
        "board 40x40\nwhite king at (10,10) as K\nblack rook at (16,10) as R\n\
         black knight at (14,14) as N\nwhite rook at (12,18) as WR\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let listing = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || listing(&s, &native(&s, "R", "(10,10)", 3, true)))
        .unwrap()
        .join()
        .expect("no stack overflow");
    assert_eq!(
        listing,
        "2 zones\n\
         t(R, (16,10) (10,10), 4) t(WR, (12,18) (12,10) (10,10), 2)\n  levels 0 1\n\
         t(R, (16,10) (10,10), 4) t(WR, (12,18) (10,18) (10,10), 2)\n  levels 0 1\n"
    );
}

#[test]
fn single_zones_by_number_and_by_seed_are_zones_of_the_listing() {
    // `--zone N` is the N-th line of `--all-zones`; `--seed S` draws a zone of the language,
    // the same for the same seed (docs/semantics.md §6.10).
    let args = [
        "zones",
        "examples/robot-zone-full.scenario",
        "--piece",
        "BOMBER",
        "--to",
        "h1",
        "--horizon",
        "4",
    ];
    let with = |extra: &[&str]| {
        let mut all: Vec<&str> = args.to_vec();
        all.extend_from_slice(extra);
        let (out, err, code) = super::common::lingeo(&all);
        assert_eq!(code, 0, "{err}");
        out
    };
    let listing = with(&["--all-zones"]);
    let zones: Vec<&str> = listing
        .lines()
        .filter_map(|l| l.split_once(" = ").map(|(_, z)| z))
        .collect();
    assert_eq!(zones.len(), 172);
    let fifth = with(&["--zone", "5"]);
    assert!(fifth.contains(&format!("Z5 = {}\n", zones[4])), "{fifth}");
    let drawn = with(&["--seed", "7"]);
    let zone = drawn
        .lines()
        .find_map(|l| l.split_once(" = ").map(|(_, z)| z))
        .expect("a zone");
    assert!(zones.contains(&zone), "{drawn}");
    assert_eq!(with(&["--seed", "7"]), drawn);
    let seeds: std::collections::BTreeSet<String> =
        (0..20).map(|s| with(&["--seed", &s.to_string()])).collect();
    assert!(seeds.len() > 1, "twenty seeds drew one zone");
    let (_, err, code) = super::common::lingeo(&[args.as_slice(), &["--zone", "173"]].concat());
    assert_ne!(code, 0);
    assert!(err.contains("the language has 172 zones"), "{err}");
}

#[test]
fn an_absurd_horizon_is_refused_with_the_largest_one_that_can_matter() {
    // race10 has 10 x 10 less a few removed points: no trajectory has 2n moves or more, so a
    // horizon above 2n is refused at once (it ran for minutes, silently), and 2n is the
    // largest the error offers.
    let path = "examples/race10.scenario";
    let points = Scenario::load(path.as_ref())
        .unwrap()
        .board
        .points()
        .count();
    let most = 2 * points;
    for horizon in ["99999".to_string(), (most + 1).to_string()] {
        let (out, err, code) =
            super::common::lingeo(&["zones", path, "--all-attacks", "--horizon", &horizon]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(out.is_empty(), "{out}");
        assert!(
            err.contains(&format!(
                "--horizon {horizon}: too large for this board of {points} points"
            )) && err.contains(&format!("give at most {most}")),
            "{err}"
        );
    }
    // One attack too, not only --all-attacks.
    let (_, err, code) = super::common::lingeo(&[
        "zones",
        path,
        "--piece",
        "WB",
        "--to",
        "a6",
        "--horizon",
        "99999",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("too large for this board"), "{err}");
}

/// The library refuses the absurd horizon itself, on the request's field `horizon` (the CLI
/// only names its flag), for every attack and for one.
#[test]
fn the_library_refuses_an_absurd_horizon_on_the_field_horizon() {
    use lingeo::api::{ApiError, Workbench, ZonesRequest};
    let bench = Workbench::load("examples/race10.scenario").unwrap();
    let every = ZonesRequest {
        horizon: Some(99_999),
        ..ZonesRequest::default()
    };
    let one = ZonesRequest {
        piece: "WB".to_string(),
        to: "a6".to_string(),
        horizon: Some(99_999),
        ..ZonesRequest::default()
    };
    let errors = [
        bench.attacks(&every, None, &lingeo::progress::Silent).err(),
        bench.zones(&one).err(),
    ];
    for e in errors {
        match e {
            Some(ApiError::Request {
                field: Some("horizon"),
                message,
            }) => assert!(message.contains("give at most"), "{message}"),
            other => panic!("not refused on the field horizon: {other:?}"),
        }
    }
    // The largest horizon that can matter is accepted.
    let ok = ZonesRequest {
        horizon: Some(4),
        ..one
    };
    assert!(bench.zones(&ok).is_ok());
}

/// Every attack spread over threads gives the same result, in the same order, as on one
/// thread (the attacks' counts and networks, byte for byte in JSON).
#[test]
fn all_attacks_on_threads_equal_all_attacks_on_one() {
    use lingeo::api::{Workbench, ZonesRequest};
    let bench = Workbench::load("examples/race10.scenario").unwrap();
    let on = |jobs| {
        let r = ZonesRequest {
            horizon: Some(3),
            jobs: Some(jobs),
            ..ZonesRequest::default()
        };
        let result = bench.attacks(&r, None, &lingeo::progress::Silent).unwrap();
        serde_json::to_string(&result.json(&mut lingeo::budget::Budget::new()).unwrap()).unwrap()
    };
    let one = on(1);
    assert!(one.contains("\"piece\""), "{one}");
    assert_eq!(on(2), one);
    assert_eq!(on(3), one);
    // No threads is refused on the field `jobs`, not a panic.
    let none = ZonesRequest {
        horizon: Some(3),
        jobs: Some(0),
        ..ZonesRequest::default()
    };
    assert!(matches!(
        bench.attacks(&none, None, &lingeo::progress::Silent),
        Err(lingeo::api::ApiError::Request {
            field: Some("jobs"),
            ..
        })
    ));
}
