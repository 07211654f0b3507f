"""Sudoku grids: reading a puzzle in any of its usual forms, the :class:`Grid` value, and
its text forms.

A grid of *box size* ``k`` (2 to 5) has side ``n = k * k`` (4, 9, 16 or 25) and ``n * n``
cells; each cell holds a digit ``1..n`` or 0 for a blank.

Symbols
-------
Digits up to 9 are written as themselves; from 10 on, as letters: ``A`` is 10, ``B`` 11,
... ``G`` 16 (the last digit of a 16x16 sudoku) ... ``P`` 25. Letters are read in either
case. A blank is ``.`` or ``0``. A puzzle written in another alphabet, such as the
hexadecimal ``0123456789ABCDEF`` of some 16x16 collections, is read with
``symbols="0123456789ABCDEF"``: the i-th symbol stands for digit ``i + 1``, and ``0`` is then
a digit, so only ``.`` is a blank.

Forms read by :class:`Grid` (and :func:`parse`)
-----------------------------------------------
* text: one line of ``n * n`` characters (``53..7....6..195...``), or a drawn grid over
  several lines. Spaces, line breaks and the box-drawing characters ``| - + =`` (and the
  Unicode box-drawing block, ``│ ─ ┼ ...``) are skipped, so the output of
  :meth:`Grid.to_text` reads back. A drawn grid whose rows are ``n`` space-separated words
  may write digits above 9 as numbers (``10 16 . 3 ...``);
* a list of ``n`` rows, each a string or a list of ``n`` cells, where a cell is an int
  (0 = blank) or a string: LeetCode's board ``[["5", "3", ".", ...], ...]``, a list of lists
  of ints, a list of row strings;
* a flat sequence of ``n * n`` cells, a numpy array of shape ``(n, n)`` or ``(n * n,)``, or
  another :class:`Grid`.

A cell given as a number may be an int or a float that is a whole number (``5.0``, as in a
float array from ``np.loadtxt``), 0 for a blank; ``2.5`` or ``nan`` is refused, naming the cell.

Anything else raises :class:`PuzzleFormatError` with a one-line message that names the
problem and, for a bad cell, where it is (``r3c5``: row 3, column 5, counted from 1).
:func:`parse` also refuses givens that break a rule (:class:`ConflictingGivensError`,
naming both cells). A contradiction that only a search can find is not an error: such a
puzzle has 0 solutions.

>>> from clew.sudoku import Grid
>>> g = Grid("1.3." "..1." ".1.." "..4.")
>>> g.n, g.k, g.givens
(4, 2, 5)
>>> print(g.to_text())
1 . | 3 .
. . | 1 .
----+----
. 1 | . .
. . | 4 .
>>> Grid(g.to_text()) == g
True
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import numpy as np

from ..errors import ClewError
from . import geometry

#: Box sizes supported, and the side ``n = k * k`` of each.
SIZES = {2: 4, 3: 9, 4: 16, 5: 25}
#: Number of cells -> box size.
_K_OF_CELLS = {n * n: k for k, n in SIZES.items()}
#: Side -> box size.
_K_OF_SIDE = {n: k for k, n in SIZES.items()}

#: The default alphabet: digit ``d`` is written ``DIGITS[d - 1]``.
DIGITS = "123456789ABCDEFGHIJKLMNOP"
#: Blank cells: ``.`` always, ``0`` unless it is a symbol of the alphabet in use.
BLANKS = ".0"

#: Characters skipped in text: white space, ASCII box lines, the Unicode box-drawing block.
_SEPARATORS = frozenset(" \t\r\n\f\v|-+=" + "".join(chr(c) for c in range(0x2500, 0x2580)))
_SEPARATOR_RUN = re.compile("[" + re.escape("".join(sorted(_SEPARATORS - set(" \t\r\n\f\v")))) + "]")


class SudokuInputError(ClewError):
    """A sudoku puzzle that cannot be read, or whose givens break a rule."""


class PuzzleFormatError(SudokuInputError):
    """Input that is not a sudoku grid: wrong size, a symbol that is not a digit, wrong type."""


class ConflictingGivensError(SudokuInputError):
    """Two givens of a puzzle break a rule (same digit twice in a row, column or box).

    ``cells`` holds the two cells as 0-based ``(row, column)`` pairs, ``digit`` the digit."""

    def __init__(self, message: str, cells: tuple[tuple[int, int], tuple[int, int]], digit: int) -> None:
        super().__init__(message)
        self.cells = cells
        self.digit = digit


def _size_name(n: int) -> str:
    return f"{n}x{n}"


def check_symbols(symbols: str | None, n: int | None = None) -> str | None:
    """Return a valid alphabet (``None``: the default one), or raise :class:`PuzzleFormatError`.

    An alphabet is a string of distinct characters (letters compared without case) that are
    neither ``.`` nor separators; it must have at least ``n`` symbols when ``n`` is given.
    """
    if symbols is None:
        return None
    if not isinstance(symbols, str):
        raise PuzzleFormatError(f"symbols must be a string such as '0123456789ABCDEF', got {symbols!r}")
    upper = symbols.upper()
    if len(set(upper)) != len(upper):
        raise PuzzleFormatError(f"symbols {symbols!r} repeat a character (letters count without case)")
    for ch in symbols:
        if ch == "." or ch in _SEPARATORS:
            raise PuzzleFormatError(f"symbols {symbols!r}: {ch!r} is a blank or a separator, not a digit")
    if n is not None and len(symbols) < n:
        raise PuzzleFormatError(f"symbols {symbols!r} has {len(symbols)} characters, a {_size_name(n)} sudoku needs {n}")
    return symbols


def _alphabet(symbols: str | None, n: int) -> str:
    return (symbols if symbols is not None else DIGITS)[:n]


def _decoder(symbols: str | None, n: int) -> dict[str, int]:
    """Character (both cases) -> value (0 blank) for a grid of side n."""
    check_symbols(symbols, n)  # long enough for this size
    table = {}
    alphabet = _alphabet(symbols, n)
    for i, ch in enumerate(alphabet):
        table[ch.upper()] = table[ch.lower()] = i + 1
    for ch in BLANKS:
        table.setdefault(ch, 0)
    return table


class Grid:
    """A sudoku grid of side ``n = k * k`` (k = 2..5): a puzzle, or a (candidate) solution.

    An immutable value: equal grids (same size, same digits) compare and hash equal,
    whatever form they were read from. Givens that repeat a digit are allowed here (a
    candidate solution may be wrong; see :func:`parse` and :func:`clew.sudoku.check_solution`).

    Parameters
    ----------
    puzzle : str, bytes, sequence of rows, flat sequence, numpy array or Grid
        See the module documentation for the forms read.
    symbols : str, optional
        The alphabet: ``symbols[i]`` is digit ``i + 1``. Default ``123456789ABC...P``;
        kept for :meth:`to_line` and :meth:`to_text`.

    Raises
    ------
    PuzzleFormatError
        Wrong number of cells or rows, a symbol that is not a digit of the grid's size, or
        a value that is not a puzzle at all.

    Examples
    --------
    >>> g = Grid([[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]])
    >>> g
    Grid('1.....3..4.....2')
    >>> g[1, 2], g.rows[1]
    (3, (0, 0, 3, 0))
    >>> Grid("1.....3..4.....2") == g
    True
    >>> Grid(np.array(g.to_lists(), dtype=float)) == g   # whole floats are digits
    True
    >>> Grid([1.5] + [0] * 15)
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.PuzzleFormatError: r1c1: 1.5 is not a whole number, so not a digit of a 4x4 sudoku
    >>> Grid("123")
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.PuzzleFormatError: a sudoku has 16, 81, 256 or 625 cells (4x4, 9x9, 16x16, 25x25), got 3
    """

    __slots__ = ("_cells", "_k", "_symbols")

    def __init__(self, puzzle, *, symbols: str | None = None) -> None:
        if isinstance(puzzle, Grid):
            symbols = check_symbols(symbols, puzzle.n) if symbols is not None else puzzle._symbols
            self._set(puzzle._cells, puzzle._k, symbols)
            return
        symbols = check_symbols(symbols)
        cells, k = _read(puzzle, symbols)
        self._set(bytes(cells), k, symbols)

    def _set(self, cells: bytes, k: int, symbols: str | None) -> None:
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_k", k)
        object.__setattr__(self, "_symbols", symbols)

    @classmethod
    def _make(cls, cells: bytes, k: int, symbols: str | None = None) -> Grid:
        """A grid from already checked cells (``n * n`` bytes, values 0..n): no parsing."""
        grid = cls.__new__(cls)
        grid._set(cells, k, symbols)
        return grid

    def __setattr__(self, name, value):
        raise AttributeError("Grid is immutable")

    # -- shape ---------------------------------------------------------------------------------

    @property
    def k(self) -> int:
        """Box size: boxes are k x k, the grid is k^2 x k^2."""
        return self._k

    @property
    def n(self) -> int:
        """Side of the grid (``k * k``), also the largest digit."""
        return self._k * self._k

    @property
    def symbols(self) -> str | None:
        """The alphabet the grid was read with (``None``: the default ``123456789A...``)."""
        return self._symbols

    # -- cells ---------------------------------------------------------------------------------

    @property
    def cells(self) -> tuple[int, ...]:
        """The ``n * n`` values in reading order (row 0 first), 0 for a blank."""
        return tuple(self._cells)

    @property
    def rows(self) -> tuple[tuple[int, ...], ...]:
        """The rows as tuples of ints, 0 for a blank."""
        n = self.n
        return tuple(tuple(self._cells[r * n : (r + 1) * n]) for r in range(n))

    @property
    def givens(self) -> int:
        """Number of filled cells."""
        return len(self._cells) - self._cells.count(0)

    @property
    def blanks(self) -> int:
        """Number of blank cells."""
        return self._cells.count(0)

    def is_full(self) -> bool:
        """True if no cell is blank (which says nothing about the rules: see
        :func:`clew.sudoku.is_solution`)."""
        return 0 not in self._cells

    def __getitem__(self, rc: tuple[int, int]) -> int:
        """``grid[r, c]``: the value at 0-based row r, column c (0 for a blank)."""
        r, c = rc
        n = self.n
        if not (-n <= r < n and -n <= c < n):
            raise IndexError(f"({r}, {c}) is off the {_size_name(n)} grid")
        return self._cells[(r % n) * n + c % n]

    def conflict(self) -> tuple[tuple[int, int], tuple[int, int], int, str] | None:
        """The first two filled cells that break a rule, or ``None``.

        Cells are scanned in reading order; the first cell that repeats the digit of an
        earlier cell of its row, column or box (checked in that order) is reported with that
        earlier cell: ``((r1, c1), (r2, c2), digit, unit)``, 0-based, ``unit`` naming the
        shared row, column or box (``"row 1"``, ``"column 3"``, ``"box 2"``; boxes are
        numbered from 1 in reading order).

        Examples
        --------
        >>> Grid("12.." "...." "...." "...1").conflict()
        >>> Grid("1.1." "...." "...." "....").conflict()
        ((0, 0), (0, 2), 1, 'row 1')
        """
        n, k, cells = self.n, self._k, self._cells
        of_cell, names = geometry.cell_units(k), geometry.unit_names(k)
        seen: list[dict[int, int]] = [{} for _ in range(3 * n)]  # unit -> digit -> first cell
        for index, v in enumerate(cells):
            if v == 0:
                continue
            three = of_cell[index]  # row, column, box: the order the message names them in
            for u in three:
                if v in seen[u]:
                    return divmod(seen[u][v], n), divmod(index, n), v, names[u]
            for u in three:
                seen[u][v] = index
        return None

    # -- text forms ----------------------------------------------------------------------------

    def symbol(self, value: int) -> str:
        """How ``value`` is written in this grid's alphabet (``.`` for 0)."""
        return "." if value == 0 else _alphabet(self._symbols, self.n)[value - 1]

    def to_line(self, blank: str = ".") -> str:
        """The grid on one line of ``n * n`` characters, ``blank`` for blank cells.

        >>> Grid([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 0, 0]]).to_line()
        '12343412214343..'
        """
        table = (blank,) + tuple(_alphabet(self._symbols, self.n))
        return "".join(table[v] for v in self._cells)

    def to_text(self) -> str:
        """The grid drawn over ``n`` lines, boxes separated by ``|`` and ``-+-`` lines
        (reads back with :class:`Grid`)."""
        n, k = self.n, self._k
        table = (".",) + tuple(_alphabet(self._symbols, n))
        # under each box of "a b c" a run of dashes; "-+-" under each " | "
        band = "-+-".join(["-" * (2 * k - 1)] * k)
        lines = []
        for r in range(n):
            if r and r % k == 0:
                lines.append(band)
            row = [table[v] for v in self._cells[r * n : (r + 1) * n]]
            lines.append(" | ".join(" ".join(row[b * k : (b + 1) * k]) for b in range(k)))
        return "\n".join(lines)

    def to_lists(self) -> list[list[int]]:
        """The rows as lists of ints, 0 for a blank."""
        return [list(row) for row in self.rows]

    def to_leetcode(self) -> list[list[str]]:
        """LeetCode's board: rows of one-character strings, ``'.'`` for a blank."""
        n = self.n
        table = (".",) + tuple(_alphabet(self._symbols, n))
        return [[table[v] for v in self._cells[r * n : (r + 1) * n]] for r in range(n)]

    def to_array(self) -> np.ndarray:
        """The grid as an int8 numpy array of shape ``(n, n)``, 0 for a blank."""
        return np.frombuffer(self._cells, dtype=np.int8).reshape(self.n, self.n).copy()

    def __str__(self) -> str:
        return self.to_line()

    def __repr__(self) -> str:
        if self._symbols is None:
            return f"Grid({self.to_line()!r})"
        return f"Grid({self.to_line()!r}, symbols={self._symbols!r})"

    def __eq__(self, other) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._k == other._k and self._cells == other._cells

    def __hash__(self) -> int:
        return hash((self._k, self._cells))

    def __reduce__(self):
        return (_unpickle, (self._cells, self._k, self._symbols))


