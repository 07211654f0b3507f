"""The help of every ``clew`` group and command, and what ``--help`` costs: the whole
command tree (its groups loaded lazily) answers ``--help`` with status 0, every group's help
names each of its commands, and no help imports numpy, numba or the library."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest

from clew import cli
from helpers.cli import ENV, clew_cmd, run_in_process


def walk(command: click.Command, path: tuple[str, ...] = ()):
    """``(path, command)`` of ``command`` and of everything under it, the lazy groups
    resolved as Click resolves them."""
    yield path, command
    if isinstance(command, click.Group):
        ctx = click.Context(command, info_name=path[-1] if path else "clew")
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, f"{' '.join(path + (name,))} does not resolve"
            yield from walk(sub, path + (name,))


TREE = list(walk(cli.cli))
GROUPS = [(path, command) for path, command in TREE if isinstance(command, click.Group)]


# ---------------------------------------------------------------------------------------------
# The whole tree
# ---------------------------------------------------------------------------------------------


def test_the_tree_has_every_family():
    assert {path[0] for path, _ in TREE if path} == {
        "queens",
        "sudoku",
        "cover",
        "journal",
        "maze",
        "compile",
    }
    assert set(cli.families()) == {"queens", "sudoku", "cover", "journal", "maze", "compile"}
    assert ("queens", "count") in dict(TREE) and ("sudoku", "explain") in dict(TREE)


def test_every_group_and_command_has_help(capsys):
    for path, command in TREE:
        status, out, err = run_in_process(capsys, *path, "--help")
        where = " ".join(("clew",) + path)
        assert (status, err) == (0, ""), where
        assert out.startswith(f"Usage: {where} [OPTIONS]"), out[:200]
        assert "Exit status" in out, where
        assert command.help and command.get_short_help_str().strip(), where
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                assert param.help, f"{where} {param.opts[0]} has no help"


@pytest.mark.parametrize(
    "path", [path for path, _ in GROUPS], ids=lambda p: " ".join(("clew",) + p)
)
def test_group_help_names_every_command(path):
    group = dict(TREE)[path]
    ctx = click.Context(group)
    names = group.list_commands(ctx)
    assert names
    missing = [name for name in names if f"'{name}'" not in group.help]
    assert not missing, f"the help of {' '.join(('clew',) + path)} does not name {missing}"


# ---------------------------------------------------------------------------------------------
# Help through the real entry point
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, usage",
    [
        (["--help"], "Usage: clew [OPTIONS] COMMAND [ARGS]..."),
        (["-h"], "Usage: clew [OPTIONS] COMMAND [ARGS]..."),
        (["queens", "--help"], "Usage: clew queens [OPTIONS] COMMAND [ARGS]..."),
        (["queens", "count", "--help"], "Usage: clew queens count [OPTIONS] N"),
        (["queens", "solve", "--help"], "Usage: clew queens solve [OPTIONS] N"),
        (["queens", "one", "--help"], "Usage: clew queens one [OPTIONS] N"),
        (["queens", "complete", "--help"], "Usage: clew queens complete [OPTIONS] [N]"),
        (["sudoku", "--help"], "Usage: clew sudoku [OPTIONS] COMMAND [ARGS]..."),
        (["sudoku", "solve", "--help"], "Usage: clew sudoku solve [OPTIONS] [FILE|PUZZLE]"),
        (["sudoku", "show", "--help"], "Usage: clew sudoku show [OPTIONS] PUZZLE"),
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
    assert all(command in group for command in ("count", "solve", "one", "complete"))
    count = clew_cmd("queens", "count", "--help").stdout
    assert all(opt in count for opt in ("--unique", "--jobs", "--json"))
    solve = clew_cmd("queens", "solve", "--help").stdout
    assert all(
        opt in solve
        for opt in ("--limit", "--format", "leetcode", "board", "matrix", "columns", "json")
    )
    one = clew_cmd("queens", "one", "--help").stdout
    assert all(
        opt in one
        for opt in ("--method", "construct", "local", "--seed", "--format", "board", "status 1")
    )
    complete = clew_cmd("queens", "complete", "--help").stdout
    assert all(
        opt in complete
        for opt in (
            "--placed",
            "--blocked",
            "--board",
            "--count",
            "--limit",
            "--method",
            "mrv",
            "rows",
            "json",
        )
    )


# ---------------------------------------------------------------------------------------------
# Start-up: --help loads no kernel, and only the group it needs
# ---------------------------------------------------------------------------------------------

#: Runs clew.cli.run(ARGS) and prints which of the heavy modules are loaded.
PROBE = """
import contextlib, io, json, sys
import clew.cli
with contextlib.redirect_stdout(io.StringIO()):
    try:
        status = clew.cli.run(ARGS)
    except SystemExit as exc:
        status = exc.code
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def loaded_by(args: list[str]) -> tuple[int, set[str]]:
    """``(exit status, modules loaded)`` of ``clew.cli.run(args)`` in a fresh interpreter."""
    code = PROBE.replace("ARGS", repr(args))
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, encoding="utf-8", env=ENV, timeout=60
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    return report["status"], set(report["modules"])


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["queens", "--help"],
        ["sudoku", "--help"],
        ["cover", "--help"],
        ["journal", "--help"],
        ["maze", "--help"],
        ["maze", "solve", "--help"],
    ],
    ids=" ".join,
)
def test_help_loads_neither_numpy_nor_numba(args):
    status, modules = loaded_by(args)
    assert status == 0
    assert "numpy" not in modules and "numba" not in modules
    # a group's help names what the library offers (its registries): only the light modules
    # that hold them may load, never the families' solvers or the mechanism
    registries = {
        "clew.cover",
        "clew.cover.engines",
        "clew.cover.trace",
        "clew.maze",
        "clew.maze.geometry",
        "clew.maze.trace",
    }
    library = {"clew.queens", "clew.sudoku", "clew.cover", "clew.scale", "clew.viz", "clew.maze"}
    loaded = {m for m in modules if m.split(".")[:2] and ".".join(m.split(".")[:2]) in library}
    assert loaded <= registries, sorted(loaded - registries)


