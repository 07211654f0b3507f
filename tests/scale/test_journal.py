"""The work-splitting mechanism and the SQLite journal: pieces, resume, refusals, damage."""

from __future__ import annotations

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from clew import queens
from clew.queens.counting import QueensCount
from clew.scale import Journal, JournalError, WorkError, full_identity, load_work, run

# ---------------------------------------------------------------------------------------------
# Pieces
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [1, 4, 8, 11])
def test_pieces_partition_the_constellations(n):
    parts = [p for p in QueensCount(n).pieces() if p[0] == "constellations"]
    assert parts[0][1] == 0 and parts[-1][2] == len(queens.constellations(n))
    for (_, _, hi), (_, lo, _) in zip(parts, parts[1:], strict=False):
        assert hi == lo  # contiguous, no overlap, no gap


@pytest.mark.parametrize("n", range(1, 12))
def test_pieces_add_up(n, queens_counts):
    problem = QueensCount(n, unique=True)
    values = [problem.run_piece(p) for p in problem.pieces()]
    assert problem.combine(values) == {
        "n": n,
        "total": queens_counts.total[n],
        "unique": queens_counts.unique[n],
    }


def test_pieces_are_independent_of_order(queens_counts):
    problem = QueensCount(12)
    parts = problem.pieces()
    values = {i: problem.run_piece(parts[i]) for i in reversed(range(len(parts)))}
    assert (
        problem.combine([values[i] for i in range(len(parts))])["total"] == queens_counts.total[12]
    )


def test_only_clew_work_classes_are_loaded():
    with pytest.raises(WorkError, match="only classes inside clew"):
        load_work({"work": "os:system", "layout": 1})
    with pytest.raises(WorkError, match="unknown work class"):
        load_work({"work": "clew.queens.counting:NoSuchWork", "layout": 1})
    with pytest.raises(WorkError, match="layout"):
        load_work({**full_identity(QueensCount(8)), "layout": 99})
    assert (
        load_work(full_identity(QueensCount(8, unique=True))).identity()
        == QueensCount(8, unique=True).identity()
    )


# ---------------------------------------------------------------------------------------------
# Journal: resume and bookkeeping
# ---------------------------------------------------------------------------------------------


def test_rerun_with_a_complete_journal_computes_nothing(tmp_path, queens_counts):
    path = tmp_path / "j.sqlite"
    first = run(QueensCount(11, unique=True), jobs=1, journal=path)
    second = run(QueensCount(11, unique=True), jobs=1, journal=path)
    assert (
        first
        == second
        == {"n": 11, "total": queens_counts.total[11], "unique": queens_counts.unique[11]}
    )
    with Journal.read(path) as book:
        progress = book.progress(QueensCount(11, unique=True))
        assert progress.complete and progress.runs == 2
        assert book.pieces_of_run(1) == progress.pieces and book.pieces_of_run(2) == 0
        assert progress.report["partial"] == queens_counts.total[11]


def test_resume_computes_only_the_missing_pieces(tmp_path, queens_counts):
    problem = QueensCount(12)
    parts = problem.pieces()
    path = tmp_path / "j.sqlite"
    with Journal.open(path, full_identity(problem), len(parts)) as book:
        for i in range(0, len(parts), 3):  # a third of the pieces, as a crashed run leaves them
            book.record(i, problem.encode(problem.run_piece(parts[i])), 0.0)
        done_before = len(book.done(problem))
        assert book.progress(problem).report["partial"] == sum(
            problem.run_piece(parts[i]) for i in range(0, len(parts), 3)
        )
        with pytest.raises(JournalError, match="no answer yet"):
            book.values(problem)
    assert run(problem, jobs=2, journal=path)["total"] == queens_counts.total[12]
    with Journal.read(path) as book:
        assert book.pieces_of_run(2) == len(parts) - done_before
        assert book.values(problem) and len(book.done(problem)) == len(parts)


def test_progress_estimates_time_left(tmp_path):
    problem = QueensCount(9)
    parts = problem.pieces()
    with Journal.open(tmp_path / "j.sqlite", full_identity(problem), len(parts)) as book:
        assert book.progress().remaining_seconds() is None
        book.record(0, problem.encode(problem.run_piece(parts[0])), 2.0)
        book.record(1, problem.encode(problem.run_piece(parts[1])), 4.0)
        progress = book.progress()
        assert progress.done == 2 and not progress.complete
        # the estimate is wall time (the run so far), not the pieces' own seconds: the bar's
        assert progress.remaining_seconds(workers=2) == pytest.approx(
            progress.worker_seconds * (len(parts) - 2) / 2 / 2
        )


