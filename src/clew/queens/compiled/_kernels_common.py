"""What the N-Queens kernels share: board limits, line numbers, the symmetries of the square.

The kernels of ``clew.queens`` are split by topic (``_kernels_count``, ``_kernels_enum``,
``_kernels_complete``, ``_kernels_verify``, ``_kernels_huge``, ``_kernels_text``); every
name two of them need lives here, so that the numbering of the symmetries and of the lines
is written down once. Ints and numpy arrays only, no module-level mutable state: the
constants below are plain ints, which numba freezes into the compiled code.

Bit layout of a board mask
--------------------------
A row of the board is an int64 mask, bit ``c`` standing for column ``c``::

    column:  0 1 2 3 ... n-1        bit c = 1 << c
    full  =  (1 << n) - 1           every column

The same masks serve for columns (bit ``r`` standing for row ``r``); the diagonal masks of
each search are drawn in its own module.
"""

from __future__ import annotations

from numba import njit

from ..board import MAX_COUNT_N, MAX_SOLVE_N  # noqa: F401  (the limits, kept where no compiler loads)

#: The dual MRV searches (``_kernels_count``, ``_kernels_complete``) branch on a row *or*
#: a column; they number row ``r`` as line ``r`` and column ``c`` as line ``COLUMN_LINE + c``
#: (``MAX_SOLVE_N < COLUMN_LINE``, so the two ranges never meet).
COLUMN_LINE = 128

#: A border constellation has at most four queens: one per border line, fewer when a queen
#: sits in a corner (on two border lines at once).
MAX_BORDER = 4

#: Columns of the table of border constellations (:mod:`clew.queens.border` builds it; the
#: kernels read it): the number of border queens, their squares from ``TABLE_SQUARES`` on
#: (``MAX_BORDER`` slots, -1 if unused), and the orbit size.
TABLE_QUEENS, TABLE_SQUARES, TABLE_WEIGHT = 0, 1, 1 + MAX_BORDER
TABLE_COLUMNS = TABLE_WEIGHT + 1

# ---------------------------------------------------------------------------------------------
# Symmetries of the square
# ---------------------------------------------------------------------------------------------

#: The eight symmetries of the square (the dihedral group D4), by number: ``transform`` and
#: ``emit_image`` use this numbering, and a constellation's ``syms`` hold these numbers.
IDENTITY, ROTATE_90, ROTATE_180, ROTATE_270 = 0, 1, 2, 3
MIRROR_LEFT_RIGHT, MIRROR_TOP_BOTTOM, TRANSPOSE, ANTI_TRANSPOSE = 4, 5, 6, 7
SYMMETRIES = 8


@njit(cache=True)
def transform(g, r, c, n):
    """Image of square (r, c) under symmetry ``g`` (0..7) of the n x n square.

    0 identity, 1 rotation by 90 degrees, 2 by 180, 3 by 270, 4 mirror left-right,
    5 mirror top-bottom, 6 transpose, 7 anti-transpose. Returns ``r * n + c`` of the image.
    """
    m = n - 1
    if g == IDENTITY:
        return r * n + c
    if g == ROTATE_90:
        return c * n + (m - r)
    if g == ROTATE_180:
        return (m - r) * n + (m - c)
    if g == ROTATE_270:
        return (m - c) * n + r
    if g == MIRROR_LEFT_RIGHT:
        return r * n + (m - c)
    if g == MIRROR_TOP_BOTTOM:
        return (m - r) * n + c
    if g == TRANSPOSE:
        return c * n + r
    return (m - c) * n + (m - r)


@njit(cache=True)
def sort_small(v, m):
    """Sort the first ``m`` entries of ``v`` in place (insertion sort: m <= ``MAX_BORDER``)."""
    for i in range(1, m):
        x = v[i]
        j = i - 1
        while j >= 0 and v[j] > x:
            v[j + 1] = v[j]
            j -= 1
        v[j + 1] = x


@njit(cache=True)
def emit_image(s, sol, inv, n, out, row):
    """Write the image of solution ``sol`` (column per row; ``inv`` is row per column) under
    symmetry ``s`` (numbered as in ``transform``) into ``out[row]``.

    The transposing symmetries read the inverse permutation, so every image is written in
    row order with sequential stores instead of scattered ones.
    """
    m = n - 1
    if s == IDENTITY:
        for i in range(n):
            out[row, i] = sol[i]
    elif s == MIRROR_LEFT_RIGHT:
        for i in range(n):
            out[row, i] = m - sol[i]
    elif s == MIRROR_TOP_BOTTOM:
        for i in range(n):
            out[row, i] = sol[m - i]
    elif s == ROTATE_180:
        for i in range(n):
            out[row, i] = m - sol[m - i]
    elif s == TRANSPOSE:
        for i in range(n):
            out[row, i] = inv[i]
    elif s == ROTATE_90:
        for i in range(n):
            out[row, i] = m - inv[i]
    elif s == ROTATE_270:
        for i in range(n):
            out[row, i] = inv[m - i]
    else:  # ANTI_TRANSPOSE
        for i in range(n):
            out[row, i] = m - inv[m - i]
