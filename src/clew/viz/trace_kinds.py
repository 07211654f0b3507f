"""What a trace draws: its kind (N-Queens, Sudoku, a search of one's own) and what its board
needs (the side, the givens, the drawing of the start state), read from the events alone.

The HTML player (:mod:`clew.viz.player`) calls these before it writes the page.

>>> guess_kind([{"type": "place", "row": 0, "col": 1}])
'queens'
>>> guess_kind([{"type": "end", "problem": "derangements(3)", "strategy": "first"}])
'search'
>>> guess_kind([{"type": "end", "maze": "S.E\\n", "strategy": "dfs"}])
'maze'
"""

from __future__ import annotations

import math

from ..errors import ClewError

__all__ = [
    "as_int",
    "decode_grid",
    "end_event",
    "guess_kind",
    "maze_meta",
    "queens_meta",
    "search_meta",
    "sudoku_meta",
]

_SIDES = (4, 9, 16, 25)  # the classic sides, guessed when a trace names no side
_MIN_SIDE = 4
_DIGITS = "123456789ABCDEFGHIJKLMNOP"
#: The largest board the player draws from the rows and columns of the events alone (an
#: N-Queens board, a maze without its text): a page of a million squares still plays, and a
#: row of 10**9 in a trace from elsewhere is refused in one line, not a page of exabytes.
MAX_BOARD_SIDE = 1000


def _check_side(side: int, what: str) -> int:
    if side > MAX_BOARD_SIDE:
        raise ClewError(
            f"the trace's {what} is {side:,} squares wide; the player draws at most {MAX_BOARD_SIDE:,}"
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


def guess_kind(events: list[dict]) -> str:
    """``"queens"``, ``"sudoku"``, ``"search"`` or ``"maze"`` from the fields of the events."""
    end = end_event(events)
    if "maze" in end:  # the walk through a maze (clew.maze.trace): its end event holds the maze
        return "maze"
    # a search of one's own first: its events carry a row and a col too (level, alternative)
    if "problem" in end or any("choice" in event for event in events):
        return "search"
    if "n" in end:
        return "queens"
    if "size" in end or "puzzle" in end:
        return "sudoku"
    for event in events:
        if any(key in event for key in ("digit", "cell", "cells", "grid", "puzzle")):
            return "sudoku"
        if "columns" in event or "n" in event:
            return "queens"
    for event in events:
        if "row" in event or "col" in event:
            return "queens"
    raise ClewError(
        "cannot tell whether the trace is of N-Queens, Sudoku or a search; pass kind='queens', "
        "'sudoku' or 'search'"
    )


def decode_grid(text: str, side: int | None = None) -> list[int] | None:
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


def queens_meta(events: list[dict]) -> dict:
    end = end_event(events)
    n = as_int(end.get("n"))
    if n is None or n < 1:
        n = 1
        for event in events:
            for key in ("row", "col"):
                value = as_int(event.get(key))
                if value is not None:
                    n = max(n, value + 1)
            if isinstance(event.get("columns"), (list, tuple)):
                n = max(n, len(event["columns"]))
    return {"n": _check_side(n, "board")}


def sudoku_meta(events: list[dict]) -> dict:
    end = end_event(events)
    puzzle = decode_grid(end.get("puzzle")) if "puzzle" in end else None
    grids = [decode_grid(e.get("grid")) for e in events if e["type"] == "solution"]
    grids = [g for g in grids if g is not None]
    if puzzle is not None:
        side = math.isqrt(len(puzzle))
    elif grids:
        side = math.isqrt(len(grids[0]))
    else:
        # the smallest side that holds every cell, row, column and digit of the trace
        low = 0
        for event in events:
            cells = event.get("cells") if isinstance(event.get("cells"), (list, tuple)) else []
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


def maze_meta(events: list[dict]) -> dict:
    """The walk through a maze (:func:`clew.maze.trace`): the lines of the maze from the
    ``end`` event; without them, an open grid just large enough for every cell of the events."""
    end = end_event(events)
    text = end.get("maze")
    lines = (
        [line.rstrip("\r") for line in text.split("\n") if line.rstrip("\r")]
        if isinstance(text, str)
        else []
    )
    if (
        not lines
        or len({len(line) for line in lines}) != 1
        or any(set(line) - set("#.SE") for line in lines)
    ):
        rows = cols = 1
        for event in events:
            r, c = as_int(event.get("row")), as_int(event.get("col"))
            if r is not None and c is not None and r >= 0 and c >= 0:
                rows, cols = max(rows, r + 1), max(cols, c + 1)
        _check_side(max(rows, cols), "maze")
        lines = ["." * cols for _ in range(rows)]
    return {"n": 1, "rows": len(lines), "cols": len(lines[0]), "lines": lines}
