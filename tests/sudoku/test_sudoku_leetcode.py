"""LeetCode 37 (Sudoku Solver) through ``clew.leetcode.Solution.solveSudoku``."""

from __future__ import annotations

import pytest

from clew.leetcode import Solution
from clew.sudoku import SudokuInputError, is_solution

# LeetCode 37, example 1: the board and the judge's expected output
BOARD = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]
EXPECTED = [
    ["5", "3", "4", "6", "7", "8", "9", "1", "2"],
    ["6", "7", "2", "1", "9", "5", "3", "4", "8"],
    ["1", "9", "8", "3", "4", "2", "5", "6", "7"],
    ["8", "5", "9", "7", "6", "1", "4", "2", "3"],
    ["4", "2", "6", "8", "5", "3", "7", "9", "1"],
    ["7", "1", "3", "9", "2", "4", "8", "5", "6"],
    ["9", "6", "1", "5", "3", "7", "2", "8", "4"],
    ["2", "8", "7", "4", "1", "9", "6", "3", "5"],
    ["3", "4", "5", "2", "8", "6", "1", "7", "9"],
]


def test_example_1_in_place():
    board = [row[:] for row in BOARD]
    rows = list(board)
    assert Solution().solveSudoku(board) is None
    assert board == EXPECTED
    assert all(a is b for a, b in zip(board, rows, strict=True))  # the same row lists, filled
    assert all(type(cell) is str and len(cell) == 1 for row in board for cell in row)
    assert is_solution(board, BOARD)


def test_a_4x4_board():
    board = [["1", ".", ".", "."], [".", ".", "3", "."], [".", "4", ".", "."], [".", ".", ".", "2"]]
    Solution().solveSudoku(board)
    assert is_solution(board) and board[1][2] == "3"


@pytest.mark.parametrize(
    "board, message",
    [
        ([["1", "1", ".", "."]] + [["."] * 4] * 3, "r1c1 and r1c2 are both 1 in row 1"),
        ([list("2..."), list("3.2."), list("...."), list(".4..")], "this board has no solution"),
        ([list("5...")] + [["."] * 4] * 3, "r1c1: '5' is not a digit of a 4x4 sudoku"),
        (["53..7...."] * 9, "give a list of row lists"),
    ],
)
def test_bad_boards_raise_and_stay_unchanged(board, message):
    before = [list(row) for row in board]
    with pytest.raises(SudokuInputError, match=message):
        Solution().solveSudoku(board)
    assert [list(row) for row in board] == before
