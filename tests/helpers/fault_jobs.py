"""The long jobs of clew, for the fault matrix: each a command with a journal, at two sizes.

One registry, :data:`JOBS`: ``tests/test_fault_matrix.py`` (one moment per job, small
sizes) and ``benchmarks/fault_matrix.py`` (three moments per job and signal, sizes of a
few seconds) are both parametrised over it, so a new long job is covered by adding it
here. A job is run as a real process, ``python -m clew ARGS --journal FILE``; a long job of
the Python API alone (``clew.search`` has no command) runs as ``python
tests/helpers/fault_jobs.py search ...``, a small command line of this module that behaves as
clew's do (one line on stderr, exit status 130 on Ctrl-C).

This module is a helper, not a test module: tests import it as ``helpers.fault_jobs``
(``tests/`` is on ``sys.path``, pytest's ``pythonpath``), never from one another.
"""

from __future__ import annotations

import contextlib
import math
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from clew.scale import Work

DATA = Path(__file__).resolve().parents[1] / "data"
HERE = Path(__file__).resolve()
# Commits every 20 ms (clew.scale.run.commit_seconds): a job of a second then holds many
# moments between two commits at which it can be killed, on a quiet machine as on a busy one.
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8", "CLEW_JOURNAL_COMMIT_SECONDS": "0.02"}

FULL = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"


