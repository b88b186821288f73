// lingeo's page: the editors, the board, runs with their derivations, zones and the LG search
// tree, all through the JSON API of `lingeo serve` (docs/serve.md). Plain JavaScript, no build;
// the editors are `LingeoEditor`'s (/editor.js: CodeMirror when the binary was built with it,
// else plain text areas, src/serve/page/plain-editor.js).
"use strict";

const $ = (id) => document.getElementById(id);
const state = { defaults: null, examples: null, scenarioName: null, grammarName: null, board: null, steps: [], pictures: [], answers: {}, played: [], playFrom: null, playAnswer: null, showingPlay: false };
// The scenario's and the grammar's editors (made by `makeEditors`): text(), setText(t), edit(t)
// (undoable), undo(), redo(), select(line, column), mark(diagnostics), focus().
const editors = {};

function status(text) { $("status").textContent = text; }

// `signal` cancels the request (the server stops the work when the connection closes).
async function api(path, body, signal) {
  const response = await fetch(path, body === undefined ? { signal } : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal,
  });
  const json = await response.json();
  if (!response.ok) {
    const error = new Error(json.error || response.statusText);
    // The request's field whose cap stopped the work (`max_zones`), when one did.
    error.cap = json.cap;
    throw error;
  }
  return json;
}

function debounce(f, ms) {
  let timer = null;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => f(...args), ms); };
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c]));
}

function showError(element, error) {
  element.innerHTML = `<div class="error">${escapeHtml(error.message || error)}</div>`;
}

// ---------------------------------------------------------------------------------------------
// Examples

function option(select, value, text) {
  const o = document.createElement("option");
  o.value = value; o.textContent = text; select.appendChild(o);
}

async function loadExamples() {
  state.examples = await api("/api/examples");
  option($("scenario-examples"), "", "(none)");
  for (const s of state.examples.scenarios) option($("scenario-examples"), s.name, s.name);
  option($("grammar-examples"), "", "(none)");
  for (const g of state.examples.grammars) option($("grammar-examples"), g.name, g.name);
  option($("run-presets"), "", "(choose)");
  state.examples.runs.forEach((r, i) => option($("run-presets"), i, `${r.grammar.replace("grammars/", "")} ${r.start}`));
  $("scenario-examples").onchange = (e) => openScenario(e.target.value);
  $("grammar-examples").onchange = (e) => openGrammar(e.target.value);
  $("run-presets").onchange = (e) => { if (e.target.value !== "") openRun(state.examples.runs[+e.target.value]); };
}

function openScenario(name) {
  const s = state.examples.scenarios.find((x) => x.name === name);
  state.scenarioName = s ? s.name : null;
  $("scenario-examples").value = s ? s.name : "";
  editors.scenario.setText(s ? s.text : "");
  $("scenario-name").textContent = s ? s.name : "";
  clearResults(["run", "zones", "search"]);
  // A piece of the last scenario is no piece of this one.
  $("tool").value = "obstacle";
  scenarioChanged();
}

function openGrammar(name) {
  const g = state.examples.grammars.find((x) => x.name === name);
  state.grammarName = g ? g.name : null;
  $("grammar-examples").value = g ? g.name : "";
  editors.grammar.setText(g ? g.text : "");
  $("grammar-name").textContent = g ? g.name : "";
  clearResults(["run"]);
  grammarChanged();
}

function openRun(run) {
  openGrammar(run.grammar);
  openScenario(run.scenario || "");
  $("run-piece").value = run.piece || "";
  $("run-start").value = run.start;
}

// ---------------------------------------------------------------------------------------------
// Results: each panel's results belong to the inputs they were computed from

// The elements holding each panel's results.
const RESULTS = {
  run: ["run-summary", "language", "sentence", "run-error"],
  zones: ["zones-summary", "zones-list", "zones"],
  search: ["search-summary", "tree", "tree-line", "tree-position", "tree-picture"],
};

// Another example was opened: the panels' results are for something no longer shown.
function clearResults(panels) {
  for (const panel of panels) {
    for (const id of RESULTS[panel]) $(id).innerHTML = "";
    $(`${panel}-stale`).hidden = true;
    delete state.answers[panel];
    if (panel === "run") { $("timeline").hidden = true; state.steps = []; state.pictures = []; }
  }
}

// Each panel's own inputs: a change to one makes the panel's results out of date.
const PANEL_INPUTS = {
  run: ["run-piece", "run-start", "run-trace"],
  zones: ["zones-piece", "zones-to", "zones-horizon", "zones-engine", "zones-each", "zones-max", "zones-max-steps"],
  search: ["search-depth"],
};

// The fields each panel sets itself (its own inputs above, the texts, what the page decides)
// or whose answer it cannot show (a count, a summary, every attack): not offered among its
// options.
const PANEL_OWN_FIELDS = {
  run: ["grammar", "grammar_name", "scenario", "scenario_name", "start", "piece", "trace", "count", "no_source"],
  zones: ["scenario", "scenario_name", "grammar", "grammar_name", "piece", "to", "horizon", "engine",
    "all_zones", "max_zones", "max_steps", "all_attacks", "summary", "zone", "jobs", "no_source"],
  search: ["scenario", "scenario_name", "engine", "tree", "full_tree", "depth"],
};

