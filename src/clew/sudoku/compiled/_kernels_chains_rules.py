"""numba kernels of the rules that "Dynamic Forcing Chains (+)" (level 1) applies when the
links of a dynamic chain stop, in SE's order (locked candidates, hidden pairs, naked pairs,
X-Wings; the plain Python reference is :mod:`clew.sudoku.logic.chains_nested`), and the two
bitset helpers the chain kernels share. The tables and outputs are those of
:mod:`clew.sudoku.compiled._kernels_chains`, which calls :func:`_advanced` from its runs.

Unit kinds: 0 box, 1 row, 2 column (unit u = kind * n + index).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64


@njit(cache=True)
def _copy_or(dst, src, w):
    for i in range(w):
        dst[i] = src[i]


@njit(cache=True)
def _count(row, w):
    s = 0
    for i in range(w):
        s += popcount64(row[i])
    return s


@njit(cache=True)
def _emit(o, rank, hanc, anc, words, r, cnt_off, q_off, noff):
    """Turn candidate o off with the ancestors of the find's parents (``hanc``)."""
    if cnt_off[r, o]:
        return noff
    po = 2 * rank[o]
    _copy_or(anc[po], hanc, words)
    anc[po, po >> 6] |= np.int64(1) << (po & 63)
    cnt_off[r, o] = _count(anc[po], words)
    q_off[r, noff] = o
    return noff + 1


@njit(cache=True)
def _add_parent(hanc, rank, anc, words, h):
    for i in range(words):
        hanc[i] |= anc[2 * rank[h], i]


@njit(cache=True)
def _locking(n, cands, work, wpos, units, houses, rank, anc, words, hanc, r, cnt_off, q_off, noff):
    for kk in range(4):
        k1 = 0 if kk < 2 else (2 if kk == 2 else 1)
        k2 = 2 if kk == 0 else (1 if kk == 1 else 0)
        for i1 in range(n):
            u1 = k1 * n + i1
            for i2 in range(n):
                u2 = k2 * n + i2
                cross = False
                for i in range(n):
                    if houses[units[u1, i], k2] == u2:
                        cross = True
                        break
                if not cross:
                    continue
                for d in range(n):
                    pm = wpos[u1 * n + d]
                    if popcount64(pm) <= 1:
                        continue
                    inside = True
                    rest = pm
                    while rest:
                        i = ctz64(rest)
                        rest &= rest - 1
                        if houses[units[u1, i], k2] != u2:
                            inside = False
                            break
                    if not inside:
                        continue
                    gone = False
                    for i in range(n):
                        c = units[u2, i]
                        if houses[c, k1] != u1 and (work[c] >> d) & 1:
                            gone = True
                    if not gone:
                        continue
                    for i in range(words):
                        hanc[i] = 0
                    parents = 0
                    for i in range(n):
                        c = units[u1, i]
                        if (cands[c] >> d) & 1 and not (work[c] >> d) & 1 and houses[c, k2] != u2:
                            _add_parent(hanc, rank, anc, words, c * n + d)
                            parents += 1
                    if parents == 0:
                        continue
                    for i in range(n):
                        c = units[u2, i]
                        if houses[c, k1] != u1 and (work[c] >> d) & 1:
                            noff = _emit(c * n + d, rank, hanc, anc, words, r, cnt_off, q_off, noff)
    return noff


@njit(cache=True)
def _empty(n, cands, units, u):
    e = 0
    for i in range(n):
        if cands[units[u, i]]:
            e += 1
    return e


@njit(cache=True)
def _hidden_pairs(n, cands, work, wpos, units, rank, anc, words, hanc, r, cnt_off, q_off, noff):
    for kk in range(3):
        kind = 0 if kk == 0 else (2 if kk == 1 else 1)  # box, column, row
        for ui in range(n):
            u = kind * n + ui
            if _empty(n, cands, units, u) <= 4:
                continue
            for b in range(1, n):
                for a in range(b):
                    pa = wpos[u * n + a]
                    pb = wpos[u * n + b]
                    where = pa | pb
                    if popcount64(pa) <= 1 or popcount64(pb) <= 1 or popcount64(where) != 2:
                        continue
                    keep = (np.int64(1) << a) | (np.int64(1) << b)
                    gone = False
                    rest = where
                    while rest:
                        i = ctz64(rest)
                        rest &= rest - 1
                        if work[units[u, i]] & ~keep:
                            gone = True
                    if not gone:
                        continue
                    for i in range(words):
                        hanc[i] = 0
                    parents = 0
                    for i in range(n):
                        if (where >> i) & 1:
                            continue
                        c = units[u, i]
                        if (cands[c] >> a) & 1:
                            _add_parent(hanc, rank, anc, words, c * n + a)
                            parents += 1
                        if (cands[c] >> b) & 1:
                            _add_parent(hanc, rank, anc, words, c * n + b)
                            parents += 1
                    if parents == 0:
                        continue
                    rest = where
                    while rest:
                        i = ctz64(rest)
                        rest &= rest - 1
                        c = units[u, i]
                        m = work[c] & ~keep
                        while m:
                            e = ctz64(m)
                            m &= m - 1
                            noff = _emit(c * n + e, rank, hanc, anc, words, r, cnt_off, q_off, noff)
    return noff


