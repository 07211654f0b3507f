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
    """On a terminal (a pseudo-terminal here) the first run says it compiles, the second
    says nothing; through a pipe nothing is said at all."""
    import pty

    package = Path(clew.__file__).parent
    shutil.copytree(package, tmp_path / "clew", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def run(tty: bool) -> tuple[str, str]:
        if not tty:
            done = subprocess.run([sys.executable, "-m", "clew", "queens", "count", "12"], capture_output=True,
                                  text=True, env=env, cwd=tmp_path, timeout=300)
            return done.stdout, done.stderr
        leader, follower = pty.openpty()
        try:
            done = subprocess.run([sys.executable, "-m", "clew", "queens", "count", "12", "--quiet"], stdout=subprocess.PIPE,
                                  stderr=follower, text=True, env=env, cwd=tmp_path, timeout=300)
            os.close(follower)
            follower = -1
            chunks = []
            while True:
                try:
                    chunk = os.read(leader, 4096)
                except OSError:  # the terminal is closed once everything is read
                    break
                if not chunk:
                    break
                chunks.append(chunk)
            return done.stdout, b"".join(chunks).decode()
        finally:
            os.close(leader)
            if follower >= 0:
                os.close(follower)

    piped = run(False)  # compiles, silently: a pipe or a log gets no notice
    assert piped == ("14200\n", "")
    shutil.rmtree(tmp_path / "clew" / "queens" / "__pycache__")
    first, second = run(True), run(True)
    assert first[0] == second[0] == "14200\n"
    assert first[1].startswith("clew: compiling kernels for their first use") and len(first[1].splitlines()) == 1
    assert second[1] == ""


def test_a_rating_says_once_which_of_its_kernels_compile(tmp_path, monkeypatch):
    """The chains announce the rating's kernel files (each a real file of the package) the
    first time a rating reaches them in a process, and only then."""
    from clew.sudoku import chains

    package = Path(clew.__file__).parent
    assert all((package / module).is_file() for module in chains._RATING_KERNELS)
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)  # a fresh install: no caches there
    (tmp_path / "sudoku").mkdir()
    for module in chains._RATING_KERNELS:
        (tmp_path / module).write_text("# kernels\n")
    heard = []
    monkeypatch.setattr(chains, "_announced", False)
    _kernel_cache.set_announcer(heard.append)
    try:
        chains._announce()
        chains._announce()
    finally:
        _kernel_cache.set_announcer(None)
    assert heard == [list(chains._RATING_KERNELS)]
