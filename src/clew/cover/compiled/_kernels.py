"""numba kernels of exact cover: Knuth's Algorithm C (Algorithm X with colours) on dancing
links, and the same search on bitsets for problems with few options.

Ints and numpy arrays only; :mod:`clew.cover.kernels` builds the arrays once per problem.

Layout (Knuth, TAOCP 7.2.2.1, packed)
-------------------------------------
Items are numbered 1..N, primary first (1..N1), then secondary (N1+1..N)::

    L[i], R[i]     doubly linked list of the active items: primary items hang off the head
                   ROOT = 0, secondary items off the head N+1 (so choosing only sees primary
                   ones)
    LEN[i]         how many active options still contain item i

        ROOT=0 <-> 1 <-> 2 <-> ... <-> N1 <-> (ROOT)         primary, the ones to cover
        N+1 <-> N1+1 <-> ... <-> N <-> (N+1)                 secondary

Nodes live in one int32 array, ``NODE_SIZE`` fields per node, so that one step of the dance
touches one cache line instead of four arrays; node q starts at offset ``a = q * NODE_SIZE``
(``q << NODE_SHIFT``) and every link holds such an offset, never a node number::

              a + TOP   a + ULINK   a + DLINK   a + COLOR
            +---------+-----------+-----------+-----------+
    nd[a:]  |  item   |  node up  | node down |  colour   |    16 bytes: 4 nodes per
            +---------+-----------+-----------+-----------+    64-byte cache line

    TOP    the item of the node; for a spacer, -(the option number) <= 0
    ULINK  the node above in its item's list; for a spacer, the first node of the option
           before it
    DLINK  the node below; for a spacer, the last node of the option after it
    COLOR  NO_COLOUR (0), a colour (> 0), or AGREES (-1): "already agrees", set by purify

Nodes 1..N are the item headers (the heads of the vertical lists; node 0 is unused, so that
header i is node i); then each option is a run of nodes, one per item, between *spacer*
nodes. Items a, b, c (1, 2, 3) and the options {a, b}, {a, c}, as node numbers q (the array
holds 4q; ``.`` is never read)::

    q        0 |  1  2  3 |  4 |  5  6 |  7 |  8  9 | 10
             - |  headers | sp |  opt 0 | sp |  opt 1 | sp
    TOP      . |  .  .  . |  0 |  1  2 | -1 |  1  3 | -2
    ULINK    . |  8  6  9 |  . |  1  2 |  5 |  5  3 |  8
    DLINK    . |  5  6  9 |  6 |  8  2 |  9 |  1  3 |  .
    COLOR    . |  .  .  . |  . |  0  0 |  . |  0  0 |  .

    item a's list: header 1 -> 5 -> 8 -> header 1 (DLINK), LEN[a] = 2

``OPT[q]`` is the option index (0-based) of node q. The first node of option o is node
``N + 2 + starts[o] + o`` (the headers, one spacer per option so far, the nodes before it);
:mod:`clew.cover.kernels` computes that offset for ``take``. Problems without
colours run a search whose hide/unhide loops skip the colour test.

Search (``search``)
-------------------
Iterative Algorithm C: at each level choose the active primary item with the fewest options
(MRV; an item with none ends the branch at once), cover it, and try its options one by one:
*commit* the other items of the option (cover an uncoloured item; *purify* a coloured one,
hiding the options that give it another colour), go one level deeper, and undo in reverse
order on the way back. The loop's states are Knuth's step numbers (``C2_ENTER_LEVEL``,
``C5_TRY``, ``C6_TRY_AGAIN``, ``C8_LEAVE_LEVEL``; C3, C4 and C7 run inside them). The search
is resumable: it stops when its output buffer is full and continues from the same arrays;
``meta`` keeps the level, the phase, the solution count and the number of nodes (entries
into a level).

Both searches release the GIL (``nogil=True``): a count runs its pieces on worker threads
while the main thread stays free to notice Ctrl-C.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit, uint64

from ..._bits import WORD, ctz64, popcount64

#: ``meta`` fields (``META_SIZE`` int64 slots)
LEVEL, PHASE, COUNT, NODES, DONE = 0, 1, 2, 3, 4
META_SIZE = 5
#: phases: at the start of a level (0), or just after a solution was written (1)
ENTER, AFTER_VISIT = 0, 1

#: Fields of a node, offsets from its start (see the layout above).
TOP, ULINK, DLINK, COLOR = 0, 1, 2, 3
#: int32 fields per node, and its log2: node q starts at ``q << NODE_SHIFT``.
NODE_SHIFT = 2
NODE_SIZE = 1 << NODE_SHIFT
#: ``COLOR`` values besides the colours themselves (1, 2, ...).
NO_COLOUR = 0
AGREES = -1
#: Indices go through ``_u`` (unsigned) in the hot loops: numba turns a signed index into a
#: compare and a select, to wrap negative ones around as Python does; every index here is
#: non-negative, and an unsigned one compiles to the plain load of Knuth's C (half the time
#: of a cover-heavy search). Never index with ``_u`` a value that can be negative.
_u = uint64

#: The head of the list of active primary items: ``R[ROOT] == ROOT`` once all are covered.
ROOT = 0

#: States of ``search``'s loop, numbered as Knuth's steps of Algorithm C.
C2_ENTER_LEVEL = 2  # a solution if no primary item is left; else C3 choose, C4 cover
C5_TRY = 5  # commit the option of x[level] and go deeper, or C7 uncover when all are tried
C6_TRY_AGAIN = 6  # uncommit x[level], move to the next option of the item
C8_LEAVE_LEVEL = 8  # back up one level (the search is over at level 0)


class Links(NamedTuple):
    """The dancing links of a problem (see the layout above): what :func:`build` returns, and
    what the searches take as one argument."""

    L: np.ndarray
    R: np.ndarray
    LEN: np.ndarray
    nd: np.ndarray
    OPT: np.ndarray

    def copy(self) -> Links:
        """A copy to dance on: the links change as a search runs."""
        return Links(*(a.copy() for a in self))


@njit(cache=True)
def build(n_primary, n_items, starts, items, colours):
    """The arrays ``(L, R, LEN, nd, OPT)`` of a compiled problem."""
    n = n_items
    m = starts.shape[0] - 1
    total = n + 1 + items.shape[0] + m + 1
    L = np.empty(n + 2, np.int32)
    R = np.empty(n + 2, np.int32)
    LEN = np.zeros(n + 1, np.int32)
    nd = np.zeros(NODE_SIZE * total, np.int32)
    OPT = np.full(total, -1, np.int32)
    # the two item lists: ROOT <-> 1..N1 (primary) and N+1 <-> N1+1..N (secondary)
    for i in range(1, n + 1):
        L[i] = i - 1
        R[i] = i + 1
    if n_primary == 0:
        L[ROOT] = ROOT
        R[ROOT] = ROOT
    else:
        R[ROOT] = 1
        L[1] = ROOT
        R[n_primary] = ROOT
        L[ROOT] = n_primary
    h = n + 1
    if n_primary == n:
        L[h] = h
        R[h] = h
    else:
        R[h] = n_primary + 1
        L[n_primary + 1] = h
        R[n] = h
        L[h] = n
    for i in range(1, n + 1):  # empty vertical lists: each header linked to itself
        nd[NODE_SIZE * i + ULINK] = NODE_SIZE * i
        nd[NODE_SIZE * i + DLINK] = NODE_SIZE * i
    # options between spacers
    q = n + 1  # the first spacer
    last_spacer = q
    for o in range(m):
        first = q + 1
        for k in range(starts[o], starts[o + 1]):
            q += 1
            a = NODE_SIZE * q
            i = items[k] + 1
            h = NODE_SIZE * i
            nd[a + TOP] = i
            nd[a + COLOR] = colours[k]
            OPT[q] = o
            LEN[i] += 1
            # append q at the bottom of item i's list
            up = nd[h + ULINK]
            nd[a + ULINK] = up
            nd[a + DLINK] = h
            nd[up + DLINK] = a
            nd[h + ULINK] = a
        q += 1  # the spacer after the option
        nd[NODE_SIZE * q + TOP] = -(o + 1)
        nd[NODE_SIZE * q + ULINK] = NODE_SIZE * first
        nd[NODE_SIZE * last_spacer + DLINK] = NODE_SIZE * (q - 1)
        last_spacer = q
    return L, R, LEN, nd, OPT


@njit(cache=True, inline="always")
def _hide(p, nd, LEN, coloured):
    """Take the other nodes of p's option out of their items' lists (hide')."""
    q = p + NODE_SIZE
    while q != p:
        x = nd[_u(q + TOP)]
        if x <= 0:
            q = nd[_u(q + ULINK)]  # a spacer: back to the first node of the option
        elif coloured and nd[_u(q + COLOR)] == AGREES:
            q += NODE_SIZE  # an item already known to agree in colour: left in place
        else:
            u = nd[_u(q + ULINK)]
            d = nd[_u(q + DLINK)]
            nd[_u(u + DLINK)] = d
            nd[_u(d + ULINK)] = u
            LEN[_u(x)] -= 1
            q += NODE_SIZE


@njit(cache=True, inline="always")
def _unhide(p, nd, LEN, coloured):
    q = p - NODE_SIZE
    while q != p:
        x = nd[_u(q + TOP)]
        if x <= 0:
            q = nd[_u(q + DLINK)]  # a spacer: on to the last node of the option
        elif coloured and nd[_u(q + COLOR)] == AGREES:
            q -= NODE_SIZE
        else:
            u = nd[_u(q + ULINK)]
            d = nd[_u(q + DLINK)]
            nd[_u(u + DLINK)] = q
            nd[_u(d + ULINK)] = q
            LEN[_u(x)] += 1
            q -= NODE_SIZE


@njit(cache=True, inline="always")
def _cover(i, L, R, nd, LEN, coloured):
    h = NODE_SIZE * i
    p = nd[_u(h + DLINK)]
    while p != h:
        _hide(p, nd, LEN, coloured)
        p = nd[_u(p + DLINK)]
    left = L[_u(i)]
    right = R[_u(i)]
    R[_u(left)] = right
    L[_u(right)] = left


@njit(cache=True, inline="always")
def _uncover(i, L, R, nd, LEN, coloured):
    left = L[_u(i)]
    right = R[_u(i)]
    R[_u(left)] = i
    L[_u(right)] = i
    h = NODE_SIZE * i
    p = nd[_u(h + ULINK)]
    while p != h:
        _unhide(p, nd, LEN, coloured)
        p = nd[_u(p + ULINK)]


@njit(cache=True)
def _purify(p, nd, LEN):
    """Item TOP[p] takes colour COLOR[p]: options with another colour for it are hidden,
    the ones with the same colour are marked as agreeing (``AGREES``)."""
    c = nd[_u(p + COLOR)]
    h = NODE_SIZE * nd[_u(p + TOP)]
    q = nd[_u(h + DLINK)]
    while q != h:
        if nd[_u(q + COLOR)] == c:
            nd[_u(q + COLOR)] = AGREES
        else:
            _hide(q, nd, LEN, True)
        q = nd[_u(q + DLINK)]


@njit(cache=True)
def _unpurify(p, nd, LEN):
    c = nd[_u(p + COLOR)]
    h = NODE_SIZE * nd[_u(p + TOP)]
    q = nd[_u(h + ULINK)]
    while q != h:
        if nd[_u(q + COLOR)] == AGREES:
            nd[_u(q + COLOR)] = c
        else:
            _unhide(q, nd, LEN, True)
        q = nd[_u(q + ULINK)]


@njit(cache=True)
def take(L, R, nd, LEN, firsts, coloured):
    """Start the search with options already chosen (the offsets of their first nodes in
    ``firsts``, compatible with each other, as :func:`clew.cover.prefixes` makes them): the
    state that choosing them at the first levels leaves, never undone. Per option the
    uncoloured items are covered first (which takes the option itself out of every list),
    then its coloured items are purified. Returns False if an uncoloured item is already
    covered (the options clash)."""
    for f in range(firsts.shape[0]):
        for colour_pass in range(2):  # 0: cover the uncoloured items, 1: purify the others
            p = firsts[f]
            while nd[p + TOP] > 0:  # up to the spacer after the option
                j = nd[p + TOP]
                c = nd[p + COLOR]
                if colour_pass == 0 and c == NO_COLOUR:
                    if R[L[j]] != j:
                        return False  # covered by an earlier option
                    _cover(j, L, R, nd, LEN, coloured)
                elif colour_pass == 1 and c > NO_COLOUR:
                    _purify(p, nd, LEN)
                p += NODE_SIZE
    return True


@njit(cache=True, nogil=True)
def search(links, coloured, x, meta, limit, out, sizes):
    """Run or resume Algorithm C (see the module docstring) on ``links`` (:class:`Links`).

    ``x[level]`` is the node (offset) tried at each level. Solutions are counted in
    ``meta[COUNT]`` and, unless ``out`` has no rows (count only), written as option indices
    into ``out[written, :size]`` with their sizes in ``sizes``. Stops at ``limit`` solutions
    (``<= 0``: no limit) or, resumable, when ``out`` is full. Returns the rows written;
    ``meta[DONE]`` is 1 once the search is over. ``coloured`` is False when no option has a
    colour (the faster loops). Releases the GIL.
    """
    if meta[DONE]:
        return 0
    L, R, LEN, nd, OPT = links
    n = L.shape[0] - 2
    cap = out.shape[0]
    written = 0
    level = meta[LEVEL]
    count = meta[COUNT]
    nodes = meta[NODES]
    # the states of the loop below are Knuth's steps (see the constants): a search resumed
    # after a solution goes on where step C2 went after visiting it, to C8
    state = C2_ENTER_LEVEL if meta[PHASE] == ENTER else C8_LEAVE_LEVEL
    while True:
        if state == C2_ENTER_LEVEL:
            nodes += 1
            if R[ROOT] == ROOT:  # every primary item is covered: a solution
                count += 1
                if cap > 0:
                    for k in range(level):
                        out[written, k] = OPT[x[k] >> NODE_SHIFT]
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
                state = C8_LEAVE_LEVEL
                continue
            # C3: the active primary item with the fewest options
            best = R[ROOT]
            fewest = LEN[best]
            i = R[best]
            while i != ROOT and fewest > 0:
                if LEN[i] < fewest:
                    fewest = LEN[i]
                    best = i
                i = R[i]
            if fewest == 0:
                state = C8_LEAVE_LEVEL  # an item that nothing can cover: back at once
                continue
            # C4: cover it; its first option is the first to try
            _cover(best, L, R, nd, LEN, coloured)
            x[level] = nd[NODE_SIZE * best + DLINK]
            state = C5_TRY
        elif state == C5_TRY:
            xl = x[level]
            if xl <= NODE_SIZE * n:  # back at the item's header: every option was tried
                _uncover(xl >> NODE_SHIFT, L, R, nd, LEN, coloured)  # C7
                state = C8_LEAVE_LEVEL
                continue
            p = xl + NODE_SIZE
            while p != xl:
                j = nd[p + TOP]
                if j <= 0:
                    p = nd[p + ULINK]
                else:
                    c = nd[p + COLOR]
                    if c == NO_COLOUR:
                        _cover(j, L, R, nd, LEN, coloured)
                    elif c > NO_COLOUR:
                        _purify(p, nd, LEN)
                    p += NODE_SIZE
            level += 1
            state = C2_ENTER_LEVEL
        elif state == C6_TRY_AGAIN:
            xl = x[level]
            p = xl - NODE_SIZE
            while p != xl:
                j = nd[p + TOP]
                if j <= 0:
                    p = nd[p + DLINK]
                else:
                    c = nd[p + COLOR]
                    if c == NO_COLOUR:
                        _uncover(j, L, R, nd, LEN, coloured)
                    elif c > NO_COLOUR:
                        _unpurify(p, nd, LEN)
                    p -= NODE_SIZE
            x[level] = nd[xl + DLINK]
            state = C5_TRY
        else:  # C8_LEAVE_LEVEL
            if level == 0:
                meta[DONE] = 1
                break
            level -= 1
            state = C6_TRY_AGAIN
    meta[LEVEL] = level
    meta[COUNT] = count
    meta[NODES] = nodes
    return written


# ---------------------------------------------------------------------------------------------
# The bitset engine: the same search (Algorithm X/C, MRV with the same tie-break), for
# problems with few enough options that a set of options fits in a few machine words
# ---------------------------------------------------------------------------------------------
#
# Options are bits 0..M-1 of W = ceil(M / WORD) words; primary items bits of P words.
# Every set is a row of int64 words (the solver builds them as uint64 and passes views),
# option (or item) o being bit o % WORD of word o // WORD::
#
#     word            0                  1                       W - 1
#     bit        63 ........ 0 | 63 ......... 0 | ... | 63 ............... 0
#     option     63 ........ 0 | 127 ....... 64 | ... | M-1 ...... 64*(W-1)
#                                                      (the bits above M - 1 stay 0)
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

#: Start of the MRV minimum: more options than any item can have.
_MORE_THAN_ANY = 1 << 62


@njit(cache=True, nogil=True)
def bits_search(
    item_opts, conflict, opt_cov, full, A, cov, cand, cur, chosen, meta, limit, out, sizes
):
    """Run or resume the bitset search. ``A``, ``cov``, ``cand`` are stacks with one row
    per level (row 0 holds the starting state), ``cur`` the first word of ``cand`` that may
    still hold options, ``chosen`` the option taken at each level; ``meta``, ``limit``,
    ``out`` and ``sizes`` as in :func:`search`. Returns the rows written. Releases the
    GIL."""
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
            fewest = _MORE_THAN_ANY
            for pw in range(P):
                open_items = full[pw] & ~cov[level, pw]
                while open_items:
                    b = ctz64(open_items)
                    open_items &= open_items - 1
                    i = pw * WORD + b
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
        o = w * WORD + ctz64(v)
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
