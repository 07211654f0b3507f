"""Fixtures of the Sudoku tests over the data files in ``tests/data`` (their readers are in
``tests/helpers/sudoku_data.py``)."""

from __future__ import annotations

import pytest

from helpers.sudoku_data import DATA_DIR, Case, SERating, read_cases, read_se_ratings


@pytest.fixture(scope="session")
def sudoku_counts() -> list[Case]:
    """``tests/data/sudoku_counts.txt``: puzzles with their exact number of solutions."""
    return read_cases(DATA_DIR / "sudoku_counts.txt")


@pytest.fixture(scope="session")
def sample_solutions() -> dict[str, Case]:
    """``tests/data/sudoku_sample_solutions.txt`` by puzzle: the 400 sample puzzles, their
    count (1) and solution."""
    return {case.puzzle: case for case in read_cases(DATA_DIR / "sudoku_sample_solutions.txt")}


@pytest.fixture(scope="session")
def se_ratings() -> list[SERating]:
    """``tests/data/sudoku_se_ratings.txt``: puzzles as Sudoku Explainer 1.2.1 rated them."""
    return read_se_ratings(DATA_DIR / "sudoku_se_ratings.txt")
