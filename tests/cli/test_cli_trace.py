"""``clew queens|sudoku trace|play|tree|show``: what a new user meets first when watching a
search -- summaries of any size, the first Sudoku solution by default, backtracks counted as
dead ends, one numbering for people (from 1), messages that say when a trace was cut, and
errors that name the option typed. Run through the real entry point (``python -m clew``) and
in-process through :func:`clew.cli.run`. The player's page itself is tested in a browser in
``tests/viz/test_player.py``."""

from __future__ import annotations

import json

import pytest

import helpers.cli
from clew import queens
from helpers.cli import LEETCODE, LEETCODE_SOLVED, assert_usage_error, clew_cmd, run_in_process


def json_lines(stdout: str) -> list[dict]:
    return [json.loads(line) for line in stdout.splitlines()]


# ---------------------------------------------------------------------------------------------
# --summary: the final counters, for any size, without --max-events
# ---------------------------------------------------------------------------------------------


def test_queens_summary_of_a_search_longer_than_max_events():
    # the textbook search of 10 queens makes more than the 100,000 events a trace holds
    result = clew_cmd("queens", "trace", "10", "--strategy", "textbook", "--summary")
    assert result.returncode == 0 and result.stderr == ""
    (end,) = json_lines(result.stdout)
    assert end["type"] == "end" and end["complete"] is True and end["all_solutions"] is True
    assert (end["n"], end["strategy"], end["solutions"], end["depth"]) == (
        10,
        "textbook",
        queens.count(10),
        0,
    )
    assert (end["nodes"], end["backtracks"]) == (35538, 30418)
    # the summary is the end event of the whole trace
    cut = json_lines(clew_cmd("queens", "trace", "10", "--strategy", "textbook").stdout)
    assert len(cut) == 100_001 and cut[-1]["complete"] is False


@pytest.mark.parametrize("n, strategy", [(4, "textbook"), (6, "pruned"), (7, "textbook")])
def test_queens_summary_is_the_end_of_the_trace(capsys, n, strategy):
    status, out, err = run_in_process(capsys, "queens", "trace", n, "--strategy", strategy)
    assert status == 0 and err == ""
    last = json_lines(out)[-1]
    status, out, err = run_in_process(
        capsys, "queens", "trace", n, "--strategy", strategy, "--summary"
    )
    assert (status, err) == (0, "") and json_lines(out) == [last]


def test_sudoku_summary_and_all():
    result = clew_cmd("sudoku", "trace", LEETCODE, "--strategy", "textbook", "--summary")
    assert result.returncode == 0 and result.stderr == ""
    (end,) = json_lines(result.stdout)
    # LeetCode 37's solver stops at its solution: 4,208 placements, the 51 on the board kept
    assert (end["nodes"], end["backtracks"], end["solutions"], end["depth"]) == (
        4208,
        4208 - 51,
        1,
        51,
    )
    assert end["complete"] is True and end["all_solutions"] is False and end["puzzle"] == LEETCODE
    (full,) = json_lines(
        clew_cmd("sudoku", "trace", LEETCODE, "--strategy", "textbook", "--summary", "--all").stdout
    )
    assert (full["nodes"], full["backtracks"], full["solutions"], full["depth"]) == (
        4631,
        4631 - 51,
        1,
        0,
    )
    assert full["all_solutions"] is True


def test_summary_refuses_max_events(capsys):
    result = clew_cmd("queens", "trace", "6", "--summary", "--max-events", "10")
    assert_usage_error(result, "--max-events", "--summary")
    status, out, err = run_in_process(
        capsys, "sudoku", "trace", LEETCODE, "--max-events", "5", "--summary"
    )
    assert status == 2 and out == "" and "--max-events" in err


# ---------------------------------------------------------------------------------------------
# the first solution (Sudoku) or all of them (queens), and what a backtrack is
# ---------------------------------------------------------------------------------------------


