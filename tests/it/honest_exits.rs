//! A command that gives up says so: exit code 2, its reason on stderr, what it has on stdout
//! (README, "Exit codes"); and one that answers in another way than listing (the zone
//! networks past `--max-zones`) exits 0 with an answer that says what it is.

use super::common::lingeo;

#[test]
fn an_evaluation_whose_networks_cannot_be_read_gives_up() {
    // 1 MiB stops the listing and the network of race10's large attacks: they are not counted,
    // and the value printed is not the one asked for.
    let (out, err, code) = lingeo(&[
        "evaluate",
        "examples/race10.scenario",
        "--max-memory",
        "1",
        "--explain",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("attacks not counted"), "{err}");
    assert!(err.contains("raise --max-memory"), "{err}");
    assert!(out.contains("value "), "{out}");
    assert!(
        out.contains("not counted: the zones of the attack on j10"),
        "{out}"
    );
}

#[test]
fn an_evaluation_past_max_zones_answers_from_the_networks() {
    let (out, err, code) = lingeo(&[
        "evaluate",
        "examples/reti.scenario",
        "--max-zones",
        "1",
        "--json",
    ]);
    assert_eq!((code, err.as_str()), (0, ""), "{out}");
    let json: serde_json::Value = serde_json::from_str(&out).unwrap();
    let goals = json["goals"].as_array().unwrap();
    // Every goal is counted; those of attacks with more than one zone from their networks.
    assert!(
        goals
            .iter()
            .all(|g| g["unlisted"].as_array().unwrap().is_empty())
    );
    let networked: Vec<&serde_json::Value> = goals
        .iter()
        .filter(|g| g.get("networks").is_some())
        .collect();
    assert!(!networked.is_empty(), "{out}");
    for g in networked {
        let at_least = g["degree_at_least"].as_f64().unwrap();
        let degree = g["degree"].as_f64().unwrap();
        assert!(at_least <= degree, "{g}");
        // Réti's networks give exact degrees: no upper bound is labelled.
        assert!(g.get("degree_is_upper_bound").is_none(), "{g}");
    }
}

#[test]
fn an_lg_search_that_cannot_list_its_zones_gives_up() {
    let (out, err, code) = lingeo(&[
        "search",
        "examples/race10.scenario",
        "--engine",
        "lg",
        "--max-zones",
        "10",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("no search completed, so there is no result"),
        "{err}"
    );
    assert!(!out.contains("value:"), "{out}");
}

#[test]
fn a_zone_listing_past_its_memory_gives_up_with_the_rest_listed() {
    let (out, err, code) = lingeo(&[
        "zones",
        "examples/race10.scenario",
        "--all-attacks",
        "--horizon",
        "5",
        "--max-memory",
        "1",
        // One attack at a time: the limit holds against the process's heap, so attacks listed
        // at once on two threads count each other's memory, and which of them fit depended on
        // how they overlapped (every one of the 12 failed once, on a loaded machine).
        "--jobs",
        "1",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("attacks not listed"), "{err}");
    assert!(
        out.contains("more than 1 MiB of memory, not listed"),
        "{out}"
    );
    // The attacks that fit are still answered.
    assert!(
        out.contains(
            "INTERCEPTOR) from b9 to a6 within 5 moves (filters: f1+f2; native generator): 1 zone\n"
        ),
        "{out}"
    );
}

#[test]
fn a_solve_stopped_by_its_budget_gives_up() {
    let (out, err, code) = lingeo(&[
        "search",
        "examples/robot-2d4a.scenario",
        "--solve",
        "--max-nodes",
        "100",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("before the solve proved the game's value"),
        "{err}"
    );
    assert!(out.contains("pv: "), "{out}");
}

/// A pipe whose reading end is closed: whatever is written to it fails with a broken pipe.
#[cfg(unix)]
fn closed_pipe() -> std::process::Stdio {
    use std::os::fd::FromRawFd;
    let mut ends = [0; 2];
    // SAFETY: `ends` has room for the two descriptors pipe(2) makes.
    assert_eq!(unsafe { libc::pipe(ends.as_mut_ptr()) }, 0);
    // SAFETY: the reading end is ours, and closed once; the writing end is owned from here.
    unsafe {
        libc::close(ends[0]);
        std::process::Stdio::from(std::os::fd::OwnedFd::from_raw_fd(ends[1]))
    }
}

/// `lingeo check FILE 2>&1 | head -c 10` panicked ("failed printing to stderr: Broken pipe",
/// exit code 101): a closed stderr loses the errors quietly, as a closed stdout loses the
/// output, and the exit code is the command's.
#[cfg(unix)]
#[test]
fn a_closed_stderr_or_stdout_is_no_panic() {
    use std::process::{Command, Stdio};
    let run = |args: &[&str], stdout: Stdio, stderr: Stdio| {
        let out = Command::new(env!("CARGO_BIN_EXE_lingeo"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(stdout)
            .stderr(stderr)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // Errors on a closed stderr: exit code 2, as the errors say.
    let bad = "tests/bad/resolve-bad-value.scenario";
    assert!(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join(bad)
            .exists()
    );
    assert_eq!(
        run(&["check", bad], Stdio::null(), closed_pipe()).0,
        Some(2)
    );
    // A trace on a closed stderr, the sentences on stdout.
    let (code, _) = run(
        &[
            "run",
            "grammars/hanoi.lgg",
            "--start",
            "S(3, a, c)",
            "--trace",
        ],
        Stdio::null(),
        closed_pipe(),
    );
    assert_eq!(code, Some(0));
    // Both closed.
    let (code, _) = run(
        &["run", "grammars/hanoi.lgg", "--start", "S(3, a, c)"],
        closed_pipe(),
        closed_pipe(),
    );
    assert_eq!(code, Some(0));
    // A closed stdout, stderr open: nothing said.
    let (code, err) = run(
        &["check", "examples/reti.scenario"],
        closed_pipe(),
        Stdio::piped(),
    );
    assert_eq!((code, err.as_str()), (Some(0), ""));
}