def _slow_puzzles(folder: Path, count: int) -> Path:
    """Near-empty grids counted to --limit (slow), proper puzzles and bad lines: a Sudoku
    file worth killing in the middle, whose worst line makes the status 2."""
    rng = random.Random(1)
    proper = [
        line.strip()
        for line in (DATA / "sudoku_17_clue_sample.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    lines = []
    for i in range(count):
        keep = set(rng.sample(range(81), 10 + i % 7))
        lines.append("".join(c if j in keep else "." for j, c in enumerate(FULL)))
        lines.append(proper[i % len(proper)])
        if i % 9 == 0:
            lines.append("11" + "." * 79)
    path = folder / "slow.txt"
    path.write_text("\n".join(lines) + "\n")
    return path


def _rate_file(folder: Path, count: int) -> Path:
    lines = [
        line.strip()
        for line in (DATA / "sudoku_17_clue_sample.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    path = folder / "rate.txt"
    path.write_text("\n".join((lines * (1 + count // len(lines)))[:count]) + "\n")
    return path


def _dlx(folder: Path, width: int, height: int) -> Path:
    from clew import cover
    from clew.cover import knuth

    path = folder / f"pentominoes{width}x{height}.dlx"
    path.write_text(knuth.write(cover.pentominoes(width, height)))
    return path


@dataclass(frozen=True)
class Job:
    """A long job: ``args(folder, size)`` is its command line (inputs written into
    ``folder``) for a size of :data:`SIZES`; ``status`` the exit status of a whole run;
    ``dask``: whether it takes ``--scheduler`` (the Dask cell)."""

    name: str
    args: Callable[[Path, str], list]
    status: int = 0
    dask: bool = True
    python: bool = False  # run by this module's own command line (the Python API), not clew's
    notes: str = field(default="", compare=False)

    def command(
        self, folder: Path, size: str, journal: Path | None = None, extra: tuple = ()
    ) -> list[str]:
        args = [str(a) for a in self.args(folder, size)] + [str(a) for a in extra]
        if journal is not None:
            args += ["--journal", str(journal)]
        head = [sys.executable, str(HERE)] if self.python else [sys.executable, "-m", "clew"]
        return head + args


#: "suite": a second or so of work (the tests); "bench": a few seconds (the benchmark).
SIZES = ("suite", "bench")


def _pick(size: str, suite, bench):
    return suite if size == "suite" else bench


JOBS: list[Job] = [
    Job(
        "queens count",
        lambda f, s: [
            "queens",
            "count",
            _pick(s, 16, 17),
            "--pieces",
            300,
            "--jobs",
            _pick(s, 1, 2),
        ],
    ),
    Job(
        "cover count",
        lambda f, s: [
            "cover",
            "solve",
            _dlx(f, *_pick(s, (20, 3), (12, 5))),
            "--count",
            "--engine",
            "links",
            "--pieces",
            300,
            "--jobs",
            1,
        ],
    ),
    Job(
        "sudoku files solve",
        lambda f, s: [
            "sudoku",
            "solve",
            _slow_puzzles(f, _pick(s, 16, 48)),
            "--count",
            "--limit",
            30000,
            "--jobs",
            1,
        ],
        status=2,
    ),
    Job(
        "sudoku rate FILE",
        lambda f, s: ["sudoku", "rate", _rate_file(f, _pick(s, 80, 400)), "--jobs", 1],
    ),
    Job(
        "sudoku generate",
        lambda f, s: [
            "sudoku",
            "generate",
            "--count",
            _pick(s, 120, 500),
            "--seed",
            7,
            "--jobs",
            1,
        ],
    ),
    Job(
        "search count",
        lambda f, s: ["search", _pick(s, 10, 11)],
        python=True,
        notes=(
            "clew.search has no command: the Python API (clew.scale.run of a SearchCount) "
            "in a child"
        ),
    ),
]

BY_NAME = {job.name: job for job in JOBS}


# ---------------------------------------------------------------------------------------------
# Processes
# ---------------------------------------------------------------------------------------------


def finished_pieces(path) -> int:
    """Pieces recorded in the journal at ``path`` so far, read-only (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM pieces").fetchone()[0]
    except sqlite3.Error:
        return 0


def total_pieces(path) -> int | None:
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return int(dict(conn.execute("SELECT key, value FROM meta").fetchall())["pieces"])
    except (sqlite3.Error, KeyError, ValueError):
        return None


def quiet(err: bytes) -> bytes:
    """stderr without the notice of kernels compiled for their first use (a run after a
    change to a kernel prints it once; it is not part of the answer)."""
    return b"".join(
        line for line in err.splitlines(keepends=True) if not line.startswith(b"clew: compiling ")
    )


def run(command: list[str], timeout: float = 300) -> subprocess.CompletedProcess:
    """Run ``command`` to its end: ``(status, stdout bytes, stderr bytes)``, stderr
    :func:`quiet`."""
    result = subprocess.run(command, capture_output=True, env=ENV, timeout=timeout)
    result.stderr = quiet(result.stderr)
    return result


def _ctrl_c_as_in_a_terminal() -> None:
    # a program started in the background (nohup ... &) has SIGINT ignored, and a Python
    # started so keeps it ignored: the child gets the default, as in a terminal
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def popen(command: list[str]) -> subprocess.Popen:
    """Start ``command`` in its own process group (its workers die with it), Ctrl-C as in
    a terminal."""
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
        start_new_session=True,
        preexec_fn=_ctrl_c_as_in_a_terminal,
    )


def kill_group(proc: subprocess.Popen) -> None:
    """Kill ``proc`` and its process group if it still runs (a test that fails leaves nothing)."""
    if proc.poll() is None:
        with contextlib.suppress(OSError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def signal_at(
    proc: subprocess.Popen,
    journal: Path,
    fraction: float,
    sig: int,
    timeout: float = 120,
    after: int = 0,
) -> int | None:
    """Send ``sig`` to ``proc`` once its journal holds ``fraction`` of its pieces, and more
    than ``after`` (the pieces it held when the run started); return the pieces recorded
    then, or None when the job ended first (``sig`` 0: only wait)."""
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            return None
        total = total_pieces(journal)
        done = finished_pieces(journal) if total else 0
        if total and done >= max(after + 1, math.ceil(fraction * total)):
            break
        if time.monotonic() > deadline:
            raise TimeoutError(f"the job did not reach {fraction:.0%} of its pieces in {timeout} s")
        time.sleep(0.005)
    if sig == signal.SIGKILL:
        os.killpg(proc.pid, sig)
    else:
        proc.send_signal(sig)  # Ctrl-C reaches the run, which stops its own workers
    return done


def finish(proc: subprocess.Popen, timeout: float = 120) -> tuple[int, bytes, bytes]:
    try:
        out, err = proc.communicate(timeout=timeout)
    finally:
        kill_group(proc)
    return proc.returncode, out, quiet(err)


# ---------------------------------------------------------------------------------------------
# The Python API's long job: python tests/helpers/fault_jobs.py search N --journal FILE
# ---------------------------------------------------------------------------------------------


def _option(argv: list[str], name: str) -> str | None:
    return argv[argv.index(name) + 1] if name in argv else None


def _search_main(argv: list[str]) -> int:
    from clew import scale, search

    if argv[0] == "slow":  # the instrumented work of the Dask cell
        work = SlowWork(
            int(argv[1]), _option(argv, "--log"), float(_option(argv, "--seconds") or 0.05)
        )
        options = {"batch": 1}
    else:
        work = search.SearchCount(search.examples.queens(int(argv[0])), pieces=200)
        options = {}
    try:
        stats = scale.run(
            work,
            jobs=1,
            journal=_option(argv, "--journal"),
            scheduler=_option(argv, "--scheduler"),
            **options,
        )
    except scale.Interrupted as exc:
        print(f"clew: {exc.hint()}", file=sys.stderr)
        return 130
    except scale.JournalWriteError as exc:
        print(f"clew: error: {exc}", file=sys.stderr)
        return 1
    except scale.JournalError as exc:
        print(f"clew: error: {exc}", file=sys.stderr)
        return 2
    print(
        stats if isinstance(stats, int) else f"{stats.solutions} {stats.nodes} {stats.backtracks}"
    )
    return 0


class SlowWork(Work):
    """Pieces that sleep ``seconds`` and log their start and end (``start PID I`` and
    ``end PID I`` lines appended to ``log``): what a killed worker cost is read there."""

    releases_gil = False

    def __init__(self, n: int, log: str | None, seconds: float = 0.05) -> None:
        self.n, self.log, self.seconds = n, log, seconds

    def identity(self) -> dict:
        return {"slow": self.n}

    def pieces(self):
        return range(self.n)

    def _note(self, what: str, piece: int) -> None:
        if self.log:
            with open(self.log, "a") as f:
                f.write(f"{what} {os.getpid()} {piece}\n")

    def run_piece(self, piece: int) -> int:
        self._note("start", piece)
        time.sleep(self.seconds)
        self._note("end", piece)
        return piece * piece

    def combine(self, values: list) -> int:
        return sum(values)


if __name__ == "__main__":
    # Run as the module helpers.fault_jobs, not as __main__: the Dask cell's SlowWork is
    # pickled by reference, and the workers (started by the test, tests/ on their path)
    # import it by that name.
    sys.path.insert(0, str(HERE.parents[1]))
    from helpers import fault_jobs

    if sys.argv[1:2] == ["search"]:
        sys.exit(fault_jobs._search_main(sys.argv[2:]))
    sys.exit(f"usage: {sys.argv[0]} search N [--journal FILE]")
