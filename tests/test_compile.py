"""Compiling ahead (``clew compile``, :func:`clew.compile`), the first-run notice with its
estimate (a :class:`clew.ClewCompileWarning` in Python, one line on the command line), where
numba keeps its cache (:func:`clew._kernel_cache.cache_folder`, checked against numba
itself), and caches that cannot be used (nothing can be written, a full disk, a damaged or
foreign index): a command still answers, and says so in one line."""

from __future__ import annotations

import importlib.util
import json
import os
import pickle
import shutil
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

import clew
from clew import _compile, _compile_table, _kernel_cache
from clew.cli import run as cli_run

ENV = {k: v for k, v in os.environ.items() if k not in ("CLEW_COMPILE_NOTICE", "NUMBA_CACHE_DIR")}


def clew_process(*args, env=None, timeout=600, preexec_fn=None, executable=None):
    """Run ``python -m clew ARGS`` (or ``executable``) and return the finished process."""
    command = executable or [sys.executable, "-m", "clew", *map(str, args)]
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env={**ENV, **(env or {})},
        timeout=timeout,
        preexec_fn=preexec_fn,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


@pytest.fixture
def fresh(monkeypatch):
    """A process that has announced nothing yet, and whose notice is not silenced."""
    monkeypatch.setattr(_kernel_cache, "_announced", set())
    monkeypatch.setattr(_kernel_cache, "_said_memory", False)
    monkeypatch.delenv("CLEW_COMPILE_NOTICE", raising=False)
    _kernel_cache.set_announcer(None)
    yield
    _kernel_cache.set_announcer(None)


def use_cache_dir(monkeypatch, folder) -> None:
    """``NUMBA_CACHE_DIR=folder`` for this test, also in numba's settings once it is loaded
    (numba reads the variable once; clew then asks numba)."""
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(folder))
    if "numba.core.config" in sys.modules:
        monkeypatch.setattr(sys.modules["numba.core.config"], "CACHE_DIR", str(folder))


def fake_family(root: Path, kernels: int = 3) -> str:
    (root / "fam").mkdir()
    body = "".join(
        f"@njit(cache=True)\ndef k{i}(x):\n    return x + {i}\n\n" for i in range(kernels)
    )
    (root / "fam" / "_kernels.py").write_text("from numba import njit\n\n" + body)
    return "fam/_kernels.py"


def write_index(path: Path, source: Path, version: str | None = None) -> None:
    """An index file as numba writes it: its version, then the pickled (source stamp,
    overloads), the stamp being the SHA-256 of the source."""
    import hashlib

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as f:
        pickle.dump(version or _kernel_cache._numba_version(), f, protocol=-1)
        f.write(pickle.dumps((hashlib.sha256(source.read_bytes()).digest(), {}), protocol=-1))


# ---------------------------------------------------------------------------------------------
# The notice: a warning in Python, once per process, with the measured estimate
# ---------------------------------------------------------------------------------------------


def test_the_api_warns_once_per_process_with_an_estimate(tmp_path, monkeypatch, fresh):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    use_cache_dir(monkeypatch, tmp_path / "cache")
    monkeypatch.setitem(_compile_table.MODULES, "fam/_kernels.py", (3, 8.6))
    module = fake_family(tmp_path)
    with pytest.warns(
        clew.ClewCompileWarning,
        match=r"^compiling 3 kernels for fam rating, about 9 s \(once; later",
    ):
        _kernel_cache.announce(module, job="fam rating")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second warning would raise here
        _kernel_cache.announce(module, job="fam rating")
    assert issubclass(clew.ClewCompileWarning, UserWarning)


