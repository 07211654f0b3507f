"""Problems written with :class:`clew.search.Problem`, as the tutorials pose them.

Each is a few lines, and each is checked by the tests against a count found another way
(the published sequence, a brute force over every candidate, clew's N-Queens kernels).

>>> from clew import search
>>> from clew.search import examples
>>> search.count(examples.derangements(6))            # OEIS A000166
265
>>> search.count(examples.subset_sum([3, 34, 4, 12, 5, 2], 9))
2
>>> search.count(examples.colouring(4, [(0, 1), (1, 2), (2, 3), (3, 0)], 3))
18
>>> search.solve(examples.word_search(["ABCE", "SFCS", "ADEE"], "SEE"))
((1, 3), (2, 3), (2, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from ..errors import ClewError, check_size
from .api import Problem

__all__ = [
    "colouring",
    "derangements",
    "knights_tour",
    "permutations",
    "queens",
    "queens_lines",
    "subset_sum",
    "word_search",
]


def _queens_board(n: int, queens: Iterable[tuple[int, int]]) -> str:
    """Rows of ``.`` and ``Q``; ``queens`` are (row, col) pairs."""
    rows = [["."] * n for _ in range(n)]
    for r, c in queens:
        rows[r][c] = "Q"
    return "\n".join(" ".join(row) for row in rows)


def queens(n: int) -> Problem:
    """N-Queens the textbook way: one queen per row, top to bottom, columns left to right,
    and an ``is_valid`` loop over the queens already placed. The state is the tuple of
    their columns.

    >>> from clew import search
    >>> search.count(queens(8)), search.solve(queens(5))
    (92, (0, 2, 4, 1, 3))
    >>> print(queens(4).draw((1, 3)))
    . Q . .
    . . . Q
    . . . .
    . . . .
    """
    n = check_size(n, high=1 << 16)
    return Problem(
        start=(),
        choices=lambda s: range(n),
        accept=lambda s, c: all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)),
        extend=lambda s, c: s + (c,),
        done=lambda s: len(s) == n,
        draw=lambda s: _queens_board(n, enumerate(s)),
        name=f"queens({n})",
    )


def queens_lines(n: int) -> Problem:
    """N-Queens with *decisions*: every empty row needs a queen (which column?) and so does
    every empty column (which row?); ``order="mrv"`` (the default for a problem with
    decisions) fills the line with the fewest free squares first, as clew's kernels do. The
    state is the frozenset of the queens' ``(row, col)``.

    >>> from clew import search
    >>> stats = search.run(queens_lines(8))
    >>> stats.solutions, stats.nodes < search.run(queens(8)).nodes
    (92, True)
    """
    n = check_size(n, high=1 << 16)

    def decisions(s: Any) -> Iterator[list[tuple[int, int]]]:
        rows = {r for r, _ in s}
        cols = {c for _, c in s}
        for r in range(n):
            if r not in rows:
                yield [(r, c) for c in range(n)]
        for c in range(n):
            if c not in cols:
                yield [(r, c) for r in range(n)]

    return Problem(
        start=frozenset(),
        decisions=decisions,
        accept=lambda s, q: all(
            q[0] != r and q[1] != c and abs(q[0] - r) != abs(q[1] - c) for r, c in s
        ),
        extend=lambda s, q: s | {q},
        done=lambda s: len(s) == n,
        draw=lambda s: _queens_board(n, s),
        name=f"queens lines({n})",
    )


def permutations(n: int) -> Problem:
    """Every ordering of ``0..n-1`` (n! of them), the first search of the tutorials: the
    state is the list of the values placed so far, and ``extend`` returns a new list,
    ``s + [c]`` (the tutorials' ``s.append(c); return s`` is refused: see
    :func:`clew.search.problem.checked_extend`).

    >>> from clew import search
    >>> [search.count(permutations(n)) for n in range(6)]
    [1, 1, 2, 6, 24, 120]
    >>> list(search.solutions(permutations(3), limit=2))
    [[0, 1, 2], [0, 2, 1]]
    """
    n = check_size(n, low=0, high=1 << 16)
    return Problem(
        start=[],
        choices=lambda s: range(n),
        accept=lambda s, c: c not in s,
        extend=lambda s, c: s + [c],
        done=lambda s: len(s) == n,
        name=f"permutations({n})",
    )


def derangements(n: int) -> Problem:
    """Permutations of ``0..n-1`` that leave no element in its place (OEIS A000166): the
    state is the tuple of the values placed so far.

    >>> from clew import search
    >>> [search.count(derangements(n)) for n in range(7)]
    [1, 0, 1, 2, 9, 44, 265]
    """
    n = check_size(n, low=0, high=1 << 16)
    return Problem(
        start=(),
        choices=lambda s: range(n),
        accept=lambda s, c: c != len(s) and c not in s,
        extend=lambda s, c: s + (c,),
        done=lambda s: len(s) == n,
        name=f"derangements({n})",
    )


def subset_sum(numbers: Sequence[int], target: int) -> Problem:
    """The sets of positions of ``numbers`` whose values add up to ``target``: item ``i`` is
    taken or left (the choices ``True``, ``False``), and a choice is refused when the items
    left can no longer bring the sum to the target (any integers, negative ones too). The
    state is ``(next item, sum so far, positions taken)``; a solution's positions are its
    third field.

    >>> from clew import search
    >>> [s[2] for s in search.solutions(subset_sum([3, 34, 4, 12, 5, 2], 9))]
    [(0, 2, 5), (2, 4)]
    """
    numbers = [int(x) for x in numbers]
    target = int(target)
    size = len(numbers)
    # what the items from i on can still add, at least and at most
    low, high = [0] * (size + 1), [0] * (size + 1)
    for i in range(size - 1, -1, -1):
        low[i] = low[i + 1] + min(numbers[i], 0)
        high[i] = high[i + 1] + max(numbers[i], 0)

    def accept(s: Any, take: bool) -> bool:
        i, total, _ = s
        total += numbers[i] if take else 0
        return low[i + 1] <= target - total <= high[i + 1]

    return Problem(
        start=(0, 0, ()),
        choices=lambda s: (True, False) if s[0] < size else (),
        accept=accept,
        extend=lambda s, take: (
            (s[0] + 1, s[1] + numbers[s[0]], s[2] + (s[0],)) if take else (s[0] + 1, s[1], s[2])
        ),
        done=lambda s: s[0] == size and s[1] == target,
        name=f"subset sum({target})",
    )


def colouring(vertices: int, edges: Iterable[Sequence[int]], colours: int) -> Problem:
    """Proper colourings of a graph: vertices ``0..vertices-1``, no edge between two vertices
    of one colour, ``colours`` colours. The state is the tuple of each vertex's colour (None:
    not coloured yet); a choice is a pair ``(vertex, colour)``. The problem has both forms:
    ``choices`` colours the vertices in order, ``decisions`` lists every uncoloured vertex,
    so ``order="mrv"`` colours the most constrained vertex first.

    >>> from clew import search
    >>> triangle = colouring(3, [(0, 1), (1, 2), (0, 2)], 3)
    >>> search.count(triangle, order="first"), search.count(triangle, order="mrv")
    (6, 6)
    >>> search.solve(colouring(3, [(0, 1), (1, 2), (0, 2)], 2)) is None
    True
    """
    vertices = check_size(vertices, name="vertices", low=0, high=1 << 20)
    colours = check_size(colours, name="colours", low=0, high=1 << 20)
    near: list[list[int]] = [[] for _ in range(vertices)]
    for edge in edges:
        u, v = (check_size(x, name="vertex", low=0, high=max(0, vertices - 1)) for x in edge)
        if u == v:
            raise ClewError(f"the edge {edge!r} joins vertex {u} to itself: no colouring exists")
        near[u].append(v)
        near[v].append(u)

    def decisions(s: Any) -> Iterator[list[tuple[int, int]]]:
        return ([(v, c) for c in range(colours)] for v in range(vertices) if s[v] is None)

    def choices(s: Any) -> Iterable[tuple[int, int]]:
        for alternatives in decisions(s):
            return alternatives
        return ()

    return Problem(
        start=(None,) * vertices,
        choices=choices,
        decisions=decisions,
        accept=lambda s, vc: all(s[u] != vc[1] for u in near[vc[0]]),
        extend=lambda s, vc: s[: vc[0]] + (vc[1],) + s[vc[0] + 1 :],
        done=lambda s: None not in s,
        name=f"colouring({vertices} vertices, {colours} colours)",
    )


_KNIGHT = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))


def knights_tour(size: int, start: tuple[int, int] = (0, 0)) -> Problem:
    """Open knight's tours of a ``size`` x ``size`` board from ``start``: a knight visits
    every square once. The state is ``(path, visited)``: the squares in order (numbered
    ``row * size + col``) and the same as bits of an int; the choices are the squares a
    knight's move away, in a fixed order.

    >>> from clew import search
    >>> tour = knights_tour(5)
    >>> print(tour.draw(search.solve(tour)))
     1 14 19  8 25
     6  9  2 13 18
    15 20  7 24  3
    10  5 22 17 12
    21 16 11  4 23
    """
    size = check_size(size, name="size", high=16)
    r0, c0 = start
    if not (0 <= r0 < size and 0 <= c0 < size):
        raise ClewError(f"the start {start!r} is off the {size}x{size} board")
    moves = [
        [
            (r + dr) * size + c + dc
            for dr, dc in _KNIGHT
            if 0 <= r + dr < size and 0 <= c + dc < size
        ]
        for r in range(size)
        for c in range(size)
    ]
    first = r0 * size + c0
    squares = size * size

    def draw(s: Any) -> str:
        order = {square: i + 1 for i, square in enumerate(s[0])}
        width = len(str(squares))
        return "\n".join(
            " ".join(str(order.get(r * size + c, ".")).rjust(width) for c in range(size))
            for r in range(size)
        )

    return Problem(
        start=((first,), 1 << first),
        choices=lambda s: moves[s[0][-1]],
        accept=lambda s, m: not (s[1] >> m) & 1,
        extend=lambda s, m: (s[0] + (m,), s[1] | (1 << m)),
        done=lambda s: len(s[0]) == squares,
        draw=draw,
        name=f"knight's tour({size}x{size})",
    )


def word_search(grid: Sequence[str], word: str) -> Problem:
    """The paths that spell ``word`` in a grid of letters, from one cell to a horizontal or
    vertical neighbour, no cell used twice (LeetCode 79). The state is the tuple of the
    ``(row, col)`` cells of the path so far.

    >>> from clew import search
    >>> grid = ["ABCE", "SFCS", "ADEE"]
    >>> [search.count(word_search(grid, w)) for w in ("ABCCED", "SEE", "ABCB")]
    [1, 1, 0]
    """
    grid = [str(row) for row in grid]
    if not word:
        raise ClewError("the word to search for is empty")
    height = len(grid)
    cells = [(r, c) for r in range(height) for c in range(len(grid[r]))]

    def choices(s: Any) -> Iterable[tuple[int, int]]:
        if not s:
            return cells
        r, c = s[-1]
        return (
            (r + dr, c + dc)
            for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))
            if 0 <= r + dr < height and 0 <= c + dc < len(grid[r + dr])
        )

    return Problem(
        start=(),
        choices=choices,
        accept=lambda s, rc: grid[rc[0]][rc[1]] == word[len(s)] and rc not in s,
        extend=lambda s, rc: s + (rc,),
        done=lambda s: len(s) == len(word),
        draw=lambda s: "\n".join(
            "".join(ch if (r, c) in s else "." for c, ch in enumerate(row))
            for r, row in enumerate(grid)
        ),
        name=f"word search({word})",
    )
