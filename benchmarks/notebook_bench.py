"""What the notebook pictures cost the bulk paths: each pair is timed interleaved, in one
process, so that the load of a busy machine falls on both alike.

* ``fundamental_solutions(12)`` (1,787 ``Solution`` tuples) against the same blocks made into
  plain tuples;
* ``solutions(12)`` (14,200 plain tuples, unchanged) against the same blocks made into
  ``Solution`` tuples: why :func:`clew.queens.solutions` stays plain;
* a trace read through :class:`clew.trace.Trace` against its generator read directly.

Run: ``python benchmarks/notebook_bench.py [repeats]`` (default 15); prints the medians and
the minimums (on a busy machine the minimum is the steadier measure of the work itself).
"""

from __future__ import annotations

import statistics
import sys
import time

from clew import queens, sudoku
from clew.queens.solver import fundamental_batches, solution_batches

LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def timed(f) -> float:
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def plain(batches):
    for block in batches:
        yield from map(tuple, block.tolist())


def pictures(batches):
    for block in batches:
        yield from map(queens.Solution, block.tolist())


PAIRS = [
    (
        "fundamental_solutions(12)",
        lambda: sum(1 for _ in queens.fundamental_solutions(12)),
        lambda: sum(1 for _ in plain(fundamental_batches(12))),
    ),
    (
        "solutions(12) as Solution",
        lambda: sum(1 for _ in pictures(solution_batches(12))),
        lambda: sum(1 for _ in queens.solutions(12)),
    ),
    (
        "queens.trace(9, 'textbook')",
        lambda: sum(1 for _ in queens.trace(9, "textbook")),
        lambda: sum(1 for _ in queens.trace(9, "textbook")._source),
    ),
    (
        "sudoku.trace(LeetCode 37, 'textbook', all)",
        lambda: sum(1 for _ in sudoku.trace(LEETCODE, "textbook", all_solutions=True)),
        lambda: sum(1 for _ in sudoku.trace(LEETCODE, "textbook", all_solutions=True)._source),
    ),
]


def main(repeats: int) -> None:
    for name, new, old in PAIRS:
        new(), old()  # compile and warm up
        a, b = [], []
        for _ in range(repeats):
            a.append(timed(new))
            b.append(timed(old))
        ma, mb = statistics.median(a), statistics.median(b)
        print(
            f"{name:44s} median: pictures {ma * 1e3:7.1f} ms, plain {mb * 1e3:7.1f} ms "
            f"({ma / mb:4.2f}x);"
            f" min: {min(a) * 1e3:7.1f} / {min(b) * 1e3:7.1f} ms ({min(a) / min(b):4.2f}x)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 15)
