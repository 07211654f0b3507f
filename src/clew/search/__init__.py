"""Backtracking for any problem: your own search in a few lines.

A problem is a start state and the functions of the tutorials -- ``choices``, ``accept``,
``extend``, ``done`` (:class:`Problem`) -- and clew runs the search: depth first, with an
explicit stack (no recursion limit however deep), counting nodes, backtracks (placements
no solution extends), prunes and the deepest path; on every core through
:mod:`clew.scale` (:class:`SearchCount`); traced event by event in the format of
:mod:`clew.trace`, so the HTML player and the pictures of :mod:`clew.viz` show it.

``limit`` means what it means everywhere in clew: 1 solves, 2 proves uniqueness, None
counts all.

>>> from clew import search
>>> def queens(n):
...     return search.Problem(
...         start=(),
...         choices=lambda s: range(n),
...         accept=lambda s, c: all(c != q and abs(c - q) != len(s) - r for r, q in enumerate(s)),
...         extend=lambda s, c: s + (c,),
...         done=lambda s: len(s) == n,
...     )
>>> search.count(queens(8))
92
>>> search.solve(queens(8))
(0, 4, 7, 5, 2, 6, 1, 3)
>>> list(search.solutions(queens(8), limit=3))
[(0, 4, 7, 5, 2, 6, 1, 3), (0, 5, 7, 2, 6, 3, 1, 4), (0, 6, 3, 5, 7, 1, 4, 2)]
>>> search.run(queens(8))
Stats(solutions=92, nodes=2056, backtracks=1506, prunes=13664, max_depth=8, complete=True,
      first=(0, 4, 7, 5, 2, 6, 1, 3))

:mod:`clew.search.examples` has more: N-Queens by rows and columns with ``order="mrv"``,
derangements, subset sums, graph colouring, knight's tours, a word search.
"""

from . import examples
from .api import Problem, count, run, solutions, solve
from .counting import PIECES, SearchCount
from .engine import Stats
from .problem import SearchError
from .trace import trace

__all__ = [
    "PIECES",
    "Problem",
    "SearchCount",
    "SearchError",
    "Stats",
    "count",
    "examples",
    "run",
    "solutions",
    "solve",
    "trace",
]
