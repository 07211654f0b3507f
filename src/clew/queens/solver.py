"""N-Queens: counting, enumeration and verification (the friendly layer over ``_kernels``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import numpy as np

from ..errors import InvalidSolutionError, check_size
from . import _kernels as K

#: Largest n accepted by :func:`count` (64-bit masks and counts).
MAX_COUNT_N = K.MAX_COUNT_N
#: Largest n accepted by :func:`solutions`.
MAX_SOLVE_N = K.MAX_SOLVE_N

#: Below this size a count runs in the calling process: starting workers costs more.
PARALLEL_FROM_N = 14
#: ... expressed as the number of pieces of a count (see :func:`clew.scale.problems.pieces`).
PIECES_FOR_POOL = 32 * PARALLEL_FROM_N

_BATCH = 4096


# ---------------------------------------------------------------------------------------------
# Counting
# ---------------------------------------------------------------------------------------------


def constellations(n: int) -> np.ndarray:
    """Canonical border constellations of the n x n board, the independent pieces of a count.

    Each row is ``m, s0, s1, s2, s3, weight`` (see :func:`clew.queens._kernels.border_constellations`).
    """
    n = check_size(n, high=MAX_COUNT_N)
    return K.border_constellations(n)


def count_piece(n: int, table: np.ndarray, lo: int, hi: int) -> int:
    """Weighted number of solutions whose border constellation is one of ``table[lo:hi]``.

    A pure function of its arguments: the unit of parallel work. Summing it over a partition
    of the table gives the total number of solutions.
    """
    counts = K.count_constellations(n, table, lo, hi)
    # weights times counts in Python integers: exact beyond 2**63
    return sum(int(w) * int(c) for w, c in zip(table[lo:hi, 5].tolist(), counts.tolist()))


def count_total(n: int, *, jobs: int | None = None) -> int:
    """Number of solutions of the n x n board (OEIS A000170), on ``jobs`` processes."""
    n = check_size(n, high=MAX_COUNT_N)
    from ..scale import queens_count, run

    return run(queens_count(n), jobs=jobs, inline_below=PIECES_FOR_POOL)["total"]


def count_symmetric(n: int, quarter: bool = False) -> int:
    """Number of solutions unchanged by a half turn (or, with ``quarter``, a quarter turn)."""
    n = check_size(n, high=MAX_COUNT_N)
    return int(K.count_rotation_symmetric(n, quarter))


def counts(n: int, *, jobs: int | None = None) -> tuple[int, int]:
    """Total and fundamental number of solutions from one count: ``(A000170(n), A002562(n))``.

    The fundamental count follows from the total by Burnside's lemma (see :func:`count`).

    Examples
    --------
    >>> counts(8)
    (92, 12)
    """
    n = check_size(n, high=MAX_COUNT_N)
    from ..scale import queens_count, run

    answer = run(queens_count(n, unique=True), jobs=jobs, inline_below=PIECES_FOR_POOL)
    return answer["total"], answer["unique"]


def count(n: int, *, unique: bool = False, jobs: int | None = None) -> int:
    """Count the solutions of the n-queens problem.

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 32 (64-bit kernels; n > 20 takes hours to years).
    unique : bool
        Count fundamental solutions, i.e. classes under the 8 rotations and reflections of
        the square (OEIS A002562), instead of all solutions (OEIS A000170).
    jobs : int or None
        Worker processes; ``None`` uses every core. Small boards run in-process.

    Returns
    -------
    int

    Notes
    -----
    The fundamental count comes from Burnside's lemma: it is the average over the 8
    symmetries of the number of solutions each one fixes. No reflection fixes a solution for
    n > 1 (two queens would share a line), so ``unique = (total + F180 + 2 * F90) / 8`` with
    F180 and F90 the solutions fixed by a half and a quarter turn, found by small searches.

    Examples
    --------
    >>> from clew import queens
    >>> queens.count(8)
    92
    >>> queens.count(8, unique=True)
    12
    """
    if not unique:
        return count_total(n, jobs=jobs)
    return counts(n, jobs=jobs)[1]


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
        depth = K.enum_init(n, C, L, R, F, P)
        while depth >= 0:
            written, depth = K.enum_next(n, C, L, R, F, P, depth, out)
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
    table = K.border_constellations(n)
    meta = np.zeros(3, np.int64)  # constellation, its weight, started
    S = np.zeros((n + 2, 8), np.int64)
    state = np.zeros(3, np.int64)
    syms = np.zeros(8, np.int64)
    sol = np.zeros(n, np.int64)
    inv = np.zeros(n, np.int64)
    out = np.empty((max(batch, 32), n), np.int8)

    def batches() -> Iterator[np.ndarray]:
        while meta[0] < len(table):
            yield out[: K.enum_symmetric(n, table, meta, S, state, syms, sol, inv, out)]

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
        size = K.format_columns(block, block.shape[0], buf)
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
    a, b = K.first_conflict(cols)
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