// Every other field of the panel's job, from `GET /api/defaults`: an input each, left empty
// (or on "default") for the API's default, which it shows, and its doc as its tooltip. An
// option added to a request shows here without a change to the page.
function buildOptions(panel) {
  const host = $(`${panel}-options`).querySelector(".option-fields");
  host.innerHTML = "";
  for (const field of state.defaults[panel]) {
    if (PANEL_OWN_FIELDS[panel].includes(field.name)) continue;
    const label = document.createElement("label");
    label.title = field.doc;
    const kind = field.kind || {};
    const shown = field.default === null ? "none" : String(field.default);
    let input;
    if (kind.type === "choice" || (kind.type === "bool" && field.optional)) {
      input = document.createElement("select");
      const values = kind.type === "choice" ? kind.values : ["true", "false"];
      input.append(new Option(`default (${shown})`, ""), ...values.map((v) => new Option(v, v)));
    } else if (kind.type === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.checked = field.default === true;
    } else {
      input = document.createElement("input");
      input.size = kind.type === "string" ? 12 : 8;
      input.placeholder = shown;
    }
    input.dataset.field = field.name;
    input.addEventListener("input", () => markStale([panel]));
    input.addEventListener("change", () => markStale([panel]));
    if (input.type === "checkbox") label.append(input, ` ${field.name}`);
    else label.append(`${field.name} `, input);
    host.append(label);
  }
}

// The options set away from the API's defaults, as the request's fields. A number that does
// not read as one goes as its text, for the server to refuse naming the field.
function optionValues(panel) {
  const body = {};
  for (const input of $(`${panel}-options`).querySelectorAll("[data-field]")) {
    const field = state.defaults[panel].find((f) => f.name === input.dataset.field);
    const kind = (field.kind || {}).type;
    if (input.type === "checkbox") {
      if (input.checked !== (field.default === true)) body[field.name] = input.checked;
      continue;
    }
    const text = input.value.trim();
    if (!text) continue;
    if (kind === "bool") body[field.name] = text === "true";
    else if ((kind === "integer" || kind === "number") && text !== "" && !Number.isNaN(Number(text))) body[field.name] = Number(text);
    else body[field.name] = text;
  }
  return body;
}

// The inputs were edited: results stay, marked as out of date until the panel runs again.
function markStale(panels) {
  for (const panel of panels) {
    const shown = RESULTS[panel].some((id) => $(id).innerHTML.trim() !== "");
    $(`${panel}-stale`).hidden = !shown;
  }
}

// Runs `work(signal)` with the form's buttons disabled, a Cancel button beside them and the time
// it has taken (with the server's count of the work done, where it reports one: a search's
// nodes) in a line under the form and in the header's status, so that a request is sent once,
// the user sees it is under way where they asked for it, and can stop it (the server stops
// working on a request whose connection is closed). `work` gets the progress id to send with
// its request (`progress`), under which the server counts.
async function busy(form, note, work) {
  const buttons = [...$(form).querySelectorAll("button")];
  const was = buttons.map((b) => b.disabled);
  buttons.forEach((b) => { b.disabled = true; });
  const controller = new AbortController();
  const cancel = document.createElement("button");
  cancel.type = "button"; cancel.className = "cancel"; cancel.textContent = "Cancel";
  cancel.onclick = () => controller.abort();
  $(form).appendChild(cancel);
  const working = document.createElement("p");
  working.className = "working";
  working.id = `${form.replace(/-form$/, "")}-working`;
  $(form).after(working);
  const start = Date.now();
  const id = `${form}-${start}-${Math.random().toString(36).slice(2, 10)}`;
  let done = "";
  const show = () => {
    const text = `${note} ${Math.round((Date.now() - start) / 1000)} s${done}`;
    working.textContent = text;
    status(text);
  };
  show();
  const timer = setInterval(show, 1000);
  // The server's count of the work done so far, asked for every half second.
  let asking = false;
  const poll = setInterval(async () => {
    if (asking) return;
    asking = true;
    try {
      const p = await api(`/api/progress/${encodeURIComponent(id)}`);
      if (p.what) done = `, ${p.done.toLocaleString("en")} ${p.what}${p.message ? ` (${p.message})` : ""}`;
      show();
    } catch (e) { /* not started yet, or over */ } finally { asking = false; }
  }, 500);
  try { await work(controller.signal, id); } finally {
    clearInterval(timer);
    clearInterval(poll);
    cancel.remove();
    working.remove();
    buttons.forEach((b, k) => { b.disabled = was[k]; });
    status(controller.signal.aborted ? "cancelled" : "");
  }
}

// A request the user cancelled is no error to show.
function cancelled(e) { return e && e.name === "AbortError"; }

// ---------------------------------------------------------------------------------------------
// Editors and their diagnostics

// The two editors in their places, and a line saying how to get the full editor when the
// binary has the plain one.
function makeEditors() {
  for (const kind of ["scenario", "grammar"]) {
    editors[kind] = LingeoEditor.create($(`${kind}-editor`), {
      language: kind,
      onChange: () => { if (kind === "scenario") scenarioChanged(); else grammarChanged(); stateChanged(); },
    });
  }
  if (LingeoEditor.note) { $("editor-note").textContent = LingeoEditor.note; $("editor-note").hidden = false; }
}

async function check(kind) {
  const editor = editors[kind], list = $(`${kind}-diagnostics`);
  const body = { [kind]: editor.text() };
  const name = kind === "scenario" ? state.scenarioName : state.grammarName;
  if (name) body[`${kind}_name`] = name;
  try {
    const answer = await api("/api/check", body);
    // The text may have changed while the server checked it: its marks wait for its own check.
    if (editor.text() !== body[kind]) return;
    list.innerHTML = "";
    // Each diagnostic drawn at its place in the editor, with its message: errors, and the lint
    // warnings of a valid file.
    editor.mark(answer.diagnostics);
    if (answer.ok) {
      // `name: ok`, and how many warnings the checks found (each listed below it).
      const warnings = answer.warnings || 0;
      const line = answer.output.split("\n")[0] + (warnings ? `, ${warnings} warning${warnings === 1 ? "" : "s"}` : "");
      list.innerHTML = `<li class="ok${warnings ? " warned" : ""}">${escapeHtml(line)}</li>`;
    }
    for (const d of answer.diagnostics) {
      const li = document.createElement("li");
      const warning = d.severity === "warning";
      if (warning) li.className = "warning";
      li.textContent = `${d.line}:${d.column}: ${warning ? "warning: " : ""}${d.message}${d.label ? " (" + d.label + ")" : ""}`;
      li.title = answer.output;
      li.onclick = () => editor.select(d.line, d.column);
      list.appendChild(li);
    }
    if (answer.omitted) {
      const li = document.createElement("li");
      li.textContent = `and ${answer.omitted} more not listed`;
      list.appendChild(li);
    }
  } catch (e) { showError(list, e); }
}

