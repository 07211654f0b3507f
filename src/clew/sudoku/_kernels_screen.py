"""numba kernel that screens the logical solver's basic techniques: which is the first of
them, in SE's order of trial, that would make progress on a position.

On a hard puzzle the engine (:meth:`clew.sudoku.logic.LogicalState.next_step`) tries every
basic finder before the chains at every step, and on most steps none of them finds
anything. One call of this kernel answers for all of them; the engine then runs only the
Python finder that fires (which builds the step and its sentence) and skips the others. The
answers are exact, so the steps are those the finders take alone (the tests compare the two
on many positions), except for BUG, where the kernel checks the pattern (each blank cell two
candidates and each digit twice in each unit once the extra candidates are set aside) and
the finder decides the rest: a "yes" there only means "try the finder".

Ints and numpy arrays only; :mod:`clew.sudoku.screen` makes the arrays once per shape from the
finders' own tables and orders.

Layout
------
``cands[c]``: candidate mask of cell ``c`` (bit ``d - 1`` for digit ``d``; 0 when filled);
``values[c]``: its digit, 0 when blank.
``units[u, i]``: the ``i``-th cell of unit ``u`` (rows ``0..n-1``, columns ``n..2n-1``, boxes
or regions ``2n..3n-1``, then the variants' units; all have ``n`` cells).
Segments (a box crossing a line, as :attr:`clew.sudoku.logic_tables.Tables.by_box`):
``seg_cells[s]``, ``seg_box_rest[s]``, ``seg_line_rest[s]`` (rows padded with -1),
``seg_unit[s] = (box, line)``; ``pointing`` / ``claiming``: the segments in each finder's
order; ``point_nb[s]`` the segments of the same line in other boxes, ``claim_nb[s]`` those
of the same box in other lines of the same direction (-1 padded).
``peers[c]``: the cells ``c`` sees (-1 padded); ``sees[a, b]``: 1 when ``a`` sees ``b``.
``bug_units``: the units BUG counts in, boxes, rows, columns.
``scratch``: int64 work space of at least ``2 * cells + n`` entries.
"""

from __future__ import annotations

from numba import njit

from .._bits import popcount64

# The screened techniques, in SE's order of trial: the kernel returns one of these indices
# (the engine maps them to its finders by name, :data:`clew.sudoku.screen.SCREENED`).
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
def _subset_fires(masks, cell_masks, count, size, kind, usable):
    """Whether some ``size`` of ``masks[0..count-1]``, each of 2..``size`` bits, whose union
    has exactly ``size`` bits, passes the test of ``kind`` (the order does not matter here:
    the kernel answers only whether one exists)."""
    nu = 0
    for i in range(count):
        b = popcount64(masks[i])
        if 2 <= b <= size:
            usable[nu] = i
            nu += 1
    if nu < size:
        return False
    # combinations as increasing positions idx[0] < idx[1] < ... into usable, pruned as
    # soon as a partial union has more than size bits
    idx0 = 0
    while idx0 < nu:
        u0 = masks[usable[idx0]]
        for idx1 in range(idx0 + 1, nu):
            u1 = u0 | masks[usable[idx1]]
            if popcount64(u1) > size:
                continue
            if size == 2:
                if _test(masks, cell_masks, count, kind, (1 << usable[idx0]) | (1 << usable[idx1]), u1):
                    return True
                continue
            for idx2 in range(idx1 + 1, nu):
                u2 = u1 | masks[usable[idx2]]
                if popcount64(u2) > size:
                    continue
                chosen2 = (1 << usable[idx0]) | (1 << usable[idx1]) | (1 << usable[idx2])
                if size == 3:
                    # three masks of two bits can share them: the union must have three
                    if popcount64(u2) == 3 and _test(masks, cell_masks, count, kind, chosen2, u2):
                        return True
                    continue
                for idx3 in range(idx2 + 1, nu):
                    u3 = u2 | masks[usable[idx3]]
                    if popcount64(u3) != 4:
                        continue
                    if _test(masks, cell_masks, count, kind, chosen2 | (1 << usable[idx3]), u3):
                        return True
        idx0 += 1
    return False


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
def _direct_locked(cands, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, order, nb, pointing):
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
        found = _or_cells(cands, seg_cells[s]) & ~_or_cells(cands, home_rest) & _or_cells(cands, other_rest)
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
        if kind == _NAKED:
            if _subset_fires(cells, cells, n, size, kind, usable):
                return True
            continue
        for d in range(n):
            masks[d] = 0
        for i in range(n):
            m = cells[i]
            while m:
                low = m & -m
                m ^= low
                masks[popcount64(low - 1)] |= 1 << i
        if _subset_fires(masks, cells, n, size, kind, usable):
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
            if _subset_fires(pos, pos, n, size, _FISH, usable):
                return True
    return False


