"""The words every kind of trace shares: a square, the counters, the end of a search.

The picture modules (``*_pictures.py``, see :mod:`clew.viz.registry`) put their events in
words with these, so that every kind says the same thing the same way. Rows and columns
count from 1 here, as in every text clew writes for a person (the events count from 0).

>>> square(0, 2)
'r1c3'
>>> counters({"nodes": 3, "backtracks": 1, "solutions": 0, "depth": 2})
'nodes 3  backtracks 1  solutions 0  depth 2'
"""

from __future__ import annotations

from typing import Any

from ..errors import plural

__all__ = ["after_solution", "by_name", "counters", "end_words", "level", "short", "square"]


def square(row: int, col: int) -> str:
    """A square named as a person reads it: ``r<row>c<column>``, both from 1."""
    return f"r{row + 1}c{col + 1}"


def counters(event: dict) -> str:
    """The counters of an event, as the terminal animation shows them under the board."""
    return (
        f"nodes {event['nodes']}  backtracks {event['backtracks']}  "
        f"solutions {event['solutions']}  depth {event['depth']}"
    )


def after_solution(event: dict) -> str:
    """What an undo after a solution adds to its words: it is no dead end (see
    :mod:`clew.trace`), so say why it happens."""
    if event["type"] == "backtrack" and event.get("dead_end") is False:
        return " (a solution was found below it)"
    return ""


def end_words(event: dict, placed: tuple[str, str] = ("placement", "placements")) -> str:
    """The counters of an ``end`` event in words: what a person reads when a search is over
    (``placed``: what a node is called, one and many).

    >>> end_words({"solutions": 1, "nodes": 113, "backtracks": 105, "complete": True},
    ...           ("queen placed", "queens placed"))
    '1 solution, 113 queens placed, 105 backtracks'
    >>> end_words({"solutions": 0, "nodes": 1, "backtracks": 0, "complete": False})
    '0 solutions, 1 placement, 0 backtracks (trace cut at max_events)'
    """
    text = (
        f"{plural(event['solutions'], 'solution')}, {plural(event['nodes'], *placed)}, "
        f"{plural(event['backtracks'], 'backtrack')}"
    )
    if event.get("complete") is False:
        text += " (trace cut at max_events)"
    return text


def by_name(by: Any) -> str:
    """What refused a square: a square ``[row, col]`` (``r1c2``), else ``cell 5``.

    >>> by_name([0, 1]), by_name(5)
    ('r1c2', 'cell 5')
    """
    if isinstance(by, (list, tuple)) and len(by) == 2:
        return square(by[0], by[1])
    return f"cell {by}"


def level(row: Any) -> str:
    """A level of a search, from 1 (``?`` when the trace does not say it)."""
    return str(row + 1) if isinstance(row, int) else "?"


def short(choice: Any, width: int = 24) -> str:
    """A choice of a search, as a short text for a label or a tooltip.

    >>> short(None), short("x" * 30, 6)
    ('null move', "'xxxx\u2026")
    """
    text = "null move" if choice is None else repr(choice)
    return text if len(text) <= width else text[: width - 1] + "\u2026"
