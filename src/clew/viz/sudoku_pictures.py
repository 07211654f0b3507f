"""The pictures of Sudoku (:func:`clew.sudoku.trace`, :class:`clew.sudoku.Grid`, a step of
the logical solver), registered with :mod:`clew.viz.registry` under the kind ``"sudoku"``:
the player's grid (the HTML player draws it itself), the events in words, the terminal
animation, and the SVG of a grid or a step in a notebook.

>>> from clew import sudoku
>>> *_, (end, cells) = replay_sudoku(sudoku.trace("..3.4.........42"), "..3.4.........42")
>>> "".join(map(str, cells))
'1234432124133142'
>>> describe_sudoku({"type": "place", "cell": 40, "row": 4, "col": 4, "digit": 5,
...                  "how": "naked single"})
'r5c5 = 5 (naked single)'
>>> describe_sudoku({"type": "prune", "cell": 1, "row": 0, "col": 1, "digit": 1,
...                  "why": "row", "by": 0}, 4)
'r1c2 cannot be 1: already in its row (r1c1)'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import ClewError, plural
from ..sudoku.geometry import cell_name
from .registry import Kind, TreeWords, register, register_picture
from .trace_kinds import as_int, end_event
from .words import after_solution, by_name, counters, end_words, square

__all__ = [
    "decode_grid",
    "describe_sudoku",
    "replay_sudoku",
    "sudoku_frames",
    "sudoku_meta",
    "sudoku_text",
]

_SIDES = (4, 9, 16, 25)  # the classic sides, guessed when a trace names no side
_MIN_SIDE = 4
_DIGITS = "123456789ABCDEFGHIJKLMNOP"
#: The keys of the legend whose swatch shows a digit.
_WITH_DIGIT = ("given", "guess", "forced", "place", "by")
#: The legend of the grid: (key, the classes of its swatch, what it means[, its glyph]).
LEGEND = tuple(
    (key, classes, text, "5" if key in _WITH_DIGIT else "")
    for key, classes, text in (
        ("given", "cell given", "a given of the puzzle"),
        ("guess", "cell guess", "a digit guessed by the search"),
        ("forced", "cell forced", "a digit forced (naked or hidden single)"),
        ("place", "cell guess hl-place", "the digit just placed"),
        ("back", "cell hl-back", "a cell just emptied by a backtrack"),
        ("prune", "cell hl-prune", "a digit refused here (struck out in the corner)"),
        ("by", "cell given hl-by", "the cell holding that digit already"),
        ("solved", "cell solved", "a solution: the grid is outlined in green"),
    )
)


def replay_sudoku(events: Iterable[dict], puzzle) -> Iterator[tuple[dict, list[int]]]:
    """``(event, cells)`` after each event: the digits of the grid (0 = empty), starting
    from ``puzzle`` (the one-line form, e.g. an ``end`` event's ``"puzzle"``, or a
    :class:`~clew.sudoku.Grid` of any shape). The list is the same object every time."""
    from ..sudoku import Grid

    cells = list(Grid(puzzle).cells)
    for event in events:
        kind = event["type"]
        if kind == "place":
            if cells[event["cell"]]:
                raise ClewError(f"bad trace: cell {event['cell']} is already filled")
            cells[event["cell"]] = event["digit"]
        elif kind == "backtrack":
            for cell in event["cells"]:
                cells[cell] = 0
        yield event, cells


def sudoku_text(cells: list[int], k) -> str:
    """The grid as text with box lines (``.`` for an empty cell; digits above 9 as letters);
    ``k`` is a box size or a shape (:class:`clew.sudoku.shape.Shape`).

    >>> print(sudoku_text([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0], 2))
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 .
    """
    from ..sudoku import Grid

    return Grid._make(bytes(cells), k, None).to_text()


def describe_sudoku(event: dict, size: int | None = None) -> str:
    """An event of a Sudoku trace in words (``size``: the side of the grid, to name the
    cell that refuses a digit)."""
    kind = event["type"]
    if kind == "place":
        return f"{square(event['row'], event['col'])} = {event['digit']} ({event['how']})"
    if kind == "prune":
        if event["why"] == "no candidate":
            return f"{square(event['row'], event['col'])} has no digit left: back"
        if event["why"] == "no place":
            return f"{event['digit']} has no place left in {event.get('unit', 'a unit')}: back"
        by = event.get("by")
        where = ""
        if size and by is not None:
            from ..sudoku.geometry import cell_name

            where = f" ({cell_name(by, size)})"
        at = square(event["row"], event["col"])
        return f"{at} cannot be {event['digit']}: already in its {event['why']}{where}"
    if kind == "backtrack":
        return f"back: {plural(len(event['cells']), 'cell')} emptied{after_solution(event)}"
    if kind == "solution":
        return f"solution {event['solutions']}"
    return f"end: {end_words(event)}"


def sudoku_frames(events: Iterable[dict], *, puzzle=None, **board) -> Iterator:
    """The frames of the terminal animation: the grid, the event in words and the
    counters, one :class:`rich.text.Text` per event; ``puzzle`` in any form
    :class:`~clew.sudoku.Grid` reads (a Grid keeps its shape: boxes, regions, cages)."""
    from rich.text import Text

    from ..sudoku import Grid

    if puzzle is None:
        raise ClewError("a sudoku animation needs the puzzle")
    grid = Grid(puzzle)
    for event, cells in replay_sudoku(events, grid):
        picture = sudoku_text(cells, grid.shape)
        yield event, Text(f"{picture}\n\n{describe_sudoku(event, grid.n)}\n{counters(event)}")


def decode_grid(text: object, side: int | None = None) -> list[int] | None:
    """Digits of a grid written as text (``.``/``0`` blank, letters above 9), or None."""
    if not isinstance(text, str):
        return None
    cells = []
    for ch in text:
        if ch in ".0":
            cells.append(0)
        elif ch.upper() in _DIGITS:
            cells.append(_DIGITS.index(ch.upper()) + 1)
        elif ch.isspace() or ch in "|-+=" or 0x2500 <= ord(ch) < 0x2580:
            continue
        else:
            return None
    root = math.isqrt(len(cells))
    if (
        root * root != len(cells)
        or not _MIN_SIDE <= root <= len(_DIGITS)
        or (side is not None and root != side)
    ):
        return None
    if any(d > root for d in cells):
        return None
    return cells


def _shape_meta(end: dict, side: int) -> dict:
    """The shape an ``end`` event describes (see :func:`clew.sudoku.tracing.shape_fields`),
    checked: ``regions`` (side * side region numbers 0..side-1), ``shaded`` (cells),
    ``cages`` (``[sum, [cells]]``); what is malformed is left out."""
    out: dict = {}
    cells = side * side
    regions = end.get("regions")
    if (
        isinstance(regions, list)
        and len(regions) == cells
        and all(as_int(r) is not None and 0 <= r < side for r in regions)
    ):
        out["regions"] = regions
    shaded = end.get("shaded")
    if isinstance(shaded, list) and all(as_int(c) is not None and 0 <= c < cells for c in shaded):
        out["shaded"] = shaded
    cages = end.get("cages")
    if isinstance(cages, list) and all(
        isinstance(cage, list)
        and len(cage) == 2
        and as_int(cage[0]) is not None
        and isinstance(cage[1], list)
        and cage[1]
        and all(as_int(c) is not None and 0 <= c < cells for c in cage[1])
        for cage in cages
    ):
        out["cages"] = cages
    return out


def sudoku_meta(events: list[dict]) -> dict:
    """The player's grid: its side, box size, givens and shape (regions, shaded cells,
    cages), from the ``end`` event or else the events."""
    end = end_event(events)
    puzzle = decode_grid(end.get("puzzle")) if "puzzle" in end else None
    decoded = [decode_grid(e.get("grid")) for e in events if e["type"] == "solution"]
    grids = [g for g in decoded if g is not None]
    if puzzle is not None:
        side = math.isqrt(len(puzzle))
    elif grids:
        side = math.isqrt(len(grids[0]))
    else:
        # the smallest side that holds every cell, row, column and digit of the trace
        low = 0
        for event in events:
            cells: list = event["cells"] if isinstance(event.get("cells"), (list, tuple)) else []
            for key, extra in (("row", 1), ("col", 1), ("digit", 0)):
                value = as_int(event.get(key))
                if value is not None:
                    low = max(low, value + extra)
            for value in [event.get("cell"), *cells]:
                value = as_int(value)
                if value is not None and value >= 0:
                    low = max(low, math.isqrt(value) + 1)
        size = as_int(end.get("size"))
        if size in _SIDES and size >= low:
            side = size
        elif size in (2, 3, 5) and size * size >= low:
            side = size * size
        else:
            side = next((s for s in _SIDES if s >= low), _SIDES[-1])
    if puzzle is None and grids:
        # no puzzle given: the givens are the cells of a solution that the search never placed
        placed = set()
        for event in events:
            if event["type"] == "place":
                cell = as_int(event.get("cell"))
                if (
                    cell is None
                    and as_int(event.get("row")) is not None
                    and as_int(event.get("col")) is not None
                ):
                    cell = event["row"] * side + event["col"]
                placed.add(cell)
        puzzle = [0 if i in placed else d for i, d in enumerate(grids[0])]
    if puzzle is None or len(puzzle) != side * side:
        puzzle = [0] * (side * side)
    return {"n": side, "k": math.isqrt(side), "givens": puzzle, **_shape_meta(end, side)}


def _guess(events: list[dict], end: dict) -> int:
    """A trace without its kind: an ``end`` event with ``size`` or ``puzzle``, or events
    with digits, cells or grids."""
    if "size" in end or "puzzle" in end:
        return 20
    keys = ("digit", "cell", "cells", "grid", "puzzle")
    return 11 if any(key in event for event in events for key in keys) else 0


def _tree_place(event: dict) -> tuple[Any, str, str, bool]:
    """A node of the search tree: the digit placed, how (a guess, or forced)."""
    row, col = event["row"], event["col"]
    digit, how = event["digit"], event.get("how") or "guess"
    label = _DIGITS[digit - 1] if 1 <= digit <= len(_DIGITS) else str(digit)
    return event["cell"], label, f"{square(row, col)} = {label} ({how})", how != "guess"


def _tree_side(events: list[dict], end: dict) -> int | None:
    """The side of the grid: the end event's ``size``, else what the placements show."""
    side = None
    for event in events:
        if not isinstance(event, dict) or event.get("type") != "place":
            continue
        cell, row, col = event.get("cell"), event.get("row"), event.get("col")
        # a malformed placement is left to the tree, which names it in a one-line error
        if any(isinstance(v, bool) for v in (cell, row, col)):
            continue
        if isinstance(cell, int) and isinstance(row, int) and isinstance(col, int) and row > 0:
            side = (cell - col) // row
    return end.get("size") or side


