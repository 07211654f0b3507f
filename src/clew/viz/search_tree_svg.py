"""The search tree of a trace as SVG: one node per placement, a red cross per refused
square, solutions in green.

Tree nodes are ``<g class="node">`` (``"node solution"`` for a solution, ``"node forced"``
for a forced move), refusals ``<g class="pruned">``, each with a ``<title>`` tooltip. Rows
and columns count from 1 in what is shown, as everywhere in clew.

>>> svg = tree_svg([{"type": "place", "row": 0, "col": 0}, {"type": "end", "n": 1}])
>>> svg.count('class="node"')
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from xml.sax.saxutils import escape

from ..errors import ClewError, plural
from ..sudoku.geometry import cell_name
from ..sudoku.grid import DIGITS
from ._svg_doc import _document, _el, _num
from .words import square as _name

__all__ = ["TreeTooLargeError", "tree_svg"]

_NODE, _SOLUTION, _PRUNED, _FORCED = "#4a6fa5", "#2e9e44", "#d62728", "#9aa5b1"


class TreeTooLargeError(ClewError):
    """The search tree has more nodes than the ``max_nodes`` of :func:`tree_svg`: ``limit``
    is that bound, ``seen`` the nodes read when the drawing gave up (the command line names
    its own option from them)."""

    def __init__(self, limit: int, seen: int) -> None:
        self.limit, self.seen = limit, seen
        super().__init__(
            f"the search tree has more than {limit} nodes (max_nodes), {seen} so far: "
            "draw a smaller board (a smaller n) or raise max_nodes"
        )

    def __reduce__(self):
        return type(self), (self.limit, self.seen)


class _Node:
    __slots__ = (
        "kind",
        "label",
        "tip",
        "children",
        "depth",
        "x",
        "solution",
        "on_path",
        "forced",
        "key",
        "parent",
    )

    def __init__(
        self, kind: str, label: str, tip: str, depth: int, parent: _Node | None, key=None
    ) -> None:
        self.kind = kind  # "root", "node" or "pruned"
        self.label = label
        self.tip = tip
        self.children: list[_Node] = []
        self.depth = depth
        self.x = 0.0
        self.solution = False
        self.on_path = False
        self.forced = False
        self.key = key  # what a backtrack names: (row, col) for queens, the cell for sudoku
        self.parent = parent


def _prune_tip(event: dict, sudoku: bool, side: int | None) -> str:
    """The tooltip of a refusal: what was refused and why."""
    why = event.get("why")
    # a refusal's square is there (a trace of clew); tooltips of a malformed one may say None
    row: Any = event.get("row")
    col: Any = event.get("col")
    by: Any = event.get("by")
    if sudoku:
        digit = event.get("digit")
        if why == "no candidate":
            return f"{_name(row, col)} has no candidate left"
        if why == "no place":
            return f"digit {digit} has no place left"
        if by is None:
            tail = ""
        elif isinstance(by, int) and not isinstance(by, bool) and side:
            tail = f" (at {cell_name(by, side)})"
        else:
            tail = f" (at {_by_name(by)})"
        return f"{digit} refused at {_name(row, col)}: already in its {why}{tail}"
    if "choice" in event:  # a search of one's own (clew.search) or an exact cover search
        if why == "too few options":
            return f"item {event.get('item')} can no longer be covered often enough"
        return f"level {_level(row)}: {_short(event.get('choice'))} refused by {why}"
    if why == "empty row":
        return f"row {row + 1} has no free square left"
    if why == "empty column":
        return f"column {col + 1} has no free square left"
    tail = f" by the queen at {_by_name(by)}" if by is not None else ""
    return f"{_name(row, col)} refused: attacked along the {why}{tail}"


def _level(row) -> str:
    return str(row + 1) if isinstance(row, int) else "?"


def _short(choice, width: int = 24) -> str:
    """A choice of a search, as a short text for a label or a tooltip."""
    text = "null move" if choice is None else repr(choice)
    return text if len(text) <= width else text[: width - 1] + "\u2026"


def _by_name(by) -> str:
    if isinstance(by, (list, tuple)) and len(by) == 2:
        return _name(by[0], by[1])
    return f"cell {by}"


def _build(events: Iterable[dict], max_nodes: int):
    """Read the events into a tree; ``(root, info)`` where info holds the end event, the
    kind of trace and counts."""
    root = _Node("root", "", "start", 0, None)
    path = [root]
    count = 1
    sudoku = None
    end = None
    last = None
    side = None  # sudoku: the side of the grid, once an event shows it
    refusals = []
    choices = False  # a search of one's own or an exact cover: its rows are levels, not rows

    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict) or "type" not in event:
            raise ClewError(
                f"event {number} is not a trace event (a dict with a 'type'): {event!r:.60}"
            )
        kind = event["type"]
        last = event
        if kind in ("place", "prune"):
            if sudoku is None:
                sudoku = "cell" in event or "digit" in event
            count += 1
            if count > max_nodes:
                raise TreeTooLargeError(max_nodes, count)
            parent = path[-1]
            if kind == "place":
                try:
                    row, col = event["row"], event["col"]
                    if sudoku:
                        digit, how = event["digit"], event.get("how") or "guess"
                        label = DIGITS[digit - 1] if 1 <= digit <= len(DIGITS) else str(digit)
                        key, tip = event["cell"], f"{_name(row, col)} = {label} ({how})"
                        if row > 0:
                            side = (key - col) // row
                    elif "choice" in event:  # a search of one's own, an exact cover search
                        choices = True
                        how, key = "guess", (row, col)
                        label = _short(event["choice"], 6)
                        tip = f"level {_level(row)}: {_short(event['choice'])}"
                        if "option" in event:  # exact cover: the option and its items
                            items = (
                                " ".join(map(str, event.get("items") or [])) or "no more options"
                            )
                            tip = f"level {_level(row)}: option {_short(event['option'])} ({items})"
                        if event.get("item") is not None:
                            tip += f" for item {event['item']}"
                    else:
                        how, label, key = "guess", _name(row, col), (row, col)
                        tip = f"queen at {_name(row, col)}"
                except (KeyError, TypeError):
                    raise ClewError(
                        f"event {number}: a place event without its square: {event!r:.80}"
                    ) from None
                node = _Node("node", label, tip, parent.depth + 1, parent, key)
                node.forced = how != "guess"
                parent.children.append(node)
                path.append(node)
            else:
                node = _Node("pruned", "", "", parent.depth + 1, parent)
                refusals.append((node, event))
                parent.children.append(node)
        elif kind == "backtrack":
            keys: list = (
                event.get("cells") or []
                if "cells" in event
                else [(event.get("row"), event.get("col"))]
            )
            for key in keys:
                if len(path) == 1:
                    raise ClewError(f"event {number}: a backtrack with nothing placed")
                if path[-1].key != key:
                    raise ClewError(
                        f"event {number}: backtrack of {key!r}, "
                        f"but the last placement is {path[-1].key!r}"
                    )
                path.pop()
        elif kind == "solution":
            path[-1].solution = True
            on: _Node | None = path[-1]
            while on is not None:
                on.on_path = True
                on = on.parent
        elif kind == "end":
            end = event
            break
        else:
            raise ClewError(
                f"event {number}: unknown event type {kind!r} "
                "(expected place, prune, backtrack, solution or end)"
            )
    if end is not None and end.get("size"):
        side = end["size"]
    for node, event in refusals:
        node.tip = _prune_tip(event, bool(sudoku), side)
    return root, {
        "end": end,
        "last": last,
        "sudoku": bool(sudoku),
        "count": count,
        "choices": choices,
    }


def _shift(node: _Node, by: float) -> None:
    stack = [node]
    while stack:
        one = stack.pop()
        one.x += by
        stack.extend(one.children)


def _layout(root: _Node, narrow: float) -> float:
    """Tidy layout: leaves side by side in search order (a refusal takes ``narrow`` of the
    width of a placement), each parent centred over its first and last child; ``x`` in
    units of a placement's width. A subtree is widened (and its contents re-centred) so that
    its top node stays half a unit from both of its edges: nodes at one depth are then at
    least a unit apart. Returns the total width."""
    edge = 0.0
    stack: list[tuple[_Node, float | None]] = [(root, None)]
    while stack:  # iterative post-order (deep Sudoku traces)
        node, start = stack.pop()
        if not node.children:
            step = narrow if node.kind == "pruned" else 1.0
            node.x = edge + step / 2
            edge += step
        elif start is not None:
            node.x = (node.children[0].x + node.children[-1].x) / 2
            if node.x - start < 0.5:
                by = 0.5 - (node.x - start)
                _shift(node, by)
                edge += by
            if edge - node.x < 0.5:
                edge = node.x + 0.5
        else:
            stack.append((node, edge))
            stack.extend((child, None) for child in reversed(node.children))
    return edge


def _depth_labels(nodes: list[_Node], depth: int, info: dict, top: float, dy: float) -> list[str]:
    """The label of each depth: the row (queens) or cell (sudoku) every placement at that
    depth fills, when it is always the same one; a search of one's own or an exact cover
    has no board, its "row" is the depth itself, so its depths are labelled "depth 1",
    "depth 2", ... (or by the word the trace's end event gives as "depth_label")."""
    sudoku = info["sudoku"]
    body = []
    word = (info["end"] or {}).get("depth_label")
    lines_at: dict[int, set] = {}
    for node in nodes:
        if node.kind == "node":
            lines_at.setdefault(node.depth, set()).add(node.key[0] if not sudoku else node.key)
    side = (info["end"] or {}).get("size")
    for d in range(1, depth + 1):
        found = lines_at.get(d, set())
        text = f"{word if isinstance(word, str) and word else 'depth'} {d}"
        if info["choices"]:
            pass
        elif len(found) == 1:
            (one,) = found
            if not sudoku:
                text = f"row {one + 1}"
            elif side:
                text = cell_name(one, side)
        body.append(
            _el(
                "text",
                text,
                x=8.0,
                y=top + d * dy,
                font_size=11,
                fill="#777",
                dominant_baseline="central",
                class_="depth",
            )
        )
    return body


def _edges(nodes: list[_Node], at: Callable[[_Node], tuple[float, float]]) -> list[str]:
    """The edges from each node to its children, green on the way to a solution."""
    body = []
    for node in nodes:
        x1, y1 = at(node)
        for child in node.children:
            x2, y2 = at(child)
            good = child.on_path
            body.append(
                _el(
                    "line",
                    x1=x1,
                    y1=y1,
                    x2=x2,
                    y2=y2,
                    stroke=_SOLUTION
                    if good
                    else ("#c9a0a0" if child.kind == "pruned" else "#aab4c0"),
                    stroke_width=2.5 if good else 1.2,
                    stroke_dasharray="3 3" if child.kind == "pruned" else None,
                    class_="edge solution-path" if good else "edge",
                )
            )
    return body


def _marks(
    nodes: list[_Node], at: Callable[[_Node], tuple[float, float]], radius: float
) -> list[str]:
    """The nodes: the root, a red cross per refusal, a labelled circle per placement."""
    body = []
    for node in nodes:
        x, y = at(node)
        if node.kind == "root":
            body.append(
                f'<g class="root"><title>{escape(node.tip)}</title>'
                + _el("circle", cx=x, cy=y, r=6.0, fill="#333")
                + "</g>"
            )
        elif node.kind == "pruned":
            s = radius * 0.45
            body.append(
                f'<g class="pruned"><title>{escape(node.tip)}</title>'
                + _el(
                    "path",
                    d=f"M{_num(x - s)} {_num(y - s)}L{_num(x + s)} {_num(y + s)}"
                    f"M{_num(x - s)} {_num(y + s)}L{_num(x + s)} {_num(y - s)}",
                    stroke=_PRUNED,
                    stroke_width=2.5,
                    stroke_linecap="round",
                )
                + "</g>"
            )
        else:
            colour = _SOLUTION if node.solution else (_FORCED if node.forced else _NODE)
            cls = (
                "node" + (" forced" if node.forced else "") + (" solution" if node.solution else "")
            )
            font = 9.0 if len(node.label) > 3 else 11.0
            body.append(
                f'<g class="{cls}"><title>{escape(node.tip)}</title>'
                + _el("circle", cx=x, cy=y, r=radius, fill=colour, stroke="#223", stroke_width=0.8)
                + _el(
                    "text",
                    node.label,
                    x=x,
                    y=y,
                    font_size=font,
                    fill="white",
                    text_anchor="middle",
                    dominant_baseline="central",
                )
                + "</g>"
            )
    return body


def _heading(info: dict) -> str:
    """What the trace was, and its counters at the end."""
    end, last = info["end"], info["last"] or {}
    what = "search tree"
    if end is not None:
        if "n" in end:
            what = f"{end['n']}-queens, {end.get('strategy', '')} search"
        elif "size" in end:
            what = f"{end['size']}x{end['size']} sudoku, {end.get('strategy', '')} search"
    counts = ", ".join(
        plural(last[key], key[:-1]) for key in ("nodes", "backtracks", "solutions") if key in last
    )
    heading = what + (f": {counts}" if counts else "")
    if end is not None and end.get("complete") is False:
        heading += " (trace cut short)"
    return heading


def _legend(nodes: list[_Node], sudoku: bool) -> tuple[list[str], float]:
    """The legend under the heading (the last colour first, as drawn over one another),
    and the x where it ends."""
    legend = [("node", _NODE, "guess" if sudoku else "placed"), ("solution", _SOLUTION, "solution")]
    if any(node.forced for node in nodes):
        legend.insert(1, ("forced", _FORCED, "forced"))
    lx = 8.0
    out: list[str] = []
    for _, colour, text in legend:
        swatch = _el("circle", cx=lx + 5, cy=38.0, r=5.0, fill=colour, class_="legend")
        words = _el(
            "text",
            text,
            x=lx + 14,
            y=38.0,
            font_size=11,
            fill="#444",
            dominant_baseline="central",
            class_="legend",
        )
        out[0:0] = [swatch, words]
        lx += 80
    cross = _el(
        "path",
        d=f"M{_num(lx)} 33L{_num(lx + 10)} 43M{_num(lx)} 43L{_num(lx + 10)} 33",
        stroke=_PRUNED,
        stroke_width=2.0,
        class_="legend",
    )
    words = _el(
        "text",
        "pruned",
        x=lx + 16,
        y=38.0,
        font_size=11,
        fill="#444",
        dominant_baseline="central",
        class_="legend",
    )
    return [cross, words, *out], lx


def tree_svg(events: Iterable[dict], *, max_nodes: int = 2000) -> str:
    """The search tree of a trace: what was tried, in order, and where it failed.

    Parameters
    ----------
    events : iterable of dict
        The events of :func:`clew.queens.trace` (or of a Sudoku trace), as described in
        :mod:`clew.viz`; read up to the ``end`` event.
    max_nodes : int
        Refuse a tree of more nodes (placements and refusals, plus the root).

    Returns
    -------
    str
        An SVG document. Below the root, one node per ``place`` event, the children of a
        node left to right in the order the search tried them: ``<g class="node">`` labelled
        with its square (``r1c3``; for Sudoku the digit, forced moves in grey), or
        ``<g class="node solution">`` in green where a ``solution`` event was reached; one
        ``<g class="pruned">`` red cross per ``prune`` event, its tooltip giving the reason.
        A backtrack is the return to the parent, so it draws nothing; the edges leading to a
        solution are drawn green.

    Raises
    ------
    TreeTooLargeError
        More than ``max_nodes`` nodes (use a smaller n, or a larger ``max_nodes``).
    clew.errors.ClewError
        Events that are not a trace (an unknown type, a backtrack of a square that was not placed).

    Examples
    --------
    >>> events = [
    ...     {"type": "place", "row": 0, "col": 0},
    ...     {"type": "prune", "row": 1, "col": 0, "why": "column", "by": [0, 0]},
    ...     {"type": "backtrack", "row": 0, "col": 0},
    ...     {"type": "place", "row": 0, "col": 1},
    ...     {"type": "solution", "columns": [1]},
    ...     {"type": "backtrack", "row": 0, "col": 1},
    ...     {"type": "end", "complete": True, "strategy": "textbook", "n": 2},
    ... ]
    >>> svg = tree_svg(events)
    >>> svg.count('class="node"'), svg.count('class="node solution"'), svg.count('class="pruned"')
    (1, 1, 1)
    >>> tree_svg(events, max_nodes=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    clew.viz.search_tree_svg.TreeTooLargeError: the search tree has more than 3 nodes ...
    """
    if (
        isinstance(max_nodes, bool)
        or not hasattr(max_nodes, "__index__")
        or max_nodes.__index__() < 1
    ):
        raise ClewError(f"max_nodes must be a positive integer, got {max_nodes!r}")
    root, info = _build(events, max_nodes.__index__())
    sudoku = info["sudoku"]
    span = _layout(root, 0.7 if sudoku else 0.5)

    # spacing: room for a label of "r12c10" under queens, a digit or two under sudoku
    dx = 30.0 if sudoku else 48.0
    dy = 56.0
    radius = 10.0 if sudoku else 15.0
    left, top = 70.0, 64.0
    nodes = []
    stack = [root]
    while stack:  # depth first, children left to right
        node = stack.pop()
        nodes.append(node)
        stack.extend(reversed(node.children))
    depth = max(node.depth for node in nodes)

    def at(node: _Node) -> tuple[float, float]:
        return left + node.x * dx, top + node.depth * dy

    # edges before nodes, so that the nodes are drawn over them
    body = (
        _depth_labels(nodes, depth, info, top, dy) + _edges(nodes, at) + _marks(nodes, at, radius)
    )
    heading = _heading(info)
    legend, lx = _legend(nodes, sudoku)
    title = _el("text", heading, x=8.0, y=20.0, font_size=13, fill="#222", class_="heading")
    width = max(left + span * dx + 20, lx + 80, 8.0 + 7.0 * len(heading))
    height = top + depth * dy + 40
    return _document(width, height, heading, [title, *legend, *body])
