"""The Sudoku kernels, by box size: which kernel solves a k^2 x k^2 grid, behind one signature.

Every kernel is reached through :func:`kernel`, which returns a :class:`Kernel` whose
``solve_batch`` has one calling convention whatever the size::

    solve_batch(puzzles, limit, counts, solutions)

    puzzles    int8 array (P, k**4), C-contiguous, 0 = blank (givens already checked)
    limit      count each puzzle's solutions up to this many (0: no limit)
    counts     int64 array (P,), written: the solutions found per puzzle
    solutions  int8 array (P, k**4), written: each puzzle's first solution (undefined
               where its count is 0)

The tables a kernel needs are built the first time its size is asked for and bound into the
entry, so callers never see them (the idea of tdoku's solver list: one function pointer per
solver, the same signature for all). Registered today:

=====  =========  ===========================================================================
 k     name       kernel
=====  =========  ===========================================================================
 any   general    :mod:`clew.sudoku._kernels`: one candidate mask per cell (the fallback)
 3     band9      :mod:`clew.sudoku._kernels9`: per-digit bitboards of the three 27-cell bands
=====  =========  ===========================================================================

>>> kernel(3).name, kernel(2).name, kernel(4).name
('band9', 'general', 'general')
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from . import _kernels, _kernels9

__all__ = ["Kernel", "SolveBatch", "general_tables", "kernel", "register"]

#: ``solve_batch(puzzles, limit, counts, solutions)``: the one signature of every kernel.
SolveBatch = Callable[[np.ndarray, int, np.ndarray, np.ndarray], object]


@dataclass(frozen=True)
class Kernel:
    """A kernel bound to one box size, its tables built.

    Attributes
    ----------
    name : str
        The registered name (``"general"``, ``"band9"``).
    k : int
        The box size it was bound for.
    solve_batch : callable
        ``solve_batch(puzzles, limit, counts, solutions)`` (see the module docstring).
    """

    name: str
    k: int
    solve_batch: SolveBatch


#: box size (None: every size without an entry of its own) -> (name, builder). A builder
#: takes k, builds the tables once and returns the bound ``solve_batch``.
_REGISTRY: dict[int | None, tuple[str, Callable[[int], SolveBatch]]] = {}
_BOUND: dict[int, Kernel] = {}
_LOCK = threading.Lock()  # the batch path asks from several threads at once


def register(name: str, build: Callable[[int], SolveBatch], k: int | None = None) -> None:
    """Register a kernel for box size ``k`` (``None``: the fallback for every size).

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
        if k is None:
            _BOUND.clear()
        else:
            _BOUND.pop(k, None)


def kernel(k: int) -> Kernel:
    """The kernel for box size ``k``, its tables built on the first call and kept.

    Parameters
    ----------
    k : int
        Box size (2 to 5 for the sizes clew reads).

    Returns
    -------
    Kernel
        The entry registered for ``k``, else the fallback.
    """
    found = _BOUND.get(k)
    if found is not None:
        return found
    with _LOCK:
        found = _BOUND.get(k)
        if found is None:
            name, build = _REGISTRY[k] if k in _REGISTRY else _REGISTRY[None]
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


register("general", _general)
register("band9", _band9, k=3)
