"""numba kernel of Sudoku Explainer's search for unique loops (the cells of unique rectangles
and loops): every loop from one start cell, in SE's order, as
:func:`clew.sudoku.logic.uniqueness._find_loops` finds them and
:func:`~clew.sudoku.logic.uniqueness._valid_loop` keeps them.

Ints and numpy arrays only; :mod:`clew.sudoku.logic.uniqueness` prepares the arrays once per shape
and keeps the plain-Python search as the reference (the tests run both on the same
positions, and the rating uses the reference until numba is loaded in the process anyway).

Layout
------
``cands[c]``: the candidate mask of cell ``c`` (bit ``d - 1`` for digit ``d``; 0 when filled).
``kinds[c, j]``: the ``j``-th unit of cell ``c`` in SE's order of region kinds (box, row,
column), -1 past the last; ``units[u, i]``: the ``i``-th cell of unit ``u``, -1 past the
last. The depth-first walk keeps one frame per cell of the loop so far::

    frame f:  cell[f]   the f-th cell of the loop (cell[0] the start)
              allowed   how many more cells with extra candidates the loop may take
              extras    the extra candidates (beyond the pair) gathered from here, siblings
                        included (SE's rule: the next cells are tested against them)
              last      the kind index (j) of the unit that led here, -1 at the start
              kind, at  where the frame's scan of its units stands (unit kinds[cell, kind],
                        its at-th cell)

Output: ``loops[i, :lens[i]]`` the cells of the i-th valid loop, in the order found; the
kernel returns their number, or :data:`OVERFLOW` when more than ``loops`` holds (the
caller then runs the reference).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import popcount64

#: Returned when the loops found do not fit in the output: the caller falls back to Python.
OVERFLOW = -1
#: Cells with extra candidates a loop may hold unless those extras are a single digit.
MAX_WIDE = 2
#: A loop closes on its start after at least this many cells (a rectangle).
MIN_LOOP = 4


@njit(cache=True)
def _valid(kinds, loop, size, seen_even, seen_odd, units_count):
    """SE's test: every unit the loop visits holds one of its cells at an even position and
    one at an odd position, and no unit twice on the same side."""
    for u in range(units_count):
        seen_even[u] = 0
        seen_odd[u] = 0
    for i in range(size):
        cell = loop[i]
        for j in range(kinds.shape[1]):
            u = kinds[cell, j]
            if u < 0:
                break
            if i & 1:
                if seen_odd[u]:
                    return False
                seen_odd[u] = 1
            else:
                if seen_even[u]:
                    return False
                seen_even[u] = 1
    for u in range(units_count):
        if seen_even[u] != seen_odd[u]:
            return False
    return True


@njit(cache=True)
def all_loops(cands, kinds, units, loops, lens):
    """The valid loops from every cell of two candidates in turn (in reading order), on
    those two digits, as :func:`find_loops` finds them: one call per position. Their
    number, or :data:`OVERFLOW`; ``loops[i, 0]`` is the start of the i-th loop."""
    found = 0
    for start in range(cands.shape[0]):
        if popcount64(cands[start]) != 2:
            continue
        more = find_loops(cands, kinds, units, start, cands[start], loops[found:], lens[found:])
        if more == OVERFLOW:
            return OVERFLOW
        found += more
    return found


@njit(cache=True)
def find_loops(cands, kinds, units, start, pair, loops, lens):
    """The valid loops of cells holding both digits of ``pair`` (a mask) from ``start``, in
    the order of SE's depth-first search; their number, or :data:`OVERFLOW`."""
    cells = cands.shape[0]
    units_count = units.shape[0]
    width = units.shape[1]
    nkinds = kinds.shape[1]
    f_cell = np.empty(cells, np.int64)
    f_allowed = np.empty(cells, np.int64)
    f_extras = np.empty(cells, np.int64)
    f_last = np.empty(cells, np.int64)
    f_kind = np.empty(cells, np.int64)
    f_at = np.empty(cells, np.int64)
    on_loop = np.zeros(cells, np.uint8)
    seen_even = np.zeros(units_count, np.uint8)
    seen_odd = np.zeros(units_count, np.uint8)
    found = 0
    depth = np.int64(1)  # not a literal 1: numba would compile _valid for it too
    f_cell[0], f_allowed[0], f_extras[0], f_last[0], f_kind[0], f_at[0] = (
        start,
        MAX_WIDE,
        0,
        -1,
        0,
        0,
    )
    on_loop[start] = 1
    while depth > 0:
        f = depth - 1
        cell = f_cell[f]
        kind = f_kind[f]
        if kind >= nkinds or kinds[cell, kind] < 0:
            on_loop[cell] = 0  # every unit scanned: back to the previous cell
            depth -= 1
            continue
        at = f_at[f]
        unit = kinds[cell, kind]
        if kind == f_last[f] or at >= width or units[unit, at] < 0:
            f_kind[f] = kind + 1
            f_at[f] = 0
            continue
        f_at[f] = at + 1
        nxt = units[unit, at]
        if nxt == f_cell[0] and depth >= MIN_LOOP:
            if _valid(kinds, f_cell, depth, seen_even, seen_odd, units_count):
                if found >= loops.shape[0] or depth > loops.shape[1]:
                    return OVERFLOW
                for i in range(depth):
                    loops[found, i] = f_cell[i]
                lens[found] = depth
                found += 1
        elif not on_loop[nxt]:
            m = cands[nxt]
            if m & pair == pair:
                f_extras[f] |= m & ~pair
                wide = popcount64(m) > 2
                if not wide or popcount64(f_extras[f]) == 1 or f_allowed[f] > 0:
                    f_cell[depth] = nxt
                    f_allowed[depth] = f_allowed[f] - 1 if wide else f_allowed[f]
                    f_extras[depth] = f_extras[f]
                    f_last[depth] = kind
                    f_kind[depth] = 0
                    f_at[depth] = 0
                    on_loop[nxt] = 1
                    depth += 1
    return found
