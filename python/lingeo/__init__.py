"""Linguistic Geometry (Stilman) on abstract boards, from Python.

A thin layer over the Rust library ``lingeo`` (its ``lingeo::api``): every result converts
with ``.to_dict()`` into exactly what the command-line tool's ``--json`` prints, and the
computations run with the GIL released.

>>> import lingeo
>>> s = lingeo.Scenario.load("examples/robot-fighter.scenario")   # doctest: +SKIP
>>> s.map(piece="FIGHTER")[0, 7]                                   # doctest: +SKIP
5
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _lingeo
from ._lingeo import (
    FileError,
    GameError,
    LingeoError,
    ParseError,
    RequestError,
    RunError,
    StoppedError,
    TooLargeError,
)

__version__ = _lingeo.__version__

__all__ = [
    "Scenario",
    "Grammar",
    "Zones",
    "Search",
    "Trajectories",
    "Language",
    "Line",
    "Evaluation",
    "LingeoError",
    "ParseError",
    "RequestError",
    "TooLargeError",
    "GameError",
    "RunError",
    "StoppedError",
    "FileError",
    "REMOVED",
]

#: The value of a removed point (a hole in the board) in the array ``Scenario.map`` returns.
REMOVED = -1


class _Result:
    """A result: its JSON (the CLI's ``--json``) as a dict, and attributes read from it."""

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    def to_dict(self) -> Dict[str, Any]:
        """What ``lingeo ... --json`` prints for the same request, as a dict."""
        return json.loads(json.dumps(self._data))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._data!r})"


class Zones(_Result):
    """The zones of one attack (``lingeo zones``): the count and the bundle view, or with
    ``all_zones=True`` every zone."""

    def __init__(self, data: Dict[str, Any], count: int, saturated: bool):
        super().__init__(data)
        #: The exact number of zones (a Python int, any size); a lower bound when
        #: ``saturated`` (the count passed 128 bits).
        self.count: int = count
        #: Whether there are more zones than ``count``.
        self.saturated: bool = saturated

    @property
    def bundles(self) -> Optional[List[Dict[str, Any]]]:
        """The bundle view: each main trajectory with its attach pairs (None with all_zones)."""
        return self._data.get("bundles")

    @property
    def zones(self) -> Optional[List[List[Dict[str, Any]]]]:
        """Every zone, each a list of entries (with ``all_zones=True``)."""
        return self._data.get("zones")

    @property
    def horizon(self) -> int:
        return self._data["horizon"]


class Search(_Result):
    """A search's result (``lingeo search``)."""

    @property
    def value(self) -> Optional[int]:
        """The value from White's side (1, 0, -1); None where the search proved none."""
        return self._data["value"]

    @property
    def score(self) -> int:
        return self._data["score"]

    @property
    def nodes(self) -> int:
        """Positions visited."""
        return self._data["nodes"]

    @property
    def pv(self) -> List[str]:
        """The principal variation, in the notation ``play`` reads."""
        return list(self._data["pv"])

    @property
    def depth(self) -> int:
        return self._data["depth"]


class Trajectories(_Result):
    """A bundle of trajectories (``lingeo trajectories``)."""

    def __init__(self, data: Dict[str, Any], count: int):
        super().__init__(data)
        #: The exact number of trajectories.
        self.count: int = count

    @property
    def distance(self) -> Optional[int]:
        return self._data["distance"]

    @property
    def trajectories(self) -> Optional[List[List[str]]]:
        return self._data.get("trajectories")


class Language(_Result):
    """A grammar's language (``lingeo run``)."""

    @property
    def count(self) -> int:
        return self._data["count"]

    @property
    def sentences(self) -> List[List[str]]:
        """Each sentence as its list of symbols (``a(h8)``); the empty sentence is ``[]``."""
        return [[] if s == "e" else _symbols(s) for s in self._data["language"]]

    @property
    def strings(self) -> List[str]:
        """Each sentence as ``lingeo run`` prints it (``e`` for the empty one)."""
        return list(self._data["language"])


