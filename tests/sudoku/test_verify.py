"""The Sudoku verifier: accepted grids, the message of each kind of wrong grid, givens,
unreadable input, and a property test against an independent set-based check."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.errors import ClewError, InvalidSolutionError
from clew.sudoku import DIGITS, Grid, PuzzleFormatError, _reference, check_solution, is_solution

SOLVED_9 = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def shift_grid(k: int) -> str:
    n = k * k
    return "".join(DIGITS[(k * (r % k) + r // k + c) % n] for r in range(n) for c in range(n))


def rules_ok(cells: list[int], k: int) -> bool:
    """Independent check: every row, column and box is the set 1..n."""
    n = k * k
    full = set(range(1, n + 1))
    rows = [cells[r * n : (r + 1) * n] for r in range(n)]
    cols = [cells[c::n] for c in range(n)]
    boxes = [
        [cells[(br * k + i) * n + bc * k + j] for i in range(k) for j in range(k)]
        for br in range(k)
        for bc in range(k)
    ]
    return all(set(unit) == full for unit in rows + cols + boxes)


@pytest.mark.parametrize("k", [2, 3, 4, 5])
def test_valid_grids_are_accepted(k):
    grid = shift_grid(k)
    assert check_solution(grid) is None and is_solution(grid)
    assert is_solution(Grid(grid).to_leetcode()) and is_solution(Grid(grid).to_lists())
    assert is_solution(Grid(grid), Grid(grid))  # a full puzzle is its own solution
    assert is_solution(grid, "." * len(grid))


def test_every_reference_4x4_solution_is_accepted():
    for cells in _reference.solutions([0] * 16, 2):
        assert is_solution(cells)


def test_leetcode_solution_keeps_the_givens():
    assert is_solution(SOLVED_9, LEETCODE)
    check_solution(Grid(SOLVED_9), Grid(LEETCODE))


@pytest.mark.parametrize(
    "grid, puzzle, message",
    [
        # a swap of two cells in a row: both columns (and maybe boxes) repeat a digit
        ("1234341221434312", None, "r2c3 and r4c3 are both 1 in column 3"),
        ("2134341221434321", None, "r1c1 and r3c1 are both 2 in column 1"),
        ("1111222233334444", None, "r1c1 and r1c2 are both 1 in row 1"),
        ("123434122143432.", None, "r4c4 is blank"),
        ("." * 16, None, "r1c1 is blank"),
        ("1234341221434321", "2...............", "r1c1 is 1 but the puzzle gives 2"),
        (SOLVED_9, LEETCODE[:80] + "8", "r9c9 is 9 but the puzzle gives 8"),
        (SOLVED_9, "1" + "." * 15, "a 9x9 grid cannot solve a 4x4 puzzle"),
        ("12345", None, "not a sudoku grid: a sudoku has n*n cells for a side n of 4 to 25"),
        ("X234341221434321", None, "not a sudoku grid: r1c1: 'X' is not a digit of a 4x4 sudoku"),
        (None, None, "not a sudoku grid: a puzzle is text"),
    ],
)
def test_wrong_grids_name_the_problem(grid, puzzle, message):
    with pytest.raises(InvalidSolutionError) as info:
        check_solution(grid, puzzle)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)
    assert isinstance(info.value, ClewError)
    assert is_solution(grid, puzzle) is False


def test_box_rule_is_checked():
    # every row and column is a permutation, but the boxes are not
    grid = "1234234134124123"
    assert rules_ok([int(c) for c in grid], 2) is False
    with pytest.raises(InvalidSolutionError, match=r"^r1c2 and r2c1 are both 2 in box 1$"):
        check_solution(grid)


def test_large_grid_messages_use_its_symbols():
    grid = shift_grid(4)
    broken = "A" + grid[1:] if grid[0] != "A" else "B" + grid[1:]
    with pytest.raises(InvalidSolutionError, match=r"are both A in row 1"):
        check_solution(broken)
    hexa = "0123456789ABCDEF"
    as_hex = "".join(hexa[DIGITS.index(ch)] for ch in grid)
    assert is_solution(as_hex, Grid("." * 256, symbols=hexa))


def test_a_puzzle_that_cannot_be_read_is_an_argument_error():
    with pytest.raises(PuzzleFormatError):
        is_solution(SOLVED_9, "12")


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 3), st.booleans())
def test_verifier_agrees_with_a_set_based_check(seed, damage, with_puzzle):
    rng = random.Random(seed)
    k = rng.choice([2, 3])
    n = k * k
    cells = [DIGITS.index(ch) + 1 for ch in shift_grid(k)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    cells = [digits[v - 1] for v in cells]
    puzzle = [v if rng.random() < 0.3 else 0 for v in cells]
    for _ in range(damage):
        cells[rng.randrange(n * n)] = rng.randint(0, n)
    expected = 0 not in cells and rules_ok(cells, k)
    if with_puzzle:
        expected = expected and all(p == 0 or p == v for p, v in zip(puzzle, cells, strict=False))
        assert is_solution(cells, puzzle) is expected
    else:
        assert is_solution(cells) is expected
