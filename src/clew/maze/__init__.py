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

from .._lazy import lazy_names
from .trace import (
    trace,
)  # light (numpy comes with a trace); imported here so that `trace` stays the function

# Every other public name is loaded on first use (PEP 562): the help of `clew maze` reads
# the registries of clew.maze.geometry without loading numpy or numba.
#: Public name -> the submodule that defines it, imported on first access.
_LAZY = {
    **dict.fromkeys(("GENERATORS", "SOLVERS"), "geometry"),
    **dict.fromkeys(("Maze", "MazeSolution", "count_paths", "generate", "solve"), "maze"),
    **dict.fromkeys(("MazeInputError", "parse_text"), "text"),
    **dict.fromkeys(("check_path", "is_path"), "verify"),
}

__getattr__, __dir__ = lazy_names(__name__, _LAZY)

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
