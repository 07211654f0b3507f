"""The Sudoku kernels, by shape: which kernel solves a grid, behind one signature.

Every kernel is reached through :func:`kernel`, which returns a :class:`Kernel` whose
``solve_batch`` has one calling convention whatever the shape::

    solve_batch(puzzles, limit, counts, solutions)

    puzzles    int8 array (P, n * n), C-contiguous, 0 = blank (givens already checked)
    limit      count each puzzle's solutions up to this many (0: no limit)
    counts     int64 array (P,), written: the solutions found per puzzle
    solutions  int8 array (P, n * n), written: each puzzle's first solution (undefined
               where its count is 0)

The tables a kernel needs are built the first time its shape is asked for and bound into
the entry, so callers never see them (the idea of tdoku's solver list: one function pointer
per solver, the same signature for all). A shape is a :class:`~clew.sudoku.shape.Shape`, or
an int ``k`` for the classic k^2 x k^2 grid. Registered today:

===========  =========  =====================================================================
 shape       name       kernel
===========  =========  =====================================================================
 classic k   general    :mod:`clew.sudoku.compiled._kernels`: a candidate mask per cell (the fallback)
 classic 3   band9      :mod:`clew.sudoku.compiled._kernels9`: per-digit bitboards of the 27-cell bands
 any other   shape      :mod:`clew.sudoku.compiled._kernels_shape`: units, groups and cage sums as tables
===========  =========  =====================================================================

Rectangular boxes, jigsaws and every variant go to the shape kernel; :func:`shape_tables`
gives its tables, which :func:`stack_tables` stacks when a batch holds many shapes (a file of
killer puzzles: one shape per puzzle, still one kernel call per chunk).

>>> from clew.sudoku.shape import make_shape
>>> kernel(3).name, kernel(2).name, kernel(4).name, kernel(make_shape(6)).name
('band9', 'general', 'general', 'shape')
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import geometry
from .compiled import _kernels, _kernels9, _kernels_shape
from .shape import Shape, as_shape

__all__ = [
    "Kernel",
    "SolveBatch",
    "general_tables",
    "kernel",
    "register",
    "shape_tables",
    "stack_tables",
]

#: The registry's key of every shape that is not a classic k^2 x k^2 grid.
SHAPED = "shape"

#: ``solve_batch(puzzles, limit, counts, solutions)``: the one signature of every kernel.
SolveBatch = Callable[[np.ndarray, int, np.ndarray, np.ndarray], object]


@dataclass(frozen=True)
class Kernel:
    """A kernel bound to one shape, its tables built.

    Attributes
    ----------
    name : str
        The registered name (``"general"``, ``"band9"``, ``"shape"``).
    k : int or Shape
        The box size (classic grids) or the shape it was bound for.
    solve_batch : callable
        ``solve_batch(puzzles, limit, counts, solutions)`` (see the module docstring).
    """

    name: str
    k: int | Shape
    solve_batch: SolveBatch


#: box size (None: every classic size without an entry of its own; SHAPED: every other
#: shape) -> (name, builder). A builder takes k (or the shape), builds the tables once and
#: returns the bound ``solve_batch``.
_REGISTRY: dict[int | str | None, tuple[str, Callable[..., SolveBatch]]] = {}
_BOUND: dict[int | Shape, Kernel] = {}
_LOCK = threading.Lock()  # the batch path asks from several threads at once


def register(name: str, build: Callable[..., SolveBatch], k: int | str | None = None) -> None:
    """Register a kernel for box size ``k`` (``None``: the fallback for every classic size;
    :data:`SHAPED`: every other shape).

    Parameters
    ----------
    name : str
        A short name, shown by :attr:`Kernel.name`.
    build : callable
        ``build(k)`` builds what the kernel needs for box size k and returns its
        ``solve_batch(puzzles, limit, counts, solutions)``; called once per size, on first use.
    k : int, optional
        The box size it serves; default: every size that has no kernel of its own.
    """
    with _LOCK:
        _REGISTRY[k] = (name, build)
        if k is None or k == SHAPED:
            _BOUND.clear()
        else:
            _BOUND.pop(k, None)


def kernel(k: int | Shape) -> Kernel:
    """The kernel for box size ``k`` or a shape, its tables built on the first call and kept
    (the last 256 shapes that are not classic).

    Parameters
    ----------
    k : int or Shape
        Box size (2 to 5) of a classic grid, or any shape.

    Returns
    -------
    Kernel
        The entry registered for ``k``, else the fallback.
    """
    found = _BOUND.get(k)
    if found is not None:
        return found
    if isinstance(k, Shape) and k.is_classic:
        return kernel(k.k)
    with _LOCK:
        found = _BOUND.get(k)
        if found is None:
            key = SHAPED if isinstance(k, Shape) else (k if k in _REGISTRY else None)
            name, build = _REGISTRY[key]
            if isinstance(k, Shape) and len(_BOUND) > 256:
                for old in [key for key in _BOUND if isinstance(key, Shape)]:
                    del _BOUND[old]
            found = _BOUND[k] = Kernel(name, k, build(k))
    return found


# ---------------------------------------------------------------------------------------------
# The kernels of clew
# ---------------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def general_tables(k: int) -> tuple[np.ndarray, np.ndarray]:
    """The general kernel's ``(peers, units)`` tables of the k^2 x k^2 grid, built once
    (also used by the resumable enumeration, which drives that kernel step by step)."""
    return _kernels.tables(k)


def _general(k: int) -> SolveBatch:
    peers, units = general_tables(k)
    batch = _kernels.solve_batch

    def solve_batch(puzzles, limit, counts, solutions):
        return batch(puzzles, k, limit, counts, solutions, peers, units)

    return solve_batch


def _band9(k: int) -> SolveBatch:
    if k != 3:
        raise ValueError(f"the band kernel solves 9x9 grids only (k = 3), not k = {k}")
    tables = _kernels9.tables()
    batch = _kernels9.solve_batch

    def solve_batch(puzzles, limit, counts, solutions):
        return batch(puzzles, limit, counts, solutions, *tables)

    return solve_batch


def shape_tables(shape: Shape | int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The shape kernel's tables of one shape: ``units`` (U, n), ``gptr`` (G + 1,),
    ``gcells`` (L,), ``gsum`` (G,) as int64 arrays (see :mod:`clew.sudoku.compiled._kernels_shape`).
    The groups are the shape's: extra regions under n cells, then cages (the batch kernel
    adds each unit's innies, :func:`innies`).

    >>> from clew.sudoku.shape import make_shape
    >>> units, gptr, gcells, gsum = shape_tables(make_shape(4, cages=[(3, [0, 1])]))
    >>> units.shape, gptr.tolist(), gcells.tolist(), gsum.tolist()
    ((12, 4), [0, 2], [0, 1], [3])
    """
    shape = as_shape(shape)
    units = np.array(geometry.units(shape), np.int64)
    groups = geometry.groups(shape)
    gptr = np.zeros(len(groups) + 1, np.int64)
    gptr[1:] = np.cumsum([len(g) for g in groups]) if groups else []
    gcells = np.array([c for g in groups for c in g], np.int64)
    partial = [cells for cells in shape.extra if len(cells) < shape.n]
    gsum = np.array(
        [_kernels_shape.NO_SUM] * len(partial) + [total for total, _ in shape.cages], np.int64
    )
    return units, gptr, gcells, gsum


