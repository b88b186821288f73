//! The evaluator and the derivation engine on small generated grammars (see
//! `lingeo_fuzz::generate`), run with small limits on small boards, in the tabled and the
//! plain search (which must agree when both finish), or traced; each run by the compiled
//! evaluator and by the tree walk, which must agree (on all but memory and time).
//!
//! `LINGEO_FUZZ_PRINT=1 cargo fuzz run eval FILE` prints the grammar, its run and outcome.
#![no_main]

use libfuzzer_sys::fuzz_target;
use lingeo_fuzz::{Case, run_case};

/// Counts the heap in use, as the `lingeo` binary does, so that `Limits::max_memory` applies.
#[global_allocator]
static ALLOCATOR: lingeo::memory::Counting = lingeo::memory::Counting;

fuzz_target!(|case: Case| {
    lingeo::memory::Counting::enable();
    let print = std::env::var_os("LINGEO_FUZZ_PRINT").is_some();
    if print {
        eprintln!(
            "{}\n--start '{}'\n{case:?}",
            case.grammar.text, case.grammar.start
        );
    }
    let outcome = run_case(&case);
    if print {
        eprintln!("{outcome:?}");
    }
});
