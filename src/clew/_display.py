"""The display hook: how clew's values show themselves as pictures in a notebook.

Jupyter (IPython) shows a value by asking it for rich forms of itself: ``_repr_svg_`` for an
SVG picture, ``_repr_html_`` for HTML; a method that returns ``None`` is skipped, and the plain
``repr`` is shown instead. The values that have a picture -- a queens solution, a Sudoku
grid, a maze, a trace -- are defined by the families and by :mod:`clew.trace`, below
:mod:`clew.viz`, which draws them, so they may not import the drawing code. They call this
module instead, and the drawing is plugged in from above:

* :class:`Picture`, a mixin with no state (``__slots__ = ()``), gives a class the two
  methods; each asks :func:`render` for its form;
* :func:`set_renderer` installs the one function that draws. The root package
  (:mod:`clew`, the composition root) installs one that imports :mod:`clew.viz.notebook`
  when a picture is first asked for, so ``import clew`` stays cheap.

Nothing here imports IPython, and nothing raises: without a renderer, or for a value the
renderer cannot draw, the methods return ``None`` and the notebook shows the plain ``repr``.

>>> class Board(Picture, tuple):
...     __slots__ = ()
>>> previous = set_renderer(lambda obj, mime: f"<svg>{len(obj)}</svg>" if mime == SVG else None)
>>> Board((1, 3, 0, 2))._repr_svg_(), Board((1, 3, 0, 2))._repr_html_()
('<svg>4</svg>', None)
>>> _ = set_renderer(None)
>>> Board((1, 3, 0, 2))._repr_svg_() is None
True
>>> _ = set_renderer(previous)
"""

# Imported by `import clew` itself: this module imports nothing at all when it loads (not
# typing, not __future__, not clew.errors until a picture is drawn), so that stays cheap.
TYPE_CHECKING = False  # typing.TYPE_CHECKING, without importing typing

if TYPE_CHECKING:
    from collections.abc import Callable

    Renderer = Callable[[object, str], "str | None"]

__all__ = ["HTML", "SVG", "Picture", "render", "set_renderer"]

#: The MIME types of the two forms, as the renderer is asked for them.
SVG = "image/svg+xml"
HTML = "text/html"

_renderer: "Renderer | None" = None


def set_renderer(renderer: "Renderer | None") -> "Renderer | None":
    """Install ``renderer(obj, mime) -> str or None`` as the drawing of every :class:`Picture`.

    Parameters
    ----------
    renderer : callable or None
        Called with the value and :data:`SVG` or :data:`HTML`; returns the text of that
        form, or ``None`` when it has no picture of the value in that form. ``None``
        removes the renderer (every picture method then returns ``None``).

    Returns
    -------
    callable or None
        The renderer installed before, so that a test can put it back.
    """
    global _renderer
    previous, _renderer = _renderer, renderer
    return previous


def render(obj: object, mime: str) -> "str | None":
    """The picture of ``obj`` in the form ``mime``, or ``None``.

    ``None`` when no renderer is installed, when it has no picture of ``obj`` in that form,
    or when ``obj`` cannot be drawn (the renderer raised a :class:`~clew.errors.ClewError`:
    a board too large to draw, a trace with no event): the notebook then shows the plain
    ``repr``, as it does for any value. Other errors are bugs and are raised.
    """
    renderer = _renderer
    if renderer is None:
        return None
    from .errors import ClewError

    try:
        return renderer(obj, mime)
    except ClewError:
        return None


class Picture:
    """Mixin: the value shows itself as a picture in Jupyter (see the module docstring).

    It adds no state and no behaviour but the two methods, so a tuple or list subclass keeps
    its equality, hash, ``repr`` and pickling.
    """

    __slots__ = ()

    def _repr_svg_(self) -> "str | None":
        return render(self, SVG)

    def _repr_html_(self) -> "str | None":
        return render(self, HTML)
