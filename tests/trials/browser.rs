//! The page in a real browser: headless Chromium (Debian's `chromium`), driven over the Chrome
//! DevTools Protocol, loads the page of `lingeo serve`, opens the simplified robot example, runs
//! grammars/zones-filtered.lgg with its trace, steps the derivation forward and finds the zone's
//! picture and the step's TIME values over the board; it saves screenshots under
//! `target/tmp/browser/` (and, with `UPDATE_SCREENSHOTS=1`, the README's `docs/img/serve.png`).
//!
//! Without Chromium the trial is ignored (listed as such), unless `CI` is set: then it runs and
//! fails.

use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use libtest_mimic::Trial;
use serde_json::{Value, json};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use super::serve::Server;

pub(super) const CHROMIUM: &str = "/usr/bin/chromium";

/// A JavaScript function of an editor's kind ("scenario" or "grammar"): the lines beside which
/// its diagnostic marks are drawn, found from where each mark is on screen (not from what it
/// says), so that a mark drawn beside the wrong line is caught. CodeMirror draws only the
/// marks of the lines in view.
pub(super) const MARKED_LINES: &str = "((kind) => { const e = editors[kind]; \
    if (e.kind === 'codemirror') { const v = e.view; \
      return [...v.dom.querySelectorAll('.cm-lint-marker')].map((m) => { const r = m.getBoundingClientRect(); \
        return v.state.doc.lineAt(v.lineBlockAtHeight(r.top + r.height / 2 - v.documentTop).from).number; }); } \
    const t = e.textarea, cs = getComputedStyle(t), lh = parseFloat(cs.lineHeight); \
    const top = t.getBoundingClientRect().top + t.clientTop + parseFloat(cs.paddingTop) - t.scrollTop; \
    return [...t.parentNode.querySelectorAll('.gutter .mark')].map((m) => Math.round((m.getBoundingClientRect().top - top) / lh) + 1); })";

/// A JavaScript function of an editor's kind and a line number: the highlighted tokens of the
/// line as CodeMirror draws it, `class text` each (`keyword board`), joined by ` | `.
const TOKENS_OF_LINE: &str = "((kind, n) => { const v = editors[kind].view; \
    const at = v.domAtPos(v.state.doc.line(n).from).node; \
    const line = (at.nodeType === 1 ? at : at.parentElement).closest('.cm-line'); \
    return line ? [...line.querySelectorAll('span')].map((s) => s.className.replace(/\\btok-/g, '') + ' ' + s.textContent).join(' | ') : null; })";

/// A JavaScript function of an editor's kind: scrolls it to its last line, and resolves once
/// the editor has drawn itself there.
const SCROLL_TO_END: &str = "((kind) => { const e = editors[kind]; \
    const box = e.kind === 'codemirror' ? e.view.scrollDOM : e.textarea; \
    box.scrollTop = box.scrollHeight; box.dispatchEvent(new Event('scroll')); \
    return new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true)))); })";

