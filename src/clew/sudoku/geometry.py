"""The geometry of a k^2 x k^2 Sudoku grid: its cells, units and peers, built once per size.

Every part of clew that reasons about the shape of the grid -- the grid reader, the logical
solver, the traces, the pictures, and the Python that builds the kernels' tables -- takes it
from here, so that "the peers of a cell" means one thing everywhere. (The verifier
:mod:`clew.sudoku.verify` and the reference solver :mod:`clew.sudoku._reference` keep their
own code on purpose: they are the independent checks of everything else.)

Glossary
--------
The words are those of Peter Norvig's essay *Solving Every Sudoku Puzzle*:

box size ``k``
    The boxes are k x k; the grid has side ``n = k * k`` (k = 2, 3, 4, 5: 4x4, 9x9, 16x16,
    25x25) and ``n * n`` cells.
cell
    One square of the grid, numbered 0 to ``n * n - 1`` in reading order: cell ``r * n + c``
    is on row ``r``, column ``c`` (both from 0).
digit
    What a cell holds: 1 to ``n`` (0 stands for a blank).
unit
    ``n`` cells that must hold every digit exactly once: a *row*, a *column* or a *box* (a
    k x k block). Units are numbered 0 to ``3n - 1``: the rows first (0 to n - 1, top to
    bottom), then the columns (n to 2n - 1, left to right), then the boxes (2n to 3n - 1, in
    reading order). Every cell is in exactly 3 units.
peers
    The cells that share a unit with a cell, the cell itself excluded: ``2(n - 1) + (k - 1)^2``
    of them (20 on a 9x9 grid). A digit placed in a cell is barred from all its peers.
cell name
    ``r3c5``: row 3, column 5, counted from 1 (so ``r1c1`` is cell 0).
segment
    The k cells where a box and a line (a row or a column) cross; locked candidates
    (pointing, claiming) reason about segments.

Everything that depends on ``k`` alone is a tuple built on first use and cached, so sharing
it costs nothing and nobody can change it under another reader.

>>> from clew.sudoku import geometry
>>> len(geometry.peers(3)[0]), geometry.cell_units(3)[40]
(20, (4, 13, 22))
>>> geometry.cell_name(40, 9), geometry.cell_index("r5c5", 9), geometry.unit_names(3)[22]
('r5c5', 40, 'box 5')
"""

from __future__ import annotations

import functools
import re

__all__ = [
    "box_of",
    "boxes",
    "cell_index",
    "cell_name",
    "cell_names",
    "cell_units",
    "columns",
    "peer_sets",
    "peers",
    "rows",
    "segments",
    "unit_names",
    "units",
]

_NAME = re.compile(r"[rR](\d+)[cC](\d+)")


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
        The side of the grid (``k * k``).

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


@functools.lru_cache(maxsize=None)
def cell_names(k: int) -> tuple[str, ...]:
    """The name of every cell of the k^2 x k^2 grid, in reading order.

    >>> cell_names(2)[:5]
    ('r1c1', 'r1c2', 'r1c3', 'r1c4', 'r2c1')
    """
    n = k * k
    return tuple(cell_name(cell, n) for cell in range(n * n))


