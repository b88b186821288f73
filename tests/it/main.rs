//! The integration tests, one binary (one link of the library instead of one per file); each
//! module is one concept, as the files of `tests/` were. The table-driven cases run as one
//! trial each in the other binary, tests/trials.

mod abilities;
mod analysis;
mod bad_files;
mod board_jobs_options;
mod board_memory;
mod build_script;
mod case_files;
mod checkers_lg;
mod chess_notation;
mod chess_perft;
mod chess_san;
mod chess_search;
mod chessmaps;
mod cli;
mod common;
mod compare_grammars;
mod docs;
mod engine_comparison;
mod fen_input;
mod forest;
mod fuzzy_network;
mod grammar_builtins;
mod grammar_layering;
mod grammar_properties;
mod honest_exits;
mod ir_dumps;
mod job_limits;
mod job_memory;
mod job_options;
mod language_stream;
mod learned;
mod lg_beyond_zones;
mod lg_search;
mod lints;
mod long_inputs;
mod othello;
mod othello_players;
mod pattern_properties;
mod patterns;
mod play;
mod progress;
mod properties;
mod readme;
mod robustness;
mod search_and_play;
mod self_contained;
mod serve;
mod serve_limits;
mod sources;
mod special_files;
#[path = "../support/stream_check.rs"]
mod stream_check;
mod svg;
mod translations;
mod user_grammars;
#[path = "../support/zone_engines.rs"]
mod zone_engines;
mod zone_forest;
mod zone_properties;
mod zone_summary;
mod zones;
mod zones_grammar;
mod zones_options;
