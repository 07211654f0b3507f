"""The pictures of N-Queens (:func:`clew.queens.trace`, :class:`clew.queens.Solution`),
registered with :mod:`clew.viz.registry` under the kind ``"queens"``: the player's board
(the HTML player draws the chessboard itself), the events in words, the terminal animation,
and the SVG of a solution in a notebook.

>>> from clew import queens
>>> boards = [list(b) for _, b in replay_queens(queens.trace(4, "textbook"), 4)]
>>> boards[0], boards[3]
([0, None, None, None], [0, 2, None, None])
>>> describe_queens({"type": "prune", "row": 1, "col": 1, "why": "diagonal", "by": [0, 0]})
'r2c2 refused: diagonal of the queen on r1c1'
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import ClewError
from .queens_board_svg import queens_svg
from .registry import Kind, TreeWords, register, register_picture
from .trace_kinds import as_int, check_side, end_event
from .words import after_solution, by_name, counters, end_words, square

__all__ = ["describe_queens", "queens_frames", "queens_meta", "queens_text", "replay_queens"]

#: The legend of the board: (key, the classes of its swatch, what it means). The swatches
#: are drawn with the board's own classes, so the legend cannot drift from the board.
LEGEND = (
    ("queen", "square light queen", "a queen on the board"),
    ("attacked", "square light attacked", "a square a queen attacks (shading on)"),
    ("place", "square light queen hl-place", "the queen just placed"),
    ("back", "square light hl-back", "the queen just taken back"),
    ("prune", "square light attacked hl-prune", "a square refused, or a line with no free square"),
    ("by", "square light queen hl-by", "the queen that refuses it"),
    ("solved", "square light solved", "a solution: the board is outlined in green"),
)
_OPTIONS = (
    '<label class="option"><input id="show-attacked" type="checkbox" checked> '
    "shade the squares the queens attack</label>"
)


def replay_queens(events: Iterable[dict], n: int) -> Iterator[tuple[dict, list[int | None]]]:
    """``(event, columns)`` after each event: ``columns[r]`` is the column of the queen on
    row r, or None. The list is the same object every time (copy it to keep it)."""
    columns: list[int | None] = [None] * n
    for event in events:
        kind = event["type"]
        if kind == "place":
            if columns[event["row"]] is not None:
                raise ClewError(f"bad trace: a second queen on row {event['row']}")
            columns[event["row"]] = event["col"]
        elif kind == "backtrack":
            if columns[event["row"]] != event["col"]:
                raise ClewError(
                    f"bad trace: no queen to take back on row {event['row']}, column {event['col']}"
                )
            columns[event["row"]] = None
        yield event, columns


def queens_text(columns: list[int | None], highlight: tuple[int, int] | None = None) -> str:
    """The board as text: ``Q`` for a queen, ``x`` for a refused square, ``.`` otherwise.

    >>> print(queens_text([1, None, None, None], (1, 0)))
    . Q . .
    x . . .
    . . . .
    . . . .
    """
    n = len(columns)
    rows = []
    for r in range(n):
        row = []
        for c in range(n):
            if columns[r] == c:
                row.append("Q")
            elif highlight == (r, c):
                row.append("x")
            else:
                row.append(".")
        rows.append(" ".join(row))
    return "\n".join(rows)


def describe_queens(event: dict, size: int | None = None) -> str:
    """An event of an N-Queens trace in words (``size`` is not needed).

    >>> describe_queens({"type": "solution", "columns": [1, 3, 0, 2], "solutions": 1})
    'solution 1: columns 2 4 1 3'
    >>> describe_queens({"type": "backtrack", "row": 0, "col": 1, "dead_end": False})
    'take back the queen on r1c2 (a solution was found below it)'
    """
    kind = event["type"]
    if kind == "place":
        return f"queen on {square(event['row'], event['col'])}"
    if kind == "prune":
        if event["why"] == "empty row":
            return f"row {event['row'] + 1} has no free square: back"
        if event["why"] == "empty column":
            return f"column {event['col'] + 1} has no free square: back"
        at = square(event["row"], event["col"])
        by = event.get("by")
        if by is None:  # refused by a rule, not by a queen
            return f"{at} refused: {event['why']}"
        return f"{at} refused: {event['why']} of the queen on {square(by[0], by[1])}"
    if kind == "backtrack":
        return f"take back the queen on {square(event['row'], event['col'])}{after_solution(event)}"
    if kind == "solution":
        columns = " ".join(str(c + 1) for c in event["columns"])
        return f"solution {event['solutions']}: columns {columns}"
    return f"end: {end_words(event, ('queen placed', 'queens placed'))}"


def queens_frames(events: Iterable[dict], *, n: int | None = None, **board) -> Iterator:
    """The frames of the terminal animation: the board (a refused square marked ``x``),
    the event in words and the counters, one :class:`rich.text.Text` per event."""
    from rich.text import Text

    if n is None:
        raise ClewError("a queens animation needs n")
    for event, columns in replay_queens(events, n):
        row, col = event.get("row"), event.get("col")
        spot = None
        if event["type"] == "prune" and row is not None and col is not None:
            spot = (row, col)  # the square refused (a whole line has none)
        text = f"{queens_text(columns, spot)}\n\n{describe_queens(event)}\n{counters(event)}"
        yield event, Text(text)


def queens_meta(events: list[dict]) -> dict:
    """The player's board: its side ``n``, from the ``end`` event or else the events."""
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
    return {"n": check_side(n, "board")}


