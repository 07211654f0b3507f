"""README.md is the front page: the set-up commands first, at most 300 lines, a table of
contents, and links that lead somewhere. Its examples run with those of docs/ in
tests/test_docs.py; README.md is not part of the MkDocs site, so its links are checked here."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
TEXT = README.read_text(encoding="utf-8")
FENCE = re.compile(r"^```(\w+)\n(.*?)^```$", re.M | re.S)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def test_readme_starts_with_the_install_and_test_commands():
    first = FENCE.search(TEXT)
    lines = first.group(2).splitlines()
    assert "pip install . && clew queens count 12" in lines
    # .ci/run runs the line that follows this comment
    marker = lines.index(
        next(line for line in lines if line.startswith("# 2. Install the test extras"))
    )
    # in parallel (pytest-xdist, in the test extras): a clean clone's run fits in 8 minutes
    assert lines[marker + 1] == "pip install -e '.[test]' && python -m pytest -n auto"


def test_readme_is_a_front_page():
    assert len(TEXT.splitlines()) <= 300
    assert "## Contents" in TEXT


def _slugs(text: str) -> set[str]:
    """The anchors GitHub and MkDocs give the headings of a page (the headings of clew's
    pages use words, spaces and punctuation only, where the two agree)."""
    text = FENCE.sub("", text)
    slugs = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, re.M):
        slug = re.sub(r"[^\w\s-]", "", heading.strip().lower())
        slugs.add(re.sub(r"[-\s]+", "-", slug))
    return slugs


def test_readme_links_lead_somewhere():
    targets = [t for t in LINK.findall(FENCE.sub("", TEXT)) if not re.match(r"[a-z]+:", t)]
    assert targets, "the README links to the docs"
    for target in targets:
        path, _, anchor = target.partition("#")
        page = ROOT / path if path else README
        assert page.exists(), f"README.md links to {target}: no such file"
        if anchor:
            assert anchor in _slugs(page.read_text(encoding="utf-8")), (
                f"README.md links to {target}: no such heading"
            )
