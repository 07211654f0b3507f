"""The :class:`Maze` value, generation, solving and counting: the friendly layer over the
kernels. Arguments are checked once here, the kernels see ints and arrays only.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from .._display import Picture
from ..errors import ClewError, check_size
from . import _kernels as K
from .geometry import END, MAX_ROOMS, OPEN, START, WALL, text_shape
from .text import format_grid, parse_text

__all__ = ["GENERATORS", "SOLVERS", "Maze", "MazeSolution", "count_paths", "generate", "solve"]

#: The generation methods: the recursive backtracker (long winding corridors, few dead
#: ends) and Wilson's algorithm (every spanning tree of the rooms equally likely).
GENERATORS = ("backtracker", "wilson")
#: The solving methods: depth-first (the tutorials' walk with its steps back) and
#: breadth-first (a shortest path).
SOLVERS = ("dfs", "bfs")
_SEED_HIGH = (1 << 64) - 1


@dataclass(frozen=True)
class MazeSolution:
    """A path through a maze, and what finding it cost.

    Attributes
    ----------
    path : tuple of (row, column)
        The cells of the text grid from S to E, counting from 0.
    method : str
        ``"dfs"`` or ``"bfs"``.
    nodes : int
        DFS: steps forward (cells entered); BFS: cells taken from the queue.
    backtracks : int
        DFS: steps back out of dead ends; BFS: 0.
    """

    path: tuple[tuple[int, int], ...]
    method: str
    nodes: int
    backtracks: int

    @property
    def length(self) -> int:
        """Steps from S to E: one less than the cells of the path."""
        return len(self.path) - 1

    def as_dict(self) -> dict:
        """The solution as JSON data (``path`` as lists of ``[row, column]``)."""
        return {"method": self.method, "length": self.length, "nodes": self.nodes,
                "backtracks": self.backtracks, "path": [list(cell) for cell in self.path]}


class Maze(Picture):  # Picture: shows itself as its SVG picture in a notebook
    """A maze: a grid of walls and open cells, one start ``S`` and one end ``E``.

    Build one with :meth:`from_text`, :meth:`read` or :meth:`generate`; ``str(maze)`` is its
    text. ``grid`` is the ``uint8`` array of its characters (:mod:`clew.maze.geometry`).

    Examples
    --------
    >>> maze = Maze.generate(4, 2, seed=7)
    >>> print(maze)
    #########
    #S....#.#
    #.#.###.#
    #.#....E#
    #########
    >>> maze.shape, maze.start, maze.end, maze.seed, maze.method
    ((5, 9), (1, 1), (3, 7), 7, 'backtracker')
    >>> maze.solve("bfs").length
    8
    """

    def __init__(self, grid: np.ndarray, *, seed: int | None = None, method: str | None = None) -> None:
        grid = np.ascontiguousarray(grid, dtype=np.uint8)
        if grid.ndim != 2:
            raise ClewError(f"a maze grid has two dimensions, got {grid.ndim}")
        counts, where = K.survey(grid.ravel(), START, END)
        unknown = grid.size - counts[WALL] - counts[OPEN] - counts[START] - counts[END]
        if unknown or counts[START] != 1 or counts[END] != 1:
            # the one place that knows how to name a line and a column for each problem
            parse_text(format_grid(grid))
        self.grid = grid
        self.start = divmod(int(where[0]), grid.shape[1])
        self.end = divmod(int(where[2]), grid.shape[1])
        self.seed = seed
        self.method = method

    # ---- reading and writing ----

    @classmethod
    def from_text(cls, text: str | bytes, *, source: str | None = None) -> Maze:
        """The maze of a text (:func:`clew.maze.text.parse_text`; errors name line and column).

        >>> Maze.from_text("S.\\n#E\\n").shape
        (2, 2)
        """
        return cls(parse_text(text, source=source))

    @classmethod
    def read(cls, path: str | os.PathLike) -> Maze:
        """The maze in the file ``path``; its messages begin with the file's name."""
        name = os.fspath(path)
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as exc:
            raise ClewError(f"{name}: cannot read the maze: {exc.strerror or exc}") from None
        return cls.from_text(data, source=name)

    def to_text(self) -> str:
        """The text of the maze, one line per row, each ending with a newline."""
        return format_grid(self.grid)

    def __str__(self) -> str:
        return self.to_text().rstrip("\n")

    def __repr__(self) -> str:
        rows, cols = self.grid.shape
        return f"<Maze {rows}x{cols} start={self.start} end={self.end}>"

    def __eq__(self, other) -> bool:
        return isinstance(other, Maze) and np.array_equal(self.grid, other.grid)

    __hash__ = None

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns) of the text grid."""
        return self.grid.shape

    def rows(self) -> list[str]:
        """The lines of the text."""
        return str(self).split("\n")

    # ---- the searches ----

    @classmethod
    def generate(cls, width: int, height: int, *, method: str = "backtracker", seed: int | None = None) -> Maze:
        """See :func:`generate`."""
        return generate(width, height, method=method, seed=seed)

    def solve(self, method: str = "dfs") -> MazeSolution | None:
        """See :func:`solve`."""
        return solve(self, method)

    def count_paths(self, limit: int | None = None) -> int:
        """See :func:`count_paths`."""
        return count_paths(self, limit)


def _check_method(method, allowed: tuple[str, ...], what: str) -> str:
    if method not in allowed:
        names = ", ".join(repr(m) for m in allowed)
        raise ClewError(f"{what} must be one of {names}, got {method!r}")
    return method


def generate(width: int, height: int, *, method: str = "backtracker", seed: int | None = None) -> Maze:
    """A perfect maze of ``width x height`` rooms: exactly one path between any two rooms.

    Parameters
    ----------
    width, height : int
        Rooms across and down (at least 2 rooms in all, at most
        :data:`~clew.maze.geometry.MAX_ROOMS`). The text grid is ``2 * height + 1`` rows of
        ``2 * width + 1`` characters; S is in the top-left room, E in the bottom-right one.
    method : {"backtracker", "wilson"}
        The recursive backtracker, or Wilson's loop-erased random walks (unbiased: every
        spanning tree of the rooms is equally likely).
    seed : int, optional
        0 to 2**64 - 1: the same seed gives the same maze on every machine. Default: a
        random seed, kept in the maze's ``seed``.

    Returns
    -------
    Maze

    Examples
    --------
    >>> print(generate(3, 2, method="wilson", seed=1))
    #######
    #S....#
    #.#####
    #....E#
    #######
    """
    _check_method(method, GENERATORS, "method")
    width = check_size(width, name="width", high=MAX_ROOMS)
    height = check_size(height, name="height", high=MAX_ROOMS)
    if width * height < 2:
        raise ClewError("a maze needs at least 2 rooms (S and E are in different rooms), got 1 x 1")
    if width * height > MAX_ROOMS:
        raise ClewError(f"a maze has at most {MAX_ROOMS:,} rooms, got {width} x {height} = {width * height:,}")
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    else:
        seed = check_size(seed, name="seed", low=0, high=_SEED_HIGH)
    rows, cols = text_shape(width, height)
    grid = np.full(rows * cols, WALL, dtype=np.uint8)
    kernel = K.generate_backtracker if method == "backtracker" else K.generate_wilson
    kernel(width, height, np.uint64(seed), grid)
    grid = grid.reshape(rows, cols)
    grid[1, 1] = START
    grid[rows - 2, cols - 2] = END
    return Maze(grid, seed=seed, method=method)


def _as_maze(maze) -> Maze:
    if isinstance(maze, Maze):
        return maze
    if isinstance(maze, (str, bytes)):
        return Maze.from_text(maze)
    raise ClewError(f"expected a Maze or its text, got {type(maze).__name__}")


def _cells(path: np.ndarray, cols: int) -> tuple[tuple[int, int], ...]:
    rows_, cols_ = np.divmod(path.astype(np.int64), cols)
    return tuple(zip(rows_.tolist(), cols_.tolist()))


def solve(maze, method: str = "dfs") -> MazeSolution | None:
    """A path from S to E, or None when the walls leave none.

    Parameters
    ----------
    maze : Maze or str
        The maze, or its text.
    method : {"dfs", "bfs"}
        ``"dfs"``: depth-first, trying up, right, down, left in that order and stepping back
        out of dead ends (``backtracks`` counts those steps); ``"bfs"``: breadth-first, a
        shortest path.

    Returns
    -------
    MazeSolution or None

    Examples
    --------
    >>> found = solve("S..\\n.#.\\n..E\\n", "dfs")
    >>> found.path, found.length, found.nodes, found.backtracks
    (((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)), 4, 4, 0)
    >>> solve("S#E\\n", "bfs") is None
    True
    """
    maze = _as_maze(maze)
    _check_method(method, SOLVERS, "method")
    rows, cols = maze.grid.shape
    kernel = K.solve_dfs if method == "dfs" else K.solve_bfs
    start = maze.start[0] * cols + maze.start[1]
    end = maze.end[0] * cols + maze.end[1]
    path, nodes, backtracks = kernel(maze.grid.ravel(), rows, cols, start, end)
    if path.size == 0:
        return None
    return MazeSolution(_cells(path, cols), method, int(nodes), int(backtracks))


def count_paths(maze, limit: int | None = None) -> int:
    """The number of simple paths from S to E (no cell twice), up to ``limit``.

    ``limit`` follows clew's one meaning: 1 tells whether there is a path, 2 whether it is
    unique, None counts them all. A perfect maze has exactly one; an open room has very many
    (the count grows exponentially with the area: give a limit on anything large).

    Examples
    --------
    >>> count_paths("S...\\n....\\n....\\n...E\\n")
    184
    >>> count_paths("S...\\n....\\n....\\n...E\\n", limit=2)
    2
    """
    maze = _as_maze(maze)
    if limit is not None:
        limit = check_size(limit, name="limit", low=1, high=1 << 62)
    rows, cols = maze.grid.shape
    start = maze.start[0] * cols + maze.start[1]
    end = maze.end[0] * cols + maze.end[1]
    count, _nodes = K.count_paths(maze.grid.ravel(), rows, cols, start, end, 0 if limit is None else limit)
    return int(count)
