"""Ways to write an N-Queens solution (a tuple of columns, one per row).

>>> from clew.queens import format as fmt
>>> fmt.to_leetcode((1, 3, 0, 2))
['.Q..', '...Q', 'Q...', '..Q.']
>>> print(fmt.to_matrix_text((1, 3, 0, 2)))
0 1 0 0
0 0 0 1
1 0 0 0
0 0 1 0
>>> fmt.to_columns((1, 3, 0, 2))
'1 3 0 2'
"""

from __future__ import annotations

import json
from collections.abc import Sequence

#: Largest board drawn as a picture (leetcode, board, matrix); the columns form has no limit.
MAX_PICTURE_N = 1000


def _picture_size(columns: Sequence[int]) -> int:
    from ..errors import BoardSizeError, InvalidSolutionError, article

    n = len(columns)
    if n > MAX_PICTURE_N:
        raise BoardSizeError(
            f"{article(f'{n}x{n} board')} is too large to draw (at most {MAX_PICTURE_N}); "
            "use the columns format"
        )
    for r, c in enumerate(columns):
        if not 0 <= c < n:
            # the row from 1 as in every message; the column as given (a value, not a place)
            raise InvalidSolutionError(
                f"the queen of row {r + 1} is off the {n}x{n} board: "
                f"its column is {c}, not 0 to {n - 1}"
            )
    return n


def to_leetcode(columns: Sequence[int]) -> list[str]:
    """LeetCode 51's board: one string per row, ``'Q'`` for a queen and ``'.'`` elsewhere."""
    n = _picture_size(columns)
    return ["." * c + "Q" + "." * (n - c - 1) for c in columns]


def to_matrix(columns: Sequence[int]) -> list[list[int]]:
    """0/1 matrix, 1 where a queen stands (the ``show()`` of the eight-queens tutorials)."""
    n = _picture_size(columns)
    return [[1 if j == c else 0 for j in range(n)] for c in columns]


def to_matrix_text(columns: Sequence[int]) -> str:
    """The 0/1 matrix as text, one row per line."""
    return "\n".join(" ".join(str(v) for v in row) for row in to_matrix(columns))


def to_board(columns: Sequence[int]) -> str:
    """A Unicode chessboard: ``♛`` for queens on alternating light and dark squares."""
    n = _picture_size(columns)
    rows = []
    for r, c in enumerate(columns):
        cells = []
        for j in range(n):
            if j == c:
                cells.append("♛")
            else:
                cells.append("□" if (r + j) % 2 == 0 else "■")
        rows.append(" ".join(cells))
    return "\n".join(rows)


def to_columns(columns: Sequence[int]) -> str:
    """Compact form: the 0-based column of each row's queen, separated by spaces."""
    return " ".join(str(int(c)) for c in columns)


def to_json(columns: Sequence[int]) -> str:
    """One JSON object: ``{"n": ..., "columns": [...]}``."""
    return json.dumps({"n": len(columns), "columns": [int(c) for c in columns]})
