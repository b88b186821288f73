//! Benchmarks of the distance kernel and the bundle generators.
//!
//! * `map`: one cold MAP (`distance_map` on the relation, bypassing the kernel's cache) per
//!   piece and board size, and a cached `Kernel::map` lookup.
//! * `bundle`: enumerating whole bundles (every trajectory passed through `black_box`) and
//!   counting them with `Bundle::count`. The kernel's MAP cache is warm; the bundle itself
//!   (`Bundle::new`, which also prepares the split table) is built inside each iteration.
//!
//! Run with `cargo bench --bench kernel`; it takes a couple of minutes on 2 cores.

mod common;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use lingeo::board::{Board, Point};
use lingeo::bundle::{Bundle, BundleOptions};
use lingeo::kernel::{Kernel, MotionId, distance_map};
use lingeo::piece::{Side, Usage, chess_types};

/// Chess type indices in `chess_types()`.
const KING: usize = 0;
const QUEEN: usize = 1;
const ROOK: usize = 2;
const KNIGHT: usize = 4;

fn square(size: u32) -> Kernel {
    let board = Board::grid(size, size, 1, &[]).expect("a valid board");
    Kernel::new(&board, &chess_types(), None)
}

fn motion(kernel: &Kernel, type_index: usize) -> MotionId {
    kernel.motion(type_index, Side::White, Usage::Move)
}

fn at(kernel: &Kernel, x: i64, y: i64) -> Point {
    kernel
        .board()
        .point_at([x, y, 1])
        .expect("a point of the board")
}

fn map(c: &mut Criterion) {
    let mut group = c.benchmark_group("map");
    group
        .sample_size(50)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for size in [8u32, 15, 64] {
        let kernel = square(size);
        // A point off the centre (d3 on 8x8), so that the layers are uneven.
        let origin = at(&kernel, i64::from(size) / 2, i64::from(size) / 3 + 1);
        for (name, t) in [
            ("king", KING),
            ("rook", ROOK),
            ("knight", KNIGHT),
            ("queen", QUEEN),
        ] {
            let rel = kernel.relation(motion(&kernel, t)); // built here, outside the timing
            group.bench_with_input(
                BenchmarkId::new(name, format!("{size}x{size}")),
                &origin,
                |b, &origin| {
                    b.iter(|| distance_map(black_box(rel), black_box(origin), kernel.unreachable()))
                },
            );
        }
    }
    let kernel = square(8);
    let m = motion(&kernel, KING);
    let (x, y) = (at(&kernel, 4, 3), at(&kernel, 8, 8));
    kernel.map(m, x);
    group.bench_function("cached-king/8x8", |b| {
        b.iter(|| kernel.map(black_box(m), black_box(x)).get(y))
    });
    group.finish();
}

/// Builds the bundle and passes every trajectory through `black_box`; returns how many there were.
fn enumerate(kernel: &Kernel, m: MotionId, x: Point, y: Point, length: Option<u32>) -> usize {
    let bundle = Bundle::new(kernel, m, x, y, length, BundleOptions::default());
    let mut n = 0;
    for t in bundle.iter() {
        black_box(&t);
        n += 1;
    }
    n
}

fn count(kernel: &Kernel, m: MotionId, x: Point, y: Point, length: Option<u32>) -> u128 {
    Bundle::new(kernel, m, x, y, length, BundleOptions::default()).count()
}

fn bundle(c: &mut Criterion) {
    let mut group = c.benchmark_group("bundle");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));

    let k8 = square(8);
    let king8 = motion(&k8, KING);
    let (a5, h5) = (at(&k8, 1, 5), at(&k8, 8, 5));
    assert_eq!(enumerate(&k8, king8, a5, h5, None), 393);
    group.bench_function("king-a5-h5/8x8", |b| {
        b.iter(|| enumerate(&k8, king8, a5, h5, None))
    });
    let admissible = enumerate(&k8, king8, a5, h5, Some(8));
    eprintln!("king a5-h5 of length 8 on 8x8: {admissible} admissible trajectories");
    group.bench_function("king-a5-h5-length-8/8x8", |b| {
        b.iter(|| enumerate(&k8, king8, a5, h5, Some(8)))
    });

    let k15 = square(15);
    let king15 = motion(&k15, KING);
    let (x15, y15) = (at(&k15, 1, 1), at(&k15, 15, 1));
    assert_eq!(enumerate(&k15, king15, x15, y15, None), 113_634);
    group.bench_function("king-(1,1)-(15,1)/15x15", |b| {
        b.iter(|| enumerate(&k15, king15, x15, y15, None))
    });
    group.bench_function("count/king-(1,1)-(15,1)/15x15", |b| {
        b.iter(|| count(&k15, king15, x15, y15, None))
    });

    let k64 = square(64);
    let queen64 = motion(&k64, QUEEN);
    let (x64, y64) = (at(&k64, 1, 1), at(&k64, 64, 40));
    let queens = enumerate(&k64, queen64, x64, y64, None);
    eprintln!("queen (1,1)-(64,40) on 64x64: {queens} shortest trajectories");
    group.bench_function("queen-(1,1)-(64,40)/64x64", |b| {
        b.iter(|| enumerate(&k64, queen64, x64, y64, None))
    });
    group.bench_function("count/queen-(1,1)-(64,40)/64x64", |b| {
        b.iter(|| count(&k64, queen64, x64, y64, None))
    });
    let king64 = motion(&k64, KING);
    let (a, b) = (at(&k64, 1, 1), at(&k64, 64, 1));
    eprintln!(
        "king (1,1)-(64,1) on 64x64: {} shortest trajectories",
        count(&k64, king64, a, b, None)
    );
    group.bench_function("count/king-(1,1)-(64,1)/64x64", |bench| {
        bench.iter(|| count(&k64, king64, a, b, None))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().without_plots();
    targets = map, bundle
}
criterion_main!(benches);
