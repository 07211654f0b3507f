"""Traces of the exact cover search: every option tried, every dead end, every step back,
as the compiled kernel makes them.

The search traced is Algorithm M (:mod:`clew.cover.compiled._kernels_m`), which is Algorithm C on a
problem without multiplicities, so a trace follows the very search that :func:`count` and
:func:`solutions` run (the kernel writes its events into a buffer and pauses when it is
full; this module turns them into the events of :mod:`clew.trace`). Exact cover events::

    place      {"option", "item", "items"}    option (index) tried for the primary item the
                                              search branches on; "items": its items, in
                                              the caller's names. "option": null is
                                              Algorithm M's null move: the item takes no
                                              more options at this level ("items": [])
    prune      {"item", "why": "too few options"}   the item can no longer be covered as
                                              often as its lower bound asks: the branch ends
    backtrack  {"option", "item", "dead_end"} the option (or null move) is taken back
    solution   {"options": [o, ...]}          the options of the solution, sorted
    end        {"complete", "all_solutions", "primary", "options"}: the numbers of primary
               items and of options

``depth`` is the number of levels on the current path (null moves included), ``nodes`` the
placements made so far. The events also carry the fields of a search of one's own
(:func:`clew.search.trace`), so the player and the search-tree picture of :mod:`clew.viz`
show them as such: ``row`` the level (from 0), ``col`` the alternative at that level (from
0), ``choice`` the option (null for a null move); a solution's ``columns`` and ``path``; the
end event's ``problem`` and ``strategy``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import check_limit, check_size
from ..trace import Recorder, Trace

if TYPE_CHECKING:  # for the annotations only
    from .forms import ProblemLike
    from .problem import Problem

# numpy, the kernel and .solver are imported when a trace is made: this module is imported
# with the package, whose name `trace` must stay this function, while `import clew.cover`
# loads neither numpy nor numba (the help of `clew cover` reads the package's registries)

__all__ = ["trace"]

#: Events read from the kernel per call.
_BATCH = 4096


def trace(
    problem: ProblemLike,
    *,
    limit: int | None = None,
    max_events: int | None = None,
    summary: bool = False,
) -> Trace:
    """The events of the exact cover search of ``problem``, as it runs.

    Parameters
    ----------
    problem
        A :class:`~clew.cover.Problem` or any form :func:`~clew.cover.as_problem` reads
        (with or without multiplicities).
    limit : int or None
        Stop after this many solutions (1 solves, 2 proves uniqueness); ``None``: the whole
        search.
    max_events : int, optional
        Stop after this many events (an ``end`` event with ``complete: False`` follows).
    summary : bool
        Yield the ``end`` event alone (the counters of the whole search, cheaply).

    Returns
    -------
    clew.trace.Trace
        The events (format: the module docstring and :mod:`clew.trace`).

    Examples
    --------
    >>> from clew.cover import Problem
    >>> p = Problem([["a"], ["a"], ["a", "b"]], bounds={"a": (1, 2), "b": (0, 1)})
    >>> [(e["type"], e.get("option"), e.get("item")) for e in trace(p, limit=1)]
    [('place', 2, 'b'), ('place', 0, 'a'), ('solution', None, None), ('end', None, None)]
    >>> end = next(iter(trace(p, summary=True)))     # the whole search, counted
    >>> end["solutions"], end["nodes"], end["backtracks"], end["complete"]
    (6, 10, 0, True)
    """
    from .forms import as_problem

    problem = as_problem(problem)
    limit = check_limit(limit)
    if max_events is not None:
        max_events = check_size(max_events, name="max_events", low=1, high=1 << 62)
    record = Recorder(max_events, all_solutions=limit is None, summary=summary)
    end = {
        "strategy": "pruned",
        "problem": "exact cover",
        "primary": len(problem.primary),
        "options": len(problem.options),
    }
    return record.run(_events(problem, limit, record), kind="search", **end)


def _events(problem: Problem, limit: int | None, record: Recorder) -> Iterator[dict | None]:
    import numpy as np

    from .compiled import _kernels_m as M
    from .kernels import MULTIPLICITY
    from .solver import Search

    search = Search(problem, limit=limit, engine="multiplicity")
    names = problem.primary
    state = record.state
    path: list[tuple[int, int]] = []  # (option or -1, solutions when it was placed)
    tried: list[int] = []  # alternatives tried so far at each level of the current path
    out = np.zeros((_BATCH, M.EVENT_FIELDS), np.int64)
    sizes = np.zeros(_BATCH, np.int64)
    while not search.done:
        # the events of Algorithm M's search, from its kernel on the links
        written = MULTIPLICITY.run(
            search.state, search._meta, search.limit, out, sizes, cut=M.TRACE, on_links=True
        )
        for kind, level, option, item in out[:written].tolist():
            name = names[item - 1] if item > 0 else None
            choice = option if option >= 0 else None
            if kind == M.EV_PLACE:
                state["nodes"] += 1
                state["depth"] = level + 1
                path.append((option, state["solutions"]))
                del tried[level + 1 :]
                if len(tried) == level:
                    tried.append(0)
                col = tried[level]
                tried[level] += 1
                items = list(problem.options[option]) if option >= 0 else []
                yield record(
                    "place",
                    option=choice,
                    item=name,
                    items=items,
                    row=level,
                    col=col,
                    choice=choice,
                )
            elif kind == M.EV_BACKTRACK:
                _, before = path.pop()
                dead_end = state["solutions"] == before
                state["backtracks"] += dead_end
                state["depth"] = level
                col = tried[level] - 1
                yield record(
                    "backtrack",
                    option=choice,
                    item=name,
                    dead_end=dead_end,
                    row=level,
                    col=col,
                    choice=choice,
                )
            elif kind == M.EV_PRUNE:
                col = (
                    tried[level] if len(tried) > level else 0
                )  # where the next alternative would be
                yield record(
                    "prune", item=name, why="too few options", row=level, col=col, choice=None
                )
            else:
                state["solutions"] += 1
                chosen = [o if o >= 0 else None for o, _ in path]
                columns = [t - 1 for t in tried[: len(path)]]
                yield record(
                    "solution",
                    options=sorted(o for o in chosen if o is not None),
                    columns=columns,
                    path=chosen,
                )
