"""The walk through a maze replayed from its trace (:func:`clew.maze.trace`), in words and in
a terminal: the path forward in blue, every cell stepped back out of in orange.

:func:`replay_maze` is written from the event format alone, as the replays of the other
boards are; :func:`maze_frame` draws one moment of the walk as Rich text and
:func:`maze_frames` makes the frames :func:`clew.viz.animate.animate` plays with
``kind="maze"``. The colours of the walk, :data:`FORWARD` and :data:`BACK`, are shared by
the player, the SVG picture and this animation.

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

from collections.abc import Iterable, Iterator

from ..errors import ClewError

__all__ = ["BACK", "FORWARD", "describe_maze", "maze_frame", "maze_frames", "replay_maze"]

#: The colours of the walk, shared with the player and the SVG picture: the path (steps
#: forward) and the cells stepped back out of.
FORWARD = "#2f6fde"
BACK = "#e08a00"


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


def maze_frames(events: Iterable[dict], *, maze: str | None = None, **board) -> Iterator:
    """The frames of the terminal animation of the walk through ``maze`` (its text): the
    maze with the walk drawn on it, the event in words and the counters of the walk."""
    if maze is None:
        raise ClewError("a maze animation needs the maze")
    for event, path, back in replay_maze(events):
        frame = maze_frame(maze, path, back)
        frame.append(f"\n\n{describe_maze(event)}\n")
        frame.append(
            f"steps forward {event['nodes']}  steps back {event['backtracks']}  "
            f"path {event['depth']}"
        )
        yield event, frame
