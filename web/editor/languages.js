// Highlighters of lingeo's two languages for CodeMirror: token streams after the lexers of
// src/scenario/lexer.rs and src/grammar/lexer.rs, with the words their parsers treat as
// keywords (src/scenario/parser/, src/grammar/parser/). Neither language reserves its
// keywords (a graph point may be called `goal`), and these highlighters do not parse: a keyword
// is coloured wherever it stands, also where the parser reads it as a name.

import { StreamLanguage } from "@codemirror/language";

// The words that start a scenario's items, the items of a `type { }` and of a `game { }`.
const SCENARIO_ITEMS = new Set(["board", "removed", "blocking", "type", "white", "black", "goal", "fuzzy", "game"]);
const SCENARIO_WORDS = new Set([
  // type items and their words
  "value", "like", "move", "attack", "leap", "slide", "edges", "range", "jump", "crown",
  // pieces, goals, places
  "at", "as", "for", "rank", "last", "graph", "on", "off", "length", "inf", "light", "dark",
  // game lines and their choices
  "first", "goals", "stalemate", "deadlock", "limit", "safe", "royal",
  "immediate", "survive", "pass", "draw", "lose", "count", "capture", "compulsory", "free",
]);

// Scenario tokens: `# comment`, `"name"`, numbers (`-3`, `1.5`), grid sizes (`8x8`), words.
function scenarioToken(stream, state) {
  if (stream.sol()) state.afterWord = null;
  if (stream.eatSpace()) return null;
  if (stream.match(/^#.*/)) return "comment";
  if (stream.match(/^"[^"\n]*"?/)) return "string";
  if (stream.match(/^[0-9]+(x[0-9]+)+/)) return "number";
  if (stream.match(/^-?[0-9]+(\.[0-9]+)?/)) return "number";
  const word = stream.match(/^[A-Za-z_][A-Za-z0-9_']*/);
  if (word) {
    const text = word[0], after = state.afterWord;
    state.afterWord = text;
    // A piece's own name (`as BF1`) and a type's name (`type BOMBER`) are labels of the file.
    if (after === "as" || after === "type") return "labelName";
    if (SCENARIO_ITEMS.has(text) || SCENARIO_WORDS.has(text)) return "keyword";
    return "variableName";
  }
  if (stream.match(/^(->|--)/)) return "operator";
  if (stream.match(/^[(){},]/)) return "punctuation";
  stream.next();
  return "invalid";
}

export const scenarioLanguage = StreamLanguage.define({
  name: "lingeo-scenario",
  startState: () => ({ afterWord: null }),
  copyState: (s) => ({ afterWord: s.afterWord }),
  token: scenarioToken,
  languageData: { commentTokens: { line: "#" } },
});

const GRAMMAR_KEYWORDS = new Set([
  "grammar", "input", "start", "import", "terminal", "nonterminal", "const", "var", "fn", "pred",
  "family", "enum", "productions", "let", "in", "if", "then", "else", "for", "vec", "exists",
  "forall", "and", "or", "not", "union", "inter", "within",
]);
const GRAMMAR_TYPES = new Set(["int", "bool", "point", "piece", "trajectory", "set", "vector", "symbol"]);
const GRAMMAR_ATOMS = new Set(["true", "false"]);

// Grammar tokens: `# comment`, `"file.lgg"`, labels (`2_i`, `2_1`, and a row's first number
// in the production table), numbers, keywords, types, names, operators.
function grammarToken(stream, state) {
  if (stream.eatSpace()) return null;
  if (stream.match(/^#.*/)) return "comment";
  if (stream.match(/^"([^"\\\n]|\\.)*"?/)) return "string";
  if (stream.match(/^[0-9]+_[A-Za-z0-9][A-Za-z0-9_']*/)) return "labelName";
  // In the table, the number a row starts with is its label (`1   | Q1(u) | ...`).
  const rowStart = state.productions && stream.string.slice(0, stream.pos).trim() === "";
  if (stream.match(/^[0-9]+/)) return rowStart && /^\s*\|/.test(stream.string.slice(stream.pos)) ? "labelName" : "number";
  const word = stream.match(/^[A-Za-z_][A-Za-z0-9_']*/);
  if (word) {
    const text = word[0];
    if (text === "productions") state.productions = true;
    if (GRAMMAR_KEYWORDS.has(text)) return "keyword";
    if (GRAMMAR_TYPES.has(text)) return "typeName";
    if (GRAMMAR_ATOMS.has(text)) return "bool";
    return "variableName";
  }
  if (stream.match(/^(->|=>|:=|==|!=|<=|>=|\.\.|[<>=+\-*/%|])/)) return "operator";
  if (stream.match(/^[(){}[\],:;.]/)) return "punctuation";
  stream.next();
  return "invalid";
}

export const grammarLanguage = StreamLanguage.define({
  name: "lingeo-grammar",
  startState: () => ({ productions: false }),
  copyState: (s) => ({ productions: s.productions }),
  token: grammarToken,
  languageData: { commentTokens: { line: "#" } },
});
