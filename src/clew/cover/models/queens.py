"""The n queens as exact cover: rows and columns primary, diagonals secondary."""

from __future__ import annotations

from collections.abc import Iterable

from ..problem import Problem
from ..verify import check_cover
from ._common import Cell, _expect, _size


class QueensProblem(Problem):
    """A problem built by :func:`queens`.

    Attributes
    ----------
    n : int
    squares : tuple of (int, int)
        For each option, the 0-based (row, column) of its queen.
    """

    n: int
    squares: tuple[Cell, ...]


def queens(n: int) -> QueensProblem:
    """The n-queens problem as exact cover (Knuth's formulation).

    Returns
    -------
    QueensProblem
        Primary items: the ranks ``R0`` .. and files ``F0`` .. (0-based), listed from the
        middle outwards (Knuth's "organ pipe" order, which the search's ties favour).
        Secondary items: the diagonals ``A{r + c}`` and anti-diagonals ``B{r - c + n - 1}``.
        One option per square, ``R{r} F{c} A.. B..``, labelled ``Q r{r}c{c}``; option
        ``r * n + c`` is square (r, c).

    Examples
    --------
    >>> from clew import cover
    >>> queens(4).options[1]
    ('R0', 'F1', 'A1', 'B2')
    >>> sorted(queens_columns(queens(4), s) for s in cover.solutions(queens(4)))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n = _size(n, "n")
    options, labels, squares = [], [], []
    for r in range(n):
        for c in range(n):
            options.append([f"R{r}", f"F{c}", f"A{r + c}", f"B{r - c + n - 1}"])
            labels.append(f"Q r{r}c{c}")
            squares.append((r, c))
    middle = sorted(range(n), key=lambda i: (abs(2 * i - (n - 1)), i))
    primary = [name for i in middle for name in (f"R{i}", f"F{i}")]
    secondary = [f"{d}{i}" for d in "AB" for i in range(2 * n - 1)]
    problem = QueensProblem(options, primary=primary, secondary=secondary, labels=labels)
    problem.n = n
    problem.squares = tuple(squares)
    return problem


def queens_columns(problem: QueensProblem, solution: Iterable[int]) -> tuple[int, ...]:
    """A solution of :func:`queens` as the column of the queen in each row, row 0 first
    (the form :func:`clew.queens.solutions` yields).

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> queens_columns(queens(4), [1, 7, 8, 14])
    (1, 3, 0, 2)
    """
    problem = _expect(problem, QueensProblem, "queens")
    solution = list(solution)
    check_cover(problem, solution)
    columns = [0] * problem.n
    for o in solution:
        r, c = problem.squares[o]
        columns[r] = c
    return tuple(columns)
