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

Search (``_search``)
--------------------
Iterative depth-first search; each depth keeps a copy of the candidate masks (``S[d]``), the
cell branched on and its untried digits. The branching cell is the unsolved cell with the
fewest candidates (MRV). The search can stop after ``limit`` solutions (1 solves, 2 proves
uniqueness) and, for enumeration, return when its output buffer is full and resume later
from the same arrays. Between calls its state is in ``meta``::

    meta[META_DEPTH]    the current depth
    meta[META_FOUND]    solutions found so far
    meta[META_DONE]     DONE once the search is over (exhausted, at its limit, or the givens
                        contradict each other), RUNNING before
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from .. import geometry

# the search's state between calls: meta[META_DEPTH], meta[META_FOUND], meta[META_DONE]
META_DEPTH = 0
META_FOUND = 1
META_DONE = 2
META_WORDS = 3
# values of meta[META_DONE]
RUNNING = 0
DONE = 1
#: ``untried[0]`` after :func:`start`: the root is not expanded yet (it may be the solution)
ROOT_PENDING = -1
#: what ``_choose`` returns when every cell is solved
NO_CELL = -1
#: what ``_locked`` returns for the candidates removed when it finds a contradiction
CONTRADICTION = -1
#: above any number of candidates (at most 25): "no unsolved cell seen yet" in ``_choose``
NO_COUNT = 99
#: the fewest candidates an unsolved cell can have: ``_choose`` stops looking at the first
FEWEST = 2


def tables(k: int) -> tuple[np.ndarray, np.ndarray]:
    """``(peers, units)`` of the k^2 x k^2 grid as int64 arrays: the geometry's peers of
    each cell (ascending) and its units (rows, columns, boxes), shapes ``(n * n, 3n - 2k - 1)``
    and ``(3n, n)``.

    Everything the kernels index with is int64: mixing int32 masks or tables with int64
    loop variables costs a conversion per access and doubled the propagation time."""
    return np.array(geometry.peers(k), dtype=np.int64), np.array(geometry.units(k), dtype=np.int64)


@njit(cache=True)
def _propagate(cand, peers, units, full, queue, head, tail):
    """Apply naked and hidden singles until nothing changes. ``queue[head:tail]`` holds the
    cells solved but not yet removed from their peers. Returns False on a contradiction."""
    nunits = units.shape[0]
    size = units.shape[1]
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            bit = cand[cell]
            for i in range(peers.shape[1]):
                p = peers[cell, i]
                m = cand[p]
                if m & bit:
                    m &= ~bit
                    cand[p] = m
                    if m == 0:
                        return False
                    if m & (m - 1) == 0:
                        queue[tail] = p
                        tail += 1
        changed = False
        for u in range(nunits):
            once = 0
            twice = 0
            for i in range(size):
                m = cand[units[u, i]]
                twice |= once & m
                once |= m
            if once != full:
                return False  # a digit with no place left in this unit
            single = once & ~twice
            if single == 0:
                continue
            for i in range(size):
                cell = units[u, i]
                m = cand[cell] & single
                if m != 0 and cand[cell] != m:
                    if m & (m - 1) != 0:
                        return False  # two digits that both need this very cell
                    cand[cell] = m
                    queue[tail] = cell
                    tail += 1
                    changed = True
        if not changed and head == tail:
            # singles are exhausted: locked candidates, then singles again if they did anything
            found, tail = _locked(cand, size, queue, tail)
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
def _choose(cand, peers):
    """The branching cell: among the unsolved cells with the fewest candidates, the one with
    the most unsolved peers (its digit removes the most candidates, so propagation goes
    furthest); :data:`NO_CELL` if every cell is solved."""
    fewest = NO_COUNT
    for cell in range(cand.shape[0]):
        m = cand[cell]
        if m & (m - 1):
            c = popcount64(m)
            if c < fewest:
                fewest = c
                if c == FEWEST:
                    break
    if fewest == NO_COUNT:
        return NO_CELL
    best = NO_CELL
    score = -1
    for cell in range(cand.shape[0]):
        m = cand[cell]
        if popcount64(m) != fewest:
            continue
        sc = 0
        for i in range(peers.shape[1]):
            x = cand[peers[cell, i]]
            sc += (x & (x - 1)) != 0
        if sc > score:
            score = sc
            best = cell
    return best


@njit(cache=True)
def _write(cand, out):
    for cell in range(cand.shape[0]):
        out[cell] = ctz64(cand[cell]) + 1


