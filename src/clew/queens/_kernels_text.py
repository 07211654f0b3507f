"""numba kernels writing N-Queens solutions as text: a batch of small boards in the columns
format, one line each, and one huge board's columns as one line.

Ints and numpy arrays only (see ``_kernels_common``): the text is written as ASCII bytes into
a caller's ``uint8`` buffer, which Python turns into ``bytes`` once per batch. Formatting
with ``str`` per value costs far more than the search that found the solutions.
"""

from __future__ import annotations

import numpy as np
from numba import njit

_ZERO = ord("0")
_SPACE = ord(" ")
_NEWLINE = ord("\n")

#: ``format_columns``: values 0.._SMALL - 1 (two digits at most), each written as a
#: ``_CELL``-byte record ``"d  "`` or ``"dd "`` of which 2 or 3 bytes count.
_SMALL = 100
_CELL = 3
#: ``format_ints``: decimal digits of the largest int64 (19), plus the separator.
_INT64_TEXT = 20


@njit(cache=True)
def format_columns(sols, k, buf):
    """Write the first ``k`` solutions of ``sols`` as text lines of space-separated column
    indices into the byte buffer ``buf``; returns the number of bytes written.

    Table-driven and branch-free: every value copies three bytes from a small table (``"d  "``
    or ``"dd "``) and the write position advances by its true length, so the unpredictable
    one-or-two-digit test never reaches the branch predictor. ``buf`` needs ``3 * n * k``
    bytes; values must lie in 0..99.
    """
    n = sols.shape[1]
    text = np.empty((_SMALL, _CELL), np.uint8)
    size = np.empty(_SMALL, np.int64)
    for v in range(_SMALL):
        if v < 10:
            text[v, 0] = _ZERO + v
            text[v, 1] = _SPACE
            size[v] = 2
        else:
            text[v, 0] = _ZERO + v // 10
            text[v, 1] = _ZERO + v % 10
            size[v] = 3
        text[v, 2] = _SPACE
    p = 0
    for s in range(k):
        for i in range(n):
            v = sols[s, i]
            buf[p] = text[v, 0]
            buf[p + 1] = text[v, 1]
            buf[p + 2] = text[v, 2]
            p += size[v]
        buf[p - 1] = _NEWLINE  # the last separator of a line is its newline
    return p


@njit(cache=True)
def format_ints(values, lo, hi, buf):
    """Write ``values[lo:hi]`` (non-negative ints) as space-separated decimal text into
    ``buf``; returns the number of bytes. ``buf`` needs 20 bytes per value."""
    p = 0
    digits = np.empty(_INT64_TEXT, np.uint8)
    for i in range(lo, hi):
        v = values[i]
        k = 0
        while True:
            digits[k] = _ZERO + v % 10
            v //= 10
            k += 1
            if v == 0:
                break
        for j in range(k - 1, -1, -1):
            buf[p] = digits[j]
            p += 1
        buf[p] = _SPACE
        p += 1
    return p
