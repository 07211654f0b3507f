"""The geometry of a Sudoku grid: its cells, units and peers, built once per shape.

Every part of clew that reasons about the shape of the grid -- the grid reader, the logical
solver, the traces, the pictures, and the Python that builds the kernels' tables -- takes it
from here, so that "the peers of a cell" means one thing everywhere. (The verifier
:mod:`clew.sudoku.verify` and the reference solver :mod:`clew.sudoku._reference` keep their
own code on purpose: they are the independent checks of everything else.)

Glossary
--------
The words are those of Peter Norvig's essay *Solving Every Sudoku Puzzle*:

shape
    A :class:`~clew.sudoku.shape.Shape`: the side ``n``, the box of ``r`` rows x ``c``
    columns (``r * c = n``: 2x3 for 6x6, 3x3 for 9x9) or a jigsaw's regions, and the extra
    sets of the variants. Every function here takes a shape, or an int ``k`` for the classic
    k^2 x k^2 grid with k x k boxes (k = 2, 3, 4, 5: 4x4, 9x9, 16x16, 25x25).
cell
    One square of the grid, numbered 0 to ``n * n - 1`` in reading order: cell ``r * n + c``
    is on row ``r``, column ``c`` (both from 0).
digit
    What a cell holds: 1 to ``n`` (0 stands for a blank).
unit
    ``n`` cells that must hold every digit exactly once: a *row*, a *column* or a *box* (an
    r x c block, or a jigsaw *region*), then those of the variants (the two *diagonals* of
    X, the *windows* of windoku, an *extra* region of n cells). Units are numbered from 0:
    the rows first (0 to n - 1, top to bottom), then the columns (n to 2n - 1, left to
    right), then the boxes (2n to 3n - 1, in reading order), then the variants' units. On a
    classic grid every cell is in exactly 3 units.
group
    A set of fewer than n cells that must hold different digits: an extra region, or a
    killer *cage* (whose digits also add up to its sum). Groups are numbered after the units:
    :func:`sets` lists units then groups.
peers
    The cells that share a unit or a group with a cell, the cell itself excluded:
    ``2(n - 1) + (k - 1)^2`` of them on a classic grid (20 on a 9x9 grid). A digit placed
    in a cell is barred from all its peers.
cell name
    ``r3c5``: row 3, column 5, counted from 1 (so ``r1c1`` is cell 0).
segment
    The cells (two or more) where a box and a line (a row or a column) cross; locked
    candidates (pointing, claiming) reason about segments.

Everything that depends on the shape alone is a tuple built on first use and cached, so
sharing it costs nothing and nobody can change it under another reader.

>>> from clew.sudoku import geometry
>>> len(geometry.peers(3)[0]), geometry.cell_units(3)[40]
(20, (4, 13, 22))
>>> geometry.cell_name(40, 9), geometry.cell_index("r5c5", 9), geometry.unit_names(3)[22]
('r5c5', 40, 'box 5')
>>> from clew.sudoku.shape import make_shape
>>> six = make_shape(6)
>>> geometry.boxes(six)[1], len(geometry.peers(six)[0])
((3, 4, 5, 9, 10, 11), 12)
>>> geometry.unit_names(make_shape(9, variant="x"))[-2:]
('diagonal 1', 'diagonal 2')
"""

from __future__ import annotations

import dataclasses
import functools
import re

from .shape import Shape, as_shape, cage_name

__all__ = [
    "box_of",
    "boxes",
    "cell_index",
    "cell_name",
    "cell_names",
    "cell_sets",
    "cell_units",
    "columns",
    "groups",
    "peer_sets",
    "peers",
    "rows",
    "segments",
    "set_names",
    "sets",
    "unit_names",
    "units",
]

_NAME = re.compile(r"[rR](\d+)[cC](\d+)")


def _cached(build):
    """Cache ``build(shape)`` per shape; an int ``k`` stands for the classic k x k boxes."""
    cached = functools.lru_cache(maxsize=256)(build)

    @functools.wraps(build)
    def get(shape):
        return cached(as_shape(shape))

    get.cache_clear = cached.cache_clear
    return get


def _by_units(build):
    """Cache ``build(shape)`` per *grid*: the shape without its groups (killer cages, extra
    regions under n cells), which do not change rows, columns, boxes or units. Every killer
    has cages of its own, so a file of killers shares one grid's tables."""
    cached = functools.lru_cache(maxsize=64)(build)

    @functools.wraps(build)
    def get(shape):
        shape = as_shape(shape)
        if shape.cages or any(len(cells) < shape.n for cells in shape.extra):
            extra = tuple(cells for cells in shape.extra if len(cells) == shape.n)
            shape = dataclasses.replace(shape, cages=(), extra=extra)
        return cached(shape)

    get.cache_clear = cached.cache_clear
    return get


