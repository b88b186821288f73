//! The shipped Chessmaps weights (`src/play/players/chessmaps.weights`, built into the library)
//! are what the trainer writes, and the network has learnt its labels (docs/players.md §5).

use lingeo::play::players::chessmaps::{Network, SHIPPED, SHIPPED_CHESS};

// The trainer is a binary; its functions are included rather than split into a library of one
// file.
#[path = "../src/main.rs"]
mod train;

/// Same seed, same bytes: the trainer run here writes the committed file, and the network it
/// trained predicts what the file's (rounded) weights predict.
#[test]
fn the_shipped_weights_are_what_the_trainer_writes() {
    let trained = train::train(train::SEED).expect("training runs");
    assert!(trained.positions >= 500, "{} positions", trained.positions);
    assert_eq!(
        trained.text, SHIPPED,
        "src/play/players/chessmaps.weights is not what train/src/main.rs writes: \
         run `cargo run --release -p lingeo-train -- src/play/players/chessmaps.weights`"
    );
    let shipped = Network::shipped();
    let set = train::training_set(train::SEED);
    for sample in set.iter().take(50) {
        let a = trained.network.predict(&sample.input);
        let b = shipped.predict(&sample.input);
        assert!(a.iter().zip(&b).all(|(x, y)| (x - y).abs() < 1e-3));
    }
    // Learnt: the cross-entropy is below that of answering 1/2 everywhere (ln 2), and the
    // sectors the best moves influence are rated above the others.
    assert!(trained.loss < 0.6, "loss {}", trained.loss);
    let (mut on, mut on_n, mut off, mut off_n) = (0f64, 0, 0f64, 0);
    for sample in &set {
        for (p, t) in shipped.predict(&sample.input).iter().zip(sample.target) {
            if t > 0.5 {
                on += f64::from(*p);
                on_n += 1;
            } else {
                off += f64::from(*p);
                off_n += 1;
            }
        }
    }
    assert!(on / f64::from(on_n) > off / f64::from(off_n) + 0.2);
}

/// The chess network (`lingeo-train --chess`, docs/players.md §6) is what the trainer writes
/// from chess games, and it too has learnt its labels.
#[test]
fn the_shipped_chess_weights_are_what_the_trainer_writes() {
    let trained = train::train_on(train::Games::Chess, train::SEED).expect("training runs");
    assert!(trained.positions >= 1000, "{} positions", trained.positions);
    assert_eq!(
        trained.text, SHIPPED_CHESS,
        "src/play/players/chessmaps-chess.weights is not what train/src/main.rs writes: run \
         `cargo run --release -p lingeo-train -- --chess src/play/players/chessmaps-chess.weights`"
    );
    assert!(trained.loss < 0.6, "loss {}", trained.loss);
    assert_ne!(*Network::shipped_chess(), *Network::shipped());
}
