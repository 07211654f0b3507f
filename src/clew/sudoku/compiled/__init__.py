"""The compiled kernels of Sudoku: numba functions over ints and arrays only.

Each ``_kernels*.py`` module is one kernel family: the resumable depth-first search that
the searches below share (``_kernels_dfs``: they bring their propagation and choice of cell
as numba functions, their tables as one named tuple), the classic k^2 x k^2 search
(``_kernels``, and ``_kernels9`` for 9x9), every other shape and variant
(``_kernels_shape``, its cage sums in ``_kernels_cages``), reading lines of puzzles
(``_kernels_lines``), and the kernels behind
the human-style techniques of :mod:`clew.sudoku.logic` (``_kernels_screen``,
``_kernels_exclusion``, ``_kernels_uniqueness``, ``_kernels_chains``,
``_kernels_chains_unary``). Nobody calls them with Python objects: the friendly layer
(:mod:`clew.sudoku.kernels`, the registry, and the modules of :mod:`clew.sudoku.logic`)
converts once at the boundary.

May import: numpy, numba, :mod:`clew._bits`, :mod:`clew.sudoku.geometry` (its tables are
built once, in Python) and each other. Nothing else of clew.
"""
