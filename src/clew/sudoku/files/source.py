"""One reader of puzzle text: every function of :mod:`clew.sudoku` that takes many puzzles
(:func:`~clew.sudoku.files.solve.solve_file`, :func:`~clew.sudoku.rate_file`) and every command
that reads them (``clew sudoku solve``, ``clew sudoku rate``) reads them here, so a file
means the same thing everywhere.

The rule, by the kind of ``source``:

==================================  ===========================================================
``source``                          read as
==================================  ===========================================================
``bytes``, ``bytearray``            the text of a file, one puzzle per line
``os.PathLike`` (``pathlib.Path``)  the file it names
``str`` with a line break           the text of the puzzles, one per line; a grid drawn over
                                    several lines (its first line no puzzle alone) is one puzzle
``str`` naming an existing file     that file (a file wins over a puzzle of the same name)
any other ``str``                   one puzzle; if it is no puzzle either, one error that says
                                    both why (``'top.txt': no such file, and not a puzzle ...``)
an iterable of ``str`` or ``bytes``  its lines, one puzzle each (a list, an open text file)
anything else                       ``TypeError`` naming what it got
==================================  ===========================================================

Text must be UTF-8 (a byte order mark is skipped): a binary file is one
:class:`~clew.sudoku.PuzzleFormatError`, ``not UTF-8 text``, wherever it is given. An input
with no puzzle line (empty, or only blank lines and ``#`` comments) is bad input too
(:class:`~clew.sudoku.SudokuInputError`): a run that answers nothing looks like a hang.

>>> read_source("1...............\\n# two\\n..3.4.........42\\n").data
b'1...............\\n# two\\n..3.4.........42\\n'
>>> read_source("1...............").name
'the puzzle given'
>>> read_source("top.txt")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
clew.sudoku.grid.SudokuInputError: 'top.txt': no such file, and not a puzzle either:
a sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, 81 for 9x9, ...),
got 7
>>> read_source(42)
Traceback (most recent call last):
...
TypeError: puzzles are given as text, bytes, a path or an iterable of lines, got int 42
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from ...errors import read_bytes
from ..grid import Grid, SudokuInputError, _decode

__all__ = ["Source", "read_source"]

#: How the messages name an input that is not a file.
TEXT_NAME = "the text given"
BYTES_NAME = "the input"
PUZZLE_NAME = "the puzzle given"
LINES_NAME = "the lines given"


@dataclass(frozen=True)
class Source:
    """Puzzles read by :func:`read_source`: ``data``, their UTF-8 bytes, one puzzle per
    line; ``name``, how messages name where they came from (a file's path,
    ``"the puzzle given"``, ...)."""

    data: bytes
    name: str


def _short(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:37] + "...")


def _read_file(path, shown: str) -> bytes:
    if os.path.isdir(path):  # a folder named where a file was meant deserves its own words
        raise SudokuInputError(f"{shown}: is a directory, not a file of puzzles")
    return read_bytes(path, "puzzles", SudokuInputError, shown)


def _drawn_grid(text: str, symbols, shape) -> bytes | None:
    """The one line of a grid drawn over several lines, or None when ``text`` is lines of
    puzzles (its first puzzle line reads as a puzzle alone, or the whole is no grid)."""
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]
    if len(lines) < 2:
        return None
    try:
        Grid(lines[0], symbols=symbols, **shape)
        return None  # a puzzle per line
    except SudokuInputError:
        pass
    try:
        grid = Grid("\n".join(lines), symbols=symbols, **shape)
    except SudokuInputError:
        return None
    return (grid.to_variant_line() + "\n").encode("utf-8")


def _text(source, symbols, shape) -> Source:
    if not source.strip():
        return Source(source.encode("utf-8"), TEXT_NAME)  # no puzzle: said by read_source
    if "\n" in source.strip() or "\r" in source.strip():
        drawn = _drawn_grid(source, symbols, shape)
        if drawn is not None:
            return Source(drawn, PUZZLE_NAME)
        return Source(source.encode("utf-8"), TEXT_NAME)
    if source and os.path.exists(source):
        return Source(_read_file(source, source), source)
    try:
        Grid(source, symbols=symbols, **shape)
    except SudokuInputError as exc:
        raise SudokuInputError(
            f"{_short(source)}: no such file, and not a puzzle either: {' '.join(str(exc).split())}"
        ) from None
    return Source((source.strip() + "\n").encode("utf-8"), PUZZLE_NAME)


def _lines(source) -> Source:
    parts = []
    for i, line in enumerate(source):
        if isinstance(line, (bytes, bytearray, memoryview)):
            line = _decode(line, f"line {i + 1}")
        if not isinstance(line, str):
            raise TypeError(
                f"the lines of puzzles are str or bytes, line {i + 1} is {type(line).__name__} "
                f"{line!r:.40}"
            )
        parts.append(line.rstrip("\r\n"))
    return Source(("\n".join(parts) + "\n").encode("utf-8") if parts else b"", LINES_NAME)


def read_source(source, *, symbols: str | None = None, name: str | None = None, **shape) -> Source:
    """The puzzles of ``source`` as one UTF-8 text, one puzzle per line (see the module
    documentation for the rule). ``symbols`` and ``shape`` (``box=``, ``variant=``, ...)
    decide whether a one-line ``str`` reads as a puzzle; ``name`` is how messages name the
    input (default: the path of a file, else ``the input``, ``the text given``, ...).

    Raises
    ------
    clew.sudoku.SudokuInputError
        A file that cannot be read, text that is not UTF-8, a one-line ``str`` that is
        neither a file nor a puzzle, an input with no puzzle.
    TypeError
        ``source`` is none of the kinds above (an int, ``None``, a dict).
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        found = Source(bytes(source), BYTES_NAME)
    elif isinstance(source, os.PathLike):
        path = os.fspath(source)
        shown = os.fsdecode(path)
        found = Source(_read_file(path, shown), shown)
    elif isinstance(source, str):
        found = _text(source, symbols, shape)
    elif hasattr(source, "__iter__") and not isinstance(source, (dict, set, frozenset)):
        found = _lines(source)
    else:
        raise TypeError(
            "puzzles are given as text, bytes, a path or an iterable of lines, got "
            f"{type(source).__name__} {source!r:.40}"
        )
    if name is not None:
        found = Source(found.data, name)
    _decode(found.data, found.name)  # the whole of it is text, or one error now
    if not _has_puzzle(found.data):
        why = "it is empty" if not found.data.strip() else "only blank lines and comments"
        raise SudokuInputError(f"read no puzzle from {found.name}: {why}")
    return found


def _has_puzzle(data: bytes) -> bool:
    """True when some line of ``data`` is neither blank nor a comment (stops at the first:
    no pass over a large file)."""
    start = 0
    while start <= len(data):
        end = data.find(b"\n", start)
        end = len(data) if end < 0 else end
        line = data[start:end].strip()
        if line and not line.startswith(b"#") and line != b"\xef\xbb\xbf":
            return True
        start = end + 1
    return False
