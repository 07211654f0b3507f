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
    "nodes"       counters after the event: placements made so far (guesses and forced),
    "backtracks"  dead ends so far (see below),
    "solutions"   solutions found so far

Backtracks, as the tutorials count them: **a backtrack is a placement undone because no
solution extends it** -- the search went down from it, found no solution anywhere below,
and takes it back (for the Sudoku search with propagation, a guess and the moves it forced
are undone together and count as one). Every undo is a ``backtrack`` event, so that the
board can be replayed; its ``dead_end`` field says whether it counts: ``false`` for a
placement taken back after a solution was found below it (the search goes on to look for
more), ``true`` for a dead end. So ``backtracks`` is the number of ``backtrack`` events with
``dead_end: true``, and at the end of a full search ``nodes - backtracks`` is the number of
placements that lie on the path of some solution.

Numbering
---------
The fields of the events are indices for programs, and count from 0: ``row``, ``col``,
``cell`` (``row * size + col``), ``by``, the ``columns`` of a queens solution and the
``cells`` of a Sudoku backtrack. Digits count from 1, as in the puzzle. Everything written
for a person to read -- :func:`clew.viz.replay.describe`, the HTML player, the terminal
animation, the labels and tooltips of the SVG pictures, the messages of the ``clew``
command, and the ``unit`` of a Sudoku "no place" prune -- counts rows and columns from 1 and
names a square ``r<row>c<column>``: the event ``{"row": 0, "col": 2}`` is shown as ``r1c3``.

N-Queens events (``row``, ``col`` from 0)::

    place      {"row", "col"}                          a queen goes on (row, col)
    prune      {"row", "col", "why", "by"}             (row, col) is refused: why is "column",
                                                       "diagonal" or "anti-diagonal" and by the
                                                       [row, col] of the attacking queen; or
               {"row": r, "col": null, "why": "empty row"} / {"row": null, "col": c,
                "why": "empty column"}: a line with no free square left ends the branch
    backtrack  {"row", "col", "dead_end"}              the queen on (row, col) is taken back
    solution   {"columns": [c0, c1, ...]}              the column of the queen of each row
    end        {"kind": "queens", "complete": bool, "all_solutions": bool, "strategy": str,
                "n": int}

Sudoku events (``cell`` = row * size + col, also given as ``row``, ``col``, all from 0;
digits from 1)::

    place      {"cell", "row", "col", "digit", "how"}  how: "guess", or for a forced move
                                                       "naked single" / "hidden single"
    prune      {"cell", "row", "col", "digit", "why", "by"}   digit refused at cell: why is
                                                       "row", "column" or "box" (on other
                                                       shapes also "region", "diagonal",
                                                       "window", "extra region", "cage") and
                                                       by the cell holding it; or why "no
                                                       candidate" (the cell has no digit left,
                                                       digit null) / "no place" (the digit has
                                                       no cell left in the unit named by
                                                       "unit", e.g. "box 3", cell null) /
                                                       "cage sum" (a killer cage cannot make
                                                       its sum: the digit refused at cell, or
                                                       the cage named by "unit", cell null)
    backtrack  {"cells": [cell, ...], "dead_end"}      cells emptied, last placed first: the
                                                       guess undone and every move forced by it
    solution   {"grid": "534678912..."}                the full grid, one character per cell
    end        {"kind": "sudoku", "complete": bool, "all_solutions": bool, "strategy": str,
                "size": int, "puzzle": str}            and, for a grid that is not k^2 x k^2
                                                       with k x k boxes: "regions" (the box or
                                                       jigsaw region of each cell), "shaded"
                                                       (cells of X diagonals and windoku
                                                       windows), "cages" ([sum, [cells]] each)

