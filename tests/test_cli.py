"""How ``clew`` finds its commands (:mod:`clew.cli`): one command per public module of the
package, found by file name, loaded on first use, and a folder ``clew/cli`` outside clew's
tree adds commands without an edit to clew."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import click
import pytest

from clew import cli

#: A command module as a family outside clew would write it: Click and the standard library.
HELLO = '''
import click

from clew.cli._common import Group


@click.group(cls=Group)
def hello():
    """Say hello: 'greet' greets."""


@hello.command("greet")
@click.argument("who")
def greet(who):
    """Greet WHO."""
    click.echo(f"hello, {who}")
'''


@pytest.fixture
def outside(tmp_path, monkeypatch):
    """A folder ``clew/cli`` outside clew's tree, on ``sys.path`` and on the package's path as
    :func:`pkgutil.extend_path` would have put it there at start-up; returns that folder."""
    folder = tmp_path / "clew" / "cli"
    folder.mkdir(parents=True)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(cli, "__path__", [*cli.__path__, str(folder)])
    yield folder
    for name in [m for m in sys.modules if m.startswith("clew.cli.hello")]:
        del sys.modules[name]


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = cli.run(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_every_public_module_is_a_command_and_no_other():
    package = Path(cli.__file__).parent
    modules = {p.stem for p in package.glob("*.py")} - {"__init__"}
    assert set(cli.families()) == {m for m in modules if not m.startswith("_")}
    assert "_common" in modules and "_sudoku_logic" in modules
    for name in cli.families():
        assert cli.family_command(name).name == name


def test_the_command_of_a_module_may_be_named_otherwise_in_python():
    # clew/cli/compile.py names its function compile_command (compile is a builtin)
    assert cli.family_command("compile") is cli.compile.compile_command


def test_a_module_placed_in_a_folder_clew_cli_is_a_command(outside, capsys):
    (outside / "hello.py").write_text(HELLO, encoding="utf-8")
    assert cli.families()["hello"] == "clew.cli.hello"
    status, out, err = run(capsys, "hello", "greet", "you")
    assert (status, out, err) == (0, "hello, you\n", "")
    status, out, _ = run(capsys, "--help")
    assert status == 0 and "hello    Say hello" in out
    assert (outside / "hello.py").exists()


def test_a_public_module_without_its_command_is_refused(outside, capsys):
    (outside / "hello.py").write_text("import click\n", encoding="utf-8")
    with pytest.raises(TypeError, match="must define one Click command named 'hello'"):
        cli.family_command("hello")


def test_a_private_module_is_no_command(outside, capsys):
    (outside / "_hello.py").write_text(HELLO, encoding="utf-8")
    assert "_hello" not in cli.families()
    status, _, err = run(capsys, "_hello", "greet", "you")
    assert status == 2 and "No such command '_hello'" in err


def test_pythonpath_adds_a_family_to_the_real_program(tmp_path):
    folder = tmp_path / "clew" / "cli"
    folder.mkdir(parents=True)
    (folder / "hello.py").write_text(textwrap.dedent(HELLO), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path])}
    result = subprocess.run(
        [sys.executable, "-m", "clew", "hello", "greet", "world"],
        capture_output=True,
        encoding="utf-8",
        env=env,
        timeout=60,
        cwd=tmp_path,
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "hello, world\n", "")


def test_the_top_group_lists_what_it_finds():
    ctx = click.Context(cli.cli, info_name="clew")
    assert cli.cli.list_commands(ctx) == sorted(cli.families())


def test_every_kernel_file_a_command_names_exists():
    # compile_notice("cover/compiled/_kernels.py") says nothing about a file that is not there,
    # so a kernel module moved without its command following would lose its notice silently
    import ast
    import re

    package = Path(cli.__file__).parent
    named = {
        node.value
        for source in package.glob("*.py")
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and re.fullmatch(r"[\w/]+/_kernels\w*\.py", node.value)
    }
    assert "cover/compiled/_kernels.py" in named
    missing = sorted(path for path in named if not (package.parent / path).is_file())
    assert not missing, f"the commands name kernel files that do not exist: {missing}"
