"""The files the HTML player is made of: real ``.html``, ``.css`` and ``.js`` files in
``clew/viz/assets/`` (package data, shipped in the wheel), read here once each.

>>> asset("player.html").startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from functools import cache
from importlib import resources

__all__ = ["asset"]


@cache
def asset(name: str) -> str:
    """The text of ``clew/viz/assets/<name>`` (UTF-8)."""
    return (
        resources.files(__package__).joinpath("assets").joinpath(name).read_text(encoding="utf-8")
    )