@njit(cache=True)
def start(puzzle, k, peers, units, S, branch, untried, meta, queue):
    """Load ``puzzle`` (int8 cells, 0 = blank) into depth 0 and propagate.

    ``meta`` gets the search's state (see the module docstring). Returns False when the
    givens already contradict each other (no solution)."""
    n = k * k
    full = (1 << n) - 1
    tail = 0
    for cell in range(n * n):
        v = puzzle[cell]
        if v == 0:
            S[0, cell] = full
        else:
            S[0, cell] = 1 << (v - 1)
            queue[tail] = cell
            tail += 1
    meta[META_DEPTH] = 0
    meta[META_FOUND] = 0
    meta[META_DONE] = RUNNING
    if not _propagate(S[0], peers, units, full, queue, 0, tail):
        meta[META_DONE] = DONE
        return False
    branch[0] = _choose(S[0], peers)
    untried[0] = ROOT_PENDING  # the root itself may be the solution: checked by search
    return True


@njit(cache=True)
def search(k, peers, units, S, branch, untried, meta, queue, limit, out, written):
    """Run or resume the search prepared by :func:`start`.

    Counts solutions into ``meta[META_FOUND]`` and writes each into ``out[written]``,
    ``out[written + 1]``, ...; stops at ``limit`` solutions (``limit <= 0``: no limit) or,
    resumable, when ``out`` is full. An ``out`` of zero rows means "count only": nothing is
    written and the search runs to its end or limit. Returns the new ``written``;
    ``meta[META_DONE] == DONE`` once the search is over (exhausted or at its limit).
    """
    n = k * k
    full = (1 << n) - 1
    cap = out.shape[0]
    d = meta[META_DEPTH]
    if meta[META_DONE]:  # DONE
        return written
    if untried[0] == ROOT_PENDING and d == 0:
        # the root: solved by propagation alone, or the first branching cell
        if branch[0] < 0:  # NO_CELL: the root is solved
            meta[META_FOUND] += 1
            if cap > 0:
                _write(S[0], out[written])
                written += 1
            meta[META_DONE] = DONE
            return written
        untried[0] = S[0, branch[0]]
    while d >= 0:
        if limit > 0 and meta[META_FOUND] >= limit:
            meta[META_DONE] = DONE
            break
        if cap > 0 and written >= cap:
            break
        rem = untried[d]
        if rem == 0:
            d -= 1
            continue
        bit = rem & -rem
        untried[d] = rem ^ bit
        child = S[d + 1]
        child[:] = S[d]
        cell = branch[d]
        child[cell] = bit
        queue[0] = cell
        if not _propagate(child, peers, units, full, queue, 0, 1):
            continue
        nxt = _choose(child, peers)
        if nxt < 0:  # NO_CELL: a solution
            meta[META_FOUND] += 1
            if cap > 0:
                _write(child, out[written])
                written += 1
            continue
        d += 1
        branch[d] = nxt
        untried[d] = child[nxt]
    if d < 0:
        meta[META_DONE] = DONE
    meta[META_DEPTH] = max(d, 0)
    return written


@njit(cache=True, nogil=True)
def solve_batch(puzzles, k, limit, counts, solutions, peers, units):
    """Count the solutions of every puzzle (rows of ``puzzles``, int8 cells, 0 = blank) up
    to ``limit`` (>= 1) into ``counts``, and write the first solution of each into
    ``solutions`` (undefined where the count is 0). One call for a whole file: no Python
    work per puzzle."""
    n = k * k
    cells = n * n
    S = np.empty((cells + 2, cells), np.int64)
    branch = np.empty(cells + 2, np.int64)
    untried = np.empty(cells + 2, np.int64)
    meta = np.zeros(META_WORDS, np.int64)
    queue = np.empty(cells * 2 + 2, np.int64)
    one = np.empty((1, cells), np.int8)
    for p in range(puzzles.shape[0]):
        counts[p] = 0
        if not start(puzzles[p], k, peers, units, S, branch, untried, meta, queue):
            continue
        # the first solution into ``one``, then count on without writing
        if search(k, peers, units, S, branch, untried, meta, queue, limit, one, 0):
            solutions[p, :] = one[0]
        search(k, peers, units, S, branch, untried, meta, queue, limit, one[:0], 0)
        counts[p] = meta[META_FOUND]
    return 0
