"""The table of docs/play-and-search.md §3.4: alpha-beta and the LG search on classic chess
studies under the rules of chess (examples/studies/), beside each study's published answer.

    cargo build --release && python3 scripts/measure/chess_studies.py > /tmp/studies.md

Alpha-beta searches to the depth given per study (material evaluation, killer ordering, its
table, quiescence at the depth bound); the LG search runs with its defaults (horizon: the
farthest pawn's distance to its promotion point, or 5; depth bound the horizon + 2; the race).
Each row says whether the engine's first move is the published one. Positions are exact;
times are CPU seconds of the search (`cpu_time_ms`); the load average is printed before and
after. Exits non-zero if a command fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("LINGEO_BIN", str(ROOT / "target" / "release" / "lingeo"))

SAAVEDRA_5 = "c6-c7 d5-d6 b6-b5 d6-d5 b5-b4 d5-d4 b4-b3 d4-d3 b3-c2 d3-d4"

# (name, file, moves played first, the published move, its value for White, alpha-beta's depth)
STUDIES = [
    ("Réti 1921", "reti", "", "h8-g7", "draw", 16),
    ("Saavedra 1895", "saavedra", "", "c6-c7", "win", 8),
    ("Saavedra after 5...Rd4", "saavedra", SAAVEDRA_5, "c7-c8=R", "win", 12),
    ("Fine 70 (Lasker-Reichhelm 1901)", "fine-70", "", "a1-b1", "win", 26),
    ("Lucena (Salvio 1634)", "lucena", "", "c1-d1", "win", 14),
]


def search(path: Path, moves: str, *args: str) -> dict:
    cmd = [BIN, "search", str(path), "--json", *args]
    if moves:
        cmd += ["--moves", moves]
    done = subprocess.run(cmd, capture_output=True, text=True)
    # Exit code 2 is a search stopped by its limits, with a result.
    if done.returncode not in (0, 2):
        sys.exit(f"{' '.join(cmd)} failed ({done.returncode}):\n{done.stderr}")
    return json.loads(done.stdout)


def value(found: dict) -> str:
    v = found.get("value")
    shown = {1: "win", 0: "draw", -1: "loss", None: "unknown"}[v]
    if found.get("engine") == "lg" and v is not None and not found.get("proved"):
        shown += " (static)"
    elif found.get("engine") != "lg" and v is None:
        shown = f"score {found['score']}"
    return shown


def main() -> None:
    print(f"load before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    print("| study | published | alpha-beta: move, value, depth, positions, CPU s "
          "| LG: move, value, tree moves, positions, CPU s |")
    print("|---|---|---|---|")
    for name, file, moves, published, result, depth in STUDIES:
        path = ROOT / "examples" / "studies" / f"{file}.scenario"
        ab = search(path, moves, "--depth", str(depth))
        lg = search(path, moves, "--engine", "lg")

        def first(found: dict) -> str:
            move = found["pv"][0] if found["pv"] else "none"
            mark = "✓" if move == published else "✗"
            return f"{mark} {move}"

        print(
            f"| {name} | {published} ({result}) "
            f"| {first(ab)}, {value(ab)}, {ab['depth']}, {ab['nodes']:,}, "
            f"{ab['cpu_time_ms'] / 1000:.2f} "
            f"| {first(lg)}, {value(lg)}, {lg['moves']:,}, {lg['nodes']:,}, "
            f"{lg['cpu_time_ms'] / 1000:.2f} |"
        )
    print(f"load after: {os.getloadavg()[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