const scenarioChecked = debounce(() => { check("scenario"); drawBoard(); }, 350);
const grammarChecked = debounce(() => check("grammar"), 350);
function scenarioChanged() {
  markStale(["run", "zones", "search"]);
  // The game played on the board is of the last text: a new text starts it again.
  state.played = []; state.playFrom = null;
  if (editors.scenario.text().trim()) scenarioChecked();
  else {
    // No scenario: no board, here or under a derivation's steps.
    state.board = null;
    $("board").innerHTML = ""; $("board").classList.remove("stale"); $("board-error").textContent = "";
    $("scenario-diagnostics").innerHTML = ""; editors.scenario.mark([]);
    $("tool").innerHTML = ""; option($("tool"), "obstacle", "add or remove an obstacle");
    showFen(null);
  }
}
function grammarChanged() {
  markStale(["run"]);
  if (editors.grammar.text().trim()) grammarChecked();
  else { $("grammar-diagnostics").innerHTML = ""; editors.grammar.mark([]); }
}

// ---------------------------------------------------------------------------------------------
// Legends of the pictures that are no zones

// The board and a position of the search tree are drawn by the zones' renderer (src/svg), whose
// legend speaks of negation levels, attach pairs and times. Here it keeps what the picture
// shows: the pieces and the goals; for a position (`lastMove`), its last move as such.
function tidyLegend(container, lastMove) {
  const svg = container.querySelector("svg");
  if (!svg) return;
  const elements = [...svg.children];
  const first = elements.findIndex((e) => e.tagName === "text" && e.textContent === "Negation levels");
  if (first < 0) return;
  // The legend's rows, each ending with its text (a heading in 13 px, an entry in 12 px; the
  // 9.5 px texts are tags inside an entry's symbol), grouped by heading.
  const sections = [];
  let row = [];
  for (const e of elements.slice(first)) {
    row.push(e);
    const size = e.tagName === "text" ? e.getAttribute("font-size") : null;
    if (size === "13") { sections.push({ heading: row, entries: [] }); row = []; }
    else if (size === "12" && sections.length) { sections[sections.length - 1].entries.push(row); row = []; }
  }
  const textOf = (r) => r[r.length - 1];
  const kept = [];
  for (const section of sections) {
    const heading = textOf(section.heading).textContent;
    let entries = section.entries;
    if (heading === "Negation levels") entries = [];
    else if (heading.startsWith("Trajectories by attach pair")) {
      if (lastMove && entries.length) {
        textOf(section.heading).textContent = "Last move";
        for (const entry of entries) {
          // `WF: h8 g7 (1)`: the piece and its one-step trajectory.
          const m = /^(\S+): (.*) \(\d+\)$/.exec(textOf(entry).textContent);
          if (m) textOf(entry).textContent = `${m[1]} ${m[2].split(" ").join("–")}`;
        }
      } else entries = [];
    } else if (heading === "Key") {
      entries = entries.filter((r) => !/^(τ of|TIME of)/.test(textOf(r).textContent));
    }
    if (!entries.length) { section.heading.concat(section.entries.flat()).forEach((e) => e.remove()); continue; }
    section.entries.filter((r) => !entries.includes(r)).flat().forEach((e) => e.remove());
    kept.push([section.heading, "heading"], ...entries.map((r) => [r, "entry"]));
  }
  // The rows that are left, one under the other with the renderer's spacing.
  let y = null, previous = null;
  for (const [rowElements, kind] of kept) {
    const at = +textOf(rowElements).getAttribute("y");
    if (y === null) y = at;
    else y += previous === "heading" ? 21 : kind === "heading" ? 29 : 19;
    previous = kind;
    if (Math.abs(y - at) < 0.01) continue;
    const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
    g.setAttribute("transform", `translate(0 ${y - at})`);
    rowElements[0].before(g);
    g.append(...rowElements);
  }
  // A position has no allotted times: its move's time tag goes, and its arrow's tooltip names
  // it as the last move, not as one alternative of a pair.
  if (lastMove) {
    for (const g of svg.querySelectorAll("g.times")) g.replaceChildren();
    for (const title of svg.querySelectorAll("path > title")) {
      // `WF h8 → g7: h8–g7 in 1 of 1 alternative`
      const m = /^(\S+) .*?: (.*) in \d+ of \d+ alternatives?$/.exec(title.textContent);
      if (m) title.textContent = `last move: ${m[1]} ${m[2]}`;
    }
  }
  // The picture as wide and tall as what is left in it (the longest heading is gone): the
  // extent of everything drawn but the white paper, a rectangle of the picture's whole size.
  const view = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
  if (view.length !== 4) return;
  const paper = [...svg.children].find((e) => e.tagName === "rect" && +e.getAttribute("width") === view[2] && +e.getAttribute("height") === view[3]);
  let right = 0, bottom = 0;
  for (const e of svg.children) {
    if (e === paper || typeof e.getBBox !== "function" || ["defs", "title"].includes(e.tagName)) continue;
    const b = e.getBBox();
    if (b.width === 0 && b.height === 0) continue;
    // (a box is in its element's coordinates, before the element's own move: the legend's
    // rows moved up above are measured where they were, then moved)
    const moved = /^translate\(0 (-?[\d.]+)\)$/.exec(e.getAttribute("transform") || "");
    right = Math.max(right, b.x + b.width);
    bottom = Math.max(bottom, b.y + b.height + (moved ? +moved[1] : 0));
  }
  // Not drawn (a hidden panel): nothing measured, the size stays.
  if (right <= 0) return;
  const width = Math.min(view[2], Math.ceil(right + 16 - view[0]));
  const height = Math.min(view[3], Math.ceil(bottom + 16 - view[1]));
  svg.setAttribute("viewBox", `${view[0]} ${view[1]} ${width} ${height}`);
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  if (paper) { paper.setAttribute("width", width); paper.setAttribute("height", height); }
}

