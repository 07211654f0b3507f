"""The Sudoku kernels, by shape: which kernel solves a grid, behind one signature.

Every kernel is reached through :func:`kernel`, which returns a :class:`Kernel` whose
``solve_batch`` has one calling convention whatever the shape (:func:`run` allocates the
answers and calls it; a batch of many shapes goes to the shape kernel in one call)::

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

===========  =========  ==========================================================
 shape       name       kernel (in :mod:`clew.sudoku.compiled`)
===========  =========  ==========================================================
 classic k   general    ``_kernels``: a candidate mask per cell (the fallback)
 classic 3   band9      ``_kernels9``: per-digit bitboards of the 27-cell bands
 any other   shape      ``_kernels_shape``: units, groups and cage sums as tables
===========  =========  ==========================================================

Rectangular boxes, jigsaws and every variant go to the shape kernel; :func:`shape_tables`
gives its tables, which :func:`stack_tables` stacks when a batch holds many shapes (a file of
killer puzzles: one shape per puzzle, still one kernel call per chunk). A kernel may also
offer a resumable search of one puzzle (:func:`resumable`, what
:func:`clew.sudoku.solutions` streams from); one without (the band kernel) lends that of the
fallback.

>>> from clew.sudoku.shape import make_shape
>>> kernel(3).name, kernel(2).name, kernel(4).name, kernel(make_shape(6)).name
('band9', 'general', 'general', 'shape')
>>> import numpy as np
>>> counts, first = run(np.zeros((2, 16), np.int8), 2, 5)
>>> counts.tolist(), first[0].tolist()
([5, 5], [1, 2, 3, 4, 4, 3, 1, 2, 3, 4, 2, 1, 2, 1, 4, 3])
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import geometry
from .compiled import _kernels, _kernels9, _kernels_cages, _kernels_dfs, _kernels_shape
from .shape import Shape, as_shape

__all__ = [
    "Kernel",
    "Resumable",
    "SolveBatch",
    "general_tables",
    "kernel",
    "register",
    "resumable",
    "run",
    "shape_search_tables",
    "shape_tables",
    "solve_shapes",
    "stack_tables",
]

#: The registry's key of every shape that is not a classic k^2 x k^2 grid.
SHAPED = "shape"

#: ``solve_batch(puzzles, limit, counts, solutions)``: the one signature of every kernel.
SolveBatch = Callable[[np.ndarray, int, np.ndarray, np.ndarray], object]


class Resumable:
    """The search of one puzzle, run in steps: each :meth:`step` fills a buffer of
    solutions and returns, the next one picks up where it stopped (memory stays flat however
    many solutions there are).

    Parameters
    ----------
    puzzle : numpy.ndarray
        int8 cells, 0 = blank (givens already checked).
    start, search : callable
        The kernel's ``start(puzzle, tables, state)`` and ``search(tables, state, limit,
        out, written)`` (:mod:`clew.sudoku.compiled._kernels_dfs`).
    tables : tuple
        The kernel's tables for the puzzle's shape.

    Examples
    --------
    >>> import numpy as np
    >>> search = resumable(np.zeros(16, np.int8), 2)
    >>> out = np.empty((100, 16), np.int8)
    >>> [search.step(out) for _ in range(4)], search.done
    ([100, 100, 88, 0], True)
    """

    def __init__(
        self, puzzle: np.ndarray, start: Callable, search: Callable, tables: tuple
    ) -> None:
        self._search, self._tables = search, tables
        self._state = _kernels_dfs.new_search(len(puzzle))
        start(puzzle, tables, self._state)

    @property
    def done(self) -> bool:
        """True once the search is over: every solution found, or none to find."""
        return bool(self._state.meta[_kernels_dfs.META_DONE])

    def step(self, out: np.ndarray, limit: int = 0) -> int:
        """Write the next solutions into the rows of ``out`` (int8, (B, cells)) until it is
        full or the search ends; ``limit`` (> 0) ends it after that many solutions in all.
        Returns the number of rows written."""
        return int(self._search(self._tables, self._state, limit, out, 0))


#: ``open(puzzle) -> Resumable``: a kernel's resumable search, bound to one shape.
Open = Callable[[np.ndarray], Resumable]


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
    open : callable or None
        ``open(puzzle)``: a :class:`Resumable` search of one puzzle, if the kernel has one.
    """

    name: str
    k: int | Shape
    solve_batch: SolveBatch
    open: Open | None = None