def _unpickle(cells: bytes, k: int, symbols: str | None) -> Grid:
    return Grid._make(cells, k, symbols)


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------

_CELL_COUNTS = "16, 81, 256 or 625 cells (4x4, 9x9, 16x16, 25x25)"
_ROW_COUNTS = "4, 9, 16 or 25 rows"


def _bad_symbol(index: int, n: int, text) -> PuzzleFormatError:
    return PuzzleFormatError(f"{geometry.cell_name(index, n)}: {text!r} is not a digit of a {_size_name(n)} sudoku")


def _read(puzzle, symbols: str | None) -> tuple[list[int], int]:
    """``(cells, k)`` of any supported form, or :class:`PuzzleFormatError`."""
    if isinstance(puzzle, (bytes, bytearray, memoryview)):
        try:
            puzzle = bytes(puzzle).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise PuzzleFormatError(f"a puzzle given as bytes must be UTF-8 text ({exc.reason} at byte {exc.start})") from None
    if isinstance(puzzle, str):
        return _read_text(puzzle, symbols)
    if hasattr(puzzle, "tolist") and hasattr(puzzle, "ndim"):  # a numpy array
        if puzzle.ndim not in (1, 2):
            raise PuzzleFormatError(f"a puzzle array has 1 or 2 dimensions, got shape {tuple(puzzle.shape)}")
        puzzle = puzzle.tolist()
    if isinstance(puzzle, (dict, set, frozenset)) or not hasattr(puzzle, "__iter__"):
        raise PuzzleFormatError(
            f"a puzzle is text, a list of rows or a Grid, got {type(puzzle).__name__} {_short(puzzle)}"
        )
    try:
        items = list(puzzle)
    except TypeError:
        raise PuzzleFormatError(f"a puzzle is text, a list of rows or a Grid, got {type(puzzle).__name__}") from None
    if len(items) in _K_OF_CELLS and all(_is_scalar(item) for item in items):
        k = _K_OF_CELLS[len(items)]
        n = k * k
        decode = _decoder(symbols, n)
        return [_cell_value(item, i, n, decode) for i, item in enumerate(items)], k
    if len(items) not in _K_OF_SIDE:
        if all(_is_scalar(item) for item in items):
            raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got {len(items)}")
        raise PuzzleFormatError(f"a sudoku has {_ROW_COUNTS}, got {len(items)}")
    n = len(items)
    k = _K_OF_SIDE[n]
    decode = _decoder(symbols, n)
    cells: list[int] = []
    for r, row in enumerate(items):
        if isinstance(row, (bytes, bytearray)):
            row = bytes(row).decode("utf-8", "replace")
        if isinstance(row, str):
            row_cells = [ch for ch in row if ch not in _SEPARATORS]
        elif hasattr(row, "__iter__") and not isinstance(row, (dict, set, frozenset)):
            row_cells = list(row.tolist() if hasattr(row, "tolist") else row)
        else:
            raise PuzzleFormatError(f"row {r + 1} of a {_size_name(n)} sudoku is a {type(row).__name__}, not a row of cells")
        if len(row_cells) != n:
            raise PuzzleFormatError(f"a {_size_name(n)} sudoku has {n} cells in each row, row {r + 1} has {len(row_cells)}")
        cells.extend(_cell_value(item, r * n + c, n, decode) for c, item in enumerate(row_cells))
    return cells, k


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_scalar(item) -> bool:
    if isinstance(item, str):
        return len(item) <= 2  # one symbol, or a number up to 25 (a longer string is a row)
    return isinstance(item, (bool, float, np.floating)) or hasattr(item, "__index__") or item is None


