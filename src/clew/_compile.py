"""Compile ahead: every kernel of the named families into numba's cache, in worker
processes, so that no later command or call waits for a compile (``clew compile``,
:func:`clew.compile`).

The mechanism knows no family. A family takes part by having a module ``_warmup.py`` in its
package (``clew/queens/_warmup.py``) with ``GROUPS``: a tuple of groups of calls, each call
a function of no argument that reaches some kernels through the family's own API (a count
of 12 queens, the rating of a hard puzzle). The calls of a group run in order in one worker
process, the groups of every family in parallel on ``jobs`` workers; each worker writes
what it compiles into the shared cache on disk. Independent functions compile safely in
separate processes (numba replaces each index and data file atomically), but numba updates a
function's index without a lock: two processes that add two signatures of one function at
once both name their code ``<function>.1.nbc``, and the index kept may name the other's
code. So a family puts every call that may compile a function into the same group, and two
families share no kernel.

After a family is compiled, a manifest in its cache folder (``clew-compile-<family>.json``)
lists the cache index of every kernel its calls loaded; the next ``clew compile`` reads
those indexes (their numba version and their sources' hashes, as numba does) without
importing numba, and says there is nothing to do when all are fresh.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ._kernel_cache import (
    _ROOT,
    ClewCompileWarning,
    _numba_version,
    cache_folder,
    index_is_fresh,
)
from .errors import DEFAULT_JOBS, ArgumentError, ClewError, check_jobs, plural

__all__ = ["Compiled", "compile", "families", "pending"]


def families() -> tuple[str, ...]:
    """The families that can be compiled ahead: the subpackages of clew with a ``_warmup``
    module (found on disk, nothing imported).

    >>> "queens" in families() and "sudoku" in families()
    True
    """
    return tuple(sorted(p.parent.name for p in _ROOT.glob("*/_warmup.py")))


def _kernel_modules(family: str) -> list[str]:
    return sorted(p.relative_to(_ROOT).as_posix() for p in (_ROOT / family).rglob("_kernels*.py"))


def _manifest(family: str) -> Path | None:
    modules = _kernel_modules(family)
    folder = cache_folder(modules[0]) if modules else None
    return None if folder is None else folder / f"clew-compile-{family}.json"


def _is_compiled(family: str, digests: dict[str, bytes | None]) -> bool:
    import hashlib

    path = _manifest(family)
    if path is None:
        return False
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
        entries = manifest["indexes"]
    except (OSError, ValueError, KeyError, TypeError):
        return False
    if manifest.get("numba") != _numba_version() or not entries:
        return False
    for index, source in entries:
        if source not in digests:
            try:
                digests[source] = hashlib.sha256(Path(source).read_bytes()).digest()
            except OSError:
                digests[source] = None
        digest = digests[source]
        if digest is None or not index_is_fresh(index, digest):
            return False
    return True


def pending(names: str | Iterable[str] | None = None) -> list[str]:
    """The families among ``names`` (default: every one) whose kernels are not all in the
    cache for this numba version and these sources; told without importing numba.

    >>> set(pending()) <= set(families())
    True
    """
    names = _check_families(names)
    digests: dict[str, bytes | None] = {}
    return [f for f in names if _kernel_modules(f) and not _is_compiled(f, digests)]


def _check_families(names: str | Iterable[str] | None) -> tuple[str, ...]:
    known = families()
    if names is None:
        return known
    if isinstance(names, str):
        names = [names]
    out = []
    for name in names:
        if not isinstance(name, str):
            raise ArgumentError(f"a family is a name such as 'queens', got {name!r}")
        if name not in known:
            raise ArgumentError(
                f"unknown family {name!r} (families with kernels: {', '.join(known)})"
            )
        if name not in out:
            out.append(name)
    return tuple(out)


@dataclass(frozen=True)
class Compiled:
    """What :func:`compile` did.

    Attributes
    ----------
    families : tuple of str
        The families asked for.
    compiled : tuple of str
        Those whose calls ran now (the others were in the cache already).
    kernels : int
        The kernel functions numba compiled now (0: everything was loaded from the cache).
    seconds : float
        Wall time of the whole call.
    """

    families: tuple[str, ...]
    compiled: tuple[str, ...]
    kernels: int
    seconds: float

    def to_dict(self) -> dict:
        """``{"families", "compiled", "kernels", "seconds"}``, JSON-ready.

        >>> Compiled(("maze",), (), 0, 0.01).to_dict()
        {'families': ['maze'], 'compiled': [], 'kernels': 0, 'seconds': 0.01}
        """
        return {
            "families": list(self.families),
            "compiled": list(self.compiled),
            "kernels": self.kernels,
            "seconds": round(self.seconds, 3),
        }

    def __str__(self) -> str:
        """One line: what was compiled, or that nothing had to be.

        >>> str(Compiled(("queens", "maze"), ("queens",), 23, 41.2))
        'compiled 23 kernels of queens in 41 s'
        >>> str(Compiled(("queens",), (), 0, 0.004))
        'nothing to compile: every kernel of queens is in the cache (checked in 0.00 s)'
        """
        names = ", ".join(self.families) or "no family"
        if not self.kernels:
            return (
                f"nothing to compile: every kernel of {names} is in the cache "
                f"(checked in {self.seconds:.2f} s)"
            )
        return (
            f"compiled {plural(self.kernels, 'kernel')} of {', '.join(self.compiled)} "
            f"in {self.seconds:.0f} s"
        )


def compile(
    families: str | Iterable[str] | None = None,
    *,
    jobs: int | None = DEFAULT_JOBS,
    progress: bool | None = False,
) -> Compiled:
    """Compile every kernel of ``families`` into numba's cache, so that later calls and
    commands load them in milliseconds instead of compiling them (seconds each).

    Families whose kernels are all in the cache already are skipped, decided without
    importing numba (a second call returns at once). Use it where the first user should not
    wait: the build of a container image, the start of a server, a CI job that keeps the
    cache folder (``NUMBA_CACHE_DIR``).

    Parameters
    ----------
    families : str, iterable of str or None
        Names such as ``"queens"`` or ``["sudoku", "cover"]``; None: every family with
        kernels (``queens``, ``sudoku``, ``cover``, ``maze``). An unknown name raises
        :class:`~clew.errors.ArgumentError`.
    jobs : int or None
        Worker processes that compile in parallel (default :data:`clew.DEFAULT_JOBS`, 1;
        ``None``: one per core). Each family's calls are one group today (its kernels
        share helpers that two processes must not compile at once), so more workers than
        families do not help.
    progress : bool or None
        A progress bar on stderr (``None``: when stderr is a terminal).

    Returns
    -------
    Compiled
        What was compiled (``str()`` of it is one line, ``to_dict()`` its JSON form).

    Examples
    --------
    >>> import clew
    >>> clew.compile([]).to_dict()["kernels"]      # no family asked: nothing to do
    0
    >>> clew.compile("chess")
    Traceback (most recent call last):
      ...
    clew.errors.ArgumentError: unknown family 'chess'
    (families with kernels: cover, maze, queens, sudoku)
    """
    start = time.perf_counter()
    names = _check_families(families)
    check_jobs(jobs)
    todo = pending(names)
    if not todo:
        return Compiled(names, (), 0, time.perf_counter() - start)
    for family in todo:
        if _manifest(family) is None:
            raise ClewError(
                f"cannot compile {family} ahead: no cache folder can be written "
                "(set NUMBA_CACHE_DIR to a folder that can be)"
            )
    groups = [(family, index) for family in todo for index in range(_group_count(family))]
    workers = max(1, min(len(groups), jobs if jobs is not None else (os.cpu_count() or 1)))
    results = _run(groups, workers, progress, "compiling " + ", ".join(todo))
    kernels = 0
    for family in todo:
        entries = sorted(
            {tuple(e) for (f, _), r in results.items() if f == family for e in r["indexes"]}
        )
        kernels += sum(r["kernels"] for (f, _), r in results.items() if f == family)
        _write_manifest(family, entries)
    return Compiled(names, tuple(todo), kernels, time.perf_counter() - start)


def _group_count(family: str) -> int:
    import importlib

    return len(importlib.import_module(f"clew.{family}._warmup").GROUPS)


def _run(
    groups: list[tuple[str, int]], workers: int, progress: bool | None, description: str
) -> dict:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    from .scale.progress import Bar

    results = {}
    # spawn: a fresh interpreter per worker, whatever this process has loaded or started;
    # the workers ignore Ctrl-C, which this process answers by ending them
    pool = ProcessPoolExecutor(
        workers, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_ctrl_c
    )
    try:
        futures = {
            pool.submit(_run_group, family, index): (family, index) for family, index in groups
        }
        bar = Bar(progress, description, len(groups), 0, workers=workers)
        try:
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                bar.advance(1)
        finally:
            bar.close()
    except BaseException:
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()  # a compile cannot be stopped: what it wrote so far is kept
        pool.shutdown(wait=True, cancel_futures=True)  # its queues closed: nothing leaks
        raise
    pool.shutdown(wait=True)
    return results


def _ignore_ctrl_c() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _write_manifest(family: str, entries: Iterable[tuple[str, str]]) -> None:
    path = _manifest(family)
    if path is None or not entries:
        return
    text = json.dumps({"numba": _numba_version(), "indexes": [list(e) for e in entries]}, indent=0)
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    except OSError:  # the next call compiles (loads) again: nothing worse
        with contextlib.suppress(OSError):
            temporary.unlink()


def _run_group(family: str, index: int) -> dict:
    """In a worker process: run the calls of one group and say what numba compiled (the
    kernel functions, at every depth) and which cache indexes the loaded kernels have."""
    import importlib
    import warnings

    warnings.simplefilter("ignore", ClewCompileWarning)  # the parent says what happens
    from numba.core import event

    compiled = set()

    class Listener(event.Listener):
        def on_start(self, ev: event.Event) -> None:
            dispatcher = ev.data["dispatcher"]
            cache = getattr(dispatcher, "_cache", None)
            if dispatcher.py_func.__module__.startswith("clew.") and hasattr(
                getattr(cache, "_inner", cache), "_cache_file"
            ):
                compiled.add(dispatcher)  # a cached kernel of clew (not numba's own helpers)

        def on_end(self, ev: event.Event) -> None:
            pass

    listener = Listener()
    event.register("numba:compile", listener)
    try:
        for call in importlib.import_module(f"clew.{family}._warmup").GROUPS[index]:
            call()
    finally:
        event.unregister("numba:compile", listener)
    return {"kernels": len(compiled), "indexes": sorted(_loaded_indexes())}


def _loaded_indexes() -> set[tuple[str, str]]:
    """(cache index, source) of every cached kernel of clew that this process has loaded
    or compiled."""
    found = set()
    for name, module in list(sys.modules.items()):
        if not name.startswith("clew.") or module is None:
            continue
        for value in list(vars(module).values()):
            cache = getattr(value, "_cache", None)
            cache = getattr(cache, "_inner", cache)  # clew's guard around numba's cache
            cache_file = getattr(cache, "_cache_file", None)
            index = getattr(cache_file, "_index_path", None)
            if index is None or not getattr(value, "signatures", None):
                continue
            found.add((str(index), os.path.abspath(value.py_func.__code__.co_filename)))
    return found
