"""numba kernel writing every N-Queens solution as text, in symmetry order: the fast path of
``clew queens solve N --any-order`` (``solver.write_columns(ordered=False)``).

Ints and numpy arrays only (see ``_kernels_common``). Each canonical border constellation
(``_kernels_count.border_constellations``) is completed once by a dual MRV search, and
each completion is written as the text of its images under the symmetries that map the
constellation onto its distinct images (``_kernels_enum._orbit_symmetries``): every
solution exactly once, about an eighth of the lexicographic search. The text goes straight
into the caller's ``uint8`` buffer, with no intermediate array of columns.

The search
----------
The completion search is that of the counting kernel ``_kernels_count_scan.complete``,
built of the same steps (``_kernels_constellation``: its masks, levels and line key),
except that it must place every queen, down to the last, where the counter decides the
last three without placing them. The last two queens are placed directly, without two more
levels of scans (15% of the time at n = 16; doing so for the last three measured slower:
its nested loops branch unpredictably).

The images
----------
With ``sol`` the column of each row and ``inv`` the row of each column, the image of a
solution under each symmetry, row i of the image, is ``f(src[j(i)])`` where ``src`` is
``sol`` or ``inv`` (the transposing symmetries), ``j(i)`` is ``i`` or ``n - 1 - i`` (the
upside-down ones) and ``f(v)`` is ``v`` or ``n - 1 - v`` (the left-right ones)::

    symmetry      src  j(i)       f(v)          symmetry          src  j(i)       f(v)
    identity      sol  i          v             transpose         inv  i          v
    mirror l-r    sol  i          n - 1 - v     rotate 90         inv  i          n - 1 - v
    mirror t-b    sol  n - 1 - i  v             rotate 270        inv  n - 1 - i  v
    rotate 180    sol  n - 1 - i  n - 1 - v     anti-transpose    inv  n - 1 - i  n - 1 - v

so one branch-free loop writes every image.
"""

from __future__ import annotations

import numpy as np
from numba import njit, uint64

from ..._bits import bit, ctz64
from ._kernels_common import (
    ANTI_TRANSPOSE,
    MAX_BORDER,
    MIRROR_LEFT_RIGHT,
    MIRROR_TOP_BOTTOM,
    ROTATE_90,
    ROTATE_180,
    ROTATE_270,
    SYMMETRIES,
    TRANSPOSE,
)
from ._kernels_constellation import (
    FREE,
    KEY_LINE_BITS,
    LEFT,
    SLOTS,  # noqa: F401  (the width of ``S``, for the caller that allocates it)
    lay_out,
    load,
    pick,
    placed,
    push,
    take,
)
from ._kernels_enum import _orbit_symmetries
from ._kernels_text import _CELL, _NEWLINE, _SMALL, store_text, word_table

_u = uint64  # an index known to be >= 0: spares numba's negative-index wraparound

#: Slots of ``meta``: the constellation being completed (its row in the table), its weight
#: (images written per completion), the depth to resume at (``NOT_STARTED`` before its
#: search is laid out), the steps back a call may take before it returns.
META_CONSTELLATION, META_WEIGHT, META_DEPTH, META_TURNS = 0, 1, 2, 3
META_SIZE = 4
NOT_STARTED = -2
#: What ``_start`` returns for the depth of a constellation that is a whole solution as it
#: stands (n = 1): no search, its images to write.
_WHOLE = -3
#: Queens missing when ``sym_text_next`` places the last two directly (no more scans).
_PAIR = 2
#: Rows of ``perm``: the column of each row, the row of each column.
_SOL, _INV = 0, 1


@njit(cache=True)
def _write_images(n, perm, syms, w, word, size, buf, p):
    """Write the text lines of the ``w`` images ``syms[:w]`` of the solution in ``perm``
    into ``buf`` from byte ``p`` (see the module docstring); returns the new ``p``.

    Not inlined by numba: ``sym_text_next`` calls it from three places, and numba would
    compile an inlined copy at each (issue 26); LLVM inlines the one compiled copy."""
    m = n - 1
    for r in range(n):
        perm[_INV, perm[_SOL, r]] = r
    for h in range(w):
        s = syms[h]
        # chains of == rather than ``in (...)`` (SIM109): the tuple test compiled to a loop
        # over the tuple, measured slower here
        swap = s == TRANSPOSE or s == ROTATE_90 or s == ROTATE_270 or s == ANTI_TRANSPOSE  # noqa: SIM109
        t = _INV if swap else _SOL
        upside = s == MIRROR_TOP_BOTTOM or s == ROTATE_180 or s == ROTATE_270 or s == ANTI_TRANSPOSE  # noqa: SIM109
        across = s == MIRROR_LEFT_RIGHT or s == ROTATE_180 or s == ROTATE_90 or s == ANTI_TRANSPOSE  # noqa: SIM109
        j0, dj = (m, -1) if upside else (0, 1)
        v0, dv = (m, -1) if across else (0, 1)
        for i in range(n):
            v = _u(v0 + dv * perm[_u(t), _u(j0 + dj * i)])
            store_text(buf, p, word[v])
            p += size[v]
        buf[_u(p - 1)] = _NEWLINE
    return p


