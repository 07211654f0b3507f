"""Compile beside the job: on a first run, a second process (the *partner*) compiles part of a
job's kernels into the shared cache while the job compiles and runs the rest, so that a
first run on two cores waits for about half of the compile.

How a job uses it
-----------------
A job that knows which kernel modules it will reach calls :func:`plan` when it starts, with
its family and the modules a partner should take, in the order it should take them (those
the job reaches last, and the largest, first). When partners are enabled (the ``clew``
program enables them with :func:`enable`; ``CLEW_COMPILE_PARTNER=0`` in the environment
turns them off), this process may use two cores or more, the cache folder can be written
and some of those modules are not in the cache, :func:`plan` starts one partner:
``python -m clew._partner FOLDER FAMILY MODULE...``. The partner runs, for each module, the
family's warm-up call for it (``clew/<family>/_warmup.py``, ``ASIDE[module]``: a small call
through the family's API that reaches that module's kernels) and exits. Nothing changes in
the job's answers: the partner only fills the cache.

Where a job has a plain path beside a kernel (the Sudoku screen, the unique loops), it asks
:func:`aside` and keeps to the plain path while the partner is compiling that kernel, instead
of compiling it a second time.

Claims: never the same function twice
-------------------------------------
Before compiling a function that is not in the cache, each process claims it: a file
``<function>.<round>.claim`` created exclusively in the pair's folder (a temporary folder;
a second signature of a function is its next round). A function the other process holds is
waited for by the job (until ``<function>.<round>.done`` appears, then it is loaded from the
cache) and skipped by the partner (its call for that
module ends, and it goes on with the next module). The hooks are in the cache guard of
:mod:`clew._kernel_cache` (:attr:`clew._kernel_cache.claims`). A process claims a function
before the functions it calls, and the kernels' call graph has no cycle, so the two
processes never wait on each other; a partner that dies or fails releases the job at once.

The partner after the job
-------------------------
A job that ends first does not wait: the partner finishes its list (seconds), so that the
next run finds every kernel in the cache, then removes the pair's folder and exits, as
``git gc --auto`` works on after the command that started it. It writes to no terminal (its
input and outputs are ``/dev/null``); being in the command's process group, a Ctrl-C of the
command reaches it too and ends it.
"""

from __future__ import annotations

import contextlib
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import _kernel_cache

__all__ = ["aside", "enable", "plan"]

#: in a partner: the folder of its pair (set by the job that starts it)
ENV_FOLDER = "CLEW_PARTNER_FOLDER"
#: "0", "off" or "no": never start a partner
ENV_SWITCH = "CLEW_COMPILE_PARTNER"
#: a file that each process of a pair appends its claims to (for tests and for debugging)
ENV_TRACE = "CLEW_PARTNER_TRACE"

#: how long the job waits at most for a function the partner compiles (a compile takes
#: seconds; this only bounds a partner that stopped answering without dying)
WAIT_LIMIT = 300.0
_POLL = 0.01

_enabled = False
# the pair this process is in (a job and its partner each have one), or None
_pair: _Pair | None = None
# whether a job of this process has already decided about a partner (one a process)
_planned = False


class Taken(Exception):
    """Raised in a partner that reaches a function the job is compiling: the partner's call
    for that module ends, and it goes on with the next module."""


def enable() -> None:
    """Let the jobs of this process start a partner (the ``clew`` program calls this; a
    library user's process never starts one unless it calls this too)."""
    global _enabled
    _enabled = True


def _switched_off() -> bool:
    return os.environ.get(ENV_SWITCH, "").strip().lower() in ("0", "off", "no", "false")


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _name(key: str) -> str:
    """A file name for the function ``key`` (a dotted name)."""
    return "".join(c if c.isalnum() or c in "._-" else "_" for c in key)


def _module_name(entry: str) -> str:
    return _name(entry.replace("/", ".").replace(":", "-"))


def _base(entry: str) -> str:
    """The kernel file of an entry of a plan (``"sudoku/compiled/_kernels_chains.py:plus"``
    names a part of that file)."""
    return entry.partition(":")[0]


