"""The HTML player: one self-contained page that replays a trace step by step.

:func:`player_html` turns a trace (see :mod:`clew.viz` for the event format) into a single
HTML file -- inline CSS and JavaScript, the trace embedded as JSON -- that shows the board of
the search at every step, with Play / Pause, Step, Step back, Reset, Next solution, a speed
control, the counters of the current event, the event in words, the current path of choices
and a legend of the board's colours. The board is square, and so is every square of it, at
every step and any window size (the squares are sized by the grid, never by what they hold).
The page
loads nothing from anywhere (a Content-Security-Policy forbids it), so it works opened from
disk. :func:`write_player` writes it to a file.

>>> events = [
...     {"type": "place", "row": 0, "col": 1, "depth": 1, "nodes": 1, "backtracks": 0, "solutions": 0},
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
a walk through a maze draws its own board, see :mod:`clew.viz.player_maze`).
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
from . import EVENT_TYPES
from .player_maze import MAZE_CSS, MAZE_JS, MAZE_LEGEND
from .trace_kinds import as_int as _int
from .trace_kinds import end_event as _end
from .trace_kinds import guess_kind as _guess_kind
from .trace_kinds import maze_meta, queens_meta, search_meta, sudoku_meta

__all__ = ["MAX_EVENTS", "player_html", "write_player"]

#: The longest trace the player accepts (the page holds every event in memory).
MAX_EVENTS = 2_000_000

_KINDS = ("queens", "sudoku", "search", "maze")
_META = {"queens": queens_meta, "sudoku": sudoku_meta, "search": search_meta, "maze": maze_meta}
_COUNTERS = ("nodes", "backtracks", "solutions", "depth")


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
                f"event {i} has type {event.get('type')!r:.40}, expected one of {', '.join(EVENT_TYPES)}"
            )
        out.append(dict(event))
    if not out:
        raise ClewError("the trace is empty: there is nothing to play")
    return out


#: The legend of each kind of board: (key, the classes of its swatch, what it means). The
#: swatches are drawn with the board's own classes, so the legend cannot drift from the board.
_LEGEND = {
    "queens": (
        ("queen", "square light queen", "a queen on the board"),
        ("attacked", "square light attacked", "a square a queen attacks (shading on)"),
        ("place", "square light queen hl-place", "the queen just placed"),
        ("back", "square light hl-back", "the queen just taken back"),
        (
            "prune",
            "square light attacked hl-prune",
            "a square refused, or a line with no free square",
        ),
        ("by", "square light queen hl-by", "the queen that refuses it"),
        ("solved", "square light solved", "a solution: the board is outlined in green"),
    ),
    "sudoku": (
        ("given", "cell given", "a given of the puzzle"),
        ("guess", "cell guess", "a digit guessed by the search"),
        ("forced", "cell forced", "a digit forced (naked or hidden single)"),
        ("place", "cell guess hl-place", "the digit just placed"),
        ("back", "cell hl-back", "a cell just emptied by a backtrack"),
        ("prune", "cell hl-prune", "a digit refused here (struck out in the corner)"),
        ("by", "cell given hl-by", "the cell holding that digit already"),
        ("solved", "cell solved", "a solution: the grid is outlined in green"),
    ),
    "search": (
        ("state", "drawing", "the state of the path: the problem's drawing, or the choices"),
        ("solved", "drawing solved", "a solution: outlined in green"),
    ),
    "maze": MAZE_LEGEND,  # a board drawn by the hooks of player_maze
}


def _legend(kind: str) -> str:
    """The ``<ul id="legend">`` of a board of ``kind``."""
    items = []
    for key, classes, text in _LEGEND[kind]:
        glyph = (
            "5" if kind == "sudoku" and key in ("given", "guess", "forced", "place", "by") else ""
        )
        items.append(
            f'<li data-key="{key}"><span class="swatch {classes}" aria-hidden="true">{glyph}</span>'
            f"{html.escape(text)}</li>"
        )
    legend = '<ul id="legend" class="legend">' + "".join(items) + "</ul>"
    if kind == "queens":
        legend += (
            '<label class="option"><input id="show-attacked" type="checkbox" checked> '
            "shade the squares the queens attack</label>"
        )
    return legend


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
    kind : {"queens", "sudoku", "search"}, optional
        The puzzle of the trace. By default it is guessed: a trace of
        :func:`clew.search.trace` (an ``end`` event with ``problem``, events with a
        ``choice``) is a search of one's own, shown as the problem's drawing of the state
        (``board``) or else the path of choices; an ``end`` event with ``n`` is N-Queens,
        one with ``size`` or ``puzzle`` is Sudoku; else the fields of the events tell.

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
        with a known ``type``, or an unknown ``kind``.

    Examples
    --------
    >>> events = [
    ...     {"type": "place", "cell": 0, "row": 0, "col": 0, "digit": 1, "how": "guess",
    ...      "depth": 1, "nodes": 1, "backtracks": 0, "solutions": 0},
    ...     {"type": "backtrack", "cells": [0], "depth": 0, "nodes": 1, "backtracks": 1, "solutions": 0,
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
    events = _collect(events)
    if kind is None:
        kind = _guess_kind(events)
    elif kind not in _KINDS:
        raise ClewError(f"kind must be 'queens', 'sudoku', 'search' or 'maze', got {kind!r}")
    meta = _META[kind](events)
    end = _end(events)
    meta["strategy"] = end.get("strategy") if isinstance(end.get("strategy"), str) else None
    meta["complete"] = end.get("complete") if isinstance(end.get("complete"), bool) else None
    data = _embed({"kind": kind, "meta": meta, "events": events})
    maze = kind == "maze"  # its board comes with its own CSS and hooks (player_maze)
    parts = {
        "TITLE": html.escape(str(title)),
        "KIND": kind,
        "CSS": _CSS + (MAZE_CSS if maze else ""),
        "JS": (MAZE_JS if maze else "") + _JS,
        "DATA": data,
        "LEGEND": _legend(kind),
    }
    # one pass, so that a marker inside the title or the trace is left as it is
    return re.sub("@(TITLE|KIND|CSS|JS|DATA|LEGEND)@", lambda m: parts[m.group(1)], _PAGE)


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


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>@CSS@</style>
</head>
<body data-kind="@KIND@" data-step="0">
<header>
<h1>@TITLE@</h1>
<p id="summary"></p>
</header>
<main>
<section id="stage"><div id="board" class="board"></div></section>
<aside id="panel">
<div class="controls">
<button id="reset" type="button" title="Reset to the start">Reset</button>
<button id="back" type="button" title="Step back (left arrow)">&#9664; Back</button>
<button id="play" type="button" title="Play (space)">Play</button>
<button id="pause" type="button" title="Pause (space)">Pause</button>
<button id="step" type="button" title="Step forward (right arrow)">Step &#9654;</button>
<button id="next-solution" type="button" title="Jump forward to the next solution (n)">Next solution &raquo;</button>
</div>
<label class="slider">Speed <input id="speed" type="range" min="0" max="100" value="20" step="1">
<output id="speed-label" for="speed">10</output>&nbsp;steps/s</label>
<label class="slider">Step <input id="seek" type="range" min="0" max="0" value="0" step="1"></label>
<table class="counters">
<tr><th>step</th><td><span id="step-index">0</span> of <span id="step-total">0</span></td></tr>
<tr><th>nodes</th><td id="nodes">0</td></tr>
<tr><th>backtracks</th><td id="backtracks">0</td></tr>
<tr><th>solutions</th><td id="solutions">0</td></tr>
<tr><th>depth</th><td id="depth">0</td></tr>
</table>
<p id="event-text" class="event">start</p>
<h2>Colours</h2>
@LEGEND@
<h2>Path</h2>
<ol id="path"></ol>
<p class="help">Keys: space plays or pauses, &larr; and &rarr; step, n jumps to the next solution.</p>
</aside>
</main>
<script type="application/json" id="trace-data">@DATA@</script>
<script>@JS@</script>
</body>
</html>
"""

