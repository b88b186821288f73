"""Batches of lingeo work as Ray tasks: matches between engines, solves of many positions,
one solve split into the root's subtrees, and LG-vs-solver agreement runs, gathered into
pandas DataFrames.

>>> from lingeo import experiments as ex                                  # doctest: +SKIP
>>> ex.init(workers=2)                # ray.init() on this machine        # doctest: +SKIP
>>> games = ex.matches("examples/pawned.scenario",
...                    [("eval=fuzzy,depth=2", "eval=material,depth=2")], games=20)
>>> ex.match_summary(games)                                               # doctest: +SKIP

Every task gets the scenario as text (a few hundred bytes) and returns plain dicts, so a
cluster's workers need lingeo installed but no file of the driver's: ``init(address=...)``
joins a running cluster (``ray start --head`` on one machine, ``ray start --address=...`` on
the others). Ray, pandas and matplotlib are optional dependencies: ``pip install ray pandas``.

The results do not depend on how the work was split or on how many workers ran it: a match's
games are numbered and each is played by the same rules as in ``lingeo match``, whichever
task plays it, and the frames are sorted by the work's order.
"""

from __future__ import annotations

import math
import os
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import lingeo

__all__ = [
    "init",
    "shutdown",
    "matches",
    "match_summary",
    "solves",
    "split",
    "solve_split",
    "agreement",
]

#: What one task plays of a match by default: a part small enough to spread, large enough
#: that a task's start (a few milliseconds) is small beside its games.
DEFAULT_CHUNK = 10


def _ray() -> Any:
    try:
        import ray
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "lingeo.experiments runs on Ray, which lingeo does not install: pip install ray pandas"
        ) from e
    return ray


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "lingeo.experiments gathers its results with pandas: pip install pandas"
        ) from e
    return pandas


def init(
    address: Optional[str] = None, workers: Optional[int] = None, **kwargs: Any
) -> Dict[str, Any]:
    """Starts Ray on this machine (``workers``: the CPUs it may use, default all), or with
    ``address`` (``"ray://head:10001"`` or ``"auto"``) joins a running cluster. Further
    arguments go to ``ray.init``. Returns the cluster's resources. Calling it again while Ray
    runs restarts it with the new settings."""
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()
    options: Dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
    options.update(kwargs)
    if address is not None:
        ray.init(address=address, **options)
    else:
        ray.init(num_cpus=workers, **options)
    return dict(ray.cluster_resources())


def shutdown() -> None:
    """Stops Ray (started by :func:`init`)."""
    ray = _ray()
    if ray.is_initialized():
        ray.shutdown()


def _text(scenario: Union[str, "os.PathLike[str]", Tuple[str, str]]) -> Tuple[str, str]:
    """The scenario as (text, name): a path is read here, on the driver."""
    if isinstance(scenario, tuple):
        return scenario
    path = os.fspath(scenario)
    with open(path, encoding="utf-8") as f:
        return f.read(), path


def _run(tasks: List[Tuple[Callable[..., Any], Tuple[Any, ...]]]) -> List[Any]:
    """Runs each (function, arguments) as a Ray task (one CPU each, Ray started locally if
    it is not yet) and returns their results in the tasks' order."""
    ray = _ray()
    if not ray.is_initialized():
        init()
    remote: Dict[Callable[..., Any], Any] = {}
    refs = []
    for f, args in tasks:
        if f not in remote:
            remote[f] = ray.remote(num_cpus=1)(f)
        refs.append(remote[f].remote(*args))
    return ray.get(refs)


def _match_part(
    text: str, name: str, white: str, black: str, first: int, games: int
) -> List[Dict[str, Any]]:
    """Games ``first .. first + games`` of a match: one row each."""
    scenario = lingeo.Scenario.from_text(text, name)
    m = lingeo.match(scenario, white, black, games, first=first)
    stopped = m.to_dict().get("stopped")
    if stopped:
        raise lingeo.LingeoError(f"{white} vs {black}: {stopped}")
    return [dict(g, white=white, black=black) for g in m.games]


def matches(
    scenario: Union[str, "os.PathLike[str]", Tuple[str, str]],
    pairings: Sequence[Tuple[str, str]],
    games: int = 20,
    chunk: int = DEFAULT_CHUNK,
) -> Any:
    """Plays ``games`` games of each pairing (first engine's spec, second's), as ``lingeo
    match`` does, split into tasks of ``chunk`` games. One row a game: ``white``, ``black``
    (the specs as given), ``game``, ``opening``, ``first_white``, ``result`` (1, 0, -1 from
    the first engine's side), sorted by pairing and game."""
    if games < 1 or chunk < 1:
        raise ValueError("games and chunk must be at least 1")
    text, name = _text(scenario)
    tasks = [
        (_match_part, (text, name, a, b, first, min(chunk, games - first)))
        for a, b in pairings
        for first in range(0, games, chunk)
    ]
    rows = [row for part in _run(tasks) for row in part]
    columns = ["white", "black", "game", "opening", "first_white", "result"]
    return _pandas().DataFrame(rows, columns=columns)


