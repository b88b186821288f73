//! `lingeo serve`'s bounds (docs/serve.md, Limits), through real HTTP requests to a child
//! server on 127.0.0.1: answers past the cap are refused before they are built, computations
//! past `--max-concurrent` wait or are refused, a computation whose client went away stops,
//! connections that send half a head or body are closed after `--read-timeout` and cannot
//! exhaust the descriptors, and every failure is JSON. After each, the server still answers.

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::serve::{Server, http};

fn parse(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"))
}

/// A JSON failure with `wanted` as its status, whose message contains `says`.
fn failure(status: u16, text: &str, wanted: u16, says: &str) -> Value {
    let answer = parse(text);
    assert_eq!(status, wanted, "{answer}");
    assert_eq!(answer["status"], wanted, "{answer}");
    let error = answer["error"].as_str().expect("an error message");
    assert!(error.contains(says), "`{says}` not in: {error}");
    answer
}

/// The server still answers a request.
fn answers(server: &Server) {
    let (status, answer) = server.post("/api/check", &json!({"scenario": "board 3x3\n"}));
    assert_eq!(status, 200, "{answer}");
}

/// Writes `request` on a new connection and reads the whole answer (at most `wait`).
fn exchange(port: u16, request: &[u8], wait: Duration) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(wait)).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    String::from_utf8_lossy(&answer).into_owned()
}

fn post_head(path: &str, length: usize) -> String {
    format!(
        "POST {path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: {length}\r\nConnection: close\r\n\r\n"
    )
}

/// A grammar that never halts: it runs until its deadline (or its stop).
const FOREVER: &str = "grammar forever\nvar k: int = 0\nstart S()\nterminal a()\nnonterminal S()\n\
                       productions\n  1 | true | S -> S | k := k + 1 | {1} | {}\n";

/// The CPU time the process has used (user and system), from /proc.
#[cfg(target_os = "linux")]
fn cpu_time(pid: u32) -> Duration {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // Fields after the command's `(...)`: state is the 3rd field, utime the 14th, stime 15th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .unwrap()
        .1
        .split_whitespace()
        .collect();
    let ticks: u64 = fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap();
    // SAFETY: sysconf has no preconditions.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) } as u64;
    Duration::from_millis(ticks * 1000 / per_second)
}

#[test]
fn answers_past_the_cap_are_refused_before_they_are_built() {
    // The default cap (64 MB): a 1024x1024 board was a 140 MB answer and 370 MB of the
    // server's memory; it is refused at once, before anything is drawn.
    let server = Server::with(&["--time-limit", "20"]);
    let started = Instant::now();
    let (status, text) = http(
        server.port,
        "POST",
        "/api/board",
        "localhost",
        json!({"scenario": "board 1024x1024\n"})
            .to_string()
            .as_bytes(),
    );
    failure(status, &text, 413, "cap of 64 MB");
    assert!(text.contains("1048576 points"), "{text}");
    assert!(text.len() < 1000, "{}", text.len());
    assert!(started.elapsed() < Duration::from_secs(5));
    answers(&server);
    // A board that fits is drawn.
    let (status, answer) = server.post("/api/board", &json!({"scenario": "board 64x64\n"}));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["points"].as_array().unwrap().len(), 64 * 64);

    // A cap of 1 MB: every zone of a king's walk on a 32x32 board drawn (127 pictures of
    // about 130 kB) would pass it; so would the MAP of a 200x200 board drawn, refused before
    // the picture is drawn.
    let server = Server::with(&["--time-limit", "20", "--max-answer-mb", "1"]);
    let scenario = "board 32x32\ntype WALKER { like king value 5 }\ntype TARGET { value 10 }\n\
                    black WALKER at (1,1) as W\nwhite TARGET at (8,1) as T\n";
    let body = json!({"scenario": scenario, "piece": "W", "to": "(8,1)", "horizon": 7});
    let (status, answer) = server.post("/api/zones", &body);
    assert_eq!(status, 200, "without every zone drawn it fits: {answer}");
    let mut all = body.clone();
    all["all_zones"] = json!(true);
    let (status, text) = http(
        server.port,
        "POST",
        "/api/zones",
        "localhost",
        all.to_string().as_bytes(),
    );
    failure(status, &text, 413, "cap of 1 MB");
    assert!(text.contains("--max-answer-mb"), "{text}");
    answers(&server);
    let (status, text) = http(
        server.port,
        "POST",
        "/api/map",
        "localhost",
        json!({"board": "200x200", "type": "king", "from": "(1,1)"})
            .to_string()
            .as_bytes(),
    );
    failure(status, &text, 413, "40000 points) takes about 4 MB");
    answers(&server);
}

