"""The search animated in a terminal: the board redrawn in place, event by event (Rich Live).

Each frame shows the board as the search has it (replayed from the trace), the event in
words, and the counters; the last frame stays on screen with the final counters. Frames
go to the console given (stderr by default, so stdout stays free for data).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from ..errors import ClewError
from .replay import describe, replay_queens, replay_sudoku

__all__ = ["animate", "queens_text", "sudoku_text"]


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


def animate(
    events: Iterable[dict],
    *,
    kind: str,
    n: int | None = None,
    puzzle=None,
    fps: float = 10.0,
    console=None,
    maze: str | None = None,
) -> dict | None:
    """Play a trace in the terminal at ``fps`` events per second; returns the last event.

    Parameters
    ----------
    events : iterable of dict
        A trace (:func:`clew.queens.trace`, :func:`clew.sudoku.trace`), consumed lazily.
    kind : {"queens", "sudoku", "maze"}
    n : int
        The board size, for queens.
    puzzle : str or Grid
        The puzzle, for sudoku: its one-line form, or a :class:`~clew.sudoku.Grid` (of any
        shape and variant).
    maze : str
        The text of the maze, for a walk through it (:func:`clew.maze.trace`): the path
        forward is drawn in blue, the cells stepped back out of in orange.
    fps : float
        Events per second (0 < fps <= 1000).
    console : rich.console.Console, optional
        Where to draw (default: stderr).
    """
    from rich.console import Console
    from rich.live import Live
    from rich.text import Text

    if not 0 < fps <= 1000:
        raise ClewError(f"fps must be above 0 and at most 1000, got {fps:g}")
    if kind not in ("queens", "sudoku", "maze"):
        raise ClewError(f"kind must be 'queens', 'sudoku' or 'maze', got {kind!r}")
    console = console or Console(stderr=True)
    if kind == "maze":
        if maze is None:
            raise ClewError("a maze animation needs the maze")
        from .maze_view import animate_maze

        return animate_maze(events, maze, fps=fps, console=console)
    if kind == "queens":
        if n is None:
            raise ClewError("a queens animation needs n")
        frames = replay_queens(events, n)
        size = None
    else:
        if puzzle is None:
            raise ClewError("a sudoku animation needs the puzzle")
        from ..sudoku import Grid

        grid = Grid(puzzle)  # a Grid keeps its shape: boxes, regions, cages
        frames = replay_sudoku(events, grid)
        size = grid.n

    def frame(event: dict, board) -> Text:
        if kind == "queens":
            spot = (
                (event["row"], event["col"])
                if event["type"] == "prune"
                and event.get("col") is not None
                and event.get("row") is not None
                else None
            )
            picture = queens_text(board, spot)
        else:
            picture = sudoku_text(board, grid.shape)
        counters = f"nodes {event['nodes']}  backtracks {event['backtracks']}  solutions {event['solutions']}  depth {event['depth']}"
        return Text(f"{picture}\n\n{describe(event, size)}\n{counters}")

    delay = 1.0 / fps
    last = None
    with Live(Text(""), console=console, refresh_per_second=min(fps, 30), transient=False) as live:
        for event, board in frames:
            # slow enough to read: draw every event, none left to the refresh thread to skip
            live.update(frame(event, board), refresh=fps <= 30)
            last = event
            if event["type"] != "end":
                time.sleep(delay)
    if not console.is_terminal:
        console.line()  # Rich ends the last frame with a newline on terminals only
    return last
