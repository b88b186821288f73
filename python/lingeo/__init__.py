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

import copy
import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _lingeo
from ._lingeo import (
    ComputationError,
    FileError,
    GameError,
    LingeoError,
    ParseError,
    RequestError,
    RunError,
    RunFaultError,
    RunStoppedError,
    StoppedError,
    TooLargeError,
)

__version__ = _lingeo.__version__

__all__ = [
    "Scenario",
    "Position",
    "Grammar",
    "Zones",
    "Search",
    "Trajectories",
    "Language",
    "Line",
    "Evaluation",
    "Match",
    "Patterns",
    "Comparison",
    "Figure12",
    "match",
    "compare",
    "figure12",
    "LingeoError",
    "RequestError",
    "ParseError",
    "FileError",
    "GameError",
    "ComputationError",
    "StoppedError",
    "TooLargeError",
    "RunError",
    "RunFaultError",
    "RunStoppedError",
    "REMOVED",
    "MAX_MEMORY",
]

#: The value of a removed point (a hole in the board) in the array ``Scenario.map`` returns.
REMOVED = -1

#: The default ``max_memory`` of every computation, in MiB: the CLI's ``--max-memory``. A
#: computation that would use more raises ``TooLargeError`` (``RunStoppedError`` for a
#: grammar's run; both are ``StoppedError``s) naming the limit, instead of exhausting the
#: memory.
MAX_MEMORY = 4096


def _pandas() -> Any:
    """The pandas module, or an error that says how to get it (pandas is optional)."""
    try:
        import pandas
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "to_pandas() needs pandas, which lingeo does not install: pip install pandas"
        ) from e
    return pandas


class _Result:
    """A result: what the CLI's ``--json`` prints, as the Python objects the native module
    builds from the result (no JSON text in between), and attributes read from it."""

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    def to_dict(self) -> Dict[str, Any]:
        """What ``lingeo ... --json`` prints for the same request, as a dict (a copy)."""
        return copy.deepcopy(self._data)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self._data!r})"


class Zones(_Result):
    """The zones of one attack (``lingeo zones``): the count and the bundle view, or with
    ``all_zones=True`` every zone."""

    def __init__(
        self, data: Dict[str, Any], count: int, saturated: bool, count_at_least: bool = False
    ):
        super().__init__(data)
        #: The number of zones (a Python int, any size): exact, or a lower bound when
        #: ``count_at_least`` or ``saturated``.
        self.count: int = count
        #: Whether there are more zones than ``count`` (the count passed 128 bits).
        self.saturated: bool = saturated
        #: Whether ``count`` is a lower bound: counting every zone passed the cap on the
        #: count's states (``to_dict()["count_cap_states"]`` names it in the JSON of an
        #: attack; the bundles are still the whole network).
        self.count_at_least: bool = count_at_least

    @property
    def undecided(self) -> List[Dict[str, Any]]:
        """The network's entries that the search could neither prove nor refute within its
        step cap (docs/semantics.md §6.10): each ``main`` (its index in ``bundles``),
        ``level``, ``from``, ``to``, ``piece``, ``trajectory`` and ``time``. Empty when every
        entry is decided."""
        return list(self._data.get("undecided") or [])

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

    def to_pandas(self) -> Any:
        """One row a trajectory (needs pandas): ``zone`` (its index in ``zones``, with
        ``all_zones=True``) or ``bundle`` and ``attach`` (the bundle's index in ``bundles``,
        and the attach pair's in the bundle, None for its main trajectory), then ``level``,
        ``piece``, ``start``, ``end``, ``length`` (moves), ``time`` and ``trajectory`` (its
        points separated by spaces)."""
        rows: List[Dict[str, Any]] = []

        def row(where: Dict[str, Any], level: Any, t: Dict[str, Any]) -> None:
            points = t["trajectory"]
            rows.append(
                {
                    **where,
                    "level": level,
                    "piece": t["piece"],
                    "start": points[0],
                    "end": points[-1],
                    "length": len(points) - 1,
                    "time": t["time"],
                    "trajectory": " ".join(points),
                }
            )

        for z, zone in enumerate(self.zones or []):
            for t in zone:
                row({"zone": z, "bundle": None, "attach": None}, t["level"], t)
        for b, bundle in enumerate(self.bundles or []):
            main = bundle["main"]
            row({"zone": None, "bundle": b, "attach": None}, main["level"], main)
            for a, pair in enumerate(bundle["attaches"]):
                for t in pair["alternatives"]:
                    row({"zone": None, "bundle": b, "attach": a}, pair["level"], t)
        columns = ["zone", "bundle", "attach", "level", "piece", "start", "end", "length"]
        return _pandas().DataFrame(rows, columns=columns + ["time", "trajectory"])


