"""Run a problem's pieces: in this process, on a process pool or on a Dask cluster, with an
optional journal and a progress bar. See :mod:`clew.scale` for the overview."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator

from ..errors import ClewError, check_size
from . import problems as P
from .journal import Journal


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


def _timed_piece(problem: dict, piece: tuple) -> tuple[int, float]:
    t0 = time.perf_counter()
    value = P.run_piece(problem, piece)
    return value, time.perf_counter() - t0


def _inline(problem: dict, todo: list[tuple[int, tuple]]) -> Iterator[tuple[int, int, float]]:
    for index, piece in todo:
        value, seconds = _timed_piece(problem, piece)
        yield index, value, seconds


def _pool(problem: dict, todo: list[tuple[int, tuple]], jobs: int) -> Iterator[tuple[int, int, float]]:
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    method = "fork" if "fork" in mp.get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=mp.get_context(method))
    try:
        # every piece is queued at once; idle workers take the next one (dynamic balancing)
        pending = {pool.submit(_timed_piece, problem, piece): index for index, piece in todo}
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                index = pending.pop(future)
                value, seconds = future.result()
                yield index, value, seconds
    except BaseException:
        # Ctrl-C, a failed piece, or a consumer that stopped: drop the queued pieces
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()


def _timed_batch(problem: dict, batch: list[tuple]) -> list[tuple[int, float]]:
    return [_timed_piece(problem, piece) for piece in batch]


def _dask(problem: dict, todo: list[tuple[int, tuple]], client) -> Iterator[tuple[int, int, float]]:
    from distributed import as_completed

    # A task costs the scheduler a round trip (milliseconds), as much as a small piece
    # computes: pieces travel in batches, about 8 per worker thread, small enough that the
    # last batches still balance the load.
    threads = max(1, sum(client.nthreads().values()))
    size = max(1, len(todo) // (8 * threads))
    futures = {}
    for start in range(0, len(todo), size):
        chunk = todo[start : start + size]
        # pure=False: a batch rerun after a worker died is the same computation, but each
        # submission must not be deduplicated against a cancelled one from an earlier run
        future = client.submit(_timed_batch, problem, [p for _, p in chunk], pure=False, retries=2)
        futures[future] = [i for i, _ in chunk]
    try:
        for future in as_completed(futures):
            for index, (value, seconds) in zip(futures[future], future.result()):
                yield index, value, seconds
    except BaseException:
        client.cancel(list(futures))
        raise


def _dask_client(dask: str | None, scheduler: str | None, jobs: int):
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise ClewError("Dask is not installed: pip install 'clew[dask]'") from None
    if scheduler:
        try:
            return Client(scheduler, timeout="10s"), None
        except OSError as exc:
            raise ClewError(f"cannot reach the Dask scheduler at {scheduler}: {exc}") from None
    if dask != "local":
        raise ClewError(f"--dask takes 'local', got {dask!r}")
    cluster = LocalCluster(
        n_workers=jobs, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address="127.0.0.1:0"
    )
    return Client(cluster), cluster


def _progress_bar(enabled: bool | None):
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        return None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("pieces"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=False,
    )


def run(
    problem: dict,
    *,
    jobs: int | None = None,
    journal: str | os.PathLike | None = None,
    dask: str | None = None,
    scheduler: str | None = None,
    progress: bool | None = False,
    inline_below: int = 0,
) -> dict:
    """Compute ``problem`` piece by piece and return its answer (see :func:`problems.combine`).

    Parameters
    ----------
    problem : dict
        A problem from :mod:`clew.scale.problems` (e.g. ``queens_count(17)``).
    jobs : int or None
        Worker processes (``None``: every core). With 1, and no Dask, pieces run in this
        process.
    journal : path, optional
        SQLite journal: finished pieces are read from it and new ones written to it as they
        finish; a rerun resumes. A journal of another problem is refused.
    dask : "local", optional
        Start a ``LocalCluster`` of ``jobs`` worker processes on 127.0.0.1 and run there.
    scheduler : str, optional
        Address of a running Dask scheduler (``tcp://host:port``) to run on instead.
    progress : bool or None
        Rich progress bar on stderr; ``None``: only when stderr is a terminal.
    inline_below : int
        Problems with fewer pieces than this run in this process whatever ``jobs`` says
        (starting workers would cost more than the work).
    """
    jobs = (os.cpu_count() or 1) if jobs is None else check_size(jobs, name="jobs", low=1, high=4096)
    parts = P.pieces(problem)
    book = Journal.open(journal, problem, len(parts), jobs=jobs, backend=dask or scheduler or "pool") if journal else None
    start = time.perf_counter()
    client = cluster = None
    bar = None
    try:
        results = dict(book.done()) if book else {}
        todo = [(i, p) for i, p in enumerate(parts) if i not in results]
        if scheduler or dask:
            client, cluster = _dask_client(dask, scheduler, jobs)
            stream = _dask(problem, todo, client)
        elif jobs == 1 or len(todo) <= 1 or len(parts) < inline_below:
            stream = _inline(problem, todo)
        else:
            stream = _pool(problem, todo, jobs)
        bar = _progress_bar(progress)
        task = None
        if bar is not None:
            bar.start()
            task = bar.add_task(P.describe(problem), total=len(parts), completed=len(results))
        try:
            for index, value, seconds in stream:
                results[index] = value
                if book:
                    book.record(index, value, seconds)
                if bar is not None:
                    bar.advance(task)
        except KeyboardInterrupt:
            raise Interrupted(len(results), len(parts), os.fspath(journal) if journal else None) from None
        return P.combine(problem, [results[i] for i in range(len(parts))])
    finally:
        if bar is not None:
            bar.stop()
        if book:
            book.add_run_time(time.perf_counter() - start)
            book.close()
        if client is not None:
            client.close()
        if cluster is not None:
            cluster.close()
