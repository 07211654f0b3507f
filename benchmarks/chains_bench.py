"""Time Sudoku Explainer's chaining producers (clew.sudoku.logic.chains) on hard positions.

The positions: the first ``--count`` puzzles of the top1465 sample in tests/data, each taken
as far as clew's techniques below the chains go (``max_rating=6.4``); those not solved there
are the positions timed. Each producer runs ``--repeat`` times per position (after one
untimed call that loads the compiled kernels); the table gives, per producer, the median
and the largest time per call, and how many positions it found a step on. ``--reference``
times the plain Python references too (the same steps, slower).

Usage, from the repository root::

    python benchmarks/chains_bench.py --count 40 --repeat 5
    python benchmarks/chains_bench.py --count 10 --reference
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from clew.sudoku.logic import chains, chains_graph
from clew.sudoku.logic.solver import LogicalState, solve_logically

SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "sudoku_top1465_sample.txt"


def positions(count: int) -> list[LogicalState]:
    lines = [
        line.strip()
        for line in SAMPLE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    out = []
    for puzzle in lines[:count]:
        result = solve_logically(puzzle, max_rating=6.4)
        if not result.solved:
            out.append(LogicalState.from_candidates(3, result.candidates, list(result.grid.cells)))
    return out


def time_finders(states, repeat: int) -> list[tuple[str, float, float, int]]:
    rows = []
    for name, _, finder in chains.CHAIN_FINDERS:
        finder(states[0].copy())  # loads the kernels
        per_call = []
        found = 0
        for state in states:
            times = []
            for _ in range(repeat):
                chains_graph._LAST[0] = None  # no cached position: each call starts cold
                start = time.perf_counter()
                step = finder(state)
                times.append(time.perf_counter() - start)
            per_call.append(statistics.median(times))
            found += step is not None
        rows.append((name, statistics.median(per_call), max(per_call), found))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="puzzles of the sample to try")
    parser.add_argument("--repeat", type=int, default=5, help="calls per position (median)")
    parser.add_argument("--reference", action="store_true", help="also time the Python references")
    args = parser.parse_args()
    states = positions(args.count)
    print(
        f"{len(states)} positions (of {args.count} puzzles) where the techniques below 6.5 are "
        "stuck"
    )
    modes = [True, False] if args.reference else [True]
    for fast in modes:
        chains.FAST = fast
        print(
            f"\n{'kernel' if fast else 'reference'}: producer, median ms per call, max ms, steps "
            "found"
        )
        for name, median, top, found in time_finders(states, args.repeat):
            print(f"  {name:28} {median * 1000:9.2f} {top * 1000:9.2f} {found:5}")
    chains.FAST = True


if __name__ == "__main__":
    main()
