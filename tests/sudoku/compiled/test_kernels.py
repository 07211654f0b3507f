"""The Sudoku kernel on its own: propagation and search against brute force and known
counts, resumable enumeration, limits, contradictions found only by search."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from clew.sudoku import kernels
from clew.sudoku.compiled import _kernels as K


def grids(text_rows, k=3):
    return np.array(
        [[0 if ch in ".0" else int(ch, 36) for ch in row] for row in text_rows], dtype=np.int8
    )


def valid(grid, k):
    n = k * k
    g = np.asarray(grid).reshape(n, n)
    full = set(range(1, n + 1))
    boxes = [g[r : r + k, c : c + k].ravel() for r in range(0, n, k) for c in range(0, n, k)]
    return all(set(line) == full for line in [*g, *g.T, *boxes])


def brute_force_4x4_count(puzzle):
    # every 4x4 grid whose rows are permutations, filtered: independent of the kernel
    perms = list(itertools.permutations(range(1, 5)))
    total = 0
    rows = [
        [
            p
            for p in perms
            if all(v == 0 or v == p[i] for i, v in enumerate(puzzle[4 * r : 4 * r + 4]))
        ]
        for r in range(4)
    ]
    for a in rows[0]:
        for b in rows[1]:
            for c in rows[2]:
                for d in rows[3]:
                    if valid(np.array([a, b, c, d]).ravel(), 2):
                        total += 1
    return total


def test_tables():
    peers, units = K.tables(3)
    assert peers.shape == (81, 20) and units.shape == (27, 9)
    peers, units = K.tables(4)
    assert peers.shape == (256, 39) and units.shape == (48, 16)


def test_empty_4x4_has_288_solutions():
    counts, sols = kernels.run(np.zeros((1, 16), np.int8), 2, 0, name="general")
    assert counts[0] == 288 and valid(sols[0], 2)


@pytest.mark.parametrize("seed", range(20))
def test_4x4_counts_against_brute_force(seed):
    rng = np.random.default_rng(seed)
    counts, sols = kernels.run(np.zeros((1, 16), np.int8), 2, 1, name="general")
    puzzle = sols[0].copy()
    puzzle[rng.random(16) < 0.65] = 0
    if seed % 4 == 0:  # an extra given that may contradict only after search
        cell = int(rng.integers(16))
        puzzle[cell] = int(rng.integers(1, 5))
    got, first = kernels.run(puzzle[None, :], 2, 0, name="general")
    assert got[0] == brute_force_4x4_count(puzzle.tolist())
    if got[0]:
        assert valid(first[0], 2) and all(first[0][puzzle != 0] == puzzle[puzzle != 0])


def test_limit_stops_the_count():
    for limit, expected in [(1, 1), (2, 2), (100, 100), (0, 288)]:
        counts, _ = kernels.run(np.zeros((1, 16), np.int8), 2, limit, name="general")
        assert counts[0] == expected


def test_contradicting_givens_have_no_solution():
    puzzle = np.zeros((1, 81), np.int8)
    puzzle[0, 0] = puzzle[0, 5] = 7  # same row
    assert kernels.run(puzzle, 3, 2, name="general")[0][0] == 0


def test_resumable_enumeration_matches_the_count():
    search = kernels.resumable(np.zeros(16, np.int8), 2)
    out = np.empty((7, 16), np.int8)  # a small buffer: many resumptions
    seen = set()
    steps = 0
    while not search.done:
        written = search.step(out)
        steps += 1
        for row in out[:written]:
            assert valid(row, 2)
            seen.add(tuple(row))
    assert len(seen) == 288 and steps >= 288 // 7


@pytest.mark.parametrize("k", [4, 5])
def test_empty_large_grids_are_completed(k):
    counts, sols = kernels.run(np.zeros((1, k**4), np.int8), k, 1, name="general")
    assert counts[0] == 1 and valid(sols[0], k)
