"""Checkers and Othello from Python (issue 48 item 7): the shipped files load, perft equals the
published tables, a search solves 4x4 Othello to its disc margin, and a position plays a
placement (its point) and a jump chain (`a5:c3`) as `lingeo play` writes them."""

from pathlib import Path

import lingeo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def test_othello_perft_equals_the_published_table():
    s = lingeo.Scenario.load(EXAMPLES / "othello.scenario")
    assert [s.perft(d) for d in range(1, 6)] == [4, 12, 56, 244, 1396]
    assert s.perft_divide(1) == {"d3": 1, "c4": 1, "f5": 1, "e6": 1}


def test_checkers_perft_equals_the_published_table():
    s = lingeo.Scenario.load(EXAMPLES / "checkers.scenario")
    assert [s.perft(d) for d in range(1, 6)] == [7, 49, 302, 1469, 7361]


def test_four_by_four_othello_is_solved_to_its_disc_margin():
    s = lingeo.Scenario.load(EXAMPLES / "othello-4x4.scenario")
    r = s.search(solve=True)
    # White, the second player, wins 11 to 3: the score is the final margin, White's side.
    assert (r.value, r.score) == (1, 8)
    assert r.to_dict()["counted"] is True
    # The principal variation plays to the end of the game and ends there, 11 to 3.
    line = s.play(r.pv)
    last = line.positions[-1]
    assert last["outcome"] is not None
    sides = [name[0] for name, _ in last["pieces"]]
    assert (sides.count("W"), sides.count("B")) == (11, 3)


def test_a_depth_search_of_checkers_gives_a_legal_line():
    s = lingeo.Scenario.load(EXAMPLES / "checkers.scenario")
    r = s.search(depth=4)
    assert len(r.pv) >= 1
    assert r.pv[0] in s.position().legal_moves
    # Its line replays.
    assert len(s.play(r.pv).positions) == len(r.pv) + 1


def test_a_position_places_a_disc_and_jumps_a_chain():
    p = lingeo.Scenario.load(EXAMPLES / "othello.scenario").position()
    assert sorted(p.legal_moves) == ["c4", "d3", "e6", "f5"]
    p.push("d3")
    assert p.turn == "white"
    assert sorted(p.legal_moves) == ["c3", "c5", "e3"]
    p.pop()
    assert p.turn == "black"

    c = lingeo.Scenario.load(EXAMPLES / "checkers.scenario").position()
    for m in ["b6-a5", "c3-b4"]:
        c.push(m)
    # Black must take: the jump is its only move, written with the point it lands on.
    assert c.legal_moves == ["a5:c3"]
    c.push("a5:c3")
    assert "d2:b4" in c.legal_moves
    assert "b2:d4" in c.legal_moves