@njit(cache=True)
def _xy_wing(cands, peers, sees):
    for p in range(cands.shape[0]):
        mp = cands[p]
        if popcount64(mp) != 2:
            continue
        for a in peers[p]:
            if a < 0:
                break
            ma = cands[a]
            if popcount64(ma) != 2 or popcount64(ma & mp) != 1:
                continue
            z = ma & ~mp
            mb = (mp & ~ma) | z
            for b in peers[p]:
                if b < 0:
                    break
                if cands[b] != mb:
                    continue
                for c in peers[a]:
                    if c < 0:
                        break
                    if c != p and sees[b, c] and cands[c] & z:
                        return True
    return False


@njit(cache=True)
def _xyz_wing(cands, peers, sees):
    for p in range(cands.shape[0]):
        mp = cands[p]
        if popcount64(mp) != 3:
            continue
        for a in peers[p]:
            if a < 0:
                break
            ma = cands[a]
            if popcount64(ma) != 2 or ma & ~mp:
                continue
            for b in peers[p]:
                if b < 0:
                    break
                mb = cands[b]
                if b == a or popcount64(mb) != 2 or mb & ~mp or mb == ma:
                    continue
                z = ma & mb
                for c in peers[p]:
                    if c < 0:
                        break
                    if sees[a, c] and sees[b, c] and cands[c] & z:
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


@njit(cache=True)
def first_firing(
    cands, values, start, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, pointing, claiming,
    point_nb, claim_nb, peers, sees, bug_units, scratch,
):  # fmt: skip
    """The first screened technique of index ``start`` or more that makes progress on the
    position (for BUG: whose pattern holds), or :data:`NONE`."""
    n = units.shape[1]
    for k in range(start, NONE):
        if k == DIRECT_POINTING:
            hit = _direct_locked(cands, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, pointing, point_nb, True)
        elif k == DIRECT_CLAIMING:
            hit = _direct_locked(cands, units, seg_cells, seg_box_rest, seg_line_rest, seg_unit, claiming, claim_nb, False)
        elif k == DIRECT_HIDDEN_PAIR:
            hit = _unit_subsets(cands, values, units, n, 2, _DIRECT, scratch)
        elif k == NAKED_SINGLE:
            hit = False
            for c in range(cands.shape[0]):
                m = cands[c]
                if m and not m & (m - 1):
                    hit = True
                    break
        elif k == DIRECT_HIDDEN_TRIPLE:
            hit = _unit_subsets(cands, values, units, n, 3, _DIRECT, scratch)
        elif k == POINTING:
            hit = _locked(cands, seg_cells, seg_box_rest, seg_line_rest, pointing, True)
        elif k == CLAIMING:
            hit = _locked(cands, seg_cells, seg_box_rest, seg_line_rest, claiming, False)
        elif k == NAKED_PAIR:
            hit = _unit_subsets(cands, values, units, n, 2, _NAKED, scratch)
        elif k == X_WING:
            hit = _fish(cands, values, units, n, 2, scratch)
        elif k == HIDDEN_PAIR:
            hit = _unit_subsets(cands, values, units, n, 2, _HIDDEN, scratch)
        elif k == NAKED_TRIPLE:
            hit = _unit_subsets(cands, values, units, n, 3, _NAKED, scratch)
        elif k == SWORDFISH:
            hit = _fish(cands, values, units, n, 3, scratch)
        elif k == HIDDEN_TRIPLE:
            hit = _unit_subsets(cands, values, units, n, 3, _HIDDEN, scratch)
        elif k == XY_WING:
            hit = _xy_wing(cands, peers, sees)
        elif k == XYZ_WING:
            hit = _xyz_wing(cands, peers, sees)
        elif k == NAKED_QUAD:
            hit = _unit_subsets(cands, values, units, n, 4, _NAKED, scratch)
        elif k == JELLYFISH:
            hit = _fish(cands, values, units, n, 4, scratch)
        elif k == HIDDEN_QUAD:
            hit = _unit_subsets(cands, values, units, n, 4, _HIDDEN, scratch)
        else:
            hit = _bug_pattern(cands, values, units, bug_units, sees, n, scratch)
        if hit:
            return k
    return NONE