/// The server's peak resident memory, from /proc.
#[cfg(target_os = "linux")]
fn peak_memory(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace()
        .nth(1)
        .unwrap()
        .parse::<u64>()
        .unwrap()
        << 10
}

/// Computations whose results grow with the request stop at the server's memory budget, its
/// time limit and the answer's cap as they build them (issue 45: `/api/patterns` and
/// `/api/trajectories` took the server down, `/api/compare` built 1.3 GB before refusing an
/// answer over its cap).
#[cfg(target_os = "linux")]
#[test]
fn growing_computations_stop_at_the_budget_the_deadline_and_the_cap() {
    let far = super::job_memory::FAR_PIECES;
    let patterns = json!({"scenario": far, "horizon": 49});
    // The memory budget: the paths of the pieces' patterns pass 256 MiB, and the answer says
    // so (413: a stop at a cap of size); the server stays near its budget and answers on.
    let server = Server::with(&["--time-limit", "60", "--max-memory", "256"]);
    let started = Instant::now();
    let (status, answer) = server.post("/api/patterns", &patterns);
    assert_eq!(status, 413, "{answer}");
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("the shortest paths listed") && error.contains("memory limit of 256 MiB"),
        "{error}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(40),
        "{:?}",
        started.elapsed()
    );
    let peak = peak_memory(server.pid());
    assert!(peak < 600 << 20, "the server took {} MiB", peak >> 20);
    answers(&server);

    // The time limit: the same request under 2 s stops there (it answered 408 and went on
    // listing before), and the server's CPU then rests.
    let server = Server::with(&["--time-limit", "2"]);
    let started = Instant::now();
    let (status, answer) = server.post("/api/patterns", &patterns);
    // A stop at the time limit: 503 without Retry-After.
    assert_eq!(status, 503, "{answer}");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("stopped at the time limit of the request (2 s)"),
        "{answer}"
    );
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
    let pid = server.pid();
    std::thread::sleep(Duration::from_millis(300));
    let after = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(1));
    let spent = cpu_time(pid) - after;
    assert!(
        spent < Duration::from_millis(300),
        "the server worked on: {spent:?}"
    );
    answers(&server);

    // `limit` past its bound is refused before anything is listed (400).
    let (status, text) = http(
        server.port,
        "POST",
        "/api/trajectories",
        "localhost",
        json!({"board": "16x16", "type": "king", "from": "a1", "to": "p16", "length": 20,
               "limit": 9_000_000})
        .to_string()
        .as_bytes(),
    );
    failure(status, &text, 400, "`limit` must be at most 1000000");

    // The answer's cap: the sentences only one grammar derives (7,210 of 18 points) pass
    // 1 MB as they are listed, and the comparison stops there.
    let server = Server::with(&["--time-limit", "30", "--max-answer-mb", "1"]);
    let grammar = |name: &str| {
        std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("grammars")
                .join(name),
        )
        .unwrap()
    };
    let (status, text) = http(
        server.port,
        "POST",
        "/api/compare",
        "localhost",
        json!({"a": grammar("admissible-trajectories.lgg"),
               "b": grammar("shortest-trajectories.lgg"),
               "board": "16x16", "type": "king", "start": "S(a1, p16, 17)"})
        .to_string()
        .as_bytes(),
    );
    let answer = failure(status, &text, 413, "the sentences only one side has");
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("--max-answer-mb"),
        "{answer}"
    );
    answers(&server);
}

