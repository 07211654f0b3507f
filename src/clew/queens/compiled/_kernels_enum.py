"""numba kernels for streaming N-Queens solutions: in lexicographic order (whole, or by
groups of a fixed prefix for mirror halving), and in symmetry order (each solution once,
about an eighth of the search).

Ints and numpy arrays only (see ``_kernels_common``). Both enumerations are resumable: they
fill the caller's output buffer, return, and continue from the state arrays on the next
call, so memory stays flat however many solutions there are.

Bit layout of the lexicographic search
--------------------------------------
The search walks down the rows, one queen per row, and carries three attack masks for the
next row, bit ``c`` standing for column ``c`` (see ``_kernels_common``)::

    cols (C)  columns already holding a queen
    ld   (L)  squares attacked along a diagonal that moves one column right per row:
              (ld | bit) << 1 for the row below
    rd   (R)  squares attacked along a diagonal that moves one column left per row:
              (rd | bit) >> 1 for the row below

    column:     0 1 2 3 4
    row d:      . . Q . .         the queen: bit = 1 << 2
    row d + 1:  . x x x .         attacked: rd bit 1, cols bit 2, ld bit 3

The free squares of the next row are ``~(cols | ld | rd)`` restricted to the board. The
state is one slot per depth in small arrays (``C``, ``L``, ``R`` for the masks, ``F`` for
the still untried free squares, ``P`` for the column taken) rather than a stack of tuples:
LLVM keeps the hot values in registers, and it is as fast per node as the recursive C
baseline.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from ..._bits import ctz64
from ._kernels_common import MAX_BORDER, SYMMETRIES, sort_small, transform
from ._kernels_constellation import load
from ._kernels_count import (
    STATE_DEPTH,
    STATE_LEFT,
    emit_solution,
    search,
    start,
)

_u = uint64  # an index known to be >= 0: spares numba's negative-index wraparound

#: Slots of ``enum_symmetric``'s ``meta``: the constellation being searched (its row in the
#: table), its weight (images written per completion), whether its search has started.
META_CONSTELLATION, META_WEIGHT, META_STARTED = 0, 1, 2
META_SIZE = 3

# ---------------------------------------------------------------------------------------------
# Streaming enumeration in lexicographic order
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def enum_init(n, C, L, R, F, P):
    """Reset the enumeration state of an n x n board (arrays of length n + 1)."""
    full = (np.int64(1) << n) - 1
    C[0] = 0
    L[0] = 0
    R[0] = 0
    F[0] = full
    P[0] = 0
    return 0


@njit(cache=True)
def enum_next(n, C, L, R, F, P, depth, out):
    """Write the next solutions into ``out`` (rows of n column indices, lexicographic order).

    The search resumes from ``depth`` with the state arrays as the previous call left them.
    Returns ``(written, depth)``; ``depth == -1`` means the search is exhausted. The lowest
    free bit is tried first, so solutions appear in increasing lexicographic order.
    """
    full = (np.int64(1) << n) - 1
    cap = out.shape[0]
    written = 0
    d = depth
    last = n - 1
    while d >= 0:
        f = F[_u(d)]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[_u(d)] = f ^ bit
        P[_u(d)] = ctz64(bit)
        if d == last:  # n = 1 only: below, the last row is decided one row early
            for i in range(n):
                out[_u(written), _u(i)] = P[i]
            written += 1
            if written == cap:
                return written, d
            continue
        c = C[_u(d)] | bit
        lo = ((L[_u(d)] | bit) << 1) & full
        ro = (R[_u(d)] | bit) >> 1
        if d == last - 1:
            # The last row has one column left at most: decide it here instead of going
            # one row deeper and back (a third of the loop's turns at n = 16).
            f = full & ~(c | lo | ro)
            if f != 0:
                for i in range(last):
                    out[_u(written), _u(i)] = P[i]
                out[_u(written), _u(last)] = ctz64(f)
                written += 1
                if written == cap:
                    return written, d
            continue
        d += 1
        C[_u(d)] = c
        L[_u(d)] = lo
        R[_u(d)] = ro
        F[_u(d)] = full & ~(c | lo | ro)
    return written, -1


# ---------------------------------------------------------------------------------------------
# Lexicographic enumeration by groups (a fixed prefix), for mirror halving
# ---------------------------------------------------------------------------------------------
#
# A solution's mirror image (column c -> n - 1 - c) is a solution, and mirroring reverses the
# lexicographic order: the solutions whose first queen stands right of the middle are the
# mirrors of those left of it, in reverse order. ``solver._lex_text`` searches the groups
# left of the middle (the solutions with a given first column; behind a middle first queen
# of an odd board, a given second column), keeps their rows, and writes each mirror group
# from them, reversed, instead of searching it: the halving of the C baseline, in the order
# the user asked for.

#: Depth ``group_next`` returns once its group is exhausted.
GROUP_DONE = -1


@njit(cache=True)
def group_start(n, prefix, k, C, L, R, F, P):
    """Lay out the search of the solutions that begin with the ``k`` columns ``prefix[:k]``
    (rows 0..k-1, ``k <= n - 2`` or ``k == 0``) in the state arrays of ``enum_next`` (length
    n + 1): the prefix's masks, nothing left to try at its depths. Returns the depth to
    start from (``k``), or ``GROUP_DONE`` when two queens of the prefix attack each other."""
    full = (np.int64(1) << n) - 1
    c = np.int64(0)
    lo = np.int64(0)
    ro = np.int64(0)
    for r in range(k):
        bit = np.int64(1) << prefix[r]
        if (c | lo | ro) & bit:
            return GROUP_DONE
        C[r] = c
        L[r] = lo
        R[r] = ro
        F[r] = 0  # fixed: backtracking into the prefix ends the group
        P[r] = prefix[r]
        c |= bit
        lo = ((lo | bit) << 1) & full
        ro = (ro | bit) >> 1
    C[k] = c
    L[k] = lo
    R[k] = ro
    F[k] = full & ~(c | lo | ro)
    P[k] = 0
    return k


@njit(cache=True, nogil=True)
def group_next(n, C, L, R, F, P, depth, base, out, turns):
    """``enum_next`` within the group laid out by ``group_start`` (rows ``base`` and below
    free), bounded: it also returns after ``turns`` steps back, so that a Python signal
    handler runs between two calls however rare the solutions. Returns ``(written,
    depth)``; ``depth == GROUP_DONE`` once the group is exhausted.

    The loop keeps ``enum_next``'s shape on purpose: writing each line's text inside this
    loop (keeping the text of the rows above), or testing the depth for "deeper" before
    "last row", measured 15-35% slower at n = 15 (LLVM's layout of the hot path); a separate
    kernel, ``_kernels_text.format_columns``, formats the rows for about 30 ns a line.
    """
    full = (np.int64(1) << n) - 1
    cap = out.shape[0]
    written = 0
    d = depth
    last = n - 1
    while d >= base:
        f = F[_u(d)]
        if f == 0:
            d -= 1
            turns -= 1
            if turns == 0:
                break
            continue
        bit = f & -f
        F[_u(d)] = f ^ bit
        P[_u(d)] = ctz64(bit)
        if d == last:  # n = 1 only: below, the last row is decided one row early
            for i in range(n):
                out[_u(written), _u(i)] = P[i]
            written += 1
            if written == cap:
                break
            continue
        c = C[_u(d)] | bit
        lo = ((L[_u(d)] | bit) << 1) & full
        ro = (R[_u(d)] | bit) >> 1
        if d == last - 1:
            f = full & ~(c | lo | ro)
            if f != 0:
                for i in range(last):
                    out[_u(written), _u(i)] = P[i]
                out[_u(written), _u(last)] = ctz64(f)
                written += 1
                if written == cap:
                    break
            continue
        d += 1
        C[_u(d)] = c
        L[_u(d)] = lo
        R[_u(d)] = ro
        F[_u(d)] = full & ~(c | lo | ro)
    return written, (d if d >= base else GROUP_DONE)


# ---------------------------------------------------------------------------------------------
# Streaming enumeration in symmetry order (every solution once, not sorted)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _orbit_symmetries(n, squares, m, syms):
    """Symmetries mapping the constellation onto each of its distinct images, one per
    image, into ``syms``; returns how many (the constellation's weight)."""
    img = np.empty(MAX_BORDER, np.int64)
    seen = np.empty((SYMMETRIES, MAX_BORDER), np.int64)
    w = 0
    for s in range(SYMMETRIES):
        for i in range(m):
            img[i] = transform(s, squares[i] // n, squares[i] % n, n)
        sort_small(img, m)
        new = True
        for h in range(w):
            same = True
            for i in range(m):
                if seen[h, i] != img[i]:
                    same = False
                    break
            if same:
                new = False
                break
        if new:
            for i in range(m):
                seen[w, i] = img[i]
            syms[w] = s
            w += 1
    return w


@njit(cache=True)
def enum_symmetric(n, table, meta, S, state, syms, sol, inv, out):
    """Write the next solutions into ``out``, each solution exactly once, in the order of
    the canonical constellations and their symmetric images (not lexicographic).

    Every completion found for a canonical constellation is written once per distinct image
    of the constellation (``_orbit_symmetries``), so the search does about an eighth of the
    work of the lexicographic enumeration. Between calls ``meta`` (``META_SIZE`` slots)
    holds the constellation being searched, its weight and whether its search has started;
    ``S``, ``state`` and ``sol`` the search itself (see ``_kernels_count.search``). Returns
    the number of rows written; ``meta[META_CONSTELLATION] == len(table)`` when every
    constellation is done. ``out`` needs at least ``2 * ROOM`` (32) rows.
    """
    squares = np.empty(MAX_BORDER, np.int64)
    written = 0
    while meta[META_CONSTELLATION] < table.shape[0]:
        k = meta[META_CONSTELLATION]
        if meta[META_STARTED] == 0:
            m = load(table, k, squares)
            meta[META_WEIGHT] = _orbit_symmetries(n, squares, m, syms)
            meta[META_STARTED] = 1
            if not start(n, squares, m, S, sol, state) and state[STATE_LEFT] == 0:
                # complete as it stands
                written = emit_solution(n, sol, inv, syms, meta[META_WEIGHT], out, written)
        written = search(n, S, state, True, sol, inv, syms, meta[META_WEIGHT], out, written)
        if state[STATE_DEPTH] >= 0:
            return written  # out is full; resume this constellation next call
        meta[META_CONSTELLATION] = k + 1
        meta[META_STARTED] = 0
    return written
