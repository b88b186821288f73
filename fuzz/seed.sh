#!/usr/bin/env bash
# Seeds fuzz/corpus/ from the repository's files: the text targets get every scenario and
# grammar file the project has (shipped, examples, tests, the bad files); `eval` gets inputs
# found by a short run of its own. Then each corpus is minimised with `cargo fuzz cmin`, so
# that only files adding coverage are committed. Run it again when the file formats grow.
#   fuzz/seed.sh [SECONDS_OF_EVAL_RUN]
set -euo pipefail
cd "$(dirname "$0")"
root=..
seconds=${1:-120}
export CARGO_TARGET_DIR="$PWD/target"
flags=(-O -a -s none)

mkdir -p corpus/scenario corpus/grammar corpus/eval corpus/cases corpus/serve_request
for f in "$root"/examples/*.scenario "$root"/tests/bad/*.scenario "$root"/tests/scenarios/*; do
  cp "$f" "corpus/scenario/$(basename "$f")"
done
for f in "$root"/grammars/*.lgg "$root"/tests/grammars/*.lgg "$root"/tests/bad/*.lgg; do
  cp "$f" "corpus/grammar/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# Case files: every committed one, and a few lines of each kind of mistake.
for f in "$root"/examples/*.cases "$root"/docs/testing-grammars/*.cases "$root"/tests/cli.cases; do
  cp "$f" "corpus/cases/$(basename "$(dirname "$f")")-$(basename "$f")"
done
printf '%s\n' 'a | run x.lgg --start '"'"'S(1)'"'"' || run y.lgg' 'b | zones "a b" c\ d # c' \
  'no bar' ' | run' 'c | runn x' "d | run 'x" 'e | run a | b' 'f | run a || run b || run c' \
  'g/h | run x' >corpus/cases/mistakes.cases
# Requests of lingeo serve: `METHOD PATH HOST`, then the body (fuzz_targets/serve_request.rs).
request() { printf '%s\n%s' "$1" "$2" >"corpus/serve_request/$3"; }
# A file's text as a JSON string.
json_text() { printf '"%s"' "$(sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/\t/\\t/g' "$1" | awk '{printf "%s\\n", $0}')"; }
simplified=$(json_text "$root/examples/robot-zone-simplified.scenario")
king=$(json_text "$root/examples/robot-king.scenario")
hanoi=$(json_text "$root/grammars/hanoi.lgg")
request 'POST /api/check localhost' "{\"scenario\": $simplified, \"scenario_name\": \"s.scenario\"}" check
request 'POST /api/check localhost' "{\"grammar\": $hanoi}" check-grammar
request 'POST /api/board localhost:8080' "{\"scenario\": $simplified}" board
request 'POST /api/run 127.0.0.1' "{\"grammar\": $hanoi, \"start\": \"S(2, a, c)\", \"trace\": true}" run
request 'POST /api/zones [::1]:80' "{\"scenario\": $simplified, \"piece\": \"BOMBER\", \"to\": \"h1\", \"horizon\": 2}" zones
request 'POST /api/trajectories localhost' "{\"scenario\": $king, \"piece\": \"K\", \"to\": \"c6\", \"length\": 6}" trajectories
request 'POST /api/map localhost' '{"board": "8x8", "removed": "a3,c1", "type": "rook", "from": "d3", "svg": true}' map
request 'POST /api/search localhost' "{\"scenario\": $king, \"depth\": 1}" search
request 'POST /api/play localhost' "{\"scenario\": $king, \"moves\": \"h8-g7\"}" play
request 'GET /api/examples localhost' '' examples
request 'GET / evil.example' '' foreign-host
request 'POST /api/run localhost' '{"grammar": "grammar g\nstart S()\nS -> a(\n", "grammar_name": "../x.lgg"}' bad
# The generated mode's inputs (a first byte 0, then the generator's bytes): a few fixed ones.
for i in 1 2 3 4 5 6 7 8; do
  { printf '\0'; for k in 1 2 3 4 5 6 7 8; do printf '%s' "$i.$k" | sha256sum | cut -c1-64; done; } \
    >"corpus/serve_request/generated-$i"
done

cargo +nightly fuzz build "${flags[@]}"
# The generator's inputs: what a short run from nothing finds.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo +nightly fuzz run "${flags[@]}" eval "$work" corpus/eval -- \
  -max_total_time="$seconds" -max_len=4096 -len_control=0 -seed=1 >/dev/null 2>&1 || true
cp "$work"/* corpus/eval/ 2>/dev/null || true

for target in scenario grammar eval cases serve_request; do
  # Edges only (not hit counts): far fewer files, the same coverage.
  cargo +nightly fuzz cmin "${flags[@]}" "$target" "corpus/$target" -- -use_counters=0 >/dev/null 2>&1
  echo "corpus/$target: $(ls "corpus/$target" | wc -l) files, $(du -sh "corpus/$target" | cut -f1)"
done
