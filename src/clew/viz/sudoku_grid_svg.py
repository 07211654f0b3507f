"""A Sudoku grid as SVG: givens in bold black, the digits of a solution in blue; grids of
other shapes (boxes of r x c, jigsaw regions, X, windoku, killer cages) are drawn by
:mod:`clew.viz.sudoku_svg_shapes`.

Digits are ``<text class="given">`` / ``<text class="filled">`` with ``data-row``,
``data-col`` (from 0) and ``data-digit`` (from 1).

>>> sudoku_svg("..3.4.........42").count('class="given"')
4
"""

from __future__ import annotations

from ..errors import ClewError, InvalidSolutionError
from ._svg_doc import _FILLED, _GIVEN, _check_cell, _document, _el

__all__ = ["sudoku_svg"]


def _lines(n: int, k: int, size: float, pad: float) -> list[str]:
    """The lines of the grid: thin between cells, thick around the k x k boxes and the grid."""
    body = []
    thin, thick = max(0.5, size / 40), max(2.0, size / 14)
    for i in range(1, n):
        if i % k:
            at = pad + i * size
            body.append(
                _el(
                    "line",
                    x1=at,
                    y1=pad,
                    x2=at,
                    y2=pad + n * size,
                    stroke="#999",
                    stroke_width=thin,
                    class_="thin",
                )
            )
            body.append(
                _el(
                    "line",
                    x1=pad,
                    y1=at,
                    x2=pad + n * size,
                    y2=at,
                    stroke="#999",
                    stroke_width=thin,
                    class_="thin",
                )
            )
    for i in range(0, n + 1, k):
        at = pad + i * size
        body.append(
            _el(
                "line",
                x1=at,
                y1=pad - thick / 2 if i in (0, n) else pad,
                x2=at,
                y2=pad + n * size + (thick / 2 if i in (0, n) else 0),
                stroke="#111",
                stroke_width=thick,
                class_="thick",
            )
        )
        body.append(
            _el(
                "line",
                x1=pad,
                y1=at,
                x2=pad + n * size,
                y2=at,
                stroke="#111",
                stroke_width=thick,
                class_="thick",
            )
        )
    return body


def sudoku_svg(puzzle, solution=None, *, cell: float = 40) -> str:
    """A sudoku grid: the givens of ``puzzle`` in bold black, the digits ``solution`` adds in blue.

    Parameters
    ----------
    puzzle
        The puzzle, in any form :class:`clew.sudoku.Grid` reads (4x4, 9x9, 16x16 or 25x25).
    solution : optional
        A solution of the puzzle (any form :class:`~clew.sudoku.Grid` reads, in the puzzle's
        alphabet); its digits fill the blank cells. Default: the puzzle alone.
    cell : float
        Side of a cell in pixels.

    Returns
    -------
    str
        An SVG document: thin lines between cells (``class="thin"``), thick lines around the
        boxes and the grid (``class="thick"``), and one ``<text class="given">`` or
        ``<text class="filled">`` per digit with ``data-row``, ``data-col`` (from 0) and
        ``data-digit`` (from 1); digits above 9 are shown as letters ``A``, ``B``, ... (or in
        the puzzle's own alphabet).

    Raises
    ------
    clew.sudoku.PuzzleFormatError
        The puzzle cannot be read.
    clew.errors.ClewError
        ``solution`` is not a solution of ``puzzle`` (it changes a given, leaves a cell
        blank or breaks a rule), or a bad ``cell``.

    Examples
    --------
    >>> svg = sudoku_svg("1.3." "..1." ".1.." "..4.", "1234" "3412" "4123" "2341")
    >>> svg.count('class="given"'), svg.count('class="filled"')
    (5, 11)
    >>> sudoku_svg("1...............", "2143341212344321")
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: the solution does not solve the puzzle: r1c1 is 2 but the puzzle gives 1
    """
    from ..sudoku import Grid, check_solution

    grid = Grid(puzzle)
    size = _check_cell(cell)
    filled = None
    if solution is not None:
        try:
            check_solution(solution, grid)
        except InvalidSolutionError as exc:
            raise ClewError(f"the solution does not solve the puzzle: {exc}") from None
        filled = (
            Grid(solution, symbols=grid.symbols) if not isinstance(solution, Grid) else solution
        )
    if not grid.shape.is_classic:  # boxes of r x c, jigsaw regions, X, windoku, cages
        from .sudoku_svg_shapes import shape_svg

        return shape_svg(grid, filled, size)
    n, k = grid.n, grid.k
    pad = max(2.0, size / 10)
    body = [
        _el(
            "rect", x=pad, y=pad, width=n * size, height=n * size, fill="white", class_="background"
        )
    ]
    body += _lines(n, k, size, pad)
    font = size * (0.62 if n <= 16 else 0.55)
    givens = grid.cells
    values = filled.cells if filled is not None else givens
    for index, value in enumerate(values):
        if value == 0:
            continue
        r, c = divmod(index, n)
        is_given = givens[index] != 0
        body.append(
            _el(
                "text",
                grid.symbol(value),
                x=pad + (c + 0.5) * size,
                y=pad + (r + 0.5) * size,
                font_size=font,
                text_anchor="middle",
                dominant_baseline="central",
                font_weight="bold" if is_given else "normal",
                fill=_GIVEN if is_given else _FILLED,
                class_="given" if is_given else "filled",
                data_row=r,
                data_col=c,
                data_digit=value,
            )
        )
    title = f"{n}x{n} sudoku, {grid.givens} givens" + (
        " and its solution" if filled is not None else ""
    )
    side = n * size + 2 * pad
    return _document(side, side, title, body)
