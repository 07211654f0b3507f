"""The unit of work of :mod:`clew.scale`: what a family hands to the mechanism.

The mechanism knows no problem, as :mod:`concurrent.futures` knows nothing of the callable
it runs. A family describes a long job by subclassing :class:`Work`:

identity
    A JSON object saying what is computed (``{"n": 17, "unique": true}``). A journal stores
    it, with the work's import path, and refuses to resume anything else.
pieces
    A fixed sequence of small, picklable pieces (a list, or any sequence with ``len`` and
    indexing, so a million pieces need not sit in memory as objects). The journal numbers
    them by position.
run_piece
    A pure function of the work and one piece: the same piece gives the same value in this
    process, a worker thread, a worker process or a Dask worker, so a finished piece is
    never computed again and a lost one is simply run again.
combine
    The answer from every piece's value, in piece order.
encode / decode
    How a value is written to the journal (text) and read back.
describe / report
    One line naming the job, for progress bars and ``clew journal show``; what the finished
    pieces already say (a partial sum, puzzles answered).

A journal reopened later finds its work class again from the import path it stored; only
paths inside ``clew`` are followed (a journal is data, never a way to run other code).

Examples
--------
>>> class Squares(Work):
...     releases_gil = False
...     def __init__(self, n):
...         self.n = n
...     def identity(self):
...         return {"n": self.n}
...     @classmethod
...     def from_identity(cls, identity):
...         return cls(identity["n"])
...     def pieces(self):
...         return range(self.n)
...     def run_piece(self, piece):
...         return piece * piece
...     def combine(self, values):
...         return sum(values)
>>> from clew.scale import run
>>> run(Squares(10), jobs=1)
285
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Sequence
from typing import Any, overload

from ..errors import ClewError

__all__ = ["WORKS", "Slices", "Work", "WorkError", "kind_of", "load_work", "work_path"]

#: The kinds of work a journal records, by the class path it stores (:func:`work_path`),
#: each with the words ``clew journal show`` uses for it. Paths, not imports: this package
#: sits below the families, which define the classes (``tests/scale`` checks that every
#: work class of clew that can be read back from a journal is here, and no other).
WORKS = {
    "clew.queens.counting:QueensCount": "a queens count (clew queens count N --journal)",
    "clew.cover.counting:CoverCount": (
        "an exact cover count (clew cover solve FILE --count --journal)"
    ),
    "clew.search.counting:SearchCount": (
        "a count of a search of your own (clew.search.count(..., journal=))"
    ),
    "clew.sudoku.files.solve:SolveFile": "a Sudoku file solved (clew sudoku solve FILE --journal)",
    "clew.sudoku.logic.rate_files:RateFile": (
        "a Sudoku file rated (clew sudoku rate FILE --journal)"
    ),
    "clew.sudoku.generation.generator:GenerateWork": (
        "a Sudoku generation (clew sudoku generate --seed S --journal)"
    ),
}


class WorkError(ClewError):
    """A work object that cannot be used: a bad identity, an unknown work class."""


class Work:
    """A long job cut into pieces; subclass it and pass an instance to :func:`clew.scale.run`.

    Attributes
    ----------
    releases_gil : bool
        True when :meth:`run_piece` spends its time in compiled code that releases the GIL
        (numba ``nogil`` kernels): the pieces then run on threads of this process, with no
        process start-up and no copying. False: on worker processes.
    layout : int
        Version of the piece layout; bump it when the pieces of the same identity change,
        so that an old journal is refused instead of misread.
    """

    releases_gil: bool = False
    layout: int = 1

    # -- what is computed ---------------------------------------------------------------------

    def identity(self) -> dict:
        """The JSON object that says what is computed (compared when a journal reopens)."""
        raise NotImplementedError(f"{type(self).__name__} must define identity()")

    @classmethod
    def from_identity(cls, identity: dict) -> Work:
        """The work again from its identity (for ``clew journal show`` and resuming)."""
        raise NotImplementedError(f"{cls.__name__} must define from_identity()")

    def pieces(self) -> Sequence:
        """The pieces, in a fixed order."""
        raise NotImplementedError(f"{type(self).__name__} must define pieces()")

    def run_piece(self, piece: Any) -> Any:
        """The value of one piece: a pure function, safe to run anywhere."""
        raise NotImplementedError(f"{type(self).__name__} must define run_piece()")

    def combine(self, values: list) -> Any:
        """The answer from the values of all pieces, in piece order."""
        raise NotImplementedError(f"{type(self).__name__} must define combine()")

    # -- the journal ----------------------------------------------------------------------------

    def encode(self, value: Any) -> str:
        """A value as journal text (default: JSON)."""
        return json.dumps(value, separators=(",", ":"))

    def decode(self, text: str) -> Any:
        """A value read back from the journal (default: JSON)."""
        return json.loads(text)

    # -- words for people -------------------------------------------------------------------------

    def describe(self) -> str:
        """A short name of the job, for progress bars and messages."""
        return type(self).__name__

    def report(self, done: dict[int, Any], pieces: int) -> dict:
        """What the finished pieces ``{index: value}`` say so far, as a small JSON object
        (``clew journal show`` prints it): by default nothing beyond the count."""
        return {}

    def summary(self, answer: Any) -> str:
        """The finished answer in words (``clew journal show``); by default its JSON (never
        a Python repr), or ``str`` of what JSON cannot write."""
        try:
            return json.dumps(answer)
        except (TypeError, ValueError):
            return str(answer)


class Slices(Sequence[tuple[int, int]]):
    """``count`` contiguous slices ``(lo, hi)`` of ``range(total)``, as near equal as can be,
    computed on demand: the pieces of a job over a table, however many.

    >>> s = Slices(10, 3)
    >>> len(s), list(s)
    (3, [(0, 3), (3, 6), (6, 10)])
    """

    def __init__(self, total: int, count: int) -> None:
        self.total = int(total)
        # _count, not count: Sequence.count(value) stays the method every sequence has
        self._count = max(1, min(int(count), self.total)) if self.total else 0

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, i: int) -> tuple[int, int]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[int, int]]: ...
    def __getitem__(self, i: int | slice) -> tuple[int, int] | list[tuple[int, int]]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(self._count))]
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError(i)
        return (self.total * i // self._count, self.total * (i + 1) // self._count)


def work_path(work: Work | type) -> str:
    """The import path ``module:Class`` under which a journal stores ``work``'s class."""
    cls = work if isinstance(work, type) else type(work)
    return f"{cls.__module__}:{cls.__qualname__}"


