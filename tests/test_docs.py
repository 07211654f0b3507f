"""The documentation shows real output, and builds as a site.

Every page -- README.md and each docs/*.md -- is held to its examples:

* its ``pycon`` blocks run as doctests, all the blocks of a page as **one session** (a
  reader types them in order, so a later block may use a name an earlier one made);
* its ``console`` blocks run line by line: each ``$ command`` runs in bash (with this
  environment's ``clew`` first on PATH, stdout and stderr together, in an empty directory)
  and must print exactly the lines below it, up to the next ``$``;
* ``sh``, ``text`` and ``python`` blocks are not run: they show commands that take hours,
  need a Dask cluster or write files, tables of measured times, and diagrams.
  docs/benchmarks.md and docs/architecture.md hold only such blocks (measurements and
  diagrams, not examples); they are read like every page, so an example added to them
  runs. A block in any other language, or none, fails :func:`test_every_block_says_what_it_is`,
  so an example cannot be skipped by a typo.

And the pages build as a site with MkDocs (mkdocs.yml at the root), warnings as errors
(``--strict``): a link to a missing page or anchor, or a page left out of the navigation,
fails the build, and :func:`test_a_broken_link_fails_the_build` checks that it does.
"""

from __future__ import annotations

import doctest
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\S*)\n(.*?)^```$", re.M | re.S)
RUN = {"pycon", "console"}
SHOWN = {"sh", "text", "python"}
BUILD_TIMEOUT = 300


def _name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def blocks(page: Path, language: str) -> list[str]:
    return [
        body for lang, body in FENCE.findall(page.read_text(encoding="utf-8")) if lang == language
    ]


@pytest.mark.parametrize("page", PAGES, ids=_name)
def test_every_block_says_what_it_is(page):
    languages = [lang for lang, _ in FENCE.findall(page.read_text(encoding="utf-8"))]
    unknown = sorted({lang or "(none)" for lang in languages} - RUN - SHOWN)
    assert not unknown, (
        f"{_name(page)}: code blocks in {unknown}: use pycon or console (run) or sh, text, python "
        "(shown)"
    )


# --- pycon: one doctest session per page --------------------------------------------------

PYCON_PAGES = [page for page in PAGES if blocks(page, "pycon")]


@pytest.mark.parametrize("page", PYCON_PAGES, ids=_name)
def test_python_examples(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # an example that writes a file writes it here
    source = "\n".join(blocks(page, "pycon"))
    test = doctest.DocTestParser().get_doctest(
        source, {"__name__": "__main__"}, _name(page), str(page), 0
    )
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert runner.tries >= 1


# --- console: each command run and its output compared --------------------------------------


def _console_examples() -> list[tuple[str, str, str]]:
    examples = []
    for page in PAGES:
        for body in blocks(page, "console"):
            command, output = None, []
            for line in body.splitlines():
                if line.startswith("$ "):
                    if command is not None:
                        examples.append((_name(page), command, "\n".join(output)))
                    command, output = line[2:], []
                else:
                    output.append(line)
            if command is not None:
                examples.append((_name(page), command, "\n".join(output)))
    return examples


CONSOLE = _console_examples()


def _normalise(text: str) -> str:
    # wall-clock times differ from run to run
    return re.sub(r'"seconds": [0-9.e+-]+', '"seconds": T', text.rstrip("\n"))


@pytest.mark.parametrize(
    "page, command, expected", CONSOLE, ids=[f"{p}: {c}" for p, c, _ in CONSOLE]
)
def test_shell_examples(page, command, expected, tmp_path):
    bindir = os.path.dirname(sys.executable)
    path = bindir + os.pathsep + os.environ.get("PATH", "")
    if shutil.which("clew", path=path) is None:
        pytest.skip("the clew console script is not installed")
    env = {**os.environ, "PATH": path, "PYTHONIOENCODING": "utf-8"}
    result = subprocess.run(
        ["bash", "-c", command],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        encoding="utf-8",
        env=env,
        timeout=120,
    )
    assert "Traceback" not in result.stdout
    assert _normalise(result.stdout) == _normalise(expected)


def test_console_examples_are_found():
    # the parser above reads every page: a change of fence or prompt must not empty it
    assert len(CONSOLE) >= 40 and {page for page, _, _ in CONSOLE} >= {
        "README.md",
        "docs/queens.md",
    }


# --- the site -------------------------------------------------------------------------------


def _mkdocs_build(config: Path, site: Path) -> subprocess.CompletedProcess:
    """``mkdocs build --strict`` in a child process, killed if it outlives the timeout or
    the test (an interrupted test run must not leave it behind)."""
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "--config-file",
        str(config),
        "--site-dir",
        str(site),
    ]
    process = subprocess.Popen(
        command,
        cwd=config.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        encoding="utf-8",
    )
    try:
        output, _ = process.communicate(timeout=BUILD_TIMEOUT)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return subprocess.CompletedProcess(command, process.returncode, output)


def test_the_docs_build_as_a_site(tmp_path):
    result = _mkdocs_build(ROOT / "mkdocs.yml", tmp_path / "site")
    assert result.returncode == 0, result.stdout
    assert (tmp_path / "site" / "index.html").is_file()
    for page in (ROOT / "docs").glob("*.md"):
        built = (
            tmp_path
            / "site"
            / ("index.html" if page.stem == "index" else f"{page.stem}/index.html")
        )
        assert built.is_file(), f"{_name(page)} was not built"


def test_every_page_is_in_the_navigation():
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    listed = set(re.findall(r"^\s*- [^:\n]+: (\S+\.md)\s*$", config, re.M))
    assert listed == {page.name for page in (ROOT / "docs").glob("*.md")}


@pytest.mark.parametrize(
    "link, says",
    [
        ("[gone](missing.md)", "missing.md"),
        ("[gone](queens.md#no-such-heading)", "no-such-heading"),
    ],
    ids=["page", "anchor"],
)
def test_a_broken_link_fails_the_build(tmp_path, link, says):
    # the same configuration, on a copy of the pages with one broken link added
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    shutil.copy(ROOT / "mkdocs.yml", tmp_path / "mkdocs.yml")
    index = tmp_path / "docs" / "index.md"
    index.write_text(index.read_text(encoding="utf-8") + f"\nSee {link}.\n", encoding="utf-8")
    result = _mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site")
    assert result.returncode != 0
    assert says in result.stdout
