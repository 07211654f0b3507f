"""Which basic technique fires first: one kernel call per step instead of every finder.

On a puzzle that needs chains, the engine (:meth:`clew.sudoku.logic.solver.LogicalState.next_step`)
tries about twenty basic finders at each step before the chains, and on most steps none of
them finds anything: in Python that was half of the time of such a rating. The kernel
(:mod:`clew.sudoku.compiled._kernels_screen`) answers for all of them at once; the engine runs only
the finder it names, which builds the step (so the steps and their sentences stay those of
:mod:`clew.sudoku.logic.techniques`, which remains the reference: the tests compare the two on
many positions).

The engine asks only once numba is loaded in the process (a rating that needs no kernel
never pays numba's start-up for this), and only after the singles found nothing (a Python
scan of the singles costs less than the call).

>>> from clew.sudoku.logic.solver import LogicalState
>>> s = LogicalState(
...     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
... )
>>> SCREENED[first(s, 0)], SCREENED[first(s, SCREENED.index("Pointing"))]
('Direct claiming', 'Pointing')
>>> s.find("Direct pointing") is None, s.find("Direct claiming").technique
(True, 'Direct claiming')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .orders import orders_of
from .tables import padded, sees

if TYPE_CHECKING:
    from .state import LogicalState

__all__ = ["SCREENED", "first"]

#: The techniques the kernel screens, in its order (that of the engine: SE's order of
#: trial); its answer is an index into this tuple, ``len(SCREENED)`` for none. BUG is
#: screened by its pattern only (the finder decides the rest).
SCREENED: tuple[str, ...] = (
    "Direct pointing",
    "Direct claiming",
    "Direct hidden pair",
    "Naked single",
    "Direct hidden triple",
    "Pointing",
    "Claiming",
    "Naked pair",
    "X-Wing",
    "Hidden pair",
    "Naked triple",
    "Swordfish",
    "Hidden triple",
    "XY-Wing",
    "XYZ-Wing",
    "Naked quad",
    "Jellyfish",
    "Hidden quad",
    "BUG",
)

#: Whether the techniques named here can only be told "maybe" by the kernel.
MAYBE = frozenset({"BUG"})


class _Arrays:
    """The kernel's tables of one shape, made from the finders' own tables and orders."""

    def __init__(self, t) -> None:
        o = orders_of(t)
        n = t.n
        keys = list(o.segment)
        index = {key: i for i, key in enumerate(keys)}
        self.units = padded(t.units, n)
        self.seg_cells = padded([o.segment[k][0] for k in keys])
        self.seg_box_rest = padded([o.segment[k][1] for k in keys])
        self.seg_line_rest = padded([o.segment[k][2] for k in keys])
        self.seg_unit = np.array(keys if keys else np.zeros((0, 2)), np.int64).reshape(-1, 2)
        self.pointing = np.array([index[k] for k in o.pointing], np.int64)
        self.claiming = np.array([index[k] for k in o.claiming], np.int64)
        # as the finders name them: for pointing the segments of the same line in the other
        # boxes, for claiming those of the same box in the other lines of its direction
        self.point_nb = padded(
            [[index[b, line] for b in o.boxes_of[line] if b != box] for box, line in keys]
        )
        self.claim_nb = padded(
            [
                [index[box, ln] for ln in o.lines_of[box, line < n] if ln != line]
                for box, line in keys
            ]
        )
        self.peers = padded(t.peers)
        cells = n * n
        self.sees = sees(t.shape)
        self.bug_units = np.array(o.boxes + tuple(range(n)) + tuple(range(n, 2 * n)), np.int64)
        self.scratch = np.zeros(max(2 * cells, 3 * n + 9), np.int64)


_ARRAYS: dict = {}  # id of a shape's tables -> (the tables, their _Arrays)


def _arrays(t) -> _Arrays:
    got = _ARRAYS.get(id(t))
    if got is None or got[0] is not t:
        if len(_ARRAYS) > 32:  # killer puzzles: a shape each
            _ARRAYS.clear()
        got = _ARRAYS[id(t)] = (t, _Arrays(t))
    return got[1]


def first(s: LogicalState, start: int) -> int:
    """The index in :data:`SCREENED` of the first technique at ``start`` or after that makes
    progress on the position (for BUG: whose pattern holds), ``len(SCREENED)`` for none."""
    from ..compiled._kernels_screen import first_firing

    a = _arrays(s._t)
    return int(
        first_firing(
            np.array(s.cands, np.int64), np.array(s.values, np.int64), start, a.units, a.seg_cells,
            a.seg_box_rest, a.seg_line_rest, a.seg_unit, a.pointing, a.claiming, a.point_nb,
            a.claim_nb, a.peers, a.sees, a.bug_units, a.scratch,
        )
    )  # fmt: skip