def _guess(events: list[dict], end: dict) -> int:
    """A trace without its kind: an ``end`` event with ``n``, events with ``columns``, or
    at least rows and columns (the weakest sign, as every board has them)."""
    if "n" in end:
        return 30
    if any("columns" in event or "n" in event for event in events):
        return 10
    return 1 if any("row" in event or "col" in event for event in events) else 0


def _tree_place(event: dict) -> tuple[Any, str, str, bool]:
    """A node of the search tree: a queen, labelled with its square."""
    row, col = event["row"], event["col"]
    return (row, col), square(row, col), f"queen at {square(row, col)}", False


def _tree_prune(event: dict, context: Any) -> str:
    """The tooltip of a refusal in the search tree: the square and what attacks it."""
    why = event.get("why")
    row: Any = event.get("row")  # a malformed refusal's tooltip may say None
    col: Any = event.get("col")
    if why == "empty row":
        return f"row {row + 1} has no free square left"
    if why == "empty column":
        return f"column {col + 1} has no free square left"
    by = event.get("by")
    tail = f" by the queen at {by_name(by)}" if by is not None else ""
    return f"{square(row, col)} refused: attacked along the {why}{tail}"


def _tree_depth(keys: set, end: dict) -> str | None:
    """A depth of the search tree is a row, when all its queens are on one."""
    rows = {key[0] for key in keys}
    return f"row {rows.pop() + 1}" if len(rows) == 1 else None


def _tree_heading(end: dict) -> str | None:
    return f"{end['n']}-queens, {end.get('strategy', '')} search" if "n" in end else None


#: How the search tree (:func:`clew.viz.svg.tree_svg`) names the queens.
TREE = TreeWords(
    place=_tree_place,
    prune=_tree_prune,
    undo=lambda event: [(event.get("row"), event.get("col"))],
    depth=_tree_depth,
    heading=_tree_heading,
)


def _solution(solution) -> str:
    return queens_svg(len(solution), list(solution))


def _completion(completion) -> str | None:
    first = completion.first
    return None if first is None else queens_svg(len(first), [int(c) for c in first])


register(
    Kind(
        "queens",
        meta=queens_meta,
        describe=describe_queens,
        legend=LEGEND,
        options=_OPTIONS,
        frames=queens_frames,
        guess=_guess,
        tree=TREE,
    )
)
register_picture("clew.queens.solution", "Solution", _solution)
register_picture("clew.queens.completion", "Completion", _completion)
