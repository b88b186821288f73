"""The split solve on Ray beside one solve (docs/play-and-search.md §3.7, python/README.md):
a 6x6 Othello position and 4x4 Othello from the start, each solved once and split into the
subtrees of its next `plies` moves, one Ray task each (`lingeo.experiments.solve_split`).

    pip install . ray pandas && python3 scripts/measure/othello_split.py

Prints a Markdown table: positions and wall-clock seconds of the one solve and of the split
(its tasks on Ray's workers, one CPU each, Ray started here), with the load average before
and after. Fails unless the split's value and margin are the one solve's.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import lingeo
import lingeo.experiments as ex

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    # (scenario, moves from the start, plies split)
    ("othello-4x4.scenario", "", 2),
    ("othello-6x6.scenario", "c2 b4 b5 d2 a4 c1 e1 a6", 2),
]


def main() -> None:
    print(f"load before: {os.getloadavg()}")
    ex.init()
    print("| position | moves played | one solve: positions | s | split: tasks | positions | s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, start, plies in CASES:
        path = ROOT / "examples" / name
        text = path.read_text()
        scenario = lingeo.Scenario.from_text(text, str(path))
        t = time.perf_counter()
        one = scenario.search(moves=start)
        one_s = time.perf_counter() - t
        t = time.perf_counter()
        split = ex.solve_split((text, str(path)), plies=plies, start=start)
        split_s = time.perf_counter() - t
        assert (split["value"], split["score"]) == (one.value, one.score), name
        label = f"{name} {start}".strip()
        print(
            f"| `{label}` | {len(start.split())} | {one.nodes:,} | {one_s:.1f} "
            f"| {split['tasks']} | {split['nodes']:,} | {split_s:.1f} |"
        )
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
