"""Exact cover with multiplicities side by side: clew's Algorithm M kernel against Knuth's
DLX3, whole processes, on the same files in Knuth's format.

Instances (each written to a temporary file, items renamed ``i0``, ``i1``, ... where a name
is not a short string):

* ``rooks7``: the 7 x 7 0/1 matrices with two ones in every row and column
  (``rook_matrices(7, 2, 2)``, OEIS A001499: 3,110,940);
* ``queendom8``: five queens dominating the chessboard (``queen_domination(8, 5)``, OEIS
  A002564: 4,860);
* ``tetro6x6``, ``tetro6x8``: tetromino packings with several copies of each piece
  (``polyomino_packing``: 4,552 and 145,920);
* the larger ``queendom9`` (five queens dominating the 9 x 9 board, ``queen_domination(9,
  5)``: 114) and ``rooks7x3`` (three ones in every row and column, ``rook_matrices(7, 3,
  3)``, OEIS A001501: 68,938,800), some 20 s and 15 s for DLX3 (``--only`` picks some).

Knuth's DLX3 is not part of clew and is never imported by it: build it from his CWEB
source in a scratch folder outside this repository (``ctangle dlx3.w && gcc -O3
-march=native -o dlx3 dlx3.c gb_flip.c``; ``ctangle`` comes with Debian's texlive-binaries)
and pass its path. It runs as ``dlx3 m0 < file``; clew as ``python -m clew cover solve
--count -v FILE --jobs 1`` (one search in the main thread) and ``--jobs 2`` (the count cut
into pieces, on two threads).

From the repository root::

    python benchmarks/cover_m_bench.py --dlx3 /tmp/knuth/dlx3 --reps 5

Each repetition runs every contestant once per instance, in turn, so all see the same
machine state; the table gives medians (wall time of the whole process, Python's start and
the cached kernels' load included), the CPU time of the process (user + system, all its
threads: the steadier figure on a busy machine), clew's search time as ``-v`` reports it
(the kernel, or with ``--jobs 2`` the whole count: without Python's start and the imports;
for DLX3 the whole process, whose start costs nothing); each ratio is to DLX3's figure of
the same kind (the search's to its wall time). Both programs must report the
same number of solutions.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def instances() -> dict:
    from clew.cover import Problem, polyomino_packing, queen_domination, rook_matrices

    def plain(p: Problem) -> Problem:
        names = {item: f"i{k}" for k, item in enumerate(p.primary + p.secondary)}
        options = [
            [names[n] + (f":{c}" if c is not None else "") for n, c in entries]
            for entries in p.entries
        ]
        bounds = {names[i]: b for i, b in zip(p.primary, p.bounds, strict=False) if b != (1, 1)}
        return Problem(
            options,
            primary=[names[i] for i in p.primary],
            secondary=[names[i] for i in p.secondary],
            bounds=bounds,
        )

    tetrominoes = {"I": "####", "L": "###\n#..", "O": "##\n##", "S": ".##\n##.", "T": "###\n.#."}
    return {
        "rooks7": plain(rook_matrices(7, 2, 2)),
        "queendom8": plain(queen_domination(8, 5)),
        "tetro6x6": polyomino_packing(
            "\n".join(["######"] * 6), tetrominoes, {"I": 2, "L": 3, "O": 1, "S": 1, "T": 2}
        ),
        "tetro6x8": polyomino_packing(
            "\n".join(["########"] * 6), tetrominoes, {"I": 3, "L": 4, "O": 2, "S": 1, "T": 2}
        ),
        "queendom9": plain(queen_domination(9, 5)),
        "rooks7x3": plain(rook_matrices(7, 3, 3)),
    }


def timed(command: list[str], stdin=None) -> tuple[subprocess.CompletedProcess, float, float]:
    """Run a process to its end: its result, wall seconds and CPU seconds (user + system,
    every thread; on a busy machine the CPU time is the steadier figure)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    done = subprocess.run(command, stdin=stdin, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return done, wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def run_dlx3(exe: str, path: Path) -> tuple[int, float, float, float]:
    with open(path) as f:
        done, wall, cpu = timed([exe, "m0"], stdin=f)
    # its own figure for the search alone: "... N mems, ..." has no time; the whole process is it
    found = re.search(r"Altogether (\d+) solution", done.stderr)
    if not found:
        raise RuntimeError(f"unexpected DLX3 output: {done.stderr[-300:]}")
    return int(found.group(1)), wall, cpu, wall


def run_clew(path: Path, jobs: int) -> tuple[int, float, float, float]:
    command = [
        sys.executable,
        "-m",
        "clew",
        "cover",
        "solve",
        "--count",
        "-v",
        str(path),
        "--jobs",
        str(jobs),
    ]
    done, wall, cpu = timed(command)
    # -v: "clew: N solutions, K nodes, S s, ...": S is the search alone (with --jobs 2 the
    # whole count: cutting, threads, pieces), without Python's start and the imports
    search = float(re.search(r", ([0-9.]+) s", done.stderr).group(1))
    return int(done.stdout.split()[0]), wall, cpu, search


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dlx3", required=True, help="Knuth's DLX3 executable")
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--only", nargs="*", help="instance names (default: all)")
    args = parser.parse_args()
    from clew.cover import knuth

    chosen = {k: v for k, v in instances().items() if not args.only or k in args.only}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for name, problem in chosen.items():
            paths[name] = Path(tmp) / f"{name}.dlx"
            paths[name].write_text(knuth.write(problem))
        run_clew(next(iter(paths.values())), 1)  # the kernels compiled and cached once, not timed
        contestants = {
            "DLX3": lambda p: run_dlx3(args.dlx3, p),
            "clew --jobs 1": lambda p: run_clew(p, 1),
            "clew --jobs 2": lambda p: run_clew(p, 2),
        }
        times = {(n, c): [] for n in chosen for c in contestants}
        cpus = {(n, c): [] for n in chosen for c in contestants}
        searches = {(n, c): [] for n in chosen for c in contestants}
        counts: dict = {}
        for rep in range(args.reps):
            for name, path in paths.items():
                for who, go in contestants.items():
                    found, seconds, cpu, search = go(path)
                    counts.setdefault(name, found)
                    if found != counts[name]:
                        raise RuntimeError(
                            f"{who} found {found} solutions of {name}, expected {counts[name]}"
                        )
                    times[name, who].append(seconds)
                    cpus[name, who].append(cpu)
                    searches[name, who].append(search)
            print(f"repetition {rep + 1} of {args.reps} done", file=sys.stderr)
    print(f"machine: {os.cpu_count()} cores; whole processes, median of {args.reps} runs\n")
    print(
        "| instance | solutions | contestant | wall | vs DLX3 | CPU | vs DLX3 | search | vs DLX3 |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for name in chosen:
        base = statistics.median(times[name, "DLX3"])
        cpu_base = statistics.median(cpus[name, "DLX3"])
        for who in contestants:
            median = statistics.median(times[name, who])
            cpu = statistics.median(cpus[name, who])
            search = statistics.median(searches[name, who])
            print(
                f"| {name} | {counts[name]:,} | {who} | {median:.3f} s | {median / base:.2f}x | "
                f"{cpu:.3f} s "
                f"| {cpu / cpu_base:.2f}x | {search:.3f} s | {search / base:.2f}x |"
            )
    print()
    for (name, who), runs in times.items():
        print(
            f"{name} {who}: wall [{', '.join(f'{t:.3f}' for t in sorted(runs))}], CPU "
            f"[{', '.join(f'{t:.3f}' for t in sorted(cpus[name, who]))}]"
        )


if __name__ == "__main__":
    main()