class Line(_Result):
    """A line of moves replayed (``lingeo play``)."""

    @property
    def positions(self) -> List[Dict[str, Any]]:
        return self._data["moves"]


class Evaluation(_Result):
    """The fuzzy (or learned) evaluation of a position (``lingeo evaluate``)."""

    @property
    def value(self) -> float:
        return self._data["value"]

    @property
    def material(self) -> float:
        return self._data["material"]

    @property
    def goals(self) -> List[Dict[str, Any]]:
        return self._data["goals"]


def _symbols(sentence: str) -> List[str]:
    """Splits a sentence at the spaces outside parentheses."""
    out, depth, start = [], 0, 0
    for i, c in enumerate(sentence):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == " " and depth == 0:
            if i > start:
                out.append(sentence[start:i])
            start = i + 1
    if start < len(sentence):
        out.append(sentence[start:])
    return out


def _moves(moves: Union[str, Sequence[str]]) -> str:
    return moves if isinstance(moves, str) else ", ".join(moves)


class Scenario:
    """A scenario (board, piece types, pieces, goals, rules of play) and its distance kernel."""

    def __init__(self, native: "_lingeo.Scenario"):
        self._native = native

    @staticmethod
    def load(path: "Union[str, os.PathLike[str]]") -> "Scenario":
        """Reads a ``.scenario`` file."""
        return Scenario(_lingeo.Scenario.load(path))

    @staticmethod
    def from_text(text: str, name: str = "<text>") -> "Scenario":
        """Parses scenario text; ``name`` names it in errors."""
        return Scenario(_lingeo.Scenario.from_text(text, name))

    @staticmethod
    def empty(files: int = 8, ranks: int = 8) -> "Scenario":
        """An empty board with the chess piece types (as ``lingeo map --board 8x8``)."""
        return Scenario(_lingeo.Scenario.empty(files, ranks))

    @property
    def name(self) -> str:
        return self._native.name

    @property
    def pieces(self) -> List[Tuple[str, str, str, str]]:
        """Each placed piece: (name, side, type, point)."""
        return self._native.pieces

    def map(
        self,
        piece: Optional[str] = None,
        type: Optional[str] = None,
        origin: Optional[str] = None,
        *,
        side: Optional[str] = None,
        attack: bool = False,
        reverse: bool = False,
    ) -> np.ndarray:
        """The MAP table of a piece as a numpy int64 array indexed ``[rank, file]`` from 0
        (``[0, 0]`` is a1): the distance in moves from ``origin`` (a placed piece's own point by
        default) to each point. A point the piece cannot reach holds the MAP's unreachable
        value, 2n for a board of n points (``map_dict()["unreachable"]``); a removed point
        holds ``REMOVED`` (-1). Boards that are not flat grids have no array: use ``map_dict``.
        """
        _, grid = self._native.map(piece, type, side, origin, attack, reverse)
        if grid is None:
            raise RequestError("the board is not a flat grid: use map_dict()")
        return np.array(grid, dtype=np.int64)

    def map_dict(
        self,
        piece: Optional[str] = None,
        type: Optional[str] = None,
        origin: Optional[str] = None,
        *,
        side: Optional[str] = None,
        attack: bool = False,
        reverse: bool = False,
    ) -> Dict[str, Any]:
        """The MAP as ``lingeo map --json`` prints it (unreachable points ``None``)."""
        text, _ = self._native.map(piece, type, side, origin, attack, reverse)
        return json.loads(text)

    def trajectories(
        self,
        to: str,
        piece: Optional[str] = None,
        type: Optional[str] = None,
        origin: Optional[str] = None,
        *,
        side: Optional[str] = None,
        length: Optional[int] = None,
        attack: bool = False,
        simple: bool = False,
        limit: int = 100_000,
        count_only: bool = False,
    ) -> Trajectories:
        """The shortest (or, with ``length``, admissible) trajectories to ``to``."""
        text, count = self._native.trajectories(
            to, piece, type, side, origin, length, attack, simple, limit, count_only
        )
        return Trajectories(json.loads(text), count)

    def zones(
        self,
        piece: str,
        to: str,
        horizon: Optional[int] = None,
        *,
        filters: str = "all",
        engine: str = "native",
        all_zones: bool = False,
        max_zones: int = 10_000,
    ) -> Zones:
        """The zones of the attack of placed piece ``piece`` on ``to`` within ``horizon``
        moves (default: the distance), as ``lingeo zones`` gives them."""
        text, count, saturated = self._native.zones(
            piece, to, horizon, filters, engine, all_zones, max_zones
        )
        return Zones(json.loads(text), count, saturated)

    def search(
        self,
        engine: str = "alphabeta",
        depth: Optional[int] = None,
        solve: bool = False,
        *,
        moves: Union[str, Sequence[str]] = "",
        tt_mb: int = 16,
        max_nodes: Optional[int] = None,
        time: Optional[float] = None,
        horizon: Optional[int] = None,
        tree: bool = False,
    ) -> Search:
        """Searches the game (``alphabeta``, ``minimax``, ``lg``, ``lg-grammar``): to ``depth``
        plies, or without a depth (or with ``solve=True``) to the end of every line."""
        if solve and depth is not None:
            raise RequestError("give a depth or solve, not both")
        text = self._native.search(
            engine, depth, _moves(moves), tt_mb, max_nodes, time, horizon, tree
        )
        return Search(json.loads(text))

    def play(self, moves: Union[str, Sequence[str]] = "") -> Line:
        """Replays ``moves`` (``"h8-g7, a6-a5"`` or a list) and gives each position."""
        return Line(json.loads(self._native.play(_moves(moves))))

    def evaluate(
        self,
        moves: Union[str, Sequence[str]] = "",
        horizon: Optional[int] = None,
        *,
        learned: bool = False,
        max_zones: int = 10_000,
    ) -> Evaluation:
        """The fuzzy evaluation (or with ``learned=True`` the learned one) of the position
        after ``moves``."""
        text = self._native.evaluate(_moves(moves), horizon, learned, max_zones)
        return Evaluation(json.loads(text))

    def __repr__(self) -> str:
        return f"Scenario({self.name!r})"