The ``end`` event closes every trace and repeats the final counters. Its ``kind`` names the
family of the trace -- ``"queens"``, ``"sudoku"``, ``"maze"``, ``"search"`` (a search of
one's own, and an exact cover search) -- so that a reader needs no guess to know what the
events are: the pictures of :mod:`clew.viz` pick their drawing by it (the registry of
:mod:`clew.viz.registry`; a trace without it, written by an older clew or by hand, is
recognised from its fields, as a fallback). The :class:`Trace` a search returns carries the
kind too (:attr:`Trace.kind`), known before any event is read. ``complete`` is false
when the trace was cut at its ``max_events`` (the counters are then those of the last event
let out); ``all_solutions`` says whether the search went on after its first solution (the
N-Queens traces do by default, as the counting tutorials do; the Sudoku traces stop at the
first solution by default, as LeetCode 37's solver does, and then end with the solution on
the board).

Replaying a trace -- applying each place, and emptying what each backtrack names -- gives
the board of the search at every step; at a solution event it is the solution
(:mod:`clew.viz.replay`).

Making events
-------------
:class:`Recorder` keeps the counters, enforces ``max_events``, stops a search at its first
solution when asked, and closes every trace with its ``end`` event; with ``summary=True`` it
makes no event but the ``end`` one (the search still runs step for step, and its counters are
exact). :func:`check_trace_args` checks the arguments every trace takes.

>>> record = Recorder(max_events=1)
>>> def search():
...     record.state["nodes"] += 1
...     yield record("place", row=0, col=0)
...     yield record("place", row=1, col=2)
>>> events = list(record.run(search(), kind="queens", strategy="textbook", n=4))
>>> [e["type"] for e in events], events[-1]["kind"]
(['place', 'end'], 'queens')

What a trace is
---------------
:meth:`Recorder.run` returns a :class:`Trace`: an iterator over the events, read once, made
as the search runs (so a trace of millions of events streams in flat memory, and a consumer
that stops early stops the search). In a Jupyter notebook it shows itself as the HTML player
(:mod:`clew.viz.player`, through the display hook of :mod:`clew._display`); showing it reads
the events it plays ahead and keeps them, so iterating it afterwards still yields every
event from where it stood.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import Any, cast

from ._display import Picture
from .errors import ClewError, check_size

__all__ = ["EVENT_TYPES", "PAGE", "STRATEGIES", "Recorder", "Trace", "check_trace_args"]

#: The form a trace asks the display hook (:mod:`clew._display`) for when it saves itself:
#: the self-contained HTML page of the player, as ``clew ... trace --html FILE`` writes it
#: (the notebook's ``text/html`` is that page framed for a cell). The player lives in
#: :mod:`clew.viz`, above this module, so it is reached through the hook.
PAGE = "text/html; clew=page"

#: The ``type`` of every event, in the order of the format above.
EVENT_TYPES = ("place", "prune", "backtrack", "solution", "end")
#: The search strategies a trace can follow.
STRATEGIES = ("textbook", "pruned")

_COUNTERS = ("depth", "nodes", "backtracks", "solutions")


class Trace(Picture):
    """The events of a search: an iterator, read once, that shows itself as a player.

    What every trace function returns (:func:`clew.queens.trace`, :func:`clew.sudoku.trace`,
    :func:`clew.search.trace`): the events come as the search makes them, so iterating
    a trace runs the search, and nothing is kept once an event has been handed out. In a
    Jupyter notebook a trace shows itself as the HTML player of :mod:`clew.viz.player`
    (inline, needing no network); showing it reads ahead the events the player plays and
    keeps them here, so the events a loop sees are the same, shown or not.

    Parameters
    ----------
    events : iterable of dict
        The events, in order (a generator, or a list of events read before: ``Trace(list)``
        shows a list of events as the player).
    kind : str, optional
        The family of the trace (the ``kind`` of its ``end`` event, see above), kept as
        :attr:`kind`: the player knows what it plays before reading any event (a trace
        shown cut, without its ``end`` event, still does). None: not known here.

    Examples
    --------
    >>> t = Trace([{"type": "place", "row": 0, "col": 0}, {"type": "end"}])
    >>> t.peek(1)
    [{'type': 'place', 'row': 0, 'col': 0}]
    >>> [e["type"] for e in t]      # the event peeked at is still handed out
    ['place', 'end']
    >>> list(t)                     # read once, as a generator is
    []
    """

    __slots__ = ("_source", "_ahead", "kind")

    def __init__(self, events: Iterable[dict], kind: str | None = None) -> None:
        self._source = iter(events)
        self._ahead: deque[dict] = deque()
        #: The family of the trace (``"queens"``, ``"sudoku"``, ...), or None when not known.
        self.kind = kind

    def __iter__(self) -> Trace:
        return self

    def __next__(self) -> dict:
        if self._ahead:
            return self._ahead.popleft()
        return next(self._source)

    def peek(self, count: int) -> list[dict]:
        """The next ``count`` events (fewer where the trace ends first), without handing them
        out: they are read from the search now and kept, and iteration yields them later."""
        ahead = self._ahead
        if len(ahead) < count:
            ahead.extend(islice(self._source, count - len(ahead)))
        return list(islice(ahead, count))

    def close(self) -> None:
        """Stop the search (as ``generator.close()`` does); the events read ahead are dropped."""
        self._ahead.clear()
        close = getattr(self._source, "close", None)
        if close is not None:
            close()

    def __repr__(self) -> str:
        return f"<{type(self).__module__}.{type(self).__qualname__}: events read as iterated>"

    def _all(self) -> list[dict]:
        """Every event not yet handed out, read now and kept (iteration still yields them)."""
        ahead = self._ahead
        ahead.extend(self._source)
        return list(ahead)

    def to_dict(self) -> dict:
        """The trace as JSON-ready data: ``{"events": [...]}``, every event not yet handed
        out (the whole search runs now; the events are kept, so iterating still yields them).

        >>> Trace([{"type": "end", "complete": True}]).to_dict()
        {'events': [{'type': 'end', 'complete': True}]}
        """
        return {"events": [dict(event) for event in self._all()]}

    def save_html(self, path: str | os.PathLike[str]) -> None:
        """Write the self-contained HTML player of the trace to ``path`` (a ``str`` or
        ``os.PathLike``): the page ``--html FILE`` of the trace commands writes, to open in
        a browser from disk, no network needed. The whole search runs now; the events are
        kept, so iterating the trace still yields them.

        Raises
        ------
        ClewError
            The file cannot be written (one line naming it and why), or the trace cannot be
            played (no event).
        TypeError
            ``path`` is not a path.

        Examples
        --------
        >>> import os, tempfile
        >>> from clew import queens
        >>> path = os.path.join(tempfile.mkdtemp(), "queens.html")
        >>> queens.trace(4).save_html(path)
        >>> open(path, encoding="utf-8").read(15)
        '<!DOCTYPE html>'
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(
                f"save_html takes a path (str or os.PathLike), got {type(path).__name__}"
            )
        from ._display import render

        page = render(self, PAGE)
        if page is None:
            raise ClewError(
                "no player for this trace: it has no event, or more than the player plays "
                "(ask for fewer with max_events)"
            )
        name = os.fsdecode(path)
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(page)
        except OSError as exc:
            raise ClewError(f"{name}: cannot write the player: {exc.strerror or exc}") from None


class _Stop(Exception):
    """Raised inside the search when the trace reached ``max_events``."""


class _Done(Exception):
    """Raised inside the search after its first solution, when only the first is wanted."""


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
    repeats the counters of the last event out. A search calls :meth:`found` after each
    solution event: without ``all_solutions`` that ends the search there.

    Parameters
    ----------
    max_events : int or None
        Events let out before the ``end`` event; None: no bound.
    all_solutions : bool
        Go on after the first solution (True), or stop there (False).
    summary : bool
        Make no event but the ``end`` one: calling the recorder only counts (it returns
        None), so that the counters of a search of millions of steps cost no dict per step.
        ``max_events`` still counts the events the search would have made.
    """

    def __init__(
        self, max_events: int | None, *, all_solutions: bool = True, summary: bool = False
    ) -> None:
        self.max_events = max_events
        self.all_solutions = bool(all_solutions)
        self.summary = bool(summary)
        self.emitted = 0
        self.state = dict.fromkeys(_COUNTERS, 0)
        self._shown = dict(self.state)

    def __call__(self, type_: str, /, **fields: Any) -> dict | None:
        if self.max_events is not None:
            if self.emitted >= self.max_events:
                raise _Stop
            # only a bounded trace can be cut, and needs the counters its reader last saw
            self._shown = dict(self.state)
        self.emitted += 1
        if self.summary:
            return None
        return {"type": type_, **fields, **self.state}

    def found(self) -> None:
        """Called by the search after it yielded a solution event: ends the search there
        unless every solution is wanted."""
        if not self.all_solutions:
            raise _Done

    def run(self, search: Iterator[dict | None], *, kind: str, **end_fields: Any) -> Trace:
        """The events of ``search``, then the ``end`` event (``kind``, ``complete``,
        ``all_solutions`` and ``end_fields``); with ``summary``, the ``end`` event alone.
        Returned as a :class:`Trace` of that ``kind``: nothing runs before the first event
        is asked for."""
        return Trace(self._run(search, kind, end_fields), kind)

    def _run(self, search: Iterator[dict | None], kind: str, end_fields: dict) -> Iterator[dict]:
        complete = True
        try:
            if self.summary:
                deque(search, maxlen=0)  # run the search through; its events are all None
            else:
                yield from cast("Iterator[dict]", search)  # not a summary: every event is made
        except _Stop:
            complete = False
            # the counters the reader last saw, not those of the event that was cut off
            self.state.update(self._shown)
        except _Done:
            pass  # stopped at the first solution, as asked: the trace is complete
        # the end event always goes out, the kind first after the type: what the trace is,
        # then how it ended
        yield {
            "type": "end",
            "kind": kind,
            "complete": complete,
            "all_solutions": self.all_solutions,
            **end_fields,
            **self.state,
        }
