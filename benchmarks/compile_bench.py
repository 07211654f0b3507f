"""What the first use of each main command costs: every command run cold (a fresh, empty
``NUMBA_CACHE_DIR``) and then warm (the same folder, now filled), whole processes, wall and
CPU seconds side by side; and which kernel each command compiles and how long each took
(numba's event API: the ``numba:compile`` events, the top-level ones timed in CPU seconds
of the compiling thread, which a busy machine does not inflate).

    python benchmarks/compile_bench.py                  # every command, once cold, once warm
    python benchmarks/compile_bench.py --reps 3         # cold/warm pairs, medians
    python benchmarks/compile_bench.py --only queens    # the commands whose name holds 'queens'
    python benchmarks/compile_bench.py --write-table    # and write src/clew/_compile_table.py
    python benchmarks/compile_bench.py --base /tmp/base # before/after: an older tree side by side

``--base DIR`` runs every command also from the source tree ``DIR`` (``DIR/src`` first on
``PYTHONPATH``; make it with ``git archive REV | tar -x -C DIR``), alternating with this
tree, and prints before/after columns. The times come from plain runs (``python -m clew``);
the compile events from one more cold run with a listener, which imports numba before clew
(so a job that would not load numba at all is seen loading it there: its times are the
plain runs').

``--write-table`` saves each kernel module's cold compile (its kernels, and the seconds of
their top-level compiles, the longest seen for each function) in ``clew/_compile_table.py``,
where the first-run notice reads its estimate. Run it again after the kernels change.

Inputs are made in a temporary folder: the first 200 puzzles of the 17-clue file
(``../shared/data/sudoku/17_clue.txt``, else ``tests/data/sudoku_17_clue_sample.txt``), an
ER 8+ puzzle of ``tests/data/sudoku_se_ratings.txt``, the 6x10 pentominoes as a problem file,
a 40x20 maze.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
TABLE = REPO / "src" / "clew" / "_compile_table.py"

# Runs clew's main() in this process with a listener on numba's compile events, and writes
# every top-level compile (its function and seconds) and every nested one as JSON lines.
LISTENER = r"""
import json, os, sys, time
from numba.core import event
stack, rows = [], []
class Listener(event.Listener):
    def on_start(self, ev):
        f = ev.data["dispatcher"].py_func
        stack.append((f.__module__, f.__qualname__, time.perf_counter(), time.thread_time()))
    def on_end(self, ev):
        module, name, start, cpu = stack.pop()
        rows.append({"module": module, "name": name, "seconds": time.perf_counter() - start,
                     "cpu": time.thread_time() - cpu, "depth": len(stack)})
event.register("numba:compile", Listener())
def save():
    with open(os.environ["COMPILE_BENCH_EVENTS"], "w") as out:
        json.dump(rows, out)
import atexit; atexit.register(save)
sys.argv = ["clew"] + sys.argv[1:]
from clew.cli import main
main()
"""


def inputs(folder: Path) -> dict[str, Path]:
    """The input files of the commands, written into ``folder``."""
    shared = REPO.parent / "shared" / "data" / "sudoku" / "17_clue.txt"
    source = shared if shared.is_file() else REPO / "tests" / "data" / "sudoku_17_clue_sample.txt"
    puzzles = [
        line for line in source.read_text().splitlines() if line and not line.startswith("#")
    ][:200]
    files = {
        "17": folder / "17_clue.txt",
        "hard": folder / "er8.txt",
        "dlx": folder / "pentominoes.dlx",
        "maze": folder / "maze.txt",
    }
    files["17"].write_text("\n".join(puzzles) + "\n")
    rated = [
        line.split()
        for line in (REPO / "tests" / "data" / "sudoku_se_ratings.txt").read_text().splitlines()
        if line and not line.startswith("#")
    ]
    files["hard"].write_text(next(p for p, er, *_ in rated if float(er) >= 8.0) + "\n")
    code = (
        "from clew import cover; from clew.cover import knuth; "
        "print(knuth.write(cover.pentominoes(10, 6)), end='')"
    )
    files["dlx"].write_text(
        subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        ).stdout
    )
    maze = subprocess.run(
        [sys.executable, "-m", "clew", "maze", "generate", "40", "20", "--seed", "1"],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "CLEW_COMPILE_NOTICE": "0"},
    )
    files["maze"].write_text(maze.stdout)
    return files


def commands(files: dict[str, Path]) -> list[tuple[str, list[str]]]:
    """The main commands of issue 26's list: (name, arguments of clew)."""
    return [
        ("clew queens count 12", ["queens", "count", "12"]),
        ("clew queens solve 12 --any-order", ["queens", "solve", "12", "--any-order"]),
        ("clew sudoku solve FILE (200 17-clue)", ["sudoku", "solve", str(files["17"])]),
        ("clew sudoku rate (ER 8+)", ["sudoku", "rate", str(files["hard"])]),
        (
            "clew sudoku generate --difficulty hard",
            ["sudoku", "generate", "--difficulty", "hard", "--seed", "1"],
        ),
        (
            "clew sudoku generate --rating 9.0-9.4",
            ["sudoku", "generate", "--rating", "9.0-9.4", "--seed", "1"],
        ),
        ("clew cover solve --count (6x10)", ["cover", "solve", "--count", str(files["dlx"])]),
        ("clew maze solve", ["maze", "solve", str(files["maze"])]),
    ]


