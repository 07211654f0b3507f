"""The first run says that it compiles the kernels; later runs say nothing."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import clew
from clew import _kernel_cache


def test_missing_and_stale_caches_are_found(tmp_path, monkeypatch):
    import hashlib
    import pickle

    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    if "numba.core.config" in sys.modules:
        monkeypatch.setattr(sys.modules["numba.core.config"], "CACHE_DIR", "")
    (tmp_path / "fam").mkdir()
    source = tmp_path / "fam" / "_kernels.py"
    source.write_text("# kernels\n")
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == ["fam/_kernels.py"]  # no cache
    cache = tmp_path / "fam" / "__pycache__"
    cache.mkdir()
    index = cache / f"_kernels.solve-10.{_kernel_cache._TAG}.nbi"
    with open(index, "wb") as f:  # as numba writes it: its version, then (source hash, overloads)
        pickle.dump(_kernel_cache._numba_version(), f)
        f.write(pickle.dumps((hashlib.sha256(source.read_bytes()).digest(), {})))
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == []  # cached
    source.write_text("# kernels, upgraded\n")  # an upgrade: the source is not the cached one
    assert _kernel_cache.needs_compiling("fam/_kernels.py") == ["fam/_kernels.py"]
    assert _kernel_cache.needs_compiling("fam/missing.py") == []


def test_a_fresh_install_says_it_compiles_once(tmp_path):
    """The first run says in one line that it compiles, also through a pipe (a log); the
    second, on a terminal (a pseudo-terminal here), says nothing."""
    import pty

    package = Path(clew.__file__).parent
    shutil.copytree(package, tmp_path / "clew", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k != "CLEW_COMPILE_NOTICE"}
    env["PYTHONPATH"] = str(tmp_path)

    def run(tty: bool) -> tuple[str, str]:
        if not tty:
            done = subprocess.run(
                [sys.executable, "-m", "clew", "queens", "count", "12"],
                capture_output=True,
                text=True,
                env=env,
                cwd=tmp_path,
                timeout=300,
            )
            return done.stdout, done.stderr
        leader, follower = pty.openpty()
        try:
            done = subprocess.run(
                [sys.executable, "-m", "clew", "queens", "count", "12", "--quiet"],
                stdout=subprocess.PIPE,
                stderr=follower,
                text=True,
                env=env,
                cwd=tmp_path,
                timeout=300,
            )
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

    first, second = run(False), run(True)
    assert first[0] == second[0] == "14200\n"
    assert first[1].startswith("clew: compiling ") and " for queens count" in first[1], first[1]
    assert len(first[1].splitlines()) == 1
    assert second[1] == ""


def test_a_rating_says_once_which_of_its_kernels_compile(tmp_path, monkeypatch):
    """The chains announce the rating's kernel files (each a real file of the package) the
    first time a rating reaches them in a process, and only then."""
    from clew.sudoku.logic import chains

    package = Path(clew.__file__).parent
    assert all((package / module).is_file() for module in chains._RATING_KERNELS)
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)  # a fresh install: no caches there
    for module in chains._RATING_KERNELS:
        (tmp_path / module).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / module).write_text("# kernels\n")
    heard = []
    monkeypatch.setattr(chains, "_announced", False)
    monkeypatch.setattr(_kernel_cache, "_announced", set())
    monkeypatch.delenv("CLEW_COMPILE_NOTICE", raising=False)
    _kernel_cache.set_announcer(heard.append)
    try:
        chains._announce()
        chains._announce()
    finally:
        _kernel_cache.set_announcer(None)
    assert (
        len(heard) == 1 and heard[0].startswith("compiling ") and " for sudoku rating" in heard[0]
    )


def test_the_cached_load_that_skips_the_refresh_matches_numbas_own():
    """``skip_registry_refresh`` replaces numba's ``Cache.load_overload`` by the same steps
    without the registry refresh: if numba's method changes shape, this fails and the
    version range in ``_REFRESH_VERSIONS`` must be checked again."""
    import inspect

    from numba.core import caching

    from clew import _kernel_cache

    source = inspect.getsource(caching.Cache.load_overload)
    body = [
        line.strip()
        for line in source.splitlines()
        if line.strip() and not line.strip().startswith(("#", '"'))
    ]
    assert [line for line in body if not line.startswith(("Load and", "using the", "def "))] == [
        "target_context.refresh()",
        "with self._guard_against_spurious_io_errors():",
        "return self._load_overload(sig, target_context)",
    ]
    import numba

    version = tuple(int(p) for p in numba.__version__.split(".")[:2])
    low, high = _kernel_cache._REFRESH_VERSIONS
    assert low <= version <= high, (
        "a numba outside the checked range: check load_overload and widen it"
    )


def test_a_command_loads_cached_kernels_without_the_refresh():
    """Warm ``clew queens count 12`` and a Sudoku rating (which loads several kernels) give
    their answers with the patched load, and the refresh's modules stay unloaded."""
    code = (
        "import sys\n"
        "from clew.cli import run\n"
        "from clew._kernel_cache import skip_registry_refresh\n"
        "skip_registry_refresh()\n"
        "assert run(['queens', 'count', '12']) == 0\n"
        "assert run(['queens', 'count', '11', '--pieces', '3']) == 0\n"
        "print('numba.np.polynomial.polynomial_core' in sys.modules)\n"
    )
    subprocess.run(
        [sys.executable, "-m", "clew", "queens", "count", "12"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    subprocess.run(
        [sys.executable, "-m", "clew", "queens", "count", "11", "--pieces", "3"],
        check=True,
        capture_output=True,
        timeout=300,
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["14200", "2680", "False"]
