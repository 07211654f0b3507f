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
"""

from __future__ import annotations

import numpy as np

from ..errors import check_size
from . import _kernels_huge as K

#: Largest board :func:`one` accepts. Memory is the real limit: about 16 bytes per queen
#: for the construction, 40 for the local search.
MAX_ONE_N = 1_000_000_000

#: Repair rounds of one local-search attempt before it restarts with the next seed.
_ROUNDS = 1000
_ATTEMPTS = 20


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
        seed = int(np.random.SeedSequence().entropy % 2**31)
    seed = check_size(seed, name="seed", low=0, high=2**32 - 1)
    if n in (2, 3):
        return None
    if n == 1:
        return np.zeros(1, np.int64)
    for attempt in range(_ATTEMPTS):
        cols = K.min_conflicts(n, (seed + attempt) % 2**32, _ROUNDS)
        if len(cols):
            return cols
    # small boards are where local search can stall; they are solved by construction
    return construct(n)


def one(n: int, *, method: str = "construct", seed: int | None = None) -> np.ndarray | None:
    """One solution of the n-queens problem, or ``None`` when there is none (n = 2, 3).

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 10**9 (memory: about 16 bytes per queen, 40 with ``local``).
    method : {"construct", "local"}
        ``construct``: the explicit O(n) formula, always the same solution;
        ``local``: min-conflicts local search, a different solution per seed.
    seed : int, optional
        Seed of the local search (ignored by ``construct``).

    Returns
    -------
    numpy.ndarray of int64 or None
        The 0-based column of the queen in each row.

    Examples
    --------
    >>> one(4).tolist()
    [1, 3, 0, 2]
    >>> from clew.queens import is_solution
    >>> is_solution(one(1000, method="local", seed=7))
    True
    """
    if method == "construct":
        return construct(n)
    if method == "local":
        return local(n, seed)
    from ..errors import ClewError

    raise ClewError(f"method must be 'construct' or 'local', got {method!r}")
