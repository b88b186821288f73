//! The native zone generator on one attack, and the listing the shared snapshots of the zone
//! engines hold. Shared by tests/it/zones.rs and the trials of tests/zone.cases
//! (tests/trials/zones.rs, where the grammar of zones gives the other listing).

use std::path::Path;

use lingeo::api::zones::{self, AttackRequest, Filters};
use lingeo::scenario::Scenario;
use lingeo::zone::Zone;

pub fn load(file: &str) -> Scenario {
    Scenario::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The zones of `piece` attacking `target` within `horizon`, with the filters F1 and F2 or
/// none, as `lingeo zones --engine native` lists them (`api::zones`).
pub fn native(s: &Scenario, piece: &str, target: &str, horizon: u32, filters: bool) -> Vec<Zone> {
    let k = s.kernel();
    let (p0, y0, l0) = zones::attack_of(s, &k, piece, target, Some(horizon)).unwrap();
    let filters = if filters { Filters::All } else { Filters::None };
    zones::compute(s, &k, AttackRequest::native(p0, y0, l0, filters)).unwrap()
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
