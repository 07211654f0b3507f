"""The tables the logical solver's techniques read, built once per grid shape.

Every technique reasons about sets of cells that hold different digits. Which sets a grid
has depends on its :class:`~clew.sudoku.shape.Shape`; this module turns the shape's
geometry (:mod:`clew.sudoku.geometry`) into the tables the finders index, so that a
technique written for the classic grid works unchanged on 6x6 boxes, jigsaw regions and the
variants' extra units:

``units``
    Every set of ``n`` cells that holds each digit exactly once: rows, columns, boxes (or
    regions), then the variants' units (diagonals, windows, extra regions of n cells). Full
    houses, hidden singles and hidden subsets need every digit to appear: they read only
    these.
``groups``
    The all-different sets of fewer than n cells (killer cages, small extra regions): they
    bar a digit from repeating, so they count among a cell's ``peers``, but a digit need not
    appear in them.
``by_box`` / ``by_line``
    The segments where a box and a line (row or column) cross, for pointing and claiming.
``crossings``
    The other pairs ``(unit, set)`` sharing two cells or more where at least one of the two
    comes from a variant (a diagonal and a box, a window and a row, a row and a cage):
    locked candidates of the variants reason about them.
``cages``
    Killer cages as ``(sum, cells)``.
``uniqueness``, ``chains``
    Which families of techniques are tried on this shape.

>>> from clew.sudoku.shape import make_shape
>>> t = tables(make_shape(9, variant="x"))
>>> len(t.units), t.unit_names[-1], t.uniqueness
(29, 'diagonal 2', False)
>>> tables(3).uniqueness, tables(3).chains, tables(4).chains, len(tables(3).crossings)
(True, True, False, 0)
"""

from __future__ import annotations

import functools

from .. import geometry
from ..shape import Shape, as_shape

__all__ = ["MAX_CHAIN_SIDE", "Tables", "padded", "sees", "tables"]

#: The largest side on which the chaining techniques are tried: their kernel's scratch is
#: 17 MB on 9x9, 96 MB on 12x12, and would be 540 MB on 16x16.
MAX_CHAIN_SIDE = 12


class Tables:
    """The tables of one shape (see the module's description). Read only."""

    def __init__(self, shape: Shape) -> None:
        n = shape.n
        self.shape = shape
        self.k, self.n, self.size = shape.k, n, n * n
        self.units = geometry.units(shape)
        self.unit_names = geometry.unit_names(shape)
        self.groups = geometry.groups(shape)
        self.set_names = geometry.set_names(shape)
        self.cell_units = geometry.cell_units(shape)
        self.peer_sets = geometry.peer_sets(shape)
        self.peers = geometry.peers(shape)
        self.names = geometry.cell_names(shape)
        self.cages = shape.cages
        inter = []
        for box, line, seg in geometry.segments(shape):
            box_rest = tuple(c for c in self.units[box] if c not in seg)
            line_rest = tuple(c for c in self.units[line] if c not in seg)
            if box_rest and line_rest:  # a jigsaw region that is a whole line: nothing to lock
                inter.append((box, line, seg, box_rest, line_rest))
        self.by_box = tuple(inter)
        self.by_line = tuple(sorted(inter, key=lambda t: (t[1], t[0])))
        self.crossings = self._crossings()
        plain = not shape.variants or shape.variants == ("jigsaw",)
        #: Unique rectangles, loops and BUG argue that swapping two digits in a pattern
        #: would give a second solution. The swap keeps rows, columns and boxes (or
        #: regions) valid, but not a diagonal, a window, an extra region or a cage sum.
        self.uniqueness = plain
        #: The chain finders work on any shape up to :data:`MAX_CHAIN_SIDE` (their strong
        #: links in boxes or regions, rows and columns; a variant's units and cages add weak
        #: links only, which is sound: a deduction from fewer rules holds under more). Past
        #: that side their scratch, the square of the n^3 candidates, grows too large.
        self.chains = n <= MAX_CHAIN_SIDE
        #: The finders' scan orders (:mod:`clew.sudoku.logic.techniques` makes them on first use).
        self.orders = None
        #: A killer's innies and outies (:mod:`clew.sudoku.logic.variant_techniques`, first use).
        self.rule_of_45: tuple | None = None

    def _crossings(self) -> tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]:
        """``(unit, other set, shared cells, rest of the other set)`` for each unit and each
        other set (unit or group, numbered as :func:`geometry.sets`) that share two cells or
        more, where one of the two is a variant's: boxes with lines are the segments'."""
        first_variant = 3 * self.n
        sets = geometry.sets(self.shape)
        of_cell = geometry.cell_sets(self.shape)
        out = []
        for u, unit in enumerate(self.units):
            mine = set(unit)
            others = sorted({v for c in unit for v in of_cell[c] if v != u})
            for v in others:
                if u < first_variant and v < first_variant:
                    continue  # rows, columns, boxes: pointing and claiming
                shared = tuple(c for c in sets[v] if c in mine)
                rest = tuple(c for c in sets[v] if c not in mine)
                if len(shared) >= 2 and rest:
                    out.append((u, v, shared, rest))
        return tuple(out)


def padded(rows, width: int | None = None):
    """Rows of cells of unequal lengths (a cell's peers, a unit's segments) as one int64
    array for a kernel, each row padded with -1 to ``width`` (default: the longest; at
    least 1 column).

    >>> padded([(3, 4), (5,)]).tolist()
    [[3, 4], [5, -1]]
    """
    import numpy as np  # the tables are plain Python; only the kernels' callers need arrays

    width = max((len(r) for r in rows), default=0) if width is None else width
    out = np.full((len(rows), max(width, 1)), -1, np.int64)
    for i, r in enumerate(rows):
        out[i, : len(r)] = r
    return out


@functools.lru_cache(maxsize=32)
def sees(shape: Shape):
    """``sees[a, b]`` (uint8): 1 when cells a and b share a unit or a group, for the kernels
    (cells of a killer cage see each other: every killer puzzle has a shape of its own,
    hence the bounded cache).

    >>> sees(as_shape(2))[0, :4].tolist()
    [0, 1, 1, 1]
    """
    import numpy as np

    cells = shape.cells
    out = np.zeros((cells, cells), np.uint8)
    for a, peers in enumerate(geometry.peer_sets(shape)):
        out[a, list(peers)] = 1
    return out


@functools.lru_cache(maxsize=64)
def _build(shape: Shape) -> Tables:
    return Tables(shape)


def tables(shape) -> Tables:
    """The tables of a shape (a :class:`~clew.sudoku.shape.Shape`, or ``k`` for the
    classic k^2 x k^2 grid), built once and shared."""
    return _build(as_shape(shape))
