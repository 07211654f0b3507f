"""The events of a trace in words (:func:`clew.viz.replay.describe`), and the traces as the
command line writes and pictures them: JSON lines, the SVG pictures and the player."""

from __future__ import annotations

import json
from collections import Counter

from clew import queens, sudoku
from clew.viz.replay import describe
from helpers.cli import clew_cmd as clew

LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


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
