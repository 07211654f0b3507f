"""The folders of clew's subpackages kept outside its tree (clew._plugins): how a plug-in
family joins the command line and the pictures."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import clew
from clew._plugins import folders_outside


@pytest.mark.parametrize("subpackage", ["cli", "viz"])
def test_the_package_path_takes_each_folder_once(tmp_path, monkeypatch, subpackage):
    """Each folder once, whatever its spelling; a file of that name, another install of clew
    (with its own ``clew/__init__.py``) and clew's own folder are left out."""
    src = Path(clew.__file__).parents[1]
    own = [str(src / "clew" / subpackage)]
    (tmp_path / "clew" / subpackage).mkdir(parents=True)
    (tmp_path / "other" / "clew").mkdir(parents=True)
    (tmp_path / "other" / "clew" / subpackage).write_text("a file, not a folder", encoding="utf-8")
    (tmp_path / "copy" / "clew" / subpackage).mkdir(parents=True)  # another install of clew
    (tmp_path / "copy" / "clew" / "__init__.py").write_text("", encoding="utf-8")
    monkeypatch.chdir(src)  # '' is the current folder: clew's own source again
    spellings = [str(src), f"{src}{os.sep}.", "", str(tmp_path / "copy"), str(tmp_path)]
    spellings.append(str(tmp_path / "other"))
    monkeypatch.setattr(sys, "path", [*spellings, str(tmp_path), "bad\0path", 3])
    assert folders_outside(own, subpackage) == [os.path.join(str(tmp_path), "clew", subpackage)]


def test_nothing_outside_means_no_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert folders_outside([], "viz") == []
