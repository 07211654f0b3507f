"""Tests of clew.sudoku.generation.generator: every puzzle proper (checked here through the
public solver, the pure-Python reference for 4x4 and a small MRV counter written below for 9x9), its
solution the solver's, seeds reproducible whatever ``jobs``, symmetric givens, minimality
checked cell by cell (group by group with a symmetry), sizes 4, 9 and 16, difficulty (with a
stand-in rating, and with ``clew.sudoku.logic.solver.rate`` once it exists), bad arguments."""

from __future__ import annotations

import importlib
import itertools
import multiprocessing
from types import SimpleNamespace

import numpy as np
import pytest

from clew import sudoku
from clew.errors import ArgumentError, BoardSizeError, ClewError
from clew.sudoku import _reference
from clew.sudoku.generation.generator import (
    DIFFICULTIES,
    SYMMETRIES,
    TARGET_GIVENS,
    DifficultyNotReachedError,
    Generated,
    GenerateError,
    generate,
    generate_many,
)

# the module of the generator
gen = importlib.import_module("clew.sudoku.generation.generator")
FORK = "fork" in multiprocessing.get_all_start_methods()


# ---------------------------------------------------------------------------------------------
# Independent checks
# ---------------------------------------------------------------------------------------------


def mrv_count(cells, k: int, limit: int = 2) -> int:
    """Solutions of a puzzle up to ``limit``: plain Python backtracking on the cell with the
    fewest candidates (no code shared with clew)."""
    n = k * k
    grid = list(cells)
    rows = [0] * n
    cols = [0] * n
    boxes = [0] * n
    for i, v in enumerate(grid):
        if v:
            bit = 1 << v
            r, c = divmod(i, n)
            b = (r // k) * k + c // k
            if (rows[r] | cols[c] | boxes[b]) & bit:
                return 0
            rows[r] |= bit
            cols[c] |= bit
            boxes[b] |= bit
    full = ((1 << n) - 1) << 1
    found = 0

    def search() -> None:
        nonlocal found
        best, best_free, best_count = -1, 0, n + 1
        for i, v in enumerate(grid):
            if v:
                continue
            r, c = divmod(i, n)
            free = full & ~(rows[r] | cols[c] | boxes[(r // k) * k + c // k])
            m = bin(free).count("1")
            if m < best_count:
                best, best_free, best_count = i, free, m
                if m <= 1:
                    break
        if best < 0:
            found += 1
            return
        r, c = divmod(best, n)
        b = (r // k) * k + c // k
        for d in range(1, n + 1):
            bit = 1 << d
            if best_free & bit:
                grid[best] = d
                rows[r] |= bit
                cols[c] |= bit
                boxes[b] |= bit
                search()
                rows[r] &= ~bit
                cols[c] &= ~bit
                boxes[b] &= ~bit
                grid[best] = 0
                if found >= limit:
                    return

    search()
    return found


def assert_proper(g: Generated, side: int) -> None:
    """The puzzle is a sub-grid of its solution, has exactly one solution, and that is it."""
    assert isinstance(g, Generated)
    assert g.puzzle.n == side and g.solution.n == side
    assert g.solution.is_full()
    sudoku.check_solution(g.solution, g.puzzle)
    assert all(p in (0, s) for p, s in zip(g.puzzle.cells, g.solution.cells, strict=False))
    assert sudoku.count(g.puzzle.to_line(), limit=2) == 1
    assert sudoku.solve(g.puzzle.to_line()) == g.solution


def mirror(i: int, n: int, symmetry: str) -> int:
    r, c = divmod(i, n)
    return {
        "none": i,
        "rotational": (n - 1 - r) * n + (n - 1 - c),
        "diagonal": c * n + r,
        "mirror": r * n + (n - 1 - c),
    }[symmetry]


def assert_symmetric(puzzle, symmetry: str) -> None:
    n, cells = puzzle.n, puzzle.cells
    for i in range(n * n):
        j = mirror(i, n, symmetry)
        assert (cells[i] == 0) == (cells[j] == 0), f"r{i // n + 1}c{i % n + 1} and its image differ"


def removable_groups(puzzle, symmetry: str) -> list[tuple[int, ...]]:
    """The groups of givens (a cell and its image) whose removal leaves the puzzle unique."""
    n, cells = puzzle.n, list(puzzle.cells)
    groups = sorted({tuple(sorted({i, mirror(i, n, symmetry)})) for i in range(n * n) if cells[i]})
    out = []
    for group in groups:
        trial = cells[:]
        for i in group:
            trial[i] = 0
        if sudoku.count(trial, limit=2) == 1:
            out.append(group)
    return out


# ---------------------------------------------------------------------------------------------
# Proper puzzles, all sizes
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("side", [4, 9, 16])
def test_generated_puzzles_are_proper(side):
    count = {4: 60, 9: 60, 16: 3}[side]
    puzzles = list(generate_many(count, side, seed=11))
    assert len(puzzles) == count
    for g in puzzles:
        assert_proper(g, side)
        assert g.rating is None
        # not minimal: dug down to the target, or minimal before reaching it
        if g.puzzle.givens > TARGET_GIVENS[side]:
            assert removable_groups(g.puzzle, "none") == []


def test_4x4_uniqueness_by_the_reference():
    for g in generate_many(40, 4, seed=2, minimal=True):
        found = list(itertools.islice(_reference.solutions(list(g.puzzle.cells), 2), 2))
        assert found == [list(g.solution.cells)]


def test_9x9_uniqueness_by_an_independent_counter():
    for g in generate_many(15, 9, seed=4, minimal=True):
        assert mrv_count(g.puzzle.cells, 3) == 1
        assert mrv_count(g.solution.cells, 3) == 1
    # the counter itself: an empty 4x4 grid has 288 solutions, an ambiguous 9x9 puzzle 2+
    assert mrv_count([0] * 16, 2, limit=1000) == 288
    g = generate(9, seed=4, minimal=True)
    cells = list(g.puzzle.cells)
    cells[next(i for i, v in enumerate(cells) if v)] = 0
    assert mrv_count(cells, 3) == 2


def test_generate_default_is_a_9x9():
    g = generate(seed=0)
    assert_proper(g, 9)
    assert g.puzzle.givens <= TARGET_GIVENS[9]


def test_full_grids_are_varied():
    # 4x4: 288 grids exist; 600 draws from a uniform choice reach about 252 of them
    solutions = {g.solution for g in generate_many(600, 4, seed=8)}
    assert len(solutions) > 200
    # 9x9: no repeats, and every digit turns up in the first cell
    nines = list(generate_many(150, 9, seed=8))
    assert len({g.solution for g in nines}) == 150
    assert len({g.puzzle for g in nines}) == 150
    assert {g.solution.cells[0] for g in nines} == set(range(1, 10))
    # the given cells are spread over the grid, not stuck in one region
    counts = np.zeros(81, int)
    for g in nines:
        counts += np.array(g.puzzle.cells) > 0
    assert counts.min() > 0


# ---------------------------------------------------------------------------------------------
# Seeds and jobs
# ---------------------------------------------------------------------------------------------


def test_same_seed_same_puzzles_different_seed_different():
    a = list(generate_many(20, seed=123))
    b = list(generate_many(20, seed=123))
    c = list(generate_many(20, seed=124))
    assert a == b
    assert [g.puzzle for g in a] != [g.puzzle for g in c]
    assert not {g.puzzle for g in a} & {g.puzzle for g in c}
    assert generate(9, seed=5, symmetry="mirror", minimal=True) == generate(
        9, seed=5, symmetry="mirror", minimal=True
    )
    assert generate(16, seed=5) == generate(16, seed=5)


def test_no_seed_draws_fresh_puzzles():
    assert generate() != generate()


def test_generate_is_the_first_of_generate_many_and_runs_extend():
    assert generate(seed=9, symmetry="diagonal") == next(
        generate_many(3, seed=9, symmetry="diagonal")
    )
    short = list(generate_many(5, seed=9))
    long = list(generate_many(12, seed=9))
    assert long[:5] == short


@pytest.mark.parametrize("side, count", [(9, 40), (4, 30), (16, 3)])
def test_jobs_do_not_change_the_sequence(side, count):
    one = list(generate_many(count, side, seed=77, symmetry="rotational"))
    two = list(generate_many(count, side, seed=77, symmetry="rotational", jobs=2))
    three = list(generate_many(count, side, seed=77, symmetry="rotational", jobs=3))
    assert one == two == three
    for g in two:
        assert_proper(g, side)


def test_stopping_early_with_a_pool():
    stream = generate_many(2000, seed=1, jobs=2)
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert first == list(generate_many(3, seed=1))


def test_generate_many_is_lazy_and_checks_at_once():
    stream = generate_many(10**9, 9, seed=3)
    assert next(stream) == generate(seed=3)
    with pytest.raises(GenerateError):
        generate_many(3, symmetry="spiral")  # raised by the call, not the first next()


# ---------------------------------------------------------------------------------------------
# Symmetry and minimality
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("symmetry", SYMMETRIES)
@pytest.mark.parametrize("side", [4, 9])
def test_symmetry_holds(side, symmetry):
    for minimal in (False, True):
        for g in generate_many(12, side, seed=31, symmetry=symmetry, minimal=minimal):
            assert_proper(g, side)
            assert_symmetric(g.puzzle, symmetry)


@pytest.mark.parametrize("symmetry", ["rotational", "diagonal", "mirror"])
def test_symmetry_holds_16x16(symmetry):
    g = generate(16, seed=3, symmetry=symmetry)
    assert_proper(g, 16)
    assert_symmetric(g.puzzle, symmetry)


def test_symmetry_is_not_trivially_true():
    # a plain puzzle is (almost surely) not symmetric, so the check above can fail
    plain = list(generate_many(5, 9, seed=2))
    for symmetry in ("rotational", "diagonal", "mirror"):
        for g in plain:
            with pytest.raises(AssertionError):
                assert_symmetric(g.puzzle, symmetry)


@pytest.mark.parametrize("side, count", [(4, 30), (9, 12)])
def test_minimal_puzzles_need_every_given(side, count):
    for g in generate_many(count, side, seed=21, minimal=True):
        assert_proper(g, side)
        cells = list(g.puzzle.cells)
        for i, v in enumerate(cells):
            if v:
                cells[i] = 0
                assert sudoku.count(cells, limit=2) == 2, (
                    f"given r{i // side + 1}c{i % side + 1} is not needed"
                )
                cells[i] = v


@pytest.mark.parametrize("symmetry", ["rotational", "diagonal", "mirror"])
def test_minimal_symmetric_puzzles_need_every_group(symmetry):
    for g in generate_many(6, 9, seed=22, symmetry=symmetry, minimal=True):
        assert_symmetric(g.puzzle, symmetry)
        assert removable_groups(g.puzzle, symmetry) == []


def test_minimal_16x16():
    g = generate(16, seed=12, minimal=True)
    assert_proper(g, 16)
    assert removable_groups(g.puzzle, "none") == []


def test_not_minimal_stops_at_the_target():
    puzzles = list(generate_many(30, 9, seed=6, minimal=False))
    givens = [g.puzzle.givens for g in puzzles]
    assert all(v <= TARGET_GIVENS[9] for v in givens)
    assert max(givens) == TARGET_GIVENS[9]
    minimal = [g.puzzle.givens for g in generate_many(30, 9, seed=6, minimal=True)]
    assert sum(minimal) < sum(givens)


# ---------------------------------------------------------------------------------------------
# Difficulty with a stand-in rating (the real one below)
# ---------------------------------------------------------------------------------------------


def fake_rate(puzzle):
    """A deterministic stand-in for logic.rate: 30 givens or more (a puzzle dug to the
    target) are easy or medium by a checksum of the cells, fewer are hard (under 24),
    expert (24) or extreme (25 to 29)."""
    givens = puzzle.givens
    if givens >= 30:
        level = ("easy", "medium")[sum(i * v for i, v in enumerate(puzzle.cells)) % 2]
    else:
        level = "hard" if givens < 24 else "expert" if givens == 24 else "extreme"
    return SimpleNamespace(score=100 - givens, level=level)


@pytest.fixture
def stand_in(monkeypatch):
    calls = []

    def rate(puzzle):
        calls.append(puzzle)
        return fake_rate(puzzle)

    monkeypatch.setattr(gen, "_rate", rate)
    return calls


def test_difficulty_with_a_stand_in_rating(stand_in):
    for level in ("easy", "medium", "hard", "expert"):
        got = list(generate_many(4, 9, difficulty=level, seed=40))
        for g in got:
            assert_proper(g, 9)
            assert g.rating.level == level
            assert fake_rate(g.puzzle).level == level
        assert got == list(generate_many(4, 9, difficulty=level, seed=40))
    # hard and expert levels dig minimal puzzles (else 23 givens would never turn up)
    assert all(g.puzzle.givens < 30 for g in generate_many(3, difficulty="hard", seed=1))
    assert generate(difficulty="Medium", seed=3).rating.level == "medium"


def test_difficulty_respects_minimal_false(stand_in):
    with pytest.raises(DifficultyNotReachedError):
        generate(difficulty="hard", minimal=False, seed=1, attempts=20)


def test_difficulty_attempts_run_out(stand_in):
    with pytest.raises(
        DifficultyNotReachedError, match=r"^no extreme 9x9 puzzle in 3 attempts"
    ) as info:
        generate(difficulty="extreme", minimal=False, seed=1, attempts=3)
    assert info.value.level == "extreme" and info.value.attempts == 3
    assert len(stand_in) == 3
    assert isinstance(info.value, ClewError)


@pytest.mark.skipif(not FORK, reason="the stand-in rating reaches the workers by fork")
def test_difficulty_in_a_pool(stand_in):
    one = list(generate_many(8, 9, difficulty="medium", seed=41))
    two = list(generate_many(8, 9, difficulty="medium", seed=41, jobs=2))
    assert one == two
    stream = generate_many(8, 9, difficulty="extreme", minimal=False, attempts=2, seed=41, jobs=2)
    with pytest.raises(DifficultyNotReachedError, match="no extreme 9x9 puzzle in 2 attempts"):
        list(stream)


def test_the_rating_is_asked_only_with_a_difficulty(stand_in):
    list(generate_many(5, seed=1))
    assert stand_in == []


# ---------------------------------------------------------------------------------------------
# Difficulty with clew.sudoku.logic.solver.rate
# ---------------------------------------------------------------------------------------------


def real_rate():
    # imported here, not skipped on failure: a broken logic package must fail these tests
    from clew.sudoku.logic.solver import rate

    return rate


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_real_difficulty(level):
    rate = real_rate()
    for g in generate_many(3, 9, difficulty=level, seed=50):
        assert_proper(g, 9)
        assert rate(g.puzzle).level == level
        assert g.rating.level == level


def test_real_difficulty_4x4_and_symmetry():
    rate = real_rate()
    g = generate(4, difficulty="easy", seed=5)
    assert_proper(g, 4)
    assert rate(g.puzzle).level == "easy"
    for g in generate_many(2, 9, difficulty="medium", symmetry="rotational", seed=6):
        assert_symmetric(g.puzzle, "rotational")
        assert rate(g.puzzle) == g.rating


@pytest.mark.slow
@pytest.mark.parametrize("level", ["hard", "expert", "extreme"])
def test_real_difficulty_hard_levels(level):
    rate = real_rate()
    for g in generate_many(2, 9, difficulty=level, seed=51, jobs=2):
        assert_proper(g, 9)
        assert rate(g.puzzle).level == level


@pytest.mark.slow
def test_many_puzzles_all_proper():
    for g in generate_many(3000, 9, seed=99, jobs=2, symmetry="rotational"):
        assert sudoku.count(g.puzzle, limit=2) == 1
        assert_symmetric(g.puzzle, "rotational")
    for g in generate_many(20, 16, seed=99, jobs=2, minimal=True):
        assert_proper(g, 16)


# ---------------------------------------------------------------------------------------------
# Bad arguments
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: generate(25),
            BoardSizeError,
            "size must be 4, 9 or 16 (the side of the grid), got 25",
        ),
        (
            lambda: generate(3),
            BoardSizeError,
            "size must be 4, 9 or 16 (the side of the grid), got 3",
        ),
        (
            lambda: generate(True),
            BoardSizeError,
            "size must be 4, 9 or 16 (the side of the grid), got True",
        ),
        (
            lambda: generate("9"),
            BoardSizeError,
            "size must be 4, 9 or 16 (the side of the grid), got '9'",
        ),
        (
            lambda: generate(symmetry="spiral"),
            GenerateError,
            "unknown symmetry 'spiral': use one of none, rotational, diagonal, mirror",
        ),
        (
            lambda: generate(difficulty="diabolical"),
            GenerateError,
            "unknown difficulty 'diabolical': use one of easy, medium, hard, expert, extreme",
        ),
        (
            lambda: generate(16, difficulty="easy"),
            GenerateError,
            "a difficulty can be asked for 4x4 and 9x9 puzzles (and for shapes and variants up to "
            "12x12), not 16x16",
        ),
        (
            lambda: generate(minimal="yes"),
            GenerateError,
            "minimal must be True, False or None, got 'yes'",
        ),
        (lambda: generate(seed=-1), GenerateError, "seed must be an integer >= 0 or None, got -1"),
        (
            lambda: generate(seed=1.5),
            GenerateError,
            "seed must be an integer >= 0 or None, got 1.5",
        ),
        (
            lambda: generate(difficulty="easy", attempts=0),
            BoardSizeError,
            "attempts must be between 1 and 1000000000, got 0",
        ),
        (
            lambda: generate_many(0),
            BoardSizeError,
            "count must be between 1 and 1000000000000, got 0",
        ),
        (
            lambda: generate_many(-3),
            BoardSizeError,
            "count must be between 1 and 1000000000000, got -3",
        ),
        (
            lambda: generate_many(5, jobs=0),
            ArgumentError,
            "jobs must be at least 1 (None uses every core), got 0",
        ),
        (
            lambda: generate_many(5, 12),
            BoardSizeError,
            "size must be 4, 9 or 16 (the side of the grid), got 12",
        ),
    ],
)
def test_bad_arguments(call, error, message):
    with pytest.raises(error) as info:
        call()
    assert str(info.value) == message
    assert isinstance(info.value, ClewError)
    assert "\n" not in str(info.value)


def test_names():
    assert DIFFICULTIES == ("easy", "medium", "hard", "expert", "extreme")
    assert SYMMETRIES == ("none", "rotational", "diagonal", "mirror")
    assert generate(4, symmetry=" Rotational ", seed=1) == generate(
        4, symmetry="rotational", seed=1
    )
