"""Plain pure-Python N-Queens backtracking: the textbook algorithm, kept as the reference
that the numba kernels are tested against.

Choose a column for the current row, check it against the queens above, go one row deeper,
undo on the way back. No bit tricks, no symmetry.
"""

from __future__ import annotations

from collections.abc import Iterator


def solutions(n: int) -> Iterator[tuple[int, ...]]:
    """All solutions of the n x n board in lexicographic order (columns, one per row)."""
    placed: list[int] = []
    used_cols: set[int] = set()
    used_diag: set[int] = set()  # row - col
    used_anti: set[int] = set()  # row + col

    def place(row: int) -> Iterator[tuple[int, ...]]:
        if row == n:
            yield tuple(placed)
            return
        for col in range(n):
            if col in used_cols or row - col in used_diag or row + col in used_anti:
                continue  # prune: attacked along a column or a diagonal
            placed.append(col)  # choose
            used_cols.add(col)
            used_diag.add(row - col)
            used_anti.add(row + col)
            yield from place(row + 1)  # go deeper
            placed.pop()  # undo
            used_cols.remove(col)
            used_diag.remove(row - col)
            used_anti.remove(row + col)

    yield from place(0)


def count(n: int) -> int:
    """Number of solutions, by enumerating them."""
    return sum(1 for _ in solutions(n))


def count_unique(n: int) -> int:
    """Number of solutions up to the 8 symmetries of the square, by canonical forms."""

    def images(sol: tuple[int, ...]) -> list[tuple[int, ...]]:
        squares = [(r, c) for r, c in enumerate(sol)]
        m = n - 1
        maps = [
            lambda r, c: (r, c),
            lambda r, c: (c, m - r),
            lambda r, c: (m - r, m - c),
            lambda r, c: (m - c, r),
            lambda r, c: (r, m - c),
            lambda r, c: (m - r, c),
            lambda r, c: (c, r),
            lambda r, c: (m - c, m - r),
        ]
        out = []
        for f in maps:
            cols = [0] * n
            for r, c in squares:
                r2, c2 = f(r, c)
                cols[r2] = c2
            out.append(tuple(cols))
        return out

    return sum(1 for sol in solutions(n) if sol == min(images(sol)))