# ---------------------------------------------------------------------------------------------
# Cells
# ---------------------------------------------------------------------------------------------


def cell_name(cell: int, n: int) -> str:
    """The name ``r<row>c<column>`` (counted from 1) of a cell of a grid of side ``n``.

    Parameters
    ----------
    cell : int
        The cell, 0 to ``n * n - 1`` in reading order.
    n : int
        The side of the grid.

    Returns
    -------
    str

    Examples
    --------
    >>> cell_name(0, 9), cell_name(80, 9), cell_name(17, 16)
    ('r1c1', 'r9c9', 'r2c2')
    """
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def cell_index(name: str, n: int) -> int:
    """The cell named ``r<row>c<column>`` (counted from 1) on a grid of side ``n``: the
    inverse of :func:`cell_name`.

    Raises
    ------
    ValueError
        ``name`` is not of the form ``r<row>c<column>``, or is off the grid.

    Examples
    --------
    >>> cell_index("r1c1", 9), cell_index("r9c9", 9), cell_index("R2C2", 16)
    (0, 80, 17)
    >>> cell_index("r10c1", 9)
    Traceback (most recent call last):
    ...
    ValueError: 'r10c1' is off the 9x9 grid
    """
    found = _NAME.fullmatch(name.strip()) if isinstance(name, str) else None
    if found is None:
        raise ValueError(f"a cell name is r<row>c<column>, such as r3c5; got {name!r}")
    r, c = int(found.group(1)), int(found.group(2))
    if not (1 <= r <= n and 1 <= c <= n):
        raise ValueError(f"{name!r} is off the {n}x{n} grid")
    return (r - 1) * n + c - 1


@_by_units
def cell_names(shape: Shape) -> tuple[str, ...]:
    """The name of every cell of the grid, in reading order.

    >>> cell_names(2)[:5]
    ('r1c1', 'r1c2', 'r1c3', 'r1c4', 'r2c1')
    """
    n = shape.n
    return tuple(cell_name(cell, n) for cell in range(n * n))


