"""Where pieces run: this thread, worker threads, worker processes, a Dask cluster.

Each executor has the same four verbs, and :func:`clew.scale.run` is their only caller:

``start(work)``
    Get ready to run pieces of ``work`` (start threads, processes, ship the work once).
``submit(batch)``
    Queue a batch, a list of ``(index, piece)``; the executor never reorders a batch.
``poll(timeout)``
    The batches finished so far, each a list of ``(index, value, seconds)``, waiting at
    most ``timeout`` seconds for one; a piece that raised re-raises here.
``close(cancel)``
    Stop. With ``cancel`` nothing more is waited for: queued batches are dropped, worker
    processes are killed, worker threads (which cannot be killed inside a compiled kernel)
    stop after their piece, as daemons that never hold the process open.

Ordering, look-ahead and cancelling are decided in one place, :func:`clew.scale.run`; an
executor only runs what it is given. None of them lets ``KeyboardInterrupt`` reach its
locks: the run installs its own SIGINT handler, which only sets a flag that the run reads
between polls.
"""

from __future__ import annotations

import contextlib
import logging
import os
import pickle
import queue
import signal
import sys
import threading
import time
import traceback
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import ClewError, one_line

if TYPE_CHECKING:  # types only
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from .work import Work

#: A batch: (index, piece) pairs; its result: (index, value, seconds) rows.
Batch = list[tuple[int, Any]]
Rows = list[tuple[int, Any, float]]

__all__ = ["Dask", "Inline", "PieceError", "Processes", "Threads"]


#: Seconds a run waits for a Dask scheduler to answer before it gives up.
CONNECT_SECONDS = 5

#: Times a run ships its work to a Dask cluster again after losing every worker that held
#: it, before it gives up (:class:`PieceError`).
SHIP_AGAIN = 3


def _cancelled_errors() -> tuple:
    import asyncio
    import concurrent.futures

    return (asyncio.CancelledError, concurrent.futures.CancelledError)


#: What a Dask future raises when the scheduler dropped its task.
_CANCELLED = _cancelled_errors()


class PieceError(RuntimeError):
    """A piece failed in a worker in a way that cannot be re-raised as it was."""


def _run_batch(work: Work, batch: Batch) -> Rows:
    out = []
    for index, piece in batch:
        t0 = time.perf_counter()
        value = work.run_piece(piece)
        out.append((index, value, time.perf_counter() - t0))
    return out


class Inline:
    """Pieces run in the calling thread, one batch per :meth:`poll`.

    Used for one job whose pieces hold the GIL (pure Python): Python's own Ctrl-C then
    interrupts the piece itself, with no executor lock involved.
    """

    slots = 1
    catches_sigint = False

    def start(self, work: Work) -> None:
        self._work = work
        self._queue: list[Batch] = []

    def submit(self, batch: Batch) -> None:
        self._queue.append(batch)

    def poll(self, timeout: float) -> list:
        if not self._queue:
            return []
        return [_run_batch(self._work, self._queue.pop(0))]

    def close(self, cancel: bool) -> None:
        self._queue = []


class Threads:
    """Pieces run on ``jobs`` daemon threads of this process.

    For pieces whose time is spent in numba kernels that release the GIL: threads run them
    in parallel with no process start-up and no copying, and the calling thread stays free
    to write output and to notice Ctrl-C at once.
    """

    catches_sigint = True

    def __init__(self, jobs: int) -> None:
        self.slots = jobs

    def start(self, work: Work) -> None:
        self._work = work
        self._todo: queue.SimpleQueue = queue.SimpleQueue()
        self._done: queue.SimpleQueue = queue.SimpleQueue()
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._loop, name=f"clew-worker-{i}", daemon=True)
            for i in range(self.slots)
        ]
        for thread in self._threads:
            thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            batch = self._todo.get()
            if batch is None or self._stop.is_set():
                return
            try:
                self._done.put(("ok", _run_batch(self._work, batch)))
            except BaseException as exc:  # handed to the caller, raised there
                self._done.put(("error", exc))

    def submit(self, batch: Batch) -> None:
        self._todo.put(batch)

    def poll(self, timeout: float) -> list:
        out: list = []
        try:
            item = self._done.get(timeout=timeout)
        except queue.Empty:
            return out
        while True:
            status, payload = item
            if status == "error":
                raise payload
            out.append(payload)
            try:
                item = self._done.get_nowait()
            except queue.Empty:
                return out

    def close(self, cancel: bool) -> None:
        if cancel:
            self._stop.set()
        for _ in self._threads:
            self._todo.put(None)
        if not cancel:
            for thread in self._threads:
                thread.join()