#[test]
fn computations_past_the_cap_wait_or_are_refused_and_a_dropped_one_stops() {
    // One computation at once and none waiting: while a grammar that never halts runs, the
    // next request is refused with 503, a reason and Retry-After.
    let server = Server::with(&[
        "--time-limit",
        "30",
        "--max-concurrent",
        "1",
        "--max-waiting",
        "0",
    ]);
    let body = json!({"grammar": FOREVER, "start": "S()"}).to_string();
    let mut running = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    running
        .write_all(format!("{}{body}", post_head("/api/run", body.len())).as_bytes())
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let check = json!({"scenario": "board 3x3\n"}).to_string();
    let request = format!("{}{check}", post_head("/api/check", check.len()));
    let answer = exchange(server.port, request.as_bytes(), Duration::from_secs(10));
    let (head, text) = answer.split_once("\r\n\r\n").expect("an HTTP answer");
    assert!(head.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1"),
        "{head}"
    );
    failure(503, text, 503, "--max-concurrent");

    // The client of the run goes away: the run stops (its slot is free again) long before
    // its 30 s, and the next request is answered.
    drop(running);
    let started = Instant::now();
    loop {
        let answer = exchange(server.port, request.as_bytes(), Duration::from_secs(10));
        if answer.starts_with("HTTP/1.1 200") {
            break;
        }
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "the dropped run still holds its slot"
        );
        std::thread::sleep(Duration::from_millis(100));
    }

    // With room to wait, requests past the cap wait their turn and are all answered.
    let server = Server::with(&["--max-concurrent", "1", "--max-waiting", "16"]);
    let port = server.port;
    let threads: Vec<_> = (0..8)
        .map(|_| {
            let request = request.clone();
            std::thread::spawn(move || exchange(port, request.as_bytes(), Duration::from_secs(30)))
        })
        .collect();
    for t in threads {
        let answer = t.join().unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_computation_stops_when_its_client_goes_away() {
    // The default options: a run that never halts under a 30 s limit, whose client leaves
    // after a second. The server's CPU time then stays flat: the run stopped, it does not
    // work on for the 28 s left.
    let server = Server::with(&["--time-limit", "30"]);
    let body = json!({"grammar": FOREVER, "start": "S()"}).to_string();
    let mut running = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    running
        .write_all(format!("{}{body}", post_head("/api/run", body.len())).as_bytes())
        .unwrap();
    // The run works while its client waits: W of CPU time in a second (the machine may be
    // busy with other work, so what follows is measured against W, not against a second).
    let pid = server.pid();
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(1));
    let working = cpu_time(pid) - before;
    assert!(
        working >= Duration::from_millis(100),
        "the run does not work: {working:?}"
    );
    drop(running);
    std::thread::sleep(Duration::from_millis(500));
    let after = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(1));
    let spent = cpu_time(pid) - after;
    assert!(
        spent < working / 3,
        "the server worked {spent:?} in the second after the client left, {working:?} before"
    );
    answers(&server);
}

#[test]
fn half_sent_requests_are_closed_after_the_read_timeout() {
    let server = Server::with(&["--read-timeout", "1"]);
    // 50 connections that send half a head, and one that sends its head and half its body.
    let mut stalled: Vec<TcpStream> = (0..50)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            s.write_all(b"POST /api/check HTTP/1.1\r\nHost: loc")
                .unwrap();
            s
        })
        .collect();
    let mut half_body = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
    half_body
        .write_all(format!("{}{{\"scen", post_head("/api/check", 40)).as_bytes())
        .unwrap();
    // A whole request is answered meanwhile.
    let started = Instant::now();
    answers(&server);
    assert!(started.elapsed() < Duration::from_millis(900));
    // The body that did not arrive: a JSON 408.
    half_body
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut answer = String::new();
    let _ = half_body.read_to_string(&mut answer);
    let (head, text) = answer.split_once("\r\n\r\n").expect("an answer");
    assert!(head.starts_with("HTTP/1.1 408"), "{answer}");
    failure(408, text, 408, "--read-timeout");
    // Each half head: closed (end of stream or reset) within a few seconds.
    for s in &mut stalled {
        s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let mut buffer = [0u8; 256];
        match s.read(&mut buffer) {
            Ok(_) => {}
            Err(e) if e.kind() == ErrorKind::ConnectionReset => {}
            Err(e) => panic!("a half-sent head is still open: {e}"),
        }
    }
    assert!(started.elapsed() < Duration::from_secs(6));
    answers(&server);
}

#[cfg(target_os = "linux")]
#[test]
fn stalled_connections_cannot_exhaust_the_descriptors() {
    // 128 descriptors, and a read timeout longer than the test: 200 connections that send
    // half a head would hold every descriptor. The cap on connections (under the limit)
    // closes the oldest idle one for each new one, so a whole request is still answered.
    let mut command = Command::new("sh");
    command.args([
        "-c",
        "ulimit -n 128 && exec \"$0\" serve --port 0 --read-timeout 60",
        env!("CARGO_BIN_EXE_lingeo"),
    ]);
    let server = Server::from_command(command);
    let mut stalled = Vec::new();
    for _ in 0..200 {
        let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: loc");
        stalled.push(s);
    }
    std::thread::sleep(Duration::from_millis(300));
    let check = json!({"scenario": "board 3x3\n"}).to_string();
    let request = format!("{}{check}", post_head("/api/check", check.len()));
    for _ in 0..3 {
        let answer = exchange(server.port, request.as_bytes(), Duration::from_secs(5));
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer:?}");
    }
    drop(stalled);
}

