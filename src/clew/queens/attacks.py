"""The attack rule of the queens, on boards partly filled: which queens attack which squares.

One rule, written once: two squares are in one queen's line when they share a column, a
diagonal (``r - c``) or an anti-diagonal (``r + c``) -- a row never, the queens standing one
per row. The verifier (:func:`clew.queens.check_solution`, whose kernel checks a whole
board in O(n)) names a conflict with it, and the pictures (:mod:`clew.viz`, the shading of
the attacked squares, the warning of ``clew queens show``) draw with it. Pure Python, and no
compiler loaded: a board drawn in a notebook needs no kernel.

Rows and columns count from 0, as in the events of the traces.

>>> line_of((0, 0), (2, 2)), line_of((0, 1), (3, 1)), line_of((0, 3), (1, 1))
('diagonal', 'column', None)
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import ClewError

__all__ = ["attacked_squares", "attacking_pairs", "check_columns", "line_of"]


def line_of(a: tuple[int, int], b: tuple[int, int]) -> str | None:
    """The line that joins squares ``a`` and ``b`` (``(row, col)``, from 0) for a queen:
    ``"row"``, ``"column"``, ``"diagonal"`` (same ``r - c``), ``"anti-diagonal"`` (same
    ``r + c``), or None when a queen on one does not attack the other (the same square
    included).

    >>> line_of((1, 1), (1, 3)), line_of((2, 0), (0, 2)), line_of((1, 1), (1, 1))
    ('row', 'anti-diagonal', None)
    """
    (r1, c1), (r2, c2) = a, b
    if (r1, c1) == (r2, c2):
        return None
    if r1 == r2:
        return "row"
    if c1 == c2:
        return "column"
    if r1 - c1 == r2 - c2:
        return "diagonal"
    if r1 + c1 == r2 + c2:
        return "anti-diagonal"
    return None


def check_columns(n: int, columns) -> list[int | None]:
    """``columns`` (the column of the queen of each row, or None for an empty row) checked
    against an n x n board: a list of at most n ints (0 to n - 1) or None.

    Raises
    ------
    clew.errors.ClewError
        Not a sequence, more entries than rows, a column that is not an integer or is off
        the board (one line, rows counted from 1).

    Examples
    --------
    >>> check_columns(4, (1, None, 3))
    [1, None, 3]
    >>> check_columns(4, [4])
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: row 1: column 4 is off the 4x4 board (columns are 0 to 3)
    """
    if columns is None:
        return []
    if isinstance(columns, (str, bytes)) or not isinstance(columns, Iterable):
        raise ClewError(f"columns must be a sequence of column numbers (or None), got {columns!r}")
    out: list[int | None] = []
    for row, col in enumerate(columns):
        if row >= n:
            raise ClewError(f"columns has more than {n} entries, one per row of the {n}x{n} board")
        if col is None:
            out.append(None)
            continue
        if isinstance(col, bool) or not hasattr(col, "__index__"):
            raise ClewError(f"row {row + 1}: the column must be an integer or None, got {col!r}")
        col = col.__index__()
        if not 0 <= col < n:
            raise ClewError(
                f"row {row + 1}: column {col} is off the {n}x{n} board (columns are 0 to {n - 1})"
            )
        out.append(col)
    return out


def _queens(n: int, columns) -> list[tuple[int, int]]:
    return [(r, c) for r, c in enumerate(check_columns(n, columns)) if c is not None]


def attacked_squares(n: int, columns) -> set[tuple[int, int]]:
    """The squares ``(row, col)`` attacked by at least one queen of ``columns``.

    A queen attacks along its row, its column and both diagonals, however far; its own square
    counts as attacked only when another queen attacks it (two queens in conflict).

    Examples
    --------
    >>> sorted(attacked_squares(3, [None, 1]))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    >>> attacked_squares(2, [0, 1]) >= {(0, 0), (1, 1)}
    True
    """
    queens = _queens(n, columns)
    return {
        (r, c)
        for r in range(n)
        for c in range(n)
        if any(line_of(queen, (r, c)) is not None for queen in queens)
    }


def attacking_pairs(n: int, columns) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
    """Every two queens of ``columns`` that attack each other: ``((r1, c1), (r2, c2), why)``
    with ``r1 < r2`` (from 0), why ``"column"``, ``"diagonal"`` or ``"anti-diagonal"``, in
    row order. One queen per row never shares a row, so those are the only ways.

    Examples
    --------
    >>> attacking_pairs(4, [0, None, 2, 0])
    [((0, 0), (2, 2), 'diagonal'), ((0, 0), (3, 0), 'column')]
    >>> attacking_pairs(4, [1, 3, 0, 2])
    []
    """
    queens = _queens(n, columns)
    pairs = []
    for i, first in enumerate(queens):
        for second in queens[i + 1 :]:
            why = line_of(first, second)
            if why is not None:
                pairs.append((first, second, why))
    return pairs
