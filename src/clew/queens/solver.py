"""N-Queens: enumeration and verification (the friendly layer over ``_kernels_enum``,
``_kernels_text`` and ``_kernels_verify``); counting is in :mod:`clew.queens.counting`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from ..errors import InvalidSolutionError, check_size
from . import _kernels_common as K
from ._kernels_count import SLOTS, STATE_SIZE, border_constellations
from ._kernels_enum import META_SIZE, enum_init, enum_next, enum_symmetric
from ._kernels_text import format_columns
from ._kernels_verify import first_conflict
from .solution import Solution
from .counter import count, count_total, counts  # noqa: F401
from .counting import constellations, count_piece, count_symmetric  # noqa: F401

from .board import MAX_COUNT_N, MAX_SOLVE_N  # noqa: F401  (the limits of count and solutions)

_BATCH = 4096


# The counting API (count, counts) lives in :mod:`clew.queens.counter`, the constellations
# and the work object for clew.scale in :mod:`clew.queens.counting`.


# ---------------------------------------------------------------------------------------------
# Enumeration
# ---------------------------------------------------------------------------------------------


def _first(batches: Iterator[np.ndarray], limit: int | None) -> Iterator[np.ndarray]:
    """The non-empty batches of a stream, cut after ``limit`` rows in all (None: no limit)."""
    remaining = limit
    for block in batches:
        if remaining is not None:
            if len(block) >= remaining:
                yield block[:remaining]
                return
            remaining -= len(block)
        if len(block):
            yield block


def solution_batches(n: int, *, limit: int | None = None, batch: int = _BATCH) -> Iterator[np.ndarray]:
    """Stream solutions as int8 arrays of shape (k, n), in lexicographic order.

    The arrays are views of one reused buffer: consume (or copy) each before asking for the
    next. Memory stays flat however many solutions there are.
    """
    n = check_size(n, high=MAX_SOLVE_N)
    if limit is not None:
        limit = check_size(limit, name="limit", low=0, high=2**62)
        if limit == 0:
            return
    state = [np.zeros(n + 1, np.int64) for _ in range(5)]
    C, L, R, F, P = state
    out = np.empty((batch, n), np.int8)

    def batches() -> Iterator[np.ndarray]:
        depth = enum_init(n, C, L, R, F, P)
        while depth >= 0:
            written, depth = enum_next(n, C, L, R, F, P, depth, out)
            yield out[:written]

    yield from _first(batches(), limit)


def solution_batches_unordered(n: int, *, limit: int | None = None, batch: int = _BATCH) -> Iterator[np.ndarray]:
    """Like :func:`solution_batches`, but in symmetry order: each solution once, unsorted.

    Completes each canonical border constellation once and writes the completion's images
    under the symmetries of the square, so it does about an eighth of the search of the
    lexicographic enumeration. Supports ``n <= MAX_COUNT_N``.
    """
    n = check_size(n, high=MAX_COUNT_N)
    if limit is not None:
        limit = check_size(limit, name="limit", low=0, high=2**62)
        if limit == 0:
            return
    table = border_constellations(n)
    meta = np.zeros(META_SIZE, np.int64)  # constellation, its weight, started
    S = np.zeros((n + 2, SLOTS), np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    syms = np.zeros(8, np.int64)
    sol = np.zeros(n, np.int64)
    inv = np.zeros(n, np.int64)
    out = np.empty((max(batch, 32), n), np.int8)

    def batches() -> Iterator[np.ndarray]:
        while meta[0] < len(table):
            yield out[: enum_symmetric(n, table, meta, S, state, syms, sol, inv, out)]

    yield from _first(batches(), limit)


def columns_text(n: int, *, limit: int | None = None, ordered: bool = True) -> Iterator[bytes]:
    """Stream solutions as chunks of text in the columns format (see
    :func:`clew.queens.format.to_columns`), one line per solution: the fast path of
    ``clew queens solve --format columns``, formatted by a kernel rather than per line in
    Python. ``ordered=False`` streams in symmetry order instead of lexicographic order,
    about 8 times less search (see :func:`solution_batches_unordered`)."""
    buf = None
    batches = solution_batches if ordered else solution_batches_unordered
    for block in batches(n, limit=limit):
        if buf is None:
            buf = np.empty(_BATCH * 3 * block.shape[1], np.uint8)
        size = format_columns(block, block.shape[0], buf)
        yield buf[:size].tobytes()


def solutions(n: int, *, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Generate solutions of the n-queens problem in lexicographic order.

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 62.
    limit : int or None
        Stop after this many solutions; ``None`` generates them all.

    Yields
    ------
    tuple of int
        The column of the queen in each row, row 0 first.

    Examples
    --------
    >>> from clew import queens
    >>> list(queens.solutions(4))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    >>> next(queens.solutions(8))
    (0, 4, 7, 5, 2, 6, 1, 3)
    >>> list(queens.solutions(3))
    []
    """
    for block in solution_batches(n, limit=limit):
        for row in block.tolist():
            yield tuple(row)