// ---------------------------------------------------------------------------------------------
// The board, and editing the scenario by clicking it

async function drawBoard() {
  try {
    const answer = await api("/api/board", scenarioBody());
    state.board = answer;
    $("board").innerHTML = answer.svg;
    tidyLegend($("board"), false);
    const tool = $("tool"), keep = tool.value;
    tool.innerHTML = "";
    option(tool, "obstacle", "add or remove an obstacle");
    for (const p of answer.pieces) option(tool, "piece:" + p.name, `place ${p.name} (${p.side} ${p.type})`);
    if (answer.game) option(tool, "play", "play the game (a placement: an empty point; a move: its piece, then where it goes)");
    if ([...tool.options].some((o) => o.value === keep)) tool.value = keep;
    $("board-error").textContent = "";
    $("board").classList.remove("stale");
    showFen(answer.fen);
    // The search needs rules of play: say so before the click rather than after it.
    $("search-button").disabled = !answer.game;
    $("search-button").title = answer.game ? "" : "the scenario has no game block (rules of play): add one to search";
    await showPlay();
  } catch (e) {
    // The last good board stays, greyed, so that a click can still undo the edit that broke it.
    $("board-error").textContent = "the scenario has errors; the board shows the last valid one: " + e.message.split("\n")[0];
    if (state.board) $("board").classList.add("stale");
    else showError($("board"), e);
  }
}

// The FEN box: the position's FEN after each edit of a chess position (none otherwise), unless
// the box is being typed in.
function showFen(fen) {
  if (document.activeElement === $("fen")) return;
  $("fen").value = fen || "";
}

// A FEN loaded: the server reads it (`fen`, as `lingeo --fen` does) and answers the position as
// a scenario's text, which replaces the editor's (undoable); a bad FEN is refused with the
// field of it that is wrong, and nothing changes.
async function loadFen(event) {
  if (event) event.preventDefault();
  const fen = $("fen").value.trim();
  if (!fen) return;
  try {
    const answer = await api("/api/board", { fen });
    $("fen-error").textContent = "";
    state.scenarioName = null;
    $("scenario-examples").value = "";
    $("scenario-name").textContent = "(from FEN)";
    clearResults(["run", "zones", "search"]);
    $("tool").value = "obstacle";
    $("fen").blur();
    editors.scenario.edit(answer.text);
  } catch (e) {
    $("fen-error").textContent = e.message.split("\n")[0];
  }
}

// The name of a clicked square: a square's <title>, or for a removed one (which has none), from
// the squares in its column (file, and layer on a 3D board) and its row (rank).
function pointOf(target) {
  if (target.classList.contains("cell")) return target.querySelector("title").textContent;
  if (!target.classList.contains("removed")) return null;
  const x = target.getAttribute("x"), y = target.getAttribute("y");
  let column = null, row = null;
  for (const cell of document.querySelectorAll("#board rect.cell")) {
    const c = coordinates(cell.querySelector("title").textContent);
    if (!c) continue;
    if (cell.getAttribute("x") === x) column = c;
    if (cell.getAttribute("y") === y) row = c;
  }
  if (!column || !row) return null;
  const c = [column[0], row[1], column[2]];
  const algebraic = [...document.querySelectorAll("#board rect.cell title")].some((t) => /^[a-z]\d+$/.test(t.textContent));
  return algebraic && c[2] === 1 ? String.fromCharCode(96 + c[0]) + c[1] : `(${c[2] === 1 ? c.slice(0, 2) : c})`;
}

// A point's 1-based coordinates [x, y, z] from its name, `e4` or `(5,4)` or `(1,2,3)`; null for
// a name of a graph board.
function coordinates(name) {
  let m = /^([a-z])(\d+)$/.exec(name);
  if (m) return [m[1].charCodeAt(0) - 96, +m[2], 1];
  m = /^\(\s*(\d+)\s*,\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)$/.exec(name);
  return m ? [+m[1], +m[2], m[3] === undefined ? 1 : +m[3]] : null;
}

// Whether two point names name the same point (`e4` and `(5,4)` do).
function samePoint(a, b) {
  if (a === b) return true;
  const p = coordinates(a), q = coordinates(b);
  return !!p && !!q && p.every((v, i) => v === q[i]);
}

// The points of a `removed` line, tuples kept whole: `removed (6,6) (7,6), e4` has three.
function pointWords(text) { return text.match(/\([^)]*\)|[^\s,()]+/g) || []; }

// Removes `point` from the scenario's `removed` lines if it is there, else adds it to the first
// (written as the line writes its points: tuples beside tuples).
function toggleObstacle(text, point) {
  const lines = text.split("\n");
  const removedLines = lines.map((l, i) => (/^\s*removed\b/.test(l) ? i : -1)).filter((i) => i >= 0);
  const split = (i) => {
    const [head, ...rest] = lines[i].split("#");
    return { words: pointWords(head.replace(/^\s*removed\s*/, "")), comment: rest.length ? " #" + rest.join("#") : "" };
  };
  const write = (i, words, comment) => { lines[i] = `removed ${words.join(" ")}${comment}`; };
  for (const i of removedLines) {
    const { words, comment } = split(i);
    const at = words.findIndex((w) => samePoint(w, point));
    if (at < 0) continue;
    words.splice(at, 1);
    if (words.length) write(i, words, comment); else lines.splice(i, 1);
    return lines.join("\n");
  }
  if (removedLines.length) {
    const { words, comment } = split(removedLines[0]);
    const c = coordinates(point);
    const tuples = words.length > 0 && words.every((w) => w.startsWith("("));
    words.push(tuples && c ? `(${c[2] === 1 ? c.slice(0, 2) : c})` : point);
    write(removedLines[0], words, comment);
  } else {
    const board = lines.findIndex((l) => /^\s*board\b/.test(l));
    lines.splice(board + 1, 0, `removed ${point}`);
  }
  return lines.join("\n");
}

