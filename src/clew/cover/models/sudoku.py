"""Sudoku as exact cover (Knuth's model: cells, rows, columns, boxes)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..problem import Problem
from ..verify import check_cover
from ._common import _expect

if TYPE_CHECKING:  # clew.sudoku is imported by the two functions that need it, not by cover
    from ...sudoku.grid import Grid


class SudokuProblem(Problem):
    """A problem built by :func:`sudoku`.

    Attributes
    ----------
    puzzle : clew.sudoku.Grid
    moves : tuple of (int, int, int)
        For each option, the 0-based row and column and the digit (1..n) it writes.
    """

    puzzle: Grid
    moves: tuple[tuple[int, int, int], ...]


def sudoku(puzzle, *, symbols: str | None = None) -> SudokuProblem:
    """A k^2 x k^2 sudoku as exact cover.

    Parameters
    ----------
    puzzle
        Any form :class:`clew.sudoku.Grid` reads (4x4, 9x9, 16x16, 25x25).
    symbols : str, optional
        The puzzle's alphabet (see :class:`clew.sudoku.Grid`).

    Returns
    -------
    SudokuProblem
        4 n^2 primary items, with rows, columns, boxes and digits written with the digits
        of :data:`clew.sudoku.DIGITS` (1-based, boxes in reading order): ``p{r}{c}`` (cell
        r, c is filled), ``r{r}{d}``, ``c{c}{d}``, ``b{b}{d}`` (row, column, box holds digit
        d). One option per cell and digit, labelled ``r{r}c{c}={d}`` (1-based, in the
        puzzle's alphabet), in reading order; a given cell keeps only the option of its
        given digit. Givens that break a rule therefore make a problem with no solution
        (where :func:`clew.sudoku.solve` raises).

    Raises
    ------
    clew.sudoku.PuzzleFormatError
        The puzzle cannot be read.

    Examples
    --------
    >>> from clew import cover
    >>> p = sudoku("." * 81)
    >>> len(p.primary), len(p.options)
    (324, 729)
    >>> p.options[0], p.labels[0]
    (('p11', 'r11', 'c11', 'b11'), 'r1c1=1')
    >>> cover.count(sudoku("." * 16))
    288
    >>> p = sudoku("53..7....6..195....98....6.8...6...34..8.3..17...2...6."
    ...            "6....28....419..5....8..79")
    >>> [str(sudoku_grid(p, s)) for s in cover.solutions(p)]
    ['534678912672195348198342567859761423426853791713924856961537284287419635345286179']
    """
    from ...sudoku.grid import DIGITS, Grid

    grid = Grid(puzzle, symbols=symbols)
    k, n = grid.k, grid.n
    assert k is not None  # a classic grid (Grid reads only those): boxes of k x k
    name = DIGITS
    options, labels, moves = [], [], []
    for r in range(n):
        for c in range(n):
            b = (r // k) * k + c // k
            given = grid[r, c]
            for d in [given] if given else range(1, n + 1):
                R, C, B, D = name[r], name[c], name[b], name[d - 1]
                options.append([f"p{R}{C}", f"r{R}{D}", f"c{C}{D}", f"b{B}{D}"])
                labels.append(f"r{r + 1}c{c + 1}={grid.symbol(d)}")
                moves.append((r, c, d))
    primary = [f"{t}{name[i]}{name[j]}" for t in "prcb" for i in range(n) for j in range(n)]
    problem = SudokuProblem(options, primary=primary, labels=labels)
    problem.puzzle = grid
    problem.moves = tuple(moves)
    return problem


def sudoku_grid(problem: SudokuProblem, solution: Sequence[int]) -> Grid:
    """A solution of :func:`sudoku` as a full :class:`clew.sudoku.Grid` (in the puzzle's
    alphabet).

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> from clew import cover
    >>> p = sudoku(".23..3....4....1")
    >>> sudoku_grid(p, cover.solve(p))
    Grid('1234431221433421')
    """
    from ...sudoku.grid import Grid

    problem = _expect(problem, SudokuProblem, "sudoku")
    solution = list(solution)
    check_cover(problem, solution)
    n = problem.puzzle.n
    rows = [[0] * n for _ in range(n)]
    for o in solution:
        r, c, d = problem.moves[o]
        rows[r][c] = d
    return Grid(rows, symbols=problem.puzzle.symbols)