# ---------------------------------------------------------------------------------------------
# Worker processes
# ---------------------------------------------------------------------------------------------


def _die_with_parent() -> None:
    """Ask Linux to kill this worker when its parent dies (prctl PR_SET_PDEATHSIG): a parent
    killed with SIGKILL cannot clean up, and its workers must not compute on for nobody."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker_main(conn: Connection, payload: Work | bytes, parent: int) -> None:
    # Ctrl-C in a terminal reaches the whole process group: the parent decides, the
    # workers ignore it and are killed by the parent when it cancels.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent()
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)
    work = pickle.loads(payload) if isinstance(payload, bytes) else payload
    while True:
        try:
            batch = conn.recv()
        except (EOFError, OSError):
            return
        if batch is None:
            return
        result: tuple[str, Any] | tuple[str, BaseException | None, str]
        try:
            result = ("ok", _run_batch(work, batch))
        except BaseException as exc:
            text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
            try:
                pickle.dumps(exc)
                result = ("error", exc, text)
            except Exception:
                result = ("error", None, text)
        try:
            conn.send(result)
        except (OSError, EOFError):
            return


def _died(proc: BaseProcess, piece: int) -> PieceError:
    """The error of a worker process that died while it held ``piece``."""
    return PieceError(
        f"a worker process died (exit code {proc.exitcode}) while computing piece {piece}"
    )


class Processes:
    """Pieces run on ``jobs`` worker processes, each fed batches over its own pipe.

    Written here rather than taken from :mod:`concurrent.futures` so that cancelling is
    simple and certain: the workers ignore SIGINT, and a cancelled run kills them
    (SIGKILL) and reaps them before it returns; a worker also dies with its parent.
    Each worker holds at most two batches, so a slow piece never hoards queued work.
    """

    catches_sigint = True

    def __init__(self, jobs: int) -> None:
        self.slots = jobs

    def start(self, work: Work) -> None:
        import multiprocessing as mp

        methods = mp.get_all_start_methods()
        # fork: the workers inherit the imported modules and the loaded kernels (no start-up
        # cost); elsewhere the work travels pickled
        ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        payload = work if ctx.get_start_method() == "fork" else pickle.dumps(work)
        # each worker: [process, pipe, the index lists of the batches it holds]
        self._workers: list[list[Any]] = []
        for _ in range(self.slots):
            here, there = ctx.Pipe()
            proc = ctx.Process(  # type: ignore[attr-defined]  # every context has Process
                target=_worker_main, args=(there, payload, os.getpid()), daemon=True
            )
            proc.start()
            there.close()
            self._workers.append([proc, here, []])  # process, pipe, batches it holds

    def submit(self, batch: Batch) -> None:
        # the worker holding the fewest batches takes it
        worker = min(self._workers, key=lambda w: len(w[2]))
        try:
            worker[1].send(batch)
        except OSError:  # it died after the last poll (a broken pipe): say so as poll does
            worker[0].join(timeout=5)
            raise _died(worker[0], worker[2][0][0] if worker[2] else batch[0][0]) from None
        worker[2].append([i for i, _ in batch])

    def poll(self, timeout: float) -> list:
        from multiprocessing.connection import wait

        busy: dict[Any, list[Any]] = {w[1]: w for w in self._workers if w[2]}
        sentinels: dict[Any, list[Any]] = {w[0].sentinel: w for w in self._workers if w[2]}
        if not busy:
            return []
        ready = wait([*busy, *sentinels], timeout)
        out: list = []
        for handle in ready:
            worker = busy.get(handle)
            if worker is None:
                continue
            try:
                message = worker[1].recv()  # handle is that pipe
            except (EOFError, OSError):
                continue  # died: reported below through its sentinel
            worker[2].pop(0)
            if message[0] == "error":
                _, exc, text = message
                if exc is not None:
                    raise exc
                raise PieceError(f"a piece failed in a worker process: {text}")
            out.append(message[1])
        if not out:
            for handle in ready:
                worker = sentinels.get(handle)
                if worker is not None and not worker[0].is_alive() and worker[2]:
                    raise _died(worker[0], worker[2][0][0])
        return out

    def close(self, cancel: bool) -> None:
        workers = getattr(self, "_workers", [])  # start() may have failed before any began
        for proc, conn, _held in workers:
            if cancel or not proc.is_alive():
                proc.kill()
            else:
                try:
                    conn.send(None)
                except (OSError, EOFError):
                    proc.kill()
        for proc, conn, _ in workers:
            proc.join(timeout=5)
            if proc.is_alive():
                proc.kill()
                proc.join()
            conn.close()


# ---------------------------------------------------------------------------------------------
# Dask
# ---------------------------------------------------------------------------------------------


class Dask:
    """Pieces run as tasks on a Dask cluster: a ``LocalCluster`` on 127.0.0.1
    (``dask="local"``: one worker of ``jobs`` threads in this process for work that releases
    the GIL, else ``jobs`` worker processes) or a running scheduler (``scheduler="tcp://..."``).

    The work is shipped to every worker once (scattered); a task is a batch of pieces. A
    batch lost with a dead worker is run again by the scheduler (``retries``).
    """

    catches_sigint = True

    def __init__(
        self,
        jobs: int,
        dask: str | None = None,
        scheduler: str | None = None,
        announce: Callable[[str], object] | None = None,
    ) -> None:
        self.jobs, self.dask, self.scheduler, self.announce = jobs, dask, scheduler, announce
        self.slots = jobs
        # distributed's Client and LocalCluster (Dask is optional and untyped here)
        self._client: Any = None
        self._cluster: Any = None
        self._pids: list[int] = []
        self._pending: dict[Any, Batch] = {}
        self._quieted: logging.Logger | None = None

    def start(self, work: Work) -> None:
        try:
            import distributed
        except ImportError:
            raise ClewError("Dask is not installed: pip install 'clew[dask]'") from None
        self._distributed = distributed
        if self.scheduler:
            from .address import SchedulerError

            try:
                self._client = distributed.Client(self.scheduler, timeout=f"{CONNECT_SECONDS}s")
            except (OSError, TimeoutError, ValueError) as exc:
                raise SchedulerError(
                    f"cannot reach the Dask scheduler at {self.scheduler} within "
                    f"{CONNECT_SECONDS} s ({one_line(exc) or type(exc).__name__}): "
                    "is it running, and is the address right?"
                ) from None
            except (MemoryError, TypeError, EOFError) as exc:
                # something else answers there: Dask reads its bytes as a frame length of
                # exabytes (MemoryError), or the scheme's transport is missing (ucx: TypeError)
                raise SchedulerError(
                    f"the server at {self.scheduler} does not answer as a Dask scheduler "
                    f"({type(exc).__name__}): is the address right?"
                ) from None
        else:
            if self.dask != "local":
                raise ClewError(f"--dask takes 'local', got {self.dask!r}")
            # The worker processes start with SIGINT ignored (a spawned Python keeps an
            # ignored SIGINT ignored): Ctrl-C in a terminal reaches the whole process group,
            # and the run, not each worker, decides what it means.
            try:
                previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
            except ValueError:  # not the main thread: nothing to protect
                previous = None
            # Work whose pieces release the GIL (compiled kernels) runs in one worker of
            # `jobs` threads inside this process, as the thread pool would run it: the
            # kernels run in parallel all the same, and no worker process has to start
            # Python, import Dask and load the kernels again (seconds on a small machine:
            # the cluster then starts in a tenth of a second). Other work gets `jobs`
            # worker processes of one thread each.
            threads = bool(getattr(work, "releases_gil", False))
            shape = (
                {"n_workers": 1, "threads_per_worker": self.jobs, "processes": False}
                if threads
                else {"n_workers": self.jobs, "threads_per_worker": 1, "processes": True}
            )
            try:
                self._cluster = distributed.LocalCluster(
                    **shape,
                    host="127.0.0.1",
                    protocol="tcp://",
                    dashboard_address="127.0.0.1:0",
                    silence_logs=logging.CRITICAL,
                )
            finally:
                if previous is not None:
                    signal.signal(signal.SIGINT, previous)
            self._client = distributed.Client(self._cluster)
            if self.announce is not None:
                self.announce(f"Dask dashboard: {self._client.dashboard_link}")
        # A worker that dies takes with it the results it held: the client says so in a
        # WARNING ("Couldn't gather 1 keys, rescheduling") and the piece is simply run
        # again, as documented; that warning is no news to the user of a command, whose
        # stderr holds clew's lines only. Errors still show.
        quieted = self._quieted = logging.getLogger("distributed.client")
        self._level = quieted.level
        quieted.setLevel(max(self._level, logging.ERROR))
        self.slots = max(1, sum(self._client.nthreads().values()))
        # the worker processes of our own cluster, to kill if the run is cancelled
        self._pids = (
            [pid for pid in self._client.run(os.getpid).values() if pid != os.getpid()]
            if self._cluster is not None
            else []
        )
        self._shipped = work
        [self._work] = self._client.scatter([work], broadcast=True)
        self._pending = {}

    def submit(self, batch: Batch) -> None:
        # pure=False: a batch rerun after a worker died is the same computation, but each
        # submission must not be deduplicated against a cancelled one from an earlier run
        future = self._client.submit(_run_batch, self._work, batch, pure=False, retries=2)
        self._pending[future] = batch

    def poll(self, timeout: float) -> list:
        if not self._pending:
            return []
        d = self._distributed
        out: list = []
        try:
            try:
                finished = d.wait(
                    list(self._pending), timeout=timeout, return_when="FIRST_COMPLETED"
                ).done
            except (TimeoutError, getattr(d, "TimeoutError", TimeoutError)):
                return []
            for future in finished:
                out.append(future.result())
                self._pending.pop(future)
                # let the scheduler forget the value now: a value still wanted is computed
                # again when the worker that holds it dies, so a worker killed later would
                # cost every piece it ever finished, not the one it was running
                future.release()
        except _CANCELLED as exc:
            self._ship_again(exc)
        return out

    def _ship_again(self, exc: BaseException) -> None:
        """The scheduler dropped tasks because every worker holding the shipped work died
        (shipped data cannot be computed again; a worker that joined after the work was
        shipped has none): ship the work again to the workers there are now and submit
        again every batch not finished. A few times at most: then the cluster is failing."""
        self._shipped_again = getattr(self, "_shipped_again", 0) + 1
        if self._shipped_again > SHIP_AGAIN:
            first = min((i for batch in self._pending.values() for i, _ in batch), default=None)
            raise PieceError(
                f"the Dask cluster lost the work {SHIP_AGAIN} times with the workers that held it "
                f"({one_line(exc).split(':')[0]}) while computing piece {first}"
            ) from None
        [self._work] = self._client.scatter([self._shipped], broadcast=True)
        lost = [future for future in self._pending if future.status != "finished"]
        for future in lost:
            batch = self._pending.pop(future)
            future.release()
            self.submit(batch)

    def close(self, cancel: bool) -> None:
        client, cluster = self._client, self._cluster
        self._client = self._cluster = None
        quieted = self._quieted
        if quieted is not None:
            quieted.setLevel(self._level)
            self._quieted = None
        if cancel:
            # nothing of a cancelled run is worth waiting for: the workers of our own cluster
            # are killed at once (a worker inside a compiled kernel would not stop before its
            # piece ends), and Dask's complaints while it closes are silenced
            for name in ("distributed", "tornado", "asyncio"):
                logging.getLogger(name).setLevel(logging.CRITICAL + 1)
            for pid in self._pids if cluster is not None else ():
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)
        for part in (client, cluster):
            if part is None:
                continue
            try:
                if cancel and part is client and self._pending:
                    client.cancel(list(self._pending), force=True)
                part.close(timeout=2) if cancel else part.close()
            except Exception:  # closing a cancelled run: what fails to close is going anyway
                if not cancel:
                    raise
