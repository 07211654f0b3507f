"""The shape of a Sudoku: the size, the boxes, and the extra rules of the variants.

Plan (issue 15: every shape and the popular variants)
-----------------------------------------------------
Until issue 15 everything was keyed by the box size ``k`` of a k^2 x k^2 grid. A
:class:`Shape` now says all the rules a grid obeys, and is built once per puzzle form:

* the side ``n`` (digits 1..n) and the *box* of ``r`` rows by ``c`` columns (``r * c = n``;
  6x6 has 2x3 boxes, 12x12 3x4), or, for a jigsaw, an irregular *region* for each cell;
* the variants, as extra *all-different* sets of cells: ``x`` (both main diagonals),
  ``windoku`` (the four extra 3x3 windows of a 9x9 grid, k-1 x k-1 windows of k x k in
  general), extra regions given by the user, and killer *cages* (cells that hold different
  digits adding up to a given sum).

A set of ``n`` cells is a *unit* (it holds every digit once: hidden singles and locked
candidates apply); a smaller one, or a cage, is a *group* (its digits differ; a cage also
has its sum). :mod:`clew.sudoku.geometry` derives cells, units, peers and names from a
shape (an int ``k`` still means the k x k box), the grid reader (:mod:`clew.sudoku.grid`)
gives each :class:`~clew.sudoku.Grid` its shape, and the kernels are chosen by shape in
:mod:`clew.sudoku.kernels`: the band kernel for the classic 9x9, the general kernel for the
other classic k^2 x k^2 sizes (both unchanged), and the shape kernel
(:mod:`clew.sudoku.compiled._kernels_shape`) for everything else, which takes its units, groups and
cage sums as tables (a batch of killer puzzles is one kernel call with one table per
puzzle). The verifier (:mod:`clew.sudoku.verify`) and the reference
(:mod:`clew.sudoku._reference`) keep their own reading of the rules.

Text forms (one puzzle per line, see :mod:`clew.sudoku.variants`): jigsaw ``<cells>
<regions>``, killer ``[<cells>] <cage letters> <sums>``; ``x`` and ``windoku`` are flags.

>>> s = make_shape(6)
>>> s.n, s.box, s.box_name, s.is_classic
(6, (2, 3), '2x3', False)
>>> make_shape(9, variant="x").variants
('x',)
>>> make_shape(12, box="4x3").box
(4, 3)
>>> make_shape(7)
Traceback (most recent call last):
...
clew.sudoku.shape.ShapeError: a 7x7 sudoku has no boxes (7 is prime): give a jigsaw region map
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ..errors import ClewError, article, plural

__all__ = [
    "CAGE_LETTERS",
    "MAX_SIDE",
    "MIN_SIDE",
    "SIZES",
    "VARIANT_RULES",
    "VARIANTS",
    "PuzzleFormatError",
    "Shape",
    "ShapeError",
    "SudokuInputError",
    "as_shape",
    "cage_name",
    "make_shape",
    "parse_box",
    "squarest_box",
]

#: Box sizes of the classic k^2 x k^2 grids, and the side ``n = k * k`` of each (the
#: registry of the classic sizes: ``clew sudoku --help`` lists them from here).
SIZES = {2: 4, 3: 9, 4: 16, 5: 25}
#: The smallest and largest sides read (digits go up to ``P`` = 25 in the default alphabet).
MIN_SIDE = 4
MAX_SIDE = 25
#: :func:`clew.sudoku.count` without a limit refuses to go past this many solutions (under a
#: second of one core on a 9x9 grid): an almost empty grid has astronomically many (6.67e21
#: for 9x9). Kept here, with the other limits, where no compiler is loaded.
MAX_COUNT = 10**6
#: The variants named by a flag.
VARIANTS = ("x", "windoku")
#: The variants a puzzle may have, by name: the flags, and those given by a map
#: (``regions=``, ``cages=``, ``extra=``, or the one-line forms). The help of ``clew sudoku``
#: is made from this registry.
VARIANT_RULES = {
    "x": "both main diagonals hold every digit once (--variant x)",
    "windoku": "four more windows of k x k cells (--variant windoku)",
    "jigsaw": "irregular regions instead of boxes (a jigsaw line '<cells> <regions>')",
    "killer": (
        "cages of different digits with a given sum (a killer line '[<cells>] <cage letters> "
        "<sums>')"
    ),
    "extra": "more all-different regions (the extra= keyword of the library)",
}
#: The letters that name killer cages, in the order they are handed out: A-Z, then a-z. A
#: cage is named by its letter everywhere (the one-line form, errors, hints, explanations):
#: the cages in order of their first cell (reading order) are A, B, C, ...
CAGE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


def cage_name(number: int) -> str:
    """The name of the cage ``number`` (0-based, in order of first cell) in every message:
    ``cage A``, ``cage B``, ... ``cage z``; beyond the 52 letters, ``cage 53`` and on.

    >>> cage_name(0), cage_name(27), cage_name(52)
    ('cage A', 'cage b', 'cage 53')
    """
    return f"cage {CAGE_LETTERS[number] if number < len(CAGE_LETTERS) else number + 1}"


class SudokuInputError(ClewError):
    """A sudoku puzzle that cannot be read, or whose givens break a rule."""


class PuzzleFormatError(SudokuInputError):
    """Input that is not a sudoku grid: wrong size, a symbol that is not a digit, wrong type."""


# The errors are documented and caught as members of clew.sudoku.grid, where they were
# first defined; they live here so that the shape, below the grid reader, can raise them.
SudokuInputError.__module__ = PuzzleFormatError.__module__ = "clew.sudoku.grid"


class ShapeError(PuzzleFormatError):
    """A shape that cannot be: a box that does not tile the grid, a bad region map, a cage
    whose sum is impossible, an unknown variant."""


@dataclass(frozen=True)
class Shape:
    """The rules of a grid: side, boxes or jigsaw regions, and the variants' extra sets.

    Build one with :func:`make_shape` (which checks everything); the fields are plain
    tuples, so a shape is hashable and the geometry built from it is cached.

    Attributes
    ----------
    n : int
        Side of the grid and largest digit.
    box : (int, int) or None
        Rows and columns of a box; ``None`` for a jigsaw, whose regions replace the boxes.
    regions : tuple of int or None
        For a jigsaw, the region (0 to n - 1, in order of first appearance) of each cell.
    diagonals, windows : bool
        The ``x`` and ``windoku`` variants.
    extra : tuple of tuple of int
        Extra all-different sets of cells given directly (ascending cells each).
    cages : tuple of (int, tuple of int)
        Killer cages: ``(sum, cells)``, in order of their first cell.
    """

    n: int
    box: tuple[int, int] | None
    regions: tuple[int, ...] | None = None
    diagonals: bool = False
    windows: bool = False
    extra: tuple[tuple[int, ...], ...] = ()
    cages: tuple[tuple[int, tuple[int, ...]], ...] = ()

    @property
    def cells(self) -> int:
        """Number of cells, ``n * n``."""
        return self.n * self.n

    @property
    def k(self) -> int | None:
        """The box size of square boxes (3 for 9x9), ``None`` for rectangular boxes and jigsaws."""
        if self.box is not None and self.box[0] == self.box[1]:
            return self.box[0]
        return None

    @property
    def box_name(self) -> str | None:
        """``"2x3"``: the box as rows x columns, ``None`` for a jigsaw."""
        return None if self.box is None else f"{self.box[0]}x{self.box[1]}"

    @property
    def variants(self) -> tuple[str, ...]:
        """The names of the rules beyond rows, columns and boxes, in a fixed order:
        ``jigsaw``, ``x``, ``windoku``, ``extra``, ``killer``."""
        out = []
        if self.regions is not None:
            out.append("jigsaw")
        if self.diagonals:
            out.append("x")
        if self.windows:
            out.append("windoku")
        if self.extra:
            out.append("extra")
        if self.cages:
            out.append("killer")
        return tuple(out)

    @property
    def is_classic(self) -> bool:
        """True for the k^2 x k^2 grids with k x k boxes and no variant (what clew read first)."""
        return self.k is not None and not self.variants

    @property
    def name(self) -> str:
        """``"9x9"``, ``"6x6 (2x3 boxes)"``, ``"9x9 jigsaw"``, ``"9x9 x killer"``: as messages
        say it."""
        text = f"{self.n}x{self.n}"
        if self.box is not None and self.k is None:
            text += f" ({self.box_name} boxes)"
        return " ".join([text, *self.variants])


def squarest_box(n: int) -> tuple[int, int] | None:
    """The box of a grid of side ``n`` when none is given: ``r x c`` with ``r * c = n``,
    ``2 <= r <= c``, ``r`` as large as can be; ``None`` when there is none (n prime).

    >>> squarest_box(9), squarest_box(6), squarest_box(12), squarest_box(20), squarest_box(7)
    ((3, 3), (2, 3), (3, 4), (4, 5), None)
    """
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    return None


_BOX = re.compile(r"\s*(\d+)\s*[xX*]\s*(\d+)\s*")


def parse_box(box, n: int | None = None) -> tuple[int, int]:
    """``"3x4"`` (or a pair of ints) as ``(rows, columns)`` of a box, checked against ``n``.

    >>> parse_box("3x4"), parse_box((2, 3), 6)
    ((3, 4), (2, 3))
    >>> parse_box("2x3", 9)
    Traceback (most recent call last):
    ...
    clew.sudoku.shape.ShapeError: a 2x3 box does not tile a 9x9 sudoku (2 * 3 = 6, not 9)
    """
    if isinstance(box, str):
        found = _BOX.fullmatch(box)
        if found is None:
            raise ShapeError(f"a box is <rows>x<columns>, such as 3x4; got {box!r}")
        r, c = int(found.group(1)), int(found.group(2))
    elif (
        isinstance(box, (tuple, list))
        and len(box) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in box)
    ):
        r, c = box
    else:
        raise ShapeError(f"a box is <rows>x<columns>, such as 3x4; got {box!r}")
    if r < 2 or c < 2:
        raise ShapeError(f"a box has at least 2 rows and 2 columns, got {r}x{c}")
    if not MIN_SIDE <= r * c <= MAX_SIDE:
        raise ShapeError(
            f"{article(f'{r}x{c}')} box makes {article(f'{r * c}x{r * c}')} sudoku; sides "
            f"{MIN_SIDE} to {MAX_SIDE} are read"
        )
    if n is not None and r * c != n:
        raise ShapeError(
            f"{article(f'{r}x{c}')} box does not tile {article(f'{n}x{n}')} sudoku ({r} * {c} = "
            f"{r * c}, not {n})"
        )
    return r, c


def _variant_names(variant) -> tuple[str, ...]:
    """``"x"``, ``"x+windoku"``, ``["x", "windoku"]`` or ``None`` as a tuple of known names."""
    if variant is None:
        return ()
    words = re.split(r"[+,\s]+", variant.strip()) if isinstance(variant, str) else list(variant)
    out = []
    for word in words:
        if not isinstance(word, str):
            raise ShapeError(f"a variant is one of {', '.join(VARIANTS)}, got {word!r}")
        name = word.strip().lower()
        if not name:
            continue
        if name not in VARIANTS:
            raise ShapeError(
                f"unknown variant {word!r}: the flags are {', '.join(VARIANTS)} (jigsaw and "
                "killer are given by their regions and cages)"
            )
        out.append(name)
    return tuple(out)


def _cell_name(cell: int, n: int) -> str:
    r, c = divmod(cell, n)
    return f"r{r + 1}c{c + 1}"


def _cells_of(group, n: int, what: str) -> tuple[int, ...]:
    """The cells of a user's set: ints (0-based, reading order), ``(row, col)`` pairs or
    names such as ``r1c1``; checked on the grid, repeats refused."""
    from_name = re.compile(r"[rR](\d+)[cC](\d+)")
    if isinstance(group, str) or not hasattr(group, "__iter__"):
        raise ShapeError(
            f"{what}: cells are a list of cell numbers, (row, column) pairs or names such as "
            f"r1c1, got {group!r}"
        )
    out = []
    for item in group:
        if isinstance(item, str):
            found = from_name.fullmatch(item.strip())
            if found is None:
                raise ShapeError(f"{what}: {item!r} is not a cell name such as r1c1")
            r, c = int(found.group(1)) - 1, int(found.group(2)) - 1
            if not (0 <= r < n and 0 <= c < n):
                raise ShapeError(f"{what}: {item} is off the {n}x{n} grid")
            cell = r * n + c
        elif isinstance(item, (tuple, list)) and len(item) == 2:
            r, c = item
            if not (isinstance(r, int) and isinstance(c, int) and 0 <= r < n and 0 <= c < n):
                raise ShapeError(
                    f"{what}: ({r!r}, {c!r}) is off the {n}x{n} grid (rows and columns from 0)"
                )
            cell = r * n + c
        elif isinstance(item, int) and not isinstance(item, bool):
            if not 0 <= item < n * n:
                raise ShapeError(f"{what}: cell {item} is off the {n}x{n} grid (0 to {n * n - 1})")
            cell = item
        else:
            raise ShapeError(f"{what}: {item!r} is not a cell")
        out.append(cell)
    if len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise ShapeError(f"{what} names {_cell_name(twice, n)} twice")
    return tuple(sorted(out))


def sum_range(size: int, n: int) -> tuple[int, int]:
    """The smallest and largest sum of ``size`` different digits of 1..n.

    >>> sum_range(2, 9), sum_range(9, 9)
    ((3, 17), (45, 45))
    """
    return size * (size + 1) // 2, size * (2 * n - size + 1) // 2


def _check_regions(regions, n: int) -> tuple[int, ...]:
    """A region map as region numbers per cell: a string of n^2 labels (one character a
    cell, as in the text form) or a sequence of n^2 hashable labels."""
    labels = (
        [ch for ch in regions if not ch.isspace()] if isinstance(regions, str) else list(regions)
    )
    if len(labels) != n * n:
        raise ShapeError(
            f"a region map of {article(f'{n}x{n}')} jigsaw has {n * n} cells, got {len(labels)}"
        )
    number: dict = {}
    for label in labels:
        number.setdefault(label, len(number))
    if len(number) != n:
        raise ShapeError(
            f"{article(f'{n}x{n}')} jigsaw has {n} regions, the region map has {len(number)}"
        )
    sizes = [0] * n
    for label in labels:
        sizes[number[label]] += 1
    for label, i in number.items():
        if sizes[i] != n:
            raise ShapeError(
                f"region {label!s} has {plural(sizes[i], 'cell')}, a region of "
                f"{article(f'{n}x{n}')} jigsaw has {n}"
            )
    return tuple(number[label] for label in labels)


def _check_cages(cages, n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Cages as ``(sum, cells)`` pairs (cells as :func:`_cells_of` reads them) or the killer
    text form ``"<cage letters> <sums>"`` (see :mod:`clew.sudoku.variants`)."""
    if isinstance(cages, str):
        return read_cages(cages, n)
    given = []
    for i, cage in enumerate(cages):
        what = f"item {i + 1} of cages"
        if not (isinstance(cage, (tuple, list)) and len(cage) == 2):
            raise ShapeError(f"{what}: a cage is a pair (sum, cells), got {cage!r}")
        total, cells = cage
        if isinstance(total, (tuple, list, set, frozenset)) and isinstance(cells, int):
            total, cells = cells, total  # (cells, sum) is read too
        if not isinstance(total, int) or isinstance(total, bool):
            raise ShapeError(f"{what}: the sum is a whole number, got {total!r}")
        cells = _cells_of(cells, n, what)
        if not cells:
            raise ShapeError(
                f"{what} has no cell, a cage of {article(f'{n}x{n}')} killer has 1 to {n}"
            )
        given.append((total, cells))
    # named as everywhere else: by letter, the cages in order of their first cell
    given.sort(key=lambda cage: cage[1][0])
    owner: dict[int, int] = {}
    return tuple(
        check_cage(total, cells, n, cage_name(i), owner, i)
        for i, (total, cells) in enumerate(given)
    )


