"""The eight-queens ladder (clew.queens.compare, ``clew queens compare``): every method finds
the same count, and the work each reports is the true one, checked against closed forms
and against the textbook trace counted event by event."""

from __future__ import annotations

import importlib
import json
import math

import numpy as np
import pytest

from clew import cli, queens
from clew.queens.compiled import _kernels_ladder as K
from clew.queens.ladder import LIMIT, compare, estimate_levels, format_table

# the module (clew.queens.ladder; the function is clew.queens.compare)
ladder = importlib.import_module("clew.queens.ladder")

KEYS = ["every", "rows", "is_valid", "flags", "bits", "clew"]


def textbook_work(n):
    """(squares tried, queens placed) of the textbook search, from its trace: every square
    tried is a place or a prune event."""
    events = list(queens.trace(n, "textbook"))
    tried = sum(e["type"] in ("place", "prune") for e in events)
    return tried, events[-1]["nodes"]


@pytest.mark.parametrize("n", range(1, 8))
def test_every_method_runs_and_agrees(n):
    rungs = compare(n)
    assert [r.key for r in rungs] == KEYS
    assert all(r.ran and r.exact for r in rungs)
    assert {r.count for r in rungs} == {queens.count(n)}
    by = {r.key: r for r in rungs}
    assert by["every"].examined == math.comb(n * n, n)
    assert by["rows"].examined == n**n
    tried, placed = textbook_work(n)
    assert (by["is_valid"].examined, by["is_valid"].nodes) == (tried, placed)
    assert (by["flags"].examined, by["flags"].nodes) == (tried, placed)
    assert by["bits"].examined == by["bits"].nodes == placed
    assert by["every"].nodes is by["rows"].nodes is by["clew"].examined is None


def test_eight_queens_brute_force_examines_every_placement():
    rungs = {r.key: r for r in compare(8)}
    every = rungs["every"]
    assert every.ran and every.examined == 4_426_165_368 == math.comb(64, 8)
    assert every.count == 92
    assert (rungs["rows"].examined, rungs["rows"].count) == (16_777_216, 92)
    assert (rungs["is_valid"].examined, rungs["is_valid"].nodes) == (15_720, 2_056)
    assert rungs["bits"].examined == 2_056 and rungs["clew"].count == 92


def test_the_kernels_on_their_own():
    # the brute forces judge every placement: the valid ones are the solutions
    for n in range(1, 7):
        assert K.every_placement(n, K.attack_masks(n)) == (math.comb(n * n, n), queens.count(n))
        assert K.one_per_row(n) == (n**n, queens.count(n))
    per_row = np.zeros(8, dtype=np.int64)
    assert K.backtrack_bits(8, 1 << 62, per_row) == (2056, 92)
    assert per_row.tolist() == [8, 42, 140, 344, 568, 550, 312, 92]  # queens placed on each row
    assert K.backtrack_bits(8, 100, np.zeros(8, dtype=np.int64))[0] == K.STOPPED


def test_a_method_over_the_limit_is_not_run_and_its_work_is_exact():
    rungs = {r.key: r for r in compare(9, limit=10**8)}
    assert (
        not rungs["every"].ran
        and rungs["every"].examined == math.comb(81, 9)
        and rungs["every"].exact
    )
    assert not rungs["rows"].ran and rungs["rows"].examined == 9**9 and rungs["rows"].exact
    assert "not run: more than the limit of 100,000,000 placements" in rungs["rows"].note
    assert all(
        rungs[k].ran and rungs[k].count == 352 for k in ("is_valid", "flags", "bits", "clew")
    )
    # the searches' work follows exactly from the bitmask search, run or not
    rungs = {r.key: r for r in compare(6, limit=200)}
    assert rungs["bits"].ran and rungs["bits"].examined == 152
    tried, placed = textbook_work(6)
    for key in ("is_valid", "flags"):
        assert (
            not rungs[key].ran
            and rungs[key].exact
            and (rungs[key].examined, rungs[key].nodes) == (tried, placed)
        )
        assert rungs[key].count is None and rungs[key].seconds is None


