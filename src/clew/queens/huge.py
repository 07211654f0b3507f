"""One solution of the n-queens problem for huge boards.

Two ways, both linear in n:

* ``construct``: an explicit formula (Hoffman, Loessi and Moore 1969; in the form popularised
  by Bernhardsson 1991) that writes a solution down directly for every n >= 4;
* ``local``: min-conflicts local search from a greedy start (Sosic and Gu 1990), random but
  reproducible with a seed: different seeds give different solutions. Its work is linear,
  but its random accesses outgrow the caches: 0.6 s at 10**6 queens, about 10 s at 10**7.

>>> from clew.queens import one
>>> one(8).tolist()
[1, 3, 5, 7, 2, 0, 6, 4]
>>> one(3) is None
True

:func:`one` returns a :class:`SolutionArray`: a numpy array, so a billion queens cost 8 bytes
each and no Python object per queen, that draws itself in a notebook (up to a board it can
draw) and has a JSON form.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import numpy as np

from .._display import SVG, render
from ..errors import ArgumentError, check_size
from ._waiting import interruptible
from .board import MAX_ONE_N
from .compiled import _kernels_huge as K
from .format import MAX_PICTURE_N
from .solution import Solution


class Writer(Protocol):
    """What :func:`write_line` writes to: a binary file, or any object with its ``write``."""

    def write(self, data: bytes, /) -> object: ...


__all__ = [
    "BYTES_PER_QUEEN",
    "MAX_ONE_N",
    "SolutionArray",
    "construct",
    "local",
    "one",
    "write_line",
]

#: Peak memory of :func:`one` per queen, in bytes: the construction's arrays, the local
#: search's column and diagonal counters (int64).
BYTES_PER_QUEEN = {"construct": 16, "local": 40}

#: Repair rounds of one local-search attempt before it restarts with the next seed.
_ROUNDS = 1000
_ATTEMPTS = 20


class SolutionArray(np.ndarray):
    """One solution as a numpy array of int64 columns (row 0 first), as :func:`one` returns it.

    It is a plain ``numpy.ndarray`` in everything (``tolist()``, indexing, ``len``,
    :func:`~clew.queens.is_solution`) but two things: in a notebook it shows itself as the
    board (:class:`~clew.queens.Solution`'s picture) when it has at most
    :data:`~clew.queens.format.MAX_PICTURE_N` rows, and as numpy's short ``repr`` beyond
    (no work in proportion to n is done to show a huge board); and :meth:`to_dict` gives its
    JSON form, ``{"n": N, "columns": [...]}`` (the fields ``n`` and ``columns``). Arithmetic on
    it gives plain arrays: a shifted solution is no longer a solution.

    Examples
    --------
    >>> s = one(6)
    >>> s.tolist(), s.to_dict()
    ([1, 3, 5, 0, 2, 4], {'n': 6, 'columns': [1, 3, 5, 0, 2, 4]})
    >>> type(s + 1).__name__
    'ndarray'
    """

    def __array_wrap__(self, array: Any, context: Any = None, return_scalar: bool = False) -> Any:
        # the result of a ufunc (s + 1, s * 2) is no solution: a plain array, or a scalar
        array = np.asarray(array)
        return array[()] if return_scalar else array

    def _repr_svg_(self) -> str | None:
        # a small board is drawn as the Solution it is; a huge one is not converted at all
        if self.ndim != 1 or len(self) > MAX_PICTURE_N:
            return None
        return render(Solution(self.tolist()), SVG)

    def _repr_html_(self) -> None:
        return None

    def to_dict(self) -> dict:
        """``{"n": N, "columns": [...]}``: the JSON form (a list of n ints)."""
        return {"n": len(self), "columns": np.asarray(self).tolist()}


def _solution(columns: np.ndarray | None) -> SolutionArray | None:
    return None if columns is None else columns.view(SolutionArray)


def construct(n: int) -> np.ndarray | None:
    """The explicit solution for an n x n board, ``None`` for n = 2 and 3.

    With 1-based columns, rows take the even columns 2, 4, ... first, then the odd ones
    1, 3, 5, ...; two residues need a repair: for n % 6 == 2 the odd part becomes
    3, 1, 7, 9, ..., n - 1, 5; for n % 6 == 3 the even part becomes 4, 6, ..., n - 1, 2 and
    the odd part 5, 7, ..., n, 1, 3. Returns 0-based columns, one per row.
    """
    n = check_size(n, high=MAX_ONE_N)
    if n in (2, 3):
        return None
    evens = np.arange(2, n + 1, 2, dtype=np.int64)
    odds = np.arange(1, n + 1, 2, dtype=np.int64)
    if n % 6 == 2:
        # swap 1 and 3, move 5 to the end
        odds = np.concatenate(([3, 1], odds[3:], [5]))
    elif n % 6 == 3:
        evens = np.concatenate((evens[1:], [2]))
        odds = np.concatenate((odds[2:], [1, 3]))
    return np.concatenate((evens, odds)) - 1


def local(n: int, seed: int | None = None) -> np.ndarray | None:
    """A solution found by min-conflicts local search, ``None`` for n = 2 and 3.

    The same seed gives the same solution; ``None`` picks a random seed. Each attempt is
    bounded; an attempt that does not converge is retried with the next seed, so the call
    always ends.
    """
    n = check_size(n, high=MAX_ONE_N)
    if seed is None:
        entropy = np.random.SeedSequence().entropy
        assert isinstance(entropy, int)  # drawn from the system (no entropy was given)
        seed = entropy % 2**31
    seed = check_size(seed, name="seed", low=0, high=2**32 - 1)
    if n in (2, 3):
        return None
    if n == 1:
        return np.zeros(1, np.int64)
    for attempt in range(_ATTEMPTS):
        # in a worker thread (the kernel releases the GIL): Ctrl-C stops the wait at once
        cols = interruptible(K.min_conflicts, n, (seed + attempt) % 2**32, _ROUNDS)
        if len(cols):
            return cols
    # small boards are where local search can stall; they are solved by construction
    return construct(n)


def one(n: int, *, method: str = "construct", seed: int | None = None) -> SolutionArray | None:
    """One solution of the n-queens problem, or ``None`` when there is none (n = 2, 3).

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 10**9 (memory: about 16 bytes per queen, 40 with ``local``).
    method : {"construct", "local"}
        ``construct``: the explicit O(n) formula, always the same solution;
        ``local``: min-conflicts local search, a different solution per seed.
    seed : int, optional
        Seed of the local search (ignored by ``construct``, which has no randomness).

    Returns
    -------
    SolutionArray or None
        The 0-based column of the queen in each row: a numpy int64 array that draws itself
        in a notebook and has :meth:`~SolutionArray.to_dict`.

    Examples
    --------
    >>> one(4).tolist()
    [1, 3, 0, 2]
    >>> from clew.queens import is_solution
    >>> is_solution(one(1000, method="local", seed=7))
    True
    """
    if method == "construct":
        return _solution(construct(n))
    if method == "local":
        return _solution(local(n, seed))
    raise ArgumentError(f"method must be 'construct' or 'local', got {method!r}")


#: Values formatted per chunk of a columns line: about 10 MB of text at a time.
LINE_CHUNK = 1 << 20


def write_line(columns: Iterable[int], out: Writer, *, separator: bytes = b" ") -> None:
    """Write the non-negative ints ``columns`` to the binary file ``out`` as one line of
    numbers separated by ``separator``, formatted by a kernel in chunks of
    :data:`LINE_CHUNK`, so that memory stays flat however long the line is (a billion
    queens: about 10 GB of text, 10 MB at a time).

    >>> import io
    >>> out = io.BytesIO()
    >>> write_line(one(8), out)
    >>> out.getvalue()
    b'1 3 5 7 2 0 6 4\\n'
    """
    from .compiled._kernels_text import format_ints

    values = np.asarray(columns, dtype=np.int64)
    n = len(values)
    if n == 0:
        out.write(b"\n")
        return
    width = len(str(max(int(values.max()), 0))) + 1  # digits of the largest value and a space
    buf = np.empty(min(n, LINE_CHUNK) * width, np.uint8)
    for lo in range(0, n, LINE_CHUNK):
        hi = min(lo + LINE_CHUNK, n)
        size = format_ints(values, lo, hi, buf)
        if hi == n:
            buf[size - 1] = ord("\n")  # the last value ends the line, not a space
        text = buf[:size].tobytes()
        if separator != b" ":
            # the kernel writes spaces: put the separator in their place (after each value)
            text = text.replace(b" ", separator)
        out.write(text)
