"""Langford pairs as exact cover."""

from __future__ import annotations

from collections.abc import Iterable

from ..counting import count
from ..problem import Problem
from ..verify import check_cover
from ._common import _expect, _size


class LangfordProblem(Problem):
    """A problem built by :func:`langford`.

    Attributes
    ----------
    n : int
    pairs : tuple of (int, int)
        For each option, the number k and its first position p (1-based); the second copy
        is at ``p + k + 1``.
    up_to_reversal : bool
    """

    n: int
    pairs: tuple[tuple[int, int], ...]
    up_to_reversal: bool


def langford(n: int, *, up_to_reversal: bool = False) -> LangfordProblem:
    """Langford pairs: place two copies of each number k = 1..n in a row of 2n positions
    with k numbers between the two k's.

    Parameters
    ----------
    n : int
        At least 1.
    up_to_reversal : bool
        False: one solution per sequence, so every sequence and its reverse (never equal:
        the two middle positions would hold a pair with nothing between) count apart, and
        the count is twice OEIS A014552. True: one of each pair only, by Knuth's rule:
        the largest odd number m <= n may only start in the first half (at p with
        ``2 p < 2 n - m``; its reverse starts at ``2 n - m - p``, never equal as m is odd),
        so the count is A014552(n).

    Returns
    -------
    LangfordProblem
        Primary items ``"1"`` .. ``"n"`` (the numbers), then ``"s1"`` .. ``"s2n"`` (the
        positions, 1-based). One option ``k sP sQ`` per placement, ``Q = P + k + 1``.

    Examples
    --------
    >>> from clew import cover
    >>> langford(3).options[:2]
    (('1', 's1', 's3'), ('1', 's2', 's4'))
    >>> cover.count(langford(4)), cover.count(langford(4, up_to_reversal=True))
    (2, 1)
    """
    n = _size(n, "n")
    m = n if n % 2 else n - 1
    options, labels, pairs = [], [], []
    for k in range(1, n + 1):
        for p in range(1, 2 * n - k):
            if up_to_reversal and k == m and not 2 * p < 2 * n - m:
                continue
            q = p + k + 1
            options.append([str(k), f"s{p}", f"s{q}"])
            labels.append(f"{k} at s{p} s{q}")
            pairs.append((k, p))
    primary = [str(k) for k in range(1, n + 1)] + [f"s{j}" for j in range(1, 2 * n + 1)]
    problem = LangfordProblem(options, primary=primary, labels=labels)
    problem.n = n
    problem.pairs = tuple(pairs)
    problem.up_to_reversal = bool(up_to_reversal)
    return problem


def langford_count(n: int) -> int:
    """The number of Langford sequences of order n up to reversal (OEIS A014552): 0 unless
    n is 0 or 3 mod 4 (Davies' parity argument: then 0 without a search), else
    ``clew.cover.count(langford(n, up_to_reversal=True))``.

    Examples
    --------
    >>> [langford_count(n) for n in range(1, 9)]
    [0, 0, 1, 1, 0, 0, 26, 150]
    """
    n = _size(n, "n")
    if n % 4 in (1, 2):
        return 0
    return count(langford(n, up_to_reversal=True))


def draw_langford(problem: LangfordProblem, solution: Iterable[int]) -> str:
    """A solution of :func:`langford` as its sequence, numbers separated by spaces.

    Raises
    ------
    clew.errors.InvalidSolutionError
        ``solution`` is not an exact cover of the problem.

    Examples
    --------
    >>> from clew import cover
    >>> p = langford(4, up_to_reversal=True)
    >>> draw_langford(p, cover.solve(p))
    '2 3 4 2 1 3 1 4'
    """
    problem = _expect(problem, LangfordProblem, "langford")
    solution = list(solution)
    check_cover(problem, solution)
    row = [0] * (2 * problem.n)
    for o in solution:
        k, p = problem.pairs[o]
        row[p - 1] = row[p + k] = k
    return " ".join(map(str, row))
