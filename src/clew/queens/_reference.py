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


def count_completions(n: int, queens: list[tuple[int, int]], tail: int = 2) -> tuple[int, int]:
    """Completions of the non-attacking ``queens`` (row, column) to solutions of the n x n
    board, by the search of the counting kernel (``_kernels_count_scan``) written plainly:
    ``(completions, nodes)``.

    While more than ``max(tail, 3)`` queens are missing, branch on the line (row or column)
    with the fewest free squares: the first empty line, rows then columns in increasing
    order, with at most one, else the fewest, rows before columns and lower lines first on
    ties. Then fill the empty rows in increasing order; the last three rows are tried
    together. ``nodes`` counts the queens placed while four or more were missing, as the
    kernel does, so the two can be compared node for node.

    >>> count_completions(8, [(0, 0)])[0]     # the 8-queens solutions with a queen in a corner
    4
    >>> count_completions(6, [])              # (completions, nodes)
    (4, 62)
    """
    rows = {r for r, _ in queens}
    cols = {c for _, c in queens}
    sums = {r + c for r, c in queens}  # "/" diagonals
    diffs = {r - c for r, c in queens}  # "\" diagonals
    nodes = 0

    def safe(r: int, c: int) -> bool:
        return r not in rows and c not in cols and r + c not in sums and r - c not in diffs

    def place(r: int, c: int) -> None:
        rows.add(r)
        cols.add(c)
        sums.add(r + c)
        diffs.add(r - c)

    def remove(r: int, c: int) -> None:
        rows.remove(r)
        cols.remove(c)
        sums.remove(r + c)
        diffs.remove(r - c)

    def last_ones(empty: list[int]) -> int:
        # the last two or three queens together, counted without nodes
        if not empty:
            return 1
        found = 0
        r = empty[0]
        for c in range(n):
            if safe(r, c):
                place(r, c)
                found += last_ones(empty[1:])
                remove(r, c)
        return found

    def by_rows(empty: list[int]) -> int:
        nonlocal nodes
        if len(empty) <= 3:
            return last_ones(empty)
        found = 0
        r = empty[0]
        for c in range(n):
            if safe(r, c):
                nodes += 1
                place(r, c)
                found += by_rows(empty[1:])
                remove(r, c)
        return found

    def choose() -> list[tuple[int, int]]:
        # the squares of the line to branch on
        best: tuple | None = None
        lines = [
            (0, r, [(r, c) for c in range(n) if safe(r, c)]) for r in range(n) if r not in rows
        ]
        lines += [
            (1, c, [(r, c) for r in range(n) if safe(r, c)]) for c in range(n) if c not in cols
        ]
        for kind, index, squares in lines:
            if len(squares) <= 1:
                return squares
            if best is None or (len(squares), kind, index) < best[0]:
                best = ((len(squares), kind, index), squares)
        assert best is not None  # a missing queen leaves an empty line
        return best[1]

    def search() -> int:
        nonlocal nodes
        left = n - len(rows)
        if left <= max(tail, 3):
            return by_rows([r for r in range(n) if r not in rows])
        found = 0
        for r, c in choose():
            nodes += 1
            place(r, c)
            found += search()
            remove(r, c)
        return found

    total = search()
    return total, nodes
