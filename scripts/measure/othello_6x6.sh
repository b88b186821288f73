#!/usr/bin/env bash
# 6x6 Othello solved from the standard start (issue 48 item 4; docs/play-and-search.md §3.7):
# the solve on the compiled placement rule, on THREADS threads (default 2) with a table of
# TT_MB MiB (default 2048), timed by /usr/bin/time, the load before and after. It fails unless
# the value and the margin are the published result (Feinstein, 1993: White, the second
# player, wins 20 to 16) and the principal variation plays out to that margin.
# Output: the JSON result, then one line of figures. Takes 15 to 45 minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/../.."
threads="${THREADS:-2}"
tt_mb="${TT_MB:-2048}"
cargo build --quiet --release
out="$(mktemp)"
trap 'rm -f "$out" "$out.time"' EXIT
echo "uptime before: $(uptime)"
/usr/bin/time -f '%e s wall, %U s user, %M KiB peak' -o "$out.time" \
  target/release/lingeo search examples/othello-6x6.scenario --solve --json \
  --threads "$threads" --tt-mb "$tt_mb" > "$out"
echo "uptime after: $(uptime)"
cat "$out"
python3 - "$out" "$out.time" <<'PY'
import json, subprocess, sys
r = json.load(open(sys.argv[1]))
figures = open(sys.argv[2]).read().strip()
assert (r["value"], r["score"]) == (1, 4), f"not the published 20-16: {r['value']} {r['score']}"
line = ",".join(r["pv"])
played = subprocess.run(
    ["target/release/lingeo", "play", "examples/othello-6x6.scenario", "--moves", line, "--json"],
    check=True, capture_output=True, text=True)
last = json.loads(played.stdout)["moves"][-1]
margin = sum(1 if name[0] == "W" else -1 for name, _ in last["pieces"])
assert last.get("outcome", {}).get("value") == 1 and margin == 4, f"the line ends {last}"
print(f"value {r['value']}, margin {r['score']}, {r['nodes']:,} positions, {figures}, "
      f"{len(r['pv'])} moves in the line")
PY
