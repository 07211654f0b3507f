"""Polyomino tilings: any board, any pieces (:func:`polyomino_tiling`), the pentominoes, and
the pictures of their solutions."""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Iterator, Mapping

from ..problem import CoverInputError, Problem
from ..solver import solutions
from ..verify import check_cover
from ._common import Cell, _check_piece_name, _expect, _size

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
