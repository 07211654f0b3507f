"""The :class:`Maze` value, generation, solving and counting: the friendly layer over the
kernels. Arguments are checked once here, the kernels see ints and arrays only.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from .._display import Picture
from ..errors import ArgumentError, check_limit, check_size, read_bytes
from . import _kernels as K
from .geometry import END, GENERATORS, MAX_ROOMS, OPEN, SOLVERS, START, WALL, text_shape
from .text import MazeInputError, format_grid, parse_text
from .verify import check_path

__all__ = ["GENERATORS", "SOLVERS", "Maze", "MazeSolution", "count_paths", "generate", "solve"]

_SEED_HIGH = (1 << 64) - 1


@dataclass(frozen=True)
class MazeSolution(Picture):  # Picture: shows itself in a notebook, the path drawn on its maze
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
    maze : Maze or None
        The maze the path goes through (:func:`solve` sets it): what :meth:`to_text` and the
        picture draw the path on. Not part of the equality or the ``repr``.

    ``length`` is the number of steps, one less than the cells of the path. ``to_dict()``
    gives ``method``, ``length``, ``nodes``, ``backtracks`` and ``path`` (lists of
    ``[row, column]``, from 0) as JSON data; ``to_text()`` the maze with the path in
    ``o``; in a notebook it shows as the SVG picture of the maze with its path.

    Examples
    --------
    >>> found = solve("S..\\n.#.\\n..E\\n")
    >>> found.to_dict()
    {'method': 'dfs', 'length': 4, 'nodes': 4, 'backtracks': 0,
     'path': [[0, 0], [0, 1], [0, 2], [1, 2], [2, 2]]}
    >>> print(found.to_text(), end="")
    Soo
    .#o
    ..E
    """

    path: tuple[tuple[int, int], ...]
    method: str
    nodes: int
    backtracks: int
    maze: Maze | None = field(default=None, compare=False, repr=False)

    @property
    def length(self) -> int:
        """Steps from S to E: one less than the cells of the path."""
        return len(self.path) - 1

    def to_dict(self) -> dict:
        """The solution as JSON data (``path`` as lists of ``[row, column]``, from 0)."""
        return {
            "method": self.method,
            "length": self.length,
            "nodes": self.nodes,
            "backtracks": self.backtracks,
            "path": [list(cell) for cell in self.path],
        }

    as_dict = to_dict  # the name of earlier versions

    def to_text(self) -> str:
        """The text of the maze with the path drawn in ``o`` (:meth:`Maze.to_text`)."""
        if self.maze is None:
            raise MazeInputError(
                "this solution does not know its maze: draw it with "
                "maze.to_text(path=solution.path)"
            )
        return self.maze.to_text(path=self.path)


