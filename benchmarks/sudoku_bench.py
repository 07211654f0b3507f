"""Sudoku throughput side by side with tdoku's own benchmark program.

tdoku is not part of clew: build its ``run_benchmark`` in a scratch folder outside this
repository (``./BUILD.sh run_benchmark -DCMAKE_BUILD_TYPE=Release`` in a checkout of
t-dillon/tdoku) and pass its path. Then, from the repository root::

    python benchmarks/sudoku_bench.py --tdoku /tmp/tdoku/build/run_benchmark --reps 3

Both are asked for up to 2 solutions per puzzle (the uniqueness check), one thread, on the
shared data sets (``../shared/data/sudoku``; comment lines and CR characters removed into
a temporary copy, since tdoku reads bare 81-character lines). Each repetition runs tdoku
(``-t 5 -w 2``, its puzzles/s) and then clew's batch kernel on the whole file, so both see
the same machine state; medians are reported with the ratio clew / tdoku.
"""

from __future__ import annotations

import argparse
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


def tdoku_rate(exe: str, path: Path) -> float:
    out = subprocess.run([exe, "-t", "5", "-w", "2", "-c", "1", str(path)], capture_output=True, text=True, check=True).stdout
    line = [row for row in out.splitlines() if str(path) in row][-1]
    return float(line.split(",")[5])


def clew_rate(path: Path) -> float:
    from clew.sudoku import _kernels as K

    rows = [[0 if ch in ".0" else int(ch) for ch in line] for line in path.read_text().split()]
    puzzles = np.array(rows, dtype=np.int8)
    peers, units = K.tables(3)
    counts = np.zeros(len(puzzles), np.int64)
    sols = np.zeros_like(puzzles)
    K.solve_batch(puzzles[:10], 3, 2, counts[:10], sols[:10], peers, units)  # load the kernel
    t0 = time.perf_counter()
    K.solve_batch(puzzles, 3, 2, counts, sols, peers, units)
    seconds = time.perf_counter() - t0
    assert (counts == 1).all(), "every puzzle of these sets has exactly one solution"
    return len(puzzles) / seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tdoku", required=True, help="path of tdoku's run_benchmark, built outside this repository")
    parser.add_argument("--reps", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for name in SETS:
            path = clean_copy(DATA / name, Path(tmp))
            rates = {"tdoku": [], "clew": []}
            for _ in range(args.reps):
                rates["tdoku"].append(tdoku_rate(args.tdoku, path))
                rates["clew"].append(clew_rate(path))
            t, c = statistics.median(rates["tdoku"]), statistics.median(rates["clew"])
            print(f"{name}: tdoku {t:,.0f} puzzles/s, clew {c:,.0f} puzzles/s, ratio {c / t:.3f}  "
                  f"(runs tdoku {[round(x) for x in rates['tdoku']]}, clew {[round(x) for x in rates['clew']]})")


if __name__ == "__main__":
    main()
