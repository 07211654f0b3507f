"""Fixtures shared by every test folder: the published N-Queens counts and the headless
Chromium of the player's tests (their machinery is in the package ``tests/helpers``)."""

from __future__ import annotations

import os
import signal
from dataclasses import dataclass
from pathlib import Path

import pytest

from helpers import player

DATA_DIR = Path(__file__).parent / "data"

# The first-run notice ("clew: compiling N kernels ...") would change the stderr that tests
# and the docs' console examples compare when the cache is cold (CI); tests/test_compile.py and
# tests/test_kernel_cache.py check the notice with this variable removed.
os.environ.setdefault("CLEW_COMPILE_NOTICE", "0")
# A command run by a test on a cold cache would start a partner that compiles on after the
# test (clew._partner); tests/test_partner.py starts them itself and waits for them.
os.environ.setdefault("CLEW_COMPILE_PARTNER", "0")


def read_counts(path: Path) -> dict[str, int]:
    """Parse a file of ``instance:count`` lines (``total 8:92``) into ``{instance: count}``.

    Blank lines and lines starting with ``#`` are skipped; anything else that is not
    ``text:integer`` raises ValueError naming the line, as does an instance given twice.
    """
    counts: dict[str, int] = {}
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        instance, sep, value = line.rpartition(":")
        instance = instance.strip()
        if not sep or not instance or not value.strip().isdigit():
            raise ValueError(f"{path.name}:{number}: expected 'instance:count', got {raw!r}")
        if instance in counts:
            raise ValueError(f"{path.name}:{number}: {instance!r} is given twice")
        counts[instance] = int(value)
    return counts


@dataclass(frozen=True)
class QueensCounts:
    """Published N-Queens counts by board size: ``total[n]`` (OEIS A000170) and
    ``unique[n]`` (fundamental solutions, OEIS A002562)."""

    total: dict[int, int]
    unique: dict[int, int]


def load_queens_counts() -> QueensCounts:
    total: dict[int, int] = {}
    unique: dict[int, int] = {}
    for instance, value in read_counts(DATA_DIR / "queens_counts.txt").items():
        kind, _, n = instance.partition(" ")
        table = {"total": total, "unique": unique}.get(kind)
        if table is None or not n.isdigit():
            raise ValueError(f"queens_counts.txt: unknown instance {instance!r}")
        table[int(n)] = value
    return QueensCounts(total=total, unique=unique)


@pytest.fixture(scope="session")
def queens_counts() -> QueensCounts:
    """The published counts of ``tests/data/queens_counts.txt``."""
    return load_queens_counts()


@pytest.fixture(scope="module")
def browser():
    """The system Chromium driven by Playwright, or skip with the reason (one per module)."""
    yield from player.launch_browser()


def pytest_configure(config: pytest.Config) -> None:
    """Ctrl-C works in this process and in the processes the tests start, however pytest was
    started. A process started in the background of a shell (``cmd &``, ``nohup``) inherits
    SIGINT ignored, and Python then installs no KeyboardInterrupt handler, in it or in its
    children: every test that interrupts a command would fail for a reason of the caller's
    shell. A handled signal is reset to its default in the children (exec), so installing
    Python's own handler here is enough, in the main process and in each xdist worker."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_sessionstart(session: pytest.Session) -> None:
    """Under pytest-xdist (``-n``), fill numba's cache once, before the workers start.

    numba writes a function's cache index without a lock: two workers that compile two
    signatures of one kernel at once may keep an index that names the other's code
    (``clew._compile`` says more). ``clew.compile`` compiles every family in separate groups,
    as it is safe to, so the workers only load. Without workers nothing is done here; a
    failed compile is said in one line and leaves the compiling to the tests (which then fail
    where the kernels are broken, with their own message).
    """
    config = session.config
    if not config.pluginmanager.hasplugin("dsession") or config.option.collectonly:
        return
    import clew

    say = config.pluginmanager.get_plugin("terminalreporter").write_line
    try:
        compiled = clew.compile(jobs=None)
    except Exception as exc:  # any failure: the tests that reach the kernel report it better
        say(f"conftest: compiling ahead failed ({type(exc).__name__}: {exc})")
        return
    say(f"conftest: {compiled}")
