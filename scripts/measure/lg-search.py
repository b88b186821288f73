"""The "Measured" tables of docs/lg-search.md: the LG search beside the solver on the shipped
games and the scale positions, from the release binary's `--json`.

    cargo build --release && python3 scripts/measure/lg-search.py > /tmp/lg-measured.md

Each row is one command; the value is marked "(estimate)" when the search says it rests on a
static estimate (`proved` and `forced_in_tree` false), "(forced in the tree)" when it is forced
within LG's reduced tree only (`proved` false, `forced_in_tree` true), and not marked when it is
proved for the game. Times are CPU seconds of the search alone (`cpu_time_ms`),
so the load matters less than for wall-clock times; the load average is printed before and
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

A4 = "examples/robot-2d4a.scenario"
RETI = "examples/reti.scenario"
PAWNED = "examples/pawned.scenario"
RACE = "examples/race10.scenario"
MIDDLE = "examples/middlegame-game.scenario"
TEMPO = "tests/scenarios/pawn-tempo.scenario"
SHUT = "tests/scenarios/pawns-shut.scenario"

ROWS = [
    (A4, "lg (the defaults)", ["--engine", "lg"]),
    (A4, "lg, `--zone-moves-only`", ["--engine", "lg", "--zone-moves-only"]),
    (A4, "lg, `--depth 14`", ["--engine", "lg", "--depth", "14"]),
    (A4, "lg, `--race 0`", ["--engine", "lg", "--race", "0"]),
    (A4, "lg, `--no-domination`", ["--engine", "lg", "--no-domination"]),
    (A4, "lg, `--guard-negations`", ["--engine", "lg", "--guard-negations"]),
    (A4, "lg, `--zones translate`", ["--engine", "lg", "--zones", "translate"]),
    (A4, "lg, `--leaf zero --product-zones` (the first defaults)",
     ["--engine", "lg", "--leaf", "zero", "--product-zones", "--no-domination"]),
    (A4, "alphabeta `--solve`", ["--solve"]),
    (A4, "alphabeta `--solve --ordering zones`", ["--solve", "--ordering", "zones"]),
    (RETI, "lg (the defaults)", ["--engine", "lg"]),
    (RETI, "lg, `--zone-moves-only`", ["--engine", "lg", "--zone-moves-only"]),
    (RETI, "alphabeta `--solve`", ["--solve"]),
    (PAWNED, "lg (the defaults)", ["--engine", "lg"]),
    (PAWNED, "lg, `--zone-moves-only`", ["--engine", "lg", "--zone-moves-only"]),
    (PAWNED, "lg, `--zones translate`", ["--engine", "lg", "--zones", "translate"]),
    (PAWNED, "alphabeta `--solve`", ["--solve"]),
    (TEMPO, "lg (the defaults)", ["--engine", "lg"]),
    (TEMPO, "lg, `--zone-moves-only`", ["--engine", "lg", "--zone-moves-only"]),
    (TEMPO, "alphabeta `--solve`", ["--solve"]),
    (SHUT, "lg (the defaults)", ["--engine", "lg"]),
    (SHUT, "lg, `--zone-moves-only`", ["--engine", "lg", "--zone-moves-only"]),
    (SHUT, "alphabeta `--solve`", ["--solve"]),
    (RACE, "lg, `--horizon 3`", ["--engine", "lg", "--horizon", "3"]),
    (RACE, "lg, `--horizon 4`", ["--engine", "lg", "--horizon", "4"]),
    (RACE, "lg, `--horizon 5`", ["--engine", "lg", "--horizon", "5"]),
    (RACE, "lg, `--horizon 5 --race 0`", ["--engine", "lg", "--horizon", "5", "--race", "0"]),
    (RACE, "lg, `--horizon 5 --race 2`", ["--engine", "lg", "--horizon", "5", "--race", "2"]),
    (MIDDLE, "lg, `--horizon 2`", ["--engine", "lg", "--horizon", "2"]),
    (MIDDLE, "lg, `--horizon 3 --race 0`", ["--engine", "lg", "--horizon", "3", "--race", "0"]),
    (MIDDLE, "lg, `--horizon 5 --depth 2 --race 0`",
     ["--engine", "lg", "--horizon", "5", "--depth", "2", "--race", "0"]),
]

# The second table: the plain reduced tree (`--leaf zero --product-zones`, the first defaults
# and the search grammar's tree) by zone source, with and without domination zones.
FIRST = ["--engine", "lg", "--leaf", "zero", "--product-zones"]
PLAIN = [
    (path, f"depth {d}, {z}{', domination' if dom else ''}",
     FIRST + ["--depth", str(d), "--zones", z, "--domination" if dom else "--no-domination"])
    for path, depths in [(A4, [4, 6]), (PAWNED, [6])]
    for d in depths
    for z in ["regenerate", "translate"]
    for dom in ([False, True] if path == A4 else [False])
]


def load():
    with open("/proc/loadavg") as f:
        return " ".join(f.read().split()[:3])


def main() -> None:
    print(f"load average before: {load()}", file=sys.stderr)
    table(ROWS, "engine")
    print()
    table(PLAIN, "depth and zones (`--leaf zero --product-zones`)")
    print(f"load average after: {load()}", file=sys.stderr)


def table(rows, what) -> None:
    print(f"| position | {what} | value | tree moves | positions | CPU time |")
    print("|---|---|---|---:|---:|---:|")
    for path, label, args in rows:
        cmd = [BIN, "search", path, *args, "--json"]
        out = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        if out.returncode != 0:
            sys.exit(f"{' '.join(cmd)} failed: {out.stderr}")
        d = json.loads(out.stdout)
        value = str(d["value"]).replace("-", "−")
        if d.get("proved") is False:
            value += " (forced in the tree)" if d.get("forced_in_tree") else " (estimate)"
        if d.get("race", 0) < d.get("race_asked", 0):
            # The race budget stopped the deepening short.
            value += f", race {d['race']} of {d['race_asked']} plies"
        moves = f"{d['moves']:,}" if "moves" in d else ""
        print(
            f"| `{Path(path).name}` | {label} | {value} | {moves} | {d['nodes']:,} "
            f"| {d['cpu_time_ms'] / 1000:.2f} s |"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
