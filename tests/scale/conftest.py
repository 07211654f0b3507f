"""Helpers of the scaling tests."""

from __future__ import annotations

import pytest

from helpers.fault_jobs import (
    finished_pieces,  # the one reader of a journal's progress in the tests
)


@pytest.fixture
def finished():
    return finished_pieces
