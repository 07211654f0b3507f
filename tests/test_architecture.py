"""docs/architecture.md stays true to the code, and the house rules of the imports hold.

* Every module, package or file the document names -- a path ``clew/x/y.py`` (or
  ``src/clew/...``, ``tests/...``, ``docs/...``) or a dotted name ``clew.x.y`` (a module, or a
  name a module defines) -- exists: a module renamed or removed fails here until the
  document follows. Placeholders (``clew/cli/<family>.py``) and patterns (``_kernels*.py``)
  are not names.
* Every package of clew is named in it, so a new one is described.
* ``python3 ../shared/tools/import_rules.py src/clew``, the checker of the house rules
  (layers, no circle between packages nor between the modules of one, no module over 800
  lines), reports no rule broken.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
DOC = ROOT / "docs" / "architecture.md"
RULES = ROOT.parent / "shared" / "tools" / "import_rules.py"

#: A path the document names: inside the package, or a file of the repository.
# (a placeholder stops it: ``tests/cli/test_<family>.py`` names the folder ``tests/cli``)
PATH = re.compile(r"(?<![\w./<-])(?:src/)?(?:clew|tests|docs|benchmarks)(?:/[\w.-]+)+(?![\w.<-])")
#: A dotted name of the package: ``clew.scale.run``, ``clew.viz.registry``.
DOTTED = re.compile(r"(?<![\w./-])clew(?:\.[A-Za-z_]\w*)+")


def named_paths(text: str) -> set[str]:
    """The paths ``text`` names (a sentence's full stop left out)."""
    return {match.rstrip(".") for match in PATH.findall(text)}


def named_modules(text: str) -> set[str]:
    """The dotted names of the package ``text`` names."""
    return set(DOTTED.findall(text))


def path_exists(path: str) -> bool:
    """Whether the path named exists: ``clew/...`` inside ``src/``, anything else from the
    root of the repository."""
    return (SRC / path if path.startswith("clew/") else ROOT / path).exists()


@cache
def _defined(module: Path) -> frozenset[str]:
    """The names a module defines or imports at its top level."""
    names: set[str] = set()
    tree = ast.parse(module.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                names.update(n.id for n in ast.walk(target) if isinstance(n, ast.Name))
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                # the public names a package loads on first use (PEP 562) are in __all__
                names.update(
                    n.value
                    for n in ast.walk(node.value or ast.Tuple(elts=[]))
                    if isinstance(n, ast.Constant) and isinstance(n.value, str)
                )
    return frozenset(names)


def dotted_exists(name: str) -> bool:
    """Whether ``clew.a.b.c`` is a module of the package, or names something its longest
    module prefix defines (read from the source: nothing is imported)."""
    parts = name.split(".")
    where = SRC / parts[0]
    for i, part in enumerate(parts[1:], start=1):
        if (where / part / "__init__.py").is_file():
            where = where / part
        elif where.is_dir() and (where / f"{part}.py").is_file():
            where = where / f"{part}.py"
        else:
            module = where / "__init__.py" if where.is_dir() else where
            return part.startswith("__") or part in _defined(module)
        if where.suffix == ".py" and i + 1 < len(parts):
            following = parts[i + 1]
            return following.startswith("__") or following in _defined(where)
    return True


def packages() -> list[str]:
    """Every package of clew, as ``clew/x/y``."""
    return sorted(str(init.parent.relative_to(SRC)) for init in (SRC / "clew").rglob("__init__.py"))


# ---------------------------------------------------------------------------------------------
# The checks of the document, checked themselves
# ---------------------------------------------------------------------------------------------


def test_the_reader_finds_paths_and_dotted_names():
    text = (
        "See `clew/cli/queens.py`, src/clew/scale/ and tests/test_cli.py. "
        "Then clew.scale.run, clew.viz.registry.register, clew/cli/<family>.py and "
        "tests/cli/test_<family>.py."
    )
    assert named_paths(text) == {
        "clew/cli/queens.py",
        "src/clew/scale",
        "tests/test_cli.py",
        "clew/cli",
        "tests/cli",
    }
    assert named_modules(text) == {"clew.scale.run", "clew.viz.registry.register"}


@pytest.mark.parametrize(
    "name, exists",
    [
        ("clew.cli", True),
        ("clew.cli.families", True),
        ("clew.errors.ClewError", True),
        ("clew.trace.Trace.kind", True),
        ("clew.cli.__path__", True),
        ("clew.sudoku.solutions", True),  # loaded on first use: named in __all__
        ("clew.no_such_module", False),
        ("clew.cli.no_such_function", False),
        ("clew.errors.NoSuchError", False),
    ],
)
def test_a_renamed_module_is_caught(name, exists):
    assert dotted_exists(name) is exists


def test_a_missing_path_is_caught():
    assert path_exists("clew/cli/__init__.py") and path_exists("src/clew/cli")
    assert not path_exists("clew/cli/no_such_module.py")


# ---------------------------------------------------------------------------------------------
# The document
# ---------------------------------------------------------------------------------------------


def test_every_path_the_architecture_names_exists():
    missing = sorted(p for p in named_paths(DOC.read_text(encoding="utf-8")) if not path_exists(p))
    assert not missing, f"docs/architecture.md names paths that do not exist: {missing}"


def test_every_module_the_architecture_names_exists():
    text = DOC.read_text(encoding="utf-8")
    missing = sorted(name for name in named_modules(text) if not dotted_exists(name))
    assert not missing, f"docs/architecture.md names modules that do not exist: {missing}"


def test_the_architecture_names_every_package():
    text = DOC.read_text(encoding="utf-8")
    named = {p.rstrip("/").removeprefix("src/") for p in named_paths(text)}
    named |= {name.replace(".", "/") for name in named_modules(text)}
    unnamed = [p for p in packages() if p not in named and p != "clew"]
    assert not unnamed, f"docs/architecture.md does not describe the packages {unnamed}"


# ---------------------------------------------------------------------------------------------
# The house rules of the imports
# ---------------------------------------------------------------------------------------------


@pytest.mark.skipif(
    not RULES.is_file(), reason=f"the checker of the import rules is not here ({RULES})"
)
def test_the_import_rules_hold():
    result = subprocess.run(
        [sys.executable, str(RULES), "src/clew"],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
        timeout=300,
    )
    summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ""
    assert re.search(r"\b0 circles\b", summary), result.stdout + result.stderr
    assert re.search(r"\b0 module circles\b", summary), result.stdout + result.stderr
    assert re.search(r"\b0 rules broken\b", summary), result.stdout + result.stderr
    assert result.returncode == 0, result.stdout + result.stderr
