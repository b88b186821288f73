#!/usr/bin/env bash
# Builds the page's code editor (CodeMirror 6, pinned in package-lock.json) into dist/editor.js,
# which build.rs embeds into the binary when it is there (served as /editor.js). Needs node and
# npm, and the npm registry for `npm ci` the first time; the bundle and node_modules/ are not
# committed (.gitignore). Without the bundle the page keeps plain text areas and says how to
# get the editor. Run from anywhere: web/editor/build.sh
set -euo pipefail
cd "$(dirname "$0")"
if [ ! -d node_modules/@codemirror/view ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
mkdir -p dist
# Written beside, then moved: cargo never embeds a half-written bundle.
node_modules/.bin/esbuild editor.js --bundle --minify --format=iife --target=es2020 \
  --legal-comments=eof --log-level=warning --metafile=dist/meta.json --outfile=dist/bundle.tmp
# The packages bundled (from esbuild's list of inputs), each named with its version, and their
# licences (all MIT), at the head of the bundle: it is shipped inside the binary.
node -e '
  const fs = require("fs");
  const inputs = Object.keys(JSON.parse(fs.readFileSync("dist/meta.json")).inputs);
  const dirs = [...new Set(inputs.map((f) => (f.match(/^node_modules\/((?:@[^/]+\/)?[^/]+)/) || [])[1]).filter(Boolean))].sort();
  const texts = new Map();
  for (const d of dirs) {
    const p = JSON.parse(fs.readFileSync(`node_modules/${d}/package.json`));
    const file = fs.readdirSync(`node_modules/${d}`).find((f) => /^licen[cs]e/i.test(f));
    const text = file ? fs.readFileSync(`node_modules/${d}/${file}`, "utf8").trim() : `${p.license} (no licence file)`;
    if (!texts.has(text)) texts.set(text, []);
    texts.get(text).push(`${p.name}@${p.version}`);
  }
  let head = "/*! lingeo page editor (web/editor/editor.js), bundled with:\n";
  for (const [text, names] of texts) head += `\n${names.join(", ")}:\n${text.replace(/\*\//g, "* /")}\n`;
  fs.writeFileSync("dist/editor.js.tmp", head + "*/\n" + fs.readFileSync("dist/bundle.tmp", "utf8"));
'
rm dist/bundle.tmp dist/meta.json
mv dist/editor.js.tmp dist/editor.js
echo "web/editor/dist/editor.js: $(wc -c < dist/editor.js) bytes"
