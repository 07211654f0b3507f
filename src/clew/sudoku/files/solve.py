"""Files of puzzles, one per line: read, cut into chunks, solve through :mod:`clew.scale`,
answer in file order.

:func:`solve_file` is what ``clew sudoku solve FILE`` runs. The whole file is read into one
int8 array per grid size (:func:`~clew.sudoku.files.batch.read_lines`: no Python work per
well-formed line), cut into chunks of consecutive puzzles of one size, and each chunk is
one kernel call: the pieces of a :class:`SolveFile` work object. So a file can be solved on
every core (threads: the kernels release the GIL), on Dask, and with a journal that a
rerun resumes; answers come back in file order as the chunks finish in order, and a run
killed and resumed prints exactly the bytes of an uninterrupted one.
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

import numpy as np

from ..._kernel_cache import announce as announce_compiling
from ...errors import DEFAULT_JOBS, ArgumentError, ClewError, check_jobs, check_limit
from ...scale import Work, stream
from ..grid import Grid, check_symbols
from ..shape import MAX_COUNT, as_shape
from .batch import FIRST_KIND, format_lines, read_data
from .source import read_source

__all__ = ["INVALID", "MODES", "Answer", "Answers", "SolveFile", "Tally", "solve_file"]

#: What is asked of each puzzle: its first solution, whether it is the only one, or the
#: number of its solutions (up to a limit).
MODES = ("solve", "unique", "count")
#: Puzzles per chunk at most (one kernel call each).
CHUNK = 1024
#: Chunks a file is cut into at least, when it has enough puzzles: enough to keep every
#: core busy to the end and to resume at a fine grain.
CHUNKS = 64


@dataclass(frozen=True)
class Answer:
    """The answer to one puzzle line of a file.

    Attributes
    ----------
    index : int
        The puzzle's place among the file's puzzles, from 0.
    line : int
        Its line in the file, from 1 (blank lines and comments counted).
    puzzle : str
        The line as written.
    status : str
        ``"solved"``, ``"unique"``, ``"no solution"``, ``"not unique"``, ``"counted"`` or
        ``"invalid"``.
    solution : str or None
        The one-line solution in the puzzle's alphabet (when solved or unique).
    count, exact : int or None, bool or None
        With mode ``count``: the solutions counted, and False when the count reached the limit.
    error : str or None
        The one-line reason of an invalid line.
    grid : Grid or None
        The solution as a :class:`~clew.sudoku.Grid` of the puzzle's shape (its boxes or
        jigsaw regions, its variants and alphabet): ``grid.to_text()`` draws it as the
        puzzle is drawn. Not compared, not in :meth:`to_dict` (``solution`` is its line).
    """

    index: int
    line: int
    puzzle: str
    status: str
    solution: str | None = None
    count: int | None = None
    exact: bool | None = None
    error: str | None = None
    grid: Grid | None = field(default=None, compare=False, repr=False)
    mode: str = field(default="solve", compare=False, repr=False)

    def to_dict(self) -> dict:
        """The answer as JSON data: ``line``, ``puzzle``, ``status``, then ``solution``
        (modes solve and unique) or ``count`` and ``exact`` (mode count), and ``error`` for
        an invalid line -- what ``clew sudoku solve --format json`` prints.

        >>> answer = Answer(0, 3, "11..", "invalid", error="r1c1 and r1c2 are both 1 in row 1")
        >>> answer.to_dict()  # doctest: +NORMALIZE_WHITESPACE
        {'line': 3, 'puzzle': '11..', 'status': 'invalid', 'solution': None,
         'error': 'r1c1 and r1c2 are both 1 in row 1'}
        """
        record: dict = {"line": self.line, "puzzle": self.puzzle, "status": self.status}
        if self.mode == "count":
            record.update(count=self.count, exact=self.exact)
        else:
            record["solution"] = self.solution
        if self.error is not None:
            record["error"] = self.error
        return record


class Tally:
    """What a file's answers add up to: puzzles, invalid lines, puzzles without a solution,
    puzzles with several (mode ``unique``), and the outcome."""

    def __init__(self) -> None:
        self.puzzles = self.invalid = self.none = self.several = 0

    def add(self, answer: Answer) -> Answer:
        self.puzzles += 1
        if answer.status == "invalid":
            self.invalid += 1
        elif answer.status == "no solution":
            self.none += 1
        elif answer.status == "not unique":
            self.several += 1
        return answer

    @property
    def outcome(self) -> str:
        """``"invalid"`` when some line is not a valid puzzle, ``"failed"`` when some
        puzzle has no solution (or, in mode ``unique``, several), else ``"ok"``."""
        if self.invalid:
            return "invalid"
        return "failed" if self.none or self.several else "ok"

    def summary(self) -> str | None:
        """One line naming what went wrong (``4 puzzles: 1 invalid, 1 without a
        solution``), or None when every puzzle was answered."""
        parts = []
        if self.invalid:
            parts.append(f"{self.invalid} invalid")
        if self.none:
            parts.append(f"{self.none} without a solution")
        if self.several:
            parts.append(f"{self.several} not unique")
        if not parts:
            return None
        noun = "puzzle" if self.puzzles == 1 else "puzzles"
        return f"{self.puzzles} {noun}: {', '.join(parts)}"


def _chunk_size(valid: int) -> int:
    """Puzzles per chunk: a function of the file alone (never of the number of workers), so
    that a journal resumes whatever ``jobs`` the rerun has."""
    return max(1, min(CHUNK, math.ceil(valid / CHUNKS)))


class SolveFile(Work):
    """Solving a file of puzzles (``data``, its bytes) in ``mode`` ``solve``, ``unique`` or
    ``count`` (up to ``limit``, default :data:`~clew.sudoku.MAX_COUNT`), digits written with
    ``symbols``; ``box`` and ``variant`` apply to every line (jigsaw and killer lines carry
    their own regions and cages). The pieces are ``(kind, first, rows)``: ``rows`` puzzles
    of one kind (:mod:`clew.sudoku.files.batch`: a classic box size, or a side of other shapes)
    from row ``first`` of the file's array of that kind; a value is the chunk's counts and
    first solutions.
    """

    releases_gil = True

    def __init__(
        self,
        data: bytes,
        mode: str = "solve",
        limit: int | None = None,
        symbols: str | None = None,
        box: Any = None,
        variant: Any = None,
    ) -> None:
        if mode not in MODES:
            raise ClewError(f"mode must be one of {', '.join(MODES)}, got {mode!r}")
        limit = check_limit(limit)
        searched = {"solve": 1, "unique": 2}.get(mode)  # the limit each of these modes is
        if limit is not None and searched is not None:
            if limit != searched:
                raise ArgumentError(
                    f"mode {mode!r} searches up to {searched} solutions: "
                    f"a limit of {limit} applies to mode 'count' only"
                )
            limit = None
        self.mode = mode
        self.limit = limit
        self.symbols = check_symbols(symbols)
        self.box, self.variant = box, variant
        self.kernel_limit = (
            (self.limit or MAX_COUNT) if mode == "count" else (2 if mode == "unique" else 1)
        )
        self.sha256 = hashlib.sha256(data).hexdigest()
        self.batch = read_data(data, symbols=self.symbols, box=box, variant=variant)
        self._plan()

    def _plan(self) -> None:
        batch = self.batch
        valid = np.flatnonzero(batch.sizes)
        size = _chunk_size(len(valid))
        plan: list[tuple[int, int, int]] = []
        self.members: list[np.ndarray] = []  # the puzzle indices of each chunk
        sizes = batch.sizes[valid]
        start = 0
        while start < len(valid):
            k = int(sizes[start])
            stop = min(start + size, len(valid))
            differs = np.flatnonzero(sizes[start:stop] != k)
            if len(differs):
                stop = start + int(differs[0])
            plan.append((k, int(batch.rows[valid[start]]), stop - start))
            self.members.append(valid[start:stop])
            start = stop
        self.plan = plan
        self.puzzles = len(batch)

    # -- the protocol ---------------------------------------------------------------------------

    def identity(self) -> dict:
        shape = {
            key: value
            for key, value in (("box", self.box), ("variant", self.variant))
            if value is not None
        }
        return {
            **shape,
            "solve": "sudoku file",
            "sha256": self.sha256,
            "puzzles": self.puzzles,
            "mode": self.mode,
            "limit": self.limit,
            "symbols": self.symbols,
            "chunk": _chunk_size(int(np.count_nonzero(self.batch.sizes))),
        }

    @classmethod
    def from_identity(cls, identity: dict) -> SolveFile:
        # the puzzles are not in the journal: this object can describe and report on a
        # journal, not run its pieces
        work = cls.__new__(cls)
        work.mode, work.limit, work.symbols = (
            identity["mode"],
            identity["limit"],
            identity["symbols"],
        )
        work.box, work.variant = identity.get("box"), identity.get("variant")
        work.sha256, work.puzzles = identity["sha256"], identity["puzzles"]
        work.kernel_limit = (
            (work.limit or MAX_COUNT)
            if work.mode == "count"
            else (2 if work.mode == "unique" else 1)
        )
        # read from a journal: no file, nothing to run (pieces() says so), words only
        work.batch = None  # type: ignore[assignment]  # the one state without a batch
        work.plan = None  # type: ignore[assignment]  # pieces() refuses it, naming why
        return work

    def pieces(self) -> list:
        if self.plan is None:
            raise ClewError(
                "this sudoku file work was read from a journal: give the file to run it"
            )
        return self.plan

    def run_piece(self, piece: tuple[int, int, int]) -> tuple[np.ndarray, np.ndarray]:
        from ..kernels import run  # the kernels: loaded by the first piece, not by reading

        kind, first, rows = piece
        puzzles = self.batch.arrays[kind][first : first + rows]
        if kind < FIRST_KIND:
            return run(puzzles, kind, self.kernel_limit)
        return run(
            puzzles, None, self.kernel_limit, shapes=self.batch.shapes[kind][first : first + rows]
        )

    def combine(self, values: list) -> dict:
        counts = np.concatenate([c for c, _ in values]) if values else np.zeros(0, np.int64)
        return self._counted(counts)

    def _counted(self, counts: np.ndarray) -> dict:
        answer = {"puzzles": self.puzzles, "solved": int(np.count_nonzero(counts))}
        if self.mode == "unique":
            answer["unique"] = int(np.count_nonzero(counts == 1))
        if self.mode == "count":
            answer["solutions"] = int(counts.sum())
        return answer

    def encode(self, value: tuple[np.ndarray, np.ndarray]) -> str:
        counts, sols = value
        return json.dumps(
            {
                "counts": counts.tolist(),
                "cells": int(sols.shape[1]) if sols.size else 0,
                "grids": base64.b64encode(np.ascontiguousarray(sols, np.int8).tobytes()).decode(
                    "ascii"
                ),
            },
            separators=(",", ":"),
        )

    def decode(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        record = json.loads(text)
        counts = np.asarray(record["counts"], np.int64)
        cells = record["cells"] if "cells" in record else record["k"] ** 4
        sols = (
            np.frombuffer(base64.b64decode(record["grids"]), np.int8).reshape(len(counts), cells)
            if cells
            else np.zeros((len(counts), 0), np.int8)
        )
        return counts, sols

    def describe(self) -> str:
        return f"sudoku file ({self.puzzles} puzzles, {self.mode}, sha256 {self.sha256[:12]})"

    def report(self, done: dict, pieces: int) -> dict:
        counts = np.concatenate([c for c, _ in done.values()]) if done else np.zeros(0, np.int64)
        return {
            "answered": int(len(counts)),
            **{k: v for k, v in self._counted(counts).items() if k != "puzzles"},
        }

    def summary(self, answer: dict) -> str:
        parts = [f"{answer['puzzles']} puzzles", f"{answer['solved']} with a solution"]
        if "unique" in answer:
            parts.append(f"{answer['unique']} unique")
        if "solutions" in answer:
            parts.append(f"{answer['solutions']} solutions counted")
        return ", ".join(parts)

    # -- answers ----------------------------------------------------------------------------------

    def answers(
        self, values: Iterator[tuple[int, tuple[np.ndarray, np.ndarray]]]
    ) -> Iterator[Answers]:
        """The answers of the file in order, one :class:`Answers` per chunk, from the chunk
        values ``(piece index, (counts, solutions))`` given in piece order; invalid lines
        come with the chunk after them (or at the end)."""
        batch = self.batch
        done = 0  # puzzles (valid or not) answered so far, in file order
        for index, (counts, sols) in values:
            kind, first = self.plan[index][:2]
            texts: Sequence[str | None]
            if self.mode == "count":  # counted answers carry no solution
                texts = [None] * len(counts)
            else:
                texts = format_lines(
                    sols, kind if kind < FIRST_KIND else batch.shapes[kind][first], self.symbols
                )
            members = self.members[index]
            stop = int(members[-1]) + 1 if len(members) else done
            found = np.asarray(counts, np.int64)
            where = np.arange(
                len(members)
            )  # the row of sols of each answer, -1 for an invalid line
            if stop - done != len(members):  # invalid lines before or between these puzzles
                spots = members - done
                full = np.full(stop - done, INVALID, np.int64)
                full[spots] = found
                spread: list[str | None] = [None] * (stop - done)
                for j, w in enumerate(spots.tolist()):
                    spread[w] = texts[j]
                found, texts = full, spread
                where = np.full(stop - done, -1, np.int64)
                where[spots] = np.arange(len(members))
            yield Answers(self, done, found, texts, _Solutions(self, kind, first, sols, where))
            done = stop
        if done < len(batch):
            yield Answers(
                self,
                done,
                np.full(len(batch) - done, INVALID, np.int64),
                [None] * (len(batch) - done),
            )

    def _invalid(self, i: int) -> Answer:
        b = self.batch
        return Answer(
            i, b.line_numbers[i], b.texts[i], "invalid", error=b.errors[i], mode=self.mode
        )

    def _answer(self, i: int, found: int, solution: str | None, grid: Any = None) -> Answer:
        b = self.batch
        line, text, mode = b.line_numbers[i], b.texts[i], self.mode
        if mode == "count":
            return Answer(
                i, line, text, "counted", count=found, exact=found < self.kernel_limit, mode=mode
            )
        if found == 0:
            return Answer(i, line, text, "no solution", mode=mode)
        if mode == "unique":
            if found > 1:
                return Answer(i, line, text, "not unique", mode=mode)
            return Answer(i, line, text, "unique", solution=solution, grid=grid(), mode=mode)
        return Answer(i, line, text, "solved", solution=solution, grid=grid(), mode=mode)


class _Solutions:
    """The solutions of one chunk as :class:`~clew.sudoku.Grid` values of their puzzles'
    shapes, each made when an :class:`Answer` asks for it."""

    def __init__(
        self, work: SolveFile, kind: int, first: int, sols: np.ndarray, where: np.ndarray
    ) -> None:
        self.work, self.kind, self.first, self.sols, self.where = work, kind, first, sols, where

    def grid(self, j: int) -> Grid | None:
        row = int(self.where[j])
        if row < 0 or self.work.mode == "count":
            return None
        kind = self.kind
        shape = (
            as_shape(kind) if kind < FIRST_KIND else self.work.batch.shapes[kind][self.first + row]
        )
        return Grid._make(self.sols[row].tobytes(), shape, self.work.symbols)


#: ``Answers.found`` of a line that is not a valid puzzle.
INVALID = -1


class Answers(Sequence):
    """The answers to consecutive puzzle lines of a file (a chunk), in file order: a
    sequence of :class:`Answer`, each made when it is asked for, and the same answers in
    bulk (``found``: the solutions the kernel found for each line, up to its limit, or
    :data:`INVALID`), written as text by :meth:`line_text` without Python work per answer
    beyond joining strings."""

    def __init__(
        self,
        work: SolveFile,
        first: int,
        found: np.ndarray,
        solutions: list,
        grids: _Solutions | None = None,
    ) -> None:
        self._work, self.first, self.found, self._solutions, self._grids = (
            work,
            first,
            found,
            solutions,
            grids,
        )

    def __len__(self) -> int:
        return len(self.found)

    def __getitem__(self, j: int | slice) -> Any:
        if isinstance(j, slice):
            return [self[i] for i in range(*j.indices(len(self)))]
        if j < 0:
            j += len(self)
        if not 0 <= j < len(self):
            raise IndexError(j)
        i, found = self.first + j, int(self.found[j])
        if found == INVALID:
            return self._work._invalid(i)
        grids = self._grids
        return self._work._answer(
            i, found, self._solutions[j], lambda: None if grids is None else grids.grid(j)
        )

    def __eq__(self, other: object) -> bool:  # as the list of answers it stands for
        if isinstance(other, (Answers, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Answers({list(self)!r})"

    def tally(self, tally: Tally) -> None:
        """Add these answers to ``tally`` (what :meth:`Tally.add` does one at a time)."""
        work, found = self._work, self.found
        tally.puzzles += len(found)
        tally.invalid += int(np.count_nonzero(found == INVALID))
        if work.mode != "count":
            tally.none += int(np.count_nonzero(found == 0))
        if work.mode == "unique":
            tally.several += int(np.count_nonzero(found > 1))

    def line_text(self, line_numbers: bool = False) -> str:
        """The answers as ``clew sudoku solve`` prints them one per line (each followed by a
        newline): the solution, ``no solution``, ``not unique``, ``N solutions`` or ``at
        least N solutions`` (mode count), ``invalid: REASON``; with ``line_numbers`` each
        prefixed by its line's number and a colon."""
        work, found = self._work, self.found
        if work.mode == "count":
            words = {c: _count_words(c, c < work.kernel_limit) for c in np.unique(found).tolist()}
            parts = [words[c] for c in found.tolist()]
        else:
            parts = list(self._solutions)
            if not (found == 1).all():
                for j in np.flatnonzero(found != 1).tolist():
                    c = int(found[j])
                    parts[j] = (
                        "no solution"
                        if c == 0
                        else "not unique"
                        if work.mode == "unique" and c > 1
                        else parts[j]
                    )
        bad = np.flatnonzero(found == INVALID).tolist()
        for j in bad:
            parts[j] = f"invalid: {work.batch.errors[self.first + j]}"
        if line_numbers:
            numbers = work.batch.line_numbers[self.first : self.first + len(found)]
            parts = [f"{n}: {p}" for n, p in zip(numbers, parts, strict=True)]
        return "\n".join(parts) + "\n" if parts else ""


