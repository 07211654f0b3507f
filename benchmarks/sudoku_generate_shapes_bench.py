"""Generating sudoku of every shape and variant (issue 15, second round): milliseconds per
puzzle, one process, one job, and the classic 9x9 generator for a before/after comparison.

Usage::

    python benchmarks/sudoku_generate_shapes_bench.py                # every shape, medians of 3
    python benchmarks/sudoku_generate_shapes_bench.py --classic-only # classic 9x9 only (runs on
                                                                     # an older checkout too)

Each row generates ``--count`` puzzles with seeds 1, 2, ... (one seed per run) after one
warm-up run (kernels compiled and cached); the figure is the median of ``--reps`` runs.
"""

from __future__ import annotations

import argparse
import statistics
import time

CASES = [
    ("classic 9x9", {}),
    ("6x6 (2x3 boxes)", {"box": "2x3"}),
    ("8x8 (2x4 boxes)", {"box": "2x4"}),
    ("12x12 (3x4 boxes)", {"box": "3x4"}),
    ("9x9 x", {"variant": "x"}),
    ("9x9 windoku", {"variant": "windoku"}),
    ("9x9 jigsaw", {"variant": "jigsaw"}),
    ("9x9 killer", {"variant": "killer"}),
    ("6x6 killer", {"variant": "killer", "box": "2x3"}),
    ("9x9 minimal", {"minimal": True}),
    ("9x9 x minimal", {"variant": "x", "minimal": True}),
]


def run(options: dict, count: int, reps: int) -> tuple[float, float]:
    """``(median ms per puzzle, mean givens)`` over ``reps`` runs of ``count`` puzzles."""
    from clew.sudoku.generation.generator import generate_many

    list(generate_many(2, seed=0, **options))  # warm-up: kernels loaded
    times, givens = [], []
    for rep in range(reps):
        t = time.perf_counter()
        made = list(generate_many(count, seed=rep + 1, **options))
        times.append(time.perf_counter() - t)
        givens += [g.puzzle.givens for g in made]
    return statistics.median(times) / count * 1e3, statistics.mean(givens)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--count", type=int, default=50)
    parser.add_argument("--classic-only", action="store_true")
    args = parser.parse_args()
    for name, options in CASES[:1] if args.classic_only else CASES:
        ms, givens = run(options, args.count, args.reps)
        print(f"{name:20s} {ms:8.2f} ms/puzzle   {givens:6.1f} givens on average")


if __name__ == "__main__":
    main()