@njit(cache=True, inline="always")
def _start(n, table, k, squares, syms, perm, S):
    """Lay out constellation ``table[k]``: the symmetries of its distinct images in
    ``syms``, its queens in ``perm``, its search in ``S[0]``. Returns ``(w, d)``: the number
    of images, and the depth to search from (0), -1 when it has no completion, ``_WHOLE``
    when it is a solution as it stands."""
    m = load(table, k, squares)
    w = _orbit_symmetries(n, squares, m, syms)
    for i in range(m):
        perm[_SOL, squares[i] // n] = squares[i] % n
    if m == n:
        return w, _WHOLE
    full = bit(n) - 1
    rows, cols, d1, d2, d2r = lay_out(n, squares, m)
    key = pick(n, full, rows, cols, d1, d2, d2r)
    if key >> KEY_LINE_BITS == 0:
        return w, -1  # a line without a free square
    push(S, 0, n, full, key, rows, cols, d1, d2, d2r, n - m - 1)
    return w, 0


@njit(cache=True, nogil=True)
def sym_text_next(n, table, meta, S, perm, syms, buf):
    """Write the next solutions as text lines into ``buf``, each solution exactly once, in
    the order of the canonical constellations and their images.

    Resumable: ``meta`` (``META_SIZE`` slots, start with ``[0, 0, NOT_STARTED, turns]``),
    ``S`` (n + 1 x ``SLOTS``), ``perm`` (2 x n) and ``syms`` (8) hold the search between
    calls. A call returns when ``buf`` may have no room for the images of two more
    completions (``buf`` needs more than ``2 * 8 * 3 * n`` bytes), or after
    ``meta[META_TURNS]`` steps back. Returns ``(size, lines)``; every solution has been
    written once ``meta[META_CONSTELLATION] == len(table)``.
    """
    word = np.empty(_SMALL, np.int64)
    size = np.empty(_SMALL, np.int64)
    word_table(word, size)
    squares = np.empty(MAX_BORDER, np.int64)
    full = bit(n) - 1
    room = buf.shape[0] - _PAIR * SYMMETRIES * _CELL * n - 1  # two completions of 8 images
    turns = meta[META_TURNS]
    p = 0
    lines = 0
    while meta[META_CONSTELLATION] < table.shape[0]:
        k = meta[META_CONSTELLATION]
        d = meta[META_DEPTH]
        w = meta[META_WEIGHT]
        if d == NOT_STARTED:
            if p > room:
                break
            w, d = _start(n, table, k, squares, syms, perm, S)
            meta[META_WEIGHT] = w
            if d == _WHOLE:
                p = _write_images(n, perm, syms, w, word, size, buf, p)
                lines += w
                d = -1
        while d >= 0:
            if p > room:
                break
            if S[d, FREE] == 0:
                d -= 1
                turns -= 1
                if turns == 0:
                    break
                continue
            x, c = take(S, d)
            perm[_SOL, x] = c
            left = S[d, LEFT]
            if left == 0:
                p = _write_images(n, perm, syms, w, word, size, buf, p)
                lines += w
                continue
            rows, cols, d1, d2, d2r = placed(S, d, n, x, c)
            if left == _PAIR:
                # Two empty rows, two empty columns: try both squares of the first row and
                # test the other row directly, without two more levels of line scans.
                # Written here: as a helper inlined by numba it measured 5% slower.
                empty = full & ~rows
                x1 = ctz64(empty)
                x2 = ctz64(empty & (empty - 1))
                f1 = full & ~(cols | (d1 >> x1) | (d2 >> (n - 1 - x1)))
                f2 = full & ~(cols | (d1 >> x2) | (d2 >> (n - 1 - x2)))
                dist = x2 - x1
                while f1:
                    a = f1 & -f1
                    f1 ^= a
                    b = f2 & ~(a | (a << dist) | (a >> dist))
                    if b:
                        perm[_SOL, x1] = ctz64(a)
                        perm[_SOL, x2] = ctz64(b)
                        p = _write_images(n, perm, syms, w, word, size, buf, p)
                        lines += w
            else:
                key = pick(n, full, rows, cols, d1, d2, d2r)
                if key >> KEY_LINE_BITS != 0:  # else a line without a free square
                    d += 1
                    push(S, d, n, full, key, rows, cols, d1, d2, d2r, left - 1)
        if d >= 0:
            meta[META_DEPTH] = d  # stopped inside the search: resume here
            break
        meta[META_CONSTELLATION] = k + 1
        meta[META_DEPTH] = NOT_STARTED
        if turns == 0:
            break
    return p, lines
