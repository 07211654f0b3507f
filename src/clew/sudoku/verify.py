"""The Sudoku verifier, written apart from every solver.

A grid solves a puzzle when it has the puzzle's size, no blank cell, every row, column and
box (or jigsaw region) holds each digit ``1..n`` exactly once, so do the variants' units
(diagonals, windows, extra regions of n cells), the digits of every smaller extra region and
every killer cage differ, every cage adds up to its sum, and every given of the puzzle is
kept. The checks below are plain loops over the grid's values and the shape's plain fields
(its own reading of boxes, diagonals and windows): they share no code with the geometry, the
kernels' tables, nor the parser's conflict scan.

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

from typing import Any

from ..errors import InvalidSolutionError, article, plural
from .grid import Grid, PuzzleFormatError
from .shape import Shape, cage_name

__all__ = ["check_solution", "is_solution"]


def _units(shape: Shape) -> list[tuple[str, list[int]]]:
    """Every set of cells holding all digits once: its name and its cells."""
    n = shape.n
    units = [(f"row {r + 1}", [r * n + c for c in range(n)]) for r in range(n)]
    units += [(f"column {c + 1}", [r * n + c for r in range(n)]) for c in range(n)]
    if shape.regions is not None:
        labels = sorted(set(shape.regions), key=shape.regions.index)
        for number, label in enumerate(labels, start=1):
            units.append(
                (f"region {number}", [i for i, r in enumerate(shape.regions) if r == label])
            )
    elif shape.box is not None:  # (a shape has regions or boxes)
        rows, cols = shape.box
        b = 0
        for top in range(0, n, rows):
            for left in range(0, n, cols):
                b += 1
                units.append(
                    (
                        f"box {b}",
                        [(top + i) * n + left + j for i in range(rows) for j in range(cols)],
                    )
                )
    if shape.diagonals:
        units.append(("diagonal 1", [i * (n + 1) for i in range(n)]))
        units.append(("diagonal 2", [(i + 1) * (n - 1) for i in range(n)]))
    if shape.windows and shape.box is not None:  # windows come with square boxes only
        k = shape.box[0]
        corners = [1 + (k + 1) * i for i in range(k - 1)]
        w = 0
        for top in corners:
            for left in corners:
                w += 1
                units.append(
                    (f"window {w}", [(top + i) * n + left + j for i in range(k) for j in range(k)])
                )
    return units


def _different(shape: Shape) -> list[tuple[str, list[int]]]:
    """The extra regions and cages: sets whose digits differ (a region of n cells holds them
    all, which "differ" and the count of n cells already say)."""
    out = [(f"extra region {i + 1}", list(cells)) for i, cells in enumerate(shape.extra)]
    return out + [(cage_name(i), list(cells)) for i, (_, cells) in enumerate(shape.cages)]


def _name(index: int, n: int) -> str:
    r, c = divmod(index, n)
    return f"r{r + 1}c{c + 1}"


def check_solution(grid: Any, puzzle: Any = None, **shape: Any) -> None:
    """Raise :class:`~clew.errors.InvalidSolutionError` unless ``grid`` solves ``puzzle``.

    Parameters
    ----------
    grid
        The candidate solution, in any form :class:`~clew.sudoku.Grid` reads.
    puzzle : optional
        The puzzle it should solve; ``None`` checks only the rules.
    **shape
        ``box``, ``regions``, ``variant``, ``extra``, ``cages`` (see
        :class:`~clew.sudoku.Grid`): the rules, when neither argument is a grid that has them.
        The candidate is read with the puzzle's shape.

    Raises
    ------
    clew.errors.InvalidSolutionError
        The message names the first problem found: a grid that cannot be read, a size that
        differs from the puzzle's, a blank cell, a given that was changed, a row, column, box
        or variant's region that repeats a digit (naming the two cells), or a cage whose sum
        is wrong.
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
    given = None if puzzle is None else Grid(puzzle, **shape)
    try:
        if given is not None and not isinstance(grid, Grid):
            candidate = Grid(grid, symbols=given.symbols)
            if candidate.n == given.n:
                candidate = Grid(candidate, **_rules(given.shape))
        elif not isinstance(grid, Grid) or shape:
            candidate = Grid(grid, **shape)
        else:
            candidate = grid
    except PuzzleFormatError as exc:
        raise InvalidSolutionError(f"not a sudoku grid: {exc}") from None
    n = candidate.n
    rules = candidate.shape if given is None else given.shape
    values = candidate.cells
    if given is not None and given.n != n:
        raise InvalidSolutionError(
            f"{article(f'{n}x{n}')} grid cannot solve {article(f'{given.n}x{given.n}')} puzzle"
        )
    for index, v in enumerate(values):
        if v == 0:
            raise InvalidSolutionError(f"{_name(index, n)} is blank")
    if given is not None:
        for index, (v, g) in enumerate(zip(values, given.cells, strict=True)):
            if g and v != g:
                raise InvalidSolutionError(
                    f"{_name(index, n)} is {candidate.symbol(v)} "
                    f"but the puzzle gives {given.symbol(g)}"
                )
    digits = list(range(1, n + 1))
    for unit, cells in _units(rules) + _different(rules):
        if len(cells) == n and sorted(values[i] for i in cells) == digits:
            continue
        first: dict[int, int] = {}
        for i in cells:
            v = values[i]
            if v in first:
                raise InvalidSolutionError(
                    f"{_name(first[v], n)} and {_name(i, n)} "
                    f"are both {candidate.symbol(v)} in {unit}"
                )
            first[v] = i
        if len(cells) == n:
            raise InvalidSolutionError(f"{unit} is not a permutation of 1..{n}")  # pragma: no cover
    for number, (total, cage) in enumerate(rules.cages):
        found = sum(values[i] for i in cage)
        if found != total:
            raise InvalidSolutionError(
                f"{cage_name(number)} ({_name(cage[0], n)}, {plural(len(cage), 'cell')}) "
                f"adds up to {found}, not {total}"
            )


def _rules(shape: Shape) -> dict[str, Any]:
    """The keyword arguments of :class:`~clew.sudoku.Grid` that give a grid ``shape``."""
    flags = [name for name in shape.variants if name in ("x", "windoku")]
    return {
        "box": shape.box if shape.regions is None else None,
        "regions": shape.regions,
        "variant": flags or None,
        "extra": shape.extra or None,
        "cages": list(shape.cages) or None,
    }


def is_solution(grid: Any, puzzle: Any = None, **shape: Any) -> bool:
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
        check_solution(grid, puzzle, **shape)
    except InvalidSolutionError:
        return False
    return True
