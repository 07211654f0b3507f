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
from pathlib import Path

__all__ = ["needs_compiling"]

_ROOT = Path(__file__).resolve().parent


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
