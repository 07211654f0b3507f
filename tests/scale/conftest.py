"""Helpers of the scaling tests."""

from __future__ import annotations

import sqlite3

import pytest


def finished_pieces(path) -> int:
    """Pieces recorded in the journal at ``path`` so far, read-only (0 before it exists)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=5) as conn:
            return conn.execute("SELECT COUNT(*) FROM pieces").fetchone()[0]
    except sqlite3.Error:
        return 0


@pytest.fixture
def finished():
    return finished_pieces
