//! The fuzzy evaluation's degrees read off zone networks (docs/players.md §3) against the
//! listing: on every attack small enough to list, each main trajectory's bounds hold for every
//! zone listed (no zone has more interceptors than the network's pairs, none fewer unanswered
//! than its unanswerable pairs in every zone); and an evaluation that values every attack it
//! can from its network (`--max-zones 1`) brackets the listed one goal by goal, equal where it
//! calls its degree exact.

use lingeo::piece::Side;
use lingeo::play::agreement::{Family, random_game};
use lingeo::play::game::Game;
use lingeo::play::players::fuzzy_evaluation::{self, network};
use lingeo::play::state::State;
use lingeo::scenario::Scenario;
use lingeo::zone::{Zone, ZoneGenerator, ZoneNetwork, ZoneOptions};
use proptest::prelude::*;

use super::zone_properties::{scenario, setup};

/// The unanswered interceptors of a zone, by the definition of docs/players.md §3 (written
/// again here, apart from `fuzzy`): the other side's level-1 entries none of whose
/// intermediate stops is the end of an own-side level-2 entry.
fn unanswered(s: &Scenario, zone: &Zone) -> usize {
    let own = s.pieces[zone.entries[0].piece].side;
    let answers: Vec<_> = zone
        .entries
        .iter()
        .filter(|e| e.level == 2 && s.pieces[e.piece].side == own)
        .map(|e| *e.trajectory.last().unwrap())
        .collect();
    zone.entries
        .iter()
        .filter(|e| e.level == 1 && s.pieces[e.piece].side != own)
        .filter(|e| {
            let t = &e.trajectory;
            !t[1..t.len() - 1].iter().any(|z| answers.contains(z))
        })
        .count()
}

/// Checks the bounds of `network` on the zones listed; returns whether an upper bound was
/// below 1 (a pair in every zone left unanswered), so that the callers can tell a vacuous run.
fn check_bounds(s: &Scenario, zones: &[Zone], network: &ZoneNetwork, f2: bool, what: &str) -> bool {
    let back: Vec<usize> = (0..s.pieces.len()).collect();
    let side = |p: usize| -> Side { s.pieces[p].side };
    let bounds = network::main_bounds(network, &back, &side, f2);
    assert_eq!(bounds.len(), network.view.len(), "{what}");
    let mut tight = false;
    for b in &bounds {
        let of_main: Vec<usize> = zones
            .iter()
            .filter(|z| z.entries[0].trajectory[..] == b.main.stops[..])
            .map(|z| unanswered(s, z))
            .collect();
        assert!(
            !of_main.is_empty(),
            "{what}: a main trajectory without zones"
        );
        let least = *of_main.iter().min().unwrap();
        let most = *of_main.iter().max().unwrap();
        assert!(
            b.unanswerable.len() <= least,
            "{what}: {} pairs unanswerable in every zone, but a zone leaves {least} unanswered ({:?})",
            b.unanswerable.len(),
            b.unanswerable
        );
        assert!(
            most <= b.slots,
            "{what}: a zone with {most} unanswered interceptors, {} pairs",
            b.slots
        );
        tight |= !b.unanswerable.is_empty();
    }
    tight
}

/// Checks every attack of `scenario` within `horizon` (f2 on and off, f1 on) whose language
/// lists within `cap`, with the network as `network` gives it and, with `searched`, as its
/// search alone finds it (which may leave entries undecided); returns (attacks compared, upper
/// bounds below 1).
fn check_attacks(scenario: &Scenario, horizon: u32, cap: usize, searched: bool) -> (usize, usize) {
    let k = scenario.kernel();
    let attacks = ZoneGenerator::new(scenario, &k, ZoneOptions::default()).attacks(horizon);
    let (mut compared, mut tight) = (0, 0);
    for (p0, y0) in attacks {
        for f2 in [true, false] {
            let options = ZoneOptions {
                f1: true,
                f2,
                max_zones: cap,
                ..ZoneOptions::default()
            };
            let mut g = ZoneGenerator::new(scenario, &k, options);
            let l0 = g.main_distance(p0, y0);
            let Ok(zones) = g.zones(p0, y0, l0) else {
                continue;
            };
            let what = format!(
                "{} -> {} within {l0}, f2 {f2}",
                scenario.pieces[p0].name,
                scenario.board.name(y0)
            );
            let net = g
                .network(p0, y0, l0)
                .unwrap_or_else(|e| panic!("{what}: {e}"));
            tight += usize::from(check_bounds(scenario, &zones, &net, f2, &what));
            if searched {
                let net = g
                    .network_searched(p0, y0, l0)
                    .unwrap_or_else(|e| panic!("{what}: {e}"));
                check_bounds(scenario, &zones, &net, f2, &what);
            }
            compared += 1;
        }
    }
    (compared, tight)
}