# ---------------------------------------------------------------------------------------------
# Journal: refusals and damage (never a wrong total)
# ---------------------------------------------------------------------------------------------


def test_journal_of_another_problem_is_refused(tmp_path):
    path = tmp_path / "j.sqlite"
    run(QueensCount(8), jobs=1, journal=path)
    with pytest.raises(JournalError, match="belongs to another job"):
        run(QueensCount(9), jobs=1, journal=path)
    with pytest.raises(JournalError, match="belongs to another job"):
        run(QueensCount(8, unique=True), jobs=1, journal=path)


def test_a_file_that_is_not_a_journal_is_refused_and_left_alone(tmp_path):
    path = tmp_path / "notes.txt"
    path.write_text("my precious notes\n")
    with pytest.raises(JournalError, match="not a clew journal"):
        run(QueensCount(8), jobs=1, journal=path)
    assert path.read_text() == "my precious notes\n"


def test_another_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE t (x)")
    with pytest.raises(JournalError, match="not a clew journal"):
        run(QueensCount(8), jobs=1, journal=path)


def test_empty_file_is_refused(tmp_path):
    path = tmp_path / "j.sqlite"
    path.write_bytes(b"")
    with pytest.raises(JournalError, match="empty"):
        run(QueensCount(8), jobs=1, journal=path)


def _complete_journal(tmp_path, n=11):
    path = tmp_path / "j.sqlite"
    run(QueensCount(n), jobs=1, journal=path)
    with sqlite3.connect(path) as conn:  # fold the WAL into the main file
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.mark.parametrize("keep", [0.5, 0.1])
def test_truncated_journal_is_detected(tmp_path, keep):
    path = _complete_journal(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    with pytest.raises(JournalError, match="damaged|not a clew journal"):
        run(QueensCount(11), jobs=1, journal=path)


def test_changed_record_is_detected(tmp_path):
    path = _complete_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE pieces SET value = CAST(value AS INTEGER) + 1 WHERE id = 3")
    with pytest.raises(JournalError, match="piece 3 fails its checksum"):
        run(QueensCount(11), jobs=1, journal=path)


def test_overwritten_bytes_are_detected(tmp_path):
    path = _complete_journal(tmp_path)
    data = bytearray(path.read_bytes())
    page = 4096
    for i in range(page, min(len(data), 3 * page)):  # scribble over the second and third pages
        data[i] = 0xA5
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError):
        run(QueensCount(11), jobs=1, journal=path)


def test_read_only_open_of_a_missing_journal(tmp_path):
    with pytest.raises(JournalError, match="no such file"):
        Journal.read(tmp_path / "missing.sqlite")


# ---------------------------------------------------------------------------------------------
# A real crash: SIGKILL in the middle of a count, then resume
# ---------------------------------------------------------------------------------------------


def test_sigkill_then_resume_loses_nothing(tmp_path, queens_counts, finished):
    n = 16
    path = tmp_path / "j.sqlite"
    problem = QueensCount(n)
    total_pieces = len(problem.pieces())
    code = (
        "from clew.scale import run; from clew.queens.counting import QueensCount; "
        f"run(QueensCount({n}), jobs=1, journal={str(path)!r})"
    )
    proc = subprocess.Popen([sys.executable, "-c", code])
    try:
        deadline = time.monotonic() + 120
        while finished(path) < 40:
            assert proc.poll() is None, "the count ended before it could be killed"
            assert time.monotonic() < deadline
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == -signal.SIGKILL
    with Journal.read(path) as book:
        before = book.done(problem)
        stamps = dict(book._conn.execute("SELECT id, finished FROM pieces").fetchall())
    assert 40 <= len(before) < total_pieces
    assert run(problem, jobs=2, journal=path)["total"] == queens_counts.total[n]
    with Journal.read(path) as book:
        assert book.pieces_of_run(2) == total_pieces - len(before)  # nothing recomputed
        after = dict(book._conn.execute("SELECT id, finished FROM pieces").fetchall())
        assert all(after[i] == stamps[i] for i in before)  # finished pieces untouched
        assert book.done(problem).items() >= before.items()
