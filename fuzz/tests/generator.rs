//! The generator of the `eval` target makes grammars that mostly pass the checker, and most
//! of those run to a language or a run-time error: `cargo test` in `fuzz/` (stable is enough)
//! prints the proportions. `LINGEO_FUZZ_SHOW=N` also prints the N-th grammar and outcome.

use arbitrary::{Arbitrary, Unstructured};
use lingeo_fuzz::{Case, Outcome, run_case};

/// Pseudo-random bytes (xorshift), the same on every run.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..len)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn most_generated_grammars_pass_the_checker() {
    let show: Option<u64> = std::env::var("LINGEO_FUZZ_SHOW")
        .ok()
        .and_then(|s| s.parse().ok());
    let total = 1000u64;
    let (mut invalid, mut unbound, mut errors, mut languages, mut nonempty) = (0, 0, 0, 0, 0);
    let mut first_invalid = None;
    let mut messages = std::collections::BTreeMap::<String, usize>::new();
    for seed in 0..total {
        let data = bytes(seed, 2048);
        let mut u = Unstructured::new(&data);
        let case = Case::arbitrary(&mut u).expect("a case from 2048 bytes");
        let outcome = match std::panic::catch_unwind(|| run_case(&case)) {
            Ok(outcome) => outcome,
            Err(panic) => {
                println!(
                    "seed {seed} panics:\n{}\n--start '{}'\n{:?}",
                    case.grammar.text, case.grammar.start, case
                );
                std::panic::resume_unwind(panic)
            }
        };
        if show == Some(seed) {
            println!(
                "{}\n--start '{}'\n{outcome:?}",
                case.grammar.text, case.grammar.start
            );
        }
        match outcome {
            Outcome::Invalid(e) => {
                invalid += 1;
                first_invalid.get_or_insert((seed, case.grammar.text.clone(), e));
            }
            Outcome::NotBound(_) => unbound += 1,
            Outcome::RunError(e) => {
                errors += 1;
                let line = e.lines().next().unwrap_or("").to_string();
                if std::env::var_os("LINGEO_FUZZ_ERRORS").is_some() {
                    println!("{e}");
                }
                let line: String = line.chars().filter(|c| !c.is_ascii_digit()).collect();
                *messages.entry(line).or_default() += 1;
            }
            Outcome::Language(l) => {
                languages += 1;
                if !l.is_empty() {
                    nonempty += 1;
                }
            }
        }
    }
    println!(
        "{total} cases: {invalid} invalid, {unbound} not bound, {errors} run-time errors, \
         {languages} languages ({nonempty} not empty)"
    );
    let mut messages: Vec<_> = messages.into_iter().collect();
    messages.sort_by_key(|(_, k)| std::cmp::Reverse(*k));
    for (m, k) in messages.iter().take(12) {
        println!("{k:5} {m}");
    }
    if let Some((seed, text, e)) = &first_invalid {
        println!("first invalid (seed {seed}):\n{text}\n{e}");
    }
    assert!(
        invalid * 5 < total,
        "{invalid} of {total} grammars are invalid"
    );
}
