"""Classic puzzles as exact cover problems: polyomino tilings, Langford pairs, n queens,
sudoku.

Each builder returns a :class:`~clew.cover.Problem` (a subclass of it that also remembers
the puzzle: :class:`TilingProblem`, :class:`LangfordProblem`, :class:`QueensProblem`,
:class:`SudokuProblem`), so every function of :mod:`clew.cover` takes it as it is, and a
solution (sorted option indices) turns back into the puzzle's own terms: a picture
(:func:`draw_tiling`), a sequence (:func:`draw_langford`), a column tuple
(:func:`queens_columns`), a :class:`clew.sudoku.Grid` (:func:`sudoku_grid`) or a 0/1
matrix (:func:`rook_matrix`, for :func:`rook_matrices`: a model with multiplicities). Those
converters check the solution first (:func:`clew.cover.check_cover`).

>>> from clew import cover
>>> from clew.cover.models import langford, draw_langford
>>> p = langford(3)
>>> sorted(draw_langford(p, s) for s in cover.solutions(p))
['2 3 1 2 1 3', '3 1 2 1 3 2']
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING

from .counting import count
from .problem import CoverInputError, Problem
from .rooks import RookProblem, rook_matrices, rook_matrix  # a model with multiplicities
from .solver import check_cover, solutions

if TYPE_CHECKING:  # clew.sudoku is imported by the two functions that need it, not by cover
    from ..sudoku.grid import Grid

__all__ = [
    "PENTOMINOES",
    "LangfordProblem",
    "QueensProblem",
    "RookProblem",
    "SudokuProblem",
    "TilingProblem",
    "board_symmetries",
    "count_up_to_symmetry",
    "draw_langford",
    "draw_tiling",
    "langford",
    "langford_count",
    "orientations",
    "pentominoes",
    "polyomino_tiling",
    "queens",
    "queens_columns",
    "rook_matrices",
    "rook_matrix",
    "scott_pentominoes",
    "sudoku",
    "sudoku_grid",
    "tiling_counts",
    "tilings",
]

Cell = tuple[int, int]


def _size(n, name: str, low: int = 1) -> int:
    """``n`` as an int >= ``low``, else :class:`CoverInputError`."""
    if isinstance(n, bool) or not hasattr(n, "__index__"):
        raise CoverInputError(f"{name} must be an integer, got {n!r}")
    n = n.__index__()
    if n < low:
        raise CoverInputError(f"{name} must be at least {low}, got {n}")
    return n


def _check_piece_name(name) -> None:
    """A piece name must be a valid item name (the rules of :class:`Problem`)."""
    if not isinstance(name, str):
        raise CoverInputError(f"piece name must be a string, got {name!r}")
    if not name:
        raise CoverInputError("piece name is empty")
    for bad in (":", "|"):
        if bad in name:
            raise CoverInputError(f"piece name {name!r} contains {bad!r}")
    if any(ch.isspace() for ch in name):
        raise CoverInputError(f"piece name {name!r} contains white space")


def _expect(problem, kind: type, maker: str):
    if not isinstance(problem, kind):
        raise TypeError(f"expected a problem built by {maker}(), got {problem!r}")
    return problem


# =============================================================================================
# Polyomino tilings
# =============================================================================================

#: The twelve pentominoes in Conway's letters, each drawn with its own letter ('.' is empty).
PENTOMINOES: dict[str, str] = {
    "F": ".FF\nFF.\n.F.",
    "I": "IIIII",
    "L": "LLLL\nL...",
    "N": "NN..\n.NNN",
    "P": "PP\nPP\nP.",
    "T": "TTT\n.T.\n.T.",
    "U": "U.U\nUUU",
    "V": "V..\nV..\nVVV",
    "W": "W..\nWW.\n.WW",
    "X": ".X.\nXXX\n.X.",
    "Y": "YYYY\n.Y..",
    "Z": "ZZ.\n.Z.\n.ZZ",
}

# The eight symmetries of the square grid as (r, c) -> (a*r + b*c, d*r + e*c): the four
# rotations first, then the four reflections.
_ROTATIONS = ((1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0))
_REFLECTIONS = ((1, 0, 0, -1), (-1, 0, 0, 1), (0, 1, 1, 0), (0, -1, -1, 0))


def _transform(m, cells: Iterable[Cell]) -> list[Cell]:
    a, b, d, e = m
    return [(a * r + b * c, d * r + e * c) for r, c in cells]


def _normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """The cells moved so that the smallest row and column are 0, sorted."""
    cells = list(cells)
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _cell_name(cell: Cell) -> str:
    return f"r{cell[0]}c{cell[1]}"


def _shape_cells(shape, what: str) -> list[Cell]:
    """The cells of a picture or of a collection of (row, col) pairs (0-based)."""
    if isinstance(shape, bytes):
        raise CoverInputError(f"{what} must be a text picture or a collection of cells, got bytes")
    if isinstance(shape, str):
        lines = shape.splitlines()
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        lines = textwrap.dedent("\n".join(lines)).split("\n") if lines else []
        cells = [
            (r, c)
            for r, line in enumerate(lines)
            for c, ch in enumerate(line)
            if not ch.isspace() and ch != "."
        ]
    else:
        try:
            items = list(shape)
        except TypeError:
            raise CoverInputError(
                f"{what} must be a text picture or a collection of cells, got {shape!r}"
            ) from None
        cells = []
        for item in items:
            try:
                r, c = item
            except (TypeError, ValueError):
                raise CoverInputError(
                    f"{what}: a cell is a (row, col) pair, got {item!r}"
                ) from None
            if any(isinstance(v, bool) or not hasattr(v, "__index__") for v in (r, c)):
                raise CoverInputError(f"{what}: a cell is a pair of integers, got {item!r}")
            cells.append((r.__index__(), c.__index__()))
        seen: set[Cell] = set()
        for cell in cells:
            if cell in seen:
                raise CoverInputError(f"{what} lists cell {cell} twice")
            seen.add(cell)
    if not cells:
        raise CoverInputError(f"{what} has no cells")
    return cells


class TilingProblem(Problem):
    """A tiling problem built by :func:`polyomino_tiling`: a :class:`~clew.cover.Problem`
    that also keeps the geometry.

    Attributes
    ----------
    board : tuple of (int, int)
        The cells of the board, 0-based (row, col), sorted.
    pieces : dict of str to tuple of (int, int)
        Each piece's cells as given, moved to row 0 and column 0.
    placements : tuple of (str, tuple of (int, int))
        For each option, the piece's name and the board cells it covers.
    once : bool
        Whether each piece is used exactly once.
    """

    board: tuple[Cell, ...]
    pieces: dict[str, tuple[Cell, ...]]
    placements: tuple[tuple[str, tuple[Cell, ...]], ...]
    once: bool


def orientations(cells: Iterable[Cell], *, reflections: bool = True) -> list[tuple[Cell, ...]]:
    """The distinct orientations of a shape (rotations, and reflections if allowed), each
    normalised to row 0 and column 0, in a fixed order (the shape as given first).

    Examples
    --------
    >>> len(orientations([(0, 1), (1, 0), (1, 1), (1, 2), (2, 1)]))  # the X pentomino
    1
    >>> orientations([(0, 0), (0, 1)])
    [((0, 0), (0, 1)), ((0, 0), (1, 0))]
    """
    cells = list(cells)
    found: dict[tuple[Cell, ...], None] = {}
    for m in _ROTATIONS + (_REFLECTIONS if reflections else ()):
        found.setdefault(_normalise(_transform(m, cells)))
    return list(found)


def polyomino_tiling(
    board, pieces: Mapping[str, object], *, reflections: bool = True, once: bool = True
) -> TilingProblem:
    """Tile a board with polyominoes, as an exact cover problem.

    Parameters
    ----------
    board : str or collection of (int, int)
        A picture (one line per row: any character but space and ``.`` is a cell, ``.`` or
        space a hole; blank lines around it and common indentation are dropped) or the
        cells as 0-based (row, col) pairs, none negative.
    pieces : mapping of str to str or collection of (int, int)
        Each piece's name (one token: a valid item name) and its shape, drawn or as cells
        (anywhere on the plane: only the shape counts).
    reflections : bool
        Whether pieces may be turned over (else rotations only).
    once : bool
        True: each piece is used exactly once (the piece names are primary items too).
        False: each piece may be used any number of times (no piece items).

    Returns
    -------
    TilingProblem
        Primary items: the piece names (if ``once``), then the cells ``r{row}c{col}``
        (0-based, row-major). One option per placement of each distinct orientation of each
        piece (a shape's symmetric orientations count once: the X pentomino has 1, the I
        pentomino 2, the F pentomino 8); its label reads ``"F r0c1 r0c2 r1c0 r1c1 r2c1"``.

    Raises
    ------
    CoverInputError
        No pieces, a board or piece with no cells, a cell that is not a pair of integers or
        is listed twice, a negative board cell, a piece name that is not a valid item name
        or (with ``once``) equals a cell's name.

    Examples
    --------
    >>> from clew import cover
    >>> p = polyomino_tiling("###\\n##.", {"L": "LL\\nL.", "D": "DD"})
    >>> p
    Problem(7 primary items, 0 secondary, 10 options)
    >>> p.primary[:3], p.labels[0]
    (('L', 'D', 'r0c0'), 'L r0c0 r0c1 r1c0')
    >>> for picture in sorted(tilings(p)):
    ...     print(picture, end="\\n\\n")
    DLL
    DL.
    <BLANKLINE>
    LDD
    LL.
    <BLANKLINE>
    >>> polyomino_tiling("....", {"D": "DD"})
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: the board has no cells
    >>> cover.count(polyomino_tiling("####\\n####", {"D": "DD"}, once=False))  # dominoes
    5
    """
    board_cells = _shape_cells(board, "the board")
    for cell in board_cells:
        if cell[0] < 0 or cell[1] < 0:
            raise CoverInputError(f"board cell {cell} has a negative coordinate")
    if isinstance(pieces, (str, bytes)) or not isinstance(pieces, Mapping):
        raise CoverInputError("pieces must map piece names to shapes")
    if not pieces:
        raise CoverInputError("no pieces")
    board_set = set(board_cells)
    board_sorted = tuple(sorted(board_set))
    cell_names = {cell: _cell_name(cell) for cell in board_sorted}
    shapes: dict[str, tuple[Cell, ...]] = {}
    for name, shape in pieces.items():
        _check_piece_name(name)
        if once and name in cell_names.values():
            raise CoverInputError(f"piece name {name!r} is also the name of a board cell")
        shapes[name] = _normalise(_shape_cells(shape, f"piece {name!r}"))
    options: list[list[str]] = []
    labels: list[str] = []
    placements: list[tuple[str, tuple[Cell, ...]]] = []
    for name, shape in shapes.items():
        for orientation in orientations(shape, reflections=reflections):
            fr, fc = orientation[0]
            for br, bc in board_sorted:
                dr, dc = br - fr, bc - fc
                cells = tuple((r + dr, c + dc) for r, c in orientation)
                if all(cell in board_set for cell in cells):
                    names = [cell_names[cell] for cell in cells]
                    options.append([name, *names] if once else names)
                    labels.append(" ".join([name, *names]))
                    placements.append((name, cells))
    primary = (list(shapes) if once else []) + list(cell_names.values())
    problem = TilingProblem(options, primary=primary, labels=labels)
    problem.board = board_sorted
    problem.pieces = shapes
    problem.placements = tuple(placements)
    problem.once = bool(once)
    return problem


def pentominoes(width: int, height: int, *, holes: Iterable[Cell] = ()) -> TilingProblem:
    """The twelve :data:`PENTOMINOES`, each once, turned over allowed, on a rectangle of
    ``height`` rows and ``width`` columns less the ``holes`` (0-based (row, col) cells).

    Of the rectangles of area 60, 6x10 has 2339 tilings up to symmetry (9356 in all),
    5x12 1010 (4040), 4x15 368 (1472), 3x20 2 (8); see :func:`tiling_counts`.

    Examples
    --------
    >>> from clew import cover
    >>> p = pentominoes(20, 3)
    >>> print(min(tilings(p)))
    UUXIIIIINNNFTWYYYYZV
    UXXXPPLNNFFFTWWYZZZV
    UUXPPPLLLLFTTTWWZVVV
    """
    width = _size(width, "width")
    height = _size(height, "height")
    if isinstance(holes, (str, bytes)):
        raise CoverInputError("holes must be a collection of (row, col) cells")
    try:
        holes = list(holes)
    except TypeError:
        raise CoverInputError(
            f"holes must be a collection of (row, col) cells, got {holes!r}"
        ) from None
    holes = set(_shape_cells(holes, "holes")) if holes else set()
    for r, c in holes:
        if not (0 <= r < height and 0 <= c < width):
            raise CoverInputError(
                f"hole {(r, c)} is off the board ({height} rows, {width} columns)"
            )
    board = [(r, c) for r in range(height) for c in range(width) if (r, c) not in holes]
    if not board:
        raise CoverInputError("the board has no cells")
    return polyomino_tiling(board, PENTOMINOES)


def scott_pentominoes() -> TilingProblem:
    """Dana Scott's problem (1958): the twelve pentominoes on the 8x8 board less its centre
    2x2 (cells (3, 3), (3, 4), (4, 3), (4, 4)): 65 tilings up to symmetry, 520 in all.

    Examples
    --------
    >>> scott_pentominoes()
    Problem(72 primary items, 0 secondary, 1568 options)
    """
    return pentominoes(8, 8, holes=[(3, 3), (3, 4), (4, 3), (4, 4)])


def draw_tiling(problem: TilingProblem, solution: Iterable[int]) -> str:
    """A solution of a :func:`polyomino_tiling` problem as a picture: one line per row of
    the board's bounding box, each cell showing the name of the piece on it, ``.`` a hole
    (or an uncovered cell). If some piece name is longer than one character, every cell is
    as wide as the longest name and cells are separated by a space.

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> p = polyomino_tiling("XXX", {"a": "X", "bb": "XX"})
    >>> draw_tiling(p, [1])
    Traceback (most recent call last):
      ...
    clew.errors.InvalidSolutionError: primary item 'bb' is not covered
    >>> p.labels
    ('a r0c0', 'a r0c1', 'a r0c2', 'bb r0c0 r0c1', 'bb r0c1 r0c2')
    >>> draw_tiling(p, [0, 4])
    'a  bb bb'
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    solution = list(solution)
    check_cover(problem, solution)
    owner: dict[Cell, str] = {}
    for o in solution:
        name, cells = problem.placements[o]
        for cell in cells:
            owner[cell] = name
    width = max(len(name) for name in problem.pieces)
    rows = [r for r, _ in problem.board]
    cols = [c for _, c in problem.board]
    lines = []
    for r in range(min(rows), max(rows) + 1):
        marks = [owner.get((r, c), ".").ljust(width) for c in range(min(cols), max(cols) + 1)]
        lines.append(("" if width == 1 else " ").join(marks))
    return "\n".join(lines)


