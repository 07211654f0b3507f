"""The parts of generation that shapes and variants add (issue 15): random full grids of any
shape, random jigsaw regions, random killer cages, and the few givens a killer needs.

:mod:`clew.sudoku.generation.generator` makes the puzzles from these parts (digging, proof, seeds,
pieces); everything here draws from the ``numpy.random.Generator`` it is handed, so a seed
gives the same grid, regions and cages on every machine.

A random full grid of any shape
-------------------------------
The classic generator fills the diagonal boxes and lets the kernel complete the grid; that
needs boxes that do not meet. A shape of any kind (rectangular boxes, X, windoku, jigsaw)
gets ``n`` random givens instead, each a digit that none of its peers holds yet, which the
shape kernel completes within a budget of nodes
(:func:`clew.sudoku.compiled._kernels_shape.complete`); a draw that has no grid, or whose
search runs past the budget, is replaced by a fresh draw. The budget matters: completing a
few random givens, or an empty windoku, can take the search seconds (measured: 3.5 s for
the empty windoku, up to 30 s to refute 9 random givens) where most draws take a few nodes.
The digits are then relabelled at random: renaming digits keeps every all-different rule, so
the relabelling spreads the kernel's habit of trying small digits first over all of them.

Jigsaw regions
--------------
Start from the boxes (rows for a prime side, which has none) and exchange cells between
neighbouring regions many times::

    A A B B        a cell a of region A next to region B goes to B, a cell b of B next
    A A B B   ->   to what is left of A goes to A; the exchange is kept only if both
    C C D D        regions are still connected (every region keeps n cells)

A layout can leave no Latin square at all; the grid drawing notices (the kernel finds no
solution of any draw) and asks for another layout.

Killer cages
------------
Cells in random order; each cell not yet in a cage starts one of a random size (1 to
:data:`MAX_CAGE` cells, mostly 2 to 4) and the cage grows into random neighbouring free
cells whose digit it does not hold yet. The sums are the solution's. At most
:data:`MAX_CAGES` cages (the letters of the text form, A-Z then a-z): a partition with more
is drawn again with larger cages.

>>> import numpy as np
>>> rng = np.random.default_rng(1)
>>> regions = random_regions(6, rng)
>>> sorted(regions.count(r) for r in set(regions))
[6, 6, 6, 6, 6, 6]
"""

from __future__ import annotations

import numpy as np

from .. import geometry
from ..compiled import _kernels_shape
from ..grid import Grid
from ..kernels import resumable, run, shape_search_tables
from ..shape import Shape, make_shape, squarest_box
from ..variants import CAGE_LETTERS

__all__ = [
    "MAX_CAGE",
    "MAX_CAGES",
    "add_killer_givens",
    "full_grid",
    "puzzle_line",
    "random_cages",
    "random_regions",
]

#: The largest killer cage drawn.
MAX_CAGE = 5
#: The most cages a killer may have: one letter each in the text form.
MAX_CAGES = len(CAGE_LETTERS)
#: Relative weights of the cage sizes 1..MAX_CAGE (few one-cell cages: each is a given).
_CAGE_WEIGHTS = np.array([1, 5, 5, 3, 2], float)
#: Exchanges tried per cell when a jigsaw layout is drawn.
_EXCHANGES_PER_CELL = 6
#: Draws of random givens tried on one jigsaw layout before it is given up for a new one.
_DRAWS = 6
#: Nodes the kernel may spend completing one draw of random givens, per cell.
_BUDGET_PER_CELL = 2


def _neighbours(n: int) -> list[tuple[int, ...]]:
    """The orthogonal neighbours of every cell of an n x n grid."""
    out = []
    for cell in range(n * n):
        r, c = divmod(cell, n)
        out.append(
            tuple(
                r2 * n + c2
                for r2, c2 in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1))
                if 0 <= r2 < n and 0 <= c2 < n
            )
        )
    return out


