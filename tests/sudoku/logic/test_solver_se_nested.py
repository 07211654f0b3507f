"""The reference file of Sudoku Explainer's nested forcing chains,
``tests/data/sudoku_se_nested.tsv`` (issue 27): it parses, holds what its header says, and
agrees with what clew rates now.

clew's rater follows SE's techniques up to "Dynamic Forcing Chains (+)" step for step, so on
each of these puzzles it must either finish with SE's very ER, EP and ED (SE needed no
nested chain: its 9.5 and up came from a long chain's length penalty) or get stuck at the
first step SE took with a nested chain; then SE's ER is at least 9.5 (the lowest nested
level's base) and the ratings clew reached before (ED, EP) are SE's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from clew import sudoku
from clew.sudoku import verify
from helpers.sudoku_data import DATA_DIR

PATH = DATA_DIR / "sudoku_se_nested.tsv"


@dataclass(frozen=True)
class Row:
    puzzle: str
    er: float
    ep: float
    ed: float
    seconds: float
    line: int


def read_rows(path: Path) -> list[Row]:
    """The data lines of the file: ``puzzle<TAB>ER<TAB>EP<TAB>ED<TAB>seconds``; ``#``
    comments and blank lines skipped; anything else raises ValueError naming the line."""
    rows: list[Row] = []
    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not raw.strip() or raw.startswith("#"):
            continue
        fields = raw.split("\t")
        if len(fields) != 5 or len(fields[0]) != 81:
            raise ValueError(f"{path.name}:{number}: expected 5 tab-separated fields: {raw!r}")
        er, ep, ed, seconds = (float(x) for x in fields[1:])
        rows.append(Row(fields[0], er, ep, ed, seconds, number))
    return rows


@pytest.fixture(scope="module")
def rows() -> list[Row]:
    return read_rows(PATH)


def tenths(x: float) -> bool:
    return abs(x * 10 - round(x * 10)) < 1e-9


def test_every_line_is_a_puzzle_with_three_ratings_and_a_time(rows):
    assert len(rows) >= 40
    assert len({r.puzzle for r in rows}) == len(rows), "a puzzle is given twice"
    for r in rows:
        assert set(r.puzzle) <= set(".123456789"), r.line
        for value in (r.er, r.ep, r.ed):
            assert tenths(value) and 1.0 <= value < 20.0, (r.line, value)
        # serate keeps a running maximum: ED after the first step, EP after the first
        # placement, ER at the end
        assert r.ed <= r.ep <= r.er, r.line
        assert 9.5 <= r.er <= 11.9, r.line
        assert r.seconds > 0, r.line


def test_the_file_spans_the_nested_range(rows):
    ers = [r.er for r in rows]
    assert sum(er < 10.5 for er in ers) >= 10
    assert sum(er >= 11.0 for er in ers) >= 10


def test_the_header_says_where_the_puzzles_come_from():
    text = PATH.read_text(encoding="utf-8")
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert any("729c00e" in line for line in header)
    assert any("--seed 27" in line for line in header)
    assert any("serate" in line for line in header)
    origins = [line for line in header if line.startswith("#   ") and ": forum11 line" in line]
    assert len(origins) == len(read_rows(PATH))


def test_every_puzzle_has_one_solution(rows):
    # clew's solver finds exactly one solution, and the independent verifier accepts it
    for r in rows:
        assert sudoku.count(r.puzzle, limit=2) == 1, r.line
        solution = sudoku.solve(r.puzzle)
        verify.check_solution(solution, r.puzzle)
        assert verify.is_solution(solution, r.puzzle), r.line


def test_clew_agrees_up_to_the_nested_chains(rows):
    for r in rows:
        got = sudoku.rate(r.puzzle)
        if not got.stuck:
            # no nested step: clew took SE's steps, so it has SE's numbers
            assert (got.er, got.ep, got.ed) == (r.er, r.ep, r.ed), (r.line, got.er, got.ep, got.ed)
        else:
            # the first step beyond clew is a nested chain (9.5 and up)
            assert r.er >= 9.5, r.line
            if got.ed is not None:
                assert got.ed == r.ed, r.line
            if got.ep is not None:
                assert got.ep == r.ep, r.line


def test_reader_names_the_bad_line(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("# header\n" + "." * 81 + "\t9.5\t9.5\n", encoding="utf-8")
    with pytest.raises(ValueError, match="bad.tsv:2"):
        read_rows(bad)
