"""A queens solution that shows itself as a chessboard in a notebook.

:class:`Solution` is a tuple -- the column of the queen of each row, row 0 first -- and
nothing else changes: it compares and hashes as the same plain tuple, prints as one, and
pickles as one (a pickle of it loads as a plain tuple, even where clew is not installed).
In a Jupyter notebook it shows itself as the picture of the board
(:func:`clew.viz.svg.queens_svg`, through the display hook of :mod:`clew._display`).

The functions that hand out solutions one at a time to be looked at return it
(:func:`clew.queens.fundamental_solutions`, a handful per board); :func:`clew.queens.solutions`
streams plain tuples, since making a tuple subclass costs about a fifth of the time of
enumerating 12-queens (14,200 solutions): wrap one to see it, ``Solution(columns)``.

>>> s = Solution((1, 3, 0, 2))
>>> s, s == (1, 3, 0, 2), hash(s) == hash((1, 3, 0, 2)), s[1:]
((1, 3, 0, 2), True, True, (3, 0, 2))
>>> import pickle
>>> type(pickle.loads(pickle.dumps(s)))
<class 'tuple'>
"""

from __future__ import annotations

from .._display import Picture

__all__ = ["Solution"]


class Solution(Picture, tuple):
    """The columns of the queens of a board, row 0 first, as a tuple that draws itself.

    It holds what it is given (clew's functions give it solutions they found and checked);
    :func:`clew.queens.check_solution` says whether a tuple is a solution. A board that
    cannot be drawn (a column out of range, more than 64 rows) shows itself as the plain
    tuple. :meth:`to_dict` gives its JSON form, the fields ``n`` (the size of the board) and
    ``columns`` (the column of each row's queen, from 0), as ``clew queens solve --format
    json`` prints a solution.

    Examples
    --------
    >>> from clew import queens
    >>> queens.Solution(next(queens.solutions(8)))
    (0, 4, 7, 5, 2, 6, 1, 3)
    >>> queens.Solution((1, 3, 0, 2)).to_dict()
    {'n': 4, 'columns': [1, 3, 0, 2]}
    """

    __slots__ = ()

    def to_dict(self) -> dict:
        """``{"n": N, "columns": [...]}``: the JSON form (see the class)."""
        return {"n": len(self), "columns": [int(c) for c in self]}

    def __reduce__(self) -> tuple[type, tuple[tuple[int, ...]]]:
        # a plain tuple in the pickle: loading it needs no clew, and equals what it was
        return (tuple, (tuple(self),))
