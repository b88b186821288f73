// lingeo's page: the editors, the board, runs with their derivations, zones and the LG search
// tree, all through the JSON API of `lingeo serve` (docs/serve.md). Plain JavaScript, no build.
"use strict";

const $ = (id) => document.getElementById(id);
const state = { examples: null, scenarioName: null, grammarName: null, board: null, steps: [], pictures: [], marks: { scenario: new Map(), grammar: new Map() } };

function status(text) { $("status").textContent = text; }

async function api(path, body) {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error || response.statusText);
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
  $("scenario").value = s ? s.text : "";
  $("scenario-name").textContent = s ? s.name : "";
  scenarioChanged();
}

function openGrammar(name) {
  const g = state.examples.grammars.find((x) => x.name === name);
  state.grammarName = g ? g.name : null;
  $("grammar-examples").value = g ? g.name : "";
  $("grammar").value = g ? g.text : "";
  $("grammar-name").textContent = g ? g.name : "";
  grammarChanged();
}

function openRun(run) {
  openGrammar(run.grammar);
  openScenario(run.scenario || "");
  $("run-piece").value = run.piece || "";
  $("run-start").value = run.start;
}

// ---------------------------------------------------------------------------------------------
// Editors and their diagnostics

function selectLine(textarea, line, column) {
  const lines = textarea.value.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  const end = start + (lines[line - 1] || "").length;
  textarea.focus();
  textarea.setSelectionRange(start + Math.max(0, column - 1), end);
  const lineHeight = textarea.scrollHeight / Math.max(1, lines.length);
  textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
}

async function check(kind) {
  const textarea = $(kind), list = $(`${kind}-diagnostics`);
  const body = { [kind]: textarea.value };
  const name = kind === "scenario" ? state.scenarioName : state.grammarName;
  if (name) body[`${kind}_name`] = name;
  try {
    const answer = await api("/api/check", body);
    list.innerHTML = "";
    // The lines each diagnostic spans, marked in the editor's gutter with its message.
    const marks = new Map();
    for (const d of answer.diagnostics) {
      const last = Math.min(d.end_line || d.line, d.line + 50);
      for (let l = d.line; l <= last; l++) marks.set(l, (marks.has(l) ? marks.get(l) + "\n" : "") + `${d.line}:${d.column}: ${d.message}`);
    }
    state.marks[kind] = marks;
    drawGutter(kind);
    if (answer.ok) {
      list.innerHTML = `<li class="ok">${escapeHtml(answer.output.split("\n")[0])}</li>`;
    }
    for (const d of answer.diagnostics) {
      const li = document.createElement("li");
      li.textContent = `${d.line}:${d.column}: ${d.message}${d.label ? " (" + d.label + ")" : ""}`;
      li.title = answer.output;
      li.onclick = () => selectLine(textarea, d.line, d.column);
      list.appendChild(li);
    }
  } catch (e) { showError(list, e); }
}

// Line numbers beside an editor, scrolled with it; the lines with diagnostics marked.
function drawGutter(kind) {
  const textarea = $(kind), gutter = $(`${kind}-gutter`);
  const lines = textarea.value.split("\n").length;
  const marks = state.marks[kind];
  const rows = [];
  for (let l = 1; l <= lines; l++) {
    const mark = marks.get(l);
    rows.push(mark ? `<div class="mark" data-line="${l}" title="${escapeHtml(mark)}">${l}</div>` : `<div>${l}</div>`);
  }
  gutter.innerHTML = rows.join("");
  gutter.scrollTop = textarea.scrollTop;
}

const scenarioChecked = debounce(() => { check("scenario"); drawBoard(); }, 350);
const grammarChecked = debounce(() => check("grammar"), 350);
function scenarioChanged() {
  drawGutter("scenario");
  if ($("scenario").value.trim()) scenarioChecked();
  else { $("board").innerHTML = ""; $("scenario-diagnostics").innerHTML = ""; state.marks.scenario = new Map(); drawGutter("scenario"); }
}
function grammarChanged() {
  drawGutter("grammar");
  if ($("grammar").value.trim()) grammarChecked();
  else { $("grammar-diagnostics").innerHTML = ""; state.marks.grammar = new Map(); drawGutter("grammar"); }
}

// ---------------------------------------------------------------------------------------------
// The board, and editing the scenario by clicking it

