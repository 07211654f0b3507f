"""numba kernels for counting N-Queens solutions, second round: the completion search of a
border constellation with a scalar line scan, and a row-by-row tail.

The constellations themselves (one queen on each border line, canonical under the eight
symmetries, weighted by their orbit) come from ``_kernels_count.border_constellations``;
this module only completes them, faster. Ints and numpy arrays only (see
``_kernels_common``); the counting API (``counting.py``) is the only caller.

Why a second search
-------------------
``_kernels_count.search`` picks the line to branch on by scoring all 2n lines in one
fixed-width vector loop. On a core without a vector popcount (AVX2, no AVX-512) the
emulated popcount of 16 or 32 lanes costs more than the scalar ``popcnt`` of the lines
that are still empty, and most scans can stop early: a line with one free square is forced
and a line with none ends the branch, whatever the other lines hold.
``_kernels_constellation.pick`` scans
the empty rows, then the empty columns, and returns at the first such line. That search
visits the same kind of tree (dual MRV) in 0.73x the CPU time at n = 16 and 0.51x at
n = 17 on this project's machine (Zen 3; docs/benchmarks.md, "Issue 17: N-Queens
counting, second round"). ``search`` is kept as it is: the enumeration writes its completions in
its order, and the pieces of a split count are cut on its first line.

The other half of the module is the completion of the public constellation counters
(NQueensFAF, the q27 project): a plain row-by-row bitboard DFS over the empty rows, the
cheapest possible node, no line scan.
It visits several times the nodes of MRV; ``tail`` chooses, per board size, how many of
the last queens it places (see ``counting.COMPLETION_TAIL``, measured by
``benchmarks/queens_count_bench.py``): ``tail <= 3`` is a pure MRV search, ``tail >= n``
a pure row-by-row search. Either way the last three queens of a branch are decided
together, branch-free (``_triple``): their rows' free squares are at most three columns.

The row tail has kernels of its own (``count_constellations_tail``,
``count_placements_tail``): every board size counts with ``tail`` 3 today, and a first
count after an install should not compile a search it does not run (issue 26).
``complete`` serves both: called with ``work`` None, numba prunes the row tail from that
compilation.

Bit layout
----------
The masks, the levels ``S[d]`` and the line key are those of ``_kernels_constellation``,
which holds the steps of the search this module shares with the other completions. A queen
placed at (x, c) by the row tail sets ``1 << c`` in ``cols``, ``bit << x`` in ``d1`` and
``bit << (n - 1 - x)`` in ``d2``: the row tail needs no ``rows`` and no ``d2r``.

Nodes
-----
The kernels add the queens they place by branching to ``tally[0]``: the queens of the MRV
levels and of the row tail, placed while four or more queens were still missing. The last
three queens of every branch are decided together by a branch-free test (``_triple``) and
are not counted. The pure-Python reference (``_reference.count_completions``) counts the same
way, and the tests check that both agree node for node.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import bit, ctz64
from ._kernels_common import MAX_BORDER
from ._kernels_constellation import (
    FREE,
    KEY_LINE_BITS,
    LEFT,
    SLOTS,
    lay_out,
    load,
    pair,
    pick,
    placed,
    push,
    take,
)

#: The last queens of a branch, decided together by ``_triple`` (not by branching levels).
_LAST = 3
#: The largest ``tail`` that :func:`count_constellations` and :func:`count_placements`
#: stand for (they search by MRV to the last three queens); a larger one needs the
#: ``*_tail`` kernels.
MRV_TAIL = _LAST
#: Columns of the row tail's stack ``work`` (one row per level): the row, the masks before
#: its queen, its untried columns.
_W_ROW, _W_COLS, _W_D1, _W_D2, _W_FREE = 0, 1, 2, 3, 4
W_COLUMNS = 5
#: Slots of ``tally``: queens placed by branching.
TALLY_NODES = 0
TALLY_SIZE = 1


@njit(cache=True, inline="always")
def _pair(n, full, x1, x2, cols, d1, d2):
    """Completions of the two empty rows ``x1 < x2``."""
    a, b = pair(n, full, x1, x2, cols, d1, d2)
    return np.int64(a != 0) + np.int64(b != 0)


@njit(cache=True, inline="always")
def _triple(n, full, x1, x2, x3, cols, d1, d2):
    """Completions of the three empty rows ``x1 < x2 < x3``, branch-free: each of the (at
    most three) squares of row x1 in turn, then the (at most two) squares it leaves in row
    x2, each tested against row x3. A missing square (bit 0) adds 0.

    Written out rather than through small inlined helpers: numba compiles an inlined
    helper again at every call site, and this one would have had fifteen (issue 26)."""
    f1 = full & ~(cols | (d1 >> x1) | (d2 >> (n - 1 - x1)))
    f2 = full & ~(cols | (d1 >> x2) | (d2 >> (n - 1 - x2)))
    f3 = full & ~(cols | (d1 >> x3) | (d2 >> (n - 1 - x3)))
    d12 = x2 - x1
    d13 = x3 - x1
    d23 = x3 - x2
    total = np.int64(0)
    for _ in range(_LAST):  # a constant trip count: LLVM unrolls it
        a = f1 & -f1
        f1 ^= a
        # the squares of rows x2 and x3 that a queen on ``a`` leaves free
        g2 = f2 & ~(a | (a << d12) | (a >> d12))
        g3 = f3 & ~(a | (a << d13) | (a >> d13))
        b1 = g2 & -g2
        b2 = g2 ^ b1
        ok1 = (b1 != 0) & ((g3 & ~(b1 | (b1 << d23) | (b1 >> d23))) != 0)
        ok2 = (b2 != 0) & ((g3 & ~(b2 | (b2 << d23) | (b2 >> d23))) != 0)
        total += (np.int64(ok1) + np.int64(ok2)) * np.int64(a != 0)
    return total


@njit(cache=True)
def _rows(n, full, rows, cols, d1, d2, work, tally):
    """Completions of the empty rows of ``rows`` (four or more), row by row in increasing
    order, the last three by ``_triple``.

    ``work`` holds the stack, one row per level: the row's index, its untried columns, and
    the masks before its queen (columns ``_W_*``)."""
    k = 0
    empty = full & ~rows
    while empty:
        work[k, _W_ROW] = ctz64(empty)
        empty &= empty - 1
        k += 1
    stop = k - 1 - _LAST  # the level whose queen leaves three rows to ``_triple``
    count = 0
    nodes = 0
    x = work[0, _W_ROW]
    work[0, _W_COLS] = cols
    work[0, _W_D1] = d1
    work[0, _W_D2] = d2
    work[0, _W_FREE] = full & ~(cols | (d1 >> x) | (d2 >> (n - 1 - x)))
    j = 0
    while j >= 0:
        f = work[j, _W_FREE]
        if f == 0:
            j -= 1
            continue
        low = f & -f
        work[j, _W_FREE] = f ^ low
        nodes += 1
        x = work[j, _W_ROW]
        cols = work[j, _W_COLS] | low
        d1 = work[j, _W_D1] | (low << x)
        d2 = work[j, _W_D2] | (low << (n - 1 - x))
        if j == stop:
            count += _triple(
                n, full, work[j + 1, _W_ROW], work[j + 2, _W_ROW], work[j + 3, _W_ROW], cols, d1, d2
            )
            continue
        j += 1
        y = work[j, _W_ROW]
        work[j, _W_COLS] = cols
        work[j, _W_D1] = d1
        work[j, _W_D2] = d2
        work[j, _W_FREE] = full & ~(cols | (d1 >> y) | (d2 >> (n - 1 - y)))
    tally[TALLY_NODES] += nodes
    return count


@njit(cache=True, inline="always")
def _last(n, full, left, rows, cols, d1, d2):
    """Completions of a position with at most ``_LAST`` queens missing: ``_triple``,
    ``_pair`` or the last queen."""
    if left == _LAST:
        empty = full & ~rows
        x1 = ctz64(empty)
        empty &= empty - 1
        x2 = ctz64(empty)
        return _triple(n, full, x1, x2, ctz64(empty & (empty - 1)), cols, d1, d2)
    if left == 2:
        empty = full & ~rows
        x1 = ctz64(empty)
        return _pair(n, full, x1, ctz64(empty & (empty - 1)), cols, d1, d2)
    if left == 1:
        x = ctz64(full & ~rows)
        return np.int64((full & ~(cols | (d1 >> x) | (d2 >> (n - 1 - x)))) != 0)
    return np.int64(1)  # nothing missing


@njit(cache=True)
def complete(n, squares, m, tail, S, work, tally):
    """Number of completions of the non-attacking queens ``squares[:m]`` (``r * n + c``).

    Dual MRV (``_kernels_constellation.pick``) while more than ``max(tail, 3)`` queens are
    missing, then row by row (``_rows``); the last three together (``_triple``). ``S``
    (``n + 1`` x ``SLOTS``) and ``work`` (``n`` x ``W_COLUMNS``) are scratch; the queens
    placed by branching are added to ``tally[TALLY_NODES]``.

    ``work`` None (the counting API's case, ``tail <= 3``): numba drops the row tail from
    this compilation (a branch on an argument typed None is pruned before typing), so the
    job compiles neither ``_rows`` nor its copy of ``_triple``; ``tail`` is then taken as 3.
    """
    full = bit(n) - 1
    rows, cols, d1, d2, d2r = lay_out(n, squares, m)
    left = n - m
    stop = _LAST  # MRV while more than ``stop`` queens are missing
    if work is not None:
        stop = max(tail, _LAST)
    count = 0
    nodes = 0
    d = -1
    # One place evaluates a position, the constellation's own and every one the search
    # reaches: each helper below is inlined once (numba compiles an inlined helper again
    # at every call site).
    while True:
        if left <= stop:
            tailed = False
            # alone in its test: the branch numba prunes for None (SIM102 would merge it)
            if work is not None:  # noqa: SIM102
                if left > _LAST:
                    count += _rows(n, full, rows, cols, d1, d2, work, tally)
                    tailed = True
            if not tailed:
                count += _last(n, full, left, rows, cols, d1, d2)
        else:
            key = pick(n, full, rows, cols, d1, d2, d2r)
            if key >> KEY_LINE_BITS != 0:  # else a line without a free square
                d += 1
                push(S, d, n, full, key, rows, cols, d1, d2, d2r, left - 1)
        # the next untried square, backtracking over exhausted levels
        while d >= 0 and S[d, FREE] == 0:
            d -= 1
        if d < 0:
            break
        nodes += 1
        x, c = take(S, d)
        rows, cols, d1, d2, d2r = placed(S, d, n, x, c)
        left = S[d, LEFT]
    tally[TALLY_NODES] += nodes
    return count


@njit(cache=True, inline="always")
def _count_table(n, table, lo, hi, tail, work, tally):
    S = np.empty((n + 1, SLOTS), np.int64)
    squares = np.empty(MAX_BORDER, np.int64)
    out = np.empty(hi - lo, np.int64)
    for k in range(lo, hi):
        m = load(table, k, squares)
        out[k - lo] = complete(n, squares, m, tail, S, work, tally)
    return out


@njit(cache=True, nogil=True)
def count_constellations(n, table, lo, hi, tally):
    """Completions of each constellation ``table[lo:hi]`` (unweighted, one int64 each), by
    dual MRV to the last three queens (``tail`` 3 of :func:`complete`); nodes added to
    ``tally``. The kernel of the counting API.

    The caller multiplies by the weights in Python integers (exact beyond 2**63). Releases
    the GIL: the pieces of a count run on worker threads.

    Examples
    --------
    >>> import numpy as np
    >>> from clew.queens.border import border_constellations
    >>> table = border_constellations(8)
    >>> per = count_constellations(8, table, 0, len(table), np.zeros(TALLY_SIZE, np.int64))
    >>> int((per * table[:, -1]).sum())     # weighted by the orbits: every 8-queens solution
    92
    """
    return _count_table(n, table, lo, hi, _LAST, None, tally)


@njit(cache=True, nogil=True)
def count_constellations_tail(n, table, lo, hi, tail, tally):
    """:func:`count_constellations` with the last ``tail`` queens of each branch placed
    row by row (``_rows``), for a board size where a measurement prefers it (see
    ``counting.COMPLETION_TAIL``). A kernel of its own so that the plain count never
    compiles the row tail."""
    return _count_table(n, table, lo, hi, tail, np.empty((n, W_COLUMNS), np.int64), tally)


@njit(cache=True, nogil=True)
def count_placements(n, squares, m, tally):
    """Completions (unweighted) of the non-attacking queens ``squares[:m]``, any number of
    them (a constellation with queens added by ``_kernels_count.first_line``), as
    :func:`count_constellations` completes a constellation. Releases the GIL."""
    return complete(n, squares, m, _LAST, np.empty((n + 1, SLOTS), np.int64), None, tally)


@njit(cache=True, nogil=True)
def count_placements_tail(n, squares, m, tail, tally):
    """:func:`count_placements` with the row tail of :func:`count_constellations_tail`."""
    S = np.empty((n + 1, SLOTS), np.int64)
    return complete(n, squares, m, tail, S, np.empty((n, W_COLUMNS), np.int64), tally)
