"""Mazes: generate perfect mazes, walk them by backtracking, find the shortest path.

The maze the tutorials walk: a grid of ``#`` walls and ``.`` open cells with a start ``S``
and an end ``E`` (:mod:`clew.maze.text`). Generation carves a perfect maze (one path between
any two rooms) with the recursive backtracker or Wilson's unbiased algorithm; solving is the
depth-first walk with its steps back, or breadth-first for a shortest path; small mazes can
count their simple paths. The kernels are numba and iterative, so a maze of millions of
rooms is generated and solved in seconds.

>>> from clew import maze
>>> m = maze.generate(5, 3, seed=2)
>>> found = m.solve("dfs")
>>> maze.check_path(m, found.path)
>>> found.length == found.nodes - found.backtracks
True

Modules: :mod:`.geometry` (cells, rooms, directions), :mod:`.text` (reading and writing),
:mod:`.maze` (:class:`Maze`, :func:`generate`, :func:`solve`, :func:`count_paths`),
:mod:`.verify` (the verifier), :mod:`.trace` (the walk as trace events),
``_kernels`` and ``_reference`` (the same searches in plain Python, for the tests).
"""

from __future__ import annotations

from .maze import GENERATORS, SOLVERS, Maze, MazeSolution, count_paths, generate, solve
from .text import MazeInputError, parse_text
from .trace import trace
from .verify import check_path, is_path

__all__ = [
    "GENERATORS",
    "SOLVERS",
    "Maze",
    "MazeInputError",
    "MazeSolution",
    "check_path",
    "count_paths",
    "generate",
    "is_path",
    "parse_text",
    "solve",
    "trace",
]
