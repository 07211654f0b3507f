"""The pictures of a search of one's own (:func:`clew.search.trace`) and of an exact cover
search (:func:`clew.cover.trace`), registered with :mod:`clew.viz.registry` under the kind
``"search"``: no board, but the problem's drawing of the state (or the path of choices) in
the player, and the events in words.

>>> describe_search({"type": "place", "row": 1, "col": 0, "choice": 3})
'choose 3 (level 2)'
"""

from __future__ import annotations

import json
from typing import Any

from .registry import Kind, TreeWords, register
from .trace_kinds import end_event
from .words import after_solution, end_words, level, short

__all__ = ["describe_search", "search_meta"]

LEGEND = (
    ("state", "drawing", "the state of the path: the problem's drawing, or the choices"),
    ("solved", "drawing solved", "a solution: outlined in green"),
)


def describe_search(event: dict, size: int | None = None) -> str:
    """An event of a search in words, as the player says it: the choice made or refused at
    a level (from 1).

    >>> describe_search({"type": "prune", "row": 0, "col": 1, "choice": "b", "why": "accept"})
    'refuse "b": accept says no'
    """
    kind = event["type"]
    what = json.dumps(event.get("choice"), default=repr)
    if kind == "place":
        row = event.get("row")
        level = f" (level {row + 1})" if isinstance(row, int) else ""
        return f"choose {what}{level}"
    if kind == "prune":
        why = "accept says no" if event.get("why") == "accept" else event.get("why") or "refused"
        return f"refuse {what}: {why}"
    if kind == "backtrack":
        return f"take back {what}{after_solution(event)}"
    if kind == "solution":
        return f"solution {event['solutions']}"
    return f"end: {end_words(event)}"


def search_meta(events: list[dict]) -> dict:
    """A search of one's own (:func:`clew.search.trace`): no board, but the problem's name,
    the drawing of its start state, and whether its states are drawn at all."""
    end = end_event(events)
    start = end.get("board")
    return {
        "n": 1,
        "problem": end.get("problem") if isinstance(end.get("problem"), str) else None,
        "start": start if isinstance(start, str) else None,
        "drawn": isinstance(start, str) or any(isinstance(e.get("board"), str) for e in events),
    }


def _guess(events: list[dict], end: dict) -> int:
    """A trace without its kind: an ``end`` event naming the problem, or events with a
    ``choice`` (its events carry a row and a column too: level and alternative)."""
    return 40 if "problem" in end or any("choice" in event for event in events) else 0


def _tree_place(event: dict) -> tuple[Any, str, str, bool]:
    """A node of the search tree: a choice at a level (an exact cover: its option and
    items)."""
    row = event["row"]
    key = (row, event["col"])
    tip = f"level {level(row)}: {short(event['choice'])}"
    if "option" in event:
        items = " ".join(map(str, event.get("items") or [])) or "no more options"
        tip = f"level {level(row)}: option {short(event['option'])} ({items})"
    if event.get("item") is not None:
        tip += f" for item {event['item']}"
    return key, short(event["choice"], 6), tip, False


def _tree_prune(event: dict, context: Any) -> str:
    if event.get("why") == "too few options":
        return f"item {event.get('item')} can no longer be covered often enough"
    at = f"level {level(event.get('row'))}"
    return f"{at}: {short(event.get('choice'))} refused by {event.get('why')}"


#: How the search tree (:func:`clew.viz.svg.tree_svg`) names the choices: a search has no
#: board, its depths are levels ("depth 3", or the end event's ``depth_label``).
TREE = TreeWords(
    place=_tree_place,
    prune=_tree_prune,
    undo=lambda event: [(event.get("row"), event.get("col"))],
    depth=lambda keys, end: None,
    heading=lambda end: None,
)

register(
    Kind(
        "search",
        meta=search_meta,
        describe=describe_search,
        legend=LEGEND,
        guess=_guess,
        tree=TREE,
    )
)