#: box size (None: every classic size without an entry of its own; SHAPED: every other
#: shape) -> the name of its kernel; a name -> (builder, opener). A builder takes k (or the
#: shape), builds the tables once and returns the bound ``solve_batch``; an opener the same
#: for the resumable search (``open(puzzle) -> Resumable``), or is None.
_REGISTRY: dict[int | str | None, str] = {}
_BUILDERS: dict[str, tuple[Callable[..., SolveBatch], Callable[..., Open] | None]] = {}
_BOUND: dict[tuple[int | Shape, str | None], Kernel] = {}
_LOCK = threading.Lock()  # the batch path asks from several threads at once


def register(
    name: str,
    build: Callable[..., SolveBatch],
    k: int | str | None = None,
    *,
    opener: Callable[..., Open] | None = None,
) -> None:
    """Register a kernel for box size ``k`` (``None``: the fallback for every classic size;
    :data:`SHAPED`: every other shape).

    Parameters
    ----------
    name : str
        A short name, shown by :attr:`Kernel.name`, by which :func:`kernel` also finds it.
    build : callable
        ``build(k)`` builds what the kernel needs for box size k and returns its
        ``solve_batch(puzzles, limit, counts, solutions)``; called once per size, on first use.
    k : int, optional
        The box size it serves; default: every size that has no kernel of its own.
    opener : callable, optional
        ``opener(k)`` returns ``open(puzzle) -> Resumable``, the kernel's resumable search
        for box size k; without one, :func:`resumable` uses the fallback's.
    """
    with _LOCK:
        _REGISTRY[k] = name
        _BUILDERS[name] = (build, opener)
        _BOUND.clear()


def kernel(k: int | Shape, name: str | None = None) -> Kernel:
    """The kernel for box size ``k`` or a shape, its tables built on the first call and kept
    (the last 256 shapes that are not classic).

    Parameters
    ----------
    k : int or Shape
        Box size (2 to 5) of a classic grid, or any shape.
    name : str, optional
        A registered kernel by its name rather than the one registered for ``k`` (the
        general kernel of a 9x9 grid, to compare it with the band kernel).

    Returns
    -------
    Kernel
        The entry registered for ``k``, else the fallback.
    """
    found = _BOUND.get((k, name))
    if found is not None:
        return found
    if isinstance(k, Shape) and k.is_classic and k.k is not None:
        return kernel(k.k, name)
    with _LOCK:
        found = _BOUND.get((k, name))
        if found is None:
            if name is None:
                key = SHAPED if isinstance(k, Shape) else (k if k in _REGISTRY else None)
                name_k = _REGISTRY[key]
            else:
                name_k = name
            build, opener = _BUILDERS[name_k]
            if isinstance(k, Shape) and len(_BOUND) > 256:
                for old in [key for key in _BOUND if isinstance(key[0], Shape)]:
                    del _BOUND[old]
            bound = Kernel(name_k, k, build(k), None if opener is None else opener(k))
            found = _BOUND[(k, name)] = bound
    return found


def resumable(puzzle: np.ndarray, k: int | Shape) -> Resumable:
    """A :class:`Resumable` search of one puzzle (int8 cells, 0 = blank, givens checked) of
    box size or shape ``k``: the registered kernel's, or the fallback's when it has none."""
    found = kernel(k)
    if found.open is None:
        found = kernel(k, _REGISTRY[SHAPED if isinstance(k, Shape) and not k.is_classic else None])
    if found.open is None:
        raise ValueError(f"no kernel registered for {k!r} has a resumable search")
    return found.open(np.ascontiguousarray(puzzle, dtype=np.int8))


