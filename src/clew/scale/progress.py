"""The one progress bar of every long job: pieces done, elapsed time, time left (Rich, on
stderr). Advanced once per poll of the executor, not once per piece, so that a job of a
million small pieces does not spend its time redrawing."""

from __future__ import annotations

import sys


class Bar:
    """A Rich progress bar on stderr, or nothing when ``enabled`` is False (``None``: only
    when stderr is a terminal)."""

    def __init__(self, enabled: bool | None, description: str, total: int, completed: int) -> None:
        if enabled is None:
            enabled = sys.stderr.isatty()
        self._bar = None
        if not enabled:
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        self._bar = Progress(
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
        self._bar.start()
        self._task = self._bar.add_task(description, total=total, completed=completed)

    def advance(self, count: int) -> None:
        if self._bar is not None and count:
            self._bar.advance(self._task, count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