// Moves a placed piece: the line that places its type for its side on its point
// (`white FIGHTER at h8 as WF`, `black FIGHTER at (12,4) as BF1`) gets the new point.
function placePiece(text, piece, point) {
  const pattern = /^(\s*(white|black)\s+(\S+)\s+at\s+)(\([^)]*\)|\S+)/;
  let moved = false;
  return text.split("\n").map((line) => line.replace(pattern, (all, head, side, type, at) => {
    if (moved || side !== piece.side || type !== piece.type || !samePoint(at, piece.at)) return all;
    moved = true;
    return head + point;
  })).join("\n");
}

// A click on the board edits the scenario once the time of a double click has passed without a
// second click: a double click zooms the board (export.js) and edits nothing.
const DOUBLE_CLICK_MS = 400;
let pendingBoardClick = null;
function boardClickedOnce(event) {
  clearTimeout(pendingBoardClick);
  pendingBoardClick = null;
  // (`detail` counts the clicks in a row: 2 is the second of a double click; 0, a click made
  // otherwise than with the mouse)
  if (event.detail > 1) return;
  const target = event.target;
  pendingBoardClick = setTimeout(() => { pendingBoardClick = null; boardClicked({ target }); }, DOUBLE_CLICK_MS);
}

// A click edits the scenario only when the result is still a valid scenario: otherwise the text
// and the board stay as they were and the reason is shown (an obstacle under a piece, say).
async function boardClicked(event) {
  const point = pointOf(event.target);
  if (!point || !state.board) return;
  if ($("tool").value === "play") return playClicked(point);
  const tool = $("tool").value, editor = editors.scenario, before = editor.text();
  let after = before, piece = null;
  if (tool === "obstacle") after = toggleObstacle(before, point);
  else {
    piece = state.board.pieces.find((p) => p.name === tool.slice(6));
    if (piece) after = placePiece(before, piece, point);
  }
  if (after === before) return;
  try {
    await api("/api/board", { ...scenarioBody(), scenario: after });
  } catch (e) {
    $("board-error").textContent = `not changed: ${point} — ${e.message.split("\n")[0]}`;
    return;
  }
  if (editor.text() !== before) return; // edited meanwhile
  // The piece is where it was put from now on, before the board is drawn again.
  if (piece) piece.at = point;
  // As an edit of the editor's own: its undo (Ctrl+Z, or the Undo button by the board) takes
  // it back.
  editor.edit(after);
}

// ---------------------------------------------------------------------------------------------
// Playing the scenario's game on the board (the tool `play`): the moves played so far are
// replayed by the server (`POST /api/play`), whose last position is drawn on the board with
// the legal moves listed. A click on a point plays the legal move written as that point (a
// placement, Othello's); otherwise a first click picks a piece that has moves and a second the
// point where one of them ends (a step `b6-a5`, a capture, a jump chain `a5:c3:e5`). Every legal
// move is a button too (a pass, two chains between the same points).

// A move's points as it is written: `d3`, `b6-a5`, `a5:c3:e5` (a piece's name first, `WF h8-g7`,
// left out).
function movePoints(move) { return move.split(" ").pop().split(/[-:]/); }

function lastPlayed() {
  const moves = state.playAnswer && state.playAnswer.cli.moves;
  return moves ? moves[moves.length - 1] : null;
}

// Shows the game played so far on the board (nothing unless the tool is `play`).
async function showPlay() {
  const playing = $("tool").value === "play" && state.board && state.board.game;
  $("play").hidden = !playing;
  state.showingPlay = Boolean(playing);
  if (!playing) return;
  try {
    state.playAnswer = await api("/api/play", { ...scenarioBody(), moves: state.played.join(" ") });
  } catch (e) {
    // A move list the server refuses (the text changed under it): start again.
    $("play-status").textContent = e.message.split("\n")[0];
    state.played = []; state.playFrom = null; state.playAnswer = null;
    return;
  }
  $("board").innerHTML = state.playAnswer.svg;
  tidyLegend($("board"), true);
  const last = lastPlayed();
  const moves = $("play-moves");
  moves.innerHTML = "";
  for (const m of last.legal) {
    const b = document.createElement("button");
    b.type = "button"; b.textContent = m; b.dataset.move = m;
    if (state.playFrom && movePoints(m)[0] === state.playFrom) b.classList.add("picked");
    moves.appendChild(b);
  }
  const played = state.played.length ? `after ${state.played.join(" ")}: ` : "start: ";
  $("play-status").textContent = played + (last.outcome ? last.outcome.reason
    : `${last.to_move} to move` + (state.playFrom ? `, from ${state.playFrom}` : ""));
  $("play-back").disabled = state.played.length === 0;
}

async function playMove(move) {
  state.played.push(move);
  state.playFrom = null;
  await showPlay();
}

async function playClicked(point) {
  const last = lastPlayed();
  if (!last) return;
  const legal = last.legal;
  if (legal.includes(point)) return playMove(point);
  if (state.playFrom) {
    const ends = legal.filter((m) => { const p = movePoints(m); return p[0] === state.playFrom && p[p.length - 1] === point; });
    if (ends.length === 1) return playMove(ends[0]);
    if (ends.length > 1) {
      $("play-status").textContent = `${ends.length} moves from ${state.playFrom} end on ${point}: choose one below (${ends.join(", ")})`;
      return;
    }
  }
  state.playFrom = legal.some((m) => movePoints(m).length > 1 && movePoints(m)[0] === point) ? point : null;
  await showPlay();
}

// Undo and redo of the scenario's edits, board clicks among them.
function undoScenario(redo) {
  if (redo) editors.scenario.redo(); else editors.scenario.undo();
}