def test_sudoku_trace_stops_at_the_first_solution_unless_all(capsys):
    puzzle = "1" + "." * 15  # 72 solutions
    status, out, err = run_in_process(capsys, "sudoku", "trace", puzzle, "--strategy", "textbook")
    events = json_lines(out)
    assert status == 0 and err == ""
    assert [e["type"] for e in events[-2:]] == ["solution", "end"] and events[-1]["solutions"] == 1
    status, out, err = run_in_process(
        capsys, "sudoku", "trace", puzzle, "--strategy", "textbook", "--all"
    )
    events = json_lines(out)
    assert sum(e["type"] == "solution" for e in events) == events[-1]["solutions"] == 72
    # the first solution is the same either way
    first = next(e for e in events if e["type"] == "solution")
    assert (
        first["grid"]
        == json_lines(run_in_process(capsys, "sudoku", "trace", puzzle, "-s", "textbook")[1])[-2][
            "grid"
        ]
    )


def dead_ends(events: list[dict]) -> int:
    """Placements undone with no solution found below them, counted apart from the trace's
    own counter: a stack of "a solution was found below" flags, one per placement."""
    below, dead = [], 0
    for event in events:
        if event["type"] == "place" and event.get("how", "guess") == "guess":
            below.append(False)
        elif event["type"] == "solution":
            below = [True] * len(below)
        elif event["type"] == "backtrack":
            gone = not below.pop()
            assert event["dead_end"] is gone
            dead += gone
    return dead


@pytest.mark.parametrize(
    "args",
    [
        ("queens", "trace", "6", "--strategy", "textbook"),
        ("queens", "trace", "6"),
        ("sudoku", "trace", "1" + "." * 15, "--strategy", "textbook", "--all"),
        ("sudoku", "trace", "1" + "." * 15, "--all"),
        ("sudoku", "trace", LEETCODE, "--strategy", "textbook"),
    ],
)
def test_backtracks_count_dead_ends(capsys, args):
    status, out, err = run_in_process(capsys, *args)
    events = json_lines(out)
    assert status == 0 and events[-1]["complete"]
    end = events[-1]
    assert end["backtracks"] == dead_ends(events)
    if end["all_solutions"] and end["solutions"]:
        # no longer "backtracks == nodes" at the end of every full search
        assert end["backtracks"] < end["nodes"]


def test_help_says_which_solutions_are_searched():
    queens_help = " ".join(clew_cmd("queens", "trace", "--help").stdout.split())
    assert "all of them, as the tutorials that count the solutions do" in queens_help
    assert "--summary" in queens_help and "dead end" in queens_help
    sudoku_help = " ".join(clew_cmd("sudoku", "trace", "--help").stdout.split())
    assert "stops at the first solution (--all: goes on for every one)" in sudoku_help
    assert "--all" in " ".join(clew_cmd("sudoku", "play", "--help").stdout.split())
    assert "all the solutions" in " ".join(clew_cmd("queens", "play", "--help").stdout.split())


# ---------------------------------------------------------------------------------------------
# play: says when its trace was cut, and "1 solution"
# ---------------------------------------------------------------------------------------------


def test_play_says_when_its_trace_was_cut(tmp_path):
    page = tmp_path / "q.html"
    result = clew_cmd(
        "queens", "play", "8", "--strategy", "textbook", "--html", page, "--max-events", "50"
    )
    assert result.returncode == 0
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"clew: wrote {page}: 51 events, 0 solutions, ")
    assert (
        lines[1]
        == "clew: the trace stops after 50 events (--max-events): only the start of the search "
        "is shown"
    )
    result = clew_cmd(
        "sudoku",
        "play",
        LEETCODE,
        "--strategy",
        "textbook",
        "--animate",
        "--fps",
        "1000",
        "--max-events",
        "30",
    )
    assert result.returncode == 0 and result.stdout == ""
    assert result.stderr.endswith(
        "\nclew: the trace stops after 30 events (--max-events): only the start of the search "
        "is shown\n"
    )
    assert "(trace cut at max_events)" in result.stderr  # the animation's last frame says it too
    # a whole trace: no such line
    result = clew_cmd("queens", "play", "4", "--animate", "--fps", "1000")
    assert result.returncode == 0 and "--max-events" not in result.stderr


