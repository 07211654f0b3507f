"""Rating a file of puzzles as a long job of :mod:`clew.scale`: on every core, resumable
from a journal, with a progress bar, the ratings in the order of the lines.

A collection of hard puzzles takes minutes to rate on one core (top1465: about 80 s, the
49,158 17-clue puzzles longer): :class:`RateFile` cuts the file into pieces of
:data:`CHUNK` lines, each rated by :func:`clew.sudoku.logic.solver.rate` in a worker process, and
:func:`rate_file` yields one record per line, in order, whatever the number of workers.
A line that is not a proper puzzle gives a record with its ``error`` (the others are still
rated).

>>> records = list(rate_file("..3.4.........42\\n# a comment\\n1...............\\n", jobs=1))
>>> [(r["line"], r.get("er"), r.get("level")) for r in records]
[(1, 1.2, 'easy'), (3, None, None)]
>>> records[1]["error"]
'this puzzle is not unique (at least 2 solutions): a rating needs exactly one'
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator
from typing import Any, cast

from ...errors import DEFAULT_JOBS, ClewError, check_jobs, one_line
from ...scale import Work, stream
from ..files.batch import split_lines
from ..files.source import read_source
from ..grid import Grid, check_symbols
from .solver import NotProperError, rate

__all__ = ["CHUNK", "RateFile", "rate_file"]

#: Lines per piece: a function of nothing but this constant (never of the number of
#: workers), so that a journal resumes whatever ``jobs`` the rerun has.
CHUNK = 8


class RateFile(Work):
    """Rating every puzzle line of ``data`` (a file's bytes or text; blank lines and ``#``
    comments are skipped, as everywhere in clew) with the digits ``symbols``; ``box`` and
    ``variant`` apply to every line (jigsaw and killer lines carry their own regions and
    cages). A piece is a range of puzzle lines; its value, their records (see
    :func:`rate_file`)."""

    #: the logical solver is Python around small kernels: worker processes
    releases_gil = False

    def __init__(
        self,
        data: bytes | str,
        symbols: str | None = None,
        box: Any = None,
        variant: Any = None,
    ) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        self.sha256 = hashlib.sha256(raw).hexdigest()
        lines, numbers = split_lines(raw)
        # decoded strictly: read_source refused a binary file before (one error everywhere)
        self.lines: list[str] | None = [
            line.decode("utf-8") if isinstance(line, bytes) else line for line in lines
        ]
        self.numbers: list[int] | None = [int(x) for x in numbers]
        self.puzzles = len(self.lines)
        self.symbols, self.box, self.variant = symbols, box, variant

    def identity(self) -> dict:
        shape = {
            key: value
            for key, value in (("box", self.box), ("variant", self.variant))
            if value is not None
        }
        return {**shape, "rate": "sudoku file", "sha256": self.sha256, "puzzles": self.puzzles,
                "symbols": self.symbols, "chunk": CHUNK}  # fmt: skip

    @classmethod
    def from_identity(cls, identity: dict) -> RateFile:
        # the lines are not in the journal: this object can describe and report on a
        # journal, not run its pieces
        work = cls.__new__(cls)
        work.sha256, work.puzzles, work.symbols = (
            identity["sha256"],
            identity["puzzles"],
            identity["symbols"],
        )
        work.box, work.variant = identity.get("box"), identity.get("variant")
        work.lines = work.numbers = None
        return work

    def pieces(self) -> list[tuple[int, int]]:
        if self.lines is None:
            raise ClewError("this rating work was read from a journal: give the file to run it")
        return [
            (first, min(first + CHUNK, self.puzzles)) for first in range(0, self.puzzles, CHUNK)
        ]

    def run_piece(self, piece: tuple[int, int]) -> list[dict]:
        first, stop = piece
        return [self._record(i) for i in range(first, stop)]

    def _record(self, i: int) -> dict:
        assert self.lines is not None and self.numbers is not None  # pieces() checked it
        text, number = self.lines[i], self.numbers[i]
        try:
            r = rate(Grid(text, symbols=self.symbols, box=self.box, variant=self.variant))
        except NotProperError as exc:  # a puzzle, but without exactly one solution
            return {
                "line": number,
                "puzzle": text,
                "error": one_line(exc),
                "solutions": exc.solutions,
            }
        except ClewError as exc:
            return {"line": number, "puzzle": text, "error": one_line(exc)}
        rating = r.to_dict()
        del rating["techniques"]  # the records of a file keep the fields they always had
        return {"line": number, "puzzle": text, **rating}

    def combine(self, values: list) -> dict:
        tally = _tally(values)
        return {"puzzles": tally["rated"] + tally["invalid"], **tally}

    def encode(self, value: list[dict]) -> str:
        return json.dumps(value, separators=(",", ":"))

    def decode(self, text: str) -> list[dict]:
        return json.loads(text)

    def describe(self) -> str:
        return f"sudoku ratings ({self.puzzles} puzzles, sha256 {self.sha256[:12]})"

    def report(self, done: dict, pieces: int) -> dict:
        return _tally(done.values())


def _tally(values: Iterable[list[dict]]) -> dict:
    """How many records of the pieces' ``values`` are ratings and how many errors."""
    bad = rated = 0
    for value in values:
        for record in value:
            if "error" in record:
                bad += 1
            else:
                rated += 1
    return {"rated": rated, "invalid": bad}


