"""numba kernel of exact cover with multiplicities: Knuth's Algorithm M (TAOCP 7.2.2.1,
his program DLX3), on the dancing links of :mod:`clew.cover._kernels`.

Ints and numpy arrays only; :mod:`clew.cover.solver` builds the arrays once per problem.

The problem
-----------
Every primary item i carries bounds ``u_i <= v_i`` (``v_i >= 1``): a solution is a set of
options covering i at least ``u_i`` and at most ``v_i`` times; secondary items are covered
at most once, or by options that agree on their colour, as in Algorithm C. Options without
a primary item are never chosen. With every bound 1:1 the search is Algorithm C's.

Layout
------
The nodes, item lists and spacers of :func:`clew.cover._kernels.build`, unchanged, plus two
arrays indexed by item (1..N1, the primary ones)::

    BOUND[i]   how many more options may still cover i (v_i at the start)
    SLACK[i]   v_i - u_i, fixed: i is satisfied once BOUND[i] <= SLACK[i]

Search (``search``)
-------------------
At each level choose the active primary item i with the smallest branching degree
``LEN[i] + 1 - monus(BOUND[i], SLACK[i])`` (the options left in its list, plus one for
leaving it, minus what it still needs); ties go to the smaller slack, then to the longer
list, then to the first item, as in DLX3. A degree of 0 or less ends the branch.

Branching on i decrements ``BOUND[i]``; if it reaches 0 (and i has no slack) i is covered
as in Algorithm C. Otherwise the options of i are tried one after another, each *tweaked*
before it is tried: taken out of i's list and blocked everywhere else, so that the next
level, which may branch on i again, only sees the options after it. Every subset of i's
options is thus reached exactly once, in increasing order. When the list runs out (and i
needs no more), i is *deactivated*: the null move, no option added at this level. Going
back up, *untweak* puts the tweaked options back in one sweep from the first one tweaked
(``ft[level]``). Choosing an option decrements the bound of each of its other primary items
and covers those that reach 0; its secondary items are committed as in Algorithm C.

The states of the loop are Knuth's step numbers: ``M2_ENTER_LEVEL`` (a solution when no
primary item is active; else M3 choose and M4 prepare to branch), ``M5_POSSIBLY_TWEAK``,
``M6_TRY``, ``M7_TRY_AGAIN``, ``M8_RESTORE``, ``M9_LEAVE_LEVEL``. ``x[level]`` is the node
tried at each level, or the header of the item for a null move. The search is resumable
with the ``meta`` protocol of :func:`clew.cover._kernels.search` (level, phase, count,
nodes, done): it stops when its output buffer is full and continues from the same arrays.
It releases the GIL (``nogil=True``).
"""

from __future__ import annotations

from numba import njit

from ._kernels import (
    AFTER_VISIT,
    COLOR,
    COUNT,
    DLINK,
    DONE,
    ENTER,
    LEVEL,
    NO_COLOUR,
    NODE_SHIFT,
    NODE_SIZE,
    NODES,
    PHASE,
    ROOT,
    TOP,
    ULINK,
    _cover,
    _hide,
    _purify,
    _uncover,
    _unhide,
    _unpurify,
    build,
)

__all__ = ["build", "search"]

#: States of ``search``'s loop, numbered as Knuth's steps of Algorithm M.
M2_ENTER_LEVEL = 2  # a solution if no primary item is active; else M3 choose i, M4 prepare
M5_POSSIBLY_TWEAK = 5  # x[level] too far down i's list: restore; else tweak it (or deactivate i)
M6_TRY = 6  # commit the other items of x[level]'s option and go one level deeper
M7_TRY_AGAIN = 7  # uncommit x[level]'s option, move on to the next option of i
M8_RESTORE = 8  # undo the branching on i: uncover or untweak, give back the bound
M9_LEAVE_LEVEL = 9  # back up one level (the search is over at level 0)

#: Start of the minimum of the branching degrees: more than any item can have.
_NO_SCORE = 1 << 62


@njit(cache=True, inline="always")
def _tweak(x, h, i, nd, LEN, coloured, blocked):
    """Take x, the first node of i's list, out of the list, and (unless ``blocked``: i is
    covered, which hid the option already) hide the rest of its option."""
    if not blocked:
        _hide(x, nd, LEN, coloured)
    d = nd[x + DLINK]
    nd[h + DLINK] = d
    nd[d + ULINK] = h
    LEN[i] -= 1


@njit(cache=True, inline="always")
def _untweak(a, h, i, nd, LEN, coloured, blocked):
    """Put back every node tweaked out of i's list at this level, from the first one ``a``
    (their DLINKs still chain them), unhiding their options unless ``blocked``."""
    x = a
    y = h
    z = nd[h + DLINK]
    nd[h + DLINK] = x
    k = 0
    while x != z:
        nd[x + ULINK] = y
        k += 1
        if not blocked:
            _unhide(x, nd, LEN, coloured)
        y = x
        x = nd[x + DLINK]
    nd[z + ULINK] = y
    LEN[i] += k


