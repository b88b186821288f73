//! The grammar lexer, parser, checker, inliner and narrowing on any text, as `lingeo check
//! FILE.lgg` runs them, except that imports are only the built-in shipped grammars (no file is
//! read): a valid grammar is summarised, an invalid one has its diagnostics rendered.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    lingeo_fuzz::check_grammar(text);
});