class _Pair:
    """This process's side of a pair: its claims in the shared folder."""

    def __init__(self, folder: Path, role: str, process: Any = None, modules: Sequence[str] = ()):
        self.folder, self.role, self.process = folder, role, process
        self.modules = tuple(modules)
        self.held: dict[str, str] = {}  # function -> the round it holds
        self.trace = os.environ.get(ENV_TRACE)

    def _note(self, what: str, key: str) -> None:
        if self.trace:
            with contextlib.suppress(OSError), open(self.trace, "a", encoding="utf-8") as out:
                out.write(f"{time.time():.3f} {self.role} {what} {key}\n")

    def _touch(self, name: str) -> None:
        with contextlib.suppress(OSError):
            (self.folder / name).touch()

    def before_compile(self, key: str) -> bool:
        """Called by the cache guard when the function ``key`` is not in the cache: False,
        compile it here (this process now holds a claim on it); True, the other process has
        compiled it meanwhile (load it again). In a partner, a function the job holds raises
        :class:`Taken`.

        Each compile of a function is a *round* (``<key>.<n>.claim``, then ``.done``): a
        second signature of a function is its next round, so even two signatures of one
        function are never compiled at once (numba's index of a function is rewritten
        without a lock: two processes adding two signatures at once could each name their
        code with the same file)."""
        if key in self.held:
            return False
        n = 1
        while True:
            name = f"{_name(key)}.{n}"
            try:
                fd = os.open(self.folder / f"{name}.claim", os.O_CREAT | os.O_EXCL | os.O_WRONLY)
            except FileExistsError:
                if self._done(name) or (self.role == "job" and not self.partner_alive()):
                    n += 1  # an earlier signature's round, or one its dead holder left
                    continue
                if self.role == "partner":
                    self._note("leaves", key)
                    raise Taken(key) from None
                if self._wait(name):
                    self._note("loads", key)
                    return True
                n += 1  # the partner died or stopped answering: compile it here
                continue
            except OSError:  # the folder is gone: the partner has finished, nobody to share with
                return False
            os.close(fd)
            self.held[key] = name
            self._note("compiles", key)
            return False

    def _done(self, name: str) -> bool:
        # a removed folder: the partner has finished everything it held
        return (self.folder / f"{name}.done").exists() or not self.folder.is_dir()

    def _wait(self, name: str) -> bool:
        """Wait until the round ``name`` is done (True), or the partner has died or
        :data:`WAIT_LIMIT` has passed (False)."""
        start = time.monotonic()
        while self.partner_alive() and time.monotonic() - start < WAIT_LIMIT:
            if self._done(name):
                return True
            time.sleep(_POLL)
        return self._done(name)

    def done(self, key: str) -> None:
        """The function ``key`` is compiled and saved (or failed): release whoever waits."""
        name = self.held.pop(key, None)
        if name is not None:
            self._touch(f"{name}.done")

    def release(self) -> None:
        for key in list(self.held):
            self.done(key)

    def partner_alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def aside(self, module: str) -> bool:
        return self.partner_alive() and any(
            _base(entry) == module
            and not (self.folder / f"{_module_name(entry)}.module-done").exists()
            for entry in self.modules
        )


def plan(family: str, *modules: str) -> None:
    """A job of ``family`` starts; a partner, if one is started, compiles ``modules``
    (kernel files inside the package, e.g. ``"sudoku/compiled/_kernels_screen.py"``, or a
    part of one after a colon, as the family's ``_warmup.ASIDE`` names them) in this order,
    those of files already in the cache left out. Once per process: a later call does
    nothing. Nothing happens unless partners are enabled (:func:`enable`), this process
    may run on two cores or more, the cache can be written and some module needs
    compiling.

    >>> plan("sudoku", "no/such/module.py")   # not enabled here: nothing happens
    """
    global _planned, _pair
    if _planned or not _enabled or _switched_off() or os.environ.get(ENV_FOLDER):
        return
    _planned = True
    if _cores() < 2 or _kernel_cache.in_memory():
        return
    stale = set(_kernel_cache.needs_compiling(*{_base(m) for m in modules}))
    pending = [m for m in modules if _base(m) in stale]
    if not pending or _kernel_cache.cache_folder(_base(pending[0])) is None:
        return
    import subprocess
    import tempfile

    try:
        folder = Path(tempfile.mkdtemp(prefix="clew-pair-"))
    except OSError:
        return
    env = {**os.environ, ENV_FOLDER: str(folder), "CLEW_COMPILE_NOTICE": "0"}
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "clew._partner", str(folder), family, *pending],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=True,
        )
    except OSError:
        _remove(folder)
        return
    _pair = _Pair(folder, "job", process, pending)
    _kernel_cache.claims = _pair
    import atexit

    atexit.register(_job_ends, _pair)


def aside(module: str) -> bool:
    """Whether a partner is compiling the kernel ``module`` for this job right now (a job
    with a plain path keeps to it meanwhile).

    >>> aside("sudoku/compiled/_kernels_screen.py")
    False
    """
    return _pair is not None and _pair.aside(module)


def _remove(folder: Path) -> None:
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


def _job_ends(pair: _Pair) -> None:
    """At the job's exit: release its claims; the partner, if it still works, removes the
    folder when it has finished."""
    pair.release()
    if not pair.partner_alive():
        _remove(pair.folder)


def _partner_main(argv: list[str]) -> int:
    """The partner process: ``FOLDER FAMILY MODULE...``."""
    global _pair
    import importlib

    folder, family, modules = Path(argv[0]), argv[1], argv[2:]
    import clew  # noqa: F401  # the cache guard, installed by the package

    _pair = _Pair(folder, "partner")
    _kernel_cache.claims = _pair
    try:
        calls = importlib.import_module(f"clew.{family}._warmup").ASIDE
        for module in modules:
            call = calls.get(module)
            try:
                if call is not None:  # what is in the cache already only loads (milliseconds)
                    call()
            except Exception:  # Taken, or a call that failed: the job compiles it itself
                pass
            finally:
                _pair.release()
                _pair._touch(f"{_module_name(module)}.module-done")
    finally:
        _pair.release()
        _remove(folder)
    return 0


if __name__ == "__main__":
    try:
        code = _partner_main(sys.argv[1:])
    except KeyboardInterrupt:  # the command was interrupted: so is its partner
        code = 130
    sys.stdout.flush()
    os._exit(code)  # no finalisation: nothing of the interpreter's state is needed any more
