"""Traces of the N-Queens search: every placement, refusal and step back, in order.

Two strategies, so that a learner can compare them on the same board:

``"textbook"``
    The search of the tutorials (and of LeetCode 51's seed code): rows in order, columns
    left to right, and an ``is_valid`` check that loops over the queens already placed --
    first the column, then the diagonal towards the top left, then the anti-diagonal towards
    the top right. Every refused square is a ``prune`` event naming the attacking queen.
``"pruned"``
    clew's completion search (:func:`clew.queens.complete`, the kernel ``complete_mrv``),
    step for step: attacked squares are never tried (bitboards), and each step fills the
    row or column with the fewest free squares (rows before columns, lower index first, on
    ties); a line with no free square left ends the branch at once (a ``prune`` event
    "empty row" / "empty column"). It finds the same first solution as that kernel.

Both search on to every solution by default, as the tutorials that count the solutions do
(``all_solutions=False`` stops at the first). The event format is described in
:mod:`clew.trace`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..errors import check_size
from ..trace import Recorder, Trace, check_trace_args

#: What a search yields: an event, or None when the trace only counts (``summary``).
Events = Iterator[dict | None]

__all__ = ["MAX_TRACE_N", "trace"]

#: Largest board a trace takes (a trace is for watching: a few thousand events already
#: take long to read).
MAX_TRACE_N = 32


def trace(
    n: int,
    strategy: str = "pruned",
    *,
    max_events: int | None = None,
    all_solutions: bool = True,
    summary: bool = False,
) -> Trace:
    """The events of the N-Queens search on an empty n x n board, as it runs.

    Parameters
    ----------
    n : int
        Board size, 1 to :data:`MAX_TRACE_N`.
    strategy : {"pruned", "textbook"}
        clew's pruned search, or the textbook one (see the module docstring).
    max_events : int, optional
        Stop after this many events (an ``end`` event with ``complete: False`` follows);
        default: the whole search.
    all_solutions : bool
        Search on after each solution, to the end of the tree (the default, as the
        tutorials that count the solutions do), or stop at the first solution (False).
    summary : bool
        Yield the ``end`` event alone: the search runs step for step but makes no other
        event, so the final counters of a search of millions of steps come cheaply.

    Yields
    ------
    dict
        Events as described in :mod:`clew.trace`, each with the running counters ``nodes``
        (queens placed so far), ``backtracks`` (queens taken back because no solution
        extends them) and ``solutions``. Rows and columns in the events count from 0.

    Examples
    --------
    >>> from clew import queens
    >>> events = list(queens.trace(4, "textbook"))
    >>> [e["type"] for e in events[:5]]
    ['place', 'prune', 'prune', 'place', 'prune']
    >>> events[1]  # doctest: +NORMALIZE_WHITESPACE
    {'type': 'prune', 'row': 1, 'col': 0, 'why': 'column', 'by': [0, 0],
     'depth': 1, 'nodes': 1, 'backtracks': 0, 'solutions': 0}
    >>> end = events[-1]
    >>> end["solutions"], end["nodes"], end["backtracks"], end["complete"]
    (2, 16, 8, True)
    >>> [list(queens.trace(8, s))[-1]["nodes"] for s in ("textbook", "pruned")]
    [2056, 1222]
    >>> list(queens.trace(8, "textbook", all_solutions=False, summary=True))
    ... # doctest: +NORMALIZE_WHITESPACE
    [{'type': 'end', 'kind': 'queens', 'complete': True, 'all_solutions': False,
      'strategy': 'textbook', 'n': 8, 'depth': 8, 'nodes': 113, 'backtracks': 105,
      'solutions': 1}]
    """
    n = check_size(n, high=MAX_TRACE_N)
    record = Recorder(
        check_trace_args(strategy, max_events), all_solutions=all_solutions, summary=summary
    )
    search = _textbook if strategy == "textbook" else _pruned
    return record.run(search(n, record.state, record), kind="queens", strategy=strategy, n=n)


def _attacker(cols: list[int], r: int, c: int, n: int) -> tuple[str, list[int]] | None:
    """The textbook ``is_valid`` loops: (why, [row, col]) of the queen attacking (r, c)."""
    for i in range(r):
        if cols[i] == c:
            return "column", [i, c]
    i, j = r - 1, c - 1
    while i >= 0 and j >= 0:
        if cols[i] == j:
            return "diagonal", [i, j]
        i, j = i - 1, j - 1
    i, j = r - 1, c + 1
    while i >= 0 and j < n:
        if cols[i] == j:
            return "anti-diagonal", [i, j]
        i, j = i - 1, j + 1
    return None


def _textbook(n: int, state: dict, event: Recorder) -> Events:
    cols: list[int] = []

    def go(r: int) -> Events:
        if r == n:
            state["solutions"] += 1
            yield event("solution", columns=list(cols))
            event.found()
            return
        for c in range(n):
            attack = _attacker(cols, r, c, n)
            if attack is not None:
                yield event("prune", row=r, col=c, why=attack[0], by=attack[1])
                continue
            cols.append(c)
            state["nodes"] += 1
            state["depth"] += 1
            yield event("place", row=r, col=c)
            before = state["solutions"]
            yield from go(r + 1)
            cols.pop()
            dead = state["solutions"] == before  # no solution below: a dead end
            state["backtracks"] += dead
            state["depth"] -= 1
            yield event("backtrack", row=r, col=c, dead_end=dead)

    yield from go(0)


def _pruned(n: int, state: dict, event: Recorder) -> Events:
    full = (1 << n) - 1
    sol = [-1] * n

    def attacked(queens: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
        """Per row and per column, the attacked squares (as column / row masks)."""
        ra = [0] * n
        ca = [0] * n
        for x, y in queens:
            for i in range(n):
                ra[i] |= 1 << y  # its column, in every row
                ca[i] |= 1 << x  # its row, in every column
                d = i - x  # the diagonals through (x, y), seen from row i and column i
                if 0 <= y + d < n:
                    ra[i] |= 1 << (y + d)
                if 0 <= y - d < n:
                    ra[i] |= 1 << (y - d)
                e = i - y
                if 0 <= x + e < n:
                    ca[i] |= 1 << (x + e)
                if 0 <= x - e < n:
                    ca[i] |= 1 << (x - e)
        return ra, ca

    def go(queens: list[tuple[int, int]], rows: int, cols: int) -> Events:
        ra, ca = attacked(queens)
        # MRV as complete_mrv: row i, then column i, for i = 0..n-1; the first fewest wins
        best, line, free = n + 1, ("row", 0), 0  # a line is always found: best <= n
        for i in range(n):
            if not (rows >> i) & 1:
                f = full & ~(cols | ra[i])
                if bin(f).count("1") < best:
                    best, line, free = bin(f).count("1"), ("row", i), f
            if not (cols >> i) & 1:
                f = full & ~(rows | ca[i])
                if bin(f).count("1") < best:
                    best, line, free = bin(f).count("1"), ("column", i), f
        if best == 0:
            kind, i = line
            if kind == "row":
                yield event("prune", row=i, col=None, why="empty row", by=None)
            else:
                yield event("prune", row=None, col=i, why="empty column", by=None)
            return
        kind, i = line
        while free:
            bit = free & -free
            free ^= bit
            x, c = (i, bit.bit_length() - 1) if kind == "row" else (bit.bit_length() - 1, i)
            sol[x] = c
            state["nodes"] += 1
            state["depth"] += 1
            yield event("place", row=x, col=c)
            before = state["solutions"]
            if len(queens) + 1 == n:
                state["solutions"] += 1
                yield event("solution", columns=list(sol))
                event.found()
            else:
                yield from go(queens + [(x, c)], rows | (1 << x), cols | (1 << c))
            sol[x] = -1
            dead = state["solutions"] == before  # no solution below: a dead end
            state["backtracks"] += dead
            state["depth"] -= 1
            yield event("backtrack", row=x, col=c, dead_end=dead)

    yield from go([], 0, 0)