#[test]
fn every_failure_is_json() {
    let server = Server::with(&["--read-timeout", "2"]);
    // A method a route does not take: 405 with Allow, as JSON.
    for (method, path, takes) in [
        ("GET", "/api/run", "POST"),
        ("POST", "/api/examples", "GET"),
        ("DELETE", "/api/zones", "POST"),
        ("PUT", "/", "GET"),
    ] {
        let answer = exchange(
            server.port,
            format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .as_bytes(),
            Duration::from_secs(5),
        );
        let (head, text) = answer.split_once("\r\n\r\n").expect("an answer");
        assert!(head.starts_with("HTTP/1.1 405"), "{answer}");
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{head}"
        );
        failure(
            405,
            text,
            405,
            &format!("{path} does not take {method}; it takes {takes}"),
        );
        answers(&server);
    }
    // No such page; a body too large, by its length or by what is sent; not declared JSON;
    // not JSON; JSON of the wrong shape.
    let (status, text) = http(server.port, "GET", "/nothing", "localhost", b"");
    failure(status, &text, 404, "no such page");
    let big = vec![b' '; (1 << 20) + 10];
    let (status, text) = http(server.port, "POST", "/api/check", "localhost", &big);
    failure(status, &text, 413, "larger than 1048576 bytes");
    let answer = exchange(
        server.port,
        b"POST /api/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\n\
          Content-Length: 2\r\nConnection: close\r\n\r\n{}",
        Duration::from_secs(5),
    );
    failure(
        415,
        answer.split_once("\r\n\r\n").unwrap().1,
        415,
        "application/json",
    );
    let (status, text) = http(server.port, "POST", "/api/check", "localhost", b"{\"a\": ");
    failure(status, &text, 400, "");
    let (status, text) = http(server.port, "POST", "/api/zones", "localhost", b"\"text\"");
    failure(status, &text, 400, "JSON object");
    answers(&server);
}

/// A count of simple trajectories with dead ends everywhere (a king's from a1 to a2 in 25 moves
/// on 24x24, rule S-06): its walk takes 16 s to find the million a request may count (release
/// build), and far longer for longer walks.
fn simple_count() -> String {
    json!({"board": "24x24", "type": "king", "from": "a1", "to": "a2", "length": 25,
           "rule": "s06", "simple": true, "count": true, "limit": 1_000_000})
    .to_string()
}

#[test]
fn a_count_of_simple_trajectories_stops_at_the_deadline() {
    // It used to walk on past its deadline (the 408 came, the work went on).
    let server = Server::with(&["--time-limit", "2"]);
    let started = Instant::now();
    let (status, text) = http(
        server.port,
        "POST",
        "/api/trajectories",
        "localhost",
        simple_count().as_bytes(),
    );
    failure(
        status,
        &text,
        503,
        "stopped at the time limit of the request (2 s)",
    );
    assert!(started.elapsed() < Duration::from_secs(4));
    answers(&server);
}

#[cfg(target_os = "linux")]
#[test]
fn counts_of_simple_trajectories_whose_clients_left_stop() {
    // Two such counts, sent and hung up, held both slots for minutes: every computation got a
    // 503 meanwhile. Now they stop when their clients leave, and the next computation is
    // answered at once.
    let server = Server::with(&["--time-limit", "30", "--max-concurrent", "2"]);
    let body = simple_count();
    for _ in 0..2 {
        let mut left = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        left.write_all(format!("{}{body}", post_head("/api/trajectories", body.len())).as_bytes())
            .unwrap();
        std::thread::sleep(Duration::from_millis(300));
        drop(left);
    }
    std::thread::sleep(Duration::from_millis(500));
    let started = Instant::now();
    let (status, answer) = server.post(
        "/api/trajectories",
        &json!({"board": "8x8", "type": "king", "from": "a1", "to": "h8"}),
    );
    assert_eq!(status, 200, "{answer}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // And the server does not work on.
    let pid = server.pid();
    let before = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(1));
    let spent = cpu_time(pid) - before;
    assert!(
        spent < Duration::from_millis(300),
        "the server worked {spent:?} in a second after the clients left"
    );
}

