"""The Sudoku API over the kernel: exact counts, the pure-Python reference, the verifier on
every returned grid, limits, enumeration, the batch path, the data sets, and random input.

Every grid a solver returns is checked independently: it passes ``check_solution`` and keeps
every given of its puzzle.
"""

from __future__ import annotations

import inspect
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew import sudoku
from clew.errors import ArgumentError, ClewError
from clew.sudoku import (
    ConflictingGivensError,
    CountTooLargeError,
    Grid,
    SudokuInputError,
    _reference,
    check_solution,
    count,
    is_solution,
    is_unique,
    solutions,
    solve,
    solve_array,
)
from clew.sudoku import solver as solver_module
from clew.sudoku.files.batch import read_lines, split_lines
from helpers.sudoku_data import DATA_DIR, SAMPLES, puzzle_lines, shared_collection
from helpers.sudoku_grids import shuffled_grid

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def assert_solves(grid: Grid, puzzle) -> None:
    """``grid`` is a full valid grid that keeps every given of ``puzzle``."""
    check_solution(grid, puzzle)
    p = Grid(puzzle)
    assert all(g == v for g, v in zip(grid.cells, p.cells, strict=False) if v)


def random_puzzle(k: int, rng: random.Random, blank_fraction: float) -> list[int]:
    cells = shuffled_grid(k, rng)
    return [0 if rng.random() < blank_fraction else v for v in cells]


# ---------------------------------------------------------------------------------------------
# Exact counts (tests/data/sudoku_counts.txt)
# ---------------------------------------------------------------------------------------------


def test_counts_file_covers_zero_one_and_many(sudoku_counts):
    values = {case.count for case in sudoku_counts}
    assert {0, 1, 2, 288} <= values and max(values) == 288
    assert {len(case.puzzle) for case in sudoku_counts} == {16, 81, 256, 625}
    assert next(c.count for c in sudoku_counts if c.puzzle == "." * 16) == 288


def test_exact_counts(sudoku_counts):
    for case in sudoku_counts:
        assert count(case.puzzle) == case.count, case
        assert count(case.puzzle, limit=2) == min(case.count, 2)
        assert count(case.puzzle, limit=case.count + 1) == case.count
        if case.count:
            assert count(case.puzzle, limit=case.count) == case.count
        assert is_unique(case.puzzle) is (case.count == 1)
        grid = solve(case.puzzle)
        assert (grid is None) is (case.count == 0)
        if grid is not None:
            assert_solves(grid, case.puzzle)


def test_enumeration_gives_each_solution_once(sudoku_counts):
    for case in sudoku_counts:
        found = list(solutions(case.puzzle))
        assert len(found) == len(set(found)) == case.count, case
        for grid in found:
            assert_solves(grid, case.puzzle)
        # 9x9 solves run on the band kernel, enumeration on the general one: same set, and
        # not necessarily the same first solution
        first = solve(case.puzzle)
        assert (first is None) if not found else (first in found)


def test_batch_counts_match(sudoku_counts):
    batch = read_lines([case.puzzle.encode() for case in sudoku_counts])
    assert not batch.errors
    expected = {case.puzzle: case.count for case in sudoku_counts}
    for k, array in batch.arrays.items():
        counts, sols = solve_array(array, k, limit=1000)
        texts = [t for t, size in zip(batch.texts, batch.sizes, strict=False) if size == k]
        assert counts.tolist() == [expected[t] for t in texts]
        for text, found, sol in zip(texts, counts, sols, strict=False):
            if found:
                assert_solves(Grid(sol), text)


# ---------------------------------------------------------------------------------------------
# The kernel (through the API) against the pure-Python reference
# ---------------------------------------------------------------------------------------------


def test_all_288_four_by_four_grids_against_the_reference():
    reference = {tuple(s) for s in _reference.solutions([0] * 16, 2)}
    assert len(reference) == 288
    assert {g.cells for g in solutions("." * 16)} == reference


