"""Plain pure-Python backtracking over any :class:`~clew.sudoku.shape.Shape`: the reference
that the shape kernel (:mod:`clew.sudoku.compiled._kernels_shape`) is tested against.

The textbook search, with the rules read again from the shape's plain fields (nothing of
:mod:`clew.sudoku.geometry` or of the kernel's tables is used): rows, columns, boxes by
arithmetic or the jigsaw's region numbers, the two diagonals, the windows, the extra
regions, and the killer cages. Take the first empty cell in reading order, try the digits
1..n in order, keep one if every set through the cell is still free of it and its cage can
still reach its sum, go deeper, undo on the way back. No candidate masks, no propagation:
slow, but too simple to be wrong. Solutions come out in lexicographic order of the cells.

``limit`` as everywhere in clew: 1 solves, 2 proves uniqueness, ``None`` counts all.

>>> from clew.sudoku.shape import make_shape
>>> count([0] * 16, make_shape(4), None)
288
>>> x = make_shape(4, variant="x")
>>> count([0] * 16, x, 2), solve([0] * 16, x)
(2, [1, 2, 3, 4, 3, 4, 1, 2, 4, 3, 2, 1, 2, 1, 4, 3])
>>> killer = make_shape(4, cages=[(3, [0, 1]), (3, [2, 3])])
>>> count([0] * 16, killer, None)
0
"""

from __future__ import annotations

from collections.abc import Iterator

from .shape import Shape


def rule_sets(shape: Shape) -> list[list[int]]:
    """Every set of cells whose digits must differ: rows, columns, boxes or regions, the
    diagonals, the windows, the extra regions and the cages (their sums are checked apart)."""
    n = shape.n
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    regions, box = shape.regions, shape.box
    if regions is not None:
        for region in range(n):
            out.append([cell for cell in range(n * n) if regions[cell] == region])
    elif box is not None:  # (a shape has regions or boxes)
        rows, cols = box
        for top in range(0, n, rows):
            for left in range(0, n, cols):
                out.append([(top + i) * n + left + j for i in range(rows) for j in range(cols)])
    if shape.diagonals:
        out.append([i * (n + 1) for i in range(n)])
        out.append([(i + 1) * (n - 1) for i in range(n)])
    if shape.windows and box is not None:  # windows come with square boxes only
        k = box[0]
        # the windows of a k^2 x k^2 grid start one cell in from each box line: rows and
        # columns 1, k + 2, 2k + 3, ... (0-based)
        starts = [1 + i * (k + 1) for i in range(k - 1)]
        for top in starts:
            for left in starts:
                out.append([(top + i) * n + left + j for i in range(k) for j in range(k)])
    out += [list(cells) for cells in shape.extra]
    out += [list(cells) for _, cells in shape.cages]
    return out


class _Rules:
    """The sets through each cell and each cell's cage, read once."""

    def __init__(self, shape: Shape) -> None:
        n = shape.n
        self.n = n
        self.sets = rule_sets(shape)
        self.through = [[s for s in self.sets if cell in s] for cell in range(n * n)]
        self.cage: list[tuple[int, tuple[int, ...]] | None] = [None] * (n * n)
        for total, cells in shape.cages:
            for cell in cells:
                self.cage[cell] = (total, cells)

    def allowed(self, grid: list[int], cell: int, digit: int) -> bool:
        """True if ``digit`` may go in the empty ``cell`` of ``grid``."""
        for cells in self.through[cell]:
            for other in cells:
                if other != cell and grid[other] == digit:
                    return False
        cage = self.cage[cell]
        if cage is not None:
            total, caged = cage
            placed = digit + sum(grid[c] for c in caged if c != cell)
            empty = sum(1 for c in caged if c != cell and grid[c] == 0)
            # the empty cells still need different digits: at least 1 + 2 + ... + empty,
            # at most n + (n - 1) + ... (a loose bound: the search stays plain)
            low = empty * (empty + 1) // 2
            high = empty * (2 * self.n - empty + 1) // 2
            if not low <= total - placed <= high:
                return False
        return True

    def givens_ok(self, grid: list[int]) -> bool:
        """True if the givens repeat no digit in a set and leave every cage a reachable sum."""
        for cells in self.sets:
            digits = [grid[c] for c in cells if grid[c]]
            if len(digits) != len(set(digits)):
                return False
        for cell, v in enumerate(grid):
            if v:
                grid[cell] = 0
                ok = self.allowed(grid, cell, v)
                grid[cell] = v
                if not ok:
                    return False
        return True


def solutions(cells, shape: Shape, limit: int | None = None) -> Iterator[list[int]]:
    """The solutions of a puzzle (``n * n`` ints, 0 = blank) obeying ``shape``, in
    lexicographic order, at most ``limit`` of them (``None``: all)."""
    rules = _Rules(shape)
    grid = list(cells)
    if len(grid) != shape.n * shape.n or not rules.givens_ok(grid):
        return
    empty = [cell for cell, v in enumerate(grid) if v == 0]
    found = 0

    def search(depth: int) -> Iterator[list[int]]:
        nonlocal found
        if depth == len(empty):
            found += 1
            yield list(grid)
            return
        cell = empty[depth]
        for digit in range(1, shape.n + 1):
            if rules.allowed(grid, cell, digit):
                grid[cell] = digit
                yield from search(depth + 1)
                grid[cell] = 0
                if limit is not None and found >= limit:
                    return

    for solution in search(0):
        yield solution
        if limit is not None and found >= limit:
            return


def count(cells, shape: Shape, limit: int | None = None) -> int:
    """The number of solutions, counting stops at ``limit`` (``None``: all)."""
    return sum(1 for _ in solutions(cells, shape, limit))


def solve(cells, shape: Shape) -> list[int] | None:
    """The first solution in lexicographic order, or ``None``."""
    return next(solutions(cells, shape, 1), None)
