"""numba kernels of the shape kernel's cage sums: the bounds and combinations that prune a
killer cage's digits, and the rule of 45 that adds the cages the others imply.

Ints and numpy arrays only. A cage is a run of ``gcells`` (``gptr[g]:gptr[g + 1]``) whose
digits differ and add up to ``gsum[g]`` (:data:`NO_SUM`: differ only, an extra region of
fewer than n cells); the masks are those of :mod:`clew.sudoku.compiled._kernels_shape`, one
int64 per cell, bit ``d - 1`` for digit ``d``.

* :func:`cages`: with ``R`` the sum still missing and ``m`` the unsolved cells of a cage, a
  digit ``d`` stays in a cell only if the other ``m - 1`` cells can make ``R - d``: at least
  the sum of their smallest candidates and of the ``m - 1`` smallest digits still possible
  in the cage (without ``d``: the digits differ), at most the same with the largest. A
  solved cage must add up exactly. Then the combinations (``_combinations``): the sets of
  ``m`` different digits among those still possible in the cage that add up to ``R`` and
  give every unsolved cell one of its candidates; a digit in none of them goes (two cells
  of sum 10 lose the 5, which the bounds keep). The enumeration prunes on the sum and gives
  up, keeping every digit, past :data:`COMBINATION_STEPS` steps (a large cage of a large
  grid).
* :func:`with_innies`: the rule of 45 as more cages, computed once per shape.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from ._kernels_dfs import CONTRADICTION

#: ``gsum[g]`` of a group without a sum (an extra region of fewer than n cells)
NO_SUM = -1


@njit(cache=True)
def clear(cand, cell, digits, queue, tail):
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
def cages(cand, n, gptr, gcells, gsum, queue, tail):
    """Cage-sum bounds and combinations over every group with a sum (see the module
    docstring); the cells they solve are queued at ``queue[tail:]``. Returns
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
                r, tail = clear(cand, cell, drop, queue, tail)
                if r < 0:
                    return CONTRADICTION, tail
                removed += r
    return removed, tail


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
