//! `lingeo trajectories` and `lingeo map` (with `--control`) as the API's requests (issue 46):
//! the server reads its body as the same request, so it takes what the CLI takes (the control
//! map, `max_memory`), names the close field of one it does not have, and the CLI's rules are
//! the request's, named as its flags.

use serde_json::{Value, json};

use super::common::lingeo;
use super::serve::Server;

fn scenario(path: &str) -> String {
    std::fs::read_to_string(path).unwrap()
}

/// The control map through the server, as `lingeo map --control --json` prints it (the
/// server had no control map: `control` was an unknown field).
#[test]
fn the_server_draws_the_control_map_the_cli_prints() {
    let server = Server::start("20");
    let (status, answer) = server.post(
        "/api/map",
        &json!({"scenario": scenario("examples/reti.scenario"), "control": true}),
    );
    assert_eq!(status, 200, "{answer}");
    let (out, err, code) = lingeo(&["map", "examples/reti.scenario", "--control", "--json"]);
    assert_eq!(code, 0, "{err}");
    let cli: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["cli"], cli);
    assert!(
        answer["svg"].as_str().unwrap().contains("Control map"),
        "{answer}"
    );
    // Without pieces there is no control map: a bad request, as in the CLI.
    let (status, answer) = server.post("/api/map", &json!({"board": "4x4", "control": true}));
    assert_eq!(status, 422, "{answer}");
    // With a piece it is refused by the request's rule.
    let (status, answer) = server.post(
        "/api/map",
        &json!({"board": "4x4", "control": true, "type": "king"}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("not with `type`"),
        "{answer}"
    );
}

/// The server's trajectories and map take the request's fields (`max_memory` among them, at
/// most its budget) and name the close ones of a field they do not have.
#[test]
fn the_server_reads_trajectories_and_map_as_their_requests() {
    let server = Server::start("20");
    let fighter = scenario("examples/robot-fighter.scenario");
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"scenario": fighter, "piece": "FIGHTER", "to": "h1", "count_only": true}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("did you mean count"),
        "{answer}"
    );
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"scenario": fighter, "piece": "FIGHTER", "to": "h1", "count": true,
                "max_memory": 64}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["count"], 7);
    let (status, answer) = server.post(
        "/api/map",
        &json!({"board": "8x8", "type": "knight", "from": "a1", "max_memory": 64,
                "reverse": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["direction"], "to");
    let (status, text) = server.get("/api/defaults");
    assert_eq!(status, 200);
    let defaults: Value = serde_json::from_str(&text).unwrap();
    for job in ["zones", "trajectories", "map"] {
        assert!(
            defaults[job].as_array().is_some_and(|f| !f.is_empty()),
            "{job}"
        );
    }
}

/// The CLI's rules between flags are the request's, in the words of the flags.
#[test]
fn the_cli_rules_of_map_and_trajectories_are_the_requests() {
    let (_, err, code) = lingeo(&["map", "--control", "--reverse"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "--control is the control map of the position, of every piece: not with --reverse"
        ),
        "{err}"
    );
    let (_, err, code) = lingeo(&["trajectories", "--type", "king", "--from", "a1"]);
    assert_eq!(code, 2);
    // A field every request needs is a required flag, listed by clap as before.
    assert!(
        err.contains("the following required arguments were not provided:\n  --to <TO>"),
        "{err}"
    );
    let (_, err, code) = lingeo(&[
        "trajectories",
        "--type",
        "king",
        "--from",
        "a1",
        "--to",
        "h8",
        "--rule",
        "s17",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("s16") && err.contains("s06"), "{err}");
}

/// `run`'s options as the API's `RunRequest`: the server counts on the forest with `count`
/// (it had no `count`), names the close field of an unknown one, and the CLI's rules are the
/// request's.
#[test]
fn run_is_read_as_its_request() {
    let server = Server::start("20");
    let hanoi = std::fs::read_to_string("grammars/hanoi.lgg").unwrap();
    let (status, answer) = server.post(
        "/api/run",
        &json!({"grammar": hanoi, "grammar_name": "hanoi.lgg", "start": "S(3, a, c)",
                "count": true}),
    );
    assert_eq!(status, 200, "{answer}");
    let (out, err, code) = lingeo(&[
        "run",
        "grammars/hanoi.lgg",
        "--start",
        "S(3, a, c)",
        "--count",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let cli: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(answer["cli"], cli, "{answer}");
    assert_eq!(cli["count_digits"], "1");
    let (status, answer) = server.post(
        "/api/run",
        &json!({"grammar": hanoi, "start": "S(3, a, c)", "max_sentence": 3}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"].as_str().unwrap().contains("max_sentences"),
        "{answer}"
    );
    let (_, err, code) = lingeo(&[
        "run",
        "grammars/hanoi.lgg",
        "--start",
        "S(3, a, c)",
        "--count",
        "--trace",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("not with --trace"), "{err}");
    let (_, err, code) = lingeo(&[
        "run",
        "grammars/hanoi.lgg",
        "--start",
        "S(3, a, c)",
        "--side",
        "black",
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--side goes with --type (or --piece)"),
        "{err}"
    );
}
