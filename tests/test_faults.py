"""Output faults: every command that prints, with its output on a full disk (``/dev/full``).

The contract (docs/contract.md, "Exit statuses"): an output that cannot be written is one
line on stderr, ``clew: error: cannot write the output: No space left on device``, no
traceback, and exit status 1. Every command runs in-process with ``sys.stdout`` a real
``/dev/full`` file (fast); one command per family runs as a real process with its stdout on
``/dev/full``, where the interpreter's own last flush at exit must stay quiet too (no
"Exception ignored ...").
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys

import click
import pytest

from clew import cli

pytestmark = pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")

LEET = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FULL_DISK = "clew: error: cannot write the output: No space left on device"

#: A command line per command that prints ({files}: the folder of the inputs below). A
#: command of ``clew`` missing here is tried with --help (which prints too): add it here
#: with arguments that make it print its results.
PRINTING = {
    "cover solve": ["cover", "solve", "{files}/p.dlx", "--limit", "3", "--format", "json"],
    "journal show": ["journal", "show", "{files}/q.sqlite"],
    "maze generate": ["maze", "generate", "30", "20", "--seed", "1"],
    "maze play": ["maze", "play", "{files}/m.txt", "--html", "-"],
    "maze solve": ["maze", "solve", "{files}/m.txt", "--format", "json"],
    "queens compare": ["queens", "compare", "6"],
    "queens complete": ["queens", "complete", "8", "--placed", "0,0"],
    "queens count": ["queens", "count", "8"],
    "queens one": ["queens", "one", "8"],
    "queens play": ["queens", "play", "5", "--html", "-"],
    "queens show": ["queens", "show", "6"],
    "queens solve": ["queens", "solve", "10"],
    "queens trace": ["queens", "trace", "6"],
    "queens tree": ["queens", "tree", "4", "--svg", "-"],
    "sudoku explain": ["sudoku", "explain", LEET],
    "sudoku generate": ["sudoku", "generate", "--count", "2", "--seed", "1", "--size", "4"],
    "sudoku hint": ["sudoku", "hint", LEET, "--format", "json"],
    "sudoku play": ["sudoku", "play", "..3.4.........42", "--html", "-"],
    "sudoku rate": ["sudoku", "rate", "{files}/p.txt"],
    "sudoku show": ["sudoku", "show", LEET],
    "sudoku solve": ["sudoku", "solve", "{files}/p.txt"],
    "sudoku trace": ["sudoku", "trace", "..3.4.........42"],
}


def _commands() -> list[str]:
    """Every command of ``clew``, as "group command"."""
    ctx = click.Context(cli.cli)
    names = []
    for name in cli.cli.list_commands(ctx):
        group = cli.cli.get_command(ctx, name)
        if isinstance(group, click.Group):
            names += [
                f"{name} {sub}" for sub in group.list_commands(click.Context(group, parent=ctx))
            ]
        else:
            names.append(name)
    return names


COMMANDS = _commands()


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    """The inputs of :data:`PRINTING`: puzzles, a DLX file, a maze, a finished journal."""
    from clew import cover, maze, scale
    from clew.cover import knuth
    from clew.queens.counting import QueensCount

    root = tmp_path_factory.mktemp("faults")
    (root / "p.txt").write_text(LEET + "\n" + LEET + "\n")
    (root / "p.dlx").write_text(knuth.write(cover.pentominoes(10, 6)))
    (root / "m.txt").write_text(maze.generate(6, 4, seed=1).to_text())
    assert scale.run(QueensCount(8), journal=root / "q.sqlite")["total"] == 92
    return root


def _args(command: str, files) -> list[str]:
    args = PRINTING.get(command, [*command.split(), "--help"])
    return [a.format(files=files) for a in args]


def test_every_command_in_the_table_exists():
    assert set(PRINTING) <= set(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk_is_one_line_and_status_1(command, files, monkeypatch):
    full = io.TextIOWrapper(open("/dev/full", "wb"), encoding="utf-8")  # noqa: SIM115 (closed below)
    err = io.StringIO()
    monkeypatch.setattr(sys, "stdout", full)
    monkeypatch.setattr(sys, "stderr", err)
    try:
        status = cli.run(_args(command, files))
    finally:
        monkeypatch.undo()
        with contextlib.suppress(OSError):
            full.close()
    assert (status, err.getvalue()) == (1, FULL_DISK + "\n"), err.getvalue()


def test_the_same_command_with_room_answers(files, capsys):
    """The table's command lines are good ones: with room they print and exit 0."""
    for command in ("cover solve", "journal show", "sudoku solve", "maze solve"):
        assert cli.run(_args(command, files)) == 0
        assert capsys.readouterr().out


@pytest.mark.parametrize(
    "command",
    [
        "queens solve",
        "sudoku solve",
        "cover solve",
        "maze generate",
        "journal show",
        "queens trace",
    ],
)
def test_a_process_on_a_full_disk_prints_one_line(command, files):
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "clew", *_args(command, files)],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=120,
        )
    assert (result.returncode, result.stderr.decode()) == (1, FULL_DISK + "\n")


def test_a_closed_stdout_is_one_line_and_status_1():
    """Started with stdout closed (``>&-``): Python has no sys.stdout at all."""
    result = subprocess.run(
        [sys.executable, "-m", "clew", "queens", "count", "6"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        preexec_fn=lambda: os.close(1),
    )
    assert (result.returncode, result.stderr.decode()) == (
        1,
        "clew: error: cannot write the output: standard output is closed\n",
    )


def test_the_help_on_a_full_disk():
    """Click prints the help before any command runs: the same line, the same status."""
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-m", "clew", "--help"],
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
        )
    assert (result.returncode, result.stderr.decode()) == (1, FULL_DISK + "\n")


def test_a_file_named_by_an_option_on_a_full_disk(files, capsys):
    """--svg FILE opened, then the disk filled: the output could not be written (1), and the
    line names the file; a file that cannot be opened at all is bad input (2)."""
    assert cli.run(["queens", "show", "6", "--svg", "/dev/full"]) == 1
    assert (
        capsys.readouterr().err == "clew: error: cannot write /dev/full: No space left on device\n"
    )
    assert cli.run(["queens", "show", "6", "--svg", str(files / "nowhere" / "b.svg")]) == 2
    err = capsys.readouterr().err
    assert (
        err.startswith("clew: error: ")
        and "cannot write: No such file or directory" in err
        and err.count("\n") == 1
    )


def test_an_os_error_of_another_kind_is_not_called_a_full_disk():
    from clew.cli._common import _is_write_fault

    assert _is_write_fault(OSError(28, "No space left on device"))
    assert not _is_write_fault(FileNotFoundError(2, "No such file or directory", "x.txt"))
    assert not _is_write_fault(
        OSError(28, "No space left on device", "named.txt")
    )  # open() names its file
    assert not _is_write_fault(ValueError("not an OSError"))


def test_the_epilog_and_the_contract_agree():
    """One table of exit statuses: the help's epilog and docs/contract.md both say that a
    run that could not finish (its output not written, a worker dead) is status 1."""
    from pathlib import Path

    from clew.cli._common import _EPILOG

    contract = (Path(__file__).parents[1] / "docs" / "contract.md").read_text()
    row = next(line for line in contract.splitlines() if line.startswith("| 1 |"))
    for words in ("output could not be written", "a worker died"):
        assert words in row and words in _EPILOG