def tilings(problem: TilingProblem, *, limit: int | None = None) -> Iterator[str]:
    """Generate the solutions of a :func:`polyomino_tiling` problem as pictures
    (:func:`draw_tiling`), in the order the search finds them, at most ``limit``
    (keyword only); the arguments are checked when it is called.

    Examples
    --------
    >>> for picture in tilings(polyomino_tiling("##\\n##", {"D": "DD"}, once=False)):
    ...     print(picture, end="\\n\\n")
    DD
    DD
    <BLANKLINE>
    DD
    DD
    <BLANKLINE>
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    found = solutions(problem, limit=limit)  # checked here, when called, not at the first next()
    return (draw_tiling(problem, solution) for solution in found)


def board_symmetries(problem: TilingProblem) -> list[dict[Cell, Cell]]:
    """The symmetries of a tiling problem: the rotations and reflections of the board onto
    itself that map every placement (option) of every piece onto a placement of the same
    piece, each as a map of the board's cells (the identity first).

    Such a symmetry maps solutions to solutions, so they fall into classes
    (:func:`count_up_to_symmetry`). A rectangle has 4 (8 if square) when pieces may be
    turned over; with ``reflections=False``, chiral pieces leave only the rotations.

    Examples
    --------
    >>> len(board_symmetries(pentominoes(10, 6))), len(board_symmetries(scott_pentominoes()))
    (4, 8)
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    board = problem.board
    board_set = set(board)
    r0 = min(r for r, _ in board)
    c0 = min(c for _, c in board)
    placements = {(name, frozenset(cells)) for name, cells in problem.placements}
    found: list[dict[Cell, Cell]] = []
    for m in _ROTATIONS + _REFLECTIONS:
        image = _transform(m, board)
        dr = r0 - min(r for r, _ in image)
        dc = c0 - min(c for _, c in image)
        image = [(r + dr, c + dc) for r, c in image]
        if set(image) != board_set:
            continue
        mapping = dict(zip(board, image))
        if all(
            (name, frozenset(mapping[c] for c in cells)) in placements for name, cells in placements
        ):
            found.append(mapping)
    return found


