//! The native zone generator and the grammar of zones agree zone for zone: every case of
//! `tests/zone.cases` is one trial, `zones::NAME`, whose two listings must both equal the one
//! snapshot `zones-NAME`.

use std::path::Path;

use libtest_mimic::Trial;

use lingeo::grammar::value::Value;
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits, Strategy};
use lingeo::scenario::Scenario;
use lingeo::zone::{self, Zone};

use crate::zone_engines::{listing, load, native};

/// A line of `tests/zone.cases`: name | scenario | piece | target | horizon | filters.
struct Case {
    name: String,
    scenario: String,
    piece: String,
    target: String,
    horizon: u32,
    filters: bool,
}

fn cases() -> Vec<Case> {
    let text = lingeo::syntax::read_source(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/zone.cases"),
    )
    .unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|line| {
            let c: Vec<&str> = line.split('|').map(str::trim).collect();
            assert_eq!(c.len(), 6, "{line}");
            Case {
                name: c[0].to_string(),
                scenario: c[1].to_string(),
                piece: c[2].to_string(),
                target: c[3].to_string(),
                horizon: c[4].parse().unwrap_or_else(|_| panic!("horizon: {line}")),
                filters: match c[5] {
                    "all" => true,
                    "none" => false,
                    other => panic!("filters {other}: {line}"),
                },
            }
        })
        .collect()
}

pub fn trials() -> Vec<Trial> {
    let all = cases();
    assert!(all.len() >= 10, "{} zone cases", all.len());
    all.into_iter()
        .map(|case| {
            Trial::test(format!("zones::{}", case.name), move || {
                check(&case);
                Ok(())
            })
        })
        .collect()
}

fn check(c: &Case) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    let _guard = settings.bind_to_scope();
    let s = load(&c.scenario);
    for zones in [
        native(&s, &c.piece, &c.target, c.horizon, c.filters),
        grammar(&s, &c.piece, &c.target, c.horizon, c.filters),
    ] {
        insta::assert_snapshot!(format!("zones-{}", c.name), listing(&s, &zones));
    }
}

/// The zones the grammar of zones derives (`zones.lgg`, or `zones-filtered.lgg` with the
/// filters), the plain search agreeing with the tabled one.
fn grammar(s: &Scenario, piece: &str, target: &str, horizon: u32, filters: bool) -> Vec<Zone> {
    let g = Grammar::shipped(if filters { "zones-filtered" } else { "zones" })
        .unwrap_or_else(|e| panic!("{e}"));
    let k = s.kernel();
    let world = World::new(s, &k);
    let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
    let start = [
        Value::Point(s.pieces[p0].at),
        Value::Point(s.board.parse_point(target).unwrap()),
        Value::Int(horizon as i64),
    ];
    let derive = |strategy| {
        g.derive_with(
            &world,
            &[Value::Piece(p0 as u32)],
            &start,
            Limits::default(),
            strategy,
        )
        .unwrap_or_else(|e| panic!("{e}"))
    };
    let language = derive(Strategy::Tabled);
    let plain = derive(Strategy::Plain);
    assert_eq!(
        language.sentences, plain.sentences,
        "the plain search agrees"
    );
    let listed = crate::stream_check::stream_agrees(
        &g,
        &world,
        &[Value::Piece(p0 as u32)],
        &start,
        Limits::default(),
        "zones",
    );
    assert_eq!(language.sentences, listed, "the stream agrees");
    language
        .sentences
        .iter()
        .map(|s| zone::zone_of_sentence(s))
        .collect()
}