def test_the_warning_can_be_silenced_and_says_nothing_when_cached(tmp_path, monkeypatch, fresh):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    use_cache_dir(monkeypatch, tmp_path / "cache")
    module = fake_family(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", category=clew.ClewCompileWarning)
        _kernel_cache.announce(module)  # silenced by the filter
        assert _kernel_cache.notice_wanted("x") is False
    monkeypatch.setattr(_kernel_cache, "_announced", set())
    folder = _kernel_cache.cache_folder(module)
    write_index(folder / f"_kernels.k0-3.{_kernel_cache._TAG}.nbi", tmp_path / module)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _kernel_cache.announce(module)  # in the cache: nothing said


def test_the_command_line_says_it_in_one_line_instead(tmp_path, monkeypatch, fresh, capsys):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    use_cache_dir(monkeypatch, tmp_path / "cache")
    module = fake_family(tmp_path, kernels=1)
    from clew.cli import _common

    _common.install_compile_notice()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the line replaces the warning
        _common.compile_notice(module)
        _common.compile_notice(module)
    err = capsys.readouterr().err
    assert err.startswith("clew: compiling 1 kernel for fam") and len(err.splitlines()) == 1


def test_an_unmeasured_module_counts_its_kernels(tmp_path, monkeypatch):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    use_cache_dir(monkeypatch, tmp_path / "cache")
    module = fake_family(tmp_path, kernels=2)
    assert _kernel_cache.compile_message([module]) == (
        "compiling 2 kernels for fam (once; later runs load them from the cache)"
    )


def test_the_table_names_real_modules():
    from clew._compile_table import MODULES

    for module, (kernels, seconds) in MODULES.items():
        assert (Path(clew.__file__).parent / module).is_file(), module
        assert kernels >= 0 and seconds >= 0


# ---------------------------------------------------------------------------------------------
# Where the cache is: numba's own order, and its own idea of fresh
# ---------------------------------------------------------------------------------------------


def test_a_foreign_or_stale_index_needs_compiling(tmp_path, monkeypatch):
    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    use_cache_dir(monkeypatch, tmp_path / "cache")
    module = fake_family(tmp_path)
    source = tmp_path / module
    assert _kernel_cache.needs_compiling(module, "fam/missing.py") == [module]
    index = _kernel_cache.cache_folder(module) / f"_kernels.k0-3.{_kernel_cache._TAG}.nbi"
    assert index.parent == tmp_path / "cache" / _kernel_cache._subfolder(str(tmp_path / "fam"))
    write_index(index, source, version="0.1.0")  # written by another numba
    assert _kernel_cache.needs_compiling(module) == [module]
    write_index(index, source)
    assert _kernel_cache.needs_compiling(module) == []
    source.write_text(source.read_text() + "# changed\n")  # an upgrade: another source
    assert _kernel_cache.needs_compiling(module) == [module]
    index.write_bytes(b"not a pickle")  # damaged
    assert _kernel_cache.needs_compiling(module) == [module]


def load_fake(tmp_path: Path, module: str):
    spec = importlib.util.spec_from_file_location(
        f"fake_kernels_{len(os.listdir(tmp_path))}", tmp_path / module
    )
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


@pytest.mark.parametrize("where", ["NUMBA_CACHE_DIR", "__pycache__", "user cache"])
def test_the_cache_folder_is_where_numba_writes(tmp_path, monkeypatch, where):
    """numba itself compiles a small module; the folder told and the freshness read without
    numba are those numba used."""
    import numba.core.config

    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    module = fake_family(tmp_path, kernels=1)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    cache_dir = str(tmp_path / "cache") if where == "NUMBA_CACHE_DIR" else ""
    monkeypatch.setattr(numba.core.config, "CACHE_DIR", cache_dir)
    monkeypatch.setenv("NUMBA_CACHE_DIR", cache_dir)
    if where == "user cache":  # the package folder cannot be written (a file in the way)
        (tmp_path / "fam" / "__pycache__").write_text("")
    assert _kernel_cache.needs_compiling(module) == [module]
    kernels = load_fake(tmp_path, module)
    assert kernels.k0(1) == 1
    assert Path(kernels.k0._cache.cache_path) == _kernel_cache.cache_folder(module)
    assert _kernel_cache.needs_compiling(module) == []


# ---------------------------------------------------------------------------------------------
# Caches that break
# ---------------------------------------------------------------------------------------------


def test_a_damaged_index_is_compiled_again_in_memory(tmp_path, monkeypatch, fresh):
    import numba.core.config

    monkeypatch.setattr(_kernel_cache, "_ROOT", tmp_path)
    monkeypatch.setattr(numba.core.config, "CACHE_DIR", str(tmp_path / "cache"))
    use_cache_dir(monkeypatch, tmp_path / "cache")
    monkeypatch.setattr(_kernel_cache, "_said_broken", set())
    module = fake_family(tmp_path, kernels=1)
    folder = _kernel_cache.cache_folder(module)
    folder.mkdir(parents=True)
    kernels = load_fake(tmp_path, module)
    _kernel_cache._guard_module(kernels)
    (folder / Path(kernels.k0._cache._cache_file._index_path).name).write_bytes(b"\x80\x05damaged")
    with pytest.warns(clew.ClewCompileWarning, match="cannot be read"):
        assert kernels.k0(41) == 41


def blocked_copy(tmp_path: Path) -> tuple[Path, dict]:
    """A copy of the package where no cache folder can be made (a file stands where each
    folder would go: unwritable even for root), and the environment that runs it."""
    copy = tmp_path / "site"
    shutil.copytree(
        Path(clew.__file__).parent, copy / "clew", ignore=shutil.ignore_patterns("__pycache__")
    )
    # every package folder, subpackages too: the kernels live in clew/<family>/compiled/
    for folder in [copy / "clew", *copy.joinpath("clew").rglob("*")]:
        if folder.is_dir():
            (folder / "__pycache__").write_text("")
    (tmp_path / "blocked").write_text("")
    env = {
        "PYTHONPATH": str(copy),
        "NUMBA_CACHE_DIR": str(tmp_path / "blocked" / "numba"),
        "XDG_CACHE_HOME": str(tmp_path / "blocked" / "xdg"),
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    return copy, env


def test_no_writable_cache_compiles_in_memory(tmp_path):
    """Where numba alone would fail ("cannot cache function ...: no locator available"), the
    command answers and says once that it compiles in memory."""
    _, env = blocked_copy(tmp_path)
    done = clew_process("queens", "count", "8", "--pieces", "4", env=env)
    assert (done.returncode, done.stdout) == (0, "92\n"), done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("clew: compiling") and "in memory" in lines[0], (
        lines
    )


@pytest.mark.slow
def test_a_full_disk_keeps_the_kernels_in_memory(tmp_path):
    """Writing the cache fails (a file size limit: a full disk without a small file system):
    the command answers and says it in one line, beside the compile notice."""
    import resource
    import signal

    def small_files():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))

    done = clew_process(
        "queens",
        "count",
        "8",
        "--pieces",
        "4",
        env={"NUMBA_CACHE_DIR": str(tmp_path)},
        preexec_fn=small_files,
    )
    assert (done.returncode, done.stdout) == (0, "92\n"), done.stderr
    assert any(
        line.startswith("clew: cannot write the kernel cache") for line in done.stderr.splitlines()
    )


