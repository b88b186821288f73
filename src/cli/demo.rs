//! `lingeo demo`: the main job on the built-in robot examples of the sources.

use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::fuzzy::fuzzy_pattern;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::kernel::Route;
use lingeo::pattern;
use lingeo::piece::Usage;
use lingeo::render;
use lingeo::scenario::Scenario;
use lingeo::zone::{ZoneGenerator, ZoneOptions};
use std::path::Path;

use lingeo::zone::Zone;

use super::CliError;

const FIGHTER: &str = include_str!("../../examples/robot-fighter.scenario");
const ROBOT_KING: &str = include_str!("../../examples/robot-king.scenario");
const SHORTEST: &str = include_str!("../../grammars/shortest-trajectories.lgg");
const ADMISSIBLE: &str = include_str!("../../grammars/admissible-trajectories.lgg");

/// Derives the language of a trajectory grammar for `piece` and `start`, and says whether it
/// equals the native bundle.
#[allow(clippy::too_many_arguments)]
fn grammar_beside_native(
    out: &mut String,
    file: &str,
    text: &str,
    scenario: &Scenario,
    kernel: &lingeo::kernel::Kernel,
    piece: &str,
    start: &str,
    native: &[Vec<lingeo::board::Point>],
) -> Result<(), CliError> {
    let grammar = Grammar::parse(file, text).map_err(|e| CliError(e.render()))?;
    let mut world = World::new(scenario, kernel);
    let inputs = grammar
        .bind_inputs(&mut world, &[], Some((piece, None)))
        .map_err(|e| super::setup::input_error(&e))?;
    let start_values = grammar
        .parse_start(&mut world, start)
        .map_err(|e| super::setup::input_error(&e))?;
    let language = grammar
        .derive(&world, &inputs, &start_values, Limits::default(), None)
        .map_err(|e| super::setup::run_error(&e))?;
    let trajectories = language.trajectories().unwrap_or_default();
    let verdict = if trajectories == native {
        "the same trajectories as the native generator"
    } else {
        "DIFFERENT from the native generator"
    };
    out.push_str(&format!(
        "The grammar {file} run from {start}: {} in {}, {verdict}.\n",
        render::counted(language.sentences.len() as u128, "sentence", "sentences"),
        render::counted(
            u128::from(language.steps),
            "derivation step",
            "derivation steps"
        )
    ));
    if let Some(first) = language.sentences.first() {
        out.push_str(&format!(
            "  first sentence: {}\n",
            grammar.show_sentence(&world, first)
        ));
    }
    Ok(())
}

/// The demo's text; its two zones drawn as SVG into `dir` only where one is given.
pub fn run(dir: Option<&Path>) -> Result<String, CliError> {
    let mut out = String::new();
    out.push_str("lingeo demo: Linguistic Geometry on the robot examples of Stilman's course, and the\npatterns of the MAICS 2013 paper\n\n");
    fighter(&mut out)?;
    out.push('\n');
    robot_king(&mut out)?;
    out.push('\n');
    zone(&mut out, dir)?;
    out.push('\n');
    figure2(&mut out, dir)?;
    out.push('\n');
    robot_problem(&mut out)?;
    Ok(out)
}

const ROBOT_2D4A: &str = include_str!("../../examples/robot-2d4a.scenario");

