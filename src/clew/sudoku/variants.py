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

# the killer text form is read in clew.sudoku.shape (which the shape's check needs), written here
from .shape import CAGE_LETTERS, NO_CAGE, ShapeError, read_cages

__all__ = ["CAGE_LETTERS", "read_cages", "split_line", "write_cages", "write_regions"]


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
    >>> sums = "1,2,3,4,4,3,2,1,2,3,4,1,3,4,1,2"
    >>> split_line("." * 16 + " AABBAABBCCDDCCDD ABCDEFGHIJKLMNOP " + sums)[1]
    'AABBAABBCCDDCCDD'
    """
    fields = text.split()
    if (
        len(fields) == 4
        and "," in fields[3]
        and _is_map(fields[2])
        and len(fields[0]) == len(fields[1]) == len(fields[2])
    ):
        return fields[0], fields[1], f"{fields[2]} {fields[3]}"
    # the sums of a killer hold a comma (a one-cage killer is no puzzle), the regions of a
    # jigsaw never do: that tells the two forms apart, whatever characters the maps use
    if len(fields) in (2, 3) and "," in fields[-1] and _is_map(fields[-2]):
        return (fields[0] if len(fields) == 3 else None), None, f"{fields[-2]} {fields[-1]}"
    if len(fields) == 2 and len(fields[0]) == len(fields[1]) and _is_map(fields[1]):
        return fields[0], fields[1], None
    return text, None, None


def write_cages(cages, n: int) -> str:
    """The text form ``"<cage letters> <sums>"`` of cages (at most 52 of them).

    >>> write_cages(((3, (0, 1)), (7, (2, 3))), 4)
    'AABB............ 3,7'
    """
    if len(cages) > len(CAGE_LETTERS):
        raise ShapeError(
            f"the text form names at most {len(CAGE_LETTERS)} cages, these are {len(cages)}"
        )
    letters = [NO_CAGE] * (n * n)
    ordered = sorted(cages, key=lambda cage: cage[1][0])  # the order of first appearance
    for letter, (_, cells) in zip(CAGE_LETTERS, ordered, strict=False):  # fewer cages
        for cell in cells:
            letters[cell] = letter
    return "".join(letters) + " " + ",".join(str(total) for total, _ in ordered)


def write_regions(regions: tuple[int, ...]) -> str:
    """The region map of a jigsaw as letters, ``A`` for region 0.

    >>> write_regions((0, 0, 1, 1) * 2 + (2, 2, 3, 3) * 2)
    'AABBAABBCCDDCCDD'
    """
    return "".join(CAGE_LETTERS[r] for r in regions)