async function drawBoard() {
  try {
    const answer = await api("/api/board", scenarioBody());
    state.board = answer;
    $("board").innerHTML = answer.svg;
    const tool = $("tool"), keep = tool.value;
    tool.innerHTML = "";
    option(tool, "obstacle", "add or remove an obstacle");
    for (const p of answer.pieces) option(tool, "piece:" + p.name, `place ${p.name} (${p.side} ${p.type})`);
    if ([...tool.options].some((o) => o.value === keep)) tool.value = keep;
  } catch (e) { state.board = null; showError($("board"), e); }
}

// The name of a clicked square: a square's <title>, or for a removed one, from the squares in
// its file and rank.
function pointOf(target) {
  if (target.classList.contains("cell")) return target.querySelector("title").textContent;
  if (!target.classList.contains("removed")) return null;
  const x = target.getAttribute("x"), y = target.getAttribute("y");
  let file = null, rank = null;
  for (const cell of document.querySelectorAll("#board rect.cell")) {
    const name = cell.querySelector("title").textContent;
    const m = /^([a-z]+)(\d+)$/.exec(name);
    if (!m) continue;
    if (cell.getAttribute("x") === x) file = m[1];
    if (cell.getAttribute("y") === y) rank = m[2];
  }
  return file && rank ? file + rank : null;
}

function toggleObstacle(text, point) {
  const lines = text.split("\n");
  const removed = lines.findIndex((l) => /^\s*removed\b/.test(l));
  if (removed >= 0) {
    const [head, ...rest] = lines[removed].split("#");
    const words = head.replace(/^\s*removed\s*/, "").split(/[\s,]+/).filter(Boolean);
    const at = words.indexOf(point);
    if (at >= 0) words.splice(at, 1); else words.push(point);
    const comment = rest.length ? " #" + rest.join("#") : "";
    if (words.length) lines[removed] = `removed ${words.join(" ")}${comment}`;
    else lines.splice(removed, 1);
  } else {
    const board = lines.findIndex((l) => /^\s*board\b/.test(l));
    lines.splice(board + 1, 0, `removed ${point}`);
  }
  return lines.join("\n");
}

// Moves a placed piece: the line that places its type for its side on its point
// (`white FIGHTER at h8 as WF`) gets the new point.
function placePiece(text, piece, point) {
  const pattern = /^(\s*(white|black)\s+(\S+)\s+at\s+)(\S+)/;
  return text.split("\n").map((line) => line.replace(pattern, (all, head, side, type, at) =>
    side === piece.side && type === piece.type && at === piece.at ? head + point : all)).join("\n");
}

function boardClicked(event) {
  const point = pointOf(event.target);
  if (!point) return;
  const tool = $("tool").value, textarea = $("scenario");
  if (tool === "obstacle") textarea.value = toggleObstacle(textarea.value, point);
  else {
    const piece = state.board.pieces.find((p) => p.name === tool.slice(6));
    if (piece) { textarea.value = placePiece(textarea.value, piece, point); piece.at = point; }
  }
  scenarioChanged();
}

// ---------------------------------------------------------------------------------------------
// Runs: the language, each sentence drawn when hovered, and the derivation step by step

function scenarioBody() {
  const text = $("scenario").value;
  const body = { scenario: text.trim() ? text : null };
  if (body.scenario && state.scenarioName) body.scenario_name = state.scenarioName;
  return body;
}

async function run(event) {
  if (event) event.preventDefault();
  const body = { grammar: $("grammar").value, ...scenarioBody(), start: $("run-start").value, trace: $("run-trace").checked };
  if (state.grammarName) body.grammar_name = state.grammarName;
  const piece = $("run-piece").value.trim();
  if (piece) body.piece = piece;
  $("language").innerHTML = ""; $("sentence").innerHTML = ""; $("timeline").hidden = true;
  status("running…");
  try {
    const answer = await api("/api/run", body);
    status("");
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
  } catch (e) { status(""); showError($("sentence"), e); $("run-summary").textContent = ""; }
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
  html += `<div class="form">${escapeHtml(s.form)}</div>`;
  for (const a of s.assignments) {
    const target = a.point === undefined ? a.name : `${a.name}[${a.point}]`;
    html += `<div class="assignment">${escapeHtml(target)} := ${escapeHtml(a.value)}</div>`;
  }
  $("step").innerHTML = html;
  drawValues(s.values || {});
}

function trace_cut_note() { return state.traceCut ? " (the trace was cut)" : ""; }

