//! The integration tests, one binary (one link of the library instead of one per file); each
//! module is one concept, as the files of `tests/` were.

mod abilities;
mod agreement;
mod analysis;
mod bad_files;
mod browser;
mod case_files;
mod chessmaps;
mod cli;
mod common;
mod compare;
mod compare_grammars;
mod docs;
mod grammar_properties;
mod learned;
mod lg_search;
mod pattern_properties;
mod patterns;
mod play;
mod properties;
mod readme;
mod robustness;
mod search_and_play;
mod self_contained;
mod serve;
mod sources;
mod svg;
mod translations;
mod user_grammars;
mod zone_properties;
mod zone_summary;
mod zones;
mod zones_grammar;