/// One browser at a time: two headless Chromiums starting together on two cores miss the
/// start-up deadline, and the trials are few.
pub(super) static ONE_BROWSER: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A headless Chromium with one page, spoken to over the DevTools WebSocket.
pub(super) struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    session: String,
    next: u64,
    _profile: PathBuf,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    pub(super) fn start(binary: &Path) -> Browser {
        let profile = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("chromium-profile-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        // Scrollbars are drawn (no --hide-scrollbars), as a user sees them: an editor's
        // horizontal scrollbar is what once put the gutter's line marks off their lines.
        let mut child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--disable-dev-shm-usage",
                "--remote-debugging-port=0",
                &format!("--user-data-dir={}", profile.display()),
                "about:blank",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("chromium starts");
        // "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/ID"
        let stderr = BufReader::new(child.stderr.take().unwrap());
        let mut url = None;
        for line in stderr.lines() {
            let line = line.unwrap();
            if let Some(at) = line.find("ws://") {
                url = Some(line[at..].trim().to_string());
                break;
            }
        }
        let url = url.expect("chromium prints its DevTools address");
        let (socket, _) = tungstenite::connect(url.as_str()).expect("the DevTools socket opens");
        if let MaybeTlsStream::Plain(s) = socket.get_ref() {
            s.set_read_timeout(Some(Duration::from_secs(240))).unwrap();
        }
        let mut browser = Browser {
            child,
            socket,
            session: String::new(),
            next: 0,
            _profile: profile,
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}));
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        );
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": 1500, "height": 1900, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser
    }

    /// Sends a command (to the page once attached) and waits for its result.
    pub(super) fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket
            .send(Message::Text(message.to_string().into()))
            .unwrap();
        loop {
            let Message::Text(text) = self.socket.read().expect("a DevTools message") else {
                continue;
            };
            let answer: Value = serde_json::from_str(&text).unwrap();
            if answer["id"] == id {
                assert!(answer["error"].is_null(), "{method}: {answer}");
                return answer["result"].clone();
            }
        }
    }

    /// The value of a JavaScript expression in the page.
    pub(super) fn eval(&mut self, expression: &str) -> Value {
        let r = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(
            r["exceptionDetails"].is_null(),
            "{expression}: {}",
            r["exceptionDetails"]
        );
        r["result"]["value"].clone()
    }

    /// Waits until a JavaScript expression is true.
    pub(super) fn wait_for(&mut self, expression: &str) {
        let start = Instant::now();
        while self.eval(expression) != json!(true) {
            assert!(
                start.elapsed() < Duration::from_secs(240),
                "waited four minutes for {expression}; the page says {}",
                self.eval("editors.scenario.text().slice(-300) + ' | tool ' + document.getElementById('tool').value + ' | ' + JSON.stringify(state.board && state.board.pieces)")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// A real click (mouse pressed and released) at the middle of the element.
    pub(super) fn click(&mut self, selector: &str) {
        let rect = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        let (x, y) = (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap());
        for kind in ["mouseMoved", "mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1}),
            );
        }
    }

    /// The middle of the element, scrolled into view.
    pub(super) fn middle(&mut self, selector: &str) -> (f64, f64) {
        let rect = self.eval(&format!(
            "(() => {{ const e = document.querySelector({selector:?}); e.scrollIntoView({{block: 'center'}}); \
             const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }})()"
        ));
        (rect[0].as_f64().unwrap(), rect[1].as_f64().unwrap())
    }

    /// A real double click at the middle of the element.
    pub(super) fn double_click(&mut self, selector: &str) {
        let (x, y) = self.middle(selector);
        for count in [1, 2] {
            for kind in ["mousePressed", "mouseReleased"] {
                self.call(
                    "Input.dispatchMouseEvent",
                    json!({"type": kind, "x": x, "y": y, "button": "left", "clickCount": count}),
                );
            }
        }
    }

    /// A real drag from the middle of the element by (dx, dy), in ten steps.
    pub(super) fn drag(&mut self, selector: &str, dx: f64, dy: f64) {
        let (x, y) = self.middle(selector);
        let mouse = |kind: &str, k: f64| json!({"type": kind, "x": x + dx * k, "y": y + dy * k, "button": "left", "buttons": 1, "clickCount": 1});
        self.call("Input.dispatchMouseEvent", mouse("mouseMoved", 0.0));
        self.call("Input.dispatchMouseEvent", mouse("mousePressed", 0.0));
        for step in 1..=10 {
            self.call(
                "Input.dispatchMouseEvent",
                mouse("mouseMoved", f64::from(step) / 10.0),
            );
        }
        self.call("Input.dispatchMouseEvent", mouse("mouseReleased", 1.0));
    }

    /// A real click on a square of the board, by its name (a removed square by the names of
    /// the squares in its file and rank).
    pub(super) fn click_point(&mut self, point: &str) {
        let found = self.eval(&format!(
            "(() => {{ document.querySelectorAll('#clicked-point').forEach(e => e.removeAttribute('id')); \
             const rects = [...document.querySelectorAll('#board rect.cell, #board rect.removed')]; \
             const e = rects.find(r => pointOf(r) === {point:?}); if (!e) return false; \
             e.setAttribute('id', 'clicked-point'); return true; }})()"
        ));
        assert_eq!(found, json!(true), "no square {point} on the board");
        self.click("#clicked-point");
    }

    /// Chooses an option of a <select> as a user does: its value set, a change event.
    pub(super) fn choose(&mut self, selector: &str, value: &str) {
        self.eval(&format!(
            "(() => {{ const s = document.querySelector({selector:?}); s.value = {value:?}; \
             s.dispatchEvent(new Event('change')); }})()"
        ));
    }

    pub(super) fn screenshot(&mut self, file: &Path) {
        let shot = self.call("Page.captureScreenshot", json!({"format": "png"}));
        let png = base64(shot["data"].as_str().unwrap());
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, png).unwrap();
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let digits: Vec<u8> = text
        .bytes()
        .filter(|c| !c.is_ascii_whitespace() && *c != b'=')
        .map(value)
        .collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        out.extend(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// The trials: the page in the browser, ignored where Chromium is missing outside CI.
pub fn trials() -> Vec<Trial> {
    let binary =
        std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from(CHROMIUM), PathBuf::from);
    let missing = !binary.exists() && std::env::var_os("CI").is_none();
    let binary2 = binary.clone();
    let binary3 = binary.clone();
    let binary4 = binary.clone();
    let binary5 = binary.clone();
    let binary6 = binary.clone();
    let binary7 = binary.clone();
    // Built without the code editor (web/editor/build.sh was not run), the page has plain text
    // areas: the editor's trial is ignored then, unless LINGEO_REQUIRE_EDITOR is set (.ci/run
    // sets it once it has bundled the editor).
    let required = std::env::var_os("LINGEO_REQUIRE_EDITOR").is_some();
    let no_editor = !cfg!(lingeo_editor);
    vec![
        Trial::test("browser::base64_decodes", || {
            assert_eq!(base64("aGVsbG8="), b"hello");
            assert_eq!(base64("aGVsbG8hIQ=="), b"hello!!");
            assert_eq!(base64("YWJj"), b"abc");
            Ok(())
        }),
        Trial::test(
            "browser::the_page_runs_a_grammar_of_zones_and_steps_its_derivation",
            move || {
                if !binary.exists() {
                    return Err(format!(
                        "CI is set and Chromium is not installed at {} \
                         (.ci/run installs Debian's chromium; CHROMIUM=PATH names another)",
                        binary.display()
                    )
                    .into());
                }
                the_page_runs_a_grammar_of_zones_and_steps_its_derivation(&binary);
                Ok(())
            },
        )
        // Shown as `ignored`, not as a pass: this machine has no Chromium (apt-get install
        // chromium, or CHROMIUM=PATH).
        .with_ignored_flag(missing),
        Trial::test(
            "browser::board_edits_keep_the_scenario_valid_and_results_current",
            move || {
                board_edits_keep_the_scenario_valid_and_results_current(&binary2);
                Ok(())
            },
        )
        .with_ignored_flag(missing),
        Trial::test(
            "browser::the_page_state_is_shared_exported_undone_and_cancelled",
            move || {
                the_page_state_is_shared_exported_undone_and_cancelled(&binary3);
                Ok(())
            },
        )
        .with_ignored_flag(missing),
        Trial::test(
            "browser::the_page_searches_reti_with_the_apis_default_depth",
            move || {
                the_page_searches_reti_with_the_apis_default_depth(&binary5);
                Ok(())
            },
        )
        .with_ignored_flag(missing),
        Trial::test("browser::the_page_plays_othello_and_checkers", move || {
            the_page_plays_othello_and_checkers(&binary7);
            Ok(())
        })
        .with_ignored_flag(missing),
        Trial::test(
            "browser::the_fen_box_loads_a_position_and_follows_its_edits",
            move || {
                the_fen_box_loads_a_position_and_follows_its_edits(&binary6);
                Ok(())
            },
        )
        .with_ignored_flag(missing),
        Trial::test(
            "browser::the_editor_highlights_and_marks_diagnostics_in_place",
            move || {
                if no_editor {
                    return Err("LINGEO_REQUIRE_EDITOR is set and lingeo was built without \
                                its code editor (web/editor/build.sh, then build again)"
                        .into());
                }
                the_editor_highlights_and_marks_diagnostics_in_place(&binary4);
                Ok(())
            },
        )
        .with_ignored_flag(missing || (no_editor && !required)),
    ]
}

/// Issue 48: the board plays a scenario's game (the tool `play`): on 4x4 Othello a click on an
/// empty point places a disc there, the flips drawn; on checkers a click on a man and one on
/// where it goes make a step, and the same two clicks make a jump (`a5:c3`, compulsory).
fn the_page_plays_othello_and_checkers(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.navigate",
        json!({"url": format!("http://localhost:{}/", server.port)}),
    );
    browser.wait_for("document.querySelectorAll('#scenario-examples option').length > 3");
    let status =
        |text: &str| format!("document.getElementById('play-status').textContent === {text:?}");
    let moves = "[...document.querySelectorAll('#play-moves button')].map((b) => b.textContent).sort().join(' ')";
    let play = |browser: &mut Browser, example: &str| {
        browser.choose("#scenario-examples", example);
        browser.wait_for(
            "[...document.querySelectorAll('#tool option')].some((o) => o.value === 'play')",
        );
        browser.choose("#tool", "play");
        browser.wait_for("!document.getElementById('play').hidden");
    };

    play(&mut browser, "examples/othello-4x4.scenario");
    browser.wait_for(&status("start: black to move"));
    assert_eq!(browser.eval(moves), json!("a2 b1 c4 d3"));
    // An empty point that flips nothing plays nothing.
    browser.click_point("a1");
    browser.wait_for(&status("start: black to move"));
    browser.click_point("b1");
    browser.wait_for(&status("after b1: white to move"));
    assert_eq!(browser.eval(moves), json!("a1 a3 c1"));
    browser.click_point("a3");
    browser.wait_for(&status("after b1 a3: black to move"));
    browser.click("#play-back");
    browser.wait_for(&status("after b1: white to move"));

    play(&mut browser, "examples/checkers.scenario");
    browser.wait_for(&status("start: black to move"));
    browser.click_point("b6");
    browser.wait_for(&status("start: black to move, from b6"));
    browser.click_point("a5");
    browser.wait_for(&status("after b6-a5: white to move"));
    browser.click_point("c3");
    browser.wait_for(&status("after b6-a5: white to move, from c3"));
    browser.click_point("b4");
    browser.wait_for(&status("after b6-a5 c3-b4: black to move"));
    assert_eq!(browser.eval(moves), json!("a5:c3"));
    browser.click_point("a5");
    browser.wait_for(&status("after b6-a5 c3-b4: black to move, from a5"));
    browser.click_point("c3");
    browser.wait_for(&status("after b6-a5 c3-b4 a5:c3: white to move"));
    browser.screenshot(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser/checkers-play.png"));
}

/// Issue 47: a FEN pasted in the board's FEN box is read by the server (`fen`) and becomes the
/// editor's scenario, drawn as a chessboard; after an edit of the board the box shows the new
/// position's FEN; a bad FEN is refused with its field, and the scenario stays.
fn the_fen_box_loads_a_position_and_follows_its_edits(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    let home = format!("http://localhost:{}/", server.port);
    browser.call("Page.navigate", json!({ "url": home }));
    browser.wait_for("document.querySelectorAll('#scenario-examples option').length > 3");
    browser.eval("localStorage.clear()");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    browser.eval(&format!("document.getElementById('fen').value = '{start}'"));
    browser.click("#fen-load");
    browser.wait_for("editors.scenario.text().includes('rules chess')");
    browser.wait_for("document.querySelectorAll('#board text.glyph').length == 32");
    assert_eq!(
        browser.eval("editors.scenario.text().includes('white knight at g1 as WN2')"),
        json!(true)
    );
    assert_eq!(
        browser.eval("document.getElementById('scenario-name').textContent"),
        json!("(from FEN)")
    );
    browser.wait_for(&format!(
        "document.getElementById('fen').value == '{start}'"
    ));
    // The search may run: the position has rules of play.
    assert_eq!(
        browser.eval("document.getElementById('search-button').disabled"),
        json!(false)
    );
    // An edit on the board: the knight to f3; the box follows.
    browser.choose("#tool", "piece:WN2");
    browser.click_point("f3");
    browser.wait_for("editors.scenario.text().includes('white knight at f3 as WN2')");
    browser.wait_for(
        "document.getElementById('fen').value ==          'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1'",
    );
    // A bad FEN: refused with the field at fault; the scenario stays.
    let before = browser.eval("editors.scenario.text()");
    browser.eval("document.getElementById('fen').value = '8/8/8/8/8/8/8/K6 w - - 0 1'");
    browser.click("#fen-load");
    browser.wait_for(
        "document.getElementById('fen-error').textContent.includes('FEN field 1 (piece placement)')",
    );
    assert_eq!(browser.eval("editors.scenario.text()"), before);
    // A chess position's line is shown in SAN (`pv_san`), not in lingeo's `a1-a8`.
    let mate = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
    browser.eval(&format!("document.getElementById('fen').value = '{mate}'"));
    browser.click("#fen-load");
    // Six pieces on the board: the position loaded (the start's text has a rook on a1 too).
    browser.wait_for("document.querySelectorAll('#board text.glyph').length == 6");
    browser.wait_for("!document.getElementById('search-button').disabled");
    browser.click("#search-form button");
    browser.wait_for(
        "document.getElementById('search-summary').textContent.includes('principal variation Ra8#')",
    );
    // A scenario that is no chess position shows no FEN.
    browser.choose("#scenario-examples", "examples/board16.scenario");
    browser.wait_for("document.querySelectorAll('#board rect.cell').length > 200");
    browser.wait_for("document.getElementById('fen').value == ''");
}

/// Issue 46: the page's search takes its default depth from the API (none: the LG search's
/// depth bound is the horizon + 2), so that Réti's ending gives on the page the value the CLI's
/// `lingeo search examples/reti.scenario --engine lg` gives (0), not the -1 of a depth of 4
/// that the page once chose for itself.
fn the_page_searches_reti_with_the_apis_default_depth(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let cli = lingeo::api::Workbench::load(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/reti.scenario"),
    )
    .and_then(|bench| {
        bench.search(&lingeo::api::SearchRequest {
            engine: lingeo::api::Engine::Lg,
            ..Default::default()
        })
    })
    .expect("the CLI's search of Réti")
    .json
    .value;
    assert_eq!(cli, Some(0), "the CLI's LG search of Réti");
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    let home = format!("http://localhost:{}/", server.port);
    browser.call("Page.navigate", json!({ "url": home }));
    browser.wait_for("document.querySelectorAll('#scenario-examples option').length > 3");
    browser.eval("localStorage.clear()");
    browser.choose("#scenario-examples", "examples/reti.scenario");
    browser.wait_for(
        "document.querySelector('#board rect.cell') !== null \
         && !document.getElementById('search-button').disabled",
    );
    // The depth left as the page shows it.
    browser.click("#search-form button");
    browser.wait_for("document.getElementById('search-summary').textContent.startsWith('value')");
    let summary = browser.eval("document.getElementById('search-summary').textContent");
    let summary = summary.as_str().unwrap_or_default().to_string();
    assert!(
        summary.starts_with(&format!("value {} ", cli.unwrap())),
        "the page's search of Réti: {summary} (the CLI's value is {cli:?})"
    );
    // The depth is empty, the API's default (none: auto) its placeholder.
    assert_eq!(
        browser.eval("document.getElementById('search-depth').value"),
        ""
    );
    assert_eq!(
        browser.eval("document.getElementById('search-depth').placeholder"),
        "auto"
    );

    // The request's other fields are the panel's options, each from `GET /api/defaults`: the
    // race of 0 (no race) gives on the page the value the library gives with it.
    let no_race = lingeo::api::Workbench::load(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/reti.scenario"),
    )
    .and_then(|bench| {
        bench.search(&lingeo::api::SearchRequest {
            engine: lingeo::api::Engine::Lg,
            race: Some(0),
            ..Default::default()
        })
    })
    .expect("the library's search of Réti without a race")
    .json
    .value;
    assert_ne!(no_race, cli, "a race of 0 changes Réti's value");
    let offered = browser.eval(
        "[...document.querySelectorAll('#search-options [data-field]')].map((e) => e.dataset.field).join(' ')",
    );
    let offered = offered.as_str().unwrap_or_default().to_string();
    for field in [
        "race",
        "race_budget",
        "leaf",
        "ordering",
        "time",
        "max_memory",
        "threads",
    ] {
        assert!(
            offered.split(' ').any(|f| f == field),
            "{field} among the search's options: {offered}"
        );
    }
    assert_eq!(
        browser.eval("document.querySelector('#search-options [data-field=race]').placeholder"),
        "none"
    );
    browser.click("#search-options summary");
    browser.eval(
        "(() => { const i = document.querySelector('#search-options [data-field=race]'); \
           i.value = '0'; i.dispatchEvent(new Event('input')); return true; })()",
    );
    // A changed option marks the results stale, as the panel's own inputs do.
    browser.wait_for("!document.getElementById('search-stale').hidden");
    browser.click("#search-form button");
    browser.wait_for(&format!(
        "document.getElementById('search-summary').textContent.startsWith('value {} ')",
        no_race.unwrap()
    ));
}

fn the_page_runs_a_grammar_of_zones_and_steps_its_derivation(binary: &Path) {
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.navigate",
        json!({"url": format!("http://localhost:{}/", server.port)}),
    );
    browser.wait_for("document.querySelectorAll('#grammar-examples option').length > 3");

    // The simplified robot example: the board is drawn from it.
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.wait_for("document.querySelector('#scenario-diagnostics li.ok') !== null");

    // Clicking the board edits the scenario: an obstacle added and removed, a piece moved.
    let scenario = "editors.scenario.text()";
    browser.click_point("g5");
    browser.wait_for(&format!("{scenario}.includes('removed g3 g4 g5')"));
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 61");
    browser.click_point("g5");
    browser.wait_for(&format!("{scenario}.includes('removed g3 g4\\n')"));
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.choose("#tool", "piece:FIGHTER");
    browser.click_point("e6");
    browser.wait_for(&format!("{scenario}.includes('white FIGHTER at e6')"));
    browser.choose("#tool", "piece:FIGHTER");
    browser.click_point("f6");
    browser.wait_for(&format!("{scenario}.includes('white FIGHTER at f6')"));
    browser.wait_for("document.querySelector('#scenario-diagnostics li.ok') !== null");

    // A diagnostic while typing: listed, and its line marked in the editor's gutter.
    browser.eval("editors.grammar.edit('grammar g\\nstart S()\\nS -> a(\\n')");
    browser.wait_for(&format!("{MARKED_LINES}('grammar').length > 0"));
    let marked = browser.eval(&format!("{MARKED_LINES}('grammar')[0]"));
    assert!(
        browser
            .eval("document.querySelector('#grammar-diagnostics li').textContent")
            .as_str()
            .unwrap()
            .starts_with(&format!("{marked}:")),
        "the mark is on line {marked}"
    );

    // grammars/zones-filtered.lgg, run with its trace.
    browser.choose("#grammar-examples", "grammars/zones-filtered.lgg");
    browser.wait_for("document.querySelector('#grammar-diagnostics li.ok') !== null");
    browser.wait_for(&format!("{MARKED_LINES}('grammar').length === 0"));
    browser.eval(
        "document.getElementById('run-piece').value = 'BOMBER'; \
         document.getElementById('run-start').value = 'S(h5, h1, 4)'; \
         document.getElementById('run-trace').checked = true;",
    );
    browser.click("#run-button");
    browser.wait_for("document.querySelectorAll('#language li').length == 5");
    assert_eq!(
        browser.eval("document.getElementById('run-summary').textContent"),
        json!("zones_filtered from S(h5, h1, 4): 5 sentences")
    );

    // The zone of a sentence, drawn by the project's renderer when hovered.
    browser.eval(
        "document.querySelectorAll('#language li')[2].dispatchEvent(new MouseEvent('mouseenter'))",
    );
    browser.wait_for("document.querySelectorAll('#sentence svg path.trajectory').length == 3");

    // Step the derivation forward to the step that sets the main trajectory's TIME.
    browser.wait_for("!document.getElementById('timeline').hidden");
    for _ in 0..2 {
        browser.click("#step-forward");
    }
    browser.wait_for("document.getElementById('step-slider').value == '2'");
    let times = browser.eval(
        "[...document.querySelectorAll('#step-board text.value-TIME')].map(t => t.dataset.point + '=' + t.textContent).sort().join(' ')",
    );
    assert_eq!(times, json!("h1=5 h2=4 h3=3 h4=2"));
    // TIME in the colour the zone pictures give it; 2n (no time) is not written.
    assert_eq!(
        browser.eval("document.querySelector('#step-board text.value-TIME').getAttribute('fill')"),
        json!("#A50026")
    );
    assert_eq!(
        browser.eval("[...document.querySelectorAll('#step-board text.value')].some(t => t.textContent === String(2 * state.board.points.length))"),
        json!(false)
    );
    assert!(
        browser
            .eval("document.getElementById('step').textContent")
            .as_str()
            .unwrap()
            .contains("2_1")
    );
    // The per-point vectors of the form by the points that differ from the rest, not as 62
    // numbers; the whole form is the tooltip.
    let form = browser.eval("document.querySelector('#step .form').textContent");
    let form = form.as_str().unwrap();
    assert!(form.contains("; else 0}"), "{form}");
    assert!(!form.contains("0, 0, 0, 0, 0, 0, 0, 0"), "{form}");
    assert!(
        browser
            .eval("document.querySelector('#step .form').title")
            .as_str()
            .unwrap()
            .contains("0, 0, 0, 0, 0, 0, 0, 0")
    );
    browser.screenshot(&shots.join("run-and-step.png"));
    // The next derivation, the next production applied, and back to the derivation's start.
    let step = "state.steps[+document.getElementById('step-slider').value]";
    browser.click("#step-next-derivation");
    browser.wait_for(&format!("{step}.derivation == 2"));
    let at = browser.eval("+document.getElementById('step-slider').value");
    browser.click("#step-next-applied");
    browser.wait_for(&format!(
        "+document.getElementById('step-slider').value > {at} && {step}.applied"
    ));
    browser.click("#step-previous-derivation");
    browser.wait_for(&format!(
        "+document.getElementById('step-slider').value == {at}"
    ));

    // The zones panel: the bundle view of the same attack.
    browser.eval(
        "document.getElementById('zones-piece').value = 'BOMBER'; \
         document.getElementById('zones-to').value = 'h1'; \
         document.getElementById('zones-horizon').value = '4';",
    );
    browser.click("#zones-form button");
    browser.wait_for("document.querySelectorAll('#zones svg path').length > 3");
    // Each zone of the language listed after the bundle view; hovering one draws it with its
    // times.
    browser.wait_for("document.querySelectorAll('#zones-list li').length == 6");
    browser.eval(
        "document.querySelectorAll('#zones-list li')[2].dispatchEvent(new MouseEvent('mouseenter'))",
    );
    browser.wait_for(
        "document.querySelector('#zones svg title').textContent.startsWith('Zone 2 of 5')",
    );
    browser.eval("window.scrollTo(0, 0)");
    browser.screenshot(&shots.join("serve.png"));

    // The simplified robot example has no rules of play: the search says so before a click.
    assert_eq!(
        browser.eval("document.getElementById('search-button').disabled"),
        json!(true)
    );
    // The LG search tree of 2D/4A: a node selected shows its position.
    browser.choose("#scenario-examples", "examples/robot-2d4a.scenario");
    browser.wait_for("document.querySelector('#board svg title') !== null && document.getElementById('board').textContent.includes('2d4a')");
    browser.eval("document.getElementById('search-depth').value = '2'");
    browser.click("#search-form button");
    browser.wait_for("document.querySelectorAll('#tree .node').length > 1");
    browser.click("#tree .node");
    browser.wait_for("document.querySelector('#tree-position svg') !== null");
    let line = browser.eval("document.getElementById('tree-line').textContent");
    assert!(line.as_str().unwrap().contains("to move"), "{line}");
    // The position's legend speaks of its last move, not of a zone's levels, pairs and times;
    // the board's has no empty sections.
    let legend = browser.eval("document.querySelector('#tree-position svg').textContent");
    let legend = legend.as_str().unwrap();
    // (the arrow's tooltip too)
    assert!(
        legend.contains("Last move") && legend.contains("last move: "),
        "{legend}"
    );
    for zone_words in [
        "Negation levels",
        "attach pair",
        "τ of the trajectory",
        "TIME of",
        "alternative",
    ] {
        assert!(!legend.contains(zone_words), "{zone_words} in {legend}");
    }
    let board = browser.eval("document.querySelector('#board svg').textContent");
    let board = board.as_str().unwrap();
    assert!(
        board.contains("white piece")
            && !board.contains("Negation levels")
            && !board.contains("attach pair"),
        "{board}"
    );
    // and is no wider than what is left in it (the renderer's is 892 px, for its longest heading)
    let width = browser.eval("document.querySelector('#board svg').viewBox.baseVal.width");
    assert!(
        (500.0..700.0).contains(&width.as_f64().unwrap()),
        "the board is {width} px wide"
    );
    // The position and the tree are drawn at a readable size: at 1500 px, at least 0.9 of the
    // renderer's own (its 12-px labels at 11 px or more), not a quarter of it.
    for picture in ["tree-position", "tree-picture"] {
        let scale = browser.eval(&format!(
            "(() => {{ const s = document.querySelector('#{picture} svg'); \
             return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }})()"
        ));
        assert!(
            scale.as_f64().unwrap() >= 0.9,
            "#{picture} is drawn at {scale} of its size"
        );
    }
    // A double click zooms the tree's picture; a drag pans it; another double click is back.
    browser.double_click("#tree-picture");
    browser.wait_for("document.getElementById('tree-picture').classList.contains('zoomed')");
    assert_eq!(
        browser.eval(
            "(() => { const p = document.getElementById('tree-picture'), s = p.querySelector('svg'); \
             return s.getBoundingClientRect().width >= Math.max(s.width.baseVal.value, 2.5 * p.clientWidth) - 1; })()"
        ),
        json!(true),
        "zoomed to its own size or 2.5 times its box"
    );
    browser.drag("#tree-picture", -300.0, -40.0);
    let panned = browser.eval("document.getElementById('tree-picture').scrollLeft");
    assert!(panned.as_f64().unwrap() >= 250.0, "panned by {panned} px");
    browser.double_click("#tree-picture");
    browser.wait_for("!document.getElementById('tree-picture').classList.contains('zoomed')");
    browser.screenshot(&shots.join("search-tree.png"));
    if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        let readme = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/img/serve.png");
        std::fs::copy(shots.join("serve.png"), readme).unwrap();
    }
}

