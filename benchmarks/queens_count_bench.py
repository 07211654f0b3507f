"""N-Queens counting, second round (issue 17): the completion kernels side by side, and
whole processes against the C baseline.

Run from the repository root (clew installed, gcc on PATH)::

    python benchmarks/queens_count_bench.py --kernels 16 17 --reps 5
    python benchmarks/queens_count_bench.py --tails 14 16
    python benchmarks/queens_count_bench.py --process 16 17 --jobs 1 2 --reps 3 [--before DIR]

``--kernels``: in one process, the first-round kernel (``_kernels_count.count_constellations``,
vectorised line scan) and the second-round one (``_kernels_count_scan.count_constellations``
with the tail the counter uses) count every constellation of the board in turn, ``reps``
times each (old, new, old, new, ...). Both the wall time and the thread's CPU time are
given: on a machine shared with other jobs the CPU time of the thread is the steadier one,
and the ratio new / old of either is what to compare.

``--tails``: the same constellations completed with each ``tail`` (3: dual MRV to the last
three queens; n: row by row throughout): nodes (queens placed by branching), seconds, ns per node.

``--process``: whole processes in turn (A B A B): ``nqueens_mirror N`` (built from
``../shared/baselines/nqueens_mirror.c`` with ``gcc -O3 -march=native``), then
``python -m clew queens count N --jobs J`` for each J, and with ``--before DIR`` the same
command with ``PYTHONPATH=DIR`` (a copy of an older ``src``, e.g. ``git archive HEAD src |
tar -x -C /tmp/before``). Medians, ratios to the baseline. The counts are compared.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT.parent / "shared" / "baselines" / "nqueens_mirror.c"
A000170 = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624}


def _timed(fn):
    w0, c0 = time.perf_counter(), time.thread_time()
    value = fn()
    return time.perf_counter() - w0, time.thread_time() - c0, value


def kernels(sizes: list[int], reps: int) -> None:
    import numpy as np

    from clew.queens.compiled import _kernels_count as old
    from clew.queens.compiled import _kernels_count_scan as new
    from clew.queens.counting import COMPLETION_TAIL, _table

    print("| n | old wall | new wall | new/old | old CPU | new CPU | new/old | nodes | ns/node |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n in sizes:
        table = _table(n)
        tail = COMPLETION_TAIL[n]
        weights = table[:, 5].astype(object)
        # load both from the cache (or compile them) before timing
        old.count_constellations(n, table, 0, 1)
        new.count_constellations(n, table, 0, 1, np.zeros(new.TALLY_SIZE, np.int64))
        times = {"old": [], "new": []}
        nodes = 0
        for _ in range(reps):
            wall, cpu, a = _timed(lambda: old.count_constellations(n, table, 0, len(table)))
            times["old"].append((wall, cpu))
            tally = np.zeros(new.TALLY_SIZE, np.int64)
            wall, cpu, b = _timed(lambda: _new_count(new, n, table, tail, tally))
            times["new"].append((wall, cpu))
            nodes = int(tally[0])
            if not (a == b).all():
                raise SystemExit(f"n={n}: the kernels disagree")
            total = int((b.astype(object) * weights).sum())
            if n in A000170 and total != A000170[n]:
                raise SystemExit(f"n={n}: total {total}, expected {A000170[n]}")
        med = {
            k: (statistics.median(w for w, _ in v), statistics.median(c for _, c in v))
            for k, v in times.items()
        }
        print(
            f"| {n} | {med['old'][0]:.3f} s | {med['new'][0]:.3f} s | "
            f"{med['new'][0] / med['old'][0]:.2f} "
            f"| {med['old'][1]:.3f} s | {med['new'][1]:.3f} s | "
            f"{med['new'][1] / med['old'][1]:.2f} "
            f"| {nodes:,} | {med['new'][1] / nodes * 1e9:.1f} |",
            flush=True,
        )
        for k, v in times.items():
            print(
                f"  {k} runs (wall, CPU): " + ", ".join(f"({w:.3f}, {c:.3f})" for w, c in v),
                file=sys.stderr,
            )


def _new_count(new, n: int, table, tail: int, tally):
    """The counting API's kernel for ``tail`` (see ``counting.count_piece``)."""
    if tail <= new.MRV_TAIL:
        return new.count_constellations(n, table, 0, len(table), tally)
    return new.count_constellations_tail(n, table, 0, len(table), tail, tally)