def run(
    puzzles: np.ndarray,
    k: int | Shape | None,
    limit: int,
    *,
    shapes: list[Shape] | None = None,
    name: str | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """One kernel call: ``(counts, first solutions)`` of a C-contiguous int8 array of
    puzzles, the one entry of every solving path (files, arrays, one grid, the generator).

    Parameters
    ----------
    puzzles : array_like
        int8 (P, cells), 0 = blank, givens already checked (a C-contiguous int8 array is
        used as it is; one puzzle of shape (cells,) is a batch of one).
    k : int, Shape or None
        The shape of every puzzle (a box size for a classic grid); None with ``shapes``.
    limit : int
        Count each puzzle's solutions up to this many; 0: no limit.
    shapes : list of Shape, optional
        The shape of each puzzle, when they differ (a file of killer puzzles): one call of
        the shape kernel over tables stacked per distinct shape.
    name : str, optional
        A registered kernel by name (see :func:`kernel`).

    Returns
    -------
    counts : numpy.ndarray
        int64 (P,), the solutions found per puzzle, at most ``limit``.
    solutions : numpy.ndarray
        int8 (P, cells), each puzzle's first solution (undefined where its count is 0).
    """
    puzzles = np.ascontiguousarray(puzzles, dtype=np.int8)
    if puzzles.ndim == 1:
        puzzles = puzzles.reshape(1, -1)
    counts = np.zeros(len(puzzles), np.int64)
    sols = np.zeros_like(puzzles)
    if shapes is None:
        if k is None:
            raise ValueError("run needs the shape k of the puzzles, or shapes")
        kernel(k, name).solve_batch(puzzles, limit, counts, sols)
        return counts, sols
    index: dict[Shape, int] = {}
    shape_of = np.array([index.setdefault(shape, len(index)) for shape in shapes], np.int64)
    solve_shapes(
        puzzles, shape_of, limit, counts, sols, stack_tables([shape_tables(s) for s in index])
    )
    return counts, sols


# ---------------------------------------------------------------------------------------------
# The kernels of clew
# ---------------------------------------------------------------------------------------------


@functools.cache
def general_tables(k: int) -> _kernels.Tables:
    """The general kernel's ``Tables(peers, units)`` of the k^2 x k^2 grid, built once."""
    return _kernels.tables(k)


def _general(k: int) -> SolveBatch:
    tables = general_tables(k)
    batch = _kernels.solve_batch

    def solve_batch(puzzles, limit, counts, solutions):
        return batch(puzzles, limit, counts, solutions, tables)

    return solve_batch


def _general_open(k: int) -> Open:
    tables = general_tables(k)
    return lambda puzzle: Resumable(puzzle, _kernels.start, _kernels.search, tables)


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
        [_kernels_cages.NO_SUM] * len(partial) + [total for total, _ in shape.cages], np.int64
    )
    return units, gptr, gcells, gsum


def innies(shape: Shape) -> list[tuple[int, tuple[int, ...]]]:
    """The rule of 45 as more cages, in plain Python (the reference of the kernel's
    :func:`~clew.sudoku.compiled._kernels_cages.with_innies`, which the batch solver calls): for
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
    gsum = np.full((count, max(groups, 1)), _kernels_cages.NO_SUM, np.int64)
    for s, (_, ptr, cells, sums) in enumerate(tables):
        gptr[s, : len(ptr)] = ptr
        gptr[s, len(ptr) :] = ptr[-1]  # empty groups: nothing to check
        gcells[s, : len(cells)] = cells
        gsum[s, : len(sums)] = sums
    return units, gptr, gcells, gsum


@functools.lru_cache(maxsize=64)
def shape_search_tables(shape: Shape) -> _kernels_shape.ShapeTables:
    """The shape kernel's :class:`~clew.sudoku.compiled._kernels_shape.ShapeTables` of one
    shape, the derived ones included (innies aside: a search of one grid, as the resumable
    search and the generator's completion run, reads the shape as it is)."""
    units, gptr, gcells, gsum = shape_tables(shape)
    cells = shape.n * shape.n
    peers = np.empty((cells, cells), np.int64)
    npeer = np.zeros(cells, np.int64)
    return _kernels_shape.derive(units, gptr, gcells, gsum, peers, npeer)


def _shaped(shape: Shape) -> SolveBatch:
    tables = stack_tables([shape_tables(shape)])

    def solve_batch(puzzles, limit, counts, solutions):
        shape_of = np.zeros(len(puzzles), np.int64)
        return solve_shapes(puzzles, shape_of, limit, counts, solutions, tables)

    return solve_batch


def _shaped_open(shape: Shape) -> Open:
    # the tables on the first search, not when the kernel is bound: a file of killer
    # puzzles binds a kernel per shape and never enumerates
    return lambda puzzle: Resumable(
        puzzle, _kernels_shape.start, _kernels_shape.search, shape_search_tables(shape)
    )


def solve_shapes(
    puzzles: np.ndarray,
    shape_of: np.ndarray,
    limit: int,
    counts: np.ndarray,
    solutions: np.ndarray,
    tables: tuple,
) -> None:
    """The shape kernel over a batch whose puzzles have shapes of their own: puzzle p obeys
    ``tables[shape_of[p]]`` (stacked by :func:`stack_tables`); :func:`run` with ``shapes``
    calls it."""
    _kernels_shape.solve_batch(puzzles, shape_of, limit, counts, solutions, *tables)


register("general", _general, opener=_general_open)
register("band9", _band9, k=3)
register("shape", _shaped, k=SHAPED, opener=_shaped_open)
