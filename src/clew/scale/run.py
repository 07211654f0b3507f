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
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator

from ..errors import check_jobs as _check_jobs
from .executors import Dask, Inline, Processes, Threads
from .journal import Journal
from .progress import Bar
from .work import Work, full_identity

__all__ = ["EXECUTORS", "Interrupted", "run", "stream"]

#: Names of the executors a caller may ask for (``auto`` picks by the work and ``jobs``).
EXECUTORS = ("auto", "inline", "threads", "processes")

#: Seconds between two looks at the Ctrl-C flag while pieces run.
POLL_SECONDS = 0.05


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a run; says how much is safe in the journal."""

    def __init__(self, done: int, pieces: int, journal: str | None):
        super().__init__()
        self.done, self.pieces, self.journal = done, pieces, journal

    def hint(self) -> str:
        if self.journal:
            return (f"interrupted: {self.done} of {self.pieces} pieces are safe in {self.journal}; "
                    "run the same command again to resume")
        return f"interrupted after {self.done} of {self.pieces} pieces (use --journal FILE to be able to resume)"


@contextlib.contextmanager
def _sigint_flag(enabled: bool) -> Iterator[threading.Event]:
    """While the run lasts, Ctrl-C only sets a flag that the run loop reads between polls,
    so that no ``KeyboardInterrupt`` lands inside an executor's locks. A second Ctrl-C
    raises at once (the user insists). Outside the main thread nothing changes."""
    flag = threading.Event()
    if not enabled or threading.current_thread() is not threading.main_thread():
        yield flag
        return

    def handler(signum, frame):
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


def _executor(work: Work, jobs: int, executor: str, dask: str | None, scheduler: str | None, todo: int, announce):
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


def check_jobs(jobs: int | None) -> int:
    """The number of workers ``jobs`` asks for (``None``: one per core), checked as
    :func:`stream` checks it: a work that finishes without the mechanism still refuses a
    bad value in the same words.

    >>> check_jobs(2)
    2
    """
    return _check_jobs(jobs)


def stream(
    work: Work,
    *,
    jobs: int | None = None,
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
        Workers (``None``: every core).
    journal : path, optional
        SQLite journal: finished pieces are read from it and new ones written to it as they
        finish; a rerun resumes. A journal of other work, or one in use by another run, is
        refused (:class:`~clew.scale.JournalError`).
    dask : "local", optional
        Start a ``LocalCluster`` of ``jobs`` worker processes on 127.0.0.1 and run there.
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://host:port``) to run on instead.
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
        Pieces per task (default: about 16 tasks per worker over the whole job, so that
        the last ones still balance the load; 1 when ``ordered``).
    announce : callable, optional
        Called with one line to tell the user (the Dask dashboard address).
    """
    jobs = check_jobs(jobs)
    if executor not in EXECUTORS:
        raise ValueError(f"executor must be one of {', '.join(EXECUTORS)}, got {executor!r}")
    parts = work.pieces()
    total = len(parts)
    backend = "dask" if (dask or scheduler) else executor
    book = Journal.open(journal, full_identity(work), total, jobs=jobs, backend=backend) if journal else None
    start = time.perf_counter()
    running = None
    bar = None
    try:
        done = book.done(work) if book else {}
        todo = deque(i for i in range(total) if i not in done)
        running = _executor(work, jobs, executor, dask, scheduler, len(todo), announce)
        with _sigint_flag(running.catches_sigint) as interrupted:
            running.start(work)
            slots = running.slots
            if batch is None:
                batch = 1 if ordered else max(1, len(todo) // (16 * slots))
            if window is None:
                window = 4 * slots
            bar = Bar(progress, work.describe(), total, len(done))
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
                    while todo and in_flight < 2 * slots and (not ordered or todo[0] < next_out + window):
                        chunk = [todo.popleft() for _ in range(min(batch, len(todo)))]
                        running.submit([(i, parts[i]) for i in chunk])
                        in_flight += 1
                    if not in_flight:
                        break
                    batches = running.poll(POLL_SECONDS)
                    if not batches:
                        continue
                    in_flight -= len(batches)
                    results = [r for b in batches for r in b]
                    if book:
                        book.record_many([(i, work.encode(v), s) for i, v, s in results])
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
                raise Interrupted(finished, total, os.fspath(journal) if journal else None) from None
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
            book.add_run_time(time.perf_counter() - start)
            book.close()


def run(work: Work, **options):
    """Compute ``work`` piece by piece and return its answer (:meth:`Work.combine` of every
    piece's value in order). Takes the options of :func:`stream` but ``ordered``."""
    values = dict(stream(work, **options))  # the (index, value) pairs, collected in C
    return work.combine([values[i] for i in range(len(values))])