class Search(_Result):
    """A search's result (``lingeo search``)."""

    def __init__(self, data: Dict[str, Any]):
        super().__init__(data)
        #: The principal variation in UCI (``["a1a8"]``: ``chess.Move.from_uci`` reads each)
        #: for a position under the rules of chess; None otherwise.
        self.pv_uci: Optional[List[str]] = None

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

    @property
    def race(self) -> Optional[int]:
        """LG searches: the plies the shown tree's race went past the depth bound (fewer than
        asked where the race budget stopped it); None for the other engines."""
        return self._data.get("race")

    @property
    def depth_bound(self) -> Optional[int]:
        """LG searches: the depth bound of the tree shown. Under ``time`` the LG search deepens
        its bound one move a pass and keeps the deepest completed pass, so this is below
        ``to_dict()["depth_asked"]`` where the time ran out first; None for the other engines."""
        return self._data.get("depth_bound")

    def to_pandas(self) -> Any:
        """One row (needs pandas), to put searches side by side with ``pandas.concat``: the
        engine, ``value``, ``score``, ``nodes``, ``tt_hits``, ``depth``, ``time_ms``, ``pv``
        (its moves separated by spaces), and for the LG searches ``depth_bound`` and
        ``race``."""
        columns = ["engine", "value", "score", "nodes", "tt_hits", "depth", "time_ms"]
        row = {c: self._data.get(c) for c in columns}
        row["pv"] = " ".join(self.pv)
        row["depth_bound"] = self.depth_bound
        row["race"] = self.race
        return _pandas().DataFrame([row], columns=columns + ["pv", "depth_bound", "race"])


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

    def to_pandas(self) -> Any:
        """One row a trajectory listed (needs pandas): ``length`` (moves) and ``trajectory``
        (its points separated by spaces). Empty where only the count was asked."""
        rows = [
            {"length": len(t) - 1, "trajectory": " ".join(t)} for t in self.trajectories or []
        ]
        return _pandas().DataFrame(rows, columns=["length", "trajectory"])


class Language(_Result):
    """A grammar's language (``lingeo run``): iterating it gives each sentence as its list of
    symbols (as ``sentences``), ``len()`` the number of sentences listed."""

    def __iter__(self) -> Iterator[List[str]]:
        return iter(self.sentences)

    def __len__(self) -> int:
        return len(self._data["language"])

    @property
    def count(self) -> int:
        """The language's size as the CLI prints it (``count``); ``len()`` counts the
        sentences listed."""
        return self._data["count"]

    @property
    def sentences(self) -> List[List[str]]:
        """Each sentence as its list of symbols (``a(h8)``); the empty sentence is ``[]``."""
        return [[] if s == "e" else _symbols(s) for s in self._data["language"]]

    @property
    def strings(self) -> List[str]:
        """Each sentence as ``lingeo run`` prints it (``e`` for the empty one)."""
        return list(self._data["language"])

    def to_pandas(self) -> Any:
        """One row a sentence listed (needs pandas): ``sentence`` as ``lingeo run`` prints it
        and ``symbols``, how many it has (0 for the empty one)."""
        rows = [
            {"sentence": text, "symbols": len(symbols)}
            for text, symbols in zip(self.strings, self.sentences)
        ]
        return _pandas().DataFrame(rows, columns=["sentence", "symbols"])


