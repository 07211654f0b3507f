"""The search tree of a trace as SVG: one node per placement, a red cross per refused
square, solutions in green.

Tree nodes are ``<g class="node">`` (``"node solution"`` for a solution, ``"node forced"``
for a forced move), refusals ``<g class="pruned">``, each with a ``<title>`` tooltip. Rows
and columns count from 1 in what is shown, as everywhere in clew. What a node is called (its
label, its tooltip, the label of its depth) the kind of the trace says, through the
:class:`~clew.viz.registry.TreeWords` its picture module registers; this module names no
family.

>>> svg = tree_svg([{"type": "place", "row": 0, "col": 0}, {"type": "end", "n": 1}])
>>> svg.count('class="node"')
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from xml.sax.saxutils import escape

from ..errors import ClewError, plural
from . import registry
from ._svg_doc import _document, _el, _num
from .registry import TreeWords
from .words import square

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
        self.key = key  # what a backtrack names (the kind's TreeWords.place says it)
        self.parent = parent


def _plain_place(event: dict) -> tuple[Any, str, str, bool]:
    row, col = event["row"], event["col"]
    return (row, col), square(row, col), square(row, col), False


def _plain_prune(event: dict, context: Any) -> str:
    row: Any = event.get("row")  # a malformed refusal's tooltip may say None
    col: Any = event.get("col")
    return f"{square(row, col)} refused: {event.get('why')}"


#: The words of a kind that registers none (or of a trace whose kind is unknown): squares.
_PLAIN = TreeWords(
    place=_plain_place,
    prune=_plain_prune,
    undo=lambda event: [(event.get("row"), event.get("col"))],
    depth=lambda keys, end: None,
    heading=lambda end: None,
)


def _words(events: list[dict]) -> TreeWords:
    """The tree words of the kind of the trace (:func:`clew.viz.registry.kind_of`), or plain
    squares when it has none or its kind cannot be told (an empty trace, a hand-made one)."""
    try:
        words = registry.get(registry.kind_of([e for e in events if isinstance(e, dict)])).tree
    except ClewError:
        return _PLAIN
    return _PLAIN if words is None else words


_TYPES = ("place", "prune", "backtrack", "solution", "end")


def _read(events: Iterable[dict], max_nodes: int) -> list:
    """The events the tree is built from: up to the end event, the first malformed one, or
    the one past ``max_nodes`` (a long trace is not read further); :func:`_build` checks
    them."""
    read = []
    count = 1
    for event in events:
        read.append(event)
        if not isinstance(event, dict) or event.get("type") not in _TYPES or event["type"] == "end":
            break
        if event["type"] in ("place", "prune"):
            count += 1
            if count > max_nodes:
                break
    return read


def _build(events: list[dict], max_nodes: int, words: TreeWords):
    """Read the events into a tree; ``(root, info)`` where info holds the end event and
    counts."""
    root = _Node("root", "", "start", 0, None)
    path = [root]
    count = 1
    end = None
    last = None
    refusals = []

    for number, event in enumerate(events, start=1):
        if not isinstance(event, dict) or "type" not in event:
            raise ClewError(
                f"event {number} is not a trace event (a dict with a 'type'): {event!r:.60}"
            )
        kind = event["type"]
        last = event
        if kind in ("place", "prune"):
            count += 1
            if count > max_nodes:
                raise TreeTooLargeError(max_nodes, count)
            parent = path[-1]
            if kind == "place":
                try:
                    key, label, tip, forced = words.place(event)
                except (KeyError, TypeError):
                    raise ClewError(
                        f"event {number}: a place event without its square: {event!r:.80}"
                    ) from None
                node = _Node("node", label, tip, parent.depth + 1, parent, key)
                node.forced = forced
                parent.children.append(node)
                path.append(node)
            else:
                node = _Node("pruned", "", "", parent.depth + 1, parent)
                refusals.append((node, event))
                parent.children.append(node)
        elif kind == "backtrack":
            for key in words.undo(event):
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
    context = words.context(events, end or {})
    for node, event in refusals:
        node.tip = words.prune(event, context)
    return root, {"end": end, "last": last, "count": count}


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


def _depth_labels(
    nodes: list[_Node], depth: int, info: dict, top: float, dy: float, words: TreeWords
) -> list[str]:
    """The label of each depth: what the kind calls the keys of its placements (the row or
    the cell every placement at that depth fills, when it is always the same one), else
    "depth 1", "depth 2", ... (or the word the trace's end event gives as "depth_label")."""
    body = []
    end = info["end"] or {}
    word = end.get("depth_label")
    keys_at: dict[int, set] = {}
    for node in nodes:
        if node.kind == "node":
            keys_at.setdefault(node.depth, set()).add(node.key)
    for d in range(1, depth + 1):
        text = words.depth(keys_at.get(d, set()), end)
        if text is None:
            text = f"{word if isinstance(word, str) and word else 'depth'} {d}"
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


def _heading(info: dict, words: TreeWords) -> str:
    """What the trace was, and its counters at the end."""
    end, last = info["end"], info["last"] or {}
    what = (words.heading(end) if end is not None else None) or "search tree"
    counts = ", ".join(
        plural(last[key], key[:-1]) for key in ("nodes", "backtracks", "solutions") if key in last
    )
    heading = what + (f": {counts}" if counts else "")
    if end is not None and end.get("complete") is False:
        heading += " (trace cut short)"
    return heading


def _legend(nodes: list[_Node], compact: bool) -> tuple[list[str], float]:
    """The legend under the heading (the last colour first, as drawn over one another),
    and the x where it ends."""
    legend = [
        ("node", _NODE, "guess" if compact else "placed"),
        ("solution", _SOLUTION, "solution"),
    ]
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
        The events of a trace (:func:`clew.queens.trace`, :func:`clew.sudoku.trace`,
        :func:`clew.search.trace`...), as described in :mod:`clew.viz`; read up to the
        ``end`` event. Its kind (:func:`clew.viz.registry.kind_of`) names the nodes; a kind
        that registers no :class:`~clew.viz.registry.TreeWords`, or a trace whose kind
        cannot be told, is drawn with plain squares (``r1c3``).
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
    read = _read(events, max_nodes.__index__())
    words = _words(read)
    root, info = _build(read, max_nodes.__index__(), words)
    compact = words.compact
    span = _layout(root, 0.7 if compact else 0.5)

    # spacing: room for a label of "r12c10", or a digit or two in a compact tree
    dx = 30.0 if compact else 48.0
    dy = 56.0
    radius = 10.0 if compact else 15.0
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
        _depth_labels(nodes, depth, info, top, dy, words)
        + _edges(nodes, at)
        + _marks(nodes, at, radius)
    )
    heading = _heading(info, words)
    legend, lx = _legend(nodes, compact)
    title = _el("text", heading, x=8.0, y=20.0, font_size=13, fill="#222", class_="heading")
    width = max(left + span * dx + 20, lx + 80, 8.0 + 7.0 * len(heading))
    height = top + depth * dy + 40
    return _document(width, height, heading, [title, *legend, *body])
