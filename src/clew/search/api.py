"""What a user calls: :class:`Problem`, and :func:`run`, :func:`count`, :func:`solve` and
:func:`solutions` of one, in this thread or on worker processes.

The layers of :mod:`clew.search`, each importing only those below it: :mod:`.problem` (the
checks and the errors), :mod:`.engine` (the search), :mod:`.counting` (the search cut into
pieces for :mod:`clew.scale`) and :mod:`.trace` (the search as events), then this module.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterator
from typing import Any, cast

from ..errors import DEFAULT_JOBS, check_jobs, check_limit
from ..scale import run as run_work
from ..scale import stream
from ..trace import Trace
from .counting import SearchCount, check_sendable
from .engine import Stats, walk
from .problem import _MISSING, SearchError, _check_callable, _name, parts
from .trace import trace

__all__ = ["Problem", "count", "run", "solutions", "solve"]


class Problem:
    """A backtracking search problem: a start state and the functions of the state.

    Parameters
    ----------
    start
        The state the search starts from (depth 0).
    choices : callable, optional
        ``choices(s)``: the alternatives of the next decision, in order (any iterable).
        Required unless ``decisions`` is given.
    accept : callable, optional
        ``accept(s, c)``: may ``c`` extend ``s``? Default: always.
    extend : callable
        ``extend(s, c)``: the new state (do not change ``s``).
    done : callable
        ``done(s)``: is ``s`` a solution (a leaf of the search)?
    decisions : callable, optional
        ``decisions(s)``: the open decisions, each an iterable of alternatives, every
        solution below ``s`` taking exactly one alternative of each; for ``order="mrv"``.
    draw : callable, optional
        ``draw(s)``: the state as text, shown by the pictures of a trace.
    name : str, optional
        A name for messages, traces and journals (default: the class name).

    Subclassing is the same thing written as a class: the methods ``choices(self, s)``,
    ``accept(self, s, c)``, ... and a ``start`` attribute take the place of the arguments,
    and ``__init__`` need not call this one.

    Examples
    --------
    >>> from clew import search
    >>> def queens(n):
    ...     return search.Problem(
    ...         start=(),
    ...         choices=lambda s: range(n),
    ...         accept=lambda s, c: all(
    ...             c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)
    ...         ),
    ...         extend=lambda s, c: s + (c,),
    ...         done=lambda s: len(s) == n,
    ...     )
    >>> queens(6).count(), queens(6).solve()
    (4, (1, 3, 5, 0, 2, 4))

    The same as a class:

    >>> class Queens(search.Problem):
    ...     start = ()
    ...     def __init__(self, n):
    ...         self.n = n
    ...     def choices(self, s):
    ...         return range(self.n)
    ...     def accept(self, s, c):
    ...         return all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s))
    ...     def extend(self, s, c):
    ...         return s + (c,)
    ...     def done(self, s):
    ...         return len(s) == self.n
    >>> Queens(8).count()
    92
    >>> search.Problem(start=(), choices=3, extend=None, done=None)
    Traceback (most recent call last):
    ...
    clew.search.problem.SearchError: choices must be a function of the state, got int 3
    """

    # Any: a subclass gives these as methods, an instance as the functions passed in
    start: Any = _MISSING
    choices: Any = None
    decisions: Any = None
    accept: Any = None
    extend: Any = None
    done: Any = None
    draw: Any = None
    name: str | None = None

    def __init__(
        self,
        start: Any = _MISSING,
        choices: Callable[..., Any] | None = None,
        accept: Callable[..., Any] | None = None,
        extend: Callable[..., Any] | None = None,
        done: Callable[..., Any] | None = None,
        *,
        decisions: Callable[..., Any] | None = None,
        draw: Callable[..., Any] | None = None,
        name: object = None,
    ) -> None:
        given = {
            "choices": choices,
            "decisions": decisions,
            "accept": accept,
            "extend": extend,
            "done": done,
            "draw": draw,
        }
        for key, fn in given.items():
            if fn is not None:
                _check_callable(key, fn)
                setattr(self, key, fn)
        if start is not _MISSING:
            self.start = start
        if name is not None:
            self.name = str(name)
        if type(self) is Problem:
            parts(self)  # the whole problem is here: say now what is missing

    def __repr__(self) -> str:
        return f"<search problem {_name(self)}>"

    # -- pickling: for worker processes started by spawn, and Dask ---------------------------

    def __reduce__(self) -> tuple[Callable[..., Any], tuple]:
        state = dict(self.__dict__)
        try:
            import cloudpickle  # type: ignore[import-untyped]  # no types published
        except ImportError:
            cloudpickle = None
        if cloudpickle is not None:
            # lambdas and functions defined in __main__ travel by value
            return _rebuild_cloudpickled, (cloudpickle.dumps((type(self), state)),)
        for key, value in [("class", type(self)), *state.items()]:
            try:
                pickle.dumps(value)
            except Exception:
                what = getattr(value, "__qualname__", type(value).__name__)
                raise SearchError(
                    f"cannot send the problem's {key} ({what}) to another process: install "
                    "cloudpickle "
                    "(it comes with distributed), define it at the top level of a module, or use "
                    "threads"
                ) from None
        return _rebuild, (type(self), state)

    # -- sugar: the search functions as methods -------------------------------------------------

    def count(self, **options: Any) -> int:
        """:func:`clew.search.count` of this problem (``limit=``, ``order=``, ``jobs=``)."""
        return count(self, **options)

    def solve(self, **options: Any) -> Any:
        """:func:`clew.search.solve` of this problem."""
        return solve(self, **options)

    def solutions(self, **options: Any) -> Iterator[Any]:
        """:func:`clew.search.solutions` of this problem (``limit=``, ``order=``, ``jobs=``)."""
        return solutions(self, **options)

    def run(self, **options: Any) -> Stats:
        """:func:`clew.search.run` of this problem (``limit=``, ``order=``, ``jobs=``)."""
        return run(self, **options)

    def trace(self, **options: Any) -> Trace:
        """:func:`clew.search.trace` of this problem."""
        return trace(self, **options)


def _rebuild(cls: type[Problem], state: dict[str, Any]) -> Problem:
    problem = cls.__new__(cls)
    problem.__dict__.update(state)
    return problem


def _rebuild_cloudpickled(blob: bytes) -> Problem:
    return _rebuild(*pickle.loads(blob))


def run(
    problem: object,
    *,
    limit: int | None = None,
    order: str | None = None,
    jobs: int | None = DEFAULT_JOBS,
) -> Stats:
    """Search ``problem`` for at most ``limit`` solutions; return the :class:`Stats`.

    Parameters
    ----------
    problem : Problem
        The problem.
    limit : int or None
        How many solutions to look for: 1 solves, 2 proves uniqueness, None counts all
        (keyword only; :func:`clew.errors.check_limit`).
    order : {None, "first", "mrv"}
        How to branch (see :func:`~clew.search.problem.parts`).
    jobs : int or None
        Without a limit, count on this many worker processes (None: every core) through
        :mod:`clew.scale` (:class:`~clew.search.SearchCount`); the statistics are the same.
        Default: :data:`clew.errors.DEFAULT_JOBS` (1, in this thread).

    Raises
    ------
    SearchError
        A problem that cannot be searched, or one of its functions raised.
    clew.errors.ArgumentError
        A ``limit`` or ``jobs`` of 0 or less, or not an integer.

    Examples
    --------
    >>> from clew import search
    >>> stats = search.run(search.examples.queens(8))
    >>> stats.solutions, stats.nodes, stats.backtracks, stats.max_depth
    (92, 2056, 1506, 8)
    >>> search.run(search.examples.queens(8), limit=1).first
    (0, 4, 7, 5, 2, 6, 1, 3)
    """
    got = parts(problem, order)
    limit = check_limit(limit)
    workers = check_jobs(jobs)
    if limit is None and workers != 1:
        check_sendable(problem)
        return run_work(SearchCount(problem, order=got.order, jobs=workers), jobs=workers)
    stats = Stats()
    for _ in walk(got, stats, limit):
        pass
    return stats


def count(
    problem: object,
    *,
    limit: int | None = None,
    order: str | None = None,
    jobs: int | None = DEFAULT_JOBS,
) -> int:
    """The number of solutions of ``problem`` (at most ``limit``).

    Parameters
    ----------
    problem : Problem
        The problem.
    limit : int or None
        Stop counting there; None: count all (keyword only).
    order : {None, "first", "mrv"}
        How to branch (see :func:`~clew.search.problem.parts`).
    jobs : int or None
        Without a limit, cut the search on its first choices and count the pieces on this
        many worker processes (None: every core); 1 (the default,
        :data:`clew.errors.DEFAULT_JOBS`) counts in this thread. For a journal or Dask, run
        :class:`~clew.search.SearchCount` through :func:`clew.scale.run`.

    Examples
    --------
    >>> from clew import search
    >>> search.count(search.examples.queens(8))
    92
    >>> search.count(search.examples.queens(8), limit=2)
    2
    >>> search.count(search.examples.permutations(3))
    6
    """
    return run(problem, limit=limit, order=order, jobs=jobs).solutions


def solve(problem: object, *, order: str | None = None) -> Any:
    """The first solution of ``problem`` in search order, or None when there is none.

    Examples
    --------
    >>> from clew import search
    >>> search.solve(search.examples.queens(4)), search.solve(search.examples.queens(3))
    ((1, 3, 0, 2), None)
    """
    return run(problem, limit=1, order=order).first


def solutions(
    problem: object,
    *,
    limit: int | None = None,
    order: str | None = None,
    jobs: int | None = DEFAULT_JOBS,
) -> Iterator[Any]:
    """Yield the solutions of ``problem`` (their states) in search order, at most ``limit``.

    The arguments are checked when it is called; then nothing is searched until the first
    solution is asked for, and stopping early stops the search. With ``jobs`` other than 1
    the pieces of the search run on worker processes and the solutions come back in the
    same order (each piece's solutions are sent back as a list, so memory holds a few
    pieces' worth).

    Examples
    --------
    >>> from clew import search
    >>> list(search.solutions(search.examples.queens(6), limit=3))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2)]
    """
    got = parts(problem, order)
    limit = check_limit(limit)
    workers = check_jobs(jobs)
    if workers != 1:
        return _parallel_solutions(problem, got.order, limit, workers)
    return walk(got, Stats(), limit)


def _parallel_solutions(
    problem: object, order: str, limit: int | None, jobs: int | None
) -> Iterator[Any]:
    check_sendable(problem)
    given = 0
    for _, value in stream(
        SearchCount(problem, order=order, jobs=jobs, solutions=True), jobs=jobs, ordered=True
    ):
        found = cast(tuple, value)[0]  # a piece's (solutions, nodes, ...): see run_piece
        for solution in found:
            yield solution
            given += 1
            if given == limit:
                return