def tails(sizes: list[int], reps: int) -> None:
    import numpy as np

    from clew.queens.compiled import _kernels_count_scan as new
    from clew.queens.counting import _table

    print("| n | tail | nodes | CPU | ns/node |")
    print("|---|---|---|---|---|")
    for n in sizes:
        table = _table(n)
        for tail in sorted({3, 4, 5, 6, 8, n}):
            new.count_constellations_tail(n, table, 0, 1, tail, np.zeros(new.TALLY_SIZE, np.int64))
            cpus = []
            for _ in range(reps):
                tally = np.zeros(new.TALLY_SIZE, np.int64)
                _, cpu, _ = _timed(
                    lambda: new.count_constellations_tail(n, table, 0, len(table), tail, tally)
                )
                cpus.append(cpu)
            cpu = statistics.median(cpus)
            label = f"{tail} (rows only)" if tail >= n else str(tail)
            print(
                f"| {n} | {label} | {int(tally[0]):,} | {cpu:.3f} s | "
                f"{cpu / int(tally[0]) * 1e9:.1f} |",
                flush=True,
            )


def _run(cmd: list[str], env: dict | None = None) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True, env=env)
    return time.perf_counter() - t0, proc.stdout.strip()


def processes(sizes: list[int], jobs: list[int], reps: int, before: str | None) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        exe = Path(tmp) / "nqueens_mirror"
        subprocess.run(["gcc", "-O3", "-march=native", "-o", str(exe), str(BASELINE)], check=True)
        variants: list[tuple[str, list[str], dict | None]] = [("C mirror", [str(exe), "{n}"], None)]
        for j in jobs:
            variants.append(
                (
                    f"clew --jobs {j}",
                    [sys.executable, "-m", "clew", "queens", "count", "{n}", "--jobs", str(j)],
                    None,
                )
            )
            if before:
                env = dict(os.environ, PYTHONPATH=before)
                variants.append(
                    (
                        f"before --jobs {j}",
                        [sys.executable, "-m", "clew", "queens", "count", "{n}", "--jobs", str(j)],
                        env,
                    )
                )
        for n in sizes:
            times: dict[str, list[float]] = {name: [] for name, _, _ in variants}
            for _, cmd, env in variants:  # one warm-up each: nothing compiled in the timing
                _run([a.replace("{n}", "12") for a in cmd], env)
            for _ in range(reps):
                for name, cmd, env in variants:
                    seconds, out = _run([a.replace("{n}", str(n)) for a in cmd], env)
                    total = int(out.split()[-1].replace(",", ""))
                    if n in A000170 and total != A000170[n]:
                        raise SystemExit(f"{name}: n={n} gave {total}")
                    times[name].append(seconds)
            base = statistics.median(times["C mirror"])
            for name, runs in times.items():
                med = statistics.median(runs)
                print(
                    f"n={n} {name:18s} median {med:7.3f} s  ratio {med / base:5.2f}   runs "
                    + " ".join(f"{t:.3f}" for t in runs),
                    flush=True,
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--kernels",
        type=int,
        nargs="*",
        default=[],
        help="board sizes: old vs new kernel in one process",
    )
    parser.add_argument(
        "--tails",
        type=int,
        nargs="*",
        default=[],
        help="board sizes: nodes and ns/node for each tail",
    )
    parser.add_argument(
        "--process", type=int, nargs="*", default=[], help="board sizes: whole processes against C"
    )
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument(
        "--before", help="an older src folder, run with PYTHONPATH in turn with this one"
    )
    args = parser.parse_args()
    print(f"load average at start: {os.getloadavg()[0]:.2f} (1 min)")
    if args.kernels:
        kernels(args.kernels, args.reps)
    if args.tails:
        tails(args.tails, args.reps)
    if args.process:
        processes(args.process, args.jobs, args.reps, args.before)
    print(f"load average at end: {os.getloadavg()[0]:.2f} (1 min)")


if __name__ == "__main__":
    main()
