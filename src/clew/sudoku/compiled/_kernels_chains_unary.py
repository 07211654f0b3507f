"""numba kernel of Sudoku Explainer's "Forcing Chains & Cycles" (the plain Python reference is
:mod:`clew.sudoku.logic.chains_unary`; the friendly layer writes the chain the kernel chooses).

Integers only; the tables are those of :mod:`clew.sudoku.compiled._kernels_chains` (``peers``,
``houses``, ``where``, ``units``, ``pos``). The links of the position are built here once
per call, in SE's order::

    wy[x, :nwy[x]]   "x on" turns off: the other candidates of x's cell (ascending digits)
    wx[x, :nwx[x]]   "x on" turns off: the digit in x's peers (box, row, column order)
    sy[x]            "x off" turns on: the other candidate of a two-candidate cell, or -1
    sx[x, :nsx[x]]   "x off" turns on: the other place of the digit in a unit with two

The answer (:func:`best_unary`) is an int64 array ``[found, pass, start candidate, kind,
index, complexity, key, seq]`` (pass 0 X, 1 Y, 2 XY; kind 0 cycle (index: which of the
cycles found from the start), 1 forcing chain (index: 1 from "on", 0 from "off")) and the
rating as a float array of one.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64

A_FOUND, A_PASS, A_START, A_KIND, A_INDEX, A_COMPLEXITY, A_KEY, A_SEQ = range(8)
ANSWER = 8
#: bits of a candidate set (a 729-bit set on 9x9) in int64 words
WORD = 64


@njit(cache=True)
def _penalty(complexity):
    # SE's length penalty, with its floating point additions (see chains_graph)
    added = 0.0
    ceiling = 4
    length = complexity - 2
    odd = False
    while length > ceiling:
        added += 0.1
        ceiling = ceiling * 3 // 2 if not odd else ceiling * 4 // 3
        odd = not odd
    return added


@njit(cache=True)
def _before(rating, complexity, key, seq, ans, best):
    if not ans[A_FOUND]:
        return True
    if rating != best[0]:
        return rating < best[0]
    if complexity != ans[A_COMPLEXITY]:
        return complexity < ans[A_COMPLEXITY]
    if key != ans[A_KEY]:
        return key < ans[A_KEY]
    return seq < ans[A_SEQ]


@njit(cache=True)
def _rounds(base, bound, found):
    if not found:
        return 1 << 30
    r = 1
    while base + _penalty(2 * r) <= bound:
        r += 1
    return r


@njit(cache=True)
def best_unary(n, cands, peers, npeer, houses, where, units, pos):
    ncell = n * n
    ncand = ncell * n
    maxp = peers.shape[1]
    wy = np.zeros((ncand, n), np.int64)
    nwy = np.zeros(ncand, np.int64)
    wx = np.zeros((ncand, maxp), np.int64)
    nwx = np.zeros(ncand, np.int64)
    sy = np.full(ncand, -1, np.int64)
    sx = np.zeros((ncand, 3), np.int64)
    nsx = np.zeros(ncand, np.int64)
    for cell in range(ncell):
        m = cands[cell]
        if not m:
            continue
        card = popcount64(m)
        mm = m
        while mm:
            d = ctz64(mm)
            mm &= mm - 1
            x = cell * n + d
            rest = m & ~(np.int64(1) << d)
            k = 0
            while rest:
                e = ctz64(rest)
                rest &= rest - 1
                wy[x, k] = cell * n + e
                k += 1
            nwy[x] = k
            k = 0
            for j in range(npeer[cell]):
                q = peers[cell, j]
                if (cands[q] >> d) & 1:
                    wx[x, k] = q * n + d
                    k += 1
            nwx[x] = k
            if card == 2:
                sy[x] = cell * n + ctz64(m & ~(np.int64(1) << d))
            k = 0
            for h in range(3):
                u = houses[cell, h]
                pm = pos[u * n + d]
                if popcount64(pm) == 2:
                    o = units[u, ctz64(pm & ~(np.int64(1) << where[cell, h]))] * n + d
                    dup = False
                    for t in range(k):
                        if sx[x, t] == o:
                            dup = True
                    if not dup:
                        sx[x, k] = o
                        k += 1
            nsx[x] = k
    words = (ncand + WORD - 1) // WORD
    # search state, reused from one start to the next (stamps instead of clearing)
    on_stamp = np.zeros(ncand, np.int64)
    on_par = np.zeros(ncand, np.int64)
    on_anc = np.zeros((ncand, words), np.int64)
    cap = ncand * (maxp + n) + 1
    off_cand = np.zeros(cap, np.int64)
    off_par = np.zeros(cap, np.int64)
    pend = np.zeros(ncand, np.int64)
    nxt = np.zeros(ncand, np.int64)
    off_stamp = np.zeros(ncand, np.int64)
    off_from = np.zeros(ncand, np.int64)
    cell_stamp = np.zeros(ncell, np.int64)
    fw = np.zeros(ncand, np.int64)
    bw = np.zeros(ncand, np.int64)
    stamp = 0
    ans = np.zeros(ANSWER, np.int64)
    best = np.zeros(1, np.float64)
    seq = 0
    for npass in range(3):
        y = npass != 0
        x = npass != 1
        if npass == 2 and ans[A_FOUND] and best[0] < 7.0:
            break  # every XY find rates 7.0 or more
        key = 2 + npass
        for cell in range(ncell):
            m = cands[cell]
            card = popcount64(m)
            if card < 2 or (npass == 1 and card > 2):
                continue
            mm = m
            while mm:
                d = ctz64(mm)
                mm &= mm - 1
                c0 = cell * n + d
                # ---- cycles (SE's doCycles) ----
                base = 7.0 if npass == 2 else 6.5
                limit = _rounds(base, best[0], ans[A_FOUND])
                stamp += 1
                on_stamp[c0] = stamp
                on_par[c0] = -1
                for w in range(words):
                    on_anc[c0, w] = 0
                npend = 1
                pend[0] = c0
                noff = 0
                rounds = 0
                nfound = 0
                while npend and rounds < limit:
                    rounds += 1
                    first = noff
                    for ip in range(npend):
                        p = pend[ip]
                        for side in range(2):
                            if side == 0 and not y:
                                continue
                            cnt = nwy[p] if side == 0 else nwx[p]
                            for j in range(cnt):
                                o = wy[p, j] if side == 0 else wx[p, j]
                                if (on_anc[p, o >> 6] >> (o & 63)) & 1:
                                    continue
                                off_cand[noff] = o
                                off_par[noff] = p
                                noff += 1
                    nn = 0
                    for i in range(first, noff):
                        o = off_cand[i]
                        for side in range(2):
                            if side == 0:
                                if not y or sy[o] < 0:
                                    continue
                                cnt = 1
                            else:
                                if not x:
                                    continue
                                cnt = nsx[o]
                            for j in range(cnt):
                                q = sy[o] if side == 0 else sx[o, j]
                                if q == c0 and rounds >= 2:
                                    seq += 1
                                    complexity = 2 * rounds
                                    rating = base + _penalty(complexity)
                                    if _before(
                                        rating, complexity, key, seq, ans, best
                                    ) and _cycle_worth(
                                        n,
                                        i,
                                        c0,
                                        off_cand,
                                        off_par,
                                        on_par,
                                        cands,
                                        peers,
                                        npeer,
                                        cell_stamp,
                                        fw,
                                        bw,
                                        seq,
                                    ):
                                        ans[A_FOUND] = 1
                                        ans[A_PASS] = npass
                                        ans[A_START] = c0
                                        ans[A_KIND] = 0
                                        ans[A_INDEX] = nfound
                                        ans[A_COMPLEXITY] = complexity
                                        ans[A_KEY] = key
                                        ans[A_SEQ] = seq
                                        best[0] = rating
                                    nfound += 1
                                if on_stamp[q] != stamp:
                                    on_stamp[q] = stamp
                                    on_par[q] = i
                                    pp = off_par[i]
                                    for w in range(words):
                                        on_anc[q, w] = on_anc[pp, w]
                                    on_anc[q, o >> 6] |= np.int64(1) << (o & 63)
                                    nxt[nn] = q
                                    nn += 1
                    for t in range(nn):
                        pend[t] = nxt[t]
                    npend = nn
                if not x:
                    continue
                # ---- forcing chains (SE's doForcingChains), from "on" then from "off" ----
                fbase = 7.0 if y else 6.6
                limit = _rounds(fbase, best[0], ans[A_FOUND])
                for start_on in (1, 0):
                    stamp += 1
                    found = -1
                    if start_on:
                        on_stamp[c0] = stamp
                        on_par[c0] = -1
                        npend = 1
                        pend[0] = c0
                        nofs = 0
                    else:
                        off_stamp[c0] = stamp
                        off_from[c0] = -1
                        npend = 0
                        nofs = 1
                        nxt[0] = c0
                    rounds = 0
                    while (npend or nofs) and found < 0 and rounds <= limit:
                        rounds += 1
                        no = 0
                        for ip in range(npend):
                            p = pend[ip]
                            for side in range(2):
                                if side == 0 and not y:
                                    continue
                                cnt = nwy[p] if side == 0 else nwx[p]
                                for j in range(cnt):
                                    o = wy[p, j] if side == 0 else wx[p, j]
                                    if o == c0 and start_on:
                                        found = p
                                        break
                                    if off_stamp[o] != stamp:
                                        off_stamp[o] = stamp
                                        off_from[o] = p
                                        off_cand[no] = o
                                        no += 1
                                if found >= 0:
                                    break
                            if found >= 0:
                                break
                        if found >= 0:
                            break
                        if not start_on and rounds == 1:
                            off_cand[0] = c0
                            no = 1
                        npend = 0
                        for io in range(no):
                            o = off_cand[io]
                            for side in range(2):
                                if side == 0:
                                    if not y or sy[o] < 0:
                                        continue
                                    cnt = 1
                                else:
                                    cnt = nsx[o]
                                for j in range(cnt):
                                    q = sy[o] if side == 0 else sx[o, j]
                                    if q == c0 and not start_on:
                                        found = o
                                        break
                                    if on_stamp[q] != stamp:
                                        on_stamp[q] = stamp
                                        on_par[q] = o
                                        pend[npend] = q
                                        npend += 1
                                if found >= 0:
                                    break
                            if found >= 0:
                                break
                        nofs = 0
                    if found < 0:
                        continue
                    # complexity: the target, then back along the parents to the start
                    complexity = 1
                    node = found
                    on = start_on == 1  # the parent of an "off" target is "on", and so on
                    while node >= 0:
                        complexity += 1
                        node = on_par[node] if on else off_from[node]
                        on = not on
                    seq += 1
                    rating = fbase + _penalty(complexity)
                    if _before(rating, complexity, key, seq, ans, best) and (
                        start_on or popcount64(cands[cell]) >= 2
                    ):
                        ans[A_FOUND] = 1
                        ans[A_PASS] = npass
                        ans[A_START] = c0
                        ans[A_KIND] = 1
                        ans[A_INDEX] = start_on
                        ans[A_COMPLEXITY] = complexity
                        ans[A_KEY] = key
                        ans[A_SEQ] = seq
                        best[0] = rating
    return ans, best


@njit(cache=True)
def _cycle_worth(n, i, c0, off_cand, off_par, on_par, cands, peers, npeer, cell_stamp, fw, bw, tag):
    """Whether the cycle that ends with off instance i removes something (SE's rule: a
    candidate outside the cycle's cells that sees the digit on one way round and on the
    other way round). ``tag`` stamps the scratch arrays."""
    # the cycle's cells
    cell_stamp[c0 // n] = tag
    j = i
    while j >= 0:
        cell_stamp[off_cand[j] // n] = tag
        p = off_par[j]
        cell_stamp[p // n] = tag
        j = on_par[p]
    # each potential but the start: the ons (c0 as the end, then the parents of the offs)
    # mark their digit's peers outside the cycle forward, the offs backward
    hit = False
    j = i
    cand = c0
    while True:
        # cand is "on" here
        # np.bool_, not the literals True and False: one compile of _mark, not two
        hit |= _mark(n, cand, cands, peers, npeer, cell_stamp, fw, bw, tag, np.bool_(True))
        if j < 0:
            break
        hit |= _mark(n, off_cand[j], cands, peers, npeer, cell_stamp, fw, bw, tag, np.bool_(False))
        cand = off_par[j]
        j = on_par[cand]
        if j < 0:
            break  # cand is the start again: not counted twice
    return hit


@njit(cache=True)
def _mark(n, cand, cands, peers, npeer, cell_stamp, fw, bw, tag, forward):
    cell = cand // n
    d = cand - cell * n
    hit = False
    for j in range(npeer[cell]):
        q = peers[cell, j]
        if cell_stamp[q] == tag or not (cands[q] >> d) & 1:
            continue
        o = q * n + d
        if forward:
            fw[o] = tag
            if bw[o] == tag:
                hit = True
        else:
            bw[o] = tag
            if fw[o] == tag:
                hit = True
    return hit
