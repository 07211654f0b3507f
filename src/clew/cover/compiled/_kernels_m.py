"""numba kernel of exact cover with multiplicities: Knuth's Algorithm M (TAOCP 7.2.2.1,
his program DLX3), on the dancing links of :mod:`clew.cover.compiled._kernels`.

Ints and numpy arrays only; :mod:`clew.cover.kernels` builds the arrays once per problem.
Up to ``MBITS_MAX_OPTIONS`` options the solver runs the same search, node for node, on
bitsets (:mod:`clew.cover.compiled._kernels_mbits`); traces and the cut into pieces run here.

The problem
-----------
Every primary item i carries bounds ``u_i <= v_i`` (``v_i >= 1``): a solution is a set of
options covering i at least ``u_i`` and at most ``v_i`` times; secondary items are covered
at most once, or by options that agree on their colour, as in Algorithm C. Options without
a primary item are never chosen. With every bound 1:1 the search is Algorithm C's.

Layout
------
The nodes, item lists and spacers of :func:`clew.cover.compiled._kernels.build`, unchanged, plus two
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
with the ``meta`` protocol of :func:`clew.cover.compiled._kernels.search` (level, phase, count,
nodes, done): it stops when its output buffer is full and continues from the same arrays.
It releases the GIL (``nogil=True``).

Pieces (``path``, ``depth``, ``cut``)
-------------------------------------
A *path* names the choices of the first levels: the option tried at each level, or -1 for
a null move. With ``cut > 0`` the search stops at level ``cut`` (and at every solution
above it) and writes the path that led there instead of a solution: the pieces of a
parallel count (:func:`clew.cover.solver.prefixes`). With ``depth > 0`` the search
*replays* ``path[:depth]``: at each of those levels it branches on the item it would
anyway, passes over the options before the named one exactly as the full search does
(tweaked, so the rest of the search never sees them again), tries only that one, and
leaves the level when it comes back. Every node of the full search below level ``cut``
lies under exactly one path, so the counts of the replays add up to the count.

Traces (``cut == TRACE``)
-------------------------
The rows written are the events of the search instead of its solutions, ``EVENT_FIELDS``
int64 each (``clew.cover.trace`` turns them into trace events)::

    out[w] = [kind, level, option, item]     kind: EV_PLACE, EV_PRUNE, EV_BACKTRACK,
                                             EV_SOLUTION; option -1: a null move (or none);
                                             item: the kernel's item (1..N1), 0 for none

A full buffer pauses the search after any event: ``meta[PHASE] = MID_STATE`` with the
state to go on with and the item ``i`` in ``meta[STATE]`` and ``meta[ITEM]``.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
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
    _u,
    _uncover,
    _unhide,
    _unpurify,
    build,
)
from ._kernels import META_SIZE as _C_META_SIZE

__all__ = ["MState", "build", "search"]

#: States of ``search``'s loop, numbered as Knuth's steps of Algorithm M.
M2_ENTER_LEVEL = 2  # a solution if no primary item is active; else M3 choose i, M4 prepare
M5_POSSIBLY_TWEAK = 5  # x[level] too far down i's list: restore; else tweak it (or deactivate i)
M6_TRY = 6  # commit the other items of x[level]'s option and go one level deeper
M7_TRY_AGAIN = 7  # uncommit x[level]'s option, move on to the next option of i
M8_RESTORE = 8  # undo the branching on i: uncover or untweak, give back the bound
M9_LEAVE_LEVEL = 9  # back up one level (the search is over at level 0)

#: A level of a path that adds no option (the null move).
NULL_MOVE = -1

#: ``cut`` value of a traced search: its rows are events (see "Traces" above).
TRACE = -1
#: Event kinds, and the int64 fields of an event row.
EV_PLACE, EV_PRUNE, EV_BACKTRACK, EV_SOLUTION = 1, 2, 3, 4
EVENT_FIELDS = 4
#: ``meta`` fields after Algorithm C's: the state and the item a paused trace goes on with.
STATE, ITEM = _C_META_SIZE, _C_META_SIZE + 1
META_SIZE = _C_META_SIZE + 2
#: ``meta[PHASE]`` of a trace paused between two states.
MID_STATE = 2

#: Start of the minimum of the branching degrees: more than any item can have.
_NO_SCORE = 1 << 62


@njit(cache=True, inline="always")
def _tweak(x, h, i, nd, LEN, coloured, blocked):
    """Take x, the first node of i's list, out of the list, and (unless ``blocked``: i is
    covered, which hid the option already) hide the rest of its option."""
    if not blocked:
        _hide(x, nd, LEN, coloured)
    d = nd[_u(x + DLINK)]
    nd[_u(h + DLINK)] = d
    nd[_u(d + ULINK)] = h
    LEN[_u(i)] -= 1


@njit(cache=True, inline="always")
def _untweak(a, h, i, nd, LEN, coloured, blocked):
    """Put back every node tweaked out of i's list at this level, from the first one ``a``
    (their DLINKs still chain them), unhiding their options unless ``blocked``."""
    x = a
    y = h
    z = nd[_u(h + DLINK)]
    nd[_u(h + DLINK)] = x
    k = 0
    while x != z:
        nd[_u(x + ULINK)] = y
        k += 1
        if not blocked:
            _unhide(x, nd, LEN, coloured)
        y = x
        x = nd[_u(x + DLINK)]
    nd[_u(z + ULINK)] = y
    LEN[_u(i)] += k


@njit(cache=True, inline="always")
def _event(out, w, kind, level, option, item):
    out[w, 0] = kind
    out[w, 1] = level
    out[w, 2] = option
    out[w, 3] = item


#: What Algorithm M changes besides the links: ``BOUND`` and ``SLACK`` (int32, indexed by item,
#: see "Layout"), ``x`` and ``ft`` (int32, one entry per level: the options of a solution plus
#: one null move per primary item, plus one), the number of primary items and whether any
#: option has a colour. :mod:`clew.cover.kernels` builds one per search.
class MState(NamedTuple):
    BOUND: np.ndarray
    SLACK: np.ndarray
    x: np.ndarray
    ft: np.ndarray
    n_primary: int
    coloured: bool


@njit(cache=True, inline="always")
def _pause(meta, level, state, i, count, nodes):
    """Save a traced search that filled its buffer, to go on in ``state``."""
    meta[LEVEL] = level
    meta[PHASE] = MID_STATE
    meta[STATE] = state
    meta[ITEM] = i
    meta[COUNT] = count
    meta[NODES] = nodes


@njit(cache=True, nogil=True)
def search(links, m, meta, limit, out, sizes, path, depth, cut):
    """Run or resume Algorithm M (see the module docstring) on ``links`` (the
    :class:`~clew.cover.compiled._kernels.Links` of the problem) and ``m`` (its :class:`MState`).

    Solutions are counted in ``meta[COUNT]`` and, unless ``out`` has no rows (count only),
    written as option indices into ``out[written, :size]`` with their sizes in ``sizes``.
    Stops at ``limit`` solutions (``<= 0``: no limit) or, resumable, when ``out`` is full.
    Returns the rows written; ``meta[DONE]`` is 1 once the search is over. Releases the GIL.

    ``path[:depth]`` (int64 option indices, -1 a null move) is replayed first; with
    ``cut > 0`` the rows written are paths to level ``cut``, not solutions; with
    ``cut == TRACE`` they are events (see the module docstring; ``meta`` then has
    ``META_SIZE`` fields).
    """
    # The arrays are taken out of the records once, here, and the steps stay in this one
    # loop: an array taken from a record, or passed to an inlined helper, inside the loop
    # costs numba reference counting at every step (measured: the search 1.5 to 5 times
    # slower when M3..M8 were helpers).
    L, R, LEN, nd, OPT = links
    BOUND, SLACK, x, ft, n_primary, coloured = m
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
    tracing = cut == TRACE
    # a search resumed after a solution goes on where step M2 went after visiting it, M9;
    # a paused trace where it stood
    state = M2_ENTER_LEVEL if meta[PHASE] == ENTER else M9_LEAVE_LEVEL
    if meta[PHASE] == MID_STATE:
        state = meta[STATE]
        i = meta[ITEM]
    while True:
        if state == M2_ENTER_LEVEL:
            if level >= depth:  # the levels of a replayed path belong to the cut
                nodes += 1
            if R[ROOT] == ROOT or (cut > 0 and level == cut):  # a solution, or (cutting) a piece
                if cut > 0:  # the path that led here, by option indices
                    for k in range(level):
                        out[written, k] = (
                            OPT[_u(x[_u(k)] >> NODE_SHIFT)] if x[_u(k)] > last_header else NULL_MOVE
                        )
                    sizes[written] = level
                    count += 1
                    written += 1
                    if written == cap:
                        meta[LEVEL] = level
                        meta[PHASE] = AFTER_VISIT
                        meta[COUNT] = count
                        meta[NODES] = nodes
                        return written
                    state = M9_LEAVE_LEVEL
                    continue
                count += 1
                if tracing:
                    _event(out, written, EV_SOLUTION, level, NULL_MOVE, 0)
                    written += 1
                elif cap > 0:
                    size = 0
                    for k in range(level):
                        if x[_u(k)] > last_header:  # not a null move
                            out[written, size] = OPT[_u(x[_u(k)] >> NODE_SHIFT)]
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
                b = BOUND[_u(p)]
                s = SLACK[_u(p)]
                if s > b:
                    s = b
                score = LEN[_u(p)] + 1 - (b - s)
                if score < best_score or (
                    score == best_score
                    and (s < best_slack or (s == best_slack and LEN[_u(p)] > best_len))
                ):
                    best = p
                    best_score = score
                    best_slack = s
                    best_len = LEN[_u(p)]
                p = R[_u(p)]
            if best_score <= 0:
                state = M9_LEAVE_LEVEL  # i cannot get the options it still needs
                if tracing:
                    _event(out, written, EV_PRUNE, level, NULL_MOVE, best)
                    written += 1
                    if written == cap:
                        _pause(meta, level, state, i, count, nodes)
                        return written
                continue
            # M4: prepare to branch on i
            i = best
            x[_u(level)] = nd[_u(NODE_SIZE * i + DLINK)]
            BOUND[_u(i)] -= 1
            if BOUND[_u(i)] == 0:
                _cover(i, L, R, nd, LEN, coloured)
            if BOUND[_u(i)] != 0 or SLACK[_u(i)] != 0:
                ft[_u(level)] = x[_u(level)]
            state = M5_POSSIBLY_TWEAK
        elif state == M5_POSSIBLY_TWEAK:
            h = NODE_SIZE * i
            xl = x[_u(level)]
            if BOUND[_u(i)] == 0 and SLACK[_u(i)] == 0:  # Algorithm C: each option of i, one by one
                if xl != h and level < depth and OPT[_u(xl >> NODE_SHIFT)] != path[_u(level)]:
                    x[_u(level)] = nd[_u(xl + DLINK)]  # replaying: not the option of the path
                    continue
                state = M6_TRY if xl != h else M8_RESTORE
                continue
            if LEN[_u(i)] <= BOUND[_u(i)] - SLACK[_u(i)]:  # too few options left for what i needs
                state = M8_RESTORE
                if tracing:
                    _event(out, written, EV_PRUNE, level, NULL_MOVE, i)
                    written += 1
                    if written == cap:
                        _pause(meta, level, state, i, count, nodes)
                        return written
                continue
            if xl != h:
                _tweak(xl, h, i, nd, LEN, coloured, BOUND[_u(i)] == 0)
                if level < depth and OPT[_u(xl >> NODE_SHIFT)] != path[_u(level)]:
                    x[_u(level)] = nd[_u(xl + DLINK)]  # replaying: passed over, as the search does
                    continue
            elif level < depth and path[_u(level)] != NULL_MOVE:
                state = M8_RESTORE  # the path's option is not there: an empty piece
                continue
            elif BOUND[_u(i)] != 0:  # the null move: leave i as it is, deactivated
                left = L[_u(i)]
                right = R[_u(i)]
                R[_u(left)] = right
                L[_u(right)] = left
            state = M6_TRY
        elif state == M6_TRY:
            xl = x[_u(level)]
            if xl > last_header:
                p = xl + NODE_SIZE
                while p != xl:
                    j = nd[_u(p + TOP)]
                    if j <= 0:
                        p = nd[_u(p + ULINK)]  # a spacer: back to the first node of the option
                    else:
                        if j <= n_primary:
                            BOUND[_u(j)] -= 1
                            if BOUND[_u(j)] == 0:
                                _cover(j, L, R, nd, LEN, coloured)
                        else:
                            c = nd[_u(p + COLOR)]
                            if c == NO_COLOUR:
                                _cover(j, L, R, nd, LEN, coloured)
                            elif c > NO_COLOUR:
                                _purify(p, nd, LEN)
                        p += NODE_SIZE
            level += 1
            state = M2_ENTER_LEVEL
            if tracing:
                _event(
                    out,
                    written,
                    EV_PLACE,
                    level - 1,
                    OPT[_u(xl >> NODE_SHIFT)] if xl > last_header else NULL_MOVE,
                    i,
                )
                written += 1
                if written == cap:
                    _pause(meta, level, state, i, count, nodes)
                    return written
        elif state == M7_TRY_AGAIN:
            xl = x[_u(level)]
            p = xl - NODE_SIZE
            while p != xl:
                j = nd[_u(p + TOP)]
                if j <= 0:
                    p = nd[_u(p + DLINK)]  # a spacer: on to the last node of the option
                else:
                    if j <= n_primary:
                        BOUND[_u(j)] += 1
                        if BOUND[_u(j)] == 1:
                            _uncover(j, L, R, nd, LEN, coloured)
                    else:
                        c = nd[_u(p + COLOR)]
                        if c == NO_COLOUR:
                            _uncover(j, L, R, nd, LEN, coloured)
                        elif c > NO_COLOUR:
                            _unpurify(p, nd, LEN)
                    p -= NODE_SIZE
            if level < depth:  # replaying: the path tries one option at this level
                state = M8_RESTORE
            else:
                x[_u(level)] = nd[_u(xl + DLINK)]
                state = M5_POSSIBLY_TWEAK
            if tracing:
                _event(out, written, EV_BACKTRACK, level, OPT[_u(xl >> NODE_SHIFT)], i)
                written += 1
                if written == cap:
                    _pause(meta, level, state, i, count, nodes)
                    return written
        elif state == M8_RESTORE:
            h = NODE_SIZE * i
            if BOUND[_u(i)] == 0 and SLACK[_u(i)] == 0:
                _uncover(i, L, R, nd, LEN, coloured)
            else:
                _untweak(ft[_u(level)], h, i, nd, LEN, coloured, BOUND[_u(i)] == 0)
                if BOUND[_u(i)] == 0:
                    _uncover(i, L, R, nd, LEN, coloured)
            BOUND[_u(i)] += 1
            state = M9_LEAVE_LEVEL
        else:  # M9_LEAVE_LEVEL
            if level == 0:
                meta[DONE] = 1
                break
            level -= 1
            xl = x[_u(level)]
            if xl <= last_header:  # a null move: reactivate its item, then restore it
                i = xl >> NODE_SHIFT
                R[_u(L[_u(i)])] = i
                L[_u(R[_u(i)])] = i
                state = M8_RESTORE
                if tracing:
                    _event(out, written, EV_BACKTRACK, level, NULL_MOVE, i)
                    written += 1
                    if written == cap:
                        _pause(meta, level, state, i, count, nodes)
                        return written
            else:
                i = nd[_u(xl + TOP)]
                state = M7_TRY_AGAIN
    meta[LEVEL] = level
    meta[COUNT] = count
    meta[NODES] = nodes
    return written
