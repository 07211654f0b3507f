"""Sudoku of any size k^2 x k^2 (4x4, 9x9, 16x16, 25x25): solve, count, prove uniqueness,
enumerate, verify.

Puzzles are read from the usual forms (an 81-character line, LeetCode's board, a list of
lists of ints, a drawn grid; see :mod:`clew.sudoku.grid`) into an immutable :class:`Grid`.
One kernel search with a ``limit`` serves every question: 1 solves (:func:`solve`), 2 proves
uniqueness (:func:`is_unique`), more counts (:func:`count`); :func:`solutions` streams every
solution and :func:`solve_array` solves a whole array of puzzles per kernel call. The
verifier (:func:`is_solution`, :func:`check_solution`) is written apart from the solver.
Puzzles are made by :func:`generate` / :func:`generate_many` (proven proper, reproducible
from a seed, optionally at a difficulty), rated by :func:`rate` on Sudoku Explainer's scale
of human techniques, and explained step by step by :func:`hint` / :func:`explain`
(:mod:`clew.sudoku.logic.solver`). The shape of the grid -- cells, units, peers, cell names such as
``r3c5`` -- is defined once, in :mod:`clew.sudoku.geometry`; the kernel that solves each
size is chosen in :mod:`clew.sudoku.kernels`.

>>> from clew import sudoku
>>> puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
>>> grid = sudoku.solve(puzzle)
>>> str(grid)
'534678912672195348198342567859761423426853791713924856961537284287419635345286179'
>>> sudoku.is_unique(puzzle), sudoku.is_solution(grid, puzzle)
(True, True)
>>> sudoku.count("." * 16)
288

Bad input raises a :class:`SudokuInputError` (a :class:`clew.errors.ClewError`) whose
one-line message names the problem:

>>> short = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7"
>>> sudoku.solve(short)  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
clew.sudoku.grid.PuzzleFormatError: a sudoku has n*n cells for a side n of 4 to 25
(16 for 4x4, 36 for 6x6, 81 for 9x9, ...), got 80
>>> sudoku.solve(short[:7] + "5" + short[8:] + "9")
Traceback (most recent call last):
...
clew.sudoku.grid.ConflictingGivensError: r1c1 and r1c8 are both 5 in row 1
"""

from .._lazy import lazy_names

# Every public name is loaded on first use (PEP 562): `import clew.sudoku.shape`, which the
# help of `clew sudoku` reads for its registries, loads neither numpy nor numba, and
# `clew sudoku show` or a one-puzzle file answered in the interpreter never waits for numba.
#: Public name -> the submodule that defines it, imported on first access.
_LAZY = {
    **dict.fromkeys(
        (
            "DIGITS",
            "SIZES",
            "ConflictingGivensError",
            "Grid",
            "PuzzleFormatError",
            "SudokuInputError",
            "parse",
        ),
        "grid",
    ),
    **dict.fromkeys(("check_solution", "is_solution"), "verify"),
    "trace": "tracing",
    **dict.fromkeys(
        (
            "MAX_COUNT",
            "CountTooLargeError",
            "count",
            "is_unique",
            "solutions",
            "solve",
            "solve_array",
        ),
        "solver",
    ),
    **dict.fromkeys(
        ("DifficultyNotReachedError", "GenerateError", "Generated", "generate", "generate_many"),
        "generation.generator",
    ),
    **dict.fromkeys(
        (
            "NotProperError",
            "Rating",
            "Step",
            "explain",
            "explanation",
            "hint",
            "rate",
            "solve_logically",
        ),
        "logic.solver",
    ),
    **dict.fromkeys(("RateFile", "rate_file"), "logic.rate_files"),
    "solve_file": "files.solve",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)


__all__ = [
    "DifficultyNotReachedError",
    "GenerateError",
    "Generated",
    "NotProperError",
    "Rating",
    "Step",
    "explain",
    "explanation",
    "generate",
    "generate_many",
    "hint",
    "RateFile",
    "rate",
    "rate_file",
    "solve_logically",
    "trace",
    "DIGITS",
    "MAX_COUNT",
    "SIZES",
    "ConflictingGivensError",
    "CountTooLargeError",
    "Grid",
    "PuzzleFormatError",
    "SudokuInputError",
    "check_solution",
    "count",
    "is_solution",
    "is_unique",
    "parse",
    "solutions",
    "solve",
    "solve_array",
    "solve_file",
]