class Line(_Result):
    """A line of moves replayed (``lingeo play``)."""

    def __init__(self, data: Dict[str, Any]):
        super().__init__(data)
        #: The moves played in UCI (``["e2e4", "e7e5"]``) for a position under the rules of
        #: chess; None otherwise.
        self.moves_uci: Optional[List[str]] = None

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

    @staticmethod
    def from_fen(fen: str) -> "Scenario":
        """A chess position in FEN (``board.fen()`` of python-chess), as ``lingeo --fen``
        reads it: an 8x8 board under the rules of chess, with the FEN's side to move, castling
        rights, en passant point and clocks; its pieces named ``WK``, ``BQ``, ``WP1`` ..
        ``WP8`` (numbered by point from a1). A bad FEN raises ``RequestError`` naming the FEN's
        field and what is wrong in it (``field`` is ``"fen"``)."""
        return Scenario(_lingeo.Scenario.from_fen(fen))

    @property
    def fen(self) -> str:
        """The position as FEN (side to move, castling, en passant and clocks from its rules of
        chess; ``- - 0 1`` without them). ``RequestError`` where it is no chess position: a
        board that is not 8x8, or a piece of a type FEN has no letter for."""
        return self._native.fen

    @property
    def is_chess(self) -> bool:
        """Whether the scenario plays by the rules of chess (``rules chess``, or from a FEN):
        then its moves come out in UCI (``e2e4``, ``e7e8q``)."""
        return self._native.is_chess

    def perft(self, depth: int = 1, **options: Any) -> int:
        """The number of leaves of the tree of legal moves ``depth`` plies deep from the
        position (``lingeo perft``), the standard check of a move generator: 20, 400, 8902
        ... from chess's start. Any scenario with a game block. The keyword arguments are the
        other fields of ``lingeo::api::PerftRequest`` (``moves`` played first, ``time``);
        per move, ``perft_divide``."""
        return self._native.perft(dict(options, depth=depth))["nodes"]

    def perft_divide(self, depth: int = 1, **options: Any) -> Dict[str, int]:
        """``perft`` per move of the position (``lingeo perft --divide``): each move (UCI on
        algebraic boards) with the leaves under it, in the order the moves are generated."""
        data = self._native.perft(dict(options, depth=depth, divide=True))
        return {row["move"]: row["nodes"] for row in data["divide"]}

    def position(self) -> "Position":
        """The start of the scenario's game, to play move by move (``Position``)."""
        return Position(self)

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
        **options: Any,
    ) -> np.ndarray:
        """The MAP table of a piece as a numpy int64 array indexed ``[rank, file]`` from 0
        (``[0, 0]`` is a1): the distance in moves from ``origin`` (a placed piece's own point by
        default) to each point. A point the piece cannot reach holds the MAP's unreachable
        value, 2n for a board of n points (``map_dict()["unreachable"]``); a removed point
        holds ``REMOVED`` (-1). Boards that are not flat grids have no array: use ``map_dict``.

        The keyword arguments are the options of ``lingeo map``, by the names of its flags with
        ``_`` for ``-`` (``side``, ``attack``, ``reverse``, ``max_memory``), with the same
        defaults and rules (the fields of ``lingeo::api::MapRequest``; an unknown keyword
        raises ``RequestError`` naming the close ones). ``origin`` is the field ``from``; the
        control map (``control=True``) is ``map_dict``'s.
        """
        if options.get("control"):
            raise RequestError("the control map is no MAP table: use map_dict(control=True)")
        _, grid = self._native.map(_map_fields(piece, type, origin, options))
        if grid is None:
            raise RequestError("the board is not a flat grid: use map_dict()")
        return np.array(grid, dtype=np.int64)

    def map_dict(
        self,
        piece: Optional[str] = None,
        type: Optional[str] = None,
        origin: Optional[str] = None,
        **options: Any,
    ) -> Dict[str, Any]:
        """The MAP as ``lingeo map --json`` prints it (unreachable points ``None``); with
        ``control=True`` the control map of the position, as ``lingeo map --control --json``
        prints it. The keyword arguments are ``map``'s."""
        data, _ = self._native.map(_map_fields(piece, type, origin, options))
        return data

    def trajectories(
        self,
        to: str,
        piece: Optional[str] = None,
        type: Optional[str] = None,
        origin: Optional[str] = None,
        *,
        count_only: Optional[bool] = None,
        **options: Any,
    ) -> Trajectories:
        """The shortest (or, with ``length``, admissible) trajectories to ``to`` from
        ``origin`` (a placed piece's own point by default); at most ``limit`` of them, and
        within ``max_memory`` MiB (``TooLargeError`` past either).

        The keyword arguments are the options of ``lingeo trajectories``, by the names of its
        flags with ``_`` for ``-`` (``side``, ``attack``, ``length``, ``rule``, ``simple``,
        ``limit``, ``count``, ``max_memory``), with the same defaults and rules (the fields of
        ``lingeo::api::TrajectoriesRequest``; an unknown keyword raises ``RequestError``
        naming the close ones). ``origin`` is the field ``from``; ``count_only`` is ``count``."""
        fields = dict(options, to=to, piece=piece, type=type)
        fields["from"] = origin
        if count_only is not None:
            fields["count"] = count_only
        data, count = self._native.trajectories(fields)
        return Trajectories(data, count)

    def zones(
        self,
        piece: str,
        to: str,
        horizon: Optional[int] = None,
        **options: Any,
    ) -> Zones:
        """The zones of the attack of placed piece ``piece`` on ``to`` within ``horizon``
        moves (default: the distance), as ``lingeo zones`` gives them.

        The keyword arguments are the options of ``lingeo zones``, by the names of its flags
        with ``_`` for ``-`` (``filters``, ``engine``, ``all_zones``, ``zone``, ``seed``,
        ``summary``, ``max_zones``, ``max_memory``...), with the same defaults and rules (the
        fields of ``lingeo::api::ZonesRequest``; an unknown keyword raises ``RequestError``
        naming the close ones). Every attack is ``attacks()``."""
        fields = dict(options, piece=piece, to=to, horizon=horizon)
        data, count, saturated, at_least = self._native.zones(fields)
        return Zones(data, count, saturated, at_least)

    def attacks(self, horizon: Optional[int] = None, **options: Any) -> List[Zones]:
        """Every attack zone of the position within ``horizon`` moves (default 4), as ``lingeo
        zones --all-attacks`` gives them: one ``Zones`` an attack, in the order of the pieces
        and then of the targets. An attack too large to list has ``count`` 0 and its reason in
        ``to_dict()["error"]``. The keyword arguments are ``zones()``'s (``summary=True``: the
        counts and times only)."""
        fields = dict(options, all_attacks=True, horizon=horizon)
        return [
            Zones(
                attack,
                # `count` holds 64 bits; `count_digits` the whole count where it needs more.
                int(attack["count_digits"])
                if "count_digits" in attack
                else attack.get("count") or 0,
                bool(attack.get("count_saturated")),
                bool(attack.get("count_at_least")),
            )
            for attack in self._native.attacks(fields)
        ]

    def search(
        self,
        engine: str = "alphabeta",
        depth: Optional[int] = None,
        solve: bool = False,
        *,
        moves: Union[str, Sequence[str]] = "",
        network: "Optional[Union[str, os.PathLike[str]]]" = None,
        rules: "Optional[Union[str, os.PathLike[str]]]" = None,
        **options: Any,
    ) -> Search:
        """Searches the game (``alphabeta``, ``minimax``, ``lg``, ``lg-grammar``): to ``depth``
        plies, or without a depth (or with ``solve=True``) to the end of every line.

        The keyword arguments are the options of ``lingeo search``, by the names of its flags
        with ``_`` for ``-`` (``tt_mb``, ``threads``, ``ordering``, ``eval``, ``leaf``,
        ``zones``, ``domination``, ``race``, ``race_budget``, ``max_memory``...), with the
        same defaults and rules (the fields of ``lingeo::api::SearchRequest``; an unknown
        keyword raises ``RequestError`` naming the close ones). ``network`` and ``rules``:
        the files of ``ordering="chessmaps"`` and ``eval="learned"``."""
        if solve and depth is not None:
            raise RequestError("give a depth or solve, not both")
        fields = dict(options, engine=engine, depth=depth, moves=_moves(moves))
        data = self._native.search(
            fields,
            None if network is None else os.fspath(network),
            None if rules is None else os.fspath(rules),
        )
        search = Search(data)
        if self.is_chess:
            search.pv_uci = self._native.written(fields["moves"], list(data["pv"]))
        return search

    def play(self, moves: Union[str, Sequence[str]] = "", **options: Any) -> Line:
        """Replays ``moves`` (``"h8-g7, a6-a5"`` or a list; under ``rules chess`` SAN such as
        ``"e4 e5 Nf3"`` or UCI such as ``["e2e4", "e7e5"]`` too) and gives each position.

        The keyword arguments are the other options of ``lingeo play`` (``ply``, the one
        position to give; ``pgn``, a PGN game's text replayed instead of this scenario's
        position and ``moves``, with ``game``, which of its games; ``max_memory``), the
        fields of ``lingeo::api::PlayRequest``, with the same defaults and rules (an unknown
        keyword raises ``RequestError`` naming the close ones)."""
        line = Line(self._native.play(dict(options, moves=_moves(moves))))
        if self.is_chess:
            played = [p["move"] for p in line.positions[1:]]
            line.moves_uci = self._native.written("", played)
        return line

    def patterns(self, pair: Optional[str] = None, **options: Any) -> "Patterns":
        """The attack patterns of the pairs of pieces, as ``lingeo patterns`` gives them: of
        ``pair`` (``"WR,BK"``), or of every attack-able pair.

        The keyword arguments are the other options of ``lingeo patterns`` (``side``,
        ``horizon``, ``limit``, ``count``, ``time``, ``max_memory``), the fields of
        ``lingeo::api::PatternsRequest``, with the same defaults and rules (an unknown keyword
        raises ``RequestError`` naming the close ones)."""
        return Patterns(self._native.patterns(dict(options, pair=pair)))

    def fuzzy(self, pair: Optional[str] = None, **options: Any) -> "Patterns":
        """Each pair's patterns as one fuzzy pattern, as ``lingeo fuzzy`` gives them; the
        keyword arguments are the other options of ``lingeo fuzzy`` (``side``, ``horizon``,
        ``time``, ``max_memory``), the fields of ``lingeo::api::PairsRequest``."""
        return Patterns(self._native.fuzzy(dict(options, pair=pair)))

    def evaluate(
        self,
        moves: Union[str, Sequence[str]] = "",
        horizon: Optional[int] = None,
        *,
        learned: bool = False,
        **options: Any,
    ) -> Evaluation:
        """The fuzzy evaluation (or with ``learned=True``, the same as ``eval="learned"``, the
        learned one) of the position after ``moves``.

        The keyword arguments are the other options of ``lingeo evaluate`` (``eval``,
        ``max_zones``, ``time``, ``max_memory``), the fields of
        ``lingeo::api::EvaluateRequest``, with the same defaults and rules (an unknown keyword
        raises ``RequestError`` naming the close ones)."""
        fields = dict(options, moves=_moves(moves), horizon=horizon)
        if learned:
            fields.setdefault("eval", "learned")
        return Evaluation(self._native.evaluate(fields))

    def __repr__(self) -> str:
        return f"Scenario({self.name!r})"