def innies(shape: Shape) -> list[tuple[int, tuple[int, ...]]]:
    """The rule of 45 as more cages, in plain Python (the reference of the kernel's
    :func:`~clew.sudoku.compiled._kernels_shape.with_innies`, which the batch solver calls): for
    each unit, the cells outside the cages that lie inside it add up to the unit's sum
    (1 + ... + n) less those cages' sums. They are all in the unit, so their digits differ:
    one more cage, implied by the others (``(sum, cells)``, unit by unit; none without
    cages). A unit with no cage inside, or wholly made of cages, gives none.

    >>> from clew.sudoku.shape import make_shape
    >>> innies(make_shape(4, cages=[(3, [0, 1])]))   # the rest of row 1 and of box 1
    [(7, (2, 3)), (7, (4, 5))]
    """
    if not shape.cages:
        return []
    whole = shape.n * (shape.n + 1) // 2
    of_cell = geometry.cell_units(shape)  # shared by every killer of the grid
    caged: dict[int, int] = {}  # unit -> the sum of the cages inside it
    covered: dict[int, set] = {}  # unit -> their cells
    for total, cells in shape.cages:
        # the units holding the whole cage: those of its first cell that hold the others
        common = set(of_cell[cells[0]])
        for c in cells[1:]:
            common.intersection_update(of_cell[c])
            if not common:
                break
        for u in common:
            caged[u] = caged.get(u, 0) + total
            covered.setdefault(u, set()).update(cells)
    units = geometry.units(shape)
    out = []
    for u in sorted(caged):
        rest = tuple(c for c in units[u] if c not in covered[u])
        if rest:
            out.append((whole - caged[u], rest))
    return out


def stack_tables(tables: list) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Stack the :func:`shape_tables` of several shapes with the same units count into the
    arrays of one batch: ``units`` (S, U, n), ``gptr`` (S, G + 1) (shorter runs padded with
    empty groups), ``gcells`` (S, L), ``gsum`` (S, G)."""
    count = len(tables)
    groups = max(len(t[3]) for t in tables)
    length = max(max(len(t[2]) for t in tables), 1)
    units = np.ascontiguousarray(np.stack([t[0] for t in tables]))
    gptr = np.zeros((count, groups + 1), np.int64)
    gcells = np.zeros((count, length), np.int64)
    gsum = np.full((count, max(groups, 1)), _kernels_shape.NO_SUM, np.int64)
    for s, (_, ptr, cells, sums) in enumerate(tables):
        gptr[s, : len(ptr)] = ptr
        gptr[s, len(ptr) :] = ptr[-1]  # empty groups: nothing to check
        gcells[s, : len(cells)] = cells
        gsum[s, : len(sums)] = sums
    return units, gptr, gcells, gsum


def _shaped(shape: Shape) -> SolveBatch:
    units, gptr, gcells, gsum = stack_tables([shape_tables(shape)])
    batch = _kernels_shape.solve_batch

    def solve_batch(puzzles, limit, counts, solutions):
        shape_of = np.zeros(len(puzzles), np.int64)
        return batch(puzzles, shape_of, limit, counts, solutions, units, gptr, gcells, gsum)

    return solve_batch


def solve_shapes(puzzles, shape_of, limit, counts, solutions, tables) -> None:
    """The shape kernel over a batch whose puzzles have shapes of their own: puzzle p obeys
    ``tables[shape_of[p]]`` (stacked by :func:`stack_tables`)."""
    _kernels_shape.solve_batch(puzzles, shape_of, limit, counts, solutions, *tables)


register("general", _general)
register("band9", _band9, k=3)
register("shape", _shaped, k=SHAPED)
