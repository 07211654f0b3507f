"""Sudoku grids made or checked independently of clew's solvers: a random full grid by
permutations of a pattern, and the count of a puzzle's solutions by an exact-cover model read
from the shape's plain fields."""

from __future__ import annotations

import itertools
import random

from clew import cover
from clew.sudoku import Grid


def shuffled_grid(k: int, rng: random.Random) -> list[int]:
    """A random full grid: the shift pattern under random digit, row, column, band and stack
    permutations (all of which keep the rules). Independent of every solver."""
    n = k * k
    base = [[(k * (r % k) + r // k + c) % n + 1 for c in range(n)] for r in range(n)]
    digits = list(range(1, n + 1))
    rng.shuffle(digits)

    def order() -> list[int]:
        bands = list(range(k))
        rng.shuffle(bands)
        out = []
        for b in bands:
            inner = list(range(k))
            rng.shuffle(inner)
            out += [b * k + i for i in inner]
        return out

    rows, cols = order(), order()
    grid = [[digits[base[r][c] - 1] for c in cols] for r in rows]
    if rng.random() < 0.5:
        grid = [list(col) for col in zip(*grid, strict=False)]
    return [v for row in grid for v in row]


def _sets(shape) -> list[list[int]]:
    """The sets that hold every digit once, from the shape's fields alone."""
    n = shape.n
    out = [[r * n + c for c in range(n)] for r in range(n)] + [
        [r * n + c for r in range(n)] for c in range(n)
    ]
    if shape.regions is not None:
        out += [[i for i in range(n * n) if shape.regions[i] == r] for r in range(n)]
    else:
        br, bc = shape.box
        out += [
            [(t + i) * n + lft + j for i in range(br) for j in range(bc)]
            for t in range(0, n, br)
            for lft in range(0, n, bc)
        ]
    if shape.diagonals:
        out += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if shape.windows:
        k = shape.box[0]
        tops = [1 + t * (k + 1) for t in range(k - 1)]
        out += [
            [(a + i) * n + b + j for i in range(k) for j in range(k)] for a in tops for b in tops
        ]
    return out


def exact_cover_count(grid: Grid, limit: int = 2) -> int:
    """Solutions of ``grid`` up to ``limit`` by Algorithm X: an option is a cell and its
    digit, or a whole cage with digits that differ and make its sum."""
    shape, n, cells = grid.shape, grid.n, grid.cells
    full = _sets(shape)
    caged = {c for _, cage in shape.cages for c in cage}

    def items(cell, d):
        return [f"p{cell}"] + [f"s{s}d{d}" for s, members in enumerate(full) if cell in members]

    options = []
    for cell in range(n * n):
        if cell not in caged:
            options += [items(cell, d) for d in ([cells[cell]] if cells[cell] else range(1, n + 1))]
    for total, cage in shape.cages:
        for digits in itertools.permutations(range(1, n + 1), len(cage)):
            if sum(digits) == total and all(
                cells[c] in (0, d) for c, d in zip(cage, digits, strict=False)
            ):
                options.append([i for c, d in zip(cage, digits, strict=False) for i in items(c, d)])
    primary = [f"p{c}" for c in range(n * n)] + [
        f"s{s}d{d}" for s in range(len(full)) for d in range(1, n + 1)
    ]
    return cover.count(cover.Problem(options, primary=primary), limit=limit)
