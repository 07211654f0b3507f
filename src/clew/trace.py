"""The trace event format, and the recorder every search that traces itself uses.

This module sits at the bottom of clew (with :mod:`clew.errors`): the families write traces
(:func:`clew.queens.trace`, :func:`clew.sudoku.trace`) and :mod:`clew.viz` draws and plays
them, so the format both sides agree on lives below both.

Trace events
------------
A trace is a stream of dicts, one per step of the search, in the order the search makes
them. Every event has::

    "type"        "place" | "prune" | "backtrack" | "solution" | "end"
    "depth"       the number of choices on the current path (guesses, not forced moves)
    "nodes"       counters after the event: placements tried so far (guesses and forced),
    "backtracks"  choices undone so far,
    "solutions"   solutions found so far

N-Queens events (squares are ``row``, ``col``, counted from 0)::

    place      {"row", "col"}                          a queen goes on (row, col)
    prune      {"row", "col", "why", "by"}             (row, col) is refused: why is "column",
                                                       "diagonal" or "anti-diagonal" and by the
                                                       [row, col] of the attacking queen; or
               {"row": r, "col": null, "why": "empty row"} / {"row": null, "col": c,
                "why": "empty column"}: a line with no free square left ends the branch
    backtrack  {"row", "col"}                          the queen on (row, col) is taken back
    solution   {"columns": [c0, c1, ...]}              the column of the queen of each row
    end        {"complete": bool, "strategy": str, "n": int}   complete: False when the
                                                       trace was cut at its max_events

Sudoku events (cells ``cell`` = row * size + col, also given as ``row``, ``col`` from 0;
digits from 1)::

    place      {"cell", "row", "col", "digit", "how"}  how: "guess", or for a forced move
                                                       "naked single" / "hidden single"
    prune      {"cell", "row", "col", "digit", "why", "by"}   digit refused at cell: why is
                                                       "row", "column" or "box" and by the
                                                       cell holding it; or why "no candidate"
                                                       (the cell has no digit left, digit null)
                                                       / "no place" (the digit has no cell left
                                                       in a unit, cell null)
    backtrack  {"cells": [cell, ...]}                  cells emptied, last placed first: the
                                                       guess undone and every move forced by it
    solution   {"grid": "534678912..."}                the full grid, one character per cell
    end        {"complete": bool, "strategy": str, "size": int, "puzzle": str}

Replaying a trace -- applying each place, and emptying what each backtrack names -- gives
the board of the search at every step; at a solution event it is the solution
(:mod:`clew.viz.replay`).

Making events
-------------
:class:`Recorder` keeps the counters, enforces ``max_events`` and closes every trace with
its ``end`` event; :func:`check_trace_args` checks the arguments every trace takes.

>>> record = Recorder(max_events=1)
>>> def search():
...     record.state["nodes"] += 1
...     yield record("place", row=0, col=0)
...     yield record("place", row=1, col=2)
>>> [e["type"] for e in record.run(search(), strategy="textbook", n=4)]
['place', 'end']
"""

from __future__ import annotations

from collections.abc import Iterator

from .errors import ClewError, check_size

__all__ = ["EVENT_TYPES", "STRATEGIES", "Recorder", "check_trace_args"]

#: The ``type`` of every event, in the order of the format above.
EVENT_TYPES = ("place", "prune", "backtrack", "solution", "end")
#: The search strategies a trace can follow.
STRATEGIES = ("textbook", "pruned")

_COUNTERS = ("depth", "nodes", "backtracks", "solutions")


class _Stop(Exception):
    """Raised inside the search when the trace reached ``max_events``."""


def check_trace_args(strategy: str, max_events: int | None) -> int | None:
    """Check the arguments every trace takes.

    Parameters
    ----------
    strategy : str
        One of :data:`STRATEGIES`.
    max_events : int or None
        The bound on the number of events (at least 1), or None for no bound.

    Returns
    -------
    int or None
        ``max_events`` as an int (or None).

    Raises
    ------
    clew.errors.ClewError
        An unknown strategy, or a ``max_events`` that is not a positive integer.
    """
    if strategy not in STRATEGIES:
        raise ClewError(f"strategy must be 'pruned' or 'textbook', got {strategy!r}")
    if max_events is not None:
        max_events = check_size(max_events, name="max_events", low=1, high=1 << 62)
    return max_events


class Recorder:
    """The running counters of a trace, and the events that carry them.

    ``state`` holds the counters (depth, nodes, backtracks, solutions), updated by the
    search; calling the recorder makes one event carrying them. A search stops with the
    event after ``max_events``; :meth:`run` then closes the trace with an ``end`` event that
    repeats the counters of the last event out.

    Parameters
    ----------
    max_events : int or None
        Events let out before the ``end`` event; None: no bound.
    """

    def __init__(self, max_events: int | None) -> None:
        self.max_events = max_events
        self.emitted = 0
        self.state = dict.fromkeys(_COUNTERS, 0)
        self._shown = dict(self.state)

    def __call__(self, kind: str, **fields) -> dict:
        if self.max_events is not None and self.emitted >= self.max_events:
            raise _Stop
        self.emitted += 1
        out = {"type": kind, **fields, **self.state}
        self._shown = dict(self.state)
        return out

    def run(self, search: Iterator[dict], **end_fields) -> Iterator[dict]:
        """The events of ``search``, then the ``end`` event (``complete`` and ``end_fields``)."""
        complete = True
        try:
            yield from search
        except _Stop:
            complete = False
            # the counters the reader last saw, not those of the event that was cut off
            self.state.update(self._shown)
        self.max_events = None  # the end event always goes out
        yield self("end", complete=complete, **end_fields)