def run(
    argv: list[str], cache: str, events: Path | None, src: str | None = None
) -> tuple[float, float, int]:
    """Wall and CPU seconds (this child and the children it waited for) and the exit status
    of one whole process of ``clew ARGV`` with ``NUMBA_CACHE_DIR=cache`` (from the tree
    ``src`` when given). A partner that compiles beside a first run and ends after it is
    waited for after the timing (its CPU time is counted only when it ended first)."""
    pairs = tempfile.mkdtemp(prefix="pairs-", dir=os.path.dirname(cache))
    env = {**os.environ, "NUMBA_CACHE_DIR": cache, "CLEW_COMPILE_NOTICE": "0", "TMPDIR": pairs}
    if src is not None:
        env["PYTHONPATH"] = os.pathsep.join([src, *filter(None, [os.environ.get("PYTHONPATH")])])
    if events is not None:
        env["COMPILE_BENCH_EVENTS"] = str(events)
        command = [sys.executable, "-c", LISTENER, *argv]
    else:
        command = [sys.executable, "-m", "clew", *argv]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    # a first run's partner process (clew._partner) may still be filling the cache: the next
    # run starts when it has finished (it removes its folder), so that no run shares the cores
    deadline = time.monotonic() + 300
    while any(Path(pairs).glob("clew-pair-*")) and time.monotonic() < deadline:
        time.sleep(0.1)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if done.returncode not in (0, 1):
        print(
            f"  {' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()[-300:]}",
            file=sys.stderr,
        )
    return wall, cpu, done.returncode


