"""The eight-queens ladder: every method the tutorials show, run on the same board.

:func:`compare` counts the solutions of the n x n board by each method, from the worst to
clew's own, and reports what each one examined, the queens it placed, its time and its
count; :func:`format_table` writes the table (``clew queens compare N``). All the methods
but clew's are the kernels of :mod:`clew.queens.compiled._kernels_ladder`, compiled alike, so the
table compares methods, not languages.

The methods, and what "placements examined" counts for each:

==========================  =========================================================
every placement             every set of n squares out of n^2, judged whole:
                            ``C(n^2, n)`` (4,426,165,368 for n = 8)
one queen per row           every board with one queen in each row, judged whole: ``n^n``
backtracking, is_valid      row by row, columns left to right; each square tried is one
                            ``is_valid`` loop over the queens above: squares tried
backtracking, flags         the same search, a flag per column and diagonal: squares tried
bitmasks                    the same search, attacked squares never tried: squares tried,
                            which is the queens placed
clew                        :func:`clew.queens.count`: canonical border constellations
                            completed by a dual-MRV bitboard search (nothing to report
                            per square: the kernel counts, it does not count its steps)
==========================  =========================================================

"Nodes" are queens placed by a search (the nodes of its tree); the two brute forces place
no queen one by one, they judge whole boards. The three backtracking searches build the
same tree, so their nodes agree, and the bitmask search also counts the queens placed on
each row, from which the exact number of squares the other two try follows
(n per state they expand: the start and every queen placed above the last row).

A method too slow for the board is not run: when it would examine more than ``limit``
placements (10^10 by default). Its work is still shown: exact for the brute forces
(``C(n^2, n)``, ``n^n``) and for the searches when the bitmask search ran; otherwise an
estimate by Knuth's method (random paths down the tree, :data:`PROBES` of them, always the
same), marked as such. The bitmask search stops at the limit if the estimate was short.
clew's counter runs up to :data:`CLEW_MAX_N` (about ten seconds of one core there).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import TypeVar

import numpy as np

from ..errors import MAX_LIMIT, check_limit, check_size
from ..scale import run
from ._waiting import interruptible
from .board import MAX_COUNT_N
from .compiled import _kernels_ladder as K
from .counting import QueensCount

T = TypeVar("T")

__all__ = ["CLEW_MAX_N", "LIMIT", "METHODS", "PROBES", "Ladder", "Rung", "compare", "format_table"]

#: Placements a method may examine; a method that would examine more is not run.
LIMIT = 10**10
#: clew's counter runs up to this board (about ten seconds on one core; beyond, each step
#: up takes 6-10 times longer).
CLEW_MAX_N = 17
#: Random paths of the estimate of a search tree too large to walk.
PROBES = 2000
#: The methods, in the order of the ladder: key and words.
METHODS = (
    ("every", "every placement"),
    ("rows", "one queen per row"),
    ("is_valid", "backtracking, is_valid loop"),
    ("flags", "backtracking, column/diagonal flags"),
    ("bits", "backtracking, bitmasks"),
    ("clew", "clew: constellations, dual MRV"),
)


@dataclass(frozen=True)
class Rung:
    """One method on one board.

    Attributes
    ----------
    key, method : str
        The method's key (``"every"``, ``"rows"``, ``"is_valid"``, ``"flags"``, ``"bits"``,
        ``"clew"``) and its name.
    examined : int or None
        Placements examined (see the module docstring); None for clew's counter.
    exact : bool
        ``examined`` is exact (counted, or computed in closed form); False: an estimate.
    nodes : int or None
        Queens placed by a search; None for the brute forces and clew's counter.
    seconds : float or None
        Time of the run; None when the method was not run.
    count : int or None
        Solutions found; None when not run.
    note : str
        What the work is, or why the method was not run.
    ran : bool
        The method was run (``seconds`` is not None).

    :meth:`to_dict` gives the JSON form: every attribute above, ``seconds`` rounded to the
    microsecond.
    """

    key: str
    method: str
    examined: int | None
    exact: bool
    nodes: int | None
    seconds: float | None
    count: int | None
    note: str = ""

    @property
    def ran(self) -> bool:
        return self.seconds is not None

    def to_dict(self) -> dict:
        """The fields key, method, examined, exact, nodes, seconds, count, note and ran."""
        seconds = None if self.seconds is None else round(self.seconds, 6)
        return {**asdict(self), "seconds": seconds, "ran": self.ran}


class Ladder(list):
    """The answer of :func:`compare`: the list of its :class:`Rung` objects, one per method in
    the order of :data:`METHODS`, with the board and the limit they ran under.

    Attributes
    ----------
    n : int
        The size of the board.
    limit : int or None
        The most placements a method could examine to be run (``None``: no limit).

    :meth:`to_dict` gives the JSON form (``clew queens compare N --format json``): ``n``,
    ``limit`` and ``methods``, the :meth:`Rung.to_dict` of each method; ``str()`` of it is
    the table of :func:`format_table`.

    Examples
    --------
    >>> ladder = compare(4)
    >>> ladder.n, [r.count for r in ladder]
    (4, [2, 2, 2, 2, 2, 2])
    >>> sorted(ladder.to_dict())
    ['limit', 'methods', 'n']
    """

    def __init__(self, rungs: Iterable[Rung] = (), *, n: int, limit: int | None) -> None:
        super().__init__(rungs)
        self.n, self.limit = n, limit

    def to_dict(self) -> dict:
        """``{"n", "limit", "methods"}`` (see the class)."""
        return {"n": self.n, "limit": self.limit, "methods": [r.to_dict() for r in self]}

    def __str__(self) -> str:
        return format_table(self)


def _clew_count(n: int) -> int:
    """clew's compiled constellation counter on one core (never the interpreted one of
    :mod:`.small`: the ladder measures the compiled engine)."""
    return run(QueensCount(n), jobs=1)["total"]


def _clock(fn: Callable[..., T], *args: object) -> tuple[T, float]:
    t0 = time.perf_counter()
    out = fn(*args)
    return out, time.perf_counter() - t0


def _timed(fn: Callable[..., T], *args: object) -> tuple[T, float]:
    """``fn(*args)`` and its time, measured in the worker thread that runs it (see
    :func:`clew.queens._waiting.interruptible`: Ctrl-C stops a brute force of seconds at once,
    and the thread's start is not in the time)."""
    return interruptible(_clock, fn, *args)


def _warm() -> None:
    """Load (or compile) every ladder kernel on a tiny board, so that no time measured
    includes compiling."""
    K.every_placement(2, K.attack_masks(2))
    K.one_per_row(2)
    K.backtrack_is_valid(2)
    K.backtrack_arrays(2)
    K.backtrack_bits(2, 1 << 62, np.zeros(2, dtype=np.int64))


def estimate_levels(n: int, probes: int = PROBES) -> list[float]:
    """Knuth's estimate of the queens the row-by-row search places on each row: down a
    random path, the product of the numbers of free squares met so far estimates the
    number of states at that depth; the mean of ``probes`` paths (seeded by n, so always
    the same) is unbiased.

    >>> [round(x) for x in estimate_levels(4, 5000)]   # exactly [4, 6, 4, 2]
    [4, 6, 4, 2]
    """
    rng = random.Random(n)
    full = (1 << n) - 1
    levels = [0.0] * n
    for _ in range(probes):
        cols = left = right = 0
        weight = 1
        for r in range(n):
            free = full & ~(cols | left | right)
            d = bin(free).count("1")
            if not d:
                break
            weight *= d
            levels[r] += weight
            for _ in range(rng.randrange(d)):
                free &= free - 1
            bit = free & -free
            cols, left, right = cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1
    return [x / probes for x in levels]


def _squares_tried(n: int, per_row: np.ndarray) -> int:
    """Squares the is_valid and flag searches try: n for each state they expand (the
    start, and every queen placed above the last row)."""
    return n * (1 + int(sum(per_row[: n - 1])))


def compare(n: int, *, limit: int | None = LIMIT) -> Ladder:
    """Count the solutions of the n x n board by every method of the ladder.

    Parameters
    ----------
    n : int
        Board size, 1 to 32.
    limit : int or None
        A method that would examine more placements is not run (its work is shown); default
        :data:`LIMIT` (10**10); ``None``: no limit but :data:`clew.MAX_LIMIT` (2**62), so
        that a method runs however long it takes.

    Returns
    -------
    Ladder
        The list of the :class:`Rung` objects, one per method, in the order of
        :data:`METHODS`. Every method that ran found the same count (a disagreement raises
        ``RuntimeError``: a bug).

    Examples
    --------
    >>> rungs = compare(6)
    >>> for r in rungs:
    ...     print(r.key, r.examined, r.nodes, r.count)
    every 1947792 None 4
    rows 46656 None 4
    is_valid 894 152 4
    flags 894 152 4
    bits 152 152 4
    clew None None 4
    >>> r = compare(9, limit=10**8)[0]
    >>> r.ran, r.examined, r.exact
    (False, 260887834350, True)
    >>> compare(6, limit=0)
    Traceback (most recent call last):
    ...
    clew.errors.ArgumentError: limit must be at least 1 (None finds every solution), got 0
    """
    n = check_size(n, high=MAX_COUNT_N)
    asked = check_limit(limit)
    limit = MAX_LIMIT if asked is None else asked
    _warm()
    out: dict[str, Rung] = {}
    names = dict(METHODS)
    over = f"not run: more than the limit of {limit:,} placements"

    # every placement: C(n^2, n) boards
    work = math.comb(n * n, n)
    formula = f"C({n * n}, {n}) placements of {n} queens on {n * n} squares"
    if work > limit:
        out["every"] = Rung(
            "every", names["every"], work, True, None, None, None, f"{over}; {formula}"
        )
    elif n > K.MAX_EVERY_N:
        out["every"] = Rung(
            "every",
            names["every"],
            work,
            True,
            None,
            None,
            None,
            f"not run: the kernel keeps a board in 64 bits (n <= {K.MAX_EVERY_N}); {formula}",
        )
    else:
        (examined, found), seconds = _timed(K.every_placement, n, K.attack_masks(n))
        out["every"] = Rung(
            "every", names["every"], int(examined), True, None, seconds, int(found), formula
        )

    # one queen per row: n^n boards
    work = n**n
    formula = f"{n}^{n} boards with one queen in each row"
    if work > limit:
        out["rows"] = Rung(
            "rows", names["rows"], work, True, None, None, None, f"{over}; {formula}"
        )
    else:
        (examined, found), seconds = _timed(K.one_per_row, n)
        out["rows"] = Rung(
            "rows", names["rows"], int(examined), True, None, seconds, int(found), formula
        )

    # the bitmask search first: its rows tell the exact work of the other two searches
    levels = estimate_levels(n)
    guess = sum(levels)
    per_row = np.zeros(n, dtype=np.int64)
    bits_note = "squares tried = queens placed: attacked squares are never tried"
    if guess > limit:
        out["bits"] = Rung(
            "bits",
            names["bits"],
            round(guess),
            False,
            round(guess),
            None,
            None,
            f"{over} (estimated, {PROBES} random paths)",
        )
        exact_rows = None
    else:
        (nodes, found), seconds = _timed(K.backtrack_bits, n, limit, per_row)
        if nodes == K.STOPPED:
            out["bits"] = Rung(
                "bits",
                names["bits"],
                limit + 1,
                False,
                limit + 1,
                None,
                None,
                f"{over} (stopped after {limit:,})",
            )
            exact_rows = None
        else:
            out["bits"] = Rung(
                "bits", names["bits"], int(nodes), True, int(nodes), seconds, int(found), bits_note
            )
            exact_rows = per_row
    for key, kernel in (("is_valid", K.backtrack_is_valid), ("flags", K.backtrack_arrays)):
        what = (
            "squares tried, each an is_valid loop over the queens above"
            if key == "is_valid"
            else "squares tried, each three flags read"
        )
        if exact_rows is None:
            work = round(n * (1 + sum(levels[: n - 1])))
            nodes = round(guess)
            out[key] = Rung(
                key,
                names[key],
                work,
                False,
                nodes,
                None,
                None,
                f"{over} (estimated, {PROBES} random paths)",
            )
            continue
        work = _squares_tried(n, exact_rows)
        if work > limit:
            out[key] = Rung(
                key, names[key], work, True, out["bits"].nodes, None, None, f"{over}; {what}"
            )
            continue
        (examined, nodes, found), seconds = _timed(kernel, n)
        if (examined, nodes) != (work, out["bits"].nodes):
            raise RuntimeError(
                f"{key}: {examined} squares and {nodes} queens, "
                f"expected {work} and {out['bits'].nodes}"
            )
        out[key] = Rung(key, names[key], int(examined), True, int(nodes), seconds, int(found), what)

    # clew's own counter
    if n <= CLEW_MAX_N:
        _clew_count(max(n, 4))  # load the counting kernels (compiled once, then cached)
        found, seconds = _clock(_clew_count, n)  # in this thread: clew.scale handles Ctrl-C
        out["clew"] = Rung(
            "clew",
            names["clew"],
            None,
            True,
            None,
            seconds,
            int(found),
            "clew.queens.count(n, jobs=1); its kernel does not count its steps",
        )
    else:
        out["clew"] = Rung(
            "clew",
            names["clew"],
            None,
            True,
            None,
            None,
            None,
            f"not run: beyond n = {CLEW_MAX_N} "
            f"(clew queens count {n} --jobs all runs on every core, with a journal)",
        )

    rungs = Ladder((out[key] for key, _ in METHODS), n=n, limit=asked)
    counts = {r.count for r in rungs if r.ran}
    if len(counts) > 1:
        raise RuntimeError(
            f"the methods disagree on the count of the {n}x{n} board: "
            f"{[(r.key, r.count) for r in rungs]}"
        )
    return rungs


def _seconds(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} \u00b5s"


#: Exact numbers are written out in full up to here, then as 1.234e+33 (the JSON output and
#: the :class:`Rung` keep every digit).
_WRITTEN_OUT = 10**21


def _number(value: int | None, exact: bool) -> str:
    if value is None:
        return "-"
    if not exact:
        return f"~{value:.1e}"
    return f"{value:,}" if value < _WRITTEN_OUT else f"{value:.3e}"


def format_table(rungs: list[Rung], n: int | None = None) -> str:
    """The ladder as a text table, one line per method, and a note for each method not run.

    >>> rows = [Rung("bits", "backtracking, bitmasks", 2056, True, 2056, 0.00002, 92),
    ...         Rung("every", "every placement", 260887834350, True, None, None, None, "not run")]
    >>> print(format_table(rows))
    method                  placements examined  nodes     time  solutions
    backtracking, bitmasks                2,056  2,056    20 µs         92
    every placement             260,887,834,350      -  not run          -
    <BLANKLINE>
    every placement: not run
    """
    rows = [("method", "placements examined", "nodes", "time", "solutions")]
    for r in rungs:
        rows.append(
            (
                r.method,
                _number(r.examined, r.exact),
                _number(r.nodes, r.exact),
                _seconds(r.seconds) if r.ran and r.seconds is not None else "not run",
                f"{r.count:,}" if r.ran else "-",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(5)]
    lines = [
        "  ".join(
            [row[0].ljust(widths[0])]
            + [cell.rjust(width) for cell, width in zip(row[1:], widths[1:], strict=True)]
        ).rstrip()
        for row in rows
    ]
    notes = [f"{r.method}: {r.note}" for r in rungs if not r.ran]
    return "\n".join(lines + ([""] + notes if notes else []))