/// The breakages of issue 31: board clicks on a scenario written with tuple coordinates, an
/// edit that would make the scenario invalid, text that is invalid for a while, results that
/// no longer match the inputs, and the line marks at the bottom of a long file.
fn board_edits_keep_the_scenario_valid_and_results_current(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.navigate",
        json!({"url": format!("http://localhost:{}/", server.port)}),
    );
    browser.wait_for("document.querySelectorAll('#grammar-examples option').length > 3");
    // Built without the code editor, the page says in one line how to get it.
    assert_eq!(
        browser.eval(
            "editors.scenario.kind === 'codemirror' ? document.getElementById('editor-note').hidden \
             : document.getElementById('editor-note').textContent.includes('web/editor/build.sh')"
        ),
        json!(true)
    );
    // The grammar menu starts on "(none)", over the empty editor it shows.
    assert_eq!(
        browser.eval("document.getElementById('grammar-examples').value"),
        json!("")
    );
    assert_eq!(browser.eval("editors.grammar.text()"), json!(""));

    // board16 writes its obstacles and some pieces as tuples: a click on the removed (6,6)
    // takes it out, a second puts it back as a tuple, and the file still parses.
    browser.choose("#scenario-examples", "examples/board16.scenario");
    browser.wait_for("document.querySelectorAll('#board rect.removed').length == 6");
    let scenario = "editors.scenario.text()";
    browser.click_point("f6");
    browser.wait_for(&format!(
        "{scenario}.includes('removed (7,6) (8,6) (10,10) (10,11) (3,12)\\n')"
    ));
    browser.wait_for("document.querySelectorAll('#board rect.removed').length == 5");
    browser.click_point("f6");
    browser.wait_for(&format!(
        "{scenario}.includes('removed (7,6) (8,6) (10,10) (10,11) (3,12) (6,6)')"
    ));
    browser.wait_for("document.querySelectorAll('#board rect.removed').length == 6");
    browser.wait_for("document.querySelector('#scenario-diagnostics li.ok') !== null");
    // A piece placed at a tuple moves.
    browser.choose("#tool", "piece:BF1");
    browser.click_point("l5");
    browser.wait_for(&format!(
        "{scenario}.includes('black FIGHTER at l5 as BF1')"
    ));
    browser.wait_for("document.querySelector('#scenario-diagnostics li.ok') !== null");

    // An obstacle under a piece would make the scenario invalid: the click is refused, with
    // the reason, and the text and the board stay.
    browser.choose("#tool", "obstacle");
    let before = browser.eval(scenario);
    browser.click_point("h1");
    browser.wait_for(
        "document.getElementById('board-error').textContent.startsWith('not changed: h1')",
    );
    assert_eq!(browser.eval(scenario), before);
    assert_eq!(
        browser.eval("document.querySelectorAll('#board rect.removed').length"),
        json!(6)
    );

    // Text that is invalid for a while keeps the last good board on screen, greyed.
    browser.eval("editors.scenario.edit(editors.scenario.text() + '\\nwhite BOGUS at a1\\n')");
    browser.wait_for("document.getElementById('board').classList.contains('stale')");
    assert_eq!(
        browser.eval("document.querySelectorAll('#board rect.cell').length > 200"),
        json!(true)
    );
    browser.wait_for("document.getElementById('board-error').textContent.includes('last valid')");

    // Results belong to their inputs: a search tree is marked once the scenario is edited, and
    // cleared when another example is opened.
    browser.choose("#scenario-examples", "examples/robot-2d4a.scenario");
    browser.wait_for("!document.getElementById('board').classList.contains('stale') && document.querySelectorAll('#board rect.cell').length == 64");
    browser.eval("document.getElementById('search-depth').value = '2'");
    browser.click("#search-form button");
    browser.wait_for("document.querySelectorAll('#tree .node').length > 1");
    assert_eq!(
        browser.eval("document.getElementById('search-stale').hidden"),
        json!(true)
    );
    browser.eval("editors.scenario.edit(editors.scenario.text() + '\\n# edited\\n')");
    assert_eq!(
        browser.eval("document.getElementById('search-stale').hidden"),
        json!(false)
    );
    browser.choose("#scenario-examples", "examples/reti.scenario");
    assert_eq!(
        browser.eval("document.querySelectorAll('#tree .node').length"),
        json!(0)
    );
    // No scenario: no board (a grammar without one draws none under its steps).
    browser.choose("#scenario-examples", "");
    browser.wait_for("state.board === null && document.getElementById('board').innerHTML === ''");

    // At the bottom of a long file whose editor scrolls sideways too, the mark sits beside its
    // line.
    browser.eval(
        "editors.scenario.edit('board 8x8\\n' + '# ' + 'x'.repeat(400) + '\\n' + '#\\n'.repeat(60) + 'white BOGUS at a1')",
    );
    browser.wait_for("document.querySelector('#scenario-diagnostics li:not(.ok)') !== null");
    browser.eval(&format!("{SCROLL_TO_END}('scenario')"));
    browser.wait_for(&format!("{MARKED_LINES}('scenario').length > 0"));
    assert_eq!(
        browser.eval(&format!("{MARKED_LINES}('scenario')")),
        json!([63]),
        "the mark of the last line (63) is drawn beside another"
    );
}

