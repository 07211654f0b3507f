"""The picture of a sudoku of any shape (issue 15): rectangular boxes, jigsaw regions, X,
windoku and killer cages, as SVG text. :func:`clew.viz.svg.sudoku_svg` draws every grid
that is not a classic k^2 x k^2 one with :func:`shape_svg`.

What is drawn, bottom to top::

    rect.background
    rect.diagonal, rect.window     the X diagonals' and the windoku windows' cells shaded
    line.thin                      every line between cells
    line.thick                     one segment per cell side between two boxes or regions
    rect.border                    the grid's outline
    line.cage (data-cage)          a killer cage: a dotted outline inset in its cells
    text.cage-sum (data-cage)      its sum, in the top-left corner of its first cell, on a
                                   white rect.cage-sum-bg that the dotted line stops at
    text.given, text.filled        the digits (data-row, data-col from 0, data-digit)

Cage outlines, one cell at a time (``d`` the inset): a side of the cell that the cage does
not cross gets a line ``d`` inside it; at each end the line stops ``d`` short of the corner
when the side across the corner is an edge of the cage too (a convex corner), and runs to
the cell's edge otherwise, where the neighbour's line takes it on. A concave corner (the two
neighbours in the cage, the cell across the corner not) gets a small square bend::

    +-------+-------+         Every cage's lines join end to end into closed loops: each
    | .....:| ..... |         end point is shared by exactly two lines (the tests check it).
    | :     :.:   : |
    | :           : |
    +-:.....:.....:-+
"""

from __future__ import annotations

from ..sudoku import geometry
from ..sudoku.shape import Shape
from ._svg_doc import _FILLED, _GIVEN, _document, _el

__all__ = ["cage_segments", "region_borders", "shape_svg"]

_DIAGONAL, _WINDOW = "#e6eefb", "#e4e4e4"
_CAGE = "#555555"


def region_borders(shape: Shape) -> list[tuple[int, int]]:
    """The pairs of side-by-side cells ``(a, b)`` (``b`` right of or below ``a``) in
    different boxes or jigsaw regions: where a thick segment goes.

    >>> from clew.sudoku.shape import make_shape
    >>> len(region_borders(make_shape(6)))   # 2x3 boxes: 2 lines of 6 across, 1 of 6 down
    18
    """
    n = shape.n
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        for other in ((cell + 1) if c + 1 < n else None, (cell + n) if r + 1 < n else None):
            if other is not None and geometry.box_of(cell, shape) != geometry.box_of(other, shape):
                out.append((cell, other))
    return out


def cage_segments(
    cells, n: int, size: float, inset: float, pad: float = 0.0
) -> list[tuple[float, float, float, float]]:
    """The dotted outline of one cage as line segments ``(x1, y1, x2, y2)`` (see the module
    documentation), for cells of ``size`` pixels starting at ``pad``.

    >>> len(cage_segments([0], 4, 10, 1))      # one cell: four sides
    4
    >>> len(cage_segments([0, 1, 4], 4, 10, 1))  # an L: eight sides of cells, a bend of two
    10
    """
    inside = set(cells)

    def has(r: int, c: int) -> bool:
        return 0 <= r < n and 0 <= c < n and r * n + c in inside

    out = []
    d = inset
    for cell in sorted(inside):
        r, c = divmod(cell, n)
        x0, y0 = pad + c * size, pad + r * size
        x1, y1 = x0 + size, y0 + size
        up, down, left, right = (
            not has(r - 1, c),
            not has(r + 1, c),
            not has(r, c - 1),
            not has(r, c + 1),
        )
        if up:
            out.append((x0 + d if left else x0, y0 + d, x1 - d if right else x1, y0 + d))
        if down:
            out.append((x0 + d if left else x0, y1 - d, x1 - d if right else x1, y1 - d))
        if left:
            out.append((x0 + d, y0 + d if up else y0, x0 + d, y1 - d if down else y1))
        if right:
            out.append((x1 - d, y0 + d if up else y0, x1 - d, y1 - d if down else y1))
        # concave corners: both neighbours in the cage, the cell across the corner not
        for dr, dc, cx, cy in ((-1, -1, x0, y0), (-1, 1, x1, y0), (1, -1, x0, y1), (1, 1, x1, y1)):
            if has(r + dr, c) and has(r, c + dc) and not has(r + dr, c + dc):
                bx, by = cx - dc * d, cy - dr * d  # the bend's corner, inside the cell
                out.append((cx, by, bx, by))
                out.append((bx, by, bx, cy))
    return out


def _window_cells(shape: Shape) -> list[int]:
    if shape.box is None:  # windows sit between the boxes: a jigsaw grid has none
        return []
    n, k = shape.n, shape.box[0]
    starts = [1 + i * (k + 1) for i in range(k - 1)]
    return [
        (top + i) * n + left + j
        for top in starts
        for left in starts
        for i in range(k)
        for j in range(k)
    ]


