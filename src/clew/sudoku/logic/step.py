"""A step of the logical solver (:mod:`clew.sudoku.logic.solver`): what a technique found, what
it changes, and why in one sentence. Re-exported by :mod:`clew.sudoku.logic.techniques` and
:mod:`clew.sudoku.logic.solver`, where the techniques make it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..._display import SVG, Picture, render
from ..geometry import cell_name

if TYPE_CHECKING:
    from ..grid import Grid

__all__ = ["Step"]


@dataclass(frozen=True)
class Step(Picture):
    """One deduction: what a technique found, what it changes, and why in one sentence.

    An immutable value (equal steps compare and hash equal), made by the logical solver
    (:func:`clew.sudoku.hint`, :func:`clew.sudoku.explain`, :meth:`LogicalState.next_step
    <clew.sudoku.logic.solver.LogicalState.next_step>`); :meth:`to_dict` gives it as plain JSON
    data for an app.

    Cells are given as 0-based indices in reading order (``r * n + c``: 0 is the top-left
    cell, ``n * n - 1`` the bottom-right one); their names, such as ``r1c6``, count rows and
    columns from 1, as the sentence does. Digits are numbers ``1..n`` (the sentence writes
    them in the puzzle's alphabet).

    Attributes
    ----------
    technique : str
        The technique's name, as in :data:`TECHNIQUES` (``"Hidden single"``).
    rating : float
        Its difficulty on Sudoku Explainer's scale (see the module documentation).
    placements : tuple of (int, int)
        ``(cell index, digit)`` pairs: the digits the step places.
    eliminations : tuple of (int, int)
        ``(cell index, digit)`` pairs: the candidates the step removes.
    cells : tuple of int
        The cell indices of the pattern (the cells the reasoning uses).
    digits : tuple of int
        The digits of the pattern.
    unit : str or None
        The row, column or box the step works in (``"row 4"``), ``None`` for patterns over
        several units (fish, wings, colouring).
    text : str
        The step in one sentence (also ``str(step)``).
    n : int
        The side of the grid (4, 9, 16 or 25) that names the cells; 0 for a step built by
        hand without it (its cells then have no names in :meth:`to_dict`).
    grid : Grid or None
        The position the step is played on (:func:`clew.sudoku.hint` and
        :func:`clew.sudoku.explain` set it; not compared, not in :meth:`to_dict`): what the
        picture shows in a notebook.

    Examples
    --------
    >>> from clew import sudoku
    >>> step = sudoku.hint("..3.4.........42")
    >>> step.technique, step.rating, step.placements, step.unit
    ('Hidden single', 1.2, ((5, 3),), 'box 1')
    >>> print(step)
    Hidden single: in box 1, 3 fits only in r2c2, so r2c2 = 3.
    >>> step.to_dict()["placements"]
    [{'index': 5, 'name': 'r2c2', 'digit': 3}]
    """

    technique: str
    rating: float
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    unit: str | None = None
    text: str = ""
    n: int = 0
    grid: object = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.text

    def on(self, grid: Grid) -> Step:
        """This step with the position it is played on (:attr:`grid`, its picture)."""
        return Step(
            self.technique, self.rating, self.placements, self.eliminations, self.cells,
            self.digits, self.unit, self.text, self.n, grid,
        )  # fmt: skip

    def _repr_svg_(self) -> str | None:
        # a picture of its own when the renderer has one, else the position's
        return render(self, SVG) or (None if self.grid is None else render(self.grid, SVG))

    def to_dict(self) -> dict:
        """The step as plain data that :func:`json.dumps` writes as it is.

        Returns
        -------
        dict
            ``technique``, ``rating``, ``unit``, ``text``, ``n`` (the side of the grid) and

            * ``cells``: the pattern's cells, each ``{"index", "name"}``;
            * ``digits``: the pattern's digits;
            * ``placements`` and ``eliminations``: each ``{"index", "name", "digit"}``.

            ``index`` is the 0-based cell index in reading order (``row * n + column``,
            both from 0); ``name`` is ``"r<row>c<column>"`` counted from 1 (``None`` when
            ``n`` is 0). So ``{"index": 5, "name": "r1c6"}`` on a 9x9 grid is row 1,
            column 6 for a reader, ``5`` for a program.

        Examples
        --------
        >>> import json
        >>> from clew import sudoku
        >>> step = sudoku.hint(
        ...     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
        ... )
        >>> print(json.dumps(step.to_dict(), indent=1))
        {
         "technique": "Hidden single",
         "rating": 1.2,
         "unit": "box 2",
         "cells": [
          {
           "index": 5,
           "name": "r1c6"
          }
         ],
         "digits": [
          8
         ],
         "placements": [
          {
           "index": 5,
           "name": "r1c6",
           "digit": 8
          }
         ],
         "eliminations": [],
         "text": "Hidden single: in box 2, 8 fits only in r1c6, so r1c6 = 8.",
         "n": 9
        }
        """

        def cell(index: int) -> dict:
            return {"index": index, "name": cell_name(index, self.n) if self.n else None}

        return {
            "technique": self.technique,
            "rating": self.rating,
            "unit": self.unit,
            "cells": [cell(c) for c in self.cells],
            "digits": list(self.digits),
            "placements": [{**cell(c), "digit": d} for c, d in self.placements],
            "eliminations": [{**cell(c), "digit": d} for c, d in self.eliminations],
            "text": self.text,
            "n": self.n,
        }