def _elo(wins: int, draws: int, losses: int) -> Tuple[Optional[float], Optional[float]]:
    """The Elo difference and its 95% half-width, as ``lingeo match`` computes them."""
    n = wins + draws + losses
    if n == 0:
        return None, None
    s = (wins + draws / 2) / n
    if s <= 0 or s >= 1:
        return None, None

    def elo(p: float) -> float:
        return -400 * math.log10(1 / p - 1)

    mean_sq = (wins + draws / 4) / n
    se = math.sqrt(max(mean_sq - s * s, 0) / n)
    lo = elo(max(s - 1.96 * se, 1e-9))
    hi = elo(min(s + 1.96 * se, 1 - 1e-9))
    return elo(s), (hi - lo) / 2


def match_summary(games: Any) -> Any:
    """One row a pairing of :func:`matches`' frame: ``games``, ``wins``, ``draws``,
    ``losses``, ``score`` (points per game of the first engine), ``elo`` and ``elo_error``
    (None where unbounded), as ``lingeo match --json`` gives them."""
    rows = []
    for (white, black), g in games.groupby(["white", "black"], sort=False):
        wins = int((g["result"] == 1).sum())
        draws = int((g["result"] == 0).sum())
        losses = int((g["result"] == -1).sum())
        n = wins + draws + losses
        elo, err = _elo(wins, draws, losses)
        rows.append(
            {
                "white": white,
                "black": black,
                "games": n,
                "wins": wins,
                "draws": draws,
                "losses": losses,
                "score": (wins + draws / 2) / n if n else None,
                "elo": elo,
                "elo_error": err,
            }
        )
    return _pandas().DataFrame(rows)


def _solve(text: str, name: str, moves: str, options: Dict[str, Any]) -> Dict[str, Any]:
    scenario = lingeo.Scenario.from_text(text, name)
    r = scenario.search(moves=moves, **options).to_dict()
    return {
        "moves": moves,
        "value": r.get("value"),
        "score": r.get("score"),
        "nodes": r.get("nodes"),
        "depth": r.get("depth"),
        "pv": " ".join(r.get("pv") or []),
        "counted": bool(r.get("counted")),
        "time_ms": r.get("time_ms"),
    }


def solves(
    scenario: Union[str, "os.PathLike[str]", Tuple[str, str]],
    positions: Sequence[str],
    **options: Any,
) -> Any:
    """Searches each position (the moves that lead to it from the start, as ``search
    --moves`` reads them), one task each, with ``options`` of :meth:`lingeo.Scenario.search`
    (default: an alpha-beta solve). One row a position: ``moves``, ``value``, ``score``,
    ``nodes``, ``depth``, ``pv``, ``counted`` (the score is the final margin), ``time_ms``."""
    text, name = _text(scenario)
    rows = _run([(_solve, (text, name, p, dict(options))) for p in positions])
    return _pandas().DataFrame(rows)


def split(
    scenario: Union[str, "os.PathLike[str]", Tuple[str, str]],
    plies: int = 2,
    start: Union[str, Sequence[str]] = "",
) -> List[str]:
    """The lines of ``plies`` legal moves from the position ``start`` leads to (moves from
    the start of the game, as ``search --moves`` reads them; default the start itself; a line
    stops early where the game ends), in the order the play layer generates the moves: the
    independent subtrees that :func:`solve_split` solves one task each. Each line is written
    from the start of the game, ``start`` included, as ``search --moves`` reads it."""
    if plies < 0:
        raise ValueError(f"plies must be at least 0, not {plies}")
    text, name = _text(scenario)
    position = lingeo.Position(lingeo.Scenario.from_text(text, name))
    lines: List[str] = []

    def walk(line: List[str], left: int) -> None:
        moves = position.legal_moves
        if left == 0 or position.is_game_over() or not moves:
            lines.append(" ".join(line))
            return
        for move in moves:
            played = position.push(move)
            walk(line + [played], left - 1)
            position.pop()

    played = [position.push(move) for move in _start_moves(start)]
    walk(played, plies)
    return lines


def _start_moves(start: Union[str, Sequence[str]]) -> List[str]:
    """The moves of ``start``, a line as ``search --moves`` reads it or a list of moves."""
    if isinstance(start, str):
        return [m for m in start.replace(",", " ").split() if m]
    return list(start)


def _turns(text: str, name: str, lines: Sequence[str]) -> Dict[str, str]:
    """The side to move after every proper prefix of ``lines`` (the inner nodes of the split)."""
    scenario = lingeo.Scenario.from_text(text, name)
    turns: Dict[str, str] = {}
    for line in lines:
        moves = line.split()
        position = lingeo.Position(scenario)
        for k in range(len(moves)):
            prefix = " ".join(moves[:k])
            if prefix not in turns:
                turns[prefix] = position.turn
            position.push(moves[k])
    return turns


