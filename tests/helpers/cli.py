"""Helpers of the command-line tests: run ``clew`` in a subprocess (its real entry point) or
in-process through :func:`clew.cli.run`, and check what it printed."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from clew import cli

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}

#: The data files of the tests (tests/data).
DATA = Path(__file__).resolve().parents[1] / "data"

#: A 10x10 completion puzzle with 3 completions (see the file).
BOARD_10 = DATA / "queens_complete_10.txt"

#: LeetCode 37's puzzle and its solution.
LEETCODE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
LEETCODE_SOLVED = (
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)


def clew_cmd(
    *args, timeout: float = 120, executable: list[str] | None = None, input: str | None = None
) -> subprocess.CompletedProcess:
    """Run ``python -m clew ARGS`` (``input``: its stdin); no run of the CLI may ever print a
    traceback."""
    command = (executable or [sys.executable, "-m", "clew"]) + [str(a) for a in args]
    result = subprocess.run(
        command, capture_output=True, encoding="utf-8", env=ENV, timeout=timeout, input=input
    )
    assert "Traceback" not in result.stderr, result.stderr
    return result


def interrupted_after(seconds: float, *args) -> tuple[int, bytes, bytes]:
    """Start ``python -m clew ARGS``, send it SIGINT after ``seconds`` and return its
    ``(exit status, stdout, stderr)``; the process is killed if it does not end."""
    import signal
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "clew", *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    try:
        time.sleep(seconds)
        proc.send_signal(signal.SIGINT)
        returncode = proc.wait(timeout=20)
        out, err = proc.communicate()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return returncode, out, err


def assert_usage_error(result: subprocess.CompletedProcess, *fragments: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("clew: error: "), lines[0]
    for fragment in fragments:
        assert fragment in lines[0]


# A few runs of the real entry point per command; the variants run in-process through
# cli.run (the function behind the entry point), which reports every error itself: an
# exception escaping it, i.e. a traceback, fails the test.


def run_in_process(capsys, *args) -> tuple[int, str, str]:
    """``(exit status, stdout, stderr)`` of ``clew ARGS`` run through :func:`clew.cli.run`."""
    status = cli.run([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def read_columns_line(stdout: str) -> list[int]:
    """The columns of a one-line answer: exactly one line, single spaces, a final newline."""
    assert stdout.endswith("\n") and stdout.count("\n") == 1
    line = stdout[:-1]
    assert line == line.strip() and "  " not in line
    return [int(v) for v in line.split(" ")]


def feed_stdin(monkeypatch, text: str) -> None:
    monkeypatch.setattr(
        sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding="utf-8")
    )