def box_of(cell: int, shape) -> int:
    """The box (or jigsaw region) of a cell, 0 to ``n - 1`` (its unit is ``2n + box_of``).

    >>> box_of(0, 3), box_of(40, 3), box_of(80, 3), box_of(15, 2)
    (0, 4, 8, 3)
    """
    shape = as_shape(shape)
    if shape.regions is not None:
        return shape.regions[cell]
    n, (br, bc) = shape.n, shape.box
    r, c = divmod(cell, n)
    return (r // br) * (n // bc) + c // bc


# ---------------------------------------------------------------------------------------------
# Units and groups
# ---------------------------------------------------------------------------------------------


@_by_units
def rows(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The cells of each row, top to bottom, each left to right.

    >>> rows(2)[1]
    (4, 5, 6, 7)
    """
    n = shape.n
    return tuple(tuple(r * n + c for c in range(n)) for r in range(n))


@_by_units
def columns(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The cells of each column, left to right, each top to bottom.

    >>> columns(2)[1]
    (1, 5, 9, 13)
    """
    n = shape.n
    return tuple(tuple(r * n + c for r in range(n)) for c in range(n))


@_by_units
def boxes(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The cells of each box (or jigsaw region), in reading order of their first cell (a
    region's number is its order of first appearance), each box's cells in reading order.

    >>> boxes(2)[1]
    (2, 3, 6, 7)
    """
    n = shape.n
    out: list[list[int]] = [[] for _ in range(n)]
    for cell in range(n * n):
        out[box_of(cell, shape)].append(cell)
    return tuple(tuple(cells) for cells in out)


def _variant_units(shape: Shape) -> list[tuple[str, tuple[int, ...]]]:
    """The units of the variants, with their names: diagonals, windows, full extra regions."""
    n = shape.n
    out = []
    if shape.diagonals:
        out.append(("diagonal 1", tuple(i * n + i for i in range(n))))
        out.append(("diagonal 2", tuple(i * n + n - 1 - i for i in range(n))))
    if shape.windows and shape.k is not None:  # windows come with square boxes only
        k = shape.k
        tops = [1 + i * (k + 1) for i in range(k - 1)]  # 9x9: rows and columns 2-4 and 6-8
        number = 0
        for top in tops:
            for left in tops:
                number += 1
                cells = tuple((top + i) * n + left + j for i in range(k) for j in range(k))
                out.append((f"window {number}", cells))
    for i, cells in enumerate(shape.extra):
        if len(cells) == n:
            out.append((f"extra region {i + 1}", cells))
    return out


def _groups(shape: Shape) -> list[tuple[str, tuple[int, ...]]]:
    out = [
        (f"extra region {i + 1}", cells)
        for i, cells in enumerate(shape.extra)
        if len(cells) < shape.n
    ]
    out += [(cage_name(i), cells) for i, (_, cells) in enumerate(shape.cages)]
    return out


@_by_units
def units(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Every unit: the rows, the columns, the boxes, then the variants' units (``n`` cells
    each; ``3n`` units on a classic grid).

    >>> len(units(3)), units(3)[9][:3], units(3)[18][:4]
    (27, (0, 9, 18), (0, 1, 2, 9))
    """
    return (
        rows(shape)
        + columns(shape)
        + boxes(shape)
        + tuple(cells for _, cells in _variant_units(shape))
    )


@_cached
def groups(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The all-different sets of fewer than n cells: extra regions, then cages.

    >>> groups(3)
    ()
    """
    return tuple(cells for _, cells in _groups(shape))


@_cached
def sets(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """Every all-different set: :func:`units`, then :func:`groups`."""
    return units(shape) + groups(shape)


@_by_units
def unit_names(shape: Shape) -> tuple[str, ...]:
    """The name of each unit, as messages say it: ``row 1`` .. ``column 1`` .. ``box 1``
    (``region 1`` for a jigsaw), then ``diagonal 1``, ``window 1``, ``extra region 1``
    (counted from 1).

    >>> unit_names(2)[3:6], unit_names(2)[-1]
    (('row 4', 'column 1', 'column 2'), 'box 4')
    """
    n = shape.n
    box = "box" if shape.regions is None else "region"
    names = [f"{kind} {i + 1}" for kind in ("row", "column", box) for i in range(n)]
    return tuple(names + [name for name, _ in _variant_units(shape)])


@_cached
def set_names(shape: Shape) -> tuple[str, ...]:
    """The name of each of :func:`sets`: the units' names, then ``extra region 3``,
    ``cage A`` (cages by letter, :func:`~clew.sudoku.shape.cage_name`)."""
    return unit_names(shape) + tuple(name for name, _ in _groups(shape))


@_cached
def cell_sets(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The sets (numbers into :func:`sets`) of each cell, ascending: its row, column and box
    first, then those of the variants."""
    found = groups(shape)
    if not found:
        return cell_units(shape)
    out = [list(mine) for mine in cell_units(shape)]
    first = len(units(shape))
    for number, cells in enumerate(found, start=first):
        for cell in cells:
            out[cell].append(number)
    return tuple(tuple(mine) for mine in out)


@_by_units
def cell_units(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The units of each cell: ``(its row, its column, its box)`` as unit numbers, then the
    variants' units it is in.

    >>> cell_units(2)[5]
    (1, 5, 8)
    """
    out: list[list[int]] = [[] for _ in range(shape.cells)]
    for number, cells in enumerate(units(shape)):
        for cell in cells:
            out[cell].append(number)
    return tuple(tuple(found) for found in out)


# ---------------------------------------------------------------------------------------------
# Peers and segments
# ---------------------------------------------------------------------------------------------


@_cached
def peer_sets(shape: Shape) -> tuple[frozenset[int], ...]:
    """The peers of each cell as a set (for "does a see b" tests).

    >>> 1 in peer_sets(3)[0], 10 in peer_sets(3)[0], 12 in peer_sets(3)[0]
    (True, True, False)
    """
    all_sets, of_cell = sets(shape), cell_sets(shape)
    out = []
    for cell, mine in enumerate(of_cell):
        seen = set()
        for u in mine:
            seen.update(all_sets[u])
        seen.discard(cell)
        out.append(frozenset(seen))
    return tuple(out)


@_cached
def peers(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """The peers of each cell, ascending.

    >>> peers(2)[0]
    (1, 2, 3, 4, 5, 8, 12)
    """
    return tuple(tuple(sorted(p)) for p in peer_sets(shape))


@_by_units
def segments(shape: Shape) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Where boxes and lines cross: ``(box, line, cells)`` for each box in order, first with
    each row it meets in two cells or more (top to bottom), then each such column (left to
    right).

    ``box`` and ``line`` are unit numbers; ``cells`` are the cells they share, in reading
    order. A classic grid has ``2 * n * k`` segments of k cells.

    >>> segments(2)[:3]
    ((8, 0, (0, 1)), (8, 1, (4, 5)), (8, 4, (0, 4)))
    """
    n = shape.n
    all_units = units(shape)
    out = []
    for box in range(2 * n, 3 * n):
        cells = all_units[box]
        for side in (0, 1):  # the box's rows, then its columns
            lines = sorted({c // n if side == 0 else n + c % n for c in cells})
            for line in lines:
                in_line = set(all_units[line])
                shared = tuple(c for c in cells if c in in_line)
                if len(shared) >= 2:
                    out.append((box, line, shared))
    return tuple(out)