def _map_fields(
    piece: Optional[str], type: Optional[str], origin: Optional[str], options: Dict[str, Any]
) -> Dict[str, Any]:
    """The fields of a MAP request: the keyword arguments, with the piece, type and origin
    (the field ``from``) where given."""
    fields = dict(options)
    for name, value in (("piece", piece), ("type", type), ("from", origin)):
        if value is not None:
            fields[name] = value
    return fields


def _native_scenario(scenario: Optional[Scenario]) -> "Optional[_lingeo.Scenario]":
    """The native scenario of ``scenario``; a TypeError for what is not a Scenario (a path
    or text given where a Scenario is taken raised AttributeError)."""
    if scenario is None:
        return None
    if not isinstance(scenario, Scenario):
        raise TypeError(
            "scenario must be a Scenario (Scenario.load(path) or Scenario.from_text(text)), "
            f"not {type(scenario).__name__} {scenario!r:.80}"
        )
    return scenario._native


def _inputs(inputs: Optional[Dict[str, str]]) -> List[Tuple[str, str]]:
    """A grammar's inputs as pairs; a TypeError for what is not a mapping of names to values."""
    if inputs is None:
        return []
    if not hasattr(inputs, "items"):
        raise TypeError(
            f"inputs must be a dict of input names to values, not {type(inputs).__name__}"
        )
    return list(inputs.items())