# ---------------------------------------------------------------------------------------------
# Verification (independent of every solver above)
# ---------------------------------------------------------------------------------------------


def _as_columns(columns) -> np.ndarray:
    """The columns as an int64 array, or :class:`InvalidSolutionError` naming the first
    entry that is not an integer. A numpy integer array passes without a copy."""
    if isinstance(columns, (str, bytes)):
        raise InvalidSolutionError(f"a solution is a sequence of column numbers, got the string {columns!r}")
    if isinstance(columns, np.ndarray) and columns.dtype.kind in "iu" and columns.ndim == 1:
        return columns.astype(np.int64, copy=False)
    try:
        cols = list(columns)
    except TypeError:
        raise InvalidSolutionError(f"a solution is a sequence of column numbers, got {columns!r}") from None
    try:
        array = np.asarray(cols)
    except (ValueError, OverflowError):
        array = np.asarray(cols, dtype=object)
    if array.ndim == 1 and array.dtype.kind in "iu":
        return array.astype(np.int64, copy=False)
    for r, c in enumerate(cols):
        # integers only: int() would truncate 1.5, accept "3" and overflow on inf; an array
        # (a row of a batch passed by mistake) is not one column either
        if isinstance(c, (bool, np.ndarray)) or not hasattr(c, "__index__"):
            raise InvalidSolutionError(f"row {r + 1}: column {c!r} is not an integer")
        c = c.__index__()
        if not -(2**63) <= c < 2**63:
            raise InvalidSolutionError(f"row {r + 1}: column {c} is off the {len(cols)}x{len(cols)} board")
    return np.asarray([c.__index__() for c in cols], dtype=np.int64)