def _tree_prune(event: dict, side: int | None) -> str:
    """The tooltip of a refusal in the search tree: the digit, the cell and why."""
    why = event.get("why")
    row: Any = event.get("row")  # a malformed refusal's tooltip may say None
    col: Any = event.get("col")
    by: Any = event.get("by")
    digit = event.get("digit")
    if not (isinstance(row, int) and isinstance(col, int)):
        # a refusal of a whole unit (a killer cage whose sum no digits left can make) has
        # no square: its tooltip names the unit
        unit = event.get("unit") or "the grid"
        return f"{unit}: its sum cannot be made" if why == "cage sum" else f"{unit}: {why}"
    if why == "no candidate":
        return f"{square(row, col)} has no candidate left"
    if why == "no place":
        return f"digit {digit} has no place left"
    if by is None:
        tail = ""
    elif isinstance(by, int) and not isinstance(by, bool) and side:
        tail = f" (at {cell_name(by, side)})"
    else:
        tail = f" (at {by_name(by)})"
    return f"{digit} refused at {square(row, col)}: already in its {why}{tail}"


def _tree_depth(cells: set, end: dict) -> str | None:
    """A depth of the search tree is a cell, when all its placements fill the same one."""
    side = end.get("size")
    return cell_name(next(iter(cells)), side) if len(cells) == 1 and side else None


def _tree_heading(end: dict) -> str | None:
    if "size" not in end:
        return None
    return f"{end['size']}x{end['size']} sudoku, {end.get('strategy', '')} search"


#: How the search tree (:func:`clew.viz.svg.tree_svg`) names the digits: compact nodes
#: labelled with a digit, a backtrack empties cells.
TREE = TreeWords(
    place=_tree_place,
    prune=_tree_prune,
    undo=lambda event: (
        event.get("cells") or [] if "cells" in event else [(event.get("row"), event.get("col"))]
    ),
    depth=_tree_depth,
    heading=_tree_heading,
    context=_tree_side,
    compact=True,
)


def _grid(grid) -> str:
    from .sudoku_grid_svg import sudoku_svg

    return sudoku_svg(grid)


def _step(step) -> str | None:
    from .sudoku_step_svg import step_svg

    return step_svg(step)


register(
    Kind(
        "sudoku",
        meta=sudoku_meta,
        describe=describe_sudoku,
        legend=LEGEND,
        frames=sudoku_frames,
        guess=_guess,
        tree=TREE,
    )
)
register_picture("clew.sudoku.grid", "Grid", _grid)
register_picture("clew.sudoku.logic.step", "Step", _step)
