"""Writing SVG: one element at a time (:func:`_el`), a whole document (:func:`_document`),
and the colours every picture of a grid shares. The bottom of :mod:`clew.viz`'s pictures:
:mod:`.queens_board_svg`, :mod:`.sudoku_grid_svg`, :mod:`.sudoku_svg_shapes` and
:mod:`.search_tree_svg` all draw with it, so none imports another for it.

>>> _el("rect", x=1.0, font_size=12)
'<rect x="1" font-size="12"/>'
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ..errors import ClewError

_SVG_NS = "http://www.w3.org/2000/svg"
_FONT = "DejaVu Sans, Segoe UI Symbol, Arial Unicode MS, sans-serif"

# the colours of digits: given by the puzzle, filled by a solver
_GIVEN, _FILLED = "#111111", "#1a5fd0"


def _check_cell(cell) -> float:
    """The side of a square in pixels, checked: a number from 4 to 1000."""
    if isinstance(cell, bool) or not isinstance(cell, (int, float)) or not 4 <= cell <= 1000:
        raise ClewError(f"cell must be a size in pixels between 4 and 1000, got {cell!r}")
    return float(cell)


def _num(x: float) -> str:
    """A coordinate as short text: ``40`` rather than ``40.0``, at most 2 decimals."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _attrs(attrs: dict) -> str:
    parts = []
    for key, value in attrs.items():
        if value is None:
            continue
        if isinstance(value, float):
            value = _num(value)
        parts.append(f" {key.rstrip('_').replace('_', '-')}={quoteattr(str(value))}")
    return "".join(parts)


def _el(tag: str, text: str | None = None, /, **attrs) -> str:
    """One element: ``_el("rect", x=1)`` -> ``<rect x="1"/>``; attribute names with ``_`` are
    written with ``-`` (``font_size`` -> ``font-size``); text is escaped."""
    if text is None:
        return f"<{tag}{_attrs(attrs)}/>"
    return f"<{tag}{_attrs(attrs)}>{escape(text)}</{tag}>"


def _document(width: float, height: float, title: str, body: list[str]) -> str:
    head = (
        f'<svg xmlns="{_SVG_NS}" width="{_num(width)}" height="{_num(height)}" '
        f'viewBox="0 0 {_num(width)} {_num(height)}" font-family={quoteattr(_FONT)}>'
    )
    return "\n".join([head, _el("title", title), *body, "</svg>"]) + "\n"
