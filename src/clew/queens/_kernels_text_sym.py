"""numba kernel writing every N-Queens solution as text, in symmetry order: the fast path of
``clew queens solve N --any-order`` (``solver.write_columns(ordered=False)``).

Ints and numpy arrays only (see ``_kernels_common``). Each canonical border constellation
(``_kernels_count.border_constellations``) is completed once by a dual MRV search, and
each completion is written as the text of its images under the symmetries that map the
constellation onto its distinct images (``_kernels_enum._orbit_symmetries``): every
solution exactly once, about an eighth of the lexicographic search. The text goes straight
into the caller's ``uint8`` buffer, with no intermediate array of columns.

The search
----------
The completion search is that of the counting kernel ``_kernels_count_scan.complete``
(branch on the row *or column* with the fewest free squares, the scan stopping at the first
forced or dead line), written again here because it must place every queen, down to the
last, where the counter decides the last three without placing them; keeping the two apart
also keeps each module's compiled cache valid on its own (numba checks only the defining
file's stamp). The last two queens are placed directly, without two more levels of scans
(15% of the time at n = 16; doing so for the last three measured slower: its nested loops
branch unpredictably). Masks (int64, bit per line)::

    rows, cols   bit r of each row, bit c of each column holding a queen
    d1           bit r + c of each queen ("/" diagonals)
    d2           bit c - r + n - 1 ("\\" diagonals); d2r bit r - c + n - 1 (d2 mirrored)

    free columns of row x     =  full & ~(cols | d1 >> x | d2  >> (n - 1 - x))
    free rows    of column y  =  full & ~(rows | d1 >> y | d2r >> (n - 1 - y))

The line key (one int64: free squares first, then rows before columns, then the lower
line)::

    bit  62 ......... 8 | 7 ............ 0
         free squares   | line: r for row r, COLUMN_LINE + c for column c

The images
----------
With ``sol`` the column of each row and ``inv`` the row of each column, the image of a
solution under each symmetry, row i of the image, is ``f(src[j(i)])`` where ``src`` is
``sol`` or ``inv`` (the transposing symmetries), ``j(i)`` is ``i`` or ``n - 1 - i`` (the
upside-down ones) and ``f(v)`` is ``v`` or ``n - 1 - v`` (the left-right ones)::

    symmetry      src  j(i)       f(v)          symmetry          src  j(i)       f(v)
    identity      sol  i          v             transpose         inv  i          v
    mirror l-r    sol  i          n - 1 - v     rotate 90         inv  i          n - 1 - v
    mirror t-b    sol  n - 1 - i  v             rotate 270        inv  n - 1 - i  v
    rotate 180    sol  n - 1 - i  n - 1 - v     anti-transpose    inv  n - 1 - i  n - 1 - v

so one branch-free loop writes every image.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from .._bits import ctz64, popcount64
from ._kernels_common import (
    ANTI_TRANSPOSE,
    COLUMN_LINE,
    MAX_BORDER,
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    ROTATE_90,
    ROTATE_180,
    ROTATE_270,
    SYMMETRIES,
    TRANSPOSE,
)
from ._kernels_enum import _orbit_symmetries
from ._kernels_text import _CELL, _NEWLINE, _SMALL, store_text, word_table

_u = uint64  # an index known to be >= 0: spares numba's negative-index wraparound

#: Columns of the constellation table (``_kernels_count.border_constellations``).
_TABLE_QUEENS, _TABLE_SQUARES = 0, 1
#: Slots of the per-depth state ``S[d]``: the masks, the untried squares of the line
#: branched on, the line, the queens still missing once its queen is placed (one 64-byte
#: cache line per depth).
_ROWS, _COLS, _D1, _D2, _D2R, _FREE, _LINE, _LEFT = 0, 1, 2, 3, 4, 5, 6, 7
SLOTS = 8
#: The line key.
_KEY_LINE_BITS = 8
_KEY_LINE_MASK = (1 << _KEY_LINE_BITS) - 1
_FILLED = np.int64(1) << 62  # above every key of an empty line
#: Slots of ``meta``: the constellation being completed (its row in the table), its weight
#: (images written per completion), the depth to resume at (``NOT_STARTED`` before its
#: search is laid out), the steps back a call may take before it returns.
META_CONSTELLATION, META_WEIGHT, META_DEPTH, META_TURNS = 0, 1, 2, 3
META_SIZE = 4
NOT_STARTED = -2
#: Queens missing when ``sym_text_next`` places the last two directly (no more scans).
_PAIR = 2
#: Rows of ``perm``: the column of each row, the row of each column.
_SOL, _INV = 0, 1


@njit(cache=True, inline="always")
def _pick(n, full, rows, cols, d1, d2, d2r):
    """The key of the line to branch on: the first empty line (rows, then columns) with at
    most one free square, else the one with the fewest. A key whose count is 0 is dead."""
    best = _FILLED
    m = n - 1
    empty = full & ~rows
    while empty:
        x = ctz64(empty)
        empty &= empty - 1
        free = full & ~(cols | (d1 >> x) | (d2 >> (m - x)))
        key = (popcount64(free) << _KEY_LINE_BITS) | x
        if free & (free - 1) == 0:
            return key
        best = min(best, key)
    empty = full & ~cols
    while empty:
        y = ctz64(empty)
        empty &= empty - 1
        free = full & ~(rows | (d1 >> y) | (d2r >> (m - y)))
        key = (popcount64(free) << _KEY_LINE_BITS) | COLUMN_LINE | y
        if free & (free - 1) == 0:
            return key
        best = min(best, key)
    return best


@njit(cache=True, inline="always")
def _line_free(n, full, line, rows, cols, d1, d2, d2r):
    # free columns of row ``line``, or free rows of column ``line - COLUMN_LINE``
    if line < COLUMN_LINE:
        return full & ~(cols | (d1 >> line) | (d2 >> (n - 1 - line)))
    y = line - COLUMN_LINE
    return full & ~(rows | (d1 >> y) | (d2r >> (n - 1 - y)))


@njit(cache=True)
def _write_images(n, perm, syms, w, word, size, buf, p):
    """Write the text lines of the ``w`` images ``syms[:w]`` of the solution in ``perm``
    into ``buf`` from byte ``p`` (see the module docstring); returns the new ``p``.

    Not inlined by numba: ``sym_text_next`` calls it from three places, and numba would
    compile an inlined copy at each (issue 26); LLVM inlines the one compiled copy."""
    m = n - 1
    for r in range(n):
        perm[_INV, perm[_SOL, r]] = r
    for h in range(w):
        s = syms[h]
        t = (
            _INV
            if (s == TRANSPOSE or s == ROTATE_90 or s == ROTATE_270 or s == ANTI_TRANSPOSE)
            else _SOL
        )
        upside = s == MIRROR_TOP_BOTTOM or s == ROTATE_180 or s == ROTATE_270 or s == ANTI_TRANSPOSE
        across = s == MIRROR_LEFT_RIGHT or s == ROTATE_180 or s == ROTATE_90 or s == ANTI_TRANSPOSE
        j0, dj = (m, -1) if upside else (0, 1)
        v0, dv = (m, -1) if across else (0, 1)
        for i in range(n):
            v = _u(v0 + dv * perm[_u(t), _u(j0 + dj * i)])
            store_text(buf, p, word[v])
            p += size[v]
        buf[_u(p - 1)] = _NEWLINE
    return p


@njit(cache=True, nogil=True)
def sym_text_next(n, table, meta, S, perm, syms, buf):
    """Write the next solutions as text lines into ``buf``, each solution exactly once, in
    the order of the canonical constellations and their images.

    Resumable: ``meta`` (``META_SIZE`` slots, start with ``[0, 0, NOT_STARTED, turns]``),
    ``S`` (n + 1 x ``SLOTS``), ``perm`` (2 x n) and ``syms`` (8) hold the search between
    calls. A call returns when ``buf`` may have no room for the images of two more
    completions (``buf`` needs more than ``2 * 8 * 3 * n`` bytes), or after
    ``meta[META_TURNS]`` steps back. Returns ``(size, lines)``; every solution has been
    written once ``meta[META_CONSTELLATION] == len(table)``.
    """
    word = np.empty(_SMALL, np.int64)
    size = np.empty(_SMALL, np.int64)
    word_table(word, size)
    squares = np.empty(MAX_BORDER, np.int64)
    full = (np.int64(1) << n) - 1
    top = 2 * n - 2
    room = buf.shape[0] - _PAIR * SYMMETRIES * _CELL * n - 1  # two completions of 8 images
    turns = meta[META_TURNS]
    p = 0
    lines = 0
    while meta[META_CONSTELLATION] < table.shape[0]:
        k = meta[META_CONSTELLATION]
        d = meta[META_DEPTH]
        w = meta[META_WEIGHT]
        if d == NOT_STARTED:
            if p > room:
                break
            m = table[k, _TABLE_QUEENS]
            for i in range(MAX_BORDER):
                squares[i] = table[k, _TABLE_SQUARES + i]
            w = _orbit_symmetries(n, squares, m, syms)
            meta[META_WEIGHT] = w
            rows = np.int64(0)
            cols = np.int64(0)
            d1 = np.int64(0)
            d2 = np.int64(0)
            d2r = np.int64(0)
            for i in range(m):
                r = squares[i] // n
                c = squares[i] % n
                k2 = c - r + n - 1
                rows |= np.int64(1) << r
                cols |= np.int64(1) << c
                d1 |= np.int64(1) << (r + c)
                d2 |= np.int64(1) << k2
                d2r |= np.int64(1) << (top - k2)
                perm[_SOL, r] = c
            d = -1  # nothing to search unless laid out below
            if m == n:  # complete as it stands (n = 1)
                p = _write_images(n, perm, syms, w, word, size, buf, p)
                lines += w
            else:
                key = _pick(n, full, rows, cols, d1, d2, d2r)
                if key >> _KEY_LINE_BITS != 0:
                    line = key & _KEY_LINE_MASK
                    S[0, _ROWS] = rows
                    S[0, _COLS] = cols
                    S[0, _D1] = d1
                    S[0, _D2] = d2
                    S[0, _D2R] = d2r
                    S[0, _FREE] = _line_free(n, full, line, rows, cols, d1, d2, d2r)
                    S[0, _LINE] = line
                    S[0, _LEFT] = n - m - 1
                    d = 0
        while d >= 0:
            if p > room:
                break
            f = S[d, _FREE]
            if f == 0:
                d -= 1
                turns -= 1
                if turns == 0:
                    break
                continue
            bit = f & -f
            S[d, _FREE] = f ^ bit
            line = S[d, _LINE]
            if line < COLUMN_LINE:
                x = line
                c = ctz64(bit)
            else:
                x = ctz64(bit)
                c = line - COLUMN_LINE
            perm[_SOL, x] = c
            left = S[d, _LEFT]
            if left == 0:
                p = _write_images(n, perm, syms, w, word, size, buf, p)
                lines += w
                continue
            k2 = c - x + n - 1
            rows = S[d, _ROWS] | (np.int64(1) << x)
            cols = S[d, _COLS] | (np.int64(1) << c)
            d1 = S[d, _D1] | (np.int64(1) << (x + c))
            d2 = S[d, _D2] | (np.int64(1) << k2)
            if left == _PAIR:
                # Two empty rows, two empty columns: try both squares of the first row and
                # test the other row directly, without two more levels of line scans.
                empty = full & ~rows
                x1 = ctz64(empty)
                x2 = ctz64(empty & (empty - 1))
                f1 = full & ~(cols | (d1 >> x1) | (d2 >> (n - 1 - x1)))
                f2 = full & ~(cols | (d1 >> x2) | (d2 >> (n - 1 - x2)))
                dist = x2 - x1
                while f1:
                    a = f1 & -f1
                    f1 ^= a
                    b = f2 & ~(a | (a << dist) | (a >> dist))
                    if b:
                        perm[_SOL, x1] = ctz64(a)
                        perm[_SOL, x2] = ctz64(b)
                        p = _write_images(n, perm, syms, w, word, size, buf, p)
                        lines += w
                continue
            d2r = S[d, _D2R] | (np.int64(1) << (top - k2))
            key = _pick(n, full, rows, cols, d1, d2, d2r)
            if key >> _KEY_LINE_BITS == 0:
                continue  # a line without a free square
            line = key & _KEY_LINE_MASK
            d += 1
            S[d, _ROWS] = rows
            S[d, _COLS] = cols
            S[d, _D1] = d1
            S[d, _D2] = d2
            S[d, _D2R] = d2r
            S[d, _FREE] = _line_free(n, full, line, rows, cols, d1, d2, d2r)
            S[d, _LINE] = line
            S[d, _LEFT] = left - 1
        if d >= 0:
            meta[META_DEPTH] = d  # stopped inside the search: resume here
            break
        meta[META_CONSTELLATION] = k + 1
        meta[META_DEPTH] = NOT_STARTED
        if turns == 0:
            break
    return p, lines
