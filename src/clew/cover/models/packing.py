"""Polyomino packings with several copies of a piece, as exact cover with multiplicities
(Algorithm M): :func:`polyomino_packing`.

A piece that may be used k times is one primary item with bounds k:k (or lo:hi), not k
distinct items: the search then meets each set of placements once, instead of once per
order of the k copies (k! times), and never tries the copies as if they differed.
"""

from __future__ import annotations

from collections.abc import Mapping

from ..problem import CoverInputError
from .polyominoes import TilingProblem, polyomino_tiling

__all__ = ["polyomino_packing"]


def _copies(name: str, value) -> tuple[int, int]:
    """The bounds (lo, hi) of a piece's number of copies, from k or (lo, hi)."""
    pair = (value, value) if isinstance(value, int) and not isinstance(value, bool) else value
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise CoverInputError(
            f"copies of piece {name!r} must be an int or a pair (lo, hi), got {value!r}"
        ) from None
    if (
        any(isinstance(v, bool) or not isinstance(v, int) for v in (lo, hi))
        or not 0 <= lo <= hi
        or hi < 1
    ):
        raise CoverInputError(
            f"copies of piece {name!r} must be k >= 1 or (lo, hi) with 0 <= lo <= hi and hi >= 1, "
            f"got {value!r}"
        )
    return lo, hi


def polyomino_packing(
    board,
    pieces: Mapping[str, object],
    copies: Mapping[str, object] | None = None,
    *,
    fill: bool = True,
    reflections: bool = True,
) -> TilingProblem:
    """Place copies of polyominoes on a board without overlap, as exact cover with
    multiplicities.

    Parameters
    ----------
    board, pieces
        As for :func:`~clew.cover.models.polyomino_tiling`: a picture or cells, and each
        piece's name and shape.
    copies : mapping of str to int or (int, int), optional
        How many copies of each piece: k (exactly k) or (lo, hi) (between lo and hi); a
        piece not named is used exactly once. The piece's item gets these bounds.
    fill : bool
        True: every cell of the board is covered (a tiling); False: cells may stay empty
        (the cells are secondary items), so only the copies are prescribed.
    reflections : bool
        Whether pieces may be turned over.

    Returns
    -------
    TilingProblem
        Primary items: the piece names (with their bounds), then the cells ``r{row}c{col}``
        unless ``fill`` is False (then they are secondary). Options and labels as in
        :func:`~clew.cover.models.polyomino_tiling`; :func:`~clew.cover.models.draw_tiling`
        draws a solution. Each solution is a *set* of placements: the copies of a piece are
        not told apart.

    Raises
    ------
    CoverInputError
        What :func:`~clew.cover.models.polyomino_tiling` refuses; copies that are not k >= 1
        or (lo, hi) with 0 <= lo <= hi, hi >= 1; copies of a piece that is not in ``pieces``.

    Examples
    --------
    >>> from clew import cover
    >>> from clew.cover.models import draw_tiling
    >>> p = polyomino_packing("####\\n####", {"D": "##", "O": "##\\n##"}, {"D": 2})
    >>> cover.count(p)
    5
    >>> print(draw_tiling(p, cover.solve(p)))
    OODD
    OODD
    >>> cover.count(polyomino_packing("####\\n####", {"D": "##"}, {"D": 4}))  # dominoes
    5
    >>> cover.count(polyomino_packing("###\\n###", {"L": "#.\\n##"}, {"L": (0, 2)}, fill=False))
    11
    >>> polyomino_packing("##", {"D": "##"}, {"E": 1})
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: copies of piece 'E': there is no such piece
    """
    tiling = polyomino_tiling(board, pieces, reflections=reflections, once=True)
    copies = {} if copies is None else copies
    if isinstance(copies, (str, bytes)) or not isinstance(copies, Mapping):
        raise CoverInputError(f"copies must map piece names to k or (lo, hi), got {copies!r}")
    for name in copies:
        if name not in tiling.pieces:
            raise CoverInputError(f"copies of piece {name!r}: there is no such piece")
    bounds = {name: _copies(name, value) for name, value in copies.items()}
    names = list(tiling.pieces)
    cells = [item for item in tiling.primary if item not in tiling.pieces]
    problem = TilingProblem(
        tiling.options,
        primary=names + (cells if fill else []),
        secondary=[] if fill else cells,
        labels=tiling.labels,
        bounds={name: b for name, b in bounds.items() if b != (1, 1)},
    )
    problem.board = tiling.board
    problem.pieces = tiling.pieces
    problem.placements = tiling.placements
    problem.once = all(b == (1, 1) for b in bounds.values())
    return problem
