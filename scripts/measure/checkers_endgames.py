"""The table of docs/play-and-search.md §3.6: the LG search beside the alpha-beta solve on the
checkers endings of examples/checkers-endgames/, each with its published result.

    cargo build --release && python3 scripts/measure/checkers_endgames.py > /tmp/endgames.md

Alpha-beta solves (`--solve`, killer ordering, a 256 MiB table): every line to the end of the
game or the file's `limit` of 120 plies. The LG search runs with its defaults (horizon 5, depth
bound 7, the race). The value is White's; LG's is marked "static" where it rests on leaves
valued statically rather than proved. Positions are exact; times are CPU seconds of the search
(`cpu_time_ms`); the load average is printed before and after. Exits non-zero if a command
fails or a solve does not give the published result.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("LINGEO_BIN", str(ROOT / "target" / "release" / "lingeo"))

# (name, file, the published result for White)
ENDINGS = [
    ("First Position, White to move", "first-position", "win"),
    ("First Position, Black to move", "first-position-black-to-move", "draw"),
    ("Two kings against a king in the double corner", "two-kings", "win"),
    ("Two kings against a king in the open", "two-kings-in-the-open", "win"),
    ("King against a man running to be crowned", "king-against-man", "win"),
]


def search(path: Path, *args: str) -> dict:
    cmd = [BIN, "search", str(path), "--json", *args]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode not in (0, 2):
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout)


def value(found: dict) -> str:
    v = found.get("value")
    shown = {1: "win", 0: "draw", -1: "loss", None: "unknown"}[v]
    if found.get("engine") == "lg" and v is not None and not found.get("proved"):
        shown += " (static)"
    return shown


def main() -> None:
    print(f"load before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    print("| ending | published | alpha-beta solve: value, positions, CPU s "
          "| LG: value, tree moves, positions, CPU s |")
    print("|---|---|---|---|")
    for name, file, result in ENDINGS:
        path = ROOT / "examples" / "checkers-endgames" / f"{file}.scenario"
        ab = search(path, "--solve", "--tt-mb", "256")
        lg = search(path, "--engine", "lg")
        if value(ab) != result:
            sys.exit(f"{file}: the solve gives {value(ab)}, published {result}")
        print(
            f"| {name} | {result} "
            f"| {value(ab)}, {ab['nodes']:,}, {ab['cpu_time_ms'] / 1000:.2f} "
            f"| {value(lg)}, {lg['moves']:,}, {lg['nodes']:,}, "
            f"{lg['cpu_time_ms'] / 1000:.2f} |"
        )
    print(f"load after: {os.getloadavg()[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
