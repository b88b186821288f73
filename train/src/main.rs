//! Trains the Chessmaps network (docs/players.md §5) and writes its weights file.
//!
//! ```text
//! cargo run --release -p lingeo-train            # writes target/chessmaps.weights
//! cargo run --release -p lingeo-train -- FILE    # writes FILE
//! cargo run --release -p lingeo-train -- --chess  # the chess network: target/chessmaps-chess.weights
//! cp target/chessmaps.weights src/play/players/   # ships it (built into the library)
//! ```
//!
//! A crate of its own in the workspace (`train/`), so that candle, which only the trainer needs
//! (the library reads the weights in plain Rust), is not built by the main crate's `cargo test`;
//! `.ci/run` tests it (`cargo test -p lingeo-train`).
//!
//! The training set: positions of games played from the starts of Pawned, the Réti endgame and
//! the 2D/4A robot problem, each labelled by alpha-beta with the sectors its best move
//! influences (`lingeo::play::players::training`). The network (33 inputs, 16 tanh units, 11
//! sigmoid outputs) is trained by candle's autograd and AdamW on the whole set at once, with the
//! binary cross-entropy of each sector. Everything is seeded, so the same seed writes the same
//! bytes: `train/tests/weights.rs` trains again and compares with the shipped file.
//!
//! Training runs in f64 and the file keeps five decimals: candle's CPU matrix product picks its
//! kernel and its blocking by the processor (vector units, cache sizes), so the order of its
//! sums, and so the last bits of a result, may differ from one processor to another. In f32
//! those differences reached the fifth decimal after 300 epochs; in f64 they stay some ten
//! orders of magnitude below it, so the same seed writes the same bytes on other processors too
//! (unless a weight falls within about 1e-12 of a rounding boundary).

use std::time::Instant;

use candle_core::{DType, Device, Tensor, Var};
use candle_nn::{AdamW, Optimizer, ParamsAdamW};
use lingeo::play::game::Game;
use lingeo::play::players::chessmaps::{INPUTS, Network};
use lingeo::play::players::sectors::SECTORS;
use lingeo::play::players::training::{Plan, Sample, samples};
use lingeo::random::SplitMix;
use lingeo::scenario::Scenario;

/// The seed of the shipped weights.
pub const SEED: u64 = 2026;
const HIDDEN: usize = 16;
const EPOCHS: usize = 300;
const LEARNING_RATE: f64 = 0.02;

/// The games the training positions come from: (name, text, games, plies, search depth).
const SOURCES: [(&str, &str, usize, usize, u32); 3] = [
    (
        "pawned",
        include_str!("../../examples/pawned.scenario"),
        40,
        40,
        4,
    ),
    (
        "reti",
        include_str!("../../examples/reti.scenario"),
        20,
        30,
        3,
    ),
    (
        "robot-2d4a",
        include_str!("../../examples/robot-2d4a.scenario"),
        20,
        20,
        3,
    ),
];

/// Which games a network is trained on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Games {
    /// The seeds' games (`SOURCES`): the shipped `chessmaps.weights`.
    Seeds,
    /// Chess from the start position under its rules (`CHESS`): the shipped
    /// `chessmaps-chess.weights`, which `--ordering chessmaps` uses on chess positions.
    Chess,
}

/// The chess games of the chess network: from the start position, (games, plies, search
/// depth). Depth 2 with quiescence labels a middlegame position in a few milliseconds.
const CHESS: (usize, usize, u32) = (40, 40, 2);
const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// What a training run made.
pub struct Trained {
    pub network: Network,
    /// The weights file.
    pub text: String,
    pub positions: usize,
    pub loss: f64,
    /// How long making the training set and training took.
    pub labelled: std::time::Duration,
    pub trained: std::time::Duration,
}

/// The training set of `seed` on `games`.
pub fn training_set_of(games: Games, seed: u64) -> Vec<Sample> {
    match games {
        Games::Seeds => training_set(seed),
        Games::Chess => {
            let scenario = Scenario::from_fen(CHESS_START).expect("the start position");
            let game = Game::new(scenario).expect("chess compiles");
            let (games, plies, depth) = CHESS;
            samples(
                &game,
                Plan {
                    seed,
                    games,
                    plies,
                    depth,
                },
            )
        }
    }
}

/// The training set of `seed`: each source's games, in order.
pub fn training_set(seed: u64) -> Vec<Sample> {
    let mut out = Vec::new();
    for (k, (name, text, games, plies, depth)) in SOURCES.iter().enumerate() {
        let scenario = Scenario::parse(&format!("{name}.scenario"), text)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"));
        let game = Game::new(scenario).unwrap_or_else(|e| panic!("{name}: {e}"));
        let plan = Plan {
            seed: seed.wrapping_add(k as u64),
            games: *games,
            plies: *plies,
            depth: *depth,
        };
        out.extend(samples(&game, plan));
    }
    out
}

/// Trains the network on the training set of `seed` (the seeds' games).
pub fn train(seed: u64) -> candle_core::Result<Trained> {
    train_on(Games::Seeds, seed)
}

