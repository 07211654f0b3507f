"""The trace of the N-Queens search (:func:`clew.queens.trace`): the hand-worked 4-queens
search of the tutorials, replayed to its solutions, its counters against the count APIs,
bounds and bad input."""

from __future__ import annotations

from collections import Counter

import pytest

from clew import queens
from clew.errors import ClewError
from clew.viz.queens_pictures import replay_queens


def attacked_by(columns, r, c):
    """An independent check: which placed queen attacks (r, c), if any."""
    for i, j in enumerate(columns):
        if j is not None and (j == c or abs(i - r) == abs(j - c)) and i != r:
            return i, j
    return None


def test_four_queens_textbook_is_the_tutorials_search():
    events = list(queens.trace(4, "textbook"))
    moves = []
    for e in events:
        if e["type"] in ("place", "backtrack"):
            moves.append((e["type"][0], e["row"], e["col"]))
        if e["type"] == "solution":
            moves.append(("S", tuple(e["columns"])))
            break
    # Q1 on a1; Q2 on c2; row 3 has no square: back; Q2 on d2; Q3 on b3; row 4 has none:
    # back twice; Q1 on b1, then d2, a3, c4: the first solution
    assert moves == [
        ("p", 0, 0),
        ("p", 1, 2),
        ("b", 1, 2),
        ("p", 1, 3),
        ("p", 2, 1),
        ("b", 2, 1),
        ("b", 1, 3),
        ("b", 0, 0),
        ("p", 0, 1),
        ("p", 1, 3),
        ("p", 2, 0),
        ("p", 3, 2),
        ("S", (1, 3, 0, 2)),
    ]
    kinds = Counter(e["type"] for e in events)
    assert kinds == {"place": 16, "backtrack": 16, "prune": 44, "solution": 2, "end": 1}
    # 16 queens placed; the 8 on the paths of the 2 solutions are no dead ends
    assert events[-1] == {
        "type": "end",
        "kind": "queens",
        "complete": True,
        "all_solutions": True,
        "strategy": "textbook",
        "n": 4,
        "depth": 0,
        "nodes": 16,
        "backtracks": 8,
        "solutions": 2,
    }


@pytest.mark.parametrize("strategy", ["textbook", "pruned"])
@pytest.mark.parametrize("n", range(1, 9))
def test_queens_replay_and_counters(n, strategy):
    solutions = []
    placed = backtracked = 0
    below = []  # per queen on the path: was a solution found below it? (the dead-end rule)
    for event, columns in replay_queens(queens.trace(n, strategy), n):
        kind = event["type"]
        if kind == "place":
            placed += 1
            below.append(False)
        elif kind == "solution":
            below = [True] * len(below)
        elif kind == "backtrack":
            dead = not below.pop()
            assert event["dead_end"] is dead
            backtracked += dead
        assert (event["nodes"], event["backtracks"]) == (placed, backtracked)
        assert event["depth"] == sum(c is not None for c in columns)
        if kind == "place":
            assert attacked_by(columns, event["row"], event["col"]) is None  # a legal square
        if kind == "prune" and event["why"] in ("column", "diagonal", "anti-diagonal"):
            by = event["by"]
            assert columns[by[0]] == by[1] and attacked_by(
                [None] * by[0] + [by[1]], event["row"], event["col"]
            ) == tuple(by)
        if kind == "prune" and event["why"] == "empty row":
            row = event["row"]
            assert columns[row] is None and all(attacked_by(columns, row, c) for c in range(n))
        if kind == "solution":
            assert list(columns) == event["columns"]
            queens.check_solution(event["columns"])
            solutions.append(tuple(event["columns"]))
    assert len(solutions) == len(set(solutions)) == queens.count(n) == event["solutions"]
    assert all(c is None for c in columns)
    if strategy == "pruned" and solutions:
        assert solutions[0] == tuple(queens.complete(n).first)  # the kernel's own first answer
    if strategy == "textbook":
        assert solutions == sorted(queens.solutions(n))  # rows in order: lexicographic


def test_pruned_needs_fewer_nodes():
    ends = {s: list(queens.trace(8, s))[-1] for s in ("textbook", "pruned")}
    assert ends["pruned"]["nodes"] < ends["textbook"]["nodes"]


def test_bounds_and_bad_input():
    events = list(queens.trace(8, "textbook", max_events=10))
    assert len(events) == 11 and events[-1]["complete"] is False
    assert events[-1]["nodes"] == events[-2]["nodes"]  # the counters of the last event out
    for call, message in [
        (lambda: queens.trace(0), "n must be between 1 and 32"),
        (lambda: queens.trace(33), "n must be between 1 and 32"),
        (lambda: queens.trace(4, "smart"), "strategy must be"),
        (lambda: queens.trace(4, max_events=0), "max_events must be between 1"),
    ]:
        with pytest.raises(ClewError, match=message):
            list(call())
