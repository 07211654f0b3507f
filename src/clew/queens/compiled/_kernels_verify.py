"""numba kernel checking an N-Queens solution in linear time, apart from every solver.

Ints and numpy arrays only (see ``_kernels_common``). It shares no code with the search
kernels on purpose: a verifier that reused their masks would repeat their mistakes.
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: ``first_conflict``'s second row when the first row's column is off the board.
OFF_BOARD = -2


@njit(cache=True)
def first_conflict(cols):
    """Rows ``(a, b)`` of the first two queens found attacking each other, ``(-1, -1)`` if
    none, ``(r, OFF_BOARD)`` (-2) if row r's column is off the board. O(n) time: one flag
    per column and per diagonal remembers the row that took it."""
    n = cols.shape[0]
    col_row = np.full(n, -1, np.int64)
    diag_row = np.full(2 * n - 1, -1, np.int64)  # r - c + n - 1
    anti_row = np.full(2 * n - 1, -1, np.int64)  # r + c
    for r in range(n):
        c = cols[r]
        if c < 0 or c >= n:
            return r, OFF_BOARD
        if col_row[c] >= 0:
            return col_row[c], r
        if diag_row[r - c + n - 1] >= 0:
            return diag_row[r - c + n - 1], r
        if anti_row[r + c] >= 0:
            return anti_row[r + c], r
        col_row[c] = r
        diag_row[r - c + n - 1] = r
        anti_row[r + c] = r
    return -1, -1