#[test]
fn answers_their_clients_do_not_read_are_held_within_the_budget() {
    // Answers of about 12 MB (a 300x300 board drawn and named: far more than the kernel's
    // socket buffers take) under a cap of 16 MB: the answers held for clients that have not
    // read them share 128 MB. Twenty clients that ask and never read: the answers past the
    // budget are 503s. (They were all 200, each answer held in
    // full: the budget was given back when hyper took the answer's bytes, not when it wrote
    // them; 60 clients of 48 MB answers held 3 GB.)
    let server = Server::with(&["--max-answer-mb", "16", "--time-limit", "60"]);
    let body = json!({"scenario": "board 300x300\n"}).to_string();
    let request = format!("{}{body}", post_head("/api/board", body.len()));
    let clients: Vec<TcpStream> = (0..20)
        .map(|_| {
            let mut s = TcpStream::connect(("127.0.0.1", server.port)).unwrap();
            s.write_all(request.as_bytes()).unwrap();
            s
        })
        .collect();
    // Each answer's status line (a few bytes read: the rest of the answer stays unread).
    let mut statuses = Vec::new();
    for mut s in &clients {
        s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
        let mut head = [0u8; 12];
        s.read_exact(&mut head).unwrap();
        statuses.push(String::from_utf8_lossy(&head).into_owned());
    }
    let ok = statuses.iter().filter(|s| s.ends_with(" 200")).count();
    let busy = statuses.iter().filter(|s| s.ends_with(" 503")).count();
    assert_eq!(ok + busy, 20, "{statuses:?}");
    assert!(
        (1..=10).contains(&ok),
        "{ok} answers of 12 MB held in 128 MB: {statuses:?}"
    );
    // A refused one says why.
    let mut refused = clients
        .iter()
        .zip(&statuses)
        .find(|(_, s)| s.ends_with(" 503"))
        .unwrap()
        .0;
    let mut rest = String::new();
    let _ = refused.read_to_string(&mut rest);
    assert!(
        rest.contains("answers that their clients have not read yet"),
        "{rest}"
    );
    // The clients gone, the budget is back.
    drop(clients);
    std::thread::sleep(Duration::from_millis(300));
    let (status, text) = http(
        server.port,
        "POST",
        "/api/board",
        "localhost",
        body.as_bytes(),
    );
    assert_eq!(status, 200, "{}", &text[..text.len().min(300)]);
}

#[test]
fn a_check_of_a_long_line_answers_little() {
    // A body of 1 MiB: one line with a stray character every other byte. The answer was 72 MB
    // after 22 s (every excerpt echoed the line, and every one of half a million diagnostics
    // was placed by counting from the start); it is the first 50 diagnostics, clipped, and the
    // count of the rest.
    let server = Server::with(&["--time-limit", "30"]);
    let line = format!("board 8x8 {}", "@ ".repeat((1 << 20) / 2 - 40));
    let (status, answer) = server.post("/api/check", &json!({ "scenario": line }));
    assert_eq!(status, 200, "{answer}");
    assert_eq!(answer["ok"], false);
    let text = answer.to_string();
    assert!(text.len() < 100_000, "{} bytes", text.len());
    let diagnostics = answer["diagnostics"].as_array().unwrap();
    assert_eq!(diagnostics.len(), 50);
    assert_eq!(diagnostics[49]["column"], 11 + 2 * 49);
    assert_eq!(answer["omitted"], 10_001 - 50);
    assert!(
        answer["output"]
            .as_str()
            .unwrap()
            .contains("`...` marks what it leaves out"),
        "{answer}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn every_attack_of_a_far_reaching_piece_stops_at_the_deadline() {
    // Found by fuzz/ (serve_request's generated mode): the zone network of each attack looked
    // at the deadline only inside its exhaustive search, so this request was answered 408
    // after the time limit and its grace, and worked on, its heap growing by 50 MB a second.
    let server = Server::with(&["--time-limit", "1"]);
    let scenario = "board 61x6\ntype WALKER { like king value 3 }\ntype TARGET { value 10 }\n\
                    white knight at (8,1) as P0\nwhite WALKER at (1,1) as P1\n\
                    black bishop at (36,4) as P2\ngoal (50,4) for P1\ngoal (1,1) for P0\n";
    // (Every attack: `piece` and `to` are refused beside `all_attacks`, as the CLI refuses
    // them.)
    let body = json!({"scenario": scenario, "horizon": 40, "all_attacks": true});
    let started = Instant::now();
    let (status, text) = http(
        server.port,
        "POST",
        "/api/zones",
        "localhost",
        body.to_string().as_bytes(),
    );
    failure(
        status,
        &text,
        503,
        "stopped at the time limit of the request (1 s)",
    );
    assert!(started.elapsed() < Duration::from_millis(2500));
    let pid = server.pid();
    std::thread::sleep(Duration::from_millis(300));
    let before = cpu_time(pid);
    std::thread::sleep(Duration::from_secs(1));
    let spent = cpu_time(pid) - before;
    assert!(
        spent < Duration::from_millis(300),
        "the server worked on: {spent:?}"
    );
    answers(&server);
}
