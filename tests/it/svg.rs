//! The SVG pictures of the shipped examples: each parses as XML, has the expected elements, and
//! equals the committed file under `docs/img/`.
//!
//! To regenerate the files after a deliberate change of the drawing:
//!
//! ```text
//! LINGEO_WRITE_IMAGES=1 cargo test --test svg
//! ```

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use lingeo::api::zones::{self as api_zones, AttackRequest, Filters};
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::piece::Usage;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::svg;
use lingeo::zone::{self, Zone};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn load(name: &str) -> Scenario {
    let path = root().join("examples").join(name);
    Scenario::load(&path).unwrap_or_else(|e| panic!("{e}"))
}

/// The zones of `piece` attacking `target` within `horizon`, with the filters F1 and F2.
fn zones(s: &Scenario, piece: &str, target: &str, horizon: u32) -> Vec<Zone> {
    let k = s.kernel();
    let (p0, y0, l0) =
        api_zones::attack_of(s, &k, piece, target, Some(horizon)).unwrap_or_else(|e| panic!("{e}"));
    api_zones::compute(s, &k, AttackRequest::native(p0, y0, l0, Filters::All))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// A zone's entries as `PIECE: a b c (tau)`, in order.
fn entries(s: &Scenario, z: &Zone) -> Vec<String> {
    z.entries
        .iter()
        .map(|e| {
            format!(
                "{}: {} ({})",
                s.pieces[e.piece].name,
                render::trajectory(&s.board, &e.trajectory),
                e.time
            )
        })
        .collect()
}

/// Parses the picture and returns the number of elements whose class has every token of
/// `class` (e.g. `trajectory level-1`).
fn parse_and_count(name: &str, text: &str, class: &str) -> usize {
    let doc = roxmltree::Document::parse(text)
        .unwrap_or_else(|e| panic!("{name} is not well-formed XML: {e}"));
    let svg = doc.root_element();
    assert_eq!(svg.tag_name().name(), "svg", "{name}: root element");
    assert_eq!(
        svg.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg"),
        "{name}: namespace"
    );
    let view_box = svg
        .attribute("viewBox")
        .unwrap_or_else(|| panic!("{name}: no viewBox"));
    let numbers: Vec<f64> = view_box
        .split_whitespace()
        .map(|v| v.parse().expect("a number"))
        .collect();
    assert_eq!(numbers.len(), 4, "{name}: viewBox {view_box}");
    assert!(
        numbers[2] > 0.0 && numbers[3] > 0.0,
        "{name}: viewBox {view_box}"
    );
    assert_eq!(
        svg.attribute("width"),
        Some(numbers[2].to_string().as_str())
    );
    assert_eq!(
        svg.attribute("height"),
        Some(numbers[3].to_string().as_str())
    );
    // Every url(#id) reference resolves.
    let ids: Vec<&str> = doc
        .descendants()
        .filter_map(|n| n.attribute("id"))
        .collect();
    for node in doc.descendants() {
        for a in node.attributes() {
            if let Some(rest) = a.value().strip_prefix("url(#") {
                let id = rest.trim_end_matches(')');
                assert!(
                    ids.contains(&id),
                    "{name}: dangling reference {}",
                    a.value()
                );
            }
        }
    }
    doc.descendants()
        .filter(|n| {
            n.attribute("class").is_some_and(|c| {
                class
                    .split_whitespace()
                    .all(|t| c.split_whitespace().any(|u| u == t))
            })
        })
        .count()
}

/// Writes the picture under `docs/img/` with `LINGEO_WRITE_IMAGES=1`, otherwise compares it with
/// the committed file.
fn check_file(file: &str, text: &str) {
    let path: PathBuf = root().join("docs").join("img").join(file);
    if std::env::var("LINGEO_WRITE_IMAGES").as_deref() == Ok("1") {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {path:?}: {e}"));
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read {}: {e}\nregenerate the pictures with: LINGEO_WRITE_IMAGES=1 cargo test --test svg",
            display(&path)
        )
    });
    assert!(
        committed == text,
        "{} differs from the picture drawn now; if the change is intended, regenerate it with:\n    LINGEO_WRITE_IMAGES=1 cargo test --test svg",
        display(&path)
    );
}

