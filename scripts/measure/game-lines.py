#!/usr/bin/env python3
"""The library code each game of issue 48 added outside its scenario file
(docs/play-and-search.md §3.5): per game, its commits, and per file of src/ the code lines those commits added, net
(lines after minus lines before). A code line is a line of a .rs file that is not blank and not
only a comment, counted outside the file's unit tests (from `#[cfg(test)]` to the end of the file,
where this repository keeps them) and outside files of tests alone (`*_tests.rs`, `tests.rs`), in
the library only (not the binary's `src/cli/`, `src/serve/`). Run from the
repository: `python3 scripts/measure/game-lines.py` prints the Markdown table the docs show."""

import re
import subprocess
import sys
from collections import defaultdict

# Each game's commits on main, in order: what the game needed of the engine. The general
# features that came with a game (the margin scoring of games decided by count, the mobility
# ordering, `removed light`, `rank last-N`) are counted with it and marked.
GAMES = {
    "checkers": [
        ("7870edd", "jumps, crowning, compulsory capture as data"),
        ("23a9226", "the jump tables in the memory check"),
        ("1ead450", "a goal taken by a later jump of a chain"),
    ],
    "Othello": [
        ("83435be", "placement and flipping as data, `centre`"),
        ("b949581", "searched for the margin (any game decided by count)"),
        ("9560f73", "the mobility ordering (any game)"),
        ("f825c5b", "placed and flipped pieces shown by their side"),
        ("e0016b4", "the reserve in hand neither safe nor royal"),
    ],
}


def git(*args):
    return subprocess.run(["git", *args], check=True, capture_output=True, text=True).stdout


def code_lines(text):
    """Non-blank, non-comment lines before the unit tests."""
    cut = re.search(r"^#\[cfg\(test\)\]", text, re.M)
    if cut:
        text = text[: cut.start()]
    n = 0
    in_block = False
    for line in text.splitlines():
        s = line.strip()
        if in_block:
            if "*/" in s:
                in_block = False
            continue
        if not s or s.startswith("//"):
            continue
        if s.startswith("/*"):
            in_block = "*/" not in s
            continue
        n += 1
    return n


def at(commit, path):
    try:
        return git("show", f"{commit}:{path}")
    except subprocess.CalledProcessError:
        return ""  # the file did not exist


def added(commit):
    files = git("diff", "--name-only", f"{commit}^", commit, "--", "src").split()
    out = {}
    for f in files:
        if not f.endswith(".rs") or f.endswith("_tests.rs") or f.endswith("/tests.rs"):
            continue
        # The library only: the binary's command line and server are front ends.
        if f.startswith(("src/cli/", "src/serve/")) or f in ("src/main.rs", "src/drift.rs"):
            continue
        d = code_lines(at(commit, f)) - code_lines(at(f"{commit}^", f))
        if d:
            out[f] = d
    return out


def main():
    print("| game | file | code lines added |")
    print("|---|---|---:|")
    for game, commits in GAMES.items():
        per_file = defaultdict(int)
        for commit, _ in commits:
            for f, d in added(commit).items():
                per_file[f] += d
        total = 0
        for f, d in sorted(per_file.items(), key=lambda x: (-x[1], x[0])):
            print(f"| {game} | `{f}` | {d} |")
            total += d
        print(f"| **{game}** | **total** ({', '.join(c for c, _ in commits)}) | **{total}** |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
