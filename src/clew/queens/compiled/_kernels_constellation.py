"""The completion of a border constellation, written once: the steps that the counters
(``_kernels_count``, ``_kernels_count_scan``) and the unordered text writer
(``_kernels_text_sym``) take through the dual MRV search.

Each of them walks the canonical constellations of the table
(:func:`clew.queens.border.border_constellations`) and completes each one by the same
depth-first search: :func:`load` a row of the table, :func:`lay_out` its queens as masks,
choose a line, :func:`push` a level that branches on it, :func:`take` its next square. What
differs is what a caller does with a completion (count it, write its images as columns or
as text), how it stops (at the end, or resumable when its output is full) and how it chooses
the first-round counter's line (a vector scan, ``_kernels_count._pick``) or this module's
:func:`pick`.

Bit layout
----------
Five int64 masks describe the queens placed (all below bit 2n - 1 <= 63): ``rows`` and
``cols`` one bit per line; ``d1`` bit ``r + c`` of every queen ("/"), ``d2`` bit
``c - r + n - 1`` ("\\"), ``d2r`` bit ``r - c + n - 1`` (``d2`` mirrored). For n = 5, the
bit each square's queen sets::

    d1 ("/")            d2 ("\\")           d2r ("\\", mirrored)
          c=0 1 2 3 4         c=0 1 2 3 4         c=0 1 2 3 4
    r=0     0 1 2 3 4   r=0     4 5 6 7 8   r=0     4 3 2 1 0
    r=1     1 2 3 4 5   r=1     3 4 5 6 7   r=1     5 4 3 2 1
    r=2     2 3 4 5 6   r=2     2 3 4 5 6   r=2     6 5 4 3 2
    r=3     3 4 5 6 7   r=3     1 2 3 4 5   r=3     7 6 5 4 3
    r=4     4 5 6 7 8   r=4     0 1 2 3 4   r=4     8 7 6 5 4

so that, bit c (or bit r) standing for the square::

    free columns of row x     =  full & ~(cols | d1 >> x | d2  >> (n - 1 - x))
    free rows    of column y  =  full & ~(rows | d1 >> y | d2r >> (n - 1 - y))

A level of the search is one row ``S[d]`` of ``SLOTS`` int64 (one 64-byte cache line): the
masks before its queen, the untried squares of its line, the line (row ``r`` is line ``r``,
column ``c`` line ``COLUMN_LINE + c``) and the queens still missing once its queen is placed.

The line key (one int64, so that ``min`` compares the free squares first, then rows before
columns, then the lower line)::

    bit  62 ......... 8 | 7 ............ 0
         free squares   | line: r for row r, COLUMN_LINE + c for column c

A key whose count is 0 names a line without a free square: the branch is dead.

Every step is ``inline="always"``: numba compiles it into each caller (one or two call sites
each), where LLVM optimises it with the caller's loop. As numba functions of their own they
were inlined by LLVM only after the caller had been optimised, and cost the count 6-9% of
its warm speed, and their own compiles half a second of its cold start (measured side by
side against the three copies they replace).

numba checks only the stamp of a cached function's own file: after editing this module,
delete the cache of its callers too (``clew/queens/compiled/__pycache__``, or run with a
fresh ``NUMBA_CACHE_DIR``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import bit, ctz64, popcount64
from ._kernels_common import COLUMN_LINE, MAX_BORDER, TABLE_QUEENS, TABLE_SQUARES

__all__ = ["SLOTS", "lay_out", "load", "pair", "pick", "placed", "push", "take"]

#: Slots of a level ``S[d]``: the masks, the untried squares of the line branched on, the
#: line, the queens still missing once its queen is placed.
ROWS, COLS, D1, D2, D2R, FREE, LINE, LEFT = 0, 1, 2, 3, 4, 5, 6, 7
SLOTS = 8

#: The line key (see the module docstring).
KEY_LINE_BITS = 8
KEY_LINE_MASK = (1 << KEY_LINE_BITS) - 1
FILLED = np.int64(1) << 62  # above every key of an empty line


@njit(cache=True, inline="always")
def load(table, k, squares):
    """Copy the squares of constellation ``table[k]`` into ``squares``; returns its number
    of queens."""
    for i in range(MAX_BORDER):
        squares[i] = table[k, TABLE_SQUARES + i]
    return table[k, TABLE_QUEENS]


@njit(cache=True, inline="always")
def lay_out(n, squares, m):
    """The masks ``(rows, cols, d1, d2, d2r)`` of the queens ``squares[:m]`` (``r * n + c``).

    >>> import numpy as np
    >>> [int(x) for x in lay_out(4, np.array([1, 7, 8, 14]), 4)]   # a 4-queens solution
    [15, 15, 54, 54, 54]
    """
    top = 2 * n - 2
    rows = np.int64(0)
    cols = np.int64(0)
    d1 = np.int64(0)
    d2 = np.int64(0)
    d2r = np.int64(0)
    for i in range(m):
        r = squares[i] // n
        c = squares[i] % n
        k2 = c - r + n - 1
        rows |= bit(r)
        cols |= bit(c)
        d1 |= bit(r + c)
        d2 |= bit(k2)
        d2r |= bit(top - k2)
    return rows, cols, d1, d2, d2r


@njit(cache=True, inline="always")
def pick(n, full, rows, cols, d1, d2, d2r):
    """The key of the line to branch on: the first empty line (rows, then columns, each in
    increasing order) with at most one free square, else the one with the fewest (ties:
    rows first, then the lower line). A key whose count is 0 ends the branch. The hot spot
    of every search that uses it."""
    best = FILLED
    m = n - 1
    empty = full & ~rows
    while empty:
        x = ctz64(empty)
        empty &= empty - 1
        free = full & ~(cols | (d1 >> x) | (d2 >> (m - x)))
        key = (popcount64(free) << KEY_LINE_BITS) | x
        if free & (free - 1) == 0:
            return key  # forced, or dead: no other line can do better
        best = min(best, key)
    empty = full & ~cols
    while empty:
        y = ctz64(empty)
        empty &= empty - 1
        free = full & ~(rows | (d1 >> y) | (d2r >> (m - y)))
        key = (popcount64(free) << KEY_LINE_BITS) | COLUMN_LINE | y
        if free & (free - 1) == 0:
            return key
        best = min(best, key)
    return best


@njit(cache=True, inline="always")
def push(S, d, n, full, key, rows, cols, d1, d2, d2r, left):
    """Lay out level ``d``: the masks before its queen, branching on the line of ``key``,
    ``left`` queens missing once its queen is placed."""
    line = key & KEY_LINE_MASK
    S[d, ROWS] = rows
    S[d, COLS] = cols
    S[d, D1] = d1
    S[d, D2] = d2
    S[d, D2R] = d2r
    # the free columns of row ``line``, or the free rows of column ``line - COLUMN_LINE``
    if line < COLUMN_LINE:
        S[d, FREE] = full & ~(cols | (d1 >> line) | (d2 >> (n - 1 - line)))
    else:
        y = line - COLUMN_LINE
        S[d, FREE] = full & ~(rows | (d1 >> y) | (d2r >> (n - 1 - y)))
    S[d, LINE] = line
    S[d, LEFT] = left


@njit(cache=True, inline="always")
def take(S, d):
    """Take the next untried square of level ``d`` (there must be one): its row and column
    ``(x, c)``."""
    f = S[d, FREE]
    low = f & -f
    S[d, FREE] = f ^ low
    line = S[d, LINE]
    if line < COLUMN_LINE:
        return line, ctz64(low)
    return ctz64(low), line - COLUMN_LINE


@njit(cache=True, inline="always")
def placed(S, d, n, x, c):
    """The masks of level ``d`` with a queen added at ``(x, c)``: ``(rows, cols, d1, d2,
    d2r)``."""
    k2 = c - x + n - 1
    return (
        S[d, ROWS] | bit(x),
        S[d, COLS] | bit(c),
        S[d, D1] | bit(x + c),
        S[d, D2] | bit(k2),
        S[d, D2R] | bit(2 * n - 2 - k2),
    )


@njit(cache=True, inline="always")
def pair(n, full, x1, x2, cols, d1, d2):
    """The last two queens, for the two empty rows ``x1 < x2`` (whose free squares lie in the
    two empty columns): ``(a, b)``, the masks of the two squares of row x1 that leave row x2
    a free square, each 0 when it does not (or when row x1 has no such square). Branch-free.
    """
    f1 = full & ~(cols | (d1 >> x1) | (d2 >> (n - 1 - x1)))
    f2 = full & ~(cols | (d1 >> x2) | (d2 >> (n - 1 - x2)))
    dist = x2 - x1
    a = f1 & -f1
    b = f1 ^ a
    # a queen at column a of row x1 takes a, a - dist and a + dist from row x2
    ok_a = (f2 & ~(a | (a << dist) | (a >> dist))) != 0
    ok_b = (f2 & ~(b | (b << dist) | (b >> dist))) != 0
    return a & -np.int64(ok_a), b & -np.int64(ok_b)
