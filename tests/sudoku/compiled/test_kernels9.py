"""The 9x9 band kernel (``_kernels9``) on its own and side by side with the general kernel
(``_kernels``) and the pure-Python reference: the same counts on every puzzle, every first
solution checked by the independent verifier and keeping its givens."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.sudoku import _reference, kernels
from clew.sudoku.compiled import _kernels9 as K9
from clew.sudoku.verify import check_solution
from helpers.sudoku_data import DATA_DIR, puzzle_lines, read_cases
from helpers.sudoku_grids import shuffled_grid

TABLES9 = K9.tables()


def as_array(text: str) -> np.ndarray:
    return np.array([0 if ch in ".0" else int(ch) for ch in text], dtype=np.int8)


def assert_solution_of(solution: np.ndarray, puzzle: np.ndarray) -> None:
    check_solution(solution.tolist(), puzzle.tolist())  # raises, naming the broken rule
    givens = puzzle != 0
    assert (solution[givens] == puzzle[givens]).all()


def test_match_table_keeps_exactly_the_permutations():
    shrink, match, peer, column, match9 = TABLES9
    perms = [
        sum(1 << (3 * i + j) for i, j in enumerate(p)) for p in itertools.permutations(range(3))
    ]
    for m in range(512):
        # brute force: a bit (i, j) is kept iff some permutation inside m uses it
        keep = 0
        for bits in perms:
            if m & bits == bits:
                keep |= bits
        assert match9[m] == keep
        assert bin(int(match[m])).count("1") == 3 * bin(keep).count("1")
    assert match9[0b100_010_001] == 0b100_010_001  # the identity alone
    assert match9[0b000_111_111] == 0  # a row with no box at all
    assert match9[0b001_001_111] == 0  # two rows that both need box 0
    assert shrink[0b000_000_001] == 0b001 and shrink[0b100_000_000] == 0b100
    assert bin(int(peer[0])).count("1") == 8 + 3 + 3  # its row, then the box in the two other rows
    assert column[13] == (1 << 4) | (1 << 13) | (1 << 22)


def test_counts_file_against_the_general_kernel():
    cases = [c for c in read_cases(DATA_DIR / "sudoku_counts.txt") if len(c.puzzle) == 81]
    assert any(c.count == 0 for c in cases) and any(c.count > 1 for c in cases)
    for case in cases:
        puzzle = as_array(case.puzzle)
        for limit in (1, 2, case.count + 1, 0):
            got, first = kernels.run(puzzle, 3, limit)
            expected = case.count if limit == 0 else min(case.count, limit)
            assert got[0] == expected, (case, limit)
            if got[0]:
                assert_solution_of(first[0], puzzle)


def test_givens_that_break_a_rule_have_no_solution():
    for a, b in [(0, 5), (0, 72), (0, 20)]:  # same row, same column, same box
        puzzle = np.zeros(81, np.int8)
        puzzle[a] = puzzle[b] = 7
        assert kernels.run(puzzle, 3, 2)[0][0] == 0


def test_empty_grid_limits():
    for limit in (1, 2, 1000):
        got, first = kernels.run(np.zeros(81, np.int8), 3, limit)
        assert got[0] == limit
        check_solution(first[0].tolist())


def test_a_full_grid_is_its_own_solution():
    grid = np.array(shuffled_grid(3, random.Random(5)), np.int8)
    got, first = kernels.run(grid, 3, 2)
    assert got[0] == 1 and (first[0] == grid).all()
    for cell in (0, 40, 80):  # one wrong given in a full grid
        bad = grid.copy()
        bad[cell] = bad[cell] % 9 + 1
        assert kernels.run(bad, 3, 2)[0][0] == 0


@pytest.mark.parametrize("name", ["sudoku_17_clue_sample.txt", "sudoku_top1465_sample.txt"])
def test_samples_agree_with_the_general_kernel(name, sample_solutions):
    lines = puzzle_lines(DATA_DIR / name)
    puzzles = np.array([as_array(line[:81]) for line in lines])
    counts, sols = kernels.run(puzzles, 3, 2)
    assert (counts == 1).all()
    for line, puzzle, sol in zip(lines, puzzles, sols, strict=False):
        assert_solution_of(sol, puzzle)
        assert "".join(map(str, sol)) == sample_solutions[line[:81].replace("0", ".")].solution


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), blanks=st.floats(0.3, 0.85), extra=st.booleans())
def test_random_puzzles_against_the_general_kernel(seed, blanks, extra):
    rng = random.Random(seed)
    puzzle = np.array([0 if rng.random() < blanks else v for v in shuffled_grid(3, rng)], np.int8)
    if extra:  # a given that may contradict only after search
        puzzle[rng.randrange(81)] = rng.randrange(1, 10)
        if not _reference.givens_ok(puzzle.tolist(), 3):
            assert kernels.run(puzzle, 3, 2)[0][0] == 0
            return
    for limit in (1, 2, 40):
        got, first = kernels.run(puzzle, 3, limit)
        expected, _ = kernels.run(puzzle, 3, limit, name="general")
        assert got[0] == expected[0], limit
        if got[0]:
            assert_solution_of(first[0], puzzle)


def test_against_the_reference_on_small_searches():
    rng = random.Random(11)
    checked = 0
    while checked < 25:
        puzzle = [0 if rng.random() < 0.6 else v for v in shuffled_grid(3, rng)]
        try:
            expected = _reference.count(puzzle, 3, limit=30, max_nodes=20_000)
        except _reference.TooManyNodes:
            continue
        assert kernels.run(np.array(puzzle), 3, 30)[0][0] == expected
        checked += 1
