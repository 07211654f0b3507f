"""The tests mirror the source: a test of ``src/clew/a/b/c.py`` lives in
``tests/a/b/test_c.py`` (or ``test_c_<topic>.py``), a test of a package's ``__init__`` in
``tests/a/test_<package>.py``; the tests of the whole (contract, faults, docs, lint, ...) stay
at the top. Test modules never import one another (their shared helpers are the package
``tests/helpers`` and ``conftest.py`` fixtures), no test folder is a package, and a test never
skips because a module of clew does not import: that failure must fail.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SRC = ROOT / "src" / "clew"

#: The tests of the whole, not of one module: they stay in tests/ whatever their name.
CROSS_CUTTING = {
    "test_architecture.py",
    "test_contract.py",
    "test_docs.py",
    "test_fault_matrix.py",
    "test_faults.py",
    "test_fuzz.py",
    "test_fuzz_findings.py",
    "test_layout.py",
    "test_lint.py",
    "test_readme.py",
    "test_threads.py",
    "test_toy_family.py",
}

#: Folders of tests/ that hold no test module: the shared helpers and the data files.
NOT_TESTS = {"helpers", "data"}


def found_test_modules() -> list[Path]:
    return sorted(
        p for p in TESTS.rglob("test_*.py") if NOT_TESTS.isdisjoint(p.relative_to(TESTS).parts)
    )


def python_files() -> list[Path]:
    return sorted(TESTS.rglob("*.py"))


def module_names(package: Path) -> set[str]:
    """The names a test module of ``package`` may start with: its modules and subpackages
    (without the leading underscore of a private one) and the package's own name."""
    names = {package.name if package != SRC else "clew"}
    for child in package.iterdir():
        if child.suffix == ".py" and child.stem != "__init__":
            names.add(child.stem.lstrip("_"))
        elif (child / "__init__.py").is_file():
            names.add(child.name.lstrip("_"))
    return names


def misplaced(path: Path) -> str | None:
    """Why ``path`` (a test module) is not where the mirror puts it, or None."""
    relative = path.relative_to(TESTS)
    if len(relative.parts) == 1 and path.name in CROSS_CUTTING:
        return None
    package = SRC.joinpath(*relative.parts[:-1])
    if not (package / "__init__.py").is_file():
        return f"tests/{relative}: no package src/clew/{'/'.join(relative.parts[:-1])}"
    subject = path.stem[len("test_") :]
    names = module_names(package)
    if not any(subject == name or subject.startswith(name + "_") for name in names):
        where = "/".join(("src/clew", *relative.parts[:-1]))
        return f"tests/{relative}: names no module of {where} ({', '.join(sorted(names))})"
    return None


def test_every_test_module_mirrors_a_module_of_clew():
    problems = [why for path in found_test_modules() if (why := misplaced(path))]
    assert problems == [], "\n".join(problems)


def imported_modules(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, dotted name) of every import of a module, relative ones with their dots."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def test_no_test_module_imports_another():
    problems = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, name in imported_modules(tree):
            parts = name.lstrip(".").split(".")
            if name.startswith(".") and path.relative_to(TESTS).parts[0] != "helpers":
                problems.append(f"{path.relative_to(ROOT)}:{line}: relative import {name!r}")
            elif any(p.startswith("test_") or p == "conftest" for p in parts):
                problems.append(f"{path.relative_to(ROOT)}:{line}: imports {name!r}")
    assert problems == [], "\n".join(problems)


def test_no_test_folder_is_a_package_but_the_helpers():
    packages = [
        str(p.relative_to(ROOT))
        for p in TESTS.rglob("__init__.py")
        if p.parent != TESTS / "helpers"
    ]
    assert packages == [], "pytest runs with --import-mode=importlib: no __init__.py in tests/"


def test_a_module_of_clew_that_does_not_import_fails_the_test():
    """``pytest.importorskip("clew...")`` would turn a broken module into a skip."""
    problems = []
    for path in python_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr == "importorskip"
                and node.args
                and isinstance(node.args[0], ast.Constant)
                and str(node.args[0].value).split(".")[0] == "clew"
            ):
                problems.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.args[0].value}")
    assert problems == [], "\n".join(problems)