fn display(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn simplified_robot_zone() {
    let s = load("robot-zone-simplified.scenario");
    let all = zones(&s, "BOMBER", "h1", 4);
    let z = all.first().expect("a zone");
    assert_eq!(
        entries(&s, z),
        [
            "BOMBER: h5 h4 h3 h2 h1 (5)",
            "FIGHTER: f6 e5 e4 f3 g2 h1 (5)",
            "FIGHTER: f6 g5 h4 (2)"
        ]
    );
    let text = svg::zone(
        &s,
        z,
        "Robot zone, simplified (docs/semantics.md §6.5): BOMBER h5 → h1",
    );
    let arrows = parse_and_count("zone-robot-simplified.svg", &text, "trajectory");
    assert_eq!(arrows, z.entries.len());
    for line in entries(&s, z) {
        assert!(text.contains(&line), "the legend lacks {line}");
    }
    check_file("zone-robot-simplified.svg", &text);
}

#[test]
fn full_robot_zone() {
    let s = load("robot-zone-full.scenario");
    let source = [
        "BOMBER: h5 h4 h3 h2 h1 (5)",
        "FIGHTER: f6 e5 e4 f3 g2 h1 (5)",
        "MISSILE: d7 b5 f1 g2 h1 (5)",
        "MISSILE: d7 b5 f1 h3 (3)",
        "FIGHTER: f6 g5 h4 (2)",
    ];
    let all = zones(&s, "BOMBER", "h1", 4);
    let matching: Vec<&Zone> = all
        .iter()
        .filter(|z| {
            let mut got = entries(&s, z);
            let mut want: Vec<String> = source.iter().map(|e| e.to_string()).collect();
            got.sort();
            want.sort();
            got == want
        })
        .collect();
    assert_eq!(
        matching.len(),
        1,
        "the source's zone is in the language once"
    );
    let z = matching[0];
    let text = svg::zone(
        &s,
        z,
        "Robot zone, full (docs/semantics.md §6.6): BOMBER h5 → h1",
    );
    let arrows = parse_and_count("zone-robot-full.svg", &text, "trajectory");
    assert_eq!(arrows, 5);
    assert_eq!(
        parse_and_count("zone-robot-full.svg", &text, "trajectory level-0"),
        1
    );
    assert_eq!(
        parse_and_count("zone-robot-full.svg", &text, "trajectory level-1"),
        4
    );
    for line in source {
        assert!(text.contains(line), "the legend lacks {line}");
    }
    check_file("zone-robot-full.svg", &text);
}

/// The bundle view of the full robot zone's language (172 zones): one group per attach pair, drawn
/// as the union of its alternatives' moves, one legend line per group, and nothing off the board.
#[test]
fn full_robot_zone_bundle_view() {
    let s = load("robot-zone-full.scenario");
    let all = zones(&s, "BOMBER", "h1", 4);
    assert_eq!(all.len(), 172);
    let file = "zone-robot-full-bundle.svg";
    let text = svg::zone_bundle(
        &s,
        &lingeo::zone::ZoneSummary::of_zones(&all),
        "Robot zone, full (docs/semantics.md §6.6): BOMBER h5 → h1, bundle view of 172 zones",
    );
    // The attach groups: (piece, start point, end point, level) over the bundle view.
    let mut groups = BTreeSet::new();
    for (_, attaches) in zone::bundle_view(&all) {
        for a in &attaches {
            for (q, _, _) in &a.alternatives {
                groups.insert((*q, a.from, a.to, a.level));
            }
        }
    }
    assert_eq!(groups.len(), 8);
    // One legend line per attach group, and one for the main trajectory.
    assert_eq!(
        parse_and_count(file, &text, "legend-entry"),
        groups.len() + 1
    );
    assert_eq!(parse_and_count(file, &text, "legend-entry level-0"), 1);
    assert_eq!(parse_and_count(file, &text, "group"), groups.len() + 1);
    for line in [
        "BOMBER: h5 h4 h3 h2 h1 (5)",
        "FIGHTER f6 → h1: 5 alternatives (τ 5)",
        "MISSILE d7 → h1: 34 alternatives (τ 5)",
        "MISSILE: d7 b5 f1 h3 (3)",
        "FIGHTER f6 → e4: 2 alternatives (τ 2)",
    ] {
        assert!(text.contains(line), "the legend lacks {line}");
    }
    // Each move once per group: far fewer lines than the alternatives have moves.
    let moves: usize = zone::bundle_view(&all)
        .iter()
        .flat_map(|(_, attaches)| attaches.iter().flat_map(|a| &a.alternatives))
        .map(|(_, t, _)| t.len() - 1)
        .sum();
    let edges = parse_and_count(file, &text, "edge");
    assert!(edges * 3 < moves, "{edges} lines for {moves} moves");
    // One arrowhead per group at its attach point, two for the FIGHTER's pair f6 → e4, which
    // arrives from e5 and from f5.
    let doc = roxmltree::Document::parse(&text).unwrap();
    for g in doc.descendants().filter(|n| {
        n.attribute("class")
            .is_some_and(|c| c.starts_with("group "))
    }) {
        let title = g.first_element_child().and_then(|t| t.text()).unwrap_or("");
        let heads = g
            .descendants()
            .filter(|n| n.attribute("marker-end").is_some())
            .count();
        let want = if title.starts_with("FIGHTER f6 → e4") {
            2
        } else {
            1
        };
        assert_eq!(heads, want, "{file}: arrowheads of {title}");
    }
    inside_the_board(file, &text);
    check_file(file, &text);
}

/// Every coordinate drawn in the layers of moves and times lies within the board's squares.
fn inside_the_board(name: &str, text: &str) {
    let doc = roxmltree::Document::parse(text).expect("well-formed");
    let number = |n: &roxmltree::Node, a: &str| -> Option<f64> {
        n.attribute(a).map(|v| v.parse().expect("a number"))
    };
    let cells: Vec<(f64, f64, f64, f64)> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("cell"))
        .map(|n| {
            let (x, y) = (number(&n, "x").unwrap(), number(&n, "y").unwrap());
            let (w, h) = (number(&n, "width").unwrap(), number(&n, "height").unwrap());
            (x, y, x + w, y + h)
        })
        .collect();
    assert!(!cells.is_empty(), "{name}: no squares");
    let left = cells.iter().map(|c| c.0).fold(f64::INFINITY, f64::min);
    let top = cells.iter().map(|c| c.1).fold(f64::INFINITY, f64::min);
    let right = cells.iter().map(|c| c.2).fold(f64::NEG_INFINITY, f64::max);
    let bottom = cells.iter().map(|c| c.3).fold(f64::NEG_INFINITY, f64::max);
    let mut checked = 0;
    for layer in doc
        .descendants()
        .filter(|n| matches!(n.attribute("class"), Some("moves" | "times")))
    {
        for n in layer.descendants().filter(|n| n.is_element()) {
            let mut points: Vec<(f64, f64)> = Vec::new();
            if let (Some(x), Some(y)) = (number(&n, "x"), number(&n, "y")) {
                points.push((x, y));
                if let (Some(w), Some(h)) = (number(&n, "width"), number(&n, "height")) {
                    points.push((x + w, y + h));
                }
            }
            if let (Some(x), Some(y)) = (number(&n, "cx"), number(&n, "cy")) {
                let r = number(&n, "r").unwrap_or(0.0);
                points.push((x - r, y - r));
                points.push((x + r, y + r));
            }
            if let Some(d) = n.attribute("d") {
                let v: Vec<f64> = d
                    .split(|c: char| c.is_ascii_alphabetic() || c == ',' || c.is_whitespace())
                    .filter(|t| !t.is_empty())
                    .map(|t| t.parse().expect("a number"))
                    .collect();
                assert_eq!(v.len() % 2, 0, "{name}: path {d}");
                points.extend(v.chunks(2).map(|c| (c[0], c[1])));
            }
            for (x, y) in points {
                checked += 1;
                assert!(
                    (left..=right).contains(&x) && (top..=bottom).contains(&y),
                    "{name}: ({x}, {y}) lies off the board [{left}, {right}] x [{top}, {bottom}]: {n:?}"
                );
            }
        }
    }
    assert!(checked > 100, "{name}: only {checked} coordinates checked");
}

