"""Pictures in a Jupyter notebook: the drawing behind the display hook of :mod:`clew._display`.

The values clew hands out that have a picture carry the :class:`clew._display.Picture` mixin,
whose ``_repr_svg_`` and ``_repr_html_`` (the methods IPython asks for) call the renderer the
root package installs: :func:`render`, here. It draws by the type of the value, with the
drawings the picture modules register (:func:`clew.viz.registry.register_picture`; a new
picture: a line in its family's picture module, and the Picture mixin on the class):

===============================================  ===========  ===============================
value                                            form         picture
===============================================  ===========  ===============================
:class:`clew.queens.Solution` (a tuple)          SVG          :func:`~clew.viz.svg.queens_svg`
:class:`clew.queens.Completion`                  SVG          its first completion, the same
:class:`clew.sudoku.Grid`                        SVG          :func:`~clew.viz.svg.sudoku_svg`
:class:`clew.maze.Maze`                          SVG          :func:`~clew.viz.maze_svg.maze_svg`
:class:`clew.trace.Trace` (every trace function) HTML         the player, in an ``<iframe>``
===============================================  ===========  ===============================

The player of a trace (:func:`clew.viz.player.player_html`, one self-contained page) is put
in the notebook as ``<iframe srcdoc="..." sandbox="allow-scripts">``: inline (the page
travels in the notebook file, so it plays offline, from disk, forever) and isolated (its
script, its CSS and its keyboard shortcuts cannot touch the notebook page, nor the
notebook's styles reach it; sandboxed, its origin is opaque, so it can read nothing of the
notebook's). Showing a trace reads at most :data:`MAX_NOTEBOOK_EVENTS` of its events ahead
(a player of more would make the notebook file huge); a longer trace is shown cut there,
and says so.

The module needs no IPython. A value it does not draw, or cannot (a board of more than 64
rows, a trace of no event), gives ``None``, and the notebook shows its plain ``repr``.

>>> from clew import queens, sudoku
>>> svg = render(queens.Solution((1, 3, 0, 2)), "image/svg+xml")
>>> svg.startswith("<svg") and svg.count('class="queen"')
4
>>> html = render(queens.trace(4), "text/html")
>>> html.startswith("<iframe") and 'sandbox="allow-scripts"' in html
True
>>> render((1, 3, 0, 2), "image/svg+xml") is None        # a plain tuple is no picture
True
"""

from __future__ import annotations

import html
import sys

from .._display import HTML, SVG
from ..errors import ClewError
from ..trace import PAGE, Trace
from .player import player_html
from .registry import pictures

__all__ = ["FRAME_HEIGHT", "MAX_NOTEBOOK_EVENTS", "frame", "render", "trace_html"]

#: The most events of a trace a notebook shows in its player (about 100 bytes each in the
#: notebook file); a longer trace is shown up to there.
MAX_NOTEBOOK_EVENTS = 100_000
#: The height of the player's frame in a notebook, in CSS pixels: the board (78% of the
#: frame's smaller side), the controls beside it on a notebook's usual width; the rest scrolls.
FRAME_HEIGHT = 640
# the width of the cell, border included (no sideways scroll bar for 2 pixels of border)
_FRAME_STYLE = "box-sizing: border-box; width: 100%; border: 1px solid #d0d4da; border-radius: 4px;"


def _svg(obj: object) -> str | None:
    # a class is looked up only in a module already imported -- a value of a class whose
    # module was never imported cannot be here -- so drawing a Solution imports neither the
    # completion kernels nor the maze's (nor numba); the picture modules register them
    for module, name, draw in pictures():
        cls = getattr(sys.modules.get(module), name, None)
        if cls is not None and isinstance(obj, cls):
            return draw(obj)
    return None


def frame(page: str, *, height: int = FRAME_HEIGHT, title: str = "clew player") -> str:
    """An HTML page as an ``<iframe>`` that holds it (``srcdoc``), for a notebook cell.

    Parameters
    ----------
    page : str
        A whole HTML document, such as :func:`clew.viz.player.player_html` writes.
    height : int
        The height of the frame in CSS pixels; its width is that of the cell.
    title : str
        The frame's accessible name.

    Returns
    -------
    str
        One ``<iframe>`` element. The page is escaped for the attribute (``&``, ``<``, ``>``
        and both quotes), so the frame's document is the page exactly; ``sandbox=
        "allow-scripts"`` lets its script run and nothing else (no same origin, no forms,
        no pop-ups, no navigating the notebook).

    Examples
    --------
    >>> tag = frame('<p title="a & b">x</p>', height=100)
    >>> tag[:66]
    '<iframe srcdoc="&lt;p title=&quot;a &amp; b&quot;&gt;x&lt;/p&gt;" '
    >>> 'sandbox="allow-scripts"' in tag, "height: 100px;" in tag, tag.endswith("></iframe>")
    (True, True, True)
    """
    if isinstance(height, bool) or not isinstance(height, int) or height < 1:
        raise ClewError(f"height must be a positive whole number of pixels, got {height!r}")
    return (
        f'<iframe srcdoc="{html.escape(page, quote=True)}" sandbox="allow-scripts" '
        f'title="{html.escape(title, quote=True)}" '
        f'style="{_FRAME_STYLE} height: {height}px;"></iframe>'
    )


def trace_html(trace: Trace, *, max_events: int | None = None, height: int = FRAME_HEIGHT) -> str:
    """The player of a trace, framed for a notebook cell (what a :class:`~clew.trace.Trace`
    shows in Jupyter).

    The events are read ahead with :meth:`clew.trace.Trace.peek` -- kept in the trace, so
    iterating it afterwards still yields them -- up to ``max_events`` (default
    :data:`MAX_NOTEBOOK_EVENTS`); a longer trace is played up to there, under the title
    "the first N events".

    Raises
    ------
    clew.errors.ClewError
        A trace the player refuses (no event, an event it cannot read).
    """
    if max_events is None:
        max_events = MAX_NOTEBOOK_EVENTS
    events = trace.peek(max_events + 1)
    title = "clew"
    if len(events) > max_events:
        events = events[:max_events]
        title = f"clew: the first {max_events:,} events"
    return frame(player_html(events, title=title, kind=trace.kind), height=height)


def render(obj: object, mime: str) -> str | None:
    """The renderer of the display hook: the picture of ``obj`` as ``mime``, or ``None``.

    Parameters
    ----------
    obj : object
        The value the notebook shows.
    mime : {"image/svg+xml", "text/html"}
        The form asked for.

    Returns
    -------
    str or None
        An SVG document for a solution, a completion or a grid; the framed player for a
        trace; for a trace asked for :data:`clew.trace.PAGE` (by ``Trace.save_html``), the
        self-contained page of the player; ``None`` for anything else, and for the other
        form.
    """
    if mime == SVG:
        return _svg(obj)
    if mime == HTML and isinstance(obj, Trace):
        return trace_html(obj)
    if mime == PAGE and isinstance(obj, Trace):  # Trace.save_html: the page --html writes
        return player_html(obj.peek(sys.maxsize), kind=obj.kind)
    return None