/// The 2D/4A robot problem (docs/play-and-search.md §2), decided by full-width alpha-beta.
fn robot_problem(out: &mut String) -> Result<(), CliError> {
    use lingeo::play::game::Game;
    use lingeo::play::search::{Ordering, SearchOptions, alphabeta};
    use lingeo::play::state::State;
    let s = parse("examples/robot-2d4a.scenario", ROBOT_2D4A)?;
    let game = Game::new(s)?;
    let root = State::initial(&game);
    out.push_str(
        "5. The 2D/4A robot problem (docs/play-and-search.md §2): White FIGHTER h8 and BOMBER c6\n\
         against Black FIGHTER a6 and BOMBER h5, White to move. Can White force a draw?\n",
    );
    let mut solved = None;
    for ordering in [Ordering::Killer, Ordering::Zones] {
        let options = SearchOptions {
            ordering,
            ..SearchOptions::default()
        };
        let r = alphabeta::search(&game, &root, &options);
        solved = solved.or(r.value);
        let value = match r.value {
            Some(0) => "a draw",
            Some(1) => "White wins",
            Some(_) => "Black wins",
            None => "unknown",
        };
        out.push_str(&format!(
            "  full-width alpha-beta, ordering {}: {value}, {} positions searched\n",
            ordering.name(),
            r.nodes
        ));
        if ordering == Ordering::Killer {
            let pv: Vec<String> = r.pv.iter().map(|m| m.show(&game)).collect();
            out.push_str(&format!("    principal variation: {}\n", pv.join(" ")));
        }
    }
    // The LG search (docs/lg-search.md): moves only along the zones' trajectories, at its
    // default depth with the race extension; its top two levels beside the source's.
    use lingeo::play::search::lg::{self, LgOptions};
    let r = lg::search(
        &game,
        &root,
        &SearchOptions::default(),
        &LgOptions::default(),
    )
    .map_err(|e| CliError(e.to_string()))?;
    let name = |v: Option<i8>| match v {
        Some(0) => "a draw",
        Some(1) => "White wins",
        Some(_) => "Black wins",
        None => "unknown",
    };
    // The LG value beside the full-width one: where they differ, the reduced tree lost the
    // value (docs/lg-search.md, "Agreement with the solver").
    let how = if r.proved {
        "proved"
    } else if r.forced {
        "forced within LG's tree; outside it not checked"
    } else {
        "a static estimate"
    };
    let against = if r.result.value == solved {
        String::new()
    } else {
        format!(
            "; full-width search proves {}: the reduced tree misses the defence, docs/lg-search.md",
            name(solved)
        )
    };
    out.push_str(&format!(
        "  LG search, zones within {} moves, depth {} and the race along the goal zones to {} \
         plies: {} ({how}{against}), a reduced tree of {} moves (the source's has 46); its \
         first two plies:\n",
        r.horizon,
        r.depth,
        r.tree.depth(),
        name(r.result.value),
        r.tree.moves()
    ));
    // White's moves and Black's replies: two spaces of indent a ply.
    for line in r.tree.text().lines().filter(|l| !l.starts_with("    ")) {
        out.push_str(&format!("    {line}\n"));
    }
    Ok(())
}

const FIGURE2: &str = include_str!("../../examples/figure2.scenario");

/// The MAICS 2013 paper's Figure 2: the 7 patterns and the one fuzzy pattern of the white rook
/// attacking the black king, and the LG zone of the same attack.
fn figure2(out: &mut String, dir: Option<&Path>) -> Result<(), CliError> {
    use super::patterns::{COUNT_LIMIT, fuzzy_text, header, pattern_line};
    let s = parse("examples/figure2.scenario", FIGURE2)?;
    let k = s.kernel();
    let index = |name: &str| {
        s.pieces
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| CliError(format!("the Figure 2 example has no {name}")))
    };
    let (x, y) = (index("WR")?, index("BK")?);
    let horizon = 1;
    out.push_str(
        "4. Patterns and fuzzy patterns (Coffman-Wolph & Kountanis, MAICS 2013, Figure 2)\n\n",
    );
    let length = pattern::attack_distance(&s, &k, x, y);
    // Figure 2's patterns are seven: held as any listing is, under the default limit.
    let mut budget = lingeo::budget::Budget::new();
    let count = pattern::count(&s, &k, x, y, horizon, COUNT_LIMIT, &mut budget)?;
    out.push_str(&header(&s, x, y, length, &count));
    for main in pattern::main_paths(&s, &k, x, y, &mut budget)? {
        let family = pattern::family(&s, &k, x, y, main, horizon, &mut budget)?;
        for p in family.iter() {
            let listed = lingeo::api::patterns::ListedPattern::of(&s, y, &p);
            out.push_str(&pattern_line(&s, x, y, &listed));
        }
    }
    let fuzzy = fuzzy_pattern(&s, &k, x, y, horizon, &s.length_terms)
        .ok_or_else(|| CliError("the rook cannot attack the king".into()))?;
    out.push_str("\nThe one fuzzy pattern that holds them:\n");
    out.push_str(&fuzzy_text(&s, &s.length_terms, &fuzzy, &count));

    // The zone of the same attack, within the rook's distance.
    let l = length.unwrap_or(1);
    let options = ZoneOptions {
        f1: true,
        f2: true,
        ..ZoneOptions::default()
    };
    let zones = ZoneGenerator::new(&s, &k, options).zones(x, s.pieces[y].at, l)?;
    out.push_str(&format!(
        "\nThe LG zones of the same attack (horizon {l}, filters F1 and F2): {}; the first:\n",
        zones.len()
    ));
    let first = zones
        .first()
        .ok_or_else(|| CliError("the attack has no zone".into()))?;
    for e in &first.entries {
        out.push_str(&format!(
            "  level {}: t({}, {}, {})\n",
            e.level,
            s.pieces[e.piece].name,
            render::trajectory(&s.board, &e.trajectory),
            e.time
        ));
    }
    draw_zone(
        out,
        dir,
        "lingeo-demo-figure2-zone.svg",
        &s,
        first,
        "Zone of the white rook a1 -> d8 (MAICS 2013, Figure 2)",
    )
}