def _count_words(count: int, exact: bool) -> str:
    words = f"{count} solution{'' if count == 1 else 's'}"
    return words if exact else f"at least {words}"


#: A file of at most this many puzzles is first tried in the interpreter (see
#: :func:`_interpreted`), when the kernels are not loaded in the process yet.
SMALL_FILE = 8
#: Branchings the interpreter may spend on such a file (about 0.3 s, the start of the
#: compiled path) before the file goes to the kernels.
SMALL_NODES = 3000


def _interpreted(work: SolveFile) -> list[tuple[np.ndarray, np.ndarray]] | None:
    """The values of every piece of a small file, found in the interpreter, or None when the
    file is not a small job for it.

    The compiled path costs about 0.7 s before its first node (numba's import and first
    call), and a typical puzzle takes the interpreted solver (:mod:`._interpreted`)
    milliseconds, so a file of a few classic puzzles is answered here. Its answers are the
    kernels' answers: counts are exact up to the same limit, and a solution is given only
    when it is the puzzle's only one (with several, "the first" depends on the search
    order, so the file goes to the kernels). Out of budget (:data:`SMALL_NODES`), or once
    the kernels are loaded in this process, the kernels answer.
    """
    from .. import _interpreted, geometry

    if _interpreted.compiled_loaded():
        return None  # the compiled path is already paid for
    if sum(rows for _, _, rows in work.plan) > SMALL_FILE or any(
        kind >= FIRST_KIND for kind, _, _ in work.plan
    ):
        return None
    budget = SMALL_NODES // max(1, sum(rows for _, _, rows in work.plan))  # per puzzle
    values = []
    for kind, first, rows in work.plan:
        n = kind * kind
        peers, units = geometry.peers(kind), geometry.units(kind)
        puzzles = work.batch.arrays[kind][first : first + rows]
        counts = np.zeros(rows, np.int64)
        sols = np.zeros_like(puzzles)
        limit = work.kernel_limit if work.mode == "count" else 2
        for j, puzzle in enumerate(puzzles.tolist()):
            try:
                found, solution = _interpreted.count(
                    puzzle, n, peers, units, limit=limit, max_nodes=budget
                )
            except _interpreted.OutOfNodes:
                return None
            if work.mode == "solve" and found > 1:
                return None  # which solution comes first is the kernels' to say
            counts[j] = min(found, work.kernel_limit)
            if solution is not None:
                sols[j] = solution
        values.append((counts, sols))
    return values


