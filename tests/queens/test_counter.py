"""The two counters behind ``queens.count``: the interpreted bitboard counter (small boards,
before numba is loaded) and the compiled constellation counter, each against OEIS, and the
choice between them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from clew import queens
from clew.queens import counter, small
from clew.queens.counting import QueensCount
from clew.scale import run


@pytest.mark.parametrize("n", range(1, 13))
def test_interpreted_counts(n, queens_counts):
    assert small.count(n) == queens_counts.total[n]
    if n <= small.SMALL_N:
        assert small.counts(n) == (queens_counts.total[n], queens_counts.unique[n])


@pytest.mark.parametrize("n", range(1, small.SMALL_N + 1))
def test_compiled_counts_small_boards(n, queens_counts):
    # the boards the interpreter usually takes, counted by the compiled work object too
    answer = run(QueensCount(n, unique=True), jobs=1)
    assert (answer["total"], answer["unique"]) == (queens_counts.total[n], queens_counts.unique[n])


def test_small_board_without_the_compiler():
    # a fresh process: counting 8 queens loads neither numba nor numpy
    code = (
        "import sys; from clew import queens; "
        "print(queens.count(8), queens.count(8, unique=True), "
        "'numba' in sys.modules, 'numpy' in sys.modules)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert out.stdout.split() == ["92", "12", "False", "False"]


def test_compiled_once_loaded(monkeypatch, queens_counts):
    assert counter.count_job(13)["total"] == queens_counts.total[13]  # loads the compiled counter
    monkeypatch.setattr(
        small, "count", lambda n: pytest.fail("interpreted after the compiler was paid for")
    )
    assert queens.count(9) == queens_counts.total[9]


def test_mechanism_options_take_the_work_object(tmp_path, monkeypatch, queens_counts):
    monkeypatch.setattr(counter, "_compiled_loaded", lambda: False)
    monkeypatch.setattr(
        small, "counts", lambda n: pytest.fail("a journal asks for the work object")
    )
    journal = tmp_path / "q.sqlite"
    answer = counter.count_job(7, unique=True, journal=journal, jobs=1)
    assert answer == {"n": 7, "total": 40, "unique": 6}
    assert journal.exists()
    assert counter.count_job(7, pieces=3, jobs=1)["total"] == 40


def test_bad_size_refused_before_any_kernel():
    from clew.errors import BoardSizeError

    with pytest.raises(BoardSizeError):
        counter.count_job(33)
    with pytest.raises(BoardSizeError):
        counter.count_job(0)
