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
* cage sums (``_cages``), when singles run dry: with ``R`` the sum still missing and ``m``
  the unsolved cells of a cage, a digit ``d`` stays in a cell only if the other ``m - 1``
  cells can make ``R - d``: at least the sum of their smallest candidates and of the
  ``m - 1`` smallest digits still possible in the cage (without ``d``: the digits differ),
  at most the same with the largest. A solved cage must add up exactly. Then the
  combinations (``_combinations``): the sets of ``m`` different digits among those still
  possible in the cage that add up to ``R`` and give every unsolved cell one of its
  candidates; a digit in none of them goes (two cells of sum 10 lose the 5, which the
  bounds keep). The enumeration prunes on the sum and gives up, keeping every digit, past
  :data:`COMBINATION_STEPS` steps (a large cage of a large grid);
* locked candidates (``_pairs``): for two sets sharing cells, a digit that must go in set
  a (a unit) and can only go in the shared cells leaves the rest of set b. Boxes and lines
  give pointing and claiming; regions, diagonals, windows and cages give the same
  reasoning on their own overlaps.

The search (``start`` / ``search``) is the general kernel's: iterative depth first, a copy
of the masks per depth, MRV with the most unsolved peers on ties, resumable between calls
(``meta`` holds depth, solutions found and DONE). ``complete`` is the same search for one
solution within a budget of nodes (the generator's full grids: a draw that runs long is
replaced by a fresh one).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from ._kernels import (
    CONTRADICTION,
    DONE,
    META_DEPTH,
    META_DONE,
    META_FOUND,
    META_WORDS,
    NO_CELL,
    NO_COUNT,
    ROOT_PENDING,
    RUNNING,
)

#: ``gsum[g]`` of a group without a sum (an extra region of fewer than n cells)
NO_SUM = -1
#: one row of ``pinfo``: where the runs of a pair start and end in ``pcells``, and whether
#: each of its two sets is a unit (a digit must go somewhere in it)
PAIR_START = 0
PAIR_SHARED_END = 1
PAIR_A_END = 2
PAIR_B_END = 3
PAIR_A_FULL = 4
PAIR_B_FULL = 5
PAIR_WORDS = 6
#: the fewest candidates an unsolved cell can have
FEWEST = 2


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
def _clear(cand, cell, digits, queue, tail):
    """Remove ``digits`` from ``cell``; returns ``(removed, tail)``, removed -1 on a
    contradiction (the cell has nothing left)."""
    m = cand[cell]
    if m & digits == 0:
        return 0, tail
    m &= ~digits
    if m == 0:
        return CONTRADICTION, tail
    cand[cell] = m
    if m & (m - 1) == 0:
        queue[tail] = cell
        tail += 1
    return 1, tail


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
                    r, tail = _clear(cand, pcells[j], digits, queue, tail)
                    if r < 0:
                        return CONTRADICTION, tail
                    removed += r
        if pinfo[p, PAIR_B_FULL]:
            digits = inside & ~only_b
            if digits & only_a:
                for j in range(mid, a_end):
                    r, tail = _clear(cand, pcells[j], digits, queue, tail)
                    if r < 0:
                        return CONTRADICTION, tail
                    removed += r
    return removed, tail


@njit(cache=True)
def _high(m):
    """The largest digit of a non-empty mask."""
    d = 0
    while m:
        m >>= 1
        d += 1
    return d


#: Steps of one cage's enumeration of combinations before it gives up (keeps every digit).
COMBINATION_STEPS = 4096


@njit(cache=True)
def _combinations(cand, gcells, lo, hi, union, m, rest, digits, pos):
    """The digits of every set of ``m`` different digits of ``union`` that adds up to
    ``rest`` and meets every unsolved cell of the cage ``gcells[lo:hi]`` (``union`` itself
    when the enumeration gives up; 0 when there is none). ``digits`` and ``pos`` are scratch
    arrays of at least n entries."""
    k = 0
    rem = union
    while rem:
        bit = rem & -rem
        rem ^= bit
        digits[k] = ctz64(bit) + 1
        k += 1
    usable = 0
    level = 0
    pos[0] = 0
    partial = 0
    steps = 0
    while True:
        steps += 1
        if steps > COMBINATION_STEPS:
            return union
        p = pos[level]
        # the digits are ascending: at position p the m - level digits still to choose add up
        # to at least digits[p] * (m - level); past that sum, no later choice here can do
        if p > k - (m - level) or partial + digits[p] * (m - level) > rest:
            if level == 0:
                break
            level -= 1
            partial -= digits[pos[level]]
            pos[level] += 1
            continue
        d = digits[p]
        if level < m - 1:
            partial += d
            level += 1
            pos[level] = p + 1
            continue
        if partial + d == rest:
            chosen = 0
            for i in range(m):
                chosen |= 1 << (digits[pos[i]] - 1)
            if chosen & ~usable:
                meets = True
                for j in range(lo, hi):
                    x = cand[gcells[j]]
                    if x & (x - 1) and not x & chosen:
                        meets = False
                        break
                if meets:
                    usable |= chosen
        pos[level] += 1
    return usable


