"""Journal faults: a journal that cannot be written, fills its disk, is deleted under a run,
or is not a journal at all. Real SQLite files, real processes.

The promise for each: one line on stderr, the documented exit status (2 for a journal
refused before any work: read-only, not a journal; 1 for one that stops taking records
during a run: "the output could not be written"), the journal left readable with every
piece it acknowledged, and a rerun of the same command that resumes and prints the answer
of a run that nothing disturbed.
"""

from __future__ import annotations

import contextlib
import os
import random
import re
import resource
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from helpers import fault_jobs
from helpers.fault_jobs import finish, finished_pieces, kill_group, popen, signal_at

#: A queens count of 300 pieces: about a second of work, committed several times a run.
COUNT = ["queens", "count", "16", "--pieces", "300", "--jobs", "1"]
ANSWER = b"14772512\n"


def clew(*args, limit: int | None = None) -> subprocess.CompletedProcess:
    """``python -m clew ARGS``; ``limit``: the largest file it may write, in bytes
    (RLIMIT_FSIZE, with SIGXFSZ ignored so that a write past it fails with EFBIG rather than
    killing the process: a disk that fills)."""

    def small_disk():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    result = subprocess.run(
        [sys.executable, "-m", "clew", *map(str, args)],
        capture_output=True,
        env=fault_jobs.ENV,
        timeout=300,
        preexec_fn=small_disk if limit is not None else None,
    )
    result.stderr = fault_jobs.quiet(result.stderr)
    assert b"Traceback" not in result.stderr, result.stderr.decode()
    return result


def one_line(result) -> str:
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("clew: error: journal "), lines[0]
    return lines[0]


def show(path) -> dict:
    """What ``clew journal show --json`` says of the journal at ``path`` (in this process:
    the same function)."""
    from clew.scale import show_journal

    return show_journal(path).to_dict()


@contextlib.contextmanager
def read_only(path):
    """``path`` (a file or a folder) made read-only for this process: ``chmod`` for a user,
    the immutable attribute for root (whom modes do not stop); skipped where neither holds."""
    if os.geteuid() != 0:
        mode = os.stat(path).st_mode
        os.chmod(path, 0o555 if os.path.isdir(path) else 0o444)
        try:
            yield
        finally:
            os.chmod(path, mode)
        return
    chattr = shutil.which("chattr")
    if (
        chattr is None
        or subprocess.run([chattr, "+i", str(path)], capture_output=True).returncode != 0
    ):
        pytest.skip("running as root on a file system without the immutable attribute")
    try:
        yield
    finally:
        subprocess.run([chattr, "-i", str(path)], check=True)


def half_done(path) -> int:
    """A journal of :data:`COUNT` killed part way: the pieces it holds. On a loaded machine
    the job can outrun the kill (this process not scheduled between its look at the journal
    and the signal): then the journal is made again, up to three times."""
    for _ in range(3):
        for leftover in (path, Path(f"{path}-wal"), Path(f"{path}-shm")):
            leftover.unlink(missing_ok=True)
        proc = popen([sys.executable, "-m", "clew", *COUNT, "--journal", str(path)])
        try:
            assert signal_at(proc, path, 0.3, signal.SIGKILL) is not None
            finish(proc)
        finally:
            kill_group(proc)
        done = finished_pieces(path)
        assert done > 0
        if done < 300:
            return done
    raise AssertionError("the job finished all its pieces before the kill, three times")


# ---------------------------------------------------------------------------------------------
# Refused before any work (2)
# ---------------------------------------------------------------------------------------------


def test_a_read_only_journal_is_refused_untouched_and_resumes_once_writable(tmp_path):
    path = tmp_path / "q.sqlite"
    done = half_done(path)
    before = path.read_bytes()
    with read_only(path):
        result = clew(*COUNT, "--journal", path)
        assert result.returncode == 2 and result.stdout == b""
        assert "cannot be written" in one_line(result)
        assert show(path)["done"] == done  # still readable, as it was
    assert path.read_bytes() == before
    resumed = clew(*COUNT, "--journal", path)
    assert (resumed.returncode, resumed.stdout, resumed.stderr) == (0, ANSWER, b"")
    assert show(path)["runs"] == 2  # the refused run left no trace


@pytest.mark.parametrize("existing", [True, False], ids=["journal", "new journal"])
def test_a_journal_in_a_read_only_folder_is_refused(tmp_path, existing):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "q.sqlite"
    done = half_done(path) if existing else 0
    if existing:  # closed cleanly (the killed run left its -wal and -shm, which stay writable)
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")  # every record into the file itself
        conn.close()
        for suffix in ("-wal", "-shm"):
            os.remove(f"{path}{suffix}")
        assert sorted(p.name for p in folder.iterdir()) == ["q.sqlite"]
    with read_only(folder):
        result = clew(*COUNT, "--journal", path)
        assert result.returncode == 2 and result.stdout == b""
        line = one_line(result)
        assert "cannot be written" in line and "damaged" not in line
    if existing:
        assert show(path)["done"] == done
    else:
        assert not path.exists()
    if existing:
        resumed = clew(*COUNT, "--journal", path)
        assert (resumed.returncode, resumed.stdout) == (0, ANSWER)