def test_a_board_the_kernel_cannot_hold():
    rungs = {r.key: r for r in compare(9, limit=10**12)}
    assert not rungs["every"].ran and "64 bits" in rungs["every"].note
    assert rungs["rows"].ran and rungs["rows"].count == 352  # 9^9: under this limit


def test_large_boards_are_estimated_not_run():
    rungs = {r.key: r for r in compare(20)}
    assert not any(r.ran for r in rungs.values())
    assert rungs["every"].exact and rungs["every"].examined == math.comb(400, 20)
    assert rungs["rows"].exact and rungs["rows"].examined == 20**20
    for key in ("is_valid", "flags", "bits"):
        assert (
            not rungs[key].exact and rungs[key].examined > LIMIT and "estimated" in rungs[key].note
        )
    assert rungs["is_valid"].examined == rungs["flags"].examined > rungs["bits"].examined
    assert "beyond n = 17" in rungs["clew"].note


def test_the_estimate_is_close():
    for n in (8, 10, 12):
        per_row = np.zeros(n, dtype=np.int64)
        K.backtrack_bits(n, 1 << 62, per_row)
        estimate = sum(estimate_levels(n))
        assert abs(estimate - per_row.sum()) < 0.15 * per_row.sum(), (n, estimate, per_row.sum())
    assert estimate_levels(12) == estimate_levels(12)  # always the same


def test_the_bitmask_search_stops_at_the_limit(monkeypatch):
    # an estimate far too low: the search itself stops at the limit, and says so
    monkeypatch.setattr(ladder, "estimate_levels", lambda n, probes=0: [1.0] * n)
    rungs = {r.key: r for r in compare(8, limit=1000)}
    assert not rungs["bits"].ran and not rungs["bits"].exact and rungs["bits"].examined == 1001
    assert "stopped after 1,000" in rungs["bits"].note
    assert not rungs["is_valid"].ran and not rungs["is_valid"].exact


def test_bad_arguments():
    from clew.errors import ArgumentError, ClewError

    for bad in (0, 33, 2.5, True):
        with pytest.raises(ClewError):
            compare(bad)
    for bad in (0, -1, True, 2.5):
        with pytest.raises(ArgumentError, match="limit"):
            compare(4, limit=bad)


def test_the_table():
    text = format_table(compare(9, limit=10**9))
    lines = text.splitlines()
    assert lines[0].split() == ["method", "placements", "examined", "nodes", "time", "solutions"]
    assert (
        lines[1].startswith("every placement")
        and "260,887,834,350" in lines[1]
        and "not run" in lines[1]
    )
    assert lines[2].startswith("one queen per row") and lines[2].endswith("352")
    assert lines[-1].startswith("every placement: not run: more than the limit of 1,000,000,000")
    # huge exact numbers in short, estimates with a tilde
    text = format_table(compare(32))
    assert "4.976e+60" in text and "~" in text


# ---- the command --------------------------------------------------------------------------------


def run(capsys, *args):
    status = cli.run([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def test_cli_table_and_json(capsys):
    status, out, err = run(capsys, "queens", "compare", "6")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 7 and lines[1].startswith("every placement") and "1,947,792" in lines[1]
    assert all(line.rstrip().endswith(" 4") for line in lines[1:])
    status, out, err = run(capsys, "queens", "compare", "9", "--json", "--limit", "100000000")
    assert status == 0
    data = json.loads(out)
    assert data["n"] == 9 and data["limit"] == 10**8
    assert [m["key"] for m in data["methods"]] == KEYS
    every = data["methods"][0]
    assert (every["ran"], every["examined"], every["seconds"], every["count"]) == (
        False,
        260887834350,
        None,
        None,
    )
    assert {m["count"] for m in data["methods"] if m["ran"]} == {352}


def test_cli_bad_input(capsys):
    for args in (["33"], ["0"], ["8", "--limit", "0"], ["x"]):
        status, out, err = run(capsys, "queens", "compare", *args)
        assert (
            status == 2
            and out == ""
            and len(err.splitlines()) == 1
            and err.startswith("clew: error: ")
        )
