"""numba kernel finding one N-Queens solution on a huge board: min-conflicts local search.

Ints and numpy arrays only (see ``_kernels_common``). The explicit construction needs no
kernel (``clew.queens.huge.construct`` is a few numpy operations); the linear-time check of
the result is ``_kernels_verify.first_conflict``.

The queens form a permutation (``cols[r]`` the column of row r), so only diagonals can
collide; one counter per diagonal and per anti-diagonal holds how many queens stand on it::

    diag[r - c + n - 1]   the "\\" diagonal through (r, c), 0 .. 2n - 2
    anti[r + c]           the "/" anti-diagonal through (r, c), 0 .. 2n - 2

A queen is in collision when ``diag + anti`` at its square exceeds ``_ALONE`` (itself, once
on each line).
"""

from __future__ import annotations

import numpy as np
from numba import njit

#: Phase 1: random unused columns tried per row for one on two empty diagonals.
_GREEDY_TRIES = 32
#: Phase 2: random partners tried per colliding row for a swap that lowers the collisions.
_SWAP_TRIES = 64
#: ``diag + anti`` at the square of a queen that collides with nothing.
_ALONE = 2


@njit(cache=True, nogil=True)
def min_conflicts(n, seed, max_rounds):
    """One solution of the n-queens problem by local search (Sosic and Gu's scheme).

    The queens are a permutation (no two share a row or column), so only diagonal
    collisions count. Phase 1 builds the permutation row by row, swapping in a random
    still-unused column that lands on two empty diagonals (up to a few tries; nearly every
    row succeeds, so most queens never collide). Phase 2 repairs the rest: for each row in
    collision, swap its column with a random row's whenever that lowers the number of
    collisions; a round that lowers nothing makes one random swap to leave the local
    minimum. Linear work in practice (cache misses make 10**7 queens ~15x slower than
    10**6). Returns the permutation, or an empty array when ``max_rounds`` repair rounds
    were not enough (the caller retries with another seed).
    """
    np.random.seed(seed)
    cols = np.arange(n)
    diag = np.zeros(2 * n - 1, np.int64)  # queens on diagonal r - c + n - 1
    anti = np.zeros(2 * n - 1, np.int64)  # queens on anti-diagonal r + c
    for r in range(n):
        pick = r
        for _ in range(_GREEDY_TRIES):
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
            if diag[r - c + n - 1] + anti[r + c] <= _ALONE:
                continue
            bad += 1
            stuck = r
            for _ in range(_SWAP_TRIES):
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