#[test]
fn fighter_map() {
    let s = load("robot-fighter.scenario");
    let k = s.kernel();
    let fighter = s.piece("FIGHTER").expect("the FIGHTER");
    let m = s.motion_of(&k, fighter, Usage::Move);
    assert_eq!(s.board.name(fighter.at), "f6");
    let text = svg::map(
        &s.board,
        k.map(m, fighter.at),
        "MAP of the FIGHTER from f6 (docs/semantics.md §4.3)",
    );
    let cells = parse_and_count("map-fighter.svg", &text, "cell");
    assert_eq!(cells, s.board.len());
    assert_eq!(parse_and_count("map-fighter.svg", &text, "removed"), 5);
    assert_eq!(parse_and_count("map-fighter.svg", &text, "origin"), 1);
    check_file("map-fighter.svg", &text);
}

#[test]
fn robot_king_bundle() {
    let s = load("robot-king.scenario");
    let k = s.kernel();
    let king = s.piece("K").expect("the robot King");
    let m = s.motion_of(&k, king, Usage::Move);
    let c6 = s.board.parse_point("c6").unwrap();
    let bundle = Bundle::new(&k, m, king.at, c6, Some(6), BundleOptions::default());
    let trajectories = bundle.collect(1000).unwrap();
    assert_eq!(
        trajectories.len(),
        9,
        "the 9 admissible trajectories of docs/semantics.md §5.4"
    );
    let text = svg::bundle(
        &s.board,
        &trajectories,
        "Robot King h8 → c6, admissible trajectories of length 6 (docs/semantics.md §5.4)",
    );
    let lines = parse_and_count("bundle-robot-king.svg", &text, "trajectory");
    assert_eq!(lines, 9);
    assert!(text.contains("9 trajectories"));
    check_file("bundle-robot-king.svg", &text);
}

