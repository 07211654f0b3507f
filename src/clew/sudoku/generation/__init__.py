"""Making Sudoku puzzles: proper (one solution), reproducible from a seed, at a difficulty
or a rating.

- :mod:`~clew.sudoku.generation.generator`: :func:`~clew.sudoku.generate` and
  :func:`~clew.sudoku.generate_many` for the classic grids, and the work object that makes
  many puzzles through :mod:`clew.scale`;
- :mod:`~clew.sudoku.generation.plan`: how a difficulty or a rating range becomes a plan of
  attempts (how many clues to remove, which rater to ask);
- :mod:`~clew.sudoku.generation.shapes`: the same for every other shape and variant.

May import: the Sudoku core, :mod:`clew.sudoku.compiled`, :mod:`clew.sudoku.logic` (to rate
what it makes) and the layers below the families. Nothing imports it but the package's
public names.
"""
