"""The trace of the Sudoku search (:func:`clew.sudoku.trace`): LeetCode 37 by both
strategies, random 4x4 puzzles replayed to every solution, bounds and bad input."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import sudoku
from clew.errors import ClewError
from clew.viz.sudoku_pictures import replay_sudoku

LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.parametrize("strategy", ["textbook", "pruned"])
def test_sudoku_trace_of_leetcode_37(strategy):
    events = list(sudoku.trace(LEET, strategy))
    *_, (end, cells) = replay_sudoku(events, LEET)
    solution = [e for e in events if e["type"] == "solution"]
    assert len(solution) == 1 and solution[0]["grid"] == str(sudoku.solve(LEET))
    assert end["complete"] and end["solutions"] == 1 and end["puzzle"] == LEET
    if strategy == "pruned":  # propagation alone solves it: 51 forced moves, no guess
        hows = Counter(e["how"] for e in events if e["type"] == "place")
        assert sum(hows.values()) == 51 and "guess" not in hows and end["backtracks"] == 0
    else:  # stopped at the solution: every placement but the 51 on the board was a dead end
        assert (end["nodes"], end["backtracks"], end["depth"]) == (4208, 4208 - 51, 51)
        assert not end["all_solutions"] and cells == [int(ch) for ch in solution[0]["grid"]]
        full = list(sudoku.trace(LEET, strategy, all_solutions=True))
        assert (full[-1]["nodes"], full[-1]["backtracks"], full[-1]["solutions"]) == (
            4631,
            4631 - 51,
            1,
        )
        assert full[: len(events) - 1] == events[:-1]  # the same search, on to the end of the tree


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), blanks=st.floats(0.3, 1.0))
def test_sudoku_traces_of_random_4x4_puzzles(seed, blanks):
    import random

    rng = random.Random(seed)
    grid = list(sudoku.solve("." * 16).cells)
    digits = rng.sample(range(1, 5), 4)
    puzzle = "".join("." if rng.random() < blanks else str(digits[v - 1]) for v in grid)
    expected = sudoku.count(puzzle)
    for strategy in ("textbook", "pruned"):
        found = []
        for event, cells in replay_sudoku(
            sudoku.trace(puzzle, strategy, all_solutions=True), puzzle
        ):
            if event["type"] == "place":
                r, c = divmod(event["cell"], 4)
                assert (event["row"], event["col"]) == (r, c) and cells[event["cell"]] == event[
                    "digit"
                ]
            if event["type"] == "prune" and event["why"] in ("row", "column", "box"):
                assert cells[event["by"]] == event["digit"]  # the refusing cell holds the digit
            if event["type"] == "solution":
                assert "".join(map(str, cells)) == event["grid"]
                assert sudoku.is_solution(event["grid"], puzzle)
                found.append(event["grid"])
        assert len(found) == len(set(found)) == expected == event["solutions"]


def test_bounds_and_bad_input():
    events = list(sudoku.trace(LEET, "textbook", max_events=5))
    assert len(events) == 6 and events[-1]["type"] == "end" and not events[-1]["complete"]
    for call, message in [
        (lambda: sudoku.trace("123"), "a sudoku has n.n cells"),
        (lambda: sudoku.trace(LEET, "fast"), "strategy must be"),
    ]:
        with pytest.raises(ClewError, match=message):
            list(call())
