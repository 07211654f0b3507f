"""Compiling beside the job (:mod:`clew._partner`): claims that keep two processes from
compiling one function twice, the plain paths a job keeps to while the partner compiles, when
a partner is started at all, and real pairs of processes on a fresh numba cache (the job
waits for what the partner holds and loads it; a partner leaves what the job holds)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from clew import _kernel_cache, _partner

LOOPS = "sudoku/compiled/_kernels_uniqueness.py"
LOOPS_KEY = "clew.sudoku.compiled._kernels_uniqueness.all_loops"


class Process:
    """A stand-in for the partner's ``Popen``: alive until ``dead`` is set."""

    def __init__(self) -> None:
        self.dead = False

    def poll(self):
        return 0 if self.dead else None


def pair(folder: Path, modules=()):
    job = _partner._Pair(folder, "job", Process(), modules)
    return job, _partner._Pair(folder, "partner")


def test_a_function_is_claimed_by_one_process(tmp_path):
    job, partner = pair(tmp_path)
    assert job.before_compile("k.a") is False  # a miss: the job compiles it
    with pytest.raises(_partner.Taken):  # the partner leaves it to the job
        partner.before_compile("k.a")
    job.done("k.a")
    # a miss after that is another signature: its own round, claimed by one process again
    assert partner.before_compile("k.a") is False
    assert (tmp_path / "k.a.2.claim").exists()
    with pytest.raises(_partner.Taken):  # that round is the partner's now
        _partner._Pair(tmp_path, "partner").before_compile("k.a")


def test_the_job_waits_for_what_the_partner_holds(tmp_path):
    job, partner = pair(tmp_path)
    assert partner.before_compile("k.b") is False
    threading.Timer(0.3, partner.done, ("k.b",)).start()
    start = time.monotonic()
    assert job.before_compile("k.b") is True
    assert time.monotonic() - start >= 0.25


def test_a_partner_that_died_releases_the_job_at_once(tmp_path):
    job, partner = pair(tmp_path)
    partner.before_compile("k.c")  # held, never done
    job.process.dead = True
    start = time.monotonic()
    assert job.before_compile("k.c") is False  # compiled here, under the next round
    assert time.monotonic() - start < 0.2
    assert "k.c" in job.held


def test_a_released_partner_leaves_no_claim_held(tmp_path):
    job, partner = pair(tmp_path)
    partner.before_compile("k.d")
    partner.before_compile("k.e")
    job.process.dead = False
    threading.Timer(0.2, partner.release).start()  # a failed call, or the end of the partner
    assert job.before_compile("k.d") is True  # released: load it (or compile the next round)
    assert job.before_compile("k.e") is False  # released before: a miss is the next round


def test_no_folder_means_nobody_to_share_with(tmp_path):
    job, _ = pair(tmp_path / "gone")
    assert job.before_compile("k.f") is False  # the partner removed the folder: compile here


def test_a_kernel_is_aside_while_the_partner_compiles_it(tmp_path):
    job, _ = pair(tmp_path, [LOOPS, "sudoku/compiled/_kernels_chains.py:plus"])
    assert job.aside(LOOPS)
    assert job.aside("sudoku/compiled/_kernels_chains.py")  # a part of it is still to come
    assert not job.aside("sudoku/compiled/_kernels_screen.py")  # not the partner's
    (tmp_path / "sudoku.compiled._kernels_uniqueness.py.module-done").touch()
    assert not job.aside(LOOPS)
    job.process.dead = True
    assert not job.aside("sudoku/compiled/_kernels_chains.py")


@pytest.fixture
def planning(monkeypatch):
    """This process may plan once more; partners enabled; nothing started for real."""
    started = []
    monkeypatch.setattr(_partner, "_planned", False)
    monkeypatch.setattr(_partner, "_enabled", True)
    monkeypatch.setattr(_partner, "_pair", None)
    monkeypatch.setattr(_kernel_cache, "claims", None)
    monkeypatch.delenv(_partner.ENV_SWITCH, raising=False)
    monkeypatch.delenv(_partner.ENV_FOLDER, raising=False)
    monkeypatch.setattr(_partner, "_cores", lambda: 2)
    monkeypatch.setattr(_kernel_cache, "needs_compiling", lambda *modules: list(modules))

    def popen(argv, **options):
        started.append(argv)
        return Process()

    monkeypatch.setattr(subprocess, "Popen", popen)
    yield started
    if _partner._pair is not None:
        _partner._remove(_partner._pair.folder)


def test_a_plan_starts_one_partner_with_what_is_not_compiled(planning, monkeypatch):
    monkeypatch.setattr(
        _kernel_cache, "needs_compiling", lambda *m: [x for x in m if "screen" not in x]
    )
    _partner.plan("sudoku", LOOPS, "sudoku/compiled/_kernels_screen.py", LOOPS + ":part")
    _partner.plan("sudoku", LOOPS)  # once a process
    assert len(planning) == 1
    assert planning[0][1:3] == ["-m", "clew._partner"]
    assert planning[0][4:] == ["sudoku", LOOPS, LOOPS + ":part"]
    assert _kernel_cache.claims is _partner._pair
    assert _partner.aside(LOOPS)


