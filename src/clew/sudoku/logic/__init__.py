"""Sudoku solved as a person does: the techniques of Sudoku Explainer, its rating scale,
hints and explanations.

- :mod:`~clew.sudoku.logic.solver`: :func:`~clew.sudoku.rate`, :func:`~clew.sudoku.hint`,
  :func:`~clew.sudoku.explain`, :func:`~clew.sudoku.solve_logically`;
  :mod:`~clew.sudoku.logic.state`: the engine they run, the position
  (:class:`~clew.sudoku.logic.state.LogicalState`) and the loop that applies the easiest
  technique that fires, in SE's order of trial;
- :mod:`~clew.sudoku.logic.techniques` (singles, locked candidates, and the order of the
  techniques up to fish and wings), :mod:`~clew.sudoku.logic.subsets` (subsets, fish,
  wings), :mod:`~clew.sudoku.logic.orders` (the scan orders they share) and
  :mod:`~clew.sudoku.logic.step`: the :class:`~clew.sudoku.Step` each one yields;
- :mod:`~clew.sudoku.logic.screen`, :mod:`~clew.sudoku.logic.exclusion`,
  :mod:`~clew.sudoku.logic.uniqueness`: the techniques with kernels of their own;
- ``chains*``: forcing chains (unary, multiple, dynamic, nested) over the implication graph
  of :mod:`~clew.sudoku.logic.chains_graph`;
- :mod:`~clew.sudoku.logic.variant_techniques`: the rules of the variants (diagonals,
  killer cages);
- :mod:`~clew.sudoku.logic.rating` and :mod:`~clew.sudoku.logic.tables`: SE's scale and the
  tables the techniques share; :mod:`~clew.sudoku.logic.rate_files`: rating whole files
  through :mod:`clew.scale`.

May import: the Sudoku core (:mod:`~clew.sudoku.grid`, :mod:`~clew.sudoku.geometry`,
:mod:`~clew.sudoku.shape`, :mod:`~clew.sudoku.solver`), :mod:`clew.sudoku.compiled`,
:mod:`clew.sudoku.files` (to read a file to rate), and the layers below the families
(:mod:`clew.errors`, :mod:`clew.scale`). Not :mod:`clew.sudoku.generation`, which uses it.
"""
