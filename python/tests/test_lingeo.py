"""The Python package against the CLI: each result's to_dict() equals what `lingeo ... --json`
prints for the same request on the shipped examples, and the values are the known ones.

The CLI is the debug binary `cargo test` builds (target/debug/lingeo), or $LINGEO_BIN.
"""

import json
import os
import subprocess
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import lingeo

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GRAMMARS = ROOT / "grammars"


def cli_bin():
    path = os.environ.get("LINGEO_BIN") or str(ROOT / "target" / "debug" / "lingeo")
    if not Path(path).exists():
        pytest.skip(f"no lingeo binary at {path} (build it, or set LINGEO_BIN)")
    return path


def cli_json(*args):
    out = subprocess.run(
        [cli_bin(), *map(str, args), "--json"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def without_times(d):
    """A search's JSON without its times, which differ from run to run."""
    return {k: v for k, v in d.items() if k not in ("time_ms", "cpu_time_ms")}


FIGHTER = EXAMPLES / "robot-fighter.scenario"
RETI = EXAMPLES / "reti.scenario"
PAWNED = EXAMPLES / "pawned.scenario"
ZONE_FULL = EXAMPLES / "robot-zone-full.scenario"


def test_map_is_an_array_by_rank_and_file():
    s = lingeo.Scenario.load(FIGHTER)
    m = s.map(piece="FIGHTER")
    assert m.dtype == np.int64 and m.shape == (8, 8)
    assert m[5, 5] == 0  # f6, where the fighter stands
    assert m[0, 7] == 5  # h1: five moves (docs/semantics.md §4.3)
    d = s.map_dict(piece="FIGHTER")
    assert d == cli_json("map", FIGHTER, "--piece", "FIGHTER")
    # Removed points hold REMOVED; unreachable ones MAP's 2n.
    assert m[6, 5] == lingeo.REMOVED  # f7 is removed
    assert d["unreachable"] == 2 * len(d["points"])


def test_map_of_a_type_on_an_empty_board():
    s = lingeo.Scenario.empty(8, 8)
    m = s.map(type="knight", origin="a1")
    assert m[0, 0] == 0 and m[1, 2] == 1 and m[7, 7] == 6
    assert s.map_dict(type="knight", origin="a1") == cli_json(
        "map", "--type", "knight", "--from", "a1"
    )


def test_unreachable_points_hold_the_documented_value():
    s = lingeo.Scenario.from_text("board 3x3\nremoved b2\nwhite bishop at a1 as B\n")
    m = s.map(piece="B")
    unreachable = s.map_dict(piece="B")["unreachable"]
    assert unreachable == 2 * 8
    assert m[1, 1] == lingeo.REMOVED
    assert m[0, 1] == unreachable  # a bishop never reaches b1 from a1


def test_trajectories_equal_the_cli():
    s = lingeo.Scenario.load(FIGHTER)
    t = s.trajectories("h1", piece="FIGHTER")
    assert t.count == 7 and t.distance == 5
    assert t.to_dict() == cli_json("trajectories", FIGHTER, "--piece", "FIGHTER", "--to", "h1")


def test_zone_count_and_bundle_view_equal_the_cli():
    s = lingeo.Scenario.load(ZONE_FULL)
    z = s.zones("BOMBER", "h1", 4)
    expected = cli_json("zones", ZONE_FULL, "--piece", "BOMBER", "--to", "h1", "--horizon", "4")
    assert z.to_dict() == expected
    assert isinstance(z.count, int) and z.count == expected["count"] and z.count > 0
    assert not z.saturated
    # The network's fields: the count exact (no lower bound) and every entry decided, as the
    # CLI says by leaving them out.
    assert z.count_at_least is expected.get("count_at_least", False) is False
    assert z.undecided == expected.get("undecided", []) == []
    every = s.zones("BOMBER", "h1", 4, all_zones=True)
    assert len(every.zones) == z.count


def test_grammar_language_equals_the_cli():
    g = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg")
    s = lingeo.Scenario.load(FIGHTER)
    lang = g.run("S(f6, h1, 5)", scenario=s, piece="FIGHTER")
    assert lang.count == 7
    assert lang.sentences[0][0] == "a(f6)" and lang.sentences[0][-1] == "a(h1)"
    assert lang.to_dict() == cli_json(
        "run",
        GRAMMARS / "shortest-trajectories.lgg",
        FIGHTER,
        "--piece",
        "FIGHTER",
        "--start",
        "S(f6, h1, 5)",
    )


def test_hanoi_without_a_scenario():
    g = lingeo.Grammar.load(GRAMMARS / "hanoi.lgg")
    lang = g.run("S(3, a, c)")
    assert lang.count == 1 and len(lang.sentences[0]) == 7  # 2^3 - 1 moves
    assert lang.to_dict() == cli_json("run", GRAMMARS / "hanoi.lgg", "--start", "S(3, a, c)")


def test_solve_and_lg_search_equal_the_cli():
    s = lingeo.Scenario.load(RETI)
    r = s.search()
    assert r.value == 0  # Réti's study: a draw
    assert r.nodes > 0 and r.pv
    assert without_times(r.to_dict()) == without_times(cli_json("search", RETI))
    lg = s.search(engine="lg")
    # The draw again; the reduced tree's leaves do not end the game, so the value is a static
    # estimate (docs/lg-search.md).
    assert (lg.value, lg.to_dict()["proved"], lg.to_dict()["horizon"]) == (0, False, 4)
    assert without_times(lg.to_dict()) == without_times(cli_json("search", RETI, "--engine", "lg"))
    d = s.search(engine="minimax", depth=2)
    assert without_times(d.to_dict()) == without_times(
        cli_json("search", RETI, "--engine", "minimax", "--depth", "2")
    )


def test_play_and_evaluate_equal_the_cli():
    s = lingeo.Scenario.load(RETI)
    line = s.play(["h8-g7", "h5-h4"])
    assert [p.get("move") for p in line.positions] == [None, "h8-g7", "h5-h4"]
    assert line.to_dict() == cli_json("play", RETI, "--moves", "h8-g7 h5-h4")
    e = s.evaluate()
    assert e.to_dict() == cli_json("evaluate", RETI)
    assert e.goals


def test_errors_carry_their_place():
    with pytest.raises(lingeo.ParseError) as err:
        lingeo.Scenario.from_text("board 8x8\nwhite kong at a1\n", name="bad.scenario")
    e = err.value
    assert isinstance(e, lingeo.LingeoError)
    assert (e.file, e.line) == ("bad.scenario", 2) and e.column >= 1
    with pytest.raises(lingeo.ParseError) as err:
        lingeo.Grammar.from_text("grammar g\nproductions\n  1 | nonsense\n", name="g.lgg")
    assert err.value.file == "g.lgg" and err.value.line >= 1
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.Scenario.load(FIGHTER).map(piece="BOMBER")
    assert err.value.field == "piece" and "--" not in str(err.value)
    # A grammar's start that does not fit it: the field, in the library's words.
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.Grammar.load(GRAMMARS / "hanoi.lgg").run("S(3, a)")
    assert err.value.field == "start" and "--" not in str(err.value)
    assert str(err.value).startswith("the start: `S` takes 3 arguments")
    with pytest.raises(lingeo.GameError):
        lingeo.Scenario.load(FIGHTER).search()
    with pytest.raises(lingeo.FileError):
        lingeo.Scenario.load(EXAMPLES / "no-such.scenario")


def cli_place(*args):
    """The first place (FILE:LINE:COLUMN) of the diagnostics `lingeo check` prints."""
    out = subprocess.run([cli_bin(), "check", *map(str, args)], capture_output=True, text=True)
    assert out.returncode != 0, out.stdout
    start = out.stderr.index(",-[ ") + 4
    return out.stderr[start : out.stderr.index(" ]", start)]


def test_an_error_s_text_begins_with_its_place_as_the_cli_shows_it(tmp_path):
    # Hanoi with a comma missing in its start, at line 2, column 15 (as issue 46 saw it).
    hanoi = (GRAMMARS / "hanoi.lgg").read_text().splitlines(keepends=True)
    text = "grammar hanoi\nstart S(n:int x0: peg, y0: peg)\nenum peg { a, b, c }\n"
    path = tmp_path / "bad.lgg"
    path.write_text(text + "".join(hanoi[8:]))
    with pytest.raises(lingeo.ParseError) as err:
        lingeo.Grammar.load(path)
    e = err.value
    place = f"{e.file}:{e.line}:{e.column}"
    assert place == cli_place(path)
    assert str(e).startswith(place + ": "), str(e)
    assert (e.line, e.column) == (2, 15)
    # The text after the place is the first problem in one line; `rendered` has them all.
    assert "\n" not in str(e) and "bad.lgg" in e.rendered
    # An error without a place reads as before.
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.Scenario.load(FIGHTER).map(piece="BOMBER")
    assert err.value.line is None and not str(err.value).startswith("None")


def test_exceptions_tell_a_bad_request_from_a_failed_or_stopped_computation():
    for bad in (lingeo.ParseError, lingeo.FileError, lingeo.GameError, lingeo.RunFaultError):
        assert issubclass(bad, lingeo.RequestError)
    assert issubclass(lingeo.TooLargeError, lingeo.StoppedError)
    assert issubclass(lingeo.RunStoppedError, lingeo.RunError)
    assert issubclass(lingeo.RunFaultError, lingeo.RunError)
    kinds = (lingeo.RequestError, lingeo.ComputationError, lingeo.StoppedError)
    for kind in kinds:
        assert issubclass(kind, lingeo.LingeoError)
        assert [k for k in kinds if issubclass(kind, k)] == [kind]
    s = lingeo.Scenario.load(RETI)
    # A search stopped at its node limit before any result: stopped, not a bad request (a
    # search that failed was a RequestError before).
    with pytest.raises(lingeo.StoppedError) as err:
        s.search(engine="minimax", max_nodes=10)
    assert not isinstance(err.value, lingeo.RequestError)
    assert "stopped at the node limit (10 positions" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.search(engine="lg", horizon=0)
    assert "horizon" in str(err.value)


def test_a_language_is_iterable_and_has_a_length():
    g = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg")
    lang = g.run("S(f6, h1, 5)", scenario=lingeo.Scenario.load(FIGHTER), piece="FIGHTER")
    sentences = list(lang)
    assert len(lang) == len(sentences) == lang.count == 7
    assert sentences == lang.sentences
    assert all(s[0] == "a(f6)" and s[-1] == "a(h1)" for s in lang)
    # The result is Python objects made in Rust: a copy per to_dict(), not shared.
    d = lang.to_dict()
    d["language"].clear()
    assert len(lang) == 7


def test_the_gil_is_released_during_a_search():
    # Python code runs on the main thread while another thread's solve is under way (the solve
    # of the Reti study takes most of a second): with the GIL held, no tick would fall inside.
    s = lingeo.Scenario.load(RETI)
    span = {}

    def solve():
        span["start"] = time.monotonic()
        span["value"] = s.search().value
        span["end"] = time.monotonic()

    worker = threading.Thread(target=solve)
    ticks = []
    worker.start()
    while worker.is_alive():
        ticks.append(time.monotonic())
        time.sleep(0.001)
    worker.join()
    assert span["value"] == 0
    assert span["end"] - span["start"] > 0.2, "the solve was too quick to tell"
    inside = [t for t in ticks if span["start"] + 0.05 < t < span["end"] - 0.05]
    assert len(inside) > 10, (len(inside), span)


def test_match_equals_the_cli_and_its_games_make_a_frame():
    args = ["eval=material,depth=1", "eval=material,depth=2"]
    m = lingeo.match(PAWNED, *args, games=4, jobs=2)
    assert m.to_dict() == cli_json(
        "match", PAWNED, "--white", args[0], "--black", args[1], "--games", "4"
    )
    assert [g["game"] for g in m.games] == [1, 2, 3, 4]
    assert sum(1 for g in m.games if g["result"] == 1) == m.wins
    # The games from the third on, as a task of a split match plays them.
    part = lingeo.match(PAWNED, *args, games=2, first=2)
    assert part.games == m.games[2:]
    pd = pytest.importorskip("pandas")
    frame = m.to_pandas()
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["white", "black", "game", "opening", "first_white", "result"]
    assert list(frame.result) == [g["result"] for g in m.games]
    with pytest.raises(lingeo.RequestError):
        lingeo.match(PAWNED, "depth=0")


def cli_compare_json(*args):
    """`lingeo compare ... --json`, which exits 1 where the languages differ and 2 where a
    start could not be compared (its JSON still printed)."""
    out = subprocess.run(
        [cli_bin(), "compare", *map(str, args), "--json"], capture_output=True, text=True, cwd=ROOT
    )
    assert out.returncode in (0, 1, 2) and out.stdout, out.stderr
    return json.loads(out.stdout)


SIMPLIFIED = EXAMPLES / "robot-zone-simplified.scenario"


def test_compare_a_grammar_with_the_native_generator_equals_the_cli():
    s = lingeo.Scenario.load(SIMPLIFIED)
    filtered = lingeo.Grammar.load(GRAMMARS / "zones-filtered.lgg")
    c = lingeo.compare(filtered, "native", "S(h5, h1, 4)", scenario=s, piece="BOMBER")
    assert c.passed and c.starts[0]["count_a"] == c.starts[0]["count_b"] == 5
    args = [GRAMMARS / "zones-filtered.lgg", "native", SIMPLIFIED, "--piece", "BOMBER"]
    assert c.to_dict() == cli_compare_json(*args, "--start", "S(h5, h1, 4)")
    # The literal grammar against the filtered generator: different, with the symbols only
    # one side's zones hold; with the same filters on the native side, equal.
    literal = lingeo.Grammar.load(GRAMMARS / "zones.lgg")
    d = lingeo.compare(literal, "native", "S(h5, h1, 4)", scenario=s, piece="BOMBER")
    assert not d.passed and d.starts[0]["symbols_only_a"]
    assert d.to_dict() == cli_compare_json(
        GRAMMARS / "zones.lgg", "native", SIMPLIFIED, "--piece", "BOMBER", "--start", "S(h5, h1, 4)"
    )
    assert lingeo.compare(
        literal, "native", "S(h5, h1, 4)", scenario=s, piece="BOMBER", filters="none"
    ).passed


def test_compare_two_grammars_on_starts_row_by_row():
    s = lingeo.Scenario.load(FIGHTER)
    shortest = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg")
    admissible = lingeo.Grammar.load(GRAMMARS / "admissible-trajectories.lgg")
    starts = ["S(f6, h1, 5)", "S(f6, h1, 6)"]
    same = lingeo.compare(shortest, shortest, starts, scenario=s, piece="FIGHTER")
    assert same.passed
    assert same.starts[0]["count_a"] == same.starts[0]["common"] == 7
    within = lingeo.compare(
        shortest, admissible, starts, scenario=s, piece="FIGHTER", check="subset"
    )
    d = within.to_dict()
    assert d["check"] == "subset" and within.passed and "random" not in d
    # Each row is the CLI's on that start alone.
    for start, row in zip(starts, d["starts"]):
        cli = cli_compare_json(
            GRAMMARS / "shortest-trajectories.lgg",
            GRAMMARS / "admissible-trajectories.lgg",
            FIGHTER,
            "--piece",
            "FIGHTER",
            "--start",
            start,
            "--subset",
        )
        assert cli["starts"] == [row] and cli["a"] == d["a"] and cli["b"] == d["b"]
    pd = pytest.importorskip("pandas")
    frame = within.to_pandas()
    assert list(frame.start) == starts
    assert (frame.common <= frame.count_a).all()


def test_compare_on_random_starts_equals_the_cli():
    args = ["--type", "king", "--random", "8", "--seed", "1", "--lengths", "admissible"]
    cli = cli_compare_json(
        GRAMMARS / "shortest-trajectories.lgg", "native", "--board", "5x5", *args
    )
    shortest = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg")
    board = lingeo.Scenario.empty(5, 5)
    for jobs in (1, 2):
        c = lingeo.compare(
            shortest, "native", scenario=board, type="king", random=8, seed=1,
            lengths="admissible", jobs=jobs,
        )
        assert c.to_dict() == cli
    assert c.random.endswith(", seed 1") and not c.passed
    # A start past the cap is a row with its error; the rest are still compared.
    capped = lingeo.compare(
        shortest, "native", scenario=board, type="king", random=8, seed=1,
        lengths="admissible", max_sentences=20,
    )
    errors = [r for r in capped.starts if "error" in r]
    assert errors and all("more than" in r["error"] for r in errors)
    assert capped.to_dict() == cli_compare_json(
        GRAMMARS / "shortest-trajectories.lgg", "native", "--board", "5x5", *args,
        "--max-sentences", "20",
    )


def test_compare_errors_name_the_argument():
    hanoi = lingeo.Grammar.load(GRAMMARS / "hanoi.lgg")
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(hanoi, "native", "S(3, a, c)")
    assert err.value.field == "a" and "is neither" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(hanoi, hanoi, random=3, seed=1)
    assert err.value.field == "random" and "--" not in str(err.value)
    # One start that cannot be run raises; in a list it is a row.
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(hanoi, hanoi, "S(3, a)")
    assert err.value.field == "start"
    rows = lingeo.compare(hanoi, hanoi, ["S(3, a)", "S(2, a, c)"])
    assert "error" in rows.starts[0] and rows.starts[1]["passed"] and not rows.passed
    with pytest.raises(lingeo.RequestError):
        lingeo.compare(hanoi, "nativ", "S(3, a, c)")


def test_compare_keywords_are_the_requests_fields():
    shortest = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg")
    # An unknown keyword names the close one; the request's rules name the fields.
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(shortest, "native", "S(a1, b2, 1)", type="king", lenghts="admissible")
    assert "lengths" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(shortest, "native", type="king", seed=3)
    assert err.value.field == "seed"
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.compare(shortest, "native", "S(a1, b2, 1)", random=2, type="king")
    assert err.value.field == "starts" and "one of them" in str(err.value)
    # A long comparison stops at its time.
    with pytest.raises(lingeo.StoppedError) as err:
        lingeo.compare(
            shortest, "native", scenario=lingeo.Scenario.empty(16, 16), type="king",
            random=100000, seed=1, lengths="admissible", time=0.2,
        )
    assert "time limit" in str(err.value)


def test_under_a_time_limit_the_lg_search_deepens_to_the_same_tree():
    s = lingeo.Scenario.load(RETI)
    plain = s.search(engine="lg", tree=True)
    timed = s.search(engine="lg", tree=True, time=600)
    # Every pass completed: the last is the search asked for, after the shallower passes.
    assert (timed.depth_bound, timed.to_dict()["depth_asked"]) == (6, 6)
    assert plain.depth_bound == 6
    assert timed.value == plain.value
    assert timed.to_dict()["tree"] == plain.to_dict()["tree"]
    assert timed.nodes > plain.nodes
    assert s.search().depth_bound is None


def test_the_lg_race_and_its_budget_equal_the_cli():
    s = lingeo.Scenario.load(RETI)
    # Réti's race asks 8 plies past the depth bound; a budget of 3,000 positions stops at 4
    # (the CLI's test in tests/it/lg_search.rs says the same).
    short = s.search(engine="lg", race_budget=3000)
    assert (short.race, short.to_dict()["race_asked"]) == (4, 8)
    assert without_times(short.to_dict()) == without_times(
        cli_json("search", RETI, "--engine", "lg", "--race-budget", "3000")
    )
    assert s.search(engine="lg", race=0).race == 0
    assert s.search().race is None
    with pytest.raises(lingeo.RequestError):
        s.search(race=2)  # the race is the LG search's


BRANCHES_FOREVER = ROOT / "tests" / "grammars" / "branches-forever.lgg"


def test_a_runaway_grammar_raises_naming_the_memory_limit():
    # A grammar that branches without end: the interpreter aborted at a 2.4 GB allocation
    # (issue 45), where the CLI stops at its --max-memory. The derivation measures what it
    # holds, so the limit holds here too, without the CLI's allocator.
    g = lingeo.Grammar.load(BRANCHES_FOREVER)
    with pytest.raises(lingeo.RunError) as err:
        g.run("S(0)", max_memory=64)
    # A run stopped at a limit: a RunError and a StoppedError, not a bad request.
    assert isinstance(err.value, lingeo.RunStoppedError)
    assert isinstance(err.value, lingeo.StoppedError)
    assert not isinstance(err.value, lingeo.RequestError)
    assert str(err.value).endswith("the run uses more than 64 MiB of memory")
    assert "Limits::max_memory" in err.value.rendered
    # The CLI's default is the default here too: the same grammar stops at 4 GiB.
    assert lingeo.MAX_MEMORY == 4096


def test_listings_past_the_memory_limit_raise_too_large():
    with pytest.raises(lingeo.TooLargeError) as err:
        lingeo.Scenario.empty(16, 16).trajectories(
            "p16", type="king", origin="a1", length=20, limit=9_000_000, max_memory=64
        )
    assert "the trajectories listed" in str(err.value) and "64 MiB" in str(err.value)
    far = lingeo.Scenario.from_text(
        "board 50x50\nwhite king at (1,1)\nwhite rook at (5,3)\n"
        "black king at (50,50)\nblack queen at (45,47)\n"
    )
    # Within the limit, the same request answers.
    assert far.trajectories("(50,50)", type="king", origin="(1,1)", max_memory=64).count == 1
    with pytest.raises(lingeo.RequestError) as err:
        far.map(piece="WK", max_memory=0)
    assert err.value.field == "max_memory"


def test_ctrl_c_stops_a_long_call():
    # A solve of race10 takes minutes; Ctrl-C was seen only when the native call ended. The
    # call looks for signals while it works, stops the solve and raises KeyboardInterrupt.
    import signal

    s = lingeo.Scenario.load(EXAMPLES / "race10.scenario")
    # Python's own handler, for this test: a pytest started with SIGINT ignored (under nohup,
    # or as a background job of a shell without job control) installs none, and the signal
    # would then go unseen while the solve runs for minutes.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(1.0, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            s.search()
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 20
    # The scenario still works, and a short call is not slowed by the watch.
    started = time.monotonic()
    assert lingeo.Scenario.load(RETI).search(depth=2).pv
    assert s.map(type="king", origin="a1")[0, 0] == 0
    assert time.monotonic() - started < 10


def test_arguments_of_the_wrong_kind_are_type_errors():
    g = lingeo.Grammar.load(GRAMMARS / "hanoi.lgg")
    # A path or text where a Scenario is taken (it raised AttributeError).
    with pytest.raises(TypeError, match="scenario must be a Scenario"):
        g.run("S(3, a, c)", scenario="x")
    with pytest.raises(TypeError, match="scenario must be a Scenario"):
        lingeo.compare(g, g, "S(3, a, c)", scenario=str(FIGHTER))
    with pytest.raises(TypeError, match="inputs must be a dict"):
        g.run("S(3, a, c)", inputs=[("A", "1")])


def test_a_time_past_a_duration_names_the_bound():
    s = lingeo.Scenario.load(RETI)
    # 1e20 seconds is positive: it is past the longest duration (it said "must be positive").
    with pytest.raises(lingeo.RequestError) as err:
        s.search(time=1e20)
    assert "at most 18446744073709551615 seconds" in str(err.value)
    assert err.value.field == "time"
    for bad in (0, -1):
        with pytest.raises(lingeo.RequestError, match="must be a positive number of seconds"):
            s.search(time=bad)
    # A keyword's value is read as JSON, which has no NaN or infinity.
    for bad in (float("nan"), float("inf")):
        with pytest.raises(lingeo.RequestError, match="`time` must be a finite number"):
            s.search(time=bad)


def test_search_keywords_are_the_requests_fields():
    # Issue 46: the keyword arguments are read as the library's SearchRequest, as the CLI's
    # flags and the server's body are: an unknown one names the close ones, and the options
    # Python lacked (ordering, eval, leaf, zones, domination ...) are there.
    s = lingeo.Scenario.load(RETI)
    with pytest.raises(lingeo.RequestError) as err:
        s.search(race_budge=10)
    assert "did you mean" in str(err.value) and "`race_budget`" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.search(depth=-1)
    assert "`depth`" in str(err.value)
    assert s.search(depth=2, ordering="history").to_dict()["ordering"] == "history"
    lg = s.search(engine="lg", zones="translate", domination=False, race=0)
    assert lg.to_dict()["engine"] == "lg"
    assert without_times(lg.to_dict()) == without_times(
        cli_json("search", RETI, "--engine", "lg", "--zones", "translate", "--no-domination", "--race", "0")
    )


def test_results_as_frames_one_row_a_trajectory_sentence_or_search():
    pd = pytest.importorskip("pandas")
    s = lingeo.Scenario.load(FIGHTER)
    t = s.trajectories("h1", piece="FIGHTER").to_pandas()
    assert list(t.columns) == ["length", "trajectory"]
    assert len(t) == 7 and set(t["length"]) == {5}
    assert all(p.startswith("f6 ") and p.endswith(" h1") for p in t["trajectory"])

    lang = lingeo.Grammar.load(GRAMMARS / "shortest-trajectories.lgg").run(
        "S(f6, h1, 5)", scenario=s, piece="FIGHTER"
    )
    frame = lang.to_pandas()
    assert list(frame["sentence"]) == lang.strings and len(frame) == len(lang) == 7
    assert set(frame["symbols"]) == {6}  # a(f6) ... a(h1): six points

    z = lingeo.Scenario.load(ZONE_FULL)
    bundles = z.zones("BOMBER", "h1", 4)
    frame = bundles.to_pandas()
    mains = frame[frame["attach"].isna()]
    assert len(mains) == len(bundles.bundles)
    alternatives = sum(
        len(pair["alternatives"]) for b in bundles.bundles for pair in b["attaches"]
    )
    assert len(frame) == len(bundles.bundles) + alternatives
    assert (frame["length"] == frame["trajectory"].str.count(" ")).all()
    every = z.zones("BOMBER", "h1", 4, all_zones=True).to_pandas()
    assert every["zone"].nunique() == bundles.count
    assert every["bundle"].isna().all()

    searches = pd.concat(
        [lingeo.Scenario.load(RETI).search(engine=e).to_pandas() for e in ("alphabeta", "lg")]
    )
    assert list(searches["engine"]) == ["alphabeta", "lg"]
    assert list(searches["value"]) == [0, 0]
    assert searches["depth_bound"].isna().tolist() == [True, False]


def test_zones_keywords_are_the_requests_fields():
    # Issue 46: zones' keyword arguments are read as the library's ZonesRequest, as the CLI's
    # flags and the server's body are; every attack is `attacks()`, and `summary` gives the
    # counts and times without the zones.
    s = lingeo.Scenario.load(RETI)
    with pytest.raises(lingeo.RequestError) as err:
        s.zones("WK", "h5", max_zone=3)
    assert "did you mean" in str(err.value) and "`max_zones`" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.zones("WK", "h5", summary=True, all_zones=True)
    assert "`summary`" in str(err.value) and "`all_zones`" in str(err.value)
    one = s.zones("WK", "h5", 4, summary=True)
    assert one.count == 16 and one.bundles is None and "time_ms" in one.to_dict()
    every = s.attacks(summary=True)
    assert [a.count for a in every] == [16, 10, 11, 1]
    assert [without_times(a.to_dict()) for a in every] == [
        without_times(a) for a in cli_json("zones", RETI, "--all-attacks", "--summary")
    ]
    assert s.attacks(horizon=2, filters="none")[0].to_dict()["filters"] == "none"


def test_map_and_trajectories_keywords_are_the_requests_fields():
    # Issue 46: map's and trajectories' keyword arguments are the library's MapRequest and
    # TrajectoriesRequest; the control map is map_dict(control=True), as `map --control`.
    s = lingeo.Scenario.load(RETI)
    control = s.map_dict(control=True)
    assert control == cli_json("map", RETI, "--control")
    with pytest.raises(lingeo.RequestError) as err:
        s.map_dict(piece="WK", control=True)
    assert "`control`" in str(err.value) and "`piece`" in str(err.value)
    assert s.map_dict(piece="WK", reverse=True)["direction"] == "to"
    with pytest.raises(lingeo.RequestError) as err:
        s.map(piece="WK", revers=True)
    assert "did you mean" in str(err.value) and "`reverse`" in str(err.value)
    f = lingeo.Scenario.load(FIGHTER)
    assert f.trajectories("h1", piece="FIGHTER", count_only=True).count == 7
    assert f.trajectories("h1", piece="FIGHTER", count=True).count == 7
    assert f.trajectories("h1", piece="FIGHTER", rule="s06", length=6).to_dict() == cli_json(
        "trajectories", FIGHTER, "--piece", "FIGHTER", "--to", "h1", "--rule", "s06", "--length", "6"
    )


def test_run_keywords_are_the_requests_fields():
    # Issue 46: Grammar.run's keyword arguments are the library's RunRequest: an unknown one
    # names the close ones, `count` counts on the forest, `trace` gives the steps.
    g = lingeo.Grammar.load(GRAMMARS / "hanoi.lgg")
    with pytest.raises(lingeo.RequestError) as err:
        g.run("S(3, a, c)", max_sentence=3)
    assert "did you mean" in str(err.value) and "`max_sentences`" in str(err.value)
    counted = g.run("S(3, a, c)", count=True).to_dict()
    assert counted == cli_json("run", GRAMMARS / "hanoi.lgg", "--start", "S(3, a, c)", "--count")
    traced = g.run("S(1, a, c)", trace=True).to_dict()
    assert traced["trace"] and all(isinstance(step, str) for step in traced["trace"])
    with pytest.raises(lingeo.RequestError) as err:
        g.run("S(3, a, c)", count=True, trace=True)
    assert "`trace`" in str(err.value)


def test_play_and_match_keywords_are_the_requests_fields():
    # Issue 46: `play` and `match` read their keyword arguments as the library's PlayRequest
    # and MatchRequest, as the CLI's flags are: an unknown one names the close ones, a rule
    # names its field, and `match` takes `time` as `lingeo match --time` does.
    s = lingeo.Scenario.load(RETI)
    with pytest.raises(lingeo.RequestError) as err:
        s.play("h8-g7", max_memroy=10)
    assert "did you mean" in str(err.value) and "`max_memory`" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.play("h8-g7", max_memory=0)
    assert "`max_memory`" in str(err.value)
    assert len(s.play("h8-g7", max_memory=64).positions) == 2
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.match(PAWNED, "depth=1", "depth=2", games=2, job=2)
    assert "`jobs`" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        lingeo.match(PAWNED, games=0)
    assert "`games` must be at least 1" in str(err.value)
    m = lingeo.match(PAWNED, "eval=fuzzy,depth=4", "eval=fuzzy,depth=4", games=4, time=0.001)
    assert "time limit" in m.to_dict()["stopped"]
    assert m.wins + m.draws + m.losses < 4


def test_patterns_and_fuzzy_are_the_clis():
    # Issue 46: `patterns` and `fuzzy` read their keyword arguments as the library's
    # PatternsRequest and PairsRequest, and give what the CLI's --json prints.
    figure2 = EXAMPLES / "figure2.scenario"
    s = lingeo.Scenario.load(figure2)
    p = s.patterns("WR,BK")
    assert p.to_dict() == cli_json("patterns", figure2, "--pair", "WR,BK")
    assert len(p.pairs) == 1
    f = s.fuzzy(side="white", horizon=2)
    assert f.to_dict() == cli_json("fuzzy", figure2, "--side", "white", "--horizon", "2")
    with pytest.raises(lingeo.RequestError) as err:
        s.patterns("WR,BK", side="white")
    assert "`pair`" in str(err.value) and "`side`" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.fuzzy(horizn=2)
    assert "`horizon`" in str(err.value)


def test_evaluate_keywords_are_the_requests_fields():
    # Issue 46: `evaluate` reads its keyword arguments as the library's EvaluateRequest.
    s = lingeo.Scenario.load(RETI)
    assert s.evaluate(eval="learned").to_dict() == s.evaluate(learned=True).to_dict()
    assert s.evaluate(eval="learned").to_dict() == cli_json("evaluate", RETI, "--eval", "learned")
    with pytest.raises(lingeo.RequestError) as err:
        s.evaluate(horizon=0)
    assert "`horizon` must be at least 1" in str(err.value)
    with pytest.raises(lingeo.RequestError) as err:
        s.evaluate(max_zone=3)
    assert "`max_zones`" in str(err.value)
    with pytest.raises(lingeo.StoppedError):
        lingeo.Scenario.load(EXAMPLES / "race10.scenario").evaluate(time=0.01)


def test_figure12_equals_the_cli_and_reads_its_request():
    f = lingeo.figure12(board="4x4")
    assert f.to_dict()["rows"] == cli_json("analysis", "figure12", "--board", "4x4")
    assert [r["piece"] for r in f.rows][:2] == ["pawn", "rook"]
    assert lingeo.figure12().rows == lingeo.figure12(board="8x8").rows
    with pytest.raises(lingeo.RequestError, match="board"):
        lingeo.figure12(board="100x100")
    with pytest.raises(lingeo.RequestError, match="did you mean `board`"):
        lingeo.figure12(bord="4x4")
