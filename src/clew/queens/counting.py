"""Counting N-Queens solutions: the constellation pieces, their work object, the API.

A count is cut into pieces: slices of the table of canonical border constellations (every
solution has exactly one queen on each border line; one constellation per symmetry class,
weighted by its orbit size), plus, for the fundamental count, the two small searches of
the solutions a half turn and a quarter turn fix. :class:`QueensCount` hands those pieces
to :mod:`clew.scale`, which runs them on threads (the kernels release the GIL), processes
or Dask, with a journal.

The constellations are completed by the search of ``_kernels_count_scan`` (dual MRV with a
scalar line scan, then ``COMPLETION_TAIL[n]`` queens row by row); a piece's value is the
same whatever search computes it, so journals of earlier versions stay valid.

What a count compiles on its first run (issue 26): the table comes from NumPy
(:mod:`clew.queens.border`), and a plain count loads one kernel,
``_kernels_count_scan.count_constellations``; the split pieces, the fundamental count's
rotation searches (``_kernels_count``) and a row tail (``COMPLETION_TAIL`` above 3) each
bring their own kernel, compiled when first reached.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import cast

import numpy as np

from ..errors import check_size
from ..scale import Work
from .board import MAX_COUNT_N
from .border import TABLE_QUEENS, TABLE_SQUARES, TABLE_WEIGHT, border_constellations
from .compiled import _kernels_count_scan as scan
from .compiled._kernels_common import COLUMN_LINE

__all__ = [
    "COMPLETION_TAIL",
    "MAX_PIECES",
    "QueensCount",
    "constellations",
    "count_piece",
    "count_symmetric",
]

#: Most pieces a count can be cut into. Up to one piece per constellation a piece is a
#: slice of the table; beyond, constellations are split on the first choices of their own
#: search (a record attempt wants millions of pieces of minutes each).
MAX_PIECES = 1 << 26

#: Board size -> ``tail`` of the completion search: how many of the last queens of each
#: branch are placed row by row, in the cheapest possible node, instead of by the dual MRV
#: search (3 or less: MRV until the last three, which are decided together). Measured on
#: the same constellations (``python benchmarks/queens_count_bench.py --tails``): the
#: row-by-row node costs about 40% of an MRV node, but row by row visits 4-7x the nodes,
#: and every tail above 3 was slower at n = 12, 14 and 16; so every size gets 3 until a
#: measurement says otherwise.
COMPLETION_TAIL = {n: 3 for n in range(1, MAX_COUNT_N + 1)}


def constellations(n: int) -> np.ndarray:
    """Canonical border constellations of the n x n board, the independent pieces of a count.

    Each row is ``m, s0, s1, s2, s3, weight`` (see
    :func:`clew.queens.border.border_constellations`).
    """
    n = check_size(n, high=MAX_COUNT_N)
    return _table(n)


@functools.lru_cache(maxsize=8)
def _table(n: int) -> np.ndarray:
    table = border_constellations(n)
    table.setflags(write=False)  # shared by every piece of every thread
    return table


def count_piece(n: int, table: np.ndarray, lo: int, hi: int) -> int:
    """Weighted number of solutions whose border constellation is one of ``table[lo:hi]``.

    A pure function of its arguments: the unit of parallel work. Summing it over a partition
    of the table gives the total number of solutions.
    """
    tally = np.zeros(scan.TALLY_SIZE, np.int64)
    tail = COMPLETION_TAIL[n]
    if tail <= scan.MRV_TAIL:
        counts = scan.count_constellations(n, table, lo, hi, tally)
    else:
        counts = scan.count_constellations_tail(n, table, lo, hi, tail, tally)
    # weights times counts in Python integers: exact beyond 2**63
    weights = table[lo:hi, TABLE_WEIGHT].tolist()
    return sum(int(w) * int(c) for w, c in zip(weights, counts.tolist(), strict=True))


def count_symmetric(n: int, quarter: bool = False) -> int:
    """Number of solutions unchanged by a half turn (or, with ``quarter``, a quarter turn)."""
    from .compiled._kernels_count import (
        count_rotation_symmetric,  # loaded only by a fundamental count
    )

    n = check_size(n, high=MAX_COUNT_N)
    return int(count_rotation_symmetric(n, quarter))


class _Pieces:
    """The pieces of a count, computed on demand: ``("constellations", lo, hi)`` for
    ``count`` slices of the table, then ``("fixed", 2)`` and ``("fixed", 4)`` with
    ``unique``."""

    def __init__(self, rows: int, count: int, unique: bool) -> None:
        self.rows, self.count = rows, count
        self.extra = [("fixed", 2), ("fixed", 4)] if unique else []

    def __len__(self) -> int:
        return self.count + len(self.extra)

    def __getitem__(self, i: int) -> tuple:
        if i < 0:
            i += len(self)
        if 0 <= i < self.count:
            return (
                "constellations",
                self.rows * i // self.count,
                self.rows * (i + 1) // self.count,
            )
        if self.count <= i < len(self):
            return self.extra[i - self.count]
        raise IndexError(i)


def _squares(table: np.ndarray, k: int, extra: tuple) -> np.ndarray:
    """The queens of constellation ``k`` with the ``extra`` squares added, as one array."""
    m = int(table[k, TABLE_QUEENS])
    own = table[k, TABLE_SQUARES : TABLE_SQUARES + m]
    return np.concatenate([own, np.asarray(extra, np.int64)]).astype(np.int64)


@functools.lru_cache(maxsize=2)
def _split(n: int, target: int) -> tuple:
    """At least ``target`` pieces ``(k, extra squares)`` (as many as the search allows):
    constellations split, round after round and in table order, on the free squares of the
    line their own search branches on first. Every completion of a piece has one queen on
    that line, so the children partition its completions."""
    from .compiled._kernels_count import first_line  # loaded only by a split count

    table = _table(n)
    leaves = [(k, ()) for k in range(len(table))]
    while len(leaves) < target:
        grown: list = []
        progress = False
        for i, (k, extra) in enumerate(leaves):
            if len(grown) + len(leaves) - i >= target:
                grown.extend(leaves[i:])  # enough: the rest stay whole
                break
            squares = _squares(table, k, extra)
            line, free = first_line(n, squares, len(squares))
            if line < 0:
                grown.append((k, extra))
                continue
            progress = True
            while free:
                bit = free & -free
                free ^= bit
                at = int(bit).bit_length() - 1
                square = line * n + at if line < COLUMN_LINE else at * n + (line - COLUMN_LINE)
                grown.append((k, extra + (square,)))
        leaves = grown
        if not progress:
            break
    return tuple(leaves)


class QueensCount(Work):
    """The count of the n-queens solutions (and, with ``unique``, the fundamental ones),
    cut into ``pieces`` pieces (default about 32 n: enough for load balancing and
    fine-grained resumption, few enough that scheduling and journal writes cost nothing).
    Up to one constellation a piece, the pieces are slices of the constellation table;
    asked for more, constellations are split on the first choices of their own search
    (pieces ``("queens", k, squares)``: constellation k with queens added), as finely as a
    record attempt needs.

    >>> from clew.scale import run
    >>> run(QueensCount(8, unique=True), jobs=1)
    {'n': 8, 'total': 92, 'unique': 12}
    >>> len(QueensCount(12, pieces=5).pieces())
    5
    >>> len(QueensCount(12, pieces=5000).pieces()) >= 5000    # constellations split
    True
    """

    releases_gil = True

    def __init__(self, n: int, unique: bool = False, pieces: int | None = None) -> None:
        self.n = check_size(n, high=MAX_COUNT_N)
        self.unique = bool(unique) and self.n > 1
        self._unique_asked = bool(unique)
        rows = len(_table(self.n))
        if pieces is None:  # the default never splits a constellation
            pieces = max(1, min(32 * self.n, rows))
        pieces = check_size(pieces, name="pieces", low=1, high=MAX_PIECES)
        # up to one constellation a piece: slices of the table; beyond: split constellations
        self.split = pieces > rows
        self.asked = pieces if self.split else max(1, min(rows, pieces))
        self._rows = rows

    def identity(self) -> dict:
        return {"count": "queens", "n": self.n, "unique": self._unique_asked, "pieces": self.asked}

    @classmethod
    def from_identity(cls, identity: dict) -> QueensCount:
        return cls(identity["n"], identity["unique"], identity["pieces"])

    def pieces(self) -> Sequence[tuple]:
        if not self.split:
            # a sequence by duck typing (len and indexing), as the executors use it
            return cast(Sequence[tuple], _Pieces(self._rows, self.asked, self.unique))
        extra = [("fixed", 2), ("fixed", 4)] if self.unique else []
        # _split is cached: a rerun, or a forked worker, does not cut again
        return [("queens", k, squares) for k, squares in _split(self.n, self.asked)] + extra

    def run_piece(self, piece: tuple) -> int:
        if piece[0] == "constellations":
            return count_piece(self.n, _table(self.n), piece[1], piece[2])
        if piece[0] == "queens":
            table = _table(self.n)
            squares = _squares(table, piece[1], piece[2])
            tally = np.zeros(scan.TALLY_SIZE, np.int64)
            tail = COMPLETION_TAIL[self.n]
            if tail <= scan.MRV_TAIL:
                found = scan.count_placements(self.n, squares, len(squares), tally)
            else:
                found = scan.count_placements_tail(self.n, squares, len(squares), tail, tally)
            return int(table[piece[1], TABLE_WEIGHT]) * int(found)
        return count_symmetric(self.n, quarter=piece[1] == 4)

    def combine(self, values: list) -> dict:
        main = len(values) - (2 if self.unique else 0)
        total = sum(values[:main])
        answer = {"n": self.n, "total": total, "unique": None}
        if self._unique_asked:
            if not self.unique:  # n = 1: the one solution is its own class
                answer["unique"] = total
            else:
                half, quarter = values[main:]
                burnside = total + half + 2 * quarter
                if burnside % 8:
                    raise RuntimeError(
                        f"Burnside's lemma violated for n={self.n}: a kernel is wrong"
                    )
                answer["unique"] = burnside // 8
        return answer

    def encode(self, value: int) -> str:
        return str(int(value))

    def decode(self, text: str) -> int:
        return int(text)

    def describe(self) -> str:
        return f"{'fundamental and total' if self._unique_asked else 'total'} {self.n}-queens count"

    def report(self, done: dict, pieces: int) -> dict:
        main = pieces - (2 if self.unique else 0)
        return {"partial": sum(v for i, v in done.items() if i < main)}

    def summary(self, answer: dict) -> str:
        text = f"total {answer['total']}"
        if answer.get("unique") is not None:
            text += f", fundamental {answer['unique']}"
        return text
