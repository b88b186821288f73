"""The examples of python/README.md run as written (its first example, the chess example, the matches and
comparisons, in one namespace, from the repository root): a name the README uses without
defining it fails here. `to_pandas()` lines run only where pandas is installed; the example
that raises on purpose (`RunError`) and the Ray experiments are left out."""

import importlib.util
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def python_blocks():
    text = (ROOT / "python" / "README.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, re.S)


def test_readme_examples_run_in_order(monkeypatch):
    blocks = python_blocks()
    first = blocks[0]
    matches = next(b for b in blocks if "lingeo.compare(" in b)
    assert "Scenario.load" in first
    pandas = importlib.util.find_spec("pandas") is not None
    lines = [
        line
        for line in matches.splitlines()
        if pandas or ".to_pandas()" not in line
    ]
    monkeypatch.chdir(ROOT)
    namespace = {}
    exec(compile(first, "README.md (first example)", "exec"), namespace)
    exec(compile("\n".join(lines), "README.md (matches and comparisons)", "exec"), namespace)
    chess = next(b for b in blocks if "Scenario.from_fen(" in b)
    exec(compile(chess, "README.md (chess)", "exec"), namespace)
    assert namespace["p"].fen == "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
    assert namespace["reti"].move_stack == ["h8-g7"]
    assert namespace["c"].to_dict()["passed"] is True
    assert namespace["m"].to_dict()["games"]
    assert os.getcwd() == str(ROOT)
