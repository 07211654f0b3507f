"""Folders of a subpackage of clew kept outside clew's own tree: how a family added as a
plug-in (on PYTHONPATH, in a site folder) joins the command line (:mod:`clew.cli`) and the
pictures (:mod:`clew.viz`) without an edit to clew.

A package such as ``clew.cli`` extends its ``__path__`` with :func:`folders_outside` at
import; its modules are then found by :mod:`pkgutil` as if they were clew's own.

>>> import os, sys, tempfile
>>> root = tempfile.mkdtemp()
>>> os.makedirs(os.path.join(root, "clew", "cli"))
>>> sys.path.append(root)
>>> import clew.cli
>>> folders_outside(clew.cli.__path__, "cli") == [os.path.join(root, "clew", "cli")]
True
>>> sys.path.remove(root)
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Iterable

__all__ = ["folders_outside"]


def folders_outside(package_path: Iterable[str], subpackage: str) -> list[str]:
    """The folders ``clew/<subpackage>`` of the entries of ``sys.path`` that are not already
    in ``package_path``, in the order of ``sys.path``.

    :func:`pkgutil.extend_path` would look only under ``clew.__path__``; a family kept outside
    clew's tree lies under another entry of ``sys.path``. The folder of another copy of clew
    (one with its own ``clew/__init__.py``: an install beside a checkout) is left out: its
    modules belong to that copy, maybe of another version. The same folder spelt twice is
    one (compared by device and inode)."""
    seen = set()
    for folder in package_path:
        with contextlib.suppress(OSError, ValueError):
            seen.add(_identity(folder))
    found = []
    for entry in sys.path:
        if not isinstance(entry, str):  # sys.path may hold anything; only folders count
            continue
        folder = os.path.join(entry or os.curdir, "clew", subpackage)
        try:  # one stat per entry of sys.path: this runs on every start of clew
            identity = _identity(folder)
        except (OSError, ValueError):  # no such folder, or a path with a NUL in it
            continue
        other_copy = os.path.isfile(os.path.join(entry or os.curdir, "clew", "__init__.py"))
        if identity not in seen and not other_copy:
            seen.add(identity)
            found.append(folder)
    return found


def _identity(folder: str) -> tuple[int, int]:
    """The device and inode of a folder (the same folder under two spellings is one)."""
    status = os.stat(folder)
    if not stat.S_ISDIR(status.st_mode):
        raise NotADirectoryError(folder)
    return status.st_dev, status.st_ino
