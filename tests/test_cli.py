"""The ``clew`` command line, run through its real entry points (``python -m clew`` and the
``clew`` console script) in a subprocess; a few error paths that cannot be reached from
outside are driven in-process through :func:`clew.cli.run`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import pytest

import clew
from clew import cli, queens
from clew.errors import ClewError
from clew.queens import format as fmt

ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}


def clew_cmd(*args, timeout: float = 120, executable: list[str] | None = None) -> subprocess.CompletedProcess:
    """Run ``python -m clew ARGS``; no run of the CLI may ever print a traceback."""
    command = (executable or [sys.executable, "-m", "clew"]) + [str(a) for a in args]
    result = subprocess.run(command, capture_output=True, encoding="utf-8", env=ENV, timeout=timeout)
    assert "Traceback" not in result.stderr, result.stderr
    return result


def assert_usage_error(result: subprocess.CompletedProcess, *fragments: str) -> None:
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("clew: error: "), lines[0]
    for fragment in fragments:
        assert fragment in lines[0]


# ---------------------------------------------------------------------------------------------
# Help, version, entry points
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, usage",
    [
        (["--help"], "Usage: clew [OPTIONS] COMMAND [ARGS]..."),
        (["-h"], "Usage: clew [OPTIONS] COMMAND [ARGS]..."),
        (["queens", "--help"], "Usage: clew queens [OPTIONS] COMMAND [ARGS]..."),
        (["queens", "count", "--help"], "Usage: clew queens count [OPTIONS] N"),
        (["queens", "solve", "--help"], "Usage: clew queens solve [OPTIONS] N"),
    ],
)
def test_help(args, usage):
    result = clew_cmd(*args)
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.startswith(usage)
    assert "Exit status" in result.stdout


def test_help_lists_commands_and_options():
    assert "queens" in clew_cmd("--help").stdout
    group = clew_cmd("queens", "--help").stdout
    assert "count" in group and "solve" in group
    count = clew_cmd("queens", "count", "--help").stdout
    assert all(opt in count for opt in ("--unique", "--jobs", "--json"))
    solve = clew_cmd("queens", "solve", "--help").stdout
    assert all(opt in solve for opt in ("--limit", "--format", "leetcode", "board", "matrix", "columns", "json"))


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag):
    result = clew_cmd(flag)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"clew {clew.__version__}\n", "")


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


def test_help_does_not_import_the_kernels():
    code = (
        "import sys\n"
        "from clew import cli\n"
        "status = cli.run(['--help'])\n"
        "heavy = sorted(m for m in ('numba', 'numpy', 'clew.queens') if m in sys.modules)\n"
        "print(status, heavy, file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, encoding="utf-8", env=ENV, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "0 []"


# ---------------------------------------------------------------------------------------------
# clew queens count
# ---------------------------------------------------------------------------------------------


def test_count_prints_the_count_alone():
    assert clew_cmd("queens", "count", "8").stdout == "92\n"
    assert clew_cmd("queens", "count", "8", "--unique").stdout == "12\n"
    assert clew_cmd("queens", "count", "3", "-u").stdout == "0\n"


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 8, 10, 12])
def test_count_json(n, queens_counts):
    result = clew_cmd("queens", "count", n, "--unique", "--json")
    assert result.returncode == 0 and result.stderr == ""
    assert result.stdout.count("\n") == 1
    record = json.loads(result.stdout)
    assert set(record) == {"n", "total", "unique", "seconds"}
    assert record["n"] == n
    assert record["total"] == queens_counts.total[n]
    assert record["unique"] == queens_counts.unique[n]
    assert isinstance(record["seconds"], float) and record["seconds"] >= 0


def test_count_json_without_unique_has_null_unique():
    record = json.loads(clew_cmd("queens", "count", "9", "--json").stdout)
    assert record["total"] == 352 and record["unique"] is None


def test_count_with_the_process_pool(queens_counts):
    record = json.loads(clew_cmd("queens", "count", "14", "--jobs", "2", "--unique", "--json").stdout)
    assert (record["total"], record["unique"]) == (queens_counts.total[14], queens_counts.unique[14])
    assert clew_cmd("queens", "count", "14", "-j", "1").stdout == f"{queens_counts.total[14]}\n"


# ---------------------------------------------------------------------------------------------
# clew queens solve
# ---------------------------------------------------------------------------------------------

SOLVE_4 = {
    "columns": "1 3 0 2\n2 0 3 1\n",
    "leetcode": '[".Q..","...Q","Q...","..Q."]\n["..Q.","Q...","...Q",".Q.."]\n',
    "json": '{"n": 4, "columns": [1, 3, 0, 2]}\n{"n": 4, "columns": [2, 0, 3, 1]}\n',
    "board": "□ ♛ □ ■\n■ □ ■ ♛\n♛ ■ □ ■\n■ □ ♛ □\n\n□ ■ ♛ ■\n♛ □ ■ □\n□ ■ □ ♛\n■ ♛ ■ □\n",
    "matrix": "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n\n0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n",
}


@pytest.mark.parametrize("format_", sorted(SOLVE_4))
def test_solve_4(format_):
    result = clew_cmd("queens", "solve", "4", "--format", format_)
    assert (result.returncode, result.stdout, result.stderr) == (0, SOLVE_4[format_], "")


def test_solve_default_format_is_columns():
    assert clew_cmd("queens", "solve", "4").stdout == SOLVE_4["columns"]


def test_solve_matches_the_api():
    result = clew_cmd("queens", "solve", "10")
    assert result.stdout == "".join(queens.to_columns(s) + "\n" for s in queens.solutions(10))
    result = clew_cmd("queens", "solve", "20", "--limit", "30", "-f", "json")
    lines = result.stdout.splitlines()
    assert [tuple(json.loads(line)["columns"]) for line in lines] == list(queens.solutions(20, limit=30))


@pytest.mark.parametrize("format_", ["columns", "json"])
def test_solve_any_order_gives_the_same_solutions(format_):
    result = clew_cmd("queens", "solve", "9", "--any-order", "-f", format_)
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    if format_ == "json":
        found = [tuple(json.loads(line)["columns"]) for line in lines]
    else:
        found = [tuple(int(c) for c in line.split()) for line in lines]
    assert len(found) == 352
    assert sorted(found) == list(queens.solutions(9))


def test_solve_any_order_limit_and_size():
    result = clew_cmd("queens", "solve", "12", "--any-order", "--limit", "5")
    rows = [tuple(int(c) for c in line.split()) for line in result.stdout.splitlines()]
    assert len(rows) == 5 and all(queens.is_solution(r) for r in rows)
    result = clew_cmd("queens", "solve", "33", "--any-order")
    assert result.returncode == 2 and "at most 32" in result.stderr


def test_solve_leetcode_lines_are_json():
    lines = clew_cmd("queens", "solve", "6", "-f", "leetcode").stdout.splitlines()
    assert [json.loads(line) for line in lines] == [queens.to_leetcode(s) for s in queens.solutions(6)]


@pytest.mark.parametrize("limit, expected", [(0, 0), (1, 1), (3, 3), (92, 92), (1000, 92)])
def test_solve_limit(limit, expected):
    result = clew_cmd("queens", "solve", "8", "--limit", limit)
    assert result.returncode == 0
    assert result.stdout.splitlines() == [queens.to_columns(s) for s in queens.solutions(8, limit=expected)]


def test_solve_limit_with_pictures():
    result = clew_cmd("queens", "solve", "5", "-l", "3", "-f", "matrix")
    assert result.stdout == "\n\n".join(fmt.to_matrix_text(s) for s in queens.solutions(5, limit=3)) + "\n"


@pytest.mark.parametrize("n", [2, 3])
def test_solve_without_solutions_prints_nothing(n):
    result = clew_cmd("queens", "solve", n, "-f", "board")
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


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
    result = subprocess.run([bash, "-c", line], capture_output=True, encoding="utf-8", env=ENV, timeout=60)
    first = queens.to_columns(next(queens.solutions(12)))
    if format_ == "leetcode":
        first = json.dumps(queens.to_leetcode(next(queens.solutions(12))), separators=(",", ":"))
    assert result.stdout == first + "\n"
    assert result.stderr == ""
    assert result.returncode == cli.EXIT_BROKEN_PIPE


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
        (["queens", "count", str(queens.MAX_COUNT_N + 1)], ["'N'", f"at most {queens.MAX_COUNT_N}"]),
        (["queens", "count", "8", "--jobs", "0"], ["--jobs", "at least 1", "got 0"]),
        (["queens", "count", "8", "--jobs", "-2"], ["--jobs", "at least 1", "got -2"]),
        (["queens", "count", "8", "-j", "x"], ["--jobs", "not an integer"]),
        (["queens", "count"], ["Missing argument 'N'"]),
        (["queens", "count", "8", "9"], ["unexpected extra argument"]),
        (["queens", "count", "8", "--jsn"], ["--jsn"]),
        (["queens", "solve", "0"], ["'N'", "at least 1"]),
        (["queens", "solve", "-5"], ["'N'", "at least 1", "got -5"]),
        (["queens", "solve", str(queens.MAX_SOLVE_N + 1)], ["'N'", f"at most {queens.MAX_SOLVE_N}"]),
        (["queens", "solve", "8", "--limit", "-1"], ["--limit", "at least 0", "got -1"]),
        (["queens", "solve", "8", "--limit", "many"], ["--limit", "not an integer"]),
        (["queens", "solve", "8", "--format", "xml"], ["--format", "'xml'"]),
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

    monkeypatch.setattr(queens.solver, "count", broken)
    assert cli.run(["queens", "count", "8"]) == cli.EXIT_USAGE
    out, err = capsys.readouterr()
    assert (out, err) == ("", "clew: error: the kernel refused this board\n")


def test_run_reports_interrupts(monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(queens.solver, "count", interrupted)
    assert cli.run(["queens", "count", "8"]) == cli.EXIT_INTERRUPTED
    out, err = capsys.readouterr()
    assert out == "" and err.splitlines()[-1] == "clew: interrupted"


@pytest.mark.parametrize("format_", ["board", "matrix", "leetcode"])
def test_pictures_too_large_to_draw(monkeypatch, capsys, format_):
    monkeypatch.setattr(fmt, "MAX_PICTURE_N", 3)
    assert cli.run(["queens", "solve", "4", "--format", format_]) == cli.EXIT_USAGE
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith(f"clew: error: Invalid value for '--format': a 4x4 board is too large to draw as '{format_}'")
    assert "use --format columns or json" in err and err.count("\n") == 1
    # the columns and json forms have no size limit
    assert cli.run(["queens", "solve", "4", "--format", "columns"]) == cli.EXIT_OK
    assert capsys.readouterr().out == SOLVE_4["columns"]


def test_main_exits_with_the_status(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["queens", "count", "4"])
    assert info.value.code == 0
    assert capsys.readouterr().out == "2\n"
    with pytest.raises(SystemExit) as info:
        cli.main(["queens", "count", "0"])
    assert info.value.code == 2