class Position:
    """A position of a scenario's game, played move by move as python-chess's ``Board`` is:
    ``legal_moves``, ``push``, ``pop``, ``is_game_over``, ``result``, ``fen``. Any scenario
    with a game block, chess or not; the rules are lingeo's play layer's (the legal moves, the
    endings), read through ``lingeo::api::GamePosition``.

    Moves are strings: in UCI under the rules of chess (``"e2e4"``, ``"e7e8q"``, castling as
    the king's move ``"e1g1"``: what ``chess.Move.uci()`` gives and ``chess.Move.from_uci``
    reads), and as ``lingeo play`` writes them in any other game (``"h8-g7"``, ``"c6:b7"``,
    ``"pass"``). ``push`` reads either notation, or any object with a ``uci()`` method (a
    ``chess.Move``)."""

    def __init__(self, scenario: "Union[Scenario, _lingeo.Position]"):
        if isinstance(scenario, _lingeo.Position):
            self._native = scenario
            return
        if not isinstance(scenario, Scenario):
            raise TypeError(
                "Position takes a Scenario (Scenario.load, from_text or from_fen), not "
                f"{type(scenario).__name__}"
            )
        self._native = _lingeo.Position(scenario._native)

    @property
    def legal_moves(self) -> List[str]:
        """The legal moves of the side to move, in the order lingeo generates them; empty once
        the game is over."""
        return self._native.legal_moves

    def push(self, move: Any) -> str:
        """Plays ``move`` (a string, or an object with a ``uci()`` method) and gives it as the
        position writes it. An illegal move raises ``RequestError`` naming it and the legal
        moves (the position is kept)."""
        if not isinstance(move, str) and hasattr(move, "uci"):
            move = move.uci()
        return self._native.push(move)

    def push_uci(self, move: str) -> str:
        """``push`` of a UCI string, as python-chess names it."""
        return self.push(move)

    def pop(self) -> str:
        """Takes back the last move and gives it; ``RequestError`` at the start."""
        return self._native.pop()

    @property
    def move_stack(self) -> List[str]:
        """The moves pushed, from the start."""
        return self._native.move_stack

    def is_game_over(self) -> bool:
        """Whether the game has ended (checkmate, stalemate, a goal reached, the fifty-move
        rule, repetition, insufficient material, the move limit: the scenario's rules)."""
        return self._native.is_game_over()

    def result(self) -> str:
        """``"1-0"``, ``"0-1"``, ``"1/2-1/2"``, or ``"*"`` while the game goes on."""
        return self._native.result()

    @property
    def outcome(self) -> Optional[str]:
        """How the game ended, in words (``"Black wins (checkmate)"``); None while it goes on."""
        return self._native.outcome

    @property
    def turn(self) -> str:
        """The side to move: ``"white"`` or ``"black"``."""
        return self._native.turn

    @property
    def fen(self) -> str:
        """The position as FEN; ``RequestError`` where it is no chess position."""
        return self._native.fen

    def scenario(self) -> "Scenario":
        """The position as a scenario (captured pieces left out, promoted pawns as what they
        became; under the rules of chess with its side to move, rights and clocks), for its
        zones, searches and pictures."""
        return Scenario(self._native.scenario())

    def copy(self) -> "Position":
        """A copy that plays on apart."""
        return Position(self._native.copy())

    def __str__(self) -> str:
        return str(self._native)

    def __repr__(self) -> str:
        return f"Position(turn={self.turn!r}, moves={len(self.move_stack)})"


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
        inputs: Optional[Dict[str, str]] = None,
        **options: Any,
    ) -> Language:
        """The language from ``start`` (``"S(f6, h1, 5)"``) on ``scenario`` (an empty 8x8
        board by default), as ``lingeo run`` derives it. A derivation that would use more than
        ``max_memory`` MiB raises ``RunStoppedError`` saying so (``error.rendered`` has the
        note).

        The keyword arguments are the options of ``lingeo run``, by the names of its flags with
        ``_`` for ``-`` (``type``, ``side``, ``no_source``, ``max_sentences``, ``max_steps``,
        ``max_memory``...), with the same defaults and rules (the fields of
        ``lingeo::api::RunRequest``; an unknown keyword raises ``RequestError`` naming the
        close ones); ``trace=True`` adds the derivation's steps, as ``--trace`` prints them,
        under ``to_dict()["trace"]``. ``inputs`` are the grammar's other inputs (``--set``)."""
        fields = {k: v for k, v in options.items() if v is not None}
        fields["start"] = start
        if piece is not None:
            fields["piece"] = piece
        data = self._native.run(fields, _native_scenario(scenario), _inputs(inputs))
        return Language(data)

    def __repr__(self) -> str:
        return f"Grammar({self.name!r})"


