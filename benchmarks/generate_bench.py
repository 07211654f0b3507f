"""Speed of Sudoku generation (clew.sudoku.generation.generator): medians of a few runs.

From the repository root::

    python benchmarks/generate_bench.py            # 1000 9x9 puzzles, jobs 1 and 2; 16x16
    python benchmarks/generate_bench.py --reps 5 --count 1000 --levels

Figures printed:

* ``1000 9x9``: ``generate_many(1000, 9)`` consumed to the end (no difficulty, not minimal:
  dug to 30 givens), with ``jobs=1`` and ``jobs=2`` (worker processes), and the same
  minimal and with rotational symmetry (QQwing publishes 1000 puzzles in about 25 s);
* ``16x16``: one ``generate(16)`` (dug to 110 givens) and one ``generate(16, minimal=True)``,
  median over seeds;
* ``--levels``: seconds per 9x9 puzzle at each difficulty (the rating dominates).

Every run uses fresh seeds; the first call, which loads the compiled kernels, is left out.
"""

from __future__ import annotations

import argparse
import statistics
import time

from clew.sudoku.generation.generator import DIFFICULTIES, generate, generate_many


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def median_of(reps: int, fn) -> float:
    return statistics.median(timed(lambda rep=rep: fn(rep)) for rep in range(reps))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=3, help="runs per figure (median reported)")
    parser.add_argument("--count", type=int, default=1000, help="9x9 puzzles per run")
    parser.add_argument("--levels", action="store_true", help="also time each difficulty level")
    args = parser.parse_args()

    list(generate_many(4, 9, seed=0, jobs=1))  # load the kernels
    generate(16, seed=0)
    count = args.count
    print(f"{count} 9x9 puzzles (median of {args.reps} runs)")
    for label, options in (
        ("dug to 30 givens", {}),
        ("minimal", {"minimal": True}),
        ("rotational, minimal", {"minimal": True, "symmetry": "rotational"}),
    ):
        for jobs in (1, 2):
            t = median_of(
                args.reps,
                lambda rep: sum(
                    1 for _ in generate_many(count, 9, seed=1000 + rep, jobs=jobs, **options)
                ),
            )
            print(f"  {label:22s} jobs={jobs}: {t:6.2f} s  ({count / t:7.0f} puzzles/s)")

    seeds = range(max(5, args.reps))
    for label, minimal in (("dug to 110 givens", False), ("minimal", True)):
        times = [timed(lambda s=s: generate(16, seed=s, minimal=minimal)) for s in seeds]
        print(
            f"16x16 {label:18s}: median {statistics.median(times):.3f} s, max {max(times):.3f} s "
            f"over {len(times)} seeds"
        )

    if args.levels:
        per = 20
        for level in DIFFICULTIES:
            t = median_of(
                args.reps,
                lambda rep: sum(1 for _ in generate_many(per, 9, difficulty=level, seed=rep)),
            )
            print(f"9x9 {level:8s}: {t / per * 1000:7.1f} ms per puzzle (jobs=1)")


if __name__ == "__main__":
    main()