class Maze(Picture):  # Picture: shows itself as its SVG picture in a notebook
    """A maze: a grid of walls and open cells, one start ``S`` and one end ``E``.

    Build one with :meth:`from_text`, :meth:`read` or :meth:`generate`; ``str(maze)`` is its
    text, :meth:`to_text` draws a path on it. ``grid`` is the ``uint8`` array of its
    characters (:mod:`clew.maze.geometry`). ``to_dict()`` gives it as JSON data: ``rows``
    and ``columns`` (of the text grid), ``start`` and ``end`` (``[row, column]``, from 0),
    ``seed`` and ``method`` (how it was generated; None for a maze read from text) and
    ``grid`` (its lines of text).

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
    >>> maze.to_dict()["grid"][1], maze.to_dict()["start"]
    ('#S....#.#', [1, 1])
    """

    def __init__(
        self, grid: np.ndarray, *, seed: int | None = None, method: str | None = None
    ) -> None:
        grid = np.ascontiguousarray(grid, dtype=np.uint8)
        if grid.ndim != 2:
            raise MazeInputError(f"a maze grid has two dimensions, got {grid.ndim}")
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
        return cls.from_text(read_bytes(path, "maze", MazeInputError, name), source=name)

    def to_text(self, path: Iterable[tuple[int, int]] | MazeSolution | None = None) -> str:
        """The text of the maze, one line per row, each ending with a newline; with ``path``
        (cells ``(row, column)`` from S to E, counting from 0, or a :class:`MazeSolution`),
        the cells between S and E drawn in ``o``.

        Raises
        ------
        clew.errors.InvalidSolutionError
            A path that does not walk from S to E (:func:`clew.maze.check_path`).

        Examples
        --------
        >>> m = Maze.from_text("S.#\\n#.E\\n")
        >>> print(m.to_text(path=[(0, 0), (0, 1), (1, 1), (1, 2)]), end="")
        So#
        #oE
        """
        if path is None:
            return format_grid(self.grid)
        if isinstance(path, MazeSolution):
            path = path.path
        check_path(self, path)
        grid = self.grid.copy()
        for r, c in list(path)[1:-1]:
            grid[int(r), int(c)] = ord("o")
        return format_grid(grid)

    def to_dict(self) -> dict:
        """The maze as JSON data (the fields are listed in the class docstring)."""
        rows, cols = self.grid.shape
        return {
            "rows": rows,
            "columns": cols,
            "start": list(self.start),
            "end": list(self.end),
            "seed": self.seed,
            "method": self.method,
            "grid": self.rows(),
        }

    def __str__(self) -> str:
        return self.to_text().rstrip("\n")

    def __repr__(self) -> str:
        rows, cols = self.grid.shape
        return f"<Maze {rows}x{cols} start={self.start} end={self.end}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Maze) and np.array_equal(self.grid, other.grid)

    __hash__ = None  # type: ignore[assignment]  # equal by value, and mutable: no hash

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, columns) of the text grid."""
        return self.grid.shape

    def rows(self) -> list[str]:
        """The lines of the text."""
        return str(self).split("\n")

    # ---- the searches ----

    @classmethod
    def generate(
        cls, width: int, height: int, *, method: str = "backtracker", seed: int | None = None
    ) -> Maze:
        """See :func:`generate`."""
        return generate(width, height, method=method, seed=seed)

    def solve(self, method: str = "dfs") -> MazeSolution | None:
        """See :func:`solve`."""
        return solve(self, method)

    def count_paths(self, *, limit: int | None = None) -> int:
        """See :func:`count_paths`."""
        return count_paths(self, limit=limit)


def _check_method(method: object, allowed: tuple[str, ...], what: str) -> str:
    if not isinstance(method, str) or method not in allowed:
        names = ", ".join(repr(m) for m in allowed)
        raise ArgumentError(f"{what} must be one of {names}, got {method!r}")
    return method


def generate(
    width: int, height: int, *, method: str = "backtracker", seed: int | None = None
) -> Maze:
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
        raise MazeInputError(
            "a maze needs at least 2 rooms (S and E are in different rooms), got 1 x 1"
        )
    if width * height > MAX_ROOMS:
        raise MazeInputError(
            f"a maze has at most {MAX_ROOMS:,} rooms, got {width} x {height} = {width * height:,}"
        )
    if seed is None:
        seed = int.from_bytes(os.urandom(8), "little")
    else:
        seed = check_size(seed, name="seed", low=0, high=_SEED_HIGH)
    rows, cols = text_shape(width, height)
    flat = np.full(rows * cols, WALL, dtype=np.uint8)
    kernel = K.generate_backtracker if method == "backtracker" else K.generate_wilson
    kernel(width, height, np.uint64(seed), flat)
    grid = flat.reshape(rows, cols)
    grid[1, 1] = START
    grid[rows - 2, cols - 2] = END
    return Maze(grid, seed=seed, method=method)


def _as_maze(maze: object) -> Maze:
    if isinstance(maze, Maze):
        return maze
    if isinstance(maze, (str, bytes)):
        return Maze.from_text(maze)
    # a value of the wrong kind: a TypeError that names it (the contract)
    raise TypeError(f"expected a Maze or its text, got {type(maze).__name__}")


def _cells(path: np.ndarray, cols: int) -> tuple[tuple[int, int], ...]:
    rows_, cols_ = np.divmod(path.astype(np.int64), cols)
    return tuple(zip(rows_.tolist(), cols_.tolist(), strict=False))


def solve(maze: Maze | str | bytes, method: str = "dfs") -> MazeSolution | None:
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
    return MazeSolution(_cells(path, cols), method, int(nodes), int(backtracks), maze)


def count_paths(maze: Maze | str | bytes, *, limit: int | None = None) -> int:
    """The number of simple paths from S to E (no cell twice), up to ``limit``.

    ``limit`` (keyword only) follows clew's one meaning: 1 tells whether there is a path, 2
    whether it is unique, None counts them all (:func:`clew.errors.check_limit`). A perfect
    maze has exactly one; an open room has very many (the count grows exponentially with the
    area: give a limit on anything large).

    Examples
    --------
    >>> count_paths("S...\\n....\\n....\\n...E\\n")
    184
    >>> count_paths("S...\\n....\\n....\\n...E\\n", limit=2)
    2
    """
    limit = check_limit(limit)
    maze = _as_maze(maze)
    rows, cols = maze.grid.shape
    start = maze.start[0] * cols + maze.start[1]
    end = maze.end[0] * cols + maze.end[1]
    count, _nodes = K.count_paths(
        maze.grid.ravel(), rows, cols, start, end, 0 if limit is None else limit
    )
    return int(count)
