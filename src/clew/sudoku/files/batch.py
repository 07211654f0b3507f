"""Many puzzles at once: a file of one puzzle per line read into one int8 array per kind.

A *kind* is what one kernel call can take together: the classic k^2 x k^2 grids are kind
``k`` (2 to 5, as before); every other shape gets a kind number from 6 on, one per side and
number of units, and each of its puzzles keeps its own :class:`~clew.sudoku.shape.Shape`
(``PuzzleBatch.shapes``): the lines of a killer file all have different cages, and still go
to the kernel in chunks (:func:`clew.sudoku.kernels.stack_tables`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from .. import geometry
from ..grid import Grid, SudokuInputError, _alphabet, _decoder, check_symbols, parse
from ..shape import MAX_SIDE, MIN_SIDE, Shape, ShapeError, as_shape, make_shape

__all__ = [
    "FIRST_KIND",
    "PuzzleBatch",
    "format_lines",
    "has_conflict",
    "read_data",
    "read_lines",
    "split_lines",
]

#: The first kind number of the shapes that are not classic (the classic ones are k = 2..5).
FIRST_KIND = 6
#: A UTF-8 byte order mark, skipped at the start of a file.
_BOM = b"\xef\xbb\xbf"
#: The most lines of a file that may fail to read as puzzles. Each is answered with its
#: message, about 150 bytes of bookkeeping a line: past a million, the input is no file of
#: puzzles (a binary file, a log), and is refused in one line before the work.
MAX_BAD_LINES = 1_000_000


@dataclass
class PuzzleBatch:
    """Puzzles read from a file of one puzzle per line (see :func:`read_lines`).

    Attributes
    ----------
    texts : sequence of str
        Each puzzle's line as written (surrounding white space removed), in file order
        (from :func:`read_data`, each made when it is asked for).
    line_numbers : sequence of int
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

    texts: Sequence[str] = field(default_factory=list)
    line_numbers: Sequence[int] = field(default_factory=list)
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
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
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


def _check_options(symbols, box, variant) -> tuple[str | None, dict]:
    symbols = check_symbols(symbols)
    if box is not None or variant is not None:
        from ..shape import _variant_names, parse_box

        if box is not None:
            parse_box(box)  # a bad box is the caller's error, not every line's
        _variant_names(variant)
    return symbols, {"box": box, "variant": variant}


def _fast_shape(length: int, symbols: str | None, options: dict) -> Shape | None:
    """The shape of a line of ``length`` cells written without separators, or None when
    lines of that length go the slow way (no such side, or no boxes for it)."""
    n = math.isqrt(length)
    if (
        n * n != length
        or not MIN_SIDE <= n <= MAX_SIDE
        or (symbols is not None and len(symbols) < n)
    ):
        return None
    try:
        return make_shape(n, **options)
    except ShapeError:
        return None  # no boxes for this side: parse says so, line by line


