"""Many puzzles at once: a file of one puzzle per line read into one int8 array per kind.

A *kind* is what one kernel call can take together: the classic k^2 x k^2 grids are kind
``k`` (2 to 5, as before); every other shape gets a kind number from 6 on, one per side and
number of units, and each of its puzzles keeps its own :class:`~clew.sudoku.shape.Shape`
(``PuzzleBatch.shapes``): the lines of a killer file all have different cages, and still go
to the kernel in chunks (:func:`clew.sudoku.kernels.stack_tables`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from . import geometry
from .grid import Grid, SudokuInputError, _alphabet, _decoder, check_symbols, parse
from .shape import MAX_SIDE, MIN_SIDE, Shape, ShapeError, as_shape, make_shape

__all__ = ["FIRST_KIND", "PuzzleBatch", "format_lines", "has_conflict", "read_lines", "split_lines"]

#: The first kind number of the shapes that are not classic (the classic ones are k = 2..5).
FIRST_KIND = 6

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
        The kind of each puzzle: its box size k for a classic grid, a number from
        :data:`FIRST_KIND` on for any other shape; 0 for a line that is not a valid puzzle.
    rows : numpy.ndarray of int64, shape (P,)
        Where each valid puzzle sits in ``arrays[kind]``; -1 for an invalid line.
    arrays : dict of int to numpy.ndarray
        For each kind present, its valid puzzles as one C-contiguous int8 array of shape
        (m, n * n) (0 = blank), in file order.
    shapes : dict of int to list of Shape
        For each kind that is not classic, the shape of each row of ``arrays[kind]``.
    errors : dict of int to str
        The one-line reason of each invalid puzzle, by its index.
    """

    texts: list[str] = field(default_factory=list)
    line_numbers: list[int] = field(default_factory=list)
    sizes: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int8))
    rows: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    arrays: dict[int, np.ndarray] = field(default_factory=dict)
    shapes: dict[int, list[Shape]] = field(default_factory=dict)
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


def _lookup(n: int, symbols: str | None) -> np.ndarray:
    """Byte -> value for the one-line form of a puzzle of side n; -1 for any other byte
    (such a line is read again by :class:`Grid`, which names the problem)."""
    table = np.full(256, -1, np.int16)
    for ch, value in _decoder(symbols, n).items():
        if ord(ch) < 128:
            table[ord(ch)] = value
    return table