def solve_split(
    scenario: Union[str, "os.PathLike[str]", Tuple[str, str]],
    plies: int = 2,
    local: bool = False,
    start: Union[str, Sequence[str]] = "",
    **options: Any,
) -> Dict[str, Any]:
    """Solves the game from its start, or from the position the moves ``start`` lead to, by
    solving each line of :func:`split` (``plies`` moves on) as its own task and backing the
    values up those ``plies`` moves by negamax: White takes the largest, Black the smallest. A game counted by its pieces (Othello: the solve's
    ``counted``) is backed up by its final margin (``score``), any other by its value.
    ``options`` go to each solve (:meth:`lingeo.Scenario.search`; default an alpha-beta solve
    with its defaults); ``local`` runs the tasks here one after another instead of on Ray.

    Returns ``value``, ``score`` (the margin where counted), ``counted``, ``pv`` (the best
    line through the split from its root, then its leaf's principal variation), ``nodes`` (every task's
    positions; more than one solve of the root visits, since the tasks share no window and
    no table), ``tasks``, and ``leaves``, a DataFrame of the tasks (as :func:`solves`).

    Every leaf must be solved (a ``value``): a leaf stopped by a limit leaves the root's value
    unknown, which is an error here rather than a guess."""
    text, name = _text(scenario)
    lines = split((text, name), plies, start)
    tasks = [(_solve, (text, name, line, dict(options))) for line in lines]
    rows = [f(*a) for f, a in tasks] if local else _run(tasks)
    unsolved = [r["moves"] for r in rows if r["value"] is None]
    if unsolved:
        raise lingeo.LingeoError(
            f"{len(unsolved)} of {len(rows)} subtrees were not solved "
            f"(first: {unsolved[0]!r}); give the solves more time or nodes"
        )
    counted = all(r["counted"] for r in rows)
    turns = _turns(text, name, lines)
    by_line = {r["moves"]: r for r in rows}

    def key(r: Dict[str, Any]) -> int:
        return int(r["score"]) if counted else int(r["value"])

    def best(prefix: str) -> Tuple[Dict[str, Any], List[str]]:
        """The backed-up row of the node ``prefix`` and its line below it."""
        if prefix in by_line:
            r = by_line[prefix]
            return r, r["pv"].split() if r["pv"] else []
        children = [
            line for line in lines
            if line.startswith(prefix + " " if prefix else "") and line != prefix
        ]
        moves: List[str] = []
        for line in children:
            rest = line[len(prefix):].split()
            if rest and rest[0] not in moves:
                moves.append(rest[0])
        results = []
        for m in moves:
            child = f"{prefix} {m}".strip()
            r, below = best(child)
            results.append((r, [m] + below))
        pick = max if turns[prefix] == "white" else min
        return pick(results, key=lambda rb: key(rb[0]))

    # The split's root: the line ``start`` as the lines write it (their first moves).
    depth = len(_start_moves(start))
    root_line = " ".join(lines[0].split()[:depth]) if lines else ""
    root, line = best(root_line)
    frame = _pandas().DataFrame(rows)
    return {
        "value": root["value"],
        "score": root["score"],
        "counted": counted,
        "pv": line,
        "nodes": int(sum(r["nodes"] for r in rows)),
        "tasks": len(rows),
        "leaves": frame,
    }


def _agree(text: str, name: str, moves: str, lg: Dict[str, Any]) -> Dict[str, Any]:
    scenario = lingeo.Scenario.from_text(text, name)
    solved = scenario.search(moves=moves).to_dict()
    searched = scenario.search(engine="lg", moves=moves, **lg).to_dict()
    value, lg_value = solved.get("value"), searched.get("value")
    return {
        "moves": moves,
        "solver_value": value,
        "solver_nodes": solved.get("nodes"),
        "lg_value": lg_value,
        "lg_proved": searched.get("proved"),
        "lg_forced": searched.get("forced_in_tree"),
        "lg_nodes": searched.get("nodes"),
        "agree": None if value is None or lg_value is None else value == lg_value,
    }


def agreement(
    scenario: Union[str, "os.PathLike[str]", Tuple[str, str]],
    positions: Sequence[str],
    **lg: Any,
) -> Any:
    """The LG search beside the solver on each position (docs/lg-search.md), one task each:
    ``moves``, ``solver_value``, ``solver_nodes``, ``lg_value``, ``lg_proved`` (True: the
    value is proved for the game, every legal move refuted), ``lg_forced`` (True: forced within
    LG's tree, where outside it is not checked), ``lg_nodes``, ``agree``. ``lg``: options of the LG search
    (``depth``, ``horizon``, ``max_nodes``, ``time``)."""
    text, name = _text(scenario)
    rows = _run([(_agree, (text, name, p, dict(lg))) for p in positions])
    return _pandas().DataFrame(rows)
