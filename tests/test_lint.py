"""The habits of the house, checked by the suite: ``ruff check`` (lint) and ``ruff format
--check`` over ``src``, ``tests`` and ``benchmarks``, and ``mypy`` over ``src/clew`` (strict
on the modules of the public API), all configured in ``pyproject.toml`` and all required clean.

The tools are in the test extras (``pip install -e '.[test]'``); a test is skipped, with the
reason, only where its tool is not installed. ``.pre-commit-config.yaml`` runs the same
commands before a commit.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
import yaml  # PyYAML, a dependency of mkdocs (test extras)

ROOT = Path(__file__).resolve().parents[1]
#: What ruff reads: the package, its tests and the benchmark scripts.
LINTED = ("src", "tests", "benchmarks")


def tool(name: str) -> list[str]:
    """The command of a Python tool of the test extras, run by this interpreter, or skip."""
    if importlib.util.find_spec(name) is None:
        pytest.skip(f"{name} is not installed (it is in the test extras: pip install -e '.[test]')")
    return [sys.executable, "-m", name]


def run(command: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, encoding="utf-8", timeout=600, check=False
    )


def findings(result: subprocess.CompletedProcess) -> str:
    """What a tool said, cut to the first lines (a message, not a dump)."""
    lines = (result.stdout + result.stderr).splitlines()
    return "\n".join(
        lines[:60] + ([f"... {len(lines) - 60} more lines"] if len(lines) > 60 else [])
    )


def test_ruff_check_finds_nothing():
    result = run([*tool("ruff"), "check", "--no-fix", *LINTED])
    assert result.returncode == 0, findings(result)


def test_ruff_format_changes_nothing():
    result = run([*tool("ruff"), "format", "--check", *LINTED])
    assert result.returncode == 0, findings(result)


def test_mypy_finds_nothing():
    # the files and the options are pyproject.toml's ([tool.mypy]): the command adds nothing
    result = run([*tool("mypy")])
    assert result.returncode == 0, findings(result)


def test_the_public_modules_are_checked_strictly():
    """The modules that define clew's public API are typed in full: their override in
    pyproject.toml asks for every definition annotated, and names only modules that exist."""
    tomllib = pytest.importorskip("tomllib", reason="tomllib is in the standard library from 3.11")
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    strict = [o for o in pyproject["tool"]["mypy"]["overrides"] if o.get("disallow_untyped_defs")]
    assert len(strict) == 1, strict
    override = strict[0]
    for option in ("disallow_untyped_defs", "disallow_incomplete_defs", "check_untyped_defs"):
        assert override.get(option) is True, option
    modules = override["module"]
    assert {"clew", "clew.errors"} <= set(modules)
    for module in modules:
        path = ROOT / "src" / Path(*module.split("."))
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), module


def test_pre_commit_runs_the_same_tools_without_a_download():
    """The hooks are local (nothing fetched) and run ruff check, ruff format and mypy."""
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [repo["repo"] for repo in config["repos"]] == ["local"]
    hooks = config["repos"][0]["hooks"]
    assert {hook["language"] for hook in hooks} == {"system"}
    entries = [hook["entry"].split() for hook in hooks]
    assert ["ruff", "check"] in [e[:2] for e in entries]
    assert ["ruff", "format"] in [e[:2] for e in entries]
    assert "mypy" in [e[0] for e in entries]
