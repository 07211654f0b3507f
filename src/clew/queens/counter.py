"""Counting N-Queens solutions: the public functions, and which of two counters runs them.

Both counters give the same numbers (the tests check both against OEIS A000170 and
A002562):

* the compiled constellation counter (:class:`clew.queens.counting.QueensCount`): pieces on
  every core, on Dask, with a journal, through :mod:`clew.scale`;
* the interpreted bitboard counter (:mod:`clew.queens.small`), for boards up to
  :data:`~clew.queens.small.SMALL_N`, which needs neither numba nor numpy.

The compiled counter is the faster one once it is loaded, but loading it is a fixed cost of
each process (about 0.7 s: numba's import and its first kernel call). A small board is
therefore counted in the interpreter until that cost has been paid in this process, and by
the compiled counter afterwards; a journal, Dask or chosen pieces always ask for the
compiled work object, whatever the board.

>>> count(8), count(8, unique=True)
(92, 12)
>>> count_job(6, unique=True)
{'n': 6, 'total': 4, 'unique': 1}
"""

from __future__ import annotations

import sys
from typing import Any

from .._kernel_cache import announce
from ..errors import DEFAULT_JOBS, check_jobs, check_size
from . import small
from .board import MAX_COUNT_N

__all__ = ["count", "count_job", "count_total", "counts"]


def _compiled_loaded() -> bool:
    """Whether this process has already paid for the compiled counter."""
    kernels = sys.modules.get(__package__ + ".compiled._kernels_count_scan")
    return kernels is not None and bool(kernels.count_constellations.overloads)


def count_job(
    n: int,
    *,
    unique: bool = False,
    pieces: int | None = None,
    jobs: int | None = DEFAULT_JOBS,
    journal: Any = None,
    dask: Any = None,
    scheduler: Any = None,
    **options: Any,
) -> dict:
    """The answer of the count of the n x n board, ``{"n", "total", "unique"}``, from the
    counter that finishes first (see the module's notes); ``"unique"`` is None unless asked.

    The keyword arguments are those of :func:`clew.scale.run` and of
    :class:`~clew.queens.counting.QueensCount`; a ``journal``, a Dask cluster or chosen
    ``pieces`` always run the compiled work object.
    """
    n = check_size(n, high=MAX_COUNT_N)
    check_jobs(jobs)  # refused at once, in the same words as by the mechanism
    mechanism = (
        pieces is not None or journal is not None or dask is not None or scheduler is not None
    )
    if not mechanism and n <= small.SMALL_N and not _compiled_loaded():
        total, fundamental = small.counts(n) if unique else (small.count(n), None)
        return {"n": n, "total": total, "unique": fundamental}
    from ..scale import run
    from .counting import QueensCount

    # a plain count loads one kernel module; the fundamental count's rotation searches and
    # the split pieces' first lines are in ``_kernels_count`` (see ``counting``)
    modules = ["queens/compiled/_kernels_count_scan.py"] + (
        ["queens/compiled/_kernels_count.py"] if unique or pieces is not None else []
    )
    announce(*modules, job="queens count")
    work = QueensCount(n, unique=unique, pieces=pieces)
    return run(work, jobs=jobs, journal=journal, dask=dask, scheduler=scheduler, **options)


def count_total(n: int, *, jobs: int | None = DEFAULT_JOBS) -> int:
    """Number of solutions of the n x n board (OEIS A000170), on ``jobs`` workers (default
    :data:`clew.DEFAULT_JOBS`, 1; ``None``: one per core)."""
    return count_job(n, jobs=jobs)["total"]


def counts(n: int, *, jobs: int | None = DEFAULT_JOBS) -> tuple[int, int]:
    """Total and fundamental number of solutions from one count: ``(A000170(n), A002562(n))``,
    on ``jobs`` worker threads (default :data:`clew.DEFAULT_JOBS`, 1; ``None``: one per core).

    The fundamental count follows from the total by Burnside's lemma (see :func:`count`).

    Examples
    --------
    >>> counts(8)
    (92, 12)
    """
    answer = count_job(n, unique=True, jobs=jobs)
    return answer["total"], answer["unique"]


def count(n: int, *, unique: bool = False, jobs: int | None = DEFAULT_JOBS) -> int:
    """Count the solutions of the n-queens problem.

    Parameters
    ----------
    n : int
        Board size, 1 <= n <= 32 (64-bit kernels; n > 20 takes hours to years).
    unique : bool
        Count fundamental solutions, i.e. classes under the 8 rotations and reflections of
        the square (OEIS A002562), instead of all solutions (OEIS A000170).
    jobs : int or None
        Worker threads (the kernels release the GIL): default :data:`clew.DEFAULT_JOBS`
        (1), as every long job of clew; ``None`` uses every core. 0 or less raises
        :class:`~clew.errors.ArgumentError`.

    Returns
    -------
    int

    Notes
    -----
    The fundamental count comes from Burnside's lemma: it is the average over the 8
    symmetries of the number of solutions each one fixes. No reflection fixes a solution for
    n > 1 (two queens would share a line), so ``unique = (total + F180 + 2 * F90) / 8`` with
    F180 and F90 the solutions fixed by a half and a quarter turn, found by small searches.
    For a journal, Dask or a chosen number of pieces, run :class:`QueensCount` through
    :func:`clew.scale.run`, or :func:`count_job`.

    Examples
    --------
    >>> from clew import queens
    >>> queens.count(8)
    92
    >>> queens.count(8, unique=True)
    12
    >>> queens.count(8, jobs=0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: jobs must be at least 1 (None uses every core), got 0
    """
    if not unique:
        return count_total(n, jobs=jobs)
    return counts(n, jobs=jobs)[1]
