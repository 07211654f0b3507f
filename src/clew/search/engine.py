"""The search itself: depth first, with an explicit stack, for any :class:`Problem`.

One loop (:func:`walk`) serves every question: it yields the solutions in the order of the
search and keeps the statistics, and :func:`count`, :func:`solve`, :func:`solutions` and
:func:`run` only consume it. The stack holds, per level, the state and the iterator over
its untried choices, so a search a million levels deep needs no recursion, and stopping
at a ``limit`` (or a consumer that stops iterating) stops the search itself.

Statistics, as :mod:`clew.trace` defines them: a *node* is a placement (a choice accepted
and the state extended), a *backtrack* a placement undone because no solution extends it
(a dead end), a *prune* a choice refused by ``accept``; the depth of a state is the number
of choices on its path.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from ..errors import check_size
from .problem import SearchError, blame, parts

__all__ = ["Stats", "count", "run", "solutions", "solve", "walk"]


@dataclass
class Stats:
    """What a search found and how much it searched.

    Attributes
    ----------
    solutions : int
        Solutions found (at most the ``limit``).
    nodes : int
        Placements: choices accepted and states extended.
    backtracks : int
        Placements undone because no solution extends them (dead ends).
    prunes : int
        Choices refused by ``accept``.
    max_depth : int
        The most choices on one path.
    complete : bool
        True when the whole tree was searched; False when the search stopped at its limit.
    first : object
        The first solution (its state), or None.
    """

    solutions: int = 0
    nodes: int = 0
    backtracks: int = 0
    prunes: int = 0
    max_depth: int = 0
    complete: bool = True
    first: Any = None


def _check_limit(limit):
    return None if limit is None else check_size(limit, name="limit", low=1, high=1 << 62)


def _mrv(got):
    """The branching rule of ``order="mrv"`` as a ``choices`` function of the state: the
    alternatives of the open decision with the fewest accepted ones, each as a pair
    ``(choice, accepted)`` (accept is asked once per alternative, here)."""
    decisions, accept = got.decisions, got.accept

    def branch(s):
        best = None
        listed = decisions(s)  # -> decisions
        for alternatives in listed:  # -> iter decisions
            marked = []
            ok = 0
            for c in alternatives:  # -> iter decisions
                good = True if accept is None else bool(accept(s, c))  # -> accept
                ok += good
                marked.append((c, good))
            if best is None or ok < best[0]:
                best = (ok, marked)
                if not ok:
                    break  # a decision nothing can take: the state is a dead end
        return [] if best is None else best[1]

    return branch


def _first_decision(got):
    """``choices`` of a problem that only gives decisions: the first open decision."""
    decisions = got.decisions

    def branch(s):
        listed = decisions(s)  # -> decisions
        for alternatives in listed:  # -> iter decisions
            return alternatives
        return ()

    return branch


def _accepted(s, pair):
    return pair[1]


def rule(got):
    """``(choices, accept, extend, done)`` of the search in ``got.order``: the problem's own
    for ``"first"``; for ``"mrv"``, choices are ``(choice, accepted)`` pairs."""
    if got.order == "mrv":
        extend = got.extend
        return _mrv(got), _accepted, (lambda s, pair: extend(s, pair[0])), got.done  # -> extend
    choices = got.choices if got.choices is not None else _first_decision(got)
    return choices, got.accept, got.extend, got.done


def walk(got, stats: Stats, limit: int | None = None, start=None, depth: int = 0) -> Iterator:
    """Yield the solutions below ``start`` (default: the problem's start) in search order,
    at most ``limit``, counting into ``stats`` as it goes (``depth``: the depth of
    ``start``, for ``max_depth``). ``got`` comes from :func:`~clew.search.problem.parts`."""
    choices, accept, extend, done = rule(got)
    s = got.start if start is None else start
    found = nodes = prunes = backtracks = 0
    deepest = depth
    try:
        if done(s):  # -> done
            stats.solutions += 1
            stats.first = s if stats.first is None else stats.first
            yield s
            return
        # per level: the state, the iterator over its untried choices, and (below the
        # start) the solutions found before its placement, to tell a dead end
        it = choices(s)  # -> choices
        states = [s]
        iters = [iter(it)]  # -> iter choices
        marks = [0]
        while iters:
            s = states[-1]
            for c in iters[-1]:  # -> iter choices
                if accept is not None and not accept(s, c):  # -> accept
                    prunes += 1
                    continue
                t = extend(s, c)  # -> extend
                nodes += 1
                if done(t):  # -> done
                    found += 1
                    if len(states) + depth > deepest:
                        deepest = len(states) + depth
                    if stats.first is None:
                        stats.first = t
                    yield t
                    if found == limit:
                        stats.complete = False
                        return
                    continue
                it = choices(t)  # -> choices
                states.append(t)
                iters.append(iter(it))  # -> iter choices
                marks.append(found)
                if len(states) + depth - 1 > deepest:
                    deepest = len(states) + depth - 1
                break
            else:
                iters.pop()
                states.pop()
                if iters and marks.pop() == found:
                    backtracks += 1  # no solution below this placement
    except SearchError:
        raise
    except Exception as exc:
        raise blame(exc, got) from exc
    finally:
        stats.solutions += found
        stats.nodes += nodes
        stats.prunes += prunes
        stats.backtracks += backtracks
        stats.max_depth = max(stats.max_depth, deepest)


def run(problem, limit: int | None = None, *, order: str | None = None, jobs: int | None = 1) -> Stats:
    """Search ``problem`` for at most ``limit`` solutions; return the :class:`Stats`.

    Parameters
    ----------
    problem : Problem
        The problem.
    limit : int or None
        How many solutions to look for: 1 solves, 2 proves uniqueness, None counts all.
    order : {None, "first", "mrv"}
        How to branch (see :func:`~clew.search.problem.parts`).
    jobs : int or None
        Without a limit, count on this many worker processes (None: every core) through
        :mod:`clew.scale` (:class:`~clew.search.SearchCount`); the statistics are the same.

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
    limit = _check_limit(limit)
    if limit is None and jobs != 1:
        from .counting import SearchCount, check_sendable
        from ..scale import run as run_work

        check_sendable(problem)
        return run_work(SearchCount(problem, order=got.order, jobs=jobs), jobs=jobs)
    stats = Stats()
    for _ in walk(got, stats, limit):
        pass
    return stats


def count(problem, limit: int | None = None, *, order: str | None = None, jobs: int | None = 1) -> int:
    """The number of solutions of ``problem`` (at most ``limit``).

    Parameters
    ----------
    problem : Problem
        The problem.
    limit : int or None
        Stop counting there; None: count all.
    order : {None, "first", "mrv"}
        How to branch (see :func:`~clew.search.problem.parts`).
    jobs : int or None
        Without a limit, cut the search on its first choices and count the pieces on this
        many worker processes (None: every core); 1 counts in this thread. For a journal or
        Dask, run :class:`~clew.search.SearchCount` through :func:`clew.scale.run`.

    Examples
    --------
    >>> from clew import search
    >>> search.count(search.examples.queens(8))
    92
    >>> search.count(search.examples.queens(8), limit=2)
    2
    """
    return run(problem, limit, order=order, jobs=jobs).solutions


def solve(problem, *, order: str | None = None):
    """The first solution of ``problem`` in search order, or None when there is none.

    Examples
    --------
    >>> from clew import search
    >>> search.solve(search.examples.queens(4)), search.solve(search.examples.queens(3))
    ((1, 3, 0, 2), None)
    """
    return run(problem, 1, order=order).first


def solutions(problem, limit: int | None = None, *, order: str | None = None, jobs: int | None = 1) -> Iterator:
    """Yield the solutions of ``problem`` (their states) in search order, at most ``limit``.

    A generator: nothing is searched until the first one is asked for, and stopping early
    stops the search. With ``jobs`` other than 1 the pieces of the search run on worker
    processes and the solutions come back in the same order (each piece's solutions are
    sent back as a list, so memory holds a few pieces' worth).

    Examples
    --------
    >>> from clew import search
    >>> list(search.solutions(search.examples.queens(6), limit=3))
    [(1, 3, 5, 0, 2, 4), (2, 5, 1, 4, 0, 3), (3, 0, 4, 1, 5, 2)]
    """
    got = parts(problem, order)
    limit = _check_limit(limit)
    if jobs != 1:
        return _parallel_solutions(problem, got.order, limit, jobs)
    return walk(got, Stats(), limit)


def _parallel_solutions(problem, order: str, limit: int | None, jobs: int | None) -> Iterator:
    from .counting import SearchCount, check_sendable
    from ..scale import stream

    check_sendable(problem)
    given = 0
    for _, (found, *_) in stream(SearchCount(problem, order=order, jobs=jobs, solutions=True), jobs=jobs, ordered=True):
        for solution in found:
            yield solution
            given += 1
            if given == limit:
                return
