//! The zone network read off the grammar's derivation forest (docs/semantics.md §6.11): what
//! `lingeo zones --engine grammar` shows, without listing the grammar's sentences.
//!
//! A sentence of a grammar of zones is a string of terminals `t((p, t), tau)`; its first is the
//! main trajectory, and the levels of the others are replayed from the order
//! ([`LevelReplay`]). The reader that [`Forest::read`] walks the forest with keeps the main
//! trajectory and the replay's state, and records every attach entry (main, level, piece,
//! trajectory, time) it meets: since every edge of the forest lies on a complete derivation,
//! that is the union of the entries of the language's zones, the bundle view of
//! [`super::bundle_view`] over every zone, exactly. The count is the forest's
//! ([`Forest::count`]).

use rustc_hash::FxHashSet;

use super::{LevelReplay, Zone, ZoneEntry, bundle_view, entry_of_symbol};
use crate::grammar::Sym;
use crate::grammar::forest::{Forest, SentenceCount, TooManyStates};

/// The network of a grammar's language of zones: the bundle view (as
/// [`super::ZoneNetwork::view`]) and the number of zones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ForestNetwork {
    /// Per main trajectory, its attach pairs with every alternative some zone has there.
    pub view: Vec<(ZoneEntry, Vec<super::Attach>)>,
    /// The number of sentences, hence of zones, the forest derives.
    pub count: SentenceCount,
    /// How many (node, reader's state) pairs the walk read.
    pub states: usize,
}

/// The reader's state: the main trajectory read (an index into the mains met), and the replay.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Reader {
    main: Option<u32>,
    replay: LevelReplay,
}

/// The network of the language `forest` derives, a grammar of zones' (terminals
/// `t((piece, trajectory), int)`), reading at most `max_states` (node, state) pairs; its count
/// is exact where [`Forest::count`] is, listing at most `max_listing` zones to tell.
pub fn network_of_forest(
    forest: &Forest,
    max_states: usize,
    max_listing: usize,
) -> Result<ForestNetwork, TooManyStates> {
    let mut mains: Vec<Sym> = Vec::new();
    let mut entries: FxHashSet<(u32, u32, Sym)> = FxHashSet::default();
    let start = Reader {
        main: None,
        replay: LevelReplay::default(),
    };
    let states = forest.read(
        start,
        |reader, sym| {
            let entry = entry_of_symbol(sym);
            let level = reader.replay.level_of(&entry.trajectory, entry.time);
            match reader.main {
                None => {
                    let id = match mains.iter().position(|m| m == sym) {
                        Some(i) => i,
                        None => {
                            mains.push(sym.clone());
                            mains.len() - 1
                        }
                    };
                    reader.main = Some(id as u32);
                }
                Some(main) => {
                    entries.insert((main, level, sym.clone()));
                }
            }
        },
        max_states,
    )?;
    // One zone per main trajectory holding every entry met under it, in the order of the
    // listed sentences (by symbols): their bundle view is the union over the language's.
    let mut order: Vec<usize> = (0..mains.len()).collect();
    order.sort_by(|&a, &b| mains[a].cmp(&mains[b]));
    let mut by_main: Vec<Vec<(u32, &Sym)>> = vec![Vec::new(); mains.len()];
    for (main, level, sym) in &entries {
        by_main[*main as usize].push((*level, sym));
    }
    let zones: Vec<Zone> = order
        .iter()
        .map(|&m| {
            let mut all = vec![entry_of_symbol(&mains[m])];
            let mut rest: Vec<ZoneEntry> = by_main[m]
                .iter()
                .map(|&(level, sym)| ZoneEntry {
                    level,
                    ..entry_of_symbol(sym)
                })
                .collect();
            rest.sort();
            all.extend(rest);
            Zone {
                entries: all,
                times: Vec::new(),
            }
        })
        .collect();
    Ok(ForestNetwork {
        view: bundle_view(&zones),
        count: forest.count(max_listing),
        states,
    })
}