def kind_of(identity: dict) -> str:
    """The kind of work a journal's ``identity`` records, in words (:data:`WORKS`), or its
    class path when clew does not list it.

    >>> kind_of({"work": "clew.queens.counting:QueensCount"})
    'a queens count (clew queens count N --journal)'
    """
    path = identity.get("work") if isinstance(identity, dict) else None
    return WORKS.get(str(path), str(path))


def load_work(identity: dict) -> Work:
    """The work recorded as ``identity`` in a journal (its ``work`` key names the class).

    Only classes inside ``clew`` are loaded: a journal is data and never a way to import
    other code.
    """
    path = identity.get("work") if isinstance(identity, dict) else None
    if not isinstance(path, str) or ":" not in path:
        raise WorkError(f"no work class recorded ({identity!r})")
    module, _, name = path.partition(":")
    if module != "clew" and not module.startswith("clew."):
        raise WorkError(
            f"refusing to load work class {path!r}: only classes inside clew are loaded"
        )
    try:
        cls = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise WorkError(
            f"unknown work class {path!r} (written by another version of clew?)"
        ) from None
    if not (isinstance(cls, type) and issubclass(cls, Work)):
        raise WorkError(f"{path!r} is not a clew work class")
    body = {k: v for k, v in identity.items() if k not in ("work", "layout")}
    if identity.get("layout") != cls.layout:
        raise WorkError(
            f"the journal's pieces use layout {identity.get('layout')} of {path}, this clew layout "
            f"{cls.layout}"
        )
    return cls.from_identity(body)


def full_identity(work: Work) -> dict:
    """What a journal stores: the work's identity with its class path and layout."""
    body = work.identity()
    if not isinstance(body, dict) or "work" in body or "layout" in body:
        raise WorkError(
            f"{work_path(work)}.identity() must return a dict without 'work' or 'layout' keys"
        )
    return {"work": work_path(work), "layout": work.layout, **body}
