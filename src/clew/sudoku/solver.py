"""Sudoku: solve, count, prove uniqueness, enumerate (the friendly layer over ``_kernels``).

Every function takes the puzzle in any form :class:`~clew.sudoku.Grid` reads, checks it once
(:func:`~clew.sudoku.parse`: a one-line :class:`~clew.sudoku.SudokuInputError` for a bad
size, symbol or pair of givens) and runs one kernel search with a ``limit``: 1 solves, 2
proves uniqueness, a larger one counts. :func:`solve_array` is the batch path: one kernel
call per chunk of an int8 array of puzzles, on several threads if asked (the kernels release
the GIL).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import numpy as np

from ..errors import (
    DEFAULT_JOBS,
    ArgumentError,
    ClewError,
    article,
    check_jobs,
    check_limit,
    check_size,
)
from ..scale import Work, run
from .grid import Grid, PuzzleFormatError, parse
from .kernels import resumable
from .kernels import run as run_kernel
from .shape import MAX_COUNT, Shape, as_shape

__all__ = [
    "MAX_COUNT",
    "CountTooLargeError",
    "count",
    "is_unique",
    "solutions",
    "solve",
    "ArrayWork",
    "solve_array",
]


#: Puzzles per kernel call on the batch path, at most.
CHUNK = 1024
#: Below this many puzzles, :func:`solve_array` stays in the calling thread: handing chunks
#: to worker threads costs more than the search.
POOL_FROM = 64


class CountTooLargeError(ClewError):
    """:func:`count` without a limit found more than :data:`MAX_COUNT` solutions."""


def _one(grid: Grid, limit: int) -> tuple[int, Grid | None]:
    puzzle = np.frombuffer(grid._cells, dtype=np.int8).reshape(1, -1).copy()
    counts, sols = run_kernel(puzzle, grid.shape, limit)
    found = int(counts[0])
    return found, (Grid._make(sols[0].tobytes(), grid.shape, grid.symbols) if found else None)


def _count(grid: Grid, limit: int) -> int:
    """The solutions of ``grid`` up to ``limit``. A grid without givens whose rules all say
    "different digits" (no cage sums) is counted with its first row fixed to 1..n and the
    count multiplied by n!: relabelling the digits maps the solutions with any first row one
    to one onto those with 1..n (the 28,200,960 6x6 grids are 720 x 39,168)."""
    n = grid.n
    if grid.givens or grid.shape.cages or limit <= 1:
        return _one(grid, limit)[0]
    relabellings = math.factorial(n)
    fixed = Grid._make(bytes(range(1, n + 1)) + bytes(n * n - n), grid.shape, grid.symbols)
    found = _one(fixed, -(-limit // relabellings))[0]  # enough fixed grids to reach limit
    return min(found * relabellings, limit)


# ---------------------------------------------------------------------------------------------
# One puzzle
# ---------------------------------------------------------------------------------------------


def solve(puzzle: Any, *, symbols: str | None = None, **shape: Any) -> Grid | None:
    """Solve a sudoku: the first solution found, or ``None`` if there is none.

    Parameters
    ----------
    puzzle
        Any form :class:`~clew.sudoku.Grid` reads: an 81-character line (``.`` or ``0`` for
        a blank), LeetCode's board, a list of lists of ints, a drawn grid, for 4x4, 9x9,
        16x16 or 25x25 grids.
    symbols : str, optional
        The alphabet of the puzzle's digits (see :class:`~clew.sudoku.Grid`).
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages``: the shape and variant rules
        (see :class:`~clew.sudoku.Grid`); every function here takes them.

    Returns
    -------
    Grid or None
        A full grid that keeps every given, written in the puzzle's alphabet. If the puzzle
        has several solutions, the first one the search finds (see :func:`is_unique`).

    Raises
    ------
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule (the message names them). A
        contradiction that only the search finds is not an error: the result is ``None``.

    Examples
    --------
    >>> from clew import sudoku
    >>> print(sudoku.solve("1...............").to_text())
    1 2 | 3 4
    4 3 | 1 2
    ----+----
    3 4 | 2 1
    2 1 | 4 3
    >>> sudoku.solve("..3.4.........42")
    Grid('1234432124133142')
    >>> sudoku.solve("2...3.2......4..") is None    # r1c2 and r2c2 would both be 1
    True
    """
    return _one(parse(puzzle, symbols=symbols, **shape), 1)[1]


def count(
    puzzle: Any, *, limit: int | None = None, symbols: str | None = None, **shape: Any
) -> int:
    """Count the solutions of a sudoku, up to ``limit``.

    Parameters
    ----------
    puzzle
        Any form :class:`~clew.sudoku.Grid` reads.
    limit : int or None, keyword-only
        Stop counting at ``limit`` (>= 1) solutions: the result is then ``min(count,
        limit)``, so ``count(p, limit=2) == 2`` says "not unique". ``None`` counts them all,
        but refuses to go past :data:`MAX_COUNT` (a million: about 2 seconds on one core for a
        9x9 grid) and raises :class:`CountTooLargeError` there, so that an almost empty grid
        (6.67e21 solutions for 9x9) never runs for years without saying so. To count further,
        give a larger ``limit`` explicitly.
    symbols : str, optional
        The alphabet of the puzzle's digits.

    Returns
    -------
    int

    Raises
    ------
    clew.sudoku.SudokuInputError
        The puzzle cannot be read, or two givens break a rule.
    clew.errors.ArgumentError
        ``limit`` is 0, negative or not an integer.
    CountTooLargeError
        ``limit`` is ``None`` and there are more than :data:`MAX_COUNT` solutions.

    Examples
    --------
    >>> from clew import sudoku
    >>> sudoku.count("." * 16)                   # the empty 4x4 grid
    288
    >>> sudoku.count("." * 16, limit=10)
    10
    >>> sudoku.count("." * 81)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    clew.sudoku.solver.CountTooLargeError: more than 1000000 solutions: give count() a limit
    to count up to a bound of your choice
    """
    limit = check_limit(limit)
    grid = parse(puzzle, symbols=symbols, **shape)
    if limit is None:
        found = _count(grid, MAX_COUNT + 1)
        if found > MAX_COUNT:
            raise CountTooLargeError(
                f"more than {MAX_COUNT} solutions: "
                "give count() a limit to count up to a bound of your choice"
            )
        return found
    return _count(grid, limit)


def is_unique(puzzle: Any, *, symbols: str | None = None, **shape: Any) -> bool:
    """True if the sudoku has exactly one solution (the search stops at the second one).

    Examples
    --------
    >>> from clew import sudoku
    >>> sudoku.is_unique("1...............")
    False
    >>> sudoku.is_unique("..3.4.........42")
    True
    """
    return _one(parse(puzzle, symbols=symbols, **shape), 2)[0] == 1


def solutions(
    puzzle: Any,
    *,
    limit: int | None = None,
    symbols: str | None = None,
    batch: int = 256,
    **shape: Any,
) -> Iterator[Grid]:
    """Generate the solutions of a sudoku, each once, in the order the search finds them.

    The search is resumable: it fills a buffer of ``batch`` solutions, hands them out, and
    picks up where it stopped, so memory stays flat and stopping the iteration (or
    ``limit``) stops the search. The order is the kernel's (most constrained cell first),
    not lexicographic.

    Parameters
    ----------
    puzzle
        Any form :class:`~clew.sudoku.Grid` reads.
    limit : int or None
        Stop after this many solutions; ``None``: all of them (beware of nearly empty grids).
    symbols : str, optional
        The alphabet of the puzzle's digits.
    batch : int
        Solutions per kernel call.

    Yields
    ------
    Grid

    Examples
    --------
    >>> from clew import sudoku
    >>> sum(1 for _ in sudoku.solutions("." * 16))
    288
    >>> [str(g) for g in sudoku.solutions("....34.2.1......")]
    ['1234341221434321', '1234341241232341', '1243341221344321']
    """
    # checked now, not at the first next(): a bad puzzle fails where it is passed
    limit = check_limit(limit)
    grid = parse(puzzle, symbols=symbols, **shape)
    if (
        isinstance(batch, bool)
        or not hasattr(batch, "__index__")
        or not 1 <= batch.__index__() <= 1 << 20
    ):
        raise ArgumentError(f"batch must be an integer from 1 to {1 << 20}, got {batch!r}")
    batch = batch.__index__()
    return _enumerate(grid, limit, batch)


def _enumerate(grid: Grid, limit: int | None, batch: int) -> Iterator[Grid]:
    search = resumable(np.frombuffer(grid._cells, dtype=np.int8).copy(), grid.shape)
    out = np.empty((batch, len(grid._cells)), np.int8)
    remaining = limit
    while not search.done:
        written = search.step(out, limit or 0)
        rows = out[:written] if remaining is None else out[: min(written, remaining)]
        for row in rows:
            yield Grid._make(row.tobytes(), grid.shape, grid.symbols)
        if remaining is not None:
            remaining -= len(rows)
            if remaining <= 0:
                return


# ---------------------------------------------------------------------------------------------
# Batches
# ---------------------------------------------------------------------------------------------


def _check_array(puzzles: Any, k: int | Shape) -> tuple[np.ndarray, int | Shape]:
    if not isinstance(k, Shape):
        k = check_size(k, name="k", low=2, high=5)
    n = as_shape(k).n
    array = np.ascontiguousarray(puzzles)
    if array.ndim != 2 or array.shape[1] != n * n:
        raise PuzzleFormatError(
            f"puzzles of {article(f'{n}x{n}')} sudoku are an array of shape (P, {n * n}), "
            f"got {array.shape}"
        )
    if array.dtype.kind not in "iu":
        raise PuzzleFormatError(f"puzzles are an array of integers, got dtype {array.dtype}")
    if array.size and (array.min() < 0 or array.max() > n):
        raise PuzzleFormatError(
            f"cells of {article(f'{n}x{n}')} sudoku are 0 (blank) to {n}, "
            f"got {int(array.min())}..{int(array.max())}"
        )
    return np.ascontiguousarray(array, dtype=np.int8), k


class ArrayWork(Work):
    """Solving an int8 array of puzzles of box size or shape ``k`` (checked, as :func:`solve_array`
    checks them) up to ``limit`` solutions each, in chunks of ``chunk`` puzzles: the pieces
    ``(lo, hi)`` are kernel calls, run on threads by :mod:`clew.scale` (the kernels release
    the GIL, so threads run them in parallel with no copying)."""

    releases_gil = True

    def __init__(self, puzzles: np.ndarray, k: int | Shape, limit: int, chunk: int) -> None:
        self.puzzles, self.k, self.limit, self.chunk = puzzles, k, limit, chunk

    def identity(self) -> dict:
        import hashlib

        digest = hashlib.sha256(np.ascontiguousarray(self.puzzles).tobytes()).hexdigest()
        k = self.k if isinstance(self.k, int) else repr(self.k)
        return {
            "solve": "sudoku array",
            "k": k,
            "limit": self.limit,
            "chunk": self.chunk,
            "sha256": digest,
        }

    def pieces(self) -> list:
        return [
            (lo, min(lo + self.chunk, len(self.puzzles)))
            for lo in range(0, len(self.puzzles), self.chunk)
        ]

    def run_piece(self, piece: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
        return run_kernel(self.puzzles[piece[0] : piece[1]], self.k, self.limit)

    def combine(self, values: list) -> tuple[np.ndarray, np.ndarray]:
        if not values:
            return np.zeros(0, np.int64), np.zeros_like(self.puzzles)
        return np.concatenate([c for c, _ in values]), np.concatenate([s for _, s in values])


def chunk_size(puzzles: int, jobs: int) -> int:
    """Puzzles per kernel call for a batch of ``puzzles`` on ``jobs`` workers: about 8 chunks
    per worker, so that the last ones still balance the load, and at most :data:`CHUNK`."""
    return max(1, min(CHUNK, math.ceil(puzzles / (8 * jobs))))


def solve_array(
    puzzles: Any, k: int | Shape, *, limit: int = 1, jobs: int | None = DEFAULT_JOBS
) -> tuple[np.ndarray, np.ndarray]:
    """Solve many puzzles of one size at once: the batch path, no Python work per puzzle.

    Parameters
    ----------
    puzzles : array_like of int, shape (P, n * n)
        One puzzle per row, cells in reading order, 0 for a blank.
    k : int or Shape
        Box size (2 to 5) of a classic grid, or the shape every puzzle has
        (:func:`clew.sudoku.shape.make_shape`, or a grid's :attr:`~clew.sudoku.Grid.shape`).
    limit : int
        Count each puzzle's solutions up to ``limit`` (>= 1): 1 solves, 2 proves uniqueness.
    jobs : int or None
        Worker threads (default :data:`clew.errors.DEFAULT_JOBS`, 1); ``None`` uses every
        core. Fewer than :data:`POOL_FROM` puzzles are solved in the calling thread.

    Returns
    -------
    counts : numpy.ndarray of int64, shape (P,)
        Solutions found per puzzle, at most ``limit``; 0 when there is none (givens that
        break a rule give 0 here: check them first with :func:`~clew.sudoku.parse` when you
        need the reason).
    solutions : numpy.ndarray of int8, shape (P, k**4)
        The first solution found of each puzzle; meaningless where the count is 0.

    Examples
    --------
    >>> import numpy as np
    >>> counts, sols = solve_array(np.zeros((3, 16), np.int8), 2, limit=500)
    >>> counts.tolist()
    [288, 288, 288]
    >>> sols[0].tolist()
    [1, 2, 3, 4, 4, 3, 1, 2, 3, 4, 2, 1, 2, 1, 4, 3]
    """
    checked = check_limit(limit)
    if checked is None:
        raise ArgumentError(
            "limit must be an integer of at least 1 here (solve_array counts up to it), got None"
        )
    jobs = check_jobs(jobs)
    array, k = _check_array(puzzles, k)
    if len(array) < POOL_FROM:
        jobs = 1
    work = ArrayWork(array, k, checked, chunk_size(len(array), jobs))
    if jobs == 1:  # in this thread: nothing to wait for
        return work.combine([work.run_piece(p) for p in work.pieces()])
    return run(work, jobs=jobs, executor="threads")
