"""The HTML player: one self-contained page that replays a trace step by step.

:func:`player_html` turns a trace (see :mod:`clew.viz` for the event format) into a single
HTML file -- inline CSS and JavaScript, the trace embedded as JSON -- that shows the board of
the search at every step, with Play / Pause, Step, Step back, Reset, Next solution, a speed
control, the counters of the current event, the event in words, the current path of choices
and a legend of the board's colours. The board is square, and so is every square of it, at
every step and any window size (the squares are sized by the grid, never by what they hold).
The page
loads nothing from anywhere (a Content-Security-Policy forbids it), so it works opened from
disk. :func:`write_player` writes it to a file. The page is made of real files, package
data of :mod:`clew.viz`: ``assets/player.html`` (with ``@TITLE@``, ``@KIND@``, ``@CSS@``,
``@JS@``, ``@DATA@`` and ``@LEGEND@`` filled in), ``assets/player.css`` and
``assets/player.js``; what a kind of board adds (its legend, its CSS, its script's hooks)
comes from its picture module (:mod:`clew.viz.registry`).

>>> events = [
...     {"type": "place", "row": 0, "col": 1,
...      "depth": 1, "nodes": 1, "backtracks": 0, "solutions": 0},
...     {"type": "end", "complete": False, "strategy": "textbook", "n": 4,
...      "depth": 1, "nodes": 1, "backtracks": 0, "solutions": 0},
... ]
>>> page = player_html(events, title="4 queens")
>>> page.startswith("<!DOCTYPE html>")
True
>>> 'data-kind="queens"' in page, "http://" in page, "https://" in page
(True, False, False)

Page structure (stable ids for scripts and tests): ``#board`` holds the cells -- for N-Queens
``div.square[data-row][data-col]``, with class ``queen`` where a queen stands; for Sudoku
``div.cell[data-cell][data-row][data-col]`` whose text is the digit (letters above 9), with
class ``given``, ``guess`` or ``forced``. For N-Queens the squares attacked by the queens on
the board have class ``attacked`` while ``#show-attacked`` (a checkbox, on by default) is
checked. Controls: ``#play``, ``#pause``, ``#step``, ``#back``, ``#reset``, ``#next-solution``
(jump forward to the next ``solution`` event; disabled when none is ahead), ``#speed`` (a
range, steps per second on a log scale, shown in ``#speed-label``) and ``#seek`` (a range over
the steps). ``#legend`` says what each colour of the board means (``li[data-key]``, each with a
swatch drawn with the board's own classes). Counters of the current event:
``#step-index`` (events applied so far, 0 to ``#step-total``), ``#nodes``, ``#backtracks``,
``#solutions``, ``#depth``; ``#event-text`` says the event in words and ``#path`` lists the
choices on the current path (``li`` items with ``data-row``/``data-col``, and ``data-digit``
for Sudoku; ``data-choice``, the choice as JSON, for a search of one's own, whose ``#board``
holds one ``pre#drawing``: the problem's drawing of the state, or the path of choices;
a walk through a maze draws its own board, see :mod:`clew.viz.maze_pictures`).
``document.body.dataset.step`` is the step index too. Keyboard: space plays or pauses, the
right and left arrows step, ``n`` jumps to the next solution. Everything the page writes
counts rows and columns from 1 (``r1c1``); the ``data-`` attributes count from 0, as the
events do (:mod:`clew.trace`).
"""

from __future__ import annotations

import html
import json
import os
import re
from collections.abc import Iterable, Mapping

from ..errors import ClewError
from ..trace import EVENT_TYPES
from ._assets import asset
from .registry import get, kind_of
from .trace_kinds import as_int as _int
from .trace_kinds import end_event as _end

__all__ = ["MAX_EVENTS", "player_html", "write_player"]

#: The longest trace the player accepts (the page holds every event in memory).
MAX_EVENTS = 2_000_000


def _collect(events) -> list[dict]:
    """Read the events into a list, checking each is a dict with a known ``type``."""
    if isinstance(events, (str, bytes, Mapping)) or not isinstance(events, Iterable):
        raise ClewError(f"a trace must be an iterable of event dicts, got {type(events).__name__}")
    out: list[dict] = []
    for i, event in enumerate(events):
        if i >= MAX_EVENTS:
            raise ClewError(
                f"the trace has more than {MAX_EVENTS:,} events; cut it with max_events"
            )
        if not isinstance(event, Mapping):
            raise ClewError(f"event {i} is not a dict: {event!r:.60}")
        if event.get("type") not in EVENT_TYPES:
            raise ClewError(
                f"event {i} has type {event.get('type')!r:.40}, "
                f"expected one of {', '.join(EVENT_TYPES)}"
            )
        out.append(dict(event))
    if not out:
        raise ClewError("the trace is empty: there is nothing to play")
    return out


def _legend(kind: str) -> str:
    """The ``<ul id="legend">`` of a board of ``kind``, and the options of its board. The
    swatches are drawn with the board's own classes, so the legend cannot drift from the
    board."""
    drawing = get(kind)
    items = []
    for key, classes, text, *glyph in drawing.legend:
        items.append(
            f'<li data-key="{key}"><span class="swatch {classes}" aria-hidden="true">'
            f"{glyph[0] if glyph else ''}</span>{html.escape(text)}</li>"
        )
    return '<ul id="legend" class="legend">' + "".join(items) + "</ul>" + drawing.options


