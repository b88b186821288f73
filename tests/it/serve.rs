//! `lingeo serve` (docs/serve.md): the API against a server on an ephemeral loopback port. Every
//! endpoint on the shipped examples answers the CLI's `--json` for the same input; bad input
//! gets a 4xx JSON error and the next request still succeeds; 50 concurrent requests are all
//! answered.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// A `lingeo serve --port 0` child, killed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
}

impl Server {
    pub fn start(time_limit: &str) -> Server {
        Server::with(&["--time-limit", time_limit])
    }

    /// `lingeo serve --port 0 OPTIONS`.
    pub fn with(options: &[&str]) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_lingeo"));
        command.args(["serve", "--port", "0"]).args(options);
        Server::from_command(command)
    }

    /// The server `command` starts (it prints the address first).
    pub fn from_command(mut command: Command) -> Server {
        let mut child = command
            .stdout(Stdio::piped())
            .spawn()
            .expect("lingeo serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // `lingeo serves http://localhost:PORT/ (Ctrl-C stops it)`
        let port = line
            .split("localhost:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no port in {line:?}"));
        Server { child, port }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn get(&self, path: &str) -> (u16, String) {
        http(self.port, "GET", path, "localhost", b"")
    }

    /// POSTs `body`; the status and the JSON answer.
    pub fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, text) = http(
            self.port,
            "POST",
            path,
            &format!("127.0.0.1:{}", self.port),
            body.to_string().as_bytes(),
        );
        (status, parse(&text))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// One HTTP/1.1 request on a new connection; the status and the body.
pub fn http(port: u16, method: &str, path: &str, host: &str, body: &[u8]) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    // A server may answer (413) before reading all of a large body, and close.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8(answer).expect("UTF-8");
    let (head, body) = answer
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP answer: {answer:?}"));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status");
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(body)
    } else {
        body.to_string()
    };
    (status, body)
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        body = &rest[n + 2..];
    }
    out
}

/// What `lingeo ARGS --json` prints, as JSON.
fn cli(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(args)
        .arg("--json")
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "lingeo {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    parse(&String::from_utf8(output.stdout).unwrap())
}

fn text(path: &str) -> String {
    std::fs::read_to_string(format!("{ROOT}/{path}")).unwrap()
}

/// The search's JSON without what differs from run to run (times).
fn without_times(mut v: Value) -> Value {
    if let Value::Object(map) = &mut v {
        map.retain(|k, _| !k.contains("time") && k != "nps" && !k.contains("seconds"));
        for value in map.values_mut() {
            *value = without_times(value.take());
        }
    }
    v
}

