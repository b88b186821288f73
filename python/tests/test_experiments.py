"""lingeo.experiments on a tiny Ray batch (skipped where Ray or pandas is not installed): the
gathered frames equal what the package computes in-process, however the work was split."""

import os

import pytest

ray = pytest.importorskip("ray")
pd = pytest.importorskip("pandas")

import lingeo  # noqa: E402
from lingeo import experiments as ex  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..", "..")
PAWNED = os.path.join(ROOT, "examples", "pawned.scenario")


@pytest.fixture(scope="module")
def local_ray():
    resources = ex.init(workers=2)
    assert resources["CPU"] == 2
    yield
    ex.shutdown()


def test_a_match_split_into_tasks_is_the_match_played_at_once(local_ray):
    pair = ("eval=material,depth=1", "eval=material,depth=2")
    games = ex.matches(PAWNED, [pair], games=5, chunk=2)
    assert list(games.game) == [1, 2, 3, 4, 5]
    assert list(games.first_white) == [True, False, True, False, True]
    assert list(games.opening) == [1, 1, 2, 2, 3]
    whole = lingeo.match(PAWNED, *pair, games=5)
    assert list(games.result) == [g["result"] for g in whole.games]
    summary = ex.match_summary(games)
    row = summary.iloc[0]
    d = whole.to_dict()
    assert (row.wins, row.draws, row.losses) == (d["wins"], d["draws"], d["losses"])
    assert row.score == pytest.approx(d["score"])
    if d["elo"] is None:
        assert row.elo is None
    else:
        assert row.elo == pytest.approx(d["elo"])
        assert row.elo_error == pytest.approx(d["elo_error"])


def test_solves_and_agreement_rows_follow_the_positions(local_ray):
    small = open(PAWNED, encoding="utf-8").read().replace("\nboard 5x6\n", "\nboard 4x4\n")
    positions = ["", "a1-a2", "b1-b2 a4-a3"]
    frame = ex.solves((small, "pawned-4x4.scenario"), positions)
    assert list(frame.moves) == positions
    scenario = lingeo.Scenario.from_text(small, "pawned-4x4.scenario")
    for row in frame.itertuples():
        direct = scenario.search(moves=row.moves)
        assert (row.value, row.nodes, row.pv) == (direct.value, direct.nodes, " ".join(direct.pv))
    agree = ex.agreement((small, "pawned-4x4.scenario"), positions[:2])
    assert list(agree.solver_value) == list(frame.value[:2])
    assert set(agree.columns) >= {"lg_value", "lg_proved", "lg_forced", "agree"}


OTHELLO_4X4 = os.path.join(ROOT, "examples", "othello-4x4.scenario")
OTHELLO_6X6 = os.path.join(ROOT, "examples", "othello-6x6.scenario")


def test_a_solve_split_into_subtrees_is_the_solve_of_the_root(local_ray):
    # Othello 4x4 is counted by its pieces: the split backs up the final margin; Pawned on
    # 4x4 by its value. Each equals the one solve of the root, on Ray and run here alike, and
    # the principal variation replays under the rules.
    small = open(PAWNED, encoding="utf-8").read().replace("\nboard 5x6\n", "\nboard 4x4\n")
    for scenario, plies in [(OTHELLO_4X4, 2), ((small, "pawned-4x4.scenario"), 2)]:
        text, name = scenario if isinstance(scenario, tuple) else (
            open(scenario, encoding="utf-8").read(),
            scenario,
        )
        whole = lingeo.Scenario.from_text(text, name).search()
        lines = ex.split((text, name), plies)
        assert len(lines) == len(set(lines)) > 1
        split = ex.solve_split((text, name), plies=plies)
        assert (split["value"], split["score"]) == (whole.value, whole.score), name
        assert split["counted"] == (name == OTHELLO_4X4)
        assert split["tasks"] == len(lines) == len(split["leaves"])
        assert split["nodes"] == sum(split["leaves"].nodes)
        here = ex.solve_split((text, name), plies=plies, local=True)
        assert (here["value"], here["score"], here["pv"]) == (
            split["value"],
            split["score"],
            split["pv"],
        )
        position = lingeo.Position(lingeo.Scenario.from_text(text, name))
        for move in split["pv"]:
            position.push(move)
        assert position.is_game_over(), split["pv"]


def test_a_split_from_a_later_position_is_the_solve_of_that_position(local_ray):
    # 6x6 Othello after eighteen placements (14 empty points): the split two plies on from
    # there backs up the margin that one solve of the position finds, and its line plays on
    # from that position to the end of the game.
    text = open(OTHELLO_6X6, encoding="utf-8").read()
    start = "c2 b4 b5 d2 a4 c1 e1 a6 d5 e2 c5 a5 b2 b3 f1 a1 a3 a2"
    whole = lingeo.Scenario.from_text(text, OTHELLO_6X6).search(moves=start)
    lines = ex.split((text, OTHELLO_6X6), 2, start=start)
    assert all(line.startswith(start + " ") for line in lines), lines[:3]
    split = ex.solve_split((text, OTHELLO_6X6), plies=2, start=start.split())
    assert (split["value"], split["score"]) == (whole.value, whole.score)
    assert split["tasks"] == len(lines) > 4
    position = lingeo.Position(lingeo.Scenario.from_text(text, OTHELLO_6X6))
    for move in start.split() + split["pv"]:
        position.push(move)
    assert position.is_game_over(), split["pv"]


def test_a_split_refuses_a_negative_depth():
    with pytest.raises(ValueError, match="at least 0"):
        ex.split(PAWNED, -1)