def _json_default(value):
    number = _int(value)
    if number is not None:
        return number
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _embed(payload: dict) -> str:
    """JSON for a ``<script type="application/json">``: no ``<``, ``>`` or ``&`` left raw."""
    try:
        text = json.dumps(
            payload,
            separators=(",", ":"),
            ensure_ascii=False,
            allow_nan=False,
            default=_json_default,
        )
    except (TypeError, ValueError) as exc:
        raise ClewError(f"the trace cannot be written as JSON: {exc}") from None
    except RecursionError:  # a value nested thousands deep (a trace read from elsewhere)
        raise ClewError("the trace cannot be written as JSON: a value is nested too deep") from None
    # these characters only occur inside JSON strings, where the \\u escapes mean the same
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def player_html(events, *, title: str = "clew", kind: str | None = None) -> str:
    """Return an HTML page that replays a trace of the search, step by step.

    Parameters
    ----------
    events : iterable of dict
        The trace: events in the format of :mod:`clew.viz` (a list, or a generator such as
        :func:`clew.queens.trace`; it is read once). A trace without an ``end`` event is fine.
    title : str, optional
        The title of the page (shown as its heading too).
    kind : str, optional
        The kind of the trace (``"queens"``, ``"sudoku"``, ``"search"``, ``"maze"``, or any
        kind a picture module registers, see :mod:`clew.viz.registry`). By default the
        trace says it: :attr:`clew.trace.Trace.kind`, or the ``kind`` of its ``end`` event;
        a trace written without it (by an older clew, or by hand) is recognised from its
        fields. A search of one's own (:func:`clew.search.trace`) is shown as the
        problem's drawing of the state (``board``) or else the path of choices.

    Returns
    -------
    str
        One self-contained HTML document: inline CSS and JavaScript, the trace embedded as
        JSON, no address outside the page. For Sudoku the givens are read from the ``end``
        event's ``puzzle`` (or, without it, are the cells of a solution the search never
        placed).

    Raises
    ------
    ClewError
        An empty trace, one of more than :data:`MAX_EVENTS` events, an event that is not a dict
        with a known ``type``, an unknown ``kind``, or a trace of no kind known.

    Examples
    --------
    >>> events = [
    ...     {"type": "place", "cell": 0, "row": 0, "col": 0, "digit": 1, "how": "guess",
    ...      "depth": 1, "nodes": 1, "backtracks": 0, "solutions": 0},
    ...     {"type": "backtrack", "cells": [0],
    ...      "depth": 0, "nodes": 1, "backtracks": 1, "solutions": 0,
    ...      "note": "</script><script>alert(1)</script>"},
    ... ]
    >>> page = player_html(events, title="sudoku")
    >>> 'data-kind="sudoku"' in page, page.count("</script>")
    (True, 2)
    >>> player_html([])
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: the trace is empty: there is nothing to play
    """
    if kind is None:
        kind = getattr(events, "kind", None)  # a Trace knows its kind before any event
    events = _collect(events)
    kind = kind_of(events, kind)
    drawing = get(kind)
    meta = drawing.meta(events)
    end = _end(events)
    meta["strategy"] = end.get("strategy") if isinstance(end.get("strategy"), str) else None
    meta["complete"] = end.get("complete") if isinstance(end.get("complete"), bool) else None
    data = _embed({"kind": kind, "meta": meta, "events": events})
    parts = {
        "TITLE": html.escape(str(title)),
        "KIND": kind,
        # a board of its own comes with its CSS, and its hooks before the player's script
        "CSS": asset("player.css") + drawing.css,
        "JS": drawing.js + asset("player.js"),
        "DATA": data,
        "LEGEND": _legend(kind),
    }
    # one pass, so that a marker inside the title or the trace is left as it is
    page = asset("player.html")
    return re.sub("@(TITLE|KIND|CSS|JS|DATA|LEGEND)@", lambda m: parts[m.group(1)], page)


def write_player(events, path, **kw) -> str | os.PathLike:
    """Write the player of a trace (:func:`player_html`) to ``path`` in UTF-8; return ``path``.

    Parameters
    ----------
    events : iterable of dict
        The trace.
    path : str or path-like
        The file to write (an ``.html`` name opens in a browser).
    **kw
        ``title`` and ``kind``, passed to :func:`player_html`.

    Returns
    -------
    str or path-like
        ``path``, as given.

    Examples
    --------
    >>> import os, tempfile
    >>> events = [{"type": "place", "row": 0, "col": 0, "depth": 1, "nodes": 1,
    ...            "backtracks": 0, "solutions": 0}]
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     out = write_player(events, os.path.join(tmp, "queens.html"), kind="queens")
    ...     open(out, encoding="utf-8").read(15)
    '<!DOCTYPE html>'
    """
    page = player_html(events, **kw)
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        handle.write(page)
    return path
