"""The full fault matrix: every long job killed at seeded moments, resumed, compared.

For every job of the registry ``tests/helpers/fault_jobs.py`` (the one the suite's small matrix,
``tests/test_fault_matrix.py``, runs over):

* ``SIGKILL`` at MOMENTS seeded random moments, each in a fresh journal, then the same
  command again: its exit status, stdout and stderr must be those of an uninterrupted run;
* ``SIGINT`` likewise: exit status 130 and one line on stderr saying what is safe, then
  the resumed run prints the same bytes;
* ``dask``: the job on a Dask LocalCluster on 127.0.0.1 (two worker processes) through
  ``--scheduler``, one worker killed at a seeded moment: the same bytes, every piece in the
  journal;

and once, the cost of a dead worker: an instrumented job whose pieces log their runs, a
worker killed in the middle of a piece, MOMENTS times: the pieces run twice must be pieces
that worker held (at most 2: the one it ran, one finished and not yet fetched).

A moment is a fraction of the job's pieces recorded in its journal, plus a seeded delay
of up to a quarter second (a kill lands between commits, not only just after one).

Run::

    python benchmarks/fault_matrix.py                 # every job, 3 moments, bench sizes
    python benchmarks/fault_matrix.py --moments 1 --size suite --jobs "queens count"

It prints one line per cell and a table (cells x outcomes); the exit status is 1 if a cell
failed. "ended first" counts a run that finished before its moment came (the moment is
then not a fault; the cell is run again at an earlier moment, up to 3 times).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from helpers import fault_jobs  # noqa: E402  (the registry lives with the tests)
from helpers.fault_jobs import (  # noqa: E402  (after the path above)
    JOBS,
    finish,
    finished_pieces,
    kill_group,
    popen,
    signal_at,
    total_pieces,
)


def _moment(proc, journal, fraction, sig, rng, after=0):
    """``signal_at`` and a seeded extra delay of up to 0.25 s before the signal."""
    got = signal_at(proc, journal, fraction, 0, after=after)
    if got is None:
        return None
    time.sleep(rng.uniform(0, 0.25))
    if proc.poll() is not None:
        return None
    if sig == signal.SIGKILL:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)
    return got


def signal_cell(job, folder, size, whole, sig, fraction, rng) -> tuple[str, str]:
    """(outcome, detail) of one cell: the job stopped by ``sig`` at ``fraction``, resumed."""
    with tempfile.TemporaryDirectory() as scratch:
        journal = Path(scratch) / "j.sqlite"
        command = job.command(folder, size, journal)
        proc = popen(command)
        try:
            at = _moment(proc, journal, fraction, sig, rng)
            status, out, err = finish(proc, timeout=600)
        finally:
            kill_group(proc)
        if at is None or (
            status == whole.returncode and out == whole.stdout
        ):  # the signal came too late
            return "ended first", f"status {status}"
        safe = finished_pieces(journal)
        if sig == signal.SIGKILL:
            if status != -signal.SIGKILL:
                return "FAILED", f"status {status} after SIGKILL"
        elif not (
            status in (0, -signal.SIGINT) and out == whole.stdout
        ):  # (a signal as the run ends)
            lines = err.decode().splitlines()
            if status != 130 or len(lines) != 1 or "pieces are safe in" not in lines[0]:
                return "FAILED", f"SIGINT: status {status}, stderr {err[-300:]!r}"
        if not whole.stdout.startswith(out):
            return "FAILED", "the stopped run printed what the whole run does not"
        resumed = fault_jobs.run(command, timeout=600)
        if (resumed.returncode, resumed.stdout, resumed.stderr) != (
            whole.returncode,
            whole.stdout,
            whole.stderr,
        ):
            return (
                "FAILED",
                f"resumed: status {resumed.returncode}, stderr {resumed.stderr[-300:]!r}",
            )
        if finished_pieces(journal) != total_pieces(journal):
            return "FAILED", "the journal is not complete"
        return "held", f"stopped at {at}/{total_pieces(journal)} pieces ({safe} safe)"


def dask_cell(job, folder, size, whole, cluster, client, fraction, rng) -> tuple[str, str]:
    with tempfile.TemporaryDirectory() as scratch:
        journal = Path(scratch) / "j.sqlite"
        proc = popen(job.command(folder, size, journal, ("--scheduler", cluster.scheduler_address)))
        try:
            at = signal_at(proc, journal, fraction, 0)
            if at is None:
                status, _, _ = finish(proc, timeout=600)
                return "ended first", f"status {status}"
            time.sleep(rng.uniform(0, 0.25))
            victim = rng.choice(sorted(set(client.run(os.getpid).values())))
            os.kill(victim, signal.SIGKILL)
            status, out, err = finish(proc, timeout=600)
        finally:
            kill_group(proc)
        if (status, out, err) != (whole.returncode, whole.stdout, whole.stderr):
            return "FAILED", f"status {status}, stderr {err[-300:]!r}"
        if finished_pieces(journal) != total_pieces(journal):
            return "FAILED", "the journal is not complete"
        return "held", f"worker killed at {at}/{total_pieces(journal)} pieces"


def cost_cell(cluster, client, rng) -> tuple[str, str]:
    """The instrumented job: which pieces a worker killed in a piece cost."""
    pieces = 60
    with tempfile.TemporaryDirectory() as scratch:
        log = Path(scratch) / "pieces.log"
        workers = set(client.run(os.getpid).values())
        proc = popen(
            [
                sys.executable,
                fault_jobs.__file__,
                "search",
                "slow",
                str(pieces),
                "--log",
                str(log),
                "--seconds",
                "0.1",
                "--scheduler",
                cluster.scheduler_address,
            ]
        )
        wait_for = rng.randint(3, pieces // 2)
        try:
            victim = None
            while victim is None:
                if proc.poll() is not None:
                    return "ended first", ""
                lines = (
                    [line.split() for line in log.read_text().splitlines()] if log.exists() else []
                )
                ended = {(p, i) for w, p, i in lines if w == "end"}
                inside = [
                    (int(p), int(i))
                    for w, p, i in lines
                    if w == "start" and (p, i) not in ended and int(p) in workers
                ]
                if len(ended) >= wait_for and inside:
                    victim = inside[-1]
                else:
                    time.sleep(0.005)
            os.kill(victim[0], signal.SIGKILL)
            status, out, err = finish(proc, timeout=600)
        finally:
            kill_group(proc)
        if (status, out, err) != (0, f"{sum(i * i for i in range(pieces))}\n".encode(), b""):
            return "FAILED", f"status {status}, stderr {err[-300:]!r}"
        events = [line.split() for line in log.read_text().splitlines()]
        first: dict[int, int] = {}
        again = []
        for what, pid, piece in events:
            if what == "start":
                if int(piece) in first:
                    again.append(int(piece))
                first.setdefault(int(piece), int(pid))
        if victim[1] not in again or len(again) > 2 or any(first[p] != victim[0] for p in again):
            return "FAILED", f"killed in piece {victim[1]}; run again: {again}"
        return "held", f"killed in piece {victim[1]} after {wait_for}; run again: {again}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--moments", type=int, default=3, help="moments per job and signal (default 3)"
    )
    parser.add_argument("--size", choices=fault_jobs.SIZES, default="bench")
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--jobs", nargs="*", default=None, help="names of jobs (default: all)")
    parser.add_argument("--no-dask", action="store_true")
    args = parser.parse_args(argv)
    jobs = [job for job in JOBS if args.jobs is None or job.name in args.jobs]
    outcomes: Counter = Counter()
    failed = 0
    cluster = client = None
    if not args.no_dask:
        try:
            import distributed
        except ImportError:
            print("(no dask: the dask cells are left out)")
        else:
            cluster = distributed.LocalCluster(
                n_workers=2,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                protocol="tcp://",
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
            client = distributed.Client(cluster)
    started = time.monotonic()
    try:
        with tempfile.TemporaryDirectory() as inputs:
            folder = Path(inputs)
            for job in jobs:
                t0 = time.monotonic()
                whole = fault_jobs.run(job.command(folder, args.size), timeout=600)
                if whole.returncode != job.status:
                    print(
                        f"{job.name}: the uninterrupted run exits {whole.returncode}: "
                        f"{whole.stderr[-300:]!r}"
                    )
                    return 1
                print(
                    f"{job.name}: uninterrupted in {time.monotonic() - t0:.1f} s (status "
                    f"{whole.returncode})",
                    flush=True,
                )
                cells = [
                    (name, sig)
                    for name, sig in (("SIGKILL", signal.SIGKILL), ("SIGINT", signal.SIGINT))
                ]
                if cluster is not None and job.dask:
                    cells.append(("dask", None))
                for name, sig in cells:
                    for moment in range(args.moments):
                        rng = random.Random(f"{args.seed} {job.name} {name} {moment}")
                        fraction = rng.uniform(0.05, 0.8)
                        for _attempt in range(3):
                            if sig is None:
                                outcome, detail = dask_cell(
                                    job, folder, args.size, whole, cluster, client, fraction, rng
                                )
                            else:
                                outcome, detail = signal_cell(
                                    job, folder, args.size, whole, sig, fraction, rng
                                )
                            if outcome != "ended first":
                                break
                            fraction /= 3
                        outcomes[(job.name, name, outcome)] += 1
                        failed += outcome == "FAILED"
                        print(f"  {name:8} moment {moment + 1}: {outcome} ({detail})", flush=True)
            if cluster is not None:
                for moment in range(args.moments):
                    outcome, detail = cost_cell(
                        cluster, client, random.Random(f"{args.seed} cost {moment}")
                    )
                    outcomes[("dask worker cost", "dask", outcome)] += 1
                    failed += outcome == "FAILED"
                    print(
                        f"dask worker cost, moment {moment + 1}: {outcome} ({detail})", flush=True
                    )
    finally:
        if client is not None:
            client.close()
            cluster.close()
    print(
        f"\n{sum(outcomes.values())} cells in {time.monotonic() - started:.0f} s, seed "
        f"{args.seed}, size {args.size}"
    )
    names = sorted({outcome for _, _, outcome in outcomes})
    print("| job | cell | " + " | ".join(names) + " |")
    print("|---|---|" + "---|" * len(names))
    for job_name, cell in dict.fromkeys((j, c) for j, c, _ in outcomes):
        print(
            f"| {job_name} | {cell} | "
            + " | ".join(str(outcomes[(job_name, cell, n)]) for n in names)
            + " |"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