def _cell_value(item, index: int, n: int, decode: dict[str, int]) -> int:
    """The value of one cell given as an int, a whole float (``5.0``) or a string."""
    if isinstance(item, str):
        text = item.strip()
        if len(text) == 1:
            value = decode.get(text)
            if value is None:
                raise _bad_symbol(index, n, item)
            return value
        if text.isdigit() and text.isascii():
            value = int(text)
            if value <= n:
                return value
        raise _bad_symbol(index, n, item)
    if isinstance(item, (float, np.floating)):
        # numpy float arrays (what np.loadtxt and pandas give) hold digits as 5.0; a whole
        # number is that digit, anything else (2.5, nan, inf) is named with its cell
        if not (math.isfinite(item) and float(item).is_integer()):
            raise PuzzleFormatError(
                f"{geometry.cell_name(index, n)}: {float(item)!r} is not a whole number, so not a digit of a {_size_name(n)} sudoku"
            )
        item = int(item)
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise _bad_symbol(index, n, item)
    value = item.__index__()
    if not 0 <= value <= n:
        raise _bad_symbol(index, n, value)
    return value


def _read_text(text: str, symbols: str | None) -> tuple[list[int], int]:
    words = _words_grid(text)
    if words is not None:
        n = len(words)
        decode = _decoder(symbols, n)
        cells = [_cell_value(word, i, n, decode) for i, word in enumerate(w for row in words for w in row)]
        return cells, _K_OF_SIDE[n]
    chars = [ch for ch in text if ch not in _SEPARATORS]
    k = _K_OF_CELLS.get(len(chars))
    if k is None:
        dropped = len(text) != len(chars) and len(text.strip()) != len(chars)
        note = " (after skipping spaces and box lines)" if dropped else ""
        raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got {len(chars)}{note}")
    n = k * k
    decode = _decoder(symbols, n)
    cells = []
    for i, ch in enumerate(chars):
        value = decode.get(ch)
        if value is None:
            raise _bad_symbol(i, n, ch)
        cells.append(value)
    return cells, k


