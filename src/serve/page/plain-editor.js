// The page's editor when lingeo was built without the code editor (web/editor/build.sh, which
// bundles CodeMirror): a text area with a line-number gutter that marks the lines with
// diagnostics. Served as /editor.js in place of the bundle, with the interface the bundle's
// `LingeoEditor.create` has (web/editor/editor.js), so that app.js uses either the same way.
"use strict";

window.LingeoEditor = {
  note: "Plain text editors: run web/editor/build.sh, then build lingeo again, for the full editor (highlighting, diagnostics in place, Tab indents).",
  create(parent, { language, onChange }) {
    const code = document.createElement("div");
    code.className = "code";
    const gutter = document.createElement("pre");
    gutter.className = "gutter";
    gutter.setAttribute("aria-hidden", "true");
    const textarea = document.createElement("textarea");
    textarea.spellcheck = false;
    textarea.setAttribute("wrap", "off");
    textarea.setAttribute("aria-label", `${language} text`);
    code.append(gutter, textarea);
    parent.appendChild(code);
    let marks = new Map();

    // Line numbers beside the text, scrolled with it; the lines with diagnostics marked.
    function drawGutter() {
      const lines = textarea.value.split("\n").length;
      const rows = [];
      for (let l = 1; l <= lines; l++) {
        const mark = marks.get(l);
        const row = document.createElement("div");
        row.textContent = l;
        // A line with an error is marked as one; a line with only warnings, as a warning.
        if (mark) { row.className = mark.error ? "mark" : "mark warning"; row.dataset.line = l; row.title = mark.text; }
        rows.push(row);
      }
      // The text area's horizontal scrollbar takes height from it and none from the gutter:
      // without as much room below the numbers, they stop short of the last lines.
      const spacer = document.createElement("div");
      spacer.className = "spacer";
      spacer.style.height = `${Math.max(0, textarea.offsetHeight - textarea.clientHeight - 2)}px`;
      rows.push(spacer);
      gutter.replaceChildren(...rows);
      gutter.scrollTop = textarea.scrollTop;
    }

    function select(line, column) {
      const lines = textarea.value.split("\n");
      let start = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
      const end = start + (lines[line - 1] || "").length;
      textarea.focus();
      textarea.setSelectionRange(start + Math.max(0, (column || 1) - 1), end);
      const lineHeight = textarea.scrollHeight / Math.max(1, lines.length);
      textarea.scrollTop = Math.max(0, (line - 3) * lineHeight);
    }

    textarea.addEventListener("input", () => { drawGutter(); if (onChange) onChange(); });
    textarea.addEventListener("scroll", () => { gutter.scrollTop = textarea.scrollTop; });
    // The text area resized by its corner: the gutter as tall, its numbers drawn again.
    new ResizeObserver(() => {
      gutter.style.height = `${textarea.offsetHeight}px`;
      drawGutter();
    }).observe(textarea);
    gutter.addEventListener("click", (e) => { const l = +e.target.dataset.line; if (l) select(l, 1); });
    drawGutter();

    return {
      kind: "plain",
      textarea,
      text: () => textarea.value,
      // Another text altogether: setting the value also clears the browser's undo history.
      setText(value) { textarea.value = value; marks = new Map(); drawGutter(); },
      // An edit as typing would make it, so that the browser's undo (Ctrl+Z, or the page's
      // Undo) takes it back; the scroll position stays.
      edit(value) {
        const top = textarea.scrollTop;
        textarea.focus();
        textarea.select();
        if (!document.execCommand("insertText", false, value)) {
          textarea.value = value;
          textarea.dispatchEvent(new Event("input"));
        }
        textarea.scrollTop = top;
      },
      undo() { textarea.focus(); return document.execCommand("undo"); },
      redo() { textarea.focus(); return document.execCommand("redo"); },
      select,
      // The lines each diagnostic spans (at most 50), marked with its message (and whether
      // one of them is an error rather than a lint warning).
      mark(diagnostics) {
        marks = new Map();
        for (const d of diagnostics) {
          const last = Math.min(d.end_line || d.line, d.line + 50);
          const text = `${d.line}:${d.column}: ${d.severity === "warning" ? "warning: " : ""}${d.message}`;
          for (let l = d.line; l <= last; l++) {
            const was = marks.get(l);
            marks.set(l, { text: was ? `${was.text}\n${text}` : text, error: (was && was.error) || d.severity !== "warning" });
          }
        }
        drawGutter();
      },
      focus() { textarea.focus(); },
    };
  },
};