def _cages(shape: Shape, size: float, pad: float) -> list[str]:
    """The killer cages: a dashed outline inside each, its sum in its first cell."""
    n = shape.n
    body: list[str] = []
    inset, label = size * 0.09, size * 0.24
    for number, (_, cells) in enumerate(shape.cages):
        for x1, y1, x2, y2 in cage_segments(cells, n, size, inset, pad):
            body.append(
                _el(
                    "line",
                    x1=x1,
                    y1=y1,
                    x2=x2,
                    y2=y2,
                    stroke=_CAGE,
                    stroke_width=max(0.6, size / 45),
                    stroke_dasharray=f"{size / 16:.2f} {size / 16:.2f}",
                    class_="cage",
                    data_cage=number,
                )
            )
    for number, (total, cells) in enumerate(shape.cages):
        r, c = divmod(cells[0], n)
        x, y = pad + c * size + inset * 0.4, pad + r * size + inset * 0.4
        text = str(total)
        body.append(
            _el(
                "rect",
                x=x,
                y=y,
                width=label * 0.62 * len(text) + 2,
                height=label * 1.1,
                fill="white",
                class_="cage-sum-bg",
                data_cage=number,
            )
        )
        body.append(
            _el(
                "text",
                text,
                x=x + 1,
                y=y + label * 0.55,
                font_size=label,
                dominant_baseline="central",
                fill=_CAGE,
                class_="cage-sum",
                data_cage=number,
                data_sum=total,
            )
        )
    return body


def _digits(grid, filled, size: float, pad: float) -> list[str]:
    """The digits: the givens in bold black, those of ``filled`` in blue."""
    shape = grid.shape
    n = shape.n
    body: list[str] = []
    font = size * (0.62 if n <= 16 else 0.55) * (0.85 if shape.cages else 1)
    givens = grid.cells
    values = filled.cells if filled is not None else givens
    for index, value in enumerate(values):
        if value == 0:
            continue
        r, c = divmod(index, n)
        is_given = givens[index] != 0
        # a killer's digits sit a little low, clear of the sums in the corners
        y = pad + (r + (0.56 if shape.cages else 0.5)) * size
        body.append(
            _el(
                "text",
                grid.symbol(value),
                x=pad + (c + 0.5) * size,
                y=y,
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
    return body


def shape_svg(grid, filled=None, size: float = 40) -> str:
    """The picture of ``grid`` (a :class:`~clew.sudoku.Grid` of any shape), with the digits
    of ``filled`` (its solution, already checked) in blue.

    Examples
    --------
    >>> from clew.sudoku import Grid
    >>> svg = shape_svg(Grid("AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,4"))
    >>> svg.count('class="cage-sum"'), svg.count('class="thick"')
    (8, 8)
    """
    shape: Shape = grid.shape
    n = shape.n
    pad = max(2.0, size / 10)
    thin, thick = max(0.5, size / 40), max(2.0, size / 14)
    side = n * size
    body = [_el("rect", x=pad, y=pad, width=side, height=side, fill="white", class_="background")]
    shaded = []
    if shape.diagonals:
        shaded += [
            ("diagonal", _DIAGONAL, cell)
            for cell in sorted(
                {i * (n + 1) for i in range(n)} | {(i + 1) * (n - 1) for i in range(n)}
            )
        ]
    if shape.windows:
        shaded += [("window", _WINDOW, cell) for cell in _window_cells(shape)]
    for kind, colour, cell in shaded:
        r, c = divmod(cell, n)
        body.append(
            _el(
                "rect",
                x=pad + c * size,
                y=pad + r * size,
                width=size,
                height=size,
                fill=colour,
                fill_opacity=0.8 if kind == "window" else None,
                class_=kind,
            )
        )
    for i in range(1, n):
        at = pad + i * size
        body.append(
            _el(
                "line",
                x1=at,
                y1=pad,
                x2=at,
                y2=pad + side,
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
                x2=pad + side,
                y2=at,
                stroke="#999",
                stroke_width=thin,
                class_="thin",
            )
        )
    for a, b in region_borders(shape):
        r, c = divmod(b, n)
        if b == a + 1:  # b is right of a: the vertical side between them
            x1 = x2 = pad + c * size
            y1, y2 = pad + r * size, pad + (r + 1) * size
        else:
            y1 = y2 = pad + r * size
            x1, x2 = pad + c * size, pad + (c + 1) * size
        body.append(
            _el(
                "line",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke="#111",
                stroke_width=thick,
                stroke_linecap="square",
                class_="thick",
            )
        )
    body.append(
        _el(
            "rect",
            x=pad,
            y=pad,
            width=side,
            height=side,
            fill="none",
            stroke="#111",
            stroke_width=thick,
            class_="border",
        )
    )
    body += _cages(shape, size, pad)
    body += _digits(grid, filled, size, pad)
    title = f"{shape.name} sudoku, {grid.givens} givens" + (
        f", {len(shape.cages)} cages" if shape.cages else ""
    )
    title += " and its solution" if filled is not None else ""
    return _document(side + 2 * pad, side + 2 * pad, title, body)


#: The marks of a step's picture: the cells of its pattern, the cells it places a digit in.