def check_solution(columns: Sequence[int], n: int | None = None) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``columns`` is a solution.

    ``columns[r]`` is the column of the queen in row ``r`` (a sequence or a numpy integer
    array). Runs in O(n) time, in a kernel: each column, diagonal (``r - c``) and
    anti-diagonal (``r + c``) is remembered with the row that took it, so a conflict names
    both queens. Ten million queens are checked in well under a second.

    Examples
    --------
    >>> check_solution([1, 3, 0, 2])
    >>> check_solution([0, 2, 1, 3])
    Traceback (most recent call last):
    ...
    clew.errors.InvalidSolutionError: queens at r2c3 and r3c2 share a diagonal
    """
    cols = _as_columns(columns)
    size = len(cols) if n is None else n
    if len(cols) != size:
        raise InvalidSolutionError(f"expected {size} queens, one per row, got {len(cols)}")
    if size == 0:
        raise InvalidSolutionError("a solution needs at least one queen")
    a, b = first_conflict(cols)
    if b == -2:
        raise InvalidSolutionError(f"row {a + 1}: column {cols[a]} is off the {size}x{size} board")
    if a >= 0:
        what = "a column" if cols[a] == cols[b] else "a diagonal"
        raise InvalidSolutionError(f"queens at r{a + 1}c{cols[a] + 1} and r{b + 1}c{cols[b] + 1} share {what}")


def is_solution(columns: Sequence[int], n: int | None = None) -> bool:
    """True if ``columns`` places n non-attacking queens (see :func:`check_solution`).

    Examples
    --------
    >>> is_solution((1, 3, 0, 2))
    True
    >>> is_solution((0, 1))
    False
    """
    try:
        check_solution(columns, n)
    except InvalidSolutionError:
        return False
    return True


# ---------------------------------------------------------------------------------------------
# Fundamental solutions: one per class under the 8 symmetries of the square
# ---------------------------------------------------------------------------------------------


def _canonical_rows(block: np.ndarray) -> np.ndarray:
    """For each solution of a block (k, n) of columns, True if it is the canonical one of its
    class: the lexicographically smallest of its 8 images under the rotations and
    reflections of the board.

    The images of a solution ``p`` (``p[r]`` the column of row ``r``) are ``p``, its mirror
    ``n - 1 - p``, its upside-down ``p[::-1]`` and both, and the same four of the inverse
    permutation (the board's transpose): the dihedral group of order 8, vectorised over the
    block.
    """
    k, n = block.shape
    if k == 0:
        return np.zeros(0, bool)
    p = block.astype(np.int64)
    inverse = np.empty_like(p)
    inverse[np.arange(k)[:, None], p] = np.arange(n)
    keep = np.ones(k, bool)
    for base in (p, inverse):
        for image in (base, n - 1 - base, base[:, ::-1], n - 1 - base[:, ::-1]):
            differ = image != p
            first = differ.argmax(axis=1)
            smaller = differ.any(axis=1) & (image[np.arange(k), first] < p[np.arange(k), first])
            keep &= ~smaller
    return keep


def fundamental_batches(n: int, *, limit: int | None = None, ordered: bool = True) -> Iterator[np.ndarray]:
    """Stream the fundamental solutions (one per class under the 8 rotations and reflections
    of the board, OEIS A002562) as int8 arrays of shape (k, n).

    Each class is given by its canonical solution, the lexicographically smallest of its 8
    images. With ``ordered`` (the default) they come in lexicographic order, filtered from
    :func:`solution_batches` (n <= 62); ``ordered=False`` filters
    :func:`solution_batches_unordered` instead (about 8 times less search, n <= 32).

    Examples
    --------
    >>> [len(b) for b in fundamental_batches(8)]
    [12]
    >>> next(fundamental_batches(6)).tolist()
    [[1, 3, 5, 0, 2, 4]]
    """
    if limit is not None:
        limit = check_size(limit, name="limit", low=0, high=2**62)
    batches = solution_batches(n) if ordered else solution_batches_unordered(n)

    def canonical() -> Iterator[np.ndarray]:
        for block in batches:
            yield block[_canonical_rows(block)]

    if limit == 0:
        return
    yield from _first(canonical(), limit)


def fundamental_solutions(n: int, *, limit: int | None = None) -> Iterator[tuple[int, ...]]:
    """Generate the fundamental solutions of the n-queens problem, the canonical one of each
    class (the lexicographically smallest of its 8 images), in lexicographic order.

    Their number is OEIS A002562, :func:`count` with ``unique=True``. Each is a
    :class:`~clew.queens.solution.Solution`: a tuple that shows itself as the board in a
    notebook.

    Examples
    --------
    >>> list(fundamental_solutions(6))
    [(1, 3, 5, 0, 2, 4)]
    >>> sum(1 for _ in fundamental_solutions(8))
    12
    """
    for block in fundamental_batches(n, limit=limit):
        # a few per board, to be looked at: each draws itself in a notebook
        yield from map(Solution, block.tolist())
