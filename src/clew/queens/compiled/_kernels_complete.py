"""numba kernels completing a partly placed N-Queens board with blocked squares.

Ints and numpy arrays only (see ``_kernels_common``). Pre-placed queens and blocked squares
break the symmetry the counting kernels rely on, so these searches keep explicit masks per
line instead of diagonal masks, which also lets them take any n <= ``MAX_SOLVE_N``.

Bit layout
----------
For each depth ``d`` of ``complete_mrv`` (one row of ``RA`` and ``CA`` per depth)::

    RA[d, r]  bit c set: square (r, c) is blocked or attacked   (row r's view)
    CA[d, c]  bit r set: the same square                         (column c's view)
    rows_s[d], cols_s[d]   bit per row / column already holding a queen

    n = 4, one queen on (1, 2):      RA[d, 0] = 0b1110   columns 1, 2, 3 of row 0
                                     RA[d, 3] = 0b0101   columns 0, 2 of row 3
        c: 0 1 2 3                   CA[d, 0] = 0b1010   rows 1, 3 of column 0
    r=0    . x x x                   CA[d, 3] = 0b0111   rows 0, 1, 2 of column 3
    r=1    x x Q x
    r=2    . x x x                   (bit 0 is the rightmost digit)
    r=3    x . x .

The row and the column of the queen itself are filled (``rows_s``, ``cols_s``) and their
masks are never read again.

Lines are numbered as in ``_kernels_common``: row r is line r, column c line
``COLUMN_LINE + c``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from ._kernels_common import COLUMN_LINE

#: ``line_s[d]`` before depth d has chosen the line it branches on.
_UNCHOSEN = -1


@njit(cache=True, nogil=True)
def _place_on(n, x, c, row_att, col_att):
    # mark what a queen at (x, c) attacks in every row's and every column's mask
    for r in range(n):
        dist = r - x
        m = np.int64(1) << c
        if 0 <= c + dist < n:
            m |= np.int64(1) << (c + dist)
        if 0 <= c - dist < n:
            m |= np.int64(1) << (c - dist)
        row_att[r] |= m
    for y in range(n):
        dist = y - c
        m = np.int64(1) << x
        if 0 <= x + dist < n:
            m |= np.int64(1) << (x + dist)
        if 0 <= x - dist < n:
            m |= np.int64(1) << (x - dist)
        col_att[y] |= m


@njit(cache=True, nogil=True)
def complete_mrv(n, qr, qc, row_blocked, col_blocked, limit, out):
    """Completions of a board with queens on ``(qr[i], qc[i])`` and blocked squares
    (``row_blocked[r]``: blocked columns of row r, ``col_blocked[c]`` the same squares by
    column). Dual MRV search over explicit per-line masks, so any n <= 62 works.

    Stops after ``limit`` completions (``limit <= 0``: all). The first completion found is
    written into ``out`` (column per row). Returns the number found.
    """
    full = (np.int64(1) << n) - 1
    # per depth: attacked squares of every row and column, filled lines, candidates, line
    RA = np.zeros((n + 1, n), np.int64)
    CA = np.zeros((n + 1, n), np.int64)
    rows_s = np.zeros(n + 1, np.int64)
    cols_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)
    line_s = np.zeros(n + 1, np.int64)
    sol = np.full(n, -1, np.int64)
    rows = np.int64(0)
    cols = np.int64(0)
    for r in range(n):
        RA[0, r] = row_blocked[r]
        CA[0, r] = col_blocked[r]
    for i in range(qr.shape[0]):
        _place_on(n, qr[i], qc[i], RA[0], CA[0])
        rows |= np.int64(1) << qr[i]
        cols |= np.int64(1) << qc[i]
        sol[qr[i]] = qc[i]
    left = n - qr.shape[0]
    found = 0
    if left == 0:
        out[:] = sol
        return 1
    d = 0
    rows_s[0] = rows
    cols_s[0] = cols
    line_s[0] = _UNCHOSEN
    while d >= 0:
        if line_s[d] == _UNCHOSEN:
            # MRV: the empty row or column with the fewest free squares
            rows = rows_s[d]
            cols = cols_s[d]
            best = n + 1  # more than any line's free squares
            best_line = 0
            best_free = np.int64(0)
            for i in range(n):
                if not (rows >> i) & 1:
                    f = full & ~(cols | RA[d, i])
                    k = popcount64(f)
                    if k < best:
                        best, best_line, best_free = k, i, f
                if not (cols >> i) & 1:
                    f = full & ~(rows | CA[d, i])
                    k = popcount64(f)
                    if k < best:
                        best, best_line, best_free = k, COLUMN_LINE + i, f
            if best == 0:
                d -= 1
                continue
            line_s[d] = best_line
            free_s[d] = best_free
        f = free_s[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        free_s[d] = f ^ bit
        line = line_s[d]
        if line < COLUMN_LINE:
            x = line
            c = ctz64(bit)
        else:
            x = ctz64(bit)
            c = line - COLUMN_LINE
        sol[x] = c
        if d == left - 1:
            if found == 0:
                out[:] = sol
            found += 1
            if found == limit:
                return found
            continue
        for i in range(n):
            RA[d + 1, i] = RA[d, i]
            CA[d + 1, i] = CA[d, i]
        _place_on(n, x, c, RA[d + 1], CA[d + 1])
        rows_s[d + 1] = rows_s[d] | (np.int64(1) << x)
        cols_s[d + 1] = cols_s[d] | (np.int64(1) << c)
        line_s[d + 1] = _UNCHOSEN
        d += 1
    return found


@njit(cache=True, nogil=True)
def complete_rows(n, qr, qc, row_blocked, limit, out):
    """The same completions by a plain row-by-row bitboard search (the textbook order),
    kept to compare with ``complete_mrv``. Pre-placed queens fill their rows; every other
    row's squares attacked by them or blocked are masked out up front."""
    full = (np.int64(1) << n) - 1
    pre = np.full(n, -1, np.int64)
    for i in range(qr.shape[0]):
        pre[qr[i]] = qc[i]
    block = np.empty(n, np.int64)
    for r in range(n):
        m = row_blocked[r]
        for i in range(qr.shape[0]):
            dist = r - qr[i]
            m |= np.int64(1) << qc[i]
            if 0 <= qc[i] + dist < n:
                m |= np.int64(1) << (qc[i] + dist)
            if 0 <= qc[i] - dist < n:
                m |= np.int64(1) << (qc[i] - dist)
        block[r] = m
    sol = pre.copy()
    # rows to search, top-down; L / R carry the diagonals of the searched queens
    C = np.zeros(n + 1, np.int64)
    L = np.zeros(n + 1, np.int64)
    R = np.zeros(n + 1, np.int64)
    F = np.zeros(n + 1, np.int64)
    rowof = np.empty(n, np.int64)
    k = 0
    for r in range(n):
        if pre[r] < 0:
            rowof[k] = r
            k += 1
    if k == 0:
        out[:] = sol
        return 1
    found = 0
    F[0] = full & ~block[rowof[0]]
    d = 0
    while d >= 0:
        f = F[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[d] = f ^ bit
        sol[rowof[d]] = ctz64(bit)
        if d == k - 1:
            if found == 0:
                out[:] = sol
            found += 1
            if found == limit:
                return found
            continue
        sh = rowof[d + 1] - rowof[d]
        c = C[d] | bit
        lo = ((L[d] | bit) << sh) & full
        ro = (R[d] | bit) >> sh
        d += 1
        C[d] = c
        L[d] = lo
        R[d] = ro
        F[d] = full & ~(c | lo | ro | block[rowof[d]])
    return found