/// The code editor (CodeMirror, item 8 of issue 31): both languages highlighted, a
/// diagnostic underlined at its place and marked beside its line, Tab indenting, undo.
fn the_editor_highlights_and_marks_diagnostics_in_place(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.navigate",
        json!({"url": format!("http://localhost:{}/", server.port)}),
    );
    browser.wait_for("document.querySelectorAll('#grammar-examples option').length > 3");
    assert_eq!(browser.eval("editors.scenario.kind"), json!("codemirror"));
    assert_eq!(
        browser.eval("document.getElementById('editor-note').hidden"),
        json!(true)
    );
    browser.eval("localStorage.clear()");
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    browser.choose("#grammar-examples", "grammars/zones-filtered.lgg");
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.wait_for("document.querySelector('#grammar-diagnostics li.ok') !== null");

    // The scenario: comments, keywords, sizes and numbers, a type's name as a label.
    let tokens = |browser: &mut Browser, kind: &str, line: u32| {
        let t = browser.eval(&format!("{TOKENS_OF_LINE}({kind:?}, {line})"));
        t.as_str().unwrap_or_default().to_string()
    };
    assert!(
        tokens(&mut browser, "scenario", 1).starts_with("comment # The simplified robot zone"),
        "{}",
        tokens(&mut browser, "scenario", 1)
    );
    assert_eq!(
        tokens(&mut browser, "scenario", 5),
        "keyword board | number 8x8"
    );
    assert_eq!(
        tokens(&mut browser, "scenario", 8),
        "keyword type | labelName BOMBER | punctuation {"
    );
    let line9 = tokens(&mut browser, "scenario", 9);
    assert!(
        line9.starts_with("keyword move | keyword leap | punctuation ( | number 0"),
        "{line9}"
    );
    assert_eq!(
        tokens(&mut browser, "scenario", 22),
        "keyword black | variableName BOMBER | keyword at | variableName h5"
    );
    // The grammar: keywords, types, the production table's labels (`1`, `2_i`), numbers.
    browser.wait_for(&format!("!!{TOKENS_OF_LINE}('grammar', 16)"));
    let input = tokens(&mut browser, "grammar", 16);
    assert_eq!(
        input,
        "keyword input | variableName p0 | punctuation : | typeName piece"
    );
    browser.eval("editors.grammar.select(112, 1)");
    // The highlighter reaches a line far down a while after it is shown.
    browser.wait_for(&format!("!!{TOKENS_OF_LINE}('grammar', 113)"));
    assert_eq!(tokens(&mut browser, "grammar", 110), "keyword productions");
    let row1 = tokens(&mut browser, "grammar", 112);
    assert!(
        row1.starts_with("labelName 1 | operator | | variableName Q1"),
        "{row1}"
    );
    let row2 = tokens(&mut browser, "grammar", 113);
    assert!(
        row2.starts_with("labelName 2_i | operator | | bool true"),
        "{row2}"
    );
    assert!(row2.contains("number 0"), "{row2}");

    // A mistake on line 40 of the grammar: listed, underlined on its line and marked beside it
    // once the list's entry is clicked (which brings the line into view).
    browser.eval(
        "{ const e = editors.grammar, v = e.view, l = v.state.doc.line(40); \
           v.dispatch({ changes: { from: l.from, to: l.from, insert: 'fn broken( -> int = 1\\n' } }); }",
    );
    browser.wait_for("document.querySelector('#grammar-diagnostics li:not(.ok)') !== null");
    let listed = browser.eval("document.querySelector('#grammar-diagnostics li').textContent");
    let line: u64 = listed
        .as_str()
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((40..=41).contains(&line), "{listed}");
    browser.click("#grammar-diagnostics li");
    browser.wait_for(&format!("{MARKED_LINES}('grammar').length > 0"));
    assert_eq!(
        browser.eval(&format!("{MARKED_LINES}('grammar')")),
        json!([line])
    );
    let underlined = browser.eval(
        "[...new Set([...editors.grammar.view.contentDOM.querySelectorAll('.cm-lintRange-error')] \
           .map((u) => editors.grammar.view.state.doc.lineAt(editors.grammar.view.posAtDOM(u)).number))]",
    );
    // (one line, in one or more pieces where highlighted tokens split it)
    assert_eq!(underlined, json!([line]));
    // Clicking the entry selected the line, from the diagnostic's column to its end.
    assert_eq!(
        browser.eval("(() => { const v = editors.grammar.view, s = v.state.selection.main; return [v.state.doc.lineAt(s.from).number, s.to === v.state.doc.lineAt(s.from).to]; })()"),
        json!([line, true])
    );
    browser.screenshot(&shots.join("editor.png"));

    // Tab indents the line (the focus stays in the editor); undo takes it back.
    browser.eval(
        "{ const v = editors.scenario.view; v.focus(); v.dispatch({ selection: { anchor: v.state.doc.line(5).from } }); }",
    );
    for kind in ["keyDown", "keyUp"] {
        browser.call(
            "Input.dispatchKeyEvent",
            json!({"type": kind, "key": "Tab", "code": "Tab", "windowsVirtualKeyCode": 9}),
        );
    }
    browser.wait_for("editors.scenario.view.state.doc.line(5).text === '  board 8x8'");
    assert_eq!(browser.eval("editors.scenario.view.hasFocus"), json!(true));
    browser.eval("editors.scenario.undo()");
    browser.wait_for("editors.scenario.view.state.doc.line(5).text === 'board 8x8'");

    // Ctrl+F opens the editor's own search (the browser's would miss the lines not drawn).
    browser.call(
        "Input.dispatchKeyEvent",
        json!({"type": "keyDown", "key": "f", "code": "KeyF", "windowsVirtualKeyCode": 70, "modifiers": 2}),
    );
    browser.wait_for(
        "editors.scenario.view.dom.querySelector('.cm-search input[name=search]') !== null",
    );

    // Ctrl+Enter in an editor runs the grammar (the page's key), and adds no line to the text.
    browser.eval("editors.grammar.undo()");
    let shipped =
        "state.examples.grammars.find((g) => g.name === 'grammars/zones-filtered.lgg').text";
    browser.wait_for(&format!("editors.grammar.text() === {shipped}"));
    browser.eval(
        "document.getElementById('run-piece').value = 'BOMBER'; \
         document.getElementById('run-start').value = 'S(h5, h1, 4)'; editors.grammar.focus();",
    );
    browser.call(
        "Input.dispatchKeyEvent",
        json!({"type": "keyDown", "key": "Enter", "code": "Enter", "windowsVirtualKeyCode": 13, "modifiers": 2}),
    );
    browser.wait_for("document.querySelectorAll('#language li').length == 5");
    assert_eq!(
        browser.eval(&format!("editors.grammar.text() === {shipped}")),
        json!(true)
    );
}

