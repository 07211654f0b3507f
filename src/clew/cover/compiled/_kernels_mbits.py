"""numba kernel of Algorithm M on bitsets: the search of :mod:`clew.cover.compiled._kernels_m`, the
same tree node for node, for problems with few options.

Ints and numpy arrays only; :mod:`clew.cover.kernels` builds the tables once per problem.

Why
---
Algorithm M's dance is long when options are long: every tweak hides a whole option, every
cover all the options of an item, and undoes it all on the way back (a queen domination
search hides and unhides some 300 nodes per node of the search). With a few hundred
options the state of the dance fits in a few machine words: the set ``A`` of the options
still present. Hiding an option clears one bit, covering an item clears its options with a
few ANDs, and nothing is undone: each level keeps its own copy of ``A``, and going back up
simply drops it. The length of an item's list is ``popcount(A & OPTS[i])``.

Why it is the same search
-------------------------
In the dancing links an option is either hidden everywhere (by a cover or a tweak) or
present in the lists of all its active items; so the list of an active item ``j`` is
``A & OPTS[j]``, in option order (hiding and unhiding never reorder a list), and the active
items stay in index order. The exceptions are the item ``i`` branched on: once covered
(``BOUND[i]`` reached 0) its own list is the set of its options at that moment, kept as
``CAND[level]`` and shortened by the tweaks; when not covered a tweak is clearing the
option's bit in ``A[level]``. The choice rule, its tie-breaks, the null moves, the replayed
paths and the cut are those of :func:`clew.cover.compiled._kernels_m.search`, so the node counts
agree (the tests check it). Traces stay with the dancing links.

Layout
------
Options are bits 0..M-1 of W words (option o: bit o % 64 of word o // 64); primary items
1..N1 bits of P words (item j: bit j % 64 of word j // 64; bit 0 is never set)::

    OPTS[j]        the options with primary item j (row 0 unused)
    SEC[o]         the options that o rules out through its secondary items: the others
                   on an uncoloured one, those giving a coloured one another colour (or
                   none); all zero without secondary items
    PRIM[PSTART[o]:PSTART[o + 1]]   the primary items of option o
    A[level]       the options present at a level (row 0: all)
    ACT[level]     the active primary items at a level (row 0: all)
    CAND[level]    the list of the item branched on, once covered
    XS[level]      the option tried at a level, or NULL_MOVE; ITEMS[level] its item

``BOUND`` and ``SLACK`` as in :mod:`clew.cover.compiled._kernels_m`; ``BOUND`` changes and is
restored as the search runs. ``meta`` is Algorithm C's (level, phase, count, nodes, done).
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from ..._bits import WORD, bit, ctz64, popcount64, word
from ._kernels import AFTER_VISIT, COUNT, DONE, ENTER, LEVEL, NODES, PHASE, _u

__all__ = ["MBitStacks", "MBitTables", "search"]

#: States of ``search``'s loop, Knuth's step numbers as in :mod:`clew.cover.compiled._kernels_m`.
M2_ENTER_LEVEL = 2  # a solution if no primary item is active; else M3 choose i, M4 prepare
M5_POSSIBLY_TWEAK = 5  # the next option of i (tweaked), the null move, or M8
M6_TRY = 6  # commit XS[level] into the next level's sets and go one level deeper
M7_TRY_AGAIN = 7  # give back the bounds XS[level] took, on with the next option of i
M8_RESTORE = 8  # give back the bound i took
M9_LEAVE_LEVEL = 9  # back up one level (the search is over at level 0)

#: A level that adds no option.
NULL_MOVE = -1
#: Start of the minimum of the branching degrees: more than any item can have.
_NO_SCORE = 1 << 62
#: The choice compares one int64 key per item, smallest first (then the first item), which
#: orders as DLX3's rule: smaller degree, then smaller slack, then longer list::
#:
#:     bit   63   53 52          42 41                         11 10                 0
#:          | 0..0 |  degree > 0   |  min(SLACK, BOUND) < 2**31  | LEN_MASK - length |
#:
#: exact while a list holds at most LEN_MASK options (the solver sends at most
#: ``MBITS_MAX_OPTIONS`` = 1024 here) and bounds stay below 2**31 (``MAX_BOUND``).
_LEN_BITS = 11
_LEN_MASK = (1 << _LEN_BITS) - 1
_SLACK_SHIFT = _LEN_BITS
_SCORE_SHIFT = _SLACK_SHIFT + 31


class MBitTables(NamedTuple):
    """The tables of one search (see "Layout"): read only but for ``BOUND``."""

    OPTS: np.ndarray
    SEC: np.ndarray
    PRIM: np.ndarray
    PSTART: np.ndarray
    BOUND: np.ndarray
    SLACK: np.ndarray
    has_sec: bool


class MBitStacks(NamedTuple):
    """The per-level sets and choices of one search (see "Layout"), one row per level."""

    A: np.ndarray
    ACT: np.ndarray
    CAND: np.ndarray
    XS: np.ndarray
    ITEMS: np.ndarray


@njit(cache=True, inline="always")
def _first(S, row, W):
    """The lowest option of ``S[row]``, or -1 if it is empty."""
    for w in range(W):
        v = S[_u(row), _u(w)]
        if v != 0:
            return w * WORD + ctz64(v)
    return -1


@njit(cache=True, inline="always")
def _clear(S, row, o):
    """Take element ``o`` out of the set ``S[row]`` (no view of the row: see ``search``)."""
    S[_u(row), _u(word(o))] &= ~bit(o)


@njit(cache=True, nogil=True)
def search(t, st, meta, limit, out, sizes, path, depth, cut):
    """Run or resume the bitset Algorithm M (see the module docstring) on the tables ``t``
    (:class:`MBitTables`) and the stacks ``st`` (:class:`MBitStacks`); the arguments after
    them as in :func:`clew.cover.compiled._kernels_m.search`, without traces (``cut >= 0``).
    Returns the rows written; ``meta[DONE]`` is 1 once the search is over. Releases the
    GIL."""
    # the arrays are taken out of the records once, here, never in the loop: an array
    # taken from a record or passed to an inlined helper in the loop costs numba
    # reference counting at every step (measured: 1.2 to 5 times the time of the search)
    OPTS, SEC, PRIM, PSTART, BOUND, SLACK, has_sec = t
    A, ACT, CAND, XS, ITEMS = st
    if meta[DONE]:
        return 0
    W = A.shape[1]
    P = ACT.shape[1]
    cap = out.shape[0]
    written = 0
    level = meta[LEVEL]
    count = meta[COUNT]
    nodes = meta[NODES]
    i = 0
    # resumed after a solution (or a piece): on where step M2 went after visiting it, M9
    state = M2_ENTER_LEVEL if meta[PHASE] == ENTER else M9_LEAVE_LEVEL
    while True:
        if state == M2_ENTER_LEVEL:
            if level >= depth:  # the levels of a replayed path belong to the cut
                nodes += 1
            solved = True
            for w in range(P):
                if ACT[_u(level), _u(w)] != 0:
                    solved = False
                    break
            if solved or (cut > 0 and level == cut):  # a solution, or (cutting) a piece
                count += 1
                if cut > 0:  # the path that led here
                    for k in range(level):
                        out[written, k] = XS[_u(k)]
                    sizes[written] = level
                    written += 1
                elif cap > 0:
                    size = 0
                    for k in range(level):
                        if XS[_u(k)] != NULL_MOVE:
                            out[written, size] = XS[_u(k)]
                            size += 1
                    sizes[written] = size
                    written += 1
                if (cut <= 0 and limit > 0 and count >= limit) or (cap > 0 and written == cap):
                    meta[LEVEL] = level
                    meta[PHASE] = AFTER_VISIT
                    meta[COUNT] = count
                    meta[NODES] = nodes
                    if cut <= 0 and limit > 0 and count >= limit:
                        meta[DONE] = 1
                    return written
                state = M9_LEAVE_LEVEL
                continue
            # M3: the active primary item of smallest branching degree (ties: smaller
            # slack, then longer list, then the first: the key above); a degree of 0 or
            # less ends the branch at once, whichever item has it
            best = 0
            best_key = _NO_SCORE
            best_score = 1
            for pw in range(P):
                items = ACT[_u(level), _u(pw)]
                while items != 0:
                    p = pw * WORD + ctz64(items)
                    items &= items - 1
                    n = 0
                    for w in range(W):
                        n += popcount64(A[_u(level), _u(w)] & OPTS[_u(p), _u(w)])
                    b = BOUND[_u(p)]
                    s = min(SLACK[_u(p)], b)
                    score = n + 1 - (b - s)
                    if score <= 0:  # the branch ends whichever item is best (no traces here)
                        best_score = score
                        break
                    key = (score << _SCORE_SHIFT) | (s << _SLACK_SHIFT) | (_LEN_MASK - n)
                    if key < best_key:
                        best_key = key
                        best = p
                if best_score <= 0:
                    break
            if best_score <= 0:
                state = M9_LEAVE_LEVEL  # i cannot get the options it still needs
                continue
            # M4: prepare to branch on i; once covered, its list is kept in CAND
            i = best
            ITEMS[_u(level)] = i
            BOUND[_u(i)] -= 1
            if BOUND[_u(i)] == 0:
                for w in range(W):
                    a = A[_u(level), _u(w)]
                    o = OPTS[_u(i), _u(w)]
                    CAND[_u(level), _u(w)] = a & o
                    A[_u(level), _u(w)] = a & ~o
                _clear(ACT, level, i)
            state = M5_POSSIBLY_TWEAK
        elif state == M5_POSSIBLY_TWEAK:
            if BOUND[_u(i)] == 0:
                # covered: the next option of its list (tweaked out of it unless slack 0)
                x = _first(CAND, level, W)
                if x >= 0:
                    _clear(CAND, level, x)
                    if level < depth and x != path[_u(level)]:
                        continue  # replaying: not the option of the path
                    XS[_u(level)] = x
                    state = M6_TRY
                elif SLACK[_u(i)] == 0 or (level < depth and path[_u(level)] != NULL_MOVE):
                    state = M8_RESTORE  # every option tried (or the path's is not there)
                else:
                    XS[_u(level)] = NULL_MOVE  # the null move: i stays covered
                    state = M6_TRY
                continue
            n = 0
            x = -1
            for w in range(W):
                v = A[_u(level), _u(w)] & OPTS[_u(i), _u(w)]
                if v != 0:
                    n += popcount64(v)
                    if x < 0:
                        x = w * WORD + ctz64(v)
            if n <= BOUND[_u(i)] - SLACK[_u(i)]:  # too few options left for what i needs
                state = M8_RESTORE
                continue
            if x >= 0:
                _clear(A, level, x)  # tweaked: gone from every list, here and below
                if level < depth and x != path[_u(level)]:
                    continue  # replaying: passed over, as the search does
                XS[_u(level)] = x
            elif level < depth and path[_u(level)] != NULL_MOVE:
                state = M8_RESTORE  # the path's option is not there: an empty piece
                continue
            else:  # the null move: i deactivated
                XS[_u(level)] = NULL_MOVE
                _clear(ACT, level, i)
            state = M6_TRY
        elif state == M6_TRY:
            x = XS[_u(level)]
            nxt = level + 1
            for w in range(W):
                A[_u(nxt), _u(w)] = A[_u(level), _u(w)]
            for w in range(P):
                ACT[_u(nxt), _u(w)] = ACT[_u(level), _u(w)]
            if x != NULL_MOVE:
                if has_sec:
                    for w in range(W):
                        A[_u(nxt), _u(w)] &= ~SEC[_u(x), _u(w)]
                for k in range(PSTART[_u(x)], PSTART[_u(x) + 1]):
                    j = PRIM[_u(k)]
                    if j != i:
                        BOUND[_u(j)] -= 1
                        if BOUND[_u(j)] == 0:  # j covered: its options go
                            for w in range(W):
                                A[_u(nxt), _u(w)] &= ~OPTS[_u(j), _u(w)]
                            _clear(ACT, nxt, j)
            level = nxt
            state = M2_ENTER_LEVEL
        elif state == M7_TRY_AGAIN:
            x = XS[_u(level)]
            for k in range(PSTART[_u(x)], PSTART[_u(x) + 1]):
                j = PRIM[_u(k)]
                if j != i:
                    BOUND[_u(j)] += 1
            # replaying: the path tries one option at this level
            state = M8_RESTORE if level < depth else M5_POSSIBLY_TWEAK
        elif state == M8_RESTORE:
            BOUND[_u(i)] += 1
            state = M9_LEAVE_LEVEL
        else:  # M9_LEAVE_LEVEL
            if level == 0:
                meta[DONE] = 1
                break
            level -= 1
            i = ITEMS[_u(level)]
            state = M8_RESTORE if XS[_u(level)] == NULL_MOVE else M7_TRY_AGAIN
    meta[LEVEL] = level
    meta[COUNT] = count
    meta[NODES] = nodes
    return written
