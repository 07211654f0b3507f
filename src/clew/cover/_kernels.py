"""numba kernel of exact cover: Knuth's Algorithm C (Algorithm X with colours), dancing links.

Ints and numpy arrays only; :mod:`clew.cover.solver` builds the arrays once per problem.

Layout (Knuth, TAOCP 7.2.2.1, packed)
-------------------------------------
Items are numbered 1..N, primary first (1..N1), then secondary (N1+1..N)::

    L[i], R[i]     doubly linked list of the active items: primary items hang off the head
                   0, secondary items off the head N+1 (so choosing only sees primary ones)
    LEN[i]         how many active options still contain item i

Nodes live in one int32 array, four fields per node, so that one step of the dance touches
one cache line instead of four (node q starts at offset ``a = 4*q``; links hold offsets)::

    nd[a]      TOP: the item of the node; for a spacer, -(the option number) <= 0
    nd[a + 1]  U: the node above in its item's list; for a spacer, the first node of the
               option before it
    nd[a + 2]  D: the node below; for a spacer, the last node of the option after it
    nd[a + 3]  COL: colour: 0 none, > 0 a colour, -1 "already agrees" (set by purify)

Nodes 1..N are the item headers (the heads of the vertical lists); then each option is a
run of nodes, one per item, between *spacer* nodes::

    header 1..N | spacer | a1 a2 a3 | spacer | b1 b2 | spacer | ...

``OPT[q]`` is the option index (0-based) of node q. Problems without colours run a search
whose hide/unhide loops skip the colour test.

Search (``search``)
-------------------
Iterative Algorithm C: at each level choose the active primary item with the fewest options
(MRV; an item with none ends the branch at once), cover it, and try its options one by one:
*commit* the other items of the option (cover an uncoloured item; *purify* a coloured one,
hiding the options that give it another colour), go one level deeper, and undo in reverse
order on the way back. The search is resumable: it stops when its output buffer is full and
continues from the same arrays; ``meta`` keeps the level, the phase, the solution count and
the number of nodes (entries into a level).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._bits import ctz64, popcount64

#: ``meta`` fields
LEVEL, PHASE, COUNT, NODES, DONE = 0, 1, 2, 3, 4
#: phases: at the start of a level (0), or just after a solution was written (1)
ENTER, AFTER_VISIT = 0, 1


@njit(cache=True)
def build(n_primary, n_items, starts, items, colours):
    """The arrays ``(L, R, LEN, nd, OPT)`` of a compiled problem."""
    n = n_items
    m = starts.shape[0] - 1
    total = n + 1 + items.shape[0] + m + 1
    L = np.empty(n + 2, np.int32)
    R = np.empty(n + 2, np.int32)
    LEN = np.zeros(n + 1, np.int32)
    nd = np.zeros(4 * total, np.int32)
    OPT = np.full(total, -1, np.int32)
    # the two item lists: 0 <-> 1..N1 (primary) and N+1 <-> N1+1..N (secondary)
    for i in range(1, n + 1):
        L[i] = i - 1
        R[i] = i + 1
    if n_primary == 0:
        L[0] = 0
        R[0] = 0
    else:
        R[0] = 1
        L[1] = 0
        R[n_primary] = 0
        L[0] = n_primary
    h = n + 1
    if n_primary == n:
        L[h] = h
        R[h] = h
    else:
        R[h] = n_primary + 1
        L[n_primary + 1] = h
        R[n] = h
        L[h] = n
    for i in range(1, n + 1):
        nd[4 * i + 1] = 4 * i
        nd[4 * i + 2] = 4 * i
    # options between spacers
    q = n + 1  # the first spacer
    last_spacer = q
    for o in range(m):
        first = q + 1
        for k in range(starts[o], starts[o + 1]):
            q += 1
            a = 4 * q
            i = items[k] + 1
            h = 4 * i
            nd[a] = i
            nd[a + 3] = colours[k]
            OPT[q] = o
            LEN[i] += 1
            # append q at the bottom of item i's list
            up = nd[h + 1]
            nd[a + 1] = up
            nd[a + 2] = h
            nd[up + 2] = a
            nd[h + 1] = a
        q += 1  # the spacer after the option
        nd[4 * q] = -(o + 1)
        nd[4 * q + 1] = 4 * first
        nd[4 * last_spacer + 2] = 4 * (q - 1)
        last_spacer = q
    return L, R, LEN, nd, OPT


@njit(cache=True, inline="always")
def _hide(p, nd, LEN, coloured):
    """Take the other nodes of p's option out of their items' lists (hide')."""
    q = p + 4
    while q != p:
        x = nd[q]
        if x <= 0:
            q = nd[q + 1]  # a spacer: back to the first node of the option
        elif coloured and nd[q + 3] < 0:
            q += 4  # an item already known to agree in colour: left in place
        else:
            u = nd[q + 1]
            d = nd[q + 2]
            nd[u + 2] = d
            nd[d + 1] = u
            LEN[x] -= 1
            q += 4


@njit(cache=True, inline="always")
def _unhide(p, nd, LEN, coloured):
    q = p - 4
    while q != p:
        x = nd[q]
        if x <= 0:
            q = nd[q + 2]  # a spacer: on to the last node of the option
        elif coloured and nd[q + 3] < 0:
            q -= 4
        else:
            u = nd[q + 1]
            d = nd[q + 2]
            nd[u + 2] = q
            nd[d + 1] = q
            LEN[x] += 1
            q -= 4


@njit(cache=True, inline="always")
def _cover(i, L, R, nd, LEN, coloured):
    h = 4 * i
    p = nd[h + 2]
    while p != h:
        _hide(p, nd, LEN, coloured)
        p = nd[p + 2]
    left = L[i]
    right = R[i]
    R[left] = right
    L[right] = left


@njit(cache=True, inline="always")
def _uncover(i, L, R, nd, LEN, coloured):
    left = L[i]
    right = R[i]
    R[left] = i
    L[right] = i
    h = 4 * i
    p = nd[h + 1]
    while p != h:
        _unhide(p, nd, LEN, coloured)
        p = nd[p + 1]


@njit(cache=True)
def _purify(p, nd, LEN):
    """Item TOP[p] takes colour COL[p]: options with another colour for it are hidden, the
    ones with the same colour are marked as agreeing (-1)."""
    c = nd[p + 3]
    h = 4 * nd[p]
    q = nd[h + 2]
    while q != h:
        if nd[q + 3] == c:
            nd[q + 3] = -1
        else:
            _hide(q, nd, LEN, True)
        q = nd[q + 2]


@njit(cache=True)
def _unpurify(p, nd, LEN):
    c = nd[p + 3]
    h = 4 * nd[p]
    q = nd[h + 1]
    while q != h:
        if nd[q + 3] < 0:
            nd[q + 3] = c
        else:
            _unhide(q, nd, LEN, True)
        q = nd[q + 1]


@njit(cache=True)
def take(L, R, nd, LEN, firsts, coloured):
    """Start the search with options already chosen (the offsets of their first nodes in
    ``firsts``, compatible with each other, as :func:`clew.cover.prefixes` makes them): the
    state that choosing them at the first levels leaves, never undone. Per option the
    uncoloured items are covered first (which takes the option itself out of every list),
    then its coloured items are purified. Returns False if an uncoloured item is already
    covered (the options clash)."""
    for f in range(firsts.shape[0]):
        for colour_pass in range(2):
            p = firsts[f]
            while nd[p] > 0:
                j = nd[p]
                c = nd[p + 3]
                if colour_pass == 0 and c == 0:
                    if R[L[j]] != j:
                        return False  # covered by an earlier option
                    _cover(j, L, R, nd, LEN, coloured)
                elif colour_pass == 1 and c > 0:
                    _purify(p, nd, LEN)
                p += 4
    return True


@njit(cache=True)
def search(L, R, LEN, nd, OPT, coloured, x, meta, limit, out, sizes):
    """Run or resume Algorithm C (see the module docstring).

    ``x[level]`` is the node (offset) tried at each level. Solutions are counted in
    ``meta[COUNT]`` and, unless ``out`` has no rows (count only), written as option indices
    into ``out[written, :size]`` with their sizes in ``sizes``. Stops at ``limit`` solutions
    (``<= 0``: no limit) or, resumable, when ``out`` is full. Returns the rows written;
    ``meta[DONE]`` is 1 once the search is over. ``coloured`` is False when no option has a
    colour (the faster loops).
    """
    if meta[DONE]:
        return 0
    n = L.shape[0] - 2
    cap = out.shape[0]
    written = 0
    level = meta[LEVEL]
    count = meta[COUNT]
    nodes = meta[NODES]
    # the states of the loop below: Knuth's steps C2 (enter a level), C5 (try x[level]),
    # C6 (try the next option), C8 (leave a level)
    state = 2 if meta[PHASE] == ENTER else 8
    while True:
        if state == 2:
            nodes += 1
            if R[0] == 0:  # every primary item is covered: a solution
                count += 1
                if cap > 0:
                    for k in range(level):
                        out[written, k] = OPT[x[k] >> 2]
                    sizes[written] = level
                    written += 1
                if (limit > 0 and count >= limit) or (cap > 0 and written == cap):
                    meta[LEVEL] = level
                    meta[PHASE] = AFTER_VISIT
                    meta[COUNT] = count
                    meta[NODES] = nodes
                    if limit > 0 and count >= limit:
                        meta[DONE] = 1
                    return written
                state = 8
                continue
            # C3: the active primary item with the fewest options
            best = R[0]
            fewest = LEN[best]
            i = R[best]
            while i != 0 and fewest > 0:
                if LEN[i] < fewest:
                    fewest = LEN[i]
                    best = i
                i = R[i]
            if fewest == 0:
                state = 8  # an item that nothing can cover: back at once
                continue
            _cover(best, L, R, nd, LEN, coloured)
            x[level] = nd[4 * best + 2]
            state = 5
        elif state == 5:
            xl = x[level]
            if xl <= 4 * n:  # back at the item's header: every option was tried
                _uncover(xl >> 2, L, R, nd, LEN, coloured)
                state = 8
                continue
            p = xl + 4
            while p != xl:
                j = nd[p]
                if j <= 0:
                    p = nd[p + 1]
                else:
                    c = nd[p + 3]
                    if c == 0:
                        _cover(j, L, R, nd, LEN, coloured)
                    elif c > 0:
                        _purify(p, nd, LEN)
                    p += 4
            level += 1
            state = 2
        elif state == 6:
            xl = x[level]
            p = xl - 4
            while p != xl:
                j = nd[p]
                if j <= 0:
                    p = nd[p + 2]
                else:
                    c = nd[p + 3]
                    if c == 0:
                        _uncover(j, L, R, nd, LEN, coloured)
                    elif c > 0:
                        _unpurify(p, nd, LEN)
                    p -= 4
            x[level] = nd[xl + 2]
            state = 5
        else:  # state 8
            if level == 0:
                meta[DONE] = 1
                break
            level -= 1
            state = 6
    meta[LEVEL] = level
    meta[COUNT] = count
    meta[NODES] = nodes
    return written


# ---------------------------------------------------------------------------------------------
# The bitset engine: the same search (Algorithm X/C, MRV with the same tie-break), for
# problems with few enough options that a set of options fits in a few machine words
# ---------------------------------------------------------------------------------------------
#
# Options are bits 0..M-1 of W = ceil(M / 64) words; primary items bits of P words::
#
#     item_opts[i]   the options that contain primary item i
#     conflict[o]    the options that cannot be chosen together with o: those sharing one
#                    of its primary or uncoloured items, or giving one of its coloured
#                    items another colour (o itself included)
#     opt_cov[o]     the primary items o covers
#
# A node of the search is the set A of options still possible and the set of primary items
# covered; choosing o is A & ~conflict[o], one pass over W words, and the MRV count of an
# item is popcount(A & item_opts[i]) over W words -- loops the compiler vectorises (with
# AVX-512 VPOPCNTQ where the CPU has it). Nothing is undone: each level keeps its own A.


@njit(cache=True)
def bits_search(item_opts, conflict, opt_cov, full, A, cov, cand, cur, chosen, meta, limit, out, sizes):
    """Run or resume the bitset search. ``A``, ``cov``, ``cand`` are stacks with one row
    per level (row 0 holds the starting state), ``cur`` the first word of ``cand`` that may
    still hold options, ``chosen`` the option taken at each level; ``meta``, ``limit``,
    ``out`` and ``sizes`` as in :func:`search`. Returns the rows written."""
    if meta[DONE]:
        return 0
    W = conflict.shape[1]
    P = opt_cov.shape[1]
    cap = out.shape[0]
    written = 0
    level = meta[LEVEL]
    count = meta[COUNT]
    nodes = meta[NODES]
    enter = meta[PHASE] == ENTER
    while True:
        if enter:
            nodes += 1
            complete = True
            for pw in range(P):
                if cov[level, pw] != full[pw]:
                    complete = False
                    break
            if complete:
                count += 1
                if cap > 0:
                    for k in range(level):
                        out[written, k] = chosen[k]
                    sizes[written] = level
                    written += 1
                enter = False
                level -= 1  # on with the next option of the level above
                if level < 0 or (limit > 0 and count >= limit):
                    break
                if cap > 0 and written == cap:
                    meta[LEVEL] = level
                    meta[PHASE] = AFTER_VISIT
                    meta[COUNT] = count
                    meta[NODES] = nodes
                    return written
                continue
            # MRV: the uncovered primary item in the fewest possible options (first on ties)
            best = -1
            fewest = 1 << 62
            for pw in range(P):
                open_items = full[pw] & ~cov[level, pw]
                while open_items:
                    b = ctz64(open_items)
                    open_items &= open_items - 1
                    i = pw * 64 + b
                    c = 0
                    for w in range(W):
                        c += popcount64(A[level, w] & item_opts[i, w])
                    if c < fewest:
                        fewest = c
                        best = i
                        if c == 0:
                            break
                if fewest == 0:
                    break
            if fewest == 0:
                enter = False
                level -= 1
                if level < 0:
                    break
                continue
            first = W
            for w in range(W):
                v = A[level, w] & item_opts[best, w]
                cand[level, w] = v
                if v != 0 and first == W:
                    first = w
            cur[level] = first
            enter = False
            continue
        # try the next candidate option of this level
        w = cur[level]
        while w < W and cand[level, w] == 0:
            w += 1
        if w == W:
            level -= 1
            if level < 0:
                break
            continue
        cur[level] = w
        v = cand[level, w]
        o = w * 64 + ctz64(v)
        cand[level, w] = v & (v - 1)
        chosen[level] = o
        for k in range(W):
            A[level + 1, k] = A[level, k] & ~conflict[o, k]
        for k in range(P):
            cov[level + 1, k] = cov[level, k] | opt_cov[o, k]
        level += 1
        enter = True
    meta[DONE] = 1
    meta[LEVEL] = 0
    meta[COUNT] = count
    meta[NODES] = nodes
    return written
