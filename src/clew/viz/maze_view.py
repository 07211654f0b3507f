"""The walk through a maze replayed from its trace (:func:`clew.maze.trace`), in words and in
a terminal: the path forward in blue, every cell stepped back out of in orange.

:func:`replay_maze` is written from the event format alone, as :mod:`clew.viz.replay` is
for the other boards; :func:`maze_frame` draws one moment of the walk as Rich text and
:func:`animate_maze` plays the walk (what :func:`clew.viz.animate.animate` does with
``kind="maze"``).

>>> from clew import maze
>>> events = list(maze.trace("S.#\\n.#E\\n...\\n"))
>>> [sorted(back) for _, _, back in replay_maze(events)][:3]
[[], [(0, 1)], [(0, 1)]]
>>> print(maze_frame("S.#\\n.#E\\n...", [(1, 0), (2, 0)], {(0, 1)}).plain)
S x #
o # E
o . .
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator

from ..errors import ClewError
from .maze_svg import BACK, FORWARD

__all__ = ["animate_maze", "describe_maze", "maze_frame", "replay_maze"]


def replay_maze(
    events: Iterable[dict],
) -> Iterator[tuple[dict, list[tuple[int, int]], set[tuple[int, int]]]]:
    """``(event, path, back)`` after each event: the cells of the path walked from S (S left
    out) and the cells stepped back out of. The same list and set every time (copy them to
    keep them)."""
    path: list[tuple[int, int]] = []
    back: set[tuple[int, int]] = set()
    for event in events:
        if event["type"] in ("place", "backtrack"):
            cell = (event["row"], event["col"])
            if event["type"] == "place":
                path.append(cell)
            else:
                if not path or path[-1] != cell:
                    raise ClewError(
                        f"bad trace: no step to take back at r{cell[0] + 1}c{cell[1] + 1}"
                    )
                path.pop()
                back.add(cell)
        yield event, path, back


def describe_maze(event: dict) -> str:
    """An event of the walk in words (rows and columns from 1).

    >>> describe_maze({"type": "backtrack", "row": 2, "col": 0})
    'step back out of r3c1: a dead end'
    """
    kind = event["type"]
    if kind == "place":
        return f"step forward to r{event['row'] + 1}c{event['col'] + 1}"
    if kind == "backtrack":
        return f"step back out of r{event['row'] + 1}c{event['col'] + 1}: a dead end"
    if kind == "solution":
        return f"E reached: a path of {len(event.get('path', [])) - 1} steps"
    if kind == "end":
        cut = " (cut at max_events)" if event.get("complete") is False else ""
        return f"end: {'E reached' if event.get('solutions') else 'no path from S to E'}{cut}"
    return kind


def maze_frame(maze: str, path, back, *, styled: bool = True):
    """One moment of the walk as :class:`rich.text.Text`: ``o`` on the path (blue), ``x`` on
    a cell stepped back out of (orange), the maze's own characters elsewhere; the cells
    are spaced as in the other boards' pictures."""
    from rich.text import Text

    on_path = set(path)
    text = Text()
    for r, line in enumerate(maze.rstrip("\n").split("\n")):
        if r:
            text.append("\n")
        for c, ch in enumerate(line.rstrip("\r")):
            if c:
                text.append(" ")
            if ch == "." and (r, c) in on_path:
                text.append("o", style=f"bold {FORWARD}" if styled else None)
            elif ch == "." and (r, c) in back:
                text.append("x", style=BACK if styled else None)
            elif ch == "#":
                text.append("#", style="dim" if styled else None)
            else:
                text.append(ch, style="bold" if styled and ch in "SE" else None)
    return text


def animate_maze(events: Iterable[dict], maze: str, *, fps: float, console) -> dict | None:
    """Play the walk in the terminal at ``fps`` events per second; returns the last event."""
    from rich.live import Live
    from rich.text import Text

    delay = 1.0 / fps
    last = None
    with Live(Text(""), console=console, refresh_per_second=min(fps, 30), transient=False) as live:
        for event, path, back in replay_maze(events):
            frame = maze_frame(maze, path, back)
            frame.append(f"\n\n{describe_maze(event)}\n")
            frame.append(
                f"steps forward {event['nodes']}  steps back {event['backtracks']}  "
                f"path {event['depth']}"
            )
            live.update(frame, refresh=fps <= 30)
            last = event
            if event["type"] != "end":
                time.sleep(delay)
    if not console.is_terminal:
        console.line()
    return last