class Grammar:
    """A controlled grammar (``.lgg``)."""

    def __init__(self, native: "_lingeo.Grammar"):
        self._native = native

    @staticmethod
    def load(path: "Union[str, os.PathLike[str]]") -> "Grammar":
        """Reads a grammar file (imports relative to its folder)."""
        return Grammar(_lingeo.Grammar.load(path))

    @staticmethod
    def from_text(text: str, name: str = "<text>") -> "Grammar":
        """Parses grammar text; ``name`` names it in errors and locates its imports."""
        return Grammar(_lingeo.Grammar.from_text(text, name))

    @staticmethod
    def shipped(name: str) -> "Grammar":
        """A grammar shipped with lingeo: ``shortest-trajectories``, ``zones``, ..."""
        return Grammar(_lingeo.Grammar.shipped(name))

    @property
    def name(self) -> str:
        return self._native.name

    def run(
        self,
        start: str,
        scenario: Optional[Scenario] = None,
        piece: Optional[str] = None,
        *,
        type: Optional[str] = None,
        side: Optional[str] = None,
        inputs: Optional[Dict[str, str]] = None,
        max_sentences: Optional[int] = None,
    ) -> Language:
        """The language from ``start`` (``"S(f6, h1, 5)"``) on ``scenario`` (an empty 8x8
        board by default), as ``lingeo run`` derives it."""
        text = self._native.run(
            start,
            scenario._native if scenario is not None else None,
            piece,
            type,
            side,
            list((inputs or {}).items()),
            max_sentences,
        )
        return Language(json.loads(text))

    def __repr__(self) -> str:
        return f"Grammar({self.name!r})"



