"""Issue 29's closing note: a Python session (the package installed by `pip install .` into a
fresh virtual environment) computing a map, a zone count, a grammar's language and a solve, each
compared with the CLI's `--json` on the same inputs.

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install . numpy
    LINGEO_BIN=target/release/lingeo /tmp/venv/bin/python scripts/measure/python-session.py

Prints one line per job (the value Python computed and whether its `.to_dict()` equals the
CLI's JSON) and exits non-zero if any differs.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import lingeo

ROOT = Path(__file__).resolve().parents[2]
BIN = os.environ.get("LINGEO_BIN", str(ROOT / "target" / "release" / "lingeo"))
FIGHTER = ROOT / "examples" / "robot-fighter.scenario"
ZONE = ROOT / "examples" / "robot-zone-full.scenario"
PAWNED = ROOT / "examples" / "pawned.scenario"
SHORTEST = ROOT / "grammars" / "shortest-trajectories.lgg"


def cli(*args):
    out = subprocess.run([BIN, *map(str, args), "--json"], capture_output=True, text=True, cwd=ROOT)
    if out.returncode != 0:
        sys.exit(f"lingeo {' '.join(map(str, args))} failed: {out.stderr}")
    return json.loads(out.stdout)


def timeless(d):
    return {k: v for k, v in d.items() if k not in ("time_ms", "cpu_time_ms")}


failures = 0


def show(job, value, python, command):
    global failures
    same = python == command
    failures += not same
    print(f"{job:<44} {value:<40} equal to the CLI's --json: {same}")


print(f"lingeo {lingeo.__version__ if hasattr(lingeo, '__version__') else ''} from {lingeo.__file__}")
s = lingeo.Scenario.load(FIGHTER)
m = s.map(piece="FIGHTER")
show("map FIGHTER (robot-fighter)", f"h1 = m[0, 7] = {m[0, 7]}, shape {m.shape}",
     s.map_dict(piece="FIGHTER"), cli("map", FIGHTER, "--piece", "FIGHTER"))

z = lingeo.Scenario.load(ZONE).zones("BOMBER", "h1", 4)
show("zones BOMBER -> h1, horizon 4 (robot-zone-full)", f"count = {z.count}", z.to_dict(),
     cli("zones", ZONE, "--piece", "BOMBER", "--to", "h1", "--horizon", "4"))

lang = lingeo.Grammar.load(SHORTEST).run("S(f6, h1, 5)", scenario=s, piece="FIGHTER")
show("run shortest-trajectories S(f6, h1, 5)", f"{lang.count} sentences", lang.to_dict(),
     cli("run", SHORTEST, FIGHTER, "--piece", "FIGHTER", "--start", "S(f6, h1, 5)"))

r = lingeo.Scenario.load(PAWNED).search(solve=True)
show("search --solve (pawned)", f"value {r.value}, {r.nodes} nodes", timeless(r.to_dict()),
     timeless(cli("search", PAWNED, "--solve")))

sys.exit(1 if failures else 0)