// ---------------------------------------------------------------------------------------------
// Runs: the language, each sentence drawn when hovered, and the derivation step by step

function scenarioBody() {
  const text = editors.scenario.text();
  const body = { scenario: text.trim() ? text : null };
  if (body.scenario && state.scenarioName) body.scenario_name = state.scenarioName;
  return body;
}

async function run(event) {
  if (event) event.preventDefault();
  const body = { ...optionValues("run"), grammar: editors.grammar.text(), ...scenarioBody(), start: $("run-start").value, trace: $("run-trace").checked };
  if (state.grammarName) body.grammar_name = state.grammarName;
  const piece = $("run-piece").value.trim();
  if (piece) body.piece = piece;
  clearResults(["run"]);
  await busy("run-form", "running…", async (signal) => {
    try {
      const answer = await api("/api/run", body, signal);
      state.answers.run = answer;
      const cli = answer.cli;
      $("run-summary").textContent = `${cli.grammar || ""} from ${cli.start}: ${cli.count} sentence${cli.count === 1 ? "" : "s"}`;
      state.pictures = answer.pictures;
      cli.language.forEach((sentence, i) => {
        const li = document.createElement("li");
        li.textContent = sentence;
        li.onmouseenter = () => showSentence(i);
        $("language").appendChild(li);
      });
      if (state.pictures.length) showSentence(0);
      if (answer.trace) showTrace(answer.trace);
    } catch (e) { if (!cancelled(e)) showError($("run-error"), e); }
  });
}

function showSentence(i) {
  document.querySelectorAll("#language li").forEach((li, k) => li.classList.toggle("active", k === i));
  $("sentence").innerHTML = state.pictures[i] || "";
}

function showTrace(trace) {
  state.steps = trace.steps;
  state.traceCut = trace.cut;
  const slider = $("step-slider");
  slider.max = Math.max(0, state.steps.length - 1);
  slider.value = 0;
  $("timeline").hidden = state.steps.length === 0;
  showStep(0);
}

function showStep(i) {
  const steps = state.steps;
  if (!steps.length) return;
  i = Math.max(0, Math.min(steps.length - 1, i));
  $("step-slider").value = i;
  const s = steps[i];
  $("step-number").textContent = `step ${i + 1} of ${steps.length}${trace_cut_note()}`;
  let html = `<div>derivation ${s.derivation}: <span class="label">${escapeHtml(s.label)}</span></div>`;
  html += `<div class="form" title="${escapeHtml(s.form)}">${escapeHtml(compactVectors(s.form))}</div>`;
  for (const a of s.assignments) {
    const target = a.point === undefined ? a.name : `${a.name}[${a.point}]`;
    html += `<div class="assignment">${escapeHtml(target)} := ${escapeHtml(a.value)}</div>`;
  }
  $("step").innerHTML = html;
  drawValues(s.values || {});
}

// A sentential form with its per-point vectors (G_Z's TIME, v, w: one entry a point, mostly
// zeros) written as the points that differ from the vector's most common value, by name:
// `[0, 0, 1, ...]` becomes `{h2: 1, h3: 1; else 0}`. The full form is the tooltip.
function compactVectors(form) {
  const points = state.board ? state.board.points : null;
  if (!points) return form;
  return form.replace(/\[([^\[\]]*)\]/g, (all, inner) => {
    const items = inner.split(",").map((x) => x.trim());
    if (items.length !== points.length || points.length < 8) return all;
    const counts = new Map();
    for (const x of items) counts.set(x, (counts.get(x) || 0) + 1);
    const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
    const others = items.map((x, i) => (x === common ? null : `${points[i]}: ${x}`)).filter(Boolean);
    return `{${others.join(", ")}${others.length ? "; " : ""}else ${common}}`;
  });
}

// Moves to the nearest step in direction `dir` (+1 or -1) that `wanted(step, current)` accepts:
// the next production applied, the start of the next or previous derivation. A derivation may
// have thousands of steps, where the slider moves too little to find one.
function jumpStep(dir, wanted) {
  const steps = state.steps, at = +$("step-slider").value;
  if (!steps.length) return;
  for (let i = at + dir; i >= 0 && i < steps.length; i += dir) {
    if (wanted(steps[i], steps[at])) { showStep(i); return; }
  }
}

// The first step of this derivation, or of the previous one when already there.
function previousDerivation() {
  const steps = state.steps;
  let i = +$("step-slider").value;
  if (!steps.length) return;
  const first = (k) => { while (k > 0 && steps[k - 1].derivation === steps[k].derivation) k--; return k; };
  const start = first(i);
  showStep(start < i || start === 0 ? start : first(start - 1));
}

function trace_cut_note() { return state.traceCut ? " (the trace was cut)" : ""; }

