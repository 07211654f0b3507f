"""Exact cover speed side by side: clew's two engines, xcover and Knuth's DLX1.

The problem is the classic one: all tilings of a 6x10 rectangle by the 12 pentominoes
(``clew.cover.pentominoes(10, 6)``: 72 primary items, 2056 options, 9356 tilings), written
to a temporary file in Knuth's format that every program reads. The baselines are not part
of clew and are never imported by it:

* ``--xcover-python PY``: a Python interpreter with xcover installed (e.g. a scratch venv:
  ``python -m venv /tmp/xcbench && /tmp/xcbench/bin/pip install xcover``); xcover's
  ``covers(options, primary=...)`` counts the solutions there, after a warm-up call that
  compiles its kernel;
* ``--dlx1 EXE``: Knuth's DLX1 built from his CWEB source in a scratch folder outside this
  repository (``ctangle dlx1.w && gcc -O3 -march=native dlx1.c gb_flip.c``), run as
  ``EXE m0 < file``; its wall time includes its own mem counting.

From the repository root::

    python benchmarks/cover_bench.py --reps 3 --xcover-python /tmp/xcbench/bin/python \
        --dlx1 /tmp/dlx1/dlx1

Each repetition runs every contestant once, in turn, so all see the same machine state;
medians are reported with ratios to xcover and to DLX1, and search nodes per second.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

XCOVER_SCRIPT = """
import sys, time
from xcover import covers
rows = [line.split() for line in open(sys.argv[1]) if line.strip() and not line.startswith("|")]
items, options = rows[0], rows[1:]
sum(1 for _ in covers([["a"], ["b"], ["a", "b"]], primary=["a", "b"]))  # compile
t0 = time.perf_counter()
n = sum(1 for _ in covers(options, primary=items))
print(n, time.perf_counter() - t0)
"""


def run_xcover(python: str, path: Path) -> tuple[int, float]:
    out = subprocess.run(
        [python, "-c", XCOVER_SCRIPT, str(path)], capture_output=True, text=True, check=True
    ).stdout
    n, seconds = out.split()
    return int(n), float(seconds)


def run_dlx1(exe: str, path: Path) -> tuple[int, float]:
    with open(path) as f:
        t0 = time.perf_counter()
        done = subprocess.run([exe, "m0"], stdin=f, capture_output=True, text=True, check=True)
        seconds = time.perf_counter() - t0
    found = re.search(r"Altogether (\d+) solution", done.stderr)
    if not found:
        raise RuntimeError(f"unexpected DLX1 output: {done.stderr[-300:]}")
    return int(found.group(1)), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument(
        "--xcover-python", help="a Python with xcover installed (outside this project)"
    )
    parser.add_argument("--dlx1", help="Knuth's DLX1 executable, built outside this repository")
    parser.add_argument("--width", type=int, default=10)
    parser.add_argument("--height", type=int, default=6)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()

    from clew import cover

    problem = cover.pentominoes(args.width, args.height)
    cover.Search(problem, 1).run()  # load the kernels
    cover.Search(problem, 1, engine="links").run()
    results: dict[str, list[float]] = {}
    nodes: dict[str, int] = {}
    counts: dict[str, int] = {}

    def record(name: str, n: int, seconds: float, searched: int | None = None) -> None:
        counts.setdefault(name, n)
        if counts[name] != n:
            raise RuntimeError(f"{name} counted {n}, then {counts[name]}")
        results.setdefault(name, []).append(seconds)
        if searched is not None:
            nodes[name] = searched

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pentominoes.dlx"
        path.write_text(cover.knuth.write(problem))
        for _ in range(args.reps):
            for engine in ("bits", "links"):
                s = cover.Search(problem, engine=engine)
                s.run()
                record(f"clew {engine}, 1 core", s.count, s.seconds, s.nodes)
            t0 = time.perf_counter()
            n = cover.count(problem, jobs=args.jobs)
            record(f"clew bits, --jobs {args.jobs} (whole run)", n, time.perf_counter() - t0)
            if args.xcover_python:
                record("xcover (covers)", *run_xcover(args.xcover_python, path))
            if args.dlx1:
                record("DLX1 (gcc -O3, wall)", *run_dlx1(args.dlx1, path))

    print(
        f"{args.width}x{args.height} pentominoes: {len(problem.options)} options, "
        f"{len(problem.primary)} primary items; medians of {args.reps}"
    )
    medians = {name: statistics.median(times) for name, times in results.items()}
    bases = [b for b in ("xcover (covers)", "DLX1 (gcc -O3, wall)") if b in medians]
    for name, med in medians.items():
        ratios = "  ".join(f"{med / medians[b]:.3f}x {b.split()[0]}" for b in bases)
        rate = f"  {nodes[name] / med:,.0f} nodes/s" if name in nodes else ""
        print(
            f"  {name:<34} {counts[name]:>6} solutions  {med:8.3f} s  {ratios}{rate}"
            f"   runs {[round(t, 3) for t in results[name]]}"
        )


if __name__ == "__main__":
    main()