def _connected(cells: set[int], near: list[tuple[int, ...]]) -> bool:
    """True if ``cells`` form one orthogonally connected piece."""
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        for y in near[todo.pop()]:
            if y in cells and y not in seen:
                seen.add(y)
                todo.append(y)
    return len(seen) == len(cells)


def random_regions(n: int, rng: np.random.Generator) -> tuple[int, ...]:
    """A random jigsaw layout of an n x n grid: ``n`` connected regions of ``n`` cells, as
    the region (0 to n - 1) of each cell in reading order.

    >>> import numpy as np
    >>> random_regions(4, np.random.default_rng(0)) == random_regions(4, np.random.default_rng(0))
    True
    """
    box = squarest_box(n)
    if box is None:  # a prime side: start from the rows
        region = [cell // n for cell in range(n * n)]
    else:
        region = [geometry.box_of(cell, Shape(n=n, box=box)) for cell in range(n * n)]
    members: list[set[int]] = [set() for _ in range(n)]
    for cell, r in enumerate(region):
        members[r].add(cell)
    near = _neighbours(n)
    for _ in range(_EXCHANGES_PER_CELL * n * n):
        a = int(rng.integers(n * n))
        others = [y for y in near[a] if region[y] != region[a]]
        if not others:
            continue
        ra, rb = region[a], region[others[int(rng.integers(len(others)))]]
        rest_a = members[ra] - {a}
        # cells of B (not a's way in) that touch what is left of A
        offers = sorted(b for b in members[rb] if any(region[y] == ra and y != a for y in near[b]))
        if not offers:
            continue
        b = offers[int(rng.integers(len(offers)))]
        new_a, new_b = rest_a | {b}, (members[rb] - {b}) | {a}
        if _connected(new_a, near) and _connected(new_b, near):
            members[ra], members[rb] = new_a, new_b
            region[a], region[b] = rb, ra
    # number the regions in order of first appearance, as the shape does
    number: dict[int, int] = {}
    return tuple(number.setdefault(r, len(number)) for r in region)


def full_grid(
    shape: Shape, rng: np.random.Generator, draws: int | None = None
) -> np.ndarray | None:
    """A random full grid obeying ``shape`` (its cages aside) as an int8 array of n * n
    cells, or ``None`` after ``draws`` draws without one (default: keep drawing; a jigsaw
    layout, which may have no grid at all, gives a bound)."""
    n = shape.n
    free_shape = Shape(
        n=n,
        box=shape.box,
        regions=shape.regions,
        diagonals=shape.diagonals,
        windows=shape.windows,
        extra=shape.extra,
    )
    peers = geometry.peers(free_shape)
    tables = shape_search_tables(free_shape)
    out = np.zeros(n * n, np.int8)
    attempt = 0
    while draws is None or attempt < draws:
        attempt += 1
        cells = np.zeros(n * n, np.int8)
        for cell in rng.permutation(n * n)[:n]:
            used = {int(cells[p]) for p in peers[cell]}
            free = [d for d in range(1, n + 1) if d not in used]
            cells[cell] = free[int(rng.integers(len(free)))]
        if (
            _kernels_shape.complete(cells, tables, _BUDGET_PER_CELL * n * n, out)
            == _kernels_shape.FOUND
        ):
            relabel = np.concatenate([[0], rng.permutation(n) + 1]).astype(np.int8)
            return np.ascontiguousarray(relabel[out])
    return None


def jigsaw_grid(
    n: int, rng: np.random.Generator, diagonals: bool = False
) -> tuple[Shape, np.ndarray]:
    """A random jigsaw layout (with both diagonals as units if ``diagonals``) and a random
    full grid of it: layouts are drawn until one has a grid."""
    while True:
        shape = make_shape(n, regions=random_regions(n, rng), variant="x" if diagonals else None)
        grid = full_grid(shape, rng, draws=_DRAWS)
        if grid is not None:
            return shape, grid


def random_cages(
    solution: np.ndarray, rng: np.random.Generator
) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """A random partition of the cells of a full grid into killer cages of 1 to
    :data:`MAX_CAGE` connected cells without a repeated digit, with their sums: ``(sum,
    cells)`` pairs in order of their first cell. At most :data:`MAX_CAGES` cages (the
    partition is drawn again, with larger cages, until it fits)."""
    cells = len(solution)
    n = int(round(cells**0.5))
    near = _neighbours(n)
    weights = _CAGE_WEIGHTS.copy()
    while True:
        owner = [-1] * cells
        cages: list[list[int]] = []
        for start in rng.permutation(cells):
            start = int(start)
            if owner[start] >= 0:
                continue
            size = 1 + int(rng.choice(MAX_CAGE, p=weights / weights.sum()))
            cage, digits = [start], {int(solution[start])}
            owner[start] = len(cages)
            while len(cage) < size:
                grow = sorted(
                    {
                        y
                        for x in cage
                        for y in near[x]
                        if owner[y] < 0 and int(solution[y]) not in digits
                    }
                )
                if not grow:
                    break
                y = grow[int(rng.integers(len(grow)))]
                cage.append(y)
                digits.add(int(solution[y]))
                owner[y] = len(cages)
            cages.append(sorted(cage))
        if len(cages) <= MAX_CAGES:
            out = [(int(sum(int(solution[c]) for c in cage)), tuple(cage)) for cage in cages]
            return tuple(sorted(out, key=lambda cage: cage[1][0]))
        weights[0] = 0.0  # too many cages: no more one-cell cages, then larger ones
        weights[1:] = weights[1:] * np.array([0.5, 1.0, 1.5, 2.0])


def add_killer_givens(solution: np.ndarray, shape: Shape, rng: np.random.Generator) -> np.ndarray:
    """The givens a killer needs for its solution to be the only one: none when the cages
    alone decide it, else, one at a time, the solution's digit in a random cell where
    another solution differs from it, until no other solution is left. (The caller then
    removes the givens that turned out not to be needed.)"""
    puzzle = np.zeros_like(solution)
    while True:
        counts, _ = run(puzzle.reshape(1, -1).copy(), shape, 2)
        if counts[0] == 1:
            return puzzle
        two = np.empty((2, puzzle.size), np.int8)
        found = resumable(puzzle.copy(), shape).step(two, 2)
        other = next(row for row in two[:found] if not np.array_equal(row, solution))
        differ = np.flatnonzero(other != solution)
        cell = int(differ[int(rng.integers(len(differ)))])
        puzzle[cell] = solution[cell]


def killer_members(puzzle: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The givens of a puzzle as digging groups of one cell (the ``(members, sizes)`` of
    :func:`clew.sudoku.generation.generator._groups`), in reading order."""
    given = np.flatnonzero(puzzle)
    members = (
        np.stack([given, given], axis=1).astype(np.int64)
        if given.size
        else np.zeros((0, 2), np.int64)
    )
    return members, np.ones(len(members), np.int64)


def puzzle_line(grid: Grid) -> str:
    """The one-line form of a generated puzzle, as ``clew sudoku solve`` reads it back:
    ``<cells>``, ``<cells> <regions>`` for a jigsaw, ``<cage letters> <sums>`` for a killer
    without givens and ``<cells> <cage letters> <sums>`` with some, ``<cells> <regions>
    <cage letters> <sums>`` for a jigsaw killer (see :mod:`clew.sudoku.variants`; the box
    and the x / windoku flags are options, not text).

    >>> puzzle_line(Grid("." * 16, cages=[(3, [0, 1])]))
    'AA.............. 3'
    """
    line = grid.to_variant_line()
    if grid.shape.cages and grid.givens == 0 and grid.shape.regions is None:
        return line.split(" ", 1)[1]
    return line
