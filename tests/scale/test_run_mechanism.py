"""The mechanism itself, with work it knows nothing about: every executor gives the same
answer, ordered streams keep piece order, errors and early stops leave no worker behind,
Ctrl-C ends a run at once, a journal has one writer."""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clew.scale import (
    Journal,
    JournalError,
    PieceError,
    Slices,
    Work,
    full_identity,
    run,
    stream,
)


class Squares(Work):
    """Sum of i*i over the pieces 0..n-1; piece i sleeps ``delay(i)`` seconds first."""

    def __init__(
        self, n: int, slow: int | None = None, fail: int | None = None, gil: bool = False
    ) -> None:
        self.n, self.slow, self.fail = n, slow, fail
        self.releases_gil = gil

    def identity(self) -> dict:
        return {"n": self.n}

    def pieces(self):
        return range(self.n)

    def run_piece(self, piece: int) -> int:
        if piece == self.fail:
            raise ValueError(f"piece {piece} refuses")
        if self.slow is not None and piece < self.slow:
            time.sleep(0.02 * (self.slow - piece))  # early pieces finish last
        return piece * piece

    def combine(self, values: list) -> int:
        return sum(values)


def _expected(n: int) -> int:
    return sum(i * i for i in range(n))


def _no_workers_left() -> None:
    deadline = time.monotonic() + 5
    while multiprocessing.active_children() and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not multiprocessing.active_children()


@pytest.mark.parametrize("executor", ["inline", "threads", "processes"])
@pytest.mark.parametrize("jobs", [1, 2, 3])
@pytest.mark.parametrize("batch", [None, 1, 7])
def test_every_executor_gives_the_same_answer(executor, jobs, batch):
    assert run(Squares(50), jobs=jobs, executor=executor, batch=batch) == _expected(50)
    _no_workers_left()


@pytest.mark.parametrize("executor", ["threads", "processes"])
def test_ordered_stream_keeps_piece_order(executor):
    work = Squares(12, slow=8)
    seen = [i for i, _ in stream(work, jobs=3, executor=executor, ordered=True)]
    assert seen == list(range(12))
    unordered = [i for i, _ in stream(work, jobs=3, executor=executor)]
    assert sorted(unordered) == list(range(12)) and unordered != list(range(12))


@pytest.mark.parametrize("executor", ["inline", "threads", "processes"])
def test_a_failing_piece_raises_its_error_and_leaves_no_worker(executor):
    with pytest.raises(ValueError, match="piece 13 refuses"):
        run(Squares(40, fail=13), jobs=2, executor=executor)
    _no_workers_left()


def test_a_consumer_that_stops_early_leaves_no_worker():
    values = stream(Squares(200, slow=100), jobs=2, executor="processes")
    next(values)
    values.close()
    _no_workers_left()


def test_a_dead_worker_is_an_error_not_a_hang():
    class Dies(Squares):
        def run_piece(self, piece):
            if piece == 5:
                os._exit(3)
            return super().run_piece(piece)

    with pytest.raises(PieceError, match="died"):
        run(Dies(20), jobs=2, executor="processes", batch=1)
    _no_workers_left()


def test_journal_has_one_writer(tmp_path):
    path = tmp_path / "j.sqlite"
    work = Squares(10)
    with Journal.open(path, full_identity(work), 10):
        with pytest.raises(JournalError, match="in use by another run"):
            run(work, jobs=1, journal=path)
        with Journal.read(path) as look:  # reading needs no lock
            assert look.pieces == 10
    assert run(work, jobs=1, journal=path) == _expected(10)


def test_journal_in_a_missing_folder_says_so(tmp_path):
    with pytest.raises(JournalError, match="folder .* does not exist"):
        run(Squares(3), jobs=1, journal=tmp_path / "nowhere" / "j.sqlite")


def test_resume_in_order_gives_the_same_stream(tmp_path):
    path = tmp_path / "j.sqlite"
    work = Squares(30)
    first = stream(work, jobs=2, executor="threads", journal=path, ordered=True)
    head = [next(first) for _ in range(10)]
    first.close()  # as a killed run leaves it: some pieces done, maybe more than were yielded
    again = list(stream(work, jobs=2, executor="processes", journal=path, ordered=True))
    assert again[:10] == head and again == [(i, i * i) for i in range(30)]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**6), st.integers(1, 5000))
def test_slices_partition_the_range(total, count):
    s = Slices(total, count)
    bounds = list(s)
    assert len(bounds) == len(s) <= max(count, 0)
    if total:
        assert bounds[0][0] == 0 and bounds[-1][1] == total
        assert all(lo < hi for lo, hi in bounds)
        assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
        assert max(hi - lo for lo, hi in bounds) - min(hi - lo for lo, hi in bounds) <= 1
    else:
        assert bounds == []


_CTRL_C_SCRIPT = textwrap.dedent(
    """
    import sys, time
    from clew.scale import Interrupted, Work, run

    class Slow(Work):
        releases_gil = {gil}
        def identity(self): return {{}}
        def pieces(self): return range(1000)
        def run_piece(self, piece):
            time.sleep(0.5)
            return piece
        def combine(self, values): return sum(values)

    try:
        run(Slow(), jobs=2, executor={executor!r})
    except Interrupted as exc:
        print("interrupted", exc.done, flush=True)
        sys.exit(130)
    """
)


@pytest.mark.parametrize(
    "executor,gil", [("processes", False), ("threads", True), ("inline", False)]
)
def test_ctrl_c_ends_a_run_within_a_second(executor, gil, tmp_path):
    script = tmp_path / "slow.py"
    script.write_text(_CTRL_C_SCRIPT.format(executor=executor, gil=gil))
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(2.5)  # imports, workers started, pieces running
        assert proc.poll() is None
        sent = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)  # as a terminal sends it: the whole group
        out, err = proc.communicate(timeout=10)
        assert time.monotonic() - sent < 1.5, "Ctrl-C took too long"
        assert proc.returncode == 130, err
        assert out.startswith("interrupted") and "Traceback" not in err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    with pytest.raises(ProcessLookupError):  # no worker outlived it
        os.killpg(proc.pid, 0)
