"""Journal benchmark: a journal of a million finished pieces opens, resumes and shows its
summary in seconds.

Run from the repository root (clew installed)::

    python benchmarks/journal_bench.py                 # 1,000,000 pieces, 3 repetitions
    python benchmarks/journal_bench.py --pieces 200000 --reps 5

Why a synthetic work: ``QueensCount(27, pieces=1_000_000)`` builds its constellation table
quickly, but the table has only 38,604 rows at n = 27 (n = 32 has fewer than 100,000) and
a count never has more pieces than rows, so no queens count reaches a million pieces. The
million-piece journal therefore belongs to :class:`Trivial`, defined here: 1,000,000
pieces (``range``), an identity, a pure ``run_piece`` that returns a 12-digit number in no
time (the size of a Q(27) share), ``combine`` = sum. ``clew journal show`` loads only
clew's own work classes (a journal is data, never a way to import code), so the class is
registered as ``clew._journal_bench:Trivial`` and the timed child that runs the command's
code (``clew.cli.main(["journal", "show", FILE])``) first puts this module under that name.
A real-shaped queens journal, ``QueensCount(27, pieces=1_000_000)`` (38,604 slices), is
filled too and shown by the plain ``python -m clew journal show FILE``.

Measured (each timed case is a whole fresh Python process, ``time.perf_counter`` around
``subprocess.run``; medians of ``--reps``; CPU = user + system seconds of the child):

fill
    ``Journal.open`` + ``record_many`` in batches of ``--batch`` pieces, in this process.
(a) show
    ``python -m clew journal show FILE`` on the queens journal, and the command's code on
    the million-piece journal (all done: the answer is combined too). If the command fails
    (the CLI was being rewired when this was written), the same library calls in a fresh
    process instead, said so in the output: ``Journal.read`` + ``load_work`` +
    ``progress(work)`` (+ ``values`` and ``combine`` when complete). The library calls on
    the million-piece journal are timed in any case, with their phases.
(b) open for a run
    ``Journal.open(path, full_identity(work), len(work.pieces()))`` + ``done(work)`` + the
    list of missing piece numbers, with ``--missing`` (1,000) of the pieces not done.
(c) resume
    ``clew.scale.run(work, jobs=1, journal=path)`` completing those missing pieces; the
    answer is checked.

(b) and (c) use a fresh copy of the journal each time (copied outside the timing).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

from clew.scale import Journal, Work, full_identity, load_work, run

MULT = 2654435761  # Knuth's multiplicative hash: values that look like counts


def value(i: int) -> int:
    """The synthetic value of piece ``i``: a 12-digit number (Q(27) / 1e6 is about 2.3e11)."""
    return (i * MULT) % 10**12 + 10**11


#: The module name under which journals record :class:`Trivial` (inside ``clew``, so that
#: ``clew journal show`` agrees to load it once :func:`_loadable` has run).
ALIAS = "clew._journal_bench"


class Trivial(Work):
    """``pieces`` trivial pieces: the value of piece ``i`` is :func:`value` of ``i``."""

    __module__ = ALIAS  # what full_identity() records (see _loadable)

    releases_gil = False  # jobs=1: the pieces run inline, in the calling thread

    def __init__(self, pieces: int) -> None:
        self.count = pieces

    def identity(self) -> dict:
        return {"bench": "journal", "pieces": self.count}

    @classmethod
    def from_identity(cls, identity: dict) -> Trivial:
        return cls(identity["pieces"])

    def pieces(self):
        return range(self.count)

    def run_piece(self, piece: int) -> int:
        return value(piece)

    def combine(self, values: list) -> int:
        return sum(values)

    def encode(self, v: int) -> str:
        return str(int(v))

    def decode(self, text: str) -> int:
        return int(text)

    def report(self, done: dict, pieces: int) -> dict:
        return {"partial": sum(done.values())}


def missing_pieces(total: int, missing: int) -> list[int]:
    """``missing`` piece numbers spread evenly over ``range(total)``."""
    missing = max(0, min(missing, total))
    return [total * k // missing for k in range(missing)] if missing else []


def _loadable() -> None:
    """Make ``clew._journal_bench:Trivial`` importable in this process (for ``load_work``)."""
    sys.modules.setdefault(ALIAS, sys.modules[__name__])


# -- the timed children (each one a fresh ``python journal_bench.py --child ...``) -------------


def child(kind: str, path: str, pieces: int) -> dict:
    t0 = time.perf_counter()
    out: dict = {}
    if kind == "cli-show":  # the code of `clew journal show FILE`, Trivial made loadable
        _loadable()
        from clew.cli import main

        main(["journal", "show", path])  # exits with the command's status
    if kind == "show-queens":  # what `clew journal show` does, through the library
        with Journal.read(path) as book:
            t1 = time.perf_counter()
            work = load_work(book.identity)
            progress = book.progress(work)
            answer = work.combine(book.values(work)) if progress.complete else None
        out = {
            "read": t1 - t0,
            "progress": time.perf_counter() - t1,
            "done": progress.done,
            "answer": answer,
        }
    elif kind == "show":
        work = Trivial(pieces)
        with Journal.read(path) as book:
            t1 = time.perf_counter()
            progress = book.progress(work)
            t2 = time.perf_counter()
            answer = work.combine(book.values(work)) if progress.complete else None
        out = {
            "read": t1 - t0,
            "progress": t2 - t1,
            "answer s": time.perf_counter() - t2,
            "done": progress.done,
            "answer": answer,
        }
    elif kind == "open":
        work = Trivial(pieces)
        with Journal.open(path, full_identity(work), len(work.pieces())) as book:
            t1 = time.perf_counter()
            done = book.done(work)
            t2 = time.perf_counter()
            todo = [i for i in range(len(work.pieces())) if i not in done]
            t3 = time.perf_counter()
        out = {"open": t1 - t0, "done": t2 - t1, "todo list": t3 - t2, "todo": len(todo)}
    elif kind == "resume":
        answer = run(Trivial(pieces), jobs=1, journal=path)
        out = {"answer": answer}
    else:
        raise SystemExit(f"unknown child {kind!r}")
    out["seconds"] = time.perf_counter() - t0
    return out


def timed(
    cmd: list[str], reps: int, prepare=None
) -> tuple[list[float], list[float], list[subprocess.CompletedProcess]]:
    """Wall and CPU seconds of ``reps`` runs of ``cmd`` (``prepare()`` before each, untimed)."""
    walls, cpus, results = [], [], []
    for _ in range(reps):
        if prepare:
            prepare()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        result = subprocess.run(cmd, capture_output=True, text=True)
        walls.append(time.perf_counter() - t0)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        results.append(result)
        if result.returncode != 0:
            break
    return walls, cpus, results


def child_cmd(kind: str, path: str, pieces: int) -> list[str]:
    return [
        sys.executable,
        os.path.abspath(__file__),
        "--child",
        kind,
        path,
        "--pieces",
        str(pieces),
    ]


def checked(result: subprocess.CompletedProcess) -> dict:
    if result.returncode != 0:
        raise SystemExit(f"child failed ({result.returncode}):\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def remove(path: str) -> None:
    """A journal and its SQLite side files."""
    for p in (path, path + "-wal", path + "-shm"):
        if os.path.exists(p):
            os.remove(p)


def megabytes(path: str) -> float:
    return sum(os.path.getsize(p) for p in (path, path + "-wal") if os.path.exists(p)) / 1e6


def fill(path: str, work: Work, skip: set[int], batch: int, make) -> tuple[float, int]:
    """Record every piece of ``work`` but ``skip`` (value ``make(i)``); seconds, pieces."""
    total = len(work.pieces())
    t0 = time.perf_counter()
    written = 0
    with Journal.open(path, full_identity(work), total, backend="bench") as book:
        for lo in range(0, total, batch):
            rows = [
                (i, str(make(i)), 1.0) for i in range(lo, min(lo + batch, total)) if i not in skip
            ]
            book.record_many(rows)
            written += len(rows)
    return time.perf_counter() - t0, written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--pieces",
        type=int,
        default=1_000_000,
        help="pieces of the synthetic journal (default 1,000,000)",
    )
    parser.add_argument(
        "--missing",
        type=int,
        default=1_000,
        help="pieces left to do for (b) and (c) (default 1,000)",
    )
    parser.add_argument(
        "--reps", type=int, default=3, help="repetitions of each timed process (default 3)"
    )
    parser.add_argument(
        "--batch", type=int, default=100_000, help="pieces per record_many call when filling"
    )
    parser.add_argument(
        "--dir", default=None, help="folder for the journals (default: a new temporary folder)"
    )
    parser.add_argument("--keep", action="store_true", help="keep the journals")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "FILE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child[0], args.child[1], args.pieces)))
        return

    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores "
        "(os.cpu_count), "
        f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}, {platform.system()} "
        f"{platform.release()}"
    )
    P, reps = args.pieces, args.reps
    folder = args.dir or tempfile.mkdtemp(prefix="clew-journal-bench-")
    os.makedirs(folder, exist_ok=True)
    full, resume, queens, copy = (
        os.path.join(folder, name)
        for name in ("full.sqlite", "resume.sqlite", "q27.sqlite", "copy.sqlite")
    )
    for path in (full, resume, queens, copy):
        remove(path)

    def fresh_copy() -> None:
        remove(copy)
        shutil.copyfile(resume, copy)

    rows: list[tuple] = []
    notes: list[str] = []
    try:
        # -- the queens count of n = 27 ---------------------------------------------------------
        from clew.queens import constellations
        from clew.queens.counting import QueensCount

        t0 = time.perf_counter()
        table = len(constellations(27))
        build = time.perf_counter() - t0
        q27 = QueensCount(27, pieces=P)
        q_pieces = len(q27.pieces())
        print(
            f"constellations(27): {table:,} rows in {build:.2f} s (first call, kernels compiled or "
            "loaded included); "
            f"QueensCount(27, pieces={P:,}) has {q_pieces:,} pieces (a slice holds at least one "
            "row)"
        )
        print(
            f"so the {P:,}-piece journal is for Trivial({P:,}), a Work defined in this script with "
            "trivial pieces"
        )

        # -- fill -------------------------------------------------------------------------------
        work = Trivial(P)
        seconds, written = fill(full, work, set(), args.batch, value)
        rows.append(
            (
                f"fill {written:,} pieces (record_many, {args.batch:,}/batch): "
                f"{written / seconds:,.0f} pieces/s",
                [seconds],
                None,
                megabytes(full),
            )
        )
        gone = missing_pieces(P, args.missing)
        shutil.copyfile(full, resume)
        with sqlite3.connect(resume) as conn:  # a journal with `missing` pieces to do
            conn.executemany("DELETE FROM pieces WHERE id = ?", [(i,) for i in gone])
        conn.close()
        share = 234_907_967_154_122_528 // table  # plausible values: Q(27) spread over the table
        q_missing = set(missing_pieces(q_pieces, max(1, round(args.missing * q_pieces / P))))
        fill(queens, q27, q_missing, args.batch, lambda i: share + (i * MULT) % 10**9)

        # -- what every fresh process pays ---------------------------------------------------------
        walls, cpus, _ = timed([sys.executable, "-c", "import clew.scale"], reps)
        rows.append(("fresh process: python -c 'import clew.scale'", walls, cpus, 0.0))
        walls, cpus, _ = timed(
            [sys.executable, "-c", "from clew.queens.counting import QueensCount; QueensCount(27)"],
            reps,
        )
        rows.append(
            ("fresh process: QueensCount(27) (numba kernels, n=27 table)", walls, cpus, 0.0)
        )

        # -- (a) show ---------------------------------------------------------------------------
        walls, cpus, results = timed(
            [sys.executable, "-m", "clew", "journal", "show", queens], reps
        )
        cli_works = results[-1].returncode == 0
        if cli_works:
            what = (
                f"(a) clew journal show, Q27 journal "
                f"({q_pieces - len(q_missing):,} of {q_pieces:,} done)"
            )
        else:
            last = (results[-1].stderr.strip().splitlines() or ["?"])[-1]
            notes.append(
                f"`python -m clew journal show` failed ({last}); (a) measures the same library "
                "calls "
                "in a fresh process: Journal.read + load_work + progress(work)"
            )
            walls, cpus, results = timed(child_cmd("show-queens", queens, P), reps)
            checked(results[-1])
            what = (
                f"(a) show via library calls, Q27 journal "
                f"({q_pieces - len(q_missing):,} of {q_pieces:,} done)"
            )
        rows.append((what, walls, cpus, megabytes(queens)))

        expected = sum(value(i) for i in range(P))
        if cli_works:
            walls, cpus, results = timed(child_cmd("cli-show", full, P), reps)
            if results[-1].returncode == 0 and f"{P} of {P} done" in results[-1].stdout:
                rows.append(
                    (
                        f"(a) clew journal show (its code), {P:,} of {P:,} done",
                        walls,
                        cpus,
                        megabytes(full),
                    )
                )
            else:
                notes.append(
                    "the code of `clew journal show` failed on the million-piece journal: "
                    + (results[-1].stderr.strip().splitlines() or ["?"])[-1]
                )
        walls, cpus, results = timed(child_cmd("show", full, P), reps)
        detail = checked(results[-1])
        assert detail["done"] == P and detail["answer"] == expected, detail
        rows.append(
            (
                f"(a) show via library calls, {P:,} of {P:,} done (+ answer)",
                walls,
                cpus,
                megabytes(full),
            )
        )
        notes.append(
            f"(a) library calls, {P:,}-piece journal: "
            + _phases(detail, ("read", "progress", "answer s"))
        )

        # -- (b) open for a run -----------------------------------------------------------------
        walls, cpus, results = timed(child_cmd("open", copy, P), reps, fresh_copy)
        detail = checked(results[-1])
        assert detail["todo"] == len(gone), detail
        rows.append(
            (
                f"(b) open + done + to-do list, {P - len(gone):,} of {P:,} done",
                walls,
                cpus,
                megabytes(resume),
            )
        )
        notes.append("(b) " + _phases(detail, ("open", "done", "todo list")))

        # -- (c) resume -------------------------------------------------------------------------
        walls, cpus, results = timed(child_cmd("resume", copy, P), reps, fresh_copy)
        detail = checked(results[-1])
        assert detail["answer"] == expected, detail
        with Journal.read(copy) as book:
            assert book.progress().done == P
        rows.append(
            (
                f"(c) resume: run(jobs=1, journal) does the {len(gone):,} missing",
                walls,
                cpus,
                megabytes(copy),
            )
        )
    finally:
        if not args.keep and args.dir is None:
            shutil.rmtree(folder, ignore_errors=True)

    width = max(len(r[0]) for r in rows)
    print()
    print(
        f"{'what':<{width}}  {'median s':>9} {'min s':>7} {'max s':>7} {'CPU s':>6}  "
        f"{'journal MB':>10}"
    )
    for what, walls, cpus, mb in rows:
        cpu = f"{statistics.median(cpus):6.2f}" if cpus else f"{'':6}"
        print(
            f"{what:<{width}}  {statistics.median(walls):9.2f} {min(walls):7.2f} "
            f"{max(walls):7.2f} {cpu}  {mb:10.1f}"
        )
    print(
        f"\n{rows[0][3] * 1e6 / P:.1f} bytes per piece in the journal ({P:,} pieces, 12-digit "
        f"values); {reps} fresh processes per row (a)-(c)"
    )
    for note in notes:
        print("note: " + note)
    if args.keep or args.dir:
        print(f"journals kept in {folder}")


def _phases(detail: dict, keys) -> str:
    return (
        ", ".join(f"{k} {detail[k]:.2f} s" for k in keys if k in detail)
        + " (inside the child, last run)"
    )


if __name__ == "__main__":
    main()