// The per-point values of a step (TIME, NEXTTIME) written on the squares of the board.
const VALUE_COLOURS = ["#c62828", "#1565c0", "#2e7d32", "#6a1b9a"];
function drawValues(values) {
  const target = $("step-board");
  if (!state.board) { target.innerHTML = ""; return; }
  target.innerHTML = state.board.svg;
  const svg = target.querySelector("svg");
  const cells = new Map();
  for (const cell of target.querySelectorAll("rect.cell")) cells.set(cell.querySelector("title").textContent, cell);
  const names = Object.keys(values);
  const legend = [];
  names.forEach((name, k) => {
    const colour = VALUE_COLOURS[k % VALUE_COLOURS.length];
    legend.push(`<span style="color:${colour}">${escapeHtml(name)}</span>`);
    for (const [point, value] of Object.entries(values[name])) {
      const cell = cells.get(point);
      if (!cell) continue;
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
  $("step-legend").innerHTML = legend.length ? "over the board: " + legend.join(", ") : "no per-point values yet";
}

// ---------------------------------------------------------------------------------------------
// Zones and the search tree

async function zones(event) {
  event.preventDefault();
  const body = { ...scenarioBody(), piece: $("zones-piece").value, to: $("zones-to").value, engine: $("zones-engine").value };
  const horizon = $("zones-horizon").value.trim();
  if (horizon) body.horizon = +horizon;
  const each = $("zones-each").checked;
  // Each zone is listed only up to the page's cap; past it, the bundle view alone.
  if (each) { body.all_zones = true; body.max_zones = MAX_LISTED_ZONES; }
  $("zones-list").innerHTML = "";
  try {
    let answer = await api("/api/zones", body);
    let attack = answer.cli.attacks ? answer.cli.attacks[0] : answer.cli;
    if (each && attack && attack.count === undefined) {
      delete body.all_zones; delete body.max_zones;
      answer = await api("/api/zones", body);
      attack = answer.cli.attacks ? answer.cli.attacks[0] : answer.cli;
    }
    const listed = each && attack && attack.zones ? attack.zones : [];
    // `count_at_least`: counting every zone would pass the cap on states; the bundles are still
    // the whole network (docs/semantics.md §6.10).
    const count = attack && attack.count !== undefined ? `${attack.count_at_least ? "at least " : ""}${attack.count} zone${attack.count === 1 ? "" : "s"}` : (attack && attack.error) || "";
    $("zones-summary").textContent = listed.length
      ? `${count}: the bundle view, and each zone with its times when hovered`
      : (count ? `${count} (bundle view${each ? `; more than ${MAX_LISTED_ZONES} to list each` : ""})` : "");
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
  } catch (e) { showError($("zones"), e); $("zones-summary").textContent = ""; }
}

const MAX_LISTED_ZONES = 500;

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

async function search(event) {
  event.preventDefault();
  const body = { ...scenarioBody(), engine: "lg", tree: true, depth: +$("search-depth").value || 4 };
  status("searching…");
  try {
    const answer = await api("/api/search", body);
    status("");
    const cli = answer.cli;
    $("search-summary").textContent = `value ${cli.value}, principal variation ${(cli.pv || []).join(" ")}`;
    $("tree").innerHTML = (cli.tree || []).map((n) => treeNode(n, [])).join("");
    $("tree-picture").innerHTML = answer.svg || "";
  } catch (e) { status(""); showError($("tree"), e); }
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
  } catch (e) { showError($("tree-position"), e); }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  for (const kind of ["scenario", "grammar"]) {
    $(kind).addEventListener("input", () => { if (kind === "scenario") scenarioChanged(); else grammarChanged(); });
    $(kind).addEventListener("scroll", () => { $(`${kind}-gutter`).scrollTop = $(kind).scrollTop; });
    $(`${kind}-gutter`).addEventListener("click", (e) => { const l = +e.target.dataset.line; if (l) selectLine($(kind), l, 1); });
  }
  $("board").addEventListener("click", boardClicked);
  $("run-form").addEventListener("submit", run);
  $("zones-form").addEventListener("submit", zones);
  $("search-form").addEventListener("submit", search);
  $("tree").addEventListener("click", treeClicked);
  $("step-slider").addEventListener("input", (e) => showStep(+e.target.value));
  $("step-back").onclick = () => showStep(+$("step-slider").value - 1);
  $("step-forward").onclick = () => showStep(+$("step-slider").value + 1);
  try { await loadExamples(); status("ready"); } catch (e) { status("cannot load the examples: " + e.message); }
}

main();
