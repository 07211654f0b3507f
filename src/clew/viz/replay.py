"""Replaying a trace: the board of the search after each event (the format: :mod:`clew.trace`).

The replay is written from the event format alone, apart from the searches that produce
the traces, so the tests can check a trace against it (the board at each ``solution`` event
is the solution) and the animation and the pictures can draw any trace.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from ..errors import ClewError, plural

__all__ = ["describe", "end_words", "plural", "replay_queens", "replay_sudoku"]


def replay_queens(events: Iterable[dict], n: int) -> Iterator[tuple[dict, list[int | None]]]:
    """``(event, columns)`` after each event: ``columns[r]`` is the column of the queen on
    row r, or None. The list is the same object every time (copy it to keep it).

    Examples
    --------
    >>> from clew import queens
    >>> boards = [list(b) for _, b in replay_queens(queens.trace(4, "textbook"), 4)]
    >>> boards[0], boards[3]
    ([0, None, None, None], [0, 2, None, None])
    """
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


def replay_sudoku(events: Iterable[dict], puzzle) -> Iterator[tuple[dict, list[int]]]:
    """``(event, cells)`` after each event: the digits of the grid (0 = empty), starting
    from ``puzzle`` (the one-line form, e.g. an ``end`` event's ``"puzzle"``, or a
    :class:`~clew.sudoku.Grid` of any shape). The list is the same object every time.

    Examples
    --------
    >>> from clew import sudoku
    >>> *_, (end, cells) = replay_sudoku(sudoku.trace("..3.4.........42"), "..3.4.........42")
    >>> "".join(map(str, cells))
    '1234432124133142'
    """
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


def end_words(event: dict, queens: bool) -> str:
    """The counters of an ``end`` event in words: what a person reads when a search is over.

    >>> end_words({"solutions": 1, "nodes": 113, "backtracks": 105, "complete": True}, True)
    '1 solution, 113 queens placed, 105 backtracks'
    >>> end_words({"solutions": 0, "nodes": 1, "backtracks": 0, "complete": False}, False)
    '0 solutions, 1 placement, 0 backtracks (trace cut at max_events)'
    """
    placed = (
        plural(event["nodes"], "queen placed", "queens placed")
        if queens
        else plural(event["nodes"], "placement")
    )
    text = f"{plural(event['solutions'], 'solution')}, {placed}, {plural(event['backtracks'], 'backtrack')}"
    if event.get("complete") is False:
        text += " (trace cut at max_events)"
    return text


def describe(event: dict, size: int | None = None) -> str:
    """One event in words, as the player and the animation show it (``size``: the side of
    a Sudoku grid, to name the cell that refuses a digit). Rows and columns are counted
    from 1 here, as in every text clew writes for a person (the events count from 0).

    Examples
    --------
    >>> describe({"type": "prune", "row": 1, "col": 1, "why": "diagonal", "by": [0, 0]})
    'r2c2 refused: diagonal of the queen on r1c1'
    >>> describe({"type": "place", "cell": 40, "row": 4, "col": 4, "digit": 5, "how": "naked single"})
    'r5c5 = 5 (naked single)'
    >>> describe({"type": "prune", "cell": 1, "row": 0, "col": 1, "digit": 1, "why": "row", "by": 0}, 4)
    'r1c2 cannot be 1: already in its row (r1c1)'
    >>> describe({"type": "solution", "columns": [1, 3, 0, 2], "solutions": 1})
    'solution 1: columns 2 4 1 3'
    >>> describe({"type": "backtrack", "row": 0, "col": 1, "dead_end": False})
    'take back the queen on r1c2 (a solution was found below it)'
    """
    kind = event["type"]

    def square(r, c) -> str:
        return f"r{r + 1}c{c + 1}"

    # an undo after a solution is no dead end (see clew.trace): say why it happens
    after = (
        " (a solution was found below it)"
        if kind == "backtrack" and event.get("dead_end") is False
        else ""
    )
    if "cell" in event or "cells" in event or "grid" in event or "size" in event:  # sudoku
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
                from ..sudoku.geometry import cell_name  # here: a queens trace needs no sudoku

                where = f" ({cell_name(by, size)})"
            return f"{square(event['row'], event['col'])} cannot be {event['digit']}: already in its {event['why']}{where}"
        if kind == "backtrack":
            return f"back: {plural(len(event['cells']), 'cell')} emptied{after}"
        if kind == "solution":
            return f"solution {event['solutions']}"
        return f"end: {end_words(event, queens=False)}"
    if kind == "place":
        return f"queen on {square(event['row'], event['col'])}"
    if kind == "prune":
        if event["why"] == "empty row":
            return f"row {event['row'] + 1} has no free square: back"
        if event["why"] == "empty column":
            return f"column {event['col'] + 1} has no free square: back"
        by = event.get("by")
        if by is None:  # refused by a rule, not by a queen (a search of clew.search)
            return f"{square(event['row'], event['col'])} refused: {event['why']}"
        return f"{square(event['row'], event['col'])} refused: {event['why']} of the queen on {square(by[0], by[1])}"
    if kind == "backtrack":
        return f"take back the queen on {square(event['row'], event['col'])}{after}"
    if kind == "solution":
        return f"solution {event['solutions']}: columns {' '.join(str(c + 1) for c in event['columns'])}"
    return f"end: {end_words(event, queens=True)}"
