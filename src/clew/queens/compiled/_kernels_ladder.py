"""The eight-queens ladder, compiled: every method the tutorials show, on equal terms.

Each kernel counts the solutions of the n x n board by one method and reports its work,
so that :mod:`clew.queens.ladder` can put the methods side by side; all are compiled, so
that the table compares methods and not languages. Ints and numpy arrays only, iterative
(explicit stacks), no module state.

``every_placement``
    Every set of n squares out of n^2 (``C(n^2, n)`` placements), each judged: the squares
    are chosen in increasing order, each new queen is checked against the union of the
    squares the queens before it attack (its *prefix* stays invalid once two queens
    attack each other, and the enumeration goes on regardless), and the placements that
    share their first n - 1 queens are judged in one tight loop over the last square.
    Nothing is skipped: the loop visits every placement. Boards up to 8 x 8 (a board is
    one 64-bit mask).
``one_per_row``
    Every placement with one queen in each row (``n^n``), judged the same way.
``backtrack_is_valid``
    The tutorials' backtracking: row by row, columns left to right, an ``is_valid`` loop
    over the queens above for each square tried.
``backtrack_arrays``
    The same search with one flag per column, diagonal and anti-diagonal: each test is three
    array reads.
``backtrack_bits``
    The same search with bitmasks: the free squares of a row are one AND-NOT, and only they
    are tried. It also counts the placements on each row, from which the exact work of the
    two searches above follows, and stops when its placements pass a budget.

Bit layout: square ``r * n + c`` is bit ``r * n + c`` of a board mask (``every_placement``);
a row mask has bit ``c`` for column ``c``, and the diagonals are the classic shifted masks
(``left`` moves one column left per row down, ``right`` one column right).
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: Largest board of ``every_placement``: its n^2 squares are the bits of one int64 mask.
MAX_EVERY_N = 8
#: Returned by ``backtrack_bits`` when its placements passed the budget.
STOPPED = -1


@njit(cache=True)
def attack_masks(n):
    """Per square ``s = r * n + c``: the mask of the other squares a queen on ``s`` attacks
    (its row, column and both diagonals). ``n <= MAX_EVERY_N``."""
    out = np.zeros(n * n, dtype=np.int64)
    for r in range(n):
        for c in range(n):
            m = np.int64(0)
            for r2 in range(n):
                for c2 in range(n):
                    if (r2 != r or c2 != c) and (
                        r2 == r or c2 == c or r2 - c2 == r - c or r2 + c2 == r + c
                    ):
                        m |= np.int64(1) << np.int64(r2 * n + c2)
            out[r * n + c] = m
    return out


@njit(cache=True, nogil=True)
def every_placement(n, attack):
    """``(examined, solutions)``: every set of n squares of the n x n board judged.

    ``attack`` is :func:`attack_masks` of n. Level ``k`` holds the k-th queen's square
    (increasing), the union of the squares the queens before it attack, and whether they
    attack each other already (``ok``). ``examined`` counts the placements the last loop
    judged: ``C(n^2, n)`` in the end.
    """
    m = n * n
    if n == 0:
        return 1, 1
    square = np.empty(n, dtype=np.int64)
    attacked = np.zeros(n, dtype=np.int64)
    ok = np.ones(n, dtype=np.int64)
    examined = np.int64(0)
    found = np.int64(0)
    invalid = np.int64(0)
    k = 0
    square[0] = -1
    while k >= 0:
        square[k] += 1
        s = square[k]
        if s > m - (n - k):  # too few squares left after it for the queens still to place
            k -= 1
            continue
        if k == n - 1:
            # the last queen on every square from s on: each placement judged, none skipped
            a = attacked[k]
            v = ok[k]
            good = np.int64(0)
            for j in range(s, m):
                good += v & (((a >> j) & 1) ^ 1)
            found += good
            invalid += (m - s) - good
            examined += m - s
            k -= 1
            continue
        ok[k + 1] = ok[k] & (((attacked[k] >> s) & 1) ^ 1)
        attacked[k + 1] = attacked[k] | attack[s]
        square[k + 1] = s
        k += 1
    if found + invalid != examined:  # every placement is either a solution or not
        return -1, -1
    return examined, found


@njit(cache=True, nogil=True)
def one_per_row(n):
    """``(examined, solutions)``: every placement with one queen per row (``n^n``) judged,
    the queen of each row checked against the columns and diagonals of those above."""
    if n == 0:
        return 1, 1
    full = (np.int64(1) << n) - 1
    col = np.zeros(n, dtype=np.int64)  # the column tried on each row
    cols = np.zeros(n, dtype=np.int64)  # per row: columns, diagonals held by the rows above
    left = np.zeros(n, dtype=np.int64)
    right = np.zeros(n, dtype=np.int64)
    ok = np.ones(n, dtype=np.int64)
    examined = np.int64(0)
    found = np.int64(0)
    r = 0
    col[0] = -1
    while r >= 0:
        col[r] += 1
        c = col[r]
        if c >= n:
            r -= 1
            continue
        if r == n - 1:
            free = full & ~(cols[r] | left[r] | right[r])
            v = ok[r]
            good = np.int64(0)
            for j in range(n):
                good += v & ((free >> j) & 1)
            found += good
            examined += n
            r -= 1
            continue
        bit = np.int64(1) << c
        ok[r + 1] = ok[r] & np.int64(((cols[r] | left[r] | right[r]) & bit) == 0)
        cols[r + 1] = cols[r] | bit
        left[r + 1] = ((left[r] | bit) << 1) & full
        right[r + 1] = (right[r] | bit) >> 1
        col[r + 1] = -1
        r += 1
    return examined, found


@njit(cache=True, nogil=True)
def backtrack_is_valid(n):
    """``(examined, nodes, solutions)`` of the tutorials' backtracking: ``examined`` squares
    tried (one ``is_valid`` loop each), ``nodes`` queens placed."""
    if n == 0:
        return 0, 0, 1
    q = np.empty(n, dtype=np.int64)
    examined = np.int64(0)
    nodes = np.int64(0)
    found = np.int64(0)
    r = 0
    q[0] = -1
    while r >= 0:
        q[r] += 1
        c = q[r]
        if c >= n:
            r -= 1
            continue
        examined += 1
        valid = True
        for i in range(r):  # is_valid: the queens above, by column and by diagonal
            if q[i] == c or abs(q[i] - c) == r - i:
                valid = False
                break
        if not valid:
            continue
        nodes += 1
        if r == n - 1:
            found += 1
            continue
        r += 1
        q[r] = -1
    return examined, nodes, found


@njit(cache=True, nogil=True)
def backtrack_arrays(n):
    """``(examined, nodes, solutions)`` of the same search with a flag per column, diagonal
    (``r + c``) and anti-diagonal (``r - c + n - 1``)."""
    if n == 0:
        return 0, 0, 1
    q = np.empty(n, dtype=np.int64)
    placed = np.zeros(n, dtype=np.bool_)
    column = np.zeros(n, dtype=np.bool_)
    diagonal = np.zeros(2 * n, dtype=np.bool_)
    anti = np.zeros(2 * n, dtype=np.bool_)
    examined = np.int64(0)
    nodes = np.int64(0)
    found = np.int64(0)
    r = 0
    q[0] = -1
    while r >= 0:
        if placed[r]:  # take back this row's queen before trying its next column
            c = q[r]
            column[c] = diagonal[r + c] = anti[r - c + n - 1] = False
            placed[r] = False
        q[r] += 1
        c = q[r]
        if c >= n:
            r -= 1
            continue
        examined += 1
        if column[c] or diagonal[r + c] or anti[r - c + n - 1]:
            continue
        nodes += 1
        if r == n - 1:
            found += 1
            continue
        column[c] = diagonal[r + c] = anti[r - c + n - 1] = True
        placed[r] = True
        r += 1
        q[r] = -1
        placed[r] = False
    return examined, nodes, found


@njit(cache=True, nogil=True)
def backtrack_bits(n, budget, per_row):
    """``(nodes, solutions)`` of the same search with bitmasks, and the queens placed on each
    row in ``per_row`` (length n); ``(STOPPED, ...)`` as soon as more than ``budget`` queens
    were placed."""
    if n == 0:
        return 0, 1
    full = (np.int64(1) << n) - 1
    free = np.zeros(n, dtype=np.int64)
    cols = np.zeros(n, dtype=np.int64)
    left = np.zeros(n, dtype=np.int64)
    right = np.zeros(n, dtype=np.int64)
    nodes = np.int64(0)
    found = np.int64(0)
    r = 0
    free[0] = full
    while r >= 0:
        f = free[r]
        if f == 0:
            r -= 1
            continue
        bit = f & -f  # the lowest free column first, as the loops above
        free[r] = f ^ bit
        nodes += 1
        per_row[r] += 1
        if nodes > budget:
            return STOPPED, found
        if r == n - 1:
            found += 1
            continue
        cols[r + 1] = cols[r] | bit
        left[r + 1] = ((left[r] | bit) << 1) & full
        right[r + 1] = (right[r] | bit) >> 1
        r += 1
        free[r] = full & ~(cols[r] | left[r] | right[r])
    return nodes, found