@njit(cache=True)
def _cages(cand, n, gptr, gcells, gsum, queue, tail):
    """Cage-sum bounds over every group with a sum (see the module docstring). Returns
    ``(removed, tail)``, removed :data:`CONTRADICTION` when a cage cannot be completed."""
    removed = 0
    digits = np.empty(n + 1, np.int64)
    pos = np.empty(n + 1, np.int64)
    for g in range(gptr.shape[0] - 1):
        target = gsum[g]
        if target < 0:  # NO_SUM
            continue
        rest = target
        m = 0
        union = 0
        smin = 0
        smax = 0
        for j in range(gptr[g], gptr[g + 1]):
            x = cand[gcells[j]]
            if x & (x - 1) == 0:
                rest -= ctz64(x) + 1
            else:
                m += 1
                union |= x
                smin += ctz64(x) + 1
                smax += _high(x)
        if m == 0:
            if rest != 0:
                return CONTRADICTION, tail
            continue
        if popcount64(union) < m:
            return CONTRADICTION, tail
        # the m smallest and m largest digits still possible in the cage
        low_m = 0
        low_m1 = 0
        low_edge = 0  # the largest of the m - 1 smallest (0: none)
        count = 0
        for d in range(1, n + 1):
            if union >> (d - 1) & 1:
                count += 1
                low_m += d
                if count < m:
                    low_m1 += d
                    low_edge = d
                if count == m:
                    break
        high_m = 0
        high_m1 = 0
        high_edge = n + 1  # the smallest of the m - 1 largest (n + 1: none)
        count = 0
        for d in range(n, 0, -1):
            if union >> (d - 1) & 1:
                count += 1
                high_m += d
                if count < m:
                    high_m1 += d
                    high_edge = d
                if count == m:
                    break
        if rest < max(low_m, smin) or rest > min(high_m, smax):
            return CONTRADICTION, tail
        usable = union
        if m >= 2:
            usable = _combinations(cand, gcells, gptr[g], gptr[g + 1], union, m, rest, digits, pos)
            if usable == 0:
                return CONTRADICTION, tail
        for j in range(gptr[g], gptr[g + 1]):
            cell = gcells[j]
            x = cand[cell]
            if x & (x - 1) == 0:
                continue
            lo_x = ctz64(x) + 1
            hi_x = _high(x)
            drop = 0
            rem = x
            while rem:
                bit = rem & -rem
                rem ^= bit
                d = ctz64(bit) + 1
                lo_others = max(smin - lo_x, low_m - d if d <= low_edge else low_m1)
                hi_others = min(smax - hi_x, high_m - d if d >= high_edge else high_m1)
                if d + lo_others > rest or d + hi_others < rest or not usable & bit:
                    drop |= bit
            if drop:
                r, tail = _clear(cand, cell, drop, queue, tail)
                if r < 0:
                    return CONTRADICTION, tail
                removed += r
    return removed, tail


@njit(cache=True)
def _propagate(
    cand, units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, full, queue, head, tail
):
    """Naked and hidden singles, then cage sums, then locked candidates, until nothing
    changes. ``queue[head:tail]``: cells solved but not yet removed from their peers.
    Returns False on a contradiction."""
    nunits = units.shape[0]
    size = units.shape[1]
    while True:
        while head < tail:
            cell = queue[head]
            head += 1
            bit = cand[cell]
            for i in range(npeer[cell]):
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
        open_cells = 0
        for u in range(nunits):
            once = 0
            twice = 0
            for i in range(size):
                m = cand[units[u, i]]
                twice |= once & m
                once |= m
            if once != full:
                return False
            open_cells |= twice
            single = once & ~twice
            if single == 0:
                continue
            for i in range(size):
                cell = units[u, i]
                m = cand[cell] & single
                if m != 0 and cand[cell] != m:
                    if m & (m - 1) != 0:
                        return False
                    cand[cell] = m
                    queue[tail] = cell
                    tail += 1
                    changed = True
        if changed or head < tail:
            continue
        found, tail = _cages(cand, size, gptr, gcells, gsum, queue, tail)
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
def _choose(cand, peers, npeer, ties):
    """MRV; with ``ties``, ties go to the cell with the most unsolved peers (fewer nodes on
    hard puzzles; counting every grid of an empty one is faster without: ``ties`` 0).
    :data:`NO_CELL` when solved."""
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
    if ties == 0:
        return first
    best = NO_CELL
    score = -1
    for cell in range(cand.shape[0]):
        if popcount64(cand[cell]) != fewest:
            continue
        sc = 0
        for i in range(npeer[cell]):
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
def start(
    puzzle, units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, S, branch, untried, meta, queue
):
    """Load ``puzzle`` (int8, 0 = blank) into depth 0 and propagate; False when the givens
    already contradict the rules (``meta`` as in :mod:`clew.sudoku.compiled._kernels`)."""
    n = units.shape[1]
    full = (1 << n) - 1
    tail = 0
    for cell in range(puzzle.shape[0]):
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
    if not _propagate(
        S[0], units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, full, queue, 0, tail
    ):
        meta[META_DONE] = DONE
        return False
    branch[0] = _choose(S[0], peers, npeer, 1)
    untried[0] = ROOT_PENDING
    return True


