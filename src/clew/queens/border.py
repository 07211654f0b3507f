"""The table of canonical border constellations of the n x n board, in NumPy.

Every solution has exactly one queen on each border line (row 0, row n-1, column 0,
column n-1; a corner queen sits on two); that set of at most four queens is the solution's
*constellation*. The counting API completes one constellation per symmetry class, weighted
by the size of its orbit under the eight symmetries of the square (see
``_kernels_count``'s notes), and the unordered enumeration writes each completion once per
image. This module builds their table.

Why NumPy and not a kernel: the table is built once per count, in a few milliseconds
either way, but a numba kernel for it cost 1.2-1.6 s of compiling on the first count
after an install (issue 26), more than the count of a 12 x 12 board itself. The candidates
are all ``n**4`` choices of the four border queens, taken in the order of four nested
loops (top, bottom, left, right): a journal names its pieces by rows of this table, so the
order is part of the format, and ``tests/queens/test_border.py`` holds it equal to the
kernel's (``_kernels_count.border_constellations``).
"""

from __future__ import annotations

import numpy as np

from .compiled._kernels_common import (
    MAX_BORDER,
    SYMMETRIES,
    TABLE_COLUMNS,
    TABLE_QUEENS,
    TABLE_SQUARES,
    TABLE_WEIGHT,
)

__all__ = [
    "TABLE_COLUMNS",
    "TABLE_QUEENS",
    "TABLE_SQUARES",
    "TABLE_WEIGHT",
    "border_constellations",
]


#: Candidates handled in one batch of array operations (memory stays a few tens of MB).
_BATCH = 1 << 18


def _sort4(s: list) -> list:
    """The four columns ``s`` sorted row by row (a sorting network of five exchanges:
    faster than ``np.sort`` along rows of four)."""
    a, b, c, d = s
    a, b = np.minimum(a, b), np.maximum(a, b)
    c, d = np.minimum(c, d), np.maximum(c, d)
    a, c = np.minimum(a, c), np.maximum(a, c)
    b, d = np.minimum(b, d), np.maximum(b, d)
    b, c = np.minimum(b, c), np.maximum(b, c)
    return [a, b, c, d]


def _key(s: list, bits: int) -> np.ndarray:
    """One int64 per row of ascending squares: the four side by side, so that integer
    order is the rows' lexicographic order."""
    return (((s[0] << bits) | s[1]) << bits | s[2]) << bits | s[3]


def _image(g: int, r: np.ndarray, c: np.ndarray, n: int) -> np.ndarray:
    """The squares ``r * n + c`` under symmetry ``g``, numbered as ``_kernels_common.transform``."""
    m = n - 1
    if g == 0:  # identity
        return r * n + c
    if g == 1:  # rotation by 90 degrees
        return c * n + (m - r)
    if g == 2:  # by 180
        return (m - r) * n + (m - c)
    if g == 3:  # by 270
        return (m - c) * n + r
    if g == 4:  # mirror left-right
        return r * n + (m - c)
    if g == 5:  # mirror top-bottom
        return (m - r) * n + c
    if g == 6:  # transpose
        return c * n + r
    return (m - c) * n + (m - r)  # anti-transpose


def _batch(n: int, t: np.ndarray, b: np.ndarray, lft: np.ndarray, rgt: np.ndarray) -> np.ndarray:
    """The rows of the table among the candidates ``(t, b, lft, rgt)``, in their order."""
    none = n * n  # an unused slot: above every square, so that it sorts last
    bits = none.bit_length()
    m1 = n - 1
    # The four queens as (row, column): top, bottom, left, right. Two of them attack each
    # other when they are different squares on one line; a corner queen is on two border
    # lines, one square.
    rows = [np.zeros_like(t), np.full_like(t, m1), lft, rgt]
    cols = [t, b, np.zeros_like(t), np.full_like(t, m1)]
    ok = np.ones(len(t), bool)
    for i in range(MAX_BORDER):
        for j in range(i + 1, MAX_BORDER):
            dr, dc = rows[i] - rows[j], cols[i] - cols[j]
            ok &= ((dr != 0) & (dc != 0) & (np.abs(dr) != np.abs(dc))) | ((dr == 0) & (dc == 0))
    t, b, lft, rgt = t[ok], b[ok], lft[ok], rgt[ok]
    s = _sort4([t, m1 * n + b, lft * n, rgt * n + m1])
    s = _sort4([s[0]] + [np.where(s[i] == s[i - 1], none, s[i]) for i in range(1, MAX_BORDER)])
    used = [q != none for q in s]
    r = [q // n for q in s]
    c = [q % n for q in s]
    keys = np.empty((SYMMETRIES, len(t)), np.int64)
    for g in range(SYMMETRIES):
        keys[g] = _key(
            _sort4([np.where(used[i], _image(g, r[i], c[i], n), none) for i in range(MAX_BORDER)]),
            bits,
        )
    # canonical: no image smaller than the constellation itself (the identity's image)
    canonical = keys.min(axis=0) == keys[0]
    keys = np.sort(keys[:, canonical], axis=0)
    weight = 1 + (keys[1:] != keys[:-1]).sum(axis=0)  # distinct images: the orbit's size
    out = np.empty((len(weight), TABLE_COLUMNS), np.int64)
    out[:, TABLE_QUEENS] = 0
    for i in range(MAX_BORDER):
        u = used[i][canonical]
        out[:, TABLE_QUEENS] += u
        out[:, TABLE_SQUARES + i] = np.where(u, s[i][canonical], -1)
    out[:, TABLE_WEIGHT] = weight
    return out


def border_constellations(n: int) -> np.ndarray:
    """Canonical border constellations of the n x n board (1 <= n <= 32).

    Returns an int64 array of shape (K, 6): ``m, s0, s1, s2, s3, weight`` where ``m`` (1..4)
    is the number of border queens, ``s0..s{m-1}`` their squares ``r * n + c`` in increasing
    order (unused slots are -1) and ``weight`` the size of the constellation's orbit under
    the eight symmetries. A constellation is canonical when none of its images is
    lexicographically smaller; the rows come in the order in which four nested loops over
    the top, bottom, left and right queens (outermost first) meet them.

    Examples
    --------
    >>> table = border_constellations(5)
    >>> table[:2].tolist()
    [[3, 0, 9, 22, -1, 8], [3, 0, 9, 23, -1, 8]]
    >>> int(table[:, TABLE_WEIGHT].sum())   # every constellation of the 5 x 5 board, all images
    34
    """
    span = np.arange(n, dtype=np.int64)
    b, lft, rgt = (a.ravel() for a in np.meshgrid(span, span, span, indexing="ij"))
    step = max(1, _BATCH // max(1, len(b)))  # top queens per batch
    pieces = []
    for t0 in range(0, n, step):
        tops = np.arange(t0, min(n, t0 + step), dtype=np.int64)
        t = np.repeat(tops, len(b))
        pieces.append(
            _batch(n, t, np.tile(b, len(tops)), np.tile(lft, len(tops)), np.tile(rgt, len(tops)))
        )
    return np.ascontiguousarray(np.concatenate(pieces))
