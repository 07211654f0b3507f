"""Waiting for a long kernel call in a way that Ctrl-C can stop.

A numba kernel does not come back to the interpreter until it is done, so Python's SIGINT
handler (which only sets a flag, acted on between two bytecodes) waits for it: Ctrl-C in the
middle of a brute force of seconds, or a completion count of minutes, would do nothing until
the kernel ends. :func:`interruptible` runs the call in a worker thread instead (the kernels
release the GIL) and waits for it in slices, so that the caller's thread sees Ctrl-C at once
as a ``KeyboardInterrupt``: ``clew`` then says "interrupted" in one line and exits with
status 130, and a notebook gets its prompt back. The abandoned call runs on to its end in
its (daemon) thread, where nothing waits for its answer.

>>> interruptible(sum, [1, 2, 3])
6
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["interruptible"]

T = TypeVar("T")

#: Seconds between two looks of the waiting thread at its signals.
_SLICE = 0.05


def interruptible(function: Callable[..., T], *args, **kwargs) -> T:
    """``function(*args, **kwargs)``, run in a worker thread while the main thread waits, so
    that Ctrl-C interrupts the wait; elsewhere than in the main thread (where no signal
    arrives) the call is made directly. An exception of the call is raised here."""
    if threading.current_thread() is not threading.main_thread():
        return function(*args, **kwargs)
    outcome: dict[str, object] = {}

    def call() -> None:
        try:
            outcome["value"] = function(*args, **kwargs)
        except BaseException as exc:  # handed to the waiting thread, raised there
            outcome["error"] = exc

    worker = threading.Thread(target=call, name="clew-kernel", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(_SLICE)
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome["value"]  # type: ignore[return-value]