#[test]
fn network_bounds_hold_for_every_zone_of_the_examples() {
    let files = super::common::example_scenarios();
    let (mut compared, mut tight) = (0, 0);
    for file in &files {
        let s = Scenario::load(file).unwrap();
        // The larger boards at the shorter horizons only, as zone_summary's test.
        let deepest = match s.board.points().count() {
            n if n > 64 => 1,
            n if n > 40 => 2,
            _ => 3,
        };
        for horizon in 1..=deepest {
            let (c, t) = check_attacks(&s, horizon, 3_000, false);
            compared += c;
            tight += t;
        }
    }
    assert!(compared > 100, "{compared} attacks compared");
    // The upper bound is not vacuous: some attacks have pairs unanswerable in every zone.
    assert!(tight > 10, "{tight} attacks with an upper bound below 1");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn network_bounds_hold_for_every_zone_on_random_scenarios(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        check_attacks(&scenario, s.horizon, 2_000, true);
    }
}

/// Evaluates `game` after `moves` with every attack listed and with every attack of more than
/// one zone valued from its network, and checks the second against the first; returns how
/// many goals had a network-valued attack.
fn check_evaluation(game: &Game, state: &State, horizon: u32, what: &str) -> usize {
    let listed = fuzzy_evaluation::evaluate_within(game, state, horizon, 1_000_000);
    let net = fuzzy_evaluation::evaluate_within(game, state, horizon, 1);
    assert_eq!(listed.goals.len(), net.goals.len(), "{what}");
    let mut valued = 0;
    for (l, n) in listed.goals.iter().zip(&net.goals) {
        let goal = format!("{what}: {} {:?}", game.scenario.pieces[l.piece].name, l.aim);
        assert_eq!((l.piece, l.aim), (n.piece, n.aim), "{goal}");
        assert!(l.unlisted.is_empty() && l.networks.is_empty(), "{goal}");
        assert!(!l.is_bound() && l.at_least == l.degree, "{goal}");
        assert!(n.unlisted.is_empty(), "{goal}: {:?}", n.unlisted);
        assert!(
            n.at_least <= l.degree + 1e-12 && l.degree <= n.degree + 1e-12,
            "{goal}: listed {} outside the network's [{}, {}]",
            l.degree,
            n.at_least,
            n.degree
        );
        if !n.is_bound() {
            assert_eq!(n.degree, l.degree, "{goal}: called exact");
        }
        if n.ways_at_least {
            assert!(n.ways <= l.ways, "{goal}");
        } else {
            assert_eq!(n.ways, l.ways, "{goal}");
        }
        valued += usize::from(!n.networks.is_empty());
    }
    valued
}

#[test]
fn an_evaluation_from_networks_brackets_the_listed_one() {
    let mut valued = 0;
    for (file, moves) in [
        ("robot-2d4a.scenario", ""),
        ("robot-2d4a.scenario", "h8-g7 a6-b6"),
        ("reti.scenario", ""),
        ("reti.scenario", "h8-g7"),
        ("pawned.scenario", "c1-c2 c6-c5"),
    ] {
        let path = format!("{}/examples/{file}", env!("CARGO_MANIFEST_DIR"));
        let game = Game::new(Scenario::load(path.as_ref()).unwrap()).unwrap();
        let mut state = State::initial(&game);
        for m in moves.split_whitespace() {
            let mv = state.parse_move(&game, m).unwrap();
            state.make(&game, mv);
        }
        for horizon in 2..=4 {
            valued +=
                check_evaluation(&game, &state, horizon, &format!("{file} {moves} {horizon}"));
        }
    }
    for seed in 0..12 {
        for family in [Family::Robot, Family::Pawned] {
            let text = random_game(family, seed);
            let game = Game::new(Scenario::parse("random.scenario", &text).unwrap()).unwrap();
            let state = State::initial(&game);
            valued += check_evaluation(&game, &state, 3, &format!("{} {seed}", family.name()));
        }
    }
    assert!(valued > 20, "{valued} goals valued from networks");
}

#[test]
fn race10_counts_every_goal() {
    // At its default horizon (6) four attacks of race10 have more zones than the evaluation
    // lists (the bombers' runs to their corners among them): each is valued from its network.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/race10.scenario");
    let game = Game::new(Scenario::load(path.as_ref()).unwrap()).unwrap();
    let state = State::initial(&game);
    let e = fuzzy_evaluation::evaluate(&game, &state, 6);
    assert_eq!(e.goals.len(), 16, "{}", e.explain(&game));
    for g in &e.goals {
        let name = &game.scenario.pieces[g.piece].name;
        assert!(g.unlisted.is_empty(), "{name}: {:?}", g.unlisted);
        assert!(g.ways > 0 && g.degree > 0.0, "{name} {:?}", g.aim);
        assert!(
            g.at_least > 0.0 && g.at_least <= g.degree,
            "{name} {:?}",
            g.aim
        );
    }
    let from_network: Vec<&str> = e
        .goals
        .iter()
        .filter(|g| !g.networks.is_empty())
        .map(|g| game.scenario.pieces[g.piece].name.as_str())
        .collect();
    assert!(
        from_network.contains(&"WB") && from_network.contains(&"BB"),
        "{from_network:?}"
    );
    let explained = e.explain(&game);
    assert!(!explained.contains("not counted"), "{explained}");
    assert!(
        explained.contains("the network of the attack on j10"),
        "{explained}"
    );
}
