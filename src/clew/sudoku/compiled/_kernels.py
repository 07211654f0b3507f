"""numba kernels for Sudoku of any size k^2 x k^2 (k = 2..5): propagation and search.

Ints and numpy arrays only; the friendly layer (``clew.sudoku``) parses and converts once.

Layout
------
A grid of side ``N = k * k`` has ``C = N * N`` cells, numbered ``r * N + c``. The state of
a search is one int64 *candidate mask* per cell, bit ``d - 1`` standing for digit ``d``::

    cand[cell] = 0b000010100   ->  digits 3 and 5 are still possible
    a cell is solved when its mask has a single bit; a mask of 0 is a contradiction

``peers[cell]`` lists the cells sharing its row, column or box; ``units[u]`` the N cells of
unit ``u`` (rows, then columns, then boxes). Both come from :func:`tables`, which reads
them off :mod:`clew.sudoku.geometry`.

Propagation (``_propagate``)
----------------------------
* naked single: a cell that is down to one digit removes it from all its peers (a queue of
  newly solved cells drives this);
* hidden single: in each unit, a digit with one possible cell goes there. Counted with two
  bit-sliced accumulators per unit (``once``, ``twice``): ``once & ~twice`` are the digits
  with exactly one place, and ``once != full`` means some digit has no place left;
* locked candidates (``_locked``), once singles find nothing more: a digit confined to one
  row or column of a box leaves the rest of that line, and a digit confined to one box of a
  line leaves the rest of that box.
All repeat until nothing changes, or a contradiction ends the branch.

Search
------
The resumable depth-first search of :mod:`clew.sudoku.compiled._kernels_dfs`, with this
module's ``_propagate`` and ``_choose`` as its steps and the tables as one :class:`Tables`:
a copy of the candidate masks per depth, the branching cell the unsolved cell with the
fewest candidates (MRV). It can stop after ``limit`` solutions (1 solves, 2 proves
uniqueness) and, for enumeration, return when its output buffer is full and resume later
from the same :class:`~clew.sudoku.compiled._kernels_dfs.Search` arrays.
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from ..._bits import popcount64
from .. import geometry
from . import _kernels_dfs as dfs
from ._kernels_dfs import CONTRADICTION, FEWEST, NO_CELL, NO_COUNT

#: The tables of the k^2 x k^2 grid (see :func:`tables`).
Tables = namedtuple("Tables", ["peers", "units"])


def tables(k: int) -> Tables:
    """``Tables(peers, units)`` of the k^2 x k^2 grid as int64 arrays: the geometry's peers of
    each cell (ascending) and its units (rows, columns, boxes), shapes ``(n * n, 3n - 2k - 1)``
    and ``(3n, n)``.

    Everything the kernels index with is int64: mixing int32 masks or tables with int64
    loop variables costs a conversion per access and doubled the propagation time."""
    return Tables(
        np.array(geometry.peers(k), dtype=np.int64), np.array(geometry.units(k), dtype=np.int64)
    )


@njit(cache=True)
def singles(cand, peers, npeer, units, queue, head, tail):
    """One round of singles, shared by the general and the shape kernels: the naked singles
    of ``queue[head:tail]`` (cells solved, their digit not yet removed from their peers
    ``peers[cell, :npeer[cell]]``, or whole rows when ``npeer`` is None), then one pass of
    hidden singles over the ``units`` (once/twice accumulators per unit).

    Returns ``(tail, head, open_digits)``: the cells solved by the hidden singles are
    ``queue[head:tail]`` (none when ``head == tail``: singles are exhausted), or ``tail``
    is :data:`CONTRADICTION`; ``open_digits`` has the digits with two places or more in
    some unit (0: every unit is solved)."""
    nunits = units.shape[0]
    size = units.shape[1]
    full = (1 << size) - 1
    while head < tail:
        cell = queue[head]
        head += 1
        bit = cand[cell]
        # numba prunes the branch of the type it was not given: no test at run time
        width = peers.shape[1] if npeer is None else npeer[cell]
        for i in range(width):
            p = peers[cell, i]
            m = cand[p]
            if m & bit:
                m &= ~bit
                cand[p] = m
                if m == 0:
                    return CONTRADICTION, head, 0
                if m & (m - 1) == 0:
                    queue[tail] = p
                    tail += 1
    open_digits = 0
    for u in range(nunits):
        once = 0
        twice = 0
        for i in range(size):
            m = cand[units[u, i]]
            twice |= once & m
            once |= m
        if once != full:
            return CONTRADICTION, head, 0  # a digit with no place left in this unit
        open_digits |= twice
        single = once & ~twice
        if single == 0:
            continue
        for i in range(size):
            cell = units[u, i]
            m = cand[cell] & single
            if m != 0 and cand[cell] != m:
                if m & (m - 1) != 0:
                    return CONTRADICTION, head, 0  # two digits that both need this cell
                cand[cell] = m
                queue[tail] = cell
                tail += 1
    return tail, head, open_digits


@njit(cache=True)
def _propagate(cand, tables, queue, head, tail):
    """Apply naked and hidden singles, then locked candidates, until nothing changes.
    ``queue[head:tail]`` holds the cells solved but not yet removed from their peers.
    Returns False on a contradiction."""
    peers, units = tables
    while True:
        tail, head, _ = singles(cand, peers, None, units, queue, head, tail)
        if tail < 0:  # CONTRADICTION
            return False
        if head == tail:
            # singles are exhausted: locked candidates, then singles again if they did anything
            found, tail = _locked(cand, units.shape[1], queue, tail)
            if found < 0:  # CONTRADICTION
                return False
            if found == 0:
                return True


@njit(cache=True)
def _locked(cand, n, queue, tail):
    """Locked candidates (pointing and claiming) in rows and columns, once over the grid.

    A *segment* is the k cells where a line (row or column) crosses a box. Pointing: a digit
    whose places in a box all lie in one segment leaves the rest of that line. Claiming: a
    digit whose places in a line all lie in one segment leaves the rest of that box. Both
    come from once/twice accumulators over the k segments of a box or of a line.

    Newly solved cells are queued at ``queue[tail:]``. Returns ``(removed, tail)``:
    ``removed`` candidates taken out, or :data:`CONTRADICTION`."""
    k = 2
    while k * k < n:
        k += 1
    seg = np.empty(k, np.int64)
    removed = 0
    for orient in range(2):
        # cell of (line a, position b along it): rows when orient == 0, columns when 1
        sa = n if orient == 0 else 1
        sb = 1 if orient == 0 else n
        for a0 in range(0, n, k):  # a band (or stack) of k lines
            for s in range(k):  # the box where it meets segment s
                # pointing: the box's k segments along this orientation
                once = 0
                twice = 0
                for i in range(k):
                    m = 0
                    for j in range(k):
                        m |= cand[(a0 + i) * sa + (s * k + j) * sb]
                    seg[i] = m
                    twice |= once & m
                    once |= m
                only = once & ~twice
                if only:
                    for i in range(k):
                        digits = seg[i] & only
                        if digits == 0:
                            continue
                        for b in range(n):
                            if b // k == s:
                                continue
                            cell = (a0 + i) * sa + b * sb
                            m = cand[cell]
                            if m & digits:
                                m &= ~digits
                                if m == 0:
                                    return CONTRADICTION, tail
                                cand[cell] = m
                                removed += 1
                                if m & (m - 1) == 0:
                                    queue[tail] = cell
                                    tail += 1
            for i in range(k):  # claiming: each line of the band, over its k segments
                a = a0 + i
                once = 0
                twice = 0
                for s in range(k):
                    m = 0
                    for j in range(k):
                        m |= cand[a * sa + (s * k + j) * sb]
                    seg[s] = m
                    twice |= once & m
                    once |= m
                only = once & ~twice
                if only == 0:
                    continue
                for s in range(k):
                    digits = seg[s] & only
                    if digits == 0:
                        continue
                    for i2 in range(k):
                        if i2 == i:
                            continue
                        for j in range(k):
                            cell = (a0 + i2) * sa + (s * k + j) * sb
                            m = cand[cell]
                            if m & digits:
                                m &= ~digits
                                if m == 0:
                                    return CONTRADICTION, tail
                                cand[cell] = m
                                removed += 1
                                if m & (m - 1) == 0:
                                    queue[tail] = cell
                                    tail += 1
    return removed, tail


@njit(cache=True)
def choose(cand, peers, npeer, ties):
    """The branching cell, shared by the general and the shape kernels: an unsolved cell
    with the fewest candidates (MRV); with ``ties``, among those the one with the most
    unsolved peers ``peers[cell, :npeer[cell]]`` (whole rows when ``npeer`` is None): its
    digit removes the most candidates, so propagation goes furthest (fewer nodes on hard
    puzzles; counting every grid of an empty one is faster without). :data:`NO_CELL` if
    every cell is solved."""
    fewest = NO_COUNT
    first = NO_CELL
    for cell in range(cand.shape[0]):
        m = cand[cell]
        if m & (m - 1):
            c = popcount64(m)
            if c < fewest:
                fewest = c
                first = cell
                if c == FEWEST:
                    break
    if fewest == NO_COUNT:
        return NO_CELL
    if not ties:
        return first
    best = NO_CELL
    score = -1
    for cell in range(cand.shape[0]):
        if popcount64(cand[cell]) != fewest:
            continue
        sc = 0
        # numba prunes the branch of the type it was not given: no test at run time
        width = peers.shape[1] if npeer is None else npeer[cell]
        for i in range(width):
            x = cand[peers[cell, i]]
            sc += (x & (x - 1)) != 0
        if sc > score:
            score = sc
            best = cell
    return best


@njit(cache=True)
def _choose(cand, tables, root):
    """The general kernel's choice: ties broken at every node."""
    return choose(cand, tables.peers, None, True)


