"""Reading and writing maze text: the round trip, and every refusal naming line and column."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import maze
from clew.errors import ClewError
from clew.maze import Maze, MazeInputError


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the maze is empty"),
        ("\n", "the maze is empty"),
        ("\nS.E\n", "line 1 is empty"),
        ("#.#\n#.E\n", "no start: the maze has no 'S'"),
        ("#S#\n#..\n", "no end: the maze has no 'E'"),
        ("S.S\n..E\n", "line 1, column 3: a second start 'S' (the first is at line 1, column 1)"),
        ("S.E\n..E\n", "line 2, column 3: a second end 'E' (the first is at line 1, column 3)"),
        ("S.E\n...\n..\n", "line 3 has 2 characters, line 1 has 3"),
        ("S.E\n\n...\n", "line 2 has 0 characters, line 1 has 3"),
        ("S.E\n.x.\n", "line 2, column 2: unknown character 'x'"),
        ("S.E \n...\n", "line 2 has 3 characters, line 1 has 4"),
        ("S.E\n.\t.\n", "line 2, column 2: unknown character '\\t'"),
        ("S.E\n.é.\n", "line 2, column 2: unknown character 'é'"),
    ],
)
def test_bad_text_is_refused_with_line_and_column(text, message):
    with pytest.raises(MazeInputError) as caught:
        Maze.from_text(text)
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, ClewError)


def test_the_file_name_leads_the_message(tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("S.E\n.?.\n")
    with pytest.raises(
        MazeInputError, match=r"^.*bad\.txt: line 2, column 2: unknown character '\?'"
    ):
        Maze.read(path)
    with pytest.raises(ClewError, match="cannot read the maze"):
        Maze.read(tmp_path / "missing.txt")


def test_crlf_and_a_missing_final_newline_are_fine():
    a = Maze.from_text("S.#\r\n#.E\r\n")
    b = Maze.from_text("S.#\n#.E")
    assert a == b and a.to_text() == "S.#\n#.E\n" and str(a) == "S.#\n#.E"
    assert Maze.from_text(b"S.#\n#.E\n") == a


@settings(max_examples=50, deadline=None)
@given(width=st.integers(1, 12), height=st.integers(2, 12), seed=st.integers(0, 2**64 - 1))
def test_text_round_trip(width, height, seed):
    m = maze.generate(width, height, method="wilson", seed=seed)
    again = Maze.from_text(m.to_text())
    assert again == m and again.start == m.start and again.end == m.end


def test_a_grid_with_two_starts_is_refused_by_the_constructor_too():
    grid = Maze.from_text("S.E\n").grid.copy()
    grid[0, 1] = ord("S")
    with pytest.raises(MazeInputError, match="line 1, column 2: a second start"):
        Maze(grid)
    grid[0, 1] = ord("?")
    with pytest.raises(MazeInputError, match="line 1, column 2: unknown character '\\?'"):
        Maze(grid)
