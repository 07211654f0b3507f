"""The Sudoku verifier, written apart from every solver.

A grid solves a puzzle when it has the puzzle's size, no blank cell, every row, column and
box holds each digit ``1..n`` exactly once, and every given of the puzzle is kept. The checks
below are plain loops over the grid's values: they share no code with the kernel's candidate
masks, nor with the parser's conflict scan.

>>> from clew.sudoku import check_solution, is_solution
>>> is_solution("1234341221434321")
True
>>> is_solution("1234341221434321", "1...............")
True
>>> check_solution("1234341221434312")
Traceback (most recent call last):
...
clew.errors.InvalidSolutionError: r2c3 and r4c3 are both 1 in column 3
"""

from __future__ import annotations

from ..errors import InvalidSolutionError
from .grid import Grid, PuzzleFormatError

__all__ = ["check_solution", "is_solution"]


def _units(n: int, k: int) -> list[tuple[str, list[int]]]:
    """Every row, column and box: its name and its cells (indices in reading order)."""
    units = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    units += [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    for b in range(n):
        top, left = (b // k) * k, (b % k) * k
        units.append((f"box {b + 1}", [(top + i) * n + left + j for i in range(k) for j in range(k)]))
    return units


def _name(index: int, n: int) -> str:
    r, c = divmod(index, n)
    return f"r{r + 1}c{c + 1}"


def check_solution(grid, puzzle=None) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``grid`` solves ``puzzle``.

    Parameters
    ----------
    grid
        The candidate solution, in any form :class:`~clew.sudoku.Grid` reads.
    puzzle : optional
        The puzzle it should solve; ``None`` checks only the rules.

    Raises
    ------
    clew.errors.InvalidSolutionError
        The message names the first problem found: a grid that cannot be read, a size that
        differs from the puzzle's, a blank cell, a given that was changed, or a row, column or
        box that is not a permutation of ``1..n``, naming the two cells that repeat a digit.
    clew.sudoku.PuzzleFormatError
        The puzzle itself cannot be read (a bad argument, not a bad solution).

    Examples
    --------
    >>> check_solution("1234341221434321", "1...............")
    >>> check_solution("1234341221434321", "2...............")
    Traceback (most recent call last):
    ...
    clew.errors.InvalidSolutionError: r1c1 is 1 but the puzzle gives 2
    >>> check_solution("123434122143432.")
    Traceback (most recent call last):
    ...
    clew.errors.InvalidSolutionError: r4c4 is blank
    """
    given = None if puzzle is None else Grid(puzzle)
    try:
        candidate = Grid(grid, symbols=None if given is None else given.symbols) if not isinstance(grid, Grid) else grid
    except PuzzleFormatError as exc:
        raise InvalidSolutionError(f"not a sudoku grid: {exc}") from None
    n, k = candidate.n, candidate.k
    values = candidate.cells
    if given is not None and given.n != n:
        raise InvalidSolutionError(f"a {n}x{n} grid cannot solve a {given.n}x{given.n} puzzle")
    for index, v in enumerate(values):
        if v == 0:
            raise InvalidSolutionError(f"{_name(index, n)} is blank")
    if given is not None:
        for index, (v, g) in enumerate(zip(values, given.cells)):
            if g and v != g:
                raise InvalidSolutionError(
                    f"{_name(index, n)} is {candidate.symbol(v)} but the puzzle gives {given.symbol(g)}"
                )
    digits = list(range(1, n + 1))
    for unit, cells in _units(n, k):
        if sorted(values[i] for i in cells) == digits:
            continue
        first: dict[int, int] = {}
        for i in cells:
            v = values[i]
            if v in first:
                raise InvalidSolutionError(f"{_name(first[v], n)} and {_name(i, n)} are both {candidate.symbol(v)} in {unit}")
            first[v] = i
        raise InvalidSolutionError(f"{unit} is not a permutation of 1..{n}")  # pragma: no cover


def is_solution(grid, puzzle=None) -> bool:
    """True if ``grid`` is a full grid that keeps the rules and every given of ``puzzle``
    (see :func:`check_solution`); False for any grid that is not, even one that cannot be
    read. A puzzle that cannot be read still raises :class:`~clew.sudoku.PuzzleFormatError`.

    Examples
    --------
    >>> is_solution("1234341221434321")
    True
    >>> is_solution("1234341221434321", "...1............")
    False
    >>> is_solution("not a grid")
    False
    """
    try:
        check_solution(grid, puzzle)
    except InvalidSolutionError:
        return False
    return True
