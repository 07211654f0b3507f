"""Public names of a package loaded on first use (PEP 562), so that importing the package
does not load numba for a job that never calls a kernel.

>>> import types, sys
>>> pkg = types.ModuleType("demo_pkg"); sys.modules["demo_pkg"] = pkg
>>> pkg.__getattr__, pkg.__dir__ = lazy_names("demo_pkg", {})
>>> "nothing" in dir(pkg)
False
"""

from __future__ import annotations

import importlib
import sys

__all__ = ["lazy_names"]


def lazy_names(package: str, names: dict[str, str]):
    """The module-level ``__getattr__`` and ``__dir__`` of ``package``: ``names`` maps each
    public name to the submodule that defines it, imported the first time the name is read;
    the value is then bound on the package, so later reads are plain attribute reads."""

    def __getattr__(name: str):
        module = names.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f".{module}", package), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return __getattr__, __dir__
