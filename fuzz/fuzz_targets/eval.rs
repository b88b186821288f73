//! The evaluator and the derivation engine on small generated grammars (see
//! `lingeo_fuzz::generate`), run with small limits on small boards, in the tabled and the
//! plain search (which must agree when both finish), or traced. Each case is run twice, which
//! must agree (determinism, on all but memory and time), and a tabled run is also streamed
//! (`derive_stream`), which must give the same sentences, steps or error. A limit reached is an
//! error, never a panic: any panic is a crash the fuzzer reports.
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
