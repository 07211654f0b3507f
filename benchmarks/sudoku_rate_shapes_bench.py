"""Rating, hints and the logical solver on every shape and variant (issue 15, third round).

For each shape, ``--count`` puzzles are generated (seeded, not timed), then rated by
:func:`clew.sudoku.rate` (the proper check by search included), in one process with the
kernels loaded; the CPU time per puzzle is the median of ``--reps`` passes. The table also
gives how many were solved by logic (the rest is beyond clew's techniques: on grids other
than 9x9 with 3x3 boxes the chains are off) and the largest ER met.

Usage::

    python benchmarks/sudoku_rate_shapes_bench.py --count 20 --reps 3
"""

from __future__ import annotations

import argparse
import statistics
import time

SHAPES = {
    "6x6": dict(box="2x3"),
    "8x8": dict(box="2x4"),
    "12x12": dict(box="3x4"),
    "9x9 x": dict(variant="x"),
    "9x9 windoku": dict(variant="windoku"),
    "9x9 jigsaw": dict(variant="jigsaw"),
    "9x9 killer": dict(variant="killer"),
    "6x6 killer": dict(box="2x3", variant="killer"),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from clew.sudoku import generate_many, rate

    rate("..3.4.........42")  # the kernels loaded
    print("| shape | ms per rating (CPU) | solved by logic | largest ER |\n|---|---|---|---|")
    for name, shape in SHAPES.items():
        puzzles = [g.puzzle for g in generate_many(args.count, seed=args.seed, jobs=1, **shape)]
        times = []
        for _ in range(args.reps):
            t = time.process_time()
            ratings = [rate(p) for p in puzzles]
            times.append((time.process_time() - t) / len(puzzles))
        solved = sum(not r.stuck for r in ratings)
        top = max((r.er for r in ratings if r.er is not None), default=0.0)
        print(
            f"| {name} | {statistics.median(times) * 1e3:.1f} | {solved}/{len(puzzles)} | "
            f"{top:.1f} |"
        )


if __name__ == "__main__":
    main()
