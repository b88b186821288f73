//! A sentence of a grammar of zones read as a zone: the one place where the zone generator's
//! types meet the grammar engine's, next to the readers of grammar output
//! ([`super::forest`] and the zone listings), so that the generator itself (zone.rs) and the
//! grammar engine (src/grammar, which imports no zone module) stay apart.

use super::{Zone, ZoneEntry, assign_levels};
use crate::grammar::Sym;
use crate::scenario::Scenario;

/// A sentence of the grammar of zones as a zone: each `t((p, t), tau)` an entry, the levels
/// replayed from the order (see [`assign_levels`]).
pub fn zone_of_sentence(sentence: &[Sym]) -> Zone {
    let mut entries: Vec<ZoneEntry> = sentence.iter().map(entry_of_symbol).collect();
    assign_levels(&mut entries);
    Zone {
        entries,
        times: Vec::new(),
    }
}

/// A terminal `t((p, t), tau)` of the grammar of zones as an entry, at level 0 (the strings
/// do not carry the level: [`super::LevelReplay`]).
pub fn entry_of_symbol(sym: &Sym) -> ZoneEntry {
    let track = sym.args[0].tuple();
    ZoneEntry {
        piece: track[0].piece() as usize,
        trajectory: track[1].trajectory()[..].into(),
        time: sym.args[1].int() as u32,
        level: 0,
    }
}

/// The other way round: a zone's entries as the grammar of zones writes its terminals,
/// `t(BOMBER, a(h5)a(h4), 5)`, in the zone's order (what its sentences print, so that a listing
/// of either engine reads alike).
pub fn zone_symbols(scenario: &Scenario, zone: &Zone) -> Vec<String> {
    zone.entries
        .iter()
        .map(|e| {
            format!(
                "t({}, {}, {})",
                scenario.pieces[e.piece].name,
                crate::render::trajectory(&scenario.board, &e.trajectory),
                e.time
            )
        })
        .collect()
}
