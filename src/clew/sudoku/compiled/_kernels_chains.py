"""numba kernels of the forcing chains that follow every consequence of an assumption (Nishio,
multiple and dynamic forcing chains: :mod:`clew.sudoku.logic.chains_multiple` is their plain
Python reference, and the friendly layer that writes the chosen chain).

Integers only. A candidate is ``cell * n + digit - 1``; a potential ``candidate * 2 + on``.
The tables (built once per grid side by :mod:`clew.sudoku.logic.chains_graph`) are int64 arrays:

* ``peers[cell, j]``: the peers in SE's order (box, row, column), ``npeer[cell]`` of them;
* ``houses[cell, k]``: the cell's box, row, column in SE's unit numbering (boxes 0..n-1,
  rows n..2n-1, columns 2n..3n-1), ``where[cell, k]`` the cell's position in that unit;
* ``units[u, i]``: the cells of unit u; ``pos[u * n + d]``: bits over positions i where the
  digit d + 1 can go.

Ancestors (for SE's *complexity*) are bitsets over the potentials of the candidates present,
numbered densely (``2 * rank[candidate] + on``), ``words`` int64 per potential; only dynamic
chains need them (a static chain's potential has one parent: its count is its parent's + 1)::

    anc[p, w] bit b  <=>  potential 64 * w + b is an ancestor of p (p itself included)

A run (:func:`_propagate`) writes, in its row of the outputs: ``cnt_on[row, cand]`` /
``cnt_off[...]`` the number of ancestors of the potential reached (0: not reached) and the
candidates reached in order (``q_on``, ``q_off``; lengths in ``n_q``); ``absurd[row]`` is
``(candidate both on and off, complexity)`` or ``(-1, 0)``.

The rules that level 1 applies when the links stop (:func:`_advanced`) are
:mod:`clew.sudoku.compiled._kernels_chains_rules`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import ctz64, popcount64
from ._kernels_chains_rules import _advanced, _copy_or, _count

#: kinds of hint (and SE's sort keys of each)
KIND_DOUBLE, KIND_CELL, KIND_REGION, KIND_ABSURD = 1, 5, 6, 7
#: fields of the answer of :func:`best_multiple`
F_FOUND, F_COMPLEXITY, F_KIND, F_A, F_B, F_TARGET, F_SEQ = 0, 1, 2, 3, 4, 5, 6
ANSWER = 7
#: at most this many "on" potentials follow from one "off" (one per cell rule, 3 units)
MAX_ONS = 4


@njit(cache=True)
def _propagate(
    n,
    y,
    dynamic,
    level,
    start,
    start_on,
    cands,
    pos,
    peers,
    npeer,
    houses,
    where,
    units,
    rank,
    work,
    wpos,
    anc,
    tmp,
    hanc,
    buf,
    r,
    cnt_on,
    cnt_off,
    q_on,
    q_off,
    n_q,
    absurd,
):
    """SE's doChaining from one potential (``start`` on or off), into row ``r``. ``level``
    None: level 0, compiled without the rules of :func:`_advanced` (numba drops the branch
    of ``level is not None`` when the argument's type is None)."""
    words = anc.shape[1]
    ncell = n * n
    for i in range(ncell):
        work[i] = cands[i]
    for i in range(pos.shape[0]):
        wpos[i] = pos[i]
    non = 0
    noff = 0
    if dynamic:
        pot = 2 * rank[start] + start_on
        for i in range(words):
            anc[pot, i] = 0
        anc[pot, pot >> 6] |= np.int64(1) << (pot & 63)
    if start_on:
        cnt_on[r, start] = 1
        q_on[r, 0] = start
        non = 1
    else:
        cnt_off[r, start] = 1
        q_off[r, 0] = start
        noff = 1
    ion = 0
    ioff = 0
    absurd[r, 0] = -1
    absurd[r, 1] = 0
    while ion < non or ioff < noff:
        if ion < non:
            p = q_on[r, ion]
            ion += 1
            cell = p // n
            d = p - cell * n
            pp = 2 * rank[p] + 1
            # Y: the other candidates of the cell, then X: the digit in the peers
            m = work[cell] & ~(np.int64(1) << d) if y else np.int64(0)
            j = 0
            while True:
                if m:
                    e = ctz64(m)
                    m &= m - 1
                    o = cell * n + e
                elif j < npeer[cell]:
                    q = peers[cell, j]
                    j += 1
                    if not (work[q] >> d) & 1:
                        continue
                    o = q * n + d
                else:
                    break
                if cnt_on[r, o]:
                    absurd[r, 0] = o
                    absurd[r, 1] = cnt_on[r, o] + cnt_on[r, p] + 1
                    n_q[r, 0] = non
                    n_q[r, 1] = noff
                    return
                if not cnt_off[r, o]:
                    if dynamic:  # static chains need no sets: each potential has one parent
                        po = 2 * rank[o]
                        _copy_or(anc[po], anc[pp], words)
                        anc[po, po >> 6] |= np.int64(1) << (po & 63)
                    cnt_off[r, o] = cnt_on[r, p] + 1
                    q_off[r, noff] = o
                    noff += 1
        else:
            p = q_off[r, ioff]
            ioff += 1
            cell = p // n
            d = p - cell * n
            po = 2 * rank[p]
            made = 0
            wc = work[cell]
            if y and popcount64(wc) == 2:
                e = ctz64(wc & ~(np.int64(1) << d))
                tmp[made, words] = cell * n + e
                if dynamic:
                    _copy_or(tmp[made], anc[po], words)
                gone = cands[cell] & ~wc
                while gone:
                    h = cell * n + ctz64(gone)
                    gone &= gone - 1
                    for i in range(words):
                        tmp[made, i] |= anc[2 * rank[h], i]
                made += 1
            for k in range(3):
                u = houses[cell, k]
                pm = wpos[u * n + d]
                if popcount64(pm) != 2:
                    continue
                q = units[u, ctz64(pm & ~(np.int64(1) << where[cell, k]))] * n + d
                dup = False
                for t in range(made):
                    if tmp[t, words] == q:
                        dup = True
                if dup:
                    continue
                tmp[made, words] = q
                if dynamic:
                    _copy_or(tmp[made], anc[po], words)
                gone = pos[u * n + d] & ~pm
                while gone:
                    h = units[u, ctz64(gone)] * n + d
                    gone &= gone - 1
                    for i in range(words):
                        tmp[made, i] |= anc[2 * rank[h], i]
                made += 1
            if dynamic:
                # the potential leaves the grid once followed
                work[cell] = wc & ~(np.int64(1) << d)
                for k in range(3):
                    wpos[houses[cell, k] * n + d] &= ~(np.int64(1) << where[cell, k])
            for t in range(made):
                q = tmp[t, words]
                if dynamic:
                    pq = 2 * rank[q] + 1
                    tmp[t, pq >> 6] |= np.int64(1) << (pq & 63)
                    count = _count(tmp[t], words)
                else:
                    count = cnt_off[r, p] + 1
                if cnt_off[r, q]:
                    absurd[r, 0] = q
                    absurd[r, 1] = count + cnt_off[r, q]
                    n_q[r, 0] = non
                    n_q[r, 1] = noff
                    return
                if not cnt_on[r, q]:
                    if dynamic:
                        _copy_or(anc[pq], tmp[t], words)
                    cnt_on[r, q] = count
                    q_on[r, non] = q
                    non += 1
        if level is not None:  # noqa: SIM102 - its own test, which numba drops for a None
            if level > 0 and ion == non and ioff == noff:
                noff = _advanced(
                    n,
                    cands,
                    pos,
                    work,
                    wpos,
                    units,
                    houses,
                    rank,
                    anc,
                    words,
                    hanc,
                    buf,
                    r,
                    cnt_off,
                    q_off,
                    noff,
                )
    n_q[r, 0] = non
    n_q[r, 1] = noff


@njit(cache=True)
def _better(ans, complexity, kind, seq):
    if not ans[F_FOUND]:
        return True
    if complexity != ans[F_COMPLEXITY]:
        return complexity < ans[F_COMPLEXITY]
    if kind != ans[F_KIND]:
        return kind < ans[F_KIND]
    return seq < ans[F_SEQ]


@njit(cache=True)
def _offer(ans, cands, n, seq, kind, complexity, a, b, target):
    """Keep the hint if it comes before the best so far (complexity, kind, order found) and
    removes something (a placed target needs another candidate in its cell)."""
    if not _better(ans, complexity, kind, seq):
        return
    if target & 1:
        cell = (target >> 1) // n
        if popcount64(cands[cell]) < 2:
            return
    ans[F_FOUND] = 1
    ans[F_COMPLEXITY] = complexity
    ans[F_KIND] = kind
    ans[F_A] = a
    ans[F_B] = b
    ans[F_TARGET] = target
    ans[F_SEQ] = seq


@njit(cache=True)
def best_multiple(
    n,
    multiple,
    dynamic,
    nishio,
    level,
    cands,
    pos,
    peers,
    npeer,
    houses,
    where,
    units,
    cnt_on,
    cnt_off,
    q_on,
    q_off,
):
    """SE's multiple / dynamic / Nishio producer on one position at level 0 (``level`` is
    ignored): the first hint after sorting, as ``[found, complexity, kind, a, b, target
    potential, seq]`` (``a``, ``b``: the assumption potential (contradiction, double), the
    cell (cell), unit and digit (region)).

    A kernel of its own, apart from :func:`best_multiple_plus`: the rules of level 1 are
    about half of the compile of the level's kernel, and only ratings of 9.0 and up reach
    them (a first rating of an 8.x puzzle compiles this one alone)."""
    return _best(
        n,
        multiple,
        dynamic,
        nishio,
        None,
        cands,
        pos,
        peers,
        npeer,
        houses,
        where,
        units,
        cnt_on,
        cnt_off,
        q_on,
        q_off,
    )


@njit(cache=True)
def best_multiple_plus(
    n,
    multiple,
    dynamic,
    nishio,
    level,
    cands,
    pos,
    peers,
    npeer,
    houses,
    where,
    units,
    cnt_on,
    cnt_off,
    q_on,
    q_off,
):
    """:func:`best_multiple` at ``level`` 1 and up ("Dynamic Forcing Chains (+)"): the
    rules of :func:`_advanced` apply when the links stop."""
    return _best(
        n,
        multiple,
        dynamic,
        nishio,
        level,
        cands,
        pos,
        peers,
        npeer,
        houses,
        where,
        units,
        cnt_on,
        cnt_off,
        q_on,
        q_off,
    )


@njit(cache=True)
def _best(
    n,
    multiple,
    dynamic,
    nishio,
    level,
    cands,
    pos,
    peers,
    npeer,
    houses,
    where,
    units,
    cnt_on,
    cnt_off,
    q_on,
    q_off,
):
    """The body of :func:`best_multiple` and :func:`best_multiple_plus`."""
    ncell = n * n
    ncand = ncell * n
    y = not nishio
    # rows: two per candidate present (on, off)
    row_of = np.full(ncand, -1, np.int64)
    nrows = 0
    for c in range(ncell):
        m = cands[c]
        while m:
            d = ctz64(m)
            m &= m - 1
            row_of[c * n + d] = nrows
            nrows += 2
    # ancestor sets over the potentials of the candidates present only (2 * rank + on)
    rank = row_of // 2
    words = (nrows + 63) >> 6
    # cnt_on, cnt_off: zero on entry, left zero on return (only the entries reached are
    # cleared: the buffers are the caller's, reused from call to call); q_on, q_off: scratch
    n_q = np.zeros((nrows, 2), np.int64)
    absurd = np.zeros((nrows, 2), np.int64)
    done = np.zeros(nrows, np.bool_)
    work = np.zeros(ncell, np.int64)
    wpos = np.zeros(pos.shape[0], np.int64)
    anc = np.zeros((nrows if dynamic else 1, words), np.int64)  # static chains need no sets
    tmp = np.zeros((MAX_ONS, words + 1), np.int64)
    ans = np.zeros(ANSWER, np.int64)
    hanc = np.zeros(words, np.int64)
    buf = np.zeros(4 * n, np.int64)
    seq = 0
    do_absurd = dynamic or nishio
    # int64 values, not literals: numba would compile _propagate once per literal (on, off)
    # and _offer once per kind and per literal 0, for no speed at all
    ON, OFF = np.int64(1), np.int64(0)
    K_ABSURD, K_DOUBLE = np.int64(KIND_ABSURD), np.int64(KIND_DOUBLE)
    K_REGION, K_CELL = np.int64(KIND_REGION), np.int64(KIND_CELL)
    for cell in range(ncell):
        m = cands[cell]
        card = popcount64(m)
        if not (card > 2 or (card > 1 and dynamic)):
            continue
        do_double = card >= 3 and (not nishio) and dynamic
        first = -1
        mm = m
        while mm:
            d = ctz64(mm)
            mm &= mm - 1
            c = cell * n + d
            ron = row_of[c]
            roff = ron + 1
            if not done[ron]:
                _propagate(
                    n,
                    y,
                    dynamic,
                    level,
                    c,
                    ON,
                    cands,
                    pos,
                    peers,
                    npeer,
                    houses,
                    where,
                    units,
                    rank,
                    work,
                    wpos,
                    anc,
                    tmp,
                    hanc,
                    buf,
                    ron,
                    cnt_on,
                    cnt_off,
                    q_on,
                    q_off,
                    n_q,
                    absurd,
                )
                done[ron] = True
            if (do_double or do_absurd) and not done[roff]:
                _propagate(
                    n,
                    y,
                    dynamic,
                    level,
                    c,
                    OFF,
                    cands,
                    pos,
                    peers,
                    npeer,
                    houses,
                    where,
                    units,
                    rank,
                    work,
                    wpos,
                    anc,
                    tmp,
                    hanc,
                    buf,
                    roff,
                    cnt_on,
                    cnt_off,
                    q_on,
                    q_off,
                    n_q,
                    absurd,
                )
                done[roff] = True
            if do_absurd and absurd[ron, 0] >= 0:
                seq += 1
                _offer(ans, cands, n, seq, K_ABSURD, absurd[ron, 1], 2 * c + 1, OFF, 2 * c)
            if do_absurd and absurd[roff, 0] >= 0:
                seq += 1
                _offer(ans, cands, n, seq, K_ABSURD, absurd[roff, 1], 2 * c, OFF, 2 * c + 1)
            if do_double:
                for i in range(n_q[ron, 0]):
                    q = q_on[ron, i]
                    if cnt_on[roff, q]:
                        seq += 1
                        _offer(
                            ans,
                            cands,
                            n,
                            seq,
                            K_DOUBLE,
                            cnt_on[ron, q] + cnt_on[roff, q],
                            2 * c + 1,
                            OFF,
                            2 * q + 1,
                        )
                for i in range(n_q[ron, 1]):
                    q = q_off[ron, i]
                    if cnt_off[roff, q]:
                        seq += 1
                        _offer(
                            ans,
                            cands,
                            n,
                            seq,
                            K_DOUBLE,
                            cnt_off[ron, q] + cnt_off[roff, q],
                            2 * c + 1,
                            OFF,
                            2 * q,
                        )
            if not nishio:
                for k in range(3):
                    u = houses[cell, k]
                    pm = pos[u * n + d]
                    cnt = popcount64(pm)
                    if not (cnt == 2 or (multiple and cnt > 2)):
                        continue
                    if units[u, ctz64(pm)] != cell:
                        continue
                    # every place of d in u: its "on" run
                    rest = pm
                    while rest:
                        i = ctz64(rest)
                        rest &= rest - 1
                        rr = row_of[units[u, i] * n + d]
                        if not done[rr]:
                            _propagate(
                                n,
                                y,
                                dynamic,
                                level,
                                units[u, i] * n + d,
                                ON,
                                cands,
                                pos,
                                peers,
                                npeer,
                                houses,
                                where,
                                units,
                                rank,
                                work,
                                wpos,
                                anc,
                                tmp,
                                hanc,
                                buf,
                                rr,
                                cnt_on,
                                cnt_off,
                                q_on,
                                q_off,
                                n_q,
                                absurd,
                            )
                            done[rr] = True
                    for side in range(2):
                        for i in range(n_q[ron, side]):
                            q = q_on[ron, i] if side == 0 else q_off[ron, i]
                            total = 0
                            rest = pm
                            while rest:
                                ii = ctz64(rest)
                                rest &= rest - 1
                                rr = row_of[units[u, ii] * n + d]
                                v = cnt_on[rr, q] if side == 0 else cnt_off[rr, q]
                                if v == 0:
                                    total = -1
                                    break
                                total += v
                            if total > 0:
                                seq += 1
                                _offer(
                                    ans, cands, n, seq, K_REGION, total, u, d, 2 * q + (1 - side)
                                )
            if first < 0:
                first = ron
        if (not nishio) and (card == 2 or (multiple and card > 2)):
            for side in range(2):
                for i in range(n_q[first, side]):
                    q = q_on[first, i] if side == 0 else q_off[first, i]
                    total = 0
                    mm = m
                    while mm:
                        d = ctz64(mm)
                        mm &= mm - 1
                        rr = row_of[cell * n + d]
                        v = cnt_on[rr, q] if side == 0 else cnt_off[rr, q]
                        if v == 0:
                            total = -1
                            break
                        total += v
                    if total > 0:
                        seq += 1
                        _offer(ans, cands, n, seq, K_CELL, total, cell, OFF, 2 * q + (1 - side))
    for r in range(nrows):
        if done[r]:
            for i in range(n_q[r, 0]):
                cnt_on[r, q_on[r, i]] = 0
            for i in range(n_q[r, 1]):
                cnt_off[r, q_off[r, i]] = 0
    return ans


def buffers(n: int) -> tuple:
    """The scratch arrays of :func:`best_multiple` for a grid of side n (zeroed once: the
    kernel leaves them zero)."""
    ncand = n * n * n
    return (
        np.zeros((2 * ncand, ncand), np.int32),
        np.zeros((2 * ncand, ncand), np.int32),
        np.zeros((2 * ncand, ncand), np.int32),
        np.zeros((2 * ncand, ncand), np.int32),
    )


def tables(g) -> tuple:
    """The int64 arrays the kernel reads, from a :class:`~clew.sudoku.logic.chains_graph.Graph`."""
    n = g.n
    ncell = n * n
    npeer_max = max(len(p) for p in g.peers)
    peers = np.zeros((ncell, npeer_max), np.int64)
    npeer = np.zeros(ncell, np.int64)
    houses = np.zeros((ncell, 3), np.int64)
    where = np.zeros((ncell, 3), np.int64)
    for c in range(ncell):
        npeer[c] = len(g.peers[c])
        peers[c, : len(g.peers[c])] = g.peers[c]
        for k, u in enumerate(g.houses[c]):
            houses[c, k] = u
            where[c, k] = g.index_in[u][c]
    units = np.array(g.units, np.int64)
    return peers, npeer, houses, where, units
