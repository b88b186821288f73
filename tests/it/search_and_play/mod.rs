//! Play and search on the command line and in the library, one concept a file: what bounds a
//! search (`bounds`), lines of moves that read back (`move_lines`), the game block's defaults
//! (`game_defaults`), and what `evaluate` and `match` print (`player_commands`).

mod bounds;
mod game_defaults;
mod move_lines;
mod parallel_solve;
mod player_commands;
