"""Compile ahead (``clew compile queens``, :func:`clew.compile`): small calls that reach
every kernel of the family, so that each is compiled into the cache once.

:data:`GROUPS` holds groups of calls: the calls of one group run in order in one worker
process, the groups in parallel. Two groups never compile the same kernel function (numba
writes each function's cache index without a lock), so every queens call is one group: the
kernel modules share helpers (``compiled._kernels_common``, ``compiled._kernels_constellation``,
``_bits``).
"""

from __future__ import annotations

__all__ = ["GROUPS"]


def count() -> None:
    """The constellation counter, total and unique (``clew queens count 12``)."""
    from .counter import count_job

    count_job(12)
    count_job(12, unique=True)


def enumerate_solutions() -> None:
    """Lexicographic and symmetry-order solutions, as arrays and as text (``clew queens
    solve 12``, ``--any-order``, ``--unique``), and the verifier."""
    import io

    from . import (
        check_solution,
        fundamental_solutions,
        solution_batches,
        solution_batches_unordered,
        solutions,
    )
    from .output import write_solutions

    first = next(solutions(8))
    check_solution(first)
    list(fundamental_solutions(8))
    next(solution_batches(8))
    next(solution_batches_unordered(8))
    for fmt in ("columns", "json"):
        for ordered in (True, False):
            write_solutions(8, io.BytesIO(), fmt=fmt, limit=None, ordered=ordered, unique=False)
        write_solutions(8, io.BytesIO(), fmt=fmt, limit=None, ordered=False, unique=True)


def other() -> None:
    """Completion, the local search and the construction of huge boards, the ladder."""
    from . import compare, complete, one

    complete(8, placed=[(0, 0)], limit=None)
    one(1000, method="local", seed=1)
    one(1000)
    compare(6)


#: Groups of calls: one worker process each (see the module's docstring).
GROUPS = ((count, enumerate_solutions, other),)