def _words_grid(text: str) -> list[list[str]] | None:
    """The words of a drawn grid of ``n`` rows of ``n`` space-separated words, when one of
    them is longer than one character (a digit above 9 written as a number); else ``None``."""
    if "\n" not in text.strip():
        return None
    rows = []
    for line in text.splitlines():
        words = _SEPARATOR_RUN.sub(" ", line).split()
        if words:
            rows.append(words)
    n = len(rows)
    if n not in _K_OF_SIDE or any(len(row) != n for row in rows):
        return None
    if all(len(word) == 1 for row in rows for word in row):
        return None  # the same as reading characters
    return rows


# ---------------------------------------------------------------------------------------------
# Puzzles
# ---------------------------------------------------------------------------------------------


def conflict_message(found: tuple[tuple[int, int], tuple[int, int], int, str], grid: Grid) -> str:
    """``r1c3 and r1c7 are both 5 in row 1`` for a :meth:`Grid.conflict` result."""
    (r1, c1), (r2, c2), digit, unit = found
    n = grid.n
    shown = grid.symbol(digit)
    what = shown if shown == str(digit) else f"{shown} ({digit})"
    first, second = geometry.cell_name(r1 * n + c1, n), geometry.cell_name(r2 * n + c2, n)
    return f"{first} and {second} are both {what} in {unit}"


