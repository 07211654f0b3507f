"""What the finders of the logical solver share: the digits of a candidate mask, lists in
words, and the orders in which Sudoku Explainer (SE) scans units and tries combinations
(built once per grid shape), with the places of each digit in each unit.

>>> list(_bits(0b1011))
[1, 2, 4]
>>> _and(["a", "b", "c"])
'a, b and c'
"""

from __future__ import annotations

from collections.abc import Iterator
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import LogicalState

__all__ = ["orders_of", "unit_places"]


def _bits(mask: int) -> Iterator[int]:
    """The digits of a candidate mask, ascending."""
    while mask:
        low = mask & -mask
        yield low.bit_length()
        mask ^= low


def _and(words: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


# ---------------------------------------------------------------------------------------------
# Orders of trial: SE scans boxes, then columns, then rows; its combinations come in
# colexicographic order (by the largest member first). Following its scans makes clew take
# the same step as SE where several apply, so that the two solutions stay alike.
# ---------------------------------------------------------------------------------------------


class _Orders:
    """The scan orders of one grid shape (built once per shape, from the state's tables).

    SE scans boxes, columns, rows; the units of the variants (diagonals, windows, extra
    regions of n cells), which SE does not know, come last and count as lines (a hidden
    single in a diagonal is rated as one in a row)."""

    def __init__(self, t) -> None:
        n = t.n
        self.boxes = tuple(range(2 * n, 3 * n))
        self.lines = tuple(range(n, 2 * n)) + tuple(range(n))  # columns, then rows
        self.others = tuple(range(3 * n, len(t.units)))
        self.lines_others = self.lines + self.others
        self.se_units = self.boxes + self.lines + self.others
        seg = {
            (box, line): (cells, box_rest, line_rest)
            for box, line, cells, box_rest, line_rest in t.by_box
        }
        self.segment = seg
        # pointing: every box with the columns it crosses, then every box with its rows;
        # claiming: every column with the boxes it crosses, then every row with its boxes
        is_row = lambda line: line < n  # noqa: E731
        self.pointing = tuple(sorted(seg, key=lambda bl: (is_row(bl[1]), bl[0], bl[1])))
        self.claiming = tuple(sorted(seg, key=lambda bl: (is_row(bl[1]), bl[1], bl[0])))
        boxes_of: dict[int, list[int]] = {}
        lines_of: dict[tuple[int, bool], list[int]] = {}
        for box, line in sorted(seg):
            boxes_of.setdefault(line, []).append(box)
            lines_of.setdefault((box, is_row(line)), []).append(line)
        # getters of the units' cells and of the segments' parts: the finders read many
        # cells at once, and one getter call costs less than a loop in Python
        self.unit_get = tuple(itemgetter(*unit) for unit in t.units)
        self.segment_get = {
            key: tuple(_getter(part) for part in parts) for key, parts in seg.items()
        }
        self.boxes_of = {line: tuple(v) for line, v in boxes_of.items()}
        self.lines_of = {key: tuple(sorted(v)) for key, v in lines_of.items()}
        # the cells a cell sees, in SE's order (its box, its row, its column), then those it
        # sees through the variants' units and groups
        self.house = tuple(
            tuple(
                dict.fromkeys(
                    [*(x for u in (us[2], us[0], us[1]) for x in t.units[u] if x != c), *t.peers[c]]
                )
            )
            for c, us in enumerate(t.cell_units)
        )


def _getter(cells: tuple[int, ...]):
    """``itemgetter(*cells)``, a tuple even for one cell (a jigsaw region can cross a row in
    all its cells but one)."""
    if len(cells) == 1:
        only = cells[0]
        return lambda values: (values[only],)
    return itemgetter(*cells)


def _orders(s: LogicalState) -> _Orders:
    """The orders of the state's shape, kept with its tables (built on first use)."""
    return orders_of(s._t)


def orders_of(t) -> _Orders:
    """The orders of a shape's tables (:mod:`clew.sudoku.logic.tables`), built on first use."""
    found = t.orders
    if found is None:
        found = t.orders = _Orders(t)
    return found


#: _colex's answers by (masks, size): the subset finders ask the same of the units a step
#: did not change, step after step, and the naked, hidden and direct finders of one step
#: ask the same of each unit (emptied when it grows past _COLEX_MAX)
_COLEX: dict = {}
_COLEX_MAX = 1 << 16


def _colex(masks, size: int) -> tuple[tuple[tuple[int, ...], int], ...]:
    """``(indices, union)`` of every ``size`` of ``masks`` whose union has exactly ``size``
    bits, in colexicographic order of the indices (SE's order). Masks of fewer than 2 bits
    never take part (SE's rule for a subset: each member has two places or more)."""
    key = (tuple(masks), size)
    found = _COLEX.get(key)
    if found is None:
        if len(_COLEX) >= _COLEX_MAX:
            _COLEX.clear()
        found = _COLEX[key] = tuple(_colex_search(key[0], size))
    return found


def _colex_search(masks, size: int) -> list[tuple[tuple[int, ...], int]]:
    """:func:`_colex`, searched."""
    usable = [i for i, m in enumerate(masks) if 2 <= m.bit_count() <= size]
    if len(usable) < size:  # the usual case: answered before any search
        return []
    found: list[tuple[tuple[int, ...], int]] = []

    def grow(k: int, limit: int, union: int, chosen: tuple[int, ...]) -> None:
        if k == 0:
            if union.bit_count() == size:
                found.append((chosen, union))
            return
        for top in range(k - 1, limit):
            u = union | masks[usable[top]]
            if u.bit_count() <= size:
                grow(k - 1, top, u, (usable[top],) + chosen)

    # colexicographic: the largest member is chosen first, in increasing order
    for top in range(size - 1, len(usable)):
        grow(size - 1, top, masks[usable[top]], (usable[top],))
    return found


def _blanks(s: LogicalState, u: int) -> int:
    """The number of blank cells of unit ``u``."""
    return _orders(s).unit_get[u](s.values).count(0)


#: The places of every digit in every unit of the last position asked for: the finders of
#: hidden subsets (five of them in a row) read the same position.
_PLACES: tuple = (None, None)


def _spread(n: int) -> list[int] | None:
    """``spread[m]``: candidate mask m with digit d's bit moved to bit ``(d - 1) * n``, so
    that summing ``spread[mask] << i`` over a unit's cells gives every digit's places at
    once (n bits per digit). For sides up to 16 (a table of 2^n entries)."""
    if n > 16:
        return None
    table = _SPREAD.get(n)
    if table is None:
        table = [0] * (1 << n)
        for m in range(1, 1 << n):
            low = m & -m
            table[m] = table[m ^ low] | (1 << ((low.bit_length() - 1) * n))
        _SPREAD[n] = table
    return table


_SPREAD: dict[int, list[int]] = {}


def _all_places(s: LogicalState) -> list[list[int]]:
    """unit -> digit - 1 -> its places in the unit (bit i: the unit's i-th cell)."""
    global _PLACES
    key = (s._t, tuple(s.cands))
    last = _PLACES
    if last[0] == key:
        return last[1]
    n = s.n
    out = [unit_places(get(s.cands), n) for get in _orders(s).unit_get]
    _PLACES = (key, out)
    return out


def unit_places(masks, n: int) -> list[int]:
    """digit - 1 -> its places among ``masks``, a unit's candidate masks (bit i: the i-th)."""
    table = _spread(n)
    if table is not None:
        # every digit at once: the masks spread to n bits a digit, shifted by their
        # positions, then cut into n words
        packed = 0
        for i, m in enumerate(masks):
            packed |= table[m] << i
        every = (1 << n) - 1
        return [(packed >> (d * n)) & every for d in range(n)]
    where = [0] * n
    for i, m in enumerate(masks):
        bit = 1 << i
        while m:
            low = m & -m
            where[low.bit_length() - 1] |= bit
            m ^= low
    return where
