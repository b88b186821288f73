//! The page's behaviours of issue 46 (item 4) in a real browser, one trial each: lint warnings
//! shown in place and in the check line, a panel's results marked stale when its own inputs
//! change, a double click on the board that zooms and never edits, zones past the page's cap
//! shown as the bundle view (the cap set on the page), the editors resized by their corner,
//! and the time and the nodes of a search shown in its panel while it works. Each waits at most
//! [`WAIT`] for what it looks for, so that a page without the behaviour fails in seconds.
//!
//! Like `browser.rs`: ignored without Chromium, unless `CI` is set.

use std::path::{Path, PathBuf};
use std::sync::MutexGuard;
use std::time::{Duration, Instant};

use libtest_mimic::Trial;
use serde_json::{Value, json};

use super::browser::{Browser, CHROMIUM, MARKED_LINES, ONE_BROWSER};
use super::serve::Server;

/// How long a trial waits for what it looks for.
const WAIT: Duration = Duration::from_secs(40);

/// The page of a fresh server in a fresh browser, its examples loaded, nothing stored.
fn open(binary: &Path) -> (MutexGuard<'static, ()>, Server, Browser) {
    assert!(binary.exists(), "no Chromium at {}", binary.display());
    let one = ONE_BROWSER.lock().unwrap_or_else(|e| e.into_inner());
    let server = Server::start("200");
    let mut browser = Browser::start(binary);
    browser.call("Page.enable", json!({}));
    browser.call(
        "Page.navigate",
        json!({"url": format!("http://localhost:{}/", server.port)}),
    );
    wait(
        &mut browser,
        "document.querySelectorAll('#grammar-examples option').length > 3",
    );
    browser.eval("localStorage.clear()");
    (one, server, browser)
}

