"""N-Queens enumeration as a whole process: ``clew queens solve N > /dev/null`` (lexicographic
order) and ``clew queens solve N --any-order > /dev/null`` against the C mirror baseline
counting the same board.

Run from the repository root (clew installed, gcc on PATH)::

    python benchmarks/queens_enum_bench.py --n 16 --reps 5
    git worktree add /tmp/qe_before HEAD          # a tree to compare with
    python benchmarks/queens_enum_bench.py --n 16 --reps 5 --before /tmp/qe_before/src
    python benchmarks/queens_enum_bench.py --n 16 --reps 3 --in-process --before /tmp/qe_before/src

The baseline is ``../shared/baselines/nqueens_mirror.c``, built into a temporary folder with
``gcc -O3 -march=native``; it counts (it prints nothing per solution). Each repetition runs
every variant once, in turn (C, clew, before, C, clew, before, ...), so the machine's load
drifts over all of them alike; one warm-up run of each first (numba's compile cache). The
report gives medians of the wall time and of the process's user + system CPU time (which a
busy machine inflates less), and the ratio of the wall medians to the C median. Before the
timed runs each clew variant's output is checked once: as many lines as the C count, and
the any-order lines the same set as the lexicographic ones (both sorted by ``sort``,
compared by checksum). The byte-exact lexicographic output is checked by the tests.

``--in-process`` times the enumeration alone instead, without start-up and writing: the CPU
time of ``for chunk in queens.columns_text(N, ordered=...)`` in a process that has already
loaded its kernels (n = 8 first), each tree and order in turn.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT.parent / "shared" / "baselines" / "nqueens_mirror.c"


def build_baseline(folder: Path) -> Path:
    exe = folder / "nqueens_mirror"
    subprocess.run(["gcc", "-O3", "-march=native", "-o", str(exe), str(BASELINE)], check=True)
    return exe


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall seconds and CPU seconds (user + system) of one run, output to /dev/null."""
    with open(os.devnull, "wb") as sink:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        err = proc.stderr.read()
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(
            f"{' '.join(cmd)} failed ({proc.returncode}): {err.decode(errors='replace')}"
        )
    return wall, usage.ru_utime + usage.ru_stime


def sorted_digest(cmd: list[str], env: dict[str, str]) -> tuple[int, str]:
    """Number of output lines and a SHA-256 of the lines sorted by ``sort`` (bytewise, in
    a bounded memory): equal for two outputs that hold the same lines in any order."""
    shell = f"{shlex.join(cmd)} | tee >(wc -l >&2) | LC_ALL=C sort -S 256M | sha256sum"
    proc = subprocess.run(
        ["bash", "-c", shell], capture_output=True, text=True, env=env, check=True
    )
    return int(proc.stderr.split()[-1]), proc.stdout.split()[0]


_IN_PROCESS = """
import sys, time
from clew import queens
n, ordered = int(sys.argv[1]), sys.argv[2] == "lex"
for _ in queens.columns_text(8, ordered=ordered):
    pass
t = time.process_time()
lines = sum(chunk.count(b"\\n") for chunk in queens.columns_text(n, ordered=ordered))
print(time.process_time() - t, lines)
"""


def in_process(n: int, reps: int, trees: dict[str, dict[str, str]]) -> None:
    """CPU seconds of the enumeration alone (see the module docstring), medians."""
    times: dict[str, list[float]] = {}
    for _ in range(reps):
        for tree, tree_env in trees.items():
            for order in ("any", "lex"):
                cmd = [sys.executable, "-c", _IN_PROCESS, str(n), order]
                seconds, lines = subprocess.run(
                    cmd, capture_output=True, text=True, env=tree_env, check=True
                ).stdout.split()
                times.setdefault(f"{tree} {order}", []).append(float(seconds))
    print(
        f"n = {n}, in process, {reps} runs each in turn, load average {os.getloadavg()[0]:.2f}, "
        f"{lines} lines"
    )
    print()
    print("| enumeration | median CPU | runs |")
    print("|---|---|---|")
    for name, values in times.items():
        print(
            f"| {name} | {statistics.median(values):.3f} s | "
            f"{', '.join(f'{v:.2f}' for v in values)} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=16)
    parser.add_argument("--reps", type=int, default=5)
    parser.add_argument("--before", type=Path, help="a src folder to time as well (PYTHONPATH)")
    parser.add_argument("--no-check", action="store_true", help="skip the output check")
    parser.add_argument("--in-process", action="store_true", help="time the enumeration alone")
    args = parser.parse_args()

    n = args.n
    env = {**os.environ}
    trees = {"clew": env}
    if args.before:
        trees["before"] = {**os.environ, "PYTHONPATH": str(args.before.resolve())}
    if args.in_process:
        in_process(n, args.reps, trees)
        return
    with tempfile.TemporaryDirectory() as tmp:
        exe = build_baseline(Path(tmp))
        count = int(
            subprocess.run(
                [str(exe), str(n)], capture_output=True, text=True, check=True
            ).stdout.split()[1]
        )
        variants: dict[str, tuple[list[str], dict[str, str]]] = {
            "C mirror (count)": ([str(exe), str(n)], env)
        }
        for tree, tree_env in trees.items():
            solve = [sys.executable, "-m", "clew", "queens", "solve", str(n)]
            variants[f"{tree} --any-order"] = (solve + ["--any-order"], tree_env)
            variants[f"{tree} lexicographic"] = (solve, tree_env)
        if not args.no_check:
            for tree, tree_env in trees.items():
                solve = [sys.executable, "-m", "clew", "queens", "solve", str(n)]
                lex = sorted_digest(solve, tree_env)
                anyo = sorted_digest(solve + ["--any-order"], tree_env)
                if lex[0] != count or lex != anyo:
                    raise SystemExit(
                        f"{tree}: {lex[0]} lexicographic lines, any-order {anyo[0]}, C {count}"
                    )
            print(f"checked: {count} lines, any-order sorted == lexicographic", file=sys.stderr)
        for cmd, run_env in variants.values():
            timed(cmd, run_env)  # warm-up: the compile cache, the page cache
        walls: dict[str, list[float]] = {name: [] for name in variants}
        cpus: dict[str, list[float]] = {name: [] for name in variants}
        load0 = os.getloadavg()[0]
        for _ in range(args.reps):
            for name, (cmd, run_env) in variants.items():
                wall, cpu = timed(cmd, run_env)
                walls[name].append(wall)
                cpus[name].append(cpu)
        load1 = os.getloadavg()[0]
    base = statistics.median(walls["C mirror (count)"])
    base_cpu = statistics.median(cpus["C mirror (count)"])
    print(
        f"n = {n}, {args.reps} runs each in turn, load average {load0:.2f} -> {load1:.2f}, "
        f"{os.cpu_count()} cores"
    )
    print()
    print("| variant | median wall | ratio to C | median CPU | CPU ratio to C | runs (wall) |")
    print("|---|---|---|---|---|---|")
    for name in variants:
        wall = statistics.median(walls[name])
        cpu = statistics.median(cpus[name])
        runs = ", ".join(f"{w:.2f}" for w in walls[name])
        print(
            f"| {name} | {wall:.3f} s | {wall / base:.2f} | {cpu:.3f} s | {cpu / base_cpu:.2f} | "
            f"{runs} |"
        )


if __name__ == "__main__":
    main()