/// The research-tool features of issue 31: the state in the URL and across reloads, export of
/// pictures and answers, undo of a board edit, a long request cancelled, the dark theme; and
/// the screenshots of docs/img (1500 and 800 px, light and dark) with UPDATE_SCREENSHOTS=1.
fn the_page_state_is_shared_exported_undone_and_cancelled(binary: &Path) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let _one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    let home = format!("http://localhost:{}/", server.port);
    browser.call("Page.navigate", json!({ "url": home }));
    browser.wait_for("document.querySelectorAll('#grammar-examples option').length > 3");
    browser.eval("localStorage.clear()");

    // A state: an example scenario edited, an example grammar as shipped, a panel's inputs.
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    browser.choose("#grammar-examples", "grammars/zones-filtered.lgg");
    browser.wait_for("document.querySelector('#board rect.cell') !== null");
    browser.eval(
        "{ editors.scenario.edit(editors.scenario.text() + '\\n# mine\\n'); \
         const p = document.getElementById('zones-piece'); p.value = 'BOMBER'; p.dispatchEvent(new Event('input')); }",
    );
    browser.wait_for("decodeURIComponent(location.hash).includes('# mine')");
    let url = browser.eval("location.href");
    let shared = browser.eval("decodeURIComponent(location.hash.slice(1))");
    let shared: Value = serde_json::from_str(shared.as_str().unwrap()).unwrap();
    assert_eq!(
        shared["grammar"],
        json!({"name": "grammars/zones-filtered.lgg"})
    );
    assert_eq!(shared["inputs"]["zones-piece"], "BOMBER");

    // The link alone (nothing stored) brings it back ...
    browser.call("Page.navigate", json!({ "url": "about:blank" }));
    browser.call("Page.navigate", json!({ "url": home }));
    browser.wait_for("document.querySelectorAll('#grammar-examples option').length > 3");
    browser.eval("localStorage.clear()");
    browser.wait_for("localStorage.getItem('lingeo-page') === null");
    browser.call("Page.navigate", json!({ "url": "about:blank" }));
    browser.call("Page.navigate", json!({ "url": url }));
    browser.wait_for("typeof editors === 'object' && !!editors.scenario && editors.scenario.text().endsWith('# mine\\n')");
    assert_eq!(
        browser.eval("[document.getElementById('grammar-examples').value, document.getElementById('zones-piece').value, document.getElementById('scenario-examples').value]"),
        json!(["grammars/zones-filtered.lgg", "BOMBER", "examples/robot-zone-simplified.scenario"])
    );
    // ... and a plain reload of the page keeps the edits (the browser's storage).
    browser.wait_for("localStorage.getItem('lingeo-page') !== null");
    browser.call("Page.navigate", json!({ "url": "about:blank" }));
    browser.call("Page.navigate", json!({ "url": home }));
    browser.wait_for("typeof editors === 'object' && !!editors.scenario && editors.scenario.text().endsWith('# mine\\n')");

    // Undo takes a board edit back.
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.click_point("c3");
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 61");
    assert!(
        browser
            .eval("editors.scenario.text()")
            .as_str()
            .unwrap()
            .contains("c3")
    );
    browser.click("#board-undo");
    browser.wait_for("!editors.scenario.text().includes(' c3')");
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.click("#board-redo");
    browser.wait_for("editors.scenario.text().includes(' c3')");

    // Export: the board as an SVG that parses, and as a PNG; a panel's answer as JSON.
    browser.eval("window.downloads = []; download = (name, blob) => window.downloads.push([name, blob.type, blob.size]);");
    browser.click("button.export-svg[data-picture='board']");
    browser.click("button.export-png[data-picture='board']");
    browser.wait_for("window.downloads.length == 2");
    let downloads = browser.eval("window.downloads");
    assert_eq!(downloads[0][0], "board.svg");
    assert_eq!(
        (&downloads[1][0], &downloads[1][1]),
        (&json!("board.png"), &json!("image/png"))
    );
    assert!(downloads[1][2].as_u64().unwrap() > 1000, "{downloads}");
    assert_eq!(
        browser.eval("(() => { const d = new DOMParser().parseFromString(svgOf(document.getElementById('board')), 'image/svg+xml'); \
                      return d.querySelector('parsererror') === null && d.documentElement.nodeName === 'svg'; })()"),
        json!(true)
    );
    browser.eval(
        "document.getElementById('zones-to').value = 'h1'; document.getElementById('zones-horizon').value = '4';",
    );
    browser.click("#zones-form button");
    browser.wait_for("document.querySelectorAll('#zones svg').length == 1");
    browser.click("button.export-json[data-panel='zones']");
    browser.wait_for("window.downloads.length == 3");
    assert_eq!(browser.eval("window.downloads[2][0]"), json!("zones.json"));

    // A long search, cancelled: the request stops and the button comes back.
    browser.choose("#scenario-examples", "examples/robot-2d4a.scenario");
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 64 && !document.getElementById('search-button').disabled");
    browser.eval("document.getElementById('search-depth').value = '40'");
    browser.click("#search-form button");
    browser.wait_for("document.querySelector('#search-form button.cancel') !== null");
    browser.click("#search-form button.cancel");
    browser.wait_for("document.getElementById('status').textContent == 'cancelled' && !document.getElementById('search-button').disabled");
    assert_eq!(
        browser.eval("document.querySelectorAll('#tree .node').length"),
        json!(0)
    );

    // The pictures of the README: the page at 1500 and 800 px, light and dark, with the
    // zones of the simplified robot example listed.
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    browser.wait_for("document.querySelectorAll('#board rect.cell').length == 62");
    browser.eval(
        "document.getElementById('zones-piece').value = 'BOMBER'; document.getElementById('zones-to').value = 'h1'; \
         document.getElementById('zones-horizon').value = '4';",
    );
    browser.click("#zones-form button");
    browser.wait_for("document.querySelectorAll('#zones svg').length == 1 && document.getElementById('status').textContent == ''");
    assert_eq!(
        browser.eval("getComputedStyle(document.querySelector('.exports')).display"),
        json!("flex")
    );
    assert_eq!(
        browser.eval("getComputedStyle(document.querySelector('#tree-picture').previousElementSibling).display"),
        json!("none"),
        "an empty picture has no export buttons"
    );
    for (width, scheme) in [
        (1500, "light"),
        (1500, "dark"),
        (800, "light"),
        (800, "dark"),
    ] {
        browser.call(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": 1000, "deviceScaleFactor": 1, "mobile": false}),
        );
        browser.call(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": scheme}]}),
        );
        let background = browser.eval("getComputedStyle(document.body).backgroundColor");
        assert_eq!(
            background,
            json!(if scheme == "dark" {
                "rgb(18, 20, 23)"
            } else {
                "rgb(250, 250, 250)"
            })
        );
        browser.eval("window.scrollTo(0, 0)");
        let file = format!("page-{width}-{scheme}.png");
        browser.screenshot(&shots.join(&file));
        if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
            let docs = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("docs/img")
                .join(&file);
            std::fs::copy(shots.join(&file), docs).unwrap();
        }
    }
}
