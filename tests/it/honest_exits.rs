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
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("attacks not listed"), "{err}");
    assert!(
        out.contains("more than 1 MiB of memory, not listed"),
        "{out}"
    );
    // The attacks that fit are still answered.
    assert!(out.contains(" zones\n") || out.contains(" zone\n"), "{out}");
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
