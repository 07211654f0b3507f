"""LeetCode 51 and 52 through ``clew.leetcode.Solution``."""

from __future__ import annotations

import pytest

from clew.errors import BoardSizeError
from clew.leetcode import Solution
from clew.queens import check_solution


def test_example_1():
    assert Solution().solveNQueens(4) == [
        [".Q..", "...Q", "Q...", "..Q."],
        ["..Q.", "Q...", "...Q", ".Q.."],
    ]


def test_example_2():
    assert Solution().solveNQueens(1) == [["Q"]]


@pytest.mark.parametrize("n", [2, 3])
def test_no_boards(n):
    assert Solution().solveNQueens(n) == []
    assert Solution().totalNQueens(n) == 0


@pytest.mark.parametrize("n", range(1, 11))
def test_total(n, queens_counts):
    total = Solution().totalNQueens(n)
    assert type(total) is int
    assert total == queens_counts.total[n]


@pytest.mark.parametrize("n", range(1, 10))
def test_boards(n, queens_counts):
    boards = Solution().solveNQueens(n)
    assert type(boards) is list and all(type(b) is list for b in boards)
    assert len(boards) == queens_counts.total[n] == Solution().totalNQueens(n)
    columns = []
    for board in boards:
        assert len(board) == n
        for row in board:
            assert (
                type(row) is str
                and len(row) == n
                and row.count("Q") == 1
                and set(row) <= {"Q", "."}
            )
        cols = [row.index("Q") for row in board]
        check_solution(cols)
        columns.append(cols)
    assert columns == sorted(columns) and len({tuple(c) for c in columns}) == len(columns)


@pytest.mark.parametrize("n", [0, -1, 2.5])
def test_bad_n(n):
    with pytest.raises(BoardSizeError):
        Solution().solveNQueens(n)
    with pytest.raises(BoardSizeError):
        Solution().totalNQueens(n)
