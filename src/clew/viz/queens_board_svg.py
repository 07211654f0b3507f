"""The N-Queens board as SVG: an n x n chessboard with queens on it (a solution, or a board
partly filled), optionally with every attacked square shaded (the attack rule is that of
:mod:`clew.queens.attacks`).

Queens are ``<text class="queen" data-row=.. data-col=..>``, shaded squares
``<rect class="attacked">``; rows and columns count from 0 in the data attributes and from
1 in what is shown (``r1c3`` is row 0, column 2), as everywhere in clew.

>>> import xml.etree.ElementTree as ET
>>> svg = queens_svg(4, [1, 3, 0, 2])
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import BoardSizeError, plural
from ..queens.attacks import attacked_squares, check_columns
from ._svg_doc import _check_cell, _document, _el, _num
from .words import square as _name

__all__ = ["MAX_BOARD_N", "queens_svg"]

#: Largest board :func:`queens_svg` draws.
MAX_BOARD_N = 64

_LIGHT, _DARK = "#f0d9b5", "#b58863"
_ATTACKED = "#e0301e"


def _board(n: int, size: float, margin: float, label_size: float) -> list[str]:
    """The labels (columns along the top, rows down the left) and the squares."""
    body = []
    for i in range(n):  # labels: columns along the top, rows down the left
        body.append(
            _el(
                "text",
                str(i + 1),
                x=margin + (i + 0.5) * size,
                y=margin * 0.7,
                font_size=label_size,
                text_anchor="middle",
                fill="#555",
                class_="label",
            )
        )
        body.append(
            _el(
                "text",
                str(i + 1),
                x=margin * 0.5,
                y=margin + (i + 0.5) * size,
                font_size=label_size,
                text_anchor="middle",
                dominant_baseline="central",
                fill="#555",
                class_="label",
            )
        )
    for r in range(n):
        for c in range(n):
            dark = (r + c) % 2 == 1
            body.append(
                _el(
                    "rect",
                    x=margin + c * size,
                    y=margin + r * size,
                    width=size,
                    height=size,
                    fill=_DARK if dark else _LIGHT,
                    class_="square dark" if dark else "square light",
                    data_row=r,
                    data_col=c,
                )
            )
    return body


def queens_svg(
    n: int, columns: Sequence[int | None] | None = None, *, attacked: bool = False, cell: float = 40
) -> str:
    """An n x n chessboard with a queen on ``(r, columns[r])`` for each row ``r``.

    Parameters
    ----------
    n : int
        Board size, 1 to :data:`MAX_BOARD_N`.
    columns : sequence of int or None, optional
        The column (from 0) of the queen of each row; ``None``, or a sequence shorter than
        ``n``, leaves rows empty, so a partly filled board of the search can be drawn.
        Default: an empty board.
    attacked : bool
        Shade in red every square attacked by at least one queen (a queen's own square only
        when another queen attacks it).
    cell : float
        Side of a square in pixels.

    Returns
    -------
    str
        An SVG document. Squares are ``<rect class="square light|dark">``, shaded squares
        ``<rect class="attacked">`` and queens ``<text class="queen">`` (the glyph ♛), all
        with ``data-row`` and ``data-col`` from 0. Rows are numbered 1.. down the left side,
        columns 1.. along the top.

    Raises
    ------
    clew.errors.BoardSizeError
        ``n`` is not an integer from 1 to 64.
    clew.errors.ClewError
        A column off the board, more entries than rows, or a bad ``cell``.

    Examples
    --------
    >>> svg = queens_svg(4, (1, 3, 0, 2))
    >>> svg.count('class="queen"')
    4
    >>> queens_svg(4, [None, 2], attacked=True).count('class="attacked"')
    11
    >>> queens_svg(4, [4])
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: row 1: column 4 is off the 4x4 board (columns are 0 to 3)
    >>> queens_svg(100)
    Traceback (most recent call last):
    ...
    clew.errors.BoardSizeError: queens_svg draws boards of 1 to 64 squares a side, got n=100
    """
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise BoardSizeError(f"n must be an integer, got {n!r}")
    n = n.__index__()
    if not 1 <= n <= MAX_BOARD_N:
        raise BoardSizeError(
            f"queens_svg draws boards of 1 to {MAX_BOARD_N} squares a side, got n={n}"
        )
    cols = check_columns(n, columns)
    size = _check_cell(cell)
    margin = size * 0.6
    label_size = max(6.0, min(size * 0.32, 14.0))
    body = []

    body += _board(n, size, margin, label_size)
    if attacked:
        for r, c in sorted(attacked_squares(n, cols)):
            body.append(
                _el(
                    "rect",
                    x=margin + c * size,
                    y=margin + r * size,
                    width=size,
                    height=size,
                    fill=_ATTACKED,
                    fill_opacity="0.45",
                    class_="attacked",
                    data_row=r,
                    data_col=c,
                )
            )
    body.append(
        _el(
            "rect",
            x=margin,
            y=margin,
            width=n * size,
            height=n * size,
            fill="none",
            stroke="#333",
            stroke_width=max(1.0, size / 40),
            class_="border",
        )
    )
    for r, col in enumerate(cols):
        if col is None:
            continue
        c = col
        x, y = _num(margin + (c + 0.5) * size), _num(margin + (r + 0.5) * size)
        body.append(
            f'<text class="queen" data-row="{r}" data-col="{c}" x="{x}" y="{y}" '
            f'font-size="{_num(size * 0.8)}" text-anchor="middle" dominant-baseline="central" '
            f'fill="#111">\u265b<title>queen at {_name(r, c)}</title></text>'
        )
    placed = sum(c is not None for c in cols)
    title = f"{n}-queens board, {plural(placed, 'queen')}"
    side = margin + n * size + margin * 0.4
    return _document(side, side, title, body)