@pytest.mark.parametrize(
    "kind", ["random bytes", "another schema", "a meta of another shape", "empty"]
)
def test_a_file_that_is_not_a_journal_is_refused_and_left_as_it_is(tmp_path, kind, capsys):
    path = tmp_path / "not.sqlite"
    if kind == "random bytes":
        path.write_bytes(random.Random(28).randbytes(5000))
    elif kind == "empty":
        path.write_bytes(b"")
    else:
        with sqlite3.connect(path) as conn:
            if kind == "another schema":
                conn.execute(
                    "CREATE TABLE accounts (id INTEGER PRIMARY KEY, owner TEXT, balance REAL)"
                )
                conn.executemany(
                    "INSERT INTO accounts VALUES (?, ?, ?)",
                    [(i, f"o{i}", i * 1.5) for i in range(50)],
                )
            else:  # a clew-looking journal whose identity is not an object
                conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
                conn.executemany(
                    "INSERT INTO meta VALUES (?, ?)",
                    [("format", "clew-journal-2"), ("identity", "[1, 2, 3]"), ("pieces", "300")],
                )
        conn.close()
    before = path.read_bytes()
    if kind == "random bytes":  # a real process once; the others through the same function, faster
        result = clew(*COUNT, "--journal", path)
    else:
        from clew import cli

        status = cli.run([*COUNT, "--journal", str(path)])
        out, err = capsys.readouterr()
        result = subprocess.CompletedProcess([], status, out.encode(), err.encode())
    assert result.returncode == 2 and result.stdout == b""
    line = one_line(result)
    assert str(path) in line
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not.sqlite"]  # no -wal or -shm left


# ---------------------------------------------------------------------------------------------
# Stopped during a run (1)
# ---------------------------------------------------------------------------------------------


def test_a_journal_whose_disk_fills_keeps_what_it_acknowledged_and_resumes(tmp_path):
    path = tmp_path / "q.sqlite"
    from clew.queens.counting import QueensCount
    from clew.scale import run

    assert (
        run(QueensCount(16, pieces=300))["total"] == 14772512
    )  # kernels compiled with room to spare
    result = clew(*COUNT, "--journal", path, limit=100_000)
    assert result.returncode == 1 and result.stdout == b""
    line = one_line(result)
    found = re.search(
        r"cannot be written \((.*?)\): (\d+) finished pieces? of 300 are safe in it", line
    )
    assert found, line
    safe = int(found.group(2))
    assert 0 < safe < 300  # a disk that fills in the middle of the run
    report = show(path)
    assert report["done"] == safe and report["answer"] is None
    resumed = clew(*COUNT, "--journal", path)
    assert (resumed.returncode, resumed.stdout, resumed.stderr) == (0, ANSWER, b"")
    assert show(path)["done"] == 300


def test_a_journal_whose_disk_is_full_from_the_start(tmp_path):
    path = tmp_path / "q.sqlite"
    result = clew(*COUNT, "--journal", path, limit=30_000)
    assert result.returncode == 1 and result.stdout == b""
    assert "cannot be written" in one_line(result)
    # the half-made file is removed: a rerun starts the journal again, not "not a clew journal"
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "what", ["journal", pytest.param("journal and its -wal and -shm", marks=pytest.mark.slow)]
)
def test_a_journal_deleted_under_a_run_is_written_back_and_resumes(tmp_path, what):
    path = tmp_path / "q.sqlite"
    slow = [
        "queens",
        "count",
        "17",
        "--pieces",
        "300",
        "--jobs",
        "1",
    ]  # several seconds: room to delete
    proc = popen([sys.executable, "-m", "clew", *slow, "--journal", str(path)])
    try:
        assert signal_at(proc, path, 0.05, 0) is not None
        for suffix in ("", "-wal", "-shm") if "wal" in what else ("",):
            os.remove(f"{path}{suffix}")
        status, out, err = finish(proc)
    finally:
        kill_group(proc)
    assert (status, out) == (1, b""), err
    line = err.decode().strip()
    found = re.fullmatch(
        r"clew: error: journal \S+ was deleted during the run and is written back to its path: "
        r"(\d+) finished pieces of 300 are safe in it; run the same command again to resume",
        line,
    )
    assert found, line
    assert show(path)["done"] == int(found.group(1)) > 0
    started = time.monotonic()
    proc = popen([sys.executable, "-m", "clew", *slow, "--journal", str(path)])
    try:  # resumes: the rest is done, not all of it (stopped soon after, to keep the test short)
        assert signal_at(proc, path, 0.0, signal.SIGINT, after=int(found.group(1))) is not None
        status, _, err = finish(proc)
    finally:
        kill_group(proc)
    assert status == 130 and b"pieces are safe in" in err, err
    assert time.monotonic() - started < 120
    assert show(path)["runs"] == 2


@pytest.mark.parametrize(
    "text, seconds",
    [
        ("0.02", 0.02),
        ("7", 7.0),
        ("", 0.5),
        ("soon", 0.5),
        ("0", 0.5),
        ("-1", 0.5),
        ("nan", 0.5),
        ("1e9", 0.5),
    ],
)
def test_the_commit_interval_can_be_set_from_the_environment(monkeypatch, text, seconds):
    from clew.scale.run import commit_seconds

    monkeypatch.setenv("CLEW_JOURNAL_COMMIT_SECONDS", text)
    assert commit_seconds() == seconds
