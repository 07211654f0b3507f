"""The reference ratings file ``tests/data/sudoku_se_ratings.txt`` (issue 14) parses and
holds what its header says: proper 9x9 puzzles with Sudoku Explainer 1.2.1's ER/EP/ED.

The tests that compare clew's ratings with these live with the techniques; here only the
file and its reader are checked."""

from __future__ import annotations

import pytest

from clew import sudoku
from helpers.sudoku_data import DATA_DIR, read_se_ratings

PATH = DATA_DIR / "sudoku_se_ratings.txt"


def tenths(x: float) -> bool:
    return abs(x * 10 - round(x * 10)) < 1e-9


def test_every_line_is_a_puzzle_with_three_ratings(se_ratings):
    assert len(se_ratings) >= 100
    for row in se_ratings:
        assert len(row.puzzle) == 81 and set(row.puzzle) <= set(".123456789"), row.line
        assert sum(ch != "." for ch in row.puzzle) >= 17, row.line
        for value in (row.er, row.ep, row.ed):
            # SE prints a tenth; 1.0 is its easiest step, and 20.0 (unsolvable) is not kept.
            assert tenths(value) and 1.0 <= value < 20.0, (row.line, value)


def test_diamond_pearl_rating_order(se_ratings):
    # serate keeps a running maximum of step ratings: ED is it after the first step, EP after
    # the first placement, ER at the end, so ED <= EP <= ER.
    for row in se_ratings:
        assert row.ed <= row.ep <= row.er, (row.line, row.er, row.ep, row.ed)


def test_the_file_spans_easy_to_the_hardest(se_ratings):
    bands = {min(int(row.er), 9) for row in se_ratings}
    assert bands >= set(range(1, 10)), sorted(bands)
    assert max(row.er for row in se_ratings) >= 9.5


def test_every_puzzle_is_proper(se_ratings):
    # A rating is only defined for a puzzle with exactly one solution.
    for row in se_ratings:
        assert sudoku.is_unique(row.puzzle), row.line


def test_reader_names_the_bad_line(tmp_path):
    good = PATH.read_text(encoding="utf-8").splitlines()
    first = next(line for line in good if line and not line.startswith("#"))
    puzzle = first.split()[0]
    cases = {
        "short": (
            f"# header\n{puzzle[:80]} 1.2 1.2 1.2\n",
            "sudoku_se.txt:2: expected 'puzzle ER EP ED'",
        ),
        "fields": (f"{puzzle} 1.2 1.2\n", "sudoku_se.txt:1: expected 'puzzle ER EP ED'"),
        "number": (f"\n{puzzle} 1.2 x 1.2\n", "sudoku_se.txt:2: ER, EP and ED must be numbers"),
        "twice": (f"{first}\n# again\n{first}\n", "sudoku_se.txt:3: "),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / "sudoku_se.txt"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ValueError, match="given twice" if name == "twice" else None) as info:
            read_se_ratings(path)
        assert str(info.value).startswith(message), (name, str(info.value))
