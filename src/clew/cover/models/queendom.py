"""Queens that dominate a board, as exact cover with multiplicities (Algorithm M):
:func:`queen_domination` and :func:`queen_squares`.

Every square must be seen by *at least* one queen (a queen sees its own square and every
square along its row, column and diagonals), and there are exactly k queens: a square is a
primary item with bounds 1:k, one more primary item counts the queens with bounds k:k, and
each option is a queen on one square. Exact cover with bounds 1:1 could not say "at least
once"; Algorithm M can.

The counts of the smallest k are OEIS A002564 (any queens) and A002568 (queens that do not
attack one another: the rows, columns and diagonals become secondary items, each taken at
most once).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..problem import CoverInputError, Problem
from ..verify import check_cover

__all__ = ["QueendomProblem", "queen_domination", "queen_squares"]

#: The primary item that counts the queens.
QUEENS = "queens"


class QueendomProblem(Problem):
    """A problem built by :func:`queen_domination`.

    Attributes
    ----------
    n, k : int
        The board's side and the number of queens.
    independent : bool
        Whether the queens may not attack one another.
    """

    n: int
    k: int
    independent: bool


def _sees(n: int, r: int, c: int) -> list[tuple[int, int]]:
    """The squares a queen on (r, c) sees, its own included, row-major."""
    return [
        (i, j)
        for i in range(n)
        for j in range(n)
        if i == r or j == c or i - j == r - c or i + j == r + c
    ]


def _count(value, name: str, low: int) -> int:
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        raise CoverInputError(f"{name} must be an integer, got {value!r}")
    value = value.__index__()
    if value < low:
        raise CoverInputError(f"{name} must be at least {low}, got {value}")
    return value


def queen_domination(n: int, k: int, *, independent: bool = False) -> QueendomProblem:
    """The ways to place ``k`` queens on an n x n board so that every square is seen by one
    of them, as exact cover with multiplicities.

    Items: ``"queens"`` (bounds k:k), then every square ``(row, col)`` (0-based, bounds
    1:k); with ``independent``, secondary items ``("row", r)``, ``("col", c)``,
    ``("diag", r - c)`` and ``("anti", r + c)`` keep the queens from attacking one another.
    Option ``r * n + c`` is a queen on square (r, c).

    Examples
    --------
    >>> from clew import cover
    >>> [cover.count(queen_domination(n, k)) for n, k in ((4, 2), (5, 3), (6, 3), (7, 4))]
    [12, 186, 4, 86]
    >>> p = queen_domination(4, 3, independent=True)
    >>> cover.count(p), queen_squares(p, cover.solve(p))
    (16, ((0, 0), (1, 2), (3, 1)))
    """
    n = _count(n, "n", 1)
    k = _count(k, "k", 1)
    if k > n * n:
        raise CoverInputError(f"k must be at most n * n = {n * n}, got {k}")
    options: list[list] = []
    for r in range(n):
        for c in range(n):
            lines = (
                [("row", r), ("col", c), ("diag", r - c), ("anti", r + c)] if independent else []
            )
            options.append([QUEENS, *_sees(n, r, c), *lines])
    squares = [(r, c) for r in range(n) for c in range(n)]
    secondary = sorted(
        {
            item
            for option in options
            for item in option[1:]
            if item[0] in ("row", "col", "diag", "anti")
        }
    )
    bounds = {QUEENS: (k, k)} | {square: (1, k) for square in squares}
    problem = QueendomProblem(
        options, primary=[QUEENS, *squares], secondary=secondary, bounds=bounds
    )
    problem.n, problem.k, problem.independent = n, k, bool(independent)
    return problem


def queen_squares(problem: QueendomProblem, solution: Iterable[int]) -> tuple[tuple[int, int], ...]:
    """A solution of :func:`queen_domination` as the queens' squares, sorted.

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not a solution of the problem.
    """
    if not isinstance(problem, QueendomProblem):
        raise TypeError(f"expected a problem built by queen_domination(), got {problem!r}")
    solution = sorted(solution)
    check_cover(problem, solution)
    return tuple(divmod(o, problem.n) for o in solution)
