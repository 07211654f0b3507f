"""Pictures of boards and of search trees as SVG text, written without any drawing library.

Three pictures, each a complete ``<svg>`` document (a string) that a browser shows as is and
that :mod:`xml.etree.ElementTree` parses:

* :func:`queens_svg` -- an n x n chessboard with queens on it (a solution, or a partly
  filled board), optionally with every attacked square shaded;
* :func:`sudoku_svg` -- a sudoku grid, givens in bold black and the digits of a solution in
  blue;
* :func:`tree_svg` -- the search tree of a trace (:func:`clew.queens.trace`, or a Sudoku
  trace): one node per placement, a red cross per refused square, solutions in green.

Every element a reader may want to find has a class and ``data-`` attributes: queens are
``<text class="queen" data-row=.. data-col=..>``, shaded squares ``<rect class="attacked">``,
sudoku digits ``<text class="given">`` / ``<text class="filled">`` with ``data-row``,
``data-col`` and ``data-digit``; tree nodes are ``<g class="node">`` (``"node solution"``
for a solution), refusals ``<g class="pruned">``, each with a ``<title>`` tooltip.

Rows and columns are counted from 0 in the data attributes and from 1 in what is shown
(``r1c3`` is row 0, column 2), as everywhere in clew.

>>> import xml.etree.ElementTree as ET
>>> svg = queens_svg(4, [1, 3, 0, 2])
>>> ET.fromstring(svg).tag
'{http://www.w3.org/2000/svg}svg'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape

from ..errors import BoardSizeError, ClewError, InvalidSolutionError, plural
from ..sudoku.geometry import cell_name
from ..sudoku.grid import DIGITS
from ._svg_doc import _FILLED, _GIVEN, _document, _el, _num

__all__ = [
    "MAX_BOARD_N",
    "TreeTooLargeError",
    "attacked_squares",
    "attacking_pairs",
    "queens_svg",
    "sudoku_svg",
    "tree_svg",
]

#: Largest board :func:`queens_svg` draws.
MAX_BOARD_N = 64


# colours
_LIGHT, _DARK = "#f0d9b5", "#b58863"
_ATTACKED = "#e0301e"
_NODE, _SOLUTION, _PRUNED, _FORCED = "#4a6fa5", "#2e9e44", "#d62728", "#9aa5b1"


def _check_cell(cell) -> float:
    if isinstance(cell, bool) or not isinstance(cell, (int, float)) or not 4 <= cell <= 1000:
        raise ClewError(f"cell must be a size in pixels between 4 and 1000, got {cell!r}")
    return float(cell)


def _name(row: int, col: int) -> str:
    return f"r{row + 1}c{col + 1}"


# ---------------------------------------------------------------------------------------------
# N-Queens board
# ---------------------------------------------------------------------------------------------


def _check_columns(n: int, columns) -> list[int | None]:
    if columns is None:
        return []
    if isinstance(columns, (str, bytes)) or not isinstance(columns, Iterable):
        raise ClewError(f"columns must be a sequence of column numbers (or None), got {columns!r}")
    out: list[int | None] = []
    for row, col in enumerate(columns):
        if row >= n:
            raise ClewError(f"columns has more than {n} entries, one per row of the {n}x{n} board")
        if col is None:
            out.append(None)
            continue
        if isinstance(col, bool) or not hasattr(col, "__index__"):
            raise ClewError(f"row {row + 1}: the column must be an integer or None, got {col!r}")
        col = col.__index__()
        if not 0 <= col < n:
            raise ClewError(
                f"row {row + 1}: column {col} is off the {n}x{n} board (columns are 0 to {n - 1})"
            )
        out.append(col)
    return out


def attacked_squares(n: int, columns) -> set[tuple[int, int]]:
    """The squares ``(row, col)`` attacked by at least one queen of ``columns``.

    A queen attacks along its row, its column and both diagonals, however far; its own square
    counts as attacked only when another queen attacks it (two queens in conflict).

    Examples
    --------
    >>> sorted(attacked_squares(3, [None, 1]))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1), (2, 2)]
    >>> attacked_squares(2, [0, 1]) >= {(0, 0), (1, 1)}
    True
    """
    queens = [(r, c) for r, c in enumerate(_check_columns(n, columns)) if c is not None]
    hit = set()
    for r in range(n):
        for c in range(n):
            for qr, qc in queens:
                if (qr, qc) != (r, c) and (
                    qr == r or qc == c or qr - qc == r - c or qr + qc == r + c
                ):
                    hit.add((r, c))
                    break
    return hit


def attacking_pairs(n: int, columns) -> list[tuple[tuple[int, int], tuple[int, int], str]]:
    """Every two queens of ``columns`` that attack each other: ``((r1, c1), (r2, c2), why)``
    with ``r1 < r2`` (from 0), why ``"column"``, ``"diagonal"`` or ``"anti-diagonal"``, in
    row order. One queen per row never shares a row, so those are the only ways.

    Examples
    --------
    >>> attacking_pairs(4, [0, None, 2, 0])
    [((0, 0), (2, 2), 'diagonal'), ((0, 0), (3, 0), 'column')]
    >>> attacking_pairs(4, [1, 3, 0, 2])
    []
    """
    queens = [(r, c) for r, c in enumerate(_check_columns(n, columns)) if c is not None]
    pairs = []
    for i, (r1, c1) in enumerate(queens):
        for r2, c2 in queens[i + 1 :]:
            why = (
                "column"
                if c1 == c2
                else "diagonal"
                if r2 - r1 == c2 - c1
                else "anti-diagonal"
                if r2 - r1 == c1 - c2
                else None
            )
            if why is not None:
                pairs.append(((r1, c1), (r2, c2), why))
    return pairs


def queens_svg(
    n: int, columns: Sequence[int | None] | None = None, *, attacked: bool = False, cell: float = 40
) -> str:
    """An n x n chessboard with a queen on ``(r, columns[r])`` for each row ``r``.

    Parameters
    ----------
    n : int
        Board size, 1 to :data:`MAX_BOARD_N`.
    columns : sequence of int or None, optional
        The column (from 0) of the queen of each row; ``None``, or a sequence shorter than
        ``n``, leaves rows empty, so a partly filled board of the search can be drawn.
        Default: an empty board.
    attacked : bool
        Shade in red every square attacked by at least one queen (a queen's own square only
        when another queen attacks it).
    cell : float
        Side of a square in pixels.

    Returns
    -------
    str
        An SVG document. Squares are ``<rect class="square light|dark">``, shaded squares
        ``<rect class="attacked">`` and queens ``<text class="queen">`` (the glyph ♛), all
        with ``data-row`` and ``data-col`` from 0. Rows are numbered 1.. down the left side,
        columns 1.. along the top.

    Raises
    ------
    clew.errors.BoardSizeError
        ``n`` is not an integer from 1 to 64.
    clew.errors.ClewError
        A column off the board, more entries than rows, or a bad ``cell``.

    Examples
    --------
    >>> svg = queens_svg(4, (1, 3, 0, 2))
    >>> svg.count('class="queen"')
    4
    >>> queens_svg(4, [None, 2], attacked=True).count('class="attacked"')
    11
    >>> queens_svg(4, [4])
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: row 1: column 4 is off the 4x4 board (columns are 0 to 3)
    >>> queens_svg(100)
    Traceback (most recent call last):
    ...
    clew.errors.BoardSizeError: queens_svg draws boards of 1 to 64 squares a side, got n=100
    """
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise BoardSizeError(f"n must be an integer, got {n!r}")
    n = n.__index__()
    if not 1 <= n <= MAX_BOARD_N:
        raise BoardSizeError(
            f"queens_svg draws boards of 1 to {MAX_BOARD_N} squares a side, got n={n}"
        )
    cols = _check_columns(n, columns)
    size = _check_cell(cell)
    margin = size * 0.6
    label_size = max(6.0, min(size * 0.32, 14.0))
    body = []

    for i in range(n):  # labels: columns along the top, rows down the left
        body.append(
            _el(
                "text",
                str(i + 1),
                x=margin + (i + 0.5) * size,
                y=margin * 0.7,
                font_size=label_size,
                text_anchor="middle",
                fill="#555",
                class_="label",
            )
        )
        body.append(
            _el(
                "text",
                str(i + 1),
                x=margin * 0.5,
                y=margin + (i + 0.5) * size,
                font_size=label_size,
                text_anchor="middle",
                dominant_baseline="central",
                fill="#555",
                class_="label",
            )
        )
    for r in range(n):
        for c in range(n):
            dark = (r + c) % 2 == 1
            body.append(
                _el(
                    "rect",
                    x=margin + c * size,
                    y=margin + r * size,
                    width=size,
                    height=size,
                    fill=_DARK if dark else _LIGHT,
                    class_="square dark" if dark else "square light",
                    data_row=r,
                    data_col=c,
                )
            )
    if attacked:
        for r, c in sorted(attacked_squares(n, cols)):
            body.append(
                _el(
                    "rect",
                    x=margin + c * size,
                    y=margin + r * size,
                    width=size,
                    height=size,
                    fill=_ATTACKED,
                    fill_opacity="0.45",
                    class_="attacked",
                    data_row=r,
                    data_col=c,
                )
            )
    body.append(
        _el(
            "rect",
            x=margin,
            y=margin,
            width=n * size,
            height=n * size,
            fill="none",
            stroke="#333",
            stroke_width=max(1.0, size / 40),
            class_="border",
        )
    )
    for r, c in enumerate(cols):
        if c is None:
            continue
        body.append(
            f'<text class="queen" data-row="{r}" data-col="{c}" x="{_num(margin + (c + 0.5) * size)}" '
            f'y="{_num(margin + (r + 0.5) * size)}" font-size="{_num(size * 0.8)}" text-anchor="middle" '
            f'dominant-baseline="central" fill="#111">\u265b<title>queen at {_name(r, c)}</title></text>'
        )
    placed = sum(c is not None for c in cols)
    title = f"{n}-queens board, {plural(placed, 'queen')}"
    side = margin + n * size + margin * 0.4
    return _document(side, side, title, body)


# ---------------------------------------------------------------------------------------------
# Sudoku grid
# ---------------------------------------------------------------------------------------------


def sudoku_svg(puzzle, solution=None, *, cell: float = 40) -> str:
    """A sudoku grid: the givens of ``puzzle`` in bold black, the digits ``solution`` adds in blue.

    Parameters
    ----------
    puzzle
        The puzzle, in any form :class:`clew.sudoku.Grid` reads (4x4, 9x9, 16x16 or 25x25).
    solution : optional
        A solution of the puzzle (any form :class:`~clew.sudoku.Grid` reads, in the puzzle's
        alphabet); its digits fill the blank cells. Default: the puzzle alone.
    cell : float
        Side of a cell in pixels.

    Returns
    -------
    str
        An SVG document: thin lines between cells (``class="thin"``), thick lines around the
        boxes and the grid (``class="thick"``), and one ``<text class="given">`` or
        ``<text class="filled">`` per digit with ``data-row``, ``data-col`` (from 0) and
        ``data-digit`` (from 1); digits above 9 are shown as letters ``A``, ``B``, ... (or in
        the puzzle's own alphabet).

    Raises
    ------
    clew.sudoku.PuzzleFormatError
        The puzzle cannot be read.
    clew.errors.ClewError
        ``solution`` is not a solution of ``puzzle`` (it changes a given, leaves a cell
        blank or breaks a rule), or a bad ``cell``.

    Examples
    --------
    >>> svg = sudoku_svg("1.3." "..1." ".1.." "..4.", "1234" "3412" "4123" "2341")
    >>> svg.count('class="given"'), svg.count('class="filled"')
    (5, 11)
    >>> sudoku_svg("1...............", "2143341212344321")
    Traceback (most recent call last):
    ...
    clew.errors.ClewError: the solution does not solve the puzzle: r1c1 is 2 but the puzzle gives 1
    """
    from ..sudoku import Grid, check_solution

    grid = Grid(puzzle)
    size = _check_cell(cell)
    filled = None
    if solution is not None:
        try:
            check_solution(solution, grid)
        except InvalidSolutionError as exc:
            raise ClewError(f"the solution does not solve the puzzle: {exc}") from None
        filled = (
            Grid(solution, symbols=grid.symbols) if not isinstance(solution, Grid) else solution
        )
    if not grid.shape.is_classic:  # boxes of r x c, jigsaw regions, X, windoku, cages
        from .sudoku_svg_shapes import shape_svg

        return shape_svg(grid, filled, size)
    n, k = grid.n, grid.k
    pad = max(2.0, size / 10)
    body = [
        _el(
            "rect", x=pad, y=pad, width=n * size, height=n * size, fill="white", class_="background"
        )
    ]
    thin, thick = max(0.5, size / 40), max(2.0, size / 14)
    for i in range(1, n):
        if i % k:
            at = pad + i * size
            body.append(
                _el(
                    "line",
                    x1=at,
                    y1=pad,
                    x2=at,
                    y2=pad + n * size,
                    stroke="#999",
                    stroke_width=thin,
                    class_="thin",
                )
            )
            body.append(
                _el(
                    "line",
                    x1=pad,
                    y1=at,
                    x2=pad + n * size,
                    y2=at,
                    stroke="#999",
                    stroke_width=thin,
                    class_="thin",
                )
            )
    for i in range(0, n + 1, k):
        at = pad + i * size
        body.append(
            _el(
                "line",
                x1=at,
                y1=pad - thick / 2 if i in (0, n) else pad,
                x2=at,
                y2=pad + n * size + (thick / 2 if i in (0, n) else 0),
                stroke="#111",
                stroke_width=thick,
                class_="thick",
            )
        )
        body.append(
            _el(
                "line",
                x1=pad,
                y1=at,
                x2=pad + n * size,
                y2=at,
                stroke="#111",
                stroke_width=thick,
                class_="thick",
            )
        )
    font = size * (0.62 if n <= 16 else 0.55)
    givens = grid.cells
    values = filled.cells if filled is not None else givens
    for index, value in enumerate(values):
        if value == 0:
            continue
        r, c = divmod(index, n)
        is_given = givens[index] != 0
        body.append(
            _el(
                "text",
                grid.symbol(value),
                x=pad + (c + 0.5) * size,
                y=pad + (r + 0.5) * size,
                font_size=font,
                text_anchor="middle",
                dominant_baseline="central",
                font_weight="bold" if is_given else "normal",
                fill=_GIVEN if is_given else _FILLED,
                class_="given" if is_given else "filled",
                data_row=r,
                data_col=c,
                data_digit=value,
            )
        )
    title = f"{n}x{n} sudoku, {grid.givens} givens" + (
        " and its solution" if filled is not None else ""
    )
    side = n * size + 2 * pad
    return _document(side, side, title, body)


# ---------------------------------------------------------------------------------------------
# Search tree
# ---------------------------------------------------------------------------------------------


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
    row, col, by = event.get("row"), event.get("col"), event.get("by")
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
            keys = (
                event.get("cells") if "cells" in event else [(event.get("row"), event.get("col"))]
            )
            for key in keys:
                if len(path) == 1:
                    raise ClewError(f"event {number}: a backtrack with nothing placed")
                if path[-1].key != key:
                    raise ClewError(
                        f"event {number}: backtrack of {key!r}, but the last placement is {path[-1].key!r}"
                    )
                path.pop()
        elif kind == "solution":
            node = path[-1]
            node.solution = True
            while node is not None:
                node.on_path = True
                node = node.parent
        elif kind == "end":
            end = event
            break
        else:
            raise ClewError(
                f"event {number}: unknown event type {kind!r} (expected place, prune, backtrack, solution or end)"
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
    >>> tree_svg(events, max_nodes=3)
    Traceback (most recent call last):
    ...
    clew.viz.svg.TreeTooLargeError: the search tree has more than 3 nodes (max_nodes), 4 so far: draw a smaller board (a smaller n) or raise max_nodes
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
    depth = 0
    while stack:
        node = stack.pop()
        nodes.append(node)
        depth = max(depth, node.depth)
        stack.extend(reversed(node.children))
    width = left + span * dx + 20
    height = top + depth * dy + 40

    def at(node: _Node) -> tuple[float, float]:
        return left + node.x * dx, top + node.depth * dy

    body = []
    # depth labels: the row (queens) or cell (sudoku) every placement at that depth fills,
    # when it is always the same one; a search of one's own or an exact cover has no board,
    # its "row" is the depth itself, so its depths are labelled "depth 1", "depth 2", ...
    # (or by the word the trace's end event gives as "depth_label")
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
    # edges first, nodes over them
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
    # heading: what the trace was, and its counters at the end
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
    body.insert(0, _el("text", heading, x=8.0, y=20.0, font_size=13, fill="#222", class_="heading"))
    legend = [("node", _NODE, "guess" if sudoku else "placed"), ("solution", _SOLUTION, "solution")]
    if any(node.forced for node in nodes):
        legend.insert(1, ("forced", _FORCED, "forced"))
    lx = 8.0
    for _, colour, text in legend:
        body.insert(1, _el("circle", cx=lx + 5, cy=38.0, r=5.0, fill=colour, class_="legend"))
        body.insert(
            2,
            _el(
                "text",
                text,
                x=lx + 14,
                y=38.0,
                font_size=11,
                fill="#444",
                dominant_baseline="central",
                class_="legend",
            ),
        )
        lx += 80
    body.insert(
        1,
        _el(
            "path",
            d=f"M{_num(lx)} 33L{_num(lx + 10)} 43M{_num(lx)} 43L{_num(lx + 10)} 33",
            stroke=_PRUNED,
            stroke_width=2.0,
            class_="legend",
        ),
    )
    body.insert(
        2,
        _el(
            "text",
            "pruned",
            x=lx + 16,
            y=38.0,
            font_size=11,
            fill="#444",
            dominant_baseline="central",
            class_="legend",
        ),
    )
    width = max(width, lx + 80, 8.0 + 7.0 * len(heading))
    return _document(width, height, heading, body)
