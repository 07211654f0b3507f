"""Plain pure-Python Sudoku backtracking: the textbook algorithm, kept as the reference that
the numba kernel is tested against.

Take the first empty cell, try the digits 1..n in order, keep one if ``is_valid`` (loops over
the row, the column and the box) allows it, go deeper, undo on the way back. No candidate
masks, no propagation, no cell ordering: slow, but too simple to be wrong. Solutions come out
in lexicographic order of the cells in reading order.

>>> from clew.sudoku import _reference
>>> _reference.count([0] * 16, 2)
288
>>> _reference.solve([1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2], 2)
[1, 3, 2, 4, 4, 2, 3, 1, 2, 4, 1, 3, 3, 1, 4, 2]
"""

from __future__ import annotations

from collections.abc import Iterator


class TooManyNodes(Exception):
    """The search visited more nodes than its ``max_nodes`` budget."""


def is_valid(grid: list[int], k: int, index: int, digit: int) -> bool:
    """True if ``digit`` may go in cell ``index``: not yet in its row, column or box."""
    n = k * k
    r, c = divmod(index, n)
    for j in range(n):
        if grid[r * n + j] == digit or grid[j * n + c] == digit:
            return False
    top, left = r - r % k, c - c % k
    for i in range(top, top + k):
        for j in range(left, left + k):
            if grid[i * n + j] == digit:
                return False
    return True


def givens_ok(grid: list[int], k: int) -> bool:
    """True if no given repeats a digit of its row, column or box."""
    work = list(grid)
    for index, digit in enumerate(grid):
        if digit:
            work[index] = 0
            ok = is_valid(work, k, index, digit)
            work[index] = digit
            if not ok:
                return False
    return True


def solutions(cells: list[int], k: int, *, max_nodes: int | None = None) -> Iterator[list[int]]:
    """Every solution of the puzzle ``cells`` (``k**4`` ints, 0 = blank), in lexicographic
    order. Raises :class:`TooManyNodes` after ``max_nodes`` placements, if given."""
    n = k * k
    grid = list(cells)
    if len(grid) != n * n or not givens_ok(grid, k):
        return
    nodes = 0

    def fill() -> Iterator[list[int]]:
        nonlocal nodes
        try:
            index = grid.index(0)  # the first empty cell
        except ValueError:
            yield list(grid)
            return
        for digit in range(1, n + 1):
            if is_valid(grid, k, index, digit):
                nodes += 1
                if max_nodes is not None and nodes > max_nodes:
                    raise TooManyNodes(f"more than {max_nodes} nodes")
                grid[index] = digit  # choose
                yield from fill()  # go deeper
                grid[index] = 0  # undo

    yield from fill()


def count(
    cells: list[int], k: int, limit: int | None = None, *, max_nodes: int | None = None
) -> int:
    """Number of solutions, stopping at ``limit`` (``None``: all)."""
    found = 0
    for _ in solutions(cells, k, max_nodes=max_nodes):
        found += 1
        if limit is not None and found >= limit:
            break
    return found


def solve(cells: list[int], k: int, *, max_nodes: int | None = None) -> list[int] | None:
    """The first solution in lexicographic order, or ``None``."""
    return next(solutions(cells, k, max_nodes=max_nodes), None)
