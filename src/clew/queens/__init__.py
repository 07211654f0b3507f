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

from .completion import Completion, CompletionInputError, complete, parse_board
from .format import to_board, to_columns, to_json, to_leetcode, to_matrix, to_matrix_text
from .huge import construct, local, one
from .trace import trace
from .compare import compare
from .solver import (
    MAX_COUNT_N,
    MAX_SOLVE_N,
    check_solution,
    columns_text,
    count,
    count_piece,
    counts,
    constellations,
    fundamental_solutions,
    is_solution,
    solution_batches,
    solution_batches_unordered,
    solutions,
)

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
