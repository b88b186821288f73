#!/usr/bin/env bash
# Pawned solved on larger boards (issue 49 item 6; docs/play-and-search.md §3.8): for each
# board of BOARDS (default "6x7"), the shipped Pawned file with its board line changed, solved
# on the compiled stepping rule on THREADS threads (default 2) with a table of TT_MB MiB
# (default 1024), timed by /usr/bin/time, the load before and after. It fails unless the
# principal variation plays out to the value found. With SECOND=1 each board is solved again
# by the play layer's anytime solve (what a node limit runs, here one no solve reaches:
# iterative deepening on another move generator and table) on one thread, and it fails unless
# the two values agree.
# Output: one line of figures per solve. On one core 6x7 takes seconds, 6x8 two minutes and
# 7x7 a quarter of an hour; the anytime solve 6x8 eight minutes and 7x7 more than 80 minutes.
set -euo pipefail
cd "$(dirname "$0")/../.."
boards="${BOARDS:-6x7}"
threads="${THREADS:-2}"
tt_mb="${TT_MB:-1024}"
memory=$((tt_mb + 2048))
cargo build --quiet --release
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
solve() { # board, label, extra arguments...
  local board="$1" label="$2"
  shift 2
  local file="$dir/pawned-$board.scenario"
  sed "s/^board 5x6$/board $board/" examples/pawned.scenario > "$file"
  echo "uptime before: $(uptime)"
  /usr/bin/time -f '%e s wall, %U s user, %M KiB peak' -o "$dir/time" \
    target/release/lingeo search "$file" --solve --json --tt-mb "$tt_mb" \
    --max-memory "$memory" "$@" > "$dir/$board-$label.json"
  echo "uptime after: $(uptime)"
  python3 - "$file" "$dir/$board-$label.json" "$dir/time" "$board" "$label" <<'PY'
import json, subprocess, sys
file, result, timing, board, label = sys.argv[1:]
r = json.load(open(result))
assert r.get("value") is not None, f"{board}: no value: {r}"
played = subprocess.run(
    ["target/release/lingeo", "play", file, "--moves", ",".join(r["pv"]), "--json"],
    check=True, capture_output=True, text=True)
last = json.loads(played.stdout)["moves"][-1]
assert last.get("outcome", {}).get("value") == r["value"], f"{board}: the line ends {last}"
print(f"Pawned {board} ({label}): value {r['value']}, {r['nodes']:,} positions, "
      f"{open(timing).read().strip()}, line of {len(r['pv'])} moves: {' '.join(r['pv'])}")
PY
}
for board in ${boards//,/ }; do
  solve "$board" "compiled, $threads threads" --threads "$threads"
  if [ "${SECOND:-0}" = 1 ]; then
    solve "$board" "play layer anytime, 1 thread" --threads 1 --max-nodes 1000000000000
    python3 - "$dir/$board-compiled, $threads threads.json" "$dir/$board-play layer anytime, 1 thread.json" <<'PY'
import json, sys
a, b = (json.load(open(p))["value"] for p in sys.argv[1:])
assert a == b, f"the two solves disagree: {a} and {b}"
print(f"the two solves agree: {a}")
PY
  fi
done
