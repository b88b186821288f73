"""Chess from Python (issue 47 item 9): a FEN in (`Scenario.from_fen`, what python-chess's
`board.fen()` gives) and out (`.fen`), perft, moves out in UCI, and `Position`, played as
python-chess's `Board` is, over every lingeo game. Checked against the CLI where it has the
same answer, and against the published perft tables."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import lingeo

ROOT = Path(__file__).resolve().parents[2]
START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


def cli_json(*args):
    path = os.environ.get("LINGEO_BIN") or str(ROOT / "target" / "debug" / "lingeo")
    if not Path(path).exists():
        pytest.skip(f"no lingeo binary at {path} (build it, or set LINGEO_BIN)")
    out = subprocess.run([path, *args, "--json"], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_a_fen_goes_in_and_comes_out():
    s = lingeo.Scenario.from_fen(START)
    assert s.fen == START
    assert s.is_chess
    assert len(s.pieces) == 32
    assert ("WK", "white", "king", "e1") in s.pieces
    assert lingeo.Scenario.from_fen(KIWIPETE).fen == KIWIPETE
    # Four fields are read with clocks `0 1`.
    assert lingeo.Scenario.from_fen("8/8/8/8/8/8/8/K6k b - -").fen == "8/8/8/8/8/8/8/K6k b - - 0 1"
    # The jobs run on it as on a scenario, as the CLI's --fen runs them.
    z = lingeo.Scenario.from_fen(MATE_IN_ONE).zones("WR", "g8", 2)
    assert z.to_dict() == cli_json(
        "zones", "--fen", MATE_IN_ONE, "--piece", "WR", "--to", "g8", "--horizon", "2"
    )


def test_a_bad_fen_names_its_field():
    with pytest.raises(lingeo.RequestError) as e:
        lingeo.Scenario.from_fen("8/8/8/8/8/8/8/K6 w - - 0 1")
    assert e.value.field == "fen"
    assert "FEN field 1 (piece placement)" in str(e.value) and "K6" in str(e.value)
    with pytest.raises(lingeo.RequestError, match="FEN field 2"):
        lingeo.Scenario.from_fen("8/8/8/8/8/8/8/K6k x - - 0 1")
    with pytest.raises(lingeo.RequestError, match="fields"):
        lingeo.Scenario.from_fen("8/8/8/8/8/8/8/K6k w")


def test_fen_of_a_scenario_that_is_no_chess_position_is_an_error():
    s = lingeo.Scenario.load(ROOT / "examples" / "robot-fighter.scenario")
    assert not s.is_chess
    with pytest.raises(lingeo.RequestError, match="FEN"):
        s.fen


def test_perft_equals_the_published_tables():
    s = lingeo.Scenario.from_fen(START)
    assert [s.perft(d) for d in range(1, 4)] == [20, 400, 8902]
    assert lingeo.Scenario.from_fen(KIWIPETE).perft(2) == 2039
    divide = s.perft_divide(2)
    assert len(divide) == 20 and divide["e2e4"] == 20 and sum(divide.values()) == 400
    # After moves, and on any game (the Réti ending) as `lingeo perft` counts it.
    assert s.perft(1, moves="e2-e4") == 20
    reti = lingeo.Scenario.load(ROOT / "examples" / "reti.scenario")
    assert reti.perft(3) == cli_json("perft", "examples/reti.scenario", "--depth", "3")["nodes"]
    with pytest.raises(lingeo.RequestError, match="depth"):
        s.perft(13)


def test_a_search_gives_its_line_in_uci():
    s = lingeo.Scenario.from_fen(MATE_IN_ONE)
    r = s.search(depth=1)
    assert r.pv == ["a1-a8"]
    assert r.pv_uci == ["a1a8"]
    line = lingeo.Scenario.from_fen(START).play("e2-e4 c7-c5 g1-f3")
    assert line.moves_uci == ["e2e4", "c7c5", "g1f3"]
    # Not chess: no UCI line.
    assert lingeo.Scenario.load(ROOT / "examples" / "reti.scenario").search(depth=1).pv_uci is None


def test_a_position_plays_as_python_chess_does():
    p = lingeo.Scenario.from_fen(START).position()
    assert len(p.legal_moves) == 20 and "g1f3" in p.legal_moves
    assert p.turn == "white" and p.result() == "*" and not p.is_game_over()
    for m in ["f2f3", "e7e5", "g2g4"]:
        p.push(m)
    assert p.fen == "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2"
    p.push("d8h4")
    assert p.is_game_over() and p.result() == "0-1"
    assert p.outcome == "Black wins (checkmate)"
    assert p.legal_moves == []
    assert p.move_stack == ["f2f3", "e7e5", "g2g4", "d8h4"]
    assert p.pop() == "d8h4"
    assert p.result() == "*"
    # An illegal move names itself and the legal ones; the position is kept.
    with pytest.raises(lingeo.RequestError, match="`e1e3`.*legal moves"):
        p.push("e1e3")
    assert len(p.move_stack) == 3
    # A copy plays apart.
    q = p.copy()
    q.push("d8h4")
    assert q.is_game_over() and not p.is_game_over()
    # A chess.Move, or anything with uci(), is pushed by its UCI.

    class Move:
        def uci(self):
            return "b8c6"

    assert p.push(Move()) == "b8c6"
    while p.move_stack:
        p.pop()
    assert p.fen == START
    with pytest.raises(lingeo.RequestError, match="at the start"):
        p.pop()


def test_promotion_castling_and_the_draws_in_uci():
    p = lingeo.Position(lingeo.Scenario.from_fen("8/P7/8/8/8/8/8/k6K w - - 0 1"))
    assert {"a7a8q", "a7a8r", "a7a8b", "a7a8n"} <= set(p.legal_moves)
    p.push("a7a8n")
    assert p.fen == "N7/8/8/8/8/8/8/k6K b - - 0 1"
    assert [t for (_, _, t, at) in p.scenario().pieces if at == "a8"] == ["knight"]
    p = lingeo.Scenario.from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").position()
    assert "e1g1" in p.legal_moves and "e1c1" in p.legal_moves
    p.push("e1g1")
    assert p.fen == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"
    # Stalemate and insufficient material are draws.
    p = lingeo.Scenario.from_fen("7k/8/6K1/5Q2/8/8/8/8 w - - 0 1").position()
    p.push("f5f7")
    assert p.result() == "1/2-1/2" and "stalemate" in p.outcome
    p = lingeo.Scenario.from_fen("7k/8/8/8/8/8/6r1/7K w - - 0 1").position()
    p.push("h1g2")
    assert p.result() == "1/2-1/2" and "neither side can checkmate" in p.outcome


def test_a_position_of_any_game_plays_in_lingeos_notation():
    reti = lingeo.Scenario.load(ROOT / "examples" / "reti.scenario")
    p = lingeo.Position(reti)
    assert "h8-g7" in p.legal_moves
    p.push("h8-g7")
    assert p.turn == "black"
    line = reti.play("h8-g7").to_dict()
    assert sorted(p.legal_moves) == sorted(line["moves"][1]["legal"])
    # The position as a scenario, for its zones.
    assert ("WK", "white", "king", "g7") in p.scenario().pieces
    # Pawned (5x6) plays as any game, but has no FEN.
    pawned = lingeo.Scenario.load(ROOT / "examples" / "pawned.scenario").position()
    assert pawned.legal_moves and pawned.result() == "*"
    with pytest.raises(lingeo.RequestError, match="8x8"):
        pawned.fen
    with pytest.raises(lingeo.GameError):
        lingeo.Position(lingeo.Scenario.from_text("board 3x3\nwhite king at a1 as K\n"))
    with pytest.raises(TypeError):
        lingeo.Position("examples/reti.scenario")
