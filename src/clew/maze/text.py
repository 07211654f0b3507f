"""Reading and writing mazes as text: ``#`` wall, ``.`` open, ``S`` start, ``E`` end.

One line per row of the grid, every line as long as the first; a final newline and Windows
line ends (CRLF) are accepted, nothing else is. Every refusal is a
:class:`MazeInputError` whose one-line message names the line and the column (counting from
1, as an editor does):

>>> parse_text("#S.E#\\n#.x.#\\n")
Traceback (most recent call last):
...
clew.maze.text.MazeInputError: line 2, column 3: unknown character 'x'
(a maze holds '#' wall, '.' open, 'S' start, 'E' end)
>>> parse_text("S.E\\n..\\n")
Traceback (most recent call last):
...
clew.maze.text.MazeInputError: line 2 has 2 characters, line 1 has 3:
every row must be as long as the first

Reading is numpy over the bytes (no Python loop over the cells), so a file of millions of
cells reads in a fraction of a second.
"""

from __future__ import annotations

import numpy as np

from ..errors import ClewError
from ._kernels import survey
from .geometry import END, START, SYMBOLS, cell_name

__all__ = ["MAX_CELLS", "MazeInputError", "format_grid", "parse_text"]

#: The most cells a maze read from text may have: 2048 x 2048. A path through it is kept as
#: (row, column) pairs, about 130 bytes a cell, so the longest path of the largest maze stays
#: within a few hundred MB; a 10 MB line is refused in one line, not a gigabyte later.
MAX_CELLS = 2048 * 2048

_ALLOWED = np.zeros(256, dtype=bool)
_ALLOWED[[ord(ch) for ch in SYMBOLS]] = True


class MazeInputError(ClewError):
    """A maze text that cannot be read: the message names the line and the column."""


def _where(source: str | None) -> str:
    return f"{source}: " if source else ""


def parse_text(text: str | bytes, *, source: str | None = None) -> np.ndarray:
    """The grid of a maze text, as a ``uint8`` array ``(rows, columns)`` of its characters.

    Parameters
    ----------
    text : str or bytes
        The maze: lines of ``#``, ``.``, ``S`` (exactly one) and ``E`` (exactly one).
    source : str, optional
        The name of the file, put in front of every message.

    Returns
    -------
    numpy.ndarray
        ``uint8`` array of the characters, one row per line.

    Raises
    ------
    MazeInputError
        An empty text, rows of different lengths, an unknown character, no start, two
        starts, no end, two ends.

    Examples
    --------
    >>> grid = parse_text("S.#\\r\\n#.E\\r\\n")
    >>> grid.shape, bytes(grid[1]).decode()
    ((2, 3), '#.E')
    """
    prefix = _where(source)
    if isinstance(text, str):
        try:
            data = text.encode("ascii")
        except UnicodeEncodeError as exc:
            data = text.encode("utf-8", "replace")
            lines = text[: exc.start].split("\n")
            raise MazeInputError(
                f"{prefix}line {len(lines)}, column {len(lines[-1]) + 1}: unknown character "
                f"{text[exc.start]!r} (a maze holds '#' wall, '.' open, 'S' start, 'E' end)"
            ) from None
    else:
        data = bytes(text)
    buf = np.frombuffer(data, dtype=np.uint8)
    # the lines as (start, end) offsets, found by numpy: no Python object per line, so that
    # ten million empty lines cost no more than one line of ten million cells
    first = data.find(b"\n")
    if (
        first == 0 or first == 1 and data[:1] == b"\r"
    ):  # before the lines are counted: ten million empty lines
        raise MazeInputError(
            f"{prefix}the maze is empty"
            if len(data) <= first + 1
            else f"{prefix}line 1 is empty: a maze starts on its first line"
        )
    breaks = np.flatnonzero(buf == ord("\n"))
    starts = np.concatenate(([0], breaks + 1))
    ends = np.concatenate((breaks, [buf.size]))
    if starts[-1] == buf.size:
        starts, ends = starts[:-1], ends[:-1]  # the final newline
    carriage = (
        (ends > starts) & (buf[np.maximum(ends - 1, 0)] == ord("\r")) if buf.size else ends > starts
    )
    ends = ends - carriage  # Windows line ends
    lengths = ends - starts
    if not lengths.size or not lengths[0]:
        raise MazeInputError(
            f"{prefix}the maze is empty"
            if lengths.size <= 1
            else f"{prefix}line 1 is empty: a maze starts on its first line"
        )
    width = int(lengths[0])
    wrong = np.flatnonzero(lengths != width)
    if wrong.size:
        i = int(wrong[0])
        raise MazeInputError(
            f"{prefix}line {i + 1} has {int(lengths[i])} characters, line 1 has {width}: every row "
            "must be as long as the first"
        )
    rows = int(lengths.size)
    if rows * width > MAX_CELLS:
        raise MazeInputError(
            f"{prefix}the maze has {rows:,} x {width:,} = {rows * width:,} cells; a maze read from "
            "text has at most "
            f"{MAX_CELLS:,} (the path found in it is kept as Python pairs)"
        )
    keep = np.ones(buf.size, dtype=bool)
    keep[breaks] = False
    keep[ends[carriage]] = False
    grid = buf[keep].reshape(rows, width)
    # one pass over the bytes; a cell is looked for only when a message must name it
    counts, where = survey(grid.ravel(), START, END)
    if counts[~_ALLOWED].any():
        bad = np.flatnonzero(~_ALLOWED[grid.ravel()])
        r, c = divmod(int(bad[0]), width)
        raise MazeInputError(
            f"{prefix}{cell_name(r, c)}: unknown character {chr(grid[r, c])!r} (a maze holds "
            "'#' wall, '.' open, 'S' start, 'E' end)"
        )
    for i, (code, name) in enumerate(((START, "start"), (END, "end"))):
        letter = chr(code)
        if counts[code] == 0:
            raise MazeInputError(f"{prefix}no {name}: the maze has no '{letter}'")
        if counts[code] > 1:
            first_at = cell_name(*divmod(int(where[2 * i]), width))
            second = cell_name(*divmod(int(where[2 * i + 1]), width))
            raise MazeInputError(
                f"{prefix}{second}: a second {name} '{letter}' (the first is at {first_at})"
            )
    return grid


def format_grid(grid: np.ndarray) -> str:
    """The text of a grid, one line per row, each ending with a newline.

    >>> print(format_grid(parse_text("S.\\n.E")), end="")
    S.
    .E
    """
    rows, cols = grid.shape
    lines = np.empty((rows, cols + 1), dtype=np.uint8)
    lines[:, :cols] = grid
    lines[:, cols] = ord("\n")
    return lines.tobytes().decode("ascii")