def box_of(cell: int, k: int) -> int:
    """The box of a cell, 0 to ``n - 1`` in reading order (its unit is ``2n + box_of``).

    >>> box_of(0, 3), box_of(40, 3), box_of(80, 3), box_of(15, 2)
    (0, 4, 8, 3)
    """
    n = k * k
    r, c = divmod(cell, n)
    return (r // k) * k + c // k


# ---------------------------------------------------------------------------------------------
# Units
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def rows(k: int) -> tuple[tuple[int, ...], ...]:
    """The cells of each row, top to bottom, each left to right.

    >>> rows(2)[1]
    (4, 5, 6, 7)
    """
    n = k * k
    return tuple(tuple(r * n + c for c in range(n)) for r in range(n))


@functools.lru_cache(maxsize=None)
def columns(k: int) -> tuple[tuple[int, ...], ...]:
    """The cells of each column, left to right, each top to bottom.

    >>> columns(2)[1]
    (1, 5, 9, 13)
    """
    n = k * k
    return tuple(tuple(r * n + c for r in range(n)) for c in range(n))


@functools.lru_cache(maxsize=None)
def boxes(k: int) -> tuple[tuple[int, ...], ...]:
    """The cells of each box, boxes in reading order, each box's cells in reading order.

    >>> boxes(2)[1]
    (2, 3, 6, 7)
    """
    n = k * k
    return tuple(
        tuple((br * k + i) * n + bc * k + j for i in range(k) for j in range(k)) for br in range(k) for bc in range(k)
    )


@functools.lru_cache(maxsize=None)
def units(k: int) -> tuple[tuple[int, ...], ...]:
    """Every unit: the rows, then the columns, then the boxes (``3n`` units of ``n`` cells).

    >>> len(units(3)), units(3)[9][:3], units(3)[18][:4]
    (27, (0, 9, 18), (0, 1, 2, 9))
    """
    return rows(k) + columns(k) + boxes(k)


@functools.lru_cache(maxsize=None)
def unit_names(k: int) -> tuple[str, ...]:
    """The name of each unit, as messages say it: ``row 1`` .. ``column 1`` .. ``box 1``
    (counted from 1).

    >>> unit_names(2)[3:6], unit_names(2)[-1]
    (('row 4', 'column 1', 'column 2'), 'box 4')
    """
    n = k * k
    return tuple(f"{kind} {i + 1}" for kind in ("row", "column", "box") for i in range(n))


@functools.lru_cache(maxsize=None)
def cell_units(k: int) -> tuple[tuple[int, int, int], ...]:
    """The 3 units of each cell: ``(its row, its column, its box)`` as unit numbers.

    >>> cell_units(2)[5]
    (1, 5, 8)
    """
    n = k * k
    return tuple((cell // n, n + cell % n, 2 * n + box_of(cell, k)) for cell in range(n * n))


# ---------------------------------------------------------------------------------------------
# Peers and segments
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def peer_sets(k: int) -> tuple[frozenset[int], ...]:
    """The peers of each cell as a set (for "does a see b" tests).

    >>> 1 in peer_sets(3)[0], 10 in peer_sets(3)[0], 12 in peer_sets(3)[0]
    (True, True, False)
    """
    all_units, of_cell = units(k), cell_units(k)
    out = []
    for cell, three in enumerate(of_cell):
        seen = set()
        for u in three:
            seen.update(all_units[u])
        seen.discard(cell)
        out.append(frozenset(seen))
    return tuple(out)


@functools.lru_cache(maxsize=None)
def peers(k: int) -> tuple[tuple[int, ...], ...]:
    """The peers of each cell, ascending.

    >>> peers(2)[0]
    (1, 2, 3, 4, 5, 8, 12)
    """
    return tuple(tuple(sorted(p)) for p in peer_sets(k))


@functools.lru_cache(maxsize=None)
def segments(k: int) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """Where boxes and lines cross: ``(box, line, cells)`` for each box in order, first with
    each of its k rows (top to bottom), then with each of its k columns (left to right).

    ``box`` and ``line`` are unit numbers; ``cells`` are the k cells they share, in reading
    order. There are ``2 * n * k`` segments.

    >>> segments(2)[:3]
    ((8, 0, (0, 1)), (8, 1, (4, 5)), (8, 4, (0, 4)))
    """
    n = k * k
    all_units, of_cell = units(k), cell_units(k)
    out = []
    for box in range(2 * n, 3 * n):
        cells = all_units[box]
        for side in (0, 1):  # the box's rows, then its columns
            for line in sorted({of_cell[c][side] for c in cells}):
                in_line = set(all_units[line])
                out.append((box, line, tuple(c for c in cells if c in in_line)))
    return tuple(out)
