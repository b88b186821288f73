//! Structures as large as the board against the memory limit (`--max-memory`): a slider's
//! successor lists and the rays of play on a 1024x1024 board are billions of points, and every
//! command refuses them beforehand with exit code 2 and a message naming what is too large and
//! how to raise the limit, quickly and without taking the memory; the limit is the library's
//! own check (`memory::check`), which a library caller gets without the binary's allocator.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use lingeo::memory;
use lingeo::play::game::{Game, GameError};
use lingeo::scenario::Scenario;

const QUEEN: &str = "board SIZE
white queen at (1,1) as Q
black king at (100,100) as K
white king at (3,5) as WK
game {
  first white
  royal king
}
";

fn scenario_file(size: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("board-memory");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("queen-{size}.scenario"));
    std::fs::write(&path, QUEEN.replace("SIZE", size)).unwrap();
    path
}

/// Runs `lingeo ARGS` (the scenario as `FILE`): exit code and stderr, and how long it took.
fn lingeo(file: &Path, args: &[&str]) -> (Option<i32>, String, Duration) {
    let args: Vec<&str> = args
        .iter()
        .map(|&a| {
            if a == "FILE" {
                file.to_str().unwrap()
            } else {
                a
            }
        })
        .collect();
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(&args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        start.elapsed(),
    )
}

const COMMANDS: [&[&str]; 10] = [
    &["map", "FILE", "--piece", "Q"],
    &["map", "FILE", "--control"],
    &["search", "FILE", "--depth", "1"],
    &["play", "FILE", "--moves", "(1,1)-(2,2)"],
    &["evaluate", "FILE"],
    &["zones", "FILE", "--piece", "Q", "--to", "(100,100)"],
    &["trajectories", "FILE", "--piece", "Q", "--to", "(5,9)"],
    &["patterns", "FILE"],
    &["fuzzy", "FILE"],
    &[
        "run",
        "grammars/shortest-trajectories.lgg",
        "FILE",
        "--piece",
        "Q",
        "--start",
        "S((1,1),(5,9),2)",
    ],
];

#[test]
fn every_command_refuses_a_queen_on_1024x1024_with_the_limit_named() {
    let file = scenario_file("1024x1024");
    for args in COMMANDS {
        let (code, stderr, took) = lingeo(&file, args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("on this 1024x1024 board would take up to 13.")
                && stderr.contains("more than the memory limit of 4 GiB allows")
                && stderr.contains("(--max-memory raises the limit, in MiB)")
                && (stderr.contains("successor lists of queen (white, moves)")
                    || stderr.contains("rays of play of")),
            "{args:?}: {stderr}"
        );
        assert!(took < Duration::from_secs(60), "{args:?} took {took:?}");
    }
}

#[test]
fn a_queen_on_724x724_is_refused_too() {
    let file = scenario_file("724x724");
    for args in [COMMANDS[0], COMMANDS[2], COMMANDS[5]] {
        let (code, stderr, _) = lingeo(&file, args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("on this 724x724 board would take up to"),
            "{stderr}"
        );
    }
}

#[test]
fn max_memory_covers_the_board_structures() {
    // A queen on 128x128: 43 MiB of successor lists and as much of rays, well within the
    // default, past a limit of 16 MiB.
    let file = scenario_file("128x128");
    let small = ["map", "FILE", "--piece", "Q", "--max-memory", "16"];
    let (code, stderr, _) = lingeo(&file, &small);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("successor lists of queen (white, moves) on this 128x128 board")
            && stderr.contains("more than the memory limit of 16 MiB allows"),
        "{stderr}"
    );
    let (code, stderr, _) = lingeo(&file, &small[..4]);
    assert_eq!(code, Some(0), "{stderr}");
    for args in [
        &["search", "FILE", "--depth", "1", "--max-memory", "16"][..],
        &["map", "FILE", "--control", "--max-memory", "16"],
    ] {
        let (code, stderr, _) = lingeo(&file, args);
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("rays of play of") && stderr.contains("16 MiB"),
            "{stderr}"
        );
    }
}

#[test]
fn the_library_checks_the_limit_itself() {
    let s = Scenario::parse("q.scenario", &QUEEN.replace("SIZE", "1024x1024")).unwrap();
    let err = s
        .checked_kernel()
        .err()
        .expect("a queen on 1024x1024 is too large");
    assert!(err.bytes > 8 << 30, "{err}");
    assert_eq!(err.limit, memory::DEFAULT_LIMIT);
    match Game::new(s.clone()) {
        Err(GameError::TooLarge(e)) => assert!(e.what.starts_with("the rays of play"), "{e}"),
        other => panic!("{other:?}"),
    }
    let small = Scenario::parse("q.scenario", &QUEEN.replace("SIZE", "128x128")).unwrap();
    assert!(small.checked_kernel().is_ok());
    assert!(Game::new(small.clone()).is_ok());
    memory::with_limit(1 << 20, || {
        assert!(small.checked_kernel().is_err());
        assert!(matches!(Game::new(small), Err(GameError::TooLarge(_))));
    });
}

/// The rays of play of a queen on 128x128 take a while to build: past the thread's deadline the
/// game is not made, and the error is the time limit (a server's request whose client left
/// built a rook's rays on 344x166 for seconds).
#[test]
fn the_rays_of_play_stop_at_the_deadline() {
    let small = Scenario::parse("q.scenario", &QUEEN.replace("SIZE", "128x128")).unwrap();
    let limit = std::time::Duration::ZERO;
    lingeo::deadline::within(limit, || {
        std::thread::sleep(std::time::Duration::from_millis(2));
        match Game::new(small.clone()) {
            Err(e @ GameError::OutOfTime(_)) => {
                assert!(e.to_string().contains("time limit"), "{e}");
            }
            other => panic!("{other:?}"),
        }
    });
    assert!(Game::new(small).is_ok());
}
