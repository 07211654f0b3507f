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

``--whole`` adds the whole process as a user waits for it: ``clew sudoku solve --count
--limit 2 --jobs 1 FILE > /dev/null`` (start-up, reading, solving, writing) on each set
repeated to about ``--seconds``, as puzzles per second against tdoku's solving rate (issue
17's target: at least 0.8x); and two more sets made here, deterministic: ``hard``, the fifth
of top1465 that takes clew's kernel longest (one puzzle at a time; chosen against clew), and
``many``, 17-clue puzzles with two givens removed (several solutions each: the search stops
at the second)::

    python benchmarks/sudoku_bench.py --tdoku /tmp/tdoku/build/run_benchmark --whole --reps 3

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


def hard_set(src: Path, folder: Path) -> Path:
    """The fifth of the puzzles of ``src`` that take clew's kernel longest, one at a time."""
    from clew.sudoku import solve_array

    puzzles = load(src)
    solve_array(puzzles[:8], 3, limit=2, jobs=1)
    times = []
    for row in puzzles:
        t0 = time.perf_counter()
        for _ in range(3):
            solve_array(row[None, :], 3, limit=2, jobs=1)
        times.append(time.perf_counter() - t0)
    keep = np.argsort(times)[-max(1, len(puzzles) // 5) :]
    dst = folder / "hard.txt"
    dst.write_text("".join(src.read_text().split()[i] + "\n" for i in sorted(keep.tolist())))
    return dst


def many_set(src: Path, folder: Path, count: int = 10_000) -> Path:
    """``count`` puzzles of ``src`` with their first two givens removed: several solutions."""
    lines = []
    for line in src.read_text().split()[:count]:
        cells = list(line)
        givens = [i for i, ch in enumerate(cells) if ch not in ".0"]
        for i in givens[:2]:
            cells[i] = "."
        lines.append("".join(cells))
    dst = folder / "many.txt"
    dst.write_text("\n".join(lines) + "\n")
    return dst


def whole_rate(path: Path, seconds: float, kernel_rate: float) -> float:
    """Puzzles/s of the whole ``clew sudoku solve --count --limit 2 --jobs 1`` process on
    the file repeated so that solving takes about ``seconds`` at ``kernel_rate``, output to
    /dev/null."""
    import sys

    lines = path.read_text().split()
    command = [
        sys.executable,
        "-m",
        "clew",
        "sudoku",
        "solve",
        "--count",
        "--limit",
        "2",
        "--jobs",
        "1",
    ]
    repeat = max(1, round(seconds * kernel_rate / len(lines)))
    big = path.with_name(path.stem + f"_x{repeat}.txt")
    if not big.exists():
        big.write_text("\n".join(lines * repeat) + "\n")
    t0 = time.perf_counter()
    done = subprocess.run(command + [str(big)], stdout=subprocess.DEVNULL, check=False)
    wall = time.perf_counter() - t0
    if done.returncode not in (0, 1):
        raise RuntimeError(f"clew exited with {done.returncode} on {big}")
    return len(lines) * repeat / wall


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
    assert (counts >= 1).all(), "every puzzle of these sets has a solution"
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
    print(
        f"16x16: {count} minimal proper puzzles (seed {seed}, {min(givens)}-{max(givens)} givens):"
    )
    for name, times in (("solve", solve_s), ("prove unique", unique_s)):
        print(
            f"  {name:<13} median {statistics.median(times) * 1e3:8.2f} ms   max "
            f"{max(times) * 1e3:8.2f} ms"
        )
    times = []
    for _ in range(5):
        t0 = time.perf_counter()
        assert sudoku.is_solution(sudoku.solve("." * 625))
        times.append(time.perf_counter() - t0)
    print(
        f"25x25: empty grid completed (and verified) in {statistics.median(times) * 1e3:.2f} ms "
        "(median of 5)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tdoku", help="path of tdoku's run_benchmark, built outside this repository"
    )
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--jobs", type=int, default=2, help="threads of the --jobs measurement")
    parser.add_argument(
        "--reference",
        type=int,
        default=0,
        metavar="N",
        help="also time the pure-Python reference on N puzzles per set",
    )
    parser.add_argument(
        "--budget", type=int, default=1_000_000, help="node budget per puzzle of the reference"
    )
    parser.add_argument(
        "--large",
        type=int,
        default=0,
        metavar="N",
        help="time N minimal 16x16 puzzles and an empty 25x25 grid instead",
    )
    parser.add_argument(
        "--whole",
        action="store_true",
        help="also time whole clew processes, and the hard and many sets",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.large:
        large(args.large, args.seed)
        return
    if not args.tdoku:
        parser.error("--tdoku PATH is needed (or --large N)")
    with tempfile.TemporaryDirectory() as tmp:
        paths = [clean_copy(DATA / name, Path(tmp)) for name in SETS]
        if args.whole:
            paths += [hard_set(paths[1], Path(tmp)), many_set(paths[0], Path(tmp))]
        for path in paths:
            name = path.name
            puzzles = load(path)
            rates: dict[str, list[float]] = {
                "tdoku": [],
                "clew": [],
                "pool": [],
                "whole": [],
            }  # pool: --jobs
            for _ in range(args.reps):
                rates["tdoku"].append(tdoku_rate(args.tdoku, path, args.seconds))
                rates["clew"].append(clew_rate(puzzles, args.seconds, 1))
                rates["pool"].append(clew_rate(puzzles, args.seconds, args.jobs))
                if args.whole:
                    rates["whole"].append(whole_rate(path, args.seconds, rates["clew"][-1]))
            t, c, p = (statistics.median(rates[key]) for key in ("tdoku", "clew", "pool"))
            print(
                f"{name} ({len(puzzles)} puzzles, up to 2 solutions each, medians of {args.reps}):"
            )
            print(
                f"  tdoku 1 thread     {t:>10,.0f} puzzles/s   runs "
                f"{[round(x) for x in rates['tdoku']]}"
            )
            print(
                f"  clew 1 thread      {c:>10,.0f} puzzles/s   runs "
                f"{[round(x) for x in rates['clew']]}   ratio {c / t:.3f}"
            )
            print(
                f"  clew --jobs {args.jobs:<6} {p:>10,.0f} puzzles/s   runs "
                f"{[round(x) for x in rates['pool']]}   ratio {p / t:.3f}"
            )
            if args.whole:
                w = statistics.median(rates["whole"])
                print(
                    f"  clew whole process {w:>10,.0f} puzzles/s   runs "
                    f"{[round(x) for x in rates['whole']]}   ratio {w / t:.3f}"
                )
            if args.reference:
                per, over = reference_seconds(puzzles, args.reference, args.budget)
                bound = ">= " if over else ""
                print(
                    f"  pure-Python reference: {per:.3g} s/puzzle on the first {args.reference} "
                    f"({over} over {args.budget:,} nodes); clew 1 thread is {bound}{per * c:,.0f}x "
                    "faster"
                )


if __name__ == "__main__":
    main()
