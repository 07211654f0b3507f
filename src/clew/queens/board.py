"""The limits of the N-Queens boards clew handles, in a module that loads no compiler.

The kernels keep a row (or a line of the board) in a 64-bit mask; these bounds follow from
that layout and are checked by the friendly layer before any kernel is loaded, so that a bad
size is refused at once, without the start-up of numba.

>>> MAX_COUNT_N, MAX_SOLVE_N, MAX_COMPLETE_N, MAX_ONE_N
(32, 62, 62, 1000000000)
>>> LIMITS["count"]
(32, 'the counting kernels keep a line of the board in a 64-bit mask')
"""

from __future__ import annotations

__all__ = ["LIMITS", "MAX_COMPLETE_N", "MAX_COUNT_N", "MAX_ONE_N", "MAX_SOLVE_N"]

#: Largest n for which the 64-bit counting kernels are exact (mask widths and counts).
MAX_COUNT_N = 32
#: Largest board the enumeration and completion kernels accept (masks are int64, bit 62 is
#: the last used).
MAX_SOLVE_N = 62
#: Largest board :func:`clew.queens.complete` accepts (a row or column is one 64-bit mask).
MAX_COMPLETE_N = 62
#: Largest board :func:`clew.queens.one` accepts. Memory is the real limit: about 16 bytes
#: per queen for the construction, 40 for the local search.
MAX_ONE_N = 1_000_000_000

#: Each task's largest board and why, by the name of its function and command (the help of
#: ``clew queens`` is made from this table).
LIMITS = {
    "count": (MAX_COUNT_N, "the counting kernels keep a line of the board in a 64-bit mask"),
    "solve": (
        MAX_SOLVE_N,
        "the enumeration kernel keeps a row in a 64-bit mask; 32 in symmetry order",
    ),
    "one": (MAX_ONE_N, "memory: about 16 bytes a queen, 40 with the local search"),
    "complete": (MAX_COMPLETE_N, "a row or column of the board is one 64-bit mask"),
}