# ---------------------------------------------------------------------------------------------
# Compiling ahead
# ---------------------------------------------------------------------------------------------


def test_every_family_with_kernels_can_be_compiled():
    assert set(_compile.families()) == {"queens", "sudoku", "cover", "maze"}
    for family in _compile.families():
        assert _compile._kernel_modules(family)


def test_compile_refuses_what_it_does_not_know(capsys):
    with pytest.raises(
        clew.ArgumentError, match=r"unknown family 'chess' \(families with kernels: cover"
    ):
        clew.compile("chess")
    with pytest.raises(clew.ArgumentError, match="jobs must be at least 1"):
        clew.compile("maze", jobs=0)
    status = cli_run(["compile", "queens", "chess"])
    err = capsys.readouterr().err
    assert (
        status == 2
        and err.startswith("clew: error: unknown family 'chess'")
        and len(err.splitlines()) == 1
    )


def test_the_report_says_what_was_done():
    report = _compile.Compiled(("queens", "sudoku"), ("queens", "sudoku"), 23, 41.4)
    assert str(report) == "compiled 23 kernels of queens, sudoku in 41 s"
    assert report.to_dict() == {
        "families": ["queens", "sudoku"],
        "compiled": ["queens", "sudoku"],
        "kernels": 23,
        "seconds": 41.4,
    }
    assert str(_compile.Compiled(("maze",), ("maze",), 0, 1.0)).startswith(
        "nothing to compile: every kernel of maze"
    )


