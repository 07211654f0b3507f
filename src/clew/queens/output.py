"""What ``clew queens solve``, ``one`` and ``complete`` write: the choice among the streams of
solutions and the forms they are written in, for any binary file.

* :func:`write_solutions`: every solution of a board (or the first ``limit``, or the
  fundamental ones), in lexicographic or symmetry order, in one of :data:`SOLVE_FORMATS`;
  the columns form is written by the search kernels themselves.
* :func:`write_solution`: one solution, of any size (a billion queens are written in chunks
  by a kernel), in one of :data:`ONE_FORMATS`.

>>> import io
>>> out = io.BytesIO()
>>> write_solutions(6, out, fmt="json", limit=1)
1
>>> out.getvalue()
b'{"n": 6, "columns": [1, 3, 5, 0, 2, 4]}\\n'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import BinaryIO

import numpy as np

from ..errors import ArgumentError, BoardSizeError, article, check_limit, check_size
from . import format as fmt_module
from .board import MAX_COUNT_N, MAX_SOLVE_N
from .huge import write_line
from .solver import fundamental_batches, solution_batches, solution_batches_unordered, write_columns

__all__ = [
    "ONE_FORMATS",
    "PICTURE_FORMATS",
    "SOLVE_FORMATS",
    "check_picture",
    "write_solution",
    "write_solutions",
]

#: The forms of a stream of solutions (``clew queens solve --format``).
SOLVE_FORMATS = ("columns", "leetcode", "json", "board", "matrix")
#: The forms that draw the board, one per solution, separated by a blank line; at most
#: :data:`clew.queens.format.MAX_PICTURE_N` rows.
PICTURE_FORMATS = ("board", "matrix", "leetcode")
#: The forms of one solution (``clew queens one`` and ``complete``).
ONE_FORMATS = ("columns", "board", "json")


def _check_format(fmt: str, choices: tuple[str, ...]) -> str:
    if fmt not in choices:
        raise ArgumentError(f"fmt must be one of {', '.join(choices)}, got {fmt!r}")
    return fmt


def check_picture(n: int, fmt: str) -> None:
    """Refuse (:class:`~clew.errors.BoardSizeError`) to draw an n x n board as ``fmt`` when it is
    a picture of more than :data:`~clew.queens.format.MAX_PICTURE_N` rows; other forms take
    any size. Nothing is searched: a command asks before it makes a solution."""
    if fmt in PICTURE_FORMATS and n > fmt_module.MAX_PICTURE_N:
        most = fmt_module.MAX_PICTURE_N
        raise BoardSizeError(
            f"{article(f'{n}x{n} board')} is too large to draw as '{fmt}' (at most {most}x{most}); "
            "use the format columns or json"
        )


def _render(fmt: str, batches: Iterable[np.ndarray]) -> Iterator[tuple[str, int]]:
    """(text, solutions) of each batch of solutions (int arrays of shape (k, n)) in ``fmt``."""
    if fmt == "columns":
        for block in batches:
            yield "".join(fmt_module.to_columns(row) + "\n" for row in block.tolist()), len(block)
    elif fmt == "leetcode":
        for block in batches:
            rows = block.tolist()
            yield (
                "".join(
                    json.dumps(fmt_module.to_leetcode(row), separators=(",", ":")) + "\n"
                    for row in rows
                ),
                len(rows),
            )
    elif fmt == "json":
        for block in batches:
            yield "".join(fmt_module.to_json(row) + "\n" for row in block.tolist()), len(block)
    else:
        draw = fmt_module.to_board if fmt == "board" else fmt_module.to_matrix_text
        first = True
        for block in batches:
            parts = []
            for row in block.tolist():
                parts.append(("" if first else "\n") + draw(row) + "\n")
                first = False
            yield "".join(parts), len(parts)


def write_solutions(
    n: int,
    out: BinaryIO,
    *,
    fmt: str = "columns",
    limit: int | None = None,
    ordered: bool = True,
    unique: bool = False,
) -> int:
    """Write the solutions of the n x n board to the binary file ``out``, as they are found;
    return how many were written (0: the board has none).

    Parameters
    ----------
    n : int
        Board size: 1 to :data:`~clew.queens.MAX_SOLVE_N` (62) in lexicographic order, 1 to
        :data:`~clew.queens.MAX_COUNT_N` (32) with ``ordered=False``.
    out : binary file
        Where the text goes (``sys.stdout.buffer``, an ``io.BytesIO``, a file opened "wb").
    fmt : {"columns", "leetcode", "json", "board", "matrix"}
        columns: one line per solution, the 0-based column of each row's queen (written by
        the search kernels, see :func:`~clew.queens.solver.write_columns`); leetcode: one
        line per solution, the JSON list of row strings; json: one JSON object per line,
        ``{"n": N, "columns": [...]}``; board, matrix: a picture per solution, separated by
        a blank line (n at most :data:`~clew.queens.format.MAX_PICTURE_N`).
    limit : int or None
        Stop after this many solutions; ``None``: all of them.
    ordered : bool
        Lexicographic order (the default), or symmetry order (``False``: each completion
        of a canonical border constellation and its images, about 8 times less search).
    unique : bool
        Only the fundamental solutions, one per class under the 8 symmetries of the board:
        each class's canonical solution (its lexicographically smallest image).

    Examples
    --------
    >>> import io
    >>> out = io.BytesIO()
    >>> write_solutions(8, out, unique=True)
    12
    >>> out.getvalue().splitlines()[0]
    b'0 4 7 5 2 6 1 3'
    >>> write_solutions(3, io.BytesIO())
    0
    >>> write_solutions(8, io.BytesIO(), limit=0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: limit must be at least 1 (None finds every solution), got 0
    """
    n = check_size(n, high=MAX_SOLVE_N if ordered else MAX_COUNT_N)
    limit = check_limit(limit)
    _check_format(fmt, SOLVE_FORMATS)
    check_picture(n, fmt)
    if fmt == "columns" and not unique:
        # the fast path: the kernels write the text, about a megabyte at a time
        return write_columns(n, out, limit=limit, ordered=ordered)
    if unique:
        # the canonical solutions are filtered from the same streams, a batch at a time
        batches = fundamental_batches(n, limit=limit, ordered=ordered)
    else:
        batches = (solution_batches if ordered else solution_batches_unordered)(n, limit=limit)
    written = 0
    for text, count in _render(fmt, batches):
        out.write(text.encode("utf-8"))
        written += count
    return written


def write_solution(columns, out: BinaryIO, *, fmt: str = "columns") -> None:
    """Write one solution (or any columns of a board) to the binary file ``out`` in ``fmt``:
    columns (one line of the 0-based columns), board (a Unicode chessboard, at most
    :data:`~clew.queens.format.MAX_PICTURE_N` rows) or json (``{"n": N, "columns": [...]}``).

    The columns and json forms are written in chunks by a kernel: memory stays flat however
    many queens there are (``clew queens one 1000000000``).

    Examples
    --------
    >>> import io, sys
    >>> from clew import queens
    >>> out = io.BytesIO()
    >>> write_solution(queens.one(8), out, fmt="json")
    >>> out.getvalue()
    b'{"n": 8, "columns": [1, 3, 5, 7, 2, 0, 6, 4]}\\n'
    """
    _check_format(fmt, ONE_FORMATS)
    n = len(columns)
    check_picture(n, fmt)
    if fmt == "board":
        out.write((fmt_module.to_board([int(c) for c in columns]) + "\n").encode("utf-8"))
    elif fmt == "json":
        out.write(f'{{"n": {n}, "columns": ['.encode("ascii"))
        if n:
            line = _Tail(out, b"]}\n")
            write_line(columns, line, separator=b", ")
            line.close()
        else:
            out.write(b"]}\n")
    else:
        write_line(columns, out)


class _Tail:
    """A writer that puts ``tail`` in place of the final newline of what goes through it."""

    def __init__(self, out: BinaryIO, tail: bytes) -> None:
        self.out, self.tail, self.held = out, tail, b""

    def write(self, data: bytes) -> None:
        if self.held:
            self.out.write(self.held)
        self.out.write(data[:-1])
        self.held = data[-1:]

    def close(self) -> None:
        # the held byte is the newline that ends the line
        self.out.write(self.tail)
