"""numba kernels for counting N-Queens solutions: border constellations and their completion
search, and the solutions a rotation fixes.

Ints and numpy arrays only (see ``_kernels_common``). The completion search is also the
engine of the unordered enumeration (``_kernels_enum.enum_symmetric``), which writes what
it finds instead of counting it.

Counting with border constellations
-----------------------------------
Every solution has exactly one queen on each of the four border lines (row 0, row n-1,
column 0, column n-1); a queen in a corner sits on two of them. The *constellation* of a
solution is that set of (at most four) border queens. The eight symmetries of the square map
solutions with constellation ``K`` one-to-one onto solutions with constellation ``g(K)``, so

    total = sum over canonical K of |orbit(K)| * completions(K)

where canonical means "the lexicographically smallest image of its orbit". That reduces the
search to about an eighth, and each constellation is an independent piece of work.

The counting API completes the constellations with ``_kernels_count_scan`` (the same dual
MRV with a scalar line scan, measured faster on cores without a vector popcount);
``count_constellations`` and ``count_placements`` below are the first-round counters, kept
as the benchmark's baseline (``benchmarks/queens_count_bench.py``) and as a second opinion
in the tests.

Completions are searched by a *dual MRV* search (``search``): every step branches on the
row or column with the fewest free squares. Choosing that line costs a vectorised scan of all
lines, but it cuts the nodes visited about fivefold at n = 16, and more for larger n. The same
search counts (``count_constellations``) and, resumably, writes every completion once per
image of its constellation (``enum_symmetric``).

Bit layout of the completion search
-----------------------------------
Five int64 masks describe the queens placed so far, drawn in ``_kernels_constellation``
(which holds the steps of the search): ``rows`` and ``cols`` one bit per line, and one bit
per diagonal, numbered so that a plain shift turns them into the squares of one row or one
column. Along row x the ``d1`` numbers run x, x+1, ...: shifted right by x, bit c of ``d1``
is the anti-diagonal through (x, c); the ``d2`` numbers run n-1-x, n-x, ...: shifted right
by n-1-x, bit c of ``d2`` is the diagonal through (x, c). ``d2r`` (``d2`` mirrored, bit
``2n - 2 - k`` for bit ``k``) does the same for a column. All five stay below bit
2n - 1 <= 63 for n <= ``MAX_COUNT_N``.

MRV key
-------
The line to branch on is chosen as the minimum of one int64 key per empty line, so that a
single ``min`` compares the number of free squares first, then prefers the lower line (rows
before columns on ties)::

    bit  62 ......... 8 | 7 ............ 0
         free squares   | line: r (0..127) for row r, COLUMN_LINE + c for column c

A line that already holds a queen gets ``FILLED`` (bit 62 alone), above every real key.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..._bits import bit, ctz64, popcount64
from ._kernels_common import (
    COLUMN_LINE,
    MAX_BORDER,
    MAX_COUNT_N,  # noqa: F401  (the limit of these kernels, for the counting API)
    SYMMETRIES,
    TABLE_COLUMNS,
    TABLE_QUEENS,
    TABLE_SQUARES,
    TABLE_WEIGHT,
    emit_image,
    sort_small,
    transform,
)
from ._kernels_constellation import (
    FILLED,
    FREE,
    KEY_LINE_BITS,
    LINE,
    SLOTS,
    lay_out,
    load,
    placed,
    push,
    take,
)

#: The per-depth state ``S[d]`` of the completion search is a level of
#: ``_kernels_constellation`` (``SLOTS`` columns: one 64-byte cache line per depth).
#: Slots of ``state``: depth to resume at (-1: exhausted), queens still to place, solutions
#: counted.
STATE_DEPTH, STATE_LEFT, STATE_COUNT = 0, 1, 2
STATE_SIZE = 3

#: The MRV key (see the module docstring) is ``_kernels_constellation``'s: the line in the
#: low ``KEY_LINE_BITS`` bits, the number of free squares above them; ``FILLED`` for a line
#: that already holds a queen.
#: Shift counts of an int64 must lie in 0..63 (LLVM leaves others undefined): the lanes
#: beyond the board compute a negative shift, masked into range (their key is ``_FILLED``).
_SHIFT_MASK = 63

#: Rows ``search`` keeps free at the end of ``out`` when it writes: two completions (the
#: step with two queens left may find both of its candidates) of up to eight images each.
ROOM = 2 * SYMMETRIES

# ---------------------------------------------------------------------------------------------
# The canonical border constellations
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _attacks(a, b, n):
    ra, ca = a // n, a % n
    rb, cb = b // n, b % n
    return ra == rb or ca == cb or abs(ra - rb) == abs(ca - cb)


@njit(cache=True)
def border_constellations(n):
    """Canonical border constellations of the n x n board: the table of
    :func:`clew.queens.border.border_constellations`, which the library uses (it needs no
    compiling); kept as its second opinion in the tests.

    Returns an int64 array of shape (K, 6): ``m, s0, s1, s2, s3, weight`` where ``m`` (1..4)
    is the number of border queens, ``s0..s{m-1}`` their squares ``r * n + c`` in increasing
    order (unused slots are -1) and ``weight`` the size of the constellation's orbit under
    the eight symmetries.
    """
    # n**4 / 4 bounds the canonical constellations (there are about n**4 / 16); +16 for n < 2
    out = np.empty((max(n, 1) ** 4 // 4 + 16, TABLE_COLUMNS), np.int64)
    k = 0
    sq = np.empty(MAX_BORDER, np.int64)
    img = np.empty(MAX_BORDER, np.int64)
    imgs = np.empty((SYMMETRIES, MAX_BORDER), np.int64)
    m1 = n - 1
    for t in range(n):
        for b in range(n):
            for lft in range(n):
                for rgt in range(n):
                    # the four border queens: top row, bottom row, left column, right column
                    cand = np.array((t, m1 * n + b, lft * n, rgt * n + m1), np.int64)
                    m = 0
                    for i in range(MAX_BORDER):
                        dup = False
                        for j in range(m):
                            if sq[j] == cand[i]:
                                dup = True
                        if not dup:
                            sq[m] = cand[i]
                            m += 1
                    ok = True
                    for i in range(m):
                        for j in range(i + 1, m):
                            if _attacks(sq[i], sq[j], n):
                                ok = False
                    if not ok:
                        continue
                    sort_small(sq, m)
                    # canonical: no image is lexicographically smaller; weight: distinct images
                    canonical = True
                    distinct = 0
                    for g in range(SYMMETRIES):
                        for i in range(m):
                            img[i] = transform(g, sq[i] // n, sq[i] % n, n)
                        sort_small(img, m)
                        smaller = False
                        for i in range(m):
                            if img[i] != sq[i]:
                                smaller = img[i] < sq[i]
                                break
                        if smaller:
                            canonical = False
                            break
                        new = True
                        for h in range(distinct):
                            same = True
                            for i in range(m):
                                if imgs[h, i] != img[i]:
                                    same = False
                                    break
                            if same:
                                new = False
                                break
                        if new:
                            for i in range(m):
                                imgs[distinct, i] = img[i]
                            distinct += 1
                    if not canonical:
                        continue
                    out[k, TABLE_QUEENS] = m
                    for i in range(MAX_BORDER):
                        out[k, TABLE_SQUARES + i] = sq[i] if i < m else -1
                    out[k, TABLE_WEIGHT] = distinct
                    k += 1
    return out[:k].copy()


# ---------------------------------------------------------------------------------------------
# Completing a constellation
# ---------------------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _line_key(i, m, full, rowsx, colsx, d1, d2, d2r):
    """Smaller of the MRV keys of row ``i`` and column ``i`` (see the module docstring),
    ``_FILLED`` for a full line."""
    a = d1 >> i
    sh = (m - i) & _SHIFT_MASK
    row_free = full & ~(colsx | a | (d2 >> sh))
    col_free = full & ~(rowsx | a | (d2r >> sh))
    kr = (popcount64(row_free) << KEY_LINE_BITS) | i
    kc = (popcount64(col_free) << KEY_LINE_BITS) | COLUMN_LINE | i
    kr = kr if ((rowsx >> i) & 1) == 0 else FILLED
    kc = kc if ((colsx >> i) & 1) == 0 else FILLED
    return min(kr, kc)


# The scan over every line is the hot spot of the MRV search. With a trip count known at
# compile time LLVM turns it into straight vector code (no remainder loop), twice as fast as
# a loop over n lines; hence one copy per lane count. Lines >= n are marked full in
# ``rowsx`` / ``colsx``, so they never win.


@njit(cache=True)
def _pick16(m, full, rowsx, colsx, d1, d2, d2r):
    best = FILLED
    for i in range(16):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True)
def _pick24(m, full, rowsx, colsx, d1, d2, d2r):
    best = FILLED
    for i in range(24):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True)
def _pick32(m, full, rowsx, colsx, d1, d2, d2r):
    best = FILLED
    for i in range(32):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True, inline="always")
def _pick(n, full, rows, cols, d1, d2, d2r):
    """MRV: the empty row or column with the fewest free squares, as its key (see the module
    docstring). Ties go to the lowest line, rows first."""
    rowsx = rows | ~full
    colsx = cols | ~full
    if n <= 16:
        return _pick16(n - 1, full, rowsx, colsx, d1, d2, d2r)
    if n <= 24:
        return _pick24(n - 1, full, rowsx, colsx, d1, d2, d2r)
    return _pick32(n - 1, full, rowsx, colsx, d1, d2, d2r)


@njit(cache=True)
def start(n, squares, m, S, sol, state):
    """Lay out the search of a constellation (``m`` queens on ``squares``): its masks in
    ``S[0]``, its queens in ``sol`` (column per row), ``state`` reset. Returns False when
    the constellation has no completion to search for (see ``state``)."""
    full = bit(n) - 1
    rows, cols, d1, d2, d2r = lay_out(n, squares, m)
    for i in range(m):
        sol[squares[i] // n] = squares[i] % n
    state[STATE_LEFT] = n - m
    state[STATE_COUNT] = 0
    state[STATE_DEPTH] = -1
    if n == m:
        return False  # complete as it stands (n = 1)
    key = _pick(n, full, rows, cols, d1, d2, d2r)
    if key >> KEY_LINE_BITS == 0:
        return False  # a line without a free square: no completion
    push(S, 0, n, full, key, rows, cols, d1, d2, d2r, n - m - 1)
    state[STATE_DEPTH] = 0
    return True


@njit(cache=True)
def emit_solution(n, sol, inv, syms, w, out, written):
    """Write solution ``sol`` once per distinct image of its constellation (the ``w``
    symmetries ``syms``, see ``_kernels_enum``) into ``out`` from row ``written``; returns
    the new ``written``."""
    for r in range(n):
        inv[sol[r]] = r
    for h in range(w):
        emit_image(syms[h], sol, inv, n, out, written + h)
    return written + w


@njit(cache=True)
def search(n, S, state, emit, sol, inv, syms, w, out, written):
    """Run, or resume, the completion search of the constellation laid out by ``start``.

    Dual MRV search: each step branches on the row *or column* with the fewest free
    squares, so forced lines (one square) are filled at once and a line with no square
    left cuts the branch immediately. For n = 16 this visits about 5x fewer nodes than a
    row-by-row search.

    Masks (int64, bit per line, drawn in the module docstring): ``rows``, ``cols``; ``d1``
    has bit ``r + c`` of every queen, ``d2`` bit ``c - r + n - 1`` and ``d2r`` bit
    ``n - 1 - (c - r)`` (``d2`` mirrored), so that row x's attacked columns are
    ``d1 >> x | d2 >> (n - 1 - x)`` and column y's attacked rows are
    ``d1 >> y | d2r >> (n - 1 - y)``. ``S[d]`` holds depth d's masks, its untried squares
    and its line; ``state`` the depth and the running count.

    Counting (``emit`` False) runs to the end. Enumerating writes each completion into
    ``sol`` (column per row) and its ``w`` images into ``out`` from row ``written``; it
    stops early, resumable, when ``out`` has no room for two more completions (``ROOM``
    rows). Returns the new ``written``; ``state[STATE_DEPTH] == -1`` once the search is
    exhausted.
    """
    full = bit(n) - 1
    cap = out.shape[0] - ROOM
    last = state[STATE_LEFT] - 1
    count = state[STATE_COUNT]
    d = state[STATE_DEPTH]
    while d >= 0:
        if emit and written > cap:
            break
        if S[d, FREE] == 0:
            d -= 1
            continue
        x, c = take(S, d)
        if emit:
            sol[x] = c
        if d == last:
            count += 1
            if emit:
                written = emit_solution(n, sol, inv, syms, w, out, written)
            continue
        rows, cols, d1, d2, d2r = placed(S, d, n, x, c)
        if d == last - 2:
            # Two queens left, for the two empty rows x1 < x2: try both columns of row x1
            # and test the other one in row x2, branch-free (a missing candidate adds 0).
            # Written out rather than through ``_kernels_constellation.pair``: inlined here
            # by numba, the helper measured 1-2% slower on this search.
            empty = full & ~rows
            x1 = ctz64(empty)
            x2 = ctz64(empty ^ bit(x1))
            f1 = full & ~(cols | (d1 >> x1) | (d2 >> (n - 1 - x1)))
            f2 = full & ~(cols | (d1 >> x2) | (d2 >> (n - 1 - x2)))
            dist = x2 - x1
            a = f1 & -f1
            b = f1 ^ a
            ok_a = (a != 0) & ((f2 & ~(a | (a << dist) | (a >> dist))) != 0)
            ok_b = (b != 0) & ((f2 & ~(b | (b << dist) | (b >> dist))) != 0)
            count += ok_a + ok_b
            if emit and (ok_a or ok_b):
                spare = full & ~cols  # the two columns still empty
                if ok_a:
                    sol[x1] = ctz64(a)
                    sol[x2] = ctz64(spare ^ a)
                    written = emit_solution(n, sol, inv, syms, w, out, written)
                if ok_b:
                    sol[x1] = ctz64(b)
                    sol[x2] = ctz64(spare ^ b)
                    written = emit_solution(n, sol, inv, syms, w, out, written)
            continue
        key = _pick(n, full, rows, cols, d1, d2, d2r)
        if key >> KEY_LINE_BITS == 0:
            continue  # some line has no free square left: prune
        d += 1
        push(S, d, n, full, key, rows, cols, d1, d2, d2r, last - d)
    state[STATE_DEPTH] = d
    state[STATE_COUNT] = count
    return written


@njit(cache=True, nogil=True)
def count_constellations(n, table, lo, hi):
    """Completions of each constellation ``table[lo:hi]`` (unweighted, one int64 each).

    The caller multiplies by the weights (column ``TABLE_WEIGHT``) in Python integers, so
    totals beyond 2**63 (n >= 29) stay exact. Releases the GIL: the pieces of a count run on
    worker threads.
    """
    S = np.empty((n + 2, SLOTS), np.int64)
    squares = np.empty(MAX_BORDER, np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    sol = np.empty(n, np.int64)
    unused = np.empty((ROOM, 1), np.int8)  # no output: counting only
    out = np.empty(hi - lo, np.int64)
    for k in range(lo, hi):
        if start(n, squares, load(table, k, squares), S, sol, state):
            search(n, S, state, False, sol, sol, squares, 0, unused, 0)
            out[k - lo] = state[STATE_COUNT]
        else:
            out[k - lo] = 1 if state[STATE_LEFT] == 0 else 0
    return out


@njit(cache=True)
def first_line(n, squares, m):
    """The line the completion search of the queens ``squares[:m]`` branches on first and
    its free squares, ``(line, free)`` (line as in ``S[d, LINE]``), or ``(-1, 0)`` when
    there is nothing to branch on (the queens fill the board, or a line has no free square).

    Every completion has exactly one queen on that line, on one of its free squares, so the
    queens plus each free square in turn partition the completions: the finer pieces of a
    count beyond one constellation a piece."""
    S = np.empty((1, SLOTS), np.int64)
    sol = np.empty(n, np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    if start(n, squares, m, S, sol, state):
        return S[0, LINE], S[0, FREE]
    return np.int64(-1), np.int64(0)


@njit(cache=True, nogil=True)
def count_placements(n, squares, m):
    """Completions (unweighted) of the non-attacking queens ``squares[:m]`` (square
    ``r * n + c``), any number of them: a constellation with queens added by
    :func:`first_line`. Releases the GIL."""
    S = np.empty((n + 2, SLOTS), np.int64)
    state = np.zeros(STATE_SIZE, np.int64)
    sol = np.empty(n, np.int64)
    unused = np.empty((ROOM, 1), np.int8)
    if start(n, squares, m, S, sol, state):
        search(n, S, state, False, sol, sol, squares, 0, unused, 0)
        return state[STATE_COUNT]
    return np.int64(1) if state[STATE_LEFT] == 0 else np.int64(0)


# ---------------------------------------------------------------------------------------------
# Solutions fixed by a rotation (for the fundamental count, by Burnside's lemma)
# ---------------------------------------------------------------------------------------------

#: Squares in the orbit of one square under the rotations by 90 degrees (the half turn has
#: orbits of 2); the centre of an odd board is its own orbit.
_QUARTER_ORBIT = 4
_HALF_ORBIT = 2


@njit(cache=True, nogil=True)
def count_rotation_symmetric(n, quarter):
    """Number of solutions unchanged by a rotation of 180 degrees (``quarter=False``) or of
    90 degrees (``quarter=True``).

    The search fills rows in order; placing a queen also places its images under the rotation,
    so each step fills a whole orbit of 1, 2 or 4 squares. Masks: ``rows`` and ``cols`` (bit per
    line), ``d1`` (bit r + c, as in ``search``) and ``d2`` (bit r - c + n - 1, ``search``'s
    ``d2r``), all below 2n - 1 <= 63 bits. Releases the GIL, like ``count_constellations``.
    """
    if n == 1:
        return 1
    rows_s = np.zeros(n + 1, np.int64)
    cols_s = np.zeros(n + 1, np.int64)
    d1_s = np.zeros(n + 1, np.int64)
    d2_s = np.zeros(n + 1, np.int64)
    row_s = np.zeros(n + 1, np.int64)
    next_s = np.zeros(n + 1, np.int64)
    orbit_r = np.empty(_QUARTER_ORBIT, np.int64)
    orbit_c = np.empty(_QUARTER_ORBIT, np.int64)
    allrows = bit(n) - 1
    steps = _QUARTER_ORBIT if quarter else _HALF_ORBIT
    count = 0
    d = 0
    row_s[0] = 0
    next_s[0] = 0
    while d >= 0:
        rows = rows_s[d]
        if rows == allrows:
            count += 1
            d -= 1
            continue
        r = row_s[d]
        c = next_s[d]
        if c >= n:
            d -= 1
            continue
        next_s[d] = c + 1
        cols = cols_s[d]
        d1 = d1_s[d]
        d2 = d2_s[d]
        # the orbit of (r, c) under the rotation subgroup
        orbit_r[0] = r
        orbit_c[0] = c
        for i in range(1, steps):
            pr = orbit_r[i - 1]
            pc = orbit_c[i - 1]
            if quarter:
                orbit_r[i] = pc
                orbit_c[i] = n - 1 - pr
            else:
                orbit_r[i] = n - 1 - pr
                orbit_c[i] = n - 1 - pc
        ok = True
        nrows = rows
        for i in range(steps):
            qr = orbit_r[i]
            qc = orbit_c[i]
            same = False
            for j in range(i):
                if orbit_r[j] == qr and orbit_c[j] == qc:
                    same = True
            if same:
                continue
            rb = bit(qr)
            cb = bit(qc)
            a = bit(qr + qc)
            b = bit(qr - qc + n - 1)
            if (nrows & rb) or (cols & cb) or (d1 & a) or (d2 & b):
                ok = False
                break
            nrows |= rb
            cols |= cb
            d1 |= a
            d2 |= b
        if not ok:
            continue
        # next empty row
        nr = r + 1
        while nr < n and (nrows >> nr) & 1:
            nr += 1
        d += 1
        rows_s[d] = nrows
        cols_s[d] = cols
        d1_s[d] = d1
        d2_s[d] = d2
        row_s[d] = nr
        next_s[d] = 0
    return count