class Match(_Result):
    """A match between two engines (``lingeo match``): ``to_dict()`` is ``lingeo match
    --json``'s summary, ``games`` each finished game, ``to_pandas()`` one row a game."""

    def __init__(self, data: Dict[str, Any], games: List[Dict[str, Any]]):
        super().__init__(data)
        #: Each finished game: ``game`` (from 1), ``opening`` (from 1), ``first_white`` and
        #: ``result`` (1, 0, -1 from the first engine's side).
        self.games: List[Dict[str, Any]] = games

    @property
    def wins(self) -> int:
        return self._data["wins"]

    @property
    def draws(self) -> int:
        return self._data["draws"]

    @property
    def losses(self) -> int:
        return self._data["losses"]

    @property
    def score(self) -> float:
        """The first engine's points per game (a win 1, a draw 1/2)."""
        return self._data["score"]

    @property
    def elo(self) -> Optional[float]:
        return self._data["elo"]

    def to_pandas(self) -> Any:
        """One row a finished game, with the engines' specs as columns (needs pandas)."""
        frame = _pandas().DataFrame(
            self.games, columns=["game", "opening", "first_white", "result"]
        )
        frame.insert(0, "white", self._data["white"])
        frame.insert(1, "black", self._data["black"])
        return frame


def match(
    scenario: Union[Scenario, str, "os.PathLike[str]"],
    white: str = "",
    black: str = "",
    games: int = 20,
    **options: Any,
) -> Match:
    """Plays ``games`` games between two engines, as ``lingeo match SCENARIO --white W
    --black B --games N`` does (specs such as ``"eval=fuzzy,depth=2"``; docs/players.md §4).

    The keyword arguments are the other options of ``lingeo match``, the fields of
    ``lingeo::api::MatchRequest``, with the same defaults and rules (an unknown keyword raises
    ``RequestError`` naming the close ones): ``jobs``, the games on that many threads (the
    same result); ``first``, play the games ``first .. first + games`` (from 0) of the match's
    schedule instead, a part of a match split into tasks (``lingeo.experiments``); ``time``,
    stop after that many seconds; ``max_memory`` (MiB)."""
    if not isinstance(scenario, Scenario):
        scenario = Scenario.load(scenario)
    summary, games_played = scenario._native.play_match(
        dict(options, white=white, black=black, games=games)
    )
    return Match(summary, games_played)


