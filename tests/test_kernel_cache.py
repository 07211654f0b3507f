"""The first run says that it compiles the kernels; later runs say nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import clew
from clew import _kernel_cache


def test_missing_and_stale_caches_are_found(tmp_path, monkeypatch):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    (tmp_path / "fam").mkdir()
    source = tmp_path / "fam" / "_kernels.py"
    source.write_text("# kernels\n")
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == ["fam/_kernels.py"]  # no cache
    cache = tmp_path / "fam" / "__pycache__"
    cache.mkdir()
    tag = f"py{sys.version_info.major}{sys.version_info.minor}"
    index = cache / f"_kernels.solve-10.{tag}.nbi"
    index.write_bytes(b"")
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == []  # cached
    later = time.time() + 10
    os.utime(source, (later, later))  # an upgrade: the source is newer than its cache
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == ["fam/_kernels.py"]
    assert _kernel_cache.needs_compiling("fam/missing.py") == []


def test_a_fresh_install_says_it_compiles_once(tmp_path):
    package = Path(clew.__file__).parent
    shutil.copytree(package, tmp_path / "clew", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    run = lambda: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "clew", "queens", "count", "6"], capture_output=True, text=True, env=env,
        cwd=tmp_path, timeout=300,
    )
    first, second = run(), run()
    assert first.stdout == second.stdout == "4\n"
    assert first.stderr.startswith("clew: compiling kernels for their first use") and len(first.stderr.splitlines()) == 1
    assert second.stderr == ""