def tiling_counts(problem: TilingProblem) -> tuple[int, int]:
    """Enumerate every solution of a :func:`polyomino_tiling` problem; the number of
    solutions and the number of classes under :func:`board_symmetries`.

    Two solutions are in one class if a symmetry of the board maps one onto the other; the
    class count is the number of distinct canonical forms (the least image of a solution's
    placements under the symmetries), so it needs memory for one form per class.

    Examples
    --------
    >>> tiling_counts(pentominoes(20, 3))
    (8, 2)
    >>> tiling_counts(polyomino_tiling("###\\n###", {"D": "DD"}, once=False))
    (3, 2)
    """
    problem = _expect(problem, TilingProblem, "polyomino_tiling")
    symmetries = board_symmetries(problem)
    placements = problem.placements
    forms: set[tuple] = set()
    total = 0
    for solution in solutions(problem):
        total += 1
        chosen = [placements[o] for o in solution]
        forms.add(
            min(
                tuple(
                    sorted(
                        (name, tuple(sorted(mapping[c] for c in cells))) for name, cells in chosen
                    )
                )
                for mapping in symmetries
            )
        )
    return total, len(forms)


def count_up_to_symmetry(problem: TilingProblem) -> int:
    """The number of solutions of a :func:`polyomino_tiling` problem up to the symmetries
    of the board (:func:`tiling_counts`).

    Examples
    --------
    >>> count_up_to_symmetry(polyomino_tiling("###\\n###\\n###", {"T": "TTT\\n.T.\\n.T.", "R": "R..\\nRRR"}))
    0
    >>> count_up_to_symmetry(polyomino_tiling("##\\n##", {"D": "DD"}, once=False))
    1
    """
    return tiling_counts(problem)[1]


