"""Sudoku throughput side by side with tdoku's own benchmark program.

tdoku is not part of clew: build its ``run_benchmark`` in a scratch folder outside this
repository (``./BUILD.sh run_benchmark -DCMAKE_BUILD_TYPE=Release`` in a checkout of
t-dillon/tdoku) and pass its path. Then, from the repository root::

    python benchmarks/sudoku_bench.py --tdoku /tmp/tdoku/build/run_benchmark --reps 5

Both are asked for up to 2 solutions per puzzle (the uniqueness check) on the shared data
sets (``../shared/data/sudoku``; comment lines and CR characters removed into a temporary
copy, since tdoku reads bare 81-character lines). Like tdoku's program (``-t``), clew goes
over the file again and again for a fixed time and reports puzzles per second:

* ``clew``: one thread, the batch path (``solve_array``, one kernel call per chunk);
* ``clew --jobs 2``: the same on 2 worker threads (``--jobs``).

Each repetition runs tdoku, then clew one thread, then clew on the pool, so all see the same
machine state; medians are reported with the ratios to tdoku (one thread). ``--reference``
also times the pure-Python reference (``clew.sudoku._reference``, plain backtracking) on the
first puzzles of each set with a node budget: a puzzle over budget counts as taking at least
the time it ran, so its ratio is a lower bound.

``--large N`` times the other sizes instead (no tdoku needed): N proper 16x16 puzzles made
here by removing givens from random full grids while the solution stays unique (a minimal
puzzle: no given can go), each solved and proven unique, and the completion of an empty
25x25 grid::

    python benchmarks/sudoku_bench.py --large 50
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "sudoku"
SETS = ("17_clue.txt", "top1465.txt")


def clean_copy(src: Path, folder: Path) -> Path:
    lines = []
    for raw in src.read_text(encoding="ascii").splitlines():
        line = raw.strip()
        if line and not line.startswith("#"):
            lines.append(line[:81])
    dst = folder / src.name
    dst.write_text("\n".join(lines) + "\n")
    return dst


def load(path: Path) -> np.ndarray:
    rows = [[0 if ch in ".0" else int(ch) for ch in line] for line in path.read_text().split()]
    return np.array(rows, dtype=np.int8)


def tdoku_rate(exe: str, path: Path, seconds: float) -> float:
    cmd = [exe, "-t", str(seconds), "-w", "1", "-c", "1", str(path)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    line = [row for row in out.splitlines() if str(path) in row][-1]
    return float(line.split(",")[5])


def clew_rate(puzzles: np.ndarray, seconds: float, jobs: int) -> float:
    """Puzzles/s of the batch path (:func:`clew.sudoku.solve_array`: one kernel call per
    chunk, chunks on ``jobs`` threads through clew.scale) over the file repeated for about
    ``seconds``."""
    from clew.sudoku import solve_array

    solve_array(puzzles[:64], 3, limit=2, jobs=jobs)  # kernels loaded, threads tried once
    # how many passes fill the time: one pass on one thread, measured
    t0 = time.perf_counter()
    solve_array(puzzles, 3, limit=2, jobs=1)
    passes = max(1, round(seconds / (time.perf_counter() - t0) * jobs))
    many = np.ascontiguousarray(np.tile(puzzles, (passes, 1)))
    t0 = time.perf_counter()
    counts, _ = solve_array(many, 3, limit=2, jobs=jobs)
    rate = len(many) / (time.perf_counter() - t0)
    assert (counts == 1).all(), "every puzzle of these sets has exactly one solution"
    return rate


def reference_seconds(puzzles: np.ndarray, count: int, budget: int) -> tuple[float, int]:
    """Seconds per puzzle of the pure-Python reference on the first ``count`` puzzles, and
    how many of them ran out of ``budget`` nodes (their time is a lower bound)."""
    from clew.sudoku import _reference

    over = 0
    t0 = time.perf_counter()
    for row in puzzles[:count]:
        try:
            _reference.count(row.tolist(), 3, limit=2, max_nodes=budget)
        except _reference.TooManyNodes:
            over += 1
    return (time.perf_counter() - t0) / count, over


def random_full_grid(k: int, rng: random.Random) -> list[int]:
    """A full grid: the shifted pattern under random digit, row, column, band and stack
    permutations (all keep the rules)."""
    n = k * k

    def order() -> list[int]:
        bands = rng.sample(range(k), k)
        return [b * k + i for b in bands for i in rng.sample(range(k), k)]

    digits = rng.sample(range(1, n + 1), n)
    rows, cols = order(), order()
    return [digits[(k * (r % k) + r // k + c) % n] for r in rows for c in cols]


def minimal_puzzle(k: int, rng: random.Random) -> list[int]:
    """A proper puzzle from which no given can be removed."""
    from clew import sudoku

    cells = random_full_grid(k, rng)
    for i in rng.sample(range(len(cells)), len(cells)):
        keep, cells[i] = cells[i], 0
        if sudoku.count(cells, limit=2) != 1:
            cells[i] = keep
    return cells


def large(count: int, seed: int) -> None:
    from clew import sudoku

    sudoku.is_unique("." * 256)  # load the kernel
    rng = random.Random(seed)
    solve_s, unique_s, givens = [], [], []
    for _ in range(count):
        puzzle = minimal_puzzle(4, rng)
        givens.append(sum(1 for v in puzzle if v))
        t0 = time.perf_counter()
        grid = sudoku.solve(puzzle)
        solve_s.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        assert sudoku.is_unique(puzzle) and sudoku.is_solution(grid, puzzle)
        unique_s.append(time.perf_counter() - t0)
    print(f"16x16: {count} minimal proper puzzles (seed {seed}, {min(givens)}-{max(givens)} givens):")
    for name, times in (("solve", solve_s), ("prove unique", unique_s)):
        print(f"  {name:<13} median {statistics.median(times) * 1e3:8.2f} ms   max {max(times) * 1e3:8.2f} ms")
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        assert sudoku.is_solution(sudoku.solve("." * 625))
        times.append(time.perf_counter() - t0)
    print(f"25x25: empty grid completed (and verified) in {statistics.median(times) * 1e3:.2f} ms (median of 5)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tdoku", help="path of tdoku's run_benchmark, built outside this repository")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--jobs", type=int, default=2, help="threads of the --jobs measurement")
    parser.add_argument("--reference", type=int, default=0, metavar="N", help="also time the pure-Python reference on N puzzles per set")
    parser.add_argument("--budget", type=int, default=1_000_000, help="node budget per puzzle of the reference")
    parser.add_argument("--large", type=int, default=0, metavar="N", help="time N minimal 16x16 puzzles and an empty 25x25 grid instead")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.large:
        large(args.large, args.seed)
        return
    if not args.tdoku:
        parser.error("--tdoku PATH is needed (or --large N)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SETS:
            path = clean_copy(DATA / name, Path(tmp))
            puzzles = load(path)
            rates: dict[str, list[float]] = {"tdoku": [], "clew": [], "pool": []}  # pool: --jobs
            for _ in range(args.reps):
                rates["tdoku"].append(tdoku_rate(args.tdoku, path, args.seconds))
                rates["clew"].append(clew_rate(puzzles, args.seconds, 1))
                rates["pool"].append(clew_rate(puzzles, args.seconds, args.jobs))
            t, c, p = (statistics.median(rates[key]) for key in ("tdoku", "clew", "pool"))
            print(f"{name} ({len(puzzles)} puzzles, up to 2 solutions each, medians of {args.reps}):")
            print(f"  tdoku 1 thread     {t:>10,.0f} puzzles/s   runs {[round(x) for x in rates['tdoku']]}")
            print(f"  clew 1 thread      {c:>10,.0f} puzzles/s   runs {[round(x) for x in rates['clew']]}   ratio {c / t:.3f}")
            print(f"  clew --jobs {args.jobs:<6} {p:>10,.0f} puzzles/s   runs {[round(x) for x in rates['pool']]}   ratio {p / t:.3f}")
            if args.reference:
                per, over = reference_seconds(puzzles, args.reference, args.budget)
                bound = ">= " if over else ""
                print(f"  pure-Python reference: {per:.3g} s/puzzle on the first {args.reference} "
                      f"({over} over {args.budget:,} nodes); clew 1 thread is {bound}{per * c:,.0f}x faster")


if __name__ == "__main__":
    main()
