"""Counting exact covers on every core: the work object for :mod:`clew.scale` and
:func:`count`.

A count is cut on the search's first choices (:func:`~clew.cover.solver.prefixes`): every
solution extends exactly one prefix, so the counts of the prefixes add up to the total.
Each worker builds the kernel tables of the problem once (:func:`search_tables`) and
starts every piece of its share from them, copying only the search stacks: building the
tables, not searching, was what made many small pieces slow.
"""

from __future__ import annotations

import functools
import hashlib
import json
import time
from typing import Any

from ..errors import DEFAULT_JOBS, ArgumentError, check_jobs, check_limit, check_size
from ..scale import Work, run
from .forms import ProblemLike, as_problem
from .kernels import check_engine, search_tables
from .problem import Problem
from .solver import Search, prefixes

__all__ = ["CoverCount", "count", "count_job"]

#: Default number of pieces of a parallel count: enough for load balancing, few enough
#: that cutting them (a few reduced problems per level) stays cheap.
PIECES = 64


def _text(problem: Problem) -> str:
    """The problem as JSON text, for the identity of a count and for the workers. A problem
    of string items, all exactly once and without empty options, keeps the names (the form
    journals have always held); any other problem is written with its items numbered (the
    count does not depend on names): ``{"n": [primary, items], "options": ["3", "5:red",
    ...], "bounds": [[lo, hi], ...]}``."""
    plain = (
        not problem.multiplicities
        and all(problem.entries)
        and all(isinstance(i, str) for i in problem.primary + problem.secondary)
    )
    if plain:
        return json.dumps(
            [problem.primary, problem.secondary, problem.options], separators=(",", ":")
        )
    c = problem.compiled
    options = []
    for o, parsed in enumerate(problem.entries):
        start = int(c.starts[o])
        options.append(
            [
                f"{int(c.items[start + k])}" + (f":{colour}" if colour is not None else "")
                for k, (_, colour) in enumerate(parsed)
            ]
        )
    form = {"n": [c.n_primary, c.n_items], "options": options}
    if problem.multiplicities:
        form["bounds"] = [list(b) for b in problem.bounds]
    return json.dumps(form, separators=(",", ":"))


@functools.lru_cache(maxsize=4)
def _problem(text: str) -> Problem:
    form = json.loads(text)
    if isinstance(form, list):
        primary, secondary, options = form
        return Problem(options, primary=primary, secondary=secondary)
    n_primary, n_items = form["n"]
    names = [str(i) for i in range(n_items)]
    bounds = {names[i]: tuple(b) for i, b in enumerate(form.get("bounds", ()))}
    return Problem(
        form["options"],
        primary=names[:n_primary],
        secondary=names[n_primary:],
        bounds=bounds,
        allow_empty=True,
    )


@functools.lru_cache(maxsize=4)
def _tables(text: str, engine: str) -> tuple[str, Any]:
    return search_tables(_problem(text), engine)


class CoverCount(Work):
    """The number of solutions of an exact cover problem, cut into about ``pieces``
    prefixes of its search, counted by ``engine`` (``auto``, ``links``, ``bits`` or
    ``multiplicity``). A problem with multiplicities is cut on the paths of Algorithm M's
    search (:func:`~clew.cover.solver.prefixes`), which each piece replays.

    >>> from clew.scale import run
    >>> from clew.cover import pentominoes
    >>> run(CoverCount(pentominoes(20, 3)), jobs=1)["total"]
    8
    """

    releases_gil = True

    def __init__(
        self, problem: ProblemLike, pieces: int | None = None, engine: str = "auto"
    ) -> None:
        problem = as_problem(problem)
        self.text = _text(problem)
        self.sha256 = hashlib.sha256(self.text.encode()).hexdigest()
        self.pieces_asked = check_size(
            PIECES if pieces is None else pieces, name="pieces", low=1, high=1 << 24
        )
        self.engine = check_engine(engine)
        self._seed = problem  # the caller's Problem: no need to parse the text again here

    def identity(self) -> dict:
        return {
            "count": "exact cover",
            "cover": self.text,
            "sha256": self.sha256,
            "pieces": self.pieces_asked,
            "engine": self.engine,
        }

    @classmethod
    def from_identity(cls, identity: dict) -> CoverCount:
        return cls(_problem(identity["cover"]), identity["pieces"], identity["engine"])

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state.pop("_seed", None)  # workers rebuild it from the text, once each
        return state

    def _problem(self) -> Problem:
        seed = self.__dict__.get("_seed")
        return seed if seed is not None else _problem(self.text)

    def pieces(self) -> list:
        if self.pieces_asked == 1:
            return [()]
        return prefixes(self._problem(), self.pieces_asked, _tables(self.text, self.engine))

    def run_piece(self, piece: tuple[int, ...]) -> tuple[int, int]:
        """The solutions and search nodes of the piece."""
        search = Search(self._problem(), taken=piece, tables=_tables(self.text, self.engine))
        return search.run(), search.nodes

    def combine(self, values: list) -> dict:
        return {"total": sum(v[0] for v in values), "nodes": sum(v[1] for v in values)}

    def encode(self, value: tuple[int, int]) -> str:
        return f"{int(value[0])} {int(value[1])}"

    def decode(self, text: str) -> tuple[int, int]:
        count, nodes = text.split()
        return int(count), int(nodes)

    def describe(self) -> str:
        return f"exact cover count ({self.sha256[:12]})"

    def report(self, done: dict, pieces: int) -> dict:
        return {"partial": sum(v[0] for v in done.values())}

    def summary(self, answer: dict) -> str:
        return f"total {answer['total']} ({answer['nodes']:,} search nodes)"


