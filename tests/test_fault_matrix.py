"""The fault matrix, small: every long job of ``fault_jobs.JOBS`` killed and resumed.

For each job: an uninterrupted run gives the reference (exit status, stdout and stderr
bytes); a run with a journal is killed with SIGKILL at a seeded moment, the same command
resumes and is stopped with Ctrl-C (SIGINT: exit status 130, one line saying what is safe)
at a later moment, and the same command once more must print the reference, byte for byte.
A Dask cluster on 127.0.0.1 that loses a worker in the middle of a piece must cost that
piece only. ``benchmarks/fault_matrix.py`` runs the full matrix (three moments per job and
signal, larger sizes, a worker killed under every job).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from helpers import fault_jobs
from helpers.fault_jobs import (
    JOBS,
    finish,
    finished_pieces,
    kill_group,
    popen,
    signal_at,
    total_pieces,
)

#: One seed for the whole matrix: the moments are the same on every run of the suite.
SEED = 28


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("matrix")


def _reference(job, folder) -> subprocess.CompletedProcess:
    """The uninterrupted run, in this process (the same function as the command's entry
    point, without the start of a process): its status, stdout and stderr bytes."""
    import io
    from unittest import mock

    from clew import cli

    args = [str(a) for a in job.args(folder, "suite")]
    out, err = (
        io.TextIOWrapper(io.BytesIO(), encoding="utf-8"),
        io.TextIOWrapper(io.BytesIO(), encoding="utf-8"),
    )
    with mock.patch.object(sys, "stdout", out), mock.patch.object(sys, "stderr", err):
        status = fault_jobs._search_main(args[1:]) if job.python else cli.run(args)
        out.flush()
        err.flush()
    result = subprocess.CompletedProcess(
        args, status, out.buffer.getvalue(), fault_jobs.quiet(err.buffer.getvalue())
    )
    assert result.returncode == job.status, result.stderr
    return result


@pytest.mark.parametrize("job", JOBS, ids=[job.name for job in JOBS])
def test_killed_interrupted_and_resumed_prints_the_same_bytes(job, folder, tmp_path):
    whole = _reference(job, folder)
    journal = tmp_path / "j.sqlite"
    command = job.command(folder, "suite", journal)
    rng = random.Random(f"{SEED} {job.name}")

    proc = popen(command)
    try:
        kill_at = signal_at(proc, journal, rng.uniform(0.1, 0.4), signal.SIGKILL)
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
    assert kill_at is not None, "the job ended before it could be killed: make it larger"
    assert status == -signal.SIGKILL
    assert whole.stdout.startswith(out)  # what it printed is the start of the answer
    safe = finished_pieces(journal)
    assert safe >= kill_at

    proc = popen(command)
    try:
        total = total_pieces(journal)
        later = (safe + rng.uniform(0.2, 0.6) * (total - safe)) / total
        stopped_at = signal_at(proc, journal, later, signal.SIGINT, after=safe)
        status, out, err = finish(proc, timeout=60)
    finally:
        kill_group(proc)
    ended = stopped_at == total and status in (0, -signal.SIGINT) and out == whole.stdout
    if stopped_at is not None and not ended:
        # (a signal that lands as the run ends, after its last record, finds the answer
        # printed and the process ending, or ended: nothing is lost; any other is stopped)
        assert status == 130, err
        lines = err.decode().splitlines()
        # a signal that lands outside the run's loop -- after its last record, or (one job,
        # pieces run in this process) while the command prints a piece's answer -- stops
        # the program there: one plain line; what finished is still safe (checked below)
        outside = lines == ["clew: interrupted"]
        assert outside or (
            len(lines) == 1 and "pieces are safe in" in lines[0] and "Traceback" not in lines[0]
        ), err
        assert whole.stdout.startswith(out)
        assert finished_pieces(journal) >= stopped_at

    resumed = fault_jobs.run(command)
    assert (resumed.returncode, resumed.stdout, resumed.stderr) == (
        whole.returncode,
        whole.stdout,
        whole.stderr,
    )
    assert finished_pieces(journal) == total_pieces(journal)


# ---------------------------------------------------------------------------------------------
# Dask: a worker killed in the middle of a piece
# ---------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster():
    """A LocalCluster on 127.0.0.1 of two worker processes (one thread each), whose workers
    the test can kill; closed at the end, whatever happened."""
    distributed = pytest.importorskip("distributed")
    import logging

    cluster = distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        protocol="tcp://",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    )
    client = distributed.Client(cluster)
    try:
        yield cluster, client
    finally:
        client.close()
        cluster.close()


def _log(path) -> list[tuple[str, int, int]]:
    try:
        text = path.read_text()
    except FileNotFoundError:
        return []
    return [
        (what, int(pid), int(piece))
        for what, pid, piece in (line.split() for line in text.splitlines() if line.count(" ") == 2)
    ]


def test_a_dask_worker_killed_mid_piece_costs_that_piece_only(cluster, tmp_path):
    import os

    _, client = cluster
    log = tmp_path / "pieces.log"
    pieces = 40
    command = [
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
        cluster[0].scheduler_address,
    ]
    workers = set(client.run(os.getpid).values())
    proc = popen(command)
    try:
        deadline = time.monotonic() + 120
        victim = None
        while victim is None:  # a worker inside a piece, after a few pieces have finished
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            events = _log(log)
            ended = {(pid, piece) for what, pid, piece in events if what == "end"}
            inside = [
                (pid, piece)
                for what, pid, piece in events
                if what == "start" and (pid, piece) not in ended and pid in workers
            ]
            if len(ended) >= 5 and inside:
                victim = inside[-1]
            else:
                time.sleep(0.005)
        os.kill(victim[0], signal.SIGKILL)
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
    assert (status, out.decode(), err.decode()) == (0, f"{sum(i * i for i in range(pieces))}\n", "")
    events = _log(log)
    first = {}
    for what, pid, piece in events:
        if what == "start":
            first.setdefault(piece, pid)
    starts = [piece for what, _, piece in events if what == "start"]
    again = sorted(starts)
    for piece in range(pieces):
        again.remove(piece)
    # What a dead worker costs is what it held: the piece it was running, and at most one
    # finished there whose value the run had not fetched yet (a result lives in its
    # worker's memory until fetched; the run keeps 2 tasks per worker in flight)
    assert victim[1] in again and len(again) <= 2, (victim, events)
    assert all(first[piece] == victim[0] for piece in again), (victim, events)


def test_a_long_job_on_dask_loses_a_worker_and_prints_the_same_bytes(cluster, folder, tmp_path):
    """The registry's queens count through --scheduler, a worker killed in the middle."""
    import os

    _, client = cluster
    job = fault_jobs.BY_NAME["queens count"]
    whole = _reference(job, folder)
    journal = tmp_path / "j.sqlite"
    proc = popen(
        job.command(folder, "suite", journal, ("--scheduler", cluster[0].scheduler_address))
    )
    try:
        assert signal_at(proc, journal, 0.2, 0) is not None  # signal 0: only wait for the moment
        victim = next(iter(set(client.run(os.getpid).values())))
        os.kill(victim, signal.SIGKILL)
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
    assert (status, out) == (0, whole.stdout), err
    assert finished_pieces(journal) == total_pieces(journal)


