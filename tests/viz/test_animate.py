"""The search animated in a terminal (:func:`clew.viz.animate.animate`), in process and
through ``clew ... play --animate``."""

from __future__ import annotations

import io

import pytest

from clew import sudoku
from clew.errors import ClewError
from helpers.cli import clew_cmd as clew


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
