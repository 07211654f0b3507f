"""N-Queens completion: extend queens already placed on a board, around blocked squares.

The n-Queens Completion problem (NP-complete, Gent, Jefferson and Nightingale 2017): given
some queens on the board, and squares where no queen may stand, is there a full solution
that keeps them, and how many are there?

>>> from clew.queens import complete
>>> result = complete(8, placed=[(0, 0)])
>>> result.first.tolist(), result.count
([0, 4, 7, 5, 2, 6, 1, 3], 1)
>>> complete(8, placed=[(0, 0)], limit=None).count
4
>>> complete(4, placed=[(0, 0)]).possible
False

Squares are ``(row, column)`` pairs, both 0-based, as the columns of a solution; messages
name them from 1, as every message of clew does (``r1c1`` is the square ``(0, 0)``).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .._display import Picture
from ..errors import ArgumentError, ClewError, check_limit, check_size, plural, read_bytes
from ._waiting import interruptible
from .board import MAX_COMPLETE_N  # the largest board: a row or column is one 64-bit mask
from .compiled import _kernels_complete as K

#: Search strategies: ``mrv`` branches on the most constrained row or column, ``rows`` fills
#: the rows top-down like the textbook backtracker (kept for comparison).
METHODS = ("mrv", "rows")


class CompletionInputError(ClewError):
    """Placed queens or blocked squares that contradict each other or the board."""


@dataclass(frozen=True)
class Completion(Picture):
    """The answer of :func:`complete`. In a notebook it shows its first completion as the
    board (:class:`~clew._display.Picture`); without one, its plain ``repr``.

    Attributes
    ----------
    first : numpy.ndarray or None
        The first completion found (0-based column per row), ``None`` if there is none.
    count : int
        Completions found, at most ``limit``.
    limit : int or None
        The limit of the search; ``None`` means ``count`` is the exact number.
    n : int or None
        The size of the board (``None`` only in a Completion made by hand without it).

    :meth:`to_dict` gives the JSON form (``clew queens complete --format json``), with the
    fields ``n``, ``columns`` (``first`` as a list, or null), ``count``, ``limit`` (null: no
    limit) and ``exact`` (``count`` is the total number of completions).

    Examples
    --------
    >>> complete(6, placed=[(0, 1)]).to_dict()
    {'n': 6, 'columns': [1, 3, 5, 0, 2, 4], 'count': 1, 'limit': 1, 'exact': False}
    """

    first: np.ndarray | None
    count: int
    limit: int | None
    n: int | None = None

    @property
    def possible(self) -> bool:
        """True if the board can be completed."""
        return self.count > 0

    @property
    def exact(self) -> bool:
        """True if ``count`` is the total number of completions (the search ran out)."""
        return self.limit is None or self.count < self.limit

    def to_dict(self) -> dict:
        """The JSON form: ``n``, ``columns``, ``count``, ``limit``, ``exact`` (see the class)."""
        n = self.n if self.n is not None else (None if self.first is None else len(self.first))
        columns = None if self.first is None else [int(c) for c in self.first]
        return {
            "n": n,
            "columns": columns,
            "count": self.count,
            "limit": self.limit,
            "exact": self.exact,
        }


def _name(square: tuple[int, int]) -> str:
    """A square as messages name it, from 1: ``(0, 2)`` is ``r1c3``."""
    return f"r{square[0] + 1}c{square[1] + 1}"


def _squares(items: Iterable, n: int, what: str) -> list[tuple[int, int]]:
    squares: list[tuple[int, int]] = []
    try:
        items = list(items)
    except TypeError:
        raise CompletionInputError(
            f"{what} must be a list of (row, column) pairs, got {items!r}"
        ) from None
    for item in items:
        try:
            r, c = item
        except (TypeError, ValueError):
            raise CompletionInputError(f"{what}: {item!r} is not a (row, column) pair") from None
        for v in (r, c):
            if isinstance(v, bool) or not hasattr(v, "__index__"):
                raise CompletionInputError(f"{what}: {item!r} is not a pair of integers")
        r, c = r.__index__(), c.__index__()
        if not (0 <= r < n and 0 <= c < n):
            # named as given (0-based), the one square a reader must find in the input
            raise CompletionInputError(
                f"{what}: ({r}, {c}) is off the {n}x{n} board "
                f"(rows and columns are given from 0 to {n - 1})"
            )
        squares.append((r, c))
    return squares


def check_board(n: int, placed: Iterable = (), blocked: Iterable = ()) -> tuple[list, list]:
    """Validate a completion problem; return its placed queens and blocked squares as lists
    of ``(row, column)``, or raise :class:`CompletionInputError` naming the squares."""
    n = check_size(n, high=MAX_COMPLETE_N)
    queens = _squares(placed, n, "placed")
    walls = _squares(blocked, n, "blocked")
    seen: dict[tuple[int, int], int] = {}
    for sq in queens:
        if sq in seen:
            raise CompletionInputError(f"placed: square {_name(sq)} is given twice")
        seen[sq] = 1
    wall_set = set(walls)
    for sq in queens:
        if sq in wall_set:
            raise CompletionInputError(f"the queen on {_name(sq)} stands on a blocked square")
    for i, a in enumerate(queens):
        for b in queens[:i]:
            if a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1]):
                line = "row" if a[0] == b[0] else "column" if a[1] == b[1] else "diagonal"
                raise CompletionInputError(
                    f"the queens on {_name(b)} and {_name(a)} attack each other along a {line}"
                )
    return queens, walls


def complete(
    n: int,
    placed: Iterable = (),
    blocked: Iterable = (),
    *,
    limit: int | None = 1,
    method: str = "mrv",
) -> Completion:
    """Complete a partly placed n-queens board.

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 62.
    placed : iterable of (row, column)
        Queens already on the board (0-based). Two that attack each other are an input
        error naming both squares.
    blocked : iterable of (row, column)
        Squares no queen may use. A placed queen on one is an input error.
    limit : int or None
        Stop after this many completions: 1 finds one, 2 tells whether it is unique, ``None``
        counts them all.
    method : {"mrv", "rows"}
        ``mrv`` (default) branches on the row or column with the fewest free squares;
        ``rows`` is the textbook row-by-row search, for comparison.

    Returns
    -------
    Completion
        ``first`` completion (or None), ``count`` found, ``possible``.

    Examples
    --------
    >>> complete(5, placed=[(0, 0), (1, 2)]).first.tolist()
    [0, 2, 4, 1, 3]
    >>> complete(5, blocked=[(2, 2)], limit=None).count   # the centre is blocked
    8
    """
    queens, walls = check_board(n, placed, blocked)
    n = check_size(n, high=MAX_COMPLETE_N)
    limit = check_limit(limit)
    if method not in METHODS:
        raise ArgumentError(f"method must be one of {', '.join(METHODS)}, got {method!r}")
    qr = np.array([r for r, _ in queens], dtype=np.int64)
    qc = np.array([c for _, c in queens], dtype=np.int64)
    row_blocked = np.zeros(n, np.int64)
    col_blocked = np.zeros(n, np.int64)
    for r, c in walls:
        row_blocked[r] |= np.int64(1) << c
        col_blocked[c] |= np.int64(1) << r
    out = np.full(n, -1, np.int64)
    cap = 0 if limit is None else limit
    # in a worker thread (the kernels release the GIL): Ctrl-C stops the wait at once
    if method == "mrv":
        found = interruptible(K.complete_mrv, n, qr, qc, row_blocked, col_blocked, cap, out)
    else:
        found = interruptible(K.complete_rows, n, qr, qc, row_blocked, cap, out)
    return Completion(first=out if found else None, count=int(found), limit=limit, n=n)


def parse_board(text: str) -> tuple[int, list[tuple[int, int]], list[tuple[int, int]]]:
    """Read a board drawn one row per line: ``Q`` a queen, ``.`` an empty square, ``x`` a
    blocked square (spaces and tabs between squares are ignored, as are blank lines and
    ``#`` comments). Returns ``(n, placed, blocked)``; the board must be square.

    >>> parse_board("Q...\\n..x.\\n....\\n....")
    (4, [(0, 0)], [(1, 2)])
    """
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        stripped = raw.strip()
        if not stripped or stripped.startswith("#"):
            continue
        rows.append((number, raw))
    if not rows:
        raise CompletionInputError("the board is empty")
    if len(rows) > MAX_COMPLETE_N:
        # refused before a square is read: a board of 3000 rows of queens would be millions of pairs
        raise CompletionInputError(
            f"the board has {len(rows)} rows; at most {MAX_COMPLETE_N} "
            "(a row or column of the board is one 64-bit mask)"
        )
    placed, blocked = [], []
    n = None
    for r, (number, raw) in enumerate(rows):
        squares = 0
        if (
            len(raw) > MAX_COMPLETE_N
            and len(raw.replace(" ", "").replace("\t", "").replace("\r", "")) > MAX_COMPLETE_N
        ):
            raise CompletionInputError(
                f"line {number}: more than {MAX_COMPLETE_N} squares; "
                f"a board has at most {MAX_COMPLETE_N} "
                "(a row or column of the board is one 64-bit mask)"
            )
        for position, ch in enumerate(raw, start=1):
            if ch in " \t\r":
                continue
            c = squares
            squares += 1
            if ch in "Qq":
                placed.append((r, c))
            elif ch in "xX":
                blocked.append((r, c))
            elif ch != ".":
                raise CompletionInputError(
                    f"line {number}, character {position}: {ch!r} is not Q, . or x"
                )
        if n is None:
            n = squares
        elif squares != n:
            raise CompletionInputError(
                f"line {number}: {plural(squares, 'square')}, but the first row has {n}"
            )
    if len(rows) != n:
        raise CompletionInputError(
            f"the board has {plural(len(rows), 'row')} of {plural(n or 0, 'square')}: "
            "it must be square"
        )
    return n, placed, blocked


def read_board(source: Any) -> tuple[int, list[tuple[int, int]], list[tuple[int, int]]]:
    """Read a board file drawn as :func:`parse_board` reads it: ``(n, placed, blocked)``.

    Parameters
    ----------
    source : str, os.PathLike or binary file
        A path (read as UTF-8; a byte order mark is skipped), or an open file such as
        ``sys.stdin.buffer`` (named ``<stdin>`` in messages).

    Raises
    ------
    CompletionInputError
        The file cannot be read, is not UTF-8 text, or is not a board; the message names
        the file.
    TypeError
        ``source`` is neither a path nor a file.

    Examples
    --------
    >>> import io
    >>> read_board(io.BytesIO(b"Q . . .\\n. . x .\\n. . . .\\n. . . .\\n"))
    (4, [(0, 0)], [(1, 2)])
    """
    data: bytes | str
    if isinstance(source, (str, os.PathLike)):
        name = os.fsdecode(source)
        data = read_bytes(source, "board", CompletionInputError, name)
    elif callable(getattr(source, "read", None)):
        given = getattr(source, "name", None)
        name = given if isinstance(given, str) else "<stdin>"
        data = source.read()
    else:
        raise TypeError(f"read_board reads a path or a binary file, got {type(source).__name__}")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CompletionInputError(
                f"{name}: not UTF-8 text ({exc.reason} at byte {exc.start})"
            ) from None
    try:
        return parse_board(data)
    except CompletionInputError as exc:
        raise CompletionInputError(f"{name}: {exc}") from None


def complete_board(
    n: int | None = None,
    placed: Iterable = (),
    blocked: Iterable = (),
    *,
    board: Any = None,
    limit: int | None = 1,
    method: str = "mrv",
) -> Completion:
    """:func:`complete` of a board given by its size and squares, or read from a file
    (``clew queens complete``): the squares of the ``board`` file (see :func:`read_board`)
    come first, then ``placed`` and ``blocked``; ``n`` may then be left out, and if given
    must be the board's.

    Examples
    --------
    >>> import io
    >>> complete_board(board=io.BytesIO(b"Q....\\n.....\\n.....\\n.....\\n.....\\n")).first.tolist()
    [0, 2, 4, 1, 3]
    >>> complete_board()
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: give the board size n or a board file
    """
    placed, blocked = list(placed), list(blocked)
    if board is not None:
        size, on_board, walls = read_board(board)
        if n is not None and n != size:
            raise CompletionInputError(f"the board has {plural(size, 'row')}, not n = {n}")
        if size > MAX_COMPLETE_N:
            raise CompletionInputError(
                f"the board has {size} rows; at most {MAX_COMPLETE_N} "
                "(a row or column of the board is one 64-bit mask)"
            )
        n, placed, blocked = size, on_board + placed, walls + blocked
    if n is None:
        raise ArgumentError("give the board size n or a board file")
    return complete(n, placed, blocked, limit=limit, method=method)
