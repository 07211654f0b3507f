"""Whole-process speed of this checkout against another version of clew, side by side.

For a restructuring that must not cost speed: each command of the set runs as a whole
``python -m clew ...`` process, once with this checkout and once with the other version's
source tree (``PYTHONPATH=OTHER/src``), in turns (A B A B ...), after one warm-up of each
(numba's caches filled). Prints medians and the ratio of the medians, this / other.

Run from the repository root, with the other version checked out beside it::

    git worktree add /tmp/before 7829d7e
    python benchmarks/versions_bench.py --before /tmp/before/src --reps 5

The Sudoku commands read ``../shared/data/sudoku/17_clue.txt`` and ``top1465.txt``; the
exact cover command writes the 6x10 pentomino problem to a temporary file.
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


def commands(problem: Path) -> list[tuple[str, list[str]]]:
    s17, top = str(SHARED / "17_clue.txt"), str(SHARED / "top1465.txt")
    out = [
        ("queens count 16 --jobs 1", ["queens", "count", "16", "--jobs", "1"]),
        ("queens count 16 --jobs 2", ["queens", "count", "16", "--jobs", "2"]),
        (
            "cover solve --count 6x10 --jobs 1",
            ["cover", "solve", "--count", "--jobs", "1", str(problem)],
        ),
        (
            "cover solve --count 6x10 --jobs 2",
            ["cover", "solve", "--count", "--jobs", "2", str(problem)],
        ),
        (
            "sudoku generate --count 1000 --jobs 2",
            ["sudoku", "generate", "--count", "1000", "--seed", "1", "--jobs", "2"],
        ),
    ]
    if (SHARED / "17_clue.txt").is_file():
        out += [
            (
                "sudoku solve --count --limit 2 --jobs 1 17_clue",
                ["sudoku", "solve", "--count", "--limit", "2", "--jobs", "1", s17],
            ),
            (
                "sudoku solve --unique --jobs 2 17_clue",
                ["sudoku", "solve", "--unique", "--jobs", "2", s17],
            ),
            (
                "sudoku solve --count --limit 2 --jobs 1 top1465",
                ["sudoku", "solve", "--count", "--limit", "2", "--jobs", "1", top],
            ),
        ]
    return out


def once(args: list[str], src: str) -> tuple[float, bytes]:
    env = {**os.environ, "PYTHONPATH": src}
    t0 = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "clew", *args],
        env=env,
        capture_output=True,
        cwd=tempfile.gettempdir(),
    )
    return time.perf_counter() - t0, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="the other version's src folder")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--only", default=None, help="run only the commands containing this text")
    args = parser.parse_args()
    here = str(ROOT / "src")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}"
    )
    print(f"{'command':52} {'this (s)':>9} {'before (s)':>10} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as folder:
        problem = Path(folder) / "pentominoes.dlx"
        code = (
            "from clew import cover; from clew.cover import knuth; "
            "print(knuth.write(cover.pentominoes(10, 6)), end='')"
        )
        problem.write_text(
            subprocess.run(
                [sys.executable, "-c", code],
                env={**os.environ, "PYTHONPATH": here},
                capture_output=True,
                text=True,
                check=True,
            ).stdout
        )
        for name, cmd in commands(problem):
            if args.only and args.only not in name:
                continue
            a_out = once(cmd, here)[1]
            b_out = once(cmd, args.before)[1]  # warm-up of both: numba's caches filled
            if a_out != b_out:
                print(f"{name}: the two versions print different output", file=sys.stderr)
            a, b = [], []
            for _ in range(args.reps):
                a.append(once(cmd, here)[0])
                b.append(once(cmd, args.before)[0])
            ma, mb = statistics.median(a), statistics.median(b)
            print(f"{name:52} {ma:9.3f} {mb:10.3f} {ma / mb:6.2f}")


if __name__ == "__main__":
    main()