def solve_file(
    source: Any,
    *,
    mode: str = "solve",
    limit: int | None = None,
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
) -> Iterator[Answers]:
    """Solve every puzzle of a file (one puzzle per line) and yield the answers in file
    order, an :class:`Answers` sequence per chunk, as the chunks finish in order.

    ``source`` is read by the one reader of :mod:`clew.sudoku.files.source`: bytes or a ``str``
    with line breaks are the file's text, a path (``pathlib.Path``, or a ``str`` naming an
    existing file) is read, a one-line ``str`` is one puzzle, an iterable of lines is its
    lines; anything else is a ``TypeError``. Blank lines and ``#`` comments are skipped, CRLF
    is fine; a line that is not a valid puzzle gets an ``invalid`` answer with the reason,
    and the other lines are still answered. ``mode``, ``limit`` (keyword-only, checked by
    :func:`clew.errors.check_limit`), ``symbols``, ``box`` and ``variant`` are those of
    :class:`SolveFile`; ``jobs`` (default :data:`clew.errors.DEFAULT_JOBS`, 1; ``None``:
    one thread per core), ``journal``, ``dask``, ``scheduler``, ``progress`` and ``announce``
    those of :func:`clew.scale.stream`; ``name`` names the input in messages
    (``"<stdin>"``). The arguments are checked when it is called: an input with no puzzle,
    a binary file, a bad ``limit`` or ``jobs`` raise at once.

    Examples
    --------
    >>> data = b"1...............\\n# a comment\\n11..............\\n2...3.2......4..\\n"
    >>> for chunk in solve_file(data):
    ...     for a in chunk:
    ...         print(a.line, a.status, *filter(None, [a.solution, a.error]))
    1 solved 1234431234212143
    3 invalid r1c1 and r1c2 are both 1 in row 1
    4 no solution
    >>> solve_file(b"# nothing\\n")
    Traceback (most recent call last):
    ...
    clew.sudoku.grid.SudokuInputError: read no puzzle from the input: only blank lines and comments
    """
    check_jobs(jobs)
    data = read_source(
        source, symbols=check_symbols(symbols), name=name, box=box, variant=variant
    ).data
    work = SolveFile(data, mode, limit, symbols, box, variant)
    if journal is None and dask is None and scheduler is None:
        quick = _interpreted(work)
        if quick is not None:
            return work.answers(enumerate(quick))
    kernels = {
        module
        for kind, _, _ in work.plan or ()
        for module in (
            ("_kernels9.py",)
            if kind == 3
            else ("_kernels.py", "_kernels_dfs.py")
            if kind < FIRST_KIND
            else ("_kernels_shape.py", "_kernels_cages.py", "_kernels_dfs.py")
        )
    }
    announce_compiling(*sorted(f"sudoku/compiled/{module}" for module in kernels))
    values = stream(
        work,
        jobs=jobs,
        journal=journal,
        dask=dask,
        scheduler=scheduler,
        progress=progress,
        ordered=True,
        announce=announce,
    )
    # the values are what run_piece returned: (counts, first solutions) of each chunk
    return work.answers(cast("Iterator[tuple[int, tuple[np.ndarray, np.ndarray]]]", values))
