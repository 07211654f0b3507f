"""The trace of a search of your own: every choice tried, refused, taken back, in order.

The events are those of :mod:`clew.trace` (place / prune / backtrack / solution / end, with
the running counters), so the pictures of :mod:`clew.viz` draw them: the HTML player, the
search-tree SVG, the replay. A problem has no board, so a choice is placed on a grid of
*levels and alternatives*: ``row`` is its level (the depth of the state it extends, from
0), ``col`` its position among the alternatives listed at that state (from 0). For the
textbook N-Queens problem (``choices = range(n)``, one row after the other) these are the
row and the column of the queen, and the events are those of
``clew.queens.trace(n, "textbook")``, square for square.

Events (besides ``type`` and the counters ``depth``, ``nodes``, ``backtracks``,
``solutions``)::

    place      {"row", "col", "choice", "board"?}   the choice, as JSON (lists for tuples,
                                                    text for other objects); board: the
                                                    problem's draw(state) of the new state
    prune      {"row", "col", "choice", "why": "accept", "by"}   refused by accept; by is
                                                    the [row, col] of the last placement
                                                    on the path (the state it would
                                                    extend), None at the start
    backtrack  {"row", "col", "choice", "dead_end"} the choice taken back; dead_end: no
                                                    solution below it
    solution   {"columns", "path", "board"?}        columns: the col of each choice on the
                                                    path; path: the choices
    end        {"complete", "all_solutions", "strategy", "problem", "board"?}
                                                    strategy: the order ("first" or "mrv");
                                                    board: draw(start)

The player (:func:`clew.viz.player.player_html`) shows such a trace as a search of its own
(``kind="search"``): the drawing of the state when the problem has ``draw``, else the path
of choices. :func:`clew.viz.svg.tree_svg` labels each node with its level and position
(``r2c3``: level 2, third alternative).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import check_size
from ..trace import Recorder, Trace
from .engine import rule
from .problem import WATCHED, Parts, SearchError, blame, checked_extend, parts, plain

__all__ = ["plain", "trace"]


def trace(
    problem: object,
    *,
    order: str | None = None,
    max_events: int | None = None,
    all_solutions: bool = True,
    summary: bool = False,
) -> Trace:
    """The events of the search of ``problem``, as it runs.

    Parameters
    ----------
    problem : Problem
        The problem (:class:`clew.search.Problem`).
    order : {None, "first", "mrv"}
        How to branch (see :func:`clew.search.problem.parts`); the ``end`` event's
        ``strategy``.
    max_events : int, optional
        Stop after this many events (an ``end`` event with ``complete: False`` follows);
        default: the whole search (a generator: nothing is held in memory).
    all_solutions : bool
        Search on after each solution (default), or stop at the first (False).
    summary : bool
        Yield the ``end`` event alone (the search still runs step for step).

    Yields
    ------
    dict
        The events described in the module docstring.

    Examples
    --------
    >>> from clew import search
    >>> events = list(search.trace(search.examples.queens(4)))
    >>> [e["type"] for e in events[:5]]
    ['place', 'prune', 'prune', 'place', 'prune']
    >>> {key: value for key, value in events[3].items() if key != "board"}
    ... # doctest: +NORMALIZE_WHITESPACE
    {'type': 'place', 'row': 1, 'col': 2, 'choice': 2, 'depth': 2, 'nodes': 2,
     'backtracks': 0, 'solutions': 0}
    >>> print(events[3]["board"])
    Q . . .
    . . Q .
    . . . .
    . . . .
    >>> end = events[-1]
    >>> end["solutions"], end["nodes"], end["backtracks"], end["problem"]
    (2, 16, 8, 'queens(4)')
    """
    got = parts(problem, order)
    if max_events is not None:
        max_events = check_size(max_events, name="max_events", low=1, high=1 << 62)
    record = Recorder(max_events, all_solutions=all_solutions, summary=summary)
    end = {"strategy": got.order, "problem": got.name}
    if got.draw is not None:
        end["board"] = _drawing(got, got.start)
    return record.run(_search(got, record), kind="search", **end)


def _drawing(got: Parts, s: Any) -> str:
    assert got.draw is not None  # called only for a problem that draws
    try:
        return str(got.draw(s))  # -> draw
    except SearchError:
        raise
    except Exception as exc:
        raise blame(exc, got) from exc


def _search(got: Parts, event: Recorder) -> Iterator[dict | None]:
    state = event.state
    choices, accept, extend, done = rule(got)
    mrv = got.order == "mrv"
    boards = got.draw is not None and not event.summary
    draw = got.draw

    def board(s: Any) -> dict:
        return {"board": str(draw(s))} if boards and draw is not None else {}  # -> draw

    s = got.start
    watch = WATCHED  # calls of extend still watched for a state changed in place
    try:
        if done(s):  # -> done
            state["solutions"] += 1
            yield event("solution", columns=[], path=[], **board(s))
            event.found()
            return
        it = choices(s)  # -> choices
        levels = [iter(enumerate(it))]  # -> iter choices
        states = [s]
        path: list[tuple[int, object]] = []  # (col, choice as JSON) of each placement
        marks: list[int] = []  # solutions found before each placement
        while levels:
            s = states[-1]
            for col, c in levels[-1]:  # -> iter choices
                row = len(path)
                label = plain(c[0] if mrv else c)
                ok = c[1] if mrv else accept is None or accept(s, c)  # -> accept
                if not ok:
                    by = [row - 1, path[-1][0]] if path else None
                    yield event("prune", row=row, col=col, choice=label, why="accept", by=by)
                    continue
                if watch:
                    watch -= 1
                    t = checked_extend(got, extend, s, c)  # -> extend
                else:
                    t = extend(s, c)  # -> extend
                state["nodes"] += 1
                state["depth"] += 1
                path.append((col, label))
                yield event("place", row=row, col=col, choice=label, **board(t))
                if done(t):  # -> done
                    state["solutions"] += 1
                    yield event(
                        "solution",
                        columns=[p[0] for p in path],
                        path=[p[1] for p in path],
                        **board(t),
                    )
                    event.found()
                    path.pop()
                    state["depth"] -= 1
                    yield event("backtrack", row=row, col=col, choice=label, dead_end=False)
                    continue
                it = choices(t)  # -> choices
                levels.append(iter(enumerate(it)))  # -> iter choices
                states.append(t)
                marks.append(state["solutions"])
                break
            else:
                levels.pop()
                states.pop()
                if levels:
                    col, label = path.pop()
                    dead = marks.pop() == state["solutions"]  # no solution below: a dead end
                    state["backtracks"] += dead
                    state["depth"] -= 1
                    yield event("backtrack", row=len(path), col=col, choice=label, dead_end=dead)
    except SearchError:
        raise
    except Exception as exc:
        if type(exc).__module__ == Recorder.__module__:
            raise  # the recorder stopping the search (max_events, first solution)
        raise blame(exc, got) from exc
