"""Whether numba must compile a kernel module before it can run (the first run after an
install or an upgrade), told without importing it.

numba caches each compiled ``@njit(cache=True)`` function beside its source, as an index
file ``__pycache__/<module>.<function>-<line>.py<ver>.nbi`` stamped with the source's
modification time. A module with no index file, or only index files older than its
source, compiles on first use: seconds that a user would otherwise wait through in
silence.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

__all__ = ["announce", "needs_compiling", "numba_loaded", "set_announcer", "skip_blas_probe"]

_ROOT = Path(__file__).resolve().parent

# Who is told that kernels must be compiled: nobody in a library process; the command line
# installs a printer (the library knows which kernels a job needs, the command line knows
# whether someone is watching).
_announcer: Callable[[list[str]], None] | None = None


def set_announcer(announcer: Callable[[list[str]], None] | None) -> None:
    """Call ``announcer(pending)`` whenever :func:`announce` finds kernels to compile."""
    global _announcer
    _announcer = announcer


def announce(*modules: str) -> None:
    """Say, through the installed announcer, which of ``modules`` must be compiled before
    use. The library calls this just before it first calls a kernel of those modules; it
    costs a few ``stat`` calls and nothing at all when no announcer is installed."""
    if _announcer is None:
        return
    pending = needs_compiling(*modules)
    if pending:
        _announcer(pending)


def numba_loaded() -> bool:
    """Whether this process has imported numba already. The library prefers a kernel over
    its plain-Python path only then: a job that needs no kernel (an easy rating, a small
    board) never pays numba's start-up, about 0.7 s, for a small part of its work."""
    return "numba" in sys.modules


def needs_compiling(*modules: str) -> list[str]:
    """The kernel modules among ``modules`` (paths inside the package, such as
    ``"queens/_kernels_count.py"``) whose compiled cache is missing or stale.

    A module whose cache folder cannot be written is left out: numba then keeps its cache
    elsewhere, and nothing can be said about it here.

    >>> needs_compiling("no/such/module.py")
    []
    """
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    out = []
    for module in modules:
        source = _ROOT / module
        cache = source.parent / "__pycache__"
        if not source.is_file():
            continue
        if cache.exists() and not os.access(cache, os.W_OK):
            continue
        if not cache.exists() and not os.access(source.parent, os.W_OK):
            continue
        stamp = source.stat().st_mtime
        prefix = source.stem + "."
        try:
            indexes = [e for e in os.scandir(cache) if e.name.startswith(prefix) and e.name.endswith(f".{tag}.nbi")]
        except OSError:
            indexes = []
        if not indexes or all(e.stat().st_mtime < stamp for e in indexes):
            out.append(module)
    return out


class _NoBlasProbe:
    """Import hook of :func:`skip_blas_probe`: loads ``numba.np.arraymath`` with its BLAS
    check answered "no" and then puts the real check back."""

    name = "numba.np.arraymath"

    def find_spec(self, name, path, target=None):
        if name != self.name:
            return None
        import importlib.machinery

        sys.meta_path.remove(self)  # once
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Wrapped(spec.loader)
        return spec


class _Wrapped:
    def __init__(self, loader) -> None:
        self.loader = loader

    def create_module(self, spec):
        return self.loader.create_module(spec)

    def exec_module(self, module) -> None:
        import numba.np.linalg as linalg

        real = linalg.ensure_blas

        def no_blas():
            raise ImportError("BLAS not probed: this process calls only clew's kernels")

        linalg.ensure_blas = no_blas
        try:
            self.loader.exec_module(module)
        finally:
            linalg.ensure_blas = real
            module.ensure_blas = real  # its later callers get the real check


def skip_blas_probe() -> None:
    """Spare the ``clew`` process numba's probe for BLAS, half a second of its start-up.

    On its first compile or cache load in a process numba imports ``numba.np.arraymath``,
    which looks for BLAS by importing ``scipy.linalg`` when SciPy is installed (about 0.5 s
    on a 2-core AMD EPYC, more than the rest of numba's start). Only ``np.dot`` and the
    linear algebra functions need it, and no clew kernel calls them, so the command line,
    which runs nothing but clew's kernels, answers the probe "no". Library users keep
    numba's behaviour: only :func:`clew.cli.main` calls this. Nothing happens when the
    module is already loaded.
    """
    if "numba.np.arraymath" in sys.modules or any(isinstance(f, _NoBlasProbe) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _NoBlasProbe())
