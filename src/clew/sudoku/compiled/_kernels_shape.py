"""numba kernel for Sudoku of any shape: rectangular boxes, jigsaw regions, X, windoku,
extra regions and killer cages, all read from tables.

Ints and numpy arrays only; :mod:`clew.sudoku.kernels` turns a shape into the tables once.

Tables
------
A shape is given to the kernel as (one slice of each per shape; a batch may hold many
shapes, such as a file of killer puzzles, and ``shape_of[p]`` says which one puzzle p
uses)::

    units  (U, n)     the units: n cells that hold every digit once (rows, columns,
                      boxes or regions, diagonals, windows, extra regions of n cells)
    gptr   (G + 1,)   groups as runs of gcells: group g is gcells[gptr[g]:gptr[g + 1]];
    gcells (L,)       a group's digits differ (a cage, an extra region under n cells)
    gsum   (G,)       the sum of group g, or NO_SUM

:func:`build` derives what the search reads from them, once per shape:

    peers (C, C), npeer (C,)   peers[x, :npeer[x]]: the cells sharing a unit or group with x
    pinfo (NP, PAIR_WORDS)     pairs of sets that share two cells or more, each as three runs
    pcells                     of pcells: the shared cells, those of set a only, of set b only

The state is one int64 candidate mask per cell, bit ``d - 1`` for digit ``d`` (as in
:mod:`clew.sudoku.compiled._kernels`; n <= 25 fits easily)::

    cand[cell] = 0b0000110   ->  digits 2 and 3 are still possible

Propagation (``_propagate``), until nothing changes:

* naked singles: a solved cell removes its digit from its peers;
* hidden singles: a digit with one place left in a unit goes there; a digit with none is a
  contradiction (once/twice accumulators, as in the general kernel);
* cage sums (:func:`clew.sudoku.compiled._kernels_cages.cages`), when singles run dry:
  bounds and combinations of each cage's sum;
* locked candidates (``_pairs``): for two sets sharing cells, a digit that must go in set
  a (a unit) and can only go in the shared cells leaves the rest of set b. Boxes and lines
  give pointing and claiming; regions, diagonals, windows and cages give the same
  reasoning on their own overlaps.

The search (``start`` / ``search``) is the resumable depth-first search of
:mod:`clew.sudoku.compiled._kernels_dfs`, with this module's steps and its tables as one
:class:`ShapeTables`: a copy of the masks per depth, MRV with the most unsolved peers on
ties, resumable between calls. ``complete`` is the same search for one solution within a
budget of nodes (the generator's full grids: a draw that runs long is replaced by a fresh
one).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from . import _kernels_dfs as dfs
from ._kernels import choose, singles
from ._kernels_cages import cages, clear, with_innies
from ._kernels_dfs import CONTRADICTION

#: What the search reads of one shape (see the module docstring): its units, the derived
#: peers and pairs, and its groups with their sums.
ShapeTables = namedtuple(
    "ShapeTables", ["units", "peers", "npeer", "pinfo", "pcells", "gptr", "gcells", "gsum"]
)

#: one row of ``pinfo``: where the runs of a pair start and end in ``pcells``, and whether
#: each of its two sets is a unit (a digit must go somewhere in it)
PAIR_START = 0
PAIR_SHARED_END = 1
PAIR_A_END = 2
PAIR_B_END = 3
PAIR_A_FULL = 4
PAIR_B_FULL = 5
PAIR_WORDS = 6


@njit(cache=True)
def build(units, gptr, gcells, cells, peers, npeer):
    """Fill ``peers``/``npeer`` and return ``(pinfo, pcells)`` for one shape (see above)."""
    nunits = units.shape[0]
    n = units.shape[1]
    ngroups = gptr.shape[0] - 1
    nsets = nunits + ngroups
    # every set as a run of sptr/scell: the units, then the groups
    sptr = np.zeros(nsets + 1, np.int64)
    total = nunits * n + gptr[ngroups] - gptr[0]
    scell = np.empty(total, np.int64)
    at = 0
    for u in range(nunits):
        sptr[u] = at
        for i in range(n):
            scell[at] = units[u, i]
            at += 1
    for g in range(ngroups):
        sptr[nunits + g] = at
        for j in range(gptr[g], gptr[g + 1]):
            scell[at] = gcells[j]
            at += 1
    sptr[nsets] = at
    member = np.zeros((nsets, cells), np.bool_)
    for s in range(nsets):
        for j in range(sptr[s], sptr[s + 1]):
            member[s, scell[j]] = True
    # the sets of each cell, then the peers (a stamp per cell avoids a clear per cell)
    of_cell = np.empty((cells, nsets), np.int64)
    nof = np.zeros(cells, np.int64)
    for s in range(nsets):
        for j in range(sptr[s], sptr[s + 1]):
            x = scell[j]
            of_cell[x, nof[x]] = s
            nof[x] += 1
    stamp = np.full(cells, -1, np.int64)
    for x in range(cells):
        count = 0
        stamp[x] = x
        for i in range(nof[x]):
            s = of_cell[x, i]
            for j in range(sptr[s], sptr[s + 1]):
                y = scell[j]
                if stamp[y] != x:
                    stamp[y] = x
                    peers[x, count] = y
                    count += 1
        npeer[x] = count
    # pairs of sets sharing two cells or more, kept when one direction can remove something
    shared = np.zeros((nsets, nsets), np.int64)
    for x in range(cells):
        for i in range(nof[x]):
            for j in range(i + 1, nof[x]):
                shared[of_cell[x, i], of_cell[x, j]] += 1
    npairs = 0
    length = 0
    for a in range(nsets):
        for b in range(a + 1, nsets):
            if _useful(
                shared[a, b], a < nunits, b < nunits, sptr[a + 1] - sptr[a], sptr[b + 1] - sptr[b]
            ):
                npairs += 1
                length += sptr[a + 1] - sptr[a] + sptr[b + 1] - sptr[b] - shared[a, b]
    pinfo = np.empty((npairs, PAIR_WORDS), np.int64)
    pcells = np.empty(length, np.int64)
    p = 0
    at = 0
    for a in range(nsets):
        for b in range(a + 1, nsets):
            if not _useful(
                shared[a, b], a < nunits, b < nunits, sptr[a + 1] - sptr[a], sptr[b + 1] - sptr[b]
            ):
                continue
            pinfo[p, PAIR_START] = at
            for j in range(sptr[a], sptr[a + 1]):
                if member[b, scell[j]]:
                    pcells[at] = scell[j]
                    at += 1
            pinfo[p, PAIR_SHARED_END] = at
            for j in range(sptr[a], sptr[a + 1]):
                if not member[b, scell[j]]:
                    pcells[at] = scell[j]
                    at += 1
            pinfo[p, PAIR_A_END] = at
            for j in range(sptr[b], sptr[b + 1]):
                if not member[a, scell[j]]:
                    pcells[at] = scell[j]
                    at += 1
            pinfo[p, PAIR_B_END] = at
            pinfo[p, PAIR_A_FULL] = a < nunits
            pinfo[p, PAIR_B_FULL] = b < nunits
            p += 1
    return pinfo, pcells


@njit(cache=True)
def _useful(shared, a_full, b_full, size_a, size_b):
    """A pair removes something only if it shares two cells or more and a unit on one side
    has cells of the other set outside the shared ones to clear."""
    if shared < 2:
        return False
    return (a_full and size_b > shared) or (b_full and size_a > shared)


@njit(cache=True)
def _pairs(cand, pinfo, pcells, queue, tail):
    """Locked candidates over every pair of overlapping sets. Returns ``(removed, tail)``."""
    removed = 0
    for p in range(pinfo.shape[0]):
        start = pinfo[p, PAIR_START]
        mid = pinfo[p, PAIR_SHARED_END]
        a_end = pinfo[p, PAIR_A_END]
        b_end = pinfo[p, PAIR_B_END]
        inside = 0
        for j in range(start, mid):
            inside |= cand[pcells[j]]
        only_a = 0
        for j in range(mid, a_end):
            only_a |= cand[pcells[j]]
        only_b = 0
        for j in range(a_end, b_end):
            only_b |= cand[pcells[j]]
        if pinfo[p, PAIR_A_FULL]:
            digits = inside & ~only_a  # set a needs them, and only the shared cells can take them
            if digits & only_b:
                for j in range(a_end, b_end):
                    r, tail = clear(cand, pcells[j], digits, queue, tail)
                    if r < 0:
                        return CONTRADICTION, tail
                    removed += r
        if pinfo[p, PAIR_B_FULL]:
            digits = inside & ~only_b
            if digits & only_a:
                for j in range(mid, a_end):
                    r, tail = clear(cand, pcells[j], digits, queue, tail)
                    if r < 0:
                        return CONTRADICTION, tail
                    removed += r
    return removed, tail


@njit(cache=True)
def _propagate(cand, tables, queue, head, tail):
    """Naked and hidden singles, then cage sums, then locked candidates, until nothing
    changes. ``queue[head:tail]``: cells solved but not yet removed from their peers.
    Returns False on a contradiction."""
    units, peers, npeer, pinfo, pcells, gptr, gcells, gsum = tables
    size = units.shape[1]
    while True:
        tail, head, open_cells = singles(cand, peers, npeer, units, queue, head, tail)
        if tail < 0:  # CONTRADICTION
            return False
        if head < tail:
            continue  # the hidden singles solved cells: their naked singles first
        found, tail = cages(cand, size, gptr, gcells, gsum, queue, tail)
        if found < 0:
            return False
        if found > 0:
            continue
        if open_cells == 0:
            return True  # every unit is solved (no digit with two places): nothing to lock
        found, tail = _pairs(cand, pinfo, pcells, queue, tail)
        if found < 0:
            return False
        if found == 0:
            return True


@njit(cache=True)
def _choose_root_ties(cand, tables, root):
    """The counting search's choice: ties broken at the root only (one choice, so the
    scoring costs nothing), the plain first MRV cell below it."""
    return choose(cand, tables.peers, tables.npeer, root)


@njit(cache=True)
def _choose_ties(cand, tables, root):
    """The completing search's choice: ties broken at every node (it wants one solution
    soon, not the whole tree)."""
    return choose(cand, tables.peers, tables.npeer, True)


@njit(cache=True)
def derive(units, gptr, gcells, gsum, peers, npeer):
    """The :class:`ShapeTables` of one shape from its ``units`` and groups, the derived
    tables built into ``peers`` and ``npeer`` (sized for the grid's cells)."""
    if gcells.shape[0] == 0:
        gcells = np.zeros(1, np.int64)  # an empty group table: one unused cell, same type
    pinfo, pcells = build(units, gptr, gcells, peers.shape[0], peers, npeer)
    return ShapeTables(units, peers, npeer, pinfo, pcells, gptr, gcells, gsum)


@njit(cache=True)
def start(puzzle, tables, state):
    """Load ``puzzle`` (int8, 0 = blank) into depth 0 of ``state`` (a
    :class:`~clew.sudoku.compiled._kernels_dfs.Search`) and propagate; False when the
    givens already contradict the rules."""
    full = (1 << tables.units.shape[1]) - 1
    return dfs.start(puzzle, full, tables, _propagate, _choose_root_ties, state)


@njit(cache=True)
def search(tables, state, limit, out, written):
    """Run or resume the search prepared by :func:`start` (the contract of
    :func:`clew.sudoku.compiled._kernels.search`: ``limit <= 0`` no limit, an ``out`` of zero
    rows counts only, returns the new ``written``)."""
    return dfs.search(
        tables, _propagate, _choose_root_ties, state, limit, out, written, dfs.NO_BUDGET
    )


@njit(cache=True, nogil=True)
def solve_batch(puzzles, shape_of, limit, counts, solutions, units, gptr, gcells, gsum):
    """Count each puzzle's solutions up to ``limit`` into ``counts`` and write its first
    solution into ``solutions``; puzzle p obeys shape ``shape_of[p]`` of the stacked tables
    ``units[s]``, ``gptr[s]``, ``gcells[s]``, ``gsum[s]``. The derived tables are built again
    only when the shape changes from one puzzle to the next."""
    count = puzzles.shape[0]
    if count == 0:
        return 0
    cells = puzzles.shape[1]
    state = dfs.new_search(cells)
    one = np.empty((1, cells), np.int8)
    peers = np.empty((cells, cells), np.int64)
    npeer = np.zeros(cells, np.int64)
    last = shape_of[0]
    tables = _shape(units, gptr, gcells, gsum, last, peers, npeer)
    for p in range(count):
        s = shape_of[p]
        if s != last:
            tables = _shape(units, gptr, gcells, gsum, s, peers, npeer)
            last = s
        counts[p] = dfs.count(puzzles[p], tables, start, search, state, limit, one, solutions[p])
    return 0


@njit(cache=True)
def _shape(units, gptr, gcells, gsum, s, peers, npeer):
    """The :class:`ShapeTables` of shape ``s`` of stacked tables, with its innies."""
    gp, gc, gs = with_innies(units[s], gptr[s], gcells[s], gsum[s], peers.shape[0])
    return derive(units[s], gp, gc, gs, peers, npeer)


#: What :func:`complete` found: a solution, none, or nothing before its node budget ran out.
FOUND = 1
NONE_FOUND = 0
OUT_OF_NODES = -1


@njit(cache=True)
def complete(puzzle, tables, budget, out):
    """The first solution of ``puzzle`` into ``out`` if the search finds it within ``budget``
    nodes (digits tried): :data:`FOUND`, :data:`NONE_FOUND` (there is none) or
    :data:`OUT_OF_NODES`. The generator completes random givens with it and draws again
    when a draw runs long: a few random givens are sometimes seconds of search away from a
    grid, a fresh draw usually a few nodes."""
    state = dfs.new_search(puzzle.shape[0])
    full = (1 << tables.units.shape[1]) - 1
    if not dfs.start(puzzle, full, tables, _propagate, _choose_ties, state):
        return NONE_FOUND
    one = out.reshape((1, out.shape[0]))
    if dfs.search(tables, _propagate, _choose_ties, state, 1, one, 0, budget):
        return FOUND
    return NONE_FOUND if state.meta[dfs.META_DONE] == dfs.DONE else OUT_OF_NODES