class Figure12(_Result):
    """Figure 12 of the MAICS 2013 paper (``lingeo analysis figure12``): a row a piece type,
    ``to_dict()`` what ``--json`` prints (``{"rows": [...]}``)."""

    @property
    def rows(self) -> List[Dict[str, Any]]:
        """Each piece's ``piece``, ``paper`` (the paper's value on 8x8, or None), ``formula``,
        ``exact`` and ``savings``, rounded to three decimals."""
        return list(self._data["rows"])

    def to_pandas(self) -> Any:
        """One row a piece type (needs pandas)."""
        columns = ["piece", "paper", "formula", "exact", "savings"]
        return _pandas().DataFrame(self.rows, columns=columns)


def figure12(**options: Any) -> Figure12:
    """Figure 12 of the MAICS 2013 paper on an empty board, as ``lingeo analysis figure12``:
    the average number of patterns per piece by the paper's formula beside the exact average
    number of shortest paths per pair, and what fuzzy patterns save. The keyword arguments are
    the fields of ``lingeo::api::AnalysisRequest``: ``board``, ``"8x8"`` by default, at most
    64x64 (an unknown keyword raises ``RequestError`` naming the close ones)."""
    return Figure12({"rows": _lingeo.figure12(options)})


class Patterns(_Result):
    """The patterns or fuzzy patterns of pairs of pieces (``lingeo patterns``, ``lingeo
    fuzzy``): ``to_dict()`` is what their ``--json`` prints."""

    @property
    def pairs(self) -> List[Dict[str, Any]]:
        """Each pair, with its counts and its patterns (or its fuzzy pattern)."""
        return list(self._data["pairs"])