def _assemble(batch: PuzzleBatch, line, by_length: dict, decode, symbols, options) -> PuzzleBatch:
    """Fill ``batch`` (its texts and line numbers set) from the lines grouped by length:
    ``decode(length, indices, shape)`` reads a group written without separators into
    ``(values, ok)``; every other line (``line(i)`` gives its bytes) is read by :func:`parse`
    for the exact one-line reason."""
    count = len(batch.texts)
    batch.sizes = np.zeros(count, np.int8)
    batch.rows = np.full(count, -1, np.int64)
    found: dict[int, list[tuple[np.ndarray, np.ndarray]]] = {}  # kind -> [(indices, values)]
    kinds: dict[tuple[int, int], int] = {}  # (side, units) -> kind, for shapes not classic
    shape_of: dict[int, Shape] = {}  # puzzle index -> its shape, for kinds not classic

    def kind_of(shape: Shape) -> int:
        if shape.is_classic and shape.k is not None:
            return shape.k
        key = (shape.n, len(geometry.units(shape)))
        return kinds.setdefault(key, FIRST_KIND + len(kinds))

    slow: list[int] = []
    for length, indices in by_length.items():
        shape = _fast_shape(length, symbols, options)
        if shape is None:
            slow.extend(np.asarray(indices).tolist())
            continue
        where = np.asarray(indices, np.int64)
        values, ok = decode(length, where, shape)
        kind = kind_of(shape)
        if not ok.all():  # (copying a large file's array costs as much as decoding it)
            slow.extend(where[~ok].tolist())
            where, values = where[ok], values[ok]
        found.setdefault(kind, []).append((where, values))
        if not shape.is_classic:
            shape_of.update(dict.fromkeys(where.tolist(), shape))

    if len(slow) > MAX_BAD_LINES:
        first = min(slow)
        raise SudokuInputError(
            f"more than {MAX_BAD_LINES:,} lines are not puzzles ({len(slow):,}, the first line "
            f"{batch.line_numbers[first]}): "
            "is this a file of puzzles?"
        )
    said: dict[bytes, str] = {}  # the message of each bad line already read: a file of a
    # million copies of one bad line is read once and holds one message, not a million
    for i in sorted(slow):
        raw = line(i)
        message = said.get(raw)
        if message is not None:
            batch.errors[i] = message
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            batch.errors[i] = said[raw] = f"not UTF-8 text ({exc.reason} at byte {exc.start})"
            continue
        try:
            grid = parse(text, symbols=symbols, **options)
        except SudokuInputError as exc:
            batch.errors[i] = said[raw] = str(exc)
            continue
        kind = kind_of(grid.shape)
        found.setdefault(kind, []).append(
            (np.array([i], np.int64), np.frombuffer(grid._cells, np.int8).reshape(1, -1))
        )
        if not grid.shape.is_classic:
            shape_of[i] = grid.shape

    for kind, parts in found.items():
        if len(parts) == 1:
            where, values = parts[0]
        else:
            where = np.concatenate([w for w, _ in parts])
            values = np.concatenate([v for _, v in parts])
            order = np.argsort(where, kind="stable")
            where, values = where[order], values[order]
        batch.arrays[kind] = np.ascontiguousarray(values)
        batch.sizes[where] = kind
        batch.rows[where] = np.arange(len(where))
        if kind >= FIRST_KIND:
            batch.shapes[kind] = [shape_of[i] for i in where.tolist()]
    return batch


def read_lines(
    lines: list[bytes],
    line_numbers: list[int] | None = None,
    *,
    symbols: str | None = None,
    box=None,
    variant=None,
) -> PuzzleBatch:
    """Read one puzzle per line into int8 arrays, without Python work per well-formed line.

    Lines of exactly ``n * n`` known characters are decoded together through a lookup table
    and checked for repeated givens by sorting every unit (numpy, one pass per line length);
    only the other lines (spaces, separators, a wrong symbol or length, repeated givens, non
    ASCII text, the jigsaw and killer forms) are read one by one by :func:`parse`, for the
    exact one-line reason. ``box`` and ``variant`` apply to every line (see
    :class:`~clew.sudoku.Grid`). :func:`read_data` reads a whole file's bytes.

    Examples
    --------
    >>> batch = read_lines([b"1...............", b"11..............", b"12"])
    >>> batch.sizes.tolist(), batch.errors  # doctest: +NORMALIZE_WHITESPACE
    ([2, 0, 0], {1: 'r1c1 and r1c2 are both 1 in row 1',
                 2: 'a sudoku has n*n cells for a side n of 4 to 25
                     (16 for 4x4, 36 for 6x6, 81 for 9x9, ...), got 2'})
    >>> batch.arrays[2].tolist()
    [[1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
    """
    symbols, options = _check_options(symbols, box, variant)
    count = len(lines)
    batch = PuzzleBatch()
    batch.line_numbers = (
        list(line_numbers) if line_numbers is not None else list(range(1, count + 1))
    )
    batch.texts = [line.decode("utf-8", "replace") for line in lines]
    by_length: dict[int, list[int]] = {}
    for i, line in enumerate(lines):
        by_length.setdefault(len(line), []).append(i)

    def decode(length: int, where: np.ndarray, shape: Shape) -> tuple[np.ndarray, np.ndarray]:
        raw = np.frombuffer(b"".join(lines[i] for i in where.tolist()), np.uint8).reshape(
            len(where), length
        )
        values = _lookup(shape.n, symbols)[raw]
        readable = (values >= 0).all(axis=1)
        values = values.astype(np.int8)
        ok = readable.copy()
        ok[readable] = ~has_conflict(np.ascontiguousarray(values[readable]), shape)
        return values, ok

    return _assemble(batch, lines.__getitem__, by_length, decode, symbols, options)


