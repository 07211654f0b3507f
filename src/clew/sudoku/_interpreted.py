"""A Sudoku solver in plain Python for small jobs: no compiler to load, so a file of one
puzzle is answered before numba would have started.

The compiled kernels (:mod:`clew.sudoku.kernels`) are hundreds of times faster per node, but
a process pays about 0.7 s before their first node (importing numba and its first kernel
call). A typical puzzle takes a few hundred nodes here, milliseconds; so the friendly layer
tries this solver first on small files, with a budget of nodes, and hands the file to the
kernels when the budget runs out (see :func:`clew.sudoku.files.solve.solve_file`).

The search is the usual one, written for any grid whose rules are "all different" over
units: a candidate bit set per cell (bit ``d - 1`` for digit ``d``), placing a digit removes
it from the peers of its cell, cells left with one candidate are placed at once (naked
singles), a cell left with none is a dead end, and the search branches on the cell with the
fewest candidates (MRV). Only the peers of each cell are needed, so any shape and any extra
all-different region works unchanged.

>>> from clew.sudoku import geometry
>>> puzzle = [int(c) for c in "1...2...3...4...".replace(".", "0")]
>>> count(puzzle, 4, geometry.peers(2), geometry.units(2), limit=None, max_nodes=10_000)
(12, [1, 3, 2, 4, 2, 4, 1, 3, 3, 1, 4, 2, 4, 2, 3, 1])
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["OutOfNodes", "count"]


class OutOfNodes(Exception):
    """The search visited more nodes than its budget: the job belongs to the kernels."""


def _place(
    cands: list[int], peers: Sequence[Sequence[int]], cell: int, bit: int, filled: list[int]
) -> bool:
    """Put the digit ``bit`` in ``cell`` and propagate naked singles; False at a dead end.
    ``filled`` collects every cell placed, for the caller's undo."""
    todo = [(cell, bit)]
    while todo:
        cell, bit = todo.pop()
        if cands[cell] != bit:
            if not cands[cell] & bit:
                return False
            cands[cell] = bit
        filled.append(cell)
        for p in peers[cell]:
            c = cands[p]
            if c & bit:
                c ^= bit
                if not c:
                    return False
                cands[p] = c
                if not c & (c - 1):  # one candidate left: placed at once
                    todo.append((p, c))
    return True


def _settle(
    cands: list[int], peers: Sequence[Sequence[int]], units: Sequence[Sequence[int]], full: int
) -> bool:
    """Place hidden singles (a digit with one possible cell in a unit) until none is left;
    False at a dead end (a digit with no cell left in some unit)."""
    changed = True
    while changed:
        changed = False
        for unit in units:
            once = twice = 0
            for cell in unit:
                c = cands[cell]
                twice |= once & c
                once |= c
            if once != full:
                return False
            single = once & ~twice
            while single:
                bit = single & -single
                single ^= bit
                for cell in unit:
                    if cands[cell] & bit:
                        break
                if cands[cell] != bit:
                    if not _place(cands, peers, cell, bit, []):
                        return False
                    changed = True
    return True


def count(
    cells: Sequence[int],
    n: int,
    peers: Sequence[Sequence[int]],
    units: Sequence[Sequence[int]],
    *,
    limit: int | None,
    max_nodes: int,
) -> tuple[int, list[int] | None]:
    """Solutions of the grid ``cells`` (0 for a blank) up to ``limit`` (None: all), and the
    first one found (None when there is none).

    Raises :class:`OutOfNodes` after ``max_nodes`` branchings. The givens must already be
    checked free of conflicts (the friendly layer does that for every line it reads).
    """
    full = (1 << n) - 1
    size = len(cells)
    cands = [full] * size
    # undo by snapshots: a list copy of n*n ints is cheaper in Python than a trail
    for cell, digit in enumerate(cells):
        if digit and not _place(cands, peers, cell, 1 << (digit - 1), []):
            return 0, None
    if not _settle(cands, peers, units, full):
        return 0, None
    found = 0
    first: list[int] | None = None
    nodes = 0
    stack = [cands]
    while stack:
        cands = stack.pop()
        # MRV: the open cell with the fewest candidates; a grid with none open is solved
        best, fewest = -1, n + 1
        for cell in range(size):
            c = cands[cell]
            if c & (c - 1):
                k = bin(c).count("1")
                if k < fewest:
                    best, fewest = cell, k
                    if k == 2:
                        break
        if best < 0:
            found += 1
            if first is None:
                first = [c.bit_length() for c in cands]
            if limit is not None and found >= limit:
                break
            continue
        nodes += 1
        if nodes > max_nodes:
            raise OutOfNodes(nodes)
        c = cands[best]
        options = []
        while c:
            bit = c & -c
            c ^= bit
            child = cands.copy()
            if _place(child, peers, best, bit, []) and _settle(child, peers, units, full):
                options.append(child)
        stack.extend(reversed(options))  # the smallest digit first, as the kernels try them
    return found, first


#: Branchings :func:`count_quickly` may spend (about 0.3 s, what loading the kernels costs).
QUICK_NODES = 3000


def compiled_loaded() -> bool:
    """Whether this process has loaded the compiled solver already, or numba for other
    kernels (a rating's chains, say): then most of the compiled path's start-up is paid, and
    the solver's cached kernel loads in a moment, where a hard puzzle takes the interpreter
    tens of milliseconds (in a batch of ratings, proving the puzzles proper here took more
    time than some techniques)."""
    import sys

    from .._kernel_cache import numba_loaded

    return sys.modules.get(__package__ + ".solver") is not None or numba_loaded()


def count_quickly(grid, limit: int) -> int | None:
    """The solutions of a classic ``grid`` (a :class:`~clew.sudoku.Grid`) up to ``limit``,
    counted here when the compiled solver is not loaded in this process yet; None when it is,
    for a shape that is not k^2 x k^2, or when :data:`QUICK_NODES` branchings do not
    suffice: the caller then asks the kernels (what this returns depends on the process, so
    the tests check it against the kernels rather than an example here)."""
    from . import geometry

    k = grid.shape.k
    if compiled_loaded() or not grid.shape.is_classic:
        return None
    try:
        found, _ = count(
            list(grid.cells),
            grid.n,
            geometry.peers(k),
            geometry.units(k),
            limit=limit,
            max_nodes=QUICK_NODES,
        )
    except OutOfNodes:
        return None
    return found
