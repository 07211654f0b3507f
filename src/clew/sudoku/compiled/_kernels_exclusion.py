"""numba kernel of Sudoku Explainer's aligned exclusion (pairs 6.2, triples 7.5): the first
group of cells, in SE's order, of which some candidate takes part in no possible combination.

Ints and numpy arrays only; :mod:`clew.sudoku.logic.exclusion` prepares the arrays and keeps the
plain-Python search as the reference (the tests run both on the same positions).

Layout
------
``cands[c]``: the candidate mask of cell ``c`` (bit ``d - 1`` for digit ``d``; 0 when filled).
``cells``: the cells SE tries, in its order. ``excl[c, x]`` is 1 when ``x`` is an
*excluder* of ``c`` (a cell that sees ``c`` and has 2..``widest`` candidates); ``sees[a, b]``
is 1 when ``a`` and ``b`` share a unit. For a group (2 or 3 cells) the excluders common to
all of them are the *walls*: a combination of one candidate per cell is impossible when two
cells that see each other take the same digit, or when it covers every candidate of a wall.

Output: ``group[0..size-1]`` the cells, ``allowed[i]`` the candidates of ``group[i]`` that
some possible combination uses; the kernel returns ``size`` (0: no group removes anything).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64

#: A group needs at least this many walls (SE's rule: one wall rarely excludes anything).
MIN_WALLS = 2
#: Largest group: a triple.
MAX_GROUP = 3
#: Cells per word of the kernel's bit sets of cells.
WORD = 64


@njit(cache=True)
def _allowed(cands, group, size, walls, nwalls, sees, allowed):
    """Fill ``allowed`` with the candidates of each cell of ``group`` that a possible
    combination uses; True when some candidate is left out."""
    for i in range(size):
        allowed[i] = 0
    a = group[0]
    b = group[1]
    c = group[2] if size == 3 else -1
    ma = cands[a]
    while ma:
        da = ma & -ma
        ma ^= da
        mb = cands[b]
        while mb:
            db = mb & -mb
            mb ^= db
            if da == db and sees[a, b]:
                continue
            mc = cands[c] if size == 3 else 1
            while mc:
                dc = mc & -mc
                mc ^= dc
                union = da | db
                if size == 3:
                    if (dc == da and sees[c, a]) or (dc == db and sees[c, b]):
                        continue
                    union |= dc
                ok = True
                for w in range(nwalls):
                    if cands[walls[w]] & ~union == 0:
                        ok = False
                        break
                if ok:
                    allowed[0] |= da
                    allowed[1] |= db
                    if size == 3:
                        allowed[2] |= dc
                    # every candidate of the group used already: nothing can go, whatever
                    # the combinations left (most groups end here, early)
                    if (
                        allowed[0] == cands[a]
                        and allowed[1] == cands[b]
                        and (size == 2 or allowed[2] == cands[c])
                    ):
                        return False
    for i in range(size):
        if cands[group[i]] & ~allowed[i]:
            return True
    return False


@njit(cache=True)
def _fill(bits, nw, out):
    """The set bits of the bit set ``bits[0..nw-1]`` (64 cells a word), ascending, into
    ``out``; their number."""
    k = 0
    for w in range(nw):
        x = bits[w]
        while x:
            out[k] = w * WORD + ctz64(x)
            k += 1
            x &= x - 1
    return k


@njit(cache=True)
def first_exclusion(cands, cells, excl, usable, sees, size, group, allowed):
    """The first aligned pair (``size`` 2) or triple (3) exclusion in SE's order: pairs
    ``(cells[i], cells[j])``, ``i < j``, by ``j`` then ``i``; for triples, each such pair
    with two walls or more, then a third cell among the usable excluders of either, in
    ascending order. Returns ``size`` with ``group``/``allowed`` filled, or 0.

    The excluders of each cell tried, and the usable cells, are turned into bit sets first
    (cell ``x`` is bit ``x % 64`` of word ``x // 64``), so that the walls of a pair are an
    AND and their number a popcount, not a scan of every cell."""
    m = cells.shape[0]
    count = excl.shape[1]
    nw = (count + WORD - 1) // WORD
    rows = np.zeros((count, nw), np.int64)
    for i in range(m):
        c = cells[i]
        for x in range(count):
            if excl[c, x]:
                rows[c, x // WORD] |= np.int64(1) << (x % WORD)
    use = np.zeros(nw, np.int64)
    for x in range(count):
        if usable[x]:
            use[x // WORD] |= np.int64(1) << (x % WORD)
    pair = np.empty(nw, np.int64)
    third = np.empty(nw, np.int64)
    walls = np.empty(count, np.int64)
    common = np.empty(count, np.int64)
    for j in range(1, m):
        cj = cells[j]
        for i in range(j):
            ci = cells[i]
            nwalls = 0
            for w in range(nw):
                pair[w] = rows[ci, w] & rows[cj, w]
                nwalls += popcount64(pair[w])
            if nwalls < MIN_WALLS:
                continue  # a third cell cannot bring walls back
            nwalls = _fill(pair, nw, walls)
            group[0] = ci
            group[1] = cj
            if size == 2:
                if _allowed(cands, group, 2, walls, nwalls, sees, allowed):
                    return 2
                continue
            for w in range(nw):
                area = (rows[ci, w] | rows[cj, w]) & use[w]
                if ci // WORD == w:
                    area &= ~(np.int64(1) << (ci % WORD))
                if cj // WORD == w:
                    area &= ~(np.int64(1) << (cj % WORD))
                while area:
                    ck = w * WORD + ctz64(area)
                    area &= area - 1
                    n3 = 0
                    for v in range(nw):
                        third[v] = rows[ck, v] & pair[v]
                        n3 += popcount64(third[v])
                    if n3 < MIN_WALLS:
                        continue
                    n3 = _fill(third, nw, common)
                    group[2] = ck
                    if _allowed(cands, group, 3, common, n3, sees, allowed):
                        return 3
    return 0


@njit(cache=True)
def candidate_cells(cands, house, widest, cells, excl, usable):
    """The cells SE tries, as :func:`clew.sudoku.logic.exclusion._cells` lists them: a cell of two
    candidates or more, none of the cells it sees (``house[c]``, SE's order, -1 past the
    last) a naked single, at least one of them an excluder (2..``widest`` candidates).

    Writes ``cells[0..count-1]`` in order, ``usable[c] = 1`` for them and ``excl[c, x] = 1``
    for their excluders (``excl`` and ``usable`` zero on entry); returns ``count``."""
    count = 0
    for c in range(cands.shape[0]):
        if popcount64(cands[c]) < 2:
            continue
        found = 0
        single = False
        for i in range(house.shape[1]):
            x = house[c, i]
            if x < 0:
                break
            k = popcount64(cands[x])
            if k == 1:
                single = True
                break
            if 2 <= k <= widest:
                found += 1
        if single or found == 0:
            continue
        for i in range(house.shape[1]):
            x = house[c, i]
            if x < 0:
                break
            k = popcount64(cands[x])
            if 2 <= k <= widest:
                excl[c, x] = 1
        usable[c] = 1
        cells[count] = c
        count += 1
    return count