def has_conflict(puzzles: np.ndarray, shape) -> np.ndarray:
    """For each puzzle (rows of an int8 array, 0 = blank), True if two givens repeat a digit
    in a unit (a row, column, box or a variant's unit) of ``shape`` (a shape or box size k;
    groups are not looked at). Vectorised: sorts the values of every unit."""
    out = np.zeros(len(puzzles), bool)
    units = np.array(geometry.units(shape), np.intp)  # (U, n): every unit
    step = max(1, (1 << 22) // units.size)
    for lo in range(0, len(puzzles), step):
        values = np.sort(puzzles[lo : lo + step][:, units], axis=2)
        same = (values[:, :, 1:] == values[:, :, :-1]) & (values[:, :, 1:] > 0)
        out[lo : lo + step] = same.any(axis=(1, 2))
    return out


def read_lines(
    lines: list[bytes], line_numbers: list[int] | None = None, *, symbols: str | None = None, box=None, variant=None
) -> PuzzleBatch:
    """Read one puzzle per line into int8 arrays, without Python work per well-formed line.

    Lines of exactly ``n * n`` known characters are decoded together through a lookup table
    and checked for repeated givens by sorting every unit (numpy, one pass per line length);
    only the other lines (spaces, separators, a wrong symbol or length, repeated givens, non
    ASCII text, the jigsaw and killer forms) are read one by one by :func:`parse`, for the
    exact one-line reason. ``box`` and ``variant`` apply to every line (see
    :class:`~clew.sudoku.Grid`).

    Examples
    --------
    >>> batch = read_lines([b"1...............", b"11..............", b"12"])
    >>> batch.sizes.tolist(), batch.errors
    ([2, 0, 0], {1: 'r1c1 and r1c2 are both 1 in row 1', 2: 'a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, 81 for 9x9, ...), got 2'})
    >>> batch.arrays[2].tolist()
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
    """
    symbols = check_symbols(symbols)
    options = {"box": box, "variant": variant}
    if box is not None or variant is not None:
        from .shape import parse_box, _variant_names

        if box is not None:
            parse_box(box)  # a bad box is the caller's error, not every line's
        _variant_names(variant)
    count = len(lines)
    batch = PuzzleBatch()
    batch.line_numbers = list(line_numbers) if line_numbers is not None else list(range(1, count + 1))
    batch.sizes = np.zeros(count, np.int8)
    batch.rows = np.full(count, -1, np.int64)
    found: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}  # kind -> [(indices, values)]
    kinds: dict[tuple[int, int], int] = {}  # (side, units) -> kind, for shapes not classic
    shape_of: dict[int, Shape] = {}  # puzzle index -> its shape, for kinds not classic

    def kind_of(shape: Shape) -> int:
        if shape.is_classic:
            return shape.k
        key = (shape.n, len(geometry.units(shape)))
        return kinds.setdefault(key, FIRST_KIND + len(kinds))

    by_length: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_length.setdefault(len(line), []).append(i)
    slow: list[int] = []
    for length, indices in by_length.items():
        n = math.isqrt(length)
        shape = None
        if n * n == length and MIN_SIDE <= n <= MAX_SIDE and (symbols is None or len(symbols) >= n):
            try:
                shape = make_shape(n, **options)
            except ShapeError:
                shape = None  # no boxes for this side: parse says so, line by line
        if shape is None:
            slow.extend(indices)
            continue
        raw = np.frombuffer(b"".join(lines[i] for i in indices), np.uint8).reshape(len(indices), length)
        values = _lookup(n, symbols)[raw]
        readable = (values >= 0).all(axis=1)
        values = values.astype(np.int8)
        ok = readable.copy()
        ok[readable] = ~has_conflict(np.ascontiguousarray(values[readable]), shape)
        where = np.asarray(indices, np.int64)
        kind = kind_of(shape)
        found.setdefault(kind, []).append((where[ok], values[ok]))
        if not shape.is_classic:
            shape_of.update(dict.fromkeys(where[ok].tolist(), shape))
        slow.extend(where[~ok].tolist())

    for i in sorted(slow):
        try:
            text = lines[i].decode("utf-8")
        except UnicodeDecodeError as exc:
            batch.errors[i] = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
            continue
        try:
            grid = parse(text, symbols=symbols, **options)
        except SudokuInputError as exc:
            batch.errors[i] = str(exc)
            continue
        kind = kind_of(grid.shape)
        found.setdefault(kind, []).append(
            (np.array([i], np.int64), np.frombuffer(grid._cells, np.int8).reshape(1, -1))
        )
        if not grid.shape.is_classic:
            shape_of[i] = grid.shape

    for kind, parts in found.items():
        where = np.concatenate([w for w, _ in parts])
        values = np.concatenate([v for _, v in parts])
        order = np.argsort(where, kind="stable")
        where = where[order]
        batch.arrays[kind] = np.ascontiguousarray(values[order])
        batch.sizes[where] = kind
        batch.rows[where] = np.arange(len(where))
        if kind >= FIRST_KIND:
            batch.shapes[kind] = [shape_of[i] for i in where.tolist()]
    batch.texts = [line.decode("utf-8", "replace") for line in lines]
    return batch


def format_lines(grids: np.ndarray, k, symbols: str | None = None, blank: str = ".") -> list[str]:
    """The one-line form of every row of an int8 array of grids (vectorised, as
    :meth:`Grid.to_line` writes one); ``k`` is a box size or a shape, only its side counts.

    >>> format_lines(np.array([[1, 2, 3, 4] * 4, [0] * 16], np.int8), 2)
    ['1234123412341234', '................']
    """
    n = k.n if isinstance(k, Shape) else k * k
    alphabet = (blank + _alphabet(symbols, n)).encode("utf-8")
    if len(grids) == 0:
        return []
    if len(alphabet) != n + 1:  # a symbol beyond ASCII: one grid at a time
        shape = k if isinstance(k, Shape) else as_shape(k)
        return [Grid._make(row.tobytes(), shape, symbols).to_line(blank) for row in grids]
    table = np.frombuffer(alphabet, np.uint8)
    text = table[grids].tobytes().decode("ascii")
    width = n * n
    return [text[i : i + width] for i in range(0, len(text), width)]
