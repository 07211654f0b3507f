"""The search itself: depth first, with an explicit stack, for any :class:`Problem`.

One loop (:func:`walk`) serves every question: it yields the solutions in the order of the
search and keeps the statistics, and :func:`~clew.search.count`, :func:`~clew.search.solve`,
:func:`~clew.search.solutions` and :func:`~clew.search.run` (:mod:`clew.search.api`) only
consume it. The stack holds, per level, the state and the iterator over
its untried choices, so a search a million levels deep needs no recursion, and stopping
at a ``limit`` (or a consumer that stops iterating) stops the search itself.

Statistics, as :mod:`clew.trace` defines them: a *node* is a placement (a choice accepted
and the state extended), a *backtrack* a placement undone because no solution extends it
(a dead end), a *prune* a choice refused by ``accept``; the depth of a state is the number
of choices on its path.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from .problem import WATCHED, Parts, SearchError, blame, checked_extend, plain

__all__ = ["Stats", "rule", "walk"]


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

    ``to_dict()`` gives these fields as JSON data, ``first`` as :func:`plain` makes it
    (lists for tuples, sorted lists for sets, text for other objects).

    >>> from clew import search
    >>> search.run(search.examples.queens(4)).to_dict()
    {'solutions': 2, 'nodes': 16, 'backtracks': 8, 'prunes': 44, 'max_depth': 4,
     'complete': True, 'first': [1, 3, 0, 2]}
    """

    solutions: int = 0
    nodes: int = 0
    backtracks: int = 0
    prunes: int = 0
    max_depth: int = 0
    complete: bool = True
    first: Any = None

    def to_dict(self) -> dict:
        """The statistics as JSON data (the fields of the class)."""
        return {
            "solutions": self.solutions,
            "nodes": self.nodes,
            "backtracks": self.backtracks,
            "prunes": self.prunes,
            "max_depth": self.max_depth,
            "complete": self.complete,
            "first": plain(self.first),
        }


def _mrv(got: Parts) -> Callable[..., Any]:
    """The branching rule of ``order="mrv"`` as a ``choices`` function of the state: the
    alternatives of the open decision with the fewest accepted ones, each as a pair
    ``(choice, accepted)`` (accept is asked once per alternative, here)."""
    decisions, accept = got.decisions, got.accept
    assert decisions is not None  # parts() gives mrv only to a problem with decisions

    def branch(s: Any) -> list[tuple[Any, bool]]:
        best: tuple[int, list[tuple[Any, bool]]] | None = None
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


def _first_decision(got: Parts) -> Callable[..., Any]:
    """``choices`` of a problem that only gives decisions: the first open decision."""
    decisions = got.decisions
    assert decisions is not None  # parts() refuses a problem without choices or decisions

    def branch(s: Any) -> Any:
        listed = decisions(s)  # -> decisions
        for alternatives in listed:  # -> iter decisions
            return alternatives
        return ()

    return branch


def _accepted(s: Any, pair: tuple[Any, bool]) -> bool:
    return pair[1]


#: A function of the problem's state (choices, accept, extend, done).
Fn = Callable[..., Any]


def rule(got: Parts) -> tuple[Fn, Fn | None, Fn, Fn]:
    """``(choices, accept, extend, done)`` of the search in ``got.order``: the problem's own
    for ``"first"``; for ``"mrv"``, choices are ``(choice, accepted)`` pairs."""
    if got.order == "mrv":
        extend = got.extend
        return _mrv(got), _accepted, (lambda s, pair: extend(s, pair[0])), got.done  # -> extend
    choices = got.choices if got.choices is not None else _first_decision(got)
    return choices, got.accept, got.extend, got.done


def walk(
    got: Parts, stats: Stats, limit: int | None = None, start: Any = None, depth: int = 0
) -> Iterator[Any]:
    """Yield the solutions below ``start`` (default: the problem's start) in search order,
    at most ``limit``, counting into ``stats`` as it goes (``depth``: the depth of
    ``start``, for ``max_depth``). ``got`` comes from :func:`~clew.search.problem.parts`."""
    choices, accept, extend, done = rule(got)
    s = got.start if start is None else start
    found = nodes = prunes = backtracks = 0
    deepest = depth
    watch = WATCHED  # calls of extend still watched for a state changed in place
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
                if watch:
                    watch -= 1
                    t = checked_extend(got, extend, s, c)  # -> extend
                else:
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
