//! On random scenarios (boards up to 10x10 with removed points, two to six pieces of random
//! types on both sides, horizons up to 4), the native zone generator and the grammar of zones
//! give the same language, with the filters off (zones.lgg) and on (zones-filtered.lgg).
//!
//! The grammar derives every zone step by step, so each case checks at most two attacks and
//! skips languages of more than 400 zones (the native generator tells first); 24 cases.

use lingeo::board::Point;
use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::piece::{Side, Usage};
use lingeo::scenario::{Piece, Scenario};
use lingeo::zone::{self, Zone, ZoneGenerator, ZoneOptions};
use proptest::prelude::*;

#[derive(Debug, Clone)]
pub(super) struct Setup {
    pub(super) width: u32,
    pub(super) height: u32,
    pub(super) removed: Vec<(u32, u32)>,
    pub(super) pieces: Vec<(usize, bool, u32, u32)>,
    pub(super) horizon: u32,
}

pub(super) fn setup() -> impl Strategy<Value = Setup> {
    (3u32..=10, 3u32..=10).prop_flat_map(|(w, h)| {
        let removed = prop::collection::vec((0..w, 0..h), 0..=((w * h) as usize / 8));
        // king, rook, bishop, knight and pawn (it captures with other vectors, decision A13 of
        // docs/semantics.md §10).
        let piece = (
            prop::sample::select(vec![0usize, 2, 3, 4, 5]),
            any::<bool>(),
            0..w,
            0..h,
        );
        let pieces = prop::collection::vec(piece, 2..=6);
        (Just(w), Just(h), removed, pieces, 1u32..=4).prop_map(
            |(width, height, removed, pieces, horizon)| Setup {
                width,
                height,
                removed,
                pieces,
                horizon,
            },
        )
    })
}

pub(super) fn scenario(s: &Setup) -> Option<Scenario> {
    let mut scenario = super::common::empty_scenario(s.width, s.height, &s.removed)?;
    for (i, &(t, black, x, y)) in s.pieces.iter().enumerate() {
        let at = scenario.board.at([x as i32, y as i32, 0])?;
        let side = if black { Side::Black } else { Side::White };
        scenario.pieces.push(Piece {
            name: format!("P{i}"),
            type_index: t,
            side,
            at,
        });
    }
    Some(scenario)
}

fn grammar_zones(g: &Grammar, s: &Scenario, p0: usize, y0: Point, l0: u32) -> Vec<Zone> {
    let k = s.kernel();
    let world = World::new(s, &k);
    let start = [
        Value::Point(s.pieces[p0].at),
        Value::Point(y0),
        Value::Int(l0 as i64),
    ];
    let limits = Limits {
        max_sentences: 20_000,
        ..Limits::default()
    };
    let language = g
        .derive(&world, &[Value::Piece(p0 as u32)], &start, limits, None)
        .unwrap_or_else(|e| panic!("{e}"));
    language
        .sentences
        .iter()
        .map(|s| zone::zone_of_sentence(s))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn native_and_grammar_zones_agree(s in setup()) {
        let Some(scenario) = scenario(&s) else { return Ok(()) };
        let literal = Grammar::shipped("zones").unwrap();
        let filtered = Grammar::shipped("zones-filtered").unwrap();
        let k = scenario.kernel();
        let mut checked = 0;
        for p0 in 0..scenario.pieces.len() {
            let piece = &scenario.pieces[p0];
            let m = k.motion(piece.type_index, piece.side, Usage::Move);
            for y0 in scenario.board.points() {
                if k.distance(m, piece.at, y0) > s.horizon || !zone::is_target(&scenario, p0, y0) || checked == 2 {
                    continue;
                }
                checked += 1;
                for (g, filters) in [(&literal, false), (&filtered, true)] {
                    let options = ZoneOptions { f1: filters, f2: filters, max_zones: 400, ..ZoneOptions::default() };
                    let Ok(native) = ZoneGenerator::new(&scenario, &k, options).zones(p0, y0, s.horizon) else { continue };
                    let mut native = native;
                    for z in &mut native {
                        z.times.clear();
                    }
                    prop_assert_eq!(grammar_zones(g, &scenario, p0, y0, s.horizon), native, "p0 = {}, y0 = {:?}, filters = {}", p0, y0, filters);
                }
            }
        }
    }
}