def check_cage(
    total: int, cells: tuple[int, ...], n: int, what: str, owner: dict[int, int], number: int
):
    """One cage checked: 1 to n cells, in no other cage, a sum that ``len(cells)`` different
    digits can make. ``owner`` maps the cells seen so far to their cage's number."""
    if not 1 <= len(cells) <= n:
        raise ShapeError(
            f"{what} has {plural(len(cells), 'cell')}, a cage of {article(f'{n}x{n}')} killer has "
            f"1 to {n}"
        )
    for cell in cells:
        if cell in owner:
            raise ShapeError(
                f"{what}: {_cell_name(cell, n)} is already in {cage_name(owner[cell])}"
            )
        owner[cell] = number
    low, high = sum_range(len(cells), n)
    if not low <= total <= high:
        raise ShapeError(
            f"{what} ({_cell_name(cells[0], n)}, {plural(len(cells), 'cell')}): sum {total} is "
            "impossible, "
            f"{plural(len(cells), 'different digit')} of 1..{n} "
            f"make{'s' if len(cells) == 1 else ''} {low} to {high}"
        )
    return total, cells


#: A cell in no cage, in the killer text form.
NO_CAGE = "."
_SUM_CHARACTERS = re.compile(r"[0-9,]+")


def read_cages(text: str, n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The cages of the killer text form ``"<cage letters> <sums>"`` on a grid of side n:
    ``(sum, cells)`` pairs in order of first appearance. A wrong count of letters or sums,
    a character that is not a cage letter, or a sum that the cage's cells cannot make is
    refused with a one-line :class:`~clew.sudoku.shape.ShapeError` naming the cage.

    >>> read_cages("AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,4", 4)[-1]
    (4, (14, 15))
    >>> bad = "AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,9"
    >>> read_cages(bad, 4)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    clew.sudoku.shape.ShapeError: cage H (r4c3, 2 cells): sum 9 is impossible, 2 different
    digits of 1..4 make 3 to 7
    """
    fields = text.split()
    if len(fields) != 2:
        raise ShapeError(
            f"killer cages are written '<cage letters> <sums>', got {plural(len(fields), 'field')}"
        )
    letters, sums_text = fields
    if len(letters) != n * n:
        raise ShapeError(
            f"the cage map of {article(f'{n}x{n}')} killer has {n * n} letters, got {len(letters)}"
        )
    cells: dict[str, list[int]] = {}
    for cell, ch in enumerate(letters):
        if ch == NO_CAGE:
            continue
        if ch not in CAGE_LETTERS:
            raise ShapeError(
                f"r{cell // n + 1}c{cell % n + 1}: {ch!r} is not a cage letter (A-Z, a-z, or . "
                "for no cage)"
            )
        cells.setdefault(ch, []).append(cell)
    # digits and single commas, checked without a repeated group: re's (,\d+)* kept a mark
    # per repetition, 900 MB and 18 s for a line of five million sums
    if not (
        _SUM_CHARACTERS.fullmatch(sums_text)
        and sums_text[0] != ","
        and sums_text[-1] != ","
        and ",," not in sums_text
    ):
        shown = sums_text if len(sums_text) <= 40 else sums_text[:37] + "..."
        raise ShapeError(f"cage sums are whole numbers separated by commas, got {shown!r}")
    count = sums_text.count(",") + 1  # counted before any is read: a line of a million sums
    if count != len(cells):
        raise ShapeError(
            f"the cage map has {plural(len(cells), 'cage')} ({''.join(cells)}), but "
            f"{plural(count, 'sum')} "
            f"{'is' if count == 1 else 'are'} given"
        )
    texts = sums_text.split(",")
    # no cage of a 25x25 grid sums to more than 625 * 25: a longer number is no sum (and
    # int() of thousands of digits is refused by Python itself)
    long = next((v for v in texts if len(v.lstrip("+-0")) > 5), None)
    if long is not None:
        raise ShapeError(
            f"cage sum {long[:20]}{'...' if len(long) > 20 else ''} is larger than any cage can "
            "make"
        )
    sums = [int(v) for v in texts]
    owner: dict[int, int] = {}
    return tuple(
        check_cage(total, tuple(group), n, cage_name(i), owner, i)
        for i, ((_, group), total) in enumerate(zip(cells.items(), sums, strict=True))
    )


def make_shape(n: int, *, box=None, regions=None, variant=None, extra=None, cages=None) -> Shape:
    """The checked :class:`Shape` of a grid of side ``n``.

    Parameters
    ----------
    n : int
        Side of the grid (4 to 25).
    box : str or (int, int), optional
        ``"3x4"``: boxes of 3 rows and 4 columns. Default: the squarest (:func:`squarest_box`).
    regions : str or sequence, optional
        A jigsaw: the region label of each cell in reading order (n^2 characters, or a
        sequence of n^2 labels); the regions replace the boxes.
    variant : str or sequence of str, optional
        ``"x"``, ``"windoku"``, or both (``"x+windoku"``, ``["x", "windoku"]``).
    extra : sequence of sequences of cells, optional
        More all-different sets: cell numbers, ``(row, column)`` pairs (from 0) or names
        (``"r1c1"``). A set of n cells is a full unit (every digit once).
    cages : str or sequence of (sum, cells), optional
        Killer cages: their digits differ and add up to the sum.

    Raises
    ------
    ShapeError
        One line naming what does not fit.

    Examples
    --------
    >>> make_shape(4, regions="AABB" "AABB" "CCDD" "CCDD").variants
    ('jigsaw',)
    >>> make_shape(4, regions="AAAB" "AABB" "CCDD" "CCDD")
    Traceback (most recent call last):
    ...
    clew.sudoku.shape.ShapeError: region A has 5 cells, a region of a 4x4 jigsaw has 4
    """
    if not isinstance(n, int) or not MIN_SIDE <= n <= MAX_SIDE:
        raise ShapeError(f"sudoku sides are {MIN_SIDE} to {MAX_SIDE}, got {n!r}")
    names = _variant_names(variant)
    region_map = None
    if regions is not None:
        if box is not None:
            raise ShapeError("a jigsaw's regions replace its boxes: give regions or box, not both")
        region_map = _check_regions(regions, n)
        the_box = None
    elif box is not None:
        the_box = parse_box(box, n)
    else:
        the_box = squarest_box(n)
        if the_box is None:
            raise ShapeError(
                f"{article(f'{n}x{n}')} sudoku has no boxes ({n} is prime): give a jigsaw region "
                "map"
            )
    windows = "windoku" in names
    if windows and (the_box is None or the_box[0] != the_box[1]):
        where = "a jigsaw" if the_box is None else f"{the_box[0]}x{the_box[1]} boxes"
        raise ShapeError(
            "windoku needs square boxes (its windows are the boxes shifted by one cell), not "
            f"{where}"
        )
    extra_sets: list[tuple[int, ...]] = []
    for i, group in enumerate(extra or ()):
        cells = _cells_of(group, n, f"extra region {i + 1}")
        if not 2 <= len(cells) <= n:
            raise ShapeError(
                f"extra region {i + 1} has {plural(len(cells), 'cell')}; all-different regions "
                f"have 2 to {n}"
            )
        extra_sets.append(cells)
    return Shape(
        n=n,
        box=the_box,
        regions=region_map,
        diagonals="x" in names,
        windows=windows,
        extra=tuple(extra_sets),
        cages=_check_cages(cages, n) if cages is not None else (),
    )


def as_shape(shape) -> Shape:
    """A :class:`Shape` from a shape or a box size ``k`` (the classic k^2 x k^2 grid).

    >>> as_shape(3) == make_shape(9)
    True
    """
    if isinstance(shape, Shape):
        return shape
    if isinstance(shape, int) and not isinstance(shape, bool):
        return _classic(shape)
    raise TypeError(f"a shape is a Shape or a box size k, got {shape!r}")


_CLASSIC: dict[int, Shape] = {}


def _classic(k: int) -> Shape:
    found = _CLASSIC.get(k)
    if found is None:
        if not 2 <= k <= 5:
            raise ShapeError(f"box size k is 2 to 5 (4x4 to 25x25), got {k}")
        found = _CLASSIC[k] = Shape(n=k * k, box=(k, k))
    return found
