"""The one-line text forms of the variants: jigsaw region maps and killer cages.

One puzzle per line, as for the classic grids, with the extra rules written after the cells:

* jigsaw: ``<cells> <regions>``: the ``n * n`` cells, then the region of each cell as a
  letter (``n * n`` characters, one label per region; any letters or digits);
* killer: ``<cage letters> <sums>``: the cage of each cell as a letter (``n * n`` letters,
  ``A``-``Z`` then ``a``-``z``, one per cage; ``.`` for a cell in no cage), then the cage
  sums separated by commas, in the order the letters first appear reading row by row.
  When there are givens the cells come first: ``<cells> <cage letters> <sums>``;
* a jigsaw killer: ``<cells> <regions> <cage letters> <sums>`` (the cells always written:
  a region map and a line of cells cannot be told apart);
* ``x`` and ``windoku`` are flags (``--variant x``), not part of the line.

>>> cages = read_cages("AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,4", 4)
>>> cages[:2]
((3, (0, 1)), (7, (2, 3)))
>>> split_line("1... AABBAABBCCDDCCDD".replace("1...", "1" + "." * 15))[1:]
('AABBAABBCCDDCCDD', None)
>>> write_cages(cages, 4)
'AABBCCDDEEFFGGHH 3,7,7,3,4,6,6,4'
"""

from __future__ import annotations

import math
import re

from .shape import ShapeError, check_cage

__all__ = ["CAGE_LETTERS", "read_cages", "split_line", "write_cages", "write_regions"]

#: The letters that name cages, in the order they are handed out: A-Z, then a-z.
CAGE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
#: A cell in no cage.
NO_CAGE = "."
_SUMS = re.compile(r"\d+(,\d+)*")


def _is_map(field: str) -> bool:
    """A field that can be a cage or region map: n^2 characters for a side n of 4 or more."""
    side = math.isqrt(len(field))
    return side >= 4 and side * side == len(field)


def split_line(text: str) -> tuple[str | None, str | None, str | None]:
    """``(cells, regions, cages)`` of one line: the cells' text (``None`` for a killer
    without givens), the region map of a jigsaw, the ``"<letters> <sums>"`` of a killer.
    A line of neither form comes back as ``(text, None, None)``.

    >>> split_line("AB AB")
    ('AB AB', None, None)
    >>> split_line("AABBAABBCCDDCCDD 3,7,3,7,4,6,4,6")
    (None, None, 'AABBAABBCCDDCCDD 3,7,3,7,4,6,4,6')
    >>> split_line("." * 16 + " AABBAABBCCDDCCDD ABCDEFGHIJKLMNOP 1,2,3,4,4,3,2,1,2,3,4,1,3,4,1,2")[1]
    'AABBAABBCCDDCCDD'
    """
    fields = text.split()
    if len(fields) == 4 and "," in fields[3] and _is_map(fields[2]) and len(fields[0]) == len(fields[1]) == len(fields[2]):
        return fields[0], fields[1], f"{fields[2]} {fields[3]}"
    # the sums of a killer hold a comma (a one-cage killer is no puzzle), the regions of a
    # jigsaw never do: that tells the two forms apart, whatever characters the maps use
    if len(fields) in (2, 3) and "," in fields[-1] and _is_map(fields[-2]):
        return (fields[0] if len(fields) == 3 else None), None, f"{fields[-2]} {fields[-1]}"
    if len(fields) == 2 and len(fields[0]) == len(fields[1]) and _is_map(fields[1]):
        return fields[0], fields[1], None
    return text, None, None


def read_cages(text: str, n: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The cages of the killer text form ``"<cage letters> <sums>"`` on a grid of side n:
    ``(sum, cells)`` pairs in order of first appearance. A wrong count of letters or sums,
    a character that is not a cage letter, or a sum that the cage's cells cannot make is
    refused with a one-line :class:`~clew.sudoku.shape.ShapeError` naming the cage.

    >>> read_cages("AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,4", 4)[-1]
    (4, (14, 15))
    >>> read_cages("AABB" "CCDD" "EEFF" "GGHH" " 3,7,7,3,4,6,6,9", 4)
    Traceback (most recent call last):
    ...
    clew.sudoku.shape.ShapeError: cage H (r4c3, 2 cells): sum 9 is impossible, 2 different digits of 1..4 make 3 to 7
    """
    fields = text.split()
    if len(fields) != 2:
        raise ShapeError(f"killer cages are written '<cage letters> <sums>', got {len(fields)} fields")
    letters, sums_text = fields
    if len(letters) != n * n:
        raise ShapeError(f"the cage map of a {n}x{n} killer has {n * n} letters, got {len(letters)}")
    cells: dict[str, list[int]] = {}
    for cell, ch in enumerate(letters):
        if ch == NO_CAGE:
            continue
        if ch not in CAGE_LETTERS:
            raise ShapeError(f"r{cell // n + 1}c{cell % n + 1}: {ch!r} is not a cage letter (A-Z, a-z, or . for no cage)")
        cells.setdefault(ch, []).append(cell)
    if not _SUMS.fullmatch(sums_text):
        raise ShapeError(f"cage sums are whole numbers separated by commas, got {sums_text!r}")
    sums = [int(v) for v in sums_text.split(",")]
    if len(sums) != len(cells):
        raise ShapeError(f"the cage map has {len(cells)} cages ({''.join(cells)}), but {len(sums)} sums are given")
    owner: dict[int, int] = {}
    return tuple(
        check_cage(total, tuple(group), n, f"cage {letter}", owner, i)
        for i, ((letter, group), total) in enumerate(zip(cells.items(), sums))
    )


def write_cages(cages, n: int) -> str:
    """The text form ``"<cage letters> <sums>"`` of cages (at most 52 of them).

    >>> write_cages(((3, (0, 1)), (7, (2, 3))), 4)
    'AABB............ 3,7'
    """
    if len(cages) > len(CAGE_LETTERS):
        raise ShapeError(f"the text form names at most {len(CAGE_LETTERS)} cages, these are {len(cages)}")
    letters = [NO_CAGE] * (n * n)
    ordered = sorted(cages, key=lambda cage: cage[1][0])  # the order of first appearance
    for letter, (_, cells) in zip(CAGE_LETTERS, ordered):
        for cell in cells:
            letters[cell] = letter
    return "".join(letters) + " " + ",".join(str(total) for total, _ in ordered)


def write_regions(regions: tuple[int, ...]) -> str:
    """The region map of a jigsaw as letters, ``A`` for region 0.

    >>> write_regions((0, 0, 1, 1) * 2 + (2, 2, 3, 3) * 2)
    'AABBAABBCCDDCCDD'
    """
    return "".join(CAGE_LETTERS[r] for r in regions)