// The per-point values of a step (TIME, NEXTTIME) written on the squares of the board.
// TIME and NEXTTIME in the colours the zone pictures give them (the main trajectory's level and
// the first negation's, src/svg/mod.rs LEVEL_COLOURS); other vars after them.
const VALUE_COLOURS = { TIME: "#A50026", NEXTTIME: "#0072B2" };
const OTHER_COLOURS = ["#009E73", "#E69F00", "#7F7F7F"];
function drawValues(values) {
  const target = $("step-board");
  if (!state.board) { target.innerHTML = ""; return; }
  target.innerHTML = state.board.svg;
  tidyLegend(target, false);
  const svg = target.querySelector("svg");
  const cells = new Map();
  for (const cell of target.querySelectorAll("rect.cell")) cells.set(cell.querySelector("title").textContent, cell);
  // 2n is G_Z's "no time here" (unreachable): left blank, not drawn as a number.
  const unreachable = String(2 * state.board.points.length);
  const names = Object.keys(values).sort((a, b) => (a in VALUE_COLOURS ? 0 : 1) - (b in VALUE_COLOURS ? 0 : 1) || (a === "TIME" ? -1 : b === "TIME" ? 1 : 0));
  const legend = [];
  let other = 0;
  names.forEach((name, k) => {
    const colour = VALUE_COLOURS[name] || OTHER_COLOURS[other++ % OTHER_COLOURS.length];
    legend.push(`<span style="color:${colour}">${escapeHtml(name)}</span>`);
    for (const [point, value] of Object.entries(values[name])) {
      const cell = cells.get(point);
      if (!cell || value === unreachable) continue;
      const x = +cell.getAttribute("x"), y = +cell.getAttribute("y"), size = +cell.getAttribute("width");
      const text = document.createElementNS("http://www.w3.org/2000/svg", "text");
      text.setAttribute("x", x + size - 4);
      text.setAttribute("y", y + 14 + 14 * k);
      text.setAttribute("text-anchor", "end");
      text.setAttribute("font-size", "13");
      text.setAttribute("font-weight", "bold");
      text.setAttribute("fill", colour);
      text.setAttribute("class", `value value-${name}`);
      text.setAttribute("data-point", point);
      text.textContent = value;
      svg.appendChild(text);
    }
  });
  $("step-legend").innerHTML = legend.length ? `over the board: ${legend.join(", ")} (${unreachable} = 2n, no time, left blank)` : "no per-point values yet";
}

// ---------------------------------------------------------------------------------------------
// Zones and the search tree

async function zones(event) {
  event.preventDefault();
  const piece = $("zones-piece").value.trim(), to = $("zones-to").value.trim();
  if (!piece || !to) {
    $("zones-summary").textContent = "give the piece (its name, e.g. WF) and the target point (e.g. c8)";
    return;
  }
  const body = { ...optionValues("zones"), ...scenarioBody(), piece, to, engine: $("zones-engine").value };
  const horizon = $("zones-horizon").value.trim();
  if (horizon) body.horizon = +horizon;
  const maxSteps = $("zones-max-steps").value.trim();
  if (maxSteps) body.max_steps = +maxSteps;
  const each = $("zones-each").checked;
  // Each zone is listed only up to the page's cap (`list at most`); past it, the bundle view
  // alone, as docs/serve.md says.
  const listed_cap = Math.max(1, +$("zones-max").value || MAX_LISTED_ZONES);
  if (each) { body.all_zones = true; body.max_zones = listed_cap; }
  clearResults(["zones"]);
  await busy("zones-form", "listing zones…", async (signal) => {
    try {
      let answer = null;
      try { answer = await api("/api/zones", body, signal); } catch (e) {
        // More zones than the cap to list each: the bundle view alone (asked again without
        // the list); any other error is the answer's.
        if (!(each && e.cap === "max_zones")) throw e;
      }
      let attack = answer ? (answer.cli.attacks ? answer.cli.attacks[0] : answer.cli) : undefined;
      if (each && (!answer || (attack && attack.count === undefined))) {
        delete body.all_zones; delete body.max_zones;
        answer = await api("/api/zones", body, signal);
        attack = answer.cli.attacks ? answer.cli.attacks[0] : answer.cli;
      }
      state.answers.zones = answer;
      const listed = each && attack && attack.zones ? attack.zones : [];
      // `count_at_least`: counting every zone passed the cap on states (`count_cap_states`, named);
      // the bundles are still the whole network (docs/semantics.md §6.10).
      const cap = attack && attack.count_cap_states ? `, the count stopped at its cap of ${attack.count_cap_states} states` : "";
      const count = attack && attack.count !== undefined ? `${attack.count_at_least ? "at least " : ""}${attack.count_digits || attack.count} zone${attack.count === 1 ? "" : "s"}${cap}` : (attack && attack.error) || "";
      $("zones-summary").textContent = listed.length
        ? `${count}: the bundle view, and each zone with its times when hovered`
        : (count ? `${count} (bundle view${each ? `; more than ${listed_cap} to list each` : ""})` : "");
      state.zonePictures = answer.pictures || [];
      state.zoneBundle = answer.bundle || answer.svg || "";
      if (listed.length) {
        const bundle = document.createElement("li");
        bundle.textContent = "bundle view";
        bundle.onmouseenter = () => showZone(-1);
        $("zones-list").appendChild(bundle);
        listed.forEach((entries, i) => {
          const li = document.createElement("li");
          li.textContent = `zone ${i + 1}: ` + entries.map(e => `${e.piece} ${e.trajectory.join(" ")} (${e.time})`).join(", ");
          li.onmouseenter = () => showZone(i);
          $("zones-list").appendChild(li);
        });
      }
      showZone(-1);
    } catch (e) { if (!cancelled(e)) { showError($("zones"), e); $("zones-summary").textContent = ""; } }
  });
}

// The page's default cap on the zones listed each (the `list at most` field).
const MAX_LISTED_ZONES = 500;

// The API's options of each job with their defaults and docs (`GET /api/defaults`): the page
// takes its defaults from them, not from numbers of its own.
async function loadDefaults() {
  const answer = await fetch("/api/defaults");
  if (!answer.ok) throw new Error(`${answer.status} ${answer.statusText}`);
  state.defaults = await answer.json();
  const depth = state.defaults.search.find((f) => f.name === "depth");
  $("search-depth").placeholder = depth.default === null ? "auto" : String(depth.default);
  $("search-depth").title = depth.doc;
  for (const panel of ["run", "zones", "search"]) buildOptions(panel);
}

// The API's default of a job's option.
function apiDefault(job, name) {
  return state.defaults[job].find((f) => f.name === name).default;
}

// -1: the bundle view; i: zone i of the list.
function showZone(i) {
  document.querySelectorAll("#zones-list li").forEach((li, k) => li.classList.toggle("active", k === i + 1));
  $("zones").innerHTML = i < 0 ? state.zoneBundle : (state.zonePictures[i] || "");
}

