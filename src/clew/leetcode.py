"""LeetCode's N-Queens problems (51 and 52) and Sudoku Solver (37) with their exact
signatures, answered by :mod:`clew.queens` and :mod:`clew.sudoku`.

Paste-compatible with the judge's ``class Solution`` stub: ``solveNQueens`` returns every
board as a list of row strings (``'Q'`` for a queen, ``'.'`` for an empty square), in
lexicographic order of the queens' columns, row 0 first, which is the order of the problem's
examples; ``totalNQueens`` returns how many boards there are; ``solveSudoku`` fills the
board in place.

>>> from clew.leetcode import Solution
>>> Solution().totalNQueens(8)
92
"""

from __future__ import annotations

from . import queens

__all__ = ["Solution"]


class Solution:
    """LeetCode 37 (Sudoku Solver), 51 (N-Queens) and 52 (N-Queens II)."""

    def solveSudoku(self, board: list[list[str]]) -> None:
        """Fill the blanks of a sudoku board in place (LeetCode 37).

        Parameters
        ----------
        board : list of list of str
            Nine rows of nine one-character strings, ``'1'`` to ``'9'`` or ``'.'`` for a
            blank. The other sizes clew reads work too (4x4, 16x16 with ``'A'`` = 10 ...
            ``'G'`` = 16, 25x25).

        Returns
        -------
        None
            The board's rows are filled in place, as the judge expects; the row lists stay
            the same objects. A puzzle with several solutions gets the first one found.

        Raises
        ------
        clew.sudoku.SudokuInputError
            The board is not a sudoku, two givens break a rule, or (against LeetCode's
            promise) it has no solution; the board is then left unchanged.

        Examples
        --------
        >>> board = [list("53..7...."), list("6..195..."), list(".98....6."),
        ...          list("8...6...3"), list("4..8.3..1"), list("7...2...6"),
        ...          list(".6....28."), list("...419..5"), list("....8..79")]
        >>> Solution().solveSudoku(board)
        >>> ["".join(row) for row in board]     # doctest: +NORMALIZE_WHITESPACE
        ['534678912', '672195348', '198342567', '859761423', '426853791', '713924856',
         '961537284', '287419635', '345286179']
        """
        from . import sudoku

        if not isinstance(board, list) or not all(isinstance(row, list) for row in board):
            raise sudoku.SudokuInputError(
                "solveSudoku fills the board in place: give a list of row lists"
            )
        solution = sudoku.solve(board)
        if solution is None:
            raise sudoku.SudokuInputError(
                "this board has no solution (LeetCode 37 promises exactly one)"
            )
        for row, values in zip(board, solution.to_leetcode(), strict=False):
            row[:] = values

    def solveNQueens(self, n: int) -> list[list[str]]:
        """All distinct solutions of the n-queens puzzle (LeetCode 51).

        Parameters
        ----------
        n : int
            Board size; LeetCode asks for 1 <= n <= 9, clew accepts up to
            :data:`clew.queens.MAX_SOLVE_N` (the list grows fast: 14200 boards for n = 12).

        Returns
        -------
        list of list of str
            One board per solution, ``n`` strings of length ``n`` each, in lexicographic
            order of the queens' columns.

        Raises
        ------
        clew.errors.BoardSizeError
            If ``n`` is not an integer in the supported range.

        Examples
        --------
        >>> Solution().solveNQueens(4)
        [['.Q..', '...Q', 'Q...', '..Q.'], ['..Q.', 'Q...', '...Q', '.Q..']]
        >>> Solution().solveNQueens(1)
        [['Q']]
        >>> Solution().solveNQueens(3)
        []
        """
        return [queens.to_leetcode(columns) for columns in queens.solutions(n)]

    def totalNQueens(self, n: int) -> int:
        """Number of distinct solutions of the n-queens puzzle (LeetCode 52).

        Parameters
        ----------
        n : int
            Board size; LeetCode asks for 1 <= n <= 9, clew counts up to
            :data:`clew.queens.MAX_COUNT_N`.

        Returns
        -------
        int
            The number of solutions (OEIS A000170).

        Raises
        ------
        clew.errors.BoardSizeError
            If ``n`` is not an integer in the supported range.

        Examples
        --------
        >>> Solution().totalNQueens(4)
        2
        >>> Solution().totalNQueens(1)
        1
        >>> [Solution().totalNQueens(n) for n in range(1, 10)]
        [1, 0, 0, 2, 10, 4, 40, 92, 352]
        """
        return queens.count(n)