def test_four_by_four_solution_sets_against_the_reference():
    rng = random.Random(4)
    for _ in range(150):
        cells = random_puzzle(2, rng, rng.choice([0.5, 0.7, 0.85]))
        if rng.random() < 0.3:  # a stray given: maybe no solution, maybe a conflict
            cells[rng.randrange(16)] = rng.randint(1, 4)
        if not _reference.givens_ok(cells, 2):
            with pytest.raises(ConflictingGivensError):
                solve(cells)
            continue
        reference = {tuple(s) for s in _reference.solutions(cells, 2)}
        assert {g.cells for g in solutions(cells)} == reference
        assert count(cells) == len(reference)
        first = solve(cells)
        assert (first is None and not reference) or first.cells in reference


def test_nine_by_nine_against_the_reference():
    rng = random.Random(9)
    compared = 0
    for _ in range(80):
        cells = random_puzzle(3, rng, rng.choice([0.45, 0.55, 0.6]))
        if rng.random() < 0.2:
            cells[rng.randrange(81)] = rng.randint(1, 9)
        if not _reference.givens_ok(cells, 3):
            continue
        try:
            expected = _reference.count(cells, 3, limit=30, max_nodes=20_000)
        except _reference.TooManyNodes:
            continue
        compared += 1
        assert count(cells, limit=30) == expected
        if expected == 1:
            assert solve(cells).cells == tuple(_reference.solve(cells, 3))
    assert compared >= 50


@pytest.mark.parametrize("k, blanks", [(4, 60), (5, 40)])
def test_large_grids_against_the_reference(k, blanks):
    rng = random.Random(k)
    cells = shuffled_grid(k, rng)
    for i in rng.sample(range(len(cells)), blanks):
        cells[i] = 0
    expected = _reference.count(cells, k, limit=20, max_nodes=200_000)
    assert count(cells, limit=20) == expected >= 1
    assert_solves(solve(cells), cells)


# ---------------------------------------------------------------------------------------------
# One puzzle: forms, sizes, answers, errors
# ---------------------------------------------------------------------------------------------


def test_leetcode_37_example():
    expected = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
    grid = solve(LEETCODE)
    assert str(grid) == expected and is_unique(LEETCODE) and count(LEETCODE) == 1
    assert solve(Grid(LEETCODE).to_leetcode()) == grid == solve(Grid(LEETCODE).to_lists())


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_empty_grids_are_solved(k):
    puzzle = "." * k**4
    grid = solve(puzzle)
    assert grid.k == k and grid.is_full()
    assert_solves(grid, puzzle)
    assert not is_unique(puzzle) and count(puzzle, limit=3) == 3


def test_the_answer_keeps_the_alphabet():
    hexa = "0123456789ABCDEF"
    puzzle = "0" + "." * 255
    grid = solve(puzzle, symbols=hexa)
    assert grid.symbols == hexa and grid.to_line()[0] == "0" and grid[0, 0] == 1
    assert_solves(grid, Grid(puzzle, symbols=hexa))


def test_full_and_almost_full_grids():
    full = str(solve(LEETCODE))
    assert solve(full) == Grid(full) and count(full) == 1
    assert solve(full[:-1] + ".") == Grid(full)


def test_contradiction_found_only_by_search_is_no_solution():
    puzzle = "2...3.2......4.."  # r1c2 and r2c2 would both have to be 1
    assert solve(puzzle) is None and count(puzzle) == 0 and not is_unique(puzzle)
    assert list(solutions(puzzle)) == []


@pytest.mark.parametrize("function", [solve, count, is_unique, solutions])
@pytest.mark.parametrize(
    "puzzle, error, message",
    [
        (LEETCODE[:-1], sudoku.PuzzleFormatError, "got 80"),
        ("5" + "." * 15, sudoku.PuzzleFormatError, "r1c1: '5' is not a digit of a 4x4 sudoku"),
        ("1.1" + "." * 13, ConflictingGivensError, "r1c1 and r1c3 are both 1 in row 1"),
        (42, sudoku.PuzzleFormatError, "a puzzle is text"),
    ],
)
def test_bad_puzzles_raise_at_the_call(function, puzzle, error, message):
    with pytest.raises(error, match=message) as info:
        function(puzzle)  # solutions() too: before the first next()
    assert isinstance(info.value, SudokuInputError) and isinstance(info.value, ClewError)


