"""N-Queens: place n queens on an n x n board so that no two attack each other.

Counting (:func:`count`, OEIS A000170; ``unique=True`` for A002562), streaming enumeration
in lexicographic order (:func:`solutions`), an independent linear-time verifier
(:func:`is_solution`, :func:`check_solution`), the usual pictures of a solution
(:mod:`clew.queens.format`), one solution for huge boards (:func:`one`) and completion of
partly placed boards with blocked squares (:func:`complete`).

>>> from clew import queens
>>> queens.count(10)
724
>>> queens.to_leetcode(next(queens.solutions(4)))
['.Q..', '...Q', 'Q...', '..Q.']
"""

from .._lazy import lazy_names

# Loaded at once: what needs no compiler (the limits, counting -- which picks its counter --,
# the text forms, the trace). Everything else is loaded on first use (PEP 562), so that
# ``clew queens count 8`` does not pay for the kernels of completion, enumeration or huge
# boards: numba's import alone is a third of a second.
from .board import MAX_COUNT_N, MAX_SOLVE_N
from .counter import count, counts
from .format import to_board, to_columns, to_json, to_leetcode, to_matrix, to_matrix_text
from .trace import trace

#: Public name -> the submodule that defines it, imported on first access.
_LAZY = {
    "Completion": "completion",
    "CompletionInputError": "completion",
    "complete": "completion",
    "parse_board": "completion",
    "construct": "huge",
    "local": "huge",
    "one": "huge",
    "SolutionArray": "huge",
    "Solution": "solution",
    "compare": "ladder",
    "check_solution": "solver",
    "columns_text": "solver",
    "constellations": "solver",
    "count_piece": "solver",
    "fundamental_solutions": "solver",
    "is_solution": "solver",
    "solution_batches": "solver",
    "solution_batches_unordered": "solver",
    "solutions": "solver",
}


__getattr__, __dir__ = lazy_names(__name__, _LAZY)


__all__ = [
    "trace",
    "compare",
    "Completion",
    "CompletionInputError",
    "complete",
    "construct",
    "local",
    "one",
    "parse_board",
    "Solution",
    "SolutionArray",
    "MAX_COUNT_N",
    "MAX_SOLVE_N",
    "check_solution",
    "columns_text",
    "constellations",
    "count",
    "count_piece",
    "counts",
    "fundamental_solutions",
    "is_solution",
    "solution_batches",
    "solution_batches_unordered",
    "solutions",
    "to_board",
    "to_columns",
    "to_json",
    "to_leetcode",
    "to_matrix",
    "to_matrix_text",
]
