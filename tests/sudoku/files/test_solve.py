"""Files of puzzles through clew.scale: answers in file order whatever the executor, the
chunking or the journal, checked against the stored counts and the independent verifier."""

from __future__ import annotations

import random

import pytest

from clew import sudoku
from clew.scale import Journal, run, stream
from clew.sudoku import SudokuInputError
from clew.sudoku.files.solve import SolveFile, Tally, solve_file
from helpers.sudoku_data import DATA_DIR


def _file(sudoku_counts, extra=()) -> tuple[bytes, list]:
    """A file mixing every size, invalid lines, comments and CRLF endings, in shuffled order."""
    rng = random.Random(5)
    cases = list(sudoku_counts) + [None] * 6
    rng.shuffle(cases)
    lines, expected = [], []
    bad = ["11..............", "12", "x" * 81, "1" + "." * 79]
    for case in cases:
        if case is None:
            text = bad[len(expected) % len(bad)]
            lines.append(text)
            expected.append(("invalid", None))
        else:
            lines.append(case.puzzle)
            expected.append(("count", case.count))
        if rng.random() < 0.2:
            lines.append("# a comment")
    data = ("\r\n".join(lines) + "\r\n").encode()
    return data, expected


def _flat(chunks) -> list:
    return [a for chunk in chunks for a in chunk]


@pytest.mark.parametrize("jobs", [1, 2])
def test_count_mode_matches_the_stored_counts(sudoku_counts, jobs):
    data, expected = _file(sudoku_counts)
    answers = _flat(solve_file(data, mode="count", limit=10**7, jobs=jobs))
    assert [a.index for a in answers] == list(range(len(expected)))
    for answer, (kind, count) in zip(answers, expected, strict=False):
        if kind == "invalid":
            assert answer.status == "invalid" and answer.error
        else:
            assert answer.status == "counted" and answer.count == count and answer.exact


def test_solve_and_unique_modes_agree_with_the_verifier(sudoku_counts):
    data, expected = _file(sudoku_counts)
    solved = _flat(solve_file(data, jobs=2))
    unique = _flat(solve_file(data, mode="unique", jobs=2))
    tally = Tally()
    for s, u, (kind, count) in zip(solved, unique, expected, strict=False):
        tally.add(u)
        if kind == "invalid":
            assert s.status == u.status == "invalid"
        elif count == 0:
            assert s.status == u.status == "no solution"
        else:
            assert s.status == "solved" and sudoku.is_solution(s.solution, s.puzzle)
            assert u.status == ("unique" if count == 1 else "not unique")
    assert tally.outcome == "invalid" and "invalid" in tally.summary()


@pytest.mark.parametrize("executor", ["inline", "threads", "processes"])
def test_every_executor_gives_the_same_chunks(executor):
    data = (DATA_DIR / "sudoku_17_clue_sample.txt").read_bytes()
    work = SolveFile(data, "unique")
    values = [v for _, v in stream(work, jobs=2, executor=executor, ordered=True)]
    reference = [work.run_piece(p) for p in work.pieces()]
    assert all(
        (a[0] == b[0]).all() and (a[1] == b[1]).all()
        for a, b in zip(values, reference, strict=False)
    )
    assert run(work, jobs=2, executor=executor) == {"puzzles": 200, "solved": 200, "unique": 200}


def test_chunks_do_not_depend_on_jobs_and_encode_round_trip():
    data = (DATA_DIR / "sudoku_top1465_sample.txt").read_bytes()
    work = SolveFile(data)
    assert work.identity() == SolveFile(data).identity()
    assert len(work.pieces()) > 1
    value = work.run_piece(work.pieces()[1])
    counts, sols = work.decode(work.encode(value))
    assert (counts == value[0]).all() and (sols == value[1]).all()


def test_a_resumed_journal_answers_the_same(tmp_path):
    data = (DATA_DIR / "sudoku_17_clue_sample.txt").read_bytes()
    path = tmp_path / "file.sqlite"
    first = solve_file(data, mode="unique", jobs=2, journal=path)
    head = next(first)
    first.close()  # stopped early: the journal holds what finished
    again = _flat(solve_file(data, mode="unique", jobs=1, journal=path))
    assert again[: len(head)] == head
    assert again == _flat(solve_file(data, mode="unique", jobs=2))
    with Journal.read(path) as book:
        work = SolveFile(data, "unique")
        progress = book.progress(work)
        assert progress.complete and progress.report["answered"] == 200 and progress.runs == 2


def test_another_file_is_refused_by_the_journal(tmp_path):
    from clew.scale import JournalError

    path = tmp_path / "file.sqlite"
    _flat(solve_file(b"1...............\n", journal=path))
    with pytest.raises(JournalError, match="another job"):
        _flat(solve_file(b"2...............\n", journal=path))


def test_an_input_without_a_puzzle_is_bad_input():
    # issue 25: an empty input answered nothing and exited 0; it is bad input now, said at once
    for data in (b"", b"# nothing\n\n", "", [], ["# a comment"]):
        with pytest.raises(SudokuInputError, match="^read no puzzle from "):
            solve_file(data)
