"""N-Queens: enumeration and verification (the friendly layer over ``_kernels_enum``,
``_kernels_text``, ``_kernels_text_sym`` and ``_kernels_verify``); counting is in
:mod:`clew.queens.counting`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, BinaryIO

import numpy as np

from ..errors import InvalidSolutionError, check_limit, check_size
from .attacks import line_of
from .board import MAX_COUNT_N, MAX_SOLVE_N  # noqa: F401  (the limits of count and solutions)
from .border import border_constellations
from .compiled._kernels_count import SLOTS, STATE_SIZE
from .compiled._kernels_enum import (
    GROUP_DONE,
    META_SIZE,
    enum_init,
    enum_next,
    enum_symmetric,
    group_next,
    group_start,
)
from .compiled._kernels_text import format_columns, format_mirrored
from .compiled._kernels_text_sym import META_CONSTELLATION as SYM_CONSTELLATION
from .compiled._kernels_text_sym import META_DEPTH as SYM_DEPTH
from .compiled._kernels_text_sym import META_SIZE as SYM_META_SIZE
from .compiled._kernels_text_sym import META_TURNS as SYM_TURNS
from .compiled._kernels_text_sym import NOT_STARTED as SYM_NOT_STARTED
from .compiled._kernels_text_sym import SLOTS as SYM_SLOTS
from .compiled._kernels_text_sym import sym_text_next
from .compiled._kernels_verify import first_conflict
from .counter import count, count_total, counts  # noqa: F401
from .counting import constellations, count_piece, count_symmetric  # noqa: F401
from .solution import Solution

_BATCH = 4096
#: Bytes of text a kernel call writes at most: the one buffer of a symmetry-order stream.
_TEXT_BYTES = 1 << 20
#: Solutions a lexicographic text chunk holds at most (n = 16: 600 KB of text).
_TEXT_ROWS = 1 << 14
#: Bytes a column takes in the text at most (two digits and a space).
_CELL = 3
_NEWLINE_BYTE = ord("\n")
#: Steps back a text kernel takes in one call at most (a few hundredths of a second): the
#: interpreter sees Ctrl-C between two calls even where solutions are rare.
_TURNS = 1 << 22
#: Memory that the lexicographic text may keep for mirror halving: the columns of the
#: solutions left of the middle, n bytes each (n = 16: 118 MB, all of them).
MIRROR_BYTES = 256 << 20
#: Smaller boards are written as one group, without mirror halving.
_MIRROR_MIN_N = 4


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


def solution_batches(
    n: int, *, limit: int | None = None, batch: int = _BATCH
) -> Iterator[np.ndarray]:
    """Stream solutions as int8 arrays of shape (k, n), in lexicographic order.

    The arrays are views of one reused buffer: consume (or copy) each before asking for the
    next. Memory stays flat however many solutions there are.
    """
    # checked here, when called; the search starts at the first next()
    n = check_size(n, high=MAX_SOLVE_N)
    limit = check_limit(limit)
    batch = check_size(batch, name="batch", high=2**31)

    def batches() -> Iterator[np.ndarray]:
        C, L, R, F, P = (np.zeros(n + 1, np.int64) for _ in range(5))
        out = np.empty((batch, n), np.int8)
        depth = enum_init(n, C, L, R, F, P)
        while depth >= 0:
            written, depth = enum_next(n, C, L, R, F, P, depth, out)
            yield out[:written]

    return _first(batches(), limit)


def solution_batches_unordered(
    n: int, *, limit: int | None = None, batch: int = _BATCH
) -> Iterator[np.ndarray]:
    """Like :func:`solution_batches`, but in symmetry order: each solution once, unsorted.

    Completes each canonical border constellation once and writes the completion's images
    under the symmetries of the square, so it does about an eighth of the search of the
    lexicographic enumeration. Supports ``n <= MAX_COUNT_N``.
    """
    n = check_size(n, high=MAX_COUNT_N)
    limit = check_limit(limit)
    batch = check_size(batch, name="batch", high=2**31)

    def batches() -> Iterator[np.ndarray]:
        table = border_constellations(n)
        meta = np.zeros(META_SIZE, np.int64)  # constellation, its weight, started
        S = np.zeros((n + 2, SLOTS), np.int64)
        state = np.zeros(STATE_SIZE, np.int64)
        syms = np.zeros(8, np.int64)
        sol = np.zeros(n, np.int64)
        inv = np.zeros(n, np.int64)
        out = np.empty((max(batch, 32), n), np.int8)
        while meta[0] < len(table):
            yield out[: enum_symmetric(n, table, meta, S, state, syms, sol, inv, out)]

    return _first(batches(), limit)


def _lex_groups(n: int) -> list[tuple[int, ...]]:
    """The prefixes that cut the lexicographic enumeration into groups, in order: the first
    queen's column, and on an odd board the second queen's too behind a middle first queen
    (whose group is its own mirror). The mirror of each group left of the middle comes
    after it; small boards are one group."""
    if n < _MIRROR_MIN_N:
        return [()]
    half = n // 2
    groups: list[tuple[int, ...]] = [(c,) for c in range(half)]
    if n % 2:
        groups += [(half, c) for c in range(n)]
    return groups + [(c,) for c in range(n - half, n)]


def _lex_text(n: int) -> Iterator[tuple[np.ndarray, int]]:
    """(text, lines) chunks of every solution in lexicographic order, views of one reused
    buffer. A group whose mirror comes later keeps its rows (``MIRROR_BYTES`` at most in
    all) and the mirror group is then written from them, reversed, instead of searched."""
    out = np.empty((_TEXT_ROWS, n), np.int8)
    buf = np.empty(_TEXT_ROWS * _CELL * n + 1, np.uint8)  # + 1: see format_columns
    C, L, R, F, P = (np.zeros(n + 1, np.int64) for _ in range(5))
    prefix = np.zeros(2, np.int64)
    kept: dict[tuple[int, ...], list[np.ndarray]] = {}
    used = 0
    for group in _lex_groups(n):
        mirror = tuple(n - 1 - c for c in group)
        if mirror < group and mirror in kept:
            for chunk in reversed(kept.pop(mirror)):
                for hi in range(len(chunk), 0, -_TEXT_ROWS):
                    lo = max(0, hi - _TEXT_ROWS)
                    yield buf[: format_mirrored(chunk, lo, hi, buf)], hi - lo
            continue
        keep = mirror > group and used < MIRROR_BYTES
        chunks: list[np.ndarray] = []
        base = len(group)
        prefix[:base] = group
        depth = group_start(n, prefix, base, C, L, R, F, P)
        while depth != GROUP_DONE:
            written, depth = group_next(n, C, L, R, F, P, depth, base, out, _TURNS)
            if not written:
                continue
            if keep:
                chunks.append(out[:written].copy())
                used += written * n
                if used > MIRROR_BYTES:  # over the budget: the mirror group is searched
                    used -= sum(c.nbytes for c in chunks)
                    keep, chunks = False, []
            yield buf[: format_columns(out, written, buf)], written
        if keep:
            kept[group] = chunks


def _sym_text(n: int) -> Iterator[tuple[np.ndarray, int]]:
    """(text, lines) chunks of every solution in symmetry order, views of one reused buffer
    (see :func:`clew.queens.compiled._kernels_text_sym.sym_text_next`)."""
    table = border_constellations(n)
    buf = np.empty(_TEXT_BYTES, np.uint8)
    meta = np.zeros(SYM_META_SIZE, np.int64)
    meta[SYM_DEPTH] = SYM_NOT_STARTED
    meta[SYM_TURNS] = _TURNS
    S = np.zeros((n + 1, SYM_SLOTS), np.int64)
    perm = np.zeros((2, n), np.int64)
    syms = np.zeros(8, np.int64)
    while meta[SYM_CONSTELLATION] < len(table):
        size, lines = sym_text_next(n, table, meta, S, perm, syms, buf)
        if lines:
            yield buf[:size], lines


def _text_chunks(n: int, limit: int | None, ordered: bool) -> Iterator[tuple[np.ndarray, int]]:
    """(text, lines) of the solutions, chunk by chunk (uint8 views of one reused buffer), cut
    after ``limit`` lines. The arguments are checked when this is called."""
    n = check_size(n, high=MAX_SOLVE_N if ordered else MAX_COUNT_N)
    limit = check_limit(limit)

    def chunks() -> Iterator[tuple[np.ndarray, int]]:
        remaining = limit
        for text, lines in _lex_text(n) if ordered else _sym_text(n):
            if remaining is not None and lines >= remaining:
                # the end of the remaining-th line of this chunk
                yield text[: np.flatnonzero(text == _NEWLINE_BYTE)[remaining - 1] + 1], remaining
                return
            if remaining is not None:
                remaining -= lines
            yield text, lines

    return chunks()


def write_columns(n: int, out: BinaryIO, *, limit: int | None = None, ordered: bool = True) -> int:
    """Write the solutions to the binary file ``out`` in the columns format (see
    :func:`clew.queens.format.to_columns`), one line per solution: the fast path of
    ``clew queens solve``.

    The text is written by the search kernels themselves into a buffer of about a megabyte,
    handed to ``out.write`` as it fills: no Python code runs per solution. In lexicographic
    order (``ordered``, n <= 62) the solutions whose first queen stands right of the middle
    are written as the mirrors of those left of it, from their columns kept in memory
    (``MIRROR_BYTES`` at most, n bytes a solution; beyond it they are searched):
    about half the search. ``ordered=False`` writes them in symmetry order (n <= 32), every
    solution once, about an eighth of the search. Returns the number of solutions written.

    Examples
    --------
    >>> import io
    >>> out = io.BytesIO()
    >>> write_columns(6, out)
    4
    >>> print(out.getvalue().decode(), end="")
    1 3 5 0 2 4
    2 5 1 4 0 3
    3 0 4 1 5 2
    4 2 0 5 3 1
    >>> out = io.BytesIO()
    >>> write_columns(8, out, ordered=False)
    92
    >>> len(out.getvalue().splitlines())
    92
    """
    written = 0
    for text, lines in _text_chunks(n, limit, ordered):
        out.write(text.data)  # the uint8 view's buffer, written without a copy
        written += lines
    return written


def columns_text(n: int, *, limit: int | None = None, ordered: bool = True) -> Iterator[bytes]:
    """Stream solutions as chunks of text in the columns format (see
    :func:`clew.queens.format.to_columns`), one line per solution, written by the search
    kernels (see :func:`write_columns`). ``ordered=False`` streams in symmetry order instead
    of lexicographic order, about 8 times less search.

    Examples
    --------
    >>> b"".join(columns_text(4))
    b'1 3 0 2\\n2 0 3 1\\n'
    """
    return (text.tobytes() for text, _ in _text_chunks(n, limit, ordered))


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
    >>> queens.solutions(8, limit=0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: limit must be at least 1 (None finds every solution), got 0
    """
    batches = solution_batches(n, limit=limit)  # checks the arguments now, not at next()
    return (tuple(row) for block in batches for row in block.tolist())