def test_groups_load_lazily():
    status, modules = loaded_by(["queens", "count", "--help"])
    assert status == 0 and "clew.cli.queens" in modules
    assert not modules & {"clew.cli.sudoku", "clew.cli.cover", "clew.cli.journal", "numpy", "numba"}
    status, modules = loaded_by(["--version"])
    assert status == 0 and not {m for m in modules if m.startswith("clew.cli.")} - {
        "clew.cli._common"
    }


# ---------------------------------------------------------------------------------------------
# Options declared once keep a help true for each command
# ---------------------------------------------------------------------------------------------


def option_help(path: tuple[str, ...], name: str) -> str:
    command = dict(TREE)[path]
    return next(p.help for p in command.params if p.name == name)


@pytest.mark.parametrize("path", [("queens", "trace"), ("queens", "tree"), ("queens", "play")])
def test_queens_strategy_speaks_of_squares(path):
    text = option_help(path, "strategy")
    assert "attacked squares" in text and "row" in text
    assert "cell" not in text and "candidate" not in text and "single" not in text


@pytest.mark.parametrize("path", [("sudoku", "trace"), ("sudoku", "play")])
def test_sudoku_strategy_speaks_of_cells(path):
    text = option_help(path, "strategy")
    assert "cell" in text and "singles" in text
    assert "attacked" not in text and "square" not in text and "queen" not in text


@pytest.mark.parametrize(
    "path, workers",
    [
        (("queens", "count"), "threads"),
        (("cover", "solve"), "threads"),
        (("sudoku", "generate"), "processes"),
        (("sudoku", "solve"), "threads"),
    ],
)
def test_jobs_names_the_workers(path, workers):
    text = option_help(path, "jobs")
    other = {"processes": "thread", "threads": "process"}[workers]
    assert workers in text and other not in text
