"""The package of the queens kernels (:mod:`clew.queens.compiled`): what its docstring
promises, read from the source: its modules import only numpy, numba, llvmlite,
``clew._bits``, ``clew.queens.board`` and each other, and no kernel function is longer
than the house's limit (about 120 lines)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import clew.queens.compiled as compiled

FOLDER = Path(compiled.__file__).parent
MODULES = sorted(FOLDER.glob("_kernels*.py"))
#: The longest function a kernel module may hold, in lines (issue 29: split at the steps).
MAX_LINES = 120


def test_the_package_holds_the_kernels():
    names = {p.stem for p in MODULES}
    assert {"_kernels_constellation", "_kernels_count", "_kernels_count_scan"} <= names
    assert not list(FOLDER.parent.glob("_kernels*.py"))  # none left beside the friendly layer


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_a_kernel_module_imports_only_what_the_package_allows(path):
    allowed = {"numpy", "numba", "llvmlite", "__future__"}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            assert {a.name.split(".")[0] for a in node.names} <= allowed, ast.dump(node)
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                assert node.module.split(".")[0] in allowed, node.module
            elif node.level == 2:
                assert node.module == "board", node.module  # clew.queens.board: the limits
            elif node.level == 3:
                assert node.module == "_bits", node.module
            else:
                assert node.level == 1 and node.module.startswith("_kernels"), node.module


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.stem)
def test_no_kernel_function_is_over_the_limit(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            lines = node.end_lineno - node.lineno + 1
            assert lines <= MAX_LINES, f"{path.name}:{node.lineno} {node.name}: {lines} lines"
