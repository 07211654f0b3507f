"""Sudoku shapes and variants (issue 15): the 6x6 grid count against the exact-cover model,
killer and jigsaw files, and the classic 9x9 samples (to compare before and after).

Usage::

    python benchmarks/sudoku_shapes_bench.py                 # everything quick, medians of 5
    python benchmarks/sudoku_shapes_bench.py --full          # also both whole 6x6 counts (minutes)
    python benchmarks/sudoku_shapes_bench.py --classic-only  # only the 9x9 samples (runs on an
                                                             # older checkout too)
    python benchmarks/sudoku_shapes_bench.py --files-only    # only the killer and jigsaw files

Timings are medians of ``--reps`` runs after one warm-up run (kernels compiled and cached).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ["sudoku_top1465_sample.txt", "sudoku_17_clue_sample.txt"]


#: The clock of :func:`median_time`: wall time, or with ``--cpu`` the process's CPU time
#: (every thread's), steadier on a machine shared with other jobs.
CLOCK = [time.perf_counter]


def median_time(fn, reps: int) -> float:
    fn()
    times = []
    for _ in range(reps):
        t = CLOCK[0]()
        fn()
        times.append(CLOCK[0]() - t)
    return statistics.median(times)


def classic(reps: int) -> None:
    from clew.sudoku import solve_array
    from clew.sudoku.grid import read_lines, split_lines

    for name in SAMPLES:
        lines, _ = split_lines((ROOT / "tests" / "data" / name).read_bytes())
        puzzles = read_lines(lines).arrays[3]
        for limit in (1, 2):
            seconds = median_time(lambda: solve_array(puzzles, 3, limit=limit, jobs=1), reps)
            print(
                f"9x9 {name}: {len(puzzles)} puzzles, limit {limit}: {seconds * 1e3:.1f} ms, "
                f"{len(puzzles) / seconds:,.0f} puzzles/s (one thread)"
            )


def cover_model(n: int, br: int, bc: int, givens: list[int]):
    from clew import cover

    options = []
    for r in range(n):
        for c in range(n):
            b = (r // br) * (n // bc) + c // bc
            for d in [givens[r * n + c]] if givens[r * n + c] else range(1, n + 1):
                options.append([f"p{r}_{c}", f"r{r}_{d}", f"c{c}_{d}", f"b{b}_{d}"])
    return cover.Problem(options)


def six(reps: int, full: bool) -> None:
    from clew import cover, sudoku
    from clew.sudoku.kernels import kernel
    from clew.sudoku.shape import make_shape

    fixed = [1, 2, 3, 4, 5, 6] + [0] * 30
    shape = make_shape(6)

    def kernel_count(cells):
        counts = np.zeros(1, np.int64)
        kernel(shape).solve_batch(np.array([cells], np.int8), 0, counts, np.zeros((1, 36), np.int8))
        return int(counts[0])

    assert kernel_count(fixed) == 39168
    t_kernel = median_time(lambda: kernel_count(fixed), reps)
    model = cover_model(6, 2, 3, fixed)
    t_cover = median_time(lambda: cover.count(model), reps)
    t_count = median_time(lambda: sudoku.count("." * 36, limit=10**8), reps)
    print(
        f"6x6, first row fixed (39,168 grids): shape kernel {t_kernel:.3f} s, exact cover "
        f"{t_cover:.3f} s"
    )
    print(f"6x6, sudoku.count of the empty grid (28,200,960, by relabelling): {t_count:.3f} s")
    if full:
        t = time.perf_counter()
        assert kernel_count([0] * 36) == 28_200_960
        t_kernel_full = time.perf_counter() - t
        t = time.perf_counter()
        assert cover.count(cover_model(6, 2, 3, [0] * 36)) == 28_200_960
        t_cover_full = time.perf_counter() - t
        print(
            f"6x6, whole search, one run each: shape kernel {t_kernel_full:.1f} s, exact cover "
            f"{t_cover_full:.1f} s"
        )


def killer_lines(count: int, seed: int) -> list[bytes]:
    """Killer puzzles without givens: a random 9x9 grid cut into random cages of 1 to 4
    connected cells (each cage's digits differ), the sums written (proper or not)."""
    from clew import sudoku
    from clew.sudoku.grid import Grid

    rng = random.Random(seed)
    base = sudoku.solve("." * 81)
    lines = []
    for _ in range(count):
        perm = list(range(1, 10))
        rng.shuffle(perm)
        cells = [perm[v - 1] for v in base.cells]
        free = set(range(81))
        cages = []
        while free:
            cage = [min(free)]
            free.discard(cage[0])
            for _ in range(rng.randrange(0, 4)):
                near = [
                    c for x in cage for c in (x + 1, x + 9) if c in free and (c != x + 1 or c % 9)
                ]
                near = [c for c in near if cells[c] not in [cells[y] for y in cage]]
                if not near:
                    break
                pick = rng.choice(near)
                cage.append(pick)
                free.discard(pick)
            cages.append((sum(cells[c] for c in cage), cage))
        if len(cages) > 52:
            continue
        lines.append(Grid("." * 81, cages=cages).to_variant_line().split(" ", 1)[1].encode())
    return lines


def jigsaw_lines(count: int, seed: int) -> list[bytes]:
    """Jigsaw puzzles with a known solution: a random 9x9 grid, regions grown from its boxes
    by moving a cell to a neighbouring region in exchange for a cell of the same digit (so
    the grid stays a solution), then 30 givens of that grid kept (proper or not)."""
    from clew import sudoku

    rng = random.Random(seed)
    base = sudoku.solve("." * 81)
    lines = []
    while len(lines) < count:
        perm = list(range(1, 10))
        rng.shuffle(perm)
        cells = [perm[v - 1] for v in base.cells]
        regions = [(r // 3) * 3 + c // 3 for r in range(9) for c in range(9)]
        for _ in range(40):
            a = rng.randrange(81)
            b = a + rng.choice((1, -1, 9, -9))
            if (
                not 0 <= b < 81
                or (abs(b - a) == 1 and b // 9 != a // 9)
                or regions[a] == regions[b]
            ):
                continue
            # a joins b's region; the cell of b's region holding a's digit goes the other way
            swap = next(c for c in range(81) if regions[c] == regions[b] and cells[c] == cells[a])
            regions[a], regions[swap] = regions[b], regions[a]
        text = "".join("ABCDEFGHI"[r] for r in regions)
        keep = set(rng.sample(range(81), 30))
        given = "".join(str(v) if i in keep else "." for i, v in enumerate(cells))
        lines.append(f"{given} {text}".encode())
    return lines


def files(reps: int, count: int, seed: int) -> None:
    from clew.sudoku.files.solve import solve_file

    for name, lines in (
        ("killer", killer_lines(count, seed)),
        ("jigsaw", jigsaw_lines(count, seed)),
    ):
        data = b"\n".join(lines) + b"\n"
        for mode in ("solve", "unique"):

            def run():
                answers = [a for chunk in solve_file(data, mode=mode, jobs=1) for a in chunk]
                assert not any(a.status == "invalid" for a in answers)

            seconds = median_time(run, reps)
            print(
                f"{name} file: {len(lines)} puzzles, {mode}: {seconds:.3f} s, "
                f"{len(lines) / seconds:,.0f} puzzles/s (one thread)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument(
        "--puzzles", type=int, default=1000, help="puzzles per killer and jigsaw file"
    )
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument(
        "--full", action="store_true", help="also count every 6x6 grid without the relabelling"
    )
    parser.add_argument("--classic-only", action="store_true")
    parser.add_argument(
        "--files-only",
        action="store_true",
        help="only the killer and jigsaw files (runs on an older checkout too)",
    )
    parser.add_argument(
        "--cpu", action="store_true", help="time CPU seconds of the process instead of wall seconds"
    )
    args = parser.parse_args()
    if args.cpu:
        CLOCK[0] = time.process_time
    if args.files_only:
        files(args.reps, args.puzzles, args.seed)
        return
    classic(args.reps)
    if args.classic_only:
        return
    six(args.reps, args.full)
    files(args.reps, args.puzzles, args.seed)


if __name__ == "__main__":
    main()