def rate_file(
    source: Any,
    *,
    symbols: str | None = None,
    box: Any = None,
    variant: Any = None,
    jobs: int | None = DEFAULT_JOBS,
    journal: Any = None,
    dask: str | None = None,
    scheduler: str | None = None,
    progress: bool | None = False,
    announce: Any = None,
    name: str | None = None,
) -> Iterator[dict]:
    """Rate every puzzle of a file, one record per puzzle line, in the file's order.

    Parameters
    ----------
    source : bytes, str, path or iterable of lines
        Read by the one reader of :mod:`clew.sudoku.files.source`: bytes or a ``str`` with line
        breaks are the file's text, a path (``pathlib.Path``, or a ``str`` naming an
        existing file) is read, a one-line ``str`` is one puzzle, an iterable of lines is
        its lines; anything else is a ``TypeError`` naming what it got. Blank lines and
        ``#`` comments are skipped.
    symbols, box, variant
        As for :class:`~clew.sudoku.Grid`, for every line.
    jobs : int or None
        Worker processes (default :data:`clew.errors.DEFAULT_JOBS`, 1; ``None``: one per core).
    journal, dask, scheduler, progress, announce
        As for :func:`clew.scale.stream`: a SQLite journal that a rerun resumes, Dask, a
        progress bar on stderr.
    name : str, optional
        How messages name the input (``"<stdin>"``; default: its path, or ``the input``).

    Returns
    -------
    iterator of dict
        ``line`` (its number in the file, from 1, blank lines and comments counted),
        ``puzzle`` (the line), then either ``error`` (one line: why it cannot be rated),
        with ``solutions`` (0 or 2) when the puzzle is not proper, or the fields of
        :meth:`Rating.to_dict <clew.sudoku.Rating.to_dict>`. The arguments are checked when
        it is called (an input with no puzzle, a binary file, bad ``jobs``), not at the
        first record.

    Examples
    --------
    >>> rate_file("top.txt")
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.SudokuInputError: 'top.txt': no such file, and not a puzzle either: a
    sudoku has n*n cells for a side n of 4 to 25 (16 for 4x4, 36 for 6x6, 81 for 9x9, ...),
    got 7
    >>> [r["level"] for r in rate_file(["..3.4.........42", "# a comment"])]
    ['easy']
    """
    check_jobs(jobs)
    data = read_source(
        source, symbols=check_symbols(symbols), name=name, box=box, variant=variant
    ).data
    work = RateFile(data, symbols=symbols, box=box, variant=variant)
    return _records(
        work,
        jobs=jobs,
        journal=journal,
        dask=dask,
        scheduler=scheduler,
        progress=progress,
        announce=announce,
    )


def _records(
    work: RateFile,
    *,
    jobs: int | None,
    journal: Any,
    dask: str | None,
    scheduler: str | None,
    progress: bool | None,
    announce: Any,
) -> Iterator[dict]:
    if work.puzzles <= CHUNK and journal is None and dask is None and scheduler is None:
        # a puzzle or a few: one piece, rated here (no workers to start, no progress bar)
        for piece in work.pieces():
            yield from work.run_piece(piece)
        return
    chunks = stream(
        work, jobs=jobs, journal=journal, dask=dask, scheduler=scheduler, progress=progress,
        ordered=True, announce=announce,
    )  # fmt: skip
    for _, records in chunks:
        yield from cast("list[dict]", records)