#[test]
fn every_endpoint_answers_the_cli_json() {
    let server = Server::start("60");
    let simplified = "examples/robot-zone-simplified.scenario";

    // The page and its files.
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<title>lingeo</title>"), "{page}");
    assert_eq!(server.get("/app.js").0, 200);
    assert_eq!(server.get("/style.css").0, 200);
    // The code editor: CodeMirror's bundle when the build found it (build.rs), else the plain
    // text areas; either makes `LingeoEditor`.
    let (status, editor) = server.get("/editor.js");
    assert_eq!(status, 200);
    assert!(editor.contains("LingeoEditor"));
    assert_eq!(editor.contains("@codemirror/view@"), cfg!(lingeo_editor));
    // The icon the page links to, and where browsers look for one unprompted (no 404 on
    // every load).
    for icon in ["/favicon.svg", "/favicon.ico"] {
        let (status, svg) = server.get(icon);
        assert_eq!(status, 200, "{icon}");
        assert!(svg.starts_with("<svg"), "{icon}: {svg}");
    }

    // The examples, built in.
    let (status, examples) = http(server.port, "GET", "/api/examples", "localhost", b"");
    assert_eq!(status, 200);
    let examples = parse(&examples);
    let scenarios = examples["scenarios"].as_array().unwrap();
    for s in scenarios {
        let name = s["name"].as_str().unwrap();
        assert_eq!(s["text"].as_str().unwrap(), text(name), "{name}");
    }
    assert!(scenarios.iter().any(|s| s["name"] == simplified));
    for g in examples["grammars"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        assert_eq!(g["text"].as_str().unwrap(), text(name), "{name}");
    }

    // check: the CLI's text.
    let (status, answer) = server.post(
        "/api/check",
        &json!({"scenario": text(simplified), "scenario_name": simplified,
                "grammar": text("grammars/zones-filtered.lgg"),
                "grammar_name": "grammars/zones-filtered.lgg"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], true);
    let output = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .args(["check", simplified, "grammars/zones-filtered.lgg"])
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert_eq!(answer["output"], String::from_utf8(output.stdout).unwrap());
    assert_eq!(answer["diagnostics"], json!([]));

    // run, on each shipped run of the README.
    for (grammar, scenario, piece, start) in [
        ("grammars/hanoi.lgg", None, None, "S(3, a, c)"),
        (
            "grammars/shortest-trajectories.lgg",
            Some("examples/robot-fighter.scenario"),
            Some("FIGHTER"),
            "S(f6, h1, 5)",
        ),
        (
            "grammars/admissible-trajectories.lgg",
            Some("examples/robot-king.scenario"),
            Some("K"),
            "S(h8, c6, 6)",
        ),
        (
            "grammars/zones-filtered.lgg",
            Some(simplified),
            Some("BOMBER"),
            "S(h5, h1, 4)",
        ),
    ] {
        let mut args = vec!["run", grammar];
        args.extend(scenario);
        if let Some(p) = piece {
            args.extend(["--piece", p]);
        }
        args.extend(["--start", start]);
        let (status, answer) = server.post(
            "/api/run",
            &json!({"grammar": text(grammar), "grammar_name": grammar,
                    "scenario": scenario.map(text), "scenario_name": scenario,
                    "piece": piece, "start": start, "trace": false}),
        );
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["cli"], cli(&args), "{args:?}");
        let count = answer["cli"]["count"].as_u64().unwrap() as usize;
        let pictures = answer["pictures"].as_array().unwrap();
        if scenario.is_some() {
            assert_eq!(pictures.len(), count.min(500), "{args:?}");
            assert!(pictures[0].as_str().unwrap().contains("<svg"));
        } else {
            assert!(pictures.is_empty());
        }
    }

    // zones, both engines, with the bundle view's picture; and every zone.
    for extra in [&[][..], &["--engine", "grammar"], &["--all-zones"]] {
        let mut args = vec![
            "zones",
            simplified,
            "--piece",
            "BOMBER",
            "--to",
            "h1",
            "--horizon",
            "4",
        ];
        args.extend(extra);
        let mut body = json!({"scenario": text(simplified), "scenario_name": simplified,
                              "piece": "BOMBER", "to": "h1", "horizon": 4});
        match extra {
            ["--engine", e] => body["engine"] = json!(e),
            ["--all-zones"] => body["all_zones"] = json!(true),
            _ => {}
        }
        let (status, answer) = server.post("/api/zones", &body);
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["cli"], cli(&args), "{args:?}");
        assert!(answer["svg"].as_str().unwrap().contains("<svg"));
        // With every zone: each drawn with its times (the TIME 5 of the main trajectory's
        // end), and their bundle view; without, neither.
        let pictures = answer["pictures"].as_array().unwrap();
        if extra == ["--all-zones"] {
            assert_eq!(pictures.len(), 5, "{args:?}");
            assert_eq!(answer["cli"]["zones"].as_array().unwrap().len(), 5);
            for p in pictures {
                let p = p.as_str().unwrap();
                assert!(p.contains("<svg") && p.contains(">5<"), "{p}");
            }
            assert!(
                answer["bundle"]
                    .as_str()
                    .unwrap()
                    .contains("bundle view of 5 zones")
            );
        } else {
            assert!(pictures.is_empty() && answer["bundle"].is_null());
        }
    }

    // trajectories and map, with a scenario and without one.
    let king = "examples/robot-king.scenario";
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"scenario": text(king), "scenario_name": king, "piece": "K", "to": "c6", "length": 6}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&[
            "trajectories",
            king,
            "--piece",
            "K",
            "--to",
            "c6",
            "--length",
            "6"
        ])
    );
    assert!(answer["svg"].as_str().unwrap().contains("<svg"));
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"type": "king", "from": "a5", "to": "h5", "count": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&[
            "trajectories",
            "--type",
            "king",
            "--from",
            "a5",
            "--to",
            "h5",
            "--count"
        ])
    );
    let reti = "examples/reti.scenario";
    let (status, answer) = server.post(
        "/api/map",
        &json!({"scenario": text(reti), "scenario_name": reti, "piece": "BP", "attack": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&["map", reti, "--piece", "BP", "--attack"])
    );
    let (status, answer) = server.post(
        "/api/map",
        &json!({"board": "8x8", "removed": "a3,c1", "type": "rook", "from": "d3"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&[
            "map",
            "--board",
            "8x8",
            "--removed",
            "a3,c1",
            "--type",
            "rook",
            "--from",
            "d3"
        ])
    );

    // search: the LG search's tree.
    let game = "examples/robot-2d4a.scenario";
    let (status, answer) = server.post(
        "/api/search",
        &json!({"scenario": text(game), "scenario_name": game, "engine": "lg", "depth": 4, "tree": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        without_times(answer["cli"].clone()),
        without_times(cli(&[
            "search", game, "--engine", "lg", "--depth", "4", "--tree"
        ]))
    );
    assert!(answer["cli"]["tree"].is_array(), "{}", answer["cli"]);

    // search with learned rules and a Chessmaps network sent as texts: the CLI's answer on
    // the same files.
    let pawned = "examples/pawned.scenario";
    let network = "src/play/players/chessmaps.weights";
    for (field, name, flags) in [
        (
            "rules",
            "learned/pawned.rules",
            ["--eval", "learned", "--rules"],
        ),
        ("network", network, ["--ordering", "chessmaps", "--network"]),
    ] {
        let mut body = json!({"scenario": text(pawned), "scenario_name": pawned, "depth": 2});
        body[field] = json!(text(name));
        body[format!("{field}_name")] = json!(name);
        body[if field == "rules" { "eval" } else { "ordering" }] = json!(flags[1]);
        let (status, answer) = server.post("/api/search", &body);
        assert_eq!(status, 200, "{answer}");
        assert_eq!(answer["cli"][field], json!(name), "{answer}");
        assert_eq!(
            without_times(answer["cli"].clone()),
            without_times(cli(&[
                "search", pawned, "--depth", "2", flags[0], flags[1], flags[2], name
            ]))
        );
    }
    // A rules text with a mistake answers 422 with its diagnostic.
    let (status, answer) = server.post(
        "/api/search",
        &json!({"scenario": text(pawned), "depth": 2, "eval": "learned", "rules": "nonsense"}),
    );
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"].as_str().unwrap().contains("rules.rules"),
        "{answer}"
    );

    // play: the positions along a line, the last one drawn; board: the board alone.
    let (status, answer) = server.post(
        "/api/play",
        &json!({"scenario": text(game), "scenario_name": game, "moves": "h8-g7"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"], cli(&["play", game, "--moves", "h8-g7"]));
    assert!(answer["svg"].as_str().unwrap().contains("<svg"));
    // The last move is marked on the position: one arrow, from h8 to g7.
    let svg = answer["svg"].as_str().unwrap();
    assert_eq!(svg.matches("class=\"edge\"").count(), 1, "{svg}");
    assert!(svg.contains("after h8-g7"), "{svg}");
    let (status, answer) = server.post(
        "/api/board",
        &json!({"scenario": text(simplified), "scenario_name": simplified}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["points"].as_array().unwrap().len(), 62);
    assert_eq!(answer["pieces"][0]["name"], "BOMBER");
    assert!(answer["svg"].as_str().unwrap().contains("<svg"));
    // No rules of play in the simplified robot example; 2D/4A has them.
    assert_eq!(answer["game"], false);
    let (status, answer) = server.post(
        "/api/board",
        &json!({"scenario": text(game), "scenario_name": game}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["game"], true);

    // analysis: Figure 12's rows, the CLI's, and its chart; the board read as the request's.
    let (status, answer) = server.post("/api/analysis", &json!({"board": "4x4"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["board"], "4x4");
    assert_eq!(
        answer["rows"],
        cli(&["analysis", "figure12", "--board", "4x4"])
    );
    assert!(answer["svg"].as_str().unwrap().contains("<svg"));
    // A request its rules refuse is a bad request (400), as every converted job's.
    let (status, answer) = server.post("/api/analysis", &json!({"board": "100x100"}));
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("at most 64x64"),
        "{answer}"
    );
    let (status, answer) = server.post("/api/analysis", &json!({"bord": "4x4"}));
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("board"),
        "{answer}"
    );
}

/// translate, patterns and fuzzy: the API's results, equal to the CLI's `--json`; the
/// translation's end drawn; a request the API refuses answers 422 with the API's words.
#[test]
fn translate_patterns_and_fuzzy_answer_the_cli_json() {
    let server = Server::start("60");
    let full = "examples/robot-zone-full.scenario";
    let moves = "FIGHTER f6-e5, BOMBER h5-h4";
    let (status, answer) = server.post(
        "/api/translate",
        &json!({"scenario": text(full), "scenario_name": full, "piece": "BOMBER", "to": "h1",
                "zone": 9, "moves": moves}),
    );
    assert_eq!(status, 200, "{answer}");
    let args = [
        "translate",
        full,
        "--piece",
        "BOMBER",
        "--to",
        "h1",
        "--zone",
        "9",
        "--moves",
        moves,
    ];
    assert_eq!(answer["cli"], cli(&args));
    let svg = answer["svg"].as_str().unwrap();
    assert!(
        svg.contains("<svg") && svg.contains("after FIGHTER f6-e5"),
        "{svg}"
    );
    // A move of a piece that is not there, and a zone past the language's.
    for (body, words) in [
        (json!({"moves": "MISILE d7-b5"}), "MISILE"),
        (json!({"moves": moves, "zone": 100000}), "zones"),
    ] {
        let mut body = body;
        body["scenario"] = json!(text(full));
        body["piece"] = json!("BOMBER");
        body["to"] = json!("h1");
        let (status, answer) = server.post("/api/translate", &body);
        refused(&server, status, &answer, 422);
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains(words) && !error.contains("--"), "{answer}");
    }
    let (status, answer) = server.post("/api/translate", &json!({"scenario": text(full)}));
    refused(&server, status, &answer, 400);

    let reti = "examples/reti.scenario";
    let (status, answer) = server.post(
        "/api/patterns",
        &json!({"scenario": text(reti), "scenario_name": reti, "pair": "WK,BP", "horizon": 2}),
    );
    assert_eq!(status, 200, "{answer}");
    let expected = cli(&["patterns", reti, "--pair", "WK,BP", "--horizon", "2"]);
    assert_eq!(answer["cli"], expected);
    assert!(
        !expected["pairs"].as_array().unwrap().is_empty(),
        "{expected}"
    );
    let (status, answer) = server.post(
        "/api/patterns",
        &json!({"scenario": text(reti), "side": "black", "count": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&["patterns", reti, "--side", "black", "--count"])
    );
    let (status, answer) = server.post(
        "/api/fuzzy",
        &json!({"scenario": text(reti), "scenario_name": reti, "side": "white"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"], cli(&["fuzzy", reti, "--side", "white"]));
    let (status, answer) =
        server.post("/api/fuzzy", &json!({"scenario": text(reti), "pair": "WK"}));
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"].as_str().unwrap().contains("`WK`"),
        "{answer}"
    );
}

#[test]
fn perft_answers_the_cli_json() {
    let server = Server::start("60");
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let (status, answer) = server.post(
        "/api/perft",
        &json!({"fen": kiwipete, "depth": 2, "divide": true}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["nodes"], 2039);
    assert_eq!(
        answer["cli"],
        cli(&["perft", "--fen", kiwipete, "--depth", "2", "--divide"])
    );
    let pawned = "examples/pawned.scenario";
    let (status, answer) = server.post(
        "/api/perft",
        &json!({"scenario": text(pawned), "scenario_name": pawned, "depth": 3}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"], cli(&["perft", pawned, "--depth", "3"]));
    let (status, answer) = server.post(
        "/api/perft",
        &json!({"fen": "8/8/8/8/8/8/8/K5Kk w - - 0 1"}),
    );
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"].as_str().unwrap().contains("FEN field 1"),
        "{answer}"
    );
}

/// What `lingeo compare ARGS --json` prints, as JSON, whether the languages agree (exit 0) or
/// not (exit 1).
fn cli_compare(args: &[&str]) -> Value {
    let output = Command::new(env!("CARGO_BIN_EXE_lingeo"))
        .arg("compare")
        .args(args)
        .arg("--json")
        .current_dir(ROOT)
        .output()
        .unwrap();
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "lingeo compare {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    parse(&String::from_utf8(output.stdout).unwrap())
}

/// compare: the API's comparison, equal to `lingeo compare --json` on the same inputs: a
/// grammar against the native generator on one start, two grammars that disagree on seeded
/// random starts; bad requests refused with the reason.
#[test]
fn compare_answers_the_cli_json() {
    let server = Server::start("60");
    let simplified = "examples/robot-zone-simplified.scenario";
    let filtered = "grammars/zones-filtered.lgg";
    let (status, answer) = server.post(
        "/api/compare",
        &json!({"scenario": text(simplified), "scenario_name": simplified,
                "a": text(filtered), "a_name": filtered, "b": "native",
                "piece": "BOMBER", "start": "S(h5, h1, 4)"}),
    );
    assert_eq!(status, 200, "{answer}");
    let expected = cli_compare(&[
        filtered,
        "native",
        simplified,
        "--piece",
        "BOMBER",
        "--start",
        "S(h5, h1, 4)",
    ]);
    assert_eq!(answer["cli"], expected);
    assert_eq!(expected["passed"], true, "{expected}");
    assert_eq!(expected["starts"][0]["count_a"], 5, "{expected}");

    // Seeded random starts on a bare board, where the shortest trajectories are not all the
    // admissible ones: the same rows (and the same disagreements) as the CLI's.
    let shortest = "grammars/shortest-trajectories.lgg";
    let (status, answer) = server.post(
        "/api/compare",
        &json!({"a": text(shortest), "a_name": shortest, "b": "native", "board": "5x5",
                "type": "king", "random": 4, "seed": 1, "lengths": "admissible"}),
    );
    assert_eq!(status, 200, "{answer}");
    let expected = cli_compare(&[
        shortest,
        "native",
        "--board",
        "5x5",
        "--type",
        "king",
        "--random",
        "4",
        "--seed",
        "1",
        "--lengths",
        "admissible",
    ]);
    assert_eq!(answer["cli"], expected);
    assert_eq!(
        expected["starts"].as_array().unwrap().len(),
        4,
        "{expected}"
    );

    // Refused: no start, a random draw without its seed, an import of a file (no file is read),
    // and a start that does not fit the grammar (the API's words, no option of the CLI's).
    let hanoi_importing = "import g = \"grammars/hanoi.lgg\"\n";
    for (body, wanted, words) in [
        (json!({"a": "native", "b": "native"}), 400, "start"),
        (
            json!({"a": "native", "b": "native", "random": 3}),
            400,
            "seed",
        ),
        (
            json!({"a": hanoi_importing, "b": "native", "start": "S(a)"}),
            422,
            "no file is read",
        ),
        (
            json!({"scenario": text(simplified), "a": text(filtered), "b": "native",
                   "piece": "BOMBER", "start": "S(h5)"}),
            422,
            "takes 3 arguments",
        ),
    ] {
        let (status, answer) = server.post("/api/compare", &body);
        refused(&server, status, &answer, wanted);
        let error = answer["error"].as_str().unwrap();
        // (A grammar's error is drawn with `---` rules; an option would be ` --name`.)
        assert!(error.contains(words) && !error.contains(" --"), "{answer}");
    }
}

#[test]
fn a_traced_run_gives_its_steps() {
    let server = Server::start("60");
    let simplified = "examples/robot-zone-simplified.scenario";
    let (status, answer) = server.post(
        "/api/run",
        &json!({"grammar": text("grammars/zones-filtered.lgg"), "scenario": text(simplified),
                "piece": "BOMBER", "start": "S(h5, h1, 4)", "trace": true}),
    );
    assert_eq!(status, 200, "{answer}");
    let trace = &answer["trace"];
    let steps = trace["steps"].as_array().unwrap();
    assert!(steps.len() > 3, "{trace}");
    assert!(
        steps.iter().any(|s| s["assignments"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["name"] == "TIME")),
        "{trace}"
    );
    // TIME over the board: the main trajectory's stops, h4 with 2 (docs/semantics.md §6.5).
    assert!(
        steps.iter().any(|s| s["values"]["TIME"]["h4"] == "2"),
        "{}",
        steps[2]
    );
}

#[test]
fn zones_of_a_grammar_of_its_own_take_its_inputs_and_fields_their_types() {
    let server = Server::start("60");
    let simplified = "examples/robot-zone-simplified.scenario";
    let grammar = "tests/grammars/zones-main-time.lgg";
    let mut body = json!({"scenario": text(simplified), "scenario_name": simplified,
                          "grammar": text(grammar), "grammar_name": grammar,
                          "piece": "BOMBER", "to": "h1", "horizon": 4,
                          "set": ["main_time=3"], "all_zones": true});
    let (status, answer) = server.post("/api/zones", &body);
    assert_eq!(status, 200, "{answer}");
    let args = [
        "zones",
        simplified,
        "--piece",
        "BOMBER",
        "--to",
        "h1",
        "--horizon",
        "4",
        "--grammar",
        grammar,
        "--set",
        "main_time=3",
        "--all-zones",
    ];
    assert_eq!(answer["cli"], cli(&args));
    // The input reached the grammar: the main trajectory's time is l0 + 3.
    assert_eq!(answer["cli"]["zones"][0][0]["time"], 7, "{}", answer["cli"]);
    assert_eq!(answer["cli"]["filters"], Value::Null);
    assert_eq!(answer["pictures"].as_array().unwrap().len(), 7);
    // The N-th zone alone, as `--zone 2` gives it.
    body["all_zones"] = json!(false);
    body["zone"] = json!(2);
    let (status, answer) = server.post("/api/zones", &body);
    assert_eq!(status, 200, "{answer}");
    let mut args = args[..args.len() - 1].to_vec();
    args.extend(["--zone", "2"]);
    assert_eq!(answer["cli"], cli(&args));
    assert_eq!(answer["cli"]["zones"].as_array().unwrap().len(), 1);
    // An input the grammar does not have: 422 with the grammar's words.
    body["set"] = json!(["main_time=3", "nobody=1"]);
    let (status, answer) = server.post("/api/zones", &body);
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("no input `nobody`"),
        "{answer}"
    );
    // A field of the wrong type, or a value that is none of its choices: 400.
    for (field, value) in [
        ("horizon", json!("four")),
        ("all_zones", json!("yes")),
        ("filters", json!("some")),
        ("set", json!([1])),
    ] {
        let mut bad = body.clone();
        bad[field] = value;
        let (status, answer) = server.post("/api/zones", &bad);
        refused(&server, status, &answer, 400);
        assert!(
            answer["error"].as_str().unwrap().contains(field),
            "{answer}"
        );
    }
}

/// A JSON error with that status, and the server still answers after it.
fn refused(server: &Server, status: u16, answer: &Value, wanted: u16) {
    assert_eq!(status, wanted, "{answer}");
    assert!(answer["error"].is_string(), "{answer}");
    assert_eq!(answer["status"], wanted);
    let (status, _) = server.post("/api/check", &json!({"scenario": "board 3x3\n"}));
    assert_eq!(status, 200, "the server answers after a {wanted}");
}

#[test]
fn bad_input_gets_a_json_error_and_the_server_goes_on() {
    let server = Server::start("3");
    let simplified = text("examples/robot-zone-simplified.scenario");
    let board16 = text("examples/board16.scenario");
    let reti = text("examples/reti.scenario");

    // A broken grammar: check places its diagnostics; run refuses it with the CLI's text.
    let broken = "grammar g\nstart S()\nS -> a(\n";
    let (status, answer) = server.post(
        "/api/check",
        &json!({"grammar": broken, "grammar_name": "broken.lgg"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], false);
    let d = &answer["diagnostics"][0];
    assert!(
        d["line"].as_u64().unwrap() >= 1 && d["column"].as_u64().unwrap() >= 1,
        "{answer}"
    );
    assert!(
        answer["output"].as_str().unwrap().contains("broken.lgg"),
        "{answer}"
    );
    let (status, answer) = server.post("/api/run", &json!({"grammar": broken, "start": "S()"}));
    refused(&server, status, &answer, 422);

    // An unknown piece.
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"scenario": simplified, "piece": "NOBODY", "to": "h1"}),
    );
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"].as_str().unwrap().contains("NOBODY"),
        "{answer}"
    );

    // Not JSON, not an object, an unknown field, a bad name, a missing text.
    let (status, text) = http(server.port, "POST", "/api/run", "localhost", b"{not json");
    refused(&server, status, &parse(&text), 400);
    let (status, answer) = server.post("/api/run", &json!([1, 2]));
    refused(&server, status, &answer, 400);
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"scenario": simplified, "piece": "BOMBER", "to": "h1", "svg": "/tmp/x.svg"}),
    );
    refused(&server, status, &answer, 400);
    let (status, answer) = server.post(
        "/api/check",
        &json!({"scenario": simplified, "scenario_name": "/etc/passwd.scenario"}),
    );
    refused(&server, status, &answer, 400);
    // `board` refuses unknown fields as every endpoint does (it took them, 200), and a
    // missing scenario, a bad name.
    let (status, answer) = server.post(
        "/api/board",
        &json!({"scenario": "board 3x3
", "colour": "red"}),
    );
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("unknown field `colour`; board takes scenario, scenario_name"),
        "{answer}"
    );
    for bad in [
        json!({}),
        json!({"scenario": 3}),
        json!({"scenario": "board 3x3
", "scenario_name": "../x.scenario"}),
    ] {
        let (status, answer) = server.post("/api/board", &bad);
        refused(&server, status, &answer, 400);
    }
    let (status, answer) = server.post("/api/run", &json!({"start": "S()"}));
    refused(&server, status, &answer, 400);
    // A grammar may import only the shipped grammars: no file is read.
    let (status, answer) = server.post(
        "/api/run",
        &json!({"grammar": "grammar g\nimport G = \"/etc/passwd\"\nstart S()\nS -> a()\n", "start": "S()"}),
    );
    refused(&server, status, &answer, 422);

    // A body that is not declared JSON (a cross-site form or text/plain post).
    let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    let body = r#"{"scenario": "board 3x3\n"}"#;
    write!(
        stream,
        "POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let text = answer.split_once("\r\n\r\n").unwrap().1;
    refused(&server, 415, &parse(text), 415);
    assert!(answer.starts_with("HTTP/1.1 415"), "{answer}");

    // An oversized body.
    let big = vec![b'x'; 2 << 20];
    let (status, text) = http(server.port, "POST", "/api/check", "localhost", &big);
    refused(&server, status, &parse(&text), 413);

    // A grammar that never halts: stopped by the time limit (3 s here), a stopped computation
    // (503, no Retry-After), not a bad request (it was a 422).
    let forever = "grammar forever\nvar k: int = 0\nstart S()\nterminal a()\nnonterminal S()\n\
                   productions\n  1 | true | S -> S | k := k + 1 | {1} | {}\n";
    let started = std::time::Instant::now();
    let (status, answer) = server.post("/api/run", &json!({"grammar": forever, "start": "S()"}));
    refused(&server, status, &answer, 503);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("stopped at the time limit of the request (3 s)"),
        "{answer}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );

    // Native computations look at the deadline too: listing every zone of a large language
    // fails at the time limit, and a search that cannot finish in time stops with what it has.
    let started = std::time::Instant::now();
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"scenario": board16, "piece": "BF1", "to": "l1", "horizon": 3,
                "filters": "all", "all_zones": true, "max_zones": 100_000_000}),
    );
    refused(&server, status, &answer, 503);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("stopped at the time limit of the request (3 s)"),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));
    let started = std::time::Instant::now();
    let (status, answer) = server.post(
        "/api/search",
        &json!({"scenario": reti, "engine": "alphabeta",
                "solve": true, "ordering": "none"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(
        answer["cli"]["stopped"]
            .as_str()
            .is_some_and(|s| s.contains("time limit of the request (3 s)")),
        "{answer}"
    );
    assert!(started.elapsed() < Duration::from_secs(20));

    // A foreign Host (DNS rebinding), and a route that does not exist.
    let (status, text) = http(server.port, "GET", "/", "evil.example", b"");
    refused(&server, status, &parse(&text), 403);
    let (status, text) = http(server.port, "POST", "/api/check", "evil.example:80", b"{}");
    refused(&server, status, &parse(&text), 403);
    let (status, text) = http(server.port, "GET", "/api/nothing", "localhost", b"");
    refused(&server, status, &parse(&text), 404);

    // RFC 9112, section 3.2: two Host headers (a loopback one first passed), an absolute-form target
    // naming another host (it passed with a loopback Host), an HTTP/1.1 request without
    // Host: 400. An absolute-form target naming the loopback is the request's host.
    let raw = |head: &str| {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        stream.write_all(head.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
        (head.to_string(), body.to_string())
    };
    for (head, says) in [
        (
            "GET /api/examples HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n",
            "the request has 2 Host headers",
        ),
        (
            "GET http://evil.example/api/examples HTTP/1.1\r\nHost: localhost\r\n",
            "the request's target names the host `evil.example`",
        ),
        (
            "GET /api/examples HTTP/1.1\r\n",
            "an HTTP/1.1 request must have a Host header",
        ),
    ] {
        let (answer_head, body) = raw(&format!("{head}Connection: close\r\n\r\n"));
        assert!(
            answer_head.starts_with("HTTP/1.1 400"),
            "{head}: {answer_head}"
        );
        let answer = parse(&body);
        assert!(answer["error"].as_str().unwrap().contains(says), "{answer}");
        refused(&server, 400, &answer, 400);
    }
    let (answer_head, _) = raw(
        "GET http://localhost:8080/api/examples HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    assert!(answer_head.starts_with("HTTP/1.1 200"), "{answer_head}");
}

#[test]
fn fifty_concurrent_requests_are_all_answered() {
    let server = Server::start("60");
    let simplified = text("examples/robot-zone-simplified.scenario");
    let port = server.port;
    let threads: Vec<_> = (0..50)
        .map(|i| {
            let scenario = simplified.clone();
            std::thread::spawn(move || {
                let body = if i % 2 == 0 {
                    json!({"scenario": scenario})
                } else {
                    json!({"scenario": scenario, "piece": "BOMBER", "to": "h1", "horizon": 4})
                };
                let path = if i % 2 == 0 {
                    "/api/check"
                } else {
                    "/api/zones"
                };
                http(port, "POST", path, "localhost", body.to_string().as_bytes()).0
            })
        })
        .collect();
    for t in threads {
        assert_eq!(t.join().unwrap(), 200);
    }
}

/// Every body that takes a scenario's text takes a chess position as `fen` instead (issue 47),
/// read as the CLI's `--fen` reads it: the answers are the CLI's on the same FEN.
#[test]
fn every_scenario_body_takes_a_fen() {
    let server = Server::start("60");
    // A back-rank mate in one: the rook's a1-a8.
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    let (status, answer) = server.post("/api/search", &json!({"fen": mate, "depth": 1}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["pv"], json!(["a1-a8"]), "{answer}");
    assert_eq!(
        without_times(answer["cli"].clone()),
        without_times(cli(&["search", "--fen", mate, "--depth", "1"]))
    );
    let (status, answer) = server.post(
        "/api/zones",
        &json!({"fen": mate, "piece": "WR", "to": "g8", "horizon": 2}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["count"], 2, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&[
            "zones",
            "--fen",
            mate,
            "--piece",
            "WR",
            "--to",
            "g8",
            "--horizon",
            "2"
        ])
    );
    let (status, answer) = server.post("/api/play", &json!({"fen": mate, "moves": "a1-a8"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&["play", "--fen", mate, "--moves", "a1-a8"])
    );
    let (status, answer) = server.post("/api/map", &json!({"fen": mate, "piece": "WK"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"], cli(&["map", "--fen", mate, "--piece", "WK"]));
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"fen": mate, "piece": "WR", "to": "g8", "length": 2}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"],
        cli(&[
            "trajectories",
            "--fen",
            mate,
            "--piece",
            "WR",
            "--to",
            "g8",
            "--length",
            "2"
        ])
    );
    for (endpoint, body) in [
        ("/api/patterns", json!({"fen": mate})),
        ("/api/fuzzy", json!({"fen": mate})),
        (
            "/api/translate",
            json!({"fen": mate, "piece": "WR", "to": "g8", "moves": "WK g1-f1"}),
        ),
    ] {
        let (status, answer) = server.post(endpoint, &body);
        assert_eq!(status, 200, "{endpoint}: {answer}");
    }
    // The board of a FEN, with the position's FEN back; a scenario that is no chess position
    // has none.
    let (status, answer) = server.post("/api/board", &json!({"fen": mate}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["fen"], mate);
    assert_eq!(answer["pieces"].as_array().unwrap().len(), 6);
    // ... and its scenario's text, which reads back as the same board.
    let written = answer["text"].as_str().unwrap();
    assert!(written.contains("white rook at a1 as WR\n"), "{written}");
    assert!(
        written.contains("rules chess\n  first white\n  castling none"),
        "{written}"
    );
    let (status, again) = server.post("/api/board", &json!({"scenario": written}));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["fen"], mate);
    assert_eq!(again["text"], Value::Null);
    let (status, answer) = server.post("/api/board", &json!({"scenario": "board 3x3"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["fen"], Value::Null);

    // A bad FEN names the field and what is wrong in it, as the CLI's --fen: nothing runs.
    let bad = "8/8/8/8/8/8/8/K6 w - - 0 1";
    for (endpoint, body) in [
        ("/api/search", json!({"fen": bad})),
        ("/api/zones", json!({"fen": bad, "piece": "WK", "to": "a2"})),
        ("/api/board", json!({"fen": bad})),
        ("/api/map", json!({"fen": bad, "piece": "WK"})),
    ] {
        let (status, answer) = server.post(endpoint, &body);
        refused(&server, status, &answer, 422);
        let error = answer["error"].as_str().unwrap();
        assert!(
            error.contains("`fen`: FEN field 1 (piece placement)") && error.contains("K6"),
            "{endpoint}: {error}"
        );
    }
    // Both a scenario and a FEN, a name for a FEN, a FEN that is no string: 400s that say so.
    let (status, answer) = server.post(
        "/api/search",
        &json!({"fen": mate, "scenario": text("examples/reti.scenario")}),
    );
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("not both"),
        "{answer}"
    );
    let (status, answer) = server.post(
        "/api/play",
        &json!({"fen": mate, "scenario_name": "x.scenario"}),
    );
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("`scenario_name`"),
        "{answer}"
    );
    let (status, answer) = server.post("/api/play", &json!({"fen": 7}));
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("`fen`"),
        "{answer}"
    );
    // Neither: the required scenario's error names both.
    let (status, answer) = server.post("/api/search", &json!({"depth": 1}));
    refused(&server, status, &answer, 400);
    assert!(
        answer["error"].as_str().unwrap().contains("or `fen`"),
        "{answer}"
    );
    // perft's `fen` is still its request's own.
    let (status, answer) = server.post("/api/perft", &json!({"fen": mate, "depth": 1}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["nodes"], 17);
}

/// Under `rules chess` the server reads moves in SAN and UCI, answers `ply`, and writes the
/// principal variation in SAN and UCI, as the CLI does (the same API).
#[test]
fn chess_moves_in_san_and_uci() {
    let server = Server::start("60");
    let scenario = "board 8x8\nwhite king at g1\nwhite rook at a1\nblack king at g8\n\
                    black pawn at f7 as BP1\nblack pawn at g7 as BP2\nblack pawn at h7 as BP3\ngame {\n  rules chess\n}\n";
    let (status, answer) = server.post(
        "/api/play",
        &json!({"scenario": scenario, "moves": "Kf3 Kf8", "ply": 1}),
    );
    assert_eq!(status, 422, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("move 1 (`Kf3`): `Kf3` is not a legal move here"),
        "{answer}"
    );
    let (status, answer) = server.post(
        "/api/play",
        &json!({"scenario": scenario, "moves": "Kh1 Kh8 a1a8", "ply": 3}),
    );
    assert_eq!(status, 200, "{answer}");
    let moves = answer["cli"]["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0]["move"], "Ra8#");
    assert_eq!(moves[0]["uci"], "a1a8");
    // A PGN game instead of a scenario: the CLI's `play --pgn FILE` answer.
    let opera = "tests/pgn/opera.pgn";
    let (status, answer) = server.post("/api/play", &json!({"pgn": text(opera), "ply": 33}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["moves"][0]["move"], "Rd8#");
    assert_eq!(answer["cli"], cli(&["play", "--pgn", opera, "--ply", "33"]));
    assert!(answer["svg"].as_str().unwrap().contains("<svg"));
    let (status, answer) = server.post(
        "/api/play",
        &json!({"pgn": text(opera), "scenario": scenario}),
    );
    refused(&server, status, &answer, 400);
    let (status, answer) = server.post("/api/play", &json!({"moves": "e4"}));
    refused(&server, status, &answer, 400);
    let (status, answer) = server.post("/api/play", &json!({"pgn": "1. e4 e5 2. Ke3", "game": 1}));
    refused(&server, status, &answer, 422);
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("line 1, column 13: move 3: `Ke3`"),
        "{answer}"
    );
    let (status, answer) = server.post("/api/search", &json!({"scenario": scenario, "depth": 1}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["pv_san"], json!(["Ra8#"]));
    assert_eq!(answer["cli"]["pv_uci"], json!(["a1a8"]));
}

/// The page plays checkers and Othello on its board (the tool `play`, docs/serve.md): it asks
/// `/api/board` whether the scenario has a game, then replays the moves played so far through
/// `/api/play`, reading the last position's legal moves (a placement written as its point, a
/// jump chain with each point it lands on) and drawing its picture, whose points are the board's
/// cells. These are the requests it sends, as it sends them.
#[test]
fn the_page_s_play_requests_place_a_disc_and_jump_a_chain() {
    let server = Server::start("60");
    let cell = |svg: &str, point: &str| svg.contains(&format!("<title>{point}</title></rect>"));
    // Both games are among the page's examples, one click away.
    let (status, examples) = server.get("/api/examples");
    assert_eq!(status, 200);
    for name in [
        "examples/checkers.scenario",
        "examples/othello-4x4.scenario",
    ] {
        assert!(
            examples.contains(&format!("\"{name}\"")),
            "{name} is no example"
        );
    }
    // Othello 4x4: a placement is a point.
    let othello = text("examples/othello-4x4.scenario");
    let (status, board) = server.post("/api/board", &json!({"scenario": othello}));
    assert_eq!(status, 200, "{board}");
    assert_eq!(board["game"], true);
    let (status, answer) = server.post("/api/play", &json!({"scenario": othello, "moves": ""}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(
        answer["cli"]["moves"][0]["legal"],
        json!(["b1", "a2", "d3", "c4"])
    );
    let (status, answer) = server.post("/api/play", &json!({"scenario": othello, "moves": "b1"}));
    assert_eq!(status, 200, "{answer}");
    let last = &answer["cli"]["moves"][1];
    assert_eq!(last["move"], "b1");
    assert_eq!(last["to_move"], "white");
    assert!(
        last["pieces"]
            .as_array()
            .unwrap()
            .contains(&json!(["Bb2", "b2"])),
        "{last}"
    );
    let svg = answer["svg"].as_str().unwrap();
    assert!(
        cell(svg, "a1") && cell(svg, "d4"),
        "the picture's points are no cells"
    );
    assert_eq!(
        answer["cli"],
        cli(&["play", "examples/othello-4x4.scenario", "--moves", "b1"])
    );
    // A point that flips nothing is refused, naming it.
    let (status, answer) = server.post("/api/play", &json!({"scenario": othello, "moves": "a1"}));
    refused(&server, status, &answer, 422);
    assert!(answer["error"].as_str().unwrap().contains("a1"), "{answer}");
    // Checkers: Black must take, a jump written as the points it lands on; White then has two.
    let checkers = text("examples/checkers.scenario");
    let (status, answer) = server.post(
        "/api/play",
        &json!({"scenario": checkers, "moves": "b6-a5 c3-b4"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["cli"]["moves"][2]["legal"], json!(["a5:c3"]));
    let (status, answer) = server.post(
        "/api/play",
        &json!({"scenario": checkers, "moves": "b6-a5 c3-b4 a5:c3"}),
    );
    assert_eq!(status, 200, "{answer}");
    let legal = answer["cli"]["moves"][3]["legal"].as_array().unwrap();
    assert!(
        legal.contains(&json!("d2:b4")) && legal.contains(&json!("b2:d4")),
        "{legal:?}"
    );
    assert!(cell(answer["svg"].as_str().unwrap(), "c3"));
    assert_eq!(
        answer["cli"],
        cli(&[
            "play",
            "examples/checkers.scenario",
            "--moves",
            "b6-a5 c3-b4 a5:c3"
        ])
    );
}
