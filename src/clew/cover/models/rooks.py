"""0/1 matrices with given row and column sums as exact cover with multiplicities
(Algorithm M): :func:`rook_matrices` and :func:`rook_matrix`, re-exported by
:mod:`clew.cover.models` with the other models.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..problem import CoverInputError, Problem
from ..verify import check_cover

__all__ = ["RookProblem", "rook_matrices", "rook_matrix"]


class RookProblem(Problem):
    """A problem built by :func:`rook_matrices`.

    Attributes
    ----------
    n : int
    row_sum, col_sum : (int, int)
        The bounds (lo, hi) of every row's and every column's number of ones.
    """

    n: int
    row_sum: tuple[int, int]
    col_sum: tuple[int, int]


def _sum_bounds(value, name: str) -> tuple[int, int]:
    pair = (value, value) if isinstance(value, int) and not isinstance(value, bool) else value
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise CoverInputError(f"{name} must be an int or a pair (lo, hi), got {value!r}") from None
    if (
        any(isinstance(v, bool) or not isinstance(v, int) for v in (lo, hi))
        or not 0 <= lo <= hi
        or hi < 1
    ):
        raise CoverInputError(
            f"{name} must be k >= 1 or (lo, hi) with 0 <= lo <= hi and hi >= 1, got {value!r}"
        )
    return lo, hi


def rook_matrices(n: int, row_sum=1, col_sum=1) -> RookProblem:
    """The n x n 0/1 matrices with ``row_sum`` ones in every row and ``col_sum`` in every
    column, as exact cover with multiplicities: items ``("row", i)`` and ``("col", j)``
    (0-based) with those bounds, one option per cell, ``[("row", i), ("col", j)]`` (option
    ``i * n + j`` is cell (i, j)). A sum is an int or a range ``(lo, hi)``: with 1 and 1 the
    solutions are the permutation matrices, with 2 and 2 they are counted by OEIS A001499.

    Examples
    --------
    >>> from clew import cover
    >>> [cover.count(rook_matrices(n, 2, 2)) for n in range(6)]
    [1, 0, 1, 6, 90, 2040]
    >>> p = rook_matrices(3, (0, 1), (0, 1))        # partial permutations: OEIS A002720
    >>> cover.count(p), p.describe([1])
    (34, [[('row', 0), ('col', 1)]])
    >>> rook_matrix(rook_matrices(2, 1, 1), [1, 2])
    ((0, 1), (1, 0))
    """
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise CoverInputError(f"n must be an integer, got {n!r}")
    n = n.__index__()
    if n < 0:
        raise CoverInputError(f"n must be at least 0, got {n}")
    rows = _sum_bounds(row_sum, "row_sum")
    cols = _sum_bounds(col_sum, "col_sum")
    options = [[("row", i), ("col", j)] for i in range(n) for j in range(n)]
    bounds = {("row", i): rows for i in range(n)} | {("col", j): cols for j in range(n)}
    primary = [("row", i) for i in range(n)] + [("col", j) for j in range(n)]
    problem = RookProblem(options, primary=primary, secondary=[], bounds=bounds)
    problem.n = n
    problem.row_sum = rows
    problem.col_sum = cols
    return problem


def rook_matrix(problem: RookProblem, solution: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """A solution of :func:`rook_matrices` as the matrix, a tuple of rows of 0 and 1.

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not a solution of the problem.
    """
    if not isinstance(problem, RookProblem):
        raise TypeError(f"expected a problem built by rook_matrices(), got {problem!r}")
    solution = list(solution)
    check_cover(problem, solution)
    rows = [[0] * problem.n for _ in range(problem.n)]
    for o in solution:
        rows[o // problem.n][o % problem.n] = 1
    return tuple(tuple(row) for row in rows)
