"""The depth-first walk through a maze as trace events: every step forward, every step back.

The events are those of :mod:`clew.trace`, so :mod:`clew.viz` plays them (the HTML player,
the terminal animation), with the cells of the text grid as ``row`` and ``col`` (from 0)::

    place      {"row", "col"}                 a step forward onto (row, col)
    backtrack  {"row", "col", "dead_end"}     a step back out of (row, col): every way on from
                                              it is a wall, or was walked already
    solution   {"path": [[row, col], ...]}    E is reached: the path from S
    end        {"complete", "all_solutions": false, "strategy": "dfs", "maze": text,
                "rows", "cols", "start": [row, col], "end": [row, col]}

``depth`` is the number of steps of the current path, ``nodes`` the steps forward so far and
``backtracks`` the steps back. This generator *is* the walk of the ``dfs`` kernel, step for
step (the tests check that the path and the counters agree); it stops at E.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import check_size
from ..trace import Recorder, Trace
from .geometry import DIRECTIONS, WALL

if TYPE_CHECKING:  # for the annotations only: the maze module loads numpy and numba
    from .maze import Maze

# .maze (numpy, the kernels) is imported when a trace is made: this module is imported with
# the package, whose name `trace` must stay this function, while `import clew.maze` loads
# neither numpy nor numba (the help of `clew maze` reads the package's registries)

__all__ = ["trace"]


def trace(maze: Maze | str, *, max_events: int | None = None, summary: bool = False) -> Trace:
    """The events of the depth-first walk from S to E.

    Parameters
    ----------
    maze : Maze or str
        The maze, or its text.
    max_events : int, optional
        Stop after this many events (an ``end`` event with ``complete: False`` follows).
    summary : bool
        Yield the ``end`` event alone (the walk still runs step for step).

    Examples
    --------
    >>> events = list(trace("S.#\\n.#E\\n...\\n"))
    >>> [(e["type"], e.get("row"), e.get("col")) for e in events[:4]]
    [('place', 0, 1), ('backtrack', 0, 1), ('place', 1, 0), ('place', 2, 0)]
    >>> end = events[-1]
    >>> end["nodes"], end["backtracks"], end["solutions"], end["complete"]
    (6, 1, 1, True)
    >>> events[-2]["path"]
    [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2]]
    """
    from .maze import _as_maze

    maze = _as_maze(maze)
    if max_events is not None:
        max_events = check_size(max_events, name="max_events", low=1, high=1 << 62)
    record = Recorder(max_events, all_solutions=False, summary=summary)
    rows, cols = maze.shape
    return record.run(
        _walk(maze, record),
        kind="maze",
        strategy="dfs",
        maze=maze.to_text(),
        rows=rows,
        cols=cols,
        start=list(maze.start),
        end=list(maze.end),
    )


def _walk(maze: Maze, event: Recorder) -> Iterator[dict | None]:
    state = event.state
    grid = maze.grid
    rows, cols = grid.shape
    start, end = maze.start, maze.end
    seen = {start}
    path = [start]
    tried = [0]  # the next direction to try, per cell of the path
    while path:
        r, c = path[-1]
        if (r, c) == end:
            state["solutions"] += 1
            yield event("solution", path=[list(cell) for cell in path])
            event.found()
            return
        d = tried[-1]
        if d == len(DIRECTIONS):
            path.pop()
            tried.pop()
            if path:  # leaving S is giving up, not a step back
                state["backtracks"] += 1
                state["depth"] = len(path) - 1
                yield event("backtrack", row=r, col=c, dead_end=True)
            continue
        tried[-1] = d + 1
        nr, nc = r + DIRECTIONS[d][0], c + DIRECTIONS[d][1]
        if 0 <= nr < rows and 0 <= nc < cols and grid[nr, nc] != WALL and (nr, nc) not in seen:
            seen.add((nr, nc))
            path.append((nr, nc))
            tried.append(0)
            state["nodes"] += 1
            state["depth"] = len(path) - 1
            yield event("place", row=nr, col=nc)
