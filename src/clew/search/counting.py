"""A search on every core: :class:`SearchCount`, the work object of :mod:`clew.scale`.

The search is cut on its first choices: level by level, every state that is not a solution
is replaced by its children (the same branching as the search, so the order is kept),
until there are enough pieces. Every solution lies below exactly one piece, so the counts
of the pieces add up to the total, and their solutions, read in piece order, are the
solutions in search order. The cut keeps its own small tree (the parent of each state it
made), so that the statistics of a parallel run -- the dead ends among the placements of
the cut included -- are exactly those of the search in one thread.

The problem's functions are plain Python, which holds the GIL: the pieces run on worker
processes (``releases_gil = False``). On Linux the workers are forked and inherit the
problem as it is; for processes started by spawn and for Dask it is pickled, with
cloudpickle when it is installed (lambdas travel by value), else with pickle, which
refuses a lambda with a message naming it (see :class:`~clew.search.Problem`).
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import pickle
from typing import Any

from ..errors import check_size
from ..scale import Work, WorkError
from .engine import Stats, rule, walk
from .problem import Parts, SearchError, blame, checked_extend, parts

__all__ = ["PIECES", "SearchCount", "check_sendable"]

#: Pieces of a parallel search, at least: many more than workers, so that pieces of very
#: different sizes still balance (16 per worker when there are more workers).
PIECES = 64


def check_sendable(problem: object) -> None:
    """Where worker processes cannot be forked (macOS, Windows), check before starting them
    that ``problem`` can be pickled: the :class:`~clew.search.SearchError` naming the
    function that cannot be sent, rather than a failure while the pool starts."""
    if "fork" not in multiprocessing.get_all_start_methods():
        pickle.dumps(problem)


class SearchCount(Work):
    """The solutions of a search problem, counted (or collected) piece by piece.

    Parameters
    ----------
    problem : Problem
        The problem.
    pieces : int, optional
        Cut the search into at least this many pieces when it has that many states on one
        level (default: :data:`PIECES`, or 16 per job).
    order : {None, "first", "mrv"}
        How to branch (see :func:`~clew.search.problem.parts`).
    jobs : int, optional
        The workers the pieces are meant for (sets the default ``pieces``).
    solutions : bool
        Each piece's value holds the list of its solutions instead of their number (for
        :func:`clew.search.solutions` with ``jobs``; such values are not journaled).

    The answer (:meth:`combine`) is a :class:`~clew.search.Stats`, the same as the search
    in one thread gives (its ``first`` solution is None when the piece that holds it was
    read back from a journal).

    Examples
    --------
    >>> from clew import search
    >>> from clew.scale import run
    >>> work = search.SearchCount(search.examples.queens(8), pieces=10)
    >>> len(work.pieces())
    42
    >>> run(work, jobs=2, executor="threads").solutions
    92
    """

    releases_gil = False

    def __init__(
        self,
        problem: object,
        pieces: int | None = None,
        *,
        order: str | None = None,
        jobs: int | None = None,
        solutions: bool = False,
    ) -> None:
        got = parts(problem, order)
        self._got: Parts | None = got  # None once read back from a journal
        self.problem = problem
        self.order = got.order
        if pieces is None:
            pieces = max(PIECES, 16 * (jobs or 1))
        self.pieces_asked = check_size(pieces, name="pieces", low=1, high=1 << 24)
        self.keep = bool(solutions)
        # (pieces, parents, nodes, prunes, depth), made on first use
        self._cut: tuple[list[tuple[int, Any, Any]], list[int], int, int, int] | None = None
        self._name: str | None = None  # the search's name, of a work read from a journal

    # -- the cut -------------------------------------------------------------------------------

    def _cutting(self) -> tuple[list[tuple[int, Any, Any]], list[int], int, int, int]:
        if self._cut is not None:
            return self._cut
        got = self._got
        if got is None:
            raise WorkError("this search came from a journal: run the problem itself to resume it")
        choices, accept, extend, done = rule(got)
        parents = [-1]  # the cut's tree: the parent of each state it made; 0 is the start
        frontier: list[tuple[int, Any, Any]] = [(0, got.start, 0)]  # (number, state, depth)
        nodes = prunes = depth = 0
        try:
            while len(frontier) < self.pieces_asked:
                grown, level = False, []
                for number, s, d in frontier:
                    if done(s):  # -> done
                        level.append((number, s, d))  # a solution stays a piece of its own
                        continue
                    grown = True
                    for c in choices(s):  # -> iter choices
                        if accept is not None and not accept(s, c):  # -> accept
                            prunes += 1
                            continue
                        t = checked_extend(got, extend, s, c)  # -> extend
                        nodes += 1
                        parents.append(number)
                        level.append((len(parents) - 1, t, d + 1))
                        depth = max(depth, d + 1)
                if not grown:
                    break
                frontier = level
        except SearchError:
            raise
        except Exception as exc:
            raise blame(exc, got) from exc
        self._cut = (frontier, parents, nodes, prunes, depth)
        return self._cut

    # -- the work protocol ---------------------------------------------------------------------

    def identity(self) -> dict:
        frontier, parents, nodes, prunes, depth = self._cutting()
        states = repr([s for _, s, _ in frontier]).encode()
        return {
            "search": self._got.name if self._got is not None else self._name,
            "order": self.order,
            "pieces": self.pieces_asked,
            "sha256": hashlib.sha256(states).hexdigest(),
            "parents": parents,
            "cut": [nodes, prunes, depth],
            "roots": [number for number, _, _ in frontier],
        }

    @classmethod
    def from_identity(cls, identity: dict) -> SearchCount:
        """The work of a journal, for reading it (``clew journal show``): the problem is
        Python code, not data, so its pieces cannot be run again from the journal alone."""
        work = cls.__new__(cls)
        try:
            work.problem, work._got = None, None
            work.order, work.pieces_asked, work.keep = identity["order"], identity["pieces"], False
            nodes, prunes, depth = identity["cut"]
            roots = identity["roots"]
            work._cut = (
                [(r, None, None) for r in roots],
                identity["parents"],
                nodes,
                prunes,
                depth,
            )
            work._name = identity["search"]
        except (KeyError, TypeError, ValueError):
            raise WorkError(
                "a search journal without its cut (written by another version of clew?)"
            ) from None
        return work

    def pieces(self) -> list:
        return [(number, s, d) for number, s, d in self._cutting()[0]]

    def run_piece(self, piece: tuple[int, Any, int]) -> tuple:
        """``(count or solutions, nodes, backtracks, prunes, max_depth, first solution)``
        below the piece's state (its own placement belongs to the cut)."""
        if self._got is None:
            raise WorkError("this search came from a journal: run the problem itself to resume it")
        _, state, depth = piece
        stats = Stats()
        found: list | int
        if self.keep:
            found = list(walk(self._got, stats, None, state, depth))
        else:
            for _ in walk(self._got, stats, None, state, depth):
                pass
            found = stats.solutions
        return found, stats.nodes, stats.backtracks, stats.prunes, stats.max_depth, stats.first

    def combine(self, values: list) -> Stats:
        frontier, parents, nodes, prunes, depth = self._cutting()
        below = [0] * len(parents)  # solutions below each state of the cut
        stats = Stats(nodes=nodes, prunes=prunes, max_depth=depth)
        for (number, _, _), (found, n, b, p, d, first) in zip(frontier, values, strict=False):
            below[number] += len(found) if isinstance(found, list) else found
            if stats.first is None:
                stats.first = first
            stats.nodes += n
            stats.backtracks += b
            stats.prunes += p
            stats.max_depth = max(stats.max_depth, d)
        for number in range(len(parents) - 1, 0, -1):  # children come after their parents
            below[parents[number]] += below[number]
        stats.solutions = below[0]
        # the placements of the cut that no solution extends
        stats.backtracks += sum(1 for number in range(1, len(parents)) if not below[number])
        return stats

    def encode(self, value: Any) -> str:
        """The numbers of a piece (a solution is Python data, not journal text: a piece read
        back from a journal has no first solution)."""
        if isinstance(value[0], list):
            raise WorkError(
                "the solutions of a search are not written to a journal: journal a count"
            )
        return json.dumps(list(value[:5]), separators=(",", ":"))

    def decode(self, text: str) -> tuple:
        return (*json.loads(text), None)

    def describe(self) -> str:
        name = self._got.name if self._got is not None else (self._name or "search")
        return f"search {name} ({self.order})"

    def report(self, done: dict, pieces: int) -> dict:
        return {
            "partial": sum(v[0] if not isinstance(v[0], list) else len(v[0]) for v in done.values())
        }

    def summary(self, answer: Stats) -> str:
        return (
            f"{answer.solutions} solutions ({answer.nodes:,} nodes, {answer.backtracks:,} "
            "backtracks, "
            f"max depth {answer.max_depth})"
        )

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_cut"] = None  # the pieces travel in their batches; combine runs here
        state["_got"] = None
        return state

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)
        if self.problem is not None:
            self._got = parts(self.problem, self.order)
