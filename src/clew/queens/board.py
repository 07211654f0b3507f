"""The limits of the N-Queens boards clew handles, in a module that loads no compiler.

The kernels keep a row (or a line of the board) in a 64-bit mask; these bounds follow from
that layout and are checked by the friendly layer before any kernel is loaded, so that a bad
size is refused at once, without the start-up of numba.

>>> MAX_COUNT_N, MAX_SOLVE_N
(32, 62)
"""

from __future__ import annotations

__all__ = ["MAX_COUNT_N", "MAX_SOLVE_N"]

#: Largest n for which the 64-bit counting kernels are exact (mask widths and counts).
MAX_COUNT_N = 32
#: Largest board the enumeration and completion kernels accept (masks are int64, bit 62 is
#: the last used).
MAX_SOLVE_N = 62