@njit(cache=True)
def _naked_pairs(n, cands, work, units, rank, anc, words, hanc, r, cnt_off, q_off, noff):
    for kk in range(3):
        kind = 0 if kk == 0 else (2 if kk == 1 else 1)  # box, column, row
        for ui in range(n):
            u = kind * n + ui
            if _empty(n, cands, units, u) < 4:
                continue
            for j in range(1, n):
                for i in range(j):
                    ca = units[u, i]
                    cb = units[u, j]
                    ma = work[ca]
                    mb = work[cb]
                    both = ma | mb
                    if popcount64(ma) <= 1 or popcount64(mb) <= 1 or popcount64(both) != 2:
                        continue
                    gone = False
                    for t in range(n):
                        c = units[u, t]
                        if c != ca and c != cb and work[c] & both:
                            gone = True
                    if not gone:
                        continue
                    for t in range(words):
                        hanc[t] = 0
                    parents = 0
                    for c in (ca, cb):
                        m = cands[c] & ~both
                        while m:
                            v = ctz64(m)
                            m &= m - 1
                            _add_parent(hanc, rank, anc, words, c * n + v)
                            parents += 1
                    if parents == 0:
                        continue
                    for t in range(n):
                        c = units[u, t]
                        if c != ca and c != cb:
                            m = work[c] & both
                            while m:
                                e = ctz64(m)
                                m &= m - 1
                                noff = _emit(
                                    c * n + e, rank, hanc, anc, words, r, cnt_off, q_off, noff
                                )
    return noff


@njit(cache=True)
def _x_wings(
    n, cands, pos, work, wpos, units, rank, anc, words, hanc, buf, r, cnt_off, q_off, noff
):
    for kk in range(2):
        base = 2 if kk == 0 else 1  # columns, then rows
        cover = 1 if kk == 0 else 2
        for b in range(1, n):
            for a in range(b):
                for d in range(n):
                    placed = 0
                    for row in range(n):
                        if pos[(n + row) * n + d] == 0:
                            placed += 1
                    if placed + 4 > n:
                        continue
                    pa = wpos[(base * n + a) * n + d]
                    pb = wpos[(base * n + b) * n + d]
                    common = pa | pb
                    if popcount64(pa) <= 1 or popcount64(pb) <= 1 or popcount64(common) != 2:
                        continue
                    ab = (np.int64(1) << a) | (np.int64(1) << b)
                    ng = 0
                    rest = common
                    while rest:
                        i = ctz64(rest)
                        rest &= rest - 1
                        m = wpos[(cover * n + i) * n + d] & ~ab
                        while m:
                            j = ctz64(m)
                            m &= m - 1
                            buf[ng] = units[cover * n + i, j]
                            ng += 1
                    if ng == 0:
                        continue
                    for t in range(words):
                        hanc[t] = 0
                    parents = 0
                    for x in (a, b):
                        for i in range(n):
                            c = units[base * n + x, i]
                            if (
                                (cands[c] >> d) & 1
                                and not (work[c] >> d) & 1
                                and not (common >> i) & 1
                            ):
                                _add_parent(hanc, rank, anc, words, c * n + d)
                                parents += 1
                    if parents == 0:
                        continue
                    # the cells in reading order
                    for t in range(1, ng):
                        v = buf[t]
                        s = t - 1
                        while s >= 0 and buf[s] > v:
                            buf[s + 1] = buf[s]
                            s -= 1
                        buf[s + 1] = v
                    for t in range(ng):
                        noff = _emit(
                            buf[t] * n + d, rank, hanc, anc, words, r, cnt_off, q_off, noff
                        )
    return noff


@njit(cache=True)
def _advanced(
    n, cands, pos, work, wpos, units, houses, rank, anc, words, hanc, buf, r, cnt_off, q_off, noff
):
    start = noff
    noff = _locking(
        n, cands, work, wpos, units, houses, rank, anc, words, hanc, r, cnt_off, q_off, noff
    )
    if noff > start:
        return noff
    noff = _hidden_pairs(
        n, cands, work, wpos, units, rank, anc, words, hanc, r, cnt_off, q_off, noff
    )
    if noff > start:
        return noff
    noff = _naked_pairs(n, cands, work, units, rank, anc, words, hanc, r, cnt_off, q_off, noff)
    if noff > start:
        return noff
    return _x_wings(
        n, cands, pos, work, wpos, units, rank, anc, words, hanc, buf, r, cnt_off, q_off, noff
    )
