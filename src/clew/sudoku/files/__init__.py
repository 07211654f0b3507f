"""Puzzles as text: readers of every input form, files of one puzzle per line, and solving
whole files.

- :mod:`~clew.sudoku.files.source`: the one reader of a Sudoku input (a path, text, bytes or
  lines);
- :mod:`~clew.sudoku.files.batch`: a file read into one int8 array per kind of grid;
- :mod:`~clew.sudoku.files.solve`: :func:`~clew.sudoku.solve_file`, a file solved through
  :mod:`clew.scale` (every core, Dask, a journal), answers in file order.

May import: the Sudoku core, :mod:`clew.sudoku.compiled` (the line reader) and the layers
below the families. Not :mod:`clew.sudoku.logic` or :mod:`clew.sudoku.generation`.
"""
