"""What every picture module reads from a trace before drawing it: the ``end`` event, whole
numbers in fields, and the bound on a board drawn from the events alone.

The kinds of trace themselves, and the board each needs, are the picture modules' (see
:mod:`clew.viz.registry`); these helpers are the part they share.

>>> end_event([{"type": "place"}, {"type": "end", "kind": "queens"}])["kind"]
'queens'
>>> as_int(3), as_int(True), as_int("3")
(3, None, None)
"""

from __future__ import annotations

from ..errors import ClewError

__all__ = ["MAX_BOARD_SIDE", "as_int", "check_side", "end_event"]

#: The largest board the player draws from the rows and columns of the events alone (an
#: N-Queens board, a maze without its text): a page of a million squares still plays, and a
#: row of 10**9 in a trace from elsewhere is refused in one line, not a page of exabytes.
MAX_BOARD_SIDE = 1000


def check_side(side: int, what: str) -> int:
    """``side``, unless it is over :data:`MAX_BOARD_SIDE` (``what``: the board's name)."""
    if side > MAX_BOARD_SIDE:
        raise ClewError(
            f"the trace's {what} is {side:,} squares wide; "
            f"the player draws at most {MAX_BOARD_SIDE:,}"
        )
    return side


def as_int(value) -> int | None:
    """``value`` as an int, or None when it is not an integer (bools refused)."""
    if isinstance(value, bool) or not hasattr(value, "__index__"):
        return None
    return value.__index__()


def end_event(events: list[dict]) -> dict:
    """The last ``end`` event, or an empty dict."""
    for event in reversed(events):
        if event["type"] == "end":
            return event
    return {}
