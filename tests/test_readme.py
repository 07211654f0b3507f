"""README.md shows real output: its Python examples run as doctests and its shell examples
are run and compared line by line."""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
TEXT = README.read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)


def blocks(language: str) -> list[str]:
    return [body for lang, body in FENCE.findall(TEXT) if lang == language]


def test_readme_starts_with_the_install_and_test_commands():
    first = FENCE.search(TEXT)
    lines = first.group(2).splitlines()
    assert "pip install . && clew queens count 12" in lines
    # .ci/run runs the line that follows this comment
    marker = lines.index(next(line for line in lines if line.startswith("# 2. Install the test extras")))
    assert lines[marker + 1] == "pip install -e '.[test]' && python -m pytest"


def test_python_examples():
    # one session, as a reader would type it: later blocks use names from earlier ones
    source = "\n".join(blocks("pycon"))
    test = doctest.DocTestParser().get_doctest(source, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.attempted >= 20 and result.failed == 0


def _console_examples() -> list[tuple[str, str]]:
    examples = []
    for body in blocks("console"):
        command, output = None, []
        for line in body.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    examples.append((command, "\n".join(output)))
                command, output = line[2:], []
            else:
                output.append(line)
        if command is not None:
            examples.append((command, "\n".join(output)))
    return examples


def _normalise(text: str) -> str:
    # wall-clock times differ from run to run
    return re.sub(r'"seconds": [0-9.e+-]+', '"seconds": T', text.rstrip("\n"))


@pytest.mark.parametrize("command, expected", _console_examples(), ids=[c for c, _ in _console_examples()])
def test_shell_examples(command, expected):
    bindir = os.path.dirname(sys.executable)
    path = bindir + os.pathsep + os.environ.get("PATH", "")
    if shutil.which("clew", path=path) is None:
        pytest.skip("the clew console script is not installed")
    env = {**os.environ, "PATH": path, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        ["bash", "-c", command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, encoding="utf-8", env=env, timeout=120
    )
    assert "Traceback" not in result.stdout
    assert _normalise(result.stdout) == _normalise(expected)
