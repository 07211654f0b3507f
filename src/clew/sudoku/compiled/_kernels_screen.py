"""numba kernel that screens the logical solver's basic techniques: which is the first of
them, in SE's order of trial, that would make progress on a position.

On a hard puzzle the engine (:meth:`clew.sudoku.logic.solver.LogicalState.next_step`) tries every
basic finder before the chains at every step, and on most steps none of them finds
anything. One call of this kernel answers for all of them; the engine then runs only the
Python finder that fires (which builds the step and its sentence) and skips the others. The
answers are exact, so the steps are those the finders take alone (the tests compare the two
on many positions), except for BUG, where the kernel checks the pattern (each blank cell two
candidates and each digit twice in each unit once the extra candidates are set aside) and
the finder decides the rest: a "yes" there only means "try the finder".

Ints and numpy arrays only; :mod:`clew.sudoku.logic.screen` makes the arrays once per shape from the
finders' own tables and orders.

Layout
------
``cands[c]``: candidate mask of cell ``c`` (bit ``d - 1`` for digit ``d``; 0 when filled);
``values[c]``: its digit, 0 when blank.
``units[u, i]``: the ``i``-th cell of unit ``u`` (rows ``0..n-1``, columns ``n..2n-1``, boxes
or regions ``2n..3n-1``, then the variants' units; all have ``n`` cells).
Segments (a box crossing a line, as :attr:`clew.sudoku.logic.tables.Tables.by_box`):
``seg_cells[s]``, ``seg_box_rest[s]``, ``seg_line_rest[s]`` (rows padded with -1),
``seg_unit[s] = (box, line)``; ``pointing`` / ``claiming``: the segments in each finder's
order; ``point_nb[s]`` the segments of the same line in other boxes, ``claim_nb[s]`` those
of the same box in other lines of the same direction (-1 padded).
``peers[c]``: the cells ``c`` sees (-1 padded); ``sees[a, b]``: 1 when ``a`` sees ``b``.
``bug_units``: the units BUG counts in, boxes, rows, columns.
``scratch``: int64 work space of at least ``2 * cells`` and ``3 * n + 9`` entries.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import popcount64

# The screened techniques, in SE's order of trial: the kernel returns one of these indices
# (the engine maps them to its finders by name, :data:`clew.sudoku.logic.screen.SCREENED`).
DIRECT_POINTING = 0
DIRECT_CLAIMING = 1
DIRECT_HIDDEN_PAIR = 2
NAKED_SINGLE = 3
DIRECT_HIDDEN_TRIPLE = 4
POINTING = 5
CLAIMING = 6
NAKED_PAIR = 7
X_WING = 8
HIDDEN_PAIR = 9
NAKED_TRIPLE = 10
SWORDFISH = 11
HIDDEN_TRIPLE = 12
XY_WING = 13
XYZ_WING = 14
NAKED_QUAD = 15
JELLYFISH = 16
HIDDEN_QUAD = 17
BUG_PATTERN = 18
#: No screened technique fires.
NONE = 19

# What a subset search tests on each combination (see _subset_fires).
_NAKED = 0  # masks: the unit's cells' candidates; another cell holds one of the digits
_HIDDEN = 1  # masks: the digits' places; a cell of the subset holds another digit
_DIRECT = 2  # masks: the digits' places; another digit is left one place (2 or more before)
_FISH = 3  # masks: one digit's places in the base lines; another base line meets the covers


@njit(cache=True)
def _subset_fires(masks, cell_masks, count, size, kind, usable, idx, uni):
    """Whether some ``size`` of ``masks[0..count-1]``, each of 2..``size`` bits, whose union
    has exactly ``size`` bits, passes the test of ``kind`` (the order does not matter here:
    the kernel answers only whether one exists). ``usable``, ``idx``, ``uni``: scratch of
    ``count``, ``size`` and ``size + 1`` entries."""
    nu = 0
    for i in range(count):
        b = popcount64(masks[i])
        if 2 <= b <= size:
            usable[nu] = i
            nu += 1
    if nu < size:
        return False
    # depth first over increasing positions idx[0] < idx[1] < ... into usable; uni[k] the
    # union of the first k members; a branch ends as soon as its union has too many bits
    k = 0
    idx[0] = 0
    uni[0] = 0
    while True:
        if idx[k] >= nu:
            k -= 1
            if k < 0:
                return False
            idx[k] += 1
            continue
        u = uni[k] | masks[usable[idx[k]]]
        if popcount64(u) > size:
            idx[k] += 1
            continue
        if k < size - 1:
            uni[k + 1] = u
            idx[k + 1] = idx[k] + 1
            k += 1
            continue
        if popcount64(u) == size:  # three masks of two bits may share them
            chosen = np.int64(0)  # not a literal 0: numba would compile _test for it too
            for j in range(size):
                chosen |= np.int64(1) << usable[idx[j]]
            if _test(masks, cell_masks, count, kind, chosen, u):
                return True
        idx[k] += 1


@njit(cache=True)
def _test(masks, cell_masks, count, kind, chosen, union):
    """The test of one subset: ``chosen`` (bit i: masks[i] is a member), ``union`` (its
    masks' union, exactly as many bits as members)."""
    if kind == _HIDDEN:
        # the subset's cells are the places in union; chosen are its digits (bit d - 1)
        for j in range(count):
            if (union >> j) & 1 and cell_masks[j] & ~chosen:
                return True
        return False
    for i in range(count):
        if (chosen >> i) & 1:
            continue
        m = masks[i]
        if kind == _DIRECT:
            if popcount64(m) >= 2 and popcount64(m & ~union) == 1:
                return True
        elif m & union:  # _NAKED, _FISH
            return True
    return False


@njit(cache=True)
def _or_cells(cands, cells):
    out = 0
    for c in cells:
        if c < 0:
            break
        out |= cands[c]
    return out


@njit(cache=True)
def _count_with(cands, cells, bit):
    k = 0
    for c in cells:
        if c < 0:
            break
        if cands[c] & bit:
            k += 1
    return k


@njit(cache=True)
def _direct_locked(
    cands, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, order, nb, pointing
):
    """SE's direct pointing (claiming): a digit of a segment nowhere else in its box (line),
    held by two of its cells or more, that leaves one place in a box (line) beside it where
    it had two or more."""
    for s in order:
        home_rest = seg_box_rest[s] if pointing else seg_line_rest[s]
        found = _or_cells(cands, seg_cells[s]) & ~_or_cells(cands, home_rest)
        while found:
            bit = found & -found
            found ^= bit
            if _count_with(cands, seg_cells[s], bit) < 2:
                continue
            for x in nb[s]:
                if x < 0:
                    break
                third = seg_unit[x, 0] if pointing else seg_unit[x, 1]
                if _count_with(cands, units[third], bit) < 2:
                    continue
                outside = seg_box_rest[x] if pointing else seg_line_rest[x]
                if _count_with(cands, outside, bit) == 1:
                    return True
    return False


@njit(cache=True)
def _locked(cands, seg_cells, seg_box_rest, seg_line_rest, order, pointing):
    """Pointing (claiming): a digit of a segment nowhere else in its box (line), held by two
    of its cells or more, with places in the rest of the line (box)."""
    for s in order:
        home_rest = seg_box_rest[s] if pointing else seg_line_rest[s]
        other_rest = seg_line_rest[s] if pointing else seg_box_rest[s]
        found = (
            _or_cells(cands, seg_cells[s])
            & ~_or_cells(cands, home_rest)
            & _or_cells(cands, other_rest)
        )
        while found:
            bit = found & -found
            found ^= bit
            if _count_with(cands, seg_cells[s], bit) >= 2:
                return True
    return False


@njit(cache=True)
def _unit_subsets(cands, values, units, n, size, kind, scratch):
    """Naked, hidden or direct hidden subsets of ``size`` in some unit (SE's limits on the
    unit's blank cells: naked 2 * size or more, hidden more than 2 * size, direct hidden
    more than size)."""
    masks = scratch[:n]
    cells = scratch[n : 2 * n]
    usable = scratch[2 * n : 3 * n]
    idx = scratch[3 * n : 3 * n + 4]
    uni = scratch[3 * n + 4 : 3 * n + 9]
    for u in range(units.shape[0]):
        blanks = 0
        for i in range(n):
            if values[units[u, i]] == 0:
                blanks += 1
        if kind == _NAKED:
            if blanks < 2 * size:
                continue
        elif kind == _HIDDEN:
            if blanks <= 2 * size:
                continue
        elif blanks <= size:
            continue
        for i in range(n):
            cells[i] = cands[units[u, i]]
        # naked: the cells' candidates; hidden and direct: each digit's places
        for d in range(n):
            masks[d] = cells[d] if kind == _NAKED else 0
        if kind != _NAKED:
            for i in range(n):
                m = cells[i]
                while m:
                    low = m & -m
                    m ^= low
                    masks[popcount64(low - 1)] |= 1 << i
        if _subset_fires(masks, cells, n, size, kind, usable, idx, uni):
            return True
    return False


@njit(cache=True)
def _fish(cands, values, units, n, size, scratch):
    """A fish of ``size`` base lines on some digit placed at most n - 2 * size times,
    columns as base, then rows."""
    if size >= n:
        return False
    pos = scratch[:n]
    usable = scratch[2 * n : 3 * n]
    idx = scratch[3 * n : 3 * n + 4]
    uni = scratch[3 * n + 4 : 3 * n + 9]
    for d in range(1, n + 1):
        placed = 0
        for c in range(n * n):
            if values[c] == d:
                placed += 1
        if placed + 2 * size > n:
            continue
        bit = 1 << (d - 1)
        for base_first in (n, 0):
            for i in range(n):
                p = 0
                for j in range(n):
                    if cands[units[base_first + i, j]] & bit:
                        p |= 1 << j
                pos[i] = p
            # an int64, not the literal _FISH: one compile of _subset_fires for every kind
            if _subset_fires(pos, pos, n, size, np.int64(_FISH), usable, idx, uni):
                return True
    return False


@njit(cache=True)
def _wing(cands, peers, sees, size):
    """An XY-Wing (``size`` 2: pivot xy, pincers xz and yz that see it; z goes from the
    cells that see both pincers, the pivot aside) or an XYZ-Wing (3: pivot xyz, pincers xz
    and yz that see it; z goes from the cells that see all three)."""
    for p in range(cands.shape[0]):
        mp = cands[p]
        if popcount64(mp) != size:
            continue
        for a in peers[p]:
            if a < 0:
                break
            ma = cands[a]
            if popcount64(ma) != 2:
                continue
            if size == 2:
                if popcount64(ma & mp) != 1:
                    continue
            elif ma & ~mp:
                continue
            for b in peers[p]:
                if b < 0:
                    break
                mb = cands[b]
                if size == 2:
                    if mb != (mp & ~ma) | (ma & ~mp):
                        continue
                    z = ma & ~mp
                elif b == a or popcount64(mb) != 2 or mb & ~mp or mb == ma:
                    continue
                else:
                    z = ma & mb
                # the cells seen: by both pincers (XY; from a's peers), by all three (XYZ)
                near = peers[a] if size == 2 else peers[p]
                for c in near:
                    if c < 0:
                        break
                    if size == 2:
                        if c != p and sees[b, c] and cands[c] & z:
                            return True
                    elif sees[a, c] and sees[b, c] and cands[c] & z:
                        return True
    return False


@njit(cache=True)
def _bug_pattern(cands, values, units, bug_units, sees, n, scratch):
    """SE's BUG pattern: the cells that hold a digit's extra places (the one cell of three
    candidates or more among a digit's places in a unit where it has not 0 or 2), and
    without those extra candidates every blank cell two candidates and every digit 0 or 2
    places in each unit; with two cells or more and two extra digits or more, a cell seen
    by all of them. False where the finder finds no BUG; True: the finder decides."""
    size = cands.shape[0]
    grave = scratch[:size]
    marks = scratch[size : 2 * size]  # 1: a BUG cell; 2: seen by every BUG cell so far
    for c in range(size):
        grave[c] = cands[c]
        marks[c] = 0
    cells = 0
    every = 0
    first = True
    for u in bug_units:
        for d in range(n):
            bit = 1 << d
            count = 0
            wide = 0
            last = -1
            for i in range(n):
                c = units[u, i]
                if cands[c] & bit:
                    count += 1
                    if popcount64(cands[c]) >= 3:
                        wide += 1
                        last = c
            if count == 0 or count == 2:
                continue
            if wide == 0:
                return False
            if wide > 1:
                continue
            c = last
            if marks[c] != 1:
                marks[c] = 1
                cells += 1
            every |= bit
            grave[c] &= ~bit
            common = 0
            for x in range(size):
                if marks[x] == 1:
                    continue
                if sees[c, x] and (first or marks[x] == 2):
                    marks[x] = 2
                    common += 1
                elif marks[x] == 2:
                    marks[x] = 0
            first = False
            if cells > 1 and popcount64(every) > 1 and common == 0:
                return False
    if cells == 0:
        return False
    for c in range(size):
        if values[c] == 0 and popcount64(grave[c]) != 2:
            return False
    for u in range(units.shape[0]):
        for d in range(n):
            bit = 1 << d
            k = _count_with(grave, units[u], bit)
            if k != 0 and k != 2:
                return False
    return True


# How the kernel tests each technique: the finder family and its size (or direction).
_F_DIRECT_LOCKED, _F_LOCKED, _F_UNIT, _F_FISH, _F_NAKED_SINGLE, _F_WING, _F_BUG = range(7)
#: per technique index: (family, size or 1 for pointing / 0 for claiming, subset kind)
_PLAN = np.array(
    [
        (_F_DIRECT_LOCKED, 1, 0),  # DIRECT_POINTING
        (_F_DIRECT_LOCKED, 0, 0),  # DIRECT_CLAIMING
        (_F_UNIT, 2, _DIRECT),  # DIRECT_HIDDEN_PAIR
        (_F_NAKED_SINGLE, 0, 0),  # NAKED_SINGLE
        (_F_UNIT, 3, _DIRECT),  # DIRECT_HIDDEN_TRIPLE
        (_F_LOCKED, 1, 0),  # POINTING
        (_F_LOCKED, 0, 0),  # CLAIMING
        (_F_UNIT, 2, _NAKED),  # NAKED_PAIR
        (_F_FISH, 2, 0),  # X_WING
        (_F_UNIT, 2, _HIDDEN),  # HIDDEN_PAIR
        (_F_UNIT, 3, _NAKED),  # NAKED_TRIPLE
        (_F_FISH, 3, 0),  # SWORDFISH
        (_F_UNIT, 3, _HIDDEN),  # HIDDEN_TRIPLE
        (_F_WING, 2, 0),  # XY_WING
        (_F_WING, 3, 0),  # XYZ_WING
        (_F_UNIT, 4, _NAKED),  # NAKED_QUAD
        (_F_FISH, 4, 0),  # JELLYFISH
        (_F_UNIT, 4, _HIDDEN),  # HIDDEN_QUAD
        (_F_BUG, 0, 0),  # BUG_PATTERN
    ],
    np.int64,
)


@njit(cache=True)
def first_firing(
    cands, values, start, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, pointing,
    claiming, point_nb, claim_nb, peers, sees, bug_units, scratch,
):  # fmt: skip
    """The first screened technique of index ``start`` or more that makes progress on the
    position (for BUG: whose pattern holds), or :data:`NONE`."""
    n = units.shape[1]
    # each helper is called at one place (the plan says which and how): numba compiles the
    # whole kernel as one function, and a call written out per technique made it take 20 s
    for k in range(start, NONE):
        family, size, kind = _PLAN[k, 0], _PLAN[k, 1], _PLAN[k, 2]
        if family == _F_DIRECT_LOCKED:
            order, nb = (pointing, point_nb) if size else (claiming, claim_nb)
            hit = _direct_locked(
                cands, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, order, nb, size == 1
            )
        elif family == _F_LOCKED:
            hit = _locked(
                cands,
                seg_cells,
                seg_box_rest,
                seg_line_rest,
                pointing if size else claiming,
                size == 1,
            )
        elif family == _F_UNIT:
            hit = _unit_subsets(cands, values, units, n, size, kind, scratch)
        elif family == _F_FISH:
            hit = _fish(cands, values, units, n, size, scratch)
        elif family == _F_NAKED_SINGLE:
            hit = False
            for c in range(cands.shape[0]):
                m = cands[c]
                if m and not m & (m - 1):
                    hit = True
                    break
        elif family == _F_WING:
            hit = _wing(cands, peers, sees, size)
        else:
            hit = _bug_pattern(cands, values, units, bug_units, sees, n, scratch)
        if hit:
            return k
    return NONE
