"""Replaying a trace: the board of the search after each event, and the events in words
(the format: :mod:`clew.trace`).

The replays are written from the event format alone, apart from the searches that produce
the traces, so the tests can check a trace against them (the board at each ``solution``
event is the solution) and the animation and the pictures can draw any trace. Each kind's
replay and words are in its picture module (see :mod:`clew.viz.registry`); the replays of
N-Queens and Sudoku are named here too, for the callers of this module.
"""

from __future__ import annotations

from ..errors import plural
from .queens_pictures import replay_queens
from .registry import get, kind_of
from .sudoku_pictures import replay_sudoku
from .words import end_words

__all__ = ["describe", "end_words", "plural", "replay_queens", "replay_sudoku"]


def describe(event: dict, size: int | None = None, *, kind: str | None = None) -> str:
    """One event in words, as the player and the animation show it. Rows and columns are
    counted from 1 here, as in every text clew writes for a person (the events count from
    0).

    Parameters
    ----------
    event : dict
        One event of a trace.
    size : int, optional
        The side of a Sudoku grid, to name the cell that refuses a digit.
    kind : str, optional
        The kind of the trace (:attr:`clew.trace.Trace.kind`, the ``kind`` of its ``end``
        event). By default the event's own ``kind`` (an ``end`` event has it), else the
        kind its fields tell (the fallback of :func:`clew.viz.registry.kind_of`).

    Examples
    --------
    >>> describe({"type": "prune", "row": 1, "col": 1, "why": "diagonal", "by": [0, 0]})
    'r2c2 refused: diagonal of the queen on r1c1'
    >>> describe({"type": "place", "cell": 40, "row": 4, "col": 4, "digit": 5, "how": "guess"})
    'r5c5 = 5 (guess)'
    >>> describe({"type": "backtrack", "row": 2, "col": 0}, kind="maze")
    'step back out of r3c1: a dead end'
    """
    return get(kind_of([event], kind)).describe(event, size)