def count(
    problem: ProblemLike,
    *,
    limit: int | None = None,
    jobs: int | None = DEFAULT_JOBS,
    engine: str = "auto",
) -> int:
    """The number of solutions (at most ``limit``), counted without building any.

    Parameters
    ----------
    problem
        A :class:`~clew.cover.Problem` or any form :func:`~clew.cover.as_problem` reads.
    limit : int or None
        Stop counting there; ``None``: count all (keyword only;
        :func:`clew.errors.check_limit`).
    jobs : int or None
        Without a limit, split the search on its first choices (:func:`prefixes`) and count
        the pieces on this many threads (``None``: every core; the kernels release the
        GIL) through :func:`clew.scale.run`; 1 (the default,
        :data:`clew.errors.DEFAULT_JOBS`) counts in this thread. For a journal or Dask, run
        :class:`CoverCount` through :func:`clew.scale.run`, or call :func:`count_job`.
    engine : {"auto", "links", "bits", "multiplicity"}
        The kernel (see :class:`~clew.cover.Search`). A problem with multiplicities
        (Algorithm M) is cut on the first levels of its own search, as the others are.

    Examples
    --------
    >>> count([[1, 1, 0], [0, 0, 1], [1, 0, 0], [0, 1, 0], [0, 1, 1]])
    3
    >>> count([["a", "b"], ["b", "c"]])          # no cover: a count of 0 is an answer
    0
    """
    return count_job(problem, limit=limit, jobs=jobs, engine=engine)["count"]


def count_job(
    problem: ProblemLike,
    *,
    limit: int | None = None,
    engine: str = "auto",
    pieces: int | None = None,
    jobs: int | None = DEFAULT_JOBS,
    journal: Any = None,
    dask: Any = None,
    scheduler: Any = None,
    **options: Any,
) -> dict:
    """Count the solutions of ``problem`` as asked, and say what it cost: ``{"count",
    "limit", "nodes", "seconds", "engine"}`` (``nodes``: search nodes entered; ``seconds``:
    the wall-clock time of the count; ``engine``: the kernel asked for).

    One search in this thread unless the count is cut into pieces: without a ``limit``,
    with ``jobs`` other than 1, a ``journal``, a Dask cluster or chosen ``pieces`` (then
    :class:`CoverCount` runs through :func:`clew.scale.run`, which takes ``options`` too:
    ``progress``, ``announce``). A ``limit`` with one of those is refused: a count up to a
    limit is one search.

    Examples
    --------
    >>> answer = count_job([["a", "b"], ["a"], ["b"]])
    >>> answer["count"], answer["nodes"], answer["limit"]
    (2, 4, None)
    """
    limit = check_limit(limit)
    workers = check_jobs(jobs)
    mechanism = {
        "jobs": workers != 1,
        "journal": journal is not None,
        "dask": dask is not None,
        "scheduler": scheduler is not None,
        "pieces": pieces is not None,
    }
    check_engine(engine)
    problem = as_problem(problem)
    start = time.perf_counter()
    if limit is not None or not any(mechanism.values()):
        if limit is not None and any(
            mechanism[key] for key in ("journal", "dask", "scheduler", "pieces")
        ):
            asked = next(
                key for key in ("journal", "dask", "scheduler", "pieces") if mechanism[key]
            )
            raise ArgumentError(
                f"{asked} cuts a count of every solution into pieces: it takes no limit"
            )
        search = Search(problem, limit=limit, engine=engine)
        found, nodes = search.run(), search.nodes
    else:
        answer = run(
            CoverCount(problem, pieces=pieces, engine=engine),
            jobs=workers,
            journal=journal,
            dask=dask,
            scheduler=scheduler,
            **options,
        )
        found, nodes = answer["total"], answer["nodes"]
    return {
        "count": found,
        "limit": limit,
        "nodes": nodes,
        "seconds": round(time.perf_counter() - start, 6),
        "engine": engine,
    }