# ---------------------------------------------------------------------------------------------
# Limits
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("limit", [1, 2, 10, 287, 288, 289, 10**9])
def test_count_limit(limit):
    assert count("." * 16, limit=limit) == min(limit, 288)


@pytest.mark.parametrize("limit", [0, -1, 1.5, True, "2"])
def test_bad_limits(limit):
    # the one check of every family (issue 25): an ArgumentError, keyword-only
    with pytest.raises(ArgumentError, match="^limit must be"):
        count("." * 16, limit=limit)


def test_limit_is_keyword_only_and_checked_when_called():
    with pytest.raises(TypeError):
        count("." * 16, 2)  # positional before issue 25
    with pytest.raises(ArgumentError):
        solutions("." * 16, limit=0)  # refused when called, not at the first next()
    with pytest.raises(ArgumentError):
        solve_array(np.zeros((1, 16), np.int8), 2, limit=0)
    for jobs in (0, -1, 1.5):
        with pytest.raises(ArgumentError, match="^jobs must be"):
            solve_array(np.zeros((1, 16), np.int8), 2, jobs=jobs)
    assert inspect.signature(solve_array).parameters["jobs"].default == 1


def test_count_without_limit_stops_at_max_count(monkeypatch):
    monkeypatch.setattr(solver_module, "MAX_COUNT", 100)
    with pytest.raises(CountTooLargeError, match="^more than 100 solutions: give count"):
        count("." * 16)
    assert count("." * 16, limit=1000) == 288  # an explicit limit counts past it
    monkeypatch.setattr(solver_module, "MAX_COUNT", 288)
    assert count("." * 16) == 288
    assert issubclass(CountTooLargeError, ClewError)


def test_solutions_limit_batch_and_early_stop():
    everything = list(solutions("." * 16))
    assert len(everything) == 288
    for batch in (1, 7, 288, 1000):
        assert list(solutions("." * 16, batch=batch)) == everything
    for limit in (1, 5, 287, 288, 300):
        assert list(solutions("." * 16, limit=limit, batch=7)) == everything[:limit]
    stream = solutions("." * 81)  # 6.67e21 solutions: only what is asked for is searched
    first = [next(stream) for _ in range(3)]
    assert len(set(first)) == 3 and all(is_solution(g) for g in first)
    stream.close()
    with pytest.raises(ArgumentError):
        solutions("." * 16, limit=-1)
    with pytest.raises(ArgumentError):
        solutions("." * 16, batch=0)


# ---------------------------------------------------------------------------------------------
# The batch path
# ---------------------------------------------------------------------------------------------


def test_solve_array_contract():
    puzzles = np.zeros((4, 16), np.int8)
    puzzles[1, :2] = [1, 1]  # givens that clash: 0 here (parse names them)
    puzzles[2] = [v for v in Grid("2...3.2......4..").cells]
    puzzles[3] = list(Grid("1234341221434321").cells)
    counts, sols = solve_array(puzzles, 2, limit=1000)
    assert counts.tolist() == [288, 0, 0, 1] and counts.dtype == np.int64
    assert sols.shape == (4, 16) and sols.dtype == np.int8
    assert_solves(Grid(sols[0]), puzzles[0]) and sols[3].tolist() == puzzles[3].tolist()
    counts, _ = solve_array(puzzles.astype(np.int64).tolist(), 2)  # any integer array-like
    assert counts.tolist() == [1, 0, 0, 1]
    assert solve_array(np.zeros((0, 81), np.int8), 3)[0].shape == (0,)


@pytest.mark.parametrize(
    "puzzles, k, message",
    [
        (np.zeros((2, 16), np.int8), 3, r"shape \(P, 81\)"),
        (np.zeros(16, np.int8), 2, r"shape \(P, 16\)"),
        (np.full((1, 16), 5, np.int8), 2, "0 \\(blank\\) to 4"),
        (np.zeros((1, 16)), 2, "dtype float64"),
        (np.zeros((1, 16), np.int8), 6, "k must be between 2 and 5"),
    ],
)
def test_solve_array_refuses_bad_arrays(puzzles, k, message):
    with pytest.raises(ClewError, match=message):
        solve_array(puzzles, k)


