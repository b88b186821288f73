//! Case files of `lingeo test` (docs/testing-grammars.md) on any text: the line parser and the
//! shell-like word splitter, as `lingeo test` runs them before any command (none is run here,
//! so nothing is written): a valid file's cases must hold together, an invalid one has its
//! diagnostics rendered.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    lingeo_fuzz::check_cases(text);
});
