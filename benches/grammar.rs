//! The grammar interpreter against the native generator on the same bundles.
//!
//! Each case derives the language of a shipped trajectory grammar (`derive`, which includes
//! running the grammar's own memoised functions afresh) and collects the native bundle
//! (`Bundle::collect`) for the same piece, points and length. The kernel's MAP cache is warm
//! for both. Run with `cargo bench --bench grammar`; `ratio` lines are printed at the end, from
//! the median time of a call (`common::median`, in batches of at least a millisecond), for the
//! language gathered into a vector (`grammar`) and streamed and walked without gathering it
//! (`grammar-stream`, `Grammar::derive_stream`: what a caller that only counts or prints pays).

mod common;

use common::median;
use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lingeo::board::Board;
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::grammar::world::World;
use lingeo::grammar::{Grammar, Limits};
use lingeo::piece::{Side, Usage};
use lingeo::scenario::Scenario;

struct Case {
    name: &'static str,
    grammar: &'static str,
    scenario: Scenario,
    piece: &'static str,
    start: &'static str,
}

fn cases() -> Vec<Case> {
    let root = env!("CARGO_MANIFEST_DIR");
    let load = |f: &str| {
        Scenario::load(&Path::new(root).join("examples").join(f)).expect("a shipped example")
    };
    let board = |w, h| Scenario::empty(Board::grid(w, h, 1, &[]).expect("a board"));
    vec![
        Case {
            name: "king-a5-h5-8x8",
            grammar: "shortest-trajectories",
            scenario: board(8, 8),
            piece: "king",
            start: "S(a5, h5, 7)",
        },
        Case {
            name: "king-15x15",
            grammar: "shortest-trajectories",
            scenario: board(15, 15),
            piece: "king",
            start: "S((1,1), (15,1), 14)",
        },
        Case {
            name: "fighter-f6-h1",
            grammar: "shortest-trajectories",
            scenario: load("robot-fighter.scenario"),
            piece: "FIGHTER",
            start: "S(f6, h1, 5)",
        },
        Case {
            name: "robot-king-h8-c6-6",
            grammar: "admissible-trajectories",
            scenario: load("robot-king.scenario"),
            piece: "K",
            start: "S(h8, c6, 6)",
        },
        Case {
            name: "king-a5-h5-length-8",
            grammar: "admissible-trajectories",
            scenario: board(8, 8),
            piece: "king",
            start: "S(a5, h5, 8)",
        },
    ]
}

fn grammar_vs_native(c: &mut Criterion) {
    let mut group = c.benchmark_group("trajectories");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    let mut ratios = Vec::new();
    for case in cases() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("grammars")
            .join(format!("{}.lgg", case.grammar));
        let grammar = Grammar::load(&path).expect("a shipped grammar");
        let kernel = case.scenario.kernel();
        let mut world = World::new(&case.scenario, &kernel);
        let inputs = grammar
            .bind_inputs(&mut world, &[], Some((case.piece, None)))
            .expect("inputs");
        let start = grammar.parse_start(&mut world, case.start).expect("start");
        let piece = inputs[0].piece() as usize;
        let (from, to, length) = (start[0].point(), start[1].point(), start[2].int() as u32);
        let p = &world.pieces[piece];
        let m = kernel.motion(p.type_index, p.side, Usage::Move);
        let _ = Side::White;
        let native = || {
            Bundle::new(&kernel, m, from, to, Some(length), BundleOptions::default())
                .collect(10_000_000)
                .expect("bundle")
        };
        let interpreted = || {
            grammar
                .derive(&world, &inputs, &start, Limits::default(), None)
                .expect("derivation")
        };
        // The language streamed and walked sentence by sentence, as a caller that counts,
        // prints or builds its own structure pays: no vector of sentences.
        let streamed = || {
            let stream = grammar
                .derive_stream(&world, &inputs, &start, Limits::default(), None)
                .expect("derivation");
            let mut n = 0usize;
            stream.for_each(|s| n += s.len());
            n
        };
        let count = native().len();
        let steps = interpreted().steps;
        assert_eq!(
            interpreted().sentences.len(),
            count,
            "{}: grammar and native disagree",
            case.name
        );
        group.bench_with_input(BenchmarkId::new("native", case.name), &(), |b, _| {
            b.iter(|| black_box(native()))
        });
        group.bench_with_input(BenchmarkId::new("grammar", case.name), &(), |b, _| {
            b.iter(|| black_box(interpreted()))
        });
        group.bench_with_input(
            BenchmarkId::new("grammar-stream", case.name),
            &(),
            |b, _| b.iter(|| black_box(streamed())),
        );
        ratios.push((
            case.name,
            count,
            steps,
            median(&native),
            median(&interpreted),
            median(&streamed),
        ));
    }
    group.finish();
    // The budget: what a derivation step may cost for the grammar to be within 3x of native.
    println!(
        "\ncase, trajectories, native, grammar, ratio, steps, time a step, budget a step for 3x"
    );
    for (name, count, steps, n, g, s) in ratios {
        println!(
            "ratio {name}: {count} trajectories, native {n:?}, grammar {g:?}, grammar/native = {:.2}, {steps} steps, {:.0} ns a step, 3x needs <= {:.0} ns a step; streamed {s:?}, {:.2}x native",
            g.as_secs_f64() / n.as_secs_f64(),
            g.as_secs_f64() * 1e9 / steps as f64,
            3.0 * n.as_secs_f64() * 1e9 / steps as f64,
            s.as_secs_f64() / n.as_secs_f64(),
        );
    }
}

criterion_group!(benches, grammar_vs_native);
criterion_main!(benches);