def test_solve_array_on_a_process_pool_matches_one_process():
    lines, _ = split_lines((DATA_DIR / SAMPLES["top1465.txt"]).read_bytes())
    puzzles = read_lines(lines * 2).arrays[3]
    assert len(puzzles) >= solver_module.POOL_FROM
    one = solve_array(puzzles, 3, limit=2, jobs=1)
    pool = solve_array(puzzles, 3, limit=2, jobs=2)
    assert (one[0] == 1).all()
    assert np.array_equal(one[0], pool[0]) and np.array_equal(one[1], pool[1])


# ---------------------------------------------------------------------------------------------
# The data sets: samples in the repository, full collections beside it (a few seconds)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_samples_solved_verified_and_unique(name, sample_solutions):
    puzzles = puzzle_lines(DATA_DIR / SAMPLES[name])
    assert len(puzzles) == 200
    batch = read_lines([p.encode() for p in puzzles])
    assert not batch.errors and list(batch.arrays) == [3]
    counts, sols = solve_array(batch.arrays[3], 3, limit=2)
    assert (counts == 1).all()
    for puzzle, sol in zip(puzzles, sols, strict=False):
        grid = Grid(sol)
        assert_solves(grid, puzzle)
        assert str(grid) == sample_solutions[puzzle].solution
    for puzzle in puzzles[:: len(puzzles) // 10]:  # and one at a time through the API
        assert str(solve(puzzle)) == sample_solutions[puzzle].solution and is_unique(puzzle)


def _verify_all(puzzles: np.ndarray, sols: np.ndarray) -> None:
    """Independent vectorised check of many 9x9 solutions: every row, column and box sorts to
    1..9, and every given is kept."""
    grids = sols.reshape(-1, 9, 9).astype(np.int64)
    boxes = grids.reshape(-1, 3, 3, 3, 3).transpose(0, 1, 3, 2, 4).reshape(-1, 9, 9)
    digits = np.arange(1, 10)
    for units in (grids, grids.transpose(0, 2, 1), boxes):
        assert (np.sort(units, axis=2) == digits).all()
    givens = puzzles != 0
    assert (sols[givens] == puzzles[givens]).all()


@pytest.mark.parametrize("name, size", [("17_clue.txt", 49158), ("top1465.txt", 1465)])
def test_full_collection_solved_verified_and_unique(name, size):
    path = shared_collection(name)
    lines, numbers = split_lines(path.read_bytes())
    batch = read_lines(lines, numbers)
    assert len(batch) == size and not batch.errors
    puzzles = batch.arrays[3]
    counts, sols = solve_array(puzzles, 3, limit=2, jobs=None)
    assert (counts == 1).all(), np.flatnonzero(counts != 1)[:5]
    _verify_all(puzzles, sols)
    rng = random.Random(size)
    for i in rng.sample(range(size), 300):  # and the pure-Python verifier on a sample
        check_solution(Grid(sols[i]), Grid(puzzles[i]))


# ---------------------------------------------------------------------------------------------
# Random grids never crash the solver: a verified answer, None, or the documented error
# ---------------------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([2, 3]), st.integers(0, 2**32), st.floats(0.3, 1.0), st.integers(0, 3))
def test_random_puzzles_never_crash(k, seed, blank_fraction, strays):
    rng = random.Random(seed)
    cells = random_puzzle(k, rng, blank_fraction)
    for _ in range(strays):
        cells[rng.randrange(len(cells))] = rng.randint(0, k * k)
    try:
        grid = solve(cells)
    except ConflictingGivensError:
        assert not _reference.givens_ok(cells, k)
        return
    found = count(cells, limit=3)
    assert (grid is None) is (found == 0)
    if grid is not None:
        assert_solves(grid, cells)
    if k == 2:
        assert found == _reference.count(cells, 2, limit=3)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 4), min_size=16, max_size=16))
def test_any_four_by_four_matches_the_reference(cells):
    if not _reference.givens_ok(cells, 2):
        with pytest.raises(ConflictingGivensError):
            count(cells)
        return
    assert count(cells) == _reference.count(cells, 2)