def parse(puzzle, *, symbols: str | None = None) -> Grid:
    """Read a puzzle and check its givens: the :class:`Grid`, or an error naming the problem.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads.
    symbols : str, optional
        The alphabet (see :class:`Grid`).

    Returns
    -------
    Grid

    Raises
    ------
    PuzzleFormatError
        The input is not a grid (see :class:`Grid`).
    ConflictingGivensError
        Two givens repeat a digit in a row, column or box; the message names both cells.

    Examples
    --------
    >>> parse("..3.......1..2..")
    Grid('..3.......1..2..')
    >>> parse("..3...3.........")
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.ConflictingGivensError: r1c3 and r2c3 are both 3 in column 3
    >>> parse("..3.X...........")
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.PuzzleFormatError: r2c1: 'X' is not a digit of a 4x4 sudoku
    """
    grid = Grid(puzzle, symbols=symbols)
    found = grid.conflict()
    if found is not None:
        raise ConflictingGivensError(conflict_message(found, grid), (found[0], found[1]), found[2])
    return grid


# ---------------------------------------------------------------------------------------------
# Many puzzles at once: one line each, read into one int8 array per size
# ---------------------------------------------------------------------------------------------


@dataclass
class PuzzleBatch:
    """Puzzles read from a file of one puzzle per line (see :func:`read_lines`).

    Attributes
    ----------
    texts : list of str
        Each puzzle's line as written (surrounding white space removed), in file order.
    line_numbers : list of int
        The 1-based line of each puzzle in the file.
    sizes : numpy.ndarray of int8, shape (P,)
        The box size k of each puzzle, 0 for a line that is not a valid puzzle.
    rows : numpy.ndarray of int64, shape (P,)
        Where each valid puzzle sits in ``arrays[k]``; -1 for an invalid line.
    arrays : dict of int to numpy.ndarray
        For each box size present, the valid puzzles of that size as one C-contiguous int8
        array of shape (m, k**4) (0 = blank), in file order.
    errors : dict of int to str
        The one-line reason of each invalid puzzle, by its index.
    """

    texts: list[str] = field(default_factory=list)
    line_numbers: list[int] = field(default_factory=list)
    sizes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int8))
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    arrays: dict[int, np.ndarray] = field(default_factory=dict)
    errors: dict[int, str] = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.texts)