#: A file with at least this many lines is read by the kernels of ``_kernels_lines`` (their
#: loading costs about as much as reading this many lines in Python).
KERNEL_LINES = 2000


class _Lines(Sequence[str]):
    """The lines of a file as a sequence, each built when asked for: the ``texts`` of a
    batch from :func:`read_data` (a file of half a million puzzles needs only the text of
    its few invalid lines, and of every line only when answers are written as JSON)."""

    def __init__(self, data: bytes, starts: np.ndarray, ends: np.ndarray) -> None:
        self._data, self._starts, self._ends = data, starts, ends

    def __len__(self) -> int:
        return len(self._starts)

    def raw(self, i: int) -> bytes:
        return self._data[int(self._starts[i]) : int(self._ends[i])]

    def __getitem__(self, i):
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        return self.raw(i).decode("utf-8", "replace")


class _Numbers(Sequence[int]):
    """Line numbers kept in an int64 array, given out as Python ints."""

    def __init__(self, numbers: np.ndarray) -> None:
        self._numbers = numbers

    def __len__(self) -> int:
        return len(self._numbers)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return self._numbers[i].tolist()
        return int(self._numbers[i])


def read_data(data: bytes, *, symbols: str | None = None, box=None, variant=None) -> PuzzleBatch:
    """Read a whole file of one puzzle per line (its bytes) into int8 arrays, as
    :func:`split_lines` then :func:`read_lines` do: same batch, same reasons for bad lines.

    A large file (:data:`KERNEL_LINES` lines or more) is split, decoded and checked for
    repeated givens by the kernels of ``_kernels_lines``, one pass over the bytes without
    Python work per line; the texts of the lines are made only when asked for.

    >>> batch = read_data(b"# two puzzles\\r\\n1...............\\r\\n\\r\\n11..............\\r\\n")
    >>> batch.line_numbers[:], batch.sizes.tolist(), batch.errors
    ([2, 4], [2, 0], {1: 'r1c1 and r1c2 are both 1 in row 1'})
    """
    if data.startswith(_BOM):
        data = data[len(_BOM) :]
    newlines = data.count(b"\n")
    if newlines < KERNEL_LINES:
        lines, numbers = split_lines(data)
        return read_lines(lines, numbers, symbols=symbols, box=box, variant=variant)
    from ..compiled._kernels_lines import UNREADABLE, decode_lines, scan_lines

    symbols, options = _check_options(symbols, box, variant)
    raw = np.frombuffer(data, np.uint8)
    room = newlines + 1
    starts, ends, where = (np.empty(room, np.int64) for _ in range(3))
    count = scan_lines(raw, starts, ends, where)
    starts, ends, where = starts[:count].copy(), ends[:count].copy(), where[:count].copy()
    lengths = ends - starts
    batch = PuzzleBatch()
    batch.texts = texts = _Lines(data, starts, ends)
    batch.line_numbers = _Numbers(where)
    distinct, first = np.unique(lengths, return_index=True)
    # lengths in order of first appearance, as read_lines meets them (kinds are numbered so)
    by_length = {
        int(length): np.flatnonzero(lengths == length) for length in distinct[np.argsort(first)]
    }

    def decode(length: int, where: np.ndarray, shape: Shape) -> tuple[np.ndarray, np.ndarray]:
        table = _lookup(shape.n, symbols).astype(np.int64)
        table[table < 0] = UNREADABLE
        units = geometry.units(shape)
        of_cell: list[list[int]] = [[] for _ in range(length)]
        for u, cells in enumerate(units):
            for c in cells:
                of_cell[c].append(u)
        unit_start = np.cumsum([0] + [len(us) for us in of_cell]).astype(np.int64)
        unit_list = np.array([u for us in of_cell for u in us], np.int64)
        values = np.empty((len(where), length), np.int8)
        ok = np.empty(len(where), np.uint8)
        decode_lines(
            raw, starts, where, length, table, unit_start, unit_list, len(units), values, ok
        )
        return values, ok.view(bool)

    return _assemble(batch, texts.raw, by_length, decode, symbols, options)


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
