"""Rating a file as a job of clew.scale (``clew.sudoku.logic.rate_files``): the records are those
of rating each line alone, in the file's order, with one worker or two, resumed from a
journal or not; SE's own ratings of the reference puzzles come out; bad lines give their
error and the others are still rated; the command line prints the same with --jobs 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from clew import cli
from clew.errors import ClewError
from clew.scale import Journal, JournalError
from clew.sudoku.logic.rate_files import CHUNK, RateFile, rate_file

DATA = Path(__file__).resolve().parents[2] / "data" / "sudoku_se_ratings.txt"


def _reference(count: int) -> list[tuple[str, float, float, float]]:
    """``count`` reference puzzles with SE's ER, EP, ED, from every part of the scale."""
    rows = [
        line.split() for line in DATA.read_text().splitlines() if line and not line.startswith("#")
    ]
    picked = rows[:: max(1, len(rows) // count)][:count]
    return [(p, float(er), float(ep), float(ed)) for p, er, ep, ed in picked]


def _file(rows) -> bytes:
    """The puzzles with a comment, a blank line, CRLF endings and two bad lines among them."""
    lines = ["# ratings test"]
    for i, (p, *_) in enumerate(rows):
        lines.append(p)
        if i == 3:
            lines += ["", "1" * 81, "1...............", "   "]
    return ("\r\n".join(lines) + "\r\n").encode()


def test_records_are_se_ratings_in_line_order_with_one_or_two_workers():
    rows = _reference(20)
    data = _file(rows)
    one = list(rate_file(data, jobs=1))
    two = list(rate_file(data, jobs=2))
    assert one == two
    good = [r for r in one if "error" not in r]
    assert [(r["puzzle"], r["er"], r["ep"], r["ed"]) for r in good] == rows  # SE's figures
    lines = data.decode().split("\r\n")
    assert all(
        lines[r["line"] - 1] == r["puzzle"] for r in one
    )  # numbered from 1, comments counted
    assert [r["line"] for r in one] == sorted(r["line"] for r in one)
    bad = [r for r in one if "error" in r]
    assert [r["puzzle"] for r in bad] == ["1" * 81, "1..............."]
    assert (
        bad[0]["error"] == "r1c1 and r1c2 are both 1 in row 1"
    )  # names the cells, the digit, the unit
    assert (
        bad[1]["error"]
        == "this puzzle is not unique (at least 2 solutions): a rating needs exactly one"
    )
    assert RateFile(data).combine([one]) == {"puzzles": 22, "rated": 20, "invalid": 2}


def test_a_resumed_journal_gives_what_one_run_gives(tmp_path):
    rows = _reference(3 * CHUNK)
    data = _file(rows)
    whole = list(rate_file(data, jobs=1))
    path = tmp_path / "ratings.sqlite"
    first = rate_file(data, jobs=2, journal=path)
    head = [next(first) for _ in range(CHUNK)]
    first.close()  # stopped early: the journal holds what finished
    again = list(rate_file(data, jobs=1, journal=path))
    assert again[:CHUNK] == head and again == whole
    with Journal.read(path) as book:
        progress = book.progress(RateFile(data))
        assert progress.complete and progress.runs == 2
        assert progress.report == {"rated": len(rows), "invalid": 2}
    with pytest.raises(JournalError, match="another job"):
        list(rate_file(data + b"..3.4.........42\n", journal=path))


def test_a_work_read_back_from_its_identity_describes_but_does_not_run():
    work = RateFile(b"..3.4.........42\n")
    again = RateFile.from_identity(work.identity())
    assert again.describe() == work.describe()
    with pytest.raises(ClewError, match="give the file"):
        again.pieces()


def test_the_command_line_rates_a_file_on_two_workers(tmp_path, capsys):
    rows = _reference(2 * CHUNK + 3)
    path = tmp_path / "puzzles.txt"
    path.write_bytes(_file(rows))
    outs = []
    for jobs in ("1", "2"):
        status = cli.run(["sudoku", "rate", str(path), "--line-numbers", "--jobs", jobs, "--quiet"])
        captured = capsys.readouterr()
        assert status == 2  # one line is no puzzle (2, the worst), one puzzle is not proper (1)
        assert captured.err.strip() == (
            f"clew: error: 2 lines of {path} could not be rated: 1 not a puzzle, 1 without a rating"
        )
        outs.append(captured.out)
    assert outs[0] == outs[1]
    printed = outs[0].splitlines()
    assert len(printed) == len(rows) + 2
    assert sum(line.split(": ", 1)[1].startswith("invalid: ") for line in printed) == 2
    firsts = [line.split(": ", 1)[1].split()[0] for line in printed if "invalid" not in line]
    assert firsts == [f"{er:.1f}/{ep:.1f}/{ed:.1f}" for _, er, ep, ed in rows]