# =============================================================================================
# Langford pairs
# =============================================================================================


class LangfordProblem(Problem):
    """A problem built by :func:`langford`.

    Attributes
    ----------
    n : int
    pairs : tuple of (int, int)
        For each option, the number k and its first position p (1-based); the second copy
        is at ``p + k + 1``.
    up_to_reversal : bool
    """

    n: int
    pairs: tuple[tuple[int, int], ...]
    up_to_reversal: bool


def langford(n: int, *, up_to_reversal: bool = False) -> LangfordProblem:
    """Langford pairs: place two copies of each number k = 1..n in a row of 2n positions
    with k numbers between the two k's.

    Parameters
    ----------
    n : int
        At least 1.
    up_to_reversal : bool
        False: one solution per sequence, so every sequence and its reverse (never equal:
        the two middle positions would hold a pair with nothing between) count apart, and
        the count is twice OEIS A014552. True: one of each pair only, by Knuth's rule:
        the largest odd number m <= n may only start in the first half (at p with
        ``2 p < 2 n - m``; its reverse starts at ``2 n - m - p``, never equal as m is odd),
        so the count is A014552(n).

    Returns
    -------
    LangfordProblem
        Primary items ``"1"`` .. ``"n"`` (the numbers), then ``"s1"`` .. ``"s2n"`` (the
        positions, 1-based). One option ``k sP sQ`` per placement, ``Q = P + k + 1``.

    Examples
    --------
    >>> from clew import cover
    >>> langford(3).options[:2]
    (('1', 's1', 's3'), ('1', 's2', 's4'))
    >>> cover.count(langford(4)), cover.count(langford(4, up_to_reversal=True))
    (2, 1)
    """
    n = _size(n, "n")
    m = n if n % 2 else n - 1
    options, labels, pairs = [], [], []
    for k in range(1, n + 1):
        for p in range(1, 2 * n - k):
            if up_to_reversal and k == m and not 2 * p < 2 * n - m:
                continue
            q = p + k + 1
            options.append([str(k), f"s{p}", f"s{q}"])
            labels.append(f"{k} at s{p} s{q}")
            pairs.append((k, p))
    primary = [str(k) for k in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    problem = LangfordProblem(options, primary=primary, labels=labels)
    problem.n = n
    problem.pairs = tuple(pairs)
    problem.up_to_reversal = bool(up_to_reversal)
    return problem


def langford_count(n: int) -> int:
    """The number of Langford sequences of order n up to reversal (OEIS A014552): 0 unless
    n is 0 or 3 mod 4 (Davies' parity argument: then 0 without a search), else
    ``clew.cover.count(langford(n, up_to_reversal=True))``.

    Examples
    --------
    >>> [langford_count(n) for n in range(1, 9)]
    [0, 0, 1, 1, 0, 0, 26, 150]
    """
    n = _size(n, "n")
    if n % 4 in (1, 2):
        return 0
    return count(langford(n, up_to_reversal=True))


def draw_langford(problem: LangfordProblem, solution: Iterable[int]) -> str:
    """A solution of :func:`langford` as its sequence, numbers separated by spaces.

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> from clew import cover
    >>> p = langford(4, up_to_reversal=True)
    >>> draw_langford(p, cover.solve(p))
    '2 3 4 2 1 3 1 4'
    """
    problem = _expect(problem, LangfordProblem, "langford")
    solution = list(solution)
    check_cover(problem, solution)
    row = [0] * (2 * problem.n)
    for o in solution:
        k, p = problem.pairs[o]
        row[p - 1] = row[p + k] = k
    return " ".join(map(str, row))


# =============================================================================================
# n queens
# =============================================================================================


class QueensProblem(Problem):
    """A problem built by :func:`queens`.

    Attributes
    ----------
    n : int
    squares : tuple of (int, int)
        For each option, the 0-based (row, column) of its queen.
    """

    n: int
    squares: tuple[Cell, ...]


def queens(n: int) -> QueensProblem:
    """The n-queens problem as exact cover (Knuth's formulation).

    Returns
    -------
    QueensProblem
        Primary items: the ranks ``R0`` .. and files ``F0`` .. (0-based), listed from the
        middle outwards (Knuth's "organ pipe" order, which the search's ties favour).
        Secondary items: the diagonals ``A{r + c}`` and anti-diagonals ``B{r - c + n - 1}``.
        One option per square, ``R{r} F{c} A.. B..``, labelled ``Q r{r}c{c}``; option
        ``r * n + c`` is square (r, c).

    Examples
    --------
    >>> from clew import cover
    >>> queens(4).options[1]
    ('R0', 'F1', 'A1', 'B2')
    >>> sorted(queens_columns(queens(4), s) for s in cover.solutions(queens(4)))
    [(1, 3, 0, 2), (2, 0, 3, 1)]
    """
    n = _size(n, "n")
    options, labels, squares = [], [], []
    for r in range(n):
        for c in range(n):
            options.append([f"R{r}", f"F{c}", f"A{r + c}", f"B{r - c + n - 1}"])
            labels.append(f"Q r{r}c{c}")
            squares.append((r, c))
    middle = sorted(range(n), key=lambda i: (abs(2 * i - (n - 1)), i))
    primary = [name for i in middle for name in (f"R{i}", f"F{i}")]
    secondary = [f"{d}{i}" for d in "AB" for i in range(2 * n - 1)]
    problem = QueensProblem(options, primary=primary, secondary=secondary, labels=labels)
    problem.n = n
    problem.squares = tuple(squares)
    return problem


def queens_columns(problem: QueensProblem, solution: Iterable[int]) -> tuple[int, ...]:
    """A solution of :func:`queens` as the column of the queen in each row, row 0 first
    (the form :func:`clew.queens.solutions` yields).

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> queens_columns(queens(4), [1, 7, 8, 14])
    (1, 3, 0, 2)
    """
    problem = _expect(problem, QueensProblem, "queens")
    solution = list(solution)
    check_cover(problem, solution)
    columns = [0] * problem.n
    for o in solution:
        r, c = problem.squares[o]
        columns[r] = c
    return tuple(columns)


# =============================================================================================
# Sudoku
# =============================================================================================


class SudokuProblem(Problem):
    """A problem built by :func:`sudoku`.

    Attributes
    ----------
    puzzle : clew.sudoku.Grid
    moves : tuple of (int, int, int)
        For each option, the 0-based row and column and the digit (1..n) it writes.
    """

    puzzle: Grid
    moves: tuple[tuple[int, int, int], ...]


def sudoku(puzzle, *, symbols: str | None = None) -> SudokuProblem:
    """A k^2 x k^2 sudoku as exact cover.

    Parameters
    ----------
    puzzle
        Any form :class:`clew.sudoku.Grid` reads (4x4, 9x9, 16x16, 25x25).
    symbols : str, optional
        The puzzle's alphabet (see :class:`clew.sudoku.Grid`).

    Returns
    -------
    SudokuProblem
        4 n^2 primary items, with rows, columns, boxes and digits written with the digits
        of :data:`clew.sudoku.DIGITS` (1-based, boxes in reading order): ``p{r}{c}`` (cell
        r, c is filled), ``r{r}{d}``, ``c{c}{d}``, ``b{b}{d}`` (row, column, box holds digit
        d). One option per cell and digit, labelled ``r{r}c{c}={d}`` (1-based, in the
        puzzle's alphabet), in reading order; a given cell keeps only the option of its
        given digit. Givens that break a rule therefore make a problem with no solution
        (where :func:`clew.sudoku.solve` raises).

    Raises
    ------
    clew.sudoku.PuzzleFormatError
        The puzzle cannot be read.

    Examples
    --------
    >>> from clew import cover
    >>> p = sudoku("." * 81)
    >>> len(p.primary), len(p.options)
    (324, 729)
    >>> p.options[0], p.labels[0]
    (('p11', 'r11', 'c11', 'b11'), 'r1c1=1')
    >>> cover.count(sudoku("." * 16))
    288
    >>> p = sudoku("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    >>> [str(sudoku_grid(p, s)) for s in cover.solutions(p)]
    ['534678912672195348198342567859761423426853791713924856961537284287419635345286179']
    """
    from ..sudoku.grid import DIGITS, Grid

    grid = Grid(puzzle, symbols=symbols)
    k, n = grid.k, grid.n
    name = DIGITS
    options, labels, moves = [], [], []
    for r in range(n):
        for c in range(n):
            b = (r // k) * k + c // k
            given = grid[r, c]
            for d in [given] if given else range(1, n + 1):
                R, C, B, D = name[r], name[c], name[b], name[d - 1]
                options.append([f"p{R}{C}", f"r{R}{D}", f"c{C}{D}", f"b{B}{D}"])
                labels.append(f"r{r + 1}c{c + 1}={grid.symbol(d)}")
                moves.append((r, c, d))
    primary = [f"{t}{name[i]}{name[j]}" for t in "prcb" for i in range(n) for j in range(n)]
    problem = SudokuProblem(options, primary=primary, labels=labels)
    problem.puzzle = grid
    problem.moves = tuple(moves)
    return problem


def sudoku_grid(problem: SudokuProblem, solution: Sequence[int]) -> Grid:
    """A solution of :func:`sudoku` as a full :class:`clew.sudoku.Grid` (in the puzzle's
    alphabet).

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> from clew import cover
    >>> p = sudoku(".23..3....4....1")
    >>> sudoku_grid(p, cover.solve(p))
    Grid('1234431221433421')
    """
    from ..sudoku.grid import Grid

    problem = _expect(problem, SudokuProblem, "sudoku")
    solution = list(solution)
    check_cover(problem, solution)
    n = problem.puzzle.n
    rows = [[0] * n for _ in range(n)]
    for o in solution:
        r, c, d = problem.moves[o]
        rows[r][c] = d
    return Grid(rows, symbols=problem.puzzle.symbols)
