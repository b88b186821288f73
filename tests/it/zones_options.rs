//! `lingeo zones`' options as the API's `ZonesRequest` (issue 46): every attack without a
//! horizon takes the default the help gives, the help says what `--all-attacks` exits with,
//! the summary mode, and the server reading the same request.

use serde_json::{Value, json};

use super::common::lingeo;
use super::serve::Server;

/// The help gives `--all-attacks` a default horizon; without `--horizon` it takes it (it
/// needed `--horizon` before, with "the distance" as the help's only default).
#[test]
fn every_attack_without_a_horizon_takes_the_default_the_help_gives() {
    let (help, _, _) = lingeo(&["zones", "--help"]);
    assert!(help.contains("with --all-attacks, 4"), "{help}");
    let (out, err, code) = lingeo(&["zones", "examples/reti.scenario", "--all-attacks"]);
    assert_eq!(code, 0, "{err}");
    let (four, _, _) = lingeo(&[
        "zones",
        "examples/reti.scenario",
        "--all-attacks",
        "--horizon",
        "4",
    ]);
    assert_eq!(out, four);
    assert!(out.contains("within 4 moves"), "{out}");
}

/// The help says `--all-attacks` exits 2 where an attack is not listed, and it does (the help
/// said "the exit code is 0 whenever the listing is printed").
#[test]
fn all_attacks_help_says_the_exit_code_it_exits_with() {
    let (help, _, _) = lingeo(&["zones", "--help"]);
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        help.contains("the exit code is 2 when some attack is not listed (0 when every attack is)"),
        "{help}"
    );
    assert!(!help.contains("exit code is 0 whenever"), "{help}");
    let (out, _, code) = lingeo(&[
        "zones",
        "examples/reti.scenario",
        "--all-attacks",
        "--max-zones",
        "10",
        "--all-zones",
    ]);
    assert_eq!(code, 2);
    assert!(out.contains("not listed"), "{out}");
    let (_, _, code) = lingeo(&["zones", "examples/reti.scenario", "--all-attacks"]);
    assert_eq!(code, 0);
}

/// `--summary`: one line an attack with its counts and time, the same counts as the bundle
/// view's, and no zone; in JSON no bundles; as CSV one row an attack.
#[test]
fn summary_gives_each_attacks_counts_and_time_without_its_zones() {
    let args = ["zones", "examples/reti.scenario", "--all-attacks"];
    let (bundles, _, _) = lingeo(&args);
    let (summary, err, code) = lingeo(&[&args[..], &["--summary"]].concat());
    assert_eq!(code, 0, "{err}");
    let heads: Vec<&str> = bundles
        .lines()
        .filter(|l| l.starts_with("Zones of"))
        .collect();
    let lines: Vec<&str> = summary.lines().collect();
    assert_eq!(lines.len(), heads.len() + 1, "{summary}");
    for (head, line) in heads.iter().zip(&lines) {
        // `...: 16 zones` and `...: 16 zones, 16 main trajectories (0.2 ms)`.
        assert!(line.starts_with(head), "{line} / {head}");
        assert!(line.ends_with(" ms)"), "{line}");
    }
    assert!(!summary.contains("main: t("), "{summary}");
    assert!(
        lines
            .last()
            .unwrap()
            .starts_with("in all: 4 attacks, 38 zones"),
        "{summary}"
    );

    let (json, _, _) = lingeo(&[&args[..], &["--summary", "--json"]].concat());
    let json: Value = serde_json::from_str(&json).unwrap();
    let attacks = json.as_array().unwrap();
    assert_eq!(attacks.len(), 4);
    for a in attacks {
        assert!(
            a.get("bundles").is_none() && a.get("zones").is_none(),
            "{a}"
        );
        assert!(a["time_ms"].as_f64().is_some_and(|t| t >= 0.0), "{a}");
        assert!(a["main_trajectories"].as_u64().is_some(), "{a}");
    }
    assert_eq!(attacks[0]["count"], 16);

    let (csv, _, _) = lingeo(&[&args[..], &["--summary", "--csv"]].concat());
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(
        rows[0],
        "attack,piece,from,target,horizon,zones,main_trajectories,time_ms,error"
    );
    assert_eq!(rows.len(), 5, "{csv}");
    assert!(rows[1].starts_with("1,WK,h8,h5,4,16,16,"), "{csv}");

    // A summary lists no zone: not with --all-zones, named as the flags.
    let (_, err, code) = lingeo(&[&args[..], &["--summary", "--all-zones"]].concat());
    assert_eq!(code, 2);
    assert!(
        err.contains("--summary counts the zones without listing them: not with --all-zones"),
        "{err}"
    );
}

