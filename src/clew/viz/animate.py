"""The search animated in a terminal: the board redrawn in place, event by event (Rich Live).

Each frame shows the board as the search has it (replayed from the trace), the event in
words, and the counters; the last frame stays on screen with the final counters. Frames
go to the console given (stderr by default, so stdout stays free for data). The frames are
made by the picture module of the trace's kind (see :mod:`clew.viz.registry`); this module
only plays them.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from ..errors import ClewError
from .registry import get, names

__all__ = ["animate"]


def animate(
    events: Iterable[dict],
    *,
    kind: str,
    fps: float = 10.0,
    console=None,
    **board,
) -> dict | None:
    """Play a trace in the terminal at ``fps`` events per second; returns the last event.

    Parameters
    ----------
    events : iterable of dict
        A trace (:func:`clew.queens.trace`, :func:`clew.sudoku.trace`,
        :func:`clew.maze.trace`), consumed lazily.
    kind : str
        The kind of the trace (``"queens"``, ``"sudoku"``, ``"maze"``, or any kind whose
        picture module makes frames; :attr:`clew.trace.Trace.kind` says it).
    fps : float
        Events per second (0 < fps <= 1000).
    console : rich.console.Console, optional
        Where to draw (default: stderr).
    **board
        What the kind's board needs: ``n`` (the board size, for queens), ``puzzle`` (for
        sudoku: its one-line form, or a :class:`~clew.sudoku.Grid` of any shape and
        variant), ``maze`` (the text of the maze, for a walk through it: the path forward
        is drawn in blue, the cells stepped back out of in orange).

    Examples
    --------
    >>> import io
    >>> from rich.console import Console
    >>> from clew import queens
    >>> console = Console(file=io.StringIO(), width=40)
    >>> animate(queens.trace(4), kind="queens", n=4, fps=1000, console=console)["solutions"]
    2
    """
    from rich.console import Console
    from rich.live import Live
    from rich.text import Text

    if not 0 < fps <= 1000:
        raise ClewError(f"fps must be above 0 and at most 1000, got {fps:g}")
    drawing = get(kind)
    if drawing.frames is None:
        able = [repr(k) for k in names() if get(k).frames is not None]
        either = ", ".join(able[:-1]) + " or " + able[-1] if len(able) > 1 else "".join(able)
        raise ClewError(f"no terminal animation of a {kind} trace; there is one for {either}")
    frames = drawing.frames(events, **board)
    console = console or Console(stderr=True)
    delay = 1.0 / fps
    last = None
    with Live(Text(""), console=console, refresh_per_second=min(fps, 30), transient=False) as live:
        for event, frame in frames:
            # slow enough to read: draw every event, none left to the refresh thread to skip
            live.update(frame, refresh=fps <= 30)
            last = event
            if event["type"] != "end":
                time.sleep(delay)
    if not console.is_terminal:
        console.line()  # Rich ends the last frame with a newline on terminals only
    return last
