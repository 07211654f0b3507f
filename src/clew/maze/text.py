"""Reading and writing mazes as text: ``#`` wall, ``.`` open, ``S`` start, ``E`` end.

One line per row of the grid, every line as long as the first; a final newline and Windows
line ends (CRLF) are accepted, nothing else is. Every refusal is a
:class:`MazeInputError` whose one-line message names the line and the column (counting from
1, as an editor does):

>>> parse_text("#S.E#\\n#.x.#\\n")
Traceback (most recent call last):
...
clew.maze.text.MazeInputError: line 2, column 3: unknown character 'x' (a maze holds '#' wall, '.' open, 'S' start, 'E' end)
>>> parse_text("S.E\\n..\\n")
Traceback (most recent call last):
...
clew.maze.text.MazeInputError: line 2 has 2 characters, line 1 has 3: every row must be as long as the first

Reading is numpy over the bytes (no Python loop over the cells), so a file of millions of
cells reads in a fraction of a second.
"""

from __future__ import annotations

import numpy as np

from ..errors import ClewError
from ._kernels import survey
from .geometry import END, START, SYMBOLS, cell_name

__all__ = ["MazeInputError", "format_grid", "parse_text"]

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
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the final newline
    lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
    if not lines or not lines[0]:
        raise MazeInputError(f"{prefix}the maze is empty" if not lines or len(lines) == 1
                             else f"{prefix}line 1 is empty: a maze starts on its first line")
    width = len(lines[0])
    for i, line in enumerate(lines):
        if len(line) != width:
            raise MazeInputError(
                f"{prefix}line {i + 1} has {len(line)} characters, line 1 has {width}: every row "
                "must be as long as the first"
            )
    grid = np.frombuffer(b"".join(lines), dtype=np.uint8).reshape(len(lines), width).copy()
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
            first = cell_name(*divmod(int(where[2 * i]), width))
            second = cell_name(*divmod(int(where[2 * i + 1]), width))
            raise MazeInputError(f"{prefix}{second}: a second {name} '{letter}' (the first is at {first})")
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
