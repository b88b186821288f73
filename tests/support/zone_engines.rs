//! The native zone generator on one attack, and the listing the shared snapshots of the zone
//! engines hold. Shared by tests/it/zones.rs and the trials of tests/zone.cases
//! (tests/trials/zones.rs, where the grammar of zones gives the other listing).

use std::path::Path;

use lingeo::scenario::Scenario;
use lingeo::zone::{Zone, ZoneGenerator, ZoneOptions};

pub fn load(file: &str) -> Scenario {
    Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap_or_else(|e| panic!("{e}"))
}

pub fn native(s: &Scenario, piece: &str, target: &str, horizon: u32, filters: bool) -> Vec<Zone> {
    let k = s.kernel();
    let p0 = s.pieces.iter().position(|p| p.name == piece).unwrap();
    let y0 = s.board.parse_point(target).unwrap();
    let options = ZoneOptions {
        f1: filters,
        f2: filters,
        ..ZoneOptions::default()
    };
    ZoneGenerator::new(s, &k, options)
        .zones(p0, y0, horizon)
        .unwrap()
}

pub fn show(s: &Scenario, z: &Zone) -> String {
    crate::common::zone_symbols(s, z).join(" ")
}

pub fn listing(s: &Scenario, zones: &[Zone]) -> String {
    let mut out = format!(
        "{}\n",
        lingeo::render::counted(zones.len() as u128, "zone", "zones")
    );
    for z in zones {
        out.push_str(&show(s, z));
        out.push('\n');
        let levels: Vec<String> = z.entries.iter().map(|e| e.level.to_string()).collect();
        out.push_str(&format!("  levels {}\n", levels.join(" ")));
    }
    out
}
