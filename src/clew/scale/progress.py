"""The one progress bar of every long job: pieces done, elapsed time, time left (Rich, on
stderr), and the one estimate of the time left, :func:`remaining_seconds`, that the bar and
``clew journal show`` both print. The bar is advanced once per poll of the executor, not
once per piece, so that a job of a million small pieces does not spend its time redrawing.
"""

from __future__ import annotations

import sys
import time

__all__ = ["Bar", "duration", "remaining_seconds"]


def remaining_seconds(pieces: int, done: int, worker_seconds: float, workers: int) -> float | None:
    """The estimate of the wall time left, the same wherever clew prints one.

    The finished pieces took ``worker_seconds`` (wall seconds times the workers that ran
    them, summed over runs); the ``pieces - done`` left go at that rate per worker on
    ``workers`` workers. Wall time, not the pieces' own computing time: it holds the start-up
    and the scheduling a run really pays, so the bar of a run and ``clew journal show`` of
    its journal give the same number from the same data.

    Parameters
    ----------
    pieces, done : int
        The pieces of the job, and how many are finished.
    worker_seconds : float
        Wall seconds times workers spent to finish them.
    workers : int
        The workers that will run the rest.

    Returns
    -------
    float or None
        Seconds; 0 when every piece is done; None before any piece is (nothing to go by).

    Examples
    --------
    >>> remaining_seconds(100, 25, worker_seconds=50.0, workers=2)   # 2 s a piece per worker
    75.0
    >>> remaining_seconds(100, 0, 3.0, 1) is None, remaining_seconds(100, 100, 9.0, 1)
    (True, 0.0)
    """
    if done >= pieces:
        return 0.0
    if done <= 0 or worker_seconds <= 0:
        return None
    return (pieces - done) * worker_seconds / done / max(1, workers)


def duration(seconds: float | None) -> str:
    """Seconds as the bar shows them, ``H:MM:SS`` (``-:--:--`` when unknown).

    >>> duration(63.4), duration(None)
    ('0:01:03', '-:--:--')
    """
    if seconds is None:
        return "-:--:--"
    minutes, secs = divmod(int(round(seconds)), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}"


class Bar:
    """A Rich progress bar on stderr, or nothing when ``enabled`` is False (``None``: only
    when stderr is a terminal).

    ``completed`` pieces were finished before (read from a journal), with
    ``worker_seconds`` spent on them; ``workers`` run the rest from ``start`` (a
    :func:`time.perf_counter` value). The time left is :func:`remaining_seconds` of these,
    as ``clew journal show`` computes it from the journal."""

    def __init__(
        self,
        enabled: bool | None,
        description: str,
        total: int,
        completed: int,
        *,
        workers: int = 1,
        worker_seconds: float = 0.0,
        start: float | None = None,
    ) -> None:
        if enabled is None:
            enabled = sys.stderr.isatty()
        self._bar = None
        self.total, self.done, self.workers = total, completed, max(1, workers)
        self.before = worker_seconds
        self.start = time.perf_counter() if start is None else start
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
        )
        from rich.text import Text

        bar = self

        class Left(ProgressColumn):
            """The time left, from :func:`remaining_seconds` (not Rich's own estimate)."""

            def render(self, task) -> Text:
                return Text(duration(bar.remaining()), style="progress.remaining")

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("pieces"),
            TimeElapsedColumn(),
            TextColumn("ETA"),
            Left(),
            console=Console(stderr=True),
            transient=False,
        )
        self._bar.start()
        self._task = self._bar.add_task(description, total=total, completed=completed)

    def remaining(self) -> float | None:
        """The time left now, by :func:`remaining_seconds`."""
        spent = self.before + (time.perf_counter() - self.start) * self.workers
        return remaining_seconds(self.total, self.done, spent, self.workers)

    def advance(self, count: int) -> None:
        self.done += count
        if self._bar is not None and count:
            self._bar.advance(self._task, count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