/// Every attack of a large position (a chess opening from a FEN: 32 pieces) is summarised
/// unless the request says otherwise (issue 47, item 10: its bundles were 170,000 lines);
/// `--no-summary` lists them, and a small position (the Réti ending) lists them by default.
#[test]
fn every_attack_of_a_large_position_is_summarised_by_default() {
    let ruy_lopez = "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4";
    let args = [
        "zones",
        "--fen",
        ruy_lopez,
        "--all-attacks",
        "--horizon",
        "1",
    ];
    let (summary, err, code) = lingeo(&args);
    assert_eq!(code, 0, "{err}");
    assert!(!summary.contains("main: t("), "{summary}");
    assert!(summary.contains(" ms)\n"), "{summary}");
    assert!(
        summary.ends_with(
            "(counts only: a position of 32 pieces; --no-summary lists every attack's bundles)\n"
        ),
        "{summary}"
    );
    let (asked, _, _) = lingeo(&[&args[..], &["--summary"]].concat());
    assert!(
        !asked.contains("counts only"),
        "asked for, not a default: {asked}"
    );
    let (listed, err, code) = lingeo(&[&args[..], &["--no-summary"]].concat());
    assert_eq!(code, 0, "{err}");
    assert!(listed.contains("main: t("), "{listed}");
    let heads = |text: &str| text.lines().filter(|l| l.starts_with("Zones of")).count();
    assert_eq!(
        heads(&listed),
        heads(&summary),
        "the same attacks either way"
    );
    assert!(heads(&listed) > 10, "{listed}");

    let (small, _, _) = lingeo(&["zones", "examples/reti.scenario", "--all-attacks"]);
    assert!(small.contains("main: t("), "{small}");

    // The server reads the same request: unset summarises, false lists.
    let server = Server::start("20");
    let body = |summary: Option<bool>| {
        let mut b = json!({"fen": ruy_lopez, "all_attacks": true, "horizon": 1});
        if let Some(s) = summary {
            b["summary"] = json!(s);
        }
        b
    };
    let (status, answer) = server.post("/api/zones", &body(None));
    assert_eq!(status, 200, "{answer}");
    let attacks = answer["cli"].as_array().unwrap();
    assert!(
        attacks
            .iter()
            .all(|a| a.get("bundles").is_none() && a.get("time_ms").is_some())
    );
    let (status, answer) = server.post("/api/zones", &body(Some(false)));
    assert_eq!(status, 200, "{answer}");
    let attacks = answer["cli"].as_array().unwrap();
    assert!(
        attacks.iter().any(|a| a.get("bundles").is_some()),
        "{answer}"
    );
}

/// The rules between the flags are the request's, named as the flags.
#[test]
fn the_requests_rules_name_the_flags() {
    for (extra, message) in [
        (
            &["--all-attacks", "--piece", "WK"][..],
            "--all-attacks is every piece's attacks",
        ),
        (&["--piece", "WK"][..], "give the attack, --piece and --to"),
        (
            &["--piece", "WK", "--to", "h5", "--jobs", "2"][..],
            "--jobs spreads every attack over threads",
        ),
        (
            &["--all-attacks", "--jobs", "0"][..],
            "--jobs must be from 1 to 256, not 0",
        ),
        (
            &["--piece", "WK", "--to", "h5", "--zone", "0"][..],
            "zones are numbered from 1",
        ),
    ] {
        let (_, err, code) = lingeo(&[&["zones", "examples/reti.scenario"][..], extra].concat());
        assert_eq!(code, 2, "{extra:?}");
        assert!(err.contains(message), "{extra:?}: {err}");
    }
}

/// The server reads the body as the request: an unknown field is a 400 naming the close
/// names, `summary` is taken, and `/api/defaults` serves the zones' fields.
#[test]
fn the_server_reads_the_zones_request_itself() {
    let server = Server::start("20");
    let scenario = std::fs::read_to_string("examples/reti.scenario").unwrap();
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"scenario": scenario, "all_attacks": true, "max_zone": 3}),
    );
    assert_eq!(status, 400, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("did you mean zone, max_zones?"),
        "{answer}"
    );
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"scenario": scenario, "all_attacks": true, "summary": true}),
    );
    assert_eq!(status, 200, "{answer}");
    let attacks = answer["cli"].as_array().unwrap();
    assert_eq!(
        attacks.len(),
        4,
        "every attack within the default horizon 4"
    );
    assert!(attacks.iter().all(|a| a.get("bundles").is_none()));
    let (status, text) = server.get("/api/defaults");
    assert_eq!(status, 200);
    let defaults: Value = serde_json::from_str(&text).unwrap();
    let max_zones = defaults["zones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["name"] == "max_zones")
        .cloned()
        .unwrap();
    assert_eq!(max_zones["default"], 10_000);
}
