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

A constellation's completions can be searched top-down in any of its eight orientations; the
node count differs by up to 2x between them. ``_choose_orientation`` probes the first rows of
the search in the four distinct directions and keeps the cheapest one (the mirror image of an
orientation visits exactly as many nodes, so four probes suffice).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .._bits import ctz64

#: Largest n for which the 64-bit kernels are exact (mask widths and counts).
MAX_COUNT_N = 32
#: Largest board the enumeration kernel accepts (masks are int64, bit 62 is the last used).
MAX_SOLVE_N = 62

#: Rows probed per orientation when choosing the search direction of a constellation.
PROBE_DEPTH = 5


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


@njit(cache=True)
def _prepare(n, squares, m, g, block, shift):
    """Lay out the top-down search of a constellation seen in orientation ``g``.

    Fills ``block[d]`` (squares of the d-th searched row attacked by the pre-placed queens,
    plus every bit outside the board) and ``shift[d]`` (rows between searched row d-1 and d:
    more than 1 where a pre-placed row is skipped). Returns the number of searched rows.
    """
    full = (np.int64(1) << n) - 1
    qr = np.empty(4, np.int64)
    qc = np.empty(4, np.int64)
    for i in range(m):
        s = transform(g, squares[i] // n, squares[i] % n, n)
        qr[i] = s // n
        qc[i] = s % n
    d = 0
    prev = 0
    for row in range(1, n - 1):
        taken = False
        for i in range(m):
            if qr[i] == row:
                taken = True
        if taken:
            continue
        mask = ~full
        for i in range(m):
            mask |= np.int64(1) << qc[i]
            dist = row - qr[i]
            a = qc[i] + dist
            if 0 <= a < n:
                mask |= np.int64(1) << a
            a = qc[i] - dist
            if 0 <= a < n:
                mask |= np.int64(1) << a
        block[d] = mask
        shift[d] = row - prev
        prev = row
        d += 1
    return d


@njit(cache=True)
def _probe(block, shift, nrows, depth, C, L, R, F):
    """Partial placements of the first ``depth`` searched rows: the cost estimate of an
    orientation (the subtree sizes below are roughly proportional to it)."""
    if depth >= nrows:
        depth = nrows
    if depth == 0:
        return 1
    C[0] = 0
    L[0] = 0
    R[0] = 0
    F[0] = ~block[0]
    stop = depth - 1
    count = 0
    d = 0
    while d >= 0:
        f = F[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[d] = f ^ bit
        if d == stop:
            count += 1
            continue
        sh = shift[d + 1]
        c = C[d] | bit
        lo = (L[d] | bit) << sh
        ro = (R[d] | bit) >> sh
        d += 1
        C[d] = c
        L[d] = lo
        R[d] = ro
        F[d] = ~(c | lo | ro | block[d])
    return count


@njit(cache=True)
def _complete(block, shift, nrows, C, L, R, F):
    """Number of completions of a prepared constellation (see ``_prepare``).

    The last two searched rows are counted without entering them: after a queen is placed
    three rows from the end, at most two columns are left, and each of the (at most two)
    ways to fill the last two rows is tested with straight-line code. Those tests are
    branch-free (a missing candidate contributes 0), which spares the two deepest levels of
    the search their hard-to-predict loop branches.
    """
    if nrows <= 2:
        return _complete_short(block, shift, nrows)
    C[0] = 0
    L[0] = 0
    R[0] = 0
    F[0] = ~block[0]
    last = nrows - 1
    stop = last - 2
    b1 = block[last - 1]
    b2 = block[last]
    s1 = shift[last - 1]
    s2 = shift[last]
    count = 0
    d = 0
    while d >= 0:
        f = F[d]
        if f == 0:
            d -= 1
            continue
        bit = f & -f
        F[d] = f ^ bit
        if d == stop:
            c = C[d] | bit
            lo = (L[d] | bit) << s1
            ro = (R[d] | bit) >> s1
            g = ~(c | lo | ro | b1)  # row last-1: at most two free columns
            x = g & -g
            y = g ^ x
            count += (x != 0) & (~(c | x | ((lo | x) << s2) | ((ro | x) >> s2) | b2) != 0)
            count += (y != 0) & (~(c | y | ((lo | y) << s2) | ((ro | y) >> s2) | b2) != 0)
            continue
        sh = shift[d + 1]
        c = C[d] | bit
        lo = (L[d] | bit) << sh
        ro = (R[d] | bit) >> sh
        d += 1
        C[d] = c
        L[d] = lo
        R[d] = ro
        F[d] = ~(c | lo | ro | block[d])
    return count


@njit(cache=True)
def _complete_short(block, shift, nrows):
    # constellations of tiny boards leave at most two rows to search
    if nrows == 0:
        return 1
    f = ~block[0]
    if nrows == 1:
        return 1 if f != 0 else 0
    count = 0
    while f != 0:
        bit = f & -f
        f ^= bit
        if ~(bit | (bit << shift[1]) | (bit >> shift[1]) | block[1]) != 0:
            count += 1
    return count


@njit(cache=True)
def _choose_orientation(n, squares, m, block, shift, C, L, R, F, probe_depth):
    # g = 0, 1, 2, 3 search top-down, right-to-left, bottom-up, left-to-right; the mirror
    # images (4..7) visit the same number of nodes as one of these.
    best_g = 0
    best = -1
    for g in range(4):
        k = _prepare(n, squares, m, g, block, shift)
        cost = _probe(block, shift, k, probe_depth, C, L, R, F)
        if best < 0 or cost < best:
            best = cost
            best_g = g
    return best_g


@njit(cache=True)
def count_constellations(n, table, lo, hi, probe_depth):
    """Weighted number of completions of constellations ``table[lo:hi]`` (see above)."""
    block = np.empty(n + 1, np.int64)
    shift = np.empty(n + 1, np.int64)
    C = np.empty(n + 1, np.int64)
    L = np.empty(n + 1, np.int64)
    R = np.empty(n + 1, np.int64)
    F = np.empty(n + 1, np.int64)
    squares = np.empty(4, np.int64)
    total = 0
    for k in range(lo, hi):
        m = table[k, 0]
        for i in range(4):
            squares[i] = table[k, 1 + i]
        g = _choose_orientation(n, squares, m, block, shift, C, L, R, F, probe_depth)
        rows = _prepare(n, squares, m, g, block, shift)
        total += table[k, 5] * _complete(block, shift, rows, C, L, R, F)
    return total


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
def _prepare_rows(n, squares, m, g, rowmap, presol):
    """Row of each searched depth (``rowmap``) and the pre-placed queens' columns by row
    (``presol``, -1 for searched rows), for orientation ``g``; mirrors ``_prepare``."""
    for r in range(n):
        presol[r] = -1
    for i in range(m):
        s = transform(g, squares[i] // n, squares[i] % n, n)
        presol[s // n] = s % n
    d = 0
    for row in range(1, n - 1):
        if presol[row] < 0:
            rowmap[d] = row
            d += 1
    return d


@njit(cache=True)
def _orbit_symmetries(n, squares, m, g, syms):
    """Symmetries mapping the oriented constellation onto each of its distinct images, one
    per image; returns how many (the constellation's weight)."""
    cur = np.empty(4, np.int64)
    img = np.empty(4, np.int64)
    seen = np.empty((8, 4), np.int64)
    for i in range(m):
        cur[i] = transform(g, squares[i] // n, squares[i] % n, n)
    w = 0
    for s in range(8):
        for i in range(m):
            img[i] = transform(s, cur[i] // n, cur[i] % n, n)
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
def enum_symmetric(n, table, meta, block, shift, rowmap, presol, syms, C, L, R, F, P, sol, inv, out, probe_depth):
    """Write the next solutions into ``out``, each solution exactly once, in the order of
    the canonical constellations and their symmetric images (not lexicographic).

    Every completion found for a canonical constellation is written once per distinct image
    of the constellation (``_orbit_symmetries``), so the search does about an eighth of the
    work of the lexicographic enumeration. ``meta`` holds ``k, d, w, nrows, started`` between
    calls. Returns the number of rows written; ``meta[0] == len(table)`` when exhausted.
    """
    cap = out.shape[0]
    written = 0
    squares = np.empty(4, np.int64)
    k = meta[0]
    d = meta[1]
    w = meta[2]
    nrows = meta[3]
    started = meta[4]
    K = table.shape[0]
    while k < K:
        if started == 0:
            m = table[k, 0]
            for i in range(4):
                squares[i] = table[k, 1 + i]
            g = _choose_orientation(n, squares, m, block, shift, C, L, R, F, probe_depth)
            nrows = _prepare(n, squares, m, g, block, shift)
            _prepare_rows(n, squares, m, g, rowmap, presol)
            w = _orbit_symmetries(n, squares, m, g, syms)
            for r in range(n):
                sol[r] = presol[r]
            started = 1
            if nrows == 0:
                d = -2  # complete as pre-placed: one solution, no search
            else:
                C[0] = 0
                L[0] = 0
                R[0] = 0
                F[0] = ~block[0]
                d = 0
        # search; a solution is reported with d == -2 (pre-placed only) or at the last row
        found = False
        if d == -2:
            found = True
            d = -1
        while d >= 0 and not found:
            f = F[d]
            if f == 0:
                d -= 1
                continue
            bit = f & -f
            F[d] = f ^ bit
            P[d] = ctz64(bit)
            if d == nrows - 1:
                found = True
                break
            sh = shift[d + 1]
            c = C[d] | bit
            lo = (L[d] | bit) << sh
            ro = (R[d] | bit) >> sh
            d += 1
            C[d] = c
            L[d] = lo
            R[d] = ro
            F[d] = ~(c | lo | ro | block[d])
        if found:
            for i in range(nrows):
                sol[rowmap[i]] = P[i]
            for r in range(n):
                inv[sol[r]] = r
            for h in range(w):
                _emit_image(syms[h], sol, inv, n, out, written)
                written += 1
            if written + 8 > cap:
                meta[0] = k
                meta[1] = d
                meta[2] = w
                meta[3] = nrows
                meta[4] = started
                return written
            continue
        # constellation exhausted
        k += 1
        started = 0
    meta[0] = k
    meta[1] = -1
    meta[4] = 0
    return written
