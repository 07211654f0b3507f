"""What a user waits for on small jobs: whole ``clew`` processes against ``import numba``.

Each command runs as a whole process (``python -m clew ...``, the way the ``clew`` script
starts), in turns with the baseline ``python -c "import numba"`` (A B A B ...), after one
warm-up run that fills numba's caches. Prints the median wall time of each and its ratio to
the baseline's median. With ``--cold`` every run of a clew command gets a fresh, empty
``NUMBA_CACHE_DIR``: the first run after an install, kernels compiled from scratch.

Run from the repository root::

    python benchmarks/startup_bench.py --reps 9
    python benchmarks/startup_bench.py --cold --reps 3

The one-puzzle Sudoku file is the first line of ``../shared/data/sudoku/17_clue.txt``
(a built-in puzzle where that file is absent); the exact cover command counts the 6x10
pentomino tilings from a problem file written first.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "sudoku"
FALLBACK = "..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9"


def commands(folder: Path) -> list[tuple[str, list[str]]]:
    puzzle = folder / "one.txt"
    source = SHARED / "17_clue.txt"
    first = FALLBACK
    if source.is_file():
        first = next(
            line.strip()
            for line in source.read_text().splitlines()
            if line.strip() and not line.startswith("#")
        )
    puzzle.write_text(first + "\n")
    problem = folder / "pentominoes.dlx"
    code = (
        "from clew import cover; from clew.cover import knuth; "
        "print(knuth.write(cover.pentominoes(10, 6)), end='')"
    )
    problem.write_text(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
    )
    return [
        ("clew queens count 4", ["queens", "count", "4"]),
        ("clew queens count 12", ["queens", "count", "12"]),
        ("clew sudoku solve one.txt (one puzzle)", ["sudoku", "solve", str(puzzle)]),
        (
            "clew cover solve --count 6x10 --jobs 1",
            ["cover", "solve", "--count", "--jobs", "1", str(problem)],
        ),
    ]


def timed(argv: list[str], env: dict | None = None) -> float:
    t0 = time.perf_counter()
    subprocess.run(argv, env=env, capture_output=True, check=True, cwd=tempfile.gettempdir())
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=9)
    parser.add_argument("--cold", action="store_true", help="empty numba cache for every clew run")
    parser.add_argument("--only", default=None, help="run only the commands containing this text")
    args = parser.parse_args()
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; {'cold' if args.cold else 'warm'} numba cache"
    )
    baseline = [sys.executable, "-c", "import numba"]
    print(f"{'command':44} {'median (s)':>10} {'import numba (s)':>17} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        for name, cmd in commands(Path(folder)):
            if args.only and args.only not in name:
                continue
            argv = [sys.executable, "-m", "clew", *cmd]
            timed(argv)  # warm-up: the caches beside the source are filled
            ours, base = [], []
            for _rep in range(args.reps):
                env = None
                if args.cold:
                    env = {**os.environ, "NUMBA_CACHE_DIR": tempfile.mkdtemp(dir=folder)}
                ours.append(timed(argv, env))
                base.append(timed(baseline))
            a, b = statistics.median(ours), statistics.median(base)
            print(f"{name:44} {a:10.3f} {b:17.3f} {a / b:6.2f}")


if __name__ == "__main__":
    main()