def split_lines(data: bytes) -> tuple[list[bytes], list[int]]:
    """The puzzle lines of a file and their 1-based line numbers: a UTF-8 byte order mark
    is skipped, CRLF and LF both end a line, surrounding white space is removed, and blank
    lines and comments (``#`` first, after any white space) are left out."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    lines, numbers = [], []
    for number, raw in enumerate(data.split(b"\n"), start=1):
        line = raw.strip()
        if line and not line.startswith(b"#"):
            lines.append(line)
            numbers.append(number)
    return lines, numbers


def _lookup(k: int, symbols: str | None) -> np.ndarray:
    """Byte -> value for the one-line form of a k^2 x k^2 puzzle; -1 for any other byte
    (such a line is read again by :class:`Grid`, which names the problem)."""
    table = np.full(256, -1, np.int16)
    for ch, value in _decoder(symbols, k * k).items():
        if ord(ch) < 128:
            table[ord(ch)] = value
    return table


def has_conflict(puzzles: np.ndarray, k: int) -> np.ndarray:
    """For each puzzle (rows of an int8 array, 0 = blank), True if two givens repeat a digit
    in a row, column or box. Vectorised: sorts the values of every unit."""
    out = np.zeros(len(puzzles), bool)
    units = np.array(geometry.units(k), np.intp)  # (3n, n): every row, column and box
    step = max(1, (1 << 22) // units.size)
    for lo in range(0, len(puzzles), step):
        values = np.sort(puzzles[lo : lo + step][:, units], axis=2)
        same = (values[:, :, 1:] == values[:, :, :-1]) & (values[:, :, 1:] > 0)
        out[lo : lo + step] = same.any(axis=(1, 2))
    return out


def read_lines(lines: list[bytes], line_numbers: list[int] | None = None, *, symbols: str | None = None) -> PuzzleBatch:
    """Read one puzzle per line into int8 arrays, without Python work per well-formed line.

    Lines of exactly ``n * n`` known characters are decoded together through a lookup table
    and checked for repeated givens by sorting every unit (numpy, one pass per line length);
    only the other lines (spaces, separators, a wrong symbol or length, repeated givens, non
    ASCII text) are read one by one by :func:`parse`, for the exact one-line reason.

    Examples
    --------
    >>> batch = read_lines([b"1...............", b"11..............", b"12"])
    >>> batch.sizes.tolist(), batch.errors
    ([2, 0, 0], {1: 'r1c1 and r1c2 are both 1 in row 1', 2: 'a sudoku has 16, 81, 256 or 625 cells (4x4, 9x9, 16x16, 25x25), got 2'})
    >>> batch.arrays[2].tolist()
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
    """
    symbols = check_symbols(symbols)
    count = len(lines)
    batch = PuzzleBatch()
    batch.line_numbers = list(line_numbers) if line_numbers is not None else list(range(1, count + 1))
    batch.sizes = np.zeros(count, np.int8)
    batch.rows = np.full(count, -1, np.int64)
    found: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}  # k -> [(indices, values)]

    by_length: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_length.setdefault(len(line), []).append(i)
    slow: list[int] = []
    for length, indices in by_length.items():
        k = _K_OF_CELLS.get(length)
        if k is None or (symbols is not None and len(symbols) < k * k):
            slow.extend(indices)
            continue
        raw = np.frombuffer(b"".join(lines[i] for i in indices), np.uint8).reshape(len(indices), length)
        values = _lookup(k, symbols)[raw]
        readable = (values >= 0).all(axis=1)
        values = values.astype(np.int8)
        ok = readable.copy()
        ok[readable] = ~has_conflict(np.ascontiguousarray(values[readable]), k)
        where = np.asarray(indices, np.int64)
        found.setdefault(k, []).append((where[ok], values[ok]))
        slow.extend(where[~ok].tolist())

    for i in sorted(slow):
        try:
            text = lines[i].decode("utf-8")
        except UnicodeDecodeError as exc:
            batch.errors[i] = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
            continue
        try:
            grid = parse(text, symbols=symbols)
        except SudokuInputError as exc:
            batch.errors[i] = str(exc)
            continue
        found.setdefault(grid.k, []).append(
            (np.array([i], np.int64), np.frombuffer(grid._cells, np.int8).reshape(1, -1))
        )

    for k, parts in found.items():
        where = np.concatenate([w for w, _ in parts])
        values = np.concatenate([v for _, v in parts])
        order = np.argsort(where, kind="stable")
        where = where[order]
        batch.arrays[k] = np.ascontiguousarray(values[order])
        batch.sizes[where] = k
        batch.rows[where] = np.arange(len(where))
    batch.texts = [line.decode("utf-8", "replace") for line in lines]
    return batch


def format_lines(grids: np.ndarray, k: int, symbols: str | None = None, blank: str = ".") -> list[str]:
    """The one-line form of every row of an int8 array of grids (vectorised, as
    :meth:`Grid.to_line` writes one).

    >>> format_lines(np.array([[1, 2, 3, 4] * 4, [0] * 16], np.int8), 2)
    ['1234123412341234', '................']
    """
    alphabet = (blank + _alphabet(symbols, k * k)).encode("utf-8")
    if len(grids) == 0:
        return []
    if len(alphabet) != k * k + 1:  # a symbol beyond ASCII: one grid at a time
        return [Grid._make(row.tobytes(), k, symbols).to_line(blank) for row in grids]
    table = np.frombuffer(alphabet, np.uint8)
    text = table[grids].tobytes().decode("ascii")
    width = k**4
    return [text[i : i + width] for i in range(0, len(text), width)]
