// The page's state in its URL and across reloads (docs/serve.md): the scenario and the grammar
// (an example by its name while its text is unchanged, else the text itself) and the panels'
// inputs. A link with the state after `#` reproduces what its sender saw; the last state is
// also kept in the browser's storage and comes back on a plain reload.
"use strict";

const SHARED_INPUTS = ["run-piece", "run-start", "run-trace", "zones-piece", "zones-to", "zones-horizon", "zones-engine", "zones-each", "zones-max", "zones-max-steps", "search-depth"];
const STORAGE_KEY = "lingeo-page";

function pageState() {
  const shared = { inputs: {} };
  for (const kind of ["scenario", "grammar"]) {
    const name = kind === "scenario" ? state.scenarioName : state.grammarName;
    const list = state.examples ? state.examples[kind === "scenario" ? "scenarios" : "grammars"] : [];
    const example = list.find((x) => x.name === name);
    const text = editors[kind].text();
    if (example && example.text === text) shared[kind] = { name };
    else if (text) shared[kind] = name ? { name, text } : { text };
  }
  for (const id of SHARED_INPUTS) {
    const input = $(id);
    shared.inputs[id] = input.type === "checkbox" ? input.checked : input.value;
  }
  return shared;
}

function saveState() {
  const json = JSON.stringify(pageState());
  history.replaceState(null, "", "#" + encodeURIComponent(json));
  try { localStorage.setItem(STORAGE_KEY, json); } catch (e) { /* storage off: the URL still has it */ }
}
// Saved 300 ms after the last change (this file loads before app.js and its `debounce`).
let saveTimer = null;
function stateChanged() {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveState, 300);
}

// The state of the URL, else the stored one; `null` when neither holds one that parses.
function savedState() {
  const texts = [];
  if (location.hash.length > 1) {
    try { texts.push(decodeURIComponent(location.hash.slice(1))); } catch (e) { /* not ours */ }
  }
  try { const stored = localStorage.getItem(STORAGE_KEY); if (stored) texts.push(stored); } catch (e) { /* none */ }
  for (const text of texts) {
    try {
      const parsed = JSON.parse(text);
      if (parsed && typeof parsed === "object") return parsed;
    } catch (e) { /* the next */ }
  }
  return null;
}

// Puts a saved state back: examples opened by name, edited texts as they were, the inputs.
function restoreState(saved) {
  for (const kind of ["scenario", "grammar"]) {
    const s = saved[kind];
    const open = kind === "scenario" ? openScenario : openGrammar;
    if (!s) continue;
    if (s.name && s.text === undefined) { open(s.name); continue; }
    if (s.name) open(s.name);
    if (typeof s.text === "string") {
      editors[kind].setText(s.text);
      if (kind === "scenario") scenarioChanged(); else grammarChanged();
    }
  }
  for (const [id, value] of Object.entries(saved.inputs || {})) {
    const input = $(id);
    if (!input || !SHARED_INPUTS.includes(id)) continue;
    if (input.type === "checkbox") input.checked = !!value; else input.value = String(value);
  }
}
