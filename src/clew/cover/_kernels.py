"""numba kernel of exact cover: Knuth's Algorithm C (Algorithm X with colours), dancing links.

Ints and numpy arrays only; :mod:`clew.cover.solver` builds the arrays once per problem.

Layout (Knuth, TAOCP 7.2.2.1)
-----------------------------
Items are numbered 1..N, primary first (1..N1), then secondary (N1+1..N)::

    L[i], R[i]     doubly linked list of the active items: primary items hang off the head
                   0, secondary items off the head N+1 (so choosing only sees primary ones)
    LEN[i]         how many active options still contain item i

Nodes share one set of arrays. Nodes 1..N are the item headers (``U``/``D``: the vertical
list of the options that contain the item). Then each option is a run of nodes, one per
item, between *spacer* nodes::

    TOP[p]    the item of node p; for a spacer, -(the option number) <= 0
    U[p]      node above p in its item's list; for a spacer: the first node of the option before it
    D[p]      node below p; for a spacer: the last node of the option after it
    COL[p]    colour of node p: 0 none, > 0 a colour, -1 "already agrees" (set by purify)
    OPT[p]    the option index (0-based) of node p

    header 1..N | spacer | a1 a2 a3 | spacer | b1 b2 | spacer | ...

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

#: ``meta`` fields
LEVEL, PHASE, COUNT, NODES, DONE = 0, 1, 2, 3, 4
#: phases: at the start of a level (0), or just after a solution was written (1)
ENTER, AFTER_VISIT = 0, 1


@njit(cache=True)
def build(n_primary, n_items, starts, items, colours):
    """The linked arrays ``(L, R, LEN, TOP, U, D, COL, OPT)`` of a compiled problem."""
    n = n_items
    m = starts.shape[0] - 1
    total = n + 1 + items.shape[0] + m + 1
    L = np.empty(n + 2, np.int64)
    R = np.empty(n + 2, np.int64)
    LEN = np.zeros(n + 1, np.int64)
    TOP = np.zeros(total, np.int64)
    U = np.zeros(total, np.int64)
    D = np.zeros(total, np.int64)
    COL = np.zeros(total, np.int64)
    OPT = np.full(total, -1, np.int64)
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
        U[i] = i
        D[i] = i
    # options between spacers
    p = n + 1  # the first spacer
    TOP[p] = 0
    last_spacer = p
    for o in range(m):
        first = p + 1
        for k in range(starts[o], starts[o + 1]):
            p += 1
            i = items[k] + 1
            TOP[p] = i
            COL[p] = colours[k]
            OPT[p] = o
            LEN[i] += 1
            # append p at the bottom of item i's list
            U[p] = U[i]
            D[p] = i
            D[U[i]] = p
            U[i] = p
        p += 1  # the spacer after the option
        TOP[p] = -(o + 1)
        U[p] = first
        D[last_spacer] = p - 1
        last_spacer = p
    D[last_spacer] = 0
    return L, R, LEN, TOP, U, D, COL, OPT


@njit(cache=True, inline="always")
def _hide(p, TOP, U, D, COL, LEN):
    """Take the other nodes of p's option out of their items' lists (hide')."""
    q = p + 1
    while q != p:
        x = TOP[q]
        if x <= 0:
            q = U[q]  # a spacer: back to the first node of the option
        elif COL[q] < 0:
            q += 1  # an item already known to agree in colour: left in place
        else:
            u = U[q]
            d = D[q]
            D[u] = d
            U[d] = u
            LEN[x] -= 1
            q += 1


@njit(cache=True, inline="always")
def _unhide(p, TOP, U, D, COL, LEN):
    q = p - 1
    while q != p:
        x = TOP[q]
        if x <= 0:
            q = D[q]  # a spacer: on to the last node of the option
        elif COL[q] < 0:
            q -= 1
        else:
            u = U[q]
            d = D[q]
            D[u] = q
            U[d] = q
            LEN[x] += 1
            q -= 1


@njit(cache=True)
def _cover(i, L, R, TOP, U, D, COL, LEN):
    p = D[i]
    while p != i:
        _hide(p, TOP, U, D, COL, LEN)
        p = D[p]
    left = L[i]
    right = R[i]
    R[left] = right
    L[right] = left


@njit(cache=True)
def _uncover(i, L, R, TOP, U, D, COL, LEN):
    left = L[i]
    right = R[i]
    R[left] = i
    L[right] = i
    p = U[i]
    while p != i:
        _unhide(p, TOP, U, D, COL, LEN)
        p = U[p]


@njit(cache=True)
def _purify(p, TOP, U, D, COL, LEN):
    """Item TOP[p] takes colour COL[p]: options with another colour for it are hidden, the
    ones with the same colour are marked as agreeing (-1)."""
    c = COL[p]
    i = TOP[p]
    q = D[i]
    while q != i:
        if COL[q] == c:
            COL[q] = -1
        else:
            _hide(q, TOP, U, D, COL, LEN)
        q = D[q]


@njit(cache=True)
def _unpurify(p, TOP, U, D, COL, LEN):
    c = COL[p]
    i = TOP[p]
    q = U[i]
    while q != i:
        if COL[q] < 0:
            COL[q] = c
        else:
            _unhide(q, TOP, U, D, COL, LEN)
        q = U[q]


@njit(cache=True)
def search(L, R, LEN, TOP, U, D, COL, OPT, x, meta, limit, out, sizes):
    """Run or resume Algorithm C (see the module docstring).

    ``x[level]`` is the node tried at each level. Solutions are counted in ``meta[COUNT]``
    and, unless ``out`` has no rows (count only), written as option indices into
    ``out[written, :size]`` with their sizes in ``sizes``. Stops at ``limit`` solutions
    (``<= 0``: no limit) or, resumable, when ``out`` is full. Returns the rows written;
    ``meta[DONE]`` is 1 once the search is over.
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
                        out[written, k] = OPT[x[k]]
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
            _cover(best, L, R, TOP, U, D, COL, LEN)
            x[level] = D[best]
            state = 5
        elif state == 5:
            xl = x[level]
            if xl <= n:  # back at the item's header: every option was tried
                _uncover(xl, L, R, TOP, U, D, COL, LEN)
                state = 8
                continue
            p = xl + 1
            while p != xl:
                j = TOP[p]
                if j <= 0:
                    p = U[p]
                else:
                    if COL[p] == 0:
                        _cover(j, L, R, TOP, U, D, COL, LEN)
                    elif COL[p] > 0:
                        _purify(p, TOP, U, D, COL, LEN)
                    p += 1
            level += 1
            state = 2
        elif state == 6:
            xl = x[level]
            p = xl - 1
            while p != xl:
                j = TOP[p]
                if j <= 0:
                    p = D[p]
                else:
                    if COL[p] == 0:
                        _uncover(j, L, R, TOP, U, D, COL, LEN)
                    elif COL[p] > 0:
                        _unpurify(p, TOP, U, D, COL, LEN)
                    p -= 1
            x[level] = D[xl]
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