function treeNode(node, path) {
  const line = path.concat([node.move]);
  const label = `${node.move} = ${node.value}`;
  const span = `<span class="node" data-line="${escapeHtml(line.join(", "))}">${escapeHtml(label)}</span>`;
  if (!node.children || !node.children.length) return `<div>${span}</div>`;
  return `<details><summary>${span}</summary>${node.children.map((c) => treeNode(c, line)).join("")}</details>`;
}

// How far an LG value is proved (docs/lg-search.md): for the game, only within LG's reduced tree
// (a move the tree leaves out may change it), or a static estimate.
function searchStatus(cli) {
  if (cli.proved) return "proved";
  if (cli.forced_in_tree) return "forced within LG's tree; outside it not checked";
  return "static estimate";
}

async function search(event) {
  event.preventDefault();
  // An empty depth is the API's default (none: the LG search's depth bound is the horizon + 2).
  const depth = $("search-depth").value.trim();
  const body = { ...optionValues("search"), ...scenarioBody(), engine: "lg", tree: true, depth: depth ? +depth : apiDefault("search", "depth") };
  clearResults(["search"]);
  await busy("search-form", "searching…", async (signal, progress) => {
    try {
      const answer = await api("/api/search", { ...body, progress }, signal);
      state.answers.search = answer;
      const cli = answer.cli;
      $("search-summary").textContent = `value ${cli.value} (${searchStatus(cli)}), principal variation ${(cli.pv_san || cli.pv || []).join(" ")}`;
      $("tree").innerHTML = (cli.tree || []).map((n) => treeNode(n, [])).join("");
      $("tree-picture").innerHTML = answer.svg || "";
    } catch (e) { if (!cancelled(e)) showError($("tree"), e); }
  });
}

async function treeClicked(event) {
  const node = event.target.closest(".node");
  if (!node) return;
  document.querySelectorAll(".tree .node.selected").forEach((n) => n.classList.remove("selected"));
  node.classList.add("selected");
  $("tree-line").textContent = `line: ${node.dataset.line}`;
  try {
    const answer = await api("/api/play", { ...scenarioBody(), moves: node.dataset.line });
    const last = answer.cli.moves[answer.cli.moves.length - 1];
    $("tree-line").textContent = `line: ${node.dataset.line}; ${last.to_move} to move${last.outcome ? ", " + last.outcome.reason : ""}`;
    $("tree-position").innerHTML = answer.svg || "";
    tidyLegend($("tree-position"), true);
  } catch (e) { showError($("tree-position"), e); }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  makeEditors();
  $("board").addEventListener("click", boardClickedOnce);
  // Leaving the tool `play` draws the scenario's own board again; any other change of tool
  // leaves the board as it is (a redraw would replace the point a click is about to reach).
  $("tool").addEventListener("change", async () => {
    if ($("tool").value === "play") await showPlay();
    else if (state.showingPlay) await drawBoard();
  });
  $("play-moves").addEventListener("click", (e) => { if (e.target.dataset.move) playMove(e.target.dataset.move); });
  $("play-back").addEventListener("click", () => { state.played.pop(); state.playFrom = null; showPlay(); });
  $("play-restart").addEventListener("click", () => { state.played = []; state.playFrom = null; showPlay(); });
  $("run-form").addEventListener("submit", run);
  $("zones-form").addEventListener("submit", zones);
  $("search-form").addEventListener("submit", search);
  $("fen-form").addEventListener("submit", loadFen);
  $("tree").addEventListener("click", treeClicked);
  $("step-slider").addEventListener("input", (e) => showStep(+e.target.value));
  $("step-back").onclick = () => showStep(+$("step-slider").value - 1);
  $("step-forward").onclick = () => showStep(+$("step-slider").value + 1);
  $("step-next-applied").onclick = () => jumpStep(+1, (s) => s.applied && s.label !== "start" && s.label !== "another choice");
  $("step-previous-derivation").onclick = previousDerivation;
  $("step-next-derivation").onclick = () => jumpStep(+1, (s, from) => s.derivation !== from.derivation);
  for (const [panel, ids] of Object.entries(PANEL_INPUTS)) {
    for (const id of ids) {
      if (!$(id)) continue;
      $(id).addEventListener("input", () => markStale([panel]));
      $(id).addEventListener("change", () => markStale([panel]));
    }
  }
  $("board-undo").onclick = () => undoScenario(false);
  $("board-redo").onclick = () => undoScenario(true);
  document.addEventListener("keydown", shortcut);
  addPictureExports();
  try { await loadDefaults(); } catch (e) { status("cannot load the API's defaults: " + e.message); return; }
  try { await loadExamples(); status("ready"); } catch (e) { status("cannot load the examples: " + e.message); return; }
  const saved = savedState();
  if (saved) restoreState(saved);
  // The URL and the storage say what is shown from the start: a link copied now reproduces it.
  saveState();
  for (const id of SHARED_INPUTS) {
    $(id).addEventListener("input", stateChanged);
    $(id).addEventListener("change", stateChanged);
  }
  for (const id of ["scenario-examples", "grammar-examples", "run-presets"]) $(id).addEventListener("change", stateChanged);
}

// Ctrl+Enter (⌘+Enter) runs the panel the focus is in (the grammar run from the editors);
// Alt+← and Alt+→ step the derivation.
function shortcut(event) {
  // A key the editor has taken (Option+← moves by word on a Mac) is not the page's.
  if (event.defaultPrevented) return;
  if ((event.ctrlKey || event.metaKey) && event.key === "Enter") {
    event.preventDefault();
    const form = event.target.closest && event.target.closest("form");
    if (form && form.id === "zones-form") zones(event);
    else if (form && form.id === "search-form") search(event);
    else run(event);
  } else if (event.altKey && (event.key === "ArrowRight" || event.key === "ArrowLeft") && !$("timeline").hidden) {
    event.preventDefault();
    showStep(+$("step-slider").value + (event.key === "ArrowRight" ? 1 : -1));
  }
}

main();