const ZONE: &str = include_str!("../../examples/robot-zone-full.scenario");

/// The zone of the full robot example (docs/semantics.md §6.6), as text and as SVG.
fn zone(out: &mut String, dir: Option<&Path>) -> Result<(), CliError> {
    let s = parse("examples/robot-zone-full.scenario", ZONE)?;
    let k = s.kernel();
    let b = &s.board;
    let bomber = s
        .pieces
        .iter()
        .position(|p| p.name == "BOMBER")
        .expect("the example has a BOMBER");
    let h1 = b.parse_point("h1")?;
    let options = ZoneOptions {
        f1: true,
        f2: true,
        ..ZoneOptions::default()
    };
    let zones = ZoneGenerator::new(&s, &k, options).zones(bomber, h1, 4)?;
    // The zone the sources print: the MISSILE through b5 and f1 to h1 and to h3.
    let source = zones
        .iter()
        .find(|z| {
            z.entries
                .iter()
                .any(|e| render::trajectory(b, &e.trajectory) == "d7 b5 f1 g2 h1")
        })
        .unwrap_or(&zones[0]);
    out.push_str(
        "3. The zone of the BOMBER's attack on h1 (S-07 p.13, docs/semantics.md §6.6), filters F1 and F2\n\n",
    );
    out.push_str(&format!(
        "A zone is the main trajectory of an attack (level 0) with the trajectories of the \
         pieces that can intercept it in time (level 1, the 1st negation), those that can \
         intercept these (level 2), and so on; F1 and F2 are the sources' filters on them. The \
         language has {} (one per choice of trajectory at each attach point, the point where \
         a negation meets the trajectory it intercepts); the one the sources print:\n\n",
        render::counted(zones.len() as u128, "zone", "zones")
    ));
    let mut level_of = vec![None; b.len()];
    for e in &source.entries {
        for &p in &e.trajectory[1..] {
            let slot: &mut Option<u32> = &mut level_of[p.index()];
            *slot = Some(slot.map_or(e.level, |l| l.min(e.level)));
        }
    }
    let cell = |p: lingeo::board::Point| match (s.pieces_at(p).next(), level_of[p.index()]) {
        (Some(piece), _) => piece.name.chars().next().unwrap_or('?').to_string(),
        (None, Some(level)) => level.to_string(),
        (None, None) => ".".to_string(),
    };
    out.push_str(&render::grid_picture(b, &cell));
    out.push_str(
        "(letters: pieces; 0: stops of the main trajectory; 1, 2: of the 1st and 2nd negations)\n",
    );
    out.push_str("Its trajectories as t(piece, stops, time), the time being how many moves the piece has to reach the end of its trajectory in time:\n\n");
    for e in &source.entries {
        out.push_str(&format!(
            "  level {}: t({}, {}, {})\n",
            e.level,
            s.pieces[e.piece].name,
            render::trajectory(b, &e.trajectory),
            e.time
        ));
    }
    draw_zone(
        out,
        dir,
        "lingeo-demo-zone.svg",
        &s,
        source,
        "Zone of BOMBER h5 -> h1 (S-07 p.13)",
    )
}

/// Draws `zone` into `dir`/`file` where a folder was asked for (`--out`), else says how to,
/// and says either in `out`.
fn draw_zone(
    out: &mut String,
    dir: Option<&Path>,
    file: &str,
    scenario: &Scenario,
    zone: &Zone,
    title: &str,
) -> Result<(), CliError> {
    let Some(dir) = dir else {
        out.push_str(&format!(
            "\n(`lingeo demo --out DIR` draws this zone as DIR/{file}.)\n"
        ));
        return Ok(());
    };
    std::fs::create_dir_all(dir)
        .map_err(|e| CliError(format!("cannot create {}: {e}", dir.display())))?;
    let path = dir.join(file);
    std::fs::write(&path, lingeo::svg::zone(scenario, zone, title))
        .map_err(|e| CliError(format!("cannot write {}: {e}", path.display())))?;
    out.push_str(&format!("\nThe zone is drawn in {}.\n", path.display()));
    Ok(())
}

fn parse(name: &str, text: &str) -> Result<Scenario, CliError> {
    Scenario::parse(name, text).map_err(|e| CliError(e.render()))
}

