"""Solving: the DFS walk is the reference's walk, the BFS path is as short as any, every path
passes the verifier, counts of simple paths match the published numbers, no path is None."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import maze
from clew.errors import ArgumentError, ClewError, InvalidSolutionError
from clew.maze import _reference as ref

#: OEIS A007764: self-avoiding rook paths joining opposite corners of an n x n grid of cells.
A007764 = [1, 2, 12, 184, 8512, 1262816]


def open_grid(n: int, m: int | None = None) -> str:
    """An n x m room with no wall: S top-left, E bottom-right."""
    m = n if m is None else m
    rows = [["."] * m for _ in range(n)]
    rows[0][0], rows[-1][-1] = "S", "E"
    return "\n".join("".join(r) for r in rows) + "\n"


@st.composite
def drawn_mazes(draw, max_cells=49):
    """Any small grid of walls and open cells with one S and one E (a path or not), of at
    most ``max_cells`` cells."""
    rows = draw(st.integers(1, min(7, max_cells // 2)))
    cols = draw(st.integers(2, min(7, max_cells // rows)))
    cells = draw(st.lists(st.sampled_from("..#"), min_size=rows * cols, max_size=rows * cols))
    s, e = draw(st.lists(st.integers(0, rows * cols - 1), min_size=2, max_size=2, unique=True))
    cells[s], cells[e] = "S", "E"
    return "\n".join("".join(cells[r * cols : (r + 1) * cols]) for r in range(rows))


@settings(max_examples=200, deadline=None)
@given(text=drawn_mazes())
def test_kernels_walk_as_the_reference_walks(text):
    rows = text.split("\n")
    path, nodes, backtracks = ref.dfs(rows)
    dfs = maze.solve(text, "dfs")
    bfs = maze.solve(text, "bfs")
    if path is None:
        assert dfs is None and bfs is None
        return
    assert list(dfs.path) == path and (dfs.nodes, dfs.backtracks) == (nodes, backtracks)
    assert dfs.length == dfs.nodes - dfs.backtracks
    shortest = ref.bfs(rows)
    assert list(bfs.path) == shortest
    assert bfs.length == ref.distances(rows)[maze.Maze.from_text(text).end]
    for found in (dfs, bfs):
        maze.check_path(text, found.path)
    assert maze.count_paths(text, limit=1) == 1


# at most 25 cells: the plain reference enumerates every simple path, and a nearly open 7 x 7
# grid has hundreds of millions of them (a full run once hung there)
@settings(max_examples=150, deadline=None)
@given(text=drawn_mazes(max_cells=25), limit=st.one_of(st.none(), st.integers(1, 5)))
def test_counts_of_simple_paths_are_the_reference_counts(text, limit):
    assert maze.count_paths(text, limit=limit) == ref.count_paths(text.split("\n"), limit)


@pytest.mark.parametrize("n", range(2, 6))  # a 1 x 1 grid cannot hold both S and E
def test_simple_paths_across_an_open_grid_are_oeis_a007764(n):
    assert maze.count_paths(open_grid(n)) == A007764[n - 1]
    assert maze.count_paths(open_grid(n), limit=2) == min(2, A007764[n - 1])


def test_a_perfect_maze_has_exactly_one_path_and_both_solvers_find_it():
    for method in maze.GENERATORS:
        for seed in range(5):
            m = maze.generate(12, 9, method=method, seed=seed)
            assert m.count_paths() == 1
            dfs, bfs = m.solve("dfs"), m.solve("bfs")
            assert dfs.path == bfs.path
            assert bfs.backtracks == 0


def test_bfs_is_no_longer_than_dfs_and_shortest_on_open_grids():
    text = open_grid(6, 9)
    dfs, bfs = maze.solve(text, "dfs"), maze.solve(text, "bfs")
    assert bfs.length == 6 - 1 + 9 - 1 <= dfs.length


def test_no_path_is_none():
    assert maze.solve("S#E\n", "dfs") is None
    assert maze.solve("S#E\n", "bfs") is None
    assert maze.count_paths("S#E\n") == 0
    m = maze.Maze.from_text("S.#\n###\n#.E\n")
    assert m.solve() is None


def test_the_solution_as_json_data():
    found = maze.solve("S.\n#E\n", "bfs")
    assert found.as_dict() == {
        "method": "bfs",
        "length": 2,
        "nodes": 3,
        "backtracks": 0,
        "path": [[0, 0], [0, 1], [1, 1]],
    }


@pytest.mark.parametrize(
    "path, message",
    [
        ([], "the path is empty"),
        ([(0, 0), (0, 1), (0, 2)], "stands on a wall at r1c3"),
        ([(0, 0), (1, 1)], "jumps from r1c1 to r2c2"),
        ([(0, 0), (0, 1), (0, 0), (0, 1)], "comes back to r1c1"),
        ([(0, 1), (1, 1), (1, 2)], "starts at r1c2, not on S"),
        ([(0, 0), (0, 1), (1, 1)], "ends at r2c2, not on E"),
        ([(0, 0), (-1, 0)], "leaves the grid at r0c1"),
    ],
)
def test_the_verifier_names_what_is_wrong(path, message):
    with pytest.raises(InvalidSolutionError, match=message):
        maze.check_path("S.#\n#..\n#.E\n", path)
    assert not maze.is_path("S.#\n#..\n#.E\n", path)


def test_bad_arguments_are_refused():
    with pytest.raises(ClewError, match="method must be one of 'dfs', 'bfs', got 'astar'"):
        maze.solve("S.E\n", "astar")
    with pytest.raises(
        ArgumentError, match=r"^limit must be at least 1 \(None finds every solution\), got 0$"
    ):
        maze.count_paths("S.E\n", limit=0)
    # a value of the wrong kind is a TypeError naming it (the contract)
    with pytest.raises(TypeError, match="expected a Maze or its text, got int"):
        maze.solve(3)
