"""The picture of a logical step of Sudoku (:class:`clew.sudoku.Step`): the grid drawn by
:func:`clew.viz.svg.sudoku_svg`, with the step's pattern, placements and eliminations marked
on it."""

from __future__ import annotations

import math

from ._svg_doc import _FILLED, _el
from .sudoku_grid_svg import sudoku_svg

__all__ = ["step_svg"]

_PATTERN, _PLACED, _GONE = "#fff3bf", "#c8f0c8", "#c0392b"


def step_svg(step, size: float = 40) -> str | None:
    """The picture of a logical step (:class:`clew.sudoku.Step`) on the position it is played
    on (``step.grid``, set by :func:`clew.sudoku.hint` and :func:`clew.sudoku.explain`): the
    grid, the cells of the pattern shaded (``rect.pattern``), the cells it fills shaded green
    with the digit placed (``rect.placed``, ``text.placed``), and each candidate it removes as
    a small red digit in its cell (``text.eliminated``). ``None`` for a step without a
    position (built by hand).

    >>> from clew import sudoku
    >>> svg = step_svg(sudoku.hint("..3.4.........42"))
    >>> # r2c2 = 3: its cell and its digit
    >>> svg.count('class="placed"'), svg.count('class="eliminated"')
    (2, 0)
    """
    grid = step.grid
    if grid is None:
        return None
    n = grid.n
    pad = max(2.0, size / 10)
    placed = {cell: digit for cell, digit in step.placements}
    marks = []
    for cell in sorted(set(step.cells) | set(placed)):
        r, c = divmod(cell, n)
        kind = "placed" if cell in placed else "pattern"
        marks.append(
            _el(
                "rect",
                x=pad + c * size,
                y=pad + r * size,
                width=size,
                height=size,
                fill=_PLACED if kind == "placed" else _PATTERN,
                class_=kind,
            )
        )
    across = math.ceil(math.sqrt(n))  # candidates per line of a cell: 3 x 3 on a 9x9 grid
    down = math.ceil(n / across)
    small = size * 0.78 / max(across, down)
    for cell, digit in step.eliminations:
        r, c = divmod(cell, n)
        line, place = divmod(digit - 1, across)  # where the candidate sits in its cell
        marks.append(
            _el(
                "text",
                grid.symbol(digit),
                x=pad + (c + (place + 0.5) / across) * size,
                y=pad + (r + (line + 0.5) / down) * size,
                font_size=small,
                text_anchor="middle",
                dominant_baseline="central",
                fill=_GONE,
                text_decoration="line-through",
                class_="eliminated",
                data_digit=digit,
            )
        )
    for cell, digit in placed.items():
        r, c = divmod(cell, n)
        marks.append(
            _el(
                "text",
                grid.symbol(digit),
                x=pad + (c + 0.5) * size,
                y=pad + (r + 0.5) * size,
                font_size=size * 0.62,
                text_anchor="middle",
                dominant_baseline="central",
                fill=_FILLED,
                class_="placed",
                data_row=r,
                data_col=c,
                data_digit=digit,
            )
        )
    svg = sudoku_svg(grid, cell=size)
    # the shading goes under the lines and digits (after the background), the new digits on top
    background = svg.index("/>", svg.index('class="background"')) + 2
    shades = "".join(m for m in marks if m.startswith("<rect"))
    texts = "".join(m for m in marks if m.startswith("<text"))
    end = svg.rindex("</svg>")
    return svg[:background] + shades + svg[background:end] + texts + svg[end:]