@njit(cache=True, nogil=True)
def search(L, R, LEN, nd, OPT, BOUND, SLACK, n_primary, coloured, x, ft, meta, limit, out, sizes):
    """Run or resume Algorithm M (see the module docstring).

    ``BOUND`` and ``SLACK`` as above (int32, indexed by item, changed and restored by the
    search); ``x`` and ``ft`` one entry per level (the options of a solution plus one null
    move per primary item, plus one). Solutions are counted in ``meta[COUNT]`` and, unless
    ``out`` has no rows (count only), written as option indices into ``out[written, :size]``
    with their sizes in ``sizes``. Stops at ``limit`` solutions (``<= 0``: no limit) or,
    resumable, when ``out`` is full. Returns the rows written; ``meta[DONE]`` is 1 once the
    search is over. Releases the GIL.
    """
    if meta[DONE]:
        return 0
    n = L.shape[0] - 2
    last_header = NODE_SIZE * n  # offsets up to here are item headers
    cap = out.shape[0]
    written = 0
    level = meta[LEVEL]
    count = meta[COUNT]
    nodes = meta[NODES]
    i = 0
    # a search resumed after a solution goes on where step M2 went after visiting it, M9
    state = M2_ENTER_LEVEL if meta[PHASE] == ENTER else M9_LEAVE_LEVEL
    while True:
        if state == M2_ENTER_LEVEL:
            nodes += 1
            if R[ROOT] == ROOT:  # no active primary item: a solution
                count += 1
                if cap > 0:
                    size = 0
                    for k in range(level):
                        if x[k] > last_header:  # not a null move
                            out[written, size] = OPT[x[k] >> NODE_SHIFT]
                            size += 1
                    sizes[written] = size
                    written += 1
                if (limit > 0 and count >= limit) or (cap > 0 and written == cap):
                    meta[LEVEL] = level
                    meta[PHASE] = AFTER_VISIT
                    meta[COUNT] = count
                    meta[NODES] = nodes
                    if limit > 0 and count >= limit:
                        meta[DONE] = 1
                    return written
                state = M9_LEAVE_LEVEL
                continue
            # M3: the active primary item of smallest branching degree
            best = ROOT
            best_score = _NO_SCORE
            best_slack = _NO_SCORE
            best_len = -1
            p = R[ROOT]
            while p != ROOT:
                b = BOUND[p]
                s = SLACK[p]
                if s > b:
                    s = b
                score = LEN[p] + 1 - (b - s)
                if score < best_score or (
                    score == best_score and (s < best_slack or (s == best_slack and LEN[p] > best_len))
                ):
                    best = p
                    best_score = score
                    best_slack = s
                    best_len = LEN[p]
                p = R[p]
            if best_score <= 0:
                state = M9_LEAVE_LEVEL  # i cannot get the options it still needs
                continue
            # M4: prepare to branch on i
            i = best
            x[level] = nd[NODE_SIZE * i + DLINK]
            BOUND[i] -= 1
            if BOUND[i] == 0:
                _cover(i, L, R, nd, LEN, coloured)
            if BOUND[i] != 0 or SLACK[i] != 0:
                ft[level] = x[level]
            state = M5_POSSIBLY_TWEAK
        elif state == M5_POSSIBLY_TWEAK:
            h = NODE_SIZE * i
            xl = x[level]
            if BOUND[i] == 0 and SLACK[i] == 0:  # Algorithm C: each option of i, one by one
                state = M6_TRY if xl != h else M8_RESTORE
                continue
            if LEN[i] <= BOUND[i] - SLACK[i]:  # too few options left for what i needs
                state = M8_RESTORE
                continue
            if xl != h:
                _tweak(xl, h, i, nd, LEN, coloured, BOUND[i] == 0)
            elif BOUND[i] != 0:  # the null move: leave i as it is, deactivated
                left = L[i]
                right = R[i]
                R[left] = right
                L[right] = left
            state = M6_TRY
        elif state == M6_TRY:
            xl = x[level]
            if xl > last_header:
                p = xl + NODE_SIZE
                while p != xl:
                    j = nd[p + TOP]
                    if j <= 0:
                        p = nd[p + ULINK]  # a spacer: back to the first node of the option
                    else:
                        if j <= n_primary:
                            BOUND[j] -= 1
                            if BOUND[j] == 0:
                                _cover(j, L, R, nd, LEN, coloured)
                        else:
                            c = nd[p + COLOR]
                            if c == NO_COLOUR:
                                _cover(j, L, R, nd, LEN, coloured)
                            elif c > NO_COLOUR:
                                _purify(p, nd, LEN)
                        p += NODE_SIZE
            level += 1
            state = M2_ENTER_LEVEL
        elif state == M7_TRY_AGAIN:
            xl = x[level]
            p = xl - NODE_SIZE
            while p != xl:
                j = nd[p + TOP]
                if j <= 0:
                    p = nd[p + DLINK]  # a spacer: on to the last node of the option
                else:
                    if j <= n_primary:
                        BOUND[j] += 1
                        if BOUND[j] == 1:
                            _uncover(j, L, R, nd, LEN, coloured)
                    else:
                        c = nd[p + COLOR]
                        if c == NO_COLOUR:
                            _uncover(j, L, R, nd, LEN, coloured)
                        elif c > NO_COLOUR:
                            _unpurify(p, nd, LEN)
                    p -= NODE_SIZE
            x[level] = nd[xl + DLINK]
            state = M5_POSSIBLY_TWEAK
        elif state == M8_RESTORE:
            h = NODE_SIZE * i
            if BOUND[i] == 0 and SLACK[i] == 0:
                _uncover(i, L, R, nd, LEN, coloured)
            else:
                _untweak(ft[level], h, i, nd, LEN, coloured, BOUND[i] == 0)
                if BOUND[i] == 0:
                    _uncover(i, L, R, nd, LEN, coloured)
            BOUND[i] += 1
            state = M9_LEAVE_LEVEL
        else:  # M9_LEAVE_LEVEL
            if level == 0:
                meta[DONE] = 1
                break
            level -= 1
            xl = x[level]
            if xl <= last_header:  # a null move: reactivate its item, then restore it
                i = xl >> NODE_SHIFT
                R[L[i]] = i
                L[R[i]] = i
                state = M8_RESTORE
            else:
                i = nd[xl + TOP]
                state = M7_TRY_AGAIN
    meta[LEVEL] = level
    meta[COUNT] = count
    meta[NODES] = nodes
    return written
