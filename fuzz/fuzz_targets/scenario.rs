//! The scenario lexer, parser and resolver on any text, as `lingeo check FILE.scenario` runs
//! them: a valid scenario is summarised (board, piece and goal names), an invalid one has its
//! diagnostics rendered. Neither may panic, overflow the stack or take long.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // `check` reads the file as UTF-8 and stops there when it is not.
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    lingeo_fuzz::check_scenario(text);
});