def test_play_counts_one_solution_in_the_singular(tmp_path):
    page = tmp_path / "leet.html"
    result = clew_cmd("sudoku", "play", LEETCODE, "--html", page)
    assert result.returncode == 0
    # 51 forced moves and the solution: 53 events, no guess taken back
    assert result.stderr == f"clew: wrote {page}: 53 events, 1 solution, 51 nodes, 0 backtracks\n"
    html = page.read_text(encoding="utf-8")
    assert LEETCODE_SOLVED in html  # the solution event, where the trace stops
    result = clew_cmd("sudoku", "play", LEETCODE, "--animate", "--fps", "1000")
    assert "end: 1 solution, 51 placements, 0 backtracks" in result.stderr
    assert "1 solutions" not in result.stderr


# ---------------------------------------------------------------------------------------------
# one numbering: the JSON counts from 0 (indices), every text for a person from 1
# ---------------------------------------------------------------------------------------------


def test_the_animation_counts_rows_and_columns_from_one(monkeypatch):
    events = json_lines(clew_cmd("queens", "trace", "4", "--strategy", "textbook").stdout)
    first = next(e for e in events if e["type"] == "solution")
    assert first["columns"] == [1, 3, 0, 2]  # indices from 0, for programs
    # every frame drawn, as in a terminal (Rich draws only the last one into a pipe)
    monkeypatch.setitem(helpers.cli.ENV, "TTY_COMPATIBLE", "1")
    cut = events.index(first) + 1
    result = clew_cmd(
        "queens",
        "play",
        "4",
        "--strategy",
        "textbook",
        "--animate",
        "--fps",
        "30",
        "--max-events",
        cut,
    )
    assert result.returncode == 0
    # the last frame: the first solution, its columns counted from 1 as the squares are
    assert "solution 1: columns 2 4 1 3" in result.stderr
    assert "columns 1 3 0 2" not in result.stderr


# ---------------------------------------------------------------------------------------------
# show warns about queens that attack each other; tree names --max-nodes
# ---------------------------------------------------------------------------------------------


def test_show_warns_when_queens_attack_each_other(tmp_path):
    result = clew_cmd("queens", "show", "6", "--columns", "1 3 . 3")
    assert result.returncode == 0
    assert result.stdout.splitlines()[3] == ". . . Q . ."  # drawn all the same
    assert (
        result.stderr
        == "clew: warning: the queens on r2c4 and r4c4 attack each other (in the same column)\n"
    )
    svg = tmp_path / "b.svg"
    result = clew_cmd("queens", "show", "5", "--columns", "0 . 2 . 4", "--svg", svg, "--attacked")
    assert result.returncode == 0 and svg.exists()
    assert result.stderr == (
        "clew: warning: the queens on r1c1 and r3c3 attack each other (on a diagonal), and 2 "
        "more pairs\n"
    )


@pytest.mark.parametrize(
    "columns, warning",
    [
        ("0 2", ""),  # a knight's move apart: no attack
        (
            "1 0",
            "clew: warning: the queens on r1c2 and r2c1 attack each other (on an anti-diagonal)\n",
        ),
        (
            "3 . . 0",
            "clew: warning: the queens on r1c4 and r4c1 attack each other (on an anti-diagonal)\n",
        ),
    ],
)
def test_show_names_the_attacking_queens_in_process(capsys, columns, warning):
    status, out, err = run_in_process(capsys, "queens", "show", 4, "--columns", columns)
    assert (status, err) == (0, warning) and len(out.splitlines()) == 4


def test_show_is_quiet_about_a_solution(capsys):
    assert run_in_process(capsys, "queens", "show", 8)[2] == ""
    assert run_in_process(capsys, "queens", "show", 4, "--columns", "1 3 0 2")[2] == ""


def test_tree_error_names_the_option(tmp_path):
    out = tmp_path / "big.svg"
    result = clew_cmd("queens", "tree", "8", "--strategy", "textbook", "--svg", out)
    assert_usage_error(result, "'--max-nodes'", "more than 2000 nodes", "raise --max-nodes")
    assert "max_nodes" not in result.stderr and not out.exists()
    result = clew_cmd("queens", "tree", "5", "--svg", out, "--max-nodes", "10")
    assert_usage_error(result, "more than 10 nodes", "raise --max-nodes")
    assert clew_cmd("queens", "tree", "5", "--svg", out).returncode == 0 and out.exists()
