"""The player's page is made of real files, package data of clew.viz (``assets/*.html``,
``.css``, ``.js``): read through importlib.resources, put in the page as they are, and
listed in pyproject.toml so that a wheel ships them."""

from __future__ import annotations

import fnmatch
import re
from importlib import resources
from pathlib import Path

from clew import maze, queens
from clew.viz._assets import asset
from clew.viz.player import player_html

ROOT = Path(__file__).resolve().parents[2]


def test_the_page_is_the_asset_files_filled_in():
    page = player_html(queens.trace(4), title="four")
    html = asset("player.html")
    assert html.startswith("<!DOCTYPE html>") and "@DATA@" in html
    head, _, _ = html.partition("@CSS@")
    assert page.startswith(head.replace("@TITLE@", "four"))
    assert asset("player.css") in page and asset("player.js") in page
    assert "window.clewKinds.maze" not in page  # a board drawn by the player's own script
    walk = player_html(maze.trace("S.#\n.#E\n...\n"))
    assert asset("maze.js") in walk  # a board of its own: its hooks come with it
    assert "@FORWARD@" in asset("maze.css") and "@FORWARD@" not in walk


def test_every_asset_is_package_data():
    folder = resources.files("clew.viz").joinpath("assets")
    names = sorted(p.name for p in folder.iterdir() if p.is_file())
    assert {"player.html", "player.css", "player.js"} <= set(names)
    # the line of [tool.setuptools.package-data] (tomllib is not in Python 3.10)
    config = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    line = re.search(r"^\[tool\.setuptools\.package-data\]\nclew = \[(.*)\]$", config, re.M)
    assert line is not None
    patterns = re.findall(r'"([^"]+)"', line.group(1))
    for name in names:
        assert any(fnmatch.fnmatch(f"viz/assets/{name}", p) for p in patterns), name
