"""The forms a problem may take: :func:`as_problem` turns lists of item names, a 0/1 matrix
or a file in Knuth's format into a :class:`~clew.cover.Problem`."""

from __future__ import annotations

import os
from collections.abc import Hashable, Iterable
from pathlib import Path
from typing import IO, TypeAlias, cast

import numpy as np

from .problem import CoverInputError, Problem, _is_bit

__all__ = ["ProblemLike", "as_problem"]

#: What :func:`as_problem` reads: a problem, options as lists of item names, a 0/1 matrix,
#: or a file in Knuth's format (a path or an open file).
ProblemLike: TypeAlias = (
    Problem | Iterable[Iterable[Hashable]] | np.ndarray | os.PathLike[str] | IO[str] | IO[bytes]
)


def as_problem(source: ProblemLike, *, matrix: bool | None = None) -> Problem:
    """A :class:`Problem` from any of the forms clew reads.

    * a :class:`Problem`: itself;
    * a list of options, each a list of items (any hashable names: strings, ints, tuples;
      ``name:colour`` for a coloured secondary item): every item primary (build a
      :class:`Problem` for secondary items, ``primary=``, ``bounds=``);
    * a 0/1 matrix (numpy array, or a list of equally long lists of 0 and 1): one row per
      option, one column per item (named by its index), all primary; all-zero rows are
      options no solution takes (:meth:`Problem.from_matrix`, also for secondary columns);
    * a :class:`pathlib.Path` or an open file: Knuth's DLX format (:mod:`clew.cover.knuth`).

    A list of lists of 0 and 1 is a matrix when some row repeats a value (``[1, 0, 1]``
    cannot be an option: it names item 1 twice) and options of item names otherwise; when
    it could be both (``[[0, 1], [1, 0]]``) it is refused: say which with ``matrix=True``
    (or :meth:`Problem.from_matrix`) or ``matrix=False`` (or :class:`Problem`).

    Examples
    --------
    >>> as_problem([[1, 0, 1], [0, 1, 0]]).options          # a 0/1 matrix: columns 0, 1, 2
    ((0, 2), (1,))
    >>> as_problem([[1, 4, 7], [1, 4], [2, 3]]).primary     # xcover's lists of ints
    (1, 4, 7, 2, 3)
    >>> as_problem([["a"], ["b"]]).primary
    ('a', 'b')
    >>> as_problem([[0, 1], [1, 0]], matrix=True).options
    ((1,), (0,))
    >>> as_problem([[0, 1], [1, 0]])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
      ...
    clew.cover.problem.CoverInputError: these 2 rows of 0 and 1 read both as a 0/1 ...
    """
    if isinstance(source, Problem):
        return source
    if isinstance(source, (Path, os.PathLike)) or hasattr(source, "read"):
        from .knuth import read

        return read(cast("os.PathLike[str] | IO[str]", source))  # a path, or any open file
    if isinstance(source, (str, bytes)):
        raise CoverInputError(
            "a problem given as text must go through clew.cover.knuth.read (or pass a Path)"
        )
    if matrix not in (None, True, False):
        raise CoverInputError(f"matrix must be True, False or None, got {matrix!r}")
    if matrix:
        return Problem.from_matrix(source)
    if matrix is False:
        return Problem(source)
    if isinstance(source, np.ndarray):
        return Problem.from_matrix(source)
    try:
        rows = list(source)
    except TypeError:
        raise CoverInputError(
            f"a problem is a list of options, a 0/1 matrix or a file, got {source!r}"
        ) from None
    kind = _matrix_or_names(rows)
    if kind is None:
        raise CoverInputError(
            f"these {len(rows)} rows of 0 and 1 read both as a 0/1 matrix and as options naming "
            "items 0 and 1: say which, cover.Problem.from_matrix(rows) (or matrix=True) or "
            "cover.Problem(rows) (or matrix=False)"
        )
    return Problem.from_matrix(rows) if kind else Problem(rows)


def _matrix_or_names(rows: list) -> bool | None:
    """True: ``rows`` is a 0/1 matrix; False: options of item names; None: it could be
    either (equally long rows of distinct 0s and 1s)."""
    if not rows or not all(isinstance(r, (list, tuple, np.ndarray)) for r in rows):
        return False
    width = len(rows[0])
    if any(len(r) != width for r in rows):
        return False
    if not all(_is_bit(v) for r in rows for v in r):
        return False
    if any(len(set(r)) < len(r) for r in rows):  # a repeated value: not an option of names
        return True
    return None