/// Waits at most [`WAIT`] until a JavaScript expression is true.
fn wait(browser: &mut Browser, expression: &str) {
    let start = Instant::now();
    while browser.eval(expression) != json!(true) {
        assert!(
            start.elapsed() < WAIT,
            "waited {} s for {expression}",
            WAIT.as_secs()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A text of the page's element, by selector (`null` when there is none).
fn text(browser: &mut Browser, selector: &str) -> Value {
    browser.eval(&format!(
        "(() => {{ const e = document.querySelector({selector:?}); return e ? e.textContent : null; }})()"
    ))
}

/// Sets an input's value as typing does (an `input` event).
fn type_into(browser: &mut Browser, id: &str, value: &str) {
    browser.eval(&format!(
        "(() => {{ const e = document.getElementById({id:?}); e.value = {value:?}; \
         e.dispatchEvent(new Event('input', {{bubbles: true}})); }})()"
    ));
}

/// Whether a stale note is shown.
fn stale(browser: &mut Browser, panel: &str) -> bool {
    browser.eval(&format!("!document.getElementById('{panel}-stale').hidden")) == json!(true)
}

/// A trial of the page, given the browser's binary.
type PageTrial = fn(&Path);

/// The trials, ignored where Chromium is missing outside CI.
pub fn trials() -> Vec<Trial> {
    let binary =
        std::env::var_os("CHROMIUM").map_or_else(|| PathBuf::from(CHROMIUM), PathBuf::from);
    let missing = !binary.exists() && std::env::var_os("CI").is_none();
    let cases: [(&str, PageTrial); 6] = [
        (
            "page::lint_warnings_are_shown_in_place_and_in_the_check_line",
            lint_warnings_are_shown_in_place_and_in_the_check_line,
        ),
        (
            "page::a_panel_is_marked_stale_when_its_own_inputs_change",
            a_panel_is_marked_stale_when_its_own_inputs_change,
        ),
        (
            "page::a_double_click_on_the_board_zooms_and_never_edits",
            a_double_click_on_the_board_zooms_and_never_edits,
        ),
        (
            "page::zones_past_the_cap_fall_back_to_the_bundle_view",
            zones_past_the_cap_fall_back_to_the_bundle_view,
        ),
        (
            "page::the_editors_are_resized_by_their_corner",
            the_editors_are_resized_by_their_corner,
        ),
        (
            "page::a_working_search_shows_its_time_and_nodes_in_its_panel",
            a_working_search_shows_its_time_and_nodes_in_its_panel,
        ),
    ];
    cases
        .into_iter()
        .map(|(name, f)| {
            let binary = binary.clone();
            Trial::test(name, move || {
                f(&binary);
                Ok(())
            })
            .with_ignored_flag(missing)
        })
        .collect()
}

/// `check`'s lint warnings (a piece type that never moves) reach the page: listed as warnings,
/// counted in the check line beside `ok`, and marked beside their line in the editor.
fn lint_warnings_are_shown_in_place_and_in_the_check_line(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    let scenario = include_str!("../lints/immobile.scenario");
    browser.eval(&format!("editors.scenario.edit({})", json!(scenario)));
    wait(
        &mut browser,
        "document.querySelector('#scenario-diagnostics li.warning') !== null",
    );
    let check_line = text(&mut browser, "#scenario-diagnostics li.ok");
    assert_eq!(
        check_line,
        json!("scenario.scenario: ok, 1 warning"),
        "the check line"
    );
    let listed = text(&mut browser, "#scenario-diagnostics li.warning");
    let listed = listed.as_str().unwrap();
    assert!(
        listed.starts_with("4:6: warning: piece type `ROBOT` never moves"),
        "{listed}"
    );
    // Marked beside line 4, as a warning (not as an error).
    wait(
        &mut browser,
        &format!("{MARKED_LINES}('scenario').length > 0"),
    );
    assert_eq!(
        browser.eval(&format!("{MARKED_LINES}('scenario')")),
        json!([4])
    );
    assert_eq!(
        browser.eval(
            "document.querySelector('.gutter .mark.warning, .cm-lint-marker-warning') !== null \
             && document.querySelector('.gutter .mark:not(.warning), .cm-lint-marker-error') === null"
        ),
        json!(true),
        "the mark is a warning's"
    );
}

/// Each panel's results are marked out of date when one of its own inputs changes (not only
/// when the scenario or the grammar does).
fn a_panel_is_marked_stale_when_its_own_inputs_change(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    browser.choose("#grammar-examples", "grammars/zones-filtered.lgg");
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 62 \
         && document.querySelector('#grammar-diagnostics li.ok') !== null",
    );
    // Zones: the horizon changed.
    browser.eval(
        "document.getElementById('zones-piece').value = 'BOMBER'; \
         document.getElementById('zones-to').value = 'h1'; \
         document.getElementById('zones-horizon').value = '4';",
    );
    browser.click("#zones-form button");
    wait(
        &mut browser,
        "document.querySelectorAll('#zones-list li').length == 6",
    );
    assert!(!stale(&mut browser, "zones"));
    type_into(&mut browser, "zones-horizon", "5");
    assert!(stale(&mut browser, "zones"), "zones after a new horizon");
    // The run: its start changed.
    browser.eval(
        "document.getElementById('run-piece').value = 'BOMBER'; \
         document.getElementById('run-start').value = 'S(h5, h1, 4)';",
    );
    browser.click("#run-button");
    wait(
        &mut browser,
        "document.querySelectorAll('#language li').length == 5",
    );
    assert!(!stale(&mut browser, "run"));
    type_into(&mut browser, "run-start", "S(h5, h1, 5)");
    assert!(stale(&mut browser, "run"), "the run after a new start");
    // The search: its depth changed.
    browser.choose("#scenario-examples", "examples/robot-2d4a.scenario");
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 64 \
         && !document.getElementById('search-button').disabled",
    );
    type_into(&mut browser, "search-depth", "2");
    browser.click("#search-form button");
    wait(
        &mut browser,
        "document.querySelectorAll('#tree .node').length > 1",
    );
    assert!(!stale(&mut browser, "search"));
    type_into(&mut browser, "search-depth", "3");
    assert!(
        stale(&mut browser, "search"),
        "the search after a new depth"
    );
}

/// A double click on the board zooms it (and another zooms back out), and edits nothing, with
/// the tool that moves a piece; a single click still moves it.
fn a_double_click_on_the_board_zooms_and_never_edits(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 62 \
         && document.querySelector('#scenario-diagnostics li.ok') !== null",
    );
    browser.choose("#tool", "piece:FIGHTER");
    let before = browser.eval("editors.scenario.text()");
    let square = "(() => { const r = [...document.querySelectorAll('#board rect.cell')] \
                  .find((r) => pointOf(r) === 'd4'); r.id = 'square-d4'; return true; })()";
    browser.eval(square);
    browser.double_click("#square-d4");
    wait(
        &mut browser,
        "document.getElementById('board').classList.contains('zoomed')",
    );
    // Longer than a double click's time: a click waiting for it would have edited by now.
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(
        browser.eval("editors.scenario.text()"),
        before,
        "a double click edited the scenario"
    );
    browser.eval(square);
    browser.double_click("#square-d4");
    wait(
        &mut browser,
        "!document.getElementById('board').classList.contains('zoomed')",
    );
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(browser.eval("editors.scenario.text()"), before);
    // One click moves the piece.
    browser.click_point("d4");
    wait(
        &mut browser,
        "editors.scenario.text().includes('white FIGHTER at d4')",
    );
}