def test_a_worker_process_killed_is_one_line_and_the_journal_resumes(folder, tmp_path):
    """Without Dask nothing runs a lost piece again: a worker process of ``--jobs 2`` killed
    (as the OOM killer would) ends the run with one line and status 1, the journal keeps
    what finished, and the same command resumes to the same bytes."""
    job = fault_jobs.BY_NAME["sudoku rate FILE"]
    whole = _reference(job, folder)
    journal = tmp_path / "j.sqlite"
    command = job.command(folder, "suite", journal, ("--jobs", "2"))  # the last --jobs counts
    proc = popen(command)
    try:
        assert signal_at(proc, journal, 0.1, 0) is not None
        children = subprocess.run(
            ["pgrep", "-P", str(proc.pid)], capture_output=True, text=True
        ).stdout.split()
        assert children, "no worker process to kill"
        os.kill(int(children[0]), signal.SIGKILL)
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
    lines = err.decode().splitlines()
    assert (
        status == 1
        and len(lines) == 1
        and lines[0].startswith("clew: error: a worker process died")
    ), err
    assert whole.stdout.startswith(out)
    assert finished_pieces(journal) > 0
    resumed = fault_jobs.run(command)
    assert (resumed.returncode, resumed.stdout, resumed.stderr) == (
        whole.returncode,
        whole.stdout,
        whole.stderr,
    )


def test_a_dask_cluster_that_loses_the_only_worker_holding_the_work_ships_it_again(tmp_path):
    """The work is shipped to the workers once; a worker that joins later (the nanny's
    restart of a killed one) has none. When the last worker holding it dies, the run ships
    it again and goes on (it was a traceback, FutureCancelledError, before)."""
    distributed = pytest.importorskip("distributed")
    import logging

    cluster = distributed.LocalCluster(
        n_workers=1,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        protocol="tcp://",
        dashboard_address="127.0.0.1:0",
        silence_logs=logging.CRITICAL,
    )
    client = distributed.Client(cluster)
    log = tmp_path / "pieces.log"
    proc = popen(
        [
            sys.executable,
            fault_jobs.__file__,
            "search",
            "slow",
            "30",
            "--log",
            str(log),
            "--seconds",
            "0.1",
            "--scheduler",
            cluster.scheduler_address,
        ]
    )
    try:
        deadline = time.monotonic() + 120
        while sum(what == "end" for what, _, _ in _log(log)) < 5:
            assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
            time.sleep(0.01)
        [worker] = client.run(os.getpid).values()
        os.kill(worker, signal.SIGKILL)
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
        client.close()
        cluster.close()
    assert (status, out, err) == (0, f"{sum(i * i for i in range(30))}\n".encode(), b"")