/// Trains the network on the training set of `seed` on `games`.
pub fn train_on(games: Games, seed: u64) -> candle_core::Result<Trained> {
    let start = Instant::now();
    let set = training_set_of(games, seed);
    let labelled = start.elapsed();
    let n = set.len();
    let dev = Device::Cpu;
    let inputs: Vec<f64> = set.iter().flat_map(|s| s.input.map(f64::from)).collect();
    let targets: Vec<f64> = set.iter().flat_map(|s| s.target.map(f64::from)).collect();
    let x = Tensor::from_vec(inputs, (n, INPUTS), &dev)?;
    let y = Tensor::from_vec(targets, (n, SECTORS), &dev)?;
    // Uniform in ±1/√fan-in, from the seed (candle cannot seed its CPU generator).
    let mut rng = SplitMix(seed ^ 0x5eed);
    let mut uniform = |rows: usize, cols: usize, fan_in: usize| -> candle_core::Result<Var> {
        let a = 1.0 / (fan_in as f64).sqrt();
        let v: Vec<f64> = (0..rows * cols)
            .map(|_| ((rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0) * a)
            .collect();
        Var::from_tensor(&Tensor::from_vec(v, (rows, cols), &dev)?)
    };
    let w1 = uniform(HIDDEN, INPUTS, INPUTS)?;
    let b1 = Var::zeros(HIDDEN, DType::F64, &dev)?;
    let w2 = uniform(SECTORS, HIDDEN, HIDDEN)?;
    let b2 = Var::zeros(SECTORS, DType::F64, &dev)?;
    let forward = || -> candle_core::Result<Tensor> {
        let h = x
            .matmul(&w1.as_tensor().t()?)?
            .broadcast_add(b1.as_tensor())?
            .tanh()?;
        h.matmul(&w2.as_tensor().t()?)?
            .broadcast_add(b2.as_tensor())
    };
    let params = ParamsAdamW {
        lr: LEARNING_RATE,
        weight_decay: 0.0,
        ..ParamsAdamW::default()
    };
    let mut opt = AdamW::new(vec![w1.clone(), b1.clone(), w2.clone(), b2.clone()], params)?;
    let mut loss = 0f64;
    for _ in 0..EPOCHS {
        let l = candle_nn::loss::binary_cross_entropy_with_logit(&forward()?, &y)?;
        loss = l.to_scalar::<f64>()?;
        opt.backward_step(&l)?;
    }
    // The library's network reads f32.
    let flat = |v: &Var| -> candle_core::Result<Vec<f32>> {
        let values: Vec<f64> = v.as_tensor().flatten_all()?.to_vec1()?;
        Ok(values.into_iter().map(|w| w as f32).collect())
    };
    let network = Network {
        hidden: HIDDEN,
        w1: flat(&w1)?,
        b1: flat(&b1)?,
        w2: flat(&w2)?,
        b2: flat(&b2)?,
    };
    let comment = format!(
        "The Chessmaps network of lingeo (docs/players.md §5), written by\n\
         train/src/main.rs: {}seed {seed}, {n} positions, {EPOCHS} epochs of AdamW\n\
         (learning rate {LEARNING_RATE}), loss before the last step {loss:.4}.\n\
         Format: the header `chessmaps INPUTS HIDDEN OUTPUTS`, the rows of w1, b1, the rows\n\
         of w2, b2; hidden = tanh(w1 x + b1), importance = sigmoid(w2 hidden + b2).",
        match games {
            Games::Seeds => "",
            Games::Chess => "chess games from the start position, ",
        }
    );
    let text = network.write(&comment);
    Ok(Trained {
        network,
        text,
        positions: n,
        loss,
        labelled,
        trained: start.elapsed() - labelled,
    })
}

#[allow(dead_code)] // a test includes this file for `train`
fn main() {
    // Not into src/ by default: the shipped file changes only when copied there on purpose.
    // `--chess`: the chess network (into target/chessmaps-chess.weights by default).
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let games = match args.iter().position(|a| a == "--chess") {
        Some(i) => {
            args.remove(i);
            Games::Chess
        }
        None => Games::Seeds,
    };
    let path = args.first().cloned().unwrap_or_else(|| match games {
        Games::Seeds => "target/chessmaps.weights".to_string(),
        Games::Chess => "target/chessmaps-chess.weights".to_string(),
    });
    let trained = match train_on(games, SEED) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: training failed: {e}");
            std::process::exit(1);
        }
    };
    // By default into target/, never over the shipped file: that one is replaced on purpose.
    let parent = std::path::Path::new(&path).parent();
    if let Some(Err(e)) = parent
        .filter(|p| !p.as_os_str().is_empty())
        .map(std::fs::create_dir_all)
    {
        eprintln!("error: {path}: {e}");
        std::process::exit(1);
    }
    if let Err(e) = std::fs::write(&path, &trained.text) {
        eprintln!("error: {path}: {e}");
        std::process::exit(1);
    }
    println!(
        "{} positions labelled in {:.2} s, trained in {:.2} s, loss {:.4}: wrote {path}",
        trained.positions,
        trained.labelled.as_secs_f64(),
        trained.trained.as_secs_f64(),
        trained.loss,
    );
}