_CSS = r"""
:root { --light: #f0d9b5; --dark: #b58863; --ink: #1d2330; --accent: #2f6fde; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.4 "DejaVu Sans", Verdana, sans-serif; color: var(--ink); background: #fafafa; }
header { padding: 10px 18px 0; }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 15px; margin: 12px 0 4px; }
#summary { margin: 2px 0 0; color: #555; }
main { display: flex; flex-wrap: wrap; gap: 18px; padding: 12px 18px; align-items: flex-start; }
#stage { flex: 0 0 auto; }
#panel { flex: 1 1 300px; max-width: 460px; }
/* The side of one square, --sq, sizes both the columns and the rows of the grid: with rows
   left to their content, a row holding a queen (a glyph) grew taller than an empty one. Where
   the browser has round(), --sq is a whole number of pixels, so that every square is drawn
   the same, with no blurred edges between them. */
.board { --sq: calc((min(78vmin, 620px) - 4px) / var(--n)); display: grid;
  grid-template-columns: repeat(var(--n), var(--sq)); grid-template-rows: repeat(var(--n), var(--sq));
  width: calc(var(--sq) * var(--n) + 4px); height: calc(var(--sq) * var(--n) + 4px);
  border: 2px solid var(--ink); user-select: none; }
@supports (width: round(down, 10.5px, 1px)) {
  .board { --sq: max(4px, round(down, calc((min(78vmin, 620px) - 4px) / var(--n)), 1px)); }
}
.board.solved { outline: 4px solid #2e9d4c; }
.square, .cell { position: relative; display: flex; align-items: center; justify-content: center;
  min-width: 0; min-height: 0; overflow: hidden; font-size: calc(var(--sq) * 0.62); line-height: 1; }
.square.light { background: var(--light); }
.square.dark { background: var(--dark); }
/* a red veil over the light or dark colour, so the chessboard still shows through */
.square.attacked { background-image: linear-gradient(rgba(224, 48, 30, 0.32), rgba(224, 48, 30, 0.32)); }
.square.queen::after { content: "\265B"; color: #111; }
.square.hl-place { box-shadow: inset 0 0 0 3px var(--accent); }
.square.hl-back { box-shadow: inset 0 0 0 3px #d98c00; }
.square.hl-prune { background: #e8796f; }
.square.hl-prune::after { content: "\2715"; color: #7a1010; font-size: 0.7em; }
.square.hl-by { box-shadow: inset 0 0 0 3px #c0211a; }
.cell { background: #fff; border-right: 1px solid #bbb; border-bottom: 1px solid #bbb; }
.cell.box-right { border-right: 2px solid var(--ink); }
.cell.box-bottom { border-bottom: 2px solid var(--ink); }
.cell.shade { background: #f4eedb; }
.cell.cage::before { content: attr(data-sum); position: absolute; border: 0 dashed #6b7280;
  top: var(--it, 3px); right: var(--ir, 3px); bottom: var(--ib, 3px); left: var(--il, 3px);
  border-width: var(--ct, 0) var(--cr, 0) var(--cb, 0) var(--cl, 0); font-size: 0.3em; color: #374151;
  line-height: 1; padding: 1px; pointer-events: none; }
.cell.given { color: var(--ink); font-weight: bold; background: #eceff3; }
.cell.guess { color: var(--accent); }
.cell.forced { color: #22804a; }
.cell.hl-place { background: #dbe8ff; }
.cell.hl-back { background: #ffe7bf; }
.cell.hl-prune { background: #f6c4bf; }
.cell.hl-by { box-shadow: inset 0 0 0 3px #c0211a; }
.cell[data-refused]::after { content: attr(data-refused); position: absolute; right: 3px; top: 1px;
  font-size: 0.42em; color: #b0201a; text-decoration: line-through; }
.controls { display: flex; flex-wrap: wrap; gap: 6px; margin-bottom: 10px; }
button { font: inherit; padding: 5px 12px; border: 1px solid #889; border-radius: 4px; background: #fff; cursor: pointer; }
button[aria-pressed="true"] { background: var(--accent); color: #fff; border-color: var(--accent); }
.slider { display: flex; align-items: center; gap: 8px; margin: 4px 0; }
.slider input { flex: 1; }
.counters { border-collapse: collapse; margin: 8px 0; }
.counters th { text-align: left; font-weight: normal; color: #555; padding: 1px 14px 1px 0; }
.counters td { font-variant-numeric: tabular-nums; font-weight: bold; }
.event { min-height: 2.8em; padding: 6px 8px; background: #fff; border-left: 4px solid var(--accent); margin: 8px 0; }
#path { margin: 0; padding-left: 2.2em; max-height: 40vh; overflow: auto; font-family: "DejaVu Sans Mono", monospace; }
.help { color: #777; font-size: 13px; }
button:disabled { opacity: 0.45; cursor: default; }
.legend { list-style: none; margin: 0; padding: 0; }
.legend li { display: flex; align-items: center; gap: 8px; margin: 3px 0; font-size: 13px; }
.legend .swatch { --sq: 22px; flex: 0 0 auto; width: 22px; height: 22px; border: 1px solid #999; }
.legend .swatch.solved { outline: 3px solid #2e9d4c; outline-offset: -3px; }
.option { display: flex; align-items: center; gap: 6px; margin: 6px 0; font-size: 13px; }
.board.search { display: block; width: auto; height: auto; min-width: 16em; max-width: 620px; padding: 10px 14px; background: #fff; }
.drawing { background: #fff; }
#drawing { margin: 0; font: 18px/1.3 "DejaVu Sans Mono", monospace; white-space: pre-wrap; }
"""