@njit(cache=True)
def search(
    units,
    peers,
    npeer,
    pinfo,
    pcells,
    gptr,
    gcells,
    gsum,
    S,
    branch,
    untried,
    meta,
    queue,
    limit,
    out,
    written,
):
    """Run or resume the search prepared by :func:`start` (the contract of
    :func:`clew.sudoku.compiled._kernels.search`: ``limit <= 0`` no limit, an ``out`` of zero rows
    counts only, returns the new ``written``)."""
    n = units.shape[1]
    full = (1 << n) - 1
    cap = out.shape[0]
    d = meta[META_DEPTH]
    if meta[META_DONE]:
        return written
    if untried[0] == ROOT_PENDING and d == 0:
        if branch[0] < 0:
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
        if not _propagate(
            child, units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, full, queue, 0, 1
        ):
            continue
        nxt = _choose(child, peers, npeer, 0)
        if nxt < 0:
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


#: :func:`with_innies`: the mark of a cage found inside the unit being read.
_INSIDE = -(1 << 40)


@njit(cache=True)
def with_innies(units, gptr, gcells, gsum, cells):
    """The groups with the rule of 45 added: for each unit holding a cage (a group with a
    sum) whole, the unit's other cells as one more group whose sum is the unit's (1 + ...
    + n) less those cages'. Their digits differ (one unit), so this is a cage that the
    cages imply, for the cage reasoning to use. ``(gptr, gcells, gsum)`` unchanged without
    cages. The plain reference is :func:`clew.sudoku.kernels.innies`."""
    nunits = units.shape[0]
    n = units.shape[1]
    ngroups = gptr.shape[0] - 1
    owner = np.full(cells, -1, np.int64)
    cages = 0
    for g in range(ngroups):
        if gsum[g] >= 0:
            cages += 1
            for j in range(gptr[g], gptr[g + 1]):
                owner[gcells[j]] = g
    if cages == 0:
        return gptr, gcells, gsum
    whole = n * (n + 1) // 2
    count = np.zeros(ngroups, np.int64)
    rest = np.empty((nunits, n), np.int64)
    rest_len = np.zeros(nunits, np.int64)
    rest_sum = np.zeros(nunits, np.int64)
    added = 0
    added_cells = 0
    for u in range(nunits):
        for i in range(n):
            g = owner[units[u, i]]
            if g >= 0:
                count[g] += 1
        caged = 0
        inside = False
        for i in range(n):
            g = owner[units[u, i]]
            if g >= 0 and count[g] == gptr[g + 1] - gptr[g]:
                caged += gsum[g]
                count[g] = _INSIDE  # counted once
                inside = True
        k = 0
        for i in range(n):
            c = units[u, i]
            g = owner[c]
            if g < 0 or count[g] != _INSIDE:
                rest[u, k] = c
                k += 1
        for i in range(n):
            g = owner[units[u, i]]
            if g >= 0:
                count[g] = 0
        if inside and k > 0:
            rest_len[u] = k
            rest_sum[u] = whole - caged
            added += 1
            added_cells += k
    out_ptr = np.empty(ngroups + added + 1, np.int64)
    out_cells = np.empty(gptr[ngroups] + added_cells, np.int64)
    out_sum = np.empty(ngroups + added, np.int64)
    out_ptr[: ngroups + 1] = gptr
    out_cells[: gptr[ngroups]] = gcells[: gptr[ngroups]]
    out_sum[:ngroups] = gsum
    g = ngroups
    at = gptr[ngroups]
    for u in range(nunits):
        if rest_len[u] == 0:
            continue
        for i in range(rest_len[u]):
            out_cells[at] = rest[u, i]
            at += 1
        out_sum[g] = rest_sum[u]
        g += 1
        out_ptr[g] = at
    return out_ptr, out_cells, out_sum