def tiny_family(tmp_path: Path) -> dict:
    """A copy of the package with one more family, ``tiny``: one small kernel and its
    warm-up (compiled in a second, where a real family takes many)."""
    copy = tmp_path / "site"
    shutil.copytree(
        Path(clew.__file__).parent, copy / "clew", ignore=shutil.ignore_patterns("__pycache__")
    )
    tiny = copy / "clew" / "tiny"
    tiny.mkdir()
    (tiny / "__init__.py").write_text("")
    (tiny / "_kernels.py").write_text(
        "from numba import njit\n\n\n@njit(cache=True)\ndef twice(x):\n    return 2 * x\n"
    )
    (tiny / "_warmup.py").write_text(
        "def call():\n    from ._kernels import twice\n\n    twice(21)\n\n\nGROUPS = ((call,),)\n"
    )
    return {"PYTHONPATH": str(copy), "NUMBA_CACHE_DIR": str(tmp_path / "cache")}


def test_clew_compile_twice(tmp_path):
    """The first run compiles into a fresh cache; the second finds everything there without
    loading numba, and says so."""
    env = tiny_family(tmp_path)
    first = clew_process("compile", "tiny", "--jobs", "2", env=env)
    assert (first.returncode, first.stderr) == (0, "")
    assert first.stdout.startswith("compiled 1 kernel of tiny in ") and first.stdout.endswith(
        " s\n"
    )
    second = clew_process("compile", "tiny", env=env)
    assert (second.returncode, second.stderr) == (0, "")
    assert second.stdout.startswith(
        "nothing to compile: every kernel of tiny is in the cache (checked in "
    )
    as_json = clew_process("compile", "tiny", "--format", "json", env=env)
    assert (
        json.loads(as_json.stdout)["families"] == ["tiny"]
        and json.loads(as_json.stdout)["kernels"] == 0
    )
    code = (
        "import clew, sys; r = clew.compile('tiny'); "
        "print(r.kernels, r.compiled, 'numba' in sys.modules)"
    )
    assert clew_process(executable=[sys.executable, "-c", code], env=env).stdout == "0 () False\n"
    (Path(env["PYTHONPATH"]) / "clew" / "tiny" / "_kernels.py").write_text(
        "from numba import njit\n\n\n@njit(cache=True)\ndef twice(x):\n    return x + x\n"
    )  # an upgrade
    again = clew_process("compile", "tiny", env=env)
    assert again.stdout.startswith("compiled 1 kernel of tiny in ")


@pytest.mark.slow
def test_clew_compile_queens_twice(tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path)}
    first = clew_process("compile", "queens", "--jobs", "2", env=env)
    assert (
        first.returncode == 0
        and first.stdout.startswith("compiled ")
        and " of queens in " in first.stdout
    )
    second = clew_process("compile", "queens", env=env)
    assert second.stdout.startswith("nothing to compile: every kernel of queens is in the cache")
    counted = clew_process("queens", "count", "12", env=env)
    assert (counted.stdout, counted.stderr) == ("14200\n", "")


@pytest.mark.slow
def test_the_warmups_reach_every_kernel_module(tmp_path, monkeypatch):
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    code = (
        "import clew; from clew import _compile, _kernel_cache as k; clew.compile(jobs=2); "
        "print(k.needs_compiling(*(m for f in _compile.families() for m in "
        "_compile._kernel_modules(f))))"
    )
    done = clew_process(
        executable=[sys.executable, "-c", code], env={"NUMBA_CACHE_DIR": str(tmp_path)}
    )
    assert done.stdout == "[]\n", done.stdout + done.stderr


def test_ctrl_c_ends_the_compile_and_its_workers(tmp_path):
    import signal
    import time

    env = {**ENV, "NUMBA_CACHE_DIR": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "clew", "compile", "queens"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        time.sleep(4)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130 and out == "" and err == "clew: interrupted\n", err
