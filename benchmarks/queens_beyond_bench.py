"""Benchmarks for N-Queens beyond counting: huge boards and completion.

Run from the repository root (clew installed)::

    python benchmarks/queens_beyond_bench.py --reps 3 --instances 8 --timeout 20

* ``one``: ``queens.construct(10**7)`` plus ``check_solution`` on it, and ``queens.local(10**6)``
  plus the check, in-process, median of the repetitions; then the whole command
  ``clew queens one 10000000 > /dev/null`` (start-up included).
* completion: random instances in the style of Gent, Jefferson and Nightingale (2017): for
  n = 30..60, about n/4 queens placed one after another on uniformly random squares that no
  earlier queen attacks. Each instance is solved (first completion, or a proof that there is
  none) by the dual-MRV search, by the row-by-row bitboard search and by the exact cover
  model (``clew.cover.queens(n)`` with the placed queens taken first: ranks and files
  primary, diagonals secondary, the bitset engine), side by side, each in a child process
  killed after ``--timeout`` seconds. Instances are seeded: the same command gives the
  same boards. ``--methods`` and ``--skip-one`` select parts.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np

from clew import queens


def random_instance(n: int, k: int, rng: random.Random) -> list[tuple[int, int]]:
    """k queens placed one by one on random squares that no earlier queen attacks."""
    placed: list[tuple[int, int]] = []
    free = [(r, c) for r in range(n) for c in range(n)]
    while len(placed) < k and free:
        r, c = rng.choice(free)
        placed.append((r, c))
        free = [(a, b) for a, b in free if a != r and b != c and abs(a - r) != abs(b - c)]
    return placed


def _complete_cover(n, placed):
    """The first completion found by the exact cover model, or None."""
    from clew import cover

    problem = cover.queens(n)
    taken = [r * n + c for r, c in placed]  # option r*n+c is the queen on (r, c)
    for rest in cover.Search(problem, 1, taken=taken):
        return cover.queens_columns(problem, sorted(rest + taken))
    return None


def _solve(n, placed, method, queue):
    t0 = time.perf_counter()
    if method == "cover":
        first = _complete_cover(n, placed)
        possible = first is not None
    else:
        result = queens.complete(n, placed=placed, method=method)
        first, possible = result.first, result.possible
    seconds = time.perf_counter() - t0
    if possible:
        queens.check_solution(first)
        assert all(first[r] == c for r, c in placed)
    queue.put((seconds, possible))


def timed_complete(n, placed, method, timeout):
    queue = mp.Queue()
    proc = mp.Process(target=_solve, args=(n, placed, method, queue))
    proc.start()
    proc.join(timeout)
    if proc.is_alive():
        proc.kill()
        proc.join()
        return None, None
    return queue.get()


def bench_one(reps: int) -> None:
    queens.check_solution(queens.construct(1000))  # compile / load the kernels
    queens.local(1000, seed=1)
    rows = {"construct 10^7 + verify": [], "local 10^6 + verify": []}
    for rep in range(reps):
        t0 = time.perf_counter()
        queens.check_solution(queens.construct(10**7))
        rows["construct 10^7 + verify"].append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        queens.check_solution(queens.local(10**6, seed=rep))
        rows["local 10^6 + verify"].append(time.perf_counter() - t0)
    print(f"\nOne solution, in-process ({reps} runs, median)")
    for name, times in rows.items():
        print(
            f"  {name:26s} {statistics.median(times):7.3f} s   runs {[round(t, 3) for t in times]}"
        )
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        with open(os.devnull, "wb") as sink:
            subprocess.run(
                [sys.executable, "-m", "clew", "queens", "one", "10000000"], stdout=sink, check=True
            )
        times.append(time.perf_counter() - t0)
    print(
        f"  {'clew queens one 10000000':26s} {statistics.median(times):7.3f} s   (whole process, "
        "to /dev/null)"
    )


def bench_complete(instances: int, timeout: float, sizes: list[int], methods: list[str]) -> None:
    queens.complete(8, placed=[(0, 0)], method="mrv")
    queens.complete(8, placed=[(0, 0)], method="rows")
    _complete_cover(8, [(0, 0)])
    print(
        f"\nCompletion, first solution or proof of none ({instances} instances per n, n/4 queens "
        "placed, "
        f"timeout {timeout:g} s per run)"
    )
    print(f"  {'n':>3} {'method':6} {'solved':>7} {'possible':>9} {'median s':>9} {'max s':>8}")
    for n in sizes:
        rng = random.Random(1000 + n)
        boards = [random_instance(n, n // 4, rng) for _ in range(instances)]
        for method in methods:
            times, possible, solved = [], 0, 0
            for placed in boards:
                seconds, ok = timed_complete(n, placed, method, timeout)
                if seconds is None:
                    times.append(float("inf"))
                    continue
                solved += 1
                possible += ok
                times.append(seconds)
            finite = [t for t in times if t != float("inf")]
            med = statistics.median(times)
            med_text = f"{med:9.4f}" if med != float("inf") else "  timeout"
            top = f"{max(finite):8.3f}" if finite else "       -"
            print(f"  {n:>3} {method:6} {solved:>3}/{instances:<3} {possible:>9} {med_text} {top}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--instances", type=int, default=8)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--sizes", type=int, nargs="+", default=[30, 40, 50, 60])
    parser.add_argument(
        "--methods", nargs="+", default=["mrv", "rows", "cover"], choices=["mrv", "rows", "cover"]
    )
    parser.add_argument("--skip-one", action="store_true", help="only the completion part")
    args = parser.parse_args()
    np.random.seed(0)
    if not args.skip_one:
        bench_one(args.reps)
    bench_complete(args.instances, args.timeout, args.sizes, args.methods)


if __name__ == "__main__":
    main()
