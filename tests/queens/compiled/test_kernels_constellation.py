"""The steps of the constellation search written once (``_kernels_constellation``), each
against a plain Python statement of what it computes, on random placements of
non-attacking queens: the masks of a placement, the free squares of a line, the line
chosen, a level pushed and its squares taken back, and the last two queens."""

from __future__ import annotations

import random

import numpy as np
import pytest
from numba import njit

from clew.queens.compiled import _kernels_constellation as C
from clew.queens.compiled._kernels_common import COLUMN_LINE


def _attacks(a, b):
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


def _placement(n, k, rng):
    """``k`` non-attacking queens on the n x n board, as (row, column) pairs."""
    queens = []
    squares = [(r, c) for r in range(n) for c in range(n)]
    rng.shuffle(squares)
    for sq in squares:
        if len(queens) == k:
            break
        if not any(_attacks(sq, q) for q in queens):
            queens.append(sq)
    return queens


def _free(n, queens, line):
    """The free squares of a line, as the mask the kernels use (bit c of a row, bit r of a
    column)."""
    if line < COLUMN_LINE:
        cells = [(line, c) for c in range(n)]
        index = 1
    else:
        cells = [(r, line - COLUMN_LINE) for r in range(n)]
        index = 0
    mask = 0
    for cell in cells:
        if not any(_attacks(cell, q) for q in queens):
            mask |= 1 << cell[index]
    return mask


def _cases(count=60):
    rng = random.Random(29)
    for _ in range(count):
        n = rng.randint(4, 16)
        k = rng.randint(1, n - 2)
        yield n, _placement(n, k, rng)


@njit(cache=False)
def _pick(n, squares, m):
    full = (np.int64(1) << n) - 1
    rows, cols, d1, d2, d2r = C.lay_out(n, squares, m)
    return C.pick(n, full, rows, cols, d1, d2, d2r)


@njit(cache=False)
def _push_take(n, squares, m, key):
    """Push a level on the line of ``key``, then take every square back: the squares
    ``(x, c)`` and whether each returned mask is the old one with that queen added."""
    full = (np.int64(1) << n) - 1
    rows, cols, d1, d2, d2r = C.lay_out(n, squares, m)
    S = np.zeros((1, C.SLOTS), np.int64)
    C.push(S, 0, n, full, key, rows, cols, d1, d2, d2r, 7)
    out = []
    while S[0, C.FREE] != 0:
        x, c = C.take(S, 0)
        r2, c2, a2, b2, e2 = C.placed(S, 0, n, x, c)
        k2 = c - x + n - 1
        same = (
            r2 == rows | (np.int64(1) << x)
            and c2 == cols | (np.int64(1) << c)
            and a2 == d1 | (np.int64(1) << (x + c))
            and b2 == d2 | (np.int64(1) << k2)
            and e2 == d2r | (np.int64(1) << (2 * n - 2 - k2))
        )
        out.append((x, c, same, S[0, C.LEFT]))
    return out


@njit(cache=False)
def _pair(n, squares, m, x1, x2):
    full = (np.int64(1) << n) - 1
    rows, cols, d1, d2, d2r = C.lay_out(n, squares, m)
    return C.pair(n, full, x1, x2, cols, d1, d2)


def _array(n, queens):
    squares = np.full(max(4, len(queens)), -1, np.int64)
    for i, (r, c) in enumerate(queens):
        squares[i] = r * n + c
    return squares


@pytest.mark.parametrize("n, queens", list(_cases(20)))
def test_lay_out_sets_one_bit_per_line_and_diagonal(n, queens):
    rows, cols, d1, d2, d2r = C.lay_out(n, _array(n, queens), len(queens))
    assert rows == sum(1 << r for r, _ in queens)
    assert cols == sum(1 << c for _, c in queens)
    assert d1 == sum(1 << (r + c) for r, c in queens)
    assert d2 == sum(1 << (c - r + n - 1) for r, c in queens)
    assert d2r == sum(1 << (r - c + n - 1) for r, c in queens)


@pytest.mark.parametrize("n, queens", list(_cases()))
def test_pick_is_the_first_forced_line_else_the_fewest_squares(n, queens):
    key = _pick(n, _array(n, queens), len(queens))
    lines = [r for r in range(n) if r not in {q[0] for q in queens}]
    lines += [COLUMN_LINE + c for c in range(n) if c not in {q[1] for q in queens}]
    counts = {line: bin(_free(n, queens, line)).count("1") for line in lines}
    forced = [line for line in lines if counts[line] <= 1]  # rows first, each increasing
    expected = forced[0] if forced else min(lines, key=lambda line: (counts[line], line))
    assert (key & C.KEY_LINE_MASK, key >> C.KEY_LINE_BITS) == (expected, counts[expected])


@pytest.mark.parametrize("n, queens", list(_cases(30)))
def test_a_level_gives_back_each_free_square_of_its_line_once(n, queens):
    squares = _array(n, queens)
    key = _pick(n, squares, len(queens))
    line = key & C.KEY_LINE_MASK
    taken = _push_take(n, squares, len(queens), key)
    free = _free(n, queens, line)
    if line < COLUMN_LINE:
        expected = [(line, c) for c in range(n) if free >> c & 1]
    else:
        expected = [(r, line - COLUMN_LINE) for r in range(n) if free >> r & 1]
    assert [(x, c) for x, c, _, _ in taken] == expected  # lowest square first
    assert all(same and left == 7 for _, _, same, left in taken)


def test_pair_finds_the_two_last_queens():
    rng = random.Random(7)
    seen = 0
    for n in range(4, 13):
        for _ in range(200):
            queens = _placement(n, n - 2, rng)
            if len(queens) != n - 2:
                continue
            x1, x2 = sorted(set(range(n)) - {r for r, _ in queens})
            a, b = _pair(n, _array(n, queens), len(queens), x1, x2)
            found = []
            for c1 in range(n):
                for c2 in range(n):
                    two = [(x1, c1), (x2, c2)]
                    if not _attacks(*two) and not any(_attacks(s, q) for s in two for q in queens):
                        found.append(1 << c1)
            assert sorted(m for m in (a, b) if m) == sorted(found)
            seen += len(found)
    assert seen > 0
