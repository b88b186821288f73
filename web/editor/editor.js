// The code editor of lingeo's page: CodeMirror 6 with the highlighters of languages.js, the
// server's diagnostics drawn in place (lint gutter and underline), Tab indenting, undo history,
// search and replace (Ctrl+F).
// build.sh bundles this file into dist/editor.js, which the binary embeds and serves as
// /editor.js; the page (src/serve/page/app.js) uses `window.LingeoEditor` when it is there and
// its plain text areas otherwise. The page knows the editor only through the object `create`
// returns, which its text-area editor also implements.

import { EditorState, Compartment } from "@codemirror/state";
import {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  highlightSpecialChars, drawSelection,
} from "@codemirror/view";
import { defaultKeymap, history, historyKeymap, indentWithTab, undo, redo } from "@codemirror/commands";
import { syntaxHighlighting, bracketMatching, indentUnit } from "@codemirror/language";
import { lintGutter, setDiagnostics } from "@codemirror/lint";
import { search, searchKeymap, highlightSelectionMatches } from "@codemirror/search";
import { classHighlighter } from "@lezer/highlight";
import { scenarioLanguage, grammarLanguage } from "./languages.js";

// The page's own keys: Ctrl+Enter runs a panel, Alt+←/→ step a derivation (app.js); the
// editor does not take them for itself.
const PAGE_KEYS = new Set(["Mod-Enter", "Alt-ArrowLeft", "Alt-ArrowRight"]);
const editorKeys = defaultKeymap.filter((binding) => !PAGE_KEYS.has(binding.key));

// Dark when the system asks for it, as the page's style sheet is.
const darkQuery = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

// The 0-based offset in `text` (a line's text) of 1-based character column `column`: columns
// count characters (the server's), offsets UTF-16 units (CodeMirror's).
function columnOffset(text, column) {
  let offset = 0, k = 1;
  for (const ch of text) {
    if (k >= column) break;
    offset += ch.length;
    k++;
  }
  return offset;
}

function create(parent, { language, onChange }) {
  const theme = new Compartment();
  const extensions = () => [
    lineNumbers(),
    highlightActiveLineGutter(),
    highlightSpecialChars(),
    history(),
    drawSelection(),
    bracketMatching(),
    highlightActiveLine(),
    // Ctrl+F finds in the whole text (the browser's own finds only the lines drawn).
    search({ top: true }),
    highlightSelectionMatches(),
    indentUnit.of("  "),
    keymap.of([indentWithTab, ...editorKeys, ...historyKeymap, ...searchKeymap]),
    language === "grammar" ? grammarLanguage : scenarioLanguage,
    syntaxHighlighting(classHighlighter),
    lintGutter(),
    theme.of(EditorView.darkTheme.of(!!(darkQuery && darkQuery.matches))),
    EditorView.contentAttributes.of({ "aria-label": `${language} text`, spellcheck: "false" }),
    EditorView.updateListener.of((update) => { if (update.docChanged && onChange) onChange(); }),
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: "", extensions: extensions() }) });
  if (darkQuery && darkQuery.addEventListener) {
    darkQuery.addEventListener("change", () => view.dispatch({ effects: theme.reconfigure(EditorView.darkTheme.of(darkQuery.matches)) }));
  }

  const text = () => view.state.doc.toString();

  // The character range a diagnostic spans; an empty one widened to the character it
  // points at (or left empty at a line's end, where CodeMirror draws a point mark).
  function range(d) {
    const doc = view.state.doc;
    const lineAt = (n) => doc.line(Math.max(1, Math.min(doc.lines, n)));
    const start = lineAt(d.line), end = lineAt(d.end_line || d.line);
    const from = start.from + Math.min(start.length, columnOffset(start.text, d.column || 1));
    let to = end.from + Math.min(end.length, columnOffset(end.text, d.end_column || d.column || 1));
    if (to <= from) to = Math.min(from + 1, start.to);
    return { from, to: Math.max(from, to) };
  }

  return {
    kind: "codemirror",
    view,
    text,
    // Another text altogether (an example opened): a fresh history, no marks. Like setting a
    // text area's value, this is no edit: the page calls its own change handler.
    setText(value) { view.setState(EditorState.create({ doc: value, extensions: extensions() })); },
    // An edit the user can undo (a board click): only the part that differs is replaced, so
    // the cursor and the scroll stay where they were.
    edit(value) {
      const old = text();
      if (old === value) return;
      let start = 0;
      while (start < old.length && start < value.length && old[start] === value[start]) start++;
      let end = 0;
      while (end < old.length - start && end < value.length - start && old[old.length - 1 - end] === value[value.length - 1 - end]) end++;
      view.dispatch({ changes: { from: start, to: old.length - end, insert: value.slice(start, value.length - end) }, userEvent: "input.board" });
    },
    undo() { view.focus(); return undo(view); },
    redo() { view.focus(); return redo(view); },
    // Selects a line from a column on, scrolled into view (a diagnostic clicked).
    select(line, column) {
      const doc = view.state.doc;
      const l = doc.line(Math.max(1, Math.min(doc.lines, line)));
      const anchor = l.from + Math.min(l.length, columnOffset(l.text, column || 1));
      view.dispatch({ selection: { anchor, head: l.to }, scrollIntoView: true });
      view.focus();
    },
    // The server's diagnostics, drawn at their places: errors, and the lint warnings of a
    // valid file (`severity`).
    mark(diagnostics) {
      const list = diagnostics.map((d) => ({
        ...range(d),
        severity: d.severity === "warning" ? "warning" : "error",
        message: `${d.line}:${d.column}: ${d.message}${d.label ? " (" + d.label + ")" : ""}`,
      }));
      view.dispatch(setDiagnostics(view.state, list));
    },
    focus() { view.focus(); },
  };
}

window.LingeoEditor = { create };
