"""The pictures of a walk through a maze (:func:`clew.maze.trace`, :class:`clew.maze.Maze`),
registered with :mod:`clew.viz.registry` under the kind ``"maze"``: a board of its own in
the HTML player (its CSS and script are ``assets/maze.css`` and ``assets/maze.js``), the
events in words, the terminal animation (:mod:`clew.viz.maze_view`), and the SVG of a maze
in a notebook (:mod:`clew.viz.maze_svg`).

The script registers ``window.clewKinds.maze``, the hooks the player's own script calls for
a board of its own: the state (the path walked, the cells stepped back out of), applying an
event, building and drawing the board, the event in words, an item of the path. The board
is ``#board.maze``, one ``div.mcell[data-row][data-col]`` per character of the maze, with the
classes ``wall``, ``start``, ``end``, ``path`` (on the current path: the walk forward, blue)
and ``back`` (stepped back out of: a dead end, orange), and ``hl-place`` / ``hl-back`` on the
cell of the current event. The colours are those of the SVG (:data:`FORWARD`, :data:`BACK`).

>>> maze_meta([{"type": "end", "maze": "S.\\n.E\\n"}])["lines"]
['S.', '.E']
"""

from __future__ import annotations

from ._assets import asset
from .maze_view import BACK, FORWARD, describe_maze, maze_frames
from .registry import Kind, register, register_picture
from .trace_kinds import as_int, check_side, end_event

__all__ = ["LEGEND", "maze_meta"]

#: The legend of the maze board: (key, classes of the swatch, what it means).
LEGEND = (
    ("wall", "mcell wall", "a wall"),
    ("start", "mcell start", "S, where the walk starts"),
    ("end", "mcell end", "E, where it must arrive"),
    ("path", "mcell path", "the path walked so far (steps forward)"),
    ("back", "mcell back", "a cell stepped back out of: a dead end"),
    ("place", "mcell path hl-place", "the step just taken"),
    ("solved", "mcell end path solved", "E reached: the path is complete"),
)


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
        check_side(max(rows, cols), "maze")
        lines = ["." * cols for _ in range(rows)]
    return {"n": 1, "rows": len(lines), "cols": len(lines[0]), "lines": lines}


def _describe(event: dict, size: int | None = None) -> str:
    return describe_maze(event)


def _guess(events: list[dict], end: dict) -> int:
    """A trace without its kind: its ``end`` event holds the maze."""
    return 50 if "maze" in end else 0


def _maze(maze) -> str:
    # imported here, not above: clew.maze brings numba and its kernels, which only a maze
    # (whose module has loaded them already) needs
    from .maze_svg import maze_svg

    return maze_svg(maze)


register(
    Kind(
        "maze",
        meta=maze_meta,
        describe=_describe,
        legend=LEGEND,
        css=asset("maze.css").replace("@FORWARD@", FORWARD).replace("@BACK@", BACK),
        js=asset("maze.js"),
        frames=maze_frames,
        guess=_guess,
    )
)
register_picture("clew.maze.maze", "Maze", _maze)
register_picture("clew.maze.maze", "MazeSolution", _maze)
