"""Sudoku grids: reading a puzzle in any of its usual forms, the :class:`Grid` value, and
its text forms.

A grid has side ``n`` (4 to 25) and ``n * n`` cells; each cell holds a digit ``1..n`` or 0
for a blank. Its :class:`~clew.sudoku.shape.Shape` says its boxes (``r x c``: the squarest
unless ``box="3x4"`` says otherwise; 2x3 for 6x6) or jigsaw regions, and the variants' rules
(``variant="x"``, ``"windoku"``, ``regions=``, ``extra=``, ``cages=``; the one-line forms of
jigsaw and killer puzzles are read too, see :mod:`clew.sudoku.variants`).

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

import itertools
import math
import re
from typing import Any

import numpy as np

from .._display import Picture
from ..errors import article, plural
from . import geometry
from .shape import (
    MAX_SIDE,
    MIN_SIDE,
    SIZES,  # noqa: F401  (clew.sudoku.SIZES, read here since the grid was first)
    PuzzleFormatError,
    Shape,
    ShapeError,
    SudokuInputError,
    as_shape,
    make_shape,
    squarest_box,
)
from .variants import split_line, write_cages, write_regions

#: The default alphabet: digit ``d`` is written ``DIGITS[d - 1]``.
DIGITS = "123456789ABCDEFGHIJKLMNOP"
#: Blank cells: ``.`` always, ``0`` unless it is a symbol of the alphabet in use.
BLANKS = ".0"

#: Characters skipped in text: white space, ASCII box lines, the Unicode box-drawing block.
_SEPARATORS = frozenset(" \t\r\n\f\v|-+=" + "".join(chr(c) for c in range(0x2500, 0x2580)))
_SEPARATOR_RUN = re.compile(
    "[" + re.escape("".join(sorted(_SEPARATORS - set(" \t\r\n\f\v")))) + "]"
)


# SudokuInputError and PuzzleFormatError are defined in clew.sudoku.shape (which raises them
# too) and belong here: their __module__ says clew.sudoku.grid.


class ConflictingGivensError(SudokuInputError):
    """Two givens of a puzzle break a rule (same digit twice in a row, column or box).

    ``cells`` holds the two cells as 0-based ``(row, column)`` pairs, ``digit`` the digit."""

    def __init__(
        self, message: str, cells: tuple[tuple[int, int], tuple[int, int]], digit: int
    ) -> None:
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
        raise PuzzleFormatError(
            f"symbols must be a string such as '0123456789ABCDEF', got {symbols!r}"
        )
    upper = symbols.upper()
    if len(set(upper)) != len(upper):
        raise PuzzleFormatError(
            f"symbols {symbols!r} repeat a character (letters count without case)"
        )
    for ch in symbols:
        if ch == "." or ch in _SEPARATORS:
            raise PuzzleFormatError(
                f"symbols {symbols!r}: {ch!r} is a blank or a separator, not a digit"
            )
    if n is not None and len(symbols) < n:
        raise PuzzleFormatError(
            f"symbols {symbols!r} has {plural(len(symbols), 'character')}, "
            f"{article(_size_name(n))} sudoku needs {n}"
        )
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


class Grid(Picture):  # Picture: shows itself as the grid in a notebook
    """A sudoku grid of side ``n`` (4 to 25) and its shape: a puzzle, or a (candidate) solution.

    An immutable value: equal grids (same shape, same digits) compare and hash equal,
    whatever form they were read from. Givens that repeat a digit are allowed here (a
    candidate solution may be wrong; see :func:`parse` and :func:`clew.sudoku.check_solution`).

    Parameters
    ----------
    puzzle : str, bytes, sequence of rows, flat sequence, numpy array or Grid
        See the module documentation for the forms read.
    symbols : str, optional
        The alphabet: ``symbols[i]`` is digit ``i + 1``. Default ``123456789ABC...P``;
        kept for :meth:`to_line` and :meth:`to_text`.
    box : str or (int, int), optional
        ``"3x4"``: boxes of 3 rows and 4 columns; default the squarest, ``r <= c``.
    regions, variant, extra, cages : optional
        A jigsaw's region map, ``"x"`` / ``"windoku"``, more all-different regions, killer
        cages: see :func:`clew.sudoku.shape.make_shape`. A jigsaw or killer line
        (``<cells> <regions>``, ``[<cells>] <cage letters> <sums>``) gives its own.

    JSON
    ----
    :meth:`to_dict` gives ``line`` (the one-line form, a jigsaw's regions and a killer's
    cages after the cells, :meth:`to_variant_line`), ``rows`` (lists of ints, 0 blank),
    ``n``, ``box`` (``"3x3"``; ``None`` for a jigsaw), ``variants`` (``["x", "killer"]``),
    ``extra`` (cell indices of each extra region), and ``symbols``.

    Raises
    ------
    PuzzleFormatError
        Wrong number of cells or rows, a symbol that is not a digit of the grid's size, or
        a value that is not a puzzle at all; a :class:`~clew.sudoku.shape.ShapeError` for
        a box, region map or cage that does not fit.

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
    >>> Grid([1.5] + [0] * 15)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.PuzzleFormatError: r1c1: 1.5 is not a whole number, so not a digit of a
    4x4 sudoku
    >>> Grid("123")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.PuzzleFormatError: a sudoku has n*n cells for a side n of 4 to 25
    (16 for 4x4, 36 for 6x6, 81 for 9x9, ...), got 3
    >>> six = Grid("1" + "." * 35)
    >>> six.shape.box_name, six.k
    ('2x3', None)
    >>> Grid("." * 16, variant="x")
    Grid('................', variant='x')
    """

    __slots__ = ("_cells", "_shape", "_symbols")
    _cells: bytes  # n * n cells, 0 for a blank (set once, by _set)
    _shape: Shape
    _symbols: str | None

    def __init__(
        self,
        puzzle: Any,
        *,
        symbols: str | None = None,
        box: Any = None,
        regions: Any = None,
        variant: Any = None,
        extra: Any = None,
        cages: Any = None,
    ) -> None:
        rules = {"box": box, "regions": regions, "variant": variant, "extra": extra, "cages": cages}
        if isinstance(puzzle, Grid):
            symbols = check_symbols(symbols, puzzle.n) if symbols is not None else puzzle._symbols
            shape = puzzle._shape
            if any(v is not None for v in rules.values()):
                shape = make_shape(puzzle.n, **_merge(rules, shape))
            self._set(puzzle._cells, shape, symbols)
            return
        symbols = check_symbols(symbols)
        if isinstance(puzzle, (bytes, bytearray, memoryview)):
            puzzle = _decode(puzzle)
        if isinstance(puzzle, str) and "\n" not in puzzle.strip():
            text, line_regions, line_cages = split_line(puzzle)
            for name, value in (("regions", line_regions), ("cages", line_cages)):
                if value is not None:
                    if rules[name] is not None:
                        raise ShapeError(
                            f"the line gives the {name} of its puzzle, and so does {name}=: give "
                            "them once"
                        )
                    rules[name] = value
            if text is None:  # a killer without givens: the cage map says the size
                side = math.isqrt(len(str(line_cages).split()[0]))
                text = "." * (side * side)
            puzzle = text
        cells, n = _read(puzzle, symbols)
        self._set(bytes(cells), make_shape(n, **rules), symbols)

    def _set(self, cells: bytes, shape: Shape, symbols: str | None) -> None:
        object.__setattr__(self, "_cells", cells)
        object.__setattr__(self, "_shape", shape)
        object.__setattr__(self, "_symbols", symbols)

    @classmethod
    def _make(cls, cells: bytes, shape: Shape | int, symbols: str | None = None) -> Grid:
        """A grid from already checked cells (``n * n`` bytes, values 0..n) and a shape (or
        the box size k of a classic grid): no parsing."""
        grid = cls.__new__(cls)
        grid._set(cells, as_shape(shape), symbols)
        return grid

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Grid is immutable")

    # -- shape ---------------------------------------------------------------------------------

    @property
    def k(self) -> int | None:
        """Box size of square boxes (k x k, the grid is k^2 x k^2); ``None`` for rectangular
        boxes and jigsaws (see :attr:`shape`)."""
        return self._shape.k

    @property
    def n(self) -> int:
        """Side of the grid, also the largest digit."""
        return self._shape.n

    @property
    def shape(self) -> Shape:
        """The rules of the grid: boxes or regions, variants (:class:`~clew.sudoku.shape.Shape`)."""
        return self._shape

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
        earlier cell of its row, column, box or a variant's region or cage (checked in that
        order) is reported with that earlier cell: ``((r1, c1), (r2, c2), digit, unit)``,
        0-based, ``unit`` naming the shared set (``"row 1"``, ``"column 3"``, ``"box 2"``,
        ``"diagonal 1"``, ``"cage D"``; numbered from 1, cages by letter). Cage sums are not
        checked here.

        Examples
        --------
        >>> Grid("12.." "...." "...." "...1").conflict()
        >>> Grid("1.1." "...." "...." "....").conflict()
        ((0, 0), (0, 2), 1, 'row 1')
        """
        n, shape, cells = self.n, self._shape, self._cells
        if cells.count(0) >= len(cells) - 1:
            return None  # no two filled cells (a killer without givens): nothing to build
        of_cell, names = geometry.cell_sets(shape), geometry.set_names(shape)
        seen: list[dict[int, int]] = [{} for _ in names]  # set -> digit -> first cell
        for index, v in enumerate(cells):
            if v == 0:
                continue
            three = of_cell[index]  # row, column, box, then the variants': the message's order
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
        """The grid drawn over ``n`` lines, boxes of r rows x c columns separated by ``|``
        and ``-+-`` lines (reads back with :class:`Grid`, given the same shape; a jigsaw's
        regions are not drawn: see :meth:`to_line` and the picture).

        >>> print(Grid("123456" + "." * 30).to_text().splitlines()[0])
        1 2 3 | 4 5 6
        """
        n = self.n
        br, bc = self._shape.box if self._shape.box is not None else (n, n)
        table = (".",) + tuple(_alphabet(self._symbols, n))
        # under each box of "a b c" a run of dashes; "-+-" under each " | "
        band = "-+-".join(["-" * (2 * bc - 1)] * (n // bc))
        lines = []
        for r in range(n):
            if r and r % br == 0:
                lines.append(band)
            row = [table[v] for v in self._cells[r * n : (r + 1) * n]]
            lines.append(" | ".join(" ".join(row[b * bc : (b + 1) * bc]) for b in range(n // bc)))
        return "\n".join(lines)

    def to_variant_line(self, blank: str = ".") -> str:
        """The one-line form with the shape's text: ``<cells> <regions>`` for a jigsaw,
        ``<cells> <cage letters> <sums>`` for a killer (see :mod:`clew.sudoku.variants`);
        the plain line otherwise. Box and flags are not written.

        >>> Grid("." * 16, cages=[(3, ["r1c1", "r1c2"])]).to_variant_line()
        '................ AA.............. 3'
        """
        parts = [self.to_line(blank)]
        if self._shape.regions is not None:
            parts.append(write_regions(self._shape.regions))
        if self._shape.cages:
            parts.append(write_cages(self._shape.cages, self.n))
        return " ".join(parts)

    def to_dict(self) -> dict:
        """The grid as JSON data (the fields in the class documentation): with the line and
        the shape, ``Grid(d["line"], box=d["box"], variant=...)`` reads it back.

        >>> Grid("." * 16, variant="x").to_dict()["variants"]
        ['x']
        """
        shape = self._shape
        return {
            "line": self.to_variant_line(),
            "rows": self.to_lists(),
            "n": self.n,
            "box": shape.box_name,
            "variants": list(shape.variants),
            "extra": [list(cells) for cells in shape.extra],
            "symbols": self._symbols,
        }

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
        shape = self._shape
        args = [repr(self.to_line())]
        if self._symbols is not None:
            args.append(f"symbols={self._symbols!r}")
        if shape.box is not None and shape.box != squarest_box(shape.n):
            args.append(f"box={shape.box_name!r}")
        if shape.regions is not None:
            args.append(f"regions={write_regions(shape.regions)!r}")
        flags = [name for name in shape.variants if name in ("x", "windoku")]
        if flags:
            args.append(f"variant={'+'.join(flags)!r}")
        if shape.extra:
            args.append(f"extra={[list(cells) for cells in shape.extra]!r}")
        if shape.cages:
            args.append(f"cages={[(total, list(cells)) for total, cells in shape.cages]!r}")
        return f"Grid({', '.join(args)})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self._shape == other._shape and self._cells == other._cells

    def __hash__(self) -> int:
        return hash((self._shape, self._cells))

    def __reduce__(self) -> tuple[Any, ...]:
        shape = self._shape
        return (_unpickle, (self._cells, shape.k if shape.is_classic else shape, self._symbols))


def _unpickle(cells: bytes, shape: Shape | int, symbols: str | None) -> Grid:
    return Grid._make(cells, shape, symbols)


def _merge(rules: dict, shape: Shape) -> dict:
    """The rules of ``shape`` with those given in ``rules`` (not None) put over them."""
    out = {
        "box": shape.box if shape.regions is None else None,
        "regions": shape.regions,
        "variant": [name for name in shape.variants if name in ("x", "windoku")],
        "extra": shape.extra,
        "cages": shape.cages,
    }
    if rules.get("regions") is not None:
        out["box"] = None
    if rules.get("box") is not None:
        out["regions"] = None
    out.update({key: value for key, value in rules.items() if value is not None})
    return out


def _decode(puzzle: bytes | bytearray | memoryview, name: str | None = None) -> str:
    """Bytes as text, the one way every reader of clew.sudoku decodes them: UTF-8 (a byte
    order mark skipped); anything else (a binary file) is one :class:`PuzzleFormatError`,
    ``<name>: not UTF-8 text (...)``."""
    try:
        return bytes(puzzle).decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        where = f"{name}: " if name else ""
        raise PuzzleFormatError(
            f"{where}not UTF-8 text ({exc.reason} at byte {exc.start}): a puzzle is text"
        ) from None


# ---------------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------------

_CELL_COUNTS = (
    f"n*n cells for a side n of {MIN_SIDE} to {MAX_SIDE} (16 for 4x4, 36 for 6x6, 81 for 9x9, ...)"
)
_ROW_COUNTS = f"{MIN_SIDE} to {MAX_SIDE} rows"


def _side_of_cells(count: int) -> int | None:
    n = math.isqrt(count)
    return n if n * n == count and MIN_SIDE <= n <= MAX_SIDE else None


def _is_side(count: int) -> bool:
    return MIN_SIDE <= count <= MAX_SIDE


def _bad_symbol(index: int, n: int, text: object) -> PuzzleFormatError:
    return PuzzleFormatError(
        f"{geometry.cell_name(index, n)}: {text!r} is not a digit of {article(_size_name(n))} "
        "sudoku"
    )


def _read(puzzle: Any, symbols: str | None) -> tuple[list[int], int]:
    """``(cells, n)`` of any supported form, or :class:`PuzzleFormatError`."""
    if isinstance(puzzle, (bytes, bytearray, memoryview)):
        puzzle = _decode(puzzle)
    if isinstance(puzzle, str):
        return _read_text(puzzle, symbols)
    if hasattr(puzzle, "tolist") and hasattr(puzzle, "ndim"):  # a numpy array
        if puzzle.ndim not in (1, 2):
            raise PuzzleFormatError(
                f"a puzzle array has 1 or 2 dimensions, got shape {tuple(puzzle.shape)}"
            )
        if puzzle.size > MAX_SIDE * MAX_SIDE:  # before tolist(): an array of 10**8 cells
            raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got {puzzle.size:,}")
        puzzle = puzzle.tolist()
    if isinstance(puzzle, (dict, set, frozenset)) or not hasattr(puzzle, "__iter__"):
        raise PuzzleFormatError(
            f"a puzzle is text, a list of rows or a Grid, got {type(puzzle).__name__} "
            f"{_short(puzzle)}"
        )
    try:
        # at most MAX_ITEMS: an endless or huge iterable is refused, not read into memory
        items = list(itertools.islice(puzzle, MAX_ITEMS + 1))
    except TypeError:
        raise PuzzleFormatError(
            f"a puzzle is text, a list of rows or a Grid, got {type(puzzle).__name__}"
        ) from None
    if len(items) > MAX_ITEMS:
        raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got more than {MAX_ITEMS:,} items")
    side = _side_of_cells(len(items))
    if side and all(_is_scalar(item) for item in items):
        n = side
        decode = _decoder(symbols, n)
        return [_cell_value(item, i, n, decode) for i, item in enumerate(items)], n
    if items and all(_is_scalar(item) for item in items):
        raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got {len(items)}")
    if not _is_side(len(items)):
        raise PuzzleFormatError(f"a sudoku has {_ROW_COUNTS}, got {len(items)}")
    n = len(items)
    rows: list[list] = []
    for r, row in enumerate(items):
        if isinstance(row, (bytes, bytearray)):
            row = _decode(row)
        if isinstance(row, str):
            rows.append([ch for ch in row if ch not in _SEPARATORS])
        elif hasattr(row, "__iter__") and not isinstance(row, (dict, set, frozenset)):
            rows.append(list(row.tolist() if hasattr(row, "tolist") else row))
        else:
            raise PuzzleFormatError(
                f"row {r + 1} of {article(_size_name(n))} sudoku is a {type(row).__name__}, not a "
                "row of cells"
            )
    widths = {len(row) for row in rows}
    if (
        len(widths) == 1 and n not in widths
    ):  # [[0] * 9] * 8: the rows are right, their number is not
        raise PuzzleFormatError(
            f"the grid has {plural(n, 'row')} of {plural(widths.pop(), 'cell')}: a sudoku has n "
            "rows of n cells, "
            f"n = {MIN_SIDE} to {MAX_SIDE}"
        )
    decode = _decoder(symbols, n)
    cells: list[int] = []
    for r, row_cells in enumerate(rows):
        if len(row_cells) != n:
            raise PuzzleFormatError(
                f"{article(_size_name(n))} sudoku has {n} cells in each row, row {r + 1} has "
                f"{plural(len(row_cells), 'cell')}"
            )
        cells.extend(_cell_value(item, r * n + c, n, decode) for c, item in enumerate(row_cells))
    return cells, n


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_scalar(item: object) -> bool:
    if isinstance(item, str):
        return len(item) <= 2  # one symbol, or a number up to 25 (a longer string is a row)
    return (
        isinstance(item, (bool, float, np.floating)) or hasattr(item, "__index__") or item is None
    )


def _cell_value(item: Any, index: int, n: int, decode: dict[str, int]) -> int:
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
                f"{geometry.cell_name(index, n)}: {float(item)!r} is not a whole number, so not a "
                f"digit of {article(_size_name(n))} sudoku"
            )
        item = int(item)
    if isinstance(item, bool) or not hasattr(item, "__index__"):
        raise _bad_symbol(index, n, item)
    value = item.__index__()
    if not 0 <= value <= n:
        raise _bad_symbol(index, n, value)
    return value


#: The longest text read as one puzzle. A 25x25 grid drawn with its box lines and numbers
#: for the digits above 9 is about 4,000 characters; a longer text is no puzzle, and is
#: refused before a list of its characters is made (a 10 MB line would be 80 MB of list).
MAX_TEXT = 65_536


#: The most items of a list (or other iterable) read as a puzzle.
MAX_ITEMS = 1_000_000


def _read_text(text: str, symbols: str | None) -> tuple[list[int], int]:
    if len(text) > MAX_TEXT:
        raise PuzzleFormatError(
            f"a puzzle is at most {MAX_TEXT:,} characters of text, got {len(text):,}"
        )
    words = _words_grid(text)
    if words is not None:
        n = len(words)
        decode = _decoder(symbols, n)
        cells = [
            _cell_value(word, i, n, decode)
            for i, word in enumerate(w for row in words for w in row)
        ]
        return cells, n
    chars = [ch for ch in text if ch not in _SEPARATORS]
    side = _side_of_cells(len(chars))
    if side is None:
        dropped = len(text) != len(chars) and len(text.strip()) != len(chars)
        note = " (after skipping spaces and box lines)" if dropped else ""
        raise PuzzleFormatError(f"a sudoku has {_CELL_COUNTS}, got {len(chars)}{note}")
    n = side
    decode = _decoder(symbols, n)
    cells = []
    for i, ch in enumerate(chars):
        value = decode.get(ch)
        if value is None:
            raise _bad_symbol(i, n, ch)
        cells.append(value)
    return cells, n


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
    if not _is_side(n) or any(len(row) != n for row in rows):
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


def parse(
    puzzle: Any,
    *,
    symbols: str | None = None,
    box: Any = None,
    regions: Any = None,
    variant: Any = None,
    extra: Any = None,
    cages: Any = None,
) -> Grid:
    """Read a puzzle and check its givens: the :class:`Grid`, or an error naming the problem.

    Parameters
    ----------
    puzzle
        Any form :class:`Grid` reads.
    symbols : str, optional
        The alphabet (see :class:`Grid`).
    box, regions, variant, extra, cages : optional
        The shape (see :class:`Grid`).

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
    grid = Grid(
        puzzle, symbols=symbols, box=box, regions=regions, variant=variant, extra=extra, cages=cages
    )
    found = grid.conflict()
    if found is not None:
        raise ConflictingGivensError(conflict_message(found, grid), (found[0], found[1]), found[2])
    return grid
