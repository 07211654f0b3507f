"""LeetCode's N-Queens problems (51 and 52) with their exact signatures, answered by
:mod:`clew.queens`.

Paste-compatible with the judge's ``class Solution`` stub: ``solveNQueens`` returns every
board as a list of row strings (``'Q'`` for a queen, ``'.'`` for an empty square), in
lexicographic order of the queens' columns, row 0 first, which is the order of the problem's
examples; ``totalNQueens`` returns how many boards there are.

>>> from clew.leetcode import Solution
>>> Solution().totalNQueens(8)
92
"""

from __future__ import annotations

from typing import List

from . import queens

__all__ = ["Solution"]


class Solution:
    """LeetCode 51 (N-Queens) and 52 (N-Queens II)."""

    def solveNQueens(self, n: int) -> List[List[str]]:
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
