"""clew.maze under the contract of every family (issue 25): a keyword-only limit checked by
clew.errors, ClewError subclasses for bad input (a TypeError for a value of the wrong kind),
1-based positions in messages, JSON forms of the results, the path drawn as text, and a
solution that shows itself as a picture."""

from __future__ import annotations

import inspect
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import maze
from clew.errors import ArgumentError, ClewError, InvalidSolutionError
from clew.maze import Maze, MazeInputError, MazeSolution

ROOM = "S.#\n#.E\n"


def test_limit_is_keyword_only_and_checked_by_the_one_helper():
    for function in (maze.count_paths, Maze.count_paths):
        assert (
            inspect.signature(function).parameters["limit"].kind is inspect.Parameter.KEYWORD_ONLY
        )
    with pytest.raises(TypeError):
        maze.count_paths(ROOM, 2)  # took 2 as the limit before
    with pytest.raises(TypeError):
        Maze.from_text(ROOM).count_paths(2)
    for bad in (0, -1, True, 2.5, "3"):
        with pytest.raises(ArgumentError, match=r"^limit must be"):
            maze.count_paths(ROOM, limit=bad)
    assert maze.count_paths("S...\n....\n....\n...E\n", limit=2) == 2


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: maze.solve(ROOM, "astar"),
            ArgumentError,
            "method must be one of 'dfs', 'bfs', got 'astar'",
        ),
        (
            lambda: maze.generate(3, 3, method="prim"),
            ArgumentError,
            "method must be one of 'backtracker', 'wilson', got 'prim'",
        ),
        (lambda: maze.generate(1, 1), MazeInputError, "a maze needs at least 2 rooms"),
        (
            lambda: Maze(__import__("numpy").zeros(3, dtype="uint8")),
            MazeInputError,
            "a maze grid has two dimensions, got 1",
        ),
        (
            lambda: Maze.read("/nonexistent/maze.txt"),
            MazeInputError,
            "/nonexistent/maze.txt: cannot read the maze",
        ),
        (
            lambda: maze.check_path(ROOM, [(0, 0), "ab"]),
            InvalidSolutionError,
            "cell 2 of the path is not a (row, column) pair of integers",
        ),
        (
            lambda: maze.check_path(ROOM, [(0, 0), (0.5, 1)]),
            InvalidSolutionError,
            "cell 2 of the path is not a (row, column) pair",
        ),
        (
            lambda: maze.check_path(ROOM, 7),
            InvalidSolutionError,
            "a path is a sequence of (row, column) cells, got 7",
        ),
        (
            lambda: maze.check_path(ROOM, [(0, 0), (0, 1), (0, 2)]),
            InvalidSolutionError,
            "cell 3 of the path stands on a wall at r1c3",
        ),
        (
            lambda: Maze.from_text(ROOM).to_text(path=[(0, 0), (1, 1)]),
            InvalidSolutionError,
            "cell 2 of the path jumps from r1c1 to r2c2",
        ),
    ],
)
def test_bad_input_is_a_clew_error_in_one_line(call, error, message):
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, ClewError)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_a_value_of_the_wrong_kind_is_a_type_error_naming_it():
    for call in (lambda: maze.solve(3), lambda: maze.count_paths([1, 2]), lambda: maze.trace(3.5)):
        with pytest.raises(TypeError, match=r"expected a Maze or its text, got (int|list|float)"):
            call()


def test_maze_to_dict_is_json_with_documented_fields():
    m = maze.generate(4, 2, seed=7)
    data = m.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data == {
        "rows": 5,
        "columns": 9,
        "start": [1, 1],
        "end": [3, 7],
        "seed": 7,
        "method": "backtracker",
        "grid": ["#########", "#S....#.#", "#.#.###.#", "#.#....E#", "#########"],
    }
    assert Maze.from_text("\n".join(data["grid"])) == m
    assert Maze.from_text(ROOM).to_dict()["seed"] is None
    doc = inspect.getdoc(Maze)
    assert all(key in doc for key in data)


def test_solution_to_dict_is_json_with_documented_fields():
    found = maze.solve("S.\n#E\n", "bfs")
    data = found.to_dict()
    assert data == {
        "method": "bfs",
        "length": 2,
        "nodes": 3,
        "backtracks": 0,
        "path": [[0, 0], [0, 1], [1, 1]],
    }
    assert json.loads(json.dumps(data)) == data
    assert all(key in inspect.getdoc(MazeSolution) for key in data)


def test_the_path_is_drawn_as_text():
    m = maze.generate(4, 2, seed=7)
    found = m.solve("bfs")
    expected = m.to_text(path=found.path)
    rows = expected.splitlines()
    assert [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "o"] == list(
        found.path[1:-1]
    )
    assert found.to_text() == expected == m.to_text(path=found)
    assert m.to_text() == str(m) + "\n"  # no path: the maze as it is


@settings(max_examples=25, deadline=None)
@given(
    width=st.integers(1, 8),
    height=st.integers(1, 8),
    seed=st.integers(0, 2**64 - 1),
    method=st.sampled_from(maze.SOLVERS),
)
def test_the_drawn_path_reads_back_as_the_maze_with_o_for_the_path(width, height, seed, method):
    if width * height < 2:
        return
    m = maze.generate(width, height, seed=seed)
    found = m.solve(method)
    text = found.to_text()
    assert Maze.from_text(text.replace("o", ".")) == m
    assert text.count("o") == found.length - 1


def test_a_solution_without_its_maze_says_how_to_draw_it():
    with pytest.raises(MazeInputError, match=r"maze.to_text\(path=solution.path\)"):
        MazeSolution(((0, 0), (0, 1)), "dfs", 1, 0).to_text()


def test_a_solution_keeps_its_maze_out_of_equality_and_repr():
    a = maze.solve(ROOM)
    b = MazeSolution(a.path, a.method, a.nodes, a.backtracks)
    assert a == b and repr(a) == repr(b) and a.maze is not None


def test_a_solution_shows_its_maze_and_path_as_svg():
    from clew.viz.maze_svg import maze_svg

    found = maze.solve(maze.generate(4, 3, seed=1))
    svg = maze_svg(found)
    assert svg == maze_svg(found.maze, found.path)
    assert f'data-length="{found.length}"' in svg


def test_a_solution_shows_itself_in_a_notebook():
    # needs the line ("clew.maze.maze", "MazeSolution", _maze) in clew/viz/notebook.py's _SVG
    import clew  # noqa: F401  (installs the renderer)

    found = maze.solve(maze.generate(4, 3, seed=1))
    svg = found._repr_svg_()
    assert svg is not None and svg.startswith("<svg") and 'class="path"' in svg
