"""Side-by-side N-Queens benchmarks: clew against the plain C mirror baseline.

Run from the repository root (clew installed, gcc on PATH)::

    python benchmarks/queens_bench.py --n 16 17 --reps 3

Each repetition runs the baseline and clew's variants back to back, so the machine's load
drifts equally over all of them; the report gives the median wall time of each and the ratio
of the medians. Every timing is of a whole process, start-up included, as a user sees it:

* ``C mirror``: ``../shared/baselines/nqueens_mirror.c`` built with ``gcc -O3 -march=native``;
* ``clew jobs=1`` / ``clew jobs=2``: ``clew queens count N --jobs J --json``; besides the
  process's wall time the report gives the counting time alone (the ``seconds`` field),
  without Python's and numba's start-up;
* enumeration: ``clew queens solve N --format columns [--any-order] > /dev/null``, in
  solutions per second (start-up included);
* start-up: ``clew queens count 8`` with a warm compile cache.

The counts printed by both programs are compared with each other on every run.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT.parent / "shared" / "baselines" / "nqueens_mirror.c"
CLEW = [sys.executable, "-m", "clew"]
A000170 = {12: 14200, 13: 73712, 14: 365596, 15: 2279184, 16: 14772512, 17: 95815104, 18: 666090624}


def timed(cmd: list[str], stdout=subprocess.PIPE) -> tuple[float, str]:
    t0 = time.perf_counter()
    proc = subprocess.run(cmd, stdout=stdout, stderr=subprocess.PIPE, text=True, check=True)
    return time.perf_counter() - t0, (proc.stdout or "").strip()


def build_baseline(folder: Path) -> Path:
    exe = folder / "nqueens_mirror"
    subprocess.run(["gcc", "-O3", "-march=native", "-o", str(exe), str(BASELINE)], check=True)
    return exe


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


def bench_count(exe: Path, n: int, reps: int) -> None:
    wall: dict[str, list[float]] = {"C mirror": [], "clew jobs=1": [], "clew jobs=2": []}
    counting: dict[str, list[float]] = {"clew jobs=1": [], "clew jobs=2": []}
    for _ in range(reps):
        t, out = timed([str(exe), str(n)])
        assert out.split() == [str(n), str(A000170[n])], out
        wall["C mirror"].append(t)
        for jobs in (1, 2):
            t, out = timed(CLEW + ["queens", "count", str(n), "--jobs", str(jobs), "--json"])
            report = json.loads(out)
            assert report["total"] == A000170[n], out
            wall[f"clew jobs={jobs}"].append(t)
            counting[f"clew jobs={jobs}"].append(report["seconds"])
    base = statistics.median(wall["C mirror"])
    print(f"\nN-Queens count n={n} ({reps} runs, median seconds; ratio = clew / C)")
    for name, times in wall.items():
        med = statistics.median(times)
        line = f"  {name:12s} wall {med:8.3f} s  ratio {med / base:5.2f}"
        if name in counting:
            cmed = statistics.median(counting[name])
            line += f" | counting only {cmed:8.3f} s  ratio {cmed / base:5.2f}"
        print(line + f"   runs {[round(x, 3) for x in times]}")


def bench_solve(n: int, reps: int, orders=((), ("--any-order",))) -> None:
    print(f"\nN-Queens enumeration n={n}, columns format to /dev/null ({reps} runs, median)")
    for extra in orders:
        times = []
        for _ in range(reps):
            with open(os.devnull, "w") as sink:
                t, _ = timed(
                    CLEW + ["queens", "solve", str(n), "--format", "columns", *extra], stdout=sink
                )
            times.append(t)
        med = statistics.median(times)
        label = " ".join(["solve", *extra]) or "solve"
        print(f"  {label:20s} {med:7.3f} s   {A000170[n] / med / 1e6:5.2f} million solutions/s")


def bench_startup(reps: int) -> None:
    timed(CLEW + ["queens", "count", "8"])  # warm the compile cache
    times = [timed(CLEW + ["queens", "count", "8"])[0] for _ in range(reps)]
    print(
        f"\nStart-up: clew queens count 8, warm cache: median {statistics.median(times):.3f} s "
        f"over {reps} runs"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, nargs="+", default=[16, 17], help="board sizes to count")
    parser.add_argument(
        "--solve-n", type=int, default=16, help="board size to enumerate in both orders"
    )
    parser.add_argument(
        "--any-order-n", type=int, nargs="*", default=[17], help="more sizes for --any-order only"
    )
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    if shutil.which("gcc") is None or not BASELINE.exists():
        sys.exit(f"need gcc and {BASELINE}")
    print(f"machine: {machine()}")
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_baseline(Path(tmp))
        bench_startup(max(args.reps, 5))
        for n in args.n:
            bench_count(exe, n, args.reps)
        bench_solve(args.solve_n, args.reps)
        for n in args.any_order_n:
            bench_solve(n, args.reps, orders=(("--any-order",),))


if __name__ == "__main__":
    main()
