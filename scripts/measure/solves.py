"""The table of docs/play-and-search.md §3.1: alpha-beta solving the shipped games with each
ordering, from the release binary's `--json`.

    cargo build --release && python3 scripts/measure/solves.py > /tmp/solves.md

Each row is one `lingeo search --solve` without a node or time limit, so it is one search to
the end of the game (a budget would make it the anytime solve, docs/play-and-search.md §3.2).
Pawned on other boards and 2D/4A under the plainest reading (without `safe FIGHTER`) are the
shipped files with that one line changed, written to a temporary directory. Positions are
exact; times are CPU seconds of the search alone (`cpu_time_ms`), the load average is printed
before and after. Exits non-zero if a command fails.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("LINGEO_BIN", str(ROOT / "target" / "release" / "lingeo"))


def variant(directory: Path, shipped: str, name: str, edit) -> str:
    text = (ROOT / "examples" / shipped).read_text()
    changed = edit(text)
    if changed == text:
        sys.exit(f"{shipped}: the edit for {name} changed nothing")
    path = directory / name
    path.write_text(changed)
    return str(path)


def board(size: str):
    return lambda text: re.sub(r"(?m)^board 5x6$", f"board {size}", text)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        pawned = str(ROOT / "examples" / "pawned.scenario")
        a4 = str(ROOT / "examples" / "robot-2d4a.scenario")
        reti = str(ROOT / "examples" / "reti.scenario")
        six = variant(tmp, "pawned.scenario", "pawned-6x6.scenario", board("6x6"))
        seven = variant(tmp, "pawned.scenario", "pawned-6x7.scenario", board("6x7"))
        plain = variant(
            tmp,
            "robot-2d4a.scenario",
            "robot-2d4a-plain.scenario",
            lambda t: re.sub(r"(?m)^\s*safe FIGHTER\s*$\n", "", t),
        )
        rows = [
            ("Pawned 5x6", pawned, "none", []),
            ("Pawned 5x6", pawned, "history", []),
            ("Pawned 5x6", pawned, "killer", []),
            ("Pawned 5x6", pawned, "zones (horizon 5)", ["--horizon", "5"]),
            ("Pawned 6x6 (`--tt-mb 64`)", six, "killer", ["--tt-mb", "64"]),
            ("Pawned 6x6 (`--tt-mb 256`)", six, "killer", ["--tt-mb", "256"]),
            ("Pawned 6x7 (`--tt-mb 1024`)", seven, "killer", ["--tt-mb", "1024"]),
            ("2D/4A (`safe`)", a4, "killer", []),
            ("2D/4A (`safe`)", a4, "zones (horizon 4)", ["--horizon", "4"]),
            ("2D/4A (plain)", plain, "history", []),
            ("Réti", reti, "killer", []),
            ("Réti", reti, "zones (horizon 4)", ["--horizon", "4"]),
        ]
        print(f"load before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
        print("| position | ordering | value | positions | CPU time |")
        print("|---|---|---|---:|---:|")
        for name, path, ordering, extra in rows:
            args = [BIN, "search", path, "--solve", "--ordering", ordering.split()[0], "--json"]
            done = subprocess.run(args + extra, capture_output=True, text=True)
            if done.returncode != 0:
                sys.exit(f"{name} {ordering}: exit {done.returncode}: {done.stderr.strip()}")
            out = json.loads(done.stdout)
            cpu = out.get("cpu_time_ms", out["time_ms"]) / 1000
            print(
                f"| {name} | {ordering} | {out['value']} | {out['nodes']:,} | {cpu:.2f} s |",
                flush=True,
            )
        print(f"load after: {os.getloadavg()[0]:.2f}", file=sys.stderr)


if __name__ == "__main__":
    main()