# ---------------------------------------------------------------------------------------------
# Verification (independent of every solver above)
# ---------------------------------------------------------------------------------------------


def _as_columns(columns: Any) -> np.ndarray:
    """The columns as an int64 array, or :class:`InvalidSolutionError` naming the first
    entry that is not an integer. A numpy integer array passes without a copy."""
    if isinstance(columns, (str, bytes)):
        raise InvalidSolutionError(
            f"a solution is a sequence of column numbers, got the string {columns!r}"
        )
    if isinstance(columns, np.ndarray) and columns.dtype.kind in "iu" and columns.ndim == 1:
        # a plain array for the kernel (queens.one hands out a subclass that draws itself)
        return np.asarray(columns).astype(np.int64, copy=False)
    try:
        cols = list(columns)
    except TypeError:
        raise InvalidSolutionError(
            f"a solution is a sequence of column numbers, got {columns!r}"
        ) from None
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
            raise InvalidSolutionError(
                f"the queen of row {r + 1} is off the {len(cols)}x{len(cols)} board: "
                f"its column is {c}, not 0 to {len(cols) - 1}"
            )
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
        raise InvalidSolutionError(
            f"the queen of row {a + 1} is off the {size}x{size} board: "
            f"its column is {cols[a]}, not 0 to {size - 1}"
        )
    if a >= 0:
        # the kernel found the two queens; the one attack rule of clew.queens names the line
        what = "a column" if line_of((a, cols[a]), (b, cols[b])) == "column" else "a diagonal"
        raise InvalidSolutionError(
            f"queens at r{a + 1}c{cols[a] + 1} and r{b + 1}c{cols[b] + 1} share {what}"
        )


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


def fundamental_batches(
    n: int, *, limit: int | None = None, ordered: bool = True
) -> Iterator[np.ndarray]:
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
    limit = check_limit(limit)
    batches = solution_batches(n) if ordered else solution_batches_unordered(n)

    def canonical() -> Iterator[np.ndarray]:
        for block in batches:
            yield block[_canonical_rows(block)]

    return _first(canonical(), limit)


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
    batches = fundamental_batches(n, limit=limit)  # checks the arguments now
    # a few per board, to be looked at: each draws itself in a notebook
    return (Solution(row) for block in batches for row in block.tolist())
