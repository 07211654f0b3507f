"""What the general search layer costs: ``clew.search.count`` against plain recursion.

The problem is N-Queens the textbook way (``clew.search.examples.queens``: a tuple of
columns, ``choices = range(n)``, an ``accept`` loop over the queens placed). The baseline is
the backtracker every tutorial writes, a recursive function calling the *same* ``accept``,
``extend`` and ``done`` functions, so that both search the same tree with the same Python
work per node and the difference is the layer: the explicit stack, the statistics, the
generator. Also timed: ``search.run`` (the same loop, returning the statistics) and, for
scale, ``search.count(..., jobs=J)`` (worker processes, start-up included).

From the repository root::

    python benchmarks/search_bench.py --n 8 9 10 --reps 5

Each repetition runs every contestant once, in turn, so all see the same machine state;
medians are reported with the ratio to plain recursion, of the CPU time of this process
(``time.process_time``: on a shared machine it moves less than the wall time) and of the
wall time. The parallel count's time is wall time only (its work is in other processes).
"""

from __future__ import annotations

import argparse
import statistics
import time

from clew import search
from clew.search import examples


def recursive_count(problem) -> int:
    """The tutorials' backtracker, with the problem's own functions."""
    choices, accept, extend, done = problem.choices, problem.accept, problem.extend, problem.done

    def go(s):
        if done(s):
            return 1
        total = 0
        for c in choices(s):
            if accept(s, c):
                total += go(extend(s, c))
        return total

    return go(problem.start)


def timed(fn, *args, **kw):
    t0, c0 = time.perf_counter(), time.process_time()
    value = fn(*args, **kw)
    return value, (time.process_time() - c0, time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", default=[8, 9, 10])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument(
        "--jobs", type=int, default=2, help="workers of the parallel count (0: skip it)"
    )
    args = parser.parse_args()
    print(
        "| n | solutions | nodes | plain recursion, CPU / wall | `search.count`, CPU / wall | "
        "ratio CPU / wall"
        " | `search.run`, CPU / wall | ratio CPU / wall"
        + (f" | `count(jobs={args.jobs})`, wall | ratio wall |" if args.jobs else " |")
    )
    print("|---|---|---|---|---|---|---|---|" + ("---|---|" if args.jobs else ""))
    for n in args.n:
        problem = examples.queens(n)
        runs: dict[str, list[tuple[float, float]]] = {
            "recursion": [],
            "count": [],
            "run": [],
            "jobs": [],
        }
        for _ in range(args.reps):
            expected, t = timed(recursive_count, problem)
            runs["recursion"].append(t)
            got, t = timed(search.count, problem)
            assert got == expected, (n, got, expected)
            runs["count"].append(t)
            stats, t = timed(search.run, problem)
            assert stats.solutions == expected
            runs["run"].append(t)
            if args.jobs:
                got, t = timed(search.count, problem, jobs=args.jobs)
                assert got == expected
                runs["jobs"].append(t)
        cpu = {k: statistics.median(c for c, _ in v) for k, v in runs.items() if v}
        wall = {k: statistics.median(w for _, w in v) for k, v in runs.items() if v}

        def both(key):
            return f"{cpu[key]:.3f} s / {wall[key]:.3f} s"

        def ratio(key):
            return f"{cpu[key] / cpu['recursion']:.2f}x / {wall[key] / wall['recursion']:.2f}x"

        row = (
            f"| {n} | {expected} | {stats.nodes:,} | {both('recursion')} | {both('count')} | "
            f"{ratio('count')}"
            f" | {both('run')} | {ratio('run')} |"
        )
        if args.jobs:
            row += f" {wall['jobs']:.3f} s | {wall['jobs'] / wall['recursion']:.2f}x |"
        print(row, flush=True)
        for key, values in runs.items():
            if values:
                print(
                    f"    {key} (CPU/wall): {', '.join(f'{c:.3f}/{w:.3f}' for c, w in values)}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
