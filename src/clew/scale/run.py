"""Run a unit of work piece by piece: the one loop behind every long job.

It reads the journal, chooses the executor, hands out batches of pieces with a bounded
look-ahead, records each finished piece, advances the progress bar, yields values in
piece order when asked to, and cancels in one order on Ctrl-C or on an error: stop handing
out, close the executor (killing workers), keep the journal, raise.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any, SupportsIndex

# check_jobs is the contract's own check, offered here too for works that finish without
# the mechanism and must refuse a bad value in the same words
from ..errors import DEFAULT_JOBS, ArgumentError, check_jobs
from .address import check_scheduler
from .executors import Dask, Inline, Processes, Rows, Threads
from .journal import Journal
from .progress import Bar
from .work import Work, full_identity

__all__ = ["EXECUTORS", "Interrupted", "run", "stream"]

#: Names of the executors a caller may ask for (``auto`` picks by the work and ``jobs``).
EXECUTORS = ("auto", "inline", "threads", "processes")

#: Seconds between two looks at the Ctrl-C flag while pieces run.
POLL_SECONDS = 0.05

#: Seconds of work a task aims at (its pieces come back together when it ends).
BATCH_SECONDS = 0.25

#: Seconds at most between two commits of finished pieces to the journal: a piece is safe
#: within about a second of finishing, and a job of many small pieces still writes a few
#: transactions a second, not one a piece. ``CLEW_JOURNAL_COMMIT_SECONDS`` in the
#: environment sets another (a journal on a slow network disk may want more; the fault
#: tests want many commits in a job of a second).
COMMIT_SECONDS = 0.5


def commit_seconds() -> float:
    """:data:`COMMIT_SECONDS`, or ``CLEW_JOURNAL_COMMIT_SECONDS`` when it is a number of
    seconds from 0.001 to 3600 (anything else is ignored: a run is not refused for it).

    >>> commit_seconds()
    0.5
    """
    text = os.environ.get("CLEW_JOURNAL_COMMIT_SECONDS", "")
    try:
        value = float(text)
    except ValueError:
        return COMMIT_SECONDS
    return value if 0.001 <= value <= 3600 else COMMIT_SECONDS


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run; says how much is safe in the journal."""

    def __init__(self, done: int, pieces: int, journal: str | None):
        super().__init__()
        self.done, self.pieces, self.journal = done, pieces, journal

    def hint(self) -> str:
        if self.journal:
            return (
                f"interrupted: {self.done} of {self.pieces} pieces are safe in {self.journal}; "
                "run the same command again to resume"
            )
        return (
            f"interrupted after {self.done} of {self.pieces} pieces "
            "(use --journal FILE to be able to resume)"
        )


@contextlib.contextmanager
def _sigint_flag(enabled: bool) -> Iterator[threading.Event]:
    """While the run lasts, Ctrl-C only sets a flag that the run loop reads between polls,
    so that no ``KeyboardInterrupt`` lands inside an executor's locks. A second Ctrl-C
    raises at once (the user insists). Outside the main thread nothing changes."""
    flag = threading.Event()
    if not enabled or threading.current_thread() is not threading.main_thread():
        yield flag
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if flag.is_set():
            raise KeyboardInterrupt
        flag.set()

    try:
        previous = signal.signal(signal.SIGINT, handler)
    except (ValueError, OSError):
        yield flag
        return
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


def _executor(
    work: Work,
    jobs: int,
    executor: str,
    dask: str | None,
    scheduler: str | None,
    todo: int,
    announce: Callable[[str], object] | None,
) -> Inline | Threads | Processes | Dask:
    if scheduler or dask:
        return Dask(jobs, dask, scheduler, announce)
    if executor == "auto":
        if work.releases_gil:
            executor = "threads"
        else:
            executor = "inline" if jobs == 1 or todo <= 1 else "processes"
    if executor == "inline":
        return Inline()
    if executor == "threads":
        return Threads(max(1, min(jobs, todo)))
    return Processes(max(1, min(jobs, todo)))