fn fighter(out: &mut String) -> Result<(), CliError> {
    let s = parse("examples/robot-fighter.scenario", FIGHTER)?;
    let k = s.kernel();
    let b = &s.board;
    let piece = s.piece("FIGHTER").expect("the example places a FIGHTER");
    let m = s.motion_of(&k, piece, Usage::Move);
    let (f6, h1) = (piece.at, b.parse_point("h1")?);
    out.push_str(
        "1. The robot FIGHTER on f6, restricted points f7 e6 d5 g4 g3 (S-05, docs/semantics.md §4.3)\n\n",
    );
    out.push_str(&format!(
        "MAP of FIGHTER from f6: the number of moves the FIGHTER needs to reach each point \
         (`#` = removed):\n{}\n",
        render::map_table(b, k.map(m, f6))
    ));
    let l0 = k.distance(m, f6, h1);
    out.push_str(&format!(
        "MAP(f6, h1) = {l0}, the length l0 of a shortest trajectory (a path of moves) from f6 \
         to h1\n"
    ));
    out.push_str(&format!(
        "SUM(f6 -> h1)  = {}  (the points that lie on some shortest trajectory)\n",
        render::point_set(b, &k.sum(m, f6, h1, l0))
    ));
    out.push_str(&format!(
        "MOVE_5(f6)     = {}  (MOVE_l(x): where a shortest trajectory at x with l moves \
         left steps next)\n",
        render::point_set(b, &k.move_set(m, Route::new(f6, h1, l0), f6, 5))
    ));
    let e5 = b.parse_point("e5")?;
    out.push_str(&format!(
        "MOVE_4(e5)     = {}\n",
        render::point_set(b, &k.move_set(m, Route::new(f6, h1, l0), e5, 4))
    ));
    let bundle = Bundle::new(&k, m, f6, h1, None, BundleOptions::default());
    let ts = bundle.collect(1000)?;
    out.push_str(&format!(
        "\nAll {} f6 -> h1 (their bundle; G_t^(1) is Stilman's grammar that \
         derives them, a sentence a trajectory, each stop written a(point)):\n",
        render::counted(
            ts.len() as u128,
            "shortest trajectory",
            "shortest trajectories"
        )
    ));
    for t in &ts {
        out.push_str(&format!("  {}\n", render::trajectory_string(b, t)));
    }
    out.push('\n');
    grammar_beside_native(
        out,
        "grammars/shortest-trajectories.lgg",
        SHORTEST,
        &s,
        &k,
        "FIGHTER",
        "S(f6, h1, 5)",
        &ts,
    )?;
    Ok(())
}

fn robot_king(out: &mut String) -> Result<(), CliError> {
    let s = parse("examples/robot-king.scenario", ROBOT_KING)?;
    let k = s.kernel();
    let b = &s.board;
    let piece = s.piece("K").expect("the example places the robot K");
    let m = s.motion_of(&k, piece, Usage::Move);
    let (h8, c6) = (piece.at, b.parse_point("c6")?);
    out.push_str(
        "2. The robot King on h8 heading for c6 around a restricted area (S-06, docs/semantics.md §5.4)\n\n",
    );
    out.push_str(&format!(
        "MAP of K from h8:\n{}\n",
        render::map_table(b, k.map(m, h8))
    ));
    let shortest = Bundle::new(&k, m, h8, c6, None, BundleOptions::default()).collect(1000)?;
    out.push_str(&format!(
        "Shortest trajectories h8 -> c6 (length {}):\n",
        k.distance(m, h8, c6)
    ));
    for t in &shortest {
        out.push_str(&format!("  {}\n", render::trajectory_string(b, t)));
    }
    let l = 6;
    out.push_str(&format!(
        "\nDOCK for length {l} = {}  (the points an admissible trajectory of length {l} can \
         pass through: the sum of the distances from h8 and to c6 is {l})\n",
        render::point_set(b, &k.dock(m, h8, c6, l))
    ));
    let admissible = Bundle::new(&k, m, h8, c6, Some(l), BundleOptions::default()).collect(1000)?;
    out.push_str(&format!(
        "Admissible trajectories of degree 2 and length {l} (two shortest trajectories joined \
         at a DOCK point, derived by the grammar G_t^(2)): {}\n",
        admissible.len()
    ));
    for t in &admissible {
        out.push_str(&format!("  {}\n", render::trajectory_string(b, t)));
    }
    out.push('\n');
    grammar_beside_native(
        out,
        "grammars/admissible-trajectories.lgg",
        ADMISSIBLE,
        &s,
        &k,
        "K",
        "S(h8, c6, 6)",
        &admissible,
    )?;
    Ok(())
}
