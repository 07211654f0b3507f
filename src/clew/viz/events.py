"""Making trace events: the counters, the ``max_events`` bound and the final ``end`` event,
shared by every search that traces itself (:func:`clew.queens.trace`,
:func:`clew.sudoku.trace`; the format is in :mod:`clew.viz`)."""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import ClewError, check_size

__all__ = ["Recorder", "check_trace_args"]

_COUNTERS = ("depth", "nodes", "backtracks", "solutions")


class _Stop(Exception):
    """Raised inside the search when the trace reached ``max_events``."""


def check_trace_args(strategy: str, max_events: int | None) -> int | None:
    """Check the arguments every trace takes; returns ``max_events`` as an int (or None)."""
    if strategy not in ("pruned", "textbook"):
        raise ClewError(f"strategy must be 'pruned' or 'textbook', got {strategy!r}")
    if max_events is not None:
        max_events = check_size(max_events, name="max_events", low=1, high=1 << 62)
    return max_events


class Recorder:
    """The running counters of a trace (``state``: depth, nodes, backtracks, solutions,
    updated by the search) and, when called, one event carrying them. A search stops with
    the event after ``max_events``; :meth:`run` then closes the trace with an ``end``
    event that repeats the counters of the last event out."""

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
            self.state.update(self._shown)
        self.max_events = None  # the end event always goes out
        yield self("end", complete=complete, **end_fields)