/// The other shipped example zones: the first zone of each language, drawn, parsed back and
/// compared with its committed picture.
#[test]
fn other_example_zones() {
    for (scenario, piece, target, horizon, file, title) in [
        (
            "abstract-zone.scenario",
            "p0",
            "5",
            4,
            "zone-abstract.svg",
            "Abstract zone (docs/semantics.md §6.1), graph board",
        ),
        (
            "chess-zone.scenario",
            "WB",
            "e5",
            2,
            "zone-chess.svg",
            "Chess zone (S-07): Bf2 → e5",
        ),
        (
            "reti.scenario",
            "WP",
            "c8",
            2,
            "zone-reti-white-pawn.svg",
            "Réti: white pawn c6 → c8",
        ),
        (
            "reti.scenario",
            "BP",
            "h1",
            4,
            "zone-reti-black-pawn.svg",
            "Réti: black pawn h5 → h1",
        ),
    ] {
        let s = load(scenario);
        let all = zones(&s, piece, target, horizon);
        let z = all.first().expect("a zone");
        let text = svg::zone(&s, z, title);
        assert_eq!(
            parse_and_count(file, &text, "trajectory"),
            z.entries.len(),
            "{file}"
        );
        for line in entries(&s, z) {
            assert!(text.contains(&line), "{file}: the legend lacks {line}");
        }
        check_file(file, &text);
    }
}

#[test]
fn figure12_chart() {
    let rows = lingeo::analysis::figure12(8, 8).expect("an 8x8 board");
    let chart = lingeo::analysis::figure12_chart(8, 8, &rows);
    let text = lingeo::chart::bar_chart(&chart);
    // Three series (paper, formula, exact) for six pieces.
    assert_eq!(parse_and_count("figure12.svg", &text, "bar"), 18);
    assert_eq!(parse_and_count("figure12.svg", &text, "category"), 6);
    assert!(text.contains("<title>rook, the paper&apos;s formula: 1.778</title>"));
    assert!(text.contains("<title>bishop, the paper&apos;s formula: 1.718</title>"));
    assert!(text.contains("saves 44%"));
    check_file("figure12.svg", &text);
}

#[test]
fn reti_control_map() {
    use lingeo::play::game::Game;
    use lingeo::play::players::control::ControlMap;
    use lingeo::play::state::State;
    let game = Game::new(load("reti.scenario")).unwrap();
    let map = ControlMap::of(&game, &State::initial(&game));
    let text = svg::control(
        &game.scenario,
        &map,
        "Control map of the Réti endgame (docs/players.md §1)",
    );
    let n = game.scenario.board.len();
    assert_eq!(parse_and_count("control-reti.svg", &text, "cell"), n);
    assert_eq!(parse_and_count("control-reti.svg", &text, "attackers"), n);
    assert_eq!(parse_and_count("control-reti.svg", &text, "piece"), 4);
    // b7: the white pawn and the black king each attack it once.
    assert!(text.contains(">1:1</text>"));
    check_file("control-reti.svg", &text);
}