@njit(cache=True)
def start(puzzle, tables, state):
    """Load ``puzzle`` (int8 cells, 0 = blank) into depth 0 of ``state`` (a
    :class:`~clew.sudoku.compiled._kernels_dfs.Search`) and propagate. Returns False when
    the givens already contradict each other (no solution)."""
    full = (1 << tables.units.shape[1]) - 1
    return dfs.start(puzzle, full, tables, _propagate, _choose, state)


@njit(cache=True)
def search(tables, state, limit, out, written):
    """Run or resume the search prepared by :func:`start`
    (:func:`clew.sudoku.compiled._kernels_dfs.search`, without a budget of nodes): solutions
    up to ``limit`` (``<= 0``: all), written into ``out`` from row ``written`` until it is
    full (an ``out`` of zero rows counts only); returns the new ``written``."""
    return dfs.search(tables, _propagate, _choose, state, limit, out, written, dfs.NO_BUDGET)


@njit(cache=True, nogil=True)
def solve_batch(puzzles, limit, counts, solutions, tables):
    """Count the solutions of every puzzle (rows of ``puzzles``, int8 cells, 0 = blank) up
    to ``limit`` (>= 1) into ``counts``, and write the first solution of each into
    ``solutions`` (undefined where the count is 0). One call for a whole file: no Python
    work per puzzle."""
    cells = puzzles.shape[1]
    state = dfs.new_search(cells)
    one = np.empty((1, cells), np.int8)
    for p in range(puzzles.shape[0]):
        counts[p] = dfs.count(puzzles[p], tables, start, search, state, limit, one, solutions[p])
    return 0
