"""Traces of the real searches: the hand-worked 4-queens search of the tutorials, replay to
the solutions, counters against the count APIs, bounds, bad input, the CLI's JSON lines and
terminal animation."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import queens, sudoku
from clew.errors import ClewError
from clew.viz.replay import describe, replay_queens, replay_sudoku

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}
LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


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
    events = list(queens.trace(8, "textbook", max_events=10))
    assert len(events) == 11 and events[-1]["complete"] is False
    assert events[-1]["nodes"] == events[-2]["nodes"]  # the counters of the last event out
    events = list(sudoku.trace(LEET, "textbook", max_events=5))
    assert len(events) == 6 and events[-1]["type"] == "end" and not events[-1]["complete"]
    for call, message in [
        (lambda: queens.trace(0), "n must be between 1 and 32"),
        (lambda: queens.trace(33), "n must be between 1 and 32"),
        (lambda: queens.trace(4, "smart"), "strategy must be"),
        (lambda: queens.trace(4, max_events=0), "max_events must be between 1"),
        (lambda: sudoku.trace("123"), "a sudoku has n.n cells"),
        (lambda: sudoku.trace(LEET, "fast"), "strategy must be"),
    ]:
        with pytest.raises(ClewError, match=message):
            list(call())


def test_describe_words():
    events = list(queens.trace(4, "textbook"))
    texts = [describe(e) for e in events[:3]]
    assert texts == [
        "queen on r1c1",
        "r2c1 refused: column of the queen on r1c1",
        "r2c2 refused: diagonal of the queen on r1c1",
    ]
    assert describe(events[-1]) == "end: 2 solutions, 16 queens placed, 8 backtracks"
    # rows and columns from 1 in every word, the solution's columns too (the events count from 0)
    first = next(e for e in events if e["type"] == "solution")
    assert first["columns"] == [1, 3, 0, 2] and describe(first) == "solution 1: columns 2 4 1 3"
    after = next(e for e in events if e["type"] == "backtrack" and not e["dead_end"])
    assert describe(after).endswith("(a solution was found below it)")
    leet = list(sudoku.trace(LEET, "pruned"))
    assert describe(leet[-1]) == "end: 1 solution, 51 placements, 0 backtracks"


def clew(*args, input=None):
    result = subprocess.run(
        [sys.executable, "-m", "clew", *map(str, args)],
        capture_output=True,
        encoding="utf-8",
        env=ENV,
        input=input,
        timeout=120,
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def test_cli_traces_are_json_lines():
    result = clew("queens", "trace", "4", "--strategy", "textbook")
    events = [json.loads(line) for line in result.stdout.splitlines()]
    assert (
        events == list(queens.trace(4, "textbook"))
        and result.returncode == 0
        and result.stderr == ""
    )
    result = clew("sudoku", "trace", LEET, "--max-events", "7")
    assert len(result.stdout.splitlines()) == 8
    assert result.stderr == "clew: the trace stops after 7 events (--max-events)\n"
    result = clew("sudoku", "trace", "-", input="..3.4.........42\n")
    assert json.loads(result.stdout.splitlines()[-1])["solutions"] == 1
    result = clew("queens", "trace", "40")
    assert result.returncode == 2 and "at most 32" in result.stderr


def test_cli_animation_ends_with_the_counters():
    result = clew("queens", "play", "4", "--animate", "--fps", "1000")
    assert result.returncode == 0 and result.stdout == ""
    assert "nodes 16  backtracks 8  solutions 2" in result.stderr
    result = clew(
        "sudoku", "play", "1...............", "--animate", "--fps", "1000", "--max-events", "20"
    )
    assert result.returncode == 0 and "nodes" in result.stderr
    result = clew("queens", "play", "4")
    assert result.returncode == 2 and "--html FILE or --animate" in result.stderr


def test_animate_in_process():
    from rich.console import Console

    from clew.viz.animate import animate

    console = Console(file=io.StringIO(), force_terminal=False, width=60)
    last = animate(
        sudoku.trace("..3.4.........42"),
        kind="sudoku",
        puzzle="..3.4.........42",
        fps=1000,
        console=console,
    )
    assert last["type"] == "end" and last["solutions"] == 1
    assert "1 2 | 3 4" in console.file.getvalue()
    with pytest.raises(ClewError, match="fps"):
        animate([], kind="queens", n=4, fps=0)


def test_cli_pictures_and_player(tmp_path):
    import xml.etree.ElementTree as ET

    board = tmp_path / "board.svg"
    result = clew("queens", "show", "8", "--svg", board, "--attacked")
    assert result.returncode == 0 and result.stdout == ""
    queens_drawn = [
        e for e in ET.parse(board).getroot().iter() if "queen" in (e.get("class") or "").split()
    ]
    first = next(iter(queens.solutions(8)))
    assert sorted((int(e.get("data-row")), int(e.get("data-col"))) for e in queens_drawn) == [
        (r, c) for r, c in enumerate(first)
    ]
    result = clew("queens", "show", "6", "--columns", "1 3 . 0")
    assert result.stdout.splitlines()[:4] == [
        ". Q . . . .",
        ". . . Q . .",
        ". . . . . .",
        "Q . . . . .",
    ]
    result = clew("queens", "show", "6", "--columns", "1 9")
    assert result.returncode == 2 and "'9' is not a column from 0 to 5" in result.stderr
    result = clew("sudoku", "show", LEET, "--solve", "--svg", "-")
    root = ET.fromstring(result.stdout)
    classes = Counter(c for e in root.iter() for c in (e.get("class") or "").split())
    assert classes["given"] == 30 and classes["filled"] == 51
    tree = tmp_path / "tree.svg"
    assert clew("queens", "tree", "4", "--strategy", "textbook", "--svg", tree).returncode == 0
    nodes = [e for e in ET.parse(tree).getroot().iter() if "node" in (e.get("class") or "").split()]
    assert len(nodes) == 16
    result = clew(
        "queens", "tree", "8", "--strategy", "textbook", "--svg", tmp_path / "big.svg"
    )  # 2056 nodes
    assert (
        result.returncode == 2
        and result.stderr.startswith("clew: error: ")
        and not (tmp_path / "big.svg").exists()
    )
    page = tmp_path / "play.html"
    result = clew("queens", "play", "4", "--html", page)
    assert result.returncode == 0 and result.stderr.startswith(
        f"clew: wrote {page}: 39 events, 2 solutions"
    )
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "http://" not in html and "https://" not in html
