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

One module per model: :mod:`.polyominoes` (tilings, the pentominoes), :mod:`.symmetry`
(tilings up to the board's symmetries), :mod:`.langford`, :mod:`.queens`, :mod:`.sudoku`,
and the models with multiplicities :mod:`.rooks`, :mod:`.queendom`, :mod:`.packing`. They
import the rest of :mod:`clew.cover` (the problem, the solver, the verifier), never each
other but for the tilings that :mod:`.symmetry` and :mod:`.packing` build on; nothing of
clew.cover imports them but this package.

>>> from clew import cover
>>> from clew.cover.models import langford, draw_langford
>>> p = langford(3)
>>> sorted(draw_langford(p, s) for s in cover.solutions(p))
['2 3 1 2 1 3', '3 1 2 1 3 2']
"""

from __future__ import annotations

from .langford import LangfordProblem, draw_langford, langford, langford_count
from .packing import polyomino_packing
from .polyominoes import (
    PENTOMINOES,
    TilingProblem,
    draw_tiling,
    orientations,
    pentominoes,
    polyomino_tiling,
    scott_pentominoes,
    tilings,
)
from .queendom import queen_domination, queen_squares
from .queens import QueensProblem, queens, queens_columns
from .rooks import RookProblem, rook_matrices, rook_matrix
from .sudoku import SudokuProblem, sudoku, sudoku_grid
from .symmetry import board_symmetries, count_up_to_symmetry, tiling_counts

__all__ = [
    "PENTOMINOES",
    "queen_domination",
    "queen_squares",
    "polyomino_packing",
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