class Comparison(_Result):
    """Two languages side by side on starts (``lingeo compare``): ``to_dict()`` is what
    ``lingeo compare --json`` prints (``a``, ``b``, ``check``, ``random`` for random starts,
    ``starts``, ``passed``), ``to_pandas()`` one row a start."""

    @property
    def passed(self) -> bool:
        """Whether every start passed the check."""
        return self._data["passed"]

    @property
    def random(self) -> Optional[str]:
        """How the random starts were drawn, and the seed (None for given starts)."""
        return self._data.get("random")

    @property
    def starts(self) -> List[Dict[str, Any]]:
        """Each start: ``start``, and ``passed``, ``count_a``, ``count_b``, ``common``,
        ``only_a``, ``only_b`` (the sentences only one side has), for zones that differ
        ``symbols_only_a`` and ``symbols_only_b``; or ``error`` where it could not be
        compared."""
        return list(self._data["starts"])

    def to_pandas(self) -> Any:
        """One row a start: ``start``, ``passed``, ``count_a``, ``count_b``, ``common``,
        ``only_a`` and ``only_b`` (how many sentences only one side has), ``error`` (needs
        pandas)."""
        rows = [
            {
                "start": s["start"],
                "passed": s.get("passed"),
                "count_a": s.get("count_a"),
                "count_b": s.get("count_b"),
                "common": s.get("common"),
                "only_a": len(s["only_a"]) if "only_a" in s else None,
                "only_b": len(s["only_b"]) if "only_b" in s else None,
                "error": s.get("error"),
            }
            for s in self._data["starts"]
        ]
        return _pandas().DataFrame(
            rows,
            columns=["start", "passed", "count_a", "count_b", "common", "only_a", "only_b", "error"],
        )


def compare(
    a: Union[Grammar, str],
    b: Union[Grammar, str],
    starts: Union[str, Sequence[str], None] = None,
    scenario: Optional[Scenario] = None,
    piece: Optional[str] = None,
    *,
    inputs: Optional[Dict[str, str]] = None,
    check: str = "equal",
    **options: Any,
) -> Comparison:
    """Compares the languages of ``a`` and ``b`` on ``scenario`` (an empty 8x8 board by
    default), as ``lingeo compare A B`` does: two grammars sentence for sentence, or a grammar
    and ``"native"``, the native generator of what it derives (trajectories, with the length
    ``rule`` ``"s16"`` or ``"s06"``; or zones, with ``filters``), both read as what they mean.

    ``starts``: one start (``"S(h5, h1, 4)"``), whose error is raised; or a list, each start
    a row, one that cannot be compared a row with its ``error``. ``random=N`` draws N starts
    instead, with ``seed`` (from the clock where None; ``random`` in the result names it) and
    ``lengths`` ``"shortest"`` or ``"admissible"``. ``check``: a start passes when the
    languages are ``"equal"``, when A's is within B's (``"subset"``) or B's within A's
    (``"superset"``). ``piece``/``type``/``side``/``inputs``: the grammars' inputs, as
    ``Grammar.run`` takes them.

    The other keyword arguments are the fields of ``lingeo::api::CompareRequest``, the flags
    of ``lingeo compare`` (``lingeo compare --help``): ``random``, ``seed``, ``lengths``,
    ``type``, ``side``, ``filters``, ``rule``, ``max_sentences`` (caps each language),
    ``jobs`` (the starts on that many threads, the same result), ``time`` (seconds; past it a
    ``StoppedError``), ``max_memory`` and the grammar limits. An unknown keyword is a
    ``RequestError`` naming the close ones."""

    def native(g: Union[Grammar, str], name: str) -> "Optional[_lingeo.Grammar]":
        if isinstance(g, Grammar):
            return g._native
        if g == "native":
            return None
        raise RequestError(f"{name} is a Grammar or \"native\", not {g!r}")

    if check not in ("equal", "subset", "superset"):
        raise RequestError(f"a check is `equal`, `subset` or `superset`, not `{check}`")
    if check != "equal":
        options[check] = True
    if piece is not None:
        options["piece"] = piece
    if isinstance(starts, str):
        starts = [starts]
    data = _lingeo.compare(
        native(a, "a"),
        native(b, "b"),
        list(starts) if starts is not None else None,
        _native_scenario(scenario),
        _inputs(inputs),
        options,
    )
    return Comparison(data)
