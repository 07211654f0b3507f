"""What every ``clew`` command shares: the version, the entry points, the exit statuses,
one-line errors, a reader that closes the pipe early, Ctrl-C; :func:`clew.cli.run` and
:func:`clew.cli.main` in-process."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest

import clew
from clew import cli, queens, sudoku
from clew.errors import ClewError
from helpers.cli import ENV, assert_usage_error, clew_cmd

# ---------------------------------------------------------------------------------------------
# Version, entry points
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = clew_cmd(flag)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        f"clew {clew.__version__}\n",
        "",
    )


def test_bare_group_shows_help():
    # Click >= 8.2 prints the help on stderr and exits 2, older Click on stdout with 0
    result = clew_cmd("queens")
    assert result.returncode in (0, 2)
    assert "Usage: clew queens" in result.stdout + result.stderr


def test_console_script():
    script = shutil.which("clew")
    if script is None:
        pytest.skip("the clew console script is not installed on PATH")
    result = clew_cmd("--version", executable=[script])
    assert (result.returncode, result.stdout) == (0, f"clew {clew.__version__}\n")
    result = clew_cmd("queens", "count", "6", executable=[script])
    assert (result.returncode, result.stdout, result.stderr) == (0, "4\n", "")


# ---------------------------------------------------------------------------------------------
# A reader that stops early: quiet, status 141
# ---------------------------------------------------------------------------------------------


def test_broken_pipe_is_quiet():
    proc = subprocess.Popen(
        [sys.executable, "-m", "clew", "queens", "solve", "14"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=ENV,
    )
    try:
        first = proc.stdout.readline()
        proc.stdout.close()  # about 10 MB are still to come
        stderr = proc.stderr.read()
        returncode = proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert first.decode() == queens.to_columns(next(queens.solutions(14))) + "\n"
    assert stderr == b""
    assert returncode == cli.EXIT_BROKEN_PIPE


@pytest.mark.parametrize("format_", ["columns", "leetcode"])
def test_broken_pipe_in_a_shell_pipeline(format_):
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not available")
    line = f"set -o pipefail; '{sys.executable}' -m clew queens solve 12 -f {format_} | head -n 1"
    result = subprocess.run(
        [bash, "-c", line], capture_output=True, encoding="utf-8", env=ENV, timeout=60
    )
    first = queens.to_columns(next(queens.solutions(12)))
    if format_ == "leetcode":
        first = json.dumps(queens.to_leetcode(next(queens.solutions(12))), separators=(",", ":"))
    assert result.stdout == first + "\n"
    assert result.stderr == ""
    assert result.returncode == cli.EXIT_BROKEN_PIPE


def test_one_broken_pipe_is_quiet():
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not available")
    line = f"set -o pipefail; '{sys.executable}' -m clew queens one 3000000 | head -c 20"
    result = subprocess.run(
        [bash, "-c", line], capture_output=True, encoding="utf-8", env=ENV, timeout=120
    )
    assert result.stdout == "1 3 5 7 9 11 13 15 1"
    assert result.stderr == ""
    assert result.returncode == cli.EXIT_BROKEN_PIPE


def test_sudoku_solve_broken_pipe_is_quiet(tmp_path):
    bash = shutil.which("bash")
    if bash is None:
        pytest.skip("bash is not available")
    many = tmp_path / "many.txt"
    many.write_text(("." * 16 + "\n") * 50_000)  # 850 kB of answers: more than a pipe holds
    line = f"set -o pipefail; '{sys.executable}' -m clew sudoku solve '{many}' -j 1 | head -c 9"
    result = subprocess.run(
        [bash, "-c", line], capture_output=True, encoding="utf-8", env=ENV, timeout=120
    )
    first = sudoku.solve("." * 16).to_line()  # the library's first solution of the empty grid
    assert (result.stdout, result.stderr, result.returncode) == (
        first[:9],
        "",
        cli.EXIT_BROKEN_PIPE,
    )


# ---------------------------------------------------------------------------------------------
# Bad input: exit status 2, one line on stderr, nothing on stdout
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, fragments",
    [
        (["queens", "count", "0"], ["'N'", "at least 1", "got 0"]),
        (["queens", "count", "-1"], ["'N'", "at least 1", "got -1"]),
        (["queens", "count", "abc"], ["'N'", "'abc' is not an integer"]),
        (["queens", "count", "8.5"], ["'N'", "not an integer"]),
        (
            ["queens", "count", str(queens.MAX_COUNT_N + 1)],
            ["'N'", f"at most {queens.MAX_COUNT_N}"],
        ),
        (["queens", "count", "8", "--jobs", "0"], ["--jobs", "at least 1", "got 0"]),
        (["queens", "count", "8", "--jobs", "-2"], ["--jobs", "at least 1", "got -2"]),
        (["queens", "count", "8", "-j", "x"], ["--jobs", "not an integer"]),
        (["queens", "count"], ["Missing argument 'N'"]),
        (["queens", "count", "8", "9"], ["unexpected extra argument"]),
        (["queens", "count", "8", "--jsn"], ["--jsn"]),
        (["queens", "solve", "0"], ["'N'", "at least 1"]),
        (["queens", "solve", "-5"], ["'N'", "at least 1", "got -5"]),
        (
            ["queens", "solve", str(queens.MAX_SOLVE_N + 1)],
            ["'N'", f"at most {queens.MAX_SOLVE_N}"],
        ),
        (["queens", "solve", "8", "--limit", "-1"], ["--limit", "at least 1", "got -1"]),
        (["queens", "solve", "8", "--limit", "many"], ["--limit", "not an integer"]),
        (["queens", "solve", "8", "--format", "xml"], ["--format", "'xml'"]),
        (["queens", "one", "0"], ["'N'", "at least 1", "got 0"]),
        (["queens", "one", "-3"], ["'N'", "at least 1", "got -3"]),
        (
            ["queens", "one", "8", "--method", "random"],
            ["--method", "'random'", "construct", "local"],
        ),
        (["queens", "one", "8", "--seed", "3"], ["--seed", "only --method local uses a seed"]),
        (["queens", "one", "8", "-m", "local", "--seed", "-1"], ["--seed", "at least 0", "got -1"]),
        (["queens", "one", "8", "-m", "local", "--seed", "x"], ["--seed", "'x' is not an integer"]),
        (["queens", "one", "8", "--format", "svg"], ["--format", "'svg'"]),
        (["queens", "complete", "0"], ["'N'", "at least 1", "got 0"]),
        (["queens", "complete"], ["give the board size N or a board with --board"]),
        (
            ["queens", "complete", "8", "--placed", "1-2"],
            ["--placed", "'1-2' is not a square", "ROW,COL"],
        ),
        (["queens", "complete", "8", "--blocked", "0,0;3"], ["--blocked", "'3' is not a square"]),
        (["queens", "complete", "8", "-p", "(1,2)"], ["--placed", "'(1,2)' is not a square"]),
        (["queens", "complete", "8", "--method", "dfs"], ["--method", "'dfs'", "mrv", "rows"]),
        (["queens", "complete", "--board", "no/such/file.txt"], ["--board", "does not exist"]),
        (["queens", "frobnicate"], ["No such command", "frobnicate"]),
        (["--frobnicate"], ["--frobnicate"]),
    ],
)
def test_bad_input(args, fragments):
    assert_usage_error(clew_cmd(*args), *fragments)


def test_usage_errors_point_at_the_help():
    result = clew_cmd("queens", "solve", "0")
    assert "(see 'clew queens solve --help')" in result.stderr


def test_library_errors_are_reported_in_one_line():
    # --jobs has no upper bound in the CLI: the library's limit comes back as a ClewError
    result = clew_cmd("queens", "count", "8", "--jobs", "100000")
    assert_usage_error(result, "jobs")
    assert "--help" not in result.stderr


# ---------------------------------------------------------------------------------------------
# In-process: paths that the real kernels and limits do not reach
# ---------------------------------------------------------------------------------------------


def test_run_reports_clew_errors(monkeypatch, capsys):
    def broken(*args, **kwargs):
        raise ClewError("the kernel refused\nthis board")

    import clew.queens.counter

    monkeypatch.setattr(clew.queens.counter, "count_job", broken)  # what `clew queens count` calls
    assert cli.run(["queens", "count", "8"]) == cli.EXIT_USAGE
    out, err = capsys.readouterr()
    assert (out, err) == ("", "clew: error: the kernel refused this board\n")


def test_run_reports_interrupts(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    import clew.queens.counter

    monkeypatch.setattr(clew.queens.counter, "count_job", interrupted)
    assert cli.run(["queens", "count", "8"]) == cli.EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1] == "clew: interrupted"


def test_main_exits_with_the_status(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["queens", "count", "4"])
    assert info.value.code == 0
    assert capsys.readouterr().out == "2\n"
    with pytest.raises(SystemExit) as info:
        cli.main(["queens", "count", "0"])
    assert info.value.code == 2


def test_the_program_runs_atexit_handlers_and_ends_with_the_status():
    """``clew.cli.entry`` (the console script, ``python -m clew``) ends with ``os._exit``
    after the ``atexit`` handlers; a program's own handler still runs, and the status is
    the command's."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('handler ran', flush=True))\n"
        "sys.argv = ['clew', 'queens', 'count', '{n}']\n"
        "from clew.cli import entry\n"
        "entry()\n"
    )
    for n, status, out in (("4", 0, "2\nhandler ran\n"), ("0", 2, "handler ran\n")):
        done = subprocess.run(
            [sys.executable, "-c", code.format(n=n)], capture_output=True, text=True, timeout=120
        )
        assert (done.returncode, done.stdout) == (status, out), done.stderr
