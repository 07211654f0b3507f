"""Exact cover: search, solve, enumerate, cut into pieces (the friendly layer over the
kernels).

Every function takes a :class:`~clew.cover.Problem` or anything :func:`as_problem` turns
into one (lists of item names, a 0/1 matrix, a file in Knuth's format), runs the engine the
registry chooses (:mod:`clew.cover.engines`, :mod:`clew.cover.kernels`) with a ``limit``
(1 solves, ``None`` counts all) and returns solutions as sorted lists of option indices
(``problem.describe(solution)`` gives their items, in the caller's own names).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np

from ..errors import ArgumentError, check_limit
from .engines import AUTO
from .forms import ProblemLike, as_problem
from .kernels import COUNT, DONE, NODES, kernel, new_meta, search_tables
from .problem import CoverInputError, Problem

__all__ = [
    "Search",
    "prefixes",
    "reduce",
    "solutions",
    "solve",
]


def _limit(limit: int | None) -> int:
    """The kernel's limit: 0 for ``None`` (no limit); else :func:`clew.errors.check_limit`'s."""
    limit = check_limit(limit)
    return 0 if limit is None else limit


def _batch(batch: int) -> int:
    if (
        isinstance(batch, bool)
        or not hasattr(batch, "__index__")
        or not 1 <= batch.__index__() <= 1 << 20
    ):
        raise ArgumentError(f"batch must be an integer from 1 to {1 << 20}, got {batch!r}")
    return batch.__index__()


class Search:
    """One resumable run of the kernel over a problem: iterate it for solutions.

    ``count`` and ``nodes`` (search-tree nodes entered so far) grow as it runs, and
    ``seconds`` is the kernel time spent; :func:`solutions` and the CLI's ``-v`` use them.
    ``to_dict()`` gives them as JSON data: ``engine`` (the kernel that ran), ``limit``
    (None: all), ``count`` (solutions found so far), ``nodes``, ``seconds`` and ``done``
    (True once the search has ended: the whole tree searched, or the limit reached).

    Parameters
    ----------
    problem
        Any form :func:`as_problem` reads.
    limit : int or None
        Stop after this many solutions (keyword only; :func:`clew.errors.check_limit`).
    batch : int
        Solutions per kernel call (the buffer; memory stays flat however many there are).
    taken : sequence of int
        Options already chosen (compatible ones, e.g. a prefix from :func:`prefixes`): only
        the solutions that contain them are searched, and they are left out of the
        solutions yielded. With the "multiplicity" engine ``taken`` is a path of
        Algorithm M's search from :func:`prefixes` instead (the option tried at each of the
        first levels, -1 for a level that adds none), and solutions are yielded whole.
    engine : {"auto", "links", "bits", "multiplicity"}
        The kernel (see :data:`ENGINES`): "auto" takes Algorithm M ("multiplicity") for a
        problem with multiplicities, the bitset engine up to 8192 options, else dancing
        links. "links" and "bits" refuse problems with multiplicities.
    tables
        Prebuilt tables from :func:`search_tables` (shared by many searches of a problem).

    Examples
    --------
    >>> s = Search([["a", "b"], ["a"], ["b"]])
    >>> list(s), s.count, s.nodes
    ([[0], [1, 2]], 2, 4)
    >>> {key: value for key, value in s.to_dict().items() if key != "seconds"}
    {'engine': 'bits', 'limit': None, 'count': 2, 'nodes': 4, 'done': True}
    """

    def __init__(
        self,
        problem: ProblemLike,
        *,
        limit: int | None = None,
        batch: int = 1024,
        taken: Iterable[int] = (),
        engine: str = AUTO,
        tables: tuple[str, Any] | None = None,
    ) -> None:
        self.problem = as_problem(problem)
        self.limit = _limit(limit)
        self.batch = _batch(batch)
        fresh = tables is None
        if tables is None:
            tables = search_tables(self.problem, engine)
        self.engine, shared = tables
        self._entry = kernel(self.engine)
        try:
            self.taken = tuple(int(o) for o in taken)
        except (TypeError, ValueError):
            raise CoverInputError(f"taken must be option indices, got {taken!r}") from None
        self._meta = new_meta()  # the kernels' resumable state
        self.seconds = 0.0
        #: The entry's own arrays for this search (see :mod:`clew.cover.kernels`).
        self.state: Any
        self.state, self._width, clash = self._entry.start(self.problem, shared, self.taken, fresh)
        if clash:
            self._meta[DONE] = 1  # clashing options: no solution extends them

    def _kernel(self, out: np.ndarray, sizes: np.ndarray) -> int:
        t0 = time.perf_counter()
        written = self._entry.run(self.state, self._meta, self.limit, out, sizes)
        self.seconds += time.perf_counter() - t0
        return written

    @property
    def count(self) -> int:
        return int(self._meta[COUNT])

    @property
    def nodes(self) -> int:
        return int(self._meta[NODES])

    @property
    def done(self) -> bool:
        return bool(self._meta[DONE])

    def to_dict(self) -> dict:
        """The search so far as JSON data (the fields are listed in the class docstring)."""
        return {
            "engine": self.engine,
            "limit": self.limit or None,
            "count": self.count,
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "done": self.done,
        }

    def run(self) -> int:
        """Search to the end (or the limit) without keeping solutions; the count."""
        self._kernel(np.zeros((0, 1), np.int64), np.zeros(0, np.int64))
        return self.count

    def __iter__(self) -> Iterator[list[int]]:
        out = np.zeros((self.batch, self._width), np.int64)
        sizes = np.zeros(self.batch, np.int64)
        while not self.done:
            written = self._kernel(out, sizes)
            for r in range(written):
                yield sorted(out[r, : sizes[r]].tolist())


def solutions(
    problem: ProblemLike, *, limit: int | None = None, batch: int = 1024
) -> Iterator[list[int]]:
    """Generate the solutions of an exact cover problem, each a sorted list of option
    indices, in the order the search finds them; memory stays flat.

    Parameters
    ----------
    problem
        A :class:`Problem` or any form :func:`as_problem` reads.
    limit : int or None
        Stop after this many solutions; ``None``: all (keyword only).
    batch : int
        Solutions per kernel call.

    The arguments and the problem are checked when it is called, not at the first ``next()``.

    Examples
    --------
    >>> from clew import cover
    >>> p = cover.Problem([["c", "e"], ["a", "d", "g"], ["b", "c", "f"], ["a", "d", "f"],
    ...                    ["b", "g"], ["d", "e", "g"]])
    >>> [p.describe(s) for s in cover.solutions(p)]
    [[['c', 'e'], ['a', 'd', 'f'], ['b', 'g']]]
    """
    search = Search(problem, limit=limit, batch=batch)
    return iter(search)


def reduce(problem: Problem, chosen: Iterable[int]) -> tuple[Problem, tuple[int, ...]] | None:
    """The problem left once the options ``chosen`` (indices) are taken: their primary items
    and uncoloured secondary items are gone, with every option that needs one of them; a
    coloured secondary item keeps only the options that agree on its colour (and leaves
    them, since they may all share it). Returns the reduced problem (options keep their
    labels) and, for each of its options, its index in ``problem``; ``None`` if the chosen
    options clash.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["c"], ["a"], ["b", "c"]])
    >>> r, origin = reduce(p, [1])
    >>> r.options, origin
    ((('a', 'b'), ('a',)), (0, 2))
    """
    if problem.multiplicities:
        raise CoverInputError(
            "reduce() does not take problems with multiplicities (bounds other than 1:1)"
        )
    gone: set = set()
    colour_of: dict = {}
    for o in chosen:
        for name, colour in problem.entries[o]:
            if colour is not None:
                if colour_of.get(name, colour) != colour or name in gone:
                    return None
                colour_of[name] = colour
            else:
                if name in gone or name in colour_of:
                    return None
                gone.add(name)
    taken = set(chosen)
    options, labels, origin = [], [], []
    for o, option in enumerate(problem.options):
        if o in taken:
            continue
        kept = []
        for token, (name, colour) in zip(option, problem.entries[o], strict=False):
            if name in gone or (
                name in colour_of and (colour is None or colour != colour_of[name])
            ):
                break
            if name not in colour_of:
                kept.append(token)
        else:
            if not kept:
                continue  # empty, or only agreeing colours left: no primary item, never chosen
            options.append(kept)
            origin.append(o)
            if problem.labels is not None:
                labels.append(problem.labels[o])
    primary = [i for i in problem.primary if i not in gone]
    reduced = Problem(
        options,
        primary=primary,
        secondary=[i for i in problem.secondary if i not in gone and i not in colour_of],
        labels=labels if problem.labels is not None else None,
    )
    return reduced, tuple(origin)


def prefixes(
    problem: Problem, pieces: int, tables: tuple[str, Any] | None = None
) -> list[tuple[int, ...]]:
    """Cut the search into at least ``pieces`` independent parts where possible: the choices
    of its first levels (branching on the primary item with the fewest options, as the
    kernel does), deepened level by level. Each prefix is a tuple of option indices of
    ``problem``; every solution extends exactly one prefix, so the counts of the
    :func:`reduce`-d problems add up to the count.

    Examples
    --------
    >>> p = Problem([["a", "b"], ["a"], ["b"], ["b", "c"], ["c"]])
    >>> prefixes(p, 2)
    [(0,), (1,)]
    >>> prefixes(p, 2, search_tables(p, "bits"))
    [(0,), (1,)]

    With the bitset engine's ``tables`` (:func:`search_tables`) the cut is made on the bit
    sets directly, without building reduced problems: milliseconds instead of seconds.
    Prefixes that already clash are left out (they count 0).

    A problem with multiplicities (or the "multiplicity" engine's tables) is cut by the
    kernel itself (:mod:`clew.cover.kernels`): its prefixes are *paths* of Algorithm M's search,
    the option tried at each of its first levels or -1 where a level adds none, which
    :class:`Search` replays as ``taken=``.
    """
    if tables is None and problem.multiplicities:
        tables = search_tables(problem)  # reduce() takes no multiplicities: the kernel cuts
    if tables is not None:
        engine, shared = tables
        cut = kernel(engine).cut(problem, shared, pieces)
        if cut is not None:
            return cut
    frontier: list[tuple[int, ...]] = [()]
    while len(frontier) < pieces:
        deeper: list[tuple[int, ...]] = []
        grew = False
        for prefix in frontier:
            reduced = reduce(problem, prefix) if prefix else (problem, None)
            if reduced is None or not reduced[0].primary:
                deeper.append(prefix)
                continue
            sub, origin = reduced
            open_items = list(sub.primary)
            uses: dict = {i: [] for i in open_items}
            for k, parsed in enumerate(sub.entries):
                for name, colour in parsed:
                    if colour is None and name in uses:
                        uses[name].append(k)
            item = min(open_items, key=lambda i: len(uses[i]))
            for k in uses[item]:
                deeper.append(prefix + ((origin[k] if origin is not None else k),))
            grew = True
        frontier = deeper
        if not grew:
            break
    return frontier


def solve(problem: ProblemLike) -> list[int] | None:
    """The first solution found (sorted option indices), or ``None`` if there is none.

    Examples
    --------
    >>> solve([["a", "b"], ["b", "c"]]) is None
    True
    >>> solve([["a", "b"], ["b"], ["a"]])
    [0]
    """
    for solution in Search(problem, limit=1, batch=1):
        return solution
    return None