def stream(
    work: Work,
    *,
    jobs: int | None = DEFAULT_JOBS,
    journal: str | os.PathLike | None = None,
    dask: str | None = None,
    scheduler: str | None = None,
    progress: bool | None = False,
    executor: str = "auto",
    ordered: bool = False,
    window: int | None = None,
    batch: int | None = None,
    announce: Callable[[str], None] | None = None,
) -> Iterator[tuple[int, object]]:
    """Compute the pieces of ``work`` and yield ``(index, value)`` as they are known.

    Parameters
    ----------
    work : Work
        What to compute (see :mod:`clew.scale.work`).
    jobs : int or None
        Workers (default :data:`clew.DEFAULT_JOBS`, 1; ``None``: every core).
    journal : path, optional
        SQLite journal: finished pieces are read from it and new ones written to it as they
        finish; a rerun resumes. A journal of other work, or one in use by another run, is
        refused (:class:`~clew.scale.JournalError`).
    dask : "local", optional
        Start a ``LocalCluster`` of ``jobs`` worker processes on 127.0.0.1 and run there.
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://HOST:PORT``) to run on instead,
        checked at once by :func:`~clew.scale.check_scheduler` (an empty or malformed
        address raises :class:`~clew.scale.SchedulerError`; one that does not answer within
        a few seconds, too, when the run starts).
    progress : bool or None
        Progress bar on stderr; ``None``: only when stderr is a terminal.
    executor : {"auto", "inline", "threads", "processes"}
        Where pieces run without Dask; ``auto``: threads for work whose pieces release the
        GIL, else this thread for one job and worker processes for more.
    ordered : bool
        Yield in piece order (pieces of the journal included), holding back what finishes
        early; otherwise in the order pieces finish (journal pieces first).
    window : int, optional
        With ``ordered``: hand out no piece more than ``window`` places past the first one
        not yet yielded (bounds the memory of held-back values). Default: 4 per worker.
    batch : int, optional
        Pieces per task. Default: as many as run in about :data:`BATCH_SECONDS` (measured
        as pieces finish, starting from 1), at most about 1/16 of a worker's share of the
        job, so that the last tasks still balance the load; 1 when ``ordered``. A finished
        piece thus reaches the journal within about a second: finished pieces are
        committed at least every :data:`COMMIT_SECONDS`, and always when the run ends, is
        interrupted or fails.
    announce : callable, optional
        Called with one line to tell the user (the Dask dashboard address).

    Raises
    ------
    ArgumentError
        A bad ``jobs``, ``executor`` or ``dask``, or both ``dask`` and ``scheduler``; raised
        when :func:`stream` is called, before the first value is asked for.
    SchedulerError
        A bad ``scheduler`` address (at once), or one that cannot be reached (at the start).
    JournalError
        A journal of other work, in use, or damaged.
    Interrupted
        Ctrl-C: says how many pieces are safe in the journal.
    """
    jobs = check_jobs(jobs)
    if executor not in EXECUTORS:
        raise ArgumentError(f"executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    if dask is not None and dask != "local":
        raise ArgumentError(f"dask takes 'local' (a LocalCluster on 127.0.0.1), got {dask!r}")
    if scheduler is not None:
        scheduler = check_scheduler(scheduler)
        if dask is not None:
            raise ArgumentError("give dask='local' or a scheduler address, not both")
    batch = _positive(batch, "batch")
    window = _positive(window, "window")
    return _stream(
        work, jobs, journal, dask, scheduler, progress, executor, ordered, window, batch, announce
    )


def _positive(value: object, name: str) -> int | None:
    """``value`` if None or an int of at least 1, else :class:`ArgumentError`."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, SupportsIndex) or value.__index__() < 1:
        raise ArgumentError(f"{name} must be an integer of at least 1, got {value!r}")
    return value.__index__()


class _Batches:
    """How many pieces the next task gets: as many as run in about :data:`BATCH_SECONDS`
    by the pieces' mean time so far (1 until a piece has finished), never more than
    ``cap``. Small tasks let finished pieces reach the journal soon after they finish (a
    task returns its pieces together); the cap keeps the last tasks small enough to
    balance the load, and a fast job's tasks as few as they always were."""

    def __init__(self, cap: int) -> None:
        self.cap = max(1, cap)
        self.pieces = 0
        self.seconds = 0.0

    def learn(self, results: Rows) -> None:
        self.pieces += len(results)
        self.seconds += sum(s for _, _, s in results)

    def size(self) -> int:
        if self.pieces == 0:
            return 1
        if self.seconds <= 0:
            return self.cap
        return max(1, min(self.cap, int(BATCH_SECONDS * self.pieces / self.seconds)))


def _stream(
    work: Work,
    jobs: int,
    journal: str | os.PathLike | None,
    dask: str | None,
    scheduler: str | None,
    progress: bool | None,
    executor: str,
    ordered: bool,
    window: int | None,
    batch: int | None,
    announce: Callable[[str], object] | None,
) -> Iterator[tuple[int, object]]:
    parts = work.pieces()
    total = len(parts)
    backend = "dask" if (dask or scheduler) else executor
    book = (
        Journal.open(journal, full_identity(work), total, jobs=jobs, backend=backend)
        if journal
        else None
    )
    start = time.perf_counter()
    running = None
    bar = None
    unsaved: list = []  # finished pieces not yet committed to the journal
    saved_at = time.monotonic()
    every = commit_seconds()

    def save() -> None:
        nonlocal saved_at
        if book is None:  # no journal: nothing to save
            return
        if unsaved and not book.failed:  # after a failed write: the run is stopping, no retry
            rows = list(unsaved)
            unsaved.clear()
            book.record_many(rows)
        saved_at = time.monotonic()

    try:
        done = book.done(work) if book else {}
        todo = deque(i for i in range(total) if i not in done)
        running = _executor(work, jobs, executor, dask, scheduler, len(todo), announce)
        with _sigint_flag(running.catches_sigint) as interrupted:
            running.start(work)
            slots = running.slots
            if book:
                book.set_workers(slots)
            if batch is not None:
                sizes = None
            elif ordered:
                batch = 1
                sizes = None
            else:
                sizes = _Batches(len(todo) // (16 * slots))
            if window is None:
                window = 4 * slots
            shown = sys.stderr.isatty() if progress is None else bool(progress)
            # the time already spent on the journal's pieces, for the bar's estimate (read
            # only for a bar: it is a pass over every record)
            before = book.progress().worker_seconds if (book and shown and done) else 0.0
            bar = Bar(
                shown,
                work.describe(),
                total,
                len(done),
                workers=slots,
                worker_seconds=before,
                start=start,
            )
            finished = len(done)
            held = done if ordered else {}
            next_out = 0  # ordered: the first piece not yet yielded
            if not ordered:
                yield from done.items()
            in_flight = 0
            try:
                while True:
                    if ordered:
                        while next_out in held:
                            value = held.pop(next_out)
                            next_out += 1
                            yield next_out - 1, value
                    if interrupted.is_set():
                        raise KeyboardInterrupt
                    while (
                        todo
                        and in_flight < 2 * slots
                        and (not ordered or todo[0] < next_out + window)
                    ):
                        # batch is set (given, or 1 when ordered) whenever sizes is None
                        size = (batch or 1) if sizes is None else sizes.size()
                        chunk = [todo.popleft() for _ in range(min(size, len(todo)))]
                        running.submit([(i, parts[i]) for i in chunk])
                        in_flight += 1
                    if not in_flight:
                        break
                    batches = running.poll(POLL_SECONDS)
                    if book and unsaved and time.monotonic() - saved_at >= every:
                        save()
                    if not batches:
                        continue
                    in_flight -= len(batches)
                    results = [r for b in batches for r in b]
                    if sizes is not None:
                        sizes.learn(results)
                    if book:
                        unsaved.extend((i, work.encode(v), s) for i, v, s in results)
                        if time.monotonic() - saved_at >= every:
                            save()
                    finished += len(results)
                    bar.advance(len(results))
                    for index, value, _ in results:
                        if ordered:
                            held[index] = value
                        else:
                            yield index, value
            except KeyboardInterrupt:
                running.close(cancel=True)
                running = None
                if book:
                    save()  # what finished is safe before the message says so
                raise Interrupted(
                    finished, total, os.fspath(journal) if journal else None
                ) from None
            except BaseException:
                running.close(cancel=True)
                running = None
                raise
            running.close(cancel=False)
            running = None
    finally:
        if running is not None:  # the consumer stopped early, or start() failed
            running.close(cancel=True)
        if bar is not None:
            bar.close()
        if book:
            try:
                save()  # the end, an error, or a consumer that stopped early
                book.add_run_time(time.perf_counter() - start)
            finally:
                book.close()


def run(work: Work, **options: Any) -> Any:
    """Compute ``work`` piece by piece and return its answer (:meth:`Work.combine` of every
    piece's value in order). Takes the options of :func:`stream` but ``ordered``."""
    values = dict(stream(work, **options))  # the (index, value) pairs, collected in C
    return work.combine([values[i] for i in range(len(values))])