def path_of(module: str) -> str:
    """``clew.queens.compiled._kernels_count`` -> ``queens/compiled/_kernels_count.py``."""
    return module.removeprefix("clew.").replace(".", "/") + ".py"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=1, help="cold/warm pairs per command (medians)")
    parser.add_argument("--only", default="", help="only the commands whose name holds this text")
    parser.add_argument(
        "--write-table", action="store_true", help="write src/clew/_compile_table.py"
    )
    parser.add_argument(
        "--base", default=None, help="an older source tree to run side by side (before/after)"
    )
    args = parser.parse_args()
    trees = (
        {"after": None}
        if args.base is None
        else {"before": str(Path(args.base) / "src"), "after": None}
    )

    with tempfile.TemporaryDirectory(prefix="compile-bench-") as tmp:
        folder = Path(tmp)
        chosen = [(n, a) for n, a in commands(inputs(folder)) if args.only in n]
        times: dict[str, dict[str, list[float]]] = {}  # "command|tree" -> figure -> runs
        compiled: dict[
            str, dict[tuple[str, str], float]
        ] = {}  # command -> function -> top-level seconds
        nested: dict[str, set[tuple[str, str]]] = {}  # command -> every function it compiled
        for rep in range(args.reps):
            for name, argv in chosen:
                for tree, src in trees.items():
                    cache = tempfile.mkdtemp(prefix="cache-", dir=tmp)
                    cold = run(argv, cache, None, src)
                    warm = run(argv, cache, None, src)
                    row = times.setdefault(
                        f"{name}|{tree}",
                        {"cold wall": [], "cold cpu": [], "warm wall": [], "warm cpu": []},
                    )
                    row["cold wall"].append(cold[0])
                    row["cold cpu"].append(cold[1])
                    row["warm wall"].append(warm[0])
                    row["warm cpu"].append(warm[1])
                    print(
                        f"[{rep + 1}/{args.reps}] {name} ({tree}): cold {cold[0]:.1f} s wall, "
                        f"warm {warm[0]:.2f} s",
                        file=sys.stderr,
                        flush=True,
                    )
                if rep:
                    continue
                events = folder / "events.json"
                events.unlink(missing_ok=True)
                run(argv, tempfile.mkdtemp(prefix="cache-", dir=tmp), events)
                rows = json.loads(events.read_text()) if events.exists() else []
                tops = compiled.setdefault(name, {})
                for e in rows:
                    if not e["module"].startswith("clew."):
                        continue  # numba's own helpers, compiled inside a kernel's compile
                    key = (path_of(e["module"]), e["name"])
                    nested.setdefault(name, set()).add(key)
                    if e["depth"] == 0:  # CPU seconds: the same on a busy machine as on a quiet one
                        tops[key] = max(tops.get(key, 0.0), e["cpu"])

    print(
        f"\nWhole processes, cold (fresh NUMBA_CACHE_DIR) and warm; median of {args.reps}; "
        f"numba {numba_version()}, {os.cpu_count()} cores\n"
    )
    columns = ["cold wall", "cold cpu", "warm wall", "warm cpu"]
    head = [f"{c} ({t})" if len(trees) > 1 else c for c in columns for t in trees]
    print("| command | " + " | ".join(head) + " | kernels compiled |")
    print("|---|" + "---|" * (len(head) + 1))
    for name, _ in chosen:
        cells = []
        for c in columns:
            for t in trees:
                v = statistics.median(times[f"{name}|{t}"][c])
                cells.append(f"{v:.1f} s" if c.startswith("cold") else f"{v:.2f} s")
        print(f"| `{name}` | " + " | ".join(cells) + f" | {len(nested.get(name, ()))} |")

    functions: dict[tuple[str, str], float] = {}
    users: dict[tuple[str, str], list[str]] = {}
    for name, tops in compiled.items():
        for key, seconds in tops.items():
            functions[key] = max(functions.get(key, 0.0), seconds)
            users.setdefault(key, []).append(name.split(" (")[0].removeprefix("clew "))
    print(
        "\nTop-level kernel compiles, CPU seconds (nested ones included in their caller's), "
        "longest first\n"
    )
    print("| kernel | cold compile (CPU) | commands that need it |")
    print("|---|---|---|")
    for key, seconds in sorted(functions.items(), key=lambda kv: -kv[1]):
        print(f"| `{key[0]}:{key[1]}` | {seconds:.2f} s | {', '.join(users[key])} |")

    modules: dict[str, list] = {}
    for keys in nested.values():
        for module, function in keys:
            modules.setdefault(module, [set(), 0.0])[0].add(function)
    # a module's estimate: the most that one command compiled of it (a rating below 9.0
    # compiles one of the two chain kernels, a --rating 9.0-9.4 generation the other: the
    # sum of both would be the time of no command)
    for tops in compiled.values():
        per_module: dict[str, float] = {}
        for (module, _), seconds in tops.items():
            per_module[module] = per_module.get(module, 0.0) + seconds
        for module, seconds in per_module.items():
            row = modules.setdefault(module, [set(), 0.0])
            row[1] = max(row[1], seconds)
    print("\nBy kernel module (the first-run notice's estimate)\n")
    print("| module | kernels | cold compile (CPU) |")
    print("|---|---|---|")
    for module, (names, seconds) in sorted(modules.items()):
        print(f"| `{module}` | {len(names)} | {seconds:.1f} s |")
    if args.write_table:
        write_table(
            {m: (len(n), round(s, 1)) for m, (n, s) in sorted(modules.items())},
            merge=bool(args.only),
        )
        print(f"\nwrote {TABLE.relative_to(REPO)}", file=sys.stderr)


def numba_version() -> str:
    from importlib.metadata import version

    return version("numba")


def write_table(modules: dict[str, tuple[int, float]], merge: bool) -> None:
    """Write the table; with ``merge`` (a run of some commands only) keep the rows of the
    modules that they did not reach."""
    if merge and TABLE.exists():
        namespace: dict = {}
        exec(TABLE.read_text(), namespace)
        modules = {**namespace.get("MODULES", {}), **modules}
    lines = [f"    {module!r}: {row!r}," for module, row in sorted(modules.items())]
    head = TABLE.read_text().split("MEASURED = ")[0] if TABLE.exists() else '"""Generated."""\n\n'
    measured = f"numba {numba_version()}, {os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    TABLE.write_text(
        head
        + f"MEASURED = {measured!r}\n\nMODULES: dict[str, tuple[int, float]] = {{\n"
        + "\n".join(lines)
        + "\n}\n"
    )


if __name__ == "__main__":
    main()
