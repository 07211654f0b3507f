"""A maze as an SVG picture: its walls, S and E, the path found, and the dead ends walked.

The picture follows the text grid cell for cell (one square per character). Walls are drawn
as one ``<path class="walls">`` of horizontal runs, so a maze of a million cells stays a
picture of a few megabytes; the path is one ``<polyline class="path">`` through the centres
of its cells, in the blue of the player's forward walk; cells the walk stepped back out of
are ``<path class="dead-ends">``, in the orange of the player's steps back. The start and end
are ``<rect class="start">`` and ``<rect class="end">`` with ``data-row`` and ``data-col``
(from 0; the tooltips count from 1, as everywhere in clew).

>>> import xml.etree.ElementTree as ET
>>> svg = maze_svg("S.#\\n#.E\\n", [(0, 0), (0, 1), (1, 1), (1, 2)])
>>> root = ET.fromstring(svg)
>>> root.tag, root.get("width"), root.get("height")
('{http://www.w3.org/2000/svg}svg', '60', '40')
>>> 'class="path"' in svg, svg.count("<rect")
(True, 3)
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np

from ..errors import ClewError
from ..maze import Maze, MazeSolution
from ..maze.geometry import WALL
from .maze_view import BACK, FORWARD

__all__ = ["BACK", "FORWARD", "maze_svg"]

_WALL, _FLOOR, _START, _END = "#1d2330", "#ffffff", "#2e9d4c", "#c0211a"
#: The widest picture drawn by default, in pixels: larger mazes get smaller squares.
_DEFAULT_WIDTH = 1200


def _num(x: float) -> str:
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return text or "0"


def _runs(mask: np.ndarray) -> list[tuple[int, int, int]]:
    """(row, first column, length) of every horizontal run of True in ``mask``."""
    rows, cols = mask.shape
    padded = np.zeros((rows, cols + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    r0, c0 = np.nonzero(edges == 1)
    _, c1 = np.nonzero(edges == -1)
    return list(zip(r0.tolist(), c0.tolist(), (c1 - c0).tolist(), strict=True))


def _shape_path(runs, cell: float) -> str:
    return "".join(
        f"M{_num(c * cell)} {_num(r * cell)}h{_num(n * cell)}v{_num(cell)}h-{_num(n * cell)}z"
        for r, c, n in runs
    )


def maze_svg(
    maze,
    path: Iterable | None = None,
    *,
    dead_ends: Iterable | None = None,
    cell: float | None = None,
    title: str | None = None,
) -> str:
    """The SVG picture of ``maze``, with ``path`` and ``dead_ends`` drawn over it.

    Parameters
    ----------
    maze : Maze, MazeSolution or str
        The maze, or its text; or a solution (:meth:`clew.maze.Maze.solve`), its maze drawn
        with its path (what a solution shows in a notebook).
    path : sequence of (row, column), optional
        The cells of a path (from :meth:`clew.maze.Maze.solve`), drawn as a line.
    dead_ends : iterable of (row, column), optional
        Cells the walk stepped back out of (the ``backtrack`` events of
        :func:`clew.maze.trace`), shaded.
    cell : float, optional
        The side of one square in pixels; default 20, smaller for wide mazes (at most
        1200 pixels across).
    title : str, optional
        A ``<title>`` for the picture.

    Returns
    -------
    str
        A complete ``<svg>`` document.
    """
    if isinstance(maze, MazeSolution):
        if maze.maze is None:
            raise ClewError(
                "this solution does not know its maze: draw maze_svg(maze, solution.path)"
            )
        maze, path = maze.maze, maze.path if path is None else path
    if not isinstance(maze, Maze):
        if not isinstance(maze, (str, bytes)):
            raise TypeError(
                f"expected a Maze, a MazeSolution or the text of a maze, got {type(maze).__name__}"
            )
        maze = Maze.from_text(maze)
    rows, cols = maze.shape
    if cell is None:
        cell = max(1.0, min(20.0, _DEFAULT_WIDTH / cols))
    elif not cell > 0:
        raise ClewError(f"cell must be a positive size in pixels, got {cell!r}")
    width, height = cols * cell, rows * cell
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" shape-rendering="crispEdges">',
    ]
    if title is not None:
        from xml.sax.saxutils import escape

        out.append(f"<title>{escape(str(title))}</title>")
    out.append(
        f'<rect class="floor" width="{_num(width)}" height="{_num(height)}" fill="{_FLOOR}"/>'
    )
    out.append(
        f'<path class="walls" fill="{_WALL}" d="{_shape_path(_runs(maze.grid == WALL), cell)}"/>'
    )
    if dead_ends is not None:
        mask = np.zeros(maze.shape, dtype=bool)
        for r, c in dead_ends:
            mask[int(r), int(c)] = True
        if mask.any():
            out.append(
                f'<path class="dead-ends" fill="{BACK}" fill-opacity="0.45" '
                f'd="{_shape_path(_runs(mask), cell)}"/>'
            )
    for name, (r, c), colour in (("start", maze.start, _START), ("end", maze.end, _END)):
        out.append(
            f'<rect class="{name}" data-row="{r}" data-col="{c}" '
            f'x="{_num(c * cell)}" y="{_num(r * cell)}" width="{_num(cell)}" height="{_num(cell)}" '
            f'fill="{colour}"><title>{name} r{r + 1}c{c + 1}</title></rect>'
        )
    if path is not None:
        cells = [(int(r), int(c)) for r, c in path]
        if cells:
            points = " ".join(
                f"{_num((c + 0.5) * cell)},{_num((r + 0.5) * cell)}" for r, c in cells
            )
            out.append(
                f'<polyline class="path" data-length="{len(cells) - 1}" fill="none" '
                f'stroke="{FORWARD}" stroke-width="{_num(max(1.0, cell * 0.4))}" '
                'stroke-linecap="round" stroke-linejoin="round" '
                f'shape-rendering="auto" points="{points}"/>'
            )
    out.append("</svg>\n")
    return "\n".join(out)