@pytest.mark.parametrize("why", ["disabled", "switched off", "one core", "all cached", "partner"])
def test_no_partner_when_it_cannot_help(planning, monkeypatch, why):
    if why == "disabled":
        monkeypatch.setattr(_partner, "_enabled", False)
    elif why == "switched off":
        monkeypatch.setenv(_partner.ENV_SWITCH, "0")
    elif why == "one core":
        monkeypatch.setattr(_partner, "_cores", lambda: 1)
    elif why == "all cached":
        monkeypatch.setattr(_kernel_cache, "needs_compiling", lambda *m: [])
    else:  # a partner plans nothing of its own
        monkeypatch.setenv(_partner.ENV_FOLDER, "/somewhere")
    _partner.plan("sudoku", LOOPS)
    assert planning == [] and _partner._pair is None and not _partner.aside(LOOPS)


# -- real processes on a fresh cache -----------------------------------------------------------

JOB = textwrap.dedent(
    """
    import json, sys, time
    from pathlib import Path
    from numba.core import event

    compiled = []

    class Listener(event.Listener):
        def on_start(self, ev):
            f = ev.data["dispatcher"].py_func
            compiled.append(f"{f.__module__}.{f.__qualname__}")

        def on_end(self, ev):
            pass

    event.register("numba:compile", Listener())
    from clew import _partner
    from clew.sudoku import _warmup

    _partner.enable()
    _partner.plan("sudoku", sys.argv[2])
    print(json.dumps({"pid": _partner._pair.process.pid, "folder": str(_partner._pair.folder)}),
          flush=True)
    trace = Path(sys.argv[1])
    for _ in range(1200):  # until the partner holds the kernel (it imports clew first)
        if trace.exists() and f"partner compiles {sys.argv[3]}" in trace.read_text():
            break
        time.sleep(0.05)
    getattr(_warmup, sys.argv[4])()  # the job needs it now: it waits, then loads it
    print(json.dumps({"compiled": compiled}), flush=True)
    """
)


def environment(tmp_path: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != _partner.ENV_SWITCH}
    env.update(
        NUMBA_CACHE_DIR=str(tmp_path / "cache"),
        CLEW_PARTNER_TRACE=str(tmp_path / "trace"),
        CLEW_COMPILE_NOTICE="0",
    )
    return env


def wait_gone(pid: int, timeout: float = 120.0) -> bool:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def kill(pid: int) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def test_the_job_loads_what_its_partner_compiled(tmp_path):
    script = tmp_path / "job.py"
    script.write_text(JOB)
    process = subprocess.Popen(
        [sys.executable, str(script), str(tmp_path / "trace"), LOOPS, LOOPS_KEY, "_loops"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=environment(tmp_path),
    )
    partner = None
    try:
        first = json.loads(process.stdout.readline())
        partner = first["pid"]
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        job_compiled = json.loads(out)["compiled"]
        assert LOOPS_KEY not in job_compiled  # loaded from the cache, not compiled again
        trace = (tmp_path / "trace").read_text()
        assert f"partner compiles {LOOPS_KEY}" in trace
        assert f"job loads {LOOPS_KEY}" in trace
        assert wait_gone(partner), "the partner did not end"
        assert not Path(first["folder"]).exists()  # it removed the pair's folder
    finally:
        process.kill()
        if partner is not None:
            kill(partner)


def test_a_partner_leaves_what_the_job_holds(tmp_path):
    folder = tmp_path / "pair"
    folder.mkdir()
    (folder / f"{LOOPS_KEY}.1.claim").touch()  # held by a job, not done
    env = environment(tmp_path)
    env[_partner.ENV_FOLDER] = str(folder)
    done = subprocess.run(
        [sys.executable, "-m", "clew._partner", str(folder), "sudoku", LOOPS],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    trace = (tmp_path / "trace").read_text()
    assert f"partner leaves {LOOPS_KEY}" in trace
    assert f"partner compiles {LOOPS_KEY}" not in trace
    assert not folder.exists()  # the partner's folder is removed when it ends


def test_the_notice_counts_the_partner(monkeypatch, tmp_path):
    modules = ["sudoku/compiled/_kernels_screen.py", LOOPS]
    alone = _kernel_cache.compile_message(modules, "sudoku rating")
    monkeypatch.setattr(_kernel_cache, "claims", pair(tmp_path)[0])
    beside = _kernel_cache.compile_message(modules, "sudoku rating")
    seconds = [int(m.split("about ")[1].split(" s")[0]) for m in (alone, beside)]
    assert "with a second process" in beside and "second" not in alone
    assert abs(seconds[1] - seconds[0] / 2) <= 1


@pytest.mark.slow
def test_a_first_rating_with_a_partner_answers_as_without(tmp_path):
    """The clew program on a fresh cache: a partner compiles beside the rating, the answer
    is the same as that of a run with partners off; the partner ends and leaves the cache
    whole (a second run compiles nothing)."""
    from clew.sudoku._warmup import HARD

    env = environment(tmp_path)
    env["TMPDIR"] = str(tmp_path)
    command = [sys.executable, "-m", "clew", "sudoku", "rate", HARD, "--format", "json"]
    first = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    try:
        assert first.returncode == 0, first.stderr
        assert "partner compiles" in (tmp_path / "trace").read_text()
        deadline = time.monotonic() + 300
        while list(tmp_path.glob("clew-pair-*")) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not list(tmp_path.glob("clew-pair-*")), "the partner did not end"
    finally:  # a partner that outlives a failed check is ended here
        subprocess.run(["pkill", "-f", f"clew._partner {tmp_path}"], check=False)
    env[_partner.ENV_SWITCH] = "0"
    del env["CLEW_COMPILE_NOTICE"]
    again = subprocess.run(command, capture_output=True, text=True, env=env, timeout=600)
    assert again.returncode == 0 and again.stdout == first.stdout
    assert "compiling" not in again.stderr  # the cache is whole: nothing to compile