_JS = r"""
(function () {
  "use strict";
  var DIGITS = "123456789ABCDEFGHIJKLMNOP";
  var SNAP = 1000;
  var data = JSON.parse(document.getElementById("trace-data").textContent);
  var kind = data.kind, meta = data.meta, events = data.events, N = events.length;
  var n = meta.n, queens = kind === "queens", search = kind === "search";
  var hooks = (window.clewKinds || {})[kind] || null;  // a board of its own (player_maze.py)
  var $ = function (id) { return document.getElementById(id); };
  var board = $("board");

  function rc(r, c) { return "r" + (r + 1) + "c" + (c + 1); }
  function sym(d) { return d >= 1 && d <= DIGITS.length ? DIGITS.charAt(d - 1) : String(d); }
  function isInt(v) { return typeof v === "number" && Math.floor(v) === v; }
  function cellOf(ev) {
    if (isInt(ev.cell)) return ev.cell;
    if (isInt(ev.row) && isInt(ev.col)) return ev.row * n + ev.col;
    return null;
  }
  function byCell(by) {
    if (isInt(by)) return by;
    if (Array.isArray(by) && by.length === 2 && isInt(by[0]) && isInt(by[1])) return by[0] * n + by[1];
    return null;
  }
  function byName(by) {
    var c = byCell(by);
    return c === null ? String(by) : rc(Math.floor(c / n), c % n);
  }

  // ---- the state of the search, and replaying events into it ----
  var state = newState();
  function newState() {
    if (hooks) return hooks.newState(meta);
    var s = { cells: new Int32Array(n * n), how: new Int8Array(n * n), path: [] };
    if (!queens && !search) for (var i = 0; i < n * n; i++) s.cells[i] = meta.givens[i] || 0;
    return s;
  }
  function cloneState(s) {
    if (hooks) return hooks.clone(s);
    return { cells: s.cells.slice(), how: s.how.slice(), path: s.path.slice() };
  }
  function inBoard(c) { return c !== null && c >= 0 && c < n * n; }
  function apply(ev) {
    var c;
    if (hooks) { hooks.apply(state, ev); return; }
    if (search) {  // the path: [choice, drawing of the state after it] per placement
      if (ev.type === "place") state.path.push([ev.choice, typeof ev.board === "string" ? ev.board : null]);
      else if (ev.type === "backtrack") state.path.pop();
      return;
    }
    if (ev.type === "place") {
      c = cellOf(ev);
      if (!inBoard(c)) return;
      if (queens) {
        state.cells[c] = 1;
        state.path.push(c);
      } else {
        state.cells[c] = ev.digit | 0;
        var guess = !ev.how || ev.how === "guess";
        state.how[c] = guess ? 1 : 2;
        if (guess) state.path.push([c, ev.digit | 0]);
      }
    } else if (ev.type === "backtrack") {
      if (queens) {
        c = cellOf(ev);
        if (!inBoard(c)) return;
        state.cells[c] = 0;
        var at = state.path.lastIndexOf(c);
        if (at >= 0) state.path.splice(at, 1);
      } else {
        var gone = {};
        var list = Array.isArray(ev.cells) ? ev.cells : (cellOf(ev) === null ? [] : [cellOf(ev)]);
        for (var i = 0; i < list.length; i++) {
          if (!inBoard(list[i])) continue;
          state.cells[list[i]] = 0; state.how[list[i]] = 0; gone[list[i]] = true;
        }
        state.path = state.path.filter(function (p) { return !gone[p[0]]; });
      }
    }
  }

  var pos = 0;                       // events applied so far
  var snaps = { 0: cloneState(state) };
  function forward() {
    if (pos >= N) return false;
    apply(events[pos]);
    pos += 1;
    if (pos % SNAP === 0 && !snaps[pos]) snaps[pos] = cloneState(state);
    return true;
  }
  function goTo(target) {
    target = Math.max(0, Math.min(N, target | 0));
    if (target < pos) {
      var base = Math.floor(target / SNAP) * SNAP;
      while (!snaps[base]) base -= SNAP;
      state = cloneState(snaps[base]);
      pos = base;
    }
    while (pos < target) forward();
    render();
  }

  // ---- words ----
  function queensText(ev, i) {
    switch (ev.type) {
      case "place": return "place a queen on row " + (ev.row + 1) + ", column " + (ev.col + 1);
      case "prune":
        if (ev.col === null || ev.col === undefined) return "prune row " + (ev.row + 1) + ": " + (ev.why || "no free square") + " (no free square left)";
        if (ev.row === null || ev.row === undefined) return "prune column " + (ev.col + 1) + ": " + (ev.why || "no free square") + " (no free square left)";
        return "prune " + rc(ev.row, ev.col) + ": " + (ev.why || "attacked") + (ev.by !== undefined && ev.by !== null ? " with " + byName(ev.by) : "");
      case "backtrack": return "backtrack: take back the queen on row " + (ev.row + 1) + ", column " + (ev.col + 1) + afterSolution(ev);
      case "solution":
        return "solution " + ev.solutions + (Array.isArray(ev.columns) ? ": columns " + ev.columns.map(function (x) { return x + 1; }).join(" ") : "");
      default: return endText(ev);
    }
  }
  function sudokuText(ev) {
    switch (ev.type) {
      case "place": return "place " + sym(ev.digit) + " at " + rc(ev.row, ev.col) + " (" + (ev.how || "guess") + ")";
      case "prune":
        if (ev.why === "no candidate" || ev.digit === null || ev.digit === undefined)
          return "prune " + (isInt(ev.row) ? rc(ev.row, ev.col) : "") + ": " + (ev.why || "no candidate") + " left";
        if (ev.cell === null || ev.cell === undefined || !isInt(ev.row))
          return "prune digit " + sym(ev.digit) + ": " + (ev.why || "no place") + " left" + (ev.unit ? " in " + ev.unit : "");
        return "prune " + sym(ev.digit) + " at " + rc(ev.row, ev.col) + ": " + (ev.why || "conflict") + (ev.by !== undefined && ev.by !== null ? " with " + byName(ev.by) : "");
      case "backtrack":
        var list = Array.isArray(ev.cells) ? ev.cells : [];
        return "backtrack: empty " + list.slice(0, 8).map(function (c) { return rc(Math.floor(c / n), c % n); }).join(", ") +
          (list.length > 8 ? ", ..." : "") + " (" + list.length + (list.length === 1 ? " cell)" : " cells)") + afterSolution(ev);
      case "solution": return "solution " + ev.solutions;
      default: return endText(ev);
    }
  }
  function searchText(ev) {
    var what = JSON.stringify(ev.choice === undefined ? null : ev.choice);
    switch (ev.type) {
      case "place": return "choose " + what + " (level " + (ev.row + 1) + ")";
      case "prune": return "refuse " + what + ": " + (ev.why === "accept" ? "accept says no" : ev.why || "refused");
      case "backtrack": return "take back " + what + afterSolution(ev);
      case "solution": return "solution " + ev.solutions;
      default: return endText(ev);
    }
  }
  // an undo after a solution is no dead end, and is not counted as a backtrack (clew.trace)
  function afterSolution(ev) { return ev.dead_end === false ? " (a solution was found below it)" : ""; }
  function endText(ev) {
    var how = ev.complete === false ? "trace cut at its max_events" :
      (ev.all_solutions === false && ev.solutions > 0 ? "stopped at the first solution" : "search complete");
    return "end: " + how + ", " + ev.solutions + (ev.solutions === 1 ? " solution" : " solutions");
  }

  // ---- the board ----
  board.style.setProperty("--n", n);
  board.classList.add(kind);
  var els = [], drawing = document.createElement("pre");
  if (search) { drawing.id = "drawing"; board.appendChild(drawing); }
  if (hooks) hooks.build(board);
  for (var r = 0; r < n && !search && !hooks; r++) {
    for (var c = 0; c < n; c++) {
      var d = document.createElement("div");
      d.dataset.row = r; d.dataset.col = c;
      if (queens) {
        d.className = "square " + ((r + c) % 2 ? "dark" : "light");
      } else {
        d.dataset.cell = r * n + c;
      }
      board.appendChild(d);
      els.push(d);
    }
  }
  var k = meta.k || 1;
  // Shapes other than k x k boxes come with the region of every cell (rectangular boxes,
  // jigsaw regions): a thick line wherever two neighbours lie in different regions.
  var regions = Array.isArray(meta.regions) && meta.regions.length === n * n ? meta.regions : null;
  var shaded = {};
  (Array.isArray(meta.shaded) ? meta.shaded : []).forEach(function (x) { shaded[x] = true; });
  function baseClass(i) {
    var r = Math.floor(i / n), c = i % n;
    if (queens) return "square " + ((r + c) % 2 ? "dark" : "light");
    var s = "cell";
    if (regions) {
      if (c !== n - 1 && regions[i] !== regions[i + 1]) s += " box-right";
      if (r !== n - 1 && regions[i] !== regions[i + n]) s += " box-bottom";
    } else {
      if (c % k === k - 1 && c !== n - 1) s += " box-right";
      if (r % k === k - 1 && r !== n - 1) s += " box-bottom";
    }
    if (shaded[i]) s += " shade";
    if (cageOf[i] !== undefined) s += " cage";
    return s;
  }
  // Killer cages: a dashed outline inside the cells, drawn on the sides where the cage
  // ends, and the sum in the corner of the cage's first cell.
  var cageOf = {};
  (Array.isArray(meta.cages) ? meta.cages : []).forEach(function (cage, number) {
    cage[1].forEach(function (x) { cageOf[x] = number; });
  });
  if (!queens && !search && !hooks) {
    (Array.isArray(meta.cages) ? meta.cages : []).forEach(function (cage) {
      var first = Math.min.apply(null, cage[1]);
      if (els[first]) els[first].dataset.sum = String(cage[0]);
    });
    els.forEach(function (e, i) {
      if (cageOf[i] === undefined) return;
      var r = Math.floor(i / n), c = i % n, mine = cageOf[i];
      // a side inside the cage has no line, and the outline runs on to the cell's edge there
      // (over the thin grid line), so that a cage reads as one shape
      function edge(other, inside) { return inside && cageOf[other] === mine ? "0" : "1px"; }
      [["t", i - n, r > 0], ["b", i + n, r < n - 1], ["l", i - 1, c > 0], ["r", i + 1, c < n - 1]].forEach(function (s) {
        var line = edge(s[1], s[2]);
        e.style.setProperty("--c" + s[0], line);
        e.style.setProperty("--i" + s[0], line === "0" ? "-1px" : "3px");
      });
    });
  }
  var bases = els.map(function (_, i) { return baseClass(i); });

  // Squares attacked by the queens on the board: a count per row, column and diagonal, so
  // one pass over the queens and one over the squares (a queen's own square only when
  // another queen attacks it, as in the SVG pictures).
  var showAttacked = $("show-attacked");
  function attackedSquares() {
    var hit = new Uint8Array(n * n);
    if (!queens || !showAttacked || !showAttacked.checked) return hit;
    var rows = new Int32Array(n), cols = new Int32Array(n), d1 = new Int32Array(2 * n), d2 = new Int32Array(2 * n);
    var any = false;
    for (var i = 0; i < n * n; i++) {
      if (!state.cells[i]) continue;
      var r = Math.floor(i / n), c = i % n;
      rows[r]++; cols[c]++; d1[r - c + n]++; d2[r + c]++; any = true;
    }
    if (!any) return hit;
    for (var j = 0; j < n * n; j++) {
      var rr = Math.floor(j / n), cc = j % n, own = state.cells[j] ? 1 : 0;
      if (rows[rr] - own + cols[cc] - own + d1[rr - cc + n] - own + d2[rr + cc] - own > 0) hit[j] = 1;
    }
    return hit;
  }

  function render() {
    var ev = pos > 0 ? events[pos - 1] : null;
    var attacked = attackedSquares();
    if (hooks) hooks.render(state, ev);
    if (search) {
      var top = state.path.length ? state.path[state.path.length - 1][1] : meta.start;
      drawing.textContent = meta.drawn ? (top || "") :
        ["start"].concat(state.path.map(function (p) { return JSON.stringify(p[0]); })).join(" \u2192 ");
    }
    var hl = {}, refused = null;
    function mark(cell, cls) { if (inBoard(cell)) hl[cell] = (hl[cell] ? hl[cell] + " " : "") + cls; }
    if (ev) {
      if (ev.type === "place") mark(cellOf(ev), "hl-place");
      else if (ev.type === "prune") {
        if (queens && isInt(ev.row) && !isInt(ev.col)) for (var j = 0; j < n; j++) mark(ev.row * n + j, "hl-prune");
        else if (queens && isInt(ev.col) && !isInt(ev.row)) for (var j2 = 0; j2 < n; j2++) mark(j2 * n + ev.col, "hl-prune");
        else mark(cellOf(ev), "hl-prune");
        if (ev.by !== undefined && ev.by !== null) mark(byCell(ev.by), "hl-by");
        if (!queens && isInt(ev.digit)) refused = [cellOf(ev), sym(ev.digit)];
      } else if (ev.type === "backtrack") {
        if (queens) mark(cellOf(ev), "hl-back");
        else (Array.isArray(ev.cells) ? ev.cells : []).forEach(function (x) { mark(x, "hl-back"); });
      }
    }
    for (var i = 0; i < els.length; i++) {
      var cls = bases[i], v = state.cells[i], text = "";
      if (queens) {
        if (v) cls += " queen";
        if (attacked[i]) cls += " attacked";
      } else if (v) {
        text = sym(v);
        cls += meta.givens[i] ? " given" : (state.how[i] === 2 ? " forced" : " guess");
      }
      if (hl[i]) cls += " " + hl[i];
      var e = els[i];
      if (e.className !== cls) e.className = cls;
      if (!queens && e.textContent !== text) e.textContent = text;
      if (!queens) {
        var want = refused && refused[0] === i ? refused[1] : null;
        if (want === null) { if (e.hasAttribute("data-refused")) e.removeAttribute("data-refused"); }
        else if (e.getAttribute("data-refused") !== want) e.setAttribute("data-refused", want);
      }
    }
    board.classList.toggle("solved", !!ev && ev.type === "solution");
    $("step-index").textContent = pos;
    document.body.dataset.step = pos;
    $("nodes").textContent = ev ? ev.nodes : 0;
    $("backtracks").textContent = ev ? ev.backtracks : 0;
    $("solutions").textContent = ev ? ev.solutions : 0;
    $("depth").textContent = ev ? ev.depth : 0;
    $("event-text").textContent = hooks ? (ev ? hooks.text(ev, endText) : hooks.startText()) :
      ev ? (queens ? queensText(ev) : search ? searchText(ev) : sudokuText(ev)) : "start: " + (queens ? "an empty board" : search ? "the start state" : "the puzzle") + ", " + N + " steps to play";
    $("seek").value = pos;
    $("next-solution").disabled = nextSolution() === null;
    renderPath();
  }

  // ---- solutions: their event indices, to jump from one to the next ----
  var solutionAt = [];
  for (var si = 0; si < N; si++) if (events[si].type === "solution") solutionAt.push(si);
  // the index of the first solution event not yet applied, or null
  function nextSolution() {
    var lo = 0, hi = solutionAt.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (solutionAt[mid] < pos) lo = mid + 1; else hi = mid; }
    return lo < solutionAt.length ? solutionAt[lo] : null;
  }
  function jumpToNextSolution() {
    var at = nextSolution();
    pause();
    if (at !== null) goTo(at + 1);
  }
  var pathKey = null;
  function renderPath() {
    var key = state.path.join(";");
    if (key === pathKey) return;
    pathKey = key;
    var ol = $("path"), frag = document.createDocumentFragment();
    state.path.forEach(function (p) {
      if (hooks) { frag.appendChild(hooks.pathItem(p)); return; }
      var li = document.createElement("li"), cell = queens ? p : p[0];
      if (search) { li.dataset.choice = li.textContent = JSON.stringify(p[0]); frag.appendChild(li); return; }
      var r = Math.floor(cell / n), c = cell % n;
      li.dataset.row = r; li.dataset.col = c;
      if (queens) li.textContent = "queen on " + rc(r, c);
      else { li.dataset.digit = p[1]; li.textContent = rc(r, c) + " = " + sym(p[1]); }
      frag.appendChild(li);
    });
    ol.textContent = "";
    ol.appendChild(frag);
  }

  // ---- playing ----
  var playing = false, timer = null, last = 0, owed = 0;
  function speed() { return Math.max(1, Math.round(Math.pow(10, Number($("speed").value) / 20))); }
  function showSpeed() { $("speed-label").textContent = speed(); }
  function setPlaying(on) {
    playing = on;
    $("play").setAttribute("aria-pressed", on ? "true" : "false");
    $("pause").setAttribute("aria-pressed", on ? "false" : "true");
    if (timer !== null) { clearTimeout(timer); timer = null; }
    if (on) { last = performance.now(); owed = 1; tick(); }
  }
  function tick() {
    timer = null;
    if (!playing) return;
    var now = performance.now();
    owed += (now - last) / 1000 * speed();
    last = now;
    var steps = Math.min(Math.floor(owed), 50000);
    if (steps > 0) {
      owed -= steps;
      if (owed > 1) owed = 1;
      for (var i = 0; i < steps && forward(); i++) {}
      render();
    }
    if (pos >= N) { setPlaying(false); return; }
    timer = setTimeout(tick, 16);
  }
  function play() { if (playing) return; if (pos >= N) goTo(0); setPlaying(true); }
  function pause() { if (playing) setPlaying(false); }
  function toggle() { if (playing) pause(); else play(); }
  function stepForward() { pause(); goTo(pos + 1); }
  function stepBack() { pause(); goTo(pos - 1); }

  $("play").addEventListener("click", play);
  $("pause").addEventListener("click", pause);
  $("step").addEventListener("click", stepForward);
  $("back").addEventListener("click", stepBack);
  $("reset").addEventListener("click", function () { pause(); goTo(0); });
  $("next-solution").addEventListener("click", jumpToNextSolution);
  if (showAttacked) showAttacked.addEventListener("change", render);
  $("speed").addEventListener("input", showSpeed);
  $("speed").addEventListener("change", showSpeed);
  $("seek").max = N;
  $("seek").addEventListener("input", function () { pause(); goTo(Number($("seek").value)); });
  document.addEventListener("keydown", function (e) {
    var t = e.target, onRange = t && t.tagName === "INPUT";
    if (e.key === " " || e.code === "Space") { e.preventDefault(); if (!e.repeat) toggle(); }
    else if (e.key === "ArrowRight" && !onRange) { e.preventDefault(); stepForward(); }
    else if (e.key === "ArrowLeft" && !onRange) { e.preventDefault(); stepBack(); }
    else if ((e.key === "n" || e.key === "N") && !e.ctrlKey && !e.metaKey && !e.altKey) { e.preventDefault(); jumpToNextSolution(); }
  });
  // a focused button would also click on the release of space: that is the key handled above
  document.addEventListener("keyup", function (e) { if (e.key === " " || e.code === "Space") e.preventDefault(); });

  var end = null;
  for (var q = N - 1; q >= 0; q--) if (events[q].type === "end") { end = events[q]; break; }
  var what = hooks ? hooks.what() : queens ? n + "-queens" : search ? (meta.problem || "search") : n + "\u00d7" + n + " sudoku";
  $("summary").textContent = what + (meta.strategy ? ", " + meta.strategy + (search ? " order" : " search") : "") + ", " + N +
    (N === 1 ? " event" : " events") + (meta.complete === false ? " (cut at max_events)" : "") +
    (end ? ", " + end.solutions + (end.solutions === 1 ? " solution" : " solutions") : "");
  $("step-total").textContent = N;
  showSpeed();
  setPlaying(false);
  render();
})();
"""