/// With "each zone" ticked (the default), a language of more zones than the page lists each is
/// shown as its bundle view, with a line that says so, not as an error about `max_zones`; the
/// page sets that cap.
fn zones_past_the_cap_fall_back_to_the_bundle_view(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    // The queen of the middlegame has more than 500 zones to g8 within 3 moves.
    browser.choose("#scenario-examples", "examples/middlegame.scenario");
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 64",
    );
    assert_eq!(
        browser.eval("document.getElementById('zones-each').checked"),
        json!(true)
    );
    browser.eval(
        "document.getElementById('zones-piece').value = 'WQ'; \
         document.getElementById('zones-to').value = 'g8'; \
         document.getElementById('zones-horizon').value = '3';",
    );
    browser.click("#zones-form button");
    wait(
        &mut browser,
        "document.querySelector('#zones svg') !== null || document.querySelector('#zones .error') !== null",
    );
    assert_eq!(text(&mut browser, "#zones .error"), Value::Null, "an error");
    let summary = text(&mut browser, "#zones-summary");
    // Its count stops at the count's cap on states, which the line names (issue 49).
    assert!(
        summary.as_str().unwrap().ends_with(
            "zones, the count stopped at its cap of 100000 states (bundle view; more than 500 to list each)"
        ),
        "{summary}"
    );
    assert_eq!(
        browser.eval("document.querySelectorAll('#zones-list li').length"),
        json!(0)
    );
    // The cap is the page's to set: 3 zones listed at most, of the simplified robot's 5.
    browser.choose(
        "#scenario-examples",
        "examples/robot-zone-simplified.scenario",
    );
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 62",
    );
    browser.eval(
        "document.getElementById('zones-piece').value = 'BOMBER'; \
         document.getElementById('zones-to').value = 'h1'; \
         document.getElementById('zones-horizon').value = '4'; \
         document.getElementById('zones-max').value = '3';",
    );
    browser.click("#zones-form button");
    wait(
        &mut browser,
        "document.querySelector('#zones svg') !== null && document.getElementById('status').textContent === ''",
    );
    assert_eq!(
        text(&mut browser, "#zones-summary"),
        json!("5 zones (bundle view; more than 3 to list each)")
    );
    type_into(&mut browser, "zones-max", "5");
    browser.click("#zones-form button");
    wait(
        &mut browser,
        "document.querySelectorAll('#zones-list li').length == 6",
    );
}

/// Both editors are taller once their bottom-right corner is dragged down, and the plain
/// editor's line numbers follow its text area.
fn the_editors_are_resized_by_their_corner(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    for kind in ["scenario", "grammar"] {
        let box_of = format!(
            "(editors.{kind}.kind === 'codemirror' ? editors.{kind}.view.dom : editors.{kind}.textarea)"
        );
        let rect = browser.eval(&format!(
            "(() => {{ const e = {box_of}; e.scrollIntoView({{block: 'start'}}); const r = e.getBoundingClientRect(); \
             return [r.right - 3, r.bottom - 3, r.height]; }})()"
        ));
        let (x, y, height) = (
            rect[0].as_f64().unwrap(),
            rect[1].as_f64().unwrap(),
            rect[2].as_f64().unwrap(),
        );
        let mouse = |kind: &str, dy: f64| json!({"type": kind, "x": x, "y": y + dy, "button": "left", "buttons": 1, "clickCount": 1});
        browser.call("Input.dispatchMouseEvent", mouse("mouseMoved", 0.0));
        browser.call("Input.dispatchMouseEvent", mouse("mousePressed", 0.0));
        for step in 1..=10 {
            browser.call(
                "Input.dispatchMouseEvent",
                mouse("mouseMoved", 20.0 * f64::from(step)),
            );
        }
        browser.call("Input.dispatchMouseEvent", mouse("mouseReleased", 200.0));
        let after = browser.eval(&format!("{box_of}.getBoundingClientRect().height"));
        assert!(
            after.as_f64().unwrap() >= height + 150.0,
            "the {kind} editor is {after} px tall after a drag of 200 px (it was {height})"
        );
        // The plain editor's gutter is as tall as its text area.
        wait(
            &mut browser,
            &format!(
                "editors.{kind}.kind === 'codemirror' || Math.abs(editors.{kind}.textarea.parentNode \
                 .querySelector('.gutter').getBoundingClientRect().height - {box_of}.getBoundingClientRect().height) < 2"
            ),
        );
    }
}

/// A long search shows, under its own form, the seconds it has taken and the nodes the server
/// has counted, while it works; cancelled, the line goes.
fn a_working_search_shows_its_time_and_nodes_in_its_panel(binary: &Path) {
    let (_one, _server, mut browser) = open(binary);
    browser.choose("#scenario-examples", "examples/robot-2d4a.scenario");
    wait(
        &mut browser,
        "document.querySelectorAll('#board rect.cell').length == 64 \
         && !document.getElementById('search-button').disabled",
    );
    type_into(&mut browser, "search-depth", "40");
    browser.click("#search-form button");
    wait(
        &mut browser,
        "(() => { const w = document.getElementById('search-working'); \
         return !!w && w.closest('.panel').contains(document.getElementById('search-form')) \
         && /^searching… \\d+ s, [\\d,]+ nodes/.test(w.textContent) \
         && !/, 0 nodes/.test(w.textContent); })()",
    );
    browser.click("#search-form button.cancel");
    wait(
        &mut browser,
        "document.getElementById('search-working') === null \
         && !document.getElementById('search-button').disabled",
    );
}
