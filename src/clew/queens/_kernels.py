"""numba kernels for N-Queens: counting, symmetric counting and streaming enumeration.

Everything here works on ints and numpy arrays only: no Python objects, no module-level
mutable state. The friendly layer (``clew.queens``) converts once at the boundary.

Bit layout
----------
A row of the board is an int64 mask, bit ``c`` standing for column ``c``::

    column:  0 1 2 3 ... n-1        bit c = 1 << c
    full  =  (1 << n) - 1           every column

While the search walks down the rows it carries three attack masks for the next row:

* ``cols``: columns already holding a queen;
* ``ld``: squares attacked along a diagonal that moves one column *right* per row
  (``(ld | bit) << 1``);
* ``rd``: squares attacked along a diagonal that moves one column *left* per row
  (``(rd | bit) >> 1``).

The free squares of the next row are ``~(cols | ld | rd)`` restricted to the board.

The search is iterative: one slot per depth in small arrays (``C``, ``L``, ``R`` for the masks
and ``F`` for the still untried free squares of that depth). Keeping the state in per-depth
slots rather than pushing and popping tuples lets LLVM keep the hot values in registers and is
as fast per node as the recursive C baseline.

Counting with border constellations
-----------------------------------
Every solution has exactly one queen on each of the four border lines (row 0, row n-1,
column 0, column n-1); a queen in a corner sits on two of them. The *constellation* of a
solution is that set of (at most four) border queens. The eight symmetries of the square map
solutions with constellation ``K`` one-to-one onto solutions with constellation ``g(K)``, so

    total = sum over canonical K of |orbit(K)| * completions(K)

where canonical means "the lexicographically smallest image of its orbit". That reduces the
search to about an eighth, and each constellation is an independent piece of work.

Completions are searched by a *dual MRV* search (``_search``): every step branches on the
row or column with the fewest free squares. Choosing that line costs a vectorised scan of all
lines, but it cuts the nodes visited about fivefold at n = 16, and more for larger n. The same
search counts (``count_constellations``) and, resumably, writes every completion once per
image of its constellation (``enum_symmetric``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._bits import ctz64, popcount64

#: Largest n for which the 64-bit kernels are exact (mask widths and counts).
MAX_COUNT_N = 32
#: Largest board the enumeration kernel accepts (masks are int64, bit 62 is the last used).
MAX_SOLVE_N = 62

# ---------------------------------------------------------------------------------------------
# Symmetries of the square
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def transform(g, r, c, n):
    """Image of square (r, c) under symmetry ``g`` (0..7) of the n x n square.

    0 identity, 1 rotation by 90 degrees, 2 by 180, 3 by 270, 4 mirror left-right,
    5 mirror top-bottom, 6 transpose, 7 anti-transpose. Returns ``r * n + c`` of the image.
    """
    m = n - 1
    if g == 0:
        return r * n + c
    if g == 1:
        return c * n + (m - r)
    if g == 2:
        return (m - r) * n + (m - c)
    if g == 3:
        return (m - c) * n + r
    if g == 4:
        return r * n + (m - c)
    if g == 5:
        return (m - r) * n + c
    if g == 6:
        return c * n + r
    return (m - c) * n + (m - r)


@njit(cache=True)
def _attacks(a, b, n):
    ra, ca = a // n, a % n
    rb, cb = b // n, b % n
    return ra == rb or ca == cb or abs(ra - rb) == abs(ca - cb)


@njit(cache=True)
def _sort_small(v, m):
    # insertion sort of the first m entries (m <= 4)
    for i in range(1, m):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x


@njit(cache=True)
def border_constellations(n):
    """Canonical border constellations of the n x n board.

    Returns an int64 array of shape (K, 6): ``m, s0, s1, s2, s3, weight`` where ``m`` (1..4)
    is the number of border queens, ``s0..s{m-1}`` their squares ``r * n + c`` in increasing
    order (unused slots are -1) and ``weight`` the size of the constellation's orbit under
    the eight symmetries.
    """
    out = np.empty((max(n, 1) ** 4 // 4 + 16, 6), np.int64)
    k = 0
    sq = np.empty(4, np.int64)
    img = np.empty(4, np.int64)
    imgs = np.empty((8, 4), np.int64)
    m1 = n - 1
    for t in range(n):
        for b in range(n):
            for lft in range(n):
                for rgt in range(n):
                    # the four border queens: top row, bottom row, left column, right column
                    cand = np.array((t, m1 * n + b, lft * n, rgt * n + m1), np.int64)
                    m = 0
                    for i in range(4):
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
                    _sort_small(sq, m)
                    # canonical: no image is lexicographically smaller; weight: distinct images
                    canonical = True
                    distinct = 0
                    for g in range(8):
                        for i in range(m):
                            img[i] = transform(g, sq[i] // n, sq[i] % n, n)
                        _sort_small(img, m)
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
                    out[k, 0] = m
                    for i in range(4):
                        out[k, 1 + i] = sq[i] if i < m else -1
                    out[k, 5] = distinct
                    k += 1
    return out[:k].copy()


# ---------------------------------------------------------------------------------------------
# Completing a constellation
# ---------------------------------------------------------------------------------------------


_FILLED = np.int64(1) << 62  # key of a line that already holds a queen


@njit(cache=True, inline="always")
def _line_key(i, m, full, rowsx, colsx, d1, d2, d2r):
    """Smaller of the MRV keys of row ``i`` and column ``i``: ``free << 8 | line`` where
    ``line`` is ``i`` for a row and ``128 + i`` for a column, ``_FILLED`` for a full line."""
    a = d1 >> i
    sh = (m - i) & 63
    row_free = full & ~(colsx | a | (d2 >> sh))
    col_free = full & ~(rowsx | a | (d2r >> sh))
    kr = (popcount64(row_free) << 8) | i
    kc = (popcount64(col_free) << 8) | 128 | i
    kr = kr if ((rowsx >> i) & 1) == 0 else _FILLED
    kc = kc if ((colsx >> i) & 1) == 0 else _FILLED
    return min(kr, kc)


# The scan over every line is the hot spot of the MRV search. With a trip count known at
# compile time LLVM turns it into straight vector code (no remainder loop), twice as fast as
# a loop over n lines; hence one copy per lane count. Lines >= n are marked full in
# ``rowsx`` / ``colsx``, so they never win.


@njit(cache=True)
def _pick16(m, full, rowsx, colsx, d1, d2, d2r):
    best = _FILLED
    for i in range(16):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True)
def _pick24(m, full, rowsx, colsx, d1, d2, d2r):
    best = _FILLED
    for i in range(24):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True)
def _pick32(m, full, rowsx, colsx, d1, d2, d2r):
    best = _FILLED
    for i in range(32):
        best = min(best, _line_key(i, m, full, rowsx, colsx, d1, d2, d2r))
    return best


@njit(cache=True, inline="always")
def _pick(n, full, rows, cols, d1, d2, d2r):
    """MRV: the empty row or column with the fewest free squares, as ``free << 8 | line``
    (``line`` < 128 a row, ``128 + c`` column ``c``). Ties go to the lowest line, rows first."""
    rowsx = rows | ~full
    colsx = cols | ~full
    if n <= 16:
        return _pick16(n - 1, full, rowsx, colsx, d1, d2, d2r)
    if n <= 24:
        return _pick24(n - 1, full, rowsx, colsx, d1, d2, d2r)
    return _pick32(n - 1, full, rowsx, colsx, d1, d2, d2r)


@njit(cache=True)
def _line_free(n, full, line, rows, cols, d1, d2, d2r):
    # free columns of row ``line`` (< 128), or free rows of column ``line - 128``
    if line < 128:
        return full & ~(cols | (d1 >> line) | (d2 >> (n - 1 - line)))
    y = line - 128
    return full & ~(rows | (d1 >> y) | (d2r >> (n - 1 - y)))


#: Slots of the per-depth state ``S[d]`` of the constellation search.
_ROWS, _COLS, _D1, _D2, _D2R, _FREE, _LINE = 0, 1, 2, 3, 4, 5, 6
#: Slots of ``state``: depth to resume at, queens still to place, solutions counted.
_DEPTH, _LEFT, _COUNT = 0, 1, 2


@njit(cache=True)
def _start(n, squares, m, S, sol, state):
    """Lay out the search of a constellation (``m`` queens on ``squares``): its masks in
    ``S[0]``, its queens in ``sol`` (column per row), ``state`` reset. Returns False when
    the constellation has no completion to search for (see ``state``)."""
    full = (np.int64(1) << n) - 1
    top = 2 * n - 2
    rows = np.int64(0)
    cols = np.int64(0)
    d1 = np.int64(0)
    d2 = np.int64(0)
    d2r = np.int64(0)
    for i in range(m):
        r = squares[i] // n
        c = squares[i] % n
        k2 = c - r + n - 1
        rows |= np.int64(1) << r
        cols |= np.int64(1) << c
        d1 |= np.int64(1) << (r + c)
        d2 |= np.int64(1) << k2
        d2r |= np.int64(1) << (top - k2)
        sol[r] = c
    state[_LEFT] = n - m
    state[_COUNT] = 0
    state[_DEPTH] = -1
    if n == m:
        return False  # complete as it stands (n = 1)
    key = _pick(n, full, rows, cols, d1, d2, d2r)
    if key >> 8 == 0:
        return False  # a line without a free square: no completion
    line = key & 255
    S[0, _ROWS] = rows
    S[0, _COLS] = cols
    S[0, _D1] = d1
    S[0, _D2] = d2
    S[0, _D2R] = d2r
    S[0, _FREE] = _line_free(n, full, line, rows, cols, d1, d2, d2r)
    S[0, _LINE] = line
    state[_DEPTH] = 0
    return True


@njit(cache=True)
def _emit_solution(n, sol, inv, syms, w, out, written):
    # one row per distinct image of the constellation (see ``_orbit_symmetries``)
    for r in range(n):
        inv[sol[r]] = r
    for h in range(w):
        _emit_image(syms[h], sol, inv, n, out, written + h)
    return written + w


@njit(cache=True)
def _search(n, S, state, emit, sol, inv, syms, w, out, written):
    """Run, or resume, the completion search of the constellation laid out by ``_start``.

    Dual MRV search: each step branches on the row *or column* with the fewest free
    squares, so forced lines (one square) are filled at once and a line with no square
    left cuts the branch immediately. For n = 16 this visits about 5x fewer nodes than a
    row-by-row search.

    Masks (int64, bit per line): ``rows``, ``cols``; ``d1`` has bit ``r + c`` of every
    queen, ``d2`` bit ``c - r + n - 1`` and ``d2r`` bit ``n - 1 - (c - r)`` (``d2``
    mirrored), so that row x's attacked columns are ``d1 >> x | d2 >> (n - 1 - x)`` and
    column y's attacked rows are ``d1 >> y | d2r >> (n - 1 - y)``. ``S[d]`` holds depth d's
    masks, its untried squares and its line; ``state`` the depth and the running count.

    Counting (``emit`` False) runs to the end. Enumerating writes each completion into
    ``sol`` (column per row) and its ``w`` images into ``out`` from row ``written``; it
    stops early, resumable, when ``out`` has no room for two more completions. Returns the
    new ``written``; ``state[_DEPTH] == -1`` once the search is exhausted.
    """
    full = (np.int64(1) << n) - 1
    top = 2 * n - 2
    cap = out.shape[0] - 16
    last = state[_LEFT] - 1
    count = state[_COUNT]
    d = state[_DEPTH]
    while d >= 0:
        if emit and written > cap:
            break
        f = S[d, _FREE]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        S[d, _FREE] = f ^ bit
        line = S[d, _LINE]
        if line < 128:
            x = line
            c = ctz64(bit)
        else:
            x = ctz64(bit)
            c = line - 128
        if emit:
            sol[x] = c
        if d == last:
            count += 1
            if emit:
                written = _emit_solution(n, sol, inv, syms, w, out, written)
            continue
        k2 = c - x + n - 1
        rows = S[d, _ROWS] | (np.int64(1) << x)
        cols = S[d, _COLS] | (np.int64(1) << c)
        d1 = S[d, _D1] | (np.int64(1) << (x + c))
        d2 = S[d, _D2] | (np.int64(1) << k2)
        d2r = S[d, _D2R] | (np.int64(1) << (top - k2))
        if d == last - 2:
            # Two queens left, for the two empty rows x1 < x2: try both columns of row x1
            # and test the other one in row x2, branch-free (a missing candidate adds 0).
            empty = full & ~rows
            x1 = ctz64(empty)
            x2 = ctz64(empty ^ (np.int64(1) << x1))
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
                    written = _emit_solution(n, sol, inv, syms, w, out, written)
                if ok_b:
                    sol[x1] = ctz64(b)
                    sol[x2] = ctz64(spare ^ b)
                    written = _emit_solution(n, sol, inv, syms, w, out, written)
            continue
        key = _pick(n, full, rows, cols, d1, d2, d2r)
        if key >> 8 == 0:
            continue  # some line has no free square left: prune
        line = key & 255
        d += 1
        S[d, _ROWS] = rows
        S[d, _COLS] = cols
        S[d, _D1] = d1
        S[d, _D2] = d2
        S[d, _D2R] = d2r
        S[d, _FREE] = _line_free(n, full, line, rows, cols, d1, d2, d2r)
        S[d, _LINE] = line
    state[_DEPTH] = d
    state[_COUNT] = count
    return written


@njit(cache=True)
def count_constellations(n, table, lo, hi):
    """Completions of each constellation ``table[lo:hi]`` (unweighted, one int64 each).

    The caller multiplies by the weights (column 5) in Python integers, so totals beyond
    2**63 (n >= 29) stay exact.
    """
    S = np.empty((n + 2, 8), np.int64)
    squares = np.empty(4, np.int64)
    state = np.zeros(3, np.int64)
    sol = np.empty(n, np.int64)
    unused = np.empty((16, 1), np.int8)
    out = np.empty(hi - lo, np.int64)
    for k in range(lo, hi):
        for i in range(4):
            squares[i] = table[k, 1 + i]
        if _start(n, squares, table[k, 0], S, sol, state):
            _search(n, S, state, False, sol, sol, squares, 0, unused, 0)
            out[k - lo] = state[_COUNT]
        else:
            out[k - lo] = 1 if state[_LEFT] == 0 else 0
    return out


# ---------------------------------------------------------------------------------------------
# Solutions fixed by a rotation (for the fundamental count, by Burnside's lemma)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def count_rotation_symmetric(n, quarter):
    """Number of solutions unchanged by a rotation of 180 degrees (``quarter=False``) or of
    90 degrees (``quarter=True``).

    The search fills rows in order; placing a queen also places its images under the rotation,
    so each step fills a whole orbit of 1, 2 or 4 squares. Masks: ``rows`` and ``cols`` (bit per
    line), ``d1`` (bit r + c) and ``d2`` (bit r - c + n - 1), all below 2n - 1 <= 63 bits.
    """
    if n == 1:
        return 1
    rows_s = np.zeros(n + 1, np.int64)
    cols_s = np.zeros(n + 1, np.int64)
    d1_s = np.zeros(n + 1, np.int64)
    d2_s = np.zeros(n + 1, np.int64)
    row_s = np.zeros(n + 1, np.int64)
    next_s = np.zeros(n + 1, np.int64)
    orbit_r = np.empty(4, np.int64)
    orbit_c = np.empty(4, np.int64)
    allrows = (np.int64(1) << n) - 1
    steps = 4 if quarter else 2
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
            rb = np.int64(1) << qr
            cb = np.int64(1) << qc
            a = np.int64(1) << (qr + qc)
            b = np.int64(1) << (qr - qc + n - 1)
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
        f = F[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[d] = f ^ bit
        P[d] = ctz64(bit)
        if d == last:
            for i in range(n):
                out[written, i] = P[i]
            written += 1
            if written == cap:
                return written, d
            continue
        c = C[d] | bit
        lo = ((L[d] | bit) << 1) & full
        ro = (R[d] | bit) >> 1
        d += 1
        C[d] = c
        L[d] = lo
        R[d] = ro
        F[d] = full & ~(c | lo | ro)
    return written, -1


@njit(cache=True)
def format_columns(sols, k, buf):
    """Write the first ``k`` solutions of ``sols`` as text lines of space-separated column
    indices into the byte buffer ``buf``; returns the number of bytes written.

    Table-driven and branch-free: every value copies three bytes from a small table (``"d  "``
    or ``"dd "``) and the write position advances by its true length, so the unpredictable
    one-or-two-digit test never reaches the branch predictor. ``buf`` needs ``3 * n * k``
    bytes; values must lie in 0..99.
    """
    n = sols.shape[1]
    text = np.empty((100, 3), np.uint8)
    size = np.empty(100, np.int64)
    for v in range(100):
        if v < 10:
            text[v, 0] = 48 + v
            text[v, 1] = 32
            size[v] = 2
        else:
            text[v, 0] = 48 + v // 10
            text[v, 1] = 48 + v % 10
            size[v] = 3
        text[v, 2] = 32
    p = 0
    for s in range(k):
        for i in range(n):
            v = sols[s, i]
            buf[p] = text[v, 0]
            buf[p + 1] = text[v, 1]
            buf[p + 2] = text[v, 2]
            p += size[v]
        buf[p - 1] = 10  # the last separator of a line is its newline
    return p


# ---------------------------------------------------------------------------------------------
# Streaming enumeration in symmetry order (every solution once, not sorted)
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _orbit_symmetries(n, squares, m, syms):
    """Symmetries mapping the constellation onto each of its distinct images, one per
    image, into ``syms``; returns how many (the constellation's weight)."""
    img = np.empty(4, np.int64)
    seen = np.empty((8, 4), np.int64)
    w = 0
    for s in range(8):
        for i in range(m):
            img[i] = transform(s, squares[i] // n, squares[i] % n, n)
        _sort_small(img, m)
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
def _emit_image(s, sol, inv, n, out, row):
    """Write the image of solution ``sol`` (column per row; ``inv`` is row per column) under
    symmetry ``s`` (numbered as in ``transform``) into ``out[row]``.

    The transposing symmetries read the inverse permutation, so every image is written in
    row order with sequential stores instead of scattered ones.
    """
    m = n - 1
    if s == 0:
        for i in range(n):
            out[row, i] = sol[i]
    elif s == 4:
        for i in range(n):
            out[row, i] = m - sol[i]
    elif s == 5:
        for i in range(n):
            out[row, i] = sol[m - i]
    elif s == 2:
        for i in range(n):
            out[row, i] = m - sol[m - i]
    elif s == 6:
        for i in range(n):
            out[row, i] = inv[i]
    elif s == 1:
        for i in range(n):
            out[row, i] = m - inv[i]
    elif s == 3:
        for i in range(n):
            out[row, i] = inv[m - i]
    else:
        for i in range(n):
            out[row, i] = m - inv[m - i]


@njit(cache=True)
def enum_symmetric(n, table, meta, S, state, syms, sol, inv, out):
    """Write the next solutions into ``out``, each solution exactly once, in the order of
    the canonical constellations and their symmetric images (not lexicographic).

    Every completion found for a canonical constellation is written once per distinct image
    of the constellation (``_orbit_symmetries``), so the search does about an eighth of the
    work of the lexicographic enumeration. Between calls ``meta`` holds the constellation
    being searched, its weight and whether its search has started; ``S``, ``state`` and
    ``sol`` the search itself. Returns the number of rows written; ``meta[0] ==
    len(table)`` when every constellation is done. ``out`` needs at least 32 rows.
    """
    squares = np.empty(4, np.int64)
    written = 0
    while meta[0] < table.shape[0]:
        k = meta[0]
        if meta[2] == 0:
            m = table[k, 0]
            for i in range(4):
                squares[i] = table[k, 1 + i]
            meta[1] = _orbit_symmetries(n, squares, m, syms)
            meta[2] = 1
            if not _start(n, squares, m, S, sol, state):
                if state[_LEFT] == 0:  # complete as it stands
                    written = _emit_solution(n, sol, inv, syms, meta[1], out, written)
        written = _search(n, S, state, True, sol, inv, syms, meta[1], out, written)
        if state[_DEPTH] >= 0:
            return written  # out is full; resume this constellation next call
        meta[0] = k + 1
        meta[2] = 0
    return written


# ---------------------------------------------------------------------------------------------
# Huge boards: a linear-time check, min-conflicts local search, number formatting
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def first_conflict(cols):
    """Rows ``(a, b)`` of the first two queens found attacking each other, ``(-1, -1)`` if
    none, ``(r, -2)`` if row r's column is off the board. O(n) time: one flag per column
    and per diagonal remembers the row that took it."""
    n = cols.shape[0]
    col_row = np.full(n, -1, np.int64)
    diag_row = np.full(2 * n - 1, -1, np.int64)  # r - c + n - 1
    anti_row = np.full(2 * n - 1, -1, np.int64)  # r + c
    for r in range(n):
        c = cols[r]
        if c < 0 or c >= n:
            return r, -2
        if col_row[c] >= 0:
            return col_row[c], r
        if diag_row[r - c + n - 1] >= 0:
            return diag_row[r - c + n - 1], r
        if anti_row[r + c] >= 0:
            return anti_row[r + c], r
        col_row[c] = r
        diag_row[r - c + n - 1] = r
        anti_row[r + c] = r
    return -1, -1


@njit(cache=True)
def _attacks_on(r, c, n, diag, anti):
    # queens other than one at (r, c) itself on its two diagonals
    return diag[r - c + n - 1] + anti[r + c]


@njit(cache=True)
def min_conflicts(n, seed, max_rounds):
    """One solution of the n-queens problem by local search (Sosic and Gu's scheme).

    The queens are a permutation (no two share a row or column), so only diagonal
    collisions count. Phase 1 builds the permutation row by row, swapping in a random
    still-unused column that lands on two empty diagonals (up to a few tries; nearly every
    row succeeds, so most queens never collide). Phase 2 repairs the rest: for each row in
    collision, swap its column with a random row's whenever that lowers the number of
    collisions; a round that lowers nothing makes one random swap to leave the local
    minimum. Linear work in practice (cache misses make 10**7 queens ~15x slower than 10**6). Returns the permutation, or an empty array when
    ``max_rounds`` repair rounds were not enough (the caller retries with another seed).
    """
    np.random.seed(seed)
    cols = np.arange(n)
    diag = np.zeros(2 * n - 1, np.int64)  # queens on diagonal r - c + n - 1
    anti = np.zeros(2 * n - 1, np.int64)  # queens on anti-diagonal r + c
    tries = 32
    for r in range(n):
        pick = r
        for _ in range(tries):
            j = r + np.random.randint(n - r)
            c = cols[j]
            if diag[r - c + n - 1] == 0 and anti[r + c] == 0:
                pick = j
                break
        else:
            pick = r + np.random.randint(n - r)
        c = cols[pick]
        cols[pick] = cols[r]
        cols[r] = c
        diag[r - c + n - 1] += 1
        anti[r + c] += 1
    for _ in range(max_rounds):
        bad = 0
        moved = False
        stuck = -1
        for r in range(n):
            c = cols[r]
            if diag[r - c + n - 1] + anti[r + c] <= 2:
                continue
            bad += 1
            stuck = r
            for _ in range(64):
                j = np.random.randint(n)
                if j == r:
                    continue
                cj = cols[j]
                before = (diag[r - c + n - 1] - 1) + (anti[r + c] - 1)
                before += (diag[j - cj + n - 1] - 1) + (anti[j + cj] - 1)
                # move both queens, then count what they hit at their new squares
                diag[r - c + n - 1] -= 1
                anti[r + c] -= 1
                diag[j - cj + n - 1] -= 1
                anti[j + cj] -= 1
                diag[r - cj + n - 1] += 1
                anti[r + cj] += 1
                diag[j - c + n - 1] += 1
                anti[j + c] += 1
                after = (diag[r - cj + n - 1] - 1) + (anti[r + cj] - 1)
                after += (diag[j - c + n - 1] - 1) + (anti[j + c] - 1)
                if after < before:
                    cols[r] = cj
                    cols[j] = c
                    moved = True
                    break
                # undo
                diag[r - cj + n - 1] -= 1
                anti[r + cj] -= 1
                diag[j - c + n - 1] -= 1
                anti[j + c] -= 1
                diag[r - c + n - 1] += 1
                anti[r + c] += 1
                diag[j - cj + n - 1] += 1
                anti[j + cj] += 1
        if bad == 0:
            return cols
        if not moved:
            # a local minimum (common on small boards): swap a colliding queen with a
            # random one, whatever it costs, and go on from there
            r = stuck
            j = np.random.randint(n)
            c = cols[r]
            cj = cols[j]
            diag[r - c + n - 1] -= 1
            anti[r + c] -= 1
            diag[j - cj + n - 1] -= 1
            anti[j + cj] -= 1
            diag[r - cj + n - 1] += 1
            anti[r + cj] += 1
            diag[j - c + n - 1] += 1
            anti[j + c] += 1
            cols[r] = cj
            cols[j] = c
    return np.empty(0, np.int64)


@njit(cache=True)
def format_ints(values, lo, hi, buf):
    """Write ``values[lo:hi]`` (non-negative ints) as space-separated decimal text into
    ``buf``; returns the number of bytes. ``buf`` needs 20 bytes per value."""
    p = 0
    digits = np.empty(20, np.uint8)
    for i in range(lo, hi):
        v = values[i]
        k = 0
        while True:
            digits[k] = 48 + v % 10
            v //= 10
            k += 1
            if v == 0:
                break
        for j in range(k - 1, -1, -1):
            buf[p] = digits[j]
            p += 1
        buf[p] = 32
        p += 1
    return p


# ---------------------------------------------------------------------------------------------
# Completion of a partly placed board with blocked squares
# ---------------------------------------------------------------------------------------------


@njit(cache=True)
def _place_on(n, x, c, row_att, col_att):
    # mark what a queen at (x, c) attacks in every row's and every column's mask
    for r in range(n):
        dist = r - x
        m = np.int64(1) << c
        if 0 <= c + dist < n:
            m |= np.int64(1) << (c + dist)
        if 0 <= c - dist < n:
            m |= np.int64(1) << (c - dist)
        row_att[r] |= m
    for y in range(n):
        dist = y - c
        m = np.int64(1) << x
        if 0 <= x + dist < n:
            m |= np.int64(1) << (x + dist)
        if 0 <= x - dist < n:
            m |= np.int64(1) << (x - dist)
        col_att[y] |= m


@njit(cache=True)
def complete_mrv(n, qr, qc, row_blocked, col_blocked, limit, out):
    """Completions of a board with queens on ``(qr[i], qc[i])`` and blocked squares
    (``row_blocked[r]``: blocked columns of row r, ``col_blocked[c]`` the same squares by
    column). Dual MRV search over explicit per-line masks, so any n <= 62 works.

    Stops after ``limit`` completions (``limit <= 0``: all). The first completion found is
    written into ``out`` (column per row). Returns the number found.
    """
    full = (np.int64(1) << n) - 1
    # per depth: attacked squares of every row and column, filled lines, candidates, line
    RA = np.zeros((n + 1, n), np.int64)
    CA = np.zeros((n + 1, n), np.int64)
    rows_s = np.zeros(n + 1, np.int64)
    cols_s = np.zeros(n + 1, np.int64)
    free_s = np.zeros(n + 1, np.int64)
    line_s = np.zeros(n + 1, np.int64)
    sol = np.full(n, -1, np.int64)
    rows = np.int64(0)
    cols = np.int64(0)
    for r in range(n):
        RA[0, r] = row_blocked[r]
        CA[0, r] = col_blocked[r]
    for i in range(qr.shape[0]):
        _place_on(n, qr[i], qc[i], RA[0], CA[0])
        rows |= np.int64(1) << qr[i]
        cols |= np.int64(1) << qc[i]
        sol[qr[i]] = qc[i]
    left = n - qr.shape[0]
    found = 0
    if left == 0:
        out[:] = sol
        return 1
    d = 0
    rows_s[0] = rows
    cols_s[0] = cols
    line_s[0] = -1  # choose the line on entry
    while d >= 0:
        if line_s[d] < 0:
            # MRV: the empty row or column with the fewest free squares
            rows = rows_s[d]
            cols = cols_s[d]
            best = n + 1
            best_line = 0
            best_free = np.int64(0)
            for i in range(n):
                if not (rows >> i) & 1:
                    f = full & ~(cols | RA[d, i])
                    k = popcount64(f)
                    if k < best:
                        best, best_line, best_free = k, i, f
                if not (cols >> i) & 1:
                    f = full & ~(rows | CA[d, i])
                    k = popcount64(f)
                    if k < best:
                        best, best_line, best_free = k, 128 + i, f
            if best == 0:
                d -= 1
                continue
            line_s[d] = best_line
            free_s[d] = best_free
        f = free_s[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        free_s[d] = f ^ bit
        line = line_s[d]
        if line < 128:
            x = line
            c = ctz64(bit)
        else:
            x = ctz64(bit)
            c = line - 128
        sol[x] = c
        if d == left - 1:
            if found == 0:
                out[:] = sol
            found += 1
            if found == limit:
                return found
            continue
        for i in range(n):
            RA[d + 1, i] = RA[d, i]
            CA[d + 1, i] = CA[d, i]
        _place_on(n, x, c, RA[d + 1], CA[d + 1])
        rows_s[d + 1] = rows_s[d] | (np.int64(1) << x)
        cols_s[d + 1] = cols_s[d] | (np.int64(1) << c)
        line_s[d + 1] = -1
        d += 1
    return found


@njit(cache=True)
def complete_rows(n, qr, qc, row_blocked, limit, out):
    """The same completions by a plain row-by-row bitboard search (the textbook order),
    kept to compare with ``complete_mrv``. Pre-placed queens fill their rows; every other
    row's squares attacked by them or blocked are masked out up front."""
    full = (np.int64(1) << n) - 1
    pre = np.full(n, -1, np.int64)
    for i in range(qr.shape[0]):
        pre[qr[i]] = qc[i]
    block = np.empty(n, np.int64)
    for r in range(n):
        m = row_blocked[r]
        for i in range(qr.shape[0]):
            dist = r - qr[i]
            m |= np.int64(1) << qc[i]
            if 0 <= qc[i] + dist < n:
                m |= np.int64(1) << (qc[i] + dist)
            if 0 <= qc[i] - dist < n:
                m |= np.int64(1) << (qc[i] - dist)
        block[r] = m
    sol = pre.copy()
    # rows to search, top-down; L / R carry the diagonals of the searched queens
    C = np.zeros(n + 1, np.int64)
    L = np.zeros(n + 1, np.int64)
    R = np.zeros(n + 1, np.int64)
    F = np.zeros(n + 1, np.int64)
    rowof = np.empty(n, np.int64)
    k = 0
    for r in range(n):
        if pre[r] < 0:
            rowof[k] = r
            k += 1
    if k == 0:
        out[:] = sol
        return 1
    found = 0
    F[0] = full & ~block[rowof[0]]
    d = 0
    while d >= 0:
        f = F[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[d] = f ^ bit
        sol[rowof[d]] = ctz64(bit)
        if d == k - 1:
            if found == 0:
                out[:] = sol
            found += 1
            if found == limit:
                return found
            continue
        sh = rowof[d + 1] - rowof[d]
        c = C[d] | bit
        lo = ((L[d] | bit) << sh) & full
        ro = (R[d] | bit) >> sh
        d += 1
        C[d] = c
        L[d] = lo
        R[d] = ro
        F[d] = full & ~(c | lo | ro | block[rowof[d]])
    return found
