"""numba kernel of Sudoku Explainer's aligned exclusion (pairs 6.2, triples 7.5): the first
group of cells, in SE's order, of which some candidate takes part in no possible combination.

Ints and numpy arrays only; :mod:`clew.sudoku.exclusion` prepares the arrays and keeps the
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

#: A group needs at least this many walls (SE's rule: one wall rarely excludes anything).
MIN_WALLS = 2
#: Largest group: a triple.
MAX_GROUP = 3


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
    for i in range(size):
        if cands[group[i]] & ~allowed[i]:
            return True
    return False


@njit(cache=True)
def first_exclusion(cands, cells, excl, usable, sees, size, group, allowed):
    """The first aligned pair (``size`` 2) or triple (3) exclusion in SE's order: pairs
    ``(cells[i], cells[j])``, ``i < j``, by ``j`` then ``i``; for triples, each such pair
    with two walls or more, then a third cell among the usable excluders of either, in
    ascending order. Returns ``size`` with ``group``/``allowed`` filled, or 0."""
    m = cells.shape[0]
    walls = np.empty(excl.shape[1], np.int64)
    for j in range(1, m):
        cj = cells[j]
        for i in range(j):
            ci = cells[i]
            nwalls = 0
            for x in range(excl.shape[1]):
                if excl[ci, x] and excl[cj, x]:
                    walls[nwalls] = x
                    nwalls += 1
            if nwalls < MIN_WALLS:
                continue  # a third cell cannot bring walls back
            group[0] = ci
            group[1] = cj
            if size == 2:
                if _allowed(cands, group, 2, walls, nwalls, sees, allowed):
                    return 2
                continue
            for ck in range(excl.shape[1]):
                if ck == ci or ck == cj or not usable[ck] or not (excl[ci, ck] or excl[cj, ck]):
                    continue
                n3 = 0
                for w in range(nwalls):
                    if excl[ck, walls[w]]:
                        n3 += 1
                if n3 < MIN_WALLS:
                    continue
                common = np.empty(n3, np.int64)
                n3 = 0
                for w in range(nwalls):
                    if excl[ck, walls[w]]:
                        common[n3] = walls[w]
                        n3 += 1
                group[2] = ck
                if _allowed(cands, group, 3, common, n3, sees, allowed):
                    return 3
    return 0