@njit(cache=True, nogil=True)
def solve_batch(puzzles, shape_of, limit, counts, solutions, units, gptr, gcells, gsum):
    """Count each puzzle's solutions up to ``limit`` into ``counts`` and write its first
    solution into ``solutions``; puzzle p obeys shape ``shape_of[p]`` of the stacked tables
    ``units[s]``, ``gptr[s]``, ``gcells[s]``, ``gsum[s]``. The derived tables are built again
    only when the shape changes from one puzzle to the next."""
    cells = puzzles.shape[1]
    S = np.empty((cells + 2, cells), np.int64)
    branch = np.empty(cells + 2, np.int64)
    untried = np.empty(cells + 2, np.int64)
    meta = np.zeros(META_WORDS, np.int64)
    queue = np.empty(cells * 2 + 2, np.int64)
    one = np.empty((1, cells), np.int8)
    peers = np.empty((cells, cells), np.int64)
    npeer = np.zeros(cells, np.int64)
    pinfo = np.zeros((0, PAIR_WORDS), np.int64)
    pcells = np.zeros(0, np.int64)
    last = -1
    U, gp, gc, gs = units[0], gptr[0], gcells[0], gsum[0]  # typed once; set per shape below
    for p in range(puzzles.shape[0]):
        s = shape_of[p]
        if s != last:
            U = units[s]
            gp, gc, gs = with_innies(U, gptr[s], gcells[s], gsum[s], cells)
            pinfo, pcells = build(U, gp, gc, cells, peers, npeer)
            last = s
        counts[p] = 0
        if not start(
            puzzles[p], U, peers, npeer, pinfo, pcells, gp, gc, gs, S, branch, untried, meta, queue
        ):
            continue
        if search(
            U,
            peers,
            npeer,
            pinfo,
            pcells,
            gp,
            gc,
            gs,
            S,
            branch,
            untried,
            meta,
            queue,
            limit,
            one,
            0,
        ):
            solutions[p, :] = one[0]
        search(
            U,
            peers,
            npeer,
            pinfo,
            pcells,
            gp,
            gc,
            gs,
            S,
            branch,
            untried,
            meta,
            queue,
            limit,
            one[:0],
            0,
        )
        counts[p] = meta[META_FOUND]
    return 0


#: What :func:`complete` found: a solution, none, or nothing before its node budget ran out.
FOUND = 1
NONE_FOUND = 0
OUT_OF_NODES = -1


@njit(cache=True)
def complete(puzzle, units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, budget, out):
    """The first solution of ``puzzle`` into ``out`` if the search finds it within ``budget``
    nodes: :data:`FOUND`, :data:`NONE_FOUND` (there is none) or :data:`OUT_OF_NODES`. The
    generator completes random givens with it and draws again when a draw runs long: a
    few random givens are sometimes seconds of search away from a grid, a fresh draw
    usually a few nodes."""
    cells = puzzle.shape[0]
    S = np.empty((cells + 2, cells), np.int64)
    branch = np.empty(cells + 2, np.int64)
    untried = np.empty(cells + 2, np.int64)
    meta = np.zeros(META_WORDS, np.int64)
    queue = np.empty(cells * 2 + 2, np.int64)
    if not start(
        puzzle,
        units,
        peers,
        npeer,
        pinfo,
        pcells,
        gptr,
        gcells,
        gsum,
        S,
        branch,
        untried,
        meta,
        queue,
    ):
        return NONE_FOUND
    if branch[0] < 0:
        _write(S[0], out)
        return FOUND
    full = (1 << units.shape[1]) - 1
    untried[0] = S[0, branch[0]]
    d = 0
    nodes = 0
    while d >= 0:
        rem = untried[d]
        if rem == 0:
            d -= 1
            continue
        nodes += 1
        if nodes > budget:
            return OUT_OF_NODES
        bit = rem & -rem
        untried[d] = rem ^ bit
        child = S[d + 1]
        child[:] = S[d]
        cell = branch[d]
        child[cell] = bit
        queue[0] = cell
        if not _propagate(
            child, units, peers, npeer, pinfo, pcells, gptr, gcells, gsum, full, queue, 0, 1
        ):
            continue
        nxt = _choose(child, peers, npeer, 1)
        if nxt < 0:
            _write(child, out)
            return FOUND
        d += 1
        branch[d] = nxt
        untried[d] = child[nxt]
    return NONE_FOUND
